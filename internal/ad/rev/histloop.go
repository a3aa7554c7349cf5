package rev

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// histByLoops is the generic rule for ys = reduce_by_index dsts op ne is
// vss by passes over the elements in index order. Bucket b ends as
// H_b = dst_b op v_1 op ... op v_m for its values in index order, so for
// the j-th of them H_b = (p_j op v_j) op s_j, with p_j = dst_b op v_1 ...
// op v_(j-1) and s_j = v_(j+1) op ... op v_m (none when j = m). A loop
// forwards over the elements, carrying the buckets' running values in
// place, records every p_j; a loop backwards records every s_j. Then the
// map rule differentiates \i v -> (p_i op v) op s_i at H' of i's bucket:
// v' and, through the first application only (the second's free
// variables are frozen copies, the recorded p and s are inactive), the
// operator's free variables, one contribution per application of op in
// the reduce_by_index. dst_b's adjoint is the derivative of dst_b op S_b,
// S_b the fold of the bucket's values (H' itself for an empty bucket).
// Out-of-range values get no adjoint and op never sees ne. The passes are
// O(n + w) in all, where sorting the elements by bucket to scan segments
// in parallel (histGeneric) costs many passes; histBySort selects that
// rule instead.
func (r *rev) histByLoops(s *ir.Stm, e *ir.Hist) {
	b := r.b
	k := len(e.Dests)
	is := e.Inds[0]
	n := e.W
	w := r.shapeOf(e.Dests[0])[0]
	ts := make([]ir.Type, k)
	for q, d := range e.Dests {
		ts[q] = ir.Scalar(r.typeOf(d).Elem)
	}
	i64, bt := ir.Scalar(prim.I64), ir.Scalar(prim.Bool)
	inRangeAt := func(lb *ir.Builder, key ir.SubExp) ir.SubExp {
		return lb.BinOp(prim.LogAnd, lb.CmpOp(prim.Le, ir.I64(0), key), lb.CmpOp(prim.Lt, key, w))
	}
	ifIn := func(lb *ir.Builder, cond ir.SubExp, then func(tb *ir.Builder) []ir.SubExp, els []ir.SubExp, rt []ir.Type) []ir.SubExp {
		tb, eb := lb.Sub(), lb.Sub()
		return vars(lb.LetN("h", &ir.If{Cond: cond, Then: tb.Body(then(tb)...), Else: eb.Body(els...), Ret: rt}))
	}
	// The forward pass: p_i for every element in range.
	var runs, pres []ir.SubExp
	for q := range e.Dests {
		runs = append(runs, b.Let("run", &ir.Copy{Arr: e.Dests[q]}))
		// Filled: pre, suf and hassuf are written at the elements in
		// range, and only those are read.
		pres = append(pres, b.Let("pre", &ir.Scratch{Elem: ts[q].Elem, Shape: ir.Shape{n}, Filled: true}))
	}
	fw := func(lb *ir.Builder, i ir.SubExp, st []ir.SubExp) []ir.SubExp {
		run, pre := st[:k], st[k:]
		key := lb.Index(is, i)
		return ifIn(lb, inRangeAt(lb, key), func(tb *ir.Builder) []ir.SubExp {
			var cur, v, newPre []ir.SubExp
			for q := 0; q < k; q++ {
				cur = append(cur, tb.Index(run[q].Var, key))
				v = append(v, tb.Index(e.Vals[q], i))
			}
			for q := 0; q < k; q++ {
				newPre = append(newPre, tb.Let("pre", &ir.Update{Arr: pre[q].Var, Dims: []ir.DimSlice{{Fixed: true, I: i}}, Val: cur[q]}))
			}
			nv := inline(tb, e.Op, append(append([]ir.SubExp{}, cur...), v...))
			var newRun []ir.SubExp
			for q := 0; q < k; q++ {
				newRun = append(newRun, tb.Let("run", &ir.Update{Arr: run[q].Var, Dims: []ir.DimSlice{{Fixed: true, I: key}}, Val: nv[q]}))
			}
			return append(newRun, newPre...)
		}, st, typesOf(lb, st))
	}
	fwOut := forLoop(b, n, append(append([]ir.SubExp{}, runs...), pres...), fw, false)
	pres = fwOut[k:]
	// The backward pass: s_i, whether there is one, and the buckets' folds.
	var sruns, sufs []ir.SubExp
	for q := range e.Dests {
		sruns = append(sruns, b.Let("srun", &ir.Scratch{Elem: ts[q].Elem, Shape: ir.Shape{w}}))
		sufs = append(sufs, b.Let("suf", &ir.Scratch{Elem: ts[q].Elem, Shape: ir.Shape{n}, Filled: true}))
	}
	has := b.Let("has", &ir.Replicate{Shape: ir.Shape{w}, Val: ir.Bool(false)})
	hasSuf := b.Let("hassuf", &ir.Scratch{Elem: prim.Bool, Shape: ir.Shape{n}, Filled: true})
	bw := func(lb *ir.Builder, i ir.SubExp, st []ir.SubExp) []ir.SubExp {
		srun, hs, suf, hsuf := st[:k], st[k], st[k+1:2*k+1], st[2*k+1]
		key := lb.Index(is, i)
		return ifIn(lb, inRangeAt(lb, key), func(tb *ir.Builder) []ir.SubExp {
			var cur, v []ir.SubExp
			for q := 0; q < k; q++ {
				cur = append(cur, tb.Index(srun[q].Var, key))
				v = append(v, tb.Index(e.Vals[q], i))
			}
			seen := tb.Index(hs.Var, key)
			var newSuf []ir.SubExp
			for q := 0; q < k; q++ {
				newSuf = append(newSuf, tb.Let("suf", &ir.Update{Arr: suf[q].Var, Dims: []ir.DimSlice{{Fixed: true, I: i}}, Val: cur[q]}))
			}
			newHsuf := tb.Let("hassuf", &ir.Update{Arr: hsuf.Var, Dims: []ir.DimSlice{{Fixed: true, I: i}}, Val: seen})
			nv := ifIn(tb, seen, func(cb *ir.Builder) []ir.SubExp {
				return inline(cb, e.Op, append(append([]ir.SubExp{}, v...), cur...))
			}, v, ts)
			var newRun []ir.SubExp
			for q := 0; q < k; q++ {
				newRun = append(newRun, tb.Let("srun", &ir.Update{Arr: srun[q].Var, Dims: []ir.DimSlice{{Fixed: true, I: key}}, Val: nv[q]}))
			}
			newHs := tb.Let("has", &ir.Update{Arr: hs.Var, Dims: []ir.DimSlice{{Fixed: true, I: key}}, Val: ir.Bool(true)})
			return append(append(append(newRun, newHs), newSuf...), newHsuf)
		}, st, typesOf(lb, st))
	}
	bwOut := forLoop(b, n, append(append(append(append([]ir.SubExp{}, sruns...), has), sufs...), hasSuf), bw, true)
	sruns, has, sufs, hasSuf = bwOut[:k], bwOut[k], bwOut[k+1:2*k+1], bwOut[2*k+1]
	for _, x := range bwOut {
		r.inactive.Add(x.Var)
	}
	for _, x := range pres {
		r.inactive.Add(x.Var)
	}
	ybars := r.adjoints(s.Pat)
	// dst' = d(x op S)/dx at dst, or H' itself for an empty bucket.
	second := r.frozenOp(e.Op)
	dl := b.Lambda(append(append(append([]ir.Type{bt}, ts...), ts...), ts...), func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		seen, dst, sum, yb := ps[0], ps[1:1+k], ps[1+k:1+2*k], ps[1+2*k:]
		return ifIn(lb, seen, func(tb *ir.Builder) []ir.SubExp {
			return vjpOf(tb, second, append(append([]ir.SubExp{}, dst...), sum...), yb)[:k]
		}, yb, ts)
	})
	var yarrs []ir.VName
	for q, y := range ybars {
		if y.IsNone() {
			y = r.zerosLike(s.Pat[q].Name)
		}
		yarrs = append(yarrs, y.Var)
	}
	dbars := b.Map(w, append(append(append([]ir.VName{has.Var}, e.Dests...), vnames(sruns)...), yarrs...), dl)
	for q, d := range e.Dests {
		r.owned[dbars[q]] = true
		r.addTo(d, ir.Var(dbars[q]))
	}
	// The elements: \i v -> (p_i op v) op s_i at the adjoint of i's bucket.
	it := b.Let("iota", &ir.Iota{N: n, T: prim.I64})
	r.inactive.Add(it.Var)
	glam := b.Lambda([]ir.Type{i64}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		key := lb.Index(is, ps[0])
		zeros := make([]ir.SubExp, k)
		for q := range zeros {
			zeros[q] = zeroOf(ts[q].Elem)
		}
		return ifIn(lb, inRangeAt(lb, key), func(tb *ir.Builder) []ir.SubExp {
			var out []ir.SubExp
			for _, y := range yarrs {
				out = append(out, tb.Index(y, key))
			}
			return out
		}, zeros, ts)
	})
	gbars := b.Map(n, []ir.VName{it.Var}, glam)
	f := b.Lambda(append([]ir.Type{i64}, ts...), func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		i, v := ps[0], ps[1:]
		key := lb.Index(is, i)
		return ifIn(lb, inRangeAt(lb, key), func(tb *ir.Builder) []ir.SubExp {
			var p, sf []ir.SubExp
			for q := 0; q < k; q++ {
				p = append(p, tb.Index(pres[q].Var, i))
				sf = append(sf, tb.Index(sufs[q].Var, i))
			}
			x := inline(tb, e.Op, append(append([]ir.SubExp{}, p...), v...))
			return ifIn(tb, tb.Index(hasSuf.Var, i), func(cb *ir.Builder) []ir.SubExp {
				return inline(cb, second, append(append([]ir.SubExp{}, x...), sf...))
			}, x, ts)
		}, v, ts)
	})
	r.mapAdjoint(n, append([]ir.VName{it.Var}, e.Vals...), f, vars(gbars), nil)
}

