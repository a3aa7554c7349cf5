package lower

import (
	"fmt"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/syntax"
)

// Error is a program the lowering cannot translate.
type Error struct {
	Pos syntax.Pos
	Msg string
}

func (e *Error) Error() string {
	if e.Pos.IsValid() {
		return fmt.Sprintf("%s:%d:%d: %s", e.Pos.File, e.Pos.Line, e.Pos.Col, e.Msg)
	}
	return e.Msg
}

type failure struct{ err *Error }

type lowerer struct {
	top       *ir.Builder // the builder of the function's outermost body
	consts    map[*check.ValBind]value
	entry     string
	recursive map[*check.ValBind]bool
	recs      map[string]*recInstance
	funcs     []*ir.Func // internal functions made so far
	b         *ir.Builder
	ns        *ir.NameSource
	root      *env
	at        syntax.Pos
	// depth guards against runaway inlining (recursive definitions).
	depth int
	// preludeFiles are the files of the prelude definitions referenced so
	// far; their positions give way to the user's call site.
	preludeFiles map[string]bool
	// sizeMemo holds the values sizeValue computed for size arithmetic,
	// so that a size nested in many others (the sizes of a chain of
	// concatenations) is computed once, not once per size it is part of.
	sizeMemo map[sizeKey]sizeMemo
}

// sizeKey identifies a size computation: the size, the environment that
// gave its variables and the builder its statement went to.
type sizeKey struct {
	op *check.SizeOp
	e  *env
	b  *ir.Builder
}

// sizeMemo is a computed size and where its statement is in the
// builder: the value is still in scope while the builder holds the same
// statement there (a builder empties when it makes a body).
type sizeMemo struct {
	v   *leaf
	at  int
	stm *ir.Stm
}

func (l *lowerer) fail(format string, args ...any) {
	panic(failure{&Error{Pos: l.at, Msg: fmt.Sprintf(format, args...)}})
}

// Program lowers every entry point of p, with the internal functions they
// call, and inserts the copies consumption needs (InsertCopies).
func Program(p *check.Program) (*ir.Program, error) {
	return program(p, true)
}

// WithoutCopies is Program without InsertCopies: IR that is well typed but
// may use an array after consuming it, for the pipeline to run
// InsertCopies as a pass of its own.
func WithoutCopies(p *check.Program) (*ir.Program, error) {
	return program(p, false)
}

func program(p *check.Program, copies bool) (out *ir.Program, err error) {
	out = &ir.Program{}
	for _, e := range p.Entries {
		f, internal, err := lowerEntry(e, copies)
		if err != nil {
			return nil, err
		}
		out.Funcs = append(out.Funcs, f)
		out.Funcs = append(out.Funcs, internal...)
	}
	return out, nil
}

// InsertCopies returns p with a copy before every consuming statement
// whose array (or an array sharing its storage) is used afterwards or is
// not owned where it is consumed (see copies.go). p is not modified.
func InsertCopies(p *ir.Program) (*ir.Program, error) {
	out := &ir.Program{Funcs: make([]*ir.Func, len(p.Funcs))}
	for i, f := range p.Funcs {
		g := *f
		g.Body = ir.CopyBody(f.Body)
		insertCopies(&g, ir.BuilderFor(f).Names())
		out.Funcs[i] = &g
	}
	return out, nil
}

// Entry lowers one entry point (without the internal functions it calls;
// use Program for whole programs).
func Entry(e *check.Entry) (*ir.Func, error) {
	f, _, err := lowerEntry(e, true)
	return f, err
}

