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

func TestRunCommand(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "p.fut")
	src := `entry main (xs: []f32) (k: i32) : (f32, [3]i32) = (f32.sum xs, [k, k+1, k/0])
entry twice (x: i64) = x * 2
entry ok (x: i64) = x + 1
`
	if err := os.WriteFile(prog, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name           string
		stdin          string
		args           []string
		code           int
		stdout, stderr string // stdout exact; stderr a regexp
	}{
		{"scalar result", "21", []string{"run", "-e", "twice", prog}, 0, "42i64\n", ""},
		{"flags after the file", "1", []string{"run", prog, "-e", "ok"}, 0, "2i64\n", ""},
		{"comments and whitespace in input", "-- a comment\n 7 \n", []string{"run", "-e", "ok", prog}, 0, "8i64\n", ""},
		{"run-time error exits 1 with position", "[1, 2.5] 3", []string{"run", prog}, 1, "", `Error: .*p.fut:1:\d+.*division by zero`},
		{"bad input exits 2", "[1, 2] true", []string{"run", prog}, 2, "", `argument 2 of main`},
		{"missing argument", "[1, 2]", []string{"run", prog}, 2, "", `argument 2 of main.*end of input`},
		{"trailing input", "5 6", []string{"run", "-e", "ok", prog}, 2, "", `end of input`},
		{"unknown entry", "", []string{"run", "-e", "nope", prog}, 2, "", `no entry point "nope"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runArgs(t, tc.stdin, tc.args...)
			if code != tc.code {
				t.Errorf("exit code %d, want %d (stderr %q)", code, tc.code, stderr)
			}
			if stdout != tc.stdout {
				t.Errorf("stdout %q, want %q", stdout, tc.stdout)
			}
			if tc.stderr != "" && !regexp.MustCompile(tc.stderr).MatchString(stderr) {
				t.Errorf("stderr %q does not match %q", stderr, tc.stderr)
			}
		})
	}
}

func TestRunBinaryOutput(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "p.fut")
	if err := os.WriteFile(prog, []byte("entry main (x: i32) = x + 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runArgs(t, "4", "run", "-b", prog)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// FORMATS.md §2: the i32 scalar 5.
	want := "\x62\x02\x00\x20\x69\x33\x32\x05\x00\x00\x00"
	if stdout != want {
		t.Errorf("binary output %q, want %q", stdout, want)
	}
}

func TestTestCommand(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "t.fut")
	src := `-- ==
-- entry: inc
-- input { 1 } output { 2 }
-- input { 2 } output { 4 }
-- input { 2147483647 } output { -2147483648 }
entry inc (x: i32) = x + 1
`
	if err := os.WriteFile(prog, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ := runArgs(t, "", "test", dir)
	if code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
	if !strings.Contains(stdout, "2 passed, 1 failed") {
		t.Errorf("summary missing from %q", stdout)
	}
	if !strings.Contains(stdout, `input { 2 }`) && !strings.Contains(stdout, "#1") {
		t.Errorf("failure line does not name the dataset: %q", stdout)
	}
}

func TestDumpCommand(t *testing.T) {
	code, stdout, stderr := runArgs(t, "", "dump", "--after=lower", "../../examples/dot.fut")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"dot", "grad"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("dump lacks entry %s:\n%s", want, stdout)
		}
	}
	if code, _, stderr := runArgs(t, "", "dump", "--after=nosuchpass", "../../examples/dot.fut"); code != 1 || !strings.Contains(stderr, "unknown pass") {
		t.Errorf("unknown pass: exit %d, stderr %q", code, stderr)
	}
}
