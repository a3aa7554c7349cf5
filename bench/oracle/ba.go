package oracle

import "math"

// BACompressed is GradBench's compressed ba input: one camera, point,
// weight and feature, repeated to sizes n, m, p.
type BACompressed struct {
	N, M, P int
	Cam     [11]float64
	X       [3]float64
	W       float64
	Feat    [2]float64
}

// BAProblem is a full bundle-adjustment problem, matrices flat row-major:
// Cams n×11, X m×3, W p, Obs p×2 (camera, point) and Feats p×2.
type BAProblem struct {
	N, M, P int
	Cams    []float64
	X       []float64
	W       []float64
	Obs     []int32
	Feats   []float64
}

// BASizes are the (n, m, p) of GradBench's default files ba1…ba14.
var BASizes = [][3]int{
	{49, 7776, 31843}, {21, 11315, 36455}, {161, 48126, 182072}, {372, 47423, 204472},
	{257, 65132, 225911}, {539, 65220, 277273}, {93, 61203, 287451}, {88, 64298, 383937},
	{810, 88814, 393775}, {1197, 126327, 563734}, {1723, 156502, 678718}, {253, 163691, 899155},
	{245, 198739, 1091386}, {356, 226730, 1255268},
}

// GenBA returns the compressed input of size (n, m, p) with the values of
// GradBench's ba1 file (GRADBENCH.md §2.3), which all its files resemble.
func GenBA(n, m, p int) BACompressed {
	return BACompressed{N: n, M: m, P: p,
		Cam: [11]float64{-0.758453, -1.109613, -0.845551, 34.556073, 39.676747, 53.881673,
			419.194514, 5.864426, -8.51887, 0.087812, 0.002739},
		X: [3]float64{7.203245, 0.001144, 3.023326}, W: 0.417022,
		Feat: [2]float64{271.760969, 834.209256}}
}

// Expand builds the full problem: observation i links camera i mod n and point i mod m.
func (c BACompressed) Expand() BAProblem {
	b := BAProblem{N: c.N, M: c.M, P: c.P,
		Cams: make([]float64, 0, 11*c.N), X: make([]float64, 0, 3*c.M),
		W: make([]float64, c.P), Obs: make([]int32, 2*c.P), Feats: make([]float64, 0, 2*c.P)}
	for range c.N {
		b.Cams = append(b.Cams, c.Cam[:]...)
	}
	for range c.M {
		b.X = append(b.X, c.X[:]...)
	}
	for i := range c.P {
		b.W[i] = c.W
		b.Obs[2*i], b.Obs[2*i+1] = int32(i%c.N), int32(i%c.M)
		b.Feats = append(b.Feats, c.Feat[:]...)
	}
	return b
}

// GenBAVaried returns a small problem whose cameras, points, weights and
// features all differ and whose observations are shuffled, for tests that
// must notice mixed-up indices.
func GenBAVaried(n, m, p int) BAProblem {
	r := newRand()
	base := GenBA(n, m, p)
	b := BAProblem{N: n, M: m, P: p, W: make([]float64, p), Obs: make([]int32, 2*p)}
	for range n {
		for t, v := range base.Cam {
			b.Cams = append(b.Cams, v*(1+0.1*(r.Float64()-0.5))+0.01*float64(t))
		}
	}
	for range m {
		for _, v := range base.X {
			b.X = append(b.X, v+r.Float64())
		}
	}
	for i := range p {
		b.W[i] = base.W + r.Float64()
		b.Obs[2*i], b.Obs[2*i+1] = int32(r.IntN(n)), int32(r.IntN(m))
		b.Feats = append(b.Feats, base.Feat[0]+10*r.Float64(), base.Feat[1]+10*r.Float64())
	}
	return b
}

