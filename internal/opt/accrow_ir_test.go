package opt

import (
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// accInputs counts the inputs of f's accumulator scopes, nested ones
// included.
func accInputs(f *ir.Func) int {
	n := 0
	var walk func(b *ir.Body)
	walk = func(b *ir.Body) {
		for _, s := range b.Stms {
			if w, ok := s.Exp.(*ir.WithAcc); ok {
				n += len(w.Inputs)
			}
			for _, nb := range ir.Bodies(s.Exp) {
				if nb != nil {
					walk(nb)
				}
			}
		}
	}
	walk(f.Body)
	return n
}

// An accumulator scope over zeros inside an enclosing scope whose result
// is added to row r of the enclosing accumulator: accrows removes the
// inner scope's input only when the enclosing one adds and the zeros and
// the result have no other use.
func TestAccRowsConditions(t *testing.T) {
	for _, tc := range []struct {
		name                    string
		mul                     bool // the enclosing scope multiplies
		zerosTwice, resultTwice bool // another use of the zeros or the result
		apply                   bool
	}{
		{name: "added into a row", apply: true},
		{name: "enclosing scope multiplies", mul: true},
		{name: "zeros read again", zerosTwice: true},
		{name: "result read again", resultTwice: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			row := ir.Array(prim.F64, ci(3))
			p := build([]ir.Type{row, i64}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
				outer := b.Let("a", &ir.Replicate{Shape: ir.Shape{ci(2), ci(3)}, Val: cf(1)})
				in := ir.AccInput{Arr: outer.Var}
				if tc.mul {
					in = ir.AccInput{Arr: outer.Var, Op: b.BinOpLambda(prim.Mul, prim.F64), Neutral: []ir.SubExp{cf(1)}}
				}
				outerT := ir.AccOf(ir.Array(prim.F64, ci(2), ci(3)))
				var extra ir.SubExp = cf(0)
				res := b.LetN("w", &ir.WithAcc{Inputs: []ir.AccInput{in}, F: b.Lambda([]ir.Type{outerT}, func(lb *ir.Builder, acc []ir.SubExp) []ir.SubExp {
					zeros := lb.Let("z", &ir.Replicate{Shape: ir.Shape{ci(3)}, Val: cf(0)})
					if tc.zerosTwice {
						extra = lb.Let("e", &ir.Index{Arr: zeros.Var, Idx: []ir.SubExp{ci(1)}})
					}
					innerT := ir.AccOf(ir.Array(prim.F64, ci(3)))
					iota := lb.Let("iota", &ir.Iota{N: ci(3), Start: ci(0), Step: ci(1), T: prim.I64})
					inner := lb.LetN("v", &ir.WithAcc{Inputs: []ir.AccInput{{Arr: zeros.Var}}, F: lb.Lambda([]ir.Type{innerT}, func(ib *ir.Builder, acc []ir.SubExp) []ir.SubExp {
						m := ib.Map(ci(3), []ir.VName{ps[0].Var, iota.Var, acc[0].Var}, ib.Lambda([]ir.Type{f64, i64, innerT}, func(mb *ir.Builder, xs []ir.SubExp) []ir.SubExp {
							a := mb.Let("u", &ir.UpdAcc{Acc: xs[2].Var, Idx: []ir.SubExp{xs[1]}, Val: xs[0]})
							a = mb.Let("u", &ir.UpdAcc{Acc: a.Var, Idx: []ir.SubExp{ci(0)}, Val: xs[0]})
							return []ir.SubExp{a}
						}))
						return []ir.SubExp{ir.Var(m[0])}
					})})
					if tc.resultTwice {
						extra = lb.Let("e", &ir.Index{Arr: inner[0], Idx: []ir.SubExp{ci(1)}})
					}
					a := lb.Let("a", &ir.UpdAcc{Acc: acc[0].Var, Idx: []ir.SubExp{ps[1]}, Val: ir.Var(inner[0])})
					return []ir.SubExp{a, extra}
				})})
				return []ir.SubExp{ir.Var(res[0]), ir.Var(res[1])}
			})
			q := run(t, "accrows", p)
			if applied := accInputs(q.Funcs[0]) < accInputs(p.Funcs[0]); applied != tc.apply {
				t.Errorf("applied: %v, want %v\n%s", applied, tc.apply, q)
			}
			// Row 1, and rows out of range (the update is dropped).
			var inputs [][]interp.Value
			for _, r := range []int64{1, 0, 2, -1} {
				inputs = append(inputs, []interp.Value{arrF(2, 4, 8), sI(r)})
			}
			sameBehaviour(t, p, q, inputs)
		})
	}
}
