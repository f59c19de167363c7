package seafarers

import (
	"math/rand/v2"
	"testing"

	"github.com/elasund/elasund/engine"
)

// TestChainReachesOracle plays random pirate-islands games and, after
// every entry, compares chainReaches (which answers at once for a corner
// without the seat's ship) with the seat's chain walked (S118, S119,
// S124), for every seat at every corner.
func TestChainReachesOracle(t *testing.T) {
	reached, checked := 0, 0
	for i := 0; i < 3; i++ {
		setup := benchSetup
		setup.Choices = map[string]string{"scenario": "pirate-islands"}
		g, src := quietGame(t, setup, uint64(300+i))
		pick := rand.New(rand.NewPCG(uint64(i), 124))
		var buf []Action
		for n := 0; !g.over() && g.turn < playTurnLimit && !stalled(g); n++ {
			for s := range g.players {
				ch := g.chain(s)
				for c := 0; c < g.b.NumCorners(); c++ {
					if got, want := g.chainReaches(s, c), ch.reaches(c); got != want {
						t.Fatalf("game %d entry %d, seat %d, corner %s: S119, S124: chainReaches says %v, the chain walked %v", i, n, s, g.b.Corner(c), got, want)
					}
					if ch.reaches(c) {
						reached++
					}
					checked++
				}
			}
			s := awaitedSeat(g, pick)
			var ls engine.Source
			if g.witnessOf(s) {
				ls = src.Clone()
			}
			buf = g.AppendLegal(buf[:0], g.colour(s), ls)
			if _, err := g.Apply(g.colour(s), []Action{buf[pick.IntN(len(buf))]}, src); err != nil {
				t.Fatalf("game %d entry %d: %v", i, n, err)
			}
		}
	}
	if reached < 10000 {
		t.Fatalf("only %d of %d corners checked were reached by a chain", reached, checked)
	}
}
