package rev

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// rev is the state of one scope's return sweep: where statements go and
// the adjoint environment.
type rev struct {
	b *ir.Builder
	// adj maps a primal name to its adjoint (absent: zero). Inside a map
	// lambda the adjoint of a free array is an accumulator.
	adj map[ir.VName]ir.SubExp
	// owned marks adjoint arrays that no other live value shares, which
	// may therefore be updated in place.
	owned map[ir.VName]bool
	// frame is the innermost map lambda being differentiated, or nil.
	frame *frame
	// ckpt holds what the forward sweep of a loop saved for its reverse.
	ckpt map[*ir.Stm]*loopSave
	// saved holds the region an in-place update overwrote.
	saved map[*ir.Stm]ir.SubExp
	// links holds what the forward sweep of an if updating arrays in
	// place saved.
	links map[*ir.Stm]*ifSave
	// prim renames the primal arrays restored by the return sweep of
	// in-place updates, for the statements before them.
	prim map[ir.VName]ir.VName
	// noInplace keeps every primal value of the scope readable to the
	// end: the return sweep of mjp reads them from inside a lambda, once
	// per row, and so may not write the saved regions back into them.
	// Nested scopes, whose return sweeps re-run them on values of their
	// own, do not inherit it.
	noInplace bool
	// nested: this code will be differentiated again, so only rules
	// whose adjoints are smooth where the primal is may be used (see
	// ExpandNestedVJP).
	nested bool
	// facts holds what is known about the values of adjoint arrays, which
	// lets the rules that read them skip their zeros (shared by every
	// scope: names are unique).
	facts *adjFacts
	// inactive holds names whose values do not depend on the vjp's
	// parameters (activity analysis): their adjoints are never needed, so
	// no rule computes them (shared by every scope).
	inactive ir.Names
	// views records the arrays that are rows of a vjp parameter (v =
	// base[idx]): inside a map, contributions to v's adjoint go straight
	// into base's accumulator at idx, rather than into one of v's own
	// that the return sweep then adds to base's adjoint row by row
	// (shared by every scope).
	views *viewSet
}

// viewSet holds the views of one vjp and the parameters they may view.
type viewSet struct {
	bases ir.Names
	of    map[ir.VName]view
	// strided records arrays whose rows are rows of another array:
	// v[i] = arr[pre..., start + i*stride] (a slice of its outer sliced
	// dimension, or a name for it).
	strided map[ir.VName]strided
}

// strided is v[i] = arr[pre..., start + i*stride].
type strided struct {
	arr           ir.VName
	pre           []ir.SubExp
	start, stride ir.SubExp
}

// view is v = base[idx...].
type view struct {
	base ir.VName
	idx  []ir.SubExp
}

// noViews turns the redirection of views' adjoints off, so that tests can
// compare with it.
var noViews bool

// recordView notes s if it takes a row of a parameter (or of a view), or
// a strided run of another array's rows.
func (r *rev) recordView(s *ir.Stm) {
	if noViews || len(s.Pat) != 1 || !s.Pat[0].Type.IsArray() {
		return
	}
	r.recordStrided(s)
	e, ok := s.Exp.(*ir.Index)
	if !ok {
		return
	}
	if vw, ok := r.views.of[e.Arr]; ok {
		r.views.of[s.Pat[0].Name] = view{base: vw.base, idx: append(append([]ir.SubExp{}, vw.idx...), e.Idx...)}
		return
	}
	if r.views.bases.Has(e.Arr) {
		r.views.of[s.Pat[0].Name] = view{base: e.Arr, idx: e.Idx}
	}
}

// recordStrided notes y = x[pre..., start:end:stride] (the dimensions
// after the sliced one whole) and y = x for such an x.
func (r *rev) recordStrided(s *ir.Stm) {
	y := s.Pat[0].Name
	switch e := s.Exp.(type) {
	case *ir.Atom:
		if !e.X.IsVar() {
			return
		}
		if sv, ok := r.views.strided[e.X.Var]; ok {
			r.views.strided[y] = sv
		}
	case *ir.Slice:
		var pre []ir.SubExp
		for k, d := range e.Dims {
			if d.Fixed {
				pre = append(pre, d.I)
				continue
			}
			if k != len(e.Dims)-1 {
				return
			}
			stride, start := d.Stride, d.Start
			if stride.IsNone() {
				stride = ir.I64(1)
			}
			if start.IsNone() {
				if !stride.Equal(ir.I64(1)) {
					return
				}
				start = ir.I64(0)
			}
			r.views.strided[y] = strided{arr: e.Arr, pre: pre, start: start, stride: stride}
		}
	}
}

