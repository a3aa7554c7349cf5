package ir

import "github.com/fluxion-lang/fluxion/internal/prim"

// CannotFail reports whether l is straight-line scalar code without
// operations that may fail at run time (integer division and modulus by
// zero, negative integer powers, indexing, assertions, nested code), so
// that running its applications in another order than the interpreter
// cannot change which error a program reports.
func CannotFail(l *Lambda) bool {
	for _, st := range l.Body.Stms {
		switch e := st.Exp.(type) {
		case *Atom, *Cmp, *Un, *Call:
		case *Bin:
			switch e.Op {
			case prim.Div, prim.Mod, prim.Quot, prim.Rem, prim.Pow:
				if e.T.IsInt() {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}
