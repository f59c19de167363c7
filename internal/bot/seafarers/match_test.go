package seafarers

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"sync"
	"testing"

	"github.com/elasund/elasund/internal/bot"
)

// tally sums the games of one heuristic player against random ones.
type tally struct {
	games, wins, turns int
}

func (t tally) rate() float64 { return float64(t.wins) / float64(max(t.games, 1)) }

// wilson returns the 95% Wilson score interval of a win rate.
func (t tally) wilson() (lo, hi float64) {
	if t.games == 0 {
		return 0, 1
	}
	const z = 1.959964
	n := float64(t.games)
	p := t.rate()
	den := 1 + z*z/n
	mid := (p + z*z/(2*n)) / den
	half := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / den
	return max(0, mid-half), min(1, mid+half)
}

// versusRandom plays games four-seat games of scenario sc, one heuristic
// player against three random ones, the heuristic player rotating
// through the seats, on every CPU.
func versusRandom(tb testing.TB, sc string, games int) tally {
	setup := setupOf(sc, 4, nil)
	wins := make([]bool, games)
	turns := make([]int, games)
	errs := make([]error, games)
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				seed := uint64(9000 + i)
				levels := []string{bot.LevelRandom, bot.LevelRandom, bot.LevelRandom, bot.LevelRandom}
				at := i % 4
				levels[at] = bot.LevelHeuristic
				o, err := playGame(setup, playersOf(setup, levels, seed), seed)
				wins[i], turns[i], errs[i] = o.winner == setup.Seats[at], o.turns, err
			}
		}()
	}
	for i := range games {
		next <- i
	}
	close(next)
	wg.Wait()
	var t tally
	for i := range games {
		if errs[i] != nil {
			tb.Fatal(errs[i])
		}
		t.games++
		t.turns += turns[i]
		if wins[i] {
			t.wins++
		}
	}
	return t
}

// TestHeuristicBeatsRandom plays four-seat games of every scenario, one
// heuristic player against three random ones: the heuristic player must
// win at least 90% of them. The default run plays a short sample (three
// games a scenario); with ELASUND_SOAK set it plays 50 games a scenario
// (200 with ELASUND_SOAK=long) and wants the rate in each scenario.
func TestHeuristicBeatsRandom(t *testing.T) {
	games := 3
	soak := os.Getenv("ELASUND_SOAK") != ""
	if soak {
		games = 50
		if os.Getenv("ELASUND_SOAK") == "long" {
			games = 200
		}
	}
	var all tally
	for _, sc := range scenarios {
		tl := versusRandom(t, sc, games)
		lo, hi := tl.wilson()
		t.Logf("%-20s heuristic won %3d of %3d (%5.1f%%, 95%% CI %5.1f–%5.1f%%), %.0f turns a game",
			sc, tl.wins, tl.games, 100*tl.rate(), 100*lo, 100*hi, float64(tl.turns)/float64(tl.games))
		if soak && tl.rate() < 0.9 {
			t.Errorf("%s: heuristic win rate %.3f over %d games, want at least 0.9", sc, tl.rate(), tl.games)
		}
		all.games += tl.games
		all.wins += tl.wins
		all.turns += tl.turns
	}
	lo, hi := all.wilson()
	t.Logf("all scenarios: heuristic won %d of %d (%.1f%%, 95%% CI %.1f–%.1f%%)", all.wins, all.games, 100*all.rate(), 100*lo, 100*hi)
	if all.rate() < 0.9 {
		t.Errorf("heuristic win rate %s, want at least 0.9", fmt.Sprintf("%.3f over %d games", all.rate(), all.games))
	}
}

// strongMatch is the arena of the requirement for the strong
// level: four seats, one strong player of search p rotating through the
// seats and the scenarios against three heuristic ones, game i from seed
// 7000+i, one game at a time (procs 1) so that decision times are those
// of one core.
func strongMatch(p searchParams) arena {
	return arena{
		first: 7000,
		procs: 1,
		turns: matchTurnLimit,
		every: 20,
		hero:  func(seed uint64) bot.Player { return newStrong(seed, p, &defaultValue) },
		other: func(seed uint64, seat int) bot.Player { return newHeuristic(seed*10 + uint64(seat)) },
	}
}
