package rev

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Operators with free variables. The rules of reduce, scan and
// reduce_by_index differentiate every application of the operator with
// the map rule (mapAdjoint), which gives the operator's free variables,
// scalars and arrays, their adjoints along with the elements'. That
// differentiates each application as it is, at fixed free values; the
// applications' sum is the derivative of the combination only if every
// application of the operator in the rule is one that the combination
// makes. reduce and scan apply it to their neutral element first
// (ne op x0): harmless while ne is a constant, but where ne depends on
// a differentiated value (a neutral element of \a b -> a * b * c is
// 1/c), the application ne op x0 = x0 contributes to c's adjoint as if
// it changed with c and nothing gives ne the adjoint that cancels it.
// Such reductions and scans are rewritten here so that the neutral
// element takes part in exactly one application that the rules see as
// such: each element gets a presence flag,
//
//	(f1, a) op' (f2, b) = (f1 || f2, if f2 then (if f1 then a op b else b) else a)
//
// with neutral (false, ne) is associative and never applies op to ne,
// and the result is ne op r for the reduction (or each prefix) r of the
// elements, ne for an empty reduction. That is the value of the left
// fold from ne, and its derivative is the fold's: ne gets the adjoint of
// its one application, which cancels that application's share in c's
// (ne op_c x = x for every c). (Threading the free variables through the operator
// as extra components instead, ((a, c1), (b, c2)) -> (a op_c1 b, c1),
// is not sound here: its derivative with respect to c2 is zero, so the
// whole adjoint would go to the copy of c in the neutral element, and
// it is not commutative, which reduce_by_index's rule relies on.)
// reduce_by_index never applies its operator to ne: its rule
// (histGeneric) needs no rewrite.

// activeNeutral reports whether a neutral element may depend on a
// differentiated value.
func (p *prep) activeNeutral(ne []ir.SubExp) bool {
	for _, x := range ne {
		if x.IsVar() && p.active.Has(x.Var) {
			return true
		}
	}
	return false
}

// flagOp is op' above for an operator op on elements of types ts.
func flagOp(b *ir.Builder, op *ir.Lambda, ts []ir.Type) *ir.Lambda {
	k := len(ts)
	bt := ir.Scalar(prim.Bool)
	half := append([]ir.Type{bt}, ts...)
	return b.Lambda(append(append([]ir.Type{}, half...), half...), func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		f1, x1, f2, x2 := ps[0], ps[1:1+k], ps[1+k], ps[2+k:]
		f := lb.BinOp(prim.LogOr, f1, f2)
		tb, eb := lb.Sub(), lb.Sub()
		both, second := tb.Sub(), tb.Sub()
		v := inline(both, op, append(append([]ir.SubExp{}, x1...), x2...))
		in := vars(tb.LetN("v", &ir.If{Cond: f1, Then: both.Body(v...), Else: second.Body(x2...), Ret: ts}))
		return append([]ir.SubExp{f}, vars(lb.LetN("v", &ir.If{Cond: f2, Then: tb.Body(in...), Else: eb.Body(x1...), Ret: ts}))...)
	})
}

// flagged returns the element types of op, the arrays of flags and
// elements for the rewritten SOAC and its neutral element. Every element
// is present, so the neutral element's value part is never read; it is a
// zero that depends on nothing, which keeps the rewritten SOAC's neutral
// element constant (preparing it again changes nothing).
func flagged(b *ir.Builder, w ir.SubExp, op *ir.Lambda, arrs []ir.VName) ([]ir.Type, []ir.VName, []ir.SubExp) {
	k := len(arrs)
	ts := make([]ir.Type, k)
	ne := []ir.SubExp{ir.Bool(false)}
	for i, a := range arrs {
		t, _ := b.TypeOf(a)
		ts[i] = t.Row()
		zero := ir.Const(prim.Zero(t.Elem))
		if t.Rank() > 1 {
			shape := make(ir.Shape, t.Rank()-1)
			for d := range shape {
				shape[d] = b.Let("n", &ir.Size{Arr: a, Dim: d + 1})
			}
			zero = b.Let("unused", &ir.Replicate{Shape: shape, Val: zero})
		}
		ne = append(ne, zero)
	}
	trues := b.Let("present", &ir.Replicate{Shape: ir.Shape{w}, Val: ir.Bool(true)})
	return ts, append([]ir.VName{trues.Var}, arrs...), ne
}

// flagReduce emits pat = reduce op ne arrs as ne op (the reduction of
// the present elements), ne where none is present.
func flagReduce(b *ir.Builder, pat []ir.Param, e *ir.Reduce) {
	ts, arrs, ne := flagged(b, e.W, e.Op, e.Arrs)
	red := b.LetN("red", &ir.Reduce{W: e.W, Arrs: arrs, Op: flagOp(b, e.Op, ts), Neutral: ne, Comm: e.Comm})
	tb, eb := b.Sub(), b.Sub()
	v := inline(tb, e.Op, append(append([]ir.SubExp{}, e.Neutral...), vars(red[1:])...))
	ret := make([]ir.Type, len(pat))
	for i, p := range pat {
		ret[i] = p.Type
	}
	b.Bind(pat, &ir.If{Cond: ir.Var(red[0]), Then: tb.Body(v...), Else: eb.Body(e.Neutral...), Ret: ret})
}

// flagScan emits pat = scan op ne arrs as ne op (the scan of the
// elements).
func flagScan(b *ir.Builder, pat []ir.Param, e *ir.Scan) {
	ts, arrs, ne := flagged(b, e.W, e.Op, e.Arrs)
	sc := b.LetN("scan", &ir.Scan{W: e.W, Arrs: arrs, Op: flagOp(b, e.Op, ts), Neutral: ne})
	lam := b.Lambda(ts, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		return inline(lb, e.Op, append(append([]ir.SubExp{}, e.Neutral...), ps...))
	})
	b.Bind(pat, &ir.Map{W: e.W, Arrs: sc[1:], F: lam})
}
