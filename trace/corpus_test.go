package trace_test

import (
	"math"
	"testing"

	"github.com/fluxion-lang/fluxion/rad"
	"github.com/fluxion-lang/fluxion/trace"
	"github.com/fluxion-lang/fluxion/trace/internal/corpus"
)

func centralDiff(f func([]float64) float64, x []float64) []float64 {
	g := make([]float64, len(x))
	xx := append([]float64(nil), x...)
	for i := range x {
		h := 1e-6 * max(1, math.Abs(x[i]))
		xx[i] = x[i] + h
		fp := f(xx)
		xx[i] = x[i] - h
		fm := f(xx)
		xx[i] = x[i]
		g[i] = (fp - fm) / (2 * h)
	}
	return g
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol*max(1, math.Abs(b)) }

// TestCorpus checks every function of the corpus: its traced value against
// plain Go, its gradient against central differences of plain Go and
// against package rad's, and the same bits with any number of workers.
func TestCorpus(t *testing.T) {
	for _, c := range corpus.Cases(corpus.Small) {
		t.Run(c.Name, func(t *testing.T) {
			v, g, err := trace.Config{Workers: 1}.Grad(c.Trace, c.X)
			if err != nil {
				t.Fatal(err)
			}
			if want := c.Plain(c.X); !near(v, want, 1e-12) {
				t.Errorf("value %v, plain Go %v", v, want)
			}
			fd := centralDiff(c.Plain, c.X)
			_, rg, err := rad.Grad(c.Rad, c.X)
			if err != nil {
				t.Fatal(err)
			}
			for i := range g {
				if !near(g[i], fd[i], 1e-5) {
					t.Errorf("d/dx[%d] = %v, finite differences %v", i, g[i], fd[i])
				}
				if !near(g[i], rg[i], 1e-10) {
					t.Errorf("d/dx[%d] = %v, rad %v", i, g[i], rg[i])
				}
			}
			for _, w := range []int{2, 4} {
				v2, g2, err := trace.Config{Workers: w}.Grad(c.Trace, c.X)
				if err != nil {
					t.Fatal(err)
				}
				if math.Float64bits(v2) != math.Float64bits(v) {
					t.Errorf("%d workers: value %v, 1 worker %v", w, v2, v)
				}
				for i := range g {
					if math.Float64bits(g2[i]) != math.Float64bits(g[i]) {
						t.Fatalf("%d workers: d/dx[%d] = %v, 1 worker %v", w, i, g2[i], g[i])
					}
				}
			}
			tr, err := trace.RecordScalar(c.Trace, c.X)
			if err != nil {
				t.Fatal(err)
			}
			if b, at := tr.Branches(); b != c.Branches {
				t.Errorf("Branches() = %v (%s), want %v", b, at, c.Branches)
			}
		})
	}
}
