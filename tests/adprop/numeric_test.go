package adprop

import (
	"fmt"
	"math"
	"math/rand"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// precision holds the steps and tolerances of one floating-point type.
type precision struct {
	eps     float64 // machine epsilon
	h       float64 // finite-difference step for inputs of magnitude <= 1 (a power of two, so steps are exact)
	fdTol   float64 // relative tolerance of jvp against finite differences
	kinkTol float64 // relative size of one-sided differences that marks a non-smooth point
	dualTol float64 // relative tolerance of duality and of special against generic rules
}

// f64: h = 2^-17 ~ cbrt(eps), so truncation (h^2) and rounding (eps/h) errors
// are both ~1e-10 relative; f32: h = 2^-8 for the same balance.
var (
	prec64 = precision{eps: 0x1p-52, h: 0x1p-17, fdTol: 1e-6, kinkTol: 1e-3, dualTol: 1e-9}
	prec32 = precision{eps: 0x1p-23, h: 0x1p-8, fdTol: 1e-3, kinkTol: 3e-2, dualTol: 1e-4}
)

func precisionOf(c *candidate) precision {
	for _, l := range append(append([]leaf{}, c.params...), c.results...) {
		if l.elem == prim.F32 && !l.fixed {
			return prec32
		}
	}
	return prec64
}

// vec is a float value flattened to float64, with its type and shape.
type vec struct {
	elem  prim.Type
	shape []int64
	x     []float64
}

func toVec(v values.Value) (vec, bool) {
	out := vec{elem: v.Elem(), shape: v.Shape()}
	switch v.Elem() {
	case prim.F64:
		out.x = append([]float64(nil), v.F64()...)
	case prim.F32:
		for _, f := range v.F32() {
			out.x = append(out.x, float64(f))
		}
	default:
		return vec{}, false
	}
	if v.IsScalar() && len(out.x) == 0 {
		out.x = []float64{v.Scalar().Float()}
	}
	return out, true
}

// value rounds the elements to the vector's type.
func (v vec) value() values.Value {
	if v.elem == prim.F32 {
		d := make([]float32, len(v.x))
		for i, f := range v.x {
			d[i] = float32(f)
		}
		r, err := values.FromData(prim.F32, v.shape, d)
		if err != nil {
			panic(err)
		}
		return r
	}
	r, err := values.FromData(prim.F64, v.shape, append([]float64(nil), v.x...))
	if err != nil {
		panic(err)
	}
	return r
}

// like returns a vector of v's type and shape with elements from gen,
// rounded to the type.
func (v vec) like(gen func() float64) vec {
	out := vec{elem: v.elem, shape: v.shape, x: make([]float64, len(v.x))}
	for i := range out.x {
		out.x[i] = gen()
		if v.elem == prim.F32 {
			out.x[i] = float64(float32(out.x[i]))
		}
	}
	return out
}

func norm(xs []float64) float64 {
	m := 0.0
	for _, x := range xs {
		m = math.Max(m, math.Abs(x))
	}
	return m
}

func diffNorm(a, b []float64) float64 {
	m := 0.0
	for i := range a {
		m = math.Max(m, math.Abs(a[i]-b[i]))
	}
	return m
}

func finite(vs []vec) bool {
	for _, v := range vs {
		for _, x := range v.x {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return false
			}
		}
	}
	return true
}

func values2(vs []vec) []values.Value {
	out := make([]values.Value, len(vs))
	for i, v := range vs {
		out[i] = v.value()
	}
	return out
}

// run runs an entry of a wrapper and flattens its float results; a panic of
// the interpreter is an error like any other.
func run(exe *interp.Program, entry string, args []values.Value) (out []vec, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	res, err := exe.RunValues(entry, args)
	if err != nil {
		return nil, err
	}
	for _, v := range res {
		f, ok := toVec(v)
		if !ok {
			return nil, fmt.Errorf("result of type %s is not a float", v.TypeString())
		}
		out = append(out, f)
	}
	return out, nil
}

// direction draws dyadic components k/8, |k| <= 8, so that x +- h*d is exact
// for power-of-two h unless x itself is far below h.
func direction(rng *rand.Rand) func() float64 {
	return func() float64 { return float64(rng.Intn(17)-8) / 8 }
}

func uniform(rng *rand.Rand) func() float64 {
	return func() float64 { return 2*rng.Float64() - 1 }
}

// step returns x + s*d rounded to x's type.
func step(xs, ds []vec, s float64) []vec {
	out := make([]vec, len(xs))
	for i, x := range xs {
		y := vec{elem: x.elem, shape: x.shape, x: make([]float64, len(x.x))}
		for j := range x.x {
			y.x[j] = x.x[j] + s*ds[i].x[j]
			if x.elem == prim.F32 {
				y.x[j] = float64(float32(y.x[j]))
			}
		}
		out[i] = y
	}
	return out
}

// effective is the direction actually taken by the steps xp and xm of
// half-width h: (xp - xm) / 2h.
func effective(xp, xm []vec, h float64) []vec {
	out := make([]vec, len(xp))
	for i := range xp {
		e := vec{elem: xp[i].elem, shape: xp[i].shape, x: make([]float64, len(xp[i].x))}
		for j := range e.x {
			e.x[j] = (xp[i].x[j] - xm[i].x[j]) / (2 * h)
		}
		out[i] = e
	}
	return out
}

func sameVecs(a, b []vec) bool {
	for i := range a {
		for j := range a[i].x {
			if a[i].x[j] != b[i].x[j] {
				return false
			}
		}
	}
	return true
}

// dot is the sum of products of corresponding leaves, and the sum of their
// absolute values (the scale against which rounding is judged).
func dot(a, b []vec) (s, abs float64) {
	for i := range a {
		for j := range a[i].x {
			p := a[i].x[j] * b[i].x[j]
			s += p
			abs += math.Abs(p)
		}
	}
	return s, abs
}

// agree compares results leaf by leaf: the largest difference must be within
// tol times the larger of the two leaves' largest elements.
func agree(want, got []vec, tol float64) (bool, string) {
	if len(want) != len(got) {
		return false, fmt.Sprintf("%d results, want %d", len(got), len(want))
	}
	for i := range want {
		if len(want[i].x) != len(got[i].x) {
			return false, fmt.Sprintf("result %d has %d elements, want %d", i, len(got[i].x), len(want[i].x))
		}
		d := diffNorm(want[i].x, got[i].x)
		scale := math.Max(norm(want[i].x), norm(got[i].x))
		if d > tol*scale {
			return false, fmt.Sprintf("result %d differs by %.3g (scale %.3g)", i, d, scale)
		}
	}
	return true, ""
}
