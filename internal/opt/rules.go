package opt

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// class is the set of element types a rule is exact for.
type class uint8

const (
	ints   class = 1 << iota // signed and unsigned integers: wrap-around arithmetic
	floats                   // IEEE floats: only rules exact for -0.0, NaN and infinities
	bools
	// fastFloats are floats under Options.FastMath: finite values whose
	// zeros have no sign (the ring rules only).
	fastFloats
)

func (c class) has(t prim.Type) bool { return c.hasFast(t, false) }

// hasFast is has, counting fastFloats rules for floats when fast is set.
func (c class) hasFast(t prim.Type, fast bool) bool {
	switch {
	case t.IsInt():
		return c&ints != 0
	case t.IsFloat():
		return c&floats != 0 || fast && c&fastFloats != 0
	case t == prim.Bool:
		return c&bools != 0
	}
	return false
}

// operand describes what one side of a binary operation must be.
type operand uint8

const (
	anyX  operand = iota // anything
	zero                 // the constant 0 (false)
	one                  // the constant 1 (true)
	sameY                // the same name as the other side
)

// result says what a rule rewrites to.
type result uint8

const (
	toX    result = iota // the left operand
	toY                  // the right operand
	toZero               // the constant 0 (false)
	toOne                // the constant 1 (true)
)

// binRule rewrites `x op y` when x and y match.
type binRule struct {
	op   prim.BinOp
	on   class
	x, y operand
	to   result
}

// binRules are the algebraic identities on binary operators. Floats get
// only those exact for every value: x + 0 is not x when x is -0.0, and
// x * 0 is not 0 when x is NaN, infinite or negative.
var binRules = []binRule{
	{prim.Add, ints, anyX, zero, toX},          // x + 0 = x
	{prim.Add, ints, zero, anyX, toY},          // 0 + x = x
	{prim.Sub, ints | floats, anyX, zero, toX}, // x - 0 = x
	{prim.Sub, ints, anyX, sameY, toZero},      // x - x = 0
	{prim.Mul, ints | floats, anyX, one, toX},  // x * 1 = x
	{prim.Mul, ints | floats, one, anyX, toY},  // 1 * x = x
	{prim.Mul, ints, anyX, zero, toZero},       // x * 0 = 0
	{prim.Mul, ints, zero, anyX, toZero},       // 0 * x = 0
	{prim.Div, ints | floats, anyX, one, toX},  // x / 1 = x
	{prim.Quot, ints, anyX, one, toX},          // x // 1 = x
	{prim.Mod, ints, anyX, one, toZero},        // x % 1 = 0
	{prim.Rem, ints, anyX, one, toZero},        // x %% 1 = 0
	{prim.Pow, ints | floats, anyX, one, toX},  // x ** 1 = x
	{prim.BitAnd, ints, anyX, zero, toZero},    // x & 0 = 0
	{prim.BitAnd, ints, zero, anyX, toZero},    // 0 & x = 0
	{prim.BitAnd, ints, anyX, sameY, toX},      // x & x = x
	{prim.BitOr, ints, anyX, zero, toX},        // x | 0 = x
	{prim.BitOr, ints, zero, anyX, toY},        // 0 | x = x
	{prim.BitOr, ints, anyX, sameY, toX},       // x | x = x
	{prim.BitXor, ints, anyX, zero, toX},       // x ^ 0 = x
	{prim.BitXor, ints, zero, anyX, toY},       // 0 ^ x = x
	{prim.BitXor, ints, anyX, sameY, toZero},   // x ^ x = 0
	{prim.Shl, ints, anyX, zero, toX},          // x << 0 = x
	{prim.Shr, ints, anyX, zero, toX},          // x >> 0 = x
	{prim.LogAnd, bools, anyX, one, toX},       // b && true = b
	{prim.LogAnd, bools, one, anyX, toY},       // true && b = b
	{prim.LogAnd, bools, anyX, zero, toZero},   // b && false = false
	{prim.LogAnd, bools, zero, anyX, toZero},   // false && b = false
	{prim.LogAnd, bools, anyX, sameY, toX},     // b && b = b
	{prim.LogOr, bools, anyX, zero, toX},       // b || false = b
	{prim.LogOr, bools, zero, anyX, toY},       // false || b = b
	{prim.LogOr, bools, anyX, one, toOne},      // b || true = true
	{prim.LogOr, bools, one, anyX, toOne},      // true || b = true
	{prim.LogOr, bools, anyX, sameY, toX},      // b || b = b
	// Under fast math only: x + 0 is not x for x = -0.0, x * 0 is not 0
	// for infinities and NaN, x - x is not 0 for them.
	{prim.Add, fastFloats, anyX, zero, toX},     // x + 0 = x
	{prim.Add, fastFloats, zero, anyX, toY},     // 0 + x = x
	{prim.Sub, fastFloats, anyX, sameY, toZero}, // x - x = 0
	{prim.Mul, fastFloats, anyX, zero, toZero},  // x * 0 = 0
	{prim.Mul, fastFloats, zero, anyX, toZero},  // 0 * x = 0
}

