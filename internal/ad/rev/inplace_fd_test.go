package rev

import (
	"math/rand"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
)

// Programs with in-place updates inside ifs, outside loops: the if
// updates an array of the vjp's own scope, of a map lambda, or several
// at once; updates that stay copies (a slice, no adjoint flowing).
var inplaceScopeFuncs = []struct{ name, body string }{
	// The if's result feeds the rest; the update reads the array first.
	{"top_if", `let zs = copy xs in let ws = if y > 0.9 then zs with [1] = zs[0] * y else zs with [2] = y * y in f64.sum (map (*y) ws) + ws[1] * ws[2]`},
	// A map over the array before the if needs it restored.
	{"top_if_restore", `let zs = copy xs let s = f64.sum (map (\z -> z * z * y) zs) let ws = if y > 0.9 then zs with [1] = zs[0] * y else zs in s * ws[1] + ws[0]`},
	// No adjoint flows through the if: its array is only restored.
	{"top_if_no_adjoint", `let zs = copy xs let s = f64.sum (map (\z -> z * z * y) zs) let ws = if y > 0.9 then zs with [1] = 7 else zs with [0] = 3 in if ws[1] > 5 then s else s * 2`},
	// Two arrays through one if.
	{"top_if_two", `let as = copy xs let bs = map (*y) xs let t = as[1] * y let (as, bs) = if y > 0.9 then (as with [0] = y, bs with [1] = t) else (as, bs with [0] = t * t) in f64.sum (map2 (*) as bs)`},
	// A nested if and an update after it.
	{"top_if_nested", `let zs = copy xs let ws = if xs[0] > 0.7 then (if xs[1] > 0.7 then zs with [2] = zs[3] * y else zs with [3] = zs[2] * y) else zs with [0] = y in let vs = ws with [1] = ws[1] * ws[2] in f64.sum (map (\v -> v * v) vs)`},
	// A slice update stays a copy.
	{"top_if_slice", `let zs = copy xs in let ws = if y > 0.9 then zs with [1:3] = [y, y * zs[0]] else zs in f64.sum (map (\w -> w * w) ws)`},
	// Updates outside ifs: under mjp, in place without saving anything.
	{"top_updates", `let zs = copy xs let a = zs[0] let zs = zs with [1] = a * y let b = zs[1] let zs = zs with [2] = b * zs[3] in f64.sum (map (*y) zs) + zs[0]`},
	// A map reads the array before its update: under mjp the update copies.
	{"top_update_read_before", `let zs = copy xs let s = f64.sum (map (\z -> z * z * y) zs) let ws = zs with [0] = y * zs[1] in s * ws[0] + ws[1]`},
	// An integer array counted through an if, and a boolean one.
	{"int_link", `let cnt = loop c = replicate n 0i64 for i < n do if xs[i] > 0.7 then c with [i] = c[i] + i else c with [(i + 1) % n] = 2 in let flags = loop f = replicate n false for i < n do if cnt[i] > 1 then f with [i] = true else f in f64.sum (map3 (\c b x -> if b then f64.i64 c * x * y else x * x) cnt flags xs)`},
	// Inside a map lambda.
	{"map_if", `f64.sum (map (\x -> let a = replicate 3 x in let b = if x > 0.7 then a with [1] = x * y else a with [2] = y in f64.sum b * b[1]) xs)`},
	// A while loop.
	{"while_if", `f64.sum (loop (ys, k) = (copy xs, 0) while k < n do (if ys[k] > 0.7 then ys with [k] = ys[k] * y else ys with [(k + 1) % n] = ys[k] + y, k + 1)).0`},
	// A loop inside a loop: the inner one updates the outer's array through an if.
	{"loop_loop_if", `f64.sum (loop ys = copy xs for i < 2 do loop zs = ys for j < n do if zs[j] > 0.7 then zs with [j] = zs[j] * y else zs with [(j + i) % n] = zs[j] + y)`},
}

func inplaceFuncs() []struct{ name, body string } {
	return append(append([]struct{ name, body string }{}, inplaceCostFuncs...), inplaceScopeFuncs...)
}

func inplaceSource() string {
	src := ""
	for _, f := range inplaceFuncs() {
		src += "def t_" + f.name + " [n] (xs: [n]f64) (y: f64) : f64 = " + f.body + "\n"
		src += "entry " + f.name + "_f [n] (xs: [n]f64) (y: f64) : f64 = t_" + f.name + " xs y\n"
		src += "entry " + f.name + "_g [n] (xs: [n]f64) (y: f64) = vjp (\\(xs, y) -> t_" + f.name + " xs y) (xs, y) 1\n"
		src += "entry " + f.name + "_m [n] (xs: [n]f64) (y: f64) = mjp (\\(xs, y) -> t_" + f.name + " xs y) (xs, y) [1, -2, 0.5]\n"
	}
	return src
}

// The vjps against central finite differences, and mjp against the vjp
// row by row, at random inputs.
func TestInplaceFiniteDifferences(t *testing.T) {
	p := compile(t, inplaceSource())
	rng := rand.New(rand.NewSource(5))
	for _, f := range inplaceFuncs() {
		for trial := 0; trial < 4; trial++ {
			n := 5
			xs := make([]float64, n)
			for i := range xs {
				xs[i] = 0.2 + rng.Float64()
			}
			y := 0.3 + rng.Float64()
			args := []interp.Value{af(xs...), sf(y)}
			g, err := p.Run(f.name+"_g", args)
			if err != nil {
				t.Errorf("%s: %v", f.name, err)
				break
			}
			got := flat(g)
			want := centralDiff(t, p, f.name+"_f", xs, y, 1e-6)
			ok := allClose(got, want, 1e-5)
			if !ok {
				t.Errorf("%s at xs=%v y=%v: vjp %v, finite differences %v", f.name, xs, y, got, want)
			}
			m, err := p.Run(f.name+"_m", args)
			if err != nil {
				t.Errorf("%s mjp: %v", f.name, err)
				break
			}
			for k, seed := range []float64{1, -2, 0.5} {
				var row []float64
				for _, v := range m[0].Arr.Data[k*n : (k+1)*n] {
					row = append(row, v.Float())
				}
				row = append(row, m[1].Arr.Data[k].Float())
				for i := range row {
					if !closeTo(row[i], seed*got[i], 1e-12) {
						t.Errorf("%s mjp row %d: %v, want %v * %v", f.name, k, row, seed, got)
						break
					}
				}
			}
		}
	}
}
