package gogen

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

func (g *gen) body(b *ir.Body) error {
	g.findPairs(b)
	concats := g.planConcats(b)
	// The places the plans give their operands belong to this emission of
	// the body: a body generated twice (a SOAC's sequential and parallel
	// loops) plans them again, and must not find the first one's.
	defer func() {
		for _, ps := range concats {
			for _, p := range ps {
				for _, r := range p.roots {
					delete(g.dest, r)
				}
				delete(g.concatArr, p.stm.Pat[0].Name)
			}
		}
	}()
	for i := 0; i < len(b.Stms); i++ {
		s := b.Stms[i]
		for _, p := range concats[i] {
			g.allocConcat(p)
		}
		if grp := g.stencil(b.Stms, i); grp != nil {
			for k := i + 1; k < grp.next; k++ {
				for _, p := range concats[k] {
					g.allocConcat(p)
				}
			}
			if err := g.stencilGen(grp); err != nil {
				return err
			}
			i = grp.next - 1
			continue
		}
		if i+1 < len(b.Stms) {
			if f := g.fusable(s, b.Stms[i+1]); f != nil {
				for _, p := range concats[i+1] {
					g.allocConcat(p)
				}
				g.fuse = f
				err := g.stm(b.Stms[i+1])
				g.fuse = nil
				if err != nil {
					return err
				}
				i++
				continue
			}
		}
		if err := g.stm(s); err != nil {
			return err
		}
	}
	return nil
}

// fusion is a map whose results only the following reduce reads: the
// reduce computes the map's function per element instead of reading an
// array, which saves the array and a pass over memory.
type fusion struct {
	m   *ir.Map
	pat []ir.Param
	pos string
}

// fusable returns the fusion of s into next, or nil. The map must give
// scalars read once, by next, a reduce whose operator cannot fail (so that
// the first error is still the map's), and take no accumulators.
func (g *gen) fusable(s, next *ir.Stm) *fusion {
	m, ok := s.Exp.(*ir.Map)
	if !ok {
		return nil
	}
	r, ok := next.Exp.(*ir.Reduce)
	if !ok {
		return nil
	}
	for _, p := range m.F.Params {
		if p.Type.Acc {
			return nil
		}
	}
	for _, p := range s.Pat {
		if g.used[p.Name] != 1 || !p.Type.IsArray() || p.Type.Rank() != 1 {
			return nil
		}
		found := false
		for _, a := range r.Arrs {
			found = found || a == p.Name
		}
		if !found {
			return nil
		}
	}
	if !ir.CannotFail(r.Op) {
		return nil
	}
	return &fusion{m: m, pat: s.Pat, pos: posLit(s.Pos)}
}

// bind declares the pattern element p with the value of the Go expression x.
func (g *gen) bind(p ir.Param, x string) {
	g.p("%s := %s", ident(p.Name), x)
	g.declared(p.Name, p.Type)
}

// declare declares pattern elements with zero values, to be assigned.
func (g *gen) declare(ps []ir.Param) {
	for _, p := range ps {
		g.p("var %s %s", ident(p.Name), goType(p.Type))
	}
}

func (g *gen) declareDone(ps []ir.Param) {
	for _, p := range ps {
		g.declared(p.Name, p.Type)
	}
}

func (g *gen) stm(s *ir.Stm) error {
	defer func(at string) { g.at = at }(g.at)
	g.at = posLit(s.Pos)
	switch s.Exp.(type) {
	case *ir.Iota, *ir.Replicate, *ir.Rotate:
		if g.virtualize(s) {
			return nil
		}
	}
	if err := g.exp(s); err != nil {
		return err
	}
	g.checkShapes(s)
	return nil
}

// checkShapes compares array results with their declared shapes, as the
// interpreter does (this is how size coercions fail).
func (g *gen) checkShapes(s *ir.Stm) {
	pos := posLit(s.Pos)
	for _, p := range s.Pat {
		if p.Type.IsArray() {
			g.shp[p.Name] = g.shapeCheck(pos, p.Name, p.Type, nil)
		}
	}
}

