// Code generated from package rt by fluxion's Go backend. DO NOT EDIT.

package rtimpl

import (
	"strconv"

	"github.com/fluxion-lang/fluxion/rt"
)

// Dim is one dimension of a slice or update: a fixed index or a range with
// optional start, end and stride (has* say which are given).
type Dim struct {
	Fixed                     bool
	I                         int64
	Start, End, Stride        int64
	HasStart, HasEnd, HasStep bool
}

// Region is a strided box of an array: a start offset, per-dimension
// counts and steps, and a contiguous trailing block.
type Region struct {
	Start         int64
	Counts, Steps []int64
	Block         int64
	Shape         []int64
}

// Each calls f with the offset and length of every contiguous block of
// the region, in row-major order.
func (r *Region) Each(f func(off, n int64)) {
	for _, c := range r.Counts {
		if c == 0 {
			return
		}
	}
	if len(r.Counts) == 0 {
		f(r.Start, r.Block)
		return
	}
	idx := make([]int64, len(r.Counts))
	off := r.Start
	for {
		f(off, r.Block)
		k := len(idx) - 1
		for ; k >= 0; k-- {
			idx[k]++
			off += r.Steps[k]
			if idx[k] < r.Counts[k] {
				break
			}
			off -= r.Steps[k] * idx[k]
			idx[k] = 0
		}
		if k < 0 {
			return
		}
	}
}

func SliceFail(pos string, dims []Dim, shape []int64) {
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
		if d.Fixed {
			parts += opt(true, d.I)
			continue
		}
		parts += opt(d.HasStart, d.Start) + ":" + opt(d.HasEnd, d.End)
		if d.HasStep {
			parts += ":" + opt(true, d.Stride)
		}
	}
	Fail(pos, "Index ["+parts+"] out of bounds for array of shape "+ShapeString(shape)+".")
}

func MakeRegion(pos string, shape []int64, dims []Dim) Region {
	rank := len(shape)
	strides := make([]int64, rank)
	s := int64(1)
	for k := rank - 1; k >= 0; k-- {
		strides[k] = s
		s *= shape[k]
	}
	r := Region{Shape: []int64{}}
	type span struct{ Start, count, Stride int64 }
	spans := make([]span, rank)
	for k := range rank {
		d := shape[k]
		if k >= len(dims) {
			spans[k] = span{0, d, 1}
			r.Shape = append(r.Shape, d)
			continue
		}
		ds := dims[k]
		if ds.Fixed {
			if ds.I < 0 || ds.I >= d {
				SliceFail(pos, dims, shape)
			}
			spans[k] = span{ds.I, 1, 1}
			continue
		}
		st := int64(1)
		if ds.HasStep {
			st = ds.Stride
		}
		if st == 0 {
			SliceFail(pos, dims, shape)
		}
		i, j := int64(0), d
		if st < 0 {
			i, j = d-1, -1
		}
		if ds.HasStart {
			i = ds.Start
		}
		if ds.HasEnd {
			j = ds.End
		}
		if st > 0 && i > j || st < 0 && i < j {
			SliceFail(pos, dims, shape)
		}
		var n int64
		if st > 0 {
			n = (j - i + st - 1) / st
		} else {
			n = (i - j - st - 1) / -st
		}
		if n > 0 && (i < 0 || i >= d || i+(n-1)*st < 0 || i+(n-1)*st >= d) {
			SliceFail(pos, dims, shape)
		}
		spans[k] = span{i, n, st}
		r.Shape = append(r.Shape, n)
	}
	inner := rank
	r.Block = 1
	for inner > 0 {
		sp := spans[inner-1]
		if sp.Start != 0 || sp.Stride != 1 || sp.count != shape[inner-1] {
			break
		}
		r.Block *= sp.count
		inner--
	}
	for k := range inner {
		r.Start += spans[k].Start * strides[k]
		r.Counts = append(r.Counts, spans[k].count)
		r.Steps = append(r.Steps, spans[k].Stride*strides[k])
	}
	return r
}

