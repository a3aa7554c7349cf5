package rt

import (
	"errors"
	"math"
	"math/bits"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// The allocation policy of Fluxion's run times (generated code, the
// interpreter, the value readers): before an array is allocated, its
// element count must not overflow and its size in bytes must be within the
// memory budget. The budget bounds every single array; a program that
// needs more gets a run-time error naming the array's shape instead of
// crashing the process. By default it is a quarter of the machine's
// memory; BudgetEnv or SetMemoryBudget change it.

// BudgetEnv is the environment variable that sets the memory budget: a
// number of bytes with an optional unit (B, KB, MB, GB, TB in powers of
// 1000; KiB, MiB, GiB, TiB in powers of 1024), or a percentage of the
// machine's memory, e.g. "512MiB", "2GB", "50%".
const BudgetEnv = "FLUXION_MEMORY_BUDGET"

// defaultBudgetShare is the part of the machine's memory that one array
// may take by default. Copying an array or passing it between processes
// can need a few times its size, hence well below all of it.
const defaultBudgetShare = 4

// fallbackMemory is the memory assumed where the machine's cannot be read.
const fallbackMemory = 16 << 30

var (
	budgetOnce sync.Once
	budgetSet  atomic.Int64 // > 0: set by SetMemoryBudget
	budgetEnv  int64        // from BudgetEnv or the default
	budgetErr  error        // a malformed BudgetEnv
)

// MemoryBudget returns the largest size in bytes that one array may take.
func MemoryBudget() int64 {
	b, _ := budget()
	return b
}

// budget returns the memory budget and the error of a malformed BudgetEnv
// when it is in force.
func budget() (int64, error) {
	budgetOnce.Do(initBudget)
	if b := budgetSet.Load(); b > 0 {
		return b, nil
	}
	return budgetEnv, budgetErr
}

// SetMemoryBudget sets the largest size in bytes that one array may take,
// overriding BudgetEnv; n <= 0 restores the budget of BudgetEnv or the
// default.
func SetMemoryBudget(n int64) {
	budgetSet.Store(max(n, 0))
}

func initBudget() {
	mem := machineMemory()
	budgetEnv = mem / defaultBudgetShare
	if s, ok := os.LookupEnv(BudgetEnv); ok && strings.TrimSpace(s) != "" {
		b, err := parseSize(s, mem)
		if err != nil {
			budgetErr = errors.New(BudgetEnv + "=" + strconv.Quote(s) + ": " + err.Error())
			return
		}
		budgetEnv = b
	}
}

// parseSize parses a memory size as BudgetEnv takes it; a percentage is of
// mem bytes.
func parseSize(s string, mem int64) (int64, error) {
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

// machineMemory is the memory available to this process: the machine's,
// or less when a control group or Go's memory limit (GOMEMLIMIT) says so.
func machineMemory() int64 {
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
		mem = fallbackMemory
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

// CheckAlloc returns the number of elements of an array of the given
// shape whose elements take elemSize bytes each, or an error when a
// dimension is negative, the count or the size overflows, or the size is
// above the memory budget. The error's text names the shape; callers add
// where the array is made.
func CheckAlloc(shape []int64, elemSize int64) (int64, error) {
	n := int64(1)
	over := false
	for _, d := range shape {
		if d < 0 {
			return 0, errors.New("Cannot allocate an array of shape " + shapeString(shape) + ": negative dimension.")
		}
		hi, lo := bits.Mul64(uint64(n), uint64(d))
		if hi != 0 || lo > math.MaxInt64 {
			over = true // unless a later dimension is zero
			n = 1
			continue
		}
		n = int64(lo)
	}
	if n == 0 {
		return 0, nil
	}
	hi, size := bits.Mul64(uint64(n), uint64(elemSize))
	limit, err := budget()
	if err != nil {
		return 0, err
	}
	if over || hi != 0 || size > uint64(limit) {
		return 0, &AllocError{Shape: append([]int64(nil), shape...), Budget: limit}
	}
	return n, nil
}

// AllocError is CheckAlloc's error for an array larger than the memory
// budget.
type AllocError struct {
	Shape  []int64
	Budget int64 // bytes
}

func (e *AllocError) Error() string {
	return "Cannot allocate an array of shape " + shapeString(e.Shape) + ": it would take more than the memory budget of " + FormatSize(e.Budget) + " (see " + BudgetEnv + ")."
}

// FormatSize writes a size in bytes for people: "512 B", "1.5 GiB".
func FormatSize(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	x, u := float64(n), 0
	for x >= 1024 && u < len(units)-1 {
		x /= 1024
		u++
	}
	if u == 0 || x == math.Trunc(x) {
		return strconv.FormatFloat(x, 'f', 0, 64) + " " + units[u]
	}
	return strconv.FormatFloat(x, 'f', 1, 64) + " " + units[u]
}

// smallAlloc is the size in bytes of the largest one-dimensional array
// allocLen takes without consulting the budget: such arrays cannot exhaust
// memory, and generated code often allocates them per element of a loop,
// where a full check would cost more than the allocation.
const smallAlloc = 4096

// allocLen is CheckAlloc for elements of type T in generated code: it
// fails at pos instead of returning an error. Small vectors take a short
// path; the function is still over Go's inlining budget, so for one
// dimension the generator tests the count against smallAlloc itself and
// calls allocLen only above it.
func allocLen[T any](pos string, shape ...int64) int64 {
	var z T
	if len(shape) == 1 && uint64(shape[0]) <= smallAlloc/uint64(max(unsafe.Sizeof(z), 1)) {
		return shape[0]
	}
	return allocLenChecked(pos, shape, int64(unsafe.Sizeof(z)))
}

func allocLenChecked(pos string, shape []int64, elemSize int64) int64 {
	n, err := CheckAlloc(shape, elemSize)
	if err != nil {
		fail(pos, err.Error())
	}
	return n
}

// hugeMin is the size in bytes from which makeData advises huge pages:
// large enough that the advice's system call costs little beside filling
// the array.
const hugeMin = 256 << 10

// makeData allocates the zeroed elements of an array's data. Large data is
// advised to huge pages (adviseHuge) before anything touches it, so that
// its first use faults it in 2 MiB at a time instead of 4 KiB (on the
// machines we measure, a first run over 80 MB of fresh memory took three
// times as long as the next); memory the Go heap already holds is
// unaffected.
func makeData[T any](n int64) []T {
	if n >= hugeMin/8 { // hugeMin bytes of the widest elements
		return makeAdvised[T](n, true)
	}
	return make([]T, n)
}

// makeFull is makeData for data that its caller writes in full before it
// reads any of it (the rows a map produces, a copy): storage taken back
// from the recycling bins is not cleared, which for a large result costs
// as much as writing it.
func makeFull[T any](n int64) []T {
	if n >= hugeMin/8 {
		return makeAdvised[T](n, false)
	}
	return make([]T, n)
}

// makeAdvised is makeData out of line (so that makeData stays small
// enough to be inlined, and a small array that does not escape can live
// on the stack): it advises huge pages from hugeMin bytes. Recycled
// storage is cleared when zero is set.
func makeAdvised[T any](n int64, zero bool) []T {
	var z T
	size := uintptr(n) * unsafe.Sizeof(z)
	if size >= hugeMin {
		if b := reuse[T](n, zero); b != nil {
			return b
		}
	}
	if size < hugeMin {
		return make([]T, n)
	}
	// Large arrays start at a different cache line within a page each
	// (colors): Go places them on page boundaries, where element i of
	// every array would fall in the same set of the level-1 cache, and
	// a loop over more arrays than the cache has ways would evict each
	// line before it reads the line's next element.
	per := int64(cacheLine / unsafe.Sizeof(z))
	off := int64(0)
	if per > 0 {
		off = int64(nextColor.Add(1)%colors) * per
	}
	b := make([]T, n+colors*per)[off : off+n]
	adviseHuge(uintptr(unsafe.Pointer(unsafe.SliceData(b))), size)
	return b
}

// cacheLine and colors: large arrays start at one of colors cache lines
// of a page (makeAdvised).
const (
	cacheLine = 64
	colors    = 64
)

// nextColor counts the large arrays allocated, to color them in turn.
var nextColor atomic.Uint64

// Recycling. A caller that runs entry points again and again (a training
// loop, a benchmark harness) may hand the storage of results it is done
// with back to the package (Recycle); later large allocations take it
// instead of fresh memory from the operating system, whose first touch (a
// page fault per page, the kernel clearing it) can cost more than the
// computation that fills a large result. Only arrays of at least hugeMin
// bytes are kept, a few per element type, and each is cleared when it is
// taken again, unless it is taken for data written in full (makeFull).

// recycleMax is the number of arrays kept per element type.
const recycleMax = 4

// recycleBins holds the kept arrays: for each element type T (keyed by a
// nil *T), a *[][]T of whole backing arrays (len == cap).
var recycleBins struct {
	mu   sync.Mutex
	bins map[any]any
}

// reuse returns n elements of a kept array of at least n and at most 2n
// elements (zeroed when zero is set), or nil.
func reuse[T any](n int64, zero bool) []T {
	recycleBins.mu.Lock()
	bin, _ := recycleBins.bins[(*T)(nil)].(*[][]T)
	if bin == nil {
		recycleBins.mu.Unlock()
		return nil
	}
	for i, b := range *bin {
		if c := int64(cap(b)); c >= n && c <= 2*n {
			*bin = append((*bin)[:i], (*bin)[i+1:]...)
			recycleBins.mu.Unlock()
			b = b[:n]
			if zero {
				clear(b)
			}
			return b
		}
	}
	recycleBins.mu.Unlock()
	return nil
}

// keep adds the backing array of data, from its first element to its
// capacity, to T's bin, dropping the oldest array kept when it is full.
func keep[T any](data []T) {
	recycleBins.mu.Lock()
	defer recycleBins.mu.Unlock()
	if recycleBins.bins == nil {
		recycleBins.bins = map[any]any{}
	}
	bin, _ := recycleBins.bins[(*T)(nil)].(*[][]T)
	if bin == nil {
		bin = new([][]T)
		recycleBins.bins[(*T)(nil)] = bin
	}
	if len(*bin) == recycleMax {
		*bin = append((*bin)[:0], (*bin)[1:]...)
	}
	*bin = append(*bin, data[:cap(data)])
}

// span is the memory an array's data may reach: from its first element to
// its capacity.
type span struct{ lo, hi uintptr }

func spanOf[T any](data []T) span {
	if cap(data) == 0 {
		return span{}
	}
	var z T
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(data)))
	return span{lo, lo + uintptr(cap(data))*unsafe.Sizeof(z)}
}

// arraySpan returns the span of v if it is an array (nil otherwise), and a
// function that keeps its storage.
func arraySpan(v any) (span, func()) {
	switch v := v.(type) {
	case Array[int8]:
		return recyclable(v)
	case Array[uint8]:
		return recyclable(v)
	case Array[bool]:
		return recyclable(v)
	case Array[int16]:
		return recyclable(v)
	case Array[uint16]:
		return recyclable(v)
	case Array[F16]:
		return recyclable(v)
	case Array[int32]:
		return recyclable(v)
	case Array[uint32]:
		return recyclable(v)
	case Array[float32]:
		return recyclable(v)
	case Array[int64]:
		return recyclable(v)
	case Array[uint64]:
		return recyclable(v)
	case Array[float64]:
		return recyclable(v)
	}
	return span{}, nil
}

func recyclable[T any](a Array[T]) (span, func()) {
	return spanOf(a.Data), func() { keep(a.Data) }
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
	var spans []span
	for _, vs := range append([][]any{done}, live...) {
		for _, v := range vs {
			if s, _ := arraySpan(v); s.hi > s.lo {
				spans = append(spans, s)
			}
		}
	}
	for _, v := range done {
		s, take := arraySpan(v)
		if take == nil || s.hi-s.lo < hugeMin {
			continue
		}
		overlaps := 0
		for _, o := range spans {
			if o.lo < s.hi && s.lo < o.hi {
				overlaps++
			}
		}
		if overlaps == 1 { // itself only
			take()
		}
	}
}

// scratchPool keeps the scratch buffers of one worker of generated code
// (a function body, or the body of a parallel loop's chunk; S is a struct
// of them) between its runs, so that calling an entry point again, or
// running the next chunk, reuses the memory the last run grew. A run
// takes a struct with get and gives it back with put when it ends; the
// buffers hold nothing that outlives a run.

type scratchPool[S any] struct{ p sync.Pool }

func (sp *scratchPool[S]) get() *S {
	if s, ok := sp.p.Get().(*S); ok {
		return s
	}
	// Workers running in parallel write their structs' fields (shapes,
	// buffers) at every iteration: a cache line on either side keeps two
	// structs from sharing a line, which each write would take from the
	// other core.
	w := new(struct {
		_ [cacheLine]byte
		s S
		_ [cacheLine]byte
	})
	return &w.s
}

// makeScratch is the storage of a scratch buffer (see grow): a small one
// has a cache line of padding on either side, so that the buffers of
// workers running in parallel, which Go's allocator may place next to
// each other, never share a line; a large one is makeAdvised's.
func makeScratch[T any](n int64) []T {
	var z T
	if uintptr(n)*unsafe.Sizeof(z) >= hugeMin {
		return makeAdvised[T](n, false)
	}
	per := int64(cacheLine / max(unsafe.Sizeof(z), 1))
	return make([]T, n+2*per)[per : per+n : per+n]
}

func (sp *scratchPool[S]) put(s *S) { sp.p.Put(s) }

// inStorage reports whether a's elements lie in b's storage (up to its
// capacity): which of a loop's two buffers holds a parameter's value.
func inStorage[T any](a, b []T) bool {
	if cap(a) == 0 || cap(b) == 0 {
		return false
	}
	var z T
	pa := uintptr(unsafe.Pointer(unsafe.SliceData(a)))
	pb := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	return pa >= pb && pa < pb+uintptr(cap(b))*unsafe.Sizeof(z)
}