// shapeCheck emits a check that array a has the dimensions type t
// declares where they are known here, unless a's known dimensions (g.shp)
// already are those, and returns the dimensions a then has ("" where
// unknown): t's, else a's known ones. Dimensions given by a name in vary
// are neither checked nor returned.
func (g *gen) shapeCheck(pos string, a ir.VName, t ir.Type, vary map[ir.VName]bool) []string {
	var conds, want []string
	known := g.shp[a]
	facts := make([]string, t.Rank())
	for d, dim := range t.Shape {
		if dim.IsNone() || dim.IsVar() && (!g.scope[dim.Var] || vary[dim.Var]) {
			want = append(want, "-1")
			if d < len(known) && vary == nil {
				facts[d] = known[d]
			}
			continue
		}
		w := g.i64(dim)
		want = append(want, w)
		facts[d] = w
		if d < len(known) && sameInt(known[d], w) {
			continue // the value was built with this size
		}
		actual := fmt.Sprintf("%s.Shape[%d]", ident(a), d)
		if v, ok := g.virt[a]; ok {
			actual = v.n
		}
		conds = append(conds, actual+" != "+w)
	}
	if len(conds) > 0 {
		g.p("if %s {", strings.Join(conds, " || "))
		g.p("shapeFail(%s, %s, %s)", pos, g.shapeOf(a), strings.Join(want, ", "))
		g.p("}")
	}
	return facts
}

func (g *gen) dims(ds []ir.DimSlice) string {
	var out []string
	for _, d := range ds {
		if d.Fixed {
			out = append(out, "dim{fixed: true, i: "+g.i64(d.I)+"}")
			continue
		}
		var f []string
		if !d.Start.IsNone() {
			f = append(f, "start: "+g.i64(d.Start), "hasStart: true")
		}
		if !d.End.IsNone() {
			f = append(f, "end: "+g.i64(d.End), "hasEnd: true")
		}
		if !d.Stride.IsNone() {
			f = append(f, "stride: "+g.i64(d.Stride), "hasStep: true")
		}
		out = append(out, "dim{"+strings.Join(f, ", ")+"}")
	}
	return strings.Join(out, ", ")
}

func (g *gen) i64s(ss []ir.SubExp) string {
	var out []string
	for _, s := range ss {
		out = append(out, g.i64(s))
	}
	return strings.Join(out, ", ")
}

// shapeDims renders a declared shape with absent or out-of-scope
// dimensions as 0 (the interpreter's choice for empty results).
func (g *gen) shapeDims(sh ir.Shape) string {
	var out []string
	for _, d := range sh {
		if d.IsNone() || d.IsVar() && !g.scope[d.Var] {
			out = append(out, "0")
		} else {
			out = append(out, g.i64(d))
		}
	}
	return "[]int64{" + strings.Join(out, ", ") + "}"
}

func (g *gen) typeOf(s ir.SubExp) ir.Type {
	if s.IsConst {
		return ir.Scalar(s.Const.Type())
	}
	return g.types[s.Var]
}

