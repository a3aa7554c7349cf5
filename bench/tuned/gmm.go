package tuned

import "math"

// GMMInput is a GradBench gmm problem, flat row-major as the gmm.fut entry
// points take it: Alpha [K], Mu and Q [K][D], L [K][D(D−1)/2] (the strictly
// lower part of each Q_k, packed column by column), X [N][D].
type GMMInput struct {
	D, K, N int
	Alpha   []float64
	Mu, Q   []float64
	L       []float64
	X       []float64
	Gamma   float64
	M       int
}

func (in *GMMInput) check() {
	if in.D < 1 || in.K < 1 || in.N < 1 {
		panic("tuned: gmm needs d, k, n >= 1")
	}
	d, k, t := in.D, in.K, in.D*(in.D-1)/2
	need("gmm alpha", len(in.Alpha), k)
	need("gmm mu", len(in.Mu), k*d)
	need("gmm q", len(in.Q), k*d)
	need("gmm l", len(in.L), k*t)
	need("gmm x", len(in.X), in.N*d)
}

// GMMWork is the scratch memory of the gmm kernels.
type GMMWork struct {
	qdiag, sumq []float64
	beta        []float64 // [N][K]: β_ik
	xc, qx      []float64 // [D]
	xcs, qxs    []float64 // [K][D]: the gradient's xc and qx of every component
}

func (w *GMMWork) prepare(in *GMMInput) {
	d, k := in.D, in.K
	w.qdiag = grow(w.qdiag, k*d)
	w.sumq = grow(w.sumq, k)
	w.beta = grow(w.beta, in.N*k)
	w.xc = grow(w.xc, d)
	w.qx = grow(w.qx, d)
	w.xcs = grow(w.xcs, k*d)
	w.qxs = grow(w.qxs, k*d)
	for i, q := range in.Q {
		w.qdiag[i] = math.Exp(q)
	}
	for c := range k {
		s := 0.0
		for _, q := range in.Q[c*d : (c+1)*d] {
			s += q
		}
		w.sumq[c] = s
	}
}

// gmmBetas computes β = base − ½‖Q(x − μ)‖² for each point x of xs
// (len(mu) coordinates each) into beta[0], beta[stride], …, where Q is
// lower triangular with diagonal diag and strictly lower part l packed by
// columns. It leaves the last point's x − μ in xc and Q(x − μ) in qx. Q's
// columns go four at a time, each adding its contribution to every qx[j]
// in column order, as one column at a time would. Taking many points per
// call matters for small d, where a call costs as much as the arithmetic.
func gmmBetas(diag, l, mu, xs []float64, base float64, beta []float64, stride int, xc, qx []float64) {
	d := len(mu)
	diag, xc, qx = diag[:d], xc[:d], qx[:d]
	for p := 0; p*d < len(xs); p++ {
		xi := xs[p*d : (p+1)*d]
		xi = xi[:len(mu)]
		for j, v := range xi {
			c := v - mu[j]
			xc[j] = c
			qx[j] = diag[j] * c
		}
		off, i := 0, 0
		for ; i+4 <= d; i += 4 {
			n0 := d - i - 1 // length of column i
			c0 := l[off : off+n0]
			c1 := l[off+n0 : off+2*n0-1]
			c2 := l[off+2*n0-1 : off+3*n0-3]
			c3 := l[off+3*n0-3 : off+4*n0-6]
			off += 4*n0 - 6
			x0, x1, x2, x3 := xc[i], xc[i+1], xc[i+2], xc[i+3]
			// Rows i+1…i+3 meet fewer than four of the columns (n0 >= 3).
			qx[i+1] += c0[0] * x0
			qx[i+2] += c0[1] * x0
			qx[i+2] += c1[0] * x1
			qx[i+3] += c0[2] * x0
			qx[i+3] += c1[1] * x1
			qx[i+3] += c2[0] * x2
			o := qx[i+4:]
			c0, c1, c2, c3 = c0[3:], c1[2:], c2[1:], c3[:len(o)]
			c0, c1, c2 = c0[:len(o)], c1[:len(o)], c2[:len(o)]
			for j := range o {
				o[j] = o[j] + c0[j]*x0 + c1[j]*x1 + c2[j]*x2 + c3[j]*x3
			}
		}
		for ; i < d; i++ {
			n := d - i - 1
			c := l[off : off+n]
			off += n
			x := xc[i]
			o := qx[i+1:]
			c = c[:len(o)]
			for j := range o {
				o[j] += c[j] * x
			}
		}
		ss := 0.0
		for _, v := range qx {
			ss += v * v
		}
		beta[p*stride] = base - 0.5*ss
	}
}

