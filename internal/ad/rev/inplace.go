package rev

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// In-place updates (AD-NOTES "In-place update"): the forward sweep of
// xs2 = xs with [region] = v saves xs[region] and updates in place; the
// return sweep adds xs2'[region] to v', zeroes that region of the adjoint
// in place and writes the saved region back into xs2, which gives xs again
// under a new name. Later (earlier in program order) statements of the
// return sweep read that name instead of xs. The work is that of the
// region, not of the array.
//
// An if whose branches update an array of the scope in place (a link:
// see ifLink) is treated the same way: its forward sweep updates in
// place and returns, after its own results, what the branch taken
// overwrote (the records of its links); the return sweep's if writes
// the records back in the same branch, which gives the array at the
// entry of the if, re-runs the branch on it in place and restores it
// again while propagating adjoints.

// inplaceSet is what a scope may update in place: updates, and ifs that
// update arrays of the scope in their branches.
type inplaceSet struct {
	up  map[*ir.Stm]bool
	ifs map[*ir.Stm]*ifLink
	// aliased: names used in a way that may alias or consume them.
	aliased ir.Names
}

// has reports whether s is done in place (an update or a link).
func (p *inplaceSet) has(s *ir.Stm) bool {
	if p == nil {
		return false
	}
	return p.up[s] || p.ifs[s] != nil
}

// ifLink is an if that updates arrays of the enclosing scope in place:
// each of arrs is consumed by the if and comes out as its result res[j],
// in each branch either as it is or through a chain of updates at fixed
// indices and nested links.
type ifLink struct {
	arrs []ir.VName
	res  []int
	// links are the statements of the chains of arrs in each branch
	// (then, else), in body order; sub holds the nested links among them,
	// restricted to the chains.
	links [2][]*ir.Stm
	sub   map[*ir.Stm]*ifLink
}

// inplaceUpdates returns the updates of stms whose destination the scope
// owns outright: bound in stms by a statement making fresh storage (or in
// own), and read elsewhere in the scope only by element reads, copies or
// from inside SOAC lambdas, so that no alias can observe the update or
// the restore; and the ifs whose branches update such arrays that way.
func inplaceUpdates(stms []*ir.Stm, own ir.Names) *inplaceSet {
	return inplaceAt(stms, own, 0)
}

// maxLinkDepth bounds the nesting of links: each level of a link returns
// the records of all the levels inside it and its return sweep re-runs
// them, so the code grows with the square of the depth. Deeper ifs
// update copies.
const maxLinkDepth = 8

// inplaceAt is inplaceUpdates for stms inside depth links.
func inplaceAt(stms []*ir.Stm, own ir.Names, depth int) *inplaceSet {
	fresh := ir.Names{}
	for n := range own {
		fresh.Add(n)
	}
	out := &inplaceSet{up: map[*ir.Stm]bool{}, ifs: map[*ir.Stm]*ifLink{}, aliased: ir.Names{}}
	// Names used in a way that may alias or consume them.
	aliased := out.aliased
	mark := &ir.Visitor{Use: func(n ir.VName) { aliased.Add(n) }}
	// The arrays an if could update in place, whatever the scope owns.
	maybe := map[*ir.Stm]*ifLink{}
	for _, s := range stms {
		switch e := s.Exp.(type) {
		case *ir.Index:
			for _, x := range e.Idx {
				mark.Exp(&ir.Atom{X: x})
			}
			if t := s.Pat[0].Type; !t.IsScalar() {
				aliased.Add(e.Arr)
			}
		case *ir.Copy, *ir.Size:
		case *ir.Update:
			for _, d := range e.Dims {
				for _, x := range []ir.SubExp{d.I, d.Start, d.End, d.Stride} {
					if !x.IsNone() {
						mark.Exp(&ir.Atom{X: x})
					}
				}
			}
			mark.Exp(&ir.Atom{X: e.Val})
		case *ir.Map, *ir.Reduce, *ir.Scan, *ir.Hist, *ir.Scatter, *ir.Screma:
			// Lambdas read free arrays without aliasing them; what the
			// SOAC's results may share (a reduction's neutral element,
			// destinations) and what it consumes is aliased.
			for _, srcs := range ir.AliasSources(s) {
				for _, n := range srcs {
					aliased.Add(n)
				}
			}
			for _, n := range ir.ConsumingOperands(s.Exp) {
				aliased.Add(n)
			}
		case *ir.If:
			// The branches use the arrays of a possible link only by
			// element reads and the chain (analyseIf checks), everything
			// else counts.
			var lk *ifLink
			if depth < maxLinkDepth {
				lk = analyseIf(e, ir.FreeInExp(e), depth)
			}
			skip := ir.Names{}
			if lk != nil {
				maybe[s] = lk
				for _, a := range lk.arrs {
					skip.Add(a)
				}
			}
			(&ir.Visitor{Use: func(n ir.VName) {
				if !skip.Has(n) {
					aliased.Add(n)
				}
			}}).Stm(s)
		default:
			mark.Stm(s)
		}
	}
	for _, s := range stms {
		// Results that share no storage (ir.AliasSources) are fresh.
		for i, srcs := range ir.AliasSources(s) {
			if p := s.Pat[i]; len(srcs) == 0 && !p.Type.IsScalar() {
				fresh.Add(p.Name)
			}
		}
		switch e := s.Exp.(type) {
		case *ir.Update:
			// The result is restored in place too: it may not be aliased.
			if fresh.Has(e.Arr) && !aliased.Has(e.Arr) && !aliased.Has(s.Pat[0].Name) {
				out.up[s] = true
				fresh.Add(s.Pat[0].Name)
			}
		case *ir.If:
			lk := maybe[s]
			if lk == nil {
				continue
			}
			cands := ir.Names{}
			for j, a := range lk.arrs {
				if fresh.Has(a) && !aliased.Has(a) && !aliased.Has(s.Pat[lk.res[j]].Name) {
					cands.Add(a)
				}
			}
			if len(cands) == 0 {
				continue
			}
			if len(cands) < len(lk.arrs) {
				lk = analyseIf(e, cands, depth)
			}
			if lk == nil {
				continue
			}
			out.ifs[s] = lk
			for _, k := range lk.res {
				fresh.Add(s.Pat[k].Name)
			}
		}
	}
	return out
}

