package gradbench

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// exchange is one message line and what its response must show.
type exchange struct {
	line    string
	id      any    // the id the response must carry
	kind    string // for the protocol check
	success any    // true, false or nil (no success field)
	errPart string // a substring of the error, when success is false
}

// run serves the exchanges as one session and checks each response; the
// session continuing after each bad message is part of the check.
func runExchanges(t *testing.T, opts Options, exs []exchange) []map[string]any {
	t.Helper()
	var in strings.Builder
	for _, e := range exs {
		in.WriteString(e.line + "\n")
	}
	got := serve(t, opts, in.String())
	if len(got) != len(exs) {
		t.Fatalf("%d responses to %d messages:\n%s", len(got), len(exs), strings.Join(got, "\n"))
	}
	objs := make([]map[string]any, len(exs))
	for i, e := range exs {
		obj := checkProtocol(t, e.kind, e.id, got[i])
		objs[i] = obj
		if obj["success"] != e.success {
			t.Errorf("%s: success %v, want %v (%s)", trunc(e.line), obj["success"], e.success, trunc(got[i]))
			continue
		}
		if e.success == false {
			msg, _ := obj["error"].(string)
			if !strings.Contains(msg, e.errPart) {
				t.Errorf("%s: error %q does not mention %q", trunc(e.line), msg, e.errPart)
			}
		}
		if e.success == nil && len(obj) != 1 && e.kind != "start" {
			t.Errorf("%s: want just the id, got %s", trunc(e.line), got[i])
		}
	}
	return objs
}

