package prim

import (
	"math"
	"strings"
	"testing"
)

// funcsCovered records every function a test evaluated, so TestEveryFuncTested
// can insist that none is left out.
var funcsCovered = map[string]bool{}

func call(t *testing.T, name string, args ...Value) Value {
	t.Helper()
	v, err := EvalFunc(name, args)
	if err != nil {
		t.Fatalf("%s%v: %v", name, args, err)
	}
	funcsCovered[name] = true
	return v
}

func TestFuncValues(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	f64 := func(x float64) Value { return FloatValue(F64, x) }
	f32 := func(x float64) Value { return FloatValue(F32, x) }
	f16 := func(x float64) Value { return FloatValue(F16, x) }
	tests := []struct {
		name string
		args []Value
		want Value
	}{
		{"sqrt_f64", []Value{f64(2)}, f64(1.4142135623730951)},
		{"sqrt_f32", []Value{f32(2)}, f32(1.41421356)},
		{"sqrt_f16", []Value{f16(4)}, f16(2)},
		{"rsqrt_f64", []Value{f64(4)}, f64(0.5)},
		{"cbrt_f64", []Value{f64(-27)}, f64(-3)},
		{"exp_f64", []Value{f64(1)}, f64(2.718281828459045)},
		{"exp_f32", []Value{f32(0)}, f32(1)},
		{"log_f64", []Value{f64(math.E)}, f64(1)},
		{"log_f64", []Value{f64(0)}, f64(-inf)},
		{"log2_f64", []Value{f64(1024)}, f64(10)},
		{"log10_f64", []Value{f64(1000)}, f64(3)},
		{"log1p_f64", []Value{f64(1e-20)}, f64(1e-20)},
		{"sin_f64", []Value{f64(math.Pi / 6)}, f64(0.5)},
		{"cos_f64", []Value{f64(0)}, f64(1)},
		{"tan_f64", []Value{f64(math.Pi / 4)}, f64(1)},
		{"sinpi_f64", []Value{f64(1)}, f64(0)},
		{"sinpi_f64", []Value{f64(0.5)}, f64(1)},
		{"sinpi_f64", []Value{f64(-1.5)}, f64(1)},
		{"cospi_f64", []Value{f64(0.5)}, f64(0)},
		{"cospi_f64", []Value{f64(1)}, f64(-1)},
		{"tanpi_f64", []Value{f64(0.25)}, f64(0.9999999999999999)},
		{"tanpi_f64", []Value{f64(1)}, f64(math.Copysign(0, -1))},
		{"asin_f64", []Value{f64(1)}, f64(math.Pi / 2)},
		{"acos_f64", []Value{f64(-1)}, f64(math.Pi)},
		{"atan_f64", []Value{f64(1)}, f64(math.Pi / 4)},
		{"asinpi_f64", []Value{f64(1)}, f64(0.5)},
		{"acospi_f64", []Value{f64(-1)}, f64(1)},
		{"atanpi_f64", []Value{f64(1)}, f64(0.25)},
		{"sinh_f64", []Value{f64(0)}, f64(0)},
		{"cosh_f64", []Value{f64(0)}, f64(1)},
		{"tanh_f64", []Value{f64(inf)}, f64(1)},
		{"asinh_f64", []Value{f64(0)}, f64(0)},
		{"acosh_f64", []Value{f64(1)}, f64(0)},
		{"atanh_f64", []Value{f64(1)}, f64(inf)},
		{"gamma_f64", []Value{f64(5)}, f64(24)},
		{"gamma_f64", []Value{f64(0.5)}, f64(1.7724538509055160273)}, // sqrt(pi)
		{"lgamma_f64", []Value{f64(-0.5)}, f64(math.Log(2 * math.Sqrt(math.Pi)))},
		{"erf_f64", []Value{f64(0)}, f64(0)},
		{"erf_f64", []Value{f64(inf)}, f64(1)},
		{"erfc_f64", []Value{f64(0)}, f64(1)},
		{"ceil_f64", []Value{f64(-1.5)}, f64(-1)},
		{"floor_f64", []Value{f64(-1.5)}, f64(-2)},
		{"trunc_f64", []Value{f64(-1.5)}, f64(-1)},
		{"round_f64", []Value{f64(2.5)}, f64(2)},
		{"round_f64", []Value{f64(3.5)}, f64(4)},
		{"round_f64", []Value{f64(-0.5)}, f64(math.Copysign(0, -1))},
		{"round_f32", []Value{f32(0.5)}, f32(0)},
		{"round_f16", []Value{f16(1.5)}, f16(2)},
		{"atan2_f64", []Value{f64(1), f64(0)}, f64(math.Pi / 2)},
		{"atan2_f64", []Value{f64(0), f64(-1)}, f64(math.Pi)},
		{"atan2pi_f64", []Value{f64(1), f64(1)}, f64(0.25)},
		{"hypot_f64", []Value{f64(3), f64(4)}, f64(5)},
		{"hypot_f64", []Value{f64(3e300), f64(4e300)}, f64(5e300)},
		{"hypot_f32", []Value{f32(3e30), f32(4e30)}, f32(5e30)},
		{"copysign_f64", []Value{f64(3), f64(-0.0 * 1)}, f64(3)},
		{"copysign_f64", []Value{f64(3), f64(math.Copysign(0, -1))}, f64(-3)},
		{"copysign_f32", []Value{f32(-2), f32(1)}, f32(2)},
		{"copysign_f16", []Value{f16(2), f16(-1)}, f16(-2)},
		{"nextafter_f64", []Value{f64(1), f64(2)}, f64(1 + 0x1p-52)},
		{"nextafter_f32", []Value{f32(1), f32(0)}, f32(1 - 0x1p-24)},
		{"nextafter_f16", []Value{f16(1), f16(2)}, f16(1 + 0x1p-10)},
		{"nextafter_f16", []Value{f16(1), f16(0)}, f16(1 - 0x1p-11)},
		{"nextafter_f16", []Value{f16(0), f16(-1)}, f16(-0x1p-24)},
		{"nextafter_f16", []Value{f16(-0x1p-24), f16(1)}, f16(math.Copysign(0, -1))},
		{"nextafter_f16", []Value{f16(inf), f16(0)}, f16(65504)},
		{"nextafter_f16", []Value{f16(3), f16(3)}, f16(3)},
		{"fma_f64", []Value{f64(1 + 0x1p-52), f64(1 - 0x1p-52), f64(-1)}, f64(-0x1p-104)},
		{"fma_f32", []Value{f32(2), f32(3), f32(4)}, f32(10)},
		{"mad_f64", []Value{f64(2), f64(3), f64(4)}, f64(10)},
		{"mad_f16", []Value{f16(2), f16(3), f16(4)}, f16(10)},
		{"lerp_f64", []Value{f64(1), f64(3), f64(0.25)}, f64(1.5)},
		{"lerp_f32", []Value{f32(10), f32(20), f32(2)}, f32(30)},
		{"isnan_f64", []Value{f64(nan)}, BoolValue(true)},
		{"isnan_f32", []Value{f32(inf)}, BoolValue(false)},
		{"isinf_f64", []Value{f64(-inf)}, BoolValue(true)},
		{"isinf_f16", []Value{f16(nan)}, BoolValue(false)},
		{"isinf_f32", []Value{f32(-inf)}, BoolValue(true)},
		{"isnan_f16", []Value{f16(nan)}, BoolValue(true)},
		{"abs_f16", []Value{f16(-0.5)}, f16(0.5)},
		{"sgn_f32", []Value{f32(nan)}, f32(nan)},
		{"min_f16", []Value{f16(1), f16(nan)}, f16(1)},
		{"max_f32", []Value{f32(-0.5), f32(-1)}, f32(-0.5)},
		{"to_bits_f64", []Value{f64(1)}, UintValue(U64, 0x3ff0000000000000)},
		{"to_bits_f32", []Value{f32(-2)}, UintValue(U32, 0xc0000000)},
		{"to_bits_f16", []Value{f16(1)}, UintValue(U16, 0x3c00)},
		{"from_bits_f64", []Value{UintValue(U64, 0x4000000000000000)}, f64(2)},
		{"from_bits_f32", []Value{UintValue(U32, 0x3f800000)}, f32(1)},
		{"from_bits_f16", []Value{UintValue(U16, 0xc000)}, f16(-2)},
		{"ldexp_f64", []Value{f64(3), IntValue(I32, 4)}, f64(48)},
		{"ldexp_f32", []Value{f32(1), IntValue(I32, -149)}, f32(0x1p-149)},
		{"ldexp_f32", []Value{f32(1), IntValue(I32, 128)}, f32(inf)},
		{"ldexp_f16", []Value{f16(1), IntValue(I32, -24)}, f16(0x1p-24)},
		{"abs_f64", []Value{f64(math.Copysign(0, -1))}, f64(0)},
		{"abs_f32", []Value{f32(-inf)}, f32(inf)},
		{"abs_i8", []Value{IntValue(I8, -128)}, IntValue(I8, -128)},
		{"abs_i32", []Value{IntValue(I32, -5)}, IntValue(I32, 5)},
		{"abs_u8", []Value{IntValue(U8, 200)}, IntValue(U8, 200)},
		{"sgn_f64", []Value{f64(-3)}, f64(-1)},
		{"sgn_f64", []Value{f64(math.Copysign(0, -1))}, f64(math.Copysign(0, -1))},
		{"sgn_f16", []Value{f16(7)}, f16(1)},
		{"sgn_i16", []Value{IntValue(I16, -300)}, IntValue(I16, -1)},
		{"sgn_i64", []Value{IntValue(I64, 0)}, IntValue(I64, 0)},
		{"sgn_u32", []Value{IntValue(U32, -1)}, IntValue(U32, 1)},
		{"min_f64", []Value{f64(nan), f64(1)}, f64(1)},
		{"min_f64", []Value{f64(1), f64(nan)}, f64(1)},
		{"min_f32", []Value{f32(-1), f32(2)}, f32(-1)},
		{"max_f64", []Value{f64(nan), f64(-inf)}, f64(-inf)},
		{"max_f16", []Value{f16(1), f16(2)}, f16(2)},
		{"min_i8", []Value{IntValue(I8, -1), IntValue(I8, 1)}, IntValue(I8, -1)},
		{"min_u8", []Value{IntValue(U8, 255), IntValue(U8, 1)}, IntValue(U8, 1)},
		{"max_u64", []Value{IntValue(U64, -1), IntValue(U64, 1)}, IntValue(U64, -1)},
		{"max_i64", []Value{IntValue(I64, -1), IntValue(I64, 1)}, IntValue(I64, 1)},
		{"popc_u8", []Value{IntValue(U8, 255)}, IntValue(I32, 8)},
		{"popc_i64", []Value{IntValue(I64, -1)}, IntValue(I32, 64)},
		{"popc_i16", []Value{IntValue(I16, -1)}, IntValue(I32, 16)},
		{"clz_u8", []Value{IntValue(U8, 0)}, IntValue(I32, 8)},
		{"clz_i32", []Value{IntValue(I32, 1)}, IntValue(I32, 31)},
		{"clz_i16", []Value{IntValue(I16, -1)}, IntValue(I32, 0)},
		{"ctz_u64", []Value{IntValue(U64, 0)}, IntValue(I32, 64)},
		{"ctz_i8", []Value{IntValue(I8, -128)}, IntValue(I32, 7)},
		{"ctz_i32", []Value{IntValue(I32, 12)}, IntValue(I32, 2)},
		{"mul_hi_u32", []Value{IntValue(U32, 0x80000000), IntValue(U32, 4)}, IntValue(U32, 2)},
		{"mul_hi_i32", []Value{IntValue(I32, -1), IntValue(I32, 1)}, IntValue(I32, -1)},
		{"mul_hi_i8", []Value{IntValue(I8, -128), IntValue(I8, -128)}, IntValue(I8, 64)},
		{"mul_hi_u64", []Value{IntValue(U64, -1), IntValue(U64, -1)}, IntValue(U64, -2)},
		{"mul_hi_i64", []Value{IntValue(I64, -1), IntValue(I64, -1)}, IntValue(I64, 0)},
		{"mul_hi_i64", []Value{IntValue(I64, math.MinInt64), IntValue(I64, 2)}, IntValue(I64, -1)},
		{"mul_hi_i64", []Value{IntValue(I64, 1<<62), IntValue(I64, 8)}, IntValue(I64, 2)},
		{"mad_hi_i32", []Value{IntValue(I32, 1<<30), IntValue(I32, 8), IntValue(I32, 5)}, IntValue(I32, 7)},
		{"mad_hi_u8", []Value{IntValue(U8, 255), IntValue(U8, 255), IntValue(U8, 2)}, IntValue(U8, 0)}, // 255*255 = 0xfe01: 0xfe + 2 wraps
		{"lshr_i8", []Value{IntValue(I8, -128), IntValue(I8, 7)}, IntValue(I8, 1)},
		{"lshr_i32", []Value{IntValue(I32, -1), IntValue(I32, 28)}, IntValue(I32, 15)},
		{"lshr_u16", []Value{IntValue(U16, 0x8000), IntValue(U16, 16)}, IntValue(U16, 0)},
		{"ashr_u32", []Value{IntValue(U32, 0x80000000), IntValue(U32, 31)}, IntValue(U32, 0xffffffff)},
		{"ashr_u8", []Value{IntValue(U8, 0x40), IntValue(U8, 2)}, IntValue(U8, 0x10)},
		{"ashr_u8", []Value{IntValue(U8, 0x80), IntValue(U8, 200)}, IntValue(U8, 0xff)},
		{"ashr_i16", []Value{IntValue(I16, -4), IntValue(I16, 1)}, IntValue(I16, -2)},
		// §8.6 conversion examples.
		{"conv_i8_i64", []Value{IntValue(I8, -1)}, IntValue(I64, -1)},
		{"conv_u8_i64", []Value{IntValue(U8, 200)}, IntValue(I64, 200)},
		{"conv_i8_u32", []Value{IntValue(I8, -1)}, IntValue(U32, 255)},
		{"conv_i8_u8", []Value{IntValue(I8, -1)}, IntValue(U8, 255)},
		{"conv_u8_i8", []Value{IntValue(U8, 200)}, IntValue(I8, -56)},
		{"conv_i32_i8", []Value{IntValue(I32, 0x1234)}, IntValue(I8, 0x34)},
		{"conv_i64_i16", []Value{IntValue(I64, -65535)}, IntValue(I16, 1)},
		{"conv_f64_u8", []Value{f64(-1)}, IntValue(U8, 255)},
		{"conv_f64_i32", []Value{f64(-2.9)}, IntValue(I32, -2)},
		{"conv_f64_i32", []Value{f64(nan)}, IntValue(I32, 0)},
		{"conv_f32_i64", []Value{f32(-inf)}, IntValue(I64, 0)},
		{"conv_f64_u64", []Value{f64(1e19)}, UintValue(U64, 10000000000000000000)},
		{"conv_f16_u16", []Value{f16(-2.5)}, IntValue(U16, 65534)},
		{"conv_f64_bool", []Value{f64(nan)}, BoolValue(true)},
		{"conv_f32_bool", []Value{f32(math.Copysign(0, -1))}, BoolValue(false)},
		{"conv_i32_bool", []Value{IntValue(I32, 256)}, BoolValue(true)},
		{"conv_u8_bool", []Value{IntValue(U8, 0)}, BoolValue(false)},
		{"conv_bool_f32", []Value{BoolValue(true)}, f32(1)},
		{"conv_bool_i64", []Value{BoolValue(false)}, IntValue(I64, 0)},
		{"conv_bool_bool", []Value{BoolValue(true)}, BoolValue(true)},
		{"conv_i32_f64", []Value{IntValue(I32, -7)}, f64(-7)},
		{"conv_u64_f64", []Value{IntValue(U64, -1)}, f64(0x1p64)},
		{"conv_i64_f32", []Value{IntValue(I64, 1<<53+1<<29+1)}, f32(0x1p53 + 0x1p30)}, // no double rounding
		{"conv_u64_f32", []Value{UintValue(U64, 1<<63|1<<39|1)}, f32(0x1p63 + 0x1p40)},
		{"conv_i32_f16", []Value{IntValue(I32, 70000)}, f16(inf)},
		{"conv_u8_f16", []Value{IntValue(U8, 255)}, f16(255)},
		{"conv_f64_f32", []Value{f64(0.1)}, f32(0.1)},
		{"conv_f32_f64", []Value{f32(0.1)}, f64(float64(float32(0.1)))},
		{"conv_f64_f16", []Value{f64(65519)}, f16(65504)},
		{"conv_f16_f64", []Value{f16(0x1p-24)}, f64(0x1p-24)},
		{"conv_i32_i32", []Value{IntValue(I32, 5)}, IntValue(I32, 5)},
	}
	for _, tt := range tests {
		got := call(t, tt.name, tt.args...)
		same := got == tt.want
		if got.Type() == tt.want.Type() && got.Type().IsFloat() {
			g, w := got.Float(), tt.want.Float()
			// Transcendental results may differ from the true value in the
			// last bits; exact cases (0, 1, inf, signed zeros) stay exact.
			same = same || math.IsNaN(g) && math.IsNaN(w) ||
				w != 0 && !math.IsInf(w, 0) && math.Abs(g-w) <= 4e-16*math.Abs(w)
		}
		if !same {
			t.Errorf("%s%v = %v, want %v", tt.name, tt.args, got, tt.want)
		}
	}
}

