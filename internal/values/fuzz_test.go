package values

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// FuzzReadText reads arbitrary input; whatever it accepts must print and
// read back to identical values, and nothing may panic or hang.
func FuzzReadText(f *testing.F) {
	for _, s := range []string{
		"1", "-3i64 255u8 0xffu32 1_000_000i64", "2.5 -0.125f32 1e-3 6.02E23f64 4f32",
		"f32.nan f64.inf -f64.inf true false", "[1.0f32, 2, 3.5]", "[[1f32, 2], [3f32, 4]]",
		"empty([0][3]f64)", "empty([2][0]bool)", `"ab\n"`, "-- comment\n[1, -- x\n 2,]",
		"[[1f32, 2], [3, 4]]", "[]", "0b1010i8 010 0.1f16", "[f16.nan, 1]",
		"b\x02\x00 i32\x05\x00\x00\x00", "1 b\x02\x01 f64\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xf0\x3f",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		vs, err := ReadAll(bytes.NewReader(in))
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %v is not a SyntaxError", err)
			}
			return
		}
		var text, bin bytes.Buffer
		for _, v := range vs {
			WriteText(&text, v)
			WriteBinary(&bin, v)
		}
		// Reading the printed text with the values' own types gives them back.
		typed := NewReader(bytes.NewReader(text.Bytes()))
		for k, v := range vs {
			again, err := typed.ReadType(v.Elem(), v.Rank())
			if err != nil || !sameNaNs(again, v) {
				t.Fatalf("typed reread of value %d (%v): %v, %v", k, v, again, err)
			}
		}
		if err := typed.ExpectEnd(); err != nil {
			t.Fatal(err)
		}
		for _, buf := range []*bytes.Buffer{&text, &bin} {
			again, err := ReadAll(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatalf("rereading %q: %v", buf.String(), err)
			}
			if len(again) != len(vs) {
				t.Fatalf("reread %d values, want %d", len(again), len(vs))
			}
			for k := range vs {
				if !Identical(again[k], vs[k]) && !(buf == &text && sameNaNs(again[k], vs[k])) {
					t.Fatalf("value %d: %v became %v", k, vs[k], again[k])
				}
			}
		}
	})
}

// sameNaNs reports whether a and b are equal except for NaN payloads,
// which the text format does not keep.
func sameNaNs(a, b Value) bool {
	if a.Elem() != b.Elem() || !sameShape(a.Shape(), b.Shape()) {
		return false
	}
	for i := 0; i < a.Len(); i++ {
		x, y := a.Get(i), b.Get(i)
		if x != y && !(x.Type().IsFloat() && x.Float() != x.Float() && y.Float() != y.Float()) {
			return false
		}
	}
	return true
}

// FuzzReadBinary reads arbitrary bytes after a binary header prefix, so the
// fuzzer spends its time inside the binary reader.
func FuzzReadBinary(f *testing.F) {
	for _, s := range []string{
		"\x02\x00 i32\x05\x00\x00\x00",
		"\x02\x01 f64\x02\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xf0\x3f\x00\x00\x00\x00\x00\x00\x00\x40",
		"\x02\x02bool\x01\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x01",
		"\x02\x01 f16\x00\x00\x00\x00\x00\x00\x00\x10",
		"\x02\x01  u8\x03\x00\x00\x00\x00\x00\x00\x00abc",
		"\x03\x00 i32", "\x02\x00 i33",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		in = append([]byte{'b'}, in...)
		vs, err := ReadAll(bytes.NewReader(in))
		// A stream hides the input's length: headers claiming more than
		// the input holds then fail at its end instead of at once, with
		// the same outcome.
		streamed, serr := ReadAll(io.MultiReader(bytes.NewReader(in)))
		if (err == nil) != (serr == nil) || len(streamed) != len(vs) {
			t.Fatalf("from a reader that knows its length: %d values, %v; from a stream: %d values, %v", len(vs), err, len(streamed), serr)
		}
		for k := range vs {
			if !Identical(streamed[k], vs[k]) {
				t.Fatalf("value %d: %v from a stream, %v from a reader that knows its length", k, streamed[k], vs[k])
			}
		}
		if err != nil {
			return
		}
		var bin bytes.Buffer
		for _, v := range vs {
			WriteBinary(&bin, v)
		}
		again, err := ReadAll(&bin)
		if err != nil || len(again) != len(vs) {
			t.Fatalf("rereading: %v", err)
		}
		for k := range vs {
			if !Identical(again[k], vs[k]) {
				t.Fatalf("value %d: %v became %v", k, vs[k], again[k])
			}
		}
	})
}
