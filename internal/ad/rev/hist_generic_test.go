package rev

import (
	"math/rand"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
)

// reduce_by_index with the generic rule: tuple operators (several
// destinations, mixed types, operators that are not commutative),
// operators on rows, out-of-range indices, empty buckets and inputs.
// xs has 6 elements.
var histGenericFuncs = []fdFunc{
	{"tuple_free", `let (c, s) = unzip (hist (\(a1, b1) (a2, b2) -> (a1 + a2, b1 + b2 + y * a1 * a2)) (0, 0) 3 ([2, 0, 2, 7, 1, 2] :> [n]i64) (zip (map (*0.5) xs) (map (\x -> x * x) xs))) in f64.sum (map2 (*) c s)`},
	// Composition of affine maps: associative, not commutative; the
	// values of a bucket combine in index order.
	{"tuple_affine", `let (a, b) = unzip (hist (\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)) (1, 0) 3 ([0, 2, 0, 0, -1, 2] :> [n]i64) (zip (map (*y) xs) xs)) in f64.sum (map2 (*) a b) + f64.sum b`},
	{"rbi_tuple", `let (a, b) = unzip (reduce_by_index (zip (map (*0.5) xs[0:3]) (map (*y) xs[3:6])) (\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)) (1, 0) ([1, 1, 2, 9, 1, 2] :> [n]i64) (zip xs (map (*y) xs))) in f64.sum (map2 (*) a b) + f64.sum a`},
	{"tuple_mixed_types", `let (s, c) = unzip (hist (\(a1, c1) (a2, c2) -> (a1 + a2 + xs[1] * a1 * a2, c1 + c2)) (0, 0i64) 3 ([0, 1, 0, 2, 0, 1] :> [n]i64) (zip (map (*(0.3 * y)) xs) (replicate n 1))) in f64.sum (map2 (\a k -> a * f64.i64 k) s c)`},
	{"tuple_one_used", `let (_, b) = unzip (hist (\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)) (1, 0) 2 ([1, 0, 1, 1, 0, 0] :> [n]i64) (zip (map (*y) xs) xs)) in f64.sum (map (\x -> x * x) b)`},
	{"tuple_three", `let (a, b, c) = unzip3 (hist (\(a1, b1, c1) (a2, b2, c2) -> (a1 * a2, b1 + b2 * a1, f64.max c1 c2)) (1, 0, -f64.inf) 2 ([1, 0, 1, 1, 3, 0] :> [n]i64) (zip3 (map (*y) xs) xs (map (\x -> x * x * y) xs))) in f64.sum a + f64.sum (map2 (*) b c)`},
	// Operators on rows.
	{"rows_mul", `let m = map (\i -> [xs[i], xs[(i + 1) % n] * y]) (iota n) in f64.sum (flatten (hist (map2 (*)) [1, 1] 3 ([0, 2, 0, 1, 2, -1] :> [n]i64) m))`},
	{"rows_free", `f64.sum (map (\x -> x * x) (flatten (hist (map2 (\a b -> a + b + y * a * b)) [0, 0] 3 ([0, 2, 0, 1, 2, 5] :> [n]i64) (map (\i -> [xs[i] * 0.3, xs[(i + 2) % n] * 0.2]) (iota n)))))`},
	{"rows_free_array", `f64.sum (map (\x -> x * x) (flatten (hist (map2 (\a b -> a + b + xs[3] * a * b)) [0, 0] 2 ([1, 1, 0, 1, -2, 0] :> [n]i64) (map (\x -> [x * 0.3, x * y * 0.2]) xs))))`},
	{"rows_max", `let m: [2][3]f64 = unflatten (copy xs :> [2*3]f64) in f64.sum (map (\x -> x * x) (flatten (reduce_by_index (copy m) (map2 f64.max) [-f64.inf, -f64.inf, -f64.inf] [1, 0, 1, 1] (map (\i -> [xs[i] * y, xs[i + 1] * 0.9, xs[i + 2] * y * 0.5]) (iota 4)))))`},
	{"rows_tuple", `let (a, b) = unzip (map unzip (hist (map2 (\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2))) (replicate 2 (1, 0)) 2 ([1, 0, 1, 1, 0, 3] :> [n]i64) (map (\i -> zip [xs[i], y] [xs[(i + 1) % n], xs[i] * y]) (iota n)))) in f64.sum (flatten a) + f64.sum (flatten (map (map (\x -> x * x)) b))`},
	{"rows_2d", `let m: [2][2][2]f64 = unflatten_3d (map (*0.5) (xs ++ xs[0:2]) :> [2*2*2]f64) in f64.sum (flatten_3d (reduce_by_index_2d (copy m) (map2 (*)) [1, 1] ([(0, 1), (1, 1), (0, 1), (2, 0), (1, 0), (1, 1)] :> [n](i64, i64)) (map (\x -> [x, x * y]) xs)))`},
	// Indices out of range, empty buckets, no values at all.
	{"out_of_range", `f64.sum (map (\x -> x * x) (reduce_by_index (copy xs[0:3]) (\a b -> a * b + a + b) 0 ([-1, 3, 9, 1, -5, 3] :> [n]i64) (map (*(0.3 * y)) xs)))`},
	{"all_out_of_range", `f64.sum (map (\x -> x * x) (reduce_by_index (map (*y) xs[0:3]) (\a b -> a * b + a + b) 0 ([-1, 3, 9, -4, -5, 3] :> [n]i64) (map (*0.3) xs)))`},
	{"one_bucket", `f64.sum (map (\x -> x * x) (reduce_by_index (map (*y) xs[0:3]) (\a b -> a * b + a + b) 0 (replicate n 1) (map (*0.3) xs)))`},
	{"no_values", `f64.sum (map (\x -> x * x) (reduce_by_index (map (*y) xs) (\a b -> a * b + a + b) 0 (iota 0) (map (*y) xs[0:0])))`},
	{"no_buckets", `f64.sum (hist (\a b -> a * b + a + b) 0 0 ([0, 1, 0, 1, 0, 1] :> [n]i64) (map (*y) xs)) + y`},
	// Operators on whole rows that are no map2 of a scalar operator: the
	// generic rule lifted to arrays. Composition of affine maps (not
	// commutative), a choice between rows, different operators per column
	// with a free variable, and rows of three with a free array.
	{"rows_affine", `let m = map (\i -> [xs[i] * y, xs[(i + 1) % n]]) (iota n) in f64.sum (map (\r -> r[0] * r[1] + r[1]) (hist (\a b -> [a[0] * b[0], a[1] * b[0] + b[1]]) [1, 0] 3 ([0, 2, 0, 1, 2, 0] :> [n]i64) m))`},
	{"rows_select", `let m = map (\i -> [xs[i] * y, xs[(i + 2) % n]]) (iota n) in f64.sum (flatten (reduce_by_index (map (\x -> [x * 0.1, x]) xs[0:3]) (\a b -> if a[0] * a[1] >= b[0] * b[1] then a else b) [0, 0] ([1, 0, 1, 2, 7, 1] :> [n]i64) m))`},
	{"rows_free_columns", `f64.sum (map (\r -> r[0] * r[1]) (hist (\a b -> [a[0] + b[0] + y * a[0] * b[0], a[1] * b[1]]) [0, 1] 2 ([1, 0, 1, 1, -1, 0] :> [n]i64) (map (\x -> [x * 0.3, x + y]) xs)))`},
	{"rows_three", `f64.sum (flatten (hist (\a b -> [a[0] * b[0], a[1] * b[0] + b[1], a[2] + b[2] + xs[1] * a[2] * b[2]]) [1, 0, 0] 2 ([0, 1, 0, 0, 1, 0] :> [n]i64) (map (\x -> [x, x * y, x * 0.2]) xs)))`},
	// The special cases, compared with the generic rule by checkFD.
	{"mul", `f64.sum (map (\x -> x * x) (reduce_by_index (map (*y) xs[0:3]) (*) 1 ([0, 2, 0, 1, 2, 4] :> [n]i64) (map (\x -> x - 0.7) xs)))`},
	{"min", `f64.sum (map (\x -> x * x) (reduce_by_index (map (*y) xs[0:3]) f64.min f64.inf ([0, 2, 0, 1, 2, -1] :> [n]i64) (map (*0.9) xs)))`},
	{"max", `f64.sum (map (\x -> x * x) (hist f64.max (-f64.inf) 3 ([0, 2, 0, 1, 2, 3] :> [n]i64) (map (*y) xs)))`},
	{"add", `f64.sum (map (\x -> x * x) (reduce_by_index (map (*y) xs[0:3]) (+) 0 ([0, 2, 0, 1, 2, 3] :> [n]i64) (map (*y) xs)))`},
	{"pairs_add", `let (c, s) = unzip (reduce_by_index (zip (map (*y) xs[0:3]) (copy xs[0:3])) (\(c1, s1) (c2, s2) -> (c1 + c2, s1 + s2)) (0, 0) ([2, 0, 2, 7, 0, 0] :> [n]i64) (zip (map (*y) xs) (map (\x -> x * x) xs))) in f64.sum (map2 (*) c s)`},
}