func lowerEntry(e *check.Entry, copies bool) (f *ir.Func, internal []*ir.Func, err error) {
	ns := ir.NewNameSource(1)
	l := &lowerer{b: ir.NewBuilder(ns), ns: ns, root: &env{vals: map[int]value{}},
		entry: e.Name, recursive: map[*check.ValBind]bool{}, recs: map[string]*recInstance{}, consts: map[*check.ValBind]value{}, preludeFiles: map[string]bool{}}
	l.top = l.b
	defer func() {
		if r := recover(); r != nil {
			fl, ok := r.(failure)
			if !ok {
				if be, ok := r.(*ir.BuildError); ok {
					fl = failure{&Error{Pos: l.at, Msg: "internal error: " + be.Error()}}
				} else {
					panic(r)
				}
			}
			f, internal, err = nil, nil, fl.err
		}
	}()
	l.at = e.Bind.Pos
	l.b.Pos = l.pos(e.Bind.Pos)
	ep := &entryParams{sizes: map[int]ir.VName{}, sizeNames: map[ir.VName]string{}, sizeParams: map[int]bool{}}
	for _, s := range e.Bind.Bind.Scheme.SizeParams {
		ep.sizeParams[s.ID] = !s.Anon
	}
	fn := l.ref(e.Bind.Bind, &check.Instance{}, l.root)
	var args []value
	for i, t := range e.Params {
		var pat check.Pat
		if i < len(e.Bind.Params) {
			pat = e.Bind.Params[i]
		}
		args = append(args, l.entryParam(check.Reveal(t), pat, ep))
	}
	l.checkSizeExprs(e.Name, ep)
	for _, a := range args {
		fn = l.apply(fn, a)
	}
	if hasFunction(fn) {
		l.fail("entry point %s returns a function", e.Name)
	}
	res := leaves(fn)
	body := l.b.Body(res...)
	local := ir.BoundInBody(body)
	var ret []ir.Type
	for _, r := range res {
		t, _ := l.typeOf(r)
		ret = append(ret, ir.EraseSizes(t, local))
	}
	f = &ir.Func{Name: e.Name, Params: ep.params, Ret: ret, Body: body, Pos: l.pos(e.Bind.Pos),
		ParamNames: ep.names, RetNames: leafPaths(fn), RetParts: retParts(fn), SizeNames: ep.sizeNames,
		Signature: entrySignature(e, ep)}
	if copies {
		for _, g := range append([]*ir.Func{f}, l.funcs...) {
			insertCopies(g, ns)
		}
	}
	return f, l.funcs, nil
}

func (l *lowerer) pos(p syntax.Pos) ir.Pos { return ir.Pos{File: p.File, Line: p.Line, Col: p.Col} }

func (l *lowerer) typeOf(s ir.SubExp) (ir.Type, bool) {
	if s.IsConst {
		return ir.Scalar(s.Const.Type()), true
	}
	return l.b.TypeOf(s.Var)
}

// entryParams collects the IR parameters of an entry point: sizes that
// name the same size variable share one implicit size name, and every
// parameter and named size keeps its source name.
type entryParams struct {
	params    []ir.Param
	names     []string // source path of each parameter (ir.Func.ParamNames)
	sizes     map[int]ir.VName
	sizeNames map[ir.VName]string
	named     []*check.SizeVar // the named sizes, in order of appearance
	// sizeParams tells the sizes that the entry's type names: its size
	// parameters, declared ([n]) or implicit, but not those the checker
	// invented for anonymous sizes ([]) nor local sizes that an anonymous
	// size was unified with.
	sizeParams map[int]bool
	// exprs are the dimensions that a size expression gives ([n*2]):
	// each gets a size of its own, which checkSizeExprs compares with
	// the expression once every parameter is bound.
	exprs []sizeExpr
}

// sizeExpr is a dimension of an entry parameter declared by a size
// expression.
type sizeExpr struct {
	param int           // the IR parameter's index
	dim   int           // the dimension
	expr  *check.SizeOp // the declared size
	typ   check.Type    // the parameter's type as declared, for the message
}

