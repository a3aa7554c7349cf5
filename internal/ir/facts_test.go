package ir

import (
	"reflect"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// factsOf builds a function with parameters of the given types; fill adds
// statements, returns the results and records names under labels.
func factsOf(t *testing.T, params []Type, fill func(b *Builder, ps []SubExp, name map[string]VName) []SubExp) (*Func, *Facts, map[string]VName) {
	t.Helper()
	b := NewBuilder(NewNameSource(1))
	b.Pos = pos(1)
	names := map[string]VName{}
	var ps []Param
	var args []SubExp
	for i, ty := range params {
		p := b.Param("p", ty)
		ps = append(ps, p)
		args = append(args, Var(p.Name))
		names[string(rune('a'+i))] = p.Name
	}
	res := fill(b, args, names)
	var ret []Type
	for _, r := range res {
		ret = append(ret, b.Type(r))
	}
	f := &Func{Name: "f", Params: ps, Ret: ret, Body: b.Body(res...)}
	if err := VerifyFunc(f); err != nil {
		t.Fatalf("%v\n%s", err, f)
	}
	return f, NewFacts(f), names
}

func TestFactsAliasing(t *testing.T) {
	vec := Array(prim.F64, I64(4))
	one := Const(prim.FloatValue(prim.F64, 1))
	_, fa, n := factsOf(t, []Type{vec, vec, b1}, func(b *Builder, ps []SubExp, n map[string]VName) []SubExp {
		n["reshaped"] = b.Let("reshaped", &Reshape{Arr: ps[0].Var, Shape: Shape{I64(2), I64(2)}}).Var
		n["row"] = b.Let("row", &Index{Arr: n["reshaped"], Idx: []SubExp{I64(1)}}).Var
		n["elem"] = b.Let("elem", &Index{Arr: n["row"], Idx: []SubExp{I64(0)}}).Var
		n["copy"] = b.Let("copy", &Copy{Arr: ps[1].Var}).Var
		n["upd"] = b.Let("upd", &Update{Arr: n["copy"], Dims: []DimSlice{{Fixed: true, I: I64(0)}}, Val: one}).Var
		n["sel"] = b.Let("sel", &If{Cond: ps[2], Then: &Body{Result: []SubExp{ps[0]}}, Else: &Body{Result: []SubExp{Var(n["upd"])}}, Ret: []Type{vec}}).Var
		n["slice"] = b.Let("slice", &Slice{Arr: n["sel"], Dims: []DimSlice{{Start: I64(1)}}}).Var
		n["tr"] = b.Let("tr", &Rearrange{Arr: n["reshaped"], Perm: []int{1, 0}}).Var
		n["rep"] = b.Let("rep", &Replicate{Shape: Shape{I64(4)}, Val: one}).Var
		n["map"] = b.Map(I64(4), []VName{ps[1].Var}, b.Lambda([]Type{f64}, func(lb *Builder, xs []SubExp) []SubExp { return xs }))[0]
		return []SubExp{Var(n["elem"]), Var(n["slice"]), Var(n["tr"]), Var(n["rep"]), Var(n["map"])}
	})
	tests := []struct {
		name    string
		sources []string
		roots   []string
		fresh   bool
	}{
		{"reshaped", []string{"a"}, []string{"a"}, false},
		{"row", []string{"reshaped"}, []string{"reshaped", "a"}, false},
		{"elem", nil, nil, false}, // a scalar
		{"copy", nil, nil, true},
		{"upd", []string{"copy"}, []string{"copy"}, false},
		{"sel", []string{"a", "upd"}, []string{"a", "upd", "copy"}, false},
		{"slice", []string{"sel"}, []string{"sel", "a", "upd", "copy"}, false},
		{"tr", []string{"reshaped"}, []string{"reshaped", "a"}, false},
		{"rep", nil, nil, true},
		{"map", nil, nil, true},
		{"a", nil, nil, false}, // a parameter: the caller's storage
	}
	label := func(vs []VName) []string {
		var out []string
		for _, v := range vs {
			for k, x := range n {
				if x == v {
					out = append(out, k)
				}
			}
		}
		return out
	}
	for _, tc := range tests {
		v := n[tc.name]
		if got := label(fa.Sources(v)); !reflect.DeepEqual(got, tc.sources) {
			t.Errorf("Sources(%s) = %v, want %v", tc.name, got, tc.sources)
		}
		if got := label(fa.Roots(v)); !reflect.DeepEqual(got, tc.roots) {
			t.Errorf("Roots(%s) = %v, want %v", tc.name, got, tc.roots)
		}
		if got := fa.Fresh(v); got != tc.fresh {
			t.Errorf("Fresh(%s) = %v, want %v", tc.name, got, tc.fresh)
		}
	}
	for _, tc := range []struct {
		x, y string
		want bool
	}{
		{"slice", "copy", true}, {"slice", "a", true}, {"row", "tr", true}, {"row", "b", false},
		{"copy", "b", false}, {"map", "b", false}, {"upd", "a", false}, {"rep", "rep", true},
	} {
		if got := fa.MayAlias(n[tc.x], n[tc.y]); got != tc.want {
			t.Errorf("MayAlias(%s, %s) = %v, want %v", tc.x, tc.y, got, tc.want)
		}
	}
	for _, tc := range []struct {
		name string
		want bool
	}{{"copy", true}, {"upd", false}, {"a", false}, {"b", false}, {"sel", false}} {
		if got := fa.MayBeConsumed(n[tc.name]); got != tc.want {
			t.Errorf("MayBeConsumed(%s) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestFactsConsumption(t *testing.T) {
	vec := Array(prim.F64, I64(3))
	mat := Array(prim.F64, I64(2), I64(3))
	one := Const(prim.FloatValue(prim.F64, 1))
	set0 := func(b *Builder, arr VName) SubExp {
		return b.Let("u", &Update{Arr: arr, Dims: []DimSlice{{Fixed: true, I: I64(0)}}, Val: one})
	}
	tests := []struct {
		name   string
		params []Type
		fill   func(b *Builder, ps []SubExp, n map[string]VName) []SubExp
		want   []bool // ConsumedParams
		stm    int    // the statement whose Consumes is checked
		cons   []string
	}{
		{"update through a view", []Type{mat, vec}, func(b *Builder, ps []SubExp, n map[string]VName) []SubExp {
			v := b.Let("v", &Reshape{Arr: ps[0].Var, Shape: Shape{I64(6)}})
			return []SubExp{set0(b, v.Var)}
		}, []bool{true, false}, 1, []string{"v"}},
		{"map consuming its rows", []Type{mat}, func(b *Builder, ps []SubExp, n map[string]VName) []SubExp {
			return []SubExp{Var(b.Map(I64(2), []VName{ps[0].Var}, b.Lambda([]Type{vec}, func(lb *Builder, xs []SubExp) []SubExp {
				return []SubExp{set0(lb, xs[0].Var)}
			}))[0])}
		}, []bool{true}, 0, []string{"a"}},
		{"loop consuming its initial value", []Type{vec}, func(b *Builder, ps []SubExp, n map[string]VName) []SubExp {
			acc := b.Param("acc", vec)
			i := b.Names().New("i")
			lb := b.Sub()
			lb.Declare(Param{Name: i, Type: i64})
			u := set0(lb, acc.Name)
			return []SubExp{Var(b.LetN("l", &Loop{Params: []Param{acc}, Init: []SubExp{ps[0]}, Form: &For{I: i, T: prim.I64, Bound: I64(2)}, Body: lb.Body(u)})[0])}
		}, []bool{true}, 0, []string{"a"}},
		{"copy first", []Type{vec}, func(b *Builder, ps []SubExp, n map[string]VName) []SubExp {
			c := b.Let("c", &Copy{Arr: ps[0].Var})
			n["c"] = c.Var
			return []SubExp{set0(b, c.Var)}
		}, []bool{false}, 1, []string{"c"}},
		{"result of a call", []Type{vec}, func(b *Builder, ps []SubExp, n map[string]VName) []SubExp {
			r := b.LetN("r", &Apply{Func: "g", Args: []SubExp{ps[0]}, Ret: []Type{vec}})
			return []SubExp{set0(b, r[0])}
		}, []bool{true}, 0, nil},
		{"hist destination", []Type{vec, Array(prim.I64, I64(3)), vec}, func(b *Builder, ps []SubExp, n map[string]VName) []SubExp {
			return []SubExp{Var(b.LetN("h", &Hist{W: I64(3), Dests: []VName{ps[0].Var}, Op: b.BinOpLambda(prim.Add, prim.F64),
				Neutral: []SubExp{Const(prim.FloatValue(prim.F64, 0))}, Inds: []VName{ps[1].Var}, Vals: []VName{ps[2].Var}})[0])}
		}, []bool{true, false, false}, 0, []string{"a"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, fa, n := factsOf(t, tc.params, tc.fill)
			if got := fa.ConsumedParams(); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("ConsumedParams = %v, want %v\n%s", got, tc.want, f)
			}
			var want []VName
			for _, c := range tc.cons {
				if v, ok := n[c]; ok {
					want = append(want, v)
				} else {
					want = append(want, f.Body.Stms[0].Pat[0].Name)
				}
			}
			if got := fa.Consumes(f.Body.Stms[tc.stm]); !reflect.DeepEqual(got, want) {
				t.Errorf("Consumes(%v) = %v, want %v", f.Body.Stms[tc.stm], got, want)
			}
		})
	}
}

// sumLoop is `loop acc = 1 for i < bound do acc + xs[i]`.
func sumLoop(b *Builder, xs, bound SubExp) *Stm {
	i := b.Param("i", i64)
	acc := b.Param("acc", f64)
	lb := b.Sub()
	lb.Declare(i, acc)
	sum := lb.BinOp(prim.Add, Var(acc.Name), lb.Index(xs.Var, Var(i.Name)))
	return &Stm{Pat: []Param{{VName{"r", 90}, f64}}, Exp: &Loop{Params: []Param{acc}, Init: []SubExp{Const(prim.FloatValue(prim.F64, 1))},
		Form: &For{I: i.Name, T: prim.I64, Bound: bound}, Body: lb.Body(sum)}}
}

// A map runs its function only when its inputs have its width, so a row
// of iota k in a map of width n lies below n as well: indexing a [n]
// array by it cannot fail; indexing a [m] array can, and so can indexing
// a [n] array in a map of width k.
func TestFactsRowBelowWidth(t *testing.T) {
	n := VName{"n", 1}
	for _, tc := range []struct {
		name   string
		width  func(n, k SubExp) SubExp
		arrDim func(n, k SubExp) SubExp
		want   bool
	}{
		{"width n, index into [n]", func(n, k SubExp) SubExp { return n }, func(n, k SubExp) SubExp { return n }, false},
		{"width n, index into [m]", func(n, k SubExp) SubExp { return n }, func(n, k SubExp) SubExp { return Var(VName{"m", 2}) }, true},
		{"width k, index into [n]", func(n, k SubExp) SubExp { return k }, func(n, k SubExp) SubExp { return n }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := NewBuilder(NewNameSource(3))
			m := Param{Name: VName{"m", 2}, Type: i64}
			b.Declare(m)
			is := b.Param("is", Array(prim.I64, Var(n)))
			k := b.Let("k", &Size{Arr: is.Name, Dim: 0})
			xs := b.Param("xs", Array(prim.F64, tc.arrDim(Var(n), k)))
			it := b.Let("it", &Iota{N: k, T: prim.I64})
			f := b.Lambda([]Type{i64}, func(lb *Builder, ps []SubExp) []SubExp { return []SubExp{lb.Index(xs.Name, ps[0])} })
			w := tc.width(Var(n), k)
			b.Add(&Stm{Pat: []Param{{VName{"r", 90}, Array(prim.F64, w)}}, Exp: &Map{W: w, Arrs: []VName{it.Var}, F: f}})
			fn := &Func{Name: "f", Params: []Param{{Name: n, Type: i64}, m, is, xs}, Body: b.Body()}
			if err := VerifyFunc(fn); err != nil {
				t.Fatalf("%v\n%s", err, fn)
			}
			ix := f.Body.Stms[0]
			if got := NewFacts(fn).MayFail(ix); got != tc.want {
				t.Errorf("MayFail = %v, want %v:\n%v", got, tc.want, fn)
			}
		})
	}
}

// Reverse mode reads rows backwards: (n - 1) - p for a row p of iota n
// lies in [0, n) too, so indexing a [n] array by it cannot fail; (n - 2)
// - p and (m - 1) - p can.
func TestFactsReversedRowBelowWidth(t *testing.T) {
	n, m := VName{"n", 1}, VName{"m", 2}
	for _, tc := range []struct {
		name string
		top  SubExp // the minuend's n
		dec  int64  // what it subtracts from it
		want bool
	}{
		{"(n - 1) - p", Var(n), 1, false},
		{"(n - 2) - p", Var(n), 2, true},
		{"(m - 1) - p", Var(m), 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := NewBuilder(NewNameSource(3))
			b.Declare(Param{Name: n, Type: i64}, Param{Name: m, Type: i64})
			xs := b.Param("xs", Array(prim.F64, Var(n)))
			it := b.Let("it", &Iota{N: Var(n), T: prim.I64})
			last := b.Let("last", &Bin{Op: prim.Sub, T: prim.I64, X: tc.top, Y: I64(tc.dec)})
			f := b.Lambda([]Type{i64}, func(lb *Builder, ps []SubExp) []SubExp {
				j := lb.Let("j", &Bin{Op: prim.Sub, T: prim.I64, X: last, Y: ps[0]})
				return []SubExp{lb.Index(xs.Name, j)}
			})
			b.Add(&Stm{Pat: []Param{{VName{"r", 90}, Array(prim.F64, Var(n))}}, Exp: &Map{W: Var(n), Arrs: []VName{it.Var}, F: f}})
			fn := &Func{Name: "f", Params: []Param{{Name: n, Type: i64}, {Name: m, Type: i64}, xs}, Body: b.Body()}
			if err := VerifyFunc(fn); err != nil {
				t.Fatalf("%v\n%s", err, fn)
			}
			ix := f.Body.Stms[1]
			if got := NewFacts(fn).MayFail(ix); got != tc.want {
				t.Errorf("MayFail = %v, want %v:\n%v", got, tc.want, fn)
			}
		})
	}
}

// The same with a constant size: 3 - p for a row p of iota 4 lies in
// [0, 4); 4 - p and 2 - p do not.
func TestFactsReversedConstant(t *testing.T) {
	for _, tc := range []struct {
		top  int64
		want bool
	}{{3, false}, {4, true}, {2, true}} {
		b := NewBuilder(NewNameSource(3))
		xs := b.Param("xs", Array(prim.F64, I64(4)))
		it := b.Let("it", &Iota{N: I64(4), T: prim.I64})
		f := b.Lambda([]Type{i64}, func(lb *Builder, ps []SubExp) []SubExp {
			j := lb.Let("j", &Bin{Op: prim.Sub, T: prim.I64, X: I64(tc.top), Y: ps[0]})
			return []SubExp{lb.Index(xs.Name, j)}
		})
		b.Add(&Stm{Pat: []Param{{VName{"r", 90}, Array(prim.F64, I64(4))}}, Exp: &Map{W: I64(4), Arrs: []VName{it.Var}, F: f}})
		fn := &Func{Name: "f", Params: []Param{xs}, Body: b.Body()}
		if err := VerifyFunc(fn); err != nil {
			t.Fatalf("%v\n%s", err, fn)
		}
		if got := NewFacts(fn).MayFail(f.Body.Stms[1]); got != tc.want {
			t.Errorf("%d - p: MayFail = %v, want %v", tc.top, got, tc.want)
		}
	}
}

func TestFactsMayFail(t *testing.T) {
	n := VName{"n", 1}
	vec := Array(prim.F64, Var(n))
	ivec := Array(prim.I64, Var(n))
	one := Const(prim.FloatValue(prim.F64, 1))
	addF := func(b *Builder) *Lambda { return b.BinOpLambda(prim.Add, prim.F64) }
	tests := []struct {
		name string
		fill func(b *Builder, xs, is, m SubExp) *Stm
		want bool
	}{
		{"float arithmetic", func(b *Builder, xs, is, m SubExp) *Stm {
			return &Stm{Pat: []Param{{VName{"r", 90}, f64}}, Exp: &Bin{Op: prim.Div, T: prim.F64, X: one, Y: one}}
		}, false},
		{"integer division by a name", func(b *Builder, xs, is, m SubExp) *Stm {
			return &Stm{Pat: []Param{{VName{"r", 90}, i64}}, Exp: &Bin{Op: prim.Div, T: prim.I64, X: m, Y: m}}
		}, true},
		{"integer division by 2", func(b *Builder, xs, is, m SubExp) *Stm {
			return &Stm{Pat: []Param{{VName{"r", 90}, i64}}, Exp: &Bin{Op: prim.Div, T: prim.I64, X: m, Y: I64(2)}}
		}, false},
		{"index", func(b *Builder, xs, is, m SubExp) *Stm {
			return &Stm{Pat: []Param{{VName{"r", 90}, f64}}, Exp: &Index{Arr: xs.Var, Idx: []SubExp{I64(0)}}}
		}, true},
		{"map of arithmetic", func(b *Builder, xs, is, m SubExp) *Stm {
			f := b.Lambda([]Type{f64}, func(lb *Builder, ps []SubExp) []SubExp { return []SubExp{lb.BinOp(prim.Mul, ps[0], ps[0])} })
			return &Stm{Pat: []Param{{VName{"r", 90}, vec}}, Exp: &Map{W: Var(n), Arrs: []VName{xs.Var}, F: f}}
		}, false},
		{"map of another width", func(b *Builder, xs, is, m SubExp) *Stm {
			f := b.Lambda([]Type{f64}, func(lb *Builder, ps []SubExp) []SubExp { return ps })
			return &Stm{Pat: []Param{{VName{"r", 90}, Array(prim.F64, m)}}, Exp: &Map{W: m, Arrs: []VName{xs.Var}, F: f}}
		}, true},
		{"map dividing integers", func(b *Builder, xs, is, m SubExp) *Stm {
			f := b.Lambda([]Type{i64}, func(lb *Builder, ps []SubExp) []SubExp { return []SubExp{lb.BinOp(prim.Quot, m, ps[0])} })
			return &Stm{Pat: []Param{{VName{"r", 90}, ivec}}, Exp: &Map{W: Var(n), Arrs: []VName{is.Var}, F: f}}
		}, true},
		{"reduce with an if", func(b *Builder, xs, is, m SubExp) *Stm {
			op := b.Lambda([]Type{f64, f64}, func(lb *Builder, ps []SubExp) []SubExp {
				c := lb.CmpOp(prim.Lt, ps[0], ps[1])
				return []SubExp{lb.Let("sel", &If{Cond: c, Then: &Body{Result: ps[:1]}, Else: &Body{Result: ps[1:]}, Ret: []Type{f64}})}
			})
			return &Stm{Pat: []Param{{VName{"r", 90}, f64}}, Exp: &Reduce{W: Var(n), Arrs: []VName{xs.Var}, Op: op, Neutral: []SubExp{one}}}
		}, false},
		{"hist of scalars", func(b *Builder, xs, is, m SubExp) *Stm {
			d := b.Let("d", &Copy{Arr: xs.Var})
			return &Stm{Pat: []Param{{VName{"r", 90}, vec}}, Exp: &Hist{W: Var(n), Dests: []VName{d.Var}, Op: addF(b), Neutral: []SubExp{one}, Inds: []VName{is.Var}, Vals: []VName{xs.Var}}}
		}, false},
		{"size coercion", func(b *Builder, xs, is, m SubExp) *Stm {
			return &Stm{Pat: []Param{{VName{"r", 90}, Array(prim.F64, m)}}, Exp: &Atom{X: xs}}
		}, true},
		{"replicate of a size", func(b *Builder, xs, is, m SubExp) *Stm {
			return &Stm{Pat: []Param{{VName{"r", 90}, vec}}, Exp: &Replicate{Shape: Shape{Var(n)}, Val: one}}
		}, false},
		{"replicate of a size read with size", func(b *Builder, xs, is, m SubExp) *Stm {
			k := b.Let("k", &Size{Arr: xs.Var, Dim: 0})
			return &Stm{Pat: []Param{{VName{"r", 90}, Array(prim.F64, k)}}, Exp: &Replicate{Shape: Shape{k}, Val: one}}
		}, false},
		{"iota of a number", func(b *Builder, xs, is, m SubExp) *Stm {
			return &Stm{Pat: []Param{{VName{"r", 90}, Array(prim.I64, m)}}, Exp: &Iota{N: m, T: prim.I64}}
		}, true},
		// An array literal fails only when its rows may differ in shape.
		{"literal of scalars", func(b *Builder, xs, is, m SubExp) *Stm {
			return &Stm{Pat: []Param{{VName{"r", 90}, Array(prim.F64, I64(2))}}, Exp: &ArrayLit{Elems: []SubExp{one, one}, Elem: f64}}
		}, false},
		{"literal of rows declared with its element type", func(b *Builder, xs, is, m SubExp) *Stm {
			return &Stm{Pat: []Param{{VName{"r", 90}, Array(prim.F64, I64(2), Var(n))}}, Exp: &ArrayLit{Elems: []SubExp{xs, xs}, Elem: vec}}
		}, false},
		{"literal of rows declared with another shape", func(b *Builder, xs, is, m SubExp) *Stm {
			return &Stm{Pat: []Param{{VName{"r", 90}, Array(prim.F64, I64(2), m)}}, Exp: &ArrayLit{Elems: []SubExp{xs, xs}, Elem: Array(prim.F64, m)}}
		}, true},
		{"literal of rows of unknown shape", func(b *Builder, xs, is, m SubExp) *Stm {
			return &Stm{Pat: []Param{{VName{"r", 90}, Array(prim.F64, I64(2), SubExp{})}}, Exp: &ArrayLit{Elems: []SubExp{xs, xs}, Elem: Array(prim.F64, SubExp{})}}
		}, true},
		{"assert", func(b *Builder, xs, is, m SubExp) *Stm {
			return &Stm{Exp: &Assert{Cond: Bool(true), Msg: "x"}}
		}, true},
		// An index by a row of iota n into a dimension n is in bounds;
		// into another dimension, or by a row of another iota, it is not
		// known to be.
		{"map indexing by a row of iota n", func(b *Builder, xs, is, m SubExp) *Stm {
			it := b.Let("it", &Iota{N: Var(n), T: prim.I64})
			f := b.Lambda([]Type{i64}, func(lb *Builder, ps []SubExp) []SubExp { return []SubExp{lb.Index(xs.Var, ps[0])} })
			return &Stm{Pat: []Param{{VName{"r", 90}, vec}}, Exp: &Map{W: Var(n), Arrs: []VName{it.Var}, F: f}}
		}, false},
		{"map indexing by a row of iota n from 1", func(b *Builder, xs, is, m SubExp) *Stm {
			it := b.Let("it", &Iota{N: Var(n), Start: I64(1), T: prim.I64})
			f := b.Lambda([]Type{i64}, func(lb *Builder, ps []SubExp) []SubExp { return []SubExp{lb.Index(xs.Var, ps[0])} })
			return &Stm{Pat: []Param{{VName{"r", 90}, vec}}, Exp: &Map{W: Var(n), Arrs: []VName{it.Var}, F: f}}
		}, true},
		{"map indexing by a row of an iota of another size", func(b *Builder, xs, is, m SubExp) *Stm {
			k := b.Let("k", &Size{Arr: is.Var, Dim: 0})
			it := b.Let("it", &Iota{N: k, T: prim.I64})
			f := b.Lambda([]Type{i64}, func(lb *Builder, ps []SubExp) []SubExp { return []SubExp{lb.Index(xs.Var, ps[0])} })
			return &Stm{Pat: []Param{{VName{"r", 90}, Array(prim.F64, k)}}, Exp: &Map{W: k, Arrs: []VName{it.Var}, F: f}}
		}, true},
		{"map indexing by a row of input that is not an iota", func(b *Builder, xs, is, m SubExp) *Stm {
			f := b.Lambda([]Type{i64}, func(lb *Builder, ps []SubExp) []SubExp { return []SubExp{lb.Index(xs.Var, ps[0])} })
			return &Stm{Pat: []Param{{VName{"r", 90}, vec}}, Exp: &Map{W: Var(n), Arrs: []VName{is.Var}, F: f}}
		}, true},
		{"loop indexing by its counter", func(b *Builder, xs, is, m SubExp) *Stm {
			return sumLoop(b, xs, Var(n))
		}, false},
		{"loop to m indexing by its counter", func(b *Builder, xs, is, m SubExp) *Stm {
			return sumLoop(b, xs, m)
		}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := NewBuilder(NewNameSource(2))
			ps := []Param{{Name: n, Type: i64}, b.Param("xs", vec), b.Param("is", ivec), b.Param("m", i64)}
			b.Declare(ps[0])
			s := tc.fill(b, Var(ps[1].Name), Var(ps[2].Name), Var(ps[3].Name))
			b.Add(s)
			f := &Func{Name: "f", Params: ps, Body: b.Body()}
			if err := VerifyFunc(f); err != nil {
				t.Fatalf("%v\n%s", err, f)
			}
			fa := NewFacts(f)
			if got := fa.MayFail(s); got != tc.want {
				t.Errorf("MayFail = %v, want %v:\n%v", got, tc.want, s)
			}
		})
	}
}

