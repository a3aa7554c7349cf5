package tuned

import "math"

// HTInput is a GradBench ht problem as the ht.fut entry points take it:
// Parents [B], BaseRel and InvAbs [B][4][4] (row-major), Weights [B][V]
// and BasePos [4][V] (both transposed from the eval's JSON), Triangles
// [T][3], Corr [N], Points [3][N] (transposed), Theta [26], and Us, the
// flattened [N][2] barycentric coordinates of the complicated variant or
// empty in the simple one (where Corr indexes vertices, not triangles).
type HTInput struct {
	B, V, T, N int
	Parents    []int32
	BaseRel    []float64
	InvAbs     []float64
	Weights    []float64
	BasePos    []float64
	Triangles  []int32
	Mirrored   bool
	Corr       []int32
	Points     []float64
	Theta      []float64
	Us         []float64
}

func (in *HTInput) check() {
	if in.B < 1 || in.V < 1 || in.N < 1 {
		panic("tuned: ht needs at least one bone, vertex and correspondence")
	}
	need("ht parents", len(in.Parents), in.B)
	need("ht base_relatives", len(in.BaseRel), 16*in.B)
	need("ht inverse_base_absolutes", len(in.InvAbs), 16*in.B)
	need("ht weights", len(in.Weights), in.B*in.V)
	need("ht base_positions", len(in.BasePos), 4*in.V)
	need("ht triangles", len(in.Triangles), 3*in.T)
	need("ht correspondences", len(in.Corr), in.N)
	need("ht points", len(in.Points), 3*in.N)
	need("ht theta", len(in.Theta), 26)
	if len(in.Us) != 0 {
		need("ht us", len(in.Us), 2*in.N)
	}
	for b, p := range in.Parents {
		if p >= int32(b) || p < -1 {
			panic("tuned: ht parents must come before their children")
		}
	}
}

// complicated reports whether the residuals interpolate triangles.
func (in *HTInput) complicated() bool { return len(in.Us) != 0 }

// HTWork is the scratch memory of the ht kernels.
type HTWork struct {
	rel, abs, dabs []float64 // [B][16]
	m              []float64 // [B][12]: the top three rows of each bone transform
	pairs          []htPair
	pairM          []float64 // [len(pairs)][12]: their derivative transforms
	pos, verts     []float64 // [V][3], before and after the global transform
	posd           []float64 // [V][htFingers][3]: ∂pos/∂θ of the finger parameters
	chunk          []float64 // [3][htChunk]
	moved          []bool    // [B]: the bones a finger parameter moves
}

// htPair says that finger parameter param moves bone bone.
type htPair struct{ param, bone int }

// htFingers is the number of finger parameters, θ_6…θ_25.
const htFingers = 20

// htChunk is the number of vertices skinned at a time, so that their base
// positions and accumulated positions stay in the first-level cache
// across all bones.
const htChunk = 256

func mul4(a, b []float64, out []float64) {
	a, b, out = a[:16], b[:16], out[:16]
	for i := range 4 {
		a0, a1, a2, a3 := a[4*i], a[4*i+1], a[4*i+2], a[4*i+3]
		for j := range 4 {
			out[4*i+j] = a0*b[j] + a1*b[4+j] + a2*b[8+j] + a3*b[12+j]
		}
	}
}

// htFinger maps finger parameter t (6 ≤ t < 26) to its bone and Euler
// angle: finger f's first moving bone 2+4f takes angles 0 and 1, the next
// two bones angle 0.
func htFinger(t int) (bone, angle int) {
	f, r := (t-6)/4, (t-6)%4
	switch r {
	case 0:
		return 2 + 4*f, 0
	case 1:
		return 2 + 4*f, 1
	}
	return 1 + 4*f + r, 0
}

