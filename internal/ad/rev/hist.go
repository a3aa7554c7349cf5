package rev

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// histGeneric is the generic rule for ys = reduce_by_index dsts op ne is
// vss (seed 003), for k components of scalar elements and operators with
// free variables. A bucket whose values are v1, ..., vm (in index order)
// holds dst op (v1 op ... op vm) if m > 0 and dst otherwise: op is
// associative, need not be commutative, and is never applied to ne (the
// forward reduce_by_index does not use it either), so a neutral element
// that depends on a differentiated value rightly gets no adjoint.
//
// Sort the indices by bucket (stable radix sort, 2 bits per pass,
// out-of-range indices as bucket w) and take segmented scans from the
// left (inclusive acc, exclusive l) and from the right (exclusive r).
// The buckets' folds H are the inclusive scans at the segments' ends.
// The map ys = if present then op dst H else dst gives dst', H' and the
// free variables' adjoints for the applications to dst. Element i (in
// sorted order) holds acc_i = l_i op v_i (v_i at a segment start) and
// H = acc_i op r_i (acc_i at a segment end), so acc_i' is the vjp of
// \x -> x op r_i at acc_i for the adjoint H'[bucket] (erratum: the
// adjoint H', not H). The map \l v -> if start then v else l op v over
// the elements in their original order, with the adjoints acc', gives
// vs' and the free variables' adjoints for the other applications (the
// map rule: free scalars summed, free arrays through accumulators).
// Out-of-range values get no adjoint.
//
// The elements may be rows (an operator on arrays, such as \a b -> if
// a[0] < b[0] then b else a): the scans, the folds and the adjoints are
// then arrays of rows, and the destinations' rows are the buckets.
func (r *rev) histGeneric(s *ir.Stm, e *ir.Hist) {
	b := r.b
	k := len(e.Dests)
	if len(e.Inds) != 1 {
		fail(s.Pos, "internal error: generic reduce_by_index rule with %d index arrays", len(e.Inds))
	}
	is := e.Inds[0]
	n := e.W
	w := r.shapeOf(e.Dests[0])[0]
	ets := make([]prim.Type, k)
	ts := make([]ir.Type, k)
	for q, d := range e.Dests {
		t := r.typeOf(d)
		ets[q], ts[q] = t.Elem, ir.Type{Elem: t.Elem, Shape: r.shapeOf(d)[1:]}
	}
	i64, bt := ir.Scalar(prim.I64), ir.Scalar(prim.Bool)
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
		var out []ir.SubExp
		for _, vs := range e.Vals {
			out = append(out, lb.Index(vs, p))
		}
		k := lb.Index(skeys, i)
		boundary := func(at ir.SubExp, edge ir.SubExp) ir.SubExp {
			isEdge := lb.CmpOp(prim.Eq, i, edge)
			tb, eb := lb.Sub(), lb.Sub()
			other := eb.Index(skeys, eb.BinOp(prim.Add, i, at))
			ne := eb.CmpOp(prim.Ne, other, k)
			return lb.Let("flag", &ir.If{Cond: isEdge, Then: tb.Body(ir.Bool(true)), Else: eb.Body(ne), Ret: []ir.Type{bt}})
		}
		return append(out, boundary(ir.I64(-1), ir.I64(0)), boundary(ir.I64(1), last))
	})
	sorted := b.Map(n, []ir.VName{it.Var, perm}, glam)
	svs, startF, endF := sorted[:k], sorted[k], sorted[k+1]
	accs, ls := segScans(b, n, svs, startF, e.Neutral, ts, e.Op, false)
	rvs := reverseArrays(b, n, append(append([]ir.VName{}, svs...), endF), append(append([]ir.Type{}, ts...), bt))
	_, rs := segScans(b, n, rvs[:k], rvs[k], e.Neutral, ts, e.Op, true)
	rs = reverseArrays(b, n, rs, ts)
	// H (the folds of the buckets) and whether each bucket has values:
	// the inclusive scans at the segments' ends, scattered by bucket.
	elam := b.Lambda([]ir.Type{i64, bt}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		in := lb.CmpOp(prim.Lt, ps[0], w)
		both := lb.BinOp(prim.LogAnd, ps[1], in)
		tb, eb := lb.Sub(), lb.Sub()
		return []ir.SubExp{lb.Let("at", &ir.If{Cond: both, Then: tb.Body(ps[0]), Else: eb.Body(ir.I64(-1)), Ret: []ir.Type{i64}})}
	})
	at := b.Map(n, []ir.VName{skeys, endF}, elam)[0]
	trues := b.Let("trues", &ir.Replicate{Shape: ir.Shape{n}, Val: ir.Bool(true)})
	var hdst []ir.VName
	for q := range e.Dests {
		hdst = append(hdst, b.Let("h", &ir.Replicate{Shape: append(ir.Shape{w}, ts[q].Shape...), Val: zeroOf(ets[q])}).Var)
	}
	pinit := b.Let("present", &ir.Replicate{Shape: ir.Shape{w}, Val: ir.Bool(false)})
	hp := b.LetN("h", &ir.Scatter{W: n, Dests: append(hdst, pinit.Var), Inds: []ir.VName{at},
		Vals: append(append([]ir.VName{}, accs...), trues.Var)})
	hs, present := hp[:k], hp[k]
	// ys = if present then op dst H else dst: dst', H' and the free
	// variables' share.
	ybars := r.adjoints(s.Pat)
	r.mapAdjoint(w, append(append([]ir.VName{present}, e.Dests...), hs...), r.guardedOp(e.Op, ts), ybars, map[int]bool{0: true})
	hbars := make([]ir.SubExp, k)
	anyH := false
	for q, h := range hs {
		if a, ok := r.adj[h]; ok {
			hbars[q] = a
			anyH = true
			delete(r.adj, h)
		}
	}
	if !anyH {
		return
	}
	// acc' per sorted element, zero out of range; direct marks the
	// elements that take part in no application of op with l.
	right := b.Lambda(append(append([]ir.Type{}, ts...), ts...), func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		return inline(lb, e.Op, ps)
	})
	xts := append(append([]ir.Type{i64, bt, bt}, ts...), ts...)
	xlam := b.Lambda(xts, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		key, start, end := ps[0], ps[1], ps[2]
		acc, rv := ps[3:3+k], ps[3+k:]
		in := lb.CmpOp(prim.Lt, key, w)
		tb, eb := lb.Sub(), lb.Sub()
		seed := make([]ir.SubExp, k)
		for q := range seed {
			seed[q] = zeroValue(tb, ts[q])
			if !hbars[q].IsNone() {
				seed[q] = tb.Index(hbars[q].Var, key)
			}
		}
		// At a segment's end H = acc: no application.
		t2, e2 := tb.Sub(), tb.Sub()
		adj := vjpOf(e2, right, append(append([]ir.SubExp{}, acc...), rv...), seed)[:k]
		inAdj := vars(tb.LetN("adj", &ir.If{Cond: end, Then: t2.Body(seed...), Else: e2.Body(adj...), Ret: ts}))
		zeros := make([]ir.SubExp, k)
		for q := range zeros {
			zeros[q] = zeroValue(eb, ts[q])
		}
		out := vars(lb.LetN("adj", &ir.If{Cond: in, Then: tb.Body(inAdj...), Else: eb.Body(zeros...), Ret: ts}))
		notIn := lb.UnOp(prim.Not, in)
		return append(out, lb.BinOp(prim.LogOr, start, notIn))
	})
	xs := b.Map(n, append(append([]ir.VName{skeys, startF, endF}, accs...), rs...), xlam)
	xbars, direct := xs[:k], xs[k]
	// Back to the original order: position perm[i] gets element i's.
	back := append(append([]ir.VName{direct}, ls...), xbars...)
	var dests []ir.VName
	for _, a := range back {
		dests = append(dests, b.Let("orig", &ir.Scratch{Elem: r.typeOf(a).Elem, Shape: r.shapeOf(a)}).Var)
	}
	orig := b.LetN("orig", &ir.Scatter{W: n, Dests: dests, Inds: []ir.VName{perm}, Vals: back})
	skip := map[int]bool{}
	for q := 0; q <= k; q++ {
		skip[q] = true
	}
	r.mapAdjoint(n, append(append([]ir.VName{}, orig[:k+1]...), e.Vals...), r.startOp(e.Op, ts), vars(orig[k+1:]), skip)
}

