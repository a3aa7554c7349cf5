package values

import (
	"bytes"
	"errors"
	"io"
	"math"
	"os"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// TestReadText reads the examples of FORMATS.md §1 and more; want is the
// printed form of each value read, separated by " | ".
func TestReadText(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"7", "7i32"},
		{"-3i64", "-3i64"},
		{"+3i64", "3i64"},
		{"255u8", "255u8"},
		{"0xffu32", "255u32"},
		{"0xFF", "255i32"},
		{"0b1010i8", "10i8"},
		{"0b1_0000_0000u16", "256u16"},
		{"1_000_000i64", "1000000i64"},
		{"010", "10i32"},
		{"-2147483648", "-2147483648i32"},
		{"2147483647", "2147483647i32"},
		{"-128i8 127i8 255u8 0u8 -0u8", "-128i8 | 127i8 | 255u8 | 0u8 | 0u8"},
		{"18446744073709551615u64", "18446744073709551615u64"},
		{"-9223372036854775808i64", "-9223372036854775808i64"},
		{"2.5", "2.5f64"},
		{"-0.125f32", "-0.125f32"},
		{"1e-3", "0.001f64"},
		{"6.02E23f64", "6.02e+23f64"},
		{"1.5e+3", "1500f64"},
		{"4f32", "4f32"},
		{"4f16", "4f16"},
		{"1_0.2_5", "10.25f64"},
		{"0.1000000001f32", "0.1f32"}, // rounded to the nearest f32
		{"-0.0", "-0f64"},
		{"f32.nan", "f32.nan"},
		{"f64.inf", "f64.inf"},
		{"-f64.inf", "-f64.inf"},
		{"-f16.inf f16.nan", "-f16.inf | f16.nan"},
		{"1e400", "f64.inf"},
		{"true false", "true | false"},
		{"[1, 2, 3]", "[1i32, 2i32, 3i32]"},
		{"[1.0f32, 2, 3.5]", "[1f32, 2f32, 3.5f32]"},
		{"[4u8, 5, 6]", "[4u8, 5u8, 6u8]"},
		{"[4u8, 5u8, 6]", "[4u8, 5u8, 6u8]"},
		{"[1.0, 2]", "[1f64, 2f64]"},
		{"[[1f32, 2], [3f32, 4]]", "[[1f32, 2f32], [3f32, 4f32]]"},
		{"[[1, 2], [3, 4],]", "[[1i32, 2i32], [3i32, 4i32]]"},
		{"[ [ 1 ,2 ] ,\n [3,4] ]", "[[1i32, 2i32], [3i32, 4i32]]"},
		{"[true, false]", "[true, false]"},
		{"[f32.nan, 1, -f32.inf]", "[f32.nan, 1f32, -f32.inf]"},
		{"empty([0]i32)", "empty([0]i32)"},
		{"empty([0][3]f64)", "empty([0][3]f64)"},
		{"empty( [2] [0] bool )", "empty([2][0]bool)"},
		{"empty ([0]u16)", "empty([0]u16)"},
		{"[empty([0]i32), empty([0]i32)]", "empty([2][0]i32)"},
		{`"ab"`, "[97u8, 98u8]"},
		{`"a\n\"\\\65"`, "[97u8, 10u8, 34u8, 92u8, 65u8]"},
		{`["ab", "cd"]`, "[[97u8, 98u8], [99u8, 100u8]]"},
		{"-- a comment\n1 -- another\n  2i64 --", "1i32 | 2i64"},
		{"[1, -- inside\n 2]", "[1i32, 2i32]"},
		{"[1,-2]", "[1i32, -2i32]"},
		{"", ""},
		{"  -- only a comment", ""},
	}
	for _, tt := range tests {
		vs, err := ParseText(tt.in)
		if err != nil {
			t.Errorf("ParseText(%q): %v", tt.in, err)
			continue
		}
		var got []string
		for _, v := range vs {
			got = append(got, v.String())
		}
		if g := strings.Join(got, " | "); g != tt.want {
			t.Errorf("ParseText(%q) = %s, want %s", tt.in, g, tt.want)
		}
	}
}

