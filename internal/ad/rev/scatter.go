package rev

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// gatherAdj is, for each j, ybar at the indices (is_0[j], ...) when they
// are in range and write[j] holds, zero otherwise.
func (r *rev) gatherAdj(w ir.SubExp, inds []ir.VName, ybar ir.VName, write func(lb *ir.Builder, j ir.SubExp, idx []ir.SubExp) ir.SubExp) ir.VName {
	b := r.b
	shape := r.shapeOf(ybar)
	et := r.typeOf(ybar).Elem
	rowT := ir.Type{Elem: et, Shape: shape[len(inds):]}
	zero := zeroOf(et)
	if rowT.Rank() > 0 {
		// Rows past the indexed dimensions: a zero row for the others.
		zero = b.Let("zeros", &ir.Replicate{Shape: rowT.Shape, Val: zero})
	}
	it := b.Let("iota", &ir.Iota{N: w, T: prim.I64})
	lam := b.Lambda([]ir.Type{ir.Scalar(prim.I64)}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		var idx []ir.SubExp
		for _, is := range inds {
			idx = append(idx, lb.Index(is, ps[0]))
		}
		ok := inRange(lb, idx, shape)
		tb, eb := lb.Sub(), lb.Sub()
		cond := write(tb, ps[0], idx)
		ib, zb := tb.Sub(), tb.Sub()
		got := ib.Let("g", &ir.Index{Arr: ybar, Idx: idx})
		v2 := tb.Let("g", &ir.If{Cond: cond, Then: ib.Body(got), Else: zb.Body(zero), Ret: []ir.Type{rowT}})
		return []ir.SubExp{lb.Let("g", &ir.If{Cond: ok, Then: tb.Body(v2), Else: eb.Body(zero), Ret: []ir.Type{rowT}})}
	})
	return b.Map(w, []ir.VName{it.Var}, lam)[0]
}

// scatter: the value written last to a position gets that position's
// adjoint; the destination's adjoint is zero at written positions.
func (r *rev) scatter(s *ir.Stm, e *ir.Scatter) {
	b := r.b
	for k, d := range e.Dests {
		y := s.Pat[k].Name
		if !r.has(y) {
			continue
		}
		ybar := r.ownedCurrent(y).Var
		shape := r.shapeOf(d)
		// winner[p] is the last j that wrote position p.
		winit := b.Let("winner", &ir.Replicate{Shape: shape[:len(e.Inds)], Val: ir.I64(-1)})
		it := b.Let("iota", &ir.Iota{N: e.W, T: prim.I64})
		winner := b.Let("winner", &ir.Scatter{W: e.W, Dests: []ir.VName{winit.Var}, Inds: e.Inds, Vals: []ir.VName{it.Var}})
		vbar := r.gatherAdj(e.W, e.Inds, ybar, func(lb *ir.Builder, j ir.SubExp, idx []ir.SubExp) ir.SubExp {
			wj := lb.Let("w", &ir.Index{Arr: winner.Var, Idx: idx})
			return lb.CmpOp(prim.Eq, wj, j)
		})
		r.owned[vbar] = true
		r.addTo(e.Vals[k], ir.Var(vbar))
		zshape := append(ir.Shape{e.W}, shape[len(e.Inds):]...)
		zs := b.Let("zeros", &ir.Replicate{Shape: zshape, Val: zeroOf(r.typeOf(d).Elem)})
		xbar := b.Let(d.Base+"_adj", &ir.Scatter{W: e.W, Dests: []ir.VName{ybar}, Inds: e.Inds, Vals: []ir.VName{zs.Var}})
		delete(r.adj, y)
		r.owned[xbar.Var] = true
		r.addTo(d, xbar)
	}
}
