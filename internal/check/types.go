package check

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Type is a Fluxion type as seen by the checker. The concrete kinds are
// *Prim, *Array, *Record (tuples are records with fields "0".."n-1"), *Sum,
// *Func, *TypeVar (an inference variable, possibly resolved), *Param (a
// quantified type parameter) and *Abstract (an abstract type of a module).
type Type interface {
	isType()
}

// Prim is a primitive type.
type Prim struct{ P prim.Type }

// Array is one dimension of an array; [n][m]t is Array{n, Array{m, t}}.
type Array struct {
	Size   Size
	Elem   Type
	Unique bool
}

// Field is one field of a record type.
type Field struct {
	Name string
	Type Type
}

// Record is a record type with fields sorted by name (numeric names by
// value, so tuple fields stay in order).
type Record struct {
	Fields []Field
	Unique bool
}

// Constructor is one constructor of a sum type.
type Constructor struct {
	Name    string
	Payload []Type
}

// Sum is a sum type with constructors sorted by name.
type Sum struct {
	Cons []Constructor
}

// Func is a function type. ParamName, when set, is the size variable the
// parameter value is bound to in later types (a dependent type
// (n: i64) -> [n]f32).
type Func struct {
	Param     Type
	ParamName *SizeVar
	Result    Type
	Unique    bool // result is unique
}

// Param is a quantified type parameter of a polymorphic binding.
type Param struct {
	Name   string
	ID     int
	Lifted Liftedness
	Unique bool // written *t (a copy of the parameter with this set)
}

// Abstract is an abstract type introduced by module ascription; it is equal
// only to itself. Args holds the type arguments of a parametric abstract
// type; Repr is the implementation (see Reveal), hidden from the checker
// but kept for lowering.
type Abstract struct {
	Name string
	ID   int
	Args []TypeArg
	Repr *TypeDef
}

// TypeArg is an argument to a parametric type: a type or a size.
type TypeArg struct {
	Type Type
	Size Size
}

// Liftedness says what a type parameter may be instantiated with (§4.7).
type Liftedness uint8

// Liftedness levels.
const (
	Unlifted   Liftedness = iota // 't
	SizeLifted                   // '~t
	FullLifted                   // '^t
)

// TypeVar is an inference variable. Once Link is set the variable stands for
// that type. Unresolved variables carry constraints.
type TypeVar struct {
	ID    int
	Link  Type
	Level int
	// Prims, if non-zero, restricts the variable to primitive types in the
	// mask (bit i = prim.Type(i)); this encodes numeric/integral/float/...
	Prims uint16
	Eq    bool // must be an equality type (no functions)
	// Fields and Cons are "has field" and "has constructor" constraints.
	Fields map[string]Type
	Cons   map[string][]Type
	// Lifted bounds what the variable may become (instantiated type
	// parameters keep their parameter's liftedness).
	Lifted Liftedness
	// Why describes where the constraint came from, for messages.
	Why string
	// Index marks a variable used as an array index: it defaults to i64,
	// the reference's index type, rather than i32.
	Index bool
}

func (*Prim) isType()     {}
func (*Array) isType()    {}
func (*Record) isType()   {}
func (*Sum) isType()      {}
func (*Func) isType()     {}
func (*Param) isType()    {}
func (*Abstract) isType() {}
func (*TypeVar) isType()  {}

// Masks of primitive types for overloading constraints.
const (
	maskSigned   uint16 = 1<<prim.I8 | 1<<prim.I16 | 1<<prim.I32 | 1<<prim.I64
	maskUnsigned uint16 = 1<<prim.U8 | 1<<prim.U16 | 1<<prim.U32 | 1<<prim.U64
	maskIntegral        = maskSigned | maskUnsigned
	maskFloat    uint16 = 1<<prim.F16 | 1<<prim.F32 | 1<<prim.F64
	maskNumeric         = maskIntegral | maskFloat
	maskPrim            = maskNumeric | 1<<prim.Bool
	maskIntBool         = maskIntegral | 1<<prim.Bool
)

