package main

import (
	"bytes"
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/bench/oracle"
	"github.com/fluxion-lang/fluxion/internal/gradbench"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

const root = "../../.."

func progPath(module string) string { return filepath.Join(root, "bench", module, module+".fut") }

// sameValues compares results elementwise: integers exactly, floats to
// a relative tolerance above magnitude 1.
func sameValues(t *testing.T, what string, got, want []values.Value, tol float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d results, want %d", what, len(got), len(want))
	}
	for r := range want {
		g, w := got[r], want[r]
		if g.TypeString() != w.TypeString() || values.ShapeString(g.Shape()) != values.ShapeString(w.Shape()) {
			t.Fatalf("%s result %d: %s%s, want %s%s", what, r, values.ShapeString(g.Shape()), g.TypeString(), values.ShapeString(w.Shape()), w.TypeString())
		}
		bad := 0
		for i := range w.Len() {
			gv, wv := g.Get(i), w.Get(i)
			if w.Elem() != prim.F64 {
				if gv.Int() != wv.Int() {
					bad++
				}
				continue
			}
			a, b := gv.Float(), wv.Float()
			if math.Abs(a-b) > tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b))) {
				if bad < 3 {
					t.Errorf("%s result %d element %d = %.17g, want %.17g", what, r, i, a, b)
				}
				bad++
			}
		}
		if bad > 0 {
			t.Errorf("%s result %d: %d elements differ", what, r, bad)
		}
	}
}

// TestAgainstPrograms runs every entry point on generated inputs through
// the tuned kernels and through the Fluxion program itself (interpreter,
// derivatives by Fluxion's AD), which checks both the layouts of arguments
// and results and the values.
func TestAgainstPrograms(t *testing.T) {
	htSimple := oracle.GenHT(40, 9, 12, false)
	htSimple.Model.Mirrored = true
	cases := []struct {
		module string
		args   []values.Value
	}{
		{"lse", []values.Value{f64Array(oracle.GenLSE(37), 37)}},
		{"llsq", []values.Value{f64Array(oracle.GenLLSQ(7), 7), i64Value(23)}},
		{"ode", []values.Value{f64Array(oracle.GenODE(9), 9), i64Value(3)}},
		{"det", []values.Value{i64Value(4), f64Array(oracle.GenDet(4), 16)}},
		{"kmeans", oracle.GenKMeans(6, 50, 3).Args()},
		{"gmm", oracle.GenGMM(6, 3, 9).Args()},
		{"lstm", oracle.GenLSTM(2, 3, 6).Args()},
		{"ba", oracle.GenBAVaried(3, 5, 11).Args()},
		{"ht", htSimple.Args()},
		{"ht", oracle.GenHT(40, 9, 12, true).Args()},
	}
	for _, c := range cases {
		want, err := gradbench.Interpreter{}.Compile(progPath(c.module))
		if err != nil {
			t.Fatalf("%s: %v", c.module, err)
		}
		got, err := backend{}.Compile(progPath(c.module))
		if err != nil {
			t.Fatalf("%s: %v", c.module, err)
		}
		for entry := range kernels[c.module] {
			name := c.module + "." + entry
			t.Run(name, func(t *testing.T) {
				w, err := want.Run(entry, c.args)
				if err != nil {
					t.Fatalf("program: %v", err)
				}
				g, err := got.Run(entry, c.args)
				if err != nil {
					t.Fatalf("tuned: %v", err)
				}
				sameValues(t, name, g, w, 1e-10)
			})
		}
	}
}

func i64Value(x int64) values.Value { return values.Scalar(prim.IntValue(prim.I64, x)) }

