package ir

import (
	"slices"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Facts is the one table of what passes know about a function's code:
// aliasing (which storage a name may share), consumption (which storage
// may be updated in place), effects, whether a statement may fail, and
// which accumulators combine by addition (Additive). Every pass and backend reads these facts instead of working them out
// again; the rules per construct are written once, in this file and in
// fail.go.
//
// Facts describe the function as it was when NewFacts ran. A pass that
// rewrites code keeps them valid as long as it only removes statements,
// substitutes names by names with the same storage, or adds statements
// whose results nothing in the table refers to; otherwise it computes
// them again.
//
// # Aliasing
//
// Sources(v) lists the names whose storage the value of v may share
// directly: the operand of a view (Atom, Index giving an array, Slice,
// Reshape, Rearrange, Rotate), the array an Update, Hist, Scatter, the
// Screma's hist and scatter operators or WithAcc updates in place, both
// results an If may return, the initial value and the body result a Loop
// parameter may take, the rows a lambda parameter is bound to, the
// neutral element and operator results a reduction may return, and the
// array arguments an Apply (or an AD operator) may return. A name with no
// sources owns fresh storage (Copy, Replicate, Iota, Scratch, Concat, array
// literals, the results of Map, Scan, Screma map and scan outputs) or is a
// scalar. Roots(v) is the transitive closure: every name whose storage v
// may share. Both may name a loop body's results, which are bound inside
// the loop. Accumulators count as the storage of the array behind them.
//
// # Consumption
//
// A statement consumes its operands in consuming positions (Update's
// array, Hist and Scatter destinations, a Screma's hist and scatter
// destinations, WithAcc inputs, UpdAcc's accumulator), and a Map, Screma
// or Loop consumes the input or initial value whose parameter its lambda
// or body consumes (Consumes(s) lists them). Consuming a name consumes
// every root of it: after the statement none of them may be used.
// MayBeConsumed(v) reports whether some statement consumes v or a name
// whose storage comes from v; UpdatedAfter(v, at) whether a statement
// after the one binding at may update v's storage in place. A pass that
// lets two names share storage they did not share asks both.
//
// # For a memory planner
//
// Every array-valued binding either allocates (Fresh) or may share the
// storage of its Sources, which come before it except for a loop's body
// results. Two names whose storage may be the same are those MayAlias
// relates; a block may be reused for another array once no name that
// may alias it is used any more, and an array a statement consumes is
// updated in place by that statement (its result takes the storage over).
type Facts struct {
	params  []Param
	types   map[VName]Type
	sources map[VName][]VName
	// consumed are the names whose storage some statement may consume:
	// the direct operands in consuming positions and everything they
	// reach through sources.
	consumed Names
	// order numbers the statements as the code is written, by the names
	// they bind; consumptions lists the operands each statement consumes
	// in consuming positions, with its number.
	order        map[VName]int
	consumptions []consumption
	// sizes are the names that are sizes of arrays, so never negative:
	// dimensions of the parameters' types (checked on entry) and names
	// bound by Size.
	sizes Names
	// below gives, for the names known to lie in [0, n), every such n
	// known: the rows of an iota from 0 by 1 that a map or screma
	// function takes, the counters of for loops over i64, and (n - 1) - p
	// for such a p (reverse mode's reversed reads).
	below map[VName][]SubExp
	// accAdds and accOps are the parameters of accumulator scopes
	// (WithAcc) without and with an operator of their own.
	accAdds, accOps Names
}

type consumption struct {
	at    int
	names []VName
}

// CountingIota reports whether e is iota n from 0 by 1 of i64 (the
// indices of an array of n rows), giving n.
func CountingIota(e Exp) (SubExp, bool) {
	it, ok := e.(*Iota)
	if !ok || it.T != prim.I64 {
		return SubExp{}, false
	}
	from0 := it.Start.IsNone() || it.Start.IsConst && it.Start.Const.Int() == 0
	by1 := it.Step.IsNone() || it.Step.IsConst && it.Step.Const.Int() == 1
	return it.N, from0 && by1
}

// IndexBounds calls f(v, n) for every name v that s binds for its nested
// code and every n such that v lies in [0, n): the counter of a for loop
// over i64 to n, and a parameter of a map's or screma's function that
// takes the rows of an array that iota (a lookup of CountingIota results)
// says is iota n; such a row lies below the SOAC's width too, since a
// SOAC runs its function only when every input has its width. This is the
// one rule for such ranges; ir.Facts and the optimiser's rewrites both
// use it.
func IndexBounds(s *Stm, iota func(VName) (SubExp, bool), f func(v VName, n SubExp)) {
	rows := func(w SubExp, arrs []VName, l *Lambda) {
		for k, a := range arrs {
			if k >= len(l.Params) || !l.Params[k].Type.IsScalar() {
				continue
			}
			if n, ok := iota(a); ok {
				f(l.Params[k].Name, n)
				if !w.IsNone() && !w.Equal(n) {
					f(l.Params[k].Name, w)
				}
			}
		}
	}
	switch e := s.Exp.(type) {
	case *Loop:
		if fr, ok := e.Form.(*For); ok && fr.T == prim.I64 {
			f(fr.I, fr.Bound)
		}
	case *Map:
		rows(e.W, e.Arrs, e.F)
	case *Screma:
		rows(e.W, e.Arrs, e.F)
	}
}

// Pred reports whether e is n - 1 (of i64), giving n.
func Pred(e Exp) (SubExp, bool) {
	b, ok := e.(*Bin)
	if !ok || b.Op != prim.Sub || b.T != prim.I64 || !b.Y.IsConst || b.Y.Const.Int() != 1 {
		return SubExp{}, false
	}
	return b.X, true
}

// ReversedIndex reports whether e is (n - 1) - p, for a p that in says
// lies in [0, n), giving n: the index of a loop that walks n elements
// backwards (reverse mode's reversed reads), which lies in [0, n) too
// (n - 1 cannot overflow, since p < n and p >= 0). n - 1 is a constant or
// a name that lastOf says is bound to n - 1. This is the one rule for
// such ranges, beside IndexBounds; ir.Facts and the optimiser's rewrites
// both use it.
func ReversedIndex(e Exp, lastOf func(VName) (SubExp, bool), in func(p VName, n SubExp) bool) (SubExp, bool) {
	b, ok := e.(*Bin)
	if !ok || b.Op != prim.Sub || b.T != prim.I64 || !b.Y.IsVar() {
		return SubExp{}, false
	}
	var n SubExp
	switch {
	case b.X.IsConst:
		n = I64(b.X.Const.Int() + 1)
	case b.X.IsVar():
		if n, ok = lastOf(b.X.Var); !ok {
			return SubExp{}, false
		}
	default:
		return SubExp{}, false
	}
	if !in(b.Y.Var, n) {
		return SubExp{}, false
	}
	return n, true
}

// NewFacts computes the facts of f.
func NewFacts(f *Func) *Facts {
	size := CountStms(f.Body)
	fa := &Facts{
		params:   f.Params,
		types:    make(map[VName]Type, size+len(f.Params)),
		sources:  map[VName][]VName{},
		consumed: Names{},
		order:    make(map[VName]int, size),
		sizes:    Names{},
		below:    map[VName][]SubExp{},
		accAdds:  Names{},
		accOps:   Names{},
	}
	for _, p := range f.Params {
		fa.types[p.Name] = p.Type
		for _, d := range p.Type.Shape {
			if d.IsVar() {
				fa.sizes.Add(d.Var)
				if _, ok := fa.types[d.Var]; !ok {
					fa.types[d.Var] = i64
				}
			}
		}
	}
	sizesIn(f.Body, fa.sizes)
	var direct []VName
	n := 0
	iotas := map[VName]SubExp{} // the counting iotas bound so far, by size
	last := map[VName]SubExp{}  // the names bound to n - 1 (i64), by n
	lastOf := func(a VName) (SubExp, bool) { w, ok := last[a]; return w, ok }
	in := func(p VName, w SubExp) bool { return slices.ContainsFunc(fa.below[p], w.Equal) }
	var walk func(b *Body)
	walk = func(b *Body) {
		for _, s := range b.Stms {
			at := n
			n++
			for _, p := range s.Pat {
				fa.types[p.Name] = p.Type
				fa.order[p.Name] = at
			}
			for _, p := range nestedParams(s.Exp) {
				fa.types[p.Name] = p.Type
			}
			IndexBounds(s, func(a VName) (SubExp, bool) { n, ok := iotas[a]; return n, ok }, func(v VName, n SubExp) { fa.below[v] = append(fa.below[v], n) })
			if n, ok := CountingIota(s.Exp); ok && len(s.Pat) == 1 {
				iotas[s.Pat[0].Name] = n
			}
			if len(s.Pat) == 1 {
				v := s.Pat[0].Name
				if n, ok := Pred(s.Exp); ok {
					last[v] = n
				}
				if n, ok := ReversedIndex(s.Exp, lastOf, in); ok {
					fa.below[v] = append(fa.below[v], n)
				}
			}
			forEachSource(s, func(n VName, srcs []SubExp) {
				for _, x := range srcs {
					if x.IsVar() {
						fa.sources[n] = append(fa.sources[n], x.Var)
					}
				}
			})
			if w, ok := s.Exp.(*WithAcc); ok {
				for i, in := range w.Inputs {
					if in.Op == nil {
						fa.accAdds.Add(w.F.Params[i].Name)
					} else {
						fa.accOps.Add(w.F.Params[i].Name)
					}
				}
			}
			if c := ConsumingOperands(s.Exp); len(c) > 0 {
				direct = append(direct, c...)
				fa.consumptions = append(fa.consumptions, consumption{at: at, names: c})
			}
			for _, nb := range Bodies(s.Exp) {
				if nb != nil {
					walk(nb)
				}
			}
		}
	}
	walk(f.Body)
	work := append([]VName(nil), direct...)
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		if fa.consumed.Has(n) {
			continue
		}
		fa.consumed.Add(n)
		work = append(work, fa.sources[n]...)
	}
	return fa
}

