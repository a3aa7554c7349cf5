package check

import (
	"strings"

	"github.com/fluxion-lang/fluxion/internal/syntax"
)

// sig is an elaborated module type: an ordered list of specs. Abstract
// type specs are represented by placeholder *Abstract types (abstractID)
// that val specs mention; ascription replaces them.
type sig struct {
	specs []*spec
	// arrow is set for the module type of a parametric module,
	// (P: S) -> R; specs is then empty.
	arrow *sigArrow
}

// sigArrow is a functor type. The result may mention the parameter, so it
// is elaborated anew for each argument, in env with the parameter bound.
type sigArrow struct {
	param  string // "" for S -> R
	from   *sig
	result syntax.ModTypeExp
	env    *scope
}

type specKind uint8

const (
	specVal specKind = iota
	specType
	specMod
)

type spec struct {
	kind       specKind
	name       string
	pos        syntax.Pos
	scheme     *TypeScheme // specVal
	bind       *Binding    // specVal: what later specs' sizes refer to
	tdef       *typeDef    // specType: the placeholder or the transparent definition
	abstractID int         // specType: non-zero while abstract
	sig        *sig        // specMod
}

// modTypeExp elaborates a module type expression.
func (c *checker) modTypeExp(sc *scope, mt syntax.ModTypeExp) *sig {
	switch mt := mt.(type) {
	case *syntax.ModTypeVar:
		if len(mt.Name.Quals) == 0 {
			if s := sc.lookupSig(mt.Name.Name.Name); s != nil {
				return s
			}
			c.failUnknown(sc, mt.Pos(), "unknown module type %s", mt.Name.Name.Name)
		}
		m := c.lookupModPath(sc, mt.Name.Quals)
		if s, ok := m.sigs[mt.Name.Name.Name]; ok {
			return s
		}
		if m.broken {
			panic(failure{})
		}
		c.fail(mt.Pos(), "unknown module type %s", mt.Name.String())
	case *syntax.ModTypeSpecs:
		s := &sig{}
		inner := newScope(sc)
		for _, sp := range mt.Specs {
			c.specItem(inner, s, sp)
		}
		return s
	case *syntax.ModTypeWith:
		base := c.modTypeExp(sc, mt.Sig)
		if base.arrow != nil {
			c.fail(mt.Pos(), "the module type of a parametric module has no types to refine")
		}
		inner := newScope(sc)
		def := &typeDef{name: mt.Name.Name.Name}
		for _, tp := range mt.TypeParams {
			id := c.fresh()
			if tp.Size {
				b := &Binding{Name: tp.Name.Name, ID: id, Scheme: &TypeScheme{Type: i64()}}
				inner.bindTerm(b.Name, &term{bind: b})
				def.params = append(def.params, typeParamDef{name: b.Name, size: true, id: id})
				continue
			}
			p := &Param{Name: tp.Name.Name, ID: id, Lifted: Liftedness(tp.Lift)}
			inner.bindType(p.Name, &typeDef{name: p.Name, body: p})
			def.params = append(def.params, typeParamDef{name: p.Name, id: id, lift: p.Lifted})
		}
		def.body = c.typeExp(inner, mt.Type, &typeCtx{anon: anonUnknown})
		path := []string{}
		for _, q := range mt.Name.Quals {
			path = append(path, q.Name)
		}
		path = append(path, mt.Name.Name.Name)
		return c.refine(base, path, def, mt.Name.Pos())
	case *syntax.ModTypeArrow:
		a := &sigArrow{from: c.modTypeExp(sc, mt.From), result: mt.Result, env: snapshot(sc, c.root)}
		if mt.Param != nil {
			a.param = mt.Param.Name
		}
		// Elaborate the result once against a stand-in parameter, so
		// errors in it are reported where the module type is declared.
		c.discarding(func() { c.arrowResult(a, c.moduleOfSig(c.freshenSig(a.from), a.param+".")) })
		return &sig{arrow: a}
	}
	c.fail(mt.Pos(), "unsupported module type")
	return nil
}

