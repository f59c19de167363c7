// Command elasund plays the board game Elasund by e-mail: see cmd and
// spec/CLI.md.
package main

import (
	"context"
	"os"

	"github.com/elasund/elasund/cmd"
)

func main() {
	os.Exit(cmd.Main(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
