package opt_test

import (
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ir"
)

// accMaps counts the maps of f that take accumulators, at any depth.
func accMaps(f *ir.Func) int {
	return countExps(f, func(e ir.Exp) bool {
		if m, ok := e.(*ir.Map); ok {
			for _, p := range m.F.Params {
				if p.Type.Acc {
					return true
				}
			}
		}
		return false
	})
}

// Reverse mode adds the adjoints of a map's free arrays into accumulators
// in maps of their own after the map that computes them (one per array,
// over the same rows); fusion makes them one map with the map that
// computes the rows, which threads every accumulator through. The
// results are the same as those of the unfused program (small integers,
// so the order of additions does not matter).
func TestFuseAccumulatorMaps(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		most      int // maps with accumulators after optimisation
		inputs    []string
	}{
		// The adjoints of mu and l (rows per component, l's from a
		// slice: an accumulator of its own) are added in the map that
		// computes them: four maps take accumulators, not five.
		{"rows of two free arrays", `def qz [d] [t] (lr: [t]f64) (z: [d]f64) : f64 =
  f64.sum (map (\i -> let ro = i * (i - 1) / 2
                      let v = z[i] + f64.sum (map2 (*) (lr[ro:ro + i] :> [i]f64) (z[:i] :> [i]f64))
                      in v * v) (iota d))
entry main [k] [d] [t] (xs: [][d]f64) (mu: [k][d]f64) (l: [k][t]f64) =
  vjp (\(mu, l) -> f64.sum (map (\x -> f64.sum (map2 (\m lk -> qz lk (map2 (-) x m)) mu l)) xs)) (mu, l) 1.0`,
			4, []string{"[[1.0, 2.0, 0.0], [0.0, -1.0, 1.0], [3.0, 1.0, 2.0]] [[1.0, 0.0, 1.0], [2.0, -1.0, 0.0]] [[1.0, 2.0, -1.0], [0.0, 1.0, 1.0]]"}},
		// A sparse adjoint (the nearest row only) keeps its two maps.
		{"nearest of several", `entry main (xs: [][]f64) (c: [][]f64) =
  vjp (\c -> f64.sum (map (\x -> f64.minimum (map (\ci -> f64.sum (map2 (\a b -> (a - b) * (a - b)) ci x)) c)) xs)) c 1.0`,
			2, []string{"[[1.0, 2.0], [0.0, -1.0], [3.0, 1.0]] [[1.0, 0.0], [2.0, -1.0], [0.0, 0.0]]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, q := compileAfter(t, tc.src, "ad"), compileAfter(t, tc.src, "")
			if n := accMaps(q.Funcs[0]); n > tc.most {
				t.Errorf("%d maps take accumulators, want at most %d\n%s", n, tc.most, q)
			}
			for _, in := range tc.inputs {
				if a, b := runText(t, p, in), runText(t, q, in); a != b {
					t.Errorf("on %s: %s after AD, %s optimised", in, a, b)
				}
			}
		})
	}
}
