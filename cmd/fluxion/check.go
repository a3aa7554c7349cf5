package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
)

// cmdCheck compiles each file through every pass up to code generation
// (type checking, lowering, AD, simplification); it prints nothing for
// valid programs and every error with its position and a source excerpt
// otherwise.
func cmdCheck(env *cliEnv, args []string) int {
	fl := flag.NewFlagSet("check", flag.ContinueOnError)
	fl.SetOutput(env.stderr)
	fl.Usage = func() {
		fmt.Fprintln(env.stderr, "usage: fluxion check FILE.fut...")
	}
	files, err := parseInterspersed(fl, args)
	if err != nil {
		return 2
	}
	if len(files) == 0 {
		fl.Usage()
		return 2
	}
	status := 0
	for _, file := range files {
		if _, code := compileFile(env, file, pipeline.Options{}); code > status {
			status = code
		}
	}
	return status
}

// compileFile compiles the program at file through the pipeline. On
// failure it reports the error and returns the exit status: 2 if the file
// cannot be read (bad input), 1 for an error in the program.
func compileFile(env *cliEnv, file string, opts pipeline.Options) (*ir.Program, int) {
	if info, err := os.Stat(file); err != nil || info.IsDir() {
		if err == nil {
			err = &fs.PathError{Op: "open", Path: file, Err: errors.New("is a directory, not a program")}
		}
		reportCompileError(env, file, err)
		return nil, 2
	}
	var prog *ir.Program
	var warnings []string
	var err error
	withProgress(env.stderr, "compiling "+file, func() {
		prog, warnings, err = compileIR(file, opts)
	})
	for _, w := range warnings {
		fmt.Fprintln(env.stderr, w)
	}
	if err != nil {
		reportCompileError(env, file, err)
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Path == file {
			return nil, 2
		}
		return nil, 1
	}
	return prog, 0
}

// compileIR checks and compiles the program at path; it also returns the
// checker's warnings, one line each.
func compileIR(path string, opts pipeline.Options) (*ir.Program, []string, error) {
	cp, err := check.CheckFile(path)
	if err != nil {
		return nil, nil, err
	}
	var ws []string
	for _, w := range cp.Warnings {
		ws = append(ws, w.String())
	}
	prog, err := pipeline.Compile(cp, opts)
	return prog, ws, err
}

// reportCompileError prints a front-end error for a person.
func reportCompileError(env *cliEnv, file string, err error) {
	var pe *fs.PathError
	switch {
	case errors.Is(err, fs.ErrNotExist) && errors.As(err, &pe) && pe.Path == file:
		fmt.Fprintf(env.stderr, "%s: no such file\n", file)
	case errors.As(err, &pe) && pe.Path == file:
		fmt.Fprintf(env.stderr, "%s: %v\n", file, pe.Err)
	default:
		fmt.Fprintln(env.stderr, check.FormatError(err))
	}
}
