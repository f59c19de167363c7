package elasund

import (
	"fmt"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/internal/bot"
)

// Maker makes Elasund's players. Its zero value is ready to use.
type Maker struct{}

var _ bot.Maker = Maker{}

// Levels lists the player levels, weakest first: bot.LevelRandom,
// bot.LevelHeuristic and bot.LevelStrong.
func (Maker) Levels() []string {
	return []string{bot.LevelRandom, bot.LevelHeuristic, bot.LevelStrong}
}

// New returns a player of the given level whose choices depend only on seed
// and on the positions it is shown. It returns a *bot.LevelError for an
// unknown level.
func (m Maker) New(level string, seed uint64) (bot.Player, error) {
	switch level {
	case bot.LevelRandom:
		return newRandom(seed), nil
	case bot.LevelHeuristic:
		return newHeuristic(seed, defaultWeights), nil
	case bot.LevelStrong:
		return newStrong(seed, defaultSearch, defaultWeights), nil
	}
	return nil, &bot.LevelError{Level: level, Levels: m.Levels()}
}

// chooser is how the players choose, on the typed Elasund game: one action
// that seat may take now in g, using peek as game.Game.Legal does (a copy
// of the random source the action will be applied with, consumed). It
// never changes g, and returns a *bot.NoActionError when the seat has
// nothing to do.
type chooser interface {
	choose(g *game.Game, seat game.Colour, peek engine.Rand) (game.Action, error)
}

// choose is bot.Player.Choose for a chooser: it converts the position, the
// seat and the source at the boundary and returns the typed action as an
// engine.Action.
func choose(c chooser, p engine.Position, seat string, src engine.Source) (engine.Action, error) {
	g := game.Of(p)
	if g == nil {
		name := "no"
		if p != nil {
			name = "a " + p.Game().Name()
		}
		return nil, fmt.Errorf("%w: given %s position", ErrOtherGame, name)
	}
	colour, err := game.ParseColour(seat)
	if err != nil {
		return nil, &bot.NoActionError{Seat: seat, Phase: g.View().Phase.String()}
	}
	a, err := c.choose(g, colour, src)
	if err != nil {
		return nil, err
	}
	return a, nil
}

// noAction is the error for a seat with nothing to do in g.
func noAction(g *game.Game, seat game.Colour) error {
	return &bot.NoActionError{Seat: seat.String(), Phase: g.View().Phase.String()}
}
