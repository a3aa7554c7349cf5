package opt_test

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ir"
)

// whiles counts the while loops of f.
func whiles(f *ir.Func) int {
	return countExps(f, func(e ir.Exp) bool {
		l, ok := e.(*ir.Loop)
		if !ok {
			return false
		}
		_, ok = l.Form.(*ir.While)
		return ok
	})
}

// The share-loops pass: reverse mode's count of a while loop's
// iterations is taken from an earlier run of the same loop, and programs
// behave as before (errors and loops of no iteration included).
func TestShareLoops(t *testing.T) {
	const f = `let f (x: f64) = (loop (y, z) = (x, 1) while y < 100 do (y * 1.5 + z, f64.sqrt (z + y))).1
`
	cases := []struct {
		name          string
		src           string
		before, after int // while loops before and after the pass
		inputs        []string
	}{
		{"a vjp after the primal", f + `entry main (x: f64) = (f x, vjp f x 1)`,
			2, 1, []string{"1.0", "150.0", "-3.0", "100.0"}},
		// The later loop is in a map: it reads the earlier loop's results.
		{"vjps in a map", f + `entry main (x: f64) (ss: []f64) = (f x, map (\s -> vjp f x s) ss)`,
			2, 1, []string{"1.0 [1.0, 2.0]", "150.0 [1.0]", "2.0 empty([0]f64)"}},
		// The division by zero fails in the earlier loop, where it failed
		// before too.
		{"a failing division", `let g (x: f64) (d: i64) =
  (loop (y, k) = (x, d) while y < 100 do (y * 2 + f64.i64 (100 / k) + 1, k - 1)).0
entry main (x: f64) (d: i64) = (g x d, vjp (\x -> g x d) x 1)`,
			2, 1, []string{"1.0 3i64", "1.0 0i64", "200.0 0i64"}},
		// A loop of the program's own that counts, its counter between
		// the other parameters.
		{"a counting loop", `entry main (x: f64) =
  let (a, b) = loop (y, z) = (x, 1) while y < 100 do (y * 1.5 + z, f64.sqrt (z + y))
  let (c, n, d) = loop (y, i, z) = (x, 0, 1) while y < 100 do (y * 1.5 + z, i + 1, f64.sqrt (z + y))
  in (a, b, d, c, n)`,
			2, 1, []string{"1.0", "150.0"}},
		// Another start, or an earlier loop out of scope: nothing changes.
		{"another start", f + `entry main (x: f64) = (f x, vjp f (x + 1) 1)`,
			2, 2, []string{"1.0", "99.5"}},
		// (The first result puts the loop's first test before the if.)
		{"the primal in a branch", f + `entry main (x: f64) = (x < 100, if x > 0 then f x else 0, vjp f x 1)`,
			2, 2, []string{"1.0", "-1.0"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, q := compileAfter(t, c.src, "share-branches"), compileAfter(t, c.src, "share-loops")
			if got := whiles(p.Funcs[0]); got != c.before {
				t.Errorf("%d while loops before, want %d\n%s", got, c.before, p)
			}
			if got := whiles(q.Funcs[0]); got != c.after {
				t.Errorf("%d while loops after, want %d\n%s", got, c.after, q)
			}
			for _, in := range c.inputs {
				a, b := runText(t, p, in), runText(t, q, in)
				if strings.HasPrefix(a, "error:") != (in == "1.0 0i64") {
					t.Errorf("on %s: %s", in, a)
				}
				if a != b {
					t.Errorf("on %s: %s before, %s after", in, a, b)
				}
			}
		})
	}
}

// The derivative through a shared count is the derivative: the vjp of a
// program whose count share-loops takes from the primal agrees with
// central differences of the primal (at points where the number of
// iterations does not change within the step).
func TestShareLoopsGradient(t *testing.T) {
	src := `let f (x: f64) = (loop (y, z) = (x, 1) while y < 100 do (y * 1.5 + z, f64.sqrt (z + y))).1
entry main (x: f64) = (f x, vjp f x 1, (f (x + 1e-6) - f (x - 1e-6)) / 2e-6)`
	p, q := compileAfter(t, src, "share-branches"), compileAfter(t, src, "share-loops")
	if whiles(q.Funcs[0]) >= whiles(p.Funcs[0]) {
		t.Fatalf("share-loops did not share the count:\n%s", q)
	}
	for _, in := range []string{"1.0", "7.5", "42.0", "150.0"} {
		got := strings.Fields(runText(t, q, in))
		if len(got) != 3 {
			t.Fatalf("on %s: %v", in, got)
		}
		ad, err1 := strconv.ParseFloat(got[1], 64)
		fd, err2 := strconv.ParseFloat(got[2], 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("on %s: %v", in, got)
		}
		if math.Abs(ad-fd) > 1e-5*math.Max(1, math.Abs(fd)) {
			t.Errorf("on %s: vjp %v, central difference %v", in, ad, fd)
		}
	}
}