// rowDest returns, for an input array a of a map that is a strided slice
// of an array base whose adjoint has an accumulator here (or of a view of
// one), base and the indices in base of a's row i, built in b: a's rows'
// adjoints may go straight into that accumulator.
func (r *rev) rowDest(a ir.VName) (ir.VName, func(b *ir.Builder, i ir.SubExp) []ir.SubExp, bool) {
	if noViews {
		return ir.VName{}, nil, false
	}
	sv, ok := r.views.strided[a]
	if !ok {
		// Whole arrays and rows keep their adjoint arrays, which the sums
		// of interchange.go recognise as added whole.
		return ir.VName{}, nil, false
	}
	base, pre := sv.arr, sv.pre
	if vw, ok := r.views.of[sv.arr]; ok {
		base, pre = vw.base, append(append([]ir.SubExp{}, vw.idx...), sv.pre...)
	}
	if !r.hasAcc(base) {
		return ir.VName{}, nil, false
	}
	return base, func(b *ir.Builder, i ir.SubExp) []ir.SubExp {
		at := i
		if !sv.stride.Equal(ir.I64(1)) {
			at = b.BinOp(prim.Mul, at, sv.stride)
		}
		if !sv.start.Equal(ir.I64(0)) {
			at = b.BinOp(prim.Add, sv.start, at)
		}
		return append(append([]ir.SubExp{}, pre...), at)
	}, true
}

// hasAcc reports whether accFor(v) would give an accumulator.
func (r *rev) hasAcc(v ir.VName) bool {
	if r.inactive.Has(v) {
		return false
	}
	if a, ok := r.adj[v]; ok {
		return a.IsVar() && r.typeOf(a.Var).Acc
	}
	return r.frame != nil && r.frame.free.Has(v) && r.typeOf(v).IsArray()
}

// viewAcc returns, for a view v whose base has an accumulator in this
// lambda, that accumulator, the base and v's indices in it.
func (r *rev) viewAcc(v ir.VName) (ir.SubExp, ir.VName, []ir.SubExp, bool) {
	vw, ok := r.views.of[v]
	if !ok {
		return ir.SubExp{}, ir.VName{}, nil, false
	}
	acc, ok := r.accFor(vw.base)
	if !ok {
		return ir.SubExp{}, ir.VName{}, nil, false
	}
	return acc, vw.base, vw.idx, true
}

// freeWithBases is the free variables of l and the bases of those that
// are views.
func (r *rev) freeWithBases(l *ir.Lambda) ir.Names {
	free := ir.FreeInLambda(l)
	for v := range free {
		if vw, ok := r.views.of[v]; ok {
			free.Add(vw.base)
		}
	}
	return free
}

// adjFacts records adjoint arrays whose values are known to have a
// structure, keyed by the adjoint array's name. Every such array is also
// materialised, so rules that do not look here stay correct; the
// materialised array disappears when no rule reads it.
type adjFacts struct {
	// uniform: every row of the array is this value (the adjoint of the
	// elements of a sum is the sum's adjoint, replicated).
	uniform map[ir.VName]ir.SubExp
	// sparse: the array is zero outside a range of rows (the adjoint of
	// a minimum or of an indexed element).
	sparse map[ir.VName]*sparseAdj
}

// noFacts makes the rules ignore adjFacts, so that tests can compare them
// with the dense rules.
var noFacts bool

// uniformRow returns the value of every row of adjoint array v, if known.
func (r *rev) uniformRow(v ir.VName) (ir.SubExp, bool) {
	if noFacts {
		return ir.SubExp{}, false
	}
	x, ok := r.facts.uniform[v]
	return x, ok
}

// sparseAdj says that an adjoint array is zero outside its rows start,
// ..., start+n-1, which are the rows of vals.
type sparseAdj struct {
	start, n ir.SubExp
	vals     ir.VName
}

// frame collects the accumulators a lambda needs for its free arrays.
type frame struct {
	free   ir.Names
	vars   []ir.VName
	params map[ir.VName]ir.Param
}

