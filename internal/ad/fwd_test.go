package ad

import (
	"math/rand"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// fdCase is a program differentiated at a point along random directions
// and checked against central finite differences of the primal.
type fdCase struct {
	name string
	ts   []ir.Type
	body bodyFn
	args []interp.Value
}

// Finite differences: step h on f64 gives truncation error O(h^2 f”')
// and rounding error O(eps/h), both far below fdTol.
const (
	fdStep = 1e-6
	fdTol  = 1e-6
)

func call1(b *ir.Builder, name string, xs ...ir.SubExp) ir.SubExp {
	fn, ok := prim.LookupFunc(name)
	if !ok {
		panic("no function " + name)
	}
	return b.Call(fn, xs...)
}

func bin(b *ir.Builder, op prim.BinOp, x, y ir.SubExp) ir.SubExp { return b.BinOp(op, x, y) }

func lam2(b *ir.Builder, op prim.BinOp) *ir.Lambda { return b.BinOpLambda(op, prim.F64) }

func fdCases() []fdCase {
	v5 := af([]int64{5}, 0.3, -0.7, 1.1, 0.4, -0.2)
	w5 := af([]int64{5}, 0.9, 0.5, -1.3, 0.8, 1.7)
	pos5 := af([]int64{5}, 0.6, 1.2, 0.9, 1.5, 0.7)
	m23 := af([]int64{2, 3}, 1, 2, 3, 4, 5, 6)
	return []fdCase{
		{"arith", []ir.Type{tf64, tf64}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			s := bin(b, prim.Add, x[0], x[1])
			d := bin(b, prim.Sub, x[0], x[1])
			m := bin(b, prim.Mul, s, d)
			q := bin(b, prim.Div, m, bin(b, prim.Add, fc(3), x[1]))
			n := b.UnOp(prim.Neg, q)
			p := bin(b, prim.Pow, bin(b, prim.Add, x[0], fc(2)), bin(b, prim.Add, x[1], fc(1.5)))
			c := bin(b, prim.Pow, x[0], fc(3))
			return []ir.SubExp{n, p, c, bin(b, prim.Mod, x[0], fc(0.25))}
		}, []interp.Value{sf(0.7), sf(-0.4)}},
		{"functions", []ir.Type{tf64, tf64, tf64}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			var out []ir.SubExp
			for _, fn := range []string{"sin", "cos", "tan", "exp", "tanh", "sinh", "cosh", "atan", "asin", "acos", "erf", "erfc", "asinh", "atanh", "cbrt", "sinpi", "cospi", "abs"} {
				out = append(out, call1(b, fn+"_f64", x[0]))
			}
			for _, fn := range []string{"log", "log2", "log10", "log1p", "sqrt", "rsqrt", "acosh"} {
				out = append(out, call1(b, fn+"_f64", bin(b, prim.Add, x[1], fc(2))))
			}
			for _, fn := range []string{"atan2", "hypot", "max", "min", "atan2pi"} {
				out = append(out, call1(b, fn+"_f64", x[0], x[1]))
			}
			out = append(out, call1(b, "fma_f64", x[0], x[1], x[2]), call1(b, "mad_f64", x[0], x[1], x[2]))
			out = append(out, call1(b, "lerp_f64", x[0], x[1], x[2]))
			out = append(out, call1(b, "copysign_f64", x[0], x[1]))
			out = append(out, call1(b, "ldexp_f64", x[0], ir.Const(prim.IntValue(prim.I32, 3))))
			return out
		}, []interp.Value{sf(0.45), sf(0.3), sf(0.6)}},
		{"index slice update", []ir.Type{vec(prim.F64), tf64}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			a := b.Index(x[0].Var, ir.I64(2))
			sl := b.Let("sl", &ir.Slice{Arr: x[0].Var, Dims: []ir.DimSlice{{Start: ir.I64(1), End: ir.I64(4)}}})
			c := b.Let("c", &ir.Copy{Arr: x[0].Var})
			u := b.Let("u", &ir.Update{Arr: c.Var, Dims: []ir.DimSlice{{Fixed: true, I: ir.I64(0)}}, Val: bin(b, prim.Mul, a, x[1])})
			u2 := b.Let("u2", &ir.Update{Arr: u.Var, Dims: []ir.DimSlice{{Start: ir.I64(2), End: ir.I64(5)}}, Val: sl})
			return []ir.SubExp{a, sl, u2}
		}, []interp.Value{v5, sf(1.3)}},
		{"data movement", []ir.Type{mat(prim.F64), tf64}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			io := b.Let("io", &ir.Iota{N: ir.I64(3), T: prim.I64})
			rep := b.Let("rep", &ir.Replicate{Shape: ir.Shape{ir.I64(2)}, Val: x[1]})
			rows := b.Let("rows", &ir.Replicate{Shape: ir.Shape{ir.I64(2)}, Val: x[0]})
			sc := b.Let("sc", &ir.Scratch{Elem: prim.F64, Shape: ir.Shape{ir.I64(3)}})
			sc2 := b.Let("sc2", &ir.Update{Arr: sc.Var, Dims: []ir.DimSlice{{Fixed: true, I: ir.I64(1)}}, Val: x[1]})
			rs := b.Let("rs", &ir.Reshape{Arr: x[0].Var, Shape: ir.Shape{ir.I64(3), ir.I64(2)}})
			tr := b.Let("tr", &ir.Rearrange{Arr: x[0].Var, Perm: []int{1, 0}})
			cc := b.Let("cc", &ir.Concat{Arrs: []ir.VName{x[0].Var, x[0].Var}})
			ro := b.Let("ro", &ir.Rotate{R: ir.I64(1), Arr: tr.Var})
			lit := b.Let("lit", &ir.ArrayLit{Elems: []ir.SubExp{x[1], fc(2), bin(b, prim.Mul, x[1], x[1])}, Elem: tf64})
			cat2 := b.Let("cat2", &ir.Concat{Arrs: []ir.VName{lit.Var, sc2.Var}})
			sz := b.Let("sz", &ir.Size{Arr: x[0].Var, Dim: 1})
			b.Bind(nil, &ir.Assert{Cond: b.CmpOp(prim.Eq, sz, ir.I64(3)), Msg: "3 columns"})
			return []ir.SubExp{io, rep, rows, rs, cc, ro, cat2}
		}, []interp.Value{m23, sf(0.5)}},
		{"if", []ir.Type{tf64, tf64}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			c := b.CmpOp(prim.Lt, x[0], x[1])
			tb, eb := b.Sub(), b.Sub()
			r1 := bin(tb, prim.Mul, x[0], x[1])
			r2 := call1(eb, "sin_f64", x[0])
			res := b.LetN("if", &ir.If{Cond: c, Then: tb.Body(r1, fc(1)), Else: eb.Body(r2, x[1]), Ret: []ir.Type{tf64, tf64}})
			return vars(res)
		}, []interp.Value{sf(0.2), sf(0.9)}},
		{"if else branch", []ir.Type{tf64, tf64}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			c := b.CmpOp(prim.Lt, x[0], x[1])
			tb, eb := b.Sub(), b.Sub()
			r1 := bin(tb, prim.Mul, x[0], x[1])
			r2 := call1(eb, "sin_f64", x[0])
			res := b.LetN("if", &ir.If{Cond: c, Then: tb.Body(r1, fc(1)), Else: eb.Body(r2, x[1]), Ret: []ir.Type{tf64, tf64}})
			return vars(res)
		}, []interp.Value{sf(1.2), sf(0.9)}},
		{"for loop", []ir.Type{tf64, vec(prim.F64)}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			// acc = 1; for i < 5: acc = acc * x + xs[i]; k = k + 1 (an integer carried along)
			acc := b.Param("acc", tf64)
			k := b.Param("k", ti64)
			c0 := b.Param("c", tf64) // zero initial tangent, nonzero after one iteration
			i := b.Names().New("i")
			b.Declare(ir.Param{Name: i, Type: ti64})
			lb := b.Sub()
			xi := lb.Index(x[1].Var, ir.Var(i))
			a2 := bin(lb, prim.Add, bin(lb, prim.Mul, ir.Var(acc.Name), x[0]), xi)
			k2 := bin(lb, prim.Add, ir.Var(k.Name), ir.I64(1))
			c2 := bin(lb, prim.Add, ir.Var(c0.Name), ir.Var(acc.Name))
			res := b.LetN("loop", &ir.Loop{Params: []ir.Param{acc, k, c0}, Init: []ir.SubExp{fc(1), ir.I64(0), fc(0)},
				Form: &ir.For{I: i, T: prim.I64, Bound: ir.I64(5)}, Body: lb.Body(a2, k2, c2)})
			return vars(res)
		}, []interp.Value{sf(0.8), v5}},
		{"while loop", []ir.Type{tf64}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			// while y < 10: y = y * (1 + x), n = n + 1
			y := b.Param("y", tf64)
			n := b.Param("n", ti64)
			go_ := b.Param("go", ir.Scalar(prim.Bool))
			lb := b.Sub()
			y2 := bin(lb, prim.Mul, ir.Var(y.Name), bin(lb, prim.Add, fc(1), x[0]))
			n2 := bin(lb, prim.Add, ir.Var(n.Name), ir.I64(1))
			g2 := lb.CmpOp(prim.Lt, y2, fc(10))
			init := b.CmpOp(prim.Lt, x[0], fc(10))
			res := b.LetN("loop", &ir.Loop{Params: []ir.Param{y, n, go_}, Init: []ir.SubExp{x[0], ir.I64(0), init},
				Form: &ir.While{Cond: go_.Name}, Body: lb.Body(y2, n2, g2)})
			return vars(res[:2])
		}, []interp.Value{sf(0.7)}},
		{"map with free variable", []ir.Type{vec(prim.F64), vec(prim.F64), tf64}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			n := size(b, x[0], 0)
			f := b.Lambda([]ir.Type{tf64, tf64}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
				s := call1(lb, "sin_f64", bin(lb, prim.Mul, p[0], x[2]))
				return []ir.SubExp{bin(lb, prim.Add, s, p[1]), bin(lb, prim.Mul, p[1], fc(2))}
			})
			return vars(b.Map(n, []ir.VName{x[0].Var, x[1].Var}, f))
		}, []interp.Value{v5, w5, sf(0.9)}},
		{"nested map", []ir.Type{mat(prim.F64), tf64}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			n, m := size(b, x[0], 0), size(b, x[0], 1)
			f := b.Lambda([]ir.Type{vec(prim.F64)}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
				g := lb.Lambda([]ir.Type{tf64}, func(gb *ir.Builder, q []ir.SubExp) []ir.SubExp {
					return []ir.SubExp{call1(gb, "exp_f64", bin(gb, prim.Mul, q[0], x[1]))}
				})
				row := lb.Map(m, []ir.VName{p[0].Var}, g)
				return []ir.SubExp{ir.Var(lb.Reduce(m, row, []ir.SubExp{fc(0)}, lam2(lb, prim.Add))[0])}
			})
			return vars(b.Map(n, []ir.VName{x[0].Var}, f))
		}, []interp.Value{af([]int64{2, 3}, 0.1, 0.2, 0.3, -0.1, -0.2, 0.5), sf(0.7)}},
		{"reduce", []ir.Type{vec(prim.F64), vec(prim.F64)}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			n := size(b, x[0], 0)
			s := b.Reduce(n, []ir.VName{x[0].Var}, []ir.SubExp{fc(0)}, lam2(b, prim.Add))
			p := b.Reduce(n, []ir.VName{x[0].Var}, []ir.SubExp{fc(1)}, lam2(b, prim.Mul))
			mx := b.Reduce(n, []ir.VName{x[1].Var}, []ir.SubExp{fc(-1e300)}, b.Lambda([]ir.Type{tf64, tf64}, func(lb *ir.Builder, q []ir.SubExp) []ir.SubExp {
				return []ir.SubExp{call1(lb, "max_f64", q[0], q[1])}
			}))
			pair := b.Reduce(n, []ir.VName{x[0].Var, x[1].Var}, []ir.SubExp{fc(1), fc(0)}, pairOp(b))
			// Two sums in one reduction (jmp sums the batches of both).
			sums := b.Reduce(n, []ir.VName{x[0].Var, x[1].Var}, []ir.SubExp{fc(0), fc(0)}, addOps(b, []ir.VName{x[0].Var, x[1].Var}))
			return vars(append(append(append(append(s, p...), mx...), pair...), sums...))
		}, []interp.Value{v5, w5}},
		{"reduce with free variable", []ir.Type{vec(prim.F64), tf64}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			// The inputs have no tangent; the operator's free x does.
			n := size(b, x[0], 0)
			c := b.Let("c", &ir.Copy{Arr: x[0].Var})
			cs := b.Map(n, []ir.VName{c.Var}, b.Lambda([]ir.Type{tf64}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
				return []ir.SubExp{call1(lb, "floor_f64", bin(lb, prim.Mul, p[0], fc(10)))}
			}))
			r := b.Reduce(n, cs, []ir.SubExp{fc(0)}, b.Lambda([]ir.Type{tf64, tf64}, func(lb *ir.Builder, q []ir.SubExp) []ir.SubExp {
				// a + b + a*b*x is associative: 1 + x(a op b) = (1 + xa)(1 + xb).
				ab := bin(lb, prim.Mul, bin(lb, prim.Mul, q[0], q[1]), x[1])
				return []ir.SubExp{bin(lb, prim.Add, bin(lb, prim.Add, q[0], q[1]), ab)}
			}))
			return vars(r)
		}, []interp.Value{af([]int64{5}, 0.33, -0.77, 1.14, 0.45, -0.26), sf(0.6)}},
		{"scan", []ir.Type{vec(prim.F64), vec(prim.F64)}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			n := size(b, x[0], 0)
			s := b.Scan(n, []ir.VName{x[0].Var}, []ir.SubExp{fc(1)}, lam2(b, prim.Mul))
			s = append(s, b.Scan(n, []ir.VName{x[1].Var}, []ir.SubExp{fc(0)}, lam2(b, prim.Add))...)
			pair := b.Scan(n, []ir.VName{x[0].Var, x[1].Var}, []ir.SubExp{fc(1), fc(0)}, pairOp(b))
			return vars(append(s, pair...))
		}, []interp.Value{v5, w5}},
		{"hist", []ir.Type{vec(prim.F64), vec(prim.F64)}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			n := size(b, x[0], 0)
			is := b.Let("is", &ir.ArrayLit{Elems: []ir.SubExp{ir.I64(0), ir.I64(2), ir.I64(0), ir.I64(7), ir.I64(1)}, Elem: ti64})
			mk := func(op *ir.Lambda, ne float64, vals ir.SubExp) ir.SubExp {
				dst := b.Let("dst", &ir.Copy{Arr: x[1].Var})
				dst3 := b.Let("dst3", &ir.Slice{Arr: dst.Var, Dims: []ir.DimSlice{{Start: ir.I64(0), End: ir.I64(3)}}})
				d := b.Let("d", &ir.Copy{Arr: dst3.Var})
				return ir.Var(b.LetN("h", &ir.Hist{W: n, Dests: []ir.VName{d.Var}, Op: op, Neutral: []ir.SubExp{fc(ne)}, Inds: []ir.VName{is.Var}, Vals: []ir.VName{vals.Var}})[0])
			}
			h1 := mk(lam2(b, prim.Add), 0, x[0])
			h2 := mk(lam2(b, prim.Mul), 1, x[0])
			h3 := mk(b.Lambda([]ir.Type{tf64, tf64}, func(lb *ir.Builder, q []ir.SubExp) []ir.SubExp {
				return []ir.SubExp{call1(lb, "min_f64", q[0], q[1])}
			}), 1e300, x[0])
			return []ir.SubExp{h1, h2, h3}
		}, []interp.Value{v5, w5}},
		{"scatter", []ir.Type{vec(prim.F64), vec(prim.F64)}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			is := b.Let("is", &ir.ArrayLit{Elems: []ir.SubExp{ir.I64(3), ir.I64(-1), ir.I64(0)}, Elem: ti64})
			vs := b.Let("vs", &ir.Slice{Arr: x[0].Var, Dims: []ir.DimSlice{{Start: ir.I64(0), End: ir.I64(3)}}})
			d := b.Let("d", &ir.Copy{Arr: x[1].Var})
			z := b.Let("z", &ir.Replicate{Shape: ir.Shape{ir.I64(4)}, Val: fc(1)})
			s := b.LetN("s", &ir.Scatter{W: ir.I64(3), Dests: []ir.VName{d.Var, z.Var}, Inds: []ir.VName{is.Var}, Vals: []ir.VName{vs.Var, vs.Var}})
			return vars(s)
		}, []interp.Value{v5, w5}},
		{"accumulators", []ir.Type{vec(prim.F64), tf64}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			// withacc over a copy of xs: acc[is[j]] += xs[j] * y; acc[0] += y*y
			n := size(b, x[0], 0)
			is := b.Let("is", &ir.ArrayLit{Elems: []ir.SubExp{ir.I64(1), ir.I64(1), ir.I64(4), ir.I64(9), ir.I64(0)}, Elem: ti64})
			dst := b.Let("dst", &ir.Copy{Arr: x[0].Var})
			accT := ir.AccOf(b.Type(dst))
			lam := b.Lambda([]ir.Type{accT}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
				m := lb.Map(n, []ir.VName{p[0].Var, is.Var, x[0].Var}, lb.Lambda([]ir.Type{accT, ti64, tf64}, func(mb *ir.Builder, q []ir.SubExp) []ir.SubExp {
					v := bin(mb, prim.Mul, q[2], x[1])
					return []ir.SubExp{mb.Let("a", &ir.UpdAcc{Acc: q[0].Var, Idx: []ir.SubExp{q[1]}, Val: v})}
				}))
				a2 := lb.Let("a2", &ir.UpdAcc{Acc: m[0], Idx: []ir.SubExp{ir.I64(0)}, Val: bin(lb, prim.Mul, x[1], x[1])})
				return []ir.SubExp{a2, bin(lb, prim.Mul, x[1], fc(3))}
			})
			return vars(b.LetN("wa", &ir.WithAcc{Inputs: []ir.AccInput{{Arr: dst.Var}}, F: lam}))
		}, []interp.Value{v5, sf(0.8)}},
		{"in-place loop and map", []ir.Type{mat(prim.F64), tf64}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			// The loop updates its array parameter in place; the map
			// updates the rows it is given.
			n, m := size(b, x[0], 0), size(b, x[0], 1)
			row0 := b.Index(x[0].Var, ir.I64(0))
			c := b.Let("c", &ir.Copy{Arr: row0.Var})
			acc := b.Param("acc", b.Type(c))
			i := b.Names().New("i")
			b.Declare(ir.Param{Name: i, Type: ti64})
			lb := b.Sub()
			ai := lb.Index(acc.Name, ir.Var(i))
			u := lb.Let("u", &ir.Update{Arr: acc.Name, Dims: []ir.DimSlice{{Fixed: true, I: ir.Var(i)}}, Val: bin(lb, prim.Mul, ai, x[1])})
			l := b.LetN("loop", &ir.Loop{Params: []ir.Param{acc}, Init: []ir.SubExp{c}, Form: &ir.For{I: i, T: prim.I64, Bound: m}, Body: lb.Body(u)})
			cc := b.Let("cc", &ir.Copy{Arr: x[0].Var})
			mp := b.Map(n, []ir.VName{cc.Var}, b.Lambda([]ir.Type{vec(prim.F64)}, func(mb *ir.Builder, p []ir.SubExp) []ir.SubExp {
				v := bin(mb, prim.Mul, mb.Index(p[0].Var, ir.I64(1)), x[1])
				return []ir.SubExp{mb.Let("r", &ir.Update{Arr: p[0].Var, Dims: []ir.DimSlice{{Fixed: true, I: ir.I64(0)}}, Val: v})}
			}))
			return vars(append(l, mp...))
		}, []interp.Value{af([]int64{2, 3}, 0.1, 0.2, 0.3, -0.1, -0.2, 0.5), sf(0.7)}},
		{"two-dimensional hist, scatter and accumulator", []ir.Type{mat(prim.F64), vec(prim.F64)}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			// x0 is 2x3, x1 has 5 elements.
			is := b.Let("is", &ir.ArrayLit{Elems: []ir.SubExp{ir.I64(0), ir.I64(1), ir.I64(1), ir.I64(0), ir.I64(5)}, Elem: ti64})
			js := b.Let("js", &ir.ArrayLit{Elems: []ir.SubExp{ir.I64(2), ir.I64(0), ir.I64(0), ir.I64(1), ir.I64(1)}, Elem: ti64})
			d1 := b.Let("d1", &ir.Copy{Arr: x[0].Var})
			// a*b + a + b = (a+1)(b+1) - 1: associative and commutative,
			// as reduce_by_index requires, with neutral element 0.
			h := b.LetN("h", &ir.Hist{W: ir.I64(5), Dests: []ir.VName{d1.Var}, Op: b.Lambda([]ir.Type{tf64, tf64}, func(lb *ir.Builder, q []ir.SubExp) []ir.SubExp {
				return []ir.SubExp{bin(lb, prim.Add, bin(lb, prim.Add, bin(lb, prim.Mul, q[0], q[1]), q[0]), q[1])}
			}), Neutral: []ir.SubExp{fc(0)}, Inds: []ir.VName{is.Var, js.Var}, Vals: []ir.VName{x[1].Var}})
			d2 := b.Let("d2", &ir.Copy{Arr: x[0].Var})
			sc := b.LetN("sc", &ir.Scatter{W: ir.I64(5), Dests: []ir.VName{d2.Var}, Inds: []ir.VName{is.Var, js.Var}, Vals: []ir.VName{x[1].Var}})
			// Row updates of a 2-D accumulator: acc[is[k]] += x0[1] * x1[k].
			d3 := b.Let("d3", &ir.Copy{Arr: x[0].Var})
			row := b.Index(x[0].Var, ir.I64(1))
			accT := ir.AccOf(b.Type(d3))
			lam := b.Lambda([]ir.Type{accT}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
				m := lb.Map(ir.I64(5), []ir.VName{p[0].Var, is.Var, x[1].Var}, lb.Lambda([]ir.Type{accT, ti64, tf64}, func(mb *ir.Builder, q []ir.SubExp) []ir.SubExp {
					v := mb.Map(ir.I64(3), []ir.VName{row.Var}, mb.Lambda([]ir.Type{tf64}, func(rb *ir.Builder, r []ir.SubExp) []ir.SubExp {
						return []ir.SubExp{bin(rb, prim.Mul, r[0], q[2])}
					}))
					return []ir.SubExp{mb.Let("a", &ir.UpdAcc{Acc: q[0].Var, Idx: []ir.SubExp{q[1]}, Val: ir.Var(v[0])})}
				}))
				return []ir.SubExp{ir.Var(m[0])}
			})
			wa := b.LetN("wa", &ir.WithAcc{Inputs: []ir.AccInput{{Arr: d3.Var}}, F: lam})
			return vars(append(append(h, sc...), wa...))
		}, []interp.Value{af([]int64{2, 3}, 0.1, 0.2, 0.3, -0.1, -0.2, 0.5), af([]int64{5}, 0.3, -0.7, 1.1, 0.4, -0.2)}},
		{"with_vjp", []ir.Type{tf64}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			f := b.Lambda([]ir.Type{tf64}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
				return []ir.SubExp{bin(lb, prim.Mul, p[0], call1(lb, "exp_f64", p[0]))}
			})
			// A deliberately wrong rule: forward mode must not use it.
			rule := b.Lambda([]ir.Type{tf64, tf64, tf64}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
				return []ir.SubExp{fc(42)}
			})
			return vars(b.LetN("w", &ir.WithVJP{F: f, Rule: rule, Args: []ir.SubExp{x[0]}}))
		}, []interp.Value{sf(0.3)}},
		{"nested jvp", []ir.Type{tf64, tf64}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			// g(x, y) = x * (d/dy of x*y*y at y along 1) = 2 x^2 y
			inner := b.Lambda([]ir.Type{tf64}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
				return []ir.SubExp{bin(lb, prim.Mul, bin(lb, prim.Mul, x[0], p[0]), p[0])}
			})
			r := b.LetN("j", &ir.JVP{F: inner, Primals: []ir.SubExp{x[1]}, Tangents: []ir.SubExp{fc(1)}})
			return []ir.SubExp{bin(b, prim.Mul, x[0], ir.Var(r[1]))}
		}, []interp.Value{sf(0.6), sf(-1.1)}},
		{"positive domain", []ir.Type{vec(prim.F64)}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			n := size(b, x[0], 0)
			l := b.Map(n, []ir.VName{x[0].Var}, b.Lambda([]ir.Type{tf64}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
				return []ir.SubExp{bin(lb, prim.Pow, p[0], p[0])}
			}))
			return vars(l)
		}, []interp.Value{pos5}},
	}
}