// TestReadTextShapes checks element types and shapes, which the printed
// form of empty arrays does not fully show.
func TestReadTextShapes(t *testing.T) {
	tests := []struct {
		in    string
		elem  prim.Type
		shape []int64
	}{
		{"1", prim.I32, nil},
		{"[1.0f32, 2, 3.5]", prim.F32, []int64{3}},
		{"[[1], [2], [3]]", prim.I32, []int64{3, 1}},
		{"empty([0][3]f64)", prim.F64, []int64{0, 3}},
		{"[[[true]]]", prim.Bool, []int64{1, 1, 1}},
	}
	for _, tt := range tests {
		vs, err := ParseText(tt.in)
		if err != nil || len(vs) != 1 {
			t.Errorf("ParseText(%q): %v, %d values", tt.in, err, len(vs))
			continue
		}
		if v := vs[0]; v.Elem() != tt.elem || !sameShape(v.Shape(), tt.shape) {
			t.Errorf("ParseText(%q): %v %v, want %v %v", tt.in, v.Elem(), v.Shape(), tt.elem, tt.shape)
		}
	}
	vs, _ := ParseText("[0.5f16, 2049]")
	if got := vs[0].F16Bits(); len(got) != 2 || got[0] != 0x3800 || got[1] != 0x6800 {
		t.Errorf("f16 array bits = %#x", got)
	}
}

// TestReadTextErrors: each bad input gives an error matching the pattern,
// which includes the position of the offending text.
func TestReadTextErrors(t *testing.T) {
	tests := []struct {
		in, err string
	}{
		{"[[1f32, 2], [3, 4]]", `line 1, column 13: irregular array: element of type \[2\]i32 after elements of type \[2\]f32`},
		{"[[1, 2], [3]]", `column 10: irregular array`},
		{"[1, [2]]", `column 5: expected i32 value, found end|column 5: irregular|column 5`},
		{"[[1], 2]", `column 7: irregular array`},
		{"[]", `line 1, column 1: empty array: write empty`},
		{"[1, 2.5]", `line 1, column 5: expected i32 value, found "2.5"`},
		{"[1u8, 2i32]", `expected u8 value, found "2i32" of type i32`},
		{"[1, 2", `expected ',' or '\]' in array, found end of input`},
		{"[1 2]", `column 4: expected ',' or '\]' in array, found "2\]"`},
		{"256u8", `"256u8" does not fit in u8`},
		{"-1u32", `"-1u32" does not fit in u32`},
		{"128i8", `does not fit in i8`},
		{"-129i8", `does not fit in i8`},
		{"2147483648", `"2147483648" does not fit in i32`},
		{"0xFFi8", `does not fit in i8`},
		{"99999999999999999999u64", `does not fit in u64`},
		{"1.5i32", `cannot have the integer type i32`},
		{"1e3u8", `cannot have the integer type u8`},
		{".5", `line 1, column 1: expected value, found ".5"`},
		{"5.", `expected value, found "5."`},
		{"1f", `expected value, found "1f"`},
		{"1e", `expected value, found "1e"`},
		{"0x", `expected value, found "0x"`},
		{"0b102", `expected value, found "0b102"`},
		{"_1", `expected value, found "_1"`},
		{"-f32.nan", `expected value, found "-f32.nan"`},
		{"f8.nan", `expected value, found "f8.nan"`},
		{"nan", `expected value, found "nan"`},
		{"+-1", `expected value`},
		{"empty([3]i32)", `at least one zero`},
		{"empty(i32)", `at least one zero`},
		{"empty([0]x32)", `expected element type in empty\(...\), found "x32"`},
		{"empty([-1]i32)", `expected dimension size`},
		{"empty([0]i32", `expected '\)'`},
		{`"abc`, `unterminated string`},
		{`"\q"`, `unknown escape`},
		{"1\n  ?", `line 2, column 3: expected value, found "\?"`},
		{"\n\n   [1, 2, 3x]", `line 3, column 11: expected i32 value, found "3x"`},
		{"[" + strings.Repeat("[", 300) + "1", `nested more than 255 deep`},
		{"b\x03\x00 i32\x05\x00\x00\x00", `binary value at byte offset 0: unsupported format version 3`},
		{"b\x02\x00 i33\x05\x00\x00\x00", `binary value at byte offset 0: unknown element type " i33"`},
		{"b\x02\x00 i32\x05\x00", `binary value at byte offset 0: shape i32 needs 4 bytes, but the input has 2 left`},
		{"b\x02\x01 i32\x05\x00", `binary value at byte offset 0: unexpected end of input in dimensions`},
		{"b\x02\x00", `binary value at byte offset 0: unexpected end of input in header`},
		{"b\x02\x00bool\x02", `bool byte 2 is not 0 or 1`},
		{"1 b\x02\x00 i32", `line 1, column 3: binary value at byte offset 2: `},
	}
	for _, tt := range tests {
		_, err := ParseText(tt.in)
		if err == nil {
			t.Errorf("ParseText(%q): no error, want %s", tt.in, tt.err)
			continue
		}
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("ParseText(%q): error %v is not a SyntaxError", tt.in, err)
		}
		if !regexp.MustCompile(tt.err).MatchString(err.Error()) {
			t.Errorf("ParseText(%q): error %q does not match %q", tt.in, err, tt.err)
		}
	}
}

