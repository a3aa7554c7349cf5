package trace

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// centralDiff is the central finite-difference gradient of f at x. For
// long inputs it differentiates only in a spread of 24 coordinates (the
// others are NaN, which checkGrad skips).
func centralDiff(f func([]float64) float64, x []float64) []float64 {
	g := make([]float64, len(x))
	xx := append([]float64(nil), x...)
	for i := range x {
		if len(x) > 32 && i%(len(x)/24) != 0 && i != len(x)-1 {
			g[i] = math.NaN()
			continue
		}
		h := 1e-6 * max(1, math.Abs(x[i]))
		xx[i] = x[i] + h
		fp := f(xx)
		xx[i] = x[i] - h
		fm := f(xx)
		xx[i] = x[i]
		g[i] = (fp - fm) / (2 * h)
	}
	return g
}

// close reports whether got and want agree to a relative tolerance.
func closeTo(got, want, tol float64) bool {
	if math.IsNaN(got) || math.IsNaN(want) {
		return math.IsNaN(got) && math.IsNaN(want)
	}
	return math.Abs(got-want) <= tol*max(1, math.Abs(want))
}

// valueOf evaluates a traced function without differentiating it.
func valueOf(t *testing.T, f func(t *Tracer, x Array) Scalar, x []float64) float64 {
	t.Helper()
	tr, err := Config{Workers: 1}.RecordScalar(f, x)
	if err != nil {
		t.Fatalf("evaluating at %v: %v", x, err)
	}
	return tr.Outputs()[0]
}

// checkGrad compares the gradient of f at x with central differences of
// f's own values, and checks that every worker count gives the same bits.
func checkGrad(t *testing.T, f func(t *Tracer, x Array) Scalar, x []float64, tol float64) []float64 {
	t.Helper()
	v, g, err := Config{Workers: 1}.Grad(f, x)
	if err != nil {
		t.Fatal(err)
	}
	fd := centralDiff(func(x []float64) float64 { return valueOf(t, f, x) }, x)
	if math.IsNaN(v) {
		t.Fatalf("value at %v is NaN", x)
	}
	for i := range g {
		if len(x) > 32 && math.IsNaN(fd[i]) {
			continue
		}
		if !closeTo(g[i], fd[i], tol) {
			t.Errorf("d/dx[%d] at %v = %v, finite differences %v", i, x, g[i], fd[i])
		}
	}
	for _, w := range []int{2, 3, 8} {
		v2, g2, err := Config{Workers: w}.Grad(f, x)
		if err != nil {
			t.Fatal(err)
		}
		if math.Float64bits(v2) != math.Float64bits(v) || !sameBits(g, g2) {
			t.Errorf("%d workers: value %v gradient %v, 1 worker: %v %v", w, v2, g2, v, g)
		}
	}
	return g
}

func sameBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}

var unaryOps = []struct {
	name string
	f    func(t *Tracer, x Scalar) Scalar
	at   []float64
}{
	{"Neg", (*Tracer).Neg, []float64{-1.5, 2}},
	{"Abs", (*Tracer).Abs, []float64{-1.5, 2}},
	{"Square", (*Tracer).Square, []float64{-1.5, 2}},
	{"Sqrt", (*Tracer).Sqrt, []float64{0.3, 2}},
	{"Cbrt", (*Tracer).Cbrt, []float64{-1.5, 2}},
	{"Exp", (*Tracer).Exp, []float64{-1.5, 2}},
	{"Expm1", (*Tracer).Expm1, []float64{-1.5, 0.2}},
	{"Log", (*Tracer).Log, []float64{0.3, 2}},
	{"Log1p", (*Tracer).Log1p, []float64{-0.5, 2}},
	{"Log2", (*Tracer).Log2, []float64{0.3, 2}},
	{"Log10", (*Tracer).Log10, []float64{0.3, 2}},
	{"Sin", (*Tracer).Sin, []float64{-1.5, 2}},
	{"Cos", (*Tracer).Cos, []float64{-1.5, 2}},
	{"Tan", (*Tracer).Tan, []float64{-1.2, 0.7}},
	{"Asin", (*Tracer).Asin, []float64{-0.5, 0.7}},
	{"Acos", (*Tracer).Acos, []float64{-0.5, 0.7}},
	{"Atan", (*Tracer).Atan, []float64{-1.5, 2}},
	{"Sinh", (*Tracer).Sinh, []float64{-1.5, 2}},
	{"Cosh", (*Tracer).Cosh, []float64{-1.5, 2}},
	{"Tanh", (*Tracer).Tanh, []float64{-1.5, 2}},
	{"Asinh", (*Tracer).Asinh, []float64{-1.5, 2}},
	{"Acosh", (*Tracer).Acosh, []float64{1.5, 3}},
	{"Atanh", (*Tracer).Atanh, []float64{-0.5, 0.7}},
	{"Erf", (*Tracer).Erf, []float64{-1.5, 0.5}},
	{"Erfc", (*Tracer).Erfc, []float64{-1.5, 0.5}},
}

