package rev

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
)

// TestVJPOfVJP checks the Hessian-vector products of every
// finite-difference program, by vjp of vjp, against finite differences of
// the gradient.
func TestVJPOfVJP(t *testing.T) {
	hessianFuncs := FDNames()
	var src strings.Builder
	src.WriteString(fdSource())
	for _, n := range hessianFuncs {
		fmt.Fprintf(&src, "entry %s_h [n] (xs: [n]f64) (y: f64) (vs: [n]f64) (vy: f64) = "+
			"vjp (\\(xs, y) -> let (gx, gy) = vjp (\\(xs, y) -> t_%s xs y) (xs, y) 1 in f64.sum (map2 (*) gx vs) + gy * vy) (xs, y) 1\n", n, n)
	}
	p := compile(t, src.String())
	rng := rand.New(rand.NewSource(5))
	for _, n := range hessianFuncs {
		xs, vs := make([]float64, 4), make([]float64, 4)
		for i := range xs {
			xs[i], vs[i] = 0.2+rng.Float64(), rng.Float64()*2-1
		}
		y, vy := 0.3+rng.Float64(), rng.Float64()*2-1
		args := []interp.Value{af(xs...), sf(y), af(vs...), sf(vy)}
		res, err := p.Run(n+"_h", args)
		if err != nil {
			t.Errorf("%s: %v", n, err)
			continue
		}
		got := flat(res)
		// Central differences of the gradient along (vs, vy).
		const h = 1e-5
		grad := func(s float64) []float64 {
			a := make([]float64, len(xs))
			for i := range xs {
				a[i] = xs[i] + s*vs[i]
			}
			g, err := p.Run(n+"_g", []interp.Value{af(a...), sf(y + s*vy)})
			if err != nil {
				t.Fatalf("%s: %v", n, err)
			}
			return flat(g)
		}
		gp, gm := grad(h), grad(-h)
		ok := len(got) == len(gp)
		for i := 0; ok && i < len(got); i++ {
			ok = closeTo(got[i], (gp[i]-gm[i])/(2*h), 1e-5)
		}
		if !ok {
			want := make([]float64, len(gp))
			for i := range gp {
				want[i] = (gp[i] - gm[i]) / (2 * h)
			}
			t.Errorf("%s: Hessian-vector product %v, finite differences of the gradient %v", n, got, want)
		}
	}
}
