package trace

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Random traces: a byte string is decoded into a program of this
// package's operations on an input of length 6, with maps whose functions
// are random programs too. Every trace is checked for: no error; gradients
// against central differences; bitwise equality across worker counts; the
// seed's two assertions (replay, retrace); and the same gradient when
// every function is traced per call instead of vectorised.

// fuzzProg is a decoded random program.
type fuzzProg struct{ code []byte }

// byteReader hands out the bytes of a program, then zeros.
type byteReader struct {
	b []byte
	i int
}

func (r *byteReader) next() int {
	if r.i >= len(r.b) {
		r.i++
		return 0
	}
	v := int(r.b[r.i])
	r.i++
	return v
}

func (r *byteReader) done() bool { return r.i >= len(r.b) }

// smooth unary operations keep values and derivatives moderate.
var fuzzUnary = []func(t *Tracer, x Scalar) Scalar{
	(*Tracer).Sin, (*Tracer).Cos, (*Tracer).Tanh, (*Tracer).Atan, (*Tracer).Neg,
	func(t *Tracer, x Scalar) Scalar { return t.Exp(t.Tanh(x)) },
	func(t *Tracer, x Scalar) Scalar { return t.Log1p(t.Square(x)) },
	func(t *Tracer, x Scalar) Scalar { return t.Sqrt(t.AddF(t.Square(x), 1)) },
}

var fuzzBinary = []func(t *Tracer, x, y Scalar) Scalar{
	(*Tracer).Add, (*Tracer).Sub, (*Tracer).Mul,
	func(t *Tracer, x, y Scalar) Scalar { return t.Div(x, t.AddF(t.Square(y), 1)) },
	func(t *Tracer, x, y Scalar) Scalar { return t.Mul(t.Sin(x), t.Cos(y)) },
	(*Tracer).Hypot,
}

// elemFunc decodes a random function of nparam parameters that may read
// the outer scalars frees; if branch, it takes one of two paths depending
// on a parameter's value; if read, it reads a value without using it.
func elemFunc(r *byteReader, nparam int, frees []Scalar, branch, read bool) func(t *Tracer, x []Scalar) []Scalar {
	n := 1 + r.next()%4
	code := make([]int, 4*n)
	for i := range code {
		code[i] = r.next()
	}
	return func(t *Tracer, x []Scalar) []Scalar {
		regs := append([]Scalar(nil), x...)
		regs = append(regs, frees...)
		if read {
			_ = regs[0].Value()
		}
		if branch {
			if regs[0].Value() > 0 {
				regs = append(regs, t.Sin(regs[0]))
			} else {
				regs = append(regs, t.Cos(regs[0]))
			}
		}
		for i := 0; i < len(code); i += 4 {
			a, b := regs[code[i+1]%len(regs)], regs[code[i+2]%len(regs)]
			switch code[i] % 3 {
			case 0:
				regs = append(regs, fuzzUnary[code[i+3]%len(fuzzUnary)](t, a))
			case 1:
				regs = append(regs, fuzzBinary[code[i+3]%len(fuzzBinary)](t, a, b))
			default:
				regs = append(regs, t.MulF(a, float64(code[i+3]%5)-2))
			}
		}
		return []Scalar{regs[len(regs)-1]}
	}
}

// run builds the traced function of p. perCall makes every function of
// Map, Reduce, Fold and Scan read a value, so that it is traced per call.
func (p fuzzProg) run(perCall bool) func(t *Tracer, x Array) Scalar {
	return func(t *Tracer, x Array) Scalar {
		r := &byteReader{b: p.code}
		scal := []Scalar{t.At(x, 0), t.At(x, 3)}
		arrs := []Array{x}
		pickS := func() Scalar { return scal[r.next()%len(scal)] }
		pickA := func() Array { return arrs[r.next()%len(arrs)] }
		frees := func() []Scalar {
			var fs []Scalar
			for range r.next() % 3 {
				fs = append(fs, pickS())
			}
			return fs
		}
		for steps := 0; !r.done() && steps < 40; steps++ {
			branch := r.next()%4 == 0
			read := perCall || branch
			switch r.next() % 14 {
			case 0:
				scal = append(scal, fuzzUnary[r.next()%len(fuzzUnary)](t, pickS()))
			case 1:
				scal = append(scal, fuzzBinary[r.next()%len(fuzzBinary)](t, pickS(), pickS()))
			case 2:
				a := pickA()
				if a.Len() > 0 {
					scal = append(scal, t.At(a, r.next()%a.Len()))
				}
			case 3:
				f := elemFunc(r, 1, frees(), branch, perCall)
				arrs = append(arrs, t.Map(pickA(), func(t *Tracer, v Scalar) Scalar { return f(t, []Scalar{v})[0] }))
			case 4:
				a, b := pickA(), pickA()
				n := min(a.Len(), b.Len())
				f := elemFunc(r, 2, frees(), branch, perCall)
				arrs = append(arrs, t.MapN([]Array{t.Slice(a, 0, n), t.Slice(b, b.Len()-n, b.Len())}, 1, f))
			case 5:
				scal = append(scal, t.Sum(pickA()))
			case 6:
				a, b := pickA(), pickA()
				n := min(a.Len(), b.Len())
				scal = append(scal, t.Dot(t.Slice(a, 0, n), t.Slice(b, 0, n)))
			case 7:
				a := pickA()
				if r.next()%2 == 0 {
					scal = append(scal, t.Reduce(a, 0, func(t *Tracer, u, v Scalar) Scalar {
						if read {
							_ = u.Value()
						}
						return t.Add(u, t.Tanh(v))
					}))
				} else {
					scal = append(scal, t.Reduce(a, math.Inf(-1), func(t *Tracer, u, v Scalar) Scalar {
						if read {
							_ = u.Value()
						}
						return t.Max(u, v)
					}))
				}
			case 8:
				c := pickS()
				arrs = append(arrs, t.Scan(pickA(), 0, func(t *Tracer, u, v Scalar) Scalar {
					if read {
						_ = v.Value()
					}
					return t.Add(u, t.Mul(v, t.Tanh(c)))
				}))
			case 9:
				f := elemFunc(r, 2, frees(), branch, perCall)
				scal = append(scal, t.Fold(pickA(), pickS(), func(t *Tracer, u, v Scalar) Scalar {
					return t.Add(t.MulF(u, 0.5), f(t, []Scalar{u, v})[0])
				}))
			case 10:
				a := pickA()
				lo := r.next() % (a.Len() + 1)
				hi := lo + r.next()%(a.Len()-lo+1)
				arrs = append(arrs, t.Slice(a, lo, hi))
			case 11:
				arrs = append(arrs, t.Concat(pickA(), pickA(), ConstArray([]float64{0.5})))
			case 12:
				arrs = append(arrs, t.Pack(pickS(), pickS(), Const(0.25), pickS()))
			case 13:
				a := pickA()
				cols := 1 + r.next()%3
				rows := a.Len() / cols
				if rows > 0 {
					m := t.Reshape(t.Slice(a, 0, rows*cols), rows, cols)
					v := t.Map(t.Slice(x, 0, cols), (*Tracer).Cos)
					arrs = append(arrs, t.MatVec(m, v))
				}
			}
		}
		// The output uses most values; every fifth is left as dead code.
		out := Const(0)
		for i, s := range scal {
			if i%5 != 4 {
				out = t.Add(out, t.MulF(t.Tanh(s), 1/float64(i+1)))
			}
		}
		for i, a := range arrs {
			if i%5 != 4 {
				out = t.Add(out, t.MulF(t.Sum(t.Map(a, (*Tracer).Sin)), 0.1))
			}
		}
		return out
	}
}

