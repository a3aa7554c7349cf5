package prim

import (
	"fmt"
	"math"
	"math/bits"
)

// Funcs lists every scalar function instance (docs/INTRINSICS.md), in a
// fixed order; Funcs[i].ID == i.
var Funcs []Func

var funcsByName map[string]FuncID

// LookupFunc returns the function instance called name ("sin_f32").
func LookupFunc(name string) (Func, bool) {
	id, ok := funcsByName[name]
	if !ok {
		return Func{}, false
	}
	return Funcs[id], true
}

// FuncByID returns Funcs[id].
func FuncByID(id FuncID) Func { return Funcs[id] }

// ConvFunc returns the conversion from type from to type to.
func ConvFunc(from, to Type) (Func, bool) {
	return LookupFunc("conv_" + from.String() + "_" + to.String())
}

// Eval applies f to args, checking their number and types.
func (f Func) Eval(args []Value) (Value, error) {
	if f.eval == nil {
		return Value{}, fmt.Errorf("invalid function")
	}
	if len(args) != len(f.Params) {
		return Value{}, fmt.Errorf("%s: got %d arguments, want %d", f.Name, len(args), len(f.Params))
	}
	for k, a := range args {
		if a.t != f.Params[k] {
			return Value{}, fmt.Errorf("%s: argument %d has type %v, want %v", f.Name, k+1, a.t, f.Params[k])
		}
	}
	return f.eval(args), nil
}

// EvalUnchecked applies f to args that the caller guarantees have the
// parameter types (the interpreter's inner loops, after type checking).
func (f Func) EvalUnchecked(args []Value) Value { return f.eval(args) }

// EvalFunc applies the function instance called name to args.
func EvalFunc(name string, args []Value) (Value, error) {
	f, ok := LookupFunc(name)
	if !ok {
		return Value{}, fmt.Errorf("unknown scalar function %q", name)
	}
	return f.Eval(args)
}

// EvalFuncID applies Funcs[id] to args.
func EvalFuncID(id FuncID, args []Value) (Value, error) {
	if int(id) >= len(Funcs) {
		return Value{}, fmt.Errorf("unknown scalar function id %d", id)
	}
	return Funcs[id].Eval(args)
}

func addFunc(fn string, t Type, params []Type, ret Type, eval func([]Value) Value) {
	name := fn + "_" + t.String()
	if fn == "conv" {
		name = fn + "_" + params[0].String() + "_" + ret.String()
	}
	id := FuncID(len(Funcs))
	Funcs = append(Funcs, Func{Name: name, Params: params, Ret: ret, ID: id, Fn: fn, eval: eval})
	funcsByName[name] = id
}

var floatTypes = []Type{F16, F32, F64}
var intTypes = []Type{I8, I16, I32, I64, U8, U16, U32, U64}

// floatUnary lists the float t -> t functions, computed in f64.
var floatUnary = []struct {
	fn string
	f  func(float64) float64
}{
	{"sqrt", math.Sqrt},
	{"rsqrt", func(x float64) float64 { return 1 / math.Sqrt(x) }},
	{"cbrt", math.Cbrt},
	{"exp", math.Exp},
	{"log", math.Log},
	{"log2", math.Log2},
	{"log10", math.Log10},
	{"log1p", math.Log1p},
	{"sin", math.Sin},
	{"cos", math.Cos},
	{"tan", math.Tan},
	{"sinpi", sinpi},
	{"cospi", cospi},
	{"tanpi", func(x float64) float64 { return sinpi(x) / cospi(x) }},
	{"asin", math.Asin},
	{"acos", math.Acos},
	{"atan", math.Atan},
	{"asinpi", func(x float64) float64 { return math.Asin(x) / math.Pi }},
	{"acospi", func(x float64) float64 { return math.Acos(x) / math.Pi }},
	{"atanpi", func(x float64) float64 { return math.Atan(x) / math.Pi }},
	{"sinh", math.Sinh},
	{"cosh", math.Cosh},
	{"tanh", math.Tanh},
	{"asinh", math.Asinh},
	{"acosh", math.Acosh},
	{"atanh", math.Atanh},
	{"gamma", math.Gamma},
	{"lgamma", func(x float64) float64 { y, _ := math.Lgamma(x); return y }},
	{"digamma", digamma},   // not an intrinsic: the derivative of lgamma
	{"trigamma", trigamma}, // not an intrinsic: the derivative of digamma
	{"erf", math.Erf},
	{"erfc", math.Erfc},
	{"ceil", math.Ceil},
	{"floor", math.Floor},
	{"trunc", math.Trunc},
	{"round", math.RoundToEven},
}

