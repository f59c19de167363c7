package referee

import "errors"

// HostError reports a hosted game that cannot be made or changed as
// asked: a seat without an address, a hosted colour nobody sits at, an
// unknown game. Err, when set, is the cause (engine.ErrUnknownGame for a
// game name no game of the set has).
type HostError struct {
	Reason string
	Err    error
}

func (e *HostError) Error() string { return e.Reason }

// Unwrap returns the cause, if any.
func (e *HostError) Unwrap() error { return e.Err }

// errNoGame is returned by the store for a game it does not hold.
var errNoGame = errors.New("no such game")
