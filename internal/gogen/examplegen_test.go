package gogen

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// TestExample generates the godoc example of packages for calls whose
// results the interpreter computes (every kind of value, a failure, names
// that need care) and runs them with go test, which compares what the
// generated code prints with the Output comments.
func TestExample(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated packages; skipped in -short mode")
	}
	cases := []struct {
		name, src, entry, args string
		shared                 bool
	}{
		{name: "dot", src: `entry dot [n] (xs: [n]f64) (ys: [n]f64) : f64 = f64.sum (map2 (*) xs ys)`,
			entry: "dot", args: "[1.0, 2.0, 3.0] [4.0, 5.0, 6.0]"},
		{name: "kinds", src: `entry main (a: [][]i8) (b: bool) (h: f16) (hs: []f16) (u: u8) (f: []f32) (g: f64) : ([][]i8, bool, f16, []f16, u8, []f32, f64, []u64) =
  (map (map (+ 1)) a, !b, h * 2, map (+ 1) hs, u + 1, map (* 2) f, g / 0, [1, 2])`,
			entry: "main", args: "[[1i8, -2i8], [3i8, 4i8]] true 1.5f16 [0.25f16, f16.nan] 255u8 [f32.inf, -0.0f32, 0.1f32] 1.0"},
		{name: "record result", src: `entry loss [n] (ps: [n](f64, f64)) : {loss: f64, grad: [n]f64} = {loss = f64.sum (map (.0) ps), grad = map (.1) ps}`,
			entry: "loss", args: "[1.0, 2.0] [3.0, 4.0]", shared: true},
		{name: "failure", src: `entry at (xs: []i64) (i: i64) : i64 = xs[i]`,
			entry: "at", args: "[1i64, 2i64] 5i64"},
		{name: "names", src: `entry f (fmt: i32) (err: i32) (math: f64) : i32 = fmt + err + i32.f64 math`,
			entry: "f", args: "1 2 3.5"},
		{name: "no arguments", src: `entry pi : f64 = 3.25`, entry: "pi"},
		// The compiled sum adds in four lanes and the interpreter in one:
		// their last bits differ, which the printed results do not show.
		{name: "float sums", src: `entry s (xs: []f64) (ys: [][]f32) : (f64, []f32) = (f64.sum (map (\x -> f64.sin x * x) xs), map f32.sum ys)`,
			entry: "s", args: "[0.3, 1.5, 0.7, 2.0, 0.9] [[0.3f32, 1.5f32, 0.7f32, 2.0f32, 0.9f32, 0.1f32]]"},
		{name: "f16 result names", src: `entry f (fs: []f16) (k: f16) : {h: []f16, fs: f16} = {h = map (+ k) fs, fs = k}`,
			entry: "f", args: "[1f16, 2f16] 0.5f16"},
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name string, src []byte) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", []byte("module exampletest\n\ngo 1.26\n\nrequire github.com/fluxion-lang/fluxion v0.0.0\n\nreplace github.com/fluxion-lang/fluxion => "+strconv.Quote(root)+"\n"))
	for i, c := range cases {
		p, err := pipeline.CompileSource("t.fut", []byte(c.src), nil, pipeline.Options{Verify: true})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		args, err := values.ParseText(c.args)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		ip, err := interp.Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		ex := &Example{Entry: c.entry, Args: args}
		iargs, err := interp.FromValues(args)
		if err != nil {
			t.Fatal(err)
		}
		res, err := ip.Run(c.entry, iargs)
		if err != nil {
			ex.Failure = err.Error()
		} else {
			ex.Results = interp.ToValues(res)
		}
		pkg := fmt.Sprintf("e%d", i)
		files, err := GenerateWith(p, pkg, Options{Example: ex, SharedRuntime: c.shared})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !strings.Contains(string(files["example_test.go"]), "// Output:") {
			t.Errorf("%s: the example has no Output comment:\n%s", c.name, files["example_test.go"])
		}
		for name, src := range files {
			write(filepath.Join(pkg, name), src)
		}
	}
	cmd := exec.Command("go", "test", "./...")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go test of the examples: %v\n%s", err, out)
	}
	vet := exec.Command("go", "vet", "./...")
	vet.Dir = dir
	if out, err := vet.CombinedOutput(); err != nil {
		t.Errorf("go vet: %v\n%s", err, out)
	}
}

// TestExampleErrors checks that calls that do not fit the entry point are
// errors.
func TestExampleErrors(t *testing.T) {
	p, err := pipeline.CompileSource("t.fut", []byte(`entry f (x: i32) : i32 = x`), nil, pipeline.Options{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	i32, _ := values.ParseText("1")
	f64, _ := values.ParseText("1.0")
	for _, ex := range []*Example{
		{Entry: "g", Args: i32},
		{Entry: "f"},
		{Entry: "f", Args: f64},
		{Entry: "f", Args: i32, Results: append(i32, i32...)},
	} {
		if _, err := GenerateWith(p, "p", Options{Example: ex}); err == nil {
			t.Errorf("example %+v was accepted", ex)
		}
	}
}
