package opt

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// ShareBranches makes an if on a condition c read the scalar values that
// a branch of an earlier if on c (in the same body or an enclosing one)
// computed, as extra results of the earlier if, instead of computing them
// again. Reverse mode's return sweep of an if re-runs the statements of
// the branch that ran (internal/ad/rev's ifStm) after the forward sweep
// ran them under the same condition: the square root, sine and cosine of
// a rotation angle, computed once per return sweep of a vectorised vjp
// instead of once.
//
// The values of both branches are keyed by value numbering: a statement's
// operation over constants, free variables and the keys of the branch's
// earlier values. A top-level statement of the later branch whose key a
// top-level statement of the earlier if's same branch has computes the
// same value: both branches run exactly when c has the branch's value,
// the earlier one first, so the later statement would have given the
// same value and could not fail where the earlier did not. Only pure
// statements binding one scalar are keyed. The earlier if returns the
// value from that branch and a zero from the other, which the later if
// never reads there. A branch is only changed when it would be spared a
// call of a primitive function or a division (cheaper values are not
// worth keeping alive across the code between the two ifs); it is then
// spared every value it shares.
func ShareBranches(p *ir.Program) (*ir.Program, error) {
	return eachFunc(p, func(f *ir.Func) error {
		sh := &branchSharer{ns: ir.BuilderFor(f).Names(), ids: map[string]int{}}
		sh.body(f.Body)
		return nil
	})
}

// earlierIf is an if that later ifs on the same condition may read
// values of.
type earlierIf struct {
	stm  *ir.Stm
	cond ir.VName
	// vals[k] maps a value key to the name a top-level statement of
	// branch k (0: then, 1: else) binds it to.
	vals [2]map[int]ir.VName
	// out[k] maps a name of branch k to the if's result returning it,
	// once added.
	out [2]map[ir.VName]ir.VName
}

type branchSharer struct {
	ns *ir.NameSource
	// ids numbers the keys of values (see key).
	ids map[string]int
	// avail are the ifs of the bodies being walked that precede the
	// statement being walked, innermost last.
	avail []*earlierIf
}

func (sh *branchSharer) body(b *ir.Body) {
	mark := len(sh.avail)
	for _, s := range b.Stms {
		for _, nb := range ir.Bodies(s.Exp) {
			if nb != nil {
				sh.body(nb)
			}
		}
		e, ok := s.Exp.(*ir.If)
		if !ok || !e.Cond.IsVar() {
			continue
		}
		for _, a := range sh.avail {
			if a.cond == e.Cond.Var {
				e.Then = sh.share(a, 0, e.Then)
				e.Else = sh.share(a, 1, e.Else)
			}
		}
		a := &earlierIf{stm: s, cond: e.Cond.Var}
		for k, br := range []*ir.Body{e.Then, e.Else} {
			a.vals[k] = map[int]ir.VName{}
			a.out[k] = map[ir.VName]ir.VName{}
			for v, id := range sh.number(br) {
				if _, dup := a.vals[k][id]; !dup || v.Tag < a.vals[k][id].Tag {
					a.vals[k][id] = v
				}
			}
		}
		sh.avail = append(sh.avail, a)
	}
	sh.avail = sh.avail[:mark]
}

// keyable reports whether s binds one scalar by a pure operation that key
// can describe.
func keyable(s *ir.Stm) bool {
	if len(s.Pat) != 1 || !s.Pat[0].Type.IsScalar() || s.Pat[0].Type.Acc || impure(s.Exp) {
		return false
	}
	switch s.Exp.(type) {
	case *ir.Bin, *ir.Un, *ir.Cmp, *ir.Call, *ir.Index:
		return true
	}
	return false
}

// costly reports whether recomputing s's value is worth sparing.
func costly(s *ir.Stm) bool {
	switch e := s.Exp.(type) {
	case *ir.Call:
		return true
	case *ir.Bin:
		switch e.Op {
		case prim.Div, prim.Pow, prim.Mod, prim.Rem, prim.Quot:
			return true
		}
	}
	return false
}

// number gives the keyed top-level statements of b their value ids.
func (sh *branchSharer) number(b *ir.Body) map[ir.VName]int {
	ids := map[ir.VName]int{}
	for _, s := range b.Stms {
		if keyable(s) {
			ids[s.Pat[0].Name] = sh.key(s, ids)
		}
	}
	return ids
}

// key numbers s's value: its expression with the names of earlier keyed
// values replaced by their ids, and its type.
func (sh *branchSharer) key(s *ir.Stm, ids map[ir.VName]int) int {
	rw := &ir.Rewriter{Use: func(v ir.VName) ir.SubExp {
		if id, ok := ids[v]; ok {
			return ir.Var(ir.VName{Base: "%", Tag: id})
		}
		return ir.Var(v)
	}}
	k := ir.ExpString(rw.Exp(s.Exp)) + " : " + s.Pat[0].Type.String()
	id, ok := sh.ids[k]
	if !ok {
		id = len(sh.ids) + 1
		sh.ids[k] = id
	}
	return id
}

// share returns branch k of a later if on a's condition with the values
// a's branch k computed read from a's results.
func (sh *branchSharer) share(a *earlierIf, k int, br *ir.Body) *ir.Body {
	ids := map[ir.VName]int{}
	from := map[ir.VName]ir.VName{} // a value of br -> the same value in a
	worth := false
	for _, s := range br.Stms {
		if !keyable(s) {
			continue
		}
		id := sh.key(s, ids)
		ids[s.Pat[0].Name] = id
		if v, ok := a.vals[k][id]; ok {
			from[s.Pat[0].Name] = v
			worth = worth || costly(s)
		}
	}
	if !worth {
		return br
	}
	kept := &ir.Body{Result: br.Result}
	for _, s := range br.Stms {
		if len(s.Pat) == 1 {
			if _, ok := from[s.Pat[0].Name]; ok {
				continue
			}
		}
		kept.Stms = append(kept.Stms, s)
	}
	rw := &ir.Rewriter{Use: func(v ir.VName) ir.SubExp {
		if x, ok := from[v]; ok {
			return ir.Var(sh.export(a, k, x))
		}
		return ir.Var(v)
	}}
	return rw.Body(kept)
}

// export makes a return the value x of its branch k (and a zero from the
// other branch), and gives the name of that result.
func (sh *branchSharer) export(a *earlierIf, k int, x ir.VName) ir.VName {
	if r, ok := a.out[k][x]; ok {
		return r
	}
	e := a.stm.Exp.(*ir.If)
	var t ir.Type
	for _, s := range []*ir.Body{e.Then, e.Else}[k].Stms {
		if len(s.Pat) == 1 && s.Pat[0].Name == x {
			t = s.Pat[0].Type
		}
	}
	r := sh.ns.New(x.Base)
	a.stm.Pat = append(a.stm.Pat, ir.Param{Name: r, Type: t})
	e.Ret = append(e.Ret, t)
	zero := ir.Const(prim.Zero(t.Elem))
	if k == 0 {
		e.Then.Result = append(e.Then.Result, ir.Var(x))
		e.Else.Result = append(e.Else.Result, zero)
	} else {
		e.Then.Result = append(e.Then.Result, zero)
		e.Else.Result = append(e.Else.Result, ir.Var(x))
	}
	a.out[k][x] = r
	return r
}
