package rt

import (
	"bytes"
	"errors"
	"math"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"unsafe"
)

// withBudget runs f with the memory budget set to n bytes.
func withBudget(t *testing.T, n int64, f func()) {
	t.Helper()
	SetMemoryBudget(n)
	defer SetMemoryBudget(0)
	f()
}

func TestCheckAlloc(t *testing.T) {
	withBudget(t, 1000, func() {
		for _, c := range []struct {
			shape []int64
			size  int64
			n     int64
			err   string
		}{
			{nil, 8, 1, ""},
			{[]int64{125}, 8, 125, ""},
			{[]int64{126}, 8, 0, "Cannot allocate an array of shape [126]: it would take more than the memory budget of 1000 B (see FLUXION_MEMORY_BUDGET)."},
			{[]int64{10, 0, 1 << 62}, 8, 0, ""},
			{[]int64{1 << 62, 1 << 62, 0}, 8, 0, ""}, // the count overflows before the zero
			{[]int64{1 << 32, 1 << 32}, 1, 0, "Cannot allocate an array of shape [4294967296][4294967296]: "},
			{[]int64{1 << 61}, 8, 0, "memory budget"}, // the size in bytes overflows
			{[]int64{math.MaxInt64}, 1, 0, "memory budget"},
			{[]int64{3, -1}, 8, 0, "Cannot allocate an array of shape [3][]: negative dimension."},
		} {
			n, err := CheckAlloc(c.shape, c.size)
			if c.err == "" {
				if err != nil || n != c.n {
					t.Errorf("CheckAlloc(%v, %d) = %d, %v; want %d", c.shape, c.size, n, err, c.n)
				}
				continue
			}
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("CheckAlloc(%v, %d) = %d, %v; want an error containing %q", c.shape, c.size, n, err, c.err)
			}
		}
	})
}

