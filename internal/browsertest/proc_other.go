//go:build !unix

package browsertest

import "os/exec"

func setGroup(*exec.Cmd) {}

func stopGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}
