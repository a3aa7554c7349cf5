package rad

import (
	"cmp"
	"strconv"
)

// Num is a scalar that may depend on the inputs of a recorded computation.
// It pairs a value with the ID of the tape entry that computed it.
//
// The zero Num is the constant 0. Constants (made by Const, Consts, or by
// operations on constants only) are valid on every tape and have no
// derivative.
type Num struct {
	v   float64
	tag uint32 // tape the Num belongs to; 0 for constants
	job int32  // job whose tape segment holds the entry
	idx int32  // position of the entry within that job
}

// Const returns the constant v, which has no derivative.
func Const(v float64) Num { return Num{v: v} }

// Consts returns the constants vs as Nums.
func Consts(vs []float64) []Num {
	xs := make([]Num, len(vs))
	for i, v := range vs {
		xs[i] = Num{v: v}
	}
	return xs
}

// Values returns the values of xs.
func Values(xs []Num) []float64 {
	vs := make([]float64, len(xs))
	for i, x := range xs {
		vs[i] = x.v
	}
	return vs
}

// Value returns the value of x. Reading a value records nothing: code may
// branch on it, and the derivative is that of the branch taken.
func (x Num) Value() float64 { return x.v }

// IsConst reports whether x is a constant, that is, whether it depends on
// no input.
func (x Num) IsConst() bool { return x.tag == 0 }

// Cmp compares the values of x and y as cmp.Compare does: -1, 0 or +1,
// with NaN ordered before every other value.
func (x Num) Cmp(y Num) int { return cmp.Compare(x.v, y.v) }

// Less reports whether the value of x is less than the value of y.
func (x Num) Less(y Num) bool { return x.v < y.v }

// Sign returns -1, 0 or +1 according to the sign of the value of x
// (0 for NaN).
func (x Num) Sign() int {
	switch {
	case x.v < 0:
		return -1
	case x.v > 0:
		return +1
	}
	return 0
}

// String formats the value of x, as fmt does a float64 with %v.
func (x Num) String() string { return strconv.FormatFloat(x.v, 'g', -1, 64) }
