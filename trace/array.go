package trace

import "fmt"

// arrayOperands checks array operands for an array operation; it reports
// whether the operation may be recorded and whether any operand is traced.
func (t *Tracer) arrayOperands(name string, as ...Array) (ok, traced bool) {
	ok = t.outerOnly(name)
	for _, a := range as {
		switch t.classifyArray(name, a) {
		case kBad:
			ok = false
		case kOuter:
			traced = true
		}
	}
	return ok && t.rec.ok(), traced
}

// addNode records an operation with an ext, handing out a use slot for
// every traced operand (array operands, scalar operands, then the free
// variables of its function, the order the reverse pass gives them
// adjoints in), and evaluates it.
func (t *Tracer) addNode(op Op, e *ext) int32 {
	r := t.rec
	for _, a := range e.arrs {
		if a.id != 0 {
			e.uses = append(e.uses, use{a.id, r.use(a.id)})
		}
	}
	for _, s := range e.scals {
		if s.t != nil {
			e.uses = append(e.uses, use{s.id, r.use(s.id)})
		}
	}
	if e.fn != nil {
		for _, s := range e.fn.frees {
			e.uses = append(e.uses, use{s.id, r.use(s.id)})
		}
	}
	id := r.addExt(op, e)
	r.eval(id)
	return id
}

// newArrayNode records an array-valued operation.
func (t *Tracer) newArrayNode(op Op, e *ext) Array {
	id := t.addNode(op, e)
	return Array{data: e.data, id: id, rows: e.rows, cols: e.cols, t: t}
}

// newScalarNode records a scalar-valued array operation (Sum, Dot, ...).
func (t *Tracer) newScalarNode(op Op, e *ext) Scalar {
	id := t.addNode(op, e)
	return Scalar{v: t.rec.nodes[id].val, id: id, t: t}
}

// At returns a[i] (row-major for two-dimensional arrays). Inside the
// function of Map, Reduce, Fold or Scan, At reads an outer array: the
// element becomes a free variable of the function.
func (t *Tracer) At(a Array, i int) Scalar {
	r := t.rec
	if t.classifyArray("At", a) == kBad {
		return Scalar{}
	}
	if i < 0 || i >= len(a.data) {
		r.fail("At: index %d out of range [0, %d)", i, len(a.data))
		return Scalar{}
	}
	v := a.data[i]
	if a.t == nil || !r.ok() {
		return Scalar{v: v}
	}
	if t.el != nil {
		return t.el.fb.at(a, i)
	}
	id := r.add(node{op: OpIndex, a: a.id, sa: r.use(a.id), k: float64(i), val: v})
	return Scalar{v: v, id: id, t: t}
}

// Scalars returns the elements of a as scalars (At of every index).
func (t *Tracer) Scalars(a Array) []Scalar {
	out := make([]Scalar, len(a.data))
	for i := range out {
		out[i] = t.At(a, i)
	}
	return out
}

// Slice returns the elements lo <= i < hi of a, a one-dimensional array
// that shares a's storage.
func (t *Tracer) Slice(a Array, lo, hi int) Array {
	ok, traced := t.arrayOperands("Slice", a)
	if lo < 0 || hi < lo || hi > len(a.data) {
		t.rec.fail("Slice: bounds [%d:%d] out of range for length %d", lo, hi, len(a.data))
		return Array{}
	}
	if !ok || !traced {
		return ConstArray(a.data[lo:hi])
	}
	return t.newArrayNode(OpSlice, &ext{rows: hi - lo, arrs: []Array{a}, lo: lo, hi: hi})
}

// Concat returns the one-dimensional array of the elements of every
// array in turn.
func (t *Tracer) Concat(as ...Array) Array {
	ok, traced := t.arrayOperands("Concat", as...)
	n := 0
	for _, a := range as {
		n += len(a.data)
	}
	if !ok || !traced {
		data := make([]float64, 0, n)
		for _, a := range as {
			data = append(data, a.data...)
		}
		return ConstArray(data)
	}
	return t.newArrayNode(OpConcat, &ext{rows: n, arrs: append([]Array(nil), as...)})
}

// Pack returns the one-dimensional array of the given scalars.
func (t *Tracer) Pack(xs ...Scalar) Array {
	ok := t.outerOnly("Pack")
	traced := false
	for _, x := range xs {
		switch t.classify("Pack", x) {
		case kBad:
			ok = false
		case kOuter:
			traced = true
		}
	}
	if !ok || !traced || !t.rec.ok() {
		data := make([]float64, len(xs))
		for i, x := range xs {
			data[i] = x.v
		}
		return ConstArray(data)
	}
	return t.newArrayNode(OpPack, &ext{rows: len(xs), scals: append([]Scalar(nil), xs...)})
}

// Reshape returns a viewed as a rows x cols array (sharing its storage);
// rows*cols must be its length.
func (t *Tracer) Reshape(a Array, rows, cols int) Array {
	ok, traced := t.arrayOperands("Reshape", a)
	if rows < 0 || cols <= 0 || rows*cols != len(a.data) {
		t.rec.fail("Reshape: %d x %d does not fit %d elements", rows, cols, len(a.data))
		return Array{}
	}
	if !ok || !traced {
		return Array{data: a.data, rows: rows, cols: cols}
	}
	return t.newArrayNode(OpReshape, &ext{rows: rows, cols: cols, arrs: []Array{a}})
}

