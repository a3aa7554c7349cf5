package oracle

// LLSQNs are the standard llsq n values (8196 and 16392 are GradBench's own); m is LLSQM.
var LLSQNs = []int{16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8196, 16392}

// LLSQM is the standard number of coefficients.
const LLSQM = 128

// GenLLSQ returns m coefficients uniform on [0, 1).
func GenLLSQ(m int) []float64 { return uniform(newRand(), m) }

// llsqResiduals returns t_i and r_i = sign(t_i) − Σ_j x_j t_i^j.
func llsqResiduals(x []float64, n int) (ts, rs []float64) {
	ts, rs = make([]float64, n), make([]float64, n)
	for i := range n {
		t := -1 + 2*float64(i)/float64(n-1)
		s := 0.0
		if t > 0 {
			s = 1
		} else if t < 0 {
			s = -1
		}
		p, poly := 1.0, 0.0
		for _, xj := range x {
			poly += xj * p
			p *= t
		}
		ts[i], rs[i] = t, s-poly
	}
	return ts, rs
}

// LLSQPrimal is ½ Σ_i r_i².
func LLSQPrimal(x []float64, n int) float64 {
	_, rs := llsqResiduals(x, n)
	s := 0.0
	for _, r := range rs {
		s += r * r
	}
	return s / 2
}

// LLSQGradient is −Σ_i r_i t_i^j for each j.
func LLSQGradient(x []float64, n int) []float64 {
	ts, rs := llsqResiduals(x, n)
	g := make([]float64, len(x))
	for i, t := range ts {
		p := 1.0
		for j := range g {
			g[j] -= rs[i] * p
			p *= t
		}
	}
	return g
}
