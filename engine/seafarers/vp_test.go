package seafarers

import (
	"testing"

	"github.com/elasund/elasund/engine"
)

// TestPointsOracle plays a random game of every scenario and checks before
// every entry that vp counts every seat's points as S85 lists them, and
// that pointsUpTo, which leaves the victory-point cards out when they
// cannot decide, reaches every target exactly when vp does (S86).
func TestPointsOracle(t *testing.T) {
	randomEntries(t, 900, 85, func(sc string, n int, g *Game, _ int, _ *engine.Seeded) {
		for s := range g.nseats() {
			p := &g.players[s]
			want := g.buildingPoints(s) + p.chits
			if g.longest == s {
				want += 2
			}
			if g.largest == s {
				want += 2
			}
			for _, c := range p.cards {
				if c.kind == VictoryPoint && sc != "pirate-islands" {
					want++
				}
			}
			if sc == "cloth-for-catan" {
				want += p.cloth / 2
			}
			v := g.vp(s)
			if v != want {
				t.Fatalf("%s entry %d: seat %d has %d victory points, vp counts %d (S85)", sc, n, s, want, v)
			}
			for target := 0; target <= v+len(p.cards)+2; target++ {
				if got := g.pointsUpTo(s, target); got >= target != (v >= target) || got > v {
					t.Fatalf("%s entry %d: seat %d with %d points: pointsUpTo(%d) = %d (S85, S86)", sc, n, s, v, target, got)
				}
			}
		}
	})
}
