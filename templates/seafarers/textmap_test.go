package seafarers

import (
	"testing"

	"github.com/elasund/elasund/engine/seafarers/board"
)

// TestPirateInsideItsHex: on the text map the pirate stands in the middle
// lines of its sea hex, never on a hex's top or bottom line, which it
// shares with the names of the next row ("F13 PIR F15", issue 20 item 5),
// and so does the sea hex's name (S43).
func TestPirateInsideItsHex(t *testing.T) {
	for _, sc := range []string{"new-shores", "four-islands"} {
		p := newGame(t, sc, "red", "blue", "white")
		m := readPosition(p)
		for _, h := range m.hexes {
			if h.terrain != board.Sea {
				continue
			}
			edit(t, p, "pirate "+h.pos.String())
			m := readPosition(p)
			c := m.mapCanvas()
			x, y := textOrigin(h.pos)
			pir, name := -1, -1
			for dy := 1; dy <= 5; dy++ {
				switch string(c.cells[y+dy][x-1 : x+2]) {
				case "PIR":
					pir = dy
				case centred(h.pos.String()):
					name = dy
				}
			}
			blocked := 0
			for _, d := range []board.Dir{board.DirNE, board.DirNW, board.DirE, board.DirW, board.DirSE, board.DirSW} {
				if m.sideSlot(h.pos, d) {
					blocked++
				}
			}
			if blocked <= 2 && (pir < 2 || pir > 4 || name < 2 || name > 4) {
				t.Errorf("%s: the pirate on %s is on line %d of its hex and its name on line %d, want both on lines 2-4 (S43)", sc, h.pos, pir, name)
			}
		}
	}
}

// centred is a name as the canvas centres it in three cells.
func centred(s string) string {
	for len(s) < 3 {
		s = s + " "
		if len(s) < 3 {
			s = " " + s
		}
	}
	return s
}
