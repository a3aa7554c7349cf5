package rad

import (
	"math"
	"testing"
)

// centralDiff approximates the gradient of f at x by central differences.
func centralDiff(f func(x []float64) float64, x []float64) []float64 {
	g := make([]float64, len(x))
	xs := append([]float64(nil), x...)
	for i := range x {
		h := 1e-6 * math.Max(1, math.Abs(x[i]))
		xs[i] = x[i] + h
		up := f(xs)
		xs[i] = x[i] - h
		down := f(xs)
		xs[i] = x[i]
		g[i] = (up - down) / (2 * h)
	}
	return g
}

// nearFD reports whether an exact derivative matches a central-difference
// estimate, allowing for the estimate's truncation and rounding error.
func nearFD(exact, approx float64) bool {
	return math.Abs(exact-approx) <= 1e-5*math.Max(1, math.Abs(exact))
}

// mathCases pairs each differentiable operation with its plain float64
// counterpart and points inside its domain, away from kinks.
var mathCases = []struct {
	name   string
	f      func(t *Task, x []Num) Num
	plain  func(x []float64) float64
	points [][]float64
}{
	{"Add", func(t *Task, x []Num) Num { return t.Add(x[0], x[1]) }, func(x []float64) float64 { return x[0] + x[1] }, [][]float64{{1, 2}, {-3, 0.5}}},
	{"Sub", func(t *Task, x []Num) Num { return t.Sub(x[0], x[1]) }, func(x []float64) float64 { return x[0] - x[1] }, [][]float64{{1, 2}}},
	{"Mul", func(t *Task, x []Num) Num { return t.Mul(x[0], x[1]) }, func(x []float64) float64 { return x[0] * x[1] }, [][]float64{{1.5, -2}}},
	{"Div", func(t *Task, x []Num) Num { return t.Div(x[0], x[1]) }, func(x []float64) float64 { return x[0] / x[1] }, [][]float64{{1.5, -2}, {-3, 0.25}}},
	{"Neg", func(t *Task, x []Num) Num { return t.Neg(x[0]) }, func(x []float64) float64 { return -x[0] }, [][]float64{{1.5}}},
	{"AddF", func(t *Task, x []Num) Num { return t.AddF(x[0], 3) }, func(x []float64) float64 { return x[0] + 3 }, [][]float64{{1.5}}},
	{"SubF", func(t *Task, x []Num) Num { return t.SubF(x[0], 3) }, func(x []float64) float64 { return x[0] - 3 }, [][]float64{{1.5}}},
	{"FSub", func(t *Task, x []Num) Num { return t.FSub(3, x[0]) }, func(x []float64) float64 { return 3 - x[0] }, [][]float64{{1.5}}},
	{"MulF", func(t *Task, x []Num) Num { return t.MulF(x[0], -3) }, func(x []float64) float64 { return x[0] * -3 }, [][]float64{{1.5}}},
	{"DivF", func(t *Task, x []Num) Num { return t.DivF(x[0], 4) }, func(x []float64) float64 { return x[0] / 4 }, [][]float64{{1.5}}},
	{"FDiv", func(t *Task, x []Num) Num { return t.FDiv(3, x[0]) }, func(x []float64) float64 { return 3 / x[0] }, [][]float64{{1.5}, {-0.5}}},
	{"Square", func(t *Task, x []Num) Num { return t.Square(x[0]) }, func(x []float64) float64 { return x[0] * x[0] }, [][]float64{{-1.5}}},
	{"Sum", func(t *Task, x []Num) Num { return t.Sum([]Num{x[0], x[1], x[0], Const(4)}) }, func(x []float64) float64 { return x[0] + x[1] + x[0] + 4 }, [][]float64{{1, 2}}},
	{"Dot", func(t *Task, x []Num) Num { return t.Dot([]Num{x[0], x[1], Const(2)}, []Num{x[1], Const(3), x[0]}) }, func(x []float64) float64 { return x[0]*x[1] + x[1]*3 + 2*x[0] }, [][]float64{{1.5, -2}}},
	{"Sqrt", func(t *Task, x []Num) Num { return t.Sqrt(x[0]) }, func(x []float64) float64 { return math.Sqrt(x[0]) }, [][]float64{{0.3}, {7}}},
	{"Cbrt", func(t *Task, x []Num) Num { return t.Cbrt(x[0]) }, func(x []float64) float64 { return math.Cbrt(x[0]) }, [][]float64{{0.3}, {-7}}},
	{"Exp", func(t *Task, x []Num) Num { return t.Exp(x[0]) }, func(x []float64) float64 { return math.Exp(x[0]) }, [][]float64{{0.3}, {-2}}},
	{"Exp2", func(t *Task, x []Num) Num { return t.Exp2(x[0]) }, func(x []float64) float64 { return math.Exp2(x[0]) }, [][]float64{{0.3}, {-2}}},
	{"Expm1", func(t *Task, x []Num) Num { return t.Expm1(x[0]) }, func(x []float64) float64 { return math.Expm1(x[0]) }, [][]float64{{1e-3}, {1.2}}},
	{"Log", func(t *Task, x []Num) Num { return t.Log(x[0]) }, func(x []float64) float64 { return math.Log(x[0]) }, [][]float64{{0.3}, {20}}},
	{"Log1p", func(t *Task, x []Num) Num { return t.Log1p(x[0]) }, func(x []float64) float64 { return math.Log1p(x[0]) }, [][]float64{{1e-3}, {-0.5}}},
	{"Log2", func(t *Task, x []Num) Num { return t.Log2(x[0]) }, func(x []float64) float64 { return math.Log2(x[0]) }, [][]float64{{0.3}, {20}}},
	{"Log10", func(t *Task, x []Num) Num { return t.Log10(x[0]) }, func(x []float64) float64 { return math.Log10(x[0]) }, [][]float64{{0.3}, {20}}},
	{"Pow", func(t *Task, x []Num) Num { return t.Pow(x[0], x[1]) }, func(x []float64) float64 { return math.Pow(x[0], x[1]) }, [][]float64{{1.5, 2.5}, {0.5, -1.5}}},
	{"PowF", func(t *Task, x []Num) Num { return t.PowF(x[0], 3) }, func(x []float64) float64 { return math.Pow(x[0], 3) }, [][]float64{{-2}, {0.5}}},
	{"Hypot", func(t *Task, x []Num) Num { return t.Hypot(x[0], x[1]) }, func(x []float64) float64 { return math.Hypot(x[0], x[1]) }, [][]float64{{3, -4}}},
	{"Sin", func(t *Task, x []Num) Num { return t.Sin(x[0]) }, func(x []float64) float64 { return math.Sin(x[0]) }, [][]float64{{0.3}, {2}}},
	{"Cos", func(t *Task, x []Num) Num { return t.Cos(x[0]) }, func(x []float64) float64 { return math.Cos(x[0]) }, [][]float64{{0.3}, {2}}},
	{"Sincos", func(t *Task, x []Num) Num { s, c := t.Sincos(x[0]); return t.Add(s, t.MulF(c, 3)) }, func(x []float64) float64 { return math.Sin(x[0]) + 3*math.Cos(x[0]) }, [][]float64{{0.7}}},
	{"Tan", func(t *Task, x []Num) Num { return t.Tan(x[0]) }, func(x []float64) float64 { return math.Tan(x[0]) }, [][]float64{{0.3}, {-1.2}}},
	{"Asin", func(t *Task, x []Num) Num { return t.Asin(x[0]) }, func(x []float64) float64 { return math.Asin(x[0]) }, [][]float64{{0.3}, {-0.8}}},
	{"Acos", func(t *Task, x []Num) Num { return t.Acos(x[0]) }, func(x []float64) float64 { return math.Acos(x[0]) }, [][]float64{{0.3}, {-0.8}}},
	{"Atan", func(t *Task, x []Num) Num { return t.Atan(x[0]) }, func(x []float64) float64 { return math.Atan(x[0]) }, [][]float64{{0.3}, {-4}}},
	{"Atan2", func(t *Task, x []Num) Num { return t.Atan2(x[0], x[1]) }, func(x []float64) float64 { return math.Atan2(x[0], x[1]) }, [][]float64{{1, 2}, {-1, -3}, {2, -0.5}}},
	{"Sinh", func(t *Task, x []Num) Num { return t.Sinh(x[0]) }, func(x []float64) float64 { return math.Sinh(x[0]) }, [][]float64{{0.3}, {-2}}},
	{"Cosh", func(t *Task, x []Num) Num { return t.Cosh(x[0]) }, func(x []float64) float64 { return math.Cosh(x[0]) }, [][]float64{{0.3}, {-2}}},
	{"Tanh", func(t *Task, x []Num) Num { return t.Tanh(x[0]) }, func(x []float64) float64 { return math.Tanh(x[0]) }, [][]float64{{0.3}, {-2}}},
	{"Asinh", func(t *Task, x []Num) Num { return t.Asinh(x[0]) }, func(x []float64) float64 { return math.Asinh(x[0]) }, [][]float64{{0.3}, {-2}}},
	{"Acosh", func(t *Task, x []Num) Num { return t.Acosh(x[0]) }, func(x []float64) float64 { return math.Acosh(x[0]) }, [][]float64{{1.3}, {5}}},
	{"Atanh", func(t *Task, x []Num) Num { return t.Atanh(x[0]) }, func(x []float64) float64 { return math.Atanh(x[0]) }, [][]float64{{0.3}, {-0.9}}},
	{"Abs", func(t *Task, x []Num) Num { return t.Abs(x[0]) }, func(x []float64) float64 { return math.Abs(x[0]) }, [][]float64{{0.3}, {-2}}},
	{"Max", func(t *Task, x []Num) Num { return t.Max(x[0], x[1]) }, func(x []float64) float64 { return math.Max(x[0], x[1]) }, [][]float64{{1, 2}, {3, -1}}},
	{"Min", func(t *Task, x []Num) Num { return t.Min(x[0], x[1]) }, func(x []float64) float64 { return math.Min(x[0], x[1]) }, [][]float64{{1, 2}, {3, -1}}},
	{"Dim", func(t *Task, x []Num) Num { return t.Dim(x[0], x[1]) }, func(x []float64) float64 { return math.Dim(x[0], x[1]) }, [][]float64{{1, 2}, {3, -1}}},
	{"Copysign", func(t *Task, x []Num) Num { return t.Copysign(x[0], x[1]) }, func(x []float64) float64 { return math.Copysign(x[0], x[1]) }, [][]float64{{1.5, -2}, {-1.5, -2}, {-1.5, 3}}},
	{"FMA", func(t *Task, x []Num) Num { return t.FMA(x[0], x[1], x[2]) }, func(x []float64) float64 { return math.FMA(x[0], x[1], x[2]) }, [][]float64{{1.5, -2, 0.25}}},
	{"Mod", func(t *Task, x []Num) Num { return t.Mod(x[0], x[1]) }, func(x []float64) float64 { return math.Mod(x[0], x[1]) }, [][]float64{{7.5, 2}, {-7.5, 2.2}}},
	{"Remainder", func(t *Task, x []Num) Num { return t.Remainder(x[0], x[1]) }, func(x []float64) float64 { return math.Remainder(x[0], x[1]) }, [][]float64{{7.3, 2}, {-7.5, 2.2}}},
	{"Ldexp", func(t *Task, x []Num) Num { return t.Ldexp(x[0], 3) }, func(x []float64) float64 { return math.Ldexp(x[0], 3) }, [][]float64{{1.3}}},
	{"Erf", func(t *Task, x []Num) Num { return t.Erf(x[0]) }, func(x []float64) float64 { return math.Erf(x[0]) }, [][]float64{{0.3}, {-1.2}}},
	{"Erfc", func(t *Task, x []Num) Num { return t.Erfc(x[0]) }, func(x []float64) float64 { return math.Erfc(x[0]) }, [][]float64{{0.3}, {-1.2}}},
	{"Erfinv", func(t *Task, x []Num) Num { return t.Erfinv(x[0]) }, func(x []float64) float64 { return math.Erfinv(x[0]) }, [][]float64{{0.3}, {-0.7}}},
	{"Erfcinv", func(t *Task, x []Num) Num { return t.Erfcinv(x[0]) }, func(x []float64) float64 { return math.Erfcinv(x[0]) }, [][]float64{{0.3}, {1.7}}},
	{"Gamma", func(t *Task, x []Num) Num { return t.Gamma(x[0]) }, func(x []float64) float64 { return math.Gamma(x[0]) }, [][]float64{{0.3}, {4.5}, {-1.5}, {-0.3}}},
	{"Lgamma", func(t *Task, x []Num) Num { v, _ := t.Lgamma(x[0]); return v }, func(x []float64) float64 { v, _ := math.Lgamma(x[0]); return v }, [][]float64{{0.3}, {4.5}, {-1.5}, {30}}},
	{"J0", func(t *Task, x []Num) Num { return t.J0(x[0]) }, func(x []float64) float64 { return math.J0(x[0]) }, [][]float64{{0.3}, {4.5}}},
	{"J1", func(t *Task, x []Num) Num { return t.J1(x[0]) }, func(x []float64) float64 { return math.J1(x[0]) }, [][]float64{{0.3}, {4.5}, {0}}},
	{"Jn", func(t *Task, x []Num) Num { return t.Jn(3, x[0]) }, func(x []float64) float64 { return math.Jn(3, x[0]) }, [][]float64{{0.3}, {4.5}}},
	{"Jn0", func(t *Task, x []Num) Num { return t.Jn(0, x[0]) }, func(x []float64) float64 { return math.Jn(0, x[0]) }, [][]float64{{1.3}}},
	{"Y0", func(t *Task, x []Num) Num { return t.Y0(x[0]) }, func(x []float64) float64 { return math.Y0(x[0]) }, [][]float64{{0.3}, {4.5}}},
	{"Y1", func(t *Task, x []Num) Num { return t.Y1(x[0]) }, func(x []float64) float64 { return math.Y1(x[0]) }, [][]float64{{0.3}, {4.5}}},
	{"Yn", func(t *Task, x []Num) Num { return t.Yn(2, x[0]) }, func(x []float64) float64 { return math.Yn(2, x[0]) }, [][]float64{{0.7}, {4.5}}},
}

