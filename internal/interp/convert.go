package interp

import (
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// FromValue converts a value of the shared representation (as read from
// input) to the interpreter's.
func FromValue(v values.Value) Value {
	if v.IsScalar() {
		return ScalarValue(v.Scalar())
	}
	a := &Array{Elem: v.Elem(), Shape: append([]int64(nil), v.Shape()...), Data: make([]prim.Value, v.Len())}
	for i := range a.Data {
		a.Data[i] = v.Get(i)
	}
	return ArrayValue(a)
}

// ToValue converts an interpreter value to the shared representation (for
// printing and comparing results).
func ToValue(v Value) values.Value {
	if v.Arr == nil {
		return values.Scalar(v.Scalar)
	}
	out := values.NewArray(v.Arr.Elem, v.Arr.Shape)
	for i, x := range v.Arr.Data {
		out.Set(i, x)
	}
	return out
}

// FromValues converts a list of arguments.
func FromValues(vs []values.Value) []Value {
	out := make([]Value, len(vs))
	for i, v := range vs {
		out[i] = FromValue(v)
	}
	return out
}

// ToValues converts a list of results.
func ToValues(vs []Value) []values.Value {
	out := make([]values.Value, len(vs))
	for i, v := range vs {
		out[i] = ToValue(v)
	}
	return out
}
