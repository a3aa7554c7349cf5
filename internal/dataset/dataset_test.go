package dataset

import (
	"math/rand/v2"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

func TestParseType(t *testing.T) {
	for _, s := range []string{"i32", "[0]f64", "[10][3]f16", "[1][1][1]bool", "[2147483648]u8"} {
		ty, err := ParseType(s)
		if err != nil || ty.String() != s {
			t.Errorf("ParseType(%q) = %v, %v", s, ty, err)
		}
	}
	for _, s := range []string{"", "[]i32", "[-1]i32", "[01]i32", "[+1]i32", "[1", "[1]", "[1]i33", "i32[1]", "[1] i32", "[65536][65536]i8", "[3][4294967296][1]u8"} {
		if ty, err := ParseType(s); err == nil {
			t.Errorf("ParseType(%q) = %v, want an error", s, ty)
		}
	}
}

func TestBoundsHold(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		t      prim.Type
		bounds string
	}{
		{prim.I8, "-128:127"}, {prim.I8, "-3:-3"}, {prim.I64, "-9223372036854775808:9223372036854775807"},
		{prim.U64, "0:18446744073709551615"}, {prim.U16, "7:9"}, {prim.F16, "0.1:0.2"}, {prim.F16, "-65504:65504"},
		{prim.F32, "-1e-30:1e-30"}, {prim.F64, "-2.5:-2.5"},
	} {
		b, err := ParseBounds(tc.t, tc.bounds)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.t, tc.bounds, err)
		}
		v := Generate(rng, Type{Dims: []int64{5000}, Elem: tc.t}, &b)
		for i := range v.Len() {
			x := v.Get(i)
			if above(b.Lo, x) || above(x, b.Hi) {
				t.Fatalf("%s in %s: drew %s", tc.t, tc.bounds, x)
			}
		}
	}
}

func FuzzParseTypeAndBounds(f *testing.F) {
	f.Add("[10][3]f32", "-1.5:2")
	f.Add("i64", "0:9")
	f.Add("[0]u8", "3:255")
	f.Fuzz(func(t *testing.T, ts, bs string) {
		ty, err := ParseType(ts)
		if err != nil {
			return
		}
		if again, err := ParseType(ty.String()); err != nil || again.String() != ty.String() {
			t.Fatalf("%q prints as %q, which reads as %v, %v", ts, ty, again, err)
		}
		if ty.Len() > MaxElems {
			t.Fatalf("%q has %d elements", ts, ty.Len())
		}
		if ty.Elem == prim.Bool {
			return
		}
		b, err := ParseBounds(ty.Elem, bs)
		if err != nil {
			return
		}
		if above(b.Lo, b.Hi) {
			t.Fatalf("bounds %q accepted with the lower above the upper", bs)
		}
		if ty.Len() <= 64 {
			v := Generate(rand.New(rand.NewPCG(3, 4)), ty, &b)
			for i := range v.Len() {
				if x := v.Get(i); above(b.Lo, x) || above(x, b.Hi) {
					t.Fatalf("%s in %s: drew %s", ty, bs, x)
				}
			}
		}
	})
}
