package rev

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// mapStm is the return sweep of ys = map f xs: a map over the rows of xs
// and of the adjoints of ys whose lambda re-runs f and then its return
// sweep. It gives the adjoints of the rows of xs, one adjoint per element
// for each free scalar (summed afterwards) and updates accumulators for
// the free arrays (WithAcc where the enclosing scope is not itself a map).
func (r *rev) mapStm(s *ir.Stm, e *ir.Map) {
	ybars := r.adjoints(s.Pat)
	r.mapAdjoint(e.W, e.Arrs, e.F, ybars, nil)
}

// mapAdjoint adds to the adjoints of arrs (except those in skip) and of
// f's free variables the vjp of map f arrs with result adjoints ybars
// (absent: zero).
func (r *rev) mapAdjoint(w ir.SubExp, arrs []ir.VName, f *ir.Lambda, ybars []ir.SubExp, skip map[int]bool) {
	for _, a := range arrs {
		if r.typeOf(a).Acc {
			fail(r.b.Pos, "cannot differentiate a map over accumulators")
		}
	}
	if sp := r.sparseOf(ybars); sp != nil && len(skip) == 0 {
		r.sparseMapAdjoint(sp, arrs, f, ybars)
		return
	}
	// A result that is a row of an input (a zip or a copy) passes its
	// adjoint to that input whole.
	for j, y := range ybars {
		res := f.Body.Result[j]
		if y.IsNone() || !res.IsVar() {
			continue
		}
		for k, p := range f.Params {
			if k < len(arrs) && !skip[k] && p.Name == res.Var {
				if y.IsVar() {
					r.addTo(arrs[k], y)
				}
				ybars = append(append(append([]ir.SubExp{}, ybars[:j]...), ir.SubExp{}), ybars[j+1:]...)
				break
			}
		}
	}
	free := r.freeWithBases(f)
	// Inputs that are slices of an array with an accumulator here (of a
	// parameter or its row, of an array free in the enclosing map) add
	// their rows' adjoints to it from inside the map, rather than
	// returning an array of them that is added after the map.
	type dest struct {
		base ir.VName
		idx  func(b *ir.Builder, i ir.SubExp) []ir.SubExp
	}
	dests := map[int]dest{}
	for k, a := range arrs {
		if skip[k] || r.inactive.Has(a) {
			continue
		}
		if base, idx, ok := r.rowDest(a); ok {
			dests[k] = dest{base, idx}
			free.Add(base)
		}
	}
	fr := &frame{free: free, params: map[ir.VName]ir.Param{}}
	g := renameLambda(r.b, f)
	lb := r.b.Sub()
	c := r.scope(lb, fr)
	params := append([]ir.Param{}, g.Params...)
	inputs := append([]ir.VName{}, arrs...)
	for k, p := range g.Params {
		lb.Declare(p)
		if k < len(arrs) && r.inactive.Has(arrs[k]) {
			r.inactive.Add(p.Name)
		}
	}
	c.forwardStms(g.Body.Stms)
	for j, ybar := range ybars {
		if ybar.IsNone() {
			continue
		}
		if v, ok := r.uniformRow(ybar.Var); ok {
			// Every row's adjoint is v: read it, not an array of copies.
			if res := g.Body.Result[j]; res.IsVar() {
				c.addTo(res.Var, v)
			}
			continue
		}
		row := lb.Param("ybar", r.typeOf(ybar.Var).Row())
		params = append(params, row)
		inputs = append(inputs, ybar.Var)
		if res := g.Body.Result[j]; res.IsVar() {
			c.addTo(res.Var, ir.Var(row.Name))
		}
	}
	c.reverseStms(g.Body.Stms)
	var rowIdx ir.SubExp
	for k, p := range g.Params {
		d, ok := dests[k]
		if !ok {
			continue
		}
		a, ok := c.adj[p.Name]
		if !ok {
			continue
		}
		if rowIdx.IsNone() {
			it := r.b.Let("iota", &ir.Iota{N: w, T: prim.I64})
			r.inactive.Add(it.Var)
			ip := lb.Param("i", ir.Scalar(prim.I64))
			params = append(params, ip)
			inputs = append(inputs, it.Var)
			rowIdx = ir.Var(ip.Name)
		}
		acc, _ := c.accFor(d.base)
		c.adj[d.base] = lb.Let("acc", &ir.UpdAcc{Acc: acc.Var, Idx: d.idx(lb, rowIdx), Val: a})
		delete(c.adj, p.Name)
	}
	// Results: accumulators first, then adjoints of the rows, then per
	// element adjoints of free scalars.
	var res []ir.SubExp
	var ret []ir.Type
	for _, v := range fr.vars {
		a := c.adj[v]
		res = append(res, a)
		ret = append(ret, c.typeOf(a.Var))
	}
	var rowOf []int
	for k, p := range g.Params {
		if skip[k] {
			continue
		}
		if _, ok := c.adj[p.Name]; !ok {
			continue
		}
		a := c.current(p.Name)
		if a.IsVar() && c.typeOf(a.Var).IsArray() && !c.owned[a.Var] {
			a = lb.Let("adj", &ir.Copy{Arr: a.Var})
		}
		res = append(res, a)
		ret = append(ret, ir.EraseSizes(p.Type, ir.BoundInBody(g.Body)))
		rowOf = append(rowOf, k)
	}
	var scalars []ir.VName
	for _, v := range free.Sorted() {
		a, ok := c.adj[v]
		t := r.typeOf(v)
		if !ok || !t.IsScalar() {
			continue
		}
		scalars = append(scalars, v)
		res = append(res, a)
		ret = append(ret, t)
	}
	if len(res) == 0 {
		return
	}
	body := dce(lb.Body(res...))
	// Free arrays that every application adds to as a whole get their
	// contributions as results, summed after the map (seed 000, 6.1),
	// where the sum moves into nests of its own (interchange.go); those
	// whose sums cannot keep their accumulators, which each worker adds
	// to in place, rather than the map materialising one array of
	// contributions per application.
	accVars, body2, ret2, summed := wholeAdds(lb, fr, body, ret, nil)
	stay := ir.Names{}
	done := map[ir.VName]ir.SubExp{}
	nres := len(body2.Result) - len(summed)
	for k, v := range summed {
		others := append(append([]ir.SubExp{}, body2.Result[:nres]...), body2.Result[nres+k+1:]...)
		if x, ok := sumMapResult(r.b, w, inputs, params, body2, body2.Result[nres+k], others); ok {
			done[v] = x
			if x.IsVar() && r.typeOf(x.Var).IsArray() {
				r.owned[x.Var] = true
			}
			continue
		}
		stay.Add(v)
	}
	if len(stay) > 0 && !materialiseSums {
		accVars, body2, ret2, summed = wholeAdds(lb, fr, body, ret, stay)
	}
	body, ret = body2, ret2
	// Sums of free scalars' contributions over the map are computed by
	// nests of their own where that is cheap, and leave the map.
	nsum := len(scalars) + len(summed)
	first := len(body.Result) - nsum
	sums := make([]ir.SubExp, nsum)
	var keepRes []ir.SubExp
	var keepRet []ir.Type
	keepRes = append(keepRes, body.Result[:first]...)
	keepRet = append(keepRet, ret[:first]...)
	for k := 0; k < nsum; k++ {
		if k >= len(scalars) {
			if x, ok := done[summed[k-len(scalars)]]; ok {
				sums[k] = x
				continue
			}
		}
		others := append(append([]ir.SubExp{}, keepRes...), body.Result[first+k+1:]...)
		if v, ok := sumMapResult(r.b, w, inputs, params, body, body.Result[first+k], others); ok {
			sums[k] = v
			if v.IsVar() && r.typeOf(v.Var).IsArray() {
				r.owned[v.Var] = true
			}
			continue
		}
		keepRes = append(keepRes, body.Result[first+k])
		keepRet = append(keepRet, ret[first+k])
	}
	body = dce(&ir.Body{Stms: body.Stms, Result: keepRes})
	ret = keepRet
	// Accumulator parameters come after the others, as map inputs do.
	accParams := make([]ir.Param, len(accVars))
	for i, v := range accVars {
		accParams[i] = fr.params[v]
	}
	lam := &ir.Lambda{Params: append(params, accParams...), Body: body, Ret: ret}

	// Accumulators the enclosing scope already has are passed through;
	// the others are made by a WithAcc around the map.
	var outerAccs []ir.SubExp
	var wrap []ir.VName
	for _, v := range accVars {
		if acc, ok := r.accFor(v); ok {
			outerAccs = append(outerAccs, acc)
		} else {
			outerAccs = append(outerAccs, ir.SubExp{})
			wrap = append(wrap, v)
		}
	}
	var outs []ir.SubExp
	if len(body.Result) == 0 {
		// Everything the map gave is now summed by nests of its own.
	} else if len(wrap) == 0 {
		ins := append([]ir.VName{}, inputs...)
		for _, a := range outerAccs {
			ins = append(ins, a.Var)
		}
		for _, v := range r.b.Map(w, ins, lam) {
			outs = append(outs, ir.Var(v))
		}
	} else {
		accIn := make([]ir.AccInput, len(wrap))
		accTypes := make([]ir.Type, len(wrap))
		for i, v := range wrap {
			accIn[i] = ir.AccInput{Arr: r.ownedAdj(v).Var}
			accTypes[i] = ir.AccOf(r.typeOf(accIn[i].Arr))
			if et := accTypes[i].Elem; !et.IsNumeric() {
				// Boolean adjoints add with || (§14.3).
				accIn[i].Op = r.b.BinOpLambda(addOp(et), et)
				accIn[i].Neutral = []ir.SubExp{zeroOf(et)}
			}
		}
		wl := r.b.Lambda(accTypes, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			ins := append([]ir.VName{}, inputs...)
			k := 0
			for i := range accVars {
				if outerAccs[i].IsNone() {
					ins = append(ins, ps[k].Var)
					k++
				} else {
					ins = append(ins, outerAccs[i].Var)
				}
			}
			ms := b.Map(w, ins, lam)
			// The WithAcc lambda returns its own accumulators first.
			var out []ir.SubExp
			k = 0
			for i := range accVars {
				if outerAccs[i].IsNone() {
					out = append(out, ir.Var(ms[i]))
				}
			}
			for i := range accVars {
				if !outerAccs[i].IsNone() {
					out = append(out, ir.Var(ms[i]))
				}
			}
			for _, m := range ms[len(accVars):] {
				out = append(out, ir.Var(m))
			}
			return out
		})
		ws := r.b.LetN("withacc", &ir.WithAcc{Inputs: accIn, F: wl})
		// Reorder the results back to the map's order.
		k, m := 0, len(wrap)
		for i := range accVars {
			if outerAccs[i].IsNone() {
				outs = append(outs, ir.Var(ws[k]))
				k++
			} else {
				outs = append(outs, ir.Var(ws[m]))
				m++
			}
		}
		for _, x := range ws[len(accVars):] {
			outs = append(outs, ir.Var(x))
		}
	}
	for i, v := range accVars {
		r.adj[v] = outs[i]
		r.owned[outs[i].Var] = true
	}
	rest := outs[len(accVars):]
	for i, k := range rowOf {
		r.owned[rest[i].Var] = true
		r.addTo(arrs[k], rest[i])
	}
	rest = rest[len(rowOf):]
	for k, v := range append(append([]ir.VName{}, scalars...), summed...) {
		if sums[k].IsNone() {
			sums[k] = sumRows(r.b, rest[0])
			rest = rest[1:]
		}
		r.addTo(v, sums[k])
	}
}

