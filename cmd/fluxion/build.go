package main

import (
	"flag"
	"fmt"
	"go/token"
	"path/filepath"
	"time"

	"github.com/fluxion-lang/fluxion/internal/gobuild"
	"github.com/fluxion-lang/fluxion/internal/gogen"
	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/testspec"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// cmdBuild writes a program as a dependency-free Go package, or with
// --exe builds it into a standalone executable server.
func cmdBuild(env *cliEnv, args []string) int {
	fl := flag.NewFlagSet("build", flag.ContinueOnError)
	fl.SetOutput(env.stderr)
	out := fl.String("o", "", "write the package into `DIR` (with --exe: the executable to this file) (required)")
	pkg := fl.String("pkg", "", "package `NAME` (default: the base name of DIR)")
	exe := fl.Bool("exe", false, "build a standalone executable that serves the program's entry points (the protocol of run -r)")
	runtime := fl.String("runtime", "embed", "runtime `MODE`: embed copies the runtime into the package (which then needs the standard library only); shared imports "+gogen.RuntimePath+", so that the packages built so share Array values")
	fastMath := fl.Bool("fast-math", false, fastMathUsage)
	fl.Usage = func() {
		fmt.Fprintln(env.stderr, "usage: fluxion build [--fast-math] -o DIR [--pkg NAME] [--runtime=embed|shared] FILE.fut\n       fluxion build [--fast-math] --exe -o FILE FILE.fut")
		fl.PrintDefaults()
	}
	files, err := parseInterspersed(fl, args)
	if err != nil {
		return 2
	}
	if *runtime != "embed" && *runtime != "shared" {
		fmt.Fprintf(env.stderr, "fluxion build: --runtime must be embed or shared, not %q\n", *runtime)
		return 2
	}
	if len(files) != 1 || *out == "" || *exe && (*pkg != "" || *runtime != "embed") {
		fl.Usage()
		return 2
	}
	if *exe {
		prog, code := compileFile(env, files[0], pipeline.Options{FastMath: *fastMath})
		if code != 0 {
			return code
		}
		withProgress(env.stderr, "building "+*out+" with the Go toolchain", func() {
			err = gobuild.BuildExecutable(prog, *out)
		})
		if err != nil {
			fmt.Fprintf(env.stderr, "fluxion build: %v\n", err)
			return 1
		}
		return 0
	}
	name := *pkg
	if name == "" {
		name = filepath.Base(filepath.Clean(*out))
	}
	if !isGoIdentifier(name) {
		fmt.Fprintf(env.stderr, "fluxion build: %q is not a valid Go package name (use --pkg)\n", name)
		return 2
	}
	prog, code := compileFile(env, files[0], pipeline.Options{FastMath: *fastMath})
	if code != 0 {
		return code
	}
	opts := gogen.Options{SharedRuntime: *runtime == "shared", Example: packageExample(prog, files[0])}
	if err := gobuild.WritePackage(prog, *out, name, opts); err != nil {
		fmt.Fprintf(env.stderr, "fluxion build: %v\n", err)
		return 1
	}
	return 0
}

// isGoIdentifier reports whether s can name a Go package.
func isGoIdentifier(s string) bool {
	return s != "_" && token.IsIdentifier(s)
}

// packageExample chooses the call that the package's godoc example makes:
// the first case of the program's test blocks with literal arguments (at
// most 64 elements in all) that an entry point takes, or else made-up
// arguments for the first entry point (every size 3, elements 1, 2, ...).
// The interpreter computes what the call gives, for the example's Output
// comment; a call that runs for more than a few seconds leaves the example
// without one.
func packageExample(prog *ir.Program, file string) *gogen.Example {
	ex := exampleFromTests(prog, file)
	if ex == nil {
		for _, f := range prog.Funcs {
			if !f.Internal {
				ex = &gogen.Example{Entry: f.Name, Args: madeUpArgs(f)}
				break
			}
		}
	}
	if ex == nil {
		return nil
	}
	ip, err := interp.Compile(prog)
	if err != nil {
		return ex
	}
	type outcome struct {
		res []interp.Value
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		args, err := interp.FromValues(ex.Args)
		if err != nil {
			done <- outcome{nil, err}
			return
		}
		res, err := ip.Run(ex.Entry, args)
		done <- outcome{res, err}
	}()
	select {
	case o := <-done:
		if o.err != nil {
			ex.Failure = o.err.Error()
		} else {
			ex.Results = interp.ToValues(o.res)
		}
	case <-time.After(5 * time.Second):
	}
	return ex
}

func exampleFromTests(prog *ir.Program, file string) *gogen.Example {
	spec, err := testspec.ParseFile(file)
	if err != nil {
		return nil
	}
	for _, c := range spec.Cases {
		if c.Input.Kind != testspec.InputValues || c.Expect.Kind == testspec.ExpectError || c.HasTag("disable") {
			continue
		}
		size := 0
		for _, v := range c.Input.Values {
			size += v.Len()
		}
		if size > 64 {
			continue
		}
		for _, name := range c.Entries {
			if f := prog.Func(name); f != nil && !f.Internal && checkArgTypes(f, c.Input.Values) == nil {
				return &gogen.Example{Entry: name, Args: c.Input.Values}
			}
		}
	}
	return nil
}

// madeUpArgs returns arguments for f: every size 3 (constant sizes as
// declared), elements 1, 2, 3, ... (booleans alternating true, false).
func madeUpArgs(f *ir.Func) []values.Value {
	var args []values.Value
	for _, p := range f.Params {
		var shape []int64
		for _, d := range p.Type.Shape {
			n := int64(3)
			if d.IsConst {
				n = d.Const.Int()
			}
			shape = append(shape, n)
		}
		v := values.NewArray(p.Type.Elem, shape)
		for i := range v.Len() {
			var x prim.Value
			switch t := p.Type.Elem; {
			case t == prim.Bool:
				x = prim.BoolValue(i%2 == 0)
			case t.IsFloat():
				x = prim.FloatValue(t, float64(i+1))
			default:
				x = prim.IntValue(t, int64(i+1))
			}
			v.Set(i, x)
		}
		args = append(args, v)
	}
	return args
}
