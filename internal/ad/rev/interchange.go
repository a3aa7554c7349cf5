package rev

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Sums over a map interchanged inwards (seed 000, section 6.1). The
// adjoint of a free variable of a map is the sum over the map's dimension
// of one contribution per application. When a contribution is an array
// made by a map nested in the lambda, the sum moves inside that map:
//
//	sum_i (map_j e(i, j))  =  map_j (sum_i e(i, j))
//
// and so on through a perfect nest of maps, until the summed values are
// scalars, which a reduce (+) over a map adds up (the Go backend fuses
// the two, so no array of them exists). The contributions of matmul's
// free matrix, an [n][p][m] array summed over n, become a [p][m] nest of
// dot products: the adjoint of a matrix multiplication is two matrix
// multiplications. Statements of a lambda that a nested map depends on
// run once per element of the nest after the interchange, so they must
// be cheap (scalar arithmetic and indexing; a replicate or iota that the
// nested map only reads element by element disappears); statements the
// map still needs for its other results are computed twice, so they must
// be cheap too. Copies, transposes and the non-accumulator results of a
// withacc are looked through; the innermost sum reads an array indexed
// by its own index in a transposed copy, so that it walks memory
// contiguously. A nest that cannot reach scalars this way sums
// materialised contributions at the depth where it stops, unless that is
// the outermost map, which then keeps the sum.

// noInterchange turns the rewrite off, so that tests can compare the
// nests with the sums of materialised contributions.
var noInterchange bool

// interchange builds the nest that sums one result of a map.
type interchange struct {
	// pre receives the iotas the nest maps over, outside all of it.
	pre   *ir.Builder
	iotas map[string]ir.SubExp
	// transposed holds the arrays transposed for contiguous reads.
	transposed map[ir.VName]ir.VName
	// shared marks the statements the map still runs for its other
	// results, at every depth of nested maps.
	shared map[*ir.Stm]bool
}

// sumMapResult appends to b the sum over i < w of res, computed by body
// (which may also compute others) from params bound to row i of arrs, and
// returns it. It appends nothing and returns false when the sum cannot be
// computed without materialising the contributions of every application,
// or only by recomputing expensive statements.
func sumMapResult(b *ir.Builder, w ir.SubExp, arrs []ir.VName, params []ir.Param, body *ir.Body, res ir.SubExp, others []ir.SubExp) (ir.SubExp, bool) {
	if noInterchange || !res.IsVar() {
		return ir.SubExp{}, false
	}
	x := &interchange{pre: b.Sub(), iotas: map[string]ir.SubExp{}, transposed: map[ir.VName]ir.VName{}, shared: map[*ir.Stm]bool{}}
	markLive(body, others, x.shared)
	nb := b.Sub()
	out, ok := x.sum(nb, w, arrs, params, &ir.Body{Stms: body.Stms, Result: []ir.SubExp{res}}, 0)
	if !ok {
		return ir.SubExp{}, false
	}
	for _, s := range x.pre.Stms() {
		b.Add(s)
	}
	for _, s := range nb.Stms() {
		b.Add(s)
	}
	return out, true
}

