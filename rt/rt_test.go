package rt

import (
	"fmt"
	"math"
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// TestF16 compares the binary16 conversions with prim's on every bit
// pattern and on values around every representable one.
func TestF16(t *testing.T) {
	for b := range 1 << 16 {
		h := F16(b)
		want := prim.F16ToFloat64(uint16(b))
		got := h.F64()
		if math.Float64bits(got) != math.Float64bits(want) && !(got != got && want != want) {
			t.Fatalf("F16(%#04x).F64() = %v, want %v", b, got, want)
		}
		for _, x := range []float64{want, math.Nextafter(want, math.Inf(1)), math.Nextafter(want, math.Inf(-1)), want * (1 + 0x1p-12), want * (1 - 0x1p-12)} {
			if g, w := ToF16(x), prim.F16FromFloat64(x); uint16(g) != w {
				t.Fatalf("ToF16(%v) = %#04x, want %#04x", x, g, w)
			}
		}
	}
}

// TestChunkingIgnoresCores checks that chunks depend only on the size.
func TestChunkingIgnoresCores(t *testing.T) {
	for _, tc := range []struct{ n, grain, size, count int64 }{
		{0, 1, 1, 0},
		{1, 1024, 1024, 1},
		{64, 1, 1, 64},
		{65, 1, 2, 33},
		{10_000_000, 1024, 156250, 64},
		{3000, 1024, 1024, 3},
	} {
		size, count := chunking(tc.n, tc.grain)
		if size != tc.size || count != tc.count {
			t.Errorf("chunking(%d, %d) = %d, %d; want %d, %d", tc.n, tc.grain, size, count, tc.size, tc.count)
		}
	}
}

// TestParChunks checks that every iteration runs once and that the failure
// of the lowest chunk is the one re-raised.
func TestParChunks(t *testing.T) {
	old := runtime.GOMAXPROCS(2)
	defer runtime.GOMAXPROCS(old)
	for _, n := range []int64{0, 1, 1000, 100_003} {
		seen := make([]int32, n)
		parFor(n, 7, func(lo, hi int64) {
			for i := lo; i < hi; i++ {
				seen[i]++
			}
		})
		for i, s := range seen {
			if s != 1 {
				t.Fatalf("n=%d: iteration %d ran %d times", n, i, s)
			}
		}
	}
	var err error
	func() {
		defer catch(&err)
		parFor(100_000, 1, func(lo, hi int64) {
			for i := lo; i < hi; i++ {
				if i%20_000 == 19_999 {
					fail("f:1:2", "at "+itoa(i))
				}
			}
		})
	}()
	if err == nil || err.Error() != "at 19999 (at f:1:2)" {
		t.Errorf("got %v, want the failure at 19999", err)
	}
}

func TestIntHelpers(t *testing.T) {
	tests := []struct {
		name      string
		got, want int64
	}{
		{"sdiv", int64(sdiv("", int8(-7), 2)), -4},
		{"smod", int64(smod("", int8(-7), 2)), 1},
		{"squot", int64(squot("", int8(-7), 2)), -3},
		{"srem", int64(srem("", int8(-7), 2)), -1},
		{"sdiv min", int64(sdiv("", int8(-128), -1)), -128},
		{"spow wrap", int64(spow("", int8(3), 5)), int64(int8(243 - 256))},
		{"sshl out", int64(sshl(int32(1), 32, 32)), 0},
		{"sshr out", int64(sshr(int32(-5), 40, 32)), -1},
		{"ushr out", int64(ushr(uint8(200), 8, 8)), 0},
		{"clz", int64(clz(int8(1), 8)), 7},
		{"ctz zero", int64(ctz(int16(0), 16)), 16},
		{"popc neg", int64(popc(int8(-1), 8)), 8},
		{"mulhi", int64(mulHiS(int64(-1), int64(-1), 64)), 0},
		{"ashr", int64(ashr(uint8(0x80), 1, 8)), 0xc0},
		{"lshr", int64(lshr(int8(-128), 1, 8)), 64},
		{"f2i nan", f2i(math.NaN()), 0},
		{"f2u64 big", int64(f2u64(0x1p63)), math.MinInt64},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("%s = %d, want %d", tc.name, tc.got, tc.want)
		}
	}
	var err error
	func() {
		defer catch(&err)
		sdiv("a.fut:3:4", int32(1), 0)
	}()
	if err == nil || err.Error() != "division by zero (at a.fut:3:4)" {
		t.Errorf("division by zero gave %v", err)
	}
}

