// Code generated from package rt by fluxion's Go backend. DO NOT EDIT.

package rtimpl

import (
	"errors"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/fluxion-lang/fluxion/rt"
)

// DefaultBudgetShare is the part of the machine's memory that one array
// may take by default. Copying an array or passing it between processes
// can need a few times its size, hence well below all of it.
const DefaultBudgetShare = 4

// FallbackMemory is the memory assumed where the machine's cannot be read.
const FallbackMemory = 16 << 30

var (
	BudgetOnce sync.Once
	BudgetSet  atomic.Int64 // > 0: set by SetMemoryBudget
	BudgetEnv  int64        // from BudgetEnv or the default
	BudgetErr  error        // a malformed BudgetEnv
)

// Budget returns the memory budget and the error of a malformed BudgetEnv
// when it is in force.
func Budget() (int64, error) {
	BudgetOnce.Do(InitBudget)
	if b := BudgetSet.Load(); b > 0 {
		return b, nil
	}
	return BudgetEnv, BudgetErr
}

func InitBudget() {
	mem := MachineMemory()
	BudgetEnv = mem / DefaultBudgetShare
	if s, ok := os.LookupEnv(rt.BudgetEnv); ok && strings.TrimSpace(s) != "" {
		b, err := ParseSize(s, mem)
		if err != nil {
			BudgetErr = errors.New(rt.BudgetEnv + "=" + strconv.Quote(s) + ": " + err.Error())
			return
		}
		BudgetEnv = b
	}
}

// ParseSize parses a memory size as BudgetEnv takes it; a percentage is of
// mem bytes.
func ParseSize(s string, mem int64) (int64, error) {
	t := strings.TrimSpace(s)
	units := []struct {
		suffix string
		scale  float64
	}{
		{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
		{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"B", 1},
		{"%", float64(mem) / 100},
	}
	scale := 1.0
	for _, u := range units {
		if len(t) > len(u.suffix) && strings.EqualFold(t[len(t)-len(u.suffix):], u.suffix) {
			t, scale = strings.TrimSpace(t[:len(t)-len(u.suffix)]), u.scale
			break
		}
	}
	x, err := strconv.ParseFloat(t, 64)
	if err != nil || !(x > 0) || !(x*scale < math.MaxInt64) {
		return 0, errors.New("not a memory size such as 512MiB, 2GB or 50%")
	}
	return max(int64(x*scale), 1), nil
}

// MachineMemory is the memory available to this process: the machine's,
// or less when a control group or Go's memory limit (GOMEMLIMIT) says so.
func MachineMemory() int64 {
	mem := int64(0)
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(line, "MemTotal:"); ok {
				f := strings.Fields(rest)
				if len(f) == 2 && f[1] == "kB" {
					if kb, err := strconv.ParseInt(f[0], 10, 64); err == nil && kb < math.MaxInt64>>10 {
						mem = kb << 10
					}
				}
			}
		}
	}
	if mem <= 0 {
		mem = FallbackMemory
	}
	for _, f := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		if b, err := os.ReadFile(f); err == nil {
			if n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil && n > 0 {
				mem = min(mem, n)
			}
		}
	}
	if lim := debug.SetMemoryLimit(-1); lim > 0 {
		mem = min(mem, lim)
	}
	return mem
}

// SmallAlloc is the size in bytes of the largest one-dimensional array
// allocLen takes without consulting the budget: such arrays cannot exhaust
// memory, and generated code often allocates them per element of a loop,
// where a full check would cost more than the allocation.
const SmallAlloc = 4096

// AllocLen is CheckAlloc for elements of type T in generated code: it
// fails at pos instead of returning an error. Small vectors take a short
// path; the function is still over Go's inlining budget, so for one
// dimension the generator tests the count against smallAlloc itself and
// calls allocLen only above it.
func AllocLen[T any](pos string, shape ...int64) int64 {
	var z T
	if len(shape) == 1 && uint64(shape[0]) <= SmallAlloc/uint64(max(unsafe.Sizeof(z), 1)) {
		return shape[0]
	}
	return AllocLenChecked(pos, shape, int64(unsafe.Sizeof(z)))
}

func AllocLenChecked(pos string, shape []int64, elemSize int64) int64 {
	n, err := rt.CheckAlloc(shape, elemSize)
	if err != nil {
		Fail(pos, err.Error())
	}
	return n
}

