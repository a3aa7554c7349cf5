package check

import (
	"fmt"
	"math/big"
	"strconv"

	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/syntax"
)

// info makes the common part of a node; node then records the node so its
// type is defaulted and zonked with the declaration.
func (c *checker) info(pos syntax.Pos, t Type) ExprInfo {
	return ExprInfo{At: pos, T: t}
}

// node records e so its type is finished with the declaration.
func (c *checker) node(e Expr) Expr {
	if i, ok := e.(interface{ info() *ExprInfo }); ok {
		c.exprs = append(c.exprs, i.info())
	}
	return e
}

// mustUnify unifies or fails at pos, adding context to the message.
func (c *checker) mustUnify(pos syntax.Pos, want, got Type, context string) {
	if err := c.unify(want, got); err != nil {
		if context != "" {
			c.fail(pos, "%v %s", err, context)
		}
		c.fail(pos, "%v", err)
	}
}

func i64() Type   { return &Prim{prim.I64} }
func boolT() Type { return &Prim{prim.Bool} }

// expr infers the type of e.
func (c *checker) expr(sc *scope, e syntax.Expr) Expr {
	switch e := e.(type) {
	case *syntax.IntLit:
		var t Type
		if e.Suffix != prim.Invalid {
			t = &Prim{e.Suffix}
		} else {
			t = c.newPrimVar(maskNumeric, "integer literal "+e.Text)
		}
		l := &Lit{ExprInfo: c.info(e.Pos(), t), Int: e.Value}
		c.lits = append(c.lits, litCheck{l, e.Text})
		return c.node(l)
	case *syntax.FloatLit:
		var t Type
		if e.Suffix != prim.Invalid {
			t = &Prim{e.Suffix}
		} else {
			t = c.newPrimVar(maskFloat, "decimal literal "+e.Text)
		}
		l := &Lit{ExprInfo: c.info(e.Pos(), t), Float: e.Value}
		c.lits = append(c.lits, litCheck{l, e.Text})
		return c.node(l)
	case *syntax.BoolLit:
		return c.node(&Lit{ExprInfo: c.info(e.Pos(), boolT()), Prim: prim.Bool, Bool: e.Value})
	case *syntax.StringLit:
		return c.node(&StringLit{ExprInfo: c.info(e.Pos(), ArrayOf(&Prim{prim.U8}, &SizeConst{N: int64(len(e.Value))})), Bytes: e.Value})
	case *syntax.Var:
		return c.varExpr(sc, e)
	case *syntax.Tuple:
		if len(e.Elems) == 0 {
			return c.node(&RecordLit{ExprInfo: c.info(e.Pos(), Unit())})
		}
		fs := make([]FieldExpr, len(e.Elems))
		ts := make([]Type, len(e.Elems))
		for i, x := range e.Elems {
			fs[i] = FieldExpr{strconv.Itoa(i), c.expr(sc, x)}
			ts[i] = fs[i].Value.Type()
		}
		return c.node(&RecordLit{ExprInfo: c.info(e.Pos(), Tuple(ts...)), Fields: fs})
	case *syntax.Record:
		fs := make([]FieldExpr, len(e.Fields))
		tf := make([]Field, len(e.Fields))
		seen := map[string]bool{}
		for i, f := range e.Fields {
			if seen[f.Name.Name] {
				c.fail(f.Name.Pos(), "duplicate field %s in record", f.Name.Name)
			}
			seen[f.Name.Name] = true
			var v Expr
			if f.Value == nil {
				v = c.varExpr(sc, &syntax.Var{Span: f.Span, Path: []*syntax.Ident{f.Name}})
			} else {
				v = c.expr(sc, f.Value)
			}
			fs[i] = FieldExpr{f.Name.Name, v}
			tf[i] = Field{f.Name.Name, v.Type()}
		}
		return c.node(&RecordLit{ExprInfo: c.info(e.Pos(), NewRecord(tf)), Fields: fs})
	case *syntax.ArrayLit:
		elem := Type(c.newVar())
		elems := make([]Expr, len(e.Elems))
		for i, x := range e.Elems {
			elems[i] = c.expr(sc, x)
			if i == 0 {
				elem = elems[i].Type()
				continue
			}
			c.mustUnify(x.Pos(), elem, elems[i].Type(), fmt.Sprintf("in element %d of array literal (the first element has type %s)", i+1, TypeString(elem)))
		}
		if ContainsFunc(elem) {
			c.fail(e.Pos(), "arrays of functions are not allowed")
		}
		return c.node(&ArrayLit{ExprInfo: c.info(e.Pos(), &Array{Size: &SizeConst{N: int64(len(elems))}, Elem: elem}), Elems: elems})
	case *syntax.Range:
		return c.rangeExpr(sc, e)
	case *syntax.Project:
		x := c.expr(sc, e.X)
		return c.project(x, e.Field, e.Pos())
	case *syntax.Index:
		x := c.expr(sc, e.X)
		return c.index(sc, x, e.Indices, e.Pos())
	case *syntax.Apply:
		return c.apply(sc, e)
	case *syntax.Prefix:
		x := c.expr(sc, e.X)
		var v *TypeVar
		op := prim.Neg
		if e.Op == "!" {
			op = prim.Not
			v = c.newPrimVar(maskIntBool, "prefix !")
		} else {
			v = c.newPrimVar(maskNumeric, "prefix -")
		}
		c.mustUnify(e.X.Pos(), v, x.Type(), "in the operand of prefix "+e.Op)
		u := &UnOpExpr{ExprInfo: c.info(e.Pos(), v), Op: op, X: x}
		c.unops = append(c.unops, u)
		return c.node(u)
	case *syntax.BinOp:
		return c.binOp(sc, e)
	case *syntax.Ascript:
		x := c.expr(sc, e.X)
		t := c.typeExp(sc, e.Type, &typeCtx{anon: anonMeta})
		c.mustUnify(e.Pos(), t, x.Type(), "in type ascription")
		c.hideConsumption(e.Pos(), t, x.Type())
		return c.node(&Coerce{ExprInfo: c.info(e.Pos(), t), X: x, Ascribe: true})
	case *syntax.Coerce:
		x := c.expr(sc, e.X)
		t := c.typeExp(sc, e.Type, &typeCtx{anon: anonMeta})
		c.sizeLenient++
		err := c.unify(t, x.Type())
		c.sizeLenient--
		if err != nil {
			c.fail(e.Pos(), "%v in size coercion", err)
		}
		return c.node(&Coerce{ExprInfo: c.info(e.Pos(), t), X: x})
	case *syntax.If:
		cond := c.expr(sc, e.Cond)
		c.mustUnify(e.Cond.Pos(), boolT(), cond.Type(), "in the condition of if")
		th := c.expr(sc, e.Then)
		el := c.expr(sc, e.Else)
		c.sizeLenient++
		err := c.unify(th.Type(), el.Type())
		c.sizeLenient--
		if err != nil {
			c.fail(e.Else.Pos(), "%v in the branches of if (then-branch has type %s)", err, TypeString(th.Type()))
		}
		t := c.joinSizes(th.Type(), el.Type())
		if ContainsFunc(t) {
			c.fail(e.Pos(), "an if expression cannot return a function")
		}
		return c.node(&If{ExprInfo: c.info(e.Pos(), t), Cond: cond, Then: th, Else: el})
	case *syntax.LetPat:
		return c.letPat(sc, e)
	case *syntax.LetFun:
		return c.letFun(sc, e)
	case *syntax.LetWith:
		return c.letWith(sc, e)
	case *syntax.Update:
		x := c.expr(sc, e.X)
		return c.update(sc, x, e.Steps, e.Value, e.Pos())
	case *syntax.Lambda:
		inner := newScope(sc)
		ps := make([]Pat, len(e.Params))
		seen := map[string]syntax.Pos{}
		for i, p := range e.Params {
			ps[i] = c.pattern(inner, p, &patCtx{anon: anonMeta, seen: seen})
		}
		body := c.expr(inner, e.Body)
		c.checkParamSizes(ps)
		ids := map[int]bool{}
		for _, p := range ps {
			if _, direct := p.(*PName); !direct {
				patBindings(p, ids)
			}
		}
		rt := c.scopeOut(body.Type(), ids)
		if e.RetType != nil {
			rt = c.typeExp(inner, e.RetType, &typeCtx{anon: anonMeta})
			c.mustUnify(e.Body.Pos(), rt, body.Type(), "in the body of the lambda")
		}
		return c.node(&Lambda{ExprInfo: c.info(e.Pos(), funcType(ps, rt)), Params: ps, Body: body})
	case *syntax.Loop:
		return c.loop(sc, e)
	case *syntax.Match:
		return c.match(sc, e)
	case *syntax.Assert:
		cond := c.expr(sc, e.Cond)
		c.mustUnify(e.Cond.Pos(), boolT(), cond.Type(), "in the condition of assert")
		body := c.expr(sc, e.Body)
		return c.node(&Assert{ExprInfo: c.info(e.Pos(), body.Type()), Cond: cond, CondText: c.sourceText(e.Cond.Pos(), e.Cond.End()), Body: body})
	case *syntax.Hole:
		h := &Hole{ExprInfo: c.info(e.Pos(), c.newVar())}
		c.holes = append(c.holes, h)
		return c.node(h)
	case *syntax.ConstrExp:
		args := make([]Expr, len(e.Args))
		ts := make([]Type, len(e.Args))
		for i, a := range e.Args {
			args[i] = c.expr(sc, a)
			ts[i] = args[i].Type()
		}
		v := c.newVar()
		v.Cons = map[string][]Type{e.Name.Name: ts}
		return c.node(&Constr{ExprInfo: c.info(e.Pos(), v), Name: e.Name.Name, Args: args})
	case *syntax.OpenExp:
		m := c.lookupModPath(sc, append(append([]*syntax.Ident{}, e.Mod.Quals...), e.Mod.Name))
		inner := newScope(sc)
		inner.openModule(m)
		return c.expr(inner, e.X)
	case *syntax.OpSection:
		return c.opSection(sc, e)
	case *syntax.LeftSection:
		return c.leftSection(sc, e)
	case *syntax.RightSection:
		return c.rightSection(sc, e)
	case *syntax.ProjSection:
		return c.projSection(sc, e)
	case *syntax.AttrExp:
		x := c.expr(sc, e.X)
		// Loops keep their attributes: reverse-mode AD reads stripmine(k).
		if lp, ok := x.(*Loop); ok {
			if a, ok := loopAttr(e.Attr); ok {
				lp.Attrs = append([]Attr{a}, lp.Attrs...)
			}
		}
		return x
	}
	c.fail(e.Pos(), "unsupported expression")
	return nil
}