// materialiseSums keeps the sums of whole-array contributions that cannot
// be interchanged as sums of one array per application, as the rule did
// before it fell back to accumulators, so that tests can see such arrays.
var materialiseSums bool

// sparseOf returns the range of rows outside which every adjoint in ybars
// is zero, if the facts give one range to all of them.
func (r *rev) sparseOf(ybars []ir.SubExp) *sparseAdj {
	if noFacts {
		return nil
	}
	var sp *sparseAdj
	for _, y := range ybars {
		if y.IsNone() {
			continue
		}
		s, ok := r.facts.sparse[y.Var]
		if !ok || sp != nil && !(s.start.Equal(sp.start) && s.n.Equal(sp.n)) {
			return nil
		}
		sp = s
	}
	return sp
}

// sparseMapAdjoint is mapAdjoint for result adjoints that are zero
// outside the rows of sp: the return sweep runs only on those rows (a
// map over the slices of arrs), and their adjoints go to the same rows of
// arrs'. The other rows would contribute nothing, since a return sweep
// is linear in the result adjoints.
func (r *rev) sparseMapAdjoint(sp *sparseAdj, arrs []ir.VName, f *ir.Lambda, ybars []ir.SubExp) {
	b := r.b
	end := b.BinOp(prim.Add, sp.start, sp.n)
	dims := []ir.DimSlice{{Start: sp.start, End: end}}
	parts := make([]ir.VName, len(arrs))
	for i, a := range arrs {
		t := r.typeOf(a)
		p := b.Param(a.Base+"_part", ir.Type{Elem: t.Elem, Shape: append(ir.Shape{sp.n}, t.Shape[1:]...)})
		b.Bind([]ir.Param{p}, &ir.Slice{Arr: a, Dims: dims})
		if r.inactive.Has(a) {
			r.inactive.Add(p.Name)
		}
		parts[i] = p.Name
	}
	vals := make([]ir.SubExp, len(ybars))
	for j, y := range ybars {
		if !y.IsNone() {
			vals[j] = ir.Var(r.facts.sparse[y.Var].vals)
		}
	}
	r.mapAdjoint(sp.n, parts, f, vals, nil)
	for i, p := range parts {
		if _, ok := r.adj[p]; ok {
			r.slice(p, &ir.Slice{Arr: arrs[i], Dims: dims})
			delete(r.adj, p)
		}
	}
}

