package ir

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

var update = flag.Bool("update", false, "rewrite golden files")

var (
	f64 = Scalar(prim.F64)
	b1  = Scalar(prim.Bool)
)

func pos(line int) Pos { return Pos{File: "t.fut", Line: line, Col: 1} }

// dotProgram is `entry dot [n] (xs: [n]f64) (ys: [n]f64) = reduce (+) 0 (map2 (*) xs ys)`.
func dotProgram() *Program {
	ns := NewNameSource(1)
	b := NewBuilder(ns)
	n := b.Param("n", i64)
	xs := b.Param("xs", Array(prim.F64, Var(n.Name)))
	ys := b.Param("ys", Array(prim.F64, Var(n.Name)))
	mul := b.BinOpLambda(prim.Mul, prim.F64)
	prods := b.Map(Var(n.Name), []VName{xs.Name, ys.Name}, mul)
	sum := b.Reduce(Var(n.Name), prods, []SubExp{Const(prim.FloatValue(prim.F64, 0))}, b.BinOpLambda(prim.Add, prim.F64))
	return &Program{Funcs: []*Func{{
		Name: "dot", Params: []Param{n, xs, ys}, Ret: []Type{f64}, Body: b.Body(Var(sum[0])),
	}}}
}

// loopProgram exercises if, for and while loops, in-place updates,
// accumulators and the remaining array operations.
func loopProgram() *Program {
	ns := NewNameSource(1)
	b := NewBuilder(ns)
	n := b.Param("n", i64)
	nv := Var(n.Name)
	b.Let("xs", &Iota{N: nv, T: prim.I64})
	acc := b.Param("acc", Array(prim.I64, nv))
	i := ns.New("i")
	lb := b.Sub()
	lb.Declare(Param{Name: i, Type: i64})
	sq := lb.BinOp(prim.Mul, Var(i), Var(i))
	upd := lb.Let("acc", &Update{Arr: acc.Name, Dims: []DimSlice{{Fixed: true, I: Var(i)}}, Val: sq})
	init := b.Let("zeros", &Replicate{Shape: Shape{nv}, Val: I64(0)})
	res := b.LetN("res", &Loop{
		Params: []Param{acc}, Init: []SubExp{init},
		Form: &For{I: i, T: prim.I64, Bound: nv}, Body: lb.Body(upd),
		Attrs: []Attr{{Name: "stripmine", Args: []int64{2}}},
	})
	x := b.Param("x", i64)
	c := b.Param("c", b1)
	wb := b.Sub()
	half := wb.BinOp(prim.Div, Var(x.Name), I64(2))
	more := wb.CmpOp(prim.Gt, half, I64(1))
	w := b.LetN("w", &Loop{Params: []Param{x, c}, Init: []SubExp{nv, Bool(true)}, Form: &While{Cond: c.Name}, Body: wb.Body(half, more)})
	pos := b.CmpOp(prim.Gt, Var(w[0]), I64(0))
	tb, eb := b.Sub(), b.Sub()
	rev := tb.Let("rev", &Slice{Arr: res[0], Dims: []DimSlice{{Stride: I64(-1)}}})
	cp := eb.Let("cp", &Copy{Arr: res[0]})
	sel := b.Let("sel", &If{Cond: pos, Then: tb.Body(rev), Else: eb.Body(cp), Ret: []Type{Array(prim.I64, nv)}})
	b.Bind(nil, &Assert{Cond: pos, Msg: "positive"})
	dst := b.Let("dst", &Scratch{Elem: prim.I64, Shape: Shape{I64(4)}})
	wa := b.LetN("wa", &WithAcc{
		Inputs: []AccInput{{Arr: dst.Var}},
		F: b.Lambda([]Type{AccOf(Array(prim.I64, I64(4)))}, func(lb *Builder, ps []SubExp) []SubExp {
			a := lb.Let("a", &UpdAcc{Acc: ps[0].Var, Idx: []SubExp{I64(1)}, Val: I64(5)})
			return []SubExp{a}
		}),
	})
	t := b.Let("t", &Rearrange{Arr: b.Let("m", &Reshape{Arr: sel.Var, Shape: Shape{nv, I64(1)}}).Var, Perm: []int{1, 0}})
	_ = t
	return &Program{Funcs: []*Func{{Name: "loops", Params: []Param{n}, Ret: []Type{Array(prim.I64, I64(4))}, Body: b.Body(Var(wa[0]))}}}
}

