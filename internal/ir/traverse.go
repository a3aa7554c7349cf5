package ir

import "sort"

// Names is a set of names.
type Names map[VName]struct{}

// Add puts v in the set.
func (s Names) Add(v VName) { s[v] = struct{}{} }

// Has reports whether v is in the set.
func (s Names) Has(v VName) bool { _, ok := s[v]; return ok }

// Sorted returns the names in a fixed order (by tag, then base).
func (s Names) Sorted() []VName {
	out := make([]VName, 0, len(s))
	for v := range s {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Tag != out[j].Tag {
			return out[i].Tag < out[j].Tag
		}
		return out[i].Base < out[j].Base
	})
	return out
}

// Visitor receives every name occurrence of a construct, in order: Use for
// names read (including sizes in types), Bind for names defined.
type Visitor struct {
	Use  func(VName)
	Bind func(Param)
}

func (v *Visitor) use(n VName) {
	if v.Use != nil {
		v.Use(n)
	}
}

func (v *Visitor) subExp(s SubExp) {
	if s.IsVar() {
		v.use(s.Var)
	}
}

func (v *Visitor) subExps(ss []SubExp) {
	for _, s := range ss {
		v.subExp(s)
	}
}

func (v *Visitor) names(ns []VName) {
	for _, n := range ns {
		v.use(n)
	}
}

func (v *Visitor) typ(t Type) { v.subExps(t.Shape) }

func (v *Visitor) bind(p Param) {
	v.typ(p.Type)
	if v.Bind != nil {
		v.Bind(p)
	}
}

func (v *Visitor) dims(ds []DimSlice) {
	for _, d := range ds {
		v.subExp(d.I)
		v.subExp(d.Start)
		v.subExp(d.End)
		v.subExp(d.Stride)
	}
}

// Body visits every statement and the result of b.
func (v *Visitor) Body(b *Body) {
	for _, s := range b.Stms {
		v.Stm(s)
	}
	v.subExps(b.Result)
}

// Stm visits the expression of s, then its pattern.
func (v *Visitor) Stm(s *Stm) {
	v.Exp(s.Exp)
	for _, p := range s.Pat {
		v.bind(p)
	}
}

// Lambda visits l's parameters, body and return types.
func (v *Visitor) Lambda(l *Lambda) {
	if l == nil {
		return
	}
	for _, p := range l.Params {
		v.bind(p)
	}
	v.Body(l.Body)
	for _, t := range l.Ret {
		v.typ(t)
	}
}

