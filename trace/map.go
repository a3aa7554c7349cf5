package trace

// Map returns the array of f applied to every element of a, with a's
// shape.
//
// f is traced once, on the first element. If it never reads a value that
// depends on its argument (Scalar.Value), its trace is a straight-line
// program valid for every element: the map is vectorised, evaluated and
// reversed as one data-parallel operation. Otherwise f is traced once per
// element and the map is reversed element by element in parallel tasks.
// So f must be a function of its arguments and of values it closes over
// that do not change while Map runs. Outer traced values f uses are free
// variables: their adjoint from all elements is summed and added once.
func (t *Tracer) Map(a Array, f func(t *Tracer, x Scalar) Scalar) Array {
	if f == nil {
		t.rec.fail("Map: function is nil")
		return Array{}
	}
	out := t.mapCore("Map", []Array{a}, []int{1}, len(a.data), 1,
		func(t *Tracer, x []Scalar) []Scalar { return []Scalar{f(t, x[0])} })
	if out.cols == 0 && a.cols != 0 {
		out = t.reshaped(out, a.rows, a.cols)
	}
	return out
}

// Map2 returns the array of f applied to the elements of a and b at every
// index; a and b must have the same length. See Map.
func (t *Tracer) Map2(a, b Array, f func(t *Tracer, x, y Scalar) Scalar) Array {
	if f == nil {
		t.rec.fail("Map2: function is nil")
		return Array{}
	}
	if len(a.data) != len(b.data) {
		t.rec.fail("Map2: lengths %d and %d differ", len(a.data), len(b.data))
		return Array{}
	}
	out := t.mapCore("Map2", []Array{a, b}, []int{1, 1}, len(a.data), 1,
		func(t *Tracer, x []Scalar) []Scalar { return []Scalar{f(t, x[0], x[1])} })
	if out.cols == 0 && a.cols != 0 {
		out = t.reshaped(out, a.rows, a.cols)
	}
	return out
}

// MapN applies f to the rows of the arrays at every row index: row i of
// every array, concatenated (one element for one-dimensional arrays, Cols
// for two-dimensional ones), is f's argument. The arrays must have the
// same number of rows. f returns k values per row; the result is a
// one-dimensional array for k = 1 and Rows x k otherwise. See Map.
func (t *Tracer) MapN(arrs []Array, k int, f func(t *Tracer, x []Scalar) []Scalar) Array {
	if f == nil {
		t.rec.fail("MapN: function is nil")
		return Array{}
	}
	if k < 1 {
		t.rec.fail("MapN: %d results per row, want at least 1", k)
		return Array{}
	}
	if len(arrs) == 0 {
		t.rec.fail("MapN: no arrays")
		return Array{}
	}
	n := arrs[0].rows
	widths := make([]int, len(arrs))
	for i, a := range arrs {
		if a.rows != n {
			t.rec.fail("MapN: array %d has %d rows, array 0 has %d", i, a.rows, n)
			return Array{}
		}
		widths[i] = a.width()
	}
	return t.mapCore("MapN", append([]Array(nil), arrs...), widths, n, k, f)
}

// reshaped views a traced or constant map result with a two-dimensional
// shape.
func (t *Tracer) reshaped(a Array, rows, cols int) Array {
	if a.t == nil {
		return Array{data: a.data, rows: rows, cols: cols}
	}
	return t.Reshape(a, rows, cols)
}

// rowArgs returns the arguments of call i: row i of every array.
func rowArgs(dst []float64, data [][]float64, widths []int, i int) []float64 {
	dst = dst[:0]
	for j, d := range data {
		w := widths[j]
		dst = append(dst, d[i*w:(i+1)*w]...)
	}
	return dst
}

