package seafarers

import (
	"testing"

	"github.com/elasund/elasund/engine"
)

// TestShapeMemoOracle compares, after every entry of a random game of
// every scenario, each seat's ship shape as mobileShips finds it (the
// memo the game and its scratch copies share, where a shape may come back
// many entries later) with shipShape worked out afresh (S57, S58).
func TestShapeMemoOracle(t *testing.T) {
	found := 0
	randomEntries(t, 500, 57, func(sc string, n int, g *Game, s int, src *engine.Seeded) {
		if !g.cfg.usesShips {
			return
		}
		for seat := range g.players {
			_, got := g.mobileShips(seat)
			anchors := g.anchors(seat)
			if want := g.shipShape(seat, &anchors); *got != want {
				t.Fatalf("%s entry %d, seat %d: S57, S58: the remembered shape is %+v, worked out afresh %+v", sc, n, seat, *got, want)
			}
			found++
		}
	})
	if found < 20000 {
		t.Fatalf("only %d shapes checked", found)
	}
}
