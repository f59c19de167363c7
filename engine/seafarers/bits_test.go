package seafarers

import (
	"math/rand/v2"
	"testing"

	"github.com/elasund/elasund/engine"
)

// TestEdgesAtOracle compares edgesAt, on random sets of corners of every
// scenario's board, with the edges the board lists at each corner (S52,
// S54, S55: where pieces joined at those corners may go).
func TestEdgesAtOracle(t *testing.T) {
	pick := rand.New(rand.NewPCG(5, 48))
	for i, sc := range benchScenarios {
		setup := benchSetup
		setup.Choices = map[string]string{"scenario": sc}
		pos, err := Rules{}.New(setup, engine.NewSeeded(uint64(i)))
		if err != nil {
			t.Fatal(err)
		}
		g := Of(pos)
		for n := 0; n < 200; n++ {
			var cs cornerSet
			var want edgeSet
			for c := 0; c < g.b.NumCorners(); c++ {
				if pick.IntN(1+n%40) == 0 {
					cs.add(c)
					for _, e := range g.b.CornerEdges(c) {
						want.add(e)
					}
				}
			}
			if got := g.edgesAt(&cs); got != want {
				t.Fatalf("%s: S52, S55: the edges at corners %x are %x, the board lists %x", sc, cs, got, want)
			}
		}
	}
}
