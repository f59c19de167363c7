package elasund

import (
	"strings"
	"testing"

	game "github.com/elasund/elasund/engine/elasund"
)

func TestTextBoard(t *testing.T) {
	for _, f := range fixtures {
		t.Run(f.name, func(t *testing.T) {
			cfg, st := f.build(t)
			got := TextBoard(cfg, st)
			checkWidth(t, got)
			golden(t, "text-"+f.name+".golden", []byte(got))
		})
	}
}

func TestTextBoardNew(t *testing.T) {
	for _, seats := range [][]game.Colour{
		{game.Red, game.Blue},
		{game.Red, game.Blue, game.Green},
		{game.Red, game.Blue, game.Green, game.Yellow},
	} {
		cfg := config(t, game.EditionEN, seats...)
		g, err := game.New(cfg, nil)
		if err != nil {
			t.Fatalf("game.New(%v) = %v", seats, err)
		}
		name := "text-new-" + string(rune('0'+len(seats))) + ".golden"
		t.Run(name, func(t *testing.T) {
			got := TextBoard(cfg, g.State())
			checkWidth(t, got)
			golden(t, name, []byte(got))
		})
	}
}

func TestTextBoardPieces(t *testing.T) {
	cfg, st := fourPlayers(t)
	got := TextBoard(cfg, st)
	for _, want := range []string{
		"TAVERN b", "HALL r", "SHOP g", "WELL y", "STALL r", "HOUSE r", "WRK b", "HUT r", "COT g",
		"r4", "b0", "r2", "y1", "g3", "+N b", "+C r", "+E g",
		"[r2]", "[b1]", "[r1]", "[g1]", "[r3T]", "[y1]", "-2g-", "-4g-", "GATE",
		"~<SHIP]", "red (to move)", "influence blue 1, green 0, yellow 2",
		"dice 3+5=8", "waiting for: red", "church stack 6",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("TextBoard lacks %q", want)
		}
	}
	if strings.Contains(got, "church ") && strings.Contains(got, "|church|") {
		t.Errorf("TextBoard marks the foundation although a church tile covers it")
	}
}

func TestTextBoardEdition(t *testing.T) {
	cfg, st := threePlayersRaid(t)
	got := TextBoard(cfg, st)
	for _, want := range []string{"influence blue 1, green 1, red 1", "P<SHIP]", "church",
		"yellow must rebuild their hut (it stood on C10)", "blue must discard 2 cards", "pirate pool: gold 1"} {
		if !strings.Contains(got, want) {
			t.Errorf("TextBoard lacks %q", want)
		}
	}
}

func TestTextBoardNil(t *testing.T) {
	if got := TextBoard(game.Config{}, nil); got == "" {
		t.Errorf("TextBoard(nil) = %q, want a note", got)
	}
	if got := TextBoard(game.Config{}, &game.State{}); !strings.Contains(got, "A") {
		t.Errorf("TextBoard(empty state) = %q, want a board", got)
	}
}

// checkWidth fails when a line is wider than 100 columns.
func checkWidth(t *testing.T, s string) {
	t.Helper()
	for i, line := range strings.Split(s, "\n") {
		if n := len([]rune(line)); n > 100 {
			t.Errorf("line %d is %d columns wide: %q", i+1, n, line)
		}
	}
}
