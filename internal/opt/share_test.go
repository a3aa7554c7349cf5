package opt_test

import (
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ir"
)

// calls counts the calls of functions whose name starts with fn in f,
// nested ones included.
func calls(f *ir.Func, fn string) int {
	return countExps(f, func(e ir.Exp) bool {
		c, ok := e.(*ir.Call)
		return ok && strings.HasPrefix(c.Fn.Name, fn)
	})
}

// countExps counts the statements of f, nested ones included, whose
// expression satisfies pred.
func countExps(f *ir.Func, pred func(ir.Exp) bool) int {
	n := 0
	var walk func(b *ir.Body)
	walk = func(b *ir.Body) {
		for _, s := range b.Stms {
			if pred(s.Exp) {
				n++
			}
			for _, nb := range ir.Bodies(s.Exp) {
				if nb != nil {
					walk(nb)
				}
			}
		}
	}
	walk(f.Body)
	return n
}

// The share pass: a later SOAC reads the expensive values an earlier one
// over the same rows computes from the same inputs, and programs behave
// as before (errors included).
func TestShare(t *testing.T) {
	checkCalls(t, []callsCase{
		{"log-sum-exp gradient", `entry main (x: []f64) = vjp (\x -> let a = f64.maximum x in a + f64.log (f64.sum (map (\xi -> f64.exp (xi - a)) x))) x 1.0`,
			"exp", 3, 1, []string{"[1.0, 2.0, -3.0]", "[5.0]", "empty([0]f64)"}},
		// The second map needs the first one's sum, so they do not fuse.
		{"normalised exps", `entry main (x: []f64) (y: []f64) =
  let s = f64.sum (map (\a -> f64.exp (2 * a)) x)
  in map2 (\a b -> f64.exp (2 * a) / s + b) x y`,
			"exp", 2, 1, []string{"[1.0, 2.0] [0.5, -1.0]", "empty([0]f64) empty([0]f64)"}},
		// Other inputs, another free value, or a value computed only in
		// a branch: nothing is shared.
		{"other input", `entry main (x: []f64) (y: []f64) =
  let s = f64.sum (map (\a -> f64.exp (2 * a)) x)
  in map2 (\a b -> f64.exp (2 * b) / s + a) x y`,
			"exp", 2, 2, []string{"[1.0, 2.0] [0.5, -1.0]"}},
		{"other free value", `entry main (x: []f64) (c: f64) =
  let s = f64.sum (map (\a -> f64.exp (a - c)) x)
  in map (\a -> f64.exp (a - s)) x`,
			"exp", 2, 2, []string{"[1.0, 2.0] 0.5"}},
		{"in a branch", `entry main (x: []f64) =
  let s = f64.sum (map (\a -> f64.exp a) x)
  in map (\a -> if a > 0 then f64.exp a / s else a) x`,
			"exp", 2, 2, []string{"[1.0, -2.0]"}},
		// Reverse mode adds the weights' adjoints into accumulators in a
		// map inside a WithAcc; it reads the gate's exp, computed from
		// elements of free arrays, from the map before it.
		{"gate gradient into accumulators", `def sigmoid (z: f64) : f64 = 1 / (1 + f64.exp (-z))
entry main [n] (x: [n]f64) (w: [2][n]f64) : [2][n]f64 =
  vjp (\(w: [2][n]f64) ->
         let g = map (\i -> sigmoid (x[i] * w[0, i] + w[1, i])) (iota n)
         let s = f64.sum (map (\a -> a * a) g)
         in f64.sum (map2 (\a b -> a * b / s) g x)) w 1`,
			"exp", 2, 1, []string{"[0.5, -1.0, 2.0] [[1.0, 2.0, 3.0], [0.25, -0.5, 0.75]]", "empty([0]f64) empty([2][0]f64)"}},
		// Elements at other offsets are other values.
		{"other elements", `entry main [n] (x: [n]f64) (y: [n]f64) =
  let s = f64.sum (map (\i -> f64.exp x[i]) (iota n))
  in map (\i -> f64.exp x[n - 1 - i] / s + y[i]) (iota n)`,
			"exp", 2, 2, []string{"[1.0, 2.0] [0.5, 0.25]"}},
		{"other width", `entry main (x: []f64) =
  let s = f64.sum (map (\a -> f64.exp a) x)
  in map (\a -> f64.exp a / s) x[1:]`,
			"exp", 2, 2, []string{"[1.0, -2.0, 3.0]", "[4.0]"}},
	})
}

// callsCase is a program whose calls of fn sharing changes from before
// to after, and inputs on which it behaves as before.
type callsCase struct {
	name          string
	src           string
	fn            string
	before, after int // calls of fn after fusion, and after sharing
	inputs        []string
}

