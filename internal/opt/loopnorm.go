package opt

import (
	"math"
	"slices"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Unrolling budget: loops of at most maxUnroll iterations whose unrolled
// code has at most unrollBudget statements.
const (
	maxUnroll    = 4
	unrollBudget = 32
)

// loopnorm is the rule of loop normalisation (the dF~ paper, Fig. 8e), for
// loops and for reductions:
//
//   - A for loop whose body passes every parameter on unchanged and
//     cannot fail is its initial values (Fold already drops such
//     parameters one by one, keeping one).
//   - A for loop over j whose body is `if j == e then T else (the
//     parameters)`, with e bound outside the loop, changes its state in
//     iteration e only: it is T at j = e on the initial values when
//     0 <= e < bound, else the initial values. The statements before the
//     if must not fail, since they ran in every iteration.
//   - A sum (reduce with + from 0, or * from 1) over a map whose element
//     is `if j == e then T else 0` for an iota row j and e bound outside
//     the map is 0 + T at j = e when 0 <= e < width, else 0: a one-hot
//     sum is one access. Exact: the other elements are the neutral
//     itself, and a sum of +0.0 and a value that starts from +0.0 is
//     0 + that value. The map's function must not fail. A float sum
//     whose other elements are ±0 or NaN by their form (0 * y, which
//     forward mode leaves where a one-hot tangent meets a partial) is
//     the same unless one of them is NaN: the rewrite counts the NaNs
//     in a reduction that depends on neither e nor the one-hot branch,
//     so that hoisting takes it out of an enclosing map over e, and
//     gives NaN when a row other than e has one.
//   - A for loop of a constant number of iterations (at most maxUnroll,
//     and at most unrollBudget statements unrolled) is unrolled.
func (r *rewriter) loopnorm(s *ir.Stm) ([]*ir.Stm, []ir.SubExp, bool) {
	switch e := s.Exp.(type) {
	case *ir.Loop:
		if len(e.Params) != len(e.Init) || len(e.Body.Result) != len(e.Params) || len(s.Pat) != len(e.Params) {
			return nil, nil, false
		}
		if pre, res, ok := r.vectorParams(s, e); ok {
			return pre, res, true
		}
		f, ok := e.Form.(*ir.For)
		if !ok {
			return nil, nil, false
		}
		if r.stateless(e) {
			return nil, e.Init, true
		}
		if pre, res, ok := r.oneStep(s, e, f); ok {
			return pre, res, true
		}
		return r.unroll(s, e, f)
	case *ir.Reduce:
		return r.oneHotSum(s, e)
	}
	return nil, nil, false
}

// stateless reports whether a loop's body passes every parameter on and
// cannot fail.
func (r *rewriter) stateless(e *ir.Loop) bool {
	for i, p := range e.Params {
		if x := e.Body.Result[i]; !x.IsVar() || x.Var != p.Name || p.Type.Acc {
			return false
		}
	}
	return !r.fa.BodyMayFail(e.Body)
}

// bindingIn returns the statement of b binding v and v's position.
func bindingIn(b *ir.Body, v ir.VName) (*ir.Stm, int) {
	for _, s := range b.Stms {
		for k, p := range s.Pat {
			if p.Name == v {
				return s, k
			}
		}
	}
	return nil, 0
}

// oneHotIf recognises an if of b on j == e (or j != e, swapping the
// branches) where j is one of the names in index and e is bound outside
// b (not in it, not in local). It returns the branch taken when j == e,
// the other, and e.
func oneHotIf(b *ir.Body, st *ir.Stm, index func(ir.VName) bool, local ir.Names) (hot, cold *ir.Body, at ir.SubExp, ok bool) {
	e, isIf := st.Exp.(*ir.If)
	if !isIf || !e.Cond.IsVar() {
		return nil, nil, ir.SubExp{}, false
	}
	cs, _ := bindingIn(b, e.Cond.Var)
	if cs == nil {
		return nil, nil, ir.SubExp{}, false
	}
	c, isCmp := cs.Exp.(*ir.Cmp)
	if !isCmp || c.T != prim.I64 || c.Op != prim.Eq && c.Op != prim.Ne {
		return nil, nil, ir.SubExp{}, false
	}
	outside := func(x ir.SubExp) bool { return x.IsConst || x.IsVar() && !local.Has(x.Var) }
	var ev ir.SubExp
	switch {
	case c.X.IsVar() && index(c.X.Var) && outside(c.Y):
		ev = c.Y
	case c.Y.IsVar() && index(c.Y.Var) && outside(c.X):
		ev = c.X
	default:
		return nil, nil, ir.SubExp{}, false
	}
	if c.Op == prim.Eq {
		return e.Then, e.Else, ev, true
	}
	return e.Else, e.Then, ev, true
}

// oneStep rewrites a for loop that changes its state in one known
// iteration (see loopnorm).
func (r *rewriter) oneStep(s *ir.Stm, e *ir.Loop, f *ir.For) ([]*ir.Stm, []ir.SubExp, bool) {
	if f.T != prim.I64 || len(e.Body.Result) == 0 || !e.Body.Result[0].IsVar() {
		return nil, nil, false
	}
	st, _ := bindingIn(e.Body, e.Body.Result[0].Var)
	if st == nil || len(st.Pat) != len(e.Params) {
		return nil, nil, false
	}
	local := ir.BoundInBody(e.Body)
	local.Add(f.I)
	for i, p := range e.Params {
		local.Add(p.Name)
		if x := e.Body.Result[i]; !x.IsVar() || x.Var != st.Pat[i].Name || p.Type.Acc {
			return nil, nil, false
		}
		for _, d := range p.Type.Shape {
			if d.IsVar() && local.Has(d.Var) {
				return nil, nil, false
			}
		}
	}
	_, cold, ev, ok := oneHotIf(e.Body, st, func(v ir.VName) bool { return v == f.I }, local)
	if !ok {
		return nil, nil, false
	}
	for i, p := range e.Params {
		if x := cold.Result[i]; !x.IsVar() || x.Var != p.Name {
			return nil, nil, false
		}
	}
	// Everything but the if runs in every iteration.
	for _, b := range e.Body.Stms {
		if b != st && r.fa.MayFail(b) {
			return nil, nil, false
		}
	}
	sub := map[ir.VName]ir.SubExp{f.I: ev}
	for i, p := range e.Params {
		sub[p.Name] = e.Init[i]
	}
	body := r.fresh(e.Body, sub)
	b := r.b.Sub()
	g := r.guard(b, ev, f.Bound)
	if g.IsConst && g.Const.Bool() {
		return append(b.Stms(), body.Stms...), body.Result, true
	}
	ret := make([]ir.Type, len(s.Pat))
	for i, p := range s.Pat {
		ret[i] = p.Type
	}
	iff := &ir.If{Cond: g, Then: body, Else: &ir.Body{Result: e.Init}, Ret: ret}
	b.Bind(s.Pat, iff)
	return b.Stms(), patVars(s.Pat), true
}

// unroll unrolls a loop of a few constant iterations (see loopnorm).
func (r *rewriter) unroll(s *ir.Stm, e *ir.Loop, f *ir.For) ([]*ir.Stm, []ir.SubExp, bool) {
	if !f.Bound.IsConst || len(e.Attrs) > 0 {
		return nil, nil, false
	}
	n := f.Bound.Const.Int()
	if f.T.IsUnsigned() {
		n = int64(f.Bound.Const.Uint())
	}
	if n < 1 || n > maxUnroll || n*int64(stmsSize(e.Body)) > unrollBudget {
		return nil, nil, false
	}
	for _, p := range e.Params {
		if p.Type.Acc {
			return nil, nil, false
		}
	}
	state := e.Init
	var stms []*ir.Stm
	for it := int64(0); it < n; it++ {
		sub := map[ir.VName]ir.SubExp{f.I: ir.Const(prim.IntValue(f.T, it))}
		for i, p := range e.Params {
			sub[p.Name] = state[i]
		}
		body := r.fresh(e.Body, sub)
		stms = append(stms, body.Stms...)
		state = body.Result
	}
	return stms, state, true
}

// oneHotSum rewrites a sum over a map whose element is non-zero at one
// known index (see loopnorm).
func (r *rewriter) oneHotSum(s *ir.Stm, e *ir.Reduce) ([]*ir.Stm, []ir.SubExp, bool) {
	if len(e.Arrs) != 1 || len(e.Neutral) != 1 || len(s.Pat) != 1 {
		return nil, nil, false
	}
	op, ok := sumOp(e.Op, e.Neutral[0])
	if !ok {
		return nil, nil, false
	}
	at, k, ok := r.def(e.Arrs[0])
	if !ok {
		return nil, nil, false
	}
	m, ok := at.Exp.(*ir.Map)
	if !ok || len(m.Arrs) != len(m.F.Params) || r.fa.LambdaMayFail(m.F) || !r.fa.Width(m.W, m.Arrs) || impure(m) {
		return nil, nil, false
	}
	x := m.F.Body.Result[k]
	if !x.IsVar() {
		return nil, nil, false
	}
	st, q := bindingIn(m.F.Body, x.Var)
	if st == nil {
		return nil, nil, false
	}
	local := ir.BoundInBody(m.F.Body)
	index := ir.Names{}
	for i, p := range m.F.Params {
		local.Add(p.Name)
		if r.isIota(m.Arrs[i], m.W) {
			index.Add(p.Name)
		}
	}
	_, cold, ev, ok := oneHotIf(m.F.Body, st, index.Has, local)
	if !ok {
		return nil, nil, false
	}
	et := s.Pat[0].Type.Elem
	z := cold.Result[q]
	// The other elements are the neutral itself, or (a float sum) values
	// that are ±0 or NaN, such as 0 * y: their sum is NaN when one of
	// them is, and changes nothing otherwise.
	neutral := z.IsConst && prim.Identical(z.Const, e.Neutral[0].Const)
	if !neutral && (op != prim.Add || !et.IsFloat() || !zeroOrNaN(z, bindings(cold, m.F.Body).get)) {
		return nil, nil, false
	}
	b := r.b.Sub()
	// nanAt emits into lb whether the other element is NaN at the row
	// sub gives, as 1 or 0.
	var nanAt func(lb *ir.Builder, sub map[ir.VName]ir.SubExp) ir.SubExp
	var count ir.SubExp
	if !neutral {
		i := slices.Index(m.F.Body.Stms, st)
		other := &ir.Body{Stms: append(slices.Clone(m.F.Body.Stms[:i]), cold.Stms...), Result: []ir.SubExp{z}}
		nanAt = func(lb *ir.Builder, sub map[ir.VName]ir.SubExp) ir.SubExp {
			x := r.inline(lb, other, sub)[0]
			c := lb.CmpOp(prim.Ne, x, x)
			return lb.Let("nan", &ir.If{Cond: c, Then: &ir.Body{Result: []ir.SubExp{ir.I64(1)}}, Else: &ir.Body{Result: []ir.SubExp{ir.I64(0)}}, Ret: []ir.Type{ir.Scalar(prim.I64)}})
		}
		ts := make([]ir.Type, len(m.F.Params))
		for i, p := range m.F.Params {
			ts[i] = p.Type
		}
		f := b.Lambda(ts, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			sub := map[ir.VName]ir.SubExp{}
			for i, p := range m.F.Params {
				sub[p.Name] = ps[i]
			}
			return []ir.SubExp{nanAt(lb, sub)}
		})
		nans := b.Map(m.W, m.Arrs, f)
		count = ir.Var(b.Reduce(m.W, nans, []ir.SubExp{ir.I64(0)}, b.BinOpLambda(prim.Add, prim.I64))[0])
	}
	// orNaN emits into lb: NaN if more than `at` of the other elements
	// are NaN, else x.
	orNaN := func(lb *ir.Builder, at, x ir.SubExp) ir.SubExp {
		c := lb.CmpOp(prim.Gt, count, at)
		return lb.Let("sum", &ir.If{Cond: c, Then: &ir.Body{Result: []ir.SubExp{ir.Const(prim.FloatValue(et, math.NaN()))}}, Else: &ir.Body{Result: []ir.SubExp{x}}, Ret: []ir.Type{ir.Scalar(et)}})
	}
	g := r.guard(b, ev, m.W)
	tb := r.b.Sub()
	sub, ok := r.rows(tb, m.F, m.W, m.Arrs, ev)
	if !ok {
		return nil, nil, false
	}
	res := r.inline(tb, m.F.Body, sub)
	t := tb.Let(s.Pat[0].Name.Base, &ir.Bin{Op: op, T: et, X: e.Neutral[0], Y: res[k]})
	if !neutral {
		t = orNaN(tb, nanAt(tb, sub), t)
	}
	if g.IsConst && g.Const.Bool() {
		return append(b.Stms(), tb.Stms()...), []ir.SubExp{t}, true
	}
	eb := r.b.Sub()
	out := e.Neutral[0]
	if !neutral {
		out = orNaN(eb, ir.I64(0), out)
	}
	iff := &ir.If{Cond: g, Then: tb.Body(t), Else: eb.Body(out), Ret: []ir.Type{s.Pat[0].Type}}
	b.Bind(s.Pat, iff)
	return b.Stms(), patVars(s.Pat), true
}

