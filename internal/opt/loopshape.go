package opt

import "github.com/fluxion-lang/fluxion/internal/ir"

// Loop parameters are lowered without sizes (a loop may change the shape
// of what it carries), so every size read of one, every zip check and
// every index into one is unknown, which blocks fusion and hoisting in
// the loop and after it. provenLoopShapes recovers the dimensions that
// provably do not change: a dimension of parameter p is d when the initial
// value's checked type has d there and the body's result for p either is
// p itself (or an update, rotation or copy of it), or has a checked type
// with d there (or with a size the body reads from p's own dimension, or
// from that of an array of p's shape, which is d by induction). Every iteration
// then starts and ends with that dimension, so the declared dimension is
// exact like a checked one.

// provenLoopShapes returns, for each parameter of l, the shape the proof
// above gives (None where it gives nothing; nil for a scalar or an
// accumulator). initType gives the type of an initial value and whether it
// is checked (exact); the body's own bindings are read from l.Body.
func provenLoopShapes(l *ir.Loop, initType func(ir.SubExp) (ir.Type, bool)) []ir.Shape {
	if len(l.Init) != len(l.Params) || len(l.Body.Result) != len(l.Params) {
		return nil
	}
	bound, sizeOf, sameAs := shapeFacts(l.Body)
	out := make([]ir.Shape, len(l.Params))
	for i, p := range l.Params {
		if !p.Type.IsArray() {
			continue
		}
		it, exact := initType(l.Init[i])
		if !exact || it.Rank() != p.Type.Rank() {
			continue
		}
		r := shapeSource(sameAs, l.Body.Result[i])
		self := r.IsVar() && r.Var == p.Name
		rt, ok := bound[r.Var]
		if !self && (!r.IsVar() || !ok || rt.Rank() != p.Type.Rank()) {
			continue
		}
		shape := make(ir.Shape, p.Type.Rank())
		for k, d := range it.Shape {
			if d.IsNone() {
				continue
			}
			kept := self
			if !self {
				rd := rt.Shape[k]
				z, fromP := sizeOf[rd.Var]
				kept = rd.Equal(d) || rd.IsVar() && fromP && z.Dim == k && shapeSource(sameAs, ir.Var(z.Arr)).Equal(ir.Var(p.Name))
			}
			if kept {
				shape[k] = d
			}
		}
		out[i] = shape
	}
	return out
}

// shapeFacts reads the top-level statements of b: the types they bind
// (checked), their size reads, and the names whose shape is that of
// another array (updates, rotations and copies of it, and results of inner
// loops that keep the shape of their initial value).
func shapeFacts(b *ir.Body) (bound map[ir.VName]ir.Type, sizeOf map[ir.VName]*ir.Size, sameAs map[ir.VName]ir.VName) {
	bound, sizeOf, sameAs = map[ir.VName]ir.Type{}, map[ir.VName]*ir.Size{}, map[ir.VName]ir.VName{}
	for _, s := range b.Stms {
		for _, p := range s.Pat {
			bound[p.Name] = p.Type
		}
		switch e := s.Exp.(type) {
		case *ir.Size:
			sizeOf[s.Pat[0].Name] = e
		case *ir.Update:
			sameAs[s.Pat[0].Name] = e.Arr
		case *ir.Rotate:
			sameAs[s.Pat[0].Name] = e.Arr
		case *ir.Copy:
			sameAs[s.Pat[0].Name] = e.Arr
		case *ir.Loop:
			if len(s.Pat) != len(e.Params) || len(e.Init) != len(e.Params) || len(e.Body.Result) != len(e.Params) {
				continue
			}
			_, _, inner := shapeFacts(e.Body)
			for k, p := range e.Params {
				r := shapeSource(inner, e.Body.Result[k])
				if p.Type.IsArray() && r.IsVar() && r.Var == p.Name && e.Init[k].IsVar() {
					sameAs[s.Pat[k].Name] = e.Init[k].Var
				}
			}
		}
	}
	return bound, sizeOf, sameAs
}

// shapeSource follows r through sameAs to the first name whose shape is
// not given by another's.
func shapeSource(sameAs map[ir.VName]ir.VName, r ir.SubExp) ir.SubExp {
	for r.IsVar() {
		src, ok := sameAs[r.Var]
		if !ok {
			break
		}
		r = ir.Var(src)
	}
	return r
}

// refineLoopParams gives the parameters of loop statement s the
// dimensions provenLoopShapes proves where they declare none, and the
// statement's pattern the same (the loop's results are its parameters'
// last values).
func (w *forward) refineLoopParams(s *ir.Stm, e *ir.Loop) (*ir.Stm, bool) {
	if len(s.Pat) != len(e.Params) {
		return nil, false
	}
	proven := provenLoopShapes(e, w.initType)
	changed := false
	params := append([]ir.Param(nil), e.Params...)
	pat := append([]ir.Param(nil), s.Pat...)
	for i, sh := range proven {
		for k, d := range sh {
			if d.IsNone() || !params[i].Type.Shape[k].IsNone() {
				continue
			}
			changed = true
			params[i].Type = withDim(params[i].Type, k, d)
			if pat[i].Type.Rank() == params[i].Type.Rank() && pat[i].Type.Shape[k].IsNone() {
				pat[i].Type = withDim(pat[i].Type, k, d)
			}
		}
	}
	if !changed {
		return nil, false
	}
	l := *e
	l.Params = params
	return &ir.Stm{Pat: pat, Exp: &l, Pos: s.Pos}, true
}

// exactLoopParams adds to w.exact the array parameters of l whose every
// declared dimension provenLoopShapes proves.
func (w *forward) exactLoopParams(l *ir.Loop) {
	proven := provenLoopShapes(l, w.initType)
	for i, sh := range proven {
		if sh == nil {
			continue
		}
		ok := true
		for k, d := range l.Params[i].Type.Shape {
			ok = ok && (d.IsNone() || d.Equal(sh[k]))
		}
		if ok {
			w.exact.Add(l.Params[i].Name)
		}
	}
}

// initType is the type of x and whether its declared shape holds.
func (w *forward) initType(x ir.SubExp) (ir.Type, bool) {
	if !x.IsVar() {
		return ir.Type{}, false
	}
	t, ok := w.types[x.Var]
	return t, ok && w.exact.Has(x.Var)
}

// withDim is t with dimension k set to d.
func withDim(t ir.Type, k int, d ir.SubExp) ir.Type {
	shape := append(ir.Shape(nil), t.Shape...)
	shape[k] = d
	t.Shape = shape
	return t
}
