package benchrun

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestWriteJSONShape(t *testing.T) {
	clock := newFakeClock()
	be := &fakeBackend{programs: map[string]*fakeProgram{"p.fut": {clock: clock, entries: map[string]*fakeEntry{
		"main":  {durations: us(9, 10, 20), results: "1i32"},
		"total": {durations: us(3), results: "5i32"},
	}}}}
	dir := writeFiles(t, map[string]string{"p.fut": `-- ==
-- "fast" input { 1i32 }
-- ==
-- entry: total
-- input { [1.0f64, 2.0f64, 3.0f64] 2.0f64 } output { 5i32 }
-- "wrong" input { 1i32 } output { 6i32 }
`})
	rep, err := Run(Options{Backend: be, Runs: 2, Clock: clock}, []string{dir + "/p.fut"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := rep.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var got map[string]map[string]map[string]any
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatalf("invalid JSON: %v\n%s", err, buf.String())
	}
	prog := dir + "/p.fut"
	want := map[string]map[string]map[string]any{
		prog: {"datasets": {
			"fast": map[string]any{"runtimes": []any{10.0, 20.0}, "bytes": map[string]any{}},
		}},
		prog + ":total": {"datasets": {
			`#0 ("[1.0f64, 2.0f64, 3.0f64] 2.0f64")`: map[string]any{"runtimes": []any{3.0, 3.0}, "bytes": map[string]any{}},
			"wrong":                                  "invalid result:\n  Value #0: expected 6i32, got 5i32",
		}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("JSON\n%#v\nwant\n%#v\ntext:\n%s", got, want, buf.String())
	}
	// Keys keep the report's order, so the text is reproducible.
	text := buf.String()
	order := []string{`"` + prog + `"`, `"fast"`, `"` + prog + `:total"`, `"#0 (`, `"wrong"`}
	last := -1
	for _, k := range order {
		i := strings.Index(text, k)
		if i <= last {
			t.Errorf("key %s out of order in\n%s", k, text)
		}
		last = i
	}
	var again bytes.Buffer
	if err := rep.WriteJSON(&again); err != nil || again.String() != text {
		t.Errorf("second write differs:\n%s", again.String())
	}
}

func TestWriteJSONText(t *testing.T) {
	tests := []struct {
		rep  Report
		want string
	}{
		{Report{}, "{}\n"},
		{Report{Benchmarks: []*Benchmark{{Key: "a.fut"}}}, "{\n  \"a.fut\": {\n    \"datasets\": {}\n  }\n}\n"},
		{Report{Benchmarks: []*Benchmark{
			{Key: "a.fut", Datasets: []*Dataset{{Name: "x", Runtimes: []int64{1, 22}}, {Name: "empty"}}},
			{Key: "a.fut:g", Datasets: []*Dataset{{Name: `"q" <&>`, Err: "bad\n\t\"thing\""}}},
		}}, `{
  "a.fut": {
    "datasets": {
      "x": {
        "runtimes": [1, 22],
        "bytes": {}
      },
      "empty": {
        "runtimes": [],
        "bytes": {}
      }
    }
  },
  "a.fut:g": {
    "datasets": {
      "\"q\" <&>": "bad\n\t\"thing\""
    }
  }
}
`},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := tt.rep.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
		if buf.String() != tt.want {
			t.Errorf("got\n%s\nwant\n%s", buf.String(), tt.want)
		}
		if !json.Valid(buf.Bytes()) {
			t.Errorf("invalid JSON:\n%s", buf.String())
		}
	}
}

func TestWriteJSONReportsWriteErrors(t *testing.T) {
	rep := Report{Benchmarks: []*Benchmark{{Key: "a.fut", Datasets: []*Dataset{{Name: "x", Runtimes: []int64{1}}}}}}
	if err := rep.WriteJSON(failingWriter{}); err == nil {
		t.Error("no error from a failing writer")
	}
}
