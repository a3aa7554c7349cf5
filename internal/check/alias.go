package check

import (
	"fmt"
	"sort"

	"github.com/fluxion-lang/fluxion/internal/syntax"
)

// The uniqueness and aliasing checker (LANGUAGE-V2 §2, LANGUAGE.md §10.2).
// It runs on each finished top-level declaration and follows the
// reference compiler's rules:
//
//   - a value's aliases are the variables whose storage it may share;
//     let-bound names, slices, projections, if/match/loop results and the
//     results of functions whose result is not unique alias their sources;
//     the parts of a call's result that are not declared unique also alias
//     the call itself (a negative ID, like the reference's free alias of
//     an application), so that they alias each other even when no
//     argument is an array; consuming such a value needs nothing
//     consumable for the call's ID, but consumes it;
//   - consuming a value (an in-place update, an argument for a * parameter,
//     a loop parameter updated in the body) consumes all its aliases; each
//     must be consumable: a let-bound name, a loop parameter, or a
//     parameter declared unique, bound in the function (or loop body) being
//     checked, so never a free variable of a lambda, a local function or a
//     loop body, nor a top-level value;
//   - using a consumed variable (or an alias of it) again is an error;
//   - a unique result may not alias a parameter that is not unique, and a
//     function result may not alias a top-level array.
//
// Arguments are checked right to left and record fields left to right, as
// the reference does. Errors are added to c.errs; they do not abandon the
// declaration.

// alsTree is the aliases of a value: one set, or one per field for a
// record (a tuple's components alias independently).
type alsTree struct {
	set    map[int]bool
	fields map[string]*alsTree
}

func alsOf(ids ...int) *alsTree {
	t := &alsTree{set: map[int]bool{}}
	for _, id := range ids {
		t.set[id] = true
	}
	return t
}

// all is every variable aliased anywhere in t.
func (t *alsTree) all() map[int]bool {
	out := map[int]bool{}
	var walk func(t *alsTree)
	walk = func(t *alsTree) {
		if t == nil {
			return
		}
		for id := range t.set {
			out[id] = true
		}
		for _, f := range t.fields {
			walk(f)
		}
	}
	walk(t)
	return out
}

// field is the aliases of field name of t.
func (t *alsTree) field(name string) *alsTree {
	if t == nil {
		return nil
	}
	if t.fields != nil {
		return t.fields[name]
	}
	return t
}

// union combines the aliases of two values of the same type.
func union(a, b *alsTree) *alsTree {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	if a.fields != nil && b.fields != nil && len(a.fields) == len(b.fields) {
		out := &alsTree{fields: map[string]*alsTree{}}
		for k, f := range a.fields {
			out.fields[k] = union(f, b.fields[k])
		}
		return out
	}
	out := alsOf()
	for id := range a.all() {
		out.set[id] = true
	}
	for id := range b.all() {
		out.set[id] = true
	}
	return out
}

// withSelf adds id to every part of t (a bound name aliases itself, field
// by field).
func withSelf(t *alsTree, id int) *alsTree {
	if t == nil {
		return alsOf(id)
	}
	if t.fields != nil {
		out := &alsTree{fields: map[string]*alsTree{}}
		for k, f := range t.fields {
			out.fields[k] = withSelf(f, id)
		}
		return out
	}
	out := alsOf(id)
	for x := range t.set {
		out.set[x] = true
	}
	return out
}

// without drops the variables in drop from t.
func without(t *alsTree, drop map[int]syntax.Pos) *alsTree {
	if t == nil || len(drop) == 0 {
		return t
	}
	if t.fields != nil {
		out := &alsTree{fields: map[string]*alsTree{}}
		for k, f := range t.fields {
			out.fields[k] = without(f, drop)
		}
		return out
	}
	out := alsOf()
	for id := range t.set {
		if _, ok := drop[id]; !ok {
			out.set[id] = true
		}
	}
	return out
}

// aliasEntry is a local variable in scope.
type aliasEntry struct {
	name       string
	als        *alsTree
	consumable bool
	level      int // the function or loop body nesting it is bound in
}

type aliasChecker struct {
	c        *checker
	vtable   map[int]*aliasEntry
	consumed map[int]syntax.Pos
	level    int
	// outer collects, per function being checked, the variables of
	// enclosing functions it uses: a closure aliases them.
	outer []map[int]bool
	// consumptions counts the consumptions of variables in the function
	// being checked, so that an expression can tell whether it consumed
	// something.
	consumptions int
	// results names the values of applications whose result is not
	// unique, by negative IDs that the parts of such a value alias (so
	// that they alias each other): "result of applying "f" (at 3:9)".
	results map[int]string
}

// checkAliases checks one top-level declaration.
func (c *checker) checkAliases(vb *ValBind) {
	a := &aliasChecker{c: c, vtable: map[int]*aliasEntry{}, consumed: map[int]syntax.Pos{}, results: map[int]string{}}
	if len(vb.Params) == 0 && vb.RetGiven && aliasable(vb.RetType) && isUniqueType(vb.RetType) {
		a.errorf(vb.Pos, "A top-level constant cannot have a unique type.")
	}
	a.function(vb.Pos, vb.Bind, vb.Params, vb.RetType, vb.RetGiven, vb.Body)
	if vb.Bind.Scheme != nil && !vb.RetGiven {
		vb.RetType = resultAfter(vb.Bind.Scheme.Type, len(vb.Params))
	}
}