// Declare records the type of names a pass adds; they share no storage.
func (fa *Facts) Declare(ps ...Param) {
	for _, p := range ps {
		fa.types[p.Name] = p.Type
	}
}

// Type returns the declared type of a name bound in the function.
func (fa *Facts) Type(v VName) (Type, bool) {
	t, ok := fa.types[v]
	return t, ok
}

// Sources returns the names whose storage v may share directly (see
// Facts). The slice must not be modified.
func (fa *Facts) Sources(v VName) []VName { return fa.sources[v] }

// Roots returns every name whose storage v may share, through any chain
// of sources, in a fixed order (v itself is not included).
func (fa *Facts) Roots(v VName) []VName {
	seen := Names{v: {}}
	var out []VName
	work := append([]VName(nil), fa.sources[v]...)
	for len(work) > 0 {
		n := work[0]
		work = work[1:]
		if seen.Has(n) {
			continue
		}
		seen.Add(n)
		out = append(out, n)
		work = append(work, fa.sources[n]...)
	}
	return out
}

// Additive reports whether updates of the accumulator acc combine by
// addition: its storage (through maps, loops, ifs and earlier updates)
// comes only from parameters of accumulator scopes without an operator
// of their own, so that the order of its updates does not matter to
// integers and is the floating-point order accumulators leave open.
func (fa *Facts) Additive(acc VName) bool {
	found := false
	for _, r := range append([]VName{acc}, fa.Roots(acc)...) {
		if fa.accOps.Has(r) {
			return false
		}
		found = found || fa.accAdds.Has(r)
	}
	return found
}

