package values

import (
	"bufio"
	"encoding/binary"
	"io"
)

// String formats v in the textual value format (FORMATS.md §1.3).
func (v Value) String() string { return string(AppendText(nil, v)) }

// AppendText appends the textual form of v (FORMATS.md §1.3) to buf:
// scalars with their type suffix, arrays as nested "[a, b]" on one line,
// and "empty([2][0]i32)" for arrays with a zero dimension.
func AppendText(buf []byte, v Value) []byte {
	if v.data == nil {
		return append(buf, "<invalid>"...)
	}
	if v.Len() == 0 {
		buf = append(buf, "empty("...)
		buf = append(buf, ShapeString(v.shape)...)
		buf = append(buf, v.elem.String()...)
		return append(buf, ')')
	}
	if len(v.shape) == 0 {
		return v.Get(0).AppendText(buf)
	}
	i := 0
	var rec func(dim int)
	rec = func(dim int) {
		buf = append(buf, '[')
		for k := int64(0); k < v.shape[dim]; k++ {
			if k > 0 {
				buf = append(buf, ", "...)
			}
			if dim == len(v.shape)-1 {
				buf = v.Get(i).AppendText(buf)
				i++
			} else {
				rec(dim + 1)
			}
		}
		buf = append(buf, ']')
	}
	rec(0)
	return buf
}

// WriteText writes v in the textual format followed by a newline.
func WriteText(w io.Writer, v Value) error {
	_, err := w.Write(append(AppendText(nil, v), '\n'))
	return err
}

// binaryTypeNames are the 4-byte type fields of the binary format.
var binaryTypeNames = map[string]bool{
	"  i8": true, " i16": true, " i32": true, " i64": true,
	"  u8": true, " u16": true, " u32": true, " u64": true,
	" f16": true, " f32": true, " f64": true, "bool": true,
}

func binaryTypeName(v Value) string {
	s := v.elem.String()
	for len(s) < 4 {
		s = " " + s
	}
	return s
}

// WriteBinary writes v in the binary value format (FORMATS.md §2).
func WriteBinary(w io.Writer, v Value) error {
	bw := bufio.NewWriter(w)
	header := []byte{'b', 2, byte(len(v.shape))}
	header = append(header, binaryTypeName(v)...)
	for _, d := range v.shape {
		header = binary.LittleEndian.AppendUint64(header, uint64(d))
	}
	bw.Write(header)
	if err := binary.Write(bw, binary.LittleEndian, v.data); err != nil {
		return err
	}
	return bw.Flush()
}
