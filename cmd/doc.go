// Package cmd is the elasund command line (docs/cli.md): a cobra command
// tree whose commands fill an options struct and call a run function.
// Main maps every error to one message and one exit code.
package cmd
