package ad

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

const i64 = prim.I64

// tanEnv maps primal names to their tangents; an absent name has a zero
// tangent (free variables of the differentiated function, constants,
// indices, sizes). Nested scopes get a child layer that they may drop.
type tanEnv struct {
	m  map[ir.VName]ir.SubExp
	up *tanEnv
}

func (e *tanEnv) get(v ir.VName) (ir.SubExp, bool) {
	for ; e != nil; e = e.up {
		if d, ok := e.m[v]; ok {
			return d, true
		}
	}
	return ir.SubExp{}, false
}

// fwd differentiates statements in forward mode, emitting primal and
// tangent statements into b.
type fwd struct {
	b   *ir.Builder
	env *tanEnv
	// vec: every tangent has an extra outer dimension of size width (jmp).
	vec   bool
	width ir.SubExp
	// pend collects the lane-wise tangent code of consecutive statements
	// into one map over the width (vec only), so that a run of scalar
	// operations costs one map instead of one per operation.
	pend *batch
	// batches are the maps flush emitted in this scope; prune drops the
	// lane results nobody reads.
	batches []*ir.Stm
	// need holds the names whose tangents a result's tangent depends on
	// (fwd_need.go); the others are never computed.
	need ir.Names
}

// batch is a map over the batch width being filled by lift.
type batch struct {
	lb     *ir.Builder
	inputs []ir.VName
	params []ir.Param
	// lane gives, for an input or a pending result, its lane in the lambda.
	lane   map[ir.VName]ir.SubExp
	outs   []ir.Param
	res    []ir.SubExp
	local  ir.Names
	nlocal int
}

// fork returns a differentiator for a nested scope built into b.
func (f *fwd) fork(b *ir.Builder) *fwd {
	return &fwd{b: b, env: &tanEnv{m: map[ir.VName]ir.SubExp{}, up: f.env}, vec: f.vec, width: f.width, need: f.need}
}

func (f *fwd) setTan(v ir.VName, d ir.SubExp) {
	if !d.IsNone() && f.need.Has(v) {
		f.env.m[v] = d
	}
}

// tan returns the tangent of s, or absent when it is zero.
func (f *fwd) tan(s ir.SubExp) ir.SubExp {
	if !s.IsVar() {
		return ir.SubExp{}
	}
	d, _ := f.env.get(s.Var)
	return d
}

func (f *fwd) tanOf(v ir.VName) ir.SubExp { return f.tan(ir.Var(v)) }

// tanType is the type of the tangent of a value of type t. A batched
// tangent (jmp) has the batch innermost: the tangents of an array's rows
// are the rows of its tangent, so SOACs take them as they are, data
// movement (index, slice, update, concat, ...) applies to them unchanged,
// and a scalar's tangents are one [W] vector.
func (f *fwd) tanType(t ir.Type) ir.Type {
	if !f.vec {
		return t
	}
	return ir.Type{Elem: t.Elem, Shape: append(append(ir.Shape{}, t.Shape...), f.width), Acc: t.Acc}
}

// zero materialises a zero tangent for a value of type t; src (a value of
// that type, or absent) gives the sizes that t does not know.
func (f *fwd) zero(b *ir.Builder, t ir.Type, src ir.SubExp) ir.SubExp {
	if t.Acc {
		fail(b.Pos, "forward mode: an accumulator needs a tangent that is not available here")
	}
	z := ir.Const(prim.Zero(t.Elem))
	if !f.vec && t.IsScalar() {
		return z
	}
	shape := append(f.sizes(b, t, src), f.width)
	if !f.vec {
		shape = shape[:len(shape)-1]
	}
	return b.Let("zero", &ir.Replicate{Shape: shape, Val: z})
}

// sizes is the shape of t, with the sizes it does not know read from src.
func (f *fwd) sizes(b *ir.Builder, t ir.Type, src ir.SubExp) ir.Shape {
	shape := make(ir.Shape, 0, t.Rank()+1)
	for i, d := range t.Shape {
		if d.IsNone() {
			if !src.IsVar() {
				fail(b.Pos, "forward mode: cannot find the size of a zero tangent")
			}
			d = b.Let("n", &ir.Size{Arr: src.Var, Dim: i})
		}
		shape = append(shape, d)
	}
	return shape
}