// sum appends to b the sum over i < w of body's single result, with params
// bound to row i of arrs.
func (x *interchange) sum(b *ir.Builder, w ir.SubExp, arrs []ir.VName, params []ir.Param, body *ir.Body, depth int) (ir.SubExp, bool) {
	body = x.slice(body)
	def := definitions(body)
	// The sum of a copy is the sum of its source.
	res := body.Result[0]
	for res.IsVar() && def[res.Var] != nil {
		switch e := def[res.Var].Exp.(type) {
		case *ir.Copy:
			res = ir.Var(e.Arr)
			continue
		case *ir.Atom:
			if e.X.IsVar() {
				res = e.X
				continue
			}
		}
		break
	}
	if !res.IsVar() {
		return ir.SubExp{}, false
	}
	if !res.Equal(body.Result[0]) {
		body = x.slice(&ir.Body{Stms: body.Stms, Result: []ir.SubExp{res}})
		def = definitions(body)
	}
	if s := def[res.Var]; s != nil {
		if e, ok := s.Exp.(*ir.Rearrange); ok {
			// The sum of transposes is the transpose of the sum.
			r, ok := x.sum(b, w, arrs, params, &ir.Body{Stms: body.Stms, Result: []ir.SubExp{ir.Var(e.Arr)}}, depth)
			if !ok {
				return ir.SubExp{}, false
			}
			return b.Let("tr", &ir.Rearrange{Arr: r.Var, Perm: e.Perm}), true
		}
		if wa, ok := s.Exp.(*ir.WithAcc); ok {
			// A result of a withacc that is not an accumulator is its
			// lambda's; the accumulators are not needed for it.
			for k, p := range s.Pat {
				if p.Name == res.Var && k >= len(wa.Inputs) {
					stms := append(append([]*ir.Stm{}, body.Stms[:len(body.Stms)-1]...), wa.F.Body.Stms...)
					return x.sum(b, w, arrs, params, &ir.Body{Stms: stms, Result: []ir.SubExp{wa.F.Body.Result[k]}}, depth)
				}
			}
		}
	}
	t := b.Type(res)
	if t.IsScalar() {
		if usesAccumulators(b, body) || !x.affordable(body) {
			return ir.SubExp{}, false
		}
		return x.reduce(b, w, arrs, params, body), true
	}
	s := def[res.Var]
	if s == nil {
		return x.materialize(b, w, arrs, params, body, depth)
	}
	m, ok := s.Exp.(*ir.Map)
	local := ir.BoundInBody(body)
	for _, p := range params {
		local.Add(p.Name)
	}
	if !ok || m.W.IsVar() && local.Has(m.W.Var) || s != body.Stms[len(body.Stms)-1] {
		return x.materialize(b, w, arrs, params, body, depth)
	}
	// The nested map may pass accumulators for its other results; only
	// the statements around it must not use any.
	if usesAccumulators(b, &ir.Body{Stms: body.Stms[:len(body.Stms)-1]}) {
		return ir.SubExp{}, false
	}
	j := 0
	for k, p := range s.Pat {
		if p.Name == res.Var {
			j = k
		}
	}
	outer := map[*ir.Stm]bool{}
	for _, st := range body.Stms[:len(body.Stms)-1] {
		outer[st] = true
	}
	it := x.iota(m.W)
	ok = true
	lam := b.Lambda([]ir.Type{ir.Scalar(prim.I64)}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		// One element of the nested map, with the statements it depends
		// on moved inside.
		stms := append([]*ir.Stm{}, body.Stms[:len(body.Stms)-1]...)
		for k, q := range m.F.Params {
			stms = append(stms, &ir.Stm{Pat: []ir.Param{q}, Exp: elemAt(def, m.Arrs[k], ps[0]), Pos: s.Pos})
		}
		stms = append(stms, m.F.Body.Stms...)
		inner := x.slice(&ir.Body{Stms: stms, Result: []ir.SubExp{m.F.Body.Result[j]}})
		for _, st := range inner.Stms {
			if outer[st] && !cheap(st.Exp) {
				ok = false
				return ps
			}
		}
		r, rok := x.sum(lb, w, arrs, params, inner, depth+1)
		if !rok {
			ok = false
			return ps
		}
		return []ir.SubExp{r}
	})
	if !ok {
		return ir.SubExp{}, false
	}
	return ir.Var(b.Map(m.W, []ir.VName{it.Var}, lam)[0]), true
}

// materialize is the sum of the rows of map w f arrs, where f computes
// body from params. The outermost level of a nest gives up instead: the
// original map already materialises them.
func (x *interchange) materialize(b *ir.Builder, w ir.SubExp, arrs []ir.VName, params []ir.Param, body *ir.Body, depth int) (ir.SubExp, bool) {
	if depth == 0 || usesAccumulators(b, body) || !x.affordable(body) {
		return ir.SubExp{}, false
	}
	local := ir.BoundInBody(body)
	for _, p := range params {
		local.Add(p.Name)
	}
	t := ir.EraseSizes(b.Type(body.Result[0]), local)
	f := renameLambda(b, &ir.Lambda{Params: params, Body: body, Ret: []ir.Type{t}})
	return sumRows(b, ir.Var(b.Map(w, arrs, f)[0])), true
}

