package trace

import (
	"strings"
	"testing"
)

// TestMisuse checks that misuse is an error naming the operation, never a
// panic or a wrong gradient.
func TestMisuse(t *testing.T) {
	var foreign Scalar
	var foreignArr Array
	if _, err := RecordScalar(func(t *Tracer, x Array) Scalar {
		foreign = t.Square(t.At(x, 0))
		foreignArr = t.Map(x, (*Tracer).Exp)
		return foreign
	}, []float64{3}); err != nil {
		t.Fatal(err)
	}
	var leaked Scalar
	var leakedTracer *Tracer
	tests := []struct {
		name string
		f    func(t *Tracer, x Array) Scalar
		want string
	}{
		{"scalar from another trace", func(t *Tracer, x Array) Scalar { return t.Mul(t.At(x, 0), foreign) },
			"Mul: operand (value 9) belongs to another trace"},
		{"array from another trace", func(t *Tracer, x Array) Scalar { return t.Sum(foreignArr) },
			"Sum: array operand belongs to another trace"},
		{"output from another trace", func(t *Tracer, x Array) Scalar { return foreign },
			"output: operand (value 9) belongs to another trace"},
		{"index out of range", func(t *Tracer, x Array) Scalar { return t.At(x, 2) },
			"At: index 2 out of range [0, 2)"},
		{"negative index", func(t *Tracer, x Array) Scalar { return t.At(x, -1) },
			"At: index -1 out of range [0, 2)"},
		{"slice bounds", func(t *Tracer, x Array) Scalar { return t.Sum(t.Slice(x, 1, 3)) },
			"Slice: bounds [1:3] out of range for length 2"},
		{"dot lengths", func(t *Tracer, x Array) Scalar { return t.Dot(x, t.Slice(x, 0, 1)) },
			"Dot: lengths 2 and 1 differ"},
		{"map2 lengths", func(t *Tracer, x Array) Scalar {
			return t.Sum(t.Map2(x, ConstArray([]float64{1}), (*Tracer).Add))
		}, "Map2: lengths 2 and 1 differ"},
		{"mapN rows", func(t *Tracer, x Array) Scalar {
			return t.Sum(t.MapN([]Array{x, ConstArray([]float64{1})}, 1, func(t *Tracer, r []Scalar) []Scalar { return r[:1] }))
		}, "MapN: array 1 has 1 rows, array 0 has 2"},
		{"mapN result count", func(t *Tracer, x Array) Scalar {
			return t.Sum(t.MapN([]Array{x}, 2, func(t *Tracer, r []Scalar) []Scalar { return r }))
		}, "MapN: the function returned 1 values, want 2"},
		{"reshape", func(t *Tracer, x Array) Scalar { return t.Sum(t.Reshape(x, 3, 1)) },
			"Reshape: 3 x 1 does not fit 2 elements"},
		{"matvec shapes", func(t *Tracer, x Array) Scalar { return t.Sum(t.MatVec(t.Reshape(x, 1, 2), t.Slice(x, 0, 1))) },
			"MatVec: [1][2] matrix and vector of length 1"},
		{"nil map function", func(t *Tracer, x Array) Scalar { return t.Sum(t.Map(x, nil)) },
			"Map: function is nil"},
		{"nil reduce function", func(t *Tracer, x Array) Scalar { return t.Reduce(x, 0, nil) },
			"Reduce: function is nil"},
		{"array operation inside map", func(t *Tracer, x Array) Scalar {
			return t.Sum(t.Map(x, func(t *Tracer, v Scalar) Scalar { return t.Sum(x) }))
		}, "Sum: array operations cannot be used inside the function"},
		{"map inside map", func(t *Tracer, x Array) Scalar {
			return t.Sum(t.Map(x, func(t *Tracer, v Scalar) Scalar { return t.Sum(t.Map(x, (*Tracer).Exp)) }))
		}, "Map: array operations cannot be used inside the function"},
		{"function value used outside", func(t *Tracer, x Array) Scalar {
			t.Map(x, func(t *Tracer, v Scalar) Scalar { leaked = t.Exp(v); return leaked })
			return t.Add(leaked, t.At(x, 0))
		}, "Add: operand (value 1) is a value of a function of Map, Reduce, Fold or Scan, used outside that function"},
		{"function value used in another call", func(t *Tracer, x Array) Scalar {
			var first Scalar
			return t.Sum(t.Map(x, func(t *Tracer, v Scalar) Scalar {
				_ = v.Value()
				if first.t == nil {
					first = v
					return v
				}
				return t.Add(v, first)
			}))
		}, "Add: operand (value 0) is a value of another call"},
		{"outer Tracer used with a function value", func(outer *Tracer, x Array) Scalar {
			return outer.Sum(outer.Map(x, func(t *Tracer, v Scalar) Scalar { return outer.Exp(v) }))
		}, "Exp: operand (value 0) is a value of a function of Map, Reduce, Fold or Scan, used outside that function"},
		{"function Tracer used after its call", func(t *Tracer, x Array) Scalar {
			t.Map(x, func(t *Tracer, v Scalar) Scalar { leakedTracer = t; return v })
			return leakedTracer.Exp(t.At(x, 0))
		}, "Exp: used the Tracer of a call of a function of Map, Reduce, Fold or Scan after the call returned"},
		{"fold from another trace", func(t *Tracer, x Array) Scalar {
			return t.Fold(x, foreign, (*Tracer).Add)
		}, "Fold: operand (value 9) belongs to another trace"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Grad(tc.f, []float64{0, 1})
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want %q", err, tc.want)
			}
		})
	}
	// Entry points check their own arguments.
	if _, _, err := Grad(nil, nil); err == nil || !strings.Contains(err.Error(), "Grad: function is nil") {
		t.Errorf("nil function: %v", err)
	}
	if _, err := (Config{Workers: -1}).RecordScalar(func(t *Tracer, x Array) Scalar { return Scalar{} }, nil); err == nil {
		t.Errorf("negative Workers accepted")
	}
	tr, err := Record(func(t *Tracer, x Array) Array { return t.Map(x, (*Tracer).Exp) }, []float64{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tr.VJP([]float64{1}); err == nil || !strings.Contains(err.Error(), "VJP: 1 weights for 2 outputs") {
		t.Errorf("VJP with wrong weights: %v", err)
	}
	if _, err := tr.Replay([]float64{1}); err == nil || !strings.Contains(err.Error(), "input of length 1, the trace was recorded at length 2") {
		t.Errorf("Replay with wrong length: %v", err)
	}
}

// TestBranchesReported checks that reading a traced value is remembered
// with its position, and that such a trace refuses to be replayed.
func TestBranchesReported(t *testing.T) {
	tr, err := RecordScalar(func(t *Tracer, x Array) Scalar {
		y := t.At(x, 0)
		if y.Value() > 0 { // the read
			return t.Exp(y)
		}
		return y
	}, []float64{1})
	if err != nil {
		t.Fatal(err)
	}
	b, at := tr.Branches()
	if !b || !strings.Contains(at, "misuse_test.go:") {
		t.Errorf("Branches() = %v, %q; want true at this file", b, at)
	}
	if _, err := tr.Replay([]float64{2}); err == nil || !strings.Contains(err.Error(), "misuse_test.go:") {
		t.Errorf("Replay of a branching trace: %v", err)
	}
	// Reading a value after the recording changes nothing.
	var kept Scalar
	tr, err = RecordScalar(func(t *Tracer, x Array) Scalar { kept = t.Exp(t.At(x, 0)); return kept }, []float64{1})
	if err != nil {
		t.Fatal(err)
	}
	_ = kept.Value()
	if b, at := tr.Branches(); b {
		t.Errorf("a read after the recording reported as a branch at %s", at)
	}
	// Reading a constant is not a branch on a traced value.
	tr, err = RecordScalar(func(t *Tracer, x Array) Scalar {
		c := Const(2)
		if c.Value() > 0 {
			return t.Mul(t.At(x, 0), c)
		}
		return c
	}, []float64{1})
	if err != nil {
		t.Fatal(err)
	}
	if b, at := tr.Branches(); b {
		t.Errorf("reading a constant reported as a branch at %s", at)
	}
}
