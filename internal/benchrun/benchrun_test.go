package benchrun

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"
)

// summarize renders every dataset as "key | name | runtimes" or
// "key | name | first line of the error", with paths relative to dir.
func summarize(rep *Report, dir string) []string {
	var lines []string
	for _, b := range rep.Benchmarks {
		key := strings.TrimPrefix(b.Key, dir+string(filepath.Separator))
		for _, d := range b.Datasets {
			s := fmt.Sprint(d.Runtimes)
			if d.Failed() {
				s, _, _ = strings.Cut(d.Err, "\n")
			}
			lines = append(lines, key+" | "+d.Name+" | "+s)
		}
	}
	return lines
}

func TestComputeStats(t *testing.T) {
	tests := []struct {
		xs   []int64
		want Stats
	}{
		{nil, Stats{}},
		{[]int64{7}, Stats{Mean: 7, Min: 7, Max: 7}},
		{[]int64{0, 0}, Stats{}},
		{[]int64{10, 30}, Stats{Mean: 20, StdDev: math.Sqrt(200), RSD: math.Sqrt(200) / 20, Min: 10, Max: 30}},
		// Sum of squared deviations 32 over n-1 = 7.
		{[]int64{2, 4, 4, 4, 5, 5, 7, 9}, Stats{Mean: 5, StdDev: math.Sqrt(32.0 / 7), RSD: math.Sqrt(32.0/7) / 5, Min: 2, Max: 9}},
	}
	for _, tt := range tests {
		got := computeStats(tt.xs)
		near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(b)) }
		if !near(got.Mean, tt.want.Mean) || !near(got.StdDev, tt.want.StdDev) || !near(got.RSD, tt.want.RSD) ||
			got.Min != tt.want.Min || got.Max != tt.want.Max {
			t.Errorf("computeStats(%v) = %+v, want %+v", tt.xs, got, tt.want)
		}
	}
}

func TestRunsAreCountedWithoutWarmUp(t *testing.T) {
	tests := []struct {
		runs      int
		durations []time.Duration
		want      []int64
	}{
		// The warm-up (first call) takes 999μs and is discarded.
		{1, us(999, 100), []int64{100}},
		{3, us(999, 100, 200, 300), []int64{100, 200, 300}},
		{0, us(999, 5), []int64{5, 5, 5, 5, 5, 5, 5, 5, 5, 5}},
		{-2, us(1), []int64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}},
		// Sub-microsecond parts are truncated.
		{2, []time.Duration{time.Second, 1500 * time.Nanosecond, 999 * time.Nanosecond}, []int64{1, 0}},
	}
	for _, tt := range tests {
		for _, timeout := range []time.Duration{0, time.Hour} {
			clock := newFakeClock()
			e := &fakeEntry{durations: tt.durations, results: "1i32"}
			be := &fakeBackend{programs: map[string]*fakeProgram{
				"p.fut": {clock: clock, entries: map[string]*fakeEntry{"main": e}},
			}}
			dir := writeFiles(t, map[string]string{"p.fut": "-- ==\n-- input { 2i32 } output { 1i32 }\n"})
			rep, err := Run(Options{Backend: be, Runs: tt.runs, Clock: clock, Timeout: timeout}, []string{dir}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Benchmarks) != 1 || len(rep.Benchmarks[0].Datasets) != 1 {
				t.Fatalf("runs %d: got %v", tt.runs, summarize(rep, dir))
			}
			d := rep.Benchmarks[0].Datasets[0]
			if d.Failed() || !reflect.DeepEqual(d.Runtimes, tt.want) {
				t.Errorf("runs %d, timeout %v: runtimes %v, error %q; want %v", tt.runs, timeout, d.Runtimes, d.Err, tt.want)
			}
			if got := e.Calls(); got != len(tt.want)+1 {
				t.Errorf("runs %d: %d calls, want %d", tt.runs, got, len(tt.want)+1)
			}
			if rep.Failed() {
				t.Errorf("runs %d: report failed", tt.runs)
			}
			for i, a := range e.args {
				if len(a) != 1 || a[0].String() != "2i32" {
					t.Errorf("call %d got arguments %v", i, a)
				}
			}
		}
	}
}

