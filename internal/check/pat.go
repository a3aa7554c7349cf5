package check

import (
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/syntax"
)

// patCtx carries the options of one pattern.
type patCtx struct {
	anon        anonMode
	irrefutable bool
	implicit    map[string]*Binding
	// seen is where each name of the pattern (or of all the parameters
	// of one function) was bound.
	seen map[string]syntax.Pos
}

// pattern types p, binding its names into sc as they appear.
func (c *checker) pattern(sc *scope, p syntax.Pat, pc *patCtx) Pat {
	if pc.seen == nil {
		pc.seen = map[string]syntax.Pos{}
	}
	var out Pat
	switch p := p.(type) {
	case *syntax.PatName:
		if at, ok := pc.seen[p.Name.Name]; ok {
			c.fail(p.Pos(), "Name %q also bound at %d:%d", p.Name.Name, at.Line, at.Col)
		}
		pc.seen[p.Name.Name] = p.Pos()
		b := c.newLocal(p.Name.Name, p.Name.Pos(), c.newVar())
		sc.bindTerm(p.Name.Name, &term{bind: b})
		out = &PName{PatInfo: PatInfo{At: p.Pos(), T: b.Scheme.Type}, Bind: b}
	case *syntax.PatWild:
		out = &PWild{PatInfo{At: p.Pos(), T: c.newVar()}}
	case *syntax.PatTuple:
		if len(p.Elems) == 0 {
			out = &PRecord{PatInfo: PatInfo{At: p.Pos(), T: Unit()}}
			break
		}
		fs := make([]PField, len(p.Elems))
		ts := make([]Type, len(p.Elems))
		for i, e := range p.Elems {
			fs[i] = PField{itoa(i), c.pattern(sc, e, pc)}
			ts[i] = fs[i].Pat.Type()
		}
		out = &PRecord{PatInfo: PatInfo{At: p.Pos(), T: Tuple(ts...)}, Fields: fs}
	case *syntax.PatRecord:
		fs := make([]PField, len(p.Fields))
		tf := make([]Field, len(p.Fields))
		seen := map[string]bool{}
		for i, f := range p.Fields {
			if seen[f.Name.Name] {
				c.fail(f.Name.Pos(), "duplicate field %s in record pattern", f.Name.Name)
			}
			seen[f.Name.Name] = true
			fs[i] = PField{f.Name.Name, c.pattern(sc, f.Pat, pc)}
			tf[i] = Field{f.Name.Name, fs[i].Pat.Type()}
		}
		out = &PRecord{PatInfo: PatInfo{At: p.Pos(), T: NewRecord(tf)}, Fields: fs}
	case *syntax.PatConstr:
		args := make([]Pat, len(p.Args))
		ts := make([]Type, len(p.Args))
		for i, a := range p.Args {
			args[i] = c.pattern(sc, a, pc)
			ts[i] = args[i].Type()
		}
		v := c.newVar()
		v.Cons = map[string][]Type{p.Name.Name: ts}
		k := &PConstr{PatInfo: PatInfo{At: p.Pos(), T: v}, Name: p.Name.Name, Args: args}
		if pc.irrefutable {
			c.refutable = append(c.refutable, k)
		}
		out = k
	case *syntax.PatLit:
		if pc.irrefutable {
			c.fail(p.Pos(), "literal patterns are only allowed in match cases")
		}
		l := c.expr(sc, p.Lit).(*Lit)
		if p.Neg {
			if n := len(c.lits); n > 0 && c.lits[n-1].lit == l {
				c.lits[n-1].text = "-" + c.lits[n-1].text
			}
			if l.Int != nil {
				l.Int = neg(l.Int)
			} else if l.Float != nil {
				l.Float = negRat(l.Float)
			} else {
				c.fail(p.Pos(), "only numbers can be negated in a pattern")
			}
			if pv, ok := l.T.(*TypeVar); ok && pv.Prims == maskNumeric {
				pv.Prims = maskSigned | maskFloat
			}
		}
		out = &PLit{PatInfo: PatInfo{At: p.Pos(), T: l.T}, Lit: l}
	case *syntax.PatAscript:
		inner := c.pattern(sc, p.Pat, pc)
		t := c.typeExp(sc, p.Type, &typeCtx{anon: pc.anon, implicit: pc.implicit})
		if err := c.unify(t, inner.Type()); err != nil {
			c.fail(p.Pos(), "%v in pattern type annotation", err)
		}
		// The annotation carries uniqueness and size names; keep it.
		setPatType(inner, t)
		return inner
	case *syntax.PatAttr:
		return c.pattern(sc, p.Pat, pc)
	default:
		c.fail(p.Pos(), "unsupported pattern")
	}
	if pi, ok := out.(interface{ pinfo() *PatInfo }); ok {
		c.pats = append(c.pats, pi.pinfo())
	}
	return out
}

