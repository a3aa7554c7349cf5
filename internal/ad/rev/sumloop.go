package rev

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Loops that only accumulate. In a for loop whose active parameters are
// each updated as a' = a + g, where g does not depend on any active
// parameter and a is read by nothing else, every iteration passes the
// adjoint of a on unchanged: it is the adjoint of the loop's result a in
// every iteration. The iterations' contributions to what g reads then
// need no particular order, so the return sweep is a loop running
// forwards that recomputes the inactive parameters (those that do not
// depend on the vjp's parameters, such as the powers t^j of a polynomial)
// from their initial values and differentiates g at the result's
// adjoint. Nothing is checkpointed: the forward sweep runs the loop as it
// is. A polynomial evaluated by a loop, sum_j x[j] t^j, gets its gradient
// t^j from a second forward loop instead of a scratch array of powers
// read backwards.

// sumLoop is what the return sweep of an accumulating loop needs: the
// loop parameters that are accumulated (the others are inactive).
type sumLoop struct {
	accum []bool
}

// accumulating recognises a loop of the form above, given what is known
// inactive before it.
func (r *rev) accumulating(l *ir.Loop) (*sumLoop, bool) {
	form, ok := l.Form.(*ir.For)
	if !ok || noSumLoops {
		return nil, false
	}
	np := len(l.Params)
	isInactive := func(x ir.SubExp, local ir.Names) bool {
		return !x.IsVar() || r.inactive.Has(x.Var) || local.Has(x.Var)
	}
	// The inactive parameters: those whose initial values are inactive and
	// whose next values are computed from inactive values only (a
	// fixpoint, starting from all with an inactive initial value).
	inact := make([]bool, np)
	for k, x := range l.Init {
		inact[k] = isInactive(x, nil)
	}
	for {
		local := ir.Names{}
		local.Add(form.I)
		for k, p := range l.Params {
			if inact[k] {
				local.Add(p.Name)
			}
		}
		for _, s := range l.Body.Stms {
			all := true
			for v := range ir.FreeInExp(s.Exp) {
				all = all && isInactive(ir.Var(v), local)
			}
			if all {
				for _, p := range s.Pat {
					local.Add(p.Name)
				}
			}
		}
		changed := false
		for k := range l.Params {
			if inact[k] && !isInactive(l.Body.Result[k], local) {
				inact[k], changed = false, true
			}
		}
		if !changed {
			break
		}
	}
	// Names of the body that depend on an active parameter.
	dep := ir.Names{}
	for k, p := range l.Params {
		if !inact[k] {
			dep.Add(p.Name)
		}
	}
	uses := map[ir.VName]int{}
	def := map[ir.VName]*ir.Stm{}
	for _, s := range l.Body.Stms {
		for v := range ir.FreeInExp(s.Exp) {
			uses[v]++
			if dep.Has(v) {
				for _, p := range s.Pat {
					dep.Add(p.Name)
				}
			}
		}
		for _, p := range s.Pat {
			def[p.Name] = s
		}
	}
	for _, x := range l.Body.Result {
		if x.IsVar() {
			uses[x.Var]++
		}
	}
	accum := make([]bool, np)
	any := false
	for k, p := range l.Params {
		if inact[k] {
			continue
		}
		res := l.Body.Result[k]
		if !p.Type.IsScalar() || !p.Type.Elem.IsFloat() || !res.IsVar() || uses[p.Name] != 1 || uses[res.Var] != 1 {
			return nil, false
		}
		s := def[res.Var]
		if s == nil {
			return nil, false
		}
		e, ok := s.Exp.(*ir.Bin)
		if !ok || e.Op != prim.Add {
			return nil, false
		}
		g := e.Y
		switch {
		case e.X.Equal(ir.Var(p.Name)):
		case e.Y.Equal(ir.Var(p.Name)):
			g = e.X
		default:
			return nil, false
		}
		if g.IsVar() && dep.Has(g.Var) {
			return nil, false
		}
		accum[k], any = true, true
	}
	if !any {
		return nil, false
	}
	return &sumLoop{accum: accum}, true
}

// noSumLoops turns the rule off, so that tests can compare it with the
// checkpointing rule.
var noSumLoops bool