// qtAdd adds Qᵀt to gm and −t xcᵀ's strictly lower part (packed by
// columns, like l) to gl. Column b of Q gives both: gm[b] gets
// diag[b] t[b] + Σ_{a>b} Q[a][b] t[a], and gl's column b gets −t[a] xc[b].
// Columns go four at a time so that four independent sums advance
// together; each is still summed in row order.
func qtAdd(diag, l, xc, t, gm, gl []float64) {
	d := len(t)
	diag, xc, gm = diag[:d], xc[:d], gm[:d]
	off, b := 0, 0
	for ; b+4 <= d; b += 4 {
		n0 := d - b - 1
		c0, g0 := l[off:off+n0], gl[off:off+n0]
		c1, g1 := l[off+n0:off+2*n0-1], gl[off+n0:off+2*n0-1]
		c2, g2 := l[off+2*n0-1:off+3*n0-3], gl[off+2*n0-1:off+3*n0-3]
		c3, g3 := l[off+3*n0-3:off+4*n0-6], gl[off+3*n0-3:off+4*n0-6]
		off += 4*n0 - 6
		x0, x1, x2, x3 := xc[b], xc[b+1], xc[b+2], xc[b+3]
		t1, t2, t3 := t[b+1], t[b+2], t[b+3]
		s0 := diag[b] * t[b]
		s1 := diag[b+1] * t1
		s2 := diag[b+2] * t2
		s3 := diag[b+3] * t3
		// Rows b+1…b+3 meet fewer than four of the columns.
		s0 += c0[0] * t1
		g0[0] -= t1 * x0
		s0 += c0[1] * t2
		g0[1] -= t2 * x0
		s1 += c1[0] * t2
		g1[0] -= t2 * x1
		s0 += c0[2] * t3
		g0[2] -= t3 * x0
		s1 += c1[1] * t3
		g1[1] -= t3 * x1
		s2 += c2[0] * t3
		g2[0] -= t3 * x2
		tb := t[b+4:]
		c0, c1, c2, c3 = c0[3:], c1[2:], c2[1:], c3[:len(tb)]
		g0, g1, g2, g3 = g0[3:], g1[2:], g2[1:], g3[:len(tb)]
		c0, c1, c2 = c0[:len(tb)], c1[:len(tb)], c2[:len(tb)]
		g0, g1, g2 = g0[:len(tb)], g1[:len(tb)], g2[:len(tb)]
		for a, ta := range tb {
			s0 += c0[a] * ta
			s1 += c1[a] * ta
			s2 += c2[a] * ta
			s3 += c3[a] * ta
			g0[a] -= ta * x0
			g1[a] -= ta * x1
			g2[a] -= ta * x2
			g3[a] -= ta * x3
		}
		gm[b] += s0
		gm[b+1] += s1
		gm[b+2] += s2
		gm[b+3] += s3
	}
	for ; b < d; b++ {
		n := d - b - 1
		col, gcol := l[off:off+n], gl[off:off+n]
		off += n
		tb := t[b+1:]
		col, gcol = col[:len(tb)], gcol[:len(tb)]
		xb := xc[b]
		s := diag[b] * t[b]
		for a, ta := range tb {
			s += col[a] * ta
			gcol[a] -= ta * xb
		}
		gm[b] += s
	}
}

// gmmBlock is the number of points whose coordinates fit in 16 KB: the
// kernels take the points in blocks of this size and, within a block,
// component by component, so that both the block and Q_k stay in cache (one
// point at a time, all of Q_1…Q_K would stream from memory for every point).
func gmmBlock(d int) int { return max(1, 2048/d) }

// gmmAllBetas fills w.beta with every β_ik.
func gmmAllBetas(in *GMMInput, w *GMMWork) {
	d, k, t, bs := in.D, in.K, in.D*(in.D-1)/2, gmmBlock(in.D)
	for i0 := 0; i0 < in.N; i0 += bs {
		i1 := min(i0+bs, in.N)
		for c := range k {
			gmmBetas(w.qdiag[c*d:(c+1)*d], in.L[c*t:(c+1)*t], in.Mu[c*d:(c+1)*d], in.X[i0*d:i1*d],
				in.Alpha[c]+w.sumq[c], w.beta[i0*k+c:], k, w.xc, w.qx)
		}
	}
}

// maxOf returns the maximum of a non-empty slice.
func maxOf(v []float64) float64 {
	m := v[0]
	for _, x := range v[1:] {
		if x > m {
			m = x
		}
	}
	return m
}

// logSumExp is max(v) + log Σ exp(v − max(v)).
func logSumExp(v []float64) float64 {
	m := maxOf(v)
	s := 0.0
	for _, x := range v {
		s += math.Exp(x - m)
	}
	return math.Log(s) + m
}

