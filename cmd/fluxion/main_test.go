package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fluxion-lang/fluxion/internal/gobuild"
	"github.com/fluxion-lang/fluxion/internal/testmain"
	"github.com/fluxion-lang/fluxion/internal/values"
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
		{"missing file is bad input", []string{"check", filepath.Join(dir, "nope.fut")}, 2, `nope.fut: no such file`},
		{"a directory is bad input", []string{"check", dir}, 2, `is a directory`},
		{"AD failure is a check error, position first", []string{"check", write("ad.fut", "def d f x = jvp f x 1.0\nentry main (x: f64) = d (d (d f64.lgamma)) x\n")}, 1,
			`^\S*ad.fut:1:13: cannot differentiate further: .*tetragamma.*\(in main\)`},
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
entry tenth (x: f64) = x / 10
entry sizes [m] (a: [m][]f64) (b: [m]f64) = map2 (\r x -> f64.sum r + x) a b
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
		{"run-time error exits 1 with position", "[1, 2.5] 3", []string{"run", prog}, 1, "", `Error: division by zero \(at .*p\.fut:1:\d+\)`},
		{"bad input exits 2", "[1, 2] true", []string{"run", prog}, 2, "", `argument 2 of main`},
		{"missing argument", "[1, 2]", []string{"run", prog}, 2, "", `argument 2 of main.*end of input`},
		{"trailing input", "5 6", []string{"run", "-e", "ok", prog}, 2, "", `end of input`},
		{"unknown entry lists the entries", "", []string{"run", "-e", "nope", prog}, 2, "", `no entry point "nope"; its entry points are main, ok, sizes, tenth, twice`},
		{"source size names in argument errors (interpreter)", "[1.0] [2.0]", []string{"run", "--interp", "-e", "sizes", prog}, 2, "", `argument 1 of sizes \(\[m\]\[\]f64\)`},
		{"source size names in argument errors (compiled)", "[1.0] [2.0]", []string{"run", "-e", "sizes", prog}, 2, "", `argument 1 of sizes \(\[m\]\[\]f64\)`},
		{"negative runs", "21", []string{"run", "-e", "twice", "-r", "-5", prog}, 2, "", `-r must not be negative`},
		{"missing program", "", []string{"run", prog + ".nope"}, 2, "", `no such file`},
		{"shortest floats (interpreter)", "1", []string{"run", "--interp", "-e", "tenth", prog}, 0, "0.1f64\n", ""},
		{"shortest floats (compiled)", "3", []string{"run", "-e", "tenth", prog}, 0, "0.3f64\n", ""},
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
	if code, _, stderr := runArgs(t, "", "dump", "--after=nosuchpass", "../../examples/dot.fut"); code != 2 || !strings.Contains(stderr, "unknown pass") {
		t.Errorf("unknown pass: exit %d, stderr %q", code, stderr)
	}
}

