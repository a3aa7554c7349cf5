package ad

import "github.com/fluxion-lang/fluxion/internal/ir"

// ifStm: both branches return their primal results, then the tangents of
// the results that have one in either branch (zero in the other).
func (f *fwd) ifStm(s *ir.Stm, e *ir.If) {
	tb, eb := f.fork(f.b.Sub()), f.fork(f.b.Sub())
	tb.stms(e.Then.Stms)
	eb.stms(e.Else.Stms)
	tb.flush()
	eb.flush()
	n := len(e.Ret)
	thenRes, elseRes := append([]ir.SubExp{}, e.Then.Result...), append([]ir.SubExp{}, e.Else.Result...)
	ret := append([]ir.Type{}, e.Ret...)
	var which []int
	for i := 0; i < n; i++ {
		dt, de := tb.tan(e.Then.Result[i]), eb.tan(e.Else.Result[i])
		if dt.IsNone() && de.IsNone() {
			continue
		}
		if dt.IsNone() {
			dt = tb.tanOrZeroRes(tb.b, e.Then.Result[i], e.Ret[i])
		}
		if de.IsNone() {
			de = eb.tanOrZeroRes(eb.b, e.Else.Result[i], e.Ret[i])
		}
		thenRes = append(thenRes, dt)
		elseRes = append(elseRes, de)
		ret = append(ret, f.tanType(e.Ret[i]))
		which = append(which, i)
	}
	pat := append([]ir.Param{}, s.Pat...)
	for _, i := range which {
		pat = append(pat, f.b.Param("d"+s.Pat[i].Name.Base, f.tanType(s.Pat[i].Type)))
	}
	f.b.Pos = s.Pos
	tb.prune(tb.b.Stms(), thenRes)
	eb.prune(eb.b.Stms(), elseRes)
	f.b.Bind(pat, &ir.If{Cond: e.Cond, Then: tb.b.Body(thenRes...), Else: eb.b.Body(elseRes...), Ret: ret})
	for k, i := range which {
		f.setTan(s.Pat[i].Name, ir.Var(pat[n+k].Name))
	}
}

// fixpoint grows the set of values that need a tangent until step, which
// reports which of them come out with a nonzero tangent, adds nothing.
func fixpoint(start []bool, step func(has []bool) []bool) []bool {
	has := append([]bool{}, start...)
	for {
		out := step(has)
		changed := false
		for i, o := range out {
			if o && !has[i] {
				has[i], changed = true, true
			}
		}
		if !changed {
			return has
		}
	}
}

// loopBody differentiates a loop body whose parameters params have
// tangent parameters where has is set; it returns the tangent parameters
// (zero names elsewhere), the body and which results have tangents.
func (f *fwd) loopBody(params []ir.Param, has []bool, body *ir.Body, materialise bool) ([]ir.Param, *ir.Body, []bool) {
	g := f.fork(f.b.Sub())
	tps := make([]ir.Param, len(params))
	for i, p := range params {
		if has[i] {
			tps[i] = g.b.Param("d"+p.Name.Base, f.tanType(p.Type))
			g.setTan(p.Name, ir.Var(tps[i].Name))
		}
	}
	g.stms(body.Stms)
	g.flush()
	out := make([]bool, len(params))
	res := append([]ir.SubExp{}, body.Result...)
	for i, r := range body.Result {
		d := g.tan(r)
		out[i] = !d.IsNone()
		if materialise && has[i] {
			if d.IsNone() {
				d = g.tanOrZeroRes(g.b, r, params[i].Type)
			}
			res = append(res, d)
		}
	}
	g.prune(g.b.Stms(), res)
	return tps, g.b.Body(res...), out
}

// loop carries the tangents of loop parameters as extra parameters. Which
// parameters need one is found by differentiating the body until no new
// tangent appears (a parameter whose initial tangent is zero gets one when
// the body gives it one).
func (f *fwd) loop(s *ir.Stm, e *ir.Loop) {
	start := make([]bool, len(e.Params))
	for i, x := range e.Init {
		// A parameter whose tangent nothing needs carries none.
		start[i] = !f.tan(x).IsNone() && f.need.Has(e.Params[i].Name)
	}
	has := fixpoint(start, func(has []bool) []bool {
		_, _, out := f.loopBody(e.Params, has, e.Body, false)
		return out
	})
	tps, body, _ := f.loopBody(e.Params, has, e.Body, true)
	params := append([]ir.Param{}, e.Params...)
	init := append([]ir.SubExp{}, e.Init...)
	pat := append([]ir.Param{}, s.Pat...)
	var which []int
	for i, h := range has {
		if !h {
			continue
		}
		params = append(params, tps[i])
		init = append(init, f.tanOrZeroRes(f.b, e.Init[i], e.Params[i].Type))
		pat = append(pat, f.b.Param("d"+s.Pat[i].Name.Base, f.tanType(s.Pat[i].Type)))
		which = append(which, i)
	}
	f.b.Pos = s.Pos
	f.b.Bind(pat, &ir.Loop{Params: params, Init: init, Form: e.Form, Body: body, Attrs: e.Attrs})
	for k, i := range which {
		f.setTan(s.Pat[i].Name, ir.Var(pat[len(s.Pat)+k].Name))
	}
}
