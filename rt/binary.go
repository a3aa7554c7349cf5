package rt

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strings"
)

// binTypes are the element type names of the binary value format, as
// 4 bytes right-aligned.
var binTypes = map[string]string{
	"i8": "  i8", "i16": " i16", "i32": " i32", "i64": " i64",
	"u8": "  u8", "u16": " u16", "u32": " u32", "u64": " u64",
	"f16": " f16", "f32": " f32", "f64": " f64", "bool": "bool",
}

// splitType returns the rank and element type of a type string such
// as "[n][3]f64" (sizes are ignored).
func splitType(t string) (int, string) {
	rank := strings.Count(t, "[")
	if i := strings.LastIndexByte(t, ']'); i >= 0 {
		t = t[i+1:]
	}
	return rank, t
}

// ReadBinary reads one value per type in types (type strings, as in
// EntryPoint.Params) in the binary value format, skipping whitespace
// between values, and returns them as Go values for EntryPoint.Call.
//
// The binary value format is the one of fluxion run -b and of test data
// files: per value the byte 'b', the version 2, the rank (one byte), the
// element type as 4 bytes right-aligned ("  i8", " f64", "bool"), one
// little-endian uint64 per dimension, then the elements, little-endian,
// in row-major order.
func ReadBinary(r io.Reader, types []string) ([]any, error) {
	br := bufio.NewReader(r)
	out := make([]any, len(types))
	for k, t := range types {
		v, err := readBinaryValue(br, t)
		if err != nil {
			return nil, fmt.Errorf("argument %d: %w", k+1, err)
		}
		out[k] = v
	}
	return out, nil
}

func readBinaryValue(br *bufio.Reader, t string) (any, error) {
	var c byte
	for {
		b, err := br.ReadByte()
		if err != nil {
			return nil, fmt.Errorf("reading a value: %w", err)
		}
		if b != ' ' && b != '\t' && b != '\n' && b != '\r' {
			c = b
			break
		}
	}
	if c != 'b' {
		return nil, fmt.Errorf("not a binary value (byte %#02x)", c)
	}
	var head [6]byte
	if _, err := io.ReadFull(br, head[:]); err != nil {
		return nil, fmt.Errorf("reading a value header: %w", err)
	}
	if head[0] != 2 {
		return nil, fmt.Errorf("binary format version %d, want 2", head[0])
	}
	rank, elem := splitType(t)
	if int(head[1]) != rank || string(head[2:6]) != binTypes[elem] {
		return nil, fmt.Errorf("got a value of rank %d and type %q, want %s", head[1], strings.TrimSpace(string(head[2:6])), t)
	}
	shape := make([]int64, rank)
	for i := range shape {
		var d [8]byte
		if _, err := io.ReadFull(br, d[:]); err != nil {
			return nil, fmt.Errorf("reading the shape: %w", err)
		}
		u := binary.LittleEndian.Uint64(d[:])
		if u > math.MaxInt64 {
			return nil, fmt.Errorf("dimension %d of a value of type %s is too large", u, t)
		}
		shape[i] = int64(u)
	}
	size := int64(binTypeSize(elem))
	n, err := CheckAlloc(shape, size)
	if err != nil {
		return nil, fmt.Errorf("a value of type %s: %w", t, err)
	}
	// The buffer grows as bytes arrive, so a size that the input does not
	// have fails at its end without allocating the whole size first.
	var raw bytes.Buffer
	raw.Grow(int(min(n*size, 1<<20)))
	if got, err := io.CopyN(&raw, br, n*size); err != nil {
		return nil, fmt.Errorf("reading the %d elements of shape %s: got %d of %d bytes: %w", n, shapeString(shape), got, n*size, err)
	}
	return decode(elem, rank, shape, raw.Bytes()), nil
}

// binTypeSize is the size in bytes of one element of the binary format.
func binTypeSize(elem string) int {
	switch elem {
	case "i8", "u8", "bool":
		return 1
	case "i16", "u16", "f16":
		return 2
	case "i32", "u32", "f32":
		return 4
	}
	return 8
}

func decodeAs[T any](rank int, shape []int64, raw []byte, size int, f func([]byte) T) any {
	data := makeFull[T](int64(len(raw) / size))
	for i := range data {
		data[i] = f(raw[i*size:])
	}
	if rank == 0 {
		return data[0]
	}
	return Array[T]{Shape: shape, Data: data}
}

func decode(elem string, rank int, shape []int64, raw []byte) any {
	le := binary.LittleEndian
	switch elem {
	case "i8":
		return decodeAs(rank, shape, raw, 1, func(b []byte) int8 { return int8(b[0]) })
	case "u8":
		return decodeAs(rank, shape, raw, 1, func(b []byte) uint8 { return b[0] })
	case "bool":
		return decodeAs(rank, shape, raw, 1, func(b []byte) bool { return b[0] != 0 })
	case "i16":
		return decodeAs(rank, shape, raw, 2, func(b []byte) int16 { return int16(le.Uint16(b)) })
	case "u16":
		return decodeAs(rank, shape, raw, 2, func(b []byte) uint16 { return le.Uint16(b) })
	case "f16":
		return decodeAs(rank, shape, raw, 2, func(b []byte) F16 { return F16(le.Uint16(b)) })
	case "i32":
		return decodeAs(rank, shape, raw, 4, func(b []byte) int32 { return int32(le.Uint32(b)) })
	case "u32":
		return decodeAs(rank, shape, raw, 4, func(b []byte) uint32 { return le.Uint32(b) })
	case "f32":
		return decodeAs(rank, shape, raw, 4, func(b []byte) float32 { return math.Float32frombits(le.Uint32(b)) })
	case "i64":
		return decodeAs(rank, shape, raw, 8, func(b []byte) int64 { return int64(le.Uint64(b)) })
	case "u64":
		return decodeAs(rank, shape, raw, 8, func(b []byte) uint64 { return le.Uint64(b) })
	}
	return decodeAs(rank, shape, raw, 8, func(b []byte) float64 { return math.Float64frombits(le.Uint64(b)) })
}

