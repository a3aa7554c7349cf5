// Package corpus is the test and benchmark corpus of package trace: the
// functions of issue 17 (dot product, matrix-vector product, a two-layer
// perceptron with softmax cross-entropy, log-sum-exp, the k-means cost,
// the GMM objective, bouncing particles) written with package trace, in
// plain Go, with package rad, and in Fluxion, on the same flat parameter
// vector.
package corpus

import (
	"math"
	"math/rand/v2"

	"github.com/fluxion-lang/fluxion/rad"
	"github.com/fluxion-lang/fluxion/trace"
)

// A Case is one function of the corpus at one point.
type Case struct {
	Name string
	X    []float64 // the point: every parameter, flat

	Trace func(t *trace.Tracer, x trace.Array) trace.Scalar
	Plain func(x []float64) float64 // the same function in plain Go
	Rad   func(t *rad.Task, x []rad.Num) rad.Num

	// The Fluxion version: a program (relative to the repository root)
	// with an entry for the value and one for the gradient, whose results
	// flattened and concatenated are the gradient in X. Both take Args.
	File, Value, Grad string
	Args              []Arg

	// Branches: the traced function reads traced values (its maps are
	// traced per element).
	Branches bool
}

// An Arg is an argument of the Fluxion entries.
type Arg struct {
	Kind  ArgKind
	Data  []float64 // F64 and Array: the values
	Int   int64     // I64
	Shape []int     // Array and Param: the shape
	Lo    int       // Param: the first element of X
}

// ArgKind says what an Arg is.
type ArgKind uint8

// The kinds of arguments.
const (
	F64   ArgKind = iota // an f64 scalar
	I64                  // an i64 scalar
	Array                // a constant f64 array
	Param                // X[Lo : Lo+prod(Shape)] with the given shape
)

// Size selects the sizes of the corpus.
type Size uint8

const (
	Small Size = iota // for tests against finite differences and the interpreter
	Large             // for benchmarks
)

// File is the corpus's own Fluxion program.
const File = "trace/internal/corpus/corpus.fut"

func rng(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5eed)) }

func uniform(r *rand.Rand, n int, lo, hi float64) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = lo + (hi-lo)*r.Float64()
	}
	return v
}

func normal(r *rand.Rand, n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = r.NormFloat64()
	}
	return v
}

func whole(x []float64) Arg { return Arg{Kind: Param, Shape: []int{len(x)}} }

// Cases returns the corpus at the given size.
func Cases(size Size) []Case {
	pick := func(small, large int) int {
		if size == Large {
			return large
		}
		return small
	}
	return []Case{
		Dot(pick(20, 1000000), false),
		Dot(pick(20, 1000000), true),
		MatVec(pick(6, 1000), pick(5, 1000), false),
		MatVec(pick(6, 1000), pick(5, 1000), true),
		MLP(pick(3, 20), pick(5, 50), pick(3, 10), pick(8, 1000)),
		LSE(pick(30, 1000000)),
		KMeans(pick(3, 10), pick(2, 8), pick(25, 10000)),
		GMM(pick(3, 10), pick(3, 25), pick(10, 1000)),
		Particles(pick(6, 1000), pick(60, 1000)),
	}
}

// Dot is a*b for x = a ++ b; with maps, as the sum of a map.
func Dot(n int, maps bool) Case {
	r := rng(1)
	x := uniform(r, 2*n, -1, 1)
	c := Case{Name: "dot", X: x, File: File, Value: "dot_value", Grad: "dot_grad", Args: []Arg{whole(x)}}
	c.Trace = func(t *trace.Tracer, x trace.Array) trace.Scalar {
		return t.Dot(t.Slice(x, 0, n), t.Slice(x, n, 2*n))
	}
	if maps {
		c.Name = "dot-map"
		c.Trace = func(t *trace.Tracer, x trace.Array) trace.Scalar {
			return t.Sum(t.Map2(t.Slice(x, 0, n), t.Slice(x, n, 2*n), (*trace.Tracer).Mul))
		}
	}
	c.Plain = func(x []float64) float64 {
		s := 0.0
		for i := range n {
			s += x[i] * x[n+i]
		}
		return s
	}
	c.Rad = func(t *rad.Task, x []rad.Num) rad.Num { return t.Dot(x[:n], x[n:]) }
	return c
}

