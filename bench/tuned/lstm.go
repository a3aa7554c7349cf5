package tuned

import "math"

// LSTMInput is a GradBench lstm problem, flat row-major as the lstm.fut
// entry points take it: Main [2L][4B] (layer ℓ's weights in row 2ℓ and
// biases in row 2ℓ+1, each split into forget, input, output and change
// blocks of B), Extra [3][B] (input weight, output weight, output bias),
// State [2L][B] (layer ℓ's hidden state in row 2ℓ, cell state in 2ℓ+1)
// and Seq [C][B].
type LSTMInput struct {
	L, B, C int
	Main    []float64
	Extra   []float64
	State   []float64
	Seq     []float64
}

func (in *LSTMInput) check() {
	if in.L < 1 || in.B < 1 || in.C < 2 {
		panic("tuned: lstm needs l, b >= 1 and c >= 2")
	}
	need("lstm main", len(in.Main), 8*in.L*in.B)
	need("lstm extra", len(in.Extra), 3*in.B)
	need("lstm state", len(in.State), 2*in.L*in.B)
	need("lstm sequence", len(in.Seq), in.C*in.B)
}

// LSTMWork is the scratch memory of the lstm kernels.
type LSTMWork struct {
	state, x, y []float64
	// tape holds, per step t and layer ℓ, the gates f, i, o, g, tanh of
	// the new cell state, the new cell state and the new hidden state
	// (7 rows of B); soft holds each step's softmax-like weights.
	tape, soft []float64
	adj        []float64
}

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// lstmCell advances one layer's hidden state h and cell state c on input
// x and records the gates and new states in rec (7B).
func lstmCell(w, bias, x, h, c, rec []float64) {
	b := len(x)
	h, c = h[:b], c[:b]
	wf, wi, wo, wc := w[:b], w[b:2*b], w[2*b:3*b], w[3*b:4*b]
	bf, bi, bo, bc := bias[:b], bias[b:2*b], bias[2*b:3*b], bias[3*b:4*b]
	rf, ri, ro, rg := rec[:b], rec[b:2*b], rec[2*b:3*b], rec[3*b:4*b]
	rt, rc, rh := rec[4*b:5*b], rec[5*b:6*b], rec[6*b:7*b]
	wf, wi, wo, wc = wf[:len(x)], wi[:len(x)], wo[:len(x)], wc[:len(x)]
	bf, bi, bo, bc = bf[:len(x)], bi[:len(x)], bo[:len(x)], bc[:len(x)]
	rf, ri, ro, rg = rf[:len(x)], ri[:len(x)], ro[:len(x)], rg[:len(x)]
	rt, rc, rh = rt[:len(x)], rc[:len(x)], rh[:len(x)]
	for j, xj := range x {
		hj := h[j]
		f := sigmoid(xj*wf[j] + bf[j])
		i := sigmoid(hj*wi[j] + bi[j])
		o := sigmoid(xj*wo[j] + bo[j])
		g := math.Tanh(hj*wc[j] + bc[j])
		cj := c[j]*f + i*g
		th := math.Tanh(cj)
		hn := o * th
		c[j], h[j] = cj, hn
		rf[j], ri[j], ro[j], rg[j], rt[j], rc[j], rh[j] = f, i, o, g, th, cj, hn
	}
}

