package interp

import "github.com/fluxion-lang/fluxion/internal/ir"

// consumedParams reports which parameters of f may have their storage
// updated in place: those that some consuming construct can reach through
// the ways values share storage. Only those are copied on entry.
func consumedParams(f *ir.Func) []bool {
	a := aliases{edges: map[ir.VName][]ir.VName{}}
	a.body(f.Body)
	reached := map[ir.VName]bool{}
	work := append([]ir.VName(nil), a.consumed...)
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		if reached[n] {
			continue
		}
		reached[n] = true
		work = append(work, a.edges[n]...)
	}
	out := make([]bool, len(f.Params))
	for i, p := range f.Params {
		out[i] = reached[p.Name]
	}
	return out
}

// aliases records, for each name, the names whose storage it may share.
type aliases struct {
	edges    map[ir.VName][]ir.VName
	consumed []ir.VName
}

func (a *aliases) link(dst ir.VName, srcs ...ir.SubExp) {
	for _, s := range srcs {
		if s.IsVar() {
			a.edges[dst] = append(a.edges[dst], s.Var)
		}
	}
}

func (a *aliases) linkNames(dst ir.VName, srcs ...ir.VName) {
	a.edges[dst] = append(a.edges[dst], srcs...)
}

func (a *aliases) body(b *ir.Body) {
	for _, s := range b.Stms {
		a.stm(s)
	}
}

func (a *aliases) lambda(l *ir.Lambda, args [][]ir.VName) {
	if l == nil {
		return
	}
	for i, p := range l.Params {
		if i < len(args) {
			a.linkNames(p.Name, args[i]...)
		}
	}
	a.body(l.Body)
}

func (a *aliases) stm(s *ir.Stm) {
	pat := func(i int) ir.VName { return s.Pat[i].Name }
	switch e := s.Exp.(type) {
	case *ir.Atom:
		a.link(pat(0), e.X)
	case *ir.Index:
		a.linkNames(pat(0), e.Arr)
	case *ir.Slice:
		a.linkNames(pat(0), e.Arr)
	case *ir.Reshape:
		a.linkNames(pat(0), e.Arr)
	case *ir.Rearrange:
		a.linkNames(pat(0), e.Arr)
	case *ir.Rotate:
		a.linkNames(pat(0), e.Arr)
	case *ir.Update:
		a.consumed = append(a.consumed, e.Arr)
		a.linkNames(pat(0), e.Arr)
	case *ir.If:
		a.body(e.Then)
		a.body(e.Else)
		for i := range s.Pat {
			a.link(pat(i), e.Then.Result[i], e.Else.Result[i])
		}
	case *ir.Loop:
		for i, p := range e.Params {
			a.link(p.Name, e.Init[i], e.Body.Result[i])
			a.linkNames(pat(i), p.Name)
		}
		a.body(e.Body)
	case *ir.Map:
		args := make([][]ir.VName, len(e.Arrs))
		for i, x := range e.Arrs {
			args[i] = []ir.VName{x}
		}
		a.lambda(e.F, args)
	case *ir.Reduce:
		a.operator(e.Op, e.Arrs, e.Neutral)
		for i := range s.Pat {
			a.link(pat(i), e.Op.Body.Result[i])
			a.link(pat(i), e.Neutral[i])
		}
	case *ir.Scan:
		a.operator(e.Op, e.Arrs, e.Neutral)
	case *ir.Hist:
		a.consumed = append(a.consumed, e.Dests...)
		a.operator(e.Op, e.Vals, nil)
		for i := range s.Pat {
			a.linkNames(pat(i), e.Dests[i])
		}
	case *ir.Scatter:
		a.consumed = append(a.consumed, e.Dests...)
		for i := range s.Pat {
			a.linkNames(pat(i), e.Dests[i])
		}
	case *ir.WithAcc:
		args := make([][]ir.VName, len(e.Inputs))
		for i, in := range e.Inputs {
			a.consumed = append(a.consumed, in.Arr)
			args[i] = []ir.VName{in.Arr}
			a.linkNames(pat(i), in.Arr)
		}
		a.lambda(e.F, args)
		for i := len(e.Inputs); i < len(s.Pat); i++ {
			a.link(pat(i), e.F.Body.Result[i])
		}
	case *ir.UpdAcc:
		a.consumed = append(a.consumed, e.Acc)
		a.linkNames(pat(0), e.Acc)
	case *ir.WithVJP:
		args := make([][]ir.VName, len(e.Args))
		for i, x := range e.Args {
			if x.IsVar() {
				args[i] = []ir.VName{x.Var}
			}
		}
		a.lambda(e.F, args)
		for i := range s.Pat {
			a.link(pat(i), e.F.Body.Result[i])
		}
	}
}

// operator links both halves of a reduction operator's parameters to the
// inputs and neutral elements they may be bound to.
func (a *aliases) operator(op *ir.Lambda, arrs []ir.VName, ne []ir.SubExp) {
	k := len(op.Params) / 2
	for i := range k {
		for _, x := range []ir.VName{op.Params[i].Name, op.Params[k+i].Name} {
			if i < len(arrs) {
				a.linkNames(x, arrs[i])
			}
			if i < len(ne) {
				a.link(x, ne[i])
			}
			a.link(x, op.Body.Result[i])
		}
	}
	a.body(op.Body)
}