// MatVec is the sum of sin((W v)[i]) for x = W ++ v, W rows x cols; with
// maps, W v is a map over W's rows that closes over v.
func MatVec(rows, cols int, maps bool) Case {
	r := rng(2)
	x := uniform(r, rows*cols+cols, -1, 1)
	c := Case{Name: "matvec", X: x, File: File, Value: "matvec_value", Grad: "matvec_grad",
		Args: []Arg{whole(x), {Kind: I64, Int: int64(rows)}, {Kind: I64, Int: int64(cols)}}}
	c.Trace = func(t *trace.Tracer, x trace.Array) trace.Scalar {
		w := t.Reshape(t.Slice(x, 0, rows*cols), rows, cols)
		y := t.MatVec(w, t.Slice(x, rows*cols, rows*cols+cols))
		return t.Sum(t.Map(y, (*trace.Tracer).Sin))
	}
	if maps {
		c.Name = "matvec-map"
		c.Trace = func(t *trace.Tracer, x trace.Array) trace.Scalar {
			w := t.Reshape(t.Slice(x, 0, rows*cols), rows, cols)
			v := t.Scalars(t.Slice(x, rows*cols, rows*cols+cols))
			y := t.MapN([]trace.Array{w}, 1, func(t *trace.Tracer, row []trace.Scalar) []trace.Scalar {
				s := trace.Const(0)
				for j, a := range row {
					s = t.Add(s, t.Mul(a, v[j]))
				}
				return []trace.Scalar{t.Sin(s)}
			})
			return t.Sum(y)
		}
	}
	c.Plain = func(x []float64) float64 {
		s := 0.0
		v := x[rows*cols:]
		for i := range rows {
			d := 0.0
			for j := range cols {
				d += x[i*cols+j] * v[j]
			}
			s += math.Sin(d)
		}
		return s
	}
	c.Rad = func(t *rad.Task, x []rad.Num) rad.Num {
		v := x[rows*cols:]
		ys := rad.ParMap(t, rows, func(t *rad.Task, i int) rad.Num {
			return t.Sin(t.Dot(x[i*cols:(i+1)*cols], v))
		})
		return t.Sum(ys)
	}
	return c
}

// MLP is the mean softmax cross-entropy of a two-layer perceptron with
// tanh on n samples of dimension d with c classes, h hidden units; x =
// W1 (h x d) ++ b1 ++ W2 (c x h) ++ b2.
func MLP(d, h, c, n int) Case {
	r := rng(3)
	np := h*d + h + c*h + c
	x := normal(r, np)
	for i := range x {
		x[i] *= 0.5
	}
	xs := normal(r, n*d)
	ys := make([]float64, n*c)
	for i := range n {
		ys[i*c+r.IntN(c)] = 1
	}
	o1, o2, o3 := h*d, h*d+h, h*d+h+c*h
	cs := Case{Name: "mlp", X: x, File: File, Value: "mlp_value", Grad: "mlp_grad",
		Args: []Arg{whole(x), {Kind: I64, Int: int64(h)}, {Kind: Array, Data: xs, Shape: []int{n, d}}, {Kind: Array, Data: ys, Shape: []int{n, c}}}}
	cs.Trace = func(t *trace.Tracer, x trace.Array) trace.Scalar {
		p := t.Scalars(x)
		w1, b1, w2, b2 := p[:o1], p[o1:o2], p[o2:o3], p[o3:]
		loss := t.MapN([]trace.Array{t.Reshape(trace.ConstArray(xs), n, d), t.Reshape(trace.ConstArray(ys), n, c)}, 1,
			func(t *trace.Tracer, row []trace.Scalar) []trace.Scalar {
				xi, yi := row[:d], row[d:]
				hid := make([]trace.Scalar, h)
				for j := range h {
					s := b1[j]
					for k := range d {
						s = t.Add(s, t.Mul(w1[j*d+k], xi[k]))
					}
					hid[j] = t.Tanh(s)
				}
				logits := make([]trace.Scalar, c)
				for j := range c {
					s := b2[j]
					for k := range h {
						s = t.Add(s, t.Mul(w2[j*h+k], hid[k]))
					}
					logits[j] = s
				}
				return []trace.Scalar{t.Sub(lseScalars(t, logits), dotScalars(t, yi, logits))}
			})
		return t.DivF(t.Sum(loss), float64(n))
	}
	cs.Plain = func(x []float64) float64 {
		total := 0.0
		hid := make([]float64, h)
		logits := make([]float64, c)
		for i := range n {
			xi, yi := xs[i*d:(i+1)*d], ys[i*c:(i+1)*c]
			for j := range h {
				s := x[o1+j]
				for k := range d {
					s += x[j*d+k] * xi[k]
				}
				hid[j] = math.Tanh(s)
			}
			for j := range c {
				s := x[o3+j]
				for k := range h {
					s += x[o2+j*h+k] * hid[k]
				}
				logits[j] = s
			}
			total += lsePlain(logits)
			for j := range c {
				total -= yi[j] * logits[j]
			}
		}
		return total / float64(n)
	}
	cs.Rad = func(t *rad.Task, x []rad.Num) rad.Num {
		losses := rad.ParMap(t, n, func(t *rad.Task, i int) rad.Num {
			xi, yi := rad.Consts(xs[i*d:(i+1)*d]), rad.Consts(ys[i*c:(i+1)*c])
			hid := make([]rad.Num, h)
			for j := range h {
				hid[j] = t.Tanh(t.Add(x[o1+j], t.Dot(x[j*d:(j+1)*d], xi)))
			}
			logits := make([]rad.Num, c)
			for j := range c {
				logits[j] = t.Add(x[o3+j], t.Dot(x[o2+j*h:o2+(j+1)*h], hid))
			}
			return t.Sub(lseRad(t, logits), t.Dot(yi, logits))
		})
		return t.DivF(t.Sum(losses), float64(n))
	}
	return cs
}

