package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/testspec"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// cmdTest runs the test blocks of every .fut file under the given paths.
// Like the reference's `test`, it runs compiled code by default; -i runs
// the interpreter, which skips cases tagged compiled.
func cmdTest(env *cliEnv, args []string) int {
	fl := flag.NewFlagSet("test", flag.ContinueOnError)
	fl.SetOutput(env.stderr)
	backend := fl.String("backend", "go", "backend to test: go (compiled; auto output is checked against the interpreter) or interp")
	interpMode := fl.Bool("i", false, "test with the interpreter (--backend=interp): skip cases tagged compiled")
	compiledMode := fl.Bool("c", false, "test compiled code (--backend=go, the default)")
	typeCheck := fl.Bool("t", false, "only compile the programs (every pass up to code generation); run nothing")
	var exclude multiFlag
	fl.Var(&exclude, "exclude", "skip programs and cases with this `TAG` (repeatable)")
	entry := fl.String("entry-point", "", "only test this entry point")
	concurrency := fl.Int("concurrency", 0, "run at most `N` cases at once (default: number of CPUs)")
	verbose := fl.Bool("v", false, "print every case as it finishes, not only failures")
	fastMath := fl.Bool("fast-math", false, fastMathUsage)
	fl.Usage = func() {
		fmt.Fprintln(env.stderr, "usage: fluxion test [-i|-c|-t] [--backend=go|interp] [--fast-math] [--exclude=TAG] [--entry-point=NAME] [-v] PATH...")
		fl.PrintDefaults()
	}
	paths, err := parseInterspersed(fl, args)
	if err != nil {
		return 2
	}
	if len(paths) == 0 {
		fl.Usage()
		return 2
	}
	if *concurrency < 0 {
		fmt.Fprintf(env.stderr, "fluxion test: --concurrency must not be negative, got %d\n", *concurrency)
		return 2
	}
	set := map[string]bool{}
	fl.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case *interpMode && *compiledMode:
		fmt.Fprintln(env.stderr, "fluxion test: -i and -c contradict each other")
		return 2
	case *interpMode && set["backend"] && *backend != "interp", *compiledMode && set["backend"] && *backend != "go":
		fmt.Fprintf(env.stderr, "fluxion test: --backend=%s contradicts -i/-c\n", *backend)
		return 2
	case *interpMode:
		*backend = "interp"
	}
	var be, ref testspec.Backend
	sel := testspec.Selection{Mode: testspec.Compiled, Exclude: exclude, EntryPoint: *entry}
	switch *backend {
	case "interp":
		be = interpBackend{fastMath: *fastMath}
		sel.Mode = testspec.Interpreted
	case "go":
		gb := newGoBackend(env.stderr)
		gb.fastMath = *fastMath
		be, ref = gb, interpBackend{fastMath: *fastMath}
	default:
		fmt.Fprintf(env.stderr, "fluxion test: unknown backend %q (available: go, interp)\n", *backend)
		return 2
	}
	if *typeCheck {
		// Compiling to IR is the whole check: nothing needs Go code.
		be, ref = interpBackend{fastMath: *fastMath}, nil
		sel.Mode = testspec.TypeCheck
		sel.Backend = *backend
	}
	r := &testspec.Runner{Backend: be, Reference: ref, Select: sel, Concurrency: *concurrency}
	if *verbose {
		r.Progress = func(res testspec.Result) { fmt.Fprintln(env.stdout, res.Line()) }
	}
	rep, err := r.Run(paths)
	if err != nil {
		fmt.Fprintf(env.stderr, "fluxion test: %v\n", err)
		return 2
	}
	if *verbose {
		fmt.Fprintln(env.stdout, rep.Summary()) // every failure is printed already
	} else {
		rep.Write(env.stdout)
	}
	if !rep.OK() {
		return 1
	}
	return 0
}

// multiFlag is a repeatable string flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(s string) error { *m = append(*m, s); return nil }

// interpBackend runs programs with the reference interpreter.
type interpBackend struct {
	// verify runs the IR verifier after every pass (tests set it).
	verify bool
	// fastMath compiles with pipeline.Options.FastMath.
	fastMath bool
}

func (interpBackend) Name() string { return "interp" }

func (b interpBackend) Compile(path string) (testspec.Program, error) {
	prog, warnings, err := compileIR(path, pipeline.Options{Verify: b.verify, FastMath: b.fastMath})
	if err != nil {
		return nil, err
	}
	exe, err := interp.Compile(prog)
	if err != nil {
		return nil, err
	}
	return interpProgram{prog, exe, warnings}, nil
}

type interpProgram struct {
	ir       *ir.Program
	exe      *interp.Program
	warnings []string
}

// Warnings are the compiler's warnings on the program (testspec.Warner).
func (p interpProgram) Warnings() []string { return p.warnings }

// ResultParts groups the entry's results into its values
// (testspec.ResultGrouper).
func (p interpProgram) ResultParts(entry string) []int { return resultParts(p.ir, entry) }

// resultParts gives the grouping of an entry point's results into opaque
// values (ir.Func.RetParts); nil for each result alone.
func resultParts(prog *ir.Program, entry string) []int {
	if fn := prog.Func(entry); fn != nil {
		return fn.RetParts
	}
	return nil
}

func (p interpProgram) Run(entry string, args []values.Value) ([]values.Value, error) {
	fn := p.ir.Func(entry)
	if fn == nil {
		return nil, badArgs{fmt.Errorf("no entry point %q", entry)}
	}
	if err := checkArgTypes(fn, args); err != nil {
		return nil, err
	}
	return p.exe.RunValues(entry, args)
}

// checkArgTypes reports arguments that do not have exactly the entry's
// parameter types (a mistake in the test, not a run-time failure).
func checkArgTypes(fn *ir.Func, args []values.Value) error {
	if len(args) != len(fn.Params) {
		return badArgs{fmt.Errorf("entry point %s takes %d arguments, the test gives %d", fn.Name, len(fn.Params), len(args))}
	}
	for i, p := range fn.Params {
		if args[i].Elem() != p.Type.Elem || args[i].Rank() != p.Type.Rank() {
			return badArgs{fmt.Errorf("argument %d of %s: the test gives %s, the entry point takes %s", i+1, fn.Name, args[i].TypeString(), fn.SourceType(p.Type))}
		}
	}
	return nil
}

// badArgs marks an argument error for testspec (it never satisfies an
// expected run-time error).
type badArgs struct{ err error }

func (b badArgs) Error() string      { return b.err.Error() }
func (b badArgs) Unwrap() error      { return b.err }
func (b badArgs) BadArguments() bool { return true }
