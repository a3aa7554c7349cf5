package check

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/syntax"
)

// checker is the state of one run.
type checker struct {
	inference
	// placeholders are the bindings that stand for declarations that
	// failed to check (of any type, so uses do not cascade).
	placeholders map[int]bool
	load         Loader
	sources      map[string][]byte
	// lineStarts indexes the lines of sources (see sourceLine).
	lineStarts map[string][]int
	files      map[string]*module
	loading    []string
	prog       *Program
	errs       ErrorList
	root       *scope
	// self is the top-level binding being checked and selfRefs its
	// recursive references, completed once its scheme is known.
	self     *Binding
	selfRefs []*VarRef
	// functorDepth counts functor applications being elaborated, and
	// functorApps all of them: each re-elaborates the functor's body.
	functorDepth, functorApps int
	prelude                   bool // checking the prelude: intrinsics are visible
	// pipeFwd is the prelude's binding of |>, which is checked as the
	// application it stands for (see applyOp).
	pipeFwd *Binding

	// Per top-level declaration: everything whose types are finished
	// (defaulted, zonked) when the declaration ends.
	exprs   []*ExprInfo
	pats    []*PatInfo
	insts   []*Instance
	refs    []*VarRef // references with size parameters
	lits    []litCheck
	locals  []*Binding
	matches []*Match
	// refutable holds constructor patterns in let, parameter and loop
	// patterns; their sum type must have a single constructor.
	refutable []*PConstr
	unops     []*UnOpExpr
	extra     []*Type
	holes     []*Hole

	// aliasGlobals names the top-level arrays the uniqueness checker has
	// seen used (LANGUAGE-V2 §2).
	aliasGlobals map[int]string
	opts         Options
	// anonSizes are the unknown sizes made for [] in return types, which
	// the body's sizes may refine; existentials those made for the
	// existential results of function calls (the causality check's).
	anonSizes, existentials map[int]bool
	// results are the existentials that the function type had only in
	// its results (not in a parameter type: a [] there, as in a
	// specification's i64 -> []a -> a, is any size), and produced those
	// that an application has since returned as the size of an array (not
	// inside a function type): they are known from then on.
	results, produced map[int]bool
	// rigid are the unknown sizes that stand for a size computed at run
	// time: an existential of a function result (see results), a size
	// that went out of scope, or one where branches or loop iterations
	// differ. Unlike those of size expressions that the checker cannot
	// follow, the reference has them as unknown too.
	rigid map[int]bool
	// chosenSizes are the constants (by binding ID) whose written result
	// type has an anonymous size that their body does not determine: the
	// context chooses it, as for a size parameter.
	chosenSizes map[int]bool
}

func itoa(i int) string { return strconv.Itoa(i) }

func neg(x *big.Int) *big.Int    { return new(big.Int).Neg(x) }
func negRat(x *big.Rat) *big.Rat { return new(big.Rat).Neg(x) }

// bindTypeParams binds [n] and 't parameters of a definition in sc.
func (c *checker) bindTypeParams(sc *scope, tps []*syntax.TypeParam) ([]*Binding, []*Param) {
	var sizes []*Binding
	var types []*Param
	for _, tp := range tps {
		if tp.Size {
			b := c.newLocal(tp.Name.Name, tp.Name.Pos(), i64())
			sc.bindTerm(b.Name, &term{bind: b})
			sizes = append(sizes, b)
			continue
		}
		p := &Param{Name: tp.Name.Name, ID: c.fresh(), Lifted: Liftedness(tp.Lift)}
		sc.bindType(p.Name, &typeDef{name: p.Name, body: p, lift: p.Lifted})
		types = append(types, p)
	}
	return sizes, types
}

// funDef is what checking a function or constant definition produces.
type funDef struct {
	sizeBinds []*Binding
	tparams   []*Param
	implicit  []*Binding
	params    []Pat
	ret       Type
	retGiven  bool // the return type is written, not inferred
	body      Expr
	typ       Type
	// chosen says that the written result type of a definition without
	// parameters has an anonymous size its body does not determine.
	chosen bool
	// start is the last ID made before the definition was checked.
	start int
}

