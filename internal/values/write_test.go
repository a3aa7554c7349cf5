package values

import (
	"bytes"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

func mustArray(t *testing.T, elem prim.Type, shape []int64, data any) Value {
	t.Helper()
	v, err := FromData(elem, shape, data)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestWriteText(t *testing.T) {
	tests := []struct {
		v    Value
		want string
	}{
		{Scalar(prim.IntValue(prim.I32, -3)), "-3i32"},
		{mustArray(t, prim.I32, []int64{2, 2}, []int32{1, 2, 3, 4}), "[[1i32, 2i32], [3i32, 4i32]]"},
		{mustArray(t, prim.F64, []int64{3}, []float64{0.1, math.NaN(), math.Inf(-1)}), "[0.1f64, f64.nan, -f64.inf]"},
		{mustArray(t, prim.F32, []int64{0}, []float32{}), "empty([0]f32)"},
		{mustArray(t, prim.I64, []int64{3, 0}, []int64{}), "empty([3][0]i64)"},
		{mustArray(t, prim.Bool, []int64{1, 1, 2}, []bool{true, false}), "[[[true, false]]]"},
		{mustArray(t, prim.F16, []int64{2}, []uint16{0x3800, 0xfc00}), "[0.5f16, -f16.inf]"},
		{mustArray(t, prim.U8, []int64{2}, []uint8{0, 255}), "[0u8, 255u8]"},
		{Value{}, "<invalid>"},
	}
	for _, tt := range tests {
		if got := tt.v.String(); got != tt.want {
			t.Errorf("String() = %s, want %s", got, tt.want)
		}
	}
	var buf bytes.Buffer
	WriteText(&buf, tests[0].v)
	if buf.String() != "-3i32\n" {
		t.Errorf("WriteText wrote %q", buf.String())
	}
}

func TestFromDataErrors(t *testing.T) {
	if _, err := FromData(prim.F32, []int64{2}, []float64{1, 2}); err == nil {
		t.Error("accepted []float64 for f32")
	}
	if _, err := FromData(prim.I32, []int64{3}, []int32{1, 2}); err == nil {
		t.Error("accepted 2 elements for shape [3]")
	}
	if _, err := FromData(prim.I32, []int64{-1}, []int32{}); err == nil {
		t.Error("accepted a negative dimension")
	}
	if _, err := FromData(prim.Invalid, nil, []int32{1}); err == nil {
		t.Error("accepted an invalid type")
	}
}

func TestIndexAndSet(t *testing.T) {
	v := NewArray(prim.I16, []int64{2, 3})
	for i := 0; i < 6; i++ {
		v.Set(i, prim.IntValue(prim.I16, int64(i*10)))
	}
	row := v.Index(1)
	if row.String() != "[30i16, 40i16, 50i16]" || row.Rank() != 1 {
		t.Errorf("Index(1) = %v", row)
	}
	row.Set(0, prim.IntValue(prim.I16, -1)) // shares storage
	if v.I16()[3] != -1 {
		t.Errorf("Index does not share storage")
	}
	v.Set(0, prim.FloatValue(prim.F64, 7.9)) // converted by §8.6
	if v.Get(0) != prim.IntValue(prim.I16, 7) {
		t.Errorf("Set with conversion stored %v", v.Get(0))
	}
	if v.F32() != nil || v.I32() != nil || len(v.I16()) != 6 {
		t.Errorf("typed views wrong")
	}
}

// randomValue returns a value of type elem and rank with random shape and
// elements, including special floats.
func randomValue(rng *rand.Rand, elem prim.Type, rank int) Value {
	shape := make([]int64, rank)
	for d := range shape {
		shape[d] = int64(rng.Intn(4))
		if rng.Intn(5) > 0 && shape[d] == 0 {
			shape[d] = 1
		}
	}
	v := NewArray(elem, shape)
	specials := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 1e-40, 65504, 0.1}
	for i := 0; i < v.Len(); i++ {
		bits := rng.Uint64()
		x := prim.FromBits(elem, bits)
		if elem.IsFloat() && rng.Intn(4) == 0 {
			x = prim.FloatValue(elem, specials[rng.Intn(len(specials))])
		}
		if elem.IsFloat() && math.IsNaN(x.Float()) {
			x = prim.FloatValue(elem, math.NaN()) // text keeps no NaN payload
		}
		v.Set(i, x)
	}
	return v
}

func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for iter := 0; iter < 300; iter++ {
		var vs []Value
		for _, elem := range prim.Types {
			vs = append(vs, randomValue(rng, elem, rng.Intn(4)))
		}
		var text, bin, mixed bytes.Buffer
		for k, v := range vs {
			WriteText(&text, v)
			WriteBinary(&bin, v)
			if k%2 == 0 {
				WriteText(&mixed, v)
			} else {
				WriteBinary(&mixed, v)
			}
		}
		for name, buf := range map[string]*bytes.Buffer{"text": &text, "binary": &bin, "mixed": &mixed} {
			got, err := ReadAll(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatalf("%s: %v\n%s", name, err, buf.String())
			}
			if len(got) != len(vs) {
				t.Fatalf("%s: read %d values, wrote %d", name, len(got), len(vs))
			}
			for k := range vs {
				if !Identical(got[k], vs[k]) {
					t.Fatalf("%s: wrote %v (%v), read %v (%v)", name, vs[k], vs[k].Shape(), got[k], got[k].Shape())
				}
			}
		}
		// Typed reading of the text gives the same values.
		r := NewReader(bytes.NewReader(text.Bytes()))
		for _, v := range vs {
			got, err := r.ReadType(v.Elem(), v.Rank())
			if err != nil || !Identical(got, v) {
				t.Fatalf("typed: wrote %v, read %v, %v", v, got, err)
			}
		}
		if err := r.ExpectEnd(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestBinaryNaNPayloadKept(t *testing.T) {
	v := mustArray(t, prim.F32, []int64{1}, []float32{math.Float32frombits(0x7fc01234)})
	var buf bytes.Buffer
	WriteBinary(&buf, v)
	got, err := ReadAll(&buf)
	if err != nil || math.Float32bits(got[0].F32()[0]) != 0x7fc01234 {
		t.Errorf("NaN payload lost: %v", err)
	}
}

func TestWriteBinaryHeader(t *testing.T) {
	var buf bytes.Buffer
	WriteBinary(&buf, mustArray(t, prim.Bool, []int64{2, 1}, []bool{true, false}))
	want := "b\x02\x02bool\x02\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x01\x00"
	if buf.String() != want {
		t.Errorf("got % x", buf.Bytes())
	}
	buf.Reset()
	WriteBinary(&buf, Scalar(prim.IntValue(prim.U8, 7)))
	if !strings.HasPrefix(buf.String(), "b\x02\x00  u8\x07") || buf.Len() != 8 {
		t.Errorf("got % x", buf.Bytes())
	}
}
