package testspec

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"
)

// Backend turns programs into something runnable: the interpreter, the
// compiled Go backend, or a fake in tests.
type Backend interface {
	// Name is the backend's name, as in the run tag no_<name>.
	Name() string
	// Compile compiles (or type-checks and prepares) the program at path.
	// The error message is what `error:` compile-failure patterns match.
	Compile(path string) (Program, error)
}

// Program is a compiled program. Run may be called concurrently.
type Program interface {
	// Run calls the entry point with args and returns its results, tuples
	// unpacked. Run must not modify args. A run-time failure is an error
	// whose message `error:` patterns match.
	Run(entry string, args []Value) ([]Value, error)
}

// ResultGrouper is a Program whose entry points may return opaque values
// (LANGUAGE-V2 §3), each of which is several results of Run: ResultParts
// gives, for each value the entry returns, how many results it takes (nil:
// one each). Script expressions keep such a value whole.
type ResultGrouper interface {
	ResultParts(entry string) []int
}

// Preparer is a Backend that compiles many programs faster together than
// one at a time (the Go backend builds them into one executable). Run
// calls Prepare once with every program it is going to compile, before
// compiling any; Prepare must return at once and may compile in the
// background, with Compile waiting for the program's turn.
type Preparer interface {
	Prepare(paths []string)
}

// Runner runs the test cases of programs and judges them (FORMATS.md §3.6).
type Runner struct {
	Backend Backend
	// Reference, if non-nil, provides the expected results of `auto output`
	// cases; without it such cases must merely run successfully.
	Reference Backend
	Select    Selection
	// Concurrency bounds simultaneous compilations and runs; <= 0 means
	// the number of CPUs.
	Concurrency int
	// Progress, if non-nil, is called once per result as soon as it is
	// known, never concurrently.
	Progress func(Result)
	// Timeout, if positive, fails a run that takes longer. The run itself
	// cannot be stopped and continues in the background.
	Timeout time.Duration
}

// Outcome is the verdict on one case (or one program).
type Outcome uint8

const (
	Pass Outcome = iota
	Fail
	Skip
)

func (o Outcome) String() string {
	switch o {
	case Pass:
		return "pass"
	case Fail:
		return "fail"
	}
	return "skip"
}

// Result is the verdict on one (case, entry point) pair, or on a whole
// program when Case is nil (compilation failures, compile-error
// expectations, type-check mode, unparsable test blocks).
type Result struct {
	File    string
	Entry   string
	Case    *Case
	Outcome Outcome
	Reason  string // why the case failed or was skipped
}

// String formats the result as a report line, such as
// `prog.fut: entry total, dataset #0 ("1i32"): expected ...`.
func (r Result) String() string {
	var b strings.Builder
	b.WriteString(r.File)
	if r.Case != nil {
		fmt.Fprintf(&b, ": entry %s, dataset %s", r.Entry, r.Case.DatasetName())
	}
	if r.Reason != "" {
		b.WriteString(": ")
		b.WriteString(r.Reason)
	}
	return b.String()
}

// Line is String prefixed by the outcome ("pass: ", "FAIL: ", "skip: "),
// for listing every result.
func (r Result) Line() string {
	o := r.Outcome.String()
	if r.Outcome == Fail {
		o = "FAIL"
	}
	return o + ": " + r.String()
}

// Report is the outcome of a run: every result in a deterministic order
// (files as found, cases in source order, entries as listed).
type Report struct {
	Results                 []Result
	Passed, Failed, Skipped int
}

// OK reports whether every selected case passed (exit status 0).
func (r *Report) OK() bool { return r.Failed == 0 }

// Summary is the final line of a test run. Skipped cases are counted by
// reason, most frequent first: "5 passed, 0 failed, 3 skipped (2 tagged
// compiled (interpreter mode), 1 tagged disable)".
func (r *Report) Summary() string {
	s := fmt.Sprintf("%d passed, %d failed", r.Passed, r.Failed)
	if r.Skipped == 0 {
		return s
	}
	s += fmt.Sprintf(", %d skipped", r.Skipped)
	count := map[string]int{}
	var reasons []string
	for _, res := range r.Results {
		if res.Outcome != Skip {
			continue
		}
		if count[res.Reason] == 0 {
			reasons = append(reasons, res.Reason)
		}
		count[res.Reason]++
	}
	if len(reasons) == 0 {
		return s
	}
	sort.SliceStable(reasons, func(i, j int) bool { return count[reasons[i]] > count[reasons[j]] })
	parts := make([]string, len(reasons))
	for i, why := range reasons {
		parts[i] = fmt.Sprintf("%d %s", count[why], why)
	}
	return s + " (" + strings.Join(parts, ", ") + ")"
}

