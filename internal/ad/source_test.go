package ad

import (
	"strings"
	"testing"

	"fmt"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/lower"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Source programs go through check, lower, Expand and the interpreter;
// expected values are the AD-NOTES.md test vectors or derived by hand.
const sourceProgram = `
def P (x0: f64, x1: f64) = (x1 * f64.sin x0, x0 * x1)
entry p_jvp10 (a: f64) (b: f64) = jvp2 P (a, b) (1, 0)
entry p_jvp01 (a: f64) (b: f64) = jvp P (a, b) (0, 1)

-- d/dx (x * d/dy (x + y)) = 1; confusing the tangents gives 2.
entry confusion (x: f64) = jvp (\x -> x * jvp (\y -> x + y) 3f64 1f64) x 1f64

entry cube (x: f64) = jvp2 (\y -> y ** 3) x 1

-- §14.3: integers, conversions, booleans.
entry conv (x: f32) = jvp i16.f32 x 2f32
entry popc (v: u16) = jvp u16.popc v 3u16
entry ipoly (x: i32) = jvp (\x -> loop acc = 1 for _i < 3 do acc * x) x 1
entry iwrap (x: i32) = jvp (\x -> x * x) x 1
entry bnot (b: bool) (db: bool) = jvp (\b -> !b) b db
entry band (a: bool) (b: bool) (da: bool) (db: bool) = jvp (\(a, b) -> a && b) (a, b) (da, db)
entry cmp (x: f64) = jvp (\x -> x < 2) x 1
entry bits (x: f64) (dx: f64) = jvp f64.to_bits x dx
entry nan (x: f64) = jvp (\x -> f64.isnan x || f64.isinf x) x 1

-- NNMF rank 1 (seed 001): gradients by jmp over one-hot seeds.
def nnmf (u: [2]f64) (v: [3]f64) (a: [2][3]f64) =
  f64.sum (map2 (\ui arow -> f64.sum (map2 (\vj aij -> f64.log (ui * vj) + aij / (ui * vj)) v arow)) u a)
def eye n = tabulate_2d n n (\i j -> if i == j then 1f64 else 0)
entry nnmf_loss (u: [2]f64) (v: [3]f64) (a: [2][3]f64) = nnmf u v a
entry nnmf_dv (u: [2]f64) (v: [3]f64) (a: [2][3]f64) = jmp (\v -> nnmf u v a) v (eye 3)
-- k-means with squared distances (seed 000): gradient by vjp, Hessian by
-- jmp of vjp (forward over reverse).
def cost (ps: [3]f64) (cs: [2]f64) =
  f64.sum (map (\p -> f64.minimum (map (\c -> (p - c) * (p - c)) cs)) ps)
entry km_cost (ps: [3]f64) (cs: [2]f64) = cost ps cs
entry km_grad (ps: [3]f64) (cs: [2]f64) = vjp (cost ps) cs 1f64
entry km_hvp (ps: [3]f64) (cs: [2]f64) = jvp (\cs -> vjp (cost ps) cs 1f64) cs [0.5, 1]
entry km_hess (ps: [3]f64) (cs: [2]f64) = jmp (\cs -> vjp (cost ps) cs 1f64) cs (eye 2)

-- Nesting: jmp of jvp (9 x^2 for g x = 3 sum x^3) and jvp under map.
def cubes (y: [3]f64) = f64.sum (map (\v -> v * v * v) y)
entry nested (x: [3]f64) = jmp (\x -> jvp cubes x x) x (eye 3)
entry inmap (xs: [3]f64) = map (\x -> jvp f64.sin x 1) xs
entry nnmf_du (u: [2]f64) (v: [3]f64) (a: [2][3]f64) = jmp (\u -> nnmf u v a) u (eye 2)
`

func compileSource(t testing.TB, src string) *interp.Program {
	t.Helper()
	prog, err := check.CheckSource("t.fut", []byte(src), nil)
	if err != nil {
		t.Fatalf("check: %v", err)
	}
	p, err := lower.Program(prog)
	if err != nil {
		t.Fatalf("lower: %v", err)
	}
	q, err := Expand(p)
	if err != nil {
		t.Fatalf("expand: %v", err)
	}
	if err := ir.Verify(q); err != nil {
		t.Fatalf("expanded program does not verify: %v", err)
	}
	c, err := interp.Compile(q)
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	return c
}

func scalar(t prim.Type, s string) interp.Value {
	switch {
	case t == prim.Bool:
		return interp.ScalarValue(prim.BoolValue(s == "true"))
	case t.IsFloat():
		var x float64
		if _, err := fmt.Sscan(s, &x); err != nil {
			panic(err)
		}
		return interp.ScalarValue(prim.FloatValue(t, x))
	}
	var x int64
	if _, err := fmt.Sscan(s, &x); err != nil {
		panic(err)
	}
	return interp.ScalarValue(prim.IntValue(t, x))
}

func TestSourceVectors(t *testing.T) {
	p := compileSource(t, sourceProgram)
	u := af([]int64{2}, 1, 2)
	v := af([]int64{3}, 0.5, 1, 2)
	a := af([]int64{2, 3}, 1, 2, 3, 4, 5, 6)
	tests := []struct {
		entry string
		args  []interp.Value
		// want holds floats compared with tolerance 1e-9, or exact text.
		want []float64
		text string
	}{
		{entry: "p_jvp10", args: []interp.Value{sf(1), sf(2)}, want: []float64{1.6829419696, 2, 1.0806046117, 2}},
		{entry: "p_jvp01", args: []interp.Value{sf(1), sf(2)}, want: []float64{0.8414709848, 1}},
		{entry: "confusion", args: []interp.Value{sf(0.7)}, want: []float64{1}},
		{entry: "cube", args: []interp.Value{sf(-2)}, want: []float64{-8, 12}},
		{entry: "conv", args: []interp.Value{scalar(prim.F32, "0.5")}, text: "2i16"},
		{entry: "popc", args: []interp.Value{scalar(prim.U16, "1234")}, text: "0i32"},
		{entry: "ipoly", args: []interp.Value{scalar(prim.I32, "5")}, text: "75i32"},
		{entry: "iwrap", args: []interp.Value{scalar(prim.I32, "1073741824")}, text: "-2147483648i32"},
		{entry: "bnot", args: []interp.Value{scalar(prim.Bool, "true"), scalar(prim.Bool, "true")}, text: "true"},
		{entry: "bnot", args: []interp.Value{scalar(prim.Bool, "false"), scalar(prim.Bool, "true")}, text: "false"},
		{entry: "band", args: []interp.Value{scalar(prim.Bool, "true"), scalar(prim.Bool, "false"), scalar(prim.Bool, "true"), scalar(prim.Bool, "false")}, text: "false"},
		// Source && short-circuits (§14.2): the tangent is that of b when a holds.
		{entry: "band", args: []interp.Value{scalar(prim.Bool, "true"), scalar(prim.Bool, "true"), scalar(prim.Bool, "true"), scalar(prim.Bool, "false")}, text: "false"},
		{entry: "band", args: []interp.Value{scalar(prim.Bool, "true"), scalar(prim.Bool, "true"), scalar(prim.Bool, "false"), scalar(prim.Bool, "true")}, text: "true"},
		{entry: "band", args: []interp.Value{scalar(prim.Bool, "true"), scalar(prim.Bool, "true"), scalar(prim.Bool, "false"), scalar(prim.Bool, "false")}, text: "false"},
		{entry: "cmp", args: []interp.Value{sf(1)}, text: "false"},
		{entry: "bits", args: []interp.Value{sf(1.5), sf(2)}, text: "4611686018427387904u64"},
		{entry: "nan", args: []interp.Value{sf(1)}, text: "false"},
		{entry: "nnmf_loss", args: []interp.Value{u, v, a}, want: []float64{15.579441541679836}},
		{entry: "nnmf_dv", args: []interp.Value{u, v, a}, want: []float64{-8, -2.5, -0.5}},
		{entry: "km_cost", args: []interp.Value{af([]int64{3}, 0, 2, 10), af([]int64{2}, 1, 9)}, want: []float64{3}},
		{entry: "km_grad", args: []interp.Value{af([]int64{3}, 0, 2, 10), af([]int64{2}, 1, 9)}, want: []float64{0, -2}},
		{entry: "km_hvp", args: []interp.Value{af([]int64{3}, 0, 2, 10), af([]int64{2}, 1, 9)}, want: []float64{2, 2}},
		{entry: "km_hess", args: []interp.Value{af([]int64{3}, 0, 2, 10), af([]int64{2}, 1, 9)}, want: []float64{4, 0, 0, 2}},
		{entry: "nested", args: []interp.Value{af([]int64{3}, 1, 2, 3)}, want: []float64{9, 36, 81}},
		{entry: "inmap", args: []interp.Value{af([]int64{3}, 0, 1, 2)}, want: []float64{1, 0.5403023058681398, -0.4161468365471424}},
		{entry: "nnmf_du", args: []interp.Value{u, v, a}, want: []float64{-2.5, -2.5}},
	}
	for _, tc := range tests {
		res := run(t, p, tc.entry, tc.args)
		if tc.text != "" {
			var parts []string
			for _, r := range res {
				parts = append(parts, r.String())
			}
			if got := strings.Join(parts, " "); got != tc.text {
				t.Errorf("%s%v = %s, want %s", tc.entry, tc.args, got, tc.text)
			}
			continue
		}
		var got []float64
		for _, r := range res {
			for _, l := range leaves(r) {
				got = append(got, l.Float())
			}
		}
		if len(got) != len(tc.want) {
			t.Errorf("%s = %v, want %v", tc.entry, got, tc.want)
			continue
		}
		for i := range got {
			if !closeTo(got[i], tc.want[i], 1e-9) {
				t.Errorf("%s = %v, want %v", tc.entry, got, tc.want)
				break
			}
		}
	}
}

func TestForwardErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		// The third derivative of lgamma needs tetragamma.
		{"def d (f: f64 -> f64) (x: f64) : f64 = jvp f x 1\nentry main (x: f64) = d (d (d f64.lgamma)) x", "t.fut:1:40: cannot differentiate further: the derivative needs tetragamma"},
	}
	for _, tc := range tests {
		prog, err := check.CheckSource("t.fut", []byte(tc.src+"\n"), nil)
		if err != nil {
			t.Fatal(err)
		}
		p, err := lower.Program(prog)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Expand(p)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.src, err, tc.want)
		}
	}
}
