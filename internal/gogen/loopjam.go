package gogen

import (
	"fmt"

	"github.com/fluxion-lang/fluxion/internal/ir"
)

// Unroll-and-jam of a reduction over rows whose element is computed by a
// for loop of scalars: llsq's residuals, each a polynomial evaluated by
// a loop of 128 steps whose multiplications and additions depend on the
// step before. One row at a time, such a loop runs at the latency of
// that chain; four rows at a time, the four chains advance together. The
// loop's bound must be the same for every row (free in the element
// function), so the four loops run in lockstep; each row's operations
// are its own, in its own order, and the rows' results are folded into
// the reduction in row order, as the plain loop folds them: the results
// are bit for bit those of the plain loop. Nothing in the element
// function or the operators may fail (an error would be another row's),
// and only scalars are involved. Rows left over run the plain loop.

// loopJamMaxStms bounds the loop body copied jamRows times.
const loopJamMaxStms = 16

// loopJamPlan is a Screma that loopJam applies to.
type loopJamPlan struct {
	pre, post []*ir.Stm  // the scalar statements before and after the loop
	loop      *ir.Stm    // the loop statement
	l         *ir.Loop   // its expression
	form      *ir.For    // its form
	env       []ir.Param // the function's parameters and the names pre binds
}

// loopJamOf reports how loopJam applies to e, or nil.
func (g *gen) loopJamOf(e *ir.Screma, l scremaLayout) *loopJamPlan {
	if g.mem == nil || len(e.Scans)+len(e.Hists)+len(e.Scatters) > 0 || len(e.Reds) == 0 || l.mapIn != len(e.F.Ret) {
		return nil
	}
	for _, r := range e.Reds {
		if !scalarFunc(r.Op) || g.mem.facts.LambdaMayFail(r.Op) {
			return nil
		}
	}
	for _, t := range e.F.Ret {
		if !t.IsScalar() {
			return nil
		}
	}
	for _, p := range e.F.Params {
		if !p.Type.IsScalar() {
			return nil
		}
	}
	if g.mem.facts.LambdaMayFail(e.F) {
		return nil
	}
	scalarStm := func(s *ir.Stm) bool {
		if len(s.Pat) != 1 || !s.Pat[0].Type.IsScalar() {
			return false
		}
		switch s.Exp.(type) {
		case *ir.Atom, *ir.Bin, *ir.Un, *ir.Cmp, *ir.Call:
			return true
		}
		return false
	}
	p := &loopJamPlan{}
	for _, s := range e.F.Body.Stms {
		if lp, ok := s.Exp.(*ir.Loop); ok && p.loop == nil {
			p.loop, p.l = s, lp
			continue
		}
		if !scalarStm(s) {
			return nil
		}
		if p.loop == nil {
			p.pre = append(p.pre, s)
		} else {
			p.post = append(p.post, s)
		}
	}
	if p.loop == nil {
		return nil
	}
	f, ok := p.l.Form.(*ir.For)
	if !ok || len(p.l.Body.Stms) > loopJamMaxStms {
		return nil
	}
	p.form = f
	local := ir.BoundInBody(e.F.Body)
	for _, q := range e.F.Params {
		local.Add(q.Name)
	}
	if f.Bound.IsVar() && local.Has(f.Bound.Var) {
		return nil // the rows' loops would not run in lockstep
	}
	for _, q := range p.l.Params {
		if !q.Type.IsScalar() {
			return nil
		}
	}
	for _, q := range p.loop.Pat {
		if !q.Type.IsScalar() {
			return nil
		}
	}
	for _, s := range p.l.Body.Stms {
		if x, ok := s.Exp.(*ir.Index); ok && len(s.Pat) == 1 && s.Pat[0].Type.IsScalar() && !local.Has(x.Arr) {
			continue // an element of an array free in the function
		}
		if !scalarStm(s) {
			return nil
		}
	}
	p.env = append(p.env, e.F.Params...)
	for _, s := range p.pre {
		p.env = append(p.env, s.Pat[0])
	}
	return p
}

