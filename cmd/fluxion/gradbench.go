package main

import (
	"flag"
	"fmt"

	"github.com/fluxion-lang/fluxion/internal/gradbench"
)

// cmdGradbench serves a GradBench session: protocol messages on stdin, one
// JSON response per line on stdout, diagnostics on stderr.
func cmdGradbench(env *cliEnv, args []string) int {
	fl := flag.NewFlagSet("gradbench", flag.ContinueOnError)
	fl.SetOutput(env.stderr)
	backend := fl.String("backend", "go", "backend: go (compiled) or interp")
	root := fl.String("root", "", "the directory holding bench/ (default: found from the working directory or the executable)")
	inputs := fl.String("inputs", "", "write every evaluate's arguments, in the binary value format, to a file in `DIR` (to run or profile an entry point on them outside the session)")
	fl.Usage = func() {
		fmt.Fprintln(env.stderr, "usage: fluxion gradbench [--backend=go|interp] [--root DIR] [--inputs DIR] < MESSAGES")
		fl.PrintDefaults()
	}
	rest, err := parseInterspersed(fl, args)
	if err != nil {
		return 2
	}
	if len(rest) != 0 {
		fl.Usage()
		return 2
	}
	opts := gradbench.Options{Root: *root, Inputs: *inputs}
	switch *backend {
	case "go":
		opts.Backend = gradbenchBackend{newGoBackend(env.stderr)}
	case "interp":
		opts.Backend = gradbench.Interpreter{}
	default:
		fmt.Fprintf(env.stderr, "fluxion gradbench: unknown backend %q (available: go, interp)\n", *backend)
		return 2
	}
	if err := gradbench.Serve(env.stdin, env.stdout, env.stderr, opts); err != nil {
		fmt.Fprintf(env.stderr, "fluxion gradbench: %v\n", err)
		return 1
	}
	return 0
}