func setPatType(p Pat, t Type) {
	if pi, ok := p.(interface{ pinfo() *PatInfo }); ok {
		pi.pinfo().T = t
	}
	if pn, ok := p.(*PName); ok {
		pn.Bind.Scheme.Type = t
	}
}

// loop types loop p = init form do body.
func (c *checker) loop(sc *scope, e *syntax.Loop) Expr {
	var init Expr
	if e.Init != nil {
		init = c.expr(sc, e.Init)
	} else {
		init = c.expr(sc, patAsExpr(e.Pat))
	}
	inner := newScope(sc)
	l := &Loop{Init: init}
	var bound Expr
	if f, ok := e.Form.(*syntax.ForLoop); ok {
		bound = c.expr(sc, f.Bound)
		c.mustUnify(f.Bound.Pos(), c.newPrimVar(maskIntegral, "a for loop bound"), bound.Type(), "in the bound of a for loop")
	}
	var arr Expr
	if f, ok := e.Form.(*syntax.ForInLoop); ok {
		arr = c.expr(sc, f.Array)
	}
	l.Pat = c.pattern(inner, e.Pat, &patCtx{anon: anonMeta, irrefutable: true})
	c.sizeLenient++
	err := c.unify(l.Pat.Type(), init.Type())
	c.sizeLenient--
	if err != nil {
		c.fail(init.Pos(), "%v in the initial value of the loop", err)
	}
	switch f := e.Form.(type) {
	case *syntax.ForLoop:
		iv := c.newLocal(f.Var.Name, f.Var.Pos(), bound.Type())
		inner.bindTerm(f.Var.Name, &term{bind: iv})
		l.For = &LoopFor{Var: iv, Bound: bound}
	case *syntax.ForInLoop:
		elem := c.newVar()
		c.mustUnify(f.Array.Pos(), &Array{Size: c.newSizeMeta(), Elem: elem}, arr.Type(), "in the array of a for-in loop")
		ep := c.pattern(inner, f.Pat, &patCtx{anon: anonMeta, irrefutable: true})
		c.mustUnify(f.Pat.Pos(), ep.Type(), elem, "in the element pattern of a for-in loop")
		l.ForIn = &LoopForIn{Pat: ep, Array: arr}
	case *syntax.WhileLoop:
		cond := c.expr(inner, f.Cond)
		c.mustUnify(f.Cond.Pos(), boolT(), cond.Type(), "in the condition of a while loop")
		l.While = &LoopWhile{Cond: cond}
	}
	if ContainsFunc(l.Pat.Type()) {
		c.fail(e.Pat.Pos(), "a loop parameter cannot be a function")
	}
	l.Body = c.expr(inner, e.Body)
	c.sizeLenient++
	err = c.unify(l.Pat.Type(), l.Body.Type())
	c.sizeLenient--
	if err != nil {
		c.fail(e.Body.Pos(), "%v in the loop body (the loop parameter has type %s)", err, TypeString(l.Pat.Type()))
	}
	ids := map[int]bool{}
	patBindings(l.Pat, ids)
	if l.For != nil {
		ids[l.For.Var.ID] = true
	}
	if l.ForIn != nil {
		patBindings(l.ForIn.Pat, ids)
	}
	t := c.joinSizes(c.joinSizes(l.Pat.Type(), init.Type()), l.Body.Type())
	l.ExprInfo = c.info(e.Pos(), c.scopeOut(t, ids))
	return c.node(l)
}