// Write prints every failure (see Result.String), then the summary line.
func (r *Report) Write(w io.Writer) error {
	for _, res := range r.Failures() {
		if _, err := fmt.Fprintln(w, res.String()); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintln(w, r.Summary())
	return err
}

// Failures returns the failed results.
func (r *Report) Failures() []Result {
	var fs []Result
	for _, res := range r.Results {
		if res.Outcome == Fail {
			fs = append(fs, res)
		}
	}
	return fs
}

// FindPrograms expands paths into program files: directories are searched
// recursively for .fut files (in lexical order); files are taken as given.
func FindPrograms(paths []string) ([]string, error) {
	var files []string
	seen := map[string]bool{}
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			files = append(files, p)
		}
	}
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			add(p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(path, ".fut") {
				add(path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}

// Run runs all selected cases of all programs found under paths. The error
// is non-nil only if the paths cannot be searched; failures of programs
// and cases are in the report.
func (r *Runner) Run(paths []string) (*Report, error) {
	if r.Backend == nil {
		return nil, errors.New("testspec: Runner.Backend is nil")
	}
	files, err := FindPrograms(paths)
	if err != nil {
		return nil, err
	}
	n := r.Concurrency
	if n <= 0 {
		n = runtime.NumCPU()
	}
	st := &runState{Runner: r, sel: r.Select, tokens: make(chan struct{}, n)}
	if st.sel.Backend == "" {
		st.sel.Backend = r.Backend.Name()
	}
	if p, ok := r.Backend.(Preparer); ok && st.sel.Mode != TypeCheck {
		p.Prepare(st.toCompile(files))
	}
	perFile := make([][]Result, len(files))
	var wg sync.WaitGroup
	for i, f := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			perFile[i] = st.runFile(f)
		}()
	}
	wg.Wait()
	rep := &Report{}
	for _, rs := range perFile {
		for _, res := range rs {
			rep.Results = append(rep.Results, res)
			switch res.Outcome {
			case Pass:
				rep.Passed++
			case Fail:
				rep.Failed++
			default:
				rep.Skipped++
			}
		}
	}
	return rep, nil
}

// runState is shared by the goroutines of one Run.
type runState struct {
	*Runner
	sel    Selection     // Select with the backend name filled in
	tokens chan struct{} // one per concurrent compilation or run
	mu     sync.Mutex    // serializes Progress
}

func (st *runState) report(res Result) Result {
	if st.Progress != nil {
		st.mu.Lock()
		st.Progress(res)
		st.mu.Unlock()
	}
	return res
}

// limited runs f while holding a concurrency token.
func (st *runState) limited(f func()) {
	st.tokens <- struct{}{}
	defer func() { <-st.tokens }()
	f()
}

// toCompile returns the files whose programs runFile compiles: those whose
// test blocks parse and that are not skipped as a whole.
func (st *runState) toCompile(files []string) []string {
	var out []string
	for _, f := range files {
		spec, err := ParseFile(f)
		if err == nil && st.sel.SkipProgram(spec) == "" {
			out = append(out, f)
		}
	}
	return out
}

// runFile compiles one program and runs its cases; the results are in
// source order.
func (st *runState) runFile(path string) []Result {
	programResult := func(o Outcome, reason string) []Result {
		return []Result{st.report(Result{File: path, Outcome: o, Reason: reason})}
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return programResult(Fail, err.Error())
	}
	spec, err := Parse(path, src)
	if err != nil {
		return programResult(Fail, "invalid test block: "+err.Error())
	}
	instances := st.sel.Instances(spec)
	if st.sel.SkipProgram(spec) != "" {
		skipped := make([]Result, len(instances))
		for i, in := range instances {
			skipped[i] = st.report(Result{File: path, Entry: in.Entry, Case: in.Case, Outcome: Skip, Reason: in.Skip})
		}
		return skipped
	}
	var prog Program
	var cerr error
	st.limited(func() { prog, cerr = safeCompile(st.Backend, path) })
	if c, ok := prog.(io.Closer); ok && cerr == nil {
		defer c.Close()
	}
	switch {
	case spec.CompileError != nil:
		if cerr == nil {
			return programResult(Fail, "compilation succeeded but was expected to fail")
		}
		if !spec.CompileError.Match(cerr.Error()) {
			return programResult(Fail, fmt.Sprintf("compilation failed as expected, but the error does not match %q:\n%s",
				spec.CompileError.Pattern, indent(cerr.Error())))
		}
		return programResult(Pass, "")
	case cerr != nil:
		return programResult(Fail, "compilation failed:\n"+indent(cerr.Error()))
	}
	var results []Result
	if len(spec.Warnings) > 0 {
		if reason := unmatchedWarnings(spec, prog); reason != "" {
			results = programResult(Fail, reason)
		} else if st.sel.Mode == TypeCheck || len(instances) == 0 {
			results = programResult(Pass, "")
		}
	}
	if st.sel.Mode == TypeCheck {
		if results != nil {
			return results
		}
		return programResult(Pass, "")
	}

	ref := &reference{backend: st.Reference, path: path}
	type job struct {
		res Result
		run bool
	}
	var jobs []job
	for _, in := range instances {
		res := Result{File: path, Entry: in.Entry, Case: in.Case}
		if in.Skip != "" {
			res.Outcome, res.Reason = Skip, in.Skip
			jobs = append(jobs, job{st.report(res), false})
			continue
		}
		jobs = append(jobs, job{res, true})
	}
	var wg sync.WaitGroup
	for i := range jobs {
		if !jobs[i].run {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			st.limited(func() {
				res := &jobs[i].res
				res.Outcome, res.Reason = Pass, ""
				if reason := st.runCase(prog, ref, spec, res.Case, res.Entry); reason != "" {
					res.Outcome, res.Reason = Fail, reason
				}
			})
			st.report(jobs[i].res)
		}()
	}
	wg.Wait()
	for _, j := range jobs {
		results = append(results, j.res)
	}
	return results
}

