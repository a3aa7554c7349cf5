package opt

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

func TestPassTable(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range Passes {
		if p.Name == "" || p.Desc == "" || p.Run == nil {
			t.Errorf("incomplete pass %+v", p)
		}
		if seen[p.Name] {
			t.Errorf("pass %s listed twice", p.Name)
		}
		seen[p.Name] = true
	}
}

// TestMalformed: passes report programs they cannot handle instead of
// crashing.
func TestMalformed(t *testing.T) {
	i := ir.VName{Base: "i", Tag: 2}
	acc := ir.Param{Name: ir.VName{Base: "acc", Tag: 3}, Type: i64}
	bad := []*ir.Program{
		nil,
		{Funcs: []*ir.Func{{Name: "main"}}},
		{Funcs: []*ir.Func{{Name: "main", Ret: []ir.Type{i64}, Body: &ir.Body{
			// A loop with fewer initial values and results than parameters.
			Stms: []*ir.Stm{{Pat: []ir.Param{{Name: ir.VName{Base: "r", Tag: 4}, Type: i64}}, Exp: &ir.Loop{
				Params: []ir.Param{acc}, Form: &ir.For{I: i, T: prim.I64, Bound: ci(3)}, Body: &ir.Body{},
			}}},
			Result: []ir.SubExp{ir.Var(ir.VName{Base: "r", Tag: 4})},
		}}}},
	}
	for k, p := range bad {
		for _, pass := range Passes {
			if _, err := pass.Run(p); err == nil {
				t.Logf("program %d: %s accepted it", k, pass.Name)
			} else if !strings.Contains(err.Error(), "malformed") && !strings.Contains(err.Error(), "no ") {
				t.Errorf("program %d: %s: unexpected error %v", k, pass.Name, err)
			}
		}
		if _, err := Simplify(p); err == nil && k < 2 {
			t.Errorf("program %d: Simplify accepted it", k)
		}
	}
}

// TestSimplifyWith: the callback sees every pass, and its error stops the
// run with the pass named.
func TestSimplifyWith(t *testing.T) {
	p := build([]ir.Type{i64}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		return []ir.SubExp{b.BinOp(prim.Add, ps[0], ci(0))}
	})
	var seen []string
	if _, err := SimplifyWith(p, func(pass string, q *ir.Program) error {
		seen = append(seen, pass)
		return ir.Verify(q)
	}); err != nil {
		t.Fatal(err)
	}
	if len(seen) < len(Passes) || seen[0] != Passes[0].Name {
		t.Errorf("passes seen: %v", seen)
	}
	_, err := SimplifyWith(p, func(pass string, q *ir.Program) error {
		if pass == "cse" {
			return errors.New("stop")
		}
		return nil
	})
	if err == nil || !strings.Contains(err.Error(), "after cse: stop") {
		t.Errorf("got %v, want the error after cse", err)
	}
}

// TestReexecutionRemoved: reverse AD re-executes forward code as a
// renamed copy; CSE and DCE must fold the copy back into the original.
func TestReexecutionRemoved(t *testing.T) {
	ns := ir.NewNameSource(1)
	b := ir.NewBuilder(ns)
	xs := b.Param("xs", ir.Array(prim.F64, ci(3)))
	c := b.Param("c", f64)
	sb := b.Sub()
	sq := sb.Map(ci(3), []ir.VName{xs.Name}, sb.Lambda([]ir.Type{f64}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		return []ir.SubExp{lb.BinOp(prim.Add, lb.BinOp(prim.Mul, ps[0], ps[0]), ir.Var(c.Name))}
	}))
	sum := sb.Reduce(ci(3), sq, []ir.SubExp{cf(0)}, sb.BinOpLambda(prim.Add, prim.F64))
	fwd := sb.Body(ir.Var(sum[0]))
	again := ir.RenameBody(fwd, ns)
	body := &ir.Body{Stms: append(append([]*ir.Stm{}, fwd.Stms...), again.Stms...), Result: []ir.SubExp{fwd.Result[0], again.Result[0]}}
	p := &ir.Program{Funcs: []*ir.Func{{Name: "main", Params: []ir.Param{xs, c}, Ret: []ir.Type{f64, f64}, Body: body}}}
	q := run(t, "simplify", p)
	got := q.Funcs[0].Body
	if len(got.Stms) != 2 || !got.Result[0].Equal(got.Result[1]) {
		t.Errorf("the copy survived:\n%s", q)
	}
	sameBehaviour(t, p, q, [][]interp.Value{{arrF(1, 2, 3), sF(0.5)}})
}

// TestSkippedPasses checks the two ways the fixed-point loop skips a pass:
// a program without the kinds of expression the pass needs, and a
// program known to be a fixed point of it.
func TestSkippedPasses(t *testing.T) {
	failing := func(name string, needs ir.Kinds) Pass {
		return Pass{Name: name, Needs: needs, Run: func(*ir.Program) (*ir.Program, error) {
			return nil, fmt.Errorf("%s ran", name)
		}}
	}
	p := build([]ir.Type{ir.Scalar(prim.F64)}, func(b *ir.Builder, xs []ir.SubExp) []ir.SubExp {
		return []ir.SubExp{b.BinOp(prim.Add, xs[0], xs[0])}
	})
	for _, tc := range []struct {
		pass    Pass
		settled Settled
		runs    bool
	}{
		{failing("maps", ir.KMap), nil, false},
		{failing("loops or maps", ir.KLoop|ir.KMap), nil, false},
		{failing("arithmetic", ir.KBin), nil, true},
		{failing("always", 0), nil, true},
		{failing("always", 0), Settled{"always": true}, false},
		{failing("always", 0), Settled{"other": true}, true},
	} {
		var seen []string
		q, settled, err := simplify(p, []Pass{tc.pass}, tc.settled, func(name string, _ *ir.Program) error {
			seen = append(seen, name)
			return nil
		})
		if ran := err != nil; ran != tc.runs {
			t.Errorf("%s (settled %v): ran %v, want %v (err %v)", tc.pass.Name, tc.settled, ran, tc.runs, err)
			continue
		}
		if tc.runs {
			continue
		}
		if q != p || !settled[tc.pass.Name] || len(seen) != 1 || seen[0] != tc.pass.Name {
			t.Errorf("%s skipped: program changed %v, settled %v, after saw %v", tc.pass.Name, q != p, settled, seen)
		}
	}
}
