package seafarers

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// tgame is a sandbox game for rule tests (RULES §21 conventions: seats red,
// blue, white; fixed layout and harbours unless said otherwise).
type tgame struct {
	t     *testing.T
	setup engine.Setup
	pos   engine.Position
	g     *Game
	tb    *table
	// rules names the rules the assertions test, " (S33, S38)", at the
	// end of their failure messages (cite).
	rules string
}

// cite names the rules that the assertions which follow test: their
// failure messages end with them (the rule coverage counts a rule where a
// failure message names it).
func (x *tgame) cite(rules ...string) *tgame {
	x.rules = " (" + strings.Join(rules, ", ") + ")"
	return x
}

// fatalf fails the test with a message that ends with the rules cited.
func (x *tgame) fatalf(format string, args ...any) {
	x.t.Helper()
	x.t.Fatalf(format+"%s", append(args, x.rules)...)
}

// opts builds an option map from "name=value" pairs.
func opts(kv ...string) map[string]string {
	m := map[string]string{}
	for _, s := range kv {
		k, v, _ := strings.Cut(s, "=")
		m[k] = v
	}
	return m
}

// newT returns a sandbox game of scenario with seats red, blue, white and
// the options (layout and harbours fixed unless given).
func newT(t *testing.T, scenario string, o map[string]string) *tgame {
	t.Helper()
	return newTSeats(t, scenario, []string{"red", "blue", "white"}, o)
}

// newT1 is newT in a file of format seafarers/1, whose sealed draws are
// resolved by their witness's next entry (S138 before format 2).
func newT1(t *testing.T, scenario string, o map[string]string) *tgame {
	t.Helper()
	return newTFormat(t, scenario, []string{"red", "blue", "white"}, o, "seafarers/1", 7)
}

func newTSeats(t *testing.T, scenario string, seats []string, o map[string]string) *tgame {
	t.Helper()
	return newTSeed(t, scenario, seats, o, 7)
}

// newTSeed is newTSeats with the table's seed, for a board dealt at
// random (new-world) from another seed.
func newTSeed(t *testing.T, scenario string, seats []string, o map[string]string, seed int64) *tgame {
	t.Helper()
	return newTFormat(t, scenario, seats, o, "", seed)
}

// newTFormat is newTSeed in a file of the given format ("" for the
// newest).
func newTFormat(t *testing.T, scenario string, seats []string, o map[string]string, format string, seed int64) *tgame {
	t.Helper()
	if o == nil {
		o = map[string]string{}
	}
	if scenario != "new-world" {
		if _, ok := o["layout"]; !ok && scenario != "pirate-islands" {
			o["layout"] = "fixed"
		}
		if _, ok := o["harbours"]; !ok {
			o["harbours"] = "fixed"
		}
	}
	setup := engine.Setup{Seats: seats, Choices: map[string]string{"scenario": scenario}, Options: o, Sandbox: true, Format: format}
	tb := newTable(setup, seed)
	pos, err := Rules{}.New(setup, tb.newSource())
	if err != nil {
		t.Fatalf("new %s: %v", scenario, err)
	}
	return &tgame{t: t, setup: setup, pos: pos, g: Of(pos), tb: tb}
}

// edit applies sandbox edits that must succeed.
func (x *tgame) edit(text string) *tgame {
	x.t.Helper()
	if err := x.editErr(text); err != nil {
		x.t.Fatalf("edit %q: %v", text, err)
	}
	return x
}

func (x *tgame) editErr(text string) error {
	es, err := Rules{}.ParseEdits(text)
	if err != nil {
		x.t.Fatalf("parse edits %q: %v", text, err)
	}
	return x.pos.Edit(es)
}

func (x *tgame) parse(move string) []engine.Action {
	x.t.Helper()
	m, err := Rules{}.ParseMove(move)
	if err != nil {
		x.t.Fatalf("parse %q: %v", move, err)
	}
	return m
}

// try applies a move as an entry of seat, with forced dice.
func (x *tgame) try(seat, move string, dice ...int) ([]string, error) {
	x.t.Helper()
	return x.tb.apply(x.pos, seat, x.parse(move), dice...)
}