func TestMalformedMessages(t *testing.T) {
	const lseInput = `"input":{"x":[1.0,2.0,3.0],"min_runs":1,"min_seconds":0}`
	exs := []exchange{
		{`this is not JSON`, nil, "", false, "malformed message"},
		{`{"id": 7, "kind": "define", "module": ["hello"]}`, 7, "define", false, "malformed message"},
		{`{"id":0,"kind":"start","eval":"lse"}`, 0, "start", nil, ""},
		{`{"id":1,"kind":"frobnicate"}`, 1, "", nil, ""},
		{`{"id":2,"kind":"define","module":"nosuchmodule"}`, 2, "define", false, "no program for module nosuchmodule"},
		{`{"id":3,"kind":"evaluate","module":"lse","function":"primal",` + lseInput + `}`, 3, "evaluate", false, "module lse has not been defined"},
		{`{"id":4,"kind":"define","module":"lse"}`, 4, "define", true, ""},
		{`{"id":5,"kind":"evaluate","module":"lse","function":"hessian",` + lseInput + `}`, 5, "evaluate", false, `no function "hessian"`},
		{`{"id":6,"kind":"evaluate","module":"lse","function":"primal","input":{"x":[[1.0],[2.0]],"min_runs":1,"min_seconds":0}}`, 6, "evaluate", false, "input"},
		{`{"id":8,"kind":"evaluate","module":"lse","function":"primal","input":[1.0,2.0]}`, 8, "evaluate", false, "expected a JSON object"},
		{`{"id":9,"kind":"evaluate","module":"lse","function":"primal","input":{"y":[1.0]}}`, 9, "evaluate", false, "x must be a non-empty list"},
		{`{"id":10,"kind":"evaluate","module":"lse","function":"primal","input":{"x":[1.0],"min_runs":0}}`, 10, "evaluate", false, "min_runs"},
		{`{"id":11,"kind":"evaluate","module":"lse","function":"primal","input":{"x":[1.0],"min_runs":1,"min_seconds":"soon"}}`, 11, "evaluate", false, "min_seconds"},
		{`{"id":12,"kind":"evaluate","module":"lse","function":"primal"}`, 12, "evaluate", false, "missing input"},
		{`{"id":13,"kind":"analysis","of":12,"valid":false,"error":"bad"}`, 13, "analysis", nil, ""},
		{`{"id":15,"kind":"evaluate","module":"kmeans","function":"cost","input":{"points":[[1.0]],"centroids":[[1.0]]}}`, 15, "evaluate", false, "module kmeans has not been defined"},
		{`{"id":16,"kind":"define","module":"kmeans"}`, 16, "define", true, ""},
		{`{"id":17,"kind":"evaluate","module":"kmeans","function":"cost","input":{"points":[[1.0,2.0],[3.0]],"centroids":[[1.0,2.0]],"min_runs":1,"min_seconds":0}}`, 17, "evaluate", false, "points[1] has 1 elements, expected 2"},
		{`{"id":18,"kind":"evaluate","module":"kmeans","function":"cost","input":{"points":[[1.0,2.0]],"centroids":[[1.0,2.0,3.0]],"min_runs":1,"min_seconds":0}}`, 18, "evaluate", false, "centroids[0] has 3 elements, expected 2"},
		{`{"id":19,"kind":"define","module":"gmm"}`, 19, "define", true, ""},
		{`{"id":20,"kind":"evaluate","module":"gmm","function":"objective","input":{"d":2,"k":1,"n":1,"m":0,"gamma":1.0,"x":[[0.5,-1.0]],"alpha":[0.1],"mu":[[0.0,0.5]],"q":[[0.2,-0.1]],"l":[[0.4,0.1]],"min_runs":1,"min_seconds":0}}`, 20, "evaluate", false, "l[0] has 2 elements, expected 1"},
		{`{"id":21,"kind":"evaluate","module":"gmm","function":"objective","input":{"d":2,"k":1,"n":1,"m":0,"x":[[0.5,-1.0]],"alpha":[0.1],"mu":[[0.0,0.5]],"q":[[0.2,-0.1]],"l":[[0.4]],"min_runs":1,"min_seconds":0}}`, 21, "evaluate", false, "missing m or gamma"},
		{`{"id":22,"kind":"evaluate","module":"gmm","function":"objective","input":{"d":2,"k":1,"n":1,"m":1.5,"gamma":1.0,"x":[[0.5,-1.0]],"alpha":[0.1],"mu":[[0.0,0.5]],"q":[[0.2,-0.1]],"l":[[0.4]],"min_runs":1,"min_seconds":0}}`, 22, "evaluate", false, "input"},
		{`{"id":24,"kind":"define","module":"hello"}`, 24, "define", true, ""},
		{`{"id":25,"kind":"evaluate","module":"hello","function":"square","input":null}`, 25, "evaluate", false, "expected a number"},
		{`{"id":26,"kind":"evaluate","module":"hello","function":"square","input":"3"}`, 26, "evaluate", false, "expected a number"},
		{`{"id":"x-27","kind":"evaluate","module":"hello","function":"square","input":-2}`, "x-27", "evaluate", true, ""},
		{`{"id":28,"kind":"evaluate","module":"ba","function":"objective","input":{"n":2}}`, 28, "evaluate", false, "module ba has not been defined"},
		{`{"id":29,"kind":"define","module":"ba"}`, 29, "define", true, ""},
		{`{"id":30,"kind":"evaluate","module":"ba","function":"objective","input":{"n":2,"m":2,"p":1,"cam":[1,2,3,4,5,6,7,8,9,10,11],"x":[1,2,3],"w":null,"feat":[1,2]}}`, 30, "evaluate", false, "missing n, m, p or w"},
		{`{"id":14,"kind":"evaluate","module":"lse","function":"primal",` + lseInput + `}`, 14, "evaluate", true, ""},
		{`{"id":23,"kind":"evaluate","module":"lse","function":"primal","input":{"x":[1.0,2.0,3.0]}}`, 23, "evaluate", true, ""},
	}
	objs := runExchanges(t, Options{}, exs)
	for _, i := range []int{len(exs) - 2, len(exs) - 1} {
		if fmt.Sprint(objs[i]["output"]) != "3.4076059644443806" {
			t.Errorf("lse after the errors: output %v", objs[i]["output"])
		}
	}
	if n := len(objs[len(objs)-1]["timings"].([]any)); n != 2 {
		t.Errorf("without min_runs: %d timings, want prepare and one evaluate", n)
	}
}

func TestBlankLinesAndEOF(t *testing.T) {
	got := serve(t, Options{}, "\n  \n"+`{"id":0,"kind":"start"}`+"\n\n"+`{"id":1,"kind":"analysis","of":0,"valid":true}`)
	if len(got) != 2 || got[0] != `{"id":0,"tool":"fluxion","config":{"backend":"interpreter"}}` || got[1] != `{"id":1}` {
		t.Errorf("responses %q", got)
	}
	if got := serve(t, Options{}, ""); len(got) != 1 || got[0] != "" {
		t.Errorf("empty input gave %q", got)
	}
}

