package seafarers

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/internal/bot"
)

func TestMakerLevels(t *testing.T) {
	want := []string{bot.LevelRandom, bot.LevelHeuristic, bot.LevelStrong}
	if got := (Maker{}).Levels(); !slices.Equal(got, want) {
		t.Errorf("Levels() = %q, want %q", got, want)
	}
}

func TestNew(t *testing.T) {
	for _, level := range (Maker{}).Levels() {
		t.Run(level, func(t *testing.T) {
			p, err := Maker{}.New(level, 1)
			if err != nil || p == nil {
				t.Fatalf("New(%q, 1) = %v, %v, want a player", level, p, err)
			}
		})
	}
	for _, level := range []string{"", "Random", "expert", "heuristic ", "Strong"} {
		t.Run(fmt.Sprintf("%q", level), func(t *testing.T) {
			_, err := Maker{}.New(level, 1)
			var le *bot.LevelError
			if !errors.As(err, &le) || le.Level != level || !slices.Equal(le.Levels, (Maker{}).Levels()) {
				t.Fatalf("New(%q, 1) error = %v, want a *LevelError for %q listing %q", level, err, level, (Maker{}).Levels())
			}
		})
	}
}

// otherPosition is a position of some other game.
type otherPosition struct{ engine.Position }

func (otherPosition) Game() engine.Game { return otherGame{} }

type otherGame struct{ engine.Game }

func (otherGame) Name() string { return "elasund" }

func TestNoAction(t *testing.T) {
	setup := setupOf("base", 3, nil)
	pos := newPosition(t, setup, 1)
	for _, level := range (Maker{}).Levels() {
		p, _ := Maker{}.New(level, 1)
		// Red places first; blue has nothing to do.
		_, err := p.Choose(pos, "blue", engine.NewSeeded(1))
		var ne *bot.NoActionError
		if !errors.As(err, &ne) || ne.Seat != "blue" || ne.Phase != "setup" {
			t.Errorf("%s: Choose(blue) error = %v, want a *NoActionError for blue in phase setup", level, err)
		}
		// Orange has no seat in this game, purple none at all.
		for _, seat := range []string{"orange", "purple", ""} {
			_, err := p.Choose(pos, seat, engine.NewSeeded(1))
			if !errors.As(err, &ne) || ne.Seat != seat || ne.Phase != "setup" {
				t.Errorf("%s: Choose(%q) error = %v, want a *NoActionError for %q in phase setup", level, seat, err, seat)
			}
		}
		// A position of another game, or none.
		for _, other := range []engine.Position{otherPosition{}, nil} {
			if a, err := p.Choose(other, "red", engine.NewSeeded(1)); !errors.Is(err, bot.ErrOtherGame) || a != nil {
				t.Errorf("%s: Choose(%T) = %v, %v, want bot.ErrOtherGame", level, other, a, err)
			}
		}
		// Without a source.
		a, err := p.Choose(pos, "red", nil)
		if err != nil {
			t.Errorf("%s: Choose(red) without a source: %v", level, err)
		} else if _, err := pos.Clone().Apply("red", []engine.Action{a}, engine.NewSeeded(1)); err != nil {
			t.Errorf("%s: Choose(red) without a source = %q: %v", level, a, err)
		}
	}
}

// legalSetups are the set-ups TestChooseIsLegal walks: every scenario,
// three and four seats, and every rule option somewhere.
func legalSetups() []engine.Setup {
	opts := []map[string]string{
		nil,
		{"sealed_draws": "false", "phases": "combined"},
		{"dev_card_before_roll": "false", "offers_per_turn": "unlimited", "discard_limit": "9"},
		{"layout": "variable", "offers_per_turn": "0", "vp_target": "8"},
		{"harbours": "fixed", "discard_limit": "0", "sealed_draws": "false", "island_svp": "2"},
	}
	var out []engine.Setup
	for i, sc := range scenarios {
		o := map[string]string{}
		for k, v := range opts[i%len(opts)] {
			o[k] = v
		}
		switch sc {
		case "new-world":
			delete(o, "layout")
			delete(o, "harbours")
		case "pirate-islands":
			delete(o, "layout")
		}
		if o["island_svp"] != "" && !usesIslandSVP(sc) {
			delete(o, "island_svp")
		}
		out = append(out, seatsFor(setupOf(sc, 3+i%2, o)))
	}
	return out
}