func TestReadTyped(t *testing.T) {
	type want struct {
		t    prim.Type
		rank int
	}
	tests := []struct {
		in   string
		want want
		out  string // printed value, or an error pattern starting with "error: "
	}{
		{"1", want{prim.F32, 0}, "1f32"},
		{"1.0", want{prim.F32, 0}, "1f32"},
		{"0.09999", want{prim.F16, 0}, "0.1f16"}, // rounded to the nearest f16
		{"1f32", want{prim.F32, 0}, "1f32"},
		{"[1, 2.5, 3]", want{prim.F64, 1}, "[1f64, 2.5f64, 3f64]"},
		{"[[1, 2], [3, 4]]", want{prim.I64, 2}, "[[1i64, 2i64], [3i64, 4i64]]"},
		{"[[1, 2], [3f32, 4]]", want{prim.F32, 2}, "[[1f32, 2f32], [3f32, 4f32]]"},
		{"300", want{prim.U16, 0}, "300u16"},
		{"empty([0]u8)", want{prim.U8, 1}, "empty([0]u8)"},
		{`"hi"`, want{prim.U8, 1}, "[104u8, 105u8]"},
		{"true", want{prim.Bool, 0}, "true"},
		{"1f64", want{prim.F32, 0}, `error: line 1, column 1: expected f32 value, found "1f64" of type f64`},
		{"1.5", want{prim.I32, 0}, `error: expected i32 value, found "1.5"`},
		{"1", want{prim.Bool, 0}, `error: expected bool value, found "1"`},
		{"true", want{prim.I32, 0}, `error: expected i32 value, found "true" of type bool`},
		{"300", want{prim.U8, 0}, `error: "300" does not fit in u8`},
		{"[1, 2]", want{prim.I32, 0}, `error: expected i32 value, found \[\]i32 value`},
		{"1", want{prim.I32, 1}, `error: expected \[\]i32 value, found i32 value`},
		{"empty([0]i32)", want{prim.I64, 1}, `error: expected i64 value, found empty array of i32`},
		{`"hi"`, want{prim.I32, 1}, `error: expected i32 value, found a string`},
		{"", want{prim.I32, 0}, `error: expected i32 value, found end of input`},
		{"b\x02\x00 i32\x05\x00\x00\x00", want{prim.I32, 0}, "5i32"},
		{"b\x02\x00 i32\x05\x00\x00\x00", want{prim.I64, 0}, `error: binary value at byte offset 0: expected i64 value, found i32 value`},
		{"b\x02\x01 i32\x00\x00\x00\x00\x00\x00\x00\x00", want{prim.I32, 0}, `error: expected i32 value, found \[\]i32 value`},
	}
	for _, tt := range tests {
		v, err := NewReader(strings.NewReader(tt.in)).ReadType(tt.want.t, tt.want.rank)
		if pat, ok := strings.CutPrefix(tt.out, "error: "); ok {
			if err == nil || !regexp.MustCompile(pat).MatchString(err.Error()) {
				t.Errorf("ReadType(%q, %v, %d) = %v, %v; want error %q", tt.in, tt.want.t, tt.want.rank, v, err, pat)
			}
			continue
		}
		if err != nil || v.String() != tt.out {
			t.Errorf("ReadType(%q, %v, %d) = %v, %v; want %s", tt.in, tt.want.t, tt.want.rank, v, err, tt.out)
		}
	}
}

