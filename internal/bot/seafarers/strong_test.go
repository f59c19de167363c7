package seafarers

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/internal/bot"
)

// quickSearch is a small search budget for tests of legality and
// determinism, which need many decisions rather than good ones.
// Its futures end with the turn in progress.
var quickSearch = searchParams{Rollouts: 4, Horizon: 0, MaxCandidates: 3}

// TestStrongChoosesLegal walks games of every scenario under every rule
// option (legalSetups; seats played by the heuristic and the random
// player in turn, so that positions of every kind arise) and asks a
// strong player with a small budget for every seat the game waits for at
// every position up to a bound: each action must apply, and Choose must
// leave the position as it was. (TestStrongSpecialDecisions asks the
// default budget.) Trade offers and their answers, the robber and the pirate, gold
// and discards, and every scenario's own actions come up on the way.
func TestStrongChoosesLegal(t *testing.T) {
	positions := 0
	chosen := map[game.ActionKind]bool{}
	for i, setup := range legalSetups() {
		t.Run(fmt.Sprintf("%s-%d", setup.Choices["scenario"], len(setup.Seats)), func(t *testing.T) {
			seed := uint64(60 + i)
			pos := newPosition(t, setup, seed)
			tb := &table{seed: seed}
			p := newStrong(seed, quickSearch, &defaultValue)
			walkers := []bot.Player{newHeuristic(seed), newRandom(seed)}
			for step := 0; step < 100 && !pos.Over(); step++ {
				for _, seat := range pos.Awaited() {
					src := tb.next(pos, seat)
					before, _ := json.Marshal(pos.State())
					a, err := p.Choose(pos, seat, src.Clone())
					if err != nil {
						t.Fatalf("seed %d turn %d: strong Choose(%s) in phase %s: %v", seed, pos.Turn(), seat, pos.Phase(), err)
					}
					if after, _ := json.Marshal(pos.State()); string(after) != string(before) {
						t.Fatalf("seed %d turn %d: strong Choose(%s) changed the position", seed, pos.Turn(), seat)
					}
					if _, err := pos.Clone().Apply(seat, []engine.Action{a}, src.Clone()); err != nil {
						t.Fatalf("seed %d turn %d: strong chose %q for %s in phase %s: %v", seed, pos.Turn(), a, seat, pos.Phase(), err)
					}
					chosen[a.(game.Action).Kind] = true
					positions++
				}
				seat := pos.Awaited()[0]
				src := tb.next(pos, seat)
				a, err := walkers[(pos.Turn()/2)%2].Choose(pos, seat, src.Clone())
				if err != nil {
					t.Fatal(err)
				}
				if _, err := pos.Apply(seat, []engine.Action{a}, src); err != nil {
					t.Fatalf("seed %d: %q: %v", seed, a, err)
				}
				tb.cur = src
			}
		})
	}
	t.Logf("checked %d positions", positions)
	if positions < 1000 {
		t.Errorf("checked %d positions, want at least 1000", positions)
	}
	for k, what := range map[game.ActionKind]string{
		game.ActPlace: "a setup step", game.ActTrade: "a maritime trade", game.ActOffer: "an offer",
		game.ActAccept: "an acceptance", game.ActDecline: "a refusal", game.ActConfirm: "a confirmation",
		game.ActRobber: "a robber move", game.ActSteal: "a pirate-islands steal", game.ActDiscard: "a discard",
		game.ActBuild: "a build", game.ActBuy: "a card bought", game.ActPlay: "a card played",
		game.ActMoveShip: "a ship move", game.ActEnd: "an end of turn",
	} {
		if !chosen[k] {
			t.Errorf("the strong player never chose %s", what)
		}
	}
}

// strongTranscript plays the first turns of a three-seat game between
// strong players made from seeds a, b and c, and lists its moves.
func strongTranscript(t *testing.T, sc string, p searchParams, seeds [3]uint64) []string {
	t.Helper()
	setup := seatsFor(setupOf(sc, 3, nil))
	players := map[string]bot.Player{}
	for i, c := range setup.Seats {
		players[c] = newStrong(seeds[i], p, &defaultValue)
	}
	var out []string
	o, err := playTo(setup, players, 9, 12, func(seat string, move []engine.Action) {
		out = append(out, seat+": "+fmt.Sprint(move))
	})
	if err != nil {
		t.Fatal(err)
	}
	if !o.limited {
		t.Fatalf("the game ended at turn %d", o.turns)
	}
	return out
}

