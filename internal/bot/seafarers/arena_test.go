package seafarers

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/internal/cputime"
)

// arena plays matches of one player (the hero) against others in
// four-seat games over every scenario: game i is of scenario i mod 10,
// the hero in seat (i/10) mod 4, so that every 40 games give each
// scenario once from each seat. It times the hero's decisions.
type arena struct {
	// hero and other make the players of game i; other is called for
	// each seat the hero does not hold.
	hero  func(seed uint64) bot.Player
	other func(seed uint64, seat int) bot.Player
	// first is the seed of game 0; game i uses first+i.
	first uint64
	// procs is the number of games played at once; 0 means GOMAXPROCS.
	procs int
	// turns stops a game unfinished once that many turns have begun (a
	// loss for the hero, counted); 0 means no limit but maxEntries.
	turns int
	// only, when not empty, keeps the games of these scenarios.
	only []string
	// every, when positive, logs each game as it ends and the hero's
	// running score each time that many more have ended, for long
	// matches.
	every int
	// record, when not nil, gets a line for each game as it ends: its
	// number, scenario, the hero's seat, how it ended, its turns and the
	// thread CPU nanoseconds of each of the hero's decisions, so that
	// the halves of a match played apart can be added up.
	record io.Writer
}

// matchTurnLimit stops a match's game that has not ended (no game of the
// bots has come near it).
const matchTurnLimit = 500

// score is the outcome of a match.
type score struct {
	games, wins, limited, turns int
	// byScenario are the games and wins of each scenario.
	byScenario map[string]*tally
	// cpu are the thread CPU times of the hero's Choose calls that had
	// more than one action to choose from, wall their wall times.
	cpu, wall []time.Duration
}

// play plays games games and returns the hero's score. With every set it
// logs each game as it ends, and the score of the games ended so far each
// time every more have ended, so that a long match stopped early still
// tells its result.
func (ar arena) play(tb testing.TB, games int) score {
	var ids []int
	for i := 0; len(ids) < games; i++ {
		if len(ar.only) == 0 || slices.Contains(ar.only, scenarios[i%len(scenarios)]) {
			ids = append(ids, i)
		}
	}
	procs := ar.procs
	if procs <= 0 {
		procs = runtime.GOMAXPROCS(0)
	}
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		sc    = score{byScenario: map[string]*tally{}}
		first error
	)
	next := make(chan int)
	for range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			for i := range next {
				g, err := ar.game(i)
				mu.Lock()
				if err != nil && first == nil {
					first = err
				}
				if err == nil {
					sc.add(g)
					if ar.record != nil {
						fmt.Fprintf(ar.record, "%d %s %s %s %d %s\n", i, g.scenario, g.hero,
							strings.Fields(g.result())[0], g.o.turns, nanos(g.cpu))
					}
					if ar.every > 0 {
						tb.Logf("game %d, %s, hero %s: %s in %d turns (%d decisions, thread CPU max %v)",
							i, g.scenario, g.hero, g.result(), g.o.turns, len(g.cpu), quantile(g.cpu, 1))
						if sc.games%ar.every == 0 {
							tb.Logf("after %d of %d games: %s", sc.games, games, sc)
						}
					}
				}
				mu.Unlock()
			}
		}()
	}
	for _, i := range ids {
		next <- i
	}
	close(next)
	wg.Wait()
	if first != nil {
		tb.Fatal(first)
	}
	return sc
}

// played is one game of a match, as the hero saw it.
type played struct {
	scenario, hero string
	o              outcome
	cpu, wall      []time.Duration
}

// result says how the game ended for the hero.
func (g played) result() string {
	switch {
	case g.o.winner == g.hero:
		return "won"
	case g.o.limited:
		return "stopped at the turn limit"
	}
	return "lost to " + g.o.winner
}

