package main

import (
	"fmt"
	"time"

	"github.com/fluxion-lang/fluxion/internal/benchrun"
	"github.com/fluxion-lang/fluxion/internal/gobuild"
	"github.com/fluxion-lang/fluxion/internal/gradbench"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/testspec"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// goBackend compiles programs to Go (cached) and runs them in a server
// process.
type goBackend struct{}

func (goBackend) Name() string { return "go" }

// build compiles the program at path and starts its process.
func (goBackend) build(path string) (*ir.Program, *gobuild.Process, error) {
	prog, err := pipeline.CompileFile(path, pipeline.Options{})
	if err != nil {
		return nil, nil, err
	}
	exe, err := gobuild.Build(prog, gobuild.Options{Version: version})
	if err != nil {
		return nil, nil, err
	}
	p, err := exe.Start()
	if err != nil {
		return nil, nil, err
	}
	return prog, p, nil
}

func (b goBackend) Compile(path string) (testspec.Program, error) {
	prog, p, err := b.build(path)
	if err != nil {
		return nil, err
	}
	return &goProgram{prog, p}, nil
}

// gradbenchBackend adapts goBackend to the GradBench tool.
type gradbenchBackend struct{ goBackend }

func (b gradbenchBackend) Compile(path string) (gradbench.Program, error) {
	prog, p, err := b.build(path)
	if err != nil {
		return nil, err
	}
	return &goProgram{prog, p}, nil
}

type goProgram struct {
	ir   *ir.Program
	proc *gobuild.Process
}

func (p *goProgram) Run(entry string, args []values.Value) ([]values.Value, error) {
	res, _, err := p.proc.Call(entry, 1, args)
	return res, err
}

// RunTimed runs the entry once and returns the time the process measured
// around the entry point alone (benchrun.SelfTimed).
func (p *goProgram) RunTimed(entry string, args []values.Value) ([]values.Value, time.Duration, error) {
	res, times, err := p.proc.Call(entry, 1, args)
	if err != nil {
		return nil, 0, err
	}
	if len(times) != 1 {
		return nil, 0, fmt.Errorf("internal error: the compiled program reported %d run times for one run", len(times))
	}
	return res, times[0], nil
}

// Prepare binds the arguments in the process once, so that GradBench times
// only the computation.
func (p *goProgram) Prepare(entry string, args []values.Value) (gradbench.Call, error) {
	if err := p.proc.Load(entry, args); err != nil {
		return nil, err
	}
	return goCall{p.proc}, nil
}

type goCall struct{ proc *gobuild.Process }

func (c goCall) Run() error                       { _, err := c.proc.Run(); return err }
func (c goCall) Results() ([]values.Value, error) { return c.proc.Results() }
func (c goCall) RunTimed() (time.Duration, error) { return c.proc.Run() }

var (
	_ benchrun.SelfTimed      = (*goProgram)(nil)
	_ gradbench.SelfTimedCall = goCall{}
)
