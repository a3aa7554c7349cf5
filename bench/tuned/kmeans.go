package tuned

import "math"

// GradBench kmeans: the cost Σ_i min_j ‖p_i − c_j‖² and the Newton
// direction, which for this cost is c_j minus the mean of the points
// nearest to c_j (the first nearest on ties). The distance loop takes four
// centroids at a time against one point, which reads each point coordinate
// once for four distances; each distance is still summed in coordinate
// order, so ties resolve as they would one centroid at a time.

// nearest returns the index of the first centroid nearest to p and the
// squared distance; cs holds k rows of len(p) coordinates. If no distance
// is below +Inf (NaN coordinates), it returns centroid 0 and +Inf.
func nearest(p, cs []float64, k int) (int, float64) {
	d := len(p)
	best, bd := 0, math.Inf(1)
	j := 0
	for ; j+4 <= k; j += 4 {
		c0 := cs[j*d : (j+1)*d]
		c1 := cs[(j+1)*d : (j+2)*d]
		c2 := cs[(j+2)*d : (j+3)*d]
		c3 := cs[(j+3)*d : (j+4)*d]
		c0, c1, c2, c3 = c0[:len(p)], c1[:len(p)], c2[:len(p)], c3[:len(p)]
		var s0, s1, s2, s3 float64
		for l, pl := range p {
			e0 := pl - c0[l]
			e1 := pl - c1[l]
			e2 := pl - c2[l]
			e3 := pl - c3[l]
			s0 += e0 * e0
			s1 += e1 * e1
			s2 += e2 * e2
			s3 += e3 * e3
		}
		if s0 < bd {
			best, bd = j, s0
		}
		if s1 < bd {
			best, bd = j+1, s1
		}
		if s2 < bd {
			best, bd = j+2, s2
		}
		if s3 < bd {
			best, bd = j+3, s3
		}
	}
	for ; j < k; j++ {
		c := cs[j*d : (j+1)*d]
		c = c[:len(p)]
		s := 0.0
		for l, pl := range p {
			e := pl - c[l]
			s += e * e
		}
		if s < bd {
			best, bd = j, s
		}
	}
	return best, bd
}

func checkKMeans(points, centroids []float64, d int) (n, k int) {
	if d < 1 || len(points) == 0 || len(centroids) == 0 || len(points)%d != 0 || len(centroids)%d != 0 {
		panic("tuned: kmeans needs d >= 1 and non-empty [n][d] points and [k][d] centroids")
	}
	return len(points) / d, len(centroids) / d
}

// KMeansCost is Σ_i min_j ‖p_i − c_j‖² for n×d points and k×d centroids,
// both flat row-major.
func KMeansCost(points, centroids []float64, d int) float64 {
	n, k := checkKMeans(points, centroids, d)
	cost := 0.0
	for i := range n {
		_, dist := nearest(points[i*d:(i+1)*d], centroids, k)
		cost += dist
	}
	return cost
}

// KMeansWork is the scratch memory of KMeansDir: the cluster sizes.
type KMeansWork struct{ sizes []float64 }

// KMeansDir writes the Newton direction G ⊘ H = c_j − mean{p_i : a(i) = j}
// to dir (k×d). A centroid nearest to no point gets NaN, as G ⊘ H would.
func KMeansDir(points, centroids []float64, d int, dir []float64, w *KMeansWork) {
	n, k := checkKMeans(points, centroids, d)
	need("kmeans dir", len(dir), k*d)
	w.sizes = grow(w.sizes, k)
	sizes := w.sizes
	clear(sizes)
	clear(dir)
	for i := range n {
		p := points[i*d : (i+1)*d]
		j, _ := nearest(p, centroids, k)
		sizes[j]++
		sum := dir[j*d : (j+1)*d]
		sum = sum[:len(p)]
		for l, pl := range p {
			sum[l] += pl
		}
	}
	for j, size := range sizes {
		row, c := dir[j*d:(j+1)*d], centroids[j*d:(j+1)*d]
		c = c[:len(row)]
		for l, s := range row {
			row[l] = c[l] - s/size
		}
	}
}
