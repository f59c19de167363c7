//go:build unix

package browsertest

import (
	"os/exec"
	"syscall"
)

// setGroup starts the driver in a process group of its own, so that
// stopGroup ends the browsers it started with it.
func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// stopGroup ends the driver's process group.
func stopGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
		cmd.Process.Kill()
	}
}
