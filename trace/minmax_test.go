package trace

import (
	"math"
	"testing"
)

// TestMinMaxValues: Min and Max are IEEE 754-2019 minimumNumber and
// maximumNumber, as the compiler's are (a NaN loses to a number, -0 is
// below +0 whichever operand it is), and their derivative goes to the
// first operand on ties and when the second is NaN.
func TestMinMaxValues(t *testing.T) {
	nan, negz := math.NaN(), math.Copysign(0, -1)
	for _, c := range []struct {
		x, y, min, max float64
		minFirst       bool // Min's derivative goes to x
		maxFirst       bool
	}{
		{1, 2, 1, 2, true, false},
		{2, 1, 1, 2, false, true},
		{0, negz, negz, 0, true, true},
		{negz, 0, negz, 0, true, true},
		{nan, 1, 1, 1, false, false},
		{1, nan, 1, 1, true, true},
	} {
		for _, o := range []struct {
			op    Op
			want  float64
			first bool
		}{{OpMin, c.min, c.minFirst}, {OpMax, c.max, c.maxFirst}} {
			got := eval2(o.op, c.x, c.y)
			if math.Float64bits(got) != math.Float64bits(o.want) {
				t.Errorf("%v(%v, %v) = %v, want %v (bits %x, %x)", o.op, c.x, c.y, got, o.want, math.Float64bits(got), math.Float64bits(o.want))
			}
			if f := pickFirst(o.op, c.x, c.y); f != o.first {
				t.Errorf("pickFirst(%v, %v, %v) = %v, want %v", o.op, c.x, c.y, f, o.first)
			}
		}
	}
}
