// Package values implements Fluxion's run-time values as the outside world
// sees them: scalars and regular arrays of one primitive type, their textual
// and binary formats (FORMATS.md §1-§2), and the comparison used to judge
// test results (§3.6).
package values

import (
	"fmt"
	"math"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Value is a scalar or a regular array of one primitive type, stored flat in
// row-major order. A scalar is an array of rank 0 with one element.
//
// The elements live in a typed slice (see Data): []int8, []int16, []int32,
// []int64, []uint8, []uint16, []uint32, []uint64, []float32, []float64,
// []bool, and []uint16 holding the bit patterns for f16.
type Value struct {
	elem  prim.Type
	shape []int64
	data  any
}

// Scalar returns the rank-0 value holding v.
func Scalar(v prim.Value) Value {
	x := NewArray(v.Type(), nil)
	x.Set(0, v)
	return x
}

// NewArray returns a zero-filled value of element type t and the given
// shape (nil or empty for a scalar). It panics if t is invalid or a
// dimension is negative, or if the element count overflows an int.
func NewArray(t prim.Type, shape []int64) Value {
	n, ok := elemCount(shape)
	if !ok {
		panic(fmt.Sprintf("values.NewArray: bad shape %v", shape))
	}
	return Value{elem: t, shape: cloneShape(shape), data: makeData(t, n)}
}

// FromData returns a value of element type t and shape whose elements are
// data, a slice of the Go type that Data documents for t (not copied).
func FromData(t prim.Type, shape []int64, data any) (Value, error) {
	n, ok := elemCount(shape)
	if !ok {
		return Value{}, fmt.Errorf("invalid shape %v", shape)
	}
	want := makeData(t, 0)
	if want == nil {
		return Value{}, fmt.Errorf("invalid element type %v", t)
	}
	if !dataMatches(t, data) {
		return Value{}, fmt.Errorf("%v elements must be a %T, not a %T", t, want, data)
	}
	if l := dataLen(data); l != n {
		return Value{}, fmt.Errorf("shape %v needs %d elements, got %d", shape, n, l)
	}
	return Value{elem: t, shape: cloneShape(shape), data: data}, nil
}

func cloneShape(shape []int64) []int64 {
	if len(shape) == 0 {
		return nil
	}
	return append([]int64(nil), shape...)
}

// elemCount returns the product of shape, or false if a dimension is
// negative or the product does not fit in an int.
func elemCount(shape []int64) (int, bool) {
	n := int64(1)
	for _, d := range shape {
		if d < 0 {
			return 0, false
		}
		if d != 0 && n > math.MaxInt/d {
			// Overflow only matters if no later dimension is zero.
			for _, e := range shape {
				if e == 0 {
					return 0, true
				}
			}
			return 0, false
		}
		n *= d
	}
	return int(n), true
}

func makeData(t prim.Type, n int) any {
	switch t {
	case prim.I8:
		return make([]int8, n)
	case prim.I16:
		return make([]int16, n)
	case prim.I32:
		return make([]int32, n)
	case prim.I64:
		return make([]int64, n)
	case prim.U8:
		return make([]uint8, n)
	case prim.U16, prim.F16:
		return make([]uint16, n)
	case prim.U32:
		return make([]uint32, n)
	case prim.U64:
		return make([]uint64, n)
	case prim.F32:
		return make([]float32, n)
	case prim.F64:
		return make([]float64, n)
	case prim.Bool:
		return make([]bool, n)
	}
	return nil
}

// dataMatches reports whether data is the slice type that holds t.
func dataMatches(t prim.Type, data any) bool {
	switch data.(type) {
	case []int8:
		return t == prim.I8
	case []int16:
		return t == prim.I16
	case []int32:
		return t == prim.I32
	case []int64:
		return t == prim.I64
	case []uint8:
		return t == prim.U8
	case []uint16:
		return t == prim.U16 || t == prim.F16
	case []uint32:
		return t == prim.U32
	case []uint64:
		return t == prim.U64
	case []float32:
		return t == prim.F32
	case []float64:
		return t == prim.F64
	case []bool:
		return t == prim.Bool
	}
	return false
}

func dataLen(data any) int {
	switch d := data.(type) {
	case []int8:
		return len(d)
	case []int16:
		return len(d)
	case []int32:
		return len(d)
	case []int64:
		return len(d)
	case []uint8:
		return len(d)
	case []uint16:
		return len(d)
	case []uint32:
		return len(d)
	case []uint64:
		return len(d)
	case []float32:
		return len(d)
	case []float64:
		return len(d)
	case []bool:
		return len(d)
	}
	return 0
}

// Elem returns the element type.
func (v Value) Elem() prim.Type { return v.elem }

// Rank returns the number of dimensions (0 for a scalar).
func (v Value) Rank() int { return len(v.shape) }

// Shape returns the dimensions, outermost first. The caller must not modify it.
func (v Value) Shape() []int64 { return v.shape }

// Len returns the number of elements (1 for a scalar).
func (v Value) Len() int { return dataLen(v.data) }

// IsScalar reports whether v has rank 0.
func (v Value) IsScalar() bool { return len(v.shape) == 0 }

// Data returns the typed slice of elements (shared, not copied).
func (v Value) Data() any { return v.data }

// Typed views of the elements; each returns nil for other element types.

func (v Value) I8() []int8        { return typed[int8](v, prim.I8) }
func (v Value) I16() []int16      { return typed[int16](v, prim.I16) }
func (v Value) I32() []int32      { return typed[int32](v, prim.I32) }
func (v Value) I64() []int64      { return typed[int64](v, prim.I64) }
func (v Value) U8() []uint8       { return typed[uint8](v, prim.U8) }
func (v Value) U16() []uint16     { return typed[uint16](v, prim.U16) }
func (v Value) U32() []uint32     { return typed[uint32](v, prim.U32) }
func (v Value) U64() []uint64     { return typed[uint64](v, prim.U64) }
func (v Value) F16Bits() []uint16 { return typed[uint16](v, prim.F16) }
func (v Value) F32() []float32    { return typed[float32](v, prim.F32) }
func (v Value) F64() []float64    { return typed[float64](v, prim.F64) }
func (v Value) Bools() []bool     { return typed[bool](v, prim.Bool) }

func typed[E any](v Value, t prim.Type) []E {
	if v.elem != t {
		return nil
	}
	d, _ := v.data.([]E)
	return d
}

// Scalar returns the first element (the value of a scalar).
func (v Value) Scalar() prim.Value { return v.Get(0) }

// Get returns element i in row-major order.
func (v Value) Get(i int) prim.Value {
	switch d := v.data.(type) {
	case []int8:
		return prim.IntValue(v.elem, int64(d[i]))
	case []int16:
		return prim.IntValue(v.elem, int64(d[i]))
	case []int32:
		return prim.IntValue(v.elem, int64(d[i]))
	case []int64:
		return prim.IntValue(v.elem, d[i])
	case []uint8:
		return prim.UintValue(v.elem, uint64(d[i]))
	case []uint16:
		return prim.FromBits(v.elem, uint64(d[i]))
	case []uint32:
		return prim.UintValue(v.elem, uint64(d[i]))
	case []uint64:
		return prim.UintValue(v.elem, d[i])
	case []float32:
		return prim.Float32Value(d[i])
	case []float64:
		return prim.FloatValue(prim.F64, d[i])
	case []bool:
		return prim.BoolValue(d[i])
	}
	panic("values: Get on an invalid value")
}

// Set stores x as element i; x is converted (LANGUAGE.md §8.6) if its type
// differs from the element type.
func (v Value) Set(i int, x prim.Value) {
	if x.Type() != v.elem {
		x = prim.Convert(x, v.elem)
	}
	b := x.Bits()
	switch d := v.data.(type) {
	case []int8:
		d[i] = int8(b)
	case []int16:
		d[i] = int16(b)
	case []int32:
		d[i] = int32(b)
	case []int64:
		d[i] = int64(b)
	case []uint8:
		d[i] = uint8(b)
	case []uint16:
		d[i] = uint16(b)
	case []uint32:
		d[i] = uint32(b)
	case []uint64:
		d[i] = b
	case []float32:
		d[i] = math.Float32frombits(uint32(b))
	case []float64:
		d[i] = math.Float64frombits(b)
	case []bool:
		d[i] = b != 0
	default:
		panic("values: Set on an invalid value")
	}
}

// Index returns row i of an array of rank >= 1, sharing its elements. It
// panics if i is out of range, like indexing a slice.
func (v Value) Index(i int64) Value {
	rowShape := v.shape[1:]
	n, _ := elemCount(rowShape)
	lo := int(i) * n
	return Value{elem: v.elem, shape: cloneShape(rowShape), data: sliceData(v.data, lo, lo+n)}
}

func sliceData(data any, lo, hi int) any {
	switch d := data.(type) {
	case []int8:
		return d[lo:hi:hi]
	case []int16:
		return d[lo:hi:hi]
	case []int32:
		return d[lo:hi:hi]
	case []int64:
		return d[lo:hi:hi]
	case []uint8:
		return d[lo:hi:hi]
	case []uint16:
		return d[lo:hi:hi]
	case []uint32:
		return d[lo:hi:hi]
	case []uint64:
		return d[lo:hi:hi]
	case []float32:
		return d[lo:hi:hi]
	case []float64:
		return d[lo:hi:hi]
	case []bool:
		return d[lo:hi:hi]
	}
	return nil
}

// Identical reports whether a and b have the same element type, shape and
// element bit patterns (NaN is identical to itself, -0.0 differs from 0.0).
func Identical(a, b Value) bool {
	if a.elem != b.elem || !sameShape(a.shape, b.shape) || a.Len() != b.Len() {
		return false
	}
	for i, n := 0, a.Len(); i < n; i++ {
		if a.Get(i) != b.Get(i) {
			return false
		}
	}
	return true
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

// TypeString returns the value's type without sizes, e.g. "[][]f32".
func (v Value) TypeString() string { return typeString(v.elem, len(v.shape)) }

func typeString(t prim.Type, rank int) string {
	return strings.Repeat("[]", rank) + t.String()
}

// ShapeString formats a shape as "[2][3]".
func ShapeString(shape []int64) string {
	var b strings.Builder
	for _, d := range shape {
		fmt.Fprintf(&b, "[%d]", d)
	}
	return b.String()
}
