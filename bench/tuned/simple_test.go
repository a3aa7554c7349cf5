package tuned

import (
	"fmt"
	"testing"

	"github.com/fluxion-lang/fluxion/bench/oracle"
)

func TestLSE(t *testing.T) {
	// GradBench's test vector, then the oracle at sizes around the unrolling.
	x := []float64{1, 2, 3}
	checkScalar(t, "primal", LSEPrimal(x), 3.4076059644443806, 1e-15)
	g := make([]float64, 3)
	LSEGradient(x, g)
	checkSlice(t, "gradient", g, []float64{0.09003057317038046, 0.24472847105479764, 0.6652409557748218}, 1e-15)
	for _, n := range []int{1, 2, 4, 5, 7, 100, 2500, 40001} {
		x := oracle.GenLSE(n)
		x[n/2] = 3 // the maximum is not always first
		checkScalar(t, fmt.Sprint("primal n=", n), LSEPrimal(x), oracle.LSE(x), 1e-13)
		g := make([]float64, n)
		LSEGradient(x, g)
		checkSlice(t, fmt.Sprint("gradient n=", n), g, oracle.LSEGrad(x), 1e-13)
		noAllocs(t, "lse", func() { LSEPrimal(x); LSEGradient(x, g) })
	}
	mustPanic(t, "empty", func() { LSEPrimal(nil) })
	mustPanic(t, "short gradient", func() { LSEGradient(x, g[:1]) })
}

func TestLLSQ(t *testing.T) {
	cases := []struct {
		x    []float64
		n    int
		want float64
		grad []float64
	}{
		{[]float64{1, 2, 3}, 4, 18.88888888888889, []float64{10.666666666666668, 1.7777777777777772, 8.296296296296296}},
		{[]float64{0.5, -0.25}, 3, 1.9375, []float64{1.5, -2.5}},
	}
	for _, c := range cases {
		checkScalar(t, fmt.Sprint("primal ", c.x), LLSQPrimal(c.x, c.n), c.want, 1e-14)
		g := make([]float64, len(c.x))
		LLSQGradient(c.x, c.n, g)
		checkSlice(t, fmt.Sprint("gradient ", c.x), g, c.grad, 1e-14)
	}
	for _, m := range []int{1, 3, 128} {
		x := oracle.GenLLSQ(m)
		for _, n := range []int{2, 5, 16, 1023} {
			checkScalar(t, fmt.Sprintf("primal m=%d n=%d", m, n), LLSQPrimal(x, n), oracle.LLSQPrimal(x, n), 1e-13)
			g := make([]float64, m)
			LLSQGradient(x, n, g)
			checkSlice(t, fmt.Sprintf("gradient m=%d n=%d", m, n), g, oracle.LLSQGradient(x, n), 1e-12)
			noAllocs(t, "llsq", func() { LLSQPrimal(x, n); LLSQGradient(x, n, g) })
		}
	}
	mustPanic(t, "n = 1", func() { LLSQPrimal([]float64{1}, 1) })
}

func TestODE(t *testing.T) {
	y := make([]float64, 3)
	ODEPrimal([]float64{0.5, 1, 2}, 2, y)
	checkSlice(t, "primal", y, []float64{1.0, 1.0, 1.3333333333333335}, 1e-15)
	var w ODEWork
	g := make([]float64, 3)
	ODEGradient([]float64{0.5, 1, 2}, 2, g, &w)
	checkSlice(t, "gradient", g, []float64{2.6666666666666665, 1.3333333333333333, 0.6666666666666666}, 1e-14)
	for _, n := range []int{1, 2, 3, 6, 1000} {
		for _, s := range []int{1, 3, 10} {
			x := oracle.GenODE(n)
			for i := range x {
				x[i] += 0.5 // larger factors, so that y_{n−1} is not negligible at small n
			}
			y := make([]float64, n)
			ODEPrimal(x, s, y)
			checkSlice(t, fmt.Sprintf("primal n=%d s=%d", n, s), y, oracle.ODEPrimal(x, s), 1e-13)
			g := make([]float64, n)
			ODEGradient(x, s, g, &w)
			checkSlice(t, fmt.Sprintf("gradient n=%d s=%d", n, s), g, oracle.ODEGradient(x, s), 1e-12)
			if n <= 6 {
				f := func(x []float64) float64 { ODEPrimal(x, s, y); return y[n-1] }
				checkSlice(t, fmt.Sprintf("gradient vs finite differences n=%d s=%d", n, s), g, centralDiff(f, x), 1e-7)
			}
			noAllocs(t, "ode", func() { ODEPrimal(x, s, y); ODEGradient(x, s, g, &w) })
		}
	}
}