// eulerRotation returns Rz(a1) Ry(a2) Rx(a0) embedded in a 4×4 identity,
// or with deriv set, its derivative with respect to angle deriv−1 (0 or 1)
// embedded in a 4×4 zero matrix.
func eulerRotation(a0, a1, a2 float64, deriv int, out *[16]float64) {
	s0, c0 := math.Sincos(a0)
	s1, c1 := math.Sincos(a1)
	s2, c2 := math.Sincos(a2)
	rx := [9]float64{1, 0, 0, 0, c0, -s0, 0, s0, c0}
	ry := [9]float64{c2, 0, s2, 0, 1, 0, -s2, 0, c2}
	rz := [9]float64{c1, -s1, 0, s1, c1, 0, 0, 0, 1}
	switch deriv {
	case 1:
		rx = [9]float64{0, 0, 0, 0, -s0, -c0, 0, c0, -s0}
	case 2:
		rz = [9]float64{-s1, -c1, 0, c1, -s1, 0, 0, 0, 0}
	}
	var zy [9]float64
	for i := range 3 {
		for j := range 3 {
			zy[3*i+j] = rz[3*i]*ry[j] + rz[3*i+1]*ry[3+j] + rz[3*i+2]*ry[6+j]
		}
	}
	*out = [16]float64{}
	for i := range 3 {
		for j := range 3 {
			out[4*i+j] = zy[3*i]*rx[j] + zy[3*i+1]*rx[3+j] + zy[3*i+2]*rx[6+j]
		}
	}
	if deriv == 0 {
		out[15] = 1
	}
}

// htBones computes every bone's transform (top three rows) into w.m and,
// if derivs, the derivative of every transform that each finger parameter
// moves into w.pairs and w.pairM.
func htBones(in *HTInput, w *HTWork, derivs bool) {
	nb := in.B
	w.rel = grow(w.rel, 16*nb)
	w.abs = grow(w.abs, 16*nb)
	w.m = grow(w.m, 12*nb)
	theta := in.Theta
	var angles [3]float64
	var t4, m4 [16]float64
	for b := range nb {
		htAngles(theta, b, &angles)
		eulerRotation(angles[0], angles[1], angles[2], 0, &t4)
		mul4(in.BaseRel[16*b:16*b+16], t4[:], w.rel[16*b:16*b+16])
		if p := in.Parents[b]; p < 0 {
			copy(w.abs[16*b:16*b+16], w.rel[16*b:16*b+16])
		} else {
			mul4(w.abs[16*int(p):16*int(p)+16], w.rel[16*b:16*b+16], w.abs[16*b:16*b+16])
		}
		mul4(w.abs[16*b:16*b+16], in.InvAbs[16*b:16*b+16], m4[:])
		copy(w.m[12*b:12*b+12], m4[:12])
	}
	if !derivs {
		return
	}
	w.dabs = grow(w.dabs, 16*nb)
	w.pairs = w.pairs[:0]
	w.pairM = w.pairM[:0]
	if cap(w.moved) < nb {
		w.moved = make([]bool, nb)
	}
	moved := w.moved[:nb]
	var drel [16]float64
	for t := 6; t < 26; t++ {
		bt, angle := htFinger(t)
		if bt >= nb {
			continue
		}
		htAngles(theta, bt, &angles)
		eulerRotation(angles[0], angles[1], angles[2], angle+1, &t4)
		mul4(in.BaseRel[16*bt:16*bt+16], t4[:], drel[:])
		if p := in.Parents[bt]; p < 0 {
			copy(w.dabs[16*bt:16*bt+16], drel[:])
		} else {
			mul4(w.abs[16*int(p):16*int(p)+16], drel[:], w.dabs[16*bt:16*bt+16])
		}
		clear(moved)
		for b := bt; b < nb; b++ {
			p := in.Parents[b]
			mv := b == bt || (p >= 0 && moved[p])
			moved[b] = mv
			if !mv {
				continue
			}
			if b != bt {
				mul4(w.dabs[16*int(p):16*int(p)+16], w.rel[16*b:16*b+16], w.dabs[16*b:16*b+16])
			}
			mul4(w.dabs[16*b:16*b+16], in.InvAbs[16*b:16*b+16], m4[:])
			w.pairs = append(w.pairs, htPair{t, b})
			w.pairM = append(w.pairM, m4[:12]...)
		}
	}
}

// htAngles sets the Euler angles of bone b from theta.
func htAngles(theta []float64, b int, a *[3]float64) {
	*a = [3]float64{}
	if b < 2 || b > 21 {
		return
	}
	f, k := (b-2)/4, (b-2)%4
	t0 := 6 + 4*f
	switch k {
	case 0:
		a[0], a[1] = theta[t0], theta[t0+1]
	case 1, 2:
		a[0] = theta[t0+k+1]
	}
}

