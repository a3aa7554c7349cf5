package gradbench

import (
	"bytes"
	"encoding/json"
	"io"
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