// loopAttr converts a name or a name applied to integer literals; other
// attributes have no meaning for loops and are dropped.
func loopAttr(a *syntax.Attr) (Attr, bool) {
	if a == nil || a.IsNum {
		return Attr{}, false
	}
	out := Attr{Name: a.Name}
	for _, arg := range a.Args {
		if !arg.IsNum {
			return Attr{}, false
		}
		n, err := strconv.ParseInt(arg.Name, 10, 64)
		if err != nil {
			return Attr{}, false
		}
		out.Args = append(out.Args, n)
	}
	return out, true
}

// funcType builds the curried type of a function with the given
// parameters; name patterns become dependent parameter names.
func funcType(ps []Pat, ret Type) Type {
	t := ret
	for i := len(ps) - 1; i >= 0; i-- {
		f := &Func{Param: ps[i].Type(), Result: t}
		if pn, ok := unwrapPName(ps[i]); ok {
			f.ParamName = &SizeVar{Name: pn.Bind.Name, ID: pn.Bind.ID}
		}
		t = f
	}
	return t
}

func unwrapPName(p Pat) (*PName, bool) {
	pn, ok := p.(*PName)
	return pn, ok
}

// varExpr resolves a name chain: modules first, then field projections.
func (c *checker) varExpr(sc *scope, e *syntax.Var) Expr {
	path := e.Path
	t := sc.lookupTerm(path[0].Name)
	if t == nil {
		c.failUnknown(sc, path[0].Pos(), "unknown name %s%s", path[0].Name, suggestion(path[0].Name, termNames(sc)))
	}
	i := 1
	for t.mod != nil {
		if i >= len(path) {
			c.fail(e.Pos(), "%s is a module, not a value", qualsString(path))
		}
		nt, ok := t.mod.terms[path[i].Name]
		if !ok && t.mod.broken {
			panic(failure{})
		}
		if !ok && t.mod.functor != nil {
			c.fail(path[i].Pos(), "Module %s is a parametric module: apply it to a module (module M = %s ...) before using its member %s", qualsString(path[:i]), qualsString(path[:i]), path[i].Name)
		}
		if !ok {
			c.fail(path[i].Pos(), "module %s has no member %s%s", qualsString(path[:i]), path[i].Name, suggestion(path[i].Name, memberNames(t.mod)))
		}
		t = nt
		i++
	}
	var x Expr
	if t.builtin != nil {
		x = c.builtinAsFunc(t.builtin, path[0].Pos())
	} else {
		x = c.ref(t, path[i-1].Pos(), qualsString(path[:i]))
	}
	for ; i < len(path); i++ {
		x = c.project(x, path[i], path[i].Pos())
	}
	return x
}