// specItem elaborates one spec into s, binding its names in sc for the
// specs that follow.
func (c *checker) specItem(sc *scope, s *sig, sp syntax.Spec) {
	switch sp := sp.(type) {
	case *syntax.ValSpec:
		inner := newScope(sc)
		sizes, tparams := c.bindTypeParams(inner, sp.TypeParams)
		t := c.typeExp(inner, sp.Type, &typeCtx{anon: anonMeta})
		scheme := &TypeScheme{TypeParams: tparams, Type: t}
		for _, b := range sizes {
			scheme.SizeParams = append(scheme.SizeParams, &SizeVar{Name: b.Name, ID: b.ID})
		}
		walkSizes(t, func(z Size) {
			walkSizeMetas(z, func(m *SizeMeta) {
				if m.Link == nil {
					v := &SizeVar{Name: "n", ID: c.fresh()}
					m.Link = v
					scheme.SizeParams = append(scheme.SizeParams, v)
				}
			})
		})
		scheme.Type = Zonk(t)
		b := &Binding{Name: sp.Name.Name, ID: c.fresh(), Scheme: scheme}
		s.specs = append(s.specs, &spec{kind: specVal, name: sp.Name.Name, pos: sp.Pos(), scheme: scheme, bind: b})
		sc.bindTerm(sp.Name.Name, &term{bind: b})
	case *syntax.TypeSpec:
		var def *typeDef
		id := 0
		if sp.Type != nil {
			def = c.typeDecl(sc, &syntax.TypeDecl{Span: sp.Span, Lift: sp.Lift, Name: sp.Name, TypeParams: sp.TypeParams, Type: sp.Type})
		} else {
			id = c.fresh()
			def = &typeDef{name: sp.Name.Name, lift: Liftedness(sp.Lift)}
			abs := &Abstract{Name: sp.Name.Name, ID: id}
			for _, tp := range sp.TypeParams {
				pid := c.fresh()
				if tp.Size {
					def.params = append(def.params, typeParamDef{name: tp.Name.Name, size: true, id: pid})
					abs.Args = append(abs.Args, TypeArg{Size: &SizeVar{Name: tp.Name.Name, ID: pid}})
				} else {
					p := &Param{Name: tp.Name.Name, ID: pid, Lifted: Liftedness(tp.Lift)}
					def.params = append(def.params, typeParamDef{name: p.Name, id: pid, lift: p.Lifted})
					abs.Args = append(abs.Args, TypeArg{Type: p})
				}
			}
			def.body = abs
		}
		s.specs = append(s.specs, &spec{kind: specType, name: sp.Name.Name, pos: sp.Pos(), tdef: def, abstractID: id})
		sc.bindType(sp.Name.Name, def)
	case *syntax.ModSpec:
		sub := c.freshenSig(c.modTypeExp(sc, sp.Type))
		s.specs = append(s.specs, &spec{kind: specMod, name: sp.Name.Name, pos: sp.Pos(), sig: sub})
		sc.bindTerm(sp.Name.Name, &term{mod: c.moduleOfSig(sub, sp.Name.Name+".")})
	case *syntax.IncludeSpec:
		inc := c.freshenSig(c.modTypeExp(sc, sp.Type))
		if inc.arrow != nil {
			c.fail(sp.Pos(), "cannot include the module type of a parametric module")
		}
		for _, x := range inc.specs {
			s.specs = append(s.specs, x)
			switch x.kind {
			case specType:
				sc.bindType(x.name, x.tdef)
			case specVal:
				sc.bindTerm(x.name, &term{bind: x.bind})
			case specMod:
				sc.bindTerm(x.name, &term{mod: c.moduleOfSig(x.sig, x.name+".")})
			}
		}
	case *syntax.AttrSpec:
		c.specItem(sc, s, sp.Spec)
	}
}

// moduleOfSig is a stand-in module with exactly the names of s, used to
// check functor bodies and specs that refer to module specs.
func (c *checker) moduleOfSig(s *sig, path string) *module {
	if s.arrow != nil {
		a := s.arrow
		return &module{functor: &functor{path: path, apply: func(arg *module, pos syntax.Pos, p string) *module {
			bound := c.ascribe(arg, c.freshenSig(a.from), false, pos, "")
			return c.moduleOfSig(c.freshenSig(c.arrowResult(a, bound)), p)
		}}}
	}
	m := newModule()
	for _, sp := range s.specs {
		switch sp.kind {
		case specVal:
			// The same identity as the spec's, which the sizes of later
			// specs name ([len]a after val len: i64).
			m.terms[sp.name] = &term{bind: &Binding{Name: path + sp.name, ID: sp.bind.ID, Pos: sp.pos, Scheme: sp.scheme}}
		case specType:
			m.types[sp.name] = sp.tdef
		case specMod:
			m.terms[sp.name] = &term{mod: c.moduleOfSig(sp.sig, path+sp.name+".")}
		}
	}
	return m
}

