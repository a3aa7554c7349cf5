package tuned

import "math/bits"

// GradBench det: the determinant by Laplace expansion along the first row,
// recursively, which costs O(ℓ!) and is meant to. A minor is a range of
// rows (the first row of each level is removed) and a set of columns; the
// set is a bit mask, so removing a column and iterating over the remaining
// ones in order are single instructions. The expansion stops at 3×3 minors,
// written out, which saves the calls of the two lowest levels (the sum is
// the same: each term is still a product of one entry per row).

// maxDet is the largest ℓ the kernels accept (a column mask is a uint32).
const maxDet = 32

// detMinor is the determinant of the minor made of rows rows[0…m−1] (row
// offsets into a) and the m columns not in used, in ascending order.
func detMinor(a []float64, rows *[maxDet]int, depth, m int, used, full uint32) float64 {
	free := full &^ used
	if m == 3 {
		c0 := bits.TrailingZeros32(free)
		free &= free - 1
		c1 := bits.TrailingZeros32(free)
		free &= free - 1
		c2 := bits.TrailingZeros32(free)
		r0, r1, r2 := rows[depth], rows[depth+1], rows[depth+2]
		a10, a11, a12 := a[r1+c0], a[r1+c1], a[r1+c2]
		a20, a21, a22 := a[r2+c0], a[r2+c1], a[r2+c2]
		return a[r0+c0]*(a11*a22-a12*a21) - a[r0+c1]*(a10*a22-a12*a20) + a[r0+c2]*(a10*a21-a11*a20)
	}
	if m == 2 {
		c0 := bits.TrailingZeros32(free)
		free &= free - 1
		c1 := bits.TrailingZeros32(free)
		r0, r1 := rows[depth], rows[depth+1]
		return a[r0+c0]*a[r1+c1] - a[r0+c1]*a[r1+c0]
	}
	if m == 1 {
		return a[rows[depth]+bits.TrailingZeros32(free)]
	}
	r := rows[depth]
	det, sign := 0.0, true
	for free != 0 {
		c := bits.TrailingZeros32(free)
		bit := free & -free
		free &^= bit
		term := a[r+c] * detMinor(a, rows, depth+1, m-1, used|bit, full)
		if sign {
			det += term
		} else {
			det -= term
		}
		sign = !sign
	}
	return det
}

func checkDet(a []float64, ell int) {
	if ell < 1 || ell > maxDet {
		panic("tuned: det needs 1 <= ell <= 32")
	}
	need("det matrix", len(a), ell*ell)
}

// DetPrimal is the determinant of the ℓ×ℓ row-major matrix a.
func DetPrimal(a []float64, ell int) float64 {
	checkDet(a, ell)
	var rows [maxDet]int
	for i := range ell {
		rows[i] = i * ell
	}
	return detMinor(a, &rows, 0, ell, 0, uint32(1<<ell-1))
}

// DetGradient writes ∂det/∂A, the cofactor matrix, to g: each cofactor is
// the determinant of its (ℓ−1)×(ℓ−1) minor, expanded in the same way.
func DetGradient(a []float64, ell int, g []float64) {
	checkDet(a, ell)
	need("det gradient", len(g), ell*ell)
	if ell == 1 {
		g[0] = 1
		return
	}
	full := uint32(1<<ell - 1)
	var rows [maxDet]int
	for i := range ell {
		// The minor's rows: all but row i, in order.
		k := 0
		for r := range ell {
			if r != i {
				rows[k] = r * ell
				k++
			}
		}
		for j := range ell {
			c := detMinor(a, &rows, 0, ell-1, 1<<j, full)
			if (i+j)%2 == 1 {
				c = -c
			}
			g[i*ell+j] = c
		}
	}
}
