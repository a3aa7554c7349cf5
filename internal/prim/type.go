// Package prim defines Fluxion's primitive types and the semantics of every
// scalar operation on them. The checker, the IR, the interpreter, the value
// formats and the code generator all share these definitions.
//
//   - type.go, ops.go: the types and the operator enums;
//   - value.go: Value, a scalar of any primitive type, its printed form
//     (FORMATS.md §1.3) and binary16 conversion;
//   - eval.go: the operators (LANGUAGE.md §8);
//   - funcs.go: Funcs, every scalar function instance (docs/INTRINSICS.md),
//     and the conversions (§8.6);
//   - dexpr.go, deriv.go: partial derivatives of all of these (§14.3-§14.4),
//     as formulas for AD to emit and as values.
package prim

// Type is a primitive type.
type Type uint8

// The primitive types. The zero value is not a valid type.
const (
	Invalid Type = iota
	I8
	I16
	I32
	I64
	U8
	U16
	U32
	U64
	F16
	F32
	F64
	Bool
)

// Types lists every valid primitive type in a fixed order.
var Types = []Type{I8, I16, I32, I64, U8, U16, U32, U64, F16, F32, F64, Bool}

var typeNames = [...]string{
	Invalid: "invalid", I8: "i8", I16: "i16", I32: "i32", I64: "i64",
	U8: "u8", U16: "u16", U32: "u32", U64: "u64",
	F16: "f16", F32: "f32", F64: "f64", Bool: "bool",
}

func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "invalid"
}

// Parse returns the type named s ("i32", "f64", "bool", ...).
func Parse(s string) (Type, bool) {
	for _, t := range Types {
		if typeNames[t] == s {
			return t, true
		}
	}
	return Invalid, false
}

// IsInt reports whether t is a signed or unsigned integer type.
func (t Type) IsInt() bool { return t >= I8 && t <= U64 }

// IsSigned reports whether t is a signed integer type.
func (t Type) IsSigned() bool { return t >= I8 && t <= I64 }

// IsUnsigned reports whether t is an unsigned integer type.
func (t Type) IsUnsigned() bool { return t >= U8 && t <= U64 }

// IsFloat reports whether t is a floating-point type.
func (t Type) IsFloat() bool { return t >= F16 && t <= F64 }

// IsNumeric reports whether t is an integer or floating-point type.
func (t Type) IsNumeric() bool { return t.IsInt() || t.IsFloat() }

// Bits is the width of t in bits (8 for bool).
func (t Type) Bits() int {
	switch t {
	case I8, U8, Bool:
		return 8
	case I16, U16, F16:
		return 16
	case I32, U32, F32:
		return 32
	case I64, U64, F64:
		return 64
	}
	return 0
}

// Bytes is the size of one element of t in the binary value format.
func (t Type) Bytes() int { return t.Bits() / 8 }

// UnsignedOfWidth returns the unsigned integer type with t's width
// (the int_t of a float module).
func (t Type) UnsignedOfWidth() Type {
	switch t.Bits() {
	case 8:
		return U8
	case 16:
		return U16
	case 32:
		return U32
	case 64:
		return U64
	}
	return Invalid
}