// tanOrZero returns the tangent of s, materialised if it is zero.
func (f *fwd) tanOrZero(b *ir.Builder, s ir.SubExp) ir.SubExp {
	if d := f.tan(s); !d.IsNone() {
		return d
	}
	return f.zero(b, b.Type(s), s)
}

// lift emits tangent code that is the same in every batch lane: fill
// computes result tangents from the tangents ds (all nonzero) of scalar
// values. Without a batch it runs on f.b; with one it runs in a map over
// the width whose parameters are the lanes of ds.
func (f *fwd) lift(ds []ir.SubExp, fill func(b *ir.Builder, ds []ir.SubExp) []ir.SubExp) []ir.SubExp {
	if !f.vec {
		return fill(f.b, ds)
	}
	for _, d := range ds {
		if d.IsVar() && f.b.Type(d).Rank() != 1 {
			fail(f.b.Pos, "internal error: lane-wise tangent code on an array")
		}
	}
	if f.pend == nil {
		f.pend = &batch{lb: f.b.Sub(), lane: map[ir.VName]ir.SubExp{}, local: ir.Names{}}
	}
	p := f.pend
	lanes := make([]ir.SubExp, len(ds))
	for i, d := range ds {
		if !d.IsVar() {
			fail(f.b.Pos, "internal error: batched tangent %v is not an array", d)
		}
		if l, ok := p.lane[d.Var]; ok {
			lanes[i] = l
			continue
		}
		prm := p.lb.Param("dl", f.b.Type(d).Row())
		p.inputs = append(p.inputs, d.Var)
		p.params = append(p.params, prm)
		lanes[i] = ir.Var(prm.Name)
		p.lane[d.Var] = lanes[i]
	}
	p.lb.Pos = f.b.Pos
	rs := fill(p.lb, lanes)
	stms := p.lb.Stms()
	for _, s := range stms[p.nlocal:] {
		for _, n := range ir.BoundInBody(&ir.Body{Stms: []*ir.Stm{s}}).Sorted() {
			p.local.Add(n)
		}
	}
	p.nlocal = len(stms)
	out := make([]ir.SubExp, len(rs))
	for i, r := range rs {
		if !r.IsVar() {
			r = p.lb.Let("dl", &ir.Atom{X: r})
		}
		t := ir.EraseSizes(p.lb.Type(r), p.local)
		o := f.b.Param("d", t.ArrayOf(f.width))
		p.outs = append(p.outs, o)
		p.res = append(p.res, r)
		p.lane[o.Name] = r
		out[i] = ir.Var(o.Name)
	}
	return out
}

// direct emits tangent code that applies to a batched tangent as it is
// (data movement: the batch is innermost, so indices and shapes address
// the same elements), after the pending lane-wise code it may read.
func (f *fwd) direct(ds []ir.SubExp, fill func(b *ir.Builder, ds []ir.SubExp) []ir.SubExp) []ir.SubExp {
	f.flush()
	return fill(f.b, ds)
}

func (f *fwd) direct1(ds []ir.SubExp, fill func(b *ir.Builder, ds []ir.SubExp) ir.SubExp) ir.SubExp {
	return f.direct(ds, func(b *ir.Builder, ds []ir.SubExp) []ir.SubExp {
		return []ir.SubExp{fill(b, ds)}
	})[0]
}

// flush emits the pending batch of lane-wise tangent code; constructs
// that read tangents other than through lift call it first.
func (f *fwd) flush() {
	p := f.pend
	if p == nil {
		return
	}
	f.pend = nil
	ret := make([]ir.Type, len(p.outs))
	for i, o := range p.outs {
		ret[i] = o.Type.Row()
	}
	lam := &ir.Lambda{Params: p.params, Body: p.lb.Body(p.res...), Ret: ret}
	s := &ir.Stm{Pat: p.outs, Exp: &ir.Map{W: f.width, Arrs: p.inputs, F: lam}, Pos: f.b.Pos}
	f.b.Add(s)
	f.batches = append(f.batches, s)
}