// skinAdd adds Σ weight·(m · base position) over one chunk of vertices to
// the chunk accumulators px, py, pz; m is a transform's top three rows.
func skinAdd(m, wts, bp0, bp1, bp2, bp3, px, py, pz []float64) {
	m = m[:12]
	m0, m1, m2, m3 := m[0], m[1], m[2], m[3]
	m4, m5, m6, m7 := m[4], m[5], m[6], m[7]
	m8, m9, m10, m11 := m[8], m[9], m[10], m[11]
	n := len(wts)
	bp0, bp1, bp2, bp3 = bp0[:n], bp1[:n], bp2[:n], bp3[:n]
	px, py, pz = px[:n], py[:n], pz[:n]
	for v, wt := range wts {
		x0, x1, x2, x3 := bp0[v], bp1[v], bp2[v], bp3[v]
		px[v] += (m0*x0 + m1*x1 + m2*x2 + m3*x3) * wt
		py[v] += (m4*x0 + m5*x1 + m6*x2 + m7*x3) * wt
		pz[v] += (m8*x0 + m9*x1 + m10*x2 + m11*x3) * wt
	}
}

// globalRotation returns R_g of the axis-angle vector g (the identity when
// |g| < 1e-4) and, if d is not nil, ∂R_g/∂g_i in d[i].
func globalRotation(g0, g1, g2 float64, d *[3][9]float64) [9]float64 {
	phi := math.Sqrt(g0*g0 + g1*g1 + g2*g2)
	if phi < 1e-4 {
		if d != nil {
			*d = [3][9]float64{}
		}
		return [9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1}
	}
	k := [3]float64{g0 / phi, g1 / phi, g2 / phi}
	x, y, z := k[0], k[1], k[2]
	s, c := math.Sincos(phi)
	r := [9]float64{
		x*x + (1-x*x)*c, x*y*(1-c) - z*s, x*z*(1-c) + y*s,
		x*y*(1-c) + z*s, y*y + (1-y*y)*c, y*z*(1-c) - x*s,
		x*z*(1-c) - y*s, y*z*(1-c) + x*s, z*z + (1-z*z)*c,
	}
	if d == nil {
		return r
	}
	// R = c I + s [k]× + (1 − c) k kᵀ with k = g/φ: differentiate through
	// φ (∂φ/∂g_i = k_i) and k (∂k/∂g_i = (e_i − k_i k)/φ).
	for i := range 3 {
		ki := k[i]
		var dk [3]float64
		for a := range 3 {
			dk[a] = -ki * k[a] / phi
		}
		dk[i] += 1 / phi
		dc, ds := -s*ki, c*ki
		di := &d[i]
		for a := range 3 {
			for b := range 3 {
				di[3*a+b] = -dc*k[a]*k[b] + (1-c)*(dk[a]*k[b]+k[a]*dk[b])
			}
			di[4*a] += dc
		}
		// The cross-product part, ds [k]× + s [dk]×.
		di[1] -= ds*z + s*dk[2]
		di[2] += ds*y + s*dk[1]
		di[3] += ds*z + s*dk[2]
		di[5] -= ds*x + s*dk[0]
		di[6] -= ds*y + s*dk[1]
		di[7] += ds*x + s*dk[0]
	}
	return r
}

