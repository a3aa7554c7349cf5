package testspec

import (
	"bytes"
	"compress/gzip"
	"errors"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/values"
)

// echo returns its arguments as its results, so a case's input is judged
// against its expected output.
func echo(args []Value) ([]Value, error) { return args, nil }

func TestJudgeOutputs(t *testing.T) {
	tests := []struct {
		clause string // one case of the block
		fail   string // regexp the failure reason must match; "" for a pass
	}{
		{`input { 1 } output { 1 }`, ""},
		{`input { 1 } output { 2 }`, `^Value #0: expected 2i32, got 1i32$`},
		{`input { 1000 } output { 1001 }`, `expected 1001i32, got 1000i32`},
		{`input { true } output { false }`, `expected false, got true`},
		{`input { 1 2 } output { 1 }`, `Expected 1 values, got 2`},
		{`input { } output { 1 }`, `Expected 1 values, got 0`},
		{`input { 1i64 } output { 1 }`, `expected type i32, got i64`},
		{`input { 1.0f32 } output { 1.0 }`, `expected type f64, got f32`},
		{`input { [1.0] } output { 1.0 }`, `expected type f64, got \[\]f64`},
		{`input { [1, 2] } output { [1, 2, 3] }`, `expected shape \[3\], got \[2\]`},
		{`input { empty([0][2]f64) } output { empty([0][3]f64) }`, `expected shape \[0\]\[3\], got \[0\]\[2\]`},
		{`input { empty([0]f64) } output { empty([0]f64) }`, ""},
		{`input { [1, 2, 3] } output { [0, 2, 0] }`, `(?s)index \[0\]: expected 0i32, got 1i32.*index \[2\]: expected 0i32, got 3i32`},
		{`input { [[1, 2], [3, 4]] } output { [[1, 2], [3, 5]] }`, `index \[1,1\]: expected 5i32, got 4i32`},
		// Exactly 0.2% of the largest expected element is tolerated.
		{`input { 1002.0 } output { 1000.0 }`, ""},
		{`input { 998.0 } output { 1000.0 }`, ""},
		{`input { 1002.001 } output { 1000.0 }`, `expected 1000f64, got 1002.001`},
		{`input { 1002.0f32 } output { 1000.0f32 }`, ""},
		{`input { 1002.01f32 } output { 1000.0f32 }`, `expected 1000f32`},
		// The absolute floor is 0.002.
		{`input { 0.002 } output { 0.0 }`, ""},
		{`input { 0.0021 } output { 0.0 }`, `expected 0f64`},
		{`input { -1000.0019 } output { -1000.0 }`, ""},
		// Negative expected values do not raise the tolerance.
		{`input { -1001.0 } output { -1000.0 }`, `expected -1000f64, got -1001f64`},
		{`input { [-1000.0, 0.1] } output { [-1000.0, 0.0] }`, `index \[1\]: expected 0f64, got 0.1`},
		// The tolerance is per value, from its largest finite element.
		{`input { [1.9, 1000.0] } output { [1.0, 1000.0] }`, ""},
		{`input { [2.1, 1000.0] } output { [0.0, 1000.0] }`, `index \[0\]`},
		{`input { [1.9, 1000.0] } output { [1.0, f64.inf] }`, `index \[0\]`},
		{`input { [1.001, 1.0] } output { [1.0, 1000.0] } `, `index \[1\]`},
		// NaN and infinities.
		{`input { f64.nan } output { f64.nan }`, ""},
		{`input { f32.nan } output { f32.nan }`, ""},
		{`input { 1.0 } output { f64.nan }`, `expected f64.nan, got 1f64`},
		{`input { f64.nan } output { 1.0 }`, `expected 1f64, got f64.nan`},
		{`input { f64.inf } output { f64.inf }`, ""},
		{`input { -f64.inf } output { -f64.inf }`, ""},
		{`input { -f64.inf } output { f64.inf }`, `expected f64.inf, got -f64.inf`},
		{`input { 1e308 } output { f64.inf }`, `expected f64.inf`},
		{`input { f64.inf } output { 1e308 }`, `expected 1e\+308f64, got f64.inf`},
		{`input { 1 }`, ""},
	}
	var src strings.Builder
	src.WriteString("-- ==\n-- entry: echo\n")
	for _, tt := range tests {
		src.WriteString("-- " + tt.clause + "\n")
	}
	dir := writeFiles(t, map[string]string{"j.fut": src.String()})
	be := &fakeBackend{name: "fake", programs: map[string]*fakeProgram{
		"j.fut": {map[string]func([]Value) ([]Value, error){"echo": echo}}}}
	rep, err := (&Runner{Backend: be, Concurrency: 2}).Run([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Results) != len(tests) {
		t.Fatalf("%d results for %d cases:\n%s", len(rep.Results), len(tests), outcomes(rep))
	}
	for i, tt := range tests {
		res := rep.Results[i]
		switch {
		case tt.fail == "" && res.Outcome != Pass:
			t.Errorf("%s: %v, want pass: %s", tt.clause, res.Outcome, res.Reason)
		case tt.fail != "" && res.Outcome != Fail:
			t.Errorf("%s: %v, want failure matching %q", tt.clause, res.Outcome, tt.fail)
		case tt.fail != "" && !regexp.MustCompile(tt.fail).MatchString(res.Reason):
			t.Errorf("%s: reason %q does not match %q", tt.clause, res.Reason, tt.fail)
		}
	}
}

func gzipped(t *testing.T, s string) string {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestJudgeDataFilesAndAuto(t *testing.T) {
	binary := func(v Value) string {
		var b bytes.Buffer
		if err := values.WriteBinary(&b, v); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	three, err := values.ParseText("3")
	if err != nil {
		t.Fatal(err)
	}
	dir := writeFiles(t, map[string]string{
		"prog/p.fut": `-- ==
-- entry: echo
-- input @ data/a.in output @ data/a.out
-- input @ data/b.in.gz output @ data/b.out.gz
-- input @ data/mixed.in output { [1, 2] 3 true }
-- input @ data/a.in output @ data/wrong.out
-- input @ data/missing.in
-- input { 1 } output @ data/missing.out
-- input @ data/bad.in
-- input @ data/bad.in.gz
-- input { 1 2.5 } auto output
-- input { 7 } auto output
`,
		"prog/data/a.in":      "[1, 2]\n-- a comment\n3\n",
		"prog/data/a.out":     "[1,2] 3",
		"prog/data/wrong.out": "[1,2] 4",
		"prog/data/b.in.gz":   gzipped(t, "1.5f32 empty([0]i64)"),
		"prog/data/b.out.gz":  gzipped(t, "1.5f32\nempty([0]i64)\n"),
		"prog/data/mixed.in":  "[1, 2] " + binary(three[0]) + " true",
		"prog/data/bad.in":    "[1, 2.5]",
		"prog/data/bad.in.gz": "this is not gzip data",
	})
	prog := &fakeProgram{map[string]func([]Value) ([]Value, error){"echo": echo}}
	be := &fakeBackend{name: "fake", programs: map[string]*fakeProgram{"p.fut": prog}}
	// The reference disagrees on a single i32 argument 7.
	ref := &fakeBackend{name: "ref", programs: map[string]*fakeProgram{"p.fut": {map[string]func([]Value) ([]Value, error){
		"echo": func(args []Value) ([]Value, error) {
			if len(args) == 1 && args[0].String() == "7i32" {
				return values.ParseText("8")
			}
			return args, nil
		}}}}}
	want := []string{
		"pass",
		"pass",
		"pass",
		"fail: Value #1: expected 4i32, got 3i32",
		"fail: " + filepath.Join(dir, "prog/p.fut") + ":7:4: reading input: open " + filepath.Join(dir, "prog/data/missing.in") + ": no such file or directory",
		"fail: " + filepath.Join(dir, "prog/p.fut") + ":8:16: reading expected output: open " + filepath.Join(dir, "prog/data/missing.out") + ": no such file or directory",
		"fail: " + filepath.Join(dir, "prog/p.fut") + ":9:4: reading input: " + filepath.Join(dir, "prog/data/bad.in") + ": line 1, column 5: expected i32 value, found \"2.5\"",
		"fail: " + filepath.Join(dir, "prog/p.fut") + ":10:4: reading input: " + filepath.Join(dir, "prog/data/bad.in.gz") + ": gzip: invalid header",
		"pass",
		"fail: Value #0: expected 8i32, got 7i32",
	}
	check := func(name string, r *Runner, want []string) {
		t.Helper()
		rep, err := r.Run([]string{dir})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, res := range rep.Results {
			s := res.Outcome.String()
			if res.Reason != "" {
				s += ": " + res.Reason
			}
			got = append(got, s)
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: got\n%s\nwant\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
	check("with reference", &Runner{Backend: be, Reference: ref, Concurrency: 2}, want)
	// Without a reference backend, auto output only requires success.
	want[len(want)-1] = "pass"
	check("without reference", &Runner{Backend: be, Concurrency: 1}, want)
	// A reference that fails to compile fails the auto output cases only.
	broken := &fakeBackend{name: "ref", compileE: map[string]string{"p.fut": "reference broken"}}
	want[len(want)-2] = "fail: compiling with reference backend ref failed:\n  reference broken"
	want[len(want)-1] = want[len(want)-2]
	check("broken reference", &Runner{Backend: be, Reference: broken, Concurrency: 2}, want)
}

func TestJudgeRunErrorsAndPanics(t *testing.T) {
	dir := writeFiles(t, map[string]string{"e.fut": `-- ==
-- entry: fails panics
-- input { 1 } error: Error.*line 2
-- input { 1 } output { 1 }
`})
	be := &fakeBackend{name: "fake", programs: map[string]*fakeProgram{"e.fut": {map[string]func([]Value) ([]Value, error){
		"fails":  func([]Value) ([]Value, error) { return nil, errors.New("Error: line 1\nline 2") },
		"panics": func([]Value) ([]Value, error) { panic("oops") },
	}}}}
	rep, err := (&Runner{Backend: be}).Run([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	got := outcomes(rep)
	want := `e.fut fails b0#0 pass
e.fut panics b0#0 fail: the run failed as expected, but the error does not match "Error.*line 2":
e.fut fails b0#1 fail: run failed:
e.fut panics b0#1 fail: run failed:`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if !strings.Contains(rep.Results[3].Reason, "internal error: run panicked: oops") {
		t.Errorf("panic reason: %q", rep.Results[3].Reason)
	}
}
