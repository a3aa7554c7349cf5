package rev

import (
	"sort"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// changedFree lists the names whose adjoint c changed relative to r,
// leaving out names bound in the scope (local), in a stable order.
func changedFree(r, c *rev, local ir.Names) []ir.VName {
	var out []ir.VName
	for k, v := range c.adj {
		if local.Has(k) {
			continue
		}
		if old, ok := r.adj[k]; ok && old == v {
			continue
		}
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Tag < out[j].Tag })
	return out
}

// branch is the return sweep of one branch of an if, built in its own
// builder.
type branch struct {
	c     *rev
	local ir.Names
	// restored: for a link, the arrays it consumed, restored.
	restored []ir.SubExp
}

// ifStm: the return sweep is an if whose branches re-run their forward
// statements and then their return sweeps; both return the adjoints of
// every outer name either branch changed. For a link (the forward sweep
// updated arrays in place) a branch first writes back what it overwrote,
// which gives the arrays at the entry of the if, re-runs on them in place
// and returns them restored again.
func (r *rev) ifStm(s *ir.Stm, e *ir.If) {
	save := r.links[s]
	var curs []ir.SubExp
	if save != nil {
		for _, k := range save.lk.res {
			curs = append(curs, r.currentPrim(s.Pat[k].Name))
		}
	}
	mk := func(k int, body *ir.Body) branch {
		c := r.child(r.b.Sub())
		var ents []ir.SubExp
		own := ir.Names{}
		if save != nil {
			lk := save.lk
			orig := save.orig.Exp.(*ir.If)
			ob := orig.Then
			nt := 0
			for _, l := range lk.links[0] {
				nt += recCount(l, lk.sub[l])
			}
			recs := save.recs[1 : 1+nt]
			if k == 1 {
				ob, recs = orig.Else, save.recs[1+nt:]
			}
			m := map[ir.VName]ir.SubExp{}
			for j, rk := range lk.res {
				m[ob.Result[rk].Var] = curs[j]
			}
			undoLinks(c.b, lk.links[k], lk.sub, recs, m)
			sub := map[ir.VName]ir.SubExp{}
			for j, a := range lk.arrs {
				x, ok := m[a]
				if !ok {
					fail(s.Pos, "internal error: the updates of %v in an if were not undone", a)
				}
				if x == curs[j] {
					// Not updated in this branch: a name of its own, so
					// that its adjoint is not mixed with the result's.
					x = c.b.Let(a.Base, &ir.Atom{X: x})
				} else {
					own.Add(x.Var)
				}
				ents = append(ents, x)
				sub[a] = x
			}
			body = ir.Substitute(body, sub)
		}
		body = renameBody(r.b, body)
		c.forwardOwning(body.Stms, own)
		for i, res := range body.Result {
			if res.IsVar() {
				if a, ok := r.adj[s.Pat[i].Name]; ok {
					c.addTo(res.Var, a)
				}
			}
		}
		c.reverseStms(body.Stms)
		var restored []ir.SubExp
		if save != nil {
			for j, a := range save.lk.arrs {
				x := ents[j].Var
				if adj, ok := c.adj[x]; ok {
					delete(c.adj, x)
					c.addTo(a, adj)
				}
				restored = append(restored, c.currentPrim(x))
			}
		}
		return branch{c: c, local: ir.BoundInBody(body), restored: restored}
	}
	bt, be := mk(0, e.Then), mk(1, e.Else)
	set := ir.Names{}
	var changed []ir.VName
	for _, br := range []branch{bt, be} {
		for _, v := range changedFree(r, br.c, br.local) {
			if !set.Has(v) {
				set.Add(v)
				changed = append(changed, v)
			}
		}
	}
	sort.Slice(changed, func(i, j int) bool { return changed[i].Tag < changed[j].Tag })
	if len(changed) == 0 && save == nil {
		return
	}
	results := func(br branch) *ir.Body {
		out := make([]ir.SubExp, len(changed))
		for i, v := range changed {
			if a, ok := br.c.adj[v]; ok {
				out[i] = a
			} else {
				out[i] = br.c.current(v)
			}
		}
		return br.c.b.Body(append(out, br.restored...)...)
	}
	thenB, elseB := dce(results(bt)), dce(results(be))
	ret := make([]ir.Type, len(changed))
	for i, v := range changed {
		// An accumulator made in either branch makes the result one.
		ret[i] = r.typeOf(v)
		for _, res := range []ir.SubExp{thenB.Result[i], elseB.Result[i]} {
			if res.IsVar() && r.typeOf(res.Var).Acc {
				ret[i] = r.typeOf(res.Var)
			}
		}
	}
	pat := make([]ir.Param, len(changed))
	for i, v := range changed {
		pat[i] = r.b.Param(v.Base+"_adj", ret[i])
	}
	if save != nil {
		for _, a := range save.lk.arrs {
			t := r.typeOf(a)
			ret = append(ret, t)
			pat = append(pat, r.b.Param(a.Base, t))
		}
	}
	r.b.Bind(pat, &ir.If{Cond: e.Cond, Then: thenB, Else: elseB, Ret: ret})
	// A result is owned if each branch returns an array it owns, and no
	// other result of either branch is that array: the only adjoints a
	// branch shares with the outside are those of the if's own results,
	// which nothing reads after it. (The verifier, like the backends,
	// takes a result to alias whatever either branch returns there, so
	// an array that one branch returns at i and the other at k would make
	// results i and k share storage.)
	owned := func(br branch, body *ir.Body, i int) bool {
		x := body.Result[i]
		if !x.IsVar() || !br.c.owned[x.Var] {
			return false
		}
		for k := range body.Result {
			if k == i {
				continue
			}
			if thenB.Result[k] == x || elseB.Result[k] == x {
				return false
			}
		}
		return true
	}
	for i, v := range changed {
		r.adj[v] = ir.Var(pat[i].Name)
		r.owned[pat[i].Name] = owned(bt, thenB, i) && owned(be, elseB, i)
	}
	if save != nil {
		for j, a := range save.lk.arrs {
			r.prim[a] = pat[len(changed)+j].Name
		}
	}
}