// --fast-math reaches the rewrites after AD: x*0 goes only with it.
func TestDumpFastMath(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "z.fut")
	if err := os.WriteFile(prog, []byte("entry main (x: f64) (y: f64) = x * 0 + y\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, fast := range []bool{false, true} {
		args := []string{"dump", "--after=simplify-ad", prog}
		if fast {
			args = append([]string{"dump", "--fast-math"}, args[1:]...)
		}
		code, stdout, stderr := runArgs(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		if has := strings.Contains(stdout, "* 0f64"); has == fast {
			t.Errorf("%v: multiplication kept = %v:\n%s", args, has, stdout)
		}
	}
}

func TestBenchCommand(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "b.fut")
	src := `-- ==
-- entry: sum
-- input { [1, 2, 3] } output { 6 }
-- "wrong" input { [1, 2] } output { 4 }
-- nobench input { [5] } output { 5 }
entry sum (xs: []i32) = i32.sum xs
`
	if err := os.WriteFile(prog, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	jsonPath := filepath.Join(dir, "out.json")
	code, stdout, stderr := runArgs(t, "", "bench", "--runs", "2", "--json", jsonPath, prog)
	if code != 1 {
		t.Errorf("exit code %d, want 1 (one dataset fails validation); stderr %q", code, stderr)
	}
	if !strings.Contains(stdout, "wrong") || strings.Contains(stdout, "[5i32]") {
		t.Errorf("console report should list the failing dataset and skip the nobench one:\n%s", stdout)
	}
	data, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	var report map[string]struct {
		Datasets map[string]json.RawMessage `json:"datasets"`
	}
	if err := json.Unmarshal(data, &report); err != nil {
		t.Fatalf("JSON report does not parse: %v\n%s", err, data)
	}
	key := prog + ":sum"
	ds, ok := report[key]
	if !ok {
		t.Fatalf("JSON report lacks %q: %s", key, data)
	}
	if len(ds.Datasets) != 2 {
		t.Errorf("JSON report has %d datasets, want 2: %s", len(ds.Datasets), data)
	}
	var ok1 struct {
		Runtimes []int64 `json:"runtimes"`
	}
	if err := json.Unmarshal(ds.Datasets[`#0 ("[1i32, 2i32, 3i32]")`], &ok1); err != nil || len(ok1.Runtimes) != 2 {
		t.Errorf("passing dataset should have 2 runtimes: %v %s", err, data)
	}
	var failed string
	if err := json.Unmarshal(ds.Datasets["wrong"], &failed); err != nil || failed == "" {
		t.Errorf("failing dataset should map to its error message: %v %s", err, data)
	}
	// The plot is written beside the JSON file.
	svg, err := os.ReadFile(filepath.Join(dir, "out.svg"))
	if err != nil || !bytes.Contains(svg, []byte("<svg")) || !bytes.Contains(svg, []byte(": runtime by dataset")) {
		t.Errorf("no plot beside the JSON file: %v\n%s", err, svg)
	}
}

func TestGradbenchCommand(t *testing.T) {
	in := strings.Join([]string{
		`{"id": 0, "kind": "start", "eval": "hello"}`,
		`{"id": 1, "kind": "define", "module": "hello"}`,
		`{"id": 2, "kind": "evaluate", "module": "hello", "function": "double", "input": 3.0}`,
		`{"id": 3, "kind": "define", "module": "nosuchmodule"}`,
		`not json`,
	}, "\n") + "\n"
	code, stdout, stderr := runArgs(t, in, "gradbench", "--root", "../..")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 5 {
		t.Fatalf("want one response per message, got %d lines:\n%s", len(lines), stdout)
	}
	var resp struct {
		ID      *int     `json:"id"`
		Success *bool    `json:"success"`
		Output  *float64 `json:"output"`
	}
	if err := json.Unmarshal([]byte(lines[2]), &resp); err != nil || resp.Output == nil || *resp.Output != 6 {
		t.Errorf("double 3.0: response %s (%v)", lines[2], err)
	}
	for _, i := range []int{3, 4} {
		resp.Success = nil
		if err := json.Unmarshal([]byte(lines[i]), &resp); err != nil || resp.Success == nil || *resp.Success {
			t.Errorf("message %d should fail: %s (%v)", i, lines[i], err)
		}
	}
}

// TestBuildExampleUpToDate regenerates examples/goapi/dotprod with
// `fluxion build` and compares it with the committed package, which is the
// reviewed golden output of the Go backend (go generate ./examples/goapi
// refreshes it).
func TestBuildExampleUpToDate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "dotprod")
	// Build from where go:generate does: positions in the code name the
	// source file as given.
	committed, err := filepath.Abs("../../examples/goapi/dotprod")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir("../../examples/goapi")
	if code, _, stderr := runArgs(t, "", "build", "-o", dir, "../dot.fut"); code != 0 {
		t.Fatalf("fluxion build: exit %d: %s", code, stderr)
	}
	want, err := filepath.Glob(filepath.Join(committed, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("fluxion build wrote %d files, the committed package has %d: run go generate ./examples/goapi", len(got), len(want))
	}
	for _, g := range got {
		a, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(committed, filepath.Base(g)))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s differs from the generated code: run go generate ./examples/goapi (%v)", filepath.Base(g), err)
		}
	}
}

func TestRunCompiledAndInterpretedAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program")
	}
	// The test binary's cache holds dot.fut already if TestCorpusGo ran.
	in := "[1.0, 2.0, 3.0] [4.0, 5.0, 6.0]"
	for _, entry := range []string{"dot", "grad"} {
		c1, compiled, e1 := runArgs(t, in, "run", "-e", entry, "../../examples/dot.fut")
		c2, interpreted, e2 := runArgs(t, in, "run", "--interp", "-e", entry, "../../examples/dot.fut")
		if c1 != 0 || c2 != 0 || compiled != interpreted || compiled == "" {
			t.Errorf("%s: compiled (exit %d) %q %s; interpreted (exit %d) %q %s", entry, c1, compiled, e1, c2, interpreted, e2)
		}
	}
}

// TestMain keeps compiled programs of the tests out of the user's cache.
// With FLUXION_TEST_AS_CLI set, the test binary is the fluxion command
// instead (for tests that need it in a process of its own).
func TestMain(m *testing.M) {
	if os.Getenv("FLUXION_TEST_AS_CLI") != "" {
		os.Exit(runCLI(&cliEnv{os.Stdin, os.Stdout, os.Stderr}, os.Args[1:]))
	}
	dir, err := os.MkdirTemp("", "fluxion-test-cache-")
	if err != nil {
		panic(err)
	}
	os.Setenv("FLUXION_CACHE", dir)
	code := testmain.Run(m)
	os.RemoveAll(dir)
	os.Exit(code)
}

func TestBuildRejectsBadPackageNames(t *testing.T) {
	for _, name := range []string{"func", "9lives", "a-b", "_"} {
		code, _, stderr := runArgs(t, "", "build", "-o", t.TempDir(), "--pkg", name, "../../examples/dot.fut")
		if code != 2 || !strings.Contains(stderr, "not a valid Go package name") {
			t.Errorf("--pkg %q: exit %d, stderr %q", name, code, stderr)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "p.fut")
	if err := os.WriteFile(prog, []byte("-- ==\n-- input { 1 } output { 2 }\nentry main (x: i32) = x + 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args   []string
		stderr string
	}{
		{[]string{"dump", "--after=nonsense", prog}, `unknown pass "nonsense" \(passes: lower, copies, simplify`},
		{[]string{"dump", prog + "x"}, `no such file`},
		{[]string{"build", "-o", filepath.Join(dir, "pkg"), prog + "x"}, `no such file`},
		{[]string{"bench", "--runs", "-1", prog}, `--runs must be at least 1, got -1`},
		{[]string{"bench", "-r", "0", prog}, `--runs must be at least 1, got 0`},
		{[]string{"bench", "--timeout", "-3", prog}, `--timeout must not be negative`},
		{[]string{"test", "-i", "-c", prog}, `-i and -c contradict`},
		{[]string{"test", "-i", "--backend=go", prog}, `contradicts`},
		{[]string{"test", "--backend=cuda", prog}, `unknown backend "cuda"`},
		{[]string{"test", "--concurrency=-1", prog}, `must not be negative`},
		{[]string{"test", filepath.Join(dir, "nosuchdir")}, `no such file`},
		{[]string{"cache"}, `usage: fluxion cache`},
		{[]string{"cache", "frob"}, `usage: fluxion cache`},
	}
	for _, tc := range tests {
		code, stdout, stderr := runArgs(t, "", tc.args...)
		if code != 2 || stdout != "" || !regexp.MustCompile(tc.stderr).MatchString(stderr) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, code, stdout, stderr, tc.stderr)
		}
	}
}

