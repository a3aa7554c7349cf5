package trace

import (
	"math"
	"testing"
)

func mapFn(t *Tracer, x Array) Scalar {
	return t.Sum(t.Map(x, func(t *Tracer, v Scalar) Scalar { return t.Add(t.Mul(t.Sin(v), v), t.Square(v)) }))
}

func BenchmarkQMap(b *testing.B) {
	n := 1000000
	x := make([]float64, n)
	for i := range x {
		x[i] = float64(i%1000) * 0.001
	}
	b.Run("primal", func(b *testing.B) {
		for b.Loop() {
			s := 0.0
			for _, v := range x {
				s += math.Sin(v)*v + v*v
			}
			if s == 0 {
				b.Fatal()
			}
		}
	})
	b.Run("record", func(b *testing.B) {
		for b.Loop() {
			Config{Workers: 1}.RecordScalar(mapFn, x)
		}
	})
	b.Run("grad", func(b *testing.B) {
		for b.Loop() {
			Config{Workers: 1}.Grad(mapFn, x)
		}
	})
	tr, _ := Config{Workers: 1}.RecordScalar(mapFn, x)
	for _, w := range []int{1, 2} {
		b.Run("reverse", func(b *testing.B) {
			for b.Loop() {
				tr.vjp(w, []float64{1})
			}
		})
	}
}
