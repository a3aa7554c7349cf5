package rev_test

import (
	"math"
	"math/rand"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ad/rev"
	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
)

// Loops that accumulate (a' = a + g with g independent of the active
// parameters), and loops that look alike but do not, each differentiated
// with the forward-running return sweep and with checkpoints.
const sumLoopSrc = `
-- A polynomial by powers: p is inactive, acc accumulates.
def poly [m] (x: [m]f64) (t: f64) : f64 =
  (loop (acc, p) = (0, 1) for j < m do (acc + x[j] * p, p * t)).0
entry poly_g [m] (x: [m]f64) (t: f64) = vjp (\x -> poly x t) x 1
-- Both the coefficients and the point are differentiated: p is active
-- and is not accumulated, so the rule does not apply.
entry polyt_g [m] (x: [m]f64) (t: f64) = vjp (\(x, t) -> poly x t) (x, t) 1
-- Two accumulators, a free scalar, the result of the loop used twice.
entry two_g [m] (x: [m]f64) (t: f64) =
  vjp (\(x, c) -> let (a, b, _) = loop (a, b, k) = (c, 0, 1) for j < m do (a + f64.sin (x[j] * c) * k, x[j] * k + b, k * 0.5)
                  in a * b + a) (x, t) 1
-- An inactive array parameter updated in place, and a nested loop.
entry inner_g [m] (x: [m]f64) (t: f64) =
  vjp (\x -> (loop (acc, ws) = (0, replicate m 1) for j < m do
                let w = loop s = 0 for i < j do s + ws[i]
                in (acc + x[j] * w * t, ws with [j] = w + 1)).0) x 1
-- The accumulator is read by something else: not accumulating.
entry reads_g [m] (x: [m]f64) (t: f64) =
  vjp (\x -> loop acc = 0 for j < m do acc + x[j] * f64.cos acc * t) x 1
-- Under forward mode (a Hessian-vector product) and under mjp.
entry hvp_g [m] (x: [m]f64) (t: f64) =
  jvp (\x -> vjp (\x -> let p = poly x t in p * p) x 1) x (map (\y -> y * 0.5) x)
entry mjp_g [m] (x: [m]f64) (t: f64) =
  mjp (\x -> [poly x t, poly x (t * 2)]) x [[1, 0], [0.5, 2]]
`

func TestSumLoopsAgainstCheckpoints(t *testing.T) {
	fast := compileAll(t, sumLoopSrc)
	*rev.NoSumLoops = true
	ckpt := compileAll(t, sumLoopSrc)
	*rev.NoSumLoops = false
	rng := rand.New(rand.NewSource(9))
	for _, m := range []int{0, 1, 4, 9} {
		x := make([]float64, m)
		for i := range x {
			x[i] = rng.Float64()*2 - 1
		}
		tv := 0.3 + rng.Float64()
		for _, e := range []string{"poly_g", "polyt_g", "two_g", "inner_g", "reads_g", "hvp_g", "mjp_g"} {
			args := []interp.Value{vec(x), num(tv)}
			got, err := fast.Run(e, args)
			if err != nil {
				t.Fatalf("%s (m=%d): %v", e, m, err)
			}
			want, err := ckpt.Run(e, args)
			if err != nil {
				t.Fatalf("%s checkpointed (m=%d): %v", e, m, err)
			}
			g, w := flatten(got), flatten(want)
			ok := len(g) == len(w)
			for i := 0; ok && i < len(g); i++ {
				ok = math.Abs(g[i]-w[i]) <= 1e-12*math.Max(1, math.Abs(w[i]))
			}
			if !ok {
				t.Errorf("%s (m=%d): %v with the accumulating rule, %v with checkpoints", e, m, g, w)
			}
		}
	}
}

// The polynomial's gradient checkpoints nothing: no scratch array for the
// powers is left after simplification, where the checkpointing rule
// needs one.
func TestSumLoopSavesNothing(t *testing.T) {
	scratches := func() int {
		p, err := pipeline.CompileSource("t.fut", []byte(sumLoopSrc), nil, pipeline.Options{Verify: true})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, f := range p.Funcs {
			if f.Name != "poly_g" {
				continue
			}
			var walk func(b *ir.Body)
			walk = func(b *ir.Body) {
				for _, s := range b.Stms {
					if _, ok := s.Exp.(*ir.Scratch); ok {
						n++
					}
					for _, c := range ir.Bodies(s.Exp) {
						walk(c)
					}
				}
			}
			walk(f.Body)
		}
		return n
	}
	if n := scratches(); n != 0 {
		t.Errorf("the gradient of a polynomial loop allocates %d checkpoint arrays", n)
	}
	*rev.NoSumLoops = true
	defer func() { *rev.NoSumLoops = false }()
	if n := scratches(); n == 0 {
		t.Error("the checkpointing rule saves nothing either: the check sees no checkpoints")
	}
}