// mapCore traces a map of f over n rows of arrs and records it.
func (t *Tracer) mapCore(name string, arrs []Array, widths []int, n, k int, f func(t *Tracer, x []Scalar) []Scalar) Array {
	r := t.rec
	ok, traced := t.arrayOperands(name, arrs...)
	shape := func(data []float64) Array {
		a := ConstArray(data)
		if k > 1 {
			a.rows, a.cols = n, k
		}
		return a
	}
	if !ok {
		return shape(make([]float64, n*k))
	}
	nparam := 0
	for _, w := range widths {
		nparam += w
	}
	if n == 0 {
		return shape(nil)
	}
	fb := newFnBuilder(r, nparam, k)
	data := make([][]float64, len(arrs))
	for i, a := range arrs {
		data[i] = a.data
	}
	args := rowArgs(make([]float64, 0, nparam), data, widths, 0)
	fv := &fnValues{}
	p0, regs, _ := fb.call(f, args, true, name, nil)
	fn := fb.fn
	if !p0.read {
		fn.vec = p0
		fn.layoutColumns()
	} else {
		fn.calls = make([]*prog, n)
		fn.calls[0] = p0
		fv.off = make([]int, n+1)
		fv.off[1] = len(regs)
		// Calls usually store about as many registers as the first.
		regs = append(make([]float64, 0, n*len(regs)*5/4+16), regs...)
		for i := 1; i < n && r.err == nil; i++ {
			args = rowArgs(args, data, widths, i)
			fn.calls[i], regs, _ = fb.call(f, args, false, name, regs)
			fv.off[i+1] = len(regs)
		}
		fv.regs = regs
	}
	if r.err != nil {
		return shape(make([]float64, n*k))
	}
	e := &ext{rows: n, arrs: arrs, widths: widths, n: n, fn: fn}
	if k > 1 {
		e.cols = k
	}
	if fn.vec == nil {
		e.fv = fv // the calls computed their registers; keep them
	}
	if !traced && len(fn.frees) == 0 {
		r.mapValues(e)
		return shape(e.data)
	}
	return t.newArrayNode(OpMap, e)
}

func (r *recording) evalMap(n *node, e *ext) {
	if e.fv != nil && e.fn.vec == nil && e.data == nil {
		// Just recorded: the calls' registers are there; only the results
		// are missing.
		e.fv.free = r.freeValues(e.fn)
		r.mapResults(e)
		return
	}
	r.mapValues(e)
}

// freeValues returns the current values of fn's free variables.
func (r *recording) freeValues(fn *fnTrace) []float64 {
	free := make([]float64, len(fn.frees))
	for i, s := range fn.frees {
		free[i] = r.scalVal(s)
	}
	return free
}

// mapValues computes a map's stored values and result.
func (r *recording) mapValues(e *ext) {
	fn := e.fn
	fv := &fnValues{free: r.freeValues(fn)}
	e.fv = fv
	data := make([][]float64, len(e.arrs))
	for i, a := range e.arrs {
		data[i] = r.arrData(a)
	}
	if fn.vec != nil {
		r.mapColumns(e, data)
	} else {
		// Replay of a map traced per element: rerun every call's program.
		fv.off = make([]int, e.n+1)
		for i, p := range fn.calls {
			fv.off[i+1] = fv.off[i] + p.nstore()
		}
		fv.regs = make([]float64, fv.off[e.n])
		nc := numChunks(e.n, 16)
		parFor(r.cfg.workers(), nc, func(c int) {
			lo, hi := chunkBounds(e.n, c, nc)
			for i := lo; i < hi; i++ {
				regs := fv.regs[fv.off[i]:fv.off[i+1]]
				rowArgs(regs[:0], data, e.widths, i)
				fn.calls[i].run(regs, fv.free)
			}
		})
	}
	r.mapResults(e)
}

// mapResults gathers a map's result array from its stored values.
func (r *recording) mapResults(e *ext) {
	fn, fv, n, k := e.fn, e.fv, e.n, e.fn.nout
	if fn.vec != nil {
		p := fn.vec
		P, O := int32(p.nparam), int32(len(p.ops))
		if k == 1 && p.outs[0] >= P && p.outs[0] < P+O {
			j := int(fn.col[p.outs[0]-P])
			e.data = fv.cols[j*n : (j+1)*n]
			return
		}
		e.data = make([]float64, n*k)
		data := make([][]float64, len(e.arrs))
		for i, a := range e.arrs {
			data[i] = r.arrData(a)
		}
		args := make([]float64, 0, p.nparam)
		for i := range n {
			for j, reg := range p.outs {
				switch {
				case reg < P:
					args = rowArgs(args, data, e.widths, i)
					e.data[i*k+j] = args[reg]
				case reg < P+O:
					e.data[i*k+j] = fv.cols[int(fn.col[reg-P])*n+i]
				default:
					e.data[i*k+j] = fv.free[reg-P-O]
				}
			}
		}
		return
	}
	e.data = make([]float64, n*k)
	for i, p := range fn.calls {
		regs := fv.regs[fv.off[i]:fv.off[i+1]]
		base := p.freeBase()
		for j, reg := range p.outs {
			if reg < base {
				e.data[i*k+j] = regs[reg]
			} else {
				e.data[i*k+j] = fv.free[fn.calls[i].frees[reg-base]]
			}
		}
	}
}