// Exp visits the names in e, descending into bodies and lambdas.
func (v *Visitor) Exp(e Exp) {
	switch e := e.(type) {
	case *Apply:
		v.subExps(e.Args)
		for _, t := range e.Ret {
			v.typ(t)
		}
	case *Atom:
		v.subExp(e.X)
	case *Bin:
		v.subExp(e.X)
		v.subExp(e.Y)
	case *Cmp:
		v.subExp(e.X)
		v.subExp(e.Y)
	case *Un:
		v.subExp(e.X)
	case *Call:
		v.subExps(e.Args)
	case *Index:
		v.use(e.Arr)
		v.subExps(e.Idx)
	case *Slice:
		v.use(e.Arr)
		v.dims(e.Dims)
	case *Update:
		v.use(e.Arr)
		v.dims(e.Dims)
		v.subExp(e.Val)
	case *Iota:
		v.subExp(e.N)
		v.subExp(e.Start)
		v.subExp(e.Step)
	case *Replicate:
		v.subExps(e.Shape)
		v.subExp(e.Val)
	case *Scratch:
		v.subExps(e.Shape)
	case *Reshape:
		v.use(e.Arr)
		v.subExps(e.Shape)
	case *Rearrange:
		v.use(e.Arr)
	case *Concat:
		v.names(e.Arrs)
	case *Copy:
		v.use(e.Arr)
	case *Rotate:
		v.subExp(e.R)
		v.use(e.Arr)
	case *ArrayLit:
		v.subExps(e.Elems)
		v.typ(e.Elem)
	case *Size:
		v.use(e.Arr)
	case *Assert:
		v.subExp(e.Cond)
		v.subExps(e.Args)
	case *If:
		v.subExp(e.Cond)
		v.Body(e.Then)
		v.Body(e.Else)
		for _, t := range e.Ret {
			v.typ(t)
		}
	case *Loop:
		v.subExps(e.Init)
		switch f := e.Form.(type) {
		case *For:
			v.subExp(f.Bound)
			v.bind(Param{Name: f.I, Type: Scalar(f.T)})
		case *While:
		}
		for _, p := range e.Params {
			v.bind(p)
		}
		if w, ok := e.Form.(*While); ok {
			v.use(w.Cond)
		}
		v.Body(e.Body)
	case *Map:
		v.subExp(e.W)
		v.names(e.Arrs)
		v.Lambda(e.F)
	case *Reduce:
		v.subExp(e.W)
		v.names(e.Arrs)
		v.subExps(e.Neutral)
		v.Lambda(e.Op)
	case *Scan:
		v.subExp(e.W)
		v.names(e.Arrs)
		v.subExps(e.Neutral)
		v.Lambda(e.Op)
	case *Hist:
		v.subExp(e.W)
		v.names(e.Dests)
		v.subExps(e.Neutral)
		v.names(e.Inds)
		v.names(e.Vals)
		v.Lambda(e.Op)
	case *Scatter:
		v.subExp(e.W)
		v.names(e.Dests)
		v.names(e.Inds)
		v.names(e.Vals)
	case *Screma:
		v.subExp(e.W)
		v.names(e.Arrs)
		v.Lambda(e.F)
		for _, sc := range e.Scans {
			v.subExps(sc.Neutral)
			v.Lambda(sc.Op)
		}
		for _, r := range e.Reds {
			v.subExps(r.Neutral)
			v.Lambda(r.Op)
		}
		for _, h := range e.Hists {
			v.names(h.Dests)
			v.subExps(h.Neutral)
			v.Lambda(h.Op)
		}
		for _, sc := range e.Scatters {
			v.names(sc.Dests)
		}
	case *JVP:
		v.subExps(e.Primals)
		v.subExps(e.Tangents)
		v.subExp(e.Width)
		v.Lambda(e.F)
	case *VJP:
		v.subExps(e.Primals)
		v.subExps(e.Adjoints)
		v.subExp(e.Width)
		v.Lambda(e.F)
	case *WithVJP:
		v.subExps(e.Args)
		v.Lambda(e.F)
		v.Lambda(e.Rule)
	case *WithAcc:
		for _, in := range e.Inputs {
			v.use(in.Arr)
			v.subExps(in.Neutral)
			v.Lambda(in.Op)
		}
		v.Lambda(e.F)
	case *UpdAcc:
		v.use(e.Acc)
		v.subExps(e.Idx)
		v.subExp(e.Val)
	case *loopHead:
		v.subExps(e.init)
		v.subExp(e.bound)
	}
}

// freeVars collects the names used but not bound inside (names are unique,
// so one pass suffices when every binding precedes its uses).
func freeVars(visit func(*Visitor)) Names {
	bound := Names{}
	free := Names{}
	v := &Visitor{
		Use: func(n VName) {
			if !bound.Has(n) {
				free.Add(n)
			}
		},
		Bind: func(p Param) { bound.Add(p.Name) },
	}
	visit(v)
	return free
}

// FreeInBody returns the names b reads that it does not define.
func FreeInBody(b *Body) Names { return freeVars(func(v *Visitor) { v.Body(b) }) }

// FreeInLambda returns the free variables of l (not its parameters).
func FreeInLambda(l *Lambda) Names { return freeVars(func(v *Visitor) { v.Lambda(l) }) }

// FreeInExp returns the free variables of e.
func FreeInExp(e Exp) Names { return freeVars(func(v *Visitor) { v.Exp(e) }) }

