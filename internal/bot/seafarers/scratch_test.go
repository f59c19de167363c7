package seafarers

import (
	"os"
	"testing"
	"time"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/internal/bot"
)

type counter struct {
	p     bot.Player
	kinds map[string]int
	multi int
}

func (c *counter) Choose(p engine.Position, seat string, src engine.Source) (engine.Action, error) {
	g := game.Of(p)
	col, _ := game.ParseColour(seat)
	legal := g.Legal(col, nil)
	if len(legal) > 1 {
		c.multi++
		c.kinds[g.Phase().String()+"/"+kindName(legal[0].Kind)]++
	}
	return c.p.Choose(p, seat, src)
}

func kindName(k game.ActionKind) string {
	return game.Action{Kind: k}.String()
}

func TestScratchCount(t *testing.T) {
	if os.Getenv("SCRATCH") == "" {
		t.Skip()
	}
	for _, sc := range scenarios {
		setup := setupOf(sc, 4, nil)
		c := &counter{p: newHeuristic(1), kinds: map[string]int{}}
		start := time.Now()
		turns, entries := 0, 0
		for i := range 5 {
			seed := uint64(100 + i)
			players := playersOf(setup, []string{bot.LevelHeuristic}, seed)
			players["red"] = c
			o, err := playGame(setup, players, seed)
			if err != nil {
				t.Fatal(err)
			}
			turns += o.turns
			entries += o.entries
		}
		t.Logf("%-20s %v/game turns %d entries %d red multi-decisions %d %v", sc, time.Since(start)/5, turns/5, entries/5, c.multi/5, c.kinds)
	}
}

func BenchmarkFeatures(b *testing.B) {
	ds := decisions(b)
	i := 0
	for b.Loop() {
		featuresOf(game.Of(ds[i%len(ds)].pos), nil)
		i++
	}
}
