package bot

import (
	"fmt"
	"slices"

	"github.com/elasund/elasund/engine"
)

// MaxPlan bounds the actions of one planned move.
const MaxPlan = 100

// Plan asks player for seat's part of the game now, one action at a time,
// on a copy of p and with src, the random source the move will be applied
// with. Sent as one move, the actions draw the same dice and cards as they
// did in the plan.
//
// The move ends with the end of seat's turn, when the game no longer waits
// for seat, or when it waits for another seat too and seat owes no
// decision of its own: an offer that other seats must answer goes out
// with the move, and seat plays on in a later move, once they have. A
// decision owed by several seats at once (discards after a seven) is
// answered in the same move as the action that caused it.
//
// Plan returns no actions when the game does not wait for seat.
func Plan(p engine.Position, seat string, src engine.Source, player Player) ([]engine.Action, error) {
	scratch := p.Clone()
	turn, current := scratch.Turn(), scratch.Current()
	var move []engine.Action
	for !scratch.Over() && slices.Contains(scratch.Awaited(), seat) &&
		scratch.Turn() == turn && scratch.Current() == current {
		if len(move) > 0 && AwaitsOthers(scratch, seat) {
			break
		}
		if len(move) == MaxPlan {
			return nil, fmt.Errorf("the bot did not finish %s's move in %d actions", seat, MaxPlan)
		}
		a, err := player.Choose(scratch, seat, src.Clone())
		if err != nil {
			return nil, fmt.Errorf("the bot, choosing for %s: %w", seat, err)
		}
		if _, err := scratch.Apply(seat, []engine.Action{a}, src); err != nil {
			return nil, fmt.Errorf("the bot chose %q for %s: %w", a, seat, err)
		}
		move = append(move, a)
	}
	return move, nil
}

// AwaitsOthers reports whether p waits for a seat other than seat while
// seat owes no decision: what seat has done so far must reach them before
// seat goes on (an offer they answer).
func AwaitsOthers(p engine.Position, seat string) bool {
	if !slices.ContainsFunc(p.Awaited(), func(s string) bool { return s != seat }) {
		return false
	}
	return !slices.ContainsFunc(p.Owed(), func(o engine.Owed) bool { return o.Seat == seat })
}