// prune removes from this scope's batches the results that neither stms
// (the scope's statements) nor results read: a batch returns every lane
// value it computed, but most are intermediate.
func (f *fwd) prune(stms []*ir.Stm, results []ir.SubExp) {
	if len(f.batches) == 0 {
		return
	}
	used := ir.Names{}
	v := &ir.Visitor{Use: func(n ir.VName) { used.Add(n) }}
	for _, s := range stms {
		v.Stm(s)
	}
	for _, r := range results {
		if r.IsVar() {
			used.Add(r.Var)
		}
	}
	for _, s := range f.batches {
		m := s.Exp.(*ir.Map)
		var pat []ir.Param
		var res []ir.SubExp
		var ret []ir.Type
		for i, p := range s.Pat {
			if used.Has(p.Name) {
				pat = append(pat, p)
				res = append(res, m.F.Body.Result[i])
				ret = append(ret, m.F.Ret[i])
			}
		}
		s.Pat = pat
		m.F.Body.Result, m.F.Ret = res, ret
	}
	f.batches = nil
}

// lift1 is lift for a rule with one result.
func (f *fwd) lift1(ds []ir.SubExp, fill func(b *ir.Builder, ds []ir.SubExp) ir.SubExp) ir.SubExp {
	return f.lift(ds, func(b *ir.Builder, ds []ir.SubExp) []ir.SubExp {
		return []ir.SubExp{fill(b, ds)}
	})[0]
}

// expandJVP replaces s = jvp F primals tangents by F's body, differentiated.
func expandJVP(b *ir.Builder, s *ir.Stm, e *ir.JVP) {
	f := &fwd{b: b, env: &tanEnv{m: map[ir.VName]ir.SubExp{}}, vec: e.Vec, width: e.Width, need: needed(e.F.Body)}
	for i, p := range e.F.Params {
		b.Bind([]ir.Param{p}, &ir.Atom{X: e.Primals[i]})
		d := e.Tangents[i]
		if d.IsConst && d.Const == prim.Zero(d.Const.Type()) {
			continue
		}
		if f.vec {
			// jmp's tangents come as [W]t: move the batch innermost.
			d = f.batchInside(d)
		}
		f.setTan(p.Name, d)
	}
	f.stms(e.F.Body.Stms)
	f.flush()
	n := len(e.F.Ret)
	if len(s.Pat) != 2*n {
		fail(s.Pos, "jvp gives %d values, pattern has %d", 2*n, len(s.Pat))
	}
	b.Pos = s.Pos
	for i, r := range e.F.Body.Result {
		b.Bind([]ir.Param{s.Pat[i]}, &ir.Atom{X: r})
		d := f.tan(r)
		switch {
		case !f.vec:
			d = f.tanOrZeroRes(b, r, e.F.Ret[i])
		case d.IsNone():
			t := e.F.Ret[i]
			if r.IsVar() {
				t = b.Type(r)
			}
			d = b.Let("zero", &ir.Replicate{Shape: append(ir.Shape{f.width}, f.sizes(b, t, r)...), Val: ir.Const(prim.Zero(t.Elem))})
		default:
			d = f.batchOutside(d)
		}
		b.Bind([]ir.Param{s.Pat[n+i]}, &ir.Atom{X: d})
	}
	f.prune(b.Stms(), nil)
}

// batchInside turns [W]t, jmp's form, into t with the batch innermost.
func (f *fwd) batchInside(d ir.SubExp) ir.SubExp {
	if r := f.b.Type(d).Rank(); d.IsVar() && r > 1 {
		return f.b.Let("dt", &ir.Rearrange{Arr: d.Var, Perm: moveDim(r, 0, r-1)})
	}
	return d
}

// batchOutside is the inverse of batchInside.
func (f *fwd) batchOutside(d ir.SubExp) ir.SubExp {
	if r := f.b.Type(d).Rank(); d.IsVar() && r > 1 {
		return f.b.Let("dt", &ir.Rearrange{Arr: d.Var, Perm: moveDim(r, r-1, 0)})
	}
	return d
}

