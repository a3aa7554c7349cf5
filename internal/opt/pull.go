package opt

import (
	"slices"

	"github.com/fluxion-lang/fluxion/internal/ir"
)

// cheapProducer bounds the statements of a map's function that the pull
// rule copies into a map that reads the map's result as an input in a
// nested body (recomputing it there instead of reading it).
const cheapProducer = 4

// pull is the rule of pull-array fusion (the dF~ paper, Fig. 8c: an index
// into build n f is f applied to the index). In this IR:
//
//   - (map f xs ys ...)[i] is f's body on xs[i], ys[i], ... when i is
//     known to be in bounds and f cannot fail, unless f is costly and
//     the index is in a body nested two deep or more in the map's (it
//     may be read many times); an iota input's row is i itself;
//   - (iota n)[i] is i (from 0 by 1) and (replicate n v)[i] is v, for i
//     known to be in bounds;
//   - (rearrange perm a)[i, j, ...] indexes a with the indices permuted;
//   - a map that reads, in a nested body, the result of a cheap map
//     (at most cheapProducer scalar statements that cannot fail) of the
//     same width as an input recomputes the element from that map's
//     inputs instead (so a one-hot seed built outside is an expression
//     of the index inside); in the same body, a map that alone reads a
//     result of another map that stays for its other results computes
//     that result itself when it takes at most cheapProducer such
//     statements (cheapResult);
//   - a map of constant width at most smallWidth whose function has at
//     most smallBody statements is the array literal of its elements,
//     each f's body on the inputs' rows (indices into literals then
//     fold away, and with them small arrays such as 3-vectors); such a
//     reduction is the left fold of its operator from the neutral
//     element;
//
// Indices are in bounds when the context proves it (see rewriter), so
// no bounds error can disappear; all of it is exact.
func (r *rewriter) pull(s *ir.Stm) ([]*ir.Stm, []ir.SubExp, bool) {
	switch e := s.Exp.(type) {
	case *ir.Index:
		if len(s.Pat) == 1 {
			return r.pullIndex(s, e)
		}
	case *ir.Map:
		if pre, res, ok := r.pullInputs(s, e); ok {
			return pre, res, true
		}
		return r.unrollSmall(s, e)
	case *ir.Rearrange:
		return r.interchange(s, e)
	case *ir.Reduce:
		return r.unrollReduce(s, e)
	case *ir.Update:
		return r.literalRow(s, e)
	}
	return nil, nil, false
}

// literalRow writes a row update whose value is an array literal of at
// most smallUpdate scalars as that many element updates, when the row's
// indices are known to be in bounds and its size is the literal's (so
// nothing can fail): the literal need not be built to be copied in (a
// reverse-mode checkpoint of a small vector a loop carries as its
// elements, see vectorParams).
func (r *rewriter) literalRow(s *ir.Stm, e *ir.Update) ([]*ir.Stm, []ir.SubExp, bool) {
	if len(s.Pat) != 1 || !e.Val.IsVar() {
		return nil, nil, false
	}
	lit, ok := r.w.defs[e.Val.Var].(*ir.ArrayLit)
	if !ok || !lit.Elem.IsScalar() || len(lit.Elems) == 0 || len(lit.Elems) > smallUpdate {
		return nil, nil, false
	}
	t, ok := r.typeOf(ir.Var(e.Arr))
	if !ok || t.Acc || !r.w.exact.Has(e.Arr) || t.Rank() != len(e.Dims)+1 {
		return nil, nil, false
	}
	if n := t.Shape[t.Rank()-1]; !n.IsConst || n.Const.Int() != int64(len(lit.Elems)) {
		return nil, nil, false
	}
	for k, d := range e.Dims {
		if !d.Fixed || !r.nonnegative(d.I) || !r.lessThan(d.I, t.Shape[k]) {
			return nil, nil, false
		}
	}
	var out []*ir.Stm
	arr := e.Arr
	for j, x := range lit.Elems {
		dims := append(append([]ir.DimSlice(nil), e.Dims...), ir.DimSlice{Fixed: true, I: ir.I64(int64(j))})
		p := r.b.Param(s.Pat[0].Name.Base, s.Pat[0].Type)
		out = append(out, &ir.Stm{Pat: []ir.Param{p}, Exp: &ir.Update{Arr: arr, Dims: dims, Val: x}, Pos: s.Pos})
		arr = p.Name
	}
	for _, st := range out {
		r.declare(st.Pat)
	}
	return out, []ir.SubExp{ir.Var(arr)}, true
}

