package main

import (
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"

	"github.com/fluxion-lang/fluxion/internal/benchrun"
	"github.com/fluxion-lang/fluxion/internal/gobuild"
	"github.com/fluxion-lang/fluxion/internal/gradbench"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/testspec"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// batchSize is the number of programs Prepare builds with one run of the
// Go toolchain. The toolchain compiles a batch's packages in parallel and
// links once; batches are built one after the other, so cases of a built
// batch run while the next one builds.
const batchSize = 64

// goBackend compiles programs to Go (cached) and runs them in server
// processes. Prepare builds many programs together.
type goBackend struct {
	// progress, if non-nil, receives a line when a compilation takes more
	// than a second.
	progress io.Writer
	// fastMath compiles with pipeline.Options.FastMath.
	fastMath bool

	mu       sync.Mutex
	prepared map[string]*preparedProgram
}

// preparedProgram is a program Prepare is building; done is closed once
// exe or err is set.
type preparedProgram struct {
	done     chan struct{}
	prog     *ir.Program
	warnings []string
	exe      *gobuild.Exe
	err      error
}

func newGoBackend(progress io.Writer) *goBackend { return &goBackend{progress: progress} }

func (*goBackend) Name() string { return "go" }

// Prepare starts compiling the programs at paths in the background, in
// batches of one executable each.
func (b *goBackend) Prepare(paths []string) {
	b.mu.Lock()
	if b.prepared == nil {
		b.prepared = map[string]*preparedProgram{}
	}
	var todo []string
	for _, p := range paths {
		if _, ok := b.prepared[p]; !ok {
			b.prepared[p] = &preparedProgram{done: make(chan struct{})}
			todo = append(todo, p)
		}
	}
	pps := make([]*preparedProgram, len(todo))
	for i, p := range todo {
		pps[i] = b.prepared[p]
	}
	b.mu.Unlock()
	go b.buildAll(todo, pps)
}

func (b *goBackend) buildAll(paths []string, pps []*preparedProgram) {
	// The front end and AD passes, in parallel.
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.NumCPU())
	for i, path := range paths {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			pps[i].prog, pps[i].warnings, pps[i].err = safePipeline(path, b.fastMath)
			if pps[i].err != nil {
				close(pps[i].done)
			}
		}()
	}
	wg.Wait()
	var batch []*preparedProgram
	var progs []*ir.Program
	flush := func() {
		if len(batch) == 0 {
			return
		}
		what := fmt.Sprintf("%d programs", len(batch))
		if len(batch) == 1 {
			what = "1 program"
		}
		b.report(what, func() {
			exes, errs := gobuild.BuildAll(progs, gobuild.Options{Version: version})
			for i, pp := range batch {
				pp.exe, pp.err = exes[i], errs[i]
				close(pp.done)
			}
		})
		batch, progs = nil, nil
	}
	for _, pp := range pps {
		if pp.err != nil {
			continue
		}
		batch = append(batch, pp)
		progs = append(progs, pp.prog)
		if len(batch) == batchSize {
			flush()
		}
	}
	flush()
}

// safePipeline compiles path to IR, turning a panic into an error.
func safePipeline(path string, fastMath bool) (prog *ir.Program, warnings []string, err error) {
	defer func() {
		if x := recover(); x != nil {
			prog, err = nil, fmt.Errorf("internal error: compiling %s panicked: %v", path, x)
		}
	}()
	return compileIR(path, pipeline.Options{FastMath: fastMath})
}

// report runs f, printing a progress line if it takes more than a second.
func (b *goBackend) report(what string, f func()) {
	withProgress(b.progress, "compiling "+what+" with the Go toolchain", f)
}

// withProgress runs f; if it takes more than a second, it says what it is
// doing on w, and when it is done, how long it took.
func withProgress(w io.Writer, what string, f func()) {
	if w == nil {
		f()
		return
	}
	start := time.Now()
	done := make(chan struct{})
	var mu sync.Mutex
	printed := false
	go func() {
		select {
		case <-done:
		case <-time.After(time.Second):
			mu.Lock()
			printed = true
			fmt.Fprintf(w, "fluxion: %s...\n", what)
			mu.Unlock()
		}
	}()
	f()
	close(done)
	mu.Lock()
	if printed {
		fmt.Fprintf(w, "fluxion: %s: done in %.1fs\n", what, time.Since(start).Seconds())
	}
	mu.Unlock()
}

// build compiles the program at path (or takes it from Prepare) and starts
// its process.
func (b *goBackend) build(path string) (*goProgram, error) {
	b.mu.Lock()
	pp := b.prepared[path]
	b.mu.Unlock()
	if pp == nil {
		pp = &preparedProgram{}
		b.report(path, func() {
			pp.prog, pp.warnings, pp.err = compileIR(path, pipeline.Options{FastMath: b.fastMath})
			if pp.err == nil {
				pp.exe, pp.err = gobuild.Build(pp.prog, gobuild.Options{Version: version})
			}
		})
	} else {
		<-pp.done
	}
	if pp.err != nil {
		return nil, pp.err
	}
	p, err := pp.exe.Start()
	if err != nil {
		return nil, err
	}
	return &goProgram{pp.prog, p, pp.warnings}, nil
}

func (b *goBackend) Compile(path string) (testspec.Program, error) {
	p, err := b.build(path)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// gradbenchBackend adapts goBackend to the GradBench tool.
type gradbenchBackend struct{ *goBackend }

func (b gradbenchBackend) Compile(path string) (gradbench.Program, error) {
	p, err := b.build(path)
	if err != nil {
		return nil, err
	}
	return p, nil
}

type goProgram struct {
	ir       *ir.Program
	proc     *gobuild.Process
	warnings []string
}

// Warnings are the compiler's warnings on the program (testspec.Warner).
func (p *goProgram) Warnings() []string { return p.warnings }

// ResultParts groups the entry's results into its values
// (testspec.ResultGrouper).
func (p *goProgram) ResultParts(entry string) []int { return resultParts(p.ir, entry) }

func (p *goProgram) Run(entry string, args []values.Value) ([]values.Value, error) {
	res, _, err := p.proc.Call(entry, 1, args)
	return res, err
}

// Close ends the program's process.
func (p *goProgram) Close() error { return p.proc.Close() }

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

// RunRepeated runs the entry back to back in the program's process
// (gradbench.RepeatedCall).
func (c goCall) RunRepeated(minRuns int64, minTotal time.Duration) ([]time.Duration, error) {
	return c.proc.Repeat(minRuns, minTotal)
}

var (
	_ benchrun.SelfTimed      = (*goProgram)(nil)
	_ gradbench.SelfTimedCall = goCall{}
	_ gradbench.RepeatedCall  = goCall{}
	_ testspec.Preparer       = (*goBackend)(nil)
	_ testspec.Warner         = (*goProgram)(nil)
	_ testspec.Warner         = interpProgram{}
	_ testspec.ResultGrouper  = (*goProgram)(nil)
	_ testspec.ResultGrouper  = interpProgram{}
)