// markUniqueResult makes the parts of the result of b's function type,
// after n arguments, unique where fresh reports true of their aliases
// als (a copy: types share nodes).
func markUniqueResult(b *Binding, n int, als *alsTree, fresh func(*alsTree) bool) {
	// all makes every array component of t unique.
	var all func(t Type) Type
	all = func(t Type) Type {
		switch r := Resolve(t).(type) {
		case *Array:
			cp := *r
			cp.Unique = true
			return &cp
		case *Record:
			fs := make([]Field, len(r.Fields))
			for i, f := range r.Fields {
				fs[i] = Field{f.Name, all(f.Type)}
			}
			return &Record{Fields: fs, Unique: r.Unique}
		}
		return t
	}
	var parts func(t Type, als *alsTree) Type
	parts = func(t Type, als *alsTree) Type {
		if r, ok := Resolve(t).(*Record); ok && als != nil && als.fields != nil {
			fs := make([]Field, len(r.Fields))
			for i, f := range r.Fields {
				fs[i] = Field{f.Name, parts(f.Type, als.field(f.Name))}
			}
			return &Record{Fields: fs, Unique: r.Unique}
		}
		if fresh(als) {
			return all(t)
		}
		return t
	}
	var mark func(t Type, n int) Type
	mark = func(t Type, n int) Type {
		if n == 0 {
			return parts(t, als)
		}
		f, ok := Resolve(t).(*Func)
		if !ok {
			return t
		}
		cp := *f
		cp.Result = mark(f.Result, n-1)
		if n == 1 {
			cp.Unique = isUniqueResult(cp.Result)
		}
		return &cp
	}
	if b.Scheme != nil {
		sc := *b.Scheme
		sc.Type = mark(sc.Type, n)
		b.Scheme = &sc
	}
}

// resultAfter is the result of function type t after n arguments.
func resultAfter(t Type, n int) Type {
	for ; n > 0; n-- {
		f, ok := Resolve(t).(*Func)
		if !ok {
			break
		}
		t = f.Result
	}
	return t
}

func (a *aliasChecker) errorf(pos syntax.Pos, format string, args ...any) {
	a.c.errs = append(a.c.errs, a.c.newError(pos, fmt.Sprintf(format, args...)))
}

func posText(p syntax.Pos) string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// function checks a function body with its parameters bound, one level
// deeper; consumption inside it is its own. It returns the aliases of the
// function value: the variables of enclosing functions it uses.
// When the result type is not written, b's type (b may be nil) gets a
// unique result when the result aliases nothing the caller sees, as the
// reference infers it.
func (a *aliasChecker) function(pos syntax.Pos, b *Binding, params []Pat, ret Type, retGiven bool, body Expr) *alsTree {
	saved, savedCount := a.consumed, a.consumptions
	a.consumed = copyConsumed(saved)
	a.level++
	a.outer = append(a.outer, map[int]bool{})
	for _, p := range params {
		a.bindParam(p, nil, false)
	}
	als := a.expr(body)
	if retGiven {
		a.checkReturn(pos, params, ret, als)
	} else {
		a.checkReturn(pos, params, nil, als)
		if b != nil && len(params) > 0 {
			markUniqueResult(b, len(params), als, a.freshParts(params, als))
		}
	}
	free := a.outer[len(a.outer)-1]
	a.outer = a.outer[:len(a.outer)-1]
	a.level--
	a.consumed, a.consumptions = saved, savedCount
	// Variables of enclosing functions used here are used by the caller
	// too.
	out := alsOf()
	for id := range free {
		if e := a.vtable[id]; e != nil && e.level <= a.level {
			out.set[id] = true
			if len(a.outer) > 0 && e.level < a.level {
				a.outer[len(a.outer)-1][id] = true
			}
		}
	}
	return out
}

// freshParts says which parts of a result with aliases als alias nothing
// its caller can see (no parameter that is not unique, nothing outside;
// the value of a call made in the body is fresh to the caller) and
// nothing another part aliases: those the caller gets unique.
func (a *aliasChecker) freshParts(params []Pat, als *alsTree) func(*alsTree) bool {
	own := map[int]bool{}
	for _, p := range params {
		forNames(p, func(n *PName) {
			if !isUniqueType(n.T) {
				own[n.Bind.ID] = true
			}
		})
	}
	// An alias that two parts share makes neither unique.
	seen := map[int]int{}
	var count func(t *alsTree)
	count = func(t *alsTree) {
		if t == nil {
			return
		}
		if t.fields != nil {
			for _, f := range t.fields {
				count(f)
			}
			return
		}
		for id := range t.set {
			seen[id]++
		}
	}
	count(als)
	return func(part *alsTree) bool {
		for id := range part.all() {
			if seen[id] > 1 {
				return false
			}
			if isResultID(id) {
				continue
			}
			if e := a.vtable[id]; own[id] || e == nil || e.level < a.level {
				return false
			}
		}
		return true
	}
}

