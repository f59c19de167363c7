package bot

import "github.com/elasund/elasund/engine"

// Player chooses actions for seats of a game.
//
// Choose returns one action that seat may take now in g; the caller applies
// it (engine.Game.Apply with a one-action move) and calls Choose again while
// the game still waits for that seat. peek is used as engine.Game.Legal
// uses it: it must be a copy of the random source the action will be applied
// with, and it is consumed. Choose never changes g. When the seat has nothing
// to do it returns a *NoActionError.
type Player interface {
	Choose(g *engine.Game, seat engine.Colour, peek engine.Rand) (engine.Action, error)
}

// The level names New accepts.
const (
	LevelRandom    = "random"
	LevelHeuristic = "heuristic"
)

// Levels lists the player levels, weakest first.
func Levels() []string { return []string{LevelRandom, LevelHeuristic} }

// New returns a player of the given level whose choices depend only on seed
// and on the positions it is shown. It returns a *LevelError for an unknown
// level.
func New(level string, seed uint64) (Player, error) {
	switch level {
	case LevelRandom:
		return newRandom(seed), nil
	case LevelHeuristic:
		return newHeuristic(seed, defaultWeights), nil
	}
	return nil, &LevelError{Level: level}
}
