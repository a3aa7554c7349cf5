package prim

import (
	"fmt"
	"math"
)

// This file is the table of partial derivatives of every scalar operation
// (LANGUAGE.md §14.3-§14.4), shared by forward and reverse AD. A partial is
// a value of the operation's result type: a tangent is the sum of
// partial_i * tangent_i over the arguments, and an argument's adjoint gains
// partial_i * adjoint (for bool, * is && and + is ||). Arguments whose type
// differs from the result type (ldexp's exponent, isnan's argument, popc's
// argument, comparison operands) always have a zero partial, returned as the
// zero of the argument's type. Conversions and bit reinterpretations are
// linear maps instead (Func.IsLinear, Func.Transpose).

// BinOpPartials returns the partial derivatives of a op b with respect to a
// and b. Integer partials use the type's wrap-around arithmetic; the only
// error is the primal's own (division by zero, negative exponent).
func BinOpPartials(op BinOp, t Type, a, b Value) (da, db Value, err error) {
	if a.t != t || b.t != t || !BinOpDefined(op, t) {
		return Value{}, Value{}, typeError(op, t, a, b)
	}
	zero, one := Zero(t), One(t)
	switch {
	case t == Bool:
		if op == LogAnd {
			return b, a, nil // product rule with && as multiplication
		}
		return one, one, nil // || is the addition of boolean tangents
	case t.IsFloat():
		x, y := a.Float(), b.Float()
		var dx, dy float64
		switch op {
		case Add:
			dx, dy = 1, 1
		case Sub:
			dx, dy = 1, -1
		case Mul:
			dx, dy = y, x
		case Div:
			dx, dy = 1/y, -x/(y*y)
		case Mod:
			dx, dy = 1, 0
		case Pow:
			if !(x == 0 && y < 1) {
				dx = y * math.Pow(x, y-1)
			}
			if x > 0 {
				dy = math.Pow(x, y) * math.Log(x)
			}
		}
		return floatOf(t, dx), floatOf(t, dy), nil
	}
	// Integers.
	switch op {
	case Add:
		return one, one, nil
	case Sub:
		return one, IntValue(t, -1), nil
	case Mul:
		return b, a, nil
	case Div, Quot:
		if b.IsZero() {
			return Value{}, Value{}, ErrDivisionByZero
		}
		da, _ = EvalBinOp(Quot, t, one, b)
		yy, _ := EvalBinOp(Mul, t, b, b)
		if yy.IsZero() {
			return da, zero, nil // y*y wrapped to 0: the formula has no value
		}
		q, _ := EvalBinOp(Quot, t, a, yy)
		db, _ = EvalUnOp(Neg, t, q)
		return da, db, nil
	case Mod, Rem:
		if b.IsZero() {
			return Value{}, Value{}, ErrDivisionByZero
		}
		return one, zero, nil
	case Pow:
		if t.IsSigned() && int64(b.bits) < 0 {
			return Value{}, Value{}, ErrNegativeExponent
		}
		if b.IsZero() {
			return zero, zero, nil
		}
		bm1, _ := EvalBinOp(Sub, t, b, one)
		p, _ := EvalBinOp(Pow, t, a, bm1)
		da, _ = EvalBinOp(Mul, t, b, p)
		return da, zero, nil
	case Shl:
		return shiftScale(t, b, false), zero, nil
	case Shr:
		return shiftScale(t, b, true), zero, nil
	}
	return zero, zero, nil // & | ^
}

// shiftScale is the derivative of x << y (2**y, wrapping) or x >> y
// (1 / 2**y in integer division: 1 when y is 0, else 0) with respect to x.
func shiftScale(t Type, y Value, right bool) Value {
	amount := y.bits
	if t.IsSigned() && int64(y.bits) < 0 || amount >= uint64(t.Bits()) {
		return Zero(t)
	}
	if right {
		if amount == 0 {
			return One(t)
		}
		return Zero(t)
	}
	return UintValue(t, 1<<amount)
}

func floatOf(t Type, x float64) Value { return FloatValue(t, roundFloat(t, x)) }

// CmpOpPartials returns the (zero) partials of a comparison, in t.
func CmpOpPartials(op CmpOp, t Type, a, b Value) (da, db Value) { return Zero(t), Zero(t) }

