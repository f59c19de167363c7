package cputime

import (
	"runtime"
	"testing"
	"time"
)

// TestCPUTimeAdvances burns some CPU and sees both clocks move forward on
// Linux, and stay zero elsewhere.
func TestCPUTimeAdvances(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	p0, t0 := Process(), Thread()
	x := 0
	for start := time.Now(); time.Since(start) < 50*time.Millisecond; {
		x++
	}
	_ = x
	p1, t1 := Process(), Thread()
	if runtime.GOOS != "linux" {
		if p1 != 0 || t1 != 0 {
			t.Fatalf("Process %v, Thread %v, want 0 off Linux", p1, t1)
		}
		return
	}
	if p1 <= p0 || t1 <= t0 {
		t.Fatalf("CPU time did not advance: process %v → %v, thread %v → %v", p0, p1, t0, t1)
	}
}
