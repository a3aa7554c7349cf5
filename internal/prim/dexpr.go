package prim

import (
	"fmt"
	"math"
	"strings"
)

// DExpr is a partial-derivative formula over the primal arguments of an
// operation, built from this package's operators and functions. AD emits
// it as code; BinOpPartials and Func.Partials evaluate it, so the formulas
// that generated code uses are the ones the tests check.
//
// Every node has the operation's type t (the type its formulas are
// instantiated at), except DArg (the argument's own type), DCmp and
// boolean connectives (bool), and DZero (the zero of an argument's type).
type DExpr struct {
	Kind  DKind
	Arg   int     // DArg, DZero: argument index
	Const float64 // DConst: the constant, converted to t
	Bin   BinOp   // DBin
	Cmp   CmpOp   // DCmp
	Un    UnOp    // DUn
	Fn    string  // DFunc: the <fn> of a Func, instantiated at its first argument's type
	Args  []DExpr // operands; DSelect: condition, then, else
}

// DKind is the kind of a DExpr node.
type DKind uint8

// The kinds of DExpr nodes.
const (
	DArg    DKind = iota + 1 // primal argument Arg
	DConst                   // Const in type t
	DBin                     // Args[0] Bin Args[1]
	DCmp                     // Args[0] Cmp Args[1], a bool
	DUn                      // Un Args[0]
	DFunc                    // Fn applied to Args
	DSelect                  // if Args[0] then Args[1] else Args[2]; only the chosen branch is evaluated
	DZero                    // the zero of argument Arg's type: no dependence on it
	DNone                    // no formula: the derivative needs a function prim does not have (Fn names it)
)

func arg(k int) DExpr                    { return DExpr{Kind: DArg, Arg: k} }
func dconst(c float64) DExpr             { return DExpr{Kind: DConst, Const: c} }
func dzero(k int) DExpr                  { return DExpr{Kind: DZero, Arg: k} }
func dfn(fn string, args ...DExpr) DExpr { return DExpr{Kind: DFunc, Fn: fn, Args: args} }
func dbin(op BinOp, a, b DExpr) DExpr    { return DExpr{Kind: DBin, Bin: op, Args: []DExpr{a, b}} }
func dcmp(op CmpOp, a, b DExpr) DExpr    { return DExpr{Kind: DCmp, Cmp: op, Args: []DExpr{a, b}} }
func dneg(a DExpr) DExpr                 { return DExpr{Kind: DUn, Un: Neg, Args: []DExpr{a}} }
func dselect(c, a, b DExpr) DExpr        { return DExpr{Kind: DSelect, Args: []DExpr{c, a, b}} }
func dadd(a, b DExpr) DExpr              { return dbin(Add, a, b) }
func dsub(a, b DExpr) DExpr              { return dbin(Sub, a, b) }
func dmul(a, b DExpr) DExpr              { return dbin(Mul, a, b) }
func ddiv(a, b DExpr) DExpr              { return dbin(Div, a, b) }
func dsq(a DExpr) DExpr                  { return dmul(a, a) }

// Eval evaluates e at the primal arguments args, with constants in type t.
func (e DExpr) Eval(t Type, args []Value) (Value, error) {
	switch e.Kind {
	case DArg:
		if e.Arg >= len(args) {
			return Value{}, fmt.Errorf("derivative formula uses argument %d of %d", e.Arg, len(args))
		}
		return args[e.Arg], nil
	case DConst:
		if t.IsFloat() {
			return FloatValue(t, e.Const), nil
		}
		return IntValue(t, int64(e.Const)), nil
	case DZero:
		if e.Arg >= len(args) {
			return Value{}, fmt.Errorf("derivative formula uses argument %d of %d", e.Arg, len(args))
		}
		return Zero(args[e.Arg].t), nil
	case DSelect:
		c, err := e.Args[0].Eval(t, args)
		if err != nil {
			return Value{}, err
		}
		if c.Bool() {
			return e.Args[1].Eval(t, args)
		}
		return e.Args[2].Eval(t, args)
	}
	vs := make([]Value, len(e.Args))
	for k, a := range e.Args {
		v, err := a.Eval(t, args)
		if err != nil {
			return Value{}, err
		}
		vs[k] = v
	}
	switch e.Kind {
	case DBin:
		return EvalBinOp(e.Bin, vs[0].t, vs[0], vs[1])
	case DCmp:
		return EvalCmpOp(e.Cmp, vs[0].t, vs[0], vs[1])
	case DUn:
		return EvalUnOp(e.Un, vs[0].t, vs[0])
	case DFunc:
		return EvalFunc(e.Fn+"_"+vs[0].t.String(), vs)
	case DNone:
		return Value{}, fmt.Errorf("the derivative needs %s, which is not available", e.Fn)
	}
	return Value{}, fmt.Errorf("invalid derivative formula kind %d", e.Kind)
}

// String writes e as a readable formula over x0, x1, ...
func (e DExpr) String() string {
	var b strings.Builder
	e.write(&b)
	return b.String()
}

