package prim

import (
	"errors"
	"math"
	"testing"
)

// TestFuncPartialsFiniteDifferences checks the partials of every float
// function on f64 against central finite differences.
func TestFuncPartialsFiniteDifferences(t *testing.T) {
	point := map[string][]float64{"acosh": {1.7}, "ldexp": {0.3, 3}}
	for _, f := range Funcs {
		if f.Ret != F64 || f.Params[0] != F64 || f.IsLinear() {
			continue
		}
		if f.Fn == "trigamma" {
			// Its derivative has no formula: asking for it is an error.
			if _, err := f.Partials([]Value{FloatValue(F64, 0.3)}); err == nil {
				t.Errorf("trigamma has a partial derivative")
			}
			continue
		}
		xs := point[f.Fn]
		if xs == nil {
			xs = []float64{0.3, -0.7, 0.45}[:len(f.Params)]
		}
		args := make([]Value, len(xs))
		for k, x := range xs {
			args[k] = IntValue(f.Params[k], int64(x))
			if f.Params[k] == F64 {
				args[k] = FloatValue(F64, x)
			}
		}
		ps, err := f.Partials(args)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		for k := range args {
			if f.Params[k] != F64 {
				if !ps[k].IsZero() || ps[k].Type() != f.Params[k] {
					t.Errorf("%s: partial %d = %v, want zero %v", f.Name, k, ps[k], f.Params[k])
				}
				continue
			}
			const h = 1e-6
			shifted := func(d float64) float64 {
				a := append([]Value(nil), args...)
				a[k] = FloatValue(F64, xs[k]+d)
				return f.EvalUnchecked(a).Float()
			}
			fd := (shifted(h) - shifted(-h)) / (2 * h)
			if f.Fn == "nextafter" {
				fd = 1 - float64(k) // the steps are too small to difference
			}
			if got := ps[k].Float(); math.Abs(got-fd) > 1e-6*math.Max(1, math.Abs(fd)) {
				t.Errorf("%s%v: partial %d = %.10g, finite difference %.10g", f.Name, xs, k, got, fd)
			}
		}
	}
}

func TestBinOpPartialsFiniteDifferences(t *testing.T) {
	for _, op := range []BinOp{Add, Sub, Mul, Div, Mod, Pow} {
		for _, p := range [][2]float64{{2, 3}, {0.7, -1.3}, {5.5, 2}} {
			x, y := p[0], p[1]
			da, db, err := BinOpPartials(op, F64, FloatValue(F64, x), FloatValue(F64, y))
			if err != nil {
				t.Fatal(err)
			}
			ev := func(x, y float64) float64 {
				v, _ := EvalBinOp(op, F64, FloatValue(F64, x), FloatValue(F64, y))
				return v.Float()
			}
			const h = 1e-6
			fx := (ev(x+h, y) - ev(x-h, y)) / (2 * h)
			fy := (ev(x, y+h) - ev(x, y-h)) / (2 * h)
			if op == Mod {
				fy = 0 // §14.4 defines fmod's divisor partial as 0, not -trunc(x/y)
			}
			if math.Abs(da.Float()-fx) > 1e-5*math.Max(1, math.Abs(fx)) || math.Abs(db.Float()-fy) > 1e-5*math.Max(1, math.Abs(fy)) {
				t.Errorf("%g %v %g: partials (%v, %v), finite differences (%g, %g)", x, op, y, da, db, fx, fy)
			}
		}
	}
}

