package rev

import "github.com/fluxion-lang/fluxion/internal/ir"

// Accumulators into map-reduce (seed 000, section 6.1). Inside a map
// lambda the adjoint of a free array is an accumulator; when every update
// of it adds a whole array (indices that range over the array, invariant
// to the map's dimension), the lambda returns that array instead and the
// map is followed by a sum over its outer dimension. The adjoint of a
// matrix multiplication then becomes two matrix multiplications written as
// maps and sums, with no accumulator.

// wholeAdds rewrites body, the lambda of a map whose results are the
// accumulators of fr.vars, then row adjoints and free-scalar adjoints
// (types ret), so that each accumulator updated only by whole-array
// additions (except those of the free arrays in accs) is replaced by the
// sum of those arrays, moved to the end of the results. It returns the free arrays that keep accumulators, the new
// body and result types, and the free arrays whose contributions are now
// the last results.
func wholeAdds(b *ir.Builder, fr *frame, body *ir.Body, ret []ir.Type, accs ir.Names) ([]ir.VName, *ir.Body, []ir.Type, []ir.VName) {
	nacc := len(fr.vars)
	var keep, summed []ir.VName
	var keepRes, sumRes []ir.SubExp
	var keepRet, sumRet []ir.Type
	stms := body.Stms
	for i, v := range fr.vars {
		contribs, rest, ok := wholeAddChain(stms, fr.params[v].Name, body.Result, i)
		if !ok || accs.Has(v) {
			keep = append(keep, v)
			keepRes = append(keepRes, body.Result[i])
			keepRet = append(keepRet, ret[i])
			continue
		}
		eb := b.Sub()
		for _, s := range rest {
			eb.Add(s)
		}
		t, _ := b.TypeOf(v)
		total := contribs[0]
		for _, c := range contribs[1:] {
			total = addValues(eb, t, total, c)
		}
		stms = eb.Stms()
		summed = append(summed, v)
		sumRes = append(sumRes, total)
		sumRet = append(sumRet, t)
	}
	if len(summed) == 0 {
		return fr.vars, body, ret, nil
	}
	res := append(append(append([]ir.SubExp{}, keepRes...), body.Result[nacc:]...), sumRes...)
	out := dce(&ir.Body{Stms: stms, Result: res})
	bound := ir.BoundInBody(out)
	types := append(append([]ir.Type{}, keepRet...), ret[nacc:]...)
	for _, t := range sumRet {
		types = append(types, ir.EraseSizes(t, bound))
	}
	return keep, out, types, summed
}

// wholeAddChain follows accumulator acc through stms: every statement
// that uses it must be a whole-array addition (what accAddArray emits),
// and the last one must be result i and nothing else. It returns the
// added arrays and stms without those additions.
func wholeAddChain(stms []*ir.Stm, acc ir.VName, result []ir.SubExp, i int) ([]ir.SubExp, []*ir.Stm, bool) {
	iotas := map[ir.VName]ir.SubExp{}
	var contribs []ir.SubExp
	var rest []*ir.Stm
	cur := acc
	for _, s := range stms {
		if it, ok := s.Exp.(*ir.Iota); ok && it.Start.IsNone() && it.Step.IsNone() {
			iotas[s.Pat[0].Name] = it.N
		}
		if !ir.FreeInExp(s.Exp).Has(cur) {
			rest = append(rest, s)
			continue
		}
		c, ok := wholeAdd(s, cur, iotas)
		if !ok {
			return nil, nil, false
		}
		contribs = append(contribs, c)
		cur = s.Pat[0].Name
	}
	if len(contribs) == 0 || !result[i].IsVar() || result[i].Var != cur {
		return nil, nil, false
	}
	for k, r := range result {
		if k != i && r.IsVar() && r.Var == cur {
			return nil, nil, false
		}
	}
	return contribs, rest, true
}

// wholeAdd recognises acc2 = map n (iota n, acc) (\k a -> upd a [k] c[k])
// and returns c.
func wholeAdd(s *ir.Stm, acc ir.VName, iotas map[ir.VName]ir.SubExp) (ir.SubExp, bool) {
	m, ok := s.Exp.(*ir.Map)
	if !ok || len(m.Arrs) != 2 || m.Arrs[1] != acc || len(s.Pat) != 1 {
		return ir.SubExp{}, false
	}
	if n, ok := iotas[m.Arrs[0]]; !ok || !n.Equal(m.W) {
		return ir.SubExp{}, false
	}
	f := m.F
	if len(f.Params) != 2 || len(f.Body.Stms) != 2 || len(f.Body.Result) != 1 {
		return ir.SubExp{}, false
	}
	k, a := f.Params[0].Name, f.Params[1].Name
	ix, ok1 := f.Body.Stms[0].Exp.(*ir.Index)
	up, ok2 := f.Body.Stms[1].Exp.(*ir.UpdAcc)
	if !ok1 || !ok2 || len(ix.Idx) != 1 || !ix.Idx[0].Equal(ir.Var(k)) || ix.Arr == a || ix.Arr == k {
		return ir.SubExp{}, false
	}
	row := f.Body.Stms[0].Pat[0].Name
	if up.Acc != a || len(up.Idx) != 1 || !up.Idx[0].Equal(ir.Var(k)) || !up.Val.Equal(ir.Var(row)) ||
		!f.Body.Result[0].Equal(ir.Var(f.Body.Stms[1].Pat[0].Name)) {
		return ir.SubExp{}, false
	}
	return ir.Var(ix.Arr), true
}
