package rad

import (
	"fmt"
	"math"
)

// Add returns x + y.
func (t *Task) Add(x, y Num) Num { return t.binary("Add", x.v+y.v, x, 1, y, 1) }

// Sub returns x - y.
func (t *Task) Sub(x, y Num) Num { return t.binary("Sub", x.v-y.v, x, 1, y, -1) }

// Mul returns x * y.
func (t *Task) Mul(x, y Num) Num { return t.binary("Mul", x.v*y.v, x, y.v, y, x.v) }

// Div returns x / y.
func (t *Task) Div(x, y Num) Num {
	q := x.v / y.v
	return t.binary("Div", q, x, 1/y.v, y, -q/y.v)
}

// Neg returns -x.
func (t *Task) Neg(x Num) Num { return t.unary("Neg", -x.v, x, -1) }

// AddF returns x + c.
func (t *Task) AddF(x Num, c float64) Num { return t.unary("AddF", x.v+c, x, 1) }

// SubF returns x - c.
func (t *Task) SubF(x Num, c float64) Num { return t.unary("SubF", x.v-c, x, 1) }

// FSub returns c - x.
func (t *Task) FSub(c float64, x Num) Num { return t.unary("FSub", c-x.v, x, -1) }

// MulF returns x * c.
func (t *Task) MulF(x Num, c float64) Num { return t.unary("MulF", x.v*c, x, c) }

// DivF returns x / c.
func (t *Task) DivF(x Num, c float64) Num { return t.unary("DivF", x.v/c, x, 1/c) }

// FDiv returns c / x.
func (t *Task) FDiv(c float64, x Num) Num {
	q := c / x.v
	return t.unary("FDiv", q, x, -q/x.v)
}

// Square returns x * x.
func (t *Task) Square(x Num) Num { return t.unary("Square", x.v*x.v, x, 2*x.v) }

// Sum returns the sum of xs (0 for an empty slice) as one tape entry.
func (t *Task) Sum(xs []Num) Num {
	v := 0.0
	active := false
	for _, x := range xs {
		v += x.v
		if x.tag != 0 {
			active = true
			if x.tag != t.tag && !t.admit("Sum", x) {
				return Num{v: v}
			}
		}
	}
	if !active || !t.fast && !t.admit("Sum") {
		return Num{v: v}
	}
	s := t.seg
	s.reserve(len(xs))
	for _, x := range xs {
		if x.tag != 0 {
			s.pushOp(operand{x.job, x.idx, 1})
		}
	}
	return t.entry(v)
}

// Dot returns the dot product of xs and ys as one tape entry. The slices
// must have the same length.
func (t *Task) Dot(xs, ys []Num) Num {
	if len(xs) != len(ys) {
		t.rec.fail(fmt.Errorf("rad: Dot: lengths %d and %d differ", len(xs), len(ys)))
		return Num{v: math.NaN()}
	}
	v := 0.0
	active := false
	for i, x := range xs {
		y := ys[i]
		v += x.v * y.v
		if x.tag|y.tag != 0 {
			active = true
			if (x.tag != t.tag && x.tag != 0 || y.tag != t.tag && y.tag != 0) && !t.admit("Dot", x, y) {
				return Num{v: v}
			}
		}
	}
	if !active || !t.fast && !t.admit("Dot") {
		return Num{v: v}
	}
	s := t.seg
	s.reserve(2 * len(xs))
	for i, x := range xs {
		y := ys[i]
		if x.tag != 0 {
			s.pushOp(operand{x.job, x.idx, y.v})
		}
		if y.tag != 0 {
			s.pushOp(operand{y.job, y.idx, x.v})
		}
	}
	return t.entry(v)
}
