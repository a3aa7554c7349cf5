package rev

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Every function takes (xs: [n]f64, y: f64) and returns an f64; its
// gradient by vjp is compared with central finite differences.
var fdFuncs = []struct{ name, body string }{
	{"scalar", `f64.sin y * f64.exp (y / 3) + y ** 2.5 / (1 + y * y) + f64.atan2 y 2 + f64.sqrt (y * y + 1)`},
	{"map_free_scalar", `f64.sum (map (\x -> x * y + f64.cos (x * x)) xs)`},
	{"map_gather", `f64.sum (map (\i -> xs[(i * 3 + 1) % n] * xs[i] + y) (iota n))`},
	{"nested_map", `f64.sum (map (\x -> f64.sum (map (\z -> x * z * y) xs)) xs)`},
	{"nested_gather", `f64.sum (map (\i -> f64.sum (map (\j -> xs[(i + j) % n] * xs[j]) (iota n))) (iota n))`},
	{"reduce_add", `reduce (+) 0 (map (\x -> x * x * y) xs)`},
	{"reduce_mul", `reduce (*) 1 (map (\x -> x + y) xs)`},
	{"reduce_min", `reduce f64.min f64.inf (map (\x -> x * y) xs)`},
	{"reduce_max", `f64.maximum (map (\x -> f64.sin x) xs)`},
	{"reduce_tuple", `let (a, b) = reduce (\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)) (1, 0) (zip xs (map (*y) xs)) in a + b`},
	{"reduce_array", `f64.sum (reduce (map2 (+)) (replicate 2 0) (map (\x -> [x * y, x * x]) xs))`},
	{"loop_scalar", `loop acc = y for i < 5 do acc * xs[i % n] + f64.sin acc`},
	{"loop_array", `f64.sum (loop ys = xs for _i < 3 do map (\x -> x * y + f64.sin x) ys)`},
	{"loop_update", `f64.sum (loop ys = copy xs for i < n do ys with [i] = ys[i] * ys[(i + 1) % n] + y)`},
	{"whileloop", `(loop (acc, k) = (y, 0) while k < n do (acc * xs[k] + 1, k + 1)).0`},
	{"loop_in_map", `f64.sum (map (\x -> loop a = x for _i < 3 do a * y + x) xs)`},
	{"if_in_map", `f64.sum (map (\x -> if x > 0.5 then x * y else x * x) xs)`},
	{"if_arrays", `f64.sum (if y > 0 then map (*y) xs else map (\x -> x * x) xs)`},
	{"update", `f64.sum (map (*y) (copy xs with [1] = y * y))`},
	{"slice", `f64.sum (map (\x -> x * x) xs[1:n-1]) * y`},
	{"concat", `f64.sum (map2 (*) (concat xs xs) (concat (map (*y) xs) xs))`},
	{"rotate", `f64.sum (map2 (*) (rotate 1 xs) xs) + y`},
	{"reverse", `f64.sum (map2 (*) (reverse xs) (map (*y) xs))`},
	{"transpose", `let m: [2][2]f64 = unflatten (map (*y) xs :> [2*2]f64) in f64.sum (flatten (transpose m)) * xs[0]`},
	{"replicate", `f64.sum (map f64.sum (replicate 3 (map (*y) xs))) * y`},
	{"literal", `let a = [y, y * y, xs[0]] in a[0] * a[1] + a[2] * y`},
	{"index_row", `let m = map (\x -> [x, x * y]) xs in f64.sum (map (\r -> r[0] * r[1]) m) + m[1][1]`},
	{"gather_in_if", `f64.sum (map (\i -> if i > 1 then xs[i] * y else xs[0] * xs[i]) (iota n))`},
	{"gather_in_loop", `f64.sum (map (\x -> loop a = 0 for i < n do a + xs[i] * x) xs)`},
	{"map_in_loop", `f64.sum (loop ys = xs for _i < 2 do map (\j -> ys[(j + 1) % n] * y + xs[j]) (iota n))`},
	{"scan_add", `f64.sum (map2 (*) (scan (+) 0 (map (*y) xs)) xs)`},
	{"scan_mul", `f64.sum (scan (*) 1 (map (+y) xs))`},
	{"scan_tuple", `let (a, b) = unzip (scan (\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)) (1, 0) (zip xs (map (*y) xs))) in f64.sum a + f64.sum (map2 (*) b xs)`},
	{"scan_max", `f64.sum (scan f64.max (-f64.inf) (map (\x -> x * y) xs))`},
	{"scatter", `f64.sum (map2 (*) (scatter (map (*y) xs) [2, 0, 7] [y, xs[1] * xs[3], y]) xs)`},
	{"hist_add", `f64.sum (map (\x -> x * x) (hist (+) 0 3 ([0, 2, 0, 1] :> [n]i64) (map (*y) xs)))`},
	{"rbi_add", `f64.sum (map (\x -> x * x) (reduce_by_index (map (*y) xs) (+) 0 ([3, 1, -1, 1] :> [n]i64) (map (\x -> x * x) xs)))`},
	{"hist_mul", `f64.sum (map (\x -> x * x) (reduce_by_index (map (*y) xs) (*) 1 ([3, 1, -1, 1] :> [n]i64) (map (\x -> x + y) xs)))`},
	{"hist_max", `f64.sum (map (\x -> x * x) (reduce_by_index (map (*y) xs) f64.max (-f64.inf) ([3, 1, 5, 1] :> [n]i64) (map (\x -> x + y) xs)))`},
	{"hist_min", `f64.sum (hist f64.min f64.inf 2 ([0, 1, 1, 0] :> [n]i64) (map (\x -> x * y) xs))`},
	{"hist_generic", `f64.sum (map (\x -> x * x) (reduce_by_index (map (*y) xs) (\a b -> a * b + a + b) 0 ([1, 0, 1, 5] :> [n]i64) (map (\x -> x * 0.5) xs)))`},
	{"hist_generic_many", `f64.sum (hist (\a b -> a * b + a + b) 0 5 (map (\i -> (i * 7) % 6 - 1) (iota 40)) (map (\i -> xs[i % n] * y * 0.1) (iota 40)))`},
	{"vjp_in_map", `f64.sum (map (\x -> vjp (\z -> z * z * y) x 1) xs)`},
	{"loop_loop_update", `f64.sum (loop ys = copy xs for _t < 2 do loop zs = ys for l < n do zs with [l] = zs[l] * y + f64.sin zs[(l + 1) % n])`},
	{"loop_row_update", `let m0 = map (\x -> [x, x * y]) xs in f64.sum (flatten (loop m = m0 for i < n do let r = copy m[i] in m with [i] = (r with [1] = r[0] * r[1] + y)))`},
	{"loop_if_update", `f64.sum (loop ys = copy xs for i < n do let zs = if ys[i] > 0.5 then ys else map (*y) ys in zs with [i] = zs[i] * y)`},
	{"loop_map_loop", `f64.sum (loop ys = xs for _i < 2 do map (\x -> loop a = x for j < 2 do a * y + xs[j]) ys)`},
	{"matrix_rows", `let m = map (\x -> map (\z -> z * x) xs) xs in f64.sum (map f64.sum (transpose m)) * y + m[1][2]`},
	{"map_returns_row", `f64.sum (map (\r -> r[0] * r[1]) (map (\x -> [x, x * y]) xs))`},
	{"exscan", `f64.sum (map2 (*) (exscan (+) 0 (map (*y) xs)) xs)`},
	{"acc_in_one_branch", `f64.sum (map (\i -> if i == 0 then y else xs[i - 1] * y) (iota n))`},
	{"slice_in_map", `f64.sum (map (\i -> f64.sum (map (*y) xs[i:i+2]) * xs[i]) (iota (n - 1)))`},
	{"strided_slice_in_map", `f64.sum (map (\i -> f64.sum xs[i::2] * y) (iota 2))`},
	{"reverse_in_map", `f64.sum (map (\x -> f64.sum (map2 (*) (reverse xs) xs) * x) xs) * y`},
	{"scatter_2d", `let m: [2][2]f64 = unflatten (xs :> [2*2]f64) in f64.sum (flatten (scatter_2d (copy m) [(0, 1), (1, 0), (5, 0)] [y * y, xs[2] * y, y])) * xs[1]`},
	{"rbi_2d", `let m: [2][2]f64 = unflatten (xs :> [2*2]f64) in f64.sum (map (\x -> x * x) (flatten (reduce_by_index_2d (copy m) (+) 0 [(0, 1), (1, 0), (0, 1)] [y * y, xs[2] * y, y])))`},
	{"update_row", `let m: [2][2]f64 = unflatten (xs :> [2*2]f64) in f64.sum (map (\x -> x * x) (flatten (copy m with [1] = [y, y * xs[0]])))`},
	{"while_map", `f64.sum ((loop (ys, k) = (xs, 0) while k < 3 do (map (\x -> x * y + 0.1) ys, k + 1)).0)`},
	{"scan_rows_affine", `f64.sum (map (\r -> r[0] + r[1] * r[1]) (scan (\a b -> [a[0] * b[0], a[1] * b[0] + b[1]]) [1, 0] (map (\x -> [x, x * y]) xs)))`},
	{"scan_rows_free", `f64.sum (flatten (scan (\a b -> [a[0] + b[0] + xs[1] * y * a[0] * b[0], a[1] * b[1]]) [0, 1] (map (\x -> [x * 0.3, x + y]) xs)))`},
	{"scan_rows", `let m: [2][2]f64 = unflatten (xs :> [2*2]f64) in f64.sum (flatten (scan (map2 (\a b -> a * b + a)) [0, 0] (map (map (*y)) m)))`},
	{"scatter_rows", `let m: [2][2]f64 = unflatten (xs :> [2*2]f64) in f64.sum (flatten (map (map (\x -> x * x)) (scatter (copy m) [1, 1, 4] [[y, y * y], [xs[0] * y, xs[3]], [y, y]])))`},
	{"input_also_free", `f64.sum (map (\x -> x * xs[0] + xs[3] * y) xs)`},
	{"loop_returns_free", `(loop (a, b) = (y, xs[0]) for _i < 3 do (xs[1] * y, a * b)).1`},
	{"if_returns_free", `if y > 100 then xs[0] else f64.sum (map (*y) (if xs[0] > 100 then xs else map (+y) xs))`},
	{"same_array_twice", `f64.sum (map2 (\a b -> a * b * y) xs xs)`},
	{"reduce_rows_mul", `let m: [2][2]f64 = unflatten (xs :> [2*2]f64) in f64.sum (reduce (map2 (*)) [1, 1] (map (map (+y)) m))`},
	{"hist_rows", `let m: [2][2]f64 = unflatten (xs :> [2*2]f64) in f64.sum (map (\x -> x * x) (flatten (hist (map2 (+)) [0, 0] 3 [2, 0, 2, -1] (map (map (*y)) (m ++ m)))))`},
	{"segmented_scan", `let (_, v) = unzip (scan (\(f1, v1) (f2, v2) -> (f1 || f2, if f2 then v2 else v1 * y + v2)) (false, 0) (zip ([true, false, true, false] :> [n]bool) xs)) in f64.sum (map2 (*) v xs)`},
	{"reduce_free_in_op", `reduce (\a b -> a + b + y * a * b) 0 (map (*0.3) xs)`},
	{"scan_free_in_op", `f64.sum (scan (\a b -> a + b + y * a * b) 0 (map (*0.3) xs))`},
	{"map_updates_row", `let m: [2][2]f64 = unflatten (xs :> [2*2]f64) in f64.sum (flatten (map (\r -> copy r with [0] = y * r[0] * r[1]) m)) * xs[0]`},
	{"scan_in_map", `f64.sum (map (\x -> f64.sum (scan (*) 1 (map (*x) xs))) xs) * y`},
	{"reduce_in_loop", `loop acc = y for i < 3 do acc * reduce (\a b -> a * b + a + b) 0 (map (*acc) xs) * 0.1 + xs[i]`},
	{"hist_in_map", `f64.sum (map (\x -> f64.sum (hist (+) 0 2 ([0, 1, 1, 0] :> [n]i64) (map (*x) xs))) xs) * y`},
	{"while_in_map", `f64.sum (map (\x -> (loop (a, k) = (x, 0) while k < 3 do (a * y + xs[k], k + 1)).0) xs)`},
	{"if_in_loop_in_map", `f64.sum (map (\x -> loop a = x for i < n do if xs[i] > 0.7 then a * y else a + xs[i]) xs)`},
	{"map_in_if_in_loop", `f64.sum (loop ys = xs for i < 3 do if i == 1 then map (\z -> z * y + xs[i]) ys else map (\z -> z * z) ys)`},
	{"scatter_in_loop", `f64.sum (loop ys = copy xs for i < 3 do scatter ys [i, i + 1] [ys[i + 1] * y, ys[i] * ys[i]])`},
	{"local_and_free_gather", `f64.sum (map (\x -> let a = map (*x) xs in f64.sum (map (\i -> a[(i + 1) % n] * xs[i] * y) (iota n))) xs)`},
	{"hist_pairs", `let (c, s) = unzip (hist (\(c1, s1) (c2, s2) -> (c1 + c2, s1 + s2)) (0, 0) 3 ([2, 0, 2, 7] :> [n]i64) (zip (map (*y) xs) (map (\x -> x * x) xs))) in f64.sum (map2 (*) c s)`},
	{"loop_invariant_param", `(loop (a, d, c) = (y, xs, 2.0) for i < n do (a * d[i] * c + d[(i + 1) % n], d, c)).0`},
	{"loop_update_two", `f64.sum (loop ys = copy xs for i < n - 1 do let zs = ys with [i] = ys[i] * y in zs with [i + 1] = zs[i + 1] + zs[i] * zs[i])`},
	{"loop_update_2d", `let m: [2][2]f64 = unflatten (xs :> [2*2]f64) in f64.sum (map (\x -> x * x) (flatten (loop m = copy m for i < 2 do m with [i, 1] = m[i, 0] * y + m[1 - i, 1])))`},
	{"loop_update_row", `let m: [2][2]f64 = unflatten (xs :> [2*2]f64) in f64.sum (map (\x -> x * x) (flatten (loop m = copy m for i < 2 do m with [1 - i] = [m[i, 0] * y, m[1 - i, 1] + y])))`},
	{"loop_update_reads_all", `f64.sum (loop ys = copy xs for i < n do let zs = ys with [i] = ys[i] * y in zs with [(i + 1) % n] = f64.sum (map (\z -> z * z) zs) * 0.1)`},
	{"update_then_reduce", `let zs = copy xs with [2] = y * xs[0] in f64.sum (map (\z -> z * z) zs) * zs[1] + f64.sum (copy zs with [0] = zs[3] * y)`},
	{"matmul", `let m: [2][2]f64 = unflatten (xs :> [2*2]f64) in f64.sum (map (\r -> f64.sum (map (\c -> f64.sum (map2 (*) r c)) (transpose m))) m) * y`},
}

