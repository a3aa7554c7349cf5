package rev

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// forwardStms emits the forward sweep of a scope: its statements, with
// loops saving checkpoints and consumed arrays copied first, so that the
// return sweep can still read every primal value.
func (r *rev) forwardStms(stms []*ir.Stm) { r.forwardOwning(stms, nil) }

// forwardOwning is forwardStms where the scope also owns the arrays own.
func (r *rev) forwardOwning(stms []*ir.Stm, own ir.Names) {
	var inplace *inplaceSet
	var unsaved map[*ir.Stm]bool
	if !r.noInplace {
		inplace = inplaceUpdates(stms, own)
	} else {
		unsaved = r.unsavedUpdates(stms, own)
	}
	for _, s := range stms {
		r.b.Pos = s.Pos
		r.markInactive(s.Pat, s.Exp)
		r.recordView(s)
		if l, ok := s.Exp.(*ir.Loop); ok {
			if !r.allInactive(s.Pat) {
				// Parameters of an active loop that never depend on the
				// active values are inactive all the same.
				in := r.inactiveLoopParams(l)
				for k, p := range s.Pat {
					if k < len(in) && in[k] {
						r.inactive.Add(p.Name)
					}
				}
			}
			if !r.allInactive(s.Pat) {
				r.forwardLoop(s, l)
				continue
			}
			// No adjoint reaches an inactive loop: it runs as it is,
			// without checkpoints.
		}
		if unsaved[s] {
			r.b.Add(s)
			continue
		}
		if inplace.has(s) {
			if lk := inplace.ifs[s]; lk != nil {
				r.forwardIf(s, lk)
			} else {
				r.forwardUpdate(s, s.Exp.(*ir.Update))
			}
			continue
		}
		r.b.Add(keepOperands(r.b, s))
	}
}

// allInactive reports whether every name of pat is inactive.
func (r *rev) allInactive(pat []ir.Param) bool {
	for _, p := range pat {
		if !r.inactive.Has(p.Name) {
			return false
		}
	}
	return true
}

// keepOperands returns s rewritten not to consume arrays bound outside
// it: destinations of in-place operations are copied first (also inside
// nested branches and loop bodies).
func keepOperands(b *ir.Builder, s *ir.Stm) *ir.Stm {
	cp := func(v ir.VName) ir.VName {
		return b.Let(v.Base+"_keep", &ir.Copy{Arr: v}).Var
	}
	var e ir.Exp
	switch old := s.Exp.(type) {
	case *ir.Update:
		c := *old
		c.Arr = cp(old.Arr)
		e = &c
	case *ir.Scatter:
		c := *old
		c.Dests = make([]ir.VName, len(old.Dests))
		for i, d := range old.Dests {
			c.Dests[i] = cp(d)
		}
		e = &c
	case *ir.Hist:
		c := *old
		c.Dests = make([]ir.VName, len(old.Dests))
		for i, d := range old.Dests {
			c.Dests[i] = cp(d)
		}
		e = &c
	case *ir.Loop:
		c := *old
		c.Init = make([]ir.SubExp, len(old.Init))
		for i, x := range old.Init {
			if x.IsVar() {
				if t, ok := b.TypeOf(x.Var); ok && t.IsArray() {
					x = ir.Var(cp(x.Var))
				}
			}
			c.Init[i] = x
		}
		own := ir.Names{}
		for _, p := range old.Params {
			own.Add(p.Name)
		}
		// The body owns its parameters: the checkpoints hold copies.
		c.Body = keepBodyOwning(b, old.Body, inplaceUpdates(old.Body.Stms, own))
		e = &c
	case *ir.If:
		c := *old
		c.Then, c.Else = keepBody(b, old.Then), keepBody(b, old.Else)
		e = &c
	case *ir.Map:
		// A lambda that updates its row in place would consume the input.
		c := *old
		c.F = &ir.Lambda{Params: old.F.Params, Body: keepBody(b, old.F.Body), Ret: old.F.Ret}
		e = &c
	default:
		return s
	}
	return &ir.Stm{Pat: s.Pat, Exp: e, Pos: s.Pos}
}

func keepBody(b *ir.Builder, body *ir.Body) *ir.Body { return keepBodyOwning(b, body, nil) }

// keepBodyOwning is keepBody leaving the updates and links in inplace to
// update in place.
func keepBodyOwning(b *ir.Builder, body *ir.Body, inplace *inplaceSet) *ir.Body {
	sb := b.Sub()
	for _, s := range body.Stms {
		sb.Pos = s.Pos
		if inplace.has(s) {
			if lk := inplace.ifs[s]; lk != nil {
				s = keepLinkIf(sb, s, lk)
			}
			sb.Add(s)
			continue
		}
		sb.Add(keepOperands(sb, s))
	}
	return sb.Body(body.Result...)
}

