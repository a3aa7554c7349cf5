package oracle

import "math"

// HTModel is a hand model (GRADBENCH.md §2.4). 4×4 matrices are row-major
// [16]float64; BasePos is V×4 and Weights V×B, flat row-major.
type HTModel struct {
	B, V      int
	Parents   []int
	BaseRel   [][16]float64
	InvAbs    [][16]float64
	BasePos   []float64
	Weights   []float64
	Triangles [][3]int
	Mirrored  bool
}

// HTInput is a hand-tracking problem. Us is empty in the simple variant
// (Corr indexes vertices) and holds N pairs in the complicated one (Corr
// indexes triangles). Points is N×3.
type HTInput struct {
	Model  HTModel
	Corr   []int
	Points []float64
	Theta  [26]float64
	Us     []float64
}

// HTNs are the correspondence counts of GradBench's hand1…hand12.
var HTNs = []int{100, 192, 200, 400, 800, 1600, 3200, 6400, 12800, 25600, 51200, 100000}

// Standard model sizes: the big model has 10000 vertices, the small 544; both 1084 triangles.
const (
	HTBigV   = 10000
	HTSmallV = 544
	HTT      = 1084
)

// htParents is the 22-bone hand: wrist 0, four bones per finger, forearm 21.
var htParents = []int{-1, 0, 1, 2, 3, 0, 5, 6, 7, 0, 9, 10, 11, 0, 13, 14, 15, 0, 17, 18, 19, 0}

// GenHT returns a synthetic hand of v vertices and t triangles with n
// correspondences; complicated selects the variant with barycentric us.
func GenHT(v, t, n int, complicated bool) HTInput {
	r := newRand()
	b := len(htParents)
	m := HTModel{B: b, V: v, Parents: htParents, BaseRel: make([][16]float64, b), InvAbs: make([][16]float64, b)}
	for k := range b {
		m.BaseRel[k] = htTranslation(0.1*float64(k%3), 0.2+0.1*r.Float64(), -0.1)
		m.InvAbs[k] = htTranslation(-0.05, 0.1*r.Float64(), 0.1)
	}
	m.BasePos = make([]float64, 4*v)
	m.Weights = make([]float64, b*v)
	for i := range v {
		copy(m.BasePos[4*i:], []float64{r.Float64() - 0.5, r.Float64() - 0.5, r.Float64() - 0.5, 1})
		// Each vertex follows two random bones.
		b1, b2, w := r.IntN(b), r.IntN(b), r.Float64()
		m.Weights[i*b+b1] += w
		m.Weights[i*b+b2] += 1 - w
	}
	m.Triangles = make([][3]int, t)
	for i := range m.Triangles {
		m.Triangles[i] = [3]int{r.IntN(v), r.IntN(v), r.IntN(v)}
	}
	in := HTInput{Model: m, Corr: make([]int, n), Points: uniform(r, 3*n)}
	for i := range in.Theta {
		in.Theta[i] = r.Float64() - 0.5
	}
	for i := range in.Corr {
		if complicated {
			in.Corr[i] = r.IntN(t)
		} else {
			in.Corr[i] = r.IntN(v)
		}
	}
	if complicated {
		in.Us = make([]float64, 2*n)
		for i := range n {
			u0 := r.Float64()
			in.Us[2*i], in.Us[2*i+1] = u0, (1-u0)*r.Float64()
		}
	}
	return in
}

// htTranslation is the identity with last column (x, y, z, 1).
func htTranslation(x, y, z float64) [16]float64 {
	return [16]float64{1, 0, 0, x, 0, 1, 0, y, 0, 0, 1, z, 0, 0, 0, 1}
}

func mat4Mul(a, b [16]float64) [16]float64 {
	var c [16]float64
	for i := range 4 {
		for j := range 4 {
			for k := range 4 {
				c[4*i+j] += a[4*i+k] * b[4*k+j]
			}
		}
	}
	return c
}

func mat3Mul(a, b [9]float64) [9]float64 {
	var c [9]float64
	for i := range 3 {
		for j := range 3 {
			for k := range 3 {
				c[3*i+j] += a[3*i+k] * b[3*k+j]
			}
		}
	}
	return c
}

// htPose returns the B+3 pose vectors of step 1.
func htPose(theta [26]float64, b int) [][3]float64 {
	p := make([][3]float64, b+3)
	p[0] = [3]float64{theta[0], theta[1], theta[2]}
	p[1] = [3]float64{1, 1, 1}
	p[2] = [3]float64{theta[3], theta[4], theta[5]}
	for f := range 5 {
		b0, t0 := 2+4*f, 6+4*f
		p[3+b0] = [3]float64{theta[t0], theta[t0+1], 0}
		p[3+b0+1] = [3]float64{theta[t0+2], 0, 0}
		p[3+b0+2] = [3]float64{theta[t0+3], 0, 0}
	}
	return p
}