// analyseIf returns the link that if e is for the arrays among cands it
// can update in place, or nil: in both branches the array is updated
// only at fixed indices by updates and nested links done in place
// (inplaceUpdates of the branch owning cands), read otherwise only by
// element reads, and the end of its chain (or the array itself, in a
// branch that does not update it) is one result, at the same position in
// both branches, that no other result aliases.
func analyseIf(e *ir.If, cands ir.Names, depth int) *ifLink {
	bodies := [2]*ir.Body{e.Then, e.Else}
	var ips [2]*inplaceSet
	for k, body := range bodies {
		ips[k] = inplaceAt(body.Stms, cands, depth+1)
	}
	lk := &ifLink{sub: map[*ir.Stm]*ifLink{}}
	inChain := [2]map[*ir.Stm]bool{{}, {}}
	enter := map[*ir.Stm]ir.Names{} // the chain names entering a nested link
	enterIn := map[*ir.Stm]int{}    // and its branch
	for _, a := range cands.Sorted() {
		pos := -1
		ok, updated := true, false
		chains := [2][]*ir.Stm{}
		entering := map[*ir.Stm]ir.VName{}
		for k, body := range bodies {
			cur := a
			names := ir.Names{}
			names.Add(a)
			for _, st := range body.Stms {
				switch x := st.Exp.(type) {
				case *ir.Update:
					if x.Arr != cur {
						continue
					}
					if !ips[k].up[st] {
						ok = false
					}
					for _, d := range x.Dims {
						ok = ok && d.Fixed
					}
					chains[k] = append(chains[k], st)
					cur = st.Pat[0].Name
				case *ir.If:
					sub := ips[k].ifs[st]
					j := -1
					if sub != nil {
						for i, v := range sub.arrs {
							if v == cur {
								j = i
							}
						}
					}
					if j < 0 {
						if ir.FreeInExp(x).Has(cur) && ips[k].aliased.Has(cur) {
							ok = false
						}
						continue
					}
					chains[k] = append(chains[k], st)
					entering[st] = cur
					enterIn[st] = k
					cur = st.Pat[sub.res[j]].Name
				default:
					continue
				}
				names.Add(cur)
			}
			if cur == a && ips[k].aliased.Has(a) {
				ok = false
			}
			// Exactly one result is in the chain: its end.
			p := -1
			for i, res := range body.Result {
				if !res.IsVar() || !names.Has(res.Var) {
					continue
				}
				if res.Var != cur || p >= 0 {
					ok = false
				}
				p = i
			}
			if p < 0 || (pos >= 0 && p != pos) {
				ok = false
			}
			pos = p
			updated = updated || cur != a
		}
		if !ok || !updated {
			continue
		}
		lk.arrs = append(lk.arrs, a)
		lk.res = append(lk.res, pos)
		for k := range bodies {
			for _, st := range chains[k] {
				inChain[k][st] = true
			}
		}
		for st, v := range entering {
			if enter[st] == nil {
				enter[st] = ir.Names{}
			}
			enter[st].Add(v)
		}
	}
	if len(lk.arrs) == 0 {
		return nil
	}
	for k, body := range bodies {
		for _, st := range body.Stms {
			if inChain[k][st] {
				lk.links[k] = append(lk.links[k], st)
			}
		}
	}
	// A nested link keeps only the chains of this one: the regions of
	// other arrays of its branches have no shape known out here.
	for st, names := range enter {
		sub := ips[enterIn[st]].ifs[st]
		if len(sub.arrs) != len(names) {
			// Analysed again for the chains alone (usually it is already).
			sub = analyseIf(st.Exp.(*ir.If), names, depth+1)
		}
		if sub == nil || len(sub.arrs) != len(names) {
			return nil
		}
		lk.sub[st] = sub
	}
	return lk
}