// ref makes a reference to a value, instantiating its scheme.
func (c *checker) ref(t *term, pos syntax.Pos, name string) Expr {
	b := t.bind
	if b == nil {
		c.fail(pos, "%s is not a value", name)
	}
	if t.view == existentialMarker {
		c.fail(pos, "size %s bound by ?[...] cannot be used as a value", name)
	}
	ty, inst := c.instantiate(b.Scheme)
	if t.view != nil {
		vt, _ := c.instantiate(t.view)
		// Sizes were matched leniently against the signature too.
		c.sizeLenient++
		err := c.unify(Reveal(ty), Reveal(vt))
		c.sizeLenient--
		if err != nil {
			c.fail(pos, "internal: signature view of %s does not match: %v", name, err)
		}
		ty = vt
	}
	ty = c.freshenExistentials(ty)
	c.insts = append(c.insts, inst)
	ref := &VarRef{ExprInfo: c.info(pos, ty), Bind: b, Inst: inst}
	if len(inst.Sizes) > 0 {
		c.refs = append(c.refs, ref)
	}
	if b == c.self {
		c.selfRefs = append(c.selfRefs, ref)
	}
	return c.node(ref)
}

// freshenExistentials gives each unknown size in the result of a function
// type a fresh identity, so two calls do not share an existential size.
func (c *checker) freshenExistentials(t Type) Type {
	if _, ok := t.(*Func); !ok {
		return t
	}
	sub := &substitution{sizes: map[int]Size{}}
	inParam := map[int]bool{}
	ps, _ := sizeUses(t)
	for _, v := range ps {
		inParam[v.ID] = true
	}
	walkSizes(t, func(s Size) {
		forSizeVars(s, func(v *SizeVar) {
			if v.Unknown {
				if _, ok := sub.sizes[v.ID]; !ok {
					u := c.newUnknownSize(trimDigits(v.Name))
					if c.existentials == nil {
						c.existentials = map[int]bool{}
						c.results = map[int]bool{}
					}
					c.existentials[u.ID] = true
					if !inParam[v.ID] {
						c.results[u.ID] = true
						c.markRigid(u)
					}
					sub.sizes[v.ID] = u
				}
			}
		})
	})
	if len(sub.sizes) == 0 {
		return t
	}
	return sub.typ(t)
}

// markRigid records that the unknown size v stands for a size computed
// at run time (see checker.rigid).
func (c *checker) markRigid(v *SizeVar) *SizeVar {
	if c.rigid == nil {
		c.rigid = map[int]bool{}
	}
	c.rigid[v.ID] = true
	return v
}

func trimDigits(s string) string {
	i := len(s)
	for i > 1 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	return s[:i]
}

func forSizeVars(s Size, f func(*SizeVar)) {
	switch s := ResolveSize(s).(type) {
	case *SizeVar:
		f(s)
	case *SizeOp:
		forSizeVars(s.L, f)
		forSizeVars(s.R, f)
	}
}

// project types x.f.
func (c *checker) project(x Expr, f *syntax.Ident, pos syntax.Pos) Expr {
	var ft Type
	switch t := Resolve(x.Type()).(type) {
	case *Record:
		var ok bool
		ft, ok = t.Field(f.Name)
		if !ok {
			c.fail(f.Pos(), "record type %s has no field %s", TypeString(t), f.Name)
		}
	case *TypeVar:
		if t.Prims != 0 || len(t.Cons) > 0 {
			c.fail(f.Pos(), "type %s has no field %s", TypeString(t), f.Name)
		}
		if t.Fields == nil {
			t.Fields = map[string]Type{}
		}
		var ok bool
		ft, ok = t.Fields[f.Name]
		if !ok {
			nv := c.newVar()
			nv.Level = t.Level
			ft = nv
			t.Fields[f.Name] = ft
		}
	default:
		c.fail(f.Pos(), "type %s has no field %s (it is not a record)", TypeString(t), f.Name)
	}
	return c.node(&Project{ExprInfo: c.info(pos, ft), X: x, Field: f.Name})
}

