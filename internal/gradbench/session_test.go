package gradbench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/values"
)

// root is the source tree holding bench/, relative to this package.
const root = "../.."

// serve runs a whole session on input and returns the response lines.
func serve(t *testing.T, opts Options, input string) []string {
	t.Helper()
	if opts.Root == "" {
		opts.Root = root
	}
	var out, log bytes.Buffer
	if err := Serve(strings.NewReader(input), &out, &log, opts); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	text := out.String()
	if text != "" && !strings.HasSuffix(text, "\n") {
		t.Fatalf("output does not end in a newline: %q", text)
	}
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n")
}

// decode parses one JSON line keeping numbers exact.
func decode(t *testing.T, line string) any {
	t.Helper()
	d := json.NewDecoder(strings.NewReader(line))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("invalid JSON %q: %v", trunc(line), err)
	}
	if d.More() {
		t.Fatalf("more than one JSON value on the line %q", trunc(line))
	}
	return v
}

func trunc(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}

// checkProtocol checks the rules the intermediary enforces (§1.3) on the
// response line to a message of the given kind and id.
func checkProtocol(t *testing.T, kind string, id any, line string) map[string]any {
	t.Helper()
	if strings.ContainsAny(line, "\n\r") {
		t.Fatalf("response spans lines: %q", trunc(line))
	}
	obj, ok := decode(t, line).(map[string]any)
	if !ok {
		t.Fatalf("response is not an object: %s", trunc(line))
	}
	if fmt.Sprint(obj["id"]) != fmt.Sprint(id) {
		t.Errorf("response id %v, message id %v", obj["id"], id)
	}
	if tool, ok := obj["tool"]; ok {
		if _, isStr := tool.(string); !isStr {
			t.Errorf("tool is not a string: %v", tool)
		}
	}
	if kind == "define" || kind == "evaluate" {
		succ, ok := obj["success"].(bool)
		if !ok {
			t.Fatalf("%s response without a boolean success: %s", kind, trunc(line))
		}
		if _, hasErr := obj["error"]; succ && hasErr {
			t.Errorf("success together with an error: %s", trunc(line))
		}
		if !succ {
			if _, isStr := obj["error"].(string); !isStr {
				t.Errorf("failure without an error string: %s", trunc(line))
			}
		}
		if _, hasOut := obj["output"]; kind == "evaluate" && succ && !hasOut {
			t.Errorf("successful evaluate without output: %s", trunc(line))
		}
	}
	if ts, ok := obj["timings"]; ok {
		list, ok := ts.([]any)
		if !ok {
			t.Fatalf("timings is not a list: %v", ts)
		}
		for _, x := range list {
			tm, _ := x.(map[string]any)
			if _, ok := tm["name"].(string); !ok {
				t.Errorf("timing without a name: %v", x)
			}
			ns, ok := tm["nanoseconds"].(json.Number)
			if !ok || strings.ContainsAny(string(ns), ".eE-") {
				t.Errorf("nanoseconds must be a non-negative integer literal: %v", tm["nanoseconds"])
			} else if n, _ := ns.Int64(); n <= 0 && tm["name"] == "evaluate" {
				t.Errorf("evaluate timing not positive: %v", ns)
			}
		}
	}
	return obj
}

// match compares a response with its expected form: numbers within a
// tolerance relative to max(1, |a|+|e|) as GradBench's check, "error" strings by substring, and "timings" by the
// count of each name.
func match(path string, want, got any, tol float64, errs *[]string) {
	if len(*errs) > 10 {
		return
	}
	fail := func(format string, args ...any) {
		*errs = append(*errs, path+": "+fmt.Sprintf(format, args...))
	}
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			fail("want an object, got %v", got)
			return
		}
		for k := range g {
			if _, ok := w[k]; !ok {
				fail("unexpected key %q", k)
			}
		}
		for k, wv := range w {
			gv, ok := g[k]
			if !ok {
				fail("missing key %q", k)
				continue
			}
			switch k {
			case "timings":
				if c1, c2 := timingCounts(wv), timingCounts(gv); c1 != c2 {
					fail("timings %s, want %s", c2, c1)
				}
			case "error":
				ws, _ := wv.(string)
				gs, ok := gv.(string)
				if !ok || !strings.Contains(gs, ws) {
					fail("error %q does not contain %q", gv, ws)
				}
			default:
				match(path+"."+k, wv, gv, tol, errs)
			}
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			fail("want a list of %d, got %v", len(w), got)
			return
		}
		for i := range w {
			match(fmt.Sprintf("%s[%d]", path, i), w[i], g[i], tol, errs)
		}
	case json.Number:
		g, ok := got.(json.Number)
		if !ok {
			fail("want a number, got %v", got)
			return
		}
		if isInt(w) && isInt(g) {
			if w != g {
				fail("got %s, want %s", g, w)
			}
			return
		}
		if isInt(w) != isInt(g) && strings.Contains(path, "repeated") {
			fail("got %s, want the integer %s", g, w)
			return
		}
		wf, _ := w.Float64()
		gf, _ := g.Float64()
		if math.Abs(wf-gf) > tol*math.Max(1, math.Abs(wf)+math.Abs(gf)) {
			fail("got %s, want %s", g, w)
		}
	default:
		if fmt.Sprint(want) != fmt.Sprint(got) {
			fail("got %v, want %v", got, want)
		}
	}
}

func isInt(n json.Number) bool { return !strings.ContainsAny(string(n), ".eE") }

// timingCounts summarises a timings list as sorted "name×count" entries.
func timingCounts(v any) string {
	counts := map[string]int{}
	list, _ := v.([]any)
	for _, x := range list {
		tm, _ := x.(map[string]any)
		name, _ := tm["name"].(string)
		counts[name]++
	}
	var parts []string
	for n, c := range counts {
		parts = append(parts, fmt.Sprintf("%s×%d", n, c))
	}
	sort.Strings(parts)
	return strings.Join(parts, " ")
}