// refine implements S with path = def.
func (c *checker) refine(s *sig, path []string, def *typeDef, pos syntax.Pos) *sig {
	target := findTypeSpec(s, path)
	if target == nil {
		c.fail(pos, "module type has no type %s to refine", joinPath(path))
	}
	if target.abstractID == 0 {
		c.fail(pos, "type %s is not abstract in the module type and cannot be refined", joinPath(path))
	}
	if len(target.tdef.params) != len(def.params) {
		c.fail(pos, "type %s has %d parameters, but the refinement gives %d", joinPath(path), len(target.tdef.params), len(def.params))
	}
	return substSig(s, map[int]*typeDef{target.abstractID: def}, nil)
}

func joinPath(p []string) string {
	s := ""
	for i, x := range p {
		if i > 0 {
			s += "."
		}
		s += x
	}
	return s
}

func findTypeSpec(s *sig, path []string) *spec {
	for _, sp := range s.specs {
		if sp.name != path[0] {
			continue
		}
		if len(path) == 1 && sp.kind == specType {
			return sp
		}
		if len(path) > 1 && sp.kind == specMod {
			return findTypeSpec(sp.sig, path[1:])
		}
	}
	return nil
}

// substSig replaces abstract placeholders by definitions throughout s,
// and sizes naming val specs by the sizes in sizes.
func substSig(s *sig, defs map[int]*typeDef, sizes map[int]Size) *sig {
	if s.arrow != nil {
		// The result is elaborated per application, from its syntax.
		a := *s.arrow
		a.from = substSig(a.from, defs, sizes)
		return &sig{arrow: &a}
	}
	out := &sig{specs: make([]*spec, len(s.specs))}
	ssub := &substitution{sizes: sizes}
	for i, sp := range s.specs {
		n := *sp
		switch sp.kind {
		case specVal:
			n.scheme = &TypeScheme{TypeParams: sp.scheme.TypeParams, SizeParams: sp.scheme.SizeParams, Type: ssub.typ(substAbstract(sp.scheme.Type, defs))}
			if v, ok := sizes[sp.bind.ID].(*SizeVar); ok {
				n.bind = &Binding{Name: sp.bind.Name, ID: v.ID, Scheme: n.scheme}
			}
		case specType:
			if d, ok := defs[sp.abstractID]; ok && sp.abstractID != 0 {
				n.tdef = d
				n.abstractID = 0
			} else {
				td := *sp.tdef
				td.body = ssub.typ(substAbstract(sp.tdef.body, defs))
				n.tdef = &td
			}
		case specMod:
			n.sig = substSig(sp.sig, defs, sizes)
		}
		out.specs[i] = &n
	}
	return out
}

// instantiateDef applies a type definition to arguments.
func instantiateDef(d *typeDef, args []TypeArg) Type {
	if len(d.params) == 0 {
		return d.body
	}
	sub := &substitution{types: map[int]Type{}, sizes: map[int]Size{}}
	for i, p := range d.params {
		if i >= len(args) {
			break
		}
		if p.size {
			if args[i].Size != nil {
				sub.sizes[p.id] = args[i].Size
			}
		} else if args[i].Type != nil {
			sub.types[p.id] = args[i].Type
		}
	}
	return sub.typ(d.body)
}

