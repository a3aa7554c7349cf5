package rev

import (
	"fmt"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/opt"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// cubes lists the arrays that f binds, at any depth, whose size is the
// product of three or more sizes that are not constants: arrays of rank 3
// and more, and arrays with a dimension that is a product of sizes.
func cubes(f *ir.Func) []string {
	muls := map[ir.VName][2]ir.SubExp{}
	var collect func(*ir.Body)
	collect = func(b *ir.Body) {
		for _, s := range b.Stms {
			if e, ok := s.Exp.(*ir.Bin); ok && e.Op == prim.Mul && len(s.Pat) == 1 {
				muls[s.Pat[0].Name] = [2]ir.SubExp{e.X, e.Y}
			}
			for _, c := range ir.Bodies(s.Exp) {
				collect(c)
			}
			for _, l := range ir.Lambdas(s.Exp) {
				collect(l.Body)
			}
		}
	}
	collect(f.Body)
	var factors func(d ir.SubExp) int
	factors = func(d ir.SubExp) int {
		switch {
		case d.IsConst:
			return 0
		case d.IsNone():
			return 1
		}
		if m, ok := muls[d.Var]; ok {
			return factors(m[0]) + factors(m[1])
		}
		return 1
	}
	var out []string
	check := func(p ir.Param) {
		k := 0
		for _, d := range p.Type.Shape {
			k += factors(d)
		}
		if k >= 3 {
			out = append(out, fmt.Sprintf("%s: %s", p.Name, p.Type))
		}
	}
	var walk func(*ir.Body)
	walk = func(b *ir.Body) {
		for _, s := range b.Stms {
			for _, p := range s.Pat {
				check(p)
			}
			for _, c := range ir.Bodies(s.Exp) {
				walk(c)
			}
			for _, l := range ir.Lambdas(s.Exp) {
				for _, p := range l.Params {
					check(p)
				}
				walk(l.Body)
			}
		}
	}
	walk(f.Body)
	return out
}

// The vjps of products of matrices and vectors allocate no array of
// rank 3 or of a size that is a product of three dimensions: the sums of
// their contributions are nests of dot products, O(nm + mp + np) memory
// for matmul. Without the interchange, the same check finds such arrays.
func TestInterchangeAllocatesNoCube(t *testing.T) {
	cubic := map[string]bool{"matmul": true, "matvec_shared": true, "gathered_rows": true, "cheap_nonlinear": true}
	for _, p := range NestProgs {
		if !cubic[p.Name] {
			continue
		}
		src := fmt.Sprintf("def f %s (x: %s) (y: %s) : %s = %s\nentry g %s (x: %s) (y: %s) (c: %s) = vjp (\\(x, y) -> f x y) (x, y) c\n",
			p.Sizes, shapeType(p.X), shapeType(p.Y), shapeType(p.Out[:]), p.Body,
			p.Sizes, shapeType(p.X), shapeType(p.Y), shapeType(p.Out[:]))
		prog, err := lowerSource(src)
		if err != nil {
			t.Fatal(err)
		}
		// As the pipeline does: simplify, expand, simplify.
		if prog, err = opt.Simplify(prog); err != nil {
			t.Fatal(err)
		}
		expand := func() (*ir.Program, *ir.Program) {
			q, err := Expand(prog)
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(q); err != nil {
				t.Fatal(err)
			}
			s, err := opt.Simplify(q)
			if err != nil {
				t.Fatal(err)
			}
			return q, s
		}
		q, s := expand()
		for _, r := range []*ir.Program{q, s} {
			for _, f := range r.Funcs {
				if c := cubes(f); len(c) > 0 {
					t.Errorf("%s: the vjp allocates %s:\n%s", p.Name, strings.Join(c, ", "), f)
				}
			}
		}
		// Without the interchange the sums fall back to accumulators,
		// which allocate no cube either.
		withoutInterchange(func() { q, s = expand() })
		for _, r := range []*ir.Program{q, s} {
			for _, f := range r.Funcs {
				if c := cubes(f); len(c) > 0 {
					t.Errorf("%s: without the interchange, the vjp allocates %s:\n%s", p.Name, strings.Join(c, ", "), f)
				}
			}
		}
		// Summing one array of contributions per application does.
		materialiseSums = true
		withoutInterchange(func() { q, s = expand() })
		materialiseSums = false
		for _, r := range []*ir.Program{q, s} {
			found := false
			for _, f := range r.Funcs {
				found = found || len(cubes(f)) > 0
			}
			if !found {
				t.Errorf("%s: no cube found when summing materialised contributions:\n%s", p.Name, r)
			}
		}
	}
}

// A sum whose terms need an expensive statement that the map also runs
// for its other results is left to the map, and a sum whose nested map
// is fed by an expensive statement too: neither runs twice.
func TestInterchangeKeepsExpensiveWork(t *testing.T) {
	for _, body := range []string{
		// tanh of the dot product is needed by both adjoints.
		`map (\row -> map (\col -> f64.tanh (f64.sum (map2 (*) row col))) (transpose y)) x`,
		// The row's norm feeds every element of the nested map.
		`map (\row -> let s = f64.sum (map (\a -> a * a) row) in map (\col -> s * f64.sum (map2 (*) row col)) (transpose y)) x`,
	} {
		src := "def f [n][m][p] (x: [n][m]f64) (y: [m][p]f64) : [n][p]f64 = " + body +
			"\nentry g [n][m][p] (x: [n][m]f64) (y: [m][p]f64) (c: [n][p]f64) = vjp (\\(x, y) -> f x y) (x, y) c\n"
		prog, err := lowerSource(src)
		if err != nil {
			t.Fatal(err)
		}
		q, err := Expand(prog)
		if err != nil {
			t.Fatal(err)
		}
		// Each expensive statement of the primal appears in the forward
		// sweep and at most once more in the return sweep.
		reduces := 0
		var count func(*ir.Body)
		count = func(b *ir.Body) {
			for _, s := range b.Stms {
				if r, ok := s.Exp.(*ir.Reduce); ok && r.W.IsVar() && r.W.Var.Base == "m" {
					reduces++
				}
				for _, c := range ir.Bodies(s.Exp) { // lambda bodies included
					count(c)
				}
			}
		}
		count(q.Funcs[0].Body)
		var plain *ir.Program
		withoutInterchange(func() { plain, err = Expand(prog) })
		if err != nil {
			t.Fatal(err)
		}
		want := reduces
		reduces = 0
		count(plain.Funcs[0].Body)
		if want != reduces {
			t.Errorf("%s: %d reductions over m, %d without the interchange:\n%s", body, want, reduces, q)
		}
	}
}
