package elasund

import (
	"fmt"
	"slices"
	"testing"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/internal/bot"
)

// TestFirstTurn is the old package example: a heuristic player takes red's
// first turn of a two-player game, with the turn's source of seed 7, until
// the turn passes on. bot.Plan now asks it action by action.
func TestFirstTurn(t *testing.T) {
	pos := newPosition(t, setupOf(2, game.EditionEN, nil))
	p, err := Maker{}.New(bot.LevelHeuristic, 42)
	if err != nil {
		t.Fatal(err)
	}
	move, err := bot.Plan(pos, "red", newSource(7), p)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]string, len(move))
	for i, a := range move {
		got[i] = a.String()
	}
	if want := []string{"roll", "pirate 6", "permit 0 A6", "end"}; !slices.Equal(got, want) {
		t.Errorf("Plan(red) = %q, want %q", got, want)
	}
}

// TestPlanGames plays whole games through the game-agnostic interface
// only: positions from game.Rules, players from Maker, moves from bot.Plan
// and a fresh engine.Seeded source for every entry, as a turn file gives
// one. Each level plays every seat, then both levels play together.
func TestPlanGames(t *testing.T) {
	tests := []struct {
		seats   int
		edition game.Edition
		levels  []string
		opts    map[string]string
	}{
		{4, game.EditionEN, []string{bot.LevelHeuristic, bot.LevelHeuristic, bot.LevelHeuristic, bot.LevelHeuristic}, nil},
		{2, game.EditionFR, []string{bot.LevelHeuristic, bot.LevelHeuristic}, nil},
		{3, game.EditionEN, []string{bot.LevelRandom, bot.LevelRandom, bot.LevelRandom}, map[string]string{"turn_limit": "40"}},
		{4, game.EditionRU, []string{bot.LevelRandom, bot.LevelRandom, bot.LevelRandom, bot.LevelRandom}, map[string]string{"turn_limit": "30"}},
		{3, game.EditionEN, []string{bot.LevelHeuristic, bot.LevelRandom, bot.LevelRandom}, map[string]string{"turn_limit": "60"}},
	}
	for i, tt := range tests {
		for seed := uint64(1); seed <= 2; seed++ {
			t.Run(fmt.Sprintf("%d seats %s %v seed %d", tt.seats, tt.edition, tt.levels, seed), func(t *testing.T) {
				var g engine.Game = game.Rules{}
				pos, err := g.New(setupOf(tt.seats, tt.edition, tt.opts), nil)
				if err != nil {
					t.Fatal(err)
				}
				players := map[string]bot.Player{}
				for s, seat := range pos.Setup().Seats {
					if players[seat], err = (Maker{}).New(tt.levels[s], 100*uint64(i)+10*seed+uint64(s)); err != nil {
						t.Fatal(err)
					}
				}
				entries := planGame(t, pos, players, 1000*uint64(i)+seed)
				if len(pos.Winners()) != 1 {
					t.Errorf("the game ended after %d entries with winners %q, want one", entries, pos.Winners())
				}
				t.Logf("%d entries, %d turns, won by %s", entries, pos.Turn(), pos.Winners())
			})
		}
	}
}

// planGame plays pos to its end, each entry planned by bot.Plan for the
// first seat the game waits for and applied as one move. It returns the
// number of entries.
func planGame(t *testing.T, pos engine.Position, players map[string]bot.Player, seed uint64) int {
	t.Helper()
	entries := 0
	for !pos.Over() {
		if entries > 10000 {
			t.Fatalf("the game did not end in %d entries", entries)
		}
		entries++
		seat := pos.Awaited()[0]
		src := engine.NewSeeded(seed<<20 + uint64(entries))
		move, err := bot.Plan(pos, seat, src.Clone(), players[seat])
		if err != nil {
			t.Fatalf("entry %d: %v", entries, err)
		}
		if len(move) == 0 {
			t.Fatalf("entry %d: Plan(%s) is empty in phase %s", entries, seat, pos.Phase())
		}
		before := pos.Clone()
		if _, err := pos.Apply(seat, move, src); err != nil {
			t.Fatalf("entry %d: %s's planned move %q: %v", entries, seat, move, err)
		}
		if err := pos.Check(); err != nil {
			t.Fatalf("entry %d: after %q: %v", entries, move, err)
		}
		if before.Turn() == pos.Turn() && before.Current() == pos.Current() && !pos.Over() &&
			slices.Contains(pos.Awaited(), seat) {
			t.Fatalf("entry %d: %s's move %q stops while the game still waits for it in its turn", entries, seat, move)
		}
	}
	return entries
}
