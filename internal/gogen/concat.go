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
//
// An array literal of arrays, `[a, b, c]`, is planned the same way: each
// element that a statement of the body creates for the literal alone is
// built in its row of the literal (arrayLitInto skips the rows in place).

// concatPlan is one concatenation whose operands are built in place.
type concatPlan struct {
	stm   *ir.Stm    // the concatenation
	first int        // the index of the statement before which its result is allocated
	roots []ir.VName // per operand, the array built in its part
	dims  [][]string // per operand, the Go expressions of its root's dimensions
	lit   bool       // an array literal: the operands are its rows
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
		var p *concatPlan
		switch e := s.Exp.(type) {
		case *ir.Concat:
			if len(s.Pat) == 1 && s.Pat[0].Type.Rank() == 1 {
				p = g.planConcat(b, defs, s, i, e.Arrs, false)
			}
		case *ir.ArrayLit:
			if rows, ok := litRows(e); ok {
				p = g.planConcat(b, defs, s, i, rows, true)
			}
		}
		if p != nil {
			if plans == nil {
				plans = map[int][]*concatPlan{}
			}
			plans[p.first] = append(plans[p.first], p)
		}
	}
	return plans
}

// litRows returns the rows of an array literal of arrays, if each is a
// name.
func litRows(e *ir.ArrayLit) ([]ir.VName, bool) {
	if e.Elem.IsScalar() || len(e.Elems) == 0 {
		return nil, false
	}
	var rows []ir.VName
	for _, x := range e.Elems {
		if !x.IsVar() {
			return nil, false
		}
		rows = append(rows, x.Var)
	}
	return rows, true
}

// planConcat plans the concatenation (or, with lit, the array literal)
// of arrs, statement at of b, or returns nil.
func (g *gen) planConcat(b *ir.Body, defs map[ir.VName]binding, s *ir.Stm, at int, arrs []ir.VName, lit bool) *concatPlan {
	p := &concatPlan{stm: s, first: at, lit: lit}
	var roots []binding
	for _, a := range arrs {
		root := a
		if d, ok := defs[a]; ok && g.used[a] == 1 && !lit {
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
	if p.lit {
		// Row k at k times the first row's size: a row of another shape
		// is built elsewhere (allocArray compares) and copied.
		n := len(p.roots)
		arr := g.newArray(p.stm.Pat[0], append([]string{fmt.Sprint(n)}, p.dims[0]...), false)
		for k, root := range p.roots {
			g.dest[root] = destRow{view: fmt.Sprintf("Array[%s]{Shape: %s.Shape[1:], Data: %s.Data[%d*(%s) : %d*(%s) : %d*(%s)]}", el, arr, arr, k, counts[0], k+1, counts[0], k+1, counts[0]), dims: p.dims[0]}
		}
		g.concatArr[p.stm.Pat[0].Name] = arr
		return
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
