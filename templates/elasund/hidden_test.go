package elasund

import (
	"strconv"
	"strings"
	"testing"

	game "github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/templates"
)

// TestHiddenViews: with View.Hidden, a seat sees its own hand and the
// other seats' hands as counts only, in the text board, the SVG board
// and Hand; the influence deck shows its size only (R31, R94). The open
// views are the goldens' and do not change.
func TestHiddenViews(t *testing.T) {
	cfg, st := fourPlayers(t)
	p := wrap(cfg, st)
	r := Renderer{}
	v := templates.View{Seat: "red", Hidden: true}
	text := r.Text(p, v)
	if open := r.Text(p, templates.View{Seat: "red"}); open != TextBoard(cfg, st) {
		t.Error("the open view of a seat differs from the onlooker's")
	}
	for _, c := range []game.Colour{game.Red, game.Blue, game.Green, game.Yellow} {
		pl := st.Players[c]
		if pl == nil {
			continue
		}
		full := handText(cfg, game.Hand{Gold: pl.Gold, Influence: pl.Influence})
		if got := r.Hand(p, c.String(), v); (c == game.Red) != (got == full) {
			t.Errorf("Hand(%s) in red's hidden view = %q", c, got)
		}
		if c != game.Red && !strings.Contains(r.Hand(p, c.String(), v), "hidden") {
			t.Errorf("Hand(%s) = %q, want a count", c, r.Hand(p, c.String(), v))
		}
		line := "gold " + strconv.Itoa(pl.Gold) + "; influence " + influenceText(cfg, pl.Influence)
		if strings.Contains(text, line) != (c == game.Red) {
			t.Errorf("red's hidden text board shows %s's hand %v, want %v:\n%s", c, strings.Contains(text, line), c == game.Red, text)
		}
	}
	if strings.Contains(text, "influence deck "+influenceText(cfg, st.Supply.InfluenceDeck)) {
		t.Error("the hidden text board shows the influence deck's colours")
	}
	svg, err := r.SVG(p, v)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(svg), `class="hidden-hand"`); n != len(st.Players)-1 {
		t.Errorf("%d hidden hands in red's SVG, want %d", n, len(st.Players)-1)
	}
	open, err := r.SVG(p, templates.View{})
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := SVG(cfg, st); string(open) != string(want) {
		t.Error("the onlooker's SVG changed")
	}
}

func TestViewEvent(t *testing.T) {
	r := Renderer{}
	red := templates.View{Seat: "red", Hidden: true}
	for _, tc := range []struct {
		event string
		v     templates.View
		want  string
	}{
		{"blue +1 green (hut D4)", red, "blue +1 influence card (hut D4)"},
		{"red +1 green (hut D4)", red, "red +1 green (hut D4)"},
		{"blue +1 green (hut D4)", templates.View{Seat: "red"}, "blue +1 green (hut D4)"},
		{"blue +1 yellow (wall reward)", red, "blue +1 influence card (wall reward)"},
		{"blue draws blue (start)", red, "blue draws an influence card (start)"},
		{"blue +1 gold (cottage E8)", red, "blue +1 gold (cottage E8)"},
		{"blue discards gold 1; blue 1, green 0, yellow 0", red, "blue discards gold 1; blue 1, green 0, yellow 0"},
	} {
		if got := r.ViewEvent(nil, tc.event, tc.v); got != tc.want {
			t.Errorf("ViewEvent(%q, %+v) = %q, want %q", tc.event, tc.v, got, tc.want)
		}
	}
}