// Sum returns the sum of the elements of a. The elements are added in
// fixed chunks whose sums are added in order, whatever the number of
// workers.
func (t *Tracer) Sum(a Array) Scalar {
	ok, traced := t.arrayOperands("Sum", a)
	if !ok || !traced {
		return Scalar{v: sumOf(t.rec.cfg.workers(), a.data)}
	}
	return t.newScalarNode(OpSum, &ext{arrs: []Array{a}})
}

// Dot returns the sum of a[i]*b[i]; a and b must have the same length.
func (t *Tracer) Dot(a, b Array) Scalar {
	ok, traced := t.arrayOperands("Dot", a, b)
	if len(a.data) != len(b.data) {
		t.rec.fail("Dot: lengths %d and %d differ", len(a.data), len(b.data))
		return Scalar{}
	}
	if !ok || !traced {
		return Scalar{v: dotOf(t.rec.cfg.workers(), a.data, b.data)}
	}
	return t.newScalarNode(OpDot, &ext{arrs: []Array{a, b}})
}

// MatVec returns the product of the rows x cols array w and the vector v
// of length cols.
func (t *Tracer) MatVec(w, v Array) Array {
	ok, traced := t.arrayOperands("MatVec", w, v)
	if w.cols == 0 || len(v.data) != w.cols {
		t.rec.fail("MatVec: %s matrix and vector of length %d", shapeString(w), len(v.data))
		return Array{}
	}
	if !ok || !traced {
		out := make([]float64, w.rows)
		matVec(t.rec.cfg.workers(), out, w.data, v.data, w.rows, w.cols)
		return ConstArray(out)
	}
	return t.newArrayNode(OpMatVec, &ext{rows: w.rows, arrs: []Array{w, v}})
}

func shapeString(a Array) string {
	if a.cols == 0 {
		return fmt.Sprintf("[%d]", a.rows)
	}
	return fmt.Sprintf("[%d][%d]", a.rows, a.cols)
}

func sumOf(w int, xs []float64) float64 {
	return sumChunks(w, len(xs), 1, func(lo, hi int) float64 {
		s := 0.0
		for _, x := range xs[lo:hi] {
			s += x
		}
		return s
	})
}

func dotOf(w int, xs, ys []float64) float64 {
	return sumChunks(w, len(xs), 2, func(lo, hi int) float64 {
		s := 0.0
		ys := ys[lo:hi]
		for i, x := range xs[lo:hi] {
			s += float64(x * ys[i])
		}
		return s
	})
}

func matVec(w int, out, m, v []float64, rows, cols int) {
	nc := numChunks(rows, 2*cols)
	parFor(w, nc, func(c int) {
		lo, hi := chunkBounds(rows, c, nc)
		for i := lo; i < hi; i++ {
			s := 0.0
			row := m[i*cols : (i+1)*cols]
			for j, x := range row {
				s += float64(x * v[j])
			}
			out[i] = s
		}
	})
}

// eval computes the value of node id from its operands' values. Recording
// uses it for array operations and Replay for every operation, so a replay
// at the recorded input repeats the recorded arithmetic exactly.
func (r *recording) eval(id int32) {
	n := &r.nodes[id]
	w := r.cfg.workers()
	switch {
	case n.op.IsUnary():
		n.val = eval1(n.op, r.nodes[n.a].val)
		return
	case n.op.IsBinary():
		x, y := n.k, n.k
		if n.a != 0 {
			x = r.nodes[n.a].val
		}
		if n.b != 0 {
			y = r.nodes[n.b].val
		}
		n.val = eval2(n.op, x, y)
		return
	case n.op == OpIndex:
		n.val = r.exts[r.nodes[n.a].x].data[int(n.k)]
		return
	case n.op == OpInput:
		return
	}
	e := r.exts[n.x]
	switch n.op {
	case OpSlice:
		e.data = r.arrData(e.arrs[0])[e.lo:e.hi]
	case OpReshape:
		e.data = r.arrData(e.arrs[0])
	case OpConcat:
		e.data = make([]float64, 0, e.rows)
		for _, a := range e.arrs {
			e.data = append(e.data, r.arrData(a)...)
		}
	case OpPack:
		e.data = make([]float64, len(e.scals))
		for i, s := range e.scals {
			e.data[i] = r.scalVal(s)
		}
	case OpSum:
		n.val = sumOf(w, r.arrData(e.arrs[0]))
	case OpDot:
		n.val = dotOf(w, r.arrData(e.arrs[0]), r.arrData(e.arrs[1]))
	case OpMatVec:
		m := e.arrs[0]
		e.data = make([]float64, m.rows)
		matVec(w, e.data, r.arrData(m), r.arrData(e.arrs[1]), m.rows, m.cols)
	case OpMap:
		r.evalMap(n, e)
	case OpReduce:
		r.evalReduce(n, e)
	case OpFold:
		r.evalFold(n, e)
	case OpScan:
		r.evalScan(n, e)
	default:
		panic("trace: eval of " + n.op.String())
	}
}