// reverseStms emits the return sweep of stms, last statement first.
func (r *rev) reverseStms(stms []*ir.Stm) {
	for i := len(stms) - 1; i >= 0; i-- {
		r.b.Pos = stms[i].Pos
		s, used := r.substStm(stms[i])
		r.rekey(used, true)
		r.stm(s)
		r.rekey(used, false)
	}
}

// has reports whether v has a (possibly nonzero) adjoint.
func (r *rev) has(v ir.VName) bool { _, ok := r.adj[v]; return ok }

// stm emits the return sweep of one statement.
func (r *rev) stm(s *ir.Stm) {
	any := false
	for _, p := range s.Pat {
		if r.has(p.Name) {
			any = true
		}
	}
	switch e := s.Exp.(type) {
	case *ir.Loop:
		if any {
			r.loop(s, e)
		}
		return
	case *ir.Assert, *ir.Cmp, *ir.Iota, *ir.Scratch, *ir.Size:
		return
	case *ir.Apply:
		if any {
			fail(s.Pos, "cannot differentiate a call of the recursive function %s", e.Func)
		}
		return
	case *ir.JVP, *ir.VJP:
		fail(s.Pos, "nested AD operator was not expanded first")
	case *ir.WithAcc, *ir.UpdAcc:
		fail(s.Pos, "cannot differentiate code that uses accumulators")
	case *ir.Update:
		if saved, ok := r.saved[s]; ok && !any {
			// No adjoint flows, but the array must still be restored.
			r.restore(s, e, saved)
			return
		}
	case *ir.If:
		if save, ok := r.links[s]; ok {
			if any {
				r.ifStm(s, e)
			} else {
				r.undoIf(s, save)
			}
			return
		}
	}
	if !any {
		return
	}
	y := s.Pat[0].Name
	switch e := s.Exp.(type) {
	case *ir.Atom:
		if e.X.IsVar() {
			r.addTo(e.X.Var, r.adj[y])
		}
	case *ir.Bin:
		r.bin(y, e)
	case *ir.Un:
		if !e.X.IsVar() {
			return
		}
		d := prim.UnOpPartialExpr(e.Op, e.T)
		if d.Kind == prim.DZero {
			return
		}
		p := emitD(r.b, d, e.T, []ir.SubExp{e.X})
		r.addTo(e.X.Var, scale(r.b, e.T, r.adj[y], p))
	case *ir.Call:
		r.call(y, e)
	case *ir.Index:
		r.addAt(e.Arr, e.Idx, r.adj[y])
	case *ir.Slice:
		r.slice(y, e)
	case *ir.Update:
		r.update(s, e)
	case *ir.Replicate:
		if e.Val.IsVar() {
			r.addTo(e.Val.Var, r.sumOuter(r.adj[y], len(e.Shape)))
		}
	case *ir.Reshape:
		sh := r.shapeOf(e.Arr)
		r.addTo(e.Arr, r.b.Let("adj", &ir.Reshape{Arr: r.adj[y].Var, Shape: sh}))
	case *ir.Rearrange:
		inv := make([]int, len(e.Perm))
		for i, p := range e.Perm {
			inv[p] = i
		}
		r.addTo(e.Arr, r.b.Let("adj", &ir.Rearrange{Arr: r.adj[y].Var, Perm: inv}))
	case *ir.Copy:
		r.addTo(e.Arr, r.adj[y])
	case *ir.Rotate:
		neg := r.b.Let("r", &ir.Bin{Op: prim.Sub, T: prim.I64, X: ir.I64(0), Y: e.R})
		r.addTo(e.Arr, r.b.Let("adj", &ir.Rotate{R: neg, Arr: r.adj[y].Var}))
	case *ir.Concat:
		off := ir.I64(0)
		for _, a := range e.Arrs {
			n := r.outer(a)
			end := r.b.Let("end", &ir.Bin{Op: prim.Add, T: prim.I64, X: off, Y: n})
			part := r.b.Let("adj", &ir.Slice{Arr: r.adj[y].Var, Dims: []ir.DimSlice{{Start: off, End: end}}})
			r.addTo(a, part)
			off = end
		}
	case *ir.ArrayLit:
		for i, x := range e.Elems {
			if x.IsVar() {
				r.addTo(x.Var, r.b.Let("adj", &ir.Index{Arr: r.adj[y].Var, Idx: []ir.SubExp{ir.I64(int64(i))}}))
			}
		}
	case *ir.If:
		r.ifStm(s, e)
	case *ir.Map:
		r.mapStm(s, e)
	case *ir.Reduce:
		r.reduce(s, e)
	case *ir.Scan:
		r.scan(s, e)
	case *ir.Scatter:
		r.scatter(s, e)
	case *ir.Hist:
		r.hist(s, e)
	case *ir.WithVJP:
		r.withVJP(s, e)
	default:
		fail(s.Pos, "reverse mode does not support %s yet", ir.ExpString(s.Exp))
	}
}

