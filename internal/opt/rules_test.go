package opt

import (
	"flag"
	"math"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

var show = flag.Bool("show", false, "print every case's output")

type ruleCase struct {
	name   string
	pass   string
	params []ir.Type
	fill   func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp
	want   string // the printed body of main after the pass
	inputs [][]interp.Value
	// outcomes, when set, are the results wanted after the pass (for
	// dead code whose run-time error DCE removes on purpose); otherwise
	// the program must behave exactly as before.
	outcomes []string
}

var floatInputs = [][]interp.Value{{sF(2.5)}, {sF(0)}, {sF(math.Copysign(0, -1))}, {sF(math.NaN())}, {sF(math.Inf(-1))}}
var intInputs = [][]interp.Value{{sI(7)}, {sI(0)}, {sI(-3)}, {sI(math.MaxInt64)}}

func forLoop(b *ir.Builder, bound ir.SubExp, params []ir.Param, init []ir.SubExp, fill func(lb *ir.Builder, i ir.SubExp) []ir.SubExp) []ir.SubExp {
	i := b.Param("i", i64)
	lb := b.Sub()
	res := fill(lb, ir.Var(i.Name))
	out := b.LetN("loop", &ir.Loop{Params: params, Init: init, Form: &ir.For{I: i.Name, T: prim.I64, Bound: bound}, Body: lb.Body(res...)})
	vs := make([]ir.SubExp, len(out))
	for k, o := range out {
		vs[k] = ir.Var(o)
	}
	return vs
}

var ruleCases = []ruleCase{
	{
		// After assert (k == y), the statements after it use y for k; the
		// comparison and the assertion keep k (they check it).
		name: "an asserted equality of integers", pass: "fold", params: []ir.Type{i64, i64},
		want: `
let k_3: i64 = x_1 + 1i64
let c_4: bool = k_3 ==i64 x_2
let () = assert c_4 "sizes"
let t_5: i64 = x_2 * 2i64
return t_5
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			k := b.Let("k", &ir.Bin{Op: prim.Add, T: prim.I64, X: ps[0], Y: ci(1)})
			b.Bind(nil, &ir.Assert{Cond: b.CmpOp(prim.Eq, k, ps[1]), Msg: "sizes"})
			return []ir.SubExp{b.BinOp(prim.Mul, k, ci(2))}
		},
		inputs: [][]interp.Value{{sI(1), sI(2)}, {sI(1), sI(3)}, {sI(-1), sI(0)}},
	},
	{
		name: "dce keeps nested asserts", pass: "dce", params: []ir.Type{i64, b1},
		want: `
let unused_4: i64 = if x_2 : (i64) {
  let c_3: bool = x_1 >i64 0i64
  let () = assert c_3 "positive"
  return x_1
} else {
  return 1i64
}
return x_1
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			tb, eb := b.Sub(), b.Sub()
			line(tb, 2)
			tb.Bind(nil, &ir.Assert{Cond: tb.CmpOp(prim.Gt, ps[0], ci(0)), Msg: "positive"})
			line(b, 3)
			b.Let("unused", &ir.If{Cond: ps[1], Then: tb.Body(ps[0]), Else: eb.Body(ci(1)), Ret: []ir.Type{i64}})
			return []ir.SubExp{ps[0]}
		},
		inputs: [][]interp.Value{{sI(1), sB(true)}, {sI(-1), sB(true)}, {sI(-1), sB(false)}},
	},
	{
		name: "fold invariant loop parameters", pass: "fold", params: []ir.Type{i64, ir.Array(prim.I64, ci(3))},
		want: `
let loop_12: i64 = loop (acc_5: i64 = 0i64) for i_6: i64 < 3i64 {
  let xs_elem_7: i64 = x_2[i_6]
  let t_8: i64 = xs_elem_7 * x_1
  let t_9: i64 = acc_5 + t_8
  return t_9
}
return (x_1, x_2, loop_12)
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			k, xs, acc := b.Param("k", i64), b.Param("xs", ir.Array(prim.I64, ci(3))), b.Param("acc", i64)
			r := forLoop(b, ci(3), []ir.Param{k, xs, acc}, []ir.SubExp{ps[0], ps[1], ci(0)}, func(lb *ir.Builder, i ir.SubExp) []ir.SubExp {
				e := lb.Index(xs.Name, i)
				return []ir.SubExp{ir.Var(k.Name), ir.Var(xs.Name), lb.BinOp(prim.Add, ir.Var(acc.Name), lb.BinOp(prim.Mul, e, ir.Var(k.Name)))}
			})
			return r
		},
		inputs: [][]interp.Value{{sI(2), arrI(1, 2, 3)}},
	},
	{
		name: "fold selects", pass: "fold", params: []ir.Type{b1, i64},
		want: `
let s_5: bool = if x_1 : (bool) {
  return false
} else {
  return true
}
let s_6: i64 = if x_1 : (i64) {
  return x_2
} else {
  return 0i64
}
return (x_1, x_2, s_5, s_6)
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			sel := func(t, f ir.SubExp) ir.SubExp {
				return b.Let("s", &ir.If{Cond: ps[0], Then: b.Sub().Body(t), Else: b.Sub().Body(f), Ret: []ir.Type{b.Type(t)}})
			}
			return []ir.SubExp{
				sel(ir.Bool(true), ir.Bool(false)), sel(ps[1], ps[1]),
				sel(ir.Bool(false), ir.Bool(true)), sel(ps[1], ci(0)),
			}
		},
		inputs: [][]interp.Value{{sB(true), sI(4)}, {sB(false), sI(4)}},
	},
	{
		name: "dce keeps sizes of live loop parameters", pass: "dce", params: []ir.Type{i64},
		want: `
let init_4: [3i64]i64 = iota 3i64 : i64
let (rn_9: i64, ra_10: []i64) = loop (n_2: i64 = 3i64, arr_3: [n_2]i64 = init_4) for i_5: i64 < x_1 {
  let map_8: [n_2]i64 = map n_2 (arr_3) \(p_6: i64): (i64) {
    let t_7: i64 = p_6 + i_5
    return t_7
  }
  return (n_2, map_8)
}
return ra_10
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			n := b.Param("n", i64)
			arr := b.Param("arr", ir.Array(prim.I64, ir.Var(n.Name)))
			init := b.Let("init", &ir.Iota{N: ci(3), T: prim.I64})
			i := b.Param("i", i64)
			lb := b.Sub()
			m := lb.Map(ir.Var(n.Name), []ir.VName{arr.Name}, lb.Lambda([]ir.Type{i64}, func(mb *ir.Builder, qs []ir.SubExp) []ir.SubExp {
				return []ir.SubExp{mb.BinOp(prim.Add, qs[0], ir.Var(i.Name))}
			}))
			rn, ra := b.Param("rn", i64), b.Param("ra", ir.Array(prim.I64, ir.SubExp{}))
			b.Bind([]ir.Param{rn, ra}, &ir.Loop{
				Params: []ir.Param{n, arr}, Init: []ir.SubExp{ci(3), init},
				Form: &ir.For{I: i.Name, T: prim.I64, Bound: ps[0]}, Body: lb.Body(ir.Var(n.Name), ir.Var(m[0])),
			})
			return []ir.SubExp{ir.Var(ra.Name)}
		},
		inputs: [][]interp.Value{{sI(2)}, {sI(0)}},
	},
	{
		name: "hoist through two loops", pass: "hoist", params: []ir.Type{i64, i64},
		want: `
let t_7: i64 = x_2 * x_2
let loop_12: i64 = loop (acc_3: i64 = 0i64) for i_4: i64 < x_1 {
  let t_8: i64 = i_4 * 3i64
  let t_9: i64 = t_7 + t_8
  let loop_11: i64 = loop (acc_5: i64 = acc_3) for i_6: i64 < x_1 {
    let t_10: i64 = acc_5 + t_9
    return t_10
  }
  return loop_11
}
return loop_12
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			acc := b.Param("acc", i64)
			r := forLoop(b, ps[0], []ir.Param{acc}, []ir.SubExp{ci(0)}, func(lb *ir.Builder, i ir.SubExp) []ir.SubExp {
				acc2 := lb.Param("acc", i64)
				inner := forLoop(lb, ps[0], []ir.Param{acc2}, []ir.SubExp{ir.Var(acc.Name)}, func(ib *ir.Builder, j ir.SubExp) []ir.SubExp {
					k := ib.BinOp(prim.Mul, ps[1], ps[1]) // invariant in both loops
					ki := ib.BinOp(prim.Mul, i, ci(3))    // invariant in the inner loop only
					return []ir.SubExp{ib.BinOp(prim.Add, ir.Var(acc2.Name), ib.BinOp(prim.Add, k, ki))}
				})
				return inner
			})
			return r
		},
		inputs: [][]interp.Value{{sI(3), sI(2)}, {sI(0), sI(5)}},
	},
	{
		name: "fold known elements", pass: "fold", params: []ir.Type{i64},
		want: `
let r_2: [2i64][3i64]i64 = replicate [2i64][3i64] x_1
let l_3: [2i64]i64 = [5i64, x_1] : i64
let r_elem_7: i64 = r_2[2i64, 0i64]
let l_elem_8: i64 = l_3[x_1]
return (x_1, 5i64, x_1, r_elem_7, l_elem_8)
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			r := b.Let("r", &ir.Replicate{Shape: ir.Shape{ci(2), ci(3)}, Val: ps[0]})
			l := b.Let("l", &ir.ArrayLit{Elems: []ir.SubExp{ci(5), ps[0]}, Elem: i64})
			line(b, 3)
			return []ir.SubExp{
				b.Index(r.Var, ci(1), ci(2)), b.Index(l.Var, ci(0)), b.Index(l.Var, ci(1)),
				b.Index(r.Var, ci(2), ci(0)), // out of bounds: stays to fail
				b.Index(l.Var, ps[0]),
			}
		},
		inputs: [][]interp.Value{{sI(1)}, {sI(0)}},
	},
	{
		// An element update of a small vector of known elements (a
		// replicate, a literal or a copy of one) at a constant index is the literal
		// with that element replaced. A vector above smallUpdate, an
		// index not known and one out of bounds (which must fail) stay.
		name: "element updates of small vectors", pass: "fold", params: []ir.Type{i64},
		want: `
let z_2: [3i64]i64 = replicate [3i64] 0i64
let zc_3: [3i64]i64 = copy z_2
let u_4: [3i64]i64 = [0i64, x_1, 0i64] : i64
let l_5: [2i64]i64 = [x_1, 2i64] : i64
let v_6: [2i64]i64 = [9i64, 2i64] : i64
let big_7: [17i64]i64 = replicate [17i64] 0i64
let w_8: [17i64]i64 = big_7 with [3i64] = x_1
let o_9: [2i64]i64 = replicate [2i64] 0i64
let x_10: [2i64]i64 = o_9 with [x_1] = 1i64
let q_11: [2i64]i64 = replicate [2i64] 0i64
let y_12: [2i64]i64 = q_11 with [2i64] = 1i64
return (u_4, v_6, w_8, x_10, y_12)
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			at := func(i ir.SubExp) []ir.DimSlice { return []ir.DimSlice{{Fixed: true, I: i}} }
			z := b.Let("z", &ir.Replicate{Shape: ir.Shape{ci(3)}, Val: ci(0)})
			zc := b.Let("zc", &ir.Copy{Arr: z.Var}) // a copy has the elements
			u := b.Let("u", &ir.Update{Arr: zc.Var, Dims: at(ci(1)), Val: ps[0]})
			l := b.Let("l", &ir.ArrayLit{Elems: []ir.SubExp{ps[0], ci(2)}, Elem: i64})
			v := b.Let("v", &ir.Update{Arr: l.Var, Dims: at(ci(0)), Val: ci(9)})
			big := b.Let("big", &ir.Replicate{Shape: ir.Shape{ci(17)}, Val: ci(0)})
			w := b.Let("w", &ir.Update{Arr: big.Var, Dims: at(ci(3)), Val: ps[0]})
			o := b.Let("o", &ir.Replicate{Shape: ir.Shape{ci(2)}, Val: ci(0)})
			line(b, 3)
			x := b.Let("x", &ir.Update{Arr: o.Var, Dims: at(ps[0]), Val: ci(1)})
			q := b.Let("q", &ir.Replicate{Shape: ir.Shape{ci(2)}, Val: ci(0)})
			line(b, 4)
			y := b.Let("y", &ir.Update{Arr: q.Var, Dims: at(ci(2)), Val: ci(1)})
			return []ir.SubExp{u, v, w, x, y}
		},
		inputs: [][]interp.Value{{sI(1)}, {sI(0)}, {sI(5)}},
	},
	{
		// Rows of a literal or a replicate are the rows themselves,
		// unless the row may be consumed: m is updated after the literal
		// copied it, so l[1] must stay.
		name: "fold known rows", pass: "fold", params: []ir.Type{ir.Array(prim.I64, ci(3)), ir.Array(prim.I64, ci(3))},
		want: `
let m_3: [3i64]i64 = copy x_2
let l_4: [2i64][3i64]i64 = [x_1, m_3] : [3i64]i64
let r_5: [2i64][3i64]i64 = replicate [2i64] x_2
let l_elem_7: [3i64]i64 = l_4[1i64]
let upd_9: [3i64]i64 = m_3 with [0i64] = 7i64
let r_elem_10: [3i64]i64 = r_5[2i64]
return (x_1, x_2, l_elem_7, upd_9, r_elem_10)
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			row := ir.Array(prim.I64, ci(3))
			m := b.Let("m", &ir.Copy{Arr: ps[1].Var})
			l := b.Let("l", &ir.ArrayLit{Elems: []ir.SubExp{ps[0], m}, Elem: row})
			r := b.Let("r", &ir.Replicate{Shape: ir.Shape{ci(2)}, Val: ps[1]})
			a := b.Index(l.Var, ci(0))
			d := b.Index(l.Var, ci(1))
			c := b.Index(r.Var, ci(1))
			u := b.Let("upd", &ir.Update{Arr: m.Var, Dims: []ir.DimSlice{{Fixed: true, I: ci(0)}}, Val: ci(7)})
			line(b, 3)
			e := b.Index(r.Var, ci(2)) // out of bounds: stays to fail
			return []ir.SubExp{a, c, d, u, e}
		},
		inputs: [][]interp.Value{{arrI(0, 1, 3), arrI(4, 5, 6)}},
	},
	{
		name: "accumulators, scatter and hist", pass: "simplify", params: []ir.Type{ir.Array(prim.I64, ci(3)), i64},
		want: `
let dst_3: [4i64]i64 = replicate [4i64] 0i64
let wa_12: [4i64]i64 = withacc (dst_3) \(p_4: acc([4i64]i64)): (acc([4i64]i64)) {
  let map_11: acc([4i64]i64) = map 3i64 (x_1, p_4) \(p_5: i64, p_6: acc([4i64]i64)): (acc([4i64]i64)) {
    let t_8: i64 = p_5 + x_2
    let a_10: acc([4i64]i64) = upd p_6 [p_5] t_8
    return a_10
  }
  return map_11
}
let d_13: [3i64]i64 = copy x_1
let is_14: [3i64]i64 = iota 3i64 : i64
let sc_15: [3i64]i64 = scatter 3i64 (d_13) (is_14) (x_1)
let h_16: [4i64]i64 = replicate [4i64] 0i64
let hist_20: [4i64]i64 = hist 3i64 (h_16) (0i64) (x_1) (is_14) \(p_17: i64, p_18: i64): (i64) {
  let t_19: i64 = p_17 + p_18
  return t_19
}
return (wa_12, sc_15, hist_20)
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			xs := ps[0].Var
			v4 := ir.Array(prim.I64, ci(4))
			dst := b.Let("dst", &ir.Replicate{Shape: ir.Shape{ci(4)}, Val: ci(0)})
			wa := b.LetN("wa", &ir.WithAcc{
				Inputs: []ir.AccInput{{Arr: dst.Var}},
				F: b.Lambda([]ir.Type{ir.AccOf(v4)}, func(lb *ir.Builder, acc []ir.SubExp) []ir.SubExp {
					m := lb.Map(ci(3), []ir.VName{xs, acc[0].Var}, lb.Lambda([]ir.Type{i64, ir.AccOf(v4)}, func(mb *ir.Builder, qs []ir.SubExp) []ir.SubExp {
						k := mb.BinOp(prim.Mul, ps[1], ci(1)) // invariant
						v := mb.BinOp(prim.Add, qs[0], k)
						dead := mb.BinOp(prim.Mul, v, v)
						_ = dead
						a := mb.Let("a", &ir.UpdAcc{Acc: qs[1].Var, Idx: []ir.SubExp{qs[0]}, Val: v})
						return []ir.SubExp{a}
					}))
					return []ir.SubExp{ir.Var(m[0])}
				}),
			})
			d2 := b.Let("d", &ir.Copy{Arr: xs})
			is := b.Let("is", &ir.Iota{N: ci(3), T: prim.I64})
			sc := b.LetN("sc", &ir.Scatter{W: ci(3), Dests: []ir.VName{d2.Var}, Inds: []ir.VName{is.Var}, Vals: []ir.VName{xs}})
			hd := b.Let("h", &ir.Replicate{Shape: ir.Shape{ci(4)}, Val: ci(0)}) // like dst, but both are consumed
			h := b.LetN("hist", &ir.Hist{W: ci(3), Dests: []ir.VName{hd.Var}, Op: b.BinOpLambda(prim.Add, prim.I64), Neutral: []ir.SubExp{ci(0)}, Inds: []ir.VName{xs}, Vals: []ir.VName{is.Var}})
			return []ir.SubExp{ir.Var(wa[0]), ir.Var(sc[0]), ir.Var(h[0])}
		},
		inputs: [][]interp.Value{{arrI(0, 1, 3), sI(10)}, {arrI(1, 1, 7), sI(-2)}},
	},
	{
		name: "size coercions stay checked", pass: "simplify", params: []ir.Type{ir.Array(prim.I64, ir.SubExp{}), b1},
		want: `
let y_3: [4i64]i64 = x_1
let r_4: [4i64]i64 = x_1
let y_elem_5: i64 = y_3[0i64]
let r_elem_6: i64 = r_4[1i64]
return (y_elem_5, r_elem_6)
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			line(b, 4)
			v4 := ir.Array(prim.I64, ci(4))
			y := b.Param("y", v4)
			b.Bind([]ir.Param{y}, &ir.Atom{X: ps[0]}) // a coercion to [4]i64
			tb, eb := b.Sub(), b.Sub()
			line(b, 5)
			r := b.Param("r", v4)
			b.Bind([]ir.Param{r}, &ir.If{Cond: ir.Bool(true), Then: tb.Body(ps[0]), Else: eb.Body(ir.Var(y.Name)), Ret: []ir.Type{v4}})
			return []ir.SubExp{b.Index(y.Name, ci(0)), b.Index(r.Name, ci(1))}
		},
		inputs: [][]interp.Value{{arrI(1, 2, 3, 4), sB(true)}, {arrI(1, 2, 3), sB(true)}},
	},
	{
		name: "hoist leaves arrays a loop consumes", pass: "hoist", params: []ir.Type{ir.Array(prim.I64, ci(3)), i64},
		want: `
let init_4: [3i64]i64 = copy x_1
let loop_8: [3i64]i64 = loop (acc_3: [3i64]i64 = init_4) for i_5: i64 < x_2 {
  let u_6: [3i64]i64 = acc_3 with [0i64] = i_5
  let c_7: [3i64]i64 = copy x_1
  return c_7
}
return loop_8
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			acc := b.Param("acc", ir.Array(prim.I64, ci(3)))
			init := b.Let("init", &ir.Copy{Arr: ps[0].Var})
			r := forLoop(b, ps[1], []ir.Param{acc}, []ir.SubExp{init}, func(lb *ir.Builder, i ir.SubExp) []ir.SubExp {
				lb.Let("u", &ir.Update{Arr: acc.Name, Dims: []ir.DimSlice{{Fixed: true, I: ci(0)}}, Val: i})
				// The fresh copy becomes the next acc, which is updated in
				// place: moving it out would update outside storage.
				return []ir.SubExp{lb.Let("c", &ir.Copy{Arr: ps[0].Var})}
			})
			return r
		},
		inputs: [][]interp.Value{{arrI(1, 2, 3), sI(2)}, {arrI(1, 2, 3), sI(0)}},
	},
	{
		name: "hoist keeps the first error", pass: "hoist", params: []ir.Type{ir.Array(prim.I64, ci(3)), i64},
		want: `
let loop_10: i64 = loop (acc_3: i64 = 0i64) for i_4: i64 < 3i64 {
  let t_5: i64 = i_4 + x_2
  let x_elem_6: i64 = x_1[t_5]
  let t_7: i64 = 10i64 / x_2
  let t_8: i64 = x_elem_6 + t_7
  let t_9: i64 = acc_3 + t_8
  return t_9
}
return loop_10
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			acc := b.Param("acc", i64)
			r := forLoop(b, ci(3), []ir.Param{acc}, []ir.SubExp{ci(0)}, func(lb *ir.Builder, i ir.SubExp) []ir.SubExp {
				line(lb, 2)
				e := lb.Index(ps[0].Var, lb.BinOp(prim.Add, i, ps[1]))
				line(lb, 3)
				q := lb.BinOp(prim.Div, ci(10), ps[1]) // invariant, but after a statement that can fail
				return []ir.SubExp{lb.BinOp(prim.Add, ir.Var(acc.Name), lb.BinOp(prim.Add, e, q))}
			})
			return r
		},
		inputs: [][]interp.Value{{arrI(1, 2, 3), sI(0)}, {arrI(1, 2, 3), sI(5)}},
	},
	{
		name: "fold constants", pass: "fold", params: []ir.Type{i64},
		want: `
let t_3: i64 = x_1 + 6i64
return t_3
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			k := b.BinOp(prim.Mul, ci(2), ci(3))
			return []ir.SubExp{b.BinOp(prim.Add, ps[0], k)}
		},
		inputs: intInputs,
	},
	{
		name: "fold keeps division by zero", pass: "simplify", params: []ir.Type{i64},
		want: `
let t_3: i64 = 1i64 / 0i64
let t_4: i64 = x_1 + t_3
return t_4
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			line(b, 7)
			z := b.BinOp(prim.Sub, ci(1), ci(1))
			return []ir.SubExp{b.BinOp(prim.Add, ps[0], b.BinOp(prim.Div, ci(1), z))}
		},
		inputs: intInputs,
	},
	{
		name: "fold calls and comparisons", pass: "fold", params: []ir.Type{f64},
		want: `
let t_5: f64 = x_1 * 2f64
return (t_5, true, -3f64)
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			sqrt, _ := prim.LookupFunc("sqrt_f64")
			r := b.Call(sqrt, cf(4))
			c := b.CmpOp(prim.Lt, cf(1), cf(2))
			n := b.UnOp(prim.Neg, cf(3))
			return []ir.SubExp{b.BinOp(prim.Mul, ps[0], r), c, n}
		},
		inputs: floatInputs,
	},
	{
		name: "fold if on a constant", pass: "fold", params: []ir.Type{i64},
		want: `
let t_3: i64 = x_1 * 2i64
return t_3
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			c := b.CmpOp(prim.Lt, ci(1), ci(2))
			tb, eb := b.Sub(), b.Sub()
			t := tb.BinOp(prim.Mul, ps[0], ci(2))
			e := eb.BinOp(prim.Div, ps[0], ci(0))
			return []ir.SubExp{b.Let("r", &ir.If{Cond: c, Then: tb.Body(t), Else: eb.Body(e), Ret: []ir.Type{i64}})}
		},
		inputs: intInputs,
	},
	{
		name: "fold loops that never run", pass: "fold", params: []ir.Type{i64},
		want: `
return (x_1, false)
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			acc := b.Param("acc", i64)
			r := forLoop(b, ci(0), []ir.Param{acc}, []ir.SubExp{ps[0]}, func(lb *ir.Builder, i ir.SubExp) []ir.SubExp {
				return []ir.SubExp{lb.BinOp(prim.Div, ir.Var(acc.Name), i)}
			})
			c := b.Param("c", b1)
			wb := b.Sub()
			w := b.LetN("w", &ir.Loop{Params: []ir.Param{c}, Init: []ir.SubExp{ir.Bool(false)}, Form: &ir.While{Cond: c.Name}, Body: wb.Body(ir.Bool(true))})
			return []ir.SubExp{r[0], ir.Var(w[0])}
		},
		inputs: intInputs,
	},
	{
		name: "fold static sizes", pass: "fold",
		want: `
let rows_7: [2i64][x_3]f64 = replicate [2i64] x_4
let r_8: [x_3]i64 = iota x_3 : i64
let m_10: i64 = size 0 x_2
let map_13: [2i64]i64 = map 2i64 (rows_7) \(p_5: [x_3]f64): (i64) {
  let ls_6: i64 = size 0 p_5
  return ls_6
}
return (3i64, m_10, x_3, x_3, map_13)
`,
		// x_4 is [x_3]f64: parameter names are x_1, x_2, ... in order.
		params: []ir.Type{ir.Array(prim.F64, ci(3)), ir.Array(prim.F64, ir.SubExp{}), i64, ir.Array(prim.F64, ir.Var(ir.VName{Base: "x", Tag: 3}))},
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			row := ir.Array(prim.F64, ps[2])
			f := b.Lambda([]ir.Type{row}, func(lb *ir.Builder, qs []ir.SubExp) []ir.SubExp {
				// A lambda parameter's declared size is not checked: stays.
				return []ir.SubExp{lb.Let("ls", &ir.Size{Arr: qs[0].Var})}
			})
			rows := b.Let("rows", &ir.Replicate{Shape: ir.Shape{ci(2)}, Val: ps[3]})
			r := b.Let("r", &ir.Iota{N: ps[2], T: prim.I64})
			return []ir.SubExp{
				b.Let("n", &ir.Size{Arr: ps[0].Var}), b.Let("m", &ir.Size{Arr: ps[1].Var}),
				b.Let("k", &ir.Size{Arr: ps[3].Var}), b.Let("rs", &ir.Size{Arr: r.Var}),
				ir.Var(b.Map(ci(2), []ir.VName{rows.Var}, f)[0]),
			}
		},
		inputs: [][]interp.Value{{arrF(1, 2, 3), arrF(4), sI(2), arrF(5, 6)}, {arrF(1, 2, 3), arrF(4), sI(1), arrF(5, 6)}},
	},
	{
		name: "integer identities", pass: "fold", params: []ir.Type{i64},
		want: `
let t_14: i64 = x_1 / x_1
return (x_1, x_1, x_1, 0i64, x_1, x_1, 0i64, 0i64, x_1, 0i64, 0i64, x_1, t_14)
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			x := ps[0]
			return []ir.SubExp{
				b.BinOp(prim.Add, x, ci(0)), b.BinOp(prim.Add, ci(0), x), b.BinOp(prim.Sub, x, ci(0)),
				b.BinOp(prim.Sub, x, x), b.BinOp(prim.Mul, x, ci(1)), b.BinOp(prim.Mul, ci(1), x),
				b.BinOp(prim.Mul, x, ci(0)), b.BinOp(prim.Mul, ci(0), x), b.BinOp(prim.Div, x, ci(1)),
				b.BinOp(prim.Mod, x, ci(1)), b.BinOp(prim.BitXor, x, x), b.BinOp(prim.BitOr, x, ci(0)),
				b.BinOp(prim.Div, x, x),
			}
		},
		inputs: intInputs,
	},
	{
		name: "float identities are exact only", pass: "fold", params: []ir.Type{f64},
		want: `
let t_6: f64 = x_1 + 0f64
let t_7: f64 = x_1 * 0f64
let t_8: f64 = x_1 - x_1
let t_9: f64 = -x_1
return (x_1, x_1, x_1, x_1, t_6, t_7, t_8, x_1)
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			x := ps[0]
			return []ir.SubExp{
				b.BinOp(prim.Mul, x, cf(1)), b.BinOp(prim.Mul, cf(1), x), b.BinOp(prim.Sub, x, cf(0)),
				b.BinOp(prim.Div, x, cf(1)), b.BinOp(prim.Add, x, cf(0)), b.BinOp(prim.Mul, x, cf(0)),
				b.BinOp(prim.Sub, x, x), b.UnOp(prim.Neg, b.UnOp(prim.Neg, x)),
			}
		},
		inputs: floatInputs,
	},
	{
		name: "boolean identities", pass: "fold", params: []ir.Type{b1},
		want: `
let t_6: bool = !x_1
return (x_1, false, true, x_1, x_1, true)
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			x := ps[0]
			return []ir.SubExp{
				b.BinOp(prim.LogAnd, x, ir.Bool(true)), b.BinOp(prim.LogAnd, ir.Bool(false), x),
				b.BinOp(prim.LogOr, x, ir.Bool(true)), b.BinOp(prim.LogOr, x, x),
				b.UnOp(prim.Not, b.UnOp(prim.Not, x)), b.CmpOp(prim.Eq, x, x),
			}
		},
		inputs: [][]interp.Value{{sB(true)}, {sB(false)}},
	},
	{
		name: "comparisons with itself", pass: "fold", params: []ir.Type{i64, f64},
		want: `
let c_5: bool = x_2 ==f64 x_2
let c_6: bool = x_2 !=f64 x_2
return (true, false, c_5, c_6, false, false)
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{
				b.CmpOp(prim.Le, ps[0], ps[0]), b.CmpOp(prim.Lt, ps[0], ps[0]),
				b.CmpOp(prim.Eq, ps[1], ps[1]), b.CmpOp(prim.Ne, ps[1], ps[1]),
				b.CmpOp(prim.Lt, ps[1], ps[1]), b.CmpOp(prim.Gt, ps[1], ps[1]),
			}
		},
		inputs: [][]interp.Value{{sI(1), sF(1)}, {sI(1), sF(math.NaN())}},
	},
	{
		name: "asserts", pass: "fold", params: []ir.Type{i64},
		want: `
let () = assert false "never"
return x_1
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			line(b, 3)
			b.Bind(nil, &ir.Assert{Cond: b.CmpOp(prim.Lt, ci(1), ci(2)), Msg: "fine"})
			line(b, 4)
			b.Bind(nil, &ir.Assert{Cond: b.CmpOp(prim.Lt, ci(2), ci(1)), Msg: "never"})
			return []ir.SubExp{ps[0]}
		},
		inputs: intInputs,
	},
	{
		name: "copy propagation", pass: "copyprop", params: []ir.Type{ir.Array(prim.I64, ci(3))},
		want: `
let y_elem_3: i64 = x_1[1i64]
let c_4: [3i64]i64 = copy x_1
let u_6: [3i64]i64 = c_4 with [0i64] = y_elem_3
return (u_6, x_1)
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			y := b.Let("y", &ir.Atom{X: ps[0]})
			e := b.Index(y.Var, ci(1))
			c := b.Let("c", &ir.Copy{Arr: y.Var})
			d := b.Let("d", &ir.Atom{X: c})
			u := b.Let("u", &ir.Update{Arr: d.Var, Dims: []ir.DimSlice{{Fixed: true, I: ci(0)}}, Val: e})
			return []ir.SubExp{u, y}
		},
		inputs: [][]interp.Value{{arrI(1, 2, 3)}},
	},
	{
		name: "cse", pass: "cse", params: []ir.Type{i64, ir.Array(prim.I64, ci(3))},
		want: `
let t_3: i64 = x_1 * x_1
let map_7: [3i64]i64 = map 3i64 (x_2) \(p_5: i64): (i64) {
  let t_6: i64 = p_5 + p_5
  return t_6
}
let t_11: i64 = t_3 + t_3
return (t_11, map_7, map_7)
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			a := b.BinOp(prim.Mul, ps[0], ps[0])
			c := b.BinOp(prim.Mul, ps[0], ps[0])
			double := func(lb *ir.Builder, xs []ir.SubExp) []ir.SubExp { return []ir.SubExp{lb.BinOp(prim.Add, xs[0], xs[0])} }
			m1 := b.Map(ci(3), []ir.VName{ps[1].Var}, b.Lambda([]ir.Type{i64}, double))
			m2 := b.Map(ci(3), []ir.VName{ps[1].Var}, b.Lambda([]ir.Type{i64}, double))
			return []ir.SubExp{b.BinOp(prim.Add, a, c), ir.Var(m1[0]), ir.Var(m2[0])}
		},
		inputs: [][]interp.Value{{sI(5), arrI(1, 2, 3)}},
	},
	{
		name: "cse leaves consumed arrays and asserts", pass: "cse", params: []ir.Type{i64},
		want: `
let r_2: [2i64]i64 = replicate [2i64] x_1
let r_3: [2i64]i64 = replicate [2i64] x_1
let u_4: [2i64]i64 = r_3 with [0i64] = 9i64
let c_5: bool = x_1 >i64 0i64
let () = assert c_5 "positive"
let () = assert c_5 "positive"
return (r_2, u_4)
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			r1 := b.Let("r", &ir.Replicate{Shape: ir.Shape{ci(2)}, Val: ps[0]})
			r2 := b.Let("r", &ir.Replicate{Shape: ir.Shape{ci(2)}, Val: ps[0]})
			u := b.Let("u", &ir.Update{Arr: r2.Var, Dims: []ir.DimSlice{{Fixed: true, I: ci(0)}}, Val: ci(9)})
			c := b.CmpOp(prim.Gt, ps[0], ci(0))
			line(b, 5)
			b.Bind(nil, &ir.Assert{Cond: c, Msg: "positive"})
			line(b, 6)
			b.Bind(nil, &ir.Assert{Cond: c, Msg: "positive"})
			return []ir.SubExp{r1, u}
		},
		inputs: [][]interp.Value{{sI(5)}, {sI(-1)}},
	},
	{
		name: "dce", pass: "dce", params: []ir.Type{i64, ir.Array(prim.I64, ci(3))},
		want: `
let c_5: bool = x_1 >i64 0i64
let () = assert c_5 "positive"
return x_1
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			b.BinOp(prim.Mul, ps[0], ps[0])
			b.Index(ps[1].Var, ci(10)) // dead and out of bounds: removed
			line(b, 9)
			b.Bind(nil, &ir.Assert{Cond: b.CmpOp(prim.Gt, ps[0], ci(0)), Msg: "positive"})
			return []ir.SubExp{ps[0]}
		},
		inputs:   [][]interp.Value{{sI(5), arrI(1, 2, 3)}, {sI(-5), arrI(1, 2, 3)}},
		outcomes: []string{"5i64", "error: Assertion is false: positive (at t.fut:9:1)"},
	},
	{
		// A dead while loop may not terminate, which makes it observable
		// (loop x while true do x runs until stopped); a dead for loop
		// always stops and goes.
		name: "dce keeps dead while loops", pass: "dce", params: []ir.Type{i64},
		want: `
let c_2: bool = x_1 >i64 0i64
let w_8: bool = loop (d_7: bool = c_2) while d_7 {
  return false
}
return x_1
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			c := b.CmpOp(prim.Gt, ps[0], ci(0))
			acc := b.Param("acc", i64)
			forLoop(b, ps[0], []ir.Param{acc}, []ir.SubExp{ci(0)}, func(lb *ir.Builder, i ir.SubExp) []ir.SubExp {
				return []ir.SubExp{lb.BinOp(prim.Add, ir.Var(acc.Name), i)}
			})
			d := b.Param("d", b1)
			wb := b.Sub()
			b.LetN("w", &ir.Loop{Params: []ir.Param{d}, Init: []ir.SubExp{c}, Form: &ir.While{Cond: d.Name}, Body: wb.Body(ir.Bool(false))})
			return []ir.SubExp{ps[0]}
		},
		inputs: intInputs[:3],
	},
	{
		name: "dce loop parameters", pass: "dce", params: []ir.Type{i64},
		want: `
let (loop_9: i64, loop_10: i64) = loop (a_2: i64 = 0i64, c_3: i64 = 1i64) for i_5: i64 < x_1 {
  let t_6: i64 = a_2 + c_3
  let t_7: i64 = c_3 + i_5
  return (t_6, t_7)
}
return loop_9
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			a, c, d := b.Param("a", i64), b.Param("c", i64), b.Param("d", i64)
			r := forLoop(b, ps[0], []ir.Param{a, c, d}, []ir.SubExp{ci(0), ci(1), ci(2)}, func(lb *ir.Builder, i ir.SubExp) []ir.SubExp {
				// d feeds only itself; c feeds a, so both a and c stay.
				return []ir.SubExp{lb.BinOp(prim.Add, ir.Var(a.Name), ir.Var(c.Name)), lb.BinOp(prim.Add, ir.Var(c.Name), i), lb.BinOp(prim.Mul, ir.Var(d.Name), ci(2))}
			})
			return []ir.SubExp{r[0]}
		},
		inputs: intInputs[:3],
	},
	{
		name: "dce map and if results", pass: "dce", params: []ir.Type{ir.Array(prim.I64, ci(3)), ir.Array(prim.I64, ci(3)), b1},
		want: `
let map_8: [3i64]i64 = map 3i64 (x_1) \(p_4: i64): (i64) {
  let t_6: i64 = p_4 + p_4
  return t_6
}
let r_13: i64 = if x_3 : (i64) {
  let x_elem_11: i64 = x_1[0i64]
  return x_elem_11
} else {
  return 1i64
}
return (map_8, r_13)
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			m := b.Map(ci(3), []ir.VName{ps[0].Var, ps[1].Var}, b.Lambda([]ir.Type{i64, i64}, func(lb *ir.Builder, xs []ir.SubExp) []ir.SubExp {
				return []ir.SubExp{lb.BinOp(prim.Add, xs[0], xs[0]), lb.BinOp(prim.Mul, xs[1], xs[1])}
			}))
			tb, eb := b.Sub(), b.Sub()
			t1, t2 := tb.BinOp(prim.Add, ci(1), ci(2)), tb.Index(ps[0].Var, ci(0))
			r := b.LetN("r", &ir.If{Cond: ps[2], Then: tb.Body(t1, t2), Else: eb.Body(ci(0), ci(1)), Ret: []ir.Type{i64, i64}})
			return []ir.SubExp{ir.Var(m[0]), ir.Var(r[1])}
		},
		inputs: [][]interp.Value{{arrI(1, 2, 3), arrI(4, 5, 6), sB(true)}, {arrI(1, 2, 3), arrI(4, 5, 6), sB(false)}},
	},
	{
		name: "hoist from loops", pass: "hoist", params: []ir.Type{i64, i64},
		want: `
let t_5: i64 = x_2 * x_2
let loop_9: i64 = loop (acc_3: i64 = 0i64) for i_4: i64 < x_1 {
  let t_6: i64 = x_1 / x_2
  let t_7: i64 = t_5 + t_6
  let t_8: i64 = acc_3 + t_7
  return t_8
}
let t_12: i64 = x_1 / x_2
let loop_14: i64 = loop (acc_10: i64 = 0i64) for i_11: i64 < 2i64 {
  let t_13: i64 = acc_10 + t_12
  return t_13
}
return (loop_9, loop_14)
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			acc := b.Param("acc", i64)
			r := forLoop(b, ps[0], []ir.Param{acc}, []ir.SubExp{ci(0)}, func(lb *ir.Builder, i ir.SubExp) []ir.SubExp {
				sq := lb.BinOp(prim.Mul, ps[1], ps[1]) // invariant, cannot fail: moves
				line(lb, 2)
				q := lb.BinOp(prim.Div, ps[0], ps[1]) // invariant but can fail: stays
				k := lb.BinOp(prim.Add, sq, q)
				return []ir.SubExp{lb.BinOp(prim.Add, ir.Var(acc.Name), k)}
			})
			acc2 := b.Param("acc", i64)
			r2 := forLoop(b, ci(2), []ir.Param{acc2}, []ir.SubExp{ci(0)}, func(lb *ir.Builder, i ir.SubExp) []ir.SubExp {
				q := lb.BinOp(prim.Div, ps[0], ps[1]) // runs at least once: moves
				return []ir.SubExp{lb.BinOp(prim.Add, ir.Var(acc2.Name), q)}
			})
			return []ir.SubExp{r[0], r2[0]}
		},
		inputs: [][]interp.Value{{sI(3), sI(2)}, {sI(0), sI(0)}, {sI(3), sI(0)}},
	},
	{
		name: "hoist from lambdas but never consumption", pass: "hoist", params: []ir.Type{ir.Array(prim.I64, ci(3)), i64},
		want: `
let t_4: i64 = x_2 * 2i64
let map_9: [3i64]i64 = map 3i64 (x_1) \(p_3: i64): (i64) {
  let c_5: [3i64]i64 = copy x_1
  let u_6: [3i64]i64 = c_5 with [0i64] = t_4
  let u_elem_7: i64 = u_6[0i64]
  let t_8: i64 = p_3 + u_elem_7
  return t_8
}
return map_9
`,
		fill: func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			m := b.Map(ci(3), []ir.VName{ps[0].Var}, b.Lambda([]ir.Type{i64}, func(lb *ir.Builder, xs []ir.SubExp) []ir.SubExp {
				k := lb.BinOp(prim.Mul, ps[1], ci(2))
				c := lb.Let("c", &ir.Copy{Arr: ps[0].Var})
				u := lb.Let("u", &ir.Update{Arr: c.Var, Dims: []ir.DimSlice{{Fixed: true, I: ci(0)}}, Val: k})
				e := lb.Index(u.Var, ci(0))
				return []ir.SubExp{lb.BinOp(prim.Add, xs[0], e)}
			}))
			return []ir.SubExp{ir.Var(m[0])}
		},
		inputs: [][]interp.Value{{arrI(1, 2, 3), sI(4)}},
	},
}

func TestRules(t *testing.T) {
	for _, c := range ruleCases {
		t.Run(c.name, func(t *testing.T) {
			p := build(c.params, c.fill)
			q := run(t, c.pass, p)
			got := strings.TrimSpace(q.Funcs[0].Body.String())
			if *show {
				t.Logf("before:\n%s\nafter:\n%s", p, got)
			}
			if want := strings.TrimSpace(c.want); got != want {
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
			if c.outcomes == nil {
				sameBehaviour(t, p, q, c.inputs)
				return
			}
			for i, args := range c.inputs {
				if got := outcome(t, q, args); got != c.outcomes[i] {
					t.Errorf("on %v: got %s, want %s", args, got, c.outcomes[i])
				}
			}
		})
	}
}
