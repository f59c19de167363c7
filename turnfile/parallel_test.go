package turnfile

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/engine/seafarers"
)

// toParallel plays the table's game at random until several seats may
// act at once (Game.Parallel), and returns them; false if the game ended
// or maxEntries passed first.
func (tb *table) toParallel(maxEntries int) ([]string, bool) {
	tb.t.Helper()
	// Played on one copy with the seats' keys, without reading and
	// writing each copy: the players' stores then remember where it is.
	g := mustOpen(tb.t, tb.data)
	signers := map[string]*Signer{}
	for seat, ks := range tb.stores {
		s, err := ks.Signer(g, seat)
		if err != nil {
			tb.t.Fatal(err)
		}
		s.Guard = nil
		signers[seat] = s
	}
	defer func() {
		data, err := g.File().Marshal()
		if err != nil {
			tb.t.Fatal(err)
		}
		tb.data = data
		g = mustOpen(tb.t, data)
		for _, ks := range tb.stores {
			if err := ks.Remember(g); err != nil {
				tb.t.Fatal(err)
			}
		}
	}()
	for i := 0; i < maxEntries; i++ {
		if g.Position().Over() {
			return nil, false
		}
		if p := g.Parallel(); len(p) > 1 {
			return p, true
		}
		acting := g.Acting()
		seat := acting[tb.rnd.IntN(len(acting))]
		move := randomMove(tb.t, g, seat, signers[seat], tb.rnd)
		tb.at = tb.at.Add(time.Minute)
		if _, err := g.Move(seat, move, signers[seat], tb.at, MoveOptions{}); err != nil {
			tb.t.Fatalf("Move(%s, %v): %v", seat, move, err)
		}
	}
	return nil, false
}

// decide makes seat's random decision on its own copy of the table's
// file and returns that copy's bytes, as the seat's player sends it back.
func (tb *table) decide(seat string) []byte {
	tb.t.Helper()
	g := tb.play(seat)
	if err := tb.stores[seat].Remember(g); err != nil {
		tb.t.Fatal(err)
	}
	data, err := g.Marshal()
	if err != nil {
		tb.t.Fatal(err)
	}
	return data
}

// TestParallelDecisions: decisions several seats owe at once (discards
// after a seven or a raid, answers to an offer) are made by each on its
// own copy of the same position, and the copies combine into one parallel
// entry, in any order of merging, to the position the same decisions made
// one after another reach (§2.6, §6.2).
func TestParallelDecisions(t *testing.T) {
	specs := []gameSpec{
		{rules: seafarers.Rules{}, seats: seafarersSeats, scenario: "base", seed: 5},
		{rules: seafarers.Rules{}, seats: seafarersSeats, scenario: "new-shores", seed: 6},
		{rules: elasund.Rules{}, seats: fourSeats, seed: 1},
	}
	rounds := 0
	for _, spec := range specs {
		t.Run(fmt.Sprintf("%s %s seed %d", spec.rules.Name(), spec.scenario, spec.seed), func(t *testing.T) {
			tb := newTable(t, spec)
			for round := 0; round < 2; round++ {
				seats, ok := tb.toParallel(300)
				if !ok {
					break
				}
				base := tb.data
				copies := make([][]byte, len(seats))
				for i, s := range seats {
					tb.data = base
					copies[i] = tb.decide(s)
				}
				// Merge in seat order and in reverse: the same bytes.
				fold := func(order []int) []byte {
					g := mustOpen(t, copies[order[0]])
					for _, i := range order[1:] {
						var rep *MergeReport
						var err error
						if g, rep, err = Merge(g, mustOpen(t, copies[i])); err != nil {
							t.Fatalf("Merge: %v", err)
						}
						if rep.Kind != MergeParallel {
							t.Fatalf("§6.2: copies of decisions made at once merge as %v, want a parallel entry", rep.Kind)
						}
					}
					data, err := g.File().Marshal()
					if err != nil {
						t.Fatal(err)
					}
					return data
				}
				order := make([]int, len(seats))
				for i := range order {
					order[i] = i
				}
				forward := fold(order)
				slices.Reverse(order)
				if backward := fold(order); string(forward) != string(backward) {
					t.Fatal("§6.2: merging the copies in another order gives another file")
				}
				g := mustOpen(t, forward)
				last := g.File().History[len(g.File().History)-1]
				if last.Kind != EntryParallel || len(last.Parts) != len(seats) {
					t.Fatalf("§2.6: the last entry is %s with %d parts, want a parallel entry of %d", last.Kind, len(last.Parts), len(seats))
				}
				// The same decisions one after another reach the same
				// state (the parts re-signed on each other, as if sent
				// in turn).
				serial := mustOpen(t, base)
				for _, p := range last.Parts {
					actions, err := serial.parseActions(p.Actions)
					if err != nil {
						t.Fatal(err)
					}
					if _, err := serial.Move(p.Seat, actions, testSigner(t, tb, serial, p.Seat), testTime, MoveOptions{}); err != nil {
						t.Fatalf("§2.6: %s's part does not apply after the parts before it: %v", p.Seat, err)
					}
				}
				if want := serial.File().History[len(serial.File().History)-1].State; last.State != want {
					t.Fatalf("§2.6: the parallel entry's state %s is not the state of the decisions made one after another %s", last.State, want)
				}
				tb.data = forward
				for _, s := range seats {
					if err := tb.stores[s].Check(g); err != nil {
						t.Fatalf("§4.6: %s's key store refuses the combined copy: %v", s, err)
					}
				}
				rounds++
			}
		})
	}
	if rounds == 0 {
		t.Fatal("no position with decisions owed by several seats was reached")
	}
}

