package ad

import (
	"testing"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/lower"
)

const needSrc = `
entry sel [n] (xs: [n]f64) (d: [n]f64) =
  jvp (\xs -> let m = f64.minimum xs in f64.sum (map (\x -> if x == m then 0 else x * x) xs)) xs d
entry value [n] (xs: [n]f64) (d: [n]f64) = jvp (\xs -> f64.minimum xs * 2) xs d
entry loopsel [n] (xs: [n]f64) (d: [n]f64) =
  jvp (\xs -> (loop (s, m) = (0, -f64.inf) for x in xs do (if x > m then s + x else s, f64.max m x)).0) xs d
entry loopval [n] (xs: [n]f64) (d: [n]f64) =
  jvp (\xs -> let (s, m) = loop (s, m) = (0, -f64.inf) for x in xs do (if x > m then s + x else s, f64.max m x) in s * m) xs d
entry hess [n] (xs: [n]f64) (d: [n]f64) =
  jvp (\xs -> vjp (\xs -> f64.minimum (map (\x -> x * x) xs)) xs 1) xs d
`

// expanded lowers src and expands its AD operators.
func expanded(t *testing.T, src string) map[string]*ir.Func {
	t.Helper()
	prog, err := check.CheckSource("t.fut", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := lower.Program(prog)
	if err != nil {
		t.Fatal(err)
	}
	q, err := Expand(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(q); err != nil {
		t.Fatal(err)
	}
	out := map[string]*ir.Func{}
	for _, f := range q.Funcs {
		out[f.Name] = f
	}
	return out
}

// count counts the statements of body, at any depth, that pred accepts.
func count(body *ir.Body, pred func(*ir.Stm) bool) int {
	n := 0
	for _, s := range body.Stms {
		if pred(s) {
			n++
		}
		for _, b := range ir.Bodies(s.Exp) {
			n += count(b, pred)
		}
	}
	return n
}

// liftedReduce: a reduction carrying values and their tangents together.
func liftedReduce(s *ir.Stm) bool {
	r, ok := s.Exp.(*ir.Reduce)
	return ok && len(r.Arrs) == 2
}

// A value that only selects (compared, never differentiated into a
// result) carries no tangent: its reduction stays the primal one and a
// loop carries no tangent parameter for it.
func TestTangentsOnlyWhereNeeded(t *testing.T) {
	fs := expanded(t, needSrc)
	if n := count(fs["sel"].Body, liftedReduce); n != 0 {
		t.Errorf("sel: the minimum only selects, yet %d reductions carry tangents:\n%s", n, fs["sel"].Body)
	}
	if n := count(fs["value"].Body, liftedReduce); n != 1 {
		t.Errorf("value: the minimum's tangent is a result, yet %d reductions carry tangents:\n%s", n, fs["value"].Body)
	}
	params := func(name string) int {
		n := 0
		count(fs[name].Body, func(s *ir.Stm) bool {
			if l, ok := s.Exp.(*ir.Loop); ok {
				n += len(l.Params)
			}
			return false
		})
		return n
	}
	if p := params("loopsel"); p != 3 {
		t.Errorf("loopsel: the running maximum only selects; want 2 parameters and 1 tangent, got %d in all:\n%s", p, fs["loopsel"].Body)
	}
	if p := params("loopval"); p != 4 {
		t.Errorf("loopval: both parameters reach the result; want 2 parameters and 2 tangents, got %d in all:\n%s", p, fs["loopval"].Body)
	}
	// Forward over reverse: the inner objective's minimum is not a result.
	if n := count(fs["hess"].Body, liftedReduce); n != 0 {
		t.Errorf("hess: the inner minimum carries a tangent in %d reductions:\n%s", n, fs["hess"].Body)
	}
}

// Batched tangents (jmp) keep the batch innermost, so a SOAC takes the
// tangents of its rows as they are: no transpose inside the nest, only at
// the jmp's entry and exit.
func TestBatchedTangentsNeedNoTransposes(t *testing.T) {
	fs := expanded(t, `
entry f [n] [m] (xs: [n]f64) (ys: [m][n]f64) (dxs: [3][n]f64) =
  jmp (\xs -> map (\y -> f64.sum (map2 (*) xs y) * f64.sum xs) ys) xs dxs
entry g [n] (xs: [n][2]f64) (dxs: [4][n][2]f64) =
  jmp (\xs -> scan (+) 0 (map (\r -> r[0] * r[1]) xs)) xs dxs
`)
	for _, name := range []string{"f", "g"} {
		inner := 0
		for _, s := range fs[name].Body.Stms {
			for _, b := range ir.Bodies(s.Exp) {
				inner += count(b, func(s *ir.Stm) bool { _, ok := s.Exp.(*ir.Rearrange); return ok })
			}
		}
		if inner != 0 {
			t.Errorf("%s: %d transposes inside SOACs:\n%s", name, inner, fs[name].Body)
		}
	}
}