// HugeMin is the size in bytes from which makeData advises huge pages:
// large enough that the advice's system call costs little beside filling
// the array.
const HugeMin = 256 << 10

// MakeData allocates the zeroed elements of an array's data. Large data is
// advised to huge pages (adviseHuge) before anything touches it, so that
// its first use faults it in 2 MiB at a time instead of 4 KiB (on the
// machines we measure, a first run over 80 MB of fresh memory took three
// times as long as the next); memory the Go heap already holds is
// unaffected.
func MakeData[T any](n int64) []T {
	if n >= HugeMin/8 { // hugeMin bytes of the widest elements
		return MakeAdvised[T](n, true)
	}
	return make([]T, n)
}

// MakeFull is makeData for data that its caller writes in full before it
// reads any of it (the rows a map produces, a copy): storage taken back
// from the recycling bins is not cleared, which for a large result costs
// as much as writing it.
func MakeFull[T any](n int64) []T {
	if n >= HugeMin/8 {
		return MakeAdvised[T](n, false)
	}
	return make([]T, n)
}

// MakeAdvised is makeData out of line (so that makeData stays small
// enough to be inlined, and a small array that does not escape can live
// on the stack): it advises huge pages from hugeMin bytes. Recycled
// storage is cleared when zero is set.
func MakeAdvised[T any](n int64, zero bool) []T {
	var z T
	size := uintptr(n) * unsafe.Sizeof(z)
	if size >= HugeMin {
		if b := Reuse[T](n, zero); b != nil {
			return b
		}
	}
	if size < HugeMin {
		return make([]T, n)
	}
	// Large arrays start at a different cache line within a page each
	// (colors): Go places them on page boundaries, where element i of
	// every array would fall in the same set of the level-1 cache, and
	// a loop over more arrays than the cache has ways would evict each
	// line before it reads the line's next element.
	per := int64(CacheLine / unsafe.Sizeof(z))
	off := int64(0)
	if per > 0 {
		off = int64(NextColor.Add(1)%Colors) * per
	}
	b := make([]T, n+Colors*per)[off : off+n]
	AdviseHuge(uintptr(unsafe.Pointer(unsafe.SliceData(b))), size)
	return b
}

// CacheLine and colors: large arrays start at one of colors cache lines
// of a page (makeAdvised).
const (
	CacheLine = 64
	Colors    = 64
)

// NextColor counts the large arrays allocated, to color them in turn.
var NextColor atomic.Uint64

// RecycleMax is the number of arrays kept per element type.
const RecycleMax = 4

// RecycleBins holds the kept arrays: for each element type T (keyed by a
// nil *T), a *[][]T of whole backing arrays (len == cap).
var RecycleBins struct {
	Mu   sync.Mutex
	bins map[any]any
}

// Reuse returns n elements of a kept array of at least n and at most 2n
// elements (zeroed when zero is set), or nil.
func Reuse[T any](n int64, zero bool) []T {
	RecycleBins.Mu.Lock()
	bin, _ := RecycleBins.bins[(*T)(nil)].(*[][]T)
	if bin == nil {
		RecycleBins.Mu.Unlock()
		return nil
	}
	for i, b := range *bin {
		if c := int64(cap(b)); c >= n && c <= 2*n {
			*bin = append((*bin)[:i], (*bin)[i+1:]...)
			RecycleBins.Mu.Unlock()
			b = b[:n]
			if zero {
				clear(b)
			}
			return b
		}
	}
	RecycleBins.Mu.Unlock()
	return nil
}

// Keep adds the backing array of data, from its first element to its
// capacity, to T's bin, dropping the oldest array kept when it is full.
func Keep[T any](data []T) {
	RecycleBins.Mu.Lock()
	defer RecycleBins.Mu.Unlock()
	if RecycleBins.bins == nil {
		RecycleBins.bins = map[any]any{}
	}
	bin, _ := RecycleBins.bins[(*T)(nil)].(*[][]T)
	if bin == nil {
		bin = new([][]T)
		RecycleBins.bins[(*T)(nil)] = bin
	}
	if len(*bin) == RecycleMax {
		*bin = append((*bin)[:0], (*bin)[1:]...)
	}
	*bin = append(*bin, data[:cap(data)])
}

