package oracle

// SaddleStart is the standard starting point.
var SaddleStart = [2]float64{1, 1}

func saddleF(a, b []float64) float64 { return a[0]*a[0] + a[1]*a[1] - (b[0]*b[0] + b[1]*b[1]) }

// saddleCost1 is max_b f(a, b) by the solver from s; the inner argmax's
// iterates do not depend on a, since ∇_b f = −2b.
func saddleCost1(s, a []float64) float64 {
	fb := func(b []float64) float64 { return saddleF(a, b) }
	gb := func(b []float64) []float64 { return []float64{-2 * b[0], -2 * b[1]} }
	return saddleF(a, Argmax(fb, gb, s))
}

// SaddleCost1Grad is ∇_a cost1 through the solver: only the final f(a, b*)
// depends on a, so it is 2a.
func SaddleCost1Grad(a []float64) []float64 { return []float64{2 * a[0], 2 * a[1]} }

// Saddle returns r1 and r2 of GRADBENCH.md §2.13.
func Saddle(start [2]float64) (r1, r2 []float64) {
	s := start[:]
	r1 = Argmin(func(a []float64) float64 { return saddleCost1(s, a) }, SaddleCost1Grad, s)
	fb := func(b []float64) float64 { return saddleF(r1, b) }
	gb := func(b []float64) []float64 { return []float64{-2 * b[0], -2 * b[1]} }
	r2 = Argmax(fb, gb, s)
	return r1, r2
}
