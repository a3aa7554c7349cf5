package gogen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/ir"
)

// Memory planning: where generated code puts each array it creates.
//
// A repeated region is code that runs many times within one call: the
// lambda of a SOAC (once per element) or of an accumulator operator, or the
// body of a loop (once per iteration). An array created in a repeated
// region whose storage cannot outlive the region's current iteration (it
// is not reachable from the region's results through the ways arrays share
// storage, ir.Facts.Sources) is built in a scratch buffer: the worker that
// runs the code (the function, or one chunk of a parallel loop) declares
// the buffer once and every execution reuses it, growing it when it is too
// small. The function body is a region too, run once per call: an array
// its results do not reach lives in the function worker's scratch, which
// the next call reuses (a temporary transpose, a table, the buffers of a
// loop whose result is not returned). A loop whose body builds an array
// result afresh holds its initial value only when it ran no iteration:
// the analysis does not follow that edge (initCut), and the loop copies
// such a result out of the initial value's storage when it did not run.
// An array that becomes a row of a map's result is built in place, in
// that row (destination passing), when its shape matches the row's.
// Everything else gets storage of its own.
//
// Scratch buffers are not cleared between uses, so only constructs that
// write every element use them (Scratch, whose contents are unspecified,
// clears its buffer so that results stay those of the interpreter, unless
// it is Filled: every element written before one is read).

// memPlan is what the analysis knows about the names of one function.
type memPlan struct {
	// region is the innermost repeated region binding each name (0: the
	// function body, run once per call).
	region map[ir.VName]int
	// escapes is set for names whose storage may outlive one iteration
	// of their region.
	escapes map[ir.VName]bool
	// facts are the function's IR facts; the planner reads their aliasing.
	facts *ir.Facts
	// initCut maps the results of loops that copy an array result to
	// storage of its own when the loop ran no iteration (it is then the
	// initial value) to that initial value: a loop whose body builds the
	// result afresh in every iteration (it never shares storage with a
	// parameter) holds its initial value only when it did not run, so
	// the escape analysis does not follow the edge from the result to
	// the initial value.
	initCut map[ir.VName]ir.VName
}

// reaches reports whether the storage of from may be that of one of the
// names in targets.
func (m *memPlan) reaches(from ir.SubExp, targets map[ir.VName]bool) bool {
	if !from.IsVar() {
		return false
	}
	found := false
	m.sharing([]ir.VName{from.Var}, func(n ir.VName) bool {
		found = targets[n]
		return found
	})
	return found
}

// sharing calls visit with every name whose storage the names from may
// share (ir.Facts.Sources, transitively), each once, until visit returns
// true.
func (m *memPlan) sharing(from []ir.VName, visit func(ir.VName) bool) {
	m.sharingCut(from, nil, visit)
}

// sharingCut is sharing without the edges from n to cut[n].
func (m *memPlan) sharingCut(from []ir.VName, cut map[ir.VName]ir.VName, visit func(ir.VName) bool) {
	seen := map[ir.VName]bool{}
	work := append([]ir.VName{}, from...)
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[n] {
			continue
		}
		seen[n] = true
		if visit(n) {
			return
		}
		for _, src := range m.facts.Sources(n) {
			if c, ok := cut[n]; !ok || c != src {
				work = append(work, src)
			}
		}
	}
}

// copiesInit records the loop results that copy themselves out when the
// loop runs no iteration (initCut): those whose initial value is a name
// and whose body result never shares storage with a loop parameter.
func (m *memPlan) copiesInit(e *ir.Loop, pat []ir.Param) {
	params := map[ir.VName]bool{}
	for _, p := range e.Params {
		params[p.Name] = true
	}
	for k, p := range e.Params {
		init, r := e.Init[k], e.Body.Result[k]
		if !p.Type.IsArray() || !init.IsVar() || !r.IsVar() || k >= len(pat) {
			continue
		}
		if m.reaches(r, params) {
			continue
		}
		// Only the result's edge is cut: another result may carry this
		// parameter on (loop (a, b) = (a0, b0) ... do (b, fresh)), and
		// then returns its initial value after an iteration.
		m.initCut[pat[k].Name] = init.Var
	}
}

