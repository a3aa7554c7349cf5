package gogen

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/pipeline"
)

const benchDot = `entry dot (xs: []f64) (ys: []f64) : f64 = reduce (+) 0 (map2 (*) xs ys)`

const benchMatmul = `entry matmul [n][m][p] (a: [n][m]f64) (b: [m][p]f64) : [n][p]f64 =
  let bt = transpose b
  in map (\row -> map (\col -> f64.sum (map2 (*) row col)) bt) a`

const benchSines = `entry sines (xs: []f64) = map (\x -> f64.sin x * f64.cos x + f64.exp (-x)) xs`

// benchFile holds Go benchmarks of generated code against hand-written
// sequential Go, run in the module TestBenchmarks writes.
const benchFile = `package bench

import (
	"testing"

	"bench/dot"
	"bench/matmul"
	"bench/sines"
)

func fill(n int, seed float64) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = float64((i*7919)%1000)/100 + seed
	}
	return xs
}

const dotN = 10_000_000

// TestAgree checks that the generated code computes what the hand-written
// code does: the matrix product bit for bit (same operation order), the
// dot product up to rounding (chunked summation).
func TestAgree(t *testing.T) {
	const n = 64
	a, c := fill(n*n, 1), fill(n*n, 2)
	got, err := matmul.Matmul(matmul.Array[float64]{Shape: []int64{n, n}, Data: a}, matmul.Array[float64]{Shape: []int64{n, n}, Data: c})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			s := 0.0
			for k := 0; k < n; k++ {
				s += a[i*n+k] * c[k*n+j]
			}
			if got.Data[i*n+j] != s {
				t.Fatalf("matmul[%d][%d] = %v, want %v", i, j, got.Data[i*n+j], s)
			}
		}
	}
	xs, ys := fill(100_000, 1), fill(100_000, 2)
	d, err := dot.Dot(dot.Array[float64]{Shape: []int64{100_000}, Data: xs}, dot.Array[float64]{Shape: []int64{100_000}, Data: ys})
	if err != nil {
		t.Fatal(err)
	}
	s := 0.0
	for i := range xs {
		s += xs[i] * ys[i]
	}
	if diff := (d - s) / s; diff > 1e-12 || diff < -1e-12 {
		t.Fatalf("dot = %v, want %v", d, s)
	}
}

func BenchmarkDotGenerated(b *testing.B) {
	b.ReportAllocs()
	xs := dot.Array[float64]{Shape: []int64{dotN}, Data: fill(dotN, 1)}
	ys := dot.Array[float64]{Shape: []int64{dotN}, Data: fill(dotN, 2)}
	for b.Loop() {
		if _, err := dot.Dot(xs, ys); err != nil {
			b.Fatal(err)
		}
	}
}

// dotHand is the hand-written sequential dot product. Kernels are
// functions of their own: the body of a b.Loop loop is compiled without
// some optimisations, which would flatter the generated code.
func dotHand(xs, ys []float64) float64 {
	s := 0.0
	for i := range xs {
		s += xs[i] * ys[i]
	}
	return s
}

func BenchmarkDotHandwritten(b *testing.B) {
	b.ReportAllocs()
	xs, ys := fill(dotN, 1), fill(dotN, 2)
	for b.Loop() {
		dotHand(xs, ys)
	}
}

const mmN = 512

// BenchmarkSinesGenerated is compute-bound, to show the parallel speedup.
func BenchmarkSinesGenerated(b *testing.B) {
	b.ReportAllocs()
	xs := sines.Array[float64]{Shape: []int64{1_000_000}, Data: fill(1_000_000, 0)}
	for b.Loop() {
		if _, err := sines.Sines(xs); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMatmulGenerated(b *testing.B) {
	b.ReportAllocs()
	a := matmul.Array[float64]{Shape: []int64{mmN, mmN}, Data: fill(mmN*mmN, 1)}
	c := matmul.Array[float64]{Shape: []int64{mmN, mmN}, Data: fill(mmN*mmN, 2)}
	for b.Loop() {
		if _, err := matmul.Matmul(a, c); err != nil {
			b.Fatal(err)
		}
	}
}

// matmulHand runs the same algorithm as the source program: transpose
// the second matrix, then dot rows with rows.
func matmulHand(a, c []float64, n int) []float64 {
	ct := make([]float64, n*n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			ct[j*n+i] = c[i*n+j]
		}
	}
	out := make([]float64, n*n)
	for i := 0; i < n; i++ {
		row := a[i*n : (i+1)*n]
		for j := 0; j < n; j++ {
			col := ct[j*n : (j+1)*n]
			s := 0.0
			for k := range row {
				s += row[k] * col[k]
			}
			out[i*n+j] = s
		}
	}
	return out
}

func BenchmarkMatmulHandwritten(b *testing.B) {
	b.ReportAllocs()
	a, c := fill(mmN*mmN, 1), fill(mmN*mmN, 2)
	for b.Loop() {
		matmulHand(a, c, mmN)
	}
}
`

// TestBenchmarks writes the generated dot product and matrix product with
// the benchmarks above into a module and runs them at -cpu 1,2. It is slow,
// so it runs only when FLUXION_GOGEN_BENCH is set.
func TestBenchmarks(t *testing.T) {
	if os.Getenv("FLUXION_GOGEN_BENCH") == "" {
		t.Skip("set FLUXION_GOGEN_BENCH=1 to run the benchmarks")
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
	write("go.mod", []byte("module bench\n\ngo 1.26\n"))
	write("bench_test.go", []byte(benchFile))
	for pkg, src := range map[string]string{"dot": benchDot, "matmul": benchMatmul, "sines": benchSines} {
		p, err := pipeline.CompileSource(pkg+".fut", []byte(src), nil, pipeline.Options{Verify: true})
		if err != nil {
			t.Fatal(err)
		}
		files, err := Generate(p, pkg)
		if err != nil {
			t.Fatal(err)
		}
		for name, b := range files {
			write(filepath.Join(pkg, name), b)
		}
	}
	cmd := exec.Command("go", "test", "-bench", ".", "-cpu", "1,2", "-benchtime", "10x", "-count", "3", ".")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatal(err)
	}
}