// smallWidth and smallBody bound the SOACs unrollSmall and unrollReduce
// write out: a constant width of at most smallWidth, a function of at
// most smallBody statements.
const smallWidth, smallBody = 4, 24

// smallSOAC reports the width of a SOAC over arrs of width w with
// function body f that is small enough to write out. The arrays'
// declared widths must be w, so that every index is in bounds.
func (r *rewriter) smallSOAC(w ir.SubExp, arrs []ir.VName, f *ir.Lambda) (int64, bool) {
	if !w.IsConst || w.Const.Int() < 1 || w.Const.Int() > smallWidth || stmsSize(f.Body) > smallBody || !r.fa.Width(w, arrs) {
		return 0, false
	}
	for _, p := range f.Params {
		if p.Type.Acc {
			return 0, false
		}
	}
	return w.Const.Int(), true
}

// unrollSmall writes out the elements of a small map (see pull), as one
// array literal per result.
func (r *rewriter) unrollSmall(s *ir.Stm, e *ir.Map) ([]*ir.Stm, []ir.SubExp, bool) {
	n, ok := r.smallSOAC(e.W, e.Arrs, e.F)
	if !ok || len(e.Arrs) != len(e.F.Params) || len(s.Pat) != len(e.F.Ret) || impure(e) {
		return nil, nil, false
	}
	b := r.b.Sub()
	cols := make([][]ir.SubExp, len(e.F.Ret))
	for j := range n {
		sub, ok := r.rows(b, e.F, e.W, e.Arrs, ir.I64(j))
		if !ok {
			return nil, nil, false
		}
		for k, x := range r.inline(b, e.F.Body, sub) {
			cols[k] = append(cols[k], x)
		}
	}
	pre := b.Stms()
	for k, p := range s.Pat {
		pre = append(pre, &ir.Stm{Pat: []ir.Param{p}, Exp: &ir.ArrayLit{Elems: cols[k], Elem: e.F.Ret[k]}, Pos: s.Pos})
	}
	return pre, patVars(s.Pat), true
}

// unrollReduce writes out a small reduction (see pull) as the left fold
// from the neutral element (one of the orders a reduction may combine
// in, and the interpreter's).
func (r *rewriter) unrollReduce(s *ir.Stm, e *ir.Reduce) ([]*ir.Stm, []ir.SubExp, bool) {
	k := len(e.Arrs)
	n, ok := r.smallSOAC(e.W, e.Arrs, e.Op)
	if !ok || len(e.Neutral) != k || len(e.Op.Params) != 2*k || len(s.Pat) != k || impure(e) {
		return nil, nil, false
	}
	b := r.b.Sub()
	acc := append([]ir.SubExp(nil), e.Neutral...)
	for j := range n {
		sub := map[ir.VName]ir.SubExp{}
		for c := range k {
			sub[e.Op.Params[c].Name] = acc[c]
			sub[e.Op.Params[k+c].Name] = b.Let(e.Op.Params[k+c].Name.Base, &ir.Index{Arr: e.Arrs[c], Idx: []ir.SubExp{ir.I64(j)}})
		}
		acc = r.inline(b, e.Op.Body, sub)
	}
	return b.Stms(), acc, true
}

