package ir

import (
	"fmt"
	"strings"
)

// VerifyError is an ill-formed construct found by the verifier.
type VerifyError struct {
	Func string
	Pos  Pos
	Msg  string
}

func (e *VerifyError) Error() string {
	var b strings.Builder
	b.WriteString("ir: ")
	if e.Func != "" {
		b.WriteString("in " + e.Func + ": ")
	}
	if e.Pos.IsKnown() {
		b.WriteString(e.Pos.String() + ": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Verify checks that p is well formed: every name is defined once and
// before use, operands have the types their operators need, lambdas fit
// the SOACs that apply them, bodies return what their construct declares,
// statically known shapes agree, and no array is used after it (or an
// array sharing its storage) has been consumed. It returns the first
// problem found.
func Verify(p *Program) error {
	for _, f := range p.Funcs {
		if err := verifyFunc(f, p, true); err != nil {
			return err
		}
	}
	return nil
}

// VerifyFunc checks one function (see Verify); calls to other functions
// are checked only against their stated result types.
func VerifyFunc(f *Func) error { return verifyFunc(f, nil, true) }

// VerifyTypes is Verify without the consumption rules: for the IR the
// lowering gives before copies are inserted, where an array may still be
// used after a statement consumes it.
func VerifyTypes(p *Program) error {
	for _, f := range p.Funcs {
		if err := verifyFunc(f, p, false); err != nil {
			return err
		}
	}
	return nil
}

func verifyFunc(f *Func, prog *Program, consumption bool) (err error) {
	v := newVerifier(f.Name)
	v.prog = prog
	v.noConsumption = !consumption
	defer v.recover(&err)
	if f.Body == nil {
		v.fail(f.Pos, "function without body")
	}
	v.implicitSizes(f.Params, f.Pos)
	for _, p := range f.Params {
		v.bind(p, f.Pos)
	}
	for _, t := range f.Ret {
		v.typeSizes(t, f.Pos)
	}
	v.body(f.Body, f.Ret, f.Pos, "function result")
	return nil
}

// VerifyLambda checks l in an environment that gives the types of its
// free variables (for passes that build lambdas on their own).
func VerifyLambda(l *Lambda, env TypeEnv) (err error) {
	v := newVerifier("")
	v.outer = env
	defer v.recover(&err)
	v.lambda(l, Pos{}, "lambda")
	return nil
}

type verifier struct {
	// noConsumption skips the consumption rules (VerifyTypes).
	noConsumption bool
	prog          *Program
	fn            string
	types         map[VName]Type
	outer         TypeEnv
	scope         []VName
	defined       map[VName]bool
	roots         map[VName][]VName
	consumed      map[VName]Pos
}

func newVerifier(fn string) *verifier {
	return &verifier{
		fn:       fn,
		types:    map[VName]Type{},
		defined:  map[VName]bool{},
		roots:    map[VName][]VName{},
		consumed: map[VName]Pos{},
	}
}

type verifyFailure struct{ err *VerifyError }

func (v *verifier) fail(pos Pos, format string, args ...any) {
	panic(verifyFailure{&VerifyError{Func: v.fn, Pos: pos, Msg: fmt.Sprintf(format, args...)}})
}

func (v *verifier) recover(err *error) {
	if r := recover(); r != nil {
		f, ok := r.(verifyFailure)
		if !ok {
			panic(r)
		}
		*err = f.err
	}
}

func (v *verifier) lookup(n VName) (Type, bool) {
	if t, ok := v.types[n]; ok {
		return t, true
	}
	if v.outer != nil {
		return v.outer(n)
	}
	return Type{}, false
}

func (v *verifier) rootsOf(n VName) []VName {
	if r, ok := v.roots[n]; ok {
		return r
	}
	return []VName{n}
}

// use checks that n is in scope and not consumed.
func (v *verifier) use(n VName, pos Pos) {
	if _, ok := v.lookup(n); !ok {
		v.fail(pos, "%v is not defined", n)
	}
	for _, r := range v.rootsOf(n) {
		if at, ok := v.consumed[r]; ok {
			if r == n {
				v.fail(pos, "%v is used after being consumed at %v", n, at)
			}
			v.fail(pos, "%v is used after %v, whose storage it shares, was consumed at %v", n, r, at)
		}
	}
}

func (v *verifier) typeSizes(t Type, pos Pos) {
	for _, d := range t.Shape {
		if d.IsVar() {
			v.use(d.Var, pos)
		}
	}
	if t.Elem.String() == "invalid" {
		v.fail(pos, "invalid element type")
	}
}

func (v *verifier) bind(p Param, pos Pos) {
	if p.Name.IsZero() {
		v.fail(pos, "binding of no name")
	}
	if v.defined[p.Name] {
		v.fail(pos, "%v is defined twice", p.Name)
	}
	v.typeSizes(p.Type, pos)
	v.defined[p.Name] = true
	v.types[p.Name] = p.Type
	v.scope = append(v.scope, p.Name)
}

// implicitSizes binds the size variables that parameter types mention but
// no parameter defines (they come from the arguments' shapes).
func (v *verifier) implicitSizes(ps []Param, pos Pos) {
	params := Names{}
	for _, p := range ps {
		params.Add(p.Name)
	}
	for _, p := range ps {
		for _, d := range p.Type.Shape {
			if d.IsVar() && !params.Has(d.Var) && !v.defined[d.Var] {
				v.bind(Param{Name: d.Var, Type: i64}, pos)
			}
		}
	}
}

func (v *verifier) mark() int { return len(v.scope) }

func (v *verifier) unwind(m int) {
	for _, n := range v.scope[m:] {
		delete(v.types, n)
	}
	v.scope = v.scope[:m]
}

// consume marks n and everything it shares storage with as consumed.
func (v *verifier) consume(n VName, pos Pos) {
	v.use(n, pos)
	if v.noConsumption {
		return
	}
	for _, r := range v.rootsOf(n) {
		v.consumed[r] = pos
	}
}

func (v *verifier) subExp(s SubExp, pos Pos) {
	if s.IsVar() {
		v.use(s.Var, pos)
	}
}

// body checks b and that its results fit ret.
func (v *verifier) body(b *Body, ret []Type, pos Pos, what string) {
	if b == nil {
		v.fail(pos, "missing body")
	}
	m := v.mark()
	for _, s := range b.Stms {
		v.stm(s)
	}
	if len(b.Result) != len(ret) {
		v.fail(pos, "%s: %d values returned, want %d", what, len(b.Result), len(ret))
	}
	for i, r := range b.Result {
		v.subExp(r, pos)
		t, err := typer{v.lookup}.subExp(r)
		if err != nil {
			v.fail(pos, "%s %d: %v", what, i, err)
		}
		if !t.Compatible(ret[i]) {
			v.fail(pos, "%s %d (%v) has type %v, want %v", what, i, r, t, ret[i])
		}
	}
	v.unwind(m)
}

func (v *verifier) lambda(l *Lambda, pos Pos, what string) {
	if l == nil || l.Body == nil {
		v.fail(pos, "%s: missing lambda", what)
	}
	m := v.mark()
	for _, p := range l.Params {
		v.bind(p, pos)
	}
	for _, t := range l.Ret {
		v.typeSizes(t, pos)
	}
	v.body(l.Body, l.Ret, pos, what+" result")
	v.unwind(m)
}

// nested checks a lambda or loop body that may run many times: it must not
// consume free variables. It returns which of params it consumes.
func (v *verifier) nested(pos Pos, what string, params []Param, check func()) []bool {
	before := v.snapshot()
	check()
	out := make([]bool, len(params))
	for n, at := range v.consumed {
		if _, ok := before[n]; ok {
			continue
		}
		found := false
		for i, p := range params {
			if p.Name == n {
				out[i], found = true, true
			}
		}
		if !found && v.isFreeOutside(n) {
			v.fail(at, "%s consumes %v, which is defined outside it", what, n)
		}
	}
	v.restore(before)
	return out
}

// pure checks a lambda that must consume nothing, not even its
// parameters (they may be bound to views of arrays still in use).
func (v *verifier) pure(l *Lambda, pos Pos, what string) {
	var ps []Param
	if l != nil {
		ps = l.Params
	}
	used := v.nested(pos, what, ps, func() { v.lambda(l, pos, what) })
	for i, u := range used {
		if u {
			v.fail(pos, "%s consumes its parameter %v", what, ps[i].Name)
		}
	}
}

// isFreeOutside reports whether n is still in scope after leaving a nested
// construct, i.e. was defined outside it.
func (v *verifier) isFreeOutside(n VName) bool {
	_, ok := v.types[n]
	return ok
}

func (v *verifier) snapshot() map[VName]Pos {
	s := make(map[VName]Pos, len(v.consumed))
	for k, p := range v.consumed {
		s[k] = p
	}
	return s
}

func (v *verifier) restore(s map[VName]Pos) { v.consumed = s }

func (v *verifier) stm(s *Stm) {
	if s == nil {
		v.fail(Pos{}, "missing statement")
	}
	pos := s.Pos
	ts, err := ExpTypes(s.Exp, v.lookup)
	if err != nil {
		v.fail(pos, "%v", err)
	}
	// Uses are checked before consumption so that `a with [i] = a[j]`-like
	// statements that read and consume the same array are accepted.
	(&Visitor{Use: func(n VName) { v.use(n, pos) }}).Exp(shallow(s.Exp))
	var consumed []VName
	switch e := s.Exp.(type) {
	case *Apply:
		if v.prog != nil {
			g := v.prog.Func(e.Func)
			if g == nil {
				v.fail(pos, "call of undefined function %s", e.Func)
			}
			if len(g.Params) != len(e.Args) || len(g.Ret) != len(e.Ret) {
				v.fail(pos, "%s takes %d arguments and gives %d results; the call has %d and %d", e.Func, len(g.Params), len(g.Ret), len(e.Args), len(e.Ret))
			}
			for i, a := range e.Args {
				t, _ := typer{v.lookup}.subExp(a)
				if t.Elem != g.Params[i].Type.Elem || t.Rank() != g.Params[i].Type.Rank() || t.Acc != g.Params[i].Type.Acc {
					v.fail(pos, "argument %d of %s has type %v, want %v", i+1, e.Func, t, g.Params[i].Type)
				}
			}
		}
	case *Update:
		consumed = []VName{e.Arr}
	case *Hist:
		consumed = e.Dests
		v.pure(e.Op, pos, "hist operator")
	case *Scatter:
		consumed = e.Dests
	case *UpdAcc:
		consumed = []VName{e.Acc}
	case *WithAcc:
		for _, in := range e.Inputs {
			consumed = append(consumed, in.Arr)
			if in.Op != nil {
				v.pure(in.Op, pos, "withacc operator")
			}
		}
		v.lambda(e.F, pos, "withacc lambda")
	case *If:
		before := v.snapshot()
		v.body(e.Then, e.Ret, pos, "then branch")
		afterThen := v.consumed
		v.restore(before)
		v.body(e.Else, e.Ret, pos, "else branch")
		for n, p := range afterThen {
			v.consumed[n] = p
		}
	case *Loop:
		m := v.mark()
		if f, ok := e.Form.(*For); ok {
			v.bind(Param{Name: f.I, Type: Scalar(f.T)}, pos)
		}
		for _, p := range e.Params {
			v.bind(p, pos)
		}
		ret := make([]Type, len(e.Params))
		for i, p := range e.Params {
			ret[i] = p.Type
		}
		used := v.nested(pos, "loop body", e.Params, func() { v.body(e.Body, ret, pos, "loop body result") })
		v.unwind(m)
		// A consumed parameter is updated in place in the next iteration,
		// so the body must not hand it storage that lives outside the loop.
		for i, u := range used {
			r := e.Body.Result[i]
			if !u || !r.IsVar() {
				continue
			}
			for _, root := range v.rootsOf(r.Var) {
				if _, outside := v.types[root]; outside {
					v.fail(pos, "loop parameter %v is consumed in the loop, but the body returns %v, which shares storage with %v from outside the loop", e.Params[i].Name, r.Var, root)
				}
			}
		}
		for i, init := range e.Init {
			if used[i] && init.IsVar() {
				consumed = append(consumed, init.Var)
			}
		}
	case *Map:
		used := v.nested(pos, "map lambda", e.F.Params, func() { v.lambda(e.F, pos, "map lambda") })
		for i, u := range used {
			if u {
				consumed = append(consumed, e.Arrs[i])
			}
		}
	case *Screma:
		used := v.nested(pos, "screma lambda", e.F.Params, func() { v.lambda(e.F, pos, "screma lambda") })
		for i, u := range used {
			if u {
				consumed = append(consumed, e.Arrs[i])
			}
		}
		for _, sc := range e.Scans {
			v.pure(sc.Op, pos, "screma scan operator")
		}
		for _, r := range e.Reds {
			v.pure(r.Op, pos, "screma reduce operator")
		}
		for _, h := range e.Hists {
			v.pure(h.Op, pos, "screma hist operator")
			consumed = append(consumed, h.Dests...)
		}
		for _, sc := range e.Scatters {
			consumed = append(consumed, sc.Dests...)
		}
	case *Reduce:
		v.pure(e.Op, pos, "reduce operator")
	case *Scan:
		v.pure(e.Op, pos, "scan operator")
	case *JVP:
		v.pure(e.F, pos, "jvp lambda")
	case *VJP:
		v.pure(e.F, pos, "vjp lambda")
	case *WithVJP:
		v.pure(e.F, pos, "with_vjp lambda")
		v.pure(e.Rule, pos, "with_vjp rule")
		rule := e.Rule
		for i, p := range e.F.Params {
			if !rule.Ret[i].Compatible(p.Type) {
				v.fail(pos, "with_vjp rule result %d has type %v, want %v", i, rule.Ret[i], p.Type)
			}
		}
	}
	// The storage each result may share (ir.AliasSources), taken before
	// this statement's consumption.
	var roots [][]VName
	for i, srcs := range AliasSources(s) {
		if i == 0 {
			roots = make([][]VName, len(s.Pat))
		}
		for _, n := range srcs {
			roots[i] = append(roots[i], v.rootsOf(n)...)
		}
	}
	for _, c := range consumed {
		v.consume(c, pos)
	}
	if len(s.Pat) != len(ts) {
		v.fail(pos, "pattern binds %d names, expression gives %d values", len(s.Pat), len(ts))
	}
	for i, p := range s.Pat {
		if !p.Type.Compatible(ts[i]) {
			v.fail(pos, "%v is declared %v, but the expression gives %v", p.Name, p.Type, ts[i])
		}
		v.bind(p, pos)
		if i < len(roots) && len(roots[i]) > 0 && !p.Type.IsScalar() {
			rs := []VName{p.Name}
			for _, r := range roots[i] {
				// Storage this statement consumed now belongs to its result.
				if _, gone := v.consumed[r]; !gone {
					rs = append(rs, r)
				}
			}
			v.roots[p.Name] = rs
		}
	}
}

// shallow returns e without its bodies and lambdas, whose names the
// verifier checks in their own scopes.
func shallow(e Exp) Exp {
	switch e := e.(type) {
	case *If:
		return &Atom{X: e.Cond}
	case *Loop:
		h := &loopHead{init: e.Init}
		if f, ok := e.Form.(*For); ok {
			h.bound = f.Bound
		}
		return h
	case *Map:
		c := *e
		c.F = nil
		return &c
	case *Reduce:
		c := *e
		c.Op = nil
		return &c
	case *Scan:
		c := *e
		c.Op = nil
		return &c
	case *Hist:
		c := *e
		c.Op = nil
		return &c
	case *Screma:
		c := &Screma{W: e.W, Arrs: e.Arrs}
		for _, sc := range e.Scans {
			c.Scans = append(c.Scans, ScanOp{Neutral: sc.Neutral})
		}
		for _, r := range e.Reds {
			c.Reds = append(c.Reds, RedOp{Neutral: r.Neutral})
		}
		for _, h := range e.Hists {
			c.Hists = append(c.Hists, HistOp{Dests: h.Dests, Neutral: h.Neutral, Rank: h.Rank})
		}
		c.Scatters = e.Scatters
		return c
	case *JVP:
		c := *e
		c.F = nil
		return &c
	case *VJP:
		c := *e
		c.F = nil
		return &c
	case *WithVJP:
		c := *e
		c.F, c.Rule = nil, nil
		return &c
	case *WithAcc:
		c := *e
		c.F = nil
		c.Inputs = make([]AccInput, len(e.Inputs))
		for i, in := range e.Inputs {
			c.Inputs[i] = AccInput{Arr: in.Arr, Neutral: in.Neutral}
		}
		return &c
	}
	return e
}

// loopHead is the part of a loop evaluated outside its body.
type loopHead struct {
	init  []SubExp
	bound SubExp
}

func (*loopHead) isExp() {}