// TestPartialsSpecialCases checks the special cases of LANGUAGE.md §14.3-§14.4.
func TestPartialsSpecialCases(t *testing.T) {
	f64 := func(x float64) Value { return FloatValue(F64, x) }
	i32 := func(x int64) Value { return IntValue(I32, x) }
	bin := []struct {
		op     BinOp
		a, b   Value
		da, db Value
		err    error
	}{
		{Pow, f64(0), f64(0.5), f64(0), f64(0), nil}, // x == 0 && y < 1
		{Pow, f64(0), f64(1), f64(1), f64(0), nil},   // y * 0**0
		{Pow, f64(0), f64(2), f64(0), f64(0), nil},   // y * 0**1, and x <= 0
		{Pow, f64(-2), f64(2), f64(-4), f64(0), nil}, // x <= 0: no y partial
		{Pow, f64(2), f64(3), f64(12), f64(8 * math.Ln2), nil},
		{Div, f64(3), f64(2), f64(0.5), f64(-0.75), nil},
		{Mod, f64(7), f64(2), f64(1), f64(0), nil},
		{Mul, i32(1 << 30), i32(4), i32(4), i32(1 << 30), nil},
		{Div, i32(7), i32(2), i32(0), i32(-1), nil},   // 1 // 2, -(7 // 4)
		{Div, i32(-7), i32(-1), i32(-1), i32(7), nil}, // 1 // -1, -(-7 // 1)
		{Quot, i32(1), i32(1), i32(1), i32(-1), nil},
		{Div, i32(5), i32(65536), i32(0), i32(0), nil}, // y*y wraps to 0
		{Div, i32(5), i32(0), Value{}, Value{}, ErrDivisionByZero},
		{Mod, i32(7), i32(3), i32(1), i32(0), nil},
		{Rem, i32(-7), i32(3), i32(1), i32(0), nil},
		{Pow, i32(3), i32(4), i32(108), i32(0), nil},
		{Pow, i32(3), i32(0), i32(0), i32(0), nil},
		{Pow, i32(3), i32(-1), Value{}, Value{}, ErrNegativeExponent},
		{Shl, i32(5), i32(3), i32(8), i32(0), nil},
		{Shl, i32(5), i32(40), i32(0), i32(0), nil},
		{Shr, i32(5), i32(0), i32(1), i32(0), nil},
		{Shr, i32(5), i32(2), i32(0), i32(0), nil},
		{BitAnd, i32(5), i32(3), i32(0), i32(0), nil},
		{BitXor, i32(5), i32(3), i32(0), i32(0), nil},
		{Sub, IntValue(U8, 1), IntValue(U8, 2), IntValue(U8, 1), IntValue(U8, 255), nil},
		{LogAnd, BoolValue(true), BoolValue(false), BoolValue(false), BoolValue(true), nil},
		{LogOr, BoolValue(false), BoolValue(false), BoolValue(true), BoolValue(true), nil},
	}
	for _, tt := range bin {
		da, db, err := BinOpPartials(tt.op, tt.a.Type(), tt.a, tt.b)
		if !errors.Is(err, tt.err) || err == nil && (da != tt.da || db != tt.db) {
			t.Errorf("partials of %v %v %v = (%v, %v), %v; want (%v, %v), %v", tt.a, tt.op, tt.b, da, db, err, tt.da, tt.db, tt.err)
		}
	}

	fn := []struct {
		name string
		args []Value
		want []Value
	}{
		{"max_f64", []Value{f64(2), f64(2)}, []Value{f64(1), f64(0)}}, // ties go to the first argument
		{"min_f64", []Value{f64(2), f64(2)}, []Value{f64(1), f64(0)}},
		{"max_f64", []Value{f64(1), f64(2)}, []Value{f64(0), f64(1)}},
		{"min_f64", []Value{f64(1), f64(2)}, []Value{f64(1), f64(0)}},
		{"max_f64", []Value{f64(math.NaN()), f64(2)}, []Value{f64(0), f64(1)}}, // the selected operand
		{"max_i32", []Value{i32(3), i32(3)}, []Value{i32(1), i32(0)}},
		{"min_u8", []Value{IntValue(U8, 9), IntValue(U8, 3)}, []Value{IntValue(U8, 0), IntValue(U8, 1)}},
		{"abs_f64", []Value{f64(0)}, []Value{f64(0)}},
		{"abs_f64", []Value{f64(-3)}, []Value{f64(-1)}},
		{"abs_i32", []Value{i32(-5)}, []Value{i32(-1)}},
		{"sgn_f64", []Value{f64(-5)}, []Value{f64(0)}},
		{"floor_f64", []Value{f64(1.5)}, []Value{f64(0)}},
		{"round_f32", []Value{FloatValue(F32, 1.5)}, []Value{FloatValue(F32, 0)}},
		{"copysign_f64", []Value{f64(3), f64(-2)}, []Value{f64(-1), f64(0)}},
		{"nextafter_f64", []Value{f64(3), f64(4)}, []Value{f64(1), f64(0)}},
		{"lerp_f64", []Value{f64(1), f64(5), f64(2)}, []Value{f64(0), f64(1), f64(4)}},
		{"lerp_f64", []Value{f64(1), f64(5), f64(-1)}, []Value{f64(1), f64(0), f64(4)}},
		{"lerp_f64", []Value{f64(1), f64(5), f64(0.25)}, []Value{f64(0.75), f64(0.25), f64(4)}},
		{"fma_f64", []Value{f64(2), f64(3), f64(4)}, []Value{f64(3), f64(2), f64(1)}},
		{"mad_f32", []Value{FloatValue(F32, 2), FloatValue(F32, 3), FloatValue(F32, 4)}, []Value{FloatValue(F32, 3), FloatValue(F32, 2), FloatValue(F32, 1)}},
		{"ldexp_f64", []Value{f64(5), i32(3)}, []Value{f64(8), i32(0)}},
		{"isnan_f64", []Value{f64(1)}, []Value{f64(0)}},
		{"popc_u16", []Value{IntValue(U16, 7)}, []Value{IntValue(U16, 0)}},
		{"clz_i32", []Value{i32(7)}, []Value{i32(0)}},
		{"mul_hi_i64", []Value{IntValue(I64, 6), IntValue(I64, 7)}, []Value{IntValue(I64, 7), IntValue(I64, 6)}},
		{"mad_hi_u32", []Value{IntValue(U32, 6), IntValue(U32, 7), IntValue(U32, 8)}, []Value{IntValue(U32, 7), IntValue(U32, 6), IntValue(U32, 1)}},
		{"lshr_i32", []Value{i32(8), i32(0)}, []Value{i32(1), i32(0)}},
		{"ashr_u8", []Value{IntValue(U8, 8), IntValue(U8, 1)}, []Value{IntValue(U8, 0), IntValue(U8, 0)}},
		{"sqrt_f64", []Value{f64(4)}, []Value{f64(0.25)}},
		{"lgamma_f64", []Value{f64(1)}, []Value{f64(-0.5772156649015329)}},    // -Euler's gamma
		{"gamma_f64", []Value{f64(2)}, []Value{f64(1 - 0.5772156649015329)}},  // Γ(2)ψ(2)
		{"lgamma_f64", []Value{f64(-0.5)}, []Value{f64(0.03648997397857652)}}, // ψ(-1/2)
		{"erf_f64", []Value{f64(0)}, []Value{f64(2 / math.SqrtPi)}},
		{"atan2_f64", []Value{f64(1), f64(0)}, []Value{f64(0), f64(-1)}},
		{"hypot_f64", []Value{f64(3), f64(4)}, []Value{f64(0.6), f64(0.8)}},
	}
	for _, tt := range fn {
		f, _ := LookupFunc(tt.name)
		ps, err := f.Partials(tt.args)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		for k := range ps {
			same := ps[k] == tt.want[k]
			if ps[k].Type() == tt.want[k].Type() && ps[k].Type().IsFloat() {
				same = same || math.Abs(ps[k].Float()-tt.want[k].Float()) <= 1e-12
			}
			if !same {
				t.Errorf("%s%v: partial %d = %v, want %v", tt.name, tt.args, k, ps[k], tt.want[k])
			}
		}
	}

	if p, _ := UnOpPartial(Neg, I8, IntValue(I8, 5)); p != IntValue(I8, -1) {
		t.Errorf("d(-x) = %v", p)
	}
	if p, _ := UnOpPartial(Not, I32, i32(5)); p != i32(-1) {
		t.Errorf("d(!x) on i32 = %v", p) // !x == -1 - x
	}
	if p, _ := UnOpPartial(Not, Bool, BoolValue(true)); p != BoolValue(true) {
		t.Errorf("d(!b) = %v, want b", p) // tangent db && b
	}
	if da, db := CmpOpPartials(Lt, F64, f64(1), f64(2)); !da.IsZero() || !db.IsZero() {
		t.Errorf("comparison partials not zero")
	}
}

