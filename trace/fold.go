package trace

// Reduce, Fold and Scan combine the elements of an array with a traced
// function of two arguments, the accumulated value and the element. Like
// Map's, the function is traced once when it never reads a value that
// depends on its arguments, and once per step otherwise.

func wrap2(op func(t *Tracer, x, y Scalar) Scalar) func(t *Tracer, x []Scalar) []Scalar {
	return func(t *Tracer, x []Scalar) []Scalar { return []Scalar{op(t, x[0], x[1])} }
}

// reduceChunks is the number of segments of a Reduce of n elements.
func reduceChunks(n int) int { return numChunks(n, 16) }

// Reduce combines the elements of a with op, which must be associative
// with neutral element ne: the result is op(...op(op(ne, a[0]), a[1])...)
// up to reassociation. The elements are folded in fixed segments, in
// parallel, and the segment results folded in order (section 3.4 of the
// seed, the segmented fold); the reverse pass reverses the fold of the
// segment results, then every segment in parallel (section 4.3.2). The
// segments depend only on the length of a, so results do not depend on
// the number of workers.
func (t *Tracer) Reduce(a Array, ne float64, op func(t *Tracer, x, y Scalar) Scalar) Scalar {
	const name = "Reduce"
	r := t.rec
	if op == nil {
		r.fail("%s: function is nil", name)
		return Scalar{}
	}
	ok, traced := t.arrayOperands(name, a)
	n := len(a.data)
	if !ok || n == 0 {
		return Scalar{v: ne}
	}
	fb := newFnBuilder(r, 2, 1)
	f := wrap2(op)
	p0, scratch, out0 := fb.call(f, []float64{ne, a.data[0]}, true, name, nil)
	fn := fb.fn
	var args [2]float64
	nc := reduceChunks(n)
	if !p0.read {
		fn.vec = p0
	} else {
		join := 0
		if nc > 1 {
			join = nc
		}
		fn.calls = make([]*prog, n+join)
		fn.calls[0] = p0
		chunk := make([]float64, nc)
		for c := range nc {
			lo, hi := chunkBounds(n, c, nc)
			acc := ne
			for i := lo; i < hi && r.err == nil; i++ {
				if i == 0 {
					acc = out0
					continue
				}
				args[0], args[1] = acc, a.data[i]
				fn.calls[i], scratch, acc = fb.call(f, args[:], false, name, scratch[:0])
			}
			chunk[c] = acc
		}
		acc := ne
		for c := range join {
			if r.err != nil {
				break
			}
			args[0], args[1] = acc, chunk[c]
			fn.calls[n+c], scratch, acc = fb.call(f, args[:], false, name, scratch[:0])
		}
	}
	if r.err != nil {
		return Scalar{v: ne}
	}
	e := &ext{arrs: []Array{a}, ne: ne, fn: fn}
	if !traced && len(fn.frees) == 0 {
		var nd node
		r.evalReduce(&nd, e)
		return Scalar{v: nd.val}
	}
	return t.newScalarNode(OpReduce, e)
}

// prog returns the program of call c.
func (fn *fnTrace) prog(c int) *prog {
	if fn.vec != nil {
		return fn.vec
	}
	return fn.calls[c]
}

// result returns the value of result j of a call.
func (p *prog) result(regs, free []float64, j int) float64 {
	return p.operand(p.outs[j], 0, regs, free)
}

// stepValues allocates the stored registers of steps calls.
func stepValues(fn *fnTrace, free []float64, steps int) *fnValues {
	fv := &fnValues{free: free}
	if fn.vec != nil {
		fv.regs = make([]float64, steps*fn.vec.nstore())
		return fv
	}
	fv.off = make([]int, steps+1)
	for i, p := range fn.calls {
		fv.off[i+1] = fv.off[i] + p.nstore()
	}
	fv.regs = make([]float64, fv.off[steps])
	return fv
}

// step runs call c on (acc, x) and returns its result.
func (fv *fnValues) step(fn *fnTrace, c int, acc, x float64) float64 {
	p := fn.prog(c)
	regs := fv.callRegs(fn, c)
	regs[0], regs[1] = acc, x
	p.run(regs, fv.free)
	return p.result(regs, fv.free, 0)
}

// simpleOp reports whether fn is one binary operation of its two
// parameters (a Reduce by Add, Max, ...), and whether they are swapped.
func (fn *fnTrace) simpleOp() (op Op, swapped, ok bool) {
	p := fn.vec
	if p == nil || p.nparam != 2 || len(p.ops) != 1 || len(p.frees) != 0 || p.outs[0] != 2 {
		return 0, false, false
	}
	o := p.ops[0]
	switch {
	case !o.op.IsBinary():
		return 0, false, false
	case o.a == 0 && o.b == 1:
		return o.op, false, true
	case o.a == 1 && o.b == 0:
		return o.op, true, true
	}
	return 0, false, false
}

// simpleStep is one step of a simple operator: acc op x, or x op acc.
func simpleStep(op Op, swapped bool, acc, x float64) float64 {
	if swapped {
		return eval2(op, x, acc)
	}
	return eval2(op, acc, x)
}

// simplePartials are the partial derivatives of a simple operator's step
// in the accumulator and in the element.
func simplePartials(op Op, swapped bool, acc, x float64) (dacc, dx float64) {
	r := simpleStep(op, swapped, acc, x)
	if swapped {
		dx, dacc = deriv2(op, x, acc, r)
		return dacc, dx
	}
	return deriv2(op, acc, x, r)
}

