package opt

import (
	"fmt"
	"strings"
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
		// The producer's result is also returned: it stays a result of the
		// fused map.
		{"producer read twice", build([]ir.Type{vec, vec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			ys := unary(b, ps[0], double)
			return []ir.SubExp{ir.Var(add(b, ys, ps[1].Var)), ir.Var(ys)}
		}), 1},
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

// shape lists the kinds of main's top-level SOACs, e.g. "screma(reduce)
// map": a screma with its operators in parentheses.
func shape(p *ir.Program) string {
	var out []string
	for _, s := range p.Funcs[0].Body.Stms {
		switch e := s.Exp.(type) {
		case *ir.Map:
			out = append(out, "map")
		case *ir.Reduce:
			out = append(out, "reduce")
		case *ir.Scan:
			out = append(out, "scan")
		case *ir.Hist:
			out = append(out, "hist")
		case *ir.Scatter:
			out = append(out, "scatter")
		case *ir.Screma:
			var ops []string
			for range e.Scans {
				ops = append(ops, "scan")
			}
			for range e.Reds {
				ops = append(ops, "reduce")
			}
			for range e.Hists {
				ops = append(ops, "hist")
			}
			for range e.Scatters {
				ops = append(ops, "scatter")
			}
			if n := len(e.F.Ret) - e.OpResults(); n > 0 {
				ops = append(ops, fmt.Sprintf("%d out", n))
			}
			out = append(out, "screma("+strings.Join(ops, " ")+")")
		}
	}
	return strings.Join(out, " ")
}

func TestFuseSOACs(t *testing.T) {
	ivec := ir.Array(prim.I64, ci(4))
	// unary maps xs with op, at the given line.
	unary := func(b *ir.Builder, line int, xs ir.VName, op func(lb *ir.Builder, x ir.SubExp) ir.SubExp) ir.VName {
		f := b.Lambda([]ir.Type{i64}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp { return []ir.SubExp{op(lb, ps[0])} })
		b.Pos = ir.Pos{File: "t.fut", Line: line, Col: 1}
		return b.Map(ci(4), []ir.VName{xs}, f)[0]
	}
	double := func(lb *ir.Builder, x ir.SubExp) ir.SubExp { return lb.BinOp(prim.Mul, x, ci(2)) }
	// inverse may fail (division by zero).
	inverse := func(lb *ir.Builder, x ir.SubExp) ir.SubExp { return lb.BinOp(prim.Quot, ci(12), x) }
	sum := func(b *ir.Builder, xs ir.VName) ir.SubExp {
		b.Pos = ir.Pos{File: "t.fut", Line: 20, Col: 1}
		return ir.Var(b.Reduce(ci(4), []ir.VName{xs}, []ir.SubExp{ci(0)}, b.BinOpLambda(prim.Add, prim.I64))[0])
	}
	bins := func(b *ir.Builder) ir.VName {
		return b.Let("bins", &ir.Replicate{Shape: ir.Shape{ci(3)}, Val: ci(0)}).Var
	}
	tests := []struct {
		name  string
		prog  *ir.Program
		shape string
		line  int // the line of the fused statement, when not 0
	}{
		{"map into reduce", build([]ir.Type{ivec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{sum(b, unary(b, 10, ps[0].Var, double))}
		}), "screma(reduce)", 20},
		{"map into scan", build([]ir.Type{ivec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			ys := unary(b, 10, ps[0].Var, double)
			return []ir.SubExp{ir.Var(b.Scan(ci(4), []ir.VName{ys}, []ir.SubExp{ci(0)}, b.BinOpLambda(prim.Add, prim.I64))[0])}
		}), "screma(scan)", 0},
		{"map into hist and scatter", build([]ir.Type{ivec, ivec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			ys := unary(b, 10, ps[0].Var, double)
			is := unary(b, 11, ps[1].Var, func(lb *ir.Builder, x ir.SubExp) ir.SubExp { return lb.BinOp(prim.Sub, x, ci(1)) })
			h := b.LetN("h", &ir.Hist{W: ci(4), Dests: []ir.VName{bins(b)}, Op: b.BinOpLambda(prim.Add, prim.I64), Neutral: []ir.SubExp{ci(0)}, Inds: []ir.VName{is}, Vals: []ir.VName{ys}})
			s := b.LetN("s", &ir.Scatter{W: ci(4), Dests: []ir.VName{bins(b)}, Inds: []ir.VName{ps[1].Var}, Vals: []ir.VName{ps[0].Var}})
			return []ir.SubExp{ir.Var(h[0]), ir.Var(s[0])}
		}), "screma(hist scatter)", 0},
		{"horizontal over a common input", build([]ir.Type{ivec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			ys := unary(b, 10, ps[0].Var, double)
			return []ir.SubExp{ir.Var(ys), sum(b, ps[0].Var)}
		}), "screma(reduce 1 out)", 0},
		{"producer also read after", build([]ir.Type{ivec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			ys := unary(b, 10, ps[0].Var, double)
			return []ir.SubExp{sum(b, ys), ir.Var(ys)}
		}), "screma(reduce 1 out)", 0},
		{"only one may fail: the fused one reports at its place", build([]ir.Type{ivec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{sum(b, unary(b, 10, ps[0].Var, inverse))}
		}), "screma(reduce)", 10},
		{"both may fail", build([]ir.Type{ivec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			ys := unary(b, 10, ps[0].Var, inverse)
			return []ir.SubExp{ir.Var(unary(b, 11, ys, inverse))}
		}), "map map", 0},
		{"read by index", build([]ir.Type{ivec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			ys := unary(b, 10, ps[0].Var, double)
			zs := unary(b, 11, ps[0].Var, func(lb *ir.Builder, x ir.SubExp) ir.SubExp {
				return lb.BinOp(prim.Add, x, lb.Index(ys, ci(3)))
			})
			return []ir.SubExp{ir.Var(zs)}
		}), "map map", 0},
		{"another width", build([]ir.Type{ivec, ir.Array(prim.I64, ci(3))}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			ys := unary(b, 10, ps[0].Var, double)
			zs := b.Map(ci(3), []ir.VName{ps[1].Var}, b.Lambda([]ir.Type{i64}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp { return x }))
			return []ir.SubExp{ir.Var(ys), ir.Var(zs[0])}
		}), "map map", 0},
		{"hist into what the producer reads", build([]ir.Type{ivec, ivec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			d := b.Let("d", &ir.Copy{Arr: ps[0].Var}).Var
			ys := unary(b, 10, d, double)
			h := b.LetN("h", &ir.Hist{W: ci(4), Dests: []ir.VName{d}, Op: b.BinOpLambda(prim.Add, prim.I64), Neutral: []ir.SubExp{ci(0)}, Inds: []ir.VName{ps[1].Var}, Vals: []ir.VName{ys}})
			return []ir.SubExp{ir.Var(h[0])}
		}), "map hist", 0},
		// The producer cannot move down past what consumes its input, or
		// past a statement that may fail: the consumer moves up instead.
		{"input consumed in between", build([]ir.Type{ivec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			c := b.Let("c", &ir.Copy{Arr: ps[0].Var})
			ys := unary(b, 10, c.Var, double)
			u := b.Let("u", &ir.Update{Arr: c.Var, Dims: []ir.DimSlice{{Fixed: true, I: ci(0)}}, Val: ci(7)})
			return []ir.SubExp{sum(b, ys), u}
		}), "screma(reduce)", 0},
		{"moved past a statement that may fail", build([]ir.Type{ivec, i64}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			ys := unary(b, 10, ps[0].Var, inverse)
			b.Pos = ir.Pos{File: "t.fut", Line: 15, Col: 1}
			q := b.BinOp(prim.Quot, ci(1), ps[1])
			return []ir.SubExp{sum(b, ys), q}
		}), "screma(reduce)", 10},
		// Neither may move: the consumer reads what is defined in between.
		{"input consumed in between, consumer reads the update", build([]ir.Type{ivec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			c := b.Let("c", &ir.Copy{Arr: ps[0].Var})
			ys := unary(b, 10, c.Var, double)
			u := b.Let("u", &ir.Update{Arr: c.Var, Dims: []ir.DimSlice{{Fixed: true, I: ci(0)}}, Val: ci(7)})
			zs := b.Map(ci(4), []ir.VName{ys, u.Var}, b.BinOpLambda(prim.Add, prim.I64))[0]
			return []ir.SubExp{ir.Var(zs)}
		}), "map map", 0},
		// The producer's reduction is used before the consumer: the
		// consumer moves up (the min-index reduction of max's vjp).
		{"producer's reduction used in between", build([]ir.Type{ivec}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			ys := unary(b, 10, ps[0].Var, double)
			s := b.Reduce(ci(4), []ir.VName{ps[0].Var}, []ir.SubExp{ci(0)}, b.BinOpLambda(prim.Add, prim.I64))[0]
			t := b.BinOp(prim.Mul, ir.Var(s), ci(3))
			return []ir.SubExp{sum(b, ys), t}
		}), "screma(reduce reduce)", 0},
		{"inputs of unknown width", build([]ir.Type{ir.Array(prim.I64, ir.SubExp{})}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			n := b.Let("n", &ir.Size{Arr: ps[0].Var})
			f := b.Lambda([]ir.Type{i64}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp { return []ir.SubExp{double(lb, x[0])} })
			ys := b.Map(n, []ir.VName{ps[0].Var}, f)[0]
			return []ir.SubExp{ir.Var(b.Reduce(n, []ir.VName{ys}, []ir.SubExp{ci(0)}, b.BinOpLambda(prim.Add, prim.I64))[0])}
		}), "map reduce", 0},
		{"maps of unknown width still fuse into a map", build([]ir.Type{ir.Array(prim.I64, ir.SubExp{})}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			n := b.Let("n", &ir.Size{Arr: ps[0].Var})
			f := b.Lambda([]ir.Type{i64}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp { return []ir.SubExp{double(lb, x[0])} })
			ys := b.Map(n, []ir.VName{ps[0].Var}, f)[0]
			g := b.Lambda([]ir.Type{i64}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp { return []ir.SubExp{double(lb, x[0])} })
			zs := b.Map(n, []ir.VName{ys}, g)[0]
			return []ir.SubExp{ir.Var(b.Reduce(n, []ir.VName{zs}, []ir.SubExp{ci(0)}, b.BinOpLambda(prim.Add, prim.I64))[0])}
		}), "map reduce", 0},
		{"moved past a statement that cannot fail", build([]ir.Type{ivec, i64}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			ys := unary(b, 10, ps[0].Var, inverse)
			q := b.BinOp(prim.Mul, ci(3), ps[1])
			return []ir.SubExp{sum(b, ys), q}
		}), "screma(reduce)", 10},
	}
	inputs := [][]interp.Value{
		{arrI(1, 2, 3, 0), arrI(0, 2, 1, 2), sI(0)},
		{arrI(4, -1, 3, 2), arrI(3, 1, 1, 7), sI(2)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := run(t, "fuse-soacs", tc.prog)
			if testing.Verbose() {
				t.Logf("%s", q)
			}
			if got := shape(q); got != tc.shape {
				t.Errorf("after fusion: %s, want %s\n%s", got, tc.shape, q)
			}
			if tc.line != 0 {
				for _, s := range q.Funcs[0].Body.Stms {
					if _, ok := s.Exp.(*ir.Screma); ok && s.Pos.Line != tc.line {
						t.Errorf("the screma is at line %d, want %d", s.Pos.Line, tc.line)
					}
				}
			}
			var ins [][]interp.Value
			for _, in := range inputs {
				ins = append(ins, in[:len(tc.prog.Funcs[0].Params)])
			}
			sameBehaviour(t, tc.prog, q, ins)
		})
	}
}
