package ad

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Test programs are built with the IR builder: a body over parameters of
// given types. From one body the harness makes the primal entry point
// "f", a jvp entry point "jvp" (parameters x..., dx...) and a jmp entry
// point "jmp" (x..., dxs... with a batch of width jmpWidth).

const jmpWidth = 3

type bodyFn func(b *ir.Builder, xs []ir.SubExp) []ir.SubExp

var (
	tf64 = ir.Scalar(prim.F64)
	ti64 = ir.Scalar(prim.I64)
)

// vec is a rank-1 array type whose size is known only at run time.
func vec(t prim.Type) ir.Type { return ir.Array(t, ir.SubExp{}) }

func mat(t prim.Type) ir.Type { return ir.Array(t, ir.SubExp{}, ir.SubExp{}) }

func fc(x float64) ir.SubExp { return ir.Const(prim.FloatValue(prim.F64, x)) }

func size(b *ir.Builder, arr ir.SubExp, dim int) ir.SubExp {
	return b.Let("n", &ir.Size{Arr: arr.Var, Dim: dim})
}

func params(b *ir.Builder, ts []ir.Type) ([]ir.Param, []ir.SubExp) {
	ps := make([]ir.Param, len(ts))
	xs := make([]ir.SubExp, len(ts))
	for i, t := range ts {
		ps[i] = b.Param("x", t)
		xs[i] = ir.Var(ps[i].Name)
	}
	return ps, xs
}

func retTypes(b *ir.Builder, res []ir.SubExp) []ir.Type {
	ts := make([]ir.Type, len(res))
	for i, r := range res {
		t := b.Type(r)
		// Result sizes are only known at run time.
		t.Shape = make(ir.Shape, len(t.Shape))
		ts[i] = t
	}
	return ts
}

// primalProg is the entry point f computing body.
func primalProg(ts []ir.Type, body bodyFn) *ir.Func {
	b := ir.NewBuilder(ir.NewNameSource(1))
	ps, xs := params(b, ts)
	res := body(b, xs)
	return &ir.Func{Name: "f", Params: ps, Ret: retTypes(b, res), Body: b.Body(res...)}
}

// jvpProg is the entry point jvp (or jmp with vec) returning the primal
// results followed by their tangents.
func jvpProg(name string, ts []ir.Type, body bodyFn, vecMode bool) *ir.Func {
	return jvpProgWidth(name, ts, body, vecMode, jmpWidth)
}

// jmpProgWidth is the jmp entry point at batch width w.
func jmpProgWidth(ts []ir.Type, body bodyFn, w int64) *ir.Func {
	return jvpProgWidth("jmp", ts, body, true, w)
}

func jvpProgWidth(name string, ts []ir.Type, body bodyFn, vecMode bool, w int64) *ir.Func {
	b := ir.NewBuilder(ir.NewNameSource(1))
	ps, xs := params(b, ts)
	dts := make([]ir.Type, len(ts))
	for i, t := range ts {
		dts[i] = t
		if vecMode {
			dts[i] = t.ArrayOf(ir.I64(w))
		}
	}
	dps, dxs := params(b, dts)
	lam := b.Lambda(ts, body)
	e := &ir.JVP{F: lam, Primals: xs, Tangents: dxs}
	if vecMode {
		e.Vec, e.Width = true, ir.I64(w)
	}
	names := b.LetN("jvp", e)
	res := make([]ir.SubExp, len(names))
	for i, n := range names {
		res[i] = ir.Var(n)
	}
	return &ir.Func{Name: name, Params: append(ps, dps...), Ret: retTypes(b, res), Body: b.Body(res...)}
}

// compile expands, verifies and compiles a program for the interpreter.
func compile(t testing.TB, fns ...*ir.Func) *interp.Program {
	t.Helper()
	p := &ir.Program{Funcs: fns}
	if err := ir.Verify(p); err != nil {
		t.Fatalf("input does not verify: %v\n%v", err, p)
	}
	q, err := Expand(p)
	if err != nil {
		t.Fatalf("expand: %v", err)
	}
	if err := ir.Verify(q); err != nil {
		t.Fatalf("expanded program does not verify: %v\n%v", err, q)
	}
	c, err := interp.Compile(q)
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	return c
}