// lstmRun runs the model over the sequence and returns the loss; with a
// tape (the gradient's forward sweep) it records every cell and each
// step's output weights exp(y_j)/(Σ exp(y) + 2).
func lstmRun(in *LSTMInput, w *LSTMWork, record bool) float64 {
	l, b, c := in.L, in.B, in.C
	w.state = grow(w.state, 2*l*b)
	w.x = grow(w.x, b)
	w.y = grow(w.y, b)
	copy(w.state, in.State)
	if record {
		w.tape = grow(w.tape, (c-1)*l*7*b)
		w.soft = grow(w.soft, (c-1)*b)
	} else {
		// The objective records each cell into the same scratch rows.
		w.tape = grow(w.tape, 7*b)
	}
	x, y := w.x[:b:b], w.y[:b:b]
	wIn, wOut, bOut := in.Extra[:b], in.Extra[b:2*b], in.Extra[2*b:3*b]
	wIn, wOut, bOut = wIn[:len(x)], wOut[:len(y)], bOut[:len(y)]
	total := 0.0
	for t := 0; t < c-1; t++ {
		seq := in.Seq[t*b : (t+1)*b]
		seq = seq[:len(x)]
		for j := range x {
			x[j] = seq[j] * wIn[j]
		}
		input := x
		for k := range l {
			h, cs := w.state[2*k*b:(2*k+1)*b], w.state[(2*k+1)*b:(2*k+2)*b]
			rec := w.tape[:7*b]
			if record {
				rec = w.tape[(t*l+k)*7*b : (t*l+k+1)*7*b]
			}
			lstmCell(in.Main[2*k*4*b:(2*k+1)*4*b], in.Main[(2*k+1)*4*b:(2*k+2)*4*b], input, h, cs, rec)
			input = h
		}
		input = input[:len(y)]
		sum := 0.0
		for j := range y {
			yj := input[j]*wOut[j] + bOut[j]
			y[j] = yj
			sum += math.Exp(yj)
		}
		sum += 2
		lse := math.Log(sum)
		gold := in.Seq[(t+1)*b : (t+2)*b]
		gold = gold[:len(y)]
		for j, yj := range y {
			total += gold[j] * (yj - lse)
		}
		if record {
			soft := w.soft[t*b : (t+1)*b]
			soft = soft[:len(y)]
			inv := 1 / sum
			for j, yj := range y {
				soft[j] = math.Exp(yj) * inv
			}
		}
	}
	return -total / float64((c-1)*b)
}

// LSTMObjective is the loss of GradBench lstm.
func LSTMObjective(in *LSTMInput, w *LSTMWork) float64 {
	in.check()
	return lstmRun(in, w, false)
}

