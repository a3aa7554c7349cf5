package oracle

import (
	"fmt"
	"math"
	"testing"
)

func TestODEOracle(t *testing.T) {
	// GRADBENCH.md §2.9 test vector; n = 3, so RK4 is exact.
	x := []float64{0.5, 1, 2}
	checkSlice(t, "primal", ODEPrimal(x, 2), []float64{1, 1, 1.3333333333333335}, 1e-14)
	checkSlice(t, "gradient", ODEGradient(x, 2), []float64{2.6666666666666665, 1.3333333333333333, 0.6666666666666666}, 1e-14)
	// For n ≤ 4 RK4 is exact: y_i(2) = (Π_{j≤i} x_j) 2^{i+1}/(i+1)!.
	x = []float64{0.9, 0.8, 0.7, 0.6}
	y := ODEPrimal(x, 3)
	p, f := 1.0, 1.0
	for i := range x {
		p *= x[i]
		f *= float64(i + 1)
		checkScalar(t, fmt.Sprint("closed form y", i), y[i], p*math.Pow(2, float64(i+1))/f, 1e-13)
	}
	for _, c := range []struct{ n, s int }{{6, 3}, {9, 1}, {5, 7}} {
		x := GenODE(c.n)
		f := func(x []float64) float64 { y := ODEPrimal(x, c.s); return y[len(y)-1] }
		checkSlice(t, fmt.Sprintf("gradient vs finite differences n=%d s=%d", c.n, c.s), ODEGradient(x, c.s), centralDiff(f, x), 1e-7)
	}
}

func TestODEProgram(t *testing.T) {
	for _, c := range []struct{ n, s int }{{1, 1}, {3, 2}, {8, 3}} {
		x := GenODE(c.n)
		n := int64(c.n)
		name := fmt.Sprintf("n=%d,s=%d", c.n, c.s)
		t.Run("primal/"+name, func(t *testing.T) {
			got := flatOf(t, run(t, "ode", "primal", arr(t, x, n), i64s(int64(c.s)))[0], n)
			checkSlice(t, "primal", got, ODEPrimal(x, c.s), 1e-12)
		})
		t.Run("gradient/"+name, func(t *testing.T) {
			got := flatOf(t, run(t, "ode", "gradient", arr(t, x, n), i64s(int64(c.s)))[0], n)
			checkSlice(t, "gradient", got, ODEGradient(x, c.s), 1e-12)
		})
	}
}
