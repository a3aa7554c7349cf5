// Code generated from package rt by fluxion's Go backend. DO NOT EDIT.

package rtimpl

import (
	"reflect"
	"strings"

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

// DescribeArg describes a dynamically typed argument: an array of the
// runtime by its shape and element type, a scalar by its type, anything
// else by its Go type.
func DescribeArg(v any) string {
	if name := ScalarName(v); name != "" {
		return "a scalar of type " + name
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Struct && rv.Type().PkgPath() == reflect.TypeOf(rt.Array[bool]{}).PkgPath() && strings.HasPrefix(rv.Type().Name(), "Array[") {
		shape, _ := rv.FieldByName("Shape").Interface().([]int64)
		elem := reflect.Zero(rv.FieldByName("Data").Type().Elem()).Interface()
		if name := ScalarName(elem); name != "" {
			return "an array of shape " + ShapeString(shape) + name
		}
	}
	return "a value of Go type " + GoTypeName(v)
}

// ScalarName is the element type of a Go scalar of the runtime ("i32",
// "f16"), or "" for any other value.
func ScalarName(v any) string {
	switch v.(type) {
	case int8:
		return "i8"
	case int16:
		return "i16"
	case int32:
		return "i32"
	case int64:
		return "i64"
	case uint8:
		return "u8"
	case uint16:
		return "u16"
	case uint32:
		return "u32"
	case uint64:
		return "u64"
	case rt.F16:
		return "f16"
	case float32:
		return "f32"
	case float64:
		return "f64"
	case bool:
		return "bool"
	}
	return ""
}
