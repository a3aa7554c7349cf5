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
	first *ir.Stm    // the statement before which its result is allocated
	roots []ir.VName // per operand, the array built in its part
	dims  [][]string // per operand, the Go expressions of its root's dimensions
	arr   string     // the Go variable of the result, once allocated
}

// planConcats finds the concatenations of b whose operands can be built in
// place, keyed by the statement before which each is allocated.
func (g *gen) planConcats(b *ir.Body) map[*ir.Stm][]*concatPlan {
	defs := map[ir.VName]*ir.Stm{}
	order := map[*ir.Stm]int{}
	for i, s := range b.Stms {
		order[s] = i
		for _, p := range s.Pat {
			defs[p.Name] = s
		}
	}
	// known reports whether the size d has a value before statement i.
	known := func(d ir.SubExp, i int) bool {
		if d.IsConst {
			return true
		}
		if !d.IsVar() {
			return false
		}
		if s, ok := defs[d.Var]; ok {
			return order[s] < i
		}
		return g.scope[d.Var]
	}
	var plans map[*ir.Stm][]*concatPlan
	for _, s := range b.Stms {
		e, ok := s.Exp.(*ir.Concat)
		if !ok || len(s.Pat) != 1 || s.Pat[0].Type.Rank() != 1 {
			continue
		}
		p := &concatPlan{stm: s}
		for _, a := range e.Arrs {
			root := a
			if d, ok := defs[a]; ok && g.used[a] == 1 {
				if r, ok := d.Exp.(*ir.Reshape); ok {
					root = r.Arr
				}
			}
			d, ok := defs[root]
			if !ok || g.used[root] != 1 || order[d] > order[s] {
				p = nil
				break
			}
			if rs := rowRoots(b, ir.Var(root)); len(rs) != 1 || rs[0] != root {
				p = nil
				break
			}
			p.roots = append(p.roots, root)
			if p.first == nil || order[d] < order[p.first] {
				p.first = d
			}
		}
		if p == nil {
			continue
		}
		for _, root := range p.roots {
			t := g.typeOfName(root, defs[root])
			var dims []string
			for _, d := range t.Shape {
				if !known(d, order[p.first]) {
					p = nil
					break
				}
				dims = append(dims, g.i64(d))
			}
			if p == nil {
				break
			}
			p.dims = append(p.dims, dims)
		}
		if p == nil {
			continue
		}
		if plans == nil {
			plans = map[*ir.Stm][]*concatPlan{}
		}
		plans[p.first] = append(plans[p.first], p)
	}
	return plans
}

// typeOfName is the declared type of name, bound by s.
func (g *gen) typeOfName(name ir.VName, s *ir.Stm) ir.Type {
	for _, p := range s.Pat {
		if p.Name == name {
			return p.Type
		}
	}
	return ir.Type{}
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
	p.arr = g.newArray(p.stm.Pat[0], []string{strings.Join(counts, " + ")}, false)
	off := "0"
	for k, root := range p.roots {
		end := fmt.Sprintf("%s + %s", off, counts[k])
		g.dest[root] = fmt.Sprintf("Array[%s]{Shape: []int64{%s}, Data: %s.Data[%s : %s]}", el, strings.Join(p.dims[k], ", "), p.arr, off, end)
		off = "(" + end + ")"
	}
	g.concatArr[p.stm.Pat[0].Name] = p.arr
}
