package seafarers

import (
	"testing"

	"github.com/elasund/elasund/engine"
)

// TestReachesOracle plays a random game of every scenario and checks
// before every entry that reaches, which counts a seat's victory-point
// cards only when they could decide, answers every target as the points
// vp counts do (S85, S86), and that vp counts the victory-point cards
// held one by one.
func TestReachesOracle(t *testing.T) {
	randomEntries(t, 900, 85, func(sc string, n int, g *Game, _ int, _ *engine.Seeded) {
		for s := range g.nseats() {
			cards := 0
			if g.vpCardsCount() {
				for _, c := range g.players[s].cards {
					if c.kind == VictoryPoint {
						cards++
					}
				}
			}
			if got, want := g.vp(s)-g.pointsBesideCards(s), cards; got != want {
				t.Fatalf("%s entry %d: seat %d has %d victory-point cards, vp counts %d (S85)", sc, n, s, want, got)
			}
			v := g.vp(s)
			for target := 0; target <= v+len(g.players[s].cards)+2; target++ {
				if got, want := g.reaches(s, target), v >= target; got != want {
					t.Fatalf("%s entry %d: seat %d with %d points: reaches(%d) = %v (S85, S86)", sc, n, s, v, target, got)
				}
			}
		}
	})
}
