package rev

import (
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
)

// Loops of in-place updates inside if branches and under mjp. Every vjp
// must allocate O(n): at 8n about 8 times as much as at n, where a copy
// or checkpoint of the array per iteration allocates 64 times as much.
var inplaceCostFuncs = []struct{ name, body string }{
	// The loop parameter is updated only through the if, in both branches.
	{"if_both", `f64.sum (loop ys = copy xs for i < n do if ys[i] > 0.7 then ys with [i] = ys[i] * y else ys with [i] = 0)`},
	// One branch leaves the array as it is.
	{"if_one", `f64.sum (loop ys = copy xs for i < n do if ys[(i + 1) % n] > 0.7 then ys with [i] = ys[i] * ys[(i + 1) % n] * y + 0.5 else ys)`},
	// An update before the if and two in one branch.
	{"if_chain", `f64.sum (loop ys = copy xs for i < n do let zs = ys with [i] = ys[i] * y in if zs[i] > 0.7 then let ws = zs with [i] = zs[i] * zs[i] in ws with [(i + 1) % n] = ws[(i + 1) % n] + y else zs)`},
	// An if inside an if.
	{"if_nested", `f64.sum (loop ys = copy xs for i < n do if ys[i] > 0.7 then (if ys[(i + 1) % n] > 0.8 then ys with [i] = ys[i] * y else ys with [(i + 1) % n] = ys[i] + y) else ys with [i] = ys[i] * ys[i])`},
	// The branch computes the index and reads the array after the update.
	{"if_local_index", `f64.sum (loop ys = copy xs for i < n do if ys[i] > 0.7 then let j = (i + 2) % n let zs = ys with [j] = ys[j] * y in zs with [i] = zs[j] + zs[i] else ys with [i] = ys[i] + y)`},
	// Two loop parameters through one if.
	{"loop_if_two", `let (as, bs) = loop (as, bs) = (copy xs, copy xs) for i < n do if as[i] > 0.7 then (as with [i] = bs[i] * y, bs) else (as, bs with [i] = as[i] + y) in f64.sum (map2 (*) as bs)`},
	// Both updated in one branch, one of them twice.
	{"loop_if_two_both", `let (as, bs) = loop (as, bs) = (copy xs, map (*y) xs) for i < n do if as[i] > bs[i] then let t = as[i] * bs[i] let u = bs[(i + 1) % n] * 0.5 in (as with [i] = t, (bs with [i] = t + y) with [(i + 1) % n] = u) else (as with [(i + 2) % n] = bs[i], bs) in f64.sum (map2 (*) as bs)`},
	// A matrix updated row by row through an if.
	{"if_rows", `let m = map (\x -> [x, x * y]) xs in f64.sum (map (\r -> r[0] * r[1]) (loop m = copy m for i < n do if m[i, 0] > 0.7 then m with [i] = [m[i, 1] * y, m[i, 0]] else m with [i, 1] = m[i, 0] + y))`},
}

func inplaceCostSource() string {
	src := ""
	for _, f := range inplaceCostFuncs {
		src += "def t_" + f.name + " [n] (xs: [n]f64) (y: f64) : f64 = " + f.body + "\n"
		src += "entry " + f.name + "_f [n] (xs: [n]f64) (y: f64) : f64 = t_" + f.name + " xs y\n"
		src += "entry " + f.name + "_g [n] (xs: [n]f64) (y: f64) = vjp (\\(xs, y) -> t_" + f.name + " xs y) (xs, y) 1\n"
		src += "entry " + f.name + "_m [n] (xs: [n]f64) (y: f64) = mjp (\\(xs, y) -> t_" + f.name + " xs y) (xs, y) [1, -2, 0.5]\n"
	}
	// A loop of plain updates under mjp.
	src += "entry upd_m [n] (xs: [n]f64) (y: f64) = mjp (\\(xs, y) -> f xs y) (xs, y) [1, -2, 0.5]\n"
	return src
}

func inplaceInputs(n int) []interp.Value {
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = 0.5 + float64((i*7)%11)/20
	}
	return []interp.Value{af(xs...), sf(0.9)}
}

func TestInplaceLoopsAreLinear(t *testing.T) {
	p := compile(t, updateLoopSrc+inplaceCostSource())
	entries := []string{"upd_m"}
	for _, f := range inplaceCostFuncs {
		entries = append(entries, f.name+"_g", f.name+"_m")
	}
	for _, e := range entries {
		at := func(n int) uint64 { return allocated(t, p, e, inplaceInputs(n)) }
		at(50)
		small, large := at(400), at(3200)
		ratio := float64(large) / float64(small)
		if ratio > 12 {
			t.Errorf("%s: %d bytes at n=400, %d at n=3200 (ratio %.1f, want about 8)", e, small, large, ratio)
		} else {
			t.Logf("%s: ratio %.1f", e, ratio)
		}
	}
}
