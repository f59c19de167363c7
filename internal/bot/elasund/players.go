package elasund

import (
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
	choose(g *game.Game, seat game.Colour, peek engine.Source) (game.Action, error)
}

// choose is bot.Player.Choose for a chooser (bot.Choose).
func choose(c chooser, p engine.Position, seat string, src engine.Source) (engine.Action, error) {
	return bot.Choose(bot.Typed[*game.Game, game.Colour]{
		Name: "Elasund", Of: game.Of, Seat: game.ParseColour,
		Phase: func(g *game.Game) string { return g.View().Phase.String() },
	}, p, seat, src, c.choose)
}

// noAction is the error for a seat with nothing to do in g.
func noAction(g *game.Game, seat game.Colour) error {
	return &bot.NoActionError{Seat: seat.String(), Phase: g.View().Phase.String()}
}