func copyConsumed(m map[int]syntax.Pos) map[int]syntax.Pos {
	out := make(map[int]syntax.Pos, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// checkReturn applies the rules on a function's result: a unique result
// aliases no parameter that is not unique, and no result aliases a
// top-level array.
func (a *aliasChecker) checkReturn(pos syntax.Pos, params []Pat, ret Type, als *alsTree) {
	nonUnique := map[int]string{}
	for _, p := range params {
		forNames(p, func(n *PName) {
			if !isUniqueType(n.T) && aliasable(n.T) {
				nonUnique[n.Bind.ID] = n.Bind.Name
			}
		})
	}
	var walk func(t Type, als *alsTree)
	walk = func(t Type, als *alsTree) {
		if als == nil {
			return
		}
		if r, ok := Resolve(t).(*Record); ok && als.fields != nil && !r.Unique {
			for _, f := range r.Fields {
				walk(f.Type, als.field(f.Name))
			}
			return
		}
		if !aliasable(t) || !isUniqueType(t) {
			return
		}
		for _, id := range sortedIDs(als.all()) {
			if name, ok := nonUnique[id]; ok {
				a.errorf(pos, "Unique-typed return value is aliased to %q, which is not consumable.", name)
				return
			}
		}
	}
	if ret != nil {
		walk(ret, als)
		a.distinctUniqueParts(pos, ret, als)
	}
	if len(params) > 0 && als != nil {
		for _, id := range sortedIDs(als.all()) {
			if name, ok := a.global(id); ok {
				a.errorf(pos, "Function result aliases the free variable %q. Use \"copy\" to break the aliasing.", name)
				return
			}
		}
	}
}

// distinctUniqueParts rejects a result whose unique component aliases
// another component: the caller may update the one and see the change in
// the other.
func (a *aliasChecker) distinctUniqueParts(pos syntax.Pos, ret Type, als *alsTree) {
	type part struct {
		unique bool
		ids    map[int]bool
	}
	var parts []part
	var walk func(t Type, als *alsTree)
	walk = func(t Type, als *alsTree) {
		if r, ok := Resolve(t).(*Record); ok && als != nil && als.fields != nil && !r.Unique {
			for _, f := range r.Fields {
				walk(f.Type, als.field(f.Name))
			}
			return
		}
		if als == nil || !aliasable(t) {
			return
		}
		parts = append(parts, part{isUniqueType(t), als.all()})
	}
	walk(ret, als)
	for i, p := range parts {
		if !p.unique {
			continue
		}
		for j, q := range parts {
			if i == j {
				continue
			}
			if id, ok := sharedID(p.ids, q.ids); ok {
				a.errorf(pos, "A unique component of the return value is aliased to some other component (both alias %s).", a.describe(id))
				return
			}
		}
	}
}

// global reports whether id is a top-level value seen from here, and its
// name: aliases name only locals and top-level arrays.
func (a *aliasChecker) global(id int) (string, bool) {
	if a.vtable[id] != nil {
		return "", false
	}
	name, ok := a.globals()[id]
	return name, ok
}

func (a *aliasChecker) globals() map[int]string {
	if a.c.aliasGlobals == nil {
		a.c.aliasGlobals = map[int]string{}
	}
	return a.c.aliasGlobals
}

// sharedID returns the smallest alias that both sets hold (the smallest,
// so that a message names the same one on every run).
func sharedID(x, y map[int]bool) (int, bool) {
	for _, id := range sortedIDs(x) {
		if y[id] {
			return id, true
		}
	}
	return 0, false
}

func sortedIDs(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for id := range m {
		out = append(out, id)
	}
	sort.Ints(out)
	return out
}

// forNames calls f on every name pattern in p.
func forNames(p Pat, f func(*PName)) {
	switch p := p.(type) {
	case *PName:
		f(p)
	case *PRecord:
		for _, fl := range p.Fields {
			forNames(fl.Pat, f)
		}
	case *PConstr:
		for _, x := range p.Args {
			forNames(x, f)
		}
	}
}

// bindParam binds the names of a parameter: consumable when declared
// unique (loop parameters always are, within the loop body).
func (a *aliasChecker) bindParam(p Pat, als *alsTree, loop bool) {
	a.bindPat(p, als, func(n *PName) bool { return loop || isUniqueType(n.T) })
}

// bindPat binds the names of p to the parts of a value with aliases als.
func (a *aliasChecker) bindPat(p Pat, als *alsTree, consumable func(*PName) bool) {
	switch p := p.(type) {
	case *PName:
		own := alsOf()
		if aliasable(p.T) {
			own = withSelf(als, p.Bind.ID)
		}
		a.vtable[p.Bind.ID] = &aliasEntry{name: p.Bind.Name, als: own, consumable: consumable(p), level: a.level}
	case *PRecord:
		for _, f := range p.Fields {
			a.bindPat(f.Pat, als.field(f.Name), consumable)
		}
	case *PConstr:
		for _, x := range p.Args {
			a.bindPat(x, als, consumable)
		}
	}
}

// isUniqueType reports whether t is declared unique: a unique array or
// record, or a record all of whose parts are (primitives need nothing).
func isUniqueType(t Type) bool {
	switch t := Resolve(t).(type) {
	case *Array:
		return t.Unique
	case *Param:
		return t.Unique
	case *Record:
		if t.Unique {
			return true
		}
		if len(t.Fields) == 0 {
			return false
		}
		for _, f := range t.Fields {
			if !isUniqueType(f.Type) && aliasable(f.Type) {
				return false
			}
		}
		return true
	case *Prim:
		return true
	}
	return false
}

// aliasable reports whether a value of type t can share storage with
// another: it holds an array, a value of a type parameter or abstract
// type, or a function (a closure aliases what it uses).
func aliasable(t Type) bool {
	return somePart(t, func(t Type) bool {
		switch t := t.(type) {
		case *Array, *Param, *Func, *TypeVar:
			return true
		case *Abstract:
			return t.Repr == nil || aliasable(t.Repr.Body)
		}
		return false
	})
}

// somePart reports whether p holds for t (resolved) or for a field or
// payload of it at any depth.
func somePart(t Type, p func(Type) bool) bool {
	t = Resolve(t)
	if p(t) {
		return true
	}
	switch t := t.(type) {
	case *Record:
		for _, f := range t.Fields {
			if somePart(f.Type, p) {
				return true
			}
		}
	case *Sum:
		for _, c := range t.Cons {
			for _, x := range c.Payload {
				if somePart(x, p) {
					return true
				}
			}
		}
	}
	return false
}

// observe is a use of the variables als: none may be consumed.
func (a *aliasChecker) observe(pos syntax.Pos, als *alsTree) {
	a.observeAs(pos, als, "")
}

// observeAs is observe for a use of the variable name (if not empty),
// which the message names even if what was consumed is one of its aliases.
func (a *aliasChecker) observeAs(pos syntax.Pos, als *alsTree, name string) {
	for _, id := range sortedIDs(als.all()) {
		if at, ok := a.consumed[id]; ok {
			what := a.describe(id)
			if name != "" {
				what = fmt.Sprintf("variable %q", name)
			}
			a.errorf(pos, "Using %s, but this was consumed at %s. (Possibly through aliases.)", what, posText(at))
			return
		}
	}
}

// isResultID reports whether id stands for the value of an application
// rather than a variable.
func isResultID(id int) bool { return id < 0 }

func (a *aliasChecker) name(id int) string {
	if isResultID(id) {
		return a.results[id]
	}
	if e := a.vtable[id]; e != nil {
		return e.name
	}
	return a.globals()[id]
}

func (a *aliasChecker) describe(id int) string {
	if isResultID(id) {
		return a.results[id]
	}
	if e := a.vtable[id]; e != nil {
		return fmt.Sprintf("variable %q", e.name)
	}
	if name, ok := a.globals()[id]; ok {
		return fmt.Sprintf("variable %q", name)
	}
	return "a variable"
}

// consume consumes the values als at pos.
func (a *aliasChecker) consume(pos syntax.Pos, als *alsTree) {
	ids := sortedIDs(als.all())
	for _, id := range ids {
		if isResultID(id) {
			continue
		}
		e := a.vtable[id]
		if e == nil || !e.consumable || e.level != a.level {
			a.errorf(pos, "Would consume %s, which is not consumable. (Consuming needs a unique parameter, marked *, or a fresh value; \"copy\" makes one.)", a.describe(id))
			break
		}
	}
	a.observe(pos, als)
	for _, id := range ids {
		a.consumed[id] = pos
	}
	if len(ids) > 0 {
		a.consumptions++
	}
}

// startPos is where e starts in the source: an application's position is
// its last argument's.
func startPos(e Expr) syntax.Pos {
	for {
		ap, ok := e.(*Apply)
		if !ok {
			return e.Pos()
		}
		e = ap.Fun
	}
}

// higherOrder reports whether a value of type t holds a function (a type
// parameter does not count, as in the reference).
func higherOrder(t Type) bool {
	return somePart(t, func(t Type) bool { _, ok := t.(*Func); return ok })
}

// varRef is the aliases of a use of a variable.
func (a *aliasChecker) varRef(v *VarRef) *alsTree {
	if e := a.vtable[v.Bind.ID]; e != nil {
		a.observeAs(v.At, e.als, e.name)
		if e.level < a.level && len(a.outer) > 0 {
			for id := range e.als.all() {
				a.outer[len(a.outer)-1][id] = true
			}
		}
		return e.als
	}
	// A top-level array constant aliases itself; functions and
	// polymorphic values do not.
	if v.Bind.Decl != nil && len(v.Bind.Decl.Params) == 0 && len(v.Inst.Types) == 0 && aliasable(v.T) && !ContainsFunc(v.T) {
		a.globals()[v.Bind.ID] = v.Bind.Name
		als := alsOf(v.Bind.ID)
		a.observe(v.At, als)
		return als
	}
	return nil
}

// expr checks e and returns the aliases of its value; a value that holds
// no array, type parameter or function aliases nothing.
func (a *aliasChecker) expr(e Expr) *alsTree {
	als := a.expr1(e)
	if e != nil && !aliasable(e.Type()) {
		return nil
	}
	return als
}

func (a *aliasChecker) expr1(e Expr) *alsTree {
	switch e := e.(type) {
	case *Lit, *StringLit:
		return nil
	case *VarRef:
		return a.varRef(e)
	case *ArrayLit:
		for _, x := range e.Elems {
			a.expr(x)
		}
		return nil
	case *Range:
		a.expr(e.Start)
		if e.Second != nil {
			a.expr(e.Second)
		}
		a.expr(e.End)
		return nil
	case *BinOpExpr:
		// A chain of operators nests down its left operands: walk the
		// spine with a loop (a chain of 100,000 terms would overflow the
		// stack), then check the operands in evaluation order.
		var ys []Expr
		x := Expr(e)
		for {
			b, ok := x.(*BinOpExpr)
			if !ok {
				break
			}
			ys = append(ys, b.Y)
			x = b.X
		}
		a.expr(x)
		for k := len(ys) - 1; k >= 0; k-- {
			a.expr(ys[k])
		}
		return nil
	case *UnOpExpr:
		a.expr(e.X)
		return nil
	case *Apply:
		return a.apply(e)
	case *Lambda:
		return a.function(e.At, nil, e.Params, lambdaResult(e), true, e.Body)
	case *LetFun:
		als := a.function(e.At, e.Bind, e.Params, e.RetType, e.RetGiven, e.Value)
		a.vtable[e.Bind.ID] = &aliasEntry{name: e.Bind.Name, als: als, level: a.level}
		return a.expr(e.Body)
	case *Let:
		n := a.consumptions
		v := a.expr(e.Value)
		// A function value that consumed something (a partial
		// application of a consuming function) would consume it again at
		// each call.
		if a.consumptions != n && higherOrder(e.Value.Type()) {
			a.errorf(startPos(e.Value), "Let-bound expression of higher-order type %s contains consumption, which is not allowed.", TypeString(e.Value.Type()))
		}
		for _, s := range e.Sizes {
			a.vtable[s.ID] = &aliasEntry{name: s.Name, als: alsOf(), level: a.level}
		}
		a.bindPat(e.Pat, v, func(*PName) bool { return true })
		return a.expr(e.Body)
	case *If:
		a.expr(e.Cond)
		return a.branches([]func() *alsTree{
			func() *alsTree { return a.expr(e.Then) },
			func() *alsTree { return a.expr(e.Else) },
		})
	case *Match:
		x := a.expr(e.X)
		var bs []func() *alsTree
		for _, cs := range e.Cases {
			cs := cs
			bs = append(bs, func() *alsTree {
				a.bindPat(cs.Pat, x, func(*PName) bool { return true })
				return a.expr(cs.Body)
			})
		}
		return a.branches(bs)
	case *Loop:
		return a.loop(e)
	case *RecordLit:
		out := &alsTree{fields: map[string]*alsTree{}}
		for _, f := range e.Fields {
			out.fields[f.Name] = a.expr(f.Value)
		}
		return out
	case *Project:
		return a.expr(e.X).field(e.Field)
	case *Index:
		x := a.expr(e.X)
		a.indices(e.Indices)
		if !aliasable(e.T) {
			return nil
		}
		return alsOf(sortedIDs(x.all())...)
	case *Update:
		return a.update(e)
	case *Coerce:
		return a.expr(e.X)
	case *Assert:
		a.expr(e.Cond)
		return a.expr(e.Body)
	case *Constr:
		var out *alsTree
		for _, x := range e.Args {
			out = union(out, flat(a.expr(x)))
		}
		return out
	}
	return nil
}

func flat(t *alsTree) *alsTree {
	if t == nil || t.fields == nil {
		return t
	}
	return alsOf(sortedIDs(t.all())...)
}

func lambdaResult(l *Lambda) Type {
	t := l.T
	for range l.Params {
		f, ok := Resolve(t).(*Func)
		if !ok {
			return nil
		}
		t = f.Result
	}
	return t
}

func (a *aliasChecker) indices(ds []*DimIndex) {
	for _, d := range ds {
		for _, x := range []Expr{d.Index, d.Start, d.End, d.Stride} {
			if x != nil {
				a.expr(x)
			}
		}
	}
}

// branches checks alternatives from the same state: what any of them
// consumes is consumed after, and the result aliases what any of them
// does, except what was consumed.
func (a *aliasChecker) branches(bs []func() *alsTree) *alsTree {
	before := a.consumed
	all := copyConsumed(before)
	var out *alsTree
	for _, b := range bs {
		a.consumed = copyConsumed(before)
		out = union(out, b())
		for k, v := range a.consumed {
			all[k] = v
		}
	}
	a.consumed = all
	return without(out, all)
}

// update checks x with [i] = v (consuming x) or a record update.
func (a *aliasChecker) update(e *Update) *alsTree {
	inPlace := false
	for _, st := range e.Steps {
		if st.Indices != nil {
			inPlace = true
			a.indices(st.Indices)
		}
	}
	if !inPlace {
		// r with f = v: the record is read before the value (which may
		// consume one of its fields); the field gets v's aliases.
		src := a.expr(e.X)
		v := a.expr(e.Value)
		var set func(t *alsTree, path []string) *alsTree
		set = func(t *alsTree, path []string) *alsTree {
			if len(path) == 0 {
				return v
			}
			if t == nil || t.fields == nil {
				return union(t, flat(v))
			}
			out := &alsTree{fields: map[string]*alsTree{}}
			for k, f := range t.fields {
				out.fields[k] = f
			}
			out.fields[path[0]] = set(t.fields[path[0]], path[1:])
			return out
		}
		var path []string
		for _, st := range e.Steps {
			path = append(path, st.Field)
		}
		return set(src, path)
	}
	v := a.expr(e.Value)
	src := a.expr(e.X)
	srcIDs := src.all()
	for id := range v.all() {
		if srcIDs[id] {
			a.errorf(e.Value.Pos(), "Source array for in-place update might alias update value. Hint: use \"copy\" to remove aliases from the value.")
			break
		}
	}
	a.consume(e.X.Pos(), src)
	return nil
}

// apply checks an application spine f a1 ... an.
func (a *aliasChecker) apply(e *Apply) *alsTree {
	// Applications nest through their arguments (x |> f |> g, chains of a
	// user-defined operator): the frames of such a chain are kept on an
	// explicit stack rather than by recursion, which a chain of 100,000
	// terms would overflow. Each frame checks its arguments right to left
	// as the reference evaluates them; at its nested application it waits
	// for the frame above it to finish.
	var stack []*applyFrame
	fr := newApplyFrame(e)
	for {
		if nested, ok := a.applyArgs(fr); ok {
			stack = append(stack, fr)
			fr = newApplyFrame(nested)
			continue
		}
		res := a.applyDone(fr)
		if len(stack) == 0 {
			return res
		}
		fr = stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !aliasable(fr.args[fr.i].Type()) {
			res = nil
		}
		a.applyArg(fr, res)
	}
}

// applyFrame is the state of checking one application: its function, its
// arguments and their aliases, and the next argument to check (i, counting
// down).
type applyFrame struct {
	e         *Apply
	f         Expr
	args      []Expr
	params    []Type
	ret       Type // the declared result after the arguments (nil if unknown)
	resUnique bool
	argAls    []*alsTree
	i         int
	// mark is a.consumptions before argument i was checked.
	mark int
}

func newApplyFrame(e *Apply) *applyFrame {
	var args []Expr
	var f Expr = e
	for {
		ap, ok := f.(*Apply)
		if !ok {
			break
		}
		args = append([]Expr{ap.Arg}, args...)
		f = ap.Fun
	}
	params, ret, resUnique := declaredParams(f, len(args))
	return &applyFrame{e: e, f: f, args: args, params: params, ret: ret, resUnique: resUnique, argAls: make([]*alsTree, len(args)), i: len(args) - 1}
}

// applyArgs checks fr's remaining arguments, right to left, until one is
// itself an application, which it returns for the caller to check first.
func (a *aliasChecker) applyArgs(fr *applyFrame) (*Apply, bool) {
	for fr.i >= 0 {
		fr.mark = a.consumptions
		if ap, ok := fr.args[fr.i].(*Apply); ok {
			return ap, true
		}
		a.applyArg(fr, a.expr(fr.args[fr.i]))
	}
	return nil, false
}

// applyArg records the aliases of argument fr.i and moves to the next.
func (a *aliasChecker) applyArg(fr *applyFrame, als *alsTree) {
	i := fr.i
	fr.argAls[i] = als
	if a.consumptions != fr.mark && higherOrder(fr.args[i].Type()) {
		a.errorf(startPos(fr.args[i]), "Argument of functional type %s contains consumption, which is not allowed.", TypeString(fr.args[i].Type()))
	}
	if consumesParam(fr.args[i]) {
		a.errorf(fr.args[i].Pos(), "Function passed as argument may not consume its own argument (its parameter is unique).")
	}
	if i < len(fr.params) && fr.params[i] != nil && isUniqueType(fr.params[i]) && aliasable(fr.params[i]) {
		a.overlappingArgs(fr.args, fr.argAls, i)
		a.selfAliased(startPos(fr.args[i]), als)
		a.consume(fr.args[i].Pos(), fr.argAls[i])
	}
	fr.i--
}

// applyDone checks fr's function once its arguments are checked and
// returns the aliases of the application's value.
func (a *aliasChecker) applyDone(fr *applyFrame) *alsTree {
	fAls := a.expr(fr.f)
	if fr.resUnique || !aliasable(fr.e.T) {
		return nil
	}
	out := flat(fAls)
	for i, x := range fr.argAls {
		if i < len(fr.params) && fr.params[i] != nil && isUniqueType(fr.params[i]) && aliasable(fr.params[i]) {
			continue
		}
		out = union(out, flat(x))
	}
	// Every part not declared unique aliases the observed arguments and
	// the call's own ID.
	id := -(len(a.results) + 1)
	what := "application"
	if v, ok := fr.f.(*VarRef); ok {
		what = fmt.Sprintf("applying %q", v.Bind.Name)
	}
	a.results[id] = fmt.Sprintf("result of %s (at %s)", what, posText(startPos(fr.e)))
	shared := withSelf(out, id)
	var parts func(t Type) *alsTree
	parts = func(t Type) *alsTree {
		if r, ok := Resolve(t).(*Record); ok && !r.Unique {
			tr := &alsTree{fields: map[string]*alsTree{}}
			for _, f := range r.Fields {
				tr.fields[f.Name] = parts(f.Type)
			}
			return tr
		}
		if !aliasable(t) || isUniqueType(t) {
			return alsOf()
		}
		return shared
	}
	if fr.ret == nil {
		return shared
	}
	return parts(fr.ret)
}

// selfAliased reports an argument for a consuming parameter whose parts
// (the components of a tuple or record) alias each other: the function
// may update each part as its own array.
func (a *aliasChecker) selfAliased(pos syntax.Pos, als *alsTree) {
	if als == nil || als.fields == nil {
		return
	}
	var sets []map[int]bool
	var walk func(t *alsTree)
	walk = func(t *alsTree) {
		if t == nil {
			return
		}
		if t.fields == nil {
			sets = append(sets, t.all())
			return
		}
		names := make([]string, 0, len(t.fields))
		for k := range t.fields {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			walk(t.fields[k])
		}
	}
	walk(als)
	for i := range sets {
		for j := i + 1; j < len(sets); j++ {
			if id, ok := sharedID(sets[i], sets[j]); ok {
				a.errorf(pos, "Argument passed for consuming parameter is self-aliased: two of its parts alias %s.", a.describe(id))
				return
			}
		}
	}
}

// overlappingArgs reports a consumed argument i that aliases an argument
// after it (checked before it, right to left).
func (a *aliasChecker) overlappingArgs(args []Expr, als []*alsTree, i int) {
	mine := als[i].all()
	for j := i + 1; j < len(args); j++ {
		for _, id := range sortedIDs(als[j].all()) {
			if mine[id] && !isResultID(id) {
				a.errorf(args[i].Pos(), "Argument is consumed, but aliases %s which is also aliased by another argument at %s.", a.describe(id), posText(args[j].Pos()))
				return
			}
		}
	}
}

// declaredParams is the declared parameter types of the function f
// applied to n arguments (nil where unknown) and whether its result after
// them is declared unique: the binding's own type, not the instance, so
// that a type parameter instantiated with a unique type consumes nothing.
func declaredParams(f Expr, n int) ([]Type, Type, bool) {
	var t Type
	switch f := f.(type) {
	case *VarRef:
		if f.Bind.Scheme != nil {
			t = f.Bind.Scheme.Type
		}
	case *Lambda:
		t = f.T
	}
	if t == nil {
		t = f.Type()
	}
	var params []Type
	unique := false
	for i := 0; i < n; i++ {
		ft, ok := Resolve(t).(*Func)
		if !ok {
			return params, nil, unique
		}
		params = append(params, ft.Param)
		unique = ft.Unique || isUniqueResult(ft.Result)
		t = ft.Result
	}
	return params, t, unique
}

func isUniqueResult(t Type) bool {
	if _, ok := Resolve(t).(*Func); ok {
		return false
	}
	return aliasable(t) && isUniqueType(t)
}

// consumesParam reports whether e is a function that consumes one of its
// parameters: such a function may not be passed as an argument.
func consumesParam(e Expr) bool {
	var t Type
	switch e := e.(type) {
	case *VarRef:
		if e.Bind.Scheme == nil || e.Bind.Intrinsic != "" {
			return false
		}
		t = e.Bind.Scheme.Type
	case *Lambda:
		t = e.T
	default:
		return false
	}
	for {
		f, ok := Resolve(t).(*Func)
		if !ok {
			return false
		}
		if aliasable(f.Param) && isUniqueType(f.Param) {
			return true
		}
		t = f.Result
	}
}

// consumesArg reports whether a parameter of type t consumes (part of)
// its argument.
func consumesArg(t Type) bool {
	return somePart(t, func(t Type) bool {
		switch t := t.(type) {
		case *Array:
			return t.Unique
		case *Param:
			return t.Unique
		case *Record:
			return t.Unique
		}
		return false
	})
}

// hideConsumption rejects a value of type actual where type expected is
// written (a type ascription, a declared return type, a pattern's type)
// when a function in actual consumes an argument that the same function
// type in expected does not: the annotation would hide the consumption
// from the callers.
func (c *checker) hideConsumption(pos syntax.Pos, expected, actual Type) {
	if msg := hiddenConsumption(expected, actual); msg != "" {
		c.fail(pos, "%s", msg)
	}
}

// hiddenConsumption is the message of hideConsumption, or "".
func hiddenConsumption(expected, actual Type) string {
	switch e := Resolve(expected).(type) {
	case *Func:
		a, ok := Resolve(actual).(*Func)
		if !ok {
			return ""
		}
		if !consumesArg(e.Param) && consumesArg(a.Param) {
			known := func(v *SizeVar) bool { return !v.Unknown }
			return fmt.Sprintf("Parameters %s and %s are incompatible regarding consuming their arguments.", TypeStringSizes(e.Param, known), TypeStringSizes(a.Param, known))
		}
		return hiddenConsumption(e.Result, a.Result)
	case *Record:
		a, ok := Resolve(actual).(*Record)
		if !ok || len(a.Fields) != len(e.Fields) {
			return ""
		}
		for i, f := range e.Fields {
			if a.Fields[i].Name == f.Name {
				if msg := hiddenConsumption(f.Type, a.Fields[i].Type); msg != "" {
					return msg
				}
			}
		}
	}
	return ""
}

// loop checks a loop the reference's way: a loop parameter the body
// consumes consumes the initial value; the body may consume nothing else
// from outside.
func (a *aliasChecker) loop(e *Loop) *alsTree {
	init := a.expr(e.Init)
	if e.For != nil {
		a.expr(e.For.Bound)
	}
	if e.ForIn != nil {
		a.expr(e.ForIn.Array)
	}
	before, beforeCount := a.consumed, a.consumptions
	a.consumed = copyConsumed(before)
	a.level++
	a.outer = append(a.outer, map[int]bool{})
	a.bindParam(e.Pat, nil, true)
	if e.For != nil {
		a.vtable[e.For.Var.ID] = &aliasEntry{name: e.For.Var.Name, als: alsOf(), level: a.level}
	}
	if e.ForIn != nil {
		a.bindPat(e.ForIn.Pat, nil, func(*PName) bool { return false })
	}
	if e.While != nil {
		a.expr(e.While.Cond)
	}
	body := a.expr(e.Body)
	bodyConsumed := a.consumed
	uses := a.outer[len(a.outer)-1]
	a.outer = a.outer[:len(a.outer)-1]
	a.level--
	a.consumed, a.consumptions = before, beforeCount
	for id := range uses {
		if len(a.outer) > 0 {
			if en := a.vtable[id]; en != nil && en.level < a.level {
				a.outer[len(a.outer)-1][id] = true
			}
		}
	}
	// Which parts of the parameter does the body consume? The others
	// pass their initial values' aliases on to the loop's result.
	// The new value of a consumed parameter must not alias anything from
	// outside the loop, which the next iteration would update.
	// A parameter is consuming when the body consumes it or it is
	// declared unique (*); either way it consumes its initial value.
	var rets []loopRet
	var consumedInit *alsTree
	var walk func(p Pat, init, res *alsTree)
	walk = func(p Pat, init, res *alsTree) {
		switch p := p.(type) {
		case *PName:
			_, consuming := bodyConsumed[p.Bind.ID]
			consuming = consuming || (isUniqueType(p.T) && aliasable(p.T))
			rets = append(rets, loopRet{p, res, consuming})
			if consuming {
				consumedInit = union(consumedInit, flat(init))
				for _, id := range sortedIDs(res.all()) {
					if isResultID(id) {
						continue
					}
					if en := a.vtable[id]; en == nil || en.level <= a.level {
						a.errorf(e.At, "Return value for consuming loop parameter %q aliases %q.", p.Bind.Name, a.name(id))
						break
					}
				}
			}
		case *PRecord:
			for _, f := range p.Fields {
				walk(f.Pat, init.field(f.Name), res.field(f.Name))
			}
		}
	}
	walk(e.Pat, init, body)
	params := map[int]bool{}
	forNames(e.Pat, func(n *PName) { params[n.Bind.ID] = true })
	a.loopResults(e.At, rets, params)
	if consumedInit != nil {
		ids := consumedInit.all()
		for _, id := range sortedIDs(uses) {
			if ids[id] && !isResultID(id) {
				a.errorf(e.At, "Loop body uses %s (or an alias), but this is consumed by the initial loop argument.", a.describe(id))
				break
			}
		}
		a.consume(e.Init.Pos(), consumedInit)
	}
	if !aliasable(e.T) {
		return nil
	}
	// The loop's value, part by part as the parameter's pattern gives
	// them: a consuming parameter's new value aliases nothing outside the
	// loop (that was checked above); any other part aliases its initial
	// value and what its new value aliases outside the loop.
	outside := func(t *alsTree) *alsTree {
		out := alsOf()
		for id := range t.all() {
			if en := a.vtable[id]; !params[id] && (en == nil || en.level <= a.level) {
				out.set[id] = true
			}
		}
		return out
	}
	var result func(p Pat, init, res *alsTree) *alsTree
	result = func(p Pat, init, res *alsTree) *alsTree {
		switch p := p.(type) {
		case *PName:
			if _, ok := bodyConsumed[p.Bind.ID]; ok || (isUniqueType(p.T) && aliasable(p.T)) {
				return alsOf()
			}
		case *PRecord:
			out := &alsTree{fields: map[string]*alsTree{}}
			for _, f := range p.Fields {
				out.fields[f.Name] = result(f.Pat, init.field(f.Name), res.field(f.Name))
			}
			return out
		}
		return outside(union(flat(init), flat(res)))
	}
	return result(e.Pat, init, body)
}

// loopRet is a loop parameter, the aliases of its new value, and whether
// it is consuming.
type loopRet struct {
	p         *PName
	res       *alsTree
	consuming bool
}

// loopResults checks the new values of a loop's consuming parameters: the
// next iteration may update them, so they may alias no other loop
// parameter and no other parameter's new value.
func (a *aliasChecker) loopResults(at syntax.Pos, rets []loopRet, params map[int]bool) {
	consuming := map[int]bool{}
	for _, r := range rets {
		if r.consuming {
			consuming[r.p.Bind.ID] = true
		}
	}
	// First a new value that is another parameter (or an alias of one),
	// then new values that alias each other.
	for _, r := range rets {
		if !r.consuming {
			continue
		}
		for _, id := range sortedIDs(r.res.all()) {
			if !params[id] || id == r.p.Bind.ID {
				continue
			}
			if consuming[id] {
				a.errorf(at, "Return value for loop parameter %q aliases other consumed loop parameter %q.", r.p.Bind.Name, a.name(id))
			} else {
				a.errorf(at, "Return value for consuming loop parameter %q aliases %q.", r.p.Bind.Name, a.name(id))
			}
			return
		}
	}
	for i, r := range rets {
		if !r.consuming {
			continue
		}
		mine := r.res.all()
		for j, q := range rets {
			if j == i {
				continue
			}
			if _, ok := sharedID(q.res.all(), mine); ok {
				a.errorf(at, "Return value for consuming loop parameter %q aliases previously returned value (the new value of %q).", r.p.Bind.Name, q.p.Bind.Name)
				return
			}
		}
	}
}
