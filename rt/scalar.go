package rt

import (
	"math"
	"math/bits"
)

type sint interface {
	~int8 | ~int16 | ~int32 | ~int64
}

type uint_ interface {
	~uint8 | ~uint16 | ~uint32 | ~uint64
}

type anyint interface{ sint | uint_ }

// F16 is an IEEE binary16 value stored as its bits; arithmetic on it is
// done in float32 and rounded back, as the language prescribes.
type F16 uint16

// F32 returns the value of h exactly as a float32.
func (h F16) F32() float32 { return float32(h.F64()) }

// F64 returns the value of h exactly as a float64.
func (h F16) F64() float64 {
	neg := h&0x8000 != 0
	e := int(h>>10) & 0x1f
	m := float64(h & 0x3ff)
	var x float64
	switch e {
	case 0:
		x = math.Ldexp(m, -24)
	case 0x1f:
		if m != 0 {
			return math.Float64frombits(0x7ff8000000000000 | uint64(h&0x8000)<<48)
		}
		x = math.Inf(1)
	default:
		x = math.Ldexp(1024+m, e-25)
	}
	if neg {
		return -x
	}
	return x
}

// ToF16 rounds x to the nearest binary16 value, ties to even.
func ToF16(x float64) F16 {
	b := math.Float64bits(x)
	sign := F16(b>>48) & 0x8000
	e := int(b>>52) & 0x7ff
	m := b & (1<<52 - 1)
	switch {
	case e == 0x7ff && m != 0:
		return sign | 0x7e00
	case e == 0x7ff:
		return sign | 0x7c00
	case e == 0:
		return sign
	}
	exp := e - 1023
	m |= 1 << 52
	var shift uint
	switch {
	case exp >= -14:
		shift = 42
	case exp >= -25:
		shift = uint(28 - exp)
	default:
		return sign
	}
	q := m >> shift
	rest := m & (1<<shift - 1)
	half := uint64(1) << (shift - 1)
	if rest > half || rest == half && q&1 == 1 {
		q++
	}
	if exp < -14 {
		return sign | F16(q)
	}
	if q == 1<<11 {
		q >>= 1
		exp++
	}
	if exp > 15 {
		return sign | 0x7c00
	}
	return sign | F16(exp+15)<<10 | F16(q&0x3ff)
}

func f16of32(x float32) F16 { return ToF16(float64(x)) }

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

const (
	msgDivZero = "division by zero"
	msgNegExp  = "negative exponent"
)

// sdiv is division rounding toward negative infinity.
func sdiv[T sint](pos string, x, y T) T {
	if y == 0 {
		fail(pos, msgDivZero)
	}
	q, r := x/y, x%y
	if r != 0 && (r < 0) != (y < 0) {
		q--
	}
	return q
}

// sdivc is sdiv by a positive constant c: without the zero check it is
// small enough to inline, and Go then divides by the constant with a
// multiplication.
func sdivc[T sint](x, c T) T {
	q := x / c
	if x%c < 0 {
		q--
	}
	return q
}

// smodc is smod by a positive constant c.
func smodc[T sint](x, c T) T {
	r := x % c
	if r < 0 {
		r += c
	}
	return r
}

// smod is the remainder with the sign of the divisor.
func smod[T sint](pos string, x, y T) T {
	if y == 0 {
		fail(pos, msgDivZero)
	}
	r := x % y
	if r != 0 && (r < 0) != (y < 0) {
		r += y
	}
	return r
}

func squot[T sint](pos string, x, y T) T {
	if y == 0 {
		fail(pos, msgDivZero)
	}
	return x / y
}

func srem[T sint](pos string, x, y T) T {
	if y == 0 {
		fail(pos, msgDivZero)
	}
	return x % y
}

func udiv[T uint_](pos string, x, y T) T {
	if y == 0 {
		fail(pos, msgDivZero)
	}
	return x / y
}

func umod[T uint_](pos string, x, y T) T {
	if y == 0 {
		fail(pos, msgDivZero)
	}
	return x % y
}

