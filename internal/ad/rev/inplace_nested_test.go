package rev_test

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ad/rev"
	"github.com/fluxion-lang/fluxion/internal/interp"
)

// The code of a vjp with in-place updates in ifs, differentiated again:
// g(xs, y) = <grad t (xs, y), w> by vjp of vjp and by jvp of vjp,
// against central finite differences of g.
func TestInplaceSecondOrder(t *testing.T) {
	names := []string{"if_chain", "if_nested", "if_local_index", "top_if_restore", "top_if_two", "map_if", "loop_if_two", "while_if"}
	var src strings.Builder
	src.WriteString(rev.InplaceSource())
	for _, name := range names {
		fmt.Fprintf(&src, "def g_%s [n] (xs: [n]f64) (y: f64) : f64 = let (dxs, dy) = vjp (\\(xs, y) -> t_%s xs y) (xs, y) 1 in f64.sum (map2 (*) dxs (map (\\i -> f64.i64 i + 1) (iota n))) + dy * 0.5\n", name, name)
		fmt.Fprintf(&src, "entry %s_gf [n] (xs: [n]f64) (y: f64) : f64 = g_%s xs y\n", name, name)
		fmt.Fprintf(&src, "entry %s_gg [n] (xs: [n]f64) (y: f64) = vjp (\\(xs, y) -> g_%s xs y) (xs, y) 1\n", name, name)
		fmt.Fprintf(&src, "entry %s_gj [n] (xs: [n]f64) (y: f64) (dxs: [n]f64) (dy: f64) = jvp (\\(xs, y) -> g_%s xs y) (xs, y) (dxs, dy)\n", name, name)
	}
	c := compileAll(t, src.String())
	rng := rand.New(rand.NewSource(31))
	for _, name := range names {
		n := 5
		xs, dxs := make([]float64, n), make([]float64, n)
		for i := range xs {
			xs[i], dxs[i] = 0.2+rng.Float64(), rng.Float64()*2-1
		}
		y, dy := 0.3+rng.Float64(), rng.Float64()*2-1
		eval := func(xs []float64, y float64) float64 {
			r, err := c.Run(name+"_gf", []interp.Value{vec(xs), num(y)})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			return r[0].Scalar.Float()
		}
		const h = 1e-6
		var fd []float64
		for i := range xs {
			a := append([]float64{}, xs...)
			b := append([]float64{}, xs...)
			a[i] += h
			b[i] -= h
			fd = append(fd, (eval(a, y)-eval(b, y))/(2*h))
		}
		fd = append(fd, (eval(xs, y+h)-eval(xs, y-h))/(2*h))
		g, err := c.Run(name+"_gg", []interp.Value{vec(xs), num(y)})
		if err != nil {
			t.Errorf("%s vjp of vjp: %v", name, err)
			continue
		}
		var got []float64
		for _, v := range g[0].Arr.Data {
			got = append(got, v.Float())
		}
		got = append(got, g[1].Scalar.Float())
		dot, want := 0.0, 0.0
		for i := range got {
			if math.Abs(got[i]-fd[i]) > 1e-5*math.Max(1, math.Abs(fd[i])) {
				t.Errorf("%s: vjp of vjp %v, finite differences %v", name, got, fd)
				break
			}
		}
		for i := range xs {
			dot += got[i] * dxs[i]
		}
		dot += got[n] * dy
		j, err := c.Run(name+"_gj", []interp.Value{vec(xs), num(y), vec(dxs), num(dy)})
		if err != nil {
			t.Errorf("%s jvp of vjp: %v", name, err)
			continue
		}
		want = j[0].Scalar.Float()
		if math.Abs(dot-want) > 1e-9*math.Max(1, math.Abs(want)) {
			t.Errorf("%s: jvp of vjp %v, vjp of vjp dotted %v", name, want, dot)
		}
	}
}