func maskName(m uint16) string {
	switch m {
	case maskSigned:
		return "a signed integer type"
	case maskIntegral:
		return "an integer type"
	case maskFloat:
		return "a floating-point type"
	case maskNumeric:
		return "a numeric type"
	case maskPrim:
		return "a primitive type"
	case maskIntBool:
		return "an integer type or bool"
	case maskSigned | maskFloat:
		return "a signed integer or floating-point type"
	}
	var names []string
	for _, t := range prim.Types {
		if m&(1<<t) != 0 {
			names = append(names, t.String())
		}
	}
	return "one of " + strings.Join(names, ", ")
}

// Size is an array size: *SizeConst, *SizeVar (a variable in scope, a size
// parameter or an existential), *SizeMeta (an inference variable) or
// *SizeOp (arithmetic).
type Size interface {
	isSize()
}

// SizeConst is a constant size. From, when set, is the constant
// arithmetic it was folded from ([3*2] is 6 from 3*2), kept so that
// [n*m] can still be matched against it structurally.
type SizeConst struct {
	N    int64
	From *SizeOp
}

// SizeVar is a named size: a value variable of type i64, a size parameter,
// or an unknown (existential) size. ID is the binding's unique ID.
type SizeVar struct {
	Name    string
	ID      int
	Unknown bool // an unknown size invented by the checker (§9.6 rule 4)
	// Anon marks a size parameter the checker named for an anonymous
	// size ([]) of a parameter type: the program never wrote its name.
	Anon bool
}

// SizeMeta is a size to be inferred; Link is set once it is known.
type SizeMeta struct {
	ID   int
	Link Size
	// Level limits generalisation, as for type variables.
	Level int
}

// SizeOp is size arithmetic: an integer operator of §8.1 (+, -, *, /,
// %, //, %%, **, the bitwise and shift operators) on i64 sizes.
type SizeOp struct {
	Op   prim.BinOp
	L, R Size
	// ground is set by zonking when L and R hold no unresolved size
	// variable (see zonkSize).
	ground bool
}

func (*SizeConst) isSize() {}
func (*SizeVar) isSize()   {}
func (*SizeMeta) isSize()  {}
func (*SizeOp) isSize()    {}

// TypeScheme is a possibly polymorphic type: its type and size parameters
// are instantiated afresh at every reference.
type TypeScheme struct {
	TypeParams []*Param
	SizeParams []*SizeVar
	Type       Type
}

// Resolve follows type variable links until it finds an unresolved
// variable or a non-variable type.
func Resolve(t Type) Type {
	for {
		v, ok := t.(*TypeVar)
		if !ok || v.Link == nil {
			return t
		}
		t = v.Link
	}
}

// ResolveSize follows size meta links.
func ResolveSize(s Size) Size {
	for {
		m, ok := s.(*SizeMeta)
		if !ok || m.Link == nil {
			return s
		}
		s = m.Link
	}
}

// Zonk returns t with every resolved variable replaced by its value,
// recursively, so that the result shares no links.
func Zonk(t Type) Type {
	var n int
	return zonkB(t, &n)
}

func zonkB(t Type, n *int) Type {
	spend(n)
	switch t := Resolve(t).(type) {
	case *Array:
		return &Array{Size: ZonkSize(t.Size), Elem: zonkB(t.Elem, n), Unique: t.Unique}
	case *Record:
		fs := make([]Field, len(t.Fields))
		for i, f := range t.Fields {
			fs[i] = Field{f.Name, zonkB(f.Type, n)}
		}
		return &Record{Fields: fs, Unique: t.Unique}
	case *Sum:
		cs := make([]Constructor, len(t.Cons))
		for i, c := range t.Cons {
			cs[i] = Constructor{c.Name, zonkList(c.Payload)}
		}
		return &Sum{Cons: cs}
	case *Func:
		return &Func{Param: zonkB(t.Param, n), ParamName: t.ParamName, Result: zonkB(t.Result, n), Unique: t.Unique}
	case *Abstract:
		if len(t.Args) == 0 {
			return t
		}
		args := make([]TypeArg, len(t.Args))
		for i, a := range t.Args {
			if a.Type != nil {
				args[i].Type = zonkB(a.Type, n)
			} else {
				args[i].Size = ZonkSize(a.Size)
			}
		}
		return &Abstract{Name: t.Name, ID: t.ID, Args: args, Repr: t.Repr}
	default:
		return t
	}
}