// WriteBinary writes values (Go scalars or Array[T], as EntryPoint.Call
// returns them) in the binary value format, back to back.
func WriteBinary(w io.Writer, vals []any) error {
	bw := bufio.NewWriter(w)
	for _, v := range vals {
		if err := writeBinaryValue(bw, v); err != nil {
			return err
		}
	}
	return bw.Flush()
}

func header(bw *bufio.Writer, elem string, shape []int64) {
	bw.WriteByte('b')
	bw.WriteByte(2)
	bw.WriteByte(byte(len(shape)))
	bw.WriteString(binTypes[elem])
	var d [8]byte
	for _, n := range shape {
		binary.LittleEndian.PutUint64(d[:], uint64(n))
		bw.Write(d[:])
	}
}

func encode[T any](bw *bufio.Writer, elem string, shape []int64, data []T, size int, f func([]byte, T)) {
	header(bw, elem, shape)
	var chunk [8192]byte
	per := len(chunk) / size
	for len(data) > 0 {
		k := min(len(data), per)
		for i, x := range data[:k] {
			f(chunk[i*size:], x)
		}
		bw.Write(chunk[:k*size])
		data = data[k:]
	}
}

func writeBinaryValue(bw *bufio.Writer, v any) error {
	le := binary.LittleEndian
	switch v := v.(type) {
	case int8:
		encode(bw, "i8", nil, []int8{v}, 1, func(b []byte, x int8) { b[0] = byte(x) })
	case Array[int8]:
		encode(bw, "i8", v.Shape, v.Data, 1, func(b []byte, x int8) { b[0] = byte(x) })
	case uint8:
		encode(bw, "u8", nil, []uint8{v}, 1, func(b []byte, x uint8) { b[0] = x })
	case Array[uint8]:
		encode(bw, "u8", v.Shape, v.Data, 1, func(b []byte, x uint8) { b[0] = x })
	case bool:
		encode(bw, "bool", nil, []bool{v}, 1, func(b []byte, x bool) { b[0] = byte(b2i(x)) })
	case Array[bool]:
		encode(bw, "bool", v.Shape, v.Data, 1, func(b []byte, x bool) { b[0] = byte(b2i(x)) })
	case int16:
		encode(bw, "i16", nil, []int16{v}, 2, func(b []byte, x int16) { le.PutUint16(b, uint16(x)) })
	case Array[int16]:
		encode(bw, "i16", v.Shape, v.Data, 2, func(b []byte, x int16) { le.PutUint16(b, uint16(x)) })
	case uint16:
		encode(bw, "u16", nil, []uint16{v}, 2, func(b []byte, x uint16) { le.PutUint16(b, x) })
	case Array[uint16]:
		encode(bw, "u16", v.Shape, v.Data, 2, func(b []byte, x uint16) { le.PutUint16(b, x) })
	case F16:
		encode(bw, "f16", nil, []F16{v}, 2, func(b []byte, x F16) { le.PutUint16(b, uint16(x)) })
	case Array[F16]:
		encode(bw, "f16", v.Shape, v.Data, 2, func(b []byte, x F16) { le.PutUint16(b, uint16(x)) })
	case int32:
		encode(bw, "i32", nil, []int32{v}, 4, func(b []byte, x int32) { le.PutUint32(b, uint32(x)) })
	case Array[int32]:
		encode(bw, "i32", v.Shape, v.Data, 4, func(b []byte, x int32) { le.PutUint32(b, uint32(x)) })
	case uint32:
		encode(bw, "u32", nil, []uint32{v}, 4, func(b []byte, x uint32) { le.PutUint32(b, x) })
	case Array[uint32]:
		encode(bw, "u32", v.Shape, v.Data, 4, func(b []byte, x uint32) { le.PutUint32(b, x) })
	case float32:
		encode(bw, "f32", nil, []float32{v}, 4, func(b []byte, x float32) { le.PutUint32(b, math.Float32bits(x)) })
	case Array[float32]:
		encode(bw, "f32", v.Shape, v.Data, 4, func(b []byte, x float32) { le.PutUint32(b, math.Float32bits(x)) })
	case int64:
		encode(bw, "i64", nil, []int64{v}, 8, func(b []byte, x int64) { le.PutUint64(b, uint64(x)) })
	case Array[int64]:
		encode(bw, "i64", v.Shape, v.Data, 8, func(b []byte, x int64) { le.PutUint64(b, uint64(x)) })
	case uint64:
		encode(bw, "u64", nil, []uint64{v}, 8, func(b []byte, x uint64) { le.PutUint64(b, x) })
	case Array[uint64]:
		encode(bw, "u64", v.Shape, v.Data, 8, func(b []byte, x uint64) { le.PutUint64(b, x) })
	case float64:
		encode(bw, "f64", nil, []float64{v}, 8, func(b []byte, x float64) { le.PutUint64(b, math.Float64bits(x)) })
	case Array[float64]:
		encode(bw, "f64", v.Shape, v.Data, 8, func(b []byte, x float64) { le.PutUint64(b, math.Float64bits(x)) })
	default:
		return fmt.Errorf("cannot write a value of Go type %T", v)
	}
	return nil
}
