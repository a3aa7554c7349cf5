package opt

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// pushBudget bounds the statements the cond rule copies into branches
// when it pushes a consumer into the branches of ifs whose results are
// also used elsewhere (copying code that would otherwise move).
const pushBudget = 16

// cond is the rule of the conditional family (the dF~ paper, Fig. 8d). The
// walk of this pass substitutes, inside each branch of `if c`, c by its
// value there, the results of earlier ifs on c by that branch's results,
// and for an integer equality c = (x == y) the one of x, y bound deeper
// by the other (see rewriter.assume). The rule itself:
//
//   - decides integer comparisons the index ranges of the context settle
//     (0 <= i, i < n for an iota row i of width n or a loop counter, or
//     inside a branch that tested it);
//   - replaces an if whose branches are the same code (up to names) by
//     that code;
//   - pushes a scalar statement that reads results of ifs on one
//     condition into their branches: y = f(if c then a else b) becomes
//     if c then f(a) else f(b) when f then simplifies in some branch (a
//     constant operand: 1*x, 0 + 1, ...), when it keeps a float zero a
//     zero or NaN in some branch (0 * y times t, without fast math: the
//     form loopnorm's one-hot sums accept), or when it reads two ifs on
//     c, which then merge. The branches' statements are copied, within
//     pushBudget when the ifs stay for other uses;
//   - an if whose branches both return an array literal of at most
//     smallLit scalars for one result (built in the branch or before
//     the if) returns the scalars instead, and
//     the literal is built after the if (where indices into it then
//     fold away, and with them the array).
//
// All of it is exact: each value is computed by the same operations,
// and copied branch code cannot fail.
func (r *rewriter) cond(s *ir.Stm) ([]*ir.Stm, []ir.SubExp, bool) {
	switch e := s.Exp.(type) {
	case *ir.Cmp:
		if v, ok := r.decide(e); ok {
			return nil, []ir.SubExp{ir.Bool(v)}, true
		}
	case *ir.If:
		if canonBody(e.Then) == canonBody(e.Else) {
			return e.Then.Stms, e.Then.Result, true
		}
		if pre, res, ok := r.literalResults(s, e); ok {
			return pre, res, true
		}
	}
	return r.push(s)
}

// smallLit bounds the array literals literalResults returns element by
// element.
const smallLit = 8

