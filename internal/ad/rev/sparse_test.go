package rev_test

import (
	"math"
	"math/rand"
	"runtime"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ad/rev"
	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Programs whose adjoint arrays are sparse (a minimum's or maximum's, an
// indexed element's, a slice's) or uniform (a sum's), differentiated with
// the rules that use these facts and with the dense rules.
const sparseSrc = `
def sqdist [d] (a: [d]f64) (b: [d]f64) : f64 = f64.sum (map2 (\x y -> (x - y) * (x - y)) a b)
def nearest [n][k][d] (ps: [n][d]f64) (cs: [k][d]f64) : f64 =
  f64.sum (map (\p -> f64.minimum (map (sqdist p) cs)) ps)
entry nearest_f [n][k][d] (ps: [n][d]f64) (cs: [k][d]f64) = nearest ps cs
entry nearest_g [n][k][d] (ps: [n][d]f64) (cs: [k][d]f64) = vjp (nearest ps) cs 1
entry nearest_h [n][k][d] (ps: [n][d]f64) (cs: [k][d]f64) =
  jvp (\c -> vjp (nearest ps) c 1) cs (map (map (const 1)) cs)
entry argmax_g [n] (xs: [n]f64) (w: f64) = vjp (\(xs, w) -> f64.maximum (map (\x -> w * x * x) xs)) (xs, w) 1
entry chain_g [n] (xs: [n]f64) (c: f64) =
  vjp (\(xs, c) -> f64.minimum (map (\y -> y * y + c) (map (\x -> x - c) xs))) (xs, c) 1
entry both_g [n] (xs: [n]f64) (c: f64) =
  vjp (\(xs, c) -> let ys = map (\x -> x * x * c) xs in f64.minimum ys + f64.sum ys) (xs, c) 1
entry index_g [n] (xs: [n]f64) (c: f64) =
  vjp (\(xs, c) -> let ys = map (\x -> f64.sin (x * c)) xs in ys[1] * c) (xs, c) 1
entry slice_g [n] (xs: [n]f64) (c: f64) =
  vjp (\(xs, c) -> let ys = map (\x -> x * c) xs in f64.minimum (map (\y -> y * y) ys[1:3])) (xs, c) 1
entry rows_g [n] (xs: [n][3]f64) (c: f64) =
  vjp (\(xs, c) -> let ys = map (\r -> map (* c) r) xs in f64.sum ys[2] + f64.maximum (map f64.sum ys)) (xs, c) 1
entry sum_g [n] (xs: [n]f64) (c: f64) = vjp (\(xs, c) -> f64.sum (map (\x -> f64.exp (x * c)) xs)) (xs, c) 1
`

func matrix(rows, cols int, rng *rand.Rand) interp.Value {
	a := interp.NewArray(prim.F64, []int64{int64(rows), int64(cols)})
	for i := range a.Data {
		a.Data[i] = prim.FloatValue(prim.F64, math.Round(rng.Float64()*40-20)/4)
	}
	return interp.ArrayValue(a)
}

func flatten(vs []interp.Value) []float64 {
	var out []float64
	for _, v := range vs {
		if v.Arr == nil {
			out = append(out, v.Scalar.Float())
			continue
		}
		for _, x := range v.Arr.Data {
			out = append(out, x.Float())
		}
	}
	return out
}

// sameFloats compares exactly, except that 0 equals -0 (a dense rule adds
// zero contributions that a sparse one leaves out).
func sameFloats(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && !(math.IsNaN(a[i]) && math.IsNaN(b[i])) {
			return false
		}
	}
	return true
}

// compileFull compiles src through the whole pipeline (simplified before
// and after AD) for the interpreter.
func compileFull(t *testing.T, src string) *interp.Program {
	t.Helper()
	p, err := pipeline.CompileSource("t.fut", []byte(src), nil, pipeline.Options{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	c, err := interp.Compile(p)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The rules that skip zeros and read uniform adjoints once give what the
// dense rules give, on random inputs with ties (values on a grid of
// quarters), at the empty size and at n = 1.
func TestSparseAdjointsAgainstDense(t *testing.T) {
	sparse := compileAll(t, sparseSrc)
	*rev.NoFacts = true
	dense := compileAll(t, sparseSrc)
	*rev.NoFacts = false
	rng := rand.New(rand.NewSource(5))
	for trial := 0; trial < 20; trial++ {
		n := []int{0, 1, 3, 7}[trial%4]
		if trial%4 == 0 && trial > 0 {
			n = 5
		}
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = math.Round(rng.Float64()*16-8) / 4
		}
		c := 0.5 + math.Round(rng.Float64()*8)/4
		k := 1 + trial%3
		cases := map[string][]interp.Value{
			"nearest_g": {matrix(n, 2, rng), matrix(k, 2, rng)},
			"nearest_h": {matrix(n, 3, rng), matrix(k, 3, rng)},
			"argmax_g":  {vec(xs), num(c)},
			"chain_g":   {vec(xs), num(c)},
			"both_g":    {vec(xs), num(c)},
			"sum_g":     {vec(xs), num(c)},
			"rows_g":    {matrix(n, 3, rng), num(c)},
		}
		if n >= 3 {
			cases["index_g"] = []interp.Value{vec(xs), num(c)}
			cases["slice_g"] = []interp.Value{vec(xs), num(c)}
		}
		for entry, args := range cases {
			if entry == "rows_g" && n < 3 {
				continue
			}
			got, err := sparse.Run(entry, args)
			if err != nil {
				t.Fatalf("%s (n=%d): %v", entry, n, err)
			}
			want, err := dense.Run(entry, args)
			if err != nil {
				t.Fatalf("%s dense (n=%d): %v", entry, n, err)
			}
			if g, w := flatten(got), flatten(want); !sameFloats(g, w) {
				t.Errorf("%s (n=%d, args %v): %v with sparse adjoints, %v with dense ones", entry, n, args, g, w)
			}
		}
	}
}

// The adjoint of a nearest-centroid cost reaches one centroid per point:
// its gradient, and its Hessian diagonal by forward over reverse mode,
// allocate about as much as the cost itself, not a contribution to every
// centroid from every point (n*k*d numbers).
func TestSparseMinimumIsCheap(t *testing.T) {
	sparse := compileFull(t, sparseSrc)
	*rev.NoFacts = true
	dense := compileFull(t, sparseSrc)
	*rev.NoFacts = false
	rng := rand.New(rand.NewSource(3))
	args := []interp.Value{matrix(300, 8, rng), matrix(40, 8, rng)}
	alloc := func(p *interp.Program, entry string) uint64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if _, err := p.Run(entry, args); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	alloc(sparse, "nearest_f")
	primal := alloc(sparse, "nearest_f")
	for _, e := range []string{"nearest_g", "nearest_h"} {
		s, d := alloc(sparse, e), alloc(dense, e)
		t.Logf("%s: primal %d bytes, sparse %d (%.2fx), dense %d (%.2fx)", e, primal, s, float64(s)/float64(primal), d, float64(d)/float64(primal))
		if float64(s) > 2*float64(primal) || float64(d) < 2*float64(s) {
			t.Errorf("%s allocates %d bytes with sparse adjoints, %d with dense ones, against %d for the primal", e, s, d, primal)
		}
	}
}