// TestTestModes: `fluxion test` runs compiled code by default, -i the
// interpreter, which skips cases tagged compiled and says so.
func TestTestModes(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "m.fut")
	src := `-- ==
-- input { 1 } output { 2 }
-- compiled input { 2 } output { 3 }
-- input { 3 } output { 5 }
entry main (x: i32) = x + 1
`
	if err := os.WriteFile(prog, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	interp := []string{"test", "-i", prog}
	tests := []struct {
		args    []string
		summary string
	}{
		{interp, "1 passed, 1 failed, 1 skipped (1 tagged compiled (interpreter mode))\n"},
		{[]string{"test", "--backend=interp", prog}, "1 passed, 1 failed, 1 skipped (1 tagged compiled (interpreter mode))\n"},
		{[]string{"test", prog}, "2 passed, 1 failed\n"},
		{[]string{"test", "-c", prog}, "2 passed, 1 failed\n"},
		{[]string{"test", "-t", prog}, "1 passed, 0 failed\n"},
	}
	for _, tc := range tests {
		if testing.Short() && !slices.Equal(tc.args, interp) {
			continue // compiled modes build a Go program
		}
		code, stdout, stderr := runArgs(t, "", tc.args...)
		want := 1
		if strings.Contains(tc.summary, " 0 failed") {
			want = 0
		}
		if code != want || !strings.HasSuffix(stdout, tc.summary) {
			t.Errorf("%v: exit %d, stdout %q (stderr %q); want exit %d and summary %q", tc.args, code, stdout, stderr, want, tc.summary)
		}
		if !strings.Contains(tc.summary, "0 failed") && strings.Count(stdout, "expected 5i32, got 4i32") != 1 {
			t.Errorf("%v: the failure should be printed once:\n%s", tc.args, stdout)
		}
	}
	// -v lists every case as it finishes and each failure only once.
	code, stdout, _ := runArgs(t, "", "test", "-i", "-v", prog)
	if code != 1 || strings.Count(stdout, "expected 5i32, got 4i32") != 1 ||
		!strings.Contains(stdout, "pass: ") || !strings.Contains(stdout, "skip: ") || !strings.Contains(stdout, "FAIL: ") {
		t.Errorf("test -v: exit %d:\n%s", code, stdout)
	}
}

func TestWithProgress(t *testing.T) {
	var b strings.Builder
	withProgress(&b, "compiling quick.fut", func() {})
	if b.Len() != 0 {
		t.Errorf("a fast step printed %q", b.String())
	}
	withProgress(&b, "compiling slow.fut", func() { time.Sleep(1200 * time.Millisecond) })
	if !regexp.MustCompile(`^fluxion: compiling slow.fut\.\.\.\nfluxion: compiling slow.fut: done in 1\.\ds\n$`).MatchString(b.String()) {
		t.Errorf("a slow step printed %q", b.String())
	}
}

func TestCacheCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program")
	}
	dir := t.TempDir()
	t.Setenv("FLUXION_CACHE", dir)
	t.Setenv("FLUXION_CACHE_LIMIT", "300M")
	info := func() string {
		code, stdout, stderr := runArgs(t, "", "cache", "info")
		if code != 0 {
			t.Fatalf("cache info: exit %d: %s", code, stderr)
		}
		return stdout
	}
	if got := info(); !strings.Contains(got, "directory: "+dir+"\n") || !strings.Contains(got, "executables: 0\n") || !strings.Contains(got, "limit 300.0 MiB") {
		t.Errorf("empty cache: %q", got)
	}
	// A renamed copy of a program is the same program.
	src, err := os.ReadFile("../../examples/dot.fut")
	if err != nil {
		t.Fatal(err)
	}
	copyPath := filepath.Join(t.TempDir(), "renamed.fut")
	if err := os.WriteFile(copyPath, src, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"../../examples/dot.fut", copyPath} {
		if code, _, stderr := runArgs(t, "[1.0] [2.0]", "run", "-e", "dot", p); code != 0 {
			t.Fatalf("run %s: exit %d: %s", p, code, stderr)
		}
	}
	if got := info(); !strings.Contains(got, "executables: 1\n") {
		t.Errorf("after running a program and its renamed copy: %q", got)
	}
	if code, _, stderr := runArgs(t, "", "cache", "clean"); code != 0 {
		t.Fatalf("cache clean: exit %d: %s", code, stderr)
	}
	if got := info(); !strings.Contains(got, "executables: 0\n") {
		t.Errorf("after cache clean: %q", got)
	}
	if des, _ := os.ReadDir(dir); len(des) != 0 {
		t.Errorf("cache clean left %d entries", len(des))
	}
}

