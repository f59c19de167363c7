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
	// MaxOrders is the most standing orders one entry gives.
	MaxOrders = 4
	// MaxOrdersEntries is the most entries with standing orders one seat
	// of a peer game makes between two turn beginnings (setup counts as
	// one turn). A sandbox game, played by one person, has no such limit.
	MaxOrdersEntries = 1
)

// LimitError reports an entry over one of the limits of §2.3. The command
// line treats it as a refused move (exit 3).
type LimitError struct {
	Seat   string
	Reason string
}

func (e *LimitError) Error() string { return fmt.Sprintf("%s: %s", e.Seat, e.Reason) }

// checkLimits refuses a new entry over the limits. A file of format 2 is
// verified against them too (replayEntry); older files only when they
// grow.
func (g *Game) checkLimits(e *Entry, actions []engine.Action) error {
	if g.attacker {
		return nil
	}
	if len(actions) > MaxActions {
		return &LimitError{Seat: e.Seat, Reason: fmt.Sprintf("an entry holds at most %d actions, this one %d: send the rest in another entry", MaxActions, len(actions))}
	}
	orders := ordersIn(actions)
	if orders > MaxOrders {
		return &LimitError{Seat: e.Seat, Reason: fmt.Sprintf("an entry gives at most %d standing orders, this one %d", MaxOrders, orders)}
	}
	if orders > 0 && !g.file.Header.Sandbox && g.ordersIn[e.Seat] >= MaxOrdersEntries {
		return &LimitError{Seat: e.Seat, Reason: fmt.Sprintf("a seat gives standing orders in at most %d entry a turn, and %s has given some since this turn began: give them when the next turn begins", MaxOrdersEntries, e.Seat)}
	}
	return nil
}

func ordersIn(actions []engine.Action) int {
	n := 0
	for _, a := range actions {
		if a.Class() == engine.ClassOrders {
			n++
		}
	}
	return n
}

// countOrders counts an entry of seat for the orders limit: the entries
// with standing orders each seat made since the current turn began. begins
// is true when the entry began a turn; orders is the number of standing
// orders it gives.
func (g *Game) countOrders(seat string, orders int, begins bool) {
	if begins {
		clear(g.ordersIn)
	}
	if orders == 0 {
		return
	}
	if g.ordersIn == nil {
		g.ordersIn = map[string]int{}
	}
	g.ordersIn[seat]++
}

// ordersOf counts the standing orders of stored actions, read as replay
// reads them.
func (g *Game) ordersOf(e *Entry) int {
	if e.Kind != EntryOrders && e.Kind != EntryMove && e.Kind != EntryDecision {
		return 0
	}
	actions, err := g.parseActions(e.Actions)
	if err != nil {
		return 0
	}
	return ordersIn(actions)
}
