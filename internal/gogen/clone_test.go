package gogen

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/pipeline"
)

// Generated entry points copy an array argument on entry only if the
// function may update its storage in place (ir.ConsumedParams): the
// caller's array must never change, even for a unique (*) parameter, and
// an argument that is only read is not copied.
func TestArgumentsAreNotModified(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go module")
	}
	const src = `
entry upd [n] (xs: *[n]f64) = xs with [0] = 9
entry via_loop [n] (xs: *[n]f64) = loop ys = xs for i < n do ys with [i] = ys[i] * 2
entry via_scatter [n] (xs: *[n]f64) = scatter xs [0, 2] [5, 6]
entry via_hist [n] (xs: *[n]f64) = reduce_by_index xs (+) 0 [0, 1, 1] [1, 2, 3]
entry via_reshape (xs: *[4]f64) = let m: [2][2]f64 = unflatten xs in flatten (m with [1, 1] = 7)
entry via_if [n] (xs: *[n]f64) (b: bool) = let ys = if b then xs else copy xs in ys with [1] = 8
entry readonly [n] (xs: [n]f64) = f64.sum xs
`
	prog, err := pipeline.CompileSource("t.fut", []byte(src), nil, pipeline.Options{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	files, err := Generate(prog, "p")
	if err != nil {
		t.Fatal(err)
	}
	// The function of readonly does not copy; upd's does.
	code := string(files["p.go"])
	for name, want := range map[string]bool{"readonly": false, "upd": true} {
		re := regexp.MustCompile(`(?s)\nfunc fn\d+_` + name + `_\d+\(.*?\n}\n`)
		body := re.FindString(code)
		if body == "" {
			t.Fatalf("no function for %s in:\n%s", name, code)
		}
		if got := strings.Contains(body, "clone("); got != want {
			t.Errorf("%s copies its argument: %v, want %v:\n%s", name, got, want, body)
		}
	}
	dir := t.TempDir()
	write := func(name string, data []byte) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", []byte("module argtest\n\ngo 1.26\n"))
	for name, data := range files {
		write(filepath.Join("p", name), data)
	}
	write("main.go", []byte(`package main

import (
	"fmt"

	"argtest/p"
)

func arg() p.Array[float64] { return p.Array[float64]{Data: []float64{1, 2, 3, 4}, Shape: []int64{4}} }

func main() {
	for name, call := range map[string]func(p.Array[float64]) error{
		"upd":         func(a p.Array[float64]) error { _, err := p.Upd(a); return err },
		"via_loop":    func(a p.Array[float64]) error { _, err := p.ViaLoop(a); return err },
		"via_scatter": func(a p.Array[float64]) error { _, err := p.ViaScatter(a); return err },
		"via_hist":    func(a p.Array[float64]) error { _, err := p.ViaHist(a); return err },
		"via_reshape": func(a p.Array[float64]) error { _, err := p.ViaReshape(a); return err },
		"via_if":      func(a p.Array[float64]) error { _, err := p.ViaIf(a, true); return err },
		"readonly":    func(a p.Array[float64]) error { _, err := p.Readonly(a); return err },
	} {
		a := arg()
		if err := call(a); err != nil {
			fmt.Println(name, "error:", err)
			continue
		}
		fmt.Println(name, a.Data)
	}
}
`))
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 7 {
		t.Fatalf("output:\n%s", out)
	}
	for _, l := range lines {
		if !strings.HasSuffix(l, " [1 2 3 4]") {
			t.Errorf("argument changed or call failed: %s", l)
		}
	}
}
