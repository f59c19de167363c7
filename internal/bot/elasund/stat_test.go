package elasund

import (
	"os"
	"testing"
	"time"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/elasund"
)

func TestPolicyStats(t *testing.T) {
	if os.Getenv("ELASUND_FIT") == "" {
		t.Skip()
	}
	cost := map[game.Phase]time.Duration{}
	cnt := map[game.Phase]int{}
	kinds := map[string]int{}
	nleg := map[game.Phase]int{}
	for seed := uint64(1); seed <= 200; seed++ {
		setup := setupOf(4, game.EditionEN, map[string]string{"turn_limit": "60"})
		pos := newPosition(t, setup)
		rng := newSource(seed)
		pl := map[string]*heuristic{}
		for i, c := range setup.Seats {
			pl[c] = newHeuristic(seed*10+uint64(i), defaultWeights)
		}
		for !pos.Over() {
			g := game.Of(pos)
			ph := g.View().Phase
			seat := pos.Awaited()[0]
			c0 := cpuTime()
			a, err := pl[seat].Choose(pos, seat, rng.Clone())
			cost[ph] += cpuTime() - c0
			cnt[ph]++
			nleg[ph] += len(pos.Legal(seat, nil))
			ga := a.(game.Action)
			k := ga.String()
			if i := len(k); i > 0 {
				f := []rune(k)
				_ = f
			}
			key := ph.String() + ":" + kindName(ga)
			kinds[key]++
			if err != nil {
				t.Fatal(err)
			}
			r2 := rng.copy()
			if _, err := pos.Apply(seat, []engine.Action{a}, r2); err != nil {
				t.Fatal(err)
			}
			rng = r2
		}
	}
	for ph, c := range cost {
		t.Logf("%-8s %6d decisions, %v total, avg %v, legal avg %d", ph, cnt[ph], c, c/time.Duration(cnt[ph]), nleg[ph]/cnt[ph])
	}
	for k, v := range kinds {
		t.Logf("%-30s %d", k, v)
	}
}

func kindName(a game.Action) string {
	s := a.String()
	for i, r := range s {
		if r == ' ' {
			s = s[:i]
			break
		}
	}
	if a.Colour != game.NoCard && (a.Kind == game.ActPermit) {
		s += "+pay"
	}
	return s
}
