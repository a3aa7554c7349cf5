package rev

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// histGeneric is the generic rule for ys = reduce_by_index dst op ne is vs
// (seed 003): split it into h = hist op ne (replicate w ne) is vs and
// ys = map2 op dst h, which gives dst' and h'; for vs, sort the indices by
// bucket (radix sort, 2 bits per pass, out-of-range indices as bucket w),
// take segmented exclusive scans from the left (l) and from the right (r)
// and give each value the vjp of \l v r -> l op v op r with respect to v
// with adjoint h'[bucket] (erratum: the adjoint h', not h), scattered back
// through the permutation. Out-of-range values get no adjoint.
func (r *rev) histGeneric(e *ir.Hist, y ir.VName, ybar ir.SubExp) {
	b := r.b
	d, vs, is := e.Dests[0], e.Vals[0], e.Inds[0]
	et := r.typeOf(d).Elem
	sc := ir.Scalar(et)
	i64 := ir.Scalar(prim.I64)
	w := r.shapeOf(d)[0]
	n := e.W
	ne := e.Neutral[0]
	opLam := func() *ir.Lambda {
		return b.Lambda([]ir.Type{sc, sc}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp { return inline(lb, e.Op, ps) })
	}
	// h and the adjoints of dst and h from ys = map2 op dst h.
	hinit := b.Let("h", &ir.Replicate{Shape: ir.Shape{w}, Val: ne})
	h := b.Let("h", &ir.Hist{W: n, Dests: []ir.VName{hinit.Var}, Op: opLam(), Neutral: []ir.SubExp{ne}, Inds: []ir.VName{is}, Vals: []ir.VName{vs}})
	split := b.Lambda([]ir.Type{sc, sc, sc}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		return vjpOf(lb, opLam(), ps[:2], ps[2:])
	})
	dh := b.Map(w, []ir.VName{d, h.Var, ybar.Var}, split)
	// Keys: the bucket, w for out-of-range indices.
	klam := b.Lambda([]ir.Type{i64}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		ok := inRange(lb, ps, ir.Shape{w})
		tb, eb := lb.Sub(), lb.Sub()
		return []ir.SubExp{lb.Let("key", &ir.If{Cond: ok, Then: tb.Body(ps[0]), Else: eb.Body(w), Ret: []ir.Type{i64}})}
	})
	keys := b.Map(n, []ir.VName{is}, klam)[0]
	perm, skeys := radixSort(b, n, w, keys)
	// Sorted values and segment boundaries.
	it := b.Let("iota", &ir.Iota{N: n, T: prim.I64})
	last := b.BinOp(prim.Sub, n, ir.I64(1))
	glam := b.Lambda([]ir.Type{i64, i64}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		i, p := ps[0], ps[1]
		v := lb.Index(vs, p)
		k := lb.Index(skeys, i)
		boundary := func(at ir.SubExp, edge ir.SubExp) ir.SubExp {
			isEdge := lb.CmpOp(prim.Eq, i, edge)
			tb, eb := lb.Sub(), lb.Sub()
			other := eb.Index(skeys, eb.BinOp(prim.Add, i, at))
			ne := eb.CmpOp(prim.Ne, other, k)
			return lb.Let("flag", &ir.If{Cond: isEdge, Then: tb.Body(ir.Bool(true)), Else: eb.Body(ne), Ret: []ir.Type{ir.Scalar(prim.Bool)}})
		}
		return []ir.SubExp{v, boundary(ir.I64(-1), ir.I64(0)), boundary(ir.I64(1), last)}
	})
	sorted := b.Map(n, []ir.VName{it.Var, perm}, glam)
	svs, startF, endF := sorted[0], sorted[1], sorted[2]
	ls := segExclusive(b, n, svs, startF, ne, sc, opLam, false)
	rvs := reverseArrays(b, n, []ir.VName{svs, endF}, []ir.Type{sc, ir.Scalar(prim.Bool)})
	rs := segExclusive(b, n, rvs[0], rvs[1], ne, sc, opLam, true)
	rs = reverseArrays(b, n, []ir.VName{rs}, []ir.Type{sc})[0]
	three := b.Lambda([]ir.Type{sc, sc, sc}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		lv := inline(lb, e.Op, ps[:2])
		return inline(lb, e.Op, []ir.SubExp{lv[0], ps[2]})
	})
	hbar := dh[1]
	alam := b.Lambda([]ir.Type{i64, sc, sc, sc}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		in := lb.CmpOp(prim.Lt, ps[0], w)
		tb, eb := lb.Sub(), lb.Sub()
		hb := tb.Index(hbar, ps[0])
		adj := vjpOf(tb, three, ps[1:], []ir.SubExp{hb})[1]
		return []ir.SubExp{lb.Let("adj", &ir.If{Cond: in, Then: tb.Body(adj), Else: eb.Body(zeroOf(et)), Ret: []ir.Type{sc}})}
	})
	sbar := b.Map(n, []ir.VName{skeys, ls, svs, rs}, alam)[0]
	zs := b.Let("zeros", &ir.Replicate{Shape: ir.Shape{n}, Val: zeroOf(et)})
	vbar := b.Let("adj", &ir.Scatter{W: n, Dests: []ir.VName{zs.Var}, Inds: []ir.VName{perm}, Vals: []ir.VName{sbar}})
	r.owned[vbar.Var], r.owned[dh[0]] = true, true
	r.addTo(vs, vbar)
	r.addTo(d, ir.Var(dh[0]))
}