func (g *gen) exp(s *ir.Stm) error {
	pos := posLit(s.Pos)
	pat := s.Pat
	switch e := s.Exp.(type) {
	case *ir.Apply:
		fn, ok := g.funcs[e.Func]
		if !ok {
			return fmt.Errorf("%s: call of undefined function %s", pos, e.Func)
		}
		g.p("if fdepth+1 > %d {", maxCallDepth)
		g.p("fail(%s, %s)", pos, strconv.Quote(fmt.Sprintf("Stack overflow: more than %d nested calls of %s.", maxCallDepth, e.Func)))
		g.p("}")
		if len(pat) == 0 {
			g.p("%s(fdepth+1%s)", fn, prefixed(g.subs(e.Args)))
			return nil
		}
		g.p("%s := %s(fdepth+1%s)", strings.Join(targets(pat), ", "), fn, prefixed(g.subs(e.Args)))
		g.declareDone(pat)
	case *ir.Atom:
		if e.X.IsVar() {
			g.shp[pat[0].Name] = g.shp[e.X.Var]
		}
		g.bind(pat[0], g.sub(e.X))
	case *ir.Bin:
		if g.emitPair(s) {
			break
		}
		x, y := g.operand(e.X), g.operand(e.Y)
		if byPositiveConst(e) {
			// By a positive constant no division can fail: Go's own
			// operators (truncating), or inlinable floor forms. By a
			// power of two 2^k, floor division is an arithmetic shift by
			// k and the floor modulus the low k bits, for every value.
			if c := e.Y.Const.Int(); c > 1 && c&(c-1) == 0 {
				switch e.Op {
				case prim.Div:
					g.bind(pat[0], fmt.Sprintf("%s >> %d", x, bits.TrailingZeros64(uint64(c))))
					return nil
				case prim.Mod:
					g.bind(pat[0], fmt.Sprintf("%s & %d", x, c-1))
					return nil
				}
			}
			switch e.Op {
			case prim.Div:
				g.bind(pat[0], "sdivc("+x+", "+y+")")
				return nil
			case prim.Mod:
				g.bind(pat[0], "smodc("+x+", "+y+")")
				return nil
			case prim.Quot:
				g.bind(pat[0], x+" / "+y)
				return nil
			case prim.Rem:
				g.bind(pat[0], x+" % "+y)
				return nil
			}
		}
		r, err := binExpr(e.Op, e.T, x, y, pos)
		if err != nil {
			return err
		}
		g.bind(pat[0], r)
	case *ir.Cmp:
		x, y := g.operand(e.X), g.operand(e.Y)
		r, err := cmpExpr(e.Op, e.T, x, y)
		if err != nil {
			return err
		}
		g.bind(pat[0], r)
	case *ir.Un:
		r, err := unExpr(e.Op, e.T, g.operand(e.X))
		if err != nil {
			return err
		}
		g.bind(pat[0], r)
	case *ir.Call:
		if g.emitPair(s) {
			break
		}
		var args []string
		for _, a := range e.Args {
			args = append(args, g.operand(a))
		}
		r, err := callExpr(e.Fn, args)
		if err != nil {
			return err
		}
		g.bind(pat[0], goScalar(e.Fn.Ret)+"("+r+")")
	case *ir.Index:
		a := ident(e.Arr)
		rank := g.types[e.Arr].Rank()
		switch {
		case len(e.Idx) == 1 && g.virt[e.Arr] != nil:
			v, i := g.virt[e.Arr], g.i64(e.Idx[0])
			g.p("if %s < 0 || %s >= %s {", i, i, v.n)
			g.p("indexFail(%s, []int64{%s}, %s)", pos, v.n, i)
			g.p("}")
			g.bind(pat[0], v.elem(i))
		case len(e.Idx) == 1 && rank == 1:
			i := g.i64(e.Idx[0])
			g.p("if %s < 0 || %s >= int64(len(%s.Data)) {", i, i, a)
			g.p("indexFail(%s, %s.Shape, %s)", pos, a, i)
			g.p("}")
			g.bind(pat[0], a+".Data["+i+"]")
		default:
			off := g.checkedOffset(pos, e.Arr, e.Idx)
			if len(e.Idx) == rank {
				g.bind(pat[0], a+".Data["+off+"]")
				break
			}
			if len(e.Idx) == rank-1 && g.rowVirtual(pat[0]) {
				n := g.dimOf(e.Arr, rank-1)
				o := g.fresh("o")
				g.p("%s := (%s) * %s", o, off, n)
				g.bindRow(pat[0], a+".Data", o, o+"+"+n, n)
				break
			}
			if d := g.shp[e.Arr]; len(d) == rank {
				g.shp[pat[0].Name] = d[len(e.Idx):]
			}
			var rest []string
			for k := len(e.Idx); k < rank; k++ {
				rest = append(rest, g.dimOf(e.Arr, k))
			}
			size := product(rest)
			o := g.fresh("o")
			g.p("%s := (%s) * %s", o, off, size)
			g.bind(pat[0], fmt.Sprintf("Array[%s]{Shape: %s.Shape[%d:], Data: %s.Data[%s : %s+%s : %s+%s]}",
				goScalar(g.types[e.Arr].Elem), a, len(e.Idx), a, o, o, size, o, size))
		}
	case *ir.Slice:
		a := ident(e.Arr)
		rank := g.types[e.Arr].Rank()
		if c, ok := g.contiguous(e.Dims); ok {
			// Fixed indices, then one range of stride 1: a contiguous
			// block of a, which the result shares.
			k, d, start, end := len(c.fixed), c.d, c.start, c.end
			if k == 0 {
				// A range of the outer dimension: the checks and the view
				// inline (slices of small rows are common in inner loops).
				s0, e0 := g.fresh("s"), g.fresh("e")
				g.p("%s, %s := int64(%s), int64(%s)", s0, e0, start, end)
				if d.End.IsNone() {
					g.p("%s = %s", e0, g.dimOf(e.Arr, 0))
				}
				g.p("if !sliceOK(%s, %s, %s) {", g.dimOf(e.Arr, 0), s0, e0)
				g.p("sliceFail(%s, []dim{{start: %s, hasStart: %v, end: %s, hasEnd: %v}}, %s.Shape)", pos, s0, !d.Start.IsNone(), e0, !d.End.IsNone(), a)
				g.p("}")
				if rank == 1 && g.rowVirtual(pat[0]) {
					// Read only element by element: a slice of the data.
					g.bindRow(pat[0], a+".Data", s0, e0, "("+e0+" - "+s0+")")
					break
				}
				dims := []string{e0 + " - " + s0}
				var rest []string
				for j := 1; j < rank; j++ {
					dims = append(dims, g.dimOf(e.Arr, j))
					rest = append(rest, g.dimOf(e.Arr, j))
				}
				inner := product(rest)
				lo, hi := s0, e0
				if inner != "1" {
					lo, hi = "("+s0+")*"+inner, "("+e0+")*"+inner
				}
				g.bind(pat[0], fmt.Sprintf("Array[%s]{Shape: %s, Data: %s.Data[%s:%s:%s]}", goScalar(g.types[e.Arr].Elem), g.newShape(pat[0], dims), a, lo, hi, hi))
				break
			}
			g.bind(pat[0], c.sliceRange(pos, a, g.newShape(pat[0], c.shape(a, rank))))
			break
		}
		g.bind(pat[0], "slice("+pos+", "+a+", "+g.dims(e.Dims)+")")
	case *ir.Update:
		a := ident(e.Arr)
		fixed := true // every given dimension is one index
		var idx []ir.SubExp
		for _, d := range e.Dims {
			fixed = fixed && d.Fixed
			idx = append(idx, d.I)
		}
		scalar := g.typeOf(e.Val).IsScalar()
		switch {
		case fixed && scalar && len(e.Dims) == g.types[e.Arr].Rank():
			// One element: the same check and message as an index.
			g.p("%s.Data[%s] = %s", a, g.checkedOffset(pos, e.Arr, idx), g.sub(e.Val))
			g.bind(pat[0], a)
			g.same[pat[0].Name] = g.root(e.Arr)
		case scalar:
			g.bind(pat[0], "updateScalar("+pos+", "+a+", "+g.sub(e.Val)+", "+g.dims(e.Dims)+")")
		case fixed:
			// A whole row: no region to compute.
			g.p("updateRow(%s, %s, %s, %s)", pos, a, g.sub(e.Val), g.i64s(idx))
			g.bind(pat[0], a)
			g.same[pat[0].Name] = g.root(e.Arr)
		default:
			if c, ok := g.contiguous(e.Dims); ok {
				// Fixed indices, then one range of stride 1: the value
				// is copied over a contiguous block of a.
				reg := g.fresh("reg")
				g.p("%s := %s", reg, c.sliceRange(pos, a, "[]int64{"+strings.Join(c.shape(a, g.types[e.Arr].Rank()), ", ")+"}"))
				g.p("updateRange(%s, %s, %s)", pos, reg, g.sub(e.Val))
				g.bind(pat[0], a)
				g.same[pat[0].Name] = g.root(e.Arr)
				break
			}
			g.bind(pat[0], "updateArr("+pos+", "+a+", "+g.sub(e.Val)+", "+g.dims(e.Dims)+")")
		}
		// In place: the result has the updated array's shape.
		if known, ok := g.shp[e.Arr]; ok {
			g.shp[pat[0].Name] = known
		}
	case *ir.Iota:
		start, step := "int64(0)", "int64(1)"
		if !e.Start.IsNone() {
			start = g.i64(e.Start)
		}
		if !e.Step.IsNone() {
			step = g.i64(e.Step)
		}
		n := g.fresh("n")
		g.p("%s := %s", n, g.i64(e.N))
		g.p("checkIota(%s, %s, %s, %s)", pos, n, start, step)
		a := g.bindNewArray(pat[0], []string{n}, false)
		k := g.fresh("k")
		g.p("for %s := range %s.Data {", k, a)
		g.p("%s.Data[%s] = %s(%s + int64(%s)*%s)", a, k, goScalar(e.T), start, k, step)
		g.p("}")
	case *ir.Replicate:
		dims := g.i64s(e.Shape)
		g.p("checkSizes(%s, \"replicate\", %s)", pos, dims)
		all := strings.Split(dims, ", ")
		if g.typeOf(e.Val).IsScalar() {
			if e.Val.IsConst && e.Val.Const.Bits() == 0 {
				// Zero bits (0, +0.0, false): new storage is cleared (Go's
				// clear, which is memclr) unless make just zeroed it.
				g.bindNewArray(pat[0], all, true)
			} else {
				a := g.bindNewArray(pat[0], all, false)
				g.p("fill(%s.Data, %s)", a, g.sub(e.Val))
			}
			break
		}
		v := g.sub(e.Val)
		for k := range g.typeOf(e.Val).Rank() {
			all = append(all, fmt.Sprintf("%s.Shape[%d]", v, k))
		}
		a := g.bindNewArray(pat[0], all, false)
		g.p("fillRows(%s.Data, %s.Data)", a, v)
	case *ir.Scratch:
		dims := g.i64s(e.Shape)
		g.p("checkSizes(%s, \"scratch\", %s)", pos, dims)
		g.bindNewArray(pat[0], strings.Split(dims, ", "), !e.Filled)
	case *ir.Reshape:
		dims := g.i64s(e.Shape)
		g.p("checkSizes(%s, \"reshape\", %s)", pos, dims)
		g.bind(pat[0], fmt.Sprintf("reshapeTo(%s, %s, %s)", pos, ident(e.Arr), g.newShape(pat[0], strings.Split(dims, ", "))))
	case *ir.Rearrange:
		a := ident(e.Arr)
		var ps, dims []string
		for _, p := range e.Perm {
			ps = append(ps, strconv.Itoa(p))
			dims = append(dims, fmt.Sprintf("%s.Shape[%d]", a, p))
		}
		dst := g.bindNewArray(pat[0], dims, false)
		g.p("rearrangeInto(%s, %s, %s)", dst, a, strings.Join(ps, ", "))
	case *ir.Concat:
		var as []string
		var outer []string
		for _, a := range e.Arrs {
			as = append(as, ident(a))
			outer = append(outer, ident(a)+".Shape[0]")
		}
		first := ident(e.Arrs[0])
		g.p("checkConcat(%s, %s)", pos, strings.Join(as, ", "))
		a, ok := g.concatArr[pat[0].Name]
		if !ok {
			dims := []string{strings.Join(outer, "+")}
			for k := 1; k < g.types[e.Arrs[0]].Rank(); k++ {
				dims = append(dims, fmt.Sprintf("%s.Shape[%d]", first, k))
			}
			a = g.bindNewArray(pat[0], dims, false)
		}
		// Parts built in place (concat.go) are not copied again.
		g.p("concatInto(%s, %s)", a, strings.Join(as, ", "))
		if ok {
			g.bind(pat[0], a)
		}
	case *ir.Copy:
		src := ident(e.Arr)
		var dims []string
		for k := range g.types[e.Arr].Rank() {
			dims = append(dims, fmt.Sprintf("%s.Shape[%d]", src, k))
		}
		a := g.bindNewArray(pat[0], dims, false)
		g.p("copy(%s.Data, %s.Data)", a, src)
	case *ir.Rotate:
		a := ident(e.Arr)
		var dims []string
		for k := range g.types[e.Arr].Rank() {
			dims = append(dims, fmt.Sprintf("%s.Shape[%d]", a, k))
		}
		dst := g.bindNewArray(pat[0], dims, false)
		g.p("rotateInto(%s, %s, %s)", dst, g.i64(e.R), a)
	case *ir.ArrayLit:
		var el []string
		for _, x := range e.Elems {
			el = append(el, g.sub(x))
		}
		if e.Elem.IsScalar() {
			dst := g.bindNewArray(pat[0], []string{strconv.Itoa(len(el))}, false)
			for k, x := range el {
				g.p("%s.Data[%d] = %s", dst, k, x)
			}
			break
		}
		dims := []string{strconv.Itoa(len(el))}
		if len(el) > 0 {
			for k := range e.Elem.Rank() {
				dims = append(dims, fmt.Sprintf("%s.Shape[%d]", el[0], k))
			}
		} else {
			sh := g.shapeDims(e.Elem.Shape)
			for k := range e.Elem.Rank() {
				dims = append(dims, fmt.Sprintf("%s[%d]", sh, k))
			}
		}
		// Rows built in place (concat.go) are not copied again.
		if dst, ok := g.concatArr[pat[0].Name]; ok {
			g.p("arrayLitInto(%s, %s%s)", pos, dst, prefixed(el))
			g.bind(pat[0], dst)
			break
		}
		dst := g.bindNewArray(pat[0], dims, false)
		g.p("arrayLitInto(%s, %s%s)", pos, dst, prefixed(el))
	case *ir.Size:
		g.bind(pat[0], fmt.Sprintf("%s[%d]", g.shapeOf(e.Arr), e.Dim))
	case *ir.Assert:
		g.p("if !%s {", g.sub(e.Cond))
		if len(e.Args) == 0 {
			g.p("fail(%s, %s)", pos, strconv.Quote(e.Message(nil)))
		} else {
			args := []string{pos, strconv.Quote(e.Msg)}
			for _, a := range e.Args {
				args = append(args, g.sub(a))
			}
			g.p("failArgs(%s)", strings.Join(args, ", "))
		}
		g.p("}")
	case *ir.If:
		g.declare(pat)
		g.open("if " + g.sub(e.Cond) + " {")
		if err := g.bodyInto(e.Then, pat); err != nil {
			return err
		}
		g.orElse()
		if err := g.bodyInto(e.Else, pat); err != nil {
			return err
		}
		g.close("}")
		g.declareDone(pat)
		g.branchShapes(pat, e.Then.Result, e.Else.Result)
		for k, p := range pat {
			t, f := e.Then.Result[k], e.Else.Result[k]
			if p.Type.IsArray() && t.IsVar() && f.IsVar() && g.root(t.Var) == g.root(f.Var) && g.scope[g.root(t.Var)] {
				g.same[p.Name] = g.root(t.Var)
			}
		}
	case *ir.Loop:
		return g.loop(e, pat)
	case *ir.Map:
		return g.mapSOAC(e, pat, pos)
	case *ir.Reduce:
		return g.reduce(e, pat, pos)
	case *ir.Scan:
		return g.scan(e, pat, pos)
	case *ir.Hist:
		return g.hist(e, pat, pos)
	case *ir.Scatter:
		return g.scatter(e, pat, pos)
	case *ir.Screma:
		return g.screma(e, pat, pos)
	case *ir.WithAcc:
		return g.withAcc(e, pat, pos)
	case *ir.UpdAcc:
		return g.updAcc(e, pat, pos)
	case *ir.WithVJP:
		g.declare(pat)
		g.open("{")
		if err := g.lambdaInto(e.F, g.subs(e.Args), targets(pat)); err != nil {
			return err
		}
		g.close("}")
		g.declareDone(pat)
	case *ir.JVP, *ir.VJP:
		return fmt.Errorf("%s: AD operators must be expanded before code generation", s.Pos)
	default:
		return fmt.Errorf("%s: unsupported expression %T", s.Pos, e)
	}
	return nil
}