// cmpSelfRule gives `x op x` for the types in the class. NaN is not equal
// to itself, so for floats only < and > (false either way) are known.
type cmpSelfRule struct {
	on     class
	result bool
}

var cmpSelf = map[prim.CmpOp]cmpSelfRule{
	prim.Eq: {ints | bools, true},
	prim.Le: {ints | bools, true},
	prim.Ge: {ints | bools, true},
	prim.Ne: {ints | bools, false},
	prim.Lt: {ints | floats | bools, false},
	prim.Gt: {ints | floats | bools, false},
}

// unRules: applying op twice is the identity on the types in the class
// (negation twice flips the sign bit back; complement twice likewise).
var unRules = map[prim.UnOp]class{
	prim.Neg: ints | floats,
	prim.Not: ints | bools,
}

// unsignedZero is x, or +0 if x is the constant -0.
func unsignedZero(x ir.SubExp) ir.SubExp {
	if x.IsConst && x.Const.Type().IsFloat() && x.Const.Float() == 0 {
		return ir.Const(constOf(x.Const.Type(), 0))
	}
	return x
}

// constOf returns the constant 0 or 1 of type t.
func constOf(t prim.Type, k int64) prim.Value {
	if t.IsFloat() {
		return prim.FloatValue(t, float64(k))
	}
	return prim.IntValue(t, k)
}

func (o operand) matches(s, other ir.SubExp, t prim.Type) bool {
	switch o {
	case zero:
		return s.IsConst && prim.Identical(s.Const, constOf(t, 0))
	case one:
		return s.IsConst && prim.Identical(s.Const, constOf(t, 1))
	case sameY:
		return s.IsVar() && s.Equal(other)
	}
	return true
}

// applyBinRules returns the first rule's rewrite of e, if any fires;
// fast admits the fast-math rules.
func applyBinRules(e *ir.Bin, fast bool) (ir.SubExp, bool) {
	if fast && e.T.IsFloat() {
		// Under fast math a zero has no sign: -0 is 0.
		c := *e
		c.X, c.Y = unsignedZero(e.X), unsignedZero(e.Y)
		e = &c
	}
	for _, r := range binRules {
		if r.op != e.Op || !r.on.hasFast(e.T, fast) || !r.x.matches(e.X, e.Y, e.T) || !r.y.matches(e.Y, e.X, e.T) {
			continue
		}
		switch r.to {
		case toX:
			return e.X, true
		case toY:
			return e.Y, true
		case toZero:
			return ir.Const(constOf(e.T, 0)), true
		default:
			return ir.Const(constOf(e.T, 1)), true
		}
	}
	return ir.SubExp{}, false
}

// assertedEqual learns from an assertion of c, when c is a == b on
// integers (a size check such as zip's): after it, a and b are the same
// value, so the statements after it in the body use one name for both,
// and maps over the two sizes have the same width. The name replaced is
// one bound in the body being walked, so that it is in scope nowhere the
// other is not.
func (w *forward) assertedEqual(c ir.SubExp) {
	if !c.IsVar() {
		return
	}
	cmp, ok := w.defs[c.Var].(*ir.Cmp)
	if !ok || cmp.Op != prim.Eq || !cmp.T.IsInt() || !cmp.X.IsVar() || !cmp.Y.IsVar() || cmp.X.Equal(cmp.Y) {
		return
	}
	a, b := cmp.X.Var, cmp.Y.Var
	switch {
	case w.inScope(b):
		w.sub[b] = ir.Var(a)
	case w.inScope(a):
		w.sub[a] = ir.Var(b)
	}
}