// TestFloatFuncsNarrow checks the f16 and f32 instance of every t -> t float
// function against the f64 instance rounded to the narrower type.
func TestFloatFuncsNarrow(t *testing.T) {
	args := []float64{0.3, 0.75, 1.25, 2, -0.6, 3.5}
	for _, f := range Funcs {
		if f.Params[0] != F64 || f.Ret != F64 || f.Fn == "nextafter" || f.Fn == "ldexp" || f.Fn == "conv" {
			continue
		}
		for _, nt := range []Type{F32, F16} {
			narrow := strings.TrimSuffix(f.Name, "f64") + nt.String()
			for _, x := range args {
				xs := make([]Value, len(f.Params))
				ws := make([]Value, len(f.Params))
				for k := range xs {
					xs[k] = FloatValue(nt, x+float64(k))
					ws[k] = FloatValue(F64, xs[k].Float())
				}
				wide := call(t, f.Name, ws...)
				got := call(t, narrow, xs...)
				want := FloatValue(nt, float64(float32(wide.Float())))
				if f.Fn == "fma" || f.Fn == "mad" || f.Fn == "lerp" {
					continue // computed in the narrow type, checked in TestFuncValues
				}
				if got != want && !(math.IsNaN(got.Float()) && math.IsNaN(want.Float())) {
					t.Errorf("%s%v = %v, want %v", narrow, xs, got, want)
				}
			}
		}
	}
}

