package gogen

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestLoopValuesStayOnStack builds generated packages with the Go
// compiler's escape report and checks that no parameter or value of a
// loop body (the v_ names) is moved to the heap: one that is would be
// allocated afresh in every iteration. A loop parameter read by the
// parallel form of a map in the body is the case that once did (a
// closure captures a variable it sees reassigned by reference, which
// sends it to the heap). The loop's own buffers, declared once before
// it, are not checked.
func TestLoopValuesStayOnStack(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated packages; skipped in -short mode")
	}
	cases := []diffCase{
		{name: "for loop over a map", src: `
entry main [n] (xs: [n]f64) (k: i64) : [n]f64 =
  loop ys = xs for i < k do map2 (\x y -> x * y + f64.i64 i) xs ys`},
		{name: "while loop over a map", src: `
entry main [n] (xs: [n]f64) : [n]f64 =
  let (ys, _) = loop (ys, go) = (xs, true) while go do
    let zs = map (\y -> y * 0.5) ys
    in (zs, f64.sum zs > 1)
  in ys`},
		{name: "nested loops, inner row update", src: `
entry main [m] [n] (a0: [m][n]f64) (k: i64) : [m][n]f64 =
  loop a = copy a0 for t < k do
    let h = map (\x -> x + f64.i64 t) a[0]
    in loop a for l < m do a with [l] = map2 (*) h a[l]`},
	}
	moved := regexp.MustCompile(`p\.go:\d+:\d+: moved to heap: v_\w+`)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files, err := Generate(compileCase(t, &c), "p")
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			files["go.mod"] = []byte("module p\n\ngo 1.26\n")
			for name, src := range files {
				if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cmd := exec.Command("go", "build", "-gcflags=-m", ".")
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("go build: %v\n%s", err, out)
			}
			if !strings.Contains(string(out), "moved to heap") && !strings.Contains(string(out), "escapes to heap") {
				t.Fatalf("no escape report in the compiler's output:\n%s", out)
			}
			if m := moved.FindAllString(string(out), -1); m != nil {
				t.Errorf("%v\n%s", m, files["p.go"])
			}
		})
	}
}