func TestExpectEnd(t *testing.T) {
	r := NewReader(strings.NewReader("1 2 -- done\n  "))
	for _, want := range []string{"1i32", "2i32"} {
		v, err := r.ReadType(prim.I32, 0)
		if err != nil || v.String() != want {
			t.Fatalf("read %v, %v; want %s", v, err, want)
		}
	}
	if err := r.ExpectEnd(); err != nil {
		t.Errorf("ExpectEnd: %v", err)
	}
	if _, err := r.Read(); err != io.EOF {
		t.Errorf("Read at end: %v, want io.EOF", err)
	}
	r = NewReader(strings.NewReader("1\n 2"))
	r.Read()
	if err := r.ExpectEnd(); err == nil || err.Error() != `line 2, column 2: expected end of input, found "2"` {
		t.Errorf("ExpectEnd: %v", err)
	}
}

func TestF16DecimalRounding(t *testing.T) {
	// 1 + 2^-11 is the midpoint between 1 and the next f16 (1 + 2^-10). A
	// decimal slightly above it has the midpoint as its nearest f64, so
	// rounding through f64 alone would give 1.
	tests := []struct {
		in   string
		bits uint16
	}{
		{"1.00048828125", 0x3c00},                     // exactly the midpoint: ties to even
		{"1.000488281250000000000000001", 0x3c01},     // just above
		{"1.000488281249999999999999999", 0x3c00},     // just below
		{"1.00146484375", 0x3c02},                     // midpoint between 0x3c01 and 0x3c02: even
		{"-1.000488281250000000000000001", 0xbc01},    // negative, above in magnitude
		{"65519.99999999999999999", 0x7bff},           // below the overflow threshold
		{"65520", 0x7c00},                             // at it: infinity
		{"2.98023223876953125e-8", 0x0000},            // 2^-25: tie with zero
		{"2.980232238769531250000001e-8", 0x0001},     // above it
		{"0.000000059604644775390625", 0x0001},        // 2^-24 exactly
		{"6.1035156250000000000000001e-05", 0x0400},   // just above the smallest normal
		{"6.100535392761230468750000001e-05", 0x0400}, // just above the midpoint above the largest subnormal
		{"6.10053539276123046875e-05", 0x0400},        // at it: even
		{"6.1005353927612304687499999e-05", 0x03ff},   // just below it
		{"1e-30", 0x0000},
	}
	for _, tt := range tests {
		v, err := NewReader(strings.NewReader(tt.in)).ReadType(prim.F16, 0)
		if err != nil || v.F16Bits()[0] != tt.bits {
			t.Errorf("%s as f16 = %v (%#04x), %v; want %#04x", tt.in, v, v.F16Bits(), err, tt.bits)
		}
	}
}

func TestBinaryExamples(t *testing.T) {
	// FORMATS.md §2: the i32 scalar 5 and the f64 array [1.0, 2.0].
	i32 := []byte{0x62, 0x02, 0x00, 0x20, 0x69, 0x33, 0x32, 0x05, 0x00, 0x00, 0x00}
	f64 := []byte{0x62, 0x02, 0x01, 0x20, 0x66, 0x36, 0x34, 0x02, 0, 0, 0, 0, 0, 0, 0}
	f64 = append(f64, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0x40)
	vs, err := ParseText(string(i32) + string(f64))
	if err != nil || len(vs) != 2 || vs[0].String() != "5i32" || vs[1].String() != "[1f64, 2f64]" {
		t.Fatalf("reading the examples: %v, %v", vs, err)
	}
	var buf bytes.Buffer
	WriteBinary(&buf, vs[0])
	WriteBinary(&buf, vs[1])
	if want := append(append([]byte(nil), i32...), f64...); !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("WriteBinary = % x\nwant          % x", buf.Bytes(), want)
	}
	// Text and binary mixed, with whitespace and comments between them.
	mixed := "1 -- text\n" + string(i32) + "\n  [2, 3]" + string(f64) + "true"
	vs, err = ParseText(mixed)
	var got []string
	for _, v := range vs {
		got = append(got, v.String())
	}
	if err != nil || strings.Join(got, " ") != "1i32 5i32 [2i32, 3i32] [1f64, 2f64] true" {
		t.Errorf("mixed stream: %v, %v", got, err)
	}
}

