package elasund

import (
	"fmt"
	"os"
	"runtime"
	"sync"
	"testing"
	"time"

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

// strongMatch is the arena of the requirement for the strong
// level: four seats, turn limit 60 rounds (as real games are set up), one
// strong player of search p rotating through the seats against three
// heuristic ones, game i from seed 5000+i, one game at a time (procs 1)
// so that decision times are those of one core.
func strongMatch(p searchParams) arena {
	return arena{
		seats: 4,
		opts:  map[string]string{"turn_limit": "60"},
		first: 5000,
		procs: 1,
		every: 20,
		hero:  func(seed uint64) bot.Player { return newStrong(seed, p, defaultWeights) },
		other: func(seed uint64, seat int) bot.Player { return newHeuristic(seed*10+uint64(seat), defaultWeights) },
	}
}

// TestStrongBeatsHeuristic plays the strong level (defaultSearch) against
// three heuristic players in four-seat games and logs its win rate with
// the 95% Wilson interval and the wall and thread CPU times of its
// decisions. Par is 25%. It plays only when asked, on one core:
//
//   - with ELASUND_SOAK set, 40 games: the interval's lower bound must be
//     above 25% and the 99th percentile of thread CPU time per decision at
//     most 1 s;
//   - with ELASUND_MATCH=1 (make match), the full 400 games: the rate must
//     be at least 45%, the lower bound above 25%, and no decision may take
//     more than 1 s of thread CPU time.
func TestStrongBeatsHeuristic(t *testing.T) {
	full := os.Getenv("ELASUND_MATCH") != ""
	if !full && os.Getenv("ELASUND_SOAK") == "" {
		t.Skip("plays 40 games with ELASUND_SOAK set, 400 with ELASUND_MATCH=1")
	}
	games := 40
	if full {
		games = 400
	}
	sc := strongMatch(defaultSearch).play(t, games)
	t.Logf("search %+v: strong %s", defaultSearch, sc)
	lo, _ := sc.wilson()
	if lo <= 0.25 {
		t.Errorf("strong won %d of %d games, 95%% CI lower bound %.3f, want above 0.25", sc.wins, sc.games, lo)
	}
	if full {
		if sc.rate() < 0.45 {
			t.Errorf("strong win rate %.3f over %d games, want at least 0.45", sc.rate(), sc.games)
		}
		if m := quantile(sc.cpu, 1); m > time.Second {
			t.Errorf("slowest strong decision took %v of thread CPU time, want at most 1s", m)
		}
	} else if p99 := quantile(sc.cpu, 0.99); p99 > time.Second {
		t.Errorf("strong decisions' 99th percentile thread CPU time %v, want at most 1s", p99)
	}
}