// unzipRows rewrites the transpose of a map whose rows are array
// literals of scalars it builds last, [a, b, ...], as the literal of the
// maps of a, b, ...: one map with a result per element, whose results
// are the rows of the transpose.
func (r *rewriter) unzipRows(s *ir.Stm, outer *ir.Map, last *ir.Stm, lit *ir.ArrayLit) ([]*ir.Stm, []ir.SubExp, bool) {
	if len(last.Pat) != 1 || !outer.F.Body.Result[0].Equal(ir.Var(last.Pat[0].Name)) || !lit.Elem.IsScalar() || len(lit.Elems) == 0 || impure(outer) {
		return nil, nil, false
	}
	body := &ir.Body{Stms: outer.F.Body.Stms[:len(outer.F.Body.Stms)-1], Result: lit.Elems}
	ret := make([]ir.Type, len(lit.Elems))
	pat := make([]ir.Param, len(lit.Elems))
	cols := make([]ir.SubExp, len(lit.Elems))
	for i := range ret {
		ret[i] = lit.Elem
		pat[i] = r.b.Param(s.Pat[0].Name.Base, lit.Elem.ArrayOf(outer.W))
		cols[i] = ir.Var(pat[i].Name)
	}
	r.declare(pat)
	f := r.freshLambda(&ir.Lambda{Params: outer.F.Params, Body: body, Ret: ret})
	return []*ir.Stm{
		{Pat: pat, Exp: &ir.Map{W: outer.W, Arrs: outer.Arrs, F: f}, Pos: last.Pos},
		{Pat: s.Pat, Exp: &ir.ArrayLit{Elems: cols, Elem: lit.Elem.ArrayOf(outer.W)}, Pos: s.Pos},
	}, patVars(s.Pat), true
}

// interchange rewrites the transpose of a nest of two maps as the nest
// with the maps swapped: element [j][i] of the result is the inner
// function at i, j either way. The inner map must read only arrays bound
// outside the outer map, and the outer function may compute nothing but
// a few scalar statements before the inner map (which the swapped nest
// computes for every element).
func (r *rewriter) interchange(s *ir.Stm, e *ir.Rearrange) ([]*ir.Stm, []ir.SubExp, bool) {
	if len(e.Perm) != 2 || e.Perm[0] != 1 || e.Perm[1] != 0 || len(s.Pat) != 1 {
		return nil, nil, false
	}
	at, k, ok := r.def(e.Arr)
	if !ok || len(at.Pat) != 1 || k != 0 || r.uses[e.Arr] != 1 {
		return nil, nil, false
	}
	outer, ok := at.Exp.(*ir.Map)
	if !ok || len(outer.F.Body.Stms) == 0 || len(outer.F.Body.Result) != 1 || len(outer.Arrs) != len(outer.F.Params) || !r.fa.Width(outer.W, outer.Arrs) {
		return nil, nil, false
	}
	stms := outer.F.Body.Stms
	last := stms[len(stms)-1]
	if lit, ok := last.Exp.(*ir.ArrayLit); ok {
		return r.unzipRows(s, outer, last, lit)
	}
	inner, ok := last.Exp.(*ir.Map)
	if !ok || len(last.Pat) != 1 || !outer.F.Body.Result[0].Equal(ir.Var(last.Pat[0].Name)) || len(inner.Arrs) != len(inner.F.Params) {
		return nil, nil, false
	}
	if !r.fa.Width(inner.W, inner.Arrs) || r.fa.LambdaMayFail(inner.F) || impure(inner) || len(inner.F.Ret) != 1 || !inner.F.Ret[0].IsScalar() {
		return nil, nil, false
	}
	local := ir.BoundInBody(outer.F.Body)
	for _, p := range outer.F.Params {
		local.Add(p.Name)
		if p.Type.Acc || !p.Type.IsScalar() {
			return nil, nil, false
		}
	}
	for _, a := range inner.Arrs {
		if local.Has(a) {
			return nil, nil, false
		}
	}
	if inner.W.IsVar() && local.Has(inner.W.Var) {
		return nil, nil, false
	}
	prefix := &ir.Body{Stms: stms[:len(stms)-1]}
	for _, st := range prefix.Stms {
		switch st.Exp.(type) {
		case *ir.Atom, *ir.Bin, *ir.Cmp, *ir.Un, *ir.Call:
		default:
			return nil, nil, false
		}
		if r.fa.MayFail(st) {
			return nil, nil, false
		}
	}
	if stmsSize(prefix) > cheapProducer {
		return nil, nil, false
	}
	// map (\q... -> map (\p... -> prefix; inner body) outer.Arrs) inner.Arrs
	sub := map[ir.VName]ir.SubExp{}
	ps := make([]ir.Param, len(outer.F.Params))
	for i, p := range outer.F.Params {
		ps[i] = r.b.Param(p.Name.Base, p.Type)
		sub[p.Name] = ir.Var(ps[i].Name)
	}
	qs := make([]ir.Param, len(inner.F.Params))
	for i, q := range inner.F.Params {
		qs[i] = r.b.Param(q.Name.Base, q.Type)
		sub[q.Name] = ir.Var(qs[i].Name)
	}
	pre := r.fresh(prefix, sub)
	body := r.fresh(inner.F.Body, sub)
	elem := inner.F.Ret[0]
	in := &ir.Lambda{Params: ps, Body: &ir.Body{Stms: append(pre.Stms, body.Stms...), Result: body.Result}, Ret: []ir.Type{elem}}
	row := r.b.Param("row", elem.ArrayOf(outer.W))
	out := &ir.Lambda{
		Params: qs,
		Body:   &ir.Body{Stms: []*ir.Stm{{Pat: []ir.Param{row}, Exp: &ir.Map{W: outer.W, Arrs: outer.Arrs, F: in}, Pos: last.Pos}}, Result: []ir.SubExp{ir.Var(row.Name)}},
		Ret:    []ir.Type{row.Type},
	}
	return []*ir.Stm{{Pat: s.Pat, Exp: &ir.Map{W: inner.W, Arrs: inner.Arrs, F: out}, Pos: s.Pos}}, patVars(s.Pat), true
}

