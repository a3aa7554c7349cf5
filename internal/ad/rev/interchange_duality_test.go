package rev_test

import (
	"math"
	"math/rand"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ad/rev"
	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
)

// <c, J (dx, dy)> = <J^T c, (dx, dy)> for the programs whose vjps sum
// through interchanged nests, compiled by the whole pipeline (simplified
// before and after differentiation), at random sizes.
func TestInterchangeDuality(t *testing.T) {
	p, err := pipeline.CompileSource("t.fut", []byte(rev.NestSource()), nil, pipeline.Options{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	c, err := interp.Compile(p)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(23))
	for _, prog := range rev.NestProgs {
		for trial := 0; trial < 5; trial++ {
			xs, ys, cs, val := rev.NestInputs(rng, prog)
			dxs, dys := make([]float64, len(xs)), make([]float64, len(ys))
			for i := range dxs {
				dxs[i] = rng.Float64()*2 - 1
			}
			for i := range dys {
				dys[i] = rng.Float64()*2 - 1
			}
			x, y, cv := val(prog.X, xs), val(prog.Y, ys), val(prog.Out[:], cs)
			g, err := c.Run(prog.Name+"_g", []interp.Value{x, y, cv})
			if err != nil {
				t.Fatalf("%s vjp: %v", prog.Name, err)
			}
			j, err := c.Run(prog.Name+"_j", []interp.Value{x, y, cv, val(prog.X, dxs), val(prog.Y, dys)})
			if err != nil {
				t.Fatalf("%s jvp: %v", prog.Name, err)
			}
			lhs := 0.0
			for i, v := range j[0].Arr.Data {
				lhs += cs[i] * v.Float()
			}
			rhs := 0.0
			for k, d := range [][]float64{dxs, dys} {
				if g[k].Arr == nil {
					rhs += g[k].Scalar.Float() * d[0]
					continue
				}
				for i, v := range g[k].Arr.Data {
					rhs += v.Float() * d[i]
				}
			}
			if math.Abs(lhs-rhs) > 1e-10*math.Max(1, math.Abs(lhs)) {
				t.Errorf("%s: <c, J d> = %v, <J^T c, d> = %v", prog.Name, lhs, rhs)
			}
		}
	}
}
