package trace

// The reverse of the operations with traced functions. Every one gives its
// free variables (outer values the function read) one partial adjoint each:
// the sum over all calls, taken in fixed chunks added in chunk order
// (section 4.3.1 of the seed: the contributions to an outer value hidden in
// the calls' traces are merged into the main reverse pass once).

// freeSums accumulates free-variable adjoints per chunk.
type freeSums [][]float64

func newFreeSums(nc, nfree int) freeSums {
	fs := make(freeSums, nc)
	for c := range fs {
		fs[c] = make([]float64, nfree)
	}
	return fs
}

// total adds the chunks' sums in chunk order.
func (fs freeSums) total(nfree int) []float64 {
	out := make([]float64, nfree)
	for _, c := range fs {
		for j, v := range c {
			out[j] += v
		}
	}
	return out
}

// addFrees adds a call's free-register adjoints to sums.
func addFrees(p *prog, adj, sums []float64) {
	base := int(p.freeBase())
	for j, f := range p.frees {
		sums[f] += adj[base+j]
	}
}

// giveFrees gives every free variable of fn its total adjoint; uses are
// the operation's uses from the first free variable on.
func (s *sweep) giveFrees(fn *fnTrace, uses []use, total []float64, ready func(int32)) {
	for j := range fn.frees {
		s.giveScalar(uses[j], total[j], ready)
	}
}

// backMap reverses a map given the adjoint of its result: ybar, or the
// value all for every element when ybar is nil.
func (s *sweep) backMap(e *ext, ybar []float64, all float64, ready func(int32)) {
	r := s.rec
	fn, n := e.fn, e.n
	data := make([][]float64, len(e.arrs))
	pbar := make([][]float64, len(e.arrs))
	for i, a := range e.arrs {
		data[i] = r.arrData(a)
		if a.id != 0 {
			pbar[i] = make([]float64, n*e.widths[i])
		}
	}
	var sums freeSums
	if fn.vec != nil {
		sums = s.backMapColumns(e, data, ybar, all, pbar)
	} else {
		sums = s.backMapCalls(e, ybar, all, pbar)
	}
	k := 0
	for i, a := range e.arrs {
		if a.id != 0 {
			s.giveArray(e.uses[k], adjoint{kind: adjDense, d: pbar[i], owned: true}, ready)
			k++
		}
	}
	s.giveFrees(fn, e.uses[k:], sums.total(len(fn.frees)), ready)
}

// backMapCalls reverses a map traced per element: every element's program
// is swept backwards on its own, chunks of elements in parallel tasks.
func (s *sweep) backMapCalls(e *ext, ybar []float64, all float64, pbar [][]float64) freeSums {
	fn, fv, n, k := e.fn, e.fv, e.n, e.fn.nout
	nc := numChunks(n, max(1, len(fv.regs)/max(n, 1)))
	sums := newFreeSums(nc, len(fn.frees))
	parFor(s.workers, nc, func(c int) {
		lo, hi := chunkBounds(n, c, nc)
		var adj []float64
		for i := lo; i < hi; i++ {
			p := fn.calls[i]
			regs := fv.callRegs(fn, i)
			adj = grow(adj, p.nstore()+len(p.frees))
			for j, reg := range p.outs {
				if ybar == nil {
					adj[reg] += all
				} else {
					adj[reg] += ybar[i*k+j]
				}
			}
			p.back(regs, fv.free, adj)
			q := 0
			for a, w := range e.widths {
				if pbar[a] != nil {
					copy(pbar[a][i*w:(i+1)*w], adj[q:q+w])
				}
				q += w
			}
			addFrees(p, adj, sums[c])
		}
	})
	return sums
}

// grow returns a zeroed slice of n elements, reusing buf.
func grow(buf []float64, n int) []float64 {
	if cap(buf) < n {
		return make([]float64, n)
	}
	buf = buf[:n]
	clear(buf)
	return buf
}

