package seafarers

import (
	"strconv"
	"strings"

	"github.com/elasund/elasund/engine/seafarers/board"
)

// The text map puts a hex of row r and column c with its centre column at
// x = 4c and its north corner on line y = 4r: a hex is 8 characters wide
// and rows are 4 lines apart, so that
//
//	    .              line y     the n corner (3 characters)
//	  /ROB\            line y+1   the robber
//	.  *6*  .          line y+2   the number; nw and ne corners
//	| hills |          line y+3   the terrain; w and e sides
//	.  D7   .          line y+4   the name; sw and se corners
//	  \   /            line y+5
//	    .              line y+6   the s corner
//
// A sea hex has no outline; its name, the pirate or fleet and its waves
// ("~~~") take the middle lines y+2 to y+4 that harbour labels leave free
// (textSea).
//
// Corners sit on even lines in cells three characters wide, edges on odd
// lines in one character; neither ever meets a hex's text.
const (
	textHexW = 4 // characters per column of the grid
	textRowH = 4 // lines per row of the grid
)

// canvas is a grid of characters that ignores writes off its edge.
type canvas struct {
	cells [][]rune
}

func newCanvas(w, h int) *canvas {
	c := &canvas{cells: make([][]rune, h)}
	for i := range c.cells {
		c.cells[i] = []rune(strings.Repeat(" ", w))
	}
	return c
}

// put writes s from x on line y.
func (c *canvas) put(x, y int, s string) {
	if y < 0 || y >= len(c.cells) {
		return
	}
	for _, r := range s {
		if x >= 0 && x < len(c.cells[y]) {
			c.cells[y][x] = r
		}
		x++
	}
}

// center writes s centred in the n cells from x.
func (c *canvas) center(x, y, n int, s string) {
	if len([]rune(s)) > n {
		s = string([]rune(s)[:n])
	}
	c.put(x+(n-len([]rune(s)))/2, y, s)
}

// at returns the character at x, y, or a space off the canvas.
func (c *canvas) at(x, y int) rune {
	if y < 0 || y >= len(c.cells) || x < 0 || x >= len(c.cells[y]) {
		return ' '
	}
	return c.cells[y][x]
}

// lines returns the drawn lines without the blank margin around them and
// without trailing spaces.
func (c *canvas) lines() []string {
	top, bottom := -1, -1
	left := -1
	for y, row := range c.cells {
		s := strings.TrimRight(string(row), " ")
		if s == "" {
			continue
		}
		if top < 0 {
			top = y
		}
		bottom = y
		if n := len([]rune(s)) - len([]rune(strings.TrimLeft(s, " "))); left < 0 || n < left {
			left = n
		}
	}
	if top < 0 {
		return nil
	}
	left = max(left-1, 0) // one column of margin
	var out []string
	for _, row := range c.cells[top : bottom+1] {
		out = append(out, strings.TrimRight(string(row[left:]), " "))
	}
	return out
}

// textOrigin is where position p's box starts on the canvas: its column
// and row scaled by textHexW and textRowH.
func textOrigin(p board.Pos) (x, y int) {
	return int(p.Col) * textHexW, int(p.Row) * textRowH
}

// textCorner is where a corner's cell is centred.
func textCorner(k board.Corner) (x, y int) {
	x, y = textOrigin(k.At)
	if k.V == board.VertexS {
		y += 6
	}
	return x, y
}

// textEdge is an edge's cell and the character that draws it.
func textEdge(e board.Edge) (x, y int, ch rune) {
	ends := e.Ends()
	x1, y1 := textCorner(ends[0])
	x2, y2 := textCorner(ends[1])
	ch = '|'
	switch {
	case x1 == x2:
	case (x2-x1)*(y2-y1) > 0:
		ch = '\\'
	default:
		ch = '/'
	}
	return (x1 + x2) / 2, (y1 + y2) / 2, ch
}

// outlined reports whether a hex is drawn with its outline: every board
// position but the sea, so that coasts stand out.
func outlined(h hexCell) bool { return h.terrain != board.Sea }

// mapLines draws the board as text (see textHexW).
func (m *model) mapLines() []string { return m.mapCanvas().lines() }

// mapCanvas draws the board on a canvas, position (0, 0) at its origin.
func (m *model) mapCanvas() *canvas {
	c := newCanvas((maxCol+2)*textHexW, (maxRow+2)*textRowH)
	// Outlines and empty corners of every hex but the sea.
	for _, h := range m.hexes {
		if !outlined(h) {
			continue
		}
		for _, e := range h.pos.Sides() {
			x, y, ch := textEdge(e)
			c.put(x, y, string(ch))
		}
		for _, k := range h.pos.Corners() {
			x, y := textCorner(k)
			c.put(x, y, ".")
		}
	}
	for _, h := range m.hexes {
		m.textHex(c, h)
	}
	// Harbours and gifts, inside the sea hex (or frame) beside their edge.
	for _, hb := range m.harbours {
		m.textSlot(c, hb.at, harbourLabel(hb.kind))
	}
	for _, g := range m.gifts {
		m.textSlot(c, g.at, giftLabel(g))
	}
	// Scenario marks on empty corners, then the pieces over them.
	for _, mc := range m.marks {
		x, y := textCorner(mc.Corner)
		c.put(x, y, map[board.CornerMark]string{board.Wasteland: "x", board.Strait: "=", board.Exclamation: "!"}[mc.Mark])
	}
	for _, l := range m.lone {
		x, y := textCorner(l.at)
		c.put(x-1, y, "("+strings.ToLower(letter(l.owner))+")")
	}
	for _, v := range m.villages {
		x, y := textCorner(v.at)
		c.put(x-1, y, "   ")
		c.put(x-1, y, "v"+strconv.Itoa(v.number))
	}
	for _, f := range m.fortresses {
		if f.chits <= 0 {
			continue
		}
		x, y := textCorner(f.at)
		c.put(x-1, y, letter(f.owner)+"#"+strconv.Itoa(min(f.chits, 9)))
	}
	for _, r := range m.roads {
		x, y, _ := textEdge(r.at)
		c.put(x, y, letter(r.owner))
	}
	for _, s := range m.ships {
		x, y, _ := textEdge(s.at)
		c.put(x, y, strings.ToLower(letter(s.owner)))
	}
	for _, s := range m.settlements {
		x, y := textCorner(s.at)
		c.put(x-1, y, " "+letter(s.owner)+" ")
	}
	for _, s := range m.cities {
		x, y := textCorner(s.at)
		c.put(x-1, y, "["+letter(s.owner)+"]")
	}
	return c
}

