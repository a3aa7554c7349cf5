package opt

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// ShareLoops replaces a while loop that repeats an earlier one (in the
// same body or an enclosing one) and also counts its iterations by the
// earlier loop, which is made to count them too. Reverse mode runs a
// while loop once more to count its iterations before it runs it again
// storing checkpoints (internal/ad/rev's forwardLoop); when the program
// already ran the same loop on the same values (an optimiser computes a
// cost and then its gradient at the same point: saddle's and particle's
// solvers), that count is the only new thing the repeat computes.
//
// The later loop's counters are parameters that start from a constant,
// are increased by a constant in the body and are read nowhere else; the
// loops must be alike (as CSE compares expressions, names bound inside
// renamed) without them. Only loops of scalar parameters qualify, so no
// array is shared between the two. The repeat would have run the same
// iterations with the same values, failed where the earlier did and
// stopped where it stopped.
func ShareLoops(p *ir.Program) (*ir.Program, error) {
	return eachFunc(p, func(f *ir.Func) error {
		sh := &loopSharer{ns: ir.BuilderFor(f).Names()}
		sh.body(f.Body)
		return nil
	})
}

type loopSharer struct {
	ns *ir.NameSource
	// avail are the while loops of scalar parameters that precede the
	// statement being walked, in its body and the enclosing ones, by
	// their keys.
	avail map[string]*ir.Stm
	added []string
}

// counter is a parameter of a while loop that only counts.
type counter struct {
	param int       // its position among the parameters
	step  ir.Stm    // the statement increasing it
	by    ir.SubExp // the constant it is increased by
}

func (sh *loopSharer) body(b *ir.Body) {
	if sh.avail == nil {
		sh.avail = map[string]*ir.Stm{}
	}
	mark := len(sh.added)
	out := b.Stms[:0:0]
	for _, s := range b.Stms {
		for _, nb := range ir.Bodies(s.Exp) {
			if nb != nil {
				sh.body(nb)
			}
		}
		l, ok := s.Exp.(*ir.Loop)
		if !ok || !scalarWhile(s, l) {
			out = append(out, s)
			continue
		}
		cs := counters(l)
		if len(cs) > 0 {
			if earlier, ok := sh.avail[expKey(withoutCounters(s, l, cs))]; ok {
				out = append(out, sh.share(earlier, s, l, cs)...)
				continue
			}
		}
		out = append(out, s)
		k := expKey(s)
		if _, dup := sh.avail[k]; !dup {
			sh.avail[k] = s
			sh.added = append(sh.added, k)
		}
	}
	b.Stms = out
	for _, k := range sh.added[mark:] {
		delete(sh.avail, k)
	}
	sh.added = sh.added[:mark]
}

// scalarWhile reports whether s binds a while loop l of scalar
// parameters only.
func scalarWhile(s *ir.Stm, l *ir.Loop) bool {
	if _, ok := l.Form.(*ir.While); !ok {
		return false
	}
	if len(l.Params) != len(l.Init) || len(l.Body.Result) != len(l.Params) || len(s.Pat) != len(l.Params) {
		return false
	}
	for _, p := range l.Params {
		if !p.Type.IsScalar() || p.Type.Acc {
			return false
		}
	}
	return true
}

// counters finds the parameters of while loop l that only count.
func counters(l *ir.Loop) []counter {
	cond := l.Form.(*ir.While).Cond
	uses := map[ir.VName]int{}
	(&ir.Visitor{Use: func(v ir.VName) { uses[v]++ }}).Body(l.Body)
	var out []counter
	for i, p := range l.Params {
		r := l.Body.Result[i]
		if p.Name == cond || !l.Init[i].IsConst || !r.IsVar() || uses[p.Name] != 1 || uses[r.Var] != 1 {
			continue
		}
		for _, st := range l.Body.Stms {
			if len(st.Pat) != 1 || st.Pat[0].Name != r.Var {
				continue
			}
			if e, ok := st.Exp.(*ir.Bin); ok && e.Op == prim.Add && e.X.IsVar() && e.X.Var == p.Name && e.Y.IsConst {
				out = append(out, counter{param: i, step: *st, by: e.Y})
			}
		}
	}
	return out
}

// withoutCounters is loop statement s without the counters cs.
func withoutCounters(s *ir.Stm, l *ir.Loop, cs []counter) *ir.Stm {
	drop := map[int]bool{}
	steps := ir.Names{}
	for _, c := range cs {
		drop[c.param] = true
		steps.Add(c.step.Pat[0].Name)
	}
	keep := make([]bool, len(l.Params))
	for i := range keep {
		keep[i] = !drop[i]
	}
	body := &ir.Body{Result: pick(l.Body.Result, keep)}
	for _, st := range l.Body.Stms {
		if len(st.Pat) == 1 && steps.Has(st.Pat[0].Name) {
			continue
		}
		body.Stms = append(body.Stms, st)
	}
	nl := &ir.Loop{Params: pick(l.Params, keep), Init: pick(l.Init, keep), Form: l.Form, Body: body, Attrs: l.Attrs}
	return &ir.Stm{Pat: pick(s.Pat, keep), Exp: nl, Pos: s.Pos}
}

// share makes the earlier loop count as s's counters cs do, and returns
// the statements binding s's names to the earlier loop's results.
func (sh *loopSharer) share(earlier, s *ir.Stm, l *ir.Loop, cs []counter) []*ir.Stm {
	el := earlier.Exp.(*ir.Loop)
	counted := map[int]ir.VName{} // s's counter -> the earlier loop's result
	for _, c := range cs {
		p := ir.Param{Name: sh.ns.New(l.Params[c.param].Name.Base), Type: l.Params[c.param].Type}
		next := ir.Param{Name: sh.ns.New(c.step.Pat[0].Name.Base), Type: c.step.Pat[0].Type}
		out := ir.Param{Name: sh.ns.New(s.Pat[c.param].Name.Base), Type: s.Pat[c.param].Type}
		el.Params = append(el.Params, p)
		el.Init = append(el.Init, l.Init[c.param])
		el.Body.Stms = append(el.Body.Stms, &ir.Stm{Pat: []ir.Param{next}, Exp: &ir.Bin{Op: prim.Add, T: c.step.Exp.(*ir.Bin).T, X: ir.Var(p.Name), Y: c.by}, Pos: c.step.Pos})
		el.Body.Result = append(el.Body.Result, ir.Var(next.Name))
		earlier.Pat = append(earlier.Pat, out)
		counted[c.param] = out.Name
	}
	// s's results, in order: the earlier loop's for the other parameters
	// (they correspond one to one), its new counts for the counters.
	var out []*ir.Stm
	j := 0
	for i, p := range s.Pat {
		v, ok := counted[i]
		if !ok {
			v = earlier.Pat[j].Name
			j++
		}
		out = append(out, &ir.Stm{Pat: []ir.Param{p}, Exp: &ir.Atom{X: ir.Var(v)}, Pos: s.Pos})
	}
	return out
}
