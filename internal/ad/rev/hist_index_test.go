package rev

import (
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// reduce_by_index with several index arrays comes only from IR built by
// hand (the prelude flattens reduce_by_index_2d itself); its operators
// other than + take the rules for one index array on the flattened
// indices.

type irBody func(b *ir.Builder, xs, y ir.SubExp) ir.SubExp

var (
	f64T   = ir.Scalar(prim.F64)
	i64T   = ir.Scalar(prim.I64)
	xs6T   = ir.Array(prim.F64, ir.I64(6))
	fconst = func(x float64) ir.SubExp { return ir.Const(prim.FloatValue(prim.F64, x)) }
)

// irFDFuncs makes the entry points name_f (the function of xs: [6]f64
// and y: f64) and name_g (its gradient by vjp) of body.
func irFDFuncs(name string, body irBody) []*ir.Func {
	b := ir.NewBuilder(ir.NewNameSource(1))
	xs, y := b.Param("xs", xs6T), b.Param("y", f64T)
	res := body(b, ir.Var(xs.Name), ir.Var(y.Name))
	f := &ir.Func{Name: name + "_f", Params: []ir.Param{xs, y}, Ret: []ir.Type{f64T}, Body: b.Body(res)}
	gb := ir.NewBuilder(ir.NewNameSource(1))
	gxs, gy := gb.Param("xs", xs6T), gb.Param("y", f64T)
	lam := gb.Lambda([]ir.Type{xs6T, f64T}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		return []ir.SubExp{body(lb, ps[0], ps[1])}
	})
	out := gb.LetN("vjp", &ir.VJP{F: lam, Primals: []ir.SubExp{ir.Var(gxs.Name), ir.Var(gy.Name)}, Adjoints: []ir.SubExp{fconst(1)}})
	g := &ir.Func{Name: name + "_g", Params: []ir.Param{gxs, gy}, Ret: []ir.Type{xs6T, f64T}, Body: gb.Body(vars(out[1:])...)}
	return []*ir.Func{f, g}
}

func i64Lit(b *ir.Builder, xs ...int64) ir.VName {
	es := make([]ir.SubExp, len(xs))
	for i, x := range xs {
		es[i] = ir.I64(x)
	}
	return b.Let("is", &ir.ArrayLit{Elems: es, Elem: i64T}).Var
}

// sumSquares is the sum of the squares of the elements of arr.
func sumSquares(b *ir.Builder, arr ir.VName) ir.SubExp {
	t, _ := b.TypeOf(arr)
	n := ir.I64(1)
	for _, d := range t.Shape {
		n = b.BinOp(prim.Mul, n, d)
	}
	flatArr := b.Let("flat", &ir.Reshape{Arr: arr, Shape: ir.Shape{n}}).Var
	sq := b.Map(n, []ir.VName{flatArr}, b.Lambda([]ir.Type{f64T}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		return []ir.SubExp{lb.BinOp(prim.Mul, ps[0], ps[0])}
	}))
	return ir.Var(b.Reduce(n, sq, []ir.SubExp{fconst(0)}, b.BinOpLambda(prim.Add, prim.F64))[0])
}

// scaled is map (*c) xs.
func scaled(b *ir.Builder, xs ir.SubExp, c ir.SubExp) ir.VName {
	return b.Map(ir.I64(6), []ir.VName{xs.Var}, b.Lambda([]ir.Type{f64T}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		return []ir.SubExp{lb.BinOp(prim.Mul, ps[0], c)}
	}))[0]
}

// dest23 is a fresh [2][3] array made from c * xs.
func dest23(b *ir.Builder, xs, c ir.SubExp) ir.VName {
	m := b.Let("m", &ir.Reshape{Arr: scaled(b, xs, c), Shape: ir.Shape{ir.I64(2), ir.I64(3)}})
	return b.Let("d", &ir.Copy{Arr: m.Var}).Var
}

