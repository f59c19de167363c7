// Package race is the bots of Race, the toy game of elasund's tests
// (engine/race): random, which runs a runner at random, and heuristic,
// which bumps when it can, brings runners home and keeps them out of
// reach of the other seat's die. Race is mostly luck: the heuristic wins
// about 55 % of its games against random (TestHeuristicBeatsRandom).
package race

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/race"
	"github.com/elasund/elasund/internal/bot"
)

// Maker makes Race's players. Its zero value is ready to use.
type Maker struct{}

var _ bot.Maker = Maker{}

// Levels lists bot.LevelRandom and bot.LevelHeuristic.
func (Maker) Levels() []string { return []string{bot.LevelRandom, bot.LevelHeuristic} }

// New returns a player of a level whose choices depend only on seed and
// the positions it is shown; a *bot.LevelError for another level.
func (m Maker) New(level string, seed uint64) (bot.Player, error) {
	switch level {
	case bot.LevelRandom:
		return &player{rng: rand.New(rand.NewPCG(seed, 0x7ace))}, nil
	case bot.LevelHeuristic:
		return &player{heuristic: true}, nil
	}
	return nil, &bot.LevelError{Level: level, Levels: m.Levels()}
}

// player is a Race bot: the heuristic one, or one that picks among the
// legal actions with rng.
type player struct {
	heuristic bool
	rng       *rand.Rand
}

// typed reads a position and a seat of Race for its players.
var typed = bot.Typed[*game.Position, string]{
	Name: "race",
	Of: func(p engine.Position) *game.Position {
		rp, _ := p.(*game.Position)
		return rp
	},
	Seat: func(s string) (string, error) {
		if !slices.Contains(game.Rules{}.Colours(), s) {
			return "", fmt.Errorf("%q is not a race seat", s)
		}
		return s, nil
	},
	Phase: (*game.Position).Phase,
}

// Choose returns the action seat takes now: roll, then a run.
func (pl *player) Choose(p engine.Position, seat string, src engine.Source) (engine.Action, error) {
	return bot.Choose(typed, p, seat, src, pl.choose)
}

func (pl *player) choose(p *game.Position, seat string, src engine.Source) (engine.Action, error) {
	legal := p.Legal(seat, src)
	switch {
	case len(legal) == 0:
		return nil, &bot.NoActionError{Seat: seat, Phase: p.Phase()}
	case len(legal) == 1:
		return legal[0], nil
	case !pl.heuristic:
		return legal[pl.rng.IntN(len(legal))], nil
	}
	best, bestScore := legal[0], score(p, seat, legal[0].(game.Action).Runner)
	for _, a := range legal[1:] {
		if s := score(p, seat, a.(game.Action).Runner); s > bestScore {
			best, bestScore = a, s
		}
	}
	return best, nil
}

// score weighs running seat's runner by the turn's roll, in sixths of a
// square: the squares gained (a runner near the goal wastes the rest of
// the roll), the squares a bump costs the other seat (T5), and the
// squares the runner risks where it ends, each of the other seat's
// runners a die's throw behind it hitting with one chance in six, less
// the risk it leaves behind. Ties go to the runner ahead.
func score(p *game.Position, seat string, runner int) int {
	goal, roll := p.Goal(), p.Dice()[0]
	mine := p.Runners(seat)
	from := mine[runner]
	to := min(from+roll, goal)
	s := 6 * (to - from)
	var theirs []int
	for _, other := range p.Setup().Seats {
		if other != seat {
			rs := p.Runners(other)
			theirs = append(theirs, rs[0], rs[1])
		}
	}
	for _, sq := range theirs {
		if sq == to && to != goal {
			s += 6 * sq
		}
	}
	s -= threats(theirs, to, goal) * to
	s += threats(theirs, from, goal) * from
	if from > mine[1-runner] {
		s++
	}
	return s
}

// threats counts the runners among theirs that one die can bring onto
// square, where a runner can be bumped (not the start, not the goal).
func threats(theirs []int, square, goal int) int {
	if square == 0 || square == goal {
		return 0
	}
	n := 0
	for _, sq := range theirs {
		if d := square - sq; d >= 1 && d <= 6 {
			n++
		}
	}
	return n
}
