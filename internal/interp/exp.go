package interp

import (
	"fmt"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/rt"
)

// exp compiles e into a closure that stores its results into outs.
func (c *compiler) exp(e ir.Exp, outs []int, pos ir.Pos) stmFn {
	switch e := e.(type) {
	case *ir.Apply:
		args, prog, name := c.operands(e.Args), c.prog, e.Func
		return func(fr *frame) error {
			fn, ok := prog.funcs[name]
			if !ok {
				return rtErr(pos, "call of undefined function %s", name)
			}
			in := make([]value, len(args))
			for i, a := range args {
				in[i] = fr.get(a)
			}
			prog.depth++
			defer func() { prog.depth-- }()
			if prog.depth > maxCallDepth {
				return rtErr(pos, "Stack overflow: more than %d nested calls of %s.", maxCallDepth, name)
			}
			res, err := fn.call(in)
			if err != nil {
				return err
			}
			for i, r := range res {
				fr.v[outs[i]] = r
			}
			return nil
		}
	case *ir.Atom:
		x, o := c.operand(e.X), outs[0]
		return func(fr *frame) error {
			fr.v[o] = fr.get(x)
			return nil
		}
	case *ir.Bin:
		x, y, o, op, t := c.operand(e.X), c.operand(e.Y), outs[0], e.Op, e.T
		return func(fr *frame) error {
			r, err := prim.EvalBinOp(op, t, fr.scalar(x), fr.scalar(y))
			if err != nil {
				return rtErr(pos, "%v", err)
			}
			fr.v[o] = value{s: r}
			return nil
		}
	case *ir.Cmp:
		x, y, o, op, t := c.operand(e.X), c.operand(e.Y), outs[0], e.Op, e.T
		return func(fr *frame) error {
			r, err := prim.EvalCmpOp(op, t, fr.scalar(x), fr.scalar(y))
			if err != nil {
				return rtErr(pos, "%v", err)
			}
			fr.v[o] = value{s: r}
			return nil
		}
	case *ir.Un:
		x, o, op, t := c.operand(e.X), outs[0], e.Op, e.T
		return func(fr *frame) error {
			r, err := prim.EvalUnOp(op, t, fr.scalar(x))
			if err != nil {
				return rtErr(pos, "%v", err)
			}
			fr.v[o] = value{s: r}
			return nil
		}
	case *ir.Call:
		args, o, fn := c.operands(e.Args), outs[0], e.Fn
		buf := make([]prim.Value, len(args))
		return func(fr *frame) error {
			for i, a := range args {
				buf[i] = fr.scalar(a)
			}
			fr.v[o] = value{s: fn.EvalUnchecked(buf)}
			return nil
		}
	case *ir.Index:
		return c.index(e, outs[0], pos)
	case *ir.Slice:
		arr, dims, o := c.slot(e.Arr), c.dims(e.Dims), outs[0]
		return func(fr *frame) error {
			a := fr.v[arr].a
			r, err := fr.region(a, dims, pos)
			if err != nil {
				return err
			}
			out := &Array{Elem: a.Elem, Shape: r.shape, Data: make([]prim.Value, 0, r.size())}
			r.each(a, func(off, n int64) { out.Data = append(out.Data, a.Data[off:off+n]...) })
			fr.v[o] = value{a: out}
			return nil
		}
	case *ir.Update:
		arr, dims, val, o := c.slot(e.Arr), c.dims(e.Dims), c.operand(e.Val), outs[0]
		return func(fr *frame) error {
			a := fr.v[arr].a
			r, err := fr.region(a, dims, pos)
			if err != nil {
				return err
			}
			v := fr.get(val)
			if v.a == nil {
				if len(r.shape) != 0 {
					return rtErr(pos, "Cannot update a region of shape %s with a scalar.", shapeString(r.shape))
				}
				a.Data[r.start] = v.s
			} else {
				if !sameShape(v.a.Shape, r.shape) {
					return rtErr(pos, "Cannot update a region of shape %s with a value of shape %s.", shapeString(r.shape), shapeString(v.a.Shape))
				}
				src := v.a.Data
				if r.block != r.size() {
					// The value may be a view of the array being updated.
					src = append([]prim.Value(nil), src...)
				}
				k := int64(0)
				r.each(a, func(off, n int64) {
					copy(a.Data[off:off+n], src[k:k+n])
					k += n
				})
			}
			fr.v[o] = value{a: a}
			return nil
		}
	case *ir.Iota:
		n, start, step, t, o := c.operand(e.N), c.operand(e.Start), c.operand(e.Step), e.T, outs[0]
		return func(fr *frame) error {
			cnt := fr.scalar(n).Int()
			s0, st := int64(0), int64(1)
			if start.present() {
				s0 = fr.scalar(start).Int()
			}
			if step.present() {
				st = fr.scalar(step).Int()
			}
			if cnt < 0 {
				return rtErr(pos, "Range %d..%d..<%d is invalid.", s0, s0+st, s0+cnt*st)
			}
			out, err := alloc(t, []int64{cnt}, pos)
			if err != nil {
				return err
			}
			for i := range out.Data {
				out.Data[i] = prim.IntValue(t, s0+int64(i)*st)
			}
			fr.v[o] = value{a: out}
			return nil
		}
	case *ir.Replicate:
		shape, val, o := c.operands(e.Shape), c.operand(e.Val), outs[0]
		return func(fr *frame) error {
			dims, err := fr.sizes(shape, "replicate", pos)
			if err != nil {
				return err
			}
			v := fr.get(val)
			var out *Array
			if v.a == nil {
				if out, err = alloc(v.s.Type(), dims, pos); err != nil {
					return err
				}
				for i := range out.Data {
					out.Data[i] = v.s
				}
			} else {
				if out, err = alloc(v.a.Elem, append(dims, v.a.Shape...), pos); err != nil {
					return err
				}
				rs := int64(len(v.a.Data))
				for i := range product(dims) {
					copy(out.Data[i*rs:(i+1)*rs], v.a.Data)
				}
			}
			fr.v[o] = value{a: out}
			return nil
		}
	case *ir.Scratch:
		shape, t, o := c.operands(e.Shape), e.Elem, outs[0]
		return func(fr *frame) error {
			dims, err := fr.sizes(shape, "scratch", pos)
			if err != nil {
				return err
			}
			a, err := alloc(t, dims, pos)
			if err != nil {
				return err
			}
			z := prim.Zero(t)
			for i := range a.Data {
				a.Data[i] = z
			}
			fr.v[o] = value{a: a}
			return nil
		}
	case *ir.Reshape:
		arr, shape, o := c.slot(e.Arr), c.operands(e.Shape), outs[0]
		return func(fr *frame) error {
			a := fr.v[arr].a
			dims, err := fr.sizes(shape, "reshape", pos)
			if err != nil {
				return err
			}
			if product(dims) != int64(len(a.Data)) {
				return rtErr(pos, "Cannot reshape array of shape %s to shape %s.", shapeString(a.Shape), shapeString(dims))
			}
			fr.v[o] = value{a: &Array{Elem: a.Elem, Shape: dims, Data: a.Data}}
			return nil
		}
	case *ir.Rearrange:
		arr, perm, o := c.slot(e.Arr), e.Perm, outs[0]
		return func(fr *frame) error {
			fr.v[o] = value{a: rearrange(fr.v[arr].a, perm)}
			return nil
		}
	case *ir.Concat:
		arrs, o := c.names(e.Arrs), outs[0]
		return func(fr *frame) error {
			first := fr.v[arrs[0]].a
			total := int64(0)
			for _, s := range arrs {
				a := fr.v[s].a
				if !sameShape(a.Shape[1:], first.Shape[1:]) {
					return rtErr(pos, "Cannot concatenate arrays of shapes %s and %s.", shapeString(first.Shape), shapeString(a.Shape))
				}
				if total += a.Shape[0]; total < 0 {
					return rtErr(pos, "Cannot concatenate arrays of shapes %s and %s: the result has too many rows.", shapeString(first.Shape), shapeString(a.Shape))
				}
			}
			out, err := alloc(first.Elem, append([]int64{total}, first.Shape[1:]...), pos)
			if err != nil {
				return err
			}
			out.Data = out.Data[:0]
			for _, s := range arrs {
				out.Data = append(out.Data, fr.v[s].a.Data...)
			}
			fr.v[o] = value{a: out}
			return nil
		}
	case *ir.Copy:
		arr, o := c.slot(e.Arr), outs[0]
		return func(fr *frame) error {
			fr.v[o] = value{a: fr.v[arr].a.clone()}
			return nil
		}
	case *ir.Rotate:
		r, arr, o := c.operand(e.R), c.slot(e.Arr), outs[0]
		return func(fr *frame) error {
			a := fr.v[arr].a
			out := &Array{Elem: a.Elem, Shape: append([]int64(nil), a.Shape...), Data: make([]prim.Value, 0, len(a.Data))}
			if n := a.Shape[0]; n > 0 {
				k := fr.scalar(r).Int() % n
				if k < 0 {
					k += n
				}
				split := k * a.rowSize()
				out.Data = append(append(out.Data, a.Data[split:]...), a.Data[:split]...)
			}
			fr.v[o] = value{a: out}
			return nil
		}
	case *ir.ArrayLit:
		elems, o, et := c.operands(e.Elems), outs[0], e.Elem
		dims := c.operands(e.Elem.Shape)
		return func(fr *frame) error {
			out := &Array{Elem: et.Elem, Shape: []int64{int64(len(elems))}}
			if !et.IsScalar() {
				var inner []int64
				if len(elems) > 0 {
					inner = fr.get(elems[0]).a.Shape
				} else {
					for _, d := range dims {
						n := int64(0)
						if d.present() {
							n = fr.scalar(d).Int()
						}
						inner = append(inner, n)
					}
				}
				out.Shape = append(out.Shape, inner...)
			}
			out.Data = make([]prim.Value, 0, product(out.Shape))
			for _, x := range elems {
				v := fr.get(x)
				if v.a == nil {
					out.Data = append(out.Data, v.s)
					continue
				}
				if !sameShape(v.a.Shape, out.Shape[1:]) {
					return rtErr(pos, "Array literal elements have shapes %s and %s.", shapeString(out.Shape[1:]), shapeString(v.a.Shape))
				}
				out.Data = append(out.Data, v.a.Data...)
			}
			fr.v[o] = value{a: out}
			return nil
		}
	case *ir.Size:
		arr, d, o := c.slot(e.Arr), e.Dim, outs[0]
		return func(fr *frame) error {
			fr.v[o] = value{s: prim.IntValue(prim.I64, fr.v[arr].a.Shape[d])}
			return nil
		}
	case *ir.Assert:
		cond := c.operand(e.Cond)
		args := make([]operand, len(e.Args))
		for i, a := range e.Args {
			args[i] = c.operand(a)
		}
		return func(fr *frame) error {
			if !fr.scalar(cond).Bool() {
				shown := make([]string, len(args))
				for i, a := range args {
					shown[i] = plainScalar(fr.scalar(a))
				}
				return &Error{Pos: pos, Msg: e.Message(shown)}
			}
			return nil
		}
	case *ir.If:
		cond, th, el := c.operand(e.Cond), c.body(e.Then), c.body(e.Else)
		return func(fr *frame) error {
			b := el
			if fr.scalar(cond).Bool() {
				b = th
			}
			if err := b.run(fr); err != nil {
				return err
			}
			for i, r := range b.res {
				fr.v[outs[i]] = fr.get(r)
			}
			return nil
		}
	case *ir.Loop:
		return c.loop(e, outs, pos)
	case *ir.Map:
		return c.mapSOAC(e, outs, pos)
	case *ir.Reduce:
		return c.reduce(e, outs, pos)
	case *ir.Scan:
		return c.scan(e, outs, pos)
	case *ir.Hist:
		return c.hist(e, outs, pos)
	case *ir.Scatter:
		return c.scatter(e, outs, pos)
	case *ir.Screma:
		return c.screma(e, outs, pos)
	case *ir.WithAcc:
		return c.withAcc(e, outs, pos)
	case *ir.UpdAcc:
		return c.updAcc(e, outs, pos)
	case *ir.WithVJP:
		f, args := c.lambda(e.F), c.operands(e.Args)
		c.lambda(e.Rule)
		return func(fr *frame) error {
			for i, a := range args {
				fr.v[f.params[i]] = fr.get(a)
			}
			if err := f.body.run(fr); err != nil {
				return err
			}
			for i, r := range f.body.res {
				fr.v[outs[i]] = fr.get(r)
			}
			return nil
		}
	case *ir.JVP, *ir.VJP:
		name := "jvp"
		if _, ok := e.(*ir.VJP); ok {
			name = "vjp"
		}
		return func(fr *frame) error {
			return rtErr(pos, "AD operator %s not expanded (run the AD pass first)", name)
		}
	}
	panic(fmt.Sprintf("unknown expression %T", e))
}