func TestFormatSize(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 1000: "1000 B", 1024: "1 KiB", 1536: "1.5 KiB", 6 << 30: "6 GiB", 5 * (1 << 40) / 4: "1.2 TiB"} {
		if got := FormatSize(n); got != want {
			t.Errorf("FormatSize(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestParseSize(t *testing.T) {
	for _, c := range []struct {
		s    string
		want int64 // 0: an error
	}{
		{"1000", 1000}, {"512MiB", 512 << 20}, {"2 GB", 2e9}, {"1.5kib", 1536}, {"3TiB", 3 << 40},
		{"100B", 100}, {"50%", 500}, {"0.5%", 5},
		{"", 0}, {"abc", 0}, {"-5", 0}, {"0", 0}, {"12 parsecs", 0}, {"1e30", 0}, {"NaN", 0}, {"GiB", 0},
	} {
		got, err := parseSize(c.s, 1000)
		if c.want == 0 && err == nil || c.want != 0 && (err != nil || got != c.want) {
			t.Errorf("parseSize(%q) = %d, %v; want %d", c.s, got, err, c.want)
		}
	}
}

// TestAllocFailsAtPosition checks the helpers generated code allocates
// through: an array over the budget is an *Error at the allocation's
// position, never Go's makeslice panic or an out-of-memory crash.
func TestAllocFailsAtPosition(t *testing.T) {
	withBudget(t, 1<<20, func() {
		for name, f := range map[string]func(){
			"allocLen":      func() { allocLen[float64]("a.fut:1:2", 1<<62) },
			"allocLen rows": func() { allocLen[int8]("a.fut:1:2", 1<<32, 1<<32) },
			"alloc":         func() { alloc[float64]("a.fut:1:2", 1<<62, nil) },
			"alloc rows":    func() { alloc[int8]("a.fut:1:2", 1<<32, []int64{1 << 32}) },
			"concat": func() {
				a := Array[int64]{Shape: []int64{1 << 62, 0}}
				checkConcat("a.fut:1:2", a, a)
			},
		} {
			var err error
			func() {
				defer catch(&err)
				f()
			}()
			var e *Error
			if !errors.As(err, &e) || e.Pos != "a.fut:1:2" || !strings.HasPrefix(e.Msg, "Cannot") {
				t.Errorf("%s: got %v, want a positioned *Error", name, err)
			}
		}
	})
}

func TestNewArray(t *testing.T) {
	for _, c := range []struct {
		shape []int64
		n     int
		err   string
	}{
		{[]int64{2, 3}, 6, ""},
		{[]int64{1 << 32, 1 << 32}, 0, "shape [4294967296][4294967296] has too many elements"},
		{[]int64{1 << 62, 1 << 62, 0}, 0, ""},
		{[]int64{1 << 62, 1 << 62, 0}, 1, "needs 0 elements, got 1"},
		{[]int64{2, -3}, 0, "negative dimension -3"},
		{[]int64{4}, 3, "shape [4] needs 4 elements, got 3"},
	} {
		_, err := NewArray(c.shape, make([]int32, c.n))
		var e *Error
		switch {
		case c.err == "" && err != nil:
			t.Errorf("NewArray(%v, %d elements): %v", c.shape, c.n, err)
		case c.err != "" && (!errors.As(err, &e) || !strings.Contains(e.Msg, c.err)):
			t.Errorf("NewArray(%v, %d elements) = %v, want an *Error containing %q", c.shape, c.n, err, c.err)
		}
	}
}

// TestReadBinaryHuge checks that headers claiming more than the budget or
// than the input holds fail cleanly and without allocating their size.
func TestReadBinaryHuge(t *testing.T) {
	head := func(rank byte, typ string, dims ...uint64) []byte {
		b := append([]byte{'b', 2, rank}, typ...)
		for _, d := range dims {
			for k := range 8 {
				b = append(b, byte(d>>(8*k)))
			}
		}
		return b
	}
	for _, c := range []struct {
		in   []byte
		typ  string
		want string
	}{
		{head(2, " f64", 1<<40, 0), "[][]f64", ""},
		{head(2, " f64", 1<<40, 1<<40), "[][]f64", "memory budget"},
		{head(1, " i32", 1<<20), "[]i32", "reading the 1048576 elements of shape [1048576]: got 0 of 4194304 bytes"},
		{head(1, " i32", 1<<63), "[]i32", "dimension 9223372036854775808 of a value of type []i32 is too large"},
	} {
		vals, err := ReadBinary(bytes.NewReader(c.in), []string{c.typ})
		if c.want == "" {
			if err != nil || vals[0].(Array[float64]).Shape[0] != 1<<40 {
				t.Errorf("%q: %v, %v", c.in, vals, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want an error containing %q", c.in, err, c.want)
		}
	}
}

// TestBudgetEnv runs this test binary with BudgetEnv set: a valid size
// sets the budget, a malformed one makes every allocation fail naming it.
func TestBudgetEnv(t *testing.T) {
	if v, ok := os.LookupEnv("RT_TEST_REPORT_BUDGET"); ok {
		_, err := CheckAlloc([]int64{10}, 8)
		os.Stdout.WriteString(v + " " + FormatSize(MemoryBudget()) + " " + errString(err) + "\n")
		os.Exit(0)
	}
	for env, want := range map[string]string{
		"64KiB": "64 KiB <nil>",
		"3000":  "2.9 KiB <nil>",
		"lots":  `FLUXION_MEMORY_BUDGET="lots": not a memory size such as 512MiB, 2GB or 50%`,
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestBudgetEnv$")
		cmd.Env = append(os.Environ(), "RT_TEST_REPORT_BUDGET="+env, BudgetEnv+"="+env)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v", env, err)
		}
		if got := strings.TrimSpace(string(out)); !strings.Contains(got, want) {
			t.Errorf("%s=%s: got %q, want %q", BudgetEnv, env, got, want)
		}
	}
	if b := MemoryBudget(); b <= 0 || b > machineMemory() {
		t.Errorf("default budget %d, machine memory %d", b, machineMemory())
	}
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// TestCheckArg checks the entry points' argument check: arrays built
// without NewArray whose shape overflows or does not fit the data are
// errors, not slice-bounds panics later.
func TestCheckArg(t *testing.T) {
	for _, c := range []struct {
		a    Array[int32]
		rank int
		want string
	}{
		{Array[int32]{Shape: []int64{2, 1}, Data: []int32{1, 2}}, 2, ""},
		{Array[int32]{Shape: []int64{1 << 32, 1 << 32}}, 2, "argument 1 of main: shape [4294967296][4294967296] has too many elements"},
		{Array[int32]{Shape: []int64{3}, Data: []int32{1, 2}}, 1, "argument 1 of main: shape [3] needs 3 elements, got 2"},
		{Array[int32]{Shape: []int64{2}, Data: []int32{1, 2}}, 2, "argument 1 of main: got an array of shape [2]i32, want a value of type [][]i32"},
	} {
		var err error
		func() {
			defer catch(&err)
			checkArg("main", 0, c.rank, "i32", "[][]i32", c.a)
		}()
		if c.want == "" && err != nil || c.want != "" && (err == nil || err.Error() != c.want) {
			t.Errorf("checkArg(%v): got %v, want %q", c.a.Shape, err, c.want)
		}
	}
}

// TestMakeDataInlined checks that makeData stays small enough for Go to
// inline: a small array it makes that does not escape then lives on the
// stack, as one made by make does (out of line, every array escaped).
func TestMakeDataInlined(t *testing.T) {
	sum := 0.0
	allocs := testing.AllocsPerRun(100, func() {
		b := makeData[float64](4)
		b[1] = 2
		sum += b[1]
	})
	if allocs != 0 {
		t.Errorf("makeData of a small local array allocates %v times per call, want 0", allocs)
	}
	allocs = testing.AllocsPerRun(100, func() {
		b := makeFull[float64](4)
		b[1] = 2
		sum += b[1]
	})
	if allocs != 0 {
		t.Errorf("makeFull of a small local array allocates %v times per call, want 0", allocs)
	}
}

// TestMakeFullRecycled: storage handed back is what makeFull takes for
// data of about its size, as it was (its caller writes every element),
// while makeData's is cleared; small data is fresh and zero.
func TestMakeFullRecycled(t *testing.T) {
	const n = hugeMin
	for _, zero := range []bool{false, true} {
		a := Array[float64]{Shape: []int64{n}, Data: makeData[float64](n)}
		for i := range a.Data {
			a.Data[i] = float64(i + 1)
		}
		Recycle([]any{a})
		var b []float64
		if zero {
			b = makeData[float64](n - 1)
		} else {
			b = makeFull[float64](n - 1)
		}
		if unsafe.SliceData(b) != unsafe.SliceData(a.Data) || len(b) != n-1 {
			t.Fatalf("zero %v: the kept storage was not taken", zero)
		}
		for i, x := range b {
			want := float64(i + 1)
			if zero {
				want = 0
			}
			if x != want {
				t.Fatalf("zero %v: element %d is %v, want %v", zero, i, x, want)
			}
		}
	}
	if b := makeFull[float64](16); len(b) != 16 || b[3] != 0 {
		t.Errorf("makeFull(16) = %v", b)
	}
}

// TestRecycle: a large array handed back is what the next allocation of
// about its size gets, cleared; one whose storage overlaps another value
// passed (done twice, a view of a live argument) or a small one is not
// kept.
func TestRecycle(t *testing.T) {
	const n = hugeMin // elements of float64: 8 times hugeMin bytes
	base := func(b []float64) *float64 { return unsafe.SliceData(b) }
	fill := func(b []float64) {
		for i := range b {
			b[i] = float64(i + 1)
		}
	}
	taken := func(a Array[float64]) bool {
		b := makeData[float64](int64(len(a.Data)))
		got := base(b) == base(a.Data)
		for i, x := range b {
			if x != 0 {
				t.Fatalf("reused data not cleared: element %d is %v", i, x)
			}
		}
		return got
	}
	for _, c := range []struct {
		name string
		run  func() (Array[float64], bool)
	}{
		{"kept", func() (Array[float64], bool) {
			a := Array[float64]{Shape: []int64{n}, Data: makeData[float64](n)}
			fill(a.Data)
			Recycle([]any{a, 1.5})
			return a, true
		}},
		{"given twice", func() (Array[float64], bool) {
			a := Array[float64]{Shape: []int64{n}, Data: makeData[float64](n)}
			Recycle([]any{a, a})
			return a, false
		}},
		{"a view of a live value", func() (Array[float64], bool) {
			arg := Array[float64]{Shape: []int64{2 * n}, Data: makeData[float64](2 * n)}
			a := Array[float64]{Shape: []int64{n}, Data: arg.Data[n:]}
			Recycle([]any{a}, []any{arg})
			return a, false
		}},
		{"small", func() (Array[float64], bool) {
			a := Array[float64]{Shape: []int64{16}, Data: makeData[float64](16)}
			Recycle([]any{a})
			return a, false
		}},
	} {
		a, want := c.run()
		if got := taken(a); got != want {
			t.Errorf("%s: reused %v, want %v", c.name, got, want)
		}
	}
}

// TestLargeArraysColored: large arrays allocated one after another start
// at different cache lines of a page (makeAdvised's colors), each with
// its length, and room for its elements within its own storage.
func TestLargeArraysColored(t *testing.T) {
	const n = hugeMin / 8 // elements of float64: hugeMin bytes
	lines := map[uintptr]bool{}
	var keep [][]float64
	for range 8 {
		b := makeFull[float64](n)
		keep = append(keep, b)
		if len(b) != n || cap(b) < n {
			t.Fatalf("len %d, cap %d; want len %d", len(b), cap(b), n)
		}
		b[0], b[n-1] = 1, 2
		lines[uintptr(unsafe.Pointer(unsafe.SliceData(b)))%4096/cacheLine] = true
	}
	if len(lines) < 8 {
		t.Errorf("8 large arrays start at %d distinct cache lines of a page, want 8", len(lines))
	}
	for i, b := range keep {
		if b[0] != 1 || b[n-1] != 2 {
			t.Errorf("array %d was overwritten", i)
		}
	}
	if b := makeData[bool](hugeMin); len(b) != hugeMin || b[hugeMin-1] {
		t.Errorf("makeData[bool](%d): len %d", hugeMin, len(b))
	}
}

// TestScratchApart: small scratch buffers (grow) and scratch structs
// (scratchPool) never share a cache line with other memory, so that
// workers writing their own scratch in parallel do not take lines from
// each other; a buffer's capacity ends with its length, so that growing
// it within its capacity cannot reach the padding.
func TestScratchApart(t *testing.T) {
	type span struct{ lo, hi uintptr } // [lo, hi) bytes
	var spans []span
	var keep []any
	for _, n := range []int64{1, 3, 8, 17, 100} {
		for range 4 {
			b := grow[float64](nil, n)
			if int64(len(b)) != n || int64(cap(b)) != n {
				t.Fatalf("grow(nil, %d): len %d, cap %d", n, len(b), cap(b))
			}
			p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
			spans = append(spans, span{p, p + uintptr(n)*8})
			keep = append(keep, b)
		}
	}
	type ws struct {
		sb  []float64
		ss  [1]int64
		pad [5]int8
	}
	var pool scratchPool[ws]
	for range 8 {
		s := pool.get()
		p := uintptr(unsafe.Pointer(s))
		spans = append(spans, span{p, p + unsafe.Sizeof(*s)})
		keep = append(keep, s)
	}
	for i, a := range spans {
		for j, b := range spans {
			if i != j && a.lo/cacheLine <= (b.hi-1)/cacheLine && b.lo/cacheLine <= (a.hi-1)/cacheLine {
				t.Errorf("scratch %d [%#x, %#x) and %d [%#x, %#x) share a cache line", i, a.lo, a.hi, j, b.lo, b.hi)
			}
		}
	}
	runtime.KeepAlive(keep)
}
