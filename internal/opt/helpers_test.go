package opt

import (
	"math"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

var (
	i64 = ir.Scalar(prim.I64)
	f64 = ir.Scalar(prim.F64)
	b1  = ir.Scalar(prim.Bool)
)

func ci(n int64) ir.SubExp   { return ir.I64(n) }
func cf(x float64) ir.SubExp { return ir.Const(prim.FloatValue(prim.F64, x)) }

var testPos = ir.Pos{File: "t.fut", Line: 1, Col: 1}

// build makes a one-function program "main" whose parameters have the
// given types; fill adds statements and returns the results.
func build(params []ir.Type, fill func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp) *ir.Program {
	b := ir.NewBuilder(ir.NewNameSource(1))
	b.Pos = testPos
	ps := make([]ir.Param, len(params))
	args := make([]ir.SubExp, len(params))
	for i, t := range params {
		ps[i] = b.Param("x", t)
		args[i] = ir.Var(ps[i].Name)
	}
	res := fill(b, args)
	ret := make([]ir.Type, len(res))
	for i, r := range res {
		ret[i] = b.Type(r)
	}
	return &ir.Program{Funcs: []*ir.Func{{Name: "main", Params: ps, Ret: ret, Body: b.Body(res...)}}}
}

// line sets the position of the statements added from now on, so tests
// can tell which statement reported an error.
func line(b *ir.Builder, n int) { b.Pos = ir.Pos{File: "t.fut", Line: n, Col: 1} }

// passByName returns the table entry called name, or Simplify.
func passByName(t *testing.T, name string) func(*ir.Program) (*ir.Program, error) {
	switch name {
	case "simplify":
		return func(p *ir.Program) (*ir.Program, error) {
			q, _, err := simplify(p, Passes, nil, verifyAfter)
			return q, err
		}
	case "simplify-but-dce":
		// Every pass but DCE keeps run-time errors exactly.
		var ps []Pass
		for _, p := range Passes {
			if p.Name != "dce" {
				ps = append(ps, p)
			}
		}
		return func(p *ir.Program) (*ir.Program, error) {
			q, _, err := simplify(p, ps, nil, verifyAfter)
			return q, err
		}
	}
	switch name {
	case "fuse-soacs":
		return FuseSOACs
	case "accrows":
		return AccRows
	}
	for _, p := range Passes {
		if p.Name == name {
			return p.Run
		}
	}
	t.Fatalf("no pass %q", name)
	return nil
}

func verifyAfter(_ string, p *ir.Program) error { return ir.Verify(p) }

// run verifies p, runs pass on it, verifies the result, checks the input
// is unchanged, and returns the result.
func run(t *testing.T, pass string, p *ir.Program) *ir.Program {
	t.Helper()
	if err := ir.Verify(p); err != nil {
		t.Fatalf("input does not verify: %v\n%s", err, p)
	}
	before := p.String()
	q, err := passByName(t, pass)(p)
	if err != nil {
		t.Fatalf("%s: %v", pass, err)
	}
	if err := ir.Verify(q); err != nil {
		t.Fatalf("%s output does not verify: %v\n%s", pass, err, q)
	}
	if p.String() != before {
		t.Fatalf("%s modified its input", pass)
	}
	return q
}

// outcome is one run's printed results or error.
func outcome(t *testing.T, p *ir.Program, args []interp.Value) string {
	t.Helper()
	c, err := interp.Compile(p)
	if err != nil {
		t.Fatalf("compile: %v\n%s", err, p)
	}
	res, err := c.Run("main", args)
	if err != nil {
		return "error: " + err.Error()
	}
	var out []string
	for _, r := range res {
		out = append(out, valueString(r))
	}
	return strings.Join(out, " ")
}

// valueString prints v exactly; every NaN prints the same, since IEEE
// arithmetic does not fix NaN payloads.
func valueString(v interp.Value) string {
	one := func(x prim.Value) string {
		if x.Type().IsFloat() && math.IsNaN(x.Float()) {
			return "nan"
		}
		if x.Type().IsFloat() {
			return x.String() + "/" + strings.Repeat("-", int(x.Bits()>>(x.Type().Bits()-1)))
		}
		return x.String()
	}
	if v.Arr == nil {
		return one(v.Scalar)
	}
	parts := make([]string, len(v.Arr.Data))
	for i, x := range v.Arr.Data {
		parts[i] = one(x)
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// sameBehaviour runs p and q on every argument list and wants identical
// results or identical errors (message and position).
func sameBehaviour(t *testing.T, p, q *ir.Program, inputs [][]interp.Value) {
	t.Helper()
	for _, args := range inputs {
		a, b := outcome(t, p, args), outcome(t, q, args)
		if a != b {
			t.Errorf("on %v: before %s, after %s\nbefore:\n%s\nafter:\n%s", args, a, b, p, q)
		}
	}
}

func sI(n int64) interp.Value   { return interp.ScalarValue(prim.IntValue(prim.I64, n)) }
func sF(x float64) interp.Value { return interp.ScalarValue(prim.FloatValue(prim.F64, x)) }
func sB(x bool) interp.Value    { return interp.ScalarValue(prim.BoolValue(x)) }

func arrF(xs ...float64) interp.Value {
	a := interp.NewArray(prim.F64, []int64{int64(len(xs))})
	for i, x := range xs {
		a.Data[i] = prim.FloatValue(prim.F64, x)
	}
	return interp.ArrayValue(a)
}

func arrI(xs ...int64) interp.Value {
	a := interp.NewArray(prim.I64, []int64{int64(len(xs))})
	for i, x := range xs {
		a.Data[i] = prim.IntValue(prim.I64, x)
	}
	return interp.ArrayValue(a)
}
