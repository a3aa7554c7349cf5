package interp

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

func (c *compiler) loop(e *ir.Loop, outs []int, pos ir.Pos) stmFn {
	init := c.operands(e.Init)
	params := c.names(paramNames(e.Params))
	var form *ir.For
	var iSlot, condSlot int
	var bound operand
	switch f := e.Form.(type) {
	case *ir.For:
		form, iSlot, bound = f, c.slot(f.I), c.operand(f.Bound)
	case *ir.While:
		condSlot = c.slot(f.Cond)
	}
	b := c.body(e.Body)
	nparams := len(params)
	step := func(fr *frame, next []value) error {
		if err := b.run(fr); err != nil {
			return err
		}
		// Read every result before writing any parameter: results may be
		// parameters of this iteration.
		for i, r := range b.res {
			next[i] = fr.get(r)
		}
		for i, p := range params {
			fr.v[p] = next[i]
		}
		return nil
	}
	return func(fr *frame) error {
		// Scratch space per execution: a recursive call may run this loop
		// again before this execution finishes.
		next := make([]value, nparams)
		for i, o := range init {
			fr.v[params[i]] = fr.get(o)
		}
		if form != nil {
			t := form.T
			n := fr.scalar(bound)
			if t.IsUnsigned() {
				for k := uint64(0); k < n.Uint(); k++ {
					fr.v[iSlot] = value{s: prim.UintValue(t, k)}
					if err := step(fr, next); err != nil {
						return err
					}
				}
			} else {
				for k := int64(0); k < n.Int(); k++ {
					fr.v[iSlot] = value{s: prim.IntValue(t, k)}
					if err := step(fr, next); err != nil {
						return err
					}
				}
			}
		} else {
			for fr.v[condSlot].s.Bool() {
				if err := step(fr, next); err != nil {
					return err
				}
			}
		}
		for i, o := range outs {
			fr.v[o] = fr.v[params[i]]
		}
		return nil
	}
}

// width reads a SOAC's width and checks that every array input has it as
// outer size.
func width(fr *frame, w operand, arrs []int, pos ir.Pos, what string) (int64, error) {
	n := fr.scalar(w).Int()
	if n < 0 {
		return 0, rtErr(pos, "Negative size %d given to %s.", n, what)
	}
	for _, s := range arrs {
		a := fr.v[s].a
		if a == nil {
			continue // an accumulator passed whole
		}
		if len(a.Shape) == 0 || a.Shape[0] != n {
			return 0, rtErr(pos, "Value of shape %s does not match shape [%d] (%s input).", shapeString(a.Shape), n, what)
		}
	}
	return n, nil
}

// setRow binds parameter slot p to row i of a.
func setRow(fr *frame, p int, a *Array, i int64) {
	if len(a.Shape) == 1 {
		fr.v[p] = value{s: a.Data[i]}
	} else {
		fr.v[p] = value{a: a.row(i)}
	}
}

// results collects the per-element results of a map or scan into arrays of
// outer size n, allocating them from the first element's shape.
type results struct {
	n    int64
	arrs []*Array
	dims [][]operand // declared element shapes, for n == 0
	ts   []ir.Type
}

func (c *compiler) newResults(ts []ir.Type) *results {
	r := &results{ts: ts, dims: make([][]operand, len(ts))}
	for i, t := range ts {
		r.dims[i] = c.operands(t.Shape)
	}
	return r
}

// start returns fresh collectors for one execution of outer size n.
func (r *results) start(n int64) *results {
	return &results{n: n, arrs: make([]*Array, len(r.ts)), dims: r.dims, ts: r.ts}
}

// put stores v as element i of result k.
func (r *results) put(k int, i int64, v value, pos ir.Pos) error {
	a := r.arrs[k]
	if v.a == nil {
		if a == nil {
			var err error
			if a, err = alloc(v.s.Type(), []int64{r.n}, pos); err != nil {
				return err
			}
			r.arrs[k] = a
		}
		a.Data[i] = v.s
		return nil
	}
	if a == nil {
		var err error
		if a, err = alloc(v.a.Elem, append([]int64{r.n}, v.a.Shape...), pos); err != nil {
			return err
		}
		r.arrs[k] = a
	}
	if !sameShape(a.Shape[1:], v.a.Shape) {
		return rtErr(pos, "Value of shape %s does not match shape %s (irregular array).", shapeString(v.a.Shape), shapeString(a.Shape[1:]))
	}
	rs := int64(len(v.a.Data))
	copy(a.Data[i*rs:(i+1)*rs], v.a.Data)
	return nil
}

// finish returns result k, building an empty array when n == 0.
func (r *results) finish(fr *frame, k int) *Array {
	if a := r.arrs[k]; a != nil {
		return a
	}
	shape := []int64{r.n}
	for _, d := range r.dims[k] {
		n := int64(0)
		if d.present() {
			n = fr.scalar(d).Int()
		}
		shape = append(shape, n)
	}
	return NewArray(r.ts[k].Elem, shape)
}