// fold is the rule of the Fold pass.
func (w *forward) fold(s *ir.Stm) ([]*ir.Stm, []ir.SubExp, bool) {
	one := func(x ir.SubExp) ([]*ir.Stm, []ir.SubExp, bool) { return nil, []ir.SubExp{x}, true }
	switch e := s.Exp.(type) {
	case *ir.Bin:
		if e.X.IsConst && e.Y.IsConst {
			// An error (division by zero, ...) stays a run-time error.
			if v, err := prim.EvalBinOp(e.Op, e.T, e.X.Const, e.Y.Const); err == nil {
				return one(ir.Const(v))
			}
			return nil, nil, false
		}
		if x, ok := applyBinRules(e, false); ok {
			return one(x)
		}
	case *ir.Cmp:
		if e.X.IsConst && e.Y.IsConst {
			if v, err := prim.EvalCmpOp(e.Op, e.T, e.X.Const, e.Y.Const); err == nil {
				return one(ir.Const(v))
			}
			return nil, nil, false
		}
		if r, ok := cmpSelf[e.Op]; ok && e.X.IsVar() && e.X.Equal(e.Y) && r.on.has(e.T) {
			return one(ir.Bool(r.result))
		}
	case *ir.Un:
		if e.X.IsConst {
			if v, err := prim.EvalUnOp(e.Op, e.T, e.X.Const); err == nil {
				return one(ir.Const(v))
			}
			return nil, nil, false
		}
		if inner, ok := w.defs[e.X.Var].(*ir.Un); ok && inner.Op == e.Op && inner.T == e.T && unRules[e.Op].has(e.T) {
			return one(inner.X)
		}
	case *ir.Call:
		args := make([]prim.Value, len(e.Args))
		for i, a := range e.Args {
			if !a.IsConst {
				return nil, nil, false
			}
			args[i] = a.Const
		}
		if v, err := e.Fn.Eval(args); err == nil {
			return one(ir.Const(v))
		}
	case *ir.Index:
		if x, ok := w.knownElem(e, s.Pat); ok {
			return one(x)
		}
		if st, ok := w.sourceShapeType(s); ok {
			return []*ir.Stm{st}, []ir.SubExp{ir.Var(s.Pat[0].Name)}, true
		}
	case *ir.Slice:
		if st, ok := w.sliceType(s, e); ok {
			return []*ir.Stm{st}, []ir.SubExp{ir.Var(s.Pat[0].Name)}, true
		}
	case *ir.Rearrange:
		if x, perm, ok := w.composeRearrange(e); ok {
			if perm == nil {
				return one(ir.Var(x))
			}
			st := &ir.Stm{Pat: s.Pat, Exp: &ir.Rearrange{Arr: x, Perm: perm}, Pos: s.Pos}
			return []*ir.Stm{st}, []ir.SubExp{ir.Var(s.Pat[0].Name)}, true
		}
		if st, ok := w.sourceShapeType(s); ok {
			return []*ir.Stm{st}, []ir.SubExp{ir.Var(s.Pat[0].Name)}, true
		}
	case *ir.Update:
		if st, ok := w.updateLiteral(s, e); ok {
			return []*ir.Stm{st}, []ir.SubExp{ir.Var(s.Pat[0].Name)}, true
		}
		if st, ok := w.sourceShapeType(s); ok {
			return []*ir.Stm{st}, []ir.SubExp{ir.Var(s.Pat[0].Name)}, true
		}
	case *ir.Rotate, *ir.Copy:
		if st, ok := w.sourceShapeType(s); ok {
			return []*ir.Stm{st}, []ir.SubExp{ir.Var(s.Pat[0].Name)}, true
		}
	case *ir.Size:
		if t, ok := w.types[e.Arr]; ok && e.Dim >= 0 && e.Dim < len(t.Shape) {
			// A size name is only trusted where the shape was checked.
			if d := t.Shape[e.Dim]; d.IsConst || (d.IsVar() && w.exact.Has(e.Arr)) {
				return one(d)
			}
		}
		if n, ok := w.sliceSize(e); ok {
			return one(ir.I64(n))
		}
	case *ir.Assert:
		if e.Cond.IsConst && e.Cond.Const.Bool() {
			return nil, nil, true
		}
		w.assertedEqual(e.Cond)
	case *ir.If:
		if e.Cond.IsConst {
			b := e.Else
			if e.Cond.Const.Bool() {
				b = e.Then
			}
			return b.Stms, b.Result, true
		}
		if res, ok := selectResults(e); ok {
			return nil, res, true
		}
		if st, ok := w.refineIfResults(s, e); ok {
			res := make([]ir.SubExp, len(s.Pat))
			for i, p := range st.Pat {
				res[i] = ir.Var(p.Name)
			}
			return []*ir.Stm{st}, res, true
		}
	case *ir.Loop:
		if zeroTrips(e) {
			return nil, e.Init, true
		}
		if l, res, ok := w.dropInvariantParams(s, e); ok {
			return []*ir.Stm{l}, res, true
		}
		if l, ok := w.refineLoopParams(s, e); ok {
			res := make([]ir.SubExp, len(s.Pat))
			for i, p := range l.Pat {
				res[i] = ir.Var(p.Name)
			}
			return []*ir.Stm{l}, res, true
		}
	}
	return nil, nil, false
}