// lseScalars is the stable log-sum-exp of scalars.
func lseScalars(t *trace.Tracer, v []trace.Scalar) trace.Scalar {
	m := v[0]
	for _, z := range v[1:] {
		m = t.Max(m, z)
	}
	s := trace.Const(0)
	for _, z := range v {
		s = t.Add(s, t.Exp(t.Sub(z, m)))
	}
	return t.Add(m, t.Log(s))
}

func dotScalars(t *trace.Tracer, a, b []trace.Scalar) trace.Scalar {
	s := trace.Const(0)
	for i := range a {
		s = t.Add(s, t.Mul(a[i], b[i]))
	}
	return s
}

func lsePlain(v []float64) float64 {
	m := v[0]
	for _, z := range v[1:] {
		m = max(m, z)
	}
	s := 0.0
	for _, z := range v {
		s += math.Exp(z - m)
	}
	return m + math.Log(s)
}

func lseRad(t *rad.Task, v []rad.Num) rad.Num {
	m := v[0]
	for _, z := range v[1:] {
		m = t.Max(m, z)
	}
	es := make([]rad.Num, len(v))
	for i, z := range v {
		es[i] = t.Exp(t.Sub(z, m))
	}
	return t.Add(m, t.Log(t.Sum(es)))
}

// LSE is the stable log-sum-exp of x: max(x) + log(sum(exp(x - max(x)))),
// with the maximum a Reduce and the map closing over it.
func LSE(n int) Case {
	r := rng(4)
	x := uniform(r, n, -2, 2)
	c := Case{Name: "lse", X: x, File: File, Value: "lse_value", Grad: "lse_grad", Args: []Arg{whole(x)}}
	c.Trace = func(t *trace.Tracer, x trace.Array) trace.Scalar {
		m := t.Reduce(x, math.Inf(-1), (*trace.Tracer).Max)
		e := t.Map(x, func(t *trace.Tracer, v trace.Scalar) trace.Scalar { return t.Exp(t.Sub(v, m)) })
		return t.Add(m, t.Log(t.Sum(e)))
	}
	c.Plain = lsePlain
	c.Rad = func(t *rad.Task, x []rad.Num) rad.Num { return lseRad(t, x) }
	return c
}

