// Code generated from package rt by fluxion's Go backend. DO NOT EDIT.

package rtimpl

import (
	"github.com/fluxion-lang/fluxion/rt"
)

// Acc is an accumulator: a write-only handle on an array that combines
// updates with op (addition when the IR gives no operator).
type Acc[T any] struct {
	Arr rt.Array[T]
	Op  func(x, y T) T
}

// Upd combines v into the element at the outer index idx; out-of-range
// indices are ignored.
func (a *Acc[T]) Upd(idx []int64, v T) {
	off, ok := FlatOffset(a.Arr.Shape, idx)
	if ok {
		a.Arr.Data[off] = a.Op(a.Arr.Data[off], v)
	}
}

// UpdRow combines every element of v into the row at idx.
func (a *Acc[T]) UpdRow(pos string, idx []int64, v rt.Array[T]) {
	dst := a.RowFor(pos, idx, v)
	for i, x := range v.Data[:len(dst)] {
		dst[i] = a.Op(dst[i], x)
	}
}

// AddRow adds every element of v into the row of a at idx, for an
// accumulator that adds (the generated code knows which do): the same as
// updRow without a call of the operator per element. Out-of-range
// indices are ignored.
func AddRow[T Sint | Uint_ | ~float32 | ~float64](pos string, a *Acc[T], idx []int64, v rt.Array[T]) {
	dst := a.RowFor(pos, idx, v)
	for i, x := range v.Data[:len(dst)] {
		dst[i] += x
	}
}

// RowFor returns the elements of the row of a at idx that v updates,
// after checking that v has the row's shape; none when idx is out of
// range.
func (a *Acc[T]) RowFor(pos string, idx []int64, v rt.Array[T]) []T {
	off, ok := FlatOffset(a.Arr.Shape, idx)
	if !ok {
		return nil
	}
	rest := a.Arr.Shape[len(idx):]
	if !SameShape(rest, v.Shape) {
		ShapeFail(pos, v.Shape, rest...)
	}
	base := off * int64(len(v.Data))
	return a.Arr.Data[base : base+int64(len(v.Data))]
}

// FlatOffset is the offset of idx in the outer dimensions of shape, or
// false when out of range.
func FlatOffset(shape []int64, idx []int64) (int64, bool) {
	off := int64(0)
	for k, i := range idx {
		if i < 0 || i >= shape[k] {
			return 0, false
		}
		off = off*shape[k] + i
	}
	return off, true
}

// ArgFail reports a dynamically typed argument of the wrong type, in the
// interpreter's words where the value is one of the runtime's.
func ArgFail(entry string, i int, want string, got any) {
	Fail("", "argument "+Itoa(int64(i+1))+" of "+entry+": got "+DescribeArg(got)+", want a value of type "+want)
}

// DescribeArg describes a dynamically typed argument: an array by its
// shape and element type, a scalar by its type, anything else by its Go
// type.
func DescribeArg(v any) string {
	arr := func(shape []int64, elem string) string { return "an array of shape " + ShapeString(shape) + elem }
	switch x := v.(type) {
	case rt.Array[int8]:
		return arr(x.Shape, "i8")
	case rt.Array[int16]:
		return arr(x.Shape, "i16")
	case rt.Array[int32]:
		return arr(x.Shape, "i32")
	case rt.Array[int64]:
		return arr(x.Shape, "i64")
	case rt.Array[uint8]:
		return arr(x.Shape, "u8")
	case rt.Array[uint16]:
		return arr(x.Shape, "u16")
	case rt.Array[uint32]:
		return arr(x.Shape, "u32")
	case rt.Array[uint64]:
		return arr(x.Shape, "u64")
	case rt.Array[rt.F16]:
		return arr(x.Shape, "f16")
	case rt.Array[float32]:
		return arr(x.Shape, "f32")
	case rt.Array[float64]:
		return arr(x.Shape, "f64")
	case rt.Array[bool]:
		return arr(x.Shape, "bool")
	case int8:
		return "a scalar of type i8"
	case int16:
		return "a scalar of type i16"
	case int32:
		return "a scalar of type i32"
	case int64:
		return "a scalar of type i64"
	case uint8:
		return "a scalar of type u8"
	case uint16:
		return "a scalar of type u16"
	case uint32:
		return "a scalar of type u32"
	case uint64:
		return "a scalar of type u64"
	case rt.F16:
		return "a scalar of type f16"
	case float32:
		return "a scalar of type f32"
	case float64:
		return "a scalar of type f64"
	case bool:
		return "a scalar of type bool"
	}
	return "a value of Go type " + GoTypeName(v)
}