func checkCalls(t *testing.T, cases []callsCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			checkShared(t, c.src, "calls of "+c.fn, func(f *ir.Func) int { return calls(f, c.fn) }, c.before, c.after, c.inputs)
		})
	}
}

// reductions counts the reductions of f (Reduce, and Screma statements
// with a reduction), nested ones included.
func reductions(f *ir.Func) int {
	return countExps(f, func(e ir.Exp) bool {
		switch e := e.(type) {
		case *ir.Reduce:
			return true
		case *ir.Screma:
			return len(e.Reds) > 0
		}
		return false
	})
}

// Reductions shared through nested SOACs: the return sweep of a map over
// components re-runs, row by row, the dot products that the forward map
// computed for log-sum-exp; the forward map's rows store them (one more
// map output of the row map, then of the component map) and the return
// sweep's rows read them. Values of other rows, or computed only in a
// branch, stay.
func TestShareNested(t *testing.T) {
	const lse = `def lse [k] (vs: [k]f64) = let m = f64.maximum vs in m + f64.log (f64.sum (map (\v -> f64.exp (v - m)) vs))
`
	const in2 = "[1.0, -2.0] [[[1.0, 0.5], [0.25, -2.0]], [[0.0, 1.5], [2.0, 1.0]], [[-1.0, 0.5], [0.75, 0.125]]]"
	cases := []struct {
		name          string
		src           string
		before, after int // reductions after fusion, and after sharing
		inputs        []string
	}{
		{"dot products in a gradient", lse + `entry main [n] [k] [d] (x: [n][d]f64) (w: [k][d][d]f64) : [k][d][d]f64 =
  vjp (\w -> f64.sum (map (\xi -> lse (map (\wk -> f64.sum (map (\row -> let s = f64.sum (map2 (*) xi row) in s * s) wk)) w)) x)) w 1`,
			6, 5, []string{
				"[[1.0, 2.0], [0.5, -1.0], [3.0, 0.25]] [[[1.0, 0.5], [0.25, -2.0]], [[0.0, 1.5], [2.0, 1.0]], [[-1.0, 0.5], [0.75, 0.125]]]",
				"empty([0][2]f64) [[[1.0, 0.5], [0.25, -2.0]]]",
				"[[1.0, 2.0]] empty([0][2][2]f64)",
				"[[1.0]] [[[f64.nan]], [[f64.inf]]]",
			}},
		{"dot products of the same rows", `entry main [k] [d] (x: [d]f64) (w: [k][d][d]f64) =
  let a = map (\wk -> f64.sum (map (\row -> let s = f64.sum (map2 (*) x row) in s * s) wk)) w
  let m = f64.maximum a
  in map (\wk -> map (\row -> f64.sum (map2 (*) x row) / m) wk) w`,
			4, 3, []string{in2, "[1.0] [[[f64.nan]], [[-0.0]]]", "[1.0] empty([0][1][1]f64)"}},
		{"dot products of other rows", `entry main [k] [d] (x: [d]f64) (w: [k][d][d]f64) =
  let a = map (\wk -> f64.sum (map (\row -> let s = f64.sum (map2 (*) x row) in s * s) wk)) w
  let m = f64.maximum a
  in map (\wk -> map (\i -> f64.sum (map2 (*) x wk[d - 1 - i]) / m) (iota d)) w`,
			4, 4, []string{in2}},
		{"dot products in a branch", `entry main [k] [d] (x: [d]f64) (w: [k][d][d]f64) =
  let a = map (\wk -> f64.sum (map (\row -> let s = f64.sum (map2 (*) x row) in s * s) wk)) w
  let m = f64.maximum a
  in map (\wk -> map (\row -> if m > 0 then f64.sum (map2 (*) x row) / m else 0) wk) w`,
			4, 4, []string{in2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			checkShared(t, c.src, "reductions", reductions, c.before, c.after, c.inputs)
		})
	}
}

// checkShared compiles src up to fusion and up to sharing, checks that
// count gives before and after on them, and that both give the same
// results, none an error, on every input.
func checkShared(t *testing.T, src, what string, count func(*ir.Func) int, before, after int, inputs []string) {
	t.Helper()
	p, q := compileAfter(t, src, "fuse"), compileAfter(t, src, "share")
	if got := count(p.Funcs[0]); got != before {
		t.Errorf("%d %s after fusion, want %d\n%s", got, what, before, p)
	}
	if got := count(q.Funcs[0]); got != after {
		t.Errorf("%d %s after sharing, want %d\n%s", got, what, after, q)
	}
	for _, in := range inputs {
		a, b := runText(t, p, in), runText(t, q, in)
		if strings.HasPrefix(a, "error:") {
			t.Errorf("on %s: %s", in, a)
		}
		if a != b {
			t.Errorf("on %s: %s before sharing, %s after", in, a, b)
		}
	}
}