// literalResults makes the if s return the elements of the array
// literals both branches return for a result (see cond).
func (r *rewriter) literalResults(s *ir.Stm, e *ir.If) ([]*ir.Stm, []ir.SubExp, bool) {
	if len(s.Pat) != len(e.Ret) || len(e.Then.Result) != len(e.Ret) || len(e.Else.Result) != len(e.Ret) {
		return nil, nil, false
	}
	asLit := func(e ir.Exp, t ir.Type) *ir.ArrayLit {
		switch e := e.(type) {
		case *ir.ArrayLit:
			return e
		case *ir.Replicate:
			// A replicate of a scalar into a small vector is the literal
			// of its copies (reverse mode's zero adjoints).
			if len(e.Shape) == 1 && e.Shape[0].IsConst && t.Rank() == 1 {
				if n := e.Shape[0].Const.Int(); n >= 0 && n <= smallLit {
					l := &ir.ArrayLit{Elems: make([]ir.SubExp, n), Elem: t.Row()}
					for k := range l.Elems {
						l.Elems[k] = e.Val
					}
					return l
				}
			}
		}
		return nil
	}
	lit := func(b *ir.Body, x ir.SubExp, t ir.Type) *ir.ArrayLit {
		if !x.IsVar() {
			return nil
		}
		for _, st := range b.Stms {
			if len(st.Pat) == 1 && st.Pat[0].Name == x.Var {
				return asLit(st.Exp, t)
			}
		}
		// A literal bound before the if: its elements are in scope too.
		return asLit(r.w.defs[x.Var], t)
	}
	var ret []ir.Type
	var thenRes, elseRes []ir.SubExp
	type rebuilt struct {
		k, from, n int
		elem       ir.Type
	}
	var lits []rebuilt
	for k, t := range e.Ret {
		a, b := lit(e.Then, e.Then.Result[k], t), lit(e.Else, e.Else.Result[k], t)
		if t.Rank() == 1 && a != nil && b != nil && len(a.Elems) == len(b.Elems) && len(a.Elems) <= smallLit &&
			a.Elem.IsScalar() && a.Elem.Equal(b.Elem) && !t.Acc {
			lits = append(lits, rebuilt{k: k, from: len(ret), n: len(a.Elems), elem: a.Elem})
			for range a.Elems {
				ret = append(ret, a.Elem)
			}
			thenRes = append(thenRes, a.Elems...)
			elseRes = append(elseRes, b.Elems...)
			continue
		}
		ret = append(ret, t)
		thenRes = append(thenRes, e.Then.Result[k])
		elseRes = append(elseRes, e.Else.Result[k])
	}
	if len(lits) == 0 {
		return nil, nil, false
	}
	// The elements get new names; the other results keep theirs.
	pat := make([]ir.Param, len(ret))
	res := make([]ir.SubExp, len(s.Pat))
	pos, next := 0, 0
	for k, p := range s.Pat {
		if next < len(lits) && lits[next].k == k {
			for j := range lits[next].n {
				pat[pos+j] = r.b.Param(p.Name.Base+"_elem", lits[next].elem)
			}
			pos += lits[next].n
			next++
			continue
		}
		pat[pos] = p
		res[k] = ir.Var(p.Name)
		pos++
	}
	r.declare(pat)
	then := &ir.Body{Stms: e.Then.Stms, Result: thenRes}
	els := &ir.Body{Stms: e.Else.Stms, Result: elseRes}
	out := []*ir.Stm{{Pat: pat, Exp: &ir.If{Cond: e.Cond, Then: then, Else: els, Ret: ret}, Pos: s.Pos}}
	for _, l := range lits {
		elems := make([]ir.SubExp, l.n)
		for j := range elems {
			elems[j] = ir.Var(pat[l.from+j].Name)
		}
		p := s.Pat[l.k]
		np := r.b.Param(p.Name.Base, p.Type)
		r.declare([]ir.Param{np})
		out = append(out, &ir.Stm{Pat: []ir.Param{np}, Exp: &ir.ArrayLit{Elems: elems, Elem: l.elem}, Pos: s.Pos})
		res[l.k] = ir.Var(np.Name)
	}
	return out, res, true
}

// decide settles an i64 comparison from the index ranges.
func (r *rewriter) decide(e *ir.Cmp) (bool, bool) {
	if e.T != prim.I64 {
		return false, false
	}
	x, y := e.X, e.Y
	op := e.Op
	switch op {
	case prim.Gt:
		x, y, op = y, x, prim.Lt
	case prim.Ge:
		x, y, op = y, x, prim.Le
	}
	zero := func(v ir.SubExp) bool { return v.IsConst && v.Const.Int() == 0 }
	switch op {
	case prim.Lt: // x < y
		if r.lessThan(x, y) {
			return true, true
		}
		if zero(y) && r.nonnegative(x) || r.lessThan(y, x) {
			return false, true
		}
	case prim.Le: // x <= y
		if zero(x) && r.nonnegative(y) || r.lessThan(x, y) {
			return true, true
		}
		if r.lessThan(y, x) {
			return false, true
		}
	case prim.Eq, prim.Ne:
		if r.lessThan(x, y) || r.lessThan(y, x) {
			return op == prim.Ne, true
		}
	}
	return false, false
}

// canonBody prints b with the names bound in it renamed in order of
// binding, so that two bodies equal up to names print the same.
func canonBody(b *ir.Body) string {
	return canonRenamer().Body(b).String()
}