// UnOpPartial returns the derivative of op a: -1 for negation and integer
// complement (!x == -1 - x); for bool not, a itself (the tangent of !b is
// db && b, §14.3).
func UnOpPartial(op UnOp, t Type, a Value) (Value, error) {
	if a.t != t || !UnOpDefined(op, t) {
		return Value{}, fmt.Errorf("operator %v is not defined on %v", op, t)
	}
	if t == Bool {
		return a, nil
	}
	return IntValue(t, -1), nil
}

// IsLinear reports whether f is a conversion or a bit reinterpretation,
// whose derivative is f itself applied to the tangent (§14.3).
func (f Func) IsLinear() bool {
	return f.Fn == "conv" || f.Fn == "to_bits" || f.Fn == "from_bits"
}

// Transpose returns, for a linear f, the function that maps an adjoint of
// f's result back to an adjoint of its argument: the inverse conversion or
// reinterpretation (§14.3: vjp of i64.f32 sends 3i64 to 3.0f32).
func (f Func) Transpose() (Func, bool) {
	switch f.Fn {
	case "conv":
		return ConvFunc(f.Ret, f.Params[0])
	case "to_bits":
		return LookupFunc("from_bits_" + f.Params[0].String())
	case "from_bits":
		return LookupFunc("to_bits_" + f.Ret.String())
	}
	return Func{}, false
}

// floatPartials gives, per float function name, the partials computed in
// f64 from the arguments.
var floatPartials = map[string]func(a []float64) []float64{
	"sqrt":   func(a []float64) []float64 { return []float64{1 / (2 * math.Sqrt(a[0]))} },
	"rsqrt":  func(a []float64) []float64 { return []float64{-1 / (2 * math.Pow(a[0], 1.5))} },
	"cbrt":   func(a []float64) []float64 { c := math.Cbrt(a[0]); return []float64{1 / (3 * c * c)} },
	"exp":    func(a []float64) []float64 { return []float64{math.Exp(a[0])} },
	"log":    func(a []float64) []float64 { return []float64{1 / a[0]} },
	"log2":   func(a []float64) []float64 { return []float64{1 / (a[0] * math.Ln2)} },
	"log10":  func(a []float64) []float64 { return []float64{1 / (a[0] * math.Ln10)} },
	"log1p":  func(a []float64) []float64 { return []float64{1 / (1 + a[0])} },
	"sin":    func(a []float64) []float64 { return []float64{math.Cos(a[0])} },
	"cos":    func(a []float64) []float64 { return []float64{-math.Sin(a[0])} },
	"tan":    func(a []float64) []float64 { c := math.Cos(a[0]); return []float64{1 / (c * c)} },
	"sinpi":  func(a []float64) []float64 { return []float64{math.Pi * cospi(a[0])} },
	"cospi":  func(a []float64) []float64 { return []float64{-math.Pi * sinpi(a[0])} },
	"tanpi":  func(a []float64) []float64 { c := cospi(a[0]); return []float64{math.Pi / (c * c)} },
	"asin":   func(a []float64) []float64 { return []float64{1 / math.Sqrt(1-a[0]*a[0])} },
	"acos":   func(a []float64) []float64 { return []float64{-1 / math.Sqrt(1-a[0]*a[0])} },
	"atan":   func(a []float64) []float64 { return []float64{1 / (1 + a[0]*a[0])} },
	"asinpi": func(a []float64) []float64 { return []float64{1 / math.Sqrt(1-a[0]*a[0]) / math.Pi} },
	"acospi": func(a []float64) []float64 { return []float64{-1 / math.Sqrt(1-a[0]*a[0]) / math.Pi} },
	"atanpi": func(a []float64) []float64 { return []float64{1 / (1 + a[0]*a[0]) / math.Pi} },
	"sinh":   func(a []float64) []float64 { return []float64{math.Cosh(a[0])} },
	"cosh":   func(a []float64) []float64 { return []float64{math.Sinh(a[0])} },
	"tanh":   func(a []float64) []float64 { t := math.Tanh(a[0]); return []float64{1 - t*t} },
	"asinh":  func(a []float64) []float64 { return []float64{1 / math.Sqrt(a[0]*a[0]+1)} },
	"acosh":  func(a []float64) []float64 { return []float64{1 / math.Sqrt(a[0]*a[0]-1)} },
	"atanh":  func(a []float64) []float64 { return []float64{1 / (1 - a[0]*a[0])} },
	"gamma":  func(a []float64) []float64 { return []float64{math.Gamma(a[0]) * digamma(a[0])} },
	"lgamma": func(a []float64) []float64 { return []float64{digamma(a[0])} },
	"erf":    func(a []float64) []float64 { return []float64{2 / math.SqrtPi * math.Exp(-a[0]*a[0])} },
	"erfc":   func(a []float64) []float64 { return []float64{-2 / math.SqrtPi * math.Exp(-a[0]*a[0])} },
	"ceil":   func(a []float64) []float64 { return []float64{0} },
	"floor":  func(a []float64) []float64 { return []float64{0} },
	"trunc":  func(a []float64) []float64 { return []float64{0} },
	"round":  func(a []float64) []float64 { return []float64{0} },
	"atan2": func(a []float64) []float64 {
		y, x := a[0], a[1]
		d := x*x + y*y
		return []float64{x / d, -y / d}
	},
	"atan2pi": func(a []float64) []float64 {
		y, x := a[0], a[1]
		d := (x*x + y*y) * math.Pi
		return []float64{x / d, -y / d}
	},
	"hypot": func(a []float64) []float64 {
		h := math.Hypot(a[0], a[1])
		return []float64{a[0] / h, a[1] / h}
	},
	"copysign":  func(a []float64) []float64 { return []float64{floatSgn(a[1]), 0} },
	"nextafter": func(a []float64) []float64 { return []float64{1, 0} },
	"fma":       func(a []float64) []float64 { return []float64{a[1], a[0], 1} },
	"mad":       func(a []float64) []float64 { return []float64{a[1], a[0], 1} },
	"lerp": func(a []float64) []float64 {
		t := math.Max(0, math.Min(1, a[2]))
		return []float64{1 - t, t, a[1] - a[0]}
	},
	"ldexp": func(a []float64) []float64 { return []float64{math.Ldexp(1, int(a[1])), 0} },
}