// TestStrongDeterministic plays the same opening twice with strong
// players of the same seeds: the moves must be the same. Players of other
// seeds simulate other futures, so somewhere they choose differently.
func TestStrongDeterministic(t *testing.T) {
	p := searchParams{Rollouts: 8, Horizon: 1, MaxCandidates: defaultSearch.MaxCandidates}
	x := strongTranscript(t, "four-islands", p, [3]uint64{1, 2, 3})
	y := strongTranscript(t, "four-islands", p, [3]uint64{1, 2, 3})
	if !slices.Equal(x, y) {
		t.Fatalf("two games from the same seeds differ:\n%q\n%q", x, y)
	}
	z := strongTranscript(t, "four-islands", p, [3]uint64{4, 5, 6})
	if slices.Equal(x, z) {
		t.Errorf("players of seeds 1, 2, 3 and 4, 5, 6 played the same %d moves", len(x))
	}
}

// TestStrongSpecialDecisions finds, in games of heuristic players, the
// first position where a seat may take an action of each kind the
// scenarios add or that other seats' moves ask for — a gold choice, a
// pirate move, a pirate-islands reward, steal and fortress attack, a
// forgotten-tribe harbour, a wonder started and built, a discard, an
// answer to an offer — and asks the strong player (default budget) for
// that seat there: its action must apply, and where the seat owes the
// decision, be of that kind.
func TestStrongSpecialDecisions(t *testing.T) {
	for _, tt := range []struct {
		sc   string
		kind game.ActionKind
		what string
		owed bool
	}{
		{"through-the-desert", game.ActGold, "a gold choice", true},
		{"new-shores", game.ActPirate, "a pirate move", false},
		{"pirate-islands", game.ActReward, "a fleet reward", true},
		{"pirate-islands", game.ActSteal, "a steal by the fleet", false},
		{"pirate-islands", game.ActAttack, "a fortress attack", false},
		{"forgotten-tribe", game.ActHarbour, "a harbour placed", false},
		{"wonders-of-catan", game.ActWonder, "a wonder started", false},
		{"wonders-of-catan", game.ActBuildWonder, "a wonder level", false},
		{"cloth-for-catan", game.ActDiscard, "a discard", true},
		{"base", game.ActAccept, "an answer to an offer", true},
	} {
		t.Run(tt.what, func(t *testing.T) {
			pos, seat, src := firstWith(t, tt.sc, tt.kind)
			p := newStrong(3, defaultSearch, &defaultValue)
			a, err := p.Choose(pos, seat, src.Clone())
			if err != nil {
				t.Fatalf("%s turn %d: strong Choose(%s): %v", tt.sc, pos.Turn(), seat, err)
			}
			if _, err := pos.Clone().Apply(seat, []engine.Action{a}, src.Clone()); err != nil {
				t.Fatalf("%s turn %d: strong chose %q for %s: %v", tt.sc, pos.Turn(), a, seat, err)
			}
			k := a.(game.Action).Kind
			if tt.owed && k != tt.kind && !(tt.kind == game.ActAccept && k == game.ActDecline) {
				t.Errorf("%s turn %d: strong chose %q for %s, owing %s", tt.sc, pos.Turn(), a, seat, tt.what)
			}
			t.Logf("%s turn %d: %s: %s", tt.sc, pos.Turn(), seat, a)
		})
	}
}

// firstWith plays four-seat games of heuristic players in scenario sc
// and returns the first position, seat and source where a seat the game
// waits for may take an action of kind k (as listed without a source, so
// not by the roll's implicit actions).
func firstWith(t *testing.T, sc string, k game.ActionKind) (engine.Position, string, engine.Source) {
	t.Helper()
	setup := setupOf(sc, 4, nil)
	for seed := uint64(1); seed <= 20; seed++ {
		pos := newPosition(t, setup, seed)
		tb := &table{seed: seed}
		h := newHeuristic(seed)
		for step := 0; step < 3000 && !pos.Over(); step++ {
			for _, seat := range pos.Awaited() {
				src := tb.next(pos, seat)
				if slices.ContainsFunc(pos.Legal(seat, nil), func(a engine.Action) bool { return a.(game.Action).Kind == k }) {
					return pos, seat, src
				}
			}
			seat := pos.Awaited()[0]
			src := tb.next(pos, seat)
			a, err := h.Choose(pos, seat, src.Clone())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := pos.Apply(seat, []engine.Action{a}, src); err != nil {
				t.Fatal(err)
			}
			tb.cur = src
		}
	}
	t.Fatalf("no %s position with an action of kind %d in 20 games", sc, k)
	return nil, "", nil
}
