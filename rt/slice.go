package rt

import "strconv"

// dim is one dimension of a slice or update: a fixed index or a range with
// optional start, end and stride (has* say which are given).
type dim struct {
	fixed                     bool
	i                         int64
	start, end, stride        int64
	hasStart, hasEnd, hasStep bool
}

// region is a strided box of an array: a start offset, per-dimension
// counts and steps, and a contiguous trailing block.
type region struct {
	start         int64
	counts, steps []int64
	block         int64
	shape         []int64
}

// each calls f with the offset and length of every contiguous block of
// the region, in row-major order.
func (r *region) each(f func(off, n int64)) {
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

func sliceFail(pos string, dims []dim, shape []int64) {
	parts := ""
	opt := func(has bool, x int64) string {
		if !has {
			return ""
		}
		return strconv.FormatInt(x, 10)
	}
	for k, d := range dims {
		if k > 0 {
			parts += ", "
		}
		if d.fixed {
			parts += opt(true, d.i)
			continue
		}
		parts += opt(d.hasStart, d.start) + ":" + opt(d.hasEnd, d.end)
		if d.hasStep {
			parts += ":" + opt(true, d.stride)
		}
	}
	fail(pos, "Index ["+parts+"] out of bounds for array of shape "+shapeString(shape)+".")
}

func makeRegion(pos string, shape []int64, dims []dim) region {
	rank := len(shape)
	strides := make([]int64, rank)
	s := int64(1)
	for k := rank - 1; k >= 0; k-- {
		strides[k] = s
		s *= shape[k]
	}
	r := region{shape: []int64{}}
	type span struct{ start, count, stride int64 }
	spans := make([]span, rank)
	for k := range rank {
		d := shape[k]
		if k >= len(dims) {
			spans[k] = span{0, d, 1}
			r.shape = append(r.shape, d)
			continue
		}
		ds := dims[k]
		if ds.fixed {
			if ds.i < 0 || ds.i >= d {
				sliceFail(pos, dims, shape)
			}
			spans[k] = span{ds.i, 1, 1}
			continue
		}
		st := int64(1)
		if ds.hasStep {
			st = ds.stride
		}
		if st == 0 {
			sliceFail(pos, dims, shape)
		}
		i, j := int64(0), d
		if st < 0 {
			i, j = d-1, -1
		}
		if ds.hasStart {
			i = ds.start
		}
		if ds.hasEnd {
			j = ds.end
		}
		if st > 0 && i > j || st < 0 && i < j {
			sliceFail(pos, dims, shape)
		}
		var n int64
		if st > 0 {
			n = (j - i + st - 1) / st
		} else {
			n = (i - j - st - 1) / -st
		}
		if n > 0 && (i < 0 || i >= d || i+(n-1)*st < 0 || i+(n-1)*st >= d) {
			sliceFail(pos, dims, shape)
		}
		spans[k] = span{i, n, st}
		r.shape = append(r.shape, n)
	}
	inner := rank
	r.block = 1
	for inner > 0 {
		sp := spans[inner-1]
		if sp.start != 0 || sp.stride != 1 || sp.count != shape[inner-1] {
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
	return r
}

// slice copies the region dims of a into a new array.
func slice[T any](pos string, a Array[T], dims ...dim) Array[T] {
	r := makeRegion(pos, a.Shape, dims)
	out := Array[T]{Shape: r.shape, Data: make([]T, 0, product(r.shape))}
	r.each(func(off, n int64) { out.Data = append(out.Data, a.Data[off:off+n]...) })
	return out
}

// updateScalar writes v at the single element dims of a (in place).
func updateScalar[T any](pos string, a Array[T], v T, dims ...dim) Array[T] {
	r := makeRegion(pos, a.Shape, dims)
	if len(r.shape) != 0 {
		fail(pos, "Cannot update a region of shape "+shapeString(r.shape)+" with a scalar.")
	}
	a.Data[r.start] = v
	return a
}

// updateArr writes v over the region dims of a (in place).
func updateArr[T any](pos string, a Array[T], v Array[T], dims ...dim) Array[T] {
	r := makeRegion(pos, a.Shape, dims)
	if !sameShape(v.Shape, r.shape) {
		fail(pos, "Cannot update a region of shape "+shapeString(r.shape)+" with a value of shape "+shapeString(v.Shape)+".")
	}
	src := v.Data
	if r.block != product(r.shape) {
		// The value may be a view of the array being updated.
		src = append([]T(nil), src...)
	}
	k := int64(0)
	r.each(func(off, n int64) {
		copy(a.Data[off:off+n], src[k:k+n])
		k += n
	})
	return a
}

// updateRange writes v over r, a contiguous block of an array (from
// sliceRange), as updateArr does for such a region: the blocks may
// overlap, which copy allows.
func updateRange[T any](pos string, r, v Array[T]) {
	if !sameShape(v.Shape, r.Shape) {
		fail(pos, "Cannot update a region of shape "+shapeString(r.Shape)+" with a value of shape "+shapeString(v.Shape)+".")
	}
	copy(r.Data, v.Data)
}

// updateRow writes v over the row of a at the outer indices idx (in
// place), as updateArr does for a region of fixed indices.
func updateRow[T any](pos string, a Array[T], v Array[T], idx ...int64) {
	off := int64(0)
	for k, i := range idx {
		if i < 0 || i >= a.Shape[k] {
			ds := make([]dim, len(idx))
			for j, x := range idx {
				ds[j] = dim{fixed: true, i: x}
			}
			sliceFail(pos, ds, a.Shape)
		}
		off = off*a.Shape[k] + i
	}
	rest := a.Shape[len(idx):]
	if !sameShape(v.Shape, rest) {
		fail(pos, "Cannot update a region of shape "+shapeString(rest)+" with a value of shape "+shapeString(v.Shape)+".")
	}
	n := int64(len(v.Data))
	copy(a.Data[off*n:(off+1)*n], v.Data)
}

// sliceRange is a[fixed..., start:end] (stride 1): the contiguous block of
// a it names, shared with a. shp has room for the result's shape; its
// later entries are the trailing dimensions of a. The checks and messages
// are slice's.
func sliceRange[T any](pos string, a Array[T], shp []int64, start int64, hasStart bool, end int64, hasEnd bool, fixed ...int64) Array[T] {
	k := len(fixed)
	off := int64(0)
	bad := false
	for j, i := range fixed {
		if i < 0 || i >= a.Shape[j] {
			bad = true
		}
		off = off*a.Shape[j] + i
	}
	d := a.Shape[k]
	if !hasStart {
		start = 0
	}
	if !hasEnd {
		end = d
	}
	n := end - start
	if !bad && (start > end || n > 0 && (start < 0 || start >= d || end > d)) {
		bad = true
	}
	if bad {
		dims := make([]dim, 0, k+1)
		for _, i := range fixed {
			dims = append(dims, dim{fixed: true, i: i})
		}
		dims = append(dims, dim{start: start, hasStart: hasStart, end: end, hasEnd: hasEnd})
		sliceFail(pos, dims, a.Shape)
	}
	inner := product(a.Shape[k+1:])
	shp[0] = n
	base := (off*d + start) * inner
	return Array[T]{Shape: shp, Data: a.Data[base : base+n*inner : base+n*inner]}
}

// sliceOK reports whether [start, end) (stride 1) is a valid range of a
// dimension of n elements: start <= end, and an empty range may lie
// anywhere.
func sliceOK(n, start, end int64) bool {
	return start <= end && (start == end || start >= 0 && start < n && end <= n)
}
