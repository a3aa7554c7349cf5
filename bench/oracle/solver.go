package oracle

import "math"

func norm(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x * x
	}
	return math.Sqrt(s)
}

// Argmin is GradBench's gradient-descent solver (GRADBENCH.md §2.11),
// followed step by step so that its results reproduce exactly.
func Argmin(f func([]float64) float64, g func([]float64) []float64, x0 []float64) []float64 {
	x := append([]float64(nil), x0...)
	fx, gx := f(x), g(x)
	eta, i := 1e-5, 0
	for {
		if norm(gx) <= 1e-5 {
			return x
		}
		if i == 10 {
			eta, i = 2*eta, 0
			continue
		}
		next := make([]float64, len(x))
		diff := make([]float64, len(x))
		for k := range x {
			next[k] = x[k] - eta*gx[k]
			diff[k] = x[k] - next[k]
		}
		if norm(diff) <= 1e-5 {
			return x
		}
		if fn := f(next); fn < fx {
			x, fx, gx, i = next, fn, g(next), i+1
		} else {
			eta, i = eta/2, 0
		}
	}
}

// Argmax maximises f by minimising −f with gradient −g.
func Argmax(f func([]float64) float64, g func([]float64) []float64, x0 []float64) []float64 {
	nf := func(x []float64) float64 { return -f(x) }
	ng := func(x []float64) []float64 {
		d := g(x)
		for k := range d {
			d[k] = -d[k]
		}
		return d
	}
	return Argmin(nf, ng, x0)
}