func newRev(b *ir.Builder) *rev {
	return &rev{b: b, adj: map[ir.VName]ir.SubExp{}, owned: map[ir.VName]bool{}, ckpt: map[*ir.Stm]*loopSave{},
		saved: map[*ir.Stm]ir.SubExp{}, links: map[*ir.Stm]*ifSave{}, prim: map[ir.VName]ir.VName{},
		facts: &adjFacts{uniform: map[ir.VName]ir.SubExp{}, sparse: map[ir.VName]*sparseAdj{}}, inactive: ir.Names{},
		views: &viewSet{bases: ir.Names{}, of: map[ir.VName]view{}, strided: map[ir.VName]strided{}}}
}

// scope returns an empty rev for a nested scope emitting into b, sharing
// r's forward-sweep records.
func (r *rev) scope(b *ir.Builder, fr *frame) *rev {
	return &rev{b: b, adj: map[ir.VName]ir.SubExp{}, owned: map[ir.VName]bool{}, frame: fr, ckpt: r.ckpt,
		saved: r.saved, links: r.links, prim: map[ir.VName]ir.VName{}, nested: r.nested, facts: r.facts, inactive: r.inactive, views: r.views}
}

// child returns a rev for a nested scope emitting into b that starts from
// a copy of r's environment.
func (r *rev) child(b *ir.Builder) *rev {
	c := r.scope(b, r.frame)
	for k, v := range r.adj {
		c.adj[k] = v
	}
	for k, v := range r.owned {
		c.owned[k] = v
	}
	return c
}

func (r *rev) typeOf(v ir.VName) ir.Type {
	t, ok := r.b.TypeOf(v)
	if !ok {
		fail(r.b.Pos, "internal error: unknown type of %v", v)
	}
	return t
}

// shapeOf returns the shape of array v with unknown sizes read at run time.
func (r *rev) shapeOf(v ir.VName) ir.Shape {
	t := r.typeOf(v)
	s := make(ir.Shape, len(t.Shape))
	for i, d := range t.Shape {
		if d.IsNone() {
			d = r.b.Let("n", &ir.Size{Arr: v, Dim: i})
		}
		s[i] = d
	}
	return s
}

// outer is the outer size of array v.
func (r *rev) outer(v ir.VName) ir.SubExp { return r.shapeOf(v)[0] }

func zeroOf(t prim.Type) ir.SubExp { return ir.Const(prim.Zero(t)) }

// zerosLike is a fresh zero value of v's type.
func (r *rev) zerosLike(v ir.VName) ir.SubExp {
	t := r.typeOf(v)
	if t.IsScalar() {
		return zeroOf(t.Elem)
	}
	z := r.b.Let(v.Base+"_adj", &ir.Replicate{Shape: r.shapeOf(v), Val: zeroOf(t.Elem)})
	r.owned[z.Var] = true
	return z
}

// addOp is the addition of adjoints of type t (|| for bool).
func addOp(t prim.Type) prim.BinOp {
	if t == prim.Bool {
		return prim.LogOr
	}
	return prim.Add
}

func mulOp(t prim.Type) prim.BinOp {
	if t == prim.Bool {
		return prim.LogAnd
	}
	return prim.Mul
}

// add emits x + y for two values of type t (elementwise for arrays).
func (r *rev) add(t ir.Type, x, y ir.SubExp) ir.SubExp {
	return addValues(r.b, t, x, y)
}

func addValues(b *ir.Builder, t ir.Type, x, y ir.SubExp) ir.SubExp {
	if t.IsScalar() {
		if x.IsConst && x.Const.IsZero() {
			return y
		}
		if y.IsConst && y.Const.IsZero() {
			return x
		}
		return b.Let("adj", &ir.Bin{Op: addOp(t.Elem), T: t.Elem, X: x, Y: y})
	}
	w := t.Shape[0]
	if w.IsNone() {
		w = b.Let("n", &ir.Size{Arr: x.Var, Dim: 0})
	}
	row := t.Row()
	lam := b.Lambda([]ir.Type{row, row}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		return []ir.SubExp{addValues(lb, row, ps[0], ps[1])}
	})
	return ir.Var(b.Map(w, []ir.VName{x.Var, y.Var}, lam)[0])
}

// adjoints lists the adjoints of pat's names, the none SubExp where
// there is none (a zero adjoint) rather than a materialised zero.
func (r *rev) adjoints(pat []ir.Param) []ir.SubExp {
	out := make([]ir.SubExp, len(pat))
	for i, p := range pat {
		out[i] = r.adj[p.Name]
	}
	return out
}

// current is the adjoint of v, zero if it has none. Inside a map lambda
// the adjoint of a free array is its accumulator.
func (r *rev) current(v ir.VName) ir.SubExp {
	if a, ok := r.adj[v]; ok {
		return a
	}
	if acc, ok := r.accFor(v); ok {
		return acc
	}
	return r.zerosLike(v)
}

