package rev

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
)

// In-place updates (AD-NOTES "In-place update"): the forward sweep of
// xs2 = xs with [region] = v saves xs[region] and updates in place; the
// return sweep adds xs2'[region] to v', zeroes that region of the adjoint
// in place and writes the saved region back into xs2, which gives xs again
// under a new name. Later (earlier in program order) statements of the
// return sweep read that name instead of xs. The work is that of the
// region, not of the array.

// inplaceUpdates returns the updates of stms whose destination the scope
// owns outright: bound in stms by a statement making fresh storage (or in
// own), and read elsewhere in the scope only by element reads, copies or
// from inside SOAC lambdas, so that no alias can observe the update or
// the restore.
func inplaceUpdates(stms []*ir.Stm, own ir.Names) map[*ir.Stm]bool {
	fresh := ir.Names{}
	for n := range own {
		fresh.Add(n)
	}
	out := map[*ir.Stm]bool{}
	// Names used in a way that may alias or consume them.
	aliased := ir.Names{}
	mark := &ir.Visitor{Use: func(n ir.VName) { aliased.Add(n) }}
	for _, s := range stms {
		switch e := s.Exp.(type) {
		case *ir.Index:
			for _, x := range e.Idx {
				mark.Exp(&ir.Atom{X: x})
			}
			if t := s.Pat[0].Type; !t.IsScalar() {
				aliased.Add(e.Arr)
			}
		case *ir.Copy, *ir.Size:
		case *ir.Update:
			for _, d := range e.Dims {
				for _, x := range []ir.SubExp{d.I, d.Start, d.End, d.Stride} {
					if !x.IsNone() {
						mark.Exp(&ir.Atom{X: x})
					}
				}
			}
			mark.Exp(&ir.Atom{X: e.Val})
		case *ir.Map, *ir.Reduce, *ir.Scan, *ir.Hist, *ir.Scatter:
			// Lambdas read free arrays without aliasing them; the SOAC's
			// own operands are inputs (Hist and Scatter consume theirs).
			switch e := e.(type) {
			case *ir.Hist:
				for _, d := range e.Dests {
					aliased.Add(d)
				}
			case *ir.Scatter:
				for _, d := range e.Dests {
					aliased.Add(d)
				}
			}
		default:
			mark.Stm(s)
		}
	}
	for _, s := range stms {
		switch e := s.Exp.(type) {
		case *ir.Copy, *ir.Replicate, *ir.Scratch, *ir.Iota, *ir.Concat, *ir.ArrayLit, *ir.Map:
			for _, p := range s.Pat {
				fresh.Add(p.Name)
			}
		case *ir.Update:
			// The result is restored in place too: it may not be aliased.
			if fresh.Has(e.Arr) && !aliased.Has(e.Arr) && !aliased.Has(s.Pat[0].Name) {
				out[s] = true
				fresh.Add(s.Pat[0].Name)
			}
		}
	}
	return out
}

// forwardUpdate emits the forward sweep of an in-place update: save the
// region about to be overwritten, then update in place.
func (r *rev) forwardUpdate(s *ir.Stm, e *ir.Update) {
	part := region(r.b, e.Arr, e.Dims)
	if part.IsVar() && r.b.Type(part).IsArray() {
		// A slice is a view of the array; keep its own copy.
		part = r.b.Let(e.Arr.Base+"_saved", &ir.Copy{Arr: part.Var})
	}
	r.saved[s] = part
	r.b.Add(s)
}

// restore writes the saved region back into xs2 (consumed) and makes the
// rest of the return sweep read the result wherever it read xs.
func (r *rev) restore(s *ir.Stm, e *ir.Update, saved ir.SubExp) {
	y := s.Pat[0].Name
	cur := y
	if v, ok := r.prim[y]; ok {
		cur = v
	}
	back := r.b.Let(e.Arr.Base, &ir.Update{Arr: cur, Dims: e.Dims, Val: saved})
	r.prim[e.Arr] = back.Var
}

// substStm returns s with the names r.prim renames replaced, keeping
// what the forward sweep recorded under the original statement, and the
// renamed names it reads.
func (r *rev) substStm(s *ir.Stm) (*ir.Stm, map[ir.VName]ir.VName) {
	if len(r.prim) == 0 {
		return s, nil
	}
	free := ir.FreeInExp(s.Exp)
	sub := map[ir.VName]ir.SubExp{}
	used := map[ir.VName]ir.VName{}
	for k, v := range r.prim {
		if free.Has(k) {
			sub[k] = ir.Var(v)
			used[k] = v
		}
	}
	if len(sub) == 0 {
		return s, nil
	}
	body := ir.Substitute(&ir.Body{Stms: []*ir.Stm{s}}, sub)
	t := body.Stms[0]
	if c, ok := r.ckpt[s]; ok {
		r.ckpt[t] = c
	}
	if c, ok := r.saved[s]; ok {
		r.saved[t] = c
	}
	return t, used
}

// rekey moves the adjoints of the names in used from one key to the
// other (adjoints stay keyed by the original names between statements).
func (r *rev) rekey(used map[ir.VName]ir.VName, toNew bool) {
	for k, v := range used {
		from, to := k, v
		if !toNew {
			from, to = v, k
		}
		if a, ok := r.adj[from]; ok {
			r.adj[to] = a
			delete(r.adj, from)
		}
	}
}

// restores reports whether the return sweep writes into v's storage:
// v is the result of an in-place update of this scope.
func (r *rev) restores(v ir.VName) bool {
	for s := range r.saved {
		if s.Pat[0].Name == v {
			return true
		}
	}
	return false
}

// inplaceParams finds the array parameters of loop l that the body only
// updates in place, element by element or row by row (fixed indices),
// returning for each its chain of updates in body order. Such a parameter
// needs no checkpoint per iteration: the forward sweep saves the regions
// and indices each iteration overwrote, and the return sweep rebuilds the
// array at the entry of an iteration from the one at its exit.
func inplaceParams(l *ir.Loop) map[int][]*ir.Stm {
	own := ir.Names{}
	for _, p := range l.Params {
		if p.Type.IsArray() {
			own.Add(p.Name)
		}
	}
	ip := inplaceUpdates(l.Body.Stms, own)
	out := map[int][]*ir.Stm{}
	for k, p := range l.Params {
		if !p.Type.IsArray() || loopInvariant(l, k) {
			continue
		}
		cur := p.Name
		var chain []*ir.Stm
		ok := true
		for _, s := range l.Body.Stms {
			u, isUp := s.Exp.(*ir.Update)
			if !isUp || u.Arr != cur {
				continue
			}
			if !ip[s] {
				ok = false
				break
			}
			for _, d := range u.Dims {
				ok = ok && d.Fixed
			}
			chain = append(chain, s)
			cur = s.Pat[0].Name
		}
		res := l.Body.Result[k]
		if ok && len(chain) > 0 && res.IsVar() && res.Var == cur {
			out[k] = chain
		}
	}
	return out
}

// inplaceSave is what the forward sweep of a loop keeps for a parameter
// updated in place: per update of its chain, the overwritten regions and
// the indices, one row per iteration.
type inplaceSave struct {
	regions []ir.VName
	idx     [][]ir.VName
}
