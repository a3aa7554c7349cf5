package oracle

import (
	"fmt"
	"testing"
)

func TestDetOracle(t *testing.T) {
	cases := []struct {
		a    []float64
		ell  int
		want float64
		grad []float64
	}{
		// GRADBENCH.md §2.10 test vector.
		{[]float64{2, 1, 0, 1, 3, 1, 0, 1, 4}, 3, 18, []float64{11, -4, 1, -4, 8, -2, 1, -2, 5}},
		{[]float64{-2.5}, 1, -2.5, []float64{1}},
		{[]float64{1, 2, 3, 4}, 2, -2, []float64{4, -3, -2, 1}},
		// Checked independently by summing signed products over all 24 permutations.
		{[]float64{1, 2, 0, 1, 0, 1, 3, 2, 2, 0, 1, 1, 1, 1, 0, 2}, 4, 18, nil},
	}
	for _, c := range cases {
		checkScalar(t, fmt.Sprint("det", c.a), Det(c.a, c.ell), c.want, 1e-14)
		if c.grad != nil {
			checkSlice(t, fmt.Sprint("gradient", c.a), DetGradient(c.a, c.ell), c.grad, 1e-14)
		}
	}
	a := GenDet(5)
	f := func(a []float64) float64 { return Det(a, 5) }
	checkSlice(t, "gradient vs finite differences", DetGradient(a, 5), centralDiff(f, a), 1e-7)
}

func TestDetProgram(t *testing.T) {
	for _, ell := range []int{1, 2, 4} {
		a := GenDet(ell)
		n := int64(ell * ell)
		t.Run(fmt.Sprint("primal/ell=", ell), func(t *testing.T) {
			got := scalarOf(t, run(t, "det", "primal", i64s(int64(ell)), arr(t, a, n))[0])
			checkScalar(t, "primal", got, Det(a, ell), 1e-12)
		})
		t.Run(fmt.Sprint("gradient/ell=", ell), func(t *testing.T) {
			got := flatOf(t, run(t, "det", "gradient", i64s(int64(ell)), arr(t, a, n))[0], n)
			checkSlice(t, "gradient", got, DetGradient(a, ell), 1e-12)
		})
	}
}