var binaryOps = []struct {
	name string
	f    func(t *Tracer, x, y Scalar) Scalar
	at   [][2]float64
}{
	{"Add", (*Tracer).Add, [][2]float64{{1.5, -2}}},
	{"Sub", (*Tracer).Sub, [][2]float64{{1.5, -2}}},
	{"Mul", (*Tracer).Mul, [][2]float64{{1.5, -2}}},
	{"Div", (*Tracer).Div, [][2]float64{{1.5, -2}}},
	{"Pow", (*Tracer).Pow, [][2]float64{{1.5, -2}, {0.7, 2.5}}},
	{"Atan2", (*Tracer).Atan2, [][2]float64{{1.5, -2}, {-0.3, 0.4}}},
	{"Hypot", (*Tracer).Hypot, [][2]float64{{1.5, -2}}},
	{"Min", (*Tracer).Min, [][2]float64{{1.5, -2}, {-1, 3}}},
	{"Max", (*Tracer).Max, [][2]float64{{1.5, -2}, {-1, 3}}},
}

// shapes of using an operation: directly in the outer trace, inside a
// vectorised Map, inside a Map traced per element, with a constant
// operand, and with an outer value closed over by a Map.
func TestScalarOps(t *testing.T) {
	for _, op := range unaryOps {
		t.Run(op.name, func(t *testing.T) {
			forms := map[string]func(t *Tracer, x Array) Scalar{
				"outer": func(t *Tracer, x Array) Scalar {
					return t.Add(op.f(t, t.At(x, 0)), t.MulF(op.f(t, t.At(x, 1)), 0.5))
				},
				"map": func(t *Tracer, x Array) Scalar {
					return t.Dot(t.Map(x, op.f), ConstArray([]float64{1, 0.5}))
				},
				"map per element": func(t *Tracer, x Array) Scalar {
					return t.Dot(t.Map(x, func(t *Tracer, v Scalar) Scalar {
						if v.Value() > 1e9 {
							return v
						}
						return op.f(t, v)
					}), ConstArray([]float64{1, 0.5}))
				},
			}
			for name, f := range forms {
				t.Run(name, func(t *testing.T) { checkGrad(t, f, op.at, 1e-6) })
			}
		})
	}
	for _, op := range binaryOps {
		t.Run(op.name, func(t *testing.T) {
			for _, at := range op.at {
				x := at[:]
				forms := map[string]func(t *Tracer, x Array) Scalar{
					"outer": func(t *Tracer, x Array) Scalar { return op.f(t, t.At(x, 0), t.At(x, 1)) },
					"constant left": func(t *Tracer, x Array) Scalar {
						return op.f(t, Const(at[0]), t.At(x, 1))
					},
					"constant right": func(t *Tracer, x Array) Scalar {
						return op.f(t, t.At(x, 0), Const(at[1]))
					},
					"map2": func(t *Tracer, x Array) Scalar {
						return t.Sum(t.Map2(t.Slice(x, 0, 1), t.Slice(x, 1, 2), op.f))
					},
					"map closure": func(t *Tracer, x Array) Scalar {
						y := t.At(x, 1)
						return t.Sum(t.Map(t.Slice(x, 0, 1), func(t *Tracer, v Scalar) Scalar { return op.f(t, v, y) }))
					},
					"map closure per element": func(t *Tracer, x Array) Scalar {
						y := t.At(x, 1)
						return t.Sum(t.Map(t.Slice(x, 0, 1), func(t *Tracer, v Scalar) Scalar {
							_ = v.Value()
							if op.name == "Pow" {
								return op.f(t, t.Abs(y), v)
							}
							return op.f(t, y, v)
						}))
					},
				}
				for name, f := range forms {
					t.Run(fmt.Sprint(name, x), func(t *testing.T) { checkGrad(t, f, x, 1e-6) })
				}
			}
		})
	}
}