// TestNestedParChunks runs parallel loops inside parallel loops (as a
// recursive function called from a parallel map does) and must not
// deadlock.
func TestNestedParChunks(t *testing.T) {
	old := runtime.GOMAXPROCS(2)
	defer runtime.GOMAXPROCS(old)
	var total atomic.Int64
	var nest func(depth int)
	nest = func(depth int) {
		parFor(200, 1, func(lo, hi int64) {
			for i := lo; i < hi; i++ {
				if depth < 2 {
					nest(depth + 1)
				} else {
					total.Add(1)
				}
			}
		})
	}
	nest(0)
	if got := total.Load(); got != 200*200*200 {
		t.Errorf("ran %d innermost iterations, want %d", got, 200*200*200)
	}
}

// TestPoolGrows checks that the pool follows GOMAXPROCS changes after its
// first use (benchmarks run at -cpu 1 first, then 2).
func TestPoolGrows(t *testing.T) {
	old := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(old)
	parFor(10, 1, func(lo, hi int64) {})
	runtime.GOMAXPROCS(3)
	if n := thePool.size(); n != 3 {
		t.Fatalf("size() = %d, want 3", n)
	}
	thePool.mu.Lock()
	w := thePool.workers
	thePool.mu.Unlock()
	if w < 2 {
		t.Errorf("pool has %d workers at GOMAXPROCS 3, want at least 2", w)
	}
}

// The allocation-free forms that generated code uses agree with the
// allocating ones.
func TestIntoFormsAgree(t *testing.T) {
	perms := [][]int{{0}, {1, 0}, {0, 1}, {1, 0, 2}, {2, 1, 0}, {0, 2, 1}, {2, 0, 1}, {1, 2, 0}, {3, 1, 0, 2}, {0, 1, 3, 2}, {2, 3, 0, 1}, {0, 3, 1, 2}, {3, 2, 1, 0}, {1, 0, 3, 2}, {0, 1, 2, 3}}
	for _, perm := range perms {
		for _, shape := range [][]int64{{3, 4, 5, 2}, {1, 2, 3, 4}, {2, 0, 3, 1}, {37, 3, 41, 2}, {70, 3, 330, 1}} {
			sh := append([]int64(nil), shape[:len(perm)]...)
			a := iota("", product(sh), 0, 1, func(x int64) int32 { return int32(x) })
			a.Shape = sh
			want := rearrange(a, perm...)
			dst := Array[int32]{Shape: want.Shape, Data: make([]int32, len(want.Data))}
			rearrangeInto(dst, a, perm...)
			if fmt.Sprint(dst.Data) != fmt.Sprint(want.Data) {
				t.Errorf("rearrange %v of %v: got %v, want %v", perm, sh, dst.Data, want.Data)
			}
		}
	}
	for _, n := range []int64{0, 1, 5} {
		for _, r := range []int64{-7, -1, 0, 2, 5, 13} {
			a := iota("", n*2, 0, 1, func(x int64) int64 { return x })
			a.Shape = []int64{n, 2}
			want := rotate(r, a)
			dst := Array[int64]{Shape: want.Shape, Data: make([]int64, len(want.Data))}
			rotateInto(dst, r, a)
			if fmt.Sprint(dst.Data) != fmt.Sprint(want.Data) {
				t.Errorf("rotate %d of %v: got %v, want %v", r, a.Shape, dst.Data, want.Data)
			}
		}
	}
	a := iota("", 24, 0, 1, func(x int64) int64 { return x })
	a.Shape = []int64{2, 3, 4}
	try := func(f func()) (msg string) {
		defer func() {
			if r := recover(); r != nil {
				msg = r.(*Error).Error()
			}
		}()
		f()
		return ""
	}
	cases := []struct {
		fixed      []int64
		start, end int64
		hasS, hasE bool
	}{
		{nil, 0, 2, true, true}, {nil, 1, 0, true, false}, {nil, 0, 1, false, true}, {[]int64{1}, 1, 3, true, true},
		{[]int64{1, 2}, 0, 4, false, false}, {[]int64{0}, 2, 2, true, true}, {[]int64{0}, 3, 1, true, true},
		{[]int64{2}, 0, 1, true, true}, {nil, 1, 3, true, true}, {[]int64{1}, -1, 2, true, true}, {[]int64{0, 1}, 5, 5, true, true},
	}
	for _, c := range cases {
		dims := []dim{}
		for _, i := range c.fixed {
			dims = append(dims, dim{fixed: true, i: i})
		}
		dims = append(dims, dim{start: c.start, hasStart: c.hasS, end: c.end, hasEnd: c.hasE})
		var want, got Array[int64]
		wantErr := try(func() { want = slice("p", a, dims...) })
		shp := append([]int64{0}, a.Shape[len(c.fixed)+1:]...)
		gotErr := try(func() { got = sliceRange("p", a, shp, c.start, c.hasS, c.end, c.hasE, c.fixed...) })
		if wantErr != gotErr || fmt.Sprint(want) != fmt.Sprint(got) {
			t.Errorf("slice %+v: got %v %q, want %v %q", c, got, gotErr, want, wantErr)
		}
	}
}

