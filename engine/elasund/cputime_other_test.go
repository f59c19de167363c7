//go:build !linux

package elasund

import "time"

// cpuTime is zero where the process's CPU time is not read; the
// benchmarks then report no CPU figures.
func cpuTime() time.Duration { return 0 }
