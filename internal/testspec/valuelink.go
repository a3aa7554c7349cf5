package testspec

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// Value is a program argument or result.
type Value = values.Value

// parseValues reads the literal values of an input or output clause; text
// is laid out as rawUntilBrace returns it, so a reader position maps to the
// file by adding first.Line-1 to the line.
func parseValues(text string, first Pos) ([]Value, error) {
	vs, err := values.ParseText(text)
	if err != nil {
		var se *values.SyntaxError
		if errors.As(err, &se) {
			return nil, &Error{Pos{first.File, first.Line + se.Line - 1, se.Col}, "invalid value: " + se.Msg}
		}
		return nil, &Error{first, "invalid value: " + err.Error()}
	}
	return vs, nil
}

// parseConstant reads a constant item of random input { ... }.
func parseConstant(w string, pos Pos) (Value, error) {
	vs, err := values.ParseText(w)
	if err != nil || len(vs) != 1 {
		return Value{}, &Error{pos, fmt.Sprintf("expected a type such as [10]f32 or a constant value in random input, found %q", w)}
	}
	return vs[0], nil
}

// maxDataFile bounds how much a (possibly gzip-compressed) data file may
// expand to, so that a corrupt file cannot exhaust memory.
const maxDataFile = 4 << 30

// readValuesFile reads all values of a data file: textual, binary or mixed,
// gzip-compressed if its name ends in ".gz".
func readValuesFile(path string) ([]Value, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		defer zr.Close()
		r = zr
	}
	vs, err := values.ReadAll(io.LimitReader(r, maxDataFile))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return vs, nil
}

// compareValues judges results against expected values (FORMATS.md §3.6)
// and describes the first mismatches; nil means they agree.
func compareValues(want, got []Value) []string {
	var lines []string
	for _, m := range values.Compare(want, got) {
		lines = append(lines, m.Msg)
	}
	return lines
}

// nameText writes v as dataset names show it: like the textual format but
// with floats in their shortest round-trip form ("2.5f64", "1.0e-2f32").
func nameText(v Value) string {
	var b strings.Builder
	if v.Len() == 0 && v.Rank() > 0 {
		b.WriteString("empty(")
		b.WriteString(values.ShapeString(v.Shape()))
		b.WriteString(v.Elem().String())
		b.WriteString(")")
		return b.String()
	}
	shape := v.Shape()
	i := 0
	var rec func(dim int)
	rec = func(dim int) {
		if dim == len(shape) {
			b.WriteString(scalarNameText(v.Get(i)))
			i++
			return
		}
		b.WriteByte('[')
		for k := int64(0); k < shape[dim]; k++ {
			if k > 0 {
				b.WriteString(", ")
			}
			rec(dim + 1)
		}
		b.WriteByte(']')
	}
	rec(0)
	return b.String()
}

func scalarNameText(x prim.Value) string {
	t := x.Type()
	switch {
	case t == prim.Bool:
		return strconv.FormatBool(x.Bool())
	case t.IsSigned():
		return strconv.FormatInt(x.Int(), 10) + t.String()
	case t.IsUnsigned():
		return strconv.FormatUint(x.Uint(), 10) + t.String()
	}
	f := x.Float()
	switch {
	case math.IsNaN(f):
		return t.String() + ".nan"
	case math.IsInf(f, 1):
		return t.String() + ".inf"
	case math.IsInf(f, -1):
		return "-" + t.String() + ".inf"
	}
	bits := 32
	if t == prim.F64 {
		bits = 64
	}
	return shortestFloat(f, bits) + t.String()
}
