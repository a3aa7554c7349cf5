package gogen

import (
	"fmt"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Scremas (ir.Screma, the fused SOACs) are generated as one loop over the
// rows: the function, then every scan, reduction, histogram and scatter
// in order, then the map outputs, all per element, which is the
// construct's meaning. Inside another SOAC's lambda they run sequentially;
// at the top level, one whose operators are all reductions runs in
// parallel chunks as Reduce does (per-chunk results from the neutral
// elements, combined in chunk order), and one with scans and a cheap
// function runs in a parallel scan's phases, applying the function in
// both that read rows (scremaScans). The generator takes Scremas whose
// operators combine scalars (or, inside a lambda, whose reductions
// combine arrays, as vectorised sums do) and whose map outputs have row
// shapes known before the loop; unfuse rewrites the others, and the
// other top-level ones with scans, histograms or scatters, into the SOACs
// they stand for.

// generated reports whether the generator takes the Screma e itself;
// nested is set inside another SOAC's lambda; fa are the facts of the
// function it is in.
func generated(e *ir.Screma, nested bool, fa *ir.Facts) bool {
	if !nested && (len(e.Hists) > 0 || len(e.Scatters) > 0 || len(e.Scans) > 0 && !phasedScans(e, fa)) {
		return false
	}
	k := 0
	for _, sc := range e.Scans {
		for range sc.Neutral {
			if !e.F.Ret[k].IsScalar() {
				return false
			}
			k++
		}
	}
	for _, r := range e.Reds {
		for range r.Neutral {
			// A reduction of arrays (a vectorised sum) runs only where
			// the Screma runs sequentially: its accumulators alternate
			// between two buffers, as Reduce's do.
			if !e.F.Ret[k].IsScalar() && !nested {
				return false
			}
			k++
		}
	}
	for _, h := range e.Hists {
		k += h.Rank
		for range h.Dests {
			if !e.F.Ret[k].IsScalar() {
				return false
			}
			k++
		}
	}
	for _, sc := range e.Scatters {
		k += sc.Rank
		for range sc.Dests {
			if !e.F.Ret[k].IsScalar() {
				return false
			}
			k++
		}
	}
	return true
}

// phasedScans reports whether a top-level Screma with scans runs as its
// own phases (scremaScans) rather than as a map whose rows the scans then
// read: scans and map outputs only, every result a scalar, and a function
// cheap enough to run twice per row (no loops, SOACs, calls or arrays;
// at most 16 statements) that cannot fail, nor can the operators, since
// the phases apply them to other operands than a sequential scan does.
func phasedScans(e *ir.Screma, fa *ir.Facts) bool {
	if len(e.Reds) > 0 || len(e.Hists) > 0 || len(e.Scatters) > 0 || len(e.F.Body.Stms) > 16 || heavy(e.F.Body) || fa.LambdaMayFail(e.F) {
		return false
	}
	for _, t := range e.F.Ret {
		if !t.IsScalar() {
			return false
		}
	}
	if ir.BodyKinds(e.F.Body)&(ir.KApply|ir.KNested&^ir.KIf) != 0 {
		return false
	}
	for _, sc := range e.Scans {
		if fa.LambdaMayFail(sc.Op) {
			return false
		}
	}
	return true
}

// scremaLayout locates the parts of a Screma's function results and of
// its statement's pattern.
type scremaLayout struct {
	scanIn, scanOut []int // per scan: first function result, first pattern name
	redIn, redOut   []int
	histIn, histOut []int
	scatIn, scatOut []int
	mapIn, mapOut   int // first map output among the results and the pattern
}

func layoutOf(e *ir.Screma) scremaLayout {
	var l scremaLayout
	k, o := 0, 0
	for _, sc := range e.Scans {
		l.scanIn, l.scanOut = append(l.scanIn, k), append(l.scanOut, o)
		k, o = k+len(sc.Neutral), o+len(sc.Neutral)
	}
	for _, r := range e.Reds {
		l.redIn, l.redOut = append(l.redIn, k), append(l.redOut, o)
		k, o = k+len(r.Neutral), o+len(r.Neutral)
	}
	for _, h := range e.Hists {
		l.histIn, l.histOut = append(l.histIn, k), append(l.histOut, o)
		k, o = k+h.Rank+len(h.Dests), o+len(h.Dests)
	}
	for _, sc := range e.Scatters {
		l.scatIn, l.scatOut = append(l.scatIn, k), append(l.scatOut, o)
		k, o = k+sc.Rank+len(sc.Dests), o+len(sc.Dests)
	}
	l.mapIn, l.mapOut = k, o
	return l
}

func (g *gen) screma(e *ir.Screma, pat []ir.Param, pos string) error {
	l := layoutOf(e)
	n := g.fresh("n")
	g.p("%s := %s", n, g.i64(e.W))
	g.widths(pos, "screma", n, e.W, e.Arrs, nil)
	for q, h := range e.Hists {
		shape := ident(h.Dests[0]) + ".Shape"
		for _, d := range h.Dests {
			g.p("if !sameShape(%s.Shape[:%d], %s[:%d]) {", ident(d), h.Rank, shape, h.Rank)
			g.p("fail(%s, \"Histogram destinations have shapes \"+shapeString(%s)+\" and \"+shapeString(%s.Shape)+\".\")", pos, shape, ident(d))
			g.p("}")
		}
		_ = q
	}
	g.declare(pat)
	// Storage of the arrays the loop fills: scan results and map outputs.
	var outs []string      // scalar outputs written at element i, in result order
	outAt := map[int]int{} // function result -> index in outs
	// A scan output nothing reads (as reverse mode's first component of
	// a generic reduction) gets its shape and no elements.
	deadScan := map[ir.VName]bool{}
	for q, sc := range e.Scans {
		for j := range sc.Neutral {
			p := pat[l.scanOut[q]+j]
			if g.used[p.Name] == 0 {
				deadScan[p.Name] = true
				g.p("%s = Array[%s]{Shape: []int64{%s}}", ident(p.Name), goScalar(p.Type.Elem), n)
				continue
			}
			g.assignNewArray(ident(p.Name), p, []string{g.i64(e.W)}, false)
		}
	}
	for k := l.mapIn; k < len(e.F.Ret); k++ {
		p := pat[l.mapOut+k-l.mapIn]
		t := e.F.Ret[k]
		dims := append([]string{g.i64(e.W)}, g.shapeExprs(p.Type.Shape[1:])...)
		g.assignNewArray(ident(p.Name), p, dims, false)
		if t.IsScalar() {
			outAt[k] = len(outs)
			outs = append(outs, ident(p.Name))
		}
	}
	for q, r := range e.Reds {
		g.assign(targets(pat[l.redOut[q]:l.redOut[q]+len(r.Neutral)]), g.subs(r.Neutral))
	}
	parallel := g.depth == 0 && len(e.Scans) == 0 && len(e.Hists) == 0 && len(e.Scatters) == 0
	gr := grain(e.F)
	for _, r := range e.Reds {
		if grain(r.Op) == "1" {
			gr = "1"
		}
	}
	// The chunks of a reduction whose rows run four at a time
	// (loopjam.go) have four rows at least: at 16 rows, 16 chunks of one
	// row each ran the plain loop.
	loopJam := g.loopJamOf(e, l)
	if gr == "1" && parallel && loopJam != nil {
		gr = fmt.Sprint(jamRows)
	}
	i := g.fresh("i")
	// element emits the work of element i: the function into temporaries,
	// then the operators; accs are the Go variables of the reductions'
	// accumulators (per reduction, per value).
	element := func(dst []string, accs, scanAccs, scanLocals [][]string) error {
		temps := make([]string, len(e.F.Ret))
		for k, t := range e.F.Ret {
			if q, ok := outAt[k]; ok {
				temps[k] = dst[q]
				continue
			}
			temps[k] = g.fresh("f")
			g.p("var %s %s", temps[k], goType(t))
		}
		placed := g.placeRows(e.F, l.mapIn, func(k int) (string, ir.Shape) {
			p := pat[l.mapOut+k-l.mapIn]
			return ident(p.Name), p.Type.Shape[1:]
		}, i)
		err := g.apply(e.F, g.elemArgs(e.Arrs, e.F.Params, i), temps)
		inPlace := map[int]bool{}
		for k := l.mapIn; k < len(e.F.Ret); k++ {
			inPlace[k] = g.inPlace(placed, k)
		}
		g.releaseRows(placed)
		if err != nil {
			return err
		}
		for q, sc := range e.Scans {
			m := len(sc.Neutral)
			vals := temps[l.scanIn[q] : l.scanIn[q]+m]
			if err := g.apply(sc.Op, append(append([]string{}, scanAccs[q]...), vals...), scanAccs[q]); err != nil {
				return err
			}
			for j := range m {
				if out := pat[l.scanOut[q]+j].Name; !deadScan[out] {
					g.p("%s.Data[%s] = %s", ident(out), i, scanAccs[q][j])
				}
			}
			if scanLocals != nil {
				if err := g.apply(sc.Op, append(append([]string{}, scanLocals[q]...), vals...), scanLocals[q]); err != nil {
					return err
				}
			}
		}
		for q, r := range e.Reds {
			m := len(r.Neutral)
			vals := temps[l.redIn[q] : l.redIn[q]+m]
			if err := g.apply(r.Op, append(append([]string{}, accs[q]...), vals...), accs[q]); err != nil {
				return err
			}
		}
		for q, h := range e.Hists {
			idx := temps[l.histIn[q] : l.histIn[q]+h.Rank]
			vals := temps[l.histIn[q]+h.Rank : l.histIn[q]+h.Rank+len(h.Dests)]
			off := g.inRange(idx, ident(h.Dests[0])+".Shape")
			var bins []string
			for _, d := range h.Dests {
				bins = append(bins, fmt.Sprintf("%s.Data[%s]", ident(d), off))
			}
			if err := g.apply(h.Op, append(append([]string{}, bins...), vals...), bins); err != nil {
				return err
			}
			g.close("}")
		}
		for q, sc := range e.Scatters {
			idx := temps[l.scatIn[q] : l.scatIn[q]+sc.Rank]
			vals := temps[l.scatIn[q]+sc.Rank : l.scatIn[q]+sc.Rank+len(sc.Dests)]
			off := g.inRange(idx, ident(sc.Dests[0])+".Shape")
			for j, d := range sc.Dests {
				g.p("%s.Data[%s] = %s", ident(d), off, vals[j])
			}
			g.close("}")
		}
		for k := l.mapIn; k < len(e.F.Ret); k++ {
			switch {
			case !e.F.Ret[k].IsArray():
			case inPlace[k]:
				g.p("_ = %s", temps[k])
			default:
				g.p("putRow(%s, %s, %s, %s)", pos, ident(pat[l.mapOut+k-l.mapIn].Name), i, temps[k])
			}
		}
		return nil
	}
	redAccs := func(fresh bool) [][]string {
		var accs [][]string
		for q, r := range e.Reds {
			var a []string
			for j := range r.Neutral {
				if fresh {
					a = append(a, g.freshFrom(r.Neutral[j:j+1])...)
				} else {
					a = append(a, ident(pat[l.redOut[q]+j].Name))
				}
			}
			accs = append(accs, a)
		}
		return accs
	}
	sequential := func() error {
		var scanAccs [][]string
		for _, sc := range e.Scans {
			scanAccs = append(scanAccs, g.freshFrom(sc.Neutral))
		}
		g.open("{")
		if laneable(e, l) {
			if err := g.scremaLanes(e, i, "int64(0)", n, redAccs(false), element); err != nil {
				return err
			}
			g.close("}")
			return nil
		}
		// The arrays an operator builds for its accumulators alternate
		// between two buffers, the worker's scratch, from which a result
		// that outlives the region is copied out when the loop ends.
		var roots []ir.VName
		var copied []ir.Param
		for q, r := range e.Reds {
			m := len(r.Neutral)
			rp := pat[l.redOut[q] : l.redOut[q]+m]
			out := map[int]bool{}
			roots = append(roots, g.alternate(r.Op.Params[:m], r.Op.Body, rp, i, true, out)...)
			for k, p := range rp {
				if out[k] {
					copied = append(copied, p)
				}
			}
		}
		lo := "int64(0)"
		accs := redAccs(false)
		if jp := g.jamOf(e, l); jp != nil {
			var err error
			if lo, err = g.jam(e, l, jp, pat, n, outs); err != nil {
				return err
			}
		} else if loopJam != nil {
			var err error
			if lo, err = g.loopJam(e, l, loopJam, accs, lo, n); err != nil {
				return err
			}
		}
		dst := g.rangeLoop(i, lo, n, e.Arrs, outs)
		err := element(dst, accs, scanAccs, nil)
		for _, r := range roots {
			delete(g.dbuf, r)
		}
		if err != nil {
			return err
		}
		g.closeRangeLoop(i)
		for _, q := range copied {
			g.copyOut(q, nil)
		}
		g.close("}")
		return nil
	}
	if g.phased[e] {
		if err := g.scremaScans(e, l, n, i, outs, element); err != nil {
			return err
		}
		g.declareDone(pat)
		return nil
	}
	// Histograms and scatters update their destinations in place.
	var dests []string
	for _, h := range e.Hists {
		for _, d := range h.Dests {
			dests = append(dests, ident(d))
		}
	}
	for _, sc := range e.Scatters {
		for _, d := range sc.Dests {
			dests = append(dests, ident(d))
		}
	}
	if len(dests) > 0 {
		var first int
		if len(l.histOut) > 0 {
			first = l.histOut[0]
		} else {
			first = l.scatOut[0]
		}
		defer g.assign(targets(pat[first:first+len(dests)]), dests)
	}
	if !parallel {
		if err := sequential(); err != nil {
			return err
		}
		g.declareDone(pat)
		return nil
	}
	// One chunk runs in place as a sequential loop; otherwise every chunk
	// folds its reductions from the neutral elements and the chunk results
	// are combined in chunk order.
	limit := gr
	if gr == "1" {
		limit = "0"
		if hasSOAC(e.F.Body) {
			limit = fmt.Sprint(outerMin - 1)
		}
	}
	g.open(fmt.Sprintf("if %s <= %s {", n, limit))
	if err := sequential(); err != nil {
		return err
	}
	g.orElse()
	parts := make([][]string, len(e.Reds))
	for q, r := range e.Reds {
		for j := range r.Neutral {
			v := g.fresh("part")
			g.p("%s := make([]%s, numChunks(%s, %s))", v, goType(e.F.Ret[l.redIn[q]+j]), n, gr)
			parts[q] = append(parts[q], v)
		}
	}
	g.open(fmt.Sprintf("parChunks(%s, %s, func(c, lo, hi int64) {", n, gr))
	g.openChunk()
	local := redAccs(true)
	if laneable(e, l) {
		if err := g.scremaLanes(e, i, "lo", "hi", local, element); err != nil {
			return err
		}
	} else {
		from := "lo"
		if loopJam != nil {
			var err error
			if from, err = g.loopJam(e, l, loopJam, local, from, "hi"); err != nil {
				return err
			}
		}
		dst := g.rangeLoop(i, from, "hi", e.Arrs, outs)
		if err := element(dst, local, nil, nil); err != nil {
			return err
		}
		g.closeRangeLoop(i)
	}
	for q := range e.Reds {
		for j := range local[q] {
			g.p("%s[c] = %s", parts[q][j], local[q][j])
		}
	}
	g.closeChunk()
	g.close("})")
	for q, r := range e.Reds {
		if len(parts[q]) == 0 {
			continue
		}
		c := g.fresh("c")
		g.open(fmt.Sprintf("for %s := range %s {", c, parts[q][0]))
		var ps []string
		for j := range r.Neutral {
			ps = append(ps, parts[q][j]+"["+c+"]")
		}
		accs := targets(pat[l.redOut[q] : l.redOut[q]+len(r.Neutral)])
		if err := g.apply(r.Op, append(append([]string{}, accs...), ps...), accs); err != nil {
			return err
		}
		g.close("}")
	}
	g.close("}")
	g.declareDone(pat)
	return nil
}

// scremaScans emits a top-level Screma with scans (phasedScans) in the
// three phases of a parallel scan, with the function applied in the
// phases that read rows: every chunk folds the scan operators over its
// rows from the neutral elements, the chunk results are scanned in chunk
// order, then every chunk runs element (the function, the scans from its
// prefix, the outputs) over its rows; on one core, or with one chunk,
// the same operations run in one pass over the rows, with the function
// applied once per row (scanPhases). outs are the map outputs written
// element by element.
func (g *gen) scremaScans(e *ir.Screma, l scremaLayout, n, i string, outs []string, element func(dst []string, accs, scanAccs, scanLocals [][]string) error) error {
	var types [][]string
	var neutral [][]ir.SubExp
	var ops []*ir.Lambda
	for q, sc := range e.Scans {
		var ts []string
		for j := range sc.Neutral {
			ts = append(ts, goType(e.F.Ret[l.scanIn[q]+j]))
		}
		types, neutral, ops = append(types, ts), append(neutral, sc.Neutral), append(ops, sc.Op)
	}
	// The first phase applies the function and folds the scanned values
	// only: no outputs are written.
	fold := func(lo, hi string, locals [][]string) error {
		g.rangeLoop(i, lo, hi, e.Arrs, nil)
		temps := make([]string, len(e.F.Ret))
		for k, t := range e.F.Ret {
			temps[k] = g.fresh("f")
			g.p("var %s %s", temps[k], goType(t))
		}
		if err := g.apply(e.F, g.elemArgs(e.Arrs, e.F.Params, i), temps); err != nil {
			return err
		}
		for q, sc := range e.Scans {
			vals := temps[l.scanIn[q] : l.scanIn[q]+len(sc.Neutral)]
			if err := g.apply(sc.Op, append(append([]string{}, locals[q]...), vals...), locals[q]); err != nil {
				return err
			}
		}
		g.closeRangeLoop(i)
		return nil
	}
	loop := func(lo, hi string, accs, locals [][]string) error {
		dst := g.rangeLoop(i, lo, hi, e.Arrs, outs)
		if err := element(dst, nil, accs, locals); err != nil {
			return err
		}
		g.closeRangeLoop(i)
		return nil
	}
	return g.scanPhases(n, grain(e.F), types, neutral, ops, fold, loop)
}

// scremaLanes emits the loop of a laneable Screma over i in [lo, hi) with
// lanes; accs are its reductions' accumulators.
func (g *gen) scremaLanes(e *ir.Screma, i, lo, hi string, accs [][]string, element func(dst []string, accs, scanAccs, scanLocals [][]string) error) error {
	var ops []*ir.Lambda
	var neutral []ir.SubExp
	for _, r := range e.Reds {
		ops, neutral = append(ops, r.Op), append(neutral, r.Neutral[0])
	}
	return g.lanes(i, lo, hi, e.Arrs, accs, ops, neutral, func(accs [][]string) error { return element(nil, accs, nil, nil) })
}

// inRange opens "if <the indices idx are in range of shape> {" and returns
// the Go expression of their flat offset; the caller closes the block.
func (g *gen) inRange(idx []string, shape string) string {
	var conds []string
	off := ""
	for k, x := range idx {
		v := g.fresh("x")
		g.p("%s := int64(%s)", v, x)
		conds = append(conds, fmt.Sprintf("%s >= 0 && %s < %s[%d]", v, v, shape, k))
		if k == 0 {
			off = v
		} else {
			off = fmt.Sprintf("(%s)*%s[%d] + %s", off, shape, k, v)
		}
	}
	o := g.fresh("off")
	g.open(fmt.Sprintf("if %s {", strings.Join(conds, " && ")))
	g.p("%s := %s", o, off)
	return o
}

// scremaDest returns the destination a Screma's result idx is, when it is
// the result of a histogram or scatter.
func scremaDest(e *ir.Screma, idx int) (ir.VName, bool) {
	l := layoutOf(e)
	for q, h := range e.Hists {
		if o := idx - l.histOut[q]; o >= 0 && o < len(h.Dests) {
			return h.Dests[o], true
		}
	}
	for q, sc := range e.Scatters {
		if o := idx - l.scatOut[q]; o >= 0 && o < len(sc.Dests) {
			return sc.Dests[o], true
		}
	}
	return ir.VName{}, false
}

// scremaBuilds reports whether a Screma's result idx is an array it builds:
// a scanned value or a map output.
func scremaBuilds(e *ir.Screma, idx int) bool {
	l := layoutOf(e)
	n := 0
	for _, sc := range e.Scans {
		n += len(sc.Neutral)
	}
	return idx < n || idx >= l.mapOut
}

// freshFrom declares a Go variable for each of vals, set to it, and
// returns their names: accumulators starting from neutral elements.
func (g *gen) freshFrom(vals []ir.SubExp) []string {
	var out []string
	for _, x := range vals {
		v := g.fresh("acc")
		g.p("%s := %s", v, g.sub(x))
		out = append(out, v)
	}
	return out
}

// laneCount is the number of partial sums a sequential sum of floating-point
// values keeps: a single sum waits on its previous addition in every
// iteration (the adder's latency), while independent partial sums overlap.
const laneCount = 4

// laneable reports whether a sequential Screma is a sum, minimum or
// maximum of floating-point values computed by a small scalar function of
// its elements, whose loop lanes splits into laneCount partial results.
// Addition of floats is treated as associative, as a reduction's operator
// is; the partial sums are combined in a fixed order, so results do not
// depend on the machine. Float min and max are associative and
// commutative exactly (IEEE 754-2019 minimumNumber and maximumNumber), so
// their lanes give the sequential loop's result bit for bit.
func laneable(e *ir.Screma, l scremaLayout) bool {
	if len(e.Reds) == 0 || len(e.Scans)+len(e.Hists)+len(e.Scatters) > 0 || l.mapIn != len(e.F.Ret) {
		return false
	}
	for _, r := range e.Reds {
		if len(r.Neutral) != 1 || !floatLaneOp(r.Op) {
			return false
		}
	}
	return scalarFunc(e.F)
}

// scalarFunc reports whether f takes and computes scalars only, in a few
// statements without nested bodies, so that a loop can hold several
// copies of it.
func scalarFunc(f *ir.Lambda) bool {
	for _, p := range f.Params {
		if !p.Type.IsScalar() || p.Type.Acc {
			return false
		}
	}
	if len(f.Body.Stms) > 32 {
		return false
	}
	for _, s := range f.Body.Stms {
		if len(ir.Bodies(s.Exp)) > 0 {
			return false
		}
		for _, p := range s.Pat {
			if !p.Type.IsScalar() {
				return false
			}
		}
	}
	return true
}

// floatLaneOp reports whether op applies the addition, min or max of
// floats to its two parameters (either order) and returns the result: the
// operators whose reductions lanes splits.
func floatLaneOp(op *ir.Lambda) bool {
	if len(op.Params) != 2 || len(op.Body.Stms) != 1 || len(op.Body.Result) != 1 {
		return false
	}
	s := op.Body.Stms[0]
	var x, y ir.SubExp
	switch e := s.Exp.(type) {
	case *ir.Bin:
		if e.Op != prim.Add || !e.T.IsFloat() {
			return false
		}
		x, y = e.X, e.Y
	case *ir.Call:
		if (e.Fn.Fn != "min" && e.Fn.Fn != "max") || len(e.Args) != 2 || !e.Fn.Ret.IsFloat() {
			return false
		}
		x, y = e.Args[0], e.Args[1]
	default:
		return false
	}
	if len(s.Pat) != 1 || !x.IsVar() || !y.IsVar() {
		return false
	}
	p, q := op.Params[0].Name, op.Params[1].Name
	return (x.Var == p && y.Var == q || x.Var == q && y.Var == p) && op.Body.Result[0].IsVar() && op.Body.Result[0].Var == s.Pat[0].Name
}

// lanes emits a loop over i in [lo, hi) that folds every element into
// sums with fold, laneCount elements per iteration, each into its own
// partial sums (the first being accs, one per operator in ops, starting
// from the sums' current values; the others from the neutral elements),
// then the remaining elements into the first, then combines the partial
// sums pairwise. The inputs ins are read element by element.
func (g *gen) lanes(i, lo, hi string, ins []ir.VName, accs [][]string, ops []*ir.Lambda, neutral []ir.SubExp, fold func(accs [][]string) error) error {
	lane := [][][]string{accs}
	for u := 1; u < laneCount; u++ {
		var ls [][]string
		for q := range ops {
			v := g.fresh("lane")
			g.p("%s := %s", v, g.sub(neutral[q]))
			ls = append(ls, []string{v})
		}
		lane = append(lane, ls)
	}
	// Inputs: whole slices, then windows of laneCount elements whose
	// constant indices need no bounds checks.
	var full []string
	var read []ir.VName
	for _, a := range ins {
		if g.dataOf(a) == "" {
			continue
		}
		d := g.fresh("d")
		g.p("%s := %s[%s:%s]", d, g.dataOf(a), lo, hi)
		read, full = append(read, a), append(full, d)
	}
	m, j := g.fresh("m"), g.fresh("j")
	g.p("%s, %s := %s-%s, int64(0)", m, j, hi, lo)
	g.open(fmt.Sprintf("for ; %s+%d <= %s; %s += %d {", j, laneCount, m, j, laneCount))
	ws := make([]string, len(read))
	for k := range read {
		ws[k] = g.fresh("w")
		g.p("%s := %s[%s : %s+%d : %s+%d]", ws[k], full[k], j, j, laneCount, j, laneCount)
	}
	for u := range laneCount {
		g.open("{")
		g.p("%s := %s + %s + %d", i, lo, j, u)
		g.p("_ = %s", i)
		for k, a := range read {
			g.hoist[hoistKey{a, i}] = fmt.Sprintf("%s[%d]", ws[k], u)
		}
		if err := fold(lane[u]); err != nil {
			return err
		}
		g.close("}")
	}
	g.close("}")
	g.open(fmt.Sprintf("for ; %s < %s; %s++ {", j, m, j))
	g.p("%s := %s + %s", i, lo, j)
	g.p("_ = %s", i)
	for k, a := range read {
		g.hoist[hoistKey{a, i}] = fmt.Sprintf("%s[%s]", full[k], j)
	}
	if err := fold(lane[0]); err != nil {
		return err
	}
	g.close("}")
	for _, a := range read {
		delete(g.hoist, hoistKey{a, i})
	}
	// Pairwise: lanes 0+1 and 2+3, then the two sums.
	for q, op := range ops {
		for s := 1; s < laneCount; s *= 2 {
			for u := 0; u+s < laneCount; u += 2 * s {
				a, b := lane[u][q], lane[u+s][q]
				if err := g.apply(op, append(append([]string{}, a...), b...), a); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