// adjType is the type of v's adjoint as c holds it (an accumulator inside
// a map lambda, otherwise v's type).
func adjType(r, c *rev, v ir.VName) ir.Type {
	if a, ok := c.adj[v]; ok && a.IsVar() {
		if t := r.typeOf(a.Var); t.Acc {
			return t
		}
	}
	return r.typeOf(v)
}

// loopSave is what the forward sweep of a loop keeps for the return sweep.
type loopSave struct {
	n     ir.SubExp   // the iteration count (i64)
	ckpts []ir.VName  // one array of n values per loop parameter
	form  *ir.For     // the loop as a for loop
	init  []ir.SubExp // the initial values the loop started from
	// inplace: per parameter updated in place, what replaces its checkpoints.
	inplace map[int]*inplaceSave
	// sum: the loop only accumulates (sumloop.go) and saved nothing.
	sum *sumLoop
}

// forwardLoop emits the loop, storing the values of its parameters at the
// entry of every iteration. A while loop first runs once to count its
// iterations and then runs as a for loop.
func (r *rev) forwardLoop(s *ir.Stm, l *ir.Loop) {
	b := r.b
	if sl, ok := r.accumulating(l); ok {
		b.Add(keepOperands(b, s))
		for k, p := range s.Pat {
			if k < len(sl.accum) && !sl.accum[k] {
				r.inactive.Add(p.Name)
			}
		}
		r.ckpt[s] = &loopSave{sum: sl}
		return
	}
	ks := keepOperands(b, s)
	l = ks.Exp.(*ir.Loop)
	var form *ir.For
	var n ir.SubExp
	switch f := l.Form.(type) {
	case *ir.For:
		form = f
		n = f.Bound
		if f.T != prim.I64 {
			cv, _ := prim.ConvFunc(f.T, prim.I64)
			n = b.Call(cv, n)
		}
		// A negative bound runs no iteration.
		pos := b.CmpOp(prim.Gt, n, ir.I64(0))
		nb, zb := b.Sub(), b.Sub()
		n = b.Let("n", &ir.If{Cond: pos, Then: nb.Body(n), Else: zb.Body(ir.I64(0)), Ret: []ir.Type{ir.Scalar(prim.I64)}})
	case *ir.While:
		// Count the iterations with a renamed copy of the loop.
		cnt := b.Param("count", ir.Scalar(prim.I64))
		sub := map[ir.VName]ir.SubExp{}
		params := make([]ir.Param, len(l.Params))
		for i, p := range l.Params {
			params[i] = b.Param(p.Name.Base, p.Type)
			sub[p.Name] = ir.Var(params[i].Name)
		}
		body := renameBody(b, ir.Substitute(l.Body, sub))
		bb := b.Sub()
		for _, st := range body.Stms {
			bb.Add(st)
		}
		inc := bb.BinOp(prim.Add, ir.Var(cnt.Name), ir.I64(1))
		body = bb.Body(append(append([]ir.SubExp{}, body.Result...), inc)...)
		condIdx := -1
		for i, p := range l.Params {
			if p.Name == f.Cond {
				condIdx = i
			}
		}
		if condIdx < 0 {
			fail(s.Pos, "while loop condition is not a loop parameter")
		}
		init := make([]ir.SubExp, len(l.Init))
		for i, x := range l.Init {
			init[i] = x
			if x.IsVar() && r.typeOf(x.Var).IsArray() {
				init[i] = b.Let("keep", &ir.Copy{Arr: x.Var})
			}
		}
		pat := make([]ir.Param, len(params)+1)
		for i, p := range params {
			pat[i] = b.Param(p.Name.Base, p.Type)
		}
		pat[len(params)] = b.Param("count", ir.Scalar(prim.I64))
		b.Bind(pat, &ir.Loop{Params: append(params, cnt), Init: append(init, ir.I64(0)),
			Form: &ir.While{Cond: params[condIdx].Name}, Body: body})
		n = ir.Var(pat[len(params)].Name)
		form = &ir.For{I: b.Names().New("i"), T: prim.I64, Bound: n}
		b.Declare(ir.Param{Name: form.I, Type: ir.Scalar(prim.I64)})
	}
	save := &loopSave{n: n, form: form, init: l.Init, ckpts: make([]ir.VName, len(l.Params)), inplace: map[int]*inplaceSave{}}
	// The loop owns its parameters, also inside an mjp: the return sweep
	// rebuilds them in arrays of its own.
	chains, linkIfs := inplaceParams(l)
	// Checkpoint arrays, filled in place by the loop, for the parameters
	// that change (an invariant one is its initial value throughout).
	var saved []int
	var ckParams []ir.Param
	var ckInit []ir.SubExp
	for i, p := range l.Params {
		if loopInvariant(l, i) || chains[i] != nil {
			continue
		}
		shape := ir.Shape{n}
		if p.Type.IsArray() {
			shape = append(shape, r.shapeOf(l.Init[i].Var)...)
		}
		// Iteration i writes row i before anything reads the array, and
		// the return sweep reads the rows of the iterations that ran.
		ck := b.Let("ckpt", &ir.Scratch{Elem: p.Type.Elem, Shape: shape, Filled: true})
		saved = append(saved, i)
		ckInit = append(ckInit, ck)
		ckParams = append(ckParams, b.Param("ckpt", b.Type(ck)))
	}
	// Parameters updated in place save, per link of their chains and
	// iteration, what the link saves (an update: the region overwritten
	// and its indices; an if: see recTypes).
	type slot struct {
		param ir.Param
		set   func(ir.VName)
	}
	var slots []slot
	at := map[*ir.Stm][]int{} // the slots of a link, one per value it saves
	shapes := map[ir.VName]ir.Shape{}
	// The shapes of the arrays of the chains, in body order (a link of
	// several parameters needs all of theirs).
	inChain := map[*ir.Stm]bool{}
	for i := range l.Params {
		if chains[i] == nil {
			continue
		}
		shapes[l.Params[i].Name] = r.shapeOf(l.Init[i].Var)
		for _, st := range chains[i] {
			inChain[st] = true
		}
	}
	for _, st := range l.Body.Stms {
		if inChain[st] {
			recTypes(st, linkIfs[st], shapes)
		}
	}
	for i := range l.Params {
		chain := chains[i]
		if chain == nil {
			continue
		}
		ins := &inplaceSave{links: chain, sub: linkIfs, recs: make([][]ir.VName, len(chain))}
		save.inplace[i] = ins
		for j, st := range chain {
			types := recTypes(st, linkIfs[st], shapes)
			ins.recs[j] = make([]ir.VName, len(types))
			for q, t := range types {
				j, q := j, q
				sc := b.Let("saved", &ir.Scratch{Elem: t.Elem, Shape: append(ir.Shape{n}, t.Shape...)})
				at[st] = append(at[st], len(slots))
				slots = append(slots, slot{param: b.Param("saved", b.Type(sc)), set: func(v ir.VName) { ins.recs[j][q] = v }})
				ckInit = append(ckInit, sc)
			}
		}
	}
	bb := b.Sub()
	idx := idxI64(bb, form)
	at1 := []ir.DimSlice{{Fixed: true, I: idx}}
	newCk := make([]ir.SubExp, len(saved), len(saved)+len(slots))
	for j, i := range saved {
		newCk[j] = bb.Let("ckpt", &ir.Update{Arr: ckParams[j].Name, Dims: at1, Val: ir.Var(l.Params[i].Name)})
	}
	newSlots := make([]ir.SubExp, len(slots))
	for _, st := range l.Body.Stms {
		ks, ok := at[st]
		if !ok {
			bb.Add(st)
			continue
		}
		u, isUp := st.Exp.(*ir.Update)
		var vals []ir.SubExp
		if isUp {
			vals = append(vals, region(bb, u.Arr, u.Dims))
			for _, d := range u.Dims {
				vals = append(vals, d.I)
			}
			shapes[st.Pat[0].Name] = shapes[u.Arr]
		} else {
			vals = emitIf(bb, st, linkIfs[st], shapes)
		}
		// The region of an update is saved before the update overwrites it.
		// (A link of several parameters has its slots once per parameter.)
		for q, k := range ks {
			newSlots[k] = bb.Let("saved", &ir.Update{Arr: slots[k].param.Name, Dims: at1, Val: vals[q%len(vals)]})
		}
		if isUp {
			bb.Add(st)
		}
	}
	newCk = append(newCk, newSlots...)
	for _, sl := range slots {
		ckParams = append(ckParams, sl.param)
	}
	loopBody := bb.Body(append(append([]ir.SubExp{}, l.Body.Result...), newCk...)...)
	pat := append([]ir.Param{}, s.Pat...)
	for j, i := range saved {
		p := b.Param("ckpts", ckParams[j].Type)
		pat = append(pat, p)
		save.ckpts[i] = p.Name
	}
	for _, sl := range slots {
		p := b.Param("saved", sl.param.Type)
		pat = append(pat, p)
		sl.set(p.Name)
	}
	b.Bind(pat, &ir.Loop{Params: append(append([]ir.Param{}, l.Params...), ckParams...),
		Init: append(append([]ir.SubExp{}, l.Init...), ckInit...), Form: form, Body: loopBody, Attrs: l.Attrs})
	r.ckpt[s] = save
}