func TestConstInBounds(t *testing.T) {
	n := VName{"n", 1}
	fix := func(i int64) DimSlice { return DimSlice{Fixed: true, I: I64(i)} }
	rng := func(start, end SubExp) DimSlice { return DimSlice{Start: start, End: end} }
	tests := []struct {
		name  string
		shape Shape
		ds    []DimSlice
		want  bool
		start int64 // ConstRange of ds[0] when it is a range in bounds
		len   int64
	}{
		{"index in bounds", Shape{I64(3)}, []DimSlice{fix(2)}, true, 0, 0},
		{"index at the size", Shape{I64(3)}, []DimSlice{fix(3)}, false, 0, 0},
		{"negative index", Shape{I64(3)}, []DimSlice{fix(-1)}, false, 0, 0},
		{"index of a named dimension", Shape{Var(n)}, []DimSlice{fix(0)}, false, 0, 0},
		{"index by a name", Shape{I64(3)}, []DimSlice{{Fixed: true, I: Var(n)}}, false, 0, 0},
		{"too many indices", Shape{I64(3)}, []DimSlice{fix(0), fix(0)}, false, 0, 0},
		{"range in bounds", Shape{I64(11), I64(2)}, []DimSlice{rng(I64(3), I64(6)), fix(1)}, true, 3, 3},
		{"whole dimension", Shape{I64(11)}, []DimSlice{{}}, true, 0, 11},
		{"range past the end", Shape{I64(11)}, []DimSlice{rng(I64(9), I64(12))}, false, 0, 0},
		{"empty range", Shape{I64(11)}, []DimSlice{rng(I64(4), I64(4))}, true, 4, 0},
		{"decreasing range", Shape{I64(11)}, []DimSlice{rng(I64(5), I64(4))}, false, 0, 0},
		{"stride 2", Shape{I64(11)}, []DimSlice{{Start: I64(0), End: I64(4), Stride: I64(2)}}, false, 0, 0},
		{"range to a name", Shape{I64(11)}, []DimSlice{rng(I64(0), Var(n))}, false, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := ConstInBounds(tc.shape, tc.ds); got != tc.want {
				t.Errorf("ConstInBounds = %v, want %v", got, tc.want)
			}
			if d := tc.ds[0]; !d.Fixed {
				start, n, ok := ConstRange(tc.shape[0], d)
				if ok != tc.want || ok && (start != tc.start || n != tc.len) {
					t.Errorf("ConstRange = %d, %d, %v; want %d, %d, %v", start, n, ok, tc.start, tc.len, tc.want)
				}
			}
		})
	}
}

