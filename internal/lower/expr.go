package lower

import (
	"math/big"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/syntax"
)

// posFor is the position that lowering x reports when the enclosing code
// is at at: x's own, except that code inlined from the prelude keeps the
// position of the user's expression that reached it (that is where
// run-time errors point).
func (l *lowerer) posFor(x check.Expr, at syntax.Pos) syntax.Pos {
	pos := x.Pos()
	if a, ok := x.(*check.Apply); ok {
		pos = callSite(a)
	}
	if !l.preludeFiles[pos.File] || at.Line == 0 || l.preludeFiles[at.File] {
		return pos
	}
	return at
}

func (l *lowerer) expr(x check.Expr, e *env) value {
	saved := l.at
	l.at = l.posFor(x, l.at)
	l.b.Pos = l.pos(l.at)
	defer func() {
		l.at = saved
		l.b.Pos = l.pos(saved)
	}()
	switch x := x.(type) {
	case *check.Lit:
		return &leaf{ir.Const(l.literal(x))}
	case *check.StringLit:
		elems := make([]ir.SubExp, len(x.Bytes))
		for i, c := range x.Bytes {
			elems[i] = ir.Const(prim.IntValue(prim.U8, int64(c)))
		}
		return &leaf{l.b.Let("str", &ir.ArrayLit{Elems: elems, Elem: ir.Scalar(prim.U8)})}
	case *check.VarRef:
		return l.ref(x.Bind, x.Inst, e)
	case *check.BinOpExpr:
		return l.binOp(x, e)
	case *check.UnOpExpr:
		return &leaf{l.b.Let("t", &ir.Un{Op: x.Op, T: x.Prim, X: l.scalar(x.X, e)})}
	case *check.Apply:
		if x.Piped {
			return l.pipeline(x, e)
		}
		return l.applyChain(x, e)
	case *check.Lambda:
		return &closure{params: x.Params, body: x.Body, env: e, name: "lambda"}
	case *check.Let:
		v := l.expr(x.Value, e)
		inner := e.child()
		l.bindPat(x.Pat, v, inner)
		return l.expr(x.Body, inner)
	case *check.LetFun:
		inner := e.child()
		inner.vals[x.Bind.ID] = &closure{params: x.Params, body: x.Value, env: e, sizeBinds: x.SizeBinds, name: x.Bind.Name}
		return l.expr(x.Body, inner)
	case *check.If:
		return l.ifExpr(x, e)
	case *check.Loop:
		return l.loop(x, e)
	case *check.RecordLit:
		r := &record{}
		for _, f := range x.Fields {
			r.names = append(r.names, f.Name)
			r.fields = append(r.fields, l.expr(f.Value, e))
		}
		return sortRecord(r)
	case *check.Project:
		v := l.expr(x.X, e)
		r, ok := v.(*record)
		if !ok {
			l.fail("projection of field %s from a value that is not a record", x.Field)
		}
		f, ok := r.field(x.Field)
		if !ok {
			l.fail("record has no field %s", x.Field)
		}
		return f
	case *check.Index:
		return l.index(l.expr(x.X, e), x.Indices, e)
	case *check.Update:
		return l.update(l.expr(x.X, e), x.Steps, l.expr(x.Value, e), e)
	case *check.ArrayLit:
		return l.arrayLit(x, e)
	case *check.Range:
		return l.rangeExpr(x, e)
	case *check.Coerce:
		// Both ascription and coercion check the sizes they state at run
		// time (LANGUAGE.md §7.14).
		return l.coerce(l.expr(x.X, e), x.Type(), e)
	case *check.Constr:
		return l.constr(x, e)
	case *check.Match:
		v := l.expr(x.X, e)
		return l.cases(v, x.Cases, x.Type(), e)
	case *check.Assert:
		c := l.scalar(x.Cond, e)
		l.b.Bind(nil, &ir.Assert{Cond: c, Msg: x.CondText})
		return l.expr(x.Body, e)
	case *check.Hole:
		// Evaluating a hole fails; its value only has to have its type.
		l.b.Bind(nil, &ir.Assert{Cond: ir.Bool(false), Full: true, Msg: "Reached a typed hole (???) of type " + check.TypeString(x.T) + "."})
		return l.holeValue(x.T, e)
	}
	l.fail("this expression (of type %s) is not supported by the lowering yet", check.TypeString(x.Type()))
	return nil
}

