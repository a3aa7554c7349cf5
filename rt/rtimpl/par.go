// Code generated from package rt by fluxion's Go backend. DO NOT EDIT.

package rtimpl

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// MaxChunks bounds the number of chunks a parallel loop is split into. The
// chunking depends only on the problem size and a per-site grain, never on
// the number of cores, so reductions combine the same partial results in
// the same order on any machine.
const MaxChunks = 64

// Chunking returns the chunk size and count for n iterations with at least
// grain iterations per chunk.
func Chunking(n, grain int64) (size, count int64) {
	if n <= 0 {
		return 1, 0
	}
	size = (n + MaxChunks - 1) / MaxChunks
	if size < grain {
		size = grain
	}
	return size, (n + size - 1) / size
}

// Pool is a set of worker goroutines fed through a channel of jobs. It
// grows to GOMAXPROCS-1 workers (the caller of a parallel loop is the
// last worker) whenever a loop finds GOMAXPROCS larger than before.
type Pool struct {
	Mu      sync.Mutex
	Jobs    chan func()
	Workers int
}

var ThePool = &Pool{Jobs: make(chan func(), 256)}

// Size returns the current GOMAXPROCS, starting workers up to it.
func (p *Pool) Size() int {
	n := runtime.GOMAXPROCS(0)
	p.Mu.Lock()
	for p.Workers < n-1 {
		p.Workers++
		go func() {
			for job := range p.Jobs {
				job()
			}
		}()
	}
	p.Mu.Unlock()
	return n
}

// ParChunks runs body(c, lo, hi) for every chunk c of [0, n) (see chunking),
// on the pool and the calling goroutine. A failure in a chunk is re-raised
// in the caller after all chunks stop; when several chunks fail, the one
// with the lowest index wins, which is the failure a sequential run meets
// first.
func ParChunks(n, grain int64, body func(c, lo, hi int64)) {
	size, count := Chunking(n, grain)
	if count == 0 {
		return
	}
	p := ThePool
	procs := int64(p.Size())
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
		case p.Jobs <- run:
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

// ParFor runs body(lo, hi) over the chunks of [0, n) in parallel.
func ParFor(n, grain int64, body func(lo, hi int64)) {
	ParChunks(n, grain, func(_, lo, hi int64) { body(lo, hi) })
}

// NumChunks is the number of chunks parChunks uses for n and grain.
func NumChunks(n, grain int64) int64 {
	_, c := Chunking(n, grain)
	return c
}

// ChunkSize is the size of the chunks parChunks uses for n and grain:
// chunk c is [c*size, min((c+1)*size, n)).
func ChunkSize(n, grain int64) int64 {
	s, _ := Chunking(n, grain)
	return s
}

// OneProc reports whether parallel loops run on the calling goroutine
// alone (GOMAXPROCS is 1), where a parallel scan's phases run as one pass
// over its rows rather than two.
func OneProc() bool { return runtime.GOMAXPROCS(0) == 1 }

// Winners records, for every element of a scatter destination, the last
// input index that writes it, so that a parallel scatter keeps the
// sequential meaning (the last write wins) whatever the schedule.
type Winners []atomic.Int64

func NewWinners(n int64) Winners {
	w := make(Winners, n)
	for i := range w {
		w[i].Store(-1)
	}
	return w
}

// Claim records that input j writes element off.
func (w Winners) Claim(off, j int64) {
	for {
		old := w[off].Load()
		if old >= j || w[off].CompareAndSwap(old, j) {
			return
		}
	}
}

// Won reports whether input j is the last to write element off.
func (w Winners) Won(off, j int64) bool { return w[off].Load() == j }
