package opt

import "github.com/fluxion-lang/fluxion/internal/ir"

// Loop parameters are lowered without sizes (a loop may change the shape
// of what it carries), so every size read of one, every zip check and
// every index into one is unknown, which blocks fusion and hoisting in
// the loop and after it. provenLoopShapes recovers the dimensions that
// provably do not change, by induction over the iterations: it assumes
// every array parameter keeps its initial value's checked dimensions and
// drops the assumptions the body's results do not uphold until the rest
// hold (a greatest fixed point). A result upholds dimension k = d of its
// parameter when it is a parameter assumed to have it (directly, or through
// updates, rotations, copies and inner loops that keep their initial
// value's shape), an if whose two branches' results uphold it, or a value
// whose checked type has d there or a size the body reads from a
// parameter's dimension assumed to be d. Every iteration then starts and
// ends with those dimensions, so they are exact like checked ones.

// provenLoopShapes returns, for each parameter of l, the shape the proof
// above gives (None where it gives nothing; nil for a scalar or an
// accumulator). initType gives the type of an initial value and whether it
// is checked (exact); the body's own bindings are read from l.Body.
func provenLoopShapes(l *ir.Loop, initType func(ir.SubExp) (ir.Type, bool)) []ir.Shape {
	if len(l.Init) != len(l.Params) || len(l.Body.Result) != len(l.Params) {
		return nil
	}
	out := make([]ir.Shape, len(l.Params))
	param := map[ir.VName]int{}
	for i, p := range l.Params {
		if !p.Type.IsArray() {
			continue
		}
		param[p.Name] = i
		it, exact := initType(l.Init[i])
		if !exact || it.Rank() != p.Type.Rank() {
			continue
		}
		out[i] = append(ir.Shape(nil), it.Shape...)
	}
	pr := &shapeProof{assumed: out, param: param}
	top := newShapeScope(l.Body, nil)
	for changed := true; changed; {
		changed = false
		for i, sh := range out {
			for k, d := range sh {
				if !d.IsNone() && !pr.upholds(top, l.Body.Result[i], k, d, 0) {
					sh[k] = ir.SubExp{}
					changed = true
				}
			}
		}
	}
	return out
}

// shapeProof is the state of provenLoopShapes's induction: the dimensions
// assumed of each parameter.
type shapeProof struct {
	assumed []ir.Shape
	param   map[ir.VName]int
}

// shapeScope holds the facts of one body the proof reads (see shapeFacts),
// inside the body around it.
type shapeScope struct {
	bound  map[ir.VName]ir.Type
	sizeOf map[ir.VName]*ir.Size
	sameAs map[ir.VName]ir.VName
	ifs    map[ir.VName]ifResult
	outer  *shapeScope
}

// ifResult is result k of an if statement.
type ifResult struct {
	e *ir.If
	k int
}

func newShapeScope(b *ir.Body, outer *shapeScope) *shapeScope {
	sc := &shapeScope{outer: outer, ifs: map[ir.VName]ifResult{}}
	sc.bound, sc.sizeOf, sc.sameAs = shapeFacts(b)
	for _, s := range b.Stms {
		if e, ok := s.Exp.(*ir.If); ok && len(e.Then.Result) == len(s.Pat) && len(e.Else.Result) == len(s.Pat) {
			for k, p := range s.Pat {
				sc.ifs[p.Name] = ifResult{e, k}
			}
		}
	}
	return sc
}

// upholds reports whether value r, read in scope sc, has dimension k = d
// whenever the parameters have their assumed dimensions.
func (pr *shapeProof) upholds(sc *shapeScope, r ir.SubExp, k int, d ir.SubExp, depth int) bool {
	if !r.IsVar() || depth > 8 {
		return false
	}
	for c := sc; c != nil; c = c.outer {
		if src, ok := c.sameAs[r.Var]; ok {
			return pr.upholds(sc, ir.Var(src), k, d, depth+1)
		}
		if f, ok := c.ifs[r.Var]; ok {
			return pr.upholds(newShapeScope(f.e.Then, c), f.e.Then.Result[f.k], k, d, depth+1) &&
				pr.upholds(newShapeScope(f.e.Else, c), f.e.Else.Result[f.k], k, d, depth+1)
		}
		if t, ok := c.bound[r.Var]; ok {
			if k >= t.Rank() {
				return false
			}
			rd := t.Shape[k]
			return rd.Equal(d) || pr.sizeIs(sc, rd, d)
		}
	}
	if i, ok := pr.param[r.Var]; ok {
		sh := pr.assumed[i]
		return k < len(sh) && sh[k].Equal(d)
	}
	return false
}