// htSkin computes the skinned vertices (before the global transform) into
// w.pos, or with derivs also their derivatives by the finger parameters
// into w.posd, and the posed vertices into w.verts.
func htSkin(in *HTInput, w *HTWork, rg *[9]float64, derivs bool) {
	nv := in.V
	w.pos = grow(w.pos, 3*nv)
	w.verts = grow(w.verts, 3*nv)
	w.chunk = grow(w.chunk, 3*htChunk)
	if derivs {
		w.posd = grow(w.posd, htFingers*3*nv)
	}
	bp := in.BasePos
	tx, ty, tz := in.Theta[3], in.Theta[4], in.Theta[5]
	for v0 := 0; v0 < nv; v0 += htChunk {
		v1 := min(v0+htChunk, nv)
		n := v1 - v0
		px, py, pz := w.chunk[:n], w.chunk[htChunk:htChunk+n], w.chunk[2*htChunk:2*htChunk+n]
		bp0, bp1, bp2, bp3 := bp[v0:v1], bp[nv+v0:nv+v1], bp[2*nv+v0:2*nv+v1], bp[3*nv+v0:3*nv+v1]
		clear(px)
		clear(py)
		clear(pz)
		for b := range in.B {
			skinAdd(w.m[12*b:12*b+12], in.Weights[b*nv+v0:b*nv+v1], bp0, bp1, bp2, bp3, px, py, pz)
		}
		pos, verts := w.pos[3*v0:3*v1], w.verts[3*v0:3*v1]
		htStore(px, py, pz, in.Mirrored, pos, 3)
		for v := range n {
			p, o := pos[3*v:3*v+3:3*v+3], verts[3*v:3*v+3:3*v+3]
			x, y, z := p[0], p[1], p[2]
			o[0] = rg[0]*x + rg[1]*y + rg[2]*z + tx
			o[1] = rg[3]*x + rg[4]*y + rg[5]*z + ty
			o[2] = rg[6]*x + rg[7]*y + rg[8]*z + tz
		}
		if !derivs {
			continue
		}
		for i := 0; i < len(w.pairs); {
			t := w.pairs[i].param
			clear(px)
			clear(py)
			clear(pz)
			for ; i < len(w.pairs) && w.pairs[i].param == t; i++ {
				b := w.pairs[i].bone
				skinAdd(w.pairM[12*i:12*i+12], in.Weights[b*nv+v0:b*nv+v1], bp0, bp1, bp2, bp3, px, py, pz)
			}
			htStore(px, py, pz, in.Mirrored, w.posd[htFingers*3*v0+3*(t-6):], htFingers*3)
		}
	}
}

// htStore writes chunk accumulators to rows of 3 that start stride
// apart in out, negating x for a mirrored model.
func htStore(px, py, pz []float64, mirrored bool, out []float64, stride int) {
	n := len(px)
	py, pz = py[:n], pz[:n]
	sx := 1.0
	if mirrored {
		sx = -1
	}
	for v, x := range px {
		o := out[stride*v : stride*v+3 : stride*v+3]
		o[0], o[1], o[2] = sx*x, py[v], pz[v]
	}
}

// htTarget returns the model point that residual i compares with, from
// rows vs ([V][3]): a vertex, or a triangle's barycentric combination.
func htTarget(in *HTInput, vs []float64, i int) (float64, float64, float64) {
	c := int(in.Corr[i])
	if !in.complicated() {
		v := vs[3*c : 3*c+3 : 3*c+3]
		return v[0], v[1], v[2]
	}
	tr := in.Triangles[3*c : 3*c+3 : 3*c+3]
	a := vs[3*tr[0] : 3*tr[0]+3 : 3*tr[0]+3]
	b := vs[3*tr[1] : 3*tr[1]+3 : 3*tr[1]+3]
	cc := vs[3*tr[2] : 3*tr[2]+3 : 3*tr[2]+3]
	u0, u1 := in.Us[2*i], in.Us[2*i+1]
	u2 := 1 - u0 - u1
	return u0*a[0] + u1*b[0] + u2*cc[0], u0*a[1] + u1*b[1] + u2*cc[1], u0*a[2] + u1*b[2] + u2*cc[2]
}

// HTObjective writes the residuals ([N][3]) to out.
func HTObjective(in *HTInput, w *HTWork, out []float64) {
	in.check()
	need("ht residuals", len(out), 3*in.N)
	htBones(in, w, false)
	rg := globalRotation(in.Theta[0], in.Theta[1], in.Theta[2], nil)
	htSkin(in, w, &rg, false)
	n := in.N
	p0, p1, p2 := in.Points[:n], in.Points[n:2*n], in.Points[2*n:3*n]
	for i := range n {
		x, y, z := htTarget(in, w.verts, i)
		o := out[3*i : 3*i+3 : 3*i+3]
		o[0], o[1], o[2] = p0[i]-x, p1[i]-y, p2[i]-z
	}
}