// reduce is the sum of the scalars body computes, as a reduce (+) over a
// map over i < w, so that the two fuse. The lambda reads row i of arrs
// itself; an element a[i, c...] whose other indices do not depend on i is
// read from the row c... of a transposed once before the nest, and that
// row becomes an input of the map, so the sum walks memory contiguously.
func (x *interchange) reduce(b *ir.Builder, w ir.SubExp, arrs []ir.VName, params []ir.Param, body *ir.Body) ir.SubExp {
	t := b.Type(body.Result[0]).Elem
	i := b.Param("i", ir.Scalar(prim.I64))
	var stms []*ir.Stm
	for k, p := range params {
		stms = append(stms, &ir.Stm{Pat: []ir.Param{p}, Exp: &ir.Index{Arr: arrs[k], Idx: []ir.SubExp{ir.Var(i.Name)}}, Pos: b.Pos})
	}
	inner := x.slice(&ir.Body{Stms: composeIndices(append(stms, body.Stms...)), Result: body.Result})
	bound := ir.BoundInBody(inner)
	bound.Add(i.Name)
	outer := map[ir.VName]bool{}
	for _, a := range arrs {
		outer[a] = true
	}
	lparams := []ir.Param{i}
	ins := []ir.VName{x.iota(w).Var}
	var kept []*ir.Stm
	for _, s := range inner.Stms {
		if src, ok := x.contiguous(b, s, i.Name, w, bound, outer); ok {
			lparams = append(lparams, s.Pat[0])
			ins = append(ins, src)
			continue
		}
		kept = append(kept, s)
	}
	lam := renameLambda(b, &ir.Lambda{Params: lparams, Body: &ir.Body{Stms: kept, Result: inner.Result}, Ret: []ir.Type{ir.Scalar(t)}})
	ys := b.Map(w, ins, lam)
	return ir.Var(b.Reduce(w, ys, []ir.SubExp{zeroOf(t)}, b.BinOpLambda(addOp(t), t))[0])
}

// contiguous recognises s: x = a[i, c...], a scalar read whose array is
// bound outside the nest with outer size w and whose other indices do not
// depend on i, and returns the array of these elements over i: a itself,
// or row c... of a transposed.
func (x *interchange) contiguous(b *ir.Builder, s *ir.Stm, i ir.VName, w ir.SubExp, bound ir.Names, outer map[ir.VName]bool) (ir.VName, bool) {
	e, ok := s.Exp.(*ir.Index)
	if !ok || len(s.Pat) != 1 || !s.Pat[0].Type.IsScalar() || bound.Has(e.Arr) || !e.Idx[0].Equal(ir.Var(i)) {
		return ir.VName{}, false
	}
	t, _ := b.TypeOf(e.Arr)
	if !outer[e.Arr] && (t.Rank() == 0 || !t.Shape[0].Equal(w)) {
		return ir.VName{}, false
	}
	for _, c := range e.Idx[1:] {
		if c.IsVar() && bound.Has(c.Var) {
			return ir.VName{}, false
		}
	}
	if len(e.Idx) == 1 {
		return e.Arr, true
	}
	at, ok := x.transposed[e.Arr]
	if !ok {
		perm := make([]int, t.Rank())
		for k := range perm {
			perm[k] = (k + 1) % t.Rank()
		}
		at = x.pre.Let(e.Arr.Base+"_tr", &ir.Rearrange{Arr: e.Arr, Perm: perm}).Var
		x.transposed[e.Arr] = at
	}
	return b.Let(e.Arr.Base+"_row", &ir.Index{Arr: at, Idx: e.Idx[1:]}).Var, true
}

