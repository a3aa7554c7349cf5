package gogen

import (
	"fmt"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/ir"
)

// Concatenations built in place: in `r = concat a b ...`, an operand that
// a statement of the same body creates for the concatenation alone (read
// nowhere else, possibly through a reshape, as `flatten xs ++ ys` reads
// xs) is built directly in the part of r it becomes (destination
// passing), so the concatenation copies nothing and the operand needs no
// storage of its own. r is allocated before the first such statement,
// which needs r's size there: every operand's size must be known from
// names bound before it. concatInto skips the parts already in place, so
// an operand that was built elsewhere after all (its shape differed) is
// still copied.

// concatPlan is one concatenation whose operands are built in place.
type concatPlan struct {
	stm   *ir.Stm    // the concatenation
	first int        // the index of the statement before which its result is allocated
	roots []ir.VName // per operand, the array built in its part
	dims  [][]string // per operand, the Go expressions of its root's dimensions
}

// binding is where a body binds a name: the statement's index and the
// name's declared parameter.
type binding struct {
	at int
	p  ir.Param
}

// planConcats finds the concatenations of b whose operands can be built in
// place, keyed by the index of the statement before which each is
// allocated.
func (g *gen) planConcats(b *ir.Body) map[int][]*concatPlan {
	defs := map[ir.VName]binding{}
	for i, s := range b.Stms {
		for _, p := range s.Pat {
			defs[p.Name] = binding{i, p}
		}
	}
	var plans map[int][]*concatPlan
	for i, s := range b.Stms {
		if e, ok := s.Exp.(*ir.Concat); ok && len(s.Pat) == 1 && s.Pat[0].Type.Rank() == 1 {
			if p := g.planConcat(b, defs, s, i, e); p != nil {
				if plans == nil {
					plans = map[int][]*concatPlan{}
				}
				plans[p.first] = append(plans[p.first], p)
			}
		}
	}
	return plans
}

// planConcat plans concatenation e, statement at of b, or returns nil.
func (g *gen) planConcat(b *ir.Body, defs map[ir.VName]binding, s *ir.Stm, at int, e *ir.Concat) *concatPlan {
	p := &concatPlan{stm: s, first: at}
	var roots []binding
	for _, a := range e.Arrs {
		root := a
		if d, ok := defs[a]; ok && g.used[a] == 1 {
			if r, ok := b.Stms[d.at].Exp.(*ir.Reshape); ok {
				root = r.Arr
			}
		}
		d, ok := defs[root]
		if !ok || g.used[root] != 1 || d.at > at {
			return nil
		}
		if rs := rowRoots(b, ir.Var(root)); len(rs) != 1 || rs[0] != root {
			return nil
		}
		p.roots = append(p.roots, root)
		roots = append(roots, d)
		p.first = min(p.first, d.at)
	}
	// Every root's size must have a value before the first root is built.
	for _, d := range roots {
		var dims []string
		for _, x := range d.p.Type.Shape {
			if x.IsVar() {
				if v, ok := defs[x.Var]; ok && v.at >= p.first || !ok && !g.scope[x.Var] {
					return nil
				}
			} else if !x.IsConst {
				return nil
			}
			dims = append(dims, g.i64(x))
		}
		p.dims = append(p.dims, dims)
	}
	return p
}

// allocConcat allocates the result of p and makes its operands' roots be
// built in their parts.
func (g *gen) allocConcat(p *concatPlan) {
	defer func(at string) { g.at = at }(g.at)
	g.at = posLit(p.stm.Pos)
	el := goScalar(p.stm.Pat[0].Type.Elem)
	var counts []string
	for _, dims := range p.dims {
		counts = append(counts, product(dims))
	}
	arr := g.newArray(p.stm.Pat[0], []string{strings.Join(counts, " + ")}, false)
	off := "0"
	for k, root := range p.roots {
		end := fmt.Sprintf("%s + %s", off, counts[k])
		g.dest[root] = destRow{view: fmt.Sprintf("Array[%s]{Shape: []int64{%s}, Data: %s.Data[%s : %s]}", el, strings.Join(p.dims[k], ", "), arr, off, end)}
		off = "(" + end + ")"
	}
	g.concatArr[p.stm.Pat[0].Name] = arr
}
