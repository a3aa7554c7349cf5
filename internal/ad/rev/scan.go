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
	expandVJP(b, &ir.Stm{Pat: pat, Exp: e, Pos: b.Pos}, e)
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

// gatherAdj is, for each j, ybar at the indices (is_0[j], ...) when they
// are in range and write[j] holds, zero otherwise.
func (r *rev) gatherAdj(w ir.SubExp, inds []ir.VName, ybar ir.VName, write func(lb *ir.Builder, j ir.SubExp, idx []ir.SubExp) ir.SubExp) ir.VName {
	b := r.b
	shape := r.shapeOf(ybar)
	et := r.typeOf(ybar).Elem
	rowT := ir.Type{Elem: et, Shape: shape[len(inds):]}
	zero := zeroOf(et)
	if rowT.Rank() > 0 {
		// Rows past the indexed dimensions: a zero row for the others.
		zero = b.Let("zeros", &ir.Replicate{Shape: rowT.Shape, Val: zero})
	}
	it := b.Let("iota", &ir.Iota{N: w, T: prim.I64})
	lam := b.Lambda([]ir.Type{ir.Scalar(prim.I64)}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		var idx []ir.SubExp
		for _, is := range inds {
			idx = append(idx, lb.Index(is, ps[0]))
		}
		ok := inRange(lb, idx, shape)
		tb, eb := lb.Sub(), lb.Sub()
		cond := write(tb, ps[0], idx)
		ib, zb := tb.Sub(), tb.Sub()
		got := ib.Let("g", &ir.Index{Arr: ybar, Idx: idx})
		v2 := tb.Let("g", &ir.If{Cond: cond, Then: ib.Body(got), Else: zb.Body(zero), Ret: []ir.Type{rowT}})
		return []ir.SubExp{lb.Let("g", &ir.If{Cond: ok, Then: tb.Body(v2), Else: eb.Body(zero), Ret: []ir.Type{rowT}})}
	})
	return b.Map(w, []ir.VName{it.Var}, lam)[0]
}

// scatter: the value written last to a position gets that position's
// adjoint; the destination's adjoint is zero at written positions.
func (r *rev) scatter(s *ir.Stm, e *ir.Scatter) {
	b := r.b
	for k, d := range e.Dests {
		y := s.Pat[k].Name
		if !r.has(y) {
			continue
		}
		ybar := r.ownedCurrent(y).Var
		shape := r.shapeOf(d)
		// winner[p] is the last j that wrote position p.
		winit := b.Let("winner", &ir.Replicate{Shape: shape[:len(e.Inds)], Val: ir.I64(-1)})
		it := b.Let("iota", &ir.Iota{N: e.W, T: prim.I64})
		winner := b.Let("winner", &ir.Scatter{W: e.W, Dests: []ir.VName{winit.Var}, Inds: e.Inds, Vals: []ir.VName{it.Var}})
		vbar := r.gatherAdj(e.W, e.Inds, ybar, func(lb *ir.Builder, j ir.SubExp, idx []ir.SubExp) ir.SubExp {
			wj := lb.Let("w", &ir.Index{Arr: winner.Var, Idx: idx})
			return lb.CmpOp(prim.Eq, wj, j)
		})
		r.owned[vbar] = true
		r.addTo(e.Vals[k], ir.Var(vbar))
		zshape := append(ir.Shape{e.W}, shape[len(e.Inds):]...)
		zs := b.Let("zeros", &ir.Replicate{Shape: zshape, Val: zeroOf(r.typeOf(d).Elem)})
		xbar := b.Let(d.Base+"_adj", &ir.Scatter{W: e.W, Dests: []ir.VName{ybar}, Inds: e.Inds, Vals: []ir.VName{zs.Var}})
		delete(r.adj, y)
		r.owned[xbar.Var] = true
		r.addTo(d, xbar)
	}
}

