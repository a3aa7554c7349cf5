package ad

import "github.com/fluxion-lang/fluxion/internal/ir"

// withAcc gives every accumulator a tangent accumulator beside it, so that
// jvp of code that accumulates (reverse-mode output) is jvp of its sums.
// Only additive accumulators are linear in their updates; a custom
// operator would need its primal and tangent combined in one accumulator.
func (f *fwd) withAcc(s *ir.Stm, e *ir.WithAcc) {
	n := len(e.Inputs)
	inputs := append([]ir.AccInput{}, e.Inputs...)
	for _, in := range e.Inputs {
		if in.Op != nil {
			fail(s.Pos, "forward mode: cannot differentiate an accumulator with a custom operator (only additive accumulators)")
		}
		inputs = append(inputs, ir.AccInput{Arr: f.tanOrZero(f.b, ir.Var(in.Arr)).Var})
	}
	has := make([]bool, n)
	for i := range has {
		has[i] = true
	}
	want := f.diffLambda(e.F, has, nil).out
	for i := 0; i < n; i++ {
		want[i] = true
	}
	dl := f.diffLambda(e.F, has, want)
	params := append(append([]ir.Param{}, e.F.Params...), dl.tps...)
	res := append(append([]ir.SubExp{}, dl.res[:n]...), dl.tres[:n]...)
	ret := append([]ir.Type{}, e.F.Ret[:n]...)
	for i := 0; i < n; i++ {
		ret = append(ret, f.tanType(e.F.Ret[i]))
	}
	res = append(res, dl.res[n:]...)
	ret = append(ret, e.F.Ret[n:]...)
	var which []int
	for i := n; i < len(dl.res); i++ {
		if !dl.tres[i].IsNone() {
			res = append(res, dl.tres[i])
			ret = append(ret, f.tanType(e.F.Ret[i]))
			which = append(which, i)
		}
	}
	lam := &ir.Lambda{Params: params, Body: &ir.Body{Stms: dl.stms, Result: res}, Ret: ret}
	exp := &ir.WithAcc{Inputs: inputs, F: lam}
	ts, err := ir.ExpTypes(exp, f.b.TypeOf)
	if err != nil {
		fail(s.Pos, "internal error: %v", err)
	}
	pat := append([]ir.Param{}, s.Pat[:n]...)
	for i := 0; i < n; i++ {
		pat = append(pat, f.b.Param("dacc", ts[n+i]))
	}
	pat = append(pat, s.Pat[n:]...)
	for _, t := range ts[len(pat):] {
		pat = append(pat, f.b.Param("d", t))
	}
	f.b.Pos = s.Pos
	f.b.Bind(pat, exp)
	for i := 0; i < n; i++ {
		f.setTan(s.Pat[i].Name, ir.Var(pat[n+i].Name))
	}
	for k, i := range which {
		f.setTan(s.Pat[i].Name, ir.Var(pat[len(s.Pat)+n+k].Name))
	}
}

// updAcc adds the tangent of the value to the tangent accumulator at the
// same index. An accumulator without tangent (a free variable of the
// differentiated function) is a constant: its updates have no tangent.
func (f *fwd) updAcc(s *ir.Stm, e *ir.UpdAcc) {
	dacc := f.tanOf(e.Acc)
	dv := f.tan(e.Val)
	f.b.Add(s)
	if dacc.IsNone() {
		return
	}
	if dv.IsNone() {
		f.setTan(s.Pat[0].Name, dacc)
		return
	}
	f.b.Pos = s.Pos
	f.flush()
	f.setTan(s.Pat[0].Name, f.b.Let("dacc", &ir.UpdAcc{Acc: dacc.Var, Idx: e.Idx, Val: dv}))
}
