package main

import (
	"flag"
	"fmt"
	"go/token"
	"path/filepath"

	"github.com/fluxion-lang/fluxion/internal/gobuild"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
)

// cmdBuild writes a program as a dependency-free Go package, or with
// --exe builds it into a standalone executable server.
func cmdBuild(env *cliEnv, args []string) int {
	fl := flag.NewFlagSet("build", flag.ContinueOnError)
	fl.SetOutput(env.stderr)
	out := fl.String("o", "", "write the package into `DIR` (with --exe: the executable to this file) (required)")
	pkg := fl.String("pkg", "", "package `NAME` (default: the base name of DIR)")
	exe := fl.Bool("exe", false, "build a standalone executable that serves the program's entry points (the protocol of run -r)")
	fastMath := fl.Bool("fast-math", false, fastMathUsage)
	fl.Usage = func() {
		fmt.Fprintln(env.stderr, "usage: fluxion build [--fast-math] -o DIR [--pkg NAME] FILE.fut\n       fluxion build [--fast-math] --exe -o FILE FILE.fut")
		fl.PrintDefaults()
	}
	files, err := parseInterspersed(fl, args)
	if err != nil {
		return 2
	}
	if len(files) != 1 || *out == "" || *exe && *pkg != "" {
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
	if err := gobuild.WritePackage(prog, *out, name); err != nil {
		fmt.Fprintf(env.stderr, "fluxion build: %v\n", err)
		return 1
	}
	return 0
}

// isGoIdentifier reports whether s can name a Go package.
func isGoIdentifier(s string) bool {
	return s != "_" && token.IsIdentifier(s)
}