// checkFun types a definition's parameters, return type and body one
// level deeper than the current one. self, if non-nil, is bound in the
// body (direct recursion).
func (c *checker) checkFun(sc *scope, tps []*syntax.TypeParam, params []syntax.Pat, retType syntax.TypeExp, body syntax.Expr, self *Binding, name string) *funDef {
	c.level++
	defer func() { c.level-- }()
	// The function's own name (for recursion) is bound outside its
	// parameters, which shadow it.
	selfScope := newScope(sc)
	inner := newScope(selfScope)
	fd := &funDef{start: c.nextID}
	fd.sizeBinds, fd.tparams = c.bindTypeParams(inner, tps)
	for _, p := range fd.tparams {
		if c.paramLevels == nil {
			c.paramLevels = map[int]int{}
		}
		c.paramLevels[p.ID] = c.level
	}
	implicit := map[string]*Binding{}
	// Parameters and size parameters share one namespace: a name bound
	// twice among them is an error.
	seen := map[string]syntax.Pos{}
	for _, b := range fd.sizeBinds {
		if at, ok := seen[b.Name]; ok {
			c.fail(b.Pos, "Name %q also bound at %d:%d", b.Name, at.Line, at.Col)
		}
		seen[b.Name] = b.Pos
	}
	for _, p := range params {
		fd.params = append(fd.params, c.pattern(inner, p, &patCtx{anon: anonMeta, irrefutable: true, implicit: implicit, seen: seen}))
	}
	for _, b := range implicit {
		fd.implicit = append(fd.implicit, b)
		inner.bindTerm(b.Name, &term{bind: b})
	}
	if retType != nil {
		fd.ret = c.typeExp(inner, retType, &typeCtx{anon: anonUnknown})
		fd.retGiven = true
	} else {
		fd.ret = c.newVar()
	}
	fd.typ = funcType(fd.params, fd.ret)
	if self != nil && len(params) > 0 {
		sizes := make([]*SizeVar, len(fd.sizeBinds))
		for i, b := range fd.sizeBinds {
			sizes[i] = &SizeVar{Name: b.Name, ID: b.ID}
		}
		self.Scheme = &TypeScheme{TypeParams: fd.tparams, SizeParams: sizes, Type: fd.typ}
		selfScope.bindTerm(name, &term{bind: self})
	}
	fd.body = c.expr(inner, body)
	opened, metas := c.openExistentials(fd.ret, fd.params)
	if err := c.unify(opened, fd.body.Type()); err != nil {
		c.fail(body.Pos(), "%v: the body of %s does not have its declared return type %s", err, name, TypeString(fd.ret))
	}
	if fd.retGiven {
		c.hideConsumption(body.Pos(), fd.ret, fd.body.Type())
	}
	// An anonymous size of the written return type ([][]f64) is the
	// body's size where a caller can know it: a constant, or one made of
	// the function's parameters and size parameters.
	known := map[int]bool{}
	for _, b := range append(append([]*Binding{}, fd.sizeBinds...), fd.implicit...) {
		known[b.ID] = true
	}
	for _, p := range fd.params {
		forNames(p, func(n *PName) { known[n.Bind.ID] = true })
	}
	refined := &substitution{sizes: map[int]Size{}}
	for id, m := range metas {
		if !c.anonSizes[id] {
			continue
		}
		if _, open := ResolveSize(m).(*SizeMeta); open && len(params) == 0 {
			fd.chosen = true
		}
		if s := ZonkSize(m); sizeKnownTo(s, known) {
			refined.sizes[id] = s
		}
	}
	if len(refined.sizes) > 0 {
		fd.ret = refined.typ(fd.ret)
		fd.typ = funcType(fd.params, fd.ret)
	}
	c.checkParamSizes(fd.params)
	if len(params) > 0 {
		c.checkSizesUsed(fd.sizeBinds, fd.params, fd.ret)
	}
	return fd
}

// checkSizesUsed rejects a size parameter that neither a parameter's type
// nor the (written or inferred) return type mentions: no argument and no
// expected result can give its value (the reference's "Size n unused in pattern").
func (c *checker) checkSizesUsed(sizes []*Binding, params []Pat, ret Type) {
	used := map[int]bool{}
	mark := func(t Type) {
		walkSizes(t, func(s Size) {
			forSizeVars(s, func(v *SizeVar) { used[v.ID] = true })
		})
	}
	for _, p := range params {
		mark(p.Type())
	}
	mark(ret)
	for _, b := range sizes {
		if !used[b.ID] {
			c.fail(b.Pos, "Size %q unused in pattern: neither a parameter's type nor the result type has it as a size, so nothing can give its value", b.Name)
		}
	}
}

