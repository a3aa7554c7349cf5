package ir

import (
	"slices"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Which statements may fail at run time. A pass that moves, reorders,
// fuses or removes code asks this so that a program still fails with the
// error it would have failed with first, at the same position.
//
// Declared types are trusted, as everywhere in the passes: an array's
// declared dimensions are its sizes (the interpreter checks them where a
// statement or function binds the array, and the type checker where it
// builds the program). So a SOAC whose inputs are declared with its width
// cannot fail its width check, and a pattern whose declared type is the
// one its expression gives cannot fail its shape check. Resource limits
// (arrays too large to allocate) are not counted as failures.
//
// A statement may fail when:
//   - it is an integer division, modulus or remainder by something other
//     than a non-zero constant, or an integer power by something other
//     than a non-negative constant;
//   - it is an Index or Slice other than one at constant indices within
//     constant dimensions (or, for an Index, at a row of iota n, the
//     counter of a loop to n, or n - 1 minus either, in a dimension n),
//     an Update, Reshape,
//     Concat, Rotate, ArrayLit of rows not all declared with its element
//     type's known shape, Assert, Apply, AD operator, or UpdAcc of a row
//     not declared with the accumulator's known row shape (bounds,
//     shapes, assertions,
//     recursion depth), or an Iota, Replicate or Scratch of a size that
//     is not a constant or a name known to be a size (an implicit size
//     parameter, a dimension of a parameter's type, or bound by Size);
//   - code nested in it may fail (If branches, Loop bodies, lambdas);
//   - it is a SOAC with an input not declared with its width (or no
//     input and a width that is not a non-negative constant), a map or
//     scan whose rows may be irregular (a result whose declared type is
//     not the lambda's return type), a histogram with several
//     destinations of different declared shapes or values that are not
//     declared with the shape of a bin, or a scatter likewise;
//   - an If, Loop, Reduce or WithAcc may return a value whose declared
//     type differs from the one it promises;
//   - its pattern declares a shape other than the one its expression
//     gives (a size coercion, checked at run time).

// MayFail reports whether executing s may be a run-time error.
func (fa *Facts) MayFail(s *Stm) bool { return fa.failer().stm(s) }

// LambdaMayFail reports whether an application of l, a lambda of the
// function, may be a run-time error.
func (fa *Facts) LambdaMayFail(l *Lambda) bool { return fa.failer().lambda(l) }

// BodyMayFail reports whether running b, a body of the function, may be
// a run-time error.
func (fa *Facts) BodyMayFail(b *Body) bool { return fa.failer().body(b) }

func (fa *Facts) failer() failer { return failer{typ: fa.Type, sizes: fa.sizes, below: fa.below} }

// Width reports whether a SOAC of width w over arrs cannot fail its size
// checks: every input that is not an accumulator is declared with outer
// size w, and there is one or w is never negative.
func (fa *Facts) Width(w SubExp, arrs []VName) bool { return fa.failer().width(w, arrs) }

// HasEffect reports whether e or code nested in it asserts, updates an
// accumulator or is a while loop (which may not terminate, and a program
// that runs forever is not the same as one that stops): statements that
// must run even when nothing reads their results.
func HasEffect(e Exp) bool {
	switch e := e.(type) {
	case *Assert, *UpdAcc:
		return true
	case *Loop:
		if _, while := e.Form.(*While); while {
			return true
		}
	}
	for _, b := range Bodies(e) {
		if b == nil {
			continue
		}
		for _, s := range b.Stms {
			if HasEffect(s.Exp) {
				return true
			}
		}
	}
	return false
}

// CannotFail reports whether no application of l can be a run-time error,
// judging from l alone (the types of its free variables are unknown, so
// whatever depends on them is assumed to fail). Running the applications
// of such a lambda in another order than the interpreter cannot change
// which error a program reports.
func CannotFail(l *Lambda) bool {
	types := map[VName]Type{}
	(&Visitor{Bind: func(p Param) { types[p.Name] = p.Type }}).Lambda(l)
	sizes := Names{}
	sizesIn(l.Body, sizes)
	return !failer{typ: func(v VName) (Type, bool) { t, ok := types[v]; return t, ok }, sizes: sizes}.lambda(l)
}

// sizesIn adds the names b or code nested in it binds to an array's size.
func sizesIn(b *Body, sizes Names) {
	for _, s := range b.Stms {
		if _, ok := s.Exp.(*Size); ok && len(s.Pat) == 1 {
			sizes.Add(s.Pat[0].Name)
		}
		for _, nb := range Bodies(s.Exp) {
			if nb != nil {
				sizesIn(nb, sizes)
			}
		}
	}
}

// failer decides whether code may fail, knowing the declared types and
// which names are sizes of arrays (never negative).
type failer struct {
	typ   TypeEnv
	sizes Names
	below map[VName][]SubExp // names known to lie in [0, n) (Facts.below)
}

// size reports whether d is a constant or name that is never negative.
func (fl failer) size(d SubExp) bool {
	if d.IsConst {
		return d.Const.Int() >= 0
	}
	return d.IsVar() && fl.sizes.Has(d.Var)
}

// sizes reports whether every dimension of shape is never negative.
func (fl failer) shape(shape Shape) bool {
	for _, d := range shape {
		if !fl.size(d) {
			return false
		}
	}
	return true
}

func (fl failer) lambda(l *Lambda) bool { return l != nil && fl.body(l.Body) }

func (fl failer) body(b *Body) bool {
	if b == nil {
		return false
	}
	for _, s := range b.Stms {
		if fl.stm(s) {
			return true
		}
	}
	return false
}

func (fl failer) stm(s *Stm) bool {
	if fl.exp(s.Exp) {
		return true
	}
	var got []Type
	for i, p := range s.Pat {
		if !hasKnownDims(p.Type) {
			continue
		}
		if got == nil {
			ts, err := ExpTypes(s.Exp, fl.typ)
			if err != nil || len(ts) != len(s.Pat) {
				return true
			}
			got = ts
		}
		if !got[i].Equal(p.Type) {
			return true
		}
	}
	return false
}

// hasKnownDims reports whether t is an array type with a dimension that
// is checked when a statement binds a value of it.
func hasKnownDims(t Type) bool {
	if !t.IsArray() {
		return false
	}
	for _, d := range t.Shape {
		if !d.IsNone() {
			return true
		}
	}
	return false
}

// declared reports whether the value s has the declared type t: a
// constant, or a name declared with a type equal to t where t has
// known dimensions (nothing to check otherwise).
func (fl failer) declared(s SubExp, t Type) bool {
	if !hasKnownDims(t) {
		return true
	}
	if !s.IsVar() {
		return false
	}
	got, ok := fl.typ(s.Var)
	return ok && got.Equal(t)
}

// width reports whether every input of a SOAC of width w is declared
// with outer size w, so that the SOAC's size checks pass.
func (fl failer) width(w SubExp, arrs []VName) bool {
	arrays := 0
	for _, a := range arrs {
		t, ok := fl.typ(a)
		if !ok {
			return false
		}
		if t.Acc {
			continue
		}
		if !t.IsArray() || !t.Shape[0].Equal(w) {
			return false
		}
		arrays++
	}
	return arrays > 0 || fl.size(w)
}

// rows reports whether the results of f are declared with the types f
// promises, so a map of f builds regular arrays of those rows.
func (fl failer) rows(f *Lambda, from, to int) bool {
	bound := Names{}
	for _, p := range f.Params {
		bound.Add(p.Name)
	}
	for k := from; k < to; k++ {
		t := f.Ret[k]
		if t.Acc || t.IsScalar() {
			continue
		}
		for _, d := range t.Shape {
			if d.IsNone() || d.IsVar() && bound.Has(d.Var) {
				return false
			}
		}
		if !fl.declared(f.Body.Result[k], t) {
			return false
		}
	}
	return true
}

// operator reports whether a reduction operator may fail or return a
// value of another type than it promises.
func (fl failer) operator(op *Lambda, ne []SubExp) bool {
	if fl.lambda(op) {
		return true
	}
	for i, t := range op.Ret {
		if !fl.declared(op.Body.Result[i], t) || i < len(ne) && !fl.declared(ne[i], t) {
			return true
		}
	}
	return false
}

// indexed reports whether a histogram's or scatter's destinations all
// have the same declared indexed dimensions, and values the declared
// shape of an element (so that no shape check fails).
func (fl failer) indexed(dests []VName, rank int, vals []Type) bool {
	var first Shape
	for i, d := range dests {
		t, ok := fl.typ(d)
		if !ok || t.Rank() < rank {
			return false
		}
		if i == 0 {
			first = t.Shape[:rank]
		} else if !(Type{Shape: t.Shape[:rank]}).Equal(Type{Shape: first}) {
			return false
		}
		if i < len(vals) {
			elem := Type{Elem: t.Elem, Shape: t.Shape[rank:]}
			if hasKnownDims(elem) && !vals[i].Equal(elem) || elem.IsArray() && !hasKnownDims(elem) {
				return false
			}
		}
	}
	return true
}

// rowTypes are the declared row types of arrs (unknown: an empty type).
func (fl failer) rowTypes(arrs []VName) []Type {
	out := make([]Type, len(arrs))
	for i, a := range arrs {
		if t, ok := fl.typ(a); ok && t.IsArray() {
			out[i] = t.Row()
		}
	}
	return out
}

func (fl failer) exp(e Exp) bool {
	switch e := e.(type) {
	case *Atom, *Cmp, *Un, *Call, *Size, *Copy, *Rearrange:
		return false
	case *Index:
		ds := make([]DimSlice, len(e.Idx))
		for i, x := range e.Idx {
			ds[i] = DimSlice{Fixed: true, I: x}
		}
		t, ok := fl.typ(e.Arr)
		return !ok || !fl.inBounds(t.Shape, ds)
	case *Slice:
		t, ok := fl.typ(e.Arr)
		return !ok || !ConstInBounds(t.Shape, e.Dims)
	case *ArrayLit:
		// Rows of different shapes fail; scalars, and rows all declared
		// with the element type's known shape, cannot.
		for _, d := range e.Elem.Shape {
			if d.IsNone() {
				return true
			}
		}
		for _, x := range e.Elems {
			if !fl.declared(x, e.Elem) {
				return true
			}
		}
		return false
	case *Replicate:
		return !fl.shape(e.Shape)
	case *Scratch:
		return !fl.shape(e.Shape)
	case *Iota:
		return !fl.size(e.N)
	case *Bin:
		if !e.T.IsInt() {
			return false
		}
		switch e.Op {
		case prim.Div, prim.Mod, prim.Quot, prim.Rem:
			return !(e.Y.IsConst && e.Y.Const.Bits() != 0)
		case prim.Pow:
			return !(e.Y.IsConst && (e.T.IsUnsigned() || e.Y.Const.Int() >= 0))
		}
		return false
	case *If:
		if fl.body(e.Then) || fl.body(e.Else) {
			return true
		}
		for i, t := range e.Ret {
			if !fl.declared(e.Then.Result[i], t) || !fl.declared(e.Else.Result[i], t) {
				return true
			}
		}
		return false
	case *Loop:
		if fl.body(e.Body) {
			return true
		}
		for i, p := range e.Params {
			if !fl.declared(e.Init[i], p.Type) || !fl.declared(e.Body.Result[i], p.Type) {
				return true
			}
		}
		return false
	case *Map:
		return !fl.width(e.W, e.Arrs) || fl.lambda(e.F) || !fl.rows(e.F, 0, len(e.F.Ret))
	case *Reduce:
		return !fl.width(e.W, e.Arrs) || fl.operator(e.Op, e.Neutral)
	case *Scan:
		return !fl.width(e.W, e.Arrs) || fl.operator(e.Op, e.Neutral) || !fl.rows(e.Op, 0, len(e.Op.Ret))
	case *Hist:
		arrs := append(append([]VName(nil), e.Inds...), e.Vals...)
		return !fl.width(e.W, arrs) || fl.operator(e.Op, e.Neutral) || !fl.indexed(e.Dests, len(e.Inds), fl.rowTypes(e.Vals))
	case *Scatter:
		arrs := append(append([]VName(nil), e.Inds...), e.Vals...)
		return !fl.width(e.W, arrs) || !fl.indexed(e.Dests, len(e.Inds), fl.rowTypes(e.Vals))
	case *Screma:
		return fl.screma(e)
	case *UpdAcc:
		// An index out of range is ignored; a row must have the shape of
		// the accumulator's rows, which is known when every dimension is
		// and the row is declared with it.
		t, ok := fl.typ(e.Acc)
		if !ok || len(e.Idx) > t.Rank() {
			return true
		}
		row := Type{Elem: t.Elem, Shape: t.Shape[len(e.Idx):]}
		for _, d := range row.Shape {
			if d.IsNone() {
				return true
			}
		}
		return row.Rank() > 0 && !fl.declared(e.Val, row)
	case *WithAcc:
		for _, in := range e.Inputs {
			if in.Op != nil && fl.operator(in.Op, in.Neutral) {
				return true
			}
		}
		if fl.lambda(e.F) {
			return true
		}
		for i := len(e.Inputs); i < len(e.F.Ret); i++ {
			if !fl.declared(e.F.Body.Result[i], e.F.Ret[i]) {
				return true
			}
		}
		return false
	}
	return true
}

func (fl failer) screma(e *Screma) bool {
	if !fl.width(e.W, e.Arrs) || fl.lambda(e.F) {
		return true
	}
	k := 0
	for _, sc := range e.Scans {
		if fl.operator(sc.Op, sc.Neutral) || !fl.rows(sc.Op, 0, len(sc.Op.Ret)) {
			return true
		}
		k += len(sc.Neutral)
	}
	for _, r := range e.Reds {
		if fl.operator(r.Op, r.Neutral) {
			return true
		}
		k += len(r.Neutral)
	}
	for _, h := range e.Hists {
		if fl.operator(h.Op, h.Neutral) || !fl.indexed(h.Dests, h.Rank, e.F.Ret[k+h.Rank:k+h.Rank+len(h.Dests)]) {
			return true
		}
		k += h.Rank + len(h.Dests)
	}
	for _, sc := range e.Scatters {
		if !fl.indexed(sc.Dests, sc.Rank, e.F.Ret[k+sc.Rank:k+sc.Rank+len(sc.Dests)]) {
			return true
		}
		k += sc.Rank + len(sc.Dests)
	}
	return !fl.rows(e.F, 0, len(e.F.Ret))
}

// inBounds is ConstInBounds, also accepting at a fixed index a name
// known to lie in [0, n) for a dimension of size n (a row of iota n, or
// the counter of a loop to n).
func (fl failer) inBounds(shape Shape, ds []DimSlice) bool {
	if len(ds) > len(shape) {
		return false
	}
	for i, d := range ds {
		if d.Fixed && d.I.IsVar() {
			if !shape[i].IsNone() && slices.ContainsFunc(fl.below[d.I.Var], shape[i].Equal) {
				continue
			}
		}
		if !ConstInBounds(shape[i:i+1], ds[i:i+1]) {
			return false
		}
	}
	return true
}

// ConstInBounds reports whether the indices and ranges ds are constants
// known to lie within shape (ranges of stride 1 from Start to End, whose
// absent bounds are 0 and the dimension), so that indexing or slicing an
// array of that shape with them cannot fail.
func ConstInBounds(shape Shape, ds []DimSlice) bool {
	if len(ds) > len(shape) {
		return false
	}
	for i, d := range ds {
		dim := shape[i]
		if !dim.IsConst {
			return false
		}
		n := dim.Const.Int()
		if d.Fixed {
			if !d.I.IsConst || d.I.Const.Int() < 0 || d.I.Const.Int() >= n {
				return false
			}
			continue
		}
		if _, _, ok := ConstRange(dim, d); !ok {
			return false
		}
	}
	return true
}

// ConstRange gives the first index and the length of the range d of a
// dimension of constant size dim, when both are constants in bounds with
// stride 1.
func ConstRange(dim SubExp, d DimSlice) (start, n int64, ok bool) {
	if d.Fixed || !dim.IsConst || !(d.Stride.IsNone() || d.Stride.IsConst && d.Stride.Const.Int() == 1) {
		return 0, 0, false
	}
	size := dim.Const.Int()
	start, end := int64(0), size
	if !d.Start.IsNone() {
		if !d.Start.IsConst {
			return 0, 0, false
		}
		start = d.Start.Const.Int()
	}
	if !d.End.IsNone() {
		if !d.End.IsConst {
			return 0, 0, false
		}
		end = d.End.Const.Int()
	}
	if start < 0 || end < start || end > size {
		return 0, 0, false
	}
	return start, end - start, true
}
