package ir

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// soacProgram uses every construct the other golden programs do not.
func soacProgram() *Program {
	ns := NewNameSource(1)
	b := NewBuilder(ns)
	n := b.Param("n", i64)
	nv := Var(n.Name)
	xs := b.Param("xs", Array(prim.F64, nv))
	is := b.Param("is", Array(prim.I64, nv))
	add := b.BinOpLambda(prim.Add, prim.F64)
	zero := Const(prim.FloatValue(prim.F64, 0))
	sc := b.Scan(nv, []VName{xs.Name}, []SubExp{zero}, add)
	dst := b.Let("dst", &Replicate{Shape: Shape{I64(4)}, Val: zero})
	h := b.LetN("h", &Hist{W: nv, Dests: []VName{dst.Var}, Op: RenameLambda(add, ns), Neutral: []SubExp{zero}, Inds: []VName{is.Name}, Vals: []VName{sc[0]}})
	s := b.LetN("s", &Scatter{W: nv, Dests: []VName{h[0]}, Inds: []VName{is.Name}, Vals: []VName{xs.Name}})
	sq := b.Lambda([]Type{f64}, func(lb *Builder, x []SubExp) []SubExp { return []SubExp{lb.BinOp(prim.Mul, x[0], x[0])} })
	one := Const(prim.FloatValue(prim.F64, 1))
	j := b.LetN("j", &JVP{F: sq, Primals: []SubExp{one}, Tangents: []SubExp{one}})
	v := b.LetN("v", &VJP{F: RenameLambda(sq, ns), Primals: []SubExp{one}, Adjoints: []SubExp{Var(j[1])}})
	rule := b.Lambda([]Type{f64, f64, f64}, func(lb *Builder, x []SubExp) []SubExp { return x[2:] })
	w := b.LetN("w", &WithVJP{F: RenameLambda(sq, ns), Rule: rule, Args: []SubExp{Var(v[1])}})
	lit := b.Let("lit", &ArrayLit{Elems: []SubExp{Var(w[0]), one}, Elem: f64})
	cat := b.Let("cat", &Concat{Arrs: []VName{lit.Var, s[0]}})
	rot := b.Let("rot", &Rotate{R: I64(1), Arr: cat.Var})
	sz := b.Let("sz", &Size{Arr: rot.Var, Dim: 0})
	sl := b.Let("sl", &Slice{Arr: rot.Var, Dims: []DimSlice{{Start: I64(1), End: sz, Stride: I64(2)}}})
	up := b.Let("up", &Update{Arr: b.Let("c", &Copy{Arr: rot.Var}).Var, Dims: []DimSlice{{Start: I64(0), End: I64(1)}}, Val: b.Let("one", &Replicate{Shape: Shape{I64(1)}, Val: one})})
	call := b.LetN("call", &Apply{Func: "helper", Args: []SubExp{nv}, Ret: []Type{i64}})
	bins := b.Let("bins", &Replicate{Shape: Shape{I64(4)}, Val: zero})
	slots := b.Let("slots", &Replicate{Shape: Shape{I64(4)}, Val: zero})
	f := b.Lambda([]Type{f64, i64}, func(lb *Builder, p []SubExp) []SubExp {
		return []SubExp{p[0], p[0], p[1], p[0], p[1], p[0], lb.BinOp(prim.Mul, p[0], p[0])}
	})
	b.LetN("sm", &Screma{W: nv, Arrs: []VName{xs.Name, is.Name}, F: f,
		Scans:    []ScanOp{{Op: RenameLambda(add, ns), Neutral: []SubExp{zero}}},
		Reds:     []RedOp{{Op: RenameLambda(add, ns), Neutral: []SubExp{zero}, Comm: true}},
		Hists:    []HistOp{{Dests: []VName{bins.Var}, Rank: 1, Op: RenameLambda(add, ns), Neutral: []SubExp{zero}}},
		Scatters: []ScatterOp{{Dests: []VName{slots.Var}, Rank: 1}}})
	main := &Func{Name: "main", Params: []Param{n, xs, is}, Ret: []Type{Array(prim.F64, SubExp{}), Array(prim.F64, SubExp{}), i64}, Body: b.Body(sl, up, Var(call[0]))}
	hb := NewBuilder(ns)
	k := hb.Param("k", i64)
	helper := &Func{Name: "helper", Internal: true, Params: []Param{k}, Ret: []Type{i64}, Body: hb.Body(hb.BinOp(prim.Add, Var(k.Name), I64(1)))}
	return &Program{Funcs: []*Func{main, helper}}
}

func TestGoldenSOACs(t *testing.T) {
	p := soacProgram()
	if err := Verify(p); err != nil {
		t.Fatalf("verify: %v\n%s", err, p)
	}
	got := p.String()
	path := filepath.Join("testdata", "soacs.golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	// A call of a function the program lacks is an error.
	p.Funcs = p.Funcs[:1]
	if err := Verify(p); err == nil {
		t.Error("verify accepted a call of an undefined function")
	}
}
