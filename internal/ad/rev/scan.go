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
//
// Unless NoSpecialCases is set, the block structure of M found at compile
// time (scanpat.go: ZeroQuad, MatrixMul) splits the recurrence into one
// smaller scan per class of equal blocks; the generic rule is the single
// k x k block.
//
// A scan over rows whose operator is not vectorised (prepareBody turns
// those into scans of columns) solves the recurrence with a sequential
// loop from the end instead (scanRows).
func (r *rev) scan(s *ir.Stm, e *ir.Scan) {
	k := len(e.Arrs)
	b := r.b
	ets := make([]prim.Type, k)
	elemT := make([]ir.Type, k)
	rows := false
	for c, a := range e.Arrs {
		t := r.typeOf(a)
		rows = rows || t.Rank() != 1
		ets[c] = t.Elem
		elemT[c] = ir.Type{Elem: t.Elem, Shape: r.shapeOf(a)[1:]}
	}
	ybars := make([]ir.VName, k)
	for i, p := range s.Pat {
		ybars[i] = r.ownedCurrent(p.Name).Var
	}
	ys := make([]ir.VName, k)
	for i, p := range s.Pat {
		ys[i] = p.Name
	}
	if rows {
		r.scanTail(e, ys, r.scanRows(e, ys, ybars, elemT), elemT)
		return
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
	pat := genericScanPattern(k)
	if !NoSpecialCases {
		pat = detectScanPattern(b, e.Op)
	}
	if scanPatternSeen != nil {
		scanPatternSeen(pat)
	}
	r.scanTail(e, ys, scanAdjoints(b, e, ys, ybars, ets, pat), elemT)
}

// scanTail gives as'[i] += vjp of (ys[i-1] op a) at a = as[i] with
// adjoint rs[i] (the adjoints of ys); the map rule also gives the
// operator's free variables their adjoints.
func (r *rev) scanTail(e *ir.Scan, ys, rs []ir.VName, elemT []ir.Type) {
	k := len(e.Arrs)
	prevs := shiftRight(r.b, e.W, ys, e.Neutral, elemT)
	skip := map[int]bool{}
	for c := 0; c < k; c++ {
		skip[c] = true
	}
	r.mapAdjoint(e.W, append(prevs, e.Arrs...), e.Op, vars(rs), skip)
}

// scanRows solves r[i] = ys'[i] + (the adjoint of ys[i] through ys[i+1]
// = ys[i] op as[i+1]) for elements of any rank, by a loop from the end
// that takes the vjp of op once per element: O(n) work, sequential.
func (r *rev) scanRows(e *ir.Scan, ys, ybars []ir.VName, elemT []ir.Type) []ir.VName {
	b := r.b
	k := len(e.Arrs)
	last := b.BinOp(prim.Sub, e.W, ir.I64(1))
	var params []ir.Param
	var init []ir.SubExp
	cur := make([]ir.SubExp, k)
	rsP := make([]ir.VName, k)
	for c := range elemT {
		p := b.Param("from_next", ir.Type{Elem: elemT[c].Elem, Shape: make(ir.Shape, elemT[c].Rank())})
		params = append(params, p)
		init = append(init, zeroValue(b, elemT[c]))
		cur[c] = ir.Var(p.Name)
	}
	for c := range elemT {
		t := r.typeOf(ybars[c])
		p := b.Param("rs", ir.Type{Elem: t.Elem, Shape: make(ir.Shape, t.Rank())})
		params = append(params, p)
		init = append(init, b.Let("rs", &ir.Scratch{Elem: t.Elem, Shape: r.shapeOf(ybars[c])}))
		rsP[c] = p.Name
	}
	j := b.Param("j", ir.Scalar(prim.I64))
	lb := b.Sub()
	i := lb.BinOp(prim.Sub, last, ir.Var(j.Name))
	ri := make([]ir.SubExp, k)
	var newRs []ir.SubExp
	for c := range ri {
		ri[c] = addValues(lb, elemT[c], lb.Index(ybars[c], i), cur[c])
		newRs = append(newRs, lb.Let("rs", &ir.Update{Arr: rsP[c], Dims: []ir.DimSlice{{Fixed: true, I: i}}, Val: ri[c]}))
	}
	first := lb.CmpOp(prim.Eq, i, ir.I64(0))
	tb, eb := lb.Sub(), lb.Sub()
	zeros := make([]ir.SubExp, k)
	args := make([]ir.SubExp, 0, 2*k)
	prev := eb.BinOp(prim.Sub, i, ir.I64(1))
	for c := range elemT {
		zeros[c] = zeroValue(tb, elemT[c])
		args = append(args, eb.Index(ys[c], prev))
	}
	for c := range elemT {
		args = append(args, eb.Index(e.Arrs[c], i))
	}
	adj := vjpOf(eb, e.Op, args, ri)[:k]
	next := vars(lb.LetN("from_next", &ir.If{Cond: first, Then: tb.Body(zeros...), Else: eb.Body(adj...), Ret: elemT}))
	out := b.LetN("rs", &ir.Loop{Params: params, Init: init, Form: &ir.For{I: j.Name, T: prim.I64, Bound: e.W}, Body: lb.Body(append(next, newRs...)...)})
	for _, v := range out[k:] {
		r.owned[v] = true
	}
	return out[k:]
}

// scanAdjoints emits the solution r of the backward recurrence (one array
// per component, in order) with one scan per class of pat. A class of m
// groups of size q with one shared block scans the reversed ys' of its
// m*q components together with one q x q matrix per element; its
// operator composes the affine maps block by block. Identity classes are
// suffix sums and zero classes need no scan.
func scanAdjoints(b *ir.Builder, e *ir.Scan, ys, ybars []ir.VName, ets []prim.Type, pat scanPattern) []ir.VName {
	k := len(e.Arrs)
	// Components of different types exchange no adjoint (prim's partials
	// across types are zero), so those block entries are left out.
	same := func(c, a int) bool { return ets[c] == ets[a] }
	elemT := func(c int) ir.Type { return ir.Scalar(ets[c]) }
	// entries[ci] lists the stored (x, y) positions of class ci's block,
	// x*q+y; entry (x, y) has the type of the representative's component x.
	entries := make([][]int, len(pat.Classes))
	var matT []ir.Type
	for ci, cl := range pat.Classes {
		if cl.Kind != blockMatrix {
			continue
		}
		g := cl.Groups[0]
		for x := 0; x < cl.Q; x++ {
			for y := 0; y < cl.Q; y++ {
				if same(g[x], g[y]) {
					entries[ci] = append(entries[ci], x*cl.Q+y)
					matT = append(matT, elemT(g[x]))
				}
			}
		}
	}
	// ms holds, class by class, the stored entries of M_i in reversed
	// order (row j holds position n-1-j), zero at position n-1: entry
	// (x, y) of the representative group g is M[g[x]][g[y]], the adjoint
	// of the first argument's component g[x] for the unit seed at result
	// g[y]. Only the seeds of representative groups are computed.
	var ms []ir.VName
	if len(matT) > 0 {
		last := b.BinOp(prim.Sub, e.W, ir.I64(1))
		it := b.Let("iota", &ir.Iota{N: e.W, T: prim.I64})
		mlam := b.Lambda([]ir.Type{ir.Scalar(prim.I64)}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			i := lb.BinOp(prim.Sub, last, ps[0])
			isLast := lb.CmpOp(prim.Eq, i, last)
			tb, eb := lb.Sub(), lb.Sub()
			zeros := make([]ir.SubExp, len(matT))
			for n, t := range matT {
				zeros[n] = zeroOf(t.Elem)
			}
			i1 := eb.BinOp(prim.Add, i, ir.I64(1))
			var args []ir.SubExp
			for _, y := range ys {
				args = append(args, eb.Index(y, i))
			}
			for _, a := range e.Arrs {
				args = append(args, eb.Index(a, i1))
			}
			adjs := map[int][]ir.SubExp{}
			var m []ir.SubExp
			for ci, cl := range pat.Classes {
				g := cl.Groups[0]
				for _, xy := range entries[ci] {
					x, y := xy/cl.Q, xy%cl.Q
					if adjs[g[y]] == nil {
						adjs[g[y]] = vjpOf(eb, e.Op, args, unitSeed(e.Op, g[y]))
					}
					m = append(m, adjs[g[y]][g[x]])
				}
			}
			return vars(lb.LetN("jac", &ir.If{Cond: isLast, Then: tb.Body(zeros...), Else: eb.Body(m...), Ret: matT}))
		})
		ms = b.Map(e.W, []ir.VName{it.Var}, mlam)
	}
	// The reversed adjoints of the components that a scan needs.
	var need []int
	for _, cl := range pat.Classes {
		if cl.Kind != blockZero {
			for _, g := range cl.Groups {
				need = append(need, g...)
			}
		}
	}
	ds := map[int]ir.VName{}
	if len(need) > 0 {
		var arrs []ir.VName
		var ts []ir.Type
		for _, c := range need {
			arrs = append(arrs, ybars[c])
			ts = append(ts, elemT(c))
		}
		for i, d := range reverseArrays(b, e.W, arrs, ts) {
			ds[need[i]] = d
		}
	}
	rs := make([]ir.VName, k)
	scanned := map[int]ir.VName{} // component -> its scanned (reversed) adjoint
	off := 0                      // where the class's entries start in ms
	for ci, cl := range pat.Classes {
		var comps []int // the class's components, group after group
		for _, g := range cl.Groups {
			comps = append(comps, g...)
		}
		var dIn []ir.VName
		var dT []ir.Type
		var dNe []ir.SubExp
		for _, c := range comps {
			dIn = append(dIn, ds[c])
			dT = append(dT, elemT(c))
			dNe = append(dNe, zeroOf(ets[c]))
		}
		switch cl.Kind {
		case blockZero:
			// r = ys': nothing flows back through the first argument.
			for _, c := range comps {
				rs[c] = ybars[c]
			}
			continue
		case blockIdentity:
			// r is the suffix sum of ys', component by component.
			sum := b.Lambda(append(append([]ir.Type{}, dT...), dT...), func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
				out := make([]ir.SubExp, len(comps))
				for j, c := range comps {
					out[j] = lb.BinOp(addOp(ets[c]), ps[j], ps[len(comps)+j])
				}
				return out
			})
			for j, v := range b.Scan(e.W, dIn, dNe, sum) {
				scanned[comps[j]] = v
			}
			continue
		}
		q, nd, ne := cl.Q, len(comps), len(entries[ci])
		g := cl.Groups[0]
		pos := map[int]int{} // x*q+y -> index among the stored entries
		for j, xy := range entries[ci] {
			pos[xy] = j
		}
		mT := matT[off : off+ne]
		// (d1, M1) then (d2, M2) composes to (d2 + M2 d1, M2 M1), with M
		// applied to each group's segment of d.
		opTypes := append(append(append(append([]ir.Type{}, dT...), mT...), dT...), mT...)
		comp := b.Lambda(opTypes, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			w := nd + ne
			d1, m1 := ps[:nd], ps[nd:w]
			d2, m2 := ps[w:w+nd], ps[w+nd:]
			var out []ir.SubExp
			for seg := 0; seg < nd; seg += q {
				for x := 0; x < q; x++ {
					et := ets[comps[seg+x]]
					add, mul := addOp(et), mulOp(et)
					v := d2[seg+x]
					for y := 0; y < q; y++ {
						if j, ok := pos[x*q+y]; ok {
							v = lb.BinOp(add, v, lb.BinOp(mul, m2[j], d1[seg+y]))
						}
					}
					out = append(out, v)
				}
			}
			for _, xy := range entries[ci] {
				x, y := xy/q, xy%q
				et := ets[g[x]]
				add, mul := addOp(et), mulOp(et)
				// No 0 + ...: the simplifier keeps it for floats (-0).
				var v ir.SubExp
				for z := 0; z < q; z++ {
					jxz, ok1 := pos[x*q+z]
					jzy, ok2 := pos[z*q+y]
					if ok1 && ok2 {
						p := lb.BinOp(mul, m2[jxz], m1[jzy])
						if v.IsNone() {
							v = p
						} else {
							v = lb.BinOp(add, v, p)
						}
					}
				}
				if v.IsNone() {
					v = zeroOf(et)
				}
				out = append(out, v)
			}
			return out
		})
		mNe := make([]ir.SubExp, ne)
		for j, xy := range entries[ci] {
			et := ets[g[xy/q]]
			mNe[j] = zeroOf(et)
			if xy/q == xy%q {
				mNe[j] = oneOf(et)
			}
		}
		out := b.Scan(e.W, append(dIn, ms[off:off+ne]...), append(dNe, mNe...), comp)
		for j, c := range comps {
			scanned[c] = out[j]
		}
		off += ne
	}
	var arrs []ir.VName
	var ts []ir.Type
	var at []int
	for c := 0; c < k; c++ {
		if v, ok := scanned[c]; ok {
			arrs = append(arrs, v)
			ts = append(ts, elemT(c))
			at = append(at, c)
		}
	}
	if len(arrs) > 0 {
		for i, v := range reverseArrays(b, e.W, arrs, ts) {
			rs[at[i]] = v
		}
	}
	return rs
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
