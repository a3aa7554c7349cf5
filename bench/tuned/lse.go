package tuned

import "math"

// lseMax returns max(x) for non-empty x, with four running maxima so that
// the comparisons of consecutive elements do not wait on each other.
func lseMax(x []float64) float64 {
	m0 := x[0]
	m1, m2, m3 := m0, m0, m0
	i := 0
	for ; i+4 <= len(x); i += 4 {
		v := x[i : i+4 : i+4]
		if v[0] > m0 {
			m0 = v[0]
		}
		if v[1] > m1 {
			m1 = v[1]
		}
		if v[2] > m2 {
			m2 = v[2]
		}
		if v[3] > m3 {
			m3 = v[3]
		}
	}
	for ; i < len(x); i++ {
		if x[i] > m0 {
			m0 = x[i]
		}
	}
	if m1 > m0 {
		m0 = m1
	}
	if m2 > m0 {
		m0 = m2
	}
	if m3 > m0 {
		m0 = m3
	}
	return m0
}

// LSEPrimal is log Σ exp(x_i) computed stably as A + log Σ exp(x_i − A),
// A = max x (GradBench lse). x must not be empty.
func LSEPrimal(x []float64) float64 {
	if len(x) == 0 {
		panic("tuned: LSEPrimal of an empty vector")
	}
	a := lseMax(x)
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= len(x); i += 4 {
		v := x[i : i+4 : i+4]
		s0 += math.Exp(v[0] - a)
		s1 += math.Exp(v[1] - a)
		s2 += math.Exp(v[2] - a)
		s3 += math.Exp(v[3] - a)
	}
	for ; i < len(x); i++ {
		s0 += math.Exp(x[i] - a)
	}
	return math.Log((s0+s1)+(s2+s3)) + a
}

// LSEGradient writes the gradient of LSEPrimal, softmax(x), to g.
func LSEGradient(x, g []float64) {
	if len(x) == 0 {
		panic("tuned: LSEGradient of an empty vector")
	}
	need("lse gradient", len(g), len(x))
	a := lseMax(x)
	g = g[:len(x)]
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= len(x); i += 4 {
		v, o := x[i:i+4:i+4], g[i:i+4:i+4]
		e0, e1, e2, e3 := math.Exp(v[0]-a), math.Exp(v[1]-a), math.Exp(v[2]-a), math.Exp(v[3]-a)
		o[0], o[1], o[2], o[3] = e0, e1, e2, e3
		s0 += e0
		s1 += e1
		s2 += e2
		s3 += e3
	}
	for ; i < len(x); i++ {
		e := math.Exp(x[i] - a)
		g[i] = e
		s0 += e
	}
	inv := 1 / ((s0 + s1) + (s2 + s3))
	for i := range g {
		g[i] *= inv
	}
}