func TestDet(t *testing.T) {
	cases := []struct {
		a    []float64
		ell  int
		want float64
		grad []float64
	}{
		{[]float64{2, 1, 0, 1, 3, 1, 0, 1, 4}, 3, 18, []float64{11, -4, 1, -4, 8, -2, 1, -2, 5}},
		{[]float64{-2.5}, 1, -2.5, []float64{1}},
		{[]float64{1, 2, 3, 4}, 2, -2, []float64{4, -3, -2, 1}},
		{[]float64{1, 2, 0, 1, 0, 1, 3, 2, 2, 0, 1, 1, 1, 1, 0, 2}, 4, 18, nil},
	}
	for _, c := range cases {
		checkScalar(t, fmt.Sprint("det ", c.a), DetPrimal(c.a, c.ell), c.want, 1e-14)
		if c.grad != nil {
			g := make([]float64, len(c.a))
			DetGradient(c.a, c.ell, g)
			checkSlice(t, fmt.Sprint("gradient ", c.a), g, c.grad, 1e-14)
		}
	}
	for _, ell := range []int{1, 2, 3, 4, 5, 7, 8} {
		a := oracle.GenDet(ell)
		checkScalar(t, fmt.Sprint("primal ell=", ell), DetPrimal(a, ell), oracle.Det(a, ell), 1e-12)
		g := make([]float64, ell*ell)
		DetGradient(a, ell, g)
		checkSlice(t, fmt.Sprint("gradient ell=", ell), g, oracle.DetGradient(a, ell), 1e-12)
		noAllocs(t, "det", func() { DetPrimal(a, ell); DetGradient(a, ell, g) })
	}
	mustPanic(t, "ell 0", func() { DetPrimal(nil, 0) })
	mustPanic(t, "wrong length", func() { DetPrimal([]float64{1, 2, 3}, 2) })
}

func TestKMeans(t *testing.T) {
	cases := []struct {
		points, centroids []float64
		d                 int
		cost              float64
		dir               []float64
	}{
		{[]float64{0, 0, 1, 0, 0, 1, 5, 5, 6, 5}, []float64{0.5, 0.5, 5, 5}, 2,
			2.5, []float64{0.16666666666666669, 0.16666666666666669, -0.5, 0}},
		{[]float64{0, 0, 1, 2, 0, 1, 2, 2, 2, 0, 4, 0}, []float64{1, 0, 1, 0, 3, 0, 2, 2, 2}, 3,
			3, []float64{0, 0, 0, 0, -1, 0, 0, 0, 0}},
		// Point 2 ties between both centroids and goes to the first.
		{[]float64{0, 2, 4}, []float64{1, 3}, 1, 3, []float64{0, -1}},
		// Ties inside a group of four centroids and across the group's end.
		{[]float64{0, 2, 4, 9, 11, 10}, []float64{1, 3, 8, 12, 10}, 1, 5, []float64{0, -1, -1, 1, 0}},
	}
	var w KMeansWork
	for i, c := range cases {
		checkScalar(t, fmt.Sprint("cost #", i), KMeansCost(c.points, c.centroids, c.d), c.cost, 1e-14)
		dir := make([]float64, len(c.centroids))
		KMeansDir(c.points, c.centroids, c.d, dir, &w)
		checkSlice(t, fmt.Sprint("dir #", i), dir, c.dir, 1e-14)
	}
	for _, s := range []struct{ k, n, d int }{{1, 5, 2}, {3, 40, 3}, {10, 1000, 8}, {101, 1000, 16}} {
		in := oracle.GenKMeans(s.k, s.n, s.d)
		name := fmt.Sprintf("k=%d n=%d d=%d", s.k, s.n, s.d)
		checkScalar(t, "cost "+name, KMeansCost(in.Points, in.Centroids, s.d), oracle.KMeansCost(in), 1e-12)
		dir := make([]float64, s.k*s.d)
		KMeansDir(in.Points, in.Centroids, s.d, dir, &w)
		checkSlice(t, "dir "+name, dir, oracle.KMeansDir(in), 1e-12)
		noAllocs(t, "kmeans", func() { KMeansCost(in.Points, in.Centroids, s.d); KMeansDir(in.Points, in.Centroids, s.d, dir, &w) })
	}
	mustPanic(t, "ragged points", func() { KMeansCost([]float64{1, 2, 3}, []float64{1, 2}, 2) })
}
