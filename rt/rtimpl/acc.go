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

// ArgFail reports a dynamically typed argument of the wrong type.
func ArgFail(entry string, i int, want string, got any) {
	Fail("", "argument "+Itoa(int64(i+1))+" of "+entry+": got a value of Go type "+GoTypeName(got)+", want a value of type "+want)
}