// segExclusive is the exclusive scan of op within the segments that
// start where flags hold (ne at each start); flipped combines a new
// element on the left of the accumulated value (for scans from the right).
func segExclusive(b *ir.Builder, n ir.SubExp, vals, flags ir.VName, ne ir.SubExp, sc ir.Type, op func() *ir.Lambda, flipped bool) ir.VName {
	bt := ir.Scalar(prim.Bool)
	seg := b.Lambda([]ir.Type{bt, sc, bt, sc}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		f := lb.BinOp(prim.LogOr, ps[0], ps[2])
		tb, eb := lb.Sub(), lb.Sub()
		args := []ir.SubExp{ps[1], ps[3]}
		if flipped {
			args = []ir.SubExp{ps[3], ps[1]}
		}
		v := inline(eb, op(), args)
		return []ir.SubExp{f, lb.Let("seg", &ir.If{Cond: ps[2], Then: tb.Body(ps[3]), Else: eb.Body(v...), Ret: []ir.Type{sc}})}
	})
	incl := b.Scan(n, []ir.VName{flags, vals}, []ir.SubExp{ir.Bool(false), ne}, seg)[1]
	it := b.Let("iota", &ir.Iota{N: n, T: prim.I64})
	lam := b.Lambda([]ir.Type{ir.Scalar(prim.I64), bt}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		tb, eb := lb.Sub(), lb.Sub()
		prev := eb.Index(incl, eb.BinOp(prim.Sub, ps[0], ir.I64(1)))
		return []ir.SubExp{lb.Let("excl", &ir.If{Cond: ps[1], Then: tb.Body(ne), Else: eb.Body(prev), Ret: []ir.Type{sc}})}
	})
	return b.Map(n, []ir.VName{it.Var, flags}, lam)[0]
}