func run(t testing.TB, p *interp.Program, name string, args []interp.Value) []interp.Value {
	t.Helper()
	res, err := p.Run(name, args)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

// Values.

func sf(x float64) interp.Value { return interp.ScalarValue(prim.FloatValue(prim.F64, x)) }
func si(x int64) interp.Value   { return interp.ScalarValue(prim.IntValue(prim.I64, x)) }

func af(shape []int64, xs ...float64) interp.Value {
	a := interp.NewArray(prim.F64, shape)
	for i, x := range xs {
		a.Data[i] = prim.FloatValue(prim.F64, x)
	}
	return interp.ArrayValue(a)
}

func ai(shape []int64, xs ...int64) interp.Value {
	a := interp.NewArray(prim.I64, shape)
	for i, x := range xs {
		a.Data[i] = prim.IntValue(prim.I64, x)
	}
	return interp.ArrayValue(a)
}

// leaves lists the scalars of v in order.
func leaves(v interp.Value) []prim.Value {
	if v.Arr != nil {
		return v.Arr.Data
	}
	return []prim.Value{v.Scalar}
}

// withLeaves returns a copy of v with its scalars replaced.
func withLeaves(v interp.Value, ls []prim.Value) interp.Value {
	if v.Arr == nil {
		return interp.ScalarValue(ls[0])
	}
	a := interp.NewArray(v.Arr.Elem, v.Arr.Shape)
	copy(a.Data, ls)
	return interp.ArrayValue(a)
}

// randomLike is a value shaped like v with random floats in [-1, 1] (and
// zero integers: integer inputs are indices and counts here).
func randomLike(r *rand.Rand, v interp.Value) interp.Value {
	src := leaves(v)
	ls := make([]prim.Value, len(src))
	for i, x := range src {
		if x.Type().IsFloat() {
			ls[i] = prim.FloatValue(x.Type(), 2*r.Float64()-1)
		} else {
			ls[i] = prim.Zero(x.Type())
		}
	}
	return withLeaves(v, ls)
}

// axpy is x + h*d on the float scalars of x.
func axpy(x interp.Value, h float64, d interp.Value) interp.Value {
	xs, ds := leaves(x), leaves(d)
	ls := make([]prim.Value, len(xs))
	for i, v := range xs {
		if v.Type().IsFloat() {
			ls[i] = prim.FloatValue(v.Type(), v.Float()+h*ds[i].Float())
		} else {
			ls[i] = v
		}
	}
	return withLeaves(x, ls)
}

func axpyAll(xs []interp.Value, h float64, ds []interp.Value) []interp.Value {
	out := make([]interp.Value, len(xs))
	for i := range xs {
		out[i] = axpy(xs[i], h, ds[i])
	}
	return out
}

// stack makes the batched tangent [d0, d1, ...] of a value.
func stack(ds []interp.Value) interp.Value {
	first := ds[0]
	var shape []int64
	elem := first.Scalar.Type()
	if first.Arr != nil {
		shape, elem = first.Arr.Shape, first.Arr.Elem
	}
	a := interp.NewArray(elem, append([]int64{int64(len(ds))}, shape...))
	var data []prim.Value
	for _, d := range ds {
		data = append(data, leaves(d)...)
	}
	copy(a.Data, data)
	return interp.ArrayValue(a)
}

// lane i of a batched value.
func lane(v interp.Value, i int) []prim.Value {
	n := len(v.Arr.Data) / int(v.Arr.Shape[0])
	return v.Arr.Data[i*n : (i+1)*n]
}

// closeTo reports whether got is within tol of want, relative to the size
// of want.
func closeTo(got, want, tol float64) bool {
	if math.IsNaN(got) || math.IsNaN(want) {
		return false
	}
	return math.Abs(got-want) <= tol*(1+math.Abs(want))
}

func valuesString(vs []prim.Value) string { return fmt.Sprint(vs) }