const selectionProgram = `-- ==
-- entry: main other
-- "plain" input { 1i32 }
-- "nobench" nobench input { 2i32 }
-- "notest" notest input { 3i32 }
-- "disabled" disable input { 4i32 }
-- "fails" input { 5i32 } error: boom
-- "big" compiled input { 6i32 }
-- "slow" slow input { 7i32 }
-- "nofake" no_fake input { 8i32 }
-- "nofluxion" no_fluxion input { 9i32 }
-- "nopython" no_python input { 10i32 }
-- random input { [10][2]f32 1.5f64 }
-- input @ data/x.in.gz
-- input { [1i32, 2i32] }

-- ==
-- entry: third
-- input { 7i32 } output { 7i32 }
`

func TestDatasetSelection(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"sel.fut":            selectionProgram,
		"data/x.in.gz":       "",
		"off.fut":            "-- ==\n-- tags { disable }\n-- input { 1i32 }\n",
		"tagged.fut":         "-- ==\n-- tags { slow }\n-- input { 1i32 }\n",
		"compile_error.fut":  "-- ==\n-- error: Unknown name\n",
		"no_blocks.fut":      "-- Nothing to benchmark.\n",
		"only_nobench.fut":   "-- ==\n-- nobench input { 1i32 }\n",
		"sub/deeper/two.fut": "-- ==\n-- input { 1i32 }\n-- input { 2i32 }\n",
	})
	all := []string{"plain", "notest", "big", "slow", "nopython", "[10][2]f32 1.5f64", "data/x.in", `#12 ("[1i32, 2i32]")`}
	prefix := func(key string, names []string) []string {
		var out []string
		for _, n := range names {
			out = append(out, key+" | "+n)
		}
		return out
	}
	concat := func(parts ...[]string) []string {
		var out []string
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	two := []string{"sub/deeper/two.fut | #0 (\"1i32\")", "sub/deeper/two.fut | #1 (\"2i32\")"}
	tests := []struct {
		name string
		opts Options
		want []string
	}{
		{"default", Options{}, concat(
			prefix("sel.fut", all), prefix("sel.fut:other", all), []string{"sel.fut:third | #0 (\"7i32\")"},
			two, []string{"tagged.fut | #0 (\"1i32\")"})},
		{"skip compiled, exclude slow", Options{SkipCompiled: true, Exclude: []string{"slow"}}, concat(
			prefix("sel.fut", without(all, "big", "slow")), prefix("sel.fut:other", without(all, "big", "slow")),
			[]string{"sel.fut:third | #0 (\"7i32\")"}, two)},
		{"entry point", Options{EntryPoint: "other"}, prefix("sel.fut:other", all)},
		{"no such entry point", Options{EntryPoint: "nowhere"}, nil},
	}
	for _, tt := range tests {
		be := &fakeBackend{}
		tt.opts.Backend = be
		tt.opts.Clock = newFakeClock()
		tt.opts.Runs = 1
		rep, err := Run(tt.opts, []string{dir}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, b := range rep.Benchmarks {
			key := strings.TrimPrefix(b.Key, dir+"/")
			for _, d := range b.Datasets {
				got = append(got, key+" | "+d.Name)
			}
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: datasets\n%s\nwant\n%s", tt.name, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
		// Programs without selected datasets are not compiled.
		for _, c := range be.compiled {
			switch c {
			case "off.fut", "compile_error.fut", "no_blocks.fut", "only_nobench.fut":
				t.Errorf("%s: compiled %s, which has nothing to benchmark", tt.name, c)
			}
		}
	}
}

// matchLines compares lines; a '*' in a wanted line matches any text.
func matchLines(got, want []string) bool {
	if len(got) != len(want) {
		return false
	}
	for i, w := range want {
		parts := strings.Split(w, "*")
		for j := range parts {
			parts[j] = regexp.QuoteMeta(parts[j])
		}
		if !regexp.MustCompile("^" + strings.Join(parts, ".*") + "$").MatchString(got[i]) {
			return false
		}
	}
	return true
}

func without(xs []string, drop ...string) []string {
	var out []string
	for _, x := range xs {
		keep := true
		for _, d := range drop {
			if x == d {
				keep = false
			}
		}
		if keep {
			out = append(out, x)
		}
	}
	return out
}

func TestValidationAndFailures(t *testing.T) {
	clock := newFakeClock()
	ok := func(results string) *fakeEntry { return &fakeEntry{durations: us(10), results: results} }
	be := &fakeBackend{
		programs: map[string]*fakeProgram{
			"a.fut": {clock: clock, entries: map[string]*fakeEntry{
				"right":      ok("3i32 [1.0f64, 2.0f64]"),
				"wrong":      ok("3i32 [1.0f64, 2.5f64]"),
				"wrongtype":  ok("3i64 [1.0f64, 2.0f64]"),
				"fromfile":   ok("42i32"),
				"auto":       ok("1i32"),
				"nothing":    ok("1i32"),
				"warmupfail": {durations: us(10), results: "1i32", failAt: 1},
				"thirdfail":  {durations: us(10), results: "1i32", failAt: 4},
				"panics":     {durations: us(10), results: "1i32", panicAt: 2},
			}},
		},
		compileE: map[string]string{"b.fut": "b.fut:1:1: Unknown name `x`"},
		panics:   map[string]bool{"c.fut": true},
	}
	dir := writeFiles(t, map[string]string{
		"a.fut": `-- ==
-- entry: right wrong wrongtype
-- input { 1i32 } output { 3i32 [1.0, 2.0] }
-- ==
-- entry: fromfile
-- "good" input { 1i32 } output @ out/good.out
-- "bad" input { 1i32 } output @ out/bad.out
-- "missing" input { 1i32 } output @ out/missing.out
-- "none" input { 1i32 } output { }
-- "noinput" input @ in/missing.in
-- ==
-- entry: auto nothing
-- input { 1i32 } auto output
-- input { 2i32 }
-- ==
-- entry: warmupfail thirdfail panics
-- input { 1i32 }
`,
		"out/good.out": "42i32\n",
		"out/bad.out":  "43i32\n",
		"b.fut":        "-- ==\n-- input { 1i32 }\n-- \"second\" input { 2i32 }\n",
		"c.fut":        "-- ==\n-- input { 1i32 }\n",
		"d.fut":        "-- ==\n-- input { 1i32 } outptu\n",
	})
	rep, err := Run(Options{Backend: be, Runs: 3, Clock: clock}, []string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	lit := `#0 ("1i32")`
	want := []string{
		"a.fut:right | " + lit + " | [10 10 10]",
		"a.fut:wrong | " + lit + " | invalid result:",
		"a.fut:wrongtype | " + lit + " | invalid result:",
		"a.fut:fromfile | good | [10 10 10]",
		"a.fut:fromfile | bad | invalid result:",
		"a.fut:fromfile | missing | " + filepath.Join(dir, "a.fut") + ":8:*reading expected output: open " + filepath.Join(dir, "out/missing.out") + "*",
		"a.fut:fromfile | none | invalid result:",
		"a.fut:fromfile | noinput | " + filepath.Join(dir, "a.fut") + ":10:*reading input: open " + filepath.Join(dir, "in/missing.in") + "*",
		"a.fut:auto | " + lit + " | [10 10 10]",
		"a.fut:auto | " + `#1 ("2i32")` + " | [10 10 10]",
		"a.fut:nothing | " + lit + " | [10 10 10]",
		"a.fut:nothing | " + `#1 ("2i32")` + " | [10 10 10]",
		"a.fut:warmupfail | " + lit + " | run failed:",
		"a.fut:thirdfail | " + lit + " | run failed:",
		"a.fut:panics | " + lit + " | run failed:",
		"b.fut | " + lit + " | compilation failed:",
		"b.fut | second | compilation failed:",
		"c.fut | " + lit + " | compilation failed:",
	}
	if got := summarize(rep, dir); !matchLines(got, want) {
		t.Errorf("datasets\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	errs := map[string]string{}
	for _, b := range rep.Benchmarks {
		for _, d := range b.Datasets {
			errs[filepath.Base(b.Key)+" "+d.Name] = d.Err
		}
	}
	for key, sub := range map[string]string{
		"a.fut:wrong " + lit:      "Value #1 index [1]: expected 2f64, got 2.5f64",
		"a.fut:wrongtype " + lit:  "Value #0: expected type i32, got i64",
		"a.fut:fromfile bad":      "Value #0: expected 43i32, got 42i32",
		"a.fut:fromfile none":     "Expected 0 values, got 1",
		"a.fut:warmupfail " + lit: "boom",
		"a.fut:panics " + lit:     "internal error: run panicked: kaboom",
		"b.fut second":            "Unknown name `x`",
		"c.fut " + lit:            "backend fake panicked: compiler bug",
	} {
		if !strings.Contains(errs[key], sub) {
			t.Errorf("%s: error %q does not contain %q", key, errs[key], sub)
		}
	}
	// The failing call ends the dataset: warm-up, two measured runs, the failure.
	if n := be.programs["a.fut"].entries["thirdfail"].Calls(); n != 4 {
		t.Errorf("thirdfail: %d calls, want 4", n)
	}
	if len(rep.Errors) != 1 || !strings.Contains(rep.Errors[0], "d.fut") || !strings.Contains(rep.Errors[0], "invalid test block") {
		t.Errorf("program errors %q, want one for d.fut", rep.Errors)
	}
	if !rep.Failed() {
		t.Error("report with failures does not say so")
	}
}

func TestTimeout(t *testing.T) {
	tests := []struct {
		name      string
		durations []time.Duration
		timeout   time.Duration
		want      []int64 // runtimes recorded
		calls     int     // calls for one dataset
		fail      bool
	}{
		// Warm-up 400ms, run 1 ends at 800ms, run 2 at 1.2s: over the limit.
		{"cumulative", []time.Duration{400 * time.Millisecond}, time.Second, []int64{400000}, 3, true},
		{"warm-up alone", []time.Duration{2 * time.Second}, time.Second, nil, 1, true},
		// Reaching the limit exactly counts as exceeding it.
		{"exactly", []time.Duration{250 * time.Millisecond}, time.Second, []int64{250000, 250000}, 4, true},
		{"within", []time.Duration{90 * time.Millisecond}, time.Second, []int64{90000, 90000, 90000, 90000, 90000}, 6, false},
		{"no limit", []time.Duration{time.Hour}, 0, []int64{3600e6, 3600e6, 3600e6, 3600e6, 3600e6}, 6, false},
	}
	for _, tt := range tests {
		// Without timers, the measured runtimes alone must end the dataset.
		for _, noTimers := range []bool{false, true} {
			name := fmt.Sprintf("%s (timers off: %v)", tt.name, noTimers)
			clock := newFakeClock()
			clock.noTimers = noTimers
			e := &fakeEntry{durations: tt.durations, results: "1i32"}
			be := &fakeBackend{programs: map[string]*fakeProgram{
				"p.fut": {clock: clock, entries: map[string]*fakeEntry{"main": e}},
			}}
			dir := writeFiles(t, map[string]string{"p.fut": "-- ==\n-- input { 1i32 }\n-- input { 2i32 }\n"})
			rep, err := Run(Options{Backend: be, Runs: 5, Timeout: tt.timeout, Clock: clock}, []string{dir}, nil)
			if err != nil {
				t.Fatal(err)
			}
			d := rep.Benchmarks[0].Datasets[0]
			if d.Failed() != tt.fail || (tt.fail && !strings.HasPrefix(d.Err, "timed out")) {
				t.Errorf("%s: error %q, want failure %v", name, d.Err, tt.fail)
			}
			if !reflect.DeepEqual(d.Runtimes, tt.want) {
				t.Errorf("%s: runtimes %v, want %v", name, d.Runtimes, tt.want)
			}
			// The second dataset runs after a timeout, with a fresh time budget.
			second := rep.Benchmarks[0].Datasets[1]
			if second.Err != d.Err || !reflect.DeepEqual(second.Runtimes, d.Runtimes) {
				t.Errorf("%s: second dataset %v %q differs from the first %v %q", name, second.Runtimes, second.Err, d.Runtimes, d.Err)
			}
			if got := e.Calls(); got != 2*tt.calls {
				t.Errorf("%s: %d calls for two datasets, want %d", name, got, 2*tt.calls)
			}
		}
	}
}

func TestTimeoutOfHangingRun(t *testing.T) {
	clock := newFakeClock()
	hang := &fakeEntry{durations: us(100), results: "1i32", hangAt: 3,
		started: make(chan struct{}), release: make(chan struct{})}
	after := &fakeEntry{durations: us(7), results: "1i32"}
	be := &fakeBackend{programs: map[string]*fakeProgram{
		"p.fut": {clock: clock, entries: map[string]*fakeEntry{"main": hang, "after": after}},
	}}
	dir := writeFiles(t, map[string]string{"p.fut": "-- ==\n-- entry: main after\n-- input { 1i32 }\n"})
	go func() {
		<-hang.started
		// Exactly what is left of the budget after two runs of 100μs.
		clock.Advance(10*time.Second - 200*time.Microsecond)
	}()
	rep, err := Run(Options{Backend: be, Runs: 4, Timeout: 10 * time.Second, Clock: clock}, []string{dir}, nil)
	close(hang.release)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"p.fut | #0 (\"1i32\") | timed out: the runs took 10s or more together",
		"p.fut:after | #0 (\"1i32\") | [7 7 7 7]",
	}
	if got := summarize(rep, dir); !reflect.DeepEqual(got, want) {
		t.Errorf("datasets\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got := rep.Benchmarks[0].Datasets[0].Runtimes; !reflect.DeepEqual(got, []int64{100}) {
		t.Errorf("runtimes before the hang %v, want [100]", got)
	}
}

func TestDuplicateDatasetNames(t *testing.T) {
	dir := writeFiles(t, map[string]string{"p.fut": `-- ==
-- input { 1i32 }
-- "x" input { 2i32 }
-- ==
-- input { 1i32 }
-- "x" input { 3i32 }
-- "x" input { 4i32 }
`})
	rep, err := Run(Options{Backend: &fakeBackend{}, Runs: 1, Clock: newFakeClock()}, []string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range rep.Benchmarks[0].Datasets {
		got = append(got, d.Name)
	}
	want := []string{`#0 ("1i32")`, "x", `#0 ("1i32") #2`, "x #2", "x #3"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("names %q, want %q", got, want)
	}
}

func TestConsoleReport(t *testing.T) {
	clock := newFakeClock()
	be := &fakeBackend{
		programs: map[string]*fakeProgram{"p.fut": {clock: clock, entries: map[string]*fakeEntry{
			"main": {durations: us(1, 100, 200, 300), results: "1i32"},
			"f":    {durations: us(5), results: "1i32", failAt: 2},
		}}},
		compileE: map[string]string{"q.fut": "syntax error\nnear here"},
	}
	dir := writeFiles(t, map[string]string{
		"p.fut": "-- ==\n-- \"long name\" input { 1i32 }\n-- ==\n-- entry: f\n-- input { 1i32 }\n",
		"q.fut": "-- ==\n-- input { 1i32 }\n",
	})
	var out bytes.Buffer
	rep, err := Run(Options{Backend: be, Runs: 3, Clock: clock}, []string{dir}, &out)
	if err != nil {
		t.Fatal(err)
	}
	want := dir + "/p.fut\n" +
		"  long name:        200μs (mean; RSD 0.500; min 100; max 300)\n" +
		dir + "/p.fut:f\n" +
		"  #0 (\"1i32\"): run failed:\n" +
		"      boom\n" +
		dir + "/q.fut: compilation failed:\n" +
		"  syntax error\n" +
		"  near here\n" +
		"3 datasets, 2 failed\n"
	if out.String() != want {
		t.Errorf("console\n%s\nwant\n%s", out.String(), want)
	}
	if !rep.Failed() {
		t.Error("report does not fail")
	}
}

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, fmt.Errorf("disk full") }

func TestRunErrors(t *testing.T) {
	dir := writeFiles(t, map[string]string{"p.fut": "-- ==\n-- input { 1i32 }\n"})
	if _, err := Run(Options{}, []string{dir}, nil); err == nil {
		t.Error("no error without a backend")
	}
	if _, err := Run(Options{Backend: &fakeBackend{}}, []string{filepath.Join(dir, "missing")}, nil); err == nil {
		t.Error("no error for a missing path")
	}
	// A program that cannot be read is an error of the report, not of Run.
	broken := t.TempDir()
	if err := os.Symlink(filepath.Join(broken, "nowhere"), filepath.Join(broken, "dangling.fut")); err != nil {
		t.Fatal(err)
	}
	rep, err := Run(Options{Backend: &fakeBackend{}}, []string{broken}, nil)
	if err != nil || len(rep.Errors) != 1 || !strings.Contains(rep.Errors[0], "no such file") || !rep.Failed() {
		t.Errorf("unreadable program: report %+v, error %v", rep, err)
	}
	clock := newFakeClock()
	be := &fakeBackend{programs: map[string]*fakeProgram{
		"p.fut": {clock: clock, entries: map[string]*fakeEntry{"main": {results: "1i32"}}},
	}}
	rep, err = Run(Options{Backend: be, Runs: 1, Clock: clock}, []string{filepath.Join(dir, "p.fut")}, failingWriter{})
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("error %v, want the write failure", err)
	}
	if rep == nil || len(rep.Benchmarks) != 1 || rep.Benchmarks[0].Datasets[0].Failed() {
		t.Errorf("report %+v, want the benchmark despite the write failure", rep)
	}
}
