package trace

import "math"

// Column kernels: one operation of a program applied to a block of
// elements at once, which is how a vectorised Map runs (section 3.4 of the
// seed: the function's trace "applied" to the whole array). They compute
// exactly what eval1, eval2, deriv1 and deriv2 compute for one element.

// evalCols sets dst[i] = o(x[i], y[i]) (y unused for unary operations).
func evalCols(o Op, k float64, dst, x, y []float64) {
	switch o {
	case OpConst:
		for i := range dst {
			dst[i] = k
		}
	case OpAdd:
		y = y[:len(dst)]
		for i, a := range x[:len(dst)] {
			dst[i] = a + y[i]
		}
	case OpSub:
		y = y[:len(dst)]
		for i, a := range x[:len(dst)] {
			dst[i] = a - y[i]
		}
	case OpMul:
		y = y[:len(dst)]
		for i, a := range x[:len(dst)] {
			dst[i] = a * y[i]
		}
	case OpDiv:
		y = y[:len(dst)]
		for i, a := range x[:len(dst)] {
			dst[i] = a / y[i]
		}
	case OpNeg:
		for i, a := range x[:len(dst)] {
			dst[i] = -a
		}
	case OpSquare:
		for i, a := range x[:len(dst)] {
			dst[i] = a * a
		}
	case OpExp:
		for i, a := range x[:len(dst)] {
			dst[i] = math.Exp(a)
		}
	case OpLog:
		for i, a := range x[:len(dst)] {
			dst[i] = math.Log(a)
		}
	case OpSin:
		for i, a := range x[:len(dst)] {
			dst[i] = math.Sin(a)
		}
	case OpCos:
		for i, a := range x[:len(dst)] {
			dst[i] = math.Cos(a)
		}
	case OpSqrt:
		for i, a := range x[:len(dst)] {
			dst[i] = math.Sqrt(a)
		}
	case OpTanh:
		for i, a := range x[:len(dst)] {
			dst[i] = math.Tanh(a)
		}
	default:
		if o.IsUnary() {
			for i, a := range x[:len(dst)] {
				dst[i] = eval1(o, a)
			}
			return
		}
		y = y[:len(dst)]
		for i, a := range x[:len(dst)] {
			dst[i] = eval2(o, a, y[i])
		}
	}
}

// derivCols sets da[i] and db[i] to g[i] times the partial derivatives of
// o at (x[i], y[i]) whose result is r[i] (db unused for unary operations).
func derivCols(o Op, g, x, y, r, da, db []float64) {
	n := len(g)
	switch o {
	case OpAdd:
		copy(da, g)
		copy(db, g)
	case OpSub:
		copy(da, g)
		for i, v := range g {
			db[i] = float64(v * -1)
		}
	case OpMul:
		x, y = x[:n], y[:n]
		for i, v := range g {
			da[i] = float64(v * y[i])
			db[i] = float64(v * x[i])
		}
	case OpDiv:
		y, r = y[:n], r[:n]
		for i, v := range g {
			da[i] = float64(v * (1 / y[i]))
			db[i] = float64(v * (-r[i] / y[i]))
		}
	case OpNeg:
		for i, v := range g {
			da[i] = float64(v * -1)
		}
	case OpSquare:
		x = x[:n]
		for i, v := range g {
			da[i] = float64(v * (2 * x[i]))
		}
	case OpExp:
		r = r[:n]
		for i, v := range g {
			da[i] = float64(v * r[i])
		}
	case OpLog:
		x = x[:n]
		for i, v := range g {
			da[i] = float64(v * (1 / x[i]))
		}
	case OpSin:
		x = x[:n]
		for i, v := range g {
			da[i] = float64(v * math.Cos(x[i]))
		}
	case OpCos:
		x = x[:n]
		for i, v := range g {
			da[i] = float64(v * -math.Sin(x[i]))
		}
	case OpSqrt:
		r = r[:n]
		for i, v := range g {
			da[i] = float64(v * (0.5 / r[i]))
		}
	case OpTanh:
		r = r[:n]
		for i, v := range g {
			da[i] = float64(v * (1 - r[i]*r[i]))
		}
	default:
		if o.IsUnary() {
			for i, v := range g {
				da[i] = float64(v * deriv1(o, x[i], r[i]))
			}
			return
		}
		for i, v := range g {
			dx, dy := deriv2(o, x[i], y[i], r[i])
			da[i] = float64(v * dx)
			db[i] = float64(v * dy)
		}
	}
}
