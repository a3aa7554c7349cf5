package trace

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// The reverse pass (section 4 of the seed). Every use of a traced value
// as an operand has a slot, handed out when the use is recorded; a node's
// reference count is its number of slots. The reverse pass writes each
// partial adjoint into its slot and counts arrivals; the node whose last
// partial arrives is ready: its slots are added in slot order (so the sum
// does not depend on which partial arrived first) and its operation gives
// partial adjoints to its operands. This is Kahn's topological order
// discovered on the way, so independent nodes are reversed in parallel
// tasks (section 4.4), while the result is bitwise that of any other
// order.

// adjKind says how a partial adjoint of an array is represented (section
// 4.2: dense and sparse adjoints).
type adjKind uint8

const (
	adjNone  adjKind = iota // no partial (a use by dead code)
	adjDense                // d holds one adjoint per element
	adjOne                  // v at element i (from At)
	adjRange                // d holds the adjoints of elements i, i+1, ... (from Slice)
	adjAll                  // v at every element (from Sum)
)

type adjoint struct {
	kind  adjKind
	i     int
	v     float64
	d     []float64
	owned bool // adjDense: nothing else refers to d, so it may be reused
}

// sweep is the state of one reverse pass over a finished recording.
type sweep struct {
	rec     *recording
	workers int
	refs    []int32 // reference counts (uses, output seeds included)
	arrived []atomic.Int32
	live    []bool
	soff    []int32     // first slot of each scalar node in spart
	spart   []float64   // scalar partial adjoints, one per slot
	apart   [][]adjoint // array partial adjoints, one per slot
	grad    []float64

	mu      sync.Mutex
	cond    *sync.Cond
	shared  []int32
	idle    int
	nshared atomic.Int32
	left    atomic.Int64
	stopped atomic.Bool
	err     error
}

// forEachUse calls f for every traced operand of node id.
func (r *recording) forEachUse(id int32, f func(u use)) {
	n := &r.nodes[id]
	if n.x != 0 {
		for _, u := range r.exts[n.x].uses {
			f(u)
		}
		return
	}
	if n.a != 0 {
		f(use{n.a, n.sa})
	}
	if n.b != 0 {
		f(use{n.b, n.sb})
	}
}

// newSweep prepares a reverse pass seeded at the outputs. Liveness comes
// first: a value used only by dead code (code the outputs do not depend
// on) would otherwise wait forever for partial adjoints that never come,
// so uses by dead nodes count as arrived from the start.
func (tr *Trace) newSweep(workers int) *sweep {
	r := tr.rec
	N := len(r.nodes)
	s := &sweep{rec: r, workers: max(workers, 1), refs: make([]int32, N), arrived: make([]atomic.Int32, N), live: make([]bool, N)}
	s.cond = sync.NewCond(&s.mu)
	if tr.outID != 0 {
		s.live[tr.outID] = true
	}
	for id := int32(N - 1); id >= 1; id-- {
		s.refs[id] = r.nodes[id].uses
		if s.live[id] {
			r.forEachUse(id, func(u use) { s.live[u.id] = true })
		} else {
			r.forEachUse(id, func(u use) { s.arrived[u.id].Add(1) })
		}
	}
	s.soff = make([]int32, N)
	total := int32(0)
	s.apart = make([][]adjoint, N)
	live := int64(0)
	for id := 1; id < N; id++ {
		if !s.live[id] {
			continue
		}
		live++
		if isArrayOp(r.nodes[id].op) {
			s.apart[id] = make([]adjoint, s.refs[id])
		} else {
			s.soff[id] = total
			total += s.refs[id]
		}
	}
	s.spart = make([]float64, total)
	s.left.Store(live)
	return s
}