// Sharing through a loop's rows: reverse mode's return sweep of a loop
// restores each iteration's checkpointed parameters and computes the
// body's values again; the expensive ones it reads from tapes the forward
// sweep's loop fills, row by row, beside its checkpoints. A loop nested
// in another's body is run forward and backwards at every outer
// iteration: its return sweep reads from the tapes of that forward run.
func TestShareTapes(t *testing.T) {
	const gates = `def sigmoid (z: f64) : f64 = 1 / (1 + f64.exp (-z))
`
	checkCalls(t, []callsCase{
		{"a loop of gates", gates + `entry main [n] (x: [n]f64) (w: [n]f64) (k: i64) : [n]f64 =
  vjp (\w -> f64.sum (loop h = x for _i < k do map2 (\a b -> sigmoid (a * b) + a) h w)) w 1`,
			"exp", 2, 1, []string{
				"[0.5, -1.0, 2.0] [1.0, 0.25, -0.5] 3i64",
				"[0.5, -1.0] [1.0, 0.25] 0i64",
				"[0.5, -1.0] [1.0, 0.25] -2i64",
				"empty([0]f64) empty([0]f64) 4i64",
				"[f64.nan, f64.inf] [1.0, -0.0] 2i64",
			}},
		// The loop's index and an unchanged parameter are keyed too.
		{"the index and an invariant parameter", `entry main [n] (x: [n]f64) (c: f64) (k: i64) : [n]f64 =
  vjp (\x -> let (y, _) = loop (y, c) = (x, c) for i < k do (map (\a -> f64.tanh (a * c + f64.i64 i)) y, c) in f64.sum y) x 1`,
			"tanh", 2, 1, []string{"[0.5, -1.0, 2.0] 0.75 3i64", "[0.5] 0.75 0i64"}},
		// Nested loops: the inner loop runs in the outer one's forward
		// sweep, and forward and back in every iteration of its return
		// sweep; both of those read what the first run computed, through
		// a tape per outer iteration. The outer loop's values depend on
		// the inner loop's results (another statement in both sweeps)
		// and stay.
		{"nested loops", gates + `entry main [n] (x: [n]f64) (w: [n]f64) (k: i64) (m: i64) : [n]f64 =
  vjp (\w -> f64.sum (loop h = x for _i < k do
                        let g = loop g = h for _j < m do map2 (\a b -> sigmoid (a * b)) g w
                        in map2 (\a b -> f64.exp (a - b)) g h)) w 1`,
			"exp", 5, 3, []string{
				"[0.5, -1.0, 2.0] [1.0, 0.25, -0.5] 2i64 3i64",
				"[0.5, -1.0] [1.0, 0.25] 2i64 0i64",
				"[0.5, -1.0] [1.0, 0.25] 0i64 2i64",
			}},
		// A value at the iteration's row, from the index alone.
		{"from the index", `entry main [n] (x: [n]f64) (k: i64) : [n]f64 =
  vjp (\x -> f64.sum (loop y = x for i < k do map (\a -> f64.exp a * f64.exp (f64.i64 (k - i))) y)) x 1`,
			"exp", 4, 2, []string{"[0.5, -1.0, 2.0] 3i64"}},
		// A value computed only in a branch stays.
		{"in a branch", `entry main [n] (x: [n]f64) (k: i64) : [n]f64 =
  vjp (\x -> f64.sum (loop y = x for _i < k do map (\a -> if a > 0 then f64.exp a else a) y)) x 1`,
			"exp", 2, 2, []string{"[0.5, -1.0, 2.0] 3i64"}},
		// A nested loop bounded by the outer loop's index: nothing of it
		// leaves the outer loop (its tape's size would need the index
		// outside it; the IR is verified after every pass).
		{"a nested loop bounded by the index", `entry main [m] (x: [m]f64) (t: f64) =
  vjp (\x -> (loop (acc, ws) = (0, replicate m 1) for j < m do
                let w = loop s = 0 for i < j do s + ws[i]
                in (acc * 0.5 + x[j] * w * t, ws with [j] = w + 1)).0) x 1`,
			"exp", 0, 0, []string{"[0.5, -1.0, 2.0] 0.75", "empty([0]f64) 0.75"}},
		// A loop of scalars, with no SOAC in the program.
		{"scalars", `entry main (x: f64) (k: i64) : f64 =
  vjp (\x -> loop y = x for _i < k do f64.exp (0.5 * y) - y) x 1`,
			"exp", 2, 1, []string{"0.25 3i64", "0.25 0i64", "f64.nan 2i64"}},
	})
}