// BoundInBody returns every name defined anywhere inside b.
func BoundInBody(b *Body) Names {
	s := Names{}
	(&Visitor{Bind: func(p Param) { s.Add(p.Name) }}).Body(b)
	return s
}

// Rewriter builds a copy of a construct, passing every used name through
// Use and every defined name through Bind. Nil functions keep names as they
// are. Sizes inside types are rewritten like any use.
type Rewriter struct {
	Use  func(VName) SubExp
	Bind func(VName) VName
}

func (r *Rewriter) name(n VName) VName {
	if r.Use == nil || n.IsZero() {
		return n
	}
	if s := r.Use(n); s.IsVar() {
		return s.Var
	}
	return n
}

func (r *Rewriter) subExp(s SubExp) SubExp {
	if !s.IsVar() || r.Use == nil {
		return s
	}
	return r.Use(s.Var)
}

func (r *Rewriter) subExps(ss []SubExp) []SubExp {
	if ss == nil {
		return nil
	}
	out := make([]SubExp, len(ss))
	for i, s := range ss {
		out[i] = r.subExp(s)
	}
	return out
}

func (r *Rewriter) names(ns []VName) []VName {
	if ns == nil {
		return nil
	}
	out := make([]VName, len(ns))
	for i, n := range ns {
		out[i] = r.name(n)
	}
	return out
}

// Type rewrites the sizes of t.
func (r *Rewriter) Type(t Type) Type {
	return Type{Elem: t.Elem, Shape: Shape(r.subExps(t.Shape)), Acc: t.Acc}
}

func (r *Rewriter) types(ts []Type) []Type {
	if ts == nil {
		return nil
	}
	out := make([]Type, len(ts))
	for i, t := range ts {
		out[i] = r.Type(t)
	}
	return out
}

func (r *Rewriter) bindName(n VName) VName {
	if r.Bind == nil {
		return n
	}
	return r.Bind(n)
}

func (r *Rewriter) params(ps []Param) []Param {
	if ps == nil {
		return nil
	}
	out := make([]Param, len(ps))
	for i, p := range ps {
		t := r.Type(p.Type)
		out[i] = Param{Name: r.bindName(p.Name), Type: t}
	}
	return out
}

func (r *Rewriter) dims(ds []DimSlice) []DimSlice {
	out := make([]DimSlice, len(ds))
	for i, d := range ds {
		out[i] = DimSlice{Fixed: d.Fixed, I: r.subExp(d.I), Start: r.subExp(d.Start), End: r.subExp(d.End), Stride: r.subExp(d.Stride)}
	}
	return out
}

// Body returns a rewritten copy of b.
func (r *Rewriter) Body(b *Body) *Body {
	if b == nil {
		return nil
	}
	out := &Body{Stms: make([]*Stm, len(b.Stms))}
	for i, s := range b.Stms {
		out.Stms[i] = r.Stm(s)
	}
	out.Result = r.subExps(b.Result)
	return out
}

// Stm returns a rewritten copy of s.
func (r *Rewriter) Stm(s *Stm) *Stm {
	e := r.Exp(s.Exp)
	return &Stm{Pat: r.params(s.Pat), Exp: e, Pos: s.Pos}
}

// Lambda returns a rewritten copy of l.
func (r *Rewriter) Lambda(l *Lambda) *Lambda {
	if l == nil {
		return nil
	}
	ps := r.params(l.Params)
	return &Lambda{Params: ps, Body: r.Body(l.Body), Ret: r.types(l.Ret)}
}