// reduce is the return sweep of a reduction.
func (r *rev) reduce(s *ir.Stm, e *ir.Reduce) {
	k := len(s.Pat)
	ybars := make([]ir.SubExp, k)
	for i, p := range s.Pat {
		ybars[i] = r.current(p.Name)
	}
	if !NoSpecialCases && k == 1 {
		if op, ok := binOpOf(e.Op); ok {
			t := r.typeOf(e.Arrs[0])
			switch {
			case op == prim.Add || op == prim.LogOr:
				// Every element gets the result's adjoint.
				rep := r.b.Let("adj", &ir.Replicate{Shape: ir.Shape{e.W}, Val: ybars[0]})
				r.owned[rep.Var] = true
				r.facts.uniform[rep.Var] = ybars[0]
				r.addTo(e.Arrs[0], rep)
				return
			case op == prim.Mul && t.Elem.IsFloat() && t.Rank() == 1 && !r.nested:
				r.reduceMul(e, ybars[0])
				return
			}
		}
		if fn, ok := minMaxOf(e.Op); ok && r.typeOf(e.Arrs[0]).Rank() == 1 {
			r.reduceMinMax(s, e, fn, ybars[0])
			return
		}
	}
	r.reduceGeneric(e, ybars)
}

// binOpOf recognises \x y -> x op y.
func binOpOf(l *ir.Lambda) (prim.BinOp, bool) {
	if len(l.Params) != 2 || len(l.Body.Stms) != 1 || len(l.Body.Result) != 1 {
		return 0, false
	}
	s := l.Body.Stms[0]
	b, ok := s.Exp.(*ir.Bin)
	if !ok || !l.Body.Result[0].IsVar() || l.Body.Result[0].Var != s.Pat[0].Name {
		return 0, false
	}
	x, y := ir.Var(l.Params[0].Name), ir.Var(l.Params[1].Name)
	if b.X.Equal(x) && b.Y.Equal(y) || (b.Op == prim.Add || b.Op == prim.Mul) && b.X.Equal(y) && b.Y.Equal(x) {
		return b.Op, true
	}
	return 0, false
}

