package rev

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
)

// fdFunc is a function of (xs: [n]f64) (y: f64) returning an f64, given
// by its body, whose gradient by vjp is checked against finite
// differences.
type fdFunc struct{ name, body string }

// fdProgram defines name_f (the function) and name_g (its gradient by
// vjp) for each function.
func fdProgram(funcs []fdFunc) string {
	var b strings.Builder
	for _, f := range funcs {
		fmt.Fprintf(&b, "def t_%s [n] (xs: [n]f64) (y: f64) : f64 = %s\n", f.name, f.body)
		fmt.Fprintf(&b, "entry %s_f [n] (xs: [n]f64) (y: f64) : f64 = t_%s xs y\n", f.name, f.name)
		fmt.Fprintf(&b, "entry %s_g [n] (xs: [n]f64) (y: f64) = vjp (\\(xs, y) -> t_%s xs y) (xs, y) 1\n", f.name, f.name)
	}
	return b.String()
}

// checkFD compares the gradients of funcs by vjp with central finite
// differences at trials random points with n elements in [lo, lo+1), with
// the special cases on and off.
func checkFD(t *testing.T, funcs []fdFunc, n, trials int, lo float64) {
	t.Helper()
	src := fdProgram(funcs)
	var names []string
	for _, f := range funcs {
		names = append(names, f.name)
	}
	for _, generic := range []bool{false, true} {
		NoSpecialCases = generic
		p := compile(t, src)
		NoSpecialCases = false
		fdCompare(t, p, names, generic, n, trials, lo)
	}
}

// fdCompare runs the checks of checkFD on the entry points name_f and
// name_g of p.
func fdCompare(t *testing.T, p *interp.Program, names []string, generic bool, n, trials int, lo float64) {
	t.Helper()
	rng := rand.New(rand.NewSource(11))
	for _, name := range names {
		for trial := 0; trial < trials; trial++ {
			xs := make([]float64, n)
			for i := range xs {
				xs[i] = lo + rng.Float64()
			}
			y := 0.3 + rng.Float64()
			g, err := p.Run(name+"_g", []interp.Value{af(xs...), sf(y)})
			if err != nil {
				t.Errorf("%s: %v", name, err)
				break
			}
			got := flat(g)
			want := centralDiff(t, p, name+"_f", xs, y, 1e-5)
			ok := allClose(got, want, 1e-5)
			if !ok {
				t.Errorf("%s (generic %v) at xs=%v y=%v: vjp %v, finite differences %v", name, generic, xs, y, got, want)
			}
		}
	}
}