// sizeOf returns the size an i64 expression denotes statically, or a
// fresh unknown size (§9.6 rule 5).
func (c *checker) sizeOf(e Expr) Size {
	switch e := e.(type) {
	case *Lit:
		if e.Int != nil && e.Int.IsInt64() {
			return &SizeConst{N: e.Int.Int64()}
		}
	case *VarRef:
		if len(e.Inst.Types) == 0 && len(e.Inst.Sizes) == 0 && e.Bind.Intrinsic == "" {
			if p, ok := Resolve(e.T).(*Prim); ok && p.P == prim.I64 {
				return &SizeVar{Name: e.Bind.Name, ID: e.Bind.ID}
			}
		}
	case *BinOpExpr:
		if op, ok := sizeOperator(e.Op); ok {
			l, r := c.sizeOf(e.X), c.sizeOf(e.Y)
			if isStaticSize(l) && isStaticSize(r) {
				return simplifySize(&SizeOp{Op: op, L: l, R: r})
			}
		}
	case *Coerce:
		return c.sizeOf(e.X)
	}
	return c.newUnknownSize("d")
}

func isStaticSize(s Size) bool {
	v, ok := ResolveSize(s).(*SizeVar)
	return !ok || !v.Unknown
}

// apply types a curried application spine f a1 ... an.
func (c *checker) apply(sc *scope, e *syntax.Apply) Expr {
	var args []syntax.Expr
	var f syntax.Expr = e
	for {
		a, ok := f.(*syntax.Apply)
		if !ok {
			break
		}
		args = append([]syntax.Expr{a.Arg}, args...)
		f = a.Fun
	}
	fun := c.expr(sc, f)
	name := describeFun(f)
	for i, a := range args {
		arg := c.expr(sc, a)
		fun = c.applyOne(fun, arg, i+1, name, a.Pos())
	}
	return fun
}

func describeFun(f syntax.Expr) string {
	if v, ok := f.(*syntax.Var); ok {
		return qualsString(v.Path)
	}
	return "the function"
}

// applyOne applies fun to arg (argument number n of name).
func (c *checker) applyOne(fun, arg Expr, n int, name string, pos syntax.Pos) Expr {
	ft, ok := Resolve(fun.Type()).(*Func)
	if !ok {
		if v, isVar := Resolve(fun.Type()).(*TypeVar); isVar && v.Prims == 0 && len(v.Fields) == 0 && len(v.Cons) == 0 {
			nf := &Func{Param: c.newVar(), Result: c.newVar()}
			if err := c.unify(v, nf); err != nil {
				c.fail(pos, "%s is applied to too many arguments: %v", name, err)
			}
			ft = nf
		} else {
			if n > 1 {
				c.fail(pos, "%s is applied to too many arguments (its type after %s is %s)", name, plural(n-1, "argument"), TypeString(fun.Type()))
			}
			c.fail(fun.Pos(), "%s is not a function; it has type %s", name, TypeString(fun.Type()))
		}
	}
	if err := c.unify(ft.Param, arg.Type()); err != nil {
		c.fail(pos, "%v in argument %d of %s", err, n, name)
	}
	res := ft.Result
	if ft.ParamName != nil && mentionsSize(res, ft.ParamName.ID) {
		sub := &substitution{sizes: map[int]Size{ft.ParamName.ID: c.sizeOf(arg)}}
		res = sub.typ(res)
	}
	c.existentialParams(fun, arg, res)
	return c.node(&Apply{ExprInfo: c.info(pos, res), Fun: fun, Arg: arg})
}

// existentialParams rejects an application whose result type has, as a
// size in the parameter of a function type only, a size that exists only
// inside a function's type: an existential size of a function result not
// returned yet, or the name of a dependent parameter of a function in the
// argument's type. In filter p >-> length, >-> gets b = [k]i32 from
// filter's result, so the function it takes next must accept [k]i32 for
// a k that is new at each call of filter: no function can be
// instantiated for it (the reference's "Existential size would appear in
// function parameter of return type"). Existentials that the result has
// as array sizes are known from then on.
func (c *checker) existentialParams(fun, arg Expr, res Type) {
	inParam, immediate := sizeUses(res)
	bound := map[int]bool{}
	walkFuncs(arg.Type(), func(f *Func) {
		if f.ParamName != nil {
			bound[f.ParamName.ID] = true
		}
	})
	for _, v := range inParam {
		if immediate[v.ID] {
			continue
		}
		if bound[v.ID] || v.Unknown && c.results[v.ID] && !c.produced[v.ID] {
			at := exprStart(fun)
			if a := exprStart(arg); posBefore(a, at) {
				at = a
			}
			c.fail(at, "Existential size would appear in function parameter of return type: %s. This is usually because a higher-order function is used with functional arguments that return existential sizes or locally named sizes, which are then used as parameters of other function arguments.", TypeString(res))
		}
	}
	for id := range immediate {
		if c.results[id] {
			if c.produced == nil {
				c.produced = map[int]bool{}
			}
			c.produced[id] = true
		}
	}
}

// sizeUses returns the size variables of t that occur in the parameter
// type of a function type (the innermost one; in order of occurrence),
// and those that occur outside any function type.
func sizeUses(t Type) ([]*SizeVar, map[int]bool) {
	var inParam []*SizeVar
	seen := map[int]bool{}
	immediate := map[int]bool{}
	var n int
	var walk func(t Type, pos int)
	onSize := func(s Size, pos int) {
		forSizeVars(s, func(v *SizeVar) {
			switch pos {
			case posImmediate:
				immediate[v.ID] = true
			case posParam:
				if !seen[v.ID] {
					seen[v.ID] = true
					inParam = append(inParam, v)
				}
			}
		})
	}
	walk = func(t Type, pos int) {
		spend(&n)
		switch t := Resolve(t).(type) {
		case *Array:
			onSize(t.Size, pos)
			walk(t.Elem, pos)
		case *Record:
			for _, f := range t.Fields {
				walk(f.Type, pos)
			}
		case *Sum:
			for _, k := range t.Cons {
				for _, p := range k.Payload {
					walk(p, pos)
				}
			}
		case *Func:
			walk(t.Param, posParam)
			walk(t.Result, posReturn)
		case *Abstract:
			for _, a := range t.Args {
				if a.Type != nil {
					walk(a.Type, pos)
				} else {
					onSize(a.Size, pos)
				}
			}
		}
	}
	walk(t, posImmediate)
	return inParam, immediate
}

