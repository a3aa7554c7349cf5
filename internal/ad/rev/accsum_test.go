package rev

import (
	"math/rand"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
)

const matmulSrc = `
def matmul [n][m][p] (a: [n][m]f64) (b: [m][p]f64) : [n][p]f64 =
  map (\row -> map (\col -> f64.sum (map2 (*) row col)) (transpose b)) a
entry mm [n][m][p] (a: [n][m]f64) (b: [m][p]f64) (c: [n][p]f64) = vjp (\(a, b) -> matmul a b) (a, b) c
entry cost [n][m][p] (a: [n][m]f64) (b: [m][p]f64) (c: [n][p]f64) = f64.sum (map2 (\x y -> f64.sum (map2 (*) x y)) (matmul a b) c)
`

// hasAccumulators reports whether any statement of body, at any depth,
// makes or updates an accumulator.
func hasAccumulators(body *ir.Body) bool {
	for _, s := range body.Stms {
		switch s.Exp.(type) {
		case *ir.WithAcc, *ir.UpdAcc:
			return true
		}
		for _, b := range ir.Bodies(s.Exp) { // lambda bodies included
			if hasAccumulators(b) {
				return true
			}
		}
	}
	return false
}

// The adjoint of a matrix multiplication is two matrix multiplications
// (maps and sums), with no accumulator left (seed 000, section 6.1).
func TestMatmulWithoutAccumulators(t *testing.T) {
	p, err := lowerSource(matmulSrc)
	if err != nil {
		t.Fatal(err)
	}
	q, err := Expand(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range q.Funcs {
		if f.Name == "mm" && hasAccumulators(f.Body) {
			t.Errorf("the vjp of matmul still uses accumulators:\n%s", f.Body)
		}
	}
	// The check sees accumulators where they remain: a gather.
	g, err := lowerSource(`entry g (as: [3]f64) (is: [3]i64) = vjp (\as -> map (\i -> as[i]) is) as [1, 1, 1]`)
	if err != nil {
		t.Fatal(err)
	}
	if g, err = Expand(g); err != nil {
		t.Fatal(err)
	}
	if !hasAccumulators(g.Funcs[0].Body) {
		t.Error("no accumulator found in the vjp of a gather")
	}
}

// The matmul vector of AD-NOTES.md and finite differences at random sizes.
func TestMatmulAdjoint(t *testing.T) {
	c := compile(t, matmulSrc)
	m22 := func(xs ...float64) interp.Value { return afs([]int64{2, 2}, xs...) }
	res, err := c.Run("mm", []interp.Value{m22(1, 2, 3, 4), m22(5, 6, 7, 8), m22(1, 1, 1, 1)})
	if err != nil {
		t.Fatal(err)
	}
	got := flat(res)
	want := []float64{11, 15, 11, 15, 4, 4, 6, 6}
	for i := range want {
		if !closeTo(got[i], want[i], 1e-12) {
			t.Fatalf("vjp matmul = %v, want %v", got, want)
		}
	}
	rng := rand.New(rand.NewSource(3))
	rnd := func(k int) []float64 {
		xs := make([]float64, k)
		for i := range xs {
			xs[i] = rng.Float64()*2 - 1
		}
		return xs
	}
	for trial := 0; trial < 4; trial++ {
		n, m, p := 1+rng.Intn(4), 1+rng.Intn(4), 1+rng.Intn(4)
		a, b, cb := rnd(n*m), rnd(m*p), rnd(n*p)
		mat := func(r, c int, xs []float64) interp.Value { return afs([]int64{int64(r), int64(c)}, xs...) }
		res, err := c.Run("mm", []interp.Value{mat(n, m, a), mat(m, p, b), mat(n, p, cb)})
		if err != nil {
			t.Fatal(err)
		}
		grad := flat(res)
		// The cost is <matmul a b, c>: its gradient is the vjp at c.
		eval := func(a, b []float64) float64 {
			r, err := c.Run("cost", []interp.Value{mat(n, m, a), mat(m, p, b), mat(n, p, cb)})
			if err != nil {
				t.Fatal(err)
			}
			return r[0].Scalar.Float()
		}
		const h = 1e-6
		var fd []float64
		for _, which := range []int{0, 1} {
			xs := [][]float64{a, b}[which]
			for i := range xs {
				up, dn := append([]float64{}, xs...), append([]float64{}, xs...)
				up[i] += h
				dn[i] -= h
				if which == 0 {
					fd = append(fd, (eval(up, b)-eval(dn, b))/(2*h))
				} else {
					fd = append(fd, (eval(a, up)-eval(a, dn))/(2*h))
				}
			}
		}
		if len(grad) != len(fd) {
			t.Fatalf("%dx%dx%d: %d adjoints, want %d", n, m, p, len(grad), len(fd))
		}
		for i := range fd {
			if !closeTo(grad[i], fd[i], 1e-6) {
				t.Errorf("%dx%dx%d: vjp %v, finite differences %v", n, m, p, grad, fd)
				break
			}
		}
	}
}
