package trace_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/fluxion-lang/fluxion/rad"
	"github.com/fluxion-lang/fluxion/trace"
	"github.com/fluxion-lang/fluxion/trace/internal/corpus"
)

// Reproduce with
//
//	go test -run XXX -bench . -cpu 1,2 -count 5 ./trace/
//
// Every benchmark reports wall time (ns/op) and the process's CPU time
// (cpu-ns/op), which other load on the machine disturbs less.

var sink float64

func timed(b *testing.B, run func()) {
	start := cpuTime()
	for b.Loop() {
		run()
	}
	if cpu := cpuTime() - start; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

func inputs(n int, seed uint64) []float64 {
	r := rand.New(rand.NewPCG(seed, 1))
	x := make([]float64, n)
	for i := range x {
		x[i] = r.Float64()*2 - 1
	}
	return x
}

// vecMap is a vectorised map of four operations per element, summed.
func vecMap(t *trace.Tracer, x trace.Array) trace.Scalar {
	return t.Sum(t.Map(x, func(t *trace.Tracer, v trace.Scalar) trace.Scalar {
		return t.Add(t.Mul(t.Sin(v), v), t.Square(v))
	}))
}

func vecMapPlain(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += math.Sin(v)*v + v*v
	}
	return s
}

// BenchmarkVectorisedMap: at n = 10^6, the gradient of a vectorised map
// against its primal in plain Go (run with -cpu 1: Workers 1 is
// sequential anyway), and the reverse pass alone with 1 and 2 workers
// (run with -cpu 2).
func BenchmarkVectorisedMap(b *testing.B) {
	x := inputs(1_000_000, 1)
	b.Run("primal", func(b *testing.B) { timed(b, func() { sink = vecMapPlain(x) }) })
	b.Run("grad", func(b *testing.B) {
		timed(b, func() {
			v, _, err := trace.Config{Workers: 1}.Grad(vecMap, x)
			if err != nil {
				b.Fatal(err)
			}
			sink = v
		})
	})
	b.Run("record", func(b *testing.B) {
		timed(b, func() {
			if _, err := (trace.Config{Workers: 1}).RecordScalar(vecMap, x); err != nil {
				b.Fatal(err)
			}
		})
	})
	reverse(b, vecMap, x)
}

// reverse times the reverse pass of f at x with 1 and 2 workers.
func reverse(b *testing.B, f func(t *trace.Tracer, x trace.Array) trace.Scalar, x []float64) {
	for _, w := range []int{1, 2} {
		tr, err := trace.Config{Workers: w}.RecordScalar(f, x)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("reverse-workers="+string(rune('0'+w)), func(b *testing.B) {
			timed(b, func() {
				if _, err := tr.VJP([]float64{1}); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// BenchmarkBranchingMap: a map traced per element (bouncing particles),
// whose reverse pass runs the elements as parallel tasks.
func BenchmarkBranchingMap(b *testing.B) {
	c := corpus.Particles(4000, 100)
	b.Run("primal", func(b *testing.B) { timed(b, func() { sink = c.Plain(c.X) }) })
	b.Run("grad", func(b *testing.B) {
		timed(b, func() {
			v, _, err := trace.Config{Workers: 1}.Grad(c.Trace, c.X)
			if err != nil {
				b.Fatal(err)
			}
			sink = v
		})
	})
	reverse(b, c.Trace, c.X)
}

// BenchmarkCorpus times the gradient of every corpus function at its large
// size with package trace and with package rad, against plain Go.
func BenchmarkCorpus(b *testing.B) {
	for _, c := range corpus.Cases(corpus.Large) {
		b.Run(c.Name, func(b *testing.B) {
			b.Run("plain", func(b *testing.B) { timed(b, func() { sink = c.Plain(c.X) }) })
			b.Run("trace", func(b *testing.B) {
				timed(b, func() {
					v, _, err := trace.Grad(c.Trace, c.X)
					if err != nil {
						b.Fatal(err)
					}
					sink = v
				})
			})
			b.Run("rad", func(b *testing.B) {
				cfg := rad.Config{Deterministic: true}
				timed(b, func() {
					v, _, err := cfg.Grad(c.Rad, c.X)
					if err != nil {
						b.Fatal(err)
					}
					sink = v
				})
			})
		})
	}
}
