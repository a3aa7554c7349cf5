package ad

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// dlambda is a lambda differentiated in forward mode, in pieces that each
// construct assembles in its own parameter and result order.
type dlambda struct {
	tps  []ir.Param  // tangent parameter per parameter; zero Name when none
	stms []*ir.Stm   // primal and tangent statements
	res  []ir.SubExp // the primal results
	tres []ir.SubExp // tangent per result; absent when not wanted
	out  []bool      // which results came out with a nonzero tangent
}

// diffLambda differentiates l, giving tangent parameters to the params
// where has is set. Results whose want is set get a tangent, materialised
// if zero; a nil want asks for the nonzero ones.
func (f *fwd) diffLambda(l *ir.Lambda, has, want []bool) dlambda {
	g := f.fork(f.b.Sub())
	dl := dlambda{tps: make([]ir.Param, len(l.Params))}
	for i, p := range l.Params {
		if has[i] {
			dl.tps[i] = g.b.Param("d"+p.Name.Base, f.tanType(p.Type))
			g.setTan(p.Name, ir.Var(dl.tps[i].Name))
		}
	}
	g.stms(l.Body.Stms)
	g.flush()
	dl.res = l.Body.Result
	dl.tres = make([]ir.SubExp, len(dl.res))
	dl.out = make([]bool, len(dl.res))
	for i, r := range dl.res {
		d := g.tan(r)
		dl.out[i] = !d.IsNone()
		if (want == nil && dl.out[i]) || (want != nil && want[i]) {
			if d.IsNone() {
				d = g.tanOrZeroRes(g.b, r, l.Ret[i])
			}
			dl.tres[i] = d
		}
	}
	// The caller returns res and the wanted tres, all of which are kept.
	keep := append(append([]ir.SubExp{}, dl.res...), dl.tres...)
	g.prune(g.b.Stms(), keep)
	dl.stms = g.b.Body().Stms
	return dl
}

// bindExt binds s's pattern followed by fresh names for the extra values
// that exp gives beyond it, and returns the extra names.
func (f *fwd) bindExt(s *ir.Stm, exp ir.Exp, pre []ir.Param) []ir.VName {
	ts, err := ir.ExpTypes(exp, f.b.TypeOf)
	if err != nil {
		fail(s.Pos, "internal error: %v", err)
	}
	pat := append([]ir.Param{}, pre...)
	var extra []ir.VName
	for _, t := range ts[len(pre):] {
		p := f.b.Param("d", t)
		pat = append(pat, p)
		extra = append(extra, p.Name)
	}
	f.b.Pos = s.Pos
	f.b.Bind(pat, exp)
	return extra
}

func (f *fwd) mapStm(s *ir.Stm, e *ir.Map) {
	has := make([]bool, len(e.Arrs))
	for i, a := range e.Arrs {
		has[i] = !f.tanOf(a).IsNone()
	}
	dl := f.diffLambda(e.F, has, nil)
	params := append([]ir.Param{}, e.F.Params...)
	arrs := append([]ir.VName{}, e.Arrs...)
	for i, a := range e.Arrs {
		if has[i] {
			params = append(params, dl.tps[i])
			arrs = append(arrs, f.tanOf(a).Var)
		}
	}
	res := append([]ir.SubExp{}, dl.res...)
	ret := append([]ir.Type{}, e.F.Ret...)
	var which []int
	for i, d := range dl.tres {
		if !d.IsNone() {
			res = append(res, d)
			ret = append(ret, f.tanType(e.F.Ret[i]))
			which = append(which, i)
		}
	}
	lam := &ir.Lambda{Params: params, Body: &ir.Body{Stms: dl.stms, Result: res}, Ret: ret}
	extra := f.bindExt(s, &ir.Map{W: e.W, Arrs: arrs, F: lam}, s.Pat)
	for k, i := range which {
		f.setTan(s.Pat[i].Name, ir.Var(extra[k]))
	}
}

