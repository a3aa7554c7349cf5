package oracle

// DetSizes are the standard matrix sizes ℓ.
var DetSizes = []int{5, 6, 7, 8, 9, 10, 11}

// GenDet returns an ℓ×ℓ matrix, flat row-major, uniform on [0, 1).
func GenDet(ell int) []float64 { return uniform(newRand(), ell*ell) }

// minor returns the (ℓ−1)×(ℓ−1) matrix without row r and column c.
func minor(a []float64, ell, r, c int) []float64 {
	m := make([]float64, 0, (ell-1)*(ell-1))
	for i := range ell {
		if i == r {
			continue
		}
		for j := range ell {
			if j != c {
				m = append(m, a[i*ell+j])
			}
		}
	}
	return m
}

// Det is the determinant of the ℓ×ℓ matrix a by Laplace expansion along row 0.
func Det(a []float64, ell int) float64 {
	if ell == 1 {
		return a[0]
	}
	s, sign := 0.0, 1.0
	for j := range ell {
		s += sign * a[j] * Det(minor(a, ell, 0, j), ell-1)
		sign = -sign
	}
	return s
}

// DetGradient is ∂det/∂A: the cofactor matrix, flat row-major.
func DetGradient(a []float64, ell int) []float64 {
	g := make([]float64, ell*ell)
	if ell == 1 {
		g[0] = 1
		return g
	}
	for i := range ell {
		for j := range ell {
			c := Det(minor(a, ell, i, j), ell-1)
			if (i+j)%2 == 1 {
				c = -c
			}
			g[i*ell+j] = c
		}
	}
	return g
}