func TestMissingProgram(t *testing.T) {
	dir := t.TempDir()
	runExchanges(t, Options{Root: dir}, []exchange{
		{`{"id":0,"kind":"define","module":"ht"}`, 0, "define", false, "module ht has no Fluxion program yet"},
		{`{"id":1,"kind":"define","module":"hello"}`, 1, "define", true, ""},
	})
}

func TestAbsolutePath(t *testing.T) {
	mods := Registry()
	abs, err := filepath.Abs(filepath.Join(root, mods["lse"].Path))
	if err != nil {
		t.Fatal(err)
	}
	mods["lse"].Path = abs
	runExchanges(t, Options{Root: t.TempDir(), Modules: mods}, []exchange{
		{`{"id":0,"kind":"define","module":"lse"}`, 0, "define", true, ""},
		{`{"id":1,"kind":"define","module":"gmm"}`, 1, "define", false, "no Fluxion program yet"},
	})
}

func TestCompileError(t *testing.T) {
	mods := Registry()
	mods["hello"].Source = []byte("entry square (x: f64) : f64 = x * y\n")
	runExchanges(t, Options{Modules: mods}, []exchange{
		{`{"id":0,"kind":"define","module":"hello"}`, 0, "define", false, "module hello does not compile"},
		{`{"id":1,"kind":"evaluate","module":"hello","function":"square","input":2.0}`, 1, "evaluate", false, "module hello has not been defined"},
	})
}

func TestMinSeconds(t *testing.T) {
	const minSeconds = 0.05
	objs := runExchanges(t, Options{}, []exchange{
		{`{"id":0,"kind":"define","module":"lse"}`, 0, "define", true, ""},
		{fmt.Sprintf(`{"id":1,"kind":"evaluate","module":"lse","function":"gradient","input":{"x":[1.0,2.0,3.0],"min_runs":2,"min_seconds":%v}}`, minSeconds), 1, "evaluate", true, ""},
	})
	var total float64
	runs := 0
	for _, x := range objs[1]["timings"].([]any) {
		tm := x.(map[string]any)
		if tm["name"] == "evaluate" {
			ns, _ := tm["nanoseconds"].(interface{ Float64() (float64, error) }).Float64()
			total += ns / 1e9
			runs++
		}
	}
	if runs < 2 || total < minSeconds {
		t.Errorf("%d runs totalling %.3fs, want at least 2 runs and %gs", runs, total, minSeconds)
	}
}

// fakeBackend serves programs whose entry points are Go functions, to
// test conversions independently of the Fluxion programs.
type fakeBackend struct {
	entries map[string]func([]values.Value) ([]values.Value, error)
	calls   map[string][]values.Value
}

func (fakeBackend) Name() string { return "fake" }

func (b fakeBackend) Compile(string) (Program, error) { return b, nil }

func (b fakeBackend) Run(entry string, args []values.Value) ([]values.Value, error) {
	f, ok := b.entries[entry]
	if !ok {
		return nil, fmt.Errorf("no entry point %q", entry)
	}
	b.calls[entry] = args
	return f(args)
}

func fakeOptions(entries map[string]func([]values.Value) ([]values.Value, error)) (Options, fakeBackend) {
	b := fakeBackend{entries: entries, calls: map[string][]values.Value{}}
	mods := Registry()
	for _, m := range mods {
		m.Source = []byte("fake")
	}
	return Options{Backend: b, Modules: mods}, b
}

