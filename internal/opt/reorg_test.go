package opt

import (
	"fmt"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// mainStms prints the kinds of main's top-level statements, e.g.
// "map copy".
func mainStms(p *ir.Program) string {
	var out []string
	for _, s := range p.Funcs[0].Body.Stms {
		out = append(out, strings.ToLower(strings.TrimPrefix(fmt.Sprintf("%T", s.Exp), "*ir.")))
	}
	return strings.Join(out, " ")
}

func TestReorg(t *testing.T) {
	ivec := ir.Array(prim.I64, ci(4))
	id := func(b *ir.Builder, n int) *ir.Lambda {
		ts := make([]ir.Type, n)
		for i := range ts {
			ts[i] = i64
		}
		return b.Lambda(ts, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp { return ps })
	}
	set0 := func(b *ir.Builder, a ir.VName) ir.SubExp {
		return b.Let("u", &ir.Update{Arr: a, Dims: []ir.DimSlice{{Fixed: true, I: ci(0)}}, Val: ci(9)})
	}
	tests := []struct {
		name string
		prog *ir.Program
		want string // main's statements after reorg
	}{
		{"identity map", build([]ir.Type{ivec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{ir.Var(b.Map(ci(4), []ir.VName{ps[0].Var}, id(b, 1))[0])}
		}), ""},
		{"zip then unzip", build([]ir.Type{ivec, ivec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			swap := b.Lambda([]ir.Type{i64, i64}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp { return []ir.SubExp{x[1], x[0]} })
			r := b.Map(ci(4), []ir.VName{ps[0].Var, ps[1].Var}, swap)
			return []ir.SubExp{ir.Var(r[0]), ir.Var(r[1])}
		}), ""},
		{"projection beside a computed result", build([]ir.Type{ivec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			f := b.Lambda([]ir.Type{i64}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp {
				return []ir.SubExp{x[0], lb.BinOp(prim.Mul, x[0], x[0])}
			})
			r := b.Map(ci(4), []ir.VName{ps[0].Var}, f)
			return []ir.SubExp{ir.Var(r[0]), ir.Var(r[1])}
		}), "map"},
		{"identity map whose result is updated", build([]ir.Type{ivec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			r := b.Map(ci(4), []ir.VName{ps[0].Var}, id(b, 1))[0]
			return []ir.SubExp{set0(b, r), ps[0]}
		}), "copy update"},
		{"identity map of an array updated after", build([]ir.Type{ivec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			c := b.Let("c", &ir.Copy{Arr: ps[0].Var})
			r := b.Map(ci(4), []ir.VName{c.Var}, id(b, 1))[0]
			return []ir.SubExp{ir.Var(r), set0(b, c.Var)}
		}), "copy copy update"},
		{"gather through iota", build([]ir.Type{ivec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			is := b.Let("is", &ir.Iota{N: ci(4), T: prim.I64})
			f := b.Lambda([]ir.Type{i64}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp { return []ir.SubExp{lb.Index(ps[0].Var, x[0])} })
			return []ir.SubExp{ir.Var(b.Map(ci(4), []ir.VName{is.Var}, f)[0])}
		}), ""},
		{"gather through iota of a shorter array", build([]ir.Type{ir.Array(prim.I64, ci(5))}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			is := b.Let("is", &ir.Iota{N: ci(4), T: prim.I64})
			f := b.Lambda([]ir.Type{i64}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp { return []ir.SubExp{lb.Index(ps[0].Var, x[0])} })
			return []ir.SubExp{ir.Var(b.Map(ci(4), []ir.VName{is.Var}, f)[0])}
		}), "iota map"},
		{"replicated input", build([]ir.Type{ivec, i64}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			rep := b.Let("rep", &ir.Replicate{Shape: ir.Shape{ci(4)}, Val: ps[1]})
			add := b.BinOpLambda(prim.Add, prim.I64)
			r := b.Map(ci(4), []ir.VName{ps[0].Var, rep.Var}, add)[0]
			return []ir.SubExp{ir.Var(r)}
		}), "map"},
		{"copy never updated", build([]ir.Type{ivec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{b.Let("c", &ir.Copy{Arr: ps[0].Var})}
		}), ""},
		{"copy of a fresh array read once", build([]ir.Type{i64}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			rep := b.Let("rep", &ir.Replicate{Shape: ir.Shape{ci(4)}, Val: ps[0]})
			c := b.Let("c", &ir.Copy{Arr: rep.Var})
			return []ir.SubExp{set0(b, c.Var)}
		}), "replicate update"},
		{"copy that is updated", build([]ir.Type{ivec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			c := b.Let("c", &ir.Copy{Arr: ps[0].Var})
			return []ir.SubExp{set0(b, c.Var), ps[0]}
		}), "copy update"},
		{"copy of a fresh array read twice", build([]ir.Type{i64}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			rep := b.Let("rep", &ir.Replicate{Shape: ir.Shape{ci(4)}, Val: ps[0]})
			c := b.Let("c", &ir.Copy{Arr: rep.Var})
			return []ir.SubExp{set0(b, c.Var), rep}
		}), "replicate copy update"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := tc.prog
			for range 2 {
				for _, pass := range []string{"reorg", "copyprop", "dce"} {
					q = run(t, pass, q)
				}
			}
			if got := mainStms(q); got != tc.want {
				t.Errorf("after reorg: %q, want %q\n%s", got, tc.want, q)
			}
			var ins [][]interp.Value
			for _, xs := range [][]int64{{1, 2, 3, 4}, {0, -5, 7, 1}} {
				var args []interp.Value
				for _, p := range tc.prog.Funcs[0].Params {
					switch {
					case p.Type.IsScalar():
						args = append(args, sI(xs[1]))
					case p.Type.Shape[0].Const.Int() == 5:
						args = append(args, arrI(append(xs, 8)...))
					default:
						args = append(args, arrI(xs...))
					}
				}
				ins = append(ins, args)
			}
			sameBehaviour(t, tc.prog, q, ins)
		})
	}
}

// TestReorgKeepsFailingMap: a projection map whose function may fail
// stays (DCE, which drops dead code that may fail, removes it later).
func TestReorgKeepsFailingMap(t *testing.T) {
	p := build([]ir.Type{ir.Array(prim.I64, ci(4)), i64}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		f := b.Lambda([]ir.Type{i64}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp {
			lb.BinOp(prim.Quot, x[0], ps[1])
			return x
		})
		return []ir.SubExp{ir.Var(b.Map(ci(4), []ir.VName{ps[0].Var}, f)[0])}
	})
	q := run(t, "reorg", p)
	if got := mainStms(q); got != "map" {
		t.Errorf("after reorg: %q, want the map\n%s", got, q)
	}
	sameBehaviour(t, p, q, [][]interp.Value{{arrI(1, 2, 3, 4), sI(0)}, {arrI(1, 2, 3, 4), sI(2)}})
}
