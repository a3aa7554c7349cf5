package oracle

import "math"

// LSTMInput is an lstm workload (GRADBENCH.md §2.5), matrices flat row-major:
// Main is 2L×4B, Extra 3×B, State 2L×B and Seq C×B.
type LSTMInput struct {
	L, B, C int
	Main    []float64
	Extra   []float64
	State   []float64
	Seq     []float64
}

// Standard lstm sizes: every L with every C, and B = 14.
var (
	LSTMLs = []int{2, 4, 6}
	LSTMCs = []int{1024, 4096, 8192}
)

// LSTMB is the hidden size of the standard workloads.
const LSTMB = 14

// GenLSTM draws parameters and state uniform on [0, 1) and a sequence of
// random bits (GradBench encodes text as bits; any 0/1 data exercises the same code).
func GenLSTM(l, b, c int) LSTMInput {
	r := newRand()
	in := LSTMInput{L: l, B: b, C: c,
		Main: uniform(r, 2*l*4*b), Extra: uniform(r, 3*b), State: uniform(r, 2*l*b)}
	in.Seq = make([]float64, c*b)
	for i := range in.Seq {
		in.Seq[i] = float64(r.IntN(2))
	}
	return in
}

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// lstmCell is what the forward pass keeps of one layer at one time step.
type lstmCell struct {
	x, h, c       []float64 // inputs: layer input, previous hidden and cell state
	f, i, o, g, t []float64 // gates and tanh of the new cell state
}

// lstmForward runs the model, returning the loss, every cell and each step's output layer input.
func lstmForward(in LSTMInput) (float64, [][]lstmCell) {
	b, l := in.B, in.L
	hs := make([][]float64, l)
	cs := make([][]float64, l)
	for k := range l {
		hs[k] = append([]float64(nil), in.State[(2*k)*b:(2*k+1)*b]...)
		cs[k] = append([]float64(nil), in.State[(2*k+1)*b:(2*k+2)*b]...)
	}
	wIn, wOut, bOut := in.Extra[:b], in.Extra[b:2*b], in.Extra[2*b:]
	total := 0.0
	cells := make([][]lstmCell, in.C-1)
	for t := 0; t < in.C-1; t++ {
		x := make([]float64, b)
		for j := range x {
			x[j] = in.Seq[t*b+j] * wIn[j]
		}
		cells[t] = make([]lstmCell, l)
		for k := range l {
			w, bias := in.Main[(2*k)*4*b:(2*k+1)*4*b], in.Main[(2*k+1)*4*b:(2*k+2)*4*b]
			cl := lstmCell{x: x, h: hs[k], c: cs[k]}
			cl.f, cl.i, cl.o, cl.g, cl.t = make([]float64, b), make([]float64, b), make([]float64, b), make([]float64, b), make([]float64, b)
			nc, nh := make([]float64, b), make([]float64, b)
			for j := range b {
				cl.f[j] = sigmoid(x[j]*w[j] + bias[j])
				cl.i[j] = sigmoid(cl.h[j]*w[b+j] + bias[b+j])
				cl.o[j] = sigmoid(x[j]*w[2*b+j] + bias[2*b+j])
				cl.g[j] = math.Tanh(cl.h[j]*w[3*b+j] + bias[3*b+j])
				nc[j] = cl.c[j]*cl.f[j] + cl.i[j]*cl.g[j]
				cl.t[j] = math.Tanh(nc[j])
				nh[j] = cl.o[j] * cl.t[j]
			}
			cells[t][k] = cl
			hs[k], cs[k], x = nh, nc, nh
		}
		sum := 2.0
		y := make([]float64, b)
		for j := range b {
			y[j] = x[j]*wOut[j] + bOut[j]
			sum += math.Exp(y[j])
		}
		lse := math.Log(sum)
		for j := range b {
			total += in.Seq[(t+1)*b+j] * (y[j] - lse)
		}
	}
	return -total / float64((in.C-1)*b), cells
}

// LSTMObjective is the loss of GRADBENCH.md §2.5.
func LSTMObjective(in LSTMInput) float64 {
	loss, _ := lstmForward(in)
	return loss
}

// LSTMGradient is ∂loss/∂Main followed by ∂loss/∂Extra, flat row-major,
// by a hand-written reverse sweep over time and layers.
func LSTMGradient(in LSTMInput) []float64 {
	b, l := in.B, in.L
	_, cells := lstmForward(in)
	gMain := make([]float64, len(in.Main))
	gExtra := make([]float64, len(in.Extra))
	wOut := in.Extra[b : 2*b]
	hbar := make([][]float64, l) // adjoints of the states carried to the next step
	cbar := make([][]float64, l)
	for k := range l {
		hbar[k], cbar[k] = make([]float64, b), make([]float64, b)
	}
	dtotal := -1 / float64((in.C-1)*b)
	for t := in.C - 2; t >= 0; t-- {
		top := cells[t][l-1]
		xL := make([]float64, b)
		sum, s := 2.0, 0.0
		for j := range b {
			xL[j] = top.o[j] * top.t[j]
			sum += math.Exp(xL[j]*wOut[j] + in.Extra[2*b+j])
			s += in.Seq[(t+1)*b+j]
		}
		xbar := make([]float64, b)
		for j := range b {
			// ∂/∂y_j of Σ s_k (y_k − lse) is s_j − S·exp(y_j)/(Σ exp + 2).
			ybar := dtotal * (in.Seq[(t+1)*b+j] - s*math.Exp(xL[j]*wOut[j]+in.Extra[2*b+j])/sum)
			gExtra[b+j] += ybar * xL[j]
			gExtra[2*b+j] += ybar
			xbar[j] = ybar * wOut[j]
		}
		for k := l - 1; k >= 0; k-- {
			cl := cells[t][k]
			w := in.Main[(2*k)*4*b : (2*k+1)*4*b]
			gw, gb := gMain[(2*k)*4*b:(2*k+1)*4*b], gMain[(2*k+1)*4*b:(2*k+2)*4*b]
			below := make([]float64, b)
			for j := range b {
				hb := xbar[j] + hbar[k][j]
				cb := cbar[k][j] + hb*cl.o[j]*(1-cl.t[j]*cl.t[j])
				af := cb * cl.c[j] * cl.f[j] * (1 - cl.f[j])
				ai := cb * cl.g[j] * cl.i[j] * (1 - cl.i[j])
				ao := hb * cl.t[j] * cl.o[j] * (1 - cl.o[j])
				ag := cb * cl.i[j] * (1 - cl.g[j]*cl.g[j])
				gw[j] += af * cl.x[j]
				gw[b+j] += ai * cl.h[j]
				gw[2*b+j] += ao * cl.x[j]
				gw[3*b+j] += ag * cl.h[j]
				gb[j] += af
				gb[b+j] += ai
				gb[2*b+j] += ao
				gb[3*b+j] += ag
				below[j] = af*w[j] + ao*w[2*b+j]
				hbar[k][j] = ai*w[b+j] + ag*w[3*b+j]
				cbar[k][j] = cb * cl.f[j]
			}
			xbar = below
		}
		for j := range b {
			gExtra[j] += xbar[j] * in.Seq[t*b+j]
		}
	}
	return append(gMain, gExtra...)
}