// recCount is the number of values a link saves: for an update its region
// and its indices; for an if its condition and the records of the links
// of both branches.
func recCount(st *ir.Stm, lk *ifLink) int {
	if u, ok := st.Exp.(*ir.Update); ok {
		return 1 + len(u.Dims)
	}
	n := 1
	for k := range lk.links {
		for _, l := range lk.links[k] {
			n += recCount(l, lk.sub[l])
		}
	}
	return n
}

// recTypes are the types of the values link st saves. shapes gives the
// shape of every array its chains update (as names of the enclosing
// scope) and learns those of the arrays they make.
func recTypes(st *ir.Stm, lk *ifLink, shapes map[ir.VName]ir.Shape) []ir.Type {
	if u, ok := st.Exp.(*ir.Update); ok {
		sh := shapes[u.Arr]
		shapes[st.Pat[0].Name] = sh
		out := []ir.Type{{Elem: st.Pat[0].Type.Elem, Shape: sh[len(u.Dims):]}}
		for range u.Dims {
			out = append(out, ir.Scalar(prim.I64))
		}
		return out
	}
	for j, a := range lk.arrs {
		shapes[st.Pat[lk.res[j]].Name] = shapes[a]
	}
	out := []ir.Type{ir.Scalar(prim.Bool)}
	for k := range lk.links {
		out = append(out, branchTypes(lk, k, shapes)...)
	}
	return out
}

func branchTypes(lk *ifLink, k int, shapes map[ir.VName]ir.Shape) []ir.Type {
	var out []ir.Type
	for _, l := range lk.links[k] {
		out = append(out, recTypes(l, lk.sub[l], shapes)...)
	}
	return out
}

// blank is a value of type t standing for a record of the branch not
// taken.
func blank(b *ir.Builder, t ir.Type) ir.SubExp {
	if t.IsScalar() {
		return zeroOf(t.Elem)
	}
	return b.Let("saved", &ir.Scratch{Elem: t.Elem, Shape: t.Shape})
}

// emitLink emits link st into b, updating in place, and returns what it
// saved (recTypes gives their types).
func emitLink(b *ir.Builder, st *ir.Stm, lk *ifLink, shapes map[ir.VName]ir.Shape) []ir.SubExp {
	u, ok := st.Exp.(*ir.Update)
	if !ok {
		return emitIf(b, st, lk, shapes)
	}
	part := region(b, u.Arr, u.Dims)
	if part.IsVar() && b.Type(part).IsArray() {
		// A row is a view of the array; keep its own copy.
		part = b.Let(u.Arr.Base+"_saved", &ir.Copy{Arr: part.Var})
	}
	shapes[st.Pat[0].Name] = shapes[u.Arr]
	b.Add(st)
	out := []ir.SubExp{part}
	for _, d := range u.Dims {
		out = append(out, d.I)
	}
	return out
}

