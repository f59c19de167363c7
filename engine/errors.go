package engine

import (
	"errors"
	"fmt"
)

// RuleError reports an action that breaks a rule. Rule is the game's
// number of the rule broken, such as "R52" or "S44".
type RuleError struct {
	Rule   string
	Action string
	Reason string
}

func (e *RuleError) Error() string {
	if e.Action == "" {
		return fmt.Sprintf("%s: %s", e.Rule, e.Reason)
	}
	return fmt.Sprintf("%q: %s (%s)", e.Action, e.Reason, e.Rule)
}

// NotationError reports text that is not a well-formed move or edit.
// Offset is the byte offset in Input where the problem starts.
type NotationError struct {
	Input  string
	Offset int
	Reason string
}

func (e *NotationError) Error() string {
	return fmt.Sprintf("cannot read %q at offset %d: %s", e.Input, e.Offset, e.Reason)
}

// StateError reports a state that is not a consistent position of its
// game.
type StateError struct {
	Field  string
	Reason string
}

func (e *StateError) Error() string {
	return fmt.Sprintf("inconsistent state: %s: %s", e.Field, e.Reason)
}

// OptionError reports an unknown rule option or a value it cannot take.
type OptionError struct {
	Name   string
	Value  string
	Reason string
}

func (e *OptionError) Error() string {
	return fmt.Sprintf("option %s=%s: %s", e.Name, e.Value, e.Reason)
}

// SetupError reports a set-up a game cannot be made from: seats it does
// not allow, a set-up choice it does not have or a value it does not
// accept.
type SetupError struct {
	// Field is what is wrong: "seats", or the name of a Choice.
	Field  string
	Reason string
}

func (e *SetupError) Error() string { return fmt.Sprintf("%s: %s", e.Field, e.Reason) }

// ErrUnknownGame is returned for a game name or file format no registered
// game has.
var ErrUnknownGame = errors.New("unknown game")