// copiesOut reports whether the loop result n is copied out of its
// initial value's storage when the loop runs no iteration (initCut).
func (m *memPlan) copiesOut(n ir.VName) bool {
	if m == nil {
		return false
	}
	_, ok := m.initCut[n]
	return ok
}

func planMemory(f *ir.Func, facts *ir.Facts) *memPlan {
	m := &memPlan{region: map[ir.VName]int{}, escapes: map[ir.VName]bool{}, facts: facts, initCut: map[ir.VName]ir.VName{}}
	regions := 0
	var walk func(b *ir.Body, r int)
	// repeated walks a repeated region whose results at the positions
	// keep (all when nil) outlive an iteration.
	repeatedKeeping := func(b *ir.Body, keep []bool) {
		regions++
		r := regions
		walk(b, r)
		// Everything reachable from the results outlives an iteration.
		m.escaping(b, keep, r)
	}
	repeated := func(b *ir.Body) { repeatedKeeping(b, nil) }
	walk = func(b *ir.Body, r int) {
		for _, s := range b.Stms {
			for _, p := range s.Pat {
				m.region[p.Name] = r
			}
			switch e := s.Exp.(type) {
			case *ir.If:
				walk(e.Then, r)
				walk(e.Else, r)
			case *ir.Loop:
				m.copiesInit(e, s.Pat)
				repeated(e.Body)
			case *ir.WithVJP:
				walk(e.F.Body, r) // applied once; the rule is expanded by AD
			case *ir.WithAcc:
				for _, in := range e.Inputs {
					if in.Op != nil {
						repeated(in.Op.Body)
					}
				}
				walk(e.F.Body, r)
			case *ir.Screma:
				// A row the function gives a reduction dies with the
				// element when the operator builds its results afresh.
				repeatedKeeping(e.F.Body, m.keptRows(e))
				for _, l := range ir.Lambdas(s.Exp)[1:] {
					repeated(l.Body)
				}
			default:
				for _, l := range ir.Lambdas(s.Exp) {
					repeated(l.Body)
				}
			}
		}
	}
	walk(f.Body, 0)
	// The function body runs once per call: what its results do not reach
	// dies with the call, and the function's worker keeps it between
	// calls.
	m.escaping(f.Body, nil, 0)
	return m
}

// escaping marks the names of region r that b's results at the positions
// keep (all when nil) may share storage with.
func (m *memPlan) escaping(b *ir.Body, keep []bool, r int) {
	var from []ir.VName
	for k, s := range b.Result {
		if s.IsVar() && (keep == nil || keep[k]) {
			from = append(from, s.Var)
		}
	}
	m.sharingCut(from, m.initCut, func(n ir.VName) bool {
		if m.region[n] == r {
			m.escapes[n] = true
		}
		return false
	})
}

// keptRows marks the results of a Screma's function that may outlive the
// element: all but the arrays a reduction folds with an operator whose
// results cannot share storage with its parameters (so the accumulator
// never holds the element's row).
func (m *memPlan) keptRows(e *ir.Screma) []bool {
	keep := make([]bool, len(e.F.Ret))
	for k := range keep {
		keep[k] = true
	}
	k := 0
	for _, sc := range e.Scans {
		k += len(sc.Neutral)
	}
	for _, r := range e.Reds {
		params := map[ir.VName]bool{}
		for _, p := range r.Op.Params {
			params[p.Name] = true
		}
		for j := range r.Neutral {
			if k+j < len(keep) && j < len(r.Op.Body.Result) && !m.reaches(r.Op.Body.Result[j], params) {
				keep[k+j] = false
			}
		}
		k += len(r.Neutral)
	}
	return keep
}

