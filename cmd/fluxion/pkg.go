package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/fluxion-lang/fluxion/internal/pkgmgr"
)

// cmdPkg manages the packages of the program in the current directory:
// the futhark.pkg manifest and lib/.
func cmdPkg(env *cliEnv, args []string) int {
	fl := flag.NewFlagSet("pkg", flag.ContinueOnError)
	fl.SetOutput(env.stderr)
	verbose := fl.Bool("v", false, "say what is fetched on stderr")
	fl.Usage = func() {
		fmt.Fprintln(env.stderr, `usage: fluxion pkg [-v] COMMAND

commands (in the directory holding futhark.pkg and lib/):
  add PKGPATH [VERSION|COMMIT]  require a package (default: its newest release)
  remove PKGPATH                drop a requirement
  upgrade                       move every requirement to its newest release
  sync                          make lib/ hold the required packages
  versions PKGPATH              list the releases of a package`)
		fl.PrintDefaults()
	}
	rest, err := parseInterspersed(fl, args)
	if err != nil {
		return 2
	}
	if len(rest) == 0 {
		fl.Usage()
		return 2
	}
	dir, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(env.stderr, "fluxion pkg: %v\n", err)
		return 1
	}
	p := pkgmgr.Project{Dir: dir}
	if *verbose {
		p.Log = env.stderr
	}
	arity := map[string][2]int{"add": {1, 2}, "remove": {1, 1}, "upgrade": {0, 0}, "sync": {0, 0}, "versions": {1, 1}}
	n, ok := arity[rest[0]]
	if !ok || len(rest)-1 < n[0] || len(rest)-1 > n[1] {
		fl.Usage()
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintf(env.stderr, "fluxion pkg %s: %v\n", rest[0], err)
		return 1
	}
	switch rest[0] {
	case "add":
		if err := pkgmgr.CheckPath(rest[1]); err != nil {
			fmt.Fprintf(env.stderr, "fluxion pkg add: %v\n", err)
			return 2
		}
		spec := ""
		if len(rest) == 3 {
			spec = rest[2]
		}
		r, err := p.Add(rest[1], spec)
		if err != nil {
			return fail(err)
		}
		fmt.Fprintf(env.stdout, "Now requiring %s %s (commit %s); run `fluxion pkg sync` to fetch it.\n", r.Path, r.Version, r.Hash)
	case "remove":
		if err := p.Remove(rest[1]); err != nil {
			return fail(err)
		}
		fmt.Fprintf(env.stdout, "Removed %s; run `fluxion pkg sync` to update lib/.\n", rest[1])
	case "upgrade":
		changes, err := p.Upgrade()
		if err != nil {
			return fail(err)
		}
		if len(changes) == 0 {
			fmt.Fprintln(env.stdout, "Every requirement is at its newest version.")
		}
		for _, c := range changes {
			fmt.Fprintf(env.stdout, "Upgraded %s.\n", c)
		}
	case "sync":
		sel, err := p.Sync()
		if err != nil {
			return fail(err)
		}
		printSelected(env.stdout, sel)
	case "versions":
		vs, err := p.Versions(rest[1])
		if err != nil {
			return fail(err)
		}
		for _, v := range vs {
			fmt.Fprintln(env.stdout, v)
		}
	}
	return 0
}

func printSelected(w io.Writer, sel []pkgmgr.Selected) {
	for _, s := range sel {
		fmt.Fprintf(w, "lib/%s: %s\n", s.Path, s.Version)
	}
}
