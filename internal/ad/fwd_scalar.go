package ad

import (
	"slices"

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
	// gate, when set, is a condition: the partial is an indicator, 1
	// when gate == when and 0 otherwise (max and min pick one argument),
	// so the term is d in one branch and absent in the other.
	gate ir.SubExp
	when bool
}

// partialOf emits the primal code of formula e (in type t over args) into
// the primal builder and returns the term for tangent d, or false if the
// partial is identically zero.
// Conditions of indicator partials are emitted once per operation
// (gates, keyed by the formula), so that max's two terms share one.
func (f *fwd) partialOf(e prim.DExpr, t prim.Type, args []ir.SubExp, d ir.SubExp, gates map[string]ir.SubExp) (partial, bool) {
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
	case prim.DSelect:
		if when, ok := indicator(e); ok && t != prim.Bool {
			// The tangent is selected, not multiplied by 1 or 0: a term
			// that is absent contributes nothing even when its tangent
			// is infinite or NaN, and no arithmetic is left for the
			// rewrites to remove.
			key := e.Args[0].String()
			c, seen := gates[key]
			if !seen {
				c = emitD(f.b, e.Args[0], t, args)
				gates[key] = c
			}
			if c.IsConst {
				if c.Const.Bool() != when {
					return partial{}, false
				}
				return partial{d: d, one: true}, true
			}
			return partial{d: d, one: true, gate: c, when: when}, true
		}
	}
	return partial{d: d, p: emitD(f.b, e, t, args)}, true
}

// indicator reports whether e is `if c then 1 else 0` (when true) or
// `if c then 0 else 1` (when false).
func indicator(e prim.DExpr) (when, ok bool) {
	a, b := e.Args[1], e.Args[2]
	if a.Kind != prim.DConst || b.Kind != prim.DConst {
		return false, false
	}
	switch {
	case a.Const == 1 && b.Const == 0:
		return true, true
	case a.Const == 0 && b.Const == 1:
		return false, true
	}
	return false, false
}

// combine emits the tangent sum of the terms, in the arithmetic of t
// (§14.3: || and && for bool), or returns absent when there are none.
// Gated terms sharing a condition become one if: max's tangent is `if c
// then dx else dy`.
func (f *fwd) combine(t prim.Type, terms []partial) ir.SubExp {
	if len(terms) == 0 {
		return ir.SubExp{}
	}
	if len(terms) == 1 && terms[0].one && terms[0].gate.IsNone() {
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
		// sum emits the sum of the terms in idx into b, or the zero of t.
		sum := func(b *ir.Builder, idx []int) ir.SubExp {
			var sum ir.SubExp
			for _, i := range idx {
				tm := terms[i]
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
			if sum.IsNone() {
				return ir.Const(prim.Zero(t))
			}
			return sum
		}
		var plain []int
		var gates []ir.SubExp
		for i, tm := range terms {
			switch {
			case tm.gate.IsNone():
				plain = append(plain, i)
			case !slices.ContainsFunc(gates, tm.gate.Equal):
				gates = append(gates, tm.gate)
			}
		}
		var parts []ir.SubExp
		if len(plain) > 0 {
			parts = append(parts, sum(b, plain))
		}
		for _, g := range gates {
			var on, off []int
			for i, tm := range terms {
				if tm.gate.Equal(g) {
					if tm.when {
						on = append(on, i)
					} else {
						off = append(off, i)
					}
				}
			}
			tb, eb := b.Sub(), b.Sub()
			x, y := sum(tb, on), sum(eb, off)
			parts = append(parts, b.Let("dsel", &ir.If{Cond: g, Then: tb.Body(x), Else: eb.Body(y), Ret: []ir.Type{ir.Scalar(t)}}))
		}
		total := parts[0]
		for _, x := range parts[1:] {
			total = b.Let("dsum", &ir.Bin{Op: add, T: t, X: total, Y: x})
		}
		return total
	})
}

func (f *fwd) bin(s *ir.Stm, e *ir.Bin) {
	ex, ey := prim.BinOpPartialExprs(e.Op, e.T)
	args := []ir.SubExp{e.X, e.Y}
	var terms []partial
	gates := map[string]ir.SubExp{}
	if tm, ok := f.partialOf(ex, e.T, args, f.tan(e.X), gates); ok {
		terms = append(terms, tm)
	}
	// A constant exponent (or any constant operand) has no tangent, so
	// x ** c never evaluates the log x of the exponent's partial.
	if tm, ok := f.partialOf(ey, e.T, args, f.tan(e.Y), gates); ok {
		terms = append(terms, tm)
	}
	f.setTan(s.Pat[0].Name, f.combine(e.T, terms))
}

func (f *fwd) un(s *ir.Stm, e *ir.Un) {
	tm, ok := f.partialOf(prim.UnOpPartialExpr(e.Op, e.T), e.T, []ir.SubExp{e.X}, f.tan(e.X), map[string]ir.SubExp{})
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
	gates := map[string]ir.SubExp{}
	for k, a := range e.Args {
		d := f.tan(a)
		if d.IsNone() || exprs[k].Kind == prim.DZero {
			continue
		}
		if e.Fn.Params[k] != e.Fn.Ret {
			continue // e.g. ldexp's exponent: no tangent of the result's type
		}
		if tm, ok := f.partialOf(exprs[k], t, e.Args, d, gates); ok {
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
