package oracle

import "math"

// GMMInput is a gmm workload (GRADBENCH.md §2.2). Matrices are flat,
// row-major: Mu and Q are K×D, L is K×D(D-1)/2, X is N×D.
type GMMInput struct {
	D, K, N int
	Alpha   []float64
	Mu, Q   []float64
	L       []float64
	X       []float64
	Gamma   float64
	M       int
}

// GMMGrad holds ∂F/∂α, ∂F/∂μ, ∂F/∂q and ∂F/∂l, shaped like the inputs.
type GMMGrad struct{ Alpha, Mu, Q, L []float64 }

// GMMDims are the standard (D, K) pairs; N is 1000 or 10000.
var (
	GMMDs = []int{2, 10, 20, 32, 64}
	GMMKs = []int{5, 10, 25, 50, 100, 200}
	GMMNs = []int{1000, 10000}
)

// GenGMM generates a gmm input: x, α, q, l standard normal, μ uniform on [0,1), m = 0, γ = 1.
func GenGMM(d, k, n int) GMMInput {
	r := newRand()
	x := normal(r, n*d)
	alpha := normal(r, k)
	mu := uniform(r, k*d)
	q := normal(r, k*d)
	l := normal(r, k*d*(d-1)/2)
	return GMMInput{D: d, K: k, N: n, Alpha: alpha, Mu: mu, Q: q, L: l, X: x, Gamma: 1, M: 0}
}

// triIndex is the index in l of Q[i][j], i > j (column-by-column packing).
func triIndex(d, i, j int) int { return j*d - j*(j+1)/2 + (i - j - 1) }

func logsumexp(v []float64) float64 { return LSE(v) }

// gmmPrior is K·C − Σ_k [(γ²/2)‖Q_k‖_F² − m Σ_j q_kj], the Wishart log-prior.
func gmmPrior(in GMMInput) float64 {
	d, t := in.D, in.D*(in.D-1)/2
	nu := float64(in.D + in.M + 1)
	lgd := float64(d*(d-1)) / 4 * math.Log(math.Pi)
	for j := 1; j <= d; j++ {
		lg, _ := math.Lgamma(nu/2 + float64(1-j)/2)
		lgd += lg
	}
	c := nu*float64(d)*(math.Log(in.Gamma)-0.5*math.Log(2)) - lgd
	p := float64(in.K) * c
	for k := 0; k < in.K; k++ {
		frob, sq := 0.0, 0.0
		for j := 0; j < d; j++ {
			e := math.Exp(in.Q[k*d+j])
			frob += e * e
			sq += in.Q[k*d+j]
		}
		for _, v := range in.L[k*t : (k+1)*t] {
			frob += v * v
		}
		p -= in.Gamma*in.Gamma/2*frob - float64(in.M)*sq
	}
	return p
}

// gmmPass computes F and, if g is non-nil, accumulates its gradient into g.
func gmmPass(in GMMInput, g *GMMGrad) float64 {
	d, k, n, t := in.D, in.K, in.N, in.D*(in.D-1)/2
	sumq := make([]float64, k)
	for c := 0; c < k; c++ {
		for j := 0; j < d; j++ {
			sumq[c] += in.Q[c*d+j]
		}
	}
	beta := make([]float64, k)
	zs := make([]float64, k*d)
	ys := make([]float64, k*d)
	total := -float64(n*d) / 2 * math.Log(2*math.Pi)
	for i := 0; i < n; i++ {
		xi := in.X[i*d : (i+1)*d]
		for c := 0; c < k; c++ {
			z, y := zs[c*d:(c+1)*d], ys[c*d:(c+1)*d]
			q, l := in.Q[c*d:(c+1)*d], in.L[c*t:(c+1)*t]
			for j := range z {
				z[j] = xi[j] - in.Mu[c*d+j]
			}
			ss := 0.0
			for a := 0; a < d; a++ {
				y[a] = math.Exp(q[a]) * z[a]
				for b := 0; b < a; b++ {
					y[a] += l[triIndex(d, a, b)] * z[b]
				}
				ss += y[a] * y[a]
			}
			beta[c] = in.Alpha[c] + sumq[c] - 0.5*ss
		}
		lse := logsumexp(beta)
		total += lse
		if g == nil {
			continue
		}
		// ∂lse/∂β_c is the responsibility r_c; chain through β's parts.
		for c := 0; c < k; c++ {
			rc := math.Exp(beta[c] - lse)
			z, y := zs[c*d:(c+1)*d], ys[c*d:(c+1)*d]
			q, l := in.Q[c*d:(c+1)*d], in.L[c*t:(c+1)*t]
			g.Alpha[c] += rc
			for a := 0; a < d; a++ {
				ea := math.Exp(q[a])
				// ∂β/∂μ = Qᵀy; ∂β/∂q_a = 1 − y_a z_a e^{q_a}; ∂β/∂Q[a][b] = −y_a z_b.
				g.Mu[c*d+a] += rc * ea * y[a]
				g.Q[c*d+a] += rc * (1 - y[a]*z[a]*ea)
				for b := 0; b < a; b++ {
					ti := triIndex(d, a, b)
					g.Mu[c*d+b] += rc * l[ti] * y[a]
					g.L[c*t+ti] -= rc * y[a] * z[b]
				}
			}
		}
	}
	total -= float64(n) * logsumexp(in.Alpha)
	if g != nil {
		la := logsumexp(in.Alpha)
		g2 := in.Gamma * in.Gamma
		for c := 0; c < k; c++ {
			g.Alpha[c] -= float64(n) * math.Exp(in.Alpha[c]-la)
			for j := 0; j < d; j++ {
				e := math.Exp(in.Q[c*d+j])
				g.Q[c*d+j] += -g2*e*e + float64(in.M)
			}
			for ti := 0; ti < t; ti++ {
				g.L[c*t+ti] -= g2 * in.L[c*t+ti]
			}
		}
	}
	return total + gmmPrior(in)
}

// GMMObjective is the log posterior F of GRADBENCH.md §2.2.
func GMMObjective(in GMMInput) float64 { return gmmPass(in, nil) }

// GMMGradient is the hand-derived gradient of F.
func GMMGradient(in GMMInput) GMMGrad {
	g := GMMGrad{
		Alpha: make([]float64, len(in.Alpha)),
		Mu:    make([]float64, len(in.Mu)),
		Q:     make([]float64, len(in.Q)),
		L:     make([]float64, len(in.L)),
	}
	gmmPass(in, &g)
	return g
}
