//go:build !unix

package elasund

import "time"

// cpuTime is zero where the process's CPU time cannot be read.
func cpuTime() time.Duration { return 0 }
