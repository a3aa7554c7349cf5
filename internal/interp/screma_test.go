package interp

import (
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// scremaProgram is one Screma over (xs, is) whose function gives
// x*2 (scanned with +), x (reduced with max), x+1 (reduced with +),
// (i, x) (a histogram with + into three bins), (i, 10x) (scattered into
// three elements) and x*x (a map output).
func scremaProgram() *ir.Program {
	return fn([]ir.Type{vec(prim.I64), vec(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n := size(b, ps[0], 0)
		h := b.Let("h", &ir.Replicate{Shape: ir.Shape{ir.I64(3)}, Val: ir.I64(0)})
		s := b.Let("s", &ir.Replicate{Shape: ir.Shape{ir.I64(3)}, Val: ir.I64(-1)})
		f := b.Lambda([]ir.Type{i64, i64}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
			x, i := p[0], p[1]
			return []ir.SubExp{lb.BinOp(prim.Mul, x, ir.I64(2)), x, lb.BinOp(prim.Add, x, ir.I64(1)), i, x, i, lb.BinOp(prim.Mul, x, ir.I64(10)), lb.BinOp(prim.Mul, x, x)}
		})
		maxFn, _ := prim.LookupFunc("max_i64")
		maxOp := b.Lambda([]ir.Type{i64, i64}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{lb.Call(maxFn, p...)}
		})
		e := &ir.Screma{W: n, Arrs: []ir.VName{ps[0].Var, ps[1].Var}, F: f,
			Scans: []ir.ScanOp{{Op: b.BinOpLambda(prim.Add, prim.I64), Neutral: []ir.SubExp{ir.I64(0)}}},
			Reds: []ir.RedOp{
				{Op: maxOp, Neutral: []ir.SubExp{ir.I64(-100)}, Comm: true},
				{Op: b.BinOpLambda(prim.Add, prim.I64), Neutral: []ir.SubExp{ir.I64(0)}},
			},
			Hists:    []ir.HistOp{{Dests: []ir.VName{h.Var}, Rank: 1, Op: b.BinOpLambda(prim.Add, prim.I64), Neutral: []ir.SubExp{ir.I64(0)}}},
			Scatters: []ir.ScatterOp{{Dests: []ir.VName{s.Var}, Rank: 1}},
		}
		out := b.LetN("r", e)
		res := make([]ir.SubExp, len(out))
		for i, o := range out {
			res[i] = ir.Var(o)
		}
		return res
	})
}

func TestScrema(t *testing.T) {
	// The same with a function that fails on x = 0 (10 // x) and a
	// reduction that cannot: the error is the function's, at its
	// position.
	failing := fn([]ir.Type{vec(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n := size(b, ps[0], 0)
		at(b, 7)
		f := b.Lambda([]ir.Type{i64}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{lb.BinOp(prim.Quot, ir.I64(10), p[0]), p[0]}
		})
		at(b, 9)
		out := b.LetN("r", &ir.Screma{W: n, Arrs: []ir.VName{ps[0].Var}, F: f,
			Reds: []ir.RedOp{{Op: b.BinOpLambda(prim.Add, prim.I64), Neutral: []ir.SubExp{ir.I64(0)}}}})
		return []ir.SubExp{ir.Var(out[0]), ir.Var(out[1])}
	})
	runCases(t, []runCase{
		{name: "every operator", prog: scremaProgram(), args: []Value{i64s([]int64{4}, 3, 1, 4, 1), i64s([]int64{4}, 0, 2, 0, 5)},
			want: []string{"[6i64, 8i64, 16i64, 18i64]", "4i64", "13i64", "[7i64, 0i64, 1i64]", "[40i64, -1i64, 10i64]", "[9i64, 1i64, 16i64, 1i64]"}},
		{name: "empty", prog: scremaProgram(), args: []Value{i64s([]int64{0}), i64s([]int64{0})},
			want: []string{"empty([0]i64)", "-100i64", "0i64", "[0i64, 0i64, 0i64]", "[-1i64, -1i64, -1i64]", "empty([0]i64)"}},
		{name: "width", prog: scremaProgram(), args: []Value{i64s([]int64{2}, 3, 1), i64s([]int64{1}, 0)},
			err: "does not match shape [2] (screma input)"},
		{name: "function fails", prog: failing, args: []Value{i64s([]int64{3}, 5, 0, 2)}, err: "t.fut:7:3"},
		{name: "redomap", prog: failing, args: []Value{i64s([]int64{3}, 5, 1, 2)}, want: []string{"17i64", "[5i64, 1i64, 2i64]"}},
	})
}