// defMap maps names to the expressions that bind them.
type defMap map[ir.VName]ir.Exp

func (m defMap) get(v ir.VName) ir.Exp { return m[v] }

// bindings maps the names bound at the top of the statements or bodies to
// their expressions.
func bindings(bodies ...*ir.Body) defMap {
	m := defMap{}
	for _, b := range bodies {
		m.add(b.Stms)
	}
	return m
}

func (m defMap) add(stms []*ir.Stm) {
	for _, s := range stms {
		if len(s.Pat) == 1 {
			m[s.Pat[0].Name] = s.Exp
		}
	}
}

// zeroOrNaN reports whether float x is ±0 or NaN whatever the values it
// is computed from: a zero constant, or a product or quotient of such a
// value, or a sum or negation of them (0 * y is NaN for an infinite or
// NaN y, and ±0 otherwise).
func zeroOrNaN(x ir.SubExp, defs func(ir.VName) ir.Exp) bool {
	if x.IsConst {
		return x.Const.Type().IsFloat() && x.Const.Float() == 0
	}
	return zeroOrNaNExp(defs(x.Var), defs)
}

// zeroOrNaNExp is zeroOrNaN for an expression.
func zeroOrNaNExp(e ir.Exp, defs func(ir.VName) ir.Exp) bool {
	switch e := e.(type) {
	case *ir.Atom:
		return zeroOrNaN(e.X, defs)
	case *ir.Un:
		return e.Op == prim.Neg && zeroOrNaN(e.X, defs)
	case *ir.Bin:
		switch e.Op {
		case prim.Mul:
			return zeroOrNaN(e.X, defs) || zeroOrNaN(e.Y, defs)
		case prim.Div:
			return zeroOrNaN(e.X, defs)
		case prim.Add, prim.Sub:
			return zeroOrNaN(e.X, defs) && zeroOrNaN(e.Y, defs)
		}
	}
	return false
}

