package gogen

import (
	"fmt"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
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
	p := &loopJamPlan{}
	for _, s := range e.F.Body.Stms {
		if lp, ok := s.Exp.(*ir.Loop); ok && p.loop == nil {
			p.loop, p.l = s, lp
			continue
		}
		if !jamScalarStm(s) {
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
	f, _, ok := jammableLoop(p.loop, localTo(e.F), ir.Names{})
	if !ok {
		return nil
	}
	p.form = f
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
	if err := g.lockstep(p.l, p.form, p.env, env, state); err != nil {
		return "", err
	}
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

// lockstep emits loop l (form f) of every row at once: per step, each
// row's body in row order, reading the row's state (the loop's
// parameters, updated) and env (the values of envp).
func (g *gen) lockstep(l *ir.Loop, f *ir.For, envp []ir.Param, env, state [][]string) error {
	var bodyRet []ir.Type
	for _, lp := range l.Params {
		bodyRet = append(bodyRet, lp.Type)
	}
	counter := ir.Param{Name: f.I, Type: ir.Scalar(f.T)}
	body := &ir.Lambda{
		Params: append(append(append([]ir.Param{}, l.Params...), counter), envp...),
		Body:   l.Body,
		Ret:    bodyRet,
	}
	c := g.fresh("jc")
	g.open(fmt.Sprintf("for %s := %s(0); %s < %s; %s++ {", c, goScalar(f.T), c, g.sub(f.Bound), c))
	for q := range jamRows {
		args := append(append(append([]string{}, state[q]...), c), env[q]...)
		if err := g.apply(body, args, state[q]); err != nil {
			return err
		}
	}
	g.close("}")
	return nil
}

// The same for a map whose function adds into accumulators (reverse
// mode's adjoint of such a reduction: llsq's gradient runs, per row, the
// polynomial's loop forward and then a loop adding the row's
// contribution to every coefficient's adjoint). Its function is scalar
// statements and for loops of scalars and accumulators, each loop's
// bound the same for every row, and it returns only its accumulators;
// four rows run each loop in lockstep. The accumulators are updated in
// one loop only, at the element its counter names: element c receives
// the rows' contributions of step c in row order, as the plain loop adds
// them, so the sums are bit for bit the plain loop's.

// mapJamSeg is a run of scalar statements (loop nil) or a loop of a
// map's function.
type mapJamSeg struct {
	stms []*ir.Stm
	loop *ir.Stm
	l    *ir.Loop
	form *ir.For
}

// mapLoopJamOf returns the segments of e's function when the rows of map
// e can run four at a time (see above), or nil.
func (g *gen) mapLoopJamOf(e *ir.Map) []mapJamSeg {
	if g.mem == nil || g.mem.facts.LambdaMayFail(e.F) {
		return nil
	}
	accs := ir.Names{}
	for k, p := range e.F.Params {
		switch {
		case p.Type.Acc:
			if !g.additive(e.Arrs[k]) || g.types[e.Arrs[k]].Rank() != 1 {
				return nil
			}
			accs.Add(p.Name)
		case !p.Type.IsScalar():
			return nil
		}
	}
	for _, t := range e.F.Ret {
		if !t.Acc {
			return nil
		}
	}
	local := localTo(e.F)
	var segs []mapJamSeg
	loops, updating := 0, 0
	for _, s := range e.F.Body.Stms {
		lp, ok := s.Exp.(*ir.Loop)
		if !ok {
			if !jamScalarStm(s) {
				return nil
			}
			if len(segs) == 0 || segs[len(segs)-1].loop != nil {
				segs = append(segs, mapJamSeg{})
			}
			segs[len(segs)-1].stms = append(segs[len(segs)-1].stms, s)
			continue
		}
		f, updates, ok := jammableLoop(s, local, accs)
		if !ok {
			return nil
		}
		if updates {
			updating++
		}
		loops++
		segs = append(segs, mapJamSeg{loop: s, l: lp, form: f})
	}
	if loops == 0 || updating > 1 {
		return nil
	}
	return segs
}

// localTo is the names bound in function f: its parameters and what its
// body binds.
func localTo(f *ir.Lambda) ir.Names {
	local := ir.BoundInBody(f.Body)
	for _, q := range f.Params {
		local.Add(q.Name)
	}
	return local
}

// jammableLoop reports whether loop statement s of a function binding
// local can run in lockstep for four rows: a for loop whose bound every
// row shares (free in the function), of scalars and of the accumulators
// among accs (each carried through its updates), whose body is scalar
// statements, elements of free arrays and updates of those accumulators
// at the loop's counter only (step c adds into element c). It returns
// the loop's form, whether it updates, and adds the accumulators the
// loop returns to accs.
func jammableLoop(s *ir.Stm, local, accs ir.Names) (f *ir.For, updates, ok bool) {
	lp := s.Exp.(*ir.Loop)
	f, ok = lp.Form.(*ir.For)
	if !ok || len(lp.Body.Stms) > loopJamMaxStms || f.Bound.IsVar() && local.Has(f.Bound.Var) {
		return nil, false, false // the rows' loops would not run in lockstep
	}
	loopAccs := ir.Names{}
	for k, q := range lp.Params {
		switch {
		case q.Type.Acc:
			if !lp.Init[k].IsVar() || !accs.Has(lp.Init[k].Var) || !accCarried(lp.Body, lp.Body.Result[k], q.Name) {
				return nil, false, false
			}
			loopAccs.Add(q.Name)
		case !q.Type.IsScalar():
			return nil, false, false
		}
	}
	for _, b := range lp.Body.Stms {
		switch x := b.Exp.(type) {
		case *ir.Index:
			if len(b.Pat) == 1 && b.Pat[0].Type.IsScalar() && !local.Has(x.Arr) {
				continue // an element of an array free in the function
			}
		case *ir.UpdAcc:
			if len(x.Idx) == 1 && x.Idx[0].IsVar() && x.Idx[0].Var == f.I && f.T == prim.I64 && loopAccs.Has(x.Acc) && len(b.Pat) == 1 {
				loopAccs.Add(b.Pat[0].Name)
				updates = true
				continue
			}
			return nil, false, false
		}
		if !jamScalarStm(b) {
			return nil, false, false
		}
	}
	for k, q := range lp.Params {
		if q.Type.Acc {
			accs.Add(s.Pat[k].Name)
		}
	}
	return f, updates, true
}

// jamScalarStm reports whether s binds one scalar by an operation on
// scalars.
func jamScalarStm(s *ir.Stm) bool {
	if len(s.Pat) != 1 || !s.Pat[0].Type.IsScalar() {
		return false
	}
	switch s.Exp.(type) {
	case *ir.Atom, *ir.Bin, *ir.Un, *ir.Cmp, *ir.Call:
		return true
	}
	return false
}

// mapLoopJam emits the jammed rows of map e (segments segs) from lo while
// four remain before hi and returns the Go variable holding the first
// row it left for the plain loop.
func (g *gen) mapLoopJam(e *ir.Map, segs []mapJamSeg, lo, hi string) (string, error) {
	jb := g.fresh("jb")
	g.p("%s := %s", jb, lo)
	g.open(fmt.Sprintf("for ; %s+%d <= %s; %s += %d {", jb, jamRows, hi, jb, jamRows))
	// Per row, the Go variables of envp: the function's parameters, then
	// the names the segments bind, in order.
	envp := append([]ir.Param{}, e.F.Params...)
	env := make([][]string, jamRows)
	for q := range jamRows {
		iq := g.fresh("ji")
		g.p("%s := %s+%d", iq, jb, q)
		for _, a := range g.elemArgs(e.Arrs, e.F.Params, iq) {
			v := g.fresh("je")
			g.p("%s := %s", v, a)
			g.p("_ = %s", v)
			env[q] = append(env[q], v)
		}
	}
	where := func() map[ir.VName]int {
		m := map[ir.VName]int{}
		for k, q := range envp {
			m[q.Name] = k
		}
		return m
	}
	for _, sg := range segs {
		if sg.loop == nil {
			var res []ir.SubExp
			var ret []ir.Type
			for _, s := range sg.stms {
				res = append(res, ir.Var(s.Pat[0].Name))
				ret = append(ret, s.Pat[0].Type)
			}
			fn := &ir.Lambda{Params: append([]ir.Param{}, envp...), Body: &ir.Body{Stms: sg.stms, Result: res}, Ret: ret}
			for q := range jamRows {
				outs := make([]string, len(ret))
				for k, t := range ret {
					outs[k] = g.fresh("je")
					g.p("var %s %s", outs[k], goType(t))
				}
				if err := g.apply(fn, env[q], outs); err != nil {
					return "", err
				}
				env[q] = append(env[q], outs...)
			}
			for _, s := range sg.stms {
				envp = append(envp, s.Pat[0])
			}
			continue
		}
		at := where()
		state := make([][]string, jamRows)
		for q := range jamRows {
			for k, lp := range sg.l.Params {
				init := g.sub(sg.l.Init[k])
				if x := sg.l.Init[k]; x.IsVar() {
					if j, ok := at[x.Var]; ok {
						init = env[q][j]
					}
				}
				v := g.fresh("js")
				g.p("var %s %s = %s", v, goType(lp.Type), init)
				state[q] = append(state[q], v)
			}
		}
		// An accumulator the loop carries adds into the data of the one
		// it starts from (see loop).
		for k, lp := range sg.l.Params {
			if lp.Type.Acc {
				if d, ok := g.accData[sg.l.Init[k].Var]; ok {
					g.accData[lp.Name] = d
					g.accData[sg.loop.Pat[k].Name] = d
				}
			}
		}
		if err := g.lockstep(sg.l, sg.form, envp, env, state); err != nil {
			return "", err
		}
		for q := range jamRows {
			env[q] = append(env[q], state[q]...)
		}
		envp = append(envp, sg.loop.Pat...)
	}
	g.close("}")
	return jb, nil
}