// run seeds the output with adjoint w and runs the reverse pass.
func (s *sweep) run(tr *Trace, w []float64) error {
	if tr.outID != 0 {
		u := use{tr.outID, tr.outSlot}
		if tr.scalar {
			s.spart[s.soff[u.id]+u.slot] = w[0]
		} else {
			s.apart[u.id][u.slot] = adjoint{kind: adjDense, d: append([]float64(nil), w...), owned: true}
		}
		s.arrived[u.id].Add(1)
	}
	for id := range s.live {
		if s.live[id] && s.arrived[id].Load() == s.refs[id] {
			s.shared = append(s.shared, int32(id))
		}
	}
	s.nshared.Store(int32(len(s.shared)))
	if s.left.Load() == 0 {
		return nil
	}
	var wg sync.WaitGroup
	for range s.workers - 1 {
		wg.Go(s.worker)
	}
	s.worker()
	wg.Wait()
	return s.err
}

// worker processes ready nodes: its own first (depth first, without
// locking), sharing the others.
func (s *sweep) worker() {
	var local []int32
	defer func() {
		if p := recover(); p != nil {
			s.stop(fmt.Errorf("trace: internal error in the reverse pass: %v", p))
		}
	}()
	ready := func(id int32) { local = append(local, id) }
	for !s.stopped.Load() {
		if len(local) == 0 {
			id, ok := s.take()
			if !ok {
				return
			}
			local = append(local, id)
		}
		id := local[len(local)-1]
		local = local[:len(local)-1]
		s.process(id, ready)
		if s.left.Add(-1) == 0 {
			s.stop(nil)
			return
		}
		// Keep the shared stack fed while this worker has more than it
		// can run next, so that workers that are idle, or become idle
		// later, find work.
		for len(local) > 1 && int(s.nshared.Load()) < s.workers-1 {
			s.mu.Lock()
			s.shared = append(s.shared, local[0])
			s.nshared.Store(int32(len(s.shared)))
			if s.idle > 0 {
				s.cond.Signal()
			}
			s.mu.Unlock()
			local = local[1:]
		}
	}
}

// take waits for a shared ready node.
func (s *sweep) take() (int32, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.shared) == 0 && !s.stopped.Load() {
		s.idle++
		if s.idle == s.workers {
			// Nobody is working and nothing is ready, yet nodes are left:
			// a reference count that cannot be reached.
			s.idle--
			s.stopLocked(fmt.Errorf("trace: internal error: %d nodes never became ready in the reverse pass", s.left.Load()))
			return 0, false
		}
		s.cond.Wait()
		s.idle--
	}
	if s.stopped.Load() {
		return 0, false
	}
	id := s.shared[len(s.shared)-1]
	s.shared = s.shared[:len(s.shared)-1]
	s.nshared.Store(int32(len(s.shared)))
	return id, true
}

func (s *sweep) stop(err error) {
	s.mu.Lock()
	s.stopLocked(err)
	s.mu.Unlock()
}

func (s *sweep) stopLocked(err error) {
	if err != nil && s.err == nil {
		s.err = err
	}
	s.stopped.Store(true)
	s.cond.Broadcast()
}

// giveScalar writes a partial adjoint of a scalar node into its slot.
func (s *sweep) giveScalar(u use, v float64, ready func(int32)) {
	s.spart[s.soff[u.id]+u.slot] = v
	s.arrive(u.id, ready)
}

// giveArray writes a partial adjoint of an array node into its slot.
func (s *sweep) giveArray(u use, a adjoint, ready func(int32)) {
	s.apart[u.id][u.slot] = a
	s.arrive(u.id, ready)
}

func (s *sweep) arrive(id int32, ready func(int32)) {
	if s.arrived[id].Add(1) == s.refs[id] {
		ready(id)
	}
}

// scalarAdj adds up the partial adjoints of a scalar node in slot order.
func (s *sweep) scalarAdj(id int32) float64 {
	parts := s.spart[s.soff[id] : s.soff[id]+s.refs[id]]
	g := parts[0]
	for _, p := range parts[1:] {
		g += p
	}
	return g
}