// sumOp recognises a reduction operator that is + with neutral 0 or *
// with neutral 1 (of a scalar type): the operators for which a sum of
// neutrals and one value v is ne op v.
func sumOp(op *ir.Lambda, ne ir.SubExp) (prim.BinOp, bool) {
	if len(op.Params) != 2 || len(op.Body.Stms) != 1 || len(op.Body.Result) != 1 || !ne.IsConst {
		return 0, false
	}
	s := op.Body.Stms[0]
	e, ok := s.Exp.(*ir.Bin)
	if !ok || len(s.Pat) != 1 || !op.Body.Result[0].Equal(ir.Var(s.Pat[0].Name)) {
		return 0, false
	}
	a, b := ir.Var(op.Params[0].Name), ir.Var(op.Params[1].Name)
	if !(e.X.Equal(a) && e.Y.Equal(b) || e.X.Equal(b) && e.Y.Equal(a)) {
		return 0, false
	}
	t := e.T
	if !t.IsInt() && !t.IsFloat() {
		return 0, false
	}
	switch {
	case e.Op == prim.Add && prim.Identical(ne.Const, constOf(t, 0)):
		return prim.Add, true
	case e.Op == prim.Mul && prim.Identical(ne.Const, constOf(t, 1)):
		return prim.Mul, true
	}
	return 0, false
}

