package ir

import (
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// build makes a one-function program with params of the given types and
// returns its verification error.
func build(params []Type, body func(b *Builder, ps []SubExp) []SubExp) error {
	b := NewBuilder(NewNameSource(1))
	b.Pos = pos(1)
	var ps []Param
	var args []SubExp
	for _, t := range params {
		p := b.Param("p", t)
		ps = append(ps, p)
		args = append(args, Var(p.Name))
	}
	res := body(b, args)
	var ret []Type
	for _, r := range res {
		ret = append(ret, b.Type(r))
	}
	return VerifyFunc(&Func{Name: "f", Params: ps, Ret: ret, Body: b.Body(res...)})
}

// screma is a Screma over (xs, is) = ps, of width w (3 when 0) that scans
// and reduces xs and builds a histogram of it by is into a fresh array.
func screma(b *Builder, ps []SubExp, w int64) *Screma {
	if w == 0 {
		w = 3
	}
	zero := Const(prim.FloatValue(prim.F64, 0))
	dst := b.Let("d", &Replicate{Shape: Shape{I64(2)}, Val: zero})
	f := b.Lambda([]Type{f64, i64}, func(lb *Builder, p []SubExp) []SubExp { return []SubExp{p[0], p[0], p[1], p[0]} })
	return &Screma{W: I64(w), Arrs: []VName{ps[0].Var, ps[1].Var}, F: f,
		Scans: []ScanOp{{Op: b.BinOpLambda(prim.Add, prim.F64), Neutral: []SubExp{zero}}},
		Reds:  []RedOp{{Op: b.BinOpLambda(prim.Add, prim.F64), Neutral: []SubExp{zero}}},
		Hists: []HistOp{{Dests: []VName{dst.Var}, Rank: 1, Op: b.BinOpLambda(prim.Add, prim.F64), Neutral: []SubExp{zero}}}}
}

func TestVerifyConstructs(t *testing.T) {
	vec := Array(prim.F64, I64(3))
	ivec := Array(prim.I64, I64(3))
	set0 := func(b *Builder, arr VName) SubExp {
		return b.Let("u", &Update{Arr: arr, Dims: []DimSlice{{Fixed: true, I: I64(0)}}, Val: Const(prim.FloatValue(prim.F64, 1))})
	}
	tests := []struct {
		name   string
		params []Type
		body   func(b *Builder, ps []SubExp) []SubExp
		want   string // "" means it must verify
	}{
		{"hist ok", []Type{vec, ivec, vec}, func(b *Builder, ps []SubExp) []SubExp {
			return []SubExp{Var(b.LetN("h", &Hist{W: I64(3), Dests: []VName{ps[0].Var}, Op: b.BinOpLambda(prim.Add, prim.F64), Neutral: []SubExp{Const(prim.FloatValue(prim.F64, 0))}, Inds: []VName{ps[1].Var}, Vals: []VName{ps[2].Var}})[0])}
		}, ""},
		{"hist index type", []Type{vec, vec, vec}, func(b *Builder, ps []SubExp) []SubExp {
			b.Bind([]Param{{VName{"h", 99}, vec}}, &Hist{W: I64(3), Dests: []VName{ps[0].Var}, Op: b.BinOpLambda(prim.Add, prim.F64), Neutral: []SubExp{Const(prim.FloatValue(prim.F64, 0))}, Inds: []VName{ps[1].Var}, Vals: []VName{ps[2].Var}})
			return []SubExp{Var(VName{"h", 99})}
		}, "hist index array p_2 has elements of type f64, want i64"},
		{"scatter values", []Type{vec, ivec, ivec}, func(b *Builder, ps []SubExp) []SubExp {
			b.Bind([]Param{{VName{"s", 99}, vec}}, &Scatter{W: I64(3), Dests: []VName{ps[0].Var}, Inds: []VName{ps[1].Var}, Vals: []VName{ps[2].Var}})
			return []SubExp{Var(VName{"s", 99})}
		}, "scatter values p_3 have elements of type i64, want f64"},
		{"scatter then use dest", []Type{vec, ivec, vec}, func(b *Builder, ps []SubExp) []SubExp {
			b.LetN("s", &Scatter{W: I64(3), Dests: []VName{ps[0].Var}, Inds: []VName{ps[1].Var}, Vals: []VName{ps[2].Var}})
			return []SubExp{ps[0]}
		}, "p_1 is used after being consumed"},
		{"reduce consumes its parameter", []Type{Array(prim.F64, I64(2), I64(3))}, func(b *Builder, ps []SubExp) []SubExp {
			op := b.Lambda([]Type{vec, vec}, func(lb *Builder, xs []SubExp) []SubExp { return []SubExp{set0(lb, xs[0].Var)} })
			z := b.Let("z", &Replicate{Shape: Shape{I64(3)}, Val: Const(prim.FloatValue(prim.F64, 0))})
			return []SubExp{Var(b.Reduce(I64(2), []VName{ps[0].Var}, []SubExp{z}, op)[0])}
		}, "reduce operator consumes its parameter"},
		{"map consumes its parameter", []Type{Array(prim.F64, I64(2), I64(3))}, func(b *Builder, ps []SubExp) []SubExp {
			f := b.Lambda([]Type{vec}, func(lb *Builder, xs []SubExp) []SubExp { return []SubExp{set0(lb, xs[0].Var)} })
			b.Map(I64(2), []VName{ps[0].Var}, f)
			return []SubExp{ps[0]}
		}, "p_1 is used after being consumed"},
		{"loop returns outside storage", []Type{vec}, func(b *Builder, ps []SubExp) []SubExp {
			acc, i := b.Param("acc", vec), b.Param("i", i64)
			lb := b.Sub()
			set0(lb, acc.Name)
			return []SubExp{Var(b.LetN("l", &Loop{Params: []Param{acc}, Init: []SubExp{b.Let("c", &Copy{Arr: ps[0].Var})}, Form: &For{I: i.Name, T: prim.I64, Bound: I64(2)}, Body: lb.Body(ps[0])})[0])}
		}, "loop parameter acc_2 is consumed in the loop, but the body returns p_1"},
		{"loop consumes init", []Type{vec}, func(b *Builder, ps []SubExp) []SubExp {
			acc, i := b.Param("acc", vec), b.Param("i", i64)
			lb := b.Sub()
			u := set0(lb, acc.Name)
			b.LetN("l", &Loop{Params: []Param{acc}, Init: []SubExp{ps[0]}, Form: &For{I: i.Name, T: prim.I64, Bound: I64(2)}, Body: lb.Body(u)})
			return []SubExp{ps[0]}
		}, "p_1 is used after being consumed"},
		{"branch consumption is per branch", []Type{vec, b1}, func(b *Builder, ps []SubExp) []SubExp {
			tb, eb := b.Sub(), b.Sub()
			u := set0(tb, ps[0].Var)
			r := b.Let("r", &If{Cond: ps[1], Then: tb.Body(u), Else: eb.Body(ps[0]), Ret: []Type{vec}})
			return []SubExp{r}
		}, ""},
		{"branch consumption counts after", []Type{vec, b1}, func(b *Builder, ps []SubExp) []SubExp {
			tb, eb := b.Sub(), b.Sub()
			u := set0(tb, ps[0].Var)
			b.Let("r", &If{Cond: ps[1], Then: tb.Body(u), Else: eb.Body(ps[0]), Ret: []Type{vec}})
			return []SubExp{ps[0]}
		}, "p_1 is used after being consumed"},
		{"withacc lambda result", []Type{vec}, func(b *Builder, ps []SubExp) []SubExp {
			f := b.Lambda([]Type{AccOf(vec)}, func(lb *Builder, xs []SubExp) []SubExp { return []SubExp{I64(0)} })
			b.Bind([]Param{{VName{"w", 99}, vec}}, &WithAcc{Inputs: []AccInput{{Arr: ps[0].Var}}, F: f})
			return []SubExp{Var(VName{"w", 99})}
		}, "withacc lambda result 0 has type i64, want acc([3i64]f64)"},
		{"upd value type", []Type{vec}, func(b *Builder, ps []SubExp) []SubExp {
			f := &Lambda{Params: []Param{{VName{"a", 50}, AccOf(vec)}}, Ret: []Type{AccOf(vec)}, Body: &Body{
				Stms:   []*Stm{stm(VName{"a", 51}, AccOf(vec), &UpdAcc{Acc: VName{"a", 50}, Idx: []SubExp{I64(0)}, Val: I64(1)}, 3)},
				Result: []SubExp{Var(VName{"a", 51})}}}
			b.Bind([]Param{{VName{"w", 99}, vec}}, &WithAcc{Inputs: []AccInput{{Arr: ps[0].Var}}, F: f})
			return []SubExp{Var(VName{"w", 99})}
		}, "accumulated value 1i64 has type i64, want f64"},
		{"jvp seeds", []Type{f64}, func(b *Builder, ps []SubExp) []SubExp {
			id := b.Lambda([]Type{f64}, func(lb *Builder, xs []SubExp) []SubExp { return xs })
			b.Bind([]Param{{VName{"y", 98}, f64}, {VName{"dy", 99}, f64}}, &JVP{F: id, Primals: ps, Tangents: nil})
			return []SubExp{Var(VName{"y", 98})}
		}, "jvp: 0 seeds, want 1"},
		{"vjp ok", []Type{f64}, func(b *Builder, ps []SubExp) []SubExp {
			sq := b.Lambda([]Type{f64}, func(lb *Builder, xs []SubExp) []SubExp { return []SubExp{lb.BinOp(prim.Mul, xs[0], xs[0])} })
			r := b.LetN("r", &VJP{F: sq, Primals: ps, Adjoints: []SubExp{Const(prim.FloatValue(prim.F64, 1))}})
			return []SubExp{Var(r[1])}
		}, ""},
		{"mjp width", []Type{f64, Array(prim.F64, I64(4))}, func(b *Builder, ps []SubExp) []SubExp {
			sq := b.Lambda([]Type{f64}, func(lb *Builder, xs []SubExp) []SubExp { return []SubExp{lb.BinOp(prim.Mul, xs[0], xs[0])} })
			r := b.LetN("r", &VJP{F: sq, Primals: ps[:1], Adjoints: ps[1:], Vec: true, Width: I64(4)})
			return []SubExp{Var(r[1])}
		}, ""},
		{"concat inner shapes", []Type{Array(prim.F64, I64(2), I64(3)), Array(prim.F64, I64(2), I64(4))}, func(b *Builder, ps []SubExp) []SubExp {
			b.Bind([]Param{{VName{"c", 99}, Array(prim.F64, I64(4), I64(3))}}, &Concat{Arrs: []VName{ps[0].Var, ps[1].Var}})
			return []SubExp{Var(VName{"c", 99})}
		}, "cannot concatenate p_2"},
		{"duplicate lambda parameter", []Type{vec}, func(b *Builder, ps []SubExp) []SubExp {
			f := &Lambda{Params: []Param{{ps[0].Var, f64}}, Ret: []Type{f64}, Body: &Body{Result: []SubExp{ps[0]}}}
			return []SubExp{Var(b.Map(I64(3), []VName{ps[0].Var}, f)[0])}
		}, "p_1 is defined twice"},
		{"nil pieces", nil, func(b *Builder, ps []SubExp) []SubExp {
			b.Bind([]Param{{VName{"r", 99}, f64}}, &If{Cond: Bool(true), Ret: []Type{f64}})
			b.Bind(nil, &Map{W: I64(1)})
			return []SubExp{Var(VName{"r", 99})}
		}, "if without both branches"},
		{"screma ok", []Type{vec, ivec}, func(b *Builder, ps []SubExp) []SubExp {
			r := b.LetN("r", screma(b, ps, 0))
			return []SubExp{Var(r[0]), Var(r[1]), Var(r[2])}
		}, ""},
		{"screma result count", []Type{vec, ivec}, func(b *Builder, ps []SubExp) []SubExp {
			e := screma(b, ps, 0)
			e.F.Ret, e.F.Body.Result = e.F.Ret[:2], e.F.Body.Result[:2]
			b.Bind([]Param{{VName{"r", 99}, vec}}, e)
			return nil
		}, "screma: the operators take 4 results, the function gives 2"},
		{"screma index type", []Type{vec, ivec}, func(b *Builder, ps []SubExp) []SubExp {
			e := screma(b, ps, 0)
			e.F.Ret[2], e.F.Body.Result[2] = f64, e.F.Body.Result[0]
			b.Bind([]Param{{VName{"r", 99}, vec}}, e)
			return nil
		}, "screma hist index 0 has type f64, want i64"},
		{"screma then use dest", []Type{vec, ivec}, func(b *Builder, ps []SubExp) []SubExp {
			e := screma(b, ps, 0)
			b.LetN("r", e)
			return []SubExp{Var(e.Hists[0].Dests[0])}
		}, "is used after being consumed"},
		{"screma width", []Type{vec, ivec}, func(b *Builder, ps []SubExp) []SubExp {
			b.Bind([]Param{{VName{"r", 99}, vec}}, screma(b, ps, 4))
			return nil
		}, "screma input p_1 has outer size 3i64, want 4i64"},
		{"nil lambda", []Type{vec}, func(b *Builder, ps []SubExp) []SubExp {
			b.Bind([]Param{{VName{"r", 99}, vec}}, &Map{W: I64(3), Arrs: []VName{ps[0].Var}})
			return []SubExp{Var(VName{"r", 99})}
		}, "map: missing lambda"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := build(tc.params, tc.body)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.want != "" && err == nil:
				t.Fatalf("verify accepted it, want %q", tc.want)
			case tc.want != "" && !strings.Contains(err.Error(), tc.want):
				t.Fatalf("got %q, want it to contain %q", err, tc.want)
			}
		})
	}
}
