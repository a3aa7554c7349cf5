package rad

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
)

// operand is one input of a recorded operation: the ID of the input and the
// partial derivative of the operation with respect to it. It holds no
// pointers, so the garbage collector never scans a slice of operands.
type operand struct {
	job int32
	idx int32
	d   float64
}

// segment is the tape of one job: a sequential stretch of one task.
// Entry k has operands ops[ends[k-1]:ends[k]] (ops[0:ends[0]] for k = 0).
// The buffers are written by index past their used lengths nEnds and nOps,
// so recording never stores a slice header (and so never hits a write
// barrier).
type segment struct {
	id     int32
	nEnds  int
	nOps   int
	endBuf []int32
	opBuf  []operand
	_      [cacheLine]byte // keeps segments recorded in parallel off each other's cache lines
}

// cacheLine is a generous cache line size: 128 bytes covers the adjacent
// line that x86 cores prefetch in pairs.
const cacheLine = 128

// entries returns the end offsets of the recorded entries.
func (s *segment) entries() []int32 { return s.endBuf[:s.nEnds] }

// operands returns the recorded operands.
func (s *segment) operands() []operand { return s.opBuf[:s.nOps] }

// pushOp appends an operand; reserve must have made room for it.
func (s *segment) pushOp(o operand) {
	s.opBuf[s.nOps] = o
	s.nOps++
}

// taskGraph is the job graph of one task: its jobs in order, and between
// consecutive jobs the subtasks of the fork that separates them.
type taskGraph struct {
	lo, hi int32 // preorder numbers of this task and of the task after its subtree

	// The tasks numbered [quietLo, quietHi) have no job running concurrently
	// with this task's jobs in the reverse sweep: the subtree of the highest
	// ancestor reached through forks of a single branch.
	quietLo, quietHi int32
	jobs             []*segment
	forks            [][]*taskGraph // forks[k] runs between jobs[k] and jobs[k+1]
}

// reserve makes room for n more operands and one more entry, doubling the
// buffers when full, so that a long tape is copied about once in total.
func (s *segment) reserve(n int) {
	if len(s.opBuf)-s.nOps < n {
		buf := make([]operand, max(s.nOps+n, 2*len(s.opBuf), 64))
		copy(buf, s.opBuf[:s.nOps])
		s.opBuf = buf
	}
	if len(s.endBuf) == s.nEnds {
		buf := make([]int32, max(2*len(s.endBuf), 64))
		copy(buf, s.endBuf[:s.nEnds])
		s.endBuf = buf
	}
}

// Limits on the size of one job's segment, set by the int32 fields of Num
// and segment.
const (
	maxEntries  = math.MaxInt32 - 1
	maxOperands = math.MaxInt32 - 4 // leaves room for the operands of one fast-path entry
)

var tapeTags atomic.Uint32

// recording is the shared state of one forward pass.
type recording struct {
	tag    uint32
	cfg    Config
	root   *taskGraph
	pooled bool // segments come from spareSegments

	mu   sync.Mutex
	segs []*segment // indexed by job ID
	err  error      // first misuse detected
}

func newRecording(cfg Config) *recording {
	tag := tapeTags.Add(1)
	for tag == 0 {
		tag = tapeTags.Add(1)
	}
	return &recording{tag: tag, cfg: cfg}
}

// owns reports whether the task numbered pre is g or nested in g.
func (g *taskGraph) owns(pre int32) bool { return g.lo <= pre && pre < g.hi }

// quiet reports whether the reverse sweep may update adjoints of the task
// numbered pre from g's jobs without synchronisation.
func (g *taskGraph) quiet(pre int32) bool { return g.quietLo <= pre && pre < g.quietHi }

// number assigns preorder numbers to g and the tasks nested in it, starting
// at next, records each job's task in taskOf, and returns the next free
// number.
func (g *taskGraph) number(next int32, taskOf []int32) int32 {
	g.lo = next
	next++
	for _, s := range g.jobs {
		taskOf[s.id] = g.lo
	}
	for _, fork := range g.forks {
		for _, kid := range fork {
			next = kid.number(next, taskOf)
		}
	}
	g.hi = next
	return next
}

// setQuiet computes the quiet ranges of the tasks nested in g, whose own
// quiet range must be set.
func (g *taskGraph) setQuiet() {
	for _, fork := range g.forks {
		for _, kid := range fork {
			if len(fork) == 1 {
				kid.quietLo, kid.quietHi = g.quietLo, g.quietHi
			} else {
				kid.quietLo, kid.quietHi = kid.lo, kid.hi
			}
			kid.setQuiet()
		}
	}
}

// newTask allocates the graph of a task, with its first job.
func (r *recording) newTask() *taskGraph {
	return &taskGraph{jobs: []*segment{r.newSegment()}}
}

// spareSegments holds the segments of tapes that Grad, VJP and Jacobian
// no longer need, so that repeated differentiation reuses their memory.
var spareSegments sync.Pool

func (r *recording) newSegment() *segment {
	var s *segment
	if r.pooled {
		s, _ = spareSegments.Get().(*segment)
	}
	if s == nil {
		s = new(segment)
	}
	s.nEnds, s.nOps = 0, 0
	r.mu.Lock()
	defer r.mu.Unlock()
	s.id = int32(len(r.segs))
	r.segs = append(r.segs, s)
	return s
}

// fail records err unless an earlier error was recorded.
func (r *recording) fail(err error) {
	r.mu.Lock()
	if r.err == nil {
		r.err = err
	}
	r.mu.Unlock()
}

