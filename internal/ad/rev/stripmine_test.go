package rev

import (
	"math"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// powProgram is vjp2 (\x -> loop acc = 1 for i < n do acc * x) x 1 with
// the loop marked #[stripmine(k)] (k = 0: unmarked), built as IR since
// the attribute is a property of the core loop.
func powProgram(k int64) *ir.Program {
	ns := ir.NewNameSource(1)
	b := ir.NewBuilder(ns)
	f64 := ir.Scalar(prim.F64)
	x := b.Param("x", f64)
	n := b.Param("n", ir.Scalar(prim.I64))
	lam := b.Lambda([]ir.Type{f64}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		acc := lb.Param("acc", f64)
		i := lb.Param("i", ir.Scalar(prim.I64))
		bb := lb.Sub()
		y := bb.BinOp(prim.Mul, ir.Var(acc.Name), ps[0])
		var attrs []ir.Attr
		if k > 0 {
			attrs = []ir.Attr{{Name: "stripmine", Args: []int64{k}}}
		}
		return []ir.SubExp{lb.Let("loop", &ir.Loop{Params: []ir.Param{acc}, Init: []ir.SubExp{ir.Const(prim.FloatValue(prim.F64, 1))},
			Form: &ir.For{I: i.Name, T: prim.I64, Bound: ir.Var(n.Name)}, Body: bb.Body(y), Attrs: attrs})}
	})
	res := b.LetN("vjp", &ir.VJP{F: lam, Primals: []ir.SubExp{ir.Var(x.Name)}, Adjoints: []ir.SubExp{ir.Const(prim.FloatValue(prim.F64, 1))}})
	body := b.Body(ir.Var(res[0]), ir.Var(res[1]))
	return &ir.Program{Funcs: []*ir.Func{{Name: "pow", Params: []ir.Param{x, n}, Ret: []ir.Type{f64, f64}, Body: body}}}
}

func TestStripmine(t *testing.T) {
	for _, k := range []int64{0, 1, 2, 3} {
		q, err := Expand(powProgram(k))
		if err != nil {
			t.Fatalf("k=%d: %v", k, err)
		}
		if err := ir.Verify(q); err != nil {
			t.Fatalf("k=%d: %v\n%s", k, err, q)
		}
		// At least k nested loops and a remainder loop, each with a
		// reverse loop.
		if loops := strings.Count(q.String(), "= loop"); k > 1 && loops < 2*(int(k)+1) {
			t.Errorf("k=%d: %d loops after expansion, want at least %d", k, loops, 2*(k+1))
		}
		p, err := interp.Compile(q)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int64{10, 0, 1, 8, 9, 17, 27, 28} {
			res, err := p.Run("pow", []interp.Value{sf(2), interp.ScalarValue(prim.IntValue(prim.I64, n))})
			if err != nil {
				t.Fatalf("k=%d n=%d: %v", k, n, err)
			}
			got := flat(res)
			want := []float64{math.Pow(2, float64(n)), float64(n) * math.Pow(2, float64(n-1))}
			if n == 0 {
				want[1] = 0
			}
			if !closeTo(got[0], want[0], 1e-12) || !closeTo(got[1], want[1], 1e-12) {
				t.Errorf("k=%d n=%d: %v, want %v", k, n, got, want)
			}
		}
	}
}
