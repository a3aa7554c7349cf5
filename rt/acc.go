package rt

import (
	"reflect"
	"strings"
)

// acc is an accumulator: a write-only handle on an array that combines
// updates with op (addition when the IR gives no operator).
type acc[T any] struct {
	arr Array[T]
	op  func(x, y T) T
}

// upd combines v into the element at the outer index idx; out-of-range
// indices are ignored.
func (a *acc[T]) upd(idx []int64, v T) {
	off, ok := flatOffset(a.arr.Shape, idx)
	if ok {
		a.arr.Data[off] = a.op(a.arr.Data[off], v)
	}
}

// updRow combines every element of v into the row at idx.
func (a *acc[T]) updRow(pos string, idx []int64, v Array[T]) {
	dst := a.rowFor(pos, idx, v)
	for i, x := range v.Data[:len(dst)] {
		dst[i] = a.op(dst[i], x)
	}
}

// addRow adds every element of v into the row of a at idx, for an
// accumulator that adds (the generated code knows which do): the same as
// updRow without a call of the operator per element. Out-of-range
// indices are ignored.
func addRow[T sint | uint_ | ~float32 | ~float64](pos string, a *acc[T], idx []int64, v Array[T]) {
	dst := a.rowFor(pos, idx, v)
	for i, x := range v.Data[:len(dst)] {
		dst[i] += x
	}
}

// rowFor returns the elements of the row of a at idx that v updates,
// after checking that v has the row's shape; none when idx is out of
// range.
func (a *acc[T]) rowFor(pos string, idx []int64, v Array[T]) []T {
	off, ok := flatOffset(a.arr.Shape, idx)
	if !ok {
		return nil
	}
	rest := a.arr.Shape[len(idx):]
	if !sameShape(rest, v.Shape) {
		shapeFail(pos, v.Shape, rest...)
	}
	base := off * int64(len(v.Data))
	return a.arr.Data[base : base+int64(len(v.Data))]
}

// flatOffset is the offset of idx in the outer dimensions of shape, or
// false when out of range.
func flatOffset(shape []int64, idx []int64) (int64, bool) {
	off := int64(0)
	for k, i := range idx {
		if i < 0 || i >= shape[k] {
			return 0, false
		}
		off = off*shape[k] + i
	}
	return off, true
}

// EntryPoint describes one entry point of a generated package for drivers
// that call entries by name with dynamically typed values: Params and
// Results are the types of the Go parameters and results as the program
// writes them ("[n][]f64", "i32"; [] for sizes it leaves anonymous); Call
// takes one argument per parameter (a Go scalar or an Array[T]) and
// returns the results likewise.
type EntryPoint struct {
	Params  []string
	Results []string
	Call    func(args []any) ([]any, error)
}

// argFail reports a dynamically typed argument of the wrong type, in the
// interpreter's words where the value is one of the runtime's.
func argFail(entry string, i int, want string, got any) {
	fail("", "argument "+itoa(int64(i+1))+" of "+entry+": got "+describeArg(got)+", want a value of type "+want)
}

// describeArg describes a dynamically typed argument: an array of the
// runtime by its shape and element type, a scalar by its type, anything
// else by its Go type.
func describeArg(v any) string {
	if name := scalarName(v); name != "" {
		return "a scalar of type " + name
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Struct && rv.Type().PkgPath() == reflect.TypeOf(Array[bool]{}).PkgPath() && strings.HasPrefix(rv.Type().Name(), "Array[") {
		shape, _ := rv.FieldByName("Shape").Interface().([]int64)
		elem := reflect.Zero(rv.FieldByName("Data").Type().Elem()).Interface()
		if name := scalarName(elem); name != "" {
			return "an array of shape " + shapeString(shape) + name
		}
	}
	return "a value of Go type " + goTypeName(v)
}

// scalarName is the element type of a Go scalar of the runtime ("i32",
// "f16"), or "" for any other value.
func scalarName(v any) string {
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
	case F16:
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
