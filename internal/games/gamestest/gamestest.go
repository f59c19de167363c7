// Package gamestest is the test registry: the games the program plays and
// Race (engine/race), the toy game kept to prove that a game moves into
// elasund with its own packages, its rules reference and one registration
// line. The program never offers Race: only tests import this package
// (TestImportDirection in internal/games checks it).
package gamestest

import (
	"testing"

	game "github.com/elasund/elasund/engine/race"
	bot "github.com/elasund/elasund/internal/bot/race"
	"github.com/elasund/elasund/internal/games"
	board "github.com/elasund/elasund/templates/race"
)

// All returns every game of games.All(), in its order, and then Race.
func All(t testing.TB) *games.Set {
	t.Helper()
	set, err := games.NewSet(append(games.All().Kits(),
		games.Kit{Rules: game.Rules{}, Renderer: board.Renderer{}, Bots: bot.Maker{}},
	)...)
	if err != nil {
		t.Fatalf("the test registry: %v", err)
	}
	return set
}