// MayAlias reports whether a and b may share storage: one is a root of
// the other or they have a root in common.
func (fa *Facts) MayAlias(a, b VName) bool {
	if a == b {
		return true
	}
	ra := Names{a: {}}
	for _, r := range fa.Roots(a) {
		ra.Add(r)
	}
	if ra.Has(b) {
		return true
	}
	for _, r := range fa.Roots(b) {
		if ra.Has(r) {
			return true
		}
	}
	return false
}

// Fresh reports whether v owns its storage outright: it is an array bound
// by a statement that allocates it (no sources).
func (fa *Facts) Fresh(v VName) bool {
	t, ok := fa.types[v]
	return ok && !t.IsScalar() && len(fa.sources[v]) == 0 && !fa.isParam(v)
}

func (fa *Facts) isParam(v VName) bool {
	for _, p := range fa.params {
		if p.Name == v {
			return true
		}
	}
	return false
}

// MayBeConsumed reports whether some statement of the function may
// consume v or a name whose storage comes from v (Consumed() has v).
func (fa *Facts) MayBeConsumed(v VName) bool { return fa.consumed.Has(v) }

// UpdatedAfter reports whether a statement that comes after the one
// binding at (in the order the function's code is written, nested code
// after the statement holding it) may update the storage of v in place:
// it consumes a name that may share storage with v. A pass that lets a
// fresh array bound by at share v's storage instead must know it is not.
// (Code earlier in the same loop body runs again after at only for the
// next iteration, whose names are new.)
func (fa *Facts) UpdatedAfter(v, at VName) bool {
	i, ok := fa.order[at]
	if !ok {
		return true
	}
	for _, c := range fa.consumptions {
		if c.at <= i {
			continue
		}
		for _, n := range c.names {
			if fa.MayAlias(n, v) {
				return true
			}
		}
	}
	return false
}