// TestPaperExample is the worked example of the seed's section 4:
// f(x1, x2) = x1 + x1*x2 at (5, 3), whose trace is r1 = x1*x2, r2 = x1 + r1
// and whose adjoints are (1 + x2, x1).
func TestPaperExample(t *testing.T) {
	tr, err := RecordScalar(func(t *Tracer, x Array) Scalar {
		x1, x2 := t.At(x, 0), t.At(x, 1)
		return t.Add(x1, t.Mul(x1, x2))
	}, []float64{5, 3})
	if err != nil {
		t.Fatal(err)
	}
	if got := tr.Outputs(); got[0] != 20 {
		t.Errorf("value %v, want 20", got)
	}
	// x, x[0], x[1], mul, add
	if tr.Len() != 5 {
		t.Errorf("trace of %d operations, want 5:\n%s", tr.Len(), tr)
	}
	// x1 is used twice, x2 once, r1 once.
	r := tr.rec
	if u := r.nodes[2].uses; u != 2 {
		t.Errorf("x1 used %d times, want 2", u)
	}
	g, err := tr.VJP([]float64{1})
	if err != nil || g[0] != 4 || g[1] != 5 {
		t.Errorf("gradient %v %v, want [4 5]", g, err)
	}
}

// TestArrayOps checks each array operation against finite differences.
func TestArrayOps(t *testing.T) {
	x := []float64{0.5, -1.2, 2.0, 0.3, 1.1, -0.7}
	tests := map[string]func(t *Tracer, x Array) Scalar{
		"sum":      func(t *Tracer, x Array) Scalar { return t.Sum(t.Map(x, (*Tracer).Square)) },
		"dot":      func(t *Tracer, x Array) Scalar { return t.Dot(x, t.Map(x, (*Tracer).Sin)) },
		"dot self": func(t *Tracer, x Array) Scalar { return t.Dot(x, x) },
		"at and pack": func(t *Tracer, x Array) Scalar {
			p := t.Pack(t.At(x, 2), t.Mul(t.At(x, 0), t.At(x, 2)), Const(3), t.At(x, 5))
			return t.Dot(p, t.Map(p, (*Tracer).Exp))
		},
		"slice": func(t *Tracer, x Array) Scalar {
			a, b := t.Slice(x, 0, 4), t.Slice(x, 2, 6)
			return t.Dot(a, b)
		},
		"concat": func(t *Tracer, x Array) Scalar {
			c := t.Concat(t.Slice(x, 3, 6), ConstArray([]float64{1, 2}), t.Slice(x, 0, 2))
			return t.Dot(c, t.Map(c, (*Tracer).Cos))
		},
		"reshape and matvec": func(t *Tracer, x Array) Scalar {
			m := t.Reshape(x, 2, 3)
			v := t.Slice(x, 1, 4)
			y := t.MatVec(m, v)
			return t.Dot(y, y)
		},
		"matvec constant matrix": func(t *Tracer, x Array) Scalar {
			m := ConstArray([]float64{1, 2, 3, 4, 5, 6})
			y := t.MatVec(t.reshaped(m, 3, 2), t.Slice(x, 0, 2))
			return t.Sum(t.Map(y, (*Tracer).Tanh))
		},
		"scalars": func(t *Tracer, x Array) Scalar {
			s := Const(0)
			for i, v := range t.Scalars(x) {
				s = t.Add(s, t.MulF(t.Square(v), float64(i+1)))
			}
			return s
		},
		"mapN rows": func(t *Tracer, x Array) Scalar {
			m := t.Reshape(x, 3, 2)
			y := t.MapN([]Array{m, ConstArray([]float64{1, 2, 3})}, 2, func(t *Tracer, r []Scalar) []Scalar {
				return []Scalar{t.Mul(r[0], r[1]), t.Add(t.Sin(r[0]), r[2])}
			})
			return t.Dot(y, t.Map(y, (*Tracer).Exp))
		},
		"mapN returns params, frees and constants": func(t *Tracer, x Array) Scalar {
			w := t.Mul(t.At(x, 0), t.At(x, 1))
			y := t.MapN([]Array{x}, 3, func(t *Tracer, r []Scalar) []Scalar {
				return []Scalar{r[0], w, Const(2)}
			})
			return t.Dot(y, t.Map(y, (*Tracer).Sin))
		},
		"map of map": func(t *Tracer, x Array) Scalar {
			y := t.Map(x, (*Tracer).Sin)
			z := t.Map2(x, y, func(t *Tracer, a, b Scalar) Scalar { return t.Mul(a, t.Exp(b)) })
			return t.Sum(z)
		},
		"map hoists outer work": func(t *Tracer, x Array) Scalar {
			a := t.At(x, 0)
			y := t.Map(x, func(t *Tracer, v Scalar) Scalar {
				w := t.Exp(a) // only outer values: computed once, outside
				return t.Mul(v, w)
			})
			return t.Sum(y)
		},
		"at inside map": func(t *Tracer, x Array) Scalar {
			y := t.Map(t.Slice(x, 0, 3), func(t *Tracer, v Scalar) Scalar {
				return t.Add(t.Mul(v, t.At(x, 4)), t.Square(t.At(x, 5)))
			})
			return t.Sum(y)
		},
		"at inside map per element": func(t *Tracer, x Array) Scalar {
			y := t.Map(t.Slice(x, 0, 3), func(t *Tracer, v Scalar) Scalar {
				if v.Value() > 0 {
					return t.Mul(v, t.At(x, 4))
				}
				return t.Add(t.Square(t.At(x, 5)), t.Mul(v, t.At(x, 4)))
			})
			return t.Sum(y)
		},
		"dead code": func(t *Tracer, x Array) Scalar {
			a := t.At(x, 0)
			_ = t.Sin(a)                          // unused
			_ = t.Map(x, (*Tracer).Exp)           // unused
			_ = t.Sum(t.Map(x, (*Tracer).Square)) // unused
			return t.Mul(a, a)
		},
		"output used twice": func(t *Tracer, x Array) Scalar {
			s := t.Sum(x)
			return t.Mul(s, s)
		},
		"constant map result": func(t *Tracer, x Array) Scalar {
			c := t.Map(ConstArray([]float64{1, 2, 3}), (*Tracer).Exp)
			return t.Dot(c, t.Slice(x, 0, 3))
		},
	}
	for name, f := range tests {
		t.Run(name, func(t *testing.T) { checkGrad(t, f, x, 1e-6) })
	}
}

