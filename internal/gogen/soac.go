package gogen

import (
	"fmt"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// grain is the minimum chunk size of a parallel loop over l: large for
// cheap scalar functions, 1 when every application does a loop of its own.
func grain(l *ir.Lambda) string {
	if heavy(l.Body) {
		return "1"
	}
	return "1024"
}

// heavy reports whether b does a loop or builds an array, also in the
// branches of its ifs.
func heavy(b *ir.Body) bool {
	for _, s := range b.Stms {
		switch e := s.Exp.(type) {
		case *ir.Loop, *ir.Map, *ir.Reduce, *ir.Scan, *ir.Hist, *ir.Scatter, *ir.Screma, *ir.WithAcc,
			*ir.Replicate, *ir.Iota, *ir.Copy, *ir.Concat, *ir.Slice, *ir.Rearrange:
			return true
		case *ir.If:
			if heavy(e.Then) || heavy(e.Else) {
				return true
			}
		}
	}
	return false
}

// elemArg is the Go expression of element i of input array a for the
// lambda parameter p; a row parameter's shape is then that of a's rows.
func (g *gen) elemArg(a ir.VName, p ir.Param, i string) string {
	switch {
	case p.Type.Acc:
		if l, ok := g.accLocal[a]; ok {
			return l
		}
		return ident(a)
	case p.Type.IsScalar():
		// A window or slice a loop took of the data first (a row bound as
		// a slice is sliced like a stored array), then computed elements.
		if x, ok := g.hoist[hoistKey{a, i}]; ok {
			return x
		}
		if v, ok := g.virt[a]; ok {
			return v.elem(i)
		}
		return ident(a) + ".Data[" + i + "]"
	}
	if rows := g.shp[a]; len(rows) > 0 {
		g.shp[p.Name] = rows[1:]
	}
	var rest []string
	for k := 1; k < g.types[a].Rank(); k++ {
		rest = append(rest, g.dimOf(a, k))
	}
	x, size := ident(a), product(rest)
	view := fmt.Sprintf("Array[%s]{Shape: %s.Shape[1:], Data: %s.Data[%s*%s : (%s+1)*%s]}", goScalar(p.Type.Elem), x, x, i, size, i, size)
	if len(rest) == 1 {
		// lambdaInto binds the row as a slice if it is only read by element
		// (its length is rest[0], the form width checks compare).
		lo := i + "*" + size
		g.rowArgs[view] = rowArg{data: x + ".Data", lo: lo, end: "(" + lo + ")+" + size, n: rest[0]}
	}
	return view
}

// elemArgs is elemArg for every parameter ps[k] and input arrs[k]: the
// arguments of a SOAC's function at element i.
func (g *gen) elemArgs(arrs []ir.VName, ps []ir.Param, i string) []string {
	args := make([]string, len(ps))
	for k, p := range ps {
		args[k] = g.elemArg(arrs[k], p, i)
	}
	return args
}

// dimOf is the Go expression of dimension k of array a: the size known to
// hold (see gen.shp) or read from the array.
func (g *gen) dimOf(a ir.VName, k int) string {
	if d := g.shp[a]; k < len(d) && d[k] != "" {
		return d[k]
	}
	if v, ok := g.virt[a]; ok {
		return v.n
	}
	return fmt.Sprintf("%s.Shape[%d]", ident(a), k)
}

// product is the Go expression of the product of dims, or "" when one of
// them is not known.
func product(dims []string) string {
	if len(dims) == 0 {
		return "1"
	}
	for _, d := range dims {
		if d == "" {
			return ""
		}
	}
	return "(" + strings.Join(dims, ")*(") + ")"
}

// widths checks that the arrays have outer size n (the Go expression of
// the width w); arrays whose outer size is known to be w need no check.
func (g *gen) widths(pos, what, n string, w ir.SubExp, arrs []ir.VName, skip func(int) bool) {
	var dims, shapes []string
	for i, a := range arrs {
		if skip != nil && skip(i) {
			continue
		}
		if d := g.shp[a]; len(d) > 0 && d[0] != "" && d[0] == g.i64(w) {
			continue
		}
		dims, shapes = append(dims, g.dimOf(a, 0)), append(shapes, g.shapeOf(a))
	}
	g.checkWidths(pos, what, n, "", dims, shapes)
}

// checkWidths emits the check that a SOAC's width n (a Go variable) is
// not negative and is the outer size dims[k] of every array, whose shape
// is shapes[k] (Go expressions): the runtime's checkWidth, which words
// the failure, is called only when one of them does not hold, not on
// every run of the SOAC. when, unless "", is a Go condition without
// which nothing is checked.
func (g *gen) checkWidths(pos, what, n, when string, dims, shapes []string) {
	var bad distinct
	bad.add(n + " < 0")
	for _, d := range dims {
		bad.add(d + " != " + n)
	}
	cond := strings.Join(bad.list, " || ")
	if when != "" {
		cond = when + " && (" + cond + ")"
	}
	args := ""
	for _, s := range shapes {
		args += ", " + s
	}
	g.p("if %s {", cond)
	g.p("checkWidth(%s, %q, %s%s)", pos, what, n, args)
	g.p("}")
}

// apply emits the application of l to args in a block of its own,
// assigning the results to dst.
func (g *gen) apply(l *ir.Lambda, args, dst []string) error {
	g.open("{")
	if err := g.lambdaInto(l, args, dst); err != nil {
		return err
	}
	g.close("}")
	return nil
}

// loopOpen opens a loop over i in [from, n): in parallel chunks at top
// level (par), sequentially otherwise. loopClose closes it.
func (g *gen) loopOpen(par bool, i, from, n, grain string) {
	if par {
		g.open(fmt.Sprintf("parFor(%s-%s, %s, func(lo, hi int64) {", n, from, grain))
		g.depth++
		g.workers = append(g.workers, g.openWorker())
		g.open(fmt.Sprintf("for %s := lo + %s; %s < hi+%s; %s++ {", i, from, i, from, i))
		return
	}
	g.open(fmt.Sprintf("for %s := int64(%s); %s < %s; %s++ {", i, from, i, n, i))
}

func (g *gen) loopClose(par bool) {
	g.close("}")
	if par {
		g.closeWorker(g.workers[len(g.workers)-1])
		g.workers = g.workers[:len(g.workers)-1]
		g.depth--
		g.close("})")
	}
}

// maybeParallel emits loop(par). A parallel loop whose function is cheap
// (grain above 1) runs as one chunk when the width is at most the grain,
// so it then runs in place, without the cost of handing a closure to the
// worker pool.
//
// A parallel loop whose function is expensive and itself holds SOACs runs
// sequentially when it has fewer than outerMin iterations, so that the
// SOACs inside run in parallel instead: an outer map of a few heavy
// elements gets all cores for each element. The choice depends only on the
// width, so results do not depend on the number of cores.
func (g *gen) maybeParallel(par bool, n, grain string, f *ir.Lambda, loop func(par bool) error) error {
	// Inside the sequential version of an outer map of few heavy elements,
	// maps of heavy elements just run in parallel: one choice per nest
	// keeps the code from doubling at every level.
	if !par || grain == "1" && (!hasSOAC(f.Body) || g.fewOuter) {
		return loop(par)
	}
	limit := grain
	if grain == "1" {
		limit = fmt.Sprint(outerMin - 1)
		g.fewOuter = true
	}
	g.open(fmt.Sprintf("if %s <= %s {", n, limit))
	err := loop(false)
	if grain == "1" {
		g.fewOuter = false
	}
	if err != nil {
		return err
	}
	g.orElse()
	if err := loop(true); err != nil {
		return err
	}
	g.close("}")
	return nil
}

// elemLoop opens the loop over the elements [0, n) of a SOAC, in
// parallel chunks when par, binding the Go variable i to the element
// index. The data of the one-dimensional inputs ins and of the outputs
// outs (Go expressions of arrays written element by element) are first
// sliced to the loop's range, so that Go checks no bound per element;
// elemArg reads such inputs from their slice. The data of the additive
// accumulators among ins is read once, before the loop, for the
// parameters ps they are passed to (see accSlice). It returns the Go
// expressions of element i of every output. closeElemLoop ends the loop.
func (g *gen) elemLoop(par bool, i, n, grain string, ins []ir.VName, ps []ir.Param, outs []string, jam func(lo, hi string) (string, error)) ([]string, error) {
	lo, hi := "int64(0)", n
	if par {
		pa := g.privAccs
		g.privAccs = nil
		if pa == nil {
			g.open(fmt.Sprintf("parFor(%s, %s, func(lo, hi int64) {", n, grain))
		} else {
			g.open(fmt.Sprintf("parChunks(%s, %s, func(c, lo, hi int64) {", n, pa.grain))
		}
		g.depth++
		g.workers = append(g.workers, g.openWorker())
		lo, hi = "lo", "hi"
		if pa != nil {
			pa.open(g)
		}
	}
	for k, a := range ins {
		if !ps[k].Type.Acc || !g.additive(a) {
			continue
		}
		d, ok := g.accData[a]
		if !ok {
			h := ident(a)
			if l, ok := g.accLocal[a]; ok {
				h = l
			}
			d.data = g.fresh("ad")
			g.p("%s := %s.arr.Data", d.data, h)
			g.p("_ = %s", d.data)
			if r := g.types[a].Rank(); r > 1 {
				for dim := range r {
					d.dims = append(d.dims, g.fresh("as"))
					g.p("%s := %s.arr.Shape[%d]", d.dims[dim], h, dim)
					g.p("_ = %s", d.dims[dim])
				}
			}
		}
		d.i = i
		g.accData[ps[k].Name] = d
	}
	if jam != nil {
		var err error
		if lo, err = jam(lo, hi); err != nil {
			return nil, err
		}
	}
	return g.rangeLoop(i, lo, hi, ins, outs), nil
}

// accSlice is the data of an additive accumulator that the elements of
// the loop over i update: the accumulator's array does not change while
// it is one, so its data is read from the handle once, before the loop,
// and not again for every update (Go would reload it after each store,
// which might have changed the handle as far as Go knows).
type accSlice struct {
	data string   // the Go slice
	dims []string // the Go variables holding its dimensions (rank > 1)
	i    string   // the loop's index, whose end ends the slice's scope
}

// privAccs are the additive accumulators that a parallel map updates,
// privatized: chunk 0 updates them, every other chunk c a zeroed copy
// of its own (row c-1 of priv), and merge adds the copies into them in
// chunk order, element by element. Chunks depend only on the sizes (the
// width and the accumulators'), so the sums do not depend on the cores.
type privAccs struct {
	accs  []ir.VName
	elems []string // Go element types
	// arrs and ops are Go variables holding each accumulator's array and
	// operator, read before the chunks start: a chunk's function builds
	// its handles from them rather than capturing the accumulator's
	// handle, which would then escape to the heap wherever it is made,
	// since other goroutines run the function (a map with accumulators
	// inside a loop allocated one per iteration).
	arrs, ops []string
	priv      []string // the copies, chunk after chunk
	n         []string // the accumulators' element counts
	nc        string   // the number of chunks
	grain     string   // the chunks' least size
}

// privatize declares p's copies and returns the condition under which the
// map runs with them: more than one chunk, and a width at which the
// elements run in parallel at all (see maybeParallel). The chunks are
// fewer than parChunks would make when the copies would exceed
// histBudget elements, and have at least least elements (the rows a jam
// runs at once, so that chunks do not split what it would run together:
// llsq's gradient at 16 rows ran 16 chunks of one row, each zeroing and
// adding a copy of 128 numbers for its row's 256 operations); their
// number depends on the sizes alone.
func (g *gen) privatize(accs []ir.VName, n, grain string, least int) (*privAccs, string) {
	p := &privAccs{accs: accs, nc: g.fresh("nc"), grain: g.fresh("grain")}
	var total []string
	for _, a := range accs {
		el := goScalar(g.types[a].Elem)
		l := g.fresh("len")
		g.p("%s := int64(len(%s.arr.Data))", l, ident(a))
		p.elems, p.n, total = append(p.elems, el), append(p.n, l), append(total, l)
		p.priv = append(p.priv, g.fresh("priv"))
		arr, op := g.fresh("accarr"), g.fresh("accop")
		g.p("%s, %s := %s.arr, %s.op", arr, op, ident(a), ident(a))
		p.arrs, p.ops = append(p.arrs, arr), append(p.ops, op)
	}
	most := g.fresh("most")
	g.p("%s := max(%d/max(%s, 1), 1)", most, histBudget, strings.Join(total, "+"))
	if least > 1 {
		g.p("%s := max(%s, (%s+%s-1)/%s, %d)", p.grain, grain, n, most, most, least)
	} else {
		g.p("%s := max(%s, (%s+%s-1)/%s)", p.grain, grain, n, most, most)
	}
	g.p("%s := numChunks(%s, %s)", p.nc, n, p.grain)
	min := "1"
	if grain == "1" {
		min = fmt.Sprint(outerMin - 1)
	}
	return p, fmt.Sprintf("%s > 1 && %s > %s", p.nc, n, min)
}

// alloc takes the copies (under privatize's condition) from the worker's
// scratch, which keeps them between calls; every chunk zeroes its own.
func (p *privAccs) alloc(g *gen) {
	for q := range p.accs {
		buf := g.scratchField("priv", "[]"+p.elems[q])
		g.p("%s = grow(%s, (%s-1)*%s)", buf, buf, p.nc, p.n[q])
		g.p("%s := %s", p.priv[q], buf)
	}
}

// open binds, at the start of chunk c, the handle of every accumulator
// that the chunk's elements update.
func (p *privAccs) open(g *gen) {
	for q, a := range p.accs {
		l := g.fresh("acc")
		g.p("%s := &acc[%s]{arr: %s, op: %s}", l, p.elems[q], p.arrs[q], p.ops[q])
		g.p("if c > 0 {")
		own := g.fresh("own")
		g.p("%s := %s[(c-1)*%s : c*%s]", own, p.priv[q], p.n[q], p.n[q])
		g.p("clear(%s)", own)
		g.p("%s.arr.Data = %s", l, own)
		g.p("}")
		g.accLocal[a] = l
	}
}

// merge adds the copies into the accumulators after the loop.
func (p *privAccs) merge(g *gen) {
	for q, a := range p.accs {
		delete(g.accLocal, a)
		g.p("parFor(%s, 4096, func(lo, hi int64) {", p.n[q])
		g.p("d := %s.Data[lo:hi]", p.arrs[q])
		g.p("for c := int64(1); c < %s; c++ {", p.nc)
		g.p("for j, x := range %s[(c-1)*%s+lo : (c-1)*%s+hi] {", p.priv[q], p.n[q], p.n[q])
		g.p("d[j] += x")
		g.p("}")
		g.p("}")
		g.p("})")
	}
}

// rangeLoop opens a loop of i over [lo, hi) as elemLoop does, without
// the parallel construct around it; closeRangeLoop ends it.
func (g *gen) rangeLoop(i, lo, hi string, ins []ir.VName, outs []string) []string {
	return g.rangeLoopDir(i, lo, hi, ins, outs, false)
}

// rangeLoopDir is rangeLoop, going from hi-1 down to lo when down (a
// rotation's two parts then run last part first).
func (g *gen) rangeLoopDir(i, lo, hi string, ins []ir.VName, outs []string, down bool) []string {
	j := g.fresh("j")
	var first string
	// The first rotation among the inputs splits the range in two where
	// its index wraps around; the loop runs once per part, reading the
	// rotation as a slice (the loop's body is written once).
	for _, a := range ins {
		v, ok := g.virt[a]
		if _, done := g.hoist[hoistKey{a, i}]; done || !ok || v.rot == nil {
			continue
		}
		split, part := g.fresh("split"), g.fresh("part")
		plo, phi, shift := g.fresh("lo"), g.fresh("hi"), g.fresh("shift")
		g.p("%s := min(max(%s-%s, %s), %s)", split, v.n, v.rot.off, lo, hi)
		g.open(fmt.Sprintf("for %s := range 2 {", part))
		if down {
			g.p("%s = 1 - %s", part, part)
		}
		g.p("%s, %s, %s := %s, %s, %s", plo, phi, shift, lo, split, v.rot.off)
		g.open(fmt.Sprintf("if %s == 1 {", part))
		g.p("%s, %s, %s = %s, %s, %s-%s", plo, phi, shift, split, hi, v.rot.off, v.n)
		g.close("}")
		// An empty part's shifted bounds may lie outside the data.
		g.open(fmt.Sprintf("if %s == %s {", plo, phi))
		g.p("continue")
		g.close("}")
		lo, hi = plo, phi
		d := g.fresh("d")
		g.p("%s := %s[%s+%s : %s+%s]", d, v.rot.data, lo, shift, hi, shift)
		g.hoist[hoistKey{a, i}] = d + "[" + j + "]"
		first = d
		g.parts[i] = true
		// Rotations by the same amount of other inputs (all of the
		// loop's width, which the caller checked) wrap at the same
		// index: they are shifted slices in the same parts.
		for _, b := range ins {
			w, ok := g.virt[b]
			if _, done := g.hoist[hoistKey{b, i}]; done || !ok || w.rot == nil || !w.rot.by.IsConst || !v.rot.by.IsConst || !w.rot.by.Equal(v.rot.by) {
				continue
			}
			d := g.fresh("d")
			g.p("%s := %s[%s+%s : %s+%s]", d, w.rot.data, lo, shift, hi, shift)
			g.hoist[hoistKey{b, i}] = d + "[" + j + "]"
		}
		break
	}
	for _, a := range ins {
		if _, done := g.hoist[hoistKey{a, i}]; done || !g.types[a].IsArray() || g.types[a].Rank() != 1 || g.dataOf(a) == "" {
			continue
		}
		d := g.fresh("d")
		g.p("%s := %s[%s:%s]", d, g.dataOf(a), lo, hi)
		g.hoist[hoistKey{a, i}] = d + "[" + j + "]"
		if first == "" {
			first = d
		}
	}
	var dst []string
	for _, o := range outs {
		d := g.fresh("d")
		g.p("%s := %s.Data[%s:%s]", d, o, lo, hi)
		dst = append(dst, d+"["+j+"]")
		if first == "" {
			first = d
		}
	}
	if first == "" {
		if down {
			g.open(fmt.Sprintf("for %s := %s - 1; %s >= %s; %s-- {", i, hi, i, lo, i))
		} else {
			g.open(fmt.Sprintf("for %s := %s; %s < %s; %s++ {", i, lo, i, hi, i))
		}
		for k := range dst {
			dst[k] = outs[k] + ".Data[" + i + "]"
		}
		return dst
	}
	if down {
		g.open(fmt.Sprintf("for %s := len(%s) - 1; %s >= 0; %s-- {", j, first, j, j))
	} else {
		g.open(fmt.Sprintf("for %s := range %s {", j, first))
	}
	g.p("%s := %s + int64(%s)", i, lo, j)
	g.p("_ = %s", i)
	return dst
}

// closeRangeLoop ends rangeLoop's loop over i.
func (g *gen) closeRangeLoop(i string) {
	for k := range g.hoist {
		if k.i == i {
			delete(g.hoist, k)
		}
	}
	for a, d := range g.accData {
		if d.i == i {
			delete(g.accData, a)
		}
	}
	g.close("}")
	if g.parts[i] {
		delete(g.parts, i)
		g.close("}")
	}
}

// closeElemLoop ends elemLoop's loop over i.
func (g *gen) closeElemLoop(par bool, i string) {
	g.closeRangeLoop(i)
	if par {
		g.closeWorker(g.workers[len(g.workers)-1])
		g.workers = g.workers[:len(g.workers)-1]
		g.depth--
		g.close("})")
	}
}

// hoistKey names the element of input array a read at index i.
type hoistKey struct {
	a ir.VName
	i string
}

// outerMin is the smallest width at which a map of expensive elements runs
// its elements in parallel rather than the SOACs inside them.
const outerMin = 16

// hasSOAC reports whether b holds a SOAC at any depth.
func hasSOAC(b *ir.Body) bool {
	for _, s := range b.Stms {
		switch s.Exp.(type) {
		case *ir.Map, *ir.Reduce, *ir.Scan, *ir.Hist, *ir.Scatter, *ir.Screma:
			return true
		}
		for _, inner := range ir.Bodies(s.Exp) {
			if hasSOAC(inner) {
				return true
			}
		}
	}
	return false
}

// openChunk opens the body of a parallel chunk loop (the caller has
// written the parChunks call's first line); closeChunk ends it.
func (g *gen) openChunk() {
	g.depth++
	g.workers = append(g.workers, g.openWorker())
}

func (g *gen) closeChunk() {
	g.closeWorker(g.workers[len(g.workers)-1])
	g.workers = g.workers[:len(g.workers)-1]
	g.depth--
}

// privatizable returns the accumulator arguments of map e when it may run
// in parallel with privatized accumulators (privAccs): at the top level,
// and every accumulator adds numbers Go adds with +.
func (g *gen) privatizable(e *ir.Map) []ir.VName {
	if g.depth > 0 {
		return nil
	}
	var accs []ir.VName
	for i, p := range e.F.Params {
		if !p.Type.Acc {
			continue
		}
		a := e.Arrs[i]
		switch g.types[a].Elem {
		case prim.F32, prim.F64, prim.I8, prim.I16, prim.I32, prim.I64, prim.U8, prim.U16, prim.U32, prim.U64:
		default:
			return nil
		}
		if !g.additive(a) {
			return nil
		}
		accs = append(accs, a)
	}
	return accs
}

func (g *gen) mapSOAC(e *ir.Map, pat []ir.Param, pos string) error {
	n := g.fresh("n")
	g.p("%s := %s", n, g.i64(e.W))
	ps := e.F.Params
	hasAcc := false
	for _, p := range ps {
		hasAcc = hasAcc || p.Type.Acc
	}
	g.widths(pos, "map", n, e.W, e.Arrs, func(i int) bool { return ps[i].Type.Acc })
	par := g.depth == 0 && !hasAcc
	var accIn []string
	for i, p := range ps {
		if p.Type.Acc {
			accIn = append(accIn, ident(e.Arrs[i]))
		}
	}
	// Results whose row shape is known here are allocated before the loop
	// and their rows built in place.
	known := true
	for k, t := range e.F.Ret {
		if t.IsArray() && g.shapeExprs(pat[k].Type.Shape[1:]) == nil {
			known = false
		}
	}
	g.declare(pat)
	i := g.fresh("i")
	args := func() []string { return g.elemArgs(e.Arrs, ps, i) }
	if known {
		var dst, decls, outs []string
		// row is the store of array result k from the Go variable r.
		type row struct {
			k        int
			r, store string
		}
		var rows []row
		var scalars []int // the positions in dst of scalar results
		for k, t := range e.F.Ret {
			if t.Acc {
				dst = append(dst, "_")
				continue
			}
			x := ident(pat[k].Name)
			dims := append([]string{g.i64(e.W)}, g.shapeExprs(pat[k].Type.Shape[1:])...)
			g.assignNewArray(x, pat[k], dims, false)
			if t.IsScalar() {
				scalars = append(scalars, len(dst))
				outs = append(outs, x)
				dst = append(dst, "")
				continue
			}
			r := g.fresh("r")
			decls = append(decls, fmt.Sprintf("var %s %s", r, goType(t)))
			dst = append(dst, r)
			rows = append(rows, row{k, r, fmt.Sprintf("putRow(%s, %s, %s, %s)", pos, x, i, r)})
		}
		// Rows whose loops can run four at a time do (loopjam.go).
		var jam func(lo, hi string) (string, error)
		if segs := g.mapLoopJamOf(e); segs != nil {
			jam = func(lo, hi string) (string, error) { return g.mapLoopJam(e, segs, lo, hi) }
		}
		iteration := func(par bool) error {
			xs, err := g.elemLoop(par, i, n, grain(e.F), e.Arrs, e.F.Params, outs, jam)
			if err != nil {
				return err
			}
			for q, x := range xs {
				dst[scalars[q]] = x
			}
			for _, d := range decls {
				g.p("%s", d)
			}
			placed := g.placeRows(e.F, 0, func(k int) (string, ir.Shape) { return ident(pat[k].Name), pat[k].Type.Shape[1:] }, i)
			err = g.apply(e.F, args(), dst)
			for _, r := range rows {
				if g.inPlace(placed, r.k) {
					g.p("_ = %s", r.r)
				} else {
					g.p("%s", r.store)
				}
			}
			g.releaseRows(placed)
			if err != nil {
				return err
			}
			g.closeElemLoop(par, i)
			return nil
		}
		// Run sequentially, the updates of accumulators whose indices
		// stay in range for every element are not checked (accfast.go).
		versioned := func(par bool) error {
			if par || g.fastNest >= 2 {
				return iteration(par)
			}
			cond, fast := g.accVersion(e, n)
			if cond == "" {
				return iteration(false)
			}
			g.open(fmt.Sprintf("if %s {", cond))
			for u, f := range fast {
				g.fastAcc[u] = f
			}
			g.fastNest++
			err := iteration(false)
			g.fastNest--
			for u := range fast {
				delete(g.fastAcc, u)
			}
			if err != nil {
				return err
			}
			g.orElse()
			if err := iteration(false); err != nil {
				return err
			}
			g.close("}")
			return nil
		}
		if priv := g.privatizable(e); priv != nil {
			// The elements run in parallel chunks, each chunk updating
			// accumulators of its own (privAccs).
			least := 1
			if jam != nil {
				least = jamRows
			}
			pa, cond := g.privatize(priv, n, grain(e.F), least)
			g.open(fmt.Sprintf("if %s {", cond))
			pa.alloc(g)
			g.privAccs = pa
			err := iteration(true)
			g.privAccs = nil
			if err != nil {
				return err
			}
			pa.merge(g)
			g.orElse()
			if err := versioned(false); err != nil {
				return err
			}
			g.close("}")
		} else if err := g.maybeParallel(par, n, grain(e.F), e.F, versioned); err != nil {
			return err
		}
	} else {
		// Array results of unknown shape: the first application fixes the
		// row shapes.
		f := g.fresh("f")
		var rets, rs []string
		for k, t := range e.F.Ret {
			if !t.Acc {
				rets = append(rets, goType(t))
				rs = append(rs, fmt.Sprintf("%s_%d", f, k))
			}
		}
		g.open(fmt.Sprintf("%s := func(%s int64) (%s) {", f, i, strings.Join(rets, ", ")))
		g.openChunk()
		var outs []string
		for k, t := range e.F.Ret {
			if !t.Acc {
				g.p("var %s_%d %s", f, k, goType(t))
				outs = append(outs, fmt.Sprintf("%s_%d", f, k))
			} else {
				outs = append(outs, "_")
			}
		}
		if err := g.lambdaInto(e.F, args(), outs); err != nil {
			return err
		}
		g.p("return %s", strings.Join(rs, ", "))
		g.closeChunk()
		g.close("}")
		store := func(idx string) {
			g.p("%s := %s(%s)", strings.Join(rs, ", "), f, idx)
			for k, t := range e.F.Ret {
				if t.Acc {
					continue
				}
				r := fmt.Sprintf("%s_%d", f, k)
				if t.IsScalar() {
					g.p("%s.Data[%s] = %s", ident(pat[k].Name), idx, r)
				} else {
					g.p("putRow(%s, %s, %s, %s)", pos, ident(pat[k].Name), idx, r)
				}
			}
		}
		g.open(fmt.Sprintf("if %s > 0 {", n))
		g.open("{")
		g.p("%s := %s(0)", strings.Join(rs, ", "), f)
		for k, t := range e.F.Ret {
			if t.Acc {
				continue
			}
			x, r := ident(pat[k].Name), fmt.Sprintf("%s_%d", f, k)
			if t.IsScalar() {
				g.p("%s = alloc[%s](%s, %s, nil)", x, goScalar(t.Elem), pos, n)
				g.p("%s.Data[0] = %s", x, r)
			} else {
				g.p("%s = alloc[%s](%s, %s, %s.Shape)", x, goScalar(t.Elem), pos, n, r)
				g.p("putRow(%s, %s, 0, %s)", pos, x, r)
			}
		}
		g.close("}")
		g.loopOpen(par, i, "1", n, "1")
		store(i)
		g.loopClose(par)
		g.orElse()
		for k, t := range e.F.Ret {
			if t.Acc {
				continue
			}
			g.p("%s = alloc[%s](%s, 0, %s)", ident(pat[k].Name), goScalar(t.Elem), pos, g.shapeDims(t.Shape))
		}
		g.close("}")
	}
	acc := 0
	for k, t := range e.F.Ret {
		if t.Acc {
			g.p("%s = %s", ident(pat[k].Name), accIn[acc])
			acc++
		}
	}
	g.declareDone(pat)
	return nil
}

// shapeExprs renders the dimensions of sh as Go int64 expressions, or nil
// when one of them is not known here (absent, or bound out of scope).
func (g *gen) shapeExprs(sh ir.Shape) []string {
	out := []string{}
	for _, d := range sh {
		if d.IsNone() || d.IsVar() && !g.scope[d.Var] {
			return nil
		}
		out = append(out, g.i64(d))
	}
	return out
}

func (g *gen) reduce(e *ir.Reduce, pat []ir.Param, pos string) error {
	fu := g.fuse
	g.fuse = nil
	n := g.fresh("n")
	g.p("%s := %s", n, g.i64(e.W))
	k := len(e.Arrs)
	i := g.fresh("i")
	// fusedVal maps the fused map's results to the Go variables holding
	// them for element i.
	fusedVal := map[ir.VName]string{}
	var fusedVars []string
	if fu != nil {
		pn := g.fresh("n")
		g.p("%s := %s", pn, g.i64(fu.m.W))
		g.widths(fu.pos, "map", pn, fu.m.W, fu.m.Arrs, nil)
		for _, p := range fu.pat {
			if d := p.Type.Shape[0]; !d.IsNone() && (d.IsConst || g.scope[d.Var]) && !d.Equal(fu.m.W) {
				g.p("if %s != %s {", pn, g.i64(d))
				g.p("shapeFail(%s, []int64{%s}, %s)", fu.pos, pn, g.i64(d))
				g.p("}")
			}
			v := g.fresh("m")
			fusedVal[p.Name] = v
			fusedVars = append(fusedVars, v)
		}
		var dims, shapes []string
		for _, a := range e.Arrs {
			switch _, fused := fusedVal[a]; {
			case fused && g.i64(fu.m.W) == g.i64(e.W):
			case fused:
				dims, shapes = append(dims, pn), append(shapes, "[]int64{"+pn+"}")
			case len(g.shp[a]) > 0 && g.shp[a][0] == g.i64(e.W):
			default:
				dims, shapes = append(dims, g.dimOf(a, 0)), append(shapes, g.shapeOf(a))
			}
		}
		g.checkWidths(pos, "reduce", n, "", dims, shapes)
	} else {
		g.widths(pos, "reduce", n, e.W, e.Arrs, nil)
	}
	g.declare(pat)
	accs := targets(pat)
	elems := func(src []string) []string {
		var out []string
		for j := range k {
			out = append(out, src[j])
		}
		return out
	}
	rows := func() []string {
		if fu != nil {
			// Compute the map's function for element i first.
			for q, p := range fu.pat {
				g.p("var %s %s", fusedVars[q], goScalar(p.Type.Elem))
			}
			if err := g.apply(fu.m.F, g.elemArgs(fu.m.Arrs, fu.m.F.Params, i), fusedVars); err != nil {
				g.err = err
			}
		}
		var out []string
		for j := range k {
			if v, ok := fusedVal[e.Arrs[j]]; ok {
				out = append(out, v)
				continue
			}
			out = append(out, g.elemArg(e.Arrs[j], e.Op.Params[k+j], i))
		}
		return out
	}
	// The inputs read element by element, for rangeLoop.
	var ins []ir.VName
	for _, a := range e.Arrs {
		if _, fused := fusedVal[a]; !fused {
			ins = append(ins, a)
		}
	}
	if fu != nil {
		ins = append(ins, fu.m.Arrs...)
	}
	g.assign(accs, g.subs(e.Neutral))
	// fold folds the elements in [lo, hi) into acc: a sum, minimum or
	// maximum of floats in partial results (see lanes), anything else in
	// order.
	useLanes := k == 1 && floatLaneOp(e.Op) && (fu == nil || scalarFunc(fu.m.F))
	// With res (the reduction's results, when acc is their variables),
	// the accumulators' buffers may be the worker's scratch, and a result
	// that outlives the region is copied out of them when the fold ends.
	fold := func(lo, hi string, acc []string, res []ir.Param) error {
		if useLanes {
			return g.lanes(i, lo, hi, ins, [][]string{acc}, []*ir.Lambda{e.Op}, e.Neutral, func(a [][]string) error {
				return g.apply(e.Op, append(elems(a[0]), rows()...), a[0])
			})
		}
		// The arrays the operator builds for the accumulators alternate
		// between two buffers of this fold (not the worker's scratch
		// without res: a chunk's partial result outlives the chunk).
		var out map[int]bool
		if res != nil {
			out = map[int]bool{}
		}
		roots := g.alternate(e.Op.Params[:k], e.Op.Body, res, i, res != nil, out)
		g.rangeLoop(i, lo, hi, ins, nil)
		err := g.apply(e.Op, append(elems(acc), rows()...), acc)
		for _, r := range roots {
			delete(g.dbuf, r)
		}
		if err != nil {
			return err
		}
		g.closeRangeLoop(i)
		for j, p := range res {
			if out[j] {
				g.copyOut(p, nil)
			}
		}
		return nil
	}
	if g.depth > 0 {
		if err := fold("int64(0)", n, accs, pat); err != nil {
			return err
		}
		g.declareDone(pat)
		return g.takeErr()
	}
	// Per-chunk partial results from the neutral element, combined in
	// chunk order: the chunks depend only on the width.
	gr := grain(e.Op)
	if fu != nil && grain(fu.m.F) == "1" {
		gr = "1"
	}
	if gr != "1" {
		// One chunk: fold it here and combine it as the chunks would be.
		g.open(fmt.Sprintf("if %s <= %s {", n, gr))
		local := make([]string, k)
		for j := range k {
			local[j] = g.fresh("acc")
			g.p("%s := %s", local[j], g.sub(e.Neutral[j]))
		}
		if err := fold("int64(0)", n, local, nil); err != nil {
			return err
		}
		if err := g.apply(e.Op, append(elems(accs), local...), accs); err != nil {
			return err
		}
		g.orElse()
	}
	parts := make([]string, k)
	for j := range k {
		parts[j] = g.fresh("part")
		g.p("%s := make([]%s, numChunks(%s, %s))", parts[j], goType(pat[j].Type), n, gr)
	}
	g.open(fmt.Sprintf("parChunks(%s, %s, func(c, lo, hi int64) {", n, gr))
	g.openChunk()
	local := make([]string, k)
	for j := range k {
		local[j] = g.fresh("acc")
		g.p("%s := %s", local[j], g.sub(e.Neutral[j]))
	}
	if err := fold("lo", "hi", local, nil); err != nil {
		return err
	}
	for j := range k {
		g.p("%s[c] = %s", parts[j], local[j])
	}
	g.closeChunk()
	g.close("})")
	c := g.fresh("c")
	g.open(fmt.Sprintf("for %s := range %s {", c, parts[0]))
	var ps []string
	for j := range k {
		ps = append(ps, parts[j]+"["+c+"]")
	}
	if err := g.apply(e.Op, append(elems(accs), ps...), accs); err != nil {
		return err
	}
	g.close("}")
	if gr != "1" {
		g.close("}")
	}
	g.declareDone(pat)
	return g.takeErr()
}

func (g *gen) scan(e *ir.Scan, pat []ir.Param, pos string) error {
	n := g.fresh("n")
	g.p("%s := %s", n, g.i64(e.W))
	g.widths(pos, "scan", n, e.W, e.Arrs, nil)
	k := len(e.Arrs)
	g.declare(pat)
	i := g.fresh("i")
	rows := func() []string {
		var out []string
		for j := range k {
			out = append(out, g.elemArg(e.Arrs[j], e.Op.Params[k+j], i))
		}
		return out
	}
	allScalar := true
	for _, t := range e.Op.Ret[:k] {
		allScalar = allScalar && t.IsScalar()
	}
	accs := make([]string, k)
	for j := range k {
		accs[j] = g.fresh("acc")
		g.p("%s := %s", accs[j], g.sub(e.Neutral[j]))
	}
	out := func(j int) string { return ident(pat[j].Name) }
	// A scalar output nothing reads (a component the operator needs, as
	// the first of reverse mode's pair for a generic reduction) gets its
	// shape, for the checks of its pattern, and no elements.
	dead := func(j int) bool {
		if !e.Op.Ret[j].IsScalar() || g.used[pat[j].Name] != 0 {
			return false
		}
		g.p("%s = Array[%s]{Shape: []int64{%s}}", out(j), goScalar(e.Op.Ret[j].Elem), n)
		return true
	}
	isDead := make([]bool, k)
	// The phases apply the operator to other operands than a sequential
	// scan does, so an operator that may fail runs sequentially to report
	// the interpreter's error.
	if !allScalar || g.depth > 0 || !ir.CannotFail(e.Op) {
		for j := range k {
			t := e.Op.Ret[j]
			if isDead[j] = dead(j); isDead[j] {
				continue
			}
			if t.IsScalar() {
				g.assignNewArray(out(j), pat[j], []string{g.i64(e.W)}, false)
			} else {
				g.p("%s = alloc[%s](%s, %s, %s)", out(j), goScalar(t.Elem), pos, n, g.shapeDims(t.Shape))
			}
		}
		g.open(fmt.Sprintf("for %s := int64(0); %s < %s; %s++ {", i, i, n, i))
		if err := g.apply(e.Op, append(append([]string{}, accs...), rows()...), accs); err != nil {
			return err
		}
		for j := range k {
			if isDead[j] {
				continue
			}
			if e.Op.Ret[j].IsScalar() {
				g.p("%s.Data[%s] = %s", out(j), i, accs[j])
				continue
			}
			g.p("if %s == 0 {", i)
			g.p("%s = alloc[%s](%s, %s, %s.Shape)", out(j), goScalar(e.Op.Ret[j].Elem), pos, n, accs[j])
			g.p("}")
			g.p("putRow(%s, %s, %s, %s)", pos, out(j), i, accs[j])
		}
		g.close("}")
		g.declareDone(pat)
		return nil
	}
	// A parallel scan in phases, or in one pass on one core (scanPhases).
	gr := grain(e.Op)
	for j := range k {
		if isDead[j] = dead(j); !isDead[j] {
			g.assignNewArray(out(j), pat[j], []string{g.i64(e.W)}, false)
		}
	}
	// loop emits the loop over [lo, hi) that scans from accs unless accs
	// is nil, and folds locals from the neutral elements unless locals is
	// nil.
	loop := func(lo, hi string, accs, locals [][]string) error {
		g.open(fmt.Sprintf("for %s := %s; %s < %s; %s++ {", i, lo, i, hi, i))
		var xs []string
		for _, r := range rows() {
			x := g.fresh("x")
			g.p("%s := %s", x, r)
			xs = append(xs, x)
		}
		if locals != nil {
			if err := g.apply(e.Op, append(append([]string{}, locals[0]...), xs...), locals[0]); err != nil {
				return err
			}
		}
		if accs != nil {
			if err := g.apply(e.Op, append(append([]string{}, accs[0]...), xs...), accs[0]); err != nil {
				return err
			}
			for j := range k {
				if !isDead[j] {
					g.p("%s.Data[%s] = %s", out(j), i, accs[0][j])
				}
			}
		}
		g.close("}")
		return nil
	}
	var types []string
	for _, t := range e.Op.Ret[:k] {
		types = append(types, goScalar(t.Elem))
	}
	fold := func(lo, hi string, locals [][]string) error { return loop(lo, hi, nil, locals) }
	if err := g.scanPhases(n, gr, [][]string{types}, [][]ir.SubExp{e.Neutral}, []*ir.Lambda{e.Op}, fold, loop); err != nil {
		return err
	}
	g.declareDone(pat)
	return nil
}

// flatIndex emits the flat offset of element j of the index arrays into
// the outer dimensions of shape; off is declared and skip taken when out
// of range.
func (g *gen) flatIndex(inds []ir.VName, j, shape, off, skip string) {
	g.p("%s := int64(0)", off)
	for k, a := range inds {
		x := g.fresh("x")
		g.p("%s := int64(%s.Data[%s])", x, ident(a), j)
		g.p("if %s < 0 || %s >= %s[%d] {", x, x, shape, k)
		g.p("%s", skip)
		g.p("}")
		g.p("%s = %s*%s[%d] + %s", off, off, shape, k, x)
	}
}

func (g *gen) hist(e *ir.Hist, pat []ir.Param, pos string) error {
	n := g.fresh("n")
	g.p("%s := %s", n, g.i64(e.W))
	g.widths(pos, "hist", n, e.W, append(append([]ir.VName{}, e.Inds...), e.Vals...), nil)
	k := len(e.Dests)
	nidx := len(e.Inds)
	shape := g.fresh("shape")
	g.p("%s := %s.Shape", shape, ident(e.Dests[0]))
	for _, d := range e.Dests {
		g.p("if !sameShape(%s.Shape[:%d], %s[:%d]) {", ident(d), nidx, shape, nidx)
		g.p("fail(%s, \"Histogram destinations have shapes \"+shapeString(%s)+\" and \"+shapeString(%s.Shape)+\".\")", pos, shape, ident(d))
		g.p("}")
	}
	for _, ne := range e.Neutral {
		if ne.IsVar() {
			g.p("_ = %s", ident(ne.Var)) // the destinations already hold the neutral elements
		}
	}
	g.declare(pat)
	j := g.fresh("j")
	scalarBins := true
	for _, d := range e.Dests {
		scalarBins = scalarBins && g.types[d].Rank() == nidx
	}
	if g.depth == 0 && scalarBins && ir.CannotFail(e.Op) {
		if err := g.parHist(e, shape, n, j); err != nil {
			return err
		}
		g.orElse()
	}
	g.open(fmt.Sprintf("for %s := int64(0); %s < %s; %s++ {", j, j, n, j))
	off := g.fresh("off")
	g.flatIndex(e.Inds, j, shape, off, "continue")
	var args, dst []string
	var stores []string
	for q, d := range e.Dests {
		dt := g.types[d]
		if dt.Rank() == nidx {
			args = append(args, ident(d)+".Data["+off+"]")
			dst = append(dst, ident(d)+".Data["+off+"]")
		} else {
			args = append(args, fmt.Sprintf("row(%s, %d, %s)", ident(d), nidx, off))
			r := g.fresh("r")
			g.p("var %s %s", r, goType(dt.Row()))
			dst = append(dst, r)
			stores = append(stores, fmt.Sprintf("storeRow(%s, %s, %d, %s, %s)", pos, ident(d), nidx, off, r))
		}
		_ = q
	}
	for q := range k {
		args = append(args, g.elemArg(e.Vals[q], e.Op.Params[k+q], j))
	}
	if err := g.apply(e.Op, args, dst); err != nil {
		return err
	}
	for _, s := range stores {
		g.p("%s", s)
	}
	g.close("}")
	if g.depth == 0 && scalarBins && ir.CannotFail(e.Op) {
		g.close("}")
	}
	for q, d := range e.Dests {
		g.p("%s = %s", ident(pat[q].Name), ident(d))
	}
	g.declareDone(pat)
	return nil
}

func (g *gen) scatter(e *ir.Scatter, pat []ir.Param, pos string) error {
	n := g.fresh("n")
	g.p("%s := %s", n, g.i64(e.W))
	g.widths(pos, "scatter", n, e.W, append(append([]ir.VName{}, e.Inds...), e.Vals...), nil)
	nidx := len(e.Inds)
	g.declare(pat)
	if g.depth == 0 {
		g.parScatter(e, n, pos)
		g.orElse()
	}
	for q, d := range e.Dests {
		a, v := ident(d), ident(e.Vals[q])
		j := g.fresh("j")
		g.open(fmt.Sprintf("for %s := int64(0); %s < %s; %s++ {", j, j, n, j))
		off := g.fresh("off")
		g.flatIndex(e.Inds, j, a+".Shape", off, "continue")
		if g.types[e.Vals[q]].Rank() == 1 {
			g.p("%s.Data[%s] = %s.Data[%s]", a, off, v, j)
		} else {
			g.p("storeRow(%s, %s, %d, %s, row(%s, 1, %s))", pos, a, nidx, off, v, j)
		}
		g.close("}")
	}
	if g.depth == 0 {
		g.close("}")
	}
	for q, d := range e.Dests {
		g.p("%s = %s", ident(pat[q].Name), ident(d))
	}
	g.declareDone(pat)
	return nil
}

// scatterBudget bounds the destination elements of a parallel scatter,
// which needs one int64 per element to find the last write.
const scatterBudget = 1 << 24

// parScatter opens "if <parallel is worthwhile> {" and emits a scatter in
// two parallel passes: every input claims its element (the largest index
// wins), then the winners write. The caller closes the block with the
// sequential alternative; the choice depends only on the sizes.
func (g *gen) parScatter(e *ir.Scatter, n, pos string) {
	d0 := ident(e.Dests[0])
	nidx := len(e.Inds)
	elems, par := g.fresh("elems"), g.fresh("par")
	g.p("%s := product(%s.Shape[:%d])", elems, d0, nidx)
	g.p("%s := numChunks(%s, 1024) > 1 && %s <= %d", par, n, elems, scatterBudget)
	// Every destination must have the indexed shape of the first (the
	// interpreter indexes each with its own shape).
	for _, d := range e.Dests[1:] {
		g.p("%s = %s && sameShape(%s.Shape[:%d], %s.Shape[:%d])", par, par, ident(d), nidx, d0, nidx)
	}
	g.open(fmt.Sprintf("if %s {", par))
	win := g.fresh("win")
	g.p("%s := newWinners(%s)", win, elems)
	j := g.fresh("j")
	for pass := range 2 {
		g.open(fmt.Sprintf("parFor(%s, 1024, func(lo, hi int64) {", n))
		g.open(fmt.Sprintf("for %s := lo; %s < hi; %s++ {", j, j, j))
		off := g.fresh("off")
		g.flatIndex(e.Inds, j, d0+".Shape", off, "continue")
		if pass == 0 {
			g.p("%s.claim(%s, %s)", win, off, j)
		} else {
			g.p("if !%s.won(%s, %s) {", win, off, j)
			g.p("continue")
			g.p("}")
			for q, d := range e.Dests {
				a, v := ident(d), ident(e.Vals[q])
				if g.types[e.Vals[q]].Rank() == 1 {
					g.p("%s.Data[%s] = %s.Data[%s]", a, off, v, j)
				} else {
					g.p("storeRow(%s, %s, %d, %s, row(%s, 1, %s))", pos, a, nidx, off, v, j)
				}
			}
		}
		g.close("}")
		g.close("})")
	}
}

func (g *gen) withAcc(e *ir.WithAcc, pat []ir.Param, pos string) error {
	g.declare(pat)
	g.open("{")
	var accs []string
	for _, in := range e.Inputs {
		t := g.types[in.Arr]
		el := goScalar(t.Elem)
		a := g.fresh("acc")
		accs = append(accs, a)
		for _, ne := range in.Neutral {
			if ne.IsVar() {
				g.p("_ = %s", ident(ne.Var))
			}
		}
		if in.Op == nil {
			add, err := binExpr(prim.Add, t.Elem, "x", "y", pos)
			if err != nil {
				return err
			}
			g.p("%s := &acc[%s]{arr: %s, op: func(x, y %s) %s { return %s }}", a, el, ident(in.Arr), el, el, add)
			continue
		}
		g.open(fmt.Sprintf("%s := &acc[%s]{arr: %s, op: func(x, y %s) (r %s) {", a, el, ident(in.Arr), el, el))
		g.openChunk()
		if err := g.lambdaInto(in.Op, []string{"x", "y"}, []string{"r"}); err != nil {
			return err
		}
		g.p("return")
		g.closeChunk()
		g.close("}}")
	}
	var dst []string
	for i := range e.F.Ret {
		if i < len(e.Inputs) {
			dst = append(dst, "_")
		} else {
			dst = append(dst, ident(pat[i].Name))
		}
	}
	if err := g.lambdaInto(e.F, accs, dst); err != nil {
		return err
	}
	for i, in := range e.Inputs {
		g.p("%s = %s", ident(pat[i].Name), ident(in.Arr))
	}
	g.close("}")
	g.declareDone(pat)
	return nil
}

func (g *gen) updAcc(e *ir.UpdAcc, pat []ir.Param, pos string) error {
	if f, ok := g.fastAcc[e]; ok {
		return g.updAccFast(e, f, pat, pos)
	}
	a := ident(e.Acc)
	t := g.types[e.Acc]
	if g.additive(e.Acc) && len(e.Idx) == t.Rank() {
		// Addition into one element, inline; out-of-range indices are
		// ignored. A one-dimensional accumulator's index is checked
		// against the length of the data it indexes, so Go checks no
		// bound again.
		data := g.fresh("el")
		hoisted, ok := g.accData[e.Acc]
		var conds []string
		off := ""
		for k, x := range e.Idx {
			i, d := g.i64(x), fmt.Sprintf("%s.arr.Shape[%d]", a, k)
			switch {
			case t.Rank() == 1:
				d = "int64(len(" + data + "))"
			case ok:
				d = hoisted.dims[k]
			}
			conds = append(conds, fmt.Sprintf("%s >= 0 && %s < %s", i, i, d))
			if k == 0 {
				off = i
			} else {
				off = fmt.Sprintf("(%s)*%s + %s", off, d, i)
			}
		}
		el := data + "[" + off + "]"
		add, err := binExpr(prim.Add, t.Elem, el, g.operand(e.Val), pos)
		if err != nil {
			return err
		}
		if ok {
			g.p("if %s := %s; %s {", data, hoisted.data, strings.Join(conds, " && "))
			g.accData[pat[0].Name] = hoisted
		} else {
			g.p("if %s := %s.arr.Data; %s {", data, a, strings.Join(conds, " && "))
		}
		g.p("%s = %s", el, add)
		g.p("}")
		g.bind(pat[0], a)
		return nil
	}
	if el := t.Elem; g.additive(e.Acc) && (el.IsInt() || el == prim.F32 || el == prim.F64) && t.Rank() == 2 && len(e.Idx) == 1 {
		// A row added into a matrix, inline: the row's place from the
		// dimensions (read once before the loop where they can be), its
		// shape checked as addRow does, nothing for an index out of range.
		data, rows, cols := a+".arr.Data", a+".arr.Shape[0]", a+".arr.Shape[1]"
		if h, ok := g.accData[e.Acc]; ok {
			data, rows, cols = h.data, h.dims[0], h.dims[1]
			g.accData[pat[0].Name] = h
		}
		i, dst, j, x := g.fresh("i"), g.fresh("dst"), g.fresh("j"), g.fresh("x")
		g.p("if %s := %s; %s >= 0 && %s < %s {", i, g.i64(e.Idx[0]), i, i, rows)
		// The row's Array is read where it is (a copy of an Array just
		// built would read it back with wider loads than the stores that
		// wrote it, which stalls; see allocArray).
		v := g.sub(e.Val)
		if !token(v) {
			t := g.fresh("v")
			g.p("%s := %s", t, v)
			v = t
		}
		g.p("if len(%s.Shape) != 1 || %s.Shape[0] != %s {", v, v, cols)
		g.p("shapeFail(%s, %s.Shape, %s)", pos, v, cols)
		g.p("}")
		g.p("%s := %s[%s*%s : (%s+1)*%s]", dst, data, i, cols, i, cols)
		g.p("for %s, %s := range %s.Data[:len(%s)] {", j, x, v, dst)
		g.p("%s[%s] += %s", dst, j, x)
		g.p("}")
		g.p("}")
		g.bind(pat[0], a)
		return nil
	}
	idx := "[]int64{" + g.i64s(e.Idx) + "}"
	switch el := t.Elem; {
	case g.typeOf(e.Val).IsScalar():
		g.p("%s.upd(%s, %s)", a, idx, g.sub(e.Val))
	case g.additive(e.Acc) && (el.IsInt() || el == prim.F32 || el == prim.F64):
		// A row added in a loop, without a call of the operator per
		// element.
		g.p("addRow(%s, %s, %s, %s)", pos, a, idx, g.sub(e.Val))
	default:
		g.p("%s.updRow(%s, %s, %s)", a, pos, idx, g.sub(e.Val))
	}
	g.bind(pat[0], a)
	return nil
}

// scanChunkSums emits the middle phase of a parallel scan: the chunk
// results pre[j][1..nc) (one Go slice per component, pre[j][0] the
// neutral element) scanned in chunk order with op, so that pre[j][c] is
// the prefix chunk c starts from.
func (g *gen) scanChunkSums(op *ir.Lambda, pre []string, nc string) error {
	c := g.fresh("c")
	g.open(fmt.Sprintf("for %s := int64(1); %s < %s; %s++ {", c, c, nc, c))
	var prev, cur []string
	for _, p := range pre {
		prev = append(prev, p+"["+c+"-1]")
		cur = append(cur, p+"["+c+"]")
	}
	if err := g.apply(op, append(prev, cur...), cur); err != nil {
		return err
	}
	g.close("}")
	return nil
}

// scanPhases emits a top-level parallel scan of width n (in chunks of
// grain gr) over one or more scans: scan q has components of Go types
// types[q], neutral elements neutral[q] and operator ops[q]. With several
// chunks and more than one core it runs the three phases: every chunk
// folds its rows from the neutral elements (fold, into locals), the chunk
// results are scanned in chunk order (scanChunkSums), then every chunk
// scans its rows from its prefix (loop, with locals nil). Otherwise the
// chunks run in order in one pass: every chunk but the last folds its
// rows beside the scan from its prefix (loop, with both) and combines
// that fold with its prefix into the next chunk's prefix as
// scanChunkSums does, so the operators see the operands of the phases
// and the results are bitwise those of a parallel run, while the rows
// are read (and the function applied) once. The chunks depend only on
// the width, so the results do not depend on the cores.
func (g *gen) scanPhases(n, gr string, types [][]string, neutral [][]ir.SubExp, ops []*ir.Lambda,
	fold func(lo, hi string, locals [][]string) error, loop func(lo, hi string, accs, locals [][]string) error) error {
	nc := g.fresh("nc")
	g.p("%s := numChunks(%s, %s)", nc, n, gr)
	// pre[q][j][c] is component j of the prefix chunk c starts from.
	pre := make([][]string, len(ops))
	for q := range ops {
		for j, ne := range neutral[q] {
			v := g.fresh("pre")
			g.p("%s := make([]%s, %s+1)", v, types[q][j], nc)
			g.p("%s[0] = %s", v, g.sub(ne))
			pre[q] = append(pre[q], v)
		}
	}
	locals := func() [][]string {
		out := make([][]string, len(ops))
		for q := range ops {
			out[q] = g.freshFrom(neutral[q])
		}
		return out
	}
	// prefixes binds the running accumulators of chunk c.
	prefixes := func(c string) [][]string {
		out := make([][]string, len(ops))
		for q := range ops {
			for _, p := range pre[q] {
				v := g.fresh("acc")
				g.p("%s := %s[%s]", v, p, c)
				out[q] = append(out[q], v)
			}
		}
		return out
	}
	g.open(fmt.Sprintf("if %s > 1 && !oneProc() {", nc))
	g.open(fmt.Sprintf("parChunks(%s, %s, func(c, lo, hi int64) {", n, gr))
	g.openChunk()
	ls := locals()
	if err := fold("lo", "hi", ls); err != nil {
		return err
	}
	for q := range ops {
		for j, v := range ls[q] {
			g.p("%s[c+1] = %s", pre[q][j], v)
		}
	}
	g.closeChunk()
	g.close("})")
	for q, op := range ops {
		if err := g.scanChunkSums(op, pre[q], nc); err != nil {
			return err
		}
	}
	g.open(fmt.Sprintf("parChunks(%s, %s, func(c, lo, hi int64) {", n, gr))
	g.openChunk()
	if err := loop("lo", "hi", prefixes("c"), nil); err != nil {
		return err
	}
	g.closeChunk()
	g.close("})")
	g.orElse()
	size, c, lo, hi := g.fresh("size"), g.fresh("c"), g.fresh("lo"), g.fresh("hi")
	g.open("func() {")
	g.openChunk()
	g.p("%s := chunkSize(%s, %s)", size, n, gr)
	g.open(fmt.Sprintf("for %s := int64(0); %s < %s; %s++ {", c, c, nc, c))
	g.p("%s := %s * %s", lo, c, size)
	g.p("%s := min(%s+%s, %s)", hi, lo, size, n)
	g.open(fmt.Sprintf("if %s+1 < %s {", c, nc))
	ls = locals()
	if err := loop(lo, hi, prefixes(c), ls); err != nil {
		return err
	}
	for q, op := range ops {
		var prev, next []string
		for _, p := range pre[q] {
			prev = append(prev, p+"["+c+"]")
			next = append(next, p+"["+c+"+1]")
		}
		if err := g.apply(op, append(prev, ls[q]...), next); err != nil {
			return err
		}
	}
	g.orElse()
	if err := loop(lo, hi, prefixes(c), nil); err != nil {
		return err
	}
	g.close("}")
	g.close("}")
	g.closeChunk()
	g.close("}()")
	g.close("}")
	return nil
}

// additive reports whether the accumulator acc combines by addition
// (ir.Facts.Additive).
func (g *gen) additive(acc ir.VName) bool {
	return g.mem != nil && g.mem.facts.Additive(acc)
}

// histBudget bounds the elements of the private histograms of a parallel
// hist (chunks times bins); larger histograms are built sequentially.
const histBudget = 1 << 22

// parHist opens "if <parallel is worthwhile> {", emits a hist with one
// private histogram per chunk (from the neutral elements) combined into
// the destinations in chunk order, and leaves the block open for the
// caller's sequential alternative. The choice depends only on the width
// and the number of bins, so results do not depend on the cores.
func (g *gen) parHist(e *ir.Hist, shape, n, j string) error {
	k := len(e.Dests)
	nidx := len(e.Inds)
	bins, nc := g.fresh("bins"), g.fresh("nc")
	g.p("%s := product(%s[:%d])", bins, shape, nidx)
	g.p("%s := numChunks(%s, 1024)", nc, n)
	g.open(fmt.Sprintf("if %s > 1 && %s*%s <= %d {", nc, nc, bins, histBudget))
	priv := make([]string, k)
	for q := range k {
		priv[q] = g.fresh("priv")
		g.p("%s := make([]%s, %s*%s)", priv[q], goScalar(g.types[e.Dests[q]].Elem), nc, bins)
		g.p("for b := range %s {", priv[q])
		g.p("%s[b] = %s", priv[q], g.sub(e.Neutral[q]))
		g.p("}")
	}
	g.open(fmt.Sprintf("parChunks(%s, 1024, func(c, lo, hi int64) {", n))
	g.openChunk()
	g.open(fmt.Sprintf("for %s := lo; %s < hi; %s++ {", j, j, j))
	off := g.fresh("off")
	g.flatIndex(e.Inds, j, shape, off, "continue")
	var args, dst []string
	for q := range k {
		h := priv[q] + "[c*" + bins + "+" + off + "]"
		args = append(args, h)
		dst = append(dst, h)
	}
	for q := range k {
		args = append(args, g.elemArg(e.Vals[q], e.Op.Params[k+q], j))
	}
	if err := g.apply(e.Op, args, dst); err != nil {
		return err
	}
	g.close("}")
	g.closeChunk()
	g.close("})")
	c, b := g.fresh("c"), g.fresh("b")
	g.open(fmt.Sprintf("for %s := int64(0); %s < %s; %s++ {", c, c, nc, c))
	g.open(fmt.Sprintf("for %s := int64(0); %s < %s; %s++ {", b, b, bins, b))
	args, dst = nil, nil
	for q, d := range e.Dests {
		args = append(args, ident(d)+".Data["+b+"]")
		dst = append(dst, ident(d)+".Data["+b+"]")
		_ = q
	}
	for q := range k {
		args = append(args, priv[q]+"["+c+"*"+bins+"+"+b+"]")
	}
	if err := g.apply(e.Op, args, dst); err != nil {
		return err
	}
	g.close("}")
	g.close("}")
	return nil
}
