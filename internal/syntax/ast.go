package syntax

import (
	"math/big"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// The syntax tree. Every node embeds Span. Interfaces group the node kinds:
// Decl, ModExp, ModTypeExp, Spec, TypeExp, Expr, Pat. Optional children are
// nil when absent. Parentheses are not kept except where they change meaning
// (sections), since every node already records its structure.

// File is one parsed source file.
type File struct {
	Span
	Name  string
	Decls []Decl
}

// Ident is a name (or field name, or operator symbol) with its position.
type Ident struct {
	Span
	Name string
}

// QualName is a possibly qualified name or operator symbol: M.N.x, f64.+.
type QualName struct {
	Span
	Quals []*Ident // module path, outermost first
	Name  *Ident
}

// String renders the name as written, joined by dots.
func (q *QualName) String() string {
	s := ""
	for _, m := range q.Quals {
		s += m.Name + "."
	}
	return s + q.Name.Name
}

// Attr is the content of one attribute #[...]: a name, a decimal number, or
// a name applied to a (possibly empty) argument list.
type Attr struct {
	Span
	Name  string  // the name, or the digits of a number
	IsNum bool    // Name is a decimal integer
	Call  bool    // written with parentheses (Args may still be empty)
	Args  []*Attr // arguments of a call
}

// ---- Declarations ----

// Decl is a top-level or module-level declaration.
type Decl interface {
	Node
	decl()
}

// ValKind tells which keyword introduced a value binding.
type ValKind uint8

// Value binding keywords.
const (
	KwDef   ValKind = iota // def
	KwEntry                // entry
	KwLet                  // top-level let (old spelling of def)
)

// Liftedness of a type abbreviation, type spec or type parameter.
type Liftedness uint8

// Liftedness values, from most to least restricted.
const (
	Unlifted   Liftedness = iota // type, 't
	SizeLifted                   // type~, '~t
	Lifted                       // type^, '^t
)

// TypeParam is a size parameter [n] or type parameter 't, '~t, '^t.
type TypeParam struct {
	Span
	Size bool       // [n]
	Lift Liftedness // for type parameters
	Name *Ident
}

// ValDecl is def/entry/let: a constant, a function or an operator.
type ValDecl struct {
	Span
	Kind       ValKind
	Name       *Ident // a name or an operator symbol
	IsOp       bool   // Name is an operator symbol: def (+) ... or infix form
	Infix      bool   // written infix: def x <+> y = ...
	TypeParams []*TypeParam
	Params     []Pat
	RetType    TypeExp // optional
	Body       Expr
	Doc        string // doc comment text, without the leading "-- |" / "--"
}

// TypeDecl is a type abbreviation: type/type~/type^ name params = type.
type TypeDecl struct {
	Span
	Lift       Liftedness
	Name       *Ident
	TypeParams []*TypeParam
	Type       TypeExp
	Doc        string
}

// ModParam is a module parameter (P: S) of a functor.
type ModParam struct {
	Span
	Name *Ident
	Type ModTypeExp
}

// ModDecl binds a module: module M params [: S] = e.
type ModDecl struct {
	Span
	Name   *Ident
	Params []*ModParam
	Sig    ModTypeExp // optional ascription
	Body   ModExp
	Doc    string
}

// ModTypeDecl binds a module type: module type S = mt.
type ModTypeDecl struct {
	Span
	Name *Ident
	Type ModTypeExp
	Doc  string
}

// OpenDecl is open mod_exp.
type OpenDecl struct {
	Span
	Mod ModExp
}

// ImportDecl is import "path" (meaning local open (import "path")).
type ImportDecl struct {
	Span
	Path    string
	PathPos Pos
}

// LocalDecl is local dec.
type LocalDecl struct {
	Span
	Decl Decl
}

// AttrDecl is #[attr] dec.
type AttrDecl struct {
	Span
	Attr *Attr
	Decl Decl
}

func (*ValDecl) decl()     {}
func (*TypeDecl) decl()    {}
func (*ModDecl) decl()     {}
func (*ModTypeDecl) decl() {}
func (*OpenDecl) decl()    {}
func (*ImportDecl) decl()  {}
func (*LocalDecl) decl()   {}
func (*AttrDecl) decl()    {}

// ---- Module expressions ----

// ModExp is a module expression.
type ModExp interface {
	Node
	modExp()
}

// ModVar is a (qualified) module name.
type ModVar struct {
	Span
	Name *QualName
}

// ModStruct is a structure { decs }.
type ModStruct struct {
	Span
	Decls []Decl
}

// ModAscribe is mod_exp : mod_type_exp.
type ModAscribe struct {
	Span
	Mod ModExp
	Sig ModTypeExp
}

// ModApply is functor application F A.
type ModApply struct {
	Span
	Fun ModExp
	Arg ModExp
}

// ModLambda is \(P: S) [: R] -> mod_exp.
type ModLambda struct {
	Span
	Param *ModParam
	Sig   ModTypeExp // optional result ascription
	Body  ModExp
}

// ModImport is import "path" as a module expression.
type ModImport struct {
	Span
	Path    string
	PathPos Pos
}

func (*ModVar) modExp()     {}
func (*ModStruct) modExp()  {}
func (*ModAscribe) modExp() {}
func (*ModApply) modExp()   {}
func (*ModLambda) modExp()  {}
func (*ModImport) modExp()  {}

// ---- Module types and specs ----

// ModTypeExp is a module type expression.
type ModTypeExp interface {
	Node
	modTypeExp()
}

// ModTypeVar is a (qualified) module type name.
type ModTypeVar struct {
	Span
	Name *QualName
}

// ModTypeSpecs is a signature { specs }.
type ModTypeSpecs struct {
	Span
	Specs []Spec
}

// ModTypeWith is mt with t params = type (Name may be nested: m.t).
type ModTypeWith struct {
	Span
	Sig        ModTypeExp
	Name       *QualName
	TypeParams []*TypeParam
	Type       TypeExp
}

// ModTypeArrow is a functor type (P: S) -> R or S -> R.
type ModTypeArrow struct {
	Span
	Param  *Ident // optional parameter name
	From   ModTypeExp
	Result ModTypeExp
}

func (*ModTypeVar) modTypeExp()   {}
func (*ModTypeSpecs) modTypeExp() {}
func (*ModTypeWith) modTypeExp()  {}
func (*ModTypeArrow) modTypeExp() {}

// Spec is an item of a module type.
type Spec interface {
	Node
	spec()
}

// ValSpec is val name params : type (Name may be an operator symbol).
type ValSpec struct {
	Span
	Name       *Ident
	IsOp       bool
	TypeParams []*TypeParam
	Type       TypeExp
	Doc        string
}

// TypeSpec is type/type~/type^ name params [= type]; Type nil is abstract.
type TypeSpec struct {
	Span
	Lift       Liftedness
	Name       *Ident
	TypeParams []*TypeParam
	Type       TypeExp
	Doc        string
}

// ModSpec is module name : mod_type_exp.
type ModSpec struct {
	Span
	Name *Ident
	Type ModTypeExp
	Doc  string
}

// IncludeSpec is include mod_type_exp.
type IncludeSpec struct {
	Span
	Type ModTypeExp
}

// AttrSpec is #[attr] spec.
type AttrSpec struct {
	Span
	Attr *Attr
	Spec Spec
}

func (*ValSpec) spec()     {}
func (*TypeSpec) spec()    {}
func (*ModSpec) spec()     {}
func (*IncludeSpec) spec() {}
func (*AttrSpec) spec()    {}

// ---- Types ----

// TypeExp is a type expression.
type TypeExp interface {
	Node
	typeExp()
}

// TypeName is a named type or type variable, possibly qualified.
type TypeName struct {
	Span
	Name *QualName
}

// ArrayType is [size]elem; Size nil means an anonymous size [].
type ArrayType struct {
	Span
	Size Expr
	Elem TypeExp
}

// TupleType is (t1, ..., tn) with n >= 2, or the unit type () with n = 0.
type TupleType struct {
	Span
	Elems []TypeExp
}

// FieldType is one field f: t of a record type.
type FieldType struct {
	Span
	Name *Ident // a name or a decimal field number
	Type TypeExp
}

// RecordType is {f1: t1, ...}.
type RecordType struct {
	Span
	Fields []*FieldType
}

// Constr is one constructor #c t1 ... tn of a sum type.
type Constr struct {
	Span
	Name    *Ident // without the '#'
	Payload []TypeExp
}

// SumType is #c1 ts | #c2 ts | ...
type SumType struct {
	Span
	Constrs []*Constr
}

// FuncType is param -> result, optionally with a named parameter (n: t) -> r.
type FuncType struct {
	Span
	ParamName *Ident // optional
	Param     TypeExp
	Result    TypeExp
}

// TypeArg is an argument of a type application: a size [e] / [] or a type.
type TypeArg struct {
	Span
	IsSize bool
	Size   Expr    // for IsSize; nil means anonymous []
	Type   TypeExp // otherwise
}

// TypeApply is the application of a parametric type to one more argument.
type TypeApply struct {
	Span
	Fun TypeExp
	Arg *TypeArg
}

// UniqueType is *t.
type UniqueType struct {
	Span
	Elem TypeExp
}

// ExistType is ?[n][m].t.
type ExistType struct {
	Span
	Sizes []*Ident
	Elem  TypeExp
}

func (*TypeName) typeExp()   {}
func (*ArrayType) typeExp()  {}
func (*TupleType) typeExp()  {}
func (*RecordType) typeExp() {}
func (*SumType) typeExp()    {}
func (*FuncType) typeExp()   {}
func (*TypeApply) typeExp()  {}
func (*UniqueType) typeExp() {}
func (*ExistType) typeExp()  {}

// ---- Expressions ----

// Expr is an expression.
type Expr interface {
	Node
	expr()
}

// IntLit is an integer literal (also a character literal, which denotes its
// code point). Value is exact; Suffix is 0 (prim.Type zero) when absent.
type IntLit struct {
	Span
	Text   string // source text, e.g. "0xFF_u8" or "'a'"
	Value  *big.Int
	Suffix prim.Type
}

// FloatLit is a floating-point literal, or an integer-looking literal with a
// float suffix. Value is the exact rational value of the source text, so the
// checker can round it correctly to f16/f32/f64 (an absurd exponent such as
// 1e99999 is clamped to one that still overflows or underflows every float
// type).
type FloatLit struct {
	Span
	Text   string
	Value  *big.Rat
	Suffix prim.Type
}

// StringLit is a string literal; Value holds its UTF-8 bytes after escapes.
type StringLit struct {
	Span
	Text  string
	Value []byte
}

// BoolLit is true or false.
type BoolLit struct {
	Span
	Value bool
}

// Var is a name, or a dotted chain a.b.c that is either a qualified name or
// field projections (or both: M.r.x); the checker decides. Path[1:] may hold
// numeric field names (t.0.1).
type Var struct {
	Span
	Path []*Ident
}

// Tuple is (e1, ..., en) with n >= 2, or the unit value () with n = 0.
type Tuple struct {
	Span
	Elems []Expr
}

// FieldExp is one field of a record expression; Value nil means punned {x}.
type FieldExp struct {
	Span
	Name  *Ident
	Value Expr
}

// Record is {f1 = e1, ...}.
type Record struct {
	Span
	Fields []*FieldExp
}

// ArrayLit is [e1, ..., en] (possibly empty).
type ArrayLit struct {
	Span
	Elems []Expr
}

// RangeKind is the final operator of a range.
type RangeKind uint8

// Range operators.
const (
	RangeIncl   RangeKind = iota // ...
	RangeUpTo                    // ..<
	RangeDownTo                  // ..>
)

// Range is start [.. second] (...|..<|..>) end.
type Range struct {
	Span
	Start  Expr
	Second Expr // optional: a..s...b
	Kind   RangeKind
	Limit  Expr // the end bound
}

// Project is e.f where e is not a plain name chain (those are Var).
type Project struct {
	Span
	X     Expr
	Field *Ident
}

// DimIndex is one index or slice inside brackets. For a slice, Start, End
// and Stride are each optional.
type DimIndex struct {
	Span
	Slice  bool
	Index  Expr // when !Slice
	Start  Expr
	End    Expr
	Stride Expr
}

// Index is e[i, j:k, ...] (no whitespace before the bracket).
type Index struct {
	Span
	X       Expr
	Indices []*DimIndex
}

// Apply is the application of Fun to one argument (curried).
type Apply struct {
	Span
	Fun Expr
	Arg Expr
}

// Prefix is prefix negation "-" or "!".
type Prefix struct {
	Span
	Op string
	X  Expr
}

// BinOp is an infix operator application x op y; with Backtick set, Op is
// a (qualified) function name written x `f` y.
type BinOp struct {
	Span
	Op       *QualName
	Backtick bool
	X, Y     Expr
}

// Ascript is e : t.
type Ascript struct {
	Span
	X    Expr
	Type TypeExp
}

// Coerce is e :> t.
type Coerce struct {
	Span
	X    Expr
	Type TypeExp
}

// If is if c then a else b.
type If struct {
	Span
	Cond, Then, Else Expr
}

// LetPat is let [n]... pat = e in body.
type LetPat struct {
	Span
	Sizes []*Ident
	Pat   Pat
	Value Expr
	Body  Expr
}

// LetFun is let f params [: t] = e in body (a local function).
type LetFun struct {
	Span
	Name       *Ident
	IsOp       bool // let (op) ...
	TypeParams []*TypeParam
	Params     []Pat
	RetType    TypeExp
	Value      Expr
	Body       Expr
}

// UpdateStep is one step of an update path: a field .f or an index [..].
type UpdateStep struct {
	Span
	Field   *Ident      // set for a field step
	Indices []*DimIndex // set for an index step
}

// LetWith is let x[i] = v in body or let r.f = v in body (and chains).
type LetWith struct {
	Span
	Dest  *Ident
	Steps []*UpdateStep
	Value Expr
	Body  Expr
}

// Update is e with path = v.
type Update struct {
	Span
	X     Expr
	Steps []*UpdateStep
	Value Expr
}

// Lambda is \p1 ... pn [: t] -> body.
type Lambda struct {
	Span
	Params  []Pat
	RetType TypeExp
	Body    Expr
}

// LoopForm is the iteration part of a loop.
type LoopForm interface {
	Node
	loopForm()
}

// ForLoop is for i < n.
type ForLoop struct {
	Span
	Var   *Ident
	Bound Expr
}

// ForInLoop is for pat in xs.
type ForInLoop struct {
	Span
	Pat   Pat
	Array Expr
}

// WhileLoop is while cond.
type WhileLoop struct {
	Span
	Cond Expr
}

func (*ForLoop) loopForm()   {}
func (*ForInLoop) loopForm() {}
func (*WhileLoop) loopForm() {}

// Loop is loop pat [= init] form do body.
type Loop struct {
	Span
	Pat  Pat
	Init Expr // optional
	Form LoopForm
	Body Expr
}

// Case is one case pat -> body of a match.
type Case struct {
	Span
	Pat  Pat
	Body Expr
}

// Match is match e case ... .
type Match struct {
	Span
	X     Expr
	Cases []*Case
}

// Assert is assert cond body.
type Assert struct {
	Span
	Cond Expr
	Body Expr
}

// Hole is a typed hole ???: an expression of any type that fails when
// evaluated.
type Hole struct{ Span }

// ConstrExp is #c a1 ... an (arguments are atoms).
type ConstrExp struct {
	Span
	Name *Ident // without the '#'
	Args []Expr
}

// OpenExp is a local open M.(e).
type OpenExp struct {
	Span
	Mod *QualName
	X   Expr
}

// OpSection is an operator as a function: (+), (M.+), (`f`).
type OpSection struct {
	Span
	Op       *QualName
	Backtick bool
}

// LeftSection is (x op): the operator with its left operand fixed.
type LeftSection struct {
	Span
	X        Expr
	Op       *QualName
	Backtick bool
}

// RightSection is (op y): the operator with its right operand fixed.
type RightSection struct {
	Span
	Op       *QualName
	Backtick bool
	Y        Expr
}

// ProjSection is (.f.g), (.[i]), (.f.[i]): a projection/indexing function.
type ProjSection struct {
	Span
	Steps []*UpdateStep
}

// AttrExp is #[attr] e.
type AttrExp struct {
	Span
	Attr *Attr
	X    Expr
}

func (*IntLit) expr()       {}
func (*FloatLit) expr()     {}
func (*StringLit) expr()    {}
func (*BoolLit) expr()      {}
func (*Var) expr()          {}
func (*Tuple) expr()        {}
func (*Record) expr()       {}
func (*ArrayLit) expr()     {}
func (*Range) expr()        {}
func (*Project) expr()      {}
func (*Index) expr()        {}
func (*Apply) expr()        {}
func (*Prefix) expr()       {}
func (*BinOp) expr()        {}
func (*Ascript) expr()      {}
func (*Coerce) expr()       {}
func (*If) expr()           {}
func (*LetPat) expr()       {}
func (*LetFun) expr()       {}
func (*LetWith) expr()      {}
func (*Update) expr()       {}
func (*Lambda) expr()       {}
func (*Loop) expr()         {}
func (*Match) expr()        {}
func (*Assert) expr()       {}
func (*Hole) expr()         {}
func (*ConstrExp) expr()    {}
func (*OpenExp) expr()      {}
func (*OpSection) expr()    {}
func (*LeftSection) expr()  {}
func (*RightSection) expr() {}
func (*ProjSection) expr()  {}
func (*AttrExp) expr()      {}

// ---- Patterns ----

// Pat is a pattern.
type Pat interface {
	Node
	pat()
}

// PatName binds a name (or an operator name written (op)).
type PatName struct {
	Span
	Name *Ident
	IsOp bool
}

// PatWild is the wildcard _.
type PatWild struct {
	Span
}

// PatTuple is (p1, ..., pn) with n >= 2, or the unit pattern () with n = 0.
type PatTuple struct {
	Span
	Elems []Pat
}

// FieldPat is one field of a record pattern. The parser expands the short
// forms: {x} gives Pat = PatName x and {x: t} gives Pat = PatAscript(x, t).
type FieldPat struct {
	Span
	Name *Ident
	Pat  Pat
}

// PatRecord is {f1 = p1, ...}.
type PatRecord struct {
	Span
	Fields []*FieldPat
}

// PatConstr is #c p1 ... pn.
type PatConstr struct {
	Span
	Name *Ident
	Args []Pat
}

// PatLit is a literal pattern; Lit is an IntLit, FloatLit, BoolLit or
// StringLit, and Neg marks a leading minus (-1, -2.5).
type PatLit struct {
	Span
	Neg bool
	Lit Expr
}

// PatAscript is p : t.
type PatAscript struct {
	Span
	Pat  Pat
	Type TypeExp
}

// PatAttr is #[attr] p.
type PatAttr struct {
	Span
	Attr *Attr
	Pat  Pat
}

func (*PatName) pat()    {}
func (*PatWild) pat()    {}
func (*PatTuple) pat()   {}
func (*PatRecord) pat()  {}
func (*PatConstr) pat()  {}
func (*PatLit) pat()     {}
func (*PatAscript) pat() {}
func (*PatAttr) pat()    {}

// Mode holds parser options.
type Mode uint

// Parser modes.
const (
	// AllowIntrinsics accepts identifiers starting with "__" (the prelude).
	AllowIntrinsics Mode = 1 << iota
)

// String renders the chain as written, e.g. "M.r.0".
func (v *Var) String() string {
	s := ""
	for i, id := range v.Path {
		if i > 0 {
			s += "."
		}
		s += id.Name
	}
	return s
}
