package turnfile

import (
	"testing"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/elasund"
)

// testGames is the registry the tests read files with; Elasund is the
// game their files play.
var testGames = mustRegistry(elasund.Rules{})

func mustRegistry(games ...engine.Game) *engine.Registry {
	r, err := engine.NewRegistry(games...)
	if err != nil {
		panic(err)
	}
	return r
}

// elasundOf is the Elasund game of g's position.
func elasundOf(g *Game) *elasund.Game { return elasund.Of(g.Position()) }

// moveOf converts Elasund actions to a move.
func moveOf(m ...elasund.Action) []engine.Action { return engine.Actions(m) }

// colourOf reads a seat colour.
func colourOf(t testing.TB, seat string) elasund.Colour {
	t.Helper()
	c, err := elasund.ParseColour(seat)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// stateOf is the Elasund state of g.
func stateOf(g *Game) *elasund.State { return g.State().(*elasund.State) }

// fileState is the Elasund state of f.
func fileState(f *File) *elasund.State { return f.State.(*elasund.State) }
