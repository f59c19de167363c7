package seafarers

import (
	"testing"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/internal/cputime"
)

// sample is one decision a player was asked for: the position, the seat
// and the source.
type sample struct {
	pos  engine.Position
	seat string
	src  engine.Source
}

// recorder is a player that keeps every decision it is asked for before
// passing it on.
type recorder struct {
	p   bot.Player
	out *[]sample
}

func (r recorder) Choose(p engine.Position, seat string, src engine.Source) (engine.Action, error) {
	*r.out = append(*r.out, sample{pos: p.Clone(), seat: seat, src: src.Clone()})
	return r.p.Choose(p, seat, src)
}

// decisions returns the decisions of the heuristic seat in one four-seat
// game of every scenario against random players.
func decisions(tb testing.TB) []sample {
	tb.Helper()
	var out []sample
	for i, sc := range scenarios {
		setup := setupOf(sc, 4, nil)
		seed := uint64(77 + i)
		players := playersOf(setup, []string{bot.LevelHeuristic, bot.LevelRandom}, seed)
		players["red"] = recorder{p: players["red"], out: &out}
		if _, err := playGame(setup, players, seed); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// BenchmarkChoose measures one decision of each level over the
// heuristic's decisions in a game of every scenario, in wall time and in
// the CPU time of the process (cpu-ns/op, steadier on a shared machine).
func BenchmarkChoose(b *testing.B) {
	ds := decisions(b)
	for _, level := range (Maker{}).Levels() {
		b.Run(level, func(b *testing.B) {
			p, _ := Maker{}.New(level, 1)
			i := 0
			start := cputime.Process()
			for b.Loop() {
				d := ds[i%len(ds)]
				if _, err := p.Choose(d.pos, d.seat, d.src.Clone()); err != nil {
					b.Fatal(err)
				}
				i++
			}
			if used := cputime.Process() - start; start > 0 {
				b.ReportMetric(float64(used.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
			b.ReportMetric(float64(len(ds)), "positions")
		})
	}
}

// BenchmarkGame plays whole four-seat games of new-shores, one heuristic
// player against three random ones, through bot.Plan.
func BenchmarkGame(b *testing.B) {
	setup := setupOf("new-shores", 4, nil)
	turns := 0
	for i := 0; b.Loop(); i++ {
		seed := uint64(i)
		o, err := playGame(setup, playersOf(setup, []string{bot.LevelHeuristic, bot.LevelRandom, bot.LevelRandom, bot.LevelRandom}, seed), seed)
		if err != nil {
			b.Fatal(err)
		}
		turns += o.turns
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}

// BenchmarkGames4 plays whole four-seat games between players of one
// level (random, heuristic) through bot.Plan, one game per iteration: of
// new-shores, and of every scenario in turn. It reports games per second
// of wall time and of CPU time (what one core plays, whatever else the
// machine runs).
func BenchmarkGames4(b *testing.B) {
	for _, level := range []string{bot.LevelRandom, bot.LevelHeuristic} {
		for _, which := range []string{"new-shores", "every-scenario"} {
			b.Run(level+"/"+which, func(b *testing.B) {
				turns, entries := 0, 0
				start := cputime.Process()
				for i := 0; b.Loop(); i++ {
					sc := which
					if which == "every-scenario" {
						sc = scenarios[i%len(scenarios)]
					}
					setup := setupOf(sc, 4, nil)
					seed := uint64(i)
					o, err := playGame(setup, playersOf(setup, []string{level}, seed), seed)
					if err != nil {
						b.Fatal(err)
					}
					turns += o.turns
					entries += o.entries
				}
				b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
				b.ReportMetric(float64(entries)/float64(b.N), "entries/game")
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
				if used := cputime.Process() - start; start > 0 && used > 0 {
					b.ReportMetric(float64(b.N)/used.Seconds(), "games/cpu-s")
				}
			})
		}
	}
}