// patAsExpr turns the pattern of a loop without "= init" into the
// expression reading the same-named variables.
func patAsExpr(p syntax.Pat) syntax.Expr {
	switch p := p.(type) {
	case *syntax.PatName:
		return &syntax.Var{Span: p.Span, Path: []*syntax.Ident{p.Name}}
	case *syntax.PatTuple:
		es := make([]syntax.Expr, len(p.Elems))
		for i, e := range p.Elems {
			es[i] = patAsExpr(e)
		}
		return &syntax.Tuple{Span: p.Span, Elems: es}
	case *syntax.PatRecord:
		fs := make([]*syntax.FieldExp, len(p.Fields))
		for i, f := range p.Fields {
			fs[i] = &syntax.FieldExp{Span: f.Span, Name: f.Name, Value: patAsExpr(f.Pat)}
		}
		return &syntax.Record{Span: p.Span, Fields: fs}
	case *syntax.PatAscript:
		return &syntax.Ascript{Span: p.Span, X: patAsExpr(p.Pat), Type: p.Type}
	case *syntax.PatAttr:
		return patAsExpr(p.Pat)
	}
	return &syntax.Var{Span: syntax.Span{Start: p.Pos(), Stop: p.End()}, Path: []*syntax.Ident{{Span: syntax.Span{Start: p.Pos(), Stop: p.End()}, Name: "_"}}}
}

// match types match x case ... .
func (c *checker) match(sc *scope, e *syntax.Match) Expr {
	x := c.expr(sc, e.X)
	m := &Match{X: x}
	var res Type
	for _, cs := range e.Cases {
		inner := newScope(sc)
		p := c.pattern(inner, cs.Pat, &patCtx{anon: anonMeta})
		if err := c.unify(x.Type(), p.Type()); err != nil {
			c.fail(cs.Pat.Pos(), "%v in case pattern (the matched value has type %s)", err, TypeString(x.Type()))
		}
		body := c.expr(inner, cs.Body)
		ids := map[int]bool{}
		patBindings(p, ids)
		bt := c.scopeOut(body.Type(), ids)
		if res == nil {
			res = bt
		} else {
			c.sizeLenient++
			err := c.unify(res, bt)
			c.sizeLenient--
			if err != nil {
				c.fail(cs.Body.Pos(), "%v in match case (earlier cases have type %s)", err, TypeString(res))
			}
			res = c.joinSizes(res, bt)
		}
		m.Cases = append(m.Cases, &Case{Pat: p, Body: body})
	}
	if ContainsFunc(res) {
		c.fail(e.Pos(), "a match expression cannot return a function")
	}
	m.ExprInfo = c.info(e.Pos(), res)
	c.matches = append(c.matches, m)
	return c.node(m)
}

// checkExhaustive reports a match whose cases do not cover every value
// of a sum type or bool (nested in records and payloads too). Cases on
// other literals need a final catch-all case.
func (c *checker) checkExhaustive(m *Match) {
	rows := make([][]Pat, len(m.Cases))
	for i, cs := range m.Cases {
		rows[i] = []Pat{cs.Pat}
	}
	if missing, ok := uncovered(rows, []Type{m.X.Type()}, 0); ok {
		c.errs = append(c.errs, c.newError(m.At, "Unmatched cases in match expression (non-exhaustive match): "+missing+" is not covered"))
	}
}

func isWild(p Pat) bool {
	switch p.(type) {
	case *PName, *PWild:
		return true
	}
	return false
}