// zeroValue is a zero of type t: a scalar, or an array of zeros.
func zeroValue(b *ir.Builder, t ir.Type) ir.SubExp {
	if t.IsScalar() {
		return zeroOf(t.Elem)
	}
	return b.Let("zeros", &ir.Replicate{Shape: t.Shape, Val: zeroOf(t.Elem)})
}

// guardedOp is \present d1..dk h1..hk -> if present then op d h else d.
func (r *rev) guardedOp(op *ir.Lambda, ts []ir.Type) *ir.Lambda {
	return r.b.Lambda(append(append([]ir.Type{ir.Scalar(prim.Bool)}, ts...), ts...), func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		k := len(ts)
		tb, eb := lb.Sub(), lb.Sub()
		v := inline(tb, op, ps[1:])
		return vars(lb.LetN("h", &ir.If{Cond: ps[0], Then: tb.Body(v...), Else: eb.Body(ps[1 : 1+k]...), Ret: ts}))
	})
}

// startOp is \direct l1..lk v1..vk -> if direct then v else op l v.
func (r *rev) startOp(op *ir.Lambda, ts []ir.Type) *ir.Lambda {
	return r.b.Lambda(append(append([]ir.Type{ir.Scalar(prim.Bool)}, ts...), ts...), func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		k := len(ts)
		tb, eb := lb.Sub(), lb.Sub()
		v := inline(eb, op, ps[1:])
		return vars(lb.LetN("acc", &ir.If{Cond: ps[0], Then: tb.Body(ps[1+k:]...), Else: eb.Body(v...), Ret: ts}))
	})
}