// Where a size occurs in a type (see sizeUses).
const (
	posImmediate = iota
	posParam
	posReturn
)

// walkFuncs calls f on every function type in t.
func walkFuncs(t Type, f func(*Func)) {
	var n int
	var walk func(t Type)
	walk = func(t Type) {
		spend(&n)
		switch t := Resolve(t).(type) {
		case *Array:
			walk(t.Elem)
		case *Record:
			for _, fl := range t.Fields {
				walk(fl.Type)
			}
		case *Sum:
			for _, k := range t.Cons {
				for _, p := range k.Payload {
					walk(p)
				}
			}
		case *Func:
			f(t)
			walk(t.Param)
			walk(t.Result)
		case *Abstract:
			for _, a := range t.Args {
				if a.Type != nil {
					walk(a.Type)
				}
			}
		}
	}
	walk(t)
}

// exprStart is where e begins in the source.
func exprStart(e Expr) syntax.Pos {
	if ap, ok := e.(*Apply); ok {
		return applyStart(ap)
	}
	return e.Pos()
}

// binOp types x op y: a built-in operator or an application of a function.
// binOp checks e and the chain of operators on its left (x + y + z parses
// as (x + y) + z) with a loop rather than recursion, so that a chain of
// any length takes constant stack; the order of the work is recursion's.
func (c *checker) binOp(sc *scope, e *syntax.BinOp) Expr {
	var chain []*syntax.BinOp
	var ops []*term
	var left syntax.Expr = e
	for {
		b, ok := left.(*syntax.BinOp)
		if !ok {
			break
		}
		chain = append(chain, b)
		ops = append(ops, c.lookupOp(sc, b.Op))
		left = b.X
	}
	x := c.expr(sc, left)
	for i := len(chain) - 1; i >= 0; i-- {
		x = c.applyOp(ops[i], chain[i], x, c.expr(sc, chain[i].Y))
	}
	return x
}

// applyOp types the operator t of e applied to the checked operands x, y.
func (c *checker) applyOp(t *term, e *syntax.BinOp, x, y Expr) Expr {
	if t.builtin != nil && !e.Backtick {
		return c.builtinApply(t.builtin, x, y, e.Pos())
	}
	// The prelude's x |> f is the application f x, its operands already
	// evaluated in the order the application needs (x, then f): f may
	// consume x, and the result's sizes are those of f x (a pipeline
	// through a function returning an existential size needs no let).
	// f <| x stays an application of <|: its operands run left to right,
	// so f is instantiated before x is computed.
	if t.bind != nil && !e.Backtick && t.bind == c.pipeFwd {
		r := c.applyOne(y, x, 1, "the function applied by |>", e.X.Pos())
		r.(*Apply).At = e.Pos()
		r.(*Apply).Piped = true
		return r
	}
	var fun Expr
	if t.builtin != nil {
		fun = c.builtinAsFunc(t.builtin, e.Op.Pos())
	} else {
		fun = c.ref(t, e.Op.Pos(), e.Op.String())
	}
	name := e.Op.String()
	if !e.Backtick {
		name = "operator " + name
	}
	r := c.applyOne(fun, x, 1, name, e.X.Pos())
	r.(*Apply).Op = true
	r = c.applyOne(r, y, 2, name, e.Y.Pos())
	r.(*Apply).At = e.Pos()
	r.(*Apply).Op = true
	return r
}

func (c *checker) lookupOp(sc *scope, q *syntax.QualName) *term {
	var t *term
	if len(q.Quals) == 0 {
		t = sc.lookupTerm(q.Name.Name)
	} else {
		m := c.lookupModPath(sc, q.Quals)
		t = m.terms[q.Name.Name]
		if t == nil && m.broken {
			panic(failure{})
		}
	}
	if t == nil || (t.bind == nil && t.builtin == nil) {
		c.failUnknown(sc, q.Pos(), "unknown operator or name %s", q.String())
	}
	return t
}

// builtinApply types a built-in operator applied to two operands.
func (c *checker) builtinApply(op *builtinOp, x, y Expr, pos syntax.Pos) Expr {
	var operand Type
	switch {
	case op.logic:
		operand = boolT()
	case op.eq:
		v := c.newVar()
		v.Eq = true
		v.Why = "operator " + op.name
		operand = v
	default:
		operand = c.newPrimVar(op.mask, "operator "+op.name)
	}
	if err := c.unify(operand, x.Type()); err != nil {
		c.fail(x.Pos(), "%v in the left operand of %s", err, op.name)
	}
	if err := c.unify(operand, y.Type()); err != nil {
		c.fail(y.Pos(), "%v in the right operand of %s (the left operand has type %s)", err, op.name, TypeString(x.Type()))
	}
	res := operand
	if op.cmp || op.logic {
		res = boolT()
	}
	b := &BinOpExpr{ExprInfo: c.info(pos, res), Op: op.name, Operand: operand, X: x, Y: y}
	b.Bin, b.Cmp = opCodes(op.name)
	c.extra = append(c.extra, &b.Operand)
	return c.node(b)
}