// minMaxOf recognises \x y -> min x y and max.
func minMaxOf(l *ir.Lambda) (string, bool) {
	if len(l.Params) != 2 || len(l.Body.Stms) != 1 || len(l.Body.Result) != 1 {
		return "", false
	}
	s := l.Body.Stms[0]
	c, ok := s.Exp.(*ir.Call)
	if !ok || (c.Fn.Fn != "min" && c.Fn.Fn != "max") || !l.Body.Result[0].IsVar() || l.Body.Result[0].Var != s.Pat[0].Name {
		return "", false
	}
	x, y := ir.Var(l.Params[0].Name), ir.Var(l.Params[1].Name)
	if c.Args[0].Equal(x) && c.Args[1].Equal(y) {
		return c.Fn.Fn, true
	}
	return "", false
}

// reduceMul: with p the product of the non-zero elements and z the number
// of zeros, a_i' += p/a_i * y' if z = 0, a_i' += p * y' for the zero
// element if z = 1 (AD-NOTES erratum: p, not the result), nothing else.
func (r *rev) reduceMul(e *ir.Reduce, ybar ir.SubExp) {
	b := r.b
	as := e.Arrs[0]
	t := r.typeOf(as).Elem
	zero, one := zeroOf(t), ir.Const(prim.FloatValue(t, 1))
	lam := b.Lambda([]ir.Type{ir.Scalar(t)}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		isz := lb.CmpOp(prim.Eq, ps[0], zero)
		z := lb.Let("z", &ir.Call{Fn: convFn(prim.Bool, prim.I64), Args: []ir.SubExp{isz}})
		tb, eb := lb.Sub(), lb.Sub()
		nz := lb.Let("nz", &ir.If{Cond: isz, Then: tb.Body(one), Else: eb.Body(ps[0]), Ret: []ir.Type{ir.Scalar(t)}})
		return []ir.SubExp{z, nz}
	})
	parts := b.Map(e.W, []ir.VName{as}, lam)
	op := b.Lambda([]ir.Type{ir.Scalar(prim.I64), ir.Scalar(t), ir.Scalar(prim.I64), ir.Scalar(t)}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		return []ir.SubExp{lb.BinOp(prim.Add, ps[0], ps[2]), lb.BinOp(prim.Mul, ps[1], ps[3])}
	})
	zp := b.Reduce(e.W, parts, []ir.SubExp{ir.I64(0), one}, op)
	zc, p := ir.Var(zp[0]), ir.Var(zp[1])
	py := b.BinOp(prim.Mul, p, ybar)
	contrib := b.Lambda([]ir.Type{ir.Scalar(t)}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		none := lb.CmpOp(prim.Eq, zc, ir.I64(0))
		b0, b1 := lb.Sub(), lb.Sub()
		q := b0.BinOp(prim.Div, py, ps[0])
		one := b1.CmpOp(prim.Eq, zc, ir.I64(1))
		isz := b1.CmpOp(prim.Eq, ps[0], zero)
		both := b1.BinOp(prim.LogAnd, one, isz)
		c1, c2 := b1.Sub(), b1.Sub()
		v := b1.Let("v", &ir.If{Cond: both, Then: c1.Body(py), Else: c2.Body(zero), Ret: []ir.Type{ir.Scalar(t)}})
		return []ir.SubExp{lb.Let("d", &ir.If{Cond: none, Then: b0.Body(q), Else: b1.Body(v), Ret: []ir.Type{ir.Scalar(t)}})}
	})
	d := b.Map(e.W, []ir.VName{as}, contrib)[0]
	r.owned[d] = true
	r.addTo(as, ir.Var(d))
}