// An accumulator adds when every scope its storage comes from (through
// maps and updates) has no operator: the parameter of a scope without one,
// the map parameter it is passed to and the update's result add; those of
// a scope that multiplies do not.
func TestFactsAdditive(t *testing.T) {
	for _, mul := range []bool{false, true} {
		b := NewBuilder(NewNameSource(1))
		xs := b.Param("xs", Array(prim.I64, I64(3)))
		zeros := b.Let("z", &Replicate{Shape: Shape{I64(3)}, Val: I64(0)})
		in := AccInput{Arr: zeros.Var}
		if mul {
			in = AccInput{Arr: zeros.Var, Op: b.BinOpLambda(prim.Mul, prim.I64), Neutral: []SubExp{I64(1)}}
		}
		accT := AccOf(Array(prim.I64, I64(3)))
		var names []VName
		w := b.LetN("w", &WithAcc{Inputs: []AccInput{in}, F: b.Lambda([]Type{accT}, func(lb *Builder, acc []SubExp) []SubExp {
			m := lb.Map(I64(3), []VName{xs.Name, acc[0].Var}, lb.Lambda([]Type{Scalar(prim.I64), accT}, func(mb *Builder, ps []SubExp) []SubExp {
				u := mb.Let("u", &UpdAcc{Acc: ps[1].Var, Idx: []SubExp{ps[0]}, Val: I64(1)})
				names = append(names, ps[1].Var, u.Var)
				return []SubExp{u}
			}))
			names = append(names, acc[0].Var, m[0])
			return []SubExp{Var(m[0])}
		})})
		fn := &Func{Name: "f", Params: []Param{xs}, Ret: []Type{Array(prim.I64, I64(3))}, Body: b.Body(Var(w[0]))}
		if err := VerifyFunc(fn); err != nil {
			t.Fatalf("%v\n%s", err, fn)
		}
		fa := NewFacts(fn)
		for _, n := range names {
			if got := fa.Additive(n); got == mul {
				t.Errorf("operator %v: Additive(%v) = %v\n%s", mul, n, got, fn)
			}
		}
		if fa.Additive(xs.Name) {
			t.Errorf("Additive(%v) = true for an array", xs.Name)
		}
	}
}

