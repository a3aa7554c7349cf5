package oracle

import (
	"math"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// progPath is the path of workload name's Fluxion program.
func progPath(name string) string { return filepath.Join("..", name, name+".fut") }

var (
	compiledMu sync.Mutex
	compiled   = map[string]*interp.Program{}
)

// compileProg compiles a workload's program once per test binary.
func compileProg(t *testing.T, name string) *interp.Program {
	t.Helper()
	compiledMu.Lock()
	defer compiledMu.Unlock()
	if p, ok := compiled[name]; ok {
		return p
	}
	ir, err := pipeline.CompileFile(progPath(name), pipeline.Options{})
	if err != nil {
		t.Fatalf("compile %s: %v", name, err)
	}
	p, err := interp.Compile(ir)
	if err != nil {
		t.Fatalf("interp compile %s: %v", name, err)
	}
	compiled[name] = p
	return p
}

// run runs an entry point; derivative entries skip (only) while the AD pass
// is not yet part of the pipeline.
func run(t *testing.T, name, entry string, args ...values.Value) []values.Value {
	t.Helper()
	p := compileProg(t, name)
	res, err := p.RunValues(entry, args)
	if err != nil {
		if strings.Contains(err.Error(), "not expanded") {
			t.Skipf("%s.%s: %v", name, entry, err)
		}
		t.Fatalf("%s.%s: %v", name, entry, err)
	}
	return res
}

func f64s(x float64) values.Value { return values.Scalar(prim.FloatValue(prim.F64, x)) }

func i64s(x int64) values.Value { return values.Scalar(prim.IntValue(prim.I64, x)) }

// arr builds an f64 array of the given shape from flat row-major data.
func arr(t *testing.T, data []float64, shape ...int64) values.Value {
	t.Helper()
	v, err := values.FromData(prim.F64, shape, append([]float64(nil), data...))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// scalarOf returns a result that must be an f64 scalar.
func scalarOf(t *testing.T, v values.Value) float64 {
	t.Helper()
	if !v.IsScalar() || v.Elem() != prim.F64 {
		t.Fatalf("want f64 scalar, got %s", v.TypeString())
	}
	return v.F64()[0]
}

// flatOf returns the flat data of an f64 array result of the given shape.
func flatOf(t *testing.T, v values.Value, shape ...int64) []float64 {
	t.Helper()
	got := v.Shape()
	if v.Elem() != prim.F64 || len(got) != len(shape) {
		t.Fatalf("want f64 array of shape %v, got %s", shape, v.TypeString())
	}
	for i := range shape {
		if got[i] != shape[i] {
			t.Fatalf("want shape %v, got %v", shape, got)
		}
	}
	return v.F64()
}

// near reports whether a and b agree to a relative tolerance.
func near(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

func checkScalar(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if !near(got, want, tol) {
		t.Errorf("%s = %.17g, want %.17g", what, got, want)
	}
}

func checkSlice(t *testing.T, what string, got, want []float64, tol float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: length %d, want %d", what, len(got), len(want))
	}
	bad := 0
	for i := range got {
		if !near(got[i], want[i], tol) {
			if bad < 5 {
				t.Errorf("%s[%d] = %.17g, want %.17g", what, i, got[i], want[i])
			}
			bad++
		}
	}
	if bad > 5 {
		t.Errorf("%s: %d mismatches in all", what, bad)
	}
}

// centralDiff is the central finite-difference gradient of f at x.
func centralDiff(f func([]float64) float64, x []float64) []float64 {
	g := make([]float64, len(x))
	y := append([]float64(nil), x...)
	for i := range x {
		h := 1e-6 * math.Max(1, math.Abs(x[i]))
		y[i] = x[i] + h
		fp := f(y)
		y[i] = x[i] - h
		fm := f(y)
		y[i] = x[i]
		g[i] = (fp - fm) / (2 * h)
	}
	return g
}

// TestProgramsTypeCheck type-checks every workload's program.
func TestProgramsTypeCheck(t *testing.T) {
	for _, name := range workloads {
		t.Run(name, func(t *testing.T) {
			if _, err := check.CheckFile(progPath(name)); err != nil {
				t.Fatal(check.FormatError(err))
			}
		})
	}
}