func convFn(from, to prim.Type) prim.Func {
	f, ok := prim.ConvFunc(from, to)
	if !ok {
		fail(ir.Pos{}, "internal error: no conversion from %v to %v", from, to)
	}
	return f
}

// reduceMinMax: the whole adjoint goes to the first element equal to the
// result (the lowest index on ties, §14.4).
func (r *rev) reduceMinMax(s *ir.Stm, e *ir.Reduce, fn string, ybar ir.SubExp) {
	b := r.b
	as := e.Arrs[0]
	if r.inactive.Has(as) {
		return
	}
	y := ir.Var(s.Pat[0].Name)
	it := b.Let("iota", &ir.Iota{N: e.W, T: prim.I64})
	lam := b.Lambda([]ir.Type{ir.Scalar(prim.I64), r.typeOf(as).Row()}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		eq := lb.CmpOp(prim.Eq, ps[1], y)
		tb, eb := lb.Sub(), lb.Sub()
		return []ir.SubExp{lb.Let("k", &ir.If{Cond: eq, Then: tb.Body(ps[0]), Else: eb.Body(e.W), Ret: []ir.Type{ir.Scalar(prim.I64)}})}
	})
	ks := b.Map(e.W, []ir.VName{it.Var, as}, lam)
	minI, _ := prim.LookupFunc("min_i64")
	op := b.Lambda([]ir.Type{ir.Scalar(prim.I64), ir.Scalar(prim.I64)}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		return []ir.SubExp{lb.Call(minI, ps[0], ps[1])}
	})
	k := ir.Var(b.Reduce(e.W, ks, []ir.SubExp{e.W}, op)[0])
	// Only an element equal to the result gets the adjoint (none when the
	// result is the neutral element of an empty or all-neutral input).
	in := b.CmpOp(prim.Lt, k, e.W)
	if acc, base, pre, ok := r.viewAcc(as); ok {
		tb, eb := b.Sub(), b.Sub()
		u := tb.Let("acc", &ir.UpdAcc{Acc: acc.Var, Idx: append(append([]ir.SubExp{}, pre...), k), Val: ybar})
		r.adj[base] = b.Let("acc", &ir.If{Cond: in, Then: tb.Body(u), Else: eb.Body(acc), Ret: []ir.Type{r.typeOf(acc.Var)}})
		return
	}
	if acc, ok := r.accFor(as); ok {
		tb, eb := b.Sub(), b.Sub()
		u := tb.Let("acc", &ir.UpdAcc{Acc: acc.Var, Idx: []ir.SubExp{k}, Val: ybar})
		na := b.Let("acc", &ir.If{Cond: in, Then: tb.Body(u), Else: eb.Body(acc), Ret: []ir.Type{r.typeOf(acc.Var)}})
		r.adj[as] = na
		return
	}
	_, had := r.adj[as]
	cur := r.ownedAdj(as)
	tb, eb := b.Sub(), b.Sub()
	old := tb.Let("old", &ir.Index{Arr: cur.Var, Idx: []ir.SubExp{k}})
	nv := addValues(tb, ir.Scalar(r.typeOf(as).Elem), old, ybar)
	up := tb.Let("adj", &ir.Update{Arr: cur.Var, Dims: []ir.DimSlice{{Fixed: true, I: k}}, Val: nv})
	res := b.Let(as.Base+"_adj", &ir.If{Cond: in, Then: tb.Body(up), Else: eb.Body(cur), Ret: []ir.Type{r.typeOf(cur.Var)}})
	r.adj[as] = res
	r.owned[res.Var] = true
	if !had {
		// Zero but at row k, and there only if k is in range: rows k to
		// k+n-1 with n = 1 or 0 (k = w is a valid empty range).
		n := b.Call(convFn(prim.Bool, prim.I64), in)
		vals := b.Let("adj", &ir.Replicate{Shape: ir.Shape{n}, Val: ybar})
		r.facts.uniform[vals.Var] = ybar
		r.facts.sparse[res.Var] = &sparseAdj{start: k, n: n, vals: vals.Var}
	}
}