// scratchable reports whether the array bound to n can live in a scratch
// buffer of the current worker.
func (g *gen) scratchable(n ir.VName) bool {
	return g.mem != nil && !g.mem.escapes[n] && g.worker != nil
}

// worker collects the scratch buffers of the code one worker runs: the
// function body or the body of one chunk of a parallel loop. They are the
// fields of a struct of the worker's own (its Go variable ws), which a
// package-level scratchPool keeps between runs: the worker's code takes
// one where it starts and gives it back when it ends.
type worker struct {
	start  int      // offset in g.buf where the worker's code starts
	ws     string   // the Go variable of its scratch struct
	fields []string // Go field declarations of the buffers
}

func (g *gen) openWorker() *worker {
	prev := g.worker
	g.worker = &worker{start: g.buf.Len(), ws: g.fresh("ws")}
	return prev
}

// scratchField adds a buffer of Go type typ to the current worker's
// scratch and returns the Go expression that names it.
func (g *gen) scratchField(prefix, typ string) string {
	f := g.fresh(prefix)
	g.worker.fields = append(g.worker.fields, f+" "+typ)
	return g.worker.ws + "." + f
}

// closeWorker declares the current worker's scratch struct and its pool,
// takes the struct from the pool where the worker's code starts, and
// makes prev the current worker again.
func (g *gen) closeWorker(prev *worker) {
	w := g.worker
	g.worker = prev
	if len(w.fields) == 0 {
		return
	}
	typ := "scratch_" + g.fname + "_" + w.ws
	g.pkgDecls = append(g.pkgDecls,
		fmt.Sprintf("type %s struct {\n%s\n}", typ, strings.Join(w.fields, "\n")),
		fmt.Sprintf("var %s_pool scratchPool[%s]", typ, typ))
	rest := append([]byte(nil), g.buf.Bytes()[w.start:]...)
	g.buf.Truncate(w.start)
	g.p("%s := %s_pool.get()", w.ws, typ)
	g.p("defer %s_pool.put(%s)", typ, w.ws)
	g.buf.Write(rest)
}

// newArray emits storage for the array bound to p, with the shape given by
// the Go int64 expressions dims, into a new Go variable, and returns its
// name. The contents are unspecified (zero when zero is set) and every
// element must be written.
func (g *gen) newArray(p ir.Param, dims []string, zero bool) string {
	v := g.fresh("a")
	g.allocArray(v, ":=", p, dims, zero)
	return v
}

// bindNewArray is newArray into the variable of p itself, which it binds.
func (g *gen) bindNewArray(p ir.Param, dims []string, zero bool) string {
	v := ident(p.Name)
	g.allocArray(v, ":=", p, dims, zero)
	g.declared(p.Name, p.Type)
	return v
}

// assignNewArray is newArray into the declared variable x.
func (g *gen) assignNewArray(x string, p ir.Param, dims []string, zero bool) {
	g.allocArray(x, "=", p, dims, zero)
}

