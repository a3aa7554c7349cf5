package testspec

import (
	"math"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

func parseOne(t *testing.T, src string) *Spec {
	t.Helper()
	spec, err := Parse("dir/r.fut", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return spec
}

func TestRandomInputShapesAndRanges(t *testing.T) {
	spec := parseOne(t, "-- ==\n-- random input { [1000]f32 [10][20]f64 [1000]f16 [3]i8 u64 [1000]bool 7i64 2.5f32 }\n")
	c := spec.Cases[0]
	args := RandomInput(spec.Path, "main", c)
	wantTypes := []string{"[1000]f32", "[10][20]f64", "[1000]f16", "[3]i8", "u64", "[1000]bool", "i64", "f32"}
	if len(args) != len(wantTypes) {
		t.Fatalf("%d arguments, want %d", len(args), len(wantTypes))
	}
	for i, a := range args {
		if got := values.ShapeString(a.Shape()) + a.Elem().String(); got != wantTypes[i] {
			t.Errorf("argument %d has type %s, want %s", i, got, wantTypes[i])
		}
	}
	for _, a := range args[:3] {
		for i := 0; i < a.Len(); i++ {
			if x := a.Get(i).Float(); !(x >= 0 && x < 1) {
				t.Fatalf("%s element %d = %v, outside [0, 1)", a.Elem(), i, x)
			}
		}
	}
	// 1000 uniform bools: both values must occur, roughly equally often.
	trues := 0
	for _, b := range args[5].Bools() {
		if b {
			trues++
		}
	}
	if trues < 400 || trues > 600 {
		t.Errorf("%d of 1000 random bools are true", trues)
	}
	// Floats spread over [0, 1): the mean of 1000 is near 1/2.
	var sum float64
	for _, x := range args[0].F32() {
		sum += float64(x)
	}
	if m := sum / 1000; math.Abs(m-0.5) > 0.05 {
		t.Errorf("mean of 1000 random f32s is %v", m)
	}
	if got := args[6].Scalar(); got != prim.IntValue(prim.I64, 7) {
		t.Errorf("constant 7i64 passed as %v", got)
	}
	if got := args[7].Scalar(); got != prim.FloatValue(prim.F32, 2.5) {
		t.Errorf("constant 2.5f32 passed as %v", got)
	}
}

func TestRandomIntegersCoverRange(t *testing.T) {
	spec := parseOne(t, "-- ==\n-- random input { [2000]i8 [2000]u8 [2000]i64 }\n")
	args := RandomInput(spec.Path, "main", spec.Cases[0])
	neg, big := 0, 0
	for _, x := range args[0].I8() {
		if x < -64 {
			neg++
		}
	}
	for _, x := range args[1].U8() {
		if x >= 192 {
			big++
		}
	}
	// Each quarter of the range holds about 500 of 2000 uniform draws.
	if neg < 350 || neg > 650 || big < 350 || big > 650 {
		t.Errorf("i8 below -64: %d, u8 from 192: %d of 2000", neg, big)
	}
	negs := 0
	for _, x := range args[2].I64() {
		if x < math.MinInt64/2 {
			negs++
		}
	}
	if negs < 350 || negs > 650 {
		t.Errorf("i64 below MinInt64/2: %d of 2000", negs)
	}
}

func TestRandomInputDeterministic(t *testing.T) {
	src := "-- ==\n-- random input { [50]i32 }\n-- random input { [50]i32 }\n\n-- ==\n-- random input { [50]i32 }\n"
	spec := parseOne(t, src)
	gen := func(path, entry string, k int) Value {
		return RandomInput(path, entry, spec.Cases[k])[0]
	}
	a := gen("dir/r.fut", "main", 0)
	if !values.Identical(a, gen("dir/r.fut", "main", 0)) {
		t.Error("the same case gives different data")
	}
	if !values.Identical(a, gen("other/dir/r.fut", "main", 0)) {
		t.Error("data depends on the directory the program is found in")
	}
	for _, other := range []Value{
		gen("dir/r.fut", "f", 0),
		gen("dir/r.fut", "main", 1),
		gen("dir/r.fut", "main", 2),
		gen("dir/s.fut", "main", 0),
	} {
		if values.Identical(a, other) {
			t.Error("different cases give identical data")
		}
	}
}
