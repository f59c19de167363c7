package elasund

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// checkBuildsPlanned checks legalBuilds's shortcut (candidate anchors from
// the seat's permits, then quickBuild) against planBuild itself: the builds
// listed for seat are exactly, and in the same order, those planBuild
// accepts among every kind, anchor and "over" colour.
func checkBuildsPlanned(t *testing.T, g *Game, seat Colour, legal []Action, where string) {
	t.Helper()
	var listed, planned []Action
	for _, a := range legal {
		if a.Kind == ActBuild {
			listed = append(listed, a)
		}
	}
	ix := g.index()
	var plan buildPlan
	for _, k := range BuildableKinds {
		for r := 0; r < NumRows; r++ {
			for c := 0; c < NumCols; c++ {
				for _, col := range []Card{NoCard, BlueCard, GreenCard, YellowCard} {
					a := Action{Kind: ActBuild, Building: k, At: Square{Col: c, Row: r}, Colour: col}
					if g.planBuild(ix, seat, a, true, &plan) == nil {
						planned = append(planned, a)
					}
				}
			}
		}
	}
	if FormatMove(listed) != FormatMove(planned) {
		t.Fatalf("%s: listed builds\n%s\nplanned\n%s", where, FormatMove(listed), FormatMove(planned))
	}
}

// TestLegalBuildsArePlanned runs checkBuildsPlanned in the build phases of
// random games over every option (half of them favouring building, so that
// the city fills up), and on a build over two same-size buildings under
// every same_size_cap (R51, V13).
func TestLegalBuildsArePlanned(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 12
	}
	positions := 0
	for i := 0; i < games; i++ {
		cfg, _ := goldenConfig(t, i)
		if i%4 == 1 {
			cfg.Options.SameSizeCap = 1
		}
		rng := NewSeededRand(uint64(i))
		pick := rand.New(rand.NewPCG(uint64(i), 13))
		g, err := New(cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		for steps := 0; !g.Over() && steps < 5000; steps++ {
			st := g.View()
			seat := st.WaitingFor[pick.IntN(len(st.WaitingFor))]
			legal := g.Legal(seat, rng.Copy())
			if st.Phase == PhaseBuild && st.BuildsDone < 2 {
				positions++
				checkBuildsPlanned(t, g, seat, legal, "random game")
			}
			a := legal[pick.IntN(len(legal))]
			if i%2 == 1 {
				var builds []Action
				for _, b := range legal {
					if b.Kind == ActBuild || b.Kind == ActPermit || b.Kind == ActPlacePermit {
						builds = append(builds, b)
					}
				}
				if len(builds) > 0 && pick.IntN(10) > 0 {
					a = builds[pick.IntN(len(builds))]
				}
			}
			next := rng.Copy()
			if _, err := g.Apply(seat, []Action{a}, next); err != nil {
				t.Fatal(err)
			}
			rng = next
		}
	}
	if positions < 100 {
		t.Fatalf("only %d build positions checked", positions)
	}
	// A Tavern on B3 over two Taverns (A2 and C4), as in the R108
	// same_size_cap rule test, with gold to spare.
	for _, tc := range []struct {
		cap    string
		listed bool
	}{{"1", false}, {"2", true}, {"unlimited", true}} {
		g := setup(t, 2, opt("same_size_cap", tc.cap), "gold red 9; influence red blue 3; influence red green 4; place tavern A2 blue; remove C4; remove D4; place tavern C4 blue; permit red 0 C3; permit red 1 B4")
		atBuild(t, g, 5)
		legal := g.Legal(Red, nil)
		checkBuildsPlanned(t, g, Red, legal, "same_size_cap "+tc.cap)
		found := false
		for _, a := range legal {
			found = found || a.String() == "build tavern B3 over blue"
		}
		if found != tc.listed {
			t.Errorf("same_size_cap %s: build tavern B3 over blue listed = %v, want %v", tc.cap, found, tc.listed)
		}
	}
}

// TestPeekedRollReused plays random games in which every move goes on from
// the roll its listing peeked at (Game.rolled), and checks each against
// the same move on a clone, which rolls again: the same events, the same
// state and the source left in the same state. From time to time a move
// refused after its first action is tried first: it takes the peeked roll
// and must leave the game as it was (the move after it rolls again).
func TestPeekedRollReused(t *testing.T) {
	cfg, err := NewConfig(AllColours[:4], EditionEN, map[string]string{"turn_limit": "40"})
	if err != nil {
		t.Fatal(err)
	}
	games := 30
	if testing.Short() {
		games = 5
	}
	var buf []Action
	var want, got []byte
	for seed := range uint64(games) {
		rng := NewSeededRand(seed)
		pick := rand.New(rand.NewPCG(seed, 3))
		g, err := New(cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; !g.Over(); step++ {
			seat := g.st.WaitingFor[pick.IntN(len(g.st.WaitingFor))]
			buf = g.AppendLegal(buf[:0], seat, rng.Copy())
			a := buf[pick.IntN(len(buf))]
			h := g.Clone()
			if g.st.Phase == PhaseRoll && pick.IntN(8) == 0 {
				// Refused: no seat may end the turn before it begins.
				if _, err := g.Apply(seat, []Action{{Kind: ActEnd}, {Kind: ActEnd}}, rng.Copy()); err == nil {
					t.Fatalf("seed %d step %d: a double end was applied", seed, step)
				}
			}
			r1, r2 := rng.Copy(), rng.Copy()
			ev1, err1 := h.Apply(seat, []Action{a}, r1)
			ev2, err2 := g.Apply(seat, []Action{a}, r2)
			if err1 != nil || err2 != nil {
				t.Fatalf("seed %d step %d: %q by %s: %v / %v", seed, step, a, seat, err1, err2)
			}
			if strings.Join(ev1, "\n") != strings.Join(ev2, "\n") || *r1 != *r2 {
				t.Fatalf("seed %d step %d: %q by %s: events\n%s\nafter a peeked roll\n%s", seed, step, a, seat, strings.Join(ev1, "\n"), strings.Join(ev2, "\n"))
			}
			if want, err = json.Marshal(h.st); err != nil {
				t.Fatal(err)
			}
			if got, err = json.Marshal(g.st); err != nil {
				t.Fatal(err)
			}
			if string(want) != string(got) {
				t.Fatalf("seed %d step %d: %q by %s: state\n%s\nafter a peeked roll\n%s", seed, step, a, seat, want, got)
			}
			rng = r2
		}
	}
}
