package bot

import (
	"fmt"
	"strings"
)

// LevelError reports a player level that does not exist.
type LevelError struct {
	Level string
	// Levels lists the levels there are.
	Levels []string
}

func (e *LevelError) Error() string {
	return fmt.Sprintf("no bot level %q (want one of: %s)", e.Level, strings.Join(e.Levels, ", "))
}

// NoActionError reports that a player was asked to move for a seat that has
// nothing to do: the game is over or waits for other seats.
type NoActionError struct {
	Seat  string
	Phase string
}

func (e *NoActionError) Error() string {
	return fmt.Sprintf("%s has no legal action in phase %s", e.Seat, e.Phase)
}
