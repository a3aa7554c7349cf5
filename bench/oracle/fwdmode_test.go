package oracle

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// The programs of bench/fwdmode against the hand-written Go versions,
// compiled with and without fast math (which changes what the rewrites
// after AD may do, not the results on these inputs).
func runFwdmode(t *testing.T, file, entry string, fast bool, args ...values.Value) []values.Value {
	t.Helper()
	p, err := pipeline.CompileFile(filepath.Join("..", "fwdmode", file+".fut"), pipeline.Options{FastMath: fast})
	if err != nil {
		t.Fatal(err)
	}
	c, err := interp.Compile(p)
	if err != nil {
		t.Fatal(err)
	}
	iargs, err := interp.FromValues(args)
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Run(entry, iargs)
	if err != nil {
		t.Fatalf("%s.%s: %v", file, entry, err)
	}
	return interp.ToValues(res)
}

func TestNNMFProgram(t *testing.T) {
	// The hand-checked rank-one example.
	checkScalar(t, "nnmf", NNMF([]float64{1, 2}, []float64{0.5, 1, 2}, []float64{1, 2, 3, 4, 5, 6}), 15.579441541679836, 1e-14)
	checkSlice(t, "dnnmf/dv", NNMFGradV([]float64{1, 2}, []float64{0.5, 1, 2}, []float64{1, 2, 3, 4, 5, 6}), []float64{-8, -2.5, -0.5}, 1e-14)
	m, n := 7, 9
	u, v, a := GenNNMF(m, n)
	want := NNMFGradV(u, v, a)
	checkSlice(t, "hand vs finite differences", want, centralDiff(func(v []float64) float64 { return NNMF(u, v, a) }, v), 1e-6)
	args := []values.Value{arr(t, u, int64(m)), arr(t, v, int64(n)), arr(t, a, int64(m), int64(n))}
	for _, fast := range []bool{false, true} {
		for _, e := range []string{"fwd_g", "rev_g", "hand_f"} {
			t.Run(fmt.Sprintf("%s/fast=%v", e, fast), func(t *testing.T) {
				checkSlice(t, e, flatOf(t, runFwdmode(t, "nnmf", e, fast, args...)[0], int64(n)), want, 1e-10)
			})
		}
	}
}

func TestProjectProgram(t *testing.T) {
	n := 12
	cam, xs := GenProject(n)
	want := ProjectJacobian(cam, xs)
	args := []values.Value{arr(t, cam, 11), arr(t, xs, int64(n), 3)}
	for _, fast := range []bool{false, true} {
		t.Run(fmt.Sprintf("primal/fast=%v", fast), func(t *testing.T) {
			got := flatOf(t, runFwdmode(t, "project", "primal", fast, args...)[0], int64(n), 2)
			for p := range n {
				y := Project(cam, xs[3*p:3*p+3])
				checkSlice(t, fmt.Sprintf("project point %d", p), got[2*p:2*p+2], y[:], 1e-12)
			}
		})
		for _, e := range []string{"jac_f", "jac_g"} {
			t.Run(fmt.Sprintf("%s/fast=%v", e, fast), func(t *testing.T) {
				checkSlice(t, e, flatOf(t, runFwdmode(t, "project", e, fast, args...)[0], int64(n), 2, 11), want, 1e-9)
			})
		}
	}
}