func (g *gen) subs(ss []ir.SubExp) []string {
	var out []string
	for _, s := range ss {
		out = append(out, g.sub(s))
	}
	return out
}

func targets(ps []ir.Param) []string {
	var out []string
	for _, p := range ps {
		out = append(out, ident(p.Name))
	}
	return out
}

// root is the array whose Go variable holds the same Array as a's (see
// gen.same), or a itself.
func (g *gen) root(a ir.VName) ir.VName {
	for {
		r, ok := g.same[a]
		if !ok {
			return a
		}
		a = r
	}
}

// branchShapes records, for the results pat of an if whose branches
// return then and else, the dimensions that both branches' arrays are
// known to have and that pat declares (an expression in scope here), so
// that checkShapes does not compare them again.
func (g *gen) branchShapes(pat []ir.Param, then, els []ir.SubExp) {
	for k, p := range pat {
		if !p.Type.IsArray() || !then[k].IsVar() || !els[k].IsVar() {
			continue
		}
		a, b := g.shp[then[k].Var], g.shp[els[k].Var]
		var facts []string
		for d, dim := range p.Type.Shape {
			if dim.IsNone() || dim.IsVar() && !g.scope[dim.Var] || d >= len(a) || d >= len(b) {
				facts = nil
				break
			}
			w := g.i64(dim)
			if !sameInt(a[d], w) || !sameInt(b[d], w) {
				facts = nil
				break
			}
			facts = append(facts, w)
		}
		if facts != nil {
			g.shp[p.Name] = facts
		}
	}
}

