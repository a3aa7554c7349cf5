package corpus

import (
	"math"

	"github.com/fluxion-lang/fluxion/rad"
	"github.com/fluxion-lang/fluxion/trace"
)

// GMM is the Gaussian mixture model objective of GradBench's gmm eval
// (the project's bench/gmm program) for k components of dimension d and n
// points, with gamma 1 and m 0; x = alpha (k) ++ mu (k x d) ++ q (k x d) ++
// l (k x d(d-1)/2), where component j's Q is lower-triangular with
// diagonal exp(q_j) and strict lower part l_j, column by column.
func GMM(d, k, n int) Case {
	r := rng(7)
	nt := d * (d - 1) / 2
	alpha := normal(r, k)
	mu := uniform(r, k*d, 0, 1)
	q := normal(r, k*d)
	l := normal(r, k*nt)
	for i := range q {
		q[i] *= 0.3
	}
	for i := range l {
		l[i] *= 0.3
	}
	xs := normal(r, n*d)
	x := append(append(append(append([]float64(nil), alpha...), mu...), q...), l...)
	oMu, oQ, oL := k, k+k*d, k+2*k*d
	const gamma, m = 1.0, 0
	c := Case{Name: "gmm", X: x, File: "bench/gmm/gmm.fut", Value: "objective", Grad: "jacobian",
		Args: []Arg{
			{Kind: Param, Lo: 0, Shape: []int{k}},
			{Kind: Param, Lo: oMu, Shape: []int{k, d}},
			{Kind: Param, Lo: oQ, Shape: []int{k, d}},
			{Kind: Param, Lo: oL, Shape: []int{k, nt}},
			{Kind: Array, Data: xs, Shape: []int{n, d}},
			{Kind: F64, Data: []float64{gamma}},
			{Kind: I64, Int: m},
		}}
	// tri is the index in l_j of Q_j[row][col], row > col.
	tri := func(row, col int) int { return col*d - col*(col+1)/2 + (row - col - 1) }
	consts := -float64(n*d)*0.5*math.Log(2*math.Pi) + float64(k)*wishartConst(d, gamma, m)

	c.Trace = func(tt *trace.Tracer, x trace.Array) trace.Scalar {
		p := tt.Scalars(x)
		alpha, mu, q, l := p[:oMu], p[oMu:oQ], p[oQ:oL], p[oL:]
		expq := make([]trace.Scalar, k*d)
		sumq := make([]trace.Scalar, k)
		for j := range k {
			sumq[j] = trace.Const(0)
			for i := range d {
				expq[j*d+i] = tt.Exp(q[j*d+i])
				sumq[j] = tt.Add(sumq[j], q[j*d+i])
			}
		}
		per := tt.MapN([]trace.Array{tt.Reshape(trace.ConstArray(xs), n, d)}, 1, func(t *trace.Tracer, xi []trace.Scalar) []trace.Scalar {
			beta := make([]trace.Scalar, k)
			z := make([]trace.Scalar, d)
			for j := range k {
				for i := range d {
					z[i] = t.Sub(xi[i], mu[j*d+i])
				}
				sq := trace.Const(0)
				for row := range d {
					y := t.Mul(expq[j*d+row], z[row])
					for col := range row {
						y = t.Add(y, t.Mul(l[j*nt+tri(row, col)], z[col]))
					}
					sq = t.Add(sq, t.Square(y))
				}
				beta[j] = t.Sub(t.Add(alpha[j], sumq[j]), t.MulF(sq, 0.5))
			}
			return []trace.Scalar{lseScalars(t, beta)}
		})
		prior := trace.Const(0)
		for j := range k {
			frob := trace.Const(0)
			for i := range d {
				frob = tt.Add(frob, tt.Square(expq[j*d+i]))
			}
			for i := range nt {
				frob = tt.Add(frob, tt.Square(l[j*nt+i]))
			}
			prior = tt.Sub(prior, tt.Sub(tt.MulF(frob, 0.5*gamma*gamma), tt.MulF(sumq[j], m)))
		}
		obj := tt.Sub(tt.Sum(per), tt.MulF(lseScalars(tt, alpha), float64(n)))
		return tt.AddF(tt.Add(obj, prior), consts)
	}

	c.Plain = func(x []float64) float64 {
		alpha, mu, q, l := x[:oMu], x[oMu:oQ], x[oQ:oL], x[oL:]
		sumq := make([]float64, k)
		for j := range k {
			for i := range d {
				sumq[j] += q[j*d+i]
			}
		}
		total := 0.0
		beta := make([]float64, k)
		z := make([]float64, d)
		for pt := range n {
			xi := xs[pt*d : (pt+1)*d]
			for j := range k {
				for i := range d {
					z[i] = xi[i] - mu[j*d+i]
				}
				sq := 0.0
				for row := range d {
					y := math.Exp(q[j*d+row]) * z[row]
					for col := range row {
						y += l[j*nt+tri(row, col)] * z[col]
					}
					sq += y * y
				}
				beta[j] = alpha[j] + sumq[j] - 0.5*sq
			}
			total += lsePlain(beta)
		}
		prior := 0.0
		for j := range k {
			frob := 0.0
			for i := range d {
				e := math.Exp(q[j*d+i])
				frob += e * e
			}
			for i := range nt {
				frob += l[j*nt+i] * l[j*nt+i]
			}
			prior -= 0.5*gamma*gamma*frob - m*sumq[j]
		}
		return total - float64(n)*lsePlain(alpha) + prior + consts
	}

	c.Rad = func(tt *rad.Task, x []rad.Num) rad.Num {
		alpha, mu, q, l := x[:oMu], x[oMu:oQ], x[oQ:oL], x[oL:]
		expq := make([]rad.Num, k*d)
		sumq := make([]rad.Num, k)
		for j := range k {
			for i := range d {
				expq[j*d+i] = tt.Exp(q[j*d+i])
			}
			sumq[j] = tt.Sum(q[j*d : (j+1)*d])
		}
		per := rad.ParMap(tt, n, func(t *rad.Task, pt int) rad.Num {
			xi := xs[pt*d : (pt+1)*d]
			beta := make([]rad.Num, k)
			z := make([]rad.Num, d)
			ys := make([]rad.Num, d)
			for j := range k {
				for i := range d {
					z[i] = t.FSub(xi[i], mu[j*d+i])
				}
				for row := range d {
					y := t.Mul(expq[j*d+row], z[row])
					for col := range row {
						y = t.Add(y, t.Mul(l[j*nt+tri(row, col)], z[col]))
					}
					ys[row] = y
				}
				beta[j] = t.Sub(t.Add(alpha[j], sumq[j]), t.MulF(t.Dot(ys, ys), 0.5))
			}
			return lseRad(t, beta)
		})
		prior := rad.Const(0)
		for j := range k {
			frob := tt.Add(tt.Dot(expq[j*d:(j+1)*d], expq[j*d:(j+1)*d]), tt.Dot(l[j*nt:(j+1)*nt], l[j*nt:(j+1)*nt]))
			prior = tt.Sub(prior, tt.Sub(tt.MulF(frob, 0.5*gamma*gamma), tt.MulF(sumq[j], m)))
		}
		obj := tt.Sub(tt.Sum(per), tt.MulF(lseRad(tt, alpha), float64(n)))
		return tt.AddF(tt.Add(obj, prior), consts)
	}
	return c
}

// wishartConst is the constant C of the Wishart prior: nu*d*(log gamma -
// log(2)/2) - log Gamma_d(nu/2), nu = d + m + 1.
func wishartConst(d int, gamma float64, m int) float64 {
	nu := float64(d + m + 1)
	lgd := float64(d*(d-1)) / 4 * math.Log(math.Pi)
	for j := 1; j <= d; j++ {
		lg, _ := math.Lgamma(nu/2 + float64(1-j)/2)
		lgd += lg
	}
	return nu*float64(d)*(math.Log(gamma)-0.5*math.Log(2)) - lgd
}
