package gradbench

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/bench/oracle"
)

// evalCase is one evaluate message and the output expected for it.
type evalCase struct {
	fn    string
	input map[string]any
	want  any
	tol   float64
}

// rows reshapes flat row-major data into rows of width cols.
func rows(flat []float64, cols int) [][]float64 {
	out := [][]float64{}
	for i := 0; i < len(flat); i += cols {
		out = append(out, flat[i:i+cols])
	}
	return out
}

// runModule defines module and evaluates every case in one session,
// comparing outputs (decoded from JSON, so nesting counts) with the
// independently computed expectations.
func runModule(t *testing.T, opts Options, module string, cases []evalCase) {
	t.Helper()
	if reg := Registry()[module]; opts.Backend == nil && !isFile(filepath.Join(root, reg.Path)) {
		t.Skipf("module %s has no program yet", module)
	}
	var in strings.Builder
	fmt.Fprintf(&in, `{"id":0,"kind":"define","module":%q}`+"\n", module)
	for i, c := range cases {
		c.input["min_runs"], c.input["min_seconds"] = 1, 0
		msg := map[string]any{"id": i + 1, "kind": "evaluate", "module": module, "function": c.fn, "input": c.input}
		line, err := json.Marshal(msg)
		if err != nil {
			t.Fatal(err)
		}
		in.Write(line)
		in.WriteByte('\n')
	}
	got := serve(t, opts, in.String())
	if len(got) != len(cases)+1 {
		t.Fatalf("%d responses to %d messages", len(got), len(cases)+1)
	}
	if obj := checkProtocol(t, "define", 0, got[0]); obj["success"] != true {
		t.Fatalf("define %s: %s", module, got[0])
	}
	for i, c := range cases {
		obj := checkProtocol(t, "evaluate", i+1, got[i+1])
		if obj["success"] != true {
			t.Errorf("%s.%s: %s", module, c.fn, trunc(got[i+1]))
			continue
		}
		// Round-trip the expectation through JSON so both sides have the same types.
		raw, err := json.Marshal(c.want)
		if err != nil {
			t.Fatal(err)
		}
		var errs []string
		match("output", decode(t, string(raw)), obj["output"], c.tol, &errs)
		if len(errs) > 0 {
			t.Errorf("%s.%s:\n  %s", module, c.fn, strings.Join(errs, "\n  "))
		}
	}
}

func TestOracleLSE(t *testing.T) {
	// 20000 numbers make an input line far longer than 64 KiB.
	x := oracle.GenLSE(20000)
	runModule(t, Options{}, "lse", []evalCase{
		{"primal", map[string]any{"x": x}, oracle.LSE(x), 1e-10},
		{"gradient", map[string]any{"x": x}, oracle.LSEGrad(x), 1e-10},
	})
}

func TestOracleKMeans(t *testing.T) {
	in := oracle.GenKMeans(5, 60, 3)
	input := map[string]any{"points": rows(in.Points, in.D), "centroids": rows(in.Centroids, in.D)}
	runModule(t, Options{}, "kmeans", []evalCase{
		{"cost", input, oracle.KMeansCost(in), 1e-10},
		{"dir", input, rows(oracle.KMeansDir(in), in.D), 1e-10},
	})
}

func TestOracleGMM(t *testing.T) {
	in := oracle.GenGMM(3, 4, 10)
	t3 := in.D * (in.D - 1) / 2
	input := map[string]any{"d": in.D, "k": in.K, "n": in.N, "m": in.M, "gamma": in.Gamma,
		"x": rows(in.X, in.D), "alpha": in.Alpha, "mu": rows(in.Mu, in.D), "q": rows(in.Q, in.D), "l": rows(in.L, t3)}
	g := oracle.GMMGradient(in)
	runModule(t, Options{}, "gmm", []evalCase{
		{"objective", input, oracle.GMMObjective(in), 1e-10},
		{"jacobian", input, map[string]any{"alpha": g.Alpha, "mu": rows(g.Mu, in.D), "q": rows(g.Q, in.D), "l": rows(g.L, t3)}, 1e-9},
	})
}

func TestOracleLLSQ(t *testing.T) {
	x := oracle.GenLLSQ(8)
	input := map[string]any{"x": x, "n": 33}
	runModule(t, Options{}, "llsq", []evalCase{
		{"primal", input, oracle.LLSQPrimal(x, 33), 1e-10},
		{"gradient", input, oracle.LLSQGradient(x, 33), 1e-10},
	})
}

func TestOracleODE(t *testing.T) {
	x := oracle.GenODE(12)
	input := map[string]any{"x": x, "s": 5}
	runModule(t, Options{}, "ode", []evalCase{
		{"primal", input, oracle.ODEPrimal(x, 5), 1e-10},
		{"gradient", input, oracle.ODEGradient(x, 5), 1e-10},
	})
}

