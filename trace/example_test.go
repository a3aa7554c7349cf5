package trace_test

import (
	"fmt"
	"math"

	"github.com/fluxion-lang/fluxion/trace"
)

func ExampleGrad() {
	// f(x) = sum of x[i]^2 * sin(x[i]), one vectorised map.
	f := func(t *trace.Tracer, x trace.Array) trace.Scalar {
		y := t.Map(x, func(t *trace.Tracer, v trace.Scalar) trace.Scalar {
			return t.Mul(t.Square(v), t.Sin(v))
		})
		return t.Sum(y)
	}
	v, grad, err := trace.Grad(f, []float64{0, math.Pi / 2})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%.4f %.4f\n", v, grad)
	// Output: 2.4674 [0.0000 3.1416]
}

func ExampleTracer_Map() {
	// A map whose function closes over an outer traced value w: the
	// adjoint of w is summed over all elements.
	f := func(t *trace.Tracer, x trace.Array) trace.Scalar {
		w := t.At(x, 0)
		y := t.Map(x, func(t *trace.Tracer, v trace.Scalar) trace.Scalar { return t.Mul(v, w) })
		return t.Sum(y)
	}
	v, grad, err := trace.Grad(f, []float64{2, 3, 4})
	if err != nil {
		panic(err)
	}
	fmt.Println(v, grad)
	// Output: 18 [11 2 2]
}

func ExampleTracer_Map_branching() {
	// Go control flow on an element's value: the function is traced once
	// per element, and the derivative is that of the branch each took.
	relu := func(t *trace.Tracer, x trace.Array) trace.Scalar {
		y := t.Map(x, func(t *trace.Tracer, v trace.Scalar) trace.Scalar {
			if v.Value() > 0 {
				return t.MulF(v, 3)
			}
			return trace.Const(0)
		})
		return t.Sum(y)
	}
	v, grad, err := trace.Grad(relu, []float64{2, -1, 0.5})
	if err != nil {
		panic(err)
	}
	fmt.Println(v, grad)
	// Output: 7.5 [3 0 3]
}

func ExampleTracer_Reduce() {
	// Log-sum-exp: the maximum by a reduction with an associative
	// operator, then a map that closes over it.
	lse := func(t *trace.Tracer, x trace.Array) trace.Scalar {
		m := t.Reduce(x, math.Inf(-1), (*trace.Tracer).Max)
		e := t.Map(x, func(t *trace.Tracer, v trace.Scalar) trace.Scalar { return t.Exp(t.Sub(v, m)) })
		return t.Add(m, t.Log(t.Sum(e)))
	}
	v, grad, err := trace.Grad(lse, []float64{1, 2, 3})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%.4f %.4f\n", v, grad)
	// Output: 3.4076 [0.0900 0.2447 0.6652]
}

func ExampleTracer_MapN() {
	// A matrix-vector product as a map over the rows of a 2 x 3 matrix.
	f := func(t *trace.Tracer, x trace.Array) trace.Array {
		m := t.Reshape(t.Slice(x, 0, 6), 2, 3)
		v := t.Scalars(t.Slice(x, 6, 9))
		return t.MapN([]trace.Array{m}, 1, func(t *trace.Tracer, row []trace.Scalar) []trace.Scalar {
			s := trace.Const(0)
			for j, a := range row {
				s = t.Add(s, t.Mul(a, v[j]))
			}
			return []trace.Scalar{s}
		})
	}
	x := []float64{1, 2, 3, 4, 5, 6, 1, 0, -1}
	y, wJ, err := trace.VJP(f, x, []float64{1, 0})
	if err != nil {
		panic(err)
	}
	fmt.Println(y, wJ)
	// Output: [-2 -2] [1 0 -1 0 0 0 1 2 3]
}

func ExampleTrace_VJP() {
	// Record once, reverse as often as needed: the rows of a Jacobian.
	tr, err := trace.Record(func(t *trace.Tracer, x trace.Array) trace.Array {
		return t.Pack(t.Mul(t.At(x, 0), t.At(x, 1)), t.Sin(t.At(x, 0)))
	}, []float64{0, 5})
	if err != nil {
		panic(err)
	}
	for _, w := range [][]float64{{1, 0}, {0, 1}} {
		row, err := tr.VJP(w)
		if err != nil {
			panic(err)
		}
		fmt.Println(row)
	}
	// Output:
	// [5 0]
	// [1 0]
}

func ExampleTrace_Replay() {
	// A trace that never read a traced value is a program: evaluate it at
	// another input without running the Go function again.
	tr, err := trace.RecordScalar(func(t *trace.Tracer, x trace.Array) trace.Scalar {
		return t.Dot(x, x)
	}, []float64{1, 2})
	if err != nil {
		panic(err)
	}
	at, err := tr.Replay([]float64{3, 4})
	if err != nil {
		panic(err)
	}
	g, err := at.VJP([]float64{1})
	if err != nil {
		panic(err)
	}
	fmt.Println(at.Outputs(), g)
	// Output: [25] [6 8]
}

func ExampleTrace_String() {
	// The seed's worked example, f(x1, x2) = x1 + x1*x2: the trace with
	// every value's reference count.
	tr, err := trace.RecordScalar(func(t *trace.Tracer, x trace.Array) trace.Scalar {
		x1, x2 := t.At(x, 0), t.At(x, 1)
		return t.Add(x1, t.Mul(x1, x2))
	}, []float64{5, 3})
	if err != nil {
		panic(err)
	}
	fmt.Print(tr)
	// Output:
	// v1 = input [2]  # 2 uses
	// v2 = index v1 0  # 2 uses
	// v3 = index v1 1  # 1 use
	// v4 = mul v2 v3  # 1 use
	// v5 = add v2 v4  # 1 use
	// output v5
}

func ExampleGrad_misuse() {
	// A value of one trace cannot be used in another.
	var leaked trace.Scalar
	trace.Grad(func(t *trace.Tracer, x trace.Array) trace.Scalar {
		leaked = t.Exp(t.At(x, 0))
		return leaked
	}, []float64{0})
	_, _, err := trace.Grad(func(t *trace.Tracer, x trace.Array) trace.Scalar {
		return t.Add(t.At(x, 0), leaked)
	}, []float64{0})
	fmt.Println(err)
	// Output: trace: Add: operand (value 1) belongs to another trace
}
