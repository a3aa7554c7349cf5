package trace

import (
	"fmt"
	"math"
	"runtime"
)

// A Scalar is a float64 seen by the trace: a constant, a value of the
// outer trace, or, inside the function of Map, Reduce, Fold or Scan, a
// value of that function's program. The zero Scalar is the constant 0.
type Scalar struct {
	v  float64
	id int32   // node id (outer) or register (inside a function)
	t  *Tracer // nil for constants
}

// Const returns the constant c. Constants need no Tracer; they have no
// derivative.
func Const(c float64) Scalar { return Scalar{v: c} }

// IsConst reports whether x is a constant (does not depend on the input).
func (x Scalar) IsConst() bool { return x.t == nil }

// Value returns the value of x. Reading a traced value is how Go control
// flow branches on it; the trace then holds only the branch taken. The
// trace remembers the first such read: a trace that read a traced value
// cannot be replayed at other inputs or compiled, and a function of Map,
// Reduce, Fold or Scan that reads a value depending on its arguments is
// traced once per element instead of once for all.
func (x Scalar) Value() float64 {
	if x.t != nil {
		x.t.read(x)
	}
	return x.v
}

// An Array is a float64 array seen by the trace: a constant, or a value of
// the outer trace. It has one dimension, or two (Rows x Cols, row-major)
// after Reshape. The zero Array is the empty constant array.
type Array struct {
	data []float64 // the elements; for traced arrays, owned by the trace
	id   int32     // node id; 0 for constants
	rows int       // outer size
	cols int       // 0 for one-dimensional arrays
	t    *Tracer   // nil for constants
}

// ConstArray returns the constant array holding data. It does not copy
// data, which must not change while the trace is in use.
func ConstArray(data []float64) Array { return Array{data: data, rows: len(data)} }

// IsConst reports whether a is a constant (does not depend on the input).
func (a Array) IsConst() bool { return a.t == nil }

// Len returns the number of elements.
func (a Array) Len() int { return len(a.data) }

// Rows returns the outer size: the length of a one-dimensional array, the
// number of rows of a two-dimensional one.
func (a Array) Rows() int { return a.rows }

// Cols returns the number of columns of a two-dimensional array, and 0
// for a one-dimensional one.
func (a Array) Cols() int { return a.cols }

// width is the number of elements in one row (1 for one-dimensional arrays).
func (a Array) width() int { return max(a.cols, 1) }

// Values returns a copy of the elements. Like Scalar.Value, reading a
// traced array's values is noted as a branch on traced values.
func (a Array) Values() []float64 {
	if a.t != nil {
		a.t.readArray(a)
	}
	return append([]float64(nil), a.data...)
}

// A Tracer records the operations of one traced function. Functions of
// Map, Reduce, Fold and Scan get a Tracer of their own. A Tracer must be
// used by one goroutine at a time, and only while its function runs.
type Tracer struct {
	rec  *recording
	el   *elemBuilder // nil for the outer Tracer
	done bool         // the function call of this Tracer has returned
}

// node is one operation of the outer trace. Scalar operations keep their
// operands inline; array operations keep the rest in an ext.
type node struct {
	op     Op
	a, b   int32   // operand nodes (0: none, or the constant k)
	sa, sb int32   // slots of these uses among the operands' uses
	k      float64 // constant operand; the index of OpIndex
	val    float64 // value of a scalar node
	x      int32   // ext of array operations (0: none)
	uses   int32   // number of uses so far: the reference count
}

// ext holds what an array operation needs beyond a node.
type ext struct {
	// Structure, fixed when the operation is recorded.
	rows, cols int      // shape of an array result (cols 0: one dimension)
	arrs       []Array  // array operands (constants keep their data here)
	scals      []Scalar // scalar operands: Pack's elements, Fold's initial value
	uses       []use    // one per traced operand: arrs, then scals, then frees
	lo, hi     int      // OpSlice bounds
	n          int      // calls of a Map's function: rows mapped
	widths     []int    // Map: row width of every array
	ne         float64  // neutral element of Reduce and Scan
	fn         *fnTrace // the traced function of Map, Reduce, Fold and Scan

	// Values, computed when the operation is evaluated.
	data []float64 // the array result
	fv   *fnValues // stored intermediate values of the function
}

// use is one use of a traced value as an operand: the node and the slot of
// the use among that node's uses.
type use struct{ id, slot int32 }

// recording is an outer trace being recorded, or a finished one.
type recording struct {
	cfg      Config
	nodes    []node // nodes[0] is unused: id 0 means "no node"
	exts     []*ext // exts[0] is unused
	root     *Tracer
	input    int32
	err      error
	readAt   string // where a traced value was first read
	finished bool
}

func newRecording(cfg Config) *recording {
	r := &recording{cfg: cfg, nodes: make([]node, 1, 64), exts: make([]*ext, 1, 8)}
	r.root = &Tracer{rec: r}
	return r
}

// fail records the first error of the recording.
func (r *recording) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("trace: "+format, args...)
	}
}

