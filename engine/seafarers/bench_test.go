package seafarers

import (
	"math/rand/v2"
	"testing"

	"github.com/elasund/elasund/engine"
)

// fastPlayout plays one complete random game through the engine's own API
// (Game.Legal, Game.Apply), the way a bot or a simulation would: one
// action per entry, a fresh source per turn.
func fastPlayout(tb testing.TB, setup engine.Setup, seed uint64) (turns int, won bool) {
	tab := newTable(setup, int64(seed))
	pos, err := Rules{}.New(setup, tab.newSource())
	if err != nil {
		tb.Fatal(err)
	}
	g := Of(pos)
	pick := rand.New(rand.NewPCG(seed, 5))
	buf := make([]Action, 0, 256)
	for n := 0; !g.over(); n++ {
		if n > 200000 {
			tb.Fatalf("seed %d: no end", seed)
		}
		aw := g.waitingFor()
		s := aw[pick.IntN(len(aw))]
		c := g.colour(s)
		src := tab.next(pos, c.String())
		buf = g.AppendLegal(buf[:0], c, src)
		a := buf[pick.IntN(len(buf))]
		if _, err := tab.apply(pos, c.String(), []engine.Action{a}); err != nil {
			tb.Fatal(err)
		}
	}
	return g.turn, len(pos.Winners()) == 1
}

// BenchmarkPlayout4 plays complete 4-player random games of new-shores
// (one game per iteration) and reports games per second.
func BenchmarkPlayout4(b *testing.B) {
	setup := engine.Setup{Seats: []string{"red", "blue", "white", "orange"}, Scenario: "new-shores", Sandbox: true}
	turns := 0
	for i := 0; b.Loop(); i++ {
		t, _ := fastPlayout(b, setup, uint64(i))
		turns += t
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
