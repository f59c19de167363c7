package elasund

import (
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/internal/bot"
)

// result is the outcome of one game.
type result struct {
	winner game.Colour
	turns  int
	real   bool // won by placing all 10 cubes, not by the turn limit
}

// play plays one game to its end through bot.Player. players[i] plays
// setup.Seats[i]; every action a player returns must apply. It is safe to
// call from several goroutines at once.
func play(setup engine.Setup, players []bot.Player, seed uint64) (result, error) {
	rng := newSource(seed)
	pos, err := game.Rules{}.New(setup, nil)
	if err != nil {
		return result{}, err
	}
	bySeat := map[string]bot.Player{}
	for i, c := range setup.Seats {
		bySeat[c] = players[i]
	}
	for steps := 0; !pos.Over(); steps++ {
		if steps > 200000 {
			return result{}, fmt.Errorf("seed %d: the game did not end", seed)
		}
		seat := pos.Awaited()[0]
		a, err := bySeat[seat].Choose(pos, seat, rng.Clone())
		if err != nil {
			return result{}, fmt.Errorf("seed %d: %s: choosing: %w", seed, seat, err)
		}
		r2 := rng.copy()
		if _, err := pos.Apply(seat, []engine.Action{a}, r2); err != nil {
			return result{}, fmt.Errorf("seed %d: %s chose %q: %w", seed, seat, a, err)
		}
		rng = r2
	}
	st := game.Of(pos).View()
	return result{winner: *st.Winner, turns: st.Turn, real: st.Players[*st.Winner].Cubes == 0}, nil
}

// tally sums the games of one heuristic player against random ones.
type tally struct {
	games, wins, real, limit, turns int
}

// versusRandom plays games of one heuristic player against seats-1 random
// ones (turn limit 60 rounds), the heuristic player rotating through the
// seats, on every CPU.
func versusRandom(tb testing.TB, seats, games int, w weights) tally {
	setup := setupOf(seats, game.EditionEN, map[string]string{"turn_limit": "60"})
	results := make([]result, games)
	errs := make([]error, games)
	hseat := make([]game.Colour, games)
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				seed := uint64(1000 + i)
				players := make([]bot.Player, seats)
				for s := range players {
					players[s] = newRandom(seed*10 + uint64(s))
				}
				at := i % seats
				players[at] = newHeuristic(seed, w)
				hseat[i] = game.AllColours[at]
				results[i], errs[i] = play(setup, players, seed)
			}
		}()
	}
	for i := range games {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			tb.Fatal(err)
		}
	}
	var t tally
	for i, r := range results {
		t.games++
		t.turns += r.turns
		if r.winner == hseat[i] {
			t.wins++
		}
		if r.real {
			t.real++
		} else {
			t.limit++
		}
	}
	return t
}

func (t tally) rate() float64 { return float64(t.wins) / float64(t.games) }

// TestHeuristicBeatsRandom plays four-player games, one heuristic player
// against three random ones (200 games), and smaller samples with two and
// three seats; the heuristic player must win at least 75% of them. The
// 1,000-game measurement is BenchmarkVersusRandom.
func TestHeuristicBeatsRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 300 games")
	}
	for _, tt := range []struct{ seats, games int }{{4, 200}, {3, 50}, {2, 50}} {
		t.Run(fmt.Sprintf("%d seats", tt.seats), func(t *testing.T) {
			tl := versusRandom(t, tt.seats, tt.games, defaultWeights)
			t.Logf("heuristic won %d of %d games (%.1f%%); %d ended by 10 cubes, %d by the turn limit; %.1f turns a game",
				tl.wins, tl.games, 100*tl.rate(), tl.real, tl.limit, float64(tl.turns)/float64(tl.games))
			if tl.rate() < 0.75 {
				t.Errorf("heuristic win rate %.3f over %d games, want at least 0.75", tl.rate(), tl.games)
			}
		})
	}
}