// allocArray emits `v op` the new array of newArray. The array value is
// built in v itself: copying an Array just built field by field to another
// variable reads it back with wider loads than the stores that wrote it,
// which the processor cannot forward (a stall of some ten cycles in every
// iteration that allocates).
func (g *gen) allocArray(v, op string, p ir.Param, dims []string, zero bool) {
	el := goScalar(p.Type.Elem)
	g.shp[p.Name] = dims
	// The element count, checked for overflow and against the memory
	// budget (at the position of the statement being generated), where
	// the array is not built in a destination of its shape.
	countSize := func() string {
		size := g.fresh("size")
		if b := p.Type.Elem.Bytes(); len(dims) == 1 && b > 0 {
			// A vector small enough to take allocLen's short path is
			// checked here: allocLen itself is over Go's inlining
			// budget, and such vectors are often allocated per element
			// of a loop (into scratch, where nothing else is paid).
			g.p("%s := int64(%s)", size, dims[0])
			g.p("if uint64(%s) > smallAlloc/%d {", size, b)
			g.p("%s = allocLen[%s](%s, %s)", size, el, g.at, size)
			g.p("}")
			return size
		}
		g.p("%s := allocLen[%s](%s%s)", size, el, g.at, prefixed(dims))
		return size
	}
	// Fresh storage: makeData's is zero; makeFull's, for an array whose
	// every element is written before it is read, may hold what recycled
	// storage held before.
	mk := "makeData"
	if !zero {
		mk = "makeFull"
	}
	fresh := func(size string) string {
		return fmt.Sprintf("Array[%s]{Shape: []int64{%s}, Data: %s[%s](%s)}", el, strings.Join(dims, ", "), mk, el, size)
	}
	if db, ok := g.dbuf[p.Name]; ok {
		size := countSize()
		k := g.fresh("k")
		if db.param != "" {
			g.p("%s := 0", k)
			g.p("if inStorage(%s.Data, %s[0]) {", db.param, db.data)
			g.p("%s = 1", k)
			g.p("}")
		} else {
			g.p("%s := %s & 1", k, db.iter)
		}
		g.p("if int64(cap(%s[%s])) < %s {", db.data, k, size)
		g.p("%s[%s] = grow(%s[%s], %s)", db.data, k, db.data, k, size)
		g.p("}")
		for d, x := range dims {
			g.p("%s[%s][%d] = %s", db.shape, k, d, x)
		}
		g.p("%s %s Array[%s]{Shape: %s[%s][:], Data: %s[%s][:%s]}", v, op, el, db.shape, k, db.data, k, size)
		if zero {
			g.p("clear(%s.Data)", v)
		}
		return
	}
	if d, ok := g.dest[p.Name]; ok {
		// Built in place when the destination has this shape; otherwise
		// the row is stored (and checked) as usual after the body. A
		// destination whose row dimensions are known is compared with
		// them one by one (which Go folds away for constants).
		if zero {
			defer g.p("clear(%s.Data)", v)
		}
		g.p("%s %s %s", v, op, d.view)
		if d.dims == nil || len(d.dims) != len(dims) {
			g.p("if !hasShape(%s.Shape, %s) {", v, strings.Join(dims, ", "))
			g.p("%s = %s", v, fresh(countSize()))
			g.p("}")
			return
		}
		var differ []string
		seen := map[string]bool{}
		for k := range dims {
			c := fmt.Sprintf("%s != %s", dims[k], d.dims[k])
			if !sameInt(dims[k], d.dims[k]) && !seen[c] {
				differ = append(differ, c)
				seen[c] = true
			}
		}
		if len(differ) > 0 {
			g.p("if %s {", strings.Join(differ, " || "))
			g.p("%s = %s", v, fresh(countSize()))
			g.p("}")
		} else {
			d.exact = true
			g.dest[p.Name] = d
		}
		return
	}
	size := countSize()
	if !g.scratchable(p.Name) {
		g.p("%s %s %s", v, op, fresh(size)) // make's memory is zero
		return
	}
	// The buffer is resized only when it is too small, in the loop rather
	// than in grow: generated functions are large enough that Go inlines
	// little into them, and the common case then costs a compare, not a
	// call and a store into the scratch.
	buf := g.scratchField("sb", "[]"+el)
	g.p("if int64(cap(%s)) < %s {", buf, size)
	g.p("%s = grow(%s, %s)", buf, buf, size)
	g.p("}")
	if zero {
		g.p("clear(%s[:%s])", buf, size)
	}
	g.p("%s %s Array[%s]{Shape: %s, Data: %s[:%s]}", v, op, el, g.newShape(p, dims), buf, size)
}

// sameInt reports whether the Go int64 expressions a and b are the same
// expression or the same constant (with or without a conversion).
func sameInt(a, b string) bool {
	unwrap := func(x string) string {
		if strings.HasPrefix(x, "int64(") && strings.HasSuffix(x, ")") {
			return x[len("int64(") : len(x)-1]
		}
		return x
	}
	a, b = unwrap(a), unwrap(b)
	if a == b {
		return true
	}
	x, errA := strconv.ParseInt(a, 10, 64)
	y, errB := strconv.ParseInt(b, 10, 64)
	return errA == nil && errB == nil && x == y
}