// uncovered returns a description of a value of types that no row of the
// pattern matrix matches, if there is one.
func uncovered(rows [][]Pat, types []Type, depth int) (string, bool) {
	if len(types) == 0 {
		if len(rows) > 0 {
			return "", false
		}
		return "", true
	}
	if depth > 50 {
		return "", false
	}
	rest := types[1:]
	switch t := Resolve(types[0]).(type) {
	case *Sum:
		for _, k := range t.Cons {
			var sub [][]Pat
			for _, r := range rows {
				switch p := r[0].(type) {
				case *PConstr:
					if p.Name == k.Name && len(p.Args) == len(k.Payload) {
						sub = append(sub, append(append([]Pat{}, p.Args...), r[1:]...))
					}
				default:
					if isWild(p) {
						ws := make([]Pat, len(k.Payload))
						for i := range ws {
							ws[i] = &PWild{}
						}
						sub = append(sub, append(ws, r[1:]...))
					}
				}
			}
			if w, ok := uncovered(sub, append(append([]Type{}, k.Payload...), rest...), depth+1); ok {
				if w != "" && len(k.Payload) > 0 {
					return "#" + k.Name + " " + w, true
				}
				return "#" + k.Name, true
			}
		}
		return "", false
	case *Record:
		ft := make([]Type, len(t.Fields))
		for i, f := range t.Fields {
			ft[i] = f.Type
		}
		var sub [][]Pat
		for _, r := range rows {
			ps := make([]Pat, len(t.Fields))
			switch p := r[0].(type) {
			case *PRecord:
				for i, f := range t.Fields {
					ps[i] = &PWild{}
					for _, pf := range p.Fields {
						if pf.Name == f.Name {
							ps[i] = pf.Pat
						}
					}
				}
			default:
				if !isWild(p) {
					continue
				}
				for i := range ps {
					ps[i] = &PWild{}
				}
			}
			sub = append(sub, append(ps, r[1:]...))
		}
		if _, ok := uncovered(sub, append(ft, rest...), depth+1); ok {
			return "some value", true
		}
		return "", false
	case *Prim:
		if t.P == prim.Bool {
			for _, v := range []bool{true, false} {
				var sub [][]Pat
				for _, r := range rows {
					if l, ok := r[0].(*PLit); ok && l.Lit.Bool == v || isWild(r[0]) {
						sub = append(sub, r[1:])
					}
				}
				if _, ok := uncovered(sub, rest, depth+1); ok {
					return boolName(v), true
				}
			}
			return "", false
		}
	}
	var sub [][]Pat
	for _, r := range rows {
		if isWild(r[0]) {
			sub = append(sub, r[1:])
		}
	}
	if _, ok := uncovered(sub, rest, depth+1); ok {
		return "some value (add a final case _)", true
	}
	return "", false
}

func boolName(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// patBindings adds the IDs of the names p binds to ids.
func patBindings(p Pat, ids map[int]bool) {
	switch p := p.(type) {
	case *PName:
		ids[p.Bind.ID] = true
	case *PRecord:
		for _, f := range p.Fields {
			patBindings(f.Pat, ids)
		}
	case *PConstr:
		for _, a := range p.Args {
			patBindings(a, ids)
		}
	}
}

// scopeOut replaces sizes naming the bindings in ids, which go out of
// scope, by fresh unknown sizes (§9.6 rule 4).
func (c *checker) scopeOut(t Type, ids map[int]bool) Type {
	if len(ids) == 0 {
		return t
	}
	sub := &substitution{sizes: map[int]Size{}}
	walkSizes(t, func(s Size) {
		forSizeVars(s, func(v *SizeVar) {
			if ids[v.ID] {
				if _, ok := sub.sizes[v.ID]; !ok {
					sub.sizes[v.ID] = c.markRigid(c.newUnknownSize(v.Name))
				}
			}
		})
	})
	if len(sub.sizes) == 0 {
		return t
	}
	return sub.typ(t)
}
