package tuned

import "math"

// BAInput is a GradBench ba problem as the ba.fut entry points take it,
// flat row-major: Cams [N][11] (rotation r, centre C, focal length f,
// principal point u0 v0, distortion k1 k2), X [M][3], W [P], Obs [P][2]
// (camera, point) and Feats [P][2].
type BAInput struct {
	N, M, P int
	Cams    []float64
	X       []float64
	W       []float64
	Obs     []int32
	Feats   []float64
}

func (in *BAInput) check() {
	if in.N < 1 || in.M < 1 || in.P < 1 || 31*in.P > math.MaxInt32 {
		panic("tuned: ba needs n, m, p >= 1 and 31p < 2^31")
	}
	need("ba cams", len(in.Cams), 11*in.N)
	need("ba points", len(in.X), 3*in.M)
	need("ba weights", len(in.W), in.P)
	need("ba observations", len(in.Obs), 2*in.P)
	need("ba features", len(in.Feats), 2*in.P)
}

// baProject is the camera's projection of point x: Rodrigues rotation of
// x − C, perspective division, radial distortion, focal length and
// principal point.
func baProject(cam *[11]float64, x0, x1, x2 float64) (float64, float64) {
	y0, y1, y2 := x0-cam[3], x1-cam[4], x2-cam[5]
	r0, r1, r2 := cam[0], cam[1], cam[2]
	var z0, z1, z2 float64
	if s := r0*r0 + r1*r1 + r2*r2; s != 0 {
		th := math.Sqrt(s)
		st, ct := math.Sincos(th)
		inv := 1 / th
		w0, w1, w2 := r0*inv, r1*inv, r2*inv
		c0, c1, c2 := w1*y2-w2*y1, w2*y0-w0*y2, w0*y1-w1*y0
		tmp := (w0*y0 + w1*y1 + w2*y2) * (1 - ct)
		z0 = y0*ct + c0*st + w0*tmp
		z1 = y1*ct + c1*st + w1*tmp
		z2 = y2*ct + c2*st + w2*tmp
	} else {
		z0 = y0 + (r1*y2 - r2*y1)
		z1 = y1 + (r2*y0 - r0*y2)
		z2 = y2 + (r0*y1 - r1*y0)
	}
	p0, p1 := z0/z2, z1/z2
	rsq := p0*p0 + p1*p1
	l := 1 + cam[9]*rsq + cam[10]*rsq*rsq
	return p0*l*cam[6] + cam[7], p1*l*cam[6] + cam[8]
}

// BAObjective writes every observation's weighted reprojection error to
// reproj ([P][2]) and its weight error 1 − w² to werr ([P]).
func BAObjective(in *BAInput, reproj, werr []float64) {
	in.check()
	need("ba reprojection errors", len(reproj), 2*in.P)
	need("ba weight errors", len(werr), in.P)
	obs, feats, ws := in.Obs[:2*in.P], in.Feats[:2*in.P], in.W[:in.P]
	reproj, werr = reproj[:2*in.P], werr[:in.P]
	for i, w := range ws {
		c, j := int(obs[2*i]), int(obs[2*i+1])
		cam := (*[11]float64)(in.Cams[11*c : 11*c+11])
		x := in.X[3*j : 3*j+3 : 3*j+3]
		p0, p1 := baProject(cam, x[0], x[1], x[2])
		reproj[2*i] = w * (p0 - feats[2*i])
		reproj[2*i+1] = w * (p1 - feats[2*i+1])
		werr[i] = 1 - w*w
	}
}

