package ad

import (
	"errors"

	"github.com/fluxion-lang/fluxion/internal/ad/rev"
	"github.com/fluxion-lang/fluxion/internal/ir"
)

// expandVJP replaces a VJP statement by reverse-mode code (package rev).
// The driver has expanded every operator inside it already, so a vjp of
// code that used jvp sees plain IR. nested: the statement is inside the
// function of another jvp or vjp, whose expansion will differentiate it.
func expandVJP(b *ir.Builder, s *ir.Stm, e *ir.VJP, nested bool) {
	expand := rev.ExpandVJP
	if nested {
		expand = rev.ExpandNestedVJP
	}
	if err := expand(b, s); err != nil {
		var re *rev.Error
		if errors.As(err, &re) {
			pos := re.Pos
			if !pos.IsKnown() {
				pos = s.Pos
			}
			fail(pos, "%s", re.Msg)
		}
		fail(s.Pos, "%v", err)
	}
}