// liftedOp differentiates a reduce/scan/hist operator of 2k parameters
// into (a, da, b, db) -> (r, dr), where has says which of the k values
// carry tangents. The neutral element of a tangent is zero.
func (f *fwd) liftedOp(op *ir.Lambda, has []bool) *ir.Lambda {
	k := len(has)
	both := append(append([]bool{}, has...), has...)
	dl := f.diffLambda(op, both, has)
	var params []ir.Param
	for half := 0; half < 2; half++ {
		params = append(params, op.Params[half*k:(half+1)*k]...)
		for i := 0; i < k; i++ {
			if has[i] {
				params = append(params, dl.tps[half*k+i])
			}
		}
	}
	res := append([]ir.SubExp{}, dl.res...)
	ret := append([]ir.Type{}, op.Ret...)
	for i := 0; i < k; i++ {
		if has[i] {
			res = append(res, dl.tres[i])
			ret = append(ret, f.tanType(op.Ret[i]))
		}
	}
	return &ir.Lambda{Params: params, Body: &ir.Body{Stms: dl.stms, Result: res}, Ret: ret}
}

// opTangents finds which of an operator's k values need tangents: those
// whose inputs have one, and those the operator gives one (through free
// variables with tangents).
func (f *fwd) opTangents(op *ir.Lambda, start []bool) ([]bool, bool) {
	has := fixpoint(start, func(has []bool) []bool {
		both := append(append([]bool{}, has...), has...)
		return f.diffLambda(op, both, nil).out
	})
	anyTan := false
	for _, h := range has {
		anyTan = anyTan || h
	}
	return has, anyTan
}

func (f *fwd) reduceLike(s *ir.Stm, arrs []ir.VName, ne []ir.SubExp, op *ir.Lambda, mk func(arrs []ir.VName, ne []ir.SubExp, op *ir.Lambda) ir.Exp) {
	start := make([]bool, len(arrs))
	for i, a := range arrs {
		start[i] = !f.tanOf(a).IsNone()
	}
	has, anyTan := f.opTangents(op, start)
	if !anyTan {
		f.b.Add(s)
		return
	}
	allArrs := append([]ir.VName{}, arrs...)
	allNe := append([]ir.SubExp{}, ne...)
	var which []int
	for i, a := range arrs {
		if has[i] {
			allArrs = append(allArrs, f.tanOrZero(f.b, ir.Var(a)).Var)
			allNe = append(allNe, f.zero(f.b, op.Ret[i], ne[i]))
			which = append(which, i)
		}
	}
	extra := f.bindExt(s, mk(allArrs, allNe, f.liftedOp(op, has)), s.Pat)
	for k, i := range which {
		f.setTan(s.Pat[i].Name, ir.Var(extra[k]))
	}
}

func (f *fwd) reduce(s *ir.Stm, e *ir.Reduce) {
	if isAddOp(e.Op) {
		f.linearSOAC(s, e.Arrs, func(b *ir.Builder, arrs []ir.VName, ne []ir.SubExp) []ir.VName {
			return b.Reduce(e.W, arrs, ne, addOps(b, arrs))
		}, func(b *ir.Builder, ds []ir.VName) []ir.VName { return f.batchSum(b, e.W, ds) })
		return
	}
	f.reduceLike(s, e.Arrs, e.Neutral, e.Op, func(arrs []ir.VName, ne []ir.SubExp, op *ir.Lambda) ir.Exp {
		return &ir.Reduce{W: e.W, Arrs: arrs, Op: op, Neutral: ne, Comm: e.Comm}
	})
}

// batchSum is the tangent of a sum of w scalars over a batch: the sum of
// the batched tangents' rows (each the batch of one element's tangents),
// a reduction by elementwise addition of batches. Every batch lane adds
// its elements in the order a sum per lane would, and the rows are read
// in order, where a sum per lane would read a column of them.
func (f *fwd) batchSum(b *ir.Builder, w ir.SubExp, ds []ir.VName) []ir.VName {
	ne := make([]ir.SubExp, len(ds))
	rows := make([]ir.Type, 2*len(ds))
	for j, d := range ds {
		t := b.Type(ir.Var(d))
		ne[j] = b.Let("zeros", &ir.Replicate{Shape: ir.Shape{f.width}, Val: ir.Const(prim.Zero(t.Elem))})
		rows[j] = ir.Scalar(t.Elem).ArrayOf(f.width)
		rows[len(ds)+j] = rows[j]
	}
	op := b.Lambda(rows, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		out := make([]ir.SubExp, len(ds))
		for j := range ds {
			add := lb.BinOpLambda(prim.Add, rows[j].Elem)
			out[j] = ir.Var(lb.Map(f.width, []ir.VName{ps[j].Var, ps[len(ds)+j].Var}, add)[0])
		}
		return out
	})
	return b.Reduce(w, ds, ne, op)
}

