package opt

import "github.com/fluxion-lang/fluxion/internal/ir"

// Fuse merges a map into a later map of the same width in the same body
// when that later map is the only reader of all its results, reading them
// as input arrays: map g (map f xs, ys) becomes map (g . f) (xs, ys). The
// intermediate arrays and a pass over memory disappear; reverse mode's
// return sweeps are chains of such maps.
//
// The first map moves down to the second, so nothing it reads may be
// consumed by an in-place update anywhere in the function. The element order of failures is kept by
// requiring one of the two lambdas to be unable to fail; the second may
// not consume its parameters (they become the first map's results, which
// may alias its free variables).
func Fuse(p *ir.Program) (*ir.Program, error) {
	return eachFunc(p, func(f *ir.Func) error {
		fu := &fuser{uses: map[ir.VName]int{}, consumed: ir.NewFacts(f).Consumed()}
		v := &ir.Visitor{Use: func(n ir.VName) { fu.uses[n]++ }}
		v.Body(f.Body)
		f.Body = fu.body(f.Body)
		return nil
	})
}

type fuser struct {
	uses     map[ir.VName]int
	consumed ir.Names
}

func (fu *fuser) body(b *ir.Body) *ir.Body {
	stms := make([]*ir.Stm, len(b.Stms))
	for i, s := range b.Stms {
		e := ir.MapChildren(s.Exp, fu.body, func(l *ir.Lambda) *ir.Lambda {
			return &ir.Lambda{Params: l.Params, Body: fu.body(l.Body), Ret: l.Ret}
		})
		stms[i] = &ir.Stm{Pat: s.Pat, Exp: e, Pos: s.Pos}
	}
	// A producer is fused into its consumer, which may then be fused into
	// a later consumer in turn: walk forwards, replacing the consumer.
	for i, s := range stms {
		if s == nil {
			continue
		}
		m, ok := s.Exp.(*ir.Map)
		if !ok || !fu.producer(s, m) {
			continue
		}
		for j := i + 1; j < len(stms); j++ {
			t := stms[j]
			if t == nil {
				continue
			}
			n, ok := t.Exp.(*ir.Map)
			if !ok || !readsAll(n, s.Pat) {
				continue
			}
			if n.W.Equal(m.W) && (ir.CannotFail(m.F) || ir.CannotFail(n.F)) && !consumesAny(n.F.Body) {
				stms[j] = &ir.Stm{Pat: t.Pat, Exp: fuseMaps(m, s.Pat, n), Pos: t.Pos}
				stms[i] = nil
			}
			break
		}
	}
	out := make([]*ir.Stm, 0, len(stms))
	for _, s := range stms {
		if s != nil {
			out = append(out, s)
		}
	}
	return &ir.Body{Stms: out, Result: b.Result}
}

// producer reports whether the map s may move: every result is read
// exactly once, and nothing it reads is ever consumed.
func (fu *fuser) producer(s *ir.Stm, m *ir.Map) bool {
	for _, p := range s.Pat {
		if fu.uses[p.Name] != 1 {
			return false
		}
	}
	for v := range ir.FreeInExp(m) {
		if fu.consumed.Has(v) {
			return false
		}
	}
	return true
}

// readsAll reports whether every name of pat is an input array of n.
func readsAll(n *ir.Map, pat []ir.Param) bool {
	for _, p := range pat {
		found := false
		for _, a := range n.Arrs {
			found = found || a == p.Name
		}
		if !found {
			return false
		}
	}
	return true
}

// fuseMaps is n with the map m, whose results pat are inputs of n,
// computed in its lambda.
func fuseMaps(m *ir.Map, pat []ir.Param, n *ir.Map) *ir.Map {
	res := map[ir.VName]ir.SubExp{}
	for k, p := range pat {
		res[p.Name] = m.F.Body.Result[k]
	}
	arrs := append([]ir.VName{}, m.Arrs...)
	params := append([]ir.Param{}, m.F.Params...)
	stms := append([]*ir.Stm{}, m.F.Body.Stms...)
	for k, a := range n.Arrs {
		p := n.F.Params[k]
		if r, ok := res[a]; ok {
			stms = append(stms, &ir.Stm{Pat: []ir.Param{p}, Exp: &ir.Atom{X: r}})
			continue
		}
		arrs = append(arrs, a)
		params = append(params, p)
	}
	stms = append(stms, n.F.Body.Stms...)
	f := &ir.Lambda{Params: params, Body: &ir.Body{Stms: stms, Result: n.F.Body.Result}, Ret: n.F.Ret}
	return &ir.Map{W: n.W, Arrs: arrs, F: f}
}

// consumesAny reports whether b or code nested in it may consume a name
// (a loop may consume its initial values).
func consumesAny(b *ir.Body) bool {
	for _, s := range b.Stms {
		if anyExp(s.Exp, func(e ir.Exp) bool {
			switch e.(type) {
			case *ir.Update, *ir.Scatter, *ir.Hist, *ir.WithAcc, *ir.UpdAcc, *ir.Apply, *ir.Loop:
				return true
			}
			return false
		}) {
			return true
		}
	}
	return false
}