// A map over accumulators gives back each accumulator its function returns
// in that place, not every accumulator it takes: an array that a WithAcc
// inside the map accumulates into (here z, through the inner map over both
// accumulators) does not share storage with the outer map's result, so
// it can die with the element.
func TestFactsMapAccResults(t *testing.T) {
	b := NewBuilder(NewNameSource(1))
	xs := b.Param("xs", Array(prim.I64, I64(3)))
	accT, innerT := AccOf(Array(prim.I64, I64(3))), AccOf(Array(prim.I64, I64(2)))
	outer := b.Let("o", &Replicate{Shape: Shape{I64(3)}, Val: I64(0)})
	var z, mapRes, inner VName
	w := b.LetN("w", &WithAcc{Inputs: []AccInput{{Arr: outer.Var}}, F: b.Lambda([]Type{accT}, func(lb *Builder, acc []SubExp) []SubExp {
		m := lb.Map(I64(3), []VName{xs.Name, acc[0].Var}, lb.Lambda([]Type{Scalar(prim.I64), accT}, func(mb *Builder, ps []SubExp) []SubExp {
			z = mb.Let("z", &Replicate{Shape: Shape{I64(2)}, Val: I64(0)}).Var
			iw := mb.LetN("iw", &WithAcc{Inputs: []AccInput{{Arr: z}}, F: mb.Lambda([]Type{innerT}, func(ib *Builder, ia []SubExp) []SubExp {
				im := ib.Map(I64(2), []VName{ia[0].Var, ps[1].Var}, ib.Lambda([]Type{innerT, accT}, func(eb *Builder, qs []SubExp) []SubExp {
					u := eb.Let("u", &UpdAcc{Acc: qs[0].Var, Idx: []SubExp{I64(0)}, Val: ps[0]})
					v := eb.Let("v", &UpdAcc{Acc: qs[1].Var, Idx: []SubExp{I64(1)}, Val: ps[0]})
					return []SubExp{u, v}
				}))
				inner = im[1]
				return []SubExp{Var(im[0]), Var(im[1])}
			})})
			s := mb.Let("s", &Index{Arr: iw[0], Idx: []SubExp{I64(1)}})
			u := mb.Let("u", &UpdAcc{Acc: iw[1], Idx: []SubExp{I64(2)}, Val: s})
			return []SubExp{u}
		}))
		mapRes = m[0]
		return []SubExp{Var(m[0])}
	})})
	fn := &Func{Name: "f", Params: []Param{xs}, Ret: []Type{Array(prim.I64, I64(3))}, Body: b.Body(Var(w[0]))}
	if err := VerifyFunc(fn); err != nil {
		t.Fatalf("%v\n%s", err, fn)
	}
	fa := NewFacts(fn)
	roots := func(v VName) map[VName]bool {
		out := map[VName]bool{}
		for _, r := range fa.Roots(v) {
			out[r] = true
		}
		return out
	}
	for _, v := range []VName{mapRes, inner, w[0]} {
		if rs := roots(v); rs[z] || !rs[outer.Var] {
			t.Errorf("Roots(%v) = %v: want %v (the outer array) and not %v (the inner WithAcc's)\n%s", v, fa.Roots(v), outer.Var, z, fn)
		}
	}
	if !fa.Additive(mapRes) || !fa.Additive(inner) {
		t.Errorf("Additive(%v), Additive(%v) = %v, %v, want true\n%s", mapRes, inner, fa.Additive(mapRes), fa.Additive(inner), fn)
	}
}