// pairOp is (a1,b1) op (a2,b2) = (a1*a2, b1*a2 + b2) (seed 000).
func pairOp(b *ir.Builder) *ir.Lambda {
	return b.Lambda([]ir.Type{tf64, tf64, tf64, tf64}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
		a := lb.BinOp(prim.Mul, p[0], p[2])
		c := lb.BinOp(prim.Add, lb.BinOp(prim.Mul, p[1], p[2]), p[3])
		return []ir.SubExp{a, c}
	})
}

func TestForwardFiniteDifferences(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for _, c := range fdCases() {
		t.Run(c.name, func(t *testing.T) {
			p := compile(t, primalProg(c.ts, c.body), jvpProg("jvp", c.ts, c.body, false), jvpProg("jmp", c.ts, c.body, true))
			primal := run(t, p, "f", c.args)
			var dirs [][]interp.Value
			for k := 0; k < jmpWidth; k++ {
				dx := make([]interp.Value, len(c.args))
				for i, a := range c.args {
					dx[i] = randomLike(r, a)
				}
				dirs = append(dirs, dx)
				res := run(t, p, "jvp", append(append([]interp.Value{}, c.args...), dx...))
				n := len(primal)
				for i := range primal {
					if got, want := valuesString(leaves(res[i])), valuesString(leaves(primal[i])); got != want {
						t.Fatalf("primal result %d: jvp gives %s, f gives %s", i, got, want)
					}
				}
				plus := run(t, p, "f", axpyAll(c.args, fdStep, dx))
				minus := run(t, p, "f", axpyAll(c.args, -fdStep, dx))
				for i := range primal {
					tl, pl, ml := leaves(res[n+i]), leaves(plus[i]), leaves(minus[i])
					for j := range tl {
						if !tl[j].Type().IsFloat() {
							continue
						}
						fd := (pl[j].Float() - ml[j].Float()) / (2 * fdStep)
						if !closeTo(tl[j].Float(), fd, fdTol) {
							t.Errorf("direction %d, result %d[%d]: tangent %v, finite difference %v", k, i, j, tl[j].Float(), fd)
						}
					}
				}
			}
			// jmp with the same directions must agree with jvp lane by lane.
			args := append([]interp.Value{}, c.args...)
			for i := range c.args {
				lanes := make([]interp.Value, jmpWidth)
				for k := range lanes {
					lanes[k] = dirs[k][i]
				}
				args = append(args, stack(lanes))
			}
			batched := run(t, p, "jmp", args)
			n := len(primal)
			for k := 0; k < jmpWidth; k++ {
				res := run(t, p, "jvp", append(append([]interp.Value{}, c.args...), dirs[k]...))
				for i := 0; i < n; i++ {
					got, want := lane(batched[n+i], k), leaves(res[n+i])
					for j := range want {
						if want[j].Type().IsFloat() && !closeTo(got[j].Float(), want[j].Float(), 1e-12) || !want[j].Type().IsFloat() && got[j] != want[j] {
							t.Errorf("jmp lane %d result %d[%d] = %v, jvp gives %v", k, i, j, got[j], want[j])
						}
					}
				}
			}
		})
	}
}