// HTJacobian writes the Jacobian, [3N][ncols], to jac: ncols is 26, or
// 28 in the complicated variant, whose two u columns come first. As the
// C++ tool does, it skins every vertex and its derivatives by the 20
// finger parameters (one pass over the vertices per bone that each
// parameter moves), then fills each residual's three rows.
func HTJacobian(in *HTInput, w *HTWork, jac []float64) {
	in.check()
	n := in.N
	off := 0
	if in.complicated() {
		off = 2
	}
	nc := 26 + off
	need("ht jacobian", len(jac), nc*3*n)
	htBones(in, w, true)
	var drg [3][9]float64
	rg := globalRotation(in.Theta[0], in.Theta[1], in.Theta[2], &drg)
	htSkin(in, w, &rg, true)
	// Per residual, the skinned model point p and its derivatives by the
	// finger parameters (a vertex's, or a barycentric combination of a
	// triangle's) give every column: −(∂R_g/∂θ_k) p for the global
	// rotation, −1 for the translation, −R_g ∂p/∂θ_t for the fingers.
	// A finger parameter that moves no bone of a smaller model has a zero
	// column; the skinning did not write its derivatives.
	moves := [htFingers]bool{}
	for t := range htFingers {
		bt, _ := htFinger(t + 6)
		moves[t] = bt < in.B
	}
	const rowLen = 3 * htFingers
	pos, posd, verts := w.pos, w.posd, w.verts
	for i := range n {
		var p [3]float64
		var pd [rowLen]float64
		// The residual's three rows.
		rows := [3][]float64{
			jac[(3*i)*nc : (3*i+1)*nc : (3*i+1)*nc],
			jac[(3*i+1)*nc : (3*i+2)*nc : (3*i+2)*nc],
			jac[(3*i+2)*nc : (3*i+3)*nc : (3*i+3)*nc],
		}
		c := int(in.Corr[i])
		if off == 0 {
			copy(p[:], pos[3*c:3*c+3])
			copy(pd[:], posd[rowLen*c:rowLen*c+rowLen])
		} else {
			tr := in.Triangles[3*c : 3*c+3 : 3*c+3]
			a, b, cc := int(tr[0]), int(tr[1]), int(tr[2])
			u0, u1 := in.Us[2*i], in.Us[2*i+1]
			u2 := 1 - u0 - u1
			pa, pb, pc := pos[3*a:3*a+3:3*a+3], pos[3*b:3*b+3:3*b+3], pos[3*cc:3*cc+3:3*cc+3]
			for k := range p {
				p[k] = u0*pa[k] + u1*pb[k] + u2*pc[k]
			}
			da := posd[rowLen*a : rowLen*a+rowLen : rowLen*a+rowLen]
			db := posd[rowLen*b : rowLen*b+rowLen : rowLen*b+rowLen]
			dc := posd[rowLen*cc : rowLen*cc+rowLen : rowLen*cc+rowLen]
			for k := range pd {
				pd[k] = u0*da[k] + u1*db[k] + u2*dc[k]
			}
			va, vb, vc := verts[3*a:3*a+3:3*a+3], verts[3*b:3*b+3:3*b+3], verts[3*cc:3*cc+3:3*cc+3]
			for k := range 3 {
				rows[k][0], rows[k][1] = vc[k]-va[k], vc[k]-vb[k]
			}
		}
		x, y, z := p[0], p[1], p[2]
		for k := range 3 {
			d := &drg[k]
			rows[0][off+k] = -(d[0]*x + d[1]*y + d[2]*z)
			rows[1][off+k] = -(d[3]*x + d[4]*y + d[5]*z)
			rows[2][off+k] = -(d[6]*x + d[7]*y + d[8]*z)
			for j := range 3 {
				rows[j][off+3+k] = 0
			}
			rows[k][off+3+k] = -1
		}
		for t := range htFingers {
			col := off + 6 + t
			if !moves[t] {
				rows[0][col], rows[1][col], rows[2][col] = 0, 0, 0
				continue
			}
			x, y, z := pd[3*t], pd[3*t+1], pd[3*t+2]
			rows[0][col] = -(rg[0]*x + rg[1]*y + rg[2]*z)
			rows[1][col] = -(rg[3]*x + rg[4]*y + rg[5]*z)
			rows[2][col] = -(rg[6]*x + rg[7]*y + rg[8]*z)
		}
	}
}
