package gradbench

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// decodeObject decodes an eval's input object into dst; type errors name the JSON field.
func decodeObject(raw json.RawMessage, dst any) error {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return fmt.Errorf("expected a JSON object")
	}
	err := json.Unmarshal(trimmed, dst)
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		// Name the JSON field rather than the Go struct it was decoded into.
		return fmt.Errorf("field %s: expected %s, got JSON %s", te.Field, jsonKind(te.Type.String()), te.Value)
	}
	return err
}

// jsonKind describes a Go destination type in JSON terms.
func jsonKind(goType string) string {
	switch {
	case strings.HasPrefix(goType, "[]"):
		return "a list"
	case strings.Contains(goType, "int"):
		return "an integer"
	case strings.Contains(goType, "float"):
		return "a number"
	case goType == "bool":
		return "a boolean"
	case goType == "string":
		return "a string"
	}
	return "an object"
}

func f64(x float64) values.Value { return values.Scalar(prim.FloatValue(prim.F64, x)) }

func i64(x int64) values.Value { return values.Scalar(prim.IntValue(prim.I64, x)) }

func boolean(b bool) values.Value { return values.Scalar(prim.BoolValue(b)) }

// vector returns xs as an f64 array, checking its length when want >= 0.
func vector(name string, xs []float64, want int) (values.Value, error) {
	if xs == nil {
		return values.Value{}, fmt.Errorf("missing %s", name)
	}
	if want >= 0 && len(xs) != want {
		return values.Value{}, fmt.Errorf("%s has %d elements, expected %d", name, len(xs), want)
	}
	return values.FromData(prim.F64, []int64{int64(len(xs))}, append([]float64(nil), xs...))
}

// flatRows checks that rows is a rows×cols matrix (cols < 0: whatever the
// first row has) and returns it flat, row-major, with its column count.
func flatRows[E any](name string, rows [][]E, cols int) ([]E, int, error) {
	if rows == nil {
		return nil, 0, fmt.Errorf("missing %s", name)
	}
	if cols < 0 {
		cols = 0
		if len(rows) > 0 {
			cols = len(rows[0])
		}
	}
	flat := make([]E, 0, len(rows)*cols)
	for i, r := range rows {
		if len(r) != cols {
			return nil, 0, fmt.Errorf("%s[%d] has %d elements, expected %d", name, i, len(r), cols)
		}
		flat = append(flat, r...)
	}
	return flat, cols, nil
}

// matrix returns rows as an f64 array of shape [len(rows)][cols]; cols < 0
// takes the width of the first row. wantRows >= 0 also checks the height.
func matrix(name string, rows [][]float64, wantRows, cols int) (values.Value, error) {
	if rows != nil && wantRows >= 0 && len(rows) != wantRows {
		return values.Value{}, fmt.Errorf("%s has %d rows, expected %d", name, len(rows), wantRows)
	}
	flat, c, err := flatRows(name, rows, cols)
	if err != nil {
		return values.Value{}, err
	}
	return values.FromData(prim.F64, []int64{int64(len(rows)), int64(c)}, flat)
}

// transposed returns the rows×cols matrix rows as an f64 array of shape [cols][rows].
func transposed(name string, rows [][]float64, cols int) (values.Value, error) {
	flat, c, err := flatRows(name, rows, cols)
	if err != nil {
		return values.Value{}, err
	}
	n := len(rows)
	t := make([]float64, len(flat))
	for i := range n {
		for j := range c {
			t[j*n+i] = flat[i*c+j]
		}
	}
	return values.FromData(prim.F64, []int64{int64(c), int64(n)}, t)
}

// int32s converts JSON integers to i32, rejecting those out of range.
func int32s(name string, xs []int64) ([]int32, error) {
	out := make([]int32, len(xs))
	for i, x := range xs {
		if x < math.MinInt32 || x > math.MaxInt32 {
			return nil, fmt.Errorf("%s[%d] = %d does not fit in i32", name, i, x)
		}
		out[i] = int32(x)
	}
	return out, nil
}

