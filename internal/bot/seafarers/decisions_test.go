package seafarers

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/internal/bot"
)

// afterSetup returns a sandbox game of scenario sc with three seats whose
// setup the heuristic players made, then the edits applied. In
// new-shores red holds H5.n and H9.n, blue D9.s and H7.n, white D7.s and
// G4.n.
func afterSetup(tb testing.TB, sc string, edits string) engine.Position {
	tb.Helper()
	setup := seatsFor(setupOf(sc, 3, nil))
	setup.Sandbox = true
	pos := newPosition(tb, setup, 1)
	players := playersOf(setup, []string{bot.LevelHeuristic}, 1)
	for pos.Phase() == "setup" {
		seat := pos.Awaited()[0]
		src := engine.NewSeeded(2)
		move, err := bot.Plan(pos, seat, src.Clone(), players[seat])
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := pos.Apply(seat, move, src); err != nil {
			tb.Fatal(err)
		}
	}
	edit(tb, pos, edits)
	return pos
}

// edit applies sandbox edits to pos or fails the test.
func edit(tb testing.TB, pos engine.Position, edits string) {
	tb.Helper()
	if edits == "" {
		return
	}
	es, err := game.ParseEdits(edits)
	if err != nil {
		tb.Fatal(err)
	}
	if err := game.Of(pos).Edit(es); err != nil {
		tb.Fatalf("edits %q: %v", edits, err)
	}
}

// apply applies a move by seat or fails the test.
func apply(tb testing.TB, pos engine.Position, seat, move string, src engine.Source) {
	tb.Helper()
	m, err := game.ParseMove(move)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := pos.Apply(seat, engine.Actions(m), src); err != nil {
		tb.Fatalf("%s: %q: %v", seat, move, err)
	}
}

// heuristicChoice returns the heuristic's choice for seat, checking that
// it applies.
func heuristicChoice(tb testing.TB, pos engine.Position, seat string, src engine.Source) string {
	tb.Helper()
	a, err := newHeuristic(1).Choose(pos, seat, src.Clone())
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := pos.Clone().Apply(seat, []engine.Action{a}, src.Clone()); err != nil {
		tb.Fatalf("the heuristic chose %q: %v", a, err)
	}
	return a.String()
}

// dice is a source whose dice roll the given numbers.
type dice struct {
	*engine.Seeded
	rolls []int
}

func (d *dice) Intn(stream string, n int) int {
	if stream == "dice" && len(d.rolls) > 0 {
		r := d.rolls[0]
		d.rolls = d.rolls[1:]
		return r - 1
	}
	return d.Seeded.Intn(stream, n)
}

func (d *dice) Clone() engine.Source {
	return &dice{Seeded: d.Seeded.Clone().(*engine.Seeded), rolls: slices.Clone(d.rolls)}
}

// TestHeuristicDecisions pins choices the strategy must make in built
// positions.
func TestHeuristicDecisions(t *testing.T) {
	tests := []struct {
		name  string
		sc    string
		edits string
		moves []string // moves red makes first
		dice  []int
		want  []string // any of these, or any of these followed by more words
	}{
		{
			name:  "a city before a road",
			sc:    "new-shores",
			edits: "turn red trade; hand red 1 brick, 1 lumber, 2 grain, 3 ore",
			want:  []string{"build city H5.n", "build city H9.n"},
		},
		{
			name:  "a maritime trade for the missing ore of a city",
			sc:    "new-shores",
			edits: "turn red trade; hand red 2 grain, 2 ore, 4 wool",
			want:  []string{"trade 4 wool for 1 ore", "trade 3 wool for 1 ore", "trade 2 wool for 1 ore"},
		},
		{
			name:  "the winning city",
			sc:    "new-shores",
			edits: "turn red trade; chits red 10; hand red 2 grain, 3 ore, 1 wool",
			want:  []string{"build city H5.n", "build city H9.n"},
		},
		{
			name:  "year of plenty completes a city",
			sc:    "new-shores",
			edits: "turn red trade; card red year-of-plenty; hand red 2 grain, 1 ore",
			want:  []string{"play year-of-plenty 2 ore"},
		},
		{
			name:  "the discard keeps a city",
			sc:    "new-shores",
			edits: "turn red roll; hand red 2 grain, 3 ore, 4 wool",
			moves: []string{"roll"},
			dice:  []int{3, 4},
			want:  []string{"discard 4 wool"},
		},
		{
			name:  "the theater with two cities",
			sc:    "wonders-of-catan",
			edits: "turn red trade",
			want:  []string{"wonder theater"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pos := afterSetup(t, tt.sc, tt.edits)
			if tt.sc == "wonders-of-catan" {
				g := game.Of(pos)
				var es []string
				for c := range g.Board().NumCorners() {
					if o, k := g.BuildingAt(c); o == game.Red && k == game.Settlement {
						es = append(es, fmt.Sprintf("remove %s; place city %s red", g.Board().Corner(c), g.Board().Corner(c)))
					}
				}
				edit(t, pos, strings.Join(es, "; "))
			}
			src := engine.Source(engine.NewSeeded(3))
			if tt.dice != nil {
				src = &dice{Seeded: engine.NewSeeded(3), rolls: tt.dice}
			}
			for _, m := range tt.moves {
				apply(t, pos, "red", m, src)
			}
			got := heuristicChoice(t, pos, "red", src)
			if !slices.ContainsFunc(tt.want, func(w string) bool { return got == w || strings.HasPrefix(got, w+" ") }) {
				t.Errorf("Choose = %q, want one of %q", got, tt.want)
			}
		})
	}
}

