package ad

import (
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
)

// The bundle-adjustment projection (Rodrigues rotation, radial
// distortion) of AD-NOTES.md, with its Jacobian with respect to the
// camera by jmp over one-hot seeds, checked against central differences.
const baProgram = `
def dot (a: [3]f64) (b: [3]f64) = a[0]*b[0] + a[1]*b[1] + a[2]*b[2]
def cross (a: [3]f64) (b: [3]f64) : [3]f64 =
  [a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]]
def rodrigues (rot: [3]f64) (x: [3]f64) : [3]f64 =
  let sqtheta = dot rot rot
  in if sqtheta != 0 then
       let theta = f64.sqrt sqtheta
       let c = f64.cos theta
       let s = f64.sin theta
       let w = map (\r -> r / theta) rot
       let wx = cross w x
       let tmp = dot w x * (1 - c)
       in map3 (\xi wxi wi -> xi * c + wxi * s + wi * tmp) x wx w
     else map2 (+) x (cross rot x)
def project (cam: [11]f64) (x: [3]f64) : [2]f64 =
  let xc = rodrigues cam[0:3] (map2 (-) x cam[3:6])
  let p = [xc[0] / xc[2], xc[1] / xc[2]]
  let rsq = p[0]*p[0] + p[1]*p[1]
  let l = 1 + cam[9] * rsq + cam[10] * rsq * rsq
  in [p[0] * l * cam[6] + cam[7], p[1] * l * cam[6] + cam[8]]
def eye n = tabulate_2d n n (\i j -> if i == j then 1f64 else 0)
entry proj (cam: [11]f64) (x: [3]f64) = project cam x
entry jac (cam: [11]f64) (x: [3]f64) = jmp (\c -> project c x) cam (eye 11)
`

func TestBundleAdjustmentProjection(t *testing.T) {
	p := compileSource(t, baProgram)
	cam := af([]int64{11}, 0.1, 0.2, 0.3, 0, 0, -5, 2, 0.5, 0.25, 0.01, 0.001)
	x := af([]int64{3}, 1, 2, 3)
	got := leaves(run(t, p, "proj", []interp.Value{cam, x})[0])
	want := []float64{1.0213733064068522, 0.6719480981174948}
	for i := range want {
		if !closeTo(got[i].Float(), want[i], 1e-12) {
			t.Fatalf("projection %v, want %v", got, want)
		}
	}
	jac := leaves(run(t, p, "jac", []interp.Value{cam, x})[0]) // [11][2]
	for k := 0; k < 11; k++ {
		e := make([]float64, 11)
		e[k] = 1
		dir := af([]int64{11}, e...)
		plus := leaves(run(t, p, "proj", []interp.Value{axpy(cam, fdStep, dir), x})[0])
		minus := leaves(run(t, p, "proj", []interp.Value{axpy(cam, -fdStep, dir), x})[0])
		for i := 0; i < 2; i++ {
			fd := (plus[i].Float() - minus[i].Float()) / (2 * fdStep)
			if g := jac[2*k+i].Float(); !closeTo(g, fd, fdTol) {
				t.Errorf("d proj[%d] / d cam[%d] = %v, finite difference %v", i, k, g, fd)
			}
		}
	}
}