// backMapColumns reverses a vectorised map: the program's reverse sweep
// over blocks of elements at once, chunks in parallel.
func (s *sweep) backMapColumns(e *ext, data [][]float64, ybar []float64, all float64, pbar [][]float64) freeSums {
	p, fv, n, k := e.fn.vec, e.fv, e.n, e.fn.nout
	P, O := int32(p.nparam), int32(len(p.ops))
	nc := numChunks(n, 2*p.nstore())
	sums := newFreeSums(nc, len(e.fn.frees))
	type scratch struct {
		cs     *colScratch
		adj    [][]float64
		ta, tb []float64
	}
	newScratch := func() *scratch {
		cs := newColScratch(e.fn, fv.free, e.widths)
		bl := cs.bl
		mem := make([]float64, (int(P+O)+2)*bl)
		sc := &scratch{cs: cs, adj: make([][]float64, P+O), ta: mem[:bl], tb: mem[bl : 2*bl]}
		for j := range sc.adj {
			sc.adj[j] = mem[(2+j)*bl : (3+j)*bl]
		}
		return sc
	}
	parForScratch(s.workers, nc, newScratch, func(c int, sc *scratch) {
		lo, hi := chunkBounds(n, c, nc)
		cs, adj, ta, tb := sc.cs, sc.adj, sc.ta, sc.tb
		bl := cs.bl
		sum := sums[c]
		// addTo adds contributions t to the adjoints of register reg.
		addTo := func(reg int32, t []float64) {
			switch {
			case reg == imm:
			case reg < P+O:
				d := adj[reg][:len(t)]
				for i, v := range t {
					d[i] += v
				}
			default:
				f := &sum[p.frees[reg-P-O]]
				for _, v := range t {
					*f += v
				}
			}
		}
		for blo := lo; blo < hi; blo += bl {
			bhi := min(blo+bl, hi)
			m := bhi - blo
			for j := range adj {
				clear(adj[j][:m])
			}
			cs.loadParams(data, e.widths, blo, bhi)
			for j, reg := range p.outs {
				g := ta[:m]
				for i := range g {
					if ybar == nil {
						g[i] = all
					} else {
						g[i] = ybar[(blo+i)*k+j]
					}
				}
				addTo(reg, g)
			}
			for j := int(O) - 1; j >= 0; j-- {
				o := p.ops[j]
				if o.op == OpConst {
					continue
				}
				g := adj[P+int32(j)][:m]
				x := cs.block(p, fv.cols, n, o.a, o.k, blo, bhi)
				res := cs.opBlock(fv.cols, n, j, blo, bhi)
				if o.op.IsUnary() {
					derivCols(o.op, g, x, nil, res, ta[:m], nil)
					addTo(o.a, ta[:m])
					continue
				}
				y := cs.block(p, fv.cols, n, o.b, o.k, blo, bhi)
				derivCols(o.op, g, x, y, res, ta[:m], tb[:m])
				addTo(o.a, ta[:m])
				addTo(o.b, tb[:m])
			}
			q := 0
			for a, w := range e.widths {
				if pbar[a] != nil {
					for col := range w {
						src := adj[q+col][:m]
						if w == 1 {
							copy(pbar[a][blo:bhi], src)
							continue
						}
						for i, v := range src {
							pbar[a][(blo+i)*w+col] = v
						}
					}
				}
				q += w
			}
		}
	})
	return sums
}

// stepScratch is a reusable adjoint buffer for reversing one call.
func stepAdj(buf []float64, p *prog) []float64 { return grow(buf, p.nstore()+len(p.frees)) }

// backStep reverses call c of fn with result adjoint g; it returns the
// adjoints of the accumulator and of the element, adding the free
// variables' adjoints to sums.
func backStep(fn *fnTrace, fv *fnValues, c int, g float64, adj []float64, sums []float64) (accBar, xBar float64, buf []float64) {
	p := fn.prog(c)
	adj = stepAdj(adj, p)
	adj[p.outs[0]] += g
	p.back(fv.callRegs(fn, c), fv.free, adj)
	addFrees(p, adj, sums)
	return adj[0], adj[1], adj
}

// backReduce reverses a segmented reduction: the fold of the segment
// results backwards, then every segment backwards, in parallel.
func (s *sweep) backReduce(e *ext, g float64, ready func(int32)) {
	r := s.rec
	fn, fv := e.fn, e.fv
	N := len(r.arrData(e.arrs[0]))
	nc := reduceChunks(N)
	if op, swapped, ok := fn.simpleOp(); ok {
		s.backSimpleReduce(e, op, swapped, g, ready)
		return
	}
	chunkBar := make([]float64, nc)
	join := make([]float64, len(fn.frees))
	if nc == 1 {
		chunkBar[0] = g
	} else {
		var adj []float64
		acc := g
		for c := nc - 1; c >= 0; c-- {
			acc, chunkBar[c], adj = backStep(fn, fv, N+c, acc, adj, join)
		}
	}
	var xbar []float64
	if e.arrs[0].id != 0 {
		xbar = make([]float64, N)
	}
	sums := newFreeSums(nc, len(fn.frees))
	parFor(s.workers, nc, func(c int) {
		lo, hi := chunkBounds(N, c, nc)
		var adj []float64
		acc := chunkBar[c]
		for i := hi - 1; i >= lo; i-- {
			var xb float64
			acc, xb, adj = backStep(fn, fv, i, acc, adj, sums[c])
			if xbar != nil {
				xbar[i] = xb
			}
		}
	})
	total := sums.total(len(fn.frees))
	for j, v := range join {
		total[j] += v
	}
	k := 0
	if xbar != nil {
		s.giveArray(e.uses[0], adjoint{kind: adjDense, d: xbar, owned: true}, ready)
		k++
	}
	s.giveFrees(fn, e.uses[k:], total, ready)
}