// game plays game i of the match.
func (ar arena) game(i int) (played, error) {
	sc := scenarios[i%len(scenarios)]
	setup := setupOf(sc, 4, nil)
	seed := ar.first + uint64(i)
	at := (i / len(scenarios)) % 4
	players := map[string]bot.Player{}
	h := &timed{p: ar.hero(seed)}
	for s, c := range setup.Seats {
		if s == at {
			players[c] = h
		} else {
			players[c] = ar.other(seed, s)
		}
	}
	o, err := playTo(setup, players, seed, ar.turns, nil)
	if err != nil {
		return played{}, fmt.Errorf("game %d (%s, seed %d): %w", i, sc, seed, err)
	}
	return played{scenario: sc, hero: setup.Seats[at], o: o, cpu: h.cpu, wall: h.wall}, nil
}

// nanos lists times in nanoseconds, comma-separated.
func nanos(times []time.Duration) string {
	f := make([]string, len(times))
	for i, d := range times {
		f[i] = strconv.FormatInt(d.Nanoseconds(), 10)
	}
	return strings.Join(f, ",")
}

// add counts a game in the score.
func (sc *score) add(g played) {
	t := sc.byScenario[g.scenario]
	if t == nil {
		t = &tally{}
		sc.byScenario[g.scenario] = t
	}
	sc.games++
	t.games++
	sc.turns += g.o.turns
	t.turns += g.o.turns
	if g.o.limited {
		sc.limited++
	}
	if g.o.winner == g.hero {
		sc.wins++
		t.wins++
	}
	sc.cpu = append(sc.cpu, g.cpu...)
	sc.wall = append(sc.wall, g.wall...)
}

// timed times the Choose calls of a player that have a choice to make,
// in wall time and in the CPU time of the calling thread.
type timed struct {
	p         bot.Player
	cpu, wall []time.Duration
}

// Choose asks the player, timing it when it has more than one action to
// choose from.
func (t *timed) Choose(p engine.Position, seat string, src engine.Source) (engine.Action, error) {
	many := len(p.Legal(seat, nil)) > 1
	start, c0 := time.Now(), cputime.Thread()
	a, err := t.p.Choose(p, seat, src)
	if many {
		t.cpu = append(t.cpu, cputime.Thread()-c0)
		t.wall = append(t.wall, time.Since(start))
	}
	return a, err
}

// tallyOf is the hero's games and wins over all scenarios.
func (sc score) tally() tally { return tally{games: sc.games, wins: sc.wins, turns: sc.turns} }

// quantile is the q-quantile of times.
func quantile(times []time.Duration, q float64) time.Duration {
	if len(times) == 0 {
		return 0
	}
	d := slices.Clone(times)
	slices.Sort(d)
	return d[min(len(d)-1, int(q*float64(len(d))))].Round(time.Millisecond)
}

// String reports the score: the win rate with its 95% Wilson interval,
// each scenario's, the games stopped at the turn limit, and the hero's
// decision times.
func (sc score) String() string {
	t := sc.tally()
	lo, hi := t.wilson()
	var b strings.Builder
	fmt.Fprintf(&b, "won %d of %d games (%.1f%%, 95%% CI %.1f%%-%.1f%%), %.1f turns a game, %d stopped at turn %d; "+
		"%d decisions: thread CPU median %v, p99 %v, max %v; wall median %v, p99 %v, max %v",
		t.wins, t.games, 100*t.rate(), 100*lo, 100*hi, float64(sc.turns)/math.Max(1, float64(sc.games)), sc.limited, matchTurnLimit,
		len(sc.cpu), quantile(sc.cpu, 0.5), quantile(sc.cpu, 0.99), quantile(sc.cpu, 1),
		quantile(sc.wall, 0.5), quantile(sc.wall, 0.99), quantile(sc.wall, 1))
	for _, name := range scenarios {
		if st := sc.byScenario[name]; st != nil {
			fmt.Fprintf(&b, "\n  %-20s won %3d of %3d (%5.1f%%), %.0f turns a game", name, st.wins, st.games, 100*st.rate(), float64(st.turns)/float64(st.games))
		}
	}
	return b.String()
}