// KMeans is the k-means cost of n points of dimension d for k centroids;
// x = the centroids, row by row.
func KMeans(k, d, n int) Case {
	r := rng(5)
	x := uniform(r, k*d, 0, 1)
	pts := uniform(r, n*d, 0, 1)
	c := Case{Name: "kmeans", X: x, File: File, Value: "kmeans_value", Grad: "kmeans_grad",
		Args: []Arg{whole(x), {Kind: I64, Int: int64(k)}, {Kind: Array, Data: pts, Shape: []int{n, d}}}}
	c.Trace = func(t *trace.Tracer, x trace.Array) trace.Scalar {
		cs := t.Scalars(x)
		cost := t.MapN([]trace.Array{t.Reshape(trace.ConstArray(pts), n, d)}, 1, func(t *trace.Tracer, p []trace.Scalar) []trace.Scalar {
			var best trace.Scalar
			for j := range k {
				s := trace.Const(0)
				for q := range d {
					s = t.Add(s, t.Square(t.Sub(p[q], cs[j*d+q])))
				}
				if j == 0 {
					best = s
				} else {
					best = t.Min(best, s)
				}
			}
			return []trace.Scalar{best}
		})
		return t.Sum(cost)
	}
	c.Plain = func(x []float64) float64 {
		total := 0.0
		for i := range n {
			best := math.Inf(1)
			for j := range k {
				s := 0.0
				for q := range d {
					e := pts[i*d+q] - x[j*d+q]
					s += e * e
				}
				best = min(best, s)
			}
			total += best
		}
		return total
	}
	c.Rad = func(t *rad.Task, x []rad.Num) rad.Num {
		costs := rad.ParMap(t, n, func(t *rad.Task, i int) rad.Num {
			var best rad.Num
			for j := range k {
				diffs := make([]rad.Num, d)
				for q := range d {
					diffs[q] = t.FSub(pts[i*d+q], x[j*d+q])
				}
				s := t.Dot(diffs, diffs)
				if j == 0 {
					best = s
				} else {
					best = t.Min(best, s)
				}
			}
			return best
		})
		return t.Sum(costs)
	}
	return c
}

// Particles drops n particles from random heights for steps steps under
// gravity g and lets them bounce off the ground with restitution e; x = g
// ++ e ++ the initial velocities, the loss the sum of the final heights
// squared. Whether a particle bounces at a step depends on traced values,
// so the map is traced per particle.
func Particles(n, steps int) Case {
	const dt = 0.01
	r := rng(6)
	heights := uniform(r, n, 0.1, 1)
	x := append([]float64{9.8, 0.8}, uniform(r, n, -1, 1)...)
	c := Case{Name: "particles", X: x, File: File, Value: "particles_value", Grad: "particles_grad", Branches: true,
		Args: []Arg{whole(x), {Kind: I64, Int: int64(steps)}, {Kind: F64, Data: []float64{dt}}, {Kind: Array, Data: heights, Shape: []int{n}}}}
	c.Trace = func(t *trace.Tracer, x trace.Array) trace.Scalar {
		g, e := t.At(x, 0), t.At(x, 1)
		final := t.Map2(trace.ConstArray(heights), t.Slice(x, 2, 2+n), func(t *trace.Tracer, p, v trace.Scalar) trace.Scalar {
			for range steps {
				v = t.Sub(v, t.MulF(g, dt))
				p = t.Add(p, t.MulF(v, dt))
				if p.Value() < 0 {
					p, v = t.Neg(p), t.Neg(t.Mul(e, v))
				}
			}
			return t.Square(p)
		})
		return t.Sum(final)
	}
	c.Plain = func(x []float64) float64 {
		g, e := x[0], x[1]
		total := 0.0
		for i := range n {
			p, v := heights[i], x[2+i]
			for range steps {
				v = v - g*dt
				p = p + v*dt
				if p < 0 {
					p, v = -p, -(e * v)
				}
			}
			total += p * p
		}
		return total
	}
	c.Rad = func(t *rad.Task, x []rad.Num) rad.Num {
		g, e := x[0], x[1]
		final := rad.ParMap(t, n, func(t *rad.Task, i int) rad.Num {
			p, v := rad.Const(heights[i]), x[2+i]
			for range steps {
				v = t.Sub(v, t.MulF(g, dt))
				p = t.Add(p, t.MulF(v, dt))
				if p.Value() < 0 {
					p, v = t.Neg(p), t.Neg(t.Mul(e, v))
				}
			}
			return t.Square(p)
		})
		return t.Sum(final)
	}
	return c
}