// Operators that read free variables (y, or xs at fixed indices): the
// adjoints of those variables must include every application of the
// operator. a + b + c*a*b is associative for every c (1 + c(a op b) =
// (1 + ca)(1 + cb)), and so is a * b * c, whose neutral element 1/c
// depends on c. xs has 6 elements.
var opFreeFuncs = []fdFunc{
	// Before reduce_by_index's generic rule gave them adjoints, y' was 0.
	{"hist_free_scalar", `f64.sum (map (\x -> x * x) (hist (\a b -> a + b + y * a * b) 0 3 ([0, 2, 0, 1, 0, 2] :> [n]i64) (map (*0.3) xs)))`},
	{"rbi_free_scalar", `f64.sum (map (\x -> x * x) (reduce_by_index (map (*0.5) xs[0:3]) (\a b -> a + b + y * a * b) 0 ([2, 0, 2, 7, 2, -1] :> [n]i64) (map (*0.3) xs)))`},
	{"hist_free_array", `f64.sum (map (\x -> x * x) (hist (\a b -> a + b + xs[2] * a * b) 0 3 ([1, 0, 1, 1, 2, 5] :> [n]i64) (map (*0.3) xs))) * y`},
	{"reduce_free_array", `reduce (\a b -> a + b + xs[0] * a * b) 0 (map (*(0.3 * y)) xs)`},
	{"scan_free_array", `f64.sum (map (\x -> x * x) (scan (\a b -> a + b + xs[1] * a * b) 0 (map (*(0.3 * y)) xs)))`},
	// The selection reads xs at indices that are operands.
	{"hist_free_array_dynamic", `let (v, i) = unzip (hist (\(v1, i1) (v2, i2) -> if v1 * xs[i1] > v2 * xs[i2] || (v1 * xs[i1] == v2 * xs[i2] && i1 < i2) then (v1, i1) else (v2, i2)) (0, 0) 2 ([0, 1, 0, 1, 0, 1] :> [n]i64) (zip (map (*y) xs) (iota n))) in f64.sum (map2 (\a j -> a * xs[j]) v i)`},
	{"hist_in_map_free", `f64.sum (map (\x -> f64.sum (hist (\a b -> a + b + x * y * a * b) 0 2 ([0, 1, 1, 0, 1, 0] :> [n]i64) (map (*0.3) xs))) xs)`},
	{"hist_in_loop_free", `loop acc = y for _i < 2 do f64.sum (hist (\a b -> a + b + acc * a * b) 0 2 ([0, 1, 1, 0, 1, 0] :> [n]i64) (map (*(0.2 * acc)) xs))`},
	{"hist_in_if_free", `if y > 0.1 then f64.sum (hist (\a b -> a + b + y * a * b) 0 2 ([0, 1, 1, 0, 1, 0] :> [n]i64) (map (*0.3) xs)) else 0`},
	{"rbi_2d_free", `let m: [2][2]f64 = unflatten (map (*0.5) xs[0:4] :> [2*2]f64) in f64.sum (map (\x -> x * x) (flatten (reduce_by_index_2d (copy m) (\a b -> a + b + y * a * b) 0 ([(0, 1), (1, 0), (0, 1), (2, 0), (1, 1), (0, 1)] :> [n](i64, i64)) (map (*0.3) xs))))`},
	// Neutral elements that depend on y: an application ne op x0 must
	// not count, and an empty reduction gives ne.
	{"reduce_active_ne", `reduce (\a b -> a * b * y) (1 / y) (map (+0.5) xs)`},
	{"scan_active_ne", `f64.sum (scan (\a b -> a * b * y) (1 / y) (map (+0.5) xs))`},
	{"reduce_empty_active_ne", `reduce (\a b -> a * b * y) (1 / y) (map (+0.5) xs[0:0]) + xs[0]`},
	{"reduce_tuple_active_ne", `let (a, b) = reduce (\(a1, b1) (a2, b2) -> (a1 * a2 * y, b1 + b2)) (1 / y, 0) (zip (map (+0.5) xs) xs) in a * b`},
	{"hist_active_ne", `f64.sum (map (\x -> x * x) (reduce_by_index (copy xs[0:4]) (\a b -> a * b * y) (1 / y) ([0, 2, 0, 0, 7, 2] :> [n]i64) (map (+0.5) xs)))`},
	{"reduce_vec_active_ne", `f64.sum (reduce (map2 (\a b -> a * b * y)) [1 / y, 1 / y] (map (\x -> [x + 0.5, x * y]) xs))`},
	{"scan_vec_active_ne", `f64.sum (flatten (scan (map2 (\a b -> a * b * y)) [1 / y, 1 / y] (map (\x -> [x + 0.5, x * y]) xs)))`},
	// Not neutral at all (which reduce and scan do not allow): the
	// rewrite keeps the left fold from ne, value and derivative.
	{"reduce_not_neutral", `reduce (+) y (map (*y) xs) + reduce (\a b -> a * b * y) y xs`},
	{"scan_not_neutral", `f64.sum (scan (*) (y + 0.5) xs)`},
	{"reduce_in_map_active_ne", `f64.sum (map (\x -> reduce (\a b -> a * b * x) (1 / x) (map (+y) xs)) xs)`},
}

func TestOperatorFreeVariables(t *testing.T) {
	checkFD(t, opFreeFuncs, 6, 2, 0.2)
}

