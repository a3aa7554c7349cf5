// Code generated from package rt by fluxion's Go backend. DO NOT EDIT.

package rtimpl

import (
	"math"
	"math/bits"

	"github.com/fluxion-lang/fluxion/rt"
)

type Sint interface {
	~int8 | ~int16 | ~int32 | ~int64
}

type Uint_ interface {
	~uint8 | ~uint16 | ~uint32 | ~uint64
}

type Anyint interface{ Sint | Uint_ }

func F16of32(x float32) rt.F16 { return rt.ToF16(float64(x)) }

func B2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

const (
	MsgDivZero = "division by zero"
	MsgNegExp  = "negative exponent"
)

// Sdiv is division rounding toward negative infinity.
func Sdiv[T Sint](pos string, x, y T) T {
	if y == 0 {
		Fail(pos, MsgDivZero)
	}
	q, r := x/y, x%y
	if r != 0 && (r < 0) != (y < 0) {
		q--
	}
	return q
}

// Sdivc is sdiv by a positive constant c: without the zero check it is
// small enough to inline, and Go then divides by the constant with a
// multiplication.
func Sdivc[T Sint](x, c T) T {
	q := x / c
	if x%c < 0 {
		q--
	}
	return q
}

// Smodc is smod by a positive constant c.
func Smodc[T Sint](x, c T) T {
	r := x % c
	if r < 0 {
		r += c
	}
	return r
}

// Smod is the remainder with the sign of the divisor.
func Smod[T Sint](pos string, x, y T) T {
	if y == 0 {
		Fail(pos, MsgDivZero)
	}
	r := x % y
	if r != 0 && (r < 0) != (y < 0) {
		r += y
	}
	return r
}

func Squot[T Sint](pos string, x, y T) T {
	if y == 0 {
		Fail(pos, MsgDivZero)
	}
	return x / y
}

func Srem[T Sint](pos string, x, y T) T {
	if y == 0 {
		Fail(pos, MsgDivZero)
	}
	return x % y
}

func Udiv[T Uint_](pos string, x, y T) T {
	if y == 0 {
		Fail(pos, MsgDivZero)
	}
	return x / y
}

func Umod[T Uint_](pos string, x, y T) T {
	if y == 0 {
		Fail(pos, MsgDivZero)
	}
	return x % y
}

func PowU64(x, y uint64) uint64 {
	r := uint64(1)
	for y != 0 {
		if y&1 != 0 {
			r *= x
		}
		x *= x
		y >>= 1
	}
	return r
}

func Spow[T Sint](pos string, x, y T) T {
	if y < 0 {
		Fail(pos, MsgNegExp)
	}
	return T(PowU64(uint64(x), uint64(y)))
}

func Upow[T Uint_](x, y T) T { return T(PowU64(uint64(x), uint64(y))) }

// Sshl and friends: shifts by w or more (or negative) give 0 or the sign.
func Sshl[T Sint](x, y T, w int64) T {
	if y < 0 || int64(y) >= w {
		return 0
	}
	return x << uint(y)
}

func Sshr[T Sint](x, y T, w int64) T {
	if y < 0 || int64(y) >= w {
		return x >> (w - 1)
	}
	return x >> uint(y)
}

func Ushl[T Uint_](x, y T, w int64) T {
	if uint64(y) >= uint64(w) {
		return 0
	}
	return x << y
}

func Ushr[T Uint_](x, y T, w int64) T {
	if uint64(y) >= uint64(w) {
		return 0
	}
	return x >> y
}

func NegF64(x float64) float64 { return math.Float64frombits(math.Float64bits(x) ^ 1<<63) }

func NegF32(x float32) float32 { return math.Float32frombits(math.Float32bits(x) ^ 1<<31) }

func AbsF64(x float64) float64 { return math.Float64frombits(math.Float64bits(x) &^ (1 << 63)) }

func AbsF32(x float32) float32 { return math.Float32frombits(math.Float32bits(x) &^ (1 << 31)) }

func Copysign32(x, y float32) float32 {
	return math.Float32frombits(math.Float32bits(x)&^(1<<31) | math.Float32bits(y)&(1<<31))
}

// f16 arithmetic: computed in float32, rounded to binary16.
func AddF16(x, y rt.F16) rt.F16 { return F16of32(x.F32() + y.F32()) }

func SubF16(x, y rt.F16) rt.F16 { return F16of32(x.F32() - y.F32()) }

func MulF16(x, y rt.F16) rt.F16 { return F16of32(float32(x.F32() * y.F32())) }