// TestConversions checks integer conversions against Go's own conversions,
// which follow the same rules except for the signed-to-unsigned widening
// that §8.6 makes zero-extending.
func TestConversions(t *testing.T) {
	samples := []int64{0, 1, -1, 127, -128, 200, 255, 256, -300, 32767, -32768, 65535, 1 << 31, -1 << 31, 1<<32 - 1, math.MaxInt64, math.MinInt64}
	goConv := map[Type]func(int64) int64{
		I8: func(x int64) int64 { return int64(int8(x)) }, I16: func(x int64) int64 { return int64(int16(x)) },
		I32: func(x int64) int64 { return int64(int32(x)) }, I64: func(x int64) int64 { return x },
		U8: func(x int64) int64 { return int64(uint8(x)) }, U16: func(x int64) int64 { return int64(uint16(x)) },
		U32: func(x int64) int64 { return int64(uint32(x)) }, U64: func(x int64) int64 { return x },
	}
	for _, from := range intTypes {
		for _, to := range Types {
			name := "conv_" + from.String() + "_" + to.String()
			for _, s := range samples {
				x := IntValue(from, s)
				got := call(t, name, x)
				src := goConv[from](s) // the source value as Go sees it
				if from.IsSigned() && to.IsUnsigned() && to.Bits() > from.Bits() {
					src = int64(x.Bits()) // zero-extend: §8.6
				}
				var want Value
				switch {
				case to.IsInt():
					want = IntValue(to, goConv[to](src))
				case to == Bool:
					want = BoolValue(s&(1<<from.Bits()-1) != 0 || from.Bits() == 64 && s != 0)
				case from == U64:
					want = FloatValue(to, float64(float32(uint64(src))))
					if to == F64 {
						want = FloatValue(to, float64(uint64(src)))
					}
				default:
					want = FloatValue(to, float64(float32(src)))
					if to == F64 {
						want = FloatValue(to, float64(src))
					}
				}
				if got != want {
					t.Errorf("%s(%v) = %v, want %v", name, x, got, want)
				}
			}
		}
	}
	floats := []float64{0, -0.5, 1.9, -1.9, 100.5, -100.5, 3e4, math.NaN(), math.Inf(1), math.Inf(-1)}
	for _, from := range floatTypes {
		for _, to := range Types {
			name := "conv_" + from.String() + "_" + to.String()
			for _, s := range floats {
				x := FloatValue(from, s)
				got := call(t, name, x)
				xf := x.Float()
				var want Value
				switch {
				case to == Bool:
					want = BoolValue(xf != 0)
				case to.IsFloat():
					want = FloatValue(to, xf)
				case math.IsNaN(xf) || math.IsInf(xf, 0):
					want = Zero(to)
				default:
					want = IntValue(to, goConv[to](int64(xf)))
				}
				if got != want && !(to.IsFloat() && math.IsNaN(xf) && math.IsNaN(got.Float())) {
					t.Errorf("%s(%v) = %v, want %v", name, x, got, want)
				}
			}
		}
	}
	for _, to := range Types {
		name := "conv_bool_" + to.String()
		if call(t, name, BoolValue(true)) != One(to) || call(t, name, BoolValue(false)) != Zero(to) {
			t.Errorf("%s is wrong", name)
		}
	}
}

