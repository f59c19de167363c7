package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
)

// playout plays one game with uniformly random legal actions, checking the
// invariants after every action. It returns the game and the turns played.
func playout(t testing.TB, cfg Config, seed uint64, check bool) (*Game, int) {
	rng := NewSeededRand(seed)
	pick := rand.New(rand.NewPCG(seed, 7))
	g, err := New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	for steps := 0; !g.Over(); steps++ {
		if steps > 200000 {
			t.Fatalf("seed %d: game did not end", seed)
		}
		st := g.View()
		seat := st.WaitingFor[pick.IntN(len(st.WaitingFor))]
		legal := g.Legal(seat, rng.Copy())
		if len(legal) == 0 {
			t.Fatalf("seed %d: no legal action for %s in phase %s", seed, seat, st.Phase)
		}
		a := legal[pick.IntN(len(legal))]
		// Prefer ending the turn less often than building, so games finish.
		before := g.State()
		if check {
			// A random illegal action changes nothing.
			bad := randomAction(pick)
			r2 := rng.Copy()
			if _, err := g.Apply(seat, []Action{bad}, r2); err != nil {
				var re *RuleError
				if !errors.As(err, &re) {
					t.Fatalf("seed %d: %q: error %v is not a RuleError", seed, bad, err)
				}
				if stateJSON(t, g.View()) != stateJSON(t, before) {
					t.Fatalf("seed %d: refused %q changed the state", seed, bad)
				}
			} else {
				// It was legal after all: keep the game in step.
				rng = r2
				if err := g.Check(); err != nil {
					t.Fatalf("seed %d: after %q: %v", seed, bad, err)
				}
				continue
			}
		}
		r2 := rng.Copy()
		if _, err := g.Apply(seat, []Action{a}, r2); err != nil {
			t.Fatalf("seed %d: listed action %q by %s failed: %v\n%s", seed, a, seat, err, dump(g))
		}
		rng = r2
		if check {
			if err := g.Check(); err != nil {
				t.Fatalf("seed %d: after %q: %v\n%s", seed, a, err, dump(g))
			}
		}
	}
	return g, g.View().Turn
}

func stateJSON(t testing.TB, st *State) string {
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func dump(g *Game) string {
	st := g.View()
	return fmt.Sprintf("turn %d %s %s waiting %v pending %v", st.Turn, st.Current, st.Phase, st.WaitingFor, st.Pending)
}

func randomAction(r *rand.Rand) Action {
	kinds := []ActionKind{ActRoll, ActShip, ActPirate, ActBuild, ActWall, ActChurch, ActPermit, ActGold,
		ActMovePermit, ActUpgradePermit, ActPlacePermit, ActBuyGold, ActDiscard, ActRebuild}
	sq := func() Square { return Square{Col: r.IntN(NumCols), Row: r.IntN(NumRows)} }
	a := Action{Kind: kinds[r.IntN(len(kinds))], At: sq(), To: sq(), Value: r.IntN(5), Row: r.IntN(NumRows), Dir: 1 + r.IntN(2)}
	a.Building = BuildableKinds[r.IntN(len(BuildableKinds))]
	if a.Kind == ActRebuild {
		a.Building = Hut + Kind(r.IntN(2))
	}
	if r.IntN(2) == 0 {
		a.Colour = InfluenceCards[r.IntN(3)]
	}
	slots := wallSlots(4)
	a.Wall = slots[r.IntN(len(slots))]
	a.Cards.Gold = r.IntN(3)
	return a
}

func TestSelfPlaySmoke(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		n := 2 + int(seed%3)
		cfg, err := NewConfig(AllColours[:n], EditionEN, map[string]string{"turn_limit": "60"})
		if err != nil {
			t.Fatal(err)
		}
		g, turns := playout(t, cfg, seed, true)
		t.Logf("seed %d: %d players, %d turns, winner %v", seed, n, turns, *g.View().Winner)
	}
}
