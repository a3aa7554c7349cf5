//go:build unix

package rad

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used, so that benchmarks
// can report cost independent of other load on the machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
