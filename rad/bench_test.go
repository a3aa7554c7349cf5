package rad

import (
	"fmt"
	"math"
	"sync"
	"testing"
	"time"
)

// chain is a sequential computation of 4*n recorded entries whose
// derivatives stay near 1, so that no adjoint underflows to zero and the
// sweep skips nothing.
func chain(n int) func(t *Task, x []Num) Num {
	return func(t *Task, x []Num) Num {
		a, b := x[0], x[1]
		for range n {
			d := t.Sin(t.Mul(a, b))
			a = t.Add(a, t.MulF(d, 1e-3))
		}
		return a
	}
}

func chainPlain(n int, x []float64) float64 {
	a, b := x[0], x[1]
	for range n {
		d := math.Sin(a * b)
		a = a + d*1e-3
	}
	return a
}

var sink float64

// report reports wall time per unit of work, and the process CPU time per
// iteration and per unit since start, which stays meaningful when other
// processes share the machine.
func report(b *testing.B, start time.Duration, units float64, unit string) {
	cpu := cpuTime() - start
	if units > 0 {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/units, "ns/"+unit)
	}
	if cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
		if units > 0 {
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/units, "cpu-ns/"+unit)
		}
	}
}

// BenchmarkEntry measures the cost of one recorded operation: recording a
// fresh tape, sweeping a recorded one, and a whole gradient (which reuses
// tape memory), against the plain float64 computation.
func BenchmarkEntry(b *testing.B) {
	const n = 10000
	const entries = 4 * n
	x := []float64{0.3, 0.7}
	b.Run("primal", func(b *testing.B) {
		start := cpuTime()
		for b.Loop() {
			sink = chainPlain(n, x)
		}
		report(b, start, entries, "entry")
	})
	b.Run("record", func(b *testing.B) {
		f := func(t *Task, x []Num) []Num { return []Num{chain(n)(t, x)} }
		start := cpuTime()
		for b.Loop() {
			if _, err := Record(f, x); err != nil {
				b.Fatal(err)
			}
		}
		report(b, start, entries, "entry")
	})
	b.Run("sweep", func(b *testing.B) {
		tp, err := Record(func(t *Task, x []Num) []Num { return []Num{chain(n)(t, x)} }, x)
		if err != nil {
			b.Fatal(err)
		}
		start := cpuTime()
		for b.Loop() {
			if _, err := tp.VJP([]float64{1}); err != nil {
				b.Fatal(err)
			}
		}
		report(b, start, entries, "entry")
	})
	b.Run("grad", func(b *testing.B) {
		start := cpuTime()
		for b.Loop() {
			if _, _, err := Grad(chain(n), x); err != nil {
				b.Fatal(err)
			}
		}
		report(b, start, entries, "entry")
	})
}

// BenchmarkExpTrap differentiates x_k = 5 x_(k-1) - 3 x_(k-1); the time per
// level must stay flat as the number of levels grows.
func BenchmarkExpTrap(b *testing.B) {
	for _, levels := range []int{10, 20, 40} {
		b.Run(fmt.Sprintf("levels=%d", levels), func(b *testing.B) {
			f := expTrap(levels)
			start := cpuTime()
			for b.Loop() {
				if _, _, err := Grad(f, []float64{0.7}); err != nil {
					b.Fatal(err)
				}
			}
			report(b, start, float64(levels), "level")
		})
	}
}

// The particles benchmark: particles in a radial force field with
// friction, each simulated in its own task. The input holds x, y, vx, vy
// per particle; the output is the sum of x*y over the final positions.
const (
	particleSteps = 1000
	particleDt    = 0.01
	particleDrag  = 0.1
)

func particle(t *Task, p []Num) Num {
	x, y, vx, vy := p[0], p[1], p[2], p[3]
	for range particleSteps {
		s := t.FDiv(1, t.Sqrt(t.AddF(t.Add(t.Square(x), t.Square(y)), 1)))
		ax := t.Sub(t.Neg(t.Mul(x, s)), t.MulF(vx, particleDrag))
		ay := t.Sub(t.Neg(t.Mul(y, s)), t.MulF(vy, particleDrag))
		vx = t.Add(vx, t.MulF(ax, particleDt))
		vy = t.Add(vy, t.MulF(ay, particleDt))
		x = t.Add(x, t.MulF(vx, particleDt))
		y = t.Add(y, t.MulF(vy, particleDt))
	}
	return t.Mul(x, y)
}

func particles(t *Task, in []Num) Num {
	return t.Sum(ParMap(t, len(in)/4, func(t *Task, i int) Num { return particle(t, in[4*i:4*i+4]) }))
}

