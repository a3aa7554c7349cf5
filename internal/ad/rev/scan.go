package rev

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// scan is the return sweep of ys = scan op ne as (scalar elements). The
// adjoints r of ys solve r[n-1] = ys'[n-1], r[i] = ys'[i] + M_i r[i+1] with
// M_i the TRANSPOSED Jacobian of ys[i] op as[i+1] with respect to ys[i]
// (AD-NOTES erratum 1); a scan composing the affine maps (d, M) solves it.
// Then as'[i] += the vjp of ys[i-1] op a with respect to a at a = as[i]
// (erratum 2: ys[i-1] and as[i]), ys[-1] being ne.
func (r *rev) scan(s *ir.Stm, e *ir.Scan) {
	k := len(e.Arrs)
	b := r.b
	ets := make([]prim.Type, k)
	for c, a := range e.Arrs {
		t := r.typeOf(a)
		if t.Rank() != 1 {
			fail(s.Pos, "reverse mode supports scans over one-dimensional arrays only (and vectorised operators)")
		}
		ets[c] = t.Elem
	}
	ybars := make([]ir.VName, k)
	for i, p := range s.Pat {
		ybars[i] = r.ownedCurrent(p.Name).Var
	}
	if !NoSpecialCases && k == 1 {
		et := ets[0]
		if op, ok := binOpOf(e.Op); ok && (op == prim.Add || op == prim.LogOr) {
			// The adjoint of as[i] is the suffix sum of ys' from i.
			rv := reverseArrays(b, e.W, ybars, []ir.Type{ir.Scalar(et)})
			sc := b.Scan(e.W, rv, []ir.SubExp{zeroOf(et)}, b.BinOpLambda(addOp(et), et))
			d := reverseArrays(b, e.W, sc, []ir.Type{ir.Scalar(et)})
			r.owned[d[0]] = true
			r.addTo(e.Arrs[0], ir.Var(d[0]))
			return
		}
	}
	// Components of different types exchange no adjoint (prim's partials
	// across types are zero), so those Jacobian entries are left out.
	same := func(c, a int) bool { return ets[c] == ets[a] }
	elemT := make([]ir.Type, k)
	for c := range elemT {
		elemT[c] = ir.Scalar(ets[c])
	}
	// Matrix entry c*k+a has component c's type.
	matT := make([]ir.Type, k*k)
	for c := 0; c < k; c++ {
		for a := 0; a < k; a++ {
			matT[c*k+a] = elemT[c]
		}
	}
	ys := make([]ir.VName, k)
	for i, p := range s.Pat {
		ys[i] = p.Name
	}
	last := b.BinOp(prim.Sub, e.W, ir.I64(1))
	it := b.Let("iota", &ir.Iota{N: e.W, T: prim.I64})
	// M_i[c][a] is the adjoint of ys[i]_c for the unit seed e_a, reversed
	// order (row j holds position n-1-j), zero at position n-1.
	mlam := b.Lambda([]ir.Type{ir.Scalar(prim.I64)}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		i := lb.BinOp(prim.Sub, last, ps[0])
		isLast := lb.CmpOp(prim.Eq, i, last)
		tb, eb := lb.Sub(), lb.Sub()
		zeros := make([]ir.SubExp, k*k)
		for n := range zeros {
			zeros[n] = zeroOf(matT[n].Elem)
		}
		i1 := eb.BinOp(prim.Add, i, ir.I64(1))
		var args []ir.SubExp
		for _, y := range ys {
			args = append(args, eb.Index(y, i))
		}
		for _, a := range e.Arrs {
			args = append(args, eb.Index(a, i1))
		}
		m := append([]ir.SubExp{}, zeros...)
		for a := 0; a < k; a++ {
			seed := make([]ir.SubExp, k)
			for c := range seed {
				seed[c] = zeroOf(ets[c])
				if c == a {
					seed[c] = oneOf(ets[c])
				}
			}
			adj := vjpOf(eb, e.Op, args, seed)
			for c := 0; c < k; c++ {
				if same(c, a) {
					m[c*k+a] = adj[c]
				}
			}
		}
		return vars(lb.LetN("jac", &ir.If{Cond: isLast, Then: tb.Body(zeros...), Else: eb.Body(m...), Ret: matT}))
	})
	ms := b.Map(e.W, []ir.VName{it.Var}, mlam)
	ds := reverseArrays(b, e.W, ybars, elemT)
	// (d1, M1) then (d2, M2) composes to (d2 + M2 d1, M2 M1).
	opTypes := append(append(append(append([]ir.Type{}, elemT...), matT...), elemT...), matT...)
	comp := b.Lambda(opTypes, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		w := k + k*k
		d1, m1 := ps[:k], ps[k:w]
		d2, m2 := ps[w:w+k], ps[w+k:]
		var out []ir.SubExp
		for c := 0; c < k; c++ {
			add, mul := addOp(ets[c]), mulOp(ets[c])
			x := d2[c]
			for a := 0; a < k; a++ {
				if same(c, a) {
					x = lb.BinOp(add, x, lb.BinOp(mul, m2[c*k+a], d1[a]))
				}
			}
			out = append(out, x)
		}
		for c := 0; c < k; c++ {
			add, mul := addOp(ets[c]), mulOp(ets[c])
			for a := 0; a < k; a++ {
				x := zeroOf(ets[c])
				for q := 0; q < k; q++ {
					if same(c, q) && same(q, a) {
						x = lb.BinOp(add, x, lb.BinOp(mul, m2[c*k+q], m1[q*k+a]))
					}
				}
				out = append(out, x)
			}
		}
		return out
	})
	var ne []ir.SubExp
	for c := 0; c < k; c++ {
		ne = append(ne, zeroOf(ets[c]))
	}
	for c := 0; c < k; c++ {
		for a := 0; a < k; a++ {
			if c == a {
				ne = append(ne, oneOf(ets[c]))
			} else {
				ne = append(ne, zeroOf(ets[c]))
			}
		}
	}
	scanned := b.Scan(e.W, append(ds, ms...), ne, comp)
	rs := reverseArrays(b, e.W, scanned[:k], elemT)
	// as'[i] += vjp of (ys[i-1] op a) at a = as[i] with adjoint r[i]; the
	// map rule also gives the operator's free variables their adjoints.
	prevs := shiftRight(b, e.W, ys, e.Neutral, elemT)
	skip := map[int]bool{}
	for c := 0; c < k; c++ {
		skip[c] = true
	}
	r.mapAdjoint(e.W, append(prevs, e.Arrs...), e.Op, vars(rs), skip)
}

