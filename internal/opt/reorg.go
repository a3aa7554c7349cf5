package opt

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
)

// Reorg removes code that only reorganises arrays it is given:
//
//   - A map input that is a replicate of v (of the map's width) is v in
//     the function: map (\x y -> f x y) xs (replicate n v) is
//     map (\x -> f x v) xs.
//   - A map input that is iota n (from 0 by 1, the map's width) used as
//     the only index of a free array of outer size n reads that array's
//     rows instead: map (\i -> g xs[i]) (iota n) is map g xs. Such an
//     index cannot be out of bounds.
//   - A map result that is one of the function's parameters is the input
//     array itself: identity and projection maps (zip, unzip and the
//     like) disappear. If the result may be consumed or the input's
//     storage updated afterwards, the result is a copy of the input. A map that keeps no other
//     result goes when its function cannot fail.
//   - A map whose function only rearranges its row is the rearrangement
//     of its input that keeps the outer dimension (a view), when the
//     result is never consumed and the input's storage is not updated
//     afterwards.
//   - A copy whose result is never consumed, of an array whose storage
//     nothing after it updates, is its source; so is a copy of a fresh
//     array of the same body that nothing else reads.
//
// Inputs whose declared outer size is not the map's width are left alone,
// so every size check stays.
func Reorg(p *ir.Program) (*ir.Program, error) {
	return eachFunc(p, func(f *ir.Func) error {
		w := newForward(f)
		r := &reorg{w: w, fa: ir.NewFacts(f), ns: ir.BuilderFor(f).Names(), uses: map[ir.VName]int{}, merged: ir.Names{}}
		(&ir.Visitor{Use: func(n ir.VName) { r.uses[n]++ }}).Body(f.Body)
		w.rule = r.rule
		w.run(f)
		return nil
	})
}

type reorg struct {
	w    *forward
	fa   *ir.Facts
	ns   *ir.NameSource
	uses map[ir.VName]int
	// merged are names that now share storage they did not share when
	// the facts were computed: the rules leave them alone until the next
	// run.
	merged ir.Names
}

func (r *reorg) rule(s *ir.Stm) ([]*ir.Stm, []ir.SubExp, bool) {
	switch e := s.Exp.(type) {
	case *ir.Map:
		if pre, res, ok := r.mapRearrange(s, e); ok {
			return pre, res, true
		}
		return r.mapInputs(s, e)
	case *ir.Copy:
		if len(s.Pat) != 1 {
			return nil, nil, false
		}
		x, y := e.Arr, s.Pat[0].Name
		if r.merged.Has(x) {
			return nil, nil, false
		}
		never := !r.fa.UpdatedAfter(x, y) && !r.fa.MayBeConsumed(y)
		sole := r.fa.Fresh(x) && r.uses[x] == 1 && r.w.inScope(x)
		if never || sole {
			r.uses[x] += r.uses[y]
			r.merged.Add(x)
			return nil, []ir.SubExp{ir.Var(x)}, true
		}
	}
	return nil, nil, false
}

// mapRearrange rewrites a map whose function only rearranges its row,
// map (\x -> rearrange p x) xs, as the rearrangement of xs that keeps its
// outer dimension: rearrange (0, p+1) xs, a view, when the result is never
// consumed and nothing updates xs afterwards.
func (r *reorg) mapRearrange(s *ir.Stm, e *ir.Map) ([]*ir.Stm, []ir.SubExp, bool) {
	if len(e.Arrs) != 1 || len(e.F.Params) != 1 || len(s.Pat) != 1 || len(e.F.Body.Stms) != 1 || !r.widthOf(e.Arrs[0], e.W) {
		return nil, nil, false
	}
	st := e.F.Body.Stms[0]
	re, ok := st.Exp.(*ir.Rearrange)
	a, q := e.Arrs[0], s.Pat[0].Name
	if !ok || len(st.Pat) != 1 || re.Arr != e.F.Params[0].Name || !e.F.Body.Result[0].Equal(ir.Var(st.Pat[0].Name)) ||
		r.merged.Has(a) || r.fa.MayBeConsumed(q) || r.fa.UpdatedAfter(a, q) {
		return nil, nil, false
	}
	perm := []int{0}
	for _, k := range re.Perm {
		perm = append(perm, k+1)
	}
	r.uses[a] += r.uses[q]
	r.merged.Add(a)
	return []*ir.Stm{{Pat: s.Pat, Exp: &ir.Rearrange{Arr: a, Perm: perm}, Pos: s.Pos}}, []ir.SubExp{ir.Var(q)}, true
}

// widthOf reports whether a is declared with outer size w.
func (r *reorg) widthOf(a ir.VName, w ir.SubExp) bool {
	t, ok := r.w.types[a]
	return ok && t.IsArray() && t.Shape[0].Equal(w)
}

