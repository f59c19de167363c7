package elasund

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
)

// scriptRand is an engine.Rand for rule tests: every stream returns the values
// scripted for it, in order. Drawing from a stream more often than
// scripted, or a scripted value out of range, fails the test; so does a
// value left undrawn when the test ends, so a test also pins how many
// draws each step makes.
type scriptRand struct {
	t    testing.TB
	vals map[string][]int
	// asked records the n of every draw, per stream.
	asked map[string][]int
}

// newScript returns an empty script; add values with dice and on.
func newScript(t testing.TB) *scriptRand {
	t.Helper()
	r := &scriptRand{t: t, vals: map[string][]int{}, asked: map[string][]int{}}
	t.Cleanup(func() {
		for s, v := range r.vals {
			if len(v) > 0 {
				t.Errorf("scriptRand: %d scripted %s value(s) %v never drawn", len(v), s, v)
			}
		}
	})
	return r
}

// dice scripts one roll of the two dice, faces 1..6.
func (r *scriptRand) dice(d1, d2 int) *scriptRand {
	r.vals[StreamDice] = append(r.vals[StreamDice], d1-1, d2-1)
	return r
}

// roll scripts a roll with total s (2..12), as evenly split as possible.
func (r *scriptRand) roll(s int) *scriptRand {
	d1 := min(6, s-1)
	return r.dice(d1, s-d1)
}

// on scripts values of stream s.
func (r *scriptRand) on(s string, v ...int) *scriptRand {
	r.vals[s] = append(r.vals[s], v...)
	return r
}

// Intn returns the next scripted value of stream s.
func (r *scriptRand) Intn(s string, n int) int {
	r.t.Helper()
	r.asked[s] = append(r.asked[s], n)
	v := r.vals[s]
	if len(v) == 0 {
		r.t.Fatalf("scriptRand: unscripted draw Intn(%s, %d)", s, n)
	}
	r.vals[s] = v[1:]
	if v[0] < 0 || v[0] >= n {
		r.t.Fatalf("scriptRand: scripted %s value %d is not in [0, %d)", s, v[0], n)
	}
	return v[0]
}

// setup returns a game of n players (red, blue, green, yellow in that seat
// order) with the R108 overrides, after the sandbox edits (topic edits), if any.
func setup(t testing.TB, n int, opts map[string]string, edits string) *Game {
	t.Helper()
	g := newTestGame(t, n, opts)
	if strings.TrimSpace(edits) != "" {
		mustEdit(t, g, edits)
	}
	return g
}

// opt is a one-option override map.
func opt(name, value string) map[string]string { return map[string]string{name: value} }

// atBuild puts the game at the start of phase 2 of the current player's
// turn, with the ship in the named row, as if the roll had just been
// resolved, and checks that the position is consistent.
func atBuild(t testing.TB, g *Game, row int) {
	t.Helper()
	st := g.st
	ri, ok := RowIndex(row)
	if !ok {
		t.Fatalf("atBuild: no row %d", row)
	}
	name := Rows[ri]
	st.Ship = Ship{Row: &name}
	d1 := min(6, row-1)
	st.Dice = &[2]int{d1, row - d1}
	st.Phase = PhaseBuild
	st.BuildsDone = 0
	st.WaitingFor = []Colour{st.Current}
	st.Pending = []Pending{}
	if err := g.Check(); err != nil {
		t.Fatalf("atBuild: %v", err)
	}
}

// atPermit is atBuild followed by the end of phase 2 (both constructions
// used up), so that the game is in phase 3.
func atPermit(t testing.TB, g *Game, row int) {
	t.Helper()
	atBuild(t, g, row)
	g.st.Phase = PhasePermit
	g.st.BuildsDone = 2
	if err := g.Check(); err != nil {
		t.Fatalf("atPermit: %v", err)
	}
}

// play parses text as a move and applies it for seat. A nil rng stands
// for an empty script: the move must draw nothing.
func play(t testing.TB, g *Game, seat Colour, text string, rng engine.Rand) ([]string, error) {
	t.Helper()
	m, err := ParseMove(text)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", text, err)
	}
	if rng == nil {
		rng = newScript(t)
	}
	return g.Apply(seat, m, rng)
}

// mustPlay applies a move that must be legal, and checks the resulting
// position.
func mustPlay(t testing.TB, g *Game, seat Colour, text string, rng engine.Rand) []string {
	t.Helper()
	ev, err := play(t, g, seat, text, rng)
	if err != nil {
		t.Fatalf("Apply(%s, %q) = %v, want success", seat, text, err)
	}
	if err := g.Check(); err != nil {
		t.Fatalf("after Apply(%s, %q): %v", seat, text, err)
	}
	return ev
}