func (r *rev) bin(y ir.VName, e *ir.Bin) {
	ex, ey := prim.BinOpPartialExprs(e.Op, e.T)
	args := []ir.SubExp{e.X, e.Y}
	ybar := r.adj[y]
	for k, d := range []prim.DExpr{ex, ey} {
		a := args[k]
		if !a.IsVar() || d.Kind == prim.DZero {
			continue
		}
		if d.Kind == prim.DConst && d.Const == 0 {
			continue
		}
		p := emitD(r.b, d, e.T, args)
		r.addTo(a.Var, scale(r.b, e.T, ybar, p))
	}
}

func (r *rev) call(y ir.VName, e *ir.Call) {
	ybar := r.adj[y]
	if e.Fn.IsLinear() {
		tr, ok := e.Fn.Transpose()
		if !ok {
			fail(r.b.Pos, "no transpose for %s", e.Fn.Name)
		}
		if e.Args[0].IsVar() {
			r.addTo(e.Args[0].Var, r.b.Call(tr, ybar))
		}
		return
	}
	exprs := e.Fn.PartialExprs()
	for k, a := range e.Args {
		if !a.IsVar() || exprs[k].Kind == prim.DZero || e.Fn.Params[k] != e.Fn.Ret {
			continue
		}
		p := emitD(r.b, exprs[k], e.Fn.Params[0], e.Args)
		r.addTo(a.Var, scale(r.b, e.Fn.Ret, ybar, p))
	}
}

// slice adds the adjoint of a slice to the region of its source.
func (r *rev) slice(y ir.VName, e *ir.Slice) {
	if r.inactive.Has(e.Arr) {
		return
	}
	if acc, base, pre, ok := r.viewAcc(e.Arr); ok {
		dims := make([]ir.DimSlice, 0, len(pre)+len(e.Dims))
		for _, i := range pre {
			dims = append(dims, ir.DimSlice{Fixed: true, I: i})
		}
		r.adj[base] = accAddRegion(r.b, acc, append(dims, e.Dims...), r.shapeOf(base), r.adj[y], nil)
		return
	}
	if acc, ok := r.accFor(e.Arr); ok {
		dims := r.shapeOf(e.Arr)
		r.adj[e.Arr] = accAddRegion(r.b, acc, e.Dims, dims, r.adj[y], nil)
		return
	}
	_, had := r.adj[e.Arr]
	cur := r.ownedAdj(e.Arr)
	ybar := r.adj[y]
	nv := ybar
	if had {
		old := region(r.b, cur.Var, e.Dims)
		nv = r.add(r.b.Type(old), old, ybar)
	}
	if nv.IsVar() && !r.b.Type(nv).IsScalar() && nv.Var == ybar.Var {
		nv = r.b.Let("adj", &ir.Copy{Arr: nv.Var})
	}
	up := r.b.Let(e.Arr.Base+"_adj", &ir.Update{Arr: cur.Var, Dims: e.Dims, Val: nv})
	r.adj[e.Arr] = up
	r.owned[up.Var] = true
	if d := e.Dims; !had && len(d) == 1 && !d[0].Fixed && !d[0].Start.IsNone() && !d[0].End.IsNone() &&
		(d[0].Stride.IsNone() || d[0].Stride.Equal(ir.I64(1))) && ybar.IsVar() {
		// Zero outside the slice, whose rows are the slice's adjoint.
		n := r.b.BinOp(prim.Sub, d[0].End, d[0].Start)
		r.facts.sparse[up.Var] = &sparseAdj{start: d[0].Start, n: n, vals: ybar.Var}
	}
}