func TestBinaryHugeHeader(t *testing.T) {
	// Dimensions claiming 2^56 elements followed by a few bytes must fail
	// without allocating for the claimed size: the size is beyond the
	// memory budget, or (for a reader that knows) beyond the input left,
	// or (for a stream) the input ends before the claimed elements.
	in := []byte("b\x02\x02 f64")
	in = append(in, 0, 0, 0, 0, 0, 0, 0, 0x01) // 2^56
	in = append(in, 1, 0, 0, 0, 0, 0, 0, 0)
	in = append(in, make([]byte, 24)...)
	small := []byte("b\x02\x01 f64")
	small = append(small, 0, 0, 0, 1, 0, 0, 0, 0) // 2^24 (128 MiB)
	small = append(small, make([]byte, 24)...)
	for _, c := range []struct {
		name string
		in   io.Reader
		want string
	}{
		{"beyond the budget", bytes.NewReader(in), "binary value at byte offset 0: shape [72057594037927936][1]f64 is larger than the memory budget of "},
		{"beyond the input left", bytes.NewReader(small), "binary value at byte offset 0: shape [16777216]f64 needs 134217728 bytes, but the input has 24 left"},
		{"beyond a stream's end", io.MultiReader(bytes.NewReader(small)), "binary value at byte offset 0: unexpected end of input in elements (shape [16777216]f64 needs 134217728 bytes)"},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if _, err := ReadAll(c.in); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
		runtime.ReadMemStats(&after)
		if d := after.TotalAlloc - before.TotalAlloc; d > 8<<20 {
			t.Errorf("%s: reading a huge header allocated %d bytes", c.name, d)
		}
	}
	// A product that overflows is an error too.
	in = []byte("b\x02\x02 i32")
	in = append(in, 0, 0, 0, 0, 0, 0, 0, 0x7f, 0, 0, 0, 0, 0, 0, 0, 0x7f)
	if _, err := ParseText(string(in)); err == nil || !strings.Contains(err.Error(), "is larger than the memory budget") {
		t.Errorf("overflowing shape: %v", err)
	}
	// But a zero dimension makes any other dimension fine.
	in = []byte("b\x02\x02 i32")
	in = append(in, 0, 0, 0, 0, 0, 0, 0, 0x7f, 0, 0, 0, 0, 0, 0, 0, 0)
	if vs, err := ParseText(string(in)); err != nil || vs[0].Len() != 0 {
		t.Errorf("empty array with a huge dimension: %v, %v", vs, err)
	}
}

func TestIntRangeLimits(t *testing.T) {
	for _, ty := range []prim.Type{prim.I8, prim.I16, prim.I32, prim.I64, prim.U8, prim.U16, prim.U32, prim.U64} {
		w := ty.Bits()
		var lo, hi string
		if ty.IsSigned() {
			lo = prim.IntValue(ty, -1<<(w-1)).String()
			hi = prim.IntValue(ty, 1<<(w-1)-1).String()
		} else {
			lo = prim.IntValue(ty, 0).String()
			hi = prim.UintValue(ty, math.MaxUint64>>(64-w)).String()
		}
		for _, s := range []string{lo, hi} {
			vs, err := ParseText(s)
			if err != nil || vs[0].String() != s {
				t.Errorf("%s reads as %v, %v", s, vs, err)
			}
		}
	}
}