// mapAbstract rebuilds t with f applied to every abstract type (after
// its arguments are mapped); f returns nil to keep one.
func mapAbstract(t Type, f func(*Abstract) Type) Type {
	switch t := Resolve(t).(type) {
	case *Array:
		return &Array{Size: t.Size, Elem: mapAbstract(t.Elem, f), Unique: t.Unique}
	case *Record:
		fs := make([]Field, len(t.Fields))
		for i, fl := range t.Fields {
			fs[i] = Field{fl.Name, mapAbstract(fl.Type, f)}
		}
		return &Record{Fields: fs, Unique: t.Unique}
	case *Sum:
		cs := make([]Constructor, len(t.Cons))
		for i, k := range t.Cons {
			ps := make([]Type, len(k.Payload))
			for j, p := range k.Payload {
				ps[j] = mapAbstract(p, f)
			}
			cs[i] = Constructor{k.Name, ps}
		}
		return &Sum{Cons: cs}
	case *Func:
		return &Func{Param: mapAbstract(t.Param, f), ParamName: t.ParamName, Result: mapAbstract(t.Result, f), Unique: t.Unique}
	case *Abstract:
		a := t
		if len(t.Args) > 0 {
			args := make([]TypeArg, len(t.Args))
			for i, x := range t.Args {
				args[i] = x
				if x.Type != nil {
					args[i].Type = mapAbstract(x.Type, f)
				}
			}
			a = &Abstract{Name: t.Name, ID: t.ID, Args: args, Repr: t.Repr}
		}
		if r := f(a); r != nil {
			return r
		}
		return a
	}
	return t
}

func substAbstract(t Type, defs map[int]*typeDef) Type {
	if len(defs) == 0 {
		return t
	}
	return mapAbstract(t, func(a *Abstract) Type {
		if d, ok := defs[a.ID]; ok {
			return instantiateDef(d, a.Args)
		}
		return nil
	})
}

// TypeDef is the representation of an abstract type: Body over the
// parameters Params (each a *Param type or a *SizeVar size, in order).
type TypeDef struct {
	Params []TypeArg
	Body   Type
}

// Reveal replaces every abstract type in t by its representation, for
// code generation (abstract types only matter to the checker).
func Reveal(t Type) Type {
	return mapAbstract(t, func(a *Abstract) Type {
		if a.Repr == nil {
			return nil
		}
		sub := &substitution{types: map[int]Type{}, sizes: map[int]Size{}}
		for i, p := range a.Repr.Params {
			if i >= len(a.Args) {
				break
			}
			switch {
			case p.Type != nil:
				if pp, ok := p.Type.(*Param); ok && a.Args[i].Type != nil {
					sub.types[pp.ID] = a.Args[i].Type
				}
			case p.Size != nil:
				if sv, ok := p.Size.(*SizeVar); ok && a.Args[i].Size != nil {
					sub.sizes[sv.ID] = a.Args[i].Size
				}
			}
		}
		return Reveal(sub.typ(a.Repr.Body))
	})
}

// ascribe matches module m against s and returns the module seen through
// s: only the names of s, with abstract types made opaque if opaque is
// set (module ascription) or left transparent (functor arguments).
func (c *checker) ascribe(m *module, s *sig, opaque bool, pos syntax.Pos, path string) *module {
	if s.arrow != nil {
		return c.ascribeFunctor(m, s.arrow, opaque, pos, path)
	}
	if m.functor != nil {
		c.fail(pos, "%s is parametric, but the module type requires a module that is not parametric", moduleName(path))
	}
	impl := map[int]*typeDef{}
	view := map[int]*typeDef{}
	sizes := map[int]Size{}
	c.matchSig(m, s, impl, view, sizes, opaque, pos, path)
	return c.viewModule(m, s, impl, view, sizes, path)
}

