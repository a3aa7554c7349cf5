package prim

import (
	"fmt"
	"math"
)

// Error is a run-time error of a scalar operation. Its message is the one
// LANGUAGE.md §12 prescribes, so test blocks can match it.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

// The run-time errors of scalar operations.
var (
	ErrDivisionByZero   = &Error{"division by zero"}
	ErrNegativeExponent = &Error{"negative exponent"}
)

var binOpNames = [...]string{
	Add: "+", Sub: "-", Mul: "*", Div: "/", Mod: "%", Quot: "//", Rem: "%%",
	Pow: "**", BitAnd: "&", BitOr: "|", BitXor: "^", Shl: "<<", Shr: ">>",
	LogAnd: "&&", LogOr: "||",
}

func (op BinOp) String() string {
	if int(op) < len(binOpNames) && binOpNames[op] != "" {
		return binOpNames[op]
	}
	return fmt.Sprintf("BinOp(%d)", uint8(op))
}

var cmpOpNames = [...]string{Eq: "==", Ne: "!=", Lt: "<", Le: "<=", Gt: ">", Ge: ">="}

func (op CmpOp) String() string {
	if int(op) < len(cmpOpNames) && cmpOpNames[op] != "" {
		return cmpOpNames[op]
	}
	return fmt.Sprintf("CmpOp(%d)", uint8(op))
}

func (op UnOp) String() string {
	switch op {
	case Neg:
		return "-"
	case Not:
		return "!"
	}
	return fmt.Sprintf("UnOp(%d)", uint8(op))
}

// BinOpDefined reports whether op applies to operands of type t (§8.1).
func BinOpDefined(op BinOp, t Type) bool {
	switch op {
	case Add, Sub, Mul, Div, Mod, Pow:
		return t.IsNumeric()
	case Quot, Rem, BitAnd, BitOr, BitXor, Shl, Shr:
		return t.IsInt()
	case LogAnd, LogOr:
		return t == Bool
	}
	return false
}

// UnOpDefined reports whether op applies to an operand of type t (§8.1).
func UnOpDefined(op UnOp, t Type) bool {
	switch op {
	case Neg:
		return t.IsNumeric()
	case Not:
		return t.IsInt() || t == Bool
	}
	return false
}

func typeError(what fmt.Stringer, t Type, a, b Value) error {
	if a.t != t || b.t != t {
		return fmt.Errorf("operator %v on %v: operands have types %v and %v", what, t, a.t, b.t)
	}
	return fmt.Errorf("operator %v is not defined on %v", what, t)
}

// EvalBinOp applies op to a and b, both of type t, with the semantics of
// LANGUAGE.md §8: wrap-around integers, floor division, IEEE floats. The
// only errors are ErrDivisionByZero, ErrNegativeExponent and misuse (an
// operator not defined on t, or operands of another type).
func EvalBinOp(op BinOp, t Type, a, b Value) (Value, error) {
	// Fast path for the commonest case in inner loops.
	if t == F64 && a.t == F64 && b.t == F64 && op >= Add && op <= Div {
		x, y := math.Float64frombits(a.bits), math.Float64frombits(b.bits)
		var r float64
		switch op {
		case Add:
			r = x + y
		case Sub:
			r = x - y
		case Mul:
			r = x * y
		case Div:
			r = x / y
		}
		return Value{F64, math.Float64bits(r)}, nil
	}
	if a.t != t || b.t != t || !BinOpDefined(op, t) {
		return Value{}, typeError(op, t, a, b)
	}
	switch {
	case t.IsFloat():
		return FloatValue(t, roundFloat(t, floatBinOp(op, t, a.Float(), b.Float()))), nil
	case t == Bool:
		if op == LogAnd {
			return BoolValue(a.bits&b.bits != 0), nil
		}
		return BoolValue(a.bits|b.bits != 0), nil
	case t.IsSigned():
		r, err := signedBinOp(op, t, int64(a.bits), int64(b.bits))
		return Value{t, wrapBits(t, uint64(r))}, err
	default:
		r, err := unsignedBinOp(op, t, a.bits, b.bits)
		return Value{t, wrapBits(t, r)}, err
	}
}

// roundFloat rounds an f64 result the way t's arithmetic does: f16 goes
// through f32 first because f16 arithmetic is f32 arithmetic rounded (§4.2).
func roundFloat(t Type, x float64) float64 {
	if t == F16 {
		return float64(float32(x))
	}
	return x
}