// blockLen is how many elements a vectorised map processes at a time:
// enough to amortise the dispatch of each operation, few enough that a
// block's registers stay in cache. It does not change any result.
func blockLen(p *prog) int {
	regs := p.nparam + len(p.ops) + len(p.frees) + 4
	return max(16, min(512, 65536/regs))
}

// colScratch is one worker's buffers for a vectorised map.
type colScratch struct {
	bl    int
	col   []int32     // the fnTrace's column of each operation
	param [][]float64 // a block of each parameter
	free  [][]float64 // each free variable's value, repeated
	tmp   [][]float64 // a block of each operation without a column
	imm   []float64
}

func newColScratch(fn *fnTrace, free []float64, widths []int) *colScratch {
	p := fn.vec
	bl := blockLen(p)
	s := &colScratch{bl: bl, col: fn.col, param: make([][]float64, p.nparam)}
	s.tmp = make([][]float64, len(p.ops))
	s.free = make([][]float64, len(p.frees))
	nbuf := 1 + len(p.frees)
	for _, c := range fn.col {
		if c < 0 {
			nbuf++
		}
	}
	for _, w := range widths {
		if w > 1 {
			nbuf += w
		}
	}
	// One allocation, carved into blocks.
	mem := make([]float64, nbuf*bl)
	carve := func() []float64 {
		b := mem[:bl:bl]
		mem = mem[bl:]
		return b
	}
	s.imm = carve()
	for j, c := range fn.col {
		if c < 0 {
			s.tmp[j] = carve()
		}
	}
	j := 0
	for _, w := range widths {
		for range w {
			if w > 1 {
				s.param[j] = carve()
			}
			j++
		}
	}
	for i, f := range p.frees {
		b := carve()
		for q := range b {
			b[q] = free[f]
		}
		s.free[i] = b
	}
	return s
}

// loadParams points the parameter blocks at rows [lo, hi) of the inputs.
func (s *colScratch) loadParams(data [][]float64, widths []int, lo, hi int) {
	j := 0
	for a, w := range widths {
		if w == 1 {
			s.param[j] = data[a][lo:hi]
			j++
			continue
		}
		d := data[a]
		for q := range w {
			b := s.param[j][:hi-lo]
			for i := range b {
				b[i] = d[(lo+i)*w+q]
			}
			j++
		}
	}
}

// block returns the values of register reg for the elements [lo, hi).
func (s *colScratch) block(p *prog, cols []float64, n int, reg int32, k float64, lo, hi int) []float64 {
	P, O := int32(p.nparam), int32(len(p.ops))
	switch {
	case reg == imm:
		b := s.imm[:hi-lo]
		for i := range b {
			b[i] = k
		}
		return b
	case reg < P:
		return s.param[reg][:hi-lo]
	case reg < P+O:
		return s.opBlock(cols, n, int(reg-P), lo, hi)
	}
	return s.free[reg-P-O][:hi-lo]
}

// opBlock returns the values of operation j for the elements [lo, hi):
// in its column, or in its block buffer.
func (s *colScratch) opBlock(cols []float64, n, j, lo, hi int) []float64 {
	if c := int(s.col[j]); c >= 0 {
		return cols[c*n+lo : c*n+hi]
	}
	return s.tmp[j][:hi-lo]
}

// mapColumns evaluates a vectorised map: every operation of the program
// over blocks of elements, chunks of blocks in parallel.
func (r *recording) mapColumns(e *ext, data [][]float64) {
	p, fv, n := e.fn.vec, e.fv, e.n
	fv.cols = make([]float64, e.fn.ncols*n)
	nc := numChunks(n, p.nstore())
	parForScratch(r.cfg.workers(), nc, func() *colScratch { return newColScratch(e.fn, fv.free, e.widths) }, func(c int, s *colScratch) {
		lo, hi := chunkBounds(n, c, nc)
		for blo := lo; blo < hi; blo += s.bl {
			bhi := min(blo+s.bl, hi)
			s.loadParams(data, e.widths, blo, bhi)
			for j, o := range p.ops {
				dst := s.opBlock(fv.cols, n, j, blo, bhi)
				x := s.block(p, fv.cols, n, o.a, o.k, blo, bhi)
				var y []float64
				if o.op.IsBinary() {
					y = s.block(p, fv.cols, n, o.b, o.k, blo, bhi)
				}
				evalCols(o.op, o.k, dst, x, y)
			}
		}
	})
}
