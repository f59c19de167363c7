package elasund

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/internal/cputime"
)

// arena plays matches of one player (the hero) against others, the hero
// rotating through the seats, and times the hero's decisions.
type arena struct {
	seats int
	opts  map[string]string
	// hero and other make the players of game i; other is called for
	// each seat the hero does not hold.
	hero  func(seed uint64) bot.Player
	other func(seed uint64, seat int) bot.Player
	// first is the seed of game 0; game i uses first+i.
	first uint64
	// procs is the number of games played at once; 0 means GOMAXPROCS.
	procs int
	// every, when positive, logs the hero's running tally each time that
	// many more games have ended, for long matches.
	every int
}

// score is the outcome of a match.
type score struct {
	games, wins, real, turns int
	// decisions are the wall times of the hero's Choose calls that had
	// more than one action to choose from, cpu their CPU times (of the
	// thread that played the game).
	decisions, cpu []time.Duration
}

// play plays games games and returns the hero's score.
func (ar arena) play(tb testing.TB, games int) score {
	setup := setupOf(ar.seats, game.EditionEN, ar.opts)
	type out struct {
		r     result
		hero  game.Colour
		times []time.Duration
		cpu   []time.Duration
		err   error
	}
	outs := make([]out, games)
	procs := ar.procs
	if procs <= 0 {
		procs = runtime.GOMAXPROCS(0)
	}
	var (
		wg         sync.WaitGroup
		mu         sync.Mutex
		ended, won int
	)
	next := make(chan int)
	for range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			for i := range next {
				seed := ar.first + uint64(i)
				at := i % ar.seats
				players := make([]bot.Player, ar.seats)
				for s := range players {
					if s == at {
						players[s] = &timed{p: ar.hero(seed)}
					} else {
						players[s] = ar.other(seed, s)
					}
				}
				r, err := play(setup, players, seed)
				h := players[at].(*timed)
				outs[i] = out{r: r, hero: game.AllColours[at], times: h.times, cpu: h.cpu, err: err}
				if ar.every > 0 {
					mu.Lock()
					ended++
					if err == nil && r.winner == game.AllColours[at] {
						won++
					}
					if ended%ar.every == 0 {
						tb.Logf("%d of %d games played, the hero won %d", ended, games, won)
					}
					mu.Unlock()
				}
			}
		}()
	}
	for i := range games {
		next <- i
	}
	close(next)
	wg.Wait()
	var sc score
	for _, o := range outs {
		if o.err != nil {
			tb.Fatal(o.err)
		}
		sc.games++
		sc.turns += o.r.turns
		if o.r.winner == o.hero {
			sc.wins++
		}
		if o.r.real {
			sc.real++
		}
		sc.decisions = append(sc.decisions, o.times...)
		sc.cpu = append(sc.cpu, o.cpu...)
	}
	return sc
}

// timed times the Choose calls of a player that have a choice to make,
// in wall time and in the CPU time of the calling thread.
type timed struct {
	p          bot.Player
	times, cpu []time.Duration
}

// Choose asks the player, timing it when it has more than one action to
// choose from.
func (t *timed) Choose(p engine.Position, seat string, src engine.Source) (engine.Action, error) {
	many := len(p.Legal(seat, nil)) > 1 && p.Phase() != game.PhaseRoll.String()
	start, c0 := time.Now(), cputime.Thread()
	a, err := t.p.Choose(p, seat, src)
	if many {
		t.times = append(t.times, time.Since(start))
		t.cpu = append(t.cpu, cputime.Thread()-c0)
	}
	return a, err
}

// rate is the hero's win rate.
func (sc score) rate() float64 { return float64(sc.wins) / float64(sc.games) }

// wilson is the 95% Wilson score interval of the hero's win rate.
func (sc score) wilson() (lo, hi float64) {
	const z = 1.959963984540054
	n := float64(sc.games)
	p := sc.rate()
	centre := (p + z*z/(2*n)) / (1 + z*z/n)
	half := z / (1 + z*z/n) * math.Sqrt(p*(1-p)/n+z*z/(4*n*n))
	return centre - half, centre + half
}

// quantile is the q-quantile of times.
func quantile(times []time.Duration, q float64) time.Duration {
	if len(times) == 0 {
		return 0
	}
	d := slices.Clone(times)
	slices.Sort(d)
	return d[min(len(d)-1, int(q*float64(len(d))))].Round(time.Millisecond)
}

// String reports the score.
func (sc score) String() string {
	lo, hi := sc.wilson()
	return fmt.Sprintf("won %d of %d games (%.1f%%, 95%% CI %.1f%%-%.1f%%), %d by 10 cubes, %.1f turns a game; "+
		"%d decisions: wall median %v, p99 %v, max %v; thread CPU median %v, p99 %v, max %v",
		sc.wins, sc.games, 100*sc.rate(), 100*lo, 100*hi, sc.real, float64(sc.turns)/float64(sc.games),
		len(sc.decisions), quantile(sc.decisions, 0.5), quantile(sc.decisions, 0.99), quantile(sc.decisions, 1),
		quantile(sc.cpu, 0.5), quantile(sc.cpu, 0.99), quantile(sc.cpu, 1))
}
