package cmd

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/turnfile"
)

// The exit codes of docs/cli.md.
const (
	exitOK      = 0
	exitFailure = 1
	exitUsage   = 2
	exitIllegal = 3
	exitInvalid = 4
)

// usageError is a malformed command line: exit 2, with the command's usage
// line.
type usageError struct {
	cmd *cobra.Command
	err error
}

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

func usagef(c *cobra.Command, format string, args ...any) error {
	return &usageError{cmd: c, err: fmt.Errorf(format, args...)}
}

// hintError adds a "hint:" line to an error.
type hintError struct {
	err  error
	hint string
}

func (e *hintError) Error() string { return e.err.Error() }
func (e *hintError) Unwrap() error { return e.err }

func withHint(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	return &hintError{err: err, hint: fmt.Sprintf(format, args...)}
}

// exitCode maps an error to the exit codes of docs/cli.md. A bad file
// wins over the illegal move it may contain.
func exitCode(err error) int {
	var (
		ue *usageError
		pe *turnfile.ParseError
		ve *turnfile.VerifyError
		fe *turnfile.ForkError
		st *turnfile.StaleError
		re *engine.RuleError
		ne *engine.NotationError
		te *turnfile.TurnError
		le *turnfile.LimitError
		se *engine.StateError
	)
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ue):
		return exitUsage
	case errors.As(err, &pe), errors.As(err, &ve), errors.As(err, &fe), errors.As(err, &st):
		return exitInvalid
	case errors.As(err, &re), errors.As(err, &ne), errors.As(err, &te), errors.As(err, &le):
		return exitIllegal
	case errors.As(err, &se):
		return exitInvalid
	}
	return exitFailure
}
