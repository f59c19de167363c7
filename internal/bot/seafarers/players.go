package seafarers

import (
	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/internal/bot"
)

// Maker makes the Seafarers players. Its zero value is ready to use.
type Maker struct {
	bot.ThreeLevels[Maker]
}

var _ bot.Maker = Maker{}

// Random returns a player that takes a legal action at random.
func (Maker) Random(seed uint64) bot.Player { return newRandom(seed) }

// Heuristic returns the heuristic player.
func (Maker) Heuristic(seed uint64) bot.Player { return newHeuristic(seed) }

// Strong returns the player that searches by simulation.
func (Maker) Strong(seed uint64) bot.Player {
	return newStrong(seed, defaultSearch, &defaultValue)
}

// chooser is how the players choose, on the typed Seafarers game: one
// action seat may take now in g, where src is a copy of the source the
// action will be applied with (given to Legal only). It never changes g,
// and returns a *bot.NoActionError when the seat has nothing to do.
type chooser interface {
	choose(g *game.Game, seat game.Colour, src engine.Source) (game.Action, error)
}

// choose is bot.Player.Choose for a chooser (bot.Choose).
func choose(c chooser, p engine.Position, seat string, src engine.Source) (engine.Action, error) {
	return bot.Choose(bot.Typed[*game.Game, game.Colour]{
		Name: "Seafarers", Of: game.Of, Seat: game.ParseColour,
		Phase: func(g *game.Game) string { return g.Phase().String() },
	}, p, seat, src, c.choose)
}

// noAction is the error for a seat with nothing to do in g.
func noAction(g *game.Game, seat string) error {
	return &bot.NoActionError{Seat: seat, Phase: g.Phase().String()}
}

// cloneSource returns a copy of src, or nil.
func cloneSource(src engine.Source) engine.Source {
	if src == nil {
		return nil
	}
	return src.Clone()
}

// trial returns a quiet copy of g (game.Game.SetQuiet) for trying
// actions on: the bot reads the positions it reaches, never their events.
func trial(g *game.Game) *game.Game {
	c := g.Clone()
	c.SetQuiet(true)
	return c
}