// bodyInto emits b and assigns its results to the Go variables dst, all
// at once (results may read the variables being assigned).
func (g *gen) bodyInto(b *ir.Body, pat []ir.Param) error {
	if err := g.body(b); err != nil {
		return err
	}
	g.assign(targets(pat), g.subs(b.Result))
	return nil
}

// maxCallDepth bounds recursion as the interpreter does.
const maxCallDepth = 20000

func (g *gen) assign(dst, src []string) {
	// Drop self-assignments (a loop result that is its own parameter).
	var d, s []string
	for i := range dst {
		if dst[i] != src[i] {
			d, s = append(d, dst[i]), append(s, src[i])
		}
	}
	dst, src = d, s
	if len(dst) == 0 {
		return
	}
	g.p("%s = %s", strings.Join(dst, ", "), strings.Join(src, ", "))
}

// lambdaInto emits l applied to the Go expressions args, assigning its
// results to dst. The caller opens and closes the enclosing block.
func (g *gen) lambdaInto(l *ir.Lambda, args, dst []string) error {
	for i, p := range l.Params {
		if r, ok := g.rowArgs[args[i]]; ok && g.rowVirtual(p) {
			g.bindRow(p, r.data, r.lo, r.end, r.n)
			continue
		}
		g.bind(p, args[i])
	}
	if err := g.body(l.Body); err != nil {
		return err
	}
	g.assign(dst, g.subs(l.Body.Result))
	return nil
}

