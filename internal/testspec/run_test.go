package testspec

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeBackend "compiles" a program by looking up its base name.
type fakeBackend struct {
	name     string
	programs map[string]*fakeProgram // by base name
	compileE map[string]string       // compile errors by base name
	mu       sync.Mutex
	compiled []string
}

func (b *fakeBackend) Name() string { return b.name }

func (b *fakeBackend) Compile(path string) (Program, error) {
	base := filepath.Base(path)
	b.mu.Lock()
	b.compiled = append(b.compiled, base)
	b.mu.Unlock()
	if msg, ok := b.compileE[base]; ok {
		return nil, errors.New(msg)
	}
	if base == "panics.fut" {
		panic("boom")
	}
	p, ok := b.programs[base]
	if !ok {
		return &fakeProgram{}, nil
	}
	return p, nil
}

// fakeProgram runs entry points given as Go functions.
type fakeProgram struct {
	entries map[string]func(args []Value) ([]Value, error)
}

func (p *fakeProgram) Run(entry string, args []Value) ([]Value, error) {
	f, ok := p.entries[entry]
	if !ok {
		return nil, fmt.Errorf("no entry point %s", entry)
	}
	return f(args)
}

// writeFiles creates the files (name -> content) under a new temporary
// directory and returns it.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func succeed(args []Value) ([]Value, error) { return nil, nil }

func failWith(msg string) func([]Value) ([]Value, error) {
	return func([]Value) ([]Value, error) { return nil, errors.New(msg) }
}

// outcomes renders results as "base entry #index outcome" lines, with the
// reason's first line for failures and skips.
func outcomes(rep *Report) string {
	var lines []string
	for _, r := range rep.Results {
		s := filepath.Base(r.File)
		if r.Case != nil {
			s += fmt.Sprintf(" %s b%d#%d", r.Entry, r.Case.Block, r.Case.Index)
		}
		s += " " + r.Outcome.String()
		if r.Reason != "" {
			first, _, _ := strings.Cut(r.Reason, "\n")
			s += ": " + first
		}
		lines = append(lines, s)
	}
	return strings.Join(lines, "\n")
}

