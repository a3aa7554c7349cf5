package rt

import (
	"fmt"
	"testing"
)

// BenchmarkTransposeInto times 2-D transposes of shapes the workloads
// have: a Jacobian of few columns transposed to rows (153600 x 28, whose
// destination rows lie a multiple of 4 KiB apart), its inverse, square
// ones, and the narrow matrices of per-vertex weights.
func BenchmarkTransposeInto(b *testing.B) {
	for _, sh := range [][2]int64{{153600, 28}, {28, 153600}, {2048, 2048}, {1000, 1000}, {80000, 100}, {4, 10000}, {22, 10000}, {10000, 22}} {
		rows, cols := sh[0], sh[1]
		src := make([]float64, rows*cols)
		dst := make([]float64, rows*cols)
		b.Run(fmt.Sprintf("%dx%d", rows, cols), func(b *testing.B) {
			b.SetBytes(rows * cols * 8)
			for range b.N {
				transposeInto(dst, src, rows, cols)
			}
		})
	}
}
