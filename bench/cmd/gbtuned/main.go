// Command gbtuned is a GradBench tool whose functions are the tuned,
// hand-written Go kernels of bench/tuned instead of compiled Fluxion
// programs. It speaks the same protocol as `fluxion gradbench` (and shares
// its implementation, internal/gradbench): each module's entry points are
// those of bench/<module>/<module>.fut, taking and returning the same
// values, so the same JSON conversions and the same harness time both.
// It serves gmm, ba, ht, lstm, kmeans, lse, llsq, ode and det, the evals
// that GradBench's hand-written C++ tool implements.
//
//	go build -o gbtuned ./bench/cmd/gbtuned
//	gradbench run --eval '<eval command>' --tool './gbtuned --root .'
//
// --root names the directory that holds bench/ (as for fluxion
// gradbench: `define` checks that the module's program exists there).
// Every kernel runs on one goroutine.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/fluxion-lang/fluxion/internal/gradbench"
)

func main() {
	root := flag.String("root", "", "the directory holding bench/ (default: found from the working directory or the executable)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: gbtuned [--root DIR] < MESSAGES")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 0 {
		flag.Usage()
		os.Exit(2)
	}
	opts := gradbench.Options{Root: *root, Backend: backend{}, Tool: "fluxion-tuned-go", Modules: modules()}
	if err := gradbench.Serve(os.Stdin, os.Stdout, os.Stderr, opts); err != nil {
		fmt.Fprintf(os.Stderr, "gbtuned: %v\n", err)
		os.Exit(1)
	}
}

// modules is the registry restricted to the modules gbtuned implements,
// so that the others are refused at define rather than at evaluate.
func modules() map[string]*gradbench.Module {
	all := gradbench.Registry()
	mods := map[string]*gradbench.Module{}
	for name := range kernels {
		mods[name] = all[name]
	}
	return mods
}