// hist is the return sweep of reduce_by_index (hist). Special cases: +
// (dst' += ys', vs'[j] += ys'[is[j]] for in-range j; AD-NOTES erratum:
// the adjoint ys', not ys), * (per-bucket zero counts and products of
// the non-zero values) and min/max (the destination wins ties, then the
// lowest index).
func (r *rev) hist(s *ir.Stm, e *ir.Hist) {
	if len(e.Dests) != 1 {
		if !componentwiseAdd(e.Op) {
			fail(s.Pos, "reverse mode supports reduce_by_index of several arrays with componentwise + only")
		}
		// Each component is an independent histogram with +.
		for j, d := range e.Dests {
			if !r.has(s.Pat[j].Name) {
				continue
			}
			ybar := r.current(s.Pat[j].Name)
			vbar := r.gatherAdj(e.W, e.Inds, ybar.Var, func(lb *ir.Builder, _ ir.SubExp, _ []ir.SubExp) ir.SubExp { return ir.Bool(true) })
			r.owned[vbar] = true
			r.addTo(e.Vals[j], ir.Var(vbar))
			r.addTo(d, ybar)
		}
		return
	}
	d := e.Dests[0]
	y := s.Pat[0].Name
	ybar := r.current(y)
	et := r.typeOf(d).Elem
	rows := r.typeOf(d).Rank() != len(e.Inds)
	if isAddOp(e.Op) && (rows || len(e.Inds) > 1 || !NoSpecialCases) {
		// Rows combined with a vectorised + are handled as scalars are;
		// rows and several indices have no generic rule.
		vbar := r.gatherAdj(e.W, e.Inds, ybar.Var, func(lb *ir.Builder, j ir.SubExp, idx []ir.SubExp) ir.SubExp { return ir.Bool(true) })
		r.owned[vbar] = true
		r.addTo(e.Vals[0], ir.Var(vbar))
		r.addTo(d, ybar)
		return
	}
	if rows {
		fail(s.Pos, "reverse mode supports reduce_by_index of rows with + only")
	}
	if len(e.Inds) == 1 && !NoSpecialCases {
		if op, ok := binOpOf(e.Op); ok && op == prim.Mul && et.IsFloat() {
			r.histMul(e, ybar)
			return
		}
		if _, ok := minMaxOf(e.Op); ok {
			r.histMinMax(e, y, ybar)
			return
		}
	}
	if len(e.Inds) != 1 || len(e.Neutral) != 1 {
		fail(s.Pos, "reverse mode supports reduce_by_index with one index and value array only")
	}
	r.histGeneric(e, y, ybar)
}

// histMinMax: a bucket's adjoint goes to the destination if it equals the
// result, else to the lowest j whose value equals it.
func (r *rev) histMinMax(e *ir.Hist, y ir.VName, ybar ir.SubExp) {
	b := r.b
	d, vs, is := e.Dests[0], e.Vals[0], e.Inds[0]
	et := r.typeOf(d).Elem
	shape := r.shapeOf(d)
	w := shape[0]
	sc := ir.Scalar(et)
	dlam := b.Lambda([]ir.Type{sc, sc, sc}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		eq := lb.CmpOp(prim.Eq, ps[0], ps[1])
		tb, eb := lb.Sub(), lb.Sub()
		return []ir.SubExp{lb.Let("d", &ir.If{Cond: eq, Then: tb.Body(ps[2]), Else: eb.Body(zeroOf(et)), Ret: []ir.Type{sc}})}
	})
	dbar := b.Map(w, []ir.VName{d, y, ybar.Var}, dlam)[0]
	it := b.Let("iota", &ir.Iota{N: e.W, T: prim.I64})
	clam := b.Lambda([]ir.Type{ir.Scalar(prim.I64), ir.Scalar(prim.I64), sc}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		ok := inRange(lb, ps[1:2], shape)
		tb, eb := lb.Sub(), lb.Sub()
		yv := tb.Index(y, ps[1])
		eq := tb.CmpOp(prim.Eq, ps[2], yv)
		t2, e2 := tb.Sub(), tb.Sub()
		c := tb.Let("c", &ir.If{Cond: eq, Then: t2.Body(ps[0]), Else: e2.Body(e.W), Ret: []ir.Type{ir.Scalar(prim.I64)}})
		return []ir.SubExp{lb.Let("c", &ir.If{Cond: ok, Then: tb.Body(c), Else: eb.Body(e.W), Ret: []ir.Type{ir.Scalar(prim.I64)}})}
	})
	cand := b.Map(e.W, []ir.VName{it.Var, is, vs}, clam)[0]
	minI, _ := prim.LookupFunc("min_i64")
	mop := b.Lambda([]ir.Type{ir.Scalar(prim.I64), ir.Scalar(prim.I64)}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		return []ir.SubExp{lb.Call(minI, ps[0], ps[1])}
	})
	init := b.Let("arg", &ir.Replicate{Shape: ir.Shape{w}, Val: e.W})
	arg := b.Let("arg", &ir.Hist{W: e.W, Dests: []ir.VName{init.Var}, Op: mop, Neutral: []ir.SubExp{e.W}, Inds: []ir.VName{is}, Vals: []ir.VName{cand}})
	vbar := r.gatherAdj(e.W, e.Inds, ybar.Var, func(lb *ir.Builder, j ir.SubExp, idx []ir.SubExp) ir.SubExp {
		a := lb.Index(arg.Var, idx...)
		won := lb.CmpOp(prim.Eq, a, j)
		dv := lb.Index(d, idx...)
		yv := lb.Index(y, idx...)
		lost := lb.CmpOp(prim.Ne, dv, yv)
		return lb.BinOp(prim.LogAnd, won, lost)
	})
	r.owned[dbar], r.owned[vbar] = true, true
	r.addTo(vs, ir.Var(vbar))
	r.addTo(d, ir.Var(dbar))
}