// newShape returns a Go expression of a shape slice holding dims for the
// array bound to p: the worker's scratch when the array dies within its
// iteration (see newArray), a fresh slice otherwise.
func (g *gen) newShape(p ir.Param, dims []string) string {
	if !g.scratchable(p.Name) || len(dims) == 0 {
		return "[]int64{" + strings.Join(dims, ", ") + "}"
	}
	shp := g.scratchField("ss", fmt.Sprintf("[%d]int64", len(dims)))
	for k, d := range dims {
		g.p("%s[%d] = %s", shp, k, d)
	}
	return shp + "[:]"
}

// placeRows makes the array results k >= from of f built in place as
// row i of the array out(k) (destination passing, see rowRoots), except
// where two results share a root. It returns the roots it placed, which
// releaseRows frees once f's body is generated.
func (g *gen) placeRows(f *ir.Lambda, from int, out func(k int) (string, ir.Shape), i string) *placement {
	pl := &placement{roots: map[ir.VName]bool{}, results: map[int][]ir.VName{}}
	placed := pl.roots
	for k := from; k < len(f.Ret); k++ {
		if !f.Ret[k].IsArray() {
			continue
		}
		rs := rowRoots(f.Body, f.Body.Result[k])
		taken := false
		for _, r := range rs {
			taken = taken || placed[r]
		}
		if taken {
			continue
		}
		a, rowShape := out(k)
		d := destRow{view: fmt.Sprintf("row(%s, 1, %s)", a, i)}
		if dims := g.shapeExprs(rowShape); rowShape != nil && dims != nil {
			// The row's place, from dimensions known here.
			n := product(dims)
			d = destRow{view: fmt.Sprintf("Array[%s]{Shape: %s.Shape[1:], Data: %s.Data[%s*(%s) : (%s+1)*(%s) : (%s+1)*(%s)]}", goScalar(f.Ret[k].Elem), a, a, i, n, i, n, i, n), dims: dims}
		}
		for _, r := range rs {
			placed[r] = true
			g.dest[r] = d
		}
		pl.results[k] = rs
	}
	return pl
}

// placement is what placeRows placed: the roots, and the roots of each
// result it placed.
type placement struct {
	roots   map[ir.VName]bool
	results map[int][]ir.VName
}

// inPlace reports whether result k of the function whose rows pl placed
// is certainly in place once its body is generated: every root was built
// in its destination with the destination's known shape, so that nothing
// needs storing.
func (g *gen) inPlace(pl *placement, k int) bool {
	rs := pl.results[k]
	for _, r := range rs {
		if !g.dest[r].exact {
			return false
		}
	}
	return len(rs) > 0
}

// destRow is where placeRows has a row built: the Go expression of the
// row of the result array, and the Go expressions of its dimensions when
// they are known where the row is placed (nil otherwise). exact is set
// once the array was built there with those dimensions, certainly.
type destRow struct {
	view  string
	dims  []string
	exact bool
}

// releaseRows ends placeRows's destinations.
func (g *gen) releaseRows(pl *placement) {
	for r := range pl.roots {
		delete(g.dest, r)
	}
}

// rowRoots returns the names whose storage becomes result r of body b when
// b builds it in place: the arrays created by statements of b (at most
// one of which runs), followed through the in-place updates that consume
// them, the branches of ifs and the lambdas of accumulator scopes. It
// returns nil when r is not always created by b in a form newArray
// handles.
func rowRoots(b *ir.Body, r ir.SubExp) []ir.VName {
	return rootsIn([]*ir.Body{b}, r, ir.VName{})
}

