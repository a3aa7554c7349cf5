package check

import (
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// TestConcatChainSizes checks a chain of 3,000 concatenations, whose
// result sizes nest (each is the previous one plus k), and checks the
// size the chain's body gets. Zonking and binding such sizes used to walk
// each whole nest again per operator: 4,000 terms took 19 s of checking,
// 8,000 under 3 s now.
func TestConcatChainSizes(t *testing.T) {
	const n = 3000
	src := "entry main [k] (x: [k]i32) : []i32 = x" + strings.Repeat(" ++ x", n-1) + "\n"
	p, err := CheckSource("concat.fut", []byte(src), nil)
	if err != nil {
		t.Fatal(FormatError(err))
	}
	arr, ok := Resolve(p.Entries[0].Bind.Body.Type()).(*Array)
	if !ok {
		t.Fatalf("the chain's type is %s, want an array", TypeString(p.Entries[0].Bind.Body.Type()))
	}
	// The size must be a sum of n times k (TypeString cuts long types).
	terms, stack := 0, []Size{arr.Size}
	for len(stack) > 0 {
		s := ResolveSize(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		switch s := s.(type) {
		case *SizeOp:
			if s.Op != prim.Add {
				t.Fatalf("the chain's size holds %v, want only +", s.Op)
			}
			stack = append(stack, s.L, s.R)
		case *SizeVar:
			if s.Name != "k" {
				t.Fatalf("the chain's size holds %s, want only k", s.Name)
			}
			terms++
		default:
			t.Fatalf("the chain's size holds %T, want only k and +", s)
		}
	}
	if terms != n {
		t.Errorf("the chain's size sums %d terms, want %d", terms, n)
	}
}