// operands returns the scalar operands of a statement the push rule may
// move into branches, and a function rebuilding the expression with
// other operands.
func operands(e ir.Exp) ([]ir.SubExp, func([]ir.SubExp) ir.Exp, bool) {
	switch e := e.(type) {
	case *ir.Bin:
		return []ir.SubExp{e.X, e.Y}, func(a []ir.SubExp) ir.Exp { return &ir.Bin{Op: e.Op, T: e.T, X: a[0], Y: a[1]} }, true
	case *ir.Cmp:
		return []ir.SubExp{e.X, e.Y}, func(a []ir.SubExp) ir.Exp { return &ir.Cmp{Op: e.Op, T: e.T, X: a[0], Y: a[1]} }, true
	case *ir.Un:
		return []ir.SubExp{e.X}, func(a []ir.SubExp) ir.Exp { return &ir.Un{Op: e.Op, T: e.T, X: a[0]} }, true
	case *ir.Call:
		return e.Args, func(a []ir.SubExp) ir.Exp { return &ir.Call{Fn: e.Fn, Args: a} }, true
	}
	return nil, nil, false
}

// simplified gives the atom a scalar expression reduces to by constant
// folding and the ring identities, if it does.
func (r *rewriter) simplified(e ir.Exp) (ir.SubExp, bool) {
	switch e := e.(type) {
	case *ir.Bin:
		if e.X.IsConst && e.Y.IsConst {
			if v, err := prim.EvalBinOp(e.Op, e.T, e.X.Const, e.Y.Const); err == nil {
				return ir.Const(v), true
			}
			return ir.SubExp{}, false
		}
		return applyBinRules(e, r.o.FastMath)
	case *ir.Cmp:
		if e.X.IsConst && e.Y.IsConst {
			if v, err := prim.EvalCmpOp(e.Op, e.T, e.X.Const, e.Y.Const); err == nil {
				return ir.Const(v), true
			}
			return ir.SubExp{}, false
		}
		if c, ok := cmpSelf[e.Op]; ok && e.X.IsVar() && e.X.Equal(e.Y) && c.on.has(e.T) {
			return ir.Bool(c.result), true
		}
	case *ir.Un:
		if e.X.IsConst {
			if v, err := prim.EvalUnOp(e.Op, e.T, e.X.Const); err == nil {
				return ir.Const(v), true
			}
		}
	case *ir.Call:
		args := make([]prim.Value, len(e.Args))
		for i, a := range e.Args {
			if !a.IsConst {
				return ir.SubExp{}, false
			}
			args[i] = a.Const
		}
		if v, err := e.Fn.Eval(args); err == nil {
			return ir.Const(v), true
		}
	}
	return ir.SubExp{}, false
}

// zeroForm reports whether ne, a float expression over the statements
// stms of a branch (or names bound before it), is ±0 or NaN by its form
// (zeroOrNaN): pushing a product into the branch where a one-hot value
// is 0 * y keeps it of that form.
func (r *rewriter) zeroForm(stms []*ir.Stm, ne ir.Exp) bool {
	e, ok := ne.(*ir.Bin)
	if !ok || !e.T.IsFloat() {
		return false
	}
	defs := defMap{}
	defs.add(stms)
	get := func(v ir.VName) ir.Exp {
		if e, ok := defs[v]; ok {
			return e
		}
		return r.w.defs[v]
	}
	return zeroOrNaNExp(e, get)
}

