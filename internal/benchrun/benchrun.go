// Package benchrun benchmarks programs on any testspec.Backend as
// FORMATS.md §4 describes: it selects the datasets of the programs' test
// blocks, times repeated calls of their entry points, validates the
// results, and reports on the console and as JSON.
//
// Each program is compiled once and each dataset's input is loaded once,
// both outside timing. A dataset gets one warm-up run, whose time is
// discarded, and then Options.Runs measured runs; a runtime is the
// wall-clock time of one Program.Run call in integer microseconds. The
// results of the last run are checked against the case's output clause.
// Benchmarks run one at a time so that they do not disturb each other.
package benchrun

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"

	"github.com/fluxion-lang/fluxion/internal/testspec"
)

// DefaultRuns is the number of measured runs per dataset (FORMATS.md §4.2).
const DefaultRuns = 10

// Clock measures wall-clock time; tests substitute a fake one.
type Clock interface {
	Now() time.Time
	// After returns a channel that receives once d has passed.
	After(d time.Duration) <-chan time.Time
}

type realClock struct{}

func (realClock) Now() time.Time                         { return time.Now() }
func (realClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// Options configures a benchmark run.
type Options struct {
	Backend testspec.Backend
	// Runs is the number of measured runs per dataset; <= 0 means
	// DefaultRuns.
	Runs int
	// Exclude skips programs and datasets carrying any of these tags.
	Exclude []string
	// EntryPoint, if set, benchmarks only this entry point.
	EntryPoint string
	// SkipCompiled skips datasets tagged `compiled`, which are too large
	// for slow backends such as the interpreter.
	SkipCompiled bool
	// Timeout, if positive, fails a dataset once its runs (warm-up
	// included) take this long together. A run cannot be stopped, so a
	// run that overruns continues in the background.
	Timeout time.Duration
	// Clock defaults to the system clock.
	Clock Clock
}

// Report is the outcome of a benchmark run, in a deterministic order:
// programs as found, entry points in order of first appearance, datasets
// in source order.
type Report struct {
	Benchmarks []*Benchmark
	// Errors are problems of whole programs that have no dataset to be
	// recorded under, such as unreadable files or invalid test blocks.
	Errors []string
}

// Benchmark is one (program, entry point) pair.
type Benchmark struct {
	Key      string // testspec.BenchmarkKey of Program and Entry
	Program  string // the program path as found
	Entry    string
	Datasets []*Dataset
}

// Dataset is the outcome of benchmarking one case.
type Dataset struct {
	// Name is the case's testspec.DatasetName, made unique within its
	// benchmark by a " #k" suffix on the k-th repetition of a name.
	Name string
	Case *testspec.Case
	// Runtimes are the measured runs in microseconds, in order; a failed
	// dataset keeps the runs it completed.
	Runtimes []int64
	// Err is why the dataset failed; "" if it succeeded.
	Err string
}

// Failed reports whether the dataset failed.
func (d *Dataset) Failed() bool { return d.Err != "" }

// Stats summarises a dataset's runtimes.
type Stats struct {
	Mean   float64 // arithmetic mean, μs
	StdDev float64 // sample standard deviation (n-1 denominator), μs
	RSD    float64 // StdDev / Mean; 0 when Mean is 0
	Min    int64
	Max    int64
}

// Stats computes the mean, spread and extremes of the runtimes; all are
// zero when there are none.
func (d *Dataset) Stats() Stats {
	return computeStats(d.Runtimes)
}

func computeStats(xs []int64) Stats {
	var s Stats
	if len(xs) == 0 {
		return s
	}
	s.Min, s.Max = xs[0], xs[0]
	var sum float64
	for _, x := range xs {
		sum += float64(x)
		s.Min = min(s.Min, x)
		s.Max = max(s.Max, x)
	}
	s.Mean = sum / float64(len(xs))
	if len(xs) > 1 {
		var sq float64
		for _, x := range xs {
			d := float64(x) - s.Mean
			sq += d * d
		}
		s.StdDev = math.Sqrt(sq / float64(len(xs)-1))
	}
	if s.Mean != 0 {
		s.RSD = s.StdDev / s.Mean
	}
	return s
}

// Failed reports whether anything failed: the exit status is non-zero.
func (r *Report) Failed() bool {
	if len(r.Errors) > 0 {
		return true
	}
	for _, b := range r.Benchmarks {
		for _, d := range b.Datasets {
			if d.Failed() {
				return true
			}
		}
	}
	return false
}

// Summary is the final console line, such as "5 datasets, 1 failed".
func (r *Report) Summary() string {
	n, failed := 0, 0
	for _, b := range r.Benchmarks {
		for _, d := range b.Datasets {
			n++
			if d.Failed() {
				failed++
			}
		}
	}
	s := fmt.Sprintf("%d datasets, %d failed", n, failed)
	if len(r.Errors) > 0 {
		s += fmt.Sprintf(", %d programs with errors", len(r.Errors))
	}
	return s
}

// Run benchmarks every selected dataset of the programs found under paths
// (directories are searched recursively for .fut files), printing each
// result to stdout (if non-nil) as soon as it is known, then a summary
// line. Failures of programs and datasets are in the report; the error is
// non-nil if the options are unusable, the paths cannot be searched, or
// stdout fails (the report is returned all the same in that last case).
func Run(opts Options, paths []string, stdout io.Writer) (*Report, error) {
	if opts.Backend == nil {
		return nil, errors.New("benchrun: Options.Backend is nil")
	}
	files, err := testspec.FindPrograms(paths)
	if err != nil {
		return nil, err
	}
	r := newRunner(opts, stdout)
	rep := &Report{}
	var work []*programWork
	for _, f := range files {
		if w := r.selectProgram(rep, f); w != nil {
			work = append(work, w)
		}
	}
	// Compile everything before timing anything, so that no compilation
	// runs beside a benchmark.
	if p, ok := r.Backend.(testspec.Preparer); ok {
		paths := make([]string, len(work))
		for i, w := range work {
			paths[i] = w.spec.Path
		}
		p.Prepare(paths)
	}
	for _, w := range work {
		w.prog, w.err = safeCompile(r.Backend, w.spec.Path)
	}
	for _, w := range work {
		r.program(rep, w)
	}
	r.printf("%s\n", rep.Summary())
	return rep, r.werr
}

// programWork is a program with datasets to benchmark.
type programWork struct {
	spec    *testspec.Spec
	benches []*Benchmark
	prog    testspec.Program
	err     error // compilation error
}

// runner holds the state of one Run.
type runner struct {
	Options
	sel  testspec.Selection
	out  io.Writer
	werr error // first error writing to out
}

func newRunner(opts Options, stdout io.Writer) *runner {
	if opts.Runs <= 0 {
		opts.Runs = DefaultRuns
	}
	if opts.Clock == nil {
		opts.Clock = realClock{}
	}
	sel := testspec.Selection{
		Mode:       testspec.Compiled,
		Backend:    opts.Backend.Name(),
		Exclude:    opts.Exclude,
		EntryPoint: opts.EntryPoint,
		Bench:      true,
	}
	if opts.SkipCompiled {
		sel.Mode = testspec.Interpreted
	}
	return &runner{Options: opts, sel: sel, out: stdout}
}

// printf writes to the console, remembering the first failure.
func (r *runner) printf(format string, args ...any) {
	if r.out == nil || r.werr != nil {
		return
	}
	_, r.werr = fmt.Fprintf(r.out, format, args...)
}

// selectProgram reads the test blocks of the program at path and returns
// its benchmarks, or nil if it has none (or cannot be read).
func (r *runner) selectProgram(rep *Report, path string) *programWork {
	fail := func(msg string) {
		rep.Errors = append(rep.Errors, msg)
		r.printf("%s\n", msg)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		fail(err.Error())
		return nil
	}
	spec, err := testspec.Parse(path, src)
	if err != nil {
		fail(fmt.Sprintf("%s: invalid test block: %v", path, err))
		return nil
	}
	benches := r.selectDatasets(spec)
	if len(benches) == 0 {
		return nil
	}
	rep.Benchmarks = append(rep.Benchmarks, benches...)
	return &programWork{spec: spec, benches: benches}
}

// program benchmarks every selected dataset of one compiled program.
func (r *runner) program(rep *Report, w *programWork) {
	if w.err != nil {
		msg := "compilation failed:\n" + indent(w.err.Error())
		r.printf("%s: %s\n", w.spec.Path, msg)
		for _, b := range w.benches {
			for _, d := range b.Datasets {
				d.Err = msg
			}
		}
		return
	}
	if c, ok := w.prog.(io.Closer); ok {
		defer c.Close()
	}
	for _, b := range w.benches {
		r.printf("%s\n", b.Key)
		width := 0
		for _, d := range b.Datasets {
			width = max(width, len(d.Name))
		}
		for _, d := range b.Datasets {
			r.dataset(w.prog, w.spec, b.Entry, d)
			r.printf("%s\n", datasetLine(d, width))
		}
	}
}

// selectDatasets groups the selected cases of spec into benchmarks, one
// per entry point in order of first appearance.
func (r *runner) selectDatasets(spec *testspec.Spec) []*Benchmark {
	var benches []*Benchmark
	byEntry := map[string]*Benchmark{}
	seen := map[string]map[string]int{} // entry -> dataset name -> uses
	for _, in := range r.sel.Instances(spec) {
		if in.Skip != "" {
			continue
		}
		b := byEntry[in.Entry]
		if b == nil {
			b = &Benchmark{Key: testspec.BenchmarkKey(spec.Path, in.Entry), Program: spec.Path, Entry: in.Entry}
			byEntry[in.Entry] = b
			benches = append(benches, b)
			seen[in.Entry] = map[string]int{}
		}
		name := in.Case.DatasetName()
		// JSON keys must be unique, so a repeated name gets a counter.
		seen[in.Entry][name]++
		if k := seen[in.Entry][name]; k > 1 {
			name = fmt.Sprintf("%s #%d", name, k)
		}
		b.Datasets = append(b.Datasets, &Dataset{Name: name, Case: in.Case})
	}
	return benches
}

// dataset loads a dataset's input and expected output, times its runs and
// validates the last results, recording the outcome in d.
func (r *runner) dataset(prog testspec.Program, spec *testspec.Spec, entry string, d *Dataset) {
	args, err := testspec.ProgramInput(spec, d.Case, entry, prog)
	if err != nil {
		d.Err = err.Error()
		return
	}
	want, err := testspec.ProgramExpected(spec, d.Case, prog)
	if err != nil {
		d.Err = err.Error()
		return
	}
	var used time.Duration // time spent in runs so far, for the timeout
	var got []testspec.Value
	for i := 0; i <= r.Runs; i++ {
		var elapsed time.Duration
		got, elapsed, err = r.timedRun(prog, entry, args, r.Timeout-used)
		if err != nil {
			d.Err = err.Error()
			return
		}
		used += elapsed
		if r.Timeout > 0 && used >= r.Timeout {
			d.Err = timeoutMessage(r.Timeout)
			return
		}
		if i > 0 { // run 0 is the warm-up
			d.Runtimes = append(d.Runtimes, elapsed.Microseconds())
		}
	}
	if k := d.Case.Expect.Kind; k == testspec.ExpectValues || k == testspec.ExpectFile {
		if ms := testspec.Mismatches(want, got); len(ms) > 0 {
			d.Err = "invalid result:\n" + indent(strings.Join(ms, "\n"))
		}
	}
}

// timedRun runs the entry point once and measures it; with a timeout it
// gives up waiting once remaining (positive) has passed.
func (r *runner) timedRun(prog testspec.Program, entry string, args []testspec.Value, remaining time.Duration) ([]testspec.Value, time.Duration, error) {
	type outcome struct {
		vs      []testspec.Value
		elapsed time.Duration
		err     error
	}
	measure := func() outcome {
		start := r.Clock.Now()
		vs, self, err := safeRun(prog, entry, args)
		elapsed := r.Clock.Now().Sub(start)
		if self >= 0 {
			elapsed = self
		}
		if err != nil {
			err = errors.New("run failed:\n" + indent(err.Error()))
		}
		return outcome{vs, elapsed, err}
	}
	if r.Timeout <= 0 {
		o := measure()
		return o.vs, o.elapsed, o.err
	}
	// Start the timer before the run so that no clock tick can be missed.
	expired := r.Clock.After(remaining)
	done := make(chan outcome, 1)
	go func() { done <- measure() }()
	select {
	case o := <-done:
		return o.vs, o.elapsed, o.err
	case <-expired:
		return nil, 0, errors.New(timeoutMessage(r.Timeout))
	}
}

func timeoutMessage(limit time.Duration) string {
	return fmt.Sprintf("timed out: the runs took %v or more together", limit)
}

// datasetLine formats one dataset's console line, the name padded to width.
func datasetLine(d *Dataset, width int) string {
	label := fmt.Sprintf("  %-*s", width+1, d.Name+":")
	if d.Failed() {
		lines := strings.Split(d.Err, "\n")
		for i := 1; i < len(lines); i++ {
			lines[i] = "    " + lines[i]
		}
		return label + " " + strings.Join(lines, "\n")
	}
	s := d.Stats()
	return fmt.Sprintf("%s %10.0fμs (mean; RSD %.3f; min %d; max %d)", label, s.Mean, s.RSD, s.Min, s.Max)
}

// safeCompile turns a panic in a backend into an error, so that one broken
// program cannot end the whole run.
func safeCompile(b testspec.Backend, path string) (p testspec.Program, err error) {
	defer func() {
		if x := recover(); x != nil {
			p, err = nil, fmt.Errorf("internal error: backend %s panicked: %v", b.Name(), x)
		}
	}()
	return b.Compile(path)
}

// SelfTimed is implemented by programs that time their own runs: a
// compiled program in another process measures the entry point alone,
// without the cost of passing it arguments and results.
type SelfTimed interface {
	RunTimed(entry string, args []testspec.Value) ([]testspec.Value, time.Duration, error)
}

// safeRun runs the entry point; self is the program's own measurement of
// the run, or negative if it does not time itself.
func safeRun(p testspec.Program, entry string, args []testspec.Value) (vs []testspec.Value, self time.Duration, err error) {
	defer func() {
		if x := recover(); x != nil {
			vs, self, err = nil, -1, fmt.Errorf("internal error: run panicked: %v", x)
		}
	}()
	if st, ok := p.(SelfTimed); ok {
		return st.RunTimed(entry, args)
	}
	vs, err = p.Run(entry, args)
	return vs, -1, err
}

// indent prefixes every line of s with two spaces.
func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "  " + l
	}
	return strings.Join(lines, "\n")
}
