package opt

import (
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// topMaps counts the maps of main's body (not nested ones).
func topMaps(p *ir.Program) int {
	n := 0
	for _, s := range p.Funcs[0].Body.Stms {
		if _, ok := s.Exp.(*ir.Map); ok {
			n++
		}
	}
	return n
}

func TestFuse(t *testing.T) {
	f64 := ir.Scalar(prim.F64)
	vec := ir.Array(prim.F64, ci(3))
	unary := func(b *ir.Builder, xs ir.SubExp, op func(lb *ir.Builder, x ir.SubExp) ir.SubExp) ir.VName {
		return b.Map(ci(3), []ir.VName{xs.Var}, b.Lambda([]ir.Type{f64}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{op(lb, ps[0])}
		}))[0]
	}
	double := func(lb *ir.Builder, x ir.SubExp) ir.SubExp { return lb.BinOp(prim.Mul, x, cf(2)) }
	add := func(b *ir.Builder, xs, ys ir.VName) ir.VName {
		return b.Map(ci(3), []ir.VName{xs, ys}, b.Lambda([]ir.Type{f64, f64}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{lb.BinOp(prim.Add, ps[0], ps[1])}
		}))[0]
	}
	tests := []struct {
		name string
		prog *ir.Program
		maps int // top-level maps after fusion
	}{
		{"map2 of a map", build([]ir.Type{vec, vec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			ys := unary(b, ps[0], double)
			return []ir.SubExp{ir.Var(add(b, ys, ps[1].Var))}
		}), 1},
		{"a chain of three", build([]ir.Type{vec, vec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			ys := unary(b, ps[0], double)
			zs := add(b, ys, ps[1].Var)
			return []ir.SubExp{ir.Var(unary(b, ir.Var(zs), double))}
		}), 1},
		{"producer read twice", build([]ir.Type{vec, vec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			ys := unary(b, ps[0], double)
			return []ir.SubExp{ir.Var(add(b, ys, ps[1].Var)), ir.Var(ys)}
		}), 2},
		{"producer read by index", build([]ir.Type{vec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			ys := unary(b, ps[0], double)
			zs := unary(b, ps[0], func(lb *ir.Builder, x ir.SubExp) ir.SubExp {
				return lb.BinOp(prim.Add, x, lb.Index(ys, ci(2)))
			})
			return []ir.SubExp{ir.Var(zs)}
		}), 2},
		{"input consumed in between", build([]ir.Type{vec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			c := b.Let("c", &ir.Copy{Arr: ps[0].Var})
			ys := unary(b, c, double)
			u := b.Let("u", &ir.Update{Arr: c.Var, Dims: []ir.DimSlice{{Fixed: true, I: ci(0)}}, Val: cf(7)})
			return []ir.SubExp{ir.Var(add(b, ys, u.Var)), u}
		}), 2},
		{"both may fail", build([]ir.Type{ir.Array(prim.I64, ci(3))}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			i64 := ir.Scalar(prim.I64)
			div := func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
				return []ir.SubExp{lb.BinOp(prim.Quot, ci(10), ps[0])}
			}
			ys := b.Map(ci(3), []ir.VName{ps[0].Var}, b.Lambda([]ir.Type{i64}, div))[0]
			zs := b.Map(ci(3), []ir.VName{ys}, b.Lambda([]ir.Type{i64}, div))[0]
			return []ir.SubExp{ir.Var(zs)}
		}), 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := run(t, "fuse", tc.prog)
			if got := topMaps(q); got != tc.maps {
				t.Errorf("%d maps after fusion, want %d:\n%s", got, tc.maps, q)
			}
			var inputs [][]interp.Value
			for _, xs := range [][]float64{{1, 2, 3}, {-0.5, 0, 4}} {
				var args []interp.Value
				for _, p := range tc.prog.Funcs[0].Params {
					if p.Type.Elem == prim.I64 {
						args = append(args, arrI(int64(xs[0]), int64(xs[1]), int64(xs[2])))
					} else {
						args = append(args, arrF(xs...))
					}
				}
				inputs = append(inputs, args)
			}
			sameBehaviour(t, tc.prog, q, inputs)
		})
	}
}