// sizeIs reports whether size x, read in scope sc, is a dimension of a
// parameter (or of an array of a parameter's shape) assumed to be d.
func (pr *shapeProof) sizeIs(sc *shapeScope, x, d ir.SubExp) bool {
	if !x.IsVar() {
		return false
	}
	for c := sc; c != nil; c = c.outer {
		z, ok := c.sizeOf[x.Var]
		if !ok {
			continue
		}
		a := z.Arr
		for cc := c; cc != nil; {
			src, ok := cc.sameAs[a]
			if !ok {
				cc = cc.outer
				continue
			}
			a = src
		}
		i, ok := pr.param[a]
		return ok && z.Dim < len(pr.assumed[i]) && pr.assumed[i][z.Dim].Equal(d)
	}
	return false
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
		if arr, drop, perm, ok := shapeFrom(s.Exp); ok && drop == 0 && perm == nil {
			sameAs[s.Pat[0].Name] = arr
		}
		switch e := s.Exp.(type) {
		case *ir.Size:
			sizeOf[s.Pat[0].Name] = e
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

// shapeFrom gives the array whose shape the result of e has: a row index
// has its source's shape without the drop outer dimensions, a
// rearrangement its source's permuted by perm, and rotations, copies and
// in-place updates their source's shape.
func shapeFrom(e ir.Exp) (arr ir.VName, drop int, perm []int, ok bool) {
	switch e := e.(type) {
	case *ir.Index:
		return e.Arr, len(e.Idx), nil, true
	case *ir.Rotate:
		return e.Arr, 0, nil, true
	case *ir.Copy:
		return e.Arr, 0, nil, true
	case *ir.Update:
		return e.Arr, 0, nil, true
	case *ir.Rearrange:
		return e.Arr, 0, e.Perm, true
	}
	return ir.VName{}, 0, nil, false
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

// refineIfResults gives the results of if statement s the dimensions both
// branches' results have by their checked types, where the if declares
// none and the size is visible outside the branches: whichever branch
// runs, the result has it.
func (w *forward) refineIfResults(s *ir.Stm, e *ir.If) (*ir.Stm, bool) {
	if len(s.Pat) != len(e.Ret) || len(e.Then.Result) != len(e.Ret) || len(e.Else.Result) != len(e.Ret) {
		return nil, false
	}
	var inside ir.Names // names bound in a branch, computed when needed
	changed := false
	ret := append([]ir.Type(nil), e.Ret...)
	pat := append([]ir.Param(nil), s.Pat...)
	for k, t := range e.Ret {
		if !t.IsArray() || pat[k].Type.Rank() != t.Rank() {
			continue
		}
		tt, ok1 := w.initType(e.Then.Result[k])
		et, ok2 := w.initType(e.Else.Result[k])
		if !ok1 || !ok2 || tt.Rank() != t.Rank() || et.Rank() != t.Rank() {
			continue
		}
		for j, d := range t.Shape {
			a := tt.Shape[j]
			if !d.IsNone() || a.IsNone() || !a.Equal(et.Shape[j]) {
				continue
			}
			if a.IsVar() {
				if inside == nil {
					inside = ir.BoundInBody(e.Then)
					for v := range ir.BoundInBody(e.Else) {
						inside.Add(v)
					}
				}
				if inside.Has(a.Var) {
					continue
				}
			}
			ret[k] = withDim(ret[k], j, a)
			if pat[k].Type.Shape[j].IsNone() {
				pat[k].Type = withDim(pat[k].Type, j, a)
			}
			changed = true
		}
	}
	if !changed {
		return nil, false
	}
	f := *e
	f.Ret = ret
	return &ir.Stm{Pat: pat, Exp: &f, Pos: s.Pos}, true
}