// update: v' += xs2'[dims]; xs' += xs2' with [dims] = 0. If the forward
// sweep updated in place, the saved region is written back so that xs is
// there again for the rest of the return sweep; otherwise it updated a
// copy and xs itself is still there.
func (r *rev) update(s *ir.Stm, e *ir.Update) {
	y := s.Pat[0].Name
	if saved, ok := r.saved[s]; ok {
		defer r.restore(s, e, saved)
	}
	ybar := r.adj[y]
	if e.Val.IsVar() {
		part := region(r.b, ybar.Var, e.Dims)
		vt := r.typeOf(e.Val.Var)
		if vt.IsScalar() != r.b.Type(part).IsScalar() {
			// A scalar written over a region: sum the region.
			part = r.sumAll(part)
		} else if !vt.IsScalar() {
			// A copy: ybar is updated in place below.
			part = r.b.Let("adj", &ir.Copy{Arr: part.Var})
		}
		r.addTo(e.Val.Var, part)
	}
	cur := ybar
	if !r.owned[ybar.Var] {
		cur = r.b.Let("adj", &ir.Copy{Arr: ybar.Var})
	}
	et := r.typeOf(y).Elem
	zero := zeroOf(et)
	if part := region(r.b, cur.Var, e.Dims); !r.b.Type(part).IsScalar() {
		zero = r.b.Let("zeros", &ir.Replicate{Shape: r.shapeOf(part.Var), Val: zero})
	}
	up := r.b.Let(e.Arr.Base+"_adj", &ir.Update{Arr: cur.Var, Dims: e.Dims, Val: zero})
	r.owned[up.Var] = true
	delete(r.adj, y)
	r.addTo(e.Arr, up)
	if r.adj[e.Arr] == up {
		r.owned[up.Var] = true
	}
}

// inline emits the body of l applied to args into b and returns its
// results (the body is renamed, so it can be inlined many times).
func inline(b *ir.Builder, l *ir.Lambda, args []ir.SubExp) []ir.SubExp {
	sub := map[ir.VName]ir.SubExp{}
	for i, p := range l.Params {
		sub[p.Name] = args[i]
	}
	body := renameBody(b, ir.Substitute(l.Body, sub))
	for _, s := range body.Stms {
		b.Add(s)
	}
	return body.Result
}

// withVJP applies the custom rule to the arguments, results and result
// adjoints.
func (r *rev) withVJP(s *ir.Stm, e *ir.WithVJP) {
	args := append([]ir.SubExp{}, e.Args...)
	for _, p := range s.Pat {
		args = append(args, ir.Var(p.Name))
	}
	for _, p := range s.Pat {
		args = append(args, r.current(p.Name))
	}
	if len(args) != len(e.Rule.Params) {
		fail(s.Pos, "with_vjp rule takes %d parameters, want %d", len(e.Rule.Params), len(args))
	}
	out := inline(r.b, e.Rule, args)
	for i, a := range e.Args {
		if a.IsVar() && i < len(out) {
			r.addTo(a.Var, out[i])
		}
	}
}

// accAddRegion adds val, the adjoint of the region dims of an array of
// the given shape, to accumulator acc element by element (or row by row
// past the sliced dimensions); prefix holds the indices chosen so far.
func accAddRegion(b *ir.Builder, acc ir.SubExp, dims []ir.DimSlice, shape ir.Shape, val ir.SubExp, prefix []ir.SubExp) ir.SubExp {
	if len(dims) == 0 {
		return b.Let("acc", &ir.UpdAcc{Acc: acc.Var, Idx: prefix, Val: val})
	}
	d := dims[0]
	at := len(prefix)
	if d.Fixed {
		return accAddRegion(b, acc, dims[1:], shape, val, append(append([]ir.SubExp{}, prefix...), d.I))
	}
	stride := d.Stride
	if stride.IsNone() {
		stride = ir.I64(1)
	}
	start := d.Start
	if start.IsNone() {
		// The source language's default: 0 going up, size-1 going down.
		size := shape[at]
		if size.IsNone() {
			fail(b.Pos, "internal error: unknown size of a sliced accumulator")
		}
		up := b.CmpOp(prim.Gt, stride, ir.I64(0))
		tb, eb := b.Sub(), b.Sub()
		last := eb.BinOp(prim.Sub, size, ir.I64(1))
		start = b.Let("start", &ir.If{Cond: up, Then: tb.Body(ir.I64(0)), Else: eb.Body(last), Ret: []ir.Type{ir.Scalar(prim.I64)}})
	}
	vt := b.Type(val)
	n := vt.Shape[0]
	if n.IsNone() {
		n = b.Let("n", &ir.Size{Arr: val.Var, Dim: 0})
	}
	it := b.Let("iota", &ir.Iota{N: n, T: prim.I64})
	lam := b.Lambda([]ir.Type{ir.Scalar(prim.I64), vt.Row(), b.Type(acc)}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		idx := lb.BinOp(prim.Add, start, lb.BinOp(prim.Mul, ps[0], stride))
		return []ir.SubExp{accAddRegion(lb, ps[2], dims[1:], shape, ps[1], append(append([]ir.SubExp{}, prefix...), idx))}
	})
	return ir.Var(b.Map(n, []ir.VName{it.Var, val.Var, acc.Var}, lam)[0])
}
