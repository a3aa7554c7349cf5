package prim

import "testing"

func BenchmarkEvalBinOpF64(b *testing.B) {
	x, y := FloatValue(F64, 1.5), FloatValue(F64, 2.25)
	for n := 0; n < b.N; n++ {
		x, _ = EvalBinOp(Add, F64, x, y)
	}
}

func BenchmarkEvalBinOpI32(b *testing.B) {
	x, y := IntValue(I32, 7), IntValue(I32, 3)
	for n := 0; n < b.N; n++ {
		x, _ = EvalBinOp(Mul, I32, x, y)
	}
}

func BenchmarkFuncEvalUnchecked(b *testing.B) {
	f, _ := LookupFunc("sqrt_f32")
	args := []Value{FloatValue(F32, 2)}
	for n := 0; n < b.N; n++ {
		args[0] = f.EvalUnchecked(args)
	}
}
