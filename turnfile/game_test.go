package turnfile

import (
	"bytes"
	"crypto/ed25519"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/elasund/elasund/engine"

	"github.com/elasund/elasund/engine/elasund"
)

var testTime = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

// detReader is a deterministic byte source for keys and secrets in tests.
type detReader struct{ r *rand.ChaCha8 }

func newDetReader(seed byte) *detReader {
	var s [32]byte
	s[0] = seed
	return &detReader{rand.NewChaCha8(s)}
}

func (d *detReader) Read(p []byte) (int, error) { return d.r.Read(p) }

var fourSeats = []Seat{
	{Colour: "red", Name: "Alice", Email: "alice@example.org"},
	{Colour: "blue", Name: "Bob", Email: "bob@example.org"},
	{Colour: "green", Name: "Carol"},
	{Colour: "yellow", Name: "Dave"},
}

// testSigners makes one signer per seat from a fixed source.
func testSigners(t testing.TB, seats []Seat) map[string]*Signer {
	t.Helper()
	out := map[string]*Signer{}
	src := newDetReader(7)
	for _, s := range seats {
		_, priv, err := ed25519.GenerateKey(src)
		if err != nil {
			t.Fatal(err)
		}
		var secret Hash
		src.Read(secret[:])
		out[s.Colour] = &Signer{Key: priv, Secret: secret}
	}
	return out
}

// newPeerGame makes a peer game in which every seat has joined.
func newPeerGame(t testing.TB, seats []Seat, options map[string]string) (*Game, map[string]*Signer) {
	t.Helper()
	return newPeerGameFormat(t, seats, options, "")
}

// newPeerGameFormat is newPeerGame in a given format version of Elasund's
// files ("" for the newest).
func newPeerGameFormat(t testing.TB, seats []Seat, options map[string]string, format string) (*Game, map[string]*Signer) {
	t.Helper()
	g, err := New(NewOptions{Rules: elasund.Rules{}, Format: format, Game: "3f9c2a7d5e1b4c08", Created: testTime, Seats: seats, Options: options, Rand: newDetReader(1)})
	if err != nil {
		t.Fatal(err)
	}
	signers := testSigners(t, seats)
	for i, s := range seats {
		if _, err := g.Join(s.Colour, signers[s.Colour], testTime.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatalf("Join(%s): %v", s.Colour, err)
		}
	}
	return g, signers
}

// playRandom plays random legal single actions until the game ends or
// maxEntries entries have been added, and returns the number added.
func playRandom(t testing.TB, g *Game, signers map[string]*Signer, seed uint64, maxEntries int) int {
	t.Helper()
	rnd := rand.New(rand.NewPCG(seed, 99))
	at := testTime.Add(time.Hour)
	n := 0
	for n < maxEntries && !g.eng.Over() {
		acting := g.Acting()
		if len(acting) == 0 {
			t.Fatalf("nobody can act in %s phase, turn %d", stateOf(g).Phase, stateOf(g).Turn)
		}
		seat := acting[rnd.IntN(len(acting))]
		legal := g.Legal(seat, signers[seat])
		var choice []elasund.Action
		for _, x := range legal {
			if a := x.(elasund.Action); a.Kind != elasund.ActOrders {
				choice = append(choice, a)
			}
		}
		if len(choice) == 0 {
			t.Fatalf("no legal action for %s in %s phase", seat, stateOf(g).Phase)
		}
		a := choice[rnd.IntN(len(choice))]
		// Prefer ending the turn now and then so games finish.
		for _, c := range choice {
			if c.Kind == elasund.ActEnd && rnd.IntN(3) == 0 {
				a = c
			}
		}
		at = at.Add(time.Minute)
		if _, err := g.Move(seat, moveOf(a), signers[seat], at, MoveOptions{}); err != nil {
			t.Fatalf("Move(%s, %q): %v", seat, a, err)
		}
		n++
	}
	return n
}

func TestPlayVerifyRoundTrip(t *testing.T) {
	g, signers := newPeerGame(t, fourSeats, map[string]string{"turn_limit": "6"})
	n := playRandom(t, g, signers, 1, 2000)
	if !g.eng.Over() {
		t.Fatalf("game not over after %d entries", n)
	}
	data, err := g.File().Marshal()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d entries, %d bytes", len(g.File().History), len(data))
	f, err := Parse(data, testGames)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	again, err := f.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, again) {
		t.Fatalf("Marshal(Parse(b, testGames)) differs from b")
	}
	if _, err := Open(f); err != nil {
		t.Fatalf("Open: %v", err)
	}
}