func TestOracleDet(t *testing.T) {
	// ell = 7 decodes three digits of each choice before the 4x4 minor.
	var cases []evalCase
	for _, ell := range []int{5, 7} {
		a := oracle.GenDet(ell)
		input := map[string]any{"A": a, "ell": ell}
		cases = append(cases,
			evalCase{"primal", input, oracle.Det(a, ell), 1e-10},
			evalCase{"gradient", input, oracle.DetGradient(a, ell), 1e-10})
	}
	runModule(t, Options{}, "det", cases)
}

func TestOracleLSTM(t *testing.T) {
	in := oracle.GenLSTM(2, 3, 6)
	input := map[string]any{"main_params": rows(in.Main, 4*in.B), "extra_params": rows(in.Extra, in.B),
		"state": rows(in.State, in.B), "sequence": rows(in.Seq, in.B)}
	runModule(t, Options{}, "lstm", []evalCase{
		{"objective", input, oracle.LSTMObjective(in), 1e-10},
		{"jacobian", input, oracle.LSTMGradient(in), 1e-10},
	})
}

func TestSpecLSTM(t *testing.T) {
	input := map[string]any{
		"main_params":  [][]float64{{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8}, {0.9, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7}},
		"extra_params": [][]float64{{0.5, 0.6}, {0.7, 0.8}, {0.1, 0.2}},
		"state":        [][]float64{{0.3, 0.4}, {0.5, 0.6}},
		"sequence":     [][]float64{{1, 0}, {0, 1}, {1, 1}},
	}
	runModule(t, Options{}, "lstm", []evalCase{{"objective", input, 0.8628377633812927, 1e-12}})
}

// baInput returns the compressed JSON input of a ba workload.
func baJSON(c oracle.BACompressed) map[string]any {
	return map[string]any{"n": c.N, "m": c.M, "p": c.P, "cam": c.Cam[:], "x": c.X[:], "w": c.W, "feat": c.Feat[:]}
}

// baExpected is the eval's abbreviated output, from the oracle's full results.
func baExpected(c oracle.BACompressed) (objective, jacobian map[string]any) {
	full := c.Expand()
	reproj, werr := oracle.BAObjective(full)
	objective = map[string]any{
		"reproj_error": map[string]any{"elements": reproj[:2], "repeated": c.P},
		"w_err":        map[string]any{"element": werr[0], "repeated": c.P},
	}
	r, cl, v := oracle.BAJacobian(full)
	jacobian = map[string]any{"rows": headAndLast(r), "cols": headAndLast(cl), "vals": headAndLast(v)}
	return objective, jacobian
}

func TestOracleBA(t *testing.T) {
	c := oracle.GenBA(3, 5, 12)
	obj, jac := baExpected(c)
	// The oracle's Jacobian values are finite differences.
	runModule(t, Options{}, "ba", []evalCase{
		{"objective", baJSON(c), obj, 1e-10},
		{"jacobian", baJSON(c), jac, 1e-6},
	})
}

func TestSpecBA(t *testing.T) {
	if testing.Short() {
		t.Skip("full-size ba1 problem")
	}
	c := oracle.GenBA(49, 7776, 31843)
	obj := map[string]any{
		"reproj_error": map[string]any{"elements": []float64{0.10133583791450886, -0.06896776592424401}, "repeated": 31843},
		"w_err":        map[string]any{"element": 0.826092651516, "repeated": 31843},
	}
	runModule(t, Options{}, "ba", []evalCase{{"objective", baJSON(c), obj, 1e-9}})
}

// htJSON is the eval's JSON form of a hand-tracking problem.
func htJSON(in oracle.HTInput) map[string]any {
	m := in.Model
	mats := func(ms [][16]float64) [][][]float64 {
		out := [][][]float64{}
		for _, x := range ms {
			out = append(out, rows(x[:], 4))
		}
		return out
	}
	names := make([]string, m.B)
	for i := range names {
		names[i] = fmt.Sprint("bone", i)
	}
	us := [][]float64{}
	if len(in.Us) > 0 {
		us = rows(in.Us, 2)
	}
	return map[string]any{
		"theta": in.Theta[:],
		"data": map[string]any{
			"model": map[string]any{"bone_count": m.B, "bone_names": names, "parents": m.Parents,
				"base_relatives": mats(m.BaseRel), "inverse_base_absolutes": mats(m.InvAbs),
				"base_positions": rows(m.BasePos, 4), "weights": rows(m.Weights, m.B),
				"triangles": m.Triangles, "is_mirrored": m.Mirrored},
			"correspondences": in.Corr,
			"points":          rows(in.Points, 3),
		},
		"us": us,
	}
}