// floatBinary lists the float t -> t -> t functions computed in f64.
var floatBinary = []struct {
	fn string
	f  func(x, y float64) float64
}{
	{"atan2", math.Atan2},
	{"atan2pi", func(y, x float64) float64 { return math.Atan2(y, x) / math.Pi }},
	{"hypot", math.Hypot},
}

// sinpi is sin(pi*x), exactly zero at integers.
func sinpi(x float64) float64 {
	if math.IsInf(x, 0) {
		return math.NaN()
	}
	r := math.Mod(x, 2) // exact
	if r == math.Trunc(r) {
		return math.Copysign(0, x)
	}
	return math.Sin(math.Pi * r)
}

// cospi is cos(pi*x), exactly zero at odd multiples of 1/2.
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

func init() {
	funcsByName = map[string]FuncID{}
	for _, t := range floatTypes {
		t := t
		p1, p2, p3 := []Type{t}, []Type{t, t}, []Type{t, t, t}
		for _, u := range floatUnary {
			g := u.f
			addFunc(u.fn, t, p1, t, func(a []Value) Value {
				return FloatValue(t, roundFloat(t, g(a[0].Float())))
			})
		}
		for _, b := range floatBinary {
			g := b.f
			addFunc(b.fn, t, p2, t, func(a []Value) Value {
				return FloatValue(t, roundFloat(t, g(a[0].Float(), a[1].Float())))
			})
		}
		addFunc("copysign", t, p2, t, func(a []Value) Value {
			sign := uint64(1) << (t.Bits() - 1)
			return Value{t, a[0].bits&^sign | a[1].bits&sign}
		})
		addFunc("nextafter", t, p2, t, func(a []Value) Value { return nextafter(t, a[0], a[1]) })
		addFunc("fma", t, p3, t, func(a []Value) Value {
			return FloatValue(t, roundFloat(t, math.FMA(a[0].Float(), a[1].Float(), a[2].Float())))
		})
		addFunc("mad", t, p3, t, func(a []Value) Value {
			p, _ := EvalBinOp(Mul, t, a[0], a[1])
			s, _ := EvalBinOp(Add, t, p, a[2])
			return s
		})
		addFunc("lerp", t, p3, t, func(a []Value) Value {
			d, _ := EvalBinOp(Sub, t, a[1], a[0])
			p, _ := EvalBinOp(Mul, t, d, a[2])
			s, _ := EvalBinOp(Add, t, a[0], p)
			return s
		})
		addFunc("isnan", t, p1, Bool, func(a []Value) Value { return BoolValue(math.IsNaN(a[0].Float())) })
		addFunc("isinf", t, p1, Bool, func(a []Value) Value { return BoolValue(math.IsInf(a[0].Float(), 0)) })
		ut := t.UnsignedOfWidth()
		addFunc("to_bits", t, p1, ut, func(a []Value) Value { return Value{ut, a[0].bits} })
		addFunc("from_bits", t, []Type{ut}, t, func(a []Value) Value { return Value{t, a[0].bits} })
		addFunc("ldexp", t, []Type{t, I32}, t, func(a []Value) Value {
			return FloatValue(t, math.Ldexp(a[0].Float(), int(a[1].Int())))
		})
	}
	for _, t := range Types {
		if !t.IsNumeric() {
			continue
		}
		t := t
		p1, p2 := []Type{t}, []Type{t, t}
		addFunc("abs", t, p1, t, func(a []Value) Value { return absValue(a[0]) })
		addFunc("sgn", t, p1, t, func(a []Value) Value { return sgnValue(a[0]) })
		addFunc("min", t, p2, t, func(a []Value) Value { return minValue(a[0], a[1]) })
		addFunc("max", t, p2, t, func(a []Value) Value { return maxValue(a[0], a[1]) })
	}
	for _, t := range intTypes {
		t := t
		w := t.Bits()
		p1, p2, p3 := []Type{t}, []Type{t, t}, []Type{t, t, t}
		addFunc("popc", t, p1, I32, func(a []Value) Value {
			return Value{I32, uint64(bits.OnesCount64(a[0].Bits()))}
		})
		addFunc("clz", t, p1, I32, func(a []Value) Value {
			return Value{I32, uint64(bits.LeadingZeros64(a[0].Bits()) - (64 - w))}
		})
		addFunc("ctz", t, p1, I32, func(a []Value) Value {
			if a[0].Bits() == 0 {
				return Value{I32, uint64(w)}
			}
			return Value{I32, uint64(bits.TrailingZeros64(a[0].bits))}
		})
		addFunc("mul_hi", t, p2, t, func(a []Value) Value { return mulHi(a[0], a[1]) })
		addFunc("mad_hi", t, p3, t, func(a []Value) Value {
			h := mulHi(a[0], a[1])
			return Value{t, wrapBits(t, h.bits+a[2].bits)}
		})
		addFunc("lshr", t, p2, t, func(a []Value) Value {
			y := a[1].Bits()
			if y >= uint64(w) {
				return Value{t, 0}
			}
			return Value{t, wrapBits(t, a[0].Bits()>>y)}
		})
		addFunc("ashr", t, p2, t, func(a []Value) Value {
			x := int64(a[0].Bits()<<(64-w)) >> (64 - w) // sign-extend the bit pattern
			y := a[1].Bits()
			if y >= uint64(w) {
				return Value{t, wrapBits(t, uint64(x>>63))}
			}
			return Value{t, wrapBits(t, uint64(x>>y))}
		})
	}
	for _, from := range Types {
		for _, to := range Types {
			to := to
			addFunc("conv", from, []Type{from}, to, func(a []Value) Value { return Convert(a[0], to) })
		}
	}
}