// oneOf is the one of t (true for bool).
func oneOf(t prim.Type) ir.SubExp {
	switch {
	case t == prim.Bool:
		return ir.Bool(true)
	case t.IsFloat():
		return ir.Const(prim.FloatValue(t, 1))
	}
	return ir.Const(prim.One(t))
}

// vjpOf emits the vjp of l at args with result adjoints seed and returns
// the adjoints of all of l's parameters.
func vjpOf(b *ir.Builder, l *ir.Lambda, args, seed []ir.SubExp) []ir.SubExp {
	e := &ir.VJP{F: l, Primals: args, Adjoints: seed}
	pat := make([]ir.Param, 0, len(l.Body.Result)+len(l.Params))
	for _, t := range l.Ret {
		pat = append(pat, b.Param("res", t))
	}
	for _, p := range l.Params {
		pat = append(pat, b.Param("adj", p.Type))
	}
	// The operator's adjoint is part of a rule's code, which may be
	// differentiated again: only smooth rules (see ExpandNestedVJP).
	expandVJP(b, &ir.Stm{Pat: pat, Exp: e, Pos: b.Pos}, e, true)
	return vars(paramNames(pat[len(l.Ret):]))
}

func paramNames(ps []ir.Param) []ir.VName {
	out := make([]ir.VName, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

func vars(ns []ir.VName) []ir.SubExp {
	out := make([]ir.SubExp, len(ns))
	for i, n := range ns {
		out[i] = ir.Var(n)
	}
	return out
}

func repeatType(t ir.Type, n int) []ir.Type {
	out := make([]ir.Type, n)
	for i := range out {
		out[i] = t
	}
	return out
}

func repeatSub(s ir.SubExp, n int) []ir.SubExp {
	out := make([]ir.SubExp, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// inRange is the condition that every index is within the dimensions of
// shape.
func inRange(b *ir.Builder, idx []ir.SubExp, shape ir.Shape) ir.SubExp {
	ok := ir.Bool(true)
	for d, i := range idx {
		lo := b.CmpOp(prim.Le, ir.I64(0), i)
		hi := b.CmpOp(prim.Lt, i, shape[d])
		both := b.BinOp(prim.LogAnd, lo, hi)
		if d == 0 {
			ok = both
		} else {
			ok = b.BinOp(prim.LogAnd, ok, both)
		}
	}
	return ok
}
