package turnfile

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/engine/seafarers"
)

// appendSpecs are the games the append property is tested on: Elasund
// with two to four seats and several options, Seafarers in several
// scenarios, peer and sandbox games.
func appendSpecs(short bool) []gameSpec {
	var out []gameSpec
	elasundOptions := []map[string]string{
		nil, {"turn_limit": "8"}, {"win_check": "end_of_turn", "pirate_reward": "choose_from_others_discards"},
		{"card_counts": "20/12", "shortage_mode": "redistribute"},
	}
	n := 16
	if short {
		n = 4
	}
	for i := range n {
		out = append(out, gameSpec{rules: elasund.Rules{}, seats: fourSeats[:2+i%3], sandbox: i%4 == 3, options: elasundOptions[i%len(elasundOptions)], seed: int64(i)})
	}
	scenarios := []string{"new-shores", "four-islands", "fog-island", "pirate-islands", "cloth-for-catan", "forgotten-tribe", "wonders-of-catan", "through-the-desert"}
	if short {
		scenarios = scenarios[:2]
	}
	for i, sc := range scenarios {
		out = append(out, gameSpec{rules: seafarers.Rules{}, seats: seafarersSeats[:3+i%2], sandbox: i%3 == 2, scenario: sc, seed: int64(i)})
	}
	return out
}

// TestAppendIsMarshal is the property that lets a move be written by
// appending: over random games of both games, after every entry the bytes
// Game.Marshal makes by appending the new entries and the new state block
// to the bytes it wrote before are File.Marshal's.
func TestAppendIsMarshal(t *testing.T) {
	maxEntries := 160
	if quick() {
		maxEntries = 60
	}
	for _, spec := range appendSpecs(quick()) {
		t.Run(spec.String(), func(t *testing.T) {
			t.Parallel()
			g, signers := newAnyGame(t, spec)
			if _, err := g.Marshal(); err != nil {
				t.Fatal(err)
			}
			rnd := rand.New(rand.NewPCG(uint64(spec.seed), 3))
			appended := 0
			playAny(t, g, signers, uint64(spec.seed), maxEntries, func(e *Entry) {
				if g.raw != nil && g.raw.n > 0 {
					appended++
				}
				got, err := g.Marshal()
				if err != nil {
					t.Fatal(err)
				}
				// Every entry while the game is short, then now and
				// then, and at the end (an appended entry stays in the
				// bytes of every later write).
				if e.N > 40 && rnd.IntN(6) != 0 && !g.Position().Over() {
					return
				}
				want, err := g.File().Marshal()
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("entry %d: appended bytes differ from Marshal's at byte %d\n%s", e.N, firstByteDiff(got, want), got)
				}
			})
			want, _ := g.File().Marshal()
			if got, _ := g.Marshal(); !bytes.Equal(got, want) {
				t.Fatal("the last bytes differ")
			}
			if appended == 0 {
				t.Fatal("no entry was appended")
			}
			t.Logf("%d entries, %d appended, %d bytes", len(g.File().History), appended, len(want))
		})
	}
}

// TestAppendAfterJoinAndEdit: a join changes the header, so the next
// write encodes the whole file; edits in a sandbox game append.
func TestAppendAfterJoinAndEdit(t *testing.T) {
	g, err := New(NewOptions{Rules: elasund.Rules{}, Game: "3f9c2a7d5e1b4c08", Created: testTime, Seats: fourSeats[:2], Rand: newDetReader(1)})
	if err != nil {
		t.Fatal(err)
	}
	signers := testSigners(t, fourSeats[:2])
	for i, s := range fourSeats[:2] {
		if _, err := g.Marshal(); err != nil {
			t.Fatal(err)
		}
		if _, err := g.Join(s.Colour, signers[s.Colour], testTime.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatal(err)
		}
		got, _ := g.Marshal()
		want, _ := g.File().Marshal()
		if !bytes.Equal(got, want) {
			t.Fatalf("after %s joined: bytes differ", s.Colour)
		}
	}
	seed := int64(5)
	sb, err := New(NewOptions{Rules: elasund.Rules{}, Created: testTime, Seats: fourSeats[:2], Sandbox: true, Seed: &seed})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sb.Move("red", moveOf(elasund.Action{Kind: elasund.ActRoll}), nil, testTime, MoveOptions{Dice: &[2]int{3, 4}}); err != nil {
		t.Fatal(err)
	}
	if _, err := sb.Marshal(); err != nil {
		t.Fatal(err)
	}
	edits, err := elasund.Rules{}.ParseEdits("gold red 7; gold blue 1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sb.Edit(edits, testTime); err != nil {
		t.Fatal(err)
	}
	got, _ := sb.Marshal()
	want, _ := sb.File().Marshal()
	if !bytes.Equal(got, want) || sb.raw == nil || sb.raw.n != 2 {
		t.Fatalf("after an edit: bytes differ or were not appended\n%s\n---\n%s", got, want)
	}
}

func firstByteDiff(a, b []byte) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