// emitIf emits the forward sweep of link s: the if with its chains
// updated in place, which also returns the records of the links of both
// branches (blank ones for the branch not taken). It returns the
// condition and those records.
func emitIf(b *ir.Builder, s *ir.Stm, lk *ifLink, shapes map[ir.VName]ir.Shape) []ir.SubExp {
	e := s.Exp.(*ir.If)
	for j, a := range lk.arrs {
		shapes[s.Pat[lk.res[j]].Name] = shapes[a]
	}
	var types [2][]ir.Type
	for k := range types {
		types[k] = branchTypes(lk, k, shapes)
	}
	var bodies [2]*ir.Body
	for k, body := range []*ir.Body{e.Then, e.Else} {
		sb := b.Sub()
		links := map[*ir.Stm]bool{}
		for _, l := range lk.links[k] {
			links[l] = true
		}
		var recs [2][]ir.SubExp
		for _, st := range body.Stms {
			sb.Pos = st.Pos
			if links[st] {
				recs[k] = append(recs[k], emitLink(sb, st, lk.sub[st], shapes)...)
				continue
			}
			sb.Add(keepOperands(sb, st))
		}
		for _, t := range types[1-k] {
			recs[1-k] = append(recs[1-k], blank(sb, t))
		}
		bodies[k] = sb.Body(append(append(append([]ir.SubExp{}, body.Result...), recs[0]...), recs[1]...)...)
	}
	pat := append([]ir.Param{}, s.Pat...)
	ret := append([]ir.Type{}, e.Ret...)
	out := []ir.SubExp{e.Cond}
	for k := range types {
		for _, t := range types[k] {
			p := b.Param("saved", t)
			pat = append(pat, p)
			ret = append(ret, t)
			out = append(out, ir.Var(p.Name))
		}
	}
	b.Add(&ir.Stm{Pat: pat, Exp: &ir.If{Cond: e.Cond, Then: bodies[0], Else: bodies[1], Ret: ret}, Pos: s.Pos})
	return out
}

// keepLinkIf is link s with its chains left to update in place and the
// other statements of its branches not consuming outer arrays
// (keepOperands).
func keepLinkIf(b *ir.Builder, s *ir.Stm, lk *ifLink) *ir.Stm {
	e := s.Exp.(*ir.If)
	keep := func(k int, body *ir.Body) *ir.Body {
		sb := b.Sub()
		links := map[*ir.Stm]bool{}
		for _, l := range lk.links[k] {
			links[l] = true
		}
		for _, st := range body.Stms {
			sb.Pos = st.Pos
			switch {
			case links[st] && lk.sub[st] != nil:
				sb.Add(keepLinkIf(sb, st, lk.sub[st]))
			case links[st]:
				sb.Add(st)
			default:
				sb.Add(keepOperands(sb, st))
			}
		}
		return sb.Body(body.Result...)
	}
	c := *e
	c.Then, c.Else = keep(0, e.Then), keep(1, e.Else)
	return &ir.Stm{Pat: s.Pat, Exp: &c, Pos: s.Pos}
}

// undoLink writes back what link st overwrote, given the values it saved:
// m maps names to their current storage; the arrays st consumed get the
// restored ones. Arrays of st with no current storage in m are left.
func undoLink(b *ir.Builder, st *ir.Stm, lk *ifLink, vals []ir.SubExp, m map[ir.VName]ir.SubExp) {
	if u, ok := st.Exp.(*ir.Update); ok {
		x, ok := m[st.Pat[0].Name]
		if !ok {
			return
		}
		dims := make([]ir.DimSlice, len(u.Dims))
		for d := range dims {
			dims[d] = ir.DimSlice{Fixed: true, I: vals[1+d]}
		}
		m[u.Arr] = b.Let(u.Arr.Base, &ir.Update{Arr: x.Var, Dims: dims, Val: vals[0]})
		return
	}
	e := st.Exp.(*ir.If)
	var track []int
	for j := range lk.arrs {
		if _, ok := m[st.Pat[lk.res[j]].Name]; ok {
			track = append(track, j)
		}
	}
	if len(track) == 0 {
		return
	}
	rest := vals[1:]
	var bodies [2]*ir.Body
	var ret []ir.Type
	for k, body := range []*ir.Body{e.Then, e.Else} {
		n := 0
		for _, l := range lk.links[k] {
			n += recCount(l, lk.sub[l])
		}
		mine := rest[:n]
		rest = rest[n:]
		sb := b.Sub()
		mm := map[ir.VName]ir.SubExp{}
		for _, j := range track {
			mm[body.Result[lk.res[j]].Var] = m[st.Pat[lk.res[j]].Name]
		}
		undoLinks(sb, lk.links[k], lk.sub, mine, mm)
		var res []ir.SubExp
		for _, j := range track {
			res = append(res, mm[lk.arrs[j]])
		}
		bodies[k] = sb.Body(res...)
	}
	var pat []ir.Param
	for _, j := range track {
		t := b.Type(m[st.Pat[lk.res[j]].Name])
		ret = append(ret, t)
		pat = append(pat, b.Param(lk.arrs[j].Base, t))
	}
	b.Bind(pat, &ir.If{Cond: vals[0], Then: bodies[0], Else: bodies[1], Ret: ret})
	for i, j := range track {
		m[lk.arrs[j]] = ir.Var(pat[i].Name)
	}
}