// TestRepeatedRuns checks that a prepared call gives the same results on
// every run: kernels reuse their outputs and work memory.
func TestRepeatedRuns(t *testing.T) {
	p, err := backend{}.Compile(progPath("gmm"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := p.(program).Prepare("jacobian", oracle.GenGMM(5, 4, 20).Args())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Results(); err == nil {
		t.Error("results before the first run did not fail")
	}
	var first []values.Value
	for i := range 3 {
		if err := c.Run(); err != nil {
			t.Fatal(err)
		}
		res, err := c.Results()
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = res
			continue
		}
		for r := range res {
			if !values.Identical(res[r], first[r]) {
				t.Errorf("run %d: result %d differs from the first run's", i, r)
			}
		}
	}
}

// TestBadArguments checks that inconsistent arguments are errors that name
// the offending argument, never panics.
func TestBadArguments(t *testing.T) {
	ba := oracle.GenBAVaried(2, 3, 4).Args()
	badObs := append([]values.Value(nil), ba...)
	badObs[3] = i32Array([]int32{0, 0, 5, 0, 0, 0, 0, 0}, 4, 2)
	ht := oracle.GenHT(10, 4, 5, true).Args()
	badTri := append([]values.Value(nil), ht...)
	badTri[5] = i32Array([]int32{0, 1, 2, 0, 1, 2, 0, 1, 10, 0, 1, 2}, 4, 3)
	gmm := oracle.GenGMM(3, 2, 4).Args()
	badL := append([]values.Value(nil), gmm...)
	badL[3] = f64Array(make([]float64, 4), 2, 2)
	cases := []struct {
		module, entry string
		args          []values.Value
		want          string
	}{
		{"lse", "primal", []values.Value{f64Array(nil, 0)}, "non-empty"},
		{"lse", "primal", []values.Value{i64Value(3)}, "argument 1 (x): expected []f64, got i64"},
		{"lse", "primal", []values.Value{f64Array([]float64{1}, 1), i64Value(3)}, "2 arguments, expected 1"},
		{"llsq", "gradient", []values.Value{f64Array([]float64{1}, 1), i64Value(1)}, "n must be at least 2"},
		{"det", "primal", []values.Value{i64Value(3), f64Array(make([]float64, 8), 8)}, "ell²"},
		{"kmeans", "dir", []values.Value{f64Array(make([]float64, 4), 2, 2), f64Array(make([]float64, 3), 1, 3)}, "centroids has shape [1 3]"},
		{"gmm", "objective", badL, "l has shape [2 2], expected [2 3]"},
		{"gmm", "objective", gmm[:6], "missing argument 7 (m)"},
		{"ba", "jacobian", badObs, "observation 1 = (5, 0) is out of range"},
		{"ht", "objective", badTri, "triangles[8] = 10 is out of range"},
		{"lstm", "objective", oracle.GenLSTM(1, 2, 1).Args(), "at least 2 steps"},
	}
	for _, c := range cases {
		p, err := backend{}.Compile(progPath(c.module))
		if err != nil {
			t.Fatal(err)
		}
		_, err = p.Run(c.entry, c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s.%s: error %v, want one containing %q", c.module, c.entry, err, c.want)
		}
	}
	if _, err := (backend{}).Compile("x/particle.fut"); err == nil {
		t.Error("a module without kernels compiled")
	}
}

// TestSession serves a short GradBench session, GradBench's own lse and
// det test vectors, through the protocol.
func TestSession(t *testing.T) {
	in := strings.Join([]string{
		`{"id": 0, "kind": "start", "eval": "lse"}`,
		`{"id": 1, "kind": "define", "module": "lse"}`,
		`{"id": 2, "kind": "evaluate", "module": "lse", "function": "gradient", "input": {"x": [1.0, 2.0, 3.0], "min_runs": 3}}`,
		`{"id": 3, "kind": "define", "module": "det"}`,
		`{"id": 4, "kind": "evaluate", "module": "det", "function": "primal", "input": {"A": [2.0, 1.0, 0.0, 1.0, 3.0, 1.0, 0.0, 1.0, 4.0], "ell": 3}}`,
		`{"id": 5, "kind": "define", "module": "particle"}`,
	}, "\n")
	var out, log bytes.Buffer
	opts := gradbench.Options{Root: root, Backend: backend{}, Tool: "fluxion-tuned-go", Modules: modules()}
	if err := gradbench.Serve(strings.NewReader(in), &out, &log, opts); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d responses:\n%s", len(lines), out.String())
	}
	var r struct {
		Success bool
		Output  json.RawMessage
		Timings []struct{ Name string }
	}
	for i, want := range map[int][]float64{2: {0.09003057317038046, 0.24472847105479764, 0.6652409557748218}, 4: {18}} {
		if err := json.Unmarshal([]byte(lines[i]), &r); err != nil {
			t.Fatal(err)
		}
		var got []float64
		out := string(r.Output)
		if !strings.HasPrefix(out, "[") {
			out = "[" + out + "]" // det's primal is a bare number
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil || !r.Success || len(got) != len(want) {
			t.Fatalf("response %d = %s, want output %v", i, lines[i], want)
		}
		for j := range want {
			if math.Abs(got[j]-want[j]) > 1e-15 {
				t.Errorf("response %d output[%d] = %v, want %v", i, j, got[j], want[j])
			}
		}
	}
	if err := json.Unmarshal([]byte(lines[2]), &r); err != nil || len(r.Timings) != 4 {
		t.Errorf("lse gradient: want prepare and 3 evaluate timings, got %s", lines[2])
	}
	if !strings.Contains(lines[5], `"success":false`) || !strings.Contains(lines[5], "no program for module particle") {
		t.Errorf("define particle = %s, want a failure", lines[5])
	}
}
