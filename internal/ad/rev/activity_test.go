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

// Loops whose integer bookkeeping never depends on the active values,
// beside loops whose parameters become active through the body, each
// differentiated with the inactive parameters found (inactiveLoopParams)
// and with every parameter of an active loop taken as active.
const activitySrc = `
-- Choice b decoded digit by digit (r, used: inactive), the column found
-- by a while loop over inactive values only, the product active.
def decode [n] (a: [n]f64) (b: i64) : f64 =
  let (_, used, prod) =
    loop (r, used, prod) = (b, 0i64, 1f64) for i < 3 do
      let d = r % (3 - i)
      let (c, _) = loop (j, k) = (0, d) while k > 0 || (used >> j) & 1 == 1 do
                     if (used >> j) & 1 == 1 then (j + 1, k) else (j + 1, k - 1)
      in (r / (3 - i), used | (1 << c), prod * a[c] + f64.i64 c)
  in prod * f64.i64 (used + 1)
entry decode_sum [n] (a: [n]f64) = f64.sum (map (decode a) (iota 6))
entry decode_g [n] (a: [n]f64) = vjp (\a -> f64.sum (map (decode a) (iota 6))) a 1
-- t starts inactive and becomes active through c; s is active.
entry through_g [n] (a: [n]f64) (c: f64) =
  vjp (\(a, c) -> (loop (s, t) = (0, 1) for i < n do (s + a[i] * t, t * c)).0) (a, c) 1
-- Swapped parameters: b becomes active through a.
entry swap_g [n] (a: [n]f64) =
  vjp (\a -> let (x, y) = loop (x, y) = (a[0], 0) for i < 3 do (y * 2, x + f64.i64 i) in x * y + y) a 1
-- An integer loop differentiated with integer adjoints: k stays inactive.
entry ints_g (x: i64) = vjp (\x -> (loop (acc, k) = (x, 1) for i < 4 do (acc * k + x, k + 1)).0) x 1
-- Under forward mode (a Hessian-vector product) and under mjp.
entry hvp_g [n] (a: [n]f64) =
  jvp (\a -> vjp (\a -> let s = f64.sum (map (decode a) (iota 6)) in s * s) a 1) a (map (* 0.5) a)
entry mjp_g [n] (a: [n]f64) = mjp (\a -> [decode a 4, decode a 5]) a [[1, 0], [0.5, 2]]
`

func TestLoopActivityAgainstAllActive(t *testing.T) {
	fast := compileAll(t, activitySrc)
	*rev.NoLoopActivity = true
	slow := compileAll(t, activitySrc)
	*rev.NoLoopActivity = false
	rng := rand.New(rand.NewSource(5))
	for trial := 0; trial < 4; trial++ {
		a := make([]float64, 3+trial)
		for i := range a {
			a[i] = rng.Float64()*2 - 1
		}
		c := 0.5 + rng.Float64()
		for _, tc := range []struct {
			entry string
			args  []interp.Value
		}{
			{"decode_g", []interp.Value{vec(a)}},
			{"through_g", []interp.Value{vec(a), num(c)}},
			{"swap_g", []interp.Value{vec(a)}},
			{"ints_g", []interp.Value{interp.ScalarValue(prim.IntValue(prim.I64, int64(trial+2)))}},
			{"hvp_g", []interp.Value{vec(a)}},
			{"mjp_g", []interp.Value{vec(a)}},
		} {
			got, err := fast.Run(tc.entry, tc.args)
			if err != nil {
				t.Fatalf("%s: %v", tc.entry, err)
			}
			want, err := slow.Run(tc.entry, tc.args)
			if err != nil {
				t.Fatalf("%s, all active: %v", tc.entry, err)
			}
			g, w := flatten(got), flatten(want)
			ok := len(g) == len(w) && len(g) > 0
			for i := 0; ok && i < len(g); i++ {
				ok = math.Abs(g[i]-w[i]) <= 1e-12*math.Max(1, math.Abs(w[i]))
			}
			if !ok {
				t.Errorf("%s (trial %d): %v with inactive loop parameters, %v with all active", tc.entry, trial, g, w)
			}
		}
	}
}

// The gradient with inactive loop parameters against central differences
// of the primal: an oracle independent of either rule.
func TestLoopActivityAgainstDifferences(t *testing.T) {
	p := compileAll(t, activitySrc)
	a := []float64{0.7, -1.3, 0.4, 2.1}
	at := func(x []float64) float64 {
		res, err := p.Run("decode_sum", []interp.Value{vec(x)})
		if err != nil {
			t.Fatal(err)
		}
		return flatten(res)[0]
	}
	res, err := p.Run("decode_g", []interp.Value{vec(a)})
	if err != nil {
		t.Fatal(err)
	}
	grad := flatten(res)
	const h = 1e-6
	for i := range a {
		xp, xm := append([]float64{}, a...), append([]float64{}, a...)
		xp[i] += h
		xm[i] -= h
		fd := (at(xp) - at(xm)) / (2 * h)
		if math.Abs(fd-grad[i]) > 1e-6*math.Max(1, math.Abs(fd)) {
			t.Errorf("d/da[%d]: vjp %v, central difference %v", i, grad[i], fd)
		}
	}
}

// The decoding's while loop reads inactive values only, so its return
// sweep neither counts its iterations first nor reruns it as a for loop:
// fewer loops are left than when every parameter is active.
func TestInactiveWhileLoopsRunOnce(t *testing.T) {
	loops := func() int {
		p, err := pipeline.CompileSource("t.fut", []byte(activitySrc), nil, pipeline.Options{Verify: true})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		var walk func(b *ir.Body)
		walk = func(b *ir.Body) {
			for _, s := range b.Stms {
				if _, ok := s.Exp.(*ir.Loop); ok {
					n++
				}
				for _, c := range ir.Bodies(s.Exp) {
					walk(c)
				}
			}
		}
		for _, f := range p.Funcs {
			if f.Name == "decode_g" {
				walk(f.Body)
			}
		}
		return n
	}
	fast := loops()
	*rev.NoLoopActivity = true
	defer func() { *rev.NoLoopActivity = false }()
	slow := loops()
	if fast >= slow {
		t.Errorf("the gradient has %d loops with inactive loop parameters found, %d without", fast, slow)
	}
	t.Logf("%d loops, %d with every parameter active", fast, slow)
}
