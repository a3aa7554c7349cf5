package check

import (
	"sort"

	"github.com/fluxion-lang/fluxion/internal/syntax"
)

// term is an entry of the term namespace: a value or a module. View, when
// set, is the type a signature ascription gave the value; references then
// have that (possibly more abstract) type while Bind keeps its own scheme.
type term struct {
	bind    *Binding
	view    *TypeScheme
	mod     *module
	builtin *builtinOp
}

// typeDef is a type abbreviation (or an abstract type) with its parameters.
// Body mentions type parameters as *Param and size parameters as *SizeVar
// with the IDs in params.
type typeDef struct {
	broken bool // its declaration failed; uses fail silently
	name   string
	params []typeParamDef
	body   Type
	lift   Liftedness
}

type typeParamDef struct {
	name string
	size bool
	id   int
	lift Liftedness
}

// module is an elaborated module: its public names, or a functor.
type module struct {
	broken  bool // elaboration failed; lookups in it fail silently
	terms   map[string]*term
	types   map[string]*typeDef
	sigs    map[string]*sig
	functor *functor
}

func newModule() *module {
	return &module{terms: map[string]*term{}, types: map[string]*typeDef{}, sigs: map[string]*sig{}}
}

// functor is a parametric module: checking an application re-elaborates
// Body in Env with the parameter bound to the argument.
type functor struct {
	params []*syntax.ModParam
	result syntax.ModTypeExp
	body   syntax.ModExp
	env    *scope
	path   string
	// apply, when set, replaces re-elaboration: the stand-in of a
	// functor-typed parameter, or a functor seen through a functor type.
	apply func(arg *module, pos syntax.Pos, path string) *module
}

// scope is a lexical scope; lookups walk to the parent.
type scope struct {
	parent *scope
	terms  map[string]*term
	types  map[string]*typeDef
	sigs   map[string]*sig
	// incomplete marks a scope where an import, open or module failed:
	// unknown names there are probably consequences, not new errors.
	incomplete bool
}

// isIncomplete reports whether s or an enclosing scope is incomplete.
func (s *scope) isIncomplete() bool {
	for ; s != nil; s = s.parent {
		if s.incomplete {
			return true
		}
	}
	return false
}

func newScope(parent *scope) *scope {
	return &scope{parent: parent}
}

func (s *scope) bindTerm(name string, t *term) {
	if s.terms == nil {
		s.terms = map[string]*term{}
	}
	s.terms[name] = t
}

func (s *scope) bindType(name string, d *typeDef) {
	if s.types == nil {
		s.types = map[string]*typeDef{}
	}
	s.types[name] = d
}

func (s *scope) bindSig(name string, d *sig) {
	if s.sigs == nil {
		s.sigs = map[string]*sig{}
	}
	s.sigs[name] = d
}

func (s *scope) lookupTerm(name string) *term {
	for ; s != nil; s = s.parent {
		if t, ok := s.terms[name]; ok {
			return t
		}
	}
	return nil
}

func (s *scope) lookupType(name string) *typeDef {
	for ; s != nil; s = s.parent {
		if t, ok := s.types[name]; ok {
			return t
		}
	}
	return nil
}

func (s *scope) lookupSig(name string) *sig {
	for ; s != nil; s = s.parent {
		if t, ok := s.sigs[name]; ok {
			return t
		}
	}
	return nil
}

// openModule brings every public name of m into s.
func (s *scope) openModule(m *module) {
	for n, t := range m.terms {
		s.bindTerm(n, t)
	}
	for n, t := range m.types {
		s.bindType(n, t)
	}
	for n, t := range m.sigs {
		s.bindSig(n, t)
	}
}

// exportModule copies every name of m into the module being built.
func (m *module) include(o *module) {
	for n, t := range o.terms {
		m.terms[n] = t
	}
	for n, t := range o.types {
		m.types[n] = t
	}
	for n, t := range o.sigs {
		m.sigs[n] = t
	}
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// builtinOp is one of the operators of §8.1 built into the checker.
type builtinOp struct {
	name  string
	mask  uint16 // operand constraint; 0 for equality
	eq    bool   // any equality type
	cmp   bool   // result is bool
	logic bool   // && ||
}

var builtinOps = map[string]*builtinOp{
	"+": {name: "+", mask: maskNumeric}, "-": {name: "-", mask: maskNumeric},
	"*": {name: "*", mask: maskNumeric}, "/": {name: "/", mask: maskNumeric},
	"%": {name: "%", mask: maskNumeric}, "**": {name: "**", mask: maskNumeric},
	"//": {name: "//", mask: maskIntegral}, "%%": {name: "%%", mask: maskIntegral},
	"&": {name: "&", mask: maskIntegral}, "|": {name: "|", mask: maskIntegral},
	"^": {name: "^", mask: maskIntegral}, "<<": {name: "<<", mask: maskIntegral},
	">>": {name: ">>", mask: maskIntegral},
	"==": {name: "==", eq: true, cmp: true}, "!=": {name: "!=", eq: true, cmp: true},
	"<": {name: "<", mask: maskPrim, cmp: true}, "<=": {name: "<=", mask: maskPrim, cmp: true},
	">": {name: ">", mask: maskPrim, cmp: true}, ">=": {name: ">=", mask: maskPrim, cmp: true},
	"&&": {name: "&&", logic: true}, "||": {name: "||", logic: true},
}

// snapshot returns a scope that sees what sc sees now, unaffected by later
// bindings in sc or its parents up to stop (which must not change).
// Functors capture one so that their body cannot see itself or later
// declarations.
func snapshot(sc, stop *scope) *scope {
	out := newScope(stop)
	var chain []*scope
	for s := sc; s != nil && s != stop; s = s.parent {
		chain = append(chain, s)
	}
	for i := len(chain) - 1; i >= 0; i-- {
		s := chain[i]
		for n, t := range s.terms {
			out.bindTerm(n, t)
		}
		for n, t := range s.types {
			out.bindType(n, t)
		}
		for n, t := range s.sigs {
			out.bindSig(n, t)
		}
		out.incomplete = out.incomplete || s.incomplete
	}
	return out
}