// segScans gives the inclusive and the exclusive scans of op (k
// components of types ts) within the segments that start where flags
// hold; op is applied to no neutral element (ne is only the exclusive
// scan's value at a segment start). flipped combines a new element on
// the left of the accumulated value (for scans from the right).
func segScans(b *ir.Builder, n ir.SubExp, vals []ir.VName, flags ir.VName, ne []ir.SubExp, ts []ir.Type, op *ir.Lambda, flipped bool) (incl, excl []ir.VName) {
	k := len(vals)
	bt := ir.Scalar(prim.Bool)
	half := append([]ir.Type{bt}, ts...)
	seg := b.Lambda(append(append([]ir.Type{}, half...), half...), func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		f1, x1, f2, x2 := ps[0], ps[1:1+k], ps[1+k], ps[2+k:]
		f := lb.BinOp(prim.LogOr, f1, f2)
		tb, eb := lb.Sub(), lb.Sub()
		args := append(append([]ir.SubExp{}, x1...), x2...)
		if flipped {
			args = append(append([]ir.SubExp{}, x2...), x1...)
		}
		v := inline(eb, op, args)
		return append([]ir.SubExp{f}, vars(lb.LetN("seg", &ir.If{Cond: f2, Then: tb.Body(x2...), Else: eb.Body(v...), Ret: ts}))...)
	})
	incl = b.Scan(n, append([]ir.VName{flags}, vals...), append([]ir.SubExp{ir.Bool(false)}, ne...), seg)[1:]
	it := b.Let("iota", &ir.Iota{N: n, T: prim.I64})
	lam := b.Lambda([]ir.Type{ir.Scalar(prim.I64), bt}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		tb, eb := lb.Sub(), lb.Sub()
		prev := eb.BinOp(prim.Sub, ps[0], ir.I64(1))
		var er []ir.SubExp
		for _, a := range incl {
			er = append(er, eb.Index(a, prev))
		}
		return vars(lb.LetN("excl", &ir.If{Cond: ps[1], Then: tb.Body(ne...), Else: eb.Body(er...), Ret: ts}))
	})
	excl = b.Map(n, []ir.VName{it.Var, flags}, lam)
	return incl, excl
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
// the adjoint ys', not ys), also componentwise on several arrays and
// vectorised on rows, * (per-bucket zero counts and products of the
// non-zero values) and min/max (the destination wins ties, then the
// lowest index). Everything else, operators with free variables and
// operators on whole rows included, takes the generic rule; prepareBody
// has already flattened several index arrays into one and turned
// vectorised operators on rows into histograms of columns.
func (r *rev) hist(s *ir.Stm, e *ir.Hist) {
	d := e.Dests[0]
	rows := false
	for _, d := range e.Dests {
		rows = rows || r.typeOf(d).Rank() != len(e.Inds)
	}
	// + stays special for rows and several indices, which have no generic
	// rule of their own.
	plus := rows || len(e.Inds) > 1 || !NoSpecialCases
	if len(e.Dests) != 1 && componentwiseAdd(e.Op) && plus {
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
	if len(e.Dests) == 1 {
		y := s.Pat[0].Name
		ybar := r.current(y)
		et := r.typeOf(d).Elem
		if isAddOp(e.Op) && plus {
			vbar := r.gatherAdj(e.W, e.Inds, ybar.Var, func(lb *ir.Builder, j ir.SubExp, idx []ir.SubExp) ir.SubExp { return ir.Bool(true) })
			r.owned[vbar] = true
			r.addTo(e.Vals[0], ir.Var(vbar))
			r.addTo(d, ybar)
			return
		}
		if len(e.Inds) == 1 && !rows && !NoSpecialCases {
			if op, ok := binOpOf(e.Op); ok && op == prim.Mul && et.IsFloat() && !r.nested {
				r.histMul(e, ybar)
				return
			}
			if _, ok := minMaxOf(e.Op); ok {
				r.histMinMax(e, y, ybar)
				return
			}
		}
	}
	if len(e.Inds) != 1 {
		fail(s.Pos, "internal error: reduce_by_index with %d index arrays was not flattened", len(e.Inds))
	}
	if histBySort || rows {
		r.histGeneric(s, e)
		return
	}
	r.histByLoops(s, e)
}

// histBySort selects the generic rule that sorts the elements by bucket
// and scans the segments (parallel, but many passes) over the one that
// runs over the elements in order (histloop.go), so that tests can
// compare the two. Operators on whole rows always take it.
var histBySort bool

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
