package ad

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// isAddOp reports whether op is elementwise addition of k scalar values:
// its tangent is the same addition of tangents, independent of the
// primal, so reduce/scan/hist by it need no lifted operator.
func isAddOp(op *ir.Lambda) bool {
	k := len(op.Params) / 2
	if len(op.Body.Stms) != k || len(op.Body.Result) != k {
		return false
	}
	for i, s := range op.Body.Stms {
		e, ok := s.Exp.(*ir.Bin)
		if !ok || e.Op != prim.Add || e.T == prim.Bool || len(s.Pat) != 1 || !op.Params[i].Type.IsScalar() {
			return false
		}
		x, y := ir.Var(op.Params[i].Name), ir.Var(op.Params[k+i].Name)
		if !(e.X.Equal(x) && e.Y.Equal(y) || e.X.Equal(y) && e.Y.Equal(x)) {
			return false
		}
		if !op.Body.Result[i].Equal(ir.Var(s.Pat[0].Name)) {
			return false
		}
	}
	return true
}

// addOps is a fresh elementwise addition of the rows of arrs.
func addOps(b *ir.Builder, arrs []ir.VName) *ir.Lambda {
	ts := make([]ir.Type, 2*len(arrs))
	for i, a := range arrs {
		ts[i] = b.Type(ir.Var(a)).Row()
		ts[len(arrs)+i] = ts[i]
	}
	return b.Lambda(ts, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		out := make([]ir.SubExp, len(arrs))
		for i := range arrs {
			out[i] = lb.BinOp(prim.Add, ps[i], ps[len(arrs)+i])
		}
		return out
	})
}

// linearSOAC handles reduce and scan by addition: the
// primal statement is kept and the tangent is the same SOAC over the
// tangents, lane by lane, or, over a batch (jmp) when batched is given,
// what batched builds from the batched tangents.
func (f *fwd) linearSOAC(s *ir.Stm, arrs []ir.VName, mk func(b *ir.Builder, arrs []ir.VName, ne []ir.SubExp) []ir.VName, batched func(b *ir.Builder, ds []ir.VName) []ir.VName) {
	f.b.Add(s)
	f.b.Pos = s.Pos
	var ds []ir.SubExp
	var which []int
	for i, a := range arrs {
		if d := f.tanOf(a); !d.IsNone() {
			ds = append(ds, d)
			which = append(which, i)
		}
	}
	if len(ds) == 0 {
		return
	}
	sum := func(b *ir.Builder, ds []ir.SubExp) []ir.SubExp {
		as := make([]ir.VName, len(ds))
		zs := make([]ir.SubExp, len(ds))
		for j, d := range ds {
			as[j] = d.Var
			zs[j] = ir.Const(prim.Zero(b.Type(d).Elem))
		}
		return vars(mk(b, as, zs))
	}
	var res []ir.SubExp
	switch {
	case f.vec && batched != nil:
		f.flush()
		names := make([]ir.VName, len(ds))
		for j, d := range ds {
			names[j] = d.Var
		}
		res = vars(batched(f.b, names))
	case f.vec:
		res = f.lanes(ds, sum)
	default:
		res = sum(f.b, ds)
	}
	for j, i := range which {
		f.setTan(s.Pat[i].Name, res[j])
	}
}

// lanes runs fill once per batch lane on the lanes of the batched
// tangents ds: fill sees each as an array without the batch dimension
// (read in place, element by element, so that a reduction over it fuses
// with the reads), and its results get the batch back as their innermost
// dimension.
func (f *fwd) lanes(ds []ir.SubExp, fill func(b *ir.Builder, ds []ir.SubExp) []ir.SubExp) []ir.SubExp {
	f.flush()
	b := f.b
	it := b.Let("lane", &ir.Iota{N: f.width, T: prim.I64})
	lam := b.Lambda([]ir.Type{ir.Scalar(prim.I64)}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		cols := make([]ir.SubExp, len(ds))
		for i, d := range ds {
			cols[i] = laneOf(lb, d.Var, ps[0])
		}
		return fill(lb, cols)
	})
	out := b.Map(f.width, []ir.VName{it.Var}, lam)
	res := make([]ir.SubExp, len(out))
	for i, o := range out {
		res[i] = f.batchInside(ir.Var(o))
	}
	return res
}

// laneOf is lane j of the batched tangent d: the elements d[is..., j] for
// every index is of its dimensions but the last, read by maps over its
// rows (which a reduction over them fuses with).
func laneOf(b *ir.Builder, d ir.VName, j ir.SubExp) ir.SubExp {
	t := b.Type(ir.Var(d))
	if t.Rank() == 1 {
		return b.Let("dl", &ir.Index{Arr: d, Idx: []ir.SubExp{j}})
	}
	n := t.Shape[0]
	if n.IsNone() {
		n = b.Let("n", &ir.Size{Arr: d, Dim: 0})
	}
	lam := b.Lambda([]ir.Type{t.Row()}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		return []ir.SubExp{laneOf(lb, ps[0].Var, j)}
	})
	return ir.Var(b.Map(n, []ir.VName{d}, lam)[0])
}

func vars(ns []ir.VName) []ir.SubExp {
	out := make([]ir.SubExp, len(ns))
	for i, n := range ns {
		out[i] = ir.Var(n)
	}
	return out
}

// linearHist handles hist by addition: the tangent bins are the tangent
// destination plus the tangent values added at the same indices.
func (f *fwd) linearHist(s *ir.Stm, e *ir.Hist) {
	which, dds, dvs := f.destTangents(e.Dests, e.Vals)
	f.b.Add(s)
	if len(which) == 0 {
		return
	}
	f.b.Pos = s.Pos
	hist := func(b *ir.Builder, ds []ir.SubExp) []ir.SubExp {
		m := len(ds) / 2
		dests, vals := make([]ir.VName, m), make([]ir.VName, m)
		ne := make([]ir.SubExp, m)
		for i := 0; i < m; i++ {
			dests[i], vals[i] = ds[i].Var, ds[m+i].Var
			ne[i] = ir.Const(prim.Zero(b.Type(ds[i]).Elem))
		}
		op := subAddOp(b, e.Op, which)
		return vars(b.LetN("dhist", &ir.Hist{W: e.W, Dests: dests, Op: op, Neutral: ne, Inds: e.Inds, Vals: vals}))
	}
	var res []ir.SubExp
	if f.vec {
		// One histogram per lane: the lanes of the destinations and of
		// the values are arrays of their own.
		res = f.lanes(append(dds, dvs...), hist)
	} else {
		res = hist(f.b, append(dds, dvs...))
	}
	for j, k := range which {
		f.setTan(s.Pat[k].Name, res[j])
	}
}

// subAddOp is the addition operator restricted to the values in which.
func subAddOp(b *ir.Builder, op *ir.Lambda, which []int) *ir.Lambda {
	ts := make([]ir.Type, 2*len(which))
	for j, i := range which {
		ts[j] = op.Params[i].Type
		ts[len(which)+j] = op.Params[i].Type
	}
	return b.Lambda(ts, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		out := make([]ir.SubExp, len(which))
		for j := range which {
			out[j] = lb.BinOp(prim.Add, ps[j], ps[len(which)+j])
		}
		return out
	})
}