// TestFolds checks Reduce, Fold and Scan, vectorised and per step, at
// lengths that give one and several segments.
func TestFolds(t *testing.T) {
	for _, n := range []int{1, 2, 7, 600, 3000} {
		r := rand.New(rand.NewPCG(uint64(n), 3))
		x := make([]float64, n)
		for i := range x {
			x[i] = r.Float64()*2 - 1
		}
		tests := map[string]func(t *Tracer, x Array) Scalar{
			"reduce add": func(t *Tracer, x Array) Scalar {
				return t.Reduce(t.Map(x, (*Tracer).Sin), 0, (*Tracer).Add)
			},
			"reduce max": func(t *Tracer, x Array) Scalar {
				return t.Reduce(x, math.Inf(-1), (*Tracer).Max)
			},
			"reduce mul closure": func(t *Tracer, x Array) Scalar {
				c := t.At(x, 0)
				return t.Reduce(t.Map(x, func(t *Tracer, v Scalar) Scalar { return t.AddF(t.MulF(v, 0.01), 1) }), 1,
					func(t *Tracer, a, b Scalar) Scalar { return t.Mul(t.Mul(a, b), t.AddF(t.MulF(c, 1e-4), 1)) })
			},
			"reduce mul swapped": func(t *Tracer, x Array) Scalar {
				y := t.Map(x, func(t *Tracer, v Scalar) Scalar { return t.AddF(t.MulF(v, 0.01), 1) })
				return t.Reduce(y, 1, func(t *Tracer, a, b Scalar) Scalar { return t.Mul(b, a) })
			},
			"reduce max per step": func(t *Tracer, x Array) Scalar {
				return t.Reduce(x, math.Inf(-1), func(t *Tracer, a, b Scalar) Scalar {
					if a.Value() >= b.Value() {
						return a
					}
					return b
				})
			},
			"fold": func(t *Tracer, x Array) Scalar {
				z := t.At(x, 0)
				return t.Fold(x, z, func(t *Tracer, acc, v Scalar) Scalar {
					return t.Add(t.MulF(acc, 0.9), t.Sin(v))
				})
			},
			"fold per step": func(t *Tracer, x Array) Scalar {
				c := t.At(x, n-1)
				return t.Fold(x, Const(0.5), func(t *Tracer, acc, v Scalar) Scalar {
					if acc.Value() > 0 {
						return t.Add(t.MulF(acc, 0.9), t.Mul(v, c))
					}
					return t.Sub(t.MulF(acc, 0.8), v)
				})
			},
			"scan": func(t *Tracer, x Array) Scalar {
				c := t.At(x, 0)
				s := t.Scan(x, 0, func(t *Tracer, a, b Scalar) Scalar { return t.Add(a, t.Mul(b, c)) })
				return t.Dot(s, t.Map(x, (*Tracer).Cos))
			},
			"scan max per step": func(t *Tracer, x Array) Scalar {
				s := t.Scan(x, math.Inf(-1), func(t *Tracer, a, b Scalar) Scalar {
					if a.Value() >= b.Value() {
						return a
					}
					return t.Mul(b, Const(1))
				})
				return t.Dot(s, t.Map(x, (*Tracer).Sin))
			},
		}
		for name, f := range tests {
			t.Run(fmt.Sprint(name, "/", n), func(t *testing.T) {
				if n > 1000 && testing.Short() {
					t.Skip("long")
				}
				checkGrad(t, f, x, 1e-5)
			})
		}
	}
}