func (f *fwd) scan(s *ir.Stm, e *ir.Scan) {
	if isAddOp(e.Op) {
		f.linearSOAC(s, e.Arrs, func(b *ir.Builder, arrs []ir.VName, ne []ir.SubExp) []ir.VName {
			return b.Scan(e.W, arrs, ne, addOps(b, arrs))
		}, nil)
		return
	}
	f.reduceLike(s, e.Arrs, e.Neutral, e.Op, func(arrs []ir.VName, ne []ir.SubExp, op *ir.Lambda) ir.Exp {
		return &ir.Scan{W: e.W, Arrs: arrs, Op: op, Neutral: ne}
	})
}

// moveDim returns the permutation of rank r that moves dimension from to
// position to, keeping the others in order.
func moveDim(r, from, to int) []int {
	var rest []int
	for i := 0; i < r; i++ {
		if i != from {
			rest = append(rest, i)
		}
	}
	perm := append([]int{}, rest[:to]...)
	perm = append(perm, from)
	return append(perm, rest[to:]...)
}

// hist combines (value, tangent) pairs with the lifted operator into
// (destination, tangent) bins.
func (f *fwd) hist(s *ir.Stm, e *ir.Hist) {
	if isAddOp(e.Op) {
		f.linearHist(s, e)
		return
	}
	start := make([]bool, len(e.Dests))
	for i := range e.Dests {
		start[i] = !f.tanOf(e.Dests[i]).IsNone() || !f.tanOf(e.Vals[i]).IsNone()
	}
	has, anyTan := f.opTangents(e.Op, start)
	if !anyTan {
		f.b.Add(s)
		return
	}
	dests := append([]ir.VName{}, e.Dests...)
	vals := append([]ir.VName{}, e.Vals...)
	ne := append([]ir.SubExp{}, e.Neutral...)
	var which []int
	for i := range e.Dests {
		if !has[i] {
			continue
		}
		dests = append(dests, f.tanOrZero(f.b, ir.Var(e.Dests[i])).Var)
		vals = append(vals, f.tanOrZero(f.b, ir.Var(e.Vals[i])).Var)
		ne = append(ne, f.zero(f.b, e.Op.Ret[i], e.Neutral[i]))
		which = append(which, i)
	}
	exp := &ir.Hist{W: e.W, Dests: dests, Op: f.liftedOp(e.Op, has), Neutral: ne, Inds: e.Inds, Vals: vals}
	extra := f.bindExt(s, exp, s.Pat)
	for k, i := range which {
		f.setTan(s.Pat[i].Name, ir.Var(extra[k]))
	}
}

// destTangents lists the k whose destination dests[k] or values vals[k]
// have a tangent, with both tangents (a zero array for the one absent),
// for scatter and hist by addition.
func (f *fwd) destTangents(dests, vals []ir.VName) (which []int, dds, dvs []ir.SubExp) {
	for k := range dests {
		dd, dv := f.tanOf(dests[k]), f.tanOf(vals[k])
		if dd.IsNone() && dv.IsNone() {
			continue
		}
		dds = append(dds, f.tanOrZero(f.b, ir.Var(dests[k])))
		dvs = append(dvs, f.tanOrZero(f.b, ir.Var(vals[k])))
		which = append(which, k)
	}
	return which, dds, dvs
}

// scatter writes the tangents of the values at the same indices.
func (f *fwd) scatter(s *ir.Stm, e *ir.Scatter) {
	which, dds, dvs := f.destTangents(e.Dests, e.Vals)
	f.b.Add(s)
	if len(which) == 0 {
		return
	}
	f.b.Pos = s.Pos
	res := f.direct(append(dds, dvs...), func(b *ir.Builder, ds []ir.SubExp) []ir.SubExp {
		m := len(ds) / 2
		dests, vals := make([]ir.VName, m), make([]ir.VName, m)
		for i := 0; i < m; i++ {
			dests[i], vals[i] = ds[i].Var, ds[m+i].Var
		}
		names := b.LetN("dscatter", &ir.Scatter{W: e.W, Dests: dests, Inds: e.Inds, Vals: vals})
		out := make([]ir.SubExp, len(names))
		for i, n := range names {
			out[i] = ir.Var(n)
		}
		return out
	})
	for j, k := range which {
		f.setTan(s.Pat[k].Name, res[j])
	}
}
