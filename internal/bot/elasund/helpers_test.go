package elasund

import (
	"testing"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/elasund"
)

// source is an engine.Source over a game.SeededRand: its streams draw
// exactly what the typed players' tests drew before the players stood
// behind bot.Player, so positions, choices and golden transcripts carry
// over unchanged.
type source struct{ r *game.SeededRand }

var _ engine.Source = (*source)(nil)

func newSource(seed uint64) *source { return &source{r: game.NewSeededRand(seed)} }

func (s *source) Intn(stream string, n int) int { return s.r.Intn(stream, n) }
func (s *source) Clone() engine.Source          { return s.copy() }
func (s *source) copy() *source                 { return &source{r: s.r.Copy()} }
func (s *source) Entry() int                    { return 0 }
func (s *source) Reveal() []byte                { return nil }
func (s *source) Commitment(string) []byte      { return nil }
func (s *source) SandboxSeed() (int64, bool)    { return 0, false }
func (s *source) Derive(label string, parts ...[]byte) engine.Rand {
	return engine.NewSeeded(0).Derive(label, parts...)
}

// setupOf returns the set-up of a game of the first seats colours.
func setupOf(seats int, e game.Edition, opts map[string]string) engine.Setup {
	s := engine.Setup{Choices: map[string]string{"edition": e.String()}, Options: opts}
	for _, c := range game.AllColours[:seats] {
		s.Seats = append(s.Seats, c.String())
	}
	return s
}

// config returns the Config of a set-up or fails the test.
func config(tb testing.TB, s engine.Setup) game.Config {
	tb.Helper()
	cfg, err := game.ConfigOf(s)
	if err != nil {
		tb.Fatal(err)
	}
	return cfg
}

// newPosition returns the starting position of a set-up or fails the
// test.
func newPosition(tb testing.TB, s engine.Setup) engine.Position {
	tb.Helper()
	p, err := game.Rules{}.New(s, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// typed returns the Elasund action a player returned or fails the test.
func typed(tb testing.TB, a engine.Action) game.Action {
	tb.Helper()
	ga, ok := a.(game.Action)
	if !ok {
		tb.Fatalf("the player returned %T %v, want a game.Action", a, a)
	}
	return ga
}