func opCodes(name string) (prim.BinOp, prim.CmpOp) {
	switch name {
	case "+":
		return prim.Add, 0
	case "-":
		return prim.Sub, 0
	case "*":
		return prim.Mul, 0
	case "/":
		return prim.Div, 0
	case "%":
		return prim.Mod, 0
	case "//":
		return prim.Quot, 0
	case "%%":
		return prim.Rem, 0
	case "**":
		return prim.Pow, 0
	case "&":
		return prim.BitAnd, 0
	case "|":
		return prim.BitOr, 0
	case "^":
		return prim.BitXor, 0
	case "<<":
		return prim.Shl, 0
	case ">>":
		return prim.Shr, 0
	case "&&":
		return prim.LogAnd, 0
	case "||":
		return prim.LogOr, 0
	case "==":
		return 0, prim.Eq
	case "!=":
		return 0, prim.Ne
	case "<":
		return 0, prim.Lt
	case "<=":
		return 0, prim.Le
	case ">":
		return 0, prim.Gt
	case ">=":
		return 0, prim.Ge
	}
	return 0, 0
}

// builtinAsFunc turns a built-in operator into a function value
// \x y -> x op y.
func (c *checker) builtinAsFunc(op *builtinOp, pos syntax.Pos) Expr {
	px := c.newLocal("x", pos, c.newVar())
	py := c.newLocal("y", pos, c.newVar())
	x := c.localRef(px, pos)
	y := c.localRef(py, pos)
	body := c.builtinApply(op, x, y, pos)
	ps := []Pat{c.pname(px, pos), c.pname(py, pos)}
	return c.node(&Lambda{ExprInfo: c.info(pos, &Func{Param: px.Scheme.Type, Result: &Func{Param: py.Scheme.Type, Result: body.Type()}}), Params: ps, Body: body})
}

// newLocal makes a monomorphic local binding.
func (c *checker) newLocal(name string, pos syntax.Pos, t Type) *Binding {
	b := &Binding{Name: name, ID: c.fresh(), Pos: pos, Scheme: &TypeScheme{Type: t}}
	c.locals = append(c.locals, b)
	return b
}

func (c *checker) localRef(b *Binding, pos syntax.Pos) Expr {
	inst := &Instance{}
	return c.node(&VarRef{ExprInfo: c.info(pos, b.Scheme.Type), Bind: b, Inst: inst})
}

func (c *checker) pname(b *Binding, pos syntax.Pos) Pat {
	p := &PName{PatInfo: PatInfo{At: pos, T: b.Scheme.Type}, Bind: b}
	c.pats = append(c.pats, &p.PatInfo)
	return p
}

// opFunc is an operator or backticked name as a function value.
func (c *checker) opFunc(sc *scope, q *syntax.QualName) Expr {
	t := c.lookupOp(sc, q)
	if t.builtin != nil {
		return c.builtinAsFunc(t.builtin, q.Pos())
	}
	return c.ref(t, q.Pos(), q.String())
}

func (c *checker) opSection(sc *scope, e *syntax.OpSection) Expr {
	return c.opFunc(sc, e.Op)
}

// leftSection (x op) is \y -> x op y with x evaluated once.
func (c *checker) leftSection(sc *scope, e *syntax.LeftSection) Expr {
	x := c.expr(sc, e.X)
	t := c.lookupOp(sc, e.Op)
	if t.builtin != nil && !e.Backtick {
		px := c.newLocal("x", e.X.Pos(), x.Type())
		py := c.newLocal("y", e.Pos(), c.newVar())
		body := c.builtinApply(t.builtin, c.localRef(px, e.Pos()), c.localRef(py, e.Pos()), e.Pos())
		lam := c.node(&Lambda{ExprInfo: c.info(e.Pos(), &Func{Param: py.Scheme.Type, Result: body.Type()}), Params: []Pat{c.pname(py, e.Pos())}, Body: body})
		return c.node(&Let{ExprInfo: c.info(e.Pos(), lam.Type()), Pat: c.pname(px, e.Pos()), Value: x, Body: lam})
	}
	fun := c.opFunc(sc, e.Op)
	return c.applyOne(fun, x, 1, e.Op.String(), e.X.Pos())
}

// rightSection (op y) is \x -> x op y with y evaluated once.
func (c *checker) rightSection(sc *scope, e *syntax.RightSection) Expr {
	y := c.expr(sc, e.Y)
	py := c.newLocal("y", e.Y.Pos(), y.Type())
	px := c.newLocal("x", e.Pos(), c.newVar())
	t := c.lookupOp(sc, e.Op)
	var body Expr
	if t.builtin != nil && !e.Backtick {
		body = c.builtinApply(t.builtin, c.localRef(px, e.Pos()), c.localRef(py, e.Pos()), e.Pos())
	} else {
		fun := c.opFunc(sc, e.Op)
		body = c.applyOne(fun, c.localRef(px, e.Pos()), 1, e.Op.String(), e.Pos())
		body = c.applyOne(body, c.localRef(py, e.Y.Pos()), 2, e.Op.String(), e.Y.Pos())
	}
	lam := c.node(&Lambda{ExprInfo: c.info(e.Pos(), &Func{Param: px.Scheme.Type, Result: body.Type()}), Params: []Pat{c.pname(px, e.Pos())}, Body: body})
	return c.node(&Let{ExprInfo: c.info(e.Pos(), lam.Type()), Pat: c.pname(py, e.Pos()), Value: y, Body: lam})
}

// projSection (.a.[i]) is \r -> r.a[i].
func (c *checker) projSection(sc *scope, e *syntax.ProjSection) Expr {
	pr := c.newLocal("r", e.Pos(), c.newVar())
	var x Expr = c.localRef(pr, e.Pos())
	for _, st := range e.Steps {
		if st.Field != nil {
			x = c.project(x, st.Field, st.Pos())
		} else {
			x = c.index(sc, x, st.Indices, st.Pos())
		}
	}
	return c.node(&Lambda{ExprInfo: c.info(e.Pos(), &Func{Param: pr.Scheme.Type, Result: x.Type()}), Params: []Pat{c.pname(pr, e.Pos())}, Body: x})
}