func TestOracleHT(t *testing.T) {
	for _, complicated := range []bool{false, true} {
		t.Run(fmt.Sprint("complicated=", complicated), func(t *testing.T) {
			in := oracle.GenHT(12, 5, 4, complicated)
			in.Model.Mirrored = !complicated
			jac, nc := oracle.HTJacobian(in)
			// The oracle's θ columns are finite differences.
			runModule(t, Options{}, "ht", []evalCase{
				{"objective", htJSON(in), oracle.HTObjective(in), 1e-10},
				{"jacobian", htJSON(in), rows(jac, nc), 1e-6},
			})
		})
	}
}

// htSpecJSON is GRADBENCH.md §2.4's synthetic test problem in the eval's JSON form.
func htSpecJSON(complicated bool) map[string]any {
	ident := func(x, y, z float64) [][]float64 {
		return [][]float64{{1, 0, 0, x}, {0, 1, 0, y}, {0, 0, 1, z}, {0, 0, 0, 1}}
	}
	var rel, inv [][][]float64
	for b := range 22 {
		rel = append(rel, ident(0.1*float64(b%3), 0.2, -0.1))
		inv = append(inv, ident(-0.05, 0, 0.1))
	}
	weights := make([][]float64, 3)
	for v := range weights {
		weights[v] = make([]float64, 22)
	}
	weights[0][4], weights[1][8], weights[1][6], weights[2][12], weights[2][0] = 1, 0.75, 0.25, 0.5, 0.5
	theta := []float64{0.1, -0.2, 0.3, 0.5, 0.6, 0.7}
	for i := range 20 {
		theta = append(theta, 0.05*float64(i+1))
	}
	corr, us := []int{0, 2}, [][]float64{}
	if complicated {
		corr, us = []int{0, 0}, [][]float64{{0.2, 0.3}, {0.6, 0.1}}
	}
	return map[string]any{
		"theta": theta,
		"data": map[string]any{
			"model": map[string]any{"bone_count": 22, "bone_names": make([]string, 22),
				"parents":        []int{-1, 0, 1, 2, 3, 0, 5, 6, 7, 0, 9, 10, 11, 0, 13, 14, 15, 0, 17, 18, 19, 0},
				"base_relatives": rel, "inverse_base_absolutes": inv,
				"base_positions": [][]float64{{0.3, 0.5, -0.2, 1}, {-0.4, 0.1, 0.6, 1}, {0.2, -0.3, 0.4, 1}},
				"weights":        weights, "triangles": [][]int{{0, 1, 2}}, "is_mirrored": false},
			"correspondences": corr,
			"points":          [][]float64{{1, 1, 1}, {0.5, 0, -0.5}},
		},
		"us": us,
	}
}

// TestSpecHT checks the spec's objectives and Jacobian rows 0, which pin
// down the orientation of every matrix the conversion builds.
func TestSpecHT(t *testing.T) {
	simple := []float64{0.3866462668113232, -1.2753753126129936, 0.41458210554132435,
		-0.1957280111027777, -0.9765822142596956, -1.2324610492575743}
	complicated := []float64{0.4281798680354564, -0.24389653259878186, 0.2354472186898472,
		-0.1104924365025125, -1.7583766394944833, -1.1647352773823545}
	runModule(t, Options{}, "ht", []evalCase{
		{"objective", htSpecJSON(false), simple, 1e-12},
		{"objective", htSpecJSON(true), complicated, 1e-12},
	})
	rows0 := map[bool][]float64{
		false: append([]float64{0.190518913858, 0.17884487293, 1.65471085292, -1, 0, 0, 0.184099506486,
			0.967054346561, 0.111646490114, 0.049663087892}, make([]float64, 16)...),
		true: append([]float64{0.082374277914, 0.358110078518, 0.057482157829, -0.03805748147, 0.642399346549,
			-1, 0, 0, 0.036819901297, 0.193410869312, 0.022329298023, 0.009932617578, -0.091436147878,
			-0.059988585724, -0.075478755531, -0.080607331146, 0.032910202032, 0.049802554003,
			0.022273572587, 0.034007916615}, make([]float64, 8)...),
	}
	for _, c := range []bool{false, true} {
		line, _ := json.Marshal(map[string]any{"id": 1, "kind": "evaluate", "module": "ht", "function": "jacobian",
			"input": htSpecJSON(c)})
		got := serve(t, Options{}, `{"id":0,"kind":"define","module":"ht"}`+"\n"+string(line)+"\n")
		obj := checkProtocol(t, "evaluate", 1, got[1])
		jac, ok := obj["output"].([]any)
		if !ok || len(jac) != 6 {
			t.Fatalf("complicated=%v: jacobian %s", c, trunc(got[1]))
		}
		var errs []string
		// The spec prints 12 significant digits.
		match("row0", decode(t, mustJSON(t, rows0[c])), jac[0], 1e-11, &errs)
		if len(errs) > 0 {
			t.Errorf("complicated=%v:\n  %s", c, strings.Join(errs, "\n  "))
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
