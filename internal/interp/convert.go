package interp

import (
	"fmt"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// FromValue converts a value of the shared representation (as read from
// input) to the interpreter's, whose elements take more memory: it is an
// error when the array is too large for the memory budget.
func FromValue(v values.Value) (Value, error) {
	if v.IsScalar() {
		return ScalarValue(v.Scalar()), nil
	}
	a, err := alloc(v.Elem(), append([]int64(nil), v.Shape()...), ir.Pos{})
	if err != nil {
		return Value{}, err
	}
	for i := range a.Data {
		a.Data[i] = v.Get(i)
	}
	return ArrayValue(a), nil
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

// FromValues converts a list of arguments; an error names the argument.
func FromValues(vs []values.Value) ([]Value, error) {
	out := make([]Value, len(vs))
	for i, v := range vs {
		var err error
		if out[i], err = FromValue(v); err != nil {
			return nil, fmt.Errorf("argument %d: %w", i+1, err)
		}
	}
	return out, nil
}

// ToValues converts a list of results.
func ToValues(vs []Value) []values.Value {
	out := make([]values.Value, len(vs))
	for i, v := range vs {
		out[i] = ToValue(v)
	}
	return out
}