// markInactive records the names of pat as inactive if every name e
// reads is (e computes them from values that do not depend on the
// parameters).
func (r *rev) markInactive(pat []ir.Param, e ir.Exp) {
	for v := range ir.FreeInExp(e) {
		if !r.inactive.Has(v) {
			return
		}
	}
	for _, p := range pat {
		r.inactive.Add(p.Name)
	}
}

// noLoopActivity turns off inactiveLoopParams, so that tests can compare
// the gradients with and without it.
var noLoopActivity bool

// inactiveLoopParams reports which parameters of l never depend on the
// vjp's parameters: their initial values are inactive and the body
// computes their new values from inactive values only (the greatest such
// set, a fixed point: a parameter stops being inactive when its new value
// reads an active one). A loop's integer bookkeeping (counters, masks,
// decoded indices) is then not differentiated even when the loop carries
// an active value beside it.
func (r *rev) inactiveLoopParams(l *ir.Loop) []bool {
	in := make([]bool, len(l.Params))
	if noLoopActivity {
		return in
	}
	for k, x := range l.Init {
		in[k] = !x.IsVar() || r.inactive.Has(x.Var)
	}
	for {
		local := ir.Names{}
		if f, ok := l.Form.(*ir.For); ok {
			local.Add(f.I)
		}
		for k, p := range l.Params {
			if in[k] {
				local.Add(p.Name)
			}
		}
		inactive := func(v ir.VName) bool { return local.Has(v) || r.inactive.Has(v) }
		for _, s := range l.Body.Stms {
			all := true
			for v := range ir.FreeInExp(s.Exp) {
				if !inactive(v) {
					all = false
					break
				}
			}
			if all {
				for _, p := range s.Pat {
					local.Add(p.Name)
				}
			}
		}
		changed := false
		for k, x := range l.Body.Result {
			if in[k] && x.IsVar() && !inactive(x.Var) {
				in[k], changed = false, true
			}
		}
		if !changed {
			return in
		}
	}
}

// accFor returns the accumulator standing for v's adjoint, creating a
// lambda parameter for it if v is an array free in the current lambda.
func (r *rev) accFor(v ir.VName) (ir.SubExp, bool) {
	if r.inactive.Has(v) {
		return ir.SubExp{}, false
	}
	if a, ok := r.adj[v]; ok {
		if a.IsVar() && r.typeOf(a.Var).Acc {
			return a, true
		}
		return ir.SubExp{}, false
	}
	fr := r.frame
	if fr == nil || !fr.free.Has(v) {
		return ir.SubExp{}, false
	}
	if p, ok := fr.params[v]; ok {
		return ir.Var(p.Name), true
	}
	t := r.typeOf(v)
	if !t.IsArray() {
		return ir.SubExp{}, false
	}
	p := r.b.Param(v.Base+"_acc", ir.AccOf(t))
	fr.params[v] = p
	fr.vars = append(fr.vars, v)
	r.adj[v] = ir.Var(p.Name)
	return ir.Var(p.Name), true
}

// isZero reports whether c is a constant zero (no contribution).
func isZero(c ir.SubExp) bool { return c.IsConst && c.Const.IsZero() }

// addTo adds contribution c to the adjoint of v.
func (r *rev) addTo(v ir.VName, c ir.SubExp) {
	if c.IsNone() || isZero(c) || r.inactive.Has(v) {
		return
	}
	t := r.typeOf(v)
	if t.Acc {
		fail(r.b.Pos, "cannot differentiate code that uses accumulators (%v)", v)
	}
	if t.IsScalar() {
		if cur, ok := r.adj[v]; ok {
			r.adj[v] = r.add(t, cur, c)
		} else {
			r.adj[v] = c
		}
		return
	}
	if acc, base, idx, ok := r.viewAcc(v); ok {
		r.adj[base] = r.b.Let("acc", &ir.UpdAcc{Acc: acc.Var, Idx: idx, Val: c})
		return
	}
	if acc, ok := r.accFor(v); ok {
		r.adj[v] = r.accAddArray(acc, c)
		return
	}
	if cur, ok := r.adj[v]; ok {
		s := r.add(t, cur, c)
		r.adj[v] = s
		r.owned[s.Var] = true
		return
	}
	r.adj[v] = c
}