func zonkList(ts []Type) []Type {
	out := make([]Type, len(ts))
	for i, t := range ts {
		out[i] = Zonk(t)
	}
	return out
}

// ZonkSize resolves every size meta inside s.
func ZonkSize(s Size) Size {
	z, _ := zonkSize(s)
	return z
}

// zonkSize is ZonkSize, also reporting whether the result is ground: it
// holds no unresolved size variable, so zonking it again changes nothing.
// Ground operations are marked as such, and a size variable is relinked
// to the zonked form of its value, so that zonking the sizes of a chain
// of n concatenations (each result's size holds the previous one's) takes
// time linear in n, not quadratic.
func zonkSize(s Size) (Size, bool) {
	switch r := ResolveSize(s).(type) {
	case *SizeMeta:
		return r, false
	case *SizeOp:
		if r.ground {
			return r, true
		}
		l, lg := zonkSize(r.L)
		rr, rg := zonkSize(r.R)
		op := r
		if l != r.L || rr != r.R {
			op = &SizeOp{Op: r.Op, L: l, R: rr}
		}
		z := simplifySize(op)
		if !lg || !rg {
			return z, false
		}
		if zo, ok := z.(*SizeOp); ok {
			zo.ground = true
		}
		if m, ok := s.(*SizeMeta); ok {
			m.Link = z
		}
		return z, true
	default:
		return r, true
	}
}

// Tuple builds the record type of a tuple; a 1-tuple is its component.
func Tuple(ts ...Type) Type {
	if len(ts) == 1 {
		return ts[0]
	}
	fs := make([]Field, len(ts))
	for i, t := range ts {
		fs[i] = Field{strconv.Itoa(i), t}
	}
	return &Record{Fields: fs}
}

// Unit is the empty tuple type.
func Unit() Type { return &Record{} }

// NewRecord builds a record type, sorting its fields.
func NewRecord(fs []Field) *Record {
	sortFields(fs)
	return &Record{Fields: fs}
}

func sortFields(fs []Field) {
	sort.Slice(fs, func(i, j int) bool { return fieldLess(fs[i].Name, fs[j].Name) })
}

func fieldLess(a, b string) bool {
	ai, aerr := strconv.Atoi(a)
	bi, berr := strconv.Atoi(b)
	switch {
	case aerr == nil && berr == nil:
		return ai < bi
	case aerr == nil:
		return true
	case berr == nil:
		return false
	}
	return a < b
}

// NewSum builds a sum type, sorting its constructors.
func NewSum(cs []Constructor) *Sum {
	sort.Slice(cs, func(i, j int) bool { return cs[i].Name < cs[j].Name })
	return &Sum{Cons: cs}
}

// TupleElems returns the components of a tuple type, or nil if t is not a
// tuple (a record whose fields are exactly 0..n-1, n >= 2, or unit).
func TupleElems(t Type) ([]Type, bool) {
	r, ok := Resolve(t).(*Record)
	if !ok || len(r.Fields) == 1 {
		return nil, false
	}
	out := make([]Type, len(r.Fields))
	for i, f := range r.Fields {
		if f.Name != strconv.Itoa(i) {
			return nil, false
		}
		out[i] = f.Type
	}
	return out, true
}

// Field returns the type of field name of record r.
func (r *Record) Field(name string) (Type, bool) {
	for _, f := range r.Fields {
		if f.Name == name {
			return f.Type, true
		}
	}
	return nil, false
}

// Constructor returns the payload of constructor name.
func (s *Sum) Constructor(name string) ([]Type, bool) {
	for _, c := range s.Cons {
		if c.Name == name {
			return c.Payload, true
		}
	}
	return nil, false
}

// ArrayOf builds [dims...]elem.
func ArrayOf(elem Type, dims ...Size) Type {
	for i := len(dims) - 1; i >= 0; i-- {
		elem = &Array{Size: dims[i], Elem: elem}
	}
	return elem
}

