package turnfile

import (
	"errors"
	"testing"

	"github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/engine/seafarers"
)

// TestSizeCheckIsExact plays games of both games, peer and sandbox, and
// after every entry asks the game as it was before it how large the file
// with that entry would be: the answer is the size of the file written,
// and a limit one byte smaller refuses the entry with a *TurnError (a move
// that would make a file no one can read again, §8).
func TestSizeCheckIsExact(t *testing.T) {
	for _, spec := range []gameSpec{
		{rules: elasund.Rules{}, seats: fourSeats[:3], seed: 1},
		{rules: elasund.Rules{}, seats: fourSeats[:2], sandbox: true, seed: 2},
		{rules: seafarers.Rules{}, seats: seafarersSeats, scenario: "four-islands", seed: 3},
		{rules: seafarers.Rules{}, seats: seafarersSeats[:3], sandbox: true, seed: 4},
	} {
		t.Run(spec.String(), func(t *testing.T) {
			g, signers := newAnyGame(t, spec)
			before, err := g.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			checked := 0
			playAny(t, g, signers, uint64(spec.seed), 40, func(e *Entry) {
				after, err := g.Marshal()
				if err != nil {
					t.Fatal(err)
				}
				prev := mustOpen(t, before)
				unsigned := *e
				unsigned.Sig = ""
				if _, err := prev.checkSize(&unsigned, g.File().State, len(after)); err != nil {
					t.Fatalf("entry %d: refused at its own size %d: %v", e.N, len(after), err)
				}
				var te *TurnError
				var se *SizeError
				_, err = prev.checkSize(&unsigned, g.File().State, len(after)-1)
				if !errors.As(err, &te) || !errors.As(err, &se) || se.Size != len(after) {
					t.Fatalf("entry %d: a limit one byte under the file's %d bytes gives %v, want a *TurnError of a *SizeError", e.N, len(after), err)
				}
				if unsigned.Sig != "" {
					t.Fatalf("entry %d: the size check left a signature on the entry", e.N)
				}
				before = after
				checked++
			})
			if checked < 10 {
				t.Fatalf("only %d entries checked", checked)
			}
		})
	}
}

// mustOpen reads and replays a file's bytes.
func mustOpen(t testing.TB, data []byte) *Game {
	t.Helper()
	f, err := Parse(data, bothGames)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Open(f)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
