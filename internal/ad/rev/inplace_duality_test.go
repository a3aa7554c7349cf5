package rev_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ad/rev"
)

// <J^T 1, dx> = <1, J dx> for the programs with in-place updates in ifs
// and loops: the vjp against forward mode, which updates no copies.
func TestInplaceDuality(t *testing.T) {
	var src strings.Builder
	src.WriteString(rev.InplaceSource())
	for _, name := range rev.InplaceNames() {
		fmt.Fprintf(&src, "entry %s_j [n] (xs: [n]f64) (y: f64) (dxs: [n]f64) (dy: f64) = jvp (\\(xs, y) -> t_%s xs y) (xs, y) (dxs, dy)\n", name, name)
	}
	c := compileAll(t, src.String())
	rng := rand.New(rand.NewSource(23))
	for _, name := range rev.InplaceNames() {
		for trial := 0; trial < 3; trial++ {
			n := 6
			xs, dxs := make([]float64, n), make([]float64, n)
			for i := range xs {
				xs[i], dxs[i] = 0.2+rng.Float64(), rng.Float64()*2-1
			}
			y, dy := 0.3+rng.Float64(), rng.Float64()*2-1
			if !checkDuality(t, c, name, xs, y, dxs, dy) {
				break
			}
		}
	}
}