// composeRearrange finds what rearrangement e is of an array that is not
// itself a rearrangement: an identity permutation (perm nil: e is that
// array), or a rearrangement of a rearrangement, which is one of the
// inner array by the composed permutation. Both are views of the same
// storage, so nothing about aliasing changes.
func (w *forward) composeRearrange(e *ir.Rearrange) (ir.VName, []int, bool) {
	identity := func(p []int) bool {
		for i, k := range p {
			if i != k {
				return false
			}
		}
		return true
	}
	if identity(e.Perm) {
		return e.Arr, nil, true
	}
	inner, ok := w.defs[e.Arr].(*ir.Rearrange)
	if !ok || len(inner.Perm) != len(e.Perm) {
		return ir.VName{}, nil, false
	}
	// Dimension i of e is dimension e.Perm[i] of the inner result, which
	// is dimension inner.Perm[e.Perm[i]] of its array.
	perm := make([]int, len(e.Perm))
	for i, k := range e.Perm {
		perm[i] = inner.Perm[k]
	}
	if identity(perm) {
		return inner.Arr, nil, true
	}
	return inner.Arr, perm, true
}

// sliceType gives s, a slice at constant ranges of dimensions of
// constant size or at ranges whose size the program names (rangeSize),
// the sizes its declared type leaves unknown (they are those sizes
// whenever the slice succeeds), so that code reading it knows them.
func (w *forward) sliceType(s *ir.Stm, e *ir.Slice) (*ir.Stm, bool) {
	if len(s.Pat) != 1 {
		return nil, false
	}
	src, ok := w.types[e.Arr]
	if !ok {
		return nil, false
	}
	t := s.Pat[0].Type
	shape := append(ir.Shape(nil), t.Shape...)
	changed := false
	dim := 0
	for i, d := range e.Dims {
		if d.Fixed {
			continue
		}
		if dim >= len(shape) || i >= len(src.Shape) {
			return nil, false
		}
		if shape[dim].IsNone() {
			if _, n, ok := ir.ConstRange(src.Shape[i], d); ok {
				shape[dim] = ir.I64(n)
				changed = true
			} else if n, ok := w.rangeSize(d); ok {
				shape[dim] = n
				changed = true
			}
		}
		dim++
	}
	if !changed {
		return nil, false
	}
	p := ir.Param{Name: s.Pat[0].Name, Type: ir.Type{Elem: t.Elem, Shape: shape}}
	return &ir.Stm{Pat: []ir.Param{p}, Exp: e, Pos: s.Pos}, true
}

// sourceShapeType gives s, a rotation, copy, in-place update,
// rearrangement or row index, the dimensions of its source array (permuted
// for a rearrangement, the inner ones for a row) that its declared type
// leaves unknown, when the source's declared shape holds (exact): the
// result has them whenever s succeeds.
func (w *forward) sourceShapeType(s *ir.Stm) (*ir.Stm, bool) {
	if len(s.Pat) != 1 {
		return nil, false
	}
	arr, drop, perm, ok := shapeFrom(s.Exp)
	if !ok {
		return nil, false
	}
	src, ok := w.types[arr]
	t := s.Pat[0].Type
	if !ok || !w.exact.Has(arr) || src.Rank()-drop != t.Rank() || perm != nil && len(perm) != t.Rank() {
		return nil, false
	}
	changed := false
	for k, d := range t.Shape {
		from := k + drop
		if perm != nil {
			from = perm[k]
		}
		if sd := src.Shape[from]; d.IsNone() && !sd.IsNone() {
			t = withDim(t, k, sd)
			changed = true
		}
	}
	if !changed {
		return nil, false
	}
	return &ir.Stm{Pat: []ir.Param{{Name: s.Pat[0].Name, Type: t}}, Exp: s.Exp, Pos: s.Pos}, true
}

