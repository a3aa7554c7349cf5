package rad

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// Config selects how computations are recorded and differentiated. The zero
// Config runs Par branches in parallel in both passes.
type Config struct {
	// Sequential runs Par branches one after another, in order, in both
	// passes. The job graph is recorded as usual, and gradients are bitwise
	// equal to those of Deterministic mode.
	Sequential bool

	// Deterministic makes gradients bitwise reproducible: contributions
	// that parallel branches make to values computed before their fork are
	// buffered per task and added in branch order at the join, instead of
	// being added atomically in whatever order the branches run.
	Deterministic bool

	// Debug checks on every operation that a Task is used only by the
	// goroutine running it. It makes recording many times slower.
	Debug bool
}

// A Tape is a recorded computation: the partial derivatives of every
// operation and the job graph of its tasks. It can be swept backwards any
// number of times, also concurrently, to get vector-Jacobian products.
type Tape struct {
	cfg    Config
	segs   []*segment
	taskOf []int32
	root   *taskGraph
	inputs int
	outs   []Num
}

// Record runs f on the inputs x, recording its operations, and returns the
// tape. f gets the root Task and one Num per input.
func (c Config) Record(f func(t *Task, x []Num) []Num, x []float64) (*Tape, error) {
	return c.record(f, x, false)
}

// record records f at x. A pooled recording reuses the memory of released
// tapes; only tapes that are released after use should be, lest a small
// tape kept by the caller pin a large buffer.
func (c Config) record(f func(t *Task, x []Num) []Num, x []float64, pooled bool) (*Tape, error) {
	if f == nil {
		return nil, errors.New("rad: Record: function is nil")
	}
	rec := newRecording(c)
	rec.pooled = pooled
	rec.root = rec.newTask()
	t := newTask(rec, rec.root)
	if c.Debug {
		t.owner = goroutineID()
	}
	xs := make([]Num, len(x))
	for i, v := range x {
		xs[i] = t.input(v)
	}
	ys := f(t, xs)
	t.setState(taskDone)
	if err := rec.failure(); err != nil {
		return nil, err
	}
	for i, y := range ys {
		if y.tag != 0 && y.tag != rec.tag {
			return nil, fmt.Errorf("rad: output %d (value %v) belongs to another tape", i, y.v)
		}
	}
	if len(rec.segs) > 1 {
		if err := checkReferences(rec.segs, newSPOrder(rec.root, len(rec.segs))); err != nil {
			return nil, err
		}
	}
	tp := &Tape{
		cfg:    c,
		segs:   rec.segs,
		taskOf: make([]int32, len(rec.segs)),
		root:   rec.root,
		inputs: len(x),
		outs:   append([]Num(nil), ys...),
	}
	rec.root.number(0, tp.taskOf)
	rec.root.quietLo, rec.root.quietHi = rec.root.lo, rec.root.hi
	rec.root.setQuiet()
	return tp, nil
}

// Record runs f on x with the zero Config and returns the tape.
func Record(f func(t *Task, x []Num) []Num, x []float64) (*Tape, error) {
	return Config{}.Record(f, x)
}

// Outputs returns the values that the recorded function returned.
func (t *Tape) Outputs() []float64 { return Values(t.outs) }

// Len returns the number of recorded operations, inputs included.
func (t *Tape) Len() int {
	n := 0
	for _, s := range t.segs {
		n += s.nEnds
	}
	return n
}

// Jobs returns the number of jobs in the job graph: one for the start, and
// for every Par of n branches, n more for the branches and one for the code
// after the join.
func (t *Tape) Jobs() int { return len(t.segs) }

// VJP returns w times the Jacobian of the recorded function: the gradient
// of the sum of w[i] times output i with respect to the inputs.
func (t *Tape) VJP(w []float64) ([]float64, error) {
	if len(w) != len(t.outs) {
		return nil, fmt.Errorf("rad: VJP: %d weights for %d outputs", len(w), len(t.outs))
	}
	s := t.newSweep()
	defer s.release()
	return t.sweepOnce(s, w), nil
}