// checkParamSizes rejects a parameter whose type has a size that the
// function's type cannot express: a name bound inside a tuple or record
// parameter (a function type names a parameter only as a whole), or one
// bound by this or a later parameter (a size that inference gave an
// anonymous [] from a later argument). The reference's words: "Parameter
// "A" refers to size "x" which will not be accessible to the caller".
func (c *checker) checkParamSizes(params []Pat) {
	hidden := map[int]bool{}
	for _, p := range params {
		patBindings(p, hidden)
	}
	for _, p := range params {
		var bad *SizeVar
		walkSizes(p.Type(), func(s Size) {
			forSizeVars(s, func(v *SizeVar) {
				if bad == nil && !v.Unknown && hidden[v.ID] {
					bad = v
				}
			})
		})
		if bad != nil {
			why := "it is bound by this parameter or a later one"
			for _, q := range params {
				if _, named := q.(*PName); !named && binds(q, bad.ID) {
					why = "it is bound inside a tuple or record parameter, and a function type names a parameter only as a whole"
				}
			}
			c.fail(p.Pos(), "Parameter %q refers to size %q which will not be accessible to the caller: %s.", PatString(p), bad.Name, why)
		}
		if pn, ok := p.(*PName); ok {
			delete(hidden, pn.Bind.ID)
		}
	}
}

// binds reports whether pattern p binds id.
func binds(p Pat, id int) bool {
	ids := map[int]bool{}
	patBindings(p, ids)
	return ids[id]
}

// sizeKnownTo reports whether s is made only of constants and the
// variables in known.
func sizeKnownTo(s Size, known map[int]bool) bool {
	switch s := ResolveSize(s).(type) {
	case *SizeConst:
		return true
	case *SizeVar:
		return !s.Unknown && known[s.ID]
	case *SizeOp:
		return sizeKnownTo(s.L, known) && sizeKnownTo(s.R, known)
	}
	return false
}

// openExistentials is the declared return type as the body must match it:
// its existential and anonymous sizes (those no parameter mentions) may
// be any size the body produces, so they become size metas here, which
// are also returned by the unknown sizes' IDs.
func (c *checker) openExistentials(ret Type, params []Pat) (Type, map[int]*SizeMeta) {
	inParams := map[int]bool{}
	for _, p := range params {
		walkSizes(p.Type(), func(s Size) {
			forSizeVars(s, func(v *SizeVar) { inParams[v.ID] = true })
		})
	}
	sub := &substitution{sizes: map[int]Size{}}
	metas := map[int]*SizeMeta{}
	walkSizes(ret, func(s Size) {
		forSizeVars(s, func(v *SizeVar) {
			if v.Unknown && !inParams[v.ID] {
				if _, ok := sub.sizes[v.ID]; !ok {
					m := c.newSizeMeta()
					sub.sizes[v.ID] = m
					metas[v.ID] = m
				}
			}
		})
	})
	if len(sub.sizes) == 0 {
		return ret, nil
	}
	return sub.typ(ret), metas
}

// generalise closes fd's type over the variables and size metas created
// inside it, unless they carry overloading, field or constructor
// constraints (those are defaulted or resolved instead).
func (c *checker) generalise(fd *funDef) *TypeScheme {
	sc := &TypeScheme{TypeParams: append([]*Param{}, fd.tparams...)}
	for _, b := range fd.sizeBinds {
		sc.SizeParams = append(sc.SizeParams, &SizeVar{Name: b.Name, ID: b.ID})
	}
	for _, b := range fd.implicit {
		sc.SizeParams = append(sc.SizeParams, &SizeVar{Name: b.Name, ID: b.ID})
	}
	// A constrained variable stays monomorphic, and so does every variable
	// in its constraints: in \s -> s.2 the field's type is known only once
	// the record is.
	pinned := map[*TypeVar]bool{}
	walkVars(fd.typ, func(v *TypeVar) {
		if len(v.Fields) > 0 || len(v.Cons) > 0 {
			for _, ft := range v.Fields {
				walkVars(ft, func(u *TypeVar) { pinned[u] = true })
			}
			for _, ps := range v.Cons {
				for _, p := range ps {
					walkVars(p, func(u *TypeVar) { pinned[u] = true })
				}
			}
		}
	})
	n := 0
	walkVars(fd.typ, func(v *TypeVar) {
		if v.Level <= c.level || v.Prims != 0 || len(v.Fields) > 0 || len(v.Cons) > 0 || pinned[v] {
			return
		}
		n++
		p := &Param{Name: fmt.Sprintf("t%d", n-1), ID: c.fresh(), Lifted: v.Lifted}
		if v.Eq {
			// Non-lifted parameters admit == (they cannot be functions).
			p.Lifted = Unlifted
		}
		v.Link = p
		sc.TypeParams = append(sc.TypeParams, p)
	})
	// Sizes inferred only from parameters become implicit size
	// parameters; those only in the result cannot be known by a caller
	// (§9.6 rule 1) and become unknown.
	// So are those of the parameters of a function the definition
	// returns (def scale k = map (* k), def norm = map f >-> sum): every
	// parameter of the curried type.
	var paramTypes []Type
	for t := Resolve(fd.typ); ; {
		f, ok := t.(*Func)
		if !ok {
			break
		}
		paramTypes = append(paramTypes, f.Param)
		t = Resolve(f.Result)
	}
	for _, pt := range paramTypes {
		walkSizes(pt, func(s Size) {
			walkSizeMetas(s, func(m *SizeMeta) {
				if m.Level <= c.level || m.Link != nil {
					return
				}
				v := &SizeVar{Name: fmt.Sprintf("n%d", len(sc.SizeParams)), ID: c.fresh(), Anon: true}
				m.Link = v
				sc.SizeParams = append(sc.SizeParams, v)
			})
		})
	}
	c.checkSizeInference()
	walkSizes(fd.ret, func(s Size) {
		walkSizeMetas(s, func(m *SizeMeta) {
			if m.Level > c.level && m.Link == nil {
				m.Link = c.newUnknownSize("d")
			}
		})
	})
	sc.Type = fd.typ
	return sc
}

