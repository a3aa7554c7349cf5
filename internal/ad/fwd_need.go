package ad

import "github.com/fluxion-lang/fluxion/internal/ir"

// Tangent demand (the "useful" half of activity analysis): before a jvp's
// function is differentiated, a backward pass over its body finds the
// names whose tangents some result's tangent depends on. Forward mode
// computes no other tangent, so a value that only feeds comparisons,
// indices or results nobody differentiates costs nothing beyond its
// primal. This matters most for forward over reverse mode, where the
// forward sweep's own result (the objective) and the values that only
// select (an arg-min index) would otherwise carry tangents through every
// reduction.
//
// Accumulators always carry tangents (every update of a demanded one
// demands its value's tangent). The analysis is conservative: a construct
// it does not follow precisely demands the tangents of every name it
// reads and of every name bound inside it.

// needed returns the names whose tangents the results of body depend on.
func needed(body *ir.Body) ir.Names {
	n := &need{set: ir.Names{}}
	n.body(body, body.Result)
	return n.set
}

type need struct{ set ir.Names }

func (n *need) sub(x ir.SubExp) {
	if x.IsVar() {
		n.set.Add(x.Var)
	}
}

func (n *need) names(vs []ir.VName) {
	for _, v := range vs {
		n.set.Add(v)
	}
}

func (n *need) any(pat []ir.Param) bool {
	for _, p := range pat {
		if n.set.Has(p.Name) {
			return true
		}
	}
	return false
}

// body demands the tangents of results and propagates backwards.
func (n *need) body(b *ir.Body, results []ir.SubExp) {
	for _, r := range results {
		n.sub(r)
	}
	for i := len(b.Stms) - 1; i >= 0; i-- {
		n.stm(b.Stms[i])
	}
}

// all demands every name s reads and binds, inside nested code too.
func (n *need) all(s *ir.Stm) {
	v := &ir.Visitor{Use: func(x ir.VName) { n.set.Add(x) }, Bind: func(p ir.Param) { n.set.Add(p.Name) }}
	v.Stm(s)
}

func (n *need) stm(s *ir.Stm) {
	// Forward mode gives every accumulator a tangent accumulator, and
	// every update of one a tangent update.
	for _, p := range s.Pat {
		if p.Type.Acc {
			n.set.Add(p.Name)
		}
	}
	if !n.any(s.Pat) {
		return
	}
	switch e := s.Exp.(type) {
	case *ir.Atom:
		n.sub(e.X)
	case *ir.Bin:
		n.sub(e.X)
		n.sub(e.Y)
	case *ir.Un:
		n.sub(e.X)
	case *ir.Call:
		for _, a := range e.Args {
			n.sub(a)
		}
	case *ir.Cmp, *ir.Iota, *ir.Scratch, *ir.Size, *ir.Assert:
		// Zero tangents.
	case *ir.Index:
		n.set.Add(e.Arr)
	case *ir.Slice:
		n.set.Add(e.Arr)
	case *ir.Update:
		n.set.Add(e.Arr)
		n.sub(e.Val)
	case *ir.Reshape:
		n.set.Add(e.Arr)
	case *ir.Rearrange:
		n.set.Add(e.Arr)
	case *ir.Copy:
		n.set.Add(e.Arr)
	case *ir.Rotate:
		n.set.Add(e.Arr)
	case *ir.Replicate:
		n.sub(e.Val)
	case *ir.Concat:
		n.names(e.Arrs)
	case *ir.ArrayLit:
		for _, x := range e.Elems {
			n.sub(x)
		}
	case *ir.If:
		var tr, er []ir.SubExp
		for i, p := range s.Pat {
			if n.set.Has(p.Name) {
				tr = append(tr, e.Then.Result[i])
				er = append(er, e.Else.Result[i])
			}
		}
		n.body(e.Then, tr)
		n.body(e.Else, er)
	case *ir.Map:
		var res []ir.SubExp
		for i, p := range s.Pat {
			if n.set.Has(p.Name) {
				res = append(res, e.F.Body.Result[i])
			}
		}
		n.body(e.F.Body, res)
		for i, p := range e.F.Params {
			if i < len(e.Arrs) && n.set.Has(p.Name) {
				n.set.Add(e.Arrs[i])
			}
		}
	case *ir.Reduce:
		n.soac(s, e.Op, e.Arrs, nil)
	case *ir.Scan:
		n.soac(s, e.Op, e.Arrs, nil)
	case *ir.Hist:
		n.soac(s, e.Op, e.Vals, e.Dests)
	case *ir.Scatter:
		for i, p := range s.Pat {
			if n.set.Has(p.Name) {
				n.set.Add(e.Dests[i])
				n.set.Add(e.Vals[i])
			}
		}
	case *ir.Loop:
		n.loop(s, e)
	case *ir.UpdAcc:
		n.set.Add(e.Acc)
		n.sub(e.Val)
	case *ir.WithAcc:
		k := len(e.Inputs)
		res := append([]ir.SubExp{}, e.F.Body.Result[:k]...)
		for i, p := range s.Pat[k:] {
			if n.set.Has(p.Name) {
				res = append(res, e.F.Body.Result[k+i])
			}
		}
		for i, in := range e.Inputs {
			n.set.Add(in.Arr)
			n.set.Add(e.F.Params[i].Name)
		}
		n.body(e.F.Body, res)
	default:
		n.all(s)
	}
}

// soac: with addition as the operator, result i's tangent is the sum of
// array i's (and destination i's) tangents; any other operator couples
// its values, and is demanded whole.
func (n *need) soac(s *ir.Stm, op *ir.Lambda, arrs, dests []ir.VName) {
	if !isAddOp(op) {
		n.all(s)
		return
	}
	for i, p := range s.Pat {
		if n.set.Has(p.Name) {
			n.set.Add(arrs[i])
			if dests != nil {
				n.set.Add(dests[i])
			}
		}
	}
}

// loop: a parameter's tangent is demanded if its result's is, or if the
// body demands it; the body's demand on the results of the next
// iteration grows until it is stable.
func (n *need) loop(s *ir.Stm, e *ir.Loop) {
	want := make([]bool, len(e.Params))
	for i := range e.Params {
		want[i] = i < len(s.Pat) && n.set.Has(s.Pat[i].Name)
	}
	for {
		var res []ir.SubExp
		for i, w := range want {
			if w {
				res = append(res, e.Body.Result[i])
			}
		}
		n.body(e.Body, res)
		changed := false
		for i, p := range e.Params {
			if !want[i] && n.set.Has(p.Name) {
				want[i], changed = true, true
			}
		}
		if !changed {
			break
		}
	}
	for i, w := range want {
		if w {
			n.set.Add(e.Params[i].Name)
			n.sub(e.Init[i])
		}
	}
}
