package opt_test

import (
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// counted counts the statements of f computing what what names: calls of
// functions whose name starts with it, or "/" and "*" for those binary
// operators.
func counted(f *ir.Func, what string) int {
	return countExps(f, func(e ir.Exp) bool {
		switch e := e.(type) {
		case *ir.Call:
			return strings.HasPrefix(e.Fn.Name, what)
		case *ir.Bin:
			return what == "/" && e.Op == prim.Div || what == "*" && e.Op == prim.Mul
		}
		return false
	})
}

// The share-branches pass: an if reads the values a branch of an earlier
// if on the same condition computed instead of computing them again, and
// programs behave as before (errors included).
func TestShareBranches(t *testing.T) {
	cases := []struct {
		name          string
		src           string
		what          string
		before, after int // statements computing what (see counted) before and after the pass
		inputs        []string
	}{
		// The return sweep of the if re-runs its then branch.
		{"vjp of a branch", `entry main (x: [2]f64) =
  vjp (\(x: [2]f64) -> if x[0] > 0 then f64.sin (f64.sqrt x[0]) * x[1] else x[1] * x[1]) x 1`,
			"sqrt", 2, 1, []string{"[2.0, 3.0]", "[-1.0, 3.0]", "[0.0, 0.5]"}},
		// Both rows of a Jacobian share the forward sweep's values.
		{"rows of a jacobian", `entry main (x: [2]f64) =
  let f (x: [2]f64) = if x[0] != 0 then [f64.cos (f64.sqrt x[0]) * x[1], f64.sqrt x[0]] else [x[1], 0]
  let y = f x
  in map (\s -> vjp f x s) [[1, 0], [0, 1]] |> map (\r -> r[0] + r[1] + y[0])`,
			"cos", 2, 1, []string{"[2.0, 3.0]", "[0.0, 3.0]", "[-4.0, 1.0]"}},
		// The later if is in a map: it reads the earlier if's results.
		// Its else branch shares what the earlier else computed.
		{"a later if in a map", `entry main (x: f64) (y: f64) (zs: []f64) =
  let c = x > 0
  let a = if c then f64.sqrt x * y else f64.log (-x)
  in (a, map (\z -> if c then f64.sqrt x + z else f64.log (-x) - z) zs)`,
			"", 4, 2, []string{"4.0 2.0 [1.0, 2.0]", "-1.0 3.0 [1.0]", "0.0 1.0 [1.0]"}},
		// Another condition, or values only cheap to recompute: nothing
		// changes.
		{"another condition", `entry main (x: f64) (y: f64) (zs: []f64) =
  let a = if x > 0 then f64.sqrt x * y else y
  in (a, map (\z -> if x > 1 then f64.sqrt x + z else z) zs)`,
			"sqrt", 2, 2, []string{"4.0 2.0 [1.0, 2.0]", "0.5 3.0 [1.0]"}},
		{"cheap values", `entry main (x: f64) (y: f64) (zs: []f64) =
  let c = x > 0
  let a = if c then x * y else y
  in (a, map (\z -> if c then x * y + z else z) zs)`,
			"*", 2, 2, []string{"4.0 2.0 [1.0, 2.0]", "-1.0 3.0 [1.0]"}},
		// A division by zero fails in the earlier if, where it failed
		// before too.
		{"a failing division", `entry main (x: i64) (d: i64) (zs: []i64) =
  let c = x > 0
  let a = if c then x / d else 0
  in (a, map (\z -> if c then x / d + z else z) zs)`,
			"/", 2, 1, []string{"4i64 2i64 [1i64, 2i64]", "4i64 0i64 [1i64]", "-1i64 0i64 [1i64]"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, q := compileAfter(t, c.src, "simplify-ad"), compileAfter(t, c.src, "share-branches")
			if got := counted(p.Funcs[0], c.what); got != c.before {
				t.Errorf("%d of %q before, want %d\n%s", got, c.what, c.before, p)
			}
			if got := counted(q.Funcs[0], c.what); got != c.after {
				t.Errorf("%d of %q after, want %d\n%s", got, c.what, c.after, q)
			}
			for _, in := range c.inputs {
				a, b := runText(t, p, in), runText(t, q, in)
				if strings.HasPrefix(a, "error:") != strings.HasPrefix(in, "4i64 0i64") {
					t.Errorf("on %s: %s", in, a)
				}
				if a != b {
					t.Errorf("on %s: %s before, %s after", in, a, b)
				}
			}
		})
	}
}
