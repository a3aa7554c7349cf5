package oracle

import (
	"math"
	"testing"
)

// The paper's test vector, and the hand-written Jacobian against central
// differences of Project.
func TestProject(t *testing.T) {
	cam := []float64{0.1, 0.2, 0.3, 0, 0, -5, 2, 0.5, 0.25, 0.01, 0.001}
	got := Project(cam, []float64{1, 2, 3})
	want := [2]float64{1.0213733064068522, 0.6719480981174948}
	for k := range got {
		if math.Abs(got[k]-want[k]) > 1e-14 {
			t.Errorf("project = %v, want %v", got, want)
		}
	}
	rcam, xs := GenProject(50)
	for _, c := range [][]float64{cam, rcam} {
		jac := ProjectJacobian(c, xs)
		for p := range 50 {
			x := xs[3*p : 3*p+3]
			for i := range 11 {
				h := 1e-6
				cp := append([]float64(nil), c...)
				cm := append([]float64(nil), c...)
				cp[i] += h
				cm[i] -= h
				fp, fm := Project(cp, x), Project(cm, x)
				for r := range 2 {
					fd := (fp[r] - fm[r]) / (2 * h)
					// rounding in f is about 1e-16 |f|, divided by h
					tol := 1e-6*math.Max(1, math.Abs(fd)) + 1e-9*math.Abs(fp[r])/h
					if j := jac[22*p+11*r+i]; math.Abs(j-fd) > tol {
						t.Fatalf("point %d: d project[%d] / d cam[%d] = %v, finite differences %v", p, r, i, j, fd)
					}
				}
			}
		}
	}
}
