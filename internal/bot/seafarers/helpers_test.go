package seafarers

import (
	"fmt"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/internal/bot"
)

// scenarios lists every scenario (S2).
var scenarios = []string{"base", "new-shores", "four-islands", "fog-island", "through-the-desert",
	"forgotten-tribe", "cloth-for-catan", "pirate-islands", "wonders-of-catan", "new-world"}

// setupOf returns a set-up of scenario sc with the first n colours.
func setupOf(sc string, n int, opts map[string]string) engine.Setup {
	s := engine.Setup{Choices: map[string]string{"scenario": sc}, Options: opts}
	for _, c := range game.AllColours[:n] {
		s.Seats = append(s.Seats, c.String())
	}
	return s
}

// table plays the part of the turn file: each turn draws from its own
// seeded source, every other entry goes on with the current turn's
// streams (S135).
type table struct {
	seed uint64
	cur  engine.Source
}

// next returns the source seat's next entry is applied with.
func (t *table) next(p engine.Position, seat string) engine.Source {
	if p.BeginsTurn(seat) || t.cur == nil {
		return engine.NewSeeded(t.seed*7919 + uint64(p.Turn())*104729 + 17)
	}
	return t.cur.Clone()
}

// outcome is how one game ended.
type outcome struct {
	winner  string
	turns   int
	entries int
	vp      map[string]int
	// limited is true when the game was stopped at a limit, unfinished.
	limited bool
}

// maxEntries bounds a test game.
const maxEntries = 8000

// playGame plays one game to its end, each seat's entries planned by
// bot.Plan for its player and applied as one move; every planned move
// must apply. The seat to move is the first awaited, as the demo does.
func playGame(setup engine.Setup, players map[string]bot.Player, seed uint64) (outcome, error) {
	return playGameVisit(setup, players, seed, nil)
}

// playGameVisit is playGame calling visit (when not nil) with each entry.
func playGameVisit(setup engine.Setup, players map[string]bot.Player, seed uint64, visit func(seat string, move []engine.Action)) (outcome, error) {
	o, err := playTo(setup, players, seed, 0, visit)
	if err == nil && o.limited {
		err = fmt.Errorf("%s seed %d: no end after %d entries (turn %d)", setup.Choices["scenario"], seed, o.entries, o.turns)
	}
	return o, err
}

// playTo is playGameVisit stopping the game, limited, once turns turns
// have begun (0: after maxEntries entries).
func playTo(setup engine.Setup, players map[string]bot.Player, seed uint64, turns int, visit func(seat string, move []engine.Action)) (outcome, error) {
	pos, err := game.Rules{}.New(setup, engine.NewSeeded(seed))
	if err != nil {
		return outcome{}, err
	}
	t := &table{seed: seed}
	n := 0
	for ; !pos.Over(); n++ {
		if n == maxEntries || turns > 0 && pos.Turn() > turns {
			return outcome{turns: pos.Turn(), entries: n, limited: true}, nil
		}
		aw := pos.Awaited()
		if len(aw) == 0 {
			return outcome{}, fmt.Errorf("%s seed %d: nobody awaited", setup.Choices["scenario"], seed)
		}
		seat := aw[0]
		src := t.next(pos, seat)
		move, err := bot.Plan(pos, seat, src.Clone(), players[seat])
		if err != nil {
			return outcome{}, fmt.Errorf("%s seed %d turn %d: %w", setup.Choices["scenario"], seed, pos.Turn(), err)
		}
		if len(move) == 0 {
			return outcome{}, fmt.Errorf("%s seed %d turn %d: empty move for %s", setup.Choices["scenario"], seed, pos.Turn(), seat)
		}
		if _, err := pos.Apply(seat, move, src); err != nil {
			return outcome{}, fmt.Errorf("%s seed %d turn %d: %s's move %q: %w", setup.Choices["scenario"], seed, pos.Turn(), seat, move, err)
		}
		t.cur = src
		if visit != nil {
			visit(seat, move)
		}
	}
	w := pos.Winners()
	if len(w) != 1 {
		return outcome{}, fmt.Errorf("%s seed %d: winners %v", setup.Choices["scenario"], seed, w)
	}
	g := game.Of(pos)
	o := outcome{winner: w[0], turns: pos.Turn(), entries: n, vp: map[string]int{}}
	for _, c := range g.Seats() {
		o.vp[c.String()] = g.VP(c)
	}
	return o, nil
}

// seatsFor returns setup with seats the scenario allows: pirate-islands
// with three seats leaves white out (S3).
func seatsFor(setup engine.Setup) engine.Setup {
	if setup.Choices["scenario"] == "pirate-islands" && len(setup.Seats) == 3 {
		setup.Seats = []string{"red", "blue", "orange"}
	}
	return setup
}

// playersOf returns players for the seats: level names by seat.
func playersOf(setup engine.Setup, levels []string, seed uint64) map[string]bot.Player {
	out := map[string]bot.Player{}
	for i, c := range setup.Seats {
		p, err := (Maker{}).New(levels[i%len(levels)], seed*31+uint64(i))
		if err != nil {
			panic(err)
		}
		out[c] = p
	}
	return out
}