// unknownParamSizes rejects a definition that returns a function whose
// parameter type has a size made while checking the definition that
// stands for a size computed at run time: no argument could have that
// size. In def f (b: bool) = let n = if b then 10 else 20 in
// \(y: [n]bool) -> y[0] the returned function's parameter has a size
// that left the scope of n (the reference's "Unknown size "n" in
// parameter of "f""). A constant may have the size as an array size too,
// which gives it. The definition's own parameters are not checked: an
// unknown size there is an argument's.
func (c *checker) unknownParamSizes(fd *funDef, name string, pos syntax.Pos) {
	ret := fd.typ
	for range fd.params {
		f, ok := Resolve(ret).(*Func)
		if !ok {
			break
		}
		ret = f.Result
	}
	inParam, immediate := sizeUses(ret)
	for _, v := range inParam {
		if v.Unknown && v.ID > fd.start && c.rigid[v.ID] && (len(fd.params) > 0 || !immediate[v.ID]) {
			c.fail(pos, "Unknown size %q in parameter of %q, which is inferred as: %s", v.Name, name, TypeString(fd.typ))
		}
	}
}

// letFun types a local function definition.
func (c *checker) letFun(sc *scope, e *syntax.LetFun) Expr {
	fd := c.checkFun(sc, e.TypeParams, e.Params, e.RetType, e.Value, nil, e.Name.Name)
	var scheme *TypeScheme
	if len(e.Params) > 0 {
		scheme = c.generalise(fd)
	} else {
		scheme = &TypeScheme{Type: fd.typ}
	}
	c.unknownParamSizes(fd, e.Name.Name, e.Pos())
	b := &Binding{Name: e.Name.Name, ID: c.fresh(), Pos: e.Name.Pos(), Scheme: scheme}
	c.locals = append(c.locals, b)
	inner := newScope(sc)
	inner.bindTerm(b.Name, &term{bind: b})
	body := c.expr(inner, e.Body)
	return c.node(&LetFun{ExprInfo: c.info(e.Pos(), body.Type()), Bind: b, SizeBinds: fd.sizeBinds, Params: fd.params, RetType: fd.ret, RetGiven: fd.retGiven, Value: fd.body, Body: body})
}

// beginDecl resets the per-declaration state.
func (c *checker) beginDecl() {
	c.exprs = c.exprs[:0]
	c.pats = c.pats[:0]
	c.insts = c.insts[:0]
	c.refs = c.refs[:0]
	c.lits = c.lits[:0]
	c.locals = c.locals[:0]
	c.matches = c.matches[:0]
	c.refutable = c.refutable[:0]
	c.unops = c.unops[:0]
	c.extra = c.extra[:0]
	c.holes = c.holes[:0]
}

// forEachType calls f on every type recorded in the declaration.
func (c *checker) forEachType(f func(Type)) {
	for _, e := range c.exprs {
		f(e.T)
	}
	for _, p := range c.pats {
		f(p.T)
	}
	for _, in := range c.insts {
		for _, t := range in.Types {
			f(t)
		}
	}
	for _, b := range c.locals {
		f(b.Scheme.Type)
	}
	for _, t := range c.extra {
		f(*t)
	}
}

// defaultOverloaded applies §9.2 defaulting to every overloaded variable.
func (c *checker) defaultOverloaded() {
	c.forEachType(func(t Type) {
		walkVars(t, func(v *TypeVar) {
			if v.Prims != 0 && v.Link == nil {
				defaultVar(v)
			}
		})
	})
}

