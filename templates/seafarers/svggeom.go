package seafarers

import (
	"math"
	"strconv"
	"strings"

	"github.com/elasund/elasund/engine/seafarers/board"
)

// The map's measures, in SVG user units. A hex of row r and column c has
// its centre at x = c·hexHW, y = r·hexRowH (plus the map's offset): hexes
// are pointy-topped with circumradius hexR, so corners and edges fall
// where their names say (BOARDS B1–B10).
const (
	hexR    = 64.0
	hexRowH = 1.5 * hexR
)

// hexHW is half a hex's width, the distance between two columns.
var hexHW = hexR * math.Sqrt(3) / 2

// The pieces' sizes (width × height of their boxes), chosen so that
// nothing that must stay apart can meet (svg_layout_test.go checks it):
// a building on a corner, a ship on an edge's midpoint, a number disc in a
// hex's centre, a harbour marker inside the sea hex beside its edge.
const (
	numberR     = 19.0 // the number disc
	markerR     = 15.0 // a harbour or gift marker
	markerIn    = 21.0 // a marker's distance from its sea hex's centre
	roadLen     = 38.0
	roadThick   = 8.0
	robberDX    = -30.0 // the robber's place beside the number disc
	robberDY    = 4.0
	hexNameY    = -38.0 // a hex's name, above its centre
	hexNameSize = 10.0
)

// pt is a point of the picture.
type pt struct{ X, Y float64 }

// add returns p moved by (dx, dy).
func (p pt) add(dx, dy float64) pt { return pt{p.X + dx, p.Y + dy} }

// geom places the grid on the picture.
type geom struct {
	ox, oy float64 // where the centre of position (0, 0) would be
}

// center is the centre of position p.
func (g geom) center(p board.Pos) pt {
	return pt{g.ox + float64(p.Col)*hexHW, g.oy + float64(p.Row)*hexRowH}
}

// corner is the point of a corner.
func (g geom) corner(k board.Corner) pt {
	c := g.center(k.At)
	if k.V == board.VertexS {
		return c.add(0, hexR)
	}
	return c.add(0, -hexR)
}

// edgeMid is the midpoint of an edge, and its two ends.
func (g geom) edgeMid(e board.Edge) (mid, a, b pt) {
	ends := e.Ends()
	a, b = g.corner(ends[0]), g.corner(ends[1])
	return pt{(a.X + b.X) / 2, (a.Y + b.Y) / 2}, a, b
}

// hexPoints is the outline of the hex centred at c with radius r.
func hexPoints(c pt, r float64) string {
	hw := r * math.Sqrt(3) / 2
	return points([]pt{
		c.add(0, -r), c.add(hw, -r/2), c.add(hw, r/2),
		c.add(0, r), c.add(-hw, r/2), c.add(-hw, -r/2),
	})
}

// bar is a rectangle of the given length and thickness centred on the
// segment a–b, as polygon points: a road along its edge.
func bar(a, b pt, length, thick float64) string {
	dx, dy := b.X-a.X, b.Y-a.Y
	n := math.Hypot(dx, dy)
	if n == 0 {
		return points([]pt{a})
	}
	ux, uy := dx/n, dy/n // along
	px, py := -uy, ux    // across
	m := pt{(a.X + b.X) / 2, (a.Y + b.Y) / 2}
	h, t := length/2, thick/2
	return points([]pt{
		m.add(-ux*h+px*t, -uy*h+py*t), m.add(ux*h+px*t, uy*h+py*t),
		m.add(ux*h-px*t, uy*h-py*t), m.add(-ux*h-px*t, -uy*h-py*t),
	})
}

// points writes polygon points: "1.5,2 3,4".
func points(ps []pt) string {
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(num(p.X))
		b.WriteByte(',')
		b.WriteString(num(p.Y))
	}
	return b.String()
}

// num writes a coordinate with at most one decimal.
func num(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "0"
	}
	return strconv.FormatFloat(math.Round(f*10)/10, 'f', -1, 64)
}

// box is a rectangle from X0, Y0 to X1, Y1.
type box struct{ X0, Y0, X1, Y1 float64 }

// around is the box of width w and height h centred at p.
func around(p pt, w, h float64) box { return box{p.X - w/2, p.Y - h/2, p.X + w/2, p.Y + h/2} }

func (a box) overlaps(b box) bool { return a.X0 < b.X1 && b.X0 < a.X1 && a.Y0 < b.Y1 && b.Y0 < a.Y1 }

// The boxes of the pieces the template draws centred on their point
// (files/board.svg.tmpl), for placing the pirate clear of them.
const (
	cityW   = 26.0 // a city, the largest building
	cityH   = 24.0
	shipW   = 24.0
	shipH   = 22.0
	pirateW = 30.0 // the pirate and the pirate fleet
	pirateH = 24.0
)
