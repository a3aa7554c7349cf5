package gobuild

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

const testProgram = `
entry dot [n] (xs: [n]f64) (ys: [n]f64) : f64 = f64.sum (map2 (*) xs ys)
entry grad [n] (xs: [n]f64) (ys: [n]f64) : [n]f64 = vjp (\v -> f64.sum (map2 (*) v ys)) xs 1.0
entry div (x: i32) (y: i32) : i32 = x / y
entry pair (x: i64) : (i64, [2]i64) = (x + 1, [x, x * 2])
`

func f64s(xs ...float64) values.Value {
	v := values.NewArray(prim.F64, []int64{int64(len(xs))})
	for i, x := range xs {
		v.Set(i, prim.FloatValue(prim.F64, x))
	}
	return v
}

func TestBuildAndCall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program")
	}
	prog, err := pipeline.CompileSource("t.fut", []byte(testProgram), nil, pipeline.Options{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	cache := t.TempDir()
	exe, err := Build(prog, Options{CacheDir: cache, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if exe.Cached {
		t.Errorf("first build reported as cached")
	}
	again, err := Build(prog, Options{CacheDir: cache, Version: "test"})
	if err != nil || !again.Cached || again.Path != exe.Path {
		t.Errorf("second build should come from the cache: %+v %v", again, err)
	}
	p, err := exe.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()

	xs, ys := f64s(1, 2, 3), f64s(4, 5, 6)
	res, times, err := p.Call("dot", 3, []values.Value{xs, ys})
	if err != nil {
		t.Fatal(err)
	}
	if len(times) != 3 || len(res) != 1 || res[0].String() != "32f64" {
		t.Errorf("dot: results %v, times %v", res, times)
	}
	res, _, err = p.Call("grad", 1, []values.Value{xs, ys})
	if err != nil || len(res) != 1 || res[0].String() != "[4f64, 5f64, 6f64]" {
		t.Errorf("grad: %v %v", res, err)
	}
	res, _, err = p.Call("pair", 1, []values.Value{values.Scalar(prim.IntValue(prim.I64, 5))})
	if err != nil || len(res) != 2 || res[0].String() != "6i64" || res[1].String() != "[5i64, 10i64]" {
		t.Errorf("pair: %v %v", res, err)
	}

	// A run-time failure is a RunError with the source position.
	_, _, err = p.Call("div", 1, []values.Value{values.Scalar(prim.IntValue(prim.I32, 1)), values.Scalar(prim.IntValue(prim.I32, 0))})
	var re *RunError
	if !errors.As(err, &re) || !strings.Contains(re.Msg, "t.fut:4:") || !strings.Contains(re.Msg, "division by zero") {
		t.Errorf("div by zero: %v", err)
	}
	// Wrong arguments are an InputError, and the process keeps serving.
	_, _, err = p.Call("dot", 1, []values.Value{xs})
	var ie *InputError
	if !errors.As(err, &ie) || !ie.BadArguments() {
		t.Errorf("missing argument: %v", err)
	}
	_, _, err = p.Call("nosuch", 1, nil)
	if !errors.As(err, &ie) || !strings.Contains(ie.Msg, "no entry point") {
		t.Errorf("unknown entry: %v", err)
	}
	// Load, Run and Results time repeated runs on bound arguments.
	if err := p.Load("dot", []values.Value{xs, ys}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if _, err := p.Run(); err != nil {
			t.Fatal(err)
		}
	}
	res, err = p.Results()
	if err != nil || len(res) != 1 || res[0].String() != "32f64" {
		t.Errorf("results after run: %v %v", res, err)
	}
}

func TestWritePackage(t *testing.T) {
	prog, err := pipeline.CompileSource("t.fut", []byte(testProgram), nil, pipeline.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "dotprod")
	if err := WritePackage(prog, dir, "dotprod"); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(dir, "dotprod.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"package dotprod", "func Dot(", "func Grad("} {
		if !strings.Contains(string(src), want) {
			t.Errorf("generated package lacks %q", want)
		}
	}
}
