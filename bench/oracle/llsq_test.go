package oracle

import (
	"fmt"
	"testing"
)

func TestLLSQOracle(t *testing.T) {
	cases := []struct {
		x    []float64
		n    int
		want float64
		grad []float64
	}{
		// GRADBENCH.md §2.8 test vector.
		{[]float64{1, 2, 3}, 4, 18.88888888888889, []float64{10.666666666666668, 1.7777777777777772, 8.296296296296296}},
		// Worked by hand: t = -1, 0, 1 and r = -1.75, -0.5, 0.75.
		{[]float64{0.5, -0.25}, 3, 1.9375, []float64{1.5, -2.5}},
	}
	for _, c := range cases {
		checkScalar(t, fmt.Sprint("primal", c.x), LLSQPrimal(c.x, c.n), c.want, 1e-14)
		checkSlice(t, fmt.Sprint("gradient", c.x), LLSQGradient(c.x, c.n), c.grad, 1e-14)
	}
	x := GenLLSQ(6)
	f := func(x []float64) float64 { return LLSQPrimal(x, 9) }
	checkSlice(t, "gradient vs finite differences", LLSQGradient(x, 9), centralDiff(f, x), 1e-7)
}

func TestLLSQProgram(t *testing.T) {
	for _, c := range []struct{ m, n int }{{1, 2}, {3, 4}, {8, 33}} {
		x := GenLLSQ(c.m)
		name := fmt.Sprintf("m=%d,n=%d", c.m, c.n)
		t.Run("primal/"+name, func(t *testing.T) {
			got := scalarOf(t, run(t, "llsq", "primal", arr(t, x, int64(c.m)), i64s(int64(c.n)))[0])
			checkScalar(t, "primal", got, LLSQPrimal(x, c.n), 1e-12)
		})
		t.Run("gradient/"+name, func(t *testing.T) {
			got := flatOf(t, run(t, "llsq", "gradient", arr(t, x, int64(c.m)), i64s(int64(c.n)))[0], int64(c.m))
			checkSlice(t, "gradient", got, LLSQGradient(x, c.n), 1e-12)
		})
	}
}
