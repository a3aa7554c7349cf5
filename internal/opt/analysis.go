package opt

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// anyExp reports whether pred holds for e or any expression nested in it.
func anyExp(e ir.Exp, pred func(ir.Exp) bool) bool {
	if pred(e) {
		return true
	}
	for _, b := range ir.Bodies(e) {
		if b == nil {
			continue
		}
		for _, s := range b.Stms {
			if anyExp(s.Exp, pred) {
				return true
			}
		}
	}
	return false
}

// impure reports whether e contains anything CSE and hoisting must not
// duplicate or move: consumption, effects, calls, AD operators (expanded
// later, in place) and Scratch (meant to be filled in place).
func impure(e ir.Exp) bool {
	return anyExp(e, func(e ir.Exp) bool {
		switch e.(type) {
		case *ir.Apply, *ir.Assert, *ir.UpdAcc, *ir.JVP, *ir.VJP, *ir.WithVJP, *ir.Scratch:
			return true
		}
		return len(ir.ConsumingOperands(e)) > 0
	})
}

// typeVars adds the names used as sizes in t to s.
func typeVars(s ir.Names, t ir.Type) {
	for _, d := range t.Shape {
		if d.IsVar() {
			s.Add(d.Var)
		}
	}
}

// bindingTypes returns the type of every name bound in f, which has
// stms statements (a size hint).
func bindingTypes(f *ir.Func, stms int) map[ir.VName]ir.Type {
	ts := make(map[ir.VName]ir.Type, stms+len(f.Params))
	for _, p := range f.Params {
		ts[p.Name] = p.Type
		for _, d := range p.Type.Shape {
			if d.IsVar() {
				if _, ok := ts[d.Var]; !ok {
					ts[d.Var] = ir.Scalar(prim.I64)
				}
			}
		}
	}
	(&ir.Visitor{Bind: func(p ir.Param) { ts[p.Name] = p.Type }}).Body(f.Body)
	return ts
}
