package trace

import (
	"errors"
	"fmt"
)

// Config selects how traces are evaluated and reversed. The zero Config
// uses GOMAXPROCS workers.
type Config struct {
	// Workers is the number of goroutines that data-parallel operations
	// and the reverse pass use: 0 means GOMAXPROCS, 1 runs everything
	// sequentially. Results are bitwise the same for every value.
	Workers int
}

// A Trace is a recorded function: its operations, their intermediate
// values and reference counts (section 4 of the seed's "forward pass").
// Its reverse pass can be run any number of times, also concurrently.
type Trace struct {
	rec     *recording
	scalar  bool  // the function returned a Scalar
	outID   int32 // the output node (0: the output is a constant)
	outSlot int32 // the output's seed slot
	out     []float64
	inLen   int
}

// record runs f on x and finishes the trace with output (s or a).
func (c Config) record(name string, f func(t *Tracer, x Array) (Scalar, Array, bool), x []float64) (*Trace, error) {
	if f == nil {
		return nil, fmt.Errorf("trace: %s: function is nil", name)
	}
	if c.Workers < 0 {
		return nil, fmt.Errorf("trace: %s: negative Workers %d", name, c.Workers)
	}
	r := newRecording(c)
	xd := append([]float64(nil), x...)
	r.exts = append(r.exts, &ext{rows: len(xd), data: xd})
	r.input = r.add(node{op: OpInput, x: int32(len(r.exts) - 1)})
	xa := Array{data: xd, id: r.input, rows: len(xd), t: r.root}
	s, a, scalar := f(r.root, xa)
	tr := &Trace{rec: r, scalar: scalar, inLen: len(x)}
	if scalar {
		switch r.root.classify("output", s) {
		case kOuter:
			tr.outID = s.id
		case kBad:
		}
		tr.out = []float64{s.v}
	} else {
		switch r.root.classifyArray("output", a) {
		case kOuter:
			tr.outID = a.id
		}
		tr.out = append([]float64(nil), a.data...)
	}
	if r.err != nil {
		return nil, r.err
	}
	if tr.outID != 0 {
		tr.outSlot = r.use(tr.outID)
	}
	r.finished = true
	return tr, nil
}

// Record runs f on the input x, recording its operations, and returns the
// trace. f gets the outer Tracer and x as a traced array.
func (c Config) Record(f func(t *Tracer, x Array) Array, x []float64) (*Trace, error) {
	if f == nil {
		return nil, errors.New("trace: Record: function is nil")
	}
	return c.record("Record", func(t *Tracer, x Array) (Scalar, Array, bool) { return Scalar{}, f(t, x), false }, x)
}

// RecordScalar is Record for a function with one result.
func (c Config) RecordScalar(f func(t *Tracer, x Array) Scalar, x []float64) (*Trace, error) {
	if f == nil {
		return nil, errors.New("trace: RecordScalar: function is nil")
	}
	return c.record("RecordScalar", func(t *Tracer, x Array) (Scalar, Array, bool) { return f(t, x), Array{}, true }, x)
}

// Grad returns the value of f at x and its gradient.
func (c Config) Grad(f func(t *Tracer, x Array) Scalar, x []float64) (float64, []float64, error) {
	if f == nil {
		return 0, nil, errors.New("trace: Grad: function is nil")
	}
	tr, err := c.RecordScalar(f, x)
	if err != nil {
		return 0, nil, err
	}
	g, err := tr.VJP([]float64{1})
	if err != nil {
		return 0, nil, err
	}
	return tr.out[0], g, nil
}

// VJP returns f(x) and w times the Jacobian of f at x: the gradient of
// the sum of w[i] times f(x)[i].
func (c Config) VJP(f func(t *Tracer, x Array) Array, x, w []float64) (y, wJ []float64, err error) {
	if f == nil {
		return nil, nil, errors.New("trace: VJP: function is nil")
	}
	tr, err := c.Record(f, x)
	if err != nil {
		return nil, nil, err
	}
	wJ, err = tr.VJP(w)
	if err != nil {
		return nil, nil, err
	}
	return tr.Outputs(), wJ, nil
}