func product(s []int64) int64 {
	n := int64(1)
	for _, d := range s {
		n *= d
	}
	return n
}

func (fr *frame) sizes(ops []operand, what string, pos ir.Pos) ([]int64, error) {
	dims := make([]int64, len(ops))
	for i, o := range ops {
		dims[i] = fr.scalar(o).Int()
		if dims[i] < 0 {
			return nil, rtErr(pos, "Negative size %d given to %s.", dims[i], what)
		}
	}
	if _, err := rt.CheckAlloc(dims, valueSize); err != nil {
		return nil, &Error{Pos: pos, Msg: err.Error()}
	}
	return dims, nil
}

func (c *compiler) index(e *ir.Index, o int, pos ir.Pos) stmFn {
	arr, idx := c.slot(e.Arr), c.operands(e.Idx)
	return func(fr *frame) error {
		a := fr.v[arr].a
		off := int64(0)
		for k, x := range idx {
			i := fr.scalar(x).Int()
			if i < 0 || i >= a.Shape[k] {
				return indexError(fr, pos, idx, a.Shape)
			}
			off = off*a.Shape[k] + i
		}
		if len(idx) == len(a.Shape) {
			fr.v[o] = value{s: a.Data[off]}
			return nil
		}
		rest := a.Shape[len(idx):]
		n := product(rest)
		fr.v[o] = value{a: &Array{Elem: a.Elem, Shape: rest, Data: a.Data[off*n : (off+1)*n : (off+1)*n]}}
		return nil
	}
}

