package rad_test

import (
	"fmt"

	"github.com/fluxion-lang/fluxion/rad"
)

func ExampleGrad() {
	// f(x, y) = x * (x + y)
	f := func(t *rad.Task, x []rad.Num) rad.Num {
		return t.Mul(x[0], t.Add(x[0], x[1]))
	}
	v, grad, err := rad.Grad(f, []float64{12, 13})
	if err != nil {
		panic(err)
	}
	fmt.Println(v, grad)
	// Output: 300 [37 12]
}

func ExampleTask_Par() {
	// (x*y*x) and (y+y+x) computed in parallel, then summed.
	f := func(t *rad.Task, x []rad.Num) rad.Num {
		var a, b rad.Num
		t.Par(
			func(t *rad.Task) { a = t.Mul(t.Mul(x[0], x[1]), x[0]) },
			func(t *rad.Task) { b = t.Add(t.Add(x[1], x[1]), x[0]) },
		)
		return t.Add(a, b)
	}
	v, grad, err := rad.Grad(f, []float64{2, 3})
	if err != nil {
		panic(err)
	}
	fmt.Println(v, grad)
	// Output: 20 [13 6]
}

func ExampleParMap() {
	// The sum of x[i]^3, one parallel task per element.
	f := func(t *rad.Task, x []rad.Num) rad.Num {
		cubes := rad.ParMap(t, len(x), func(t *rad.Task, i int) rad.Num {
			return t.PowF(x[i], 3)
		})
		return t.Sum(cubes)
	}
	v, grad, err := rad.Config{Deterministic: true}.Grad(f, []float64{1, 2, 3})
	if err != nil {
		panic(err)
	}
	fmt.Println(v, grad)
	// Output: 36 [3 12 27]
}

func ExampleJacobian() {
	// Polar to Cartesian coordinates.
	polar := func(t *rad.Task, x []rad.Num) []rad.Num {
		r, theta := x[0], x[1]
		sin, cos := t.Sincos(theta)
		return []rad.Num{t.Mul(r, cos), t.Mul(r, sin)}
	}
	y, jac, err := rad.Jacobian(polar, []float64{2, 0})
	if err != nil {
		panic(err)
	}
	fmt.Println(y)
	fmt.Println(jac[0])
	fmt.Println(jac[1])
	// Output:
	// [2 0]
	// [1 0]
	// [0 2]
}

func ExampleTape_VJP() {
	// Record once, then sweep backwards with different output weights.
	tape, err := rad.Record(func(t *rad.Task, x []rad.Num) []rad.Num {
		return []rad.Num{t.Mul(x[0], x[1]), t.Sin(x[0])}
	}, []float64{0, 5})
	if err != nil {
		panic(err)
	}
	for _, w := range [][]float64{{1, 0}, {0, 1}, {1, 1}} {
		g, err := tape.VJP(w)
		if err != nil {
			panic(err)
		}
		fmt.Println(w, g)
	}
	// Output:
	// [1 0] [5 0]
	// [0 1] [1 0]
	// [1 1] [6 0]
}

func ExampleNum_Value() {
	// Control flow may read values; the derivative is that of the branch
	// taken.
	relu := func(t *rad.Task, x []rad.Num) rad.Num {
		if x[0].Value() > 0 {
			return t.MulF(x[0], 3)
		}
		return rad.Const(0)
	}
	for _, x := range []float64{2, -2} {
		v, g, _ := rad.Grad(relu, []float64{x})
		fmt.Println(v, g)
	}
	// Output:
	// 6 [3]
	// 0 [0]
}

func ExampleGrad_misuse() {
	// A Num from one computation cannot be used in another.
	var leaked rad.Num
	rad.Grad(func(t *rad.Task, x []rad.Num) rad.Num {
		leaked = t.Exp(x[0])
		return leaked
	}, []float64{0})
	_, _, err := rad.Grad(func(t *rad.Task, x []rad.Num) rad.Num {
		return t.Add(x[0], leaked)
	}, []float64{0})
	fmt.Println(err)
	// Output: rad: Add: operand (value 1) belongs to another tape
}
