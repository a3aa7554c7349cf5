package prim

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func TestIntValueWraps(t *testing.T) {
	tests := []struct {
		ty   Type
		x    int64
		str  string
		u    uint64
		sInt int64
	}{
		{I8, 200, "-56i8", 0xffffffffffffffc8, -56},
		{U8, -1, "255u8", 255, 255},
		{I16, 40000, "-25536i16", 0xffffffffffff9c40, -25536},
		{U16, 65536, "0u16", 0, 0},
		{I32, 1 << 31, "-2147483648i32", 0xffffffff80000000, math.MinInt32},
		{U32, -1, "4294967295u32", 4294967295, 4294967295},
		{I64, math.MinInt64, "-9223372036854775808i64", 1 << 63, math.MinInt64},
		{U64, -1, "18446744073709551615u64", math.MaxUint64, -1},
	}
	for _, tt := range tests {
		v := IntValue(tt.ty, tt.x)
		if v.String() != tt.str || v.Uint() != tt.u || v.Int() != tt.sInt || v.Type() != tt.ty {
			t.Errorf("IntValue(%v, %d) = %s (uint %d, int %d)", tt.ty, tt.x, v, v.Uint(), v.Int())
		}
	}
}

func TestString(t *testing.T) {
	tests := []struct {
		v    Value
		want string
	}{
		{IntValue(I32, 3), "3i32"},
		{IntValue(I64, 42), "42i64"},
		{IntValue(U8, 255), "255u8"},
		{FloatValue(F32, 0.1), "0.1f32"}, // shortest form that reads back as the same f32
		{FloatValue(F32, 1), "1f32"},
		{FloatValue(F32, 1.5e-7), "1.5e-07f32"},
		{FloatValue(F32, 0x1p-23), "1.1920929e-07f32"},
		{FloatValue(F32, 1e9), "1e+09f32"},
		{FloatValue(F32, 123456789), "1.2345679e+08f32"}, // 123456792 as an f32
		{FloatValue(F64, 0.1), "0.1f64"},
		{FloatValue(F64, math.Nextafter(0.3, 1)), "0.30000000000000004f64"},
		{FloatValue(F64, 2.5), "2.5f64"},
		{FloatValue(F64, 1e20), "1e+20f64"},
		{FloatValue(F64, 100), "100f64"},
		{FloatValue(F64, 1e16), "1e+16f64"},
		{FloatValue(F64, 1e17), "1e+17f64"},
		{FloatValue(F64, 0.0001), "0.0001f64"},
		{FloatValue(F64, 0.00001), "1e-05f64"},
		{FloatValue(F64, math.Copysign(0, -1)), "-0f64"},
		{FloatValue(F64, math.NaN()), "f64.nan"},
		{FloatValue(F32, -math.NaN()), "f32.nan"},
		{FloatValue(F64, math.Inf(-1)), "-f64.inf"},
		{FloatValue(F32, math.Inf(1)), "f32.inf"},
		{FloatValue(F16, 0.5), "0.5f16"},
		{FloatValue(F16, 0.1), "0.1f16"}, // 0.0999755859375 is the nearest f16
		{FloatValue(F16, 1.0/3), "0.3333f16"},
		{FloatValue(F16, 65504), "6.55e+04f16"},
		{FloatValue(F16, 1e5), "f16.inf"},
		{BoolValue(true), "true"},
		{BoolValue(false), "false"},
	}
	for _, tt := range tests {
		if got := tt.v.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}

func TestF16Conversion(t *testing.T) {
	tests := []struct {
		x    float64
		bits uint16
	}{
		{0, 0x0000},
		{math.Copysign(0, -1), 0x8000},
		{1, 0x3c00},
		{-2, 0xc000},
		{65504, 0x7bff},                 // largest finite
		{65519.99, 0x7bff},              // just below the rounding boundary
		{65520, 0x7c00},                 // halfway to 2^16 rounds to inf
		{math.Inf(1), 0x7c00},           //
		{math.Inf(-1), 0xfc00},          //
		{0x1p-14, 0x0400},               // smallest normal
		{0x1p-24, 0x0001},               // smallest subnormal
		{0x1p-25, 0x0000},               // tie between 0 and 2^-24: even is 0
		{0x1.0000000000001p-25, 0x0001}, // just above the tie
		{0x3p-25, 0x0002},               // 1.5 * 2^-24: tie, rounds to even 2
		{0x1p-26, 0x0000},
		{0x1.ff8p-15, 0x03ff}, // largest subnormal
		{0x1.ffcp-15, 0x0400}, // largest subnormal + half ulp: tie, rounds to even (normal)
		{0x1p-1074, 0x0000},   // f64 subnormal
		{1 + 0x1p-11, 0x3c00}, // tie: even mantissa (1.0)
		{1 + 0x3p-11, 0x3c02}, // tie: rounds up to even
		{1 + 0x1p-11 + 0x1p-40, 0x3c01},
		{0.333251953125, 0x3555},
	}
	for _, tt := range tests {
		if got := F16FromFloat64(tt.x); got != tt.bits {
			t.Errorf("F16FromFloat64(%g) = %#04x, want %#04x", tt.x, got, tt.bits)
		}
	}
	if b := F16FromFloat64(math.NaN()); b&0x7c00 != 0x7c00 || b&0x3ff == 0 {
		t.Errorf("NaN converts to %#04x", b)
	}
	// Every finite f16 converts to f64 and back exactly and in order.
	prev := math.Inf(-1)
	for h := 0xfbff; h >= 0x8000; h-- { // negative values, descending magnitude
		x := F16ToFloat64(uint16(h))
		if F16FromFloat64(x) != uint16(h) || !(x > prev || x == 0 && h == 0x8000) {
			t.Fatalf("f16 %#04x -> %g", h, x)
		}
		prev = x
	}
	for h := 0; h <= 0x7bff; h++ {
		x := F16ToFloat64(uint16(h))
		if F16FromFloat64(x) != uint16(h) || !(x > prev || h == 0) {
			t.Fatalf("f16 %#04x -> %g", h, x)
		}
		prev = x
	}
	if !math.IsNaN(F16ToFloat64(0x7e00)) || !math.IsInf(F16ToFloat64(0xfc00), -1) {
		t.Errorf("special values decode wrongly")
	}
}

func TestPrintedFloatsRoundTrip(t *testing.T) {
	// Printed f32/f64/f16 values parse back to the same bits.
	check := func(v Value) {
		s := v.String()
		s = s[:len(s)-3]
		x, err := strconv.ParseFloat(s, 64)
		if v.Type() == F32 {
			x, err = strconv.ParseFloat(s, 32)
		}
		if err != nil || FloatValue(v.Type(), x) != v {
			t.Fatalf("%v: printed %q reads back as %g (%v)", v.Bits(), s, x, err)
		}
	}
	seed := uint64(12345)
	next := func() uint64 {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		return seed
	}
	for k := 0; k < 20000; k++ {
		b := next()
		for _, v := range []Value{FromBits(F64, b), FromBits(F32, b), FromBits(F16, b)} {
			if x := v.Float(); !math.IsNaN(x) && !math.IsInf(x, 0) {
				check(v)
			}
		}
	}
	for h := uint64(0); h < 0x7c00; h++ {
		check(FromBits(F16, h))
	}
}

func TestLimitsAndConstructors(t *testing.T) {
	tests := []struct {
		v    Value
		want string
	}{
		{Lowest(I8), "-128i8"},
		{Highest(I8), "127i8"},
		{Lowest(I64), "-9223372036854775808i64"},
		{Highest(U16), "65535u16"},
		{Lowest(U32), "0u32"},
		{Highest(F16), "f16.inf"},
		{Lowest(F32), "-f32.inf"},
		{Lowest(Bool), "false"},
		{Highest(Bool), "true"},
		{Zero(F64), "0f64"},
		{One(F16), "1f16"},
		{One(Bool), "true"},
		{UintValue(F64, math.MaxUint64), "1.8446744073709552e+19f64"},
		{UintValue(F32, 1<<63), "9.223372e+18f32"},
		{IntValue(F32, -3), "-3f32"},
		{IntValue(Bool, 2), "true"},
		{FromBits(I8, 0xff), "-1i8"},
		{FromBits(U8, 0x1ff), "255u8"},
		{FromBits(F32, 0x3f800000), "1f32"},
		{FromBits(F64, 0xfff0000000000000), "-f64.inf"},
		{FromBits(Bool, 1), "true"},
		{Value{}, "<invalid>"},
		{Zero(Invalid), "<invalid>"},
	}
	for _, tt := range tests {
		if got := tt.v.String(); got != tt.want {
			t.Errorf("got %s, want %s", got, tt.want)
		}
	}
	if Identical(FloatValue(F64, 0), FloatValue(F64, math.Copysign(0, -1))) || !Identical(FloatValue(F64, math.NaN()), FloatValue(F64, math.NaN())) {
		t.Errorf("Identical compares bits")
	}
	if v := FloatValue(F16, 2.5); v.Float32() != 2.5 || v.Int() != 2 || v.Bool() != true || v.IsZero() {
		t.Errorf("f16 accessors wrong for %v", v)
	}
	if v := IntValue(U64, -1); v.Float() != 0x1p64 || v.Uint() != math.MaxUint64 || v.Bits() != math.MaxUint64 {
		t.Errorf("u64 accessors wrong for %v", v)
	}
	if v := IntValue(I16, -2); v.Bits() != 0xfffe || v.Float() != -2 {
		t.Errorf("i16 accessors wrong for %v", v)
	}
}

// TestShortestFloatsReadBack: the shortest printed form of a float reads
// back as the same bits, for every f16 and for random f32 and f64 values.
func TestShortestFloatsReadBack(t *testing.T) {
	check := func(v Value) {
		text := v.String()
		num := strings.TrimSuffix(text, v.Type().String())
		if math.IsNaN(v.Float()) || math.IsInf(v.Float(), 0) {
			return
		}
		x, err := strconv.ParseFloat(num, 64)
		if err != nil {
			t.Fatalf("%s does not parse: %v", text, err)
		}
		if got := FloatValue(v.Type(), x); got.Bits() != v.Bits() {
			t.Fatalf("%s reads back as bits %#x, want %#x", text, got.Bits(), v.Bits())
		}
	}
	for b := 0; b < 1<<16; b++ {
		check(FromBits(F16, uint64(b)))
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		check(FromBits(F32, uint64(r.Uint32())))
		check(FromBits(F64, r.Uint64()))
	}
}
