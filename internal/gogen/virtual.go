package gogen

import (
	"fmt"

	"github.com/fluxion-lang/fluxion/internal/ir"
)

// Virtual arrays: a one-dimensional iota, replicate of a scalar or rotation
// that is only ever read element by element (by a SOAC whose lambda takes
// its elements as scalars, or by indexing) is never stored: each read
// computes the element (start + i*step, the value, or the rotated index).
// `map f (iota n)`, the usual way to tabulate, then costs no array.
//
// A row of a stored array (`a[i]`, or a SOAC's row of its input) that is
// only read element by element is not made into an array value either: it
// is the Go slice of a's data that holds it, so reading its elements costs
// no array header per row and Go can see the slice's length.

// virtual is an array that is computed where it is read.
type virtual struct {
	n    string                // Go expression of the length
	elem func(i string) string // Go expression of element i
	data string                // for a row: the Go slice holding its elements
	rot  *rotated              // for a rotation: what rangeLoop splits by
	// counting: an iota of i64 from 0 by 1 (element i is i).
	counting bool
}

// rotated is a rotation computed where it is read: element i is element
// i+off of data when i+off < n, else element i+off-n. A loop over a
// range of i reads it as two slices of data, split where i+off reaches n
// (see rangeLoop), with no wrapping per element.
type rotated struct {
	data string // the Go slice of the rotated array's elements
	off  string // the Go variable holding the offset, in [0, n)
	// by is the rotation's amount: rotations by the same amount of
	// arrays of a loop's width wrap at the same index (rangeLoop).
	by ir.SubExp
}

// dataOf is the Go expression of the elements of one-dimensional array a
// as a slice, or "" for an array computed where it is read.
func (g *gen) dataOf(a ir.VName) string {
	if v, ok := g.virt[a]; ok {
		return v.data
	}
	return ident(a) + ".Data"
}

// rowVirtual reports whether the row p is only ever read element by
// element, so that bindRow may bind it.
func (g *gen) rowVirtual(p ir.Param) bool {
	return p.Type.IsArray() && p.Type.Rank() == 1 && !p.Type.Acc && g.used[p.Name] > 0 && g.reads[p.Name] == g.used[p.Name]
}

// bindRow binds the row p to the n elements of data (a Go slice) from
// offset lo to end, without an array value.
func (g *gen) bindRow(p ir.Param, data, lo, end, n string) {
	d := g.fresh("row")
	g.p("%s := %s[%s : %s : %s]", d, data, lo, end, end)
	g.setVirtual(p, &virtual{n: n, elem: func(i string) string { return d + "[" + i + "]" }, data: d})
}

// rowArg is a row argument of a lambda, in the parts bindRow needs.
type rowArg struct{ data, lo, end, n string }

// setVirtual binds p to the virtual array v.
func (g *gen) setVirtual(p ir.Param, v *virtual) {
	name := p.Name
	g.virt[name] = v
	g.types[name] = p.Type
	g.scope[name] = true
	g.added[len(g.added)-1] = append(g.added[len(g.added)-1], name)
	g.shp[name] = []string{v.n}
}

// elementwise counts, for every array name of f, the reads that only take
// one element: SOAC inputs whose lambda parameter is a scalar, indexing of
// a one-dimensional array by one index, and the size.
func elementwise(f *ir.Func, types map[ir.VName]ir.Type) map[ir.VName]int {
	n := map[ir.VName]int{}
	scalarInputs := func(arrs []ir.VName, params []ir.Param) {
		for k, a := range arrs {
			if k < len(params) && params[k].Type.IsScalar() {
				n[a]++
			}
		}
	}
	var walk func(b *ir.Body)
	walk = func(b *ir.Body) {
		for _, s := range b.Stms {
			switch e := s.Exp.(type) {
			case *ir.Map:
				scalarInputs(e.Arrs, e.F.Params)
			case *ir.Screma:
				scalarInputs(e.Arrs, e.F.Params)
			case *ir.Reduce:
				scalarInputs(e.Arrs, e.Op.Params[len(e.Arrs):])
			case *ir.Scan:
				scalarInputs(e.Arrs, e.Op.Params[len(e.Arrs):])
			case *ir.Index:
				if len(e.Idx) == 1 && types[e.Arr].Rank() == 1 {
					n[e.Arr]++
				}
			case *ir.Size:
				n[e.Arr]++
			}
			for _, b := range ir.Bodies(s.Exp) {
				walk(b)
			}
		}
	}
	walk(f.Body)
	return n
}

// virtualize binds the array of s without storage when every read of it
// takes one element, returning false when it must be stored.
func (g *gen) virtualize(s *ir.Stm) bool {
	if len(s.Pat) != 1 || s.Pat[0].Type.Rank() != 1 {
		return false
	}
	name := s.Pat[0].Name
	if g.used[name] == 0 || g.reads[name] != g.used[name] {
		return false
	}
	pos := posLit(s.Pos)
	n := g.fresh("n")
	var elem func(i string) string
	var rot *rotated
	switch e := s.Exp.(type) {
	case *ir.Iota:
		start, step := "int64(0)", "int64(1)"
		if !e.Start.IsNone() {
			start = g.i64(e.Start)
		}
		if !e.Step.IsNone() {
			step = g.i64(e.Step)
		}
		g.p("%s := %s", n, g.i64(e.N))
		g.p("checkIota(%s, %s, %s, %s)", pos, n, start, step)
		t := goScalar(e.T)
		elem = func(i string) string { return fmt.Sprintf("%s(%s + (%s)*%s)", t, start, i, step) }
	case *ir.Replicate:
		if !g.typeOf(e.Val).IsScalar() {
			return false
		}
		g.p("%s := %s", n, g.i64(e.Shape[0]))
		g.p("checkSizes(%s, \"replicate\", %s)", pos, n)
		v := g.sub(e.Val)
		elem = func(string) string { return v }
	case *ir.Rotate:
		if g.types[e.Arr].Rank() != 1 {
			return false
		}
		a := ident(e.Arr)
		off := g.fresh("off")
		g.p("%s := %s.Shape[0]", n, a)
		g.p("%s := rotation(%s, %s)", off, g.i64(e.R), n)
		elem = func(i string) string { return fmt.Sprintf("%s.Data[wrap(%s+%s, %s)]", a, i, off, n) }
		rot = &rotated{data: a + ".Data", off: off, by: e.R}
	default:
		return false
	}
	_, counting := ir.CountingIota(s.Exp)
	g.setVirtual(s.Pat[0], &virtual{n: n, elem: elem, rot: rot, counting: counting})
	// The declared size, as checkShapes would compare it.
	if d := s.Pat[0].Type.Shape[0]; !d.IsNone() && (d.IsConst || g.scope[d.Var]) {
		w := g.i64(d)
		g.p("if %s != %s {", n, w)
		g.p("shapeFail(%s, []int64{%s}, %s)", pos, n, w)
		g.p("}")
		g.shp[name] = []string{w}
	}
	return true
}

// shapeOf is the Go expression of the shape of array a.
func (g *gen) shapeOf(a ir.VName) string {
	if v, ok := g.virt[a]; ok {
		return "[]int64{" + v.n + "}"
	}
	return ident(a) + ".Shape"
}
