package rev

import (
	"fmt"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
)

// BenchmarkScanPatterns times the vjp of scans whose operators have
// Jacobian patterns, with the pattern rule and with the generic rule
// (NoSpecialCases), simplified as the pipeline does, in the interpreter
// at sizes n and 8n: k = 4
// independent components (ZeroQuad, q = 1), the 2x2 matrix product
// (MatrixMul, q = 2) and the 3x3 one (MatrixMul, q = 3).
func BenchmarkScanPatterns(b *testing.B) {
	for _, name := range []string{"add_mul_max_min", "mm2", "mm3"} {
		o := scanOpByName(name)
		var progs [2]*interp.Program
		for i, generic := range []bool{false, true} {
			progs[i] = compileSimplified(b, scanOpSource(o), generic)
		}
		for _, n := range []int{1000, 8000} {
			var args []interp.Value
			for j := 0; j < 2*o.k; j++ {
				xs := make([]float64, n)
				for i := range xs {
					xs[i] = 0.9 + 0.2*float64((i*7+j*3)%11)/11
				}
				args = append(args, af(xs...))
			}
			for i, rule := range []string{"pattern", "generic"} {
				b.Run(fmt.Sprintf("%s/n=%d/%s", name, n, rule), func(b *testing.B) {
					for range b.N {
						if _, err := progs[i].Run("g", args); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}