// matchSig checks m against s, filling impl (placeholder -> the module's
// type) and view (placeholder -> what users of the result see).
// sizes maps the val specs to the module's values, for the sizes that
// name them.
func (c *checker) matchSig(m *module, s *sig, impl, view map[int]*typeDef, sizes map[int]Size, opaque bool, pos syntax.Pos, path string) {
	for _, sp := range s.specs {
		switch sp.kind {
		case specType:
			d, ok := m.types[sp.name]
			if !ok {
				c.fail(pos, "module does not define type %s%s required by the module type", path, sp.name)
			}
			if len(d.params) != len(sp.tdef.params) {
				c.fail(pos, "type %s%s has %d parameters, but the module type requires %d", path, sp.name, len(d.params), len(sp.tdef.params))
			}
			if sp.abstractID == 0 {
				want := instantiateDef(sp.tdef, paramArgs(d))
				want = substAbstract(want, impl)
				c.sizeLenient++
				err := c.unify(d.body, want)
				c.sizeLenient--
				if err != nil {
					c.fail(pos, "type %s%s is %s, but the module type requires %s", path, sp.name, TypeString(d.body), TypeString(want))
				}
				continue
			}
			if sp.tdef.lift < d.lift {
				c.fail(pos, "type %s%s is lifted, but the module type declares it with a more restrictive 'type'", path, sp.name)
			}
			if sp.tdef.lift == Unlifted && hasUnknownSize(d.body) {
				c.fail(pos, "type %s%s has an anonymous size, so the module type must declare it type~", path, sp.name)
			}
			impl[sp.abstractID] = d
			if opaque {
				repr := &TypeDef{Body: d.body}
				abs := &Abstract{Name: path + sp.name, ID: c.fresh(), Repr: repr}
				nd := &typeDef{name: sp.name, lift: sp.tdef.lift}
				for _, p := range d.params {
					nd.params = append(nd.params, p)
					if p.size {
						repr.Params = append(repr.Params, TypeArg{Size: &SizeVar{Name: p.name, ID: p.id}})
						abs.Args = append(abs.Args, TypeArg{Size: &SizeVar{Name: p.name, ID: p.id}})
					} else {
						pt := &Param{Name: p.name, ID: p.id, Lifted: p.lift}
						repr.Params = append(repr.Params, TypeArg{Type: pt})
						abs.Args = append(abs.Args, TypeArg{Type: pt})
					}
				}
				nd.body = abs
				view[sp.abstractID] = nd
			} else {
				view[sp.abstractID] = d
			}
		case specVal:
			t, ok := m.terms[sp.name]
			if !ok || t.bind == nil {
				c.fail(pos, "module does not define value %s%s required by the module type", path, sp.name)
			}
			have := t.bind.Scheme
			if t.view != nil {
				have = t.view
			}
			sizes[sp.bind.ID] = &SizeVar{Name: path + sp.name, ID: t.bind.ID}
			got, _ := c.instantiate(have)
			want := (&substitution{sizes: sizes}).typ(substAbstract(sp.scheme.Type, impl))
			c.sizeLenient++
			err := c.unify(got, want)
			c.sizeLenient--
			if err != nil {
				c.fail(pos, "value %s%s has type %s, but the module type requires %s (%v)", path, sp.name, TypeString(Zonk(got)), TypeString(want), err)
			}
			if msg := hiddenConsumption(want, got); msg != "" {
				c.fail(pos, "value %s%s has type %s, but the module type requires %s (%s)", path, sp.name, TypeString(Zonk(got)), TypeString(want), msg)
			}
		case specMod:
			t, ok := m.terms[sp.name]
			if !ok || t.mod == nil {
				c.fail(pos, "module does not define module %s%s required by the module type", path, sp.name)
			}
			if sp.sig.arrow != nil {
				c.matchFunctor(t.mod, sp.sig.arrow, pos, path+sp.name+".")
				continue
			}
			if t.mod.functor != nil {
				c.fail(pos, "module %s%s is parametric, but the module type requires a module that is not parametric", path, sp.name)
			}
			c.matchSig(t.mod, sp.sig, impl, view, sizes, opaque, pos, path+sp.name+".")
		}
	}
}

func paramArgs(d *typeDef) []TypeArg {
	args := make([]TypeArg, len(d.params))
	for i, p := range d.params {
		if p.size {
			args[i].Size = &SizeVar{Name: p.name, ID: p.id}
		} else {
			args[i].Type = &Param{Name: p.name, ID: p.id, Lifted: p.lift}
		}
	}
	return args
}

// viewModule builds the module seen through s.
func (c *checker) viewModule(m *module, s *sig, impl, view map[int]*typeDef, sizes map[int]Size, path string) *module {
	out := newModule()
	for _, sp := range s.specs {
		switch sp.kind {
		case specType:
			if sp.abstractID != 0 {
				out.types[sp.name] = view[sp.abstractID]
			} else {
				out.types[sp.name] = m.types[sp.name]
			}
		case specVal:
			t := m.terms[sp.name]
			vs := &TypeScheme{TypeParams: sp.scheme.TypeParams, SizeParams: sp.scheme.SizeParams, Type: (&substitution{sizes: sizes}).typ(substAbstract(sp.scheme.Type, view))}
			out.terms[sp.name] = &term{bind: t.bind, view: vs}
		case specMod:
			if sp.sig.arrow != nil {
				out.terms[sp.name] = &term{mod: c.viewFunctor(m.terms[sp.name].mod, sp.sig.arrow, true, path+sp.name+".")}
				continue
			}
			out.terms[sp.name] = &term{mod: c.viewModule(m.terms[sp.name].mod, sp.sig, impl, view, sizes, path+sp.name+".")}
		}
	}
	return out
}

