package check

import (
	"math/big"

	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/syntax"
)

// Program is a checked, module-free program: every top-level value binding
// of every module, functor instance and file (prelude included), in an
// order where each binding only refers to earlier ones (or to itself, for
// direct recursion).
type Program struct {
	Decls   []*ValBind
	Entries []*Entry
	// Warnings are remarks on the valid program, in the order found.
	Warnings []Warning
}

// Binding is one bound value name. IDs are unique within a Program; Name is
// the source name (qualified by its module path for top-level bindings).
type Binding struct {
	Name   string
	ID     int
	Pos    syntax.Pos
	Scheme *TypeScheme
	// Decl is the top-level binding this is, or nil for local names.
	Decl *ValBind
	// Intrinsic is the name (with "__") of a built-in the prelude reaches;
	// Func is set for scalar intrinsics (from internal/prim).
	Intrinsic string
	Func      *prim.Func
}

// UniqueName is the binding's name made unique in the program by its ID
// (source names repeat across files, functor applications and scopes).
func (b *Binding) UniqueName() string { return b.Name + "_" + itoa(b.ID) }

// ValBind is a top-level def/entry/let after elaboration. A constant has
// no Params. Scheme's SizeParams are the binding's size parameters: the
// explicit ones have the same IDs as the size bindings in SizeBinds, then
// come the implicit ones (anonymous parameter sizes). Every reference to
// the binding carries an Instance in the same order.
type ValBind struct {
	Pos       syntax.Pos
	Bind      *Binding
	SizeBinds []*Binding
	Params    []Pat
	RetType   Type
	RetGiven  bool // RetType is written in the source, not inferred
	Body      Expr
	Entry     bool
	Prelude   bool // defined by the prelude
}

// Entry is an entry point of the main file (§11): Params are the types of
// all curried arguments; Results is the unpacked result tuple. Abstract
// types in them are revealed.
type Entry struct {
	Name    string
	Bind    *ValBind
	Params  []Type
	Results []Type
}

// Expr is a typed expression. Type returns the fully resolved type: no
// inference variables remain; overloaded types are defaulted.
type Expr interface {
	Type() Type
	Pos() syntax.Pos
}

// ExprInfo holds what every expression has.
type ExprInfo struct {
	At syntax.Pos
	T  Type
}

// Type returns the expression's type.
func (e *ExprInfo) Type() Type { return e.T }

// Pos returns the expression's position.
func (e *ExprInfo) Pos() syntax.Pos { return e.At }

func (e *ExprInfo) info() *ExprInfo { return e }

// Lit is a numeric or boolean literal of primitive type Prim: Int holds an
// integer literal's exact value (even if Prim is a float type), Float a
// decimal literal's exact value, Bool a boolean.
type Lit struct {
	ExprInfo
	Prim  prim.Type
	Int   *big.Int
	Float *big.Rat
	Bool  bool
}

// StringLit is a string literal, of type [n]u8.
type StringLit struct {
	ExprInfo
	Bytes []byte
}

// VarRef is a reference to a binding (local, top-level or intrinsic)
// with the instantiation of its type and size parameters at this point.
type VarRef struct {
	ExprInfo
	Bind *Binding
	Inst *Instance
}

// BinOpExpr is a built-in overloaded operator (§8.1) applied to two
// operands of type Operand. For arithmetic Bin is set, for comparisons
// Cmp; LogAnd/LogOr short-circuit. Operand is primitive except for == and
// != on arrays, records and sums (structural equality).
type BinOpExpr struct {
	ExprInfo
	Op      string
	Bin     prim.BinOp
	Cmp     prim.CmpOp
	Operand Type
	X, Y    Expr
}

// UnOpExpr is prefix - or ! on a primitive.
type UnOpExpr struct {
	ExprInfo
	Op   prim.UnOp
	Prim prim.Type
	X    Expr
}

// Apply is the application of a function to one argument.
type Apply struct {
	ExprInfo
	Fun Expr
	Arg Expr
	// Piped marks x |> f, checked as f x: the argument is evaluated
	// before the function, as the pipe's operands are.
	Piped bool
	// Op marks the applications of a binary operator x op y (to x, and
	// to y): its operands are evaluated left to right.
	Op bool
}

// Lambda is an anonymous function of one or more parameters.
type Lambda struct {
	ExprInfo
	Params []Pat
	Body   Expr
}

// Let binds a pattern: let [n]... p = v in body. Sizes are the
// bracketed size names; each occurs in Pat's type and takes its value from
// the corresponding dimension of Value at run time.
type Let struct {
	ExprInfo
	Sizes []*Binding
	Pat   Pat
	Value Expr
	Body  Expr
}