// do applies a move that must succeed.
func (x *tgame) do(seat, move string, dice ...int) []string {
	x.t.Helper()
	ev, err := x.try(seat, move, dice...)
	if err != nil {
		x.fatalf("%s %q: %v", seat, move, err)
	}
	return ev
}

// refuse checks that a move is refused for rule, changing nothing.
func (x *tgame) refuse(seat, move, rule string, dice ...int) *engine.RuleError {
	x.t.Helper()
	before := x.json()
	_, err := x.try(seat, move, dice...)
	var re *engine.RuleError
	if !errors.As(err, &re) {
		x.t.Fatalf("%s %q: got %v, want a refusal (%s)", seat, move, err, rule)
	}
	if rule != "" && re.Rule != rule {
		x.t.Fatalf("%s %q: refused for %s (%s), want %s", seat, move, re.Rule, re.Reason, rule)
	}
	if x.json() != before {
		x.t.Fatalf("%s %q: refused but the state changed", seat, move)
	}
	return re
}

// stateErr checks that a move fails with an *engine.StateError (exit 4).
func (x *tgame) stateErr(seat, move string) *engine.StateError {
	x.t.Helper()
	_, err := x.try(seat, move)
	var se *engine.StateError
	if !errors.As(err, &se) {
		x.t.Fatalf("%s %q: got %v, want a *engine.StateError", seat, move, err)
	}
	return se
}

func (x *tgame) json() string {
	b, err := json.Marshal(x.pos.State())
	if err != nil {
		x.t.Fatal(err)
	}
	return string(b)
}

func (x *tgame) st() *State { return x.g.State() }

// legal lists seat's legal actions as text (with the seat's next source).
func (x *tgame) legal(seat string) []string {
	var out []string
	for _, a := range x.pos.Legal(seat, x.tb.next(x.pos, seat)) {
		out = append(out, a.String())
	}
	return out
}

// hand returns seat's resource cards.
func (x *tgame) hand(seat string) Hand {
	c, _ := ParseColour(seat)
	return x.g.players[x.g.seatIndex(c)].hand
}

func (x *tgame) player(seat string) *player {
	c, _ := ParseColour(seat)
	return &x.g.players[x.g.seatIndex(c)]
}

func (x *tgame) vp(seat string) int {
	c, _ := ParseColour(seat)
	return x.g.vp(x.g.seatIndex(c))
}

// h parses a card list into a hand ("2 wool, 1 ore").
func h(t *testing.T, s string) Hand {
	t.Helper()
	if s == "" || s == "none" {
		return Hand{}
	}
	p := &moveParser{text: s, toks: engine.Lex(s)[0]}
	hand, err := p.cards()
	if err != nil {
		t.Fatalf("cards %q: %v", s, err)
	}
	return hand.Hand()
}

func (x *tgame) wantHand(seat, cards string) {
	x.t.Helper()
	if got, want := x.hand(seat), h(x.t, cards); got != want {
		x.fatalf("%s holds %s, want %s", seat, got, want)
	}
}

func (x *tgame) wantPhase(phase string, waiting ...string) {
	x.t.Helper()
	if x.pos.Phase() != phase {
		x.fatalf("phase %s, want %s", x.pos.Phase(), phase)
	}
	if waiting != nil && !slices.Equal(x.pos.Awaited(), waiting) {
		x.fatalf("waiting for %v, want %v", x.pos.Awaited(), waiting)
	}
}

// has reports whether any event contains sub.
func has(ev []string, sub string) bool {
	for _, e := range ev {
		if strings.Contains(e, sub) {
			return true
		}
	}
	return false
}

func mustPos(s string) board.Pos {
	p, err := board.ParsePos(s)
	if err != nil {
		panic(err)
	}
	return p
}

func mustEdge(s string) board.Edge {
	e, err := board.ParseEdge(s)
	if err != nil {
		panic(err)
	}
	return e
}

func mustCorner(s string) board.Corner {
	c, err := board.ParseCorner(s)
	if err != nil {
		panic(err)
	}
	return c
}

func itoa(n int) string { return strconv.Itoa(n) }