// checkSizeExprs asserts, before the entry's body, that every dimension
// declared by a size expression has the expression's value, with the
// words of the other argument checks ("argument 2 of g: got an array of
// shape [3]f64, want a value of type [n*2]f64 (n*2 = 4)"): the sizes the
// expression names are those of the other parameters, and the program may
// rely on the dimension being what its type says.
func (l *lowerer) checkSizeExprs(entry string, ep *entryParams) {
	if len(ep.exprs) == 0 {
		return
	}
	e := l.root.child()
	for id, n := range ep.sizes {
		if _, ok := e.lookup(id); !ok {
			e.vals[id] = &leaf{ir.Var(n)}
		}
	}
	// Sizes are named as the entry's signature names them: anonymous ones
	// are [].
	show := func(s *check.SizeVar) bool {
		if named, ok := ep.sizeParams[s.ID]; ok {
			return named
		}
		_, ok := ep.sizes[s.ID]
		return ok
	}
	for _, x := range ep.exprs {
		want := l.sizeValue(x.expr, e)
		if want == nil {
			continue // it names a size no parameter gives
		}
		p := ep.params[x.param]
		got := p.Type.Shape[x.dim]
		ok := l.b.CmpOp(prim.Eq, got, want.(*leaf).se)
		shape := strings.Repeat("[%v]", p.Type.Rank())
		// The Assert's message substitutes its arguments for "%v"; a
		// size written n%v must not be taken for one.
		lit := func(s string) string { return strings.ReplaceAll(s, "%v", "% v") }
		msg := fmt.Sprintf("argument %d of %s: got an array of shape %s%s, want a value of type %s (%s = %%v)",
			x.param+1, entry, shape, p.Type.Elem, lit(check.TypeStringSizes(x.typ, show)), lit(check.SizeString(x.expr)))
		args := append(append([]ir.SubExp{}, p.Type.Shape...), want.(*leaf).se)
		l.b.Bind(nil, &ir.Assert{Cond: ok, Msg: msg, Full: true, Args: args})
	}
}

// entrySignature renders entry point e as the program declares it, for
// documentation: "entry loss [n] (ps: [n]{x: f64, y: f64}) : f64". The
// sizes its parameters' types name come first; a size that is neither a
// size parameter nor a parameter (an anonymous size, a size of the result
// computed by the body) is written [].
func entrySignature(e *check.Entry, ep *entryParams) string {
	var b strings.Builder
	b.WriteString("entry " + e.Name)
	params := map[int]bool{} // the parameters that sizes may name: (n: i64) (xs: [n]f64)
	for _, p := range e.Bind.Params {
		if p, ok := p.(*check.PName); ok {
			params[p.Bind.ID] = true
		}
	}
	for _, s := range ep.named {
		b.WriteString(" [" + s.Name + "]")
	}
	show := func(s *check.SizeVar) bool { return ep.sizeParams[s.ID] || params[s.ID] }
	for i, t := range e.Params {
		pat := "_"
		if i < len(e.Bind.Params) {
			pat = check.PatString(e.Bind.Params[i])
		}
		b.WriteString(" (" + pat + ": " + check.TypeStringSizes(t, show) + ")")
	}
	b.WriteString(" : ")
	if len(e.Results) == 1 {
		b.WriteString(check.TypeStringSizes(e.Results[0], show))
		return b.String()
	}
	rs := make([]string, len(e.Results))
	for i, t := range e.Results {
		rs[i] = check.TypeStringSizes(t, show)
	}
	b.WriteString("(" + strings.Join(rs, ", ") + ")")
	return b.String()
}