func TestRunJudgesErrorsAndSuccess(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"a.fut": `-- ==
-- input {} error: division by zero
-- input {} error: div.*zero
-- input {}
-- error:
-- input {} error: index out of bounds
-- input {}
`,
		"b.fut": `-- ==
-- entry: ok bad
-- input {}
-- input {} error: ^never$
`,
		"sub/c.fut":  "-- ==\n-- error: Unknown name `x`\n",
		"sub/d.fut":  "-- ==\n-- error: Unknown name\n",
		"sub/e.fut":  "-- ==\n-- error: Unknown name\n",
		"sub/f.fut":  "-- No test blocks here.\n",
		"sub/g.fut":  "-- ==\n-- input {}\n",
		"sub/h.fut":  "-- ==\n-- input { } outptu\n",
		"panics.fut": "-- ==\n-- input {}\n",
		"notes.txt":  "not a program",
	})
	be := &fakeBackend{
		name: "fake",
		programs: map[string]*fakeProgram{
			"a.fut": {map[string]func([]Value) ([]Value, error){
				"main": failWith("Error: division by zero\nBacktrace: ...")}},
			"b.fut": {map[string]func([]Value) ([]Value, error){
				"ok":  succeed,
				"bad": failWith("never")}},
		},
		compileE: map[string]string{
			"c.fut": "c.fut:3:5: Unknown name `x`",
			"d.fut": "d.fut:1:1: parse error",
			"g.fut": "g.fut:2:2: type error",
		},
	}
	r := &Runner{Backend: be, Concurrency: 2}
	rep, err := r.Run([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	want := `a.fut main b0#0 pass
a.fut main b0#1 pass
a.fut main b0#2 pass
a.fut main b0#3 fail: the run failed as expected, but the error does not match "index out of bounds":
a.fut main b0#4 fail: run failed:
b.fut ok b0#0 pass
b.fut bad b0#0 fail: run failed:
b.fut ok b0#1 fail: the run succeeded but was expected to fail with an error matching "^never$"
b.fut bad b0#1 pass
panics.fut fail: compilation failed:
c.fut pass
d.fut fail: compilation failed as expected, but the error does not match "Unknown name":
e.fut fail: compilation succeeded but was expected to fail
g.fut fail: compilation failed:
h.fut fail: invalid test block: ` + filepath.Join(dir, "sub/h.fut") + ":2:20: expected a run tag or `input`, found end of block"
	if got := outcomes(rep); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if got, want := rep.Summary(), "6 passed, 9 failed"; got != want {
		t.Errorf("Summary() = %q, want %q", got, want)
	}
	if rep.OK() {
		t.Error("OK() with failures")
	}
	// f.fut has no blocks but is still compiled; notes.txt is not a program.
	compiled := strings.Join(be.compiled, " ")
	if !strings.Contains(compiled, "f.fut") || strings.Contains(compiled, "notes.txt") {
		t.Errorf("compiled %s", compiled)
	}
}

func TestRunSelection(t *testing.T) {
	src := `-- ==
-- tags { prog }
-- entry: f g
-- input {}
-- compiled input {}
-- notest input {}
-- nobench input {}
-- disable input {}
-- no_fake input {}
-- no_other input {}
-- slow input {}
`
	dir := writeFiles(t, map[string]string{
		"p.fut":        src,
		"disabled.fut": "-- ==\n-- tags { disable }\n-- input {}\n",
	})
	prog := &fakeProgram{map[string]func([]Value) ([]Value, error){"f": succeed, "g": succeed}}
	be := &fakeBackend{name: "fake", programs: map[string]*fakeProgram{"p.fut": prog}}
	tests := []struct {
		sel           Selection
		f             string // outcome letters of entry f's cases, in order
		pass, skipped int
	}{
		{Selection{}, "ppspsspp", 10, 7},
		{Selection{Mode: Interpreted}, "psspsspp", 8, 9},
		{Selection{Exclude: []string{"slow"}}, "ppspssps", 8, 9},
		{Selection{EntryPoint: "g"}, "", 5, 3},
		{Selection{Backend: "other"}, "ppspspsp", 10, 7},
		{Selection{Exclude: []string{"prog"}}, "ssssssss", 0, 17},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%+v", tt.sel), func(t *testing.T) {
			var progress []Result
			r := &Runner{Backend: be, Select: tt.sel, Concurrency: 3,
				Progress: func(res Result) { progress = append(progress, res) }}
			rep, err := r.Run([]string{filepath.Join(dir, "p.fut"), filepath.Join(dir, "disabled.fut")})
			if err != nil {
				t.Fatal(err)
			}
			var f strings.Builder
			for _, res := range rep.Results {
				if res.Entry == "f" {
					f.WriteString(res.Outcome.String()[:1])
				}
			}
			if f.String() != tt.f || rep.Passed != tt.pass || rep.Skipped != tt.skipped || rep.Failed != 0 {
				t.Errorf("got f=%q, %s; want f=%q, %d passed, 0 failed, %d skipped\n%s",
					f.String(), rep.Summary(), tt.f, tt.pass, tt.skipped, outcomes(rep))
			}
			if len(progress) != len(rep.Results) {
				t.Errorf("Progress called %d times for %d results", len(progress), len(rep.Results))
			}
		})
	}
}

func TestRunMissingPathOrBackend(t *testing.T) {
	r := &Runner{Backend: &fakeBackend{name: "fake"}}
	if _, err := r.Run([]string{filepath.Join(t.TempDir(), "nope")}); err == nil {
		t.Error("no error for a missing path")
	}
	if _, err := (&Runner{}).Run([]string{t.TempDir()}); err == nil {
		t.Error("no error without a backend")
	}
}

func TestReportSummary(t *testing.T) {
	tests := []struct {
		rep  Report
		want string
		ok   bool
	}{
		{Report{}, "0 passed, 0 failed", true},
		{Report{Passed: 3}, "3 passed, 0 failed", true},
		{Report{Passed: 3, Failed: 1, Skipped: 2}, "3 passed, 1 failed, 2 skipped", false},
		{Report{Passed: 1, Skipped: 3, Results: []Result{
			{Outcome: Skip, Reason: "tagged disable"},
			{Outcome: Pass},
			{Outcome: Skip, Reason: "tagged compiled (interpreter mode)"},
			{Outcome: Skip, Reason: "tagged compiled (interpreter mode)"},
		}}, "1 passed, 0 failed, 3 skipped (2 tagged compiled (interpreter mode), 1 tagged disable)", true},
	}
	for _, tt := range tests {
		if got := tt.rep.Summary(); got != tt.want || tt.rep.OK() != tt.ok {
			t.Errorf("Summary() = %q, OK() = %v; want %q, %v", got, tt.rep.OK(), tt.want, tt.ok)
		}
	}
}

