package bot

import (
	"fmt"
	"slices"

	"github.com/elasund/elasund/engine"
)

// Player chooses actions for seats of a game.
//
// Choose returns one action that seat may take now in p; the caller applies
// it (a one-action move) and calls Choose again while the game still waits
// for that seat. src must be a copy of the random source the action will be
// applied with, and Choose may consume it (as engine.Position.Legal does).
// Choose never changes p. When the seat has nothing to do it returns a
// *NoActionError.
type Player interface {
	Choose(p engine.Position, seat string, src engine.Source) (engine.Action, error)
}

// The level names every game's bots share; a game may have more.
const (
	LevelRandom    = "random"
	LevelHeuristic = "heuristic"
	LevelStrong    = "strong"
)

// Maker makes one game's players.
type Maker interface {
	// Levels lists the levels the game's bots play at, weakest first.
	Levels() []string
	// New returns a player of a level whose choices depend only on seed
	// and on the positions it is shown; a *LevelError for an unknown
	// level.
	New(level string, seed uint64) (Player, error)
}

// MaxPlan bounds the actions of one planned move.
const MaxPlan = 100

// Plan asks player for seat's part of the game now, one action at a time,
// on a copy of p and with src, the random source the move will be applied
// with: the actions up to the end of seat's turn, or until the game waits
// for another seat. Sent as one move, they draw the same dice and cards as
// they did in the plan.
func Plan(p engine.Position, seat string, src engine.Source, player Player) ([]engine.Action, error) {
	scratch := p.Clone()
	turn, current := scratch.Turn(), scratch.Current()
	var move []engine.Action
	for !scratch.Over() && slices.Contains(scratch.Awaited(), seat) &&
		scratch.Turn() == turn && scratch.Current() == current {
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
