package turnfile

import (
	"fmt"

	"github.com/elasund/elasund/engine"
)

// The limits on what one seat may add to a game (§2.3), so that no seat
// can fill a game file up to MaxSize on its own and freeze it: every other
// seat's next move would be refused for size. A game bounds a seat's
// standing orders itself (S71, R105).
const (
	// MaxActions is the most actions one entry holds.
	MaxActions = 24
	// MaxOrdersEntries is the most entries of only standing orders one
	// seat of a peer game makes between two turn beginnings (setup counts
	// as one turn). A sandbox game, played by one person, has no such
	// limit.
	MaxOrdersEntries = 1
)

// LimitError reports an entry over one of the limits of §2.3. The command
// line treats it as a refused move (exit 4).
type LimitError struct {
	Seat   string
	Reason string
}

func (e *LimitError) Error() string { return fmt.Sprintf("%s: %s", e.Seat, e.Reason) }

// checkLimits refuses a new entry over the limits. A file of format 2 is
// verified against them too (replayEntry); older files only when they
// grow.
func (g *Game) checkLimits(e *Entry, actions []engine.Action) error {
	if len(actions) > MaxActions {
		return &LimitError{Seat: e.Seat, Reason: fmt.Sprintf("an entry holds at most %d actions, this one %d: send the rest in another entry", MaxActions, len(actions))}
	}
	if e.Kind == EntryOrders && !g.file.Header.Sandbox && g.ordersIn[e.Seat] >= MaxOrdersEntries {
		return &LimitError{Seat: e.Seat, Reason: fmt.Sprintf("a seat sends at most %d entry of only standing orders per turn: add the orders to your next move or decision, or send them when the next turn begins", MaxOrdersEntries)}
	}
	return nil
}

// countOrders counts e for the orders limit: entries of only orders since
// the current turn began, r being e's result.
func (g *Game) countOrders(e *Entry, r *result) {
	if r != nil && r.begins {
		clear(g.ordersIn)
	}
	if e.Kind != EntryOrders {
		return
	}
	if g.ordersIn == nil {
		g.ordersIn = map[string]int{}
	}
	g.ordersIn[e.Seat]++
}