// checkHessian checks the Hessian-vector products of funcs, by vjp of
// vjp, against finite differences of the gradient.
func checkHessian(t *testing.T, funcs []fdFunc, n int) {
	t.Helper()
	var src strings.Builder
	src.WriteString(fdProgram(funcs))
	for _, f := range funcs {
		fmt.Fprintf(&src, "entry %s_h [n] (xs: [n]f64) (y: f64) (vs: [n]f64) (vy: f64) = "+
			"vjp (\\(xs, y) -> let (gx, gy) = vjp (\\(xs, y) -> t_%s xs y) (xs, y) 1 in f64.sum (map2 (*) gx vs) + gy * vy) (xs, y) 1\n", f.name, f.name)
	}
	p := compile(t, src.String())
	rng := rand.New(rand.NewSource(5))
	for _, f := range funcs {
		xs, vs := make([]float64, n), make([]float64, n)
		for i := range xs {
			xs[i], vs[i] = 0.2+rng.Float64(), rng.Float64()*2-1
		}
		y, vy := 0.3+rng.Float64(), rng.Float64()*2-1
		res, err := p.Run(f.name+"_h", []interp.Value{af(xs...), sf(y), af(vs...), sf(vy)})
		if err != nil {
			t.Errorf("%s: %v", f.name, err)
			continue
		}
		got := flat(res)
		const h = 1e-5
		grad := func(s float64) []float64 {
			a := make([]float64, len(xs))
			for i := range xs {
				a[i] = xs[i] + s*vs[i]
			}
			g, err := p.Run(f.name+"_g", []interp.Value{af(a...), sf(y + s*vy)})
			if err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			return flat(g)
		}
		gp, gm := grad(h), grad(-h)
		want := make([]float64, len(gp))
		ok := len(got) == len(gp)
		for i := range gp {
			want[i] = (gp[i] - gm[i]) / (2 * h)
			ok = ok && closeTo(got[i], want[i], 1e-5)
		}
		if !ok {
			t.Errorf("%s: Hessian-vector product %v, finite differences of the gradient %v", f.name, got, want)
		}
	}
}

func TestOperatorFreeVariablesVJPOfVJP(t *testing.T) {
	checkHessian(t, opFreeFuncs, 6)
}

// checkMJP checks that mjp of funcs with the seeds 1, -2, 0.5 gives the
// gradient scaled by each seed.
func checkMJP(t *testing.T, funcs []fdFunc, n int) {
	t.Helper()
	var src strings.Builder
	src.WriteString(fdProgram(funcs))
	for _, f := range funcs {
		fmt.Fprintf(&src, "entry %s_m [n] (xs: [n]f64) (y: f64) = mjp (\\(xs, y) -> t_%s xs y) (xs, y) [1, -2, 0.5]\n", f.name, f.name)
	}
	p := compile(t, src.String())
	rng := rand.New(rand.NewSource(9))
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = 0.2 + rng.Float64()
	}
	args := []interp.Value{af(xs...), sf(0.7)}
	for _, f := range funcs {
		g, err := p.Run(f.name+"_g", args)
		if err != nil {
			t.Errorf("%s: %v", f.name, err)
			continue
		}
		m, err := p.Run(f.name+"_m", args)
		if err != nil {
			t.Errorf("%s (mjp): %v", f.name, err)
			continue
		}
		grad := flat(g)
		for k, seed := range []float64{1, -2, 0.5} {
			var got []float64
			for _, v := range m[0].Arr.Data[k*n : (k+1)*n] {
				got = append(got, v.Float())
			}
			got = append(got, m[1].Arr.Data[k].Float())
			for i := range got {
				if !closeTo(got[i], seed*grad[i], 1e-12) {
					t.Errorf("%s row %d: %v, want %v * %v", f.name, k, got, seed, grad)
					break
				}
			}
		}
	}
}

func TestOperatorFreeVariablesMJP(t *testing.T) {
	checkMJP(t, opFreeFuncs, 6)
}