// textHex writes the inside of one hex: its name, number and terrain,
// and the robber, pirate or fleet. A land hex has its name below the
// terrain and the robber at its top; a sea hex (textSea) its name and the
// pirate or fleet in its middle lines.
func (m *model) textHex(c *canvas, h hexCell) {
	x, y := textOrigin(h.pos)
	tag := m.hexTag(h.pos)
	switch h.terrain {
	case board.Sea:
		m.textSea(c, h.pos, tag)
		return
	case board.Fog:
		word := "fog"
		if h.pending {
			word = "fog*"
		}
		c.center(x-3, y+3, 7, word)
		c.center(x-2, y+4, 5, h.pos.String())
	default:
		c.center(x-3, y+3, 7, terrainWord(h.terrain))
		c.center(x-2, y+4, 5, h.pos.String())
		if h.number > 0 {
			n := strconv.Itoa(h.number)
			if h.number == 6 || h.number == 8 {
				n = "*" + n + "*"
			}
			c.center(x-2, y+2, 5, n)
		}
	}
	if tag != "" {
		c.center(x-1, y+1, 3, tag)
	}
}

// hexTag is what stands on a hex: "ROB", "PIR", "FLT", or the first
// letters of several ("RP"); "" for nothing.
func (m *model) hexTag(p board.Pos) string {
	var tags []string
	if m.robber != nil && *m.robber == p {
		tags = append(tags, "ROB")
	}
	if m.pirate != nil && *m.pirate == p {
		tags = append(tags, "PIR")
	}
	if m.fleet != nil && *m.fleet == p {
		tags = append(tags, "FLT")
	}
	if len(tags) == 1 {
		return tags[0]
	}
	s := ""
	for _, t := range tags {
		s += t[:1]
	}
	return s
}

// textSea writes a sea hex's name, what stands on it and its waves in
// the middle of its three inner lines that no harbour or gift label
// beside a side takes, in that order: the top and bottom lines of a hex
// are shared with the names of the row above and below, so that anything
// written there reads as theirs. A name or tag without a free line goes
// to the top or the bottom line.
func (m *model) textSea(c *canvas, p board.Pos, tag string) {
	x, y := textOrigin(p)
	var free []int
	for _, slot := range []struct {
		dy   int
		dirs [2]board.Dir
	}{{2, [2]board.Dir{board.DirNE, board.DirNW}}, {3, [2]board.Dir{board.DirE, board.DirW}}, {4, [2]board.Dir{board.DirSE, board.DirSW}}} {
		if !m.sideSlot(p, slot.dirs[0]) && !m.sideSlot(p, slot.dirs[1]) {
			free = append(free, y+slot.dy)
		}
	}
	take := func(fallback int) int {
		if len(free) == 0 {
			return fallback
		}
		line := free[0]
		free = free[1:]
		return line
	}
	c.center(x-1, take(y+1), 3, p.String())
	if tag != "" {
		c.center(x-1, take(y+5), 3, tag)
	}
	if len(free) > 0 {
		c.put(x-1, free[0], "~~~")
	}
}

// sideSlot reports whether a harbour or gift label is drawn inside p
// beside its side d.
func (m *model) sideSlot(p board.Pos, d board.Dir) bool {
	e := board.SideOf(p, d)
	for _, hb := range m.harbours {
		if hb.at == e {
			return true
		}
	}
	for _, g := range m.gifts {
		if g.at == e {
			return true
		}
	}
	return false
}

// textSlot writes a three-letter label inside the sea hex (or frame
// position) beside a coastal edge, near that edge.
func (m *model) textSlot(c *canvas, e board.Edge, label string) {
	s := m.seaSide(e)
	if s == nil {
		return
	}
	land := e.A
	if land == *s {
		land = e.B
	}
	x, y := textOrigin(*s)
	switch s.DirTo(land) {
	case board.DirNE:
		c.put(x, y+2, label)
	case board.DirNW:
		c.put(x-2, y+2, label)
	case board.DirE:
		c.put(x+1, y+3, label)
	case board.DirW:
		c.put(x-3, y+3, label)
	case board.DirSE:
		c.put(x, y+4, label)
	case board.DirSW:
		c.put(x-2, y+4, label)
	}
}
