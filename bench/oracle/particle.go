package oracle

import "math"

// ParticleW0 is the standard starting value of w.
const ParticleW0 = 0.0

// particleAccel returns −∇ₓp(x) for charges at (10, 10−w) and (10, 0) and,
// given tangents dx of x and dw of w, the tangent of that acceleration.
func particleAccel(x, dx [2]float64, w, dw float64) (a, da [2]float64) {
	for k, c := range [][2]float64{{10, 10 - w}, {10, 0}} {
		d := [2]float64{x[0] - c[0], x[1] - c[1]}
		dd := dx
		if k == 0 {
			dd[1] += dw // ∂c1.y/∂w = −1, so ∂d.y/∂w = +1
		}
		r := math.Hypot(d[0], d[1])
		r3, r5 := r*r*r, r*r*r*r*r
		// ∇(1/r) = −d/r³; its Jacobian is −I/r³ + 3ddᵀ/r⁵.
		dot := d[0]*dd[0] + d[1]*dd[1]
		for i := range 2 {
			a[i] += d[i] / r3
			da[i] -= -dd[i]/r3 + 3*d[i]*dot/r5
		}
	}
	return a, da
}

// ParticleObj returns obj(w) = (x_f.x)² and its derivative, hand-derived by
// carrying tangents of x and v through the Euler loop (branches are constant).
func ParticleObj(w float64) (obj, dobj float64) {
	x, v := [2]float64{0, 8}, [2]float64{0.75, 0}
	var dx, dv [2]float64
	const dt = 0.1
	for {
		a, da := particleAccel(x, dx, w, 1)
		xn := [2]float64{x[0] + dt*v[0], x[1] + dt*v[1]}
		if xn[1] <= 0 {
			break
		}
		dx = [2]float64{dx[0] + dt*dv[0], dx[1] + dt*dv[1]}
		x = xn
		v = [2]float64{v[0] + dt*a[0], v[1] + dt*a[1]}
		dv = [2]float64{dv[0] + dt*da[0], dv[1] + dt*da[1]}
	}
	tf := -x[1] / v[1]
	dtf := -dx[1]/v[1] + x[1]*dv[1]/(v[1]*v[1])
	xf := x[0] + tf*v[0]
	dxf := dx[0] + dtf*v[0] + tf*dv[0]
	return xf * xf, 2 * xf * dxf
}

// ParticleArgmin is the optimised w starting from w0.
func ParticleArgmin(w0 float64) float64 {
	f := func(w []float64) float64 { o, _ := ParticleObj(w[0]); return o }
	g := func(w []float64) []float64 { _, d := ParticleObj(w[0]); return []float64{d} }
	return Argmin(f, g, []float64{w0})[0]
}
