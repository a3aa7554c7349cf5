package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/fluxion-lang/fluxion/internal/gobuild"
	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// cmdRun compiles a program, reads the entry point's arguments from stdin
// and prints its results.
func cmdRun(env *cliEnv, args []string) int {
	fl := flag.NewFlagSet("run", flag.ContinueOnError)
	fl.SetOutput(env.stderr)
	useInterp := fl.Bool("interp", false, "run with the reference interpreter instead of compiling to Go")
	entry := fl.String("e", "main", "entry point to run")
	fl.StringVar(entry, "entry-point", "main", "entry point to run")
	binary := fl.Bool("b", false, "print results in the binary value format")
	noPrint := fl.Bool("n", false, "do not print results")
	runs := fl.Int("r", 0, "perform one untimed warm-up run, then N timed runs")
	fastMath := fl.Bool("fast-math", false, fastMathUsage)
	timings := fl.String("t", "", "write the runtime of each run in microseconds, one per line, to `FILE`")
	fl.Usage = func() {
		fmt.Fprintln(env.stderr, "usage: fluxion run [--interp] [--fast-math] [-e ENTRY] [-b] [-n] [-r N] [-t FILE] FILE.fut < ARGS")
		fl.PrintDefaults()
	}
	files, err := parseInterspersed(fl, args)
	if err != nil {
		return 2
	}
	if len(files) != 1 {
		fl.Usage()
		return 2
	}
	if *runs < 0 {
		fmt.Fprintf(env.stderr, "fluxion run: -r must not be negative, got %d\n", *runs)
		return 2
	}
	file := files[0]
	prog, code := compileFile(env, file, pipeline.Options{FastMath: *fastMath})
	if code != 0 {
		return code
	}
	fn := prog.Func(*entry)
	if fn == nil || fn.Internal {
		fmt.Fprintf(env.stderr, "Error: %s has no entry point %q; %s\n", file, *entry, entryList(prog))
		return 2
	}
	argv, err := readArgs(env.stdin, fn)
	if err != nil {
		fmt.Fprintf(env.stderr, "Error: %v\n", err)
		return 2
	}
	n := 1
	if *runs > 0 {
		n = *runs + 1 // the first run is an untimed warm-up
	}
	var res []values.Value
	var times []int64
	if *useInterp {
		res, times, err = runInterp(prog, *entry, argv, n)
	} else {
		res, times, err = runCompiled(env, file, prog, *entry, argv, n)
	}
	if err != nil {
		fmt.Fprintf(env.stderr, "Error: %v\n", err)
		var bad *gobuild.InputError
		if errors.As(err, &bad) {
			return 2
		}
		return 1
	}
	if *runs > 0 {
		times = times[1:]
	}
	if *timings != "" {
		if err := writeTimings(*timings, times); err != nil {
			fmt.Fprintf(env.stderr, "Error: %v\n", err)
			return 2
		}
	}
	if *noPrint {
		return 0
	}
	w := bufio.NewWriter(env.stdout)
	for _, r := range res {
		if *binary {
			err = values.WriteBinary(w, r)
		} else {
			err = values.WriteText(w, r) // one value per line
		}
		if err != nil {
			break
		}
	}
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		fmt.Fprintf(env.stderr, "Error: writing results: %v\n", err)
		return 1
	}
	return 0
}

// runInterp runs entry n times on the reference interpreter.
func runInterp(prog *ir.Program, entry string, args []values.Value, n int) ([]values.Value, []int64, error) {
	exe, err := interp.Compile(prog)
	if err != nil {
		return nil, nil, fmt.Errorf("internal error: %v", err)
	}
	iargs, err := interp.FromValues(args)
	if err != nil {
		// Too large for the interpreter's memory budget: bad input, as
		// when the compiled program's reader rejects it.
		return nil, nil, &gobuild.InputError{Msg: fmt.Sprintf("%s: %v", entry, err)}
	}
	var res []interp.Value
	times := make([]int64, n)
	for i := range times {
		start := time.Now()
		if res, err = exe.Run(entry, iargs); err != nil {
			return nil, nil, err
		}
		times[i] = time.Since(start).Microseconds()
	}
	return interp.ToValues(res), times, nil
}

// runCompiled builds the program with the Go backend (cached) and runs
// entry n times in its process.
func runCompiled(env *cliEnv, file string, prog *ir.Program, entry string, args []values.Value, n int) ([]values.Value, []int64, error) {
	var exe *gobuild.Exe
	var err error
	withProgress(env.stderr, "compiling "+file+" with the Go toolchain", func() {
		exe, err = gobuild.Build(prog, gobuild.Options{Version: version})
	})
	if err != nil {
		return nil, nil, err
	}
	p, err := exe.Start()
	if err != nil {
		return nil, nil, err
	}
	defer p.Close()
	res, times, err := p.Call(entry, n, args)
	if err != nil {
		return nil, nil, err
	}
	us := make([]int64, len(times))
	for i, t := range times {
		us[i] = t.Microseconds()
	}
	return res, us, nil
}

// entryList names the entry points of prog for an error message.
func entryList(prog *ir.Program) string {
	var names []string
	for _, f := range prog.Funcs {
		if !f.Internal {
			names = append(names, f.Name)
		}
	}
	switch len(names) {
	case 0:
		return "it has no entry points"
	case 1:
		return "its entry point is " + names[0]
	}
	sort.Strings(names)
	return "its entry points are " + strings.Join(names, ", ")
}

// readArgs reads one value per parameter of fn, type-directed, and checks
// that nothing but whitespace and comments follows.
func readArgs(r io.Reader, fn *ir.Func) ([]values.Value, error) {
	rd := values.NewReader(r)
	args := make([]values.Value, len(fn.Params))
	for i, p := range fn.Params {
		v, err := rd.ReadType(p.Type.Elem, p.Type.Rank())
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil, fmt.Errorf("entry point %s takes %d arguments; input ended after %d", fn.Name, len(fn.Params), i)
			}
			return nil, fmt.Errorf("argument %d of %s (%s): %v", i+1, fn.Name, fn.SourceType(p.Type), err)
		}
		args[i] = v
	}
	if err := rd.ExpectEnd(); err != nil {
		return nil, err
	}
	return args, nil
}

func writeTimings(path string, times []int64) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for _, t := range times {
		fmt.Fprintln(w, t)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
