package values

import (
	"fmt"
	"math"
	"strings"
)

// MaxMismatches is how many element mismatches Compare reports per value.
const MaxMismatches = 5

// Mismatch is one difference between expected and actual results.
type Mismatch struct {
	Value int     // 0-based index of the value in the sequence
	Index []int64 // element index, nil for whole-value problems
	Msg   string  // the complete message
}

func (m Mismatch) String() string { return m.Msg }

// Compare judges actual results against expected ones by the rules of
// FORMATS.md §3.6 and returns the differences (none means a pass): the
// number of values, each value's element type, rank and shape, and every
// element (integers and bools exactly; floats: both NaN, infinities of the
// same sign, or within tol = max(0.002, max over finite expected e of
// 0.002*e) for that value). At most MaxMismatches element mismatches are
// reported per value.
func Compare(expected, actual []Value) []Mismatch {
	var ms []Mismatch
	if len(expected) != len(actual) {
		ms = append(ms, Mismatch{Value: -1, Msg: fmt.Sprintf("Expected %d values, got %d", len(expected), len(actual))})
	}
	for k := 0; k < len(expected) && k < len(actual); k++ {
		ms = append(ms, compareValue(k, expected[k], actual[k])...)
	}
	return ms
}

func compareValue(k int, e, a Value) []Mismatch {
	if e.elem != a.elem || e.Rank() != a.Rank() {
		return []Mismatch{{Value: k, Msg: fmt.Sprintf("Value #%d: expected type %s, got %s", k, e.TypeString(), a.TypeString())}}
	}
	if !sameShape(e.shape, a.shape) {
		return []Mismatch{{Value: k, Msg: fmt.Sprintf("Value #%d: expected shape %s, got %s", k, ShapeString(e.shape), ShapeString(a.shape))}}
	}
	n := e.Len()
	tol := 0.002
	if e.elem.IsFloat() {
		for i := 0; i < n; i++ {
			if x := e.Get(i).Float(); !math.IsInf(x, 0) && !math.IsNaN(x) {
				tol = math.Max(tol, 0.002*x)
			}
		}
	}
	var ms []Mismatch
	for i := 0; i < n && len(ms) < MaxMismatches; i++ {
		ev, av := e.Get(i), a.Get(i)
		ok := ev == av
		if e.elem.IsFloat() {
			x, y := ev.Float(), av.Float()
			switch {
			case math.IsNaN(x) || math.IsNaN(y):
				ok = math.IsNaN(x) && math.IsNaN(y)
			case math.IsInf(x, 0) || math.IsInf(y, 0):
				ok = x == y
			default:
				ok = math.Abs(y-x) <= tol
			}
		}
		if !ok {
			if e.Rank() == 0 {
				ms = append(ms, Mismatch{Value: k, Msg: fmt.Sprintf("Value #%d: expected %v, got %v", k, ev, av)})
				continue
			}
			idx := unflatIndex(e.shape, i)
			ms = append(ms, Mismatch{Value: k, Index: idx,
				Msg: fmt.Sprintf("Value #%d index %s: expected %v, got %v", k, indexString(idx), ev, av)})
		}
	}
	return ms
}

// unflatIndex converts a row-major element number to an index per dimension.
func unflatIndex(shape []int64, i int) []int64 {
	idx := make([]int64, len(shape))
	rest := int64(i)
	for d := len(shape) - 1; d >= 0; d-- {
		idx[d] = rest % shape[d]
		rest /= shape[d]
	}
	return idx
}

func indexString(idx []int64) string {
	parts := make([]string, len(idx))
	for d, x := range idx {
		parts[d] = fmt.Sprint(x)
	}
	return "[" + strings.Join(parts, ",") + "]"
}