func (c *compiler) mapSOAC(e *ir.Map, outs []int, pos ir.Pos) stmFn {
	w, arrs, f := c.operand(e.W), c.names(e.Arrs), c.lambda(e.F)
	var accIn []int // slots of accumulator inputs, in order
	for i, p := range e.F.Params {
		if p.Type.Acc {
			accIn = append(accIn, arrs[i])
		}
	}
	res := c.newResults(e.F.Ret)
	return func(fr *frame) error {
		n, err := width(fr, w, arrs, pos, "map")
		if err != nil {
			return err
		}
		res := res.start(n)
		for i := range n {
			for k, s := range arrs {
				if v := fr.v[s]; v.acc != nil {
					fr.v[f.params[k]] = v
				} else {
					setRow(fr, f.params[k], v.a, i)
				}
			}
			if err := f.body.run(fr); err != nil {
				return err
			}
			for k, r := range f.body.res {
				v := fr.get(r)
				if v.acc != nil {
					fr.v[outs[k]] = v
					continue
				}
				if err := res.put(k, i, v, pos); err != nil {
					return err
				}
			}
		}
		acc := 0
		for k, t := range e.F.Ret {
			if t.Acc {
				if n == 0 {
					fr.v[outs[k]] = fr.v[accIn[acc]]
				}
				acc++
				continue
			}
			fr.v[outs[k]] = value{a: res.finish(fr, k)}
		}
		return nil
	}
}

func (c *compiler) reduce(e *ir.Reduce, outs []int, pos ir.Pos) stmFn {
	w, arrs, op, ne := c.operand(e.W), c.names(e.Arrs), c.lambda(e.Op), c.operands(e.Neutral)
	k := len(arrs)
	return func(fr *frame) error {
		n, err := width(fr, w, arrs, pos, "reduce")
		if err != nil {
			return err
		}
		for j := range k {
			fr.v[outs[j]] = fr.get(ne[j])
		}
		for i := range n {
			for j := range k {
				fr.v[op.params[j]] = fr.v[outs[j]]
				setRow(fr, op.params[k+j], fr.v[arrs[j]].a, i)
			}
			if err := op.body.run(fr); err != nil {
				return err
			}
			for j, r := range op.body.res {
				fr.v[outs[j]] = fr.get(r)
			}
		}
		return nil
	}
}

func (c *compiler) scan(e *ir.Scan, outs []int, pos ir.Pos) stmFn {
	w, arrs, op, ne := c.operand(e.W), c.names(e.Arrs), c.lambda(e.Op), c.operands(e.Neutral)
	k := len(arrs)
	rowTypes := make([]ir.Type, k)
	for j := range k {
		rowTypes[j] = e.Op.Ret[j]
	}
	res := c.newResults(rowTypes)
	return func(fr *frame) error {
		n, err := width(fr, w, arrs, pos, "scan")
		if err != nil {
			return err
		}
		res := res.start(n)
		acc := make([]value, k)
		for j := range k {
			acc[j] = fr.get(ne[j])
		}
		for i := range n {
			for j := range k {
				fr.v[op.params[j]] = acc[j]
				setRow(fr, op.params[k+j], fr.v[arrs[j]].a, i)
			}
			if err := op.body.run(fr); err != nil {
				return err
			}
			for j, r := range op.body.res {
				acc[j] = fr.get(r)
				if err := res.put(j, i, acc[j], pos); err != nil {
					return err
				}
			}
		}
		for j := range k {
			fr.v[outs[j]] = value{a: res.finish(fr, j)}
		}
		return nil
	}
}

// flatIndex computes the flat element offset of index j of the index
// arrays inds into an array of the given shape; ok is false when out of
// range.
func flatIndex(fr *frame, inds []int, j int64, shape []int64) (off int64, ok bool) {
	for k, s := range inds {
		i := fr.v[s].a.Data[j].Int()
		if i < 0 || i >= shape[k] {
			return 0, false
		}
		off = off*shape[k] + i
	}
	return off, true
}

func (c *compiler) hist(e *ir.Hist, outs []int, pos ir.Pos) stmFn {
	w, dests, inds, vals, op := c.operand(e.W), c.names(e.Dests), c.names(e.Inds), c.names(e.Vals), c.lambda(e.Op)
	k := len(dests)
	all := append(append([]int{}, inds...), vals...)
	return func(fr *frame) error {
		n, err := width(fr, w, all, pos, "hist")
		if err != nil {
			return err
		}
		shape := fr.v[dests[0]].a.Shape
		for _, d := range dests {
			if !sameShape(fr.v[d].a.Shape[:len(inds)], shape[:len(inds)]) {
				return rtErr(pos, "Histogram destinations have shapes %s and %s.", shapeString(shape), shapeString(fr.v[d].a.Shape))
			}
		}
		for j := range n {
			off, ok := flatIndex(fr, inds, j, shape)
			if !ok {
				continue
			}
			for q, d := range dests {
				a := fr.v[d].a
				if len(a.Shape) == len(inds) {
					fr.v[op.params[q]] = value{s: a.Data[off]}
				} else {
					rest := a.Shape[len(inds):]
					rs := product(rest)
					fr.v[op.params[q]] = value{a: &Array{Elem: a.Elem, Shape: rest, Data: a.Data[off*rs : (off+1)*rs : (off+1)*rs]}}
				}
				setRow(fr, op.params[k+q], fr.v[vals[q]].a, j)
			}
			if err := op.body.run(fr); err != nil {
				return err
			}
			for q, r := range op.body.res {
				if err := store(fr.v[dests[q]].a, len(inds), off, fr.get(r), pos); err != nil {
					return err
				}
			}
		}
		for q, d := range dests {
			fr.v[outs[q]] = fr.v[d]
		}
		return nil
	}
}