// entryParam makes IR parameters for an entry argument of type t bound by
// the pattern pat (nil when the source has none).
func (l *lowerer) entryParam(t check.Type, pat check.Pat, ep *entryParams) value {
	top := t
	var walk func(t check.Type, dims ir.Shape, pat check.Pat, path string) value
	walk = func(t check.Type, dims ir.Shape, pat check.Pat, path string) value {
		var bind *check.Binding
		if p, ok := pat.(*check.PName); ok {
			path, pat, bind = p.Bind.Name, nil, p.Bind
		}
		switch t := check.Resolve(t).(type) {
		case *check.Prim:
			p := l.b.Param("arg", ir.Type{Elem: t.P, Shape: dims})
			ep.params = append(ep.params, p)
			ep.names = append(ep.names, path)
			if bind != nil && len(dims) == 0 && t.P == prim.I64 {
				// (n: i64) (xs: [n]f64): the size n of later parameters
				// is this parameter, which their shapes must match.
				ep.sizes[bind.ID] = p.Name
				ep.sizeNames[p.Name] = bind.Name
			}
			return &leaf{ir.Var(p.Name)}
		case *check.Array:
			var d ir.SubExp
			switch s := check.ResolveSize(t.Size).(type) {
			case *check.SizeConst:
				d = ir.I64(s.N)
			case *check.SizeVar:
				if s.Unknown {
					break
				}
				n, ok := ep.sizes[s.ID]
				if !ok {
					n = l.ns.New(s.Name)
					ep.sizes[s.ID] = n
					if ep.sizeParams[s.ID] {
						ep.sizeNames[n] = s.Name
						ep.named = append(ep.named, s)
					}
					l.b.Declare(ir.Param{Name: n, Type: ir.Scalar(prim.I64)})
					l.root.vals[s.ID] = &leaf{ir.Var(n)}
				}
				d = ir.Var(n)
			}
			if d.IsNone() {
				// An anonymous size still gets a name, so that shapes
				// derived from it stay known statically.
				n := l.ns.New("d")
				l.b.Declare(ir.Param{Name: n, Type: ir.Scalar(prim.I64)})
				d = ir.Var(n)
				if op, ok := check.ResolveSize(t.Size).(*check.SizeOp); ok {
					ep.exprs = append(ep.exprs, sizeExpr{param: len(ep.params), dim: len(dims), expr: op, typ: top})
				}
			}
			return walk(t.Elem, append(append(ir.Shape{}, dims...), d), pat, path)
		case *check.Record:
			r := &record{}
			rp, _ := pat.(*check.PRecord)
			for _, f := range t.Fields {
				var sub check.Pat
				if rp != nil {
					for _, pf := range rp.Fields {
						if pf.Name == f.Name {
							sub = pf.Pat
						}
					}
				}
				r.names = append(r.names, f.Name)
				r.fields = append(r.fields, walk(f.Type, dims, sub, joinPath(path, f.Name)))
			}
			return r
		case *check.Sum:
			// An opaque value (LANGUAGE-V2 §3): its tag, then the payloads
			// of every constructor, as a result of another entry gives them.
			// Its parts have no source names.
			p := l.b.Param("tag", ir.Type{Elem: prim.I64, Shape: dims})
			ep.params = append(ep.params, p)
			ep.names = append(ep.names, "")
			s := &sum{tag: ir.Var(p.Name), payloads: make([][]value, len(t.Cons))}
			for k, c := range t.Cons {
				for _, pt := range c.Payload {
					s.payloads[k] = append(s.payloads[k], walk(pt, dims, nil, ""))
				}
			}
			return s
		}
		l.fail("entry points cannot take a value of type %s", check.TypeString(t))
		return nil
	}
	return walk(t, nil, pat, "")
}

// joinPath names field f of the value at path ("" when that value has
// no source name).
func joinPath(path, f string) string {
	if path == "" {
		return ""
	}
	return path + "." + f
}

// leafPaths gives the source path of every leaf of an entry point's
// result v, in the order of leaves: field names joined by dots (tuple
// components are fields 0, 1, ...); "" for the parts of sum values.
func leafPaths(v value) []string {
	var out []string
	var walk func(v value, path string)
	walk = func(v value, path string) {
		switch v := v.(type) {
		case *leaf:
			out = append(out, path)
		case *record:
			for i, f := range v.fields {
				p := v.names[i]
				if path != "" {
					p = path + "." + p
				}
				walk(f, p)
			}
		case *sum:
			out = append(out, "")
			for _, p := range v.payloads {
				for _, x := range p {
					for range leaves(x) {
						out = append(out, "")
					}
				}
			}
		}
	}
	walk(v, "")
	return out
}

// retParts groups the leaves of an entry point's result v into the values
// a caller sees (ir.Func.RetParts): each scalar or array alone, the parts
// of a sum value together. It is nil when v holds no sum value.
func retParts(v value) []int {
	var out []int
	opaque := false
	var walk func(v value)
	walk = func(v value) {
		switch v := v.(type) {
		case *record:
			for _, f := range v.fields {
				walk(f)
			}
		case *sum:
			opaque = true
			out = append(out, len(leaves(v)))
		default:
			out = append(out, len(leaves(v)))
		}
	}
	walk(v)
	if !opaque {
		return nil
	}
	return out
}