// rootsIn is rowRoots for r in the innermost of the nested bodies (an
// if's branch or an accumulator scope sees the names of the bodies around
// it). A branch of an if whose result is self (a loop parameter carried
// on unchanged) builds nothing and does not stop the other's roots.
func rootsIn(bodies []*ir.Body, r ir.SubExp, self ir.VName) []ir.VName {
	if !r.IsVar() {
		return nil
	}
	var bound *ir.Stm
	idx := 0
	var in []*ir.Body // the bodies visible where r is bound
	for k := len(bodies) - 1; k >= 0 && bound == nil; k-- {
		for _, s := range bodies[k].Stms {
			for i, p := range s.Pat {
				if p.Name == r.Var {
					bound, idx, in = s, i, bodies[:k+1]
				}
			}
		}
	}
	if bound == nil {
		return nil
	}
	inner := func(b *ir.Body) []*ir.Body { return append(append([]*ir.Body{}, in...), b) }
	switch e := bound.Exp.(type) {
	case *ir.Update:
		return rootsIn(in, ir.Var(e.Arr), self)
	case *ir.Hist:
		return rootsIn(in, ir.Var(e.Dests[idx]), self)
	case *ir.Scatter:
		return rootsIn(in, ir.Var(e.Dests[idx]), self)
	case *ir.If:
		branch := func(b *ir.Body) []ir.VName {
			if res := b.Result[idx]; self != (ir.VName{}) && res.IsVar() && res.Var == self {
				return []ir.VName{}
			}
			return rootsIn(inner(b), b.Result[idx], self)
		}
		t, f := branch(e.Then), branch(e.Else)
		if t == nil || f == nil {
			return nil
		}
		out := append([]ir.VName{}, t...)
		for _, n := range f {
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
		return out
	case *ir.WithAcc:
		if idx < len(e.Inputs) {
			// The input array, updated in place.
			return rootsIn(in, ir.Var(e.Inputs[idx].Arr), self)
		}
		return rootsIn(inner(e.F.Body), e.F.Body.Result[idx], self)
	case *ir.Screma:
		// Scanned values and map outputs are built by the Screma; the
		// histograms' and scatters' results are their destinations.
		if dst, ok := scremaDest(e, idx); ok {
			return rootsIn(in, ir.Var(dst), self)
		}
		if scremaBuilds(e, idx) {
			return []ir.VName{r.Var}
		}
		return nil
	case *ir.Loop:
		// A loop whose body builds the result afresh (or carries the
		// parameter on unchanged) delivers it where it is placed (see
		// loop); one that updates the parameter in place does not.
		if idx < len(e.Params) && e.Params[idx].Type.IsArray() &&
			len(rootsIn([]*ir.Body{e.Body}, e.Body.Result[idx], e.Params[idx].Name)) > 0 {
			return []ir.VName{r.Var}
		}
		return nil
	case *ir.Map, *ir.Iota, *ir.Replicate, *ir.Copy, *ir.Concat, *ir.Scan, *ir.ArrayLit:
		return []ir.VName{r.Var}
	}
	return nil
}

// dbuf is a pair of buffers that an array carried by a loop, or a
// reduction's accumulator, alternates between.
type dbuf struct {
	data, shape string // Go variables: [2][]T and [2][]int64
	// iter, for a reduction, is the Go expression of the element number:
	// element i builds the next value in buffer i&1 while reading the
	// current one from the other.
	iter string
	// param, for a loop, is the Go variable of the loop parameter the
	// array becomes: the array is built in the buffer that does not hold
	// the parameter's value, which an iteration may carry on unchanged.
	param string
}

// doubleBuffer gives the arrays that a loop body builds for its array
// parameters a pair of buffers each (see dbuf). A new value goes to the
// buffer that does not hold its parameter's, so the value it replaces is
// the one before; that value must be dead, so no parameter that may hold
// a value built in a buffer may carry it on to another parameter: no
// result may share storage with such a parameter other than its own. The
// buffers are the current worker's scratch when the loop's results die
// within their region, otherwise they are allocated for this execution
// of the loop, unless the only result in them that outlives the region is
// the parameter's own: then they are scratch too, and the loop copies that
// result out of them when it ends (out[k] for parameter k), which costs
// one copy where fresh buffers cost two allocations. It returns the names
// given buffers.
func (g *gen) doubleBuffer(e *ir.Loop, pat []ir.Param) (roots []ir.VName, out map[int]bool) {
	out = map[int]bool{}
	return g.alternate(e.Params, e.Body, pat, "", true, out), out
}

// alternate is doubleBuffer for a body run repeatedly with params bound
// to the results of its previous run (a loop's body, or a reduction
// operator folding elements into its accumulators): the arrays it builds
// for results that go back into params get two buffers, written in turn
// as iter (a Go expression) alternates between even and odd. scratchOK
// lets the buffers be the worker's scratch when pat (the construct's
// results) dies within its region; a reduction's chunk passes false, since
// its partial result outlives the chunk. A loop passes no iter: then a
// result may also be its own parameter, carried on unchanged
// (in a branch that skips the work): the array is then built in whichever
// buffer does not hold the parameter's value (dbuf.param).
func (g *gen) alternate(params []ir.Param, body *ir.Body, pat []ir.Param, iter string, scratchOK bool, out map[int]bool) []ir.VName {
	carry := iter == ""
	roots := map[int][]ir.VName{}
	built := map[ir.VName]bool{}
	for k, p := range params {
		if !p.Type.IsArray() {
			continue
		}
		self := ir.VName{}
		if carry {
			self = p.Name
		}
		rs := rootsIn([]*ir.Body{body}, body.Result[k], self)
		shared := false
		for _, r := range rs {
			shared = shared || built[r]
		}
		if len(rs) == 0 || shared {
			continue
		}
		for _, r := range rs {
			built[r] = true
		}
		roots[k] = rs
	}
	if len(roots) == 0 {
		return nil
	}
	holders := map[ir.VName]bool{}
	for k, p := range params {
		if g.mem.reaches(body.Result[k], built) {
			holders[p.Name] = true
		}
	}
	for k, r := range body.Result[:len(params)] {
		others := holders
		if carry && holders[params[k].Name] {
			// Its own parameter's value stays in its buffer.
			others = map[ir.VName]bool{}
			for h := range holders {
				if h != params[k].Name {
					others[h] = true
				}
			}
		}
		if g.mem.reaches(r, others) {
			return nil
		}
	}
	var given []ir.VName
	for k, p := range params {
		rs, ok := roots[k]
		if !ok {
			continue
		}
		// The buffers may be reused by the next execution of the loop when
		// no result that outlives the enclosing iteration may be in them.
		mine := map[ir.VName]bool{}
		for _, r := range rs {
			mine[r] = true
		}
		can := scratchOK && g.worker != nil
		scratch := can
		escaping := 0 // results other than the parameter's own in them
		for j, q := range pat {
			if !g.scratchable(q.Name) && g.mem.reaches(ir.Var(q.Name), mine) {
				scratch = false
				if j != k {
					escaping++
				}
			}
		}
		if !scratch && can && out != nil && k < len(pat) && escaping == 0 {
			scratch, out[k] = true, true
		}
		el := goScalar(p.Type.Elem)
		var db dbuf
		if scratch {
			db = dbuf{data: g.scratchField("db", "[2][]"+el), shape: g.scratchField("ds", fmt.Sprintf("[2][%d]int64", p.Type.Rank())), iter: iter}
		} else {
			db = dbuf{data: g.fresh("db"), shape: g.fresh("ds"), iter: iter}
			g.p("var %s [2][]%s", db.data, el)
			g.p("var %s [2][%d]int64", db.shape, p.Type.Rank())
			// Unused when the array is built where newArray is not used.
			g.p("_, _ = %s, %s", db.data, db.shape)
		}
		if carry {
			db.param = ident(p.Name)
		}
		for _, r := range rs {
			g.dbuf[r] = db
		}
		given = append(given, rs...)
	}
	return given
}
