package oracle

import (
	"fmt"
	"slices"
	"testing"
)

func TestBAOracle(t *testing.T) {
	// GRADBENCH.md §2.3 test vector (ba1) on a prefix of the problem; every
	// block is the same, so the observation count does not change the values.
	c := GenBA(49, 7776, 31843)
	b := c.Expand()
	reproj, werr := BAObjective(BAProblem{N: 49, M: 7776, P: 3, Cams: b.Cams, X: b.X, W: b.W[:3], Obs: b.Obs[:6], Feats: b.Feats[:6]})
	checkSlice(t, "reproj", reproj[:2], []float64{0.10133583791450886, -0.06896776592424401}, 1e-9)
	checkScalar(t, "w_err", werr[2], 0.826092651516, 1e-12)
	small := BAProblem{N: 49, M: 7776, P: 31843, Cams: b.Cams, X: b.X, W: b.W, Obs: b.Obs, Feats: b.Feats}
	// Restrict the Jacobian to the first observation's block but keep p for the column numbers.
	rows, cols, vals := BAJacobian(BAProblem{N: small.N, M: small.M, P: 1, Cams: small.Cams, X: small.X, W: small.W, Obs: small.Obs, Feats: small.Feats})
	if !slices.Equal(rows, []int32{0, 15, 30, 31}) {
		t.Errorf("rows = %v", rows)
	}
	wantCols := []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 539, 540, 541, 23867}
	if !slices.Equal(cols[:15], wantCols) || !slices.Equal(cols[15:30], wantCols) {
		t.Errorf("cols = %v", cols)
	}
	checkSlice(t, "vals head", vals[:3], []float64{-461.4463210015993, 178.8679280144455, -19.423916472206248}, 1e-6)
	checkScalar(t, "vals[14]", vals[14], 0.24299878163378708, 1e-6)
	checkScalar(t, "vals[29]", vals[29], -0.16538160078960118, 1e-6)
	checkScalar(t, "vals[30]", vals[30], -0.834044, 1e-12)
	// ∂/∂w is exactly proj − φ = reproj / w.
	checkScalar(t, "d/dw", vals[14], reproj[0]/b.W[0], 1e-7)

	// The s = 0 branch of the rotation is r × Y + Y.
	z := baRotate([3]float64{}, [3]float64{1, 2, 3})
	if z != [3]float64{1, 2, 3} {
		t.Errorf("rotate by zero = %v", z)
	}
	// A rotation by π/2 about z maps x to y.
	z = baRotate([3]float64{0, 0, 1.5707963267948966}, [3]float64{1, 0, 0})
	checkSlice(t, "rotate", z[:], []float64{0, 1, 0}, 1e-15)

	// Full CSR structure of an expanded problem.
	e := GenBA(3, 5, 7).Expand()
	rows, cols, _ = BAJacobian(e)
	if len(rows) != 22 || rows[14] != 210 || rows[15] != 211 || rows[21] != 217 || len(cols) != 217 {
		t.Errorf("rows = %v, len(cols) = %d", rows, len(cols))
	}
	if cols[216] != 33+15+6 || cols[15*2*4] != 11*(4%3) || cols[15*2*4+11] != 33+3*(4%5) {
		t.Errorf("cols = %v", cols)
	}
}

func TestBAProgram(t *testing.T) {
	for _, c := range []struct{ n, m, p int }{{1, 1, 1}, {2, 3, 5}, {3, 4, 9}} {
		b := GenBAVaried(c.n, c.m, c.p)
		name := fmt.Sprintf("n=%d,m=%d,p=%d", c.n, c.m, c.p)
		t.Run("objective/"+name, func(t *testing.T) {
			res := run(t, "ba", "objective", b.Args()...)
			reproj, werr := BAObjective(b)
			checkSlice(t, "reproj", flatOf(t, res[0], int64(c.p), 2), reproj, 1e-12)
			checkSlice(t, "w_err", flatOf(t, res[1], int64(c.p)), werr, 1e-12)
		})
		t.Run("jacobian/"+name, func(t *testing.T) {
			res := run(t, "ba", "jacobian", b.Args()...)
			rows, cols, vals := BAJacobian(b)
			if got := res[0].I32(); !slices.Equal(got, rows) {
				t.Errorf("rows = %v, want %v", got, rows)
			}
			if got := res[1].I32(); !slices.Equal(got, cols) {
				t.Errorf("cols = %v, want %v", got, cols)
			}
			checkSlice(t, "vals", flatOf(t, res[2], int64(len(vals))), vals, 1e-6)
		})
	}
}
