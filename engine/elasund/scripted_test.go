package elasund

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
)

// exRand is a scripted engine.Rand for the worked examples and edge cases: every
// stream returns its listed values in order. A draw beyond a stream's
// script, or a scripted value outside [0, n), fails the test, so a test also
// pins how many random draws each action makes.
type exRand struct {
	t      testing.TB
	script map[string][]int
	drawn  map[string]int
}

// newExRand returns a scripted engine.Rand with empty scripts: any draw fails.
func newExRand(t testing.TB) *exRand {
	return &exRand{t: t, script: map[string][]int{}, drawn: map[string]int{}}
}

// dice scripts one roll of the two dice, given as die values 1..6.
func (r *exRand) dice(a, b int) *exRand {
	r.script[StreamDice] = append(r.script[StreamDice], a-1, b-1)
	return r
}

// with appends values to the script of stream s.
func (r *exRand) with(s string, vals ...int) *exRand {
	r.script[s] = append(r.script[s], vals...)
	return r
}

// Intn returns the next scripted value of stream s.
func (r *exRand) Intn(s string, n int) int {
	r.t.Helper()
	i := r.drawn[s]
	q := r.script[s]
	if i >= len(q) {
		r.t.Fatalf("exRand: draw %d from stream %s (n=%d) is beyond its script %v", i+1, s, n, q)
	}
	v := q[i]
	if v < 0 || v >= n {
		r.t.Fatalf("exRand: scripted value %d for draw %d of stream %s is outside [0, %d)", v, i+1, s, n)
	}
	r.drawn[s] = i + 1
	return v
}

// done fails the test when a scripted value was not drawn.
func (r *exRand) done() {
	r.t.Helper()
	for s, q := range r.script {
		if r.drawn[s] != len(q) {
			r.t.Errorf("exRand: stream %s drew %d of its %d scripted values %v", s, r.drawn[s], len(q), q)
		}
	}
}

// zeros returns n zeros, a script that always draws the first card.
func zeros(n int) []int { return make([]int, n) }

// exSeatedGame returns an English-edition game with the given seats, in
// that clockwise order.
func exSeatedGame(t testing.TB, seats []Colour, overrides map[string]string) *Game {
	t.Helper()
	cfg, err := NewConfig(seats, EditionEN, overrides)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// exPhase puts the game into phase ph of seat's turn, at its start (no
// construction made yet), where edits cannot express it.
func exPhase(t testing.TB, g *Game, seat Colour, ph Phase) {
	t.Helper()
	st := g.st
	st.Current = seat
	st.Phase = ph
	st.WaitingFor = []Colour{seat}
	st.BuildsDone = 0
	st.Pending = []Pending{}
	if err := g.Check(); err != nil {
		t.Fatalf("exPhase(%s, %s): %v", seat, ph, err)
	}
}

// exSq reads a square in notation.
func exSq(t testing.TB, s string) Square {
	t.Helper()
	sq, err := ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

// exMove parses a move, failing the test when it is not well formed.
func exMove(t testing.TB, text string) []Action {
	t.Helper()
	m, err := ParseMove(text)
	if err != nil {
		t.Fatalf("ParseMove(%q) = %v, want a move", text, err)
	}
	return m
}

// exApply applies a move that must be legal and checks the position after.
func exApply(t testing.TB, g *Game, seat Colour, text string, rng engine.Rand) []string {
	t.Helper()
	ev, err := g.Apply(seat, exMove(t, text), rng)
	if err != nil {
		t.Fatalf("Apply(%s, %q) = %v, want success", seat, text, err)
	}
	if err := g.Check(); err != nil {
		t.Fatalf("after Apply(%s, %q): %v", seat, text, err)
	}
	return ev
}

// exRefuse applies a move that must be illegal: it must fail with a
// *RuleError citing rule and leave the state unchanged.
func exRefuse(t testing.TB, g *Game, seat Colour, text string, rng engine.Rand, rule string) {
	t.Helper()
	before := stateJSON(t, g.View())
	_, err := g.Apply(seat, exMove(t, text), rng)
	var re *RuleError
	switch {
	case err == nil:
		t.Errorf("Apply(%s, %q) = nil, want a *RuleError %s", seat, text, rule)
	case !errors.As(err, &re):
		t.Errorf("Apply(%s, %q) = %v (%T), want a *RuleError %s", seat, text, err, err, rule)
	case re.Rule != rule:
		t.Errorf("Apply(%s, %q) = %v, want rule %s", seat, text, err, rule)
	}
	if stateJSON(t, g.View()) != before {
		t.Errorf("refused Apply(%s, %q) changed the state", seat, text)
	}
}

// exEq reports got != want as "what = got, want want".
func exEq[T any](t testing.TB, what string, got, want T) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

// exEvent fails unless some event contains every one of the parts.
func exEvent(t testing.TB, ev []string, parts ...string) {
	t.Helper()
	for _, e := range ev {
		ok := true
		for _, p := range parts {
			ok = ok && strings.Contains(e, p)
		}
		if ok {
			return
		}
	}
	t.Errorf("events %q: none contains %q", ev, parts)
}

// exBuilding returns the building covering square s, if any.
func exBuilding(t testing.TB, g *Game, s string) (Building, bool) {
	t.Helper()
	sq := exSq(t, s)
	for _, b := range g.View().Buildings {
		for _, x := range b.Squares() {
			if x == sq {
				return b, true
			}
		}
	}
	return Building{}, false
}

// exWantBuilding checks that a building of kind k owned by owner is
// anchored on s.
func exWantBuilding(t testing.TB, g *Game, s string, k Kind, owner Colour) {
	t.Helper()
	b, ok := exBuilding(t, g, s)
	if !ok || b.Kind != k || b.Owner != owner || b.At != exSq(t, s) {
		t.Errorf("building on %s = %+v (found %v), want %s's %s anchored there", s, b, ok, owner, k)
	}
}

// exNoBuilding checks that nothing is built on s.
func exNoBuilding(t testing.TB, g *Game, s string) {
	t.Helper()
	if b, ok := exBuilding(t, g, s); ok {
		t.Errorf("building on %s = %s's %s on %s, want none", s, b.Owner, b.Kind, b.At)
	}
}

// exPermitOn returns the permit on square s, if any.
func exPermitOn(t testing.TB, g *Game, s string) (Permit, bool) {
	t.Helper()
	sq := exSq(t, s)
	for _, p := range g.View().Permits {
		if p.At == sq {
			return p, true
		}
	}
	return Permit{}, false
}

// allPermits is a full permit supply (R5).
var allPermits = []int{0, 1, 2, 3, 4}

// exLegalStrings lists Legal(seat) in notation, keeping those keep accepts.
func exLegalStrings(g *Game, seat Colour, peek engine.Rand, keep func(Action) bool) []string {
	var out []string
	for _, a := range g.Legal(seat, peek) {
		if keep == nil || keep(a) {
			out = append(out, a.String())
		}
	}
	return out
}