func (g *gen) loop(e *ir.Loop, pat []ir.Param) error {
	g.declare(pat)
	g.open("{")
	// An array parameter has the dimensions its type declares (those not
	// given by other parameters) throughout the body: its initial value
	// is checked here and the body's result at the back edge, each where
	// its known dimensions do not already show it, so that the body need
	// not check what it derives from the parameter (an update in place,
	// an if passing it on).
	vary := map[ir.VName]bool{}
	for _, p := range e.Params {
		vary[p.Name] = true
	}
	// Where the body may run a SOAC in parallel, the values carried from
	// one iteration to the next live in Go variables of their own
	// (state), and each iteration binds the parameters afresh from them.
	// A parameter is then never reassigned, so a parallel closure in the
	// body captures it by value: a captured variable that is reassigned
	// would be moved to the heap, one allocation per iteration. Elsewhere
	// the parameters are the state: copying an Array header in and out
	// of a variable in every iteration is a store the next load cannot
	// forward (see allocArray), which a short body would wait for.
	carry := g.depth == 0 && hasSOAC(e.Body)
	state := make([]string, len(e.Params))
	for i, p := range e.Params {
		var facts []string
		if p.Type.IsArray() && e.Init[i].IsVar() {
			facts = g.shapeCheck(g.at, e.Init[i].Var, p.Type, vary)
		}
		state[i] = ident(p.Name)
		if carry {
			state[i] = g.fresh("carry")
		}
		g.p("var %s %s = %s", state[i], goType(p.Type), g.sub(e.Init[i]))
		if !carry {
			g.declared(p.Name, p.Type)
		}
		if facts != nil {
			g.shp[p.Name] = facts
		}
	}
	roots, out := g.doubleBuffer(e, pat)
	// A result whose consumer placed it (a row of a map's result, a part
	// of a concatenation, an outer loop's buffer: rootsIn counts a loop
	// that builds its result afresh as building it) is copied there from
	// the loop's own buffers, as one in scratch must be (out).
	for k, q := range pat {
		if k >= len(e.Params) || !e.Params[k].Type.IsArray() {
			continue
		}
		if _, ok := g.dest[q.Name]; ok || g.dbuf[q.Name] != (dbuf{}) {
			out[k] = true
		}
	}
	// Whether the loop runs at all, for the results that copy themselves
	// out of their initial value's storage when it does not (initCut) and
	// are not copied out anyway.
	ran := ""
	for k, q := range pat {
		if g.mem.copiesOut(q.Name) && !out[k] {
			ran = g.fresh("ran")
			break
		}
	}
	switch f := e.Form.(type) {
	case *ir.For:
		t := goScalar(f.T)
		i := ident(f.I)
		if ran != "" {
			g.p("%s := %s(0) < %s", ran, t, g.sub(f.Bound))
		}
		g.open(fmt.Sprintf("for %s := %s(0); %s < %s; %s++ {", i, t, i, g.sub(f.Bound), i))
		g.declared(f.I, ir.Scalar(f.T))
	case *ir.While:
		cond := ident(f.Cond)
		for i, p := range e.Params {
			if p.Name == f.Cond {
				cond = state[i]
			}
		}
		if ran != "" {
			g.p("%s := %s", ran, cond)
		}
		g.open("for " + cond + " {")
	default:
		return fmt.Errorf("unknown loop form %T", e.Form)
	}
	if carry {
		for i, p := range e.Params {
			g.p("%s := %s", ident(p.Name), state[i])
			g.declared(p.Name, p.Type)
		}
	}
	// An accumulator carried through the loop, whose data was read once
	// before an enclosing loop over elements, is that data throughout
	// (and after the loop), as the accumulator it starts from is.
	for i, p := range e.Params {
		if !p.Type.Acc || !e.Init[i].IsVar() || !accCarried(e.Body, e.Body.Result[i], p.Name) {
			continue
		}
		if d, ok := g.accData[e.Init[i].Var]; ok {
			g.accData[p.Name] = d
			g.accData[pat[i].Name] = d
		}
	}
	err := g.body(e.Body)
	for _, r := range roots {
		delete(g.dbuf, r)
	}
	if err != nil {
		return err
	}
	for i, p := range e.Params {
		if r := e.Body.Result[i]; p.Type.IsArray() && r.IsVar() && g.shp[p.Name] != nil {
			g.shapeCheck(g.at, r.Var, p.Type, vary)
		}
	}
	// A result that is the parameter's own Array (updated in place) is
	// carried on as the parameter's header (not assigned back to the
	// parameter itself).
	res := g.subs(e.Body.Result)
	for i, p := range e.Params {
		if r := e.Body.Result[i]; r.IsVar() && g.root(r.Var) == p.Name {
			res[i] = ident(p.Name)
		}
	}
	g.assign(state, res)
	g.close("}")
	g.assign(targets(pat), state)
	for k, q := range pat {
		if out[k] {
			g.copyOut(q, g.shp[e.Params[k].Name])
		}
	}
	for k, q := range pat {
		if g.mem.copiesOut(q.Name) && !out[k] {
			g.p("if !%s {", ran)
			g.p("%s = clone(%s)", ident(q.Name), ident(q.Name))
			g.p("}")
		}
	}
	g.close("}")
	g.declareDone(pat)
	for i, p := range e.Params {
		if facts := g.shp[p.Name]; facts != nil {
			g.shp[pat[i].Name] = facts
		}
	}
	return nil
}