// finishDecl resolves what is left and zonks every recorded type.
func (c *checker) finishDecl(pos syntax.Pos) {
	c.defaultOverloaded()
	var unresolvedField *ExprInfo
	for _, e := range c.exprs {
		walkVars(e.T, func(v *TypeVar) {
			if len(v.Fields) > 0 && unresolvedField == nil {
				unresolvedField = e
			}
		})
	}
	if unresolvedField != nil {
		c.fail(unresolvedField.At, "cannot infer the record type of %s; add a type annotation", TypeString(unresolvedField.T))
	}
	c.forEachType(func(t Type) {
		walkVars(t, func(v *TypeVar) {
			if v.Link != nil {
				return
			}
			if len(v.Cons) > 0 {
				cs := make([]Constructor, 0, len(v.Cons))
				for _, name := range sortedKeys(v.Cons) {
					cs = append(cs, Constructor{name, v.Cons[name]})
				}
				v.Link = NewSum(cs)
				return
			}
			v.Link = Unit()
		})
	})
	// A second pass: constructor payloads may have held variables.
	c.defaultOverloaded()
	c.forEachType(func(t Type) {
		walkVars(t, func(v *TypeVar) {
			if v.Link == nil {
				v.Link = Unit()
			}
		})
		walkSizes(t, func(s Size) {
			walkSizeMetas(s, func(m *SizeMeta) {
				if m.Link == nil {
					m.Link = c.newUnknownSize("d")
				}
			})
		})
	})
	for _, in := range c.insts {
		for _, s := range in.Sizes {
			walkSizeMetas(s, func(m *SizeMeta) {
				if m.Link == nil {
					m.Link = c.newUnknownSize("d")
				}
			})
		}
	}
	for _, e := range c.exprs {
		e.T = Zonk(e.T)
	}
	for _, p := range c.pats {
		p.T = Zonk(p.T)
	}
	for _, in := range c.insts {
		for i, t := range in.Types {
			in.Types[i] = Zonk(t)
		}
		for i, s := range in.Sizes {
			in.Sizes[i] = ZonkSize(s)
		}
	}
	for _, b := range c.locals {
		b.Scheme.Type = Zonk(b.Scheme.Type)
	}
	for _, t := range c.extra {
		*t = Zonk(*t)
	}
	for _, lc := range c.lits {
		c.checkLit(lc)
	}
	for _, u := range c.unops {
		if p, ok := u.T.(*Prim); ok {
			u.Prim = p.P
		}
	}
	for _, m := range c.matches {
		c.checkExhaustive(m)
	}
	if !c.prelude {
		for _, h := range c.holes {
			c.prog.Warnings = append(c.prog.Warnings, Warning{Pos: h.At, Msg: "Hole of type: " + TypeString(h.T)})
		}
	}
	for _, p := range c.refutable {
		if s, ok := Resolve(p.T).(*Sum); ok && len(s.Cons) > 1 {
			c.errs = append(c.errs, c.newError(p.At, fmt.Sprintf("pattern #%s is refutable (type %s has other constructors); use match", p.Name, TypeString(s))))
		}
	}
}

// valDecl checks a top-level def/entry/let and returns its binding.
func (c *checker) valDecl(sc *scope, d *syntax.ValDecl, path string) *Binding {
	c.beginDecl()
	start := c.nextID
	name := d.Name.Name
	if len(name) > 1 && name[0] == '_' && name[1] == '_' && !c.prelude {
		c.fail(d.Name.Pos(), "names starting with __ are reserved")
	}
	if d.IsOp && (name == "&&" || name == "||") {
		c.fail(d.Name.Pos(), "the operator %s cannot be redefined", name)
	}
	if d.Kind == syntax.KwEntry && path != "" {
		c.fail(d.Pos(), "Entry points may not be declared inside modules: entry %s is in module %s (define it with def and add a top-level entry that calls it)", name, strings.TrimSuffix(path, "."))
	}
	self := &Binding{Name: path + name, ID: c.fresh(), Pos: d.Name.Pos()}
	c.self, c.selfRefs = self, nil
	defer func() { c.self, c.selfRefs = nil, nil }()
	fd := c.checkFun(sc, d.TypeParams, d.Params, d.RetType, d.Body, self, name)
	if fd.chosen {
		if c.chosenSizes == nil {
			c.chosenSizes = map[int]bool{}
		}
		c.chosenSizes[self.ID] = true
	}
	c.extra = append(c.extra, &fd.ret)
	c.defaultOverloaded()
	scheme := c.generalise(fd)
	c.unknownParamSizes(fd, name, d.Pos())
	// Recursion is monomorphic in the inferred parameters: a recursive
	// reference passes them through unchanged.
	for _, r := range c.selfRefs {
		for i := len(r.Inst.Types); i < len(scheme.TypeParams); i++ {
			r.Inst.Types = append(r.Inst.Types, scheme.TypeParams[i])
		}
		for i := len(r.Inst.Sizes); i < len(scheme.SizeParams); i++ {
			r.Inst.Sizes = append(r.Inst.Sizes, scheme.SizeParams[i])
		}
	}
	c.extra = append(c.extra, &scheme.Type)
	c.finishDecl(d.Pos())
	self.Scheme = scheme
	vb := &ValBind{Pos: d.Pos(), Bind: self, SizeBinds: fd.sizeBinds, Params: fd.params, RetType: fd.ret, RetGiven: fd.retGiven, Body: fd.body, Entry: d.Kind == syntax.KwEntry, Prelude: c.prelude}
	self.Decl = vb
	if !c.prelude {
		c.checkCausality(vb.Body, start)
	}
	if !c.prelude && !c.opts.NoUniqueness {
		c.checkAliases(vb)
	}
	c.prog.Decls = append(c.prog.Decls, vb)
	return self
}

