package interp

import (
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

var (
	i64 = ir.Scalar(prim.I64)
	f64 = ir.Scalar(prim.F64)
)

func fv(x float64) prim.Value { return prim.FloatValue(prim.F64, x) }
func iv(x int64) prim.Value   { return prim.IntValue(prim.I64, x) }
func fc(x float64) ir.SubExp  { return ir.Const(fv(x)) }

func f64s(shape []int64, xs ...float64) Value {
	a := &Array{Elem: prim.F64, Shape: shape}
	for _, x := range xs {
		a.Data = append(a.Data, fv(x))
	}
	return ArrayValue(a)
}

func i64s(shape []int64, xs ...int64) Value {
	a := &Array{Elem: prim.I64, Shape: shape}
	for _, x := range xs {
		a.Data = append(a.Data, iv(x))
	}
	return ArrayValue(a)
}

// fn builds a one-function program; body receives the parameters.
func fn(params []ir.Type, build func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp) *ir.Program {
	b := ir.NewBuilder(ir.NewNameSource(1))
	b.Pos = ir.Pos{File: "t.fut", Line: 1, Col: 1}
	var ps []ir.Param
	var args []ir.SubExp
	for _, t := range params {
		p := b.Param("p", t)
		ps = append(ps, p)
		args = append(args, ir.Var(p.Name))
	}
	res := build(b, args)
	body := b.Body(res...)
	local := ir.BoundInBody(body)
	var ret []ir.Type
	for _, r := range res {
		ret = append(ret, ir.EraseSizes(b.Type(r), local))
	}
	return &ir.Program{Funcs: []*ir.Func{{Name: "main", Params: ps, Ret: ret, Body: body}}}
}

// at sets the position of the statements added next.
func at(b *ir.Builder, line int) { b.Pos = ir.Pos{File: "t.fut", Line: line, Col: 3} }

// vec is the type [n]t for a size not known statically.
func vec(t prim.Type) ir.Type { return ir.Type{Elem: t, Shape: ir.Shape{{}}} }

func mat(t prim.Type) ir.Type { return ir.Type{Elem: t, Shape: ir.Shape{{}, {}}} }

func size(b *ir.Builder, arr ir.SubExp, d int) ir.SubExp {
	return b.Let("n", &ir.Size{Arr: arr.Var, Dim: d})
}

func dot(b *ir.Builder, xs, ys ir.SubExp) ir.SubExp {
	n := size(b, xs, 0)
	prods := b.Map(n, []ir.VName{xs.Var, ys.Var}, b.BinOpLambda(prim.Mul, prim.F64))
	return ir.Var(b.Reduce(n, prods, []ir.SubExp{fc(0)}, b.BinOpLambda(prim.Add, prim.F64))[0])
}

type runCase struct {
	name string
	prog *ir.Program
	args []Value
	want []string // results formatted by Value.String
	err  string   // expected error substring, if any
}

func runCases(t *testing.T, cases []runCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Compile(tc.prog)
			if err != nil {
				t.Fatalf("compile: %v\n%s", err, tc.prog)
			}
			res, err := p.Run("main", tc.args)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("got error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("run: %v\n%s", err, tc.prog)
			}
			if len(res) != len(tc.want) {
				t.Fatalf("got %d results, want %d", len(res), len(tc.want))
			}
			for i := range res {
				if got := res[i].String(); got != tc.want[i] {
					t.Errorf("result %d = %s, want %s", i, got, tc.want[i])
				}
			}
		})
	}
}