func TestHistGenericFD(t *testing.T) {
	checkFD(t, histGenericFuncs, 6, 2, 0.2)
}

func TestHistGenericVJPOfVJP(t *testing.T) {
	checkHessian(t, histGenericFuncs, 6)
}

func TestHistGenericMJP(t *testing.T) {
	checkMJP(t, histGenericFuncs, 6)
}

// The rule that runs over the elements in order and the one that sorts
// them by bucket give the same adjoints (to rounding: they combine the
// contributions in different orders).
func TestHistLoopsAgainstSort(t *testing.T) {
	src := fdProgram(histGenericFuncs)
	NoSpecialCases = true
	defer func() { NoSpecialCases = false }()
	loops := compile(t, src)
	histBySort = true
	sorted := compile(t, src)
	histBySort = false
	rng := rand.New(rand.NewSource(4))
	for _, f := range histGenericFuncs {
		for trial := 0; trial < 3; trial++ {
			xs := make([]float64, 6)
			for i := range xs {
				xs[i] = 0.2 + rng.Float64()
			}
			args := []interp.Value{af(xs...), sf(0.3 + rng.Float64())}
			a, err := loops.Run(f.name+"_g", args)
			if err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			b, err := sorted.Run(f.name+"_g", args)
			if err != nil {
				t.Fatalf("%s sorted: %v", f.name, err)
			}
			if got, want := flat(a), flat(b); !allClose(got, want, 1e-12) {
				t.Errorf("%s at %v: %v by loops, %v by sorting", f.name, args, got, want)
			}
		}
	}
}