// TestSimpleReduce checks a Reduce by one operation, whose reverse pass
// recomputes its accumulated values instead of storing them, against the
// same reduction traced per step, which stores every step.
func TestSimpleReduce(t *testing.T) {
	ops := map[string]func(t *Tracer, a, b Scalar) Scalar{
		"add":         (*Tracer).Add,
		"max":         (*Tracer).Max,
		"min swapped": func(t *Tracer, a, b Scalar) Scalar { return t.Min(b, a) },
		"mul swapped": func(t *Tracer, a, b Scalar) Scalar { return t.Mul(b, a) },
	}
	for _, n := range []int{1, 5, 3000} {
		r := rand.New(rand.NewPCG(uint64(n), 9))
		x := make([]float64, n)
		for i := range x {
			x[i] = float64(r.IntN(7))/8 + 0.5 // ties for max and min
		}
		for name, op := range ops {
			t.Run(fmt.Sprint(name, "/", n), func(t *testing.T) {
				simple := func(t *Tracer, x Array) Scalar {
					return t.Reduce(t.Map(x, (*Tracer).Sqrt), 1, op)
				}
				perStep := func(t *Tracer, x Array) Scalar {
					return t.Reduce(t.Map(x, (*Tracer).Sqrt), 1, func(t *Tracer, a, b Scalar) Scalar {
						_ = a.Value()
						return op(t, a, b)
					})
				}
				for _, w := range []int{1, 2} {
					v1, g1, err := Config{Workers: w}.Grad(simple, x)
					if err != nil {
						t.Fatal(err)
					}
					v2, g2, err := Config{Workers: w}.Grad(perStep, x)
					if err != nil {
						t.Fatal(err)
					}
					if v1 != v2 || len(g1) != len(g2) {
						t.Fatalf("%d workers: value %v, per step %v", w, v1, v2)
					}
					for i := range g1 {
						if g1[i] != g2[i] {
							t.Fatalf("%d workers: d/dx[%d] = %v, per step %v", w, i, g1[i], g2[i])
						}
					}
				}
			})
		}
	}
}