// TestTestBlockAdditions runs structure clauses, script inputs and outputs
// and warning expectations through `fluxion test` on both backends.
func TestTestBlockAdditions(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("s.fut", `-- ==
-- structure { Map 1 }
-- structure gpu { SegMap 1 }
-- entry: add
-- script input { (mk 3i64, 4i64) } output { 7i64 }
-- script input { let (a, b) = pair 2i64 in (b, a) } script output { add 3i64 3i64 }
-- script input @ args.txt output { 30i64 }
-- script input { let xs = $loaddata "xs.in" in (sum xs, 1i64) } output { 7i64 }
entry mk (x: i64) = x
entry pair (x: i64) = (x, 2 * x)
entry add (x: i64) (y: i64) = x + y
entry sum (xs: []i64) = i64.sum xs
`)
	write("args.txt", "(10i64, 20i64)\n")
	write("xs.in", "[1i64, 2i64, 3i64]\n")
	write("w.fut", "-- ==\n-- warning: hole\nentry main (x: i32) = x\n")
	for _, mode := range []string{"-i", "-c"} {
		if testing.Short() && mode == "-c" {
			continue
		}
		code, stdout, stderr := runArgs(t, "", "test", mode, dir)
		if code != 1 || !strings.HasSuffix(stdout, "4 passed, 1 failed\n") {
			t.Errorf("test %s: exit %d, stderr %q:\n%s", mode, code, stderr, stdout)
		}
		if !strings.Contains(stdout, `w.fut:2:4: no warning matches "hole"`) {
			t.Errorf("test %s: the failed warning expectation is not reported:\n%s", mode, stdout)
		}
	}
}

// TestBuildExe builds a standalone executable and talks to it with the
// server protocol, as run -r does.
func TestBuildExe(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program")
	}
	dir := t.TempDir()
	prog := filepath.Join(dir, "p.fut")
	if err := os.WriteFile(prog, []byte("entry main (xs: []f64) = f64.sum xs\nentry div (x: i32) (y: i32) = x / y\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "p")
	if code, _, stderr := runArgs(t, "", "build", "--exe", "-o", exe, prog); code != 0 {
		t.Fatalf("build --exe: exit %d: %s", code, stderr)
	}
	// The executable stands alone: moving the source away changes nothing.
	os.Remove(prog)
	p, err := (&gobuild.Exe{Path: exe}).Start()
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	xs, _ := values.ParseText("[1.5, 2.0, 3.25]")
	res, times, err := p.Call("main", 3, xs)
	if err != nil || len(res) != 1 || res[0].String() != "6.75f64" || len(times) != 3 {
		t.Errorf("main: %v %v %v", res, times, err)
	}
	args, _ := values.ParseText("1 0")
	_, _, err = p.Call("div", 1, args)
	if err == nil || !strings.HasPrefix(err.Error(), "division by zero") || !strings.Contains(err.Error(), "(at "+prog+":2:") {
		t.Errorf("division by zero reported as %v", err)
	}
	if code, _, _ := runArgs(t, "", "build", "--exe", "--pkg", "x", "-o", exe, prog); code != 2 {
		t.Errorf("--exe with --pkg: exit %d, want 2", code)
	}
}

// TestReadmeDocumentsEveryCommand keeps README.md's command list complete.
func TestReadmeDocumentsEveryCommand(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for name := range commands {
		if !regexp.MustCompile(`(?m)^    fluxion ` + name + `\b`).Match(readme) {
			t.Errorf("README.md does not document `fluxion %s`", name)
		}
	}
	if !strings.Contains(string(readme), "go install ./cmd/fluxion") {
		t.Error("README.md does not say how to install fluxion")
	}
}

// TestBuildSharedRuntime builds two programs with --runtime=shared into
// one module and passes the arrays and errors of one generated package to
// the other: statically, through Entries, and with errors.As.
func TestBuildSharedRuntime(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	scale := write("scale.fut", "entry scale (k: f64) (xs: []f64) : []f64 = map (* k) xs\n")
	total := write("total.fut", "entry total [n] (xs: [n]f64) : f64 = f64.sum xs\nentry at (xs: []f64) (i: i64) : f64 = xs[i]\n")
	for _, b := range [][]string{{"-o", filepath.Join(dir, "scale"), scale}, {"-o", filepath.Join(dir, "total"), total}} {
		if code, _, stderr := runArgs(t, "", append([]string{"build", "--runtime=shared"}, b...)...); code != 0 {
			t.Fatalf("build --runtime=shared: exit %d: %s", code, stderr)
		}
	}
	write("go.mod", "module interop\n\ngo 1.26\n\nrequire github.com/fluxion-lang/fluxion v0.0.0\n\nreplace github.com/fluxion-lang/fluxion => "+strconv.Quote(root)+"\n")
	write("main.go", `package main

import (
	"errors"
	"fmt"

	"interop/scale"
	"interop/total"
)

func main() {
	xs, err := scale.NewArray([]int64{3}, []float64{1, 2, 3})
	if err != nil {
		panic(err)
	}
	ys, err := scale.Scale(2, xs)
	if err != nil {
		panic(err)
	}
	var zs total.Array[float64] = ys // one type
	s, err := total.Total(zs)
	fmt.Println(s, err)
	res, err := total.Entries["total"].Call([]any{ys})
	fmt.Println(res, err)
	_, err = total.At(ys, 7)
	var e *scale.Error
	fmt.Println(errors.As(err, &e), e.Msg)
}
`)
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, out)
	}
	want := "12 <nil>\n[12] <nil>\ntrue Index [7] out of bounds for array of shape [3].\n"
	if string(out) != want {
		t.Errorf("output:\n%s\nwant:\n%s", out, want)
	}
	// Neither package embeds the runtime.
	if m, _ := filepath.Glob(filepath.Join(dir, "*", "rt_array.go")); len(m) > 0 {
		t.Errorf("a package sharing the runtime has a copy of it: %v", m)
	}
	if code, _, _ := runArgs(t, "", "build", "--runtime=copied", "-o", filepath.Join(dir, "x"), scale); code != 2 {
		t.Errorf("--runtime=copied: exit %d, want 2", code)
	}
}