// floats returns the data of an f64 result.
func floats(what string, v values.Value) ([]float64, error) {
	if v.Elem() != prim.F64 {
		return nil, fmt.Errorf("%s: expected f64 values, got %s", what, v.TypeString())
	}
	return v.F64(), nil
}

// number encodes a result that must hold exactly one f64 (a scalar, or a
// one-element array as GradBench's particle programs return).
func number(what string, v values.Value) ([]byte, error) {
	xs, err := floats(what, v)
	if err != nil {
		return nil, err
	}
	if len(xs) != 1 {
		return nil, fmt.Errorf("%s: expected one number, got %s of shape %v", what, v.TypeString(), v.Shape())
	}
	return appendFloat(nil, xs[0])
}

// flat encodes an f64 result of n elements (any rank) as one flat list.
func flat(what string, v values.Value, n int) ([]byte, error) {
	xs, err := floats(what, v)
	if err != nil {
		return nil, err
	}
	if n >= 0 && len(xs) != n {
		return nil, fmt.Errorf("%s: expected %d numbers, got shape %v", what, n, v.Shape())
	}
	return appendFloats(nil, xs)
}

// nested encodes an f64 result of exactly the given shape as nested lists.
func nested(what string, v values.Value, shape ...int64) ([]byte, error) {
	xs, err := floats(what, v)
	if err != nil {
		return nil, err
	}
	got := v.Shape()
	same := len(got) == len(shape)
	for i := 0; same && i < len(got); i++ {
		same = got[i] == shape[i]
	}
	if !same {
		return nil, fmt.Errorf("%s: expected shape %v, got %v", what, shape, got)
	}
	b, _, err := appendNested(nil, xs, shape)
	return b, err
}

// appendNested writes the leading block of xs of the given shape and returns
// what remains of xs.
func appendNested(b []byte, xs []float64, shape []int64) ([]byte, []float64, error) {
	if len(shape) == 0 {
		b, err := appendFloat(b, xs[0])
		return b, xs[1:], err
	}
	b = append(b, '[')
	var err error
	for i := range shape[0] {
		if i > 0 {
			b = append(b, ',')
		}
		if b, xs, err = appendNested(b, xs, shape[1:]); err != nil {
			return nil, nil, err
		}
	}
	return append(b, ']'), xs, nil
}

// appendFloat writes x in the shortest form that reads back exactly; JSON
// has no NaN or infinity, so those are errors.
func appendFloat(b []byte, x float64) ([]byte, error) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil, fmt.Errorf("result is not finite (%v)", x)
	}
	return strconv.AppendFloat(b, x, 'g', -1, 64), nil
}

func appendFloats(b []byte, xs []float64) ([]byte, error) {
	b = append(b, '[')
	var err error
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = appendFloat(b, x); err != nil {
			return nil, err
		}
	}
	return append(b, ']'), nil
}

func appendInts(b []byte, xs []int64) []byte {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, x, 10)
	}
	return append(b, ']')
}

// ints returns the elements of an integer result as int64.
func ints(what string, v values.Value) ([]int64, error) {
	switch v.Elem() {
	case prim.I32:
		xs := v.I32()
		out := make([]int64, len(xs))
		for i, x := range xs {
			out[i] = int64(x)
		}
		return out, nil
	case prim.I64:
		return v.I64(), nil
	}
	return nil, fmt.Errorf("%s: expected i32 or i64 values, got %s", what, v.TypeString())
}

// headAndLast is the first 30 elements of xs followed by its last, as the
// ba eval abbreviates the CSR arrays (Python's xs[:30] + [xs[-1]]).
func headAndLast[E any](xs []E) []E {
	if len(xs) == 0 {
		return xs
	}
	out := append([]E(nil), xs[:min(30, len(xs))]...)
	return append(out, xs[len(xs)-1])
}
