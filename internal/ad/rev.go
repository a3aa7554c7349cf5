package ad

import "github.com/fluxion-lang/fluxion/internal/ir"

// expandVJP replaces a VJP statement by reverse-mode code. Reverse mode is
// not implemented yet, so every VJP is reported.
func expandVJP(b *ir.Builder, s *ir.Stm, e *ir.VJP) {
	fail(s.Pos, "reverse mode not implemented: cannot expand vjp (the rules of AD-NOTES.md \"Reverse mode\" go in rev*.go)")
}