// frozenOp is op with its free variables replaced by copies marked
// inactive: applying it propagates adjoints to its arguments only.
func (r *rev) frozenOp(op *ir.Lambda) *ir.Lambda {
	frozen := map[ir.VName]ir.SubExp{}
	for _, v := range ir.FreeInLambda(op).Sorted() {
		fz := r.b.Let(v.Base, &ir.Atom{X: ir.Var(v)})
		r.inactive.Add(fz.Var)
		frozen[v] = fz
	}
	return &ir.Lambda{Params: op.Params, Body: ir.Substitute(op.Body, frozen), Ret: op.Ret}
}

// forLoop emits a loop over i < n (i = n-1 down to 0 when backwards)
// carrying state, whose body is step; it returns the final state.
func forLoop(b *ir.Builder, n ir.SubExp, init []ir.SubExp, step func(lb *ir.Builder, i ir.SubExp, st []ir.SubExp) []ir.SubExp, backwards bool) []ir.SubExp {
	params := make([]ir.Param, len(init))
	st := make([]ir.SubExp, len(init))
	for q, x := range init {
		params[q] = b.Param("st", b.Type(x))
		st[q] = ir.Var(params[q].Name)
	}
	j := b.Param("i", ir.Scalar(prim.I64))
	lb := b.Sub()
	i := ir.Var(j.Name)
	if backwards {
		i = lb.BinOp(prim.Sub, lb.BinOp(prim.Sub, n, ir.I64(1)), i)
	}
	res := step(lb, i, st)
	pat := make([]ir.Param, len(init))
	for q, p := range params {
		pat[q] = b.Param(p.Name.Base, p.Type)
	}
	b.Bind(pat, &ir.Loop{Params: params, Init: init, Form: &ir.For{I: j.Name, T: prim.I64, Bound: n}, Body: lb.Body(res...)})
	return vars(paramNames(pat))
}

func typesOf(b *ir.Builder, xs []ir.SubExp) []ir.Type {
	ts := make([]ir.Type, len(xs))
	for i, x := range xs {
		ts[i] = b.Type(x)
	}
	return ts
}

func vnames(xs []ir.SubExp) []ir.VName {
	out := make([]ir.VName, len(xs))
	for i, x := range xs {
		out[i] = x.Var
	}
	return out
}
