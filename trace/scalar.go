package trace

// unary records o(x).
func (t *Tracer) unary(o Op, name string, x Scalar) Scalar {
	if t.el != nil {
		return t.el.unary(o, name, x)
	}
	v := eval1(o, x.v)
	r := t.rec
	if !r.ok() || t.classify(name, x) != kOuter {
		return Scalar{v: v}
	}
	id := r.add(node{op: o, a: x.id, sa: r.use(x.id), val: v})
	return Scalar{v: v, id: id, t: t}
}

// binary records o(x, y); a constant operand is kept in the node.
func (t *Tracer) binary(o Op, name string, x, y Scalar) Scalar {
	if t.el != nil {
		return t.el.binary(o, name, x, y)
	}
	v := eval2(o, x.v, y.v)
	r := t.rec
	if !r.ok() {
		return Scalar{v: v}
	}
	kx, ky := t.classify(name, x), t.classify(name, y)
	if kx == kBad || ky == kBad || kx == kConst && ky == kConst {
		return Scalar{v: v}
	}
	n := node{op: o, val: v}
	if kx == kOuter {
		n.a, n.sa = x.id, r.use(x.id)
	} else {
		n.k = x.v
	}
	if ky == kOuter {
		n.b, n.sb = y.id, r.use(y.id)
	} else {
		n.k = y.v
	}
	id := r.add(n)
	return Scalar{v: v, id: id, t: t}
}

// Add returns x + y.
func (t *Tracer) Add(x, y Scalar) Scalar { return t.binary(OpAdd, "Add", x, y) }

// Sub returns x - y.
func (t *Tracer) Sub(x, y Scalar) Scalar { return t.binary(OpSub, "Sub", x, y) }

// Mul returns x * y.
func (t *Tracer) Mul(x, y Scalar) Scalar { return t.binary(OpMul, "Mul", x, y) }

// Div returns x / y.
func (t *Tracer) Div(x, y Scalar) Scalar { return t.binary(OpDiv, "Div", x, y) }

// Pow returns x**y (math.Pow). Its derivative in x is 0 where x is 0 and
// y < 1, and in y is 0 unless x > 0.
func (t *Tracer) Pow(x, y Scalar) Scalar { return t.binary(OpPow, "Pow", x, y) }

// Atan2 returns math.Atan2(y, x).
func (t *Tracer) Atan2(y, x Scalar) Scalar { return t.binary(OpAtan2, "Atan2", y, x) }

// Hypot returns math.Hypot(x, y); its derivative at (0, 0) is 0.
func (t *Tracer) Hypot(x, y Scalar) Scalar { return t.binary(OpHypot, "Hypot", x, y) }

// Min returns the smaller of x and y; on ties, and when y is NaN, x.
// The derivative goes to the operand returned.
func (t *Tracer) Min(x, y Scalar) Scalar { return t.binary(OpMin, "Min", x, y) }

// Max returns the larger of x and y; on ties, and when y is NaN, x.
// The derivative goes to the operand returned.
func (t *Tracer) Max(x, y Scalar) Scalar { return t.binary(OpMax, "Max", x, y) }

// AddF returns x + c.
func (t *Tracer) AddF(x Scalar, c float64) Scalar { return t.binary(OpAdd, "AddF", x, Const(c)) }

// SubF returns x - c.
func (t *Tracer) SubF(x Scalar, c float64) Scalar { return t.binary(OpSub, "SubF", x, Const(c)) }

// MulF returns x * c.
func (t *Tracer) MulF(x Scalar, c float64) Scalar { return t.binary(OpMul, "MulF", x, Const(c)) }

// DivF returns x / c.
func (t *Tracer) DivF(x Scalar, c float64) Scalar { return t.binary(OpDiv, "DivF", x, Const(c)) }

// PowF returns x**c.
func (t *Tracer) PowF(x Scalar, c float64) Scalar { return t.binary(OpPow, "PowF", x, Const(c)) }