// Rank is the number of array dimensions of t and its element type.
func Rank(t Type) (int, Type) {
	n := 0
	for {
		a, ok := Resolve(t).(*Array)
		if !ok {
			return n, Resolve(t)
		}
		n++
		t = a.Elem
	}
}

// ContainsFunc reports whether a function type occurs in t (stopping at
// unresolved variables).
func ContainsFunc(t Type) bool {
	switch t := Resolve(t).(type) {
	case *Func:
		return true
	case *Array:
		return ContainsFunc(t.Elem)
	case *Record:
		for _, f := range t.Fields {
			if ContainsFunc(f.Type) {
				return true
			}
		}
	case *Sum:
		for _, c := range t.Cons {
			for _, p := range c.Payload {
				if ContainsFunc(p) {
					return true
				}
			}
		}
	case *Param:
		return t.Lifted == FullLifted
	}
	return false
}

// TypeString renders t in source syntax.
func TypeString(t Type) string {
	if v, ok := Resolve(t).(*TypeVar); ok && v.Prims != 0 {
		return maskName(v.Prims)
	}
	var b strings.Builder
	writeType(&b, t, false, nil)
	return b.String()
}

// TypeStringSizes renders t like TypeString, but writes a size that
// mentions a size variable for which show reports false as [], the way a
// program writes an anonymous size.
func TypeStringSizes(t Type, show func(*SizeVar) bool) string {
	var b strings.Builder
	writeType(&b, t, false, show)
	return b.String()
}

func writeType(b *strings.Builder, t Type, atom bool, show func(*SizeVar) bool) {
	if b.Len() > 2000 {
		if !strings.HasSuffix(b.String(), "...") {
			b.WriteString("...")
		}
		return
	}
	switch t := Resolve(t).(type) {
	case *Prim:
		b.WriteString(t.P.String())
	case *Array:
		if t.Unique {
			b.WriteByte('*')
		}
		b.WriteByte('[')
		writeSize(b, t.Size, show)
		b.WriteByte(']')
		writeType(b, t.Elem, true, show)
	case *Record:
		if t.Unique {
			b.WriteByte('*')
		}
		if elems, ok := TupleElems(t); ok {
			b.WriteByte('(')
			for i, e := range elems {
				if i > 0 {
					b.WriteString(", ")
				}
				writeType(b, e, false, show)
			}
			b.WriteByte(')')
			return
		}
		b.WriteByte('{')
		for i, f := range t.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(f.Name)
			b.WriteString(": ")
			writeType(b, f.Type, false, show)
		}
		b.WriteByte('}')
	case *Sum:
		if atom {
			b.WriteByte('(')
		}
		for i, c := range t.Cons {
			if i > 0 {
				b.WriteString(" | ")
			}
			b.WriteByte('#')
			b.WriteString(c.Name)
			for _, p := range c.Payload {
				b.WriteByte(' ')
				writeType(b, p, true, show)
			}
		}
		if atom {
			b.WriteByte(')')
		}
	case *Func:
		if atom {
			b.WriteByte('(')
		}
		if t.ParamName != nil && mentionsSize(t.Result, t.ParamName.ID) {
			fmt.Fprintf(b, "(%s: ", t.ParamName.Name)
			writeType(b, t.Param, false, show)
			b.WriteByte(')')
		} else {
			writeType(b, t.Param, true, show)
		}
		b.WriteString(" -> ")
		writeType(b, t.Result, false, show)
		if atom {
			b.WriteByte(')')
		}
	case *Param:
		b.WriteString(t.Name)
	case *Abstract:
		if atom && len(t.Args) > 0 {
			b.WriteByte('(')
		}
		b.WriteString(t.Name)
		for _, a := range t.Args {
			b.WriteByte(' ')
			if a.Type != nil {
				writeType(b, a.Type, true, show)
			} else {
				b.WriteByte('[')
				writeSize(b, a.Size, show)
				b.WriteByte(']')
			}
		}
		if atom && len(t.Args) > 0 {
			b.WriteByte(')')
		}
	case *TypeVar:
		if len(t.Fields) > 0 {
			b.WriteByte('{')
			names := make([]string, 0, len(t.Fields))
			for n := range t.Fields {
				names = append(names, n)
			}
			sort.Slice(names, func(i, j int) bool { return fieldLess(names[i], names[j]) })
			for i, n := range names {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(n)
				b.WriteString(": ")
				writeType(b, t.Fields[n], false, show)
			}
			b.WriteString(", ...}")
			return
		}
		if t.Prims != 0 {
			b.WriteString(maskShort(t.Prims))
			return
		}
		fmt.Fprintf(b, "t%d", t.ID)
	case nil:
		b.WriteString("<nil>")
	}
}