func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		prog *Program
	}{
		{"dot", dotProgram()},
		{"loops", loopProgram()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := Verify(tc.prog); err != nil {
				t.Fatalf("verify: %v\n%s", err, tc.prog)
			}
			got := tc.prog.String()
			path := filepath.Join("testdata", tc.name+".golden")
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
		})
	}
}

// stm builds a statement binding one name.
func stm(v VName, t Type, e Exp, line int) *Stm {
	return &Stm{Pat: []Param{{Name: v, Type: t}}, Exp: e, Pos: pos(line)}
}

func TestVerifyRejects(t *testing.T) {
	x := VName{"x", 1}
	y := VName{"y", 2}
	z := VName{"z", 3}
	a := VName{"a", 4}
	arr := Array(prim.F64, I64(3))
	fn := func(params []Param, ret []Type, res []SubExp, stms ...*Stm) *Func {
		return &Func{Name: "f", Params: params, Ret: ret, Body: &Body{Stms: stms, Result: res}}
	}
	add := func(p, q VName) *Lambda {
		r := VName{"r", 90}
		return &Lambda{Params: []Param{{p, f64}, {q, f64}}, Ret: []Type{f64},
			Body: &Body{Stms: []*Stm{stm(r, f64, &Bin{Op: prim.Add, T: prim.F64, X: Var(p), Y: Var(q)}, 50)}, Result: []SubExp{Var(r)}}}
	}
	tests := []struct {
		name string
		f    *Func
		want string
	}{
		{"undefined", fn(nil, []Type{f64}, []SubExp{Var(y)},
			stm(x, f64, &Atom{Var(y)}, 3)), "t.fut:3:1: y_2 is not defined"},
		{"use before definition", fn(nil, []Type{f64}, []SubExp{Var(y)},
			stm(x, f64, &Atom{Var(y)}, 3), stm(y, f64, &Atom{Const(prim.FloatValue(prim.F64, 1))}, 4)), "y_2 is not defined"},
		{"defined twice", fn([]Param{{x, f64}}, []Type{f64}, []SubExp{Var(x)},
			stm(x, f64, &Atom{Var(x)}, 5)), "t.fut:5:1: x_1 is defined twice"},
		{"operand type", fn([]Param{{x, f64}, {y, i64}}, []Type{f64}, []SubExp{Var(z)},
			stm(z, f64, &Bin{Op: prim.Add, T: prim.F64, X: Var(x), Y: Var(y)}, 6)), "operand y_2 has type i64, want f64"},
		{"pattern type", fn([]Param{{x, f64}}, []Type{f64}, []SubExp{Var(z)},
			stm(z, i64, &Bin{Op: prim.Add, T: prim.F64, X: Var(x), Y: Var(x)}, 7)), "z_3 is declared i64, but the expression gives f64"},
		{"operator undefined", fn([]Param{{x, f64}}, []Type{f64}, []SubExp{Var(z)},
			stm(z, f64, &Bin{Op: prim.BitAnd, T: prim.F64, X: Var(x), Y: Var(x)}, 7)), "operator & is not defined on f64"},
		{"result type", fn([]Param{{x, f64}}, []Type{i64}, []SubExp{Var(x)}), "function result 0 (x_1) has type f64, want i64"},
		{"result count", fn([]Param{{x, f64}}, []Type{f64, f64}, []SubExp{Var(x)}), "1 values returned, want 2"},
		{"lambda arity", fn([]Param{{a, arr}}, []Type{arr}, []SubExp{Var(z)},
			stm(z, arr, &Map{W: I64(3), Arrs: []VName{a}, F: add(VName{"p", 10}, VName{"q", 11})}, 8)), "map: lambda has 2 parameters, want 1"},
		{"lambda param type", fn([]Param{{a, Array(prim.I64, I64(3))}}, []Type{arr}, []SubExp{Var(z)},
			stm(z, arr, &Map{W: I64(3), Arrs: []VName{a}, F: &Lambda{Params: []Param{{VName{"p", 10}, f64}}, Ret: []Type{f64}, Body: &Body{Result: []SubExp{Var(VName{"p", 10})}}}}, 8)),
			"map: lambda parameter 0 (p_10) has type f64, want i64"},
		{"static width", fn([]Param{{a, arr}}, []Type{arr}, []SubExp{Var(z)},
			stm(z, arr, &Map{W: I64(4), Arrs: []VName{a}, F: &Lambda{Params: []Param{{VName{"p", 10}, f64}}, Ret: []Type{f64}, Body: &Body{Result: []SubExp{Var(VName{"p", 10})}}}}, 8)),
			"map input a_4 has outer size 3i64, want 4i64"},
		{"reduce neutral", fn([]Param{{a, arr}}, []Type{f64}, []SubExp{Var(z)},
			stm(z, f64, &Reduce{W: I64(3), Arrs: []VName{a}, Op: add(VName{"p", 10}, VName{"q", 11}), Neutral: []SubExp{I64(0)}}, 9)),
			"reduce neutral element 0i64 has type i64, want f64"},
		{"lambda scope", fn([]Param{{a, arr}}, []Type{f64}, []SubExp{Var(VName{"r", 90})},
			stm(z, f64, &Reduce{W: I64(3), Arrs: []VName{a}, Op: add(VName{"p", 10}, VName{"q", 11}), Neutral: []SubExp{Const(prim.FloatValue(prim.F64, 0))}}, 9)),
			"r_90 is not defined"},
		{"use after consume", fn([]Param{{a, arr}, {x, f64}}, []Type{arr}, []SubExp{Var(a)},
			stm(z, arr, &Update{Arr: a, Dims: []DimSlice{{Fixed: true, I: I64(0)}}, Val: Var(x)}, 10)),
			"a_4 is used after being consumed at t.fut:10:1"},
		{"use alias after consume", fn([]Param{{a, arr}, {x, f64}}, []Type{arr}, []SubExp{Var(y)},
			stm(y, arr, &Atom{Var(a)}, 9),
			stm(z, arr, &Update{Arr: a, Dims: []DimSlice{{Fixed: true, I: I64(0)}}, Val: Var(x)}, 10)),
			"y_2 is used after a_4, whose storage it shares, was consumed"},
		{"consume free in map", fn([]Param{{a, arr}, {VName{"b", 5}, arr}}, []Type{arr}, []SubExp{Var(z)},
			stm(z, arr, &Map{W: I64(3), Arrs: []VName{a}, F: &Lambda{Params: []Param{{VName{"p", 10}, f64}}, Ret: []Type{f64},
				Body: &Body{Stms: []*Stm{stm(VName{"u", 12}, arr, &Update{Arr: VName{"b", 5}, Dims: []DimSlice{{Fixed: true, I: I64(0)}}, Val: Var(VName{"p", 10})}, 11)}, Result: []SubExp{Var(VName{"p", 10})}}}}, 12)),
			"map lambda consumes b_5, which is defined outside it"},
		{"while cond", fn([]Param{{x, f64}}, []Type{f64}, []SubExp{Var(z)},
			stm(z, f64, &Loop{Params: []Param{{y, f64}}, Init: []SubExp{Var(x)}, Form: &While{Cond: y}, Body: &Body{Result: []SubExp{Var(y)}}}, 13)),
			"while condition y_2 is not a bool loop parameter"},
		{"if branch type", fn([]Param{{x, f64}}, []Type{f64}, []SubExp{Var(z)},
			stm(z, f64, &If{Cond: Bool(true), Then: &Body{Result: []SubExp{Var(x)}}, Else: &Body{Result: []SubExp{I64(1)}}, Ret: []Type{f64}}, 14)),
			"else branch 0 (1i64) has type i64, want f64"},
		{"index rank", fn([]Param{{a, arr}}, []Type{f64}, []SubExp{Var(z)},
			stm(z, f64, &Index{Arr: a, Idx: []SubExp{I64(0), I64(0)}}, 15)), "2 indices for a_4 of rank 1"},
		{"reshape size", fn([]Param{{a, arr}}, []Type{Array(prim.F64, I64(2), I64(2))}, []SubExp{Var(z)},
			stm(z, Array(prim.F64, I64(2), I64(2)), &Reshape{Arr: a, Shape: Shape{I64(2), I64(2)}}, 16)), "cannot reshape a_4 of shape [3i64] to shape [2i64][2i64]"},
		{"bad perm", fn([]Param{{a, arr}}, []Type{arr}, []SubExp{Var(z)},
			stm(z, arr, &Rearrange{Arr: a, Perm: []int{1}}, 17)), "[1] is not a permutation of 1 dimensions"},
		{"upd on array", fn([]Param{{a, arr}, {x, f64}}, []Type{arr}, []SubExp{Var(z)},
			stm(z, arr, &UpdAcc{Acc: a, Idx: []SubExp{I64(0)}, Val: Var(x)}, 18)), "upd on a_4 of type [3i64]f64, want an accumulator"},
		{"missing exp", fn(nil, []Type{f64}, []SubExp{Var(z)}, &Stm{Pat: []Param{{z, f64}}, Pos: pos(19)}), "missing expression"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := VerifyFunc(tc.f)
			if err == nil {
				t.Fatalf("verify accepted:\n%s", tc.f)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got error %q, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestFreeAndRename(t *testing.T) {
	p := dotProgram()
	f := p.Funcs[0]
	m := f.Body.Stms[0].Exp.(*Map)
	if free := FreeInLambda(m.F); len(free) != 0 {
		t.Errorf("map lambda free variables = %v, want none", free.Sorted())
	}
	free := FreeInBody(f.Body).Sorted()
	want := []VName{f.Params[0].Name, f.Params[1].Name, f.Params[2].Name}
	if len(free) != len(want) {
		t.Fatalf("free = %v, want %v", free, want)
	}
	for i := range want {
		if free[i] != want[i] {
			t.Errorf("free[%d] = %v, want %v", i, free[i], want[i])
		}
	}
	ns := NewNameSource(100)
	r := RenameBody(f.Body, ns)
	bound := BoundInBody(f.Body)
	for v := range BoundInBody(r) {
		if bound.Has(v) {
			t.Errorf("renamed body still binds %v", v)
		}
	}
	// The renamed copy next to the original must still verify.
	g := &Func{Name: "g", Params: f.Params, Ret: f.Ret, Body: &Body{Stms: append(append([]*Stm{}, f.Body.Stms...), r.Stms...), Result: r.Result}}
	if err := VerifyFunc(g); err != nil {
		t.Errorf("renamed copy: %v", err)
	}
	// Substituting the width by a constant reaches sizes in types too.
	s := Substitute(f.Body, map[VName]SubExp{f.Params[0].Name: I64(7)})
	if got := s.Stms[0].Pat[0].Type.String(); got != "[7i64]f64" {
		t.Errorf("substituted type = %s, want [7i64]f64", got)
	}
	if got := s.Stms[0].Exp.(*Map).W.String(); got != "7i64" {
		t.Errorf("substituted width = %s", got)
	}
}

func TestBuilderPanicsOnIllTyped(t *testing.T) {
	defer func() {
		r := recover()
		if _, ok := r.(*BuildError); !ok {
			t.Fatalf("recovered %v, want *BuildError", r)
		}
	}()
	b := NewBuilder(NewNameSource(1))
	x := b.Param("x", f64)
	b.Let("y", &Bin{Op: prim.Add, T: prim.I64, X: Var(x.Name), Y: I64(1)})
}