// sumLoopReverse is the return sweep of an accumulating loop (see above).
func (r *rev) sumLoopReverse(s *ir.Stm, l *ir.Loop, sl *sumLoop) {
	form := l.Form.(*ir.For)
	np := len(l.Params)
	ybars := make([]ir.SubExp, np)
	for k := range l.Params {
		if sl.accum[k] {
			ybars[k] = r.current(s.Pat[k].Name)
		}
	}
	// build emits one iteration into a fresh builder, with fvs (the free
	// names whose adjoints it changes) bound to fvbars, the inactive
	// parameters to qs and the loop index to i.
	type iter struct {
		c       *rev
		local   ir.Names
		results []ir.SubExp
	}
	build := func(fvs []ir.VName, fvbars []ir.Param, qs []ir.Param, i ir.VName) iter {
		bb := r.b.Sub()
		c := r.child(bb)
		sub := map[ir.VName]ir.SubExp{form.I: ir.Var(i)}
		for k, p := range l.Params {
			if sl.accum[k] {
				// Read by its addition only, whose value the return
				// sweep does not need.
				sub[p.Name] = zeroOf(p.Type.Elem)
				continue
			}
			sub[p.Name] = ir.Var(qs[k].Name)
		}
		body := renameBody(r.b, ir.Substitute(l.Body, sub))
		for k, v := range fvs {
			c.adj[v] = ir.Var(fvbars[k].Name)
			c.owned[fvbars[k].Name] = true
		}
		c.forwardOwning(body.Stms, nil)
		for k, res := range body.Result {
			if sl.accum[k] {
				c.addTo(res.Var, ybars[k])
			}
		}
		c.reverseStms(body.Stms)
		local := ir.BoundInBody(body)
		local.Add(i)
		var out []ir.SubExp
		for k := range l.Params {
			if !sl.accum[k] {
				out = append(out, body.Result[k])
			}
		}
		seen := ir.Names{}
		for _, v := range fvs {
			x := c.current(v)
			if x.IsVar() && c.typeOf(x.Var).IsArray() && (!c.owned[x.Var] || seen.Has(x.Var)) {
				x = bb.Let("adj", &ir.Copy{Arr: x.Var})
			}
			if x.IsVar() {
				seen.Add(x.Var)
			}
			out = append(out, x)
		}
		return iter{c: c, local: local, results: out}
	}
	i := r.b.Names().New(form.I.Base)
	r.b.Declare(ir.Param{Name: i, Type: ir.Scalar(form.T)})
	r.inactive.Add(i)
	qs := make([]ir.Param, np)
	var qparams []ir.Param
	var qinits []ir.SubExp
	for k, p := range l.Params {
		if !sl.accum[k] {
			qs[k] = r.b.Param(p.Name.Base, p.Type)
			r.inactive.Add(qs[k].Name)
			qparams = append(qparams, qs[k])
			qinits = append(qinits, l.Init[k])
		}
	}
	// A first, discarded build finds the free names the body changes.
	dry := build(nil, nil, qs, i)
	fvs := changedFree(r, dry.c, dry.local)
	fvbars := make([]ir.Param, len(fvs))
	for k, v := range fvs {
		fvbars[k] = r.b.Param(v.Base+"_adj", adjType(r, dry.c, v))
	}
	it := build(fvs, fvbars, qs, i)
	inits := append([]ir.SubExp{}, qinits...)
	for _, v := range fvs {
		inits = append(inits, r.ownedCurrent(v))
	}
	params := append(append([]ir.Param{}, qparams...), fvbars...)
	pat := make([]ir.Param, len(params))
	for k, p := range params {
		pat[k] = r.b.Param(p.Name.Base, p.Type)
	}
	r.b.Bind(pat, &ir.Loop{Params: params, Init: inits,
		Form: &ir.For{I: i, T: form.T, Bound: form.Bound}, Body: dce(it.c.b.Body(it.results...))})
	for k, v := range fvs {
		r.adj[v] = ir.Var(pat[len(qparams)+k].Name)
		r.owned[pat[len(qparams)+k].Name] = true
	}
	// Each accumulated parameter's initial value gets the result's adjoint.
	for k, x := range l.Init {
		if sl.accum[k] && x.IsVar() {
			r.addTo(x.Var, ybars[k])
		}
	}
}
