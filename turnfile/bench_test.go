package turnfile

import (
	"crypto/ed25519"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/internal/cputime"
)

// playTurns plays random legal moves, one entry per turn (or decision) as
// a person would send them, until the game ends.
func playTurns(t testing.TB, g *Game, signers map[string]*Signer, seed uint64) {
	t.Helper()
	rnd := rand.New(rand.NewPCG(seed, 7))
	at := testTime.Add(time.Hour)
	for entries := 0; !g.eng.Over(); entries++ {
		if entries > 5000 {
			t.Fatal("no end after 5000 entries")
		}
		acting := g.Acting()
		seat := acting[rnd.IntN(len(acting))]
		var reveal Hash
		if !g.file.Header.Sandbox {
			var err error
			if reveal, _, err = g.revealFor(seat, signers[seat]); err != nil {
				t.Fatal(err)
			}
		}
		rng, _, _ := g.source(seat, reveal)
		scratch := elasundOf(g).Clone()
		col := colourOf(t, seat)
		var move []elasund.Action
		for len(move) < 12 && slices.Contains(scratch.View().WaitingFor, col) && !scratch.Over() {
			var choice []elasund.Action
			for _, a := range scratch.Legal(col, rng.Clone()) {
				if a.Kind != elasund.ActOrders {
					choice = append(choice, a)
				}
			}
			if len(choice) == 0 {
				break
			}
			a := choice[rnd.IntN(len(choice))]
			for _, c := range choice {
				if c.Kind == elasund.ActEnd && rnd.IntN(3) == 0 {
					a = c
				}
			}
			if _, err := scratch.Apply(col, []elasund.Action{a}, rng); err != nil {
				t.Fatalf("planning %s: %v", a, err)
			}
			move = append(move, a)
			if a.Kind == elasund.ActEnd {
				break
			}
		}
		at = at.Add(time.Minute)
		if _, err := g.Move(seat, engine.Actions(move), signers[seat], at, MoveOptions{}); err != nil {
			t.Fatalf("Move(%s, %q): %v", seat, elasund.FormatMove(move), err)
		}
	}
}

// cpuLoop runs body in a b.Loop and reports, beside the wall time, the
// CPU time per iteration (cpu-ns/op): on a shared machine it is what the
// work costs, whatever else runs.
func cpuLoop(b *testing.B, body func()) {
	b.Helper()
	start := cputime.Process()
	for b.Loop() {
		body()
	}
	if used := cputime.Process() - start; used > 0 {
		b.ReportMetric(float64(used.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

var (
	finishedOnce sync.Once
	finished     []byte
)

// finishedGame is a complete four-player game without a turn limit,
// played a turn per entry.
func finishedGame(b testing.TB) []byte {
	finishedOnce.Do(func() {
		g, signers := newPeerGame(b, fourSeats, nil)
		playTurns(b, g, signers, 1)
		var err error
		if finished, err = g.File().Marshal(); err != nil {
			b.Fatal(err)
		}
	})
	return finished
}

func TestFinishedGameSize(t *testing.T) {
	data := finishedGame(t)
	f, err := Parse(data, testGames)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(f); err != nil {
		t.Fatal(err)
	}
	t.Logf("finished 4-player game: %d entries, %d turns, %d bytes, winner %v", len(f.History), fileState(f).Turn, len(data), *fileState(f).Winner)
	if len(data) > MaxSize/2 {
		t.Errorf("finished game is %d bytes, want well under the 1 MiB limit", len(data))
	}
	// A game of typical length: 20 rounds of four turns, one entry per
	// turn or decision, as people send them.
	g, signers := newPeerGame(t, fourSeats, map[string]string{"turn_limit": "20"})
	playTurns(t, g, signers, 2)
	typical, err := g.File().Marshal()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("20-round 4-player game: %d entries, %d bytes (%d per entry)", len(g.File().History), len(typical), len(typical)/len(g.File().History))
	if len(typical) > 64<<10 {
		t.Errorf("a 20-round game is %d bytes, goal 64 KiB", len(typical))
	}
}

// BenchmarkVerify reads and replays a complete four-player game.
func BenchmarkVerify(b *testing.B) {
	data := finishedGame(b)
	b.SetBytes(int64(len(data)))
	b.ReportMetric(float64(len(data)), "file-bytes")
	cpuLoop(b, func() {
		f, err := Parse(data, testGames)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Open(f); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkParseAndSignatures is the floor of verification: reading the
// file and checking every signature, without replay.
func BenchmarkParseAndSignatures(b *testing.B) {
	data := finishedGame(b)
	b.SetBytes(int64(len(data)))
	cpuLoop(b, func() {
		f, err := Parse(data, testGames)
		if err != nil {
			b.Fatal(err)
		}
		keys := map[string]ed25519.PublicKey{}
		for _, s := range f.Header.Seats {
			keys[s.Colour], _ = ParsePublicKey(s.Key)
		}
		for i := range f.History {
			if err := checkSig(keys[f.History[i].Seat], &f.History[i]); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkMoveLongGame is "elasund move" on a long game without the
// disk: read, replay, apply one move, sign and encode.
func BenchmarkMoveLongGame(b *testing.B) {
	g, signers := newPeerGame(b, fourSeats, nil)
	playTurns(b, g, signers, 1)
	// Rewind to the last entry of a non-final position: replay all but
	// the last entry, then time making that move again.
	f := g.File()
	last := f.History[len(f.History)-1]
	move, err := g.parseActions(last.Actions)
	if err != nil {
		b.Fatal(err)
	}
	short := *f
	short.History = f.History[:len(f.History)-1]
	pre, err := Open(&File{Format: f.Format, Header: f.Header, History: short.History, State: mustState(b, short.History, f), game: f.game})
	if err != nil {
		b.Fatal(err)
	}
	data, err := pre.File().Marshal()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		pf, err := Parse(data, testGames)
		if err != nil {
			b.Fatal(err)
		}
		pg, err := Open(pf)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := pg.Move(last.Seat, move, signers[last.Seat], testTime, MoveOptions{}); err != nil {
			b.Fatal(err)
		}
		if _, err := pg.File().Marshal(); err != nil {
			b.Fatal(err)
		}
	}
}

// mustState replays history of f to get the state after it.
func mustState(b testing.TB, history []Entry, f *File) engine.State {
	cut := &File{Format: f.Format, Header: f.Header, History: history, game: f.game}
	g2, err := replayHistory(cut)
	if err != nil {
		b.Fatal(err)
	}
	return g2.eng.State()
}

// BenchmarkEncode encodes a finished game.
func BenchmarkEncode(b *testing.B) {
	f, err := Parse(finishedGame(b), testGames)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := f.Marshal(); err != nil {
			b.Fatal(err)
		}
	}
}
