package oracle

import "math"

// NNMF is the negative log-likelihood of the exponential model of the
// dF~ paper's section 6 for A (m x n, row-major) ~ u v^T:
// sum_{i,j} log(u_i v_j) + A_ij / (u_i v_j).
func NNMF(u, v, a []float64) float64 {
	s := 0.0
	for i, ui := range u {
		for j, vj := range v {
			p := ui * vj
			s += math.Log(p) + a[i*len(v)+j]/p
		}
	}
	return s
}

// NNMFGradV is NNMF's gradient with respect to v, derived by hand:
// sum_i u_i (1 / (u_i v_j) - A_ij / (u_i v_j)^2).
func NNMFGradV(u, v, a []float64) []float64 {
	g := make([]float64, len(v))
	for i, ui := range u {
		for j, vj := range v {
			p := ui * vj
			g[j] += ui * (1/p - a[i*len(v)+j]/(p*p))
		}
	}
	return g
}

// GenNNMF returns u (m), v (n) and A (m x n), uniform on [0, 1) like the
// random inputs of nnmf.fut's benchmarks.
func GenNNMF(m, n int) (u, v, a []float64) {
	r := newRand()
	return uniform(r, m), uniform(r, n), uniform(r, m*n)
}