// accCarried reports whether r, the result of body for loop parameter p
// (an accumulator), is p after the body's updates: an update of an
// update ... of p.
func accCarried(body *ir.Body, r ir.SubExp, p ir.VName) bool {
	defs := map[ir.VName]ir.Exp{}
	for _, s := range body.Stms {
		if len(s.Pat) == 1 {
			defs[s.Pat[0].Name] = s.Exp
		}
	}
	if !r.IsVar() {
		return false
	}
	for v := r.Var; ; {
		if v == p {
			return true
		}
		switch e := defs[v].(type) {
		case *ir.UpdAcc:
			v = e.Acc
		case *ir.Atom:
			if !e.X.IsVar() {
				return false
			}
			v = e.X.Var
		default:
			return false
		}
	}
}

// copyOut moves the array bound to q out of the buffers that built it
// (alternate's scratch) into storage of its own, allocated as any array
// bound to q (in its destination, if it has one). facts are the Go
// expressions of q's dimensions where known ("" where not).
func (g *gen) copyOut(q ir.Param, facts []string) {
	src := ident(q.Name)
	var dims []string
	for d := range q.Type.Rank() {
		if d < len(facts) && facts[d] != "" {
			dims = append(dims, facts[d])
		} else {
			dims = append(dims, fmt.Sprintf("%s.Shape[%d]", src, d))
		}
	}
	v := g.fresh("out")
	g.allocArray(v, ":=", q, dims, false)
	g.p("copy(%s.Data, %s.Data)", v, src)
	g.p("%s = %s", src, v)
}

