package ir

import (
	"fmt"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Builder appends statements in A-normal form, inventing fresh names for
// their results and remembering the type of every name it has seen.
// Nested builders (Sub, Lambda) share the name source and the types.
//
// Building an ill-typed expression is a bug in the pass that does it, so
// the builder panics with a *BuildError; passes that build from untrusted
// input should verify it first.
type Builder struct {
	ns    *NameSource
	types map[VName]Type
	stms  []*Stm
	// Pos is given to every statement added from now on.
	Pos Pos
}

// BuildError is the panic value of a builder asked to build ill-typed IR.
type BuildError struct{ Msg string }

func (e *BuildError) Error() string { return "ir builder: " + e.Msg }

// NewBuilder returns a builder taking names from ns.
func NewBuilder(ns *NameSource) *Builder {
	return &Builder{ns: ns, types: map[VName]Type{}}
}

// BuilderFor returns a builder for rewriting f: it knows the type of
// every name f binds (and of its implicit size parameters) and its name
// source is past every name f uses, so new names never collide with old
// ones.
func BuilderFor(f *Func) *Builder {
	b := NewBuilder(NewNameSource(1))
	b.Declare(f.Params...)
	for _, p := range f.Params {
		for _, d := range p.Type.Shape {
			if d.IsVar() {
				if _, ok := b.TypeOf(d.Var); !ok {
					b.Declare(Param{Name: d.Var, Type: Scalar(prim.I64)})
				}
			}
		}
	}
	v := &Visitor{
		Use:  func(n VName) { b.Names().Reserve(n) },
		Bind: func(p Param) { b.Declare(p) },
	}
	v.Body(f.Body)
	return b
}

// Names is the builder's name source.
func (b *Builder) Names() *NameSource { return b.ns }

// Sub returns an empty builder for a nested body that shares b's names,
// types and position.
func (b *Builder) Sub() *Builder { return &Builder{ns: b.ns, types: b.types, Pos: b.Pos} }

// Param returns a parameter with a fresh name and records its type.
func (b *Builder) Param(base string, t Type) Param {
	p := Param{Name: b.ns.New(base), Type: t}
	b.types[p.Name] = t
	return p
}

// Declare records the type of a name bound elsewhere.
func (b *Builder) Declare(ps ...Param) {
	for _, p := range ps {
		b.types[p.Name] = p.Type
		b.ns.Reserve(p.Name)
	}
}

// TypeOf returns the recorded type of v.
func (b *Builder) TypeOf(v VName) (Type, bool) {
	t, ok := b.types[v]
	return t, ok
}

// Type returns the type of s, which must be a constant or a known name.
func (b *Builder) Type(s SubExp) Type {
	t, err := (typer{b.TypeOf}).subExp(s)
	if err != nil {
		panic(&BuildError{err.Error()})
	}
	return t
}

// Stms returns the statements added so far.
func (b *Builder) Stms() []*Stm { return b.stms }

// Add appends a statement as it is (its names must be fresh).
func (b *Builder) Add(s *Stm) {
	for _, p := range s.Pat {
		b.types[p.Name] = p.Type
	}
	b.stms = append(b.stms, s)
}

// Bind appends the statement pat = e.
func (b *Builder) Bind(pat []Param, e Exp) {
	b.Add(&Stm{Pat: pat, Exp: e, Pos: b.Pos})
}

// LetN appends e bound to fresh names based on base and returns them.
func (b *Builder) LetN(base string, e Exp) []VName {
	ts, err := ExpTypes(e, b.TypeOf)
	if err != nil {
		panic(&BuildError{fmt.Sprintf("%v in %s", err, ExpString(e))})
	}
	pat := make([]Param, len(ts))
	names := make([]VName, len(ts))
	for i, t := range ts {
		pat[i] = Param{Name: b.ns.New(base), Type: t}
		names[i] = pat[i].Name
	}
	b.Bind(pat, e)
	return names
}

// Let appends e, which must give one value, and returns its fresh name.
func (b *Builder) Let(base string, e Exp) SubExp {
	ns := b.LetN(base, e)
	if len(ns) != 1 {
		panic(&BuildError{fmt.Sprintf("%s gives %d values, want 1", ExpString(e), len(ns))})
	}
	return Var(ns[0])
}

// Body returns the statements added so far with the given result, and
// empties the builder.
func (b *Builder) Body(result ...SubExp) *Body {
	body := &Body{Stms: b.stms, Result: result}
	b.stms = nil
	return body
}

// Lambda builds a lambda with fresh parameters of the given types; fill
// adds its statements to a nested builder and returns its results.
func (b *Builder) Lambda(params []Type, fill func(lb *Builder, params []SubExp) []SubExp) *Lambda {
	lb := b.Sub()
	ps := make([]Param, len(params))
	args := make([]SubExp, len(params))
	for i, t := range params {
		ps[i] = lb.Param("p", t)
		args[i] = Var(ps[i].Name)
	}
	res := fill(lb, args)
	body := lb.Body(res...)
	local := BoundInBody(body)
	for _, p := range ps {
		local.Add(p.Name)
	}
	ret := make([]Type, len(res))
	for i, r := range res {
		ret[i] = EraseSizes(lb.Type(r), local)
	}
	return &Lambda{Params: ps, Body: body, Ret: ret}
}

// EraseSizes returns t with the sizes that are names in local made
// unknown, for types that leave the scope where those names live.
func EraseSizes(t Type, local Names) Type {
	var shape Shape
	for i, d := range t.Shape {
		if d.IsVar() && local.Has(d.Var) {
			if shape == nil {
				shape = append(Shape{}, t.Shape...)
			}
			shape[i] = SubExp{}
		}
	}
	if shape != nil {
		t.Shape = shape
	}
	return t
}

// BinOp appends x op y; the operand type is x's.
func (b *Builder) BinOp(op prim.BinOp, x, y SubExp) SubExp {
	return b.Let("t", &Bin{Op: op, T: b.Type(x).Elem, X: x, Y: y})
}

// CmpOp appends x op y (a bool).
func (b *Builder) CmpOp(op prim.CmpOp, x, y SubExp) SubExp {
	return b.Let("c", &Cmp{Op: op, T: b.Type(x).Elem, X: x, Y: y})
}

// UnOp appends op x.
func (b *Builder) UnOp(op prim.UnOp, x SubExp) SubExp {
	return b.Let("t", &Un{Op: op, T: b.Type(x).Elem, X: x})
}

// Call appends a scalar function application.
func (b *Builder) Call(fn prim.Func, args ...SubExp) SubExp {
	return b.Let("t", &Call{Fn: fn, Args: args})
}

// Index appends arr[idx...].
func (b *Builder) Index(arr VName, idx ...SubExp) SubExp {
	return b.Let(arr.Base+"_elem", &Index{Arr: arr, Idx: idx})
}

// Map appends a map of f over arrs, all of outer size w.
func (b *Builder) Map(w SubExp, arrs []VName, f *Lambda) []VName {
	return b.LetN("map", &Map{W: w, Arrs: arrs, F: f})
}

// Reduce appends a reduction of arrs with op from ne.
func (b *Builder) Reduce(w SubExp, arrs []VName, ne []SubExp, op *Lambda) []VName {
	return b.LetN("red", &Reduce{W: w, Arrs: arrs, Neutral: ne, Op: op})
}

// Scan appends an inclusive scan of arrs with op from ne.
func (b *Builder) Scan(w SubExp, arrs []VName, ne []SubExp, op *Lambda) []VName {
	return b.LetN("scan", &Scan{W: w, Arrs: arrs, Neutral: ne, Op: op})
}

// BinOpLambda is the lambda \x y -> x op y on t.
func (b *Builder) BinOpLambda(op prim.BinOp, t prim.Type) *Lambda {
	return b.Lambda([]Type{Scalar(t), Scalar(t)}, func(lb *Builder, ps []SubExp) []SubExp {
		return []SubExp{lb.BinOp(op, ps[0], ps[1])}
	})
}
