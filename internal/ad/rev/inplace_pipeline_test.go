package rev_test

import (
	"runtime"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ad/rev"
	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
)

// The loops of in-place updates in ifs stay linear through the whole
// pipeline (simplified before and after differentiation), not only right
// after lowering: bytes allocated at 8n are about 8 times those at n.
func TestInplaceLinearThroughPipeline(t *testing.T) {
	src := rev.UpdateLoopSource + rev.InplaceCostSource()
	p, err := pipeline.CompileSource("t.fut", []byte(src), nil, pipeline.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := interp.Compile(p)
	if err != nil {
		t.Fatal(err)
	}
	alloc := func(entry string, n int) uint64 {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = 0.5 + float64((i*7)%11)/20
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if _, err := c.Run(entry, []interp.Value{vec(xs), num(0.9)}); err != nil {
			t.Fatalf("%s: %v", entry, err)
		}
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	for _, e := range rev.InplaceCostEntries() {
		alloc(e, 50)
		small, large := alloc(e, 400), alloc(e, 3200)
		if ratio := float64(large) / float64(small); ratio > 12 {
			t.Errorf("%s: %d bytes at n=400, %d at n=3200 (ratio %.1f, want about 8)", e, small, large, ratio)
		}
	}
}
