package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/fluxion-lang/fluxion/internal/srcfmt"
	"github.com/fluxion-lang/fluxion/internal/testspec"
)

// cmdFmt formats programs in place (directories: every .fut file under
// them), or stdin to stdout when given no paths.
func cmdFmt(env *cliEnv, args []string) int {
	fl := flag.NewFlagSet("fmt", flag.ContinueOnError)
	fl.SetOutput(env.stderr)
	check := fl.Bool("check", false, "change nothing; list the files that are not formatted and exit 1 if there are any")
	fl.Usage = func() {
		fmt.Fprintln(env.stderr, "usage: fluxion fmt [--check] [PATH...]   (no paths: format stdin to stdout)")
		fl.PrintDefaults()
	}
	paths, err := parseInterspersed(fl, args)
	if err != nil {
		return 2
	}
	if len(paths) == 0 {
		src, err := io.ReadAll(env.stdin)
		if err != nil {
			fmt.Fprintf(env.stderr, "fluxion fmt: %v\n", err)
			return 2
		}
		out, err := srcfmt.Source("<stdin>", src)
		if err != nil {
			fmt.Fprintln(env.stderr, err)
			return 1
		}
		if *check {
			if !bytes.Equal(out, src) {
				fmt.Fprintln(env.stdout, "<stdin>")
				return 1
			}
			return 0
		}
		env.stdout.Write(out)
		return 0
	}
	files, err := testspec.FindPrograms(paths)
	if err != nil {
		fmt.Fprintf(env.stderr, "fluxion fmt: %v\n", err)
		return 2
	}
	status := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintf(env.stderr, "fluxion fmt: %v\n", err)
			status = 2
			continue
		}
		out, err := srcfmt.Source(f, src)
		if err != nil {
			fmt.Fprintln(env.stderr, err)
			status = max(status, 1)
			continue
		}
		if bytes.Equal(out, src) {
			continue
		}
		if *check {
			fmt.Fprintln(env.stdout, f)
			status = max(status, 1)
			continue
		}
		if err := writeFileKeepMode(f, out); err != nil {
			fmt.Fprintf(env.stderr, "fluxion fmt: %v\n", err)
			status = max(status, 1)
		}
	}
	return status
}

// writeFileKeepMode replaces the file's contents through a temporary file,
// so that an interrupted write never leaves half a program.
func writeFileKeepMode(path string, data []byte) error {
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp := path + ".fmt~"
	if err := os.WriteFile(tmp, data, info.Mode().Perm()); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