// reduceGeneric: with l_i the combination of the elements before a_i (an
// exclusive scan) and r_i that of the elements after it (a scan of the
// flipped operator over the reversed input), the result is
// (l_i op a_i) op r_i for every i, and a_i's adjoint is that expression's
// derivative with l_i and r_i held fixed. One map computes it per element
// and the map rule differentiates it at the result's adjoint: its return
// sweep gives a' and, through the first application only, the operator's
// free variables theirs (one contribution per application of op in the
// reduction: the second application's free variables are frozen copies,
// and the scans are inactive, since the elements' own terms account for
// every path through them). l_i and r_i are read in place from the scans.
func (r *rev) reduceGeneric(e *ir.Reduce, ybars []ir.SubExp) {
	b := r.b
	k := len(e.Arrs)
	rows := make([]ir.Type, k)
	for i, a := range e.Arrs {
		rows[i] = r.typeOf(a).Row()
	}
	incl := b.Scan(e.W, e.Arrs, e.Neutral, renameLambda(b, e.Op))
	revAs := reverseArrays(b, e.W, e.Arrs, rows)
	flipped := b.Lambda(append(append([]ir.Type{}, rows...), rows...), func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		return inline(lb, e.Op, append(append([]ir.SubExp{}, ps[k:]...), ps[:k]...))
	})
	rincl := b.Scan(e.W, revAs, e.Neutral, flipped)
	frozen := map[ir.VName]ir.SubExp{}
	for _, v := range ir.FreeInLambda(e.Op).Sorted() {
		fz := b.Let(v.Base, &ir.Atom{X: ir.Var(v)})
		r.inactive.Add(fz.Var)
		frozen[v] = fz
	}
	second := &ir.Lambda{Params: e.Op.Params, Body: ir.Substitute(e.Op.Body, frozen), Ret: e.Op.Ret}
	it := b.Let("iota", &ir.Iota{N: e.W, T: prim.I64})
	for _, v := range append(append([]ir.VName{it.Var}, incl...), rincl...) {
		r.inactive.Add(v)
	}
	last := b.BinOp(prim.Sub, e.W, ir.I64(1))
	r.inactive.Add(last.Var)
	pick := func(lb *ir.Builder, cond ir.SubExp, arrs []ir.VName, at func(*ir.Builder) ir.SubExp) []ir.SubExp {
		tb, eb := lb.Sub(), lb.Sub()
		j := at(eb)
		var vals []ir.SubExp
		for _, a := range arrs {
			vals = append(vals, eb.Let("elem", &ir.Index{Arr: a, Idx: []ir.SubExp{j}}))
		}
		return vars(lb.LetN("part", &ir.If{Cond: cond, Then: tb.Body(e.Neutral...), Else: eb.Body(vals...), Ret: rows}))
	}
	f := b.Lambda(append([]ir.Type{ir.Scalar(prim.I64)}, rows...), func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		i := ps[0]
		l := pick(lb, lb.CmpOp(prim.Eq, i, ir.I64(0)), incl, func(eb *ir.Builder) ir.SubExp {
			return eb.BinOp(prim.Sub, i, ir.I64(1))
		})
		x := inline(lb, e.Op, append(l, ps[1:]...))
		rs := pick(lb, lb.CmpOp(prim.Eq, i, last), rincl, func(eb *ir.Builder) ir.SubExp {
			return eb.BinOp(prim.Sub, eb.BinOp(prim.Sub, last, i), ir.I64(1))
		})
		return inline(lb, second, append(x, rs...))
	})
	reps := make([]ir.SubExp, k)
	for j, y := range ybars {
		rep := b.Let("adj", &ir.Replicate{Shape: ir.Shape{e.W}, Val: y})
		r.facts.uniform[rep.Var] = y
		reps[j] = rep
	}
	r.mapAdjoint(e.W, append([]ir.VName{it.Var}, e.Arrs...), f, reps, nil)
}

