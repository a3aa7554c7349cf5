package ir

// ConsumedParams reports which parameters of f may have their storage
// updated in place: those that some consuming construct can reach through
// the ways values share storage. A backend that updates arrays in place
// copies only those on entry (a call to another function copies what that
// function consumes, so Apply arguments are not consumed here).
func ConsumedParams(f *Func) []bool {
	a := aliases{edges: map[VName][]VName{}}
	a.body(f.Body)
	reached := map[VName]bool{}
	work := append([]VName(nil), a.consumed...)
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

// StorageEdges maps every name bound in f that may share storage with
// other names to those names (the edges ConsumedParams walks): views,
// in-place updates, and if, loop, reduce and call results that may be
// their operands. A name without an entry has storage of its own.
func StorageEdges(f *Func) map[VName][]VName {
	a := aliases{edges: map[VName][]VName{}}
	a.body(f.Body)
	return a.edges
}

// aliases records, for each name, the names whose storage it may share.
type aliases struct {
	edges    map[VName][]VName
	consumed []VName
}

func (a *aliases) link(dst VName, srcs ...SubExp) {
	for _, s := range srcs {
		if s.IsVar() {
			a.edges[dst] = append(a.edges[dst], s.Var)
		}
	}
}

func (a *aliases) linkNames(dst VName, srcs ...VName) {
	a.edges[dst] = append(a.edges[dst], srcs...)
}

func (a *aliases) body(b *Body) {
	for _, s := range b.Stms {
		a.stm(s)
	}
}

func (a *aliases) lambda(l *Lambda, args [][]VName) {
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

func (a *aliases) stm(s *Stm) {
	pat := func(i int) VName { return s.Pat[i].Name }
	switch e := s.Exp.(type) {
	case *Apply:
		// A function may return (a view of) an argument.
		for i := range s.Pat {
			a.link(pat(i), e.Args...)
		}
	case *Atom:
		a.link(pat(0), e.X)
	case *Index:
		a.linkNames(pat(0), e.Arr)
	case *Slice:
		a.linkNames(pat(0), e.Arr)
	case *Reshape:
		a.linkNames(pat(0), e.Arr)
	case *Rearrange:
		a.linkNames(pat(0), e.Arr)
	case *Rotate:
		a.linkNames(pat(0), e.Arr)
	case *Update:
		a.consumed = append(a.consumed, e.Arr)
		a.linkNames(pat(0), e.Arr)
	case *If:
		a.body(e.Then)
		a.body(e.Else)
		for i := range s.Pat {
			a.link(pat(i), e.Then.Result[i], e.Else.Result[i])
		}
	case *Loop:
		for i, p := range e.Params {
			a.link(p.Name, e.Init[i], e.Body.Result[i])
			a.linkNames(pat(i), p.Name)
		}
		a.body(e.Body)
	case *Map:
		args := make([][]VName, len(e.Arrs))
		for i, x := range e.Arrs {
			args[i] = []VName{x}
		}
		a.lambda(e.F, args)
	case *Reduce:
		a.operator(e.Op, e.Arrs, e.Neutral)
		for i := range s.Pat {
			a.link(pat(i), e.Op.Body.Result[i])
			a.link(pat(i), e.Neutral[i])
		}
	case *Scan:
		a.operator(e.Op, e.Arrs, e.Neutral)
	case *Hist:
		a.consumed = append(a.consumed, e.Dests...)
		a.operator(e.Op, e.Vals, nil)
		for i := range s.Pat {
			a.linkNames(pat(i), e.Dests[i])
		}
	case *Scatter:
		a.consumed = append(a.consumed, e.Dests...)
		for i := range s.Pat {
			a.linkNames(pat(i), e.Dests[i])
		}
	case *WithAcc:
		args := make([][]VName, len(e.Inputs))
		for i, in := range e.Inputs {
			a.consumed = append(a.consumed, in.Arr)
			args[i] = []VName{in.Arr}
			a.linkNames(pat(i), in.Arr)
		}
		a.lambda(e.F, args)
		for i := len(e.Inputs); i < len(s.Pat); i++ {
			a.link(pat(i), e.F.Body.Result[i])
		}
	case *UpdAcc:
		a.consumed = append(a.consumed, e.Acc)
		a.linkNames(pat(0), e.Acc)
	case *WithVJP:
		args := make([][]VName, len(e.Args))
		for i, x := range e.Args {
			if x.IsVar() {
				args[i] = []VName{x.Var}
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
func (a *aliases) operator(op *Lambda, arrs []VName, ne []SubExp) {
	k := len(op.Params) / 2
	for i := range k {
		for _, x := range []VName{op.Params[i].Name, op.Params[k+i].Name} {
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
