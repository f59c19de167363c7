package seafarers

import (
	"fmt"
	"slices"
	"strings"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
	"github.com/elasund/elasund/templates"
)

var _ templates.GroupLister = Renderer{}

// ListGroup lists the groups of legal actions that choose a corner for a
// settlement or a city: a line a corner, with the hexes it touches (their
// number and its pips, the dots of the number token: how many of the 36
// rolls make it) and the harbour on one of its sides, so that the choice
// can be made from the list. The setup's placements ("place settlement")
// also say which pieces may go on a side of the corner; "elasund moves
// --all" names each side. Other groups are left to the shared listing.
func (Renderer) ListGroup(p engine.Position, key string, rests []string, width int) []string {
	if p == nil {
		return nil
	}
	switch key {
	case "place settlement", "build settlement", "build city":
	default:
		return nil
	}
	m := readPosition(p)
	var corners []board.Corner
	pieces := map[board.Corner][]string{}
	for _, rest := range rests {
		words := strings.Fields(rest)
		c, err := board.ParseCorner(words[0])
		if err != nil {
			return nil
		}
		if _, seen := pieces[c]; !seen {
			corners = append(corners, c)
			pieces[c] = []string{}
		}
		if len(words) > 1 && !slices.Contains(pieces[c], words[1]) {
			pieces[c] = append(pieces[c], words[1])
		}
	}
	head := key + " on a corner; each with the hexes it touches (number, pips) and its harbour:"
	if key == "place settlement" {
		head = "place settlement on a corner, then a road or ship on one of its sides (moves --all names each); each corner with the hexes it touches (number, pips) and its harbour:"
	}
	out := templates.Wrap{Width: float64(width), Indent: "    "}.Lines(head)
	for _, c := range corners {
		line := fmt.Sprintf("  %-6s %s", c, m.cornerNote(c))
		if ps := pieces[c]; len(ps) > 0 {
			slices.Sort(ps) // road before ship
			line = fmt.Sprintf("%-*s %s", max(width-14, 0), line, strings.Join(ps, " or "))
		}
		out = append(out, strings.TrimRight(line, " "))
	}
	return out
}

// cornerNote describes what a corner touches: its land hexes with their
// numbers and pips ("mount. 10 •••, pasture 2 •"), sea if nothing else,
// and the harbour on one of its sides.
func (m *model) cornerNote(c board.Corner) string {
	var hexes []string
	for _, pos := range c.Positions() {
		h, ok := m.hex(pos)
		if !ok || h.terrain == board.Sea {
			continue
		}
		s := terrainWord(h.terrain)
		if h.number > 0 {
			s += fmt.Sprintf(" %d %s", h.number, strings.Repeat("•", pips(h.number)))
		}
		hexes = append(hexes, s)
	}
	note := strings.Join(hexes, ", ")
	if note == "" {
		note = "sea"
	}
	for _, hb := range m.harbours {
		if hb.at.Joins(c) {
			note += "; " + harbourName(hb.kind)
		}
	}
	return note
}