func DivF16(x, y rt.F16) rt.F16 { return F16of32(x.F32() / y.F32()) }

// modF and powF are fmod and pow computed in float64.
func ModF16(x, y rt.F16) rt.F16 { return F16of32(float32(math.Mod(x.F64(), y.F64()))) }

func PowF16(x, y rt.F16) rt.F16 { return F16of32(float32(math.Pow(x.F64(), y.F64()))) }

// F16fn applies a float64 function to an f16 the way f16 functions round.
func F16fn(f func(float64) float64, x rt.F16) rt.F16 { return rt.ToF16(float64(float32(f(x.F64())))) }

func F16fn2(f func(x, y float64) float64, x, y rt.F16) rt.F16 {
	return rt.ToF16(float64(float32(f(x.F64(), y.F64()))))
}

func IsNaN16(x rt.F16) bool { return x&0x7c00 == 0x7c00 && x&0x3ff != 0 }

// F2i truncates toward zero; NaN, infinities and out-of-range give 0.
func F2i(f float64) int64 {
	if f != f || f >= 0x1p63 || f < -0x1p63 {
		return 0
	}
	return int64(f)
}

// F2u64 is the conversion to u64, exact above 2^63.
func F2u64(f float64) uint64 {
	if f >= 0x1p63 && f < 0x1p64 {
		return uint64(f)
	}
	return uint64(F2i(f))
}

func Sinpi(x float64) float64 {
	if math.IsInf(x, 0) {
		return math.NaN()
	}
	r := math.Mod(x, 2)
	if r == math.Trunc(r) {
		return math.Copysign(0, x)
	}
	return math.Sin(math.Pi * r)
}

func Cospi(x float64) float64 {
	if math.IsInf(x, 0) {
		return math.NaN()
	}
	r := math.Mod(math.Abs(x), 2)
	if r == 0.5 || r == 1.5 {
		return 0
	}
	return math.Cos(math.Pi * r)
}

func Tanpi(x float64) float64 { return Sinpi(x) / Cospi(x) }

func Rsqrt(x float64) float64 { return 1 / math.Sqrt(x) }

func Asinpi(x float64) float64 { return math.Asin(x) / math.Pi }

func Acospi(x float64) float64 { return math.Acos(x) / math.Pi }

func Atanpi(x float64) float64 { return math.Atan(x) / math.Pi }

func Lgamma(x float64) float64 { y, _ := math.Lgamma(x); return y }

func Atan2pi(y, x float64) float64 { return math.Atan2(y, x) / math.Pi }

// MinF and maxF are IEEE 754-2019 minimumNumber and maximumNumber: a NaN
// loses to a number, and -0 is below +0. Go's min and max order the
// zeros so too, without a branch, so a loop over data whose order is
// random does not pay a mispredicted branch per call; they return a NaN
// when either operand is one, which two predicted tests rule out first.
// The tests come before min and max, not after, to keep the functions
// below the cost Go inlines into the large functions of generated code.
func MinF[T float32 | float64](a, b T) T {
	if a != a {
		return b
	}
	if b != b {
		return a
	}
	return min(a, b)
}

func MaxF[T float32 | float64](a, b T) T {
	if a != a {
		return b
	}
	if b != b {
		return a
	}
	return max(a, b)
}

func MinI[T Anyint](a, b T) T {
	if b < a {
		return b
	}
	return a
}

func MaxI[T Anyint](a, b T) T {
	if a < b {
		return b
	}
	return a
}

// MinF16 and maxF16 are minF and maxF for binary16: equal operands
// other than zeros have the same bits, so OR (AND) of the bits picks -0
// (+0) from a pair of zeros and changes nothing else.
func MinF16(a, b rt.F16) rt.F16 {
	switch fa, fb := a.F32(), b.F32(); {
	case IsNaN16(a) || fb < fa:
		return b
	case IsNaN16(b) || fa < fb:
		return a
	}
	return a | b
}

func MaxF16(a, b rt.F16) rt.F16 {
	switch fa, fb := a.F32(), b.F32(); {
	case IsNaN16(a) || fa < fb:
		return b
	case IsNaN16(b) || fb < fa:
		return a
	}
	return a & b
}

func AbsI[T Sint](x T) T {
	if x < 0 {
		return -x
	}
	return x
}

func SgnI[T Anyint](x T) T {
	switch {
	case x < 0:
		var one T = 1
		return 0 - one
	case x == 0:
		return 0
	}
	return 1
}

func SgnF[T float32 | float64](x T) T {
	if x != x || x == 0 {
		return x
	}
	if x < 0 {
		return -1
	}
	return 1
}

