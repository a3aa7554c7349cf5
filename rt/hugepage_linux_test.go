package rt

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// vmFlags returns the VmFlags of the mapping of /proc/self/smaps that
// holds address a.
func vmFlags(t *testing.T, a uintptr) []string {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip("no /proc/self/smaps:", err)
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		fields := strings.Fields(line)
		if len(fields) > 0 && strings.Contains(fields[0], "-") && !strings.HasSuffix(fields[0], ":") {
			lo, hi, _ := strings.Cut(fields[0], "-")
			l, err1 := strconv.ParseUint(lo, 16, 64)
			h, err2 := strconv.ParseUint(hi, 16, 64)
			in = err1 == nil && err2 == nil && uint64(a) >= l && uint64(a) < h
			continue
		}
		if in && strings.HasPrefix(line, "VmFlags:") {
			return fields[1:]
		}
	}
	t.Fatalf("no mapping holds %#x", a)
	return nil
}

func TestMakeDataAdvisesHugePages(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil {
		t.Skip("the kernel has no transparent huge pages")
	}
	// From hugeMin bytes, and over a huge page boundary; both ends.
	for _, n := range []int64{hugeMin / 8, 3 * hugePage / 8} {
		b := makeData[float64](n)
		if int64(len(b)) != n {
			t.Fatalf("makeData(%d) has %d elements", n, len(b))
		}
		for i, x := range b {
			if x != 0 {
				t.Fatalf("makeData(%d)[%d] = %v, want 0", n, i, x)
			}
		}
		first := uintptr(unsafe.Pointer(&b[0]))
		last := uintptr(unsafe.Pointer(&b[len(b)-1]))
		for _, a := range []uintptr{first, last} {
			hg := false
			for _, f := range vmFlags(t, a) {
				hg = hg || f == "hg"
			}
			if !hg {
				t.Errorf("makeData(%d): the mapping at %#x is not advised to huge pages", n, a)
			}
		}
	}
}