// affordable reports whether running body once more per application
// costs little: its expensive statements are not also run by the map for
// its other results.
func (x *interchange) affordable(body *ir.Body) bool {
	for _, s := range body.Stms {
		if x.shared[s] && !cheap(s.Exp) {
			return false
		}
	}
	return true
}

// iota is iota n, made once before the nest.
func (x *interchange) iota(n ir.SubExp) ir.SubExp {
	k := n.String()
	if it, ok := x.iotas[k]; ok {
		return it
	}
	it := x.pre.Let("iota", &ir.Iota{N: n, T: prim.I64})
	x.iotas[k] = it
	return it
}

// elemAt is element k of array a, which def may define: the replicated
// value of a replicate and k itself for an iota, which are then never
// built; an index otherwise.
func elemAt(def map[ir.VName]*ir.Stm, a ir.VName, k ir.SubExp) ir.Exp {
	if s := def[a]; s != nil {
		switch e := s.Exp.(type) {
		case *ir.Replicate:
			if len(e.Shape) == 1 {
				return &ir.Atom{X: e.Val}
			}
		case *ir.Iota:
			if e.Start.IsNone() && e.Step.IsNone() && e.T == prim.I64 {
				return &ir.Atom{X: k}
			}
		}
	}
	return &ir.Index{Arr: a, Idx: []ir.SubExp{k}}
}

// composeIndices rewrites a[is][js], where a[is] is bound in stms, into
// a[is, js], so that no row is taken just to be indexed again.
func composeIndices(stms []*ir.Stm) []*ir.Stm {
	rows := map[ir.VName]*ir.Index{}
	out := make([]*ir.Stm, len(stms))
	for i, s := range stms {
		if e, ok := s.Exp.(*ir.Index); ok {
			if r, ok := rows[e.Arr]; ok {
				s = &ir.Stm{Pat: s.Pat, Exp: &ir.Index{Arr: r.Arr, Idx: append(append([]ir.SubExp{}, r.Idx...), e.Idx...)}, Pos: s.Pos}
				e = s.Exp.(*ir.Index)
			}
			if len(s.Pat) == 1 && s.Pat[0].Type.IsArray() {
				rows[s.Pat[0].Name] = e
			}
		}
		out[i] = s
	}
	return out
}

// cheap reports whether e costs about as much as reading one element:
// scalar arithmetic, indexing (a row is a view), sizes, and ifs of those.
func cheap(e ir.Exp) bool {
	switch e := e.(type) {
	case *ir.Atom, *ir.Bin, *ir.Cmp, *ir.Un, *ir.Call, *ir.Index, *ir.Size:
		return true
	case *ir.If:
		for _, body := range []*ir.Body{e.Then, e.Else} {
			for _, s := range body.Stms {
				if !cheap(s.Exp) {
					return false
				}
			}
		}
		for _, t := range e.Ret {
			if !t.IsScalar() {
				return false
			}
		}
		return true
	}
	return false
}

// slice keeps the statements of body its results need, dropping even
// those with effects (asserts, accumulator updates), which the original
// code still runs. A map keeps only the results that are needed and the
// inputs they read, so that accumulators passed for its other results
// are not needed either.
func (x *interchange) slice(body *ir.Body) *ir.Body {
	live := ir.Names{}
	use := &ir.Visitor{Use: func(n ir.VName) { live.Add(n) }}
	for _, r := range body.Result {
		if r.IsVar() {
			live.Add(r.Var)
		}
	}
	var keep []*ir.Stm
	for i := len(body.Stms) - 1; i >= 0; i-- {
		s := body.Stms[i]
		used := false
		for _, p := range s.Pat {
			used = used || live.Has(p.Name)
		}
		if !used {
			continue
		}
		if m, ok := s.Exp.(*ir.Map); ok {
			s = x.pruneMap(s, m, live)
		}
		keep = append(keep, s)
		use.Stm(s)
	}
	for i, j := 0, len(keep)-1; i < j; i, j = i+1, j-1 {
		keep[i], keep[j] = keep[j], keep[i]
	}
	return &ir.Body{Stms: keep, Result: body.Result}
}