// Neg returns -x.
func (t *Tracer) Neg(x Scalar) Scalar { return t.unary(OpNeg, "Neg", x) }

// Abs returns |x|; its derivative at 0 is 0.
func (t *Tracer) Abs(x Scalar) Scalar { return t.unary(OpAbs, "Abs", x) }

// Square returns x * x.
func (t *Tracer) Square(x Scalar) Scalar { return t.unary(OpSquare, "Square", x) }

// Sqrt returns the square root of x.
func (t *Tracer) Sqrt(x Scalar) Scalar { return t.unary(OpSqrt, "Sqrt", x) }

// Cbrt returns the cube root of x.
func (t *Tracer) Cbrt(x Scalar) Scalar { return t.unary(OpCbrt, "Cbrt", x) }

// Exp returns e**x.
func (t *Tracer) Exp(x Scalar) Scalar { return t.unary(OpExp, "Exp", x) }

// Expm1 returns e**x - 1.
func (t *Tracer) Expm1(x Scalar) Scalar { return t.unary(OpExpm1, "Expm1", x) }

// Log returns the natural logarithm of x.
func (t *Tracer) Log(x Scalar) Scalar { return t.unary(OpLog, "Log", x) }

// Log1p returns the natural logarithm of 1 + x.
func (t *Tracer) Log1p(x Scalar) Scalar { return t.unary(OpLog1p, "Log1p", x) }

// Log2 returns the binary logarithm of x.
func (t *Tracer) Log2(x Scalar) Scalar { return t.unary(OpLog2, "Log2", x) }

// Log10 returns the decimal logarithm of x.
func (t *Tracer) Log10(x Scalar) Scalar { return t.unary(OpLog10, "Log10", x) }

// Sin returns the sine of x.
func (t *Tracer) Sin(x Scalar) Scalar { return t.unary(OpSin, "Sin", x) }

// Cos returns the cosine of x.
func (t *Tracer) Cos(x Scalar) Scalar { return t.unary(OpCos, "Cos", x) }

// Tan returns the tangent of x.
func (t *Tracer) Tan(x Scalar) Scalar { return t.unary(OpTan, "Tan", x) }

// Asin returns the arcsine of x.
func (t *Tracer) Asin(x Scalar) Scalar { return t.unary(OpAsin, "Asin", x) }

// Acos returns the arccosine of x.
func (t *Tracer) Acos(x Scalar) Scalar { return t.unary(OpAcos, "Acos", x) }

// Atan returns the arctangent of x.
func (t *Tracer) Atan(x Scalar) Scalar { return t.unary(OpAtan, "Atan", x) }

// Sinh returns the hyperbolic sine of x.
func (t *Tracer) Sinh(x Scalar) Scalar { return t.unary(OpSinh, "Sinh", x) }

// Cosh returns the hyperbolic cosine of x.
func (t *Tracer) Cosh(x Scalar) Scalar { return t.unary(OpCosh, "Cosh", x) }

// Tanh returns the hyperbolic tangent of x.
func (t *Tracer) Tanh(x Scalar) Scalar { return t.unary(OpTanh, "Tanh", x) }

// Asinh returns the inverse hyperbolic sine of x.
func (t *Tracer) Asinh(x Scalar) Scalar { return t.unary(OpAsinh, "Asinh", x) }

// Acosh returns the inverse hyperbolic cosine of x.
func (t *Tracer) Acosh(x Scalar) Scalar { return t.unary(OpAcosh, "Acosh", x) }

// Atanh returns the inverse hyperbolic tangent of x.
func (t *Tracer) Atanh(x Scalar) Scalar { return t.unary(OpAtanh, "Atanh", x) }

// Erf returns the error function of x.
func (t *Tracer) Erf(x Scalar) Scalar { return t.unary(OpErf, "Erf", x) }

// Erfc returns the complementary error function of x.
func (t *Tracer) Erfc(x Scalar) Scalar { return t.unary(OpErfc, "Erfc", x) }