func floatSgn(x float64) float64 {
	if x != x || x == 0 {
		return x
	}
	return math.Copysign(1, x)
}

// Partials returns the partial derivative of f with respect to each
// argument at args (§14.4). It returns an error for the linear functions
// (see IsLinear) and for arguments of the wrong number or types.
func (f Func) Partials(args []Value) ([]Value, error) {
	if _, err := f.Eval(args); err != nil {
		return nil, err
	}
	if f.IsLinear() {
		return nil, fmt.Errorf("%s is linear: its derivative is the function itself", f.Name)
	}
	ps := make([]Value, len(args))
	for k, p := range f.Params {
		ps[k] = Zero(p)
	}
	t := f.Ret
	if g := floatPartials[f.Fn]; g != nil {
		xs := make([]float64, len(args))
		for k, a := range args {
			xs[k] = a.Float()
		}
		for k, d := range g(xs) {
			if f.Params[k] == t {
				ps[k] = floatOf(t, d)
			}
		}
		return ps, nil
	}
	switch f.Fn {
	case "abs":
		ps[0] = sgnValue(args[0])
	case "min", "max":
		pickA := minValue(args[0], args[1]) == args[0] // ties and NaN go by the selection
		if f.Fn == "max" {
			pickA = maxValue(args[0], args[1]) == args[0]
		}
		if pickA {
			ps[0] = One(t)
		} else {
			ps[1] = One(t)
		}
	case "mul_hi":
		ps[0], ps[1] = args[1], args[0]
	case "mad_hi":
		ps[0], ps[1], ps[2] = args[1], args[0], One(t)
	case "lshr", "ashr":
		ps[0] = shiftScale(t, args[1], true)
	}
	// sgn, popc, clz, ctz, isnan, isinf: zero.
	return ps, nil
}

// digamma is ψ(x) = Γ'(x)/Γ(x): recurrence up to x >= 10, then the
// asymptotic series; reflection for negative x.
func digamma(x float64) float64 {
	if x <= 0 && x == math.Floor(x) || math.IsNaN(x) {
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