// SizeString renders a size.
func SizeString(s Size) string {
	var b strings.Builder
	writeSize(&b, s, nil)
	return b.String()
}

// writeSize writes s, or nothing when show hides one of its variables.
func writeSize(b *strings.Builder, s Size, show func(*SizeVar) bool) {
	if show != nil && !sizeShown(s, show) {
		return
	}
	switch s := ResolveSize(s).(type) {
	case *SizeConst:
		b.WriteString(strconv.FormatInt(s.N, 10))
	case *SizeVar:
		b.WriteString(s.Name)
	case *SizeMeta:
	case *SizeOp:
		if _, ok := ResolveSize(s.L).(*SizeOp); ok && s.Op != prim.Add && s.Op != prim.Mul {
			b.WriteByte('(')
			writeSize(b, s.L, show)
			b.WriteByte(')')
		} else {
			writeSizeOperand(b, s.L, show)
		}
		b.WriteString(s.Op.String())
		if _, ok := ResolveSize(s.R).(*SizeOp); ok {
			b.WriteByte('(')
			writeSize(b, s.R, show)
			b.WriteByte(')')
		} else {
			writeSizeOperand(b, s.R, show)
		}
	}
}

// writeSizeOperand writes an operand of size arithmetic; a size not known yet
// reads "?" there (alone it is the empty size of []t).
func writeSizeOperand(b *strings.Builder, s Size, show func(*SizeVar) bool) {
	if _, ok := ResolveSize(s).(*SizeMeta); ok {
		b.WriteByte('?')
		return
	}
	writeSize(b, s, show)
}

func sizeShown(s Size, show func(*SizeVar) bool) bool {
	switch s := ResolveSize(s).(type) {
	case *SizeVar:
		return show(s)
	case *SizeOp:
		return sizeShown(s.L, show) && sizeShown(s.R, show)
	}
	return true
}

// SizeEqual reports whether two sizes are syntactically equal after
// resolution.
func SizeEqual(a, b Size) bool {
	a, b = ResolveSize(a), ResolveSize(b)
	switch a := a.(type) {
	case *SizeConst:
		b, ok := b.(*SizeConst)
		return ok && a.N == b.N
	case *SizeVar:
		b, ok := b.(*SizeVar)
		return ok && a.ID == b.ID
	case *SizeMeta:
		return a == b
	case *SizeOp:
		b, ok := b.(*SizeOp)
		return ok && a.Op == b.Op && SizeEqual(a.L, b.L) && SizeEqual(a.R, b.R)
	}
	return false
}

// mentionsSize reports whether the size variable id occurs in t.
func mentionsSize(t Type, id int) bool {
	found := false
	walkSizes(t, func(s Size) {
		forSizeVars(s, func(v *SizeVar) { found = found || v.ID == id })
	})
	return found
}

// typeWorkLimit bounds the work on one type: types can grow exponentially
// (let x2 = (x1, x1) ...), and the checker must not hang on them.
const typeWorkLimit = 1 << 21

// typeTooLarge is raised when a type exceeds typeWorkLimit nodes.
type typeTooLarge struct{}

func spend(n *int) {
	*n++
	if *n > typeWorkLimit {
		panic(typeTooLarge{})
	}
}

// maskShort names an overloaded type inside a larger type, e.g. the
// element type of [3]numeric.
func maskShort(m uint16) string {
	switch m {
	case maskSigned:
		return "signed"
	case maskIntegral:
		return "integral"
	case maskFloat:
		return "float"
	case maskNumeric:
		return "numeric"
	case maskPrim:
		return "primitive"
	}
	return "overloaded"
}
