package tuned

// GradBench llsq: t_i = −1 + 2i/(n−1), r_i = sign(t_i) − Σ_j x_j t_i^j,
// primal ½ Σ r_i², gradient_j = −Σ_i r_i t_i^j. Both loops take four rows
// at a time: each row's chain of powers and sums is sequential, and four
// independent chains keep the processor busy while each waits for its
// last multiplication. Every row and every gradient entry accumulates in
// the same order as one row at a time would.

func llsqT(i, n int) float64 { return -1 + float64(i)*2/float64(n-1) }

func sign(t float64) float64 {
	switch {
	case t > 0:
		return 1
	case t < 0:
		return -1
	}
	return 0
}

// llsqResiduals4 returns the residuals of rows t0…t3.
func llsqResiduals4(x []float64, t0, t1, t2, t3 float64) (r0, r1, r2, r3 float64) {
	r0, r1, r2, r3 = sign(t0), sign(t1), sign(t2), sign(t3)
	p0, p1, p2, p3 := 1.0, 1.0, 1.0, 1.0
	for _, xj := range x {
		r0 -= xj * p0
		r1 -= xj * p1
		r2 -= xj * p2
		r3 -= xj * p3
		p0 *= t0
		p1 *= t1
		p2 *= t2
		p3 *= t3
	}
	return
}

func llsqResidual(x []float64, t float64) float64 {
	r, p := sign(t), 1.0
	for _, xj := range x {
		r -= xj * p
		p *= t
	}
	return r
}

// LLSQPrimal is ½ Σ_i r_i² for n ≥ 2 sample points.
func LLSQPrimal(x []float64, n int) float64 {
	if n < 2 {
		panic("tuned: llsq needs n >= 2")
	}
	sum := 0.0
	i := 0
	for ; i+4 <= n; i += 4 {
		r0, r1, r2, r3 := llsqResiduals4(x, llsqT(i, n), llsqT(i+1, n), llsqT(i+2, n), llsqT(i+3, n))
		sum += r0 * r0
		sum += r1 * r1
		sum += r2 * r2
		sum += r3 * r3
	}
	for ; i < n; i++ {
		r := llsqResidual(x, llsqT(i, n))
		sum += r * r
	}
	return sum / 2
}

// LLSQGradient writes ∂LLSQPrimal/∂x to g (len(g) == len(x)).
func LLSQGradient(x []float64, n int, g []float64) {
	if n < 2 {
		panic("tuned: llsq needs n >= 2")
	}
	need("llsq gradient", len(g), len(x))
	g = g[:len(x)]
	clear(g)
	i := 0
	for ; i+4 <= n; i += 4 {
		t0, t1, t2, t3 := llsqT(i, n), llsqT(i+1, n), llsqT(i+2, n), llsqT(i+3, n)
		r0, r1, r2, r3 := llsqResiduals4(x, t0, t1, t2, t3)
		p0, p1, p2, p3 := 1.0, 1.0, 1.0, 1.0
		for j := range g {
			gj := g[j]
			gj -= r0 * p0
			gj -= r1 * p1
			gj -= r2 * p2
			gj -= r3 * p3
			g[j] = gj
			p0 *= t0
			p1 *= t1
			p2 *= t2
			p3 *= t3
		}
	}
	for ; i < n; i++ {
		t := llsqT(i, n)
		r, p := llsqResidual(x, t), 1.0
		for j := range g {
			g[j] -= r * p
			p *= t
		}
	}
}
