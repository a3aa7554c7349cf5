package trace

import "math"

// Op names an operation of a trace: a scalar operation, which both the
// outer trace and the programs of Map, Reduce, Fold and Scan use, or an
// array operation, which only the outer trace has.
type Op uint8

// The operations. Unary scalar operations come first, then binary ones,
// then array operations.
const (
	opNone Op = iota

	// Unary scalar operations (package math semantics).
	OpNeg
	OpAbs
	OpSquare
	OpSqrt
	OpCbrt
	OpExp
	OpExpm1
	OpLog
	OpLog1p
	OpLog2
	OpLog10
	OpSin
	OpCos
	OpTan
	OpAsin
	OpAcos
	OpAtan
	OpSinh
	OpCosh
	OpTanh
	OpAsinh
	OpAcosh
	OpAtanh
	OpErf
	OpErfc

	// Binary scalar operations.
	OpAdd
	OpSub
	OpMul
	OpDiv
	OpPow
	OpAtan2
	OpHypot
	OpMin
	OpMax

	// OpConst is a constant; in a program it gives every element the same
	// value (a function that returns a constant).
	OpConst

	// Array operations and the leaves of the outer trace.
	OpInput   // the input array x
	OpIndex   // a[i]
	OpSlice   // a[lo:hi]
	OpConcat  // a ++ b ++ ...
	OpPack    // [s0, s1, ...]
	OpReshape // a viewed as rows x cols
	OpSum     // sum of the elements
	OpDot     // sum of a[i]*b[i]
	OpMatVec  // W v for a rows x cols W
	OpMap     // Map, MapN: a program applied to every row
	OpReduce  // associative reduction with a neutral element
	OpFold    // sequential left fold from a traced initial value
	OpScan    // inclusive scan with an associative operator

	opCount
)

var opNames = [opCount]string{
	OpNeg: "neg", OpAbs: "abs", OpSquare: "square", OpSqrt: "sqrt", OpCbrt: "cbrt",
	OpExp: "exp", OpExpm1: "expm1", OpLog: "log", OpLog1p: "log1p", OpLog2: "log2",
	OpLog10: "log10", OpSin: "sin", OpCos: "cos", OpTan: "tan", OpAsin: "asin",
	OpAcos: "acos", OpAtan: "atan", OpSinh: "sinh", OpCosh: "cosh", OpTanh: "tanh",
	OpAsinh: "asinh", OpAcosh: "acosh", OpAtanh: "atanh", OpErf: "erf", OpErfc: "erfc",
	OpAdd: "add", OpSub: "sub", OpMul: "mul", OpDiv: "div", OpPow: "pow",
	OpAtan2: "atan2", OpHypot: "hypot", OpMin: "min", OpMax: "max",
	OpConst: "const", OpInput: "input", OpIndex: "index", OpSlice: "slice",
	OpConcat: "concat", OpPack: "pack", OpReshape: "reshape", OpSum: "sum",
	OpDot: "dot", OpMatVec: "matvec", OpMap: "map", OpReduce: "reduce",
	OpFold: "fold", OpScan: "scan",
}

func (o Op) String() string {
	if o < opCount && opNames[o] != "" {
		return opNames[o]
	}
	return "op?"
}

// IsUnary reports whether o is a unary scalar operation.
func (o Op) IsUnary() bool { return o >= OpNeg && o <= OpErfc }

// IsBinary reports whether o is a binary scalar operation.
func (o Op) IsBinary() bool { return o >= OpAdd && o <= OpMax }

// eval1 computes a unary operation.
func eval1(o Op, x float64) float64 {
	switch o {
	case OpNeg:
		return -x
	case OpAbs:
		return math.Abs(x)
	case OpSquare:
		return x * x
	case OpSqrt:
		return math.Sqrt(x)
	case OpCbrt:
		return math.Cbrt(x)
	case OpExp:
		return math.Exp(x)
	case OpExpm1:
		return math.Expm1(x)
	case OpLog:
		return math.Log(x)
	case OpLog1p:
		return math.Log1p(x)
	case OpLog2:
		return math.Log2(x)
	case OpLog10:
		return math.Log10(x)
	case OpSin:
		return math.Sin(x)
	case OpCos:
		return math.Cos(x)
	case OpTan:
		return math.Tan(x)
	case OpAsin:
		return math.Asin(x)
	case OpAcos:
		return math.Acos(x)
	case OpAtan:
		return math.Atan(x)
	case OpSinh:
		return math.Sinh(x)
	case OpCosh:
		return math.Cosh(x)
	case OpTanh:
		return math.Tanh(x)
	case OpAsinh:
		return math.Asinh(x)
	case OpAcosh:
		return math.Acosh(x)
	case OpAtanh:
		return math.Atanh(x)
	case OpErf:
		return math.Erf(x)
	case OpErfc:
		return math.Erfc(x)
	}
	panic("trace: eval1 of " + o.String())
}