func (r *recording) evalReduce(n *node, e *ext) {
	fn := e.fn
	a := r.arrData(e.arrs[0])
	N := len(a)
	nc := reduceChunks(N)
	join := 0
	if nc > 1 {
		join = nc
	}
	if op, swapped, ok := fn.simpleOp(); ok {
		// A reduction by one operation stores nothing per element: its
		// reverse pass recomputes a segment's accumulated values, which
		// costs less than storing them.
		fv := &fnValues{chunk: make([]float64, nc), joinAcc: make([]float64, nc)}
		e.fv = fv
		parFor(r.cfg.workers(), nc, func(c int) {
			lo, hi := chunkBounds(N, c, nc)
			acc := e.ne
			for _, x := range a[lo:hi] {
				acc = simpleStep(op, swapped, acc, x)
			}
			fv.chunk[c] = acc
		})
		acc := fv.chunk[0]
		if nc > 1 {
			acc = e.ne
			for c, x := range fv.chunk {
				fv.joinAcc[c] = acc
				acc = simpleStep(op, swapped, acc, x)
			}
		}
		n.val = acc
		return
	}
	fv := stepValues(fn, r.freeValues(fn), N+join)
	fv.chunk = make([]float64, nc)
	e.fv = fv
	parFor(r.cfg.workers(), nc, func(c int) {
		lo, hi := chunkBounds(N, c, nc)
		acc := e.ne
		for i := lo; i < hi; i++ {
			acc = fv.step(fn, i, acc, a[i])
		}
		fv.chunk[c] = acc
	})
	if nc == 1 {
		n.val = fv.chunk[0]
		return
	}
	acc := e.ne
	for c := range nc {
		acc = fv.step(fn, N+c, acc, fv.chunk[c])
	}
	n.val = acc
}

// Fold returns f(...f(f(z, a[0]), a[1])..., a[n-1]), a sequential left
// fold from the traced initial value z; f need not be associative. The
// reverse pass walks the steps backwards (section 4.3.2).
func (t *Tracer) Fold(a Array, z Scalar, f func(t *Tracer, acc, x Scalar) Scalar) Scalar {
	const name = "Fold"
	r := t.rec
	if f == nil {
		r.fail("%s: function is nil", name)
		return Scalar{}
	}
	ok, traced := t.arrayOperands(name, a)
	kz := t.classify(name, z)
	if kz == kBad {
		ok = false
	}
	n := len(a.data)
	if !ok || n == 0 {
		return z
	}
	fb := newFnBuilder(r, 2, 1)
	g := wrap2(f)
	p0, scratch, out0 := fb.call(g, []float64{z.v, a.data[0]}, true, name, nil)
	fn := fb.fn
	var args [2]float64
	if !p0.read {
		fn.vec = p0
	} else {
		fn.calls = make([]*prog, n)
		fn.calls[0] = p0
		acc := out0
		for i := 1; i < n && r.err == nil; i++ {
			args[0], args[1] = acc, a.data[i]
			fn.calls[i], scratch, acc = fb.call(g, args[:], false, name, scratch[:0])
		}
	}
	if r.err != nil {
		return Scalar{v: z.v}
	}
	e := &ext{arrs: []Array{a}, scals: []Scalar{z}, fn: fn}
	if !traced && kz == kConst && len(fn.frees) == 0 {
		var nd node
		r.evalFold(&nd, e)
		return Scalar{v: nd.val}
	}
	return t.newScalarNode(OpFold, e)
}

func (r *recording) evalFold(n *node, e *ext) {
	fn := e.fn
	a := r.arrData(e.arrs[0])
	fv := stepValues(fn, r.freeValues(fn), len(a))
	e.fv = fv
	acc := r.scalVal(e.scals[0])
	for i, x := range a {
		acc = fv.step(fn, i, acc, x)
	}
	n.val = acc
}

// Scan returns the inclusive scan of a with op, which must be associative
// with neutral element ne: element i is op(...op(ne, a[0])..., a[i]). The
// scan runs sequentially; its reverse pass is data-parallel: the partial
// derivative of every step in its accumulator, then a backward linear
// recurrence for the accumulated adjoints, then every step's adjoints.
func (t *Tracer) Scan(a Array, ne float64, op func(t *Tracer, x, y Scalar) Scalar) Array {
	const name = "Scan"
	r := t.rec
	if op == nil {
		r.fail("%s: function is nil", name)
		return Array{}
	}
	ok, traced := t.arrayOperands(name, a)
	n := len(a.data)
	if !ok {
		return ConstArray(make([]float64, n))
	}
	if n == 0 {
		return ConstArray(nil)
	}
	fb := newFnBuilder(r, 2, 1)
	f := wrap2(op)
	p0, scratch, out0 := fb.call(f, []float64{ne, a.data[0]}, true, name, nil)
	fn := fb.fn
	var args [2]float64
	if !p0.read {
		fn.vec = p0
	} else {
		fn.calls = make([]*prog, n)
		fn.calls[0] = p0
		acc := out0
		for i := 1; i < n && r.err == nil; i++ {
			args[0], args[1] = acc, a.data[i]
			fn.calls[i], scratch, acc = fb.call(f, args[:], false, name, scratch[:0])
		}
	}
	if r.err != nil {
		return ConstArray(make([]float64, n))
	}
	e := &ext{rows: n, arrs: []Array{a}, ne: ne, fn: fn}
	if !traced && len(fn.frees) == 0 {
		var nd node
		r.evalScan(&nd, e)
		return ConstArray(e.data)
	}
	return t.newArrayNode(OpScan, e)
}

func (r *recording) evalScan(n *node, e *ext) {
	fn := e.fn
	a := r.arrData(e.arrs[0])
	fv := stepValues(fn, r.freeValues(fn), len(a))
	e.fv = fv
	e.data = make([]float64, len(a))
	acc := e.ne
	for i, x := range a {
		acc = fv.step(fn, i, acc, x)
		e.data[i] = acc
	}
}