// typeDecl checks a type abbreviation.
func (c *checker) typeDecl(sc *scope, d *syntax.TypeDecl) *typeDef {
	inner := newScope(sc)
	def := &typeDef{name: d.Name.Name, lift: Liftedness(d.Lift)}
	for _, tp := range d.TypeParams {
		id := c.fresh()
		if tp.Size {
			b := &Binding{Name: tp.Name.Name, ID: id, Pos: tp.Name.Pos(), Scheme: &TypeScheme{Type: i64()}}
			inner.bindTerm(b.Name, &term{bind: b})
			def.params = append(def.params, typeParamDef{name: b.Name, size: true, id: id})
			continue
		}
		p := &Param{Name: tp.Name.Name, ID: id, Lifted: Liftedness(tp.Lift)}
		inner.bindType(p.Name, &typeDef{name: p.Name, body: p, lift: p.Lifted})
		def.params = append(def.params, typeParamDef{name: p.Name, id: id, lift: p.Lifted})
	}
	def.body = c.typeExp(inner, d.Type, &typeCtx{anon: anonUnknown})
	for _, p := range def.params {
		if !p.size {
			continue
		}
		used := false
		walkSizes(def.body, func(s Size) {
			forSizeVars(s, func(v *SizeVar) { used = used || v.ID == p.id })
		})
		if !used {
			c.fail(d.Name.Pos(), "size parameter [%s] of type %s is not used in its definition", p.name, d.Name.Name)
		}
	}
	// An anonymous size is existential in the abbreviation
	// ([]bool -> bool is ?[n].[n]bool -> bool): like any existential size,
	// it must be some array's size outside function types, and each [] is
	// a size of its own.
	if len(c.paramAnonSizes(def.body)) > 0 {
		c.fail(d.Name.Pos(), "Type abbreviation contains an anonymous size not used constructively as an array size: %s has [] in a function type's parameter, and nothing gives that size (give %s a size parameter [n] and write [n] there).", d.Name.Name, d.Name.Name)
	}
	if def.lift < FullLifted && ContainsFunc(def.body) {
		c.fail(d.Name.Pos(), "type %s contains a function type, so it must be declared with type^", d.Name.Name)
	}
	if def.lift == Unlifted && hasUnknownSize(def.body) {
		c.fail(d.Name.Pos(), "type %s contains an anonymous or existential size, so it must be declared with type~", d.Name.Name)
	}
	return def
}

func hasUnknownSize(t Type) bool {
	found := false
	walkSizes(t, func(s Size) {
		forSizeVars(s, func(v *SizeVar) { found = found || v.Unknown })
	})
	return found
}

// decls checks the declarations of a file or structure. Bindings go into
// sc, and into exports (the module being built) unless exports is nil.
func (c *checker) decls(sc *scope, exports *module, ds []syntax.Decl, path string) {
	for _, d := range ds {
		c.decl(sc, exports, d, path)
		if len(c.errs) > 100 {
			panic(fatalFailure{})
		}
	}
}

