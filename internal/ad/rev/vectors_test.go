package rev

import (
	"math"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/lower"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// lowerSource checks and lowers a source program (not through the
// pipeline, whose AD pass uses this package).
func lowerSource(src string) (*ir.Program, error) {
	prog, err := check.CheckSource("t.fut", []byte(src), nil)
	if err != nil {
		return nil, err
	}
	return lower.Program(prog)
}

// compile lowers src, expands its VJPs, verifies the result and prepares
// it for the interpreter.
func compile(t testing.TB, src string) *interp.Program {
	t.Helper()
	p, err := lowerSource(src)
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	q, err := Expand(p)
	if err != nil {
		t.Fatalf("expand: %v", err)
	}
	if err := ir.Verify(q); err != nil {
		t.Fatalf("expanded program does not verify: %v\n%s", err, q)
	}
	c, err := interp.Compile(q)
	if err != nil {
		t.Fatalf("interp: %v", err)
	}
	return c
}

func sf(x float64) interp.Value { return interp.ScalarValue(prim.FloatValue(prim.F64, x)) }

func af(xs ...float64) interp.Value { return afs([]int64{int64(len(xs))}, xs...) }

func afs(shape []int64, xs ...float64) interp.Value {
	a := interp.NewArray(prim.F64, shape)
	for i, x := range xs {
		a.Data[i] = prim.FloatValue(prim.F64, x)
	}
	return interp.ArrayValue(a)
}

func ai(xs ...int64) interp.Value {
	a := interp.NewArray(prim.I64, []int64{int64(len(xs))})
	for i, x := range xs {
		a.Data[i] = prim.IntValue(prim.I64, x)
	}
	return interp.ArrayValue(a)
}

// flat lists the scalar leaves of results as float64.
func flat(vs []interp.Value) []float64 {
	var out []float64
	for _, v := range vs {
		if v.Arr != nil {
			for _, x := range v.Arr.Data {
				out = append(out, toFloat(x))
			}
			continue
		}
		out = append(out, toFloat(v.Scalar))
	}
	return out
}

func toFloat(x prim.Value) float64 {
	switch t := x.Type(); {
	case t.IsFloat():
		return x.Float()
	case t == prim.Bool:
		if x.Bool() {
			return 1
		}
		return 0
	}
	return float64(x.Int())
}

func closeTo(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*math.Max(1, math.Abs(b))
}

// The AD-NOTES.md test vectors that the implemented rules cover.
const vectorSrc = `
def P (x0: f64, x1: f64) = (x1 * f64.sin x0, x0 * x1)
entry p_vjp (a: f64) (b: f64) (y0: f64) (y1: f64) = vjp2 P (a, b) (y0, y1)
entry pow (x: f64) = vjp2 (\x -> loop acc = 1 for _i < 10 do acc * x) x 1
entry powwhile (x: f64) = vjp (\x -> (loop (acc, k) = (1, 0) while k < 10 do (acc * x, k + 1)).0) x 1
entry gather (as: [3]f64) (is: [3]i64) = vjp (\as -> map (\i -> as[i]) is) as [1, 1, 1]
entry prod (xs: []f64) = vjp (\xs -> reduce (*) 1 xs) xs 1
entry rmin (xs: []f64) = vjp (\xs -> reduce f64.min f64.inf xs) xs 1
entry rmax (xs: []f64) = vjp f64.maximum xs 1
entry gred (a: []f64) (b: []f64) (ya: f64) (yb: f64) =
  vjp2 (\(a, b) -> reduce (\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)) (1, 0) (zip a b)) (a, b) (ya, yb)
def matmul [n][m][p] (a: [n][m]f64) (b: [m][p]f64) : [n][p]f64 =
  map (\row -> map (\col -> f64.sum (map2 (*) row col)) (transpose b)) a
entry mm (a: [2][2]f64) (b: [2][2]f64) (c: [2][2]f64) = vjp (\(a, b) -> matmul a b) (a, b) c
entry f4 (x: f64) (y: f64) = vjp (\(x, y) -> x * (x + y)) (x, y) 1
entry fib (x: f64) (y: f64) = vjp (\(x, y) ->
  let x1 = x + y
  let x2 = x1 + x
  let x3 = x2 + x1
  let x4 = x3 + x2
  let x5 = x4 + x3
  let x6 = x5 + x4
  let x7 = x6 + x5
  let x8 = x7 + x6
  let x9 = x8 + x7
  let x10 = x9 + x8
  in x10 * x10) (x, y) 1
entry trap (x: f64) = vjp (\x -> 1e-6 * (loop x for _i < 10 do 5 * x - 3 * x) ** 2) x 1
entry poly (x: f64) = vjp (\x -> let a = 6 * x * x * x let b = 4 * x * x in a - b - x) x 1
entry closure (x: f64) (y: f64) = vjp (\(x, y) -> let f z = x * z + y in f y * f x) (x, y) 1
entry par (x: f64) (y: f64) = vjp (\(x, y) -> (x * y * x) + (y + y + x)) (x, y) 1
entry dead (x: f64) = vjp (\x -> let t = 2 * x let _u = 3 * t in t + 1) x 1
entry conv (x: f32) = vjp i64.f32 x 3i64
entry ipoly (x: i32) = vjp (\x -> loop acc = 1 for _i < 3 do acc * x) x 1
entry cmp (x: f64) = vjp (\x -> x < 2) x true
entry maxties (xs: []f64) = vjp f64.maximum xs 1
entry branch (x: f64) (y: f64) = vjp (\(x, y) -> if x > 0 then x * y else y * y) (x, y) 1
entry upd (xs: []f64) (v: f64) = vjp (\(xs, v) -> let ys = copy xs with [1] = v * v in map (*2) ys) (xs, v) (replicate (length xs) 1)
entry mjp_p (a: f64) (b: f64) (ys: [2](f64, f64)) = mjp P (a, b) ys
entry scanadd (xs: []f64) (ys: []f64) = vjp (\xs -> scan (+) 0 xs) xs ys
entry scanmul (xs: []f64) (ys: []f64) = vjp (\xs -> scan (*) 1 xs) xs ys
entry scanpair (a: []f64) (b: []f64) (ya: []f64) (yb: []f64) =
  vjp2 (\(a, b) -> unzip (scan (\(a1, b1) (a2, b2) -> (b1 * a2 + b2 * a1, b1 * b2)) (0, 1) (zip a b))) (a, b) (ya, yb)
entry scanmat (a: []f64) (b: []f64) (c: []f64) (d: []f64) (ya: []f64) (yb: []f64) (yc: []f64) (yd: []f64) =
  vjp (\(a, b, c, d) -> unzip4 (scan (\(a1, b1, c1, d1) (a2, b2, c2, d2) ->
      (a1 * a2 + b1 * c2, a1 * b2 + b1 * d2, c1 * a2 + d1 * c2, c1 * b2 + d1 * d2)) (1, 0, 0, 1) (zip4 a b c d)))
    (a, b, c, d) (ya, yb, yc, yd)
entry scan3 (a: []f64) (b: []f64) (c: []f64) =
  vjp (\(a, b, c) -> unzip3 (scan (\(a1, b1, c1) (a2, b2, c2) -> (a1 + a2, b1 * b2, f64.max c1 c2)) (0, 1, -f64.inf) (zip3 a b c)))
    (a, b, c) (map (const 1) a, map (const 1) a, map (const 1) a)
entry scat (xs: []f64) (is: []i64) (vs: []f64) (ys: []f64) = vjp (\(xs, vs) -> scatter (copy xs) is vs) (xs, vs) ys
entry histadd (is: []i64) (vs: []f64) (ys: [3]f64) = vjp2 (\vs -> hist (+) 0 3 is vs) vs ys
entry rbiadd (dst: []f64) (is: []i64) (vs: []f64) (ys: []f64) = vjp (\(dst, vs) -> reduce_by_index (copy dst) (+) 0 is vs) (dst, vs) ys
entry histmin (is: []i64) (vs: []f64) (ys: [2]f64) = vjp2 (\vs -> hist f64.min f64.inf 2 is vs) vs ys
entry histmul (is: []i64) (vs: []f64) (ys: [2]f64) = vjp2 (\vs -> hist (*) 1 2 is vs) vs ys
entry rbimul (dst: []f64) (is: []i64) (vs: []f64) (ys: []f64) = vjp2 (\(dst, vs) -> reduce_by_index (copy dst) (*) 1 is vs) (dst, vs) ys
entry rbimax (dst: []f64) (is: []i64) (vs: []f64) (ys: []f64) = vjp2 (\(dst, vs) -> reduce_by_index (copy dst) f64.max (-f64.inf) is vs) (dst, vs) ys
entry isq (xs: []i32) = vjp (\xs -> map (\x -> x * x) xs) xs (map (const 1) xs)
entry band [n] (bs: [n]bool) = vjp (\bs -> map (\i -> bs[i] && bs[(i + 1) % n]) (iota n)) bs (replicate n true)
entry nnmf (u: [2]f64) (v: [3]f64) (a: [2][3]f64) =
  vjp (\(u, v) -> f64.sum (map2 (\ui arow -> f64.sum (map2 (\vj aij -> f64.log (ui * vj) + aij / (ui * vj)) v arow)) u a)) (u, v) 1
`

func TestVectors(t *testing.T) {
	p := compile(t, vectorSrc)
	m22 := func(xs ...float64) interp.Value { return afs([]int64{2, 2}, xs...) }
	tests := []struct {
		name  string
		entry string
		args  []interp.Value
		want  []float64
	}{
		{"P vjp(1,0)", "p_vjp", []interp.Value{sf(1), sf(2), sf(1), sf(0)}, []float64{1.6829419696, 2, 1.0806046117, 0.8414709848}},
		{"P vjp(0,1)", "p_vjp", []interp.Value{sf(1), sf(2), sf(0), sf(1)}, []float64{1.6829419696, 2, 2, 1}},
		{"pow loop", "pow", []interp.Value{sf(2)}, []float64{1024, 5120}},
		{"pow while", "powwhile", []interp.Value{sf(2)}, []float64{5120}},
		{"gather", "gather", []interp.Value{af(1, 2, 3), ai(0, 2, 0)}, []float64{2, 0, 1}},
		{"prod", "prod", []interp.Value{af(2, 3, 4)}, []float64{12, 8, 6}},
		{"prod one zero", "prod", []interp.Value{af(2, 0, 4)}, []float64{0, 8, 0}},
		{"prod two zeros", "prod", []interp.Value{af(0, 3, 0)}, []float64{0, 0, 0}},
		{"min", "rmin", []interp.Value{af(3, 1, 2, 1)}, []float64{0, 1, 0, 0}},
		{"max ties", "rmax", []interp.Value{af(1, 3, 3)}, []float64{0, 1, 0}},
		{"generic reduce", "gred", []interp.Value{af(2, 3, 1), af(1, 0, 5), sf(1), sf(1)}, []float64{6, 8, 3, 3, 9, 3, 1, 1}},
		{"matmul", "mm", []interp.Value{m22(1, 2, 3, 4), m22(5, 6, 7, 8), m22(1, 1, 1, 1)}, []float64{11, 15, 11, 15, 4, 4, 6, 6}},
		{"x(x+y)", "f4", []interp.Value{sf(12), sf(13)}, []float64{37, 12}},
		{"fibonacci", "fib", []interp.Value{sf(1.5), sf(-0.5)}, []float64{18868, 11660}},
		{"exponential trap", "trap", []interp.Value{sf(0.7)}, []float64{1.4680064}},
		{"polynomial", "poly", []interp.Value{sf(2)}, []float64{55}},
		{"closure", "closure", []interp.Value{sf(2), sf(3)}, []float64{57, 30}},
		{"parallel", "par", []interp.Value{sf(2), sf(3)}, []float64{13, 6}},
		{"dead code", "dead", []interp.Value{sf(5)}, []float64{2}},
		{"conversion", "conv", []interp.Value{interp.ScalarValue(prim.FloatValue(prim.F32, 1.5))}, []float64{3}},
		{"integer loop", "ipoly", []interp.Value{interp.ScalarValue(prim.IntValue(prim.I32, 5))}, []float64{75}},
		{"comparison", "cmp", []interp.Value{sf(1)}, []float64{0}},
		{"if then", "branch", []interp.Value{sf(2), sf(3)}, []float64{3, 2}},
		{"if else", "branch", []interp.Value{sf(-2), sf(3)}, []float64{0, 6}},
		{"update", "upd", []interp.Value{af(1, 2, 3), sf(5)}, []float64{2, 0, 2, 20}},
		{"mjp", "mjp_p", []interp.Value{sf(1), sf(2), afs([]int64{2}, 1, 0), afs([]int64{2}, 0, 1)}, []float64{1.0806046117, 2, 0.8414709848, 1}},
		{"scan +", "scanadd", []interp.Value{af(5, 6, 7, 8), af(1, 1, 1, 1)}, []float64{4, 3, 2, 1}},
		{"scan + seeds", "scanadd", []interp.Value{af(1, 2, 3, 4), af(1, 2, 3, 4)}, []float64{10, 9, 7, 4}},
		{"scan *", "scanmul", []interp.Value{af(2, 3, 4), af(1, 1, 1)}, []float64{16, 10, 6}},
		{"scan * zero", "scanmul", []interp.Value{af(2, 3, 0, 5), af(1, 1, 1, 1)}, []float64{4, 2, 36, 0}},
		{"scan pair", "scanpair", []interp.Value{af(1, 3, 5), af(2, 4, 6), af(1, 0, 1), af(0, 1, 1)},
			[]float64{1, 10, 100, 2, 8, 48, 25, 12, 8, 66, 30, 18}},
		{"scan 2x2 matrices", "scanmat", []interp.Value{af(1, 0, 2), af(2, 1, 0), af(3, 1, 0), af(4, 0, 2), af(1, 0, 1), af(0, 1, 1), af(0, 0, 1), af(0, 0, 1)},
			[]float64{4, 8, 6, 2, 9, 6, 2, 12, 4, 2, 14, 4}},
		{"scan (+,*,max)", "scan3", []interp.Value{af(1, 2, 3), af(2, 3, 4), af(5, 1, 7)}, []float64{3, 2, 1, 16, 10, 6, 2, 0, 1}},
		{"scatter", "scat", []interp.Value{af(10, 20, 30, 40), ai(1, 3), af(5, 6), af(1, 2, 3, 4)}, []float64{1, 0, 3, 0, 2, 4}},
		{"scatter duplicates", "scat", []interp.Value{af(10, 20, 30, 40), ai(1, 1, 7), af(5, 6, 7), af(1, 2, 3, 4)}, []float64{1, 0, 3, 4, 0, 2, 0}},
		{"hist +", "histadd", []interp.Value{ai(0, 2, 0, 1), af(1, 2, 3, 4), af(10, 20, 30)}, []float64{4, 4, 2, 10, 30, 10, 20}},
		{"reduce_by_index +", "rbiadd", []interp.Value{af(1, 1), ai(0, 5, 1), af(1, 2, 3), af(7, 9)}, []float64{7, 9, 7, 0, 9}},
		{"hist min", "histmin", []interp.Value{ai(0, 0, 1), af(5, 3, 7), af(1, 2)}, []float64{3, 7, 0, 1, 2}},
		{"hist *", "histmul", []interp.Value{ai(0, 0, 1, 1), af(2, 3, 0, 5), af(1, 1)}, []float64{6, 0, 3, 2, 5, 0}},
		{"reduce_by_index *", "rbimul", []interp.Value{af(2, 3, 5), ai(0, 1, 0, 2, 1, 0, 7), af(4, 0, 2, 1, 0, 3, 9), af(1, 10, 100)},
			[]float64{48, 0, 5, 24, 0, 100, 12, 0, 24, 500, 0, 16, 0}},
		{"reduce_by_index * one zero", "rbimul", []interp.Value{af(2), ai(0, 0, 0), af(3, 0, 4), af(1)}, []float64{0, 0, 0, 24, 0}},
		{"reduce_by_index max ties", "rbimax", []interp.Value{af(5, 1, 0), ai(0, 1, 1, 2, 0, -1), af(3, 4, 4, -2, 5, 100), af(1, 10, 100)},
			[]float64{5, 4, 0, 1, 0, 100, 0, 10, 0, 0, 0, 0}},
		{"integer map", "isq", []interp.Value{i32s(1, 2, -3)}, []float64{2, 4, -6}},
		// Source && short-circuits (§14.2): only b of a true a gets an adjoint.
		{"boolean adjoints through a map", "band", []interp.Value{bools(true, false, false)}, []float64{0, 1, 0}},
		{"nnmf", "nnmf", []interp.Value{af(1, 2), af(0.5, 1, 2), afs([]int64{2, 3}, 1, 2, 3, 4, 5, 6)}, []float64{-2.5, -2.5, -8, -2.5, -0.5}},
	}
	NoSpecialCases = true
	pg := compile(t, vectorSrc)
	NoSpecialCases = false
	for _, tc := range tests {
		for _, generic := range []bool{false, true} {
			q := p
			if generic {
				q = pg
			}
			res, err := q.Run(tc.entry, tc.args)
			if err != nil {
				t.Errorf("%s (generic %v): %v", tc.name, generic, err)
				continue
			}
			got := flat(res)
			ok := len(got) == len(tc.want)
			for i := 0; ok && i < len(got); i++ {
				ok = closeTo(got[i], tc.want[i], 1e-9)
			}
			if !ok {
				t.Errorf("%s (generic %v) = %v, want %v", tc.name, generic, got, tc.want)
			}
		}
	}
}

var _ = strings.Contains

func i32s(xs ...int64) interp.Value {
	a := interp.NewArray(prim.I32, []int64{int64(len(xs))})
	for i, x := range xs {
		a.Data[i] = prim.IntValue(prim.I32, x)
	}
	return interp.ArrayValue(a)
}

func bools(xs ...bool) interp.Value {
	a := interp.NewArray(prim.Bool, []int64{int64(len(xs))})
	for i, x := range xs {
		a.Data[i] = prim.BoolValue(x)
	}
	return interp.ArrayValue(a)
}