// histMul: with z the zeros and p the product of the non-zero values of a
// bucket (destination included), x' += p/x * y' if z = 0, p * y' for the
// zero element if z = 1, nothing otherwise.
func (r *rev) histMul(e *ir.Hist, ybar ir.SubExp) {
	b := r.b
	d, vs, is := e.Dests[0], e.Vals[0], e.Inds[0]
	et := r.typeOf(d).Elem
	sc := ir.Scalar(et)
	w := r.shapeOf(d)[0]
	one := ir.Const(prim.FloatValue(et, 1))
	// split gives (1 if zero, the value or 1 if zero) per element.
	split := func() *ir.Lambda {
		return b.Lambda([]ir.Type{sc}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			isz := lb.CmpOp(prim.Eq, ps[0], zeroOf(et))
			z := lb.Call(convFn(prim.Bool, prim.I64), isz)
			tb, eb := lb.Sub(), lb.Sub()
			return []ir.SubExp{z, lb.Let("nz", &ir.If{Cond: isz, Then: tb.Body(one), Else: eb.Body(ps[0]), Ret: []ir.Type{sc}})}
		})
	}
	dz := b.Map(w, []ir.VName{d}, split())
	vz := b.Map(e.W, []ir.VName{vs}, split())
	zc := b.Let("zeros", &ir.Hist{W: e.W, Dests: []ir.VName{dz[0]}, Op: b.BinOpLambda(prim.Add, prim.I64), Neutral: []ir.SubExp{ir.I64(0)}, Inds: []ir.VName{is}, Vals: []ir.VName{vz[0]}})
	pr := b.Let("prod", &ir.Hist{W: e.W, Dests: []ir.VName{dz[1]}, Op: b.BinOpLambda(prim.Mul, et), Neutral: []ir.SubExp{one}, Inds: []ir.VName{is}, Vals: []ir.VName{vz[1]}})
	// contrib emits the adjoint of element x of bucket k.
	contrib := func(lb *ir.Builder, x, k ir.SubExp) ir.SubExp {
		z := lb.Index(zc.Var, k)
		p := lb.Index(pr.Var, k)
		yb := lb.Index(ybar.Var, k)
		py := lb.BinOp(prim.Mul, p, yb)
		none := lb.CmpOp(prim.Eq, z, ir.I64(0))
		b0, b1 := lb.Sub(), lb.Sub()
		q := b0.BinOp(prim.Div, py, x)
		isOne := b1.CmpOp(prim.Eq, z, ir.I64(1))
		isz := b1.CmpOp(prim.Eq, x, zeroOf(et))
		both := b1.BinOp(prim.LogAnd, isOne, isz)
		c1, c2 := b1.Sub(), b1.Sub()
		v := b1.Let("v", &ir.If{Cond: both, Then: c1.Body(py), Else: c2.Body(zeroOf(et)), Ret: []ir.Type{sc}})
		return lb.Let("d", &ir.If{Cond: none, Then: b0.Body(q), Else: b1.Body(v), Ret: []ir.Type{sc}})
	}
	itw := b.Let("iota", &ir.Iota{N: w, T: prim.I64})
	dlam := b.Lambda([]ir.Type{ir.Scalar(prim.I64), sc}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		return []ir.SubExp{contrib(lb, ps[1], ps[0])}
	})
	dbar := b.Map(w, []ir.VName{itw.Var, d}, dlam)[0]
	shape := ir.Shape{w}
	vlam := b.Lambda([]ir.Type{ir.Scalar(prim.I64), sc}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		ok := inRange(lb, ps[:1], shape)
		tb, eb := lb.Sub(), lb.Sub()
		c := contrib(tb, ps[1], ps[0])
		return []ir.SubExp{lb.Let("v", &ir.If{Cond: ok, Then: tb.Body(c), Else: eb.Body(zeroOf(et)), Ret: []ir.Type{sc}})}
	})
	vbar := b.Map(e.W, []ir.VName{is, vs}, vlam)[0]
	r.owned[dbar], r.owned[vbar] = true, true
	r.addTo(vs, ir.Var(vbar))
	r.addTo(d, ir.Var(dbar))
}

// isAddOp recognises + on scalars and, applied to rows, map2 (+).
func isAddOp(l *ir.Lambda) bool {
	if op, ok := binOpOf(l); ok {
		return op == prim.Add || op == prim.LogOr
	}
	if inner, ok := vectorised(l); ok {
		return isAddOp(inner)
	}
	return false
}

// componentwiseAdd recognises \(a1, ..., ak) (b1, ..., bk) -> (a1 + b1,
// ..., ak + bk) on scalars.
func componentwiseAdd(l *ir.Lambda) bool {
	k := len(l.Body.Result)
	if len(l.Params) != 2*k || len(l.Body.Stms) != k {
		return false
	}
	for i, s := range l.Body.Stms {
		b, ok := s.Exp.(*ir.Bin)
		if !ok || (b.Op != prim.Add && b.Op != prim.LogOr) || !l.Body.Result[i].IsVar() || l.Body.Result[i].Var != s.Pat[0].Name {
			return false
		}
		x, y := ir.Var(l.Params[i].Name), ir.Var(l.Params[k+i].Name)
		if !(b.X.Equal(x) && b.Y.Equal(y) || b.X.Equal(y) && b.Y.Equal(x)) {
			return false
		}
	}
	return true
}