// ref is the value of a reference to binding b.
func (l *lowerer) ref(b *check.Binding, inst *check.Instance, e *env) value {
	if v, ok := e.lookup(b.ID); ok {
		// A local size-polymorphic function is instantiated at each
		// reference; a function passed as an argument already was, where
		// it was referenced.
		if c, ok := v.(*closure); ok && len(c.sizeBinds) > 0 && c.sizes == nil {
			return l.instantiate(c, inst, e)
		}
		return v
	}
	if b.Intrinsic != "" {
		return &intrinsic{b: b}
	}
	d := b.Decl
	if d == nil {
		l.fail("the size %s cannot be determined here: no argument has it as a size", b.Name)
	}
	if d.Prelude {
		l.preludeFiles[d.Pos.File] = true
	}
	if len(d.Params) == 0 {
		// A top-level constant is evaluated once, at the start of the
		// function being lowered (LANGUAGE.md §5.4), wherever it is used.
		if v, ok := l.consts[d]; ok {
			return v
		}
		if !l.isFirstOrder(d) {
			return l.withDepth(d.Bind.Name, func() value { return l.expr(d.Body, l.root) })
		}
		saved := l.b
		l.b = l.top
		v := l.withDepth(d.Bind.Name, func() value { return l.expr(d.Body, l.root) })
		l.b = saved
		l.consts[d] = v
		return v
	}
	c := &closure{params: d.Params, body: d.Body, env: l.root, sizeBinds: d.SizeBinds, name: d.Bind.Name}
	if d.Bind.Scheme != nil && len(d.Bind.Scheme.TypeParams) > 0 {
		c.env = l.root.child()
		c.env.types = map[int]check.Type{}
		sub := e.typeSubst()
		for i, p := range d.Bind.Scheme.TypeParams {
			if i < len(inst.Types) {
				c.env.types[p.ID] = check.Substitute(inst.Types[i], sub, nil)
			}
		}
	}
	if l.isRecursive(d) {
		return &recFun{d: d, types: c.env.types}
	}
	return l.instantiate(c, inst, e)
}

// instantiate records the size arguments of a reference that can be
// computed where it appears.
func (l *lowerer) instantiate(c *closure, inst *check.Instance, e *env) value {
	if len(c.sizeBinds) == 0 {
		return c
	}
	cc := *c
	cc.sizes = make([]value, len(c.sizeBinds))
	for i := range c.sizeBinds {
		if i < len(inst.Sizes) {
			cc.sizes[i] = l.sizeValue(inst.Sizes[i], e)
		}
	}
	return &cc
}

// sizeValue is the i64 value of a size, or nil if it is not known here.
func (l *lowerer) sizeValue(s check.Size, e *env) value {
	switch s := check.ResolveSize(s).(type) {
	case *check.SizeConst:
		return &leaf{ir.I64(s.N)}
	case *check.SizeVar:
		if s.Unknown {
			return nil
		}
		if v, ok := e.lookup(s.ID); ok {
			if lf, ok := v.(*leaf); ok {
				return lf
			}
		}
	case *check.SizeOp:
		key := sizeKey{s, e, l.b}
		if m, ok := l.sizeMemo[key]; ok {
			if stms := l.b.Stms(); m.at < len(stms) && stms[m.at] == m.stm {
				return m.v
			}
		}
		a, b := l.sizeValue(s.L, e), l.sizeValue(s.R, e)
		if a == nil || b == nil {
			return nil
		}
		v := &leaf{l.b.BinOp(s.Op, a.(*leaf).se, b.(*leaf).se)}
		if stms := l.b.Stms(); len(stms) > 0 {
			if l.sizeMemo == nil {
				l.sizeMemo = map[sizeKey]sizeMemo{}
			}
			l.sizeMemo[key] = sizeMemo{v, len(stms) - 1, stms[len(stms)-1]}
		}
		return v
	}
	return nil
}

func (l *lowerer) withDepth(name string, f func() value) value {
	l.depth++
	defer func() { l.depth-- }()
	if l.depth > 1000 {
		l.fail("%s: recursion is not supported", name)
	}
	return f()
}