// tanOrZeroRes is tanOrZero for a result whose declared type is t.
func (f *fwd) tanOrZeroRes(b *ir.Builder, r ir.SubExp, t ir.Type) ir.SubExp {
	if d := f.tan(r); !d.IsNone() {
		return d
	}
	if r.IsVar() {
		return f.zero(b, b.Type(r), r)
	}
	return f.zero(b, t, r)
}

func (f *fwd) stms(ss []*ir.Stm) {
	for _, s := range ss {
		f.stm(s)
	}
}

// stm emits s and the statements computing the tangents of its results.
func (f *fwd) stm(s *ir.Stm) {
	f.b.Pos = s.Pos
	needed := false
	for _, p := range s.Pat {
		needed = needed || f.need.Has(p.Name)
	}
	if !needed {
		// No result's tangent is needed (fwd_need.go): the primal alone.
		f.b.Add(s)
		return
	}
	switch s.Exp.(type) {
	case *ir.If, *ir.Loop, *ir.Map, *ir.Reduce, *ir.Scan, *ir.Hist, *ir.WithAcc, *ir.UpdAcc:
		f.flush()
	}
	switch e := s.Exp.(type) {
	case *ir.If:
		f.ifStm(s, e)
		return
	case *ir.Loop:
		f.loop(s, e)
		return
	case *ir.Map:
		f.mapStm(s, e)
		return
	case *ir.Reduce:
		f.reduce(s, e)
		return
	case *ir.Scan:
		f.scan(s, e)
		return
	case *ir.Hist:
		f.hist(s, e)
		return
	case *ir.Scatter:
		f.scatter(s, e)
		return
	case *ir.WithAcc:
		f.withAcc(s, e)
		return
	case *ir.UpdAcc:
		f.updAcc(s, e)
		return
	case *ir.Update:
		f.update(s, e)
		return
	case *ir.WithVJP:
		f.withVJP(s, e)
		return
	case *ir.JVP:
		fail(s.Pos, "internal error: nested jvp was not expanded first")
	case *ir.VJP:
		fail(s.Pos, "reverse mode not implemented: cannot differentiate vjp under jvp")
	}
	f.b.Add(s)
	f.b.Pos = s.Pos
	switch e := s.Exp.(type) {
	case *ir.Atom:
		f.setTan(s.Pat[0].Name, f.tan(e.X))
	case *ir.Bin:
		f.bin(s, e)
	case *ir.Un:
		f.un(s, e)
	case *ir.Call:
		f.call(s, e)
	case *ir.Cmp, *ir.Iota, *ir.Scratch, *ir.Size, *ir.Assert:
		// Predicates, index ranges, sizes: zero tangents (§14.2-§14.3);
		// scratch contents are unspecified, so zero is as good as any.
	case *ir.Index:
		f.unary(s, e.Arr, func(d ir.VName) ir.Exp { return &ir.Index{Arr: d, Idx: e.Idx} })
	case *ir.Slice:
		f.unary(s, e.Arr, func(d ir.VName) ir.Exp { return &ir.Slice{Arr: d, Dims: e.Dims} })
	case *ir.Reshape:
		f.unary(s, e.Arr, func(d ir.VName) ir.Exp {
			if f.vec {
				return &ir.Reshape{Arr: d, Shape: append(append(ir.Shape{}, e.Shape...), f.width)}
			}
			return &ir.Reshape{Arr: d, Shape: e.Shape}
		})
	case *ir.Rearrange:
		f.unary(s, e.Arr, func(d ir.VName) ir.Exp {
			if f.vec {
				return &ir.Rearrange{Arr: d, Perm: append(append([]int{}, e.Perm...), len(e.Perm))}
			}
			return &ir.Rearrange{Arr: d, Perm: e.Perm}
		})
	case *ir.Copy:
		f.unary(s, e.Arr, func(d ir.VName) ir.Exp { return &ir.Copy{Arr: d} })
	case *ir.Rotate:
		f.unary(s, e.Arr, func(d ir.VName) ir.Exp { return &ir.Rotate{R: e.R, Arr: d} })
	case *ir.Replicate:
		if d := f.tan(e.Val); !d.IsNone() {
			f.setTan(s.Pat[0].Name, f.direct1([]ir.SubExp{d}, func(b *ir.Builder, ds []ir.SubExp) ir.SubExp {
				return b.Let("d"+s.Pat[0].Name.Base, &ir.Replicate{Shape: e.Shape, Val: ds[0]})
			}))
		}
	case *ir.Concat:
		ops := make([]ir.SubExp, len(e.Arrs))
		for i, a := range e.Arrs {
			ops[i] = ir.Var(a)
		}
		f.gather(s, ops, func(ds []ir.SubExp) ir.Exp {
			arrs := make([]ir.VName, len(ds))
			for i, d := range ds {
				arrs[i] = d.Var
			}
			return &ir.Concat{Arrs: arrs}
		})
	case *ir.ArrayLit:
		f.gather(s, e.Elems, func(ds []ir.SubExp) ir.Exp { return &ir.ArrayLit{Elems: ds, Elem: f.tanType(e.Elem)} })
	default:
		fail(s.Pos, "forward mode: cannot differentiate %s", ir.ExpString(s.Exp))
	}
}