// loopJam emits the jammed loop of e (see loopJamPlan) over its rows from
// lo while four remain before hi, folding the rows' results into accs in
// row order, and returns the Go variable holding the first row it left
// for the plain loop.
func (g *gen) loopJam(e *ir.Screma, l scremaLayout, p *loopJamPlan, accs [][]string, lo, hi string) (string, error) {
	jb := g.fresh("jb")
	g.p("%s := %s", jb, lo)
	g.open(fmt.Sprintf("for ; %s+%d <= %s; %s += %d {", jb, jamRows, hi, jb, jamRows))
	where := map[ir.VName]int{}
	for k, q := range p.env {
		where[q.Name] = k
	}
	// Per row: the function's parameters, then what pre computes.
	var preRes []ir.SubExp
	var preRet []ir.Type
	for _, s := range p.pre {
		preRes = append(preRes, ir.Var(s.Pat[0].Name))
		preRet = append(preRet, s.Pat[0].Type)
	}
	pre := &ir.Lambda{Params: e.F.Params, Body: &ir.Body{Stms: p.pre, Result: preRes}, Ret: preRet}
	env := make([][]string, jamRows)
	for q := range jamRows {
		iq := g.fresh("ji")
		g.p("%s := %s+%d", iq, jb, q)
		var vals []string
		for _, a := range g.elemArgs(e.Arrs, e.F.Params, iq) {
			v := g.fresh("je")
			g.p("%s := %s", v, a)
			g.p("_ = %s", v)
			vals = append(vals, v)
		}
		outs := make([]string, len(p.pre))
		for k, t := range preRet {
			outs[k] = g.fresh("je")
			g.p("var %s %s", outs[k], goType(t))
		}
		if len(p.pre) > 0 {
			if err := g.apply(pre, vals, outs); err != nil {
				return "", err
			}
		}
		env[q] = append(vals, outs...)
	}
	goOf := func(q int, x ir.SubExp) string {
		if x.IsVar() {
			if k, ok := where[x.Var]; ok {
				return env[q][k]
			}
		}
		return g.sub(x)
	}
	// The loops' parameters, per row, then the loops in lockstep.
	state := make([][]string, jamRows)
	for q := range jamRows {
		for k, lp := range p.l.Params {
			v := g.fresh("js")
			g.p("var %s %s = %s", v, goType(lp.Type), goOf(q, p.l.Init[k]))
			state[q] = append(state[q], v)
		}
	}
	var bodyRet []ir.Type
	for _, lp := range p.l.Params {
		bodyRet = append(bodyRet, lp.Type)
	}
	counter := ir.Param{Name: p.form.I, Type: ir.Scalar(p.form.T)}
	body := &ir.Lambda{
		Params: append(append(append([]ir.Param{}, p.l.Params...), counter), p.env...),
		Body:   p.l.Body,
		Ret:    bodyRet,
	}
	c := g.fresh("jc")
	g.open(fmt.Sprintf("for %s := %s(0); %s < %s; %s++ {", c, goScalar(p.form.T), c, g.sub(p.form.Bound), c))
	for q := range jamRows {
		args := append(append(append([]string{}, state[q]...), c), env[q]...)
		if err := g.apply(body, args, state[q]); err != nil {
			return "", err
		}
	}
	g.close("}")
	// What follows the loop, per row, and the rows' results folded in
	// row order.
	post := &ir.Lambda{
		Params: append(append([]ir.Param{}, p.env...), p.loop.Pat...),
		Body:   &ir.Body{Stms: p.post, Result: e.F.Body.Result},
		Ret:    e.F.Ret,
	}
	for q := range jamRows {
		res := make([]string, len(e.F.Ret))
		for k, rt := range e.F.Ret {
			res[k] = g.fresh("jr")
			g.p("var %s %s", res[k], goType(rt))
		}
		if err := g.apply(post, append(append([]string{}, env[q]...), state[q]...), res); err != nil {
			return "", err
		}
		for r, red := range e.Reds {
			m := len(red.Neutral)
			vals := res[l.redIn[r] : l.redIn[r]+m]
			if err := g.apply(red.Op, append(append([]string{}, accs[r]...), vals...), accs[r]); err != nil {
				return "", err
			}
		}
	}
	g.close("}")
	return jb, nil
}
