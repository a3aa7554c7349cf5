package ad

import (
	"fmt"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
)

// The zero-counting rules of * are exact at zeros but constant in the
// branches where an adjoint is zero, so a vjp that is differentiated again
// must not use them: the Hessian of x0*x1*x2 at (0, 2, 3) is
// [[0,3,2],[3,0,0],[2,0,0]], whose product with (1,1,1) is (5,3,2).
// Both forward over reverse and reverse over reverse are checked, for
// reduce and for reduce_by_index.
func TestSecondDerivativeAtZeros(t *testing.T) {
	const src = `
def prod (xs: [3]f64) = f64.product xs
def hprod (xs: [3]f64) = (hist (*) 1 1 [0, 0, 0] xs)[0]
def grad_prod (xs: [3]f64) = vjp prod xs 1
def grad_hprod (xs: [3]f64) = vjp hprod xs 1
entry fwd_rev (xs: [3]f64) (vs: [3]f64) = jvp grad_prod xs vs
entry rev_rev (xs: [3]f64) (vs: [3]f64) = vjp grad_prod xs vs
entry fwd_rev_hist (xs: [3]f64) (vs: [3]f64) = jvp grad_hprod xs vs
entry rev_rev_hist (xs: [3]f64) (vs: [3]f64) = vjp grad_hprod xs vs
entry grad (xs: [3]f64) = grad_prod xs
entry grad_hist (xs: [3]f64) = grad_hprod xs
`
	p := compileSource(t, src)
	xs, vs := af([]int64{3}, 0, 2, 3), af([]int64{3}, 1, 1, 1)
	for _, c := range []struct {
		entry string
		args  []interp.Value
		want  []float64
	}{
		{"grad", []interp.Value{xs}, []float64{6, 0, 0}},
		{"grad_hist", []interp.Value{xs}, []float64{6, 0, 0}},
		{"fwd_rev", []interp.Value{xs, vs}, []float64{5, 3, 2}},
		{"rev_rev", []interp.Value{xs, vs}, []float64{5, 3, 2}},
		{"fwd_rev_hist", []interp.Value{xs, vs}, []float64{5, 3, 2}},
		{"rev_rev_hist", []interp.Value{xs, vs}, []float64{5, 3, 2}},
	} {
		res := run(t, p, c.entry, c.args)
		var got []float64
		for _, v := range res {
			for _, x := range v.Arr.Data {
				got = append(got, x.Float())
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s at (0, 2, 3): got %v, want %v", c.entry, got, c.want)
		}
	}
}
