package rev

import "strings"

// scanOp is a scan operator on k-tuples for the pattern tests, written
// as a Futhark lambda, with its neutral element.
type scanOp struct {
	name  string
	k     int
	op    string
	ne    string
	types string // component types, space-separated; empty: k times f64
	free  string // extra entry parameters the operator reads
}

func (o scanOp) elems() []string {
	if o.types != "" {
		return strings.Fields(o.types)
	}
	out := make([]string, o.k)
	for i := range out {
		out[i] = "f64"
	}
	return out
}

// Neutral elements are literals: a neutral element computed outside the
// differentiated function (f64.inf is) may make prepare.go add a presence
// flag to the operator (opfree.go), and these tests are about the
// operators as written.
var scanOps = []scanOp{
	{name: "mul", k: 1, op: `*`, ne: `1`},
	{name: "add_lambda", k: 1, op: `\a b -> b + a`, ne: `0`},
	{name: "free_scalar", k: 1, op: `\a b -> a + b + y * a * b`, ne: `0`, free: "(y: f64)"},
	{name: "add_mul_max", k: 3, op: `\(a1, b1, c1) (a2, b2, c2) -> (a1 + a2, b1 * b2, f64.max c1 c2)`, ne: `(0, 1, -1e300)`},
	{name: "add_mul_max_min", k: 4, op: `\(a1, b1, c1, d1) (a2, b2, c2, d2) -> (a1 + a2, b1 * b2, f64.max c1 c2, f64.min d1 d2)`, ne: `(0, 1, -1e300, 1e300)`},
	{name: "add3", k: 3, op: `\(a1, b1, c1) (a2, b2, c2) -> (a1 + a2, b1 + b2, c1 + c2)`, ne: `(0, 0, 0)`},
	{name: "keep_last", k: 2, op: `\(_, _) (a2, b2) -> (a2, b2)`, ne: `(0, 0)`},
	{name: "pair", k: 2, op: `\(a1, b1) (a2, b2) -> (b1 * a2 + b2 * a1, b1 * b2)`, ne: `(0, 1)`},
	{name: "complex", k: 2, op: `\(a1, b1) (a2, b2) -> (a1 * a2 - b1 * b2, a1 * b2 + b1 * a2)`, ne: `(1, 0)`},
	{name: "quaternion", k: 4, op: `\(a1, b1, c1, d1) (a2, b2, c2, d2) ->
      (a1*a2 - b1*b2 - c1*c2 - d1*d2, a1*b2 + b1*a2 + c1*d2 - d1*c2, a1*c2 - b1*d2 + c1*a2 + d1*b2, a1*d2 + b1*c2 - c1*b2 + d1*a2)`, ne: `(1, 0, 0, 0)`},
	{name: "pair_pair", k: 4, op: `\(a1, b1, c1, d1) (a2, b2, c2, d2) -> (b1 * a2 + b2 * a1, b1 * b2, d1 * c2 + d2 * c1, d1 * d2)`, ne: `(0, 1, 0, 1)`},
	{name: "add_pair", k: 3, op: `\(a1, b1, c1) (a2, b2, c2) -> (a1 + a2, c1 * b2 + c2 * b1, c1 * c2)`, ne: `(0, 0, 1)`},
	{name: "complex_pair", k: 4, op: `\(a1, b1, c1, d1) (a2, b2, c2, d2) -> (a1 * a2 - b1 * b2, a1 * b2 + b1 * a2, c1 * c2 - d1 * d2, c1 * d2 + d1 * c2)`, ne: `(1, 0, 1, 0)`},
	{name: "affine", k: 2, op: `\(d1, c1) (d2, c2) -> (d2 + c2 * d1, c2 * c1)`, ne: `(0, 1)`},
	{name: "affine_rev", k: 2, op: `\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)`, ne: `(1, 0)`},
	{name: "affine_shared", k: 3, op: `\(a1, b1, c1) (a2, b2, c2) -> (a1 * c2 + a2, b1 * c2 + b2, c1 * c2)`, ne: `(0, 0, 1)`},
	{name: "mm2", k: 4, op: `\(a1, b1, c1, d1) (a2, b2, c2, d2) -> (a1 * a2 + b1 * c2, a1 * b2 + b1 * d2, c1 * a2 + d1 * c2, c1 * b2 + d1 * d2)`, ne: `(1, 0, 0, 1)`},
	{name: "mm2_swapped", k: 4, op: `\(a1, b1, c1, d1) (a2, b2, c2, d2) -> (a2 * a1 + b2 * c1, a2 * b1 + b2 * d1, c2 * a1 + d2 * c1, c2 * b1 + d2 * d1)`, ne: `(1, 0, 0, 1)`},
	{name: "mm3", k: 9, op: `\(a1, b1, c1, d1, e1, f1, g1, h1, i1) (a2, b2, c2, d2, e2, f2, g2, h2, i2) ->
      (a1*a2 + b1*d2 + c1*g2, a1*b2 + b1*e2 + c1*h2, a1*c2 + b1*f2 + c1*i2,
       d1*a2 + e1*d2 + f1*g2, d1*b2 + e1*e2 + f1*h2, d1*c2 + e1*f2 + f1*i2,
       g1*a2 + h1*d2 + i1*g2, g1*b2 + h1*e2 + i1*h2, g1*c2 + h1*f2 + i1*i2)`, ne: `(1, 0, 0, 0, 1, 0, 0, 0, 1)`},
	// x y on components 0-3, y x on 4-7: two classes of two equal blocks.
	{name: "mm2_both", k: 8, op: `\(a1, b1, c1, d1, e1, f1, g1, h1) (a2, b2, c2, d2, e2, f2, g2, h2) ->
      (a1 * a2 + b1 * c2, a1 * b2 + b1 * d2, c1 * a2 + d1 * c2, c1 * b2 + d1 * d2,
       e2 * e1 + f2 * g1, e2 * f1 + f2 * h1, g2 * e1 + h2 * g1, g2 * f1 + h2 * h1)`, ne: `(1, 0, 0, 1, 1, 0, 0, 1)`},
	{name: "segmented", k: 2, op: `\(f1, v1) (f2, v2) -> (f1 || f2, if f2 then v2 else v1 * y + v2)`, ne: `(false, 0)`, types: "bool f64", free: "(y: f64)"},
	{name: "int_add_mul", k: 2, op: `\(i1, x1) (i2, x2) -> (i1 + i2, x1 * x2)`, ne: `(0, 1)`, types: "i64 f64"},
	{name: "int_cancel", k: 2, op: `\(i1, j1) (i2, j2) -> (i1 + i2 + (j1 - j1), j1 * j2)`, ne: `(0, 1)`, types: "i64 i64"},
	{name: "argmax", k: 2, op: `\(a1, i1) (a2, i2) -> if a1 >= a2 then (a1, i1) else (a2, i2)`, ne: `(-1e300, 0)`},
	{name: "free_array", k: 2, op: `\(a1, b1) (a2, b2) -> (a1 * ws[0] + a2, b1 * ws[1] + b2)`, ne: `(0, 0)`, free: "(ws: [2]f64)"},
}