// undoLinks undoes links, last first, from the concatenation of their
// records.
func undoLinks(b *ir.Builder, links []*ir.Stm, sub map[*ir.Stm]*ifLink, recs []ir.SubExp, m map[ir.VName]ir.SubExp) {
	for u := len(links) - 1; u >= 0; u-- {
		n := recCount(links[u], sub[links[u]])
		undoLink(b, links[u], sub[links[u]], recs[len(recs)-n:], m)
		recs = recs[:len(recs)-n]
	}
}

// unsavedUpdates returns the updates of stms that may be done in place
// without saving anything, for a scope whose primal arrays its return
// sweep may not write into (the body of an mjp's function): those of
// arrays that the scope owns and reads otherwise only by element reads,
// sizes and copies, whose return sweeps never read the array again, and
// whose sizes are known without it. Other updates copy their array.
func (r *rev) unsavedUpdates(stms []*ir.Stm, own ir.Names) map[*ir.Stm]bool {
	ip := inplaceUpdates(stms, own)
	other := ir.Names{} // arrays used in another way
	mark := &ir.Visitor{Use: func(n ir.VName) { other.Add(n) }}
	for _, s := range stms {
		switch e := s.Exp.(type) {
		case *ir.Index:
			if !s.Pat[0].Type.IsScalar() {
				other.Add(e.Arr)
			}
		case *ir.Size, *ir.Copy:
		case *ir.Update:
			if !ip.up[s] {
				other.Add(e.Arr)
			}
			mark.Exp(&ir.Atom{X: e.Val})
		default:
			mark.Stm(s)
		}
	}
	out := map[*ir.Stm]bool{}
	for s := range ip.up {
		u := s.Exp.(*ir.Update)
		known := true
		for _, d := range r.typeOf(u.Arr).Shape {
			known = known && !d.IsNone()
		}
		if known && !other.Has(u.Arr) {
			out[s] = true
		}
	}
	return out
}

// ifSave is what the forward sweep of a link kept for its return sweep.
type ifSave struct {
	orig *ir.Stm // the if as analysed: its branches hold the links
	lk   *ifLink
	recs []ir.SubExp // the condition, then the records of both branches
}

// forwardIf emits the forward sweep of link s.
func (r *rev) forwardIf(s *ir.Stm, lk *ifLink) {
	shapes := map[ir.VName]ir.Shape{}
	for _, a := range lk.arrs {
		shapes[a] = r.shapeOf(a)
	}
	r.links[s] = &ifSave{orig: s, lk: lk, recs: emitIf(r.b, s, lk, shapes)}
}

// forwardUpdate emits the forward sweep of an in-place update: save the
// region about to be overwritten, then update in place.
func (r *rev) forwardUpdate(s *ir.Stm, e *ir.Update) {
	part := region(r.b, e.Arr, e.Dims)
	if part.IsVar() && r.b.Type(part).IsArray() {
		// A slice is a view of the array; keep its own copy.
		part = r.b.Let(e.Arr.Base+"_saved", &ir.Copy{Arr: part.Var})
	}
	r.saved[s] = part
	r.b.Add(s)
}

// restore writes the saved region back into xs2 (consumed) and makes the
// rest of the return sweep read the result wherever it read xs.
func (r *rev) restore(s *ir.Stm, e *ir.Update, saved ir.SubExp) {
	y := s.Pat[0].Name
	cur := y
	if v, ok := r.prim[y]; ok {
		cur = v
	}
	back := r.b.Let(e.Arr.Base, &ir.Update{Arr: cur, Dims: e.Dims, Val: saved})
	r.prim[e.Arr] = back.Var
}

// currentPrim is the storage of primal array v at this point of the
// return sweep.
func (r *rev) currentPrim(v ir.VName) ir.SubExp {
	if w, ok := r.prim[v]; ok {
		return ir.Var(w)
	}
	return ir.Var(v)
}