// baBlock writes the 2×15 Jacobian of one observation's residual with
// respect to (camera, point, weight) to jac, row by row, by the chain
// rule through rotation, projection and distortion.
func baBlock(cam *[11]float64, x0, x1, x2, w, fx, fy float64, jac *[30]float64) {
	y := [3]float64{x0 - cam[3], x1 - cam[4], x2 - cam[5]}
	r0, r1, r2 := cam[0], cam[1], cam[2]
	var z [3]float64
	var dzdy, dzdr [3][3]float64 // [component][variable]
	if s := r0*r0 + r1*r1 + r2*r2; s != 0 {
		th := math.Sqrt(s)
		st, ct := math.Sincos(th)
		inv := 1 / th
		om := 1 - ct
		wv := [3]float64{r0 * inv, r1 * inv, r2 * inv}
		wxy := [3]float64{wv[1]*y[2] - wv[2]*y[1], wv[2]*y[0] - wv[0]*y[2], wv[0]*y[1] - wv[1]*y[0]}
		wy := wv[0]*y[0] + wv[1]*y[1] + wv[2]*y[2]
		tmp := wy * om
		for a := range 3 {
			z[a] = y[a]*ct + wxy[a]*st + wv[a]*tmp
		}
		// ∂Z/∂Y = cos θ I + sin θ [ω]× + (1 − cos θ) ω ωᵀ.
		for a := range 3 {
			for b := range 3 {
				dzdy[a][b] = om * wv[a] * wv[b]
			}
			dzdy[a][a] += ct
		}
		dzdy[0][1] -= st * wv[2]
		dzdy[0][2] += st * wv[1]
		dzdy[1][0] += st * wv[2]
		dzdy[1][2] -= st * wv[0]
		dzdy[2][0] -= st * wv[1]
		dzdy[2][1] += st * wv[0]
		// ∂Z/∂r_k through θ (∂θ/∂r_k = ω_k) and ω (∂ω/∂r_k = (e_k − ω_k ω)/θ).
		for k := range 3 {
			wk := wv[k]
			var dw [3]float64
			for a := range 3 {
				dw[a] = -wk * wv[a] * inv
			}
			dw[k] += inv
			dwxy := [3]float64{dw[1]*y[2] - dw[2]*y[1], dw[2]*y[0] - dw[0]*y[2], dw[0]*y[1] - dw[1]*y[0]}
			dwy := dw[0]*y[0] + dw[1]*y[1] + dw[2]*y[2]
			for a := range 3 {
				dzdr[a][k] = -st*wk*y[a] + st*dwxy[a] + ct*wk*wxy[a] +
					om*(dw[a]*wy+wv[a]*dwy) + st*wk*wv[a]*wy
			}
		}
	} else {
		// Z = Y + r × Y.
		z = [3]float64{y[0] + (r1*y[2] - r2*y[1]), y[1] + (r2*y[0] - r0*y[2]), y[2] + (r0*y[1] - r1*y[0])}
		dzdy = [3][3]float64{{1, -r2, r1}, {r2, 1, -r0}, {-r1, r0, 1}}
		dzdr = [3][3]float64{{0, y[2], -y[1]}, {-y[2], 0, y[0]}, {y[1], -y[0], 0}}
	}
	p0, p1 := z[0]/z[2], z[1]/z[2]
	iz := 1 / z[2]
	k1, k2, f := cam[9], cam[10], cam[6]
	rsq := p0*p0 + p1*p1
	l := 1 + k1*rsq + k2*rsq*rsq
	q0, q1 := p0*l, p1*l
	e0, e1 := q0*f+cam[7]-fx, q1*f+cam[8]-fy
	// ∂q/∂p = L I + 2(k1 + 2 k2 ρ) p pᵀ, and ∂p/∂Z; m = w f ∂q/∂p ∂p/∂Z.
	dl := 2 * (k1 + 2*k2*rsq)
	a00, a01 := l+dl*p0*p0, dl*p0*p1
	a11 := l + dl*p1*p1
	wf := w * f
	m := [2][3]float64{
		{wf * a00 * iz, wf * a01 * iz, -wf * (a00*p0 + a01*p1) * iz},
		{wf * a01 * iz, wf * a11 * iz, -wf * (a01*p0 + a11*p1) * iz},
	}
	for row := range 2 {
		mr := m[row]
		o := jac[15*row : 15*row+15 : 15*row+15]
		for k := range 3 {
			o[k] = mr[0]*dzdr[0][k] + mr[1]*dzdr[1][k] + mr[2]*dzdr[2][k]
			v := mr[0]*dzdy[0][k] + mr[1]*dzdy[1][k] + mr[2]*dzdy[2][k]
			o[3+k] = -v
			o[11+k] = v
		}
	}
	jac[6], jac[21] = w*q0, w*q1
	jac[7], jac[8], jac[22], jac[23] = w, 0, 0, w
	jac[9], jac[24] = wf*p0*rsq, wf*p1*rsq
	jac[10], jac[25] = wf*p0*rsq*rsq, wf*p1*rsq*rsq
	jac[14], jac[29] = e0, e1
}

// BAJacobian writes the Jacobian in GradBench's CSR layout: rows [3P+1],
// cols and vals [31P]. Reprojection rows 2i and 2i+1 hold 15 entries
// (observation i's camera, point and weight), weight row 2P+i holds −2w_i.
func BAJacobian(in *BAInput, rows, cols []int32, vals []float64) {
	in.check()
	p := in.P
	need("ba rows", len(rows), 3*p+1)
	need("ba cols", len(cols), 31*p)
	need("ba vals", len(vals), 31*p)
	for r := 0; r <= 2*p; r++ {
		rows[r] = int32(15 * r)
	}
	for i := 1; i <= p; i++ {
		rows[2*p+i] = int32(30*p + i)
	}
	n11, m3 := int32(11*in.N), int32(3*in.M)
	obs, feats, ws := in.Obs[:2*p], in.Feats[:2*p], in.W[:p]
	for i, w := range ws {
		c, j := obs[2*i], obs[2*i+1]
		cam := (*[11]float64)(in.Cams[11*int(c) : 11*int(c)+11])
		x := in.X[3*int(j) : 3*int(j)+3 : 3*int(j)+3]
		baBlock(cam, x[0], x[1], x[2], w, feats[2*i], feats[2*i+1], (*[30]float64)(vals[30*i:30*i+30]))
		cs := (*[30]int32)(cols[30*i : 30*i+30])
		for t := range int32(11) {
			cs[t], cs[15+t] = 11*c+t, 11*c+t
		}
		for t := range int32(3) {
			cs[11+t], cs[26+t] = n11+3*j+t, n11+3*j+t
		}
		cs[14], cs[29] = n11+m3+int32(i), n11+m3+int32(i)
	}
	wc, wv := cols[30*p:31*p], vals[30*p:31*p]
	wc, wv = wc[:len(ws)], wv[:len(ws)]
	for i, w := range ws {
		wc[i] = n11 + m3 + int32(i)
		wv[i] = -2 * w
	}
}
