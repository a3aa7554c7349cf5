package rad

import (
	"fmt"
	"math"
	"testing"
)

// configs are the modes every worked example is checked under.
var configs = []Config{
	{},
	{Sequential: true},
	{Deterministic: true},
	{Debug: true},
}

func configName(c Config) string {
	return fmt.Sprintf("seq=%v,det=%v,debug=%v", c.Sequential, c.Deterministic, c.Debug)
}

// rotateVecByQuat rotates v by the quaternion q = (q1, q2, q3, q4), whose
// vector part is (q1, q2, q3) and scalar part q4.
func rotateVecByQuat(t *Task, v, q []Num) []Num {
	u, s := q[:3], q[3]
	uu := t.Dot(u, u)
	uv := t.Dot(u, v)
	a := t.Sub(t.Mul(s, s), uu)
	b := t.MulF(uv, 2)
	c := t.MulF(s, 2)
	cross := []Num{
		t.Sub(t.Mul(u[1], v[2]), t.Mul(u[2], v[1])),
		t.Sub(t.Mul(u[2], v[0]), t.Mul(u[0], v[2])),
		t.Sub(t.Mul(u[0], v[1]), t.Mul(u[1], v[0])),
	}
	out := make([]Num, 3)
	for i := range out {
		out[i] = t.Add(t.Add(t.Mul(v[i], a), t.Mul(u[i], b)), t.Mul(cross[i], c))
	}
	return out
}

func expTrap(levels int) func(t *Task, x []Num) Num {
	return func(t *Task, x []Num) Num {
		y := x[0]
		for range levels {
			y = t.Sub(t.MulF(y, 5), t.MulF(y, 3))
		}
		return t.MulF(t.Square(y), 1e-6)
	}
}

func scalar(f func(t *Task, x []Num) Num) func(t *Task, x []Num) []Num {
	return func(t *Task, x []Num) []Num { return []Num{f(t, x)} }
}

// paperVectors are the worked examples of the parallel dual-numbers reverse
// AD paper (Smeding and Vákár, JFP 2025), with values and Jacobians worked
// out by hand.
var paperVectors = []struct {
	name string
	f    func(t *Task, x []Num) []Num
	x    []float64
	y    []float64
	jac  [][]float64
}{
	{
		name: "x*(x+y)",
		f:    scalar(func(t *Task, x []Num) Num { return t.Mul(x[0], t.Add(x[0], x[1])) }),
		x:    []float64{12, 13},
		y:    []float64{300},
		jac:  [][]float64{{37, 12}},
	},
	{
		name: "fibonacci sharing chain",
		f: scalar(func(t *Task, x []Num) Num {
			prev, cur := x[0], t.Add(x[0], x[1])
			for k := 2; k <= 10; k++ {
				prev, cur = cur, t.Add(cur, prev)
			}
			return t.Mul(cur, cur)
		}),
		x:   []float64{1.5, -0.5},
		y:   []float64{11236},
		jac: [][]float64{{18868, 11660}},
	},
	{
		name: "exponential trap",
		f:    scalar(expTrap(10)),
		x:    []float64{0.7},
		y:    []float64{0.51380224},
		jac:  [][]float64{{1.4680064}},
	},
	{
		name: "6x^3-4x^2-x",
		f: scalar(func(t *Task, x []Num) Num {
			x2 := t.Mul(x[0], x[0])
			x3 := t.Mul(x2, x[0])
			a := t.MulF(x3, 6)
			b := t.MulF(x2, 4)
			return t.Sub(t.Sub(a, b), x[0])
		}),
		x:   []float64{2},
		y:   []float64{30},
		jac: [][]float64{{55}},
	},
	{
		name: "closure",
		f: scalar(func(t *Task, x []Num) Num {
			f := func(z Num) Num { return t.Add(t.Mul(x[0], z), x[1]) }
			return t.Mul(f(x[1]), f(x[0]))
		}),
		x:   []float64{2, 3},
		y:   []float64{63},
		jac: [][]float64{{57, 30}},
	},
	{
		name: "parallel (x*y*x) |*| (y+y+x)",
		f: scalar(func(t *Task, x []Num) Num {
			var a, b Num
			t.Par(
				func(t *Task) { a = t.Mul(t.Mul(x[0], x[1]), x[0]) },
				func(t *Task) { b = t.Add(t.Add(x[1], x[1]), x[0]) },
			)
			return t.Add(a, b)
		}),
		x:   []float64{2, 3},
		y:   []float64{20},
		jac: [][]float64{{13, 6}},
	},
	{
		name: "rotate_vec_by_quat",
		f:    func(t *Task, x []Num) []Num { return rotateVecByQuat(t, x[:3], x[3:]) },
		x:    []float64{1, 2, 3, 4, 5, 6, 7},
		y:    []float64{270, 180, 342},
		jac: [][]float64{
			{4, -44, 118, 64, 48, -16, 20},
			{124, 22, 4, -48, 64, 20, 16},
			{-22, 116, 44, 16, -20, 64, 48},
		},
	},
}