// mergedParallel plays the table on to a position where several seats
// decide at once, has each decide on its own copy and merges the copies:
// the game whose last entry is their parallel entry, and the seats.
func (tb *table) mergedParallel() (*Game, []string) {
	tb.t.Helper()
	seats, ok := tb.toParallel(300)
	if !ok {
		tb.t.Fatal("no position where several seats act at once")
	}
	base := tb.data
	var g *Game
	for _, s := range seats {
		tb.data = base
		c := mustOpen(tb.t, tb.decide(s))
		if g == nil {
			g = c
			continue
		}
		var err error
		if g, _, err = Merge(g, c); err != nil {
			tb.t.Fatalf("Merge: %v", err)
		}
	}
	return g, seats
}

// testSigner is a signer of seat without the key store's guard, for
// replaying the same decisions another way in a test.
func testSigner(t testing.TB, tb *table, g *Game, seat string) *Signer {
	t.Helper()
	s, err := tb.stores[seat].Signer(g, seat)
	if err != nil {
		t.Fatal(err)
	}
	s.Guard = nil
	return s
}

// TestRaceLeavesOutTheOvertaken: an answer to an offer arriving after the
// offer was confirmed with another seat loses the race; the copy that
// went further is kept, whichever copy the merge starts from (§6.2).
func TestRaceLeavesOutTheOvertaken(t *testing.T) {
	tb := newTable(t, gameSpec{rules: seafarers.Rules{}, seats: seafarersSeats, scenario: "base", seed: 8})
	var seats []string
	for tries := 0; ; tries++ {
		p, ok := tb.toParallel(500)
		if !ok || tries > 50 {
			t.Fatal("no offer to several seats in this game")
		}
		if g := tb.open(p[0]); g.Position().Phase() != "decide" && strings.Contains(fmt.Sprint(g.Position().Owed()), "answer") {
			seats = p
			break
		}
		tb.move()
	}
	base := tb.data
	cur := tb.open(seats[0]).Position().Current()
	// The first seat answers on one copy; the others on another, where the
	// offerer then ends the offer.
	tb.data = base
	lone := tb.decide(seats[0])
	tb.data = base
	for _, s := range seats[1:] {
		tb.data = tb.decide(s)
	}
	ended := false
	for i := 0; i < 3 && !ended; i++ {
		g := tb.open(cur)
		if !slices.Contains(g.Acting(), cur) {
			break
		}
		tb.data = tb.decideAs(cur)
		ended = true
	}
	if !ended {
		t.Skip("the offerer could not act")
	}
	a, b := mustOpen(t, lone), mustOpen(t, tb.data)
	for _, pair := range [][2]*Game{{a, b}, {b, a}} {
		g, rep, err := Merge(pair[0], pair[1])
		if err != nil {
			t.Fatalf("Merge: %v", err)
		}
		if rep.Kind != MergeRace || len(rep.Left) != 1 || rep.Left[0].Seat != seats[0] {
			t.Fatalf("§6.2: want a race that leaves %s's answer out, got %v left %d", seats[0], rep.Kind, len(rep.Left))
		}
		if len(g.File().History) != len(b.File().History) {
			t.Fatal("§6.2: the copy that went further is not the one kept")
		}
	}
}

// decideAs is decide for the seat to move: any legal move.
func (tb *table) decideAs(seat string) []byte { return tb.decide(seat) }

// TestEquivocationIsNoRace: one key signing two different successors of
// an entry is refused by Merge as a double signature (§6.1).
func TestEquivocationIsNoRace(t *testing.T) {
	tb := newTable(t, gameSpec{rules: elasund.Rules{}, seats: fourSeats[:2], seed: 9})
	for i := 0; i < 5; i++ {
		tb.move()
	}
	base := tb.data
	g := mustOpen(t, base)
	seat := g.Acting()[0]
	mk := func(at time.Time) *Game {
		c := mustOpen(t, base)
		s := testSigner(t, tb, c, seat)
		move := randomMove(t, c, seat, s, tb.rnd)
		if _, err := c.Move(seat, move, s, at, MoveOptions{}); err != nil {
			t.Fatal(err)
		}
		return mustOpen(t, mustMarshal(t, c))
	}
	x, y := mk(testTime), mk(testTime.Add(time.Minute))
	_, _, err := Merge(x, y)
	var fe *ForkError
	if !errors.As(err, &fe) || !fe.Equivocation || fe.Signer != seat {
		t.Fatalf("§6.1: Merge of two successors signed by %s's key: %v, want a double signature", seat, err)
	}
}

func mustMarshal(t testing.TB, g *Game) []byte {
	t.Helper()
	data, err := g.File().Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

var _ engine.Action = elasund.Action{}