func TestMoveBeforeJoin(t *testing.T) {
	g, err := New(NewOptions{Rules: elasund.Rules{}, Game: "3f9c2a7d5e1b4c08", Created: testTime, Seats: fourSeats[:2]})
	if err != nil {
		t.Fatal(err)
	}
	signers := testSigners(t, fourSeats[:2])
	if _, err := g.Join("red", signers["red"], testTime); err != nil {
		t.Fatal(err)
	}
	_, err = g.Move("red", moveOf(elasund.Action{Kind: elasund.ActRoll}), signers["red"], testTime, MoveOptions{})
	var te *TurnError
	if !errors.As(err, &te) {
		t.Fatalf("Move before blue joined = %v, want *TurnError", err)
	}
	if _, err := g.Join("red", signers["red"], testTime); !errors.As(err, &te) {
		t.Fatalf("second Join = %v, want *TurnError", err)
	}
}

// TestSource plans whole turns action by action on a copy of the position
// with Source, as a bot does, then sends each as one move: Move must draw
// the same values, so its events are the planned ones. Without the
// signer, a peer seat about to begin its turn gets no source.
func TestSource(t *testing.T) {
	g, signers := newPeerGame(t, fourSeats[:2], map[string]string{"turn_limit": "4"})
	if g.Source("red", nil) != nil {
		t.Fatal("Source(red, nil) before red's roll is not nil")
	}
	rnd := rand.New(rand.NewPCG(3, 3))
	at := testTime.Add(time.Hour)
	for moves := 0; !g.eng.Over(); moves++ {
		if moves > 500 {
			t.Fatal("no end after 500 moves")
		}
		seat := g.Acting()[0]
		rng := g.Source(seat, signers[seat])
		if rng == nil {
			t.Fatalf("Source(%s) = nil with its signer", seat)
		}
		scratch := elasundOf(g).Clone()
		col := colourOf(t, seat)
		var move []elasund.Action
		var planned []string
		for slices.Contains(scratch.View().WaitingFor, col) && !scratch.Over() && (len(move) == 0 || move[len(move)-1].Kind != elasund.ActEnd) {
			var choice []elasund.Action
			for _, a := range scratch.Legal(col, rng.Clone()) {
				if a.Kind != elasund.ActOrders {
					choice = append(choice, a)
				}
			}
			a := choice[rnd.IntN(len(choice))]
			if len(move) > 6 && slices.ContainsFunc(choice, func(c elasund.Action) bool { return c.Kind == elasund.ActEnd }) {
				a = elasund.Action{Kind: elasund.ActEnd}
			}
			ev, err := scratch.Apply(col, []elasund.Action{a}, rng)
			if err != nil {
				t.Fatalf("planning %s: %v", a, err)
			}
			move, planned = append(move, a), append(planned, ev...)
		}
		at = at.Add(time.Minute)
		e, err := g.Move(seat, engine.Actions(move), signers[seat], at, MoveOptions{})
		if err != nil {
			t.Fatalf("Move(%s, %q): %v", seat, elasund.FormatMove(move), err)
		}
		if !slices.Equal(e.Events, planned) && !(len(e.Events) == 0 && len(planned) == 0) {
			t.Fatalf("Move(%s, %q) events = %q, planned %q", seat, elasund.FormatMove(move), e.Events, planned)
		}
	}
}

func TestReplayVisitsEveryEntry(t *testing.T) {
	g, signers := newPeerGame(t, fourSeats[:2], map[string]string{"turn_limit": "3"})
	playRandom(t, g, signers, 5, 40)
	var ns []int
	var last string
	err := g.Replay(func(n int, e *Entry, p engine.Position) error {
		ns = append(ns, n)
		if (n == 0) != (e == nil) {
			t.Errorf("entry %d: entry %v", n, e)
		}
		h, err := StateHash(p.State())
		if err != nil {
			return err
		}
		if e != nil && e.State != h.String() {
			t.Errorf("entry %d: position hashes to %s, the entry says %s", n, h, e.State)
		}
		last = h.String()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(ns) != len(g.File().History)+1 || ns[0] != 0 || ns[len(ns)-1] != len(g.File().History) {
		t.Fatalf("visited %v", ns)
	}
	if want, _ := StateHash(g.State()); last != want.String() {
		t.Errorf("the last position is not the game's")
	}
}
