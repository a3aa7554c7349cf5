package rad

import (
	"math"
	"sync"
	"sync/atomic"
	"unsafe"
)

// pending is an adjoint contribution to a job of an enclosing task, kept
// back in deterministic mode so that contributions are added in an order
// fixed by the job graph rather than by the scheduler.
type pending struct {
	job int32
	idx int32
	d   float64
}

// sweep is one reverse pass over a tape: the adjoint of every entry,
// indexed like the segments.
type sweep struct {
	adj           [][]float64
	buf           []float64 // backing array of adj
	taskOf        []int32   // preorder number of each job's task
	parallel      bool
	deterministic bool
}

// spareAdjoints holds adjoint buffers of finished sweeps for reuse.
var spareAdjoints sync.Pool

func (t *Tape) newSweep() *sweep {
	s := &sweep{
		adj:           make([][]float64, len(t.segs)),
		taskOf:        t.taskOf,
		parallel:      !t.cfg.Sequential,
		deterministic: t.cfg.Deterministic || t.cfg.Sequential,
	}
	n := 0
	for _, seg := range t.segs {
		n += seg.nEnds
	}
	if p, _ := spareAdjoints.Get().(*[]float64); p != nil && cap(*p) >= n {
		s.buf = (*p)[:n]
		clear(s.buf)
	} else {
		s.buf = make([]float64, n)
	}
	buf := s.buf
	for i, seg := range t.segs {
		s.adj[i], buf = buf[:seg.nEnds:seg.nEnds], buf[seg.nEnds:]
	}
	return s
}

// release returns the sweep's adjoints for reuse; s must not be used
// afterwards.
func (s *sweep) release() {
	buf := s.buf
	s.adj, s.buf = nil, nil
	spareAdjoints.Put(&buf)
}

// task resolves a task: its jobs from last to first, and before each job
// the subtasks that were forked after it, in parallel. It returns the
// contributions it owes to enclosing tasks (in deterministic mode only).
func (s *sweep) task(g *taskGraph) []pending {
	var out []pending
	for k := len(g.jobs) - 1; k >= 0; k-- {
		out = s.job(g, g.jobs[k], out)
		if k == 0 {
			break
		}
		kids := g.forks[k-1]
		owed := make([][]pending, len(kids))
		if s.parallel && len(kids) > 1 {
			var wg sync.WaitGroup
			for i := 1; i < len(kids); i++ {
				wg.Go(func() { owed[i] = s.task(kids[i]) })
			}
			owed[0] = s.task(kids[0])
			wg.Wait()
		} else {
			for i, kid := range kids {
				owed[i] = s.task(kid)
			}
		}
		for _, ps := range owed {
			for _, p := range ps {
				if g.owns(s.taskOf[p.job]) {
					s.adj[p.job][p.idx] += p.d
				} else {
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// job resolves the entries of one job in decreasing ID order, pushing each
// adjoint to the entry's operands. Operands in g's quiet range (g and the
// tasks nested in it, or more if g was forked alone) are updated directly:
// nothing else runs on them now. Other operands come from before an
// enclosing fork, where a concurrent sibling may update them too, so they
// are updated atomically or deferred to out.
func (s *sweep) job(g *taskGraph, seg *segment, out []pending) []pending {
	if sweepJobHook != nil {
		sweepJobHook(seg.id)
	}
	adj := s.adj[seg.id]
	ends, ops := seg.entries(), seg.operands()
	for k := len(ends) - 1; k >= 0; k-- {
		a := adj[k]
		if a == 0 {
			continue
		}
		lo := int32(0)
		if k > 0 {
			lo = ends[k-1]
		}
		for _, o := range ops[lo:ends[k]] {
			switch {
			case o.job == seg.id:
				adj[o.idx] += a * o.d
			case g.quiet(s.taskOf[o.job]):
				s.adj[o.job][o.idx] += a * o.d
			case s.deterministic:
				out = append(out, pending{o.job, o.idx, a * o.d})
			default:
				atomicAdd(&s.adj[o.job][o.idx], a*o.d)
			}
		}
	}
	return out
}

// sweepJobHook, if set, is called as the reverse sweep starts each job;
// tests use it to observe the sweep's parallelism.
var sweepJobHook func(job int32)

// atomicAdd adds d to *p atomically; Go has no atomic float64 add.
func atomicAdd(p *float64, d float64) {
	u := (*uint64)(unsafe.Pointer(p))
	for {
		old := atomic.LoadUint64(u)
		if atomic.CompareAndSwapUint64(u, old, math.Float64bits(math.Float64frombits(old)+d)) {
			return
		}
	}
}
