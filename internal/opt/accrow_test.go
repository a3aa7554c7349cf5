package opt_test

import (
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ir"
)

// rowUpdates counts the accumulator updates of f that add a whole row.
func rowUpdates(f *ir.Func) int {
	return countExps(f, func(e ir.Exp) bool {
		u, ok := e.(*ir.UpdAcc)
		return ok && !u.Val.IsConst && f.Body != nil && isArrayVal(f, u.Val.Var)
	})
}

// isArrayVal reports whether v is bound to an array in f.
func isArrayVal(f *ir.Func, v ir.VName) bool {
	array := false
	(&ir.Visitor{Bind: func(p ir.Param) {
		if p.Name == v {
			array = p.Type.IsArray()
		}
	}}).Body(f.Body)
	return array
}

// Reverse mode gives the adjoint of a row a map's function reads (by
// slices or by index) an accumulator scope over zeros of its own and adds
// the result into the enclosing adjoint's row; accrows makes the scope
// add into that row directly. Results are those of the program before
// the rewrite (small integers, so the order of additions does not
// matter).
func TestAccRows(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		rows      int // row updates accrows removes
		inputs    []string
	}{
		{"rows read by slices", `def qz [d] [t] (lr: [t]f64) (z: [d]f64) : f64 =
  f64.sum (map (\i -> let ro = i * (i - 1) / 2
                      let v = z[i] + f64.sum (map2 (*) (lr[ro:ro + i] :> [i]f64) (z[:i] :> [i]f64))
                      in v * v) (iota d))
entry main [k] [d] [t] (xs: [][d]f64) (mu: [k][d]f64) (l: [k][t]f64) =
  vjp (\(mu, l) -> f64.sum (map (\x -> f64.sum (map2 (\m lk -> qz lk (map2 (-) x m)) mu l)) xs)) (mu, l) 1.0`,
			1, []string{
				"[[1.0, 2.0, 0.0], [0.0, -1.0, 1.0], [3.0, 1.0, 2.0]] [[1.0, 0.0, 1.0], [2.0, -1.0, 0.0]] [[1.0, 2.0, -1.0], [0.0, 1.0, 1.0]]",
				"empty([0][2]f64) [[1.0, 0.0]] [[3.0]]",
			}},
		{"rows read by index", `entry main [k] [d] (xs: [][d]f64) (w: [k][d]f64) (p: [d]i64) =
  vjp (\w -> f64.sum (map (\x -> f64.sum (map (\wk -> f64.sum (map (\j -> wk[p[j]] * x[j]) (iota d))) w)) xs)) w 1.0`,
			1, []string{
				"[[1.0, 2.0, 0.0], [0.0, -1.0, 1.0]] [[1.0, 0.0, 1.0], [2.0, -1.0, 0.0]] [2i64, 0i64, 2i64]",
				"[[1.0, 2.0]] [[1.0, 0.0], [2.0, -1.0]] [1i64, 1i64]",
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			compile := func(after string) *ir.Program { return compileAfter(t, tc.src, after) }
			ad, fused, rows, full := compile("ad"), compile("fuse"), compile("accrows"), compile("")
			if a, b := rowUpdates(fused.Funcs[0]), rowUpdates(rows.Funcs[0]); a-b != tc.rows {
				t.Errorf("%d row updates before accrows, %d after, want %d fewer\n%s", a, b, tc.rows, rows)
			}
			for _, in := range tc.inputs {
				if a, b := runText(t, ad, in), runText(t, full, in); a != b {
					t.Errorf("on %s: %s after AD, %s optimised", in, a, b)
				}
			}
		})
	}
}