// robustDiff is a central difference, or NaN where two step sizes
// disagree (near a kink of Max or a branch switch).
func robustDiff(f func([]float64) float64, x []float64) []float64 {
	a := make([]float64, len(x))
	xx := append([]float64(nil), x...)
	for i := range x {
		d := func(h float64) float64 {
			xx[i] = x[i] + h
			fp := f(xx)
			xx[i] = x[i] - h
			fm := f(xx)
			xx[i] = x[i]
			return (fp - fm) / (2 * h)
		}
		d1, d2 := d(1e-5), d(1e-6)
		if math.Abs(d1-d2) > 1e-4*max(1, math.Abs(d1)) {
			a[i] = math.NaN()
		} else {
			a[i] = d2
		}
	}
	return a
}

func checkFuzzProgram(t *testing.T, p fuzzProg, x []float64) {
	t.Helper()
	f := p.run(false)
	v, g, err := Config{Workers: 1}.Grad(f, x)
	if err != nil {
		t.Fatalf("program %v: %v", p.code, err)
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return
	}
	for _, w := range []int{2, 5} {
		v2, g2, err := Config{Workers: w}.Grad(f, x)
		if err != nil || math.Float64bits(v2) != math.Float64bits(v) || !sameBits(g2, g) {
			t.Fatalf("program %v: %d workers give %v %v %v, 1 worker %v %v", p.code, w, v2, g2, err, v, g)
		}
	}
	fd := robustDiff(func(x []float64) float64 {
		tr, err := Config{Workers: 1}.RecordScalar(f, x)
		if err != nil {
			t.Fatal(err)
		}
		return tr.Outputs()[0]
	}, x)
	for i := range g {
		if !math.IsNaN(fd[i]) && !closeTo(g[i], fd[i], 1e-4) {
			t.Errorf("program %v: d/dx[%d] = %v, finite differences %v", p.code, i, g[i], fd[i])
		}
	}
	vp, gp, err := Config{Workers: 2}.Grad(p.run(true), x)
	if err != nil {
		t.Fatal(err)
	}
	if !closeTo(vp, v, 1e-12) {
		t.Errorf("program %v: value %v traced per call, %v vectorised", p.code, vp, v)
	}
	for i := range g {
		if !closeTo(gp[i], g[i], 1e-9) {
			t.Errorf("program %v: d/dx[%d] = %v traced per call, %v vectorised", p.code, i, gp[i], g[i])
		}
	}
	tr, err := RecordScalar(f, x)
	if err != nil {
		t.Fatal(err)
	}
	checkAssertions(t, tr, x)
}

func fuzzInput(seed uint64) []float64 {
	r := rand.New(rand.NewPCG(seed, 9))
	x := make([]float64, 6)
	for i := range x {
		x[i] = r.Float64()*2 - 1
	}
	return x
}

func FuzzTrace(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 3, 1, 2, 0, 1, 5, 0, 1, 1, 2})
	f.Add([]byte{1, 4, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 7, 0, 1, 0, 8, 1, 1, 9, 2, 2, 3})
	f.Add([]byte{0, 13, 0, 2, 0, 10, 1, 1, 3, 0, 12, 0, 1, 2, 0, 11, 1, 2, 0, 6, 3, 4})
	f.Fuzz(func(t *testing.T, data []byte) {
		checkFuzzProgram(t, fuzzProg{code: data}, fuzzInput(uint64(len(data))))
	})
}

// TestRandomTraces runs the fuzz target's checks on generated programs.
func TestRandomTraces(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 4))
	n := 150
	if testing.Short() {
		n = 30
	}
	for i := range n {
		code := make([]byte, 8+r.IntN(80))
		for j := range code {
			code[j] = byte(r.Uint32())
		}
		checkFuzzProgram(t, fuzzProg{code: code}, fuzzInput(uint64(i)))
	}
}