// TestRobberHitsLeader: red plays a knight while blue, two points from
// winning, has settlements on D9.s and H7.n. The robber goes on a hex of
// blue's, none of red's, and robs blue (S42, S44).
func TestRobberHitsLeader(t *testing.T) {
	pos := afterSetup(t, "new-shores", "turn red trade; card red knight; chits blue 9; hand blue 2 ore")
	src := engine.NewSeeded(3)
	apply(t, pos, "red", "play knight", src)
	a, err := newHeuristic(1).Choose(pos, "red", src.Clone())
	if err != nil {
		t.Fatal(err)
	}
	ga := a.(game.Action)
	g := game.Of(pos)
	b := g.Board()
	h := b.HexIndex(ga.Hex)
	blue := false
	for _, c := range b.HexCorners(h) {
		if c < 0 {
			continue
		}
		switch o, _ := g.BuildingAt(c); o {
		case game.Red:
			t.Errorf("Choose = %q: the robber on red's own hex", a)
		case game.Blue:
			blue = true
		}
	}
	if ga.Kind != game.ActRobber || !blue || ga.Seat != game.Blue {
		t.Errorf("Choose = %q, want the robber on a hex of blue's, robbing blue", a)
	}
}

// TestAnswers: red accepts an offer that gives it the brick its
// settlement lacks for a spare wool, and declines one that takes the
// wool it needs (S67, S68).
func TestAnswers(t *testing.T) {
	for _, tt := range []struct {
		redHand, offer, want string
	}{
		{"1 lumber, 3 wool, 1 grain", "offer 1 brick for 1 wool to red", "accept"},
		{"1 brick, 1 lumber, 1 wool, 1 grain", "offer 1 ore for 1 wool to red", "decline"},
	} {
		pos := afterSetup(t, "new-shores", "turn blue trade; hand blue 2 brick, 2 ore; hand red "+tt.redHand)
		src := engine.NewSeeded(3)
		apply(t, pos, "blue", tt.offer, src)
		if got := heuristicChoice(t, pos, "red", src); got != tt.want {
			t.Errorf("red holding %s, %q: Choose = %q, want %q", tt.redHand, tt.offer, got, tt.want)
		}
	}
}

// TestFortressAttack: red's chain of ships reaches its pirate fortress
// and four of them are warships: it attacks (S124), after building what
// it can, since the attack ends the turn.
func TestFortressAttack(t *testing.T) {
	pos := afterSetup(t, "pirate-islands", "")
	g := game.Of(pos)
	b := g.Board()
	var es []string
	war := 0
	for _, base := range b.PirateBases() {
		if base.Colour != "red" {
			continue
		}
		for _, e := range base.Route {
			if e == base.Ship {
				continue
			}
			w := ""
			if war < 4 {
				w, war = " warship", war+1
			}
			es = append(es, fmt.Sprintf("place ship %s red%s", e, w))
		}
	}
	edit(t, pos, strings.Join(es, "; ")+"; turn red trade; hand red none")
	if !slices.ContainsFunc(pos.Legal("red", nil), func(a engine.Action) bool { return a.(game.Action).Kind == game.ActAttack }) {
		t.Skip("the edited chain does not reach the fortress")
	}
	if got := heuristicChoice(t, pos, "red", engine.NewSeeded(3)); got != "attack" {
		t.Errorf("Choose = %q, want attack", got)
	}
}
