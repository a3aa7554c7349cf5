package gradbench

import (
	"fmt"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

type entryFn = func([]values.Value) ([]values.Value, error)

func constant(vs ...values.Value) entryFn {
	return func([]values.Value) ([]values.Value, error) { return vs, nil }
}

// TestNestedADOutputs checks particle's bare number (from a scalar or a
// one-element array, as GradBench's Futhark programs return) and saddle's
// flattened rows, with programs replaced by fixed results.
func TestNestedADOutputs(t *testing.T) {
	opts, fb := fakeOptions(map[string]entryFn{
		"rr": constant(f64Array(t, []float64{0.2071918746486116}, 1)),
		"ff": constant(f64(0.20719187464861194)),
		"fr": constant(f64Array(t, []float64{1, 2}, 2)),
	})
	objs := runExchanges(t, opts, []exchange{
		{`{"id":0,"kind":"define","module":"particle"}`, 0, "define", true, ""},
		{`{"id":1,"kind":"evaluate","module":"particle","function":"rr","input":{"w":0.0,"min_runs":1,"min_seconds":0}}`, 1, "evaluate", true, ""},
		{`{"id":2,"kind":"evaluate","module":"particle","function":"ff","input":{"w":0.5,"min_runs":1,"min_seconds":0}}`, 2, "evaluate", true, ""},
		{`{"id":3,"kind":"evaluate","module":"particle","function":"fr","input":{"w":0.0,"min_runs":1,"min_seconds":0}}`, 3, "evaluate", false, "expected one number"},
		{`{"id":4,"kind":"evaluate","module":"particle","function":"rf","input":{"w":0.0}}`, 4, "evaluate", false, `no entry point "rf"`},
		{`{"id":5,"kind":"evaluate","module":"particle","function":"rr","input":{"v":0.0}}`, 5, "evaluate", false, "missing w"},
	})
	if fmt.Sprint(objs[1]["output"]) != "0.2071918746486116" || fmt.Sprint(objs[2]["output"]) != "0.20719187464861194" {
		t.Errorf("particle outputs %v, %v", objs[1]["output"], objs[2]["output"])
	}
	if w := fb.calls["ff"]; len(w) != 1 || !w[0].IsScalar() || w[0].F64()[0] != 0.5 {
		t.Errorf("particle argument %v", w)
	}

	r := 8.246324826140356e-06
	opts, fb = fakeOptions(map[string]entryFn{
		"rr": constant(f64Array(t, []float64{r, r, r, r}, 2, 2)),
		"ff": constant(f64Array(t, []float64{r, r, r}, 3)),
	})
	objs = runExchanges(t, opts, []exchange{
		{`{"id":0,"kind":"define","module":"saddle"}`, 0, "define", true, ""},
		{`{"id":1,"kind":"evaluate","module":"saddle","function":"rr","input":{"start":[1.0,1.0],"min_runs":1,"min_seconds":0}}`, 1, "evaluate", true, ""},
		{`{"id":2,"kind":"evaluate","module":"saddle","function":"ff","input":{"start":[1.0,1.0],"min_runs":1,"min_seconds":0}}`, 2, "evaluate", false, "expected 4 numbers"},
		{`{"id":3,"kind":"evaluate","module":"saddle","function":"rr","input":{"start":[1.0,1.0,1.0]}}`, 3, "evaluate", false, "start has 3 elements, expected 2"},
	})
	if got := fmt.Sprint(objs[1]["output"]); got != fmt.Sprint([]any{r, r, r, r}) {
		t.Errorf("saddle output %s", got)
	}
	if s := fb.calls["rr"]; len(s) != 1 || fmt.Sprint(s[0].Shape()) != "[2]" {
		t.Errorf("saddle argument %v", s)
	}
}

// TestBAConversion checks the expansion of the compressed input and the
// abbreviation of the CSR arrays, including a p too small for 30 entries.
func TestBAConversion(t *testing.T) {
	i32s := func(xs ...int32) values.Value {
		v, err := values.FromData(prim.I32, []int64{int64(len(xs))}, xs)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	cols := make([]int32, 40)
	vals := make([]float64, 40)
	for i := range cols {
		cols[i], vals[i] = int32(i), float64(i)/2
	}
	opts, fb := fakeOptions(map[string]entryFn{
		"objective": constant(f64Array(t, []float64{1.5, -2, 3, 4}, 2, 2), f64Array(t, []float64{0.25, 0.5}, 2)),
		"jacobian":  constant(i32s(0, 15, 30, 31), i32s(cols...), f64Array(t, vals, 40)),
	})
	input := `{"n":2,"m":3,"p":5,"cam":[0,1,2,3,4,5,6,7,8,9,10],"x":[1,2,3],"w":0.5,"feat":[7,8],"min_runs":1,"min_seconds":0}`
	objs := runExchanges(t, opts, []exchange{
		{`{"id":0,"kind":"define","module":"ba"}`, 0, "define", true, ""},
		{`{"id":1,"kind":"evaluate","module":"ba","function":"objective","input":` + input + `}`, 1, "evaluate", true, ""},
		{`{"id":2,"kind":"evaluate","module":"ba","function":"jacobian","input":` + input + `}`, 2, "evaluate", true, ""},
		{`{"id":3,"kind":"evaluate","module":"ba","function":"jacobian","input":{"n":2,"m":3,"p":5,"cam":[0,1],"x":[1,2,3],"w":0.5,"feat":[7,8]}}`, 3, "evaluate", false, "cam, x and feat"},
		{`{"id":4,"kind":"evaluate","module":"ba","function":"jacobian","input":{"n":0,"m":3,"p":5,"cam":[0,1,2,3,4,5,6,7,8,9,10],"x":[1,2,3],"w":0.5,"feat":[7,8]}}`, 4, "evaluate", false, "out of range"},
	})
	var errs []string
	match("objective", decode(t, `{"reproj_error":{"elements":[1.5,-2],"repeated":2},"w_err":{"element":0.25,"repeated":2}}`), objs[1]["output"], 0, &errs)
	wantCols, wantVals := "[0", "[0"
	for i := 1; i < 30; i++ {
		wantCols += fmt.Sprintf(",%d", i)
		wantVals += fmt.Sprintf(",%g", float64(i)/2)
	}
	match("jacobian", decode(t, `{"rows":[0,15,30,31,31],"cols":`+wantCols+`,39],"vals":`+wantVals+`,19.5]}`), objs[2]["output"], 0, &errs)
	for _, e := range errs {
		t.Error(e)
	}
	args := fb.calls["jacobian"]
	if len(args) != 5 {
		t.Fatalf("jacobian got %d arguments", len(args))
	}
	want := []string{"[2 11]", "[3 3]", "[5]", "[5 2]", "[5 2]"}
	for i, a := range args {
		if fmt.Sprint(a.Shape()) != want[i] {
			t.Errorf("argument %d has shape %v, want %s", i, a.Shape(), want[i])
		}
	}
	if got := fmt.Sprint(args[3].I32()); got != "[0 0 1 1 0 2 1 0 0 1]" {
		t.Errorf("obs = %s, want (i mod n, i mod m) pairs", got)
	}
	if got := fmt.Sprint(args[0].F64()[11:14]); got != "[0 1 2]" {
		t.Errorf("second camera starts %s", got)
	}
}

// TestHTConversion checks the transposes of the Futhark tool's layout with
// a stand-in program, so it holds whatever the real program computes.
func TestHTConversion(t *testing.T) {
	jac := make([]float64, 6*28)
	for r := range 6 {
		for c := range 28 {
			jac[r*28+c] = float64(100*r + c)
		}
	}
	opts, fb := fakeOptions(map[string]entryFn{
		"objective": constant(f64Array(t, []float64{1, 2, 3, 4, 5, 6}, 2, 3)),
		"jacobian":  constant(f64Array(t, jac, 6, 28)),
	})
	in := mustJSON(t, htSpecJSON(true))
	objs := runExchanges(t, opts, []exchange{
		{`{"id":0,"kind":"define","module":"ht"}`, 0, "define", true, ""},
		{`{"id":1,"kind":"evaluate","module":"ht","function":"objective","input":` + in + `}`, 1, "evaluate", true, ""},
		{`{"id":2,"kind":"evaluate","module":"ht","function":"jacobian","input":` + in + `}`, 2, "evaluate", true, ""},
	})
	if got := fmt.Sprint(objs[1]["output"]); got != "[1 2 3 4 5 6]" {
		t.Errorf("objective output %s", got)
	}
	rowsOut := objs[2]["output"].([]any)
	if len(rowsOut) != 6 || len(rowsOut[0].([]any)) != 28 || fmt.Sprint(rowsOut[2].([]any)[27]) != "227" {
		t.Errorf("jacobian output is not 6 rows of 28: %v", trunc(fmt.Sprint(rowsOut)))
	}
	a := fb.calls["jacobian"]
	if len(a) != 11 {
		t.Fatalf("%d arguments, want 11", len(a))
	}
	want := []string{"[22]", "[22 4 4]", "[22 4 4]", "[22 3]", "[4 3]", "[1 3]", "[]", "[2]", "[3 2]", "[26]", "[4]"}
	for i, v := range a {
		if fmt.Sprint(v.Shape()) != want[i] {
			t.Errorf("argument %d has shape %v, want %s", i, v.Shape(), want[i])
		}
	}
	// Transposed weights: bone 12's row holds vertex 2's weight 0.5.
	if w := a[3].F64(); w[12*3+2] != 0.5 || w[4*3+0] != 1 {
		t.Errorf("weights not transposed: %v", w)
	}
	// base_relatives stay row-major: the translation is in column 3.
	if r := a[1].F64(); r[16*1+3] != 0.1 || r[16*1+7] != 0.2 {
		t.Errorf("base_relatives[1] = %v", r[16:32])
	}
	if p := a[8].F64(); fmt.Sprint(p) != "[1 0.5 1 0 1 -0.5]" {
		t.Errorf("points not transposed: %v", p)
	}
	if u := a[10].F64(); fmt.Sprint(u) != "[0.2 0.3 0.6 0.1]" {
		t.Errorf("us not flattened: %v", u)
	}
	if !a[6].IsScalar() || a[6].Elem() != prim.Bool {
		t.Errorf("is_mirrored is %s", a[6].TypeString())
	}
}
