package rev_test

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ad"
	"github.com/fluxion-lang/fluxion/internal/ad/rev"
	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
)

// <J^T 1, dx> = <1, J dx> for the programs with in-place updates in ifs
// and loops: the vjp against forward mode, which updates no copies.
func TestInplaceDuality(t *testing.T) {
	var src strings.Builder
	src.WriteString(rev.InplaceSource())
	for _, name := range rev.InplaceNames() {
		fmt.Fprintf(&src, "entry %s_j [n] (xs: [n]f64) (y: f64) (dxs: [n]f64) (dy: f64) = jvp (\\(xs, y) -> t_%s xs y) (xs, y) (dxs, dy)\n", name, name)
	}
	p, err := pipeline.CompileSource("t.fut", []byte(src.String()), nil, pipeline.Options{After: "lower"})
	if err != nil {
		t.Fatal(err)
	}
	q, err := rev.Expand(p)
	if err != nil {
		t.Fatal(err)
	}
	if q, err = ad.Expand(q); err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(q); err != nil {
		t.Fatal(err)
	}
	c, err := interp.Compile(q)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(23))
	for _, name := range rev.InplaceNames() {
		for trial := 0; trial < 3; trial++ {
			n := 6
			xs, dxs := make([]float64, n), make([]float64, n)
			for i := range xs {
				xs[i], dxs[i] = 0.2+rng.Float64(), rng.Float64()*2-1
			}
			y, dy := 0.3+rng.Float64(), rng.Float64()*2-1
			g, err := c.Run(name+"_g", []interp.Value{vec(xs), num(y)})
			if err != nil {
				t.Errorf("%s vjp: %v", name, err)
				break
			}
			j, err := c.Run(name+"_j", []interp.Value{vec(xs), num(y), vec(dxs), num(dy)})
			if err != nil {
				t.Errorf("%s jvp: %v", name, err)
				break
			}
			dot := g[1].Scalar.Float() * dy
			for i, x := range g[0].Arr.Data {
				dot += x.Float() * dxs[i]
			}
			want := j[0].Scalar.Float()
			if math.Abs(dot-want) > 1e-9*math.Max(1, math.Abs(want)) {
				t.Errorf("%s at xs=%v y=%v: <J^T 1, dx> = %v, <1, J dx> = %v", name, xs, y, dot, want)
			}
		}
	}
}
