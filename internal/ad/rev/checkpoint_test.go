package rev

import (
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// The body is not linear in a, so the return sweep needs every
// iteration's a.
const checkpointSrc = `
def step (x: f64) (a: f64) : f64 = a * 0.999999 + x * f64.cos a * 1e-6
def striped_f (n: i64) (x: f64) : f64 = #[stripmine(2)] loop a = x for _i < n do step x a
def plain_f (n: i64) (x: f64) : f64 = loop a = x for _i < n do step x a
entry striped (n: i64) (x: f64) = vjp (striped_f n) x 1
entry plain (n: i64) (x: f64) = vjp (plain_f n) x 1
entry primal (n: i64) (x: f64) = plain_f n x
`

// TestStripmineCheckpoints counts the checkpoints reverse mode keeps for
// a loop of 10^6 iterations: every checkpoint buffer is a Scratch
// statement, and in the stripmined loop nest at most one buffer per
// statement is live at a time (an inner loop's buffer is allocated and
// dropped within one iteration of the loop around it), so the sum over
// the statements of their largest buffer bounds the checkpoints kept.
// With #[stripmine(2)] that is about 2·sqrt(n); without, n.
func TestStripmineCheckpoints(t *testing.T) {
	const n = 1000000
	p := compile(t, checkpointSrc)
	nv := interp.ScalarValue(prim.IntValue(prim.I64, n))
	primal := func(x float64) float64 {
		res, err := p.Run("primal", []interp.Value{nv, sf(x)})
		if err != nil {
			t.Fatal(err)
		}
		return flat(res)[0]
	}
	const x, h = 0.5, 1.0 / (1 << 16)
	want := (primal(x+h) - primal(x-h)) / (2 * h)
	for _, tc := range []struct {
		entry    string
		min, max int64 // bounds on the checkpoints kept
	}{
		{"striped", 1000, 4000},
		{"plain", n, n + 1},
	} {
		largest := map[ir.VName]int64{}
		p.OnScratch(func(name ir.VName, elems int64) {
			largest[name] = max(largest[name], elems)
		})
		res, err := p.Run(tc.entry, []interp.Value{nv, sf(x)})
		p.OnScratch(nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.entry, err)
		}
		if got := flat(res)[0]; !closeTo(got, want, 1e-7) {
			t.Errorf("%s: derivative %.12g, finite difference %.12g", tc.entry, got, want)
		}
		var kept int64
		for _, e := range largest {
			kept += e
		}
		if kept < tc.min || kept > tc.max {
			t.Errorf("%s: %d checkpoints kept (%d buffers: %v), want between %d and %d", tc.entry, kept, len(largest), largest, tc.min, tc.max)
		} else {
			t.Logf("%s: %d checkpoints kept in %d buffers %v", tc.entry, kept, len(largest), largest)
		}
	}
}