func particlePlain(p []float64) float64 {
	x, y, vx, vy := p[0], p[1], p[2], p[3]
	for range particleSteps {
		s := 1 / math.Sqrt(x*x+y*y+1)
		ax := -(x * s) - vx*particleDrag
		ay := -(y * s) - vy*particleDrag
		vx += ax * particleDt
		vy += ay * particleDt
		x += vx * particleDt
		y += vy * particleDt
	}
	return x * y
}

// particlesPlain runs the primal with one goroutine per particle, like the
// recorded version.
func particlesPlain(in []float64) float64 {
	out := make([]float64, len(in)/4)
	var wg sync.WaitGroup
	for i := range out {
		wg.Go(func() { out[i] = particlePlain(in[4*i : 4*i+4]) })
	}
	wg.Wait()
	s := 0.0
	for _, v := range out {
		s += v
	}
	return s
}

func particleInputs(n int) []float64 {
	in := make([]float64, 4*n)
	for i := range n {
		a := 2 * math.Pi * float64(i) / float64(n)
		in[4*i], in[4*i+1] = 2*math.Cos(a)+0.1, 1.5*math.Sin(a)+0.2
		in[4*i+2], in[4*i+3] = -math.Sin(a), math.Cos(a)
	}
	return in
}

func TestParticlesGradient(t *testing.T) {
	in := particleInputs(4)
	v, g, err := Grad(particles, in)
	if err != nil {
		t.Fatal(err)
	}
	if want := particlesPlain(in); !close(v, want) {
		t.Errorf("value %v, plain %v", v, want)
	}
	fd := centralDiff(particlesPlain, in)
	for i := range g {
		if !nearFD(g[i], fd[i]) {
			t.Errorf("gradient[%d] = %v, central difference %v", i, g[i], fd[i])
		}
	}
}

func BenchmarkParticles(b *testing.B) {
	in := particleInputs(4)
	b.Run("primal", func(b *testing.B) {
		start := cpuTime()
		for b.Loop() {
			sink = particlesPlain(in)
		}
		report(b, start, 0, "")
	})
	for _, c := range []struct {
		name string
		cfg  Config
	}{
		{"grad", Config{}},
		{"grad-deterministic", Config{Deterministic: true}},
		{"grad-sequential", Config{Sequential: true}},
	} {
		b.Run(c.name, func(b *testing.B) {
			start := cpuTime()
			for b.Loop() {
				if _, _, err := c.cfg.Grad(particles, in); err != nil {
					b.Fatal(err)
				}
			}
			report(b, start, 0, "")
		})
	}
}

// BenchmarkSharedWeights differentiates a least-squares loss over 64
// parallel chunks of data that all read the same 16 weights, so every
// chunk's reverse sweep updates the weights' adjoints: atomically by
// default, through per-task lists in deterministic mode.
func BenchmarkSharedWeights(b *testing.B) {
	const dim, chunks, rows = 16, 64, 32
	data := make([]float64, chunks*rows*dim)
	for i := range data {
		data[i] = math.Sin(float64(i))
	}
	loss := func(t *Task, w []Num) Num {
		parts := ParMap(t, chunks, func(t *Task, c int) Num {
			var s Num
			for r := range rows {
				x := Consts(data[(c*rows+r)*dim : (c*rows+r+1)*dim])
				e := t.SubF(t.Dot(w, x), 1)
				s = t.Add(s, t.Square(e))
			}
			return s
		})
		return t.Sum(parts)
	}
	w := make([]float64, dim)
	for _, c := range []struct {
		name string
		cfg  Config
	}{
		{"atomic", Config{}},
		{"deterministic", Config{Deterministic: true}},
		{"sequential", Config{Sequential: true}},
	} {
		b.Run(c.name, func(b *testing.B) {
			start := cpuTime()
			for b.Loop() {
				if _, _, err := c.cfg.Grad(loss, w); err != nil {
					b.Fatal(err)
				}
			}
			report(b, start, 0, "")
		})
	}
}

// BenchmarkFork measures the cost of a Par branch in both passes: 64
// branches of one operation each.
func BenchmarkFork(b *testing.B) {
	const branches = 64
	f := func(t *Task, x []Num) Num {
		return t.Sum(ParMap(t, branches, func(t *Task, i int) Num { return t.MulF(x[0], float64(i)) }))
	}
	start := cpuTime()
	for b.Loop() {
		if _, _, err := Grad(f, []float64{1}); err != nil {
			b.Fatal(err)
		}
	}
	report(b, start, branches, "branch")
}
