package prim

import (
	"errors"
	"math"
	"testing"
)

func i(t Type, x int64) Value   { return IntValue(t, x) }
func f(t Type, x float64) Value { return FloatValue(t, x) }

func TestDivisionTable(t *testing.T) {
	// LANGUAGE.md §8.2: columns 7 op 2, -7 op 2, 7 op -2, -7 op -2.
	table := []struct {
		op   BinOp
		want [4]int64
	}{
		{Div, [4]int64{3, -4, -4, 3}},
		{Mod, [4]int64{1, 1, -1, -1}},
		{Quot, [4]int64{3, -3, -3, 3}},
		{Rem, [4]int64{1, -1, 1, -1}},
	}
	args := [4][2]int64{{7, 2}, {-7, 2}, {7, -2}, {-7, -2}}
	for _, ty := range []Type{I8, I16, I32, I64} {
		for _, row := range table {
			for k, a := range args {
				got, err := EvalBinOp(row.op, ty, i(ty, a[0]), i(ty, a[1]))
				if err != nil || got != i(ty, row.want[k]) {
					t.Errorf("%d %v %d (%v) = %v, %v; want %d", a[0], row.op, a[1], ty, got, err, row.want[k])
				}
			}
		}
	}
}

func TestIntArith(t *testing.T) {
	tests := []struct {
		op   BinOp
		ty   Type
		x, y int64
		want int64
		err  error
	}{
		{Add, I8, 127, 1, -128, nil},
		{Mul, I32, 1500000000, 2, -1294967296, nil},
		{Sub, U8, 0, 1, 255, nil},
		{Add, U64, -1, 1, 0, nil},
		{Div, I8, -128, -1, -128, nil},
		{Div, I64, math.MinInt64, -1, math.MinInt64, nil},
		{Quot, I32, math.MinInt32, -1, math.MinInt32, nil},
		{Mod, I64, math.MinInt64, -1, 0, nil},
		{Div, I32, 1, 0, 0, ErrDivisionByZero},
		{Mod, I32, 1, 0, 0, ErrDivisionByZero},
		{Quot, U8, 1, 0, 0, ErrDivisionByZero},
		{Rem, U16, 1, 0, 0, ErrDivisionByZero},
		{Div, U8, 200, 7, 28, nil},
		{Mod, U8, 200, 7, 4, nil},
		{Div, U32, -1, 2, 0x7fffffff, nil}, // 4294967295 / 2
		{Pow, I32, 2, 10, 1024, nil},
		{Pow, I32, 0, 0, 1, nil},
		{Pow, I8, 3, 5, 243 - 256, nil},
		{Pow, I32, 2, 31, math.MinInt32, nil},
		{Pow, I32, 2, 32, 0, nil},
		{Pow, I64, -3, 3, -27, nil},
		{Pow, I32, 2, -1, 0, ErrNegativeExponent},
		{Pow, U8, 2, 255, 0, nil}, // 255u8 is a large exponent, not negative
		{Pow, U8, 3, 4, 81, nil},
		{BitAnd, I32, 12, 10, 8, nil},
		{BitOr, I32, 12, 10, 14, nil},
		{BitXor, I32, 12, 10, 6, nil},
		{Shl, I8, 1, 7, -128, nil},
		{Shl, I32, 1, 32, 0, nil},
		{Shl, I32, 1, -1, 0, nil},
		{Shl, U8, 255, 4, 240, nil},
		{Shr, I8, -128, 3, -16, nil},
		{Shr, I8, -128, 8, -1, nil},
		{Shr, I32, 5, 100, 0, nil},
		{Shr, I32, -5, -1, -1, nil},
		{Shr, U8, 128, 3, 16, nil},
		{Shr, U8, 128, 8, 0, nil},
		{Shr, U64, -1, 63, 1, nil},
		{Shr, U64, -1, 64, 0, nil},
	}
	for _, tt := range tests {
		got, err := EvalBinOp(tt.op, tt.ty, i(tt.ty, tt.x), i(tt.ty, tt.y))
		if !errors.Is(err, tt.err) {
			t.Errorf("%d %v %d (%v): error %v, want %v", tt.x, tt.op, tt.y, tt.ty, err, tt.err)
			continue
		}
		if err == nil && got != i(tt.ty, tt.want) {
			t.Errorf("%d %v %d (%v) = %v, want %v", tt.x, tt.op, tt.y, tt.ty, got, i(tt.ty, tt.want))
		}
	}
}

func TestDivisionIdentity(t *testing.T) {
	// x == (x/y)*y + x%y and x == (x//y)*y + x%%y for every i8 pair.
	for x := int64(-128); x < 128; x++ {
		for y := int64(-128); y < 128; y++ {
			if y == 0 {
				continue
			}
			a, b := i(I8, x), i(I8, y)
			for _, p := range [][2]BinOp{{Div, Mod}, {Quot, Rem}} {
				q, _ := EvalBinOp(p[0], I8, a, b)
				r, _ := EvalBinOp(p[1], I8, a, b)
				qy, _ := EvalBinOp(Mul, I8, q, b)
				s, _ := EvalBinOp(Add, I8, qy, r)
				if s != a {
					t.Fatalf("%d %v %d identity fails: q=%v r=%v", x, p[0], y, q, r)
				}
			}
		}
	}
}