func TestLinearFuncs(t *testing.T) {
	tests := []struct{ f, transpose string }{
		{"conv_f32_i64", "conv_i64_f32"}, // vjp i64.f32 x 3i64 == 3f32
		{"conv_i16_i16", "conv_i16_i16"},
		{"conv_bool_f64", "conv_f64_bool"},
		{"to_bits_f64", "from_bits_f64"},
		{"from_bits_f16", "to_bits_f16"},
	}
	for _, tt := range tests {
		f, _ := LookupFunc(tt.f)
		tr, ok := f.Transpose()
		if !f.IsLinear() || !ok || tr.Name != tt.transpose {
			t.Errorf("%s: linear %v, transpose %s", tt.f, f.IsLinear(), tr.Name)
		}
		if _, err := f.Partials([]Value{Zero(f.Params[0])}); err == nil {
			t.Errorf("%s: Partials of a linear function gave no error", tt.f)
		}
	}
	tr, _ := LookupFunc("conv_i64_f32")
	if v, _ := tr.Eval([]Value{IntValue(I64, 3)}); v != FloatValue(F32, 3) {
		t.Errorf("adjoint of i64.f32 for 3i64 = %v", v)
	}
	sin, _ := LookupFunc("sin_f64")
	if _, ok := sin.Transpose(); ok || sin.IsLinear() {
		t.Errorf("sin is not linear")
	}
}

