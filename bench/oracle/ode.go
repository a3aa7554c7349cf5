package oracle

// Standard ode sizes: every n with every s.
var (
	ODENs = []int{1000, 10000, 100000}
	ODESs = []int{1, 10, 100}
)

// GenODE returns n values uniform on [0, 1).
func GenODE(n int) []float64 { return uniform(newRand(), n) }

// odeF sets k = F(y) = x ⊙ shift(y), shift(y) = (1, y_0, …, y_{n−2}).
func odeF(x, y, k []float64) {
	k[0] = x[0]
	for i := 1; i < len(x); i++ {
		k[i] = x[i] * y[i-1]
	}
}

// odeStep performs one RK4 step of size h from y into out, returning the stage states y2, y3, y4.
func odeStep(x, y []float64, h float64, out []float64) (y2, y3, y4 []float64) {
	n := len(x)
	k1, k2, k3, k4 := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	y2, y3, y4 = make([]float64, n), make([]float64, n), make([]float64, n)
	odeF(x, y, k1)
	for i := range y {
		y2[i] = y[i] + h/2*k1[i]
	}
	odeF(x, y2, k2)
	for i := range y {
		y3[i] = y[i] + h/2*k2[i]
	}
	odeF(x, y3, k3)
	for i := range y {
		y4[i] = y[i] + h*k3[i]
	}
	odeF(x, y4, k4)
	for i := range y {
		out[i] = y[i] + h*(k1[i]+2*k2[i]+2*k3[i]+k4[i])/6
	}
	return y2, y3, y4
}

// ODEPrimal is the RK4 solution at t = 2 after s steps from y = 0.
func ODEPrimal(x []float64, s int) []float64 {
	y := make([]float64, len(x))
	next := make([]float64, len(x))
	for range s {
		odeStep(x, y, 2/float64(s), next)
		y, next = next, y
	}
	return y
}

// odeFAdjoint adds the adjoints of k = F(y) given kbar to ybar and xbar.
func odeFAdjoint(x, y, kbar, ybar, xbar []float64) {
	xbar[0] += kbar[0]
	for i := 1; i < len(x); i++ {
		xbar[i] += kbar[i] * y[i-1]
		ybar[i-1] += kbar[i] * x[i]
	}
}

// ODEGradient is ∂y_{n−1}/∂x of the RK4 solution, by a hand-written adjoint sweep.
func ODEGradient(x []float64, s int) []float64 {
	n := len(x)
	h := 2 / float64(s)
	ys := [][]float64{make([]float64, n)}
	for range s {
		next := make([]float64, n)
		odeStep(x, ys[len(ys)-1], h, next)
		ys = append(ys, next)
	}
	xbar := make([]float64, n)
	ybar := make([]float64, n)
	ybar[n-1] = 1
	for step := s - 1; step >= 0; step-- {
		y := ys[step]
		y2, y3, y4 := odeStep(x, y, h, make([]float64, n))
		kb := [4][]float64{}
		for j, w := range []float64{h / 6, h / 3, h / 3, h / 6} {
			kb[j] = make([]float64, n)
			for i := range kb[j] {
				kb[j][i] = w * ybar[i]
			}
		}
		// Stage by stage backwards: y4 = y + h k3, y3 = y + h/2 k2, y2 = y + h/2 k1.
		stageBar := make([]float64, n)
		odeFAdjoint(x, y4, kb[3], stageBar, xbar)
		for i := range ybar {
			ybar[i] += stageBar[i]
			kb[2][i] += h * stageBar[i]
			stageBar[i] = 0
		}
		odeFAdjoint(x, y3, kb[2], stageBar, xbar)
		for i := range ybar {
			ybar[i] += stageBar[i]
			kb[1][i] += h / 2 * stageBar[i]
			stageBar[i] = 0
		}
		odeFAdjoint(x, y2, kb[1], stageBar, xbar)
		for i := range ybar {
			ybar[i] += stageBar[i]
			kb[0][i] += h / 2 * stageBar[i]
		}
		odeFAdjoint(x, y, kb[0], ybar, xbar)
	}
	return xbar
}