func close(a, b float64) bool {
	return a == b || math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

func TestPaperVectors(t *testing.T) {
	for _, tc := range paperVectors {
		for _, cfg := range configs {
			t.Run(tc.name+"/"+configName(cfg), func(t *testing.T) {
				y, jac, err := cfg.Jacobian(tc.f, tc.x)
				if err != nil {
					t.Fatal(err)
				}
				if len(y) != len(tc.y) {
					t.Fatalf("got %d outputs, want %d", len(y), len(tc.y))
				}
				for i := range y {
					if !close(y[i], tc.y[i]) {
						t.Errorf("y[%d] = %v, want %v", i, y[i], tc.y[i])
					}
					for j := range tc.x {
						if !close(jac[i][j], tc.jac[i][j]) {
							t.Errorf("J[%d][%d] = %v, want %v", i, j, jac[i][j], tc.jac[i][j])
						}
					}
				}
			})
		}
	}
}

// TestGradAndVJP checks Grad and VJP against the Jacobian rows
// of the worked examples.
func TestGradAndVJP(t *testing.T) {
	for _, tc := range paperVectors {
		t.Run(tc.name, func(t *testing.T) {
			w := make([]float64, len(tc.y))
			want := make([]float64, len(tc.x))
			for i := range w {
				w[i] = float64(i + 2)
				for j := range want {
					want[j] += w[i] * tc.jac[i][j]
				}
			}
			_, got, err := VJP(tc.f, tc.x, w)
			if err != nil {
				t.Fatal(err)
			}
			for j := range want {
				if !close(got[j], want[j]) {
					t.Errorf("wJ[%d] = %v, want %v", j, got[j], want[j])
				}
			}
			if len(tc.y) != 1 {
				return
			}
			v, g, err := Grad(func(t *Task, x []Num) Num { return tc.f(t, x)[0] }, tc.x)
			if err != nil {
				t.Fatal(err)
			}
			if !close(v, tc.y[0]) {
				t.Errorf("value %v, want %v", v, tc.y[0])
			}
			for j := range g {
				if !close(g[j], tc.jac[0][j]) {
					t.Errorf("grad[%d] = %v, want %v", j, g[j], tc.jac[0][j])
				}
			}
		})
	}
}

// TestExpTrapLinear checks that the exponential trap records a tape linear
// in the number of levels and differentiates exactly at 40 levels, where
// the naive backpropagator tree would make 8^40 calls.
func TestExpTrapLinear(t *testing.T) {
	lens := map[int]int{}
	for _, levels := range []int{10, 20, 40} {
		tp, err := Record(scalar(expTrap(levels)), []float64{0.7})
		if err != nil {
			t.Fatal(err)
		}
		lens[levels] = tp.Len()
		g, err := tp.VJP([]float64{1})
		if err != nil {
			t.Fatal(err)
		}
		p := math.Ldexp(0.7, levels)
		want := 1e-6 * 2 * p * math.Ldexp(1, levels)
		if !close(g[0], want) {
			t.Errorf("levels %d: gradient %v, want %v", levels, g[0], want)
		}
	}
	if d1, d2 := lens[20]-lens[10], lens[40]-lens[20]; d2 != 2*d1 || d1 != 10*3 {
		t.Errorf("tape lengths %v are not 3 entries per level", lens)
	}
}