// htVertices returns the posed vertices, V×3.
func htVertices(m HTModel, theta [26]float64) []float64 {
	pose := htPose(theta, m.B)
	ms := make([][16]float64, m.B)
	abs := make([][16]float64, m.B)
	for b := range m.B {
		a := pose[3+b]
		c0, s0 := math.Cos(a[0]), math.Sin(a[0])
		c1, s1 := math.Cos(a[1]), math.Sin(a[1])
		c2, s2 := math.Cos(a[2]), math.Sin(a[2])
		rx := [9]float64{1, 0, 0, 0, c0, -s0, 0, s0, c0}
		ry := [9]float64{c2, 0, s2, 0, 1, 0, -s2, 0, c2}
		rz := [9]float64{c1, -s1, 0, s1, c1, 0, 0, 0, 1}
		rot := mat3Mul(mat3Mul(rz, ry), rx)
		t := htTranslation(0, 0, 0)
		for i := range 3 {
			for j := range 3 {
				t[4*i+j] = rot[3*i+j]
			}
		}
		rel := mat4Mul(m.BaseRel[b], t)
		if m.Parents[b] < 0 {
			abs[b] = rel
		} else {
			abs[b] = mat4Mul(abs[m.Parents[b]], rel)
		}
		ms[b] = mat4Mul(abs[b], m.InvAbs[b])
	}
	rg := [9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1}
	g := pose[0]
	if phi := math.Sqrt(g[0]*g[0] + g[1]*g[1] + g[2]*g[2]); phi >= 1e-4 {
		x, y, z := g[0]/phi, g[1]/phi, g[2]/phi
		s, c := math.Sin(phi), math.Cos(phi)
		rg = [9]float64{
			x*x + (1-x*x)*c, x*y*(1-c) - z*s, x*z*(1-c) + y*s,
			x*y*(1-c) + z*s, y*y + (1-y*y)*c, y*z*(1-c) - x*s,
			x*z*(1-c) - y*s, y*z*(1-c) + x*s, z*z + (1-z*z)*c,
		}
	}
	out := make([]float64, 3*m.V)
	for v := range m.V {
		var pos [3]float64
		bp := m.BasePos[4*v : 4*v+4]
		for b := range m.B {
			w := m.Weights[v*m.B+b]
			if w == 0 {
				continue
			}
			for i := range 3 {
				pos[i] += w * (ms[b][4*i]*bp[0] + ms[b][4*i+1]*bp[1] + ms[b][4*i+2]*bp[2] + ms[b][4*i+3]*bp[3])
			}
		}
		if m.Mirrored {
			pos[0] = -pos[0]
		}
		for i := range 3 {
			// Column j of R_g is scaled by P[1][j] = 1, so no scaling is needed.
			out[3*v+i] = rg[3*i]*pos[0] + rg[3*i+1]*pos[1] + rg[3*i+2]*pos[2] + pose[2][i]
		}
	}
	return out
}

// HTObjective returns the 3N residuals.
func HTObjective(in HTInput) []float64 {
	vs := htVertices(in.Model, in.Theta)
	e := make([]float64, 3*len(in.Corr))
	for i, c := range in.Corr {
		for j := range 3 {
			var target float64
			if len(in.Us) == 0 {
				target = vs[3*c+j]
			} else {
				t := in.Model.Triangles[c]
				u0, u1 := in.Us[2*i], in.Us[2*i+1]
				target = u0*vs[3*t[0]+j] + u1*vs[3*t[1]+j] + (1-u0-u1)*vs[3*t[2]+j]
			}
			e[3*i+j] = in.Points[3*i+j] - target
		}
	}
	return e
}

// HTJacobian returns the 3N×ncols Jacobian, row-major (ncols is 26 or 28).
// The θ columns are central finite differences of HTObjective (the oracle
// here); the u columns are exact: V_c − V_a and V_c − V_b.
func HTJacobian(in HTInput) (jac []float64, ncols int) {
	n := len(in.Corr)
	off := 0
	if len(in.Us) > 0 {
		off = 2
	}
	ncols = 26 + off
	jac = make([]float64, 3*n*ncols)
	for k := range 26 {
		orig := in.Theta[k]
		h := 1e-6 * math.Max(1, math.Abs(orig))
		in.Theta[k] = orig + h
		ep := HTObjective(in)
		in.Theta[k] = orig - h
		em := HTObjective(in)
		in.Theta[k] = orig
		for r := range 3 * n {
			jac[r*ncols+off+k] = (ep[r] - em[r]) / (2 * h)
		}
	}
	if off == 2 {
		vs := htVertices(in.Model, in.Theta)
		for i, c := range in.Corr {
			t := in.Model.Triangles[c]
			for j := range 3 {
				jac[(3*i+j)*ncols] = vs[3*t[2]+j] - vs[3*t[0]+j]
				jac[(3*i+j)*ncols+1] = vs[3*t[2]+j] - vs[3*t[1]+j]
			}
		}
	}
	return jac, ncols
}
