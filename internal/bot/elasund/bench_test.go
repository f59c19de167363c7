package elasund

import (
	"slices"
	"testing"
	"time"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/internal/bot"
	"github.com/elasund/elasund/internal/cputime"
)

// spot is a position where a seat must act, with the turn's random source.
type spot struct {
	p    engine.Position
	seat string
	rng  *source
}

// spots collects every position of a few 4-player heuristic-vs-random
// games where the heuristic seat acts, rolls aside.
func spots(tb testing.TB) []spot {
	setup := setupOf(4, game.EditionEN, map[string]string{"turn_limit": "60"})
	var out []spot
	for seed := uint64(1); seed <= 4; seed++ {
		rng := newSource(seed)
		pos := newPosition(tb, setup)
		players := map[string]bot.Player{}
		for i, c := range setup.Seats {
			players[c] = newRandom(seed*10 + uint64(i))
		}
		hs := setup.Seats[seed%4]
		players[hs] = newHeuristic(seed, defaultWeights)
		for !pos.Over() {
			seat := pos.Awaited()[0]
			if seat == hs && pos.Phase() != game.PhaseRoll.String() {
				out = append(out, spot{p: pos.Clone(), seat: seat, rng: rng.copy()})
			}
			a, err := players[seat].Choose(pos, seat, rng.Clone())
			if err != nil {
				tb.Fatal(err)
			}
			r2 := rng.copy()
			if _, err := pos.Apply(seat, []engine.Action{a}, r2); err != nil {
				tb.Fatal(err)
			}
			rng = r2
		}
	}
	return out
}

// BenchmarkHeuristicChoose times one heuristic decision, cycling through
// the positions of whole games (ship, build, permit, special and decision
// phases).
func BenchmarkHeuristicChoose(b *testing.B) {
	sp := spots(b)
	h := newHeuristic(1, defaultWeights)
	for i := 0; b.Loop(); i++ {
		s := sp[i%len(sp)]
		if _, err := h.Choose(s.p, s.seat, s.rng.Clone()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRandomChoose times one random decision over the same positions.
func BenchmarkRandomChoose(b *testing.B) {
	sp := spots(b)
	r := newRandom(1)
	for i := 0; b.Loop(); i++ {
		s := sp[i%len(sp)]
		if _, err := r.Choose(s.p, s.seat, s.rng.Clone()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkVersusRandom plays b.N four-player games of one heuristic player
// against three random ones (turn limit 60 rounds, the heuristic seat
// rotating) and reports the heuristic's win rate, the average game length
// and how the games ended. The measurement quoted in the package's tests
// is
//
//	go test ./internal/bot/elasund -run '^$' -bench VersusRandom -benchtime 1000x
func BenchmarkVersusRandom(b *testing.B) {
	tl := versusRandom(b, 4, b.N, defaultWeights)
	b.ReportMetric(100*tl.rate(), "win%")
	b.ReportMetric(float64(tl.turns)/float64(tl.games), "turns/game")
	b.ReportMetric(float64(tl.real), "real-wins")
	b.ReportMetric(float64(tl.limit), "limit-wins")
}

// BenchmarkStrongDecision times one strong decision at the default budget,
// cycling through the positions of whole games (ship, build, permit,
// special and decision phases). Besides the mean wall time it reports the
// median, 99th percentile and maximum of the process's CPU time per
// decision (garbage collection included), which a busy machine does not
// inflate.
func BenchmarkStrongDecision(b *testing.B) {
	sp := spots(b)
	s := newStrong(1, defaultSearch, defaultWeights)
	var cpu []time.Duration
	for i := 0; b.Loop(); i++ {
		x := sp[i%len(sp)]
		c0 := cputime.Process()
		if _, err := s.Choose(x.p, x.seat, x.rng.Clone()); err != nil {
			b.Fatal(err)
		}
		cpu = append(cpu, cputime.Process()-c0)
	}
	slices.Sort(cpu)
	ms := func(q float64) float64 {
		return float64(cpu[min(len(cpu)-1, int(q*float64(len(cpu))))]) / 1e6
	}
	b.ReportMetric(ms(0.5), "cpu-ms-median")
	b.ReportMetric(ms(0.99), "cpu-ms-p99")
	b.ReportMetric(ms(1), "cpu-ms-max")
}
