package ir

import (
	"strings"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// SubExp is an atom: a constant, a variable, or (only where a field says so)
// absent. The zero SubExp is absent.
type SubExp struct {
	Var     VName      // the variable, when it is one
	Const   prim.Value // the constant, when IsConst
	IsConst bool
}

// Var returns the SubExp that refers to v.
func Var(v VName) SubExp { return SubExp{Var: v} }

// Const returns the constant SubExp c.
func Const(c prim.Value) SubExp { return SubExp{Const: c, IsConst: true} }

// I64 returns the i64 constant n, the type of every size and index.
func I64(n int64) SubExp { return Const(prim.IntValue(prim.I64, n)) }

// Bool returns the bool constant b.
func Bool(b bool) SubExp { return Const(prim.BoolValue(b)) }

// IsVar reports whether s is a variable.
func (s SubExp) IsVar() bool { return !s.IsConst && !s.Var.IsZero() }

// IsNone reports whether s is absent.
func (s SubExp) IsNone() bool { return !s.IsConst && s.Var.IsZero() }

// Equal reports whether two SubExps are the same constant or the same name.
func (s SubExp) Equal(t SubExp) bool {
	if s.IsConst != t.IsConst {
		return false
	}
	if s.IsConst {
		return s.Const == t.Const
	}
	return s.Var == t.Var
}

func (s SubExp) String() string {
	switch {
	case s.IsConst:
		return s.Const.String()
	case s.IsNone():
		return "_"
	}
	return s.Var.String()
}

// Shape lists the sizes of an array's dimensions, outermost first. A
// dimension is an i64 constant, an i64 variable in scope, or absent when
// the size is not known statically (it is always known at run time).
type Shape []SubExp

// Rank is the number of dimensions.
func (s Shape) Rank() int { return len(s) }

func (s Shape) String() string {
	var b strings.Builder
	for _, d := range s {
		b.WriteByte('[')
		if !d.IsNone() {
			b.WriteString(d.String())
		}
		b.WriteByte(']')
	}
	return b.String()
}

// Type is the type of an IR value: a primitive scalar (empty Shape), an
// array of primitives, or an accumulator over an array (Acc set: a
// write-only handle on an array of Elem with Shape, see WithAcc).
type Type struct {
	Elem  prim.Type
	Shape Shape
	Acc   bool
}

// Scalar returns the scalar type t.
func Scalar(t prim.Type) Type { return Type{Elem: t} }

// Array returns the array type with element t and the given dimensions.
func Array(t prim.Type, dims ...SubExp) Type { return Type{Elem: t, Shape: Shape(dims)} }

// AccOf returns the type of an accumulator over arrays of type t.
func AccOf(t Type) Type { return Type{Elem: t.Elem, Shape: t.Shape, Acc: true} }

// Rank is the number of array dimensions: 0 for scalars, the rank of the
// underlying array for accumulators.
func (t Type) Rank() int { return len(t.Shape) }

// IsScalar reports whether t is a primitive scalar.
func (t Type) IsScalar() bool { return !t.Acc && len(t.Shape) == 0 }

// IsArray reports whether t is an array (not an accumulator).
func (t Type) IsArray() bool { return !t.Acc && len(t.Shape) > 0 }

// Row is the type of one element of the outer dimension of array t.
func (t Type) Row() Type { return Type{Elem: t.Elem, Shape: t.Shape[1:]} }

// ArrayOf returns the type of an array of n values of type t.
func (t Type) ArrayOf(n SubExp) Type {
	s := make(Shape, 0, len(t.Shape)+1)
	s = append(s, n)
	s = append(s, t.Shape...)
	return Type{Elem: t.Elem, Shape: s}
}

// ArrayType is the array an accumulator type writes to (t itself otherwise).
func (t Type) ArrayType() Type { return Type{Elem: t.Elem, Shape: t.Shape} }

func (t Type) String() string {
	if t.Acc {
		return "acc(" + t.ArrayType().String() + ")"
	}
	return t.Shape.String() + t.Elem.String()
}

// Equal reports whether two types are identical, sizes included.
func (t Type) Equal(u Type) bool {
	if t.Elem != u.Elem || t.Acc != u.Acc || len(t.Shape) != len(u.Shape) {
		return false
	}
	for i := range t.Shape {
		if !t.Shape[i].Equal(u.Shape[i]) {
			return false
		}
	}
	return true
}

// Compatible reports whether values of the two types could be the same: the
// element type, kind and rank agree and no dimension is known to differ.
// Dimensions that are different variables are assumed equal (their values
// are only known at run time).
func (t Type) Compatible(u Type) bool {
	if t.Elem != u.Elem || t.Acc != u.Acc || len(t.Shape) != len(u.Shape) {
		return false
	}
	for i := range t.Shape {
		a, b := t.Shape[i], u.Shape[i]
		if a.IsConst && b.IsConst && a.Const != b.Const {
			return false
		}
	}
	return true
}
