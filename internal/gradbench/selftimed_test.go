package gradbench

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// selfTimedBackend's calls report their own run time (7μs), as a compiled
// program in another process does, while each run takes real time too.
type selfTimedBackend struct{}

func (selfTimedBackend) Name() string                    { return "fake" }
func (selfTimedBackend) Compile(string) (Program, error) { return selfTimedProgram{}, nil }

type selfTimedProgram struct{}

func (selfTimedProgram) Run(string, []values.Value) ([]values.Value, error) { return nil, nil }

func (selfTimedProgram) Prepare(string, []values.Value) (Call, error) { return &selfTimedCall{}, nil }

type selfTimedCall struct{}

func (*selfTimedCall) Run() error { return nil }

func (*selfTimedCall) RunTimed() (time.Duration, error) {
	time.Sleep(time.Millisecond)
	return 7 * time.Microsecond, nil
}

func (*selfTimedCall) Results() ([]values.Value, error) {
	return []values.Value{values.Scalar(prim.FloatValue(prim.F64, 1))}, nil
}

func TestSelfTimedCallsReportTheirOwnTimes(t *testing.T) {
	mods := map[string]*Module{"m": {Name: "m", Source: []byte("entry f (x: f64) = x\n"), Functions: map[string]Function{
		"f": {
			Entry:  "f",
			Input:  func(json.RawMessage) ([]values.Value, error) { return nil, nil },
			Output: func(vs []values.Value) ([]byte, error) { return []byte("1"), nil },
		},
	}}}
	in := strings.Join([]string{
		`{"id": 0, "kind": "define", "module": "m"}`,
		`{"id": 1, "kind": "evaluate", "module": "m", "function": "f", "input": {"min_runs": 3}}`,
	}, "\n")
	var out bytes.Buffer
	if err := Serve(strings.NewReader(in), &out, io.Discard, Options{Backend: selfTimedBackend{}, Modules: mods}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var resp struct {
		Timings []struct {
			Name        string `json:"name"`
			Nanoseconds int64  `json:"nanoseconds"`
		} `json:"timings"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &resp); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, tm := range resp.Timings {
		if tm.Name == "evaluate" {
			n++
			if tm.Nanoseconds != 7000 {
				t.Errorf("evaluate timing %dns, want the call's own 7000ns", tm.Nanoseconds)
			}
		}
	}
	if n != 3 {
		t.Errorf("%d evaluate timings, want 3: %s", n, lines[len(lines)-1])
	}
}

// repeatedBackend's calls run themselves back to back (RepeatedCall):
// each run reports 2ms; min_runs and min_seconds are passed through.
type repeatedBackend struct{ got *[2]float64 }

func (repeatedBackend) Name() string                      { return "fake" }
func (b repeatedBackend) Compile(string) (Program, error) { return repeatedProgram(b), nil }

type repeatedProgram repeatedBackend

func (repeatedProgram) Run(string, []values.Value) ([]values.Value, error) { return nil, nil }

func (p repeatedProgram) Prepare(string, []values.Value) (Call, error) {
	return repeatedCall(p), nil
}

type repeatedCall repeatedBackend

func (repeatedCall) Run() error { return errors.New("Run called instead of RunRepeated") }

func (c repeatedCall) RunRepeated(minRuns int64, minTotal time.Duration) ([]time.Duration, error) {
	c.got[0], c.got[1] = float64(minRuns), minTotal.Seconds()
	n := max(minRuns, int64(minTotal/(2*time.Millisecond)))
	ds := make([]time.Duration, n)
	for i := range ds {
		ds[i] = 2 * time.Millisecond
	}
	return ds, nil
}

func (repeatedCall) Results() ([]values.Value, error) {
	return []values.Value{values.Scalar(prim.FloatValue(prim.F64, 1))}, nil
}

func TestRepeatedCallsRunBackToBack(t *testing.T) {
	mods := map[string]*Module{"m": {Name: "m", Source: []byte("entry f (x: f64) = x\n"), Functions: map[string]Function{
		"f": {
			Entry:  "f",
			Input:  func(json.RawMessage) ([]values.Value, error) { return nil, nil },
			Output: func(vs []values.Value) ([]byte, error) { return []byte("1"), nil },
		},
	}}}
	for _, c := range []struct {
		input string
		runs  int
		args  [2]float64
	}{
		{`{"min_runs": 3}`, 3, [2]float64{3, 0}},
		{`{"min_runs": 2, "min_seconds": 0.01}`, 5, [2]float64{2, 0.01}},
	} {
		var got [2]float64
		in := `{"id": 0, "kind": "define", "module": "m"}` + "\n" +
			`{"id": 1, "kind": "evaluate", "module": "m", "function": "f", "input": ` + c.input + `}`
		var out bytes.Buffer
		if err := Serve(strings.NewReader(in), &out, io.Discard, Options{Backend: repeatedBackend{&got}, Modules: mods}); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if n := strings.Count(lines[len(lines)-1], `"evaluate"`); n != c.runs {
			t.Errorf("%s: %d evaluate timings, want %d: %s", c.input, n, c.runs, lines[len(lines)-1])
		}
		if got != c.args {
			t.Errorf("%s: RunRepeated(%v, %vs), want %v", c.input, got[0], got[1], c.args)
		}
	}
	if d := secondsDuration(1e300); d != math.MaxInt64 {
		t.Errorf("secondsDuration(1e300) = %v, want the largest Duration", d)
	}
	if d := secondsDuration(0.25); d != 250*time.Millisecond {
		t.Errorf("secondsDuration(0.25) = %v", d)
	}
}
