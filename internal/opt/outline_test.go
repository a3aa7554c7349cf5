package opt

import (
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// TestOutline splits a long function whose middle keeps an array alive:
// parts are cut only where the values crossing the cut are scalars.
func TestOutline(t *testing.T) {
	defer func(n int) { outlineChunk = n }(outlineChunk)
	outlineChunk = 10
	n := ci(3)
	vec := ir.Array(prim.F64, n)
	chain := func(b *ir.Builder, a, x ir.SubExp, k int) ir.SubExp {
		for range k {
			a = b.BinOp(prim.Add, b.BinOp(prim.Mul, a, ir.Const(prim.FloatValue(prim.F64, 1.01))), x)
		}
		return a
	}
	p := build([]ir.Type{vec, ir.Scalar(prim.F64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		xs, x := ps[0], ps[1]
		a := chain(b, x, x, 15) // 30 statements
		ys := b.Map(n, []ir.VName{xs.Var}, b.Lambda([]ir.Type{ir.Scalar(prim.F64)}, func(lb *ir.Builder, e []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{lb.BinOp(prim.Mul, e[0], a)}
		}))
		a = chain(b, a, x, 15) // parts here neither read nor define ys
		s := b.Reduce(n, ys, []ir.SubExp{ir.Const(prim.FloatValue(prim.F64, 0))}, b.BinOpLambda(prim.Add, prim.F64))
		a = chain(b, b.BinOp(prim.Add, a, ir.Var(s[0])), x, 20)
		return []ir.SubExp{a}
	})
	q, err := Outline(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(q); err != nil {
		t.Fatalf("%v\n%s", err, q)
	}
	sameBehaviour(t, p, q, [][]interp.Value{{arrF(1, 2, 3), sF(0.5)}, {arrF(-1, 0, 4), sF(-2)}})
	main := q.Func("main")
	if len(q.Funcs) < 3 {
		t.Fatalf("want at least two parts, got:\n%s", q)
	}
	for _, f := range q.Funcs[1:] {
		if !f.Internal || !strings.HasPrefix(f.Name, "main#part") || len(f.Body.Stms) < outlineChunk {
			t.Errorf("part %s: internal %v, %d statements", f.Name, f.Internal, len(f.Body.Stms))
		}
		for _, p := range f.Params {
			if p.Type.IsArray() {
				t.Errorf("part %s takes array %s", f.Name, p.Name)
			}
		}
		for _, r := range f.Ret {
			if r.IsArray() {
				t.Errorf("part %s returns an array", f.Name)
			}
		}
	}
	kinds := ir.BodyKinds(main.Body)
	if kinds&ir.KMap == 0 || kinds&ir.KReduce == 0 {
		t.Errorf("the map and the reduce over its result should stay in main:\n%s", main.Body)
	}
	if len(main.Body.Stms) >= len(p.Funcs[0].Body.Stms) {
		t.Errorf("main did not get shorter")
	}
	// Short functions stay as they are.
	outlineChunk = 1000
	if r, _ := Outline(p); len(r.Funcs) != 1 || r.String() != p.String() {
		t.Errorf("a short function was outlined:\n%s", r)
	}
}
