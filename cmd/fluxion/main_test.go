package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runArgs runs the CLI in-process and returns its exit code and outputs.
func runArgs(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := runCLI(&cliEnv{strings.NewReader(stdin), &out, &errb}, args)
	return code, out.String(), errb.String()
}

func TestCheckCommand(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.fut", "entry main (x: f64) = x * 2\n")
	bad := write("bad.fut", "def f (x: i32) = x + 1.0\n\nentry g = h 1\n")
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string // regexp; empty means stderr must be empty
	}{
		{"valid program is silent", []string{"check", good}, 0, ""},
		{"type error with position and caret", []string{"check", bad}, 1,
			`bad.fut:1:22: cannot unify i32 with a floating-point type(?s).*def f \(x: i32\) = x \+ 1\.0\n\s+\^`},
		{"every error is reported", []string{"check", bad}, 1, `bad.fut:3:11: unknown name`},
		{"missing file", []string{"check", filepath.Join(dir, "nope.fut")}, 1, `nope.fut: no such file`},
		{"no arguments", []string{"check"}, 2, `usage: fluxion check`},
		{"unknown command", []string{"frobnicate"}, 2, `unknown command "frobnicate"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runArgs(t, "", tc.args...)
			if code != tc.code {
				t.Errorf("exit code %d, want %d (stderr %q)", code, tc.code, stderr)
			}
			if stdout != "" {
				t.Errorf("stdout %q, want nothing", stdout)
			}
			if tc.stderr == "" {
				if stderr != "" {
					t.Errorf("stderr %q, want nothing", stderr)
				}
			} else if !regexp.MustCompile(tc.stderr).MatchString(stderr) {
				t.Errorf("stderr %q does not match %q", stderr, tc.stderr)
			}
		})
	}
}

func TestExamplesCheck(t *testing.T) {
	files, err := filepath.Glob("../../examples/*.fut")
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples found: %v", err)
	}
	for _, f := range files {
		if code, _, stderr := runArgs(t, "", "check", f); code != 0 {
			t.Errorf("%s: exit %d: %s", f, code, stderr)
		}
	}
}
