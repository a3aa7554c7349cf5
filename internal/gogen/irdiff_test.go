package gogen

import (
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// irProg builds a program with one entry point main from IR.
func irProg(params []ir.Type, body func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp) *ir.Program {
	b := ir.NewBuilder(ir.NewNameSource(1))
	b.Pos = ir.Pos{File: "ir.fut", Line: 1, Col: 1}
	var ps []ir.Param
	var args []ir.SubExp
	for _, t := range params {
		p := b.Param("x", t)
		ps = append(ps, p)
		args = append(args, ir.Var(p.Name))
	}
	res := body(b, args)
	out := b.Body(res...)
	local := ir.BoundInBody(out)
	var ret []ir.Type
	for _, r := range res {
		ret = append(ret, ir.EraseSizes(b.Type(r), local))
	}
	return &ir.Program{Funcs: []*ir.Func{{Name: "main", Params: ps, Ret: ret, Body: out}}}
}

func vecT(t prim.Type) ir.Type { return ir.Array(t, ir.SubExp{}) }
func matT(t prim.Type) ir.Type { return ir.Array(t, ir.SubExp{}, ir.SubExp{}) }

func sizeOf(b *ir.Builder, a ir.SubExp, d int) ir.SubExp {
	return b.Let("n", &ir.Size{Arr: a.Var, Dim: d})
}

// TestDiffIR covers constructs that source programs reach only through
// passes (accumulators) and forms the lowering does not produce.
func TestDiffIR(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated packages; skipped in -short mode")
	}
	i64 := ir.Scalar(prim.I64)
	f64 := ir.Scalar(prim.F64)
	accMul := irProg([]ir.Type{vecT(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		ones := b.Let("ones", &ir.Replicate{Shape: ir.Shape{ir.I64(2), ir.I64(2)}, Val: ir.I64(1)})
		accT := ir.AccOf(ir.Array(prim.I64, ir.I64(2), ir.I64(2)))
		res := b.LetN("w", &ir.WithAcc{
			Inputs: []ir.AccInput{{Arr: ones.Var, Op: b.BinOpLambda(prim.Mul, prim.I64), Neutral: []ir.SubExp{ir.I64(1)}}},
			F: b.Lambda([]ir.Type{accT}, func(lb *ir.Builder, acc []ir.SubExp) []ir.SubExp {
				a1 := lb.Let("a", &ir.UpdAcc{Acc: acc[0].Var, Idx: []ir.SubExp{ir.I64(1)}, Val: ps[0]})
				a2 := lb.Let("a", &ir.UpdAcc{Acc: a1.Var, Idx: []ir.SubExp{ir.I64(0), ir.I64(1)}, Val: ir.I64(7)})
				a3 := lb.Let("a", &ir.UpdAcc{Acc: a2.Var, Idx: []ir.SubExp{ir.I64(5), ir.I64(0)}, Val: ir.I64(9)})
				a4 := lb.Let("a", &ir.UpdAcc{Acc: a3.Var, Idx: []ir.SubExp{ir.I64(1)}, Val: ps[0]})
				return []ir.SubExp{a4, ir.I64(42)}
			}),
		})
		return []ir.SubExp{ir.Var(res[0]), ir.Var(res[1])}
	})
	accMap := irProg([]ir.Type{vecT(prim.I64), vecT(prim.F64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n := sizeOf(b, ps[0], 0)
		zeros := b.Let("adj", &ir.Replicate{Shape: ir.Shape{ir.I64(3)}, Val: ir.Const(prim.FloatValue(prim.F64, 0))})
		accT := ir.AccOf(ir.Array(prim.F64, ir.I64(3)))
		res := b.LetN("adj", &ir.WithAcc{Inputs: []ir.AccInput{{Arr: zeros.Var}}, F: b.Lambda([]ir.Type{accT}, func(lb *ir.Builder, acc []ir.SubExp) []ir.SubExp {
			m := lb.Map(n, []ir.VName{ps[0].Var, ps[1].Var, acc[0].Var}, lb.Lambda([]ir.Type{i64, f64, accT}, func(mb *ir.Builder, xs []ir.SubExp) []ir.SubExp {
				return []ir.SubExp{mb.Let("a", &ir.UpdAcc{Acc: xs[2].Var, Idx: []ir.SubExp{xs[0]}, Val: xs[1]})}
			}))
			return []ir.SubExp{ir.Var(m[0])}
		})})
		return []ir.SubExp{ir.Var(res[0])}
	})
	// Rows added into a matrix accumulator inside a map: the row's length
	// is the argument's, so a row of another length fails (unless its
	// index is out of range, which drops the update).
	accRows := irProg([]ir.Type{vecT(prim.I64), matT(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n, cols := sizeOf(b, ps[0], 0), sizeOf(b, ps[1], 1)
		zeros := b.Let("adj", &ir.Replicate{Shape: ir.Shape{ir.I64(3), ir.I64(2)}, Val: ir.I64(0)})
		accT := ir.AccOf(ir.Array(prim.I64, ir.I64(3), ir.I64(2)))
		res := b.LetN("adj", &ir.WithAcc{Inputs: []ir.AccInput{{Arr: zeros.Var}}, F: b.Lambda([]ir.Type{accT}, func(lb *ir.Builder, acc []ir.SubExp) []ir.SubExp {
			m := lb.Map(n, []ir.VName{ps[0].Var, ps[1].Var, acc[0].Var}, lb.Lambda([]ir.Type{i64, ir.Array(prim.I64, cols), accT}, func(mb *ir.Builder, xs []ir.SubExp) []ir.SubExp {
				return []ir.SubExp{mb.Let("a", &ir.UpdAcc{Acc: xs[2].Var, Idx: []ir.SubExp{xs[0]}, Val: xs[1]})}
			}))
			return []ir.SubExp{ir.Var(m[0])}
		})})
		return []ir.SubExp{ir.Var(res[0])}
	})
	histRows := irProg([]ir.Type{vecT(prim.I64), matT(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n, m := sizeOf(b, ps[0], 0), sizeOf(b, ps[1], 1)
		dst := b.Let("d", &ir.Replicate{Shape: ir.Shape{ir.I64(2), m}, Val: ir.I64(0)})
		zeros := b.Let("z", &ir.Replicate{Shape: ir.Shape{m}, Val: ir.I64(0)})
		op := b.Lambda([]ir.Type{vecT(prim.I64), vecT(prim.I64)}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{ir.Var(lb.Map(m, []ir.VName{p[0].Var, p[1].Var}, lb.BinOpLambda(prim.Add, prim.I64))[0])}
		})
		h := b.LetN("h", &ir.Hist{W: n, Dests: []ir.VName{dst.Var}, Op: op, Neutral: []ir.SubExp{zeros}, Inds: []ir.VName{ps[0].Var}, Vals: []ir.VName{ps[1].Var}})
		return []ir.SubExp{ir.Var(h[0])}
	})
	misc := irProg([]ir.Type{ir.Scalar(prim.U8)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		u8 := ir.Scalar(prim.U8)
		sq := b.Lambda([]ir.Type{u8}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{lb.BinOp(prim.Mul, x[0], x[0])}
		})
		rule := b.Lambda([]ir.Type{u8, u8, u8}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp { return x[:1] })
		w := b.LetN("w", &ir.WithVJP{F: sq, Rule: rule, Args: []ir.SubExp{ps[0]}})
		acc, i := b.Param("acc", u8), b.Param("i", u8)
		lb := b.Sub()
		nx := lb.BinOp(prim.Add, ir.Var(acc.Name), ir.Var(i.Name))
		l := b.LetN("l", &ir.Loop{Params: []ir.Param{acc}, Init: []ir.SubExp{ir.Const(prim.IntValue(prim.U8, 0))}, Form: &ir.For{I: i.Name, T: prim.U8, Bound: ps[0]}, Body: lb.Body(nx)})
		return []ir.SubExp{ir.Var(w[0]), ir.Var(l[0])}
	})
	updates := irProg([]ir.Type{vecT(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		c := b.Let("c", &ir.Copy{Arr: ps[0].Var})
		v := b.Let("v", &ir.ArrayLit{Elems: []ir.SubExp{ir.I64(7), ir.I64(8)}, Elem: i64})
		u := b.Let("u", &ir.Update{Arr: c.Var, Dims: []ir.DimSlice{{Start: ir.I64(1), End: ir.I64(4), Stride: ir.I64(2)}}, Val: v})
		m := b.Let("m", &ir.Replicate{Shape: ir.Shape{ir.I64(2)}, Val: v})
		m2 := b.Let("m", &ir.Update{Arr: m.Var, Dims: []ir.DimSlice{{Fixed: true, I: ir.I64(0)}}, Val: b.Let("r", &ir.Iota{N: ir.I64(2), Start: ir.I64(10), Step: ir.I64(-3), T: prim.I64})})
		tr := b.Let("tr", &ir.Rearrange{Arr: m2.Var, Perm: []int{1, 0}})
		rs := b.Let("rs", &ir.Reshape{Arr: tr.Var, Shape: ir.Shape{ir.I64(4)}})
		bad := b.Let("bad", &ir.Reshape{Arr: rs.Var, Shape: ir.Shape{sizeOf(b, ps[0], 0)}})
		return []ir.SubExp{u, m2, tr, rs, bad}
	})
	scatter2d := irProg([]ir.Type{vecT(prim.I64), vecT(prim.I64), vecT(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n := sizeOf(b, ps[0], 0)
		dst := b.Let("d", &ir.Replicate{Shape: ir.Shape{ir.I64(2), ir.I64(3)}, Val: ir.I64(0)})
		s := b.LetN("s", &ir.Scatter{W: n, Dests: []ir.VName{dst.Var}, Inds: []ir.VName{ps[0].Var, ps[1].Var}, Vals: []ir.VName{ps[2].Var}})
		return []ir.SubExp{ir.Var(s[0])}
	})
	// A Screma with every kind of operator, and one whose function may
	// fail (10 // x) with a reduction that cannot.
	screma := irProg([]ir.Type{vecT(prim.I64), vecT(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n := sizeOf(b, ps[0], 0)
		h := b.Let("h", &ir.Replicate{Shape: ir.Shape{ir.I64(3)}, Val: ir.I64(0)})
		s := b.Let("s", &ir.Replicate{Shape: ir.Shape{ir.I64(3)}, Val: ir.I64(-1)})
		f := b.Lambda([]ir.Type{i64, i64}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
			x, i := p[0], p[1]
			return []ir.SubExp{lb.BinOp(prim.Mul, x, ir.I64(2)), lb.BinOp(prim.Quot, ir.I64(10), x), i, x, i, lb.BinOp(prim.Mul, x, ir.I64(10)), lb.BinOp(prim.Mul, x, x)}
		})
		e := &ir.Screma{W: n, Arrs: []ir.VName{ps[0].Var, ps[1].Var}, F: f,
			Scans:    []ir.ScanOp{{Op: b.BinOpLambda(prim.Add, prim.I64), Neutral: []ir.SubExp{ir.I64(0)}}},
			Reds:     []ir.RedOp{{Op: b.BinOpLambda(prim.Add, prim.I64), Neutral: []ir.SubExp{ir.I64(0)}}},
			Hists:    []ir.HistOp{{Dests: []ir.VName{h.Var}, Rank: 1, Op: b.BinOpLambda(prim.Add, prim.I64), Neutral: []ir.SubExp{ir.I64(0)}}},
			Scatters: []ir.ScatterOp{{Dests: []ir.VName{s.Var}, Rank: 1}},
		}
		var res []ir.SubExp
		for _, o := range b.LetN("r", e) {
			res = append(res, ir.Var(o))
		}
		return res
	})
	// The same Screma inside a map's lambda, where it runs as one loop per
	// element of the map, with destinations and results of its own.
	nestedScrema := irProg([]ir.Type{vecT(prim.I64), vecT(prim.I64), vecT(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n := sizeOf(b, ps[0], 0)
		m := sizeOf(b, ps[2], 0)
		outer := b.Lambda([]ir.Type{i64}, func(ob *ir.Builder, r []ir.SubExp) []ir.SubExp {
			h := ob.Let("h", &ir.Replicate{Shape: ir.Shape{ir.I64(3)}, Val: r[0]})
			s := ob.Let("s", &ir.Replicate{Shape: ir.Shape{ir.I64(3)}, Val: ir.I64(-1)})
			f := ob.Lambda([]ir.Type{i64, i64}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
				x, i := p[0], p[1]
				y := lb.BinOp(prim.Add, x, r[0])
				return []ir.SubExp{lb.BinOp(prim.Mul, y, ir.I64(2)), lb.BinOp(prim.Quot, ir.I64(10), x), i, y, i, lb.BinOp(prim.Mul, y, ir.I64(10)), lb.BinOp(prim.Mul, x, y)}
			})
			e := &ir.Screma{W: n, Arrs: []ir.VName{ps[0].Var, ps[1].Var}, F: f,
				Scans:    []ir.ScanOp{{Op: ob.BinOpLambda(prim.Add, prim.I64), Neutral: []ir.SubExp{ir.I64(0)}}},
				Reds:     []ir.RedOp{{Op: ob.BinOpLambda(prim.Add, prim.I64), Neutral: []ir.SubExp{ir.I64(0)}}},
				Hists:    []ir.HistOp{{Dests: []ir.VName{h.Var}, Rank: 1, Op: ob.BinOpLambda(prim.Add, prim.I64), Neutral: []ir.SubExp{ir.I64(0)}}},
				Scatters: []ir.ScatterOp{{Dests: []ir.VName{s.Var}, Rank: 1}},
			}
			var res []ir.SubExp
			for _, o := range ob.LetN("r", e) {
				res = append(res, ir.Var(o))
			}
			return res
		})
		var res []ir.SubExp
		for _, o := range b.LetN("o", &ir.Map{W: m, Arrs: []ir.VName{ps[2].Var}, F: outer}) {
			res = append(res, ir.Var(o))
		}
		return res
	})
	// Additions into a matrix accumulator at [r, o + i] and into a vector
	// at [i] for the element i of a map over iota k: in range for the
	// whole map, they run unchecked (accfast.go); otherwise those out of
	// range are dropped one by one.
	accOffset := irProg([]ir.Type{i64, i64, i64}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		o, k, r := ps[0], ps[1], ps[2]
		is := b.Let("is", &ir.Iota{N: k, T: prim.I64})
		zm := b.Let("zm", &ir.Replicate{Shape: ir.Shape{ir.I64(3), ir.I64(4)}, Val: ir.Const(prim.FloatValue(prim.F64, 0))})
		zv := b.Let("zv", &ir.Replicate{Shape: ir.Shape{ir.I64(4)}, Val: ir.I64(0)})
		mT := ir.AccOf(ir.Array(prim.F64, ir.I64(3), ir.I64(4)))
		vT := ir.AccOf(ir.Array(prim.I64, ir.I64(4)))
		cv, _ := prim.ConvFunc(prim.I64, prim.F64)
		res := b.LetN("adj", &ir.WithAcc{Inputs: []ir.AccInput{{Arr: zm.Var}, {Arr: zv.Var}}, F: b.Lambda([]ir.Type{mT, vT}, func(lb *ir.Builder, acc []ir.SubExp) []ir.SubExp {
			m := lb.Map(k, []ir.VName{is.Var, acc[0].Var, acc[1].Var}, lb.Lambda([]ir.Type{i64, mT, vT}, func(mb *ir.Builder, xs []ir.SubExp) []ir.SubExp {
				j := mb.BinOp(prim.Add, o, xs[0])
				x := mb.Let("x", &ir.Call{Fn: cv, Args: []ir.SubExp{xs[0]}})
				a := mb.Let("a", &ir.UpdAcc{Acc: xs[1].Var, Idx: []ir.SubExp{r, j}, Val: mb.BinOp(prim.Add, x, ir.Const(prim.FloatValue(prim.F64, 1)))})
				v := mb.Let("v", &ir.UpdAcc{Acc: xs[2].Var, Idx: []ir.SubExp{xs[0]}, Val: mb.BinOp(prim.Mul, xs[0], ir.I64(10))})
				return []ir.SubExp{a, v}
			}))
			return []ir.SubExp{ir.Var(m[0]), ir.Var(m[1])}
		})})
		return []ir.SubExp{ir.Var(res[0]), ir.Var(res[1])}
	})
	runDiff(t, []diffCase{
		{name: "stencil offset chain", prog: stencilOffsetChain(), args: []string{"[0.5, -1.0, 2.0, 0.25, 3.0, 7.0, -2.5]"}},
		{name: "stencil offset chain, one", prog: stencilOffsetChain(), args: []string{"[0.5]"}},
		{name: "accumulators in range", prog: accOffset, args: []string{"1i64", "3i64", "1i64"}},
		{name: "accumulators in range, empty map", prog: accOffset, args: []string{"9i64", "0i64", "7i64"}},
		{name: "accumulators past the end", prog: accOffset, args: []string{"2i64", "3i64", "2i64"}},
		{name: "accumulators before the start", prog: accOffset, args: []string{"-1i64", "2i64", "0i64"}},
		{name: "accumulators beyond the rows", prog: accOffset, args: []string{"0i64", "4i64", "3i64"}},
		{name: "accumulators longer than the vector", prog: accOffset, args: []string{"0i64", "5i64", "0i64"}},
		{name: "nested screma", prog: nestedScrema, args: []string{"[3i64, 1i64, 4i64, 1i64]", "[0i64, 2i64, 0i64, 5i64]", "[0i64, 7i64, -2i64]"}},
		{name: "nested screma failing", prog: nestedScrema, args: []string{"[3i64, 0i64, 4i64]", "[0i64, 2i64, 0i64]", "[1i64, 2i64]"}},
		{name: "screma", prog: screma, args: []string{"[3i64, 1i64, 4i64, 1i64]", "[0i64, 2i64, 0i64, 5i64]"}},
		{name: "screma failing", prog: screma, args: []string{"[3i64, 0i64, 4i64]", "[0i64, 2i64, 0i64]"}},
		{name: "withacc operator", prog: accMul, args: []string{"[3i64, 5i64]"}},
		{name: "withacc in map", prog: accMap, args: []string{"[0i64, 2i64, 0i64, 7i64]", "[1.0, 2.0, 3.5, 4.0]"}},
		{name: "withacc rows in map", prog: accRows, args: []string{"[0i64, 2i64, 0i64, 7i64, -1i64]", "[[1i64, 2i64], [3i64, 4i64], [5i64, 6i64], [7i64, 8i64], [9i64, 10i64]]"}},
		{name: "withacc rows in map of another length", prog: accRows, args: []string{"[0i64, 2i64]", "[[1i64, 2i64, 3i64], [4i64, 5i64, 6i64]]"}},
		{name: "withacc rows out of range of another length", prog: accRows, args: []string{"[5i64]", "[[1i64, 2i64, 3i64]]"}},
		{name: "hist rows", prog: histRows, args: []string{"[1i64, 1i64, 0i64]", "[[1i64, 2i64], [3i64, 4i64], [5i64, 6i64]]"}},
		{name: "with_vjp and u8 loop", prog: misc, args: []string{"20u8"}},
		{name: "updates and reshape error", prog: updates, args: []string{"[0i64, 1i64, 2i64, 3i64, 4i64]"}},
		{name: "scatter 2d", prog: scatter2d, args: []string{"[0i64, 1i64, 2i64, 1i64]", "[2i64, 0i64, 0i64, -1i64]", "[5i64, 6i64, 7i64, 8i64]"}},
	})
}

// TestGenerateOutput checks that output is deterministic and formatted,
// and that programs with unexpanded AD are rejected with an error.
func TestGenerateOutput(t *testing.T) {
	for _, c := range diffCases[:12] {
		c := c
		runProg := func() map[string][]byte {
			p := compileCase(t, &c)
			files, err := Generate(p, "pkg")
			if err != nil {
				t.Fatal(err)
			}
			return files
		}
		a, b := runProg(), runProg()
		if len(a) != len(b) {
			t.Fatalf("%s: different file sets", c.name)
		}
		for name, src := range a {
			if string(b[name]) != string(src) {
				t.Errorf("%s: %s differs between two runs", c.name, name)
			}
			if f, err := formatSource(src); err != nil || string(f) != string(src) {
				t.Errorf("%s: %s is not gofmt-formatted (%v)", c.name, name, err)
			}
		}
	}
	jvp := irProg([]ir.Type{ir.Scalar(prim.F64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		f := b.Lambda([]ir.Type{ir.Scalar(prim.F64)}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{lb.BinOp(prim.Mul, x[0], x[0])}
		})
		r := b.LetN("j", &ir.JVP{F: f, Primals: ps, Tangents: ps})
		return []ir.SubExp{ir.Var(r[0])}
	})
	if _, err := Generate(jvp, "pkg"); err == nil {
		t.Errorf("a program with jvp was accepted")
	}
	if _, err := Generate(jvp, "not a name"); err == nil {
		t.Errorf("an invalid package name was accepted")
	}
}

// stencilOffsetChain is a stencil group (stencil.go) whose third map
// reads the second's result at its own index and whose fourth reads the
// third's shifted: the third's value lags two steps, which the IR's
// fusion would hide by fusing the second and third maps.
func stencilOffsetChain() *ir.Program {
	f64 := ir.Scalar(prim.F64)
	c := func(x float64) ir.SubExp { return ir.Const(prim.FloatValue(prim.F64, x)) }
	return irProg([]ir.Type{vecT(prim.F64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n := sizeOf(b, ps[0], 0)
		xs := ps[0].Var
		a := b.Map(n, []ir.VName{xs}, b.Lambda([]ir.Type{f64}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{lb.BinOp(prim.Add, lb.BinOp(prim.Mul, x[0], c(3)), c(1))}
		}))
		ra := b.Let("rot", &ir.Rotate{Arr: a[0], R: ir.I64(-1)})
		bm := b.Map(n, []ir.VName{xs, ra.Var}, b.Lambda([]ir.Type{f64, f64}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{lb.BinOp(prim.Add, lb.BinOp(prim.Mul, x[0], x[1]), c(0.5))}
		}))
		cm := b.Map(n, []ir.VName{xs, bm[0]}, b.Lambda([]ir.Type{f64, f64}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{lb.BinOp(prim.Sub, x[0], lb.BinOp(prim.Mul, x[1], x[1]))}
		}))
		rc := b.Let("rot", &ir.Rotate{Arr: cm[0], R: ir.I64(-1)})
		d := b.Map(n, []ir.VName{xs, rc.Var}, b.Lambda([]ir.Type{f64, f64}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{lb.BinOp(prim.Add, x[0], lb.BinOp(prim.Mul, x[1], c(0.5)))}
		}))
		return []ir.SubExp{ir.Var(d[0])}
	})
}