// store writes v at element off of the first nidx dimensions of a.
func store(a *Array, nidx int, off int64, v value, pos ir.Pos) error {
	if v.a == nil {
		a.Data[off] = v.s
		return nil
	}
	rest := a.Shape[nidx:]
	if !sameShape(rest, v.a.Shape) {
		return rtErr(pos, "Value of shape %s does not match shape %s.", shapeString(v.a.Shape), shapeString(rest))
	}
	rs := int64(len(v.a.Data))
	copy(a.Data[off*rs:(off+1)*rs], v.a.Data)
	return nil
}

func (c *compiler) scatter(e *ir.Scatter, outs []int, pos ir.Pos) stmFn {
	w, dests, inds, vals := c.operand(e.W), c.names(e.Dests), c.names(e.Inds), c.names(e.Vals)
	all := append(append([]int{}, inds...), vals...)
	return func(fr *frame) error {
		n, err := width(fr, w, all, pos, "scatter")
		if err != nil {
			return err
		}
		for q, d := range dests {
			a, src := fr.v[d].a, fr.v[vals[q]].a
			for j := range n {
				off, ok := flatIndex(fr, inds, j, a.Shape)
				if !ok {
					continue
				}
				var v value
				if len(src.Shape) == 1 {
					v.s = src.Data[j]
				} else {
					v.a = src.row(j)
				}
				if err := store(a, len(inds), off, v, pos); err != nil {
					return err
				}
			}
			fr.v[outs[q]] = fr.v[d]
		}
		return nil
	}
}

func (c *compiler) withAcc(e *ir.WithAcc, outs []int, pos ir.Pos) stmFn {
	arrs := make([]int, len(e.Inputs))
	ops := make([]*lambda, len(e.Inputs))
	for i, in := range e.Inputs {
		arrs[i] = c.slot(in.Arr)
		ops[i] = c.lambda(in.Op)
		c.operands(in.Neutral)
	}
	f := c.lambda(e.F)
	return func(fr *frame) error {
		accs := make([]*accum, len(arrs))
		for i, s := range arrs {
			accs[i] = &accum{arr: fr.v[s].a, op: ops[i]}
			fr.v[f.params[i]] = value{acc: accs[i]}
		}
		if err := f.body.run(fr); err != nil {
			return err
		}
		for i, acc := range accs {
			fr.v[outs[i]] = value{a: acc.arr}
		}
		for i := len(accs); i < len(outs); i++ {
			fr.v[outs[i]] = fr.get(f.body.res[i])
		}
		return nil
	}
}

func (c *compiler) updAcc(e *ir.UpdAcc, outs []int, pos ir.Pos) stmFn {
	accSlot, idx, val, o := c.slot(e.Acc), c.operands(e.Idx), c.operand(e.Val), outs[0]
	return func(fr *frame) error {
		acc := fr.v[accSlot].acc
		fr.v[o] = value{acc: acc}
		a := acc.arr
		off := int64(0)
		for k, x := range idx {
			i := fr.scalar(x).Int()
			if i < 0 || i >= a.Shape[k] {
				return nil // out-of-range updates are ignored, as in scatter
			}
			off = off*a.Shape[k] + i
		}
		v := fr.get(val)
		if v.a == nil {
			return acc.combine(fr, off, v.s, pos)
		}
		rest := a.Shape[len(idx):]
		if !sameShape(rest, v.a.Shape) {
			return rtErr(pos, "Value of shape %s does not match shape %s.", shapeString(v.a.Shape), shapeString(rest))
		}
		base := off * int64(len(v.a.Data))
		for i, x := range v.a.Data {
			if err := acc.combine(fr, base+int64(i), x, pos); err != nil {
				return err
			}
		}
		return nil
	}
}

func (acc *accum) combine(fr *frame, off int64, x prim.Value, pos ir.Pos) error {
	a := acc.arr
	if acc.op == nil {
		r, err := prim.EvalBinOp(prim.Add, a.Elem, a.Data[off], x)
		if err != nil {
			return rtErr(pos, "%v", err)
		}
		a.Data[off] = r
		return nil
	}
	fr.v[acc.op.params[0]] = value{s: a.Data[off]}
	fr.v[acc.op.params[1]] = value{s: x}
	if err := acc.op.body.run(fr); err != nil {
		return err
	}
	a.Data[off] = fr.get(acc.op.body.res[0]).s
	return nil
}
