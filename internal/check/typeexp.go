package check

import (
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/syntax"
)

// anonMode says what an anonymous size [] in a type annotation becomes.
type anonMode uint8

const (
	anonMeta    anonMode = iota // inferred (parameters, ascriptions)
	anonUnknown                 // existential (return types, abbreviations)
)

// typeCtx carries what elaborating one type annotation needs.
type typeCtx struct {
	anon anonMode
	// implicit, when non-nil, collects size names that are not in scope
	// and become implicit size parameters (parameter types of a def).
	implicit map[string]*Binding
}

// typeExp elaborates a type annotation.
func (c *checker) typeExp(sc *scope, t syntax.TypeExp, tc *typeCtx) Type {
	switch t := t.(type) {
	case *syntax.TypeName, *syntax.TypeApply:
		return c.typeApp(sc, t, tc)
	case *syntax.ArrayType:
		var size Size
		if t.Size == nil {
			if tc.anon == anonMeta {
				size = c.newSizeMeta()
			} else {
				v := c.newUnknownSize("d")
				if c.anonSizes == nil {
					c.anonSizes = map[int]bool{}
				}
				c.anonSizes[v.ID] = true
				size = v
			}
		} else {
			size = c.sizeExp(sc, t.Size, tc)
		}
		elem := c.typeExp(sc, t.Elem, tc)
		if ContainsFunc(elem) {
			c.fail(t.Pos(), "arrays of functions are not allowed (element type %s)", TypeString(elem))
		}
		if u, ok := elem.(*Array); ok && u.Unique {
			cp := *u
			cp.Unique = false
			elem = &cp
		}
		return &Array{Size: size, Elem: elem}
	case *syntax.TupleType:
		ts := make([]Type, len(t.Elems))
		for i, e := range t.Elems {
			ts[i] = c.typeExp(sc, e, tc)
		}
		if len(ts) == 0 {
			return Unit()
		}
		return Tuple(ts...)
	case *syntax.RecordType:
		fs := make([]Field, len(t.Fields))
		seen := map[string]bool{}
		for i, f := range t.Fields {
			if seen[f.Name.Name] {
				c.fail(f.Name.Pos(), "duplicate field %s in record type", f.Name.Name)
			}
			seen[f.Name.Name] = true
			fs[i] = Field{f.Name.Name, c.typeExp(sc, f.Type, tc)}
		}
		return NewRecord(fs)
	case *syntax.SumType:
		cs := make([]Constructor, len(t.Constrs))
		seen := map[string]bool{}
		for i, k := range t.Constrs {
			if seen[k.Name.Name] {
				c.fail(k.Name.Pos(), "duplicate constructor #%s in sum type", k.Name.Name)
			}
			seen[k.Name.Name] = true
			ps := make([]Type, len(k.Payload))
			for j, p := range k.Payload {
				ps[j] = c.typeExp(sc, p, tc)
			}
			cs[i] = Constructor{k.Name.Name, ps}
		}
		return NewSum(cs)
	case *syntax.FuncType:
		ft := &Func{}
		inner := sc
		if t.ParamName != nil {
			ft.Param = c.typeExp(sc, t.Param, tc)
			b := &Binding{Name: t.ParamName.Name, ID: c.fresh(), Pos: t.ParamName.Pos(), Scheme: &TypeScheme{Type: ft.Param}}
			ft.ParamName = &SizeVar{Name: b.Name, ID: b.ID}
			inner = newScope(sc)
			inner.bindTerm(b.Name, &term{bind: b})
		} else {
			ft.Param = c.typeExp(sc, t.Param, tc)
		}
		rc := *tc
		rc.anon = anonUnknown
		ft.Result = c.typeExp(inner, t.Result, &rc)
		if isUniqueResult(ft.Result) {
			ft.Unique = true
		}
		return ft
	case *syntax.UniqueType:
		el := c.typeExp(sc, t.Elem, tc)
		switch el := el.(type) {
		case *Array:
			cp := *el
			cp.Unique = true
			return &cp
		case *Record:
			cp := *el
			cp.Unique = true
			return &cp
		case *Param:
			cp := *el
			cp.Unique = true
			return &cp
		}
		return el
	case *syntax.ExistType:
		inner := newScope(sc)
		ids := make([]int, len(t.Sizes))
		for i, n := range t.Sizes {
			ids[i] = c.fresh()
			b := &Binding{Name: n.Name, ID: ids[i], Pos: n.Pos(), Scheme: &TypeScheme{Type: &Prim{prim.I64}}}
			inner.bindTerm(n.Name, &term{bind: b, view: existentialMarker})
		}
		body := c.typeExp(inner, t.Elem, tc)
		// The size is read from an array of the value at run time: one
		// must have it as its size, outside any function type.
		used := constructiveSizes(body)
		for i, n := range t.Sizes {
			if !used[ids[i]] {
				c.fail(n.Pos(), "Existential size %q not used as array size: no array of the value has it as its size (outside function types), so it cannot be known.", n.Name)
			}
		}
		return body
	}
	c.fail(t.Pos(), "unsupported type expression")
	return nil
}

