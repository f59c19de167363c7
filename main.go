// Command elasund plays Elasund: The First City and Catan: Seafarers by
// e-mail, git or any shared file: see package cmd and docs/cli.md.
package main

import (
	"context"
	"os"

	"github.com/elasund/elasund/cmd"
)

func main() {
	os.Exit(cmd.Main(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