// apply applies a function value to one argument, inlining it once all
// its arguments are there.
func (l *lowerer) apply(f value, arg value) value {
	switch f := f.(type) {
	case *closure:
		c := *f
		c.args = append(append([]value{}, f.args...), arg)
		if len(c.args) < len(c.params) {
			return &c
		}
		return l.withDepth(c.name, func() value {
			e := c.env.child()
			// Sizes come from the actual arguments' shapes first; the
			// instance's sizes only fill in those no argument determines.
			for i, p := range c.params {
				l.bindSizes(p.Type(), c.args[i], 0, e)
				l.bindPat(p, c.args[i], e)
			}
			for i, sb := range c.sizeBinds {
				if _, ok := e.vals[sb.ID]; !ok && c.sizes != nil && c.sizes[i] != nil {
					e.vals[sb.ID] = c.sizes[i]
				}
			}
			return l.expr(c.body, e)
		})
	case *recFun:
		r := &recFun{d: f.d, types: f.types, args: append(append([]value{}, f.args...), arg)}
		if len(r.args) < len(r.d.Params) {
			return r
		}
		return l.callRec(r)
	case *holeFun:
		ft, ok := check.Resolve(f.t).(*check.Func)
		if !ok {
			l.fail("application of a value that is not a function")
		}
		return l.holeValue(ft.Result, l.root)
	case *intrinsic:
		in := &intrinsic{b: f.b, args: append(append([]value{}, f.args...), arg)}
		if len(in.args) < l.arity(f.b) {
			return in
		}
		return l.intrinsic(in.b, in.args)
	}
	l.fail("application of a value that is not a function")
	return nil
}

// bindSizes binds the sizes named in t that are not bound yet (size
// parameters, let [n] bindings) from the shape of v.
func (l *lowerer) bindSizes(t check.Type, v value, depth int, e *env) {
	switch t := check.Resolve(t).(type) {
	case *check.Array:
		if sv, ok := check.ResolveSize(t.Size).(*check.SizeVar); ok && !sv.Unknown {
			if _, bound := e.lookup(sv.ID); !bound {
				if ls := leaves(v); len(ls) > 0 && ls[0].IsVar() {
					e.vals[sv.ID] = &leaf{l.dimSize(ls[0], depth)}
				}
			}
		}
		l.bindSizes(t.Elem, v, depth+1, e)
	case *check.Record:
		r, ok := v.(*record)
		if !ok {
			return
		}
		for _, f := range t.Fields {
			if fv, ok := r.field(f.Name); ok {
				l.bindSizes(f.Type, fv, depth, e)
			}
		}
	}
}

// dimSize is the size of dimension d of array s: its static size when the
// type knows it, otherwise read at run time.
func (l *lowerer) dimSize(s ir.SubExp, d int) ir.SubExp {
	if t, ok := l.typeOf(s); ok && d < t.Rank() && !t.Shape[d].IsNone() {
		return t.Shape[d]
	}
	return l.b.Let("n", &ir.Size{Arr: s.Var, Dim: d})
}

// bindPat binds the names of pattern p to the parts of v.
func (l *lowerer) bindPat(p check.Pat, v value, e *env) {
	switch p := p.(type) {
	case *check.PName:
		if !hasFunction(v) {
			l.bindSizes(p.Type(), v, 0, e)
		}
		e.vals[p.Bind.ID] = v
	case *check.PWild, *check.PLit:
	case *check.PConstr:
		sv, ok := v.(*sum)
		if !ok {
			l.fail("constructor pattern on a value that is not of a sum type")
		}
		k := consIndex(l, p.Type(), p.Name, e)
		for i, a := range p.Args {
			l.bindPat(a, sv.payloads[k][i], e)
		}
	case *check.PRecord:
		r, ok := v.(*record)
		if !ok {
			if len(p.Fields) == 0 {
				return
			}
			l.fail("record pattern on a value that is not a record")
		}
		for _, f := range p.Fields {
			fv, ok := r.field(f.Name)
			if !ok {
				l.fail("record has no field %s", f.Name)
			}
			l.bindPat(f.Pat, fv, e)
		}
	default:
		l.fail("this pattern (of type %s) is not supported here", check.TypeString(p.Type()))
	}
}

// isFirstOrder reports whether constant d's type holds no functions (a
// constant function value is inlined at each use instead).
func (l *lowerer) isFirstOrder(d *check.ValBind) bool {
	var walk func(t check.Type) bool
	walk = func(t check.Type) bool {
		switch t := check.Resolve(check.Reveal(t)).(type) {
		case *check.Func:
			return false
		case *check.Array:
			return walk(t.Elem)
		case *check.Record:
			for _, f := range t.Fields {
				if !walk(f.Type) {
					return false
				}
			}
		case *check.Param:
			return false
		}
		return true
	}
	return d.Bind.Scheme != nil && len(d.Bind.Scheme.TypeParams) == 0 && walk(d.Bind.Scheme.Type)
}
