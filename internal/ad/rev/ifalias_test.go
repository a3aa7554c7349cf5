package rev

import (
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/opt"
)

// An if whose branches return the same outer adjoint at different
// results (here the adjoint of the loop's x is the adjoint of x' in one
// branch and of x in the other) must not mark those results owned: the
// verifier takes each result to alias whatever either branch returns
// there, and an in-place update of one would consume the other. The
// program is bench/solver.fut's gradient descent; the minimiser of
// (x - 3)^2 does not depend on the start, so the derivative is about 0.
func TestIfResultsSharingAnAdjoint(t *testing.T) {
	const src = `
def norm [n] (v: [n]f64) : f64 = f64.sqrt (f64.sum (map (\a -> a * a) v))
def argmin [n] (f: [n]f64 -> f64) (g: [n]f64 -> [n]f64) (x0: [n]f64) : [n]f64 =
  let (x, _, _, _, _, _) =
    loop (x, fx, gx, eta, i, go) = (x0, f x0, g x0, 1e-5, 0i64, true) while go do
      if norm gx <= 1e-5 then (x, fx, gx, eta, i, false)
      else if i == 10 then (x, fx, gx, 2 * eta, 0, true)
      else
        let x' = map2 (\a b -> a - eta * b) x gx
        in if norm (map2 (-) x x') <= 1e-5 then (x, fx, gx, eta, i, false)
           else
             let fx' = f x'
             in if fx' < fx then (x', fx', g x', eta, i + 1, true)
                else (x, fx, gx, eta / 2, 0, true)
  in x
def f (x: [1]f64) : f64 = (x[0] - 3) * (x[0] - 3)
def g (x: [1]f64) : [1]f64 = [2 * (x[0] - 3)]
entry main (w: f64) = vjp (\w -> (argmin f g [w])[0]) w 1
`
	// Simplified first, as the pipeline does: that is the shape of if
	// that shares the adjoint.
	lowered, err := lowerSource(src)
	if err != nil {
		t.Fatal(err)
	}
	simple, err := opt.Simplify(lowered)
	if err != nil {
		t.Fatal(err)
	}
	q, err := Expand(simple)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(q); err != nil {
		t.Fatalf("the vjp does not verify: %v", err)
	}
	p, err := interp.Compile(q)
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.Run("main", []interp.Value{sf(0.5)})
	if err != nil {
		t.Fatal(err)
	}
	if got := flat(res)[0]; got < -1e-4 || got > 1e-4 {
		t.Errorf("derivative of the minimiser %g, want about 0", got)
	}
}