func fdSource() string {
	var b strings.Builder
	for _, f := range fdFuncs {
		fmt.Fprintf(&b, "def t_%s [n] (xs: [n]f64) (y: f64) : f64 = %s\n", f.name, f.body)
		fmt.Fprintf(&b, "entry %s_f [n] (xs: [n]f64) (y: f64) : f64 = t_%s xs y\n", f.name, f.name)
		fmt.Fprintf(&b, "entry %s_g [n] (xs: [n]f64) (y: f64) = vjp (\\(xs, y) -> t_%s xs y) (xs, y) 1\n", f.name, f.name)
	}
	return b.String()
}

func TestFiniteDifferences(t *testing.T) {
	src := fdSource()
	for _, generic := range []bool{false, true} {
		NoSpecialCases = generic
		p := compile(t, src)
		NoSpecialCases = false
		rng := rand.New(rand.NewSource(7))
		for _, f := range fdFuncs {
			for trial := 0; trial < 2; trial++ {
				n := 4
				xs := make([]float64, n)
				for i := range xs {
					xs[i] = 0.2 + rng.Float64()
				}
				y := 0.3 + rng.Float64()
				g, err := p.Run(f.name+"_g", []interp.Value{af(xs...), sf(y)})
				if err != nil {
					t.Errorf("%s: %v", f.name, err)
					break
				}
				got := flat(g)
				want := centralDiff(t, p, f.name+"_f", xs, y, 1e-5)
				ok := allClose(got, want, 1e-5)
				if !ok {
					t.Errorf("%s (generic %v) at xs=%v y=%v: vjp %v, finite differences %v", f.name, generic, xs, y, got, want)
				}
			}
		}
	}
}

var _ = prim.F64

// centralDiff is the gradient of the scalar entry point entry(xs, y) of p
// by central differences with step h (error O(h^2)), xs first, then y.
func centralDiff(t *testing.T, p *interp.Program, entry string, xs []float64, y, h float64) []float64 {
	t.Helper()
	eval := func(xs []float64, y float64) float64 {
		r, err := p.Run(entry, []interp.Value{af(xs...), sf(y)})
		if err != nil {
			t.Fatalf("%s: %v", entry, err)
		}
		return r[0].Scalar.Float()
	}
	var want []float64
	for i := range xs {
		a := append([]float64{}, xs...)
		c := append([]float64{}, xs...)
		a[i] += h
		c[i] -= h
		want = append(want, (eval(a, y)-eval(c, y))/(2*h))
	}
	return append(want, (eval(xs, y+h)-eval(xs, y-h))/(2*h))
}

// allClose reports whether got and want have the same length and agree
// element by element within tol (closeTo).
func allClose(got, want []float64, tol float64) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if !closeTo(got[i], want[i], tol) {
			return false
		}
	}
	return true
}
