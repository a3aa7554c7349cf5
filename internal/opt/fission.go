package opt

import (
	"slices"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// fission is the rule of tuple partial evaluation and fission (the dF~ paper,
// Fig. 8f and 8g) for reductions; for loops and maps it is DCE's
// (unused parameters and results that nothing live depends on go), and
// tuples themselves are already separate values in this IR, so a
// projection is a choice of name. The rule applies only when a
// component then disappears, as the compound rule of the paper:
//
//   - A component of a reduce or scan whose result is unused goes with
//     every component only it depends on (the operator is split into
//     independent groups and the dead groups are dropped).
//   - A component of a reduce that its operator only selects, returning
//     `if P then a else b` of its two arguments where P depends on the
//     other components alone (a max's tangent: the tangent of whichever
//     argument the max picks), is the element at the index the same
//     selections pick: the reduce tracks the index (from -1 for the
//     neutral element) instead, and the component is that element of
//     its input, or the neutral element for -1. The selected values no
//     longer take part in the reduction, so when they were built from
//     an index outside (a one-hot seed), pull-array fusion makes the
//     result an expression of that index and the rest of the reduce
//     invariant to it.
//
// Both are exact: the same operations decide the same selections.
func (r *rewriter) fission(s *ir.Stm) ([]*ir.Stm, []ir.SubExp, bool) {
	switch e := s.Exp.(type) {
	case *ir.Reduce:
		if pre, res, ok := r.deadComponents(s, e.Op, len(e.Neutral), func(keep []bool, op *ir.Lambda) ir.Exp {
			return &ir.Reduce{W: e.W, Arrs: pick(e.Arrs, keep), Op: op, Neutral: pick(e.Neutral, keep), Comm: e.Comm}
		}); ok {
			return pre, res, true
		}
		return r.selection(s, e)
	case *ir.Scan:
		return r.deadComponents(s, e.Op, len(e.Neutral), func(keep []bool, op *ir.Lambda) ir.Exp {
			return &ir.Scan{W: e.W, Arrs: pick(e.Arrs, keep), Op: op, Neutral: pick(e.Neutral, keep)}
		})
	case *ir.Map:
		if pre, res, ok := r.splitInvariant(s, e); ok {
			return pre, res, true
		}
		return r.splitInvariantRows(s, e)
	}
	return nil, nil, false
}

// resultGroups partitions the results of f into groups that share no
// statement of f's body: result k's group is groups[k].
func resultGroups(f *ir.Lambda) []int {
	n := len(f.Body.Result)
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	// needs[v]: a result that needs the statement binding v.
	owner := map[*ir.Stm]int{}
	bound := map[ir.VName]*ir.Stm{}
	for _, s := range f.Body.Stms {
		for _, p := range s.Pat {
			bound[p.Name] = s
		}
	}
	var need func(k int, v ir.VName)
	need = func(k int, v ir.VName) {
		s, ok := bound[v]
		if !ok {
			return
		}
		if o, seen := owner[s]; seen {
			if a, b := find(o), find(k); a != b {
				parent[a] = b
			}
			return
		}
		owner[s] = k
		for u := range ir.FreeInExp(s.Exp) {
			need(k, u)
		}
		for _, p := range s.Pat {
			for _, d := range p.Type.Shape {
				if d.IsVar() {
					need(k, d.Var)
				}
			}
		}
	}
	for k, x := range f.Body.Result {
		if x.IsVar() {
			need(k, x.Var)
		}
	}
	out := make([]int, n)
	for k := range out {
		out[k] = find(k)
	}
	return out
}

// outside reports whether v is bound outside the body being walked (or is
// a size of the function): code reading only such names is invariant in
// that body.
func (r *rewriter) outside(v ir.VName) bool {
	dp, ok := r.depth[v]
	return ok && dp < r.level || !ok && r.fa.IsSize(v)
}

// splitInvariant splits a map inside a loop or function body into a map
// of the results that depend only on what is bound outside that body and
// a map of the others, when they share no statement: the first is then
// invariant, and hoisting moves it out (loop fission for code motion; a
// forward-mode map of values and tangents over a seed loop computes the
// values once).
func (r *rewriter) splitInvariant(s *ir.Stm, e *ir.Map) ([]*ir.Stm, []ir.SubExp, bool) {
	if len(r.loops) == 0 || !r.loops[len(r.loops)-1] || len(e.F.Ret) < 2 || len(s.Pat) != len(e.F.Ret) || len(e.Arrs) != len(e.F.Params) || impure(e) {
		return nil, nil, false
	}
	for _, p := range e.F.Params {
		if p.Type.Acc {
			return nil, nil, false
		}
	}
	groups := resultGroups(e.F)
	part := func(keep []bool, f *ir.Lambda) (*ir.Stm, bool) {
		f = &ir.Lambda{Params: f.Params, Body: &ir.Body{Stms: f.Body.Stms, Result: pick(f.Body.Result, keep)}, Ret: pick(f.Ret, keep)}
		f.Body = ir.CopyBody(f.Body)
		d := &dce{used: ir.Names{}}
		d.body(f.Body)
		arrs, params := d.inputs(e.Arrs, f)
		f.Params = params
		st := &ir.Stm{Pat: pick(s.Pat, keep), Exp: &ir.Map{W: e.W, Arrs: arrs, F: f}, Pos: s.Pos}
		inv := e.W.IsConst || r.outside(e.W.Var)
		for _, a := range arrs {
			inv = inv && r.outside(a)
		}
		for v := range ir.FreeInLambda(f) {
			inv = inv && r.outside(v)
		}
		return st, inv
	}
	// Try each group as the invariant part.
	tried := map[int]bool{}
	for _, g := range groups {
		if tried[g] {
			continue
		}
		tried[g] = true
		keep := make([]bool, len(groups))
		all := true
		for k, h := range groups {
			keep[k] = h == g
			all = all && keep[k]
		}
		if all {
			return nil, nil, false
		}
		inv, ok := part(keep, e.F)
		if !ok {
			continue
		}
		rest := make([]bool, len(keep))
		for k := range keep {
			rest[k] = !keep[k]
		}
		f := r.freshLambda(e.F)
		other, _ := part(rest, f)
		return []*ir.Stm{inv, other}, patVars(s.Pat), true
	}
	return nil, nil, false
}

// splitInvariantRows moves the scalars a map's function computes by loops
// or reductions from its rows and from names bound outside the enclosing body
// into a map of their own, when the map is inside a loop or map body and
// depends on that body otherwise (the moved statements cannot fail,
// so computing them for every row first changes nothing): the new map
// is invariant, and hoisting
// takes it out, so that work per row that does not depend on the
// enclosing iteration is done once (the count of NaNs a one-hot sum
// leaves inside a map over the seeds, see loopnorm). The moved
// statements stay where something else uses them; the scalars become
// parameters of the map, read from the new map's result.
func (r *rewriter) splitInvariantRows(s *ir.Stm, e *ir.Map) ([]*ir.Stm, []ir.SubExp, bool) {
	if len(r.loops) == 0 || !r.loops[len(r.loops)-1] || len(e.Arrs) != len(e.F.Params) || impure(e) {
		return nil, nil, false
	}
	if !e.W.IsConst && !r.outside(e.W.Var) || !r.fa.Width(e.W, e.Arrs) {
		// (A size check that may fail would keep the new map from being
		// hoisted, and fusion would merge it back.)
		return nil, nil, false
	}
	inv := ir.Names{} // names of the body computed from invariant rows only
	for i, p := range e.F.Params {
		if p.Type.Acc {
			return nil, nil, false
		}
		if r.outside(e.Arrs[i]) {
			inv.Add(p.Name)
		}
	}
	bound := ir.BoundInBody(e.F.Body)
	invStm := map[*ir.Stm]bool{}
	// costly: computed by a loop or a reduction (not a map alone: pull
	// recomputes the elements of cheap maps where they are read, and
	// would move them back).
	costly := map[ir.VName]bool{}
	for _, st := range e.F.Body.Stms {
		ok := true
		heavy := ir.BodyKinds(&ir.Body{Stms: []*ir.Stm{st}})&(ir.KReduce|ir.KScan|ir.KScrema|ir.KHist|ir.KLoop) != 0
		for v := range ir.FreeInExp(st.Exp) {
			switch {
			case inv.Has(v):
				heavy = heavy || costly[v]
			case !bound.Has(v) && (r.fa.IsSize(v) || r.outside(v)):
			default:
				ok = false
			}
		}
		if !ok || r.fa.MayFail(st) {
			continue
		}
		invStm[st] = true
		for _, p := range st.Pat {
			inv.Add(p.Name)
			costly[p.Name] = heavy
		}
	}
	// The frontier: costly invariant scalars that code depending on the
	// enclosing iteration, or the result, reads.
	var front []ir.Param
	seen := ir.Names{}
	use := func(v ir.VName) {
		if !costly[v] || seen.Has(v) {
			return
		}
		if st, k := bindingIn(e.F.Body, v); st != nil && invStm[st] && st.Pat[k].Type.IsScalar() {
			front = append(front, st.Pat[k])
			seen.Add(v)
		}
	}
	for _, st := range e.F.Body.Stms {
		if !invStm[st] {
			for v := range ir.FreeInExp(st.Exp) {
				use(v)
			}
		}
	}
	for _, x := range e.F.Body.Result {
		if x.IsVar() {
			use(x.Var)
		}
	}
	if len(front) == 0 || allInvariantResults(e.F.Body.Result, seen) {
		return nil, nil, false
	}
	// The map itself reads the frontier as parameters: the statements
	// binding it go, with the invariant statements nothing left reads;
	// if something left still reads a name they bind, nothing changes.
	body := restBody(e.F.Body, seen, invStm)
	if body == nil {
		return nil, nil, false
	}
	// The new map: the invariant statements, giving the frontier.
	var stms []*ir.Stm
	for _, st := range e.F.Body.Stms {
		if invStm[st] {
			stms = append(stms, st)
		}
	}
	res := make([]ir.SubExp, len(front))
	ret := make([]ir.Type, len(front))
	for i, p := range front {
		res[i], ret[i] = ir.Var(p.Name), p.Type
	}
	f := r.freshLambda(&ir.Lambda{Params: e.F.Params, Body: &ir.Body{Stms: stms, Result: res}, Ret: ret})
	f.Body = ir.CopyBody(f.Body)
	d := &dce{used: ir.Names{}}
	d.body(f.Body)
	arrs, params := d.inputs(e.Arrs, f)
	f.Params = params
	pat := make([]ir.Param, len(front))
	for i, p := range front {
		pat[i] = r.b.Param(p.Name.Base, p.Type.ArrayOf(e.W))
	}
	split := &ir.Stm{Pat: pat, Exp: &ir.Map{W: e.W, Arrs: arrs, F: f}, Pos: s.Pos}
	g := &ir.Lambda{Params: append(slices.Clone(e.F.Params), front...), Body: &ir.Body{Stms: body, Result: e.F.Body.Result}, Ret: e.F.Ret}
	newArrs := slices.Clone(e.Arrs)
	for _, p := range pat {
		newArrs = append(newArrs, p.Name)
	}
	rest := &ir.Stm{Pat: s.Pat, Exp: &ir.Map{W: e.W, Arrs: newArrs, F: g}, Pos: s.Pos}
	return []*ir.Stm{split, rest}, patVars(s.Pat), true
}

// restBody returns the statements of b that stay in a map whose function
// receives the names in front as parameters: without the statements that
// bind them, and then without the invariant statements that nothing
// remaining reads. It returns nil if a remaining statement or result
// reads another name of a removed statement.
func restBody(b *ir.Body, front ir.Names, inv map[*ir.Stm]bool) []*ir.Stm {
	removed := map[*ir.Stm]bool{}
	for _, st := range b.Stms {
		for _, p := range st.Pat {
			if front.Has(p.Name) {
				removed[st] = true
			}
		}
	}
	reads := func() ir.Names {
		used := ir.Names{}
		for _, st := range b.Stms {
			if !removed[st] {
				for v := range ir.FreeInExp(st.Exp) {
					used.Add(v)
				}
			}
		}
		for _, x := range b.Result {
			if x.IsVar() {
				used.Add(x.Var)
			}
		}
		return used
	}
	for changed := true; changed; {
		changed = false
		used := reads()
		for _, st := range b.Stms {
			if removed[st] || !inv[st] {
				continue
			}
			live := false
			for _, p := range st.Pat {
				live = live || used.Has(p.Name)
			}
			if !live {
				removed[st] = true
				changed = true
			}
		}
	}
	used := reads()
	var out []*ir.Stm
	for _, st := range b.Stms {
		if !removed[st] {
			out = append(out, st)
			continue
		}
		for _, p := range st.Pat {
			if used.Has(p.Name) && !front.Has(p.Name) {
				return nil
			}
		}
	}
	return out
}

// allInvariantResults reports whether every result is one of the names
// (the whole map is then invariant, which hoisting handles).
func allInvariantResults(res []ir.SubExp, names ir.Names) bool {
	for _, x := range res {
		if !x.IsVar() || !names.Has(x.Var) {
			return false
		}
	}
	return true
}

// freshLambda copies l with fresh names for its parameters and
// everything it binds.
func (r *rewriter) freshLambda(l *ir.Lambda) *ir.Lambda {
	sub := map[ir.VName]ir.SubExp{}
	params := make([]ir.Param, len(l.Params))
	for i, p := range l.Params {
		params[i] = r.b.Param(p.Name.Base, p.Type)
		sub[p.Name] = ir.Var(params[i].Name)
	}
	return &ir.Lambda{Params: params, Body: r.fresh(l.Body, sub), Ret: l.Ret}
}

// deps returns, for each result of op (2n parameters), the components
// (0..n-1) whose parameters it depends on.
func deps(op *ir.Lambda, n int) [][]bool {
	// reach[v]: the components name v depends on.
	reach := map[ir.VName][]bool{}
	for i, p := range op.Params {
		d := make([]bool, n)
		d[i%n] = true
		reach[p.Name] = d
	}
	var walk func(b *ir.Body, outer []bool)
	walk = func(b *ir.Body, outer []bool) {
		for _, s := range b.Stms {
			d := make([]bool, n)
			copy(d, outer)
			for v := range ir.FreeInExp(s.Exp) {
				for c, x := range reach[v] {
					d[c] = d[c] || x
				}
			}
			for _, nb := range ir.Bodies(s.Exp) {
				if nb != nil {
					walk(nb, d)
				}
			}
			for _, p := range s.Pat {
				reach[p.Name] = d
			}
		}
	}
	walk(op.Body, make([]bool, n))
	out := make([][]bool, n)
	for i, x := range op.Body.Result {
		out[i] = make([]bool, n)
		out[i][i] = true
		if x.IsVar() {
			for c, y := range reach[x.Var] {
				out[i][c] = out[i][c] || y
			}
		}
	}
	return out
}

// deadComponents drops the components of a reduction (n components,
// operator op) that no used result depends on; build makes the
// reduction of the kept components.
func (r *rewriter) deadComponents(s *ir.Stm, op *ir.Lambda, n int, build func(keep []bool, op *ir.Lambda) ir.Exp) ([]*ir.Stm, []ir.SubExp, bool) {
	if n < 2 || len(op.Params) != 2*n || len(op.Body.Result) != n || len(s.Pat) != n {
		return nil, nil, false
	}
	d := deps(op, n)
	live := make([]bool, n)
	for i, p := range s.Pat {
		u, known := r.uses[p.Name]
		live[i] = !known || u > 0
	}
	for changed := true; changed; {
		changed = false
		for i := range live {
			if !live[i] {
				continue
			}
			for c, x := range d[i] {
				if x && !live[c] {
					live[c], changed = true, true
				}
			}
		}
	}
	kept := 0
	for _, l := range live {
		if l {
			kept++
		}
	}
	if kept == n || kept == 0 {
		return nil, nil, false
	}
	keep2 := append(append([]bool(nil), live...), live...)
	nop := &ir.Lambda{
		Params: pick(op.Params, keep2),
		Body:   &ir.Body{Stms: op.Body.Stms, Result: pick(op.Body.Result, live)},
		Ret:    pick(op.Ret, live),
	}
	// The statements only dead components needed read their dropped
	// parameters: remove them.
	nop.Body = ir.CopyBody(nop.Body)
	(&dce{used: ir.Names{}}).body(nop.Body)
	// Nothing reads the dead results, which no rule can start reading.
	res := patVars(s.Pat)
	st := &ir.Stm{Pat: pick(s.Pat, live), Exp: build(live, nop), Pos: s.Pos}
	return []*ir.Stm{st}, res, true
}

// selection rewrites the components of a reduce that its operator only
// selects (see fission).
func (r *rewriter) selection(s *ir.Stm, e *ir.Reduce) ([]*ir.Stm, []ir.SubExp, bool) {
	n := len(e.Neutral)
	op := e.Op
	if n < 2 || len(op.Params) != 2*n || len(op.Body.Result) != n || len(s.Pat) != n || len(e.Arrs) != n {
		return nil, nil, false
	}
	uses := map[ir.VName]int{}
	(&ir.Visitor{Use: func(v ir.VName) { uses[v]++ }}).Body(op.Body)
	// A selected component i: its result is bound by an if (sel) whose
	// branches return params i and n+i (in some order) for it, and
	// those params are used only there.
	var sel *ir.Stm
	var swapped bool
	selected := make([]bool, n)
	count := 0
	for i := 0; i < n; i++ {
		x := op.Body.Result[i]
		if !x.IsVar() {
			continue
		}
		st, k := bindingIn(op.Body, x.Var)
		if st == nil {
			continue
		}
		iff, ok := st.Exp.(*ir.If)
		if !ok || sel != nil && st != sel {
			continue
		}
		a, b := op.Params[i].Name, op.Params[n+i].Name
		t, f := iff.Then.Result[k], iff.Else.Result[k]
		var sw bool
		switch {
		case t.Equal(ir.Var(a)) && f.Equal(ir.Var(b)):
		case t.Equal(ir.Var(b)) && f.Equal(ir.Var(a)):
			sw = true
		default:
			continue
		}
		// An index already (selecting from iota) stays.
		if sel != nil && sw != swapped || uses[a] != 1 || uses[b] != 1 || op.Params[i].Type.Acc || !op.Params[i].Type.IsScalar() || r.isIota(e.Arrs[i], e.W) {
			continue
		}
		sel, swapped = st, sw
		selected[i] = true
		count++
	}
	if sel == nil || count == n || r.fa.LambdaMayFail(op) || !r.fa.Width(e.W, e.Arrs) {
		return nil, nil, false
	}
	// The new operator: the other components, and an index pair.
	b := r.b.Sub()
	iota := b.Let("iota", &ir.Iota{N: e.W, T: prim.I64})
	keep := make([]bool, n)
	for i := range keep {
		keep[i] = !selected[i]
	}
	ia := r.b.Param("ia", ir.Scalar(prim.I64))
	ib := r.b.Param("ib", ir.Scalar(prim.I64))
	params := append(append(append(pick(op.Params[:n], keep), ia), pick(op.Params[n:], keep)...), ib)
	iff := sel.Exp.(*ir.If)
	th, el := ir.Var(ia.Name), ir.Var(ib.Name)
	if swapped {
		th, el = el, th
	}
	idx := r.b.Param("idx", ir.Scalar(prim.I64))
	stms := append(append([]*ir.Stm(nil), op.Body.Stms...), &ir.Stm{
		Pat: []ir.Param{idx},
		Exp: &ir.If{Cond: iff.Cond, Then: &ir.Body{Result: []ir.SubExp{th}}, Else: &ir.Body{Result: []ir.SubExp{el}}, Ret: []ir.Type{idx.Type}},
		Pos: sel.Pos,
	})
	nop := &ir.Lambda{
		Params: params,
		Body:   &ir.Body{Stms: stms, Result: append(pick(op.Body.Result, keep), ir.Var(idx.Name))},
		Ret:    append(pick(op.Ret, keep), idx.Type),
	}
	// The selected components' parameters are gone; their selection
	// becomes dead in the old if, which DCE trims.
	nsub := map[ir.VName]ir.SubExp{}
	for i := 0; i < n; i++ {
		if selected[i] {
			z := ir.Const(constOf(op.Params[i].Type.Elem, 0))
			nsub[op.Params[i].Name], nsub[op.Params[n+i].Name] = z, z
		}
	}
	nop = ir.SubstituteLambda(nop, nsub)
	arrs := append(pick(e.Arrs, keep), iota.Var)
	ne := append(pick(e.Neutral, keep), ir.I64(-1))
	red := r.b.Param("idx", ir.Scalar(prim.I64))
	pat := append(pick(s.Pat, keep), red)
	r.declare(pat)
	b.Bind(pat, &ir.Reduce{W: e.W, Arrs: arrs, Op: nop, Neutral: ne, Comm: e.Comm})
	g := r.guard(b, ir.Var(red.Name), e.W)
	res := make([]ir.SubExp, n)
	for i, p := range s.Pat {
		if !selected[i] {
			res[i] = ir.Var(p.Name)
			continue
		}
		tb := r.b.Sub()
		v := tb.Index(e.Arrs[i], ir.Var(red.Name))
		res[i] = b.Let(p.Name.Base, &ir.If{Cond: g, Then: tb.Body(v), Else: &ir.Body{Result: []ir.SubExp{e.Neutral[i]}}, Ret: []ir.Type{p.Type}})
	}
	return b.Stms(), res, true
}
