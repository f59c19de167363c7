//go:build !linux

package cputime

import "time"

// Process is zero where the CPU time is not read: the benchmarks then
// report no CPU figures.
func Process() time.Duration { return 0 }

// Thread is zero where the CPU time is not read.
func Thread() time.Duration { return 0 }