// Warner is a Program that can tell the compiler's warnings on it.
type Warner interface {
	Warnings() []string
}

// unmatchedWarnings checks the program's warning: clauses and returns why
// they fail, or "" if every one matches some warning.
func unmatchedWarnings(spec *Spec, prog Program) string {
	var got []string
	if w, ok := prog.(Warner); ok {
		got = w.Warnings()
	}
	var missing []string
	for _, want := range spec.Warnings {
		found := false
		for _, g := range got {
			if want.Regexp.MatchString(g) {
				found = true
				break
			}
		}
		if !found {
			missing = append(missing, fmt.Sprintf("%s: no warning matches %q", want.Pos, want.Pattern))
		}
	}
	if len(missing) == 0 {
		return ""
	}
	if len(got) == 0 {
		return strings.Join(missing, "\n") + "\n  (the compiler gave no warnings)"
	}
	return strings.Join(missing, "\n") + "\n  the compiler's warnings:\n" + indent(indent(strings.Join(got, "\n")))
}

// runCase runs one case on one entry point and returns why it failed, or
// "" if it passed.
func (st *runState) runCase(prog Program, ref *reference, spec *Spec, c *Case, entry string) string {
	args, err := ProgramInput(spec, c, entry, prog)
	if err != nil {
		if isArgumentError(err) {
			return "invalid script input:\n" + indent(err.Error())
		}
		return err.Error()
	}
	got, rerr := st.run(prog, entry, args)
	if isArgumentError(rerr) {
		return "invalid input for entry point " + entry + ":\n" + indent(rerr.Error())
	}
	if _, ok := rerr.(errTimeout); ok {
		return rerr.Error()
	}
	switch c.Expect.Kind {
	case ExpectError:
		if rerr == nil {
			return "the run succeeded but was expected to fail with an error matching " + fmt.Sprintf("%q", c.Expect.Error.Pattern)
		}
		if !c.Expect.Error.Match(rerr.Error()) {
			return fmt.Sprintf("the run failed as expected, but the error does not match %q:\n%s",
				c.Expect.Error.Pattern, indent(rerr.Error()))
		}
		return ""
	}
	if rerr != nil {
		return "run failed:\n" + indent(rerr.Error())
	}
	var want []Value
	switch c.Expect.Kind {
	case ExpectSuccess:
		return ""
	case ExpectValues, ExpectFile, ExpectScript:
		want, err = ProgramExpected(spec, c, prog)
		if err != nil {
			return err.Error()
		}
	case ExpectAuto:
		refProg, err := ref.program()
		if err != nil {
			return err.Error()
		}
		if refProg == nil {
			return ""
		}
		want, err = st.run(refProg, entry, args)
		if err != nil {
			return "reference run failed:\n" + indent(err.Error())
		}
	}
	if ms := Mismatches(want, got); len(ms) > 0 {
		return strings.Join(ms, "\n")
	}
	return ""
}

// CaseInput returns the arguments of case c for entry (the entry point
// seeds random inputs), reading input files relative to the program.
func CaseInput(spec *Spec, c *Case, entry string) ([]Value, error) {
	switch c.Input.Kind {
	case InputFile:
		vs, err := readValuesFile(DataPath(spec, c.Input.Path))
		if err != nil {
			return nil, fmt.Errorf("%s: reading input: %v", c.Input.Pos, err)
		}
		return vs, nil
	case InputRandom:
		return RandomInput(spec.Path, entry, c), nil
	case InputScript, InputScriptFile:
		return nil, fmt.Errorf("%s: a script input needs the program to run (ProgramInput)", c.Input.Pos)
	}
	return c.Input.Values, nil
}

