package rev

import (
	"runtime"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
)

const updateLoopSrc = `
def f [n] (xs: [n]f64) (y: f64) : f64 =
  f64.sum (loop ys = copy xs for i < n do ys with [i] = ys[i] * ys[(i + 1) % n] * y + 0.5)
entry upd_g [n] (xs: [n]f64) (y: f64) = vjp (\(xs, y) -> f xs y) (xs, y) 1
`

// allocated is the number of bytes the interpreter allocates running
// entry on args: a count of the elements it creates, not a time.
func allocated(t *testing.T, p *interp.Program, entry string, args []interp.Value) uint64 {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := p.Run(entry, args); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A loop of n in-place updates has a vjp whose work is linear in n: at 8n
// it allocates about 8 times as much, where checkpointing the array every
// iteration would allocate 64 times as much.
func TestUpdateLoopIsLinear(t *testing.T) {
	p := compile(t, updateLoopSrc)
	at := func(n int) uint64 {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = 0.5 + float64(i%5)/10
		}
		return allocated(t, p, "upd_g", []interp.Value{af(xs...), sf(0.9)})
	}
	at(50) // the first run allocates the interpreter's frames
	small, large := at(500), at(4000)
	if ratio := float64(large) / float64(small); ratio > 12 {
		t.Errorf("vjp of %d in-place updates allocates %d bytes, of %d: %d bytes (ratio %.1f, want about 8)", 500, small, 4000, large, ratio)
	} else {
		t.Logf("allocated %d and %d bytes (ratio %.1f)", small, large, ratio)
	}
}
