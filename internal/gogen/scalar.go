package gogen

import (
	"fmt"
	"math"
	"strconv"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// goScalar is the Go type of a primitive type in generated code.
func goScalar(t prim.Type) string {
	switch t {
	case prim.I8:
		return "int8"
	case prim.I16:
		return "int16"
	case prim.I32:
		return "int32"
	case prim.I64:
		return "int64"
	case prim.U8:
		return "uint8"
	case prim.U16:
		return "uint16"
	case prim.U32:
		return "uint32"
	case prim.U64:
		return "uint64"
	case prim.F16:
		return "F16"
	case prim.F32:
		return "float32"
	case prim.F64:
		return "float64"
	case prim.Bool:
		return "bool"
	}
	return "invalid"
}

// literal is a Go expression of the exact value v (typed, so never an
// untyped constant that could overflow or fold).
func literal(v prim.Value) string {
	t := v.Type()
	switch {
	case t == prim.Bool:
		return strconv.FormatBool(v.Bool())
	case t.IsSigned():
		return fmt.Sprintf("%s(%d)", goScalar(t), v.Int())
	case t.IsUnsigned():
		return fmt.Sprintf("%s(%d)", goScalar(t), v.Uint())
	case t == prim.F16:
		return fmt.Sprintf("F16(%#04x)", v.Bits())
	case t == prim.F32:
		f := v.Float32()
		if math.IsInf(float64(f), 0) || f != f || f == 0 && math.Signbit(float64(f)) {
			return fmt.Sprintf("math.Float32frombits(%#08x)", v.Bits())
		}
		return "float32(" + strconv.FormatFloat(float64(f), 'g', -1, 32) + ")"
	case t == prim.F64:
		f := v.Float()
		if math.IsInf(f, 0) || f != f || f == 0 && math.Signbit(f) {
			return fmt.Sprintf("math.Float64frombits(%#016x)", v.Bits())
		}
		return "float64(" + strconv.FormatFloat(f, 'g', -1, 64) + ")"
	}
	return "invalid"
}

// binExpr is the Go expression applying op at type t to the operands x and
// y (variables), reproducing prim.EvalBinOp.
func binExpr(op prim.BinOp, t prim.Type, x, y, pos string) (string, error) {
	w := strconv.Itoa(t.Bits())
	switch {
	case t == prim.Bool:
		switch op {
		case prim.LogAnd:
			return x + " && " + y, nil
		case prim.LogOr:
			return x + " || " + y, nil
		}
	case t.IsInt():
		s := "u"
		if t.IsSigned() {
			s = "s"
		}
		switch op {
		case prim.Add:
			return x + " + " + y, nil
		case prim.Sub:
			return x + " - " + y, nil
		case prim.Mul:
			return x + " * " + y, nil
		case prim.BitAnd:
			return x + " & " + y, nil
		case prim.BitOr:
			return x + " | " + y, nil
		case prim.BitXor:
			return x + " ^ " + y, nil
		case prim.Shl:
			return s + "shl(" + x + ", " + y + ", " + w + ")", nil
		case prim.Shr:
			return s + "shr(" + x + ", " + y + ", " + w + ")", nil
		case prim.Pow:
			if t.IsSigned() {
				return "spow(" + pos + ", " + x + ", " + y + ")", nil
			}
			return "upow(" + x + ", " + y + ")", nil
		}
		fn := map[prim.BinOp]string{prim.Div: "sdiv", prim.Mod: "smod", prim.Quot: "squot", prim.Rem: "srem"}
		if t.IsUnsigned() {
			fn = map[prim.BinOp]string{prim.Div: "udiv", prim.Mod: "umod", prim.Quot: "udiv", prim.Rem: "umod"}
		}
		if f, ok := fn[op]; ok {
			return f + "(" + pos + ", " + x + ", " + y + ")", nil
		}
	case t == prim.F16:
		fn := map[prim.BinOp]string{prim.Add: "addF16", prim.Sub: "subF16", prim.Mul: "mulF16", prim.Div: "divF16", prim.Mod: "modF16", prim.Pow: "powF16"}
		if f, ok := fn[op]; ok {
			return f + "(" + x + ", " + y + ")", nil
		}
	case t == prim.F32 || t == prim.F64:
		g := goScalar(t)
		widen := func(s string) string {
			if t == prim.F32 {
				return "float64(" + s + ")"
			}
			return s
		}
		switch op {
		case prim.Add:
			return x + " + " + y, nil
		case prim.Sub:
			return x + " - " + y, nil
		case prim.Mul:
			// The conversion forbids fusing with a following addition.
			return g + "(" + x + " * " + y + ")", nil
		case prim.Div:
			return x + " / " + y, nil
		case prim.Mod:
			return g + "(math.Mod(" + widen(x) + ", " + widen(y) + "))", nil
		case prim.Pow:
			return g + "(math.Pow(" + widen(x) + ", " + widen(y) + "))", nil
		}
	}
	return "", fmt.Errorf("operator %v is not defined on %v", op, t)
}

// cmpExpr is the Go expression comparing x and y of type t.
func cmpExpr(op prim.CmpOp, t prim.Type, x, y string) (string, error) {
	ops := map[prim.CmpOp]string{prim.Eq: "==", prim.Ne: "!=", prim.Lt: "<", prim.Le: "<=", prim.Gt: ">", prim.Ge: ">="}
	o, ok := ops[op]
	if !ok {
		return "", fmt.Errorf("unknown comparison %v", op)
	}
	switch {
	case t == prim.Bool:
		switch op {
		case prim.Lt:
			return "!" + x + " && " + y, nil
		case prim.Le:
			return "!" + x + " || " + y, nil
		case prim.Gt:
			return x + " && !" + y, nil
		case prim.Ge:
			return x + " || !" + y, nil
		}
		return x + " " + o + " " + y, nil
	case t == prim.F16:
		return x + ".F32() " + o + " " + y + ".F32()", nil
	case t.IsNumeric():
		return x + " " + o + " " + y, nil
	}
	return "", fmt.Errorf("comparison on %v", t)
}

// unExpr is the Go expression applying a unary operator.
func unExpr(op prim.UnOp, t prim.Type, x string) (string, error) {
	switch {
	case op == prim.Not && t == prim.Bool:
		return "!" + x, nil
	case op == prim.Not && t.IsInt():
		return "^" + x, nil
	case op == prim.Neg && t.IsInt():
		return "-" + x, nil
	case op == prim.Neg && (t == prim.F64 || t == prim.F32) && token(x):
		// A variable's negation flips its sign bit (Go negates floats
		// with an XOR of the sign); only constants, which Go folds
		// without a negative zero, need the bit operation.
		return "-" + x, nil
	case op == prim.Neg && t == prim.F64:
		return "negF64(" + x + ")", nil
	case op == prim.Neg && t == prim.F32:
		return "negF32(" + x + ")", nil
	case op == prim.Neg && t == prim.F16:
		return x + " ^ 0x8000", nil
	}
	return "", fmt.Errorf("operator %v is not defined on %v", op, t)
}

// f64Of is x (of float type t) as a float64, exactly.
func f64Of(t prim.Type, x string) string {
	switch t {
	case prim.F16:
		return x + ".F64()"
	case prim.F32:
		return "float64(" + x + ")"
	}
	return x
}

// convExpr converts x from type from to type to by the rules of §8.6 (as
// prim.Convert does).
func convExpr(from, to prim.Type, x string) string {
	g := goScalar(to)
	switch {
	case from == to:
		return x
	case to == prim.Bool:
		if from == prim.F16 {
			return x + "&0x7fff != 0"
		}
		return x + " != 0"
	case from == prim.Bool:
		switch to {
		case prim.F16:
			return "ToF16(float64(b2i(" + x + ")))"
		}
		return g + "(b2i(" + x + "))"
	case from.IsInt() && to.IsInt():
		if from.IsSigned() && !to.IsSigned() {
			return g + "(" + goScalar(from.UnsignedOfWidth()) + "(" + x + "))"
		}
		return g + "(" + x + ")"
	case from.IsInt():
		if to == prim.F16 {
			return "ToF16(float64(float32(" + x + ")))"
		}
		return g + "(" + x + ")"
	case to.IsInt():
		if to == prim.U64 {
			return "f2u64(" + f64Of(from, x) + ")"
		}
		return g + "(f2i(" + f64Of(from, x) + "))"
	}
	switch {
	case to == prim.F64:
		return f64Of(from, x)
	case to == prim.F32 && from == prim.F16:
		return x + ".F32()"
	case to == prim.F32:
		return "float32(" + x + ")"
	}
	return "ToF16(" + f64Of(from, x) + ")"
}

// floatFns maps the float functions computed in float64 to Go functions.
var floatFns = map[string]string{
	"sqrt": "math.Sqrt", "rsqrt": "rsqrt", "cbrt": "math.Cbrt", "exp": "math.Exp",
	"log": "math.Log", "log2": "math.Log2", "log10": "math.Log10", "log1p": "math.Log1p",
	"sin": "math.Sin", "cos": "math.Cos", "tan": "math.Tan", "sinpi": "sinpi",
	"cospi": "cospi", "tanpi": "tanpi", "asin": "math.Asin", "acos": "math.Acos",
	"atan": "math.Atan", "asinpi": "asinpi", "acospi": "acospi", "atanpi": "atanpi",
	"sinh": "math.Sinh", "cosh": "math.Cosh", "tanh": "math.Tanh", "asinh": "math.Asinh",
	"acosh": "math.Acosh", "atanh": "math.Atanh", "gamma": "math.Gamma", "lgamma": "lgamma", "digamma": "digamma", "trigamma": "trigamma",
	"erf": "math.Erf", "erfc": "math.Erfc", "ceil": "math.Ceil", "floor": "math.Floor",
	"trunc": "math.Trunc", "round": "math.RoundToEven",
	"atan2": "math.Atan2", "atan2pi": "atan2pi", "hypot": "math.Hypot",
}

// callExpr is the Go expression applying the scalar function f to args.
func callExpr(f prim.Func, a []string) (string, error) {
	if f.Fn == "conv" {
		return convExpr(f.Params[0], f.Ret, a[0]), nil
	}
	t := f.Params[0]
	g := goScalar(t)
	w := strconv.Itoa(t.Bits())
	if fn, ok := floatFns[f.Fn]; ok && t.IsFloat() {
		switch {
		case len(a) == 1 && t == prim.F64:
			return fn + "(" + a[0] + ")", nil
		case len(a) == 1 && t == prim.F32:
			return "float32(" + fn + "(float64(" + a[0] + ")))", nil
		case len(a) == 1:
			return "f16fn(" + fn + ", " + a[0] + ")", nil
		case t == prim.F64:
			return fn + "(" + a[0] + ", " + a[1] + ")", nil
		case t == prim.F32:
			return "float32(" + fn + "(float64(" + a[0] + "), float64(" + a[1] + ")))", nil
		default:
			return "f16fn2(" + fn + ", " + a[0] + ", " + a[1] + ")", nil
		}
	}
	bin := func(op prim.BinOp, x, y string) string {
		s, _ := binExpr(op, t, x, y, `""`)
		if t == prim.F32 || t == prim.F64 {
			return g + "(" + s + ")"
		}
		return s
	}
	switch f.Fn {
	case "copysign":
		switch t {
		case prim.F64:
			return "math.Copysign(" + a[0] + ", " + a[1] + ")", nil
		case prim.F32:
			return "copysign32(" + a[0] + ", " + a[1] + ")", nil
		}
		return a[0] + "&0x7fff | " + a[1] + "&0x8000", nil
	case "nextafter":
		switch t {
		case prim.F64:
			return "math.Nextafter(" + a[0] + ", " + a[1] + ")", nil
		case prim.F32:
			return "math.Nextafter32(" + a[0] + ", " + a[1] + ")", nil
		}
		return "nextafter16(" + a[0] + ", " + a[1] + ")", nil
	case "fma":
		s := "math.FMA(" + f64Of(t, a[0]) + ", " + f64Of(t, a[1]) + ", " + f64Of(t, a[2]) + ")"
		switch t {
		case prim.F64:
			return s, nil
		case prim.F32:
			return "float32(" + s + ")", nil
		}
		return "ToF16(float64(float32(" + s + ")))", nil
	case "mad":
		return bin(prim.Add, bin(prim.Mul, a[0], a[1]), a[2]), nil
	case "lerp":
		return bin(prim.Add, a[0], bin(prim.Mul, bin(prim.Sub, a[1], a[0]), a[2])), nil
	case "isnan":
		if t == prim.F16 {
			return "isNaN16(" + a[0] + ")", nil
		}
		return a[0] + " != " + a[0], nil
	case "isinf":
		if t == prim.F16 {
			return a[0] + "&0x7fff == 0x7c00", nil
		}
		return "math.IsInf(float64(" + a[0] + "), 0)", nil
	case "to_bits":
		switch t {
		case prim.F64:
			return "math.Float64bits(" + a[0] + ")", nil
		case prim.F32:
			return "math.Float32bits(" + a[0] + ")", nil
		}
		return "uint16(" + a[0] + ")", nil
	case "from_bits":
		switch f.Ret {
		case prim.F64:
			return "math.Float64frombits(" + a[0] + ")", nil
		case prim.F32:
			return "math.Float32frombits(" + a[0] + ")", nil
		}
		return "F16(" + a[0] + ")", nil
	case "ldexp":
		s := "math.Ldexp(" + f64Of(t, a[0]) + ", int(" + a[1] + "))"
		switch t {
		case prim.F64:
			return s, nil
		case prim.F32:
			return "float32(" + s + ")", nil
		}
		return "ToF16(" + s + ")", nil
	case "abs":
		switch {
		case t == prim.F64:
			return "absF64(" + a[0] + ")", nil
		case t == prim.F32:
			return "absF32(" + a[0] + ")", nil
		case t == prim.F16:
			return a[0] + " & 0x7fff", nil
		case t.IsSigned():
			return "absI(" + a[0] + ")", nil
		}
		return a[0], nil
	case "sgn":
		switch {
		case t == prim.F16:
			return "sgnF16(" + a[0] + ")", nil
		case t.IsFloat():
			return "sgnF(" + a[0] + ")", nil
		}
		return "sgnI(" + a[0] + ")", nil
	case "min", "max":
		switch {
		case t == prim.F16:
			return f.Fn + "F16(" + a[0] + ", " + a[1] + ")", nil
		case t.IsFloat():
			return f.Fn + "F(" + a[0] + ", " + a[1] + ")", nil
		}
		return f.Fn + "I(" + a[0] + ", " + a[1] + ")", nil
	case "popc", "clz", "ctz", "lshr", "ashr":
		return f.Fn + "(" + joinArgs(a) + ", " + w + ")", nil
	case "mul_hi", "mad_hi":
		hi := "mulHiU"
		if t.IsSigned() {
			hi = "mulHiS"
		}
		s := hi + "(" + a[0] + ", " + a[1] + ", " + w + ")"
		if f.Fn == "mad_hi" {
			s += " + " + a[2]
		}
		return s, nil
	}
	return "", fmt.Errorf("unsupported scalar function %s", f.Name)
}

func joinArgs(a []string) string {
	s := ""
	for i, x := range a {
		if i > 0 {
			s += ", "
		}
		s += x
	}
	return s
}
