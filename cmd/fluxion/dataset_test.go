package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

func TestDatasetCommand(t *testing.T) {
	read := func(out string) []values.Value {
		t.Helper()
		vs, err := values.ReadAll(strings.NewReader(out))
		if err != nil {
			t.Fatalf("output does not read back: %v\n%q", err, out)
		}
		return vs
	}
	code, out, stderr := runArgs(t, "", "dataset", "-s", "7", "-g", "[1000]i32", "--i32-bounds=-3:4", "-g", "[50][20]i32",
		"--f32-bounds=2.5:3", "-g", "[2000]f32", "-g", "[2000]f64", "--u8-bounds=250:255", "-b", "-g", "[300]u8", "-g", "bool")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	vs := read(out)
	if len(vs) != 6 {
		t.Fatalf("%d values, want 6", len(vs))
	}
	wantTypes := []string{"[1000]i32", "[50][20]i32", "[2000]f32", "[2000]f64", "[300]u8", "bool"}
	for i, v := range vs {
		if got := values.ShapeString(v.Shape()) + v.Elem().String(); got != wantTypes[i] {
			t.Errorf("value %d has type %s, want %s", i, got, wantTypes[i])
		}
	}
	// The first i32 array spans the whole range; the second stays within
	// the bounds and reaches both ends.
	wide := false
	for _, x := range vs[0].I32() {
		wide = wide || x < -1000 || x > 1000
	}
	if !wide {
		t.Error("unbounded i32 values all lie in [-1000, 1000]")
	}
	checkRange := func(name string, xs []float64, lo, hi float64, ends bool) {
		t.Helper()
		seenLo, seenHi := false, false
		for _, x := range xs {
			if x < lo || x > hi {
				t.Fatalf("%s: %v outside [%v, %v]", name, x, lo, hi)
			}
			seenLo = seenLo || x == lo
			seenHi = seenHi || x == hi
		}
		if ends && !(seenLo && seenHi) {
			t.Errorf("%s: the bounds %v and %v are never drawn", name, lo, hi)
		}
	}
	var f []float64
	for _, x := range vs[1].I32() {
		f = append(f, float64(x))
	}
	checkRange("bounded i32", f, -3, 4, true)
	f = nil
	for _, x := range vs[2].F32() {
		f = append(f, float64(x))
	}
	checkRange("bounded f32", f, 2.5, 3, false)
	checkRange("unbounded f64", vs[3].F64(), 0, 1, false)
	f = nil
	for _, x := range vs[4].U8() {
		f = append(f, float64(x))
	}
	checkRange("bounded u8 (binary)", f, 250, 255, true)
	if !strings.Contains(out, "b\x02\x01  u8") {
		t.Error("-b did not switch the later values to the binary format")
	}

	// The seed makes the output reproducible.
	_, again, _ := runArgs(t, "", "dataset", "-s", "7", "-g", "[1000]i32", "--i32-bounds=-3:4", "-g", "[50][20]i32",
		"--f32-bounds=2.5:3", "-g", "[2000]f32", "-g", "[2000]f64", "--u8-bounds=250:255", "-b", "-g", "[300]u8", "-g", "bool")
	if again != out {
		t.Error("the same seed gave other values")
	}
	_, other, _ := runArgs(t, "", "dataset", "-s", "8", "-g", "[1000]i32")
	if strings.HasPrefix(out, strings.TrimSpace(other)) {
		t.Error("another seed gave the same values")
	}

	// Conversion: text to binary and back, and the header/data split.
	text := "[[1i16, 2i16], [3i16, 4i16]]\n2.5f64\ntrue\nempty([0][3]u32)\n"
	code, bin, stderr := runArgs(t, text, "dataset", "-b")
	if code != 0 || !bytes.HasPrefix([]byte(bin), []byte("b\x02\x02 i16")) {
		t.Fatalf("text to binary: exit %d, %q, %s", code, bin, stderr)
	}
	if code, back, _ := runArgs(t, bin, "dataset"); code != 0 || back != text {
		t.Errorf("binary to text: exit %d, %q, want %q", code, back, text)
	}
	_, hdr, _ := runArgs(t, "", "dataset", "--binary-only-header", "-g", "[2][3]i64")
	_, data, _ := runArgs(t, "", "dataset", "--binary-no-header", "-g", "[6]i64")
	if len(hdr) != 7+16 || len(data) != 48 {
		t.Fatalf("header %d bytes, data %d bytes; want 23 and 48", len(hdr), len(data))
	}
	vs = read(hdr + data)
	if len(vs) != 1 || vs[0].Rank() != 2 || vs[0].Elem() != prim.I64 || vs[0].Len() != 6 {
		t.Errorf("header + data reads as %v", vs)
	}

	for _, bad := range []struct{ stdin, args, want string }{
		{"", "-g [2]q32", `unknown element type "q32"`},
		{"", "-g [2", "missing `]`"},
		{"", "--i32-bounds=5:1 -g i32", "lower bound is above"},
		{"", "--u8-bounds=0:256 -g u8", `"256" is not a u8`},
		{"", "--f32-bounds=0:1e40 -g f32", "out of the range of f32"},
		{"", "extra", "usage: fluxion dataset"},
		{"[1, 2", "", "reading values"},
	} {
		code, _, stderr := runArgs(t, bad.stdin, append([]string{"dataset"}, strings.Fields(bad.args)...)...)
		if code != 2 || !strings.Contains(stderr, bad.want) {
			t.Errorf("dataset %s: exit %d, stderr %q; want 2 and %q", bad.args, code, stderr, bad.want)
		}
	}
}