// Record records f at x with the zero Config.
func Record(f func(t *Tracer, x Array) Array, x []float64) (*Trace, error) {
	return Config{}.Record(f, x)
}

// RecordScalar records f at x with the zero Config.
func RecordScalar(f func(t *Tracer, x Array) Scalar, x []float64) (*Trace, error) {
	return Config{}.RecordScalar(f, x)
}

// Grad returns the value of f at x and its gradient, with the zero Config.
func Grad(f func(t *Tracer, x Array) Scalar, x []float64) (float64, []float64, error) {
	return Config{}.Grad(f, x)
}

// VJP returns f(x) and w times the Jacobian of f at x, with the zero
// Config.
func VJP(f func(t *Tracer, x Array) Array, x, w []float64) (y, wJ []float64, err error) {
	return Config{}.VJP(f, x, w)
}

// Outputs returns the values the recorded function returned.
func (tr *Trace) Outputs() []float64 { return append([]float64(nil), tr.out...) }

// Len returns the number of operations in the outer trace (the input
// included). The operations of a traced function are counted as one.
func (tr *Trace) Len() int { return len(tr.rec.nodes) - 1 }

// Config returns the configuration the trace was recorded with.
func (tr *Trace) Config() Config { return tr.rec.cfg }

// VJP runs the reverse pass: it returns w times the Jacobian of the
// recorded function at the recorded input (w has one weight per output).
func (tr *Trace) VJP(w []float64) ([]float64, error) {
	return tr.vjp(tr.rec.cfg.workers(), w)
}

func (tr *Trace) vjp(workers int, w []float64) ([]float64, error) {
	if len(w) != len(tr.out) {
		return nil, fmt.Errorf("trace: VJP: %d weights for %d outputs", len(w), len(tr.out))
	}
	if tr.outID == 0 {
		return make([]float64, tr.inLen), nil
	}
	s := tr.newSweep(workers)
	if err := s.run(tr, w); err != nil {
		return nil, err
	}
	if s.grad == nil {
		return make([]float64, tr.inLen), nil
	}
	return s.grad, nil
}

// Branches reports whether the traced code read a traced value, so that
// its control flow may depend on the input, and where it first did.
func (tr *Trace) Branches() (bool, string) { return tr.rec.readAt != "", tr.rec.readAt }

// Replay evaluates the trace at the new input x, of the recorded length,
// without running the traced function again, and returns the new trace.
// It fails if the traced code read a traced value: its operations might
// then differ at x. At the recorded input, Replay repeats the recorded
// arithmetic exactly.
func (tr *Trace) Replay(x []float64) (*Trace, error) {
	if b, at := tr.Branches(); b {
		return nil, fmt.Errorf("trace: Replay: the traced code read a traced value at %s, so its trace may differ at other inputs", at)
	}
	if len(x) != tr.inLen {
		return nil, fmt.Errorf("trace: Replay: input of length %d, the trace was recorded at length %d", len(x), tr.inLen)
	}
	return tr.replay(x), nil
}

// replay re-evaluates every operation at x.
func (tr *Trace) replay(x []float64) *Trace {
	old := tr.rec
	r := &recording{cfg: old.cfg, nodes: append([]node(nil), old.nodes...), exts: make([]*ext, len(old.exts)), input: old.input, finished: true, readAt: old.readAt}
	r.root = &Tracer{rec: r}
	for i, e := range old.exts {
		if e != nil {
			ne := *e
			ne.data, ne.fv = nil, nil
			r.exts[i] = &ne
		}
	}
	r.exts[r.nodes[r.input].x].data = append([]float64(nil), x...)
	for id := int32(1); id < int32(len(r.nodes)); id++ {
		r.eval(id)
	}
	nt := &Trace{rec: r, scalar: tr.scalar, outID: tr.outID, outSlot: tr.outSlot, inLen: tr.inLen}
	switch {
	case tr.outID == 0:
		nt.out = append([]float64(nil), tr.out...)
	case tr.scalar:
		nt.out = []float64{r.nodes[tr.outID].val}
	default:
		nt.out = append([]float64(nil), r.exts[r.nodes[tr.outID].x].data...)
	}
	return nt
}