// index types x[indices].
func (c *checker) index(sc *scope, x Expr, idx []*syntax.DimIndex, pos syntax.Pos) Expr {
	t := x.Type()
	var dims []Size
	out := make([]*DimIndex, len(idx))
	for i, d := range idx {
		rt := Resolve(t)
		arr, ok := rt.(*Array)
		if !ok {
			if v, isVar := rt.(*TypeVar); isVar && len(v.Fields) == 0 && len(v.Cons) == 0 && v.Prims == 0 {
				arr = &Array{Size: c.newSizeMeta(), Elem: c.newVar()}
				if err := c.unify(v, arr); err != nil {
					c.fail(d.Pos(), "%v in indexing", err)
				}
			} else {
				c.fail(d.Pos(), "cannot index %d times into a value of type %s", len(idx), TypeString(x.Type()))
			}
		}
		di := &DimIndex{Slice: d.Slice}
		if !d.Slice {
			di.Index = c.expr(sc, d.Index)
			iv := c.newPrimVar(maskSigned, "an index")
			iv.Index = true
			c.mustUnify(d.Index.Pos(), iv, di.Index.Type(), "in an index (indices are signed integers)")
		} else {
			for _, p := range []struct {
				src syntax.Expr
				dst *Expr
			}{{d.Start, &di.Start}, {d.End, &di.End}, {d.Stride, &di.Stride}} {
				if p.src != nil {
					*p.dst = c.expr(sc, p.src)
					c.mustUnify(p.src.Pos(), i64(), (*p.dst).Type(), "in a slice bound (slice bounds are i64)")
				}
			}
			if d.Start == nil && d.End == nil && d.Stride == nil {
				dims = append(dims, arr.Size)
			} else {
				dims = append(dims, c.sliceSize(di, arr.Size))
			}
		}
		out[i] = di
		t = arr.Elem
	}
	res := ArrayOf(t, dims...)
	return c.node(&Index{ExprInfo: c.info(pos, res), X: x, Indices: out})
}

// sliceSize is j-i for a[i:j] and a[i:j:1], where a missing i is 0 and a
// missing j the dimension n (so a[:j] has size j and a[i:] size n-i), when
// i and j are sizes (variables, constants, arithmetic); otherwise unknown
// (§7.9). Two slices with the same operands have the same size.
func (c *checker) sliceSize(d *DimIndex, n Size) Size {
	if d.Stride != nil && !isIntLit(d.Stride, 1) {
		return c.newUnknownSize("d")
	}
	end := n
	if d.End != nil {
		end = c.sizeOf(d.End)
	}
	if d.Start == nil || isIntLit(d.Start, 0) {
		if isStaticSize(end) {
			return end
		}
		return c.newUnknownSize("d")
	}
	start := c.sizeOf(d.Start)
	if !isStaticSize(start) || !isStaticSize(end) {
		return c.newUnknownSize("d")
	}
	return simplifySize(&SizeOp{Op: prim.Sub, L: end, R: start})
}

func isIntLit(e Expr, n int64) bool {
	l, ok := e.(*Lit)
	return ok && l.Int != nil && l.Int.IsInt64() && l.Int.Int64() == n
}

// rangeExpr types a..b...c forms.
func (c *checker) rangeExpr(sc *scope, e *syntax.Range) Expr {
	t := c.newPrimVar(maskIntegral, "a range")
	r := &Range{Kind: e.Kind}
	r.Start = c.expr(sc, e.Start)
	c.mustUnify(e.Start.Pos(), t, r.Start.Type(), "in the start of a range")
	if e.Second != nil {
		r.Second = c.expr(sc, e.Second)
		c.mustUnify(e.Second.Pos(), t, r.Second.Type(), "in the second element of a range")
	}
	r.End = c.expr(sc, e.Limit)
	c.mustUnify(e.Limit.Pos(), t, r.End.Type(), "in the end of a range")
	var size Size
	simple := e.Second == nil || isIntLit(r.Second, 1) && isIntLit(r.Start, 0) || isIntLit(r.Second, 2) && isIntLit(r.Start, 1)
	_, endSimple := r.End.(*VarRef)
	if l, ok := r.End.(*Lit); ok && l.Int != nil {
		endSimple = true
	}
	switch {
	case simple && endSimple && e.Kind == syntax.RangeUpTo && isIntLit(r.Start, 0):
		size = c.sizeOf(r.End)
	case simple && endSimple && e.Kind == syntax.RangeIncl && isIntLit(r.Start, 1):
		size = c.sizeOf(r.End)
	default:
		size = c.newUnknownSize("d")
	}
	r.ExprInfo = c.info(e.Pos(), &Array{Size: size, Elem: t})
	return c.node(r)
}

// joinSizes returns a's type where sizes that differ from b's become
// unknown (branches of if/match, loop results).
func (c *checker) joinSizes(a, b Type) Type {
	a, b = Resolve(a), Resolve(b)
	switch at := a.(type) {
	case *Array:
		bt, ok := b.(*Array)
		if !ok {
			return a
		}
		size := at.Size
		if !SizeEqual(at.Size, bt.Size) {
			size = c.markRigid(c.newUnknownSize("d"))
		}
		elem := c.joinSizes(at.Elem, bt.Elem)
		if size == at.Size && elem == at.Elem {
			return a
		}
		return &Array{Size: size, Elem: elem, Unique: at.Unique}
	case *Record:
		bt, ok := b.(*Record)
		if !ok || len(bt.Fields) != len(at.Fields) {
			return a
		}
		changed := false
		fs := make([]Field, len(at.Fields))
		for i, f := range at.Fields {
			fs[i] = Field{f.Name, c.joinSizes(f.Type, bt.Fields[i].Type)}
			changed = changed || fs[i].Type != f.Type
		}
		if !changed {
			return a
		}
		return &Record{Fields: fs, Unique: at.Unique}
	}
	return a
}

