// Package compile turns a trace into a program of the Fluxion compiler,
// so that the compiler's reverse mode (vjp), optimiser and Go backend
// compute its gradient: a compiled gradient of a traced Go function.
//
// Only a trace whose code never read a traced value can be compiled: its
// operations are then the same at every input of the recorded length, and
// the compiled program computes the function and its gradient at any such
// input. Constant arrays the function used (data it closed over) become
// arguments of the program, passed with the values they had when the
// function was traced.
//
// Func is the cached form: it traces a Go function once per input length,
// compiles the trace, and afterwards runs the compiled program without
// calling the Go function again.
package compile

import (
	"errors"
	"fmt"
	"sync"

	"github.com/fluxion-lang/fluxion/internal/gobuild"
	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
	"github.com/fluxion-lang/fluxion/trace"
)

// Backend selects what runs a compiled gradient.
type Backend uint8

const (
	// Interp runs the program in the compiler's reference interpreter:
	// always available, slow.
	Interp Backend = iota
	// Go compiles the program to Go with the Go toolchain (which must be
	// on PATH) into a cached executable and runs it in a server process.
	Go
)

// Options configure compilation.
type Options struct {
	Backend Backend
	// CacheDir holds built executables of the Go backend; empty means the
	// compiler's default cache.
	CacheDir string
}

// A Gradient is a compiled trace: the function and its gradient at any
// input of the recorded length. Its methods may be called concurrently.
type Gradient struct {
	prog     *ir.Program
	consts   [][]float64
	inLen    int
	outLen   int
	scalar   bool
	run      runner
	closeRun func() error
	proc     *gobuild.Process // the Go backend's server
}

// runner calls the entry point on arguments.
type runner func(args []values.Value) ([]values.Value, error)

// IR returns the compiled program as the compiler prints it, after the
// compiler's passes (vjp expanded and simplified).
func (g *Gradient) IR() string { return g.prog.String() }

// Program returns the IR of a trace before the compiler's passes: the
// entry Entry applying vjp to the traced function.
func Program(tr *trace.Trace) (*ir.Program, error) {
	p, err := tr.Program()
	if err != nil {
		return nil, err
	}
	prog, _, err := irProgram(p)
	return prog, err
}

// optimise runs the compiler's pass table on a program built from a trace.
func optimise(p *ir.Program) (*ir.Program, error) {
	p, err := pipeline.Optimise(p, pipeline.Options{})
	if err != nil {
		return nil, fmt.Errorf("compile: %v", err)
	}
	if err := ir.Verify(p); err != nil {
		return nil, fmt.Errorf("compile: internal error: invalid IR after the passes: %v", err)
	}
	return p, nil
}

// compiled caches the backends' compiled programs by their text, so that
// traces with the same structure share one.
var compiled = struct {
	sync.Mutex
	interp map[string]*interp.Program
	exe    map[string]*gobuild.Exe
}{interp: map[string]*interp.Program{}, exe: map[string]*gobuild.Exe{}}

// Compile compiles the trace tr.
func Compile(tr *trace.Trace, opts Options) (*Gradient, error) {
	p, err := tr.Program()
	if err != nil {
		return nil, err
	}
	prog, consts, err := irProgram(p)
	if err != nil {
		return nil, err
	}
	if prog, err = optimise(prog); err != nil {
		return nil, err
	}
	g := &Gradient{prog: prog, consts: consts, inLen: p.InputLen, scalar: p.Scalar}
	if p.Scalar {
		g.outLen = 1
	} else {
		g.outLen = p.Output.Len()
	}
	key := prog.String()
	switch opts.Backend {
	case Interp:
		compiled.Lock()
		ip, ok := compiled.interp[key]
		if !ok {
			if ip, err = interp.Compile(prog); err != nil {
				compiled.Unlock()
				return nil, fmt.Errorf("compile: %v", err)
			}
			compiled.interp[key] = ip
		}
		compiled.Unlock()
		g.run = func(args []values.Value) ([]values.Value, error) {
			in, err := interp.FromValues(args)
			if err != nil {
				return nil, err
			}
			res, err := ip.Run(Entry, in)
			if err != nil {
				return nil, err
			}
			return interp.ToValues(res), nil
		}
		g.closeRun = func() error { return nil }
	case Go:
		compiled.Lock()
		exe, ok := compiled.exe[key+"\x00"+opts.CacheDir]
		if !ok {
			if exe, err = gobuild.Build(prog, gobuild.Options{CacheDir: opts.CacheDir, Version: "trace"}); err != nil {
				compiled.Unlock()
				return nil, fmt.Errorf("compile: %v", err)
			}
			compiled.exe[key+"\x00"+opts.CacheDir] = exe
		}
		compiled.Unlock()
		proc, err := exe.Start()
		if err != nil {
			return nil, fmt.Errorf("compile: starting the compiled program: %v", err)
		}
		g.run = func(args []values.Value) ([]values.Value, error) {
			res, _, err := proc.Call(Entry, 1, args)
			return res, err
		}
		g.closeRun = proc.Close
		g.proc = proc
	default:
		return nil, fmt.Errorf("compile: unknown backend %d", opts.Backend)
	}
	return g, nil
}