// Slice copies the region dims of a into a new array.
func Slice[T any](pos string, a rt.Array[T], dims ...Dim) rt.Array[T] {
	r := MakeRegion(pos, a.Shape, dims)
	out := rt.Array[T]{Shape: r.Shape, Data: make([]T, 0, Product(r.Shape))}
	r.Each(func(off, n int64) { out.Data = append(out.Data, a.Data[off:off+n]...) })
	return out
}

// UpdateScalar writes v at the single element dims of a (in place).
func UpdateScalar[T any](pos string, a rt.Array[T], v T, dims ...Dim) rt.Array[T] {
	r := MakeRegion(pos, a.Shape, dims)
	if len(r.Shape) != 0 {
		Fail(pos, "Cannot update a region of shape "+ShapeString(r.Shape)+" with a scalar.")
	}
	a.Data[r.Start] = v
	return a
}

// UpdateArr writes v over the region dims of a (in place).
func UpdateArr[T any](pos string, a rt.Array[T], v rt.Array[T], dims ...Dim) rt.Array[T] {
	r := MakeRegion(pos, a.Shape, dims)
	if !SameShape(v.Shape, r.Shape) {
		Fail(pos, "Cannot update a region of shape "+ShapeString(r.Shape)+" with a value of shape "+ShapeString(v.Shape)+".")
	}
	src := v.Data
	if r.Block != Product(r.Shape) {
		// The value may be a view of the array being updated.
		src = append([]T(nil), src...)
	}
	k := int64(0)
	r.Each(func(off, n int64) {
		copy(a.Data[off:off+n], src[k:k+n])
		k += n
	})
	return a
}

// UpdateRange writes v over r, a contiguous block of an array (from
// sliceRange), as updateArr does for such a region: the blocks may
// overlap, which copy allows.
func UpdateRange[T any](pos string, r, v rt.Array[T]) {
	if !SameShape(v.Shape, r.Shape) {
		Fail(pos, "Cannot update a region of shape "+ShapeString(r.Shape)+" with a value of shape "+ShapeString(v.Shape)+".")
	}
	copy(r.Data, v.Data)
}

// UpdateRow writes v over the row of a at the outer indices idx (in
// place), as updateArr does for a region of fixed indices.
func UpdateRow[T any](pos string, a rt.Array[T], v rt.Array[T], idx ...int64) {
	off := int64(0)
	for k, i := range idx {
		if i < 0 || i >= a.Shape[k] {
			ds := make([]Dim, len(idx))
			for j, x := range idx {
				ds[j] = Dim{Fixed: true, I: x}
			}
			SliceFail(pos, ds, a.Shape)
		}
		off = off*a.Shape[k] + i
	}
	rest := a.Shape[len(idx):]
	if !SameShape(v.Shape, rest) {
		Fail(pos, "Cannot update a region of shape "+ShapeString(rest)+" with a value of shape "+ShapeString(v.Shape)+".")
	}
	n := int64(len(v.Data))
	copy(a.Data[off*n:(off+1)*n], v.Data)
}

// SliceRange is a[fixed..., start:end] (stride 1): the contiguous block of
// a it names, shared with a. shp has room for the result's shape; its
// later entries are the trailing dimensions of a. The checks and messages
// are slice's.
func SliceRange[T any](pos string, a rt.Array[T], shp []int64, start int64, hasStart bool, end int64, hasEnd bool, fixed ...int64) rt.Array[T] {
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
		dims := make([]Dim, 0, k+1)
		for _, i := range fixed {
			dims = append(dims, Dim{Fixed: true, I: i})
		}
		dims = append(dims, Dim{Start: start, HasStart: hasStart, End: end, HasEnd: hasEnd})
		SliceFail(pos, dims, a.Shape)
	}
	inner := Product(a.Shape[k+1:])
	shp[0] = n
	base := (off*d + start) * inner
	return rt.Array[T]{Shape: shp, Data: a.Data[base : base+n*inner : base+n*inner]}
}

// SliceOK reports whether [start, end) (stride 1) is a valid range of a
// dimension of n elements: start <= end, and an empty range may lie
// anywhere.
func SliceOK(n, start, end int64) bool {
	return start <= end && (start == end || start >= 0 && start < n && end <= n)
}