func (e DExpr) write(b *strings.Builder) {
	switch e.Kind {
	case DArg:
		fmt.Fprintf(b, "x%d", e.Arg)
	case DConst:
		fmt.Fprintf(b, "%g", e.Const)
	case DZero:
		fmt.Fprintf(b, "zero(x%d)", e.Arg)
	case DBin, DCmp:
		op := e.Bin.String()
		if e.Kind == DCmp {
			op = e.Cmp.String()
		}
		b.WriteByte('(')
		e.Args[0].write(b)
		fmt.Fprintf(b, " %s ", op)
		e.Args[1].write(b)
		b.WriteByte(')')
	case DUn:
		b.WriteString(e.Un.String())
		e.Args[0].write(b)
	case DSelect:
		b.WriteString("(if ")
		e.Args[0].write(b)
		b.WriteString(" then ")
		e.Args[1].write(b)
		b.WriteString(" else ")
		e.Args[2].write(b)
		b.WriteByte(')')
	case DFunc, DNone:
		b.WriteString(e.Fn)
		for _, a := range e.Args {
			b.WriteByte(' ')
			a.write(b)
		}
	default:
		b.WriteString("?")
	}
}

// BinOpPartialExprs returns the formulas for the partials of x0 op x1 with
// respect to x0 and x1, for operands of type t (§14.3-§14.4).
func BinOpPartialExprs(op BinOp, t Type) (DExpr, DExpr) {
	x, y := arg(0), arg(1)
	zero, one := dconst(0), dconst(1)
	if t == Bool {
		if op == LogAnd {
			return y, x // product rule with && as multiplication
		}
		return one, one // || is the addition of boolean tangents
	}
	switch op {
	case Add:
		return one, one
	case Sub:
		return one, dconst(-1)
	case Mul:
		return y, x
	case Div, Quot:
		if t.IsFloat() {
			return ddiv(one, y), dneg(ddiv(x, dsq(y)))
		}
		// The float formula in truncating integer arithmetic; when y*y
		// wraps to 0 the formula has no value and the partial is 0.
		yy := dsq(y)
		return dbin(Quot, one, y), dselect(dcmp(Eq, yy, zero), zero, dneg(dbin(Quot, x, yy)))
	case Mod, Rem:
		return one, zero
	case Pow:
		ym1 := dsub(y, one)
		if t.IsInt() {
			return dselect(dcmp(Eq, y, zero), zero, dmul(y, dbin(Pow, x, ym1))), zero
		}
		dx := dselect(dbin(LogAnd, dcmp(Eq, x, zero), dcmp(Lt, y, one)), zero, dmul(y, dbin(Pow, x, ym1)))
		dy := dselect(dcmp(Gt, x, zero), dmul(dbin(Pow, x, y), dfn("log", x)), zero)
		return dx, dy
	case Shl:
		return dbin(Shl, one, y), zero // 2**y, and 0 when y is out of range
	case Shr:
		return dbin(Shr, one, y), zero // 1 / 2**y in integer division
	}
	return zero, zero // & | ^
}

// UnOpPartialExpr returns the formula for the derivative of op x0.
func UnOpPartialExpr(op UnOp, t Type) DExpr {
	if t == Bool {
		return arg(0) // the tangent of !b is db && b (§14.3)
	}
	return dconst(-1) // -x, and !x == -1 - x on integers
}

