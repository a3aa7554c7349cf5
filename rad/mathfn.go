package rad

import "math"

// The functions below mirror package math. Where a function has no
// derivative at a point (Abs at 0, Max at a tie, Sqrt at 0, ...) the
// derivative used is the one documented on the method.

// Sqrt returns the square root of x.
func (t *Task) Sqrt(x Num) Num {
	v := math.Sqrt(x.v)
	return t.unary("Sqrt", v, x, 0.5/v)
}

// Cbrt returns the cube root of x.
func (t *Task) Cbrt(x Num) Num {
	v := math.Cbrt(x.v)
	return t.unary("Cbrt", v, x, 1/(3*v*v))
}

// Exp returns e**x.
func (t *Task) Exp(x Num) Num {
	v := math.Exp(x.v)
	return t.unary("Exp", v, x, v)
}

// Exp2 returns 2**x.
func (t *Task) Exp2(x Num) Num {
	v := math.Exp2(x.v)
	return t.unary("Exp2", v, x, math.Ln2*v)
}

// Expm1 returns e**x - 1, accurately for small x.
func (t *Task) Expm1(x Num) Num { return t.unary("Expm1", math.Expm1(x.v), x, math.Exp(x.v)) }

// Log returns the natural logarithm of x.
func (t *Task) Log(x Num) Num { return t.unary("Log", math.Log(x.v), x, 1/x.v) }

// Log1p returns the natural logarithm of 1 + x, accurately for small x.
func (t *Task) Log1p(x Num) Num { return t.unary("Log1p", math.Log1p(x.v), x, 1/(1+x.v)) }

// Log2 returns the binary logarithm of x.
func (t *Task) Log2(x Num) Num { return t.unary("Log2", math.Log2(x.v), x, 1/(x.v*math.Ln2)) }

// Log10 returns the decimal logarithm of x.
func (t *Task) Log10(x Num) Num { return t.unary("Log10", math.Log10(x.v), x, 1/(x.v*math.Ln10)) }

// Pow returns x**y. The derivative with respect to y is taken as 0 where
// x = 0 and y > 0, and is NaN where x < 0 (Pow of a negative base is
// differentiable in y nowhere); pass a constant y to avoid it.
func (t *Task) Pow(x, y Num) Num {
	v := math.Pow(x.v, y.v)
	dx := 0.0
	if y.v != 0 {
		dx = y.v * math.Pow(x.v, y.v-1)
	}
	var dy float64
	switch {
	case x.v > 0:
		dy = v * math.Log(x.v)
	case x.v == 0 && y.v > 0:
		dy = 0
	default:
		dy = math.NaN()
	}
	return t.binary("Pow", v, x, dx, y, dy)
}

// PowF returns x**c.
func (t *Task) PowF(x Num, c float64) Num { return t.Pow(x, Num{v: c}) }

// Hypot returns Sqrt(x*x + y*y), avoiding overflow; at the origin both
// derivatives are taken as 0.
func (t *Task) Hypot(x, y Num) Num {
	h := math.Hypot(x.v, y.v)
	dx, dy := 0.0, 0.0
	if h != 0 {
		dx, dy = x.v/h, y.v/h
	}
	return t.binary("Hypot", h, x, dx, y, dy)
}

// Sin returns the sine of x.
func (t *Task) Sin(x Num) Num {
	s, c := math.Sincos(x.v)
	return t.unary("Sin", s, x, c)
}

// Cos returns the cosine of x.
func (t *Task) Cos(x Num) Num {
	s, c := math.Sincos(x.v)
	return t.unary("Cos", c, x, -s)
}

// Sincos returns Sin(x), Cos(x).
func (t *Task) Sincos(x Num) (sin, cos Num) {
	s, c := math.Sincos(x.v)
	return t.unary("Sincos", s, x, c), t.unary("Sincos", c, x, -s)
}

// Tan returns the tangent of x.
func (t *Task) Tan(x Num) Num {
	v := math.Tan(x.v)
	return t.unary("Tan", v, x, 1+v*v)
}

// Asin returns the arcsine of x.
func (t *Task) Asin(x Num) Num { return t.unary("Asin", math.Asin(x.v), x, 1/math.Sqrt(1-x.v*x.v)) }

// Acos returns the arccosine of x.
func (t *Task) Acos(x Num) Num { return t.unary("Acos", math.Acos(x.v), x, -1/math.Sqrt(1-x.v*x.v)) }

// Atan returns the arctangent of x.
func (t *Task) Atan(x Num) Num { return t.unary("Atan", math.Atan(x.v), x, 1/(1+x.v*x.v)) }