// IsSize reports whether v is a size of some array (a dimension of a
// parameter's type or bound by Size), so never negative.
func (fa *Facts) IsSize(v VName) bool { return fa.sizes.Has(v) }

// Consumed returns every name whose storage may be consumed.
func (fa *Facts) Consumed() Names { return fa.consumed }

// Consumes returns the operands statement s consumes: those in consuming
// positions, and the inputs and initial values whose parameters its
// nested code consumes.
func (fa *Facts) Consumes(s *Stm) []VName { return fa.stmConsumes(s) }

// ConsumedParams reports which parameters of the function may have their
// storage updated in place. Backends copy those (and only those) on
// entry. Apply does not consume its arguments: the called function copies
// what it consumes.
func (fa *Facts) ConsumedParams() []bool {
	out := make([]bool, len(fa.params))
	for i, p := range fa.params {
		out[i] = fa.consumed.Has(p.Name)
	}
	return out
}

// ConsumedParams is NewFacts(f).ConsumedParams().
func ConsumedParams(f *Func) []bool { return NewFacts(f).ConsumedParams() }

func (fa *Facts) stmConsumes(s *Stm) []VName {
	out := ConsumingOperands(s.Exp)
	params := func(ps []Param, args []VName) {
		for i, p := range ps {
			if i < len(args) && !args[i].IsZero() && fa.consumed.Has(p.Name) {
				out = append(out, args[i])
			}
		}
	}
	switch e := s.Exp.(type) {
	case *Map:
		params(e.F.Params, e.Arrs)
	case *Screma:
		params(e.F.Params, e.Arrs)
	case *Loop:
		inits := make([]VName, len(e.Init))
		for i, x := range e.Init {
			if x.IsVar() {
				inits[i] = x.Var
			}
		}
		params(e.Params, inits)
	}
	return out
}

// ConsumingOperands lists the operands e consumes by its own kind (not
// through nested code): Update's array, Hist, Scatter and Screma
// destinations, WithAcc inputs and UpdAcc's accumulator.
func ConsumingOperands(e Exp) []VName {
	switch e := e.(type) {
	case *Update:
		return []VName{e.Arr}
	case *Hist:
		return append([]VName(nil), e.Dests...)
	case *Scatter:
		return append([]VName(nil), e.Dests...)
	case *Screma:
		var out []VName
		for _, h := range e.Hists {
			out = append(out, h.Dests...)
		}
		for _, sc := range e.Scatters {
			out = append(out, sc.Dests...)
		}
		return out
	case *WithAcc:
		out := make([]VName, len(e.Inputs))
		for i, in := range e.Inputs {
			out[i] = in.Arr
		}
		return out
	case *UpdAcc:
		return []VName{e.Acc}
	}
	return nil
}