// update types x with steps = v.
func (c *checker) update(sc *scope, x Expr, steps []*syntax.UpdateStep, value syntax.Expr, pos syntax.Pos) Expr {
	t := x.Type()
	out := make([]*UpdateStep, len(steps))
	for i, st := range steps {
		if st.Field != nil {
			switch rt := Resolve(t).(type) {
			case *Record:
				ft, ok := rt.Field(st.Field.Name)
				if !ok {
					c.fail(st.Field.Pos(), "record type %s has no field %s", TypeString(rt), st.Field.Name)
				}
				t = ft
			case *TypeVar:
				proj := c.project(&VarRef{ExprInfo: ExprInfo{T: rt}}, st.Field, st.Pos())
				t = proj.Type()
			default:
				c.fail(st.Field.Pos(), "type %s has no field %s (it is not a record)", TypeString(rt), st.Field.Name)
			}
			out[i] = &UpdateStep{Field: st.Field.Name}
			continue
		}
		ix := c.index(sc, &VarRef{ExprInfo: ExprInfo{T: t}}, st.Indices, st.Pos())
		out[i] = &UpdateStep{Indices: ix.(*Index).Indices}
		t = ix.Type()
	}
	v := c.expr(sc, value)
	c.sizeLenient++
	err := c.unify(t, v.Type())
	c.sizeLenient--
	if err != nil {
		c.fail(value.Pos(), "%v in the value of an update", err)
	}
	return c.node(&Update{ExprInfo: c.info(pos, x.Type()), X: x, Steps: out, Value: v})
}

// letWith is let x[i] = v in body: x is rebound to the updated value.
func (c *checker) letWith(sc *scope, e *syntax.LetWith) Expr {
	old := c.varExpr(sc, &syntax.Var{Span: e.Dest.Span, Path: []*syntax.Ident{e.Dest}})
	upd := c.update(sc, old, e.Steps, e.Value, e.Pos())
	b := c.newLocal(e.Dest.Name, e.Dest.Pos(), upd.Type())
	inner := newScope(sc)
	inner.bindTerm(b.Name, &term{bind: b})
	body := c.expr(inner, e.Body)
	t := c.scopeOut(body.Type(), map[int]bool{b.ID: true})
	return c.node(&Let{ExprInfo: c.info(e.Pos(), t), Pat: c.pname(b, e.Dest.Pos()), Value: upd, Body: body})
}

// letPat types let [n] p = v in body.
func (c *checker) letPat(sc *scope, e *syntax.LetPat) Expr {
	v := c.expr(sc, e.Value)
	inner := newScope(sc)
	var sizeBinds []*Binding
	for _, n := range e.Sizes {
		b := c.newLocal(n.Name, n.Pos(), i64())
		inner.bindTerm(n.Name, &term{bind: b})
		sizeBinds = append(sizeBinds, b)
	}
	p := c.pattern(inner, e.Pat, &patCtx{anon: anonMeta, irrefutable: true})
	if len(sizeBinds) > 0 {
		// The value's sizes define the bound size names, not the reverse.
		c.sizeLenient++
	}
	err := c.unify(p.Type(), v.Type())
	if len(sizeBinds) > 0 {
		c.sizeLenient--
	}
	if err != nil {
		c.fail(e.Value.Pos(), "%v in let binding", err)
	}
	if isAscribed(e.Pat) {
		c.hideConsumption(e.Value.Pos(), p.Type(), v.Type())
	}
	for i, b := range sizeBinds {
		if !mentionsSize(p.Type(), b.ID) {
			c.fail(e.Sizes[i].Pos(), "size [%s] is not used in the pattern", b.Name)
		}
	}
	body := c.expr(inner, e.Body)
	ids := map[int]bool{}
	patBindings(p, ids)
	for _, b := range sizeBinds {
		ids[b.ID] = true
	}
	return c.node(&Let{ExprInfo: c.info(e.Pos(), c.scopeOut(body.Type(), ids)), Sizes: sizeBinds, Pat: p, Value: v, Body: body})
}

// isAscribed reports whether p is written with a type (p : t).
func isAscribed(p syntax.Pat) bool {
	for {
		switch q := p.(type) {
		case *syntax.PatAscript:
			return true
		case *syntax.PatAttr:
			p = q.Pat
		default:
			return false
		}
	}
}

// literal range check helpers.
type litCheck struct {
	lit  *Lit
	text string
}

// checkLit verifies that a literal fits its (now resolved) type.
func (c *checker) checkLit(lc litCheck) {
	l := lc.lit
	p, ok := Resolve(l.T).(*Prim)
	if !ok {
		return
	}
	l.Prim = p.P
	if l.Int == nil {
		return
	}
	if p.P.IsFloat() {
		return
	}
	lo, hi := intRange(p.P)
	if l.Int.Cmp(lo) < 0 || l.Int.Cmp(hi) > 0 {
		c.errs = append(c.errs, c.newError(l.At, fmt.Sprintf("literal %s does not fit in type %s", lc.text, p.P)))
	}
}

func intRange(t prim.Type) (*big.Int, *big.Int) {
	bits := uint(t.Bits())
	one := big.NewInt(1)
	if t.IsSigned() {
		hi := new(big.Int).Sub(new(big.Int).Lsh(one, bits-1), one)
		lo := new(big.Int).Neg(new(big.Int).Lsh(one, bits-1))
		return lo, hi
	}
	return big.NewInt(0), new(big.Int).Sub(new(big.Int).Lsh(one, bits), one)
}