// freshenSig gives the abstract types of s new identities, so that two
// uses of one named module type (two module specs, or two functor
// parameters) have distinct abstract types.
func (c *checker) freshenSig(s *sig) *sig {
	defs := map[int]*typeDef{}
	sizes := map[int]Size{}
	var collect func(*sig)
	collect = func(s *sig) {
		for _, sp := range s.specs {
			switch {
			case sp.kind == specVal:
				sizes[sp.bind.ID] = &SizeVar{Name: sp.bind.Name, ID: c.fresh()}
			case sp.kind == specType && sp.abstractID != 0:
				old, ok := sp.tdef.body.(*Abstract)
				if !ok {
					continue
				}
				na := &Abstract{Name: old.Name, ID: c.fresh(), Args: old.Args}
				nd := *sp.tdef
				nd.body = na
				defs[sp.abstractID] = &nd
			case sp.kind == specMod:
				collect(sp.sig)
			}
		}
	}
	collect(s)
	if len(defs) == 0 && len(sizes) == 0 {
		return s
	}
	out := substSig(s, defs, sizes)
	// Keep the specs abstract, under their new identities.
	var relabel func(*sig)
	relabel = func(s *sig) {
		for _, sp := range s.specs {
			switch sp.kind {
			case specType:
				if a, ok := sp.tdef.body.(*Abstract); ok {
					for _, d := range defs {
						if d.body.(*Abstract).ID == a.ID {
							sp.abstractID = a.ID
						}
					}
				}
			case specMod:
				relabel(sp.sig)
			}
		}
	}
	relabel(out)
	return out
}

// arrowResult elaborates the result of a functor type for an argument.
func (c *checker) arrowResult(a *sigArrow, arg *module) *sig {
	env := newScope(a.env)
	if a.param != "" {
		env.bindTerm(a.param, &term{mod: arg})
	}
	rs := c.modTypeExp(env, a.result)
	return rs
}

// ascribeFunctor matches the parametric module m against the functor type
// a and returns m seen through it.
func (c *checker) ascribeFunctor(m *module, a *sigArrow, opaque bool, pos syntax.Pos, path string) *module {
	c.matchFunctor(m, a, pos, path)
	return c.viewFunctor(m, a, opaque, path)
}

// matchFunctor checks that the parametric module m has the functor type a:
// applied to any module of a's parameter type, its result matches a's
// result type. m is applied to a stand-in of the parameter, and what that
// elaborates is discarded.
func (c *checker) matchFunctor(m *module, a *sigArrow, pos syntax.Pos, path string) {
	if m.functor == nil {
		c.fail(pos, "%s is not parametric, but the module type requires a parametric module", moduleName(path))
	}
	c.discarding(func() {
		arg := c.moduleOfSig(c.freshenSig(a.from), path+"arg.")
		r := c.applyFunctor(m.functor, arg, pos, path)
		c.ascribe(r, c.freshenSig(c.arrowResult(a, arg)), false, pos, path)
	})
}

// viewFunctor is the parametric module m seen through the functor type a:
// applying it applies m, and sees the result through a's result type.
func (c *checker) viewFunctor(m *module, a *sigArrow, opaque bool, path string) *module {
	return &module{functor: &functor{path: path, apply: func(arg *module, pos syntax.Pos, p string) *module {
		bound := c.ascribe(arg, c.freshenSig(a.from), false, pos, "")
		r := c.applyFunctor(m.functor, bound, pos, p)
		return c.ascribe(r, c.arrowResult(a, bound), opaque, pos, p)
	}}}
}

// moduleName names the module at path ("M.N.") in messages.
func moduleName(path string) string {
	if path == "" {
		return "the module"
	}
	return "module " + strings.TrimSuffix(path, ".")
}
