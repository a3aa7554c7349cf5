package prim

import (
	"math"
	"strconv"
)

// Value is a scalar of some primitive type. It is small and passed by value.
// Values are comparable: == compares type and bit pattern (so a NaN equals
// itself and 0.0 differs from -0.0), which suits maps of constants;
// EvalCmpOp compares by the language's rules.
//
// bits holds the value's bit pattern: integers sign-extended (signed types)
// or zero-extended (unsigned types) to 64 bits, f16 and f32 as their raw
// IEEE bits (so bit reinterpretation is exact, NaN payloads included), f64 as
// its raw bits, bool as 0 or 1.
type Value struct {
	t    Type
	bits uint64
}

// IntValue returns x as a value of the integer type t, wrapped to its width.
// For float types it converts x (like FloatValue); for bool it tests x != 0.
func IntValue(t Type, x int64) Value {
	switch {
	case t.IsInt():
		return Value{t, wrapBits(t, uint64(x))}
	case t.IsFloat():
		return FloatValue(t, float64(x))
	case t == Bool:
		return BoolValue(x != 0)
	}
	return Value{}
}

// UintValue returns x as a value of the integer type t, wrapped to its width.
// For float types it converts x; for bool it tests x != 0.
func UintValue(t Type, x uint64) Value {
	switch {
	case t.IsInt():
		return Value{t, wrapBits(t, x)}
	case t.IsFloat():
		return Convert(Value{U64, x}, t)
	}
	return IntValue(t, int64(x))
}

// FloatValue returns x rounded (to nearest, ties to even) to the float type t.
func FloatValue(t Type, x float64) Value {
	switch t {
	case F64:
		return Value{F64, math.Float64bits(x)}
	case F32:
		return Value{F32, uint64(math.Float32bits(float32(x)))}
	case F16:
		return Value{F16, uint64(F16FromFloat64(x))}
	}
	return Value{}
}

// Float32Value returns the f32 value x.
func Float32Value(x float32) Value { return Value{F32, uint64(math.Float32bits(x))} }

// BoolValue returns the bool value b.
func BoolValue(b bool) Value {
	if b {
		return Value{Bool, 1}
	}
	return Value{Bool, 0}
}

// FromBits returns the value of type t whose bit pattern (in the low
// t.Bits() bits of b) is b, as stored by the binary value format.
func FromBits(t Type, b uint64) Value {
	switch {
	case t.IsInt():
		return Value{t, wrapBits(t, b)}
	case t == F16:
		return Value{F16, b & 0xffff}
	case t == F32:
		return Value{F32, b & 0xffffffff}
	case t == F64:
		return Value{F64, b}
	case t == Bool:
		return BoolValue(b&1 != 0)
	}
	return Value{}
}

// Zero returns the zero of t (false for bool, +0 for floats).
func Zero(t Type) Value {
	if t == Invalid || int(t) >= len(typeNames) {
		return Value{}
	}
	return Value{t, 0}
}

// Lowest returns the smallest value of t (-inf for floats, false for bool).
func Lowest(t Type) Value {
	switch {
	case t.IsSigned():
		return IntValue(t, -1<<(t.Bits()-1))
	case t.IsFloat():
		return FloatValue(t, math.Inf(-1))
	}
	return Zero(t)
}

// Highest returns the largest value of t (+inf for floats, true for bool).
func Highest(t Type) Value {
	switch {
	case t.IsSigned():
		return IntValue(t, 1<<(t.Bits()-1)-1)
	case t.IsUnsigned():
		return UintValue(t, math.MaxUint64)
	case t.IsFloat():
		return FloatValue(t, math.Inf(1))
	}
	return One(t)
}

// One returns the one of t (true for bool).
func One(t Type) Value { return IntValue(t, 1) }

// Type returns the primitive type of v (Invalid for the zero Value).
func (v Value) Type() Type { return v.t }

// Bits returns v's bit pattern in the low t.Bits() bits, zero-extended.
func (v Value) Bits() uint64 {
	switch v.t.Bits() {
	case 8:
		return v.bits & 0xff
	case 16:
		return v.bits & 0xffff
	case 32:
		return v.bits & 0xffffffff
	}
	return v.bits
}

// Int returns v as an int64: integers exactly (unsigned 64-bit values above
// MaxInt64 wrap), floats truncated toward zero (NaN and infinities give 0),
// bools as 0 or 1.
func (v Value) Int() int64 {
	if v.t.IsFloat() {
		return floatToInt64(v.Float())
	}
	return int64(v.bits)
}

// Uint returns v as a uint64: unsigned integers exactly, signed integers
// reinterpreted from their sign-extended two's-complement bits.
func (v Value) Uint() uint64 {
	if v.t.IsFloat() {
		return uint64(floatToInt64(v.Float()))
	}
	return v.bits
}

// Float returns v as a float64: floats exactly, integers rounded to nearest.
func (v Value) Float() float64 {
	switch v.t {
	case F64:
		return math.Float64frombits(v.bits)
	case F32:
		return float64(math.Float32frombits(uint32(v.bits)))
	case F16:
		return F16ToFloat64(uint16(v.bits))
	}
	if v.t.IsUnsigned() {
		return float64(v.bits)
	}
	return float64(int64(v.bits))
}

