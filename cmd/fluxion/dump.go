package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/pipeline"
)

// cmdDump prints a program's IR after a pass of the pipeline.
func cmdDump(env *cliEnv, args []string) int {
	fl := flag.NewFlagSet("dump", flag.ContinueOnError)
	fl.SetOutput(env.stderr)
	after := fl.String("after", "", "print the IR after this `PASS` (one of: "+strings.Join(pipeline.PassNames(), ", ")+"; default: all)")
	fastMath := fl.Bool("fast-math", false, fastMathUsage)
	fl.Usage = func() {
		fmt.Fprintln(env.stderr, "usage: fluxion dump [--after=PASS] [--fast-math] FILE.fut")
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
	if *after != "" && !slices.Contains(pipeline.PassNames(), *after) {
		fmt.Fprintf(env.stderr, "fluxion dump: unknown pass %q (passes: %s)\n", *after, strings.Join(pipeline.PassNames(), ", "))
		return 2
	}
	prog, code := compileFile(env, files[0], pipeline.Options{After: *after, Verify: true, FastMath: *fastMath})
	if code != 0 {
		return code
	}
	fmt.Fprint(env.stdout, prog.String())
	return 0
}
