package rad

import (
	"fmt"
	"math"
	"testing"
)

func TestNumReading(t *testing.T) {
	tests := []struct {
		x, y Num
		cmp  int
		less bool
		sign int
		str  string
	}{
		{Const(1), Const(2), -1, true, 1, "1"},
		{Const(-2.5), Const(-2.5), 0, false, -1, "-2.5"},
		{Const(0), Const(-1), 1, false, 0, "0"},
		{Const(math.NaN()), Const(0), -1, false, 0, "NaN"},
		{Num{}, Const(1e-300), -1, true, 0, "0"},
	}
	for _, tc := range tests {
		if got := tc.x.Cmp(tc.y); got != tc.cmp {
			t.Errorf("%v.Cmp(%v) = %d, want %d", tc.x, tc.y, got, tc.cmp)
		}
		if got := tc.x.Less(tc.y); got != tc.less {
			t.Errorf("%v.Less(%v) = %v, want %v", tc.x, tc.y, got, tc.less)
		}
		if got := tc.x.Sign(); got != tc.sign {
			t.Errorf("%v.Sign() = %d, want %d", tc.x, got, tc.sign)
		}
		if got := fmt.Sprint(tc.x); got != tc.str {
			t.Errorf("Sprint = %q, want %q", got, tc.str)
		}
		if !tc.x.IsConst() {
			t.Errorf("%v is not constant", tc.x)
		}
	}
	if got := Values(Consts([]float64{1, 2.5, -3})); fmt.Sprint(got) != "[1 2.5 -3]" {
		t.Errorf("Values(Consts(...)) = %v", got)
	}
}