// radixSort stably sorts keys in [0, w] (2 bits per pass) and returns the
// permutation (sorted position -> original position) and the sorted keys.
func radixSort(b *ir.Builder, n, w ir.SubExp, keys ir.VName) (ir.VName, ir.VName) {
	i64 := ir.Scalar(prim.I64)
	// The number of base-4 digits of w.
	c, p, m := b.Param("more", ir.Scalar(prim.Bool)), b.Param("passes", i64), b.Param("m", i64)
	cb := b.Sub()
	m2 := cb.BinOp(prim.Shr, ir.Var(m.Name), ir.I64(2))
	p2 := cb.BinOp(prim.Add, ir.Var(p.Name), ir.I64(1))
	c2 := cb.CmpOp(prim.Gt, m2, ir.I64(0))
	start := b.CmpOp(prim.Gt, w, ir.I64(0))
	cnt := b.LetN("passes", &ir.Loop{Params: []ir.Param{c, p, m}, Init: []ir.SubExp{start, ir.I64(0), w},
		Form: &ir.While{Cond: c.Name}, Body: cb.Body(c2, p2, m2)})
	passes := ir.Var(cnt[1])
	it := b.Let("iota", &ir.Iota{N: n, T: prim.I64})
	arr := ir.Array(prim.I64, n)
	permP, keysP := b.Param("perm", arr), b.Param("keys", arr)
	pass := b.Param("pass", i64)
	lb := b.Sub()
	shift := lb.BinOp(prim.Mul, ir.Var(pass.Name), ir.I64(2))
	onehot := lb.Lambda([]ir.Type{i64}, func(fb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		dg := fb.BinOp(prim.BitAnd, fb.BinOp(prim.Shr, ps[0], shift), ir.I64(3))
		var out []ir.SubExp
		for c := int64(0); c < 4; c++ {
			out = append(out, fb.Call(convFn(prim.Bool, prim.I64), fb.CmpOp(prim.Eq, dg, ir.I64(c))))
		}
		return out
	})
	flags := lb.Map(n, []ir.VName{keysP.Name}, onehot)
	add4 := func() *ir.Lambda {
		return lb.Lambda([]ir.Type{i64, i64, i64, i64, i64, i64, i64, i64}, func(fb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			var out []ir.SubExp
			for c := 0; c < 4; c++ {
				out = append(out, fb.BinOp(prim.Add, ps[c], ps[4+c]))
			}
			return out
		})
	}
	zero4 := []ir.SubExp{ir.I64(0), ir.I64(0), ir.I64(0), ir.I64(0)}
	incl := lb.Scan(n, flags, zero4, add4())
	counts := lb.Reduce(n, flags, zero4, add4())
	off1 := ir.Var(counts[0])
	off2 := lb.BinOp(prim.Add, off1, ir.Var(counts[1]))
	off3 := lb.BinOp(prim.Add, off2, ir.Var(counts[2]))
	offs := []ir.SubExp{ir.I64(0), off1, off2, off3}
	plam := lb.Lambda([]ir.Type{i64, i64, i64, i64, i64, i64, i64, i64}, func(fb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		pos := ir.I64(0)
		for c := 0; c < 4; c++ {
			at := fb.BinOp(prim.Sub, fb.BinOp(prim.Add, offs[c], ps[4+c]), ir.I64(1))
			pos = fb.BinOp(prim.Add, pos, fb.BinOp(prim.Mul, ps[c], at))
		}
		return []ir.SubExp{pos}
	})
	pos := lb.Map(n, append(append([]ir.VName{}, flags...), incl...), plam)[0]
	s1 := lb.Let("perm", &ir.Scratch{Elem: prim.I64, Shape: ir.Shape{n}})
	s2 := lb.Let("keys", &ir.Scratch{Elem: prim.I64, Shape: ir.Shape{n}})
	np := lb.Let("perm", &ir.Scatter{W: n, Dests: []ir.VName{s1.Var}, Inds: []ir.VName{pos}, Vals: []ir.VName{permP.Name}})
	nk := lb.Let("keys", &ir.Scatter{W: n, Dests: []ir.VName{s2.Var}, Inds: []ir.VName{pos}, Vals: []ir.VName{keysP.Name}})
	k0 := b.Let("keys", &ir.Copy{Arr: keys})
	out := b.LetN("sorted", &ir.Loop{Params: []ir.Param{permP, keysP}, Init: []ir.SubExp{it, k0},
		Form: &ir.For{I: pass.Name, T: prim.I64, Bound: passes}, Body: lb.Body(np, nk)})
	return out[0], out[1]
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
		if op, ok := binOpOf(e.Op); ok && op == prim.Mul && et.IsFloat() && !r.nested {
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
