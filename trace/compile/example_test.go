package compile_test

import (
	"fmt"

	"github.com/fluxion-lang/fluxion/trace"
	"github.com/fluxion-lang/fluxion/trace/compile"
)

func ExampleCompile() {
	// Trace a function once, then let the compiler's vjp compute its
	// gradient at other inputs (here in the compiler's interpreter;
	// compile.Go builds a Go program instead).
	f := func(t *trace.Tracer, x trace.Array) trace.Scalar {
		return t.Sum(t.Map(x, func(t *trace.Tracer, v trace.Scalar) trace.Scalar { return t.Mul(v, v) }))
	}
	tr, err := trace.RecordScalar(f, []float64{1, 2, 3})
	if err != nil {
		panic(err)
	}
	g, err := compile.Compile(tr, compile.Options{Backend: compile.Interp})
	if err != nil {
		panic(err)
	}
	defer g.Close()
	v, grad, err := g.Grad([]float64{4, 5, 6})
	if err != nil {
		panic(err)
	}
	fmt.Println(v, grad)
	// Output: 77 [8 10 12]
}

func ExampleNewFunc() {
	// A cached compiled gradient: f runs once per input length.
	f := compile.NewFunc(func(t *trace.Tracer, x trace.Array) trace.Scalar {
		return t.Dot(x, trace.ConstArray([]float64{1, 10}))
	}, compile.Options{})
	defer f.Close()
	for _, x := range [][]float64{{1, 1}, {2, 3}} {
		v, grad, err := f.Grad(x)
		if err != nil {
			panic(err)
		}
		fmt.Println(v, grad)
	}
	// Output:
	// 11 [1 10]
	// 32 [1 10]
}
