package rev

import "github.com/fluxion-lang/fluxion/internal/ir"

// dce drops the statements of a generated body whose results nothing
// uses: re-executed forward statements the return sweep does not need
// and adjoints of values no one asked for. Statements that update
// accumulators or assert are kept.
func dce(body *ir.Body) *ir.Body {
	live := ir.Names{}
	use := &ir.Visitor{Use: func(n ir.VName) { live.Add(n) }}
	for _, r := range body.Result {
		if r.IsVar() {
			live.Add(r.Var)
		}
	}
	keep := make([]*ir.Stm, 0, len(body.Stms))
	for i := len(body.Stms) - 1; i >= 0; i-- {
		s := body.Stms[i]
		used := false
		for _, p := range s.Pat {
			if live.Has(p.Name) {
				used = true
			}
		}
		if !used && removable(s) {
			continue
		}
		keep = append(keep, s)
		use.Stm(s)
	}
	for i, j := 0, len(keep)-1; i < j; i, j = i+1, j-1 {
		keep[i], keep[j] = keep[j], keep[i]
	}
	return &ir.Body{Stms: keep, Result: body.Result}
}

// removable reports whether s has no effect besides its results.
func removable(s *ir.Stm) bool {
	for _, p := range s.Pat {
		if p.Type.Acc {
			return false
		}
	}
	switch s.Exp.(type) {
	case *ir.Assert, *ir.UpdAcc, *ir.WithAcc, *ir.Apply, *ir.JVP, *ir.VJP:
		return false
	}
	return len(s.Pat) > 0
}