// badArgs is how a backend reports arguments that do not fit the entry point.
type badArgs struct{ msg string }

func (e *badArgs) Error() string      { return e.msg }
func (e *badArgs) BadArguments() bool { return true }

func TestRunReportsBadArgumentsAndWrites(t *testing.T) {
	dir := writeFiles(t, map[string]string{"w.fut": `-- ==
-- entry: f
-- input { 1 } error:
-- input { 1 } output { 1 }
-- "named" input { 2 } error: boom
`})
	be := &fakeBackend{name: "fake", programs: map[string]*fakeProgram{"w.fut": {map[string]func([]Value) ([]Value, error){
		"f": func(args []Value) ([]Value, error) {
			if args[0].String() == "1i32" {
				return nil, fmt.Errorf("argument 1: %w", &badArgs{"expected f32, got i32"})
			}
			return nil, errors.New("boom")
		}}}}}
	rep, err := (&Runner{Backend: be}).Run([]string{filepath.Join(dir, "w.fut")})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := rep.Write(&b); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "w.fut")
	want := p + `: entry f, dataset #0 ("1i32"): invalid input for entry point f:
  argument 1: expected f32, got i32
` + p + `: entry f, dataset #1 ("1i32"): invalid input for entry point f:
  argument 1: expected f32, got i32
1 passed, 2 failed
`
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestRunTimeout(t *testing.T) {
	dir := writeFiles(t, map[string]string{"slow.fut": "-- ==\n-- input {} error:\n-- input {}\n"})
	release := make(chan struct{})
	defer close(release)
	be := &fakeBackend{name: "fake", programs: map[string]*fakeProgram{"slow.fut": {map[string]func([]Value) ([]Value, error){
		"main": func([]Value) ([]Value, error) { <-release; return nil, nil }}}}}
	rep, err := (&Runner{Backend: be, Timeout: 20 * time.Millisecond}).Run([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	want := "slow.fut main b0#0 fail: timed out after 20ms\nslow.fut main b0#1 fail: timed out after 20ms"
	if got := outcomes(rep); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestRunConcurrencyBound(t *testing.T) {
	var src strings.Builder
	src.WriteString("-- ==\n-- entry: f g\n")
	for i := 0; i < 20; i++ {
		fmt.Fprintf(&src, "-- input { %d } output { %d }\n", i, i)
	}
	files := map[string]string{}
	for _, name := range []string{"a.fut", "b.fut", "c.fut"} {
		files[name] = src.String()
	}
	dir := writeFiles(t, files)
	var mu sync.Mutex
	running, peak := 0, 0
	slowEcho := func(args []Value) ([]Value, error) {
		mu.Lock()
		running++
		peak = max(peak, running)
		mu.Unlock()
		time.Sleep(time.Millisecond)
		mu.Lock()
		running--
		mu.Unlock()
		return args, nil
	}
	prog := &fakeProgram{map[string]func([]Value) ([]Value, error){"f": slowEcho, "g": slowEcho}}
	be := &fakeBackend{name: "fake", programs: map[string]*fakeProgram{"a.fut": prog, "b.fut": prog, "c.fut": prog}}
	for _, n := range []int{1, 3} {
		peak = 0
		rep, err := (&Runner{Backend: be, Concurrency: n}).Run([]string{dir})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Passed != 120 || rep.Failed != 0 {
			t.Errorf("concurrency %d: %s", n, rep.Summary())
		}
		if peak > n {
			t.Errorf("concurrency %d: %d runs at once", n, peak)
		}
		// Results stay in source order whatever the scheduling.
		for i, res := range rep.Results {
			file := []string{"a.fut", "b.fut", "c.fut"}[i/40]
			entry := []string{"f", "g"}[i%2]
			if filepath.Base(res.File) != file || res.Entry != entry || res.Case.Index != (i%40)/2 {
				t.Fatalf("concurrency %d: result %d is %s %s #%d", n, i, res.File, res.Entry, res.Case.Index)
			}
		}
	}
}

func TestRunTypeCheckMode(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"ok.fut":    "-- ==\n-- input { 1 } output { 2 }\n",
		"bad.fut":   "entry main = x\n",
		"fails.fut": "-- ==\n-- error: Unknown\n",
	})
	ran := false
	be := &fakeBackend{name: "fake",
		programs: map[string]*fakeProgram{"ok.fut": {map[string]func([]Value) ([]Value, error){
			"main": func(args []Value) ([]Value, error) { ran = true; return args, nil }}}},
		compileE: map[string]string{"bad.fut": "bad.fut:1:13: Unknown name x", "fails.fut": "Unknown name"}}
	rep, err := (&Runner{Backend: be, Select: Selection{Mode: TypeCheck}}).Run([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	want := "bad.fut fail: compilation failed:\nfails.fut pass\nok.fut pass"
	if got := outcomes(rep); got != want || ran {
		t.Errorf("got\n%s\nwant\n%s\n(ran: %v)", got, want, ran)
	}
}

func TestDataPath(t *testing.T) {
	abs, _ := filepath.Abs("x.in")
	tests := []struct{ prog, path, want string }{
		{"tests/p.fut", "data/x.in", filepath.Join("tests", "data", "x.in")},
		{"p.fut", "x.in.gz", "x.in.gz"},
		{"/a/b/p.fut", "../x.in", filepath.FromSlash("/a/x.in")},
		{"tests/p.fut", abs, abs},
	}
	for _, tt := range tests {
		if got := DataPath(&Spec{Path: tt.prog}, tt.path); got != tt.want {
			t.Errorf("DataPath(%q, %q) = %q, want %q", tt.prog, tt.path, got, tt.want)
		}
	}
}

// preparingBackend records what Prepare was given and hands out programs
// that record being closed.
type preparingBackend struct {
	fakeBackend
	prepared []string
	before   int // programs compiled before Prepare was called
	closes   int
}

func (b *preparingBackend) Prepare(paths []string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.before = len(b.compiled)
	for _, p := range paths {
		b.prepared = append(b.prepared, filepath.Base(p))
	}
}

type closingProgram struct {
	fakeProgram
	b *preparingBackend
}

func (p *closingProgram) Close() error {
	p.b.mu.Lock()
	p.b.closes++
	p.b.mu.Unlock()
	return nil
}

func (b *preparingBackend) Compile(path string) (Program, error) {
	p, err := b.fakeBackend.Compile(path)
	if err != nil {
		return nil, err
	}
	return &closingProgram{*p.(*fakeProgram), b}, nil
}

func TestRunnerPreparesAndCloses(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"a.fut":        "-- ==\n-- input { 1 }\n",
		"b.fut":        "-- ==\n-- input { 2 }\n",
		"disabled.fut": "-- ==\n-- tags { disable }\n-- input { 3 }\n",
		"excluded.fut": "-- ==\n-- tags { slow }\n-- input { 3 }\n",
		"bad.fut":      "-- ==\n-- input { 1 \n",
		"none.fut":     "entry main = 1\n",
	})
	b := &preparingBackend{fakeBackend: fakeBackend{name: "fake", programs: map[string]*fakeProgram{
		"a.fut": {entries: map[string]func([]Value) ([]Value, error){"main": succeed}},
		"b.fut": {entries: map[string]func([]Value) ([]Value, error){"main": succeed}},
	}}}
	r := &Runner{Backend: b, Select: Selection{Exclude: []string{"slow"}}}
	rep, err := r.Run([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(b.prepared, " "), "a.fut b.fut none.fut"; got != want {
		t.Errorf("Prepare got %q, want %q", got, want)
	}
	if b.before != 0 {
		t.Errorf("%d programs compiled before Prepare", b.before)
	}
	if b.closes != len(b.compiled) || b.closes != 3 {
		t.Errorf("%d programs compiled, %d closed; want 3 and 3", len(b.compiled), b.closes)
	}
	if rep.Passed != 2 {
		t.Errorf("%s", rep.Summary())
	}
	// Type-checking compiles nothing ahead.
	b.prepared = nil
	r.Select.Mode = TypeCheck
	if _, err := r.Run([]string{dir}); err != nil {
		t.Fatal(err)
	}
	if len(b.prepared) != 0 {
		t.Errorf("Prepare called in type-check mode with %v", b.prepared)
	}
}
