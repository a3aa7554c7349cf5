package check

import (
	"sync"
	"testing"
)

// TestConcurrentChecks checks programs from several goroutines: the cached
// prelude is shared and must only be read (run with -race).
func TestConcurrentChecks(t *testing.T) {
	srcs := []string{
		"def main (xs: []f32) = map (+1) xs |> f32.sum",
		"module M = { def x = 1i32 } def main = M.x + i32.sum [1, 2]",
		"def main (n: i64) = tabulate n (\\i -> f64.i64 i) |> reverse",
		"def main (x: f64) = vjp f64.sin x 1",
	}
	var wg sync.WaitGroup
	errs := make([]error, 4*len(srcs))
	for i := range errs {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			_, errs[i] = CheckSource("c.fut", []byte(srcs[i%len(srcs)]), nil)
		}(i)
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("%s: %v", srcs[i%len(srcs)], err)
		}
	}
}
