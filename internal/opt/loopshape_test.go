package opt_test

import (
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/opt"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
)

// Loop parameters get the dimensions that provably do not change, and
// then the size checks in the loop (zip assertions) fold away; loops that
// change the size keep unknown dimensions. Every program must behave as
// before simplification, errors included.
func TestLoopShapes(t *testing.T) {
	cases := []struct {
		name    string
		src     string
		known   bool // the first loop parameter's dimension is known after simplify
		asserts int  // assertions left in the function
		inputs  []string
	}{
		{"result of a map of the size", `entry main [n] (x: [n]f64) (s: i64) =
  loop y = replicate n 0 for _i < s do map2 (\a b -> a + 2 * b) y x`, true, 0,
			[]string{"[1.0, 2.0, 3.0] 3i64", "empty([0]f64) 2i64", "[1.0] 0i64"}},
		{"size read from the parameter", `entry main (x: []f64) (s: i64) =
  loop y = x for _i < s do map (\a -> a * 2) y`, true, 0,
			[]string{"[1.0, 2.0, 3.0] 3i64"}},
		{"size read from an updated copy of the parameter", `entry main (x: []f64) (s: i64) =
  loop y = x for _i < s do let c = copy y with [0] = 1 in map (\a -> a * 2) c`, true, 0,
			[]string{"[1.0, 2.0, 3.0] 3i64"}},
		{"rotation and zip", `entry main [n] (x: [n]f64) (s: i64) =
  loop y = replicate n 1 for _i < s do map3 (\a b c -> a + b * c) y (rotate 1 y) x`, true, 0,
			[]string{"[1.0, 2.0, 3.0] 2i64", "[0.5] 4i64"}},
		{"in-place updates", `entry main (n: i64) =
  loop y = replicate n 0i64 for i < n do y with [i] = i * i`, true, 0,
			[]string{"4i64", "0i64"}},
		{"growing", `entry main (x: []i64) (s: i64) =
  loop y = x for i < s do concat y [i]`, false, 0,
			[]string{"[1i64, 2i64] 3i64"}},
		{"shrinking", `entry main (x: []i64) (s: i64) =
  loop y = x for _i < s do y[1:]`, false, 0,
			[]string{"[1i64, 2i64, 3i64] 2i64", "[1i64] 2i64"}},
		// The parameters swap: the sizes check makes them one size.
		{"swapped", `entry main (x: []i64) (z: []i64) (s: i64) =
  (loop (a, b) = (x, z) for _i < s do (b, a)).0`, true, 0,
			[]string{"[1i64, 2i64] [3i64, 4i64] 3i64"}},
		// Each takes the other's value, one growing: neither keeps a size.
		{"swapped and growing", `entry main (x: []i64) (z: []i64) (s: i64) =
  (loop (a, b) = (x, z) for _i < s do (b, concat a [1])).0`, false, 0,
			[]string{"[1i64, 2i64] [3i64] 3i64", "[1i64, 2i64] [3i64] 0i64"}},
		// The results of an if: one branch keeps the parameter, the other
		// computes a value of its size.
		{"if results", `entry main (x: []f64) (s: i64) =
  loop y = x for i < s do if i % 2 == 0 then map (\a -> a + 1) y else y`, true, 0,
			[]string{"[1.0, 2.0] 3i64"}},
		{"if results of another size", `entry main (x: []f64) (s: i64) =
  loop y = x for i < s do if i % 2 == 0 then y[1:] else y`, false, 0,
			[]string{"[1.0, 2.0, 3.0] 2i64"}},
		// An inner loop that keeps its parameter's shape keeps the outer
		// one's; the rows of the carried arrays have their row size.
		{"nested loops and rows", `entry main [n] [m] (x: [n][m]f64) (s: i64) =
  loop y = x for _i < s do
    let z = loop z = copy y for j < n do z with [j] = map2 (+) z[j] y[0]
    in z`, true, 0,
			[]string{"[[1.0, 2.0], [3.0, 4.0]] 2i64", "empty([0][2]f64) 1i64"}},
		// The initial value's size is itself read from an array whose
		// size folds (the sizes in a parameter's type are renamed with it).
		{"renamed sizes", `entry main (s: u16) (k: i64) =
  let a = loop acc = replicate k (replicate k s) for _t < 2 do acc
  let b = map (\_ -> map (\_ -> s) a) a
  in (loop (acc, c) = (b, 0i64) while c < 2 do ((loop acc' = acc for _t < 2 do acc'), c + 1)).0`, true, 0,
			[]string{"7u16 2i64", "7u16 0i64"}},
		// A zip of a carried array with another array of a different size
		// must still fail, at its position.
		{"zip mismatch kept", `entry main [n] [m] (x: [n]f64) (z: [m]f64) (s: i64) =
  loop y = x for _i < s do map2 (+) y (z :> [n]f64)`, true, 0,
			[]string{"[1.0, 2.0] [3.0, 4.0] 2i64", "[1.0, 2.0] [3.0] 2i64", "[1.0, 2.0] [3.0] 0i64"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, q := lowerAndSimplify(t, c.src)
			var loop *ir.Loop
			for _, s := range q.Funcs[0].Body.Stms {
				if l, ok := s.Exp.(*ir.Loop); ok && loop == nil {
					loop = l
				}
			}
			if loop == nil {
				t.Fatalf("no loop in\n%s", q)
			}
			if known := !loop.Params[0].Type.Shape[0].IsNone(); known != c.known {
				t.Errorf("parameter %s: dimension known = %v, want %v\n%s", loop.Params[0].Name, known, c.known, q)
			}
			if got := kinds(q.Funcs[0])["assert"]; got != c.asserts {
				t.Errorf("%d assertions, want %d\n%s", got, c.asserts, q)
			}
			for _, in := range c.inputs {
				if a, b := runText(t, p, in), runText(t, q, in); a != b {
					t.Errorf("on %s: %s before simplification, %s after", in, a, b)
				}
			}
		})
	}
}

// Slices whose size the program names ([s:s+x], [:e]) have that size, so
// the coercions that state it fold away; invalid slices still fail where
// they did.
func TestSliceShapes(t *testing.T) {
	src := `entry main (xs: []f64) (s: i64) (x: i64) =
  f64.sum (map2 (*) (xs[s:s + x] :> [x]f64) (xs[:x] :> [x]f64)) + f64.sum (xs[x + s:s + x + 1] :> [1]f64)`
	p, q := lowerAndSimplify(t, src)
	// The first two coercions fold; the third ([x+s:s+x+1], whose end is
	// not its start plus a name) stays.
	if got := kinds(q.Funcs[0])["atom"]; got != 1 {
		t.Errorf("%d coercions left, want 1\n%s", got, q)
	}
	for _, in := range []string{"[1.0, 2.0, 3.0, 4.0] 1i64 2i64", "[1.0, 2.0, 3.0, 4.0] 2i64 3i64", "[1.0, 2.0] -1i64 1i64", "[1.0, 2.0] 0i64 5i64"} {
		if a, b := runText(t, p, in), runText(t, q, in); a != b {
			t.Errorf("on %s: %s before simplification, %s after", in, a, b)
		}
	}
}

// lowerAndSimplify returns the lowered program of src and its simplified
// (and verified) form.
func lowerAndSimplify(t *testing.T, src string) (p, q *ir.Program) {
	t.Helper()
	p, err := pipeline.CompileSource("t.fut", []byte(src), nil, pipeline.Options{After: "lower", Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	q, err = opt.Simplify(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(q); err != nil {
		t.Fatal(err)
	}
	return p, q
}
