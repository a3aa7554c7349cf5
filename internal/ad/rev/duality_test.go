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
	"github.com/fluxion-lang/fluxion/internal/prim"
)

func vec(xs []float64) interp.Value {
	a := interp.NewArray(prim.F64, []int64{int64(len(xs))})
	for i, x := range xs {
		a.Data[i] = prim.FloatValue(prim.F64, x)
	}
	return interp.ArrayValue(a)
}

func num(x float64) interp.Value { return interp.ScalarValue(prim.FloatValue(prim.F64, x)) }

// compileAll lowers src, expands its vjps (package rev) and then its jvps
// (package ad), verifies the result and prepares it for the interpreter.
func compileAll(t *testing.T, src string) *interp.Program {
	t.Helper()
	p, err := pipeline.CompileSource("t.fut", []byte(src), nil, pipeline.Options{After: "lower"})
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
	return c
}

// checkDuality checks <J^T 1, (dxs, dy)> = <1, J (dxs, dy)> at (xs, y)
// for the entry points name_g (the vjp at seed 1) and name_j (the jvp)
// of c, reporting a failure; false means an entry point did not run.
func checkDuality(t *testing.T, c *interp.Program, name string, xs []float64, y float64, dxs []float64, dy float64) bool {
	t.Helper()
	g, err := c.Run(name+"_g", []interp.Value{vec(xs), num(y)})
	if err != nil {
		t.Errorf("%s vjp: %v", name, err)
		return false
	}
	j, err := c.Run(name+"_j", []interp.Value{vec(xs), num(y), vec(dxs), num(dy)})
	if err != nil {
		t.Errorf("%s jvp: %v", name, err)
		return false
	}
	dot := g[1].Scalar.Float() * dy
	for i, x := range g[0].Arr.Data {
		dot += x.Float() * dxs[i]
	}
	if want := j[0].Scalar.Float(); math.Abs(dot-want) > 1e-9*math.Max(1, math.Abs(want)) {
		t.Errorf("%s at xs=%v y=%v: <J^T 1, dx> = %v, <1, J dx> = %v", name, xs, y, dot, want)
	}
	return true
}

// TestDualityWithForwardMode checks <ybar, J xdot> = <J^T ybar, xdot>:
// the gradient from vjp dotted with a random direction equals jvp along it.
func TestDualityWithForwardMode(t *testing.T) {
	var src strings.Builder
	src.WriteString(rev.FDSource())
	for _, name := range rev.FDNames() {
		fmt.Fprintf(&src, "entry %s_j [n] (xs: [n]f64) (y: f64) (dxs: [n]f64) (dy: f64) = jvp (\\(xs, y) -> t_%s xs y) (xs, y) (dxs, dy)\n", name, name)
	}
	c := compileAll(t, src.String())
	rng := rand.New(rand.NewSource(11))
	for _, name := range rev.FDNames() {
		xs, dxs := make([]float64, 4), make([]float64, 4)
		for i := range xs {
			xs[i], dxs[i] = 0.2+rng.Float64(), rng.Float64()*2-1
		}
		y, dy := 0.3+rng.Float64(), rng.Float64()*2-1
		if !checkDuality(t, c, name, xs, y, dxs, dy) {
			continue
		}
	}
}

// TestForwardOverReverse is the k-means vector of AD-NOTES.md: the
// gradient by vjp and the (diagonal) Hessian by jvp of vjp.
func TestForwardOverReverse(t *testing.T) {
	src := `
def cost [n][k] (points: [n]f64) (centres: [k]f64) =
  f64.sum (map (\p -> f64.minimum (map (\c -> (p - c) * (p - c)) centres)) points)
entry kcost (p: []f64) (c: []f64) = cost p c
entry kgrad (p: []f64) (c: []f64) = vjp (cost p) c 1
entry khess (p: []f64) (c: []f64) = jvp (\c -> vjp (cost p) c 1) c (map (const 1) c)
`
	c := compileAll(t, src)
	args := []interp.Value{vec([]float64{0, 2, 10}), vec([]float64{1, 9})}
	for _, tc := range []struct {
		entry string
		want  []float64
	}{{"kcost", []float64{3}}, {"kgrad", []float64{0, -2}}, {"khess", []float64{4, 2}}} {
		res, err := c.Run(tc.entry, args)
		if err != nil {
			t.Fatalf("%s: %v", tc.entry, err)
		}
		var got []float64
		if res[0].Arr != nil {
			for _, x := range res[0].Arr.Data {
				got = append(got, x.Float())
			}
		} else {
			got = append(got, res[0].Scalar.Float())
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s = %v, want %v", tc.entry, got, tc.want)
		}
	}
}