func (r *rewriter) pullIndex(s *ir.Stm, e *ir.Index) ([]*ir.Stm, []ir.SubExp, bool) {
	if len(e.Idx) == 0 {
		return nil, nil, false
	}
	at, k, ok := r.def(e.Arr)
	if !ok {
		return nil, nil, false
	}
	t, ok := r.typeOf(ir.Var(e.Arr))
	if !ok || len(e.Idx) > t.Rank() {
		return nil, nil, false
	}
	for d, i := range e.Idx {
		if !r.inRange(i, t.Shape[d]) {
			return nil, nil, false
		}
	}
	b := r.b.Sub()
	switch src := at.Exp.(type) {
	case *ir.Iota:
		if n, ok := ir.CountingIota(src); len(e.Idx) == 1 && ok && n.Equal(t.Shape[0]) {
			return nil, []ir.SubExp{e.Idx[0]}, true
		}
	case *ir.Replicate:
		if len(e.Idx) == len(src.Shape) && s.Pat[0].Type.IsScalar() {
			return nil, []ir.SubExp{src.Val}, true
		}
	case *ir.Slice:
		// a[s:e][i] is a[s + i], for constant ranges of a's dimensions
		// and indices in bounds.
		st, ok := r.typeOf(ir.Var(src.Arr))
		if !ok {
			return nil, nil, false
		}
		var idx []ir.SubExp
		k := 0
		for d, ds := range src.Dims {
			if ds.Fixed {
				idx = append(idx, ds.I)
				continue
			}
			if k >= len(e.Idx) {
				break
			}
			start, _, ok := ir.ConstRange(st.Shape[d], ds)
			if !ok {
				return nil, nil, false
			}
			i := e.Idx[k]
			k++
			if start != 0 {
				if !i.IsConst {
					return nil, nil, false
				}
				i = ir.I64(start + i.Const.Int())
			}
			idx = append(idx, i)
		}
		if k < len(e.Idx) {
			if len(idx) != len(src.Dims) {
				return nil, nil, false
			}
			idx = append(idx, e.Idx[k:]...)
		}
		x := b.Let(s.Pat[0].Name.Base, &ir.Index{Arr: src.Arr, Idx: idx})
		return b.Stms(), []ir.SubExp{x}, true
	case *ir.Rearrange:
		if len(e.Idx) == len(src.Perm) {
			idx := make([]ir.SubExp, len(e.Idx))
			for d, p := range src.Perm {
				idx[p] = e.Idx[d]
			}
			x := b.Let(s.Pat[0].Name.Base, &ir.Index{Arr: src.Arr, Idx: idx})
			return b.Stms(), []ir.SubExp{x}, true
		}
	case *ir.Map:
		if len(e.Idx) != 1 || !src.W.Equal(t.Shape[0]) || r.fa.LambdaMayFail(src.F) || !r.fa.Width(src.W, src.Arrs) || impure(src) {
			return nil, nil, false
		}
		// An index two bodies or more inside the map's (a loop in a
		// loop) may run many times per element: a costly element
		// function is computed once per element, not once per read.
		if r.w.depth(e.Arr) > 1 && costlyBody(src.F.Body) {
			return nil, nil, false
		}
		sub, ok := r.rows(b, src.F, src.W, src.Arrs, e.Idx[0])
		if !ok {
			return nil, nil, false
		}
		body := r.fresh(src.F.Body, sub)
		stms := append(b.Stms(), body.Stms...)
		return stms, []ir.SubExp{body.Result[k]}, true
	}
	return nil, nil, false
}

