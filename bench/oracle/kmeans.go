package oracle

// KMeansInput is a kmeans workload: N×D points and K×D centroids, flat row-major.
type KMeansInput struct {
	N, K, D   int
	Points    []float64
	Centroids []float64
}

// Standard kmeans sizes; runs are every combination.
var (
	KMeansKs = []int{10, 100, 1000}
	KMeansNs = []int{1000, 10000}
	KMeansDs = []int{8, 16}
)

// GenKMeans draws uniform points; the centroids are the last k points, so
// every centroid is the nearest one for at least one point.
func GenKMeans(k, n, d int) KMeansInput {
	p := uniform(newRand(), n*d)
	c := append([]float64(nil), p[(n-k)*d:]...)
	return KMeansInput{N: n, K: k, D: d, Points: p, Centroids: c}
}

// nearest returns the index of the first centroid nearest to point i and the squared distance.
func (in KMeansInput) nearest(i int) (int, float64) {
	best, bd := -1, 0.0
	p := in.Points[i*in.D : (i+1)*in.D]
	for j := 0; j < in.K; j++ {
		s := 0.0
		for l, x := range p {
			e := x - in.Centroids[j*in.D+l]
			s += e * e
		}
		if best < 0 || s < bd {
			best, bd = j, s
		}
	}
	return best, bd
}

// KMeansCost is Σ_i min_j ‖p_i − c_j‖².
func KMeansCost(in KMeansInput) float64 {
	s := 0.0
	for i := 0; i < in.N; i++ {
		_, d := in.nearest(i)
		s += d
	}
	return s
}

// KMeansGradHess returns the gradient of the cost with respect to the
// centroids and the diagonal of its (diagonal) Hessian, both K×D.
func KMeansGradHess(in KMeansInput) (g, h []float64) {
	g = make([]float64, in.K*in.D)
	h = make([]float64, in.K*in.D)
	for i := 0; i < in.N; i++ {
		j, _ := in.nearest(i)
		for l := 0; l < in.D; l++ {
			g[j*in.D+l] += 2 * (in.Centroids[j*in.D+l] - in.Points[i*in.D+l])
			h[j*in.D+l] += 2
		}
	}
	return g, h
}

// KMeansDir is the Newton direction G ⊘ H.
func KMeansDir(in KMeansInput) []float64 {
	g, h := KMeansGradHess(in)
	for i := range g {
		g[i] /= h[i]
	}
	return g
}