func indexError(fr *frame, pos ir.Pos, idx []operand, shape []int64) error {
	parts := make([]string, len(idx))
	for i, x := range idx {
		parts[i] = fmt.Sprint(fr.scalar(x).Int())
	}
	return rtErr(pos, "Index [%s] out of bounds for array of shape %s.", strings.Join(parts, ", "), shapeString(shape))
}

// dimOp is a compiled ir.DimSlice.
type dimOp struct {
	fixed              bool
	i                  operand
	start, end, stride operand
}

func (c *compiler) dims(ds []ir.DimSlice) []dimOp {
	out := make([]dimOp, len(ds))
	for k, d := range ds {
		out[k] = dimOp{fixed: d.Fixed, i: c.operand(d.I), start: c.operand(d.Start), end: c.operand(d.End), stride: c.operand(d.Stride)}
	}
	return out
}

// region is a strided box inside an array: per dimension a start, count
// and stride; shape lists the counts of the dimensions that are kept.
type region struct {
	start         int64 // flat offset of the first element
	counts, steps []int64
	block         int64 // contiguous trailing elements copied at once
	shape         []int64
}

func (r *region) size() int64 { return product(r.shape) }

// each calls f with the offset and length of every contiguous block of the
// region, in row-major order.
func (r *region) each(a *Array, f func(off, n int64)) {
	for _, c := range r.counts {
		if c == 0 {
			return
		}
	}
	if len(r.counts) == 0 {
		f(r.start, r.block)
		return
	}
	idx := make([]int64, len(r.counts))
	off := r.start
	for {
		f(off, r.block)
		k := len(idx) - 1
		for ; k >= 0; k-- {
			idx[k]++
			off += r.steps[k]
			if idx[k] < r.counts[k] {
				break
			}
			off -= r.steps[k] * idx[k]
			idx[k] = 0
		}
		if k < 0 {
			return
		}
	}
}

