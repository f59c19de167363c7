package elasund

import (
	"math/rand/v2"
	"testing"

	"github.com/elasund/elasund/internal/cputime"
)

func benchConfig(b *testing.B, n int) Config {
	cfg, err := NewConfig(AllColours[:n], EditionEN, map[string]string{"turn_limit": "100"})
	if err != nil {
		b.Fatal(err)
	}
	return cfg
}

// benchPlayout plays complete n-player games, one per iteration, the honest
// way: at every step it lists every legal action of a waiting seat, picks
// one uniformly with a seeded PCG and applies it (the games of playout,
// without its checks and record). It finds the waiting seats with View,
// lists with Legal and copies the random source with Copy, or, with
// buffered set, uses AppendWaiting, AppendLegal and CopyTo, with buffers
// kept across steps and games.
func benchPlayout(b *testing.B, n int, buffered bool) {
	cfg := benchConfig(b, n)
	turns, steps := 0, 0
	cpu0 := cputime.Process()
	var buf []Action
	var waiting []Colour
	peek, next := new(SeededRand), new(SeededRand)
	for i := 0; b.Loop(); i++ {
		seed := uint64(i)
		rng := NewSeededRand(seed)
		pick := rand.New(rand.NewPCG(seed, 7))
		g, err := New(cfg, nil)
		if err != nil {
			b.Fatal(err)
		}
		for !g.Over() {
			if !buffered {
				st := g.View()
				seat := st.WaitingFor[pick.IntN(len(st.WaitingFor))]
				legal := g.Legal(seat, rng.Copy())
				a := legal[pick.IntN(len(legal))]
				next := rng.Copy()
				if _, err := g.Apply(seat, []Action{a}, next); err != nil {
					b.Fatalf("seed %d: listed action %q by %s failed: %v", seed, a, seat, err)
				}
				rng = next
				steps++
				continue
			}
			waiting = g.AppendWaiting(waiting[:0])
			seat := waiting[pick.IntN(len(waiting))]
			rng.CopyTo(peek)
			buf = g.AppendLegal(buf[:0], seat, peek)
			a := buf[pick.IntN(len(buf))]
			rng.CopyTo(next)
			if _, err := g.Apply(seat, []Action{a}, next); err != nil {
				b.Fatalf("seed %d: listed action %q by %s failed: %v", seed, a, seat, err)
			}
			rng, next = next, rng
			steps++
		}
		turns += g.View().Turn
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
	b.ReportMetric(float64(steps)/float64(b.N), "actions/game")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	if used := cputime.Process() - cpu0; used > 0 {
		b.ReportMetric(float64(b.N)/used.Seconds(), "games/cpu-s")
	}
}

// BenchmarkPlayout2, 3 and 4 play complete 2-, 3- and 4-player games with a
// random legal player that lists with Legal (one game per iteration).
func BenchmarkPlayout2(b *testing.B) { benchPlayout(b, 2, false) }
func BenchmarkPlayout3(b *testing.B) { benchPlayout(b, 3, false) }
func BenchmarkPlayout4(b *testing.B) { benchPlayout(b, 4, false) }

// BenchmarkPlayoutBuf2, 3 and 4 play the same games with AppendWaiting and
// AppendLegal into reused buffers.
func BenchmarkPlayoutBuf2(b *testing.B) { benchPlayout(b, 2, true) }
func BenchmarkPlayoutBuf3(b *testing.B) { benchPlayout(b, 3, true) }
func BenchmarkPlayoutBuf4(b *testing.B) { benchPlayout(b, 4, true) }

// BenchmarkLegal lists legal actions in mid-game positions.
func BenchmarkLegal(b *testing.B) {
	cfg := benchConfig(b, 4)
	g := midgame(b, cfg)
	rng := NewSeededRand(3)
	seat := g.View().WaitingFor[0]
	for b.Loop() {
		g.Legal(seat, rng.Copy())
	}
}

// BenchmarkAppendLegal lists legal actions in mid-game positions into a
// reused buffer.
func BenchmarkAppendLegal(b *testing.B) {
	cfg := benchConfig(b, 4)
	g := midgame(b, cfg)
	rng := NewSeededRand(3)
	seat := g.View().WaitingFor[0]
	var buf []Action
	for b.Loop() {
		buf = g.AppendLegal(buf[:0], seat, rng.Copy())
	}
}

// BenchmarkApply applies one listed action to copies of a mid-game position.
func BenchmarkApply(b *testing.B) {
	cfg := benchConfig(b, 4)
	g := midgame(b, cfg)
	rng := NewSeededRand(3)
	seat := g.View().WaitingFor[0]
	legal := g.Legal(seat, rng.Copy())
	for i := 0; b.Loop(); i++ {
		h := g.Clone()
		if _, err := h.Apply(seat, []Action{legal[i%len(legal)]}, rng.Copy()); err != nil {
			b.Fatal(err)
		}
	}
}

// midgame plays 40 turns of a random game and stops at the start of a
// build phase.
func midgame(tb testing.TB, cfg Config) *Game {
	rng := NewSeededRand(11)
	pick := rand.New(rand.NewPCG(11, 7))
	g, _ := New(cfg, nil)
	for g.View().Turn < 40 || g.View().Phase != PhaseBuild {
		st := g.View()
		seat := st.WaitingFor[0]
		legal := g.Legal(seat, rng.Copy())
		r2 := rng.Copy()
		if _, err := g.Apply(seat, []Action{legal[pick.IntN(len(legal))]}, r2); err != nil {
			tb.Fatal(err)
		}
		rng = r2
	}
	return g
}