func (c *checker) decl(sc *scope, exports *module, d syntax.Decl, path string) {
	switch d := d.(type) {
	case *syntax.ValDecl:
		var b *Binding
		if !c.guard(d.Pos(), func() { b = c.valDecl(sc, d, path) }) {
			// Bind a placeholder of any type so uses do not cascade.
			p := &Param{Name: "a", ID: c.fresh(), Lifted: FullLifted}
			b = &Binding{Name: path + d.Name.Name, ID: c.fresh(), Pos: d.Name.Pos(), Scheme: &TypeScheme{TypeParams: []*Param{p}, Type: p}}
			if c.placeholders == nil {
				c.placeholders = map[int]bool{}
			}
			c.placeholders[b.ID] = true
		}
		t := &term{bind: b}
		sc.bindTerm(d.Name.Name, t)
		if exports != nil {
			exports.terms[d.Name.Name] = t
		}
	case *syntax.TypeDecl:
		ok := c.guard(d.Pos(), func() {
			def := c.typeDecl(sc, d)
			sc.bindType(d.Name.Name, def)
			if exports != nil {
				exports.types[d.Name.Name] = def
			}
		})
		if !ok {
			def := &typeDef{name: d.Name.Name, broken: true}
			sc.bindType(d.Name.Name, def)
			if exports != nil {
				exports.types[d.Name.Name] = def
			}
		}
	case *syntax.ModDecl:
		ok := c.guard(d.Pos(), func() {
			var m *module
			if len(d.Params) > 0 {
				m = &module{functor: &functor{params: d.Params, result: d.Sig, body: d.Body, env: snapshot(sc, c.root), path: path + d.Name.Name + "."}}
				c.checkFunctorBody(m.functor, d.Pos())
			} else {
				m = c.modExp(sc, d.Body, path+d.Name.Name+".")
				if d.Sig != nil {
					s := c.modTypeExp(sc, d.Sig)
					m = c.ascribe(m, s, true, d.Sig.Pos(), path+d.Name.Name+".")
				}
			}
			t := &term{mod: m}
			sc.bindTerm(d.Name.Name, t)
			if exports != nil {
				exports.terms[d.Name.Name] = t
			}
		})
		if !ok {
			// Later uses of the module fail silently instead of cascading.
			t := &term{mod: &module{broken: true, terms: map[string]*term{}, types: map[string]*typeDef{}, sigs: map[string]*sig{}}}
			sc.bindTerm(d.Name.Name, t)
			if exports != nil {
				exports.terms[d.Name.Name] = t
			}
		}
	case *syntax.ModTypeDecl:
		c.guard(d.Pos(), func() {
			s := c.modTypeExp(sc, d.Type)
			sc.bindSig(d.Name.Name, s)
			if exports != nil {
				exports.sigs[d.Name.Name] = s
			}
		})
	case *syntax.OpenDecl:
		ok := c.guard(d.Pos(), func() {
			m := c.modExp(sc, d.Mod, path)
			if m.functor != nil {
				c.fail(d.Mod.Pos(), "cannot open a parametric module")
			}
			sc.openModule(m)
			if exports != nil {
				exports.include(m)
			}
		})
		if !ok {
			sc.incomplete = true
		}
	case *syntax.ImportDecl:
		ok := c.guard(d.Pos(), func() {
			m := c.importFile(d.Path, d.PathPos)
			sc.openModule(m)
		})
		if !ok {
			sc.incomplete = true
		}
	case *syntax.LocalDecl:
		c.decl(sc, nil, d.Decl, path)
	case *syntax.AttrDecl:
		c.decl(sc, exports, d.Decl, path)
	}
}

// checkFunctorBody checks a functor once with its parameters bound to
// their signatures, to report errors in the body even if it is never
// applied. The bindings produced are discarded.
func (c *checker) checkFunctorBody(f *functor, pos syntax.Pos) {
	c.discarding(func() {
		env := newScope(f.env)
		for _, p := range f.params {
			s := c.freshenSig(c.modTypeExp(env, p.Type))
			env.bindTerm(p.Name.Name, &term{mod: c.moduleOfSig(s, f.path+p.Name.Name+".")})
		}
		c.guard(pos, func() {
			m := c.modExp(env, f.body, f.path)
			if f.result != nil {
				s := c.modTypeExp(env, f.result)
				c.ascribe(m, s, true, f.result.Pos(), f.path)
			}
		})
	})
}

// discarding runs f and then drops the declarations it elaborated: f
// checks modules over stand-ins, whose code is never run.
func (c *checker) discarding(f func()) {
	saved := len(c.prog.Decls)
	loaded := make(map[string]bool, len(c.files))
	for p := range c.files {
		loaded[p] = true
	}
	defer func() {
		c.prog.Decls = c.prog.Decls[:saved]
		// Files first imported here lost their bindings: check them
		// again when they are imported for real.
		for p := range c.files {
			if !loaded[p] {
				delete(c.files, p)
			}
		}
	}()
	f()
}

