package opt

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// ring is the rule of the ring family (the dF~ paper, Fig. 8b): the identities
// with 0 and 1 of rules.go, including for floats the ones that hold only
// under fast math (x*0 = 0, x+0 = x, x-x = 0); 0 - x = -x; and
// distributivity a*b + a*c = a*(b+c) (and with -) when both products
// are used only there, which saves a multiplication and lets a factor
// that is a branch or a one-hot value meet the other rules once instead
// of twice. Distributivity and 0 - x = -x are exact for integers; for
// floats they round differently or change the sign of a zero, so they
// need fast math.
func (r *rewriter) ring(s *ir.Stm) ([]*ir.Stm, []ir.SubExp, bool) {
	e, ok := s.Exp.(*ir.Bin)
	if !ok || len(s.Pat) != 1 {
		return nil, nil, false
	}
	ringOK := e.T.IsInt() || e.T.IsFloat() && r.o.FastMath
	if x, ok := applyBinRules(e, r.o.FastMath); ok {
		return nil, []ir.SubExp{x}, true
	}
	if e.Op == prim.Mul && (e.T.IsFloat() || e.T.IsSigned()) {
		// x * -1 = -x, exactly (IEEE multiplication by -1 only flips the
		// sign; integers wrap the same way).
		for _, xy := range [][2]ir.SubExp{{e.X, e.Y}, {e.Y, e.X}} {
			if c := xy[1]; c.IsConst && prim.Identical(c.Const, minusOne(e.T)) {
				b := r.b.Sub()
				x := b.UnOp(prim.Neg, xy[0])
				return b.Stms(), []ir.SubExp{x}, true
			}
		}
	}
	if !ringOK {
		return nil, nil, false
	}
	if e.Op == prim.Sub && isZeroConst(e.X) {
		b := r.b.Sub()
		x := b.UnOp(prim.Neg, e.Y)
		return b.Stms(), []ir.SubExp{x}, true
	}
	if e.Op == prim.Add || e.Op == prim.Sub {
		if pre, res, ok := r.distribute(e); ok {
			return pre, []ir.SubExp{res}, true
		}
	}
	return nil, nil, false
}

func minusOne(t prim.Type) prim.Value {
	if t.IsFloat() {
		return prim.FloatValue(t, -1)
	}
	return prim.IntValue(t, -1)
}

func isZeroConst(x ir.SubExp) bool {
	return x.IsConst && prim.Identical(x.Const, constOf(x.Const.Type(), 0))
}

// distribute rewrites a*b ± a*c (in any order of the factors) as
// a*(b ± c) when both products are used only by this statement.
func (r *rewriter) distribute(e *ir.Bin) ([]*ir.Stm, ir.SubExp, bool) {
	product := func(x ir.SubExp) (*ir.Bin, bool) {
		if !x.IsVar() || r.uses[x.Var] != 1 {
			return nil, false
		}
		m, ok := r.w.defs[x.Var].(*ir.Bin)
		return m, ok && m.Op == prim.Mul && m.T == e.T
	}
	p, ok1 := product(e.X)
	q, ok2 := product(e.Y)
	if !ok1 || !ok2 || e.X.Equal(e.Y) {
		return nil, ir.SubExp{}, false
	}
	for _, a := range []ir.SubExp{p.X, p.Y} {
		if !a.IsVar() {
			continue
		}
		var b, c ir.SubExp
		switch {
		case p.X.Equal(a):
			b = p.Y
		default:
			b = p.X
		}
		switch {
		case q.X.Equal(a):
			c = q.Y
		case q.Y.Equal(a):
			c = q.X
		default:
			continue
		}
		bl := r.b.Sub()
		sum := bl.Let("t", &ir.Bin{Op: e.Op, T: e.T, X: b, Y: c})
		res := bl.Let("t", &ir.Bin{Op: prim.Mul, T: e.T, X: a, Y: sum})
		return bl.Stms(), res, true
	}
	return nil, ir.SubExp{}, false
}
