// Code generated from package rt by fluxion's Go backend. DO NOT EDIT.

package rtimpl

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/fluxion-lang/fluxion/rt"
)

// ShapeMismatch describes why n elements cannot have the given shape, or
// returns "" when they can.
func ShapeMismatch(shape []int64, n int) string {
	count := int64(1)
	for _, d := range shape {
		if d < 0 {
			return fmt.Sprintf("shape %s has a negative dimension %d", ShapeString(shape), d)
		}
		hi, lo := bits.Mul64(uint64(count), uint64(d))
		if hi != 0 || lo > math.MaxInt64 {
			if !slices.Contains(shape, 0) {
				return fmt.Sprintf("shape %s has too many elements", ShapeString(shape))
			}
			return CheckCount(shape, n, 0)
		}
		count = int64(lo)
	}
	return CheckCount(shape, n, count)
}

func CheckCount(shape []int64, n int, want int64) string {
	if want != int64(n) {
		return fmt.Sprintf("shape %s needs %d elements, got %d", ShapeString(shape), want, n)
	}
	return ""
}

// CheckArg fails unless argument i of entry, of type typ (elements elem),
// is an array of the given rank whose data fits its shape.
func CheckArg[T any](entry string, i, rank int, elem, typ string, a rt.Array[T]) {
	if len(a.Shape) != rank {
		Fail("", "argument "+Itoa(int64(i+1))+" of "+entry+": got an array of shape "+ShapeString(a.Shape)+elem+", want a value of type "+typ)
	}
	if msg := ShapeMismatch(a.Shape, len(a.Data)); msg != "" {
		Fail("", "argument "+Itoa(int64(i+1))+" of "+entry+": "+msg)
	}
}

// Fail aborts the running entry point; catch turns it into its error.
func Fail(pos, msg string) {
	panic(&rt.Error{Pos: pos, Msg: msg})
}

// FailArgs is fail with each "%v" in msg replaced by the next argument, as
// the interpreter does for the same assertion.
func FailArgs(pos, msg string, args ...any) {
	var b strings.Builder
	for _, a := range args {
		i := strings.Index(msg, "%v")
		if i < 0 {
			break
		}
		b.WriteString(msg[:i])
		fmt.Fprint(&b, a)
		msg = msg[i+2:]
	}
	b.WriteString(msg)
	Fail(pos, b.String())
}

// Catch recovers a failure raised by fail (or any other panic, reported as
// an internal error) into *err; entry points defer it.
func Catch(err *error) {
	r := recover()
	if r == nil {
		return
	}
	if e, ok := r.(*rt.Error); ok {
		*err = e
		return
	}
	*err = fmt.Errorf("internal error in generated code: %v", r)
}

func ShapeString(s []int64) string {
	var b strings.Builder
	for _, d := range s {
		b.WriteByte('[')
		if d >= 0 {
			b.WriteString(strconv.FormatInt(d, 10))
		}
		b.WriteByte(']')
	}
	return b.String()
}

func Product(s []int64) int64 {
	n := int64(1)
	for _, d := range s {
		n *= d
	}
	return n
}