// TestPartialExprShapes checks that every operator and function has one
// formula per argument, that formulas print, and that a DZero appears
// exactly for arguments whose type differs from the result type.
func TestPartialExprShapes(t *testing.T) {
	for _, f := range Funcs {
		ps := f.PartialExprs()
		if f.IsLinear() {
			if ps != nil {
				t.Errorf("%s: linear function has formulas", f.Name)
			}
			continue
		}
		if len(ps) != len(f.Params) {
			t.Fatalf("%s: %d formulas for %d arguments", f.Name, len(ps), len(f.Params))
		}
		for k, p := range ps {
			if f.Params[k] != f.Ret && p.Kind != DZero {
				t.Errorf("%s: argument %d of another type has formula %v", f.Name, k, p)
			}
			if p.String() == "" || p.String() == "?" {
				t.Errorf("%s: formula %d does not print", f.Name, k)
			}
		}
	}
	tests := []struct {
		op     BinOp
		t      Type
		dx, dy string
	}{
		{Mul, F64, "x1", "x0"},
		{Div, F32, "(1 / x1)", "-(x0 / (x1 * x1))"},
		{Div, I32, "(1 // x1)", "(if ((x1 * x1) == 0) then 0 else -(x0 // (x1 * x1)))"},
		{Shl, U8, "(1 << x1)", "0"},
		{Pow, F64, "(if ((x0 == 0) && (x1 < 1)) then 0 else (x1 * (x0 ** (x1 - 1))))", "(if (x0 > 0) then ((x0 ** x1) * log x0) else 0)"},
		{LogAnd, Bool, "x1", "x0"},
	}
	for _, tt := range tests {
		dx, dy := BinOpPartialExprs(tt.op, tt.t)
		if dx.String() != tt.dx || dy.String() != tt.dy {
			t.Errorf("%v on %v: %v, %v; want %s, %s", tt.op, tt.t, dx, dy, tt.dx, tt.dy)
		}
	}
	f, _ := LookupFunc("max_f32")
	if got := f.PartialExprs()[0].String(); got != "(if ((x0 >= x1) || (x1 != x1)) then 1 else 0)" {
		t.Errorf("max_f32 partial 0 = %s", got)
	}
}

// TestPolygamma checks digamma and trigamma against closed forms:
// ψ(1) = -γ, ψ(1/2) = -γ - 2 ln 2, ψ(x+1) = ψ(x) + 1/x, ψ'(1) = π²/6,
// ψ'(1/2) = π²/2, ψ'(x+1) = ψ'(x) - 1/x², and poles at 0, -1, ...
func TestPolygamma(t *testing.T) {
	const gamma = 0.57721566490153286061
	pi2 := math.Pi * math.Pi
	for _, c := range []struct {
		name    string
		f       func(float64) float64
		x, want float64
	}{
		{"digamma", digamma, 1, -gamma},
		{"digamma", digamma, 0.5, -gamma - 2*math.Ln2},
		{"digamma", digamma, 1.5, -gamma - 2*math.Ln2 + 2},
		{"digamma", digamma, -0.5, -gamma - 2*math.Ln2 + 2},
		{"digamma", digamma, 11, -gamma + 1 + 1.0/2 + 1.0/3 + 1.0/4 + 1.0/5 + 1.0/6 + 1.0/7 + 1.0/8 + 1.0/9 + 1.0/10},
		{"digamma", digamma, 1e6, math.Log(1e6) - 0.5e-6},
		{"trigamma", trigamma, 1, pi2 / 6},
		{"trigamma", trigamma, 0.5, pi2 / 2},
		{"trigamma", trigamma, -0.5, pi2/2 + 4},
		{"trigamma", trigamma, 3, pi2/6 - 1 - 1.0/4},
		{"trigamma", trigamma, 25.5, 0}, // filled below by the recurrence
	} {
		want := c.want
		if c.x == 25.5 {
			want = pi2 / 2
			for k := 0; k < 25; k++ {
				x := 0.5 + float64(k)
				want -= 1 / (x * x)
			}
		}
		if got := c.f(c.x); math.Abs(got-want) > 1e-13*math.Max(1, math.Abs(want)) {
			t.Errorf("%s(%g) = %.17g, want %.17g", c.name, c.x, got, want)
		}
	}
	for _, x := range []float64{0, -1, -7, math.NaN()} {
		if !math.IsNaN(digamma(x)) || !math.IsNaN(trigamma(x)) {
			t.Errorf("digamma/trigamma(%g) = %g/%g, want NaN", x, digamma(x), trigamma(x))
		}
	}
}