// TestIntFuncsAllTypes runs the integer functions on every integer type
// against definitions written with Go's integer operations.
func TestIntFuncsAllTypes(t *testing.T) {
	for _, ty := range intTypes {
		w := ty.Bits()
		for _, s := range []int64{0, 1, -1, 5, -6, 1 << (w - 1), 1<<(w-1) - 1} {
			x := IntValue(ty, s)
			b := x.Bits()
			pop := 0
			for k := 0; k < w; k++ {
				pop += int(b >> k & 1)
			}
			if got := call(t, "popc_"+ty.String(), x); got != IntValue(I32, int64(pop)) {
				t.Errorf("popc(%v) = %v, want %d", x, got, pop)
			}
			lz, tz := 0, 0
			for k := w - 1; k >= 0 && b>>k&1 == 0; k-- {
				lz++
			}
			for k := 0; k < w && b>>k&1 == 0; k++ {
				tz++
			}
			if got := call(t, "clz_"+ty.String(), x); got != IntValue(I32, int64(lz)) {
				t.Errorf("clz(%v) = %v, want %d", x, got, lz)
			}
			if got := call(t, "ctz_"+ty.String(), x); got != IntValue(I32, int64(tz)) {
				t.Errorf("ctz(%v) = %v, want %d", x, got, tz)
			}
			three := IntValue(ty, 3)
			for _, fn := range []string{"abs", "sgn", "min", "max", "mul_hi", "mad_hi", "lshr", "ashr"} {
				args := []Value{x, three, three}[:len(Funcs[funcsByName[fn+"_"+ty.String()]].Params)]
				call(t, fn+"_"+ty.String(), args...)
			}
			// Go-native oracles: x as a mathematical integer and comparisons with 3.
			var xm int64
			var below3 bool
			if ty.IsSigned() {
				xm, below3 = x.Int(), x.Int() < 3
			} else {
				below3 = x.Uint() < 3
			}
			absWant, sgnWant := x, IntValue(ty, 0)
			switch {
			case ty.IsSigned() && xm < 0:
				absWant, sgnWant = IntValue(ty, -xm), IntValue(ty, -1)
			case b != 0:
				sgnWant = IntValue(ty, 1)
			}
			minWant, maxWant := three, x
			if below3 {
				minWant, maxWant = x, three
			}
			ashrWant := UintValue(ty, b>>1|b&(1<<(w-1)))
			for name, want := range map[string]Value{"abs": absWant, "sgn": sgnWant, "min": minWant, "max": maxWant, "ashr": ashrWant} {
				args := []Value{x, three}[:len(Funcs[funcsByName[name+"_"+ty.String()]].Params)]
				if name == "ashr" {
					args[1] = IntValue(ty, 1)
				}
				if got := call(t, name+"_"+ty.String(), args...); got != want {
					t.Errorf("%s_%v%v = %v, want %v", name, ty, args, got, want)
				}
			}
			if got, want := call(t, "lshr_"+ty.String(), x, IntValue(ty, 1)), UintValue(ty, b>>1); got != want {
				t.Errorf("lshr(%v, 1) = %v, want %v", x, got, want)
			}
			if w < 64 {
				// mul_hi x 3 for narrow types is the exact product shifted right.
				p := x.Int() * 3
				if ty.IsUnsigned() {
					p = int64(x.Uint() * 3)
				}
				if got, want := call(t, "mul_hi_"+ty.String(), x, three), IntValue(ty, p>>w); got != want {
					t.Errorf("mul_hi(%v, 3) = %v, want %v", x, got, want)
				}
				if got, want := call(t, "mad_hi_"+ty.String(), x, three, three), IntValue(ty, p>>w+3); got != want {
					t.Errorf("mad_hi(%v, 3, 3) = %v, want %v", x, got, want)
				}
			}
		}
	}
}

