package opt

import "github.com/fluxion-lang/fluxion/internal/ir"

// DCE removes statements none of whose results are used, unless they
// contain an Assert, an accumulator update or a while loop (see
// hasEffect). Like Futhark, it removes dead code even if it could fail at
// run time (a dead out-of-bounds index or division by zero disappears);
// explicit assertions and loops that may not terminate are always kept.
// It also drops loop parameters that neither the loop's used results nor
// the other live parameters depend on, unused results of maps and ifs,
// and map inputs whose lambda parameter is unused.
func DCE(p *ir.Program) (*ir.Program, error) {
	return eachFunc(p, func(f *ir.Func) error {
		d := &dce{used: ir.Names{}}
		for _, t := range f.Ret {
			typeVars(d.used, t)
		}
		d.body(f.Body)
		return nil
	})
}

// dce walks bodies backwards with one set of used names: names are
// unique, so a name is used iff it is in the set once every statement
// after its definition (and every body nested in them) has been seen.
type dce struct{ used ir.Names }

func (d *dce) body(b *ir.Body) {
	for _, r := range b.Result {
		if r.IsVar() {
			d.used.Add(r.Var)
		}
	}
	kept := make([]*ir.Stm, 0, len(b.Stms))
	for i := len(b.Stms) - 1; i >= 0; i-- {
		s := b.Stms[i]
		if !d.anyUsed(s.Pat) && !ir.HasEffect(s.Exp) {
			continue
		}
		d.stm(s)
		for v := range ir.FreeInExp(s.Exp) {
			d.used.Add(v)
		}
		for _, p := range s.Pat {
			typeVars(d.used, p.Type)
		}
		kept = append(kept, s)
	}
	for i, j := 0, len(kept)-1; i < j; i, j = i+1, j-1 {
		kept[i], kept[j] = kept[j], kept[i]
	}
	b.Stms = kept
}

func (d *dce) anyUsed(ps []ir.Param) bool {
	for _, p := range ps {
		if d.used.Has(p.Name) {
			return true
		}
	}
	return false
}

// stm narrows a live statement and cleans its nested bodies.
func (d *dce) stm(s *ir.Stm) {
	switch e := s.Exp.(type) {
	case *ir.If:
		keep := d.usedResults(s.Pat, nil)
		s.Pat = pick(s.Pat, keep)
		e.Ret = pick(e.Ret, keep)
		e.Then.Result = pick(e.Then.Result, keep)
		e.Else.Result = pick(e.Else.Result, keep)
		d.body(e.Then)
		d.body(e.Else)
	case *ir.Loop:
		d.loop(s, e)
	case *ir.Map:
		keep := d.usedResults(s.Pat, e.F.Ret)
		s.Pat = pick(s.Pat, keep)
		e.F.Ret = pick(e.F.Ret, keep)
		e.F.Body.Result = pick(e.F.Body.Result, keep)
		d.body(e.F.Body)
		e.Arrs, e.F.Params = d.inputs(e.Arrs, e.F)
	case *ir.Screma:
		// Unused map outputs go; the operators' results stay.
		nops := e.OpResults()
		first := len(s.Pat) - (len(e.F.Ret) - nops)
		keepPat := make([]bool, len(s.Pat))
		keepRes := make([]bool, len(e.F.Ret))
		for i := range keepPat {
			keepPat[i] = i < first || d.used.Has(s.Pat[i].Name)
		}
		for i := range keepRes {
			keepRes[i] = i < nops || keepPat[first+i-nops]
		}
		s.Pat = pick(s.Pat, keepPat)
		e.F.Ret = pick(e.F.Ret, keepRes)
		e.F.Body.Result = pick(e.F.Body.Result, keepRes)
		for _, b := range ir.Bodies(e) {
			d.body(b)
		}
		e.Arrs, e.F.Params = d.inputs(e.Arrs, e.F)
	default:
		for _, b := range ir.Bodies(s.Exp) {
			if b != nil {
				d.body(b)
			}
		}
	}
}

// usedResults says which pattern names to keep: the used ones, and every
// accumulator (rets, when given, are the matching lambda result types).
// At least one is kept so that a statement kept for its effects still
// has a well-formed pattern.
func (d *dce) usedResults(pat []ir.Param, rets []ir.Type) []bool {
	keep := make([]bool, len(pat))
	n := 0
	for i, p := range pat {
		keep[i] = d.used.Has(p.Name) || p.Type.Acc || (i < len(rets) && rets[i].Acc)
		if keep[i] {
			n++
		}
	}
	if n == 0 && len(keep) > 0 {
		keep[0] = true
	}
	return keep
}

// inputs returns the inputs of a map or screma and its function's
// parameters without those whose parameter is unused (keeping at least
// one, and every accumulator).
func (d *dce) inputs(arrs []ir.VName, f *ir.Lambda) ([]ir.VName, []ir.Param) {
	if len(arrs) != len(f.Params) {
		return arrs, f.Params
	}
	inTypes := ir.Names{}
	for _, p := range f.Params {
		typeVars(inTypes, p.Type)
	}
	for _, t := range f.Ret {
		typeVars(inTypes, t)
	}
	keep := make([]bool, len(arrs))
	n := 0
	for i, p := range f.Params {
		keep[i] = d.used.Has(p.Name) || inTypes.Has(p.Name) || p.Type.Acc
		if keep[i] {
			n++
		}
	}
	if n == 0 && len(keep) > 0 {
		keep[0] = true
	}
	return pick(arrs, keep), pick(f.Params, keep)
}

// loop removes the parameters that nothing live depends on, then cleans
// the body. A parameter is live if its result is used after the loop, it
// is a while loop's condition, or a live part of the body (including a
// live parameter's type) reads it.
func (d *dce) loop(s *ir.Stm, e *ir.Loop) {
	live := make([]bool, len(e.Params))
	for i, p := range e.Params {
		live[i] = (i < len(s.Pat) && d.used.Has(s.Pat[i].Name)) || p.Type.Acc
		if w, ok := e.Form.(*ir.While); ok && w.Cond == p.Name {
			live[i] = true
		}
	}
	for changed := true; changed; {
		changed = false
		trial := &dce{used: ir.Names{}}
		b := ir.CopyBody(e.Body)
		b.Result = pick(b.Result, live)
		trial.body(b)
		for i, p := range e.Params {
			if live[i] {
				typeVars(trial.used, p.Type)
			}
		}
		for i, p := range e.Params {
			if !live[i] && trial.used.Has(p.Name) {
				live[i], changed = true, true
			}
		}
	}
	n := 0
	for _, l := range live {
		if l {
			n++
		}
	}
	if n == 0 && len(live) > 0 {
		live[0] = true
	}
	if len(s.Pat) == len(e.Params) {
		s.Pat = pick(s.Pat, live)
	}
	e.Params = pick(e.Params, live)
	e.Init = pick(e.Init, live)
	e.Body.Result = pick(e.Body.Result, live)
	d.body(e.Body)
}

// pick returns the elements of xs whose keep flag is set.
func pick[T any](xs []T, keep []bool) []T {
	if len(xs) != len(keep) {
		return xs
	}
	out := make([]T, 0, len(xs))
	for i, x := range xs {
		if keep[i] {
			out = append(out, x)
		}
	}
	return out
}