// rows binds, in b, the parameters of f (a map's function over arrs of
// width w) to the rows at index i: i itself for an iota, the value of a
// replicate, an index otherwise. It fails for accumulators.
func (r *rewriter) rows(b *ir.Builder, f *ir.Lambda, w ir.SubExp, arrs []ir.VName, i ir.SubExp) (map[ir.VName]ir.SubExp, bool) {
	if len(arrs) != len(f.Params) {
		return nil, false
	}
	sub := map[ir.VName]ir.SubExp{}
	for k, p := range f.Params {
		if p.Type.Acc {
			return nil, false
		}
		a := arrs[k]
		if r.isIota(a, w) {
			sub[p.Name] = i
			continue
		}
		if rep, ok := r.w.defs[a].(*ir.Replicate); ok && len(rep.Shape) == 1 && p.Type.IsScalar() {
			sub[p.Name] = rep.Val
			continue
		}
		sub[p.Name] = b.Let(p.Name.Base, &ir.Index{Arr: a, Idx: []ir.SubExp{i}})
	}
	return sub, true
}

// pullInputs recomputes inputs of a map that cheap maps outside the
// current body built (see pull).
func (r *rewriter) pullInputs(s *ir.Stm, e *ir.Map) ([]*ir.Stm, []ir.SubExp, bool) {
	if len(e.Arrs) != len(e.F.Params) {
		return nil, nil, false
	}
	arrs := append([]ir.VName(nil), e.Arrs...)
	params := append([]ir.Param(nil), e.F.Params...)
	var pre []*ir.Stm
	sub := map[ir.VName]ir.SubExp{}
	keep := make([]bool, len(arrs))
	changed := false
	for k, a := range e.Arrs {
		keep[k] = true
		at, j, ok := r.def(a)
		if !ok || e.F.Params[k].Type.Acc {
			continue
		}
		m, ok := at.Exp.(*ir.Map)
		if !ok || !m.W.Equal(e.W) {
			continue
		}
		if r.w.inScope(a) {
			// In the same body, only a result that this map alone reads
			// and whose statements are cheap, of a map that stays for
			// its other results (fusion takes a map read once whole).
			sl, ok := r.cheapResult(at, m, j)
			if !ok {
				continue
			}
			m, j = &ir.Map{W: m.W, Arrs: m.Arrs, F: sl}, 0
		} else if !r.cheap(m) || costlyBody(m.F.Body) {
			// A nested body may run many times for each element of the
			// producer: recompute only what costs no more than a load.
			continue
		}
		consumed := false
		for _, x := range m.Arrs {
			consumed = consumed || r.fa.MayBeConsumed(x)
		}
		if consumed {
			continue
		}
		// The producer's parameters become parameters of the consumer
		// over the producer's inputs.
		psub := map[ir.VName]ir.SubExp{}
		for q, p := range m.F.Params {
			np := r.b.Param(p.Name.Base, p.Type)
			r.w.types[np.Name] = np.Type
			params = append(params, np)
			arrs = append(arrs, m.Arrs[q])
			keep = append(keep, true)
			psub[p.Name] = ir.Var(np.Name)
		}
		body := r.fresh(m.F.Body, psub)
		pre = append(pre, body.Stms...)
		sub[e.F.Params[k].Name] = body.Result[j]
		keep[k] = false
		changed = true
	}
	if !changed {
		return nil, nil, false
	}
	f := ir.SubstituteLambda(&ir.Lambda{Params: params, Body: &ir.Body{Stms: append(pre, e.F.Body.Stms...), Result: e.F.Body.Result}, Ret: e.F.Ret}, sub)
	f.Params = pick(f.Params, keep)
	m := &ir.Map{W: e.W, Arrs: pick(arrs, keep), F: f}
	return []*ir.Stm{{Pat: s.Pat, Exp: m, Pos: s.Pos}}, patVars(s.Pat), true
}

