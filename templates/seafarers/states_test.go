package seafarers

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites the file with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading golden file (run go test -update): %v", err)
	}
	if string(got) == string(want) {
		return
	}
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < max(len(g), len(w)); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			t.Errorf("%s differs from the golden file (go test -update rewrites it) at line %d:\ngot:  %s\nwant: %s", name, i+1, gl, wl)
			return
		}
	}
}

// scenarioNames lists every scenario (S2).
var scenarioNames = []string{"base", "new-shores", "four-islands", "fog-island", "through-the-desert",
	"forgotten-tribe", "cloth-for-catan", "pirate-islands", "wonders-of-catan", "new-world"}

// diceSource is a sandbox source whose dice are forced: every roll shows
// d1 and d2 (the --dice of sandbox games).
type diceSource struct {
	*engine.Seeded
	dice [2]int
	n    *int
}

func forcedDice(seed uint64, d1, d2 int) *diceSource {
	return &diceSource{Seeded: engine.NewSeeded(seed), dice: [2]int{d1, d2}, n: new(int)}
}

func (s *diceSource) Intn(stream string, n int) int {
	if stream == "dice" && n == 6 {
		d := s.dice[*s.n%2]
		*s.n++
		return d - 1
	}
	return s.Seeded.Intn(stream, n)
}

func (s *diceSource) Clone() engine.Source {
	n := *s.n
	return &diceSource{Seeded: s.Seeded.Clone().(*engine.Seeded), dice: s.dice, n: &n}
}

// newGame starts a sandbox game of a scenario; its board is dealt from
// seed 1.
func newGame(t testing.TB, scenario string, seats ...string) engine.Position {
	t.Helper()
	setup := engine.Setup{Seats: seats, Choices: map[string]string{"scenario": scenario}, Sandbox: true}
	p, err := game.Rules{}.New(setup, engine.NewSeeded(1))
	if err != nil {
		t.Fatalf("new %s game: %v", scenario, err)
	}
	return p
}

// edit applies sandbox edits (topic edits), each line at once.
func edit(t testing.TB, p engine.Position, text string) {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		es, err := game.Rules{}.ParseEdits(line)
		if err != nil {
			t.Fatalf("parsing edits %q: %v", line, err)
		}
		if err := p.Edit(es); err != nil {
			t.Fatalf("edit %q: %v", line, err)
		}
	}
}

// play applies moves of seats: "red: roll; build road C6-D7".
func play(t testing.TB, p engine.Position, src engine.Source, moves ...string) []string {
	t.Helper()
	var events []string
	for _, mv := range moves {
		seat, text, _ := strings.Cut(mv, ":")
		m, err := game.Rules{}.ParseMove(text)
		if err != nil {
			t.Fatalf("parsing %q: %v", mv, err)
		}
		ev, err := p.Apply(strings.TrimSpace(seat), m, src)
		if err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
		events = append(events, ev...)
	}
	return events
}

// listed reports whether a move "seat: action" is among the seat's legal
// actions now.
func listed(p engine.Position, mv string) bool {
	seat, action, _ := strings.Cut(mv, ":")
	for _, a := range p.Legal(strings.TrimSpace(seat), nil) {
		if a.String() == strings.TrimSpace(action) {
			return true
		}
	}
	return false
}

// fixture is a named position for golden files and layout checks.
type fixture struct {
	name  string
	build func(t testing.TB) engine.Position
}

var fixtures = []fixture{
	{"new-shores-start", func(t testing.TB) engine.Position {
		return newGame(t, "new-shores", "red", "blue", "white", "orange")
	}},
	{"four-islands-offer", fourIslands},
	{"four-islands-seven", fourIslandsSeven},
	{"four-islands-late", fourIslandsLate},
	{"new-shores-gold", newShoresGold},
	{"pirate-islands", pirateIslands},
	{"cloth-for-catan", clothForCatan},
	{"wonders-of-catan", wondersOfCatan},
	{"forgotten-tribe", forgottenTribe},
	{"fog-island", fogIsland},
	{"base-over", baseOver},
}

