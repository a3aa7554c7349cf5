package oracle

import (
	"fmt"
	"testing"
)

// gmmSpecInput is GRADBENCH.md §2.2's test vector input.
func gmmSpecInput() GMMInput {
	return GMMInput{
		D: 2, K: 2, N: 2, M: 0, Gamma: 1,
		X:     []float64{0.5, -1.0, 1.5, 0.25},
		Alpha: []float64{0.1, -0.2},
		Mu:    []float64{0.0, 0.5, 1.0, -0.5},
		Q:     []float64{0.2, -0.1, 0.0, 0.3},
		L:     []float64{0.4, -0.6},
	}
}

func TestGMMOracleSpecVector(t *testing.T) {
	in := gmmSpecInput()
	checkScalar(t, "objective", GMMObjective(in), -12.547699984998806, 1e-13)
	g := GMMGradient(in)
	checkSlice(t, "alpha", g.Alpha, []float64{-0.566167352703913, 0.5661673527039129}, 1e-13)
	checkSlice(t, "mu", g.Mu, []float64{0.6264981208944718, -0.3062927090361518, -0.11845701317562414, 0.42848468457431643}, 1e-13)
	checkSlice(t, "q", g.Q, []float64{-1.7809234229562376, -0.7881912744780161, 0.06296173931044624, -1.128956163233319}, 1e-13)
	checkSlice(t, "l", g.L, []float64{-0.3127411820818745, 0.20259008270308454}, 1e-13)
}

// gmmParamGrad checks one parameter block of the gradient by finite differences.
func gmmParamGrad(t *testing.T, in *GMMInput, name string, p *[]float64, got []float64) {
	t.Helper()
	orig := *p
	f := func(v []float64) float64 {
		*p = v
		defer func() { *p = orig }()
		return GMMObjective(*in)
	}
	checkSlice(t, name, got, centralDiff(f, orig), 1e-6)
}

func TestGMMOracleFiniteDifferences(t *testing.T) {
	for _, c := range []struct{ d, k, n, m int }{{2, 3, 5, 0}, {4, 2, 6, 2}, {3, 5, 4, 1}} {
		t.Run(fmt.Sprintf("d=%d,k=%d,n=%d,m=%d", c.d, c.k, c.n, c.m), func(t *testing.T) {
			in := GenGMM(c.d, c.k, c.n)
			in.M, in.Gamma = c.m, 0.7
			g := GMMGradient(in)
			gmmParamGrad(t, &in, "alpha", &in.Alpha, g.Alpha)
			gmmParamGrad(t, &in, "mu", &in.Mu, g.Mu)
			gmmParamGrad(t, &in, "q", &in.Q, g.Q)
			gmmParamGrad(t, &in, "l", &in.L, g.L)
		})
	}
}

func TestGMMProgram(t *testing.T) {
	for _, c := range []struct {
		d, k, n, m int
		gamma      float64
	}{{1, 2, 3, 0, 1}, {2, 2, 3, 0, 1}, {3, 4, 7, 1, 0.7}, {5, 3, 10, 0, 1.6}} {
		in := GenGMM(c.d, c.k, c.n)
		in.M, in.Gamma = c.m, c.gamma
		name := fmt.Sprintf("d=%d,k=%d,n=%d,m=%d,gamma=%v", c.d, c.k, c.n, c.m, c.gamma)
		t.Run("objective/"+name, func(t *testing.T) {
			got := scalarOf(t, run(t, "gmm", "objective", in.Args()...)[0])
			checkScalar(t, "objective", got, GMMObjective(in), 1e-12)
		})
		t.Run("jacobian/"+name, func(t *testing.T) {
			res := run(t, "gmm", "jacobian", in.Args()...)
			want := GMMGradient(in)
			d, k, tt := int64(in.D), int64(in.K), int64(in.D*(in.D-1)/2)
			checkSlice(t, "alpha", flatOf(t, res[0], k), want.Alpha, 1e-10)
			checkSlice(t, "mu", flatOf(t, res[1], k, d), want.Mu, 1e-10)
			checkSlice(t, "q", flatOf(t, res[2], k, d), want.Q, 1e-10)
			checkSlice(t, "l", flatOf(t, res[3], k, tt), want.L, 1e-10)
		})
	}
}