var histIndexBodies = []struct {
	name string
	body irBody
}{
	{"generic_free", func(b *ir.Builder, xs, y ir.SubExp) ir.SubExp {
		// a + b + y*a*b with indices (is, js) into [2][3].
		d := dest23(b, xs, fconst(0.5))
		op := b.Lambda([]ir.Type{f64T, f64T}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			ab := lb.BinOp(prim.Mul, lb.BinOp(prim.Mul, ps[0], ps[1]), y)
			return []ir.SubExp{lb.BinOp(prim.Add, lb.BinOp(prim.Add, ps[0], ps[1]), ab)}
		})
		is, js := i64Lit(b, 0, 1, 1, 0, 5, 1), i64Lit(b, 2, 0, 0, 1, 1, -1)
		h := b.LetN("h", &ir.Hist{W: ir.I64(6), Dests: []ir.VName{d}, Op: op, Neutral: []ir.SubExp{fconst(0)}, Inds: []ir.VName{is, js}, Vals: []ir.VName{scaled(b, xs, fconst(0.3))}})
		return sumSquares(b, h[0])
	}},
	{"min", func(b *ir.Builder, xs, y ir.SubExp) ir.SubExp {
		d := dest23(b, xs, y)
		minF, _ := prim.LookupFunc("min_f64")
		op := b.Lambda([]ir.Type{f64T, f64T}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{lb.Call(minF, ps[0], ps[1])}
		})
		is, js := i64Lit(b, 0, 1, 1, 0, 1, 1), i64Lit(b, 2, 0, 0, 1, 2, 3)
		h := b.LetN("h", &ir.Hist{W: ir.I64(6), Dests: []ir.VName{d}, Op: op, Neutral: []ir.SubExp{fconst(1e300)}, Inds: []ir.VName{is, js}, Vals: []ir.VName{scaled(b, xs, fconst(0.8))}})
		return sumSquares(b, h[0])
	}},
	{"tuple", func(b *ir.Builder, xs, y ir.SubExp) ir.SubExp {
		// Affine-map composition on two destinations.
		d1, d2 := dest23(b, xs, fconst(0.5)), dest23(b, xs, y)
		op := b.Lambda([]ir.Type{f64T, f64T, f64T, f64T}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			a := lb.BinOp(prim.Mul, ps[0], ps[2])
			c := lb.BinOp(prim.Add, lb.BinOp(prim.Mul, ps[1], ps[2]), ps[3])
			return []ir.SubExp{a, c}
		})
		is, js := i64Lit(b, 0, 1, 0, 0, -1, 1), i64Lit(b, 2, 0, 2, 2, 1, 0)
		h := b.LetN("h", &ir.Hist{W: ir.I64(6), Dests: []ir.VName{d1, d2}, Op: op, Neutral: []ir.SubExp{fconst(1), fconst(0)},
			Inds: []ir.VName{is, js}, Vals: []ir.VName{scaled(b, xs, y), scaled(b, xs, fconst(0.7))}})
		return b.BinOp(prim.Add, sumSquares(b, h[0]), sumSquares(b, h[1]))
	}},
	{"add", func(b *ir.Builder, xs, y ir.SubExp) ir.SubExp {
		d := dest23(b, xs, y)
		is, js := i64Lit(b, 0, 1, 1, 0, 5, 1), i64Lit(b, 2, 0, 0, 1, 1, -1)
		h := b.LetN("h", &ir.Hist{W: ir.I64(6), Dests: []ir.VName{d}, Op: b.BinOpLambda(prim.Add, prim.F64), Neutral: []ir.SubExp{fconst(0)}, Inds: []ir.VName{is, js}, Vals: []ir.VName{scaled(b, xs, y)}})
		return sumSquares(b, h[0])
	}},
}

func TestHistSeveralIndices(t *testing.T) {
	var funcs []*ir.Func
	var names []string
	for _, c := range histIndexBodies {
		funcs = append(funcs, irFDFuncs(c.name, c.body)...)
		names = append(names, c.name)
	}
	prog := &ir.Program{Funcs: funcs}
	if err := ir.Verify(prog); err != nil {
		t.Fatalf("input does not verify: %v\n%v", err, prog)
	}
	for _, generic := range []bool{false, true} {
		NoSpecialCases = generic
		q, err := Expand(prog)
		NoSpecialCases = false
		if err != nil {
			t.Fatalf("expand: %v", err)
		}
		if err := ir.Verify(q); err != nil {
			t.Fatalf("expanded program does not verify: %v\n%v", err, q)
		}
		p, err := interp.Compile(q)
		if err != nil {
			t.Fatal(err)
		}
		fdCompare(t, p, names, generic, 6, 2, 0.2)
	}
}