// ok reports whether operations should still be recorded.
func (r *recording) ok() bool { return r.err == nil && !r.finished }

// add appends a node and returns its id.
func (r *recording) add(n node) int32 {
	if len(r.nodes) >= math.MaxInt32 {
		r.fail("trace too large")
		return 0
	}
	r.nodes = append(r.nodes, n)
	return int32(len(r.nodes) - 1)
}

// addExt appends an array operation with its ext and returns the node id.
func (r *recording) addExt(op Op, e *ext) int32 {
	r.exts = append(r.exts, e)
	return r.add(node{op: op, x: int32(len(r.exts) - 1)})
}

// use hands out the next use slot of node id.
func (r *recording) use(id int32) int32 {
	s := r.nodes[id].uses
	r.nodes[id].uses++
	return s
}

// arrData returns the current elements of an array operand.
func (r *recording) arrData(a Array) []float64 {
	if a.id == 0 {
		return a.data
	}
	return r.exts[r.nodes[a.id].x].data
}

// scalVal returns the current value of a scalar operand.
func (r *recording) scalVal(s Scalar) float64 {
	if s.t == nil {
		return s.v
	}
	return r.nodes[s.id].val
}

// isArrayOp reports whether o gives an array.
func isArrayOp(o Op) bool {
	switch o {
	case OpInput, OpSlice, OpConcat, OpPack, OpReshape, OpMatVec, OpMap, OpScan:
		return true
	}
	return false
}

// read notes that a traced scalar's value was read by the traced code.
func (t *Tracer) read(x Scalar) {
	if t.el != nil && !t.done {
		t.el.branched = true
	}
	t.rec.noteRead()
}

func (t *Tracer) readArray(Array) { t.rec.noteRead() }

// noteRead remembers the first place outside this package where traced
// code read a traced value.
func (r *recording) noteRead() {
	if r.readAt != "" || r.finished {
		return
	}
	r.readAt = "an unknown place"
	pcs := make([]uintptr, 16)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if !isOwnFrame(f.Function) {
			r.readAt = fmt.Sprintf("%s:%d", f.File, f.Line)
			return
		}
		if !more {
			return
		}
	}
}

const pkgPath = "github.com/fluxion-lang/fluxion/trace."

func isOwnFrame(fn string) bool {
	return len(fn) > len(pkgPath) && fn[:len(pkgPath)] == pkgPath && !isTestFunc(fn[len(pkgPath):])
}

// isTestFunc keeps frames of this package's own tests (Test..., Fuzz...,
// Example..., and closures in them) as "outside" for the read position.
func isTestFunc(name string) bool {
	for _, p := range []string{"Test", "Fuzz", "Example", "Benchmark"} {
		if len(name) >= len(p) && name[:len(p)] == p {
			return true
		}
	}
	return false
}

// operandKind classifies a scalar operand for the Tracer t.
type operandKind uint8

const (
	kConst operandKind = iota // a constant
	kOuter                    // a value of t's outer trace
	kElem                     // a register of t's own function
	kBad                      // misuse: the error is recorded
)

// classify checks that x may be used with t.
func (t *Tracer) classify(name string, x Scalar) operandKind {
	if t.done {
		t.rec.fail("%s: used the Tracer of a call of a function of Map, Reduce, Fold or Scan after the call returned", name)
		return kBad
	}
	switch {
	case x.t == nil:
		return kConst
	case x.t == t:
		if t.el != nil {
			return kElem
		}
		return kOuter
	case x.t.rec != t.rec:
		t.rec.fail("%s: operand (value %v) belongs to another trace", name, x.v)
		return kBad
	case x.t.el == nil:
		return kOuter // an outer value used inside a function: a free variable
	}
	if t.el == nil {
		t.rec.fail("%s: operand (value %v) is a value of a function of Map, Reduce, Fold or Scan, used outside that function", name, x.v)
	} else {
		t.rec.fail("%s: operand (value %v) is a value of another call of a function of Map, Reduce, Fold or Scan", name, x.v)
	}
	return kBad
}

// classifyArray checks that a may be used with t; only outer and constant
// arrays exist.
func (t *Tracer) classifyArray(name string, a Array) operandKind {
	if t.done {
		t.rec.fail("%s: used the Tracer of a call of a function of Map, Reduce, Fold or Scan after the call returned", name)
		return kBad
	}
	switch {
	case a.t == nil:
		return kConst
	case a.t.rec != t.rec:
		t.rec.fail("%s: array operand belongs to another trace", name)
		return kBad
	}
	return kOuter
}

// outerOnly records an error when an array operation other than At is
// used inside the function of Map, Reduce, Fold or Scan.
func (t *Tracer) outerOnly(name string) bool {
	if t.el != nil {
		t.rec.fail("%s: array operations cannot be used inside the function of Map, Reduce, Fold or Scan (only At can)", name)
		return false
	}
	if t.rec.finished {
		return false
	}
	return true
}