// fourIslandsBoard is a four-seat game of the four islands in the middle
// of play: every kind of piece, both special cards, chits and cards.
func fourIslandsBoard(t testing.TB) engine.Position {
	p := newGame(t, "four-islands", "red", "blue", "white", "orange")
	edit(t, p, `turn red roll
place city C10.s red
place settlement B9.s red
place settlement D11.s red
place settlement E12.s red
place road C8-C10 red
place road C10-D9 red
place road D9-D11 red
place road D11-E10 red
place ship E10-E12 red
place ship E12-F11 red
home-islands red northeast
rewarded red southeast
chits red 1
place city B5.s blue
place settlement D3.s blue
place settlement E4.s blue
place road C4-C6 blue
place road C4-D5 blue
place road D3-D5 blue
place road D3-E4 blue
place ship E2-E4 blue
place ship E4-F3 blue
home-islands blue northwest
rewarded blue southwest
chits blue 1
place city F5.s white
place settlement H7.n white
place road F5-G6 white
place road F7-G6 white
place road G6-G8 white
home-islands white southwest
place city G8.n orange
place settlement G4.s orange
place road G4-H5 orange
place ship F7-G8 orange
place ship F7-F9 orange
place ship E8-F9 orange
home-islands orange southwest
card red knight got 1
card red victory-point got 1
card blue road-building got 1
card blue monopoly got 1
card white knight played
card white knight played
card white knight played
largest-army white
robber C10
pirate G10
hand red 2 brick, 1 lumber, 1 wool, 3 grain, 2 ore
hand blue 2 lumber, 3 wool, 1 ore
hand white 1 brick, 2 grain
hand orange 1 ore`)
	play(t, p, nil, "orange: orders gold ore grain; orders trade decline")
	return p
}

// fourIslands is fourIslandsBoard after red's roll of 2+3, with red's
// offer open: blue has not answered, white declined.
func fourIslands(t testing.TB) engine.Position {
	p := fourIslandsBoard(t)
	play(t, p, forcedDice(1, 2, 3), "red: roll", "red: offer 1 grain for 1 wool to blue, white")
	return p
}

// fourIslandsLate is fourIslandsBoard three rounds later, each seat
// rolling and building what it can, with red's offer open again: the
// picture of docs/seafarers-board.png.
func fourIslandsLate(t testing.TB) engine.Position {
	p := fourIslandsBoard(t)
	edit(t, p, `hand red 3 brick, 2 lumber, 1 wool, 4 grain, 4 ore
hand blue 3 brick, 4 lumber, 4 wool, 2 grain, 1 ore
hand white 2 brick, 2 lumber, 2 grain`)
	rolls := [][2]int{{4, 4}, {5, 6}, {2, 3}, {6, 3}, {1, 4}, {5, 5}, {3, 1}, {6, 2}, {4, 6}, {2, 2}, {3, 6}, {5, 1}}
	moves := map[int][]string{
		1: {"blue: build ship E2-F3", "blue: build settlement E2.s"},
		2: {"white: build road G4-G6"},
		4: {"red: build road B9-C8"},
		8: {"red: build city D11.s"},
		9: {"blue: build road C4-D3"},
	}
	seats := []string{"red", "blue", "white", "orange"}
	for i, r := range rolls {
		seat := seats[i%4]
		play(t, p, forcedDice(uint64(i+2), r[0], r[1]), seat+": roll")
		for _, mv := range moves[i] {
			if listed(p, mv) {
				play(t, p, nil, mv)
			}
		}
		play(t, p, nil, seat+": end")
	}
	play(t, p, forcedDice(99, 2, 3), "red: roll", "red: offer 1 grain for 1 ore to all")
	return p
}

// fourIslandsSeven is fourIslandsBoard after red's roll of 3+4: red and
// blue owe discards.
func fourIslandsSeven(t testing.TB) engine.Position {
	p := fourIslandsBoard(t)
	edit(t, p, "hand blue 2 lumber, 4 wool, 2 ore, 1 grain")
	play(t, p, forcedDice(1, 3, 4), "red: roll")
	return p
}

// newShoresGold is a three-seat game of new shores after red's roll of
// 1+2: red's settlement on the gold field owes a choice.
func newShoresGold(t testing.TB) engine.Position {
	p := newGame(t, "new-shores", "red", "blue", "orange")
	edit(t, p, `turn red roll
place settlement B7.n red
place settlement D7.n red
place road C6-D7 red
place ship C6-C8 red
place ship B7-C6 red
rewarded red northwest
chits red 1
place settlement F9.s blue
place city E6.n blue
place road F9-G8 blue
place road D5-E6 blue
place settlement G6.s orange
place settlement E10.s orange
place road G6-H5 orange
place road E10-F11 orange`)
	play(t, p, forcedDice(1, 1, 2), "red: roll")
	return p
}