// Exp returns a rewritten copy of e.
func (r *Rewriter) Exp(e Exp) Exp {
	switch e := e.(type) {
	case *Apply:
		return &Apply{Func: e.Func, Args: r.subExps(e.Args), Ret: r.types(e.Ret)}
	case *Atom:
		return &Atom{X: r.subExp(e.X)}
	case *Bin:
		return &Bin{Op: e.Op, T: e.T, X: r.subExp(e.X), Y: r.subExp(e.Y)}
	case *Cmp:
		return &Cmp{Op: e.Op, T: e.T, X: r.subExp(e.X), Y: r.subExp(e.Y)}
	case *Un:
		return &Un{Op: e.Op, T: e.T, X: r.subExp(e.X)}
	case *Call:
		return &Call{Fn: e.Fn, Args: r.subExps(e.Args)}
	case *Index:
		return &Index{Arr: r.name(e.Arr), Idx: r.subExps(e.Idx)}
	case *Slice:
		return &Slice{Arr: r.name(e.Arr), Dims: r.dims(e.Dims)}
	case *Update:
		return &Update{Arr: r.name(e.Arr), Dims: r.dims(e.Dims), Val: r.subExp(e.Val)}
	case *Iota:
		return &Iota{N: r.subExp(e.N), Start: r.subExp(e.Start), Step: r.subExp(e.Step), T: e.T}
	case *Replicate:
		return &Replicate{Shape: Shape(r.subExps(e.Shape)), Val: r.subExp(e.Val)}
	case *Scratch:
		return &Scratch{Elem: e.Elem, Shape: Shape(r.subExps(e.Shape)), Filled: e.Filled}
	case *Reshape:
		return &Reshape{Arr: r.name(e.Arr), Shape: Shape(r.subExps(e.Shape))}
	case *Rearrange:
		return &Rearrange{Arr: r.name(e.Arr), Perm: append([]int(nil), e.Perm...)}
	case *Concat:
		return &Concat{Arrs: r.names(e.Arrs)}
	case *Copy:
		return &Copy{Arr: r.name(e.Arr)}
	case *Rotate:
		return &Rotate{R: r.subExp(e.R), Arr: r.name(e.Arr)}
	case *ArrayLit:
		return &ArrayLit{Elems: r.subExps(e.Elems), Elem: r.Type(e.Elem)}
	case *Size:
		return &Size{Arr: r.name(e.Arr), Dim: e.Dim}
	case *Assert:
		return &Assert{Cond: r.subExp(e.Cond), Msg: e.Msg, Full: e.Full, Args: r.subExps(e.Args)}
	case *If:
		return &If{Cond: r.subExp(e.Cond), Then: r.Body(e.Then), Else: r.Body(e.Else), Ret: r.types(e.Ret)}
	case *Loop:
		init := r.subExps(e.Init)
		var form LoopForm
		switch f := e.Form.(type) {
		case *For:
			form = &For{I: r.bindName(f.I), T: f.T, Bound: r.subExp(f.Bound)}
		}
		ps := r.params(e.Params)
		if w, ok := e.Form.(*While); ok {
			form = &While{Cond: r.name(w.Cond)}
		}
		return &Loop{Params: ps, Init: init, Form: form, Body: r.Body(e.Body), Attrs: append([]Attr(nil), e.Attrs...)}
	case *Map:
		return &Map{W: r.subExp(e.W), Arrs: r.names(e.Arrs), F: r.Lambda(e.F)}
	case *Reduce:
		return &Reduce{W: r.subExp(e.W), Arrs: r.names(e.Arrs), Op: r.Lambda(e.Op), Neutral: r.subExps(e.Neutral), Comm: e.Comm}
	case *Scan:
		return &Scan{W: r.subExp(e.W), Arrs: r.names(e.Arrs), Op: r.Lambda(e.Op), Neutral: r.subExps(e.Neutral)}
	case *Hist:
		return &Hist{W: r.subExp(e.W), Dests: r.names(e.Dests), Op: r.Lambda(e.Op), Neutral: r.subExps(e.Neutral), Inds: r.names(e.Inds), Vals: r.names(e.Vals)}
	case *Scatter:
		return &Scatter{W: r.subExp(e.W), Dests: r.names(e.Dests), Inds: r.names(e.Inds), Vals: r.names(e.Vals)}
	case *Screma:
		c := &Screma{W: r.subExp(e.W), Arrs: r.names(e.Arrs), F: r.Lambda(e.F)}
		for _, sc := range e.Scans {
			c.Scans = append(c.Scans, ScanOp{Op: r.Lambda(sc.Op), Neutral: r.subExps(sc.Neutral)})
		}
		for _, x := range e.Reds {
			c.Reds = append(c.Reds, RedOp{Op: r.Lambda(x.Op), Neutral: r.subExps(x.Neutral), Comm: x.Comm})
		}
		for _, h := range e.Hists {
			c.Hists = append(c.Hists, HistOp{Dests: r.names(h.Dests), Rank: h.Rank, Op: r.Lambda(h.Op), Neutral: r.subExps(h.Neutral)})
		}
		for _, sc := range e.Scatters {
			c.Scatters = append(c.Scatters, ScatterOp{Dests: r.names(sc.Dests), Rank: sc.Rank})
		}
		return c
	case *JVP:
		return &JVP{F: r.Lambda(e.F), Primals: r.subExps(e.Primals), Tangents: r.subExps(e.Tangents), Vec: e.Vec, Width: r.subExp(e.Width)}
	case *VJP:
		return &VJP{F: r.Lambda(e.F), Primals: r.subExps(e.Primals), Adjoints: r.subExps(e.Adjoints), Vec: e.Vec, Width: r.subExp(e.Width)}
	case *WithVJP:
		return &WithVJP{F: r.Lambda(e.F), Rule: r.Lambda(e.Rule), Args: r.subExps(e.Args)}
	case *WithAcc:
		ins := make([]AccInput, len(e.Inputs))
		for i, in := range e.Inputs {
			ins[i] = AccInput{Arr: r.name(in.Arr), Op: r.Lambda(in.Op), Neutral: r.subExps(in.Neutral)}
		}
		return &WithAcc{Inputs: ins, F: r.Lambda(e.F)}
	case *UpdAcc:
		return &UpdAcc{Acc: r.name(e.Acc), Idx: r.subExps(e.Idx), Val: r.subExp(e.Val)}
	}
	panic("ir: unknown expression")
}