// constructiveSizes is the sizes that t uses constructively: as the whole
// size of an array, or a size argument of an abstract type, outside any
// function type. A value of type t carries them, so they can be read
// from it at run time; [n+1]bool, [n]bool -> bool and bool -> [n]bool do
// not use n constructively.
func constructiveSizes(t Type) map[int]bool {
	out := map[int]bool{}
	walkSizesOutsideFuncs(t, func(s Size) {
		if v, ok := ResolveSize(s).(*SizeVar); ok {
			out[v.ID] = true
		}
	})
	return out
}

// paramAnonSizes is the anonymous sizes ([]) of an abbreviation's body t
// that are in the parameter type of a function type, not in the result
// of one (where [] is the result's own existential size).
func (c *checker) paramAnonSizes(t Type) []*SizeVar {
	var out []*SizeVar
	var walk func(t Type, inParam bool)
	walk = func(t Type, inParam bool) {
		switch t := Resolve(t).(type) {
		case *Array:
			if v, ok := ResolveSize(t.Size).(*SizeVar); ok && inParam && v.Unknown && c.anonSizes[v.ID] {
				out = append(out, v)
			}
			walk(t.Elem, inParam)
		case *Record:
			for _, f := range t.Fields {
				walk(f.Type, inParam)
			}
		case *Sum:
			for _, k := range t.Cons {
				for _, p := range k.Payload {
					walk(p, inParam)
				}
			}
		case *Func:
			walk(t.Param, true)
		}
	}
	walk(t, false)
	return out
}

// existentialMarker marks size names bound by ?[n]. in a type; they become
// unknown sizes.
var existentialMarker = &TypeScheme{}

// typeApp elaborates a (possibly applied) type name.
func (c *checker) typeApp(sc *scope, t syntax.TypeExp, tc *typeCtx) Type {
	var args []*syntax.TypeArg
	for {
		app, ok := t.(*syntax.TypeApply)
		if !ok {
			break
		}
		args = append([]*syntax.TypeArg{app.Arg}, args...)
		t = app.Fun
	}
	name, ok := t.(*syntax.TypeName)
	if !ok {
		c.fail(t.Pos(), "only named types can be applied to arguments")
	}
	def := c.lookupTypeName(sc, name.Name)
	if def.broken {
		panic(failure{})
	}
	if len(args) != len(def.params) {
		c.fail(name.Pos(), "type %s takes %s, but is given %d", name.Name.String(), plural(len(def.params), "argument"), len(args))
	}
	// The existential and anonymous sizes of a size-lifted abbreviation
	// are new at each use: inferred where the annotation's [] would be,
	// otherwise unknown.
	sub := &substitution{types: map[int]Type{}, sizes: map[int]Size{}}
	walkSizes(def.body, func(s Size) {
		forSizeVars(s, func(v *SizeVar) {
			if _, ok := sub.sizes[v.ID]; !ok && v.Unknown {
				if tc.anon == anonMeta {
					sub.sizes[v.ID] = c.newSizeMeta()
				} else {
					sub.sizes[v.ID] = c.newUnknownSize(trimDigits(v.Name))
				}
			}
		})
	})
	if len(args) == 0 {
		return sub.typ(def.body)
	}
	for i, p := range def.params {
		a := args[i]
		if p.size != a.IsSize {
			if p.size {
				c.fail(a.Pos(), "argument %d of type %s must be a size [n]", i+1, name.Name.String())
			}
			c.fail(a.Pos(), "argument %d of type %s must be a type, not a size", i+1, name.Name.String())
		}
		if p.size {
			if a.Size == nil {
				if tc.anon == anonMeta {
					sub.sizes[p.id] = c.newSizeMeta()
				} else {
					sub.sizes[p.id] = c.newUnknownSize("d")
				}
			} else {
				sub.sizes[p.id] = c.sizeExp(sc, a.Size, tc)
			}
		} else {
			at := c.typeExp(sc, a.Type, tc)
			if p.lift < FullLifted && ContainsFunc(at) {
				c.fail(a.Pos(), "type parameter %s of %s is not lifted ('^) and cannot be a function type", p.name, name.Name.String())
			}
			sub.types[p.id] = at
		}
	}
	return sub.typ(def.body)
}