// TestBuildExample checks the call that the godoc example of a built
// package makes: a test case with literal arguments that fit (not one that
// must fail, not one with a file), or made-up arguments; go test runs the
// examples.
func TestBuildExample(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("go.mod", "module examples\n\ngo 1.26\n")
	for _, tc := range []struct {
		name, src string
		want      []string // in example_test.go
	}{
		{"fromtests", `-- ==
-- entry: scale
-- input { 2.0 [1.0] } error: nothing
-- input { 2.0 [1.0, 2.0, 3.0] } output { [2.0, 4.0, 6.0] }
entry scale (k: f64) (xs: []f64) = map (* k) xs
entry first (xs: []i32) = xs[0]
`, []string{"k := float64(2)", "[]float64{1, 2, 3}", "r0, err := Scale(k, xs)", "// Output:\n\t// [3] [2 4 6]\n"}},
		{"madeup", "entry main (xs: []f32) (b: bool) (m: [2][]i64) : (f32, bool, i64) = (f32.sum xs, !b, i64.sum (flatten m))\n",
			[]string{"[]float32{1, 2, 3}", "b := true", "NewArray([]int64{2, 3}, []int64{1, 2, 3, 4, 5, 6})", "// Output:\n\t// 6\n\t// false\n\t// 21\n"}},
		{"fails", "entry at (xs: []i64) (i: i64) : i64 = xs[i + 5]\n",
			[]string{"// Output:\n\t// Index [6] out of bounds for array of shape [3]. (at " + filepath.Join(dir, "fails.fut") + ":1:39)\n"}},
	} {
		prog := write(tc.name+".fut", tc.src)
		if code, _, stderr := runArgs(t, "", "build", "-o", filepath.Join(dir, tc.name), prog); code != 0 {
			t.Fatalf("%s: build: exit %d: %s", tc.name, code, stderr)
		}
		src, err := os.ReadFile(filepath.Join(dir, tc.name, "example_test.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.want {
			if !strings.Contains(string(src), w) {
				t.Errorf("%s: the example lacks %q:\n%s", tc.name, w, src)
			}
		}
	}
	if testing.Short() {
		return
	}
	cmd := exec.Command("go", "test", "./...")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go test of the examples: %v\n%s", err, out)
	}
}