// gmmConstants returns −ND/2·log 2π − N·lse(α) + the Wishart log-prior.
func gmmConstants(in *GMMInput, w *GMMWork) float64 {
	d, k, t := in.D, in.K, in.D*(in.D-1)/2
	nu := d + in.M + 1
	lgd := 0.25 * float64(d*(d-1)) * math.Log(math.Pi)
	for j := 1; j <= d; j++ {
		lg, _ := math.Lgamma(0.5*float64(nu) + 0.5*float64(1-j))
		lgd += lg
	}
	c := float64(nu*d)*(math.Log(in.Gamma)-0.5*math.Log(2)) - lgd
	prior := 0.0
	for i := range k {
		frob := 0.0
		for _, e := range w.qdiag[i*d : (i+1)*d] {
			frob += e * e
		}
		for _, v := range in.L[i*t : (i+1)*t] {
			frob += v * v
		}
		prior += 0.5*in.Gamma*in.Gamma*frob - float64(in.M)*w.sumq[i]
	}
	return -float64(in.N*d)*0.5*math.Log(2*math.Pi) - float64(in.N)*logSumExp(in.Alpha) - prior + float64(k)*c
}

// GMMObjective is the log posterior F of GradBench gmm.
func GMMObjective(in *GMMInput, w *GMMWork) float64 {
	in.check()
	w.prepare(in)
	k := in.K
	gmmAllBetas(in, w)
	slse := 0.0
	for i := range in.N {
		slse += logSumExp(w.beta[i*k : (i+1)*k])
	}
	return slse + gmmConstants(in, w)
}

// GMMGradient writes ∂F/∂α, ∂F/∂μ, ∂F/∂q and ∂F/∂l (shaped like the
// inputs) and returns F, by the hand-derived gradient: for point i and
// component k, the responsibility r_ik = softmax_k(β_ik) scales
// t = r_ik Q_k(x_i − μ_k), and one pass over Q_k's columns adds Q_kᵀt to
// ∂μ_k and −t (x_i − μ_k)ᵀ's lower part to ∂l_k.
//
// Most responsibilities are tiny, and many of these products are subnormal
// numbers, which cost the processor far more than normal ones; like the C++
// tool, this kernel keeps IEEE arithmetic and pays for them.
func GMMGradient(in *GMMInput, w *GMMWork, gAlpha, gMu, gQ, gL []float64) float64 {
	in.check()
	d, k, t := in.D, in.K, in.D*(in.D-1)/2
	need("gmm alpha gradient", len(gAlpha), k)
	need("gmm mu gradient", len(gMu), k*d)
	need("gmm q gradient", len(gQ), k*d)
	need("gmm l gradient", len(gL), k*t)
	w.prepare(in)
	clear(gAlpha)
	clear(gMu)
	clear(gQ)
	clear(gL)
	// Point by point: every β_ik (keeping x_i − μ_k and Q_k(x_i − μ_k) of
	// each component), the responsibilities, then each component's share.
	xcs, qxs := w.xcs, w.qxs
	slse := 0.0
	for i := range in.N {
		xi := in.X[i*d : (i+1)*d]
		beta := w.beta[:k]
		for c := range beta {
			gmmBetas(w.qdiag[c*d:(c+1)*d], in.L[c*t:(c+1)*t], in.Mu[c*d:(c+1)*d], xi,
				in.Alpha[c]+w.sumq[c], beta[c:], 1, xcs[c*d:(c+1)*d], qxs[c*d:(c+1)*d])
		}
		m := maxOf(beta)
		sum := 0.0
		for c, b := range beta {
			e := math.Exp(b - m)
			beta[c] = e
			sum += e
		}
		slse += math.Log(sum) + m
		inv := 1 / sum
		for c := range beta {
			r := beta[c] * inv
			gAlpha[c] += r
			diag := w.qdiag[c*d : (c+1)*d]
			xc := xcs[c*d : (c+1)*d]
			tv := qxs[c*d : (c+1)*d] // becomes t = r·Q(x − μ) in place
			gm, gq := gMu[c*d:(c+1)*d], gQ[c*d:(c+1)*d]
			diag, xc, gm, gq = diag[:len(tv)], xc[:len(tv)], gm[:len(tv)], gq[:len(tv)]
			for j := range tv {
				tj := r * tv[j]
				tv[j] = tj
				gq[j] += r - diag[j]*xc[j]*tj
			}
			qtAdd(diag, in.L[c*t:(c+1)*t], xc, tv, gm, gL[c*t:(c+1)*t])
		}
	}
	la := logSumExp(in.Alpha)
	g2 := in.Gamma * in.Gamma
	fm, fn := float64(in.M), float64(in.N)
	for c := range k {
		gAlpha[c] -= fn * math.Exp(in.Alpha[c]-la)
		diag, gq := w.qdiag[c*d:(c+1)*d], gQ[c*d:(c+1)*d]
		gq = gq[:len(diag)]
		for j, e := range diag {
			gq[j] -= g2*e*e - fm
		}
		l, gl := in.L[c*t:(c+1)*t], gL[c*t:(c+1)*t]
		gl = gl[:len(l)]
		for j, v := range l {
			gl[j] -= g2 * v
		}
	}
	return slse + gmmConstants(in, w)
}
