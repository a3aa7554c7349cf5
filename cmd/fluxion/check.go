package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"

	"github.com/fluxion-lang/fluxion/internal/check"
)

// cmdCheck type-checks each file; it prints nothing for valid programs and
// every error with its position and a source excerpt otherwise.
func cmdCheck(env *cliEnv, args []string) int {
	fl := flag.NewFlagSet("check", flag.ContinueOnError)
	fl.SetOutput(env.stderr)
	fl.Usage = func() {
		fmt.Fprintln(env.stderr, "usage: fluxion check FILE.fut...")
	}
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() == 0 {
		fl.Usage()
		return 2
	}
	status := 0
	for _, file := range fl.Args() {
		if _, err := check.CheckFile(file); err != nil {
			reportCompileError(env, file, err)
			status = 1
		}
	}
	return status
}

// reportCompileError prints a front-end error for a person.
func reportCompileError(env *cliEnv, file string, err error) {
	if errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(env.stderr, "%s: no such file\n", file)
		return
	}
	fmt.Fprintln(env.stderr, check.FormatError(err))
}