func f64Array(t *testing.T, data []float64, shape ...int64) values.Value {
	t.Helper()
	v, err := values.FromData(prim.F64, shape, data)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestProgramFailures(t *testing.T) {
	opts, _ := fakeOptions(map[string]func([]values.Value) ([]values.Value, error){
		"primal": func([]values.Value) ([]values.Value, error) {
			return []values.Value{f64(math.NaN())}, nil
		},
		"gradient": func([]values.Value) ([]values.Value, error) {
			return nil, errors.New("out of memory")
		},
		"cost": func([]values.Value) ([]values.Value, error) { panic("index out of range") },
		"dir": func([]values.Value) ([]values.Value, error) {
			return []values.Value{f64Array(t, []float64{1, 2}, 2)}, nil
		},
	})
	runExchanges(t, opts, []exchange{
		{`{"id":0,"kind":"define","module":"lse"}`, 0, "define", true, ""},
		{`{"id":1,"kind":"evaluate","module":"lse","function":"primal","input":{"x":[1.0]}}`, 1, "evaluate", false, "not finite"},
		{`{"id":2,"kind":"evaluate","module":"lse","function":"gradient","input":{"x":[1.0]}}`, 2, "evaluate", false, "out of memory"},
		{`{"id":3,"kind":"define","module":"kmeans"}`, 3, "define", true, ""},
		{`{"id":4,"kind":"evaluate","module":"kmeans","function":"cost","input":{"points":[[1.0]],"centroids":[[1.0]]}}`, 4, "evaluate", false, "internal error"},
		{`{"id":5,"kind":"evaluate","module":"kmeans","function":"dir","input":{"points":[[1.0]],"centroids":[[1.0]]}}`, 5, "evaluate", false, "expected a [k][d] result"},
		{`{"id":6,"kind":"define","module":"det"}`, 6, "define", true, ""},
		{`{"id":7,"kind":"evaluate","module":"det","function":"primal","input":{"A":[1.0,2.0,3.0],"ell":2}}`, 7, "evaluate", false, "A has 3 elements, expected 4"},
	})
}

// The timed loop must not include argument conversion: a program that
// sleeps in Prepare but not in Run reports short evaluate timings.
type slowPrepare struct{ fakeBackend }

func (s slowPrepare) Compile(string) (Program, error) { return s, nil }

func (s slowPrepare) Prepare(entry string, args []values.Value) (Call, error) {
	time.Sleep(30 * time.Millisecond)
	return &plainCall{p: s.fakeBackend, entry: entry, args: args}, nil
}

func TestPrepareNotTimed(t *testing.T) {
	opts, fb := fakeOptions(map[string]func([]values.Value) ([]values.Value, error){
		"square": func(a []values.Value) ([]values.Value, error) {
			x := a[0].F64()[0]
			return []values.Value{f64(x * x)}, nil
		},
	})
	opts.Backend = slowPrepare{fb}
	objs := runExchanges(t, opts, []exchange{
		{`{"id":0,"kind":"define","module":"hello"}`, 0, "define", true, ""},
		{`{"id":1,"kind":"evaluate","module":"hello","function":"square","input":3}`, 1, "evaluate", true, ""},
	})
	if fmt.Sprint(objs[1]["output"]) != "9" {
		t.Errorf("square(3) = %v", objs[1]["output"])
	}
	for _, x := range objs[1]["timings"].([]any) {
		tm := x.(map[string]any)
		ns, _ := tm["nanoseconds"].(interface{ Int64() (int64, error) }).Int64()
		if tm["name"] == "evaluate" && ns >= int64(30*time.Millisecond) {
			t.Errorf("evaluate timing %dns includes the preparation", ns)
		}
		if tm["name"] == "prepare" && ns < int64(30*time.Millisecond) {
			t.Errorf("prepare timing %dns misses the preparation", ns)
		}
	}
}

// closingBackend counts the programs it compiles and those closed.
type closingBackend struct {
	fakeBackend
	open *int
}

type closingProgram struct {
	fakeBackend
	open *int
}

func (p closingProgram) Close() error { *p.open--; return nil }

func (b closingBackend) Compile(string) (Program, error) {
	*b.open++
	return closingProgram{b.fakeBackend, b.open}, nil
}

func TestProgramsClosed(t *testing.T) {
	opts, fb := fakeOptions(map[string]entryFn{})
	open := 0
	opts.Backend = closingBackend{fb, &open}
	in := `{"id":0,"kind":"define","module":"lse"}` + "\n" + `{"id":1,"kind":"define","module":"lse"}` + "\n" +
		`{"id":2,"kind":"define","module":"gmm"}` + "\n"
	var out strings.Builder
	if err := Serve(strings.NewReader(in), &out, nil, opts); err != nil {
		t.Fatal(err)
	}
	if open != 0 {
		t.Errorf("%d programs left open after the session", open)
	}
	if n := strings.Count(out.String(), `"success":true`); n != 3 {
		t.Errorf("%d successful defines, want 3:\n%s", n, out.String())
	}
}