// unary handles data movement of one array: the tangent moves the same way.
func (f *fwd) unary(s *ir.Stm, arr ir.VName, mk func(d ir.VName) ir.Exp) {
	d := f.tanOf(arr)
	if d.IsNone() {
		return
	}
	f.setTan(s.Pat[0].Name, f.direct1([]ir.SubExp{d}, func(b *ir.Builder, ds []ir.SubExp) ir.SubExp {
		return b.Let("d"+s.Pat[0].Name.Base, mk(ds[0].Var))
	}))
}

// gather handles constructs that assemble several operands: if any has a
// tangent, the others' zero tangents are materialised.
func (f *fwd) gather(s *ir.Stm, ops []ir.SubExp, mk func(ds []ir.SubExp) ir.Exp) {
	any := false
	for _, o := range ops {
		any = any || !f.tan(o).IsNone()
	}
	if !any {
		return
	}
	ds := make([]ir.SubExp, len(ops))
	for i, o := range ops {
		ds[i] = f.tanOrZero(f.b, o)
	}
	f.setTan(s.Pat[0].Name, f.direct1(ds, func(b *ir.Builder, ds []ir.SubExp) ir.SubExp {
		return b.Let("d"+s.Pat[0].Name.Base, mk(ds))
	}))
}

// update: the tangent is updated at the same place. Zero tangents are
// materialised before the primal statement consumes the array.
func (f *fwd) update(s *ir.Stm, e *ir.Update) {
	dx, dv := f.tanOf(e.Arr), f.tan(e.Val)
	if dx.IsNone() && dv.IsNone() {
		f.b.Add(s)
		return
	}
	if dx.IsNone() {
		dx = f.zero(f.b, f.b.Type(ir.Var(e.Arr)), ir.Var(e.Arr))
	}
	if dv.IsNone() {
		dv = f.tanOrZero(f.b, e.Val)
	}
	f.b.Add(s)
	f.b.Pos = s.Pos
	f.setTan(s.Pat[0].Name, f.direct1([]ir.SubExp{dx, dv}, func(b *ir.Builder, ds []ir.SubExp) ir.SubExp {
		return b.Let("d"+s.Pat[0].Name.Base, &ir.Update{Arr: ds[0].Var, Dims: e.Dims, Val: ds[1]})
	}))
}

// withVJP is differentiated as F applied to the arguments (§14.5).
func (f *fwd) withVJP(s *ir.Stm, e *ir.WithVJP) {
	for i, p := range e.F.Params {
		f.b.Bind([]ir.Param{p}, &ir.Atom{X: e.Args[i]})
		f.setTan(p.Name, f.tan(e.Args[i]))
	}
	f.stms(e.F.Body.Stms)
	f.b.Pos = s.Pos
	for i, r := range e.F.Body.Result {
		f.b.Bind([]ir.Param{s.Pat[i]}, &ir.Atom{X: r})
		f.setTan(s.Pat[i].Name, f.tan(r))
	}
}