// nestedParams lists the names e binds for its nested code: lambda
// parameters, loop parameters and the loop index.
func nestedParams(e Exp) []Param {
	var ps []Param
	if l, ok := e.(*Loop); ok {
		if f, ok := l.Form.(*For); ok {
			ps = append(ps, Param{Name: f.I, Type: Scalar(f.T)})
		}
		ps = append(ps, l.Params...)
	}
	for _, l := range Lambdas(e) {
		ps = append(ps, l.Params...)
	}
	return ps
}

// AliasSources returns, for each pattern element of s, the operands and
// nested names whose storage it may share (see Facts); scalars have none.
func AliasSources(s *Stm) [][]VName {
	out := make([][]VName, len(s.Pat))
	idx := map[VName]int{}
	for i, p := range s.Pat {
		idx[p.Name] = i
	}
	forEachSource(s, func(n VName, srcs []SubExp) {
		i, ok := idx[n]
		if !ok {
			return
		}
		for _, x := range srcs {
			if x.IsVar() {
				out[i] = append(out[i], x.Var)
			}
		}
	})
	return out
}

// forEachSource calls f for every non-scalar name s binds (pattern
// elements and the parameters of its nested code) with the names its
// storage may come from. This is the aliasing rule of every construct.
func forEachSource(s *Stm, f func(n VName, srcs []SubExp)) {
	link := func(p Param, srcs ...SubExp) {
		if !p.Type.IsScalar() {
			f(p.Name, srcs)
		}
	}
	names := func(ns ...VName) []SubExp {
		out := make([]SubExp, 0, len(ns))
		for _, n := range ns {
			out = append(out, Var(n))
		}
		return out
	}
	pat := func(i int, srcs ...SubExp) {
		if i < len(s.Pat) {
			link(s.Pat[i], srcs...)
		}
	}
	// operator links a reduction operator's parameters: the accumulated
	// value may be the neutral element, an earlier element or an earlier
	// result; the element is one of elems.
	operator := func(op *Lambda, elems [][]SubExp, ne []SubExp) {
		if op == nil {
			return
		}
		k := len(op.Params) / 2
		for i := 0; i < k; i++ {
			var srcs []SubExp
			if i < len(elems) {
				srcs = append(srcs, elems[i]...)
			}
			if i < len(ne) {
				srcs = append(srcs, ne[i])
			}
			if i < len(op.Body.Result) {
				srcs = append(srcs, op.Body.Result[i])
			}
			link(op.Params[i], srcs...)
			link(op.Params[k+i], srcs...)
		}
	}
	rows := func(arrs []VName) [][]SubExp {
		out := make([][]SubExp, len(arrs))
		for i, a := range arrs {
			out[i] = names(a)
		}
		return out
	}
	switch e := s.Exp.(type) {
	case *Atom:
		pat(0, e.X)
	case *Index:
		pat(0, Var(e.Arr))
	case *Slice:
		pat(0, Var(e.Arr))
	case *Reshape:
		pat(0, Var(e.Arr))
	case *Rearrange:
		pat(0, Var(e.Arr))
	case *Rotate:
		pat(0, Var(e.Arr))
	case *Update:
		pat(0, Var(e.Arr))
	case *UpdAcc:
		pat(0, Var(e.Acc))
	case *If:
		for i := range s.Pat {
			pat(i, e.Then.Result[i], e.Else.Result[i])
		}
	case *Loop:
		for i, p := range e.Params {
			link(p, e.Init[i], e.Body.Result[i])
			pat(i, e.Init[i], e.Body.Result[i])
		}
	case *Map:
		for i, p := range e.F.Params {
			if i < len(e.Arrs) {
				link(p, Var(e.Arrs[i]))
			}
		}
		// An accumulator result is the accumulator the function returns
		// in that place (one of its parameters, updated), as for WithAcc:
		// not any accumulator the map takes, so that an array a WithAcc
		// inside the function accumulates into does not appear to outlive
		// the element.
		for i, t := range e.F.Ret {
			if t.Acc {
				pat(i, e.F.Body.Result[i])
			}
		}
	case *Reduce:
		operator(e.Op, rows(e.Arrs), e.Neutral)
		for i := range s.Pat {
			pat(i, e.Neutral[i], e.Op.Body.Result[i])
		}
	case *Scan:
		operator(e.Op, rows(e.Arrs), e.Neutral)
	case *Hist:
		elems := make([][]SubExp, len(e.Dests))
		for i := range e.Dests {
			elems[i] = names(e.Dests[i])
			if i < len(e.Vals) {
				elems[i] = append(elems[i], Var(e.Vals[i]))
			}
		}
		operator(e.Op, elems, e.Neutral)
		for i, d := range e.Dests {
			pat(i, Var(d))
		}
	case *Scatter:
		for i, d := range e.Dests {
			pat(i, Var(d))
		}
	case *Screma:
		for i, p := range e.F.Params {
			if i < len(e.Arrs) {
				link(p, Var(e.Arrs[i]))
			}
		}
		res := e.F.Body.Result
		k, out := 0, 0
		for _, sc := range e.Scans {
			n := len(sc.Neutral)
			elems := make([][]SubExp, n)
			for j := range n {
				elems[j] = res[k+j : k+j+1]
			}
			operator(sc.Op, elems, sc.Neutral)
			k += n
			out += n
		}
		for _, r := range e.Reds {
			n := len(r.Neutral)
			elems := make([][]SubExp, n)
			for j := range n {
				elems[j] = res[k+j : k+j+1]
				pat(out+j, r.Neutral[j], r.Op.Body.Result[j])
			}
			operator(r.Op, elems, r.Neutral)
			k += n
			out += n
		}
		for _, h := range e.Hists {
			k += h.Rank
			elems := make([][]SubExp, len(h.Dests))
			for j, d := range h.Dests {
				elems[j] = []SubExp{Var(d), res[k+j]}
				pat(out+j, Var(d))
			}
			operator(h.Op, elems, h.Neutral)
			k += len(h.Dests)
			out += len(h.Dests)
		}
		for _, sc := range e.Scatters {
			for j, d := range sc.Dests {
				pat(out+j, Var(d))
			}
			k += sc.Rank + len(sc.Dests)
			out += len(sc.Dests)
		}
	case *WithAcc:
		for i, in := range e.Inputs {
			if i < len(e.F.Params) {
				link(e.F.Params[i], Var(in.Arr))
			}
			pat(i, Var(in.Arr))
		}
		for i := len(e.Inputs); i < len(s.Pat); i++ {
			pat(i, e.F.Body.Result[i])
		}
	case *WithVJP:
		for i, p := range e.F.Params {
			if i < len(e.Args) {
				link(p, e.Args[i])
			}
		}
		if e.Rule != nil {
			srcs := append(append([]SubExp(nil), e.Args...), e.F.Body.Result...)
			for _, p := range e.Rule.Params {
				link(p, srcs...)
			}
		}
		for i := range s.Pat {
			pat(i, e.F.Body.Result[i])
		}
	case *JVP, *VJP:
		var f *Lambda
		var args []SubExp
		switch e := e.(type) {
		case *JVP:
			f, args = e.F, append(append([]SubExp(nil), e.Primals...), e.Tangents...)
		case *VJP:
			f, args = e.F, append(append([]SubExp(nil), e.Primals...), e.Adjoints...)
		}
		for _, p := range f.Params {
			link(p, args...)
		}
		for i := range s.Pat {
			pat(i, append(append([]SubExp(nil), args...), f.Body.Result...)...)
		}
	case *Apply:
		for i := range s.Pat {
			pat(i, e.Args...)
		}
	}
}