// accAddArray adds the whole array c to accumulator acc, row by row.
func (r *rev) accAddArray(acc, c ir.SubExp) ir.SubExp {
	n := r.outer(c.Var)
	it := r.b.Let("iota", &ir.Iota{N: n, T: prim.I64})
	at := r.typeOf(acc.Var)
	lam := r.b.Lambda([]ir.Type{ir.Scalar(prim.I64), at}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		row := lb.Let("row", &ir.Index{Arr: c.Var, Idx: []ir.SubExp{ps[0]}})
		return []ir.SubExp{lb.Let("acc", &ir.UpdAcc{Acc: ps[1].Var, Idx: []ir.SubExp{ps[0]}, Val: row})}
	})
	return ir.Var(r.b.Map(n, []ir.VName{it.Var, acc.Var}, lam)[0])
}

// ownedAdj returns v's adjoint array, fresh or copied so that it may be
// updated in place (consumed).
func (r *rev) ownedAdj(v ir.VName) ir.SubExp {
	cur, ok := r.adj[v]
	if !ok {
		return r.zerosLike(v)
	}
	if cur.IsVar() && !r.owned[cur.Var] {
		cur = r.b.Let(v.Base+"_adj", &ir.Copy{Arr: cur.Var})
		r.owned[cur.Var] = true
	}
	return cur
}

// addAt adds c to the adjoint of array v at index idx (a row if idx is
// shorter than v's rank), in place.
func (r *rev) addAt(v ir.VName, idx []ir.SubExp, c ir.SubExp) {
	if c.IsNone() || isZero(c) || r.inactive.Has(v) {
		return
	}
	if acc, base, pre, ok := r.viewAcc(v); ok {
		r.adj[base] = r.b.Let("acc", &ir.UpdAcc{Acc: acc.Var, Idx: append(append([]ir.SubExp{}, pre...), idx...), Val: c})
		return
	}
	if acc, ok := r.accFor(v); ok {
		r.adj[v] = r.b.Let("acc", &ir.UpdAcc{Acc: acc.Var, Idx: idx, Val: c})
		return
	}
	_, had := r.adj[v]
	cur := r.ownedAdj(v)
	nv := c
	if had {
		old := r.b.Let("old", &ir.Index{Arr: cur.Var, Idx: idx})
		nv = r.add(r.b.Type(old), old, c)
	} else if c.IsVar() && r.typeOf(c.Var).IsArray() {
		// The update consumes nothing but cur; c stays readable.
		nv = r.b.Let("adj", &ir.Copy{Arr: c.Var})
	}
	dims := make([]ir.DimSlice, len(idx))
	for i, x := range idx {
		dims[i] = ir.DimSlice{Fixed: true, I: x}
	}
	up := r.b.Let(v.Base+"_adj", &ir.Update{Arr: cur.Var, Dims: dims, Val: nv})
	r.adj[v] = up
	r.owned[up.Var] = true
	if !had && len(idx) == 1 {
		// Zero but at row idx (in range: the forward sweep read it).
		vals := r.b.Let("adj", &ir.ArrayLit{Elems: []ir.SubExp{c}, Elem: r.b.Type(c)})
		r.facts.uniform[vals.Var] = c
		r.facts.sparse[up.Var] = &sparseAdj{start: idx[0], n: ir.I64(1), vals: vals.Var}
	}
}

// scale emits c * p in the adjoint arithmetic of t.
func scale(b *ir.Builder, t prim.Type, c, p ir.SubExp) ir.SubExp {
	if p.IsConst && p.Const == prim.One(t) {
		return c
	}
	return b.Let("contrib", &ir.Bin{Op: mulOp(t), T: t, X: c, Y: p})
}

// emitD emits the partial-derivative formula e over args (ir.Builder.DExpr),
// failing at b's position if it cannot.
func emitD(b *ir.Builder, e prim.DExpr, t prim.Type, args []ir.SubExp) ir.SubExp {
	x, err := b.DExpr(e, t, args)
	if err != nil {
		fail(b.Pos, "%v", err)
	}
	return x
}

// region reads dims of arr: an Index when every dimension is fixed.
func region(b *ir.Builder, arr ir.VName, dims []ir.DimSlice) ir.SubExp {
	idx := make([]ir.SubExp, 0, len(dims))
	for _, d := range dims {
		if !d.Fixed {
			return b.Let("part", &ir.Slice{Arr: arr, Dims: dims})
		}
		idx = append(idx, d.I)
	}
	return b.Let("part", &ir.Index{Arr: arr, Idx: idx})
}