// Float32 returns v as a float32 (exactly for f16 and f32).
func (v Value) Float32() float32 {
	if v.t == F32 {
		return math.Float32frombits(uint32(v.bits))
	}
	return float32(v.Float())
}

// Bool reports whether v is nonzero (the bool value itself for bools).
func (v Value) Bool() bool {
	if v.t.IsFloat() {
		return v.Float() != 0
	}
	return v.bits != 0
}

// IsZero reports whether v is the zero of its type (also true for -0.0).
func (v Value) IsZero() bool { return !v.Bool() }

// Identical reports whether a and b have the same type and bit pattern
// (unlike ==, NaN is identical to itself and -0.0 differs from 0.0).
func Identical(a, b Value) bool { return a == b }

// String formats v as in the textual value format (FORMATS.md §1.3).
func (v Value) String() string {
	return string(v.AppendText(nil))
}

// AppendText appends v's textual form (FORMATS.md §1.3, except that
// floats take the shortest form that reads back as the same value) to buf.
func (v Value) AppendText(buf []byte) []byte {
	switch {
	case v.t.IsSigned():
		buf = strconv.AppendInt(buf, int64(v.bits), 10)
	case v.t.IsUnsigned():
		buf = strconv.AppendUint(buf, v.bits, 10)
	case v.t.IsFloat():
		f := v.Float()
		switch {
		case math.IsNaN(f):
			return append(append(buf, v.t.String()...), ".nan"...)
		case math.IsInf(f, 1):
			return append(append(buf, v.t.String()...), ".inf"...)
		case math.IsInf(f, -1):
			return append(append(append(buf, '-'), v.t.String()...), ".inf"...)
		default:
			buf = appendShortest(buf, v.t, f)
		}
	case v.t == Bool:
		if v.bits != 0 {
			return append(buf, "true"...)
		}
		return append(buf, "false"...)
	default:
		return append(buf, "<invalid>"...)
	}
	return append(buf, v.t.String()...)
}

// appendShortest appends the shortest decimal form (in %g style) that
// reads back as the same value of the float type t.
func appendShortest(buf []byte, t Type, f float64) []byte {
	switch t {
	case F64:
		return strconv.AppendFloat(buf, f, 'g', -1, 64)
	case F32:
		return strconv.AppendFloat(buf, f, 'g', -1, 32)
	}
	// f16: the fewest significant digits that convert back to the same
	// half-precision bits (at most 5 are ever needed).
	want := F16FromFloat64(f)
	for p := 1; p < 9; p++ {
		s := strconv.AppendFloat(buf, f, 'g', p, 64)
		x, err := strconv.ParseFloat(string(s[len(buf):]), 64)
		if err == nil && F16FromFloat64(x) == want {
			return s
		}
	}
	return strconv.AppendFloat(buf, f, 'g', 9, 64)
}

// wrapBits truncates b to the integer type t's width and re-extends it.
func wrapBits(t Type, b uint64) uint64 {
	w := uint(t.Bits())
	if w == 64 {
		return b
	}
	if t.IsSigned() {
		return uint64(int64(b<<(64-w)) >> (64 - w))
	}
	return b & (1<<w - 1)
}

// floatToInt64 truncates toward zero; NaN, infinities and values outside
// the int64 range give 0 (the language leaves out-of-range unspecified).
func floatToInt64(f float64) int64 {
	if f != f || f >= 0x1p63 || f < -0x1p63 {
		return 0
	}
	return int64(f)
}

// F16FromFloat64 rounds x to the nearest binary16 value (ties to even),
// with subnormals, overflow to infinity and NaN, and returns its bits.
func F16FromFloat64(x float64) uint16 {
	b := math.Float64bits(x)
	sign := uint16(b>>48) & 0x8000
	exp := int(b>>52) & 0x7ff
	mant := b & (1<<52 - 1)
	if exp == 0x7ff {
		if mant != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	}
	if exp == 0 {
		return sign // f64 subnormals are far below half the smallest f16
	}
	e := exp - 1023
	m := mant | 1<<52
	var shift uint
	if e >= -14 {
		shift = 42 // keep 11 significant bits
	} else if e >= -25 {
		shift = uint(28 - e) // subnormal: units of 2^-24
	} else {
		return sign
	}
	q := m >> shift
	rem := m & (1<<shift - 1)
	half := uint64(1) << (shift - 1)
	if rem > half || rem == half && q&1 == 1 {
		q++
	}
	if e < -14 {
		return sign | uint16(q) // q == 0x400 is the smallest normal
	}
	if q == 1<<11 {
		q >>= 1
		e++
	}
	if e > 15 {
		return sign | 0x7c00
	}
	return sign | uint16(e+15)<<10 | uint16(q&0x3ff)
}

// F16ToFloat64 returns the value of the binary16 bit pattern h.
func F16ToFloat64(h uint16) float64 {
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	exp := int(h>>10) & 0x1f
	mant := float64(h & 0x3ff)
	switch exp {
	case 0:
		return sign * math.Ldexp(mant, -24)
	case 0x1f:
		if mant != 0 {
			return math.Float64frombits(math.Float64bits(math.NaN()) | uint64(h&0x8000)<<48)
		}
		return math.Inf(int(sign))
	}
	return sign * math.Ldexp(1024+mant, exp-25)
}