// usesIslandSVP reports whether scenario sc takes the island_svp option.
func usesIslandSVP(sc string) bool {
	return slices.Contains([]string{"new-shores", "four-islands", "through-the-desert", "wonders-of-catan", "new-world"}, sc)
}

// TestChooseIsLegal walks games of every scenario one action at a time,
// asking both players for every seat the game waits for at every position:
// each action must apply. The action applied alternates between the two
// players' choices so that positions of every kind arise, answers to
// offers included.
func TestChooseIsLegal(t *testing.T) {
	positions := 0
	for i, setup := range legalSetups() {
		t.Run(fmt.Sprintf("%s-%d", setup.Choices["scenario"], len(setup.Seats)), func(t *testing.T) {
			positions += checkGame(t, setup, uint64(40+i), 2500)
		})
	}
	t.Logf("checked %d positions", positions)
	if positions < 5000 {
		t.Errorf("checked %d positions, want at least 5000", positions)
	}
}

// checkGame plays up to steps actions of one game and returns the number
// of positions checked.
func checkGame(t *testing.T, setup engine.Setup, seed uint64, steps int) int {
	t.Helper()
	pos := newPosition(t, setup, seed)
	tb := &table{seed: seed}
	rnd, heu := newRandom(seed), newHeuristic(seed)
	n := 0
	for step := 0; step < steps && !pos.Over(); step++ {
		var next engine.Action
		nextSeat := ""
		for i, seat := range pos.Awaited() {
			src := tb.next(pos, seat)
			for _, p := range []bot.Player{rnd, heu} {
				a, err := p.Choose(pos, seat, src.Clone())
				if err != nil {
					t.Fatalf("seed %d turn %d: %T.Choose(%s) in phase %s: %v", seed, pos.Turn(), p, seat, pos.Phase(), err)
				}
				if _, err := pos.Clone().Apply(seat, []engine.Action{a}, src.Clone()); err != nil {
					t.Fatalf("seed %d turn %d: %T chose %q for %s in phase %s: %v", seed, pos.Turn(), p, a, seat, pos.Phase(), err)
				}
				if i == 0 && (p == bot.Player(rnd)) == (pos.Turn()%3 == 0) {
					next, nextSeat = a, seat
				}
			}
			n++
		}
		src := tb.next(pos, nextSeat)
		if _, err := pos.Apply(nextSeat, []engine.Action{next}, src); err != nil {
			t.Fatalf("seed %d: %q: %v", seed, next, err)
		}
		tb.cur = src
		if err := pos.Check(); err != nil {
			t.Fatalf("seed %d: after %q: %v", seed, next, err)
		}
	}
	return n
}

// transcript plays a game of heuristic and random players and lists its
// moves.
func transcript(t *testing.T, sc string, seed uint64) []string {
	t.Helper()
	setup := setupOf(sc, 4, nil)
	players := playersOf(setup, []string{bot.LevelHeuristic, bot.LevelRandom, bot.LevelHeuristic, bot.LevelRandom}, seed)
	var out []string
	_, err := playGameVisit(setup, players, seed, func(seat string, move []engine.Action) {
		out = append(out, seat+": "+fmt.Sprint(move))
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestDeterministic(t *testing.T) {
	for _, sc := range []string{"new-shores", "forgotten-tribe"} {
		a, b := transcript(t, sc, 7), transcript(t, sc, 7)
		if !slices.Equal(a, b) {
			for i := range min(len(a), len(b)) {
				if a[i] != b[i] {
					t.Fatalf("%s: two games from seed 7 differ at entry %d: %q, %q", sc, i, a[i], b[i])
				}
			}
			t.Fatalf("%s: two games from seed 7 have %d and %d entries", sc, len(a), len(b))
		}
	}
}

// newPosition returns the starting position of a set-up, its board dealt
// from seed, or fails the test.
func newPosition(tb testing.TB, setup engine.Setup, seed uint64) engine.Position {
	tb.Helper()
	p, err := game.Rules{}.New(setup, engine.NewSeeded(seed))
	if err != nil {
		tb.Fatal(err)
	}
	return p
}