// LetFun is a local function: generalised over Bind.Scheme, not recursive.
type LetFun struct {
	ExprInfo
	Bind      *Binding
	SizeBinds []*Binding
	Params    []Pat
	RetType   Type
	RetGiven  bool
	Value     Expr
	Body      Expr
}

// If is a conditional.
type If struct {
	ExprInfo
	Cond, Then, Else Expr
}

// LoopFor is for Var < Bound.
type LoopFor struct {
	Var   *Binding
	Bound Expr
}

// LoopForIn is for Pat in Array.
type LoopForIn struct {
	Pat   Pat
	Array Expr
}

// LoopWhile is while Cond.
type LoopWhile struct {
	Cond Expr
}

// Loop is loop Pat = Init form do Body; exactly one form is set. Attrs
// are the attributes written before the loop, in source order.
type Loop struct {
	ExprInfo
	Pat   Pat
	Init  Expr
	For   *LoopFor
	ForIn *LoopForIn
	While *LoopWhile
	Body  Expr
	Attrs []Attr
}

// Attr is an attribute kept for lowering: a name alone (#[unroll]) or a
// name applied to integer literals (#[stripmine(2)]).
type Attr struct {
	Name string
	Args []int64
}

// Case is one branch of a Match.
type Case struct {
	Pat  Pat
	Body Expr
}

// Match selects the first case whose pattern matches X.
type Match struct {
	ExprInfo
	X     Expr
	Cases []*Case
}

// FieldExpr is one field of a record literal.
type FieldExpr struct {
	Name  string
	Value Expr
}

// RecordLit builds a record or tuple (fields "0".."n-1"), fields in the
// order written (evaluation order).
type RecordLit struct {
	ExprInfo
	Fields []FieldExpr
}

// Project is X.Field.
type Project struct {
	ExprInfo
	X     Expr
	Field string
}

// DimIndex is one index (Index set) or slice (any of Start, End, Stride).
type DimIndex struct {
	Index              Expr
	Slice              bool
	Start, End, Stride Expr
}

// Index is X[indices]; a single index is widened to i64 by lowering.
type Index struct {
	ExprInfo
	X       Expr
	Indices []*DimIndex
}

// UpdateStep is one step of an update path.
type UpdateStep struct {
	Field   string      // a field step when Indices is nil
	Indices []*DimIndex // an index step
}

// Update is X with steps = Value (array or record update).
type Update struct {
	ExprInfo
	X     Expr
	Steps []*UpdateStep
	Value Expr
}

// ArrayLit is [e1, ..., en]; its type gives the element type when empty.
type ArrayLit struct {
	ExprInfo
	Elems []Expr
}

// Range is Start [.. Second] (...|..<|..>) End over an integer type.
type Range struct {
	ExprInfo
	Start, Second, End Expr
	Kind               syntax.RangeKind
}

// Coerce is X : T (Ascribe) or X :> T: sizes in T are checked against X's
// at run time.
type Coerce struct {
	ExprInfo
	X       Expr
	Ascribe bool
}

// Assert is assert Cond Body; CondText is the condition's source text.
type Assert struct {
	ExprInfo
	Cond     Expr
	CondText string
	Body     Expr
}

// Hole is a typed hole ???: evaluating it is a run-time error.
type Hole struct {
	ExprInfo
}

// Constr builds a value of a sum type.
type Constr struct {
	ExprInfo
	Name string
	Args []Expr
}

// Pat is a typed pattern.
type Pat interface {
	Type() Type
	Pos() syntax.Pos
}

// PatInfo holds what every pattern has.
type PatInfo struct {
	At syntax.Pos
	T  Type
}

// Type returns the pattern's type.
func (p *PatInfo) Type() Type { return p.T }

// Pos returns the pattern's position.
func (p *PatInfo) Pos() syntax.Pos { return p.At }

func (p *PatInfo) pinfo() *PatInfo { return p }

// PName binds a name.
type PName struct {
	PatInfo
	Bind *Binding
}

// PWild is _.
type PWild struct{ PatInfo }

// PRecord is a record or tuple pattern.
type PRecord struct {
	PatInfo
	Fields []PField
}

// PField is one field of a record pattern.
type PField struct {
	Name string
	Pat  Pat
}

// PConstr is #name args.
type PConstr struct {
	PatInfo
	Name string
	Args []Pat
}

// PLit is a literal pattern: same fields as Lit, negated already.
type PLit struct {
	PatInfo
	Lit *Lit
}