// floatPartialExprs gives the partials of the float functions.
var floatPartialExprs = map[string][]DExpr{
	"sqrt":   {ddiv(dconst(1), dmul(dconst(2), dfn("sqrt", arg(0))))},
	"rsqrt":  {dmul(dconst(-0.5), ddiv(dfn("rsqrt", arg(0)), arg(0)))},
	"cbrt":   {ddiv(dconst(1), dmul(dconst(3), dsq(dfn("cbrt", arg(0)))))},
	"exp":    {dfn("exp", arg(0))},
	"log":    {ddiv(dconst(1), arg(0))},
	"log2":   {ddiv(dconst(1), dmul(arg(0), dconst(math.Ln2)))},
	"log10":  {ddiv(dconst(1), dmul(arg(0), dconst(math.Ln10)))},
	"log1p":  {ddiv(dconst(1), dadd(dconst(1), arg(0)))},
	"sin":    {dfn("cos", arg(0))},
	"cos":    {dneg(dfn("sin", arg(0)))},
	"tan":    {ddiv(dconst(1), dsq(dfn("cos", arg(0))))},
	"sinpi":  {dmul(dconst(math.Pi), dfn("cospi", arg(0)))},
	"cospi":  {dneg(dmul(dconst(math.Pi), dfn("sinpi", arg(0))))},
	"tanpi":  {ddiv(dconst(math.Pi), dsq(dfn("cospi", arg(0))))},
	"asin":   {ddiv(dconst(1), dfn("sqrt", dsub(dconst(1), dsq(arg(0)))))},
	"acos":   {ddiv(dconst(-1), dfn("sqrt", dsub(dconst(1), dsq(arg(0)))))},
	"atan":   {ddiv(dconst(1), dadd(dconst(1), dsq(arg(0))))},
	"asinpi": {ddiv(dconst(1/math.Pi), dfn("sqrt", dsub(dconst(1), dsq(arg(0)))))},
	"acospi": {ddiv(dconst(-1/math.Pi), dfn("sqrt", dsub(dconst(1), dsq(arg(0)))))},
	"atanpi": {ddiv(dconst(1/math.Pi), dadd(dconst(1), dsq(arg(0))))},
	"sinh":   {dfn("cosh", arg(0))},
	"cosh":   {dfn("sinh", arg(0))},
	"tanh":   {dsub(dconst(1), dsq(dfn("tanh", arg(0))))},
	"asinh":  {ddiv(dconst(1), dfn("sqrt", dadd(dsq(arg(0)), dconst(1))))},
	"acosh":  {ddiv(dconst(1), dfn("sqrt", dsub(dsq(arg(0)), dconst(1))))},
	"atanh":  {ddiv(dconst(1), dsub(dconst(1), dsq(arg(0))))},
	"gamma":  {dmul(dfn("gamma", arg(0)), dfn("digamma", arg(0)))},
	"lgamma": {dfn("digamma", arg(0))},
	// digamma and trigamma are not intrinsics, only derivatives of lgamma.
	"digamma":  {dfn("trigamma", arg(0))},
	"trigamma": {{Kind: DNone, Fn: "tetragamma", Args: []DExpr{arg(0)}}},
	"erf":      {dmul(dconst(2/math.SqrtPi), dfn("exp", dneg(dsq(arg(0)))))},
	"erfc":     {dmul(dconst(-2/math.SqrtPi), dfn("exp", dneg(dsq(arg(0)))))},
	"ceil":     {dconst(0)},
	"floor":    {dconst(0)},
	"trunc":    {dconst(0)},
	"round":    {dconst(0)},
	// atan2 y x: first argument y.
	"atan2": {
		ddiv(arg(1), dadd(dsq(arg(1)), dsq(arg(0)))),
		dneg(ddiv(arg(0), dadd(dsq(arg(1)), dsq(arg(0))))),
	},
	"atan2pi": {
		ddiv(arg(1), dmul(dconst(math.Pi), dadd(dsq(arg(1)), dsq(arg(0))))),
		dneg(ddiv(arg(0), dmul(dconst(math.Pi), dadd(dsq(arg(1)), dsq(arg(0)))))),
	},
	"hypot": {
		ddiv(arg(0), dfn("hypot", arg(0), arg(1))),
		ddiv(arg(1), dfn("hypot", arg(0), arg(1))),
	},
	"copysign":  {dfn("sgn", arg(1)), dconst(0)},
	"nextafter": {dconst(1), dconst(0)},
	"fma":       {arg(1), arg(0), dconst(1)},
	"mad":       {arg(1), arg(0), dconst(1)},
	"lerp": {
		dsub(dconst(1), dfn("min", dfn("max", arg(2), dconst(0)), dconst(1))),
		dfn("min", dfn("max", arg(2), dconst(0)), dconst(1)),
		dsub(arg(1), arg(0)),
	},
	"ldexp": {dfn("ldexp", dconst(1), arg(1)), dzero(1)},
}

// PartialExprs returns the formulas for f's partials per argument, or nil
// for the linear functions (IsLinear), whose derivative is f itself.
func (f Func) PartialExprs() []DExpr {
	if f.IsLinear() {
		return nil
	}
	if ps := floatPartialExprs[f.Fn]; ps != nil {
		return ps
	}
	n := len(f.Params)
	ps := make([]DExpr, n)
	for k := range ps {
		ps[k] = dzero(k)
	}
	// max picks x0 unless x0 < x1 or x0 is NaN: (x0 >= x1) || isnan x1.
	pick := func(op CmpOp) DExpr {
		return dbin(LogOr, dcmp(op, arg(0), arg(1)), dcmp(Ne, arg(1), arg(1)))
	}
	switch f.Fn {
	case "abs":
		ps[0] = dfn("sgn", arg(0))
	case "sgn":
		ps[0] = dconst(0)
	case "max":
		ps[0] = dselect(pick(Ge), dconst(1), dconst(0))
		ps[1] = dselect(pick(Ge), dconst(0), dconst(1))
	case "min":
		ps[0] = dselect(pick(Le), dconst(1), dconst(0))
		ps[1] = dselect(pick(Le), dconst(0), dconst(1))
	case "mul_hi":
		ps[0], ps[1] = arg(1), arg(0)
	case "mad_hi":
		ps[0], ps[1], ps[2] = arg(1), arg(0), dconst(1)
	case "lshr", "ashr":
		ps[0] = dfn(f.Fn, dconst(1), arg(1))
	}
	// popc, clz, ctz (i32 results), isnan, isinf (bool results): zero.
	return ps
}
