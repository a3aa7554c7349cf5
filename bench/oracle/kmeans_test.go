package oracle

import (
	"fmt"
	"testing"
)

func TestKMeansOracle(t *testing.T) {
	cases := []struct {
		in   KMeansInput
		cost float64
		dir  []float64
	}{
		// GRADBENCH.md §2.6 test vector.
		{KMeansInput{N: 5, K: 2, D: 2, Points: []float64{0, 0, 1, 0, 0, 1, 5, 5, 6, 5}, Centroids: []float64{0.5, 0.5, 5, 5}},
			2.5, []float64{0.16666666666666669, 0.16666666666666669, -0.5, 0}},
		// Worked by hand: p0, p1 -> c0; p2 -> c2; p3 -> c1.
		{KMeansInput{N: 4, K: 3, D: 3, Points: []float64{0, 0, 1, 2, 0, 1, 2, 2, 2, 0, 4, 0}, Centroids: []float64{1, 0, 1, 0, 3, 0, 2, 2, 2}},
			3, []float64{0, 0, 0, 0, -1, 0, 0, 0, 0}},
		// The point 2 ties between both centroids and goes to the first.
		{KMeansInput{N: 3, K: 2, D: 1, Points: []float64{0, 2, 4}, Centroids: []float64{1, 3}},
			3, []float64{0, -1}},
	}
	for i, c := range cases {
		checkScalar(t, fmt.Sprint("cost #", i), KMeansCost(c.in), c.cost, 1e-14)
		checkSlice(t, fmt.Sprint("dir #", i), KMeansDir(c.in), c.dir, 1e-14)
	}
	in := GenKMeans(4, 30, 3)
	g, h := KMeansGradHess(in)
	f := func(c []float64) float64 { in2 := in; in2.Centroids = c; return KMeansCost(in2) }
	checkSlice(t, "gradient vs finite differences", g, centralDiff(f, in.Centroids), 1e-7)
	gradAt := func(c []float64, idx int) float64 {
		in2 := in
		in2.Centroids = c
		g, _ := KMeansGradHess(in2)
		return g[idx]
	}
	for idx := range h {
		fd := centralDiff(func(c []float64) float64 { return gradAt(c, idx) }, in.Centroids)[idx]
		checkScalar(t, fmt.Sprint("hessian diagonal ", idx), h[idx], fd, 1e-6)
	}
}

func TestKMeansProgram(t *testing.T) {
	for _, c := range []struct{ k, n, d int }{{1, 1, 1}, {2, 3, 1}, {3, 20, 2}, {5, 40, 4}} {
		in := GenKMeans(c.k, c.n, c.d)
		if c.k == 2 && c.n == 3 {
			// A tie: point 2 is as near to both centroids and belongs to the first.
			in = KMeansInput{N: 3, K: 2, D: 1, Points: []float64{0, 2, 4}, Centroids: []float64{1, 3}}
		}
		name := fmt.Sprintf("k=%d,n=%d,d=%d", c.k, c.n, c.d)
		t.Run("cost/"+name, func(t *testing.T) {
			got := scalarOf(t, run(t, "kmeans", "cost", in.Args()...)[0])
			checkScalar(t, "cost", got, KMeansCost(in), 1e-12)
		})
		t.Run("dir/"+name, func(t *testing.T) {
			got := flatOf(t, run(t, "kmeans", "dir", in.Args()...)[0], int64(c.k), int64(c.d))
			checkSlice(t, "dir", got, KMeansDir(in), 1e-12)
		})
	}
}