// transposeInto against the definition, at shapes around the tile size
// and large enough to run in parallel.
func TestTransposeInto(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	for _, sh := range [][2]int64{{0, 5}, {5, 0}, {1, 1}, {1, 70}, {70, 1}, {31, 33}, {32, 32}, {65, 97}, {300, 700}, {2, 40000}} {
		rows, cols := sh[0], sh[1]
		src := make([]float64, rows*cols)
		for i := range src {
			src[i] = float64(i)
		}
		dst := make([]float64, rows*cols)
		transposeInto(dst, src, rows, cols)
		for i := range rows {
			for j := range cols {
				if got, want := dst[j*rows+i], src[i*cols+j]; got != want {
					t.Fatalf("%dx%d: dst[%d][%d] = %v, want %v", rows, cols, j, i, got, want)
				}
			}
		}
	}
}

// TestFloatMinMaxAgreesWithPrim: minF and maxF give the bits the
// interpreter's min and max give (prim), for every pair of special and
// ordinary values, in both float widths.
func TestFloatMinMaxAgreesWithPrim(t *testing.T) {
	vals := []float64{math.NaN(), math.Inf(-1), math.Inf(1), 0, math.Copysign(0, -1), 1, -1, 2.5, -2.5,
		math.SmallestNonzeroFloat64, math.MaxFloat64, 1e-300, -3e38}
	for _, a := range vals {
		for _, b := range vals {
			for _, fn := range []string{"min", "max"} {
				f64, _ := prim.LookupFunc(fn + "_f64")
				f32, _ := prim.LookupFunc(fn + "_f32")
				w64 := f64.EvalUnchecked([]prim.Value{prim.FloatValue(prim.F64, a), prim.FloatValue(prim.F64, b)})
				w32 := f32.EvalUnchecked([]prim.Value{prim.FloatValue(prim.F32, a), prim.FloatValue(prim.F32, b)})
				g64, g32 := minF(a, b), minF(float32(a), float32(b))
				if fn == "max" {
					g64, g32 = maxF(a, b), maxF(float32(a), float32(b))
				}
				if math.Float64bits(g64) != w64.Bits() {
					t.Errorf("%sF(%v, %v) = %v (%#x), want %v", fn, a, b, g64, math.Float64bits(g64), w64.Float())
				}
				if uint64(math.Float32bits(g32)) != w32.Bits() {
					t.Errorf("%sF(float32(%v), float32(%v)) = %v (%#x), want %v (%#x)", fn, a, b, g32, math.Float32bits(g32), w32.Float(), w32.Bits())
				}
			}
		}
	}
}