func (fr *frame) region(a *Array, dims []dimOp, pos ir.Pos) (*region, error) {
	rank := len(a.Shape)
	strides := make([]int64, rank)
	s := int64(1)
	for k := rank - 1; k >= 0; k-- {
		strides[k] = s
		s *= a.Shape[k]
	}
	r := &region{}
	type span struct{ start, count, stride int64 }
	spans := make([]span, rank)
	for k := range rank {
		d := a.Shape[k]
		if k >= len(dims) {
			spans[k] = span{0, d, 1}
			r.shape = append(r.shape, d)
			continue
		}
		ds := dims[k]
		if ds.fixed {
			i := fr.scalar(ds.i).Int()
			if i < 0 || i >= d {
				return nil, fr.sliceError(pos, dims, a.Shape)
			}
			spans[k] = span{i, 1, 1}
			continue
		}
		st := int64(1)
		if ds.stride.present() {
			st = fr.scalar(ds.stride).Int()
		}
		if st == 0 {
			return nil, fr.sliceError(pos, dims, a.Shape)
		}
		i, j := int64(0), d
		if st < 0 {
			i, j = d-1, -1
		}
		if ds.start.present() {
			i = fr.scalar(ds.start).Int()
		}
		if ds.end.present() {
			j = fr.scalar(ds.end).Int()
		}
		if st > 0 && i > j || st < 0 && i < j {
			return nil, fr.sliceError(pos, dims, a.Shape)
		}
		var n int64
		if st > 0 {
			n = (j - i + st - 1) / st
		} else {
			n = (i - j - st - 1) / -st
		}
		if n > 0 && (i < 0 || i >= d || i+(n-1)*st < 0 || i+(n-1)*st >= d) {
			return nil, fr.sliceError(pos, dims, a.Shape)
		}
		spans[k] = span{i, n, st}
		r.shape = append(r.shape, n)
	}
	// Trailing whole dimensions form one contiguous block.
	inner := rank
	r.block = 1
	for inner > 0 {
		sp := spans[inner-1]
		if sp.start != 0 || sp.stride != 1 || sp.count != a.Shape[inner-1] {
			break
		}
		r.block *= sp.count
		inner--
	}
	for k := range inner {
		r.start += spans[k].start * strides[k]
		r.counts = append(r.counts, spans[k].count)
		r.steps = append(r.steps, spans[k].stride*strides[k])
	}
	if r.shape == nil {
		r.shape = []int64{}
	}
	return r, nil
}