// LSTMGradient writes ∂loss/∂Main followed by ∂loss/∂Extra (8LB + 3B
// values, row-major) to g and returns the loss: a forward sweep that
// records every cell, then a reverse sweep over time and layers.
func LSTMGradient(in *LSTMInput, w *LSTMWork, g []float64) float64 {
	in.check()
	l, b, c := in.L, in.B, in.C
	need("lstm gradient", len(g), 8*l*b+3*b)
	loss := lstmRun(in, w, true)
	clear(g)
	gMain, gExtra := g[:8*l*b], g[8*l*b:]
	gIn, gOut, gBias := gExtra[:b], gExtra[b:2*b], gExtra[2*b:3*b]
	wIn, wOut := in.Extra[:b], in.Extra[b:2*b]
	// adj holds the adjoints of each layer's hidden and cell states as the
	// next step uses them, then x̄ (the adjoint of the current layer input)
	// and the input of layer 0.
	w.adj = grow(w.adj, 2*l*b+2*b)
	clear(w.adj)
	xbar, x0 := w.adj[2*l*b:2*l*b+b:2*l*b+b], w.adj[2*l*b+b:2*l*b+2*b:2*l*b+2*b]
	x0 = x0[:len(xbar)]
	gIn, gOut, gBias, wIn, wOut = gIn[:len(xbar)], gOut[:len(xbar)], gBias[:len(xbar)], wIn[:len(xbar)], wOut[:len(xbar)]
	dtotal := -1 / float64((c-1)*b)
	for t := c - 2; t >= 0; t-- {
		gold := in.Seq[(t+1)*b : (t+2)*b]
		gold = gold[:len(xbar)]
		s := 0.0
		for _, v := range gold {
			s += v
		}
		top := w.tape[(t*l+l-1)*7*b : (t*l+l)*7*b]
		xL := top[6*b : 7*b]
		soft := w.soft[t*b : (t+1)*b]
		xL, soft = xL[:len(gold)], soft[:len(gold)]
		for j, v := range gold {
			yb := dtotal * (v - s*soft[j])
			gOut[j] += yb * xL[j]
			gBias[j] += yb
			xbar[j] = yb * wOut[j]
		}
		seq := in.Seq[t*b : (t+1)*b]
		seq = seq[:len(x0)]
		for j := range x0 {
			x0[j] = seq[j] * wIn[j]
		}
		for k := l - 1; k >= 0; k-- {
			rec := w.tape[(t*l+k)*7*b : (t*l+k+1)*7*b]
			f, ig, o, gg, th := rec[:b], rec[b:2*b], rec[2*b:3*b], rec[3*b:4*b], rec[4*b:5*b]
			var hPrev, cPrev []float64
			if t > 0 {
				prev := w.tape[((t-1)*l+k)*7*b : ((t-1)*l+k+1)*7*b]
				cPrev, hPrev = prev[5*b:6*b], prev[6*b:7*b]
			} else {
				hPrev, cPrev = in.State[2*k*b:(2*k+1)*b], in.State[(2*k+1)*b:(2*k+2)*b]
			}
			x := x0
			if k > 0 {
				x = w.tape[(t*l+k-1)*7*b+6*b : (t*l+k)*7*b]
			}
			wt := in.Main[2*k*4*b : (2*k+1)*4*b]
			gw, gb := gMain[2*k*4*b:(2*k+1)*4*b], gMain[(2*k+1)*4*b:(2*k+2)*4*b]
			hbar, cbar := w.adj[2*k*b:(2*k+1)*b], w.adj[(2*k+1)*b:(2*k+2)*b]
			n := len(xbar)
			f, ig, o, gg, th = f[:n], ig[:n], o[:n], gg[:n], th[:n]
			hPrev, cPrev, x, hbar, cbar = hPrev[:n], cPrev[:n], x[:n], hbar[:n], cbar[:n]
			wf, wi, wo, wc := wt[:n], wt[b:b+n], wt[2*b:2*b+n], wt[3*b:3*b+n]
			gwf, gwi, gwo, gwc := gw[:n], gw[b:b+n], gw[2*b:2*b+n], gw[3*b:3*b+n]
			gbf, gbi, gbo, gbc := gb[:n], gb[b:b+n], gb[2*b:2*b+n], gb[3*b:3*b+n]
			wf, wi, wo, wc = wf[:n], wi[:n], wo[:n], wc[:n]
			gwf, gwi, gwo, gwc = gwf[:n], gwi[:n], gwo[:n], gwc[:n]
			gbf, gbi, gbo, gbc = gbf[:n], gbi[:n], gbo[:n], gbc[:n]
			for j, xb := range xbar {
				fj, ij, oj, gj, tj := f[j], ig[j], o[j], gg[j], th[j]
				hb := xb + hbar[j]
				cb := cbar[j] + hb*oj*(1-tj*tj)
				af := cb * cPrev[j] * fj * (1 - fj)
				ai := cb * gj * ij * (1 - ij)
				ao := hb * tj * oj * (1 - oj)
				ag := cb * ij * (1 - gj*gj)
				xj, hj := x[j], hPrev[j]
				gwf[j] += af * xj
				gwi[j] += ai * hj
				gwo[j] += ao * xj
				gwc[j] += ag * hj
				gbf[j] += af
				gbi[j] += ai
				gbo[j] += ao
				gbc[j] += ag
				xbar[j] = af*wf[j] + ao*wo[j]
				hbar[j] = ai*wi[j] + ag*wc[j]
				cbar[j] = cb * fj
			}
		}
		for j, xb := range xbar {
			gIn[j] += xb * seq[j]
		}
	}
	return loss
}
