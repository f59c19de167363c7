package elasund

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the test process has used so far, for
// benchmarks that report games per CPU second (steadier than wall time on a
// busy machine).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