func floatBinOp(op BinOp, t Type, x, y float64) float64 {
	if t != F64 {
		// f32 (and f16, computed in f32) round every operation to f32.
		a, b := float32(x), float32(y)
		switch op {
		case Add:
			return float64(a + b)
		case Sub:
			return float64(a - b)
		case Mul:
			return float64(a * b)
		case Div:
			return float64(a / b)
		}
		return float64(float32(floatBinOp(op, F64, x, y)))
	}
	switch op {
	case Add:
		return x + y
	case Sub:
		return x - y
	case Mul:
		return x * y
	case Div:
		return x / y
	case Mod:
		return math.Mod(x, y)
	case Pow:
		return math.Pow(x, y)
	}
	return math.NaN()
}

func signedBinOp(op BinOp, t Type, x, y int64) (int64, error) {
	switch op {
	case Add:
		return x + y, nil
	case Sub:
		return x - y, nil
	case Mul:
		return x * y, nil
	case Div, Mod, Quot, Rem:
		if y == 0 {
			return 0, ErrDivisionByZero
		}
		q, r := x/y, x%y // Go truncates; MinInt64 / -1 wraps without panic
		switch op {
		case Quot:
			return q, nil
		case Rem:
			return r, nil
		}
		if r != 0 && (r < 0) != (y < 0) {
			q--
			r += y
		}
		if op == Div {
			return q, nil
		}
		return r, nil
	case Pow:
		if y < 0 {
			return 0, ErrNegativeExponent
		}
		return int64(powUint(uint64(x), uint64(y))), nil
	case BitAnd:
		return x & y, nil
	case BitOr:
		return x | y, nil
	case BitXor:
		return x ^ y, nil
	case Shl:
		if y < 0 || y >= int64(t.Bits()) {
			return 0, nil
		}
		return x << uint(y), nil
	case Shr:
		if y < 0 || y >= int64(t.Bits()) {
			return x >> 63, nil
		}
		return x >> uint(y), nil
	}
	return 0, nil
}

func unsignedBinOp(op BinOp, t Type, x, y uint64) (uint64, error) {
	switch op {
	case Add:
		return x + y, nil
	case Sub:
		return x - y, nil
	case Mul:
		return x * y, nil
	case Div, Quot:
		if y == 0 {
			return 0, ErrDivisionByZero
		}
		return x / y, nil
	case Mod, Rem:
		if y == 0 {
			return 0, ErrDivisionByZero
		}
		return x % y, nil
	case Pow:
		return powUint(x, y), nil
	case BitAnd:
		return x & y, nil
	case BitOr:
		return x | y, nil
	case BitXor:
		return x ^ y, nil
	case Shl:
		if y >= uint64(t.Bits()) {
			return 0, nil
		}
		return x << y, nil
	case Shr:
		if y >= uint64(t.Bits()) {
			return 0, nil
		}
		return x >> y, nil
	}
	return 0, nil
}

// powUint computes x**y modulo 2^64 by repeated squaring; truncating the
// result to a narrower width gives that width's wrapped power.
func powUint(x, y uint64) uint64 {
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

// EvalCmpOp compares a and b, both of type t (IEEE rules for floats,
// false < true for bools).
func EvalCmpOp(op CmpOp, t Type, a, b Value) (Value, error) {
	if a.t != t || b.t != t || t == Invalid || int(t) >= len(typeNames) || op < Eq || op > Ge {
		return Value{}, typeError(op, t, a, b)
	}
	var lt, eq bool
	switch {
	case t.IsFloat():
		x, y := a.Float(), b.Float()
		lt, eq = x < y, x == y
		if x != x || y != y {
			return BoolValue(op == Ne), nil
		}
	case t.IsSigned():
		lt, eq = int64(a.bits) < int64(b.bits), a.bits == b.bits
	default:
		lt, eq = a.bits < b.bits, a.bits == b.bits
	}
	switch op {
	case Eq:
		return BoolValue(eq), nil
	case Ne:
		return BoolValue(!eq), nil
	case Lt:
		return BoolValue(lt), nil
	case Le:
		return BoolValue(lt || eq), nil
	case Gt:
		return BoolValue(!lt && !eq), nil
	default:
		return BoolValue(!lt), nil
	}
}

// EvalUnOp applies op to a of type t: negation (two's complement for
// integers, sign flip for floats) or not (logical for bool, complement for
// integers).
func EvalUnOp(op UnOp, t Type, a Value) (Value, error) {
	if a.t != t || !UnOpDefined(op, t) {
		if a.t != t {
			return Value{}, fmt.Errorf("operator %v on %v: operand has type %v", op, t, a.t)
		}
		return Value{}, fmt.Errorf("operator %v is not defined on %v", op, t)
	}
	switch {
	case t == Bool:
		return BoolValue(a.bits == 0), nil
	case t.IsFloat():
		return Value{t, a.bits ^ 1<<(t.Bits()-1)}, nil
	case op == Neg:
		return Value{t, wrapBits(t, -a.bits)}, nil
	default:
		return Value{t, wrapBits(t, ^a.bits)}, nil
	}
}
