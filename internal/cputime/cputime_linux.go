//go:build linux

package cputime

import (
	"syscall"
	"time"
)

// Process is the CPU time the process has used, user and system, every
// thread included (the garbage collector's too).
func Process() time.Duration { return rusage(syscall.RUSAGE_SELF) }

// Thread is the CPU time the calling thread has used; the caller locks
// its goroutine to the thread. Background garbage collection is not in it.
func Thread() time.Duration { return rusage(syscall.RUSAGE_THREAD) }

func rusage(who int) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(who, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
