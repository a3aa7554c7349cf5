package opt

import "github.com/fluxion-lang/fluxion/internal/ir"

// AccRows makes an accumulator scope add straight into a row of an
// enclosing accumulator when that is all its result is for. Reverse mode
// gives the adjoint of an array a map's function reads (a row of a free
// array, say) a scope of its own over zeros, and adds the result into
// the row of the free array's adjoint afterwards:
//
//	let z = replicate [t] 0
//	let (w, ...) = withacc (z, ...) \(p, ...) -> ... upd p [i] v ...
//	let a' = upd a [r] w
//
// becomes a scope that updates a itself, at [r, i], and returns it
// after its other accumulators:
//
//	let (..., a') = withacc (...) \(...) -> ... upd a [r, i] v ... (..., a)
//
// which saves zeroing the row and adding it (a third of the work when
// the scope's own work per element is small). The rewrite applies when a
// is additive (its scope has no operator, so the order of the additions
// does not matter), the row a[r] has the scope's array's declared shape
// exactly (so the updates land at the same places and out-of-range ones
// are still dropped), the array is zeros used only here, w is used only
// by the update, a and r are bound before the scope, and the scope's
// accumulator only goes through updates and maps (whose accumulator
// results follow their accumulator inputs in order) to the scope's
// result.
func AccRows(p *ir.Program) (*ir.Program, error) {
	return eachFunc(p, func(f *ir.Func) error {
		for accRowOnce(f) {
		}
		return nil
	})
}

// accRowOnce applies AccRows' rewrite once in f, reporting whether it
// did.
func accRowOnce(f *ir.Func) bool {
	uses := map[ir.VName]int{}
	(&ir.Visitor{Use: func(n ir.VName) { uses[n]++ }}).Body(f.Body)
	facts := ir.NewFacts(f)
	var walk func(b *ir.Body) bool
	walk = func(b *ir.Body) bool {
		for i, s := range b.Stms {
			if w, ok := s.Exp.(*ir.WithAcc); ok {
				for j := range w.Inputs {
					if accRowAt(b, i, j, uses, facts) {
						return true
					}
				}
			}
			for _, nb := range ir.Bodies(s.Exp) {
				if nb != nil && walk(nb) {
					return true
				}
			}
		}
		return false
	}
	return walk(f.Body)
}

// accRowAt applies the rewrite to input j of the WithAcc of statement i
// of b if it can (see AccRows).
func accRowAt(b *ir.Body, i, j int, uses map[ir.VName]int, facts *ir.Facts) bool {
	s := b.Stms[i]
	w := s.Exp.(*ir.WithAcc)
	in := w.Inputs[j]
	if in.Op != nil || uses[in.Arr] != 1 || uses[s.Pat[j].Name] != 1 {
		return false
	}
	// The zeros, bound in b before the scope.
	zi := -1
	for k := 0; k < i; k++ {
		if len(b.Stms[k].Pat) == 1 && b.Stms[k].Pat[0].Name == in.Arr {
			zi = k
		}
	}
	if zi < 0 {
		return false
	}
	rep, ok := b.Stms[zi].Exp.(*ir.Replicate)
	if !ok || !rep.Val.IsConst || rep.Val.Const.Bits() != 0 {
		return false
	}
	// The update adding the scope's result into a row of a.
	ui := -1
	var upd *ir.UpdAcc
	for k := i + 1; k < len(b.Stms); k++ {
		if u, ok := b.Stms[k].Exp.(*ir.UpdAcc); ok && u.Val.IsVar() && u.Val.Var == s.Pat[j].Name {
			ui, upd = k, u
		}
	}
	if upd == nil || uses[upd.Acc] != 1 || !facts.Additive(upd.Acc) {
		return false
	}
	at, ok := facts.Type(upd.Acc)
	zt := s.Pat[j].Type
	if !ok || !at.Acc || at.Rank() < len(upd.Idx) || !(ir.Type{Elem: at.Elem, Shape: at.Shape[len(upd.Idx):]}).Equal(zt) {
		return false
	}
	// a and the row's index are bound before the scope.
	for k := i; k < ui; k++ {
		for _, p := range b.Stms[k].Pat {
			if p.Name == upd.Acc {
				return false
			}
			for _, x := range upd.Idx {
				if x.IsVar() && x.Var == p.Name {
					return false
				}
			}
		}
	}
	p := w.F.Params[j].Name
	if res := w.F.Body.Result[j]; !res.IsVar() {
		return false
	}
	var edits []func()
	derived := ir.Names{p: {}}
	if !accRowBody(w.F.Body, derived, upd.Idx, at, &edits) {
		return false
	}
	for k, r := range w.F.Body.Result {
		if r.IsVar() && derived.Has(r.Var) != (k == j) {
			return false
		}
	}
	// Rewrite: the scope's accumulator is a itself, its final value a
	// result after the scope's accumulators, named as the update's.
	for _, e := range edits {
		e()
	}
	rename := func(n ir.VName) ir.VName {
		if n == p {
			return upd.Acc
		}
		return n
	}
	accRowRename(w.F.Body, rename)
	res := w.F.Body.Result[j]
	w.Inputs = append(w.Inputs[:j:j], w.Inputs[j+1:]...)
	w.F.Params = append(w.F.Params[:j:j], w.F.Params[j+1:]...)
	w.F.Ret = append(append(w.F.Ret[:j:j], w.F.Ret[j+1:]...), at)
	w.F.Body.Result = append(append(w.F.Body.Result[:j:j], w.F.Body.Result[j+1:]...), res)
	s.Pat = append(append(s.Pat[:j:j], s.Pat[j+1:]...), b.Stms[ui].Pat[0])
	b.Stms = append(b.Stms[:ui:ui], b.Stms[ui+1:]...)
	return true
}

