package bot

import (
	"errors"
	"fmt"

	"github.com/elasund/elasund/engine"
)

// ErrOtherGame is returned when a game's player is shown a position of
// another game.
var ErrOtherGame = errors.New("a game's bots play only that game")

// Typed is how one game's players see its positions: as the game's own
// game type G and seat type S, read from the contract's at the boundary
// of Player.Choose (Choose).
type Typed[G comparable, S any] struct {
	// Name is the game's name, for ErrOtherGame.
	Name string
	// Of returns the game of a position, or the zero G for another game's
	// position or none.
	Of func(engine.Position) G
	// Seat reads a seat colour of the game.
	Seat func(string) (S, error)
	// Phase names the phase of g, for a *NoActionError.
	Phase func(g G) string
}

// Choose is Player.Choose for a player that chooses on the game's own
// types: it reads the position and the seat as t says, asks choose, and
// returns the chosen action as an engine.Action. A position of another
// game is an error wrapping ErrOtherGame; a seat the game does not have
// is a *NoActionError.
func Choose[G comparable, S any, A engine.Action](t Typed[G, S], p engine.Position, seat string, src engine.Source,
	choose func(g G, seat S, src engine.Source) (A, error)) (engine.Action, error) {
	var none G
	g := t.Of(p)
	if g == none {
		name := "no"
		if p != nil {
			name = "a " + p.Game().Name()
		}
		return nil, fmt.Errorf("%w: the %s bots were given %s position", ErrOtherGame, t.Name, name)
	}
	s, err := t.Seat(seat)
	if err != nil {
		return nil, &NoActionError{Seat: seat, Phase: t.Phase(g)}
	}
	a, err := choose(g, s, src)
	if err != nil {
		return nil, err
	}
	return a, nil
}
