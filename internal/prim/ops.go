package prim

// BinOp is a binary arithmetic or logical operator on two values of one
// primitive type, producing a value of that type. The semantics (wrap-around
// integers, Futhark's division rules, IEEE floats) are in eval.go.
type BinOp uint8

// Binary operators. The comment gives the source operator.
const (
	Add    BinOp = iota + 1 // +
	Sub                     // -
	Mul                     // *
	Div                     // /  (integers: rounds toward -inf)
	Mod                     // %  (integers: sign of divisor; floats: fmod)
	Quot                    // // (integers: rounds toward zero)
	Rem                     // %% (integers: sign of dividend)
	Pow                     // **
	BitAnd                  // &
	BitOr                   // |
	BitXor                  // ^
	Shl                     // <<
	Shr                     // >> (arithmetic for signed, logical for unsigned)
	LogAnd                  // && (bool; short-circuiting is the lowering's job)
	LogOr                   // || (bool)
)

// CmpOp is a comparison of two values of one primitive type, producing bool.
type CmpOp uint8

// Comparison operators.
const (
	Eq CmpOp = iota + 1 // ==
	Ne                  // !=
	Lt                  // <
	Le                  // <=
	Gt                  // >
	Ge                  // >=
)

// UnOp is a unary operator on one primitive type.
type UnOp uint8

// Unary operators.
const (
	Neg UnOp = iota + 1 // prefix -
	Not                 // prefix ! (bool: logical not; integers: complement)
)

// Func is one instance of a named scalar function (sin on f32, popc on u8,
// a conversion, ...). Name is "<fn>_<t>" (e.g. "sin_f32", "conv_i32_f64");
// the prelude reaches it as the intrinsic "__" + Name (docs/INTRINSICS.md).
type Func struct {
	Name   string
	Params []Type
	Ret    Type

	ID FuncID // index in Funcs, for fast dispatch
	Fn string // the <fn> part of Name ("sin", "conv", "to_bits", ...)

	eval func(args []Value) Value
}

// FuncID identifies a Func by its index in Funcs.
type FuncID uint16