// Convert converts v to type to by the rules of LANGUAGE.md §8.6.
func Convert(v Value, to Type) Value {
	from := v.t
	switch {
	case from == to:
		return v
	case to == Bool:
		return BoolValue(v.Bool())
	case from == Bool:
		return IntValue(to, int64(v.bits))
	case from.IsInt() && to.IsInt():
		if from.IsSigned() && to.IsSigned() {
			return Value{to, wrapBits(to, v.bits)}
		}
		return Value{to, wrapBits(to, v.Bits())} // zero-extend the source
	case from.IsInt():
		if from.IsUnsigned() {
			switch to {
			case F32:
				return Float32Value(float32(v.bits))
			case F16:
				return FloatValue(F16, float64(float32(v.bits)))
			}
			return FloatValue(to, float64(v.bits))
		}
		switch to {
		case F32:
			return Float32Value(float32(int64(v.bits)))
		case F16:
			return FloatValue(F16, float64(float32(int64(v.bits))))
		}
		return FloatValue(to, float64(int64(v.bits)))
	case to.IsInt():
		x := v.Float()
		if to == U64 && x >= 0x1p63 && x < 0x1p64 {
			return Value{U64, uint64(x)}
		}
		return Value{to, wrapBits(to, uint64(floatToInt64(x)))}
	default:
		return FloatValue(to, v.Float())
	}
}

