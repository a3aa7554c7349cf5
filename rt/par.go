package rt

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// maxChunks bounds the number of chunks a parallel loop is split into. The
// chunking depends only on the problem size and a per-site grain, never on
// the number of cores, so reductions combine the same partial results in
// the same order on any machine.
const maxChunks = 64

// chunking returns the chunk size and count for n iterations with at least
// grain iterations per chunk.
func chunking(n, grain int64) (size, count int64) {
	if n <= 0 {
		return 1, 0
	}
	size = (n + maxChunks - 1) / maxChunks
	if size < grain {
		size = grain
	}
	return size, (n + size - 1) / size
}

// pool is a set of worker goroutines fed through a channel of jobs. It
// grows to GOMAXPROCS-1 workers (the caller of a parallel loop is the
// last worker) whenever a loop finds GOMAXPROCS larger than before.
type pool struct {
	mu      sync.Mutex
	jobs    chan func()
	workers int
}

var thePool = &pool{jobs: make(chan func(), 256)}

// size returns the current GOMAXPROCS, starting workers up to it.
func (p *pool) size() int {
	n := runtime.GOMAXPROCS(0)
	p.mu.Lock()
	for p.workers < n-1 {
		p.workers++
		go func() {
			for job := range p.jobs {
				job()
			}
		}()
	}
	p.mu.Unlock()
	return n
}

// parChunks runs body(c, lo, hi) for every chunk c of [0, n) (see chunking),
// on the pool and the calling goroutine. A failure in a chunk is re-raised
// in the caller after all chunks stop; when several chunks fail, the one
// with the lowest index wins, which is the failure a sequential run meets
// first.
func parChunks(n, grain int64, body func(c, lo, hi int64)) {
	size, count := chunking(n, grain)
	if count == 0 {
		return
	}
	p := thePool
	procs := int64(p.size())
	if count == 1 || procs == 1 {
		for c := range count {
			lo := c * size
			body(c, lo, min(lo+size, n))
		}
		return
	}
	var (
		next    atomic.Int64
		pending sync.WaitGroup
		mu      sync.Mutex
		failed  atomic.Int64 // the lowest failed chunk, or count
		failure any
	)
	failed.Store(count)
	// Only claimed chunks are waited for: a helper that starts after every
	// chunk is claimed does nothing, so a caller never waits for a job still
	// queued behind busy workers (nested parallel loops, e.g. in recursive
	// functions called from a parallel map, cannot deadlock). A worker
	// marks the chunks it ran done once, when it stops.
	pending.Add(int(count))
	run := func() {
		ran := 0
		defer func() { pending.Add(-ran) }()
		for {
			c := next.Add(1) - 1
			if c >= count {
				return
			}
			ran++
			if failed.Load() < c {
				continue
			}
			func() {
				defer func() {
					if r := recover(); r != nil {
						mu.Lock()
						if c < failed.Load() {
							failed.Store(c)
							failure = r
						}
						mu.Unlock()
					}
				}()
				lo := c * size
				body(c, lo, min(lo+size, n))
			}()
		}
	}
	helpers := min(procs, count) - 1
	for range helpers {
		select {
		case p.jobs <- run:
		default: // the pool is busy; the caller does the work
		}
	}
	run()
	pending.Wait()
	if failed.Load() < count {
		mu.Lock()
		defer mu.Unlock()
		panic(failure)
	}
}

// parFor runs body(lo, hi) over the chunks of [0, n) in parallel.
func parFor(n, grain int64, body func(lo, hi int64)) {
	parChunks(n, grain, func(_, lo, hi int64) { body(lo, hi) })
}

// numChunks is the number of chunks parChunks uses for n and grain.
func numChunks(n, grain int64) int64 {
	_, c := chunking(n, grain)
	return c
}

// chunkSize is the size of the chunks parChunks uses for n and grain:
// chunk c is [c*size, min((c+1)*size, n)).
func chunkSize(n, grain int64) int64 {
	s, _ := chunking(n, grain)
	return s
}

// oneProc reports whether parallel loops run on the calling goroutine
// alone (GOMAXPROCS is 1), where a parallel scan's phases run as one pass
// over its rows rather than two.
func oneProc() bool { return runtime.GOMAXPROCS(0) == 1 }

// winners records, for every element of a scatter destination, the last
// input index that writes it, so that a parallel scatter keeps the
// sequential meaning (the last write wins) whatever the schedule.
type winners []atomic.Int64

func newWinners(n int64) winners {
	w := make(winners, n)
	for i := range w {
		w[i].Store(-1)
	}
	return w
}

// claim records that input j writes element off.
func (w winners) claim(off, j int64) {
	for {
		old := w[off].Load()
		if old >= j || w[off].CompareAndSwap(old, j) {
			return
		}
	}
}

// won reports whether input j is the last to write element off.
func (w winners) won(off, j int64) bool { return w[off].Load() == j }