// pruneMap is s, a map, with only the results in live and the inputs
// they need (s itself when that is all of them).
func (x *interchange) pruneMap(s *ir.Stm, m *ir.Map, live ir.Names) *ir.Stm {
	var pat []ir.Param
	var res []ir.SubExp
	var ret []ir.Type
	for k, p := range s.Pat {
		if live.Has(p.Name) {
			pat = append(pat, p)
			res = append(res, m.F.Body.Result[k])
			ret = append(ret, m.F.Ret[k])
		}
	}
	body := x.slice(&ir.Body{Stms: m.F.Body.Stms, Result: res})
	free := ir.FreeInBody(body)
	var params []ir.Param
	var arrs []ir.VName
	for k, p := range m.F.Params {
		if free.Has(p.Name) {
			params = append(params, p)
			arrs = append(arrs, m.Arrs[k])
		}
	}
	if len(pat) == len(s.Pat) && len(params) == len(m.F.Params) && len(body.Stms) == len(m.F.Body.Stms) {
		return s
	}
	if len(arrs) == 0 {
		// A map needs an input to have a width.
		return s
	}
	out := &ir.Stm{Pat: pat, Exp: &ir.Map{W: m.W, Arrs: arrs, F: &ir.Lambda{Params: params, Body: body, Ret: ret}}, Pos: s.Pos}
	x.shared[out] = x.shared[s]
	return out
}

// markLive marks the statements of body, and of the maps nested in it,
// that results need.
func markLive(body *ir.Body, results []ir.SubExp, mark map[*ir.Stm]bool) {
	live := ir.Names{}
	use := &ir.Visitor{Use: func(n ir.VName) { live.Add(n) }}
	for _, r := range results {
		if r.IsVar() {
			live.Add(r.Var)
		}
	}
	for i := len(body.Stms) - 1; i >= 0; i-- {
		s := body.Stms[i]
		var used []ir.SubExp
		for k, p := range s.Pat {
			if live.Has(p.Name) {
				used = append(used, ir.Var(p.Name))
				if m, ok := s.Exp.(*ir.Map); ok {
					used[len(used)-1] = m.F.Body.Result[k]
				}
			}
		}
		if len(used) == 0 && removable(s) {
			continue
		}
		mark[s] = true
		use.Stm(s)
		switch e := s.Exp.(type) {
		case *ir.Map:
			if len(used) == 0 {
				used = e.F.Body.Result
			}
			markLive(e.F.Body, used, mark)
		case *ir.WithAcc:
			// Its lambda's results are its own, in the same order; the
			// accumulators are always needed.
			used = append([]ir.SubExp{}, e.F.Body.Result[:len(e.Inputs)]...)
			for k, p := range s.Pat {
				if k >= len(e.Inputs) && live.Has(p.Name) {
					used = append(used, e.F.Body.Result[k])
				}
			}
			markLive(e.F.Body, used, mark)
		}
	}
}

// definitions maps the names body binds to their statements.
func definitions(body *ir.Body) map[ir.VName]*ir.Stm {
	def := map[ir.VName]*ir.Stm{}
	for _, s := range body.Stms {
		for _, p := range s.Pat {
			def[p.Name] = s
		}
	}
	return def
}

// usesAccumulators reports whether body makes, updates or reads an
// accumulator anywhere.
func usesAccumulators(b *ir.Builder, body *ir.Body) bool {
	found := false
	acc := func(n ir.VName) {
		if t, ok := b.TypeOf(n); ok && t.Acc {
			found = true
		}
	}
	v := &ir.Visitor{Use: acc, Bind: func(p ir.Param) {
		if p.Type.Acc {
			found = true
		}
	}}
	v.Body(body)
	return found || hasAccStms(body)
}

func hasAccStms(body *ir.Body) bool {
	for _, s := range body.Stms {
		switch s.Exp.(type) {
		case *ir.WithAcc, *ir.UpdAcc:
			return true
		}
		for _, b := range ir.Bodies(s.Exp) { // lambda bodies included
			if hasAccStms(b) {
				return true
			}
		}
	}
	return false
}
