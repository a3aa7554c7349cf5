package gogen

import (
	"fmt"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Accumulator updates in range for a whole map. Reverse mode turns a
// map's reads of a free array at the element's index (xs[i], m[r, o + i]
// for a counting i) into additions into an accumulator at the same
// index, which must ignore indices out of range: every update compares
// every index with its dimension and computes the flat offset. When
// the indices other than the last do not change in the map and the last
// is the element's counting index plus an offset that does not either,
// the updates of all elements are in range exactly when those of the
// first and the last are. The map then runs in two versions: if every
// such update is in range throughout, each adds at a flat offset
// computed once plus the element's index, with no comparison; otherwise
// every update is checked as before.

// accFast is an update (UpdAcc) of an additive accumulator in the
// version of a map where its indices are known to be in range.
type accFast struct {
	data string   // the Go variable holding the accumulator's data
	base string   // the Go variable holding the flat offset for element 0
	elem ir.VName // the function's parameter that counts the elements
}

// accVersion analyses the function of e, a sequential map of width n
// (a Go expression), and emits what the fast version needs: it returns
// the Go condition under which every update it knows is in range for all
// elements, and those updates; "" if it knows none.
func (g *gen) accVersion(e *ir.Map, n string) (string, map[*ir.UpdAcc]accFast) {
	f := e.F
	accArg := map[ir.VName]ir.VName{} // accumulator (param or its updates) -> its input
	counting := ir.Names{}
	bound := ir.BoundInBody(f.Body)
	for k, p := range f.Params {
		bound.Add(p.Name)
		a := e.Arrs[k]
		switch {
		case p.Type.Acc && g.additive(a):
			accArg[p.Name] = a
		case p.Type.IsScalar() && p.Type.Elem == prim.I64:
			if v, ok := g.virt[a]; ok && v.counting {
				counting.Add(p.Name)
			}
		}
	}
	invariant := func(x ir.SubExp) bool { return x.IsConst || !bound.Has(x.Var) }
	sums := map[ir.VName]*ir.Bin{} // top-level i64 additions
	type cand struct {
		u    *ir.UpdAcc
		arr  ir.VName
		off  ir.SubExp // the offset of the last index
		elem ir.VName
	}
	var cands []cand
	for _, s := range f.Body.Stms {
		switch x := s.Exp.(type) {
		case *ir.Bin:
			if x.Op == prim.Add && x.T == prim.I64 && len(s.Pat) == 1 {
				sums[s.Pat[0].Name] = x
			}
		case *ir.UpdAcc:
			a, ok := accArg[x.Acc]
			if !ok {
				continue
			}
			accArg[s.Pat[0].Name] = a
			t := g.types[x.Acc]
			if len(x.Idx) != t.Rank() || !g.typeOf(x.Val).IsScalar() {
				continue
			}
			good := true
			for _, i := range x.Idx[:len(x.Idx)-1] {
				good = good && invariant(i)
			}
			last := x.Idx[len(x.Idx)-1]
			if !good || !last.IsVar() {
				continue
			}
			if counting.Has(last.Var) {
				cands = append(cands, cand{x, a, ir.I64(0), last.Var})
				continue
			}
			if b, ok := sums[last.Var]; ok {
				switch {
				case b.X.IsVar() && counting.Has(b.X.Var) && invariant(b.Y):
					cands = append(cands, cand{x, a, b.Y, b.X.Var})
				case b.Y.IsVar() && counting.Has(b.Y.Var) && invariant(b.X):
					cands = append(cands, cand{x, a, b.X, b.Y.Var})
				}
			}
		}
	}
	if len(cands) == 0 {
		return "", nil
	}
	type held struct {
		data string
		dims []string
	}
	arrays := map[ir.VName]held{}
	fast := map[*ir.UpdAcc]accFast{}
	var conds distinct
	cond := conds.add
	// nonNegative is the test that x is not negative, "" if it is a
	// constant that is not.
	nonNegative := func(x ir.SubExp) string {
		if x.IsConst {
			return ""
		}
		return g.i64(x) + " >= 0"
	}
	for _, c := range cands {
		negative := c.off.IsConst && c.off.Const.Int() < 0
		for _, x := range c.u.Idx[:len(c.u.Idx)-1] {
			negative = negative || x.IsConst && x.Const.Int() < 0
		}
		if negative {
			continue // never in range
		}
		h, ok := arrays[c.arr]
		switch hoisted, known := g.accData[c.arr]; {
		case ok:
		case known:
			// Read before an enclosing loop already (accSlice).
			h.data, h.dims = hoisted.data, hoisted.dims
			if len(h.dims) == 0 {
				h.dims = []string{"int64(len(" + h.data + "))"}
			}
			arrays[c.arr] = h
		default:
			handle := ident(c.arr)
			if l, ok := g.accLocal[c.arr]; ok {
				handle = l
			}
			h.data = g.fresh("fd")
			g.p("%s := %s.arr.Data", h.data, handle)
			for k := range g.types[c.arr].Rank() {
				d := g.fresh("fs")
				g.p("%s := %s.arr.Shape[%d]", d, handle, k)
				h.dims = append(h.dims, d)
			}
			arrays[c.arr] = h
		}
		r := len(c.u.Idx)
		off := ""
		for k, x := range c.u.Idx[:r-1] {
			i := g.i64(x)
			if t := nonNegative(x); t != "" {
				cond(t)
			}
			cond(fmt.Sprintf("%s < %s", i, h.dims[k]))
			if k == 0 {
				off = i
			} else {
				off = fmt.Sprintf("(%s)*%s + %s", off, h.dims[k], i)
			}
		}
		o := g.i64(c.off)
		if t := nonNegative(c.off); t != "" {
			cond(t)
		}
		cond(fmt.Sprintf("%s+%s <= %s", o, n, h.dims[r-1]))
		if off == "" {
			off = o
		} else {
			off = fmt.Sprintf("(%s)*%s + %s", off, h.dims[r-1], o)
		}
		base := g.fresh("fb")
		g.p("%s := %s", base, off)
		fast[c.u] = accFast{data: h.data, base: base, elem: c.elem}
	}
	if len(fast) == 0 {
		return "", nil
	}
	return strings.Join(conds.list, " && "), fast
}

// updAccFast emits an update that accVersion found in range.
func (g *gen) updAccFast(e *ir.UpdAcc, f accFast, pat []ir.Param, pos string) error {
	el := fmt.Sprintf("%s[%s+%s]", f.data, f.base, g.i64(ir.Var(f.elem)))
	add, err := binExpr(prim.Add, g.types[e.Acc].Elem, el, g.operand(e.Val), pos)
	if err != nil {
		return err
	}
	g.p("%s = %s", el, add)
	if h, ok := g.accData[e.Acc]; ok {
		g.accData[pat[0].Name] = h
	}
	g.bind(pat[0], ident(e.Acc))
	return nil
}