// rangeSize gives the size of range d of stride 1 when the program names
// it: d's end when it starts at 0 ([:e]), or x when its end is its start
// plus x ([s:s+x]). A valid range has that size exactly (e-s = x in
// wrap-around arithmetic, and e-s is the range's non-negative length).
func (w *forward) rangeSize(d ir.DimSlice) (ir.SubExp, bool) {
	if d.Fixed || !(d.Stride.IsNone() || d.Stride.IsConst && d.Stride.Const.Int() == 1) || d.End.IsNone() {
		return ir.SubExp{}, false
	}
	if d.Start.IsNone() || d.Start.IsConst && d.Start.Const.Int() == 0 {
		return d.End, true
	}
	if !d.End.IsVar() {
		return ir.SubExp{}, false
	}
	add, ok := w.defs[d.End.Var].(*ir.Bin)
	if !ok || add.Op != prim.Add || add.T != prim.I64 {
		return ir.SubExp{}, false
	}
	switch {
	case add.X.Equal(d.Start):
		return add.Y, true
	case add.Y.Equal(d.Start):
		return add.X, true
	}
	return ir.SubExp{}, false
}

// sliceSize gives a dimension of a slice taken at constant ranges of a
// dimension of constant size (the slice's declared type may not say it).
func (w *forward) sliceSize(e *ir.Size) (int64, bool) {
	sl, ok := w.defs[e.Arr].(*ir.Slice)
	if !ok {
		return 0, false
	}
	t, ok := w.types[sl.Arr]
	if !ok {
		return 0, false
	}
	dim := 0 // the result dimension the next kept range gives
	for i, d := range sl.Dims {
		if d.Fixed {
			continue
		}
		if dim == e.Dim {
			if i >= len(t.Shape) {
				return 0, false
			}
			_, n, ok := ir.ConstRange(t.Shape[i], d)
			return n, ok
		}
		dim++
	}
	return 0, false
}

// knownElem gives the element an index selects from a replicate or an
// array literal, when every index is a constant within a constant bound
// (anything else may be out of bounds and must stay to fail). A row (an
// array element) is given only when neither it nor the name bound to it
// may be consumed: the literal holds a copy, the row is the same value.
func (w *forward) knownElem(e *ir.Index, pat []ir.Param) (ir.SubExp, bool) {
	if len(pat) != 1 {
		return ir.SubExp{}, false
	}
	inBounds := func(i, n ir.SubExp) bool {
		return i.IsConst && n.IsConst && i.Const.Int() >= 0 && i.Const.Int() < n.Const.Int()
	}
	var x ir.SubExp
	switch src := w.defs[e.Arr].(type) {
	case *ir.Replicate:
		if len(e.Idx) != len(src.Shape) {
			return ir.SubExp{}, false
		}
		for k, i := range e.Idx {
			if !inBounds(i, src.Shape[k]) {
				return ir.SubExp{}, false
			}
		}
		x = src.Val
	case *ir.ArrayLit:
		if len(e.Idx) != 1 || !inBounds(e.Idx[0], ir.I64(int64(len(src.Elems)))) {
			return ir.SubExp{}, false
		}
		x = src.Elems[e.Idx[0].Const.Int()]
	default:
		return ir.SubExp{}, false
	}
	if !pat[0].Type.IsScalar() && (!x.IsVar() || w.consumed.Has(x.Var) || w.consumed.Has(pat[0].Name)) {
		return ir.SubExp{}, false
	}
	return x, true
}

// smallUpdate bounds the vectors whose element updates updateLiteral
// turns into literals.
const smallUpdate = 16

