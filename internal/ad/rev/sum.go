package rev

import "github.com/fluxion-lang/fluxion/internal/ir"

// sumOuter sums the k outer dimensions of array x.
func (r *rev) sumOuter(x ir.SubExp, k int) ir.SubExp {
	for i := 0; i < k; i++ {
		x = sumRows(r.b, x)
	}
	return x
}

// sumAll sums every element of x.
func (r *rev) sumAll(x ir.SubExp) ir.SubExp {
	return r.sumOuter(x, r.b.Type(x).Rank())
}

// sumRows sums the rows of x (the outer dimension). When a map that b
// already holds makes x, the sum is interchanged into the maps nested in
// its lambda where that is cheap (interchange.go); the map's result is
// then left to dead code elimination.
func sumRows(b *ir.Builder, x ir.SubExp) ir.SubExp {
	if v, ok := sumProduced(b, x); ok {
		return v
	}
	t := b.Type(x)
	n := t.Shape[0]
	if n.IsNone() {
		n = b.Let("n", &ir.Size{Arr: x.Var, Dim: 0})
	}
	if t.Rank() == 1 {
		op := b.BinOpLambda(addOp(t.Elem), t.Elem)
		return ir.Var(b.Reduce(n, []ir.VName{x.Var}, []ir.SubExp{zeroOf(t.Elem)}, op)[0])
	}
	perm := make([]int, t.Rank())
	for i := range perm {
		perm[i] = (i + 1) % t.Rank()
	}
	xt := b.Let("tr", &ir.Rearrange{Arr: x.Var, Perm: perm})
	return sumLast(b, xt)
}

// sumLast sums the innermost dimension of x.
func sumLast(b *ir.Builder, x ir.SubExp) ir.SubExp {
	t := b.Type(x)
	if t.Rank() == 1 {
		return sumRows(b, x)
	}
	n := t.Shape[0]
	if n.IsNone() {
		n = b.Let("n", &ir.Size{Arr: x.Var, Dim: 0})
	}
	lam := b.Lambda([]ir.Type{t.Row()}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		return []ir.SubExp{sumLast(lb, ps[0])}
	})
	return ir.Var(b.Map(n, []ir.VName{x.Var}, lam)[0])
}

// sumProduced is the sum of the rows of x built from the map in b that
// makes x, if it can be interchanged.
func sumProduced(b *ir.Builder, x ir.SubExp) (ir.SubExp, bool) {
	if !x.IsVar() {
		return ir.SubExp{}, false
	}
	stms := b.Stms()
	for i := len(stms) - 1; i >= 0; i-- {
		s := stms[i]
		for k, p := range s.Pat {
			if p.Name != x.Var {
				continue
			}
			m, ok := s.Exp.(*ir.Map)
			if !ok {
				return ir.SubExp{}, false
			}
			// Accumulators are passed whole, not by row: the sum may not
			// read them.
			var arrs []ir.VName
			var params []ir.Param
			for j, a := range m.Arrs {
				if t, _ := b.TypeOf(a); !t.Acc {
					arrs = append(arrs, a)
					params = append(params, m.F.Params[j])
				}
			}
			var others []ir.SubExp
			for j, r := range m.F.Body.Result {
				if j != k {
					others = append(others, r)
				}
			}
			return sumMapResult(b, m.W, arrs, params, m.F.Body, m.F.Body.Result[k], others)
		}
	}
	return ir.SubExp{}, false
}