// cheapResult returns the function computing result j of map m (bound
// by s) alone, when only one statement reads that result, another
// result of m is read too, and the statements result j needs are at most
// cheapProducer scalar ones that cannot fail: a map in the same body
// that reads the result can compute it instead, and m need not store it
// (reverse mode's return sweeps give such maps contributions that are
// the result's adjoint times a constant, read by the next stage, which
// also reads m's other results shifted, so that fusion cannot merge
// them).
func (r *rewriter) cheapResult(s *ir.Stm, m *ir.Map, j int) (*ir.Lambda, bool) {
	if len(s.Pat) < 2 || len(m.Arrs) != len(m.F.Params) || !r.fa.Width(m.W, m.Arrs) || r.uses[s.Pat[j].Name] != 1 || impure(m) {
		return nil, false
	}
	other := false
	for k, p := range s.Pat {
		other = other || k != j && r.uses[p.Name] > 0
	}
	if !other {
		return nil, false
	}
	for _, p := range m.F.Params {
		if !p.Type.IsScalar() || p.Type.Acc {
			return nil, false
		}
	}
	// The statements result j needs, in order.
	need := ir.Names{}
	if x := m.F.Body.Result[j]; x.IsVar() {
		need.Add(x.Var)
	}
	var slice []*ir.Stm
	for q := len(m.F.Body.Stms) - 1; q >= 0; q-- {
		st := m.F.Body.Stms[q]
		used := false
		for _, p := range st.Pat {
			used = used || need.Has(p.Name)
		}
		if !used {
			continue
		}
		switch st.Exp.(type) {
		case *ir.Atom, *ir.Bin, *ir.Cmp, *ir.Un, *ir.Call:
		default:
			return nil, false
		}
		if r.fa.MayFail(st) || len(slice) == cheapProducer {
			return nil, false
		}
		slice = append(slice, st)
		for v := range ir.FreeInExp(st.Exp) {
			need.Add(v)
		}
	}
	slices.Reverse(slice)
	return &ir.Lambda{Params: m.F.Params, Body: &ir.Body{Stms: slice, Result: []ir.SubExp{m.F.Body.Result[j]}}, Ret: []ir.Type{m.F.Ret[j]}}, true
}

// cheap reports whether a map computes its elements with a few scalar
// statements that cannot fail, from inputs declared with its width.
func (r *rewriter) cheap(m *ir.Map) bool {
	if len(m.Arrs) != len(m.F.Params) || !r.fa.Width(m.W, m.Arrs) || r.fa.LambdaMayFail(m.F) || stmsSize(m.F.Body) > cheapProducer {
		return false
	}
	for _, p := range m.F.Params {
		if !p.Type.IsScalar() {
			return false
		}
	}
	var scalar func(b *ir.Body) bool
	scalar = func(b *ir.Body) bool {
		for _, s := range b.Stms {
			switch e := s.Exp.(type) {
			case *ir.Atom, *ir.Bin, *ir.Cmp, *ir.Un, *ir.Call:
			case *ir.If:
				if !scalar(e.Then) || !scalar(e.Else) {
					return false
				}
			default:
				return false
			}
		}
		return true
	}
	return scalar(m.F.Body)
}

// costlyBody reports whether a statement of b, or of a branch of its
// conditionals, computes something worth sparing (costly).
func costlyBody(b *ir.Body) bool {
	for _, s := range b.Stms {
		if costly(s) {
			return true
		}
		if e, ok := s.Exp.(*ir.If); ok && (costlyBody(e.Then) || costlyBody(e.Else)) {
			return true
		}
	}
	return false
}

// patVars are the names of a pattern as SubExps.
func patVars(ps []ir.Param) []ir.SubExp {
	out := make([]ir.SubExp, len(ps))
	for i, p := range ps {
		out[i] = ir.Var(p.Name)
	}
	return out
}
