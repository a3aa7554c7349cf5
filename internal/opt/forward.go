package opt

import "github.com/fluxion-lang/fluxion/internal/ir"

// forward walks a function in evaluation order, offering every statement
// (after substituting earlier replacements into it and simplifying its
// nested bodies) to rule. A rule that fires returns statements to put in
// its place and one SubExp per pattern name; later uses of those names
// are replaced by them.
type forward struct {
	sub   map[ir.VName]ir.SubExp
	rw    *ir.Rewriter
	types map[ir.VName]ir.Type
	defs  map[ir.VName]ir.Exp // the expression bound to each single name kept so far
	// consumed are the names whose storage may be consumed.
	consumed ir.Names
	// exact are the arrays whose declared shape the interpreter checks when
	// they are bound (function parameters and statement patterns), so
	// their declared dimensions are their sizes.
	exact ir.Names
	rule  func(s *ir.Stm) (pre []*ir.Stm, res []ir.SubExp, ok bool)
	enter func() // called before a nested body
	leave func() // called after it
	// into, when set, is called before the walk enters nested body b of
	// statement s (already rewritten); the function it returns, when
	// not nil, is called after the walk leaves b.
	into func(s *ir.Stm, b *ir.Body) func()
	// scopes holds, per body being walked (the one whose statement is
	// offered to rule and those it is nested in, the innermost last), the
	// names its statements have bound so far.
	scopes []ir.Names
}

// inScope reports whether v was bound by a statement of the body being
// walked (not outside it, nor in a body nested in it).
func (w *forward) inScope(v ir.VName) bool {
	return len(w.scopes) > 0 && w.scopes[len(w.scopes)-1].Has(v)
}

// depth is the number of bodies between the walked one and the body
// whose statement bound v (0: the walked body itself), or -1 when no
// walked body bound v.
func (w *forward) depth(v ir.VName) int {
	for i := len(w.scopes) - 1; i >= 0; i-- {
		if w.scopes[i].Has(v) {
			return len(w.scopes) - 1 - i
		}
	}
	return -1
}

func newForward(f *ir.Func) *forward {
	n := ir.CountStms(f.Body)
	w := &forward{
		sub:   map[ir.VName]ir.SubExp{},
		types: bindingTypes(f, n),
		defs:  make(map[ir.VName]ir.Exp, n),
	}
	w.consumed = ir.NewFacts(f).Consumed()
	w.exact = make(ir.Names, n+len(f.Params))
	for _, p := range f.Params {
		w.exact.Add(p.Name)
	}
	w.rw = &ir.Rewriter{Use: func(v ir.VName) ir.SubExp {
		if s, ok := w.sub[v]; ok {
			return s
		}
		return ir.Var(v)
	}}
	return w
}

func (w *forward) run(f *ir.Func) { w.body(f.Body) }

func (w *forward) body(b *ir.Body) {
	if w.enter != nil {
		w.enter()
	}
	scope := make(ir.Names, len(b.Stms))
	w.scopes = append(w.scopes, scope)
	defer func() { w.scopes = w.scopes[:len(w.scopes)-1] }()
	out := make([]*ir.Stm, 0, len(b.Stms))
	for _, s := range b.Stms {
		s = w.rw.Stm(s)
		for _, p := range s.Pat {
			w.types[p.Name] = p.Type // sizes in it may have been replaced
			w.exact.Add(p.Name)
		}
		if l, ok := s.Exp.(*ir.Loop); ok {
			for _, p := range l.Params {
				w.types[p.Name] = p.Type // sizes in it may have been replaced
			}
			w.exactLoopParams(l)
		}
		for _, nb := range ir.Bodies(s.Exp) {
			if nb == nil {
				continue
			}
			var out func()
			if w.into != nil {
				out = w.into(s, nb)
			}
			w.body(nb)
			if out != nil {
				out()
			}
		}
		pre, res, ok := w.rule(s)
		for _, p := range s.Pat {
			scope.Add(p.Name)
		}
		for _, st := range pre {
			for _, p := range st.Pat {
				scope.Add(p.Name)
			}
		}
		if !ok {
			out = append(out, s)
			if len(s.Pat) == 1 {
				w.defs[s.Pat[0].Name] = s.Exp
			}
			continue
		}
		out = append(out, pre...)
		for i, p := range s.Pat {
			if w.checksShape(p, res[i]) {
				out = append(out, &ir.Stm{Pat: []ir.Param{p}, Exp: &ir.Atom{X: res[i]}, Pos: s.Pos})
				continue
			}
			w.sub[p.Name] = res[i]
		}
	}
	b.Stms = out
	for i, r := range b.Result {
		if r.IsVar() {
			b.Result[i] = w.rw.Use(r.Var)
		}
	}
	if w.leave != nil {
		w.leave()
	}
}

// checksShape reports whether binding p to x checks something at run
// time: a declared array shape with a known dimension (how size coercions
// are checked) that x's own declared type does not already guarantee.
// Such a binding is kept as an Atom instead of being substituted away.
func (w *forward) checksShape(p ir.Param, x ir.SubExp) bool {
	if !hasKnownDims(p.Type) {
		return false
	}
	t, ok := w.types[x.Var]
	return !x.IsVar() || !ok || !t.Equal(p.Type)
}

// hasKnownDims reports whether t is an array type with a dimension the
// interpreter checks when a statement binds it.
func hasKnownDims(t ir.Type) bool {
	if !t.IsArray() {
		return false
	}
	for _, d := range t.Shape {
		if !d.IsNone() {
			return true
		}
	}
	return false
}

// CopyProp replaces every name bound by an Atom with the atom itself and
// drops the binding. This respects consumption: an atom shares storage
// with its source, so any use it could make illegal was illegal already.
// An atom that checks a declared shape stays (see checksShape).
func CopyProp(p *ir.Program) (*ir.Program, error) {
	return eachFunc(p, func(f *ir.Func) error {
		w := newForward(f)
		w.rule = func(s *ir.Stm) ([]*ir.Stm, []ir.SubExp, bool) {
			if a, ok := s.Exp.(*ir.Atom); ok && len(s.Pat) == 1 && !a.X.IsNone() {
				return nil, []ir.SubExp{a.X}, true
			}
			return nil, nil, false
		}
		w.run(f)
		return nil
	})
}

// Fold evaluates scalar operations on constants, applies the algebraic
// rules of rules.go, and removes control flow whose outcome is known.
func Fold(p *ir.Program) (*ir.Program, error) {
	return eachFunc(p, func(f *ir.Func) error {
		w := newForward(f)
		w.rule = func(s *ir.Stm) ([]*ir.Stm, []ir.SubExp, bool) { return w.fold(s) }
		w.run(f)
		return nil
	})
}
