package seafarers

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/cputime"
)

// benchSetup is a 4-seat sandbox game of new-shores.
var benchSetup = engine.Setup{Seats: []string{"red", "blue", "white", "orange"}, Choices: map[string]string{"scenario": "new-shores"}, Sandbox: true}

// fastPlayout plays one complete random game through the engine's own API
// (AppendLegal, Apply) the way a bot or a simulation would, quiet (no
// events: SetQuiet), with one engine.Seeded source: one uniformly random
// listed action per entry. A game nobody can win any more (stalled) or
// still going at playTurnLimit ends there.
func fastPlayout(tb testing.TB, setup engine.Setup, seed uint64, buf []Action) (turns int, won bool, out []Action) {
	g, src := quietGame(tb, setup, seed)
	pick := rand.New(rand.NewPCG(seed, 5))
	one := make([]Action, 1)
	for n := 0; !g.over() && g.turn < playTurnLimit && !stalled(g); n++ {
		if n > 500000 {
			tb.Fatalf("seed %d: no end", seed)
		}
		s := awaitedSeat(g, pick)
		c := g.colour(s)
		var ls engine.Source
		if g.witnessOf(s) {
			ls = src.Clone() // the listing after the seat's draws resolve
		}
		buf = g.AppendLegal(buf[:0], c, ls)
		one[0] = buf[pick.IntN(len(buf))]
		if _, err := g.Apply(c, one, src); err != nil {
			tb.Fatal(err)
		}
	}
	return g.turn, g.winner >= 0, buf
}

// quietGame starts a quiet game of setup (SetQuiet: the way a bot or a
// simulation plays) with the source engine.NewSeeded(seed), which its
// entries go on drawing from.
func quietGame(tb testing.TB, setup engine.Setup, seed uint64) (*Game, *engine.Seeded) {
	tb.Helper()
	src := engine.NewSeeded(seed)
	pos, err := Rules{}.New(setup, src)
	if err != nil {
		tb.Fatal(err)
	}
	g := Of(pos)
	g.SetQuiet(true)
	return g, src
}

// awaitedSeat returns one of the seats g waits for, chosen by pick as
// g.waitingFor()[pick.IntN(len(…))] would, without making the list.
func awaitedSeat(g *Game, pick *rand.Rand) int {
	var aw [4]int
	n := 0
	for s, m := 0, g.waitingMask(); m != 0; s, m = s+1, m>>1 {
		if m&1 != 0 {
			aw[n] = s
			n++
		}
	}
	return aw[pick.IntN(n)]
}

// BenchmarkPlayout4 plays complete 4-player random games of new-shores
// (one game per iteration) and reports games per second.
func BenchmarkPlayout4(b *testing.B) {
	turns := 0
	var buf []Action
	for i := 0; b.Loop(); i++ {
		var t int
		t, _, buf = fastPlayout(b, benchSetup, uint64(i), buf)
		turns += t
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkPlayout4Scenarios plays complete 4-player random games (as
// BenchmarkPlayout4 does) of every scenario, one game per iteration, and
// reports games per second of wall time and of CPU time: what one core
// plays, whatever else the machine runs.
func BenchmarkPlayout4Scenarios(b *testing.B) {
	for _, sc := range benchScenarios {
		b.Run(sc, func(b *testing.B) {
			setup := benchSetup
			setup.Choices = map[string]string{"scenario": sc}
			turns := 0
			var buf []Action
			start := cputime.Process()
			for i := 0; b.Loop(); i++ {
				var t int
				t, _, buf = fastPlayout(b, setup, uint64(i), buf)
				turns += t
			}
			reportGames(b, start, turns)
		})
	}
}

// benchScenarios are the scenarios (S2).
var benchScenarios = []string{"base", "new-shores", "four-islands", "fog-island", "through-the-desert",
	"forgotten-tribe", "cloth-for-catan", "pirate-islands", "wonders-of-catan", "new-world"}

// reportGames reports turns a game, games per second and, when the
// process's CPU time is known (start, from cputime.Process), games per CPU
// second.
func reportGames(b *testing.B, start time.Duration, turns int) {
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	if used := cputime.Process() - start; start > 0 && used > 0 {
		b.ReportMetric(float64(b.N)/used.Seconds(), "games/cpu-s")
	}
}

// midgame plays a random game of setup to turn 40 and stops at a build
// opportunity of the active player.
func midgame(tb testing.TB) (*Game, *engine.Seeded) {
	src := engine.NewSeeded(11)
	pos, _ := Rules{}.New(benchSetup, src)
	g := Of(pos)
	pick := rand.New(rand.NewPCG(11, 7))
	var buf []Action
	for g.turn < 40 || g.phase != PhaseTrade || len(g.pending) > 0 || g.offer != nil {
		aw := g.waitingFor()
		s := aw[pick.IntN(len(aw))]
		buf = g.AppendLegal(buf[:0], g.colour(s), nil)
		if _, err := g.Apply(g.colour(s), []Action{buf[pick.IntN(len(buf))]}, src); err != nil {
			tb.Fatal(err)
		}
		if g.over() {
			tb.Fatal("the game ended before turn 40")
		}
	}
	return g, src
}

// BenchmarkLegal lists the legal actions of a mid-game position.
func BenchmarkLegal(b *testing.B) {
	g, _ := midgame(b)
	seat := g.colour(g.cur)
	buf := make([]Action, 0, 256)
	for b.Loop() {
		buf = g.AppendLegal(buf[:0], seat, nil)
	}
	b.ReportMetric(float64(len(buf)), "actions")
}

// BenchmarkApply applies one listed action to copies of a mid-game
// position (the copy included).
func BenchmarkApply(b *testing.B) {
	g, src := midgame(b)
	seat := g.colour(g.cur)
	legal := g.Legal(seat, nil)
	for i := 0; b.Loop(); i++ {
		h := g.Clone()
		if _, err := h.Apply(seat, []Action{legal[i%len(legal)]}, src.Clone()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNew makes the starting position of a 4-seat sandbox game of
// every scenario (one position per iteration, the board dealt).
func BenchmarkNew(b *testing.B) {
	for _, sc := range benchScenarios {
		b.Run(sc, func(b *testing.B) {
			setup := benchSetup
			setup.Choices = map[string]string{"scenario": sc}
			for i := 0; b.Loop(); i++ {
				if _, err := (Rules{}).New(setup, engine.NewSeeded(uint64(i))); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
