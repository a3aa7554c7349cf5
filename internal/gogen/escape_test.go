package gogen

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
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
			out, err := goModule(t, files, "", "build", "-gcflags=-m", ".")
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

// TestAllocationsDoNotGrow runs generated packages under
// testing.AllocsPerRun on inputs of two sizes and checks that the
// allocations per call do not grow with the number of elements: arrays
// that a map's body builds for each element come from the worker's
// scratch or are built in their row of the result. The cases are those
// that once allocated per element: a loop carrying an array that becomes
// the row (its two buffers were fresh for every element), and a loop
// inside such a loop, whose result the outer loop now carries in its
// own buffers (the inner loop's were fresh for every outer iteration).
func TestAllocationsDoNotGrow(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs generated packages; skipped in -short mode")
	}
	cases := []diffCase{
		{name: "loop row", src: `
entry main [n] (xs: [n]f64) : [n][4]f64 =
  map (\x -> let r = loop acc = replicate 4 x for i < 5 do map (\a -> a * 0.5 + f64.i64 i) acc
             in r :> [4]f64) xs`},
		{name: "loops in a loop", src: `
entry main [n] (xs: [n]f64) : [n][4]f64 =
  map (\x -> let r = loop acc = replicate 4 x for t < 3 do
                      loop b = map (+ f64.i64 t) acc for i < n % 3 + 1 do map (\a -> a * 0.5 + f64.i64 i) b
             in r :> [4]f64) xs`},
	}
	const harness = `package p

import "testing"

func TestAllocs(t *testing.T) {
	count := func(n int) float64 {
		data := make([]float64, n)
		for i := range data {
			data[i] = float64(i%7) * 0.25
		}
		xs, err := NewArray([]int64{int64(n)}, data)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Main(xs); err != nil { // warm the scratch
			t.Fatal(err)
		}
		return testing.AllocsPerRun(20, func() {
			if _, err := Main(xs); err != nil {
				t.Fatal(err)
			}
		})
	}
	small, big := count(16), count(4096)
	t.Logf("allocations per call: %v (16 elements), %v (4096)", small, big)
	if big > small+4 {
		t.Errorf("allocations per call grow with the elements: %v for 16, %v for 4096", small, big)
	}
}
`
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files, err := Generate(compileCase(t, &c), "p")
			if err != nil {
				t.Fatal(err)
			}
			files["allocs_test.go"] = []byte(harness)
			out, err := goModule(t, files, "", "test", "-count=1", "-v", ".")
			if err != nil {
				t.Fatalf("go test: %v\n%s", err, out)
			}
			t.Logf("%s", out)
		})
	}
}

// TestRecycleReusesResults: the storage of a large result handed back
// with Recycle is what the next call's result is built in, with the
// embedded runtime and with the shared one (whose Recycle must reach the
// allocator of rtimpl, which keeps state of its own), and the results
// stay right; a result that is an argument is not recycled.
func TestRecycleReusesResults(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs generated packages; skipped in -short mode")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dc := diffCase{name: "recycle", src: `
entry main [n] (xs: [n]f64) (k: f64) : ([n]f64, [n]f64) = (map (\x -> x * k) xs, xs)`}
	const harness = `package p

import (
	"testing"
	"unsafe"
)

func TestRecycle(t *testing.T) {
	const n = 1 << 17 // 1 MiB of float64
	data := make([]float64, n)
	for i := range data {
		data[i] = float64(i)
	}
	xs, err := NewArray([]int64{n}, data)
	if err != nil {
		t.Fatal(err)
	}
	a, same, err := Main(xs, 2)
	if err != nil {
		t.Fatal(err)
	}
	Recycle([]any{a, same}, []any{xs})
	b, _, err := Main(xs, 3)
	if err != nil {
		t.Fatal(err)
	}
	if unsafe.SliceData(b.Data) != unsafe.SliceData(a.Data) {
		t.Errorf("the second result is not built in the first's storage")
	}
	for i, x := range b.Data {
		if x != float64(3*i) {
			t.Fatalf("element %d: %v, want %v", i, x, float64(3*i))
		}
	}
	for i, x := range xs.Data {
		if x != float64(i) {
			t.Fatalf("the argument changed: element %d is %v", i, x)
		}
	}
}
`
	for _, shared := range []bool{false, true} {
		files, err := GenerateWith(compileCase(t, &dc), "p", Options{SharedRuntime: shared})
		if err != nil {
			t.Fatal(err)
		}
		files["recycle_test.go"] = []byte(harness)
		if out, err := goModule(t, files, root, "test", "-count=1", "."); err != nil {
			t.Errorf("shared runtime %v: go test: %v\n%s", shared, err, out)
		}
	}
}

// goModule writes files as module p in a temporary directory (requiring
// this repository at root for the shared runtime, if root is set) and
// runs the go command there with args, returning its output.
func goModule(t *testing.T, files map[string][]byte, root string, args ...string) ([]byte, error) {
	t.Helper()
	mod := "module p\n\ngo 1.26\n"
	if root != "" {
		mod += "\nrequire github.com/fluxion-lang/fluxion v0.0.0\n\nreplace github.com/fluxion-lang/fluxion => " + strconv.Quote(root) + "\n"
	}
	dir := t.TempDir()
	files["go.mod"] = []byte(mod)
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	return cmd.CombinedOutput()
}