// accRowBody checks that the accumulators named in derived only go
// through updates and maps in body (adding the names they become to
// derived), and lists the edits that give them type at and prefix the
// updates' indices with idx.
func accRowBody(body *ir.Body, derived ir.Names, idx []ir.SubExp, at ir.Type, edits *[]func()) bool {
	for _, s := range body.Stms {
		switch e := s.Exp.(type) {
		case *ir.UpdAcc:
			if !derived.Has(e.Acc) {
				break
			}
			for _, x := range append(append([]ir.SubExp{}, e.Idx...), e.Val) {
				if x.IsVar() && derived.Has(x.Var) {
					return false
				}
			}
			derived.Add(s.Pat[0].Name)
			*edits = append(*edits, func() {
				e.Idx = append(append([]ir.SubExp{}, idx...), e.Idx...)
				s.Pat[0].Type = at
			})
			continue
		case *ir.Map:
			var ins []bool // for each accumulator input, whether derived
			any := false
			for k, a := range e.Arrs {
				if !e.F.Params[k].Type.Acc {
					if derived.Has(a) {
						return false
					}
					continue
				}
				d := derived.Has(a)
				ins = append(ins, d)
				if d {
					any = true
					derived.Add(e.F.Params[k].Name)
					*edits = append(*edits, func() { e.F.Params[k].Type = at })
				}
			}
			if !any {
				break
			}
			if !accRowBody(e.F.Body, derived, idx, at, edits) {
				return false
			}
			q := 0
			for k, t := range e.F.Ret {
				r := e.F.Body.Result[k]
				rd := r.IsVar() && derived.Has(r.Var)
				if !t.Acc {
					if rd {
						return false
					}
					continue
				}
				if q >= len(ins) || rd != ins[q] {
					return false
				}
				if rd {
					derived.Add(s.Pat[k].Name)
					*edits = append(*edits, func() { e.F.Ret[k] = at; s.Pat[k].Type = at })
				}
				q++
			}
			continue
		}
		bad := false
		(&ir.Visitor{Use: func(n ir.VName) { bad = bad || derived.Has(n) }}).Stm(s)
		if bad {
			return false
		}
	}
	return true
}

// accRowRename renames the accumulator of updates and the inputs of maps
// in body, and its results, by rename (the scope's parameter to the
// enclosing accumulator; nested functions name their own parameters).
func accRowRename(body *ir.Body, rename func(ir.VName) ir.VName) {
	for _, s := range body.Stms {
		switch e := s.Exp.(type) {
		case *ir.UpdAcc:
			e.Acc = rename(e.Acc)
		case *ir.Map:
			for k := range e.Arrs {
				e.Arrs[k] = rename(e.Arrs[k])
			}
		}
	}
	for k, r := range body.Result {
		if r.IsVar() {
			body.Result[k] = ir.Var(rename(r.Var))
		}
	}
}