func SgnF16(x rt.F16) rt.F16 {
	if IsNaN16(x) || x&0x7fff == 0 {
		return x
	}
	if x&0x8000 != 0 {
		return 0xbc00
	}
	return 0x3c00
}

func Nextafter16(x, y rt.F16) rt.F16 {
	a, b := x.F64(), y.F64()
	switch {
	case a != a || b != b:
		return 0x7e00
	case a == b:
		return y
	case a == 0:
		return 1 | y&0x8000
	case (b > a) == (a > 0):
		return x + 1
	}
	return x - 1
}

// Bit operations on the w-bit pattern of an integer.
func Popc[T Anyint](x T, w int) int32 { return int32(bits.OnesCount64(uint64(x) & Mask(w))) }

func Clz[T Anyint](x T, w int) int32 {
	return int32(bits.LeadingZeros64(uint64(x)&Mask(w)) - (64 - w))
}

func Ctz[T Anyint](x T, w int) int32 {
	if uint64(x)&Mask(w) == 0 {
		return int32(w)
	}
	return int32(bits.TrailingZeros64(uint64(x)))
}

func Mask(w int) uint64 {
	if w == 64 {
		return math.MaxUint64
	}
	return 1<<w - 1
}

func MulHiS[T Sint](x, y T, w int) T {
	if w < 64 {
		return T(int64(x) * int64(y) >> w)
	}
	hi, _ := bits.Mul64(uint64(x), uint64(y))
	if x < 0 {
		hi -= uint64(y)
	}
	if y < 0 {
		hi -= uint64(x)
	}
	return T(hi)
}

func MulHiU[T Uint_](x, y T, w int) T {
	if w < 64 {
		return T(uint64(x) * uint64(y) >> w)
	}
	hi, _ := bits.Mul64(uint64(x), uint64(y))
	return T(hi)
}

func Lshr[T Anyint](x, y T, w int) T {
	s := uint64(y) & Mask(w)
	if s >= uint64(w) {
		return 0
	}
	return T((uint64(x) & Mask(w)) >> s)
}

func Ashr[T Anyint](x, y T, w int) T {
	v := int64(uint64(x)<<(64-w)) >> (64 - w)
	s := uint64(y) & Mask(w)
	if s >= uint64(w) {
		return T(v >> 63)
	}
	return T(v >> s)
}

// Digamma is ψ(x) = Γ'(x)/Γ(x), the derivative of lgamma: recurrence up
// to x >= 10, then the asymptotic series; reflection for negative x.
func Digamma(x float64) float64 {
	if x <= 0 && x == math.Floor(x) || x != x {
		return math.NaN()
	}
	if x < 0 {
		return Digamma(1-x) - math.Pi/math.Tan(math.Pi*x)
	}
	r := 0.0
	for x < 10 {
		r -= 1 / x
		x++
	}
	f := 1 / (x * x)
	tail := f * (-1.0/12 + f*(1.0/120+f*(-1.0/252+f*(1.0/240+f*(-1.0/132)))))
	return r + math.Log(x) - 0.5/x + tail
}

// Trigamma is ψ'(x), the derivative of digamma.
func Trigamma(x float64) float64 {
	if x <= 0 && x == math.Floor(x) || x != x {
		return math.NaN()
	}
	if x < 0 {
		s := math.Sin(math.Pi * x)
		return -Trigamma(1-x) + math.Pi*math.Pi/(s*s)
	}
	r := 0.0
	for x < 10 {
		r += 1 / (x * x)
		x++
	}
	f := 1 / (x * x)
	tail := f * (1.0/6 + f*(-1.0/30+f*(1.0/42+f*(-1.0/30+f*(5.0/66)))))
	return r + 1/x + 0.5*f + tail/x
}

// Sdivmod is sdiv and smod of the same operands, with one division.
func Sdivmod[T Sint](pos string, x, y T) (T, T) {
	if y == 0 {
		Fail(pos, MsgDivZero)
	}
	q, r := x/y, x%y
	if r != 0 && (r < 0) != (y < 0) {
		q--
		r += y
	}
	return q, r
}

// Squotrem is squot and srem of the same operands, with one division.
func Squotrem[T Sint](pos string, x, y T) (T, T) {
	if y == 0 {
		Fail(pos, MsgDivZero)
	}
	return x / y, x % y
}

// Udivmod is udiv and umod of the same operands, with one division.
func Udivmod[T Uint_](pos string, x, y T) (T, T) {
	if y == 0 {
		Fail(pos, MsgDivZero)
	}
	return x / y, x % y
}
