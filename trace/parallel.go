package trace

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Data-parallel loops split n iterations into at most maxChunks chunks
// whose bounds depend only on n and the work per iteration, never on the
// number of cores. Sums over chunks are added in chunk order, so results
// are bitwise the same with any number of workers.
const maxChunks = 64

// grainWork is about how many operations one chunk should hold at least.
const grainWork = 8192

// numChunks returns how many chunks n iterations of about work operations
// each are split into.
func numChunks(n, work int) int {
	if n <= 0 {
		return 0
	}
	grain := max(1, grainWork/max(work, 1))
	return min(maxChunks, (n+grain-1)/grain)
}

// chunkBounds returns the iterations of chunk c of nc.
func chunkBounds(n, c, nc int) (lo, hi int) {
	return int(int64(c) * int64(n) / int64(nc)), int(int64(c+1) * int64(n) / int64(nc))
}

// workers returns the number of goroutines a Config allows.
func (c Config) workers() int {
	if c.Workers > 0 {
		return c.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// parFor runs body(c) for every chunk c < nc on up to w goroutines (the
// caller's included).
func parFor(w, nc int, body func(c int)) {
	parForScratch(w, nc, func() struct{} { return struct{}{} }, func(c int, _ struct{}) { body(c) })
}

// parForScratch is parFor where every goroutine first makes its scratch
// space with init and passes it to body for each of its chunks.
func parForScratch[S any](w, nc int, init func() S, body func(c int, s S)) {
	if nc == 0 {
		return
	}
	if w <= 1 || nc <= 1 {
		s := init()
		for c := range nc {
			body(c, s)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	var perr any
	var once sync.Once
	run := func() {
		defer func() {
			if r := recover(); r != nil {
				once.Do(func() { perr = r })
			}
		}()
		var s S
		started := false
		for {
			c := int(next.Add(1) - 1)
			if c >= nc {
				return
			}
			if !started {
				s, started = init(), true
			}
			body(c, s)
		}
	}
	for range min(w, nc) - 1 {
		wg.Go(run)
	}
	run()
	wg.Wait()
	if perr != nil {
		panic(perr)
	}
}

// sumChunks adds the chunk sums of f over [0, n) in chunk order.
func sumChunks(w, n, work int, f func(lo, hi int) float64) float64 {
	nc := numChunks(n, work)
	if nc == 0 {
		return 0
	}
	parts := make([]float64, nc)
	parFor(w, nc, func(c int) {
		lo, hi := chunkBounds(n, c, nc)
		parts[c] = f(lo, hi)
	})
	s := parts[0]
	for _, p := range parts[1:] {
		s += p
	}
	return s
}