// undoIf is the return sweep of a link through which no adjoint flows:
// its records written back give the arrays it consumed.
func (r *rev) undoIf(s *ir.Stm, save *ifSave) {
	m := map[ir.VName]ir.SubExp{}
	for _, k := range save.lk.res {
		m[s.Pat[k].Name] = r.currentPrim(s.Pat[k].Name)
	}
	undoLink(r.b, save.orig, save.lk, save.recs, m)
	for _, a := range save.lk.arrs {
		r.prim[a] = m[a].Var
	}
}

// substStm returns s with the names r.prim renames replaced, keeping
// what the forward sweep recorded under the original statement, and the
// renamed names it reads.
func (r *rev) substStm(s *ir.Stm) (*ir.Stm, map[ir.VName]ir.VName) {
	if len(r.prim) == 0 {
		return s, nil
	}
	free := ir.FreeInExp(s.Exp)
	sub := map[ir.VName]ir.SubExp{}
	used := map[ir.VName]ir.VName{}
	for k, v := range r.prim {
		if free.Has(k) {
			sub[k] = ir.Var(v)
			used[k] = v
		}
	}
	if len(sub) == 0 {
		return s, nil
	}
	body := ir.Substitute(&ir.Body{Stms: []*ir.Stm{s}}, sub)
	t := body.Stms[0]
	if c, ok := r.ckpt[s]; ok {
		r.ckpt[t] = c
	}
	if c, ok := r.saved[s]; ok {
		r.saved[t] = c
	}
	if c, ok := r.links[s]; ok {
		r.links[t] = c
	}
	return t, used
}

// rekey moves the adjoints of the names in used from one key to the
// other (adjoints stay keyed by the original names between statements).
func (r *rev) rekey(used map[ir.VName]ir.VName, toNew bool) {
	for k, v := range used {
		from, to := k, v
		if !toNew {
			from, to = v, k
		}
		if a, ok := r.adj[from]; ok {
			r.adj[to] = a
			delete(r.adj, from)
		}
	}
}

// restores reports whether the return sweep writes into v's storage:
// v is the result of an in-place update or link of this scope.
func (r *rev) restores(v ir.VName) bool {
	for s := range r.saved {
		if s.Pat[0].Name == v {
			return true
		}
	}
	for s, save := range r.links {
		for _, k := range save.lk.res {
			if s.Pat[k].Name == v {
				return true
			}
		}
	}
	return false
}

// inplaceParams finds the array parameters of loop l that the body only
// updates in place, element by element or row by row (fixed indices),
// directly or through links, returning for each its chain of updates and
// links in body order, and the links. Such a parameter needs no
// checkpoint per iteration: the forward sweep saves the records of each
// iteration's chain, and the return sweep rebuilds the array at the
// entry of an iteration from the one at its exit.
func inplaceParams(l *ir.Loop) (map[int][]*ir.Stm, map[*ir.Stm]*ifLink) {
	own := ir.Names{}
	for _, p := range l.Params {
		if p.Type.IsArray() {
			own.Add(p.Name)
		}
	}
	ip := inplaceUpdates(l.Body.Stms, own)
	out := map[int][]*ir.Stm{}
	for k, p := range l.Params {
		if !p.Type.IsArray() || loopInvariant(l, k) {
			continue
		}
		cur := p.Name
		var chain []*ir.Stm
		ok := true
		for _, s := range l.Body.Stms {
			switch e := s.Exp.(type) {
			case *ir.Update:
				if e.Arr != cur {
					continue
				}
				if !ip.up[s] {
					ok = false
				}
				for _, d := range e.Dims {
					ok = ok && d.Fixed
				}
				cur = s.Pat[0].Name
			case *ir.If:
				lk := ip.ifs[s]
				j := -1
				if lk != nil {
					for i, a := range lk.arrs {
						if a == cur {
							j = i
						}
					}
				}
				if j < 0 {
					continue
				}
				// A link of several parameters is in the chain of each,
				// saved and undone once per parameter.
				cur = s.Pat[lk.res[j]].Name
			default:
				continue
			}
			if !ok {
				break
			}
			chain = append(chain, s)
		}
		res := l.Body.Result[k]
		if ok && len(chain) > 0 && res.IsVar() && res.Var == cur {
			out[k] = chain
		}
	}
	return out, ip.ifs
}

// inplaceSave is what the forward sweep of a loop keeps for a parameter
// updated in place: per link of its chain, the values it saved (see
// recTypes), one row per iteration.
type inplaceSave struct {
	links []*ir.Stm
	sub   map[*ir.Stm]*ifLink
	recs  [][]ir.VName
}