func TestFloatArith(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	tests := []struct {
		op   BinOp
		ty   Type
		x, y float64
		want float64
	}{
		{Div, F64, 1, 0, inf},
		{Div, F64, -1, 0, -inf},
		{Div, F64, 0, 0, nan},
		{Mod, F64, 7, 2, 1},
		{Mod, F64, -7, 2, -1},
		{Mod, F64, 7, -2, 1},
		{Mod, F32, 5.5, 2, 1.5},
		{Pow, F64, 2, 0.5, math.Sqrt2},
		{Pow, F64, 0, 0, 1},
		{Pow, F64, -8, 1.0 / 3, nan},
		{Add, F32, 0.1, 0.2, float64(float32(float32(0.1) + float32(0.2)))},
		{Add, F32, 16777216, 1, 16777216},
		{Add, F64, 16777216, 1, 16777217},
		{Add, F16, 2048, 1, 2048}, // 2049 is a tie between 2048 and 2050
		{Add, F16, 2048, 3, 2052},
		{Mul, F16, 300, 300, inf}, // 90000 > 65504
		{Sub, F16, 1, 1.0 / 1024, 1 - 1.0/1024},
	}
	for _, tt := range tests {
		got, err := EvalBinOp(tt.op, tt.ty, f(tt.ty, tt.x), f(tt.ty, tt.y))
		if err != nil {
			t.Errorf("%g %v %g: %v", tt.x, tt.op, tt.y, err)
			continue
		}
		want := f(tt.ty, tt.want)
		if g := got.Float(); !(g == want.Float() || g != g && tt.want != tt.want) {
			t.Errorf("%g %v %g (%v) = %v, want %v", tt.x, tt.op, tt.y, tt.ty, got, want)
		}
	}
}

func TestCmp(t *testing.T) {
	nan := f(F64, math.NaN())
	one := f(F64, 1)
	tests := []struct {
		op   CmpOp
		a, b Value
		want bool
	}{
		{Eq, nan, nan, false},
		{Ne, nan, nan, true},
		{Lt, nan, one, false},
		{Ge, one, nan, false},
		{Eq, f(F64, 0), f(F64, math.Copysign(0, -1)), true},
		{Lt, i(I8, -1), i(I8, 0), true},
		{Lt, i(U8, -1), i(U8, 0), false},
		{Gt, i(U64, -1), i(U64, 1), true},
		{Lt, BoolValue(false), BoolValue(true), true},
		{Ge, BoolValue(false), BoolValue(true), false},
		{Le, i(I32, 3), i(I32, 3), true},
		{Gt, i(I32, 3), i(I32, 3), false},
	}
	for _, tt := range tests {
		got, err := EvalCmpOp(tt.op, tt.a.Type(), tt.a, tt.b)
		if err != nil || got != BoolValue(tt.want) {
			t.Errorf("%v %v %v = %v, %v; want %v", tt.a, tt.op, tt.b, got, err, tt.want)
		}
	}
}

func TestUnOp(t *testing.T) {
	tests := []struct {
		op      UnOp
		a, want Value
	}{
		{Neg, i(I8, -128), i(I8, -128)},
		{Neg, i(U8, 1), i(U8, 255)},
		{Neg, i(I32, 5), i(I32, -5)},
		{Not, i(I8, 0), i(I8, -1)},
		{Not, i(U16, 0), i(U16, 65535)},
		{Not, BoolValue(true), BoolValue(false)},
		{Neg, f(F64, 0), f(F64, math.Copysign(0, -1))},
		{Neg, f(F16, 1.5), f(F16, -1.5)},
		{Neg, f(F32, -2), f(F32, 2)},
	}
	for _, tt := range tests {
		got, err := EvalUnOp(tt.op, tt.a.Type(), tt.a)
		if err != nil || got != tt.want {
			t.Errorf("%v%v = %v, %v; want %v", tt.op, tt.a, got, err, tt.want)
		}
	}
}

func TestMisuse(t *testing.T) {
	bad := []func() error{
		func() error { _, err := EvalBinOp(Quot, F32, f(F32, 1), f(F32, 2)); return err },
		func() error { _, err := EvalBinOp(BitAnd, F64, f(F64, 1), f(F64, 2)); return err },
		func() error { _, err := EvalBinOp(Add, Bool, BoolValue(true), BoolValue(true)); return err },
		func() error { _, err := EvalBinOp(LogAnd, I32, i(I32, 1), i(I32, 1)); return err },
		func() error { _, err := EvalBinOp(Add, I32, i(I32, 1), i(I64, 1)); return err },
		func() error { _, err := EvalBinOp(BinOp(99), I32, i(I32, 1), i(I32, 1)); return err },
		func() error { _, err := EvalBinOp(BinOp(0), F64, f(F64, 1), f(F64, 1)); return err },
		func() error { _, err := EvalBinOp(Add, F64, f(F64, 1), f(F32, 1)); return err },
		func() error { _, err := EvalCmpOp(Lt, I32, i(I32, 1), f(F32, 1)); return err },
		func() error { _, err := EvalCmpOp(CmpOp(0), I32, i(I32, 1), i(I32, 1)); return err },
		func() error { _, err := EvalUnOp(Not, F32, f(F32, 1)); return err },
		func() error { _, err := EvalUnOp(Neg, Bool, BoolValue(true)); return err },
	}
	for k, fn := range bad {
		if err := fn(); err == nil {
			t.Errorf("case %d: no error", k)
		}
	}
}
