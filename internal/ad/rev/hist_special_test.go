package rev

import (
	"math/rand"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
)

// The special-case rules of reduce_by_index against the generic rule on
// random inputs: duplicate and out-of-range indices, empty buckets, and
// zeros for * (whose generic adjoints, products of the other values, are
// exact there too).
const histSpecialSrc = `
entry add (is: []i64) (dst: []f64) (vs: []f64) (ys: []f64) = vjp (\(d, v) -> reduce_by_index (copy d) (+) 0 is v) (dst, vs) ys
entry mul (is: []i64) (dst: []f64) (vs: []f64) (ys: []f64) = vjp (\(d, v) -> reduce_by_index (copy d) (*) 1 is v) (dst, vs) ys
entry min (is: []i64) (dst: []f64) (vs: []f64) (ys: []f64) = vjp (\(d, v) -> reduce_by_index (copy d) f64.min f64.inf is v) (dst, vs) ys
entry max (is: []i64) (dst: []f64) (vs: []f64) (ys: []f64) = vjp (\(d, v) -> reduce_by_index (copy d) f64.max (-f64.inf) is v) (dst, vs) ys
entry pairs (is: []i64) (dst: []f64) (vs: []f64) (ys: []f64) =
  vjp (\(d, v) -> let (a, b) = unzip (reduce_by_index (zip (copy d) (map (*2) d)) (\(a1, b1) (a2, b2) -> (a1 + a2, b1 + b2)) (0, 0) is (zip v (map (\x -> x * x) v)))
                  in map2 (+) a (map (*0.5) b)) (dst, vs) ys
entry rows_mul [k] [n] (is: [n]i64) (dst: [k]f64) (vs: [n]f64) (ys: [k]f64) =
  vjp (\(d, v) -> let r = reduce_by_index (map (\x -> [x, x + 1]) d) (map2 (*)) [1, 1] is (map (\x -> [x, 2 * x]) v)
                  in map (\row -> row[0] + row[1]) r) (dst, vs) ys
entry rows_min [k] [n] (is: [n]i64) (dst: [k]f64) (vs: [n]f64) (ys: [k]f64) =
  vjp (\(d, v) -> let r = reduce_by_index (map (\x -> [x, -x]) d) (map2 f64.min) [f64.inf, f64.inf] is (map (\x -> [x, 0.5 - x]) v)
                  in map (\row -> row[0] + row[1]) r) (dst, vs) ys
`

func TestHistSpecialAgainstGeneric(t *testing.T) {
	special := compile(t, histSpecialSrc)
	NoSpecialCases = true
	generic := compile(t, histSpecialSrc)
	NoSpecialCases = false
	rng := rand.New(rand.NewSource(17))
	for _, entry := range []string{"add", "mul", "min", "max", "pairs", "rows_mul", "rows_min"} {
		for trial := 0; trial < 20; trial++ {
			w := 1 + rng.Intn(6)
			n := rng.Intn(30)
			is := make([]int64, n)
			vs := make([]float64, n)
			for j := range is {
				is[j] = rng.Int63n(int64(w)+3) - 1
				vs[j] = 2*rng.Float64() - 1
				if entry == "mul" && rng.Intn(5) == 0 {
					vs[j] = 0
				}
			}
			dst := make([]float64, w)
			ys := make([]float64, w)
			for i := range dst {
				dst[i] = 2*rng.Float64() - 1
				ys[i] = 2*rng.Float64() - 1
				if entry == "mul" && rng.Intn(4) == 0 {
					dst[i] = 0
				}
			}
			args := []interp.Value{ai(is...), af(dst...), af(vs...), af(ys...)}
			a, err := special.Run(entry, args)
			if err != nil {
				t.Fatalf("%s: %v", entry, err)
			}
			g, err := generic.Run(entry, args)
			if err != nil {
				t.Fatalf("%s (generic): %v", entry, err)
			}
			x, y := flat(a), flat(g)
			ok := len(x) == len(y)
			for i := 0; ok && i < len(x); i++ {
				ok = closeTo(x[i], y[i], 1e-9)
			}
			if !ok {
				t.Errorf("%s is=%v dst=%v vs=%v ys=%v: special %v, generic %v", entry, is, dst, vs, ys, x, y)
			}
		}
	}
}