// shiftRight gives, for each array, ne followed by all but its last row.
func shiftRight(b *ir.Builder, w ir.SubExp, arrs []ir.VName, ne []ir.SubExp, rows []ir.Type) []ir.VName {
	it := b.Let("iota", &ir.Iota{N: w, T: prim.I64})
	lam := b.Lambda([]ir.Type{ir.Scalar(prim.I64)}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		first := lb.CmpOp(prim.Eq, ps[0], ir.I64(0))
		tb, eb := lb.Sub(), lb.Sub()
		prev := eb.BinOp(prim.Sub, ps[0], ir.I64(1))
		var er []ir.SubExp
		for _, a := range arrs {
			er = append(er, eb.Let("prev", &ir.Index{Arr: a, Idx: []ir.SubExp{prev}}))
		}
		var out []ir.SubExp
		for _, v := range lb.LetN("sh", &ir.If{Cond: first, Then: tb.Body(ne...), Else: eb.Body(er...), Ret: rows}) {
			out = append(out, ir.Var(v))
		}
		return out
	})
	return b.Map(w, []ir.VName{it.Var}, lam)
}

// reverseArrays reverses the rows of each array.
func reverseArrays(b *ir.Builder, w ir.SubExp, arrs []ir.VName, rows []ir.Type) []ir.VName {
	it := b.Let("iota", &ir.Iota{N: w, T: prim.I64})
	last := b.BinOp(prim.Sub, w, ir.I64(1))
	lam := b.Lambda([]ir.Type{ir.Scalar(prim.I64)}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		j := lb.BinOp(prim.Sub, last, ps[0])
		var out []ir.SubExp
		for _, a := range arrs {
			out = append(out, lb.Let("rev", &ir.Index{Arr: a, Idx: []ir.SubExp{j}}))
		}
		return out
	})
	return b.Map(w, []ir.VName{it.Var}, lam)
}