// replay feeds a recorded session's messages to Serve and compares every
// response. Sessions are JSON lines in the layout of GradBench's log
// (`gradbench run -o`): {"message": …} lines, each followed by its
// {"response": …}.
func replay(t *testing.T, file string) {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var msgs, wants []map[string]any
	var input strings.Builder
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		entry, ok := decode(t, line).(map[string]any)
		if !ok {
			t.Fatalf("line %d: not an object", i+1)
		}
		if m, ok := entry["message"].(map[string]any); ok {
			if len(msgs) != len(wants) {
				t.Fatalf("line %d: message without a response before it", i+1)
			}
			if m["kind"] == "define" {
				mod, _ := m["module"].(string)
				if reg := Registry()[mod]; reg != nil && reg.Source == nil && !isFile(filepath.Join(root, reg.Path)) {
					t.Skipf("module %s has no program yet", mod)
				}
			}
			msgs = append(msgs, m)
			raw, _ := json.Marshal(m)
			input.Write(raw)
			input.WriteByte('\n')
		} else if r, ok := entry["response"].(map[string]any); ok {
			wants = append(wants, r)
		} else {
			t.Fatalf("line %d: neither message nor response", i+1)
		}
	}
	if len(msgs) != len(wants) {
		t.Fatalf("%d messages but %d responses", len(msgs), len(wants))
	}
	got := serve(t, Options{}, input.String())
	if len(got) != len(msgs) {
		t.Fatalf("%d responses to %d messages", len(got), len(msgs))
	}
	for i, m := range msgs {
		kind, _ := m["kind"].(string)
		obj := checkProtocol(t, kind, m["id"], got[i])
		var errs []string
		match("response", wants[i], obj, 1e-9, &errs)
		if len(errs) > 0 {
			t.Errorf("message %v (%s %v %v):\n  %s", m["id"], kind, m["module"], m["function"], strings.Join(errs, "\n  "))
		}
	}
}

// slowSessions take seconds in the interpreter (nested AD through solver loops).
var slowSessions = map[string]bool{"particle": true, "saddle": true}

func TestReplay(t *testing.T) {
	files, err := filepath.Glob("testdata/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no sessions in testdata: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".jsonl")
		t.Run(name, func(t *testing.T) {
			if testing.Short() && slowSessions[name] {
				t.Skip("slow in the interpreter")
			}
			t.Parallel()
			replay(t, f)
		})
	}
}

// TestReaderLongLines checks lines far beyond bufio.Scanner's default limit
// and a final line without its newline.
func TestReaderLongLines(t *testing.T) {
	var in strings.Builder
	in.WriteString(`{"id":0,"kind":"start"}` + "\n" + `{"id":1,"kind":"define","module":"hello"}` + "\n")
	in.WriteString(`{"id":2,"kind":"evaluate","module":"hello","function":"square","input":3.0,"description":"` + strings.Repeat("x", 300000) + `"}`)
	got := serve(t, Options{}, in.String())
	if len(got) != 3 {
		t.Fatalf("got %d responses, want 3: %q", len(got), got)
	}
	obj := checkProtocol(t, "evaluate", 2, got[2])
	if obj["success"] != true || fmt.Sprint(obj["output"]) != "9" {
		t.Errorf("square(3) response %s", got[2])
	}
}

// TestInputsWritten: with Options.Inputs, every evaluate's converted
// arguments are written to a file named after the module, the entry
// point and the description, which reads back to the same values; a
// directory that cannot be written fails the evaluate, with the reason.
func TestInputsWritten(t *testing.T) {
	dir := t.TempDir()
	lines := serve(t, Options{Backend: Interpreter{}, Inputs: dir}, `{"id": 0, "kind": "start", "eval": "lse"}
{"id": 1, "kind": "define", "module": "lse"}
{"id": 2, "kind": "evaluate", "module": "lse", "function": "primal", "input": {"x": [1.0, 2.5, -3.0]}, "description": "n=3 (a test)"}
{"id": 3, "kind": "evaluate", "module": "lse", "function": "gradient", "input": {"x": [0.5]}}`)
	if len(lines) != 4 {
		t.Fatalf("%d responses: %q", len(lines), lines)
	}
	for _, c := range []struct {
		file  string
		input string
		fn    string
	}{
		{"lse-primal-n=3__a_test_.in", `{"x": [1.0, 2.5, -3.0]}`, "primal"},
		{"lse-gradient-3.in", `{"x": [0.5]}`, "gradient"},
	} {
		data, err := os.ReadFile(filepath.Join(dir, c.file))
		if err != nil {
			entries, _ := os.ReadDir(dir)
			t.Fatalf("%v (the directory holds %v)", err, entries)
		}
		got, err := values.ReadAll(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		want, err := Registry()["lse"].Functions[c.fn].Input(json.RawMessage(c.input))
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s holds %v, want %v", c.file, got, want)
		}
	}
	lines = serve(t, Options{Backend: Interpreter{}, Inputs: filepath.Join(dir, "missing", "dir")}, `{"id": 0, "kind": "start", "eval": "lse"}
{"id": 1, "kind": "define", "module": "lse"}
{"id": 2, "kind": "evaluate", "module": "lse", "function": "primal", "input": {"x": [1.0]}}`)
	if r := checkProtocol(t, "evaluate", json.Number("2"), lines[2]); r["success"] != false || !strings.Contains(fmt.Sprint(r["error"]), "writing the input") {
		t.Errorf("evaluate with an unwritable directory: %s", lines[2])
	}
}