// mustRefuse applies a move that must be refused with a *RuleError citing
// rule (any rule when rule is ""), and checks that the game is unchanged.
func mustRefuse(t testing.TB, g *Game, seat Colour, text string, rng engine.Rand, rule string) {
	t.Helper()
	before := stateJSON(t, g.View())
	_, err := play(t, g, seat, text, rng)
	var re *RuleError
	switch {
	case err == nil:
		t.Fatalf("Apply(%s, %q) succeeded, want a %s refusal", seat, text, ruleName(rule))
	case !errors.As(err, &re):
		t.Fatalf("Apply(%s, %q) = %v, want a *RuleError", seat, text, err)
	case rule != "" && re.Rule != rule:
		t.Errorf("Apply(%s, %q) = %v, want a refusal citing %s", seat, text, err, rule)
	}
	if stateJSON(t, g.View()) != before {
		t.Errorf("Apply(%s, %q) was refused but changed the state", seat, text)
	}
}

func ruleName(rule string) string {
	if rule == "" {
		return "rule"
	}
	return rule
}

// player returns seat's holdings (not a copy).
func player(g *Game, seat Colour) *Player { return g.st.Players[seat] }

// onBoard is the number of seat's cubes on the board.
func onBoard(g *Game, seat Colour) int { return cubesEach - g.st.Players[seat].Cubes }

// sq reads a square such as "C8", panicking on a typo in the test.
func sq(s string) Square {
	v, err := ParseSquare(s)
	if err != nil {
		panic(err)
	}
	return v
}

// buildingAt returns the building covering square s, if any.
func buildingAt(g *Game, s string) (Building, bool) {
	at := sq(s)
	for _, b := range g.st.Buildings {
		for _, x := range b.Squares() {
			if x == at {
				return b, true
			}
		}
	}
	return Building{}, false
}

// permitAt returns the permit on square s, if any.
func permitAt(g *Game, s string) (Permit, bool) {
	at := sq(s)
	for _, p := range g.st.Permits {
		if p.At == at {
			return p, true
		}
	}
	return Permit{}, false
}

// flagsOn lists the colours with a cube on trade space pos.
func flagsOn(g *Game, pos int) []Colour {
	for i, sp := range tradeSpaces {
		if sp.Pos == pos {
			return g.st.TradeFlags[i]
		}
	}
	panic(fmt.Sprintf("no trade space %d", pos))
}

// hasEvent reports whether some event contains sub.
func hasEvent(ev []string, sub string) bool {
	for _, e := range ev {
		if strings.Contains(e, sub) {
			return true
		}
	}
	return false
}

// moveDeckToDiscard moves influence cards from the deck to the discard
// pile, keeping the card totals (there is no sandbox edit for the pile).
func moveDeckToDiscard(t testing.TB, g *Game, in Influence) {
	t.Helper()
	sup := &g.st.Supply
	for _, c := range InfluenceCards {
		n := in.Of(c)
		if sup.InfluenceDeck.Of(c) < n {
			t.Fatalf("moveDeckToDiscard: the deck holds %d %s", sup.InfluenceDeck.Of(c), c)
		}
		sup.InfluenceDeck.add(c, -n)
		sup.InfluenceDiscard.add(c, n)
	}
	if err := g.Check(); err != nil {
		t.Fatal(err)
	}
}

// emptyDeckInto moves every deck card to the discard pile except keep.
func emptyDeckInto(t testing.TB, g *Game, keep Influence) {
	t.Helper()
	d := g.st.Supply.InfluenceDeck
	moveDeckToDiscard(t, g, Influence{Blue: d.Blue - keep.Blue, Green: d.Green - keep.Green, Yellow: d.Yellow - keep.Yellow})
}

// mustRefuseAction is mustRefuse for an action the notation cannot
// express (so the engine's own check is reached).
func mustRefuseAction(t testing.TB, g *Game, seat Colour, a Action, rule string) {
	t.Helper()
	before := stateJSON(t, g.View())
	_, err := g.Apply(seat, []Action{a}, newScript(t))
	var re *RuleError
	switch {
	case err == nil:
		t.Fatalf("Apply(%s, %q) succeeded, want a %s refusal", seat, a, ruleName(rule))
	case !errors.As(err, &re):
		t.Fatalf("Apply(%s, %q) = %v, want a *RuleError", seat, a, err)
	case rule != "" && re.Rule != rule:
		t.Errorf("Apply(%s, %q) = %v, want a refusal citing %s", seat, a, err, rule)
	}
	if stateJSON(t, g.View()) != before {
		t.Errorf("Apply(%s, %q) was refused but changed the state", seat, a)
	}
}

// eventIndex returns the index of the first event containing sub, or -1.
func eventIndex(ev []string, sub string) int {
	for i, e := range ev {
		if strings.Contains(e, sub) {
			return i
		}
	}
	return -1
}
