//go:build unix

package trace_test

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used, so that benchmarks
// can report a cost that other load on the machine disturbs less.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
