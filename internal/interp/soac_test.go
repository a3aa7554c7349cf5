package interp

import (
	"testing"
	"time"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

func TestMoreSOACs(t *testing.T) {
	// (a1,b1) op (a2,b2) = (a1*a2, b1*a2 + b2), ne (1,0) (seed 000).
	pairOp := func(b *ir.Builder) *ir.Lambda {
		return b.Lambda([]ir.Type{f64, f64, f64, f64}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
			a := lb.BinOp(prim.Mul, p[0], p[2])
			c := lb.BinOp(prim.Add, lb.BinOp(prim.Mul, p[1], p[2]), p[3])
			return []ir.SubExp{a, c}
		})
	}
	tupleReduce := fn([]ir.Type{vec(prim.F64), vec(prim.F64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n := size(b, ps[0], 0)
		r := b.Reduce(n, []ir.VName{ps[0].Var, ps[1].Var}, []ir.SubExp{fc(1), fc(0)}, pairOp(b))
		return []ir.SubExp{ir.Var(r[0]), ir.Var(r[1])}
	})
	tupleScan := fn([]ir.Type{vec(prim.F64), vec(prim.F64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n := size(b, ps[0], 0)
		r := b.Scan(n, []ir.VName{ps[0].Var, ps[1].Var}, []ir.SubExp{fc(1), fc(0)}, pairOp(b))
		return []ir.SubExp{ir.Var(r[0]), ir.Var(r[1])}
	})
	// Column sums: reduce (map2 (+)) (replicate m 0) rows.
	vecReduce := fn([]ir.Type{mat(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n, m := size(b, ps[0], 0), size(b, ps[0], 1)
		zeros := b.Let("z", &ir.Replicate{Shape: ir.Shape{m}, Val: ir.I64(0)})
		op := b.Lambda([]ir.Type{vec(prim.I64), vec(prim.I64)}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{ir.Var(lb.Map(m, []ir.VName{p[0].Var, p[1].Var}, lb.BinOpLambda(prim.Add, prim.I64))[0])}
		})
		return []ir.SubExp{ir.Var(b.Reduce(n, []ir.VName{ps[0].Var}, []ir.SubExp{zeros}, op)[0])}
	})
	// 2-D scatter and a hist into rows (vectorised operator).
	scatter2d := fn([]ir.Type{vec(prim.I64), vec(prim.I64), vec(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n := size(b, ps[0], 0)
		dst := b.Let("d", &ir.Replicate{Shape: ir.Shape{ir.I64(2), ir.I64(3)}, Val: ir.I64(0)})
		s := b.LetN("s", &ir.Scatter{W: n, Dests: []ir.VName{dst.Var}, Inds: []ir.VName{ps[0].Var, ps[1].Var}, Vals: []ir.VName{ps[2].Var}})
		return []ir.SubExp{ir.Var(s[0])}
	})
	histRows := fn([]ir.Type{vec(prim.I64), mat(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n, m := size(b, ps[0], 0), size(b, ps[1], 1)
		dst := b.Let("d", &ir.Replicate{Shape: ir.Shape{ir.I64(2), m}, Val: ir.I64(0)})
		zeros := b.Let("z", &ir.Replicate{Shape: ir.Shape{m}, Val: ir.I64(0)})
		op := b.Lambda([]ir.Type{vec(prim.I64), vec(prim.I64)}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{ir.Var(lb.Map(m, []ir.VName{p[0].Var, p[1].Var}, lb.BinOpLambda(prim.Add, prim.I64))[0])}
		})
		h := b.LetN("h", &ir.Hist{W: n, Dests: []ir.VName{dst.Var}, Op: op, Neutral: []ir.SubExp{zeros}, Inds: []ir.VName{ps[0].Var}, Vals: []ir.VName{ps[1].Var}})
		return []ir.SubExp{ir.Var(h[0])}
	})
	// withacc with a multiplication operator and a secondary result;
	// updates of rows and an out-of-range update that is ignored.
	accMul := fn([]ir.Type{vec(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
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
	// with_vjp evaluates its function; u8 arithmetic wraps; a for loop
	// over an unsigned bound.
	misc := fn([]ir.Type{ir.Scalar(prim.U8)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		sq := b.Lambda([]ir.Type{ir.Scalar(prim.U8)}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{lb.BinOp(prim.Mul, x[0], x[0])}
		})
		u8 := ir.Scalar(prim.U8)
		rule := b.Lambda([]ir.Type{u8, u8, u8}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp { return x[:1] })
		w := b.LetN("w", &ir.WithVJP{F: sq, Rule: rule, Args: []ir.SubExp{ps[0]}})
		acc, i := b.Param("acc", u8), b.Param("i", u8)
		lb := b.Sub()
		nx := lb.BinOp(prim.Add, ir.Var(acc.Name), ir.Var(i.Name))
		l := b.LetN("l", &ir.Loop{Params: []ir.Param{acc}, Init: []ir.SubExp{ir.Const(prim.IntValue(prim.U8, 0))}, Form: &ir.For{I: i.Name, T: prim.U8, Bound: ps[0]}, Body: lb.Body(nx)})
		return []ir.SubExp{ir.Var(w[0]), ir.Var(l[0])}
	})
	u8v := func(x int64) Value { return ScalarValue(prim.IntValue(prim.U8, x)) }
	runCases(t, []runCase{
		{name: "tuple reduce", prog: tupleReduce, args: []Value{f64s([]int64{3}, 2, 3, 1), f64s([]int64{3}, 1, 0, 5)}, want: []string{"6f64", "8f64"}},
		{name: "tuple reduce empty", prog: tupleReduce, args: []Value{f64s([]int64{0}), f64s([]int64{0})}, want: []string{"1f64", "0f64"}},
		{name: "tuple scan", prog: tupleScan, args: []Value{f64s([]int64{3}, 2, 3, 1), f64s([]int64{3}, 1, 0, 5)}, want: []string{"[2f64, 6f64, 6f64]", "[1f64, 3f64, 8f64]"}},
		{name: "vectorised reduce", prog: vecReduce, args: []Value{i64s([]int64{3, 2}, 1, 2, 3, 4, 5, 6)}, want: []string{"[9i64, 12i64]"}},
		{name: "scatter 2d", prog: scatter2d, args: []Value{i64s([]int64{4}, 0, 1, 2, 1), i64s([]int64{4}, 2, 0, 0, -1), i64s([]int64{4}, 5, 6, 7, 8)}, want: []string{"[[0i64, 0i64, 5i64], [6i64, 0i64, 0i64]]"}},
		{name: "hist rows", prog: histRows, args: []Value{i64s([]int64{3}, 1, 1, 0), i64s([]int64{3, 2}, 1, 2, 3, 4, 5, 6)}, want: []string{"[[5i64, 6i64], [4i64, 6i64]]"}},
		{name: "withacc operator", prog: accMul, args: []Value{i64s([]int64{2}, 3, 5)}, want: []string{"[[1i64, 7i64], [9i64, 25i64]]", "42i64"}},
		{name: "misc", prog: misc, args: []Value{u8v(20)}, want: []string{"144u8", "190u8"}},
	})
}

// TestUpdateInPlace checks that a loop of n single-element updates takes
// time linear in n: with a copy per update it would take minutes.
func TestUpdateInPlace(t *testing.T) {
	prog := fn([]ir.Type{i64}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		zeros := b.Let("zeros", &ir.Replicate{Shape: ir.Shape{ps[0]}, Val: ir.I64(0)})
		acc := b.Param("acc", ir.Array(prim.I64, ps[0]))
		i := b.Param("i", i64)
		lb := b.Sub()
		u := lb.Let("acc", &ir.Update{Arr: acc.Name, Dims: []ir.DimSlice{{Fixed: true, I: ir.Var(i.Name)}}, Val: ir.Var(i.Name)})
		r := b.LetN("r", &ir.Loop{Params: []ir.Param{acc}, Init: []ir.SubExp{zeros}, Form: &ir.For{I: i.Name, T: prim.I64, Bound: ps[0]}, Body: lb.Body(u)})
		sum := b.Reduce(ps[0], r, []ir.SubExp{ir.I64(0)}, b.BinOpLambda(prim.Add, prim.I64))
		return []ir.SubExp{ir.Var(sum[0])}
	})
	p, err := Compile(prog)
	if err != nil {
		t.Fatal(err)
	}
	const n = 200_000
	start := time.Now()
	res, err := p.Run("main", []Value{ScalarValue(iv(n))})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := res[0].Scalar.Int(), int64(n*(n-1)/2); got != want {
		t.Errorf("sum = %d, want %d", got, want)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("%d in-place updates took %v", n, d)
	}
}