// updateLiteral turns an update of one element of a small vector built by
// a replicate or an array literal of scalars, at a constant index within
// its constant size, into the literal with that element replaced: an
// adjoint vector that reverse mode starts as zeros and updates element by
// element becomes a list of scalars (the reads of its elements fold by
// knownElem), and only the last literal, if any, is built. The update
// consumed the vector, so nothing reads it after.
func (w *forward) updateLiteral(s *ir.Stm, e *ir.Update) (*ir.Stm, bool) {
	if len(s.Pat) != 1 || len(e.Dims) != 1 || !e.Dims[0].Fixed || !e.Dims[0].I.IsConst {
		return nil, false
	}
	t := s.Pat[0].Type
	if t.Rank() != 1 || t.Acc {
		return nil, false
	}
	// A copy of a known vector (the copy that makes a shared zero vector
	// updatable) has its elements.
	def := w.defs[e.Arr]
	for {
		c, ok := def.(*ir.Copy)
		if !ok {
			break
		}
		def = w.defs[c.Arr]
	}
	var elems []ir.SubExp
	switch src := def.(type) {
	case *ir.Replicate:
		if len(src.Shape) != 1 || !src.Shape[0].IsConst {
			return nil, false
		}
		n := src.Shape[0].Const.Int()
		if n < 0 || n > smallUpdate {
			return nil, false
		}
		elems = make([]ir.SubExp, n)
		for k := range elems {
			elems[k] = src.Val
		}
	case *ir.ArrayLit:
		if !src.Elem.IsScalar() || len(src.Elems) > smallUpdate {
			return nil, false
		}
		elems = append([]ir.SubExp(nil), src.Elems...)
	default:
		return nil, false
	}
	i := e.Dims[0].I.Const.Int()
	if i < 0 || i >= int64(len(elems)) {
		return nil, false // out of bounds: the update must stay to fail
	}
	elems[i] = e.Val
	return &ir.Stm{Pat: s.Pat, Exp: &ir.ArrayLit{Elems: elems, Elem: t.Row()}, Pos: s.Pos}, true
}

// dropInvariantParams removes the loop parameters the body passes on
// unchanged: they keep their initial value, which replaces them inside and
// after the loop. Arrays that may be consumed stay (reading the initial
// array in the body could then see in-place updates of another parameter
// sharing it), as do a while loop's condition and accumulators; at least
// one parameter remains.
func (w *forward) dropInvariantParams(s *ir.Stm, e *ir.Loop) (*ir.Stm, []ir.SubExp, bool) {
	if len(s.Pat) != len(e.Params) || len(e.Init) != len(e.Params) || len(e.Body.Result) != len(e.Params) {
		return nil, nil, false
	}
	cond, _ := e.Form.(*ir.While)
	sub := map[ir.VName]ir.SubExp{}
	keep := make([]bool, len(e.Params))
	kept := 0
	for i, p := range e.Params {
		r, init := e.Body.Result[i], e.Init[i]
		invariant := r.IsVar() && r.Var == p.Name && !p.Type.Acc && (cond == nil || cond.Cond != p.Name) &&
			(p.Type.IsScalar() || (init.IsVar() && !w.consumed.Has(init.Var)))
		if invariant {
			sub[p.Name] = init
		} else {
			keep[i] = true
			kept++
		}
	}
	if len(sub) == 0 || kept == 0 {
		return nil, nil, false
	}
	l := (&ir.Rewriter{Use: func(v ir.VName) ir.SubExp {
		if x, ok := sub[v]; ok {
			return x
		}
		return ir.Var(v)
	}}).Exp(e).(*ir.Loop)
	l.Params = pick(l.Params, keep)
	l.Init = pick(l.Init, keep)
	l.Body.Result = pick(l.Body.Result, keep)
	res := make([]ir.SubExp, len(s.Pat))
	for i, p := range s.Pat {
		if keep[i] {
			res[i] = ir.Var(p.Name)
		} else {
			res[i] = e.Init[i]
		}
	}
	return &ir.Stm{Pat: pick(s.Pat, keep), Exp: l, Pos: s.Pos}, res, true
}

// zeroTrips reports whether the loop's body is statically never run.
func zeroTrips(l *ir.Loop) bool {
	switch f := l.Form.(type) {
	case *ir.For:
		if !f.Bound.IsConst {
			return false
		}
		if f.T.IsUnsigned() {
			return f.Bound.Const.Uint() == 0
		}
		return f.Bound.Const.Int() <= 0
	case *ir.While:
		for i, p := range l.Params {
			if p.Name == f.Cond {
				init := l.Init[i]
				return init.IsConst && !init.Const.Bool()
			}
		}
	}
	return false
}

// selectResults resolves an if whose branches only return operands:
// `if c then x else x` is x and `if c then true else false` is c.
func selectResults(e *ir.If) ([]ir.SubExp, bool) {
	if len(e.Then.Stms) != 0 || len(e.Else.Stms) != 0 || len(e.Then.Result) != len(e.Else.Result) {
		return nil, false
	}
	out := make([]ir.SubExp, len(e.Then.Result))
	for i, t := range e.Then.Result {
		f := e.Else.Result[i]
		switch {
		case t.Equal(f):
			out[i] = t
		case t.Equal(ir.Bool(true)) && f.Equal(ir.Bool(false)):
			out[i] = e.Cond
		default:
			return nil, false
		}
	}
	return out, true
}
