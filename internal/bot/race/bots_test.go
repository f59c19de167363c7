package race

import (
	"errors"
	"math"
	"testing"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/race"
	"github.com/elasund/elasund/internal/bot"
)

// playOut plays a game of cyan and magenta with the players given and
// returns the winner.
func playOut(t *testing.T, seed uint64, cyan, magenta bot.Player) string {
	t.Helper()
	p, err := game.Rules{}.New(engine.Setup{Seats: []string{game.Cyan, game.Magenta}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	src := engine.NewSeeded(seed)
	players := map[string]bot.Player{game.Cyan: cyan, game.Magenta: magenta}
	for n := 0; !p.Over(); n++ {
		if n > 10000 {
			t.Fatal("the game did not end")
		}
		seat := p.Awaited()[0]
		move, err := bot.Plan(p, seat, src, players[seat])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.Apply(seat, move, src); err != nil {
			t.Fatalf("%s's planned move %v: %v", seat, move, err)
		}
	}
	return p.Winners()[0]
}

// TestHeuristicBeatsRandom plays the heuristic against random, each
// seating first in half the games, and wants the heuristic's win rate's
// Wilson lower bound (95 %) above one half.
func TestHeuristicBeatsRandom(t *testing.T) {
	const games = 2000
	wins := 0
	for g := range games {
		h, _ := Maker{}.New(bot.LevelHeuristic, uint64(g))
		r, _ := Maker{}.New(bot.LevelRandom, uint64(g))
		if g%2 == 0 {
			if playOut(t, uint64(g), h, r) == game.Cyan {
				wins++
			}
		} else if playOut(t, uint64(g), r, h) == game.Magenta {
			wins++
		}
	}
	p, z := float64(wins)/games, 1.96
	lower := (p + z*z/(2*games) - z*math.Sqrt(p*(1-p)/games+z*z/(4*games*games))) / (1 + z*z/games)
	t.Logf("heuristic won %d of %d games against random (Wilson lower bound %.3f)", wins, games, lower)
	if lower <= 0.5 {
		t.Errorf("heuristic won %d of %d against random: Wilson lower bound %.3f, want above 0.5", wins, games, lower)
	}
}

func TestMaker(t *testing.T) {
	var le *bot.LevelError
	if _, err := (Maker{}).New("strong", 1); !errors.As(err, &le) {
		t.Errorf("level strong: %v, want a LevelError", err)
	}
	h, _ := Maker{}.New(bot.LevelHeuristic, 1)
	p, _ := game.Rules{}.New(engine.Setup{Seats: []string{game.Cyan, game.Magenta}}, nil)
	var na *bot.NoActionError
	if _, err := h.Choose(p, game.Magenta, engine.NewSeeded(1)); !errors.As(err, &na) {
		t.Errorf("magenta before its turn: %v, want a NoActionError", err)
	}
	if _, err := h.Choose(nil, game.Cyan, engine.NewSeeded(1)); !errors.Is(err, bot.ErrOtherGame) {
		t.Errorf("a bot in no position: %v, want bot.ErrOtherGame", err)
	}
	if _, err := h.Choose(p, "red", engine.NewSeeded(1)); !errors.As(err, &na) {
		t.Errorf("a seat race has not: %v, want a NoActionError", err)
	}
}
