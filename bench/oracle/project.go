package oracle

import "math"

// The projection of bundle adjustment as the dF~ paper's section 6 writes
// it (bench/fwdmode/project.fut), and its Jacobian with respect to the 11
// camera parameters written by hand: a forward pass over numbers that
// carry all 11 partial derivatives at once.

// Project maps the point x through the camera: r (axis times angle, 3),
// C (centre, 3), f (focal length), x0 (principal point, 2), k (radial
// distortion, 2).
func Project(cam []float64, x []float64) [2]float64 {
	var y [3]float64
	for k := range y {
		y[k] = x[k] - cam[3+k]
	}
	t := math.Sqrt(cam[0]*cam[0] + cam[1]*cam[1] + cam[2]*cam[2])
	w := [3]float64{cam[0] / t, cam[1] / t, cam[2] / t}
	c := [3]float64{w[1]*y[2] - w[2]*y[1], w[2]*y[0] - w[0]*y[2], w[0]*y[1] - w[1]*y[0]}
	s := (w[0]*y[0] + w[1]*y[1] + w[2]*y[2]) * (1 - math.Cos(t))
	var z [3]float64
	for k := range z {
		z[k] = y[k]*math.Cos(t) + c[k]*math.Sin(t) + w[k]*s
	}
	p0, p1 := z[0]/z[2], z[1]/z[2]
	rsq := p0*p0 + p1*p1
	l := 1 + cam[9]*rsq + cam[10]*rsq*rsq
	return [2]float64{cam[7] + p0*l*cam[6], cam[8] + p1*l*cam[6]}
}

// jet is a number with its partial derivatives by the 11 camera
// parameters.
type jet struct {
	v float64
	d [11]float64
}

func jconst(v float64) jet { return jet{v: v} }

func jvar(v float64, i int) jet {
	j := jet{v: v}
	j.d[i] = 1
	return j
}

func jadd(a, b jet) jet {
	r := jet{v: a.v + b.v}
	for i := range r.d {
		r.d[i] = a.d[i] + b.d[i]
	}
	return r
}

func jsub(a, b jet) jet {
	r := jet{v: a.v - b.v}
	for i := range r.d {
		r.d[i] = a.d[i] - b.d[i]
	}
	return r
}

func jmul(a, b jet) jet {
	r := jet{v: a.v * b.v}
	for i := range r.d {
		r.d[i] = a.d[i]*b.v + a.v*b.d[i]
	}
	return r
}

func jdiv(a, b jet) jet {
	q := a.v / b.v
	r := jet{v: q}
	for i := range r.d {
		r.d[i] = (a.d[i] - q*b.d[i]) / b.v
	}
	return r
}

// jfun applies f with derivative df at a.v.
func jfun(a jet, f, df float64) jet {
	r := jet{v: f}
	for i := range r.d {
		r.d[i] = df * a.d[i]
	}
	return r
}

// projectJet is Project on jets.
func projectJet(cam *[11]jet, x []float64) [2]jet {
	var y [3]jet
	for k := range y {
		y[k] = jsub(jconst(x[k]), cam[3+k])
	}
	sq := jadd(jadd(jmul(cam[0], cam[0]), jmul(cam[1], cam[1])), jmul(cam[2], cam[2]))
	st := math.Sqrt(sq.v)
	t := jfun(sq, st, 0.5/st)
	w := [3]jet{jdiv(cam[0], t), jdiv(cam[1], t), jdiv(cam[2], t)}
	c := [3]jet{
		jsub(jmul(w[1], y[2]), jmul(w[2], y[1])),
		jsub(jmul(w[2], y[0]), jmul(w[0], y[2])),
		jsub(jmul(w[0], y[1]), jmul(w[1], y[0])),
	}
	cos := jfun(t, math.Cos(t.v), -math.Sin(t.v))
	sin := jfun(t, math.Sin(t.v), math.Cos(t.v))
	s := jmul(jadd(jadd(jmul(w[0], y[0]), jmul(w[1], y[1])), jmul(w[2], y[2])), jsub(jconst(1), cos))
	var z [3]jet
	for k := range z {
		z[k] = jadd(jadd(jmul(y[k], cos), jmul(c[k], sin)), jmul(w[k], s))
	}
	p0, p1 := jdiv(z[0], z[2]), jdiv(z[1], z[2])
	rsq := jadd(jmul(p0, p0), jmul(p1, p1))
	l := jadd(jadd(jconst(1), jmul(cam[9], rsq)), jmul(jmul(cam[10], rsq), rsq))
	return [2]jet{jadd(cam[7], jmul(jmul(p0, l), cam[6])), jadd(cam[8], jmul(jmul(p1, l), cam[6]))}
}

// ProjectJacobian returns, for the points xs (3 values each), the 2 x 11
// Jacobians of Project with respect to cam, point by point and row by
// row (the [n][2][11] layout of project.fut's jac_f and jac_g).
func ProjectJacobian(cam []float64, xs []float64) []float64 {
	var c [11]jet
	for i := range c {
		c[i] = jvar(cam[i], i)
	}
	n := len(xs) / 3
	out := make([]float64, 0, 22*n)
	for p := range n {
		r := projectJet(&c, xs[3*p:3*p+3])
		out = append(out, r[0].d[:]...)
		out = append(out, r[1].d[:]...)
	}
	return out
}

// GenProject returns a camera and n points, uniform on [0, 1) like the
// random inputs of project.fut's benchmarks.
func GenProject(n int) (cam, xs []float64) {
	r := newRand()
	return uniform(r, 11), uniform(r, 3*n)
}