// Atan2 returns the arctangent of y/x, using the signs of both to find the
// quadrant; at the origin both derivatives are taken as 0.
func (t *Task) Atan2(y, x Num) Num {
	r2 := x.v*x.v + y.v*y.v
	dy, dx := 0.0, 0.0
	if r2 != 0 {
		dy, dx = x.v/r2, -y.v/r2
	}
	return t.binary("Atan2", math.Atan2(y.v, x.v), y, dy, x, dx)
}

// Sinh returns the hyperbolic sine of x.
func (t *Task) Sinh(x Num) Num { return t.unary("Sinh", math.Sinh(x.v), x, math.Cosh(x.v)) }

// Cosh returns the hyperbolic cosine of x.
func (t *Task) Cosh(x Num) Num { return t.unary("Cosh", math.Cosh(x.v), x, math.Sinh(x.v)) }

// Tanh returns the hyperbolic tangent of x.
func (t *Task) Tanh(x Num) Num {
	v := math.Tanh(x.v)
	return t.unary("Tanh", v, x, 1-v*v)
}

// Asinh returns the inverse hyperbolic sine of x.
func (t *Task) Asinh(x Num) Num { return t.unary("Asinh", math.Asinh(x.v), x, 1/math.Sqrt(x.v*x.v+1)) }

// Acosh returns the inverse hyperbolic cosine of x.
func (t *Task) Acosh(x Num) Num { return t.unary("Acosh", math.Acosh(x.v), x, 1/math.Sqrt(x.v*x.v-1)) }

// Atanh returns the inverse hyperbolic tangent of x.
func (t *Task) Atanh(x Num) Num { return t.unary("Atanh", math.Atanh(x.v), x, 1/(1-x.v*x.v)) }

// Abs returns the absolute value of x; its derivative at 0 is taken as 0.
func (t *Task) Abs(x Num) Num { return t.unary("Abs", math.Abs(x.v), x, float64(x.Sign())) }

// Max returns the larger of x and y; on a tie the derivative goes to x.
func (t *Task) Max(x, y Num) Num {
	if x.v >= y.v || math.IsNaN(x.v) {
		return t.binary("Max", math.Max(x.v, y.v), x, 1, y, 0)
	}
	return t.binary("Max", math.Max(x.v, y.v), x, 0, y, 1)
}

// Min returns the smaller of x and y; on a tie the derivative goes to x.
func (t *Task) Min(x, y Num) Num {
	if x.v <= y.v || math.IsNaN(x.v) {
		return t.binary("Min", math.Min(x.v, y.v), x, 1, y, 0)
	}
	return t.binary("Min", math.Min(x.v, y.v), x, 0, y, 1)
}

// Dim returns the maximum of x-y and 0; at x = y the derivative is 0.
func (t *Task) Dim(x, y Num) Num {
	if x.v > y.v {
		return t.binary("Dim", math.Dim(x.v, y.v), x, 1, y, -1)
	}
	return t.binary("Dim", math.Dim(x.v, y.v), x, 0, y, 0)
}

// Copysign returns a value with the magnitude of x and the sign of y; it
// is constant in y.
func (t *Task) Copysign(x, y Num) Num {
	v := math.Copysign(x.v, y.v)
	d := 0.0
	if x.v != 0 {
		d = v / x.v
	}
	return t.unary("Copysign", v, x, d)
}

// FMA returns x*y + z, computed with only one rounding.
func (t *Task) FMA(x, y, z Num) Num {
	v := math.FMA(x.v, y.v, z.v)
	if z.tag == 0 {
		return t.binary("FMA", v, x, y.v, y, x.v)
	}
	if x.tag|y.tag == 0 {
		return t.unary("FMA", v, z, 1)
	}
	if !t.fast || x.tag != t.tag || y.tag != t.tag || z.tag != t.tag {
		if !t.admit("FMA", x, y, z) {
			return Num{v: v}
		}
	}
	s := t.seg
	s.reserve(3)
	for _, o := range [...]struct {
		x Num
		d float64
	}{{x, y.v}, {y, x.v}, {z, 1}} {
		if o.x.tag != 0 {
			s.pushOp(operand{o.x.job, o.x.idx, o.d})
		}
	}
	return t.entry(v)
}

// Mod returns the floating-point remainder of x/y, x - y*Trunc(x/y).
func (t *Task) Mod(x, y Num) Num {
	return t.binary("Mod", math.Mod(x.v, y.v), x, 1, y, -math.Trunc(x.v/y.v))
}

// Remainder returns the IEEE 754 remainder of x/y, x - y*RoundToEven(x/y).
func (t *Task) Remainder(x, y Num) Num {
	return t.binary("Remainder", math.Remainder(x.v, y.v), x, 1, y, -math.RoundToEven(x.v/y.v))
}