func SameShape(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// ShapeFail reports a result whose shape differs from its declared one;
// want has -1 for dimensions not known statically.
func ShapeFail(pos string, got []int64, want ...int64) {
	Fail(pos, "Value of shape "+ShapeString(got)+" does not match shape "+ShapeString(want)+".")
}

// IndexFail reports an out-of-bounds index.
func IndexFail(pos string, shape []int64, idx ...int64) {
	parts := make([]string, len(idx))
	for i, x := range idx {
		parts[i] = strconv.FormatInt(x, 10)
	}
	Fail(pos, "Index ["+strings.Join(parts, ", ")+"] out of bounds for array of shape "+ShapeString(shape)+".")
}

// Row returns a view of element off of the outer k dimensions of a.
func Row[T any](a rt.Array[T], k int, off int64) rt.Array[T] {
	rest := a.Shape[k:]
	n := Product(rest)
	return rt.Array[T]{Shape: rest, Data: a.Data[off*n : (off+1)*n : (off+1)*n]}
}

// Index computes the flat offset of idx in the outer dimensions of a,
// failing when out of bounds.
func Index[T any](pos string, a rt.Array[T], idx ...int64) int64 {
	off := int64(0)
	for k, i := range idx {
		if i < 0 || i >= a.Shape[k] {
			IndexFail(pos, a.Shape, idx...)
		}
		off = off*a.Shape[k] + i
	}
	return off
}

func Clone[T any](a rt.Array[T]) rt.Array[T] {
	return rt.Array[T]{Shape: append([]int64(nil), a.Shape...), Data: append([]T(nil), a.Data...)}
}

func CheckSizes(pos, what string, dims ...int64) {
	for _, d := range dims {
		if d < 0 {
			Fail(pos, fmt.Sprintf("Negative size %d given to %s.", d, what))
		}
	}
}

func Replicate[T any](pos string, v T, dims ...int64) rt.Array[T] {
	CheckSizes(pos, "replicate", dims...)
	data := MakeFull[T](AllocLen[T](pos, dims...))
	for i := range data {
		data[i] = v
	}
	return rt.Array[T]{Shape: dims, Data: data}
}

func ReplicateArr[T any](pos string, v rt.Array[T], dims ...int64) rt.Array[T] {
	CheckSizes(pos, "replicate", dims...)
	shape := append(dims, v.Shape...)
	data := MakeFull[T](AllocLen[T](pos, shape...))[:0]
	for range Product(dims) {
		data = append(data, v.Data...)
	}
	return rt.Array[T]{Shape: shape, Data: data}
}

func Scratch[T any](pos string, dims ...int64) rt.Array[T] {
	CheckSizes(pos, "scratch", dims...)
	return rt.Array[T]{Shape: dims, Data: MakeData[T](AllocLen[T](pos, dims...))}
}

// Alloc makes a zeroed array of outer size n and row shape inner (nil for
// an array of scalars), failing at pos when it is too large.
func Alloc[T any](pos string, n int64, inner []int64) rt.Array[T] {
	shape := append([]int64{n}, inner...)
	return rt.Array[T]{Shape: shape, Data: MakeData[T](AllocLen[T](pos, shape...))}
}

func Reshape[T any](pos string, a rt.Array[T], dims ...int64) rt.Array[T] {
	CheckSizes(pos, "reshape", dims...)
	if Product(dims) != int64(len(a.Data)) {
		Fail(pos, "Cannot reshape array of shape "+ShapeString(a.Shape)+" to shape "+ShapeString(dims)+".")
	}
	return rt.Array[T]{Shape: dims, Data: a.Data}
}

func Concat[T any](pos string, arrs ...rt.Array[T]) rt.Array[T] {
	first := arrs[0]
	total := int64(0)
	for _, a := range arrs {
		if !SameShape(a.Shape[1:], first.Shape[1:]) {
			Fail(pos, "Cannot concatenate arrays of shapes "+ShapeString(first.Shape)+" and "+ShapeString(a.Shape)+".")
		}
		if total += a.Shape[0]; total < 0 {
			Fail(pos, "Cannot concatenate arrays of shapes "+ShapeString(first.Shape)+" and "+ShapeString(a.Shape)+": the result has too many rows.")
		}
	}
	shape := append([]int64{total}, first.Shape[1:]...)
	data := MakeFull[T](AllocLen[T](pos, shape...))[:0]
	for _, a := range arrs {
		data = append(data, a.Data...)
	}
	return rt.Array[T]{Shape: shape, Data: data}
}

func Rotate[T any](r int64, a rt.Array[T]) rt.Array[T] {
	out := rt.Array[T]{Shape: append([]int64(nil), a.Shape...), Data: MakeFull[T](int64(len(a.Data)))[:0]}
	if n := a.Shape[0]; n > 0 {
		k := r % n
		if k < 0 {
			k += n
		}
		split := k * Product(a.Shape[1:])
		out.Data = append(append(out.Data, a.Data[split:]...), a.Data[:split]...)
	}
	return out
}

// ArrayLit builds an array from row arrays that must all have shape inner.
func ArrayLit[T any](pos string, inner []int64, rows ...rt.Array[T]) rt.Array[T] {
	if len(rows) > 0 {
		inner = rows[0].Shape
	}
	shape := append([]int64{int64(len(rows))}, inner...)
	data := MakeFull[T](Product(shape))[:0]
	for _, r := range rows {
		if !SameShape(r.Shape, inner) {
			Fail(pos, "Array literal elements have shapes "+ShapeString(inner)+" and "+ShapeString(r.Shape)+".")
		}
		data = append(data, r.Data...)
	}
	return rt.Array[T]{Shape: shape, Data: data}
}

func Rearrange[T any](a rt.Array[T], perm ...int) rt.Array[T] {
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
	out := rt.Array[T]{Shape: shape, Data: MakeFull[T](int64(len(a.Data)))[:0]}
	r := Region{Counts: shape, Steps: steps, Block: 1}
	r.Each(func(off, _ int64) { out.Data = append(out.Data, a.Data[off]) })
	return out
}

// StoreRow writes v (of shape rest) at row off of the outer dimensions of
// a, failing with a shape error when v has the wrong shape.
func StoreRow[T any](pos string, a rt.Array[T], k int, off int64, v rt.Array[T]) {
	rest := a.Shape[k:]
	if !SameShape(rest, v.Shape) {
		ShapeFail(pos, v.Shape, rest...)
	}
	n := int64(len(v.Data))
	copy(a.Data[off*n:(off+1)*n], v.Data)
}

// PutRow stores row i of a map or scan result, whose row shape was fixed by
// the first row. A row built in place is already there.
func PutRow[T any](pos string, a rt.Array[T], i int64, v rt.Array[T]) {
	if !SameShape(a.Shape[1:], v.Shape) {
		Fail(pos, "Value of shape "+ShapeString(v.Shape)+" does not match shape "+ShapeString(a.Shape[1:])+" (irregular array).")
	}
	n := int64(len(v.Data))
	if n == 0 || &a.Data[i*n] == &v.Data[0] {
		return
	}
	copy(a.Data[i*n:(i+1)*n], v.Data)
}

// CheckWidth fails unless every input has outer size n (n >= 0).
func CheckWidth(pos, what string, n int64, shapes ...[]int64) {
	if n < 0 {
		Fail(pos, fmt.Sprintf("Negative size %d given to %s.", n, what))
	}
	for _, s := range shapes {
		if len(s) == 0 || s[0] != n {
			Fail(pos, "Value of shape "+ShapeString(s)+" does not match shape ["+strconv.FormatInt(n, 10)+"] ("+what+" input).")
		}
	}
}

// Iota returns start, start+step, ... (n elements) converted by conv.
func Iota[T any](pos string, n, start, step int64, conv func(int64) T) rt.Array[T] {
	if n < 0 {
		Fail(pos, fmt.Sprintf("Range %d..%d..<%d is invalid.", start, start+step, start+n*step))
	}
	data := MakeFull[T](AllocLen[T](pos, n))
	for i := range data {
		data[i] = conv(start + int64(i)*step)
	}
	return rt.Array[T]{Shape: []int64{n}, Data: data}
}

func Itoa(x int64) string { return strconv.FormatInt(x, 10) }

func GoTypeName(x any) string { return fmt.Sprintf("%T", x) }

// Grow returns b resliced to n elements, reallocated only when it is too
// small: the scratch buffers of generated code live across iterations.
func Grow[T any](b []T, n int64) []T {
	if int64(cap(b)) >= n {
		return b[:n]
	}
	return MakeScratch[T](n) // a buffer kept across runs lives on the heap; its users clear it where they need zeros
}

// HasShape reports whether shape is dims.
func HasShape(shape []int64, dims ...int64) bool {
	if len(shape) != len(dims) {
		return false
	}
	for i, d := range dims {
		if shape[i] != d {
			return false
		}
	}
	return true
}

// CheckIota fails as iota does for a negative length.
func CheckIota(pos string, n, start, step int64) {
	if n < 0 {
		Fail(pos, fmt.Sprintf("Range %d..%d..<%d is invalid.", start, start+step, start+n*step))
	}
}

// Fill sets every element of data to v.
func Fill[T any](data []T, v T) {
	for i := range data {
		data[i] = v
	}
}

// FillRows repeats row over data (whose length is a multiple of row's).
func FillRows[T any](data, row []T) {
	if len(row) == 0 {
		return
	}
	for off := 0; off < len(data); off += len(row) {
		copy(data[off:off+len(row)], row)
	}
}

// CheckConcat fails unless the arrays' rows have the same shape and the
// number of rows of the result fits an int64.
func CheckConcat[T any](pos string, arrs ...rt.Array[T]) {
	first := arrs[0]
	total := int64(0)
	for _, a := range arrs {
		if !SameShape(a.Shape[1:], first.Shape[1:]) {
			Fail(pos, "Cannot concatenate arrays of shapes "+ShapeString(first.Shape)+" and "+ShapeString(a.Shape)+".")
		}
		if total += a.Shape[0]; total < 0 {
			Fail(pos, "Cannot concatenate arrays of shapes "+ShapeString(first.Shape)+" and "+ShapeString(a.Shape)+": the result has too many rows.")
		}
	}
}

// ConcatInto writes the arrays one after the other into dst.
func ConcatInto[T any](dst rt.Array[T], arrs ...rt.Array[T]) {
	off := 0
	for _, a := range arrs {
		if len(a.Data) > 0 && off < len(dst.Data) && &dst.Data[off] == &a.Data[0] {
			// Built in place, in its part of dst.
			off += len(a.Data)
			continue
		}
		off += copy(dst.Data[off:], a.Data)
	}
}

// Rotation is the offset of element 0 of an array of n elements rotated
// left by r (right when r is negative).
func Rotation(r, n int64) int64 {
	if n == 0 {
		return 0
	}
	k := r % n
	if k < 0 {
		k += n
	}
	return k
}

// Wrap reduces an index below 2n to one below n.
func Wrap(j, n int64) int64 {
	if j >= n {
		return j - n
	}
	return j
}

// ReshapeTo views a with the shape dims (whose sizes are checked).
func ReshapeTo[T any](pos string, a rt.Array[T], dims []int64) rt.Array[T] {
	if Product(dims) != int64(len(a.Data)) {
		Fail(pos, "Cannot reshape array of shape "+ShapeString(a.Shape)+" to shape "+ShapeString(dims)+".")
	}
	return rt.Array[T]{Shape: dims, Data: a.Data}
}

// TransposeTile is the side of the square tiles transposeInto copies: a
// tile's source rows and destination rows stay in the cache while it is
// copied, where a row-by-row transpose touches a new cache line of the
// destination with every element.
const TransposeTile = 32

// TransposeInto writes the transpose of the rows x cols matrix src into
// dst, by tiles, in parallel when the matrix is large. Tiles are numbered
// down each column of tiles first, so that a chunk of them writes
// consecutive stretches of dst rows, and a narrow matrix (few columns,
// as a Jacobian of few columns has) splits by rows as well.
func TransposeInto[T any](dst, src []T, rows, cols int64) {
	if rows == 0 || cols == 0 {
		return
	}
	rowTiles := (rows + TransposeTile - 1) / TransposeTile
	tiles := rowTiles * ((cols + TransposeTile - 1) / TransposeTile)
	body := func(lo, hi int64) {
		// A tile of many rows goes through buf: read by rows of src,
		// written by rows of dst. Writing dst straight from src rows
		// touches one line per dst row per element, and when dst's rows
		// lie a multiple of the cache's way size apart, all those lines
		// compete for one cache set.
		var buf [TransposeTile * TransposeTile]T
		for t := lo; t < hi; t++ {
			j0 := t / rowTiles * TransposeTile
			j1 := min(j0+TransposeTile, cols)
			i0 := t % rowTiles * TransposeTile
			i1 := min(i0+TransposeTile, rows)
			if i1-i0 < TransposeTile/2 {
				// Few rows: dst's rows are close together, write them
				// directly.
				for i := i0; i < i1; i++ {
					row := src[i*cols+j0 : i*cols+j1]
					for k, x := range row {
						dst[(j0+int64(k))*rows+i] = x
					}
				}
				continue
			}
			for i := i0; i < i1; i++ {
				row := src[i*cols+j0 : i*cols+j1]
				for k, x := range row {
					buf[k*TransposeTile+int(i-i0)] = x
				}
			}
			for j := j0; j < j1; j++ {
				b := (j - j0) * TransposeTile
				copy(dst[j*rows+i0:j*rows+i1], buf[b:b+i1-i0])
			}
		}
	}
	if rows*cols < 1<<16 {
		body(0, tiles)
		return
	}
	// At least 2^14 elements per chunk.
	ParFor(tiles, (1<<14)/(TransposeTile*TransposeTile), body)
}

// RearrangeInto writes a with its dimensions permuted by perm into dst,
// whose shape is the permuted one. Source dimensions that stay adjacent
// and in order are merged first, so that [n][3][k] -> [k][n][3] is the
// 2-D transpose of [3n][k], and [m][n][k] -> [m][k][n] m of them, both by
// tiles (transposeInto); what remains walks dst with an odometer.
func RearrangeInto[T any](dst, a rt.Array[T], perm ...int) {
	if len(dst.Data) == 0 {
		return
	}
	// Merge: group g covers the source dimensions lo[g]..hi[g]-1 and
	// appears at position g of dst.
	var loBuf, hiBuf, shBuf, pBuf [8]int64
	lo, hi := loBuf[:0], hiBuf[:0]
	for k, p := range perm {
		if k > 0 && int64(p) == hi[len(hi)-1] {
			hi[len(hi)-1]++
			continue
		}
		lo, hi = append(lo, int64(p)), append(hi, int64(p)+1)
	}
	// The groups' sizes in source order, and perm over groups.
	rank := len(lo)
	shape, gp := shBuf[:0], pBuf[:0]
	for range rank {
		shape, gp = append(shape, 0), append(gp, 0)
	}
	for g := range rank {
		src := 0 // the group's position in source order
		for h := range rank {
			if lo[h] < lo[g] {
				src++
			}
		}
		gp[g] = int64(src)
		shape[src] = Product(a.Shape[lo[g]:hi[g]])
	}
	switch {
	case rank == 1:
		copy(dst.Data, a.Data)
		return
	case rank == 2:
		TransposeInto(dst.Data, a.Data, shape[0], shape[1])
		return
	case rank == 3 && gp[0] == 0:
		block := shape[1] * shape[2]
		for i := range shape[0] {
			TransposeInto(dst.Data[i*block:(i+1)*block], a.Data[i*block:(i+1)*block], shape[1], shape[2])
		}
		return
	}
	// Walk dst in row-major order with an odometer over its dimensions,
	// keeping the source offset in step; when the innermost dimension
	// stays innermost, copy it as one block.
	var strideBuf, idxBuf, dimBuf [8]int64
	strides, idx, dims := strideBuf[:0], idxBuf[:0], dimBuf[:0]
	for range rank {
		strides, idx, dims = append(strides, 0), append(idx, 0), append(dims, 0)
	}
	st := int64(1)
	for k := rank - 1; k >= 0; k-- {
		strides[k] = st
		st *= shape[k]
	}
	for g := range rank {
		dims[g] = shape[gp[g]]
	}
	outer, block := rank, int64(1)
	if gp[rank-1] == int64(rank-1) {
		outer, block = rank-1, shape[rank-1]
	}
	src := int64(0)
	for off := int64(0); off < int64(len(dst.Data)); off += block {
		if block == 1 {
			dst.Data[off] = a.Data[src]
		} else {
			copy(dst.Data[off:off+block], a.Data[src:src+block])
		}
		for k := outer - 1; k >= 0; k-- {
			idx[k]++
			src += strides[gp[k]]
			if idx[k] < dims[k] {
				break
			}
			src -= strides[gp[k]] * idx[k]
			idx[k] = 0
		}
	}
}

// RotateInto writes a rotated left by r (right when negative) into dst.
func RotateInto[T any](dst rt.Array[T], r int64, a rt.Array[T]) {
	n := a.Shape[0]
	if n == 0 {
		return
	}
	split := Rotation(r, n) * Product(a.Shape[1:])
	k := copy(dst.Data, a.Data[split:])
	copy(dst.Data[k:], a.Data[:split])
}

// ArrayLitInto stores the rows of an array literal into dst, failing when
// they do not all have dst's row shape.
func ArrayLitInto[T any](pos string, dst rt.Array[T], rows ...rt.Array[T]) {
	inner := dst.Shape[1:]
	n := Product(inner)
	for i, r := range rows {
		if !SameShape(r.Shape, inner) {
			Fail(pos, "Array literal elements have shapes "+ShapeString(inner)+" and "+ShapeString(r.Shape)+".")
		}
		if n > 0 && &dst.Data[int64(i)*n] == &r.Data[0] {
			continue // built in place, in its row of dst
		}
		copy(dst.Data[int64(i)*n:], r.Data)
	}
}