// deriv1 is the derivative of a unary operation at x, whose result is r.
func deriv1(o Op, x, r float64) float64 {
	switch o {
	case OpNeg:
		return -1
	case OpAbs:
		switch {
		case x > 0:
			return 1
		case x < 0:
			return -1
		}
		return 0
	case OpSquare:
		return 2 * x
	case OpSqrt:
		return 0.5 / r
	case OpCbrt:
		return 1 / (3 * r * r)
	case OpExp:
		return r
	case OpExpm1:
		return r + 1
	case OpLog:
		return 1 / x
	case OpLog1p:
		return 1 / (1 + x)
	case OpLog2:
		return 1 / (x * math.Ln2)
	case OpLog10:
		return 1 / (x * math.Ln10)
	case OpSin:
		return math.Cos(x)
	case OpCos:
		return -math.Sin(x)
	case OpTan:
		return 1 + r*r
	case OpAsin:
		return 1 / math.Sqrt(1-x*x)
	case OpAcos:
		return -1 / math.Sqrt(1-x*x)
	case OpAtan:
		return 1 / (1 + x*x)
	case OpSinh:
		return math.Cosh(x)
	case OpCosh:
		return math.Sinh(x)
	case OpTanh:
		return 1 - r*r
	case OpAsinh:
		return 1 / math.Sqrt(x*x+1)
	case OpAcosh:
		return 1 / math.Sqrt(x*x-1)
	case OpAtanh:
		return 1 / (1 - x*x)
	case OpErf:
		return 2 / math.SqrtPi * math.Exp(-x*x)
	case OpErfc:
		return -2 / math.SqrtPi * math.Exp(-x*x)
	}
	panic("trace: deriv1 of " + o.String())
}

// eval2 computes a binary operation.
func eval2(o Op, x, y float64) float64 {
	switch o {
	case OpAdd:
		return x + y
	case OpSub:
		return x - y
	case OpMul:
		return x * y
	case OpDiv:
		return x / y
	case OpPow:
		return math.Pow(x, y)
	case OpAtan2:
		return math.Atan2(x, y)
	case OpHypot:
		return math.Hypot(x, y)
	case OpMin, OpMax:
		// IEEE 754-2019 minimumNumber and maximumNumber, as the
		// compiler's: a NaN loses, -0 is below +0.
		switch {
		case x != x:
			return y
		case y != y:
			return x
		case o == OpMin:
			return min(x, y)
		}
		return max(x, y)
	}
	panic("trace: eval2 of " + o.String())
}

// pickFirst reports whether min or max passes its derivative to its first
// operand: on ties and when the second operand is NaN it does, as the
// compiler's min and max do, so that both differentiate the same way.
func pickFirst(o Op, x, y float64) bool {
	if y != y {
		return true
	}
	if o == OpMin {
		return x <= y
	}
	return x >= y
}

// deriv2 returns the partial derivatives of a binary operation at (x, y),
// whose result is r.
func deriv2(o Op, x, y, r float64) (dx, dy float64) {
	switch o {
	case OpAdd:
		return 1, 1
	case OpSub:
		return 1, -1
	case OpMul:
		return y, x
	case OpDiv:
		return 1 / y, -r / y
	case OpPow:
		// The compiler's convention: no derivative in x at 0 for exponents
		// below 1, none in y unless x > 0.
		if !(x == 0 && y < 1) {
			dx = y * math.Pow(x, y-1)
		}
		if x > 0 {
			dy = r * math.Log(x)
		}
		return dx, dy
	case OpAtan2:
		d := x*x + y*y
		return y / d, -x / d
	case OpHypot:
		if r == 0 {
			return 0, 0
		}
		return x / r, y / r
	case OpMin, OpMax:
		if pickFirst(o, x, y) {
			return 1, 0
		}
		return 0, 1
	}
	panic("trace: deriv2 of " + o.String())
}

// needsResult reports whether the derivative of o reads o's result.
func needsResult(o Op) bool {
	switch o {
	case OpExp, OpExpm1, OpSqrt, OpCbrt, OpTan, OpTanh, OpDiv, OpPow, OpHypot:
		return true
	}
	return false
}

// needsOperands reports whether the derivative of o reads its operands.
func needsOperands(o Op) bool {
	switch o {
	case OpConst, OpAdd, OpSub, OpNeg, OpSqrt, OpCbrt, OpExp, OpExpm1, OpTan, OpTanh:
		return false
	}
	return true
}