// Span is the memory an array's data may reach: from its first element to
// its capacity.
type Span struct{ Lo, Hi uintptr }

func SpanOf[T any](data []T) Span {
	if cap(data) == 0 {
		return Span{}
	}
	var z T
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(data)))
	return Span{lo, lo + uintptr(cap(data))*unsafe.Sizeof(z)}
}

// ArraySpan returns the span of v if it is an array (nil otherwise), and a
// function that keeps its storage.
func ArraySpan(v any) (Span, func()) {
	switch v := v.(type) {
	case rt.Array[int8]:
		return Recyclable(v)
	case rt.Array[uint8]:
		return Recyclable(v)
	case rt.Array[bool]:
		return Recyclable(v)
	case rt.Array[int16]:
		return Recyclable(v)
	case rt.Array[uint16]:
		return Recyclable(v)
	case rt.Array[rt.F16]:
		return Recyclable(v)
	case rt.Array[int32]:
		return Recyclable(v)
	case rt.Array[uint32]:
		return Recyclable(v)
	case rt.Array[float32]:
		return Recyclable(v)
	case rt.Array[int64]:
		return Recyclable(v)
	case rt.Array[uint64]:
		return Recyclable(v)
	case rt.Array[float64]:
		return Recyclable(v)
	}
	return Span{}, nil
}

func Recyclable[T any](a rt.Array[T]) (Span, func()) {
	return SpanOf(a.Data), func() { Keep(a.Data) }
}

// Recycle hands the storage of the arrays among done (values as
// EntryPoint.Call returns them) to later calls of this package's entry
// points (of every package sharing its runtime), which reuse it for
// arrays they allocate. The caller must not use
// any value of done, or any part of one, afterwards. live are values the
// caller still uses (the arguments it will pass again): an array of done
// whose storage may overlap that of any other value of done or live is
// left alone, as are arrays smaller than the ones worth keeping.
//
//fluxion:impl
func Recycle(done []any, live ...[]any) {
	var spans []Span
	for _, vs := range append([][]any{done}, live...) {
		for _, v := range vs {
			if s, _ := ArraySpan(v); s.Hi > s.Lo {
				spans = append(spans, s)
			}
		}
	}
	for _, v := range done {
		s, take := ArraySpan(v)
		if take == nil || s.Hi-s.Lo < HugeMin {
			continue
		}
		overlaps := 0
		for _, o := range spans {
			if o.Lo < s.Hi && s.Lo < o.Hi {
				overlaps++
			}
		}
		if overlaps == 1 { // itself only
			take()
		}
	}
}

type ScratchPool[S any] struct{ P sync.Pool }

func (sp *ScratchPool[S]) Get() *S {
	if s, ok := sp.P.Get().(*S); ok {
		return s
	}
	// Workers running in parallel write their structs' fields (shapes,
	// buffers) at every iteration: a cache line on either side keeps two
	// structs from sharing a line, which each write would take from the
	// other core.
	w := new(struct {
		_ [CacheLine]byte
		s S
		_ [CacheLine]byte
	})
	return &w.s
}

// MakeScratch is the storage of a scratch buffer (see grow): a small one
// has a cache line of padding on either side, so that the buffers of
// workers running in parallel, which Go's allocator may place next to
// each other, never share a line; a large one is makeAdvised's.
func MakeScratch[T any](n int64) []T {
	var z T
	if uintptr(n)*unsafe.Sizeof(z) >= HugeMin {
		return MakeAdvised[T](n, false)
	}
	per := int64(CacheLine / max(unsafe.Sizeof(z), 1))
	return make([]T, n+2*per)[per : per+n : per+n]
}

func (sp *ScratchPool[S]) Put(s *S) { sp.P.Put(s) }

// InStorage reports whether a's elements lie in b's storage (up to its
// capacity): which of a loop's two buffers holds a parameter's value.
func InStorage[T any](a, b []T) bool {
	if cap(a) == 0 || cap(b) == 0 {
		return false
	}
	var z T
	pa := uintptr(unsafe.Pointer(unsafe.SliceData(a)))
	pb := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	return pa >= pb && pa < pb+uintptr(cap(b))*unsafe.Sizeof(z)
}
