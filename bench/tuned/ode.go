package tuned

// GradBench ode: s classic RK4 steps of size h = 2/s from y = 0 for
// y' = F(y), F(y)_0 = x_0, F(y)_i = x_i y_{i−1}. Since F(y)_i only reads
// y_{i−1}, a whole RK4 step is one ascending pass: the stage states at
// i−1 are already known when index i is reached, so no stage arrays are
// needed and the step can overwrite y in place.

// odeStep writes one RK4 step from y to out (which may be y itself). The
// step's sum is divided by 6, as GradBench's C++ tool and
// bench/ode/ode.fut divide it: multiplying by h/6 instead would round
// differently, so it would be another computation (and half the time on
// this loop, whose division Go does not vectorise as the C++ compiler
// does).
func odeStep(x, y, out []float64, h float64) {
	n := len(x)
	y, out = y[:n], out[:n]
	hh := h / 2
	// F's first component is x_0 at every stage.
	x0, y0 := x[0], y[0]
	p1, p2, p3, p4 := y0, y0+hh*x0, y0+hh*x0, y0+h*x0
	out[0] = y0 + h*(x0+2*x0+2*x0+x0)/6
	for i := 1; i < n; i++ {
		xi, yi := x[i], y[i]
		k1 := xi * p1
		s2 := yi + hh*k1
		k2 := xi * p2
		s3 := yi + hh*k2
		k3 := xi * p3
		s4 := yi + h*k3
		k4 := xi * p4
		out[i] = yi + h*(k1+2*k2+2*k3+k4)/6
		p1, p2, p3, p4 = yi, s2, s3, s4
	}
}

// ODEPrimal writes the RK4 solution at t = 2 after s ≥ 1 steps to y.
func ODEPrimal(x []float64, s int, y []float64) {
	if len(x) == 0 || s < 1 {
		panic("tuned: ode needs x non-empty and s >= 1")
	}
	need("ode primal", len(y), len(x))
	clear(y)
	h := 2 / float64(s)
	for range s {
		odeStep(x, y, y, h)
	}
}

// ODEWork is the scratch memory of ODEGradient: the state before every
// step, the adjoint of the state, and two stage states of one step.
type ODEWork struct {
	ys, scratch []float64
}

// ODEGradient writes ∂y_{n−1}/∂x of ODEPrimal's solution to g, by a
// hand-written adjoint sweep over the stored states: per step backwards,
// one ascending pass recomputes the step's stages and one descending pass
// propagates the adjoint.
func ODEGradient(x []float64, s int, g []float64, w *ODEWork) {
	n := len(x)
	if n == 0 || s < 1 {
		panic("tuned: ode needs x non-empty and s >= 1")
	}
	need("ode gradient", len(g), n)
	w.ys = grow(w.ys, s*n)
	w.scratch = grow(w.scratch, 3*n)
	h := 2 / float64(s)
	hh, h6 := h/2, h/6
	ys := w.ys
	clear(ys[:n])
	for k := 0; k+1 < s; k++ {
		odeStep(x, ys[k*n:(k+1)*n], ys[(k+1)*n:(k+2)*n], h)
	}
	g = g[:n]
	clear(g)
	ybar := w.scratch[:n:n]
	st2, st3 := w.scratch[n:2*n:2*n], w.scratch[2*n:3*n:3*n]
	clear(ybar)
	ybar[n-1] = 1
	for k := s - 1; k >= 0; k-- {
		y := ys[k*n : (k+1)*n : (k+1)*n]
		y, st2, st3, ybar, g := y[:len(x)], st2[:len(x)], st3[:len(x)], ybar[:len(x)], g[:len(x)]
		// Stages 2 and 3 as odeStep computes them; stage 4 is needed at
		// one index at a time and is rebuilt from stage 3 below.
		x0, y0 := x[0], y[0]
		st2[0], st3[0] = y0+hh*x0, y0+hh*x0
		for i := 1; i < n; i++ {
			st2[i] = y[i] + hh*(x[i]*y[i-1])
			st3[i] = y[i] + hh*(x[i]*st2[i-1])
		}
		// Descending: the adjoints of k1…k4 at j+1 are carried in
		// scalars; ȳ_j becomes the adjoint of the step's input state.
		var kb1n, kb2n, kb3n, kb4n, xn float64
		for j := n - 1; j >= 0; j-- {
			ybj := ybar[j]
			kb4 := h6 * ybj
			y4b := kb4n * xn
			kb3 := 2*h6*ybj + h*y4b
			y3b := kb3n * xn
			kb2 := 2*h6*ybj + hh*y3b
			y2b := kb2n * xn
			kb1 := h6*ybj + hh*y2b
			ybar[j] = ybj + y4b + y3b + y2b + kb1n*xn
			switch {
			case j > 1:
				s4 := y[j-1] + h*(x[j-1]*st3[j-2])
				g[j] += kb1*y[j-1] + kb2*st2[j-1] + kb3*st3[j-1] + kb4*s4
			case j == 1:
				s4 := y[0] + h*x[0]
				g[1] += kb1*y[0] + kb2*st2[0] + kb3*st3[0] + kb4*s4
			default:
				g[0] += kb1 + kb2 + kb3 + kb4
			}
			kb1n, kb2n, kb3n, kb4n, xn = kb1, kb2, kb3, kb4, x[j]
		}
	}
}