// callSite is the start of a (curried) application: the position of the
// function expression, where the checker gives each Apply its argument's.
func callSite(a *check.Apply) syntax.Pos {
	var f check.Expr = a
	for {
		ap, ok := f.(*check.Apply)
		if !ok {
			return f.Pos()
		}
		f = ap.Fun
	}
}

// sortRecord orders fields like check.Record does (numeric names by value).
func sortRecord(r *record) *record {
	for i := 1; i < len(r.names); i++ {
		for j := i; j > 0 && fieldLess(r.names[j], r.names[j-1]); j-- {
			r.names[j], r.names[j-1] = r.names[j-1], r.names[j]
			r.fields[j], r.fields[j-1] = r.fields[j-1], r.fields[j]
		}
	}
	return r
}

func fieldLess(a, b string) bool {
	na, aok := atoi(a)
	nb, bok := atoi(b)
	if aok && bok {
		return na < nb
	}
	return a < b
}

func atoi(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

func (l *lowerer) literal(x *check.Lit) prim.Value {
	t := x.Prim
	switch {
	case t == prim.Bool:
		return prim.BoolValue(x.Bool)
	case x.Int != nil && t.IsInt():
		if t.IsUnsigned() && x.Int.Sign() >= 0 {
			return prim.UintValue(t, x.Int.Uint64())
		}
		return prim.IntValue(t, x.Int.Int64())
	case x.Int != nil:
		f, _ := new(big.Float).SetInt(x.Int).Float64()
		return l.float(t, f, new(big.Rat).SetInt(x.Int))
	case x.Float != nil:
		f, _ := x.Float.Float64()
		return l.float(t, f, x.Float)
	}
	l.fail("malformed literal")
	return prim.Value{}
}

func (l *lowerer) float(t prim.Type, f float64, r *big.Rat) prim.Value {
	if t == prim.F32 {
		f32, _ := r.Float32()
		return prim.Float32Value(f32)
	}
	return prim.FloatValue(t, f)
}

// scalar lowers x, which must give one IR value.
func (l *lowerer) scalar(x check.Expr, e *env) ir.SubExp {
	v := l.expr(x, e)
	lf, ok := v.(*leaf)
	if !ok {
		l.fail("expected a primitive value")
	}
	return lf.se
}

func (l *lowerer) binOp(x *check.BinOpExpr, e *env) value {
	if !primOperands(x) {
		if x.Cmp != prim.Eq && x.Cmp != prim.Ne {
			l.fail("operator %s on non-primitive values is not supported", x.Op)
		}
		a, b := l.expr(x.X, e), l.expr(x.Y, e)
		if hasFunction(a) || hasFunction(b) {
			l.fail("functions cannot be compared")
		}
		eq := l.equal(leaves(a), leaves(b))
		if x.Cmp == prim.Ne {
			eq = l.b.UnOp(prim.Not, eq)
		}
		return &leaf{eq}
	}
	// The chain of operators on the left (x + y + z is (x + y) + z) is
	// lowered with a loop, so that a chain of any length takes constant
	// stack; positions and order are those of recursion through expr.
	chain, ats := []*check.BinOpExpr{x}, []syntax.Pos{l.at}
	for {
		y, ok := chain[len(chain)-1].X.(*check.BinOpExpr)
		if !ok || !primOperands(y) {
			break
		}
		chain = append(chain, y)
		ats = append(ats, l.posFor(y, ats[len(ats)-1]))
	}
	saved := l.at
	defer func() {
		l.at = saved
		l.b.Pos = l.pos(saved)
	}()
	last := len(chain) - 1
	l.at, l.b.Pos = ats[last], l.pos(ats[last])
	a := l.scalar(chain[last].X, e)
	for i := last; i >= 0; i-- {
		l.at, l.b.Pos = ats[i], l.pos(ats[i])
		a = l.primOp(chain[i], a, e)
	}
	return &leaf{a}
}

// applyChain lowers x, an application. Operator chains of functions
// (a +^ b +^ c, x |> f |> g) nest as ((op a) b) whose a is again such an
// application; the chain is lowered with a loop, so that any length takes
// constant stack, in the order and at the positions of recursion through
// expr (each application lowers its function, then its argument).
func (l *lowerer) applyChain(x *check.Apply, e *env) value {
	saved := l.at
	defer func() {
		l.at = saved
		l.b.Pos = l.pos(saved)
	}()
	setAt := func(at syntax.Pos) { l.at, l.b.Pos = at, l.pos(at) }
	type level struct {
		outer, inner     *check.Apply // outer applies inner to a second argument
		outerAt, innerAt syntax.Pos
		f                value // inner.Fun, lowered
	}
	var chain []level
	for cur, at := x, l.at; ; {
		inner, ok := cur.Fun.(*check.Apply)
		if !ok {
			break
		}
		lv := level{outer: cur, inner: inner, outerAt: at, innerAt: l.posFor(inner, at)}
		setAt(lv.innerAt)
		lv.f = l.expr(inner.Fun, e)
		chain = append(chain, lv)
		next, ok := inner.Arg.(*check.Apply)
		if !ok {
			break
		}
		cur, at = next, l.posFor(next, lv.innerAt)
	}
	if len(chain) == 0 {
		return l.apply(l.expr(x.Fun, e), l.expr(x.Arg, e))
	}
	last := chain[len(chain)-1]
	setAt(last.innerAt)
	v := l.expr(last.inner.Arg, e)
	for i := len(chain) - 1; i >= 0; i-- {
		lv := chain[i]
		setAt(lv.innerAt)
		partial := l.apply(lv.f, v)
		setAt(lv.outerAt)
		v = l.apply(partial, l.expr(lv.outer.Arg, e))
	}
	return v
}

// pipeline lowers x |> f1 |> ... |> fn (checked as fn (... (f1 x))) in
// the pipes' order, x first and then each function before its
// application, with a loop rather than recursion, so that a pipeline of
// any length takes constant stack.
func (l *lowerer) pipeline(x *check.Apply, e *env) value {
	saved := l.at
	defer func() {
		l.at = saved
		l.b.Pos = l.pos(saved)
	}()
	var chain []*check.Apply
	var ats []syntax.Pos
	at := l.at
	var cur check.Expr = x
	for {
		a, ok := cur.(*check.Apply)
		if !ok || !a.Piped {
			break
		}
		at = l.posFor(a, at)
		chain, ats = append(chain, a), append(ats, at)
		cur = a.Arg
	}
	l.at, l.b.Pos = ats[len(ats)-1], l.pos(ats[len(ats)-1])
	v := l.expr(cur, e)
	for i := len(chain) - 1; i >= 0; i-- {
		l.at, l.b.Pos = ats[i], l.pos(ats[i])
		v = l.apply(l.expr(chain[i].Fun, e), v)
	}
	return v
}

// primOperands reports whether x's operands are primitive values.
func primOperands(x *check.BinOpExpr) bool {
	_, ok := check.Resolve(x.Operand).(*check.Prim)
	return ok
}

// primOp lowers the primitive operator x applied to the lowered left
// operand a and its right operand.
func (l *lowerer) primOp(x *check.BinOpExpr, a ir.SubExp, e *env) ir.SubExp {
	t := check.Resolve(x.Operand).(*check.Prim).P
	if x.Bin == prim.LogAnd || x.Bin == prim.LogOr {
		// Short-circuit: the right operand runs only when needed.
		sub := l.b.Sub()
		saved := l.b
		l.b = sub
		bv := l.scalar(x.Y, e)
		l.b = saved
		rhs := sub.Body(bv)
		short := &ir.Body{Result: []ir.SubExp{ir.Bool(x.Bin == prim.LogOr)}}
		ife := &ir.If{Cond: a, Then: rhs, Else: short, Ret: []ir.Type{ir.Scalar(prim.Bool)}}
		if x.Bin == prim.LogOr {
			ife.Then, ife.Else = short, rhs
		}
		return l.b.Let("t", ife)
	}
	b := l.scalar(x.Y, e)
	if x.Cmp != 0 {
		return l.b.Let("c", &ir.Cmp{Op: x.Cmp, T: t, X: a, Y: b})
	}
	return l.b.Let("t", &ir.Bin{Op: x.Bin, T: t, X: a, Y: b})
}

// sub lowers a nested body with its own builder.
func (l *lowerer) sub(f func() value) (*ir.Body, value) {
	saved := l.b
	l.b = saved.Sub()
	v := f()
	body := l.b.Body(leaves(v)...)
	l.b = saved
	return body, v
}

func (l *lowerer) ifExpr(x *check.If, e *env) value {
	c := l.scalar(x.Cond, e)
	th, tv := l.sub(func() value { return l.expr(x.Then, e) })
	el, ev := l.sub(func() value { return l.expr(x.Else, e) })
	if hasFunction(tv) || hasFunction(ev) {
		l.fail("if branches returning functions are not supported")
	}
	if len(th.Result) != len(el.Result) {
		l.fail("if branches have different structure (internal error)")
	}
	ret := l.branchTypes(th, el)
	names := l.b.LetN("if", &ir.If{Cond: c, Then: th, Else: el, Ret: ret})
	return rebuild(tv, vars(names))
}

// branchTypes gives the result types of two bodies returning the same
// kinds of values; sizes that differ or are local become unknown.
func (l *lowerer) branchTypes(a, b *ir.Body) []ir.Type {
	la, lb := ir.BoundInBody(a), ir.BoundInBody(b)
	ret := make([]ir.Type, len(a.Result))
	for i := range a.Result {
		ta, _ := l.typeOf(a.Result[i])
		tb, _ := l.typeOf(b.Result[i])
		t := ir.Type{Elem: ta.Elem, Acc: ta.Acc, Shape: append(ir.Shape{}, ta.Shape...)}
		for d := range t.Shape {
			if d >= len(tb.Shape) || !ta.Shape[d].Equal(tb.Shape[d]) ||
				ta.Shape[d].IsVar() && (la.Has(ta.Shape[d].Var) || lb.Has(ta.Shape[d].Var)) {
				t.Shape[d] = ir.SubExp{}
			}
		}
		ret[i] = t
	}
	return ret
}

func vars(ns []ir.VName) []ir.SubExp {
	out := make([]ir.SubExp, len(ns))
	for i, n := range ns {
		out[i] = ir.Var(n)
	}
	return out
}

// loopParams makes loop parameters for the leaves of v; array sizes may
// change between iterations, so they are left unknown.
func (l *lowerer) loopParams(v value) ([]ir.Param, value) {
	ls := leaves(v)
	ps := make([]ir.Param, len(ls))
	pv := make([]ir.SubExp, len(ls))
	for i, s := range ls {
		t, _ := l.typeOf(s)
		t.Shape = make(ir.Shape, len(t.Shape))
		ps[i] = l.b.Param("loop", t)
		pv[i] = ir.Var(ps[i].Name)
	}
	return ps, rebuild(v, pv)
}

func (l *lowerer) loop(x *check.Loop, e *env) value {
	init := l.expr(x.Init, e)
	if hasFunction(init) {
		l.fail("loop parameters cannot be functions")
	}
	params, pv := l.loopParams(init)
	inner := e.child()
	l.bindPat(x.Pat, pv, inner)
	lp := &ir.Loop{Params: params, Init: leaves(init)}
	for _, a := range x.Attrs {
		lp.Attrs = append(lp.Attrs, ir.Attr{Name: a.Name, Args: a.Args})
	}
	switch {
	case x.For != nil:
		bound := l.scalar(x.For.Bound, e)
		bt, _ := l.typeOf(bound)
		i := l.b.Param(x.For.Var.Name, bt)
		inner.vals[x.For.Var.ID] = &leaf{ir.Var(i.Name)}
		lp.Form = &ir.For{I: i.Name, T: bt.Elem, Bound: bound}
		lp.Body, _ = l.sub(func() value { return l.expr(x.Body, inner) })
	case x.ForIn != nil:
		arr := l.expr(x.ForIn.Array, e)
		ls := leaves(arr)
		if len(ls) == 0 {
			l.fail("for-in over a value without arrays")
		}
		n := l.b.Let("n", &ir.Size{Arr: ls[0].Var, Dim: 0})
		i := l.b.Param("i", ir.Scalar(prim.I64))
		lp.Form = &ir.For{I: i.Name, T: prim.I64, Bound: n}
		lp.Body, _ = l.sub(func() value {
			row := mapLeaves(arr, func(s ir.SubExp) ir.SubExp {
				return l.b.Let("row", &ir.Index{Arr: s.Var, Idx: []ir.SubExp{ir.Var(i.Name)}})
			})
			l.bindPat(x.ForIn.Pat, row, inner)
			return l.expr(x.Body, inner)
		})
	case x.While != nil:
		first := e.child()
		l.bindPat(x.Pat, init, first)
		c0 := l.scalar(x.While.Cond, first)
		c := l.b.Param("cond", ir.Scalar(prim.Bool))
		lp.Params = append(lp.Params, c)
		lp.Init = append(lp.Init, c0)
		lp.Form = &ir.While{Cond: c.Name}
		lp.Body, _ = l.sub(func() value {
			next := l.expr(x.Body, inner)
			again := e.child()
			l.bindPat(x.Pat, next, again)
			cn := l.scalar(x.While.Cond, again)
			return tuple(next, &leaf{cn})
		})
	}
	names := l.b.LetN("loop", lp)
	return rebuild(init, vars(names[:len(params)]))
}

// index lowers v[indices] on every leaf of v.
func (l *lowerer) index(v value, ds []*check.DimIndex, e *env) value {
	allFixed := true
	for _, d := range ds {
		allFixed = allFixed && !d.Slice
	}
	if allFixed {
		idx := make([]ir.SubExp, len(ds))
		for i, d := range ds {
			idx[i] = l.toI64(l.scalar(d.Index, e))
		}
		return mapLeaves(v, func(s ir.SubExp) ir.SubExp { return l.b.Let("elem", &ir.Index{Arr: s.Var, Idx: idx}) })
	}
	dims := l.dims(ds, e)
	return mapLeaves(v, func(s ir.SubExp) ir.SubExp { return l.b.Let("slice", &ir.Slice{Arr: s.Var, Dims: dims}) })
}

func (l *lowerer) dims(ds []*check.DimIndex, e *env) []ir.DimSlice {
	out := make([]ir.DimSlice, len(ds))
	opt := func(x check.Expr) ir.SubExp {
		if x == nil {
			return ir.SubExp{}
		}
		return l.toI64(l.scalar(x, e))
	}
	for i, d := range ds {
		if !d.Slice {
			out[i] = ir.DimSlice{Fixed: true, I: l.toI64(l.scalar(d.Index, e))}
			continue
		}
		out[i] = ir.DimSlice{Start: opt(d.Start), End: opt(d.End), Stride: opt(d.Stride)}
	}
	return out
}

// toI64 widens a signed integer index to i64.
func (l *lowerer) toI64(s ir.SubExp) ir.SubExp {
	t, _ := l.typeOf(s)
	if t.Elem == prim.I64 {
		return s
	}
	fn, ok := prim.ConvFunc(t.Elem, prim.I64)
	if !ok {
		l.fail("cannot use a value of type %v as an index", t)
	}
	return l.b.Call(fn, s)
}

func (l *lowerer) update(v value, steps []*check.UpdateStep, nv value, e *env) value {
	if len(steps) == 0 {
		return nv
	}
	st := steps[0]
	if st.Indices == nil {
		r, ok := v.(*record)
		if !ok {
			l.fail("field update of a value that is not a record")
		}
		out := &record{names: r.names, fields: append([]value{}, r.fields...)}
		for i, n := range r.names {
			if n == st.Field {
				out.fields[i] = l.update(r.fields[i], steps[1:], nv, e)
				return out
			}
		}
		l.fail("record has no field %s", st.Field)
	}
	if len(steps) > 1 {
		cur := l.index(v, st.Indices, e)
		nv = l.update(cur, steps[1:], nv, e)
	}
	dims := l.dims(st.Indices, e)
	vs := leaves(nv)
	i := 0
	return mapLeaves(v, func(s ir.SubExp) ir.SubExp {
		i++
		return l.b.Let("upd", &ir.Update{Arr: s.Var, Dims: dims, Val: vs[i-1]})
	})
}

func (l *lowerer) arrayLit(x *check.ArrayLit, e *env) value {
	if len(x.Elems) == 0 {
		t := check.Substitute(check.Reveal(x.Type()), e.typeSubst(), nil)
		return l.emptyArray(t, e)
	}
	elems := make([]value, len(x.Elems))
	for i, el := range x.Elems {
		elems[i] = l.expr(el, e)
	}
	cols := make([][]ir.SubExp, len(leaves(elems[0])))
	for _, v := range elems {
		for k, s := range leaves(v) {
			cols[k] = append(cols[k], s)
		}
	}
	out := make([]ir.SubExp, len(cols))
	for k, col := range cols {
		t, _ := l.typeOf(col[0])
		out[k] = l.b.Let("arr", &ir.ArrayLit{Elems: col, Elem: t})
	}
	return rebuild(elems[0], out)
}

// emptyArray builds the empty value of array type t.
func (l *lowerer) emptyArray(t check.Type, e *env) value {
	var walk func(t check.Type, dims ir.Shape) value
	walk = func(t check.Type, dims ir.Shape) value {
		switch t := check.Resolve(t).(type) {
		case *check.Prim:
			return &leaf{l.b.Let("empty", &ir.Scratch{Elem: t.P, Shape: dims})}
		case *check.Array:
			d := ir.I64(0)
			if sv := l.sizeValue(t.Size, e); sv != nil {
				d = sv.(*leaf).se
			}
			return walk(t.Elem, append(append(ir.Shape{}, dims...), d))
		case *check.Record:
			r := &record{}
			for _, f := range t.Fields {
				r.names = append(r.names, f.Name)
				r.fields = append(r.fields, walk(f.Type, dims))
			}
			return r
		}
		l.fail("cannot build an empty array of %s", check.TypeString(t))
		return nil
	}
	return walk(t, nil)
}

// coerce checks at run time that v has the sizes of t (size coercion).
func (l *lowerer) coerce(v value, t check.Type, e *env) value {
	var dims []ir.SubExp
	var elem check.Type = t
	for {
		a, ok := check.Resolve(elem).(*check.Array)
		if !ok {
			break
		}
		d := ir.SubExp{}
		if sv := l.sizeValue(a.Size, e); sv != nil {
			d = sv.(*leaf).se
		}
		dims = append(dims, d)
		elem = a.Elem
	}
	return mapLeaves(v, func(s ir.SubExp) ir.SubExp {
		st, _ := l.typeOf(s)
		if len(st.Shape) < len(dims) {
			return s
		}
		nt := ir.Type{Elem: st.Elem, Shape: append(append(ir.Shape{}, dims...), st.Shape[len(dims):]...)}
		p := l.b.Param("coerced", nt)
		l.b.Bind([]ir.Param{p}, &ir.Atom{X: s})
		return ir.Var(p.Name)
	})
}

func (l *lowerer) rangeExpr(x *check.Range, e *env) value {
	start := l.scalar(x.Start, e)
	end := l.scalar(x.End, e)
	st, _ := l.typeOf(start)
	t := st.Elem
	one := prim.One(t)
	step := ir.Const(one)
	// The error names the range as written: "Range 5...1 is invalid."
	msg, args := "Range %v", []ir.SubExp{start}
	if x.Second != nil {
		second := l.scalar(x.Second, e)
		step = l.b.BinOp(prim.Sub, second, start)
		msg, args = msg+"..%v", append(args, second)
	}
	msg += map[syntax.RangeKind]string{syntax.RangeIncl: "...", syntax.RangeUpTo: "..<", syntax.RangeDownTo: "..>"}[x.Kind] + "%v is invalid."
	args = append(args, end)
	if x.Second == nil && x.Kind == syntax.RangeDownTo {
		step = ir.Const(mustEval(prim.EvalUnOp(prim.Neg, t, one)))
	}
	// count = (end - start + adj) / step, computed in i64 after checking
	// that the range goes the way its step says.
	s64, e64, k64 := l.toI64Conv(start), l.toI64Conv(end), l.toI64Conv(step)
	diff := l.b.BinOp(prim.Sub, e64, s64)
	raw := diff
	switch x.Kind {
	case syntax.RangeIncl:
		// Inclusive: one more than the exclusive count toward end+sign(step).
		sg := l.b.Call(mustFunc("sgn_i64"), k64)
		diff = l.b.BinOp(prim.Add, diff, sg)
	}
	// ceil(diff / k) for diff and k of the same sign.
	adj := l.b.BinOp(prim.Sub, k64, l.b.Call(mustFunc("sgn_i64"), k64))
	zero := ir.I64(0)
	// A zero step is invalid; divide by 1 instead, so that the assertion
	// below reports the range rather than the division.
	toI64, _ := prim.ConvFunc(prim.Bool, prim.I64)
	kdiv := l.b.BinOp(prim.Add, k64, l.b.Call(toI64, l.b.CmpOp(prim.Eq, k64, zero)))
	n := l.b.BinOp(prim.Quot, l.b.BinOp(prim.Add, diff, adj), kdiv)
	okStep := l.b.CmpOp(prim.Ne, k64, zero)
	sameDir := l.b.CmpOp(prim.Ge, l.b.BinOp(prim.Mul, raw, l.b.Call(mustFunc("sgn_i64"), k64)), zero)
	valid := l.b.BinOp(prim.LogAnd, okStep, sameDir)
	if x.Kind == syntax.RangeUpTo {
		valid = l.b.BinOp(prim.LogAnd, valid, l.b.CmpOp(prim.Gt, k64, zero))
	}
	if x.Kind == syntax.RangeDownTo {
		valid = l.b.BinOp(prim.LogAnd, valid, l.b.CmpOp(prim.Lt, k64, zero))
	}
	l.b.Bind(nil, &ir.Assert{Cond: valid, Msg: msg, Full: true, Args: args})
	return &leaf{l.b.Let("range", &ir.Iota{N: n, Start: start, Step: step, T: t})}
}

func (l *lowerer) toI64Conv(s ir.SubExp) ir.SubExp {
	t, _ := l.typeOf(s)
	if t.Elem == prim.I64 {
		return s
	}
	fn, _ := prim.ConvFunc(t.Elem, prim.I64)
	return l.b.Call(fn, s)
}

func mustEval(v prim.Value, err error) prim.Value {
	if err != nil {
		panic(err)
	}
	return v
}

func mustFunc(name string) prim.Func {
	f, ok := prim.LookupFunc(name)
	if !ok {
		panic("lower: no scalar function " + name)
	}
	return f
}

// equal is structural equality of two lists of IR values of equal types:
// arrays are equal when their shapes and all their elements are.
func (l *lowerer) equal(xs, ys []ir.SubExp) ir.SubExp {
	res := ir.Bool(true)
	for i := range xs {
		t, _ := l.typeOf(xs[i])
		var eq ir.SubExp
		if t.IsScalar() {
			eq = l.b.Let("eq", &ir.Cmp{Op: prim.Eq, T: t.Elem, X: xs[i], Y: ys[i]})
		} else {
			eq = l.arrayEqual(xs[i], ys[i], t)
		}
		res = l.b.BinOp(prim.LogAnd, res, eq)
	}
	return res
}

func (l *lowerer) arrayEqual(x, y ir.SubExp, t ir.Type) ir.SubExp {
	same := ir.Bool(true)
	total := ir.I64(1)
	for d := range t.Rank() {
		nx := l.b.Let("n", &ir.Size{Arr: x.Var, Dim: d})
		ny := l.b.Let("n", &ir.Size{Arr: y.Var, Dim: d})
		same = l.b.BinOp(prim.LogAnd, same, l.b.CmpOp(prim.Eq, nx, ny))
		total = l.b.BinOp(prim.Mul, total, nx)
	}
	saved := l.b
	l.b = saved.Sub()
	fx := l.b.Let("flat", &ir.Reshape{Arr: x.Var, Shape: ir.Shape{total}})
	fy := l.b.Let("flat", &ir.Reshape{Arr: y.Var, Shape: ir.Shape{total}})
	elem := ir.Scalar(t.Elem)
	eqs := l.b.Map(total, []ir.VName{fx.Var, fy.Var}, l.b.Lambda([]ir.Type{elem, elem}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
		return []ir.SubExp{lb.CmpOp(prim.Eq, p[0], p[1])}
	}))
	all := l.b.Reduce(total, eqs, []ir.SubExp{ir.Bool(true)}, l.b.BinOpLambda(prim.LogAnd, prim.Bool))
	then := l.b.Body(ir.Var(all[0]))
	l.b = saved
	return l.b.Let("eq", &ir.If{Cond: same, Then: then, Else: &ir.Body{Result: []ir.SubExp{ir.Bool(false)}}, Ret: []ir.Type{ir.Scalar(prim.Bool)}})
}
