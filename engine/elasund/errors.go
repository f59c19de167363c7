package elasund

import (
	"fmt"

	"github.com/elasund/elasund/engine"
)

// The error types are the contract's (package engine), so that callers
// handle every game's refusals alike.
type (
	// RuleError reports an action that breaks a rule; Rule is an R number.
	RuleError = engine.RuleError
	// NotationError reports text that is not a well-formed move or edit.
	NotationError = engine.NotationError
	// StateError reports a state that is not a consistent Elasund position.
	StateError = engine.StateError
	// OptionError reports an unknown rule option or a value it cannot take.
	OptionError = engine.OptionError
)

func ruleErr(rule string, a Action, format string, args ...any) *RuleError {
	s := ""
	if a.Kind != ActNone {
		s = a.String()
	}
	return &RuleError{Rule: rule, Action: s, Reason: fmt.Sprintf(format, args...)}
}