// pirateIslands is a three-seat game of the pirate islands: warships, a
// fortress under attack, one captured.
func pirateIslands(t testing.TB) engine.Position {
	p := newGame(t, "pirate-islands", "red", "blue", "orange")
	edit(t, p, `turn blue trade
place ship G12-H11 red warship
place ship G10-H11 red
place ship B11-C12 blue warship
place ship B11-B13 blue warship
fortress red 2
place settlement D15.s red
place road D15-E16 red
place settlement F15.s blue
place road F15-G16 blue
place settlement C14.s orange
place road C14-D13 orange`)
	return p
}

// clothForCatan is a four-seat game of cloth for catan: villages with
// cloth and connections.
func clothForCatan(t testing.TB) engine.Position {
	p := newGame(t, "cloth-for-catan", "red", "blue", "white", "orange")
	edit(t, p, `turn orange build
place settlement C12.s red
place ship C12-D11 red
place ship D9-D11 red
connect D9.n red
village D9.n 3
cloth red 2
place settlement G4.n blue
place settlement C6.s white
place ship D5-D7 white
connect E6.n white
village E6.n 4
cloth white 1
place settlement G12.n orange
place road G12-H11 orange
robber D3`)
	return p
}

// wondersOfCatan is a three-seat game of the wonders with two wonders
// started.
func wondersOfCatan(t testing.TB) engine.Position {
	p := newGame(t, "wonders-of-catan", "red", "blue", "white")
	edit(t, p, `turn white trade
place city C8.s red
place city E10.n red
place settlement D7.s blue
place settlement B13.s white
wonder theater red 2
wonder great-wall blue 1`)
	return p
}

// forgottenTribe is a four-seat game of the forgotten tribe with some
// gifts taken and a harbour kept aside.
func forgottenTribe(t testing.TB) engine.Position {
	p := newGame(t, "forgotten-tribe", "red", "blue", "white", "orange")
	edit(t, p, `turn red build
place settlement D5.n red
place ship C4-D5 red
place ship B5-C4 red
gift A6-B5 none
harbours-aside red 3:1; gift A4-B5 none
chits red 1
place settlement F13.s blue
place ship F15-G14 blue`)
	return p
}

// fogIsland is a four-seat game of the fog island with two hexes
// explored.
func fogIsland(t testing.TB) engine.Position {
	p := newGame(t, "fog-island", "red", "blue", "white", "orange")
	edit(t, p, `turn white roll
explore C10 pasture 5
explore D11 sea
place settlement C8.s white
place ship C8-D9 white
place ship D9-D11 white`)
	return p
}

// baseOver is a three-seat base game that red has just won by building a
// city.
func baseOver(t testing.TB) engine.Position {
	p := newGame(t, "base", "red", "blue", "white")
	edit(t, p, `turn red trade
place settlement C6.n red
place settlement C10.n red
place city F5.s red
place city E12.s red
place road B5-C6 red
place road B9-C10 red
place road F5-G6 red
place road E12-F11 red
card red victory-point
card red victory-point
card red victory-point
place settlement D9.s blue
place settlement G10.s blue
place road D9-E10 blue
place settlement E4.s white
place road E4-F5 white
hand red 2 grain, 3 ore, 1 wool`)
	play(t, p, nil, "red: build city C6.n")
	return p
}

// fakePosition is a position of any state, for strange states: it only
// answers what the renderer asks.
type fakePosition struct {
	st    *game.State
	setup engine.Setup
}

func (f fakePosition) Game() engine.Game                           { return game.Rules{} }
func (f fakePosition) Setup() engine.Setup                         { return f.setup }
func (f fakePosition) State() engine.State                         { return f.st }
func (f fakePosition) Clone() engine.Position                      { return f }
func (f fakePosition) Turn() int                                   { return f.st.Turn }
func (f fakePosition) Current() string                             { return f.st.Current }
func (f fakePosition) Phase() string                               { return f.st.Phase }
func (f fakePosition) Awaited() []string                           { return f.st.WaitingFor }
func (f fakePosition) Owed() []engine.Owed                         { return nil }
func (f fakePosition) Over() bool                                  { return f.st.Phase == "over" }
func (f fakePosition) Winners() []string                           { return nil }
func (f fakePosition) Dice() []int                                 { return nil }
func (f fakePosition) BeginsTurn(string) bool                      { return false }
func (f fakePosition) Legal(string, engine.Source) []engine.Action { return nil }
func (f fakePosition) Check() error                                { return nil }
func (f fakePosition) Edit([]engine.Edit) error                    { return nil }
func (f fakePosition) Apply(string, []engine.Action, engine.Source) ([]string, error) {
	return nil, nil
}