func TestEveryFuncTested(t *testing.T) {
	t.Run("values", TestFuncValues)
	t.Run("narrow", TestFloatFuncsNarrow)
	t.Run("conv", TestConversions)
	t.Run("int", TestIntFuncsAllTypes)
	for _, f := range Funcs {
		if !funcsCovered[f.Name] {
			t.Errorf("%s is not tested", f.Name)
		}
	}
}

func TestFuncTable(t *testing.T) {
	names := map[string]bool{}
	for k, f := range Funcs {
		if int(f.ID) != k || names[f.Name] {
			t.Fatalf("Funcs[%d] = %s has id %d or a duplicate name", k, f.Name, f.ID)
		}
		names[f.Name] = true
	}
	// Spot checks of the instance set and signatures in docs/INTRINSICS.md.
	sigs := map[string]string{
		"sin_f32":        "f32 -> f32",
		"popc_u8":        "u8 -> i32",
		"conv_i32_f64":   "i32 -> f64",
		"conv_bool_f32":  "bool -> f32",
		"conv_f32_u8":    "f32 -> u8",
		"conv_i8_i8":     "i8 -> i8",
		"from_bits_f32":  "u32 -> f32",
		"to_bits_f64":    "f64 -> u64",
		"to_bits_f16":    "f16 -> u16",
		"ldexp_f32":      "f32 -> i32 -> f32",
		"lshr_i32":       "i32 -> i32 -> i32",
		"ashr_u32":       "u32 -> u32 -> u32",
		"mad_hi_i64":     "i64 -> i64 -> i64 -> i64",
		"lerp_f64":       "f64 -> f64 -> f64 -> f64",
		"isnan_f16":      "f16 -> bool",
		"abs_u16":        "u16 -> u16",
		"atan2pi_f32":    "f32 -> f32 -> f32",
		"nextafter_f16":  "f16 -> f16 -> f16",
		"conv_bool_bool": "bool -> bool",
	}
	for name, want := range sigs {
		f, ok := LookupFunc(name)
		if !ok {
			t.Errorf("%s missing", name)
			continue
		}
		var parts []string
		for _, p := range f.Params {
			parts = append(parts, p.String())
		}
		if got := strings.Join(append(parts, f.Ret.String()), " -> "); got != want {
			t.Errorf("%s : %s, want %s", name, got, want)
		}
	}
	for _, absent := range []string{"sin_i32", "sqrt_u8", "abs_bool", "popc_f32", "mul_hi_f64", "to_bits_i32", "from_bits_u32", "min_bool"} {
		if _, ok := LookupFunc(absent); ok {
			t.Errorf("%s should not exist", absent)
		}
	}
	// 34 unary (and digamma, trigamma) + 3 binary + copysign, nextafter, fma, mad, lerp, isnan, isinf,
	// to_bits, from_bits, ldexp per float type; abs sgn min max per numeric
	// type; 7 per integer type; 144 conversions.
	if want := 3*(36+3+10) + 11*4 + 7*8 + 144; len(Funcs) != want {
		t.Errorf("%d functions, want %d", len(Funcs), want)
	}
	if _, err := EvalFunc("sin_f32", []Value{FloatValue(F64, 1)}); err == nil {
		t.Errorf("sin_f32 accepted an f64 argument")
	}
	if _, err := EvalFunc("atan2_f64", []Value{FloatValue(F64, 1)}); err == nil {
		t.Errorf("atan2_f64 accepted one argument")
	}
	if _, err := EvalFunc("nosuch_f64", nil); err == nil {
		t.Errorf("unknown function accepted")
	}
}

