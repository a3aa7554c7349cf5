package opt

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Hoist moves statements of loop bodies and of map, reduce and scan
// lambdas that depend on nothing bound inside the construct to just
// before it. Inner constructs are done first, so invariants float out
// through several levels. A statement is moved only if it is pure (see
// impure), none of its array results may be consumed (a moved array would
// be a free variable consumed in the loop), and it binds no accumulator.
// A statement that can fail (ir.Facts.MayFail) is moved only out of a loop that
// statically runs its body at least once, and only if no statement that
// stays before it can fail, so the same first error is reported; from
// lambdas only statements that cannot fail move.
func Hoist(p *ir.Program) (*ir.Program, error) {
	return eachFunc(p, func(f *ir.Func) error {
		fa := ir.NewFacts(f)
		h := &hoister{consumed: fa.Consumed(), fa: fa}
		h.body(f.Body)
		return nil
	})
}

type hoister struct {
	consumed ir.Names
	fa       *ir.Facts
}

func (h *hoister) body(b *ir.Body) {
	out := make([]*ir.Stm, 0, len(b.Stms))
	for _, s := range b.Stms {
		out = append(out, h.stm(s)...)
		out = append(out, s)
	}
	b.Stms = out
}

// stm cleans the bodies nested in s and returns what moves out of them.
func (h *hoister) stm(s *ir.Stm) []*ir.Stm {
	for _, b := range ir.Bodies(s.Exp) {
		if b != nil {
			h.body(b)
		}
	}
	switch e := s.Exp.(type) {
	case *ir.Loop:
		bound := ir.Names{}
		for _, p := range e.Params {
			bound.Add(p.Name)
		}
		runs := false
		switch f := e.Form.(type) {
		case *ir.For:
			bound.Add(f.I)
			runs = f.Bound.IsConst && positive(f.Bound.Const, f.T)
		case *ir.While:
			for i, p := range e.Params {
				if p.Name == f.Cond && e.Init[i].IsConst && e.Init[i].Const.Bool() {
					runs = true
				}
			}
		}
		return h.extract(e.Body, bound, runs)
	case *ir.Map:
		return h.extractLambda(e.F)
	case *ir.Reduce:
		return h.extractLambda(e.Op)
	case *ir.Scan:
		return h.extractLambda(e.Op)
	}
	return nil
}

func positive(v prim.Value, t prim.Type) bool {
	if t.IsUnsigned() {
		return v.Uint() > 0
	}
	return v.Int() > 0
}

// extractLambda hoists from a lambda: only statements that cannot fail
// move, since a parallel backend may apply it fewer times (or check the
// widths of a map's inputs after evaluating what was moved).
func (h *hoister) extractLambda(l *ir.Lambda) []*ir.Stm {
	bound := ir.Names{}
	for _, p := range l.Params {
		bound.Add(p.Name)
	}
	return h.extract(l.Body, bound, false)
}

// extract removes from b and returns its statements that read nothing in
// bound (the construct's own names) nor anything a remaining statement
// binds.
func (h *hoister) extract(b *ir.Body, bound ir.Names, runs bool) []*ir.Stm {
	var moved, kept []*ir.Stm
	mayFail := false // whether a statement that stays can fail first
	for _, s := range b.Stms {
		if h.movable(s, bound, runs && !mayFail) {
			moved = append(moved, s)
			continue
		}
		kept = append(kept, s)
		mayFail = mayFail || h.fa.MayFail(s)
		for _, p := range s.Pat {
			bound.Add(p.Name)
		}
	}
	b.Stms = kept
	return moved
}

func (h *hoister) movable(s *ir.Stm, bound ir.Names, failOK bool) bool {
	if len(s.Pat) == 0 || impure(s.Exp) || (!failOK && h.fa.MayFail(s)) {
		return false
	}
	reads := ir.FreeInExp(s.Exp)
	for _, p := range s.Pat {
		if p.Type.Acc || (!p.Type.IsScalar() && h.consumed.Has(p.Name)) {
			return false
		}
		typeVars(reads, p.Type)
	}
	for v := range reads {
		if bound.Has(v) {
			return false
		}
	}
	return true
}
