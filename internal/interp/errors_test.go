package interp

import (
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// one builds a program whose body is a single failing construct at line 2.
func one(params []ir.Type, build func(b *ir.Builder, ps []ir.SubExp) ir.Exp) *ir.Program {
	return fn(params, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		at(b, 2)
		e := build(b, ps)
		ns := b.LetN("r", e)
		out := make([]ir.SubExp, len(ns))
		for i, n := range ns {
			out[i] = ir.Var(n)
		}
		return out
	})
}

func TestRuntimeErrors(t *testing.T) {
	v5 := i64s([]int64{5}, 10, 11, 12, 13, 14)
	idx := func(dims ...ir.DimSlice) func(b *ir.Builder, ps []ir.SubExp) ir.Exp {
		return func(b *ir.Builder, ps []ir.SubExp) ir.Exp { return &ir.Slice{Arr: ps[0].Var, Dims: dims} }
	}
	fixed := func(i int64) ir.DimSlice { return ir.DimSlice{Fixed: true, I: ir.I64(i)} }
	rng := func(s, e, st ir.SubExp) ir.DimSlice { return ir.DimSlice{Start: s, End: e, Stride: st} }
	none := ir.SubExp{}
	binop := func(op prim.BinOp, x, y int64) *ir.Program {
		return one([]ir.Type{i64}, func(b *ir.Builder, ps []ir.SubExp) ir.Exp {
			return &ir.Bin{Op: op, T: prim.I64, X: ir.I64(x), Y: ps[0]}
		})
	}
	runCases(t, []runCase{
		{name: "index", prog: one([]ir.Type{vec(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) ir.Exp {
			return &ir.Index{Arr: ps[0].Var, Idx: []ir.SubExp{ir.I64(5)}}
		}), args: []Value{v5}, err: "Index [5] out of bounds for array of shape [5]. (at t.fut:2:3)"},
		{name: "index negative", prog: one([]ir.Type{vec(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) ir.Exp {
			return &ir.Index{Arr: ps[0].Var, Idx: []ir.SubExp{ir.I64(-1)}}
		}), args: []Value{v5}, err: "Index [-1] out of bounds for array of shape [5]."},
		{name: "index 2d", prog: one([]ir.Type{mat(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) ir.Exp {
			return &ir.Index{Arr: ps[0].Var, Idx: []ir.SubExp{ir.I64(1), ir.I64(3)}}
		}), args: []Value{i64s([]int64{2, 3}, 1, 2, 3, 4, 5, 6)}, err: "Index [1, 3] out of bounds for array of shape [2][3]."},
		{name: "slice backwards", prog: one([]ir.Type{vec(prim.I64)}, idx(rng(ir.I64(3), ir.I64(1), none))), args: []Value{v5},
			err: "Index [3:1] out of bounds for array of shape [5]. (at t.fut:2:3)"},
		{name: "slice past end", prog: one([]ir.Type{vec(prim.I64)}, idx(rng(ir.I64(2), ir.I64(9), none))), args: []Value{v5},
			err: "Index [2:9] out of bounds for array of shape [5]."},
		{name: "slice zero stride", prog: one([]ir.Type{vec(prim.I64)}, idx(rng(none, none, ir.I64(0)))), args: []Value{v5},
			err: "Index [::0] out of bounds for array of shape [5]."},
		{name: "slice fixed", prog: one([]ir.Type{mat(prim.I64)}, idx(rng(none, none, none), fixed(3))), args: []Value{i64s([]int64{1, 3}, 1, 2, 3)},
			err: "Index [:, 3] out of bounds for array of shape [1][3]."},
		{name: "update", prog: one([]ir.Type{vec(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) ir.Exp {
			return &ir.Update{Arr: ps[0].Var, Dims: []ir.DimSlice{fixed(7)}, Val: ir.I64(1)}
		}), args: []Value{v5}, err: "Index [7] out of bounds for array of shape [5]."},
		{name: "update shape", prog: one([]ir.Type{vec(prim.I64), vec(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) ir.Exp {
			return &ir.Update{Arr: ps[0].Var, Dims: []ir.DimSlice{rng(ir.I64(0), ir.I64(2), none)}, Val: ps[1]}
		}), args: []Value{v5, i64s([]int64{3}, 1, 2, 3)}, err: "Cannot update a region of shape [2] with a value of shape [3]."},
		{name: "division by zero", prog: binop(prim.Div, 7, 0), args: []Value{ScalarValue(iv(0))}, err: "division by zero (at t.fut:2:3)"},
		{name: "modulo by zero", prog: binop(prim.Mod, 7, 0), args: []Value{ScalarValue(iv(0))}, err: "division by zero"},
		{name: "negative exponent", prog: binop(prim.Pow, 2, 0), args: []Value{ScalarValue(iv(-1))}, err: "negative exponent"},
		{name: "assert", prog: fn([]ir.Type{i64}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			c := b.CmpOp(prim.Gt, ps[0], ir.I64(0))
			at(b, 4)
			b.Bind(nil, &ir.Assert{Cond: c, Msg: "x > 0"})
			return []ir.SubExp{ps[0]}
		}), args: []Value{ScalarValue(iv(0))}, err: "Assertion is false: x > 0 (at t.fut:4:3)"},
		{name: "iota", prog: one([]ir.Type{i64}, func(b *ir.Builder, ps []ir.SubExp) ir.Exp {
			return &ir.Iota{N: ps[0], T: prim.I64}
		}), args: []Value{ScalarValue(iv(-1))}, err: "Range 0..1..<-1 is invalid."},
		{name: "replicate", prog: one([]ir.Type{i64}, func(b *ir.Builder, ps []ir.SubExp) ir.Exp {
			return &ir.Replicate{Shape: ir.Shape{ps[0]}, Val: ir.I64(0)}
		}), args: []Value{ScalarValue(iv(-3))}, err: "Negative size -3 given to replicate."},
		{name: "huge iota", prog: one([]ir.Type{i64}, func(b *ir.Builder, ps []ir.SubExp) ir.Exp {
			return &ir.Iota{N: ps[0], T: prim.I64}
		}), args: []Value{ScalarValue(iv(1 << 40))}, err: "Cannot allocate an array of shape [1099511627776]: it would take more than the memory budget of "},
		{name: "huge replicate", prog: one([]ir.Type{i64}, func(b *ir.Builder, ps []ir.SubExp) ir.Exp {
			return &ir.Replicate{Shape: ir.Shape{ps[0], ps[0]}, Val: ir.I64(0)}
		}), args: []Value{ScalarValue(iv(1 << 20))}, err: "Cannot allocate an array of shape [1048576][1048576]: it would take more than the memory budget"},
		{name: "reshape", prog: one([]ir.Type{vec(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) ir.Exp {
			return &ir.Reshape{Arr: ps[0].Var, Shape: ir.Shape{ir.I64(2), ir.I64(2)}}
		}), args: []Value{v5}, err: "Cannot reshape array of shape [5] to shape [2][2]."},
		{name: "concat", prog: one([]ir.Type{mat(prim.I64), mat(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) ir.Exp {
			return &ir.Concat{Arrs: []ir.VName{ps[0].Var, ps[1].Var}}
		}), args: []Value{i64s([]int64{1, 2}, 1, 2), i64s([]int64{1, 1}, 3)}, err: "Cannot concatenate arrays of shapes [1][2] and [1][1]."},
		{name: "coercion", prog: fn([]ir.Type{vec(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			at(b, 6)
			r := b.Param("r", ir.Array(prim.I64, ir.I64(3)))
			b.Bind([]ir.Param{r}, &ir.Atom{X: ps[0]})
			return []ir.SubExp{ir.Var(r.Name)}
		}), args: []Value{v5}, err: "Value of shape [5] does not match shape [3]. (at t.fut:6:3)"},
		{name: "map widths", prog: fn([]ir.Type{vec(prim.F64), vec(prim.F64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			at(b, 7)
			return []ir.SubExp{dot(b, ps[0], ps[1])}
		}), args: []Value{f64s([]int64{2}, 1, 2), f64s([]int64{3}, 1, 2, 3)}, err: "Value of shape [3] does not match shape [2] (map input). (at t.fut:7:3)"},
		{name: "irregular", prog: one([]ir.Type{vec(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) ir.Exp {
			n := size(b, ps[0], 0)
			return &ir.Map{W: n, Arrs: []ir.VName{ps[0].Var}, F: b.Lambda([]ir.Type{i64}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp {
				return []ir.SubExp{lb.Let("r", &ir.Iota{N: x[0], T: prim.I64})}
			})}
		}), args: []Value{v5}, err: "(irregular array)"},
		{name: "error inside map", prog: one([]ir.Type{vec(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) ir.Exp {
			n := size(b, ps[0], 0)
			return &ir.Map{W: n, Arrs: []ir.VName{ps[0].Var}, F: b.Lambda([]ir.Type{i64}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp {
				at(lb, 9)
				return []ir.SubExp{lb.BinOp(prim.Quot, ir.I64(1), lb.BinOp(prim.Sub, x[0], ir.I64(12)))}
			})}
		}), args: []Value{v5}, err: "division by zero (at t.fut:9:3)"},
		{name: "ad not expanded", prog: one([]ir.Type{f64}, func(b *ir.Builder, ps []ir.SubExp) ir.Exp {
			id := b.Lambda([]ir.Type{f64}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp { return x })
			return &ir.JVP{F: id, Primals: []ir.SubExp{ps[0]}, Tangents: []ir.SubExp{fc(1)}}
		}), args: []Value{ScalarValue(fv(1))}, err: "AD operator jvp not expanded"},
		{name: "argument type", prog: binop(prim.Add, 1, 1), args: []Value{ScalarValue(fv(1))}, err: "argument 1 of main: got a scalar of type f64, want a value of type i64"},
		{name: "argument count", prog: binop(prim.Add, 1, 1), args: nil, err: "main takes 1 arguments, got 0"},
		{name: "argument rank", prog: one([]ir.Type{vec(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) ir.Exp { return &ir.Copy{Arr: ps[0].Var} }),
			args: []Value{i64s([]int64{1, 1}, 1)}, err: "got an array of shape [1][1]i64, want a value of type []i64"},
	})
}

func TestSizeParameters(t *testing.T) {
	// entry main [n] (xs: [n]i64) (ys: [n]i64): both must have size n.
	b := ir.NewBuilder(ir.NewNameSource(1))
	n := ir.VName{Base: "n", Tag: 100}
	b.Declare(ir.Param{Name: n, Type: i64})
	xs := b.Param("xs", ir.Array(prim.I64, ir.Var(n)))
	ys := b.Param("ys", ir.Array(prim.I64, ir.Var(n)))
	prog := &ir.Program{Funcs: []*ir.Func{{Name: "main", Params: []ir.Param{xs, ys}, Ret: []ir.Type{i64}, Body: b.Body(ir.Var(n)),
		SizeNames: map[ir.VName]string{n: "n"}}}}
	p, err := Compile(prog)
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.Run("main", []Value{i64s([]int64{2}, 1, 2), i64s([]int64{2}, 3, 4)})
	if err != nil || res[0].String() != "2i64" {
		t.Errorf("got %v, %v; want 2i64", res, err)
	}
	_, err = p.Run("main", []Value{i64s([]int64{2}, 1, 2), i64s([]int64{3}, 3, 4, 5)})
	if err == nil || err.Error() != "argument 2 of main: got an array of shape [3]i64, want a value of type [n]i64 (n = 2)" {
		t.Errorf("got error %v", err)
	}
	// Without a source name for the size, the message counts dimensions.
	prog.Funcs[0].SizeNames = nil
	if p, err = Compile(prog); err != nil {
		t.Fatal(err)
	}
	_, err = p.Run("main", []Value{i64s([]int64{2}, 1, 2), i64s([]int64{3}, 3, 4, 5)})
	if err == nil || err.Error() != "argument 2 of main: got an array of shape [3]i64, want a value of type []i64 (dimension 0 = 2)" {
		t.Errorf("got error %v", err)
	}
}

func TestInputsNotModified(t *testing.T) {
	set0 := func(b *ir.Builder, arr ir.VName) ir.SubExp {
		return b.Let("u", &ir.Update{Arr: arr, Dims: []ir.DimSlice{{Fixed: true, I: ir.I64(0)}}, Val: ir.I64(99)})
	}
	for _, tc := range []struct {
		name string
		prog *ir.Program
	}{
		{"direct", fn([]ir.Type{vec(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{set0(b, ps[0].Var)}
		})},
		{"through reshape", fn([]ir.Type{vec(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			r := b.Let("r", &ir.Reshape{Arr: ps[0].Var, Shape: ir.Shape{ir.I64(2)}})
			return []ir.SubExp{set0(b, r.Var)}
		})},
		{"through loop", fn([]ir.Type{vec(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			acc, i := b.Param("acc", vec(prim.I64)), b.Param("i", i64)
			lb := b.Sub()
			u := set0(lb, acc.Name)
			l := b.LetN("l", &ir.Loop{Params: []ir.Param{acc}, Init: []ir.SubExp{ps[0]}, Form: &ir.For{I: i.Name, T: prim.I64, Bound: ir.I64(1)}, Body: lb.Body(u)})
			return []ir.SubExp{ir.Var(l[0])}
		})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Compile(tc.prog)
			if err != nil {
				t.Fatal(err)
			}
			in := i64s([]int64{2}, 1, 2)
			res, err := p.Run("main", []Value{in})
			if err != nil {
				t.Fatal(err)
			}
			if in.String() != "[1i64, 2i64]" || res[0].String() != "[99i64, 2i64]" {
				t.Errorf("input %v, result %v", in, res[0])
			}
		})
	}
}