// Close releases the backend (the Go backend's server process).
func (g *Gradient) Close() error {
	if g.closeRun == nil {
		return nil
	}
	err := g.closeRun()
	g.closeRun = nil
	return err
}

func f64s(xs []float64) values.Value {
	v, _ := values.FromData(prim.F64, []int64{int64(len(xs))}, append([]float64(nil), xs...))
	return v
}

// VJP returns the function's value at x and w times its Jacobian there.
func (g *Gradient) VJP(x, w []float64) (y, wJ []float64, err error) {
	if len(x) != g.inLen {
		return nil, nil, fmt.Errorf("compile: input of length %d, the trace was recorded at length %d", len(x), g.inLen)
	}
	if len(w) != g.outLen {
		return nil, nil, fmt.Errorf("compile: VJP: %d weights for %d outputs", len(w), g.outLen)
	}
	res, err := g.run(g.args(x, w))
	if err != nil {
		return nil, nil, err
	}
	if len(res) != 2 {
		return nil, nil, errors.New("compile: internal error: wrong number of results")
	}
	if g.scalar {
		y = []float64{res[0].Scalar().Float()}
		for i := range res[1].Len() {
			wJ = append(wJ, res[1].Get(i).Float()*w[0])
		}
		return y, wJ, nil
	}
	return floats(res[0]), floats(res[1]), nil
}

// args returns the entry point's arguments.
func (g *Gradient) args(x, w []float64) []values.Value {
	args := []values.Value{f64s(x)}
	if !g.scalar {
		args = append(args, f64s(w))
	}
	for _, c := range g.consts {
		args = append(args, f64s(c))
	}
	return args
}

func floats(v values.Value) []float64 {
	out := make([]float64, v.Len())
	for i := range out {
		out[i] = v.Get(i).Float()
	}
	return out
}

// Grad returns the value and the gradient at x of a trace with a scalar
// result.
func (g *Gradient) Grad(x []float64) (float64, []float64, error) {
	if !g.scalar {
		return 0, nil, errors.New("compile: Grad of a function with an array result (use VJP)")
	}
	y, grad, err := g.VJP(x, []float64{1})
	if err != nil {
		return 0, nil, err
	}
	return y[0], grad, nil
}

// A Func is a traced Go function whose gradient is compiled on first use
// for every input length and cached.
type Func struct {
	f    func(t *trace.Tracer, x trace.Array) trace.Scalar
	opts Options
	mu   sync.Mutex
	byN  map[int]*Gradient
}

// NewFunc returns the cached compiled gradient of f. f is traced at the
// first input of every length; later calls at that length run the
// compiled program only, with the constants f used at that first call.
func NewFunc(f func(t *trace.Tracer, x trace.Array) trace.Scalar, opts Options) *Func {
	return &Func{f: f, opts: opts, byN: map[int]*Gradient{}}
}

// Grad returns f's value and gradient at x.
func (j *Func) Grad(x []float64) (float64, []float64, error) {
	g, err := j.gradient(x)
	if err != nil {
		return 0, nil, err
	}
	return g.Grad(x)
}

func (j *Func) gradient(x []float64) (*Gradient, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if g, ok := j.byN[len(x)]; ok {
		return g, nil
	}
	tr, err := trace.RecordScalar(j.f, x)
	if err != nil {
		return nil, err
	}
	g, err := Compile(tr, j.opts)
	if err != nil {
		return nil, err
	}
	j.byN[len(x)] = g
	return g, nil
}

// Close releases the compiled gradients.
func (j *Func) Close() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	var first error
	for n, g := range j.byN {
		if err := g.Close(); err != nil && first == nil {
			first = err
		}
		delete(j.byN, n)
	}
	return first
}
