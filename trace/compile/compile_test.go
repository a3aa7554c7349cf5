package compile

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
	"github.com/fluxion-lang/fluxion/trace"
	"github.com/fluxion-lang/fluxion/trace/internal/corpus"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol*max(1, math.Abs(b)) }

func checkClose(t *testing.T, what string, got, want []float64, tol float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d values, want %d", what, len(got), len(want))
	}
	for i := range got {
		if !near(got[i], want[i], tol) {
			t.Errorf("%s[%d] = %v, want %v", what, i, got[i], want[i])
		}
	}
}

// repoRoot finds the repository root (the directory of go.mod).
func repoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test directory")
		}
		dir = parent
	}
}

// futArgs converts a corpus case's arguments into values.
func futArgs(t testing.TB, c corpus.Case) []values.Value {
	t.Helper()
	var args []values.Value
	for _, a := range c.Args {
		switch a.Kind {
		case corpus.F64:
			args = append(args, values.Scalar(prim.FloatValue(prim.F64, a.Data[0])))
		case corpus.I64:
			args = append(args, values.Scalar(prim.IntValue(prim.I64, a.Int)))
		case corpus.Array, corpus.Param:
			n := 1
			shape := make([]int64, len(a.Shape))
			for i, d := range a.Shape {
				n *= d
				shape[i] = int64(d)
			}
			data := a.Data
			if a.Kind == corpus.Param {
				data = c.X[a.Lo : a.Lo+n]
			}
			v, err := values.FromData(prim.F64, shape, append([]float64(nil), data...))
			if err != nil {
				t.Fatal(err)
			}
			args = append(args, v)
		}
	}
	return args
}

