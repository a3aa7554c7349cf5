package ad

import (
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// TestIntegerAndBoolTangents checks the rules of §14.3 on IR operators,
// with expected tangents derived by hand.
func TestIntegerAndBoolTangents(t *testing.T) {
	bt := ir.Scalar(prim.Bool)
	i32 := ir.Scalar(prim.I32)
	u8 := ir.Scalar(prim.U8)
	bv := func(x bool) interp.Value { return interp.ScalarValue(prim.BoolValue(x)) }
	iv := func(t prim.Type, x int64) interp.Value { return interp.ScalarValue(prim.IntValue(t, x)) }
	tests := []struct {
		name string
		ts   []ir.Type
		body bodyFn
		args []interp.Value // primals then tangents
		want string         // the tangents
	}{
		{"and product rule", []ir.Type{bt, bt}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{b.BinOp(prim.LogAnd, x[0], x[1])}
		}, []interp.Value{bv(true), bv(true), bv(true), bv(false)}, "true"},
		{"and product rule zero", []ir.Type{bt, bt}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{b.BinOp(prim.LogAnd, x[0], x[1])}
		}, []interp.Value{bv(true), bv(false), bv(true), bv(false)}, "false"},
		{"or is addition", []ir.Type{bt, bt}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{b.BinOp(prim.LogOr, x[0], x[1])}
		}, []interp.Value{bv(false), bv(false), bv(false), bv(true)}, "true"},
		{"not", []ir.Type{bt}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{b.UnOp(prim.Not, x[0])}
		}, []interp.Value{bv(false), bv(true)}, "false"},
		{"integer division", []ir.Type{i32, i32}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			// d(x / y) = dx * (1 // y) + dy * -(x // (y*y)) = 3*0 + 1*-(20 // 9)
			return []ir.SubExp{b.BinOp(prim.Div, x[0], x[1])}
		}, []interp.Value{iv(prim.I32, 20), iv(prim.I32, 3), iv(prim.I32, 3), iv(prim.I32, 1)}, "-2i32"},
		{"bitwise and remainder", []ir.Type{i32, i32}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{b.BinOp(prim.BitXor, x[0], x[1]), b.BinOp(prim.Mod, x[0], x[1])}
		}, []interp.Value{iv(prim.I32, 20), iv(prim.I32, 3), iv(prim.I32, 5), iv(prim.I32, 7)}, "0i32 5i32"},
		{"shift", []ir.Type{i32}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{b.BinOp(prim.Shl, x[0], ir.Const(prim.IntValue(prim.I32, 3)))}
		}, []interp.Value{iv(prim.I32, 5), iv(prim.I32, 2)}, "16i32"},
		{"unsigned wraps", []ir.Type{u8}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			// d(x*x - x) = (2x - 1) dx = 39 * 7 = 273 = 17 (mod 256); d(-x) = -7 = 249
			sq := b.BinOp(prim.Mul, x[0], x[0])
			return []ir.SubExp{b.BinOp(prim.Sub, sq, x[0]), b.UnOp(prim.Neg, x[0])}
		}, []interp.Value{iv(prim.U8, 20), iv(prim.U8, 7)}, "17u8 249u8"},
		{"popc clz", []ir.Type{u8}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{call1(b, "popc_u8", x[0]), call1(b, "clz_u8", x[0])}
		}, []interp.Value{iv(prim.U8, 20), iv(prim.U8, 7)}, "0i32 0i32"},
		{"conversions are linear", []ir.Type{tf64}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{call1(b, "conv_f64_i16", x[0]), call1(b, "conv_f64_bool", x[0])}
		}, []interp.Value{sf(0.5), sf(3.75)}, "3i16 true"},
		{"predicates", []ir.Type{tf64}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{call1(b, "isnan_f64", x[0]), b.CmpOp(prim.Le, x[0], fc(1))}
		}, []interp.Value{sf(0.5), sf(1)}, "false false"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := compile(t, jvpProg("jvp", tc.ts, tc.body, false), jvpProg("jmp", tc.ts, tc.body, true))
			res := run(t, p, "jvp", tc.args)
			// jmp with the tangents in every lane gives them in every lane.
			k := len(tc.ts)
			margs := append([]interp.Value{}, tc.args[:k]...)
			for _, d := range tc.args[k:] {
				margs = append(margs, stack([]interp.Value{d, d, d}))
			}
			batched := run(t, p, "jmp", margs)
			for i, r := range res[len(res)/2:] {
				for l := 0; l < jmpWidth; l++ {
					if got := lane(batched[len(res)/2+i], l)[0]; got != r.Scalar {
						t.Errorf("jmp lane %d result %d = %v, jvp gives %v", l, i, got, r.Scalar)
					}
				}
			}
			got := ""
			for i, r := range res[len(res)/2:] {
				if i > 0 {
					got += " "
				}
				got += r.String()
			}
			if got != tc.want {
				t.Errorf("tangents %s, want %s", got, tc.want)
			}
		})
	}
}