// modExp elaborates a module expression.
func (c *checker) modExp(sc *scope, e syntax.ModExp, path string) *module {
	switch e := e.(type) {
	case *syntax.ModVar:
		return c.lookupModPath(sc, append(append([]*syntax.Ident{}, e.Name.Quals...), e.Name.Name))
	case *syntax.ModStruct:
		m := newModule()
		c.decls(newScope(sc), m, e.Decls, path)
		return m
	case *syntax.ModAscribe:
		m := c.modExp(sc, e.Mod, path)
		s := c.modTypeExp(sc, e.Sig)
		return c.ascribe(m, s, true, e.Sig.Pos(), path)
	case *syntax.ModApply:
		f := c.modExp(sc, e.Fun, path)
		if f.functor == nil {
			c.fail(e.Fun.Pos(), "this module is not parametric and cannot be applied")
		}
		arg := c.modExp(sc, e.Arg, path)
		return c.applyFunctor(f.functor, arg, e.Arg.Pos(), path)
	case *syntax.ModLambda:
		return &module{functor: &functor{params: []*syntax.ModParam{e.Param}, result: e.Sig, body: e.Body, env: snapshot(sc, c.root), path: path}}
	case *syntax.ModImport:
		return c.importFile(e.Path, e.PathPos)
	}
	c.fail(e.Pos(), "unsupported module expression")
	return nil
}

// applyFunctor elaborates the functor body with its first parameter bound
// to arg (seen through the parameter's signature, transparently).
func (c *checker) applyFunctor(f *functor, arg *module, pos syntax.Pos, path string) *module {
	if c.functorDepth > 64 {
		c.fail(pos, "functor applications are nested too deeply")
	}
	c.functorApps++
	if c.functorApps > 10000 {
		c.fail(pos, "too many functor applications (more than 10000) to elaborate")
	}
	c.functorDepth++
	defer func() { c.functorDepth-- }()
	if f.apply != nil {
		return f.apply(arg, pos, path)
	}
	p := f.params[0]
	s := c.modTypeExp(f.env, p.Type)
	bound := c.ascribe(arg, s, false, pos, "")
	env := newScope(f.env)
	env.bindTerm(p.Name.Name, &term{mod: bound})
	if len(f.params) > 1 {
		return &module{functor: &functor{params: f.params[1:], result: f.result, body: f.body, env: env, path: f.path}}
	}
	m := c.modExp(env, f.body, path)
	if f.result != nil {
		rs := c.modTypeExp(env, f.result)
		m = c.ascribe(m, rs, true, pos, path)
	}
	return m
}

// checkSizeInference reports size parameters that neither unification
// determined nor an argument's shape can supply at run time (LANGUAGE.md
// §9.6 rule 1, the causality restriction). It runs when a function is
// generalised, once sizes that only parameters mention have become its own
// size parameters; metas of enclosing scopes may still be determined later.
func (c *checker) checkSizeInference() {
	for _, r := range c.refs {
		if r.Bind == c.self || r.Bind.Scheme == nil {
			continue
		}
		sps := r.Bind.Scheme.SizeParams
		var names []string
		for i, s := range r.Inst.Sizes {
			m, ok := ResolveSize(s).(*SizeMeta)
			if i >= len(sps) || !ok || m.Link != nil || m.Level <= c.level {
				continue
			}
			if sizeFromArgument(r.Bind.Scheme.Type, sps[i].ID) {
				continue
			}
			names = append(names, sps[i].Name)
			// Resolved, so that enclosing functions do not report it again.
			m.Link = c.newUnknownSize("d")
		}
		switch len(names) {
		case 0:
		case 1:
			c.errs = append(c.errs, c.newError(r.At, fmt.Sprintf("cannot infer size parameter %s of %s; state the size with a type ascription or :>", names[0], r.Bind.Name)))
		default:
			c.errs = append(c.errs, c.newError(r.At, fmt.Sprintf("cannot infer size parameters %s of %s; state the sizes with a type ascription or :>", strings.Join(names, ", "), r.Bind.Name)))
		}
	}
}

// sizeFromArgument reports whether size id is a dimension of one of the
// parameter types of the curried function type t, so that it can be read
// from the argument's shape.
func sizeFromArgument(t Type, id int) bool {
	var walk func(t Type) bool
	walk = func(t Type) bool {
		switch t := Resolve(Reveal(t)).(type) {
		case *Array:
			if v, ok := ResolveSize(t.Size).(*SizeVar); ok && v.ID == id {
				return true
			}
			return walk(t.Elem)
		case *Record:
			for _, f := range t.Fields {
				if walk(f.Type) {
					return true
				}
			}
		}
		return false
	}
	for {
		f, ok := Resolve(t).(*Func)
		if !ok {
			return false
		}
		if walk(f.Param) {
			return true
		}
		t = f.Result
	}
}
