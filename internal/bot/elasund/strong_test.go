package elasund

import (
	"encoding/json"
	"testing"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/internal/bot"
)

// quickSearch is a small search budget for tests of legality and
// determinism, which need many decisions rather than good ones.
var quickSearch = searchParams{Rollouts: 6, Horizon: 1, Temp: defaultSearch.Temp, MaxCandidates: 4, PerKind: 2}

// TestStrongChoosesLegal walks games under several seat counts, editions
// and rule options (seats played by random and heuristic players in turn)
// and asks a strong player for every seat the game waits for at every
// position, with a small budget, and at every 25th position with the
// default one: each action must apply, and Choose must leave the position
// as it was.
func TestStrongChoosesLegal(t *testing.T) {
	setups := []struct {
		seats int
		e     game.Edition
		opts  map[string]string
	}{
		{2, game.EditionEN, nil},
		{3, game.EditionFR, nil},
		{4, game.EditionEN, nil},
		{4, game.EditionRU, nil}, // chosen pirate reward, nearest-row fallback
		{3, game.EditionEN, map[string]string{
			"walls_cheap_first": "true", "pirate_cube_rule": "building_touches_row",
			"hut_on_own_permit": "true", "same_size_cap": "unlimited", "two_row_step": "numeric",
		}},
		{4, game.EditionFR, map[string]string{
			"win_check": "end_of_turn", "hut_trigger": "bigger_building_only",
			"trade_cap_11": "false", "card_counts": "20/12",
		}},
	}
	positions, full := 0, 0
	for i, s := range setups {
		opts := map[string]string{"turn_limit": "20"}
		for k, v := range s.opts {
			opts[k] = v
		}
		seed := uint64(300 + i)
		pos := newPosition(t, setupOf(s.seats, s.e, opts))
		rng := newSource(seed)
		quick := newStrong(seed, quickSearch, defaultWeights)
		deep := newStrong(seed, defaultSearch, defaultWeights)
		walkers := []bot.Player{newRandom(seed), newHeuristic(seed, defaultWeights)}
		for step := 0; !pos.Over(); step++ {
			if step > 20000 {
				t.Fatalf("seed %d: the game did not end", seed)
			}
			for _, seat := range pos.Awaited() {
				players := []bot.Player{quick}
				if positions%25 == 0 {
					players = append(players, deep)
					full++
				}
				for _, p := range players {
					before, _ := json.Marshal(pos.State())
					a, err := p.Choose(pos, seat, rng.Clone())
					if err != nil {
						t.Fatalf("seed %d turn %d: strong Choose(%s) in phase %s: %v", seed, pos.Turn(), seat, pos.Phase(), err)
					}
					if after, _ := json.Marshal(pos.State()); string(after) != string(before) {
						t.Fatalf("seed %d turn %d: strong Choose(%s) changed the position", seed, pos.Turn(), seat)
					}
					if _, err := pos.Clone().Apply(seat, []engine.Action{a}, rng.Clone()); err != nil {
						t.Fatalf("seed %d turn %d: strong chose %q for %s in phase %s: %v", seed, pos.Turn(), a, seat, pos.Phase(), err)
					}
				}
				positions++
			}
			seat := pos.Awaited()[0]
			a, err := walkers[(pos.Turn()/3)%2].Choose(pos, seat, rng.Clone())
			if err != nil {
				t.Fatal(err)
			}
			r2 := rng.copy()
			if _, err := pos.Apply(seat, []engine.Action{a}, r2); err != nil {
				t.Fatalf("seed %d: %q: %v", seed, a, err)
			}
			rng = r2
		}
	}
	t.Logf("checked %d positions, %d of them at the default budget", positions, full)
	if positions < 1000 {
		t.Errorf("checked %d positions, want at least 1000", positions)
	}
}

// strongTranscript plays a short two-player game between strong players
// made from seeds a and b, and lists its actions.
func strongTranscript(t *testing.T, p searchParams, a, b, seed uint64) []string {
	t.Helper()
	pos := newPosition(t, setupOf(2, game.EditionEN, map[string]string{"turn_limit": "6"}))
	players := map[string]bot.Player{
		"red":  newStrong(a, p, defaultWeights),
		"blue": newStrong(b, p, defaultWeights),
	}
	rng := newSource(seed)
	var out []string
	for !pos.Over() {
		seat := pos.Awaited()[0]
		a, err := players[seat].Choose(pos, seat, rng.Clone())
		if err != nil {
			t.Fatal(err)
		}
		r2 := rng.copy()
		if _, err := pos.Apply(seat, []engine.Action{a}, r2); err != nil {
			t.Fatal(err)
		}
		rng = r2
		out = append(out, seat+": "+a.String())
	}
	return out
}

// TestStrongDeterministic plays the same short game twice with strong
// players of the same seeds: the actions must be the same. Players of other
// seeds simulate other futures, so somewhere they choose differently.
func TestStrongDeterministic(t *testing.T) {
	p := defaultSearch
	p.Rollouts = 24
	x, y := strongTranscript(t, p, 1, 2, 7), strongTranscript(t, p, 1, 2, 7)
	if len(x) != len(y) {
		t.Fatalf("two games from the same seeds have %d and %d actions", len(x), len(y))
	}
	for i := range x {
		if x[i] != y[i] {
			t.Fatalf("two games from the same seeds differ at action %d: %q, %q", i, x[i], y[i])
		}
	}
	z := strongTranscript(t, p, 3, 4, 7)
	same := len(z) == len(x)
	for i := 0; same && i < len(x); i++ {
		same = x[i] == z[i]
	}
	if same {
		t.Errorf("players of seeds 1, 2 and 3, 4 played the same %d actions", len(x))
	}
}