// mapInputs applies the map rules to s, a map.
func (r *reorg) mapInputs(s *ir.Stm, e *ir.Map) ([]*ir.Stm, []ir.SubExp, bool) {
	if len(e.Arrs) != len(e.F.Params) || len(e.F.Ret) != len(s.Pat) {
		return nil, nil, false
	}
	changed := false
	sub := map[ir.VName]ir.SubExp{}
	arrs := append([]ir.VName{}, e.Arrs...)
	params := append([]ir.Param{}, e.F.Params...)
	stms := append([]*ir.Stm{}, e.F.Body.Stms...)
	bound := ir.BoundInBody(e.F.Body) // and the parameters: their rows are not free arrays
	for _, p := range e.F.Params {
		bound.Add(p.Name)
	}
	for k, a := range e.Arrs {
		p := e.F.Params[k]
		if p.Type.Acc || !r.widthOf(a, e.W) {
			continue
		}
		switch d := r.w.defs[a].(type) {
		case *ir.Replicate:
			if len(d.Shape) == 1 && d.Shape[0].Equal(e.W) {
				sub[p.Name] = d.Val
				changed = true
			}
		case *ir.Iota:
			if n, ok := ir.CountingIota(d); !ok || !n.Equal(e.W) {
				continue
			}
			rows := map[ir.VName]ir.VName{} // array -> the parameter bound to its rows
			for i, st := range stms {
				ix, ok := st.Exp.(*ir.Index)
				if !ok || len(ix.Idx) != 1 || !ix.Idx[0].Equal(ir.Var(p.Name)) || bound.Has(ix.Arr) || !r.widthOf(ix.Arr, e.W) || len(st.Pat) != 1 {
					continue
				}
				q, ok := rows[ix.Arr]
				if !ok {
					t := r.w.types[ix.Arr]
					np := ir.Param{Name: r.ns.New(ix.Arr.Base + "_row"), Type: t.Row()}
					arrs = append(arrs, ix.Arr)
					params = append(params, np)
					rows[ix.Arr] = np.Name
					q = np.Name
				}
				stms[i] = &ir.Stm{Pat: st.Pat, Exp: &ir.Atom{X: ir.Var(q)}, Pos: st.Pos}
				changed = true
			}
		}
	}
	f := &ir.Lambda{Params: params, Body: &ir.Body{Stms: stms, Result: e.F.Body.Result}, Ret: e.F.Ret}
	if len(sub) > 0 {
		f = ir.SubstituteLambda(f, sub)
	}
	// Projections: results that are parameters bound to rows of inputs of
	// the map's width.
	input := map[ir.VName]ir.VName{}
	for k, p := range f.Params {
		if !p.Type.Acc && r.widthOf(arrs[k], e.W) {
			input[p.Name] = arrs[k]
		}
	}
	var pre []*ir.Stm
	res := make([]ir.SubExp, len(s.Pat))
	keep := make([]bool, len(s.Pat))
	kept := 0
	for k, q := range s.Pat {
		x := f.Body.Result[k]
		a, ok := input[x.Var]
		if !x.IsVar() || !ok {
			keep[k] = true
			kept++
			res[k] = ir.Var(q.Name)
			continue
		}
		changed = true
		if r.merged.Has(a) || r.fa.MayBeConsumed(q.Name) || r.fa.UpdatedAfter(a, q.Name) {
			pre = append(pre, &ir.Stm{Pat: []ir.Param{q}, Exp: &ir.Copy{Arr: a}, Pos: s.Pos})
			res[k] = ir.Var(q.Name)
			continue
		}
		res[k] = ir.Var(a)
		r.uses[a] += r.uses[q.Name]
		r.merged.Add(a)
	}
	if !changed {
		return nil, nil, false
	}
	allWidths := true
	for _, a := range arrs {
		allWidths = allWidths && (r.widthOf(a, e.W) || r.isAcc(a))
	}
	if kept == 0 && (!allWidths || r.fa.LambdaMayFail(f)) {
		// The map goes only if it could not fail; keep one result.
		keep[0] = true
		kept = 1
		res[0] = ir.Var(s.Pat[0].Name)
		if len(pre) > 0 && pre[0].Pat[0].Name == s.Pat[0].Name {
			pre = pre[1:]
		}
	}
	if kept > 0 {
		m := &ir.Map{W: e.W, Arrs: arrs, F: &ir.Lambda{Params: f.Params, Body: &ir.Body{Stms: f.Body.Stms, Result: pick(f.Body.Result, keep)}, Ret: pick(f.Ret, keep)}}
		pre = append([]*ir.Stm{{Pat: pick(s.Pat, keep), Exp: m, Pos: s.Pos}}, pre...)
	}
	return pre, res, true
}

func (r *reorg) isAcc(a ir.VName) bool {
	t, ok := r.w.types[a]
	return ok && t.Acc
}
