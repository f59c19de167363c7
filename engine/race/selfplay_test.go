package race

import (
	"math/rand/v2"
	"testing"

	"github.com/elasund/elasund/engine"
)

// TestSelfPlay plays random games to their end and checks after every
// move that the position is consistent, that a refused move changes
// nothing, and that every game ends with one winner within the turns the
// track allows.
func TestSelfPlay(t *testing.T) {
	games, turns, longest := 300, 0, 0
	for g := range games {
		rng := rand.New(rand.NewPCG(uint64(g), 7))
		goal := MinGoal + rng.IntN(MaxGoal-MinGoal+1)
		p, err := Rules{}.New(engine.Setup{Seats: []string{Cyan, Magenta}, Options: map[string]string{"goal": itoa(goal)}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		src := engine.NewSeeded(uint64(g))
		for p.Turn() < 100*goal && !p.Over() {
			turns++
			seat := p.Awaited()[0]
			legal := p.Legal(seat, src.Clone())
			a := legal[rng.IntN(len(legal))]
			if _, err := p.Apply(seat, []engine.Action{a}, src); err != nil {
				t.Fatalf("game %d: legal %s refused: %v", g, a, err)
			}
			if err := p.Check(); err != nil {
				t.Fatalf("game %d after %s: %v", g, a, err)
			}
			other := Magenta
			if seat == Magenta {
				other = Cyan
			}
			if p.Current() != other {
				before := p.State().(*State).clone()
				if _, err := p.Apply(other, []engine.Action{Action{}}, src.Clone()); err == nil {
					t.Fatalf("game %d: %s rolled out of turn (T6)", g, other)
				}
				if after := p.State().(*State); after.Roll != before.Roll || after.Turn != before.Turn || after.Runners[other] != before.Runners[other] {
					t.Fatalf("game %d: a refused roll changed the position (T6)", g)
				}
			}
		}
		if !p.Over() || len(p.Winners()) != 1 {
			t.Fatalf("game %d (goal %d) not over after %d turns; want a winner (T7)", g, goal, p.Turn())
		}
		longest = max(longest, p.Turn())
	}
	t.Logf("%d games, %d actions, the longest %d turns", games, turns, longest)
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
