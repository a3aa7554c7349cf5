package opt

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// anyExp reports whether pred holds for e or any expression nested in it.
func anyExp(e ir.Exp, pred func(ir.Exp) bool) bool {
	if pred(e) {
		return true
	}
	for _, b := range ir.Bodies(e) {
		if b == nil {
			continue
		}
		for _, s := range b.Stms {
			if anyExp(s.Exp, pred) {
				return true
			}
		}
	}
	return false
}

// hasEffect reports whether e contains an Assert, an accumulator update or
// a while loop (which may not terminate, and a program that runs forever
// is not the same as one that stops): statements DCE keeps even when their
// results are unused.
func hasEffect(e ir.Exp) bool {
	return anyExp(e, func(e ir.Exp) bool {
		switch e := e.(type) {
		case *ir.Assert, *ir.UpdAcc:
			return true
		case *ir.Loop:
			_, while := e.Form.(*ir.While)
			return while
		}
		return false
	})
}

// impure reports whether e contains anything CSE and hoisting must not
// duplicate or move: consumption, effects, calls, AD operators (expanded
// later, in place) and Scratch (meant to be filled in place).
func impure(e ir.Exp) bool {
	return anyExp(e, func(e ir.Exp) bool {
		switch e.(type) {
		case *ir.Update, *ir.Hist, *ir.Scatter, *ir.WithAcc, *ir.UpdAcc, *ir.Apply,
			*ir.Assert, *ir.JVP, *ir.VJP, *ir.WithVJP, *ir.Scratch:
			return true
		}
		return false
	})
}

// canFail reports whether evaluating e might be a run-time error. Only
// scalar operations are ever proved safe; everything else is assumed to
// be able to fail (bounds, shapes, sizes).
func canFail(e ir.Exp) bool {
	switch e := e.(type) {
	case *ir.Atom, *ir.Cmp, *ir.Un, *ir.Call, *ir.Size, *ir.Copy, *ir.Rearrange:
		return false
	case *ir.Bin:
		if !e.T.IsInt() {
			return false
		}
		switch e.Op {
		case prim.Div, prim.Mod, prim.Quot, prim.Rem:
			return !(e.Y.IsConst && e.Y.Const.Bits() != 0)
		case prim.Pow:
			return !(e.Y.IsConst && (e.T.IsUnsigned() || e.Y.Const.Int() >= 0))
		}
		return false
	}
	return true
}

// stmCanFail is canFail for a statement, whose declared array shapes are
// also checked at run time unless they are exactly what the expression
// gives its operands' declared types.
func stmCanFail(s *ir.Stm, types map[ir.VName]ir.Type) bool {
	if canFail(s.Exp) {
		return true
	}
	var got []ir.Type
	for i, p := range s.Pat {
		if !hasKnownDims(p.Type) {
			continue
		}
		if got == nil {
			ts, err := ir.ExpTypes(s.Exp, func(v ir.VName) (ir.Type, bool) { t, ok := types[v]; return t, ok })
			if err != nil || len(ts) != len(s.Pat) {
				return true
			}
			got = ts
		}
		if !got[i].Equal(p.Type) {
			return true
		}
	}
	return false
}

// consumedNames returns every name of f whose storage may be consumed:
// names in consuming positions, names whose aliases are consumed, and
// inputs and initial values of lambda and loop parameters that are.
// The set is conservative (a superset); CSE and hoisting leave alone the
// arrays in it.
func consumedNames(f *ir.Func) ir.Names {
	direct := ir.Names{}
	edges := map[ir.VName][]ir.VName{} // if the key is consumed, so are the values
	edge := func(from ir.VName, to ir.SubExp) {
		if to.IsVar() {
			edges[from] = append(edges[from], to.Var)
		}
	}
	var walk func(b *ir.Body)
	walk = func(b *ir.Body) {
		for _, s := range b.Stms {
			switch e := s.Exp.(type) {
			case *ir.Update:
				direct.Add(e.Arr)
			case *ir.Hist:
				for _, d := range e.Dests {
					direct.Add(d)
				}
			case *ir.Scatter:
				for _, d := range e.Dests {
					direct.Add(d)
				}
			case *ir.WithAcc:
				for _, in := range e.Inputs {
					direct.Add(in.Arr)
				}
			case *ir.UpdAcc:
				direct.Add(e.Acc)
			case *ir.Apply:
				for _, a := range e.Args {
					if a.IsVar() {
						direct.Add(a.Var)
					}
				}
			case *ir.Atom:
				edge(s.Pat[0].Name, e.X)
			case *ir.Index:
				edge(s.Pat[0].Name, ir.Var(e.Arr))
			case *ir.Slice:
				edge(s.Pat[0].Name, ir.Var(e.Arr))
			case *ir.Reshape:
				edge(s.Pat[0].Name, ir.Var(e.Arr))
			case *ir.Rearrange:
				edge(s.Pat[0].Name, ir.Var(e.Arr))
			case *ir.Rotate:
				edge(s.Pat[0].Name, ir.Var(e.Arr))
			case *ir.If:
				for i, p := range s.Pat {
					edge(p.Name, e.Then.Result[i])
					edge(p.Name, e.Else.Result[i])
				}
			case *ir.Loop:
				for i, p := range e.Params {
					edge(p.Name, e.Init[i])
					// The next iteration's parameter is the body's result.
					edge(p.Name, e.Body.Result[i])
					if i < len(s.Pat) {
						edge(s.Pat[i].Name, e.Init[i])
						edge(s.Pat[i].Name, e.Body.Result[i])
					}
				}
			case *ir.Map:
				for i, p := range e.F.Params {
					if i < len(e.Arrs) {
						edge(p.Name, ir.Var(e.Arrs[i]))
					}
				}
			}
			for _, nb := range ir.Bodies(s.Exp) {
				if nb != nil {
					walk(nb)
				}
			}
		}
	}
	walk(f.Body)
	out := ir.Names{}
	work := make([]ir.VName, 0, len(direct))
	for n := range direct {
		work = append(work, n)
	}
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		if out.Has(n) {
			continue
		}
		out.Add(n)
		work = append(work, edges[n]...)
	}
	return out
}

// typeVars adds the names used as sizes in t to s.
func typeVars(s ir.Names, t ir.Type) {
	for _, d := range t.Shape {
		if d.IsVar() {
			s.Add(d.Var)
		}
	}
}

// bindingTypes returns the type of every name bound in f.
func bindingTypes(f *ir.Func) map[ir.VName]ir.Type {
	ts := map[ir.VName]ir.Type{}
	for _, p := range f.Params {
		ts[p.Name] = p.Type
		for _, d := range p.Type.Shape {
			if d.IsVar() {
				if _, ok := ts[d.Var]; !ok {
					ts[d.Var] = ir.Scalar(prim.I64)
				}
			}
		}
	}
	(&ir.Visitor{Bind: func(p ir.Param) { ts[p.Name] = p.Type }}).Body(f.Body)
	return ts
}
