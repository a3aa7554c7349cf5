package oracle

import (
	"fmt"
	"testing"
)

func TestLSEOracle(t *testing.T) {
	cases := []struct {
		x    []float64
		want float64
		grad []float64
	}{
		// GRADBENCH.md §2.7 test vector.
		{[]float64{1, 2, 3}, 3.4076059644443806, []float64{0.09003057317038046, 0.24472847105479764, 0.6652409557748218}},
		// Huge entries must not overflow.
		{[]float64{1000, 1000}, 1000 + 0.6931471805599453, []float64{0.5, 0.5}},
		{[]float64{-7}, -7, []float64{1}},
	}
	for _, c := range cases {
		checkScalar(t, fmt.Sprint("LSE", c.x), LSE(c.x), c.want, 1e-14)
		checkSlice(t, fmt.Sprint("LSEGrad", c.x), LSEGrad(c.x), c.grad, 1e-14)
	}
	x := GenLSE(50)
	checkSlice(t, "LSEGrad vs finite differences", LSEGrad(x), centralDiff(LSE, x), 1e-7)
}

func TestLSEProgram(t *testing.T) {
	for _, n := range []int{1, 3, 100} {
		x := GenLSE(n)
		n64 := int64(n)
		t.Run(fmt.Sprint("primal/n=", n), func(t *testing.T) {
			got := scalarOf(t, run(t, "lse", "primal", arr(t, x, n64))[0])
			checkScalar(t, "primal", got, LSE(x), 1e-12)
		})
		t.Run(fmt.Sprint("gradient/n=", n), func(t *testing.T) {
			got := flatOf(t, run(t, "lse", "gradient", arr(t, x, n64))[0], n64)
			checkSlice(t, "gradient", got, LSEGrad(x), 1e-12)
		})
	}
}
