package seafarers

import (
	"math/rand/v2"
	"testing"

	"github.com/elasund/elasund/engine"
)

// randomBits returns a word with about one bit in density set.
func randomBits(pick *rand.Rand, density int) uint64 {
	var w uint64
	for i := 0; i < 64; i++ {
		if pick.IntN(density) == 0 {
			w |= 1 << i
		}
	}
	return w
}

// TestSetOperations compares the operations on whole edge and corner sets
// (written out word by word) with the same operations asked bit by bit,
// on random sets from empty to full, every word used.
func TestSetOperations(t *testing.T) {
	pick := rand.New(rand.NewPCG(3, 64))
	for n := 0; n < 2000; n++ {
		density := 1 + n%9
		var a, b edgeSet
		for i := range a {
			a[i], b[i] = randomBits(pick, density), randomBits(pick, density)
		}
		or, and, andNot := a, a, a
		or.or(&b)
		and.and(&b)
		andNot.andNot(&b)
		count := 0
		for e := 0; e < len(a)*64; e++ {
			if or.has(e) != (a.has(e) || b.has(e)) || and.has(e) != (a.has(e) && b.has(e)) || andNot.has(e) != (a.has(e) && !b.has(e)) {
				t.Fatalf("edges %x and %x: at edge %d, or %x, and %x, and not %x", a, b, e, or, and, andNot)
			}
			if a.has(e) {
				count++
			}
		}
		if a.count() != count {
			t.Fatalf("edges %x: count %d, %d counted one by one", a, a.count(), count)
		}
		var c, d cornerSet
		for i := range c {
			c[i], d[i] = randomBits(pick, density), randomBits(pick, density)
		}
		cor, cand, candNot := c, c, c
		cor.or(&d)
		cand.and(&d)
		candNot.andNot(&d)
		meets := false
		for v := 0; v < len(c)*64; v++ {
			if cor.has(v) != (c.has(v) || d.has(v)) || cand.has(v) != (c.has(v) && d.has(v)) || candNot.has(v) != (c.has(v) && !d.has(v)) {
				t.Fatalf("corners %x and %x: at corner %d, or %x, and %x, and not %x", c, d, v, cor, cand, candNot)
			}
			meets = meets || c.has(v) && d.has(v)
		}
		if c.meets(&d) != meets {
			t.Fatalf("corners %x and %x: meets says %v, corner by corner %v", c, d, c.meets(&d), meets)
		}
	}
}

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