func TestPrograms(t *testing.T) {
	matmul := fn([]ir.Type{mat(prim.F64), mat(prim.F64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n, q := size(b, ps[0], 0), size(b, ps[1], 1)
		bt := b.Let("bt", &ir.Rearrange{Arr: ps[1].Var, Perm: []int{1, 0}})
		rows := b.Map(n, []ir.VName{ps[0].Var}, b.Lambda([]ir.Type{vec(prim.F64)}, func(lb *ir.Builder, row []ir.SubExp) []ir.SubExp {
			cols := lb.Map(q, []ir.VName{bt.Var}, lb.Lambda([]ir.Type{vec(prim.F64)}, func(cb *ir.Builder, col []ir.SubExp) []ir.SubExp {
				return []ir.SubExp{dot(cb, row[0], col[0])}
			}))
			return []ir.SubExp{ir.Var(cols[0])}
		}))
		return []ir.SubExp{ir.Var(rows[0])}
	})
	prefix := fn([]ir.Type{vec(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n := size(b, ps[0], 0)
		return []ir.SubExp{ir.Var(b.Scan(n, []ir.VName{ps[0].Var}, []ir.SubExp{ir.I64(0)}, b.BinOpLambda(prim.Add, prim.I64))[0])}
	})
	histo := fn([]ir.Type{vec(prim.I64), vec(prim.F64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n := size(b, ps[0], 0)
		dst := b.Let("dst", &ir.Replicate{Shape: ir.Shape{ir.I64(3)}, Val: fc(0)})
		h := b.LetN("h", &ir.Hist{W: n, Dests: []ir.VName{dst.Var}, Op: b.BinOpLambda(prim.Add, prim.F64), Neutral: []ir.SubExp{fc(0)}, Inds: []ir.VName{ps[0].Var}, Vals: []ir.VName{ps[1].Var}})
		return []ir.SubExp{ir.Var(h[0])}
	})
	// hist min with the existing bin value first: dst [5,1,0] (seed 003).
	histMin := fn([]ir.Type{vec(prim.I64), vec(prim.F64), vec(prim.F64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n := size(b, ps[0], 0)
		minF, _ := prim.LookupFunc("min_f64")
		op := b.Lambda([]ir.Type{f64, f64}, func(lb *ir.Builder, xs []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{lb.Call(minF, xs[0], xs[1])}
		})
		h := b.LetN("h", &ir.Hist{W: n, Dests: []ir.VName{ps[2].Var}, Op: op, Neutral: []ir.SubExp{fc(1e300)}, Inds: []ir.VName{ps[0].Var}, Vals: []ir.VName{ps[1].Var}})
		return []ir.SubExp{ir.Var(h[0])}
	})
	scatter := fn([]ir.Type{vec(prim.I64), vec(prim.I64), vec(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n := size(b, ps[1], 0)
		s := b.LetN("s", &ir.Scatter{W: n, Dests: []ir.VName{ps[0].Var}, Inds: []ir.VName{ps[1].Var}, Vals: []ir.VName{ps[2].Var}})
		return []ir.SubExp{ir.Var(s[0])}
	})
	// loop acc = replicate n 0 for i < n do acc with [i] = i*i
	squares := fn([]ir.Type{i64}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		zeros := b.Let("zeros", &ir.Replicate{Shape: ir.Shape{ps[0]}, Val: ir.I64(0)})
		acc := b.Param("acc", ir.Array(prim.I64, ps[0]))
		i := b.Param("i", i64)
		lb := b.Sub()
		sq := lb.BinOp(prim.Mul, ir.Var(i.Name), ir.Var(i.Name))
		u := lb.Let("acc", &ir.Update{Arr: acc.Name, Dims: []ir.DimSlice{{Fixed: true, I: ir.Var(i.Name)}}, Val: sq})
		r := b.LetN("r", &ir.Loop{Params: []ir.Param{acc}, Init: []ir.SubExp{zeros}, Form: &ir.For{I: i.Name, T: prim.I64, Bound: ps[0]}, Body: lb.Body(u)})
		return []ir.SubExp{ir.Var(r[0])}
	})
	// Collatz steps from x: loop (x, n, go) while go.
	collatz := fn([]ir.Type{i64}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		x, n, c := b.Param("x", i64), b.Param("n", i64), b.Param("go", ir.Scalar(prim.Bool))
		lb := b.Sub()
		rem := lb.BinOp(prim.Rem, ir.Var(x.Name), ir.I64(2))
		even := lb.CmpOp(prim.Eq, rem, ir.I64(0))
		tb, eb := lb.Sub(), lb.Sub()
		half := tb.BinOp(prim.Quot, ir.Var(x.Name), ir.I64(2))
		trip := eb.BinOp(prim.Add, eb.BinOp(prim.Mul, ir.Var(x.Name), ir.I64(3)), ir.I64(1))
		nx := lb.Let("nx", &ir.If{Cond: even, Then: tb.Body(half), Else: eb.Body(trip), Ret: []ir.Type{i64}})
		nn := lb.BinOp(prim.Add, ir.Var(n.Name), ir.I64(1))
		more := lb.CmpOp(prim.Ne, nx, ir.I64(1))
		r := b.LetN("r", &ir.Loop{Params: []ir.Param{x, n, c}, Init: []ir.SubExp{ps[0], ir.I64(0), ir.Bool(true)}, Form: &ir.While{Cond: c.Name}, Body: lb.Body(nx, nn, more)})
		return []ir.SubExp{ir.Var(r[1])}
	})
	slices := fn([]ir.Type{vec(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		a := ps[0].Var
		s1 := b.Let("s", &ir.Slice{Arr: a, Dims: []ir.DimSlice{{Start: ir.I64(3), End: ir.I64(0), Stride: ir.I64(-1)}}})
		s2 := b.Let("s", &ir.Slice{Arr: a, Dims: []ir.DimSlice{{Start: ir.I64(4), Stride: ir.I64(-2)}}})
		s3 := b.Let("s", &ir.Slice{Arr: a, Dims: []ir.DimSlice{{Stride: ir.I64(2)}}})
		s4 := b.Let("s", &ir.Slice{Arr: a, Dims: []ir.DimSlice{{Start: ir.I64(2), End: ir.I64(2)}}})
		m := b.Let("m", &ir.Reshape{Arr: b.Let("c", &ir.Copy{Arr: a}).Var, Shape: ir.Shape{ir.I64(1), ir.I64(5)}})
		col := b.Let("col", &ir.Slice{Arr: m.Var, Dims: []ir.DimSlice{{}, {Start: ir.I64(1), End: ir.I64(5), Stride: ir.I64(3)}}})
		rot := b.Let("rot", &ir.Rotate{R: ir.I64(-1), Arr: a})
		cat := b.Let("cat", &ir.Concat{Arrs: []ir.VName{s1.Var, s4.Var, s3.Var}})
		return []ir.SubExp{s1, s2, s3, s4, col, rot, cat}
	})
	// xs with [1:4:2] = [7, 8] on a copy; a row update of a matrix.
	updates := fn([]ir.Type{vec(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		c := b.Let("c", &ir.Copy{Arr: ps[0].Var})
		v := b.Let("v", &ir.ArrayLit{Elems: []ir.SubExp{ir.I64(7), ir.I64(8)}, Elem: i64})
		u := b.Let("u", &ir.Update{Arr: c.Var, Dims: []ir.DimSlice{{Start: ir.I64(1), End: ir.I64(4), Stride: ir.I64(2)}}, Val: v})
		m := b.Let("m", &ir.Replicate{Shape: ir.Shape{ir.I64(2)}, Val: v})
		m2 := b.Let("m", &ir.Update{Arr: m.Var, Dims: []ir.DimSlice{{Fixed: true, I: ir.I64(0)}}, Val: b.Let("r", &ir.Iota{N: ir.I64(2), Start: ir.I64(10), Step: ir.I64(-3), T: prim.I64})})
		tr := b.Let("tr", &ir.Rearrange{Arr: m2.Var, Perm: []int{1, 0}})
		return []ir.SubExp{u, m2, tr}
	})
	// withacc: as' for map (\i -> as[i]) [0,2,0] with seed [1,1,1] (seed 000).
	accs := fn([]ir.Type{vec(prim.I64), vec(prim.F64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n := size(b, ps[0], 0)
		zeros := b.Let("adj", &ir.Replicate{Shape: ir.Shape{ir.I64(3)}, Val: fc(0)})
		accT := ir.AccOf(ir.Array(prim.F64, ir.I64(3)))
		res := b.LetN("adj", &ir.WithAcc{Inputs: []ir.AccInput{{Arr: zeros.Var}}, F: b.Lambda([]ir.Type{accT}, func(lb *ir.Builder, acc []ir.SubExp) []ir.SubExp {
			m := lb.Map(n, []ir.VName{ps[0].Var, ps[1].Var, acc[0].Var}, lb.Lambda([]ir.Type{i64, f64, accT}, func(mb *ir.Builder, xs []ir.SubExp) []ir.SubExp {
				return []ir.SubExp{mb.Let("a", &ir.UpdAcc{Acc: xs[2].Var, Idx: []ir.SubExp{xs[0]}, Val: xs[1]})}
			}))
			return []ir.SubExp{ir.Var(m[0])}
		})})
		return []ir.SubExp{ir.Var(res[0])}
	})
	runCases(t, []runCase{
		{name: "dot", prog: fn([]ir.Type{vec(prim.F64), vec(prim.F64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{dot(b, ps[0], ps[1])}
		}), args: []Value{f64s([]int64{3}, 1, 2, 3), f64s([]int64{3}, 4, -5, 6)}, want: []string{"12f64"}},
		{name: "matmul", prog: matmul, args: []Value{f64s([]int64{2, 2}, 1, 2, 3, 4), f64s([]int64{2, 3}, 5, 6, 7, 8, 9, 10)},
			want: []string{"[[21f64, 24f64, 27f64], [47f64, 54f64, 61f64]]"}},
		{name: "matmul empty", prog: matmul, args: []Value{f64s([]int64{0, 2}), f64s([]int64{2, 3}, 5, 6, 7, 8, 9, 10)}, want: []string{"empty([0][3]f64)"}},
		{name: "prefix sums", prog: prefix, args: []Value{i64s([]int64{5}, 1, 2, 3, 4, 5)}, want: []string{"[1i64, 3i64, 6i64, 10i64, 15i64]"}},
		{name: "hist +", prog: histo, args: []Value{i64s([]int64{6}, 0, 2, 0, 1, 3, -1), f64s([]int64{6}, 1, 2, 3, 4, 100, 100)}, want: []string{"[4f64, 4f64, 2f64]"}},
		{name: "hist min", prog: histMin, args: []Value{i64s([]int64{6}, 0, 1, 1, 2, 0, -1), f64s([]int64{6}, 3, 4, 4, -2, 5, 100), f64s([]int64{3}, 5, 1, 0)}, want: []string{"[3f64, 1f64, -2f64]"}},
		{name: "scatter", prog: scatter, args: []Value{i64s([]int64{4}, 10, 20, 30, 40), i64s([]int64{4}, 1, 3, 1, 9), i64s([]int64{4}, 5, 6, 7, 8)}, want: []string{"[10i64, 7i64, 30i64, 6i64]"}},
		{name: "loop update", prog: squares, args: []Value{ScalarValue(iv(5))}, want: []string{"[0i64, 1i64, 4i64, 9i64, 16i64]"}},
		{name: "while", prog: collatz, args: []Value{ScalarValue(iv(27))}, want: []string{"111i64"}},
		{name: "slices", prog: slices, args: []Value{i64s([]int64{5}, 10, 11, 12, 13, 14)}, want: []string{
			"[13i64, 12i64, 11i64]", "[14i64, 12i64, 10i64]", "[10i64, 12i64, 14i64]", "empty([0]i64)", "[[11i64, 14i64]]",
			"[14i64, 10i64, 11i64, 12i64, 13i64]", "[13i64, 12i64, 11i64, 10i64, 12i64, 14i64]"}},
		{name: "updates", prog: updates, args: []Value{i64s([]int64{5}, 0, 1, 2, 3, 4)}, want: []string{
			"[0i64, 7i64, 2i64, 8i64, 4i64]", "[[10i64, 7i64], [7i64, 8i64]]", "[[10i64, 7i64], [7i64, 8i64]]"}},
		{name: "withacc", prog: accs, args: []Value{i64s([]int64{3}, 0, 2, 0), f64s([]int64{3}, 1, 1, 1)}, want: []string{"[2f64, 0f64, 1f64]"}},
	})
}

func TestValuesRoundTrip(t *testing.T) {
	for _, v := range []Value{
		ScalarValue(prim.IntValue(prim.I8, -3)),
		ScalarValue(prim.BoolValue(true)),
		f64s([]int64{2, 2}, 1, 2, 3, 4.5),
		i64s([]int64{0, 3}),
		ArrayValue(&Array{Elem: prim.F32, Shape: []int64{2}, Data: []prim.Value{prim.Float32Value(1.5), prim.Float32Value(-0.25)}}),
	} {
		w := ToValue(v)
		if w.Rank() != len(shapeOf(v)) {
			t.Errorf("%v: rank %d", v, w.Rank())
		}
		back, err := FromValue(w)
		if err != nil {
			t.Fatal(err)
		}
		if back.String() != v.String() {
			t.Errorf("round trip of %v gave %v", v, back)
		}
	}
}

func shapeOf(v Value) []int64 {
	if v.Arr == nil {
		return nil
	}
	return v.Arr.Shape
}