// Substitute returns a copy of b in which every use of a name in sub is
// replaced by its SubExp. Positions that must be names (arrays) only take
// variable replacements.
func Substitute(b *Body, sub map[VName]SubExp) *Body {
	return (&Rewriter{Use: substUse(sub)}).Body(b)
}

// SubstituteLambda is Substitute for a lambda.
func SubstituteLambda(l *Lambda, sub map[VName]SubExp) *Lambda {
	return (&Rewriter{Use: substUse(sub)}).Lambda(l)
}

func substUse(sub map[VName]SubExp) func(VName) SubExp {
	return func(v VName) SubExp {
		if s, ok := sub[v]; ok {
			return s
		}
		return Var(v)
	}
}

// renamer gives every name bound inside a construct a fresh name, so a copy
// can sit beside the original without breaking uniqueness.
func renamer(ns *NameSource, sub map[VName]SubExp) *Rewriter {
	return &Rewriter{
		Use: substUse(sub),
		Bind: func(v VName) VName {
			n := ns.Fresh(v)
			sub[v] = Var(n)
			return n
		},
	}
}

// RenameBody returns a copy of b whose bound names are all fresh; free
// names are kept.
func RenameBody(b *Body, ns *NameSource) *Body {
	return renamer(ns, map[VName]SubExp{}).Body(b)
}

// RenameLambda returns a copy of l whose parameters and bound names are all
// fresh.
func RenameLambda(l *Lambda, ns *NameSource) *Lambda {
	return renamer(ns, map[VName]SubExp{}).Lambda(l)
}

// CopyBody returns a deep copy of b with the same names.
func CopyBody(b *Body) *Body { return (&Rewriter{}).Body(b) }

// CopyLambda returns a deep copy of l with the same names.
func CopyLambda(l *Lambda) *Lambda { return (&Rewriter{}).Lambda(l) }