func (r *recording) failure() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

type taskState uint8

const (
	taskActive  taskState = iota
	taskForking           // blocked in Par; only its branches may record
	taskDone              // its branch or recording has ended
)

// A Task records operations on a tape. Each Task is a sequential strand of
// the computation and must be used only by the goroutine that runs it: the
// function passed to Grad, VJP, Jacobian or Record gets the root Task, and
// every Par branch gets a Task of its own.
//
// Operations whose operands are all constants return constants and record
// nothing. After misuse, operations keep computing values but record
// nothing, and the computation reports the first error.
type Task struct {
	rec   *recording
	tag   uint32
	graph *taskGraph
	seg   *segment
	state taskState
	fast  bool  // state is taskActive and no debug checks are needed
	owner int64 // goroutine running the task, in debug mode
}

func newTask(rec *recording, g *taskGraph) *Task {
	return &Task{rec: rec, tag: rec.tag, graph: g, seg: g.jobs[0], fast: !rec.cfg.Debug}
}

func (t *Task) setState(s taskState) {
	t.state = s
	t.fast = s == taskActive && !t.rec.cfg.Debug
}

// admit is the slow path of every operation: it reports whether the task
// may record an operation on xs, and records the misuse if not.
func (t *Task) admit(op string, xs ...Num) bool {
	if t.rec.cfg.Debug {
		if g := goroutineID(); g != t.owner {
			t.rec.fail(fmt.Errorf("rad: %s: task used from goroutine %d, but it runs on goroutine %d", op, g, t.owner))
			return false
		}
	}
	switch t.state {
	case taskForking:
		t.rec.fail(fmt.Errorf("rad: %s: task used inside its own Par; a branch must use the Task it is given", op))
		return false
	case taskDone:
		t.rec.fail(fmt.Errorf("rad: %s: task used after its branch or recording ended", op))
		return false
	}
	for _, x := range xs {
		if x.tag != 0 && x.tag != t.tag {
			t.rec.fail(fmt.Errorf("rad: %s: operand (value %v) belongs to another tape", op, x.v))
			return false
		}
	}
	return true
}

// entry appends an entry whose operands were just appended and returns its
// result.
func (t *Task) entry(v float64) Num {
	s := t.seg
	n := s.nEnds
	if n >= maxEntries || s.nOps >= maxOperands {
		t.rec.fail(errors.New("rad: a single job recorded more than 2^31 operations; split it with Par"))
		t.setState(taskDone)
		return Num{v: v}
	}
	s.endBuf[n] = int32(s.nOps)
	s.nEnds++
	return Num{v: v, tag: t.tag, job: s.id, idx: int32(n)}
}

// unary records v = op(a) with partial derivative da.
func (t *Task) unary(op string, v float64, a Num, da float64) Num {
	s := t.seg
	if n, m := s.nEnds, s.nOps; a.tag == t.tag && t.fast && m < len(s.opBuf) && n < len(s.endBuf) && n < maxEntries && m < maxOperands {
		// The fast path: an active operand and room on the tape.
		s.opBuf[m] = operand{a.job, a.idx, da}
		s.endBuf[n] = int32(m + 1)
		s.nOps, s.nEnds = m+1, n+1
		return Num{v: v, tag: t.tag, job: s.id, idx: int32(n)}
	}
	if a.tag == 0 {
		return Num{v: v}
	}
	if (a.tag != t.tag || !t.fast) && !t.admit(op, a) {
		return Num{v: v}
	}
	s.reserve(1)
	s.pushOp(operand{a.job, a.idx, da})
	return t.entry(v)
}

// binary records v = op(a, b) with partial derivatives da and db.
func (t *Task) binary(op string, v float64, a Num, da float64, b Num, db float64) Num {
	s := t.seg
	if n, m := s.nEnds, s.nOps; a.tag == t.tag && b.tag == t.tag && t.fast && m+1 < len(s.opBuf) && n < len(s.endBuf) && n < maxEntries && m < maxOperands {
		// The fast path: two active operands and room on the tape.
		s.opBuf[m] = operand{a.job, a.idx, da}
		s.opBuf[m+1] = operand{b.job, b.idx, db}
		s.endBuf[n] = int32(m + 2)
		s.nOps, s.nEnds = m+2, n+1
		return Num{v: v, tag: t.tag, job: s.id, idx: int32(n)}
	}
	if a.tag|b.tag == 0 {
		return Num{v: v}
	}
	if ((a.tag != t.tag && a.tag != 0) || (b.tag != t.tag && b.tag != 0) || !t.fast) && !t.admit(op, a, b) {
		return Num{v: v}
	}
	s.reserve(2)
	switch {
	case a.tag == 0:
		s.pushOp(operand{b.job, b.idx, db})
	case b.tag == 0:
		s.pushOp(operand{a.job, a.idx, da})
	default:
		s.pushOp(operand{a.job, a.idx, da})
		s.pushOp(operand{b.job, b.idx, db})
	}
	return t.entry(v)
}

// input records an independent variable.
func (t *Task) input(v float64) Num {
	t.seg.reserve(0)
	return t.entry(v)
}

// goroutineID returns the ID of the calling goroutine. It is slow and used
// only in debug mode.
func goroutineID() int64 {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	b = bytes.TrimPrefix(b, []byte("goroutine "))
	if i := bytes.IndexByte(b, ' '); i > 0 {
		b = b[:i]
	}
	id, _ := strconv.ParseInt(string(b), 10, 64)
	return id
}