// arrayAdj adds up the partial adjoints of an array node of n elements in
// slot order, reusing a lone dense partial nothing else refers to.
func (s *sweep) arrayAdj(id int32, n int) []float64 {
	parts := s.apart[id]
	s.apart[id] = nil
	count := 0
	var only adjoint
	for _, p := range parts {
		if p.kind != adjNone {
			count++
			only = p
		}
	}
	if count == 1 && only.kind == adjDense && only.owned && len(only.d) == n {
		return only.d
	}
	buf := make([]float64, n)
	for _, p := range parts {
		s.addAdj(buf, p)
	}
	return buf
}

// uniformAdj reports whether the partial adjoints of array node id are
// one adjAll partial, and its value.
func (s *sweep) uniformAdj(id int32) (float64, bool) {
	count := 0
	var only adjoint
	for _, p := range s.apart[id] {
		if p.kind != adjNone {
			count++
			only = p
		}
	}
	if count == 1 && only.kind == adjAll {
		s.apart[id] = nil
		return only.v, true
	}
	return 0, false
}

// addAdj adds a partial adjoint into buf; large ones in parallel chunks.
func (s *sweep) addAdj(buf []float64, p adjoint) {
	switch p.kind {
	case adjOne:
		buf[p.i] += p.v
	case adjRange, adjDense, adjAll:
		dst := buf
		if p.kind == adjRange {
			dst = buf[p.i : p.i+len(p.d)]
		}
		n := len(dst)
		nc := numChunks(n, 1)
		parFor(s.workers, nc, func(c int) {
			lo, hi := chunkBounds(n, c, nc)
			if p.kind == adjAll {
				for j := lo; j < hi; j++ {
					dst[j] += p.v
				}
				return
			}
			d := p.d[lo:hi]
			for j := range d {
				dst[lo+j] += d[j]
			}
		})
	}
}

// testHookProcess, when set by tests, is called before a node is reversed.
var testHookProcess func(op Op)

// process reverses node id, whose partial adjoints have all arrived.
func (s *sweep) process(id int32, ready func(int32)) {
	r := s.rec
	n := &r.nodes[id]
	if testHookProcess != nil {
		testHookProcess(n.op)
	}
	if isArrayOp(n.op) {
		s.processArray(id, n, ready)
		return
	}
	g := s.scalarAdj(id)
	switch {
	case n.op.IsUnary():
		d := deriv1(n.op, r.nodes[n.a].val, n.val)
		s.giveScalar(use{n.a, n.sa}, float64(g*d), ready)
		return
	case n.op.IsBinary():
		x, y := n.k, n.k
		if n.a != 0 {
			x = r.nodes[n.a].val
		}
		if n.b != 0 {
			y = r.nodes[n.b].val
		}
		dx, dy := deriv2(n.op, x, y, n.val)
		if n.a != 0 {
			s.giveScalar(use{n.a, n.sa}, float64(g*dx), ready)
		}
		if n.b != 0 {
			s.giveScalar(use{n.b, n.sb}, float64(g*dy), ready)
		}
		return
	case n.op == OpIndex:
		s.giveArray(use{n.a, n.sa}, adjoint{kind: adjOne, i: int(n.k), v: g}, ready)
		return
	}
	e := r.exts[n.x]
	switch n.op {
	case OpSum:
		s.giveArray(e.uses[0], adjoint{kind: adjAll, v: g}, ready)
	case OpDot:
		s.backDot(e, g, ready)
	case OpReduce:
		s.backReduce(e, g, ready)
	case OpFold:
		s.backFold(e, g, ready)
	default:
		panic("reverse of " + n.op.String())
	}
}

