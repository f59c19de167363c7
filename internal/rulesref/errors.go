package rulesref

import (
	"fmt"
	"strings"
)

// ParseError reports a rules reference that does not have the shape the
// package documentation describes. Line is 1-based, or 0 when the problem
// has no place.
type ParseError struct {
	Line   int
	Reason string
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("rules reference, line %d: %s", e.Line, e.Reason)
	}
	return "rules reference: " + e.Reason
}

// NotFoundError reports a query that names no rule or topic and matches no
// rule title. Suggestions lists the closest topic names and rule ids, best
// first; it may be empty.
type NotFoundError struct {
	Query       string
	Suggestions []string
}

func (e *NotFoundError) Error() string {
	msg := fmt.Sprintf("no rule or topic matches %q", e.Query)
	if len(e.Suggestions) > 0 {
		msg += "; did you mean " + strings.Join(e.Suggestions, ", ") + "?"
	}
	return msg
}