// release returns the tape's memory for reuse by later recordings; t must
// not be used afterwards.
func (t *Tape) release() {
	for _, s := range t.segs {
		spareSegments.Put(s)
	}
	t.segs = nil
}

// Jacobian returns the Jacobian of the recorded function, one row per
// output, sweeping the tape once per output. Unless the tape was recorded
// with Sequential, rows are swept in parallel, up to GOMAXPROCS at a time,
// each worker with adjoints of its own.
func (t *Tape) Jacobian() [][]float64 {
	jac := make([][]float64, len(t.outs))
	workers := 1
	if !t.cfg.Sequential {
		workers = min(runtime.GOMAXPROCS(0), len(t.outs))
	}
	var next atomic.Int64
	rows := func() {
		s := t.newSweep()
		defer s.release()
		w := make([]float64, len(t.outs))
		for {
			i := int(next.Add(1) - 1)
			if i >= len(t.outs) {
				return
			}
			clear(s.buf)
			w[i] = 1
			jac[i] = t.sweepOnce(s, w)
			w[i] = 0
		}
	}
	var wg sync.WaitGroup
	for range workers - 1 {
		wg.Go(rows)
	}
	rows()
	wg.Wait()
	return jac
}

// sweepOnce seeds the output adjoints with w, runs the reverse pass on s
// (whose adjoints must be zero) and returns the input adjoints.
func (t *Tape) sweepOnce(s *sweep, w []float64) []float64 {
	for i, y := range t.outs {
		if y.tag != 0 {
			s.adj[y.job][y.idx] += w[i]
		}
	}
	s.task(t.root)
	return append([]float64(nil), s.adj[0][:t.inputs]...)
}

// Grad returns the value of f at x and its gradient.
func (c Config) Grad(f func(t *Task, x []Num) Num, x []float64) (float64, []float64, error) {
	if f == nil {
		return 0, nil, errors.New("rad: Grad: function is nil")
	}
	tp, err := c.record(func(t *Task, x []Num) []Num { return []Num{f(t, x)} }, x, true)
	if err != nil {
		return 0, nil, err
	}
	g, _ := tp.VJP([]float64{1})
	tp.release()
	return tp.outs[0].v, g, nil
}

// Grad returns the value of f at x and its gradient, with the zero Config.
func Grad(f func(t *Task, x []Num) Num, x []float64) (float64, []float64, error) {
	return Config{}.Grad(f, x)
}

// VJP returns the value y of f at x and w times the Jacobian of f at x.
func (c Config) VJP(f func(t *Task, x []Num) []Num, x, w []float64) (y, wJ []float64, err error) {
	tp, err := c.record(f, x, true)
	if err != nil {
		return nil, nil, err
	}
	defer tp.release()
	wJ, err = tp.VJP(w)
	if err != nil {
		return nil, nil, err
	}
	return tp.Outputs(), wJ, nil
}

// VJP returns the value y of f at x and w times the Jacobian of f at x,
// with the zero Config.
func VJP(f func(t *Task, x []Num) []Num, x, w []float64) (y, wJ []float64, err error) {
	return Config{}.VJP(f, x, w)
}

// Jacobian returns the value y of f at x and the Jacobian of f at x, one
// row per output. f is recorded once and the tape swept once per output.
func (c Config) Jacobian(f func(t *Task, x []Num) []Num, x []float64) (y []float64, jac [][]float64, err error) {
	tp, err := c.record(f, x, true)
	if err != nil {
		return nil, nil, err
	}
	defer tp.release()
	return tp.Outputs(), tp.Jacobian(), nil
}

// Jacobian returns the value y of f at x and the Jacobian of f at x, with
// the zero Config.
func Jacobian(f func(t *Task, x []Num) []Num, x []float64) (y []float64, jac [][]float64, err error) {
	return Config{}.Jacobian(f, x)
}