// TestCorpusAgainstCompilerVJP checks the gradient of every corpus
// function against the compiler's vjp of the same function written in
// Fluxion, run by the interpreter, and, for traces without branches,
// against the compiled trace.
func TestCorpusAgainstCompilerVJP(t *testing.T) {
	root := repoRoot(t)
	progs := map[string]*interp.Program{}
	for _, c := range corpus.Cases(corpus.Small) {
		t.Run(c.Name, func(t *testing.T) {
			v, g, err := trace.Grad(c.Trace, c.X)
			if err != nil {
				t.Fatal(err)
			}
			ip := progs[c.File]
			if ip == nil {
				p, err := pipeline.CompileFile(filepath.Join(root, c.File), pipeline.Options{})
				if err != nil {
					t.Fatal(err)
				}
				if ip, err = interp.Compile(p); err != nil {
					t.Fatal(err)
				}
				progs[c.File] = ip
			}
			args, err := interp.FromValues(futArgs(t, c))
			if err != nil {
				t.Fatal(err)
			}
			res, err := ip.Run(c.Value, args)
			if err != nil {
				t.Fatal(err)
			}
			checkClose(t, "value", []float64{interp.ToValue(res[0]).Scalar().Float()}, []float64{v}, 1e-10)
			res, err = ip.Run(c.Grad, args)
			if err != nil {
				t.Fatal(err)
			}
			var vjp []float64
			for _, r := range interp.ToValues(res) {
				vjp = append(vjp, floats(r)...)
			}
			checkClose(t, "gradient against the compiler's vjp", g, vjp, 1e-9)

			tr, err := trace.RecordScalar(c.Trace, c.X)
			if err != nil {
				t.Fatal(err)
			}
			cg, err := Compile(tr, Options{})
			if c.Branches {
				if err == nil || !strings.Contains(err.Error(), "read a traced value") {
					t.Errorf("compiling a trace with branches: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			cv, cgrad, err := cg.Grad(c.X)
			if err != nil {
				t.Fatal(err)
			}
			checkClose(t, "compiled value", []float64{cv}, []float64{v}, 1e-10)
			checkClose(t, "compiled gradient", cgrad, g, 1e-9)
		})
	}
}

var ops1 = map[string]func(t *trace.Tracer, x trace.Scalar) trace.Scalar{
	"Neg": (*trace.Tracer).Neg, "Abs": (*trace.Tracer).Abs, "Square": (*trace.Tracer).Square,
	"Sqrt": (*trace.Tracer).Sqrt, "Cbrt": (*trace.Tracer).Cbrt, "Exp": (*trace.Tracer).Exp,
	"Expm1": (*trace.Tracer).Expm1, "Log": (*trace.Tracer).Log, "Log1p": (*trace.Tracer).Log1p,
	"Log2": (*trace.Tracer).Log2, "Log10": (*trace.Tracer).Log10, "Sin": (*trace.Tracer).Sin,
	"Cos": (*trace.Tracer).Cos, "Tan": (*trace.Tracer).Tan, "Asin": (*trace.Tracer).Asin,
	"Acos": (*trace.Tracer).Acos, "Atan": (*trace.Tracer).Atan, "Sinh": (*trace.Tracer).Sinh,
	"Cosh": (*trace.Tracer).Cosh, "Tanh": (*trace.Tracer).Tanh, "Asinh": (*trace.Tracer).Asinh,
	"Atanh": (*trace.Tracer).Atanh, "Erf": (*trace.Tracer).Erf, "Erfc": (*trace.Tracer).Erfc,
}

var ops2 = map[string]func(t *trace.Tracer, x, y trace.Scalar) trace.Scalar{
	"Add": (*trace.Tracer).Add, "Sub": (*trace.Tracer).Sub, "Mul": (*trace.Tracer).Mul,
	"Div": (*trace.Tracer).Div, "Pow": (*trace.Tracer).Pow, "Atan2": (*trace.Tracer).Atan2,
	"Hypot": (*trace.Tracer).Hypot, "Min": (*trace.Tracer).Min, "Max": (*trace.Tracer).Max,
}

// TestOperations checks the translation of every operation: the compiled
// gradient against the trace's, each operation in the outer trace and in
// a map.
func TestOperations(t *testing.T) {
	x := []float64{0.3, 0.7, 0.45, 0.6}
	fs := map[string]func(t *trace.Tracer, x trace.Array) trace.Scalar{}
	for name, op := range ops1 {
		fs[name] = func(t *trace.Tracer, x trace.Array) trace.Scalar {
			return t.Add(op(t, t.At(x, 0)), t.Sum(t.Map(x, op)))
		}
	}
	fs["Acosh"] = func(t *trace.Tracer, x trace.Array) trace.Scalar {
		return t.Sum(t.Map(x, func(t *trace.Tracer, v trace.Scalar) trace.Scalar { return t.Acosh(t.AddF(v, 1.5)) }))
	}
	for name, op := range ops2 {
		fs[name] = func(t *trace.Tracer, x trace.Array) trace.Scalar {
			a, b := t.Slice(x, 0, 2), t.Slice(x, 2, 4)
			return t.Add(op(t, t.At(x, 1), t.At(x, 2)), t.Add(t.Sum(t.Map2(a, b, op)), op(t, trace.Const(0.5), t.At(x, 3))))
		}
	}
	fs["array operations"] = func(t *trace.Tracer, x trace.Array) trace.Scalar {
		m := t.Reshape(t.Concat(x, x, t.Pack(t.At(x, 0), trace.Const(2))), 5, 2)
		y := t.MatVec(m, t.Slice(x, 1, 3))
		z := t.MapN([]trace.Array{m, y}, 2, func(t *trace.Tracer, r []trace.Scalar) []trace.Scalar {
			return []trace.Scalar{t.Mul(r[0], r[2]), t.Add(r[1], trace.Const(1))}
		})
		s := t.Scan(z, 0, (*trace.Tracer).Add)
		f := t.Fold(s, t.At(x, 3), func(t *trace.Tracer, a, b trace.Scalar) trace.Scalar { return t.Add(t.MulF(a, 0.5), t.Sin(b)) })
		return t.Add(f, t.Dot(s, t.Map(s, (*trace.Tracer).Cos)))
	}
	fs["constant output"] = func(t *trace.Tracer, x trace.Array) trace.Scalar { return trace.Const(3) }
	for name, f := range fs {
		t.Run(name, func(t *testing.T) {
			v, g, err := trace.Grad(f, x)
			if err != nil {
				t.Fatal(err)
			}
			tr, err := trace.RecordScalar(f, x)
			if err != nil {
				t.Fatal(err)
			}
			cg, err := Compile(tr, Options{})
			if err != nil {
				t.Fatal(err)
			}
			cv, cgrad, err := cg.Grad(x)
			if err != nil {
				t.Fatal(err)
			}
			checkClose(t, "value", []float64{cv}, []float64{v}, 1e-12)
			checkClose(t, "gradient", cgrad, g, 1e-10)
		})
	}
}

// TestVJPArrayOutput compiles a function with an array result.
func TestVJPArrayOutput(t *testing.T) {
	f := func(t *trace.Tracer, x trace.Array) trace.Array {
		w := t.At(x, 0)
		return t.Map(x, func(t *trace.Tracer, v trace.Scalar) trace.Scalar { return t.Mul(t.Exp(v), w) })
	}
	x := []float64{0.1, -0.4, 0.8}
	wts := []float64{1, 2, -1}
	y, wJ, err := trace.VJP(f, x, wts)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := trace.Record(f, x)
	if err != nil {
		t.Fatal(err)
	}
	cg, err := Compile(tr, Options{})
	if err != nil {
		t.Fatal(err)
	}
	cy, cwJ, err := cg.VJP(x, wts)
	if err != nil {
		t.Fatal(err)
	}
	checkClose(t, "value", cy, y, 1e-12)
	checkClose(t, "vjp", cwJ, wJ, 1e-12)
	if _, _, err := cg.Grad(x); err == nil {
		t.Errorf("Grad of an array function accepted")
	}
	if _, _, err := cg.VJP(x[:2], wts); err == nil {
		t.Errorf("wrong input length accepted")
	}
}

// TestFunc checks the cached form: the Go function runs once per input
// length, and the compiled gradient is right at other inputs.
func TestFunc(t *testing.T) {
	var calls atomic.Int32
	data := []float64{1, 2, 3}
	f := func(t *trace.Tracer, x trace.Array) trace.Scalar {
		calls.Add(1)
		y := t.Map2(x, trace.ConstArray(data), func(t *trace.Tracer, a, b trace.Scalar) trace.Scalar {
			return t.Mul(t.Sin(a), b)
		})
		return t.Sum(y)
	}
	j := NewFunc(f, Options{})
	defer j.Close()
	for _, x := range [][]float64{{0.1, 0.2, 0.3}, {1, -2, 0.5}, {0.7, 0.7, 0.7}} {
		v, g, err := j.Grad(x)
		if err != nil {
			t.Fatal(err)
		}
		wv, wg, err := trace.Grad(f, x)
		if err != nil {
			t.Fatal(err)
		}
		checkClose(t, "value", []float64{v}, []float64{wv}, 1e-12)
		checkClose(t, "gradient", g, wg, 1e-12)
	}
	// Three recordings by trace.Grad, one by the Func.
	if n := calls.Load(); n != 4 {
		t.Errorf("the function ran %d times, want 4", n)
	}
}

// TestCompileErrors checks that traces that cannot be compiled are errors.
func TestCompileErrors(t *testing.T) {
	tr, err := trace.RecordScalar(func(t *trace.Tracer, x trace.Array) trace.Scalar {
		return t.Sum(t.Map(x, func(t *trace.Tracer, v trace.Scalar) trace.Scalar {
			if v.Value() > 0 {
				return v
			}
			return t.Neg(v)
		}))
	}, []float64{1, -1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Compile(tr, Options{}); err == nil || !strings.Contains(err.Error(), "compile_test.go:") {
		t.Errorf("compiling a branching trace: %v", err)
	}
	if _, err := Compile(tr, Options{Backend: 7}); err == nil {
		t.Errorf("unknown backend accepted")
	}
}

// TestGoBackend compiles corpus traces to Go and runs them.
func TestGoBackend(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go programs")
	}
	cache := t.TempDir()
	for _, c := range corpus.Cases(corpus.Small) {
		if c.Branches || (c.Name != "gmm" && c.Name != "mlp" && c.Name != "lse") {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			v, g, err := trace.Grad(c.Trace, c.X)
			if err != nil {
				t.Fatal(err)
			}
			tr, err := trace.RecordScalar(c.Trace, c.X)
			if err != nil {
				t.Fatal(err)
			}
			cg, err := Compile(tr, Options{Backend: Go, CacheDir: cache})
			if err != nil {
				t.Fatal(err)
			}
			defer cg.Close()
			cv, cgrad, err := cg.Grad(c.X)
			if err != nil {
				t.Fatal(err)
			}
			checkClose(t, "value", []float64{cv}, []float64{v}, 1e-10)
			checkClose(t, "gradient", cgrad, g, 1e-9)
		})
	}
}
