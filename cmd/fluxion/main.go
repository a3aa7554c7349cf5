// Command fluxion compiles, runs, tests and differentiates programs written
// in Fluxion's Futhark-compatible array language.
//
// Usage:
//
//	fluxion check FILE...     compile programs up to code generation; silent on success
//	fluxion run FILE          run an entry point on arguments from stdin
//	fluxion build -o DIR FILE write a program as a Go package
//	fluxion test PATH...      run the test blocks of programs (compiled by default)
//	fluxion dump FILE         print the IR after a compiler pass
//	fluxion dataset -g TYPE   generate random values; convert text <-> binary
//	fluxion fmt PATH...       format programs in place
//	fluxion bench PATH...     benchmark the datasets of test blocks
//	fluxion cache info|clean  show or empty the cache of compiled programs
//	fluxion pkg add|remove|upgrade|sync|versions
//	                          manage the packages in lib/ (futhark.pkg)
//	fluxion gradbench         serve a GradBench session on stdin/stdout
//	fluxion version           print the compiler version
//
// Every command exits 0 on success, 1 on a program error and 2 on a usage
// error or bad input (such as a missing file).
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
)

// version is the compiler version; it also keys compilation caches.
const version = "0.1.0-dev"

// command is one subcommand of the CLI.
type command struct {
	summary string
	run     func(env *cliEnv, args []string) int
}

// cliEnv carries the process's standard streams so commands can be tested.
type cliEnv struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

var commands = map[string]command{
	"bench":     {"benchmark the datasets of programs' test blocks", cmdBench},
	"build":     {"write a program as a dependency-free Go package", cmdBuild},
	"cache":     {"show or clean the cache of compiled programs", cmdCache},
	"check":     {"compile programs up to code generation; silent on success", cmdCheck},
	"gradbench": {"serve a GradBench session on stdin/stdout", cmdGradbench},
	"dataset":   {"generate random values, or convert values between text and binary", cmdDataset},
	"dump":      {"print a program's IR after a compiler pass", cmdDump},
	"fmt":       {"format programs (layout only; comments kept)", cmdFmt},
	"pkg":       {"manage the packages in lib/ (futhark.pkg)", cmdPkg},
	"run":       {"run an entry point on arguments read from stdin", cmdRun},
	"test":      {"run the test blocks of programs", cmdTest},
	"version":   {"print the compiler version", cmdVersion},
}

func main() {
	os.Exit(runCLI(&cliEnv{os.Stdin, os.Stdout, os.Stderr}, os.Args[1:]))
}

func runCLI(env *cliEnv, args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(env.stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(env.stderr, "fluxion: unknown command %q\n", args[0])
		usage(env.stderr)
		return 2
	}
	return cmd.run(env, args[1:])
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: fluxion COMMAND [ARGS]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(w, "  %-10s %s\n", name, commands[name].summary)
	}
}

func cmdVersion(env *cliEnv, args []string) int {
	fmt.Fprintln(env.stdout, "fluxion", version)
	return 0
}