// backSimpleReduce reverses a reduction by one operation: the fold of the
// segment results backwards, then every segment in parallel, recomputing
// its accumulated values first.
func (s *sweep) backSimpleReduce(e *ext, op Op, swapped bool, g float64, ready func(int32)) {
	if e.arrs[0].id == 0 {
		return // a simple operator has no free variables: nothing to give
	}
	fv := e.fv
	a := s.rec.arrData(e.arrs[0])
	N := len(a)
	nc := reduceChunks(N)
	chunkBar := make([]float64, nc)
	if nc == 1 {
		chunkBar[0] = g
	} else {
		for c := nc - 1; c >= 0; c-- {
			dacc, dx := simplePartials(op, swapped, fv.joinAcc[c], fv.chunk[c])
			chunkBar[c] = float64(g * dx)
			g = float64(g * dacc)
		}
	}
	xbar := make([]float64, N)
	parFor(s.workers, nc, func(c int) {
		lo, hi := chunkBounds(N, c, nc)
		accs := xbar[lo:hi] // the accumulated value before each step, then the adjoints
		acc := e.ne
		for i, x := range a[lo:hi] {
			accs[i] = acc
			acc = simpleStep(op, swapped, acc, x)
		}
		g := chunkBar[c]
		for i := hi - 1; i >= lo; i-- {
			dacc, dx := simplePartials(op, swapped, accs[i-lo], a[i])
			xbar[i] = float64(g * dx)
			g = float64(g * dacc)
		}
	})
	s.giveArray(e.uses[0], adjoint{kind: adjDense, d: xbar, owned: true}, ready)
}

// backFold reverses a sequential fold, step by step backwards.
func (s *sweep) backFold(e *ext, g float64, ready func(int32)) {
	r := s.rec
	fn, fv := e.fn, e.fv
	N := len(r.arrData(e.arrs[0]))
	var xbar []float64
	if e.arrs[0].id != 0 {
		xbar = make([]float64, N)
	}
	sums := make([]float64, len(fn.frees))
	var adj []float64
	acc := g
	for i := N - 1; i >= 0; i-- {
		var xb float64
		acc, xb, adj = backStep(fn, fv, i, acc, adj, sums)
		if xbar != nil {
			xbar[i] = xb
		}
	}
	k := 0
	if xbar != nil {
		s.giveArray(e.uses[k], adjoint{kind: adjDense, d: xbar, owned: true}, ready)
		k++
	}
	if e.scals[0].t != nil {
		s.giveScalar(e.uses[k], acc, ready)
		k++
	}
	s.giveFrees(fn, e.uses[k:], sums, ready)
}

// backScan reverses an inclusive scan in three data-parallel passes: the
// derivative J[i] of every step in its accumulator; the adjoints S of the
// accumulated values, S[i] = ybar[i] + J[i+1] S[i+1], backwards; every
// step swept with its S[i].
func (s *sweep) backScan(e *ext, ybar []float64, ready func(int32)) {
	r := s.rec
	fn, fv := e.fn, e.fv
	N := len(r.arrData(e.arrs[0]))
	work := max(1, len(fv.regs)/max(N, 1))
	nc := numChunks(N, 2*work)
	jac := make([]float64, N)
	none := make([]float64, len(fn.frees))
	parFor(s.workers, nc, func(c int) {
		lo, hi := chunkBounds(N, c, nc)
		var adj []float64
		scratch := make([]float64, len(fn.frees))
		for i := max(lo, 1); i < hi; i++ {
			jac[i], _, adj = backStep(fn, fv, i, 1, adj, scratch)
		}
	})
	_ = none
	acc := make([]float64, N)
	acc[N-1] = ybar[N-1]
	for i := N - 2; i >= 0; i-- {
		acc[i] = ybar[i] + float64(jac[i+1]*acc[i+1])
	}
	var xbar []float64
	if e.arrs[0].id != 0 {
		xbar = make([]float64, N)
	}
	sums := newFreeSums(nc, len(fn.frees))
	parFor(s.workers, nc, func(c int) {
		lo, hi := chunkBounds(N, c, nc)
		var adj []float64
		for i := lo; i < hi; i++ {
			var xb float64
			_, xb, adj = backStep(fn, fv, i, acc[i], adj, sums[c])
			if xbar != nil {
				xbar[i] = xb
			}
		}
	})
	k := 0
	if xbar != nil {
		s.giveArray(e.uses[0], adjoint{kind: adjDense, d: xbar, owned: true}, ready)
		k++
	}
	s.giveFrees(fn, e.uses[k:], sums.total(len(fn.frees)), ready)
}
