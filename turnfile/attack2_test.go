package turnfile

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/engine/seafarers"
)

// The attacks of "Fair play II" that live in the file format (the grinder
// is in grind_test.go, the witness's timing in engine/seafarers'
// sealed_turn_test.go, the leaks and forged acts by mail in referee/).

// Format 2: a take-back cannot steer the next seat's roll. Red makes two
// different successors of one entry (a cheat); blue's roll is the same on
// both, because its value for the turn is fixed by the turn (§4.1, §4.2).
func TestTakeBackChangesNoDice(t *testing.T) {
	red := cheater(t)
	blue := testSigners(t, fourSeats[:2])["blue"]
	g, err := New(NewOptions{Rules: elasund.Rules{}, Game: "3f9c2a7d5e1b4c08", Created: testTime, Seats: fourSeats[:2]})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Join("red", red, testTime); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Join("blue", blue, testTime); err != nil {
		t.Fatal(err)
	}
	base := reopen(t, g)
	var rolls []string
	for _, redTurn := range [][]string{{"roll; gold; end"}, {"roll; gold; end"}} {
		c := reopen(t, base)
		for _, m := range redTurn {
			mv, _ := elasund.Rules{}.ParseMove(m)
			if _, err := c.Move("red", mv, red, testTime.Add(time.Duration(len(rolls))*time.Minute), MoveOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		roll, _ := elasund.Rules{}.ParseMove("roll")
		if _, err := c.Move("blue", roll, blue, testTime, MoveOptions{}); err != nil {
			t.Fatal(err)
		}
		rolls = append(rolls, strings.Join(c.File().History[len(c.File().History)-1].Events, "; "))
	}
	if rolls[0] != rolls[1] {
		t.Fatalf("§4.2: blue's roll depends on which successor red made: %q and %q", rolls[0], rolls[1])
	}
}

// Attack 3(a): anyone can join red's seat on a copy of the public header
// with a key of its own. Two joins of one seat with different keys are not
// a double signature: no report of them is proof (§6.1).
func TestFramingByJoinIsNoProof(t *testing.T) {
	g, err := New(NewOptions{Rules: elasund.Rules{}, Game: "3f9c2a7d5e1b4c08", Created: testTime, Seats: fourSeats[:2]})
	if err != nil {
		t.Fatal(err)
	}
	base := reopen(t, g)
	honest := newHonest(t, "red", 21)
	if err := honest.join(g, "red", 1); err != nil {
		t.Fatal(err)
	}
	forged := reopen(t, base)
	if _, err := forged.Join("red", cheater(t), testTime); err != nil {
		t.Fatal(err)
	}
	_, err = Compare(g, forged)
	var fe *ForkError
	if !errors.As(err, &fe) {
		t.Fatalf("the two joins: %v, want a fork", err)
	}
	if fe.Equivocation {
		t.Fatalf("§6.1: two joins of red with different keys are called a double signature: %s", fe.Reason)
	}
	res := disputeOf(t, fe)
	if res.Equivocation {
		t.Fatalf("§6.1: verify calls the report proof against %s: %s", res.Signer, res.Reason)
	}
	if !strings.Contains(res.Reason, "different keys") {
		t.Errorf("§6.1: the report's verdict %q does not say why it proves nothing", res.Reason)
	}
}

// Attack 3(b): a report made from a sandbox game, whose entries nobody
// signed, proves nothing (§6.1).
func TestFramingBySandboxIsNoProof(t *testing.T) {
	seed := int64(3)
	g, err := New(NewOptions{Rules: elasund.Rules{}, Created: testTime, Seats: fourSeats[:2], Sandbox: true, Seed: &seed})
	if err != nil {
		t.Fatal(err)
	}
	base := reopen(t, g)
	mk := func(move string) *Game {
		c := reopen(t, base)
		m, _ := elasund.Rules{}.ParseMove(move)
		if _, err := c.Move("red", m, nil, testTime, MoveOptions{}); err != nil {
			t.Fatal(err)
		}
		return c
	}
	_, err = Compare(mk("orders ask"), mk("orders rebuild nearest"))
	var fe *ForkError
	if !errors.As(err, &fe) {
		t.Fatalf("two successors in a sandbox: %v, want a fork", err)
	}
	if res := disputeOf(t, fe); res.Equivocation || !strings.Contains(res.Reason, "unsigned") {
		t.Fatalf("§6.1: a sandbox report: equivocation %v, %q; want no proof, unsigned", res.Equivocation, res.Reason)
	}
}

// disputeOf writes the report of a fork and verifies it as `elasund
// verify REPORT` does.
func disputeOf(t *testing.T, fe *ForkError) *DisputeResult {
	t.Helper()
	d, err := DisputeOf(fe)
	if err != nil {
		t.Fatal(err)
	}
	data, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseDispute(data, testGames)
	if err != nil {
		t.Fatal(err)
	}
	res, err := VerifyDispute(back)
	if err != nil {
		t.Fatalf("verifying the report: %v", err)
	}
	return res
}

// Attack 3(c): a player tries a move into a scratch file (bot --out) and
// then makes another: its key store must not sign a second, different
// successor of the same entry, so that the scratch copy can never be
// evidence against it. A dry run signs nothing.
func TestKeyStoreSignsOneSuccessor(t *testing.T) {
	red := newHonest(t, "red", 31)
	blue := newHonest(t, "blue", 32)
	g := twoJoined(t, red, blue)
	base := reopen(t, g)
	s, err := red.ks.Signer(base, "red")
	if err != nil {
		t.Fatal(err)
	}
	m := func(text string) []engine.Action {
		a, _ := elasund.Rules{}.ParseMove(text)
		return a
	}
	// A dry run signs nothing and records nothing.
	dry := reopen(t, base)
	e, err := dry.Move("red", m("roll; gold; end"), s, testTime, MoveOptions{DryRun: true})
	if err != nil || e.Sig != "" || len(dry.File().History) != len(base.File().History) {
		t.Fatalf("§4.6: a dry run signed %q or changed the game (%v)", e.Sig, err)
	}
	// The scratch copy: signed.
	scratch := reopen(t, base)
	if _, err := scratch.Move("red", m("roll; gold; end"), s, testTime, MoveOptions{}); err != nil {
		t.Fatal(err)
	}
	// The same entry again (the same bytes) is not a second successor.
	again := reopen(t, base)
	if _, err := again.Move("red", m("roll; gold; end"), s, testTime, MoveOptions{}); err != nil {
		t.Fatalf("§4.6: the same entry signed again is refused: %v", err)
	}
	// Another move on the same entry is refused.
	other := reopen(t, base)
	var se *StaleError
	if _, err := other.Move("red", m("roll; end"), s, testTime.Add(time.Minute), MoveOptions{}); !errors.As(err, &se) || !se.Signed {
		t.Fatalf("§4.6: a second successor of one entry: %v, want refused by the key store", err)
	}
	if !strings.Contains(se.Reason, "another successor of entry 2") {
		t.Errorf("the refusal %q does not say what was signed", se.Reason)
	}
}

// Attack 6: one seat filling the file. The attacks of the report — 2,500
// standing trade rules in a move, 5,000 orders in an entry — are refused
// (§2.3), and a seat that adds as much as the limits allow to every entry
// and every turn cannot make another seat's move fail for size.
func TestFillerCannotFreeze(t *testing.T) {
	many := func(text string, n int) []engine.Action {
		var out []engine.Action
		for range n {
			a, err := seafarers.Rules{}.ParseMove(text)
			if err != nil {
				a, err = elasund.Rules{}.ParseMove(text)
			}
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, a...)
		}
		return out
	}
	g, signers := newPeerGame(t, fourSeats[:2], nil)
	var le *LimitError
	if _, err := g.Move("blue", many("orders discard gold", 5000), signers["blue"], testTime, MoveOptions{}); !errors.As(err, &le) {
		t.Fatalf("§2.3: 5,000 orders in one entry: %v, want refused", err)
	}

	// A Seafarers game where orange fills: every entry it makes carries as
	// many standing orders as it may, and every turn it sends an orders
	// entry too.
	spec := gameSpec{rules: seafarers.Rules{}, seats: seafarersSeats, scenario: "base", seed: 12}
	tb := newTable(t, spec)
	g = mustOpen(t, tb.data)
	signs := map[string]*Signer{}
	for seat, ks := range tb.stores {
		s, err := ks.Signer(g, seat)
		if err != nil {
			t.Fatal(err)
		}
		s.Guard = nil
		signs[seat] = s
	}
	if _, err := g.Move("orange", many("orders trade accept 1 ore for 1 brick", 2500), signs["orange"], testTime, MoveOptions{}); !errors.As(err, &le) {
		t.Fatalf("§2.3: 2,500 trade rules in one entry: %v, want refused", err)
	}
	if _, err := g.Move("orange", many("orders discard wool ore grain brick lumber", MaxOrders+1), signs["orange"], testTime, MoveOptions{}); !errors.As(err, &le) {
		t.Fatalf("§2.3: %d standing orders in one entry: %v, want refused", MaxOrders+1, err)
	}
	fill := many("orders discard wool ore grain brick lumber", MaxOrders)
	rnd := rand.New(rand.NewPCG(12, 1))
	at := testTime
	limit := 4000
	if quick() {
		limit = 200 // make test: the refusals and the start; make soak: a whole game
	}
	for n := 0; !g.Position().Over(); n++ {
		if n > limit {
			t.Logf("stopped after %d entries", n)
			break
		}
		if len(g.Acting()) == 0 {
			t.Fatalf("nobody can act: %s", g.Position().Phase())
		}
		seat := g.Acting()[rnd.IntN(len(g.Acting()))]
		move := randomMove(t, g, seat, signs[seat], rnd)
		at = at.Add(time.Second)
		if seat == "orange" {
			// As many orders as it may, in every move it makes.
			if _, err := g.Move(seat, append(slices.Clone(move), fill...), signs[seat], at, MoveOptions{}); err == nil {
				continue
			} else if !errors.As(err, &le) {
				t.Fatalf("orange's filled move: %v", err)
			}
		} else if !slices.Contains(g.Acting(), "orange") {
			// And an orders entry whenever it may.
			if _, err := g.Move("orange", fill, signs["orange"], at, MoveOptions{}); err != nil && !errors.As(err, &le) {
				t.Fatalf("orange's orders: %v", err)
			}
			at = at.Add(time.Second)
		}
		if _, err := g.Move(seat, move, signs[seat], at, MoveOptions{}); err != nil {
			var size *SizeError
			if errors.As(err, &size) {
				t.Fatalf("§2.3: after %d entries %s's move is refused for size: %v", len(g.File().History), seat, err)
			}
			t.Fatalf("%s's move %v: %v", seat, move, err)
		}
	}
	data, _ := g.File().Marshal()
	t.Logf("the game ended after %d entries with orange filling: %d bytes", len(g.File().History), len(data))
}
