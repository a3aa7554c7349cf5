package prim

import (
	"fmt"
	"math"
)

// Partial derivatives of every scalar operation (LANGUAGE.md §14.3-§14.4),
// shared by forward and reverse AD. The formulas are in dexpr.go; the
// functions here evaluate them at given primal arguments. A partial is
// a value of the operation's result type: a tangent is the sum of
// partial_i * tangent_i over the arguments, and an argument's adjoint gains
// partial_i * adjoint (for bool, * is && and + is ||). Arguments whose type
// differs from the result type (ldexp's exponent, isnan's argument, popc's
// argument, comparison operands) always have a zero partial, returned as the
// zero of the argument's type. Conversions and bit reinterpretations are
// linear maps instead (Func.IsLinear, Func.Transpose).

// BinOpPartials returns the partial derivatives of a op b with respect to a
// and b, evaluating BinOpPartialExprs. Integer partials use the type's
// wrap-around arithmetic; the only errors are the primal's own (division by
// zero, negative exponent) and misuse.
func BinOpPartials(op BinOp, t Type, a, b Value) (da, db Value, err error) {
	if _, err := EvalBinOp(op, t, a, b); err != nil {
		return Value{}, Value{}, err
	}
	ea, eb := BinOpPartialExprs(op, t)
	args := []Value{a, b}
	if da, err = ea.Eval(t, args); err != nil {
		return Value{}, Value{}, err
	}
	db, err = eb.Eval(t, args)
	return da, db, err
}

func floatOf(t Type, x float64) Value { return FloatValue(t, roundFloat(t, x)) }

// CmpOpPartials returns the (zero) partials of a comparison, in t.
func CmpOpPartials(op CmpOp, t Type, a, b Value) (da, db Value) { return Zero(t), Zero(t) }

// UnOpPartial returns the derivative of op a: -1 for negation and integer
// complement (!x == -1 - x); for bool not, a itself (the tangent of !b is
// db && b, §14.3).
func UnOpPartial(op UnOp, t Type, a Value) (Value, error) {
	if _, err := EvalUnOp(op, t, a); err != nil {
		return Value{}, err
	}
	return UnOpPartialExpr(op, t).Eval(t, []Value{a})
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

// Partials returns the partial derivative of f with respect to each
// argument at args (§14.4), evaluating PartialExprs. It returns an error
// for the linear functions (see IsLinear) and for arguments of the wrong
// number or types.
func (f Func) Partials(args []Value) ([]Value, error) {
	if _, err := f.Eval(args); err != nil {
		return nil, err
	}
	if f.IsLinear() {
		return nil, fmt.Errorf("%s is linear: its derivative is the function itself", f.Name)
	}
	exprs := f.PartialExprs()
	ps := make([]Value, len(exprs))
	for k, e := range exprs {
		p, err := e.Eval(f.Params[0], args)
		if err != nil {
			return nil, fmt.Errorf("partial %d of %s: %v", k, f.Name, err)
		}
		ps[k] = p
	}
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

// trigamma is ψ'(x): recurrence up to x >= 10, then the asymptotic
// series 1/x + 1/(2x²) + Σ B_2k/x^(2k+1); reflection for negative x.
func trigamma(x float64) float64 {
	if x <= 0 && x == math.Floor(x) || math.IsNaN(x) {
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