// loopInvariant reports whether loop parameter i is passed on unchanged.
func loopInvariant(l *ir.Loop, i int) bool {
	res := l.Body.Result[i]
	return res.IsVar() && res.Var == l.Params[i].Name
}

// idxI64 is the loop index as an i64.
func idxI64(b *ir.Builder, f *ir.For) ir.SubExp {
	if f.T == prim.I64 {
		return ir.Var(f.I)
	}
	cv, _ := prim.ConvFunc(f.T, prim.I64)
	return b.Call(cv, ir.Var(f.I))
}

// loop is the return sweep of a loop: a loop running the iterations
// backwards that restores each iteration's checkpoint, re-runs the body's
// forward sweep and then its return sweep, carrying the adjoints of the
// loop parameters and of the free names the body gives adjoints to.
func (r *rev) loop(s *ir.Stm, l *ir.Loop) {
	save, ok := r.ckpt[s]
	if !ok {
		fail(s.Pos, "internal error: loop without forward sweep")
	}
	if save.sum != nil {
		r.sumLoopReverse(s, l, save.sum)
		return
	}
	np := len(l.Params)
	// The parameters the forward sweep found inactive (inactiveLoopParams)
	// have inactive results.
	inactive := make([]bool, np)
	for k := range inactive {
		inactive[k] = k < len(s.Pat) && r.inactive.Has(s.Pat[k].Name)
	}
	// build emits one reverse iteration into a fresh builder, with fvs
	// (the free names with carried adjoints) bound to params.
	type iter struct {
		c       *rev
		body    *ir.Body
		local   ir.Names
		results []ir.SubExp
	}
	build := func(pbars []ir.Param, fvs []ir.VName, fvbars []ir.Param, states map[int]ir.Param, j ir.VName) iter {
		bb := r.b.Sub()
		c := r.child(bb)
		local := ir.Names{}
		i := bb.BinOp(prim.Sub, save.n, ir.I64(1))
		i = bb.BinOp(prim.Sub, i, ir.Var(j))
		local.Add(i.Var)
		iT := i
		if save.form.T != prim.I64 {
			cv, _ := prim.ConvFunc(prim.I64, save.form.T)
			iT = bb.Call(cv, i)
		}
		// The iteration index, like the loop's own, is inactive.
		for _, x := range []ir.SubExp{i, iT} {
			if x.IsVar() {
				r.inactive.Add(x.Var)
			}
		}
		sub := map[ir.VName]ir.SubExp{save.form.I: iT}
		restored := make([]ir.SubExp, np)
		owned := ir.Names{}
		for k, p := range l.Params {
			if ins, ok := save.inplace[k]; ok {
				// The array at the exit of the iteration with the saved
				// records written back, last link first, is the array at
				// its entry.
				m := map[ir.VName]ir.SubExp{l.Body.Result[k].Var: ir.Var(states[k].Name)}
				for u := len(ins.links) - 1; u >= 0; u-- {
					vals := make([]ir.SubExp, len(ins.recs[u]))
					for q, a := range ins.recs[u] {
						vals[q] = bb.Let("saved", &ir.Index{Arr: a, Idx: []ir.SubExp{i}})
					}
					undoLink(bb, ins.links[u], ins.sub[ins.links[u]], vals, m)
				}
				ent, ok := m[p.Name]
				if !ok {
					fail(s.Pos, "internal error: the chain of updates of %v was not undone", p.Name)
				}
				restored[k] = ent
				sub[p.Name] = ent
				local.Add(ent.Var)
				owned.Add(ent.Var)
				continue
			}
			if loopInvariant(l, k) {
				// The initial value itself: its adjoint is carried as a
				// free name's, and the result's adjoint is added once.
				sub[p.Name] = l.Init[k]
				continue
			}
			restored[k] = bb.Let(p.Name.Base, &ir.Index{Arr: save.ckpts[k], Idx: []ir.SubExp{i}})
			sub[p.Name] = restored[k]
			local.Add(restored[k].Var)
			if inactive[k] {
				r.inactive.Add(restored[k].Var)
			}
		}
		body := renameBody(r.b, ir.Substitute(l.Body, sub))
		for k, v := range fvs {
			c.adj[v] = ir.Var(fvbars[k].Name)
			c.owned[fvbars[k].Name] = true
		}
		c.forwardOwning(body.Stms, owned)
		for k, res := range body.Result {
			if res.IsVar() && pbars != nil && !loopInvariant(l, k) {
				c.owned[pbars[k].Name] = true
				c.addTo(res.Var, ir.Var(pbars[k].Name))
			}
		}
		c.reverseStms(body.Stms)
		for n := range ir.BoundInBody(body) {
			local.Add(n)
		}
		var out []ir.SubExp
		seen := ir.Names{}
		own := func(x ir.SubExp) ir.SubExp {
			if !x.IsVar() {
				return x
			}
			t := c.typeOf(x.Var)
			if t.IsArray() && (!c.owned[x.Var] || seen.Has(x.Var)) {
				x = bb.Let("adj", &ir.Copy{Arr: x.Var})
			}
			seen.Add(x.Var)
			return x
		}
		for k := range l.Params {
			if loopInvariant(l, k) {
				out = append(out, own(ir.Var(pbars[k].Name)))
				continue
			}
			out = append(out, own(c.current(restored[k].Var)))
		}
		for _, v := range fvs {
			out = append(out, own(c.current(v)))
		}
		for k := range l.Params {
			if _, ok := save.inplace[k]; !ok {
				continue
			}
			// The return sweep of the body restored the entry array: it is
			// the exit array of the previous iteration.
			back, ok := c.prim[restored[k].Var]
			if !ok {
				fail(s.Pos, "internal error: an array updated in place was not restored")
			}
			out = append(out, ir.Var(back))
		}
		return iter{c: c, body: body, local: local, results: out}
	}
	jName := r.b.Names().New("j")
	r.b.Declare(ir.Param{Name: jName, Type: ir.Scalar(prim.I64)})
	pbars := make([]ir.Param, np)
	for k, p := range l.Params {
		pbars[k] = r.b.Param(p.Name.Base+"_adj", p.Type)
	}
	states := map[int]ir.Param{}
	var stParams []ir.Param
	var stInits []ir.SubExp
	for k, p := range l.Params {
		if _, ok := save.inplace[k]; ok {
			states[k] = r.b.Param(p.Name.Base, p.Type)
			stParams = append(stParams, states[k])
			// The loop's result, as restored by the statements after it.
			fin := s.Pat[k].Name
			if v, ok := r.prim[fin]; ok {
				fin = v
			}
			stInits = append(stInits, r.b.Let(p.Name.Base, &ir.Copy{Arr: fin}))
		}
	}
	// A first, discarded build finds the free names the body changes.
	dry := build(pbars, nil, nil, states, jName)
	fvs := changedFree(r, dry.c, dry.local)
	var keep []ir.VName
	for _, v := range fvs {
		if v != jName && !isParam(pbars, v) {
			keep = append(keep, v)
		}
	}
	fvs = keep
	fvbars := make([]ir.Param, len(fvs))
	for k, v := range fvs {
		fvbars[k] = r.b.Param(v.Base+"_adj", adjType(r, dry.c, v))
	}
	it := build(pbars, fvs, fvbars, states, jName)
	inits := make([]ir.SubExp, 0, np+len(fvs))
	for _, p := range s.Pat[:np] {
		inits = append(inits, r.ownedCurrent(p.Name))
	}
	for _, v := range fvs {
		inits = append(inits, r.ownedCurrent(v))
	}
	inits = append(inits, stInits...)
	params := append(append(append([]ir.Param{}, pbars...), fvbars...), stParams...)
	pat := make([]ir.Param, len(params))
	for k, p := range params {
		pat[k] = r.b.Param(p.Name.Base, p.Type)
	}
	r.b.Bind(pat, &ir.Loop{Params: params, Init: inits,
		Form: &ir.For{I: jName, T: prim.I64, Bound: save.n}, Body: dce(it.c.b.Body(it.results...))})
	for k, v := range fvs {
		r.adj[v] = ir.Var(pat[np+k].Name)
		r.owned[pat[np+k].Name] = true
	}
	for k, x := range l.Init {
		if x.IsVar() {
			r.owned[pat[k].Name] = true
			r.addTo(x.Var, ir.Var(pat[k].Name))
		}
	}
}

func isParam(ps []ir.Param, v ir.VName) bool {
	for _, p := range ps {
		if p.Name == v {
			return true
		}
	}
	return false
}

// ownedCurrent is v's adjoint as a value that may be consumed.
func (r *rev) ownedCurrent(v ir.VName) ir.SubExp {
	if t := r.typeOf(v); !t.IsArray() {
		return r.current(v)
	}
	if acc, ok := r.accFor(v); ok {
		return acc
	}
	return r.ownedAdj(v)
}
