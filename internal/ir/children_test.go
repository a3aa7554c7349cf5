package ir

import (
	"reflect"
	"testing"
)

func TestMapChildrenReachesEveryNestedBody(t *testing.T) {
	lam := func() *Lambda { return &Lambda{Body: &Body{}} }
	exps := []struct {
		name    string
		e       Exp
		bodies  int
		lambdas int
	}{
		{"if", &If{Then: &Body{}, Else: &Body{}}, 2, 0},
		{"loop", &Loop{Body: &Body{}, Form: &For{}}, 1, 0},
		{"map", &Map{F: lam()}, 1, 1},
		{"reduce", &Reduce{Op: lam()}, 1, 1},
		{"scan", &Scan{Op: lam()}, 1, 1},
		{"hist", &Hist{Op: lam()}, 1, 1},
		{"jvp", &JVP{F: lam()}, 1, 1},
		{"vjp", &VJP{F: lam()}, 1, 1},
		{"with_vjp", &WithVJP{F: lam(), Rule: lam()}, 2, 2},
		{"withacc", &WithAcc{Inputs: []AccInput{{Op: lam()}, {}}, F: lam()}, 2, 2},
		{"bin", &Bin{}, 0, 0},
	}
	for _, tc := range exps {
		t.Run(tc.name, func(t *testing.T) {
			if got := len(Bodies(tc.e)); got != tc.bodies {
				t.Errorf("Bodies: %d, want %d", got, tc.bodies)
			}
			if got := len(Lambdas(tc.e)); got != tc.lambdas {
				t.Errorf("Lambdas: %d, want %d", got, tc.lambdas)
			}
			marker := &Body{Result: []SubExp{I64(42)}}
			nb, nl := 0, 0
			out := MapChildren(tc.e,
				func(b *Body) *Body { nb++; return marker },
				func(l *Lambda) *Lambda { nl++; return &Lambda{Params: l.Params, Body: marker, Ret: l.Ret} })
			if nb+nl != tc.bodies {
				t.Errorf("visited %d bodies and %d lambdas, want %d in all", nb, nl, tc.bodies)
			}
			for _, b := range Bodies(out) {
				if b != marker {
					t.Errorf("a nested body was not replaced")
				}
			}
			if tc.bodies > 0 && reflect.ValueOf(out).Pointer() == reflect.ValueOf(tc.e).Pointer() {
				t.Errorf("MapChildren modified its argument instead of copying it")
			}
			for _, b := range Bodies(tc.e) {
				if b == marker {
					t.Errorf("the original expression was changed")
				}
			}
		})
	}
}
