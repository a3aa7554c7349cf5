package rev_test

import (
	"math"
	"math/rand"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ad/rev"
	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Rows of a parameter read inside maps (gathers, slices, minima, whole
// rows, rows of rows), whose adjoints go straight into the parameter's
// accumulator, against the rule that builds each row's adjoint and adds
// it to the parameter's afterwards.
const viewsSrc = `
def block [w] (row: [w]f64) (k: i64) (b: i64) : [b]f64 = map (\j -> row[k * b + j]) (iota b)
entry gather_g [m] [w] (a: [m][w]f64) (xs: [w]f64) =
  vjp (\a -> f64.sum (map (\l -> let r = a[(l * 2) % m] in f64.sum (map2 (*) (block r 1 2) (block r 0 2)) * xs[l]) (iota m))) a 1
entry slice_g [m] [w] (a: [m][w]f64) (xs: [w]f64) =
  vjp (\a -> f64.sum (map (\l -> let r = a[l] in f64.sum (map (\x -> x * x) r[1:3]) + xs[l] * f64.minimum r) (iota m))) a 1
entry rows_g [m] [w] (a: [m][w]f64) (xs: [w]f64) =
  vjp (\a -> f64.sum (map (\l -> let r = a[l] in f64.sum (map2 (*) (copy r) xs) + f64.sum (map (\i -> r[i] * r[(i + 1) % w]) (iota w))) (iota m))) a 1
entry loop_g [m] [w] (a: [m][w]f64) (xs: [w]f64) =
  vjp (\a -> loop s = 0 for l < m do let r = a[l] in s * 0.5 + f64.sum (map2 (\x y -> f64.sin (x * y)) (block r 0 2) (block r 1 2))) a 1
entry nested_g [m] [w] (a: [m][w]f64) (xs: [w]f64) =
  vjp (\a -> f64.sum (map (\x -> f64.sum (map (\l -> let r = a[l] in x * r[l % w] + r[0] * r[0]) (iota m))) xs)) a 1
entry hess_g [m] [w] (a: [m][w]f64) (xs: [w]f64) =
  jvp (\a -> vjp (\a -> f64.sum (map (\l -> let r = a[l] in f64.sum (map2 (*) (block r 1 2) (block r 0 2))) (iota m))) a 1) a (map (map (* 0.5)) a)
def tri [m] [w] (a: [m][w]f64) (xs: [w]f64) =
  let f = flatten (map (map (\x -> x * x)) a)
  in f64.sum (map (\l -> let k = l % w in f64.sum (map2 (*) (f[l:l + k] :> [k]f64) (xs[:k] :> [k]f64))
                          + f64.sum (map2 (*) (a[l, 3:0:-1] :> [3]f64) (f[l * w + 1:l * w + 4] :> [3]f64))) (iota m))
entry tri_g [m] [w] (a: [m][w]f64) (xs: [w]f64) = vjp (\a -> tri a xs) a 1
entry tri_hess_g [m] [w] (a: [m][w]f64) (xs: [w]f64) = jvp (\a -> vjp (\a -> tri a xs) a 1) a (map (map (* 0.5)) a)
entry slicerows_g [m] [w] (a: [m][w]f64) (xs: [w]f64) =
  vjp (\a -> f64.sum (map (\x -> f64.sum (map (\row -> x * f64.sum (map f64.sin row)) a[1:m])) xs)) a 1
`

func TestViewsAgainstRows(t *testing.T) {
	views := compileAll(t, viewsSrc)
	*rev.NoViews = true
	rows := compileAll(t, viewsSrc)
	*rev.NoViews = false
	rng := rand.New(rand.NewSource(21))
	for _, m := range []int{1, 3} {
		a := interp.NewArray(prim.F64, []int64{int64(m), 4})
		for i := range a.Data {
			a.Data[i] = prim.FloatValue(prim.F64, rng.Float64()*2-1)
		}
		xs := make([]float64, 4)
		for i := range xs {
			xs[i] = rng.Float64()
		}
		args := []interp.Value{interp.ArrayValue(a), vec(xs)}
		for _, e := range []string{"gather_g", "slice_g", "rows_g", "loop_g", "nested_g", "hess_g", "tri_g", "tri_hess_g", "slicerows_g"} {
			got, err := views.Run(e, args)
			if err != nil {
				t.Fatalf("%s: %v", e, err)
			}
			want, err := rows.Run(e, args)
			if err != nil {
				t.Fatalf("%s without views: %v", e, err)
			}
			g, w := flatten(got), flatten(want)
			ok := len(g) == len(w)
			for i := 0; ok && i < len(g); i++ {
				ok = math.Abs(g[i]-w[i]) <= 1e-12*math.Max(1, math.Abs(w[i]))
			}
			if !ok {
				t.Errorf("%s (m=%d): %v through views, %v through rows", e, m, g, w)
			}
		}
	}
}

// Through views the gather's return sweep allocates no zero row of its
// own per application; without them every application does.
func TestViewsAllocateNoRows(t *testing.T) {
	count := func() int {
		p, err := pipeline.CompileSource("t.fut", []byte(viewsSrc), nil, pipeline.Options{})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		var walk func(b *ir.Body, inside bool)
		walk = func(b *ir.Body, inside bool) {
			for _, s := range b.Stms {
				if r, ok := s.Exp.(*ir.Replicate); ok && inside && len(r.Shape) == 1 && r.Val.IsConst && r.Val.Const.IsZero() {
					n++
				}
				_, isMap := s.Exp.(*ir.Map)
				for _, c := range ir.Bodies(s.Exp) {
					walk(c, inside || isMap)
				}
			}
		}
		for _, f := range p.Funcs {
			if f.Name == "gather_g" {
				walk(f.Body, false)
			}
		}
		return n
	}
	if n := count(); n != 0 {
		t.Errorf("the gather's adjoint builds %d zero rows inside the map", n)
	}
	*rev.NoViews = true
	defer func() { *rev.NoViews = false }()
	if n := count(); n == 0 {
		t.Error("without views no zero row is built either: the check sees nothing")
	}
}
