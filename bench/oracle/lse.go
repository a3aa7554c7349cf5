package oracle

import "math"

// LSE is the stable log-sum-exp of x: max(x) + log Σ exp(x_i − max(x)).
func LSE(x []float64) float64 {
	a := math.Inf(-1)
	for _, v := range x {
		a = math.Max(a, v)
	}
	s := 0.0
	for _, v := range x {
		s += math.Exp(v - a)
	}
	return a + math.Log(s)
}

// LSEGrad is the gradient of LSE, the softmax of x.
func LSEGrad(x []float64) []float64 {
	a := math.Inf(-1)
	for _, v := range x {
		a = math.Max(a, v)
	}
	g := make([]float64, len(x))
	s := 0.0
	for i, v := range x {
		g[i] = math.Exp(v - a)
		s += g[i]
	}
	for i := range g {
		g[i] /= s
	}
	return g
}

// LSESizes are the GradBench lse workload sizes.
var LSESizes = []int{2500, 5000, 10000, 20000, 40000, 80000, 160000, 320000, 640000, 1280000}

// GenLSE returns the lse input of size n: uniform on [0, 1).
func GenLSE(n int) []float64 { return uniform(newRand(), n) }