func (s *sweep) processArray(id int32, n *node, ready func(int32)) {
	r := s.rec
	if n.op == OpInput {
		s.grad = s.arrayAdj(id, len(r.exts[n.x].data))
		return
	}
	e := r.exts[n.x]
	if n.op == OpMap {
		// A map's result adjoint is often one value for every element (the
		// map is summed): seed the reverse with it without an array.
		if v, ok := s.uniformAdj(id); ok {
			s.backMap(e, nil, v, ready)
			return
		}
	}
	adj := s.arrayAdj(id, len(e.data))
	switch n.op {
	case OpSlice:
		s.giveArray(e.uses[0], adjoint{kind: adjRange, i: e.lo, d: adj}, ready)
	case OpReshape:
		s.giveArray(e.uses[0], adjoint{kind: adjDense, d: adj, owned: true}, ready)
	case OpConcat:
		off, k := 0, 0
		for _, a := range e.arrs {
			if a.id != 0 {
				s.giveArray(e.uses[k], adjoint{kind: adjDense, d: adj[off : off+len(a.data)]}, ready)
				k++
			}
			off += len(a.data)
		}
	case OpPack:
		k := 0
		for i, x := range e.scals {
			if x.t != nil {
				s.giveScalar(e.uses[k], adj[i], ready)
				k++
			}
		}
	case OpMatVec:
		s.backMatVec(e, adj, ready)
	case OpMap:
		s.backMap(e, adj, 0, ready)
	case OpScan:
		s.backScan(e, adj, ready)
	default:
		panic("reverse of " + n.op.String())
	}
}

// backDot gives g*b to a and g*a to b.
func (s *sweep) backDot(e *ext, g float64, ready func(int32)) {
	r := s.rec
	k := 0
	for i, a := range e.arrs {
		if a.id == 0 {
			continue
		}
		other := r.arrData(e.arrs[1-i])
		d := make([]float64, len(other))
		nc := numChunks(len(d), 1)
		parFor(s.workers, nc, func(c int) {
			lo, hi := chunkBounds(len(d), c, nc)
			for j := lo; j < hi; j++ {
				d[j] = float64(g * other[j])
			}
		})
		s.giveArray(e.uses[k], adjoint{kind: adjDense, d: d, owned: true}, ready)
		k++
	}
}

// backMatVec gives adj v^T to the matrix and W^T adj to the vector; the
// latter is a sum over rows, taken in fixed chunks added in order.
func (s *sweep) backMatVec(e *ext, adj []float64, ready func(int32)) {
	r := s.rec
	m, v := e.arrs[0], e.arrs[1]
	rows, cols := m.rows, m.cols
	md, vd := r.arrData(m), r.arrData(v)
	k := 0
	if m.id != 0 {
		d := make([]float64, rows*cols)
		nc := numChunks(rows, cols)
		parFor(s.workers, nc, func(c int) {
			lo, hi := chunkBounds(rows, c, nc)
			for i := lo; i < hi; i++ {
				row := d[i*cols : (i+1)*cols]
				for j := range row {
					row[j] = float64(adj[i] * vd[j])
				}
			}
		})
		s.giveArray(e.uses[k], adjoint{kind: adjDense, d: d, owned: true}, ready)
		k++
	}
	if v.id != 0 && rows == 0 {
		s.giveArray(e.uses[k], adjoint{kind: adjDense, d: make([]float64, cols), owned: true}, ready)
	} else if v.id != 0 {
		nc := numChunks(rows, cols)
		parts := make([][]float64, nc)
		parFor(s.workers, nc, func(c int) {
			lo, hi := chunkBounds(rows, c, nc)
			p := make([]float64, cols)
			for i := lo; i < hi; i++ {
				row := md[i*cols : (i+1)*cols]
				for j, w := range row {
					p[j] += float64(adj[i] * w)
				}
			}
			parts[c] = p
		})
		d := parts[0]
		for _, p := range parts[1:] {
			for j := range d {
				d[j] += p[j]
			}
		}
		s.giveArray(e.uses[k], adjoint{kind: adjDense, d: d, owned: true}, ready)
	}
}