// push moves a scalar statement reading results of ifs on one condition
// into their branches (see cond).
func (r *rewriter) push(s *ir.Stm) ([]*ir.Stm, []ir.SubExp, bool) {
	if len(s.Pat) != 1 || !s.Pat[0].Type.IsScalar() {
		return nil, nil, false
	}
	args, rebuild, ok := operands(s.Exp)
	if !ok {
		return nil, nil, false
	}
	// The ifs on the condition of the first operand that is an if result.
	var c ir.SubExp
	var ifs []*ir.Stm
	for _, a := range args {
		if !a.IsVar() {
			continue
		}
		st, _, ok := r.def(a.Var)
		if !ok {
			continue
		}
		e, ok := st.Exp.(*ir.If)
		if !ok || !e.Cond.IsVar() || c.IsVar() && !e.Cond.Equal(c) {
			continue
		}
		pure := len(e.Then.Stms) == 0 && len(e.Else.Stms) == 0
		if !pure && (!r.w.inScope(a.Var) || impure(e) || r.fa.BodyMayFail(e.Then) || r.fa.BodyMayFail(e.Else)) {
			continue
		}
		c = e.Cond
		seen := false
		for _, x := range ifs {
			seen = seen || x == st
		}
		if !seen {
			ifs = append(ifs, st)
		}
	}
	if len(ifs) == 0 {
		return nil, nil, false
	}
	copied := 0
	for _, st := range ifs {
		if !r.onlyUsedBy(st, args) {
			e := st.Exp.(*ir.If)
			copied += stmsSize(e.Then) + stmsSize(e.Else)
		}
	}
	if copied > pushBudget {
		return nil, nil, false
	}
	// branch gives a branch's statements and the pushed expression (or
	// the atom it simplifies to), and whether it simplifies or keeps a
	// zero product.
	type pushed struct {
		stms []*ir.Stm
		ne   ir.Exp
		x    ir.SubExp // the simplified atom, if any
	}
	branch := func(then bool) (pushed, bool) {
		sub := map[ir.VName]ir.SubExp{}
		var stms []*ir.Stm
		for _, st := range ifs {
			e := st.Exp.(*ir.If)
			b := e.Else
			if then {
				b = e.Then
			}
			nb := r.fresh(b, sub)
			stms = append(stms, nb.Stms...)
			for k, p := range st.Pat {
				sub[p.Name] = nb.Result[k]
			}
		}
		a := make([]ir.SubExp, len(args))
		for i, x := range args {
			a[i] = x
			if x.IsVar() {
				if y, ok := sub[x.Var]; ok {
					a[i] = y
				}
			}
		}
		ne := rebuild(a)
		if x, ok := r.simplified(ne); ok {
			return pushed{stms: stms, x: x}, true
		}
		return pushed{stms: stms, ne: ne}, r.zeroForm(stms, ne)
	}
	tp, tf := branch(true)
	ep, ef := branch(false)
	if !tf && !ef && len(ifs) < 2 {
		return nil, nil, false
	}
	body := func(p pushed) *ir.Body {
		if p.ne == nil {
			return &ir.Body{Stms: p.stms, Result: []ir.SubExp{p.x}}
		}
		v := r.b.Param(s.Pat[0].Name.Base, s.Pat[0].Type)
		r.w.types[v.Name] = v.Type
		stms := append(p.stms, &ir.Stm{Pat: []ir.Param{v}, Exp: p.ne, Pos: s.Pos})
		return &ir.Body{Stms: stms, Result: []ir.SubExp{ir.Var(v.Name)}}
	}
	tb, eb := body(tp), body(ep)
	return []*ir.Stm{{Pat: s.Pat, Exp: &ir.If{Cond: c, Then: tb, Else: eb, Ret: []ir.Type{s.Pat[0].Type}}, Pos: s.Pos}},
		[]ir.SubExp{ir.Var(s.Pat[0].Name)}, true
}

// onlyUsedBy reports whether every use of st's results (in the function
// as it was) is among args.
func (r *rewriter) onlyUsedBy(st *ir.Stm, args []ir.SubExp) bool {
	for _, p := range st.Pat {
		n, ok := r.uses[p.Name]
		if !ok {
			return false
		}
		for _, a := range args {
			if a.IsVar() && a.Var == p.Name {
				n--
			}
		}
		if n != 0 {
			return false
		}
	}
	return true
}