func powU64(x, y uint64) uint64 {
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

func spow[T sint](pos string, x, y T) T {
	if y < 0 {
		fail(pos, msgNegExp)
	}
	return T(powU64(uint64(x), uint64(y)))
}

func upow[T uint_](x, y T) T { return T(powU64(uint64(x), uint64(y))) }

// sshl and friends: shifts by w or more (or negative) give 0 or the sign.
func sshl[T sint](x, y T, w int64) T {
	if y < 0 || int64(y) >= w {
		return 0
	}
	return x << uint(y)
}

func sshr[T sint](x, y T, w int64) T {
	if y < 0 || int64(y) >= w {
		return x >> (w - 1)
	}
	return x >> uint(y)
}

func ushl[T uint_](x, y T, w int64) T {
	if uint64(y) >= uint64(w) {
		return 0
	}
	return x << y
}

func ushr[T uint_](x, y T, w int64) T {
	if uint64(y) >= uint64(w) {
		return 0
	}
	return x >> y
}

func negF64(x float64) float64 { return math.Float64frombits(math.Float64bits(x) ^ 1<<63) }
func negF32(x float32) float32 { return math.Float32frombits(math.Float32bits(x) ^ 1<<31) }
func absF64(x float64) float64 { return math.Float64frombits(math.Float64bits(x) &^ (1 << 63)) }
func absF32(x float32) float32 { return math.Float32frombits(math.Float32bits(x) &^ (1 << 31)) }

func copysign32(x, y float32) float32 {
	return math.Float32frombits(math.Float32bits(x)&^(1<<31) | math.Float32bits(y)&(1<<31))
}

// f16 arithmetic: computed in float32, rounded to binary16.
func addF16(x, y F16) F16 { return f16of32(x.F32() + y.F32()) }
func subF16(x, y F16) F16 { return f16of32(x.F32() - y.F32()) }
func mulF16(x, y F16) F16 { return f16of32(float32(x.F32() * y.F32())) }
func divF16(x, y F16) F16 { return f16of32(x.F32() / y.F32()) }

// modF and powF are fmod and pow computed in float64.
func modF16(x, y F16) F16 { return f16of32(float32(math.Mod(x.F64(), y.F64()))) }
func powF16(x, y F16) F16 { return f16of32(float32(math.Pow(x.F64(), y.F64()))) }

// f16fn applies a float64 function to an f16 the way f16 functions round.
func f16fn(f func(float64) float64, x F16) F16 { return ToF16(float64(float32(f(x.F64())))) }

func f16fn2(f func(x, y float64) float64, x, y F16) F16 {
	return ToF16(float64(float32(f(x.F64(), y.F64()))))
}

func isNaN16(x F16) bool { return x&0x7c00 == 0x7c00 && x&0x3ff != 0 }

// f2i truncates toward zero; NaN, infinities and out-of-range give 0.
func f2i(f float64) int64 {
	if f != f || f >= 0x1p63 || f < -0x1p63 {
		return 0
	}
	return int64(f)
}

// f2u64 is the conversion to u64, exact above 2^63.
func f2u64(f float64) uint64 {
	if f >= 0x1p63 && f < 0x1p64 {
		return uint64(f)
	}
	return uint64(f2i(f))
}

func sinpi(x float64) float64 {
	if math.IsInf(x, 0) {
		return math.NaN()
	}
	r := math.Mod(x, 2)
	if r == math.Trunc(r) {
		return math.Copysign(0, x)
	}
	return math.Sin(math.Pi * r)
}

func cospi(x float64) float64 {
	if math.IsInf(x, 0) {
		return math.NaN()
	}
	r := math.Mod(math.Abs(x), 2)
	if r == 0.5 || r == 1.5 {
		return 0
	}
	return math.Cos(math.Pi * r)
}

func tanpi(x float64) float64      { return sinpi(x) / cospi(x) }
func rsqrt(x float64) float64      { return 1 / math.Sqrt(x) }
func asinpi(x float64) float64     { return math.Asin(x) / math.Pi }
func acospi(x float64) float64     { return math.Acos(x) / math.Pi }
func atanpi(x float64) float64     { return math.Atan(x) / math.Pi }
func lgamma(x float64) float64     { y, _ := math.Lgamma(x); return y }
func atan2pi(y, x float64) float64 { return math.Atan2(y, x) / math.Pi }

// minF and maxF are IEEE 754-2019 minimumNumber and maximumNumber: a NaN
// loses to a number, and -0 is below +0. Go's min and max order the
// zeros so too, without a branch, so a loop over data whose order is
// random does not pay a mispredicted branch per call; they return a NaN
// when either operand is one, which two predicted tests rule out first.
// The tests come before min and max, not after, to keep the functions
// below the cost Go inlines into the large functions of generated code.
func minF[T float32 | float64](a, b T) T {
	if a != a {
		return b
	}
	if b != b {
		return a
	}
	return min(a, b)
}

func maxF[T float32 | float64](a, b T) T {
	if a != a {
		return b
	}
	if b != b {
		return a
	}
	return max(a, b)
}

func minI[T anyint](a, b T) T {
	if b < a {
		return b
	}
	return a
}

func maxI[T anyint](a, b T) T {
	if a < b {
		return b
	}
	return a
}

// minF16 and maxF16 are minF and maxF for binary16: equal operands
// other than zeros have the same bits, so OR (AND) of the bits picks -0
// (+0) from a pair of zeros and changes nothing else.
func minF16(a, b F16) F16 {
	switch fa, fb := a.F32(), b.F32(); {
	case isNaN16(a) || fb < fa:
		return b
	case isNaN16(b) || fa < fb:
		return a
	}
	return a | b
}

func maxF16(a, b F16) F16 {
	switch fa, fb := a.F32(), b.F32(); {
	case isNaN16(a) || fa < fb:
		return b
	case isNaN16(b) || fb < fa:
		return a
	}
	return a & b
}

func absI[T sint](x T) T {
	if x < 0 {
		return -x
	}
	return x
}

func sgnI[T anyint](x T) T {
	switch {
	case x < 0:
		var one T = 1
		return 0 - one
	case x == 0:
		return 0
	}
	return 1
}

func sgnF[T float32 | float64](x T) T {
	if x != x || x == 0 {
		return x
	}
	if x < 0 {
		return -1
	}
	return 1
}

func sgnF16(x F16) F16 {
	if isNaN16(x) || x&0x7fff == 0 {
		return x
	}
	if x&0x8000 != 0 {
		return 0xbc00
	}
	return 0x3c00
}

func nextafter16(x, y F16) F16 {
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
func popc[T anyint](x T, w int) int32 { return int32(bits.OnesCount64(uint64(x) & mask(w))) }
func clz[T anyint](x T, w int) int32 {
	return int32(bits.LeadingZeros64(uint64(x)&mask(w)) - (64 - w))
}
func ctz[T anyint](x T, w int) int32 {
	if uint64(x)&mask(w) == 0 {
		return int32(w)
	}
	return int32(bits.TrailingZeros64(uint64(x)))
}

func mask(w int) uint64 {
	if w == 64 {
		return math.MaxUint64
	}
	return 1<<w - 1
}

func mulHiS[T sint](x, y T, w int) T {
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

func mulHiU[T uint_](x, y T, w int) T {
	if w < 64 {
		return T(uint64(x) * uint64(y) >> w)
	}
	hi, _ := bits.Mul64(uint64(x), uint64(y))
	return T(hi)
}

func lshr[T anyint](x, y T, w int) T {
	s := uint64(y) & mask(w)
	if s >= uint64(w) {
		return 0
	}
	return T((uint64(x) & mask(w)) >> s)
}

func ashr[T anyint](x, y T, w int) T {
	v := int64(uint64(x)<<(64-w)) >> (64 - w)
	s := uint64(y) & mask(w)
	if s >= uint64(w) {
		return T(v >> 63)
	}
	return T(v >> s)
}

// digamma is ψ(x) = Γ'(x)/Γ(x), the derivative of lgamma: recurrence up
// to x >= 10, then the asymptotic series; reflection for negative x.
func digamma(x float64) float64 {
	if x <= 0 && x == math.Floor(x) || x != x {
		return math.NaN()
	}
	if x < 0 {
		return digamma(1-x) - math.Pi/math.Tan(math.Pi*x)
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

// trigamma is ψ'(x), the derivative of digamma.
func trigamma(x float64) float64 {
	if x <= 0 && x == math.Floor(x) || x != x {
		return math.NaN()
	}
	if x < 0 {
		s := math.Sin(math.Pi * x)
		return -trigamma(1-x) + math.Pi*math.Pi/(s*s)
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

// sdivmod is sdiv and smod of the same operands, with one division.
func sdivmod[T sint](pos string, x, y T) (T, T) {
	if y == 0 {
		fail(pos, msgDivZero)
	}
	q, r := x/y, x%y
	if r != 0 && (r < 0) != (y < 0) {
		q--
		r += y
	}
	return q, r
}

// squotrem is squot and srem of the same operands, with one division.
func squotrem[T sint](pos string, x, y T) (T, T) {
	if y == 0 {
		fail(pos, msgDivZero)
	}
	return x / y, x % y
}

// udivmod is udiv and umod of the same operands, with one division.
func udivmod[T uint_](pos string, x, y T) (T, T) {
	if y == 0 {
		fail(pos, msgDivZero)
	}
	return x / y, x % y
}