func (c *checker) lookupTypeName(sc *scope, q *syntax.QualName) *typeDef {
	if len(q.Quals) == 0 {
		if d := sc.lookupType(q.Name.Name); d != nil {
			return d
		}
		c.failUnknown(sc, q.Pos(), "unknown type %s", q.Name.Name)
	}
	m := c.lookupModPath(sc, q.Quals)
	if d, ok := m.types[q.Name.Name]; ok {
		return d
	}
	if m.broken {
		panic(failure{})
	}
	if m.functor != nil {
		c.fail(q.Name.Pos(), "Module %s is a parametric module: apply it to a module (module M = %s ...) before using its type %s", qualsString(q.Quals), qualsString(q.Quals), q.Name.Name)
	}
	c.fail(q.Name.Pos(), "module %s has no type %s", qualsString(q.Quals), q.Name.Name)
	return nil
}

func qualsString(qs []*syntax.Ident) string {
	s := ""
	for i, q := range qs {
		if i > 0 {
			s += "."
		}
		s += q.Name
	}
	return s
}

// lookupModPath resolves M.N... to a module.
func (c *checker) lookupModPath(sc *scope, path []*syntax.Ident) *module {
	t := sc.lookupTerm(path[0].Name)
	if t == nil || t.mod == nil {
		c.failUnknown(sc, path[0].Pos(), "unknown module %s", path[0].Name)
	}
	m := t.mod
	for i, id := range path[1:] {
		t, ok := m.terms[id.Name]
		if !ok && m.broken {
			panic(failure{})
		}
		if !ok || t.mod == nil {
			c.fail(id.Pos(), "module %s has no module %s", qualsString(path[:i+1]), id.Name)
		}
		m = t.mod
	}
	return m
}

// sizeExp elaborates a size expression in a type.
func (c *checker) sizeExp(sc *scope, e syntax.Expr, tc *typeCtx) Size {
	switch e := e.(type) {
	case *syntax.IntLit:
		if e.Suffix != prim.Invalid && e.Suffix != prim.I64 {
			c.fail(e.Pos(), "size %s must have type i64", e.Text)
		}
		if !e.Value.IsInt64() || e.Value.Sign() < 0 {
			c.fail(e.Pos(), "size %s is out of range", e.Text)
		}
		return &SizeConst{N: e.Value.Int64()}
	case *syntax.Var:
		if len(e.Path) == 1 {
			name := e.Path[0].Name
			t := sc.lookupTerm(name)
			if t == nil && tc.implicit != nil {
				b, ok := tc.implicit[name]
				if !ok {
					b = &Binding{Name: name, ID: c.fresh(), Pos: e.Pos(), Scheme: &TypeScheme{Type: &Prim{prim.I64}}}
					tc.implicit[name] = b
				}
				return &SizeVar{Name: name, ID: b.ID}
			}
			if t == nil || t.bind == nil {
				c.fail(e.Pos(), "unknown size %s (a size must be an i64 variable in scope)", name)
			}
			if t.view == existentialMarker {
				return &SizeVar{Name: name, ID: t.bind.ID, Unknown: true}
			}
			if len(t.bind.Scheme.TypeParams) > 0 || len(t.bind.Scheme.SizeParams) > 0 {
				c.fail(e.Pos(), "size %s must be an i64 variable, not a polymorphic function", name)
			}
			if err := c.unify(t.bind.Scheme.Type, &Prim{prim.I64}); err != nil {
				c.fail(e.Pos(), "size %s must have type i64, but has type %s", name, TypeString(t.bind.Scheme.Type))
			}
			return &SizeVar{Name: name, ID: t.bind.ID}
		}
		if t := sc.lookupTerm(e.Path[0].Name); t != nil && t.mod != nil {
			return c.qualifiedSize(sc, e)
		}
	case *syntax.BinOp:
		if op, ok := sizeOperator(e.Op.Name.Name); ok && !e.Backtick && len(e.Op.Quals) == 0 {
			return simplifySize(&SizeOp{Op: op, L: c.sizeExp(sc, e.X, tc), R: c.sizeExp(sc, e.Y, tc)})
		}
	}
	// Other size expressions are evaluated at run time; statically the
	// size is unknown.
	return c.newUnknownSize("d")
}

// plural renders "1 argument" or "2 arguments".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return itoa(n) + " " + noun + "s"
}

// qualifiedSize resolves a size M.n naming an i64 constant of a module.
func (c *checker) qualifiedSize(sc *scope, e *syntax.Var) Size {
	t := sc.lookupTerm(e.Path[0].Name)
	for i := 1; t != nil && t.mod != nil && i < len(e.Path); i++ {
		t = t.mod.terms[e.Path[i].Name]
		if i == len(e.Path)-1 && t != nil && t.bind != nil {
			if err := c.unify(t.bind.Scheme.Type, i64()); err != nil || len(t.bind.Scheme.TypeParams) > 0 {
				c.fail(e.Pos(), "size %s must have type i64", qualsString(e.Path))
			}
			return &SizeVar{Name: qualsString(e.Path), ID: t.bind.ID}
		}
	}
	c.fail(e.Pos(), "unknown size %s", qualsString(e.Path))
	return nil
}
