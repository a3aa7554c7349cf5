package ad

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// partial is one term of a tangent: the argument's tangent times a
// partial derivative computed from the primal arguments (prim's table).
type partial struct {
	d   ir.SubExp // the argument's tangent (nonzero)
	one bool      // the partial is 1: the term is d
	neg bool      // the partial is -1: the term is -d
	p   ir.SubExp // otherwise the partial
}

// partialOf emits the primal code of formula e (in type t over args) into
// the primal builder and returns the term for tangent d, or false if the
// partial is identically zero.
func (f *fwd) partialOf(e prim.DExpr, t prim.Type, args []ir.SubExp, d ir.SubExp) (partial, bool) {
	if d.IsNone() {
		return partial{}, false
	}
	switch e.Kind {
	case prim.DZero:
		return partial{}, false
	case prim.DConst:
		switch {
		case e.Const == 0:
			return partial{}, false
		case e.Const == 1 || t == prim.Bool:
			return partial{d: d, one: true}, true
		case e.Const == -1:
			return partial{d: d, neg: true}, true
		}
	}
	return partial{d: d, p: emitD(f.b, e, t, args)}, true
}

// combine emits the tangent sum of the terms, in the arithmetic of t
// (§14.3: || and && for bool), or returns absent when there are none.
func (f *fwd) combine(t prim.Type, terms []partial) ir.SubExp {
	if len(terms) == 0 {
		return ir.SubExp{}
	}
	if len(terms) == 1 && terms[0].one {
		return terms[0].d
	}
	ds := make([]ir.SubExp, len(terms))
	for i, tm := range terms {
		ds[i] = tm.d
	}
	add, mul := prim.Add, prim.Mul
	if t == prim.Bool {
		add, mul = prim.LogOr, prim.LogAnd
	}
	return f.lift1(ds, func(b *ir.Builder, ds []ir.SubExp) ir.SubExp {
		var sum ir.SubExp
		for i, tm := range terms {
			var x ir.SubExp
			switch {
			case tm.one:
				x = ds[i]
			case tm.neg:
				x = b.Let("dneg", &ir.Bin{Op: prim.Sub, T: t, X: ir.Const(prim.Zero(t)), Y: ds[i]})
			case ds[i].IsConst && tm.p.IsConst:
				v, err := prim.EvalBinOp(mul, t, ds[i].Const, tm.p.Const)
				if err != nil {
					fail(b.Pos, "internal error: %v", err)
				}
				x = ir.Const(v)
			case ds[i].IsConst && ds[i].Const == prim.One(t):
				x = tm.p
			default:
				x = b.Let("dmul", &ir.Bin{Op: mul, T: t, X: ds[i], Y: tm.p})
			}
			if sum.IsNone() {
				sum = x
			} else {
				sum = b.Let("dsum", &ir.Bin{Op: add, T: t, X: sum, Y: x})
			}
		}
		return sum
	})
}

func (f *fwd) bin(s *ir.Stm, e *ir.Bin) {
	ex, ey := prim.BinOpPartialExprs(e.Op, e.T)
	args := []ir.SubExp{e.X, e.Y}
	var terms []partial
	if tm, ok := f.partialOf(ex, e.T, args, f.tan(e.X)); ok {
		terms = append(terms, tm)
	}
	// A constant exponent (or any constant operand) has no tangent, so
	// x ** c never evaluates the log x of the exponent's partial.
	if tm, ok := f.partialOf(ey, e.T, args, f.tan(e.Y)); ok {
		terms = append(terms, tm)
	}
	f.setTan(s.Pat[0].Name, f.combine(e.T, terms))
}

func (f *fwd) un(s *ir.Stm, e *ir.Un) {
	tm, ok := f.partialOf(prim.UnOpPartialExpr(e.Op, e.T), e.T, []ir.SubExp{e.X}, f.tan(e.X))
	if ok {
		f.setTan(s.Pat[0].Name, f.combine(e.T, []partial{tm}))
	}
}

func (f *fwd) call(s *ir.Stm, e *ir.Call) {
	if e.Fn.IsLinear() {
		// Conversions and bit reinterpretations map tangents the same way.
		if d := f.tan(e.Args[0]); !d.IsNone() {
			f.setTan(s.Pat[0].Name, f.lift1([]ir.SubExp{d}, func(b *ir.Builder, ds []ir.SubExp) ir.SubExp {
				return b.Let("d"+s.Pat[0].Name.Base, &ir.Call{Fn: e.Fn, Args: ds})
			}))
		}
		return
	}
	exprs := e.Fn.PartialExprs()
	t := e.Fn.Params[0]
	var terms []partial
	for k, a := range e.Args {
		d := f.tan(a)
		if d.IsNone() || exprs[k].Kind == prim.DZero {
			continue
		}
		if e.Fn.Params[k] != e.Fn.Ret {
			continue // e.g. ldexp's exponent: no tangent of the result's type
		}
		if tm, ok := f.partialOf(exprs[k], t, e.Args, d); ok {
			terms = append(terms, tm)
		}
	}
	f.setTan(s.Pat[0].Name, f.combine(e.Fn.Ret, terms))
}

// emitD emits the partial-derivative formula e over args (ir.Builder.DExpr),
// failing at b's position if it cannot.
func emitD(b *ir.Builder, e prim.DExpr, t prim.Type, args []ir.SubExp) ir.SubExp {
	x, err := b.DExpr(e, t, args)
	if err != nil {
		fail(b.Pos, "%v", err)
	}
	return x
}