func TestMathAgainstFiniteDifferences(t *testing.T) {
	for _, tc := range mathCases {
		for _, x := range tc.points {
			v, g, err := Grad(tc.f, x)
			if err != nil {
				t.Fatalf("%s%v: %v", tc.name, x, err)
			}
			if want := tc.plain(x); v != want {
				t.Errorf("%s%v = %v, want %v", tc.name, x, v, want)
			}
			fd := centralDiff(tc.plain, x)
			for i := range g {
				if !nearFD(g[i], fd[i]) {
					t.Errorf("d%s%v/dx%d = %v, central difference %v", tc.name, x, i, g[i], fd[i])
				}
			}
		}
	}
}

// TestPiecewiseConstant checks that rounding functions give constants,
// which carry no derivative.
func TestPiecewiseConstant(t *testing.T) {
	ops := []struct {
		name  string
		op    func(t *Task, x Num) Num
		plain func(float64) float64
	}{
		{"Floor", (*Task).Floor, math.Floor},
		{"Ceil", (*Task).Ceil, math.Ceil},
		{"Trunc", (*Task).Trunc, math.Trunc},
		{"Round", (*Task).Round, math.Round},
		{"RoundToEven", (*Task).RoundToEven, math.RoundToEven},
	}
	for _, op := range ops {
		for _, x := range []float64{-2.5, 0.5, 1.7} {
			v, g, err := Grad(func(t *Task, x []Num) Num {
				r := op.op(t, x[0])
				if !r.IsConst() {
					t.rec.fail(errNotConst)
				}
				return t.Add(r, x[0])
			}, []float64{x})
			if err != nil {
				t.Fatalf("%s(%v): %v", op.name, x, err)
			}
			if v != op.plain(x)+x || g[0] != 1 {
				t.Errorf("%s(%v)+x: value %v gradient %v, want %v and 1", op.name, x, v, g[0], op.plain(x)+x)
			}
		}
	}
}

var errNotConst = errorString("result is not a constant")

type errorString string

func (e errorString) Error() string { return string(e) }

// TestDigamma checks digamma against closed forms: digamma(1) = -gamma,
// digamma(1/2) = -gamma - 2 ln 2, digamma(n+1) = H_n - gamma, and the
// reflection formula at a negative point.
func TestDigamma(t *testing.T) {
	const euler = 0.57721566490153286061
	tests := []struct {
		x, want float64
	}{
		{1, -euler},
		{0.5, -euler - 2*math.Ln2},
		{4, 1 + 0.5 + 1.0/3 - euler},
		{11, 2.9289682539682538 - euler},
		{-0.5, -euler - 2*math.Ln2 + 2}, // digamma(x) = digamma(x+1) - 1/x
	}
	for _, tc := range tests {
		if got := digamma(tc.x); math.Abs(got-tc.want) > 1e-13 {
			t.Errorf("digamma(%v) = %.17g, want %.17g", tc.x, got, tc.want)
		}
	}
	for _, x := range []float64{0, -1, -3, math.NaN(), math.Inf(-1)} {
		if got := digamma(x); !math.IsNaN(got) {
			t.Errorf("digamma(%v) = %v, want NaN", x, got)
		}
	}
}
