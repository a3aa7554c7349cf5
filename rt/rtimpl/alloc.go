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
// fails at pos instead of returning an error. Small vectors take a path
// short enough to be inlined.
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
		return MakeAdvised[T](n)
	}
	return make([]T, n)
}

// MakeAdvised is makeData out of line (so that makeData stays small
// enough to be inlined, and a small array that does not escape can live
// on the stack): it advises huge pages from hugeMin bytes.
func MakeAdvised[T any](n int64) []T {
	b := make([]T, n)
	var z T
	if size := uintptr(n) * unsafe.Sizeof(z); size >= HugeMin {
		AdviseHuge(uintptr(unsafe.Pointer(unsafe.SliceData(b))), size)
	}
	return b
}

// ScratchPool keeps the scratch buffers of one worker of generated code
// (a function body, or the body of a parallel loop's chunk; S is a struct
// of them) between its runs, so that calling an entry point again, or
// running the next chunk, reuses the memory the last run grew. A run
// takes a struct with get and gives it back with put when it ends; the
// buffers hold nothing that outlives a run.
type ScratchPool[S any] struct{ P sync.Pool }

func (sp *ScratchPool[S]) Get() *S {
	if s, ok := sp.P.Get().(*S); ok {
		return s
	}
	return new(S)
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
