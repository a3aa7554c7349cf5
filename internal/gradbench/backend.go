package gradbench

import (
	"fmt"
	"time"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// Backend compiles a Fluxion program (with AD expanded) into something that
// can run its entry points.
type Backend interface {
	// Name identifies the backend in the tool's start response.
	Name() string
	// Compile compiles the program whose main file is path.
	Compile(path string) (Program, error)
}

// Program is a compiled program. Serve closes programs that implement
// io.Closer when the session ends or the module is defined again.
type Program interface {
	// Run calls entry point entry on args. It must not modify args.
	Run(entry string, args []values.Value) ([]values.Value, error)
}

// Preparer is implemented by programs that can convert arguments to their
// own representation once, so that repeated timed runs measure only the
// computation. Programs without it are timed through Run.
type Preparer interface {
	Prepare(entry string, args []values.Value) (Call, error)
}

// Call is one entry point bound to its arguments.
type Call interface {
	// Run computes the entry point once; this is what is timed.
	Run() error
	// Results converts the results of the last Run.
	Results() ([]values.Value, error)
}

// SelfTimedCall is implemented by calls that time their own runs (a
// compiled program in another process measures the entry point alone,
// without the cost of the request); its time replaces the wall clock's.
type SelfTimedCall interface {
	RunTimed() (time.Duration, error)
}

// RepeatedCall is implemented by calls that can run themselves back to
// back (a compiled program in another process loops over the entry point
// itself, as GradBench's C++ tool does, instead of answering one request
// per run): at least minRuns times and until the runs took minTotal in
// all. It returns the time of each run.
type RepeatedCall interface {
	RunRepeated(minRuns int64, minTotal time.Duration) ([]time.Duration, error)
}

// Interpreter is the Backend that runs programs with internal/interp.
type Interpreter struct{}

// Name implements Backend.
func (Interpreter) Name() string { return "interpreter" }

// Compile implements Backend.
func (Interpreter) Compile(path string) (Program, error) {
	p, err := pipeline.CompileFile(path, pipeline.Options{})
	if err != nil {
		return nil, fmt.Errorf("%s", check.FormatError(err))
	}
	exe, err := interp.Compile(p)
	if err != nil {
		return nil, err
	}
	return &interpProgram{exe: exe}, nil
}

type interpProgram struct{ exe *interp.Program }

func (p *interpProgram) Run(entry string, args []values.Value) ([]values.Value, error) {
	return p.exe.RunValues(entry, args)
}

func (p *interpProgram) Prepare(entry string, args []values.Value) (Call, error) {
	in, err := interp.FromValues(args)
	if err != nil {
		return nil, err
	}
	return &interpCall{exe: p.exe, entry: entry, args: in}, nil
}

// interpCall reuses its converted arguments: interp.Program.Run never
// modifies the caller's arrays.
type interpCall struct {
	exe   *interp.Program
	entry string
	args  []interp.Value
	res   []interp.Value
}

func (c *interpCall) Run() error {
	res, err := c.exe.Run(c.entry, c.args)
	c.res = res
	return err
}

func (c *interpCall) Results() ([]values.Value, error) {
	if c.res == nil {
		return nil, fmt.Errorf("entry point %s has not run", c.entry)
	}
	return interp.ToValues(c.res), nil
}

// plainCall adapts a Program without Preparer to Call.
type plainCall struct {
	p     Program
	entry string
	args  []values.Value
	res   []values.Value
}

func (c *plainCall) Run() error {
	res, err := c.p.Run(c.entry, c.args)
	c.res = res
	return err
}

func (c *plainCall) Results() ([]values.Value, error) {
	if c.res == nil {
		return nil, fmt.Errorf("entry point %s has not run", c.entry)
	}
	return c.res, nil
}

// prepare binds entry and args, through Preparer when the program has it.
func prepare(p Program, entry string, args []values.Value) (Call, error) {
	if pp, ok := p.(Preparer); ok {
		return pp.Prepare(entry, args)
	}
	return &plainCall{p: p, entry: entry, args: args}, nil
}