func absValue(v Value) Value {
	switch {
	case v.t.IsFloat():
		return Value{v.t, v.bits &^ (1 << (v.t.Bits() - 1))}
	case v.t.IsSigned() && int64(v.bits) < 0:
		return Value{v.t, wrapBits(v.t, -v.bits)}
	}
	return v
}

func sgnValue(v Value) Value {
	switch {
	case v.t.IsFloat():
		x := v.Float()
		if x != x || x == 0 {
			return v
		}
		return FloatValue(v.t, math.Copysign(1, x))
	case v.t.IsSigned() && int64(v.bits) < 0:
		return IntValue(v.t, -1)
	case v.bits == 0:
		return v
	}
	return IntValue(v.t, 1)
}

// less orders two values of one numeric type (false when either is NaN).
func less(a, b Value) bool {
	switch {
	case a.t.IsFloat():
		return a.Float() < b.Float()
	case a.t.IsSigned():
		return int64(a.bits) < int64(b.bits)
	}
	return a.bits < b.bits
}

func isNaN(v Value) bool { return v.t.IsFloat() && math.IsNaN(v.Float()) }

// minValue returns the smaller of a and b. For floats it is IEEE 754-2019
// minimumNumber: a NaN loses to a number, and -0 is below +0.
func minValue(a, b Value) Value {
	if v, ok := floatMinMax(a, b, func(x, y uint64) uint64 { return x | y }); ok {
		return v
	}
	if less(b, a) {
		return b
	}
	return a
}

// maxValue returns the larger of a and b; for floats IEEE 754-2019
// maximumNumber: a NaN loses, +0 is above -0.
func maxValue(a, b Value) Value {
	if v, ok := floatMinMax(a, b, func(x, y uint64) uint64 { return x & y }); ok {
		return v
	}
	if less(a, b) {
		return b
	}
	return a
}

// floatMinMax gives min's or max's result where the order does not: for
// floats, a NaN loses to the other operand, and equal operands give their
// bits combined by join. Equal floats other than zeros have the same
// bits, so OR picks -0 from a pair of zeros (min) and AND +0 (max).
func floatMinMax(a, b Value, join func(x, y uint64) uint64) (Value, bool) {
	if !a.t.IsFloat() {
		return Value{}, false
	}
	switch {
	case isNaN(a):
		return b, true
	case isNaN(b):
		return a, true
	case a.Float() == b.Float():
		return Value{a.t, join(a.bits, b.bits)}, true
	}
	return Value{}, false
}

func mulHi(a, b Value) Value {
	t := a.t
	w := uint(t.Bits())
	if w < 64 {
		if t.IsSigned() {
			return Value{t, wrapBits(t, uint64(int64(a.bits)*int64(b.bits)>>w))}
		}
		return Value{t, wrapBits(t, a.bits*b.bits>>w)}
	}
	hi, _ := bits.Mul64(a.bits, b.bits)
	if t.IsSigned() {
		// Convert the unsigned high word to the signed product's high word.
		if int64(a.bits) < 0 {
			hi -= b.bits
		}
		if int64(b.bits) < 0 {
			hi -= a.bits
		}
	}
	return Value{t, hi}
}

// nextafter returns the representable value of type t after x toward y.
func nextafter(t Type, x, y Value) Value {
	switch t {
	case F64:
		return FloatValue(F64, math.Nextafter(x.Float(), y.Float()))
	case F32:
		return Float32Value(math.Nextafter32(x.Float32(), y.Float32()))
	}
	a, b := x.Float(), y.Float()
	switch {
	case a != a || b != b:
		return FloatValue(t, math.NaN())
	case a == b:
		return y
	case a == 0:
		return Value{t, 1 | y.bits&0x8000}
	case (b > a) == (a > 0):
		return Value{t, x.bits + 1} // away from zero
	}
	return Value{t, x.bits - 1}
}