// Ldexp returns x * 2**exp.
func (t *Task) Ldexp(x Num, exp int) Num {
	return t.unary("Ldexp", math.Ldexp(x.v, exp), x, math.Ldexp(1, exp))
}

// Floor returns the greatest integer value not above x, as a constant: its
// derivative is 0 wherever it exists.
func (t *Task) Floor(x Num) Num { return Num{v: math.Floor(x.v)} }

// Ceil returns the least integer value not below x, as a constant.
func (t *Task) Ceil(x Num) Num { return Num{v: math.Ceil(x.v)} }

// Trunc returns the integer value of x, as a constant.
func (t *Task) Trunc(x Num) Num { return Num{v: math.Trunc(x.v)} }

// Round returns the nearest integer to x, rounding half away from zero, as
// a constant.
func (t *Task) Round(x Num) Num { return Num{v: math.Round(x.v)} }

// RoundToEven returns the nearest integer to x, rounding ties to even, as
// a constant.
func (t *Task) RoundToEven(x Num) Num { return Num{v: math.RoundToEven(x.v)} }

// Erf returns the error function of x.
func (t *Task) Erf(x Num) Num {
	return t.unary("Erf", math.Erf(x.v), x, 2/math.SqrtPi*math.Exp(-x.v*x.v))
}

// Erfc returns the complementary error function of x.
func (t *Task) Erfc(x Num) Num {
	return t.unary("Erfc", math.Erfc(x.v), x, -2/math.SqrtPi*math.Exp(-x.v*x.v))
}

// Erfinv returns the inverse error function of x.
func (t *Task) Erfinv(x Num) Num {
	v := math.Erfinv(x.v)
	return t.unary("Erfinv", v, x, math.SqrtPi/2*math.Exp(v*v))
}

// Erfcinv returns the inverse of Erfc.
func (t *Task) Erfcinv(x Num) Num {
	v := math.Erfcinv(x.v)
	return t.unary("Erfcinv", v, x, -math.SqrtPi/2*math.Exp(v*v))
}

// Gamma returns the Gamma function of x.
func (t *Task) Gamma(x Num) Num {
	v := math.Gamma(x.v)
	return t.unary("Gamma", v, x, v*digamma(x.v))
}

// Lgamma returns the natural logarithm of the absolute value of Gamma(x)
// and the sign of Gamma(x).
func (t *Task) Lgamma(x Num) (lgamma Num, sign int) {
	v, s := math.Lgamma(x.v)
	return t.unary("Lgamma", v, x, digamma(x.v)), s
}

// J0 returns the order-zero Bessel function of the first kind.
func (t *Task) J0(x Num) Num { return t.unary("J0", math.J0(x.v), x, -math.J1(x.v)) }

// J1 returns the order-one Bessel function of the first kind.
func (t *Task) J1(x Num) Num { return t.unary("J1", math.J1(x.v), x, besselJ1Deriv(x.v)) }

// Jn returns the order-n Bessel function of the first kind.
func (t *Task) Jn(n int, x Num) Num {
	return t.unary("Jn", math.Jn(n, x.v), x, (math.Jn(n-1, x.v)-math.Jn(n+1, x.v))/2)
}

// Y0 returns the order-zero Bessel function of the second kind.
func (t *Task) Y0(x Num) Num { return t.unary("Y0", math.Y0(x.v), x, -math.Y1(x.v)) }

// Y1 returns the order-one Bessel function of the second kind.
func (t *Task) Y1(x Num) Num { return t.unary("Y1", math.Y1(x.v), x, math.Y0(x.v)-math.Y1(x.v)/x.v) }

// Yn returns the order-n Bessel function of the second kind.
func (t *Task) Yn(n int, x Num) Num {
	return t.unary("Yn", math.Yn(n, x.v), x, (math.Yn(n-1, x.v)-math.Yn(n+1, x.v))/2)
}

func besselJ1Deriv(x float64) float64 {
	if x == 0 {
		return 0.5
	}
	return math.J0(x) - math.J1(x)/x
}

// digamma returns the logarithmic derivative of the Gamma function.
func digamma(x float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsInf(x, -1):
		return math.NaN()
	case x <= 0 && x == math.Floor(x):
		return math.NaN()
	case x < 0:
		// Reflection: digamma(1-x) - digamma(x) = pi cot(pi x).
		return digamma(1-x) - math.Pi/math.Tan(math.Pi*x)
	}
	r := 0.0
	for x < 10 {
		r -= 1 / x
		x++
	}
	f := 1 / (x * x)
	// Asymptotic series in 1/x^2 with Bernoulli-number coefficients.
	return r + math.Log(x) - 0.5/x - f*(1.0/12-f*(1.0/120-f*(1.0/252-f*(1.0/240-f*(1.0/132-f*691/32760)))))
}