func TestParseScalar(t *testing.T) {
	tests := []struct {
		in   string
		want prim.Type
		out  string
	}{
		{"10i64", prim.Invalid, "10i64"},
		{"3", prim.Invalid, "3i32"},
		{"3", prim.F32, "3f32"},
		{"0.5f32", prim.Invalid, "0.5f32"},
		{"-f64.inf", prim.Invalid, "-f64.inf"},
		{"3i8", prim.I16, "error"},
		{"3 4", prim.Invalid, "error"},
	}
	for _, tt := range tests {
		v, err := ParseScalar(tt.in, tt.want)
		if tt.out == "error" {
			if err == nil {
				t.Errorf("ParseScalar(%q, %v) = %v, want an error", tt.in, tt.want, v)
			}
		} else if err != nil || v.String() != tt.out {
			t.Errorf("ParseScalar(%q, %v) = %v, %v; want %s", tt.in, tt.want, v, err, tt.out)
		}
	}
}

func BenchmarkReadText(b *testing.B) {
	v := NewArray(prim.F64, []int64{1000, 100})
	for i := range v.F64() {
		v.F64()[i] = float64(i) * 0.37
	}
	text := []byte(v.String())
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		if _, err := ReadAll(bytes.NewReader(text)); err != nil {
			b.Fatal(err)
		}
	}
}

// TestErrorChunks runs testdata/errors.txt: each chunk must fail on the line
// that carries its "-- error: REGEXP" comment, with a matching message.
func TestErrorChunks(t *testing.T) {
	data, err := os.ReadFile("testdata/errors.txt")
	if err != nil {
		t.Fatal(err)
	}
	chunks := strings.Split(string(data), "\n---\n")
	for _, chunk := range chunks[1:] {
		wantLine, pattern := 0, ""
		for k, line := range strings.Split(chunk, "\n") {
			if _, p, ok := strings.Cut(line, "-- error: "); ok {
				wantLine, pattern = k+1, p
			}
		}
		if pattern == "" {
			t.Fatalf("chunk without an error comment:\n%s", chunk)
		}
		_, err := ParseText(chunk)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("chunk:\n%s\ngave %v, want an error on line %d", chunk, err, wantLine)
			continue
		}
		if se.Line != wantLine || !regexp.MustCompile(pattern).MatchString(se.Msg) {
			t.Errorf("chunk:\n%s\ngave %v, want line %d matching %q", chunk, err, wantLine, pattern)
		}
	}
}

// TestReadSmallPieces reads inputs through readers that deliver one byte or
// half the requested bytes at a time, so tokens and binary values straddle
// buffer refills, and expects the same values as reading them whole.
func TestReadSmallPieces(t *testing.T) {
	inputs := []string{
		"-3i64 255u8 0xffu32 1_000_000i64 2.5 -0.125f32 1e-3 6.02E23f64",
		"[[1f32, 2], [3f32, 4]] -- comment\n empty([0][3]f64) \"ab\" f32.nan -f64.inf",
		strings.Repeat("1.25e-3, ", 2000),
		"[" + strings.Repeat("12345678901234567890.5e-10, ", 500) + "1]",
		"b\x02\x01 f64\x02\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xf0\x3f\x00\x00\x00\x00\x00\x00\x00\x40 7",
	}
	for _, in := range inputs {
		whole, errWhole := ReadAll(strings.NewReader(in))
		for name, r := range map[string]io.Reader{
			"one byte": iotest.OneByteReader(strings.NewReader(in)),
			"half":     iotest.HalfReader(strings.NewReader(in)),
		} {
			got, err := ReadAll(r)
			if (err == nil) != (errWhole == nil) || len(got) != len(whole) {
				t.Fatalf("%s: %d values, %v; whole: %d values, %v", name, len(got), err, len(whole), errWhole)
			}
			for k := range got {
				if !Identical(got[k], whole[k]) {
					t.Fatalf("%s: value %d = %v, whole gives %v", name, k, got[k], whole[k])
				}
			}
		}
	}
	// A token longer than any buffer is an error, not unbounded buffering.
	if _, err := ParseText(strings.Repeat("9", 10000)); err == nil || !strings.Contains(err.Error(), "token too long") {
		t.Errorf("long token: %v", err)
	}
}
