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
var quickSearch = searchParams{Rollouts: 4, Horizon: 1, MaxCandidates: 3}

// TestStrongChoosesLegal walks games of every scenario under every rule
// option (legalSetups; seats played by the heuristic and the random
// player in turn, so that positions of every kind arise) and asks a
// strong player with a small budget for every seat the game waits for at
// every position up to a bound, and at every 40th with the default
// budget: each action must apply, and Choose must leave the position as
// it was. Trade offers and their answers, the robber and the pirate, gold
// and discards, and every scenario's own actions come up on the way.
func TestStrongChoosesLegal(t *testing.T) {
	positions, full := 0, 0
	chosen := map[game.ActionKind]bool{}
	for i, setup := range legalSetups() {
		t.Run(fmt.Sprintf("%s-%d", setup.Choices["scenario"], len(setup.Seats)), func(t *testing.T) {
			seed := uint64(60 + i)
			pos := newPosition(t, setup, seed)
			tb := &table{seed: seed}
			quick := newStrong(seed, quickSearch, &defaultValue)
			deep := newStrong(seed, defaultSearch, &defaultValue)
			walkers := []bot.Player{newHeuristic(seed), newRandom(seed)}
			for step := 0; step < 160 && !pos.Over(); step++ {
				for _, seat := range pos.Awaited() {
					src := tb.next(pos, seat)
					players := []bot.Player{quick}
					if positions%40 == 0 {
						players = append(players, deep)
						full++
					}
					for _, p := range players {
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
					}
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
	t.Logf("checked %d positions, %d of them at the default budget", positions, full)
	if positions < 1500 {
		t.Errorf("checked %d positions, want at least 1500", positions)
	}
	for k, what := range map[game.ActionKind]string{
		game.ActPlace: "a setup step", game.ActTrade: "a maritime trade", game.ActOffer: "an offer",
		game.ActAccept: "an acceptance", game.ActDecline: "a refusal", game.ActConfirm: "a confirmation",
		game.ActRobber: "a robber move", game.ActSteal: "a pirate-islands steal", game.ActDiscard: "a discard",
		game.ActBuild: "a build", game.ActBuy: "a card bought", game.ActPlay: "a card played",
		game.ActMoveShip: "a ship move", game.ActWonder: "a wonder started", game.ActEnd: "an end of turn",
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
	p := defaultSearch
	p.Rollouts = 12
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
