package ad

import (
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// TestForwardErrorsIR checks that what forward mode cannot differentiate
// is an error with the statement's position, not a panic.
func TestForwardErrorsIR(t *testing.T) {
	maxAcc := func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
		dst := b.Let("dst", &ir.Copy{Arr: x[0].Var})
		accT := ir.AccOf(b.Type(dst))
		op := b.Lambda([]ir.Type{tf64, tf64}, func(lb *ir.Builder, q []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{call1(lb, "max_f64", q[0], q[1])}
		})
		lam := b.Lambda([]ir.Type{accT}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{lb.Let("a", &ir.UpdAcc{Acc: p[0].Var, Idx: []ir.SubExp{ir.I64(0)}, Val: fc(1)})}
		})
		b.Pos = ir.Pos{File: "t.fut", Line: 3, Col: 5}
		return vars(b.LetN("wa", &ir.WithAcc{Inputs: []ir.AccInput{{Arr: dst.Var, Op: op, Neutral: []ir.SubExp{fc(-1e300)}}}, F: lam}))
	}
	// trigamma is the second derivative of lgamma; its own derivative
	// (tetragamma) has no formula.
	trigamma := func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
		b.Pos = ir.Pos{File: "t.fut", Line: 7, Col: 1}
		return []ir.SubExp{call1(b, "trigamma_f64", b.Index(x[0].Var, ir.I64(0)))}
	}
	tests := []struct {
		name string
		body bodyFn
		want string
	}{
		{"accumulator with an operator", maxAcc, "t.fut:3:5: forward mode: cannot differentiate an accumulator with a custom operator"},
		{"trigamma", trigamma, "t.fut:7:1: cannot differentiate further: the derivative needs tetragamma"},
	}
	for _, tc := range tests {
		for _, vecMode := range []bool{false, true} {
			p := &ir.Program{Funcs: []*ir.Func{jvpProg("jvp", []ir.Type{vec(prim.F64)}, tc.body, vecMode)}}
			if err := ir.Verify(p); err != nil {
				t.Fatalf("%s: input does not verify: %v", tc.name, err)
			}
			_, err := Expand(p)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s (vec %v): error %v, want %q", tc.name, vecMode, err, tc.want)
			}
		}
	}
}