// baRotate applies the Rodrigues rotation r to y.
func baRotate(r, y [3]float64) [3]float64 {
	s := r[0]*r[0] + r[1]*r[1] + r[2]*r[2]
	cross := func(a, b [3]float64) [3]float64 {
		return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
	}
	if s == 0 {
		c := cross(r, y)
		return [3]float64{y[0] + c[0], y[1] + c[1], y[2] + c[2]}
	}
	th := math.Sqrt(s)
	w := [3]float64{r[0] / th, r[1] / th, r[2] / th}
	c := cross(w, y)
	wy := w[0]*y[0] + w[1]*y[1] + w[2]*y[2]
	ct, st := math.Cos(th), math.Sin(th)
	var z [3]float64
	for k := range z {
		z[k] = y[k]*ct + c[k]*st + w[k]*wy*(1-ct)
	}
	return z
}

// BAReproj is the weighted reprojection error of one observation.
func BAReproj(cam []float64, x []float64, w float64, feat []float64) [2]float64 {
	y := [3]float64{x[0] - cam[3], x[1] - cam[4], x[2] - cam[5]}
	z := baRotate([3]float64{cam[0], cam[1], cam[2]}, y)
	p0, p1 := z[0]/z[2], z[1]/z[2]
	rho := p0*p0 + p1*p1
	d := 1 + cam[9]*rho + cam[10]*rho*rho
	return [2]float64{w * (cam[6]*p0*d + cam[7] - feat[0]), w * (cam[6]*p1*d + cam[8] - feat[1])}
}

// BAObjective returns every observation's reprojection error (p×2) and weight error 1 − w².
func BAObjective(b BAProblem) (reproj, werr []float64) {
	reproj, werr = make([]float64, 2*b.P), make([]float64, b.P)
	for i := range b.P {
		c, j := int(b.Obs[2*i]), int(b.Obs[2*i+1])
		e := BAReproj(b.Cams[11*c:11*c+11], b.X[3*j:3*j+3], b.W[i], b.Feats[2*i:2*i+2])
		reproj[2*i], reproj[2*i+1] = e[0], e[1]
		werr[i] = 1 - b.W[i]*b.W[i]
	}
	return reproj, werr
}

// BAJacobian returns the CSR Jacobian of GRADBENCH.md §2.3. The 15 partials
// of each reprojection residual are central finite differences of BAReproj
// (the finite differences are the oracle here); the weight rows are exact.
func BAJacobian(b BAProblem) (rows, cols []int32, vals []float64) {
	n11, m3 := int32(11*b.N), int32(3*b.M)
	rows = make([]int32, 3*b.P+1)
	for r := range rows {
		if r <= 2*b.P {
			rows[r] = int32(15 * r)
		} else {
			rows[r] = int32(30*b.P + r - 2*b.P)
		}
	}
	cols = make([]int32, 0, 31*b.P)
	vals = make([]float64, 0, 31*b.P)
	for i := range b.P {
		c, j := int(b.Obs[2*i]), int(b.Obs[2*i+1])
		vars := make([]float64, 0, 15)
		vars = append(vars, b.Cams[11*c:11*c+11]...)
		vars = append(vars, b.X[3*j:3*j+3]...)
		vars = append(vars, b.W[i])
		feat := b.Feats[2*i : 2*i+2]
		var d [2][15]float64
		for v := range vars {
			h := 1e-6 * math.Max(1, math.Abs(vars[v]))
			orig := vars[v]
			vars[v] = orig + h
			ep := BAReproj(vars[:11], vars[11:14], vars[14], feat)
			vars[v] = orig - h
			em := BAReproj(vars[:11], vars[11:14], vars[14], feat)
			vars[v] = orig
			d[0][v] = (ep[0] - em[0]) / (2 * h)
			d[1][v] = (ep[1] - em[1]) / (2 * h)
		}
		for k := range 2 {
			for t := range 11 {
				cols = append(cols, int32(11*c+t))
			}
			for t := range 3 {
				cols = append(cols, n11+int32(3*j+t))
			}
			cols = append(cols, n11+m3+int32(i))
			vals = append(vals, d[k][:]...)
		}
	}
	for i := range b.P {
		cols = append(cols, n11+m3+int32(i))
		vals = append(vals, -2*b.W[i])
	}
	return rows, cols, vals
}
