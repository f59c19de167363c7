package bot

import "github.com/elasund/elasund/engine"

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

// Players is the bots of a game that plays at the three shared levels
// random, heuristic and strong, by a constructor a level.
type Players interface {
	Random(seed uint64) Player
	Heuristic(seed uint64) Player
	Strong(seed uint64) Player
}

// ThreeLevels is the Maker of such a game: its Maker embeds
// ThreeLevels[Maker] and writes only its Players constructors. Its zero
// value is ready to use.
type ThreeLevels[P Players] struct{}

// Levels lists LevelRandom, LevelHeuristic and LevelStrong.
func (ThreeLevels[P]) Levels() []string {
	return []string{LevelRandom, LevelHeuristic, LevelStrong}
}

// New returns a player of a level made by P whose choices depend only on
// seed and on the positions it is shown; a *LevelError for another
// level.
func (t ThreeLevels[P]) New(level string, seed uint64) (Player, error) {
	var p P
	switch level {
	case LevelRandom:
		return p.Random(seed), nil
	case LevelHeuristic:
		return p.Heuristic(seed), nil
	case LevelStrong:
		return p.Strong(seed), nil
	}
	return nil, &LevelError{Level: level, Levels: t.Levels()}
}
