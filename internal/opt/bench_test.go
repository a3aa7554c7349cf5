package opt

import (
	"math/rand"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ir"
)

// BenchmarkSimplify simplifies a fixed batch of random programs.
func BenchmarkSimplify(b *testing.B) {
	g := &gen{r: rand.New(rand.NewSource(3))}
	var progs []*ir.Program
	for k := 0; k < 50; k++ {
		progs = append(progs, g.program(k%2 == 0))
	}
	b.ResetTimer()
	for range b.N {
		for _, p := range progs {
			if _, err := Simplify(p); err != nil {
				b.Fatal(err)
			}
		}
	}
}
