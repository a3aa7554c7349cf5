package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fluxion-lang/fluxion/internal/benchrun"
)

// cmdBench benchmarks the datasets of the programs' test blocks.
func cmdBench(env *cliEnv, args []string) int {
	fl := flag.NewFlagSet("bench", flag.ContinueOnError)
	fl.SetOutput(env.stderr)
	backend := fl.String("backend", "go", "backend to benchmark: go (compiled) or interp")
	runs := fl.Int("runs", benchrun.DefaultRuns, "measured runs per dataset (after one warm-up run)")
	fl.IntVar(runs, "r", benchrun.DefaultRuns, "shorthand for --runs")
	jsonFile := fl.String("json", "", "write the results as JSON to `FILE` (and a plot beside it, FILE with .svg)")
	svgFile := fl.String("svg", "", "draw the results as an SVG image into `FILE` (default: beside the JSON file)")
	var exclude multiFlag
	fl.Var(&exclude, "exclude", "skip programs and datasets with this `TAG` (repeatable)")
	entry := fl.String("entry-point", "", "only benchmark this entry point")
	fastMath := fl.Bool("fast-math", false, fastMathUsage)
	timeout := fl.Int("timeout", 0, "fail a dataset whose runs take more than `S` seconds together")
	fl.Usage = func() {
		fmt.Fprintln(env.stderr, "usage: fluxion bench [--backend=go|interp] [--fast-math] [--runs N] [--json FILE] [--svg FILE] [--exclude TAG] [--entry-point NAME] [--timeout S] PATH...")
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
	if *runs < 1 {
		fmt.Fprintf(env.stderr, "fluxion bench: --runs must be at least 1, got %d\n", *runs)
		return 2
	}
	if *timeout < 0 {
		fmt.Fprintf(env.stderr, "fluxion bench: --timeout must not be negative, got %d\n", *timeout)
		return 2
	}
	opts := benchrun.Options{
		Runs:       *runs,
		Exclude:    exclude,
		EntryPoint: *entry,
		Timeout:    time.Duration(*timeout) * time.Second,
	}
	switch *backend {
	case "go":
		gb := newGoBackend(env.stderr)
		gb.fastMath = *fastMath
		opts.Backend = gb
	case "interp":
		opts.Backend = interpBackend{fastMath: *fastMath}
		opts.SkipCompiled = true // datasets tagged compiled are too large for the interpreter
	default:
		fmt.Fprintf(env.stderr, "fluxion bench: unknown backend %q (available: go, interp)\n", *backend)
		return 2
	}
	rep, err := benchrun.Run(opts, paths, env.stdout)
	if err != nil {
		fmt.Fprintf(env.stderr, "fluxion bench: %v\n", err)
		return 2
	}
	if *svgFile == "" && *jsonFile != "" {
		*svgFile = strings.TrimSuffix(*jsonFile, filepath.Ext(*jsonFile)) + ".svg"
	}
	for _, out := range []struct {
		path  string
		write func(io.Writer) error
	}{{*jsonFile, rep.WriteJSON}, {*svgFile, rep.WriteSVG}} {
		if out.path == "" {
			continue
		}
		f, err := os.Create(out.path)
		if err == nil {
			err = out.write(f)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			fmt.Fprintf(env.stderr, "fluxion bench: writing %s: %v\n", out.path, err)
			return 2
		}
	}
	if rep.Failed() {
		return 1
	}
	return 0
}