// contig is a region given by fixed indices followed by one range of
// stride 1: a contiguous block of the array.
type contig struct {
	fixed      []string    // the Go expressions of the fixed indices
	d          ir.DimSlice // the range
	start, end string      // the Go expressions of its bounds ("0" if absent)
}

// contiguous reports whether dims give a contiguous block (see contig).
func (g *gen) contiguous(dims []ir.DimSlice) (contig, bool) {
	var c contig
	k := 0
	for k < len(dims) && dims[k].Fixed {
		c.fixed = append(c.fixed, g.i64(dims[k].I))
		k++
	}
	if k != len(dims)-1 || !dims[k].Stride.IsNone() {
		return contig{}, false
	}
	c.d, c.start, c.end = dims[k], "0", "0"
	if !c.d.Start.IsNone() {
		c.start = g.i64(c.d.Start)
	}
	if !c.d.End.IsNone() {
		c.end = g.i64(c.d.End)
	}
	return c, true
}

// shape is the Go expressions of the block's shape in array a of the
// given rank, its first dimension 0 (sliceRange sets it).
func (c contig) shape(a string, rank int) []string {
	dims := []string{"0"}
	for j := len(c.fixed) + 1; j < rank; j++ {
		dims = append(dims, fmt.Sprintf("%s.Shape[%d]", a, j))
	}
	return dims
}

// sliceRange is the call of the runtime's sliceRange for the block of a,
// whose shape is built in shp (a Go []int64 of the block's rank).
func (c contig) sliceRange(pos, a, shp string) string {
	fx := ""
	if len(c.fixed) > 0 {
		fx = ", " + strings.Join(c.fixed, ", ")
	}
	return fmt.Sprintf("sliceRange(%s, %s, %s, %s, %v, %s, %v%s)", pos, a, shp, c.start, !c.d.Start.IsNone(), c.end, !c.d.End.IsNone(), fx)
}

// distinct collects Go conditions, each once, in the order first added.
type distinct struct {
	list []string
	seen map[string]bool
}

func (d *distinct) add(c string) {
	if d.seen == nil {
		d.seen = map[string]bool{}
	}
	if !d.seen[c] {
		d.seen[c] = true
		d.list = append(d.list, c)
	}
}

// checkedOffset emits the bounds checks of indexing arr by idx (leading
// dimensions) and returns the Go expression of the flat offset of the
// element or row, in units of rows.
func (g *gen) checkedOffset(pos string, arr ir.VName, idx []ir.SubExp) string {
	var conds distinct
	cond := conds.add
	off := ""
	for k, x := range idx {
		i, d := g.i64(x), g.dimOf(arr, k)
		if !x.IsConst || x.Const.Int() < 0 {
			cond(i + " < 0")
		}
		cond(i + " >= " + d)
		if k == 0 {
			off = i
		} else {
			off = fmt.Sprintf("(%s)*%s + %s", off, d, i)
		}
	}
	g.p("if %s {", strings.Join(conds.list, " || "))
	g.p("indexFail(%s, %s.Shape, %s)", pos, ident(arr), g.i64s(idx))
	g.p("}")
	return off
}
