package lower

import (
	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// concrete resolves t in e: type parameters substituted, abstract types
// revealed.
func concrete(t check.Type, e *env) check.Type {
	return check.Resolve(check.Substitute(check.Reveal(t), e.typeSubst(), nil))
}

func sumType(l *lowerer, t check.Type, e *env) *check.Sum {
	s, ok := concrete(t, e).(*check.Sum)
	if !ok {
		l.fail("expected a sum type")
	}
	return s
}

func consIndex(l *lowerer, t check.Type, name string, e *env) int {
	for i, c := range sumType(l, t, e).Cons {
		if c.Name == name {
			return i
		}
	}
	l.fail("sum type has no constructor #%s", name)
	return 0
}

// holeValue is a placeholder of type t for a typed hole.
func (l *lowerer) holeValue(t check.Type, e *env) value {
	if _, ok := concrete(t, e).(*check.Func); ok {
		return &holeFun{t: concrete(t, e)}
	}
	return l.blank(t, e)
}

// blank is a placeholder value of type t for the payloads of constructors
// a sum value does not hold (arrays are empty in every dimension).
func (l *lowerer) blank(t check.Type, e *env) value {
	switch t := concrete(t, e).(type) {
	case *check.Prim:
		return &leaf{ir.Const(prim.Zero(t.P))}
	case *check.Array:
		// Sizes the type states are kept, so that blanks fit beside real
		// payloads in arrays; unknown sizes are 0. Contents are zeros, so
		// that comparing two blanks is deterministic.
		var dims ir.Shape
		var elem check.Type = t
		for {
			a, ok := concrete(elem, e).(*check.Array)
			if !ok {
				break
			}
			d := ir.I64(0)
			if sv := l.sizeValue(a.Size, e); sv != nil {
				d = sv.(*leaf).se
			}
			dims = append(dims, d)
			elem = a.Elem
		}
		inner := l.blank(elem, e)
		return mapLeaves(inner, func(s ir.SubExp) ir.SubExp {
			return l.b.Let("blank", &ir.Replicate{Shape: dims, Val: s})
		})
	case *check.Record:
		r := &record{}
		for _, f := range t.Fields {
			r.names = append(r.names, f.Name)
			r.fields = append(r.fields, l.blank(f.Type, e))
		}
		return r
	case *check.Sum:
		s := &sum{tag: ir.I64(0), payloads: make([][]value, len(t.Cons))}
		for k, c := range t.Cons {
			for _, pt := range c.Payload {
				s.payloads[k] = append(s.payloads[k], l.blank(pt, e))
			}
		}
		return s
	}
	l.fail("cannot make a value of type %s", check.TypeString(t))
	return nil
}

func (l *lowerer) constr(x *check.Constr, e *env) value {
	st := sumType(l, x.Type(), e)
	k := consIndex(l, x.Type(), x.Name, e)
	s := &sum{tag: ir.I64(int64(k)), payloads: make([][]value, len(st.Cons))}
	for i, c := range st.Cons {
		if i == k {
			for _, a := range x.Args {
				s.payloads[i] = append(s.payloads[i], l.expr(a, e))
			}
			continue
		}
		for _, pt := range c.Payload {
			s.payloads[i] = append(s.payloads[i], l.blank(pt, e))
		}
	}
	return s
}

// matches is the condition under which v matches p.
func (l *lowerer) matches(p check.Pat, v value, e *env) ir.SubExp {
	switch p := p.(type) {
	case *check.PName, *check.PWild:
		return ir.Bool(true)
	case *check.PLit:
		s := leaves(v)[0]
		t, _ := l.typeOf(s)
		c := l.literal(p.Lit)
		if c.Type() != t.Elem {
			c = prim.Convert(c, t.Elem)
		}
		return l.b.Let("m", &ir.Cmp{Op: prim.Eq, T: t.Elem, X: s, Y: ir.Const(c)})
	case *check.PRecord:
		r, ok := v.(*record)
		cond := ir.Bool(true)
		if !ok {
			return cond
		}
		for _, f := range p.Fields {
			fv, _ := r.field(f.Name)
			cond = l.and(cond, l.matches(f.Pat, fv, e))
		}
		return cond
	case *check.PConstr:
		sv := v.(*sum)
		k := consIndex(l, p.Type(), p.Name, e)
		cond := l.b.CmpOp(prim.Eq, sv.tag, ir.I64(int64(k)))
		for i, a := range p.Args {
			cond = l.and(cond, l.matches(a, sv.payloads[k][i], e))
		}
		return cond
	}
	l.fail("this pattern (of type %s) cannot be matched", check.TypeString(p.Type()))
	return ir.SubExp{}
}

func (l *lowerer) and(a, b ir.SubExp) ir.SubExp {
	if a.IsConst && a.Const.Bool() {
		return b
	}
	if b.IsConst && b.Const.Bool() {
		return a
	}
	return l.b.BinOp(prim.LogAnd, a, b)
}

// cases lowers the cases of a match on v as a chain of ifs; when none
// matches the program fails at run time.
func (l *lowerer) cases(v value, cs []*check.Case, t check.Type, e *env) value {
	if len(cs) == 0 {
		l.b.Bind(nil, &ir.Assert{Cond: ir.Bool(false), Msg: "Pattern match failure"})
		return l.blank(t, e)
	}
	c := cs[0]
	cond := l.matches(c.Pat, v, e)
	body := func() value {
		inner := e.child()
		l.bindPat(c.Pat, v, inner)
		return l.expr(c.Body, inner)
	}
	if cond.IsConst && cond.Const.Bool() {
		return body()
	}
	th, tv := l.sub(body)
	el, _ := l.sub(func() value { return l.cases(v, cs[1:], t, e) })
	if hasFunction(tv) {
		l.fail("match cases returning functions are not supported")
	}
	names := l.b.LetN("match", &ir.If{Cond: cond, Then: th, Else: el, Ret: l.branchTypes(th, el)})
	return rebuild(tv, vars(names))
}
