//go:build !linux

package elasund

import "time"

// cpuTime is zero where the process's CPU time is not read.
func cpuTime() time.Duration { return 0 }

// threadCPU is zero where a thread's CPU time is not read.
func threadCPU() time.Duration { return 0 }
