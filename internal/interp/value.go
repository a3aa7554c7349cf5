package interp

import (
	"fmt"
	"strconv"
	"strings"
	"unsafe"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/rt"
)

// Array is a regular array of one primitive type, stored flat in row-major
// order. Rows of an array are views sharing its Data.
type Array struct {
	Elem  prim.Type
	Shape []int64
	Data  []prim.Value
}

// NewArray returns a zero-filled array of element type t and the given shape.
func NewArray(t prim.Type, shape []int64) *Array {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	data := make([]prim.Value, n)
	z := prim.Zero(t)
	for i := range data {
		data[i] = z
	}
	return &Array{Elem: t, Shape: append([]int64(nil), shape...), Data: data}
}

// valueSize is the size in bytes of one element of an Array, for the
// memory budget.
const valueSize = int64(unsafe.Sizeof(prim.Value{}))

// alloc returns an array of element type t and the given shape whose
// elements the caller sets, or an error at pos when it is too large (the
// allocation policy of rt.CheckAlloc, which generated code shares).
func alloc(t prim.Type, shape []int64, pos ir.Pos) (*Array, error) {
	n, err := rt.CheckAlloc(shape, valueSize)
	if err != nil {
		return nil, &Error{Pos: pos, Msg: err.Error()}
	}
	return &Array{Elem: t, Shape: shape, Data: make([]prim.Value, n)}, nil
}

// rowSize is the number of elements in one row (1 for rank-1 arrays).
func (a *Array) rowSize() int64 {
	n := int64(1)
	for _, d := range a.Shape[1:] {
		n *= d
	}
	return n
}

// row is a view of row i.
func (a *Array) row(i int64) *Array {
	rs := a.rowSize()
	return &Array{Elem: a.Elem, Shape: a.Shape[1:], Data: a.Data[i*rs : (i+1)*rs : (i+1)*rs]}
}

func (a *Array) clone() *Array {
	return &Array{Elem: a.Elem, Shape: append([]int64(nil), a.Shape...), Data: append([]prim.Value(nil), a.Data...)}
}

func (a *Array) String() string {
	var b strings.Builder
	var rec func(dim int, off int64)
	rec = func(dim int, off int64) {
		if dim == len(a.Shape) {
			b.WriteString(a.Data[off].String())
			return
		}
		stride := int64(1)
		for _, d := range a.Shape[dim+1:] {
			stride *= d
		}
		b.WriteByte('[')
		for i := int64(0); i < a.Shape[dim]; i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			rec(dim+1, off+i*stride)
		}
		b.WriteByte(']')
	}
	if len(a.Data) == 0 {
		return "empty(" + shapeString(a.Shape) + a.Elem.String() + ")"
	}
	rec(0, 0)
	return b.String()
}

// Value is an argument or result of an entry point: a scalar (Arr nil) or
// an array.
type Value struct {
	Scalar prim.Value
	Arr    *Array
}

// ScalarValue wraps a scalar.
func ScalarValue(v prim.Value) Value { return Value{Scalar: v} }

// ArrayValue wraps an array.
func ArrayValue(a *Array) Value { return Value{Arr: a} }

func (v Value) String() string {
	if v.Arr != nil {
		return v.Arr.String()
	}
	return v.Scalar.String()
}

// Error is a run-time error of the program, with the position of the
// statement that failed.
type Error struct {
	Pos ir.Pos
	Msg string
}

// Error is the message in the reference compiler's words, then where it
// happened (LANGUAGE-V2 §4), on one line: "Index [5] out of bounds for
// array of shape [4]. (at f.fut:3:7)".
func (e *Error) Error() string {
	if e.Pos.IsKnown() {
		return e.Msg + " (at " + e.Pos.String() + ")"
	}
	return e.Msg
}

// plainScalar prints a scalar for a message: integers without a type
// suffix, as the Go backend prints them.
func plainScalar(v prim.Value) string {
	switch t := v.Type(); {
	case t.IsSigned():
		return strconv.FormatInt(v.Int(), 10)
	case t.IsUnsigned():
		return strconv.FormatUint(v.Uint(), 10)
	}
	return v.String()
}

func rtErr(pos ir.Pos, format string, args ...any) error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

func shapeString(s []int64) string {
	var b strings.Builder
	for _, d := range s {
		fmt.Fprintf(&b, "[%d]", d)
	}
	return b.String()
}

func sameShape(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// accum is the run-time form of an accumulator: the array it writes to
// and how it combines updates.
type accum struct {
	arr *Array
	op  *lambda // nil: addition
}

// value is what a frame slot holds.
type value struct {
	s   prim.Value
	a   *Array
	acc *accum
}