func (fr *frame) sliceError(pos ir.Pos, dims []dimOp, shape []int64) error {
	parts := make([]string, len(dims))
	opt := func(o operand) string {
		if !o.present() {
			return ""
		}
		return fmt.Sprint(fr.scalar(o).Int())
	}
	for k, d := range dims {
		if d.fixed {
			parts[k] = opt(d.i)
			continue
		}
		parts[k] = opt(d.start) + ":" + opt(d.end)
		if d.stride.present() {
			parts[k] += ":" + opt(d.stride)
		}
	}
	return rtErr(pos, "Index [%s] out of bounds for array of shape %s.", strings.Join(parts, ", "), shapeString(shape))
}

func rearrange(a *Array, perm []int) *Array {
	rank := len(a.Shape)
	strides := make([]int64, rank)
	s := int64(1)
	for k := rank - 1; k >= 0; k-- {
		strides[k] = s
		s *= a.Shape[k]
	}
	shape := make([]int64, rank)
	steps := make([]int64, rank)
	for i, p := range perm {
		shape[i] = a.Shape[p]
		steps[i] = strides[p]
	}
	out := &Array{Elem: a.Elem, Shape: shape, Data: make([]prim.Value, 0, len(a.Data))}
	r := &region{counts: shape, steps: steps, block: 1, shape: shape}
	r.each(a, func(off, _ int64) { out.Data = append(out.Data, a.Data[off]) })
	return out
}