// smallLoopVec bounds the vector loop parameters vectorParams carries as
// their elements.
const smallLoopVec = 4

// vectorParams carries a loop parameter that is a vector of at most
// smallLoopVec scalars, of a constant size its values are known to have,
// as that many scalar parameters: the loop starts from the elements of
// the initial vector, the body rebuilds the vector from them as an array
// literal (whose elements then fold where the body indexes it, and which
// branches returning it give up for their elements) and passes on the
// elements of its new value, and the loop's result is the literal of the
// last ones. The vectors an optimiser's loop carries (a point and its
// gradient, in saddle's and particle's solvers) then live in registers
// instead of being an array copied at every branch and iteration. The
// elements are read at constant indices within the known size, which
// cannot fail, and the literal is a fresh array the body may consume.
func (r *rewriter) vectorParams(s *ir.Stm, e *ir.Loop) ([]*ir.Stm, []ir.SubExp, bool) {
	size := func(p ir.Param) int64 {
		t := p.Type
		if t.Acc || t.Rank() != 1 || !t.Shape[0].IsConst || !r.w.exact.Has(p.Name) {
			return 0
		}
		if k := t.Shape[0].Const.Int(); k >= 1 && k <= smallLoopVec {
			return k
		}
		return 0
	}
	found := false
	for _, p := range e.Params {
		found = found || size(p) > 0
	}
	if !found {
		return nil, nil, false
	}
	var pre, post, head, tail []*ir.Stm
	var params, pat []ir.Param
	var init, results []ir.SubExp
	res := make([]ir.SubExp, len(s.Pat))
	elems := func(b *[]*ir.Stm, arr ir.SubExp, k int64, base string, et ir.Type) []ir.SubExp {
		out := make([]ir.SubExp, k)
		for j := range out {
			q := r.b.Param(base+"_elem", et)
			*b = append(*b, &ir.Stm{Pat: []ir.Param{q}, Exp: &ir.Index{Arr: arr.Var, Idx: []ir.SubExp{ir.I64(int64(j))}}, Pos: s.Pos})
			out[j] = ir.Var(q.Name)
		}
		return out
	}
	lit := func(name ir.Param, xs []ir.Param, et ir.Type) *ir.Stm {
		l := &ir.ArrayLit{Elems: make([]ir.SubExp, len(xs)), Elem: et}
		for j, x := range xs {
			l.Elems[j] = ir.Var(x.Name)
		}
		return &ir.Stm{Pat: []ir.Param{name}, Exp: l, Pos: s.Pos}
	}
	for i, p := range e.Params {
		k := size(p)
		if k == 0 || !e.Init[i].IsVar() || !e.Body.Result[i].IsVar() {
			params = append(params, p)
			init = append(init, e.Init[i])
			results = append(results, e.Body.Result[i])
			pat = append(pat, s.Pat[i])
			res[i] = ir.Var(s.Pat[i].Name)
			continue
		}
		et := p.Type.Row()
		init = append(init, elems(&pre, e.Init[i], k, p.Name.Base, et)...)
		results = append(results, elems(&tail, e.Body.Result[i], k, p.Name.Base, et)...)
		ps := make([]ir.Param, k)
		outs := make([]ir.Param, k)
		for j := range ps {
			ps[j] = r.b.Param(p.Name.Base+"_elem", et)
			outs[j] = r.b.Param(s.Pat[i].Name.Base+"_elem", et)
		}
		params = append(params, ps...)
		pat = append(pat, outs...)
		head = append(head, lit(p, ps, et))
		np := r.b.Param(s.Pat[i].Name.Base, s.Pat[i].Type)
		post = append(post, lit(np, outs, et))
		res[i] = ir.Var(np.Name)
	}
	r.declare(params)
	r.declare(pat)
	body := &ir.Body{Stms: append(append(head, e.Body.Stms...), tail...), Result: results}
	l := &ir.Loop{Params: params, Init: init, Form: e.Form, Body: body, Attrs: e.Attrs}
	out := append(pre, &ir.Stm{Pat: pat, Exp: l, Pos: s.Pos})
	return append(out, post...), res, true
}