// ProgramInput is CaseInput for every kind of input: script inputs are
// evaluated with the entry points of prog.
func ProgramInput(spec *Spec, c *Case, entry string, prog Program) ([]Value, error) {
	dir := filepath.Dir(spec.Path)
	switch c.Input.Kind {
	case InputScript:
		return EvalScript(c.Input.Script, prog, dir)
	case InputScriptFile:
		path := DataPath(spec, c.Input.Path)
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("%s: reading script input: %v", c.Input.Pos, err)
		}
		e, err := ParseScript(string(src), Pos{path, 1, 1})
		if err != nil {
			return nil, err
		}
		return EvalScript(e, prog, dir)
	}
	return CaseInput(spec, c, entry)
}

// DataPath resolves the path of an input @ or output @ clause: relative
// paths are relative to the program's directory.
func DataPath(spec *Spec, path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(filepath.Dir(spec.Path), path)
}

// ExpectedValues returns the expected results of a case with an output
// clause (output { ... } or output @ path), and nil for other cases.
func ExpectedValues(spec *Spec, c *Case) ([]Value, error) {
	switch c.Expect.Kind {
	case ExpectValues:
		return c.Expect.Values, nil
	case ExpectFile:
		vs, err := readValuesFile(DataPath(spec, c.Expect.Path))
		if err != nil {
			return nil, fmt.Errorf("%s: reading expected output: %v", c.Expect.Pos, err)
		}
		return vs, nil
	}
	return nil, nil
}

// ProgramExpected is ExpectedValues for every kind of expected output:
// script outputs are evaluated with the entry points of prog.
func ProgramExpected(spec *Spec, c *Case, prog Program) ([]Value, error) {
	if c.Expect.Kind == ExpectScript {
		vs, err := EvalScript(c.Expect.Script, prog, filepath.Dir(spec.Path))
		if err != nil {
			return nil, fmt.Errorf("script output failed:\n%s", indent(err.Error()))
		}
		return vs, nil
	}
	return ExpectedValues(spec, c)
}

// Mismatches judges results against expected values (FORMATS.md §3.6) and
// describes the first differences, one per line; none means they agree.
func Mismatches(want, got []Value) []string { return compareValues(want, got) }

// isArgumentError reports whether err says that the arguments do not fit
// the entry point's parameters. Backends mark such errors with a method
// BadArguments() bool returning true; they never satisfy `error:` cases,
// since they are mistakes in the test rather than run-time failures.
func isArgumentError(err error) bool {
	var bad interface{ BadArguments() bool }
	return err != nil && errors.As(err, &bad) && bad.BadArguments()
}

// reference compiles the program with the reference backend at most once.
type reference struct {
	backend Backend
	path    string
	once    sync.Once
	prog    Program
	err     error
}

// program returns the reference program, or nil if there is no reference.
func (r *reference) program() (Program, error) {
	if r.backend == nil {
		return nil, nil
	}
	r.once.Do(func() {
		// The caller holds a token already, so compile without taking one.
		r.prog, r.err = safeCompile(r.backend, r.path)
		if r.err != nil {
			r.err = fmt.Errorf("compiling with reference backend %s failed:\n%s", r.backend.Name(), indent(r.err.Error()))
		}
	})
	return r.prog, r.err
}

// safeCompile turns a panic in a backend into an error, so one broken
// program cannot bring down the whole run.
func safeCompile(b Backend, path string) (p Program, err error) {
	defer func() {
		if x := recover(); x != nil {
			p, err = nil, fmt.Errorf("internal error: backend %s panicked: %v", b.Name(), x)
		}
	}()
	return b.Compile(path)
}

// run runs the entry point within the runner's time limit.
func (st *runState) run(p Program, entry string, args []Value) ([]Value, error) {
	if st.Timeout <= 0 {
		return safeRun(p, entry, args)
	}
	type outcome struct {
		vs  []Value
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		vs, err := safeRun(p, entry, args)
		done <- outcome{vs, err}
	}()
	timer := time.NewTimer(st.Timeout)
	defer timer.Stop()
	select {
	case o := <-done:
		return o.vs, o.err
	case <-timer.C:
		return nil, errTimeout{st.Timeout}
	}
}

// errTimeout is a run that exceeded the time limit; it is a failure of the
// test, not a run-time error, so it never satisfies error: cases.
type errTimeout struct{ limit time.Duration }

func (e errTimeout) Error() string { return fmt.Sprintf("timed out after %v", e.limit) }

func safeRun(p Program, entry string, args []Value) (vs []Value, err error) {
	defer func() {
		if x := recover(); x != nil {
			vs, err = nil, fmt.Errorf("internal error: run panicked: %v", x)
		}
	}()
	return p.Run(entry, args)
}

// indent prefixes every line of s with two spaces.
func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "  " + l
	}
	return strings.Join(lines, "\n")
}
