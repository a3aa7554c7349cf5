package trace

import (
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// largeFuncs are functions big enough that their operations split into
// many chunks.
var largeFuncs = map[string]func(t *Tracer, x Array) Scalar{
	"vectorised map": func(t *Tracer, x Array) Scalar {
		w := t.At(x, 0)
		return t.Sum(t.Map(x, func(t *Tracer, v Scalar) Scalar { return t.Mul(t.Sin(t.Mul(v, w)), v) }))
	},
	"map per element": func(t *Tracer, x Array) Scalar {
		w := t.At(x, 0)
		return t.Sum(t.Map(x, func(t *Tracer, v Scalar) Scalar {
			if v.Value() > 0 {
				return t.Mul(t.Sin(v), w)
			}
			return t.Mul(v, v)
		}))
	},
	"reduce and scan": func(t *Tracer, x Array) Scalar {
		m := t.Reduce(x, math.Inf(-1), (*Tracer).Max)
		s := t.Scan(t.Map(x, (*Tracer).Sin), 0, (*Tracer).Add)
		return t.Add(m, t.Dot(s, x))
	},
	"matvec": func(t *Tracer, x Array) Scalar {
		n := x.Len()
		m := t.Reshape(x, n/100, 100)
		y := t.MatVec(m, t.Slice(x, 0, 100))
		return t.Dot(y, y)
	},
	"overlapping slices": overlappingSlices,
	"many scalars": func(t *Tracer, x Array) Scalar {
		s := Const(0)
		for i := 0; i < 2000; i++ {
			s = t.Add(s, t.Mul(t.At(x, i), t.At(x, (i*7)%x.Len())))
		}
		return s
	},
}

// overlappingSlices sums sin over the first two thirds of x and squares
// over the last two: x's adjoint adds two large ranges.
func overlappingSlices(t *Tracer, x Array) Scalar {
	n := x.Len()
	a, b := t.Slice(x, 0, 2*n/3), t.Slice(x, n/3, n)
	return t.Add(t.Sum(t.Map(a, (*Tracer).Sin)), t.Dot(b, b))
}

// TestOverlappingSlices checks the gradient of overlappingSlices, whose
// ranges are added in many chunks, against its closed form.
func TestOverlappingSlices(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	x := make([]float64, 60000)
	for i := range x {
		x[i] = r.Float64()*2 - 1
	}
	n := len(x)
	for _, w := range []int{1, 2} {
		_, g, err := Config{Workers: w}.Grad(overlappingSlices, x)
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range x {
			want := 0.0
			if i < 2*n/3 {
				want += math.Cos(v)
			}
			if i >= n/3 {
				want += 2 * v
			}
			if math.Abs(g[i]-want) > 1e-12 {
				t.Fatalf("%d workers: d/dx[%d] = %v, want %v", w, i, g[i], want)
			}
		}
	}
}

// TestParallelBitwise checks that gradients do not depend on the number
// of workers, bit for bit, on inputs large enough to be split.
func TestParallelBitwise(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	x := make([]float64, 100000)
	for i := range x {
		x[i] = r.Float64()*2 - 1
	}
	for name, f := range largeFuncs {
		t.Run(name, func(t *testing.T) {
			v1, g1, err := Config{Workers: 1}.Grad(f, x)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range []int{2, 3, 7} {
				v, g, err := Config{Workers: w}.Grad(f, x)
				if err != nil {
					t.Fatal(err)
				}
				if math.Float64bits(v) != math.Float64bits(v1) || !sameBits(g, g1) {
					t.Fatalf("%d workers differ from 1", w)
				}
			}
		})
	}
}

// TestConcurrentVJP runs reverse passes of one trace concurrently.
func TestConcurrentVJP(t *testing.T) {
	x := []float64{0.3, -0.1, 0.8, 1.2, -0.5}
	tr, err := Record(func(t *Tracer, x Array) Array {
		w := t.At(x, 2)
		return t.Map(x, func(t *Tracer, v Scalar) Scalar { return t.Mul(t.Exp(v), w) })
	}, x)
	if err != nil {
		t.Fatal(err)
	}
	want := make([][]float64, len(x))
	for i := range want {
		w := make([]float64, len(x))
		w[i] = 1
		want[i], _ = tr.VJP(w)
	}
	var wg sync.WaitGroup
	for k := range 16 {
		wg.Go(func() {
			i := k % len(x)
			w := make([]float64, len(x))
			w[i] = 1
			g, err := tr.VJP(w)
			if err != nil || !sameBits(g, want[i]) {
				t.Errorf("concurrent VJP row %d: %v %v, want %v", i, g, err, want[i])
			}
		})
	}
	wg.Wait()
}

// TestIndependentNodesRunInParallel checks section 4.4's task parallelism:
// the reverses of two independent maps wait for each other, which only
// finishes if they run at the same time.
func TestIndependentNodesRunInParallel(t *testing.T) {
	var inMap atomic.Int32
	both := make(chan struct{})
	var once sync.Once
	timedOut := atomic.Bool{}
	testHookProcess = func(op Op) {
		if op != OpMap {
			return
		}
		if inMap.Add(1) == 2 {
			once.Do(func() { close(both) })
		}
		select {
		case <-both:
		case <-time.After(10 * time.Second):
			timedOut.Store(true)
		}
	}
	defer func() { testHookProcess = nil }()
	f := func(t *Tracer, x Array) Scalar {
		a := t.Sum(t.Map(t.Slice(x, 0, 2), (*Tracer).Sin))
		b := t.Sum(t.Map(t.Slice(x, 2, 4), (*Tracer).Cos))
		return t.Add(a, b)
	}
	if _, _, err := (Config{Workers: 2}).Grad(f, []float64{1, 2, 3, 4}); err != nil {
		t.Fatal(err)
	}
	if timedOut.Load() {
		t.Errorf("the two maps were not reversed at the same time")
	}
}

// TestChunksRunInParallel checks that data-parallel loops run their chunks
// at the same time with two workers: the two chunks wait for each other.
func TestChunksRunInParallel(t *testing.T) {
	var entered atomic.Int32
	both := make(chan struct{})
	timedOut := atomic.Bool{}
	parFor(2, 2, func(c int) {
		if entered.Add(1) == 2 {
			close(both)
		}
		select {
		case <-both:
		case <-time.After(10 * time.Second):
			timedOut.Store(true)
		}
	})
	if timedOut.Load() {
		t.Errorf("the two chunks did not run at the same time")
	}
}