// TestFloatMinMax: float min and max are IEEE 754-2019 minimumNumber and
// maximumNumber in every float type: a NaN loses to a number, -0 is below
// +0 whatever the operands' order, and otherwise the smaller (larger)
// operand is returned.
func TestFloatMinMax(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	negz := math.Copysign(0, -1)
	cases := []struct {
		a, b, min, max float64
	}{
		{1, 2, 1, 2},
		{2, 1, 1, 2},
		{-inf, inf, -inf, inf},
		{0, negz, negz, 0},
		{negz, 0, negz, 0},
		{negz, negz, negz, negz},
		{0, 0, 0, 0},
		{nan, 1, 1, 1},
		{1, nan, 1, 1},
		{nan, negz, negz, negz},
		{-2.5, -2.5, -2.5, -2.5},
	}
	for _, ty := range []Type{F16, F32, F64} {
		for _, c := range cases {
			a, b := FloatValue(ty, c.a), FloatValue(ty, c.b)
			for fn, want := range map[string]float64{"min": c.min, "max": c.max} {
				got := call(t, fn+"_"+ty.String(), a, b)
				if got != FloatValue(ty, want) {
					t.Errorf("%s_%v(%v, %v) = %v (sign bit %v), want %v (sign bit %v)", fn, ty, c.a, c.b,
						got.Float(), math.Signbit(got.Float()), want, math.Signbit(want))
				}
			}
		}
		nn := FloatValue(ty, nan)
		for _, fn := range []string{"min", "max"} {
			if got := call(t, fn+"_"+ty.String(), nn, nn); !math.IsNaN(got.Float()) {
				t.Errorf("%s_%v(NaN, NaN) = %v, want NaN", fn, ty, got.Float())
			}
		}
	}
}
