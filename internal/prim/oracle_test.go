package prim

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// TestIntOpsAgainstBigInt checks integer operators on every integer type
// against exact big.Int arithmetic reduced modulo 2^width.
func TestIntOpsAgainstBigInt(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	interesting := []int64{0, 1, -1, 2, -2, 3, 7, -7, 127, -128, 255, 32767, -32768, math.MaxInt32, math.MinInt32, math.MaxInt64, math.MinInt64}
	pick := func() int64 {
		if rng.Intn(3) == 0 {
			return interesting[rng.Intn(len(interesting))]
		}
		return int64(rng.Uint64()) >> rng.Intn(64)
	}
	for _, ty := range intTypes {
		w := uint(ty.Bits())
		mod := new(big.Int).Lsh(big.NewInt(1), w)
		// exact returns the mathematical value of v (signed or unsigned).
		exact := func(v Value) *big.Int {
			if ty.IsSigned() {
				return big.NewInt(v.Int())
			}
			return new(big.Int).SetUint64(v.Uint())
		}
		// wrap reduces z modulo 2^w into the type's range.
		wrap := func(z *big.Int) Value {
			r := new(big.Int).Mod(z, mod) // non-negative
			return UintValue(ty, r.Uint64())
		}
		for n := 0; n < 3000; n++ {
			a, b := IntValue(ty, pick()), IntValue(ty, pick())
			x, y := exact(a), exact(b)
			check := func(op BinOp, want Value) {
				got, err := EvalBinOp(op, ty, a, b)
				if err != nil || got != want {
					t.Fatalf("%v %v %v (%v) = %v, %v; want %v", a, op, b, ty, got, err, want)
				}
			}
			check(Add, wrap(new(big.Int).Add(x, y)))
			check(Sub, wrap(new(big.Int).Sub(x, y)))
			check(Mul, wrap(new(big.Int).Mul(x, y)))
			if y.Sign() != 0 {
				q, m := new(big.Int).QuoRem(x, y, new(big.Int)) // truncated
				check(Quot, wrap(q))
				check(Rem, wrap(m))
				// Floor division: adjust when the remainder's sign differs from y's.
				if m.Sign() != 0 && m.Sign() != y.Sign() {
					q.Sub(q, big.NewInt(1))
					m.Add(m, y)
				}
				check(Div, wrap(q))
				check(Mod, wrap(m))
			}
			if e := new(big.Int).Mod(y, big.NewInt(70)); y.Sign() >= 0 {
				b = IntValue(ty, e.Int64())
				y = e
				check(Pow, wrap(new(big.Int).Exp(x, y, nil)))
			}
		}
	}
}

// TestF16ArithmeticOracle checks f16 + - * / against the exact f64 result
// rounded once to f16 (double rounding through f32 is harmless for these).
func TestF16ArithmeticOracle(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	ops := []struct {
		op BinOp
		f  func(x, y float64) float64
	}{
		{Add, func(x, y float64) float64 { return x + y }},
		{Sub, func(x, y float64) float64 { return x - y }},
		{Mul, func(x, y float64) float64 { return x * y }},
		{Div, func(x, y float64) float64 { return x / y }},
	}
	for n := 0; n < 200000; n++ {
		a, b := FromBits(F16, rng.Uint64()), FromBits(F16, rng.Uint64())
		for _, o := range ops {
			got, _ := EvalBinOp(o.op, F16, a, b)
			want := F16FromFloat64(o.f(a.Float(), b.Float()))
			if got.Bits() != uint64(want) && !(math.IsNaN(got.Float()) && math.IsNaN(F16ToFloat64(want))) {
				t.Fatalf("%v %v %v = %v, want %v", a, o.op, b, got, FromBits(F16, uint64(want)))
			}
		}
	}
}

// TestF32ArithmeticOracle checks that f32 operations round once to f32.
func TestF32ArithmeticOracle(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	for n := 0; n < 100000; n++ {
		x, y := math.Float32frombits(rng.Uint32()), math.Float32frombits(rng.Uint32())
		a, b := Float32Value(x), Float32Value(y)
		for op, want := range map[BinOp]float32{Add: x + y, Sub: x - y, Mul: x * y, Div: x / y} {
			got, _ := EvalBinOp(op, F32, a, b)
			if got.Float32() != want && !(want != want && got.Float32() != got.Float32()) {
				t.Fatalf("%v %v %v = %v, want %v", a, op, b, got, want)
			}
		}
	}
}
