package tuned

import (
	"math"
	"testing"
)

// near reports whether a and b agree to tol, relative above magnitude 1.
func near(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

func checkScalar(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if !near(got, want, tol) {
		t.Errorf("%s = %.17g, want %.17g", what, got, want)
	}
}

func checkSlice(t *testing.T, what string, got, want []float64, tol float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: length %d, want %d", what, len(got), len(want))
	}
	bad := 0
	for i := range got {
		if !near(got[i], want[i], tol) {
			if bad < 5 {
				t.Errorf("%s[%d] = %.17g, want %.17g", what, i, got[i], want[i])
			}
			bad++
		}
	}
	if bad > 5 {
		t.Errorf("%s: %d mismatches in all", what, bad)
	}
}

// centralDiff is the central finite-difference gradient of f at x.
func centralDiff(f func([]float64) float64, x []float64) []float64 {
	g := make([]float64, len(x))
	y := append([]float64(nil), x...)
	for i := range x {
		h := 1e-6 * math.Max(1, math.Abs(x[i]))
		y[i] = x[i] + h
		fp := f(y)
		y[i] = x[i] - h
		fm := f(y)
		y[i] = x[i]
		g[i] = (fp - fm) / (2 * h)
	}
	return g
}

// noAllocs checks that f, run once to size its work memory, then
// allocates nothing.
func noAllocs(t *testing.T, what string, f func()) {
	t.Helper()
	f()
	if n := testing.AllocsPerRun(3, f); n != 0 {
		t.Errorf("%s: %v allocations per call in the steady state, want 0", what, n)
	}
}

// mustPanic checks that f panics: kernels reject inconsistent lengths.
func mustPanic(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s: no panic", what)
		}
	}()
	f()
}
