package seafarers

import (
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/engine/seafarers/board"
	"github.com/elasund/elasund/templates"
)

func TestTextBoard(t *testing.T) {
	for _, f := range fixtures {
		t.Run(f.name, func(t *testing.T) {
			got := TextBoard(f.build(t), templates.View{})
			checkWidth(t, got)
			golden(t, "text-"+f.name+".golden", []byte(got))
		})
	}
}

// TestTextBoardHidden checks the view of red in a game whose hands are
// hidden: red's own cards in full, the others' as counts only, and no
// breakdown of the unseen development cards.
func TestTextBoardHidden(t *testing.T) {
	p := fourIslands(t)
	got := TextBoard(p, templates.View{Seat: "red", Hidden: true})
	checkWidth(t, got)
	golden(t, "text-four-islands-hidden.golden", []byte(got))
	blue := section(got, "blue")
	for _, want := range []string{"7 cards (hidden)", "2 cards (hidden)", "5 VP shown"} {
		if !strings.Contains(blue, want) {
			t.Errorf("blue's holdings lack %q:\n%s", want, blue)
		}
	}
	for _, hidden := range []string{"monopoly", "road-building", "wool 3", "lumber 2", "brick 1"} {
		if strings.Contains(blue, hidden) {
			t.Errorf("blue's holdings show %q to red:\n%s", hidden, blue)
		}
	}
	// Red sees its own victory-point card among its points and cards.
	red := section(got, "red")
	for _, want := range []string{"9 VP", "knight, victory-point", "brick 2, lumber 1, wool 1, grain 3, ore 2"} {
		if !strings.Contains(red, want) {
			t.Errorf("red's holdings lack %q:\n%s", want, red)
		}
	}
	if strings.Contains(got, "knight 10") || strings.Contains(got, "monopoly 1") {
		t.Errorf("the hidden view breaks the unseen development cards down by kind")
	}
	// The orders of other seats are theirs alone.
	if strings.Contains(got, "orders:") {
		t.Errorf("the hidden view shows another seat's standing orders")
	}
}

// section returns the lines of a seat's holdings: its head line and the
// indented lines after it.
func section(text, seat string) string {
	var out []string
	in := false
	for _, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, seat+":") || strings.HasPrefix(l, seat+" ("):
			in = true
		case in && !strings.HasPrefix(l, "  "):
			in = false
		}
		if in {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestTextBoardPieces checks that every piece of a position stands on the
// map where its name says: a settlement's letter or a city's [R] on its
// corner, a road's letter or a ship's lower-case letter on its edge.
func TestTextBoardPieces(t *testing.T) {
	for _, f := range fixtures {
		t.Run(f.name, func(t *testing.T) {
			p := f.build(t)
			st := p.State().(*game.State)
			c := readPosition(p).mapCanvas()
			cornerText := func(at string) string {
				k, err := board.ParseCorner(at)
				if err != nil {
					t.Fatal(err)
				}
				x, y := textCorner(k)
				return string([]rune{c.at(x-1, y), c.at(x, y), c.at(x+1, y)})
			}
			edgeText := func(at string) string {
				e, err := board.ParseEdge(at)
				if err != nil {
					t.Fatal(err)
				}
				x, y, _ := textEdge(e)
				return string(c.at(x, y))
			}
			for _, s := range st.Pieces.Settlements {
				if got, want := cornerText(s.At), " "+letter(s.Owner)+" "; got != want {
					t.Errorf("settlement %s of %s: the map shows %q, want %q", s.At, s.Owner, got, want)
				}
			}
			for _, s := range st.Pieces.Cities {
				if got, want := cornerText(s.At), "["+letter(s.Owner)+"]"; got != want {
					t.Errorf("city %s of %s: the map shows %q, want %q", s.At, s.Owner, got, want)
				}
			}
			for _, r := range st.Pieces.Roads {
				if got, want := edgeText(r.At), letter(r.Owner); got != want {
					t.Errorf("road %s of %s: the map shows %q, want %q", r.At, r.Owner, got, want)
				}
			}
			for _, s := range st.Pieces.Ships {
				if got, want := edgeText(s.At), strings.ToLower(letter(s.Owner)); got != want {
					t.Errorf("ship %s of %s: the map shows %q, want %q", s.At, s.Owner, got, want)
				}
			}
			text := TextBoard(p, templates.View{})
			for _, h := range st.Board.Harbours {
				k, _ := board.ParseHarbourKind(h.Kind)
				if !strings.Contains(text, harbourLabel(k)) {
					t.Errorf("the map lacks the label %q of the harbour on %s", harbourLabel(k), h.At)
				}
			}
			if st.Board.Robber != nil && !strings.Contains(text, "ROB") {
				t.Errorf("the map does not show the robber on %s", *st.Board.Robber)
			}
			if st.Board.Pirate != nil && !strings.Contains(text, "PIR") {
				t.Errorf("the map does not show the pirate on %s", *st.Board.Pirate)
			}
		})
	}
}

// TestTextBoardScenarios draws the starting board of every scenario for
// three and four seats: every board position's name is on the map, and no
// line is wider than 80 columns.
func TestTextBoardScenarios(t *testing.T) {
	for _, sc := range scenarioNames {
		for _, seats := range seatings(sc) {
			t.Run(sc+"/"+strings.Join(seats, "-"), func(t *testing.T) {
				p := newGame(t, sc, seats...)
				got := TextBoard(p, templates.View{Seat: seats[0], Hidden: true})
				checkWidth(t, got)
				for _, h := range p.State().(*game.State).Board.Hexes {
					if !strings.Contains(got, h.At) {
						t.Errorf("the map lacks %s", h.At)
					}
				}
			})
		}
	}
}

// seatings are the seats to test a scenario with: three and four.
func seatings(sc string) [][]string {
	if sc == "pirate-islands" {
		return [][]string{{"red", "blue", "orange"}, {"red", "blue", "white", "orange"}}
	}
	return [][]string{{"red", "blue", "white"}, {"orange", "white", "blue", "red"}}
}

func TestTextBoardNoPosition(t *testing.T) {
	if got := TextBoard(nil, templates.View{}); !strings.Contains(got, "Catan: Seafarers") {
		t.Errorf("TextBoard(nil) = %q, want at least the title", got)
	}
	got := TextBoard(fakePosition{st: &game.State{Scenario: "four-islands"}}, templates.View{})
	if !strings.Contains(got, "D11") || !strings.Contains(got, "mount.") {
		t.Errorf("an empty four-islands state draws no board:\n%s", got)
	}
}

// checkWidth fails when a line is wider than 80 columns.
func checkWidth(t *testing.T, s string) {
	t.Helper()
	for i, line := range strings.Split(s, "\n") {
		if n := len([]rune(line)); n > textWidth {
			t.Errorf("line %d is %d columns wide: %q", i+1, n, line)
		}
	}
}

var _ engine.Position = fakePosition{}
