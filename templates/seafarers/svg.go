package seafarers

import (
	"embed"
	"fmt"
	"math"
	"strconv"
	"strings"
	"text/template"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/engine/seafarers/board"
	"github.com/elasund/elasund/templates"
)

//go:embed files
var files embed.FS

// The picture's measures around the map, in SVG user units.
const (
	svgPad        = 20.0
	svgTitleH     = 78.0  // the title lines above the map
	svgGap        = 28.0  // between the map and the panel
	svgPanelW     = 420.0 // the panel of seats, bank, status and scenario
	svgCardP      = 14.0  // a card's text margin
	svgLegend     = 94.0  // the legend under the map: terrains, then pieces
	svgLegendLine = 30.0  // one line of the legend
)

// SVG draws a Seafarers position as a standalone SVG picture, as the view
// v may see it: the hex map with terrain colours, number tokens, harbours,
// every piece in its seat's colour, the robber, the pirate and the
// scenario's marks; and beside it a panel with each seat's holdings and
// points, the bank, whose turn it is and what the game waits for, and the
// scenario's own state. Every piece has a stable id (hex-D7,
// settlement-D7.n, road-C8-D7, ship-C8-D7, harbour-C4-D5, robber, pirate,
// …). The picture scales to any width through its viewBox.
func SVG(p engine.Position, v templates.View) ([]byte, error) {
	return readPosition(p).svg(v)
}

func (m *model) svg(v templates.View) ([]byte, error) {
	doc := m.svgDoc(v)
	return templates.SVGBoard(svgTemplate, doc)
}

var svgTemplate = template.Must(template.New("svg").Funcs(template.FuncMap{
	"x": templates.XMLText,
	"n": num,
	"pawns": func(ps ...*svgPawn) []*svgPawn {
		var out []*svgPawn
		for _, p := range ps {
			if p != nil {
				out = append(out, p)
			}
		}
		return out
	},
}).ParseFS(files, "files/board.svg.tmpl"))

// palette is the ink of one seat colour: its fill, its dark outline, and
// the text that reads on the fill.
type palette struct{ Fill, Dark, Text string }

var seatPalettes = map[game.Colour]palette{
	game.Red:    {"#d7322b", "#7a1410", "#ffffff"},
	game.Blue:   {"#2c5fc9", "#12306e", "#ffffff"},
	game.White:  {"#f7f5ef", "#2e2e2e", "#222222"},
	game.Orange: {"#f28a1e", "#874000", "#2b1600"},
}

// seatPalette is the palette of a seat; grey for a name that is no colour.
func seatPalette(seat string) palette {
	c, err := game.ParseColour(seat)
	if p, ok := seatPalettes[c]; ok && err == nil {
		return p
	}
	return palette{"#9e9e9e", "#424242", "#ffffff"}
}

// terrainStyle is how a terrain is painted: its gradient's two colours,
// the pattern laid over it, and the ink of text on it.
type terrainStyle struct {
	Light, Dark string
	Ink         string
}

var terrainStyles = map[board.Terrain]terrainStyle{
	board.Fields:    {"#eccb68", "#c89321", "#4a3500"},
	board.Hills:     {"#d9774c", "#a8472a", "#ffffff"},
	board.Mountains: {"#b4b8bd", "#80868d", "#1f2428"},
	board.Pasture:   {"#bfe68a", "#8fc95a", "#23400c"},
	board.Forest:    {"#3f8f48", "#1f5a2a", "#e8f5e2"},
	board.Gold:      {"#fff687", "#ffc400", "#4a3500"},
	board.Desert:    {"#f2e3b8", "#dcc68c", "#5a4a22"},
	board.Sea:       {"#5aa6e0", "#2f7cc0", "#e6f2fb"},
	board.Fog:       {"#f4f6f8", "#cdd3da", "#4d5862"},
	board.Unknown:   {"#d6d6d6", "#a9a9a9", "#333333"},
}

func styleOf(t board.Terrain) terrainStyle {
	if s, ok := terrainStyles[t]; ok {
		return s
	}
	return terrainStyles[board.Unknown]
}

// harbourInk is a harbour marker's fill and text colour.
func harbourInk(k board.HarbourKind) (fill, ink string) {
	switch k {
	case board.HarbourBrick:
		return "#c8603a", "#ffffff"
	case board.HarbourLumber:
		return "#2f7a3a", "#ffffff"
	case board.HarbourWool:
		return "#b5e07e", "#23400c"
	case board.HarbourGrain:
		return "#efcb4d", "#4a3500"
	case board.HarbourOre:
		return "#8f959c", "#ffffff"
	case board.Harbour3to1:
		return "#ffffff", "#2b2118"
	}
	return "#d6d6d6", "#333333"
}

// resourceInk is the colour of a resource's cards and its text.
func resourceInk(r game.Resource) (fill, ink string) {
	return harbourInk(board.HarbourKind(r))
}

// The view model: everything the template draws, already placed.

type svgDoc struct {
	W, H            float64
	Title, Subtitle string
	Desc            string
	Dice            []svgDie
	MapX, MapY      float64
	MapW, MapH      float64
	Styles          []svgStyle
	Frame           []svgHex
	Hexes           []svgHex
	FleetPath       string
	Piers           []svgLine
	Harbours        []svgMarker
	Gifts           []svgMarker
	Marks           []svgCornerMark
	Lone            []svgLone
	Numbers         []svgNumber
	Names           []svgLabel
	Roads           []svgRoad
	Ships           []svgShip
	Villages        []svgVillage
	Fortresses      []svgFortress
	Settlements     []svgBuilding
	Cities          []svgBuilding
	Robber          *svgPawn
	Pirate          *svgPawn
	Fleet           *svgPawn
	Legend          []svgLegendItem
	Cards           []svgCard
}

// svgStyle is one terrain's gradient, by id.
type svgStyle struct {
	ID          string
	Light, Dark string
}

type svgHex struct {
	ID, Class string
	Points    string
	Fill      string // the gradient
	Pattern   string // the pattern id, or ""
	C         pt
	Mark      string // a big letter over the hex ("?" for fog)
	Ink       string
	Title     string
}

type svgLine struct{ A, B pt }

type svgMarker struct {
	ID, Class  string
	C          pt
	Fill, Ink  string
	Big, Small string
	Dashed     bool
	Title      string
}

type svgCornerMark struct {
	ID, Class string
	C         pt
	Fill      string
	Text      string
	Title     string
}

type svgLone struct {
	ID     string
	C      pt
	Stroke string
	Title  string
}

type svgNumber struct {
	ID    string
	C     pt
	Text  string
	Red   bool
	Pips  []pt
	Title string
}

type svgLabel struct {
	C    pt
	Text string
	Ink  string
}

type svgRoad struct {
	ID, Class  string
	Points     string
	Fill, Dark string
	Title      string
}

type svgShip struct {
	ID, Class  string
	C          pt
	Fill, Dark string
	Warship    bool
	Title      string
}

type svgVillage struct {
	ID          string
	C           pt
	Number      int
	Cloth       int
	BadgeDY     float64 // the cloth badge's top, below (or above) the corner
	BadgeTextDY float64
	Title       string
}

type svgFortress struct {
	ID         string
	C          pt
	Fill, Dark string
	Ink        string
	Chits      int
	Title      string
}

type svgBuilding struct {
	ID, Class  string
	C          pt
	Fill, Dark string
	Title      string
}

type svgPawn struct {
	ID, Class string
	C         pt
	Title     string
}

// svgLegendItem is one entry of the legend: a terrain's swatch, or a
// piece or marker drawn as on the map (Kind: terrain, settlement, city,
// road, ship, robber, pirate, harbour), and its words.
type svgLegendItem struct {
	Kind       string
	Points     string // a terrain's swatch
	C          pt     // where a piece or marker is drawn
	Fill, Dark string
	Ink        string // a harbour's text
	Big, Small string // a harbour's words
	Label      pt
	Text       string
}

type svgDie struct {
	X, Y float64
	Pips []pt
}

// svgCard is one card of the panel: a frame and what is drawn on it.
type svgCard struct {
	ID, Class  string
	X, Y, W, H float64
	Stroke     string
	Head       string // the path of the coloured head band, for seats
	HeadFill   string
	Rects      []svgRect
	Texts      []svgText
	Icons      []svgIcon
}

type svgRect struct {
	X, Y, W, H  float64
	RX          float64
	Fill        string
	Stroke      string
	StrokeWidth float64
}

type svgText struct {
	X, Y   float64
	Size   float64
	Bold   bool
	Anchor string // "start", "middle", "end"
	Fill   string
	Text   string
}

// svgIcon is a small piece drawn in the panel: "settlement", "city",
// "road", "ship", "die".
type svgIcon struct {
	Kind       string
	C          pt
	Fill, Dark string
}

// svgDoc places everything.
func (m *model) svgDoc(v templates.View) *svgDoc {
	d := &svgDoc{}
	d.title(m)
	g := d.layoutMap(m)
	d.board(m, g)
	d.pieces(m, g)
	d.legend(m)
	d.panel(m, v)
	return d
}

// title writes the two title lines and the dice.
func (d *svgDoc) title(m *model) {
	d.Title = "Catan: Seafarers"
	if m.sc != board.NoScenario {
		d.Title += " — " + scenarioTitle(m.sc)
	}
	st := m.st
	var parts []string
	switch {
	case st.Phase == "over":
		s := fmt.Sprintf("Game over after turn %d", st.Turn)
		if st.Winner != nil {
			s += ": " + capital(seatName(*st.Winner)) + " wins"
		}
		parts = append(parts, s)
	case st.Setup != nil:
		parts = append(parts, fmt.Sprintf("Setup, round %d: %s places", st.Setup.Round, capital(seatName(st.Current))))
	default:
		parts = append(parts, fmt.Sprintf("Turn %d: %s to move", st.Turn, capital(seatName(st.Current))),
			"phase "+phaseText(st.Phase))
	}
	if m.sc != board.NoScenario {
		parts = append(parts, "to win: "+targetText(m.sc, m.opts))
	}
	d.Subtitle = strings.Join(parts, " · ")
	d.Desc = d.Title + ". " + d.Subtitle + "."
}

// layoutMap sizes the map from its hexes and frame and returns the grid's
// placement.
func (d *svgDoc) layoutMap(m *model) geom {
	minC, maxC, minR, maxR := 0, 0, 0, 0
	first := true
	grow := func(p board.Pos) {
		r, c := int(p.Row), int(p.Col)
		if first {
			minC, maxC, minR, maxR = c, c, r, r
			first = false
			return
		}
		minC, maxC = min(minC, c), max(maxC, c)
		minR, maxR = min(minR, r), max(maxR, r)
	}
	for _, h := range m.hexes {
		grow(h.pos)
	}
	for _, p := range m.frame {
		grow(p)
	}
	d.MapX, d.MapY = svgPad, svgPad+svgTitleH
	if first {
		d.MapW, d.MapH = 600, 400
		return geom{ox: d.MapX + 300, oy: d.MapY + 200}
	}
	d.MapW = float64(maxC-minC+2) * hexHW
	d.MapH = float64(maxR-minR)*hexRowH + 2*hexR
	return geom{
		ox: d.MapX - float64(minC-1)*hexHW,
		oy: d.MapY + hexR - float64(minR)*hexRowH,
	}
}

// board draws the frame, the hexes, number discs, names, harbours, gifts
// and the scenario's marks.
func (d *svgDoc) board(m *model, g geom) {
	used := map[board.Terrain]bool{}
	for _, p := range m.frame {
		d.Frame = append(d.Frame, svgHex{ID: "frame-" + p.String(), Class: "frame",
			Points: hexPoints(g.center(p), hexR), C: g.center(p)})
	}
	for _, h := range m.hexes {
		c := g.center(h.pos)
		t := h.terrain
		if _, ok := terrainStyles[t]; !ok {
			t = board.Unknown
		}
		used[t] = true
		s := styleOf(t)
		x := svgHex{ID: "hex-" + h.pos.String(), Class: "hex " + t.String(),
			Points: hexPoints(c, hexR-1), Fill: "url(#t-" + t.String() + ")",
			Pattern: "url(#p-" + t.String() + ")", C: c, Ink: s.Ink,
			Title: h.pos.String() + ": " + terrainName(t)}
		switch t {
		case board.Fog:
			x.Mark = "?"
			x.Title += " (unexplored)"
			if h.pending {
				x.Class += " pending"
				x.Title += ", its exploration is a pending sealed draw"
			}
		case board.Unknown:
			x.Mark = "?"
		}
		if h.number > 0 && t != board.Sea && t != board.Fog {
			x.Title += fmt.Sprintf(", %d", h.number)
			d.Numbers = append(d.Numbers, newNumber(h, c))
		}
		d.Hexes = append(d.Hexes, x)
		d.Names = append(d.Names, svgLabel{C: c.add(0, hexNameY), Text: h.pos.String(), Ink: s.Ink})
	}
	for t := board.Fields; t <= board.Unknown; t++ {
		if s, ok := terrainStyles[t]; ok {
			d.Styles = append(d.Styles, svgStyle{ID: "t-" + t.String(), Light: s.Light, Dark: s.Dark})
		}
	}
	for _, hb := range m.harbours {
		mk, ok := m.marker(g, hb.at)
		if !ok {
			continue
		}
		fill, ink := harbourInk(hb.kind)
		big, small := harbourWords(hb.kind)
		d.Harbours = append(d.Harbours, svgMarker{ID: "harbour-" + hb.at.String(), Class: "harbour " + kindClass(hb.kind),
			C: mk, Fill: fill, Ink: ink, Big: big, Small: small, Title: harbourName(hb.kind) + " on " + hb.at.String()})
		d.piers(g, hb.at, mk)
	}
	for _, gf := range m.gifts {
		mk, ok := m.marker(g, gf.at)
		if !ok {
			continue
		}
		x := svgMarker{ID: "gift-" + gf.at.String(), C: mk, Dashed: true,
			Title: giftName(gf) + " on " + gf.at.String() + ", for the first ship there"}
		switch gf.kind {
		case board.GiftSVP:
			x.Class, x.Fill, x.Ink, x.Big, x.Small = "gift svp", "#fff1b8", "#6b4a00", "+1", "VP"
		case board.GiftCard:
			x.Class, x.Fill, x.Ink, x.Big, x.Small = "gift card", "#e8dcf5", "#3e2a66", "dev", "card"
		default:
			x.Class = "gift harbour " + kindClass(gf.harbour)
			x.Fill, x.Ink = harbourInk(gf.harbour)
			x.Big, x.Small = harbourWords(gf.harbour)
		}
		d.Gifts = append(d.Gifts, x)
	}
	for _, mc := range m.marks {
		x := svgCornerMark{ID: "mark-" + mc.Corner.String(), Class: "mark " + mc.Mark.String(), C: g.corner(mc.Corner)}
		switch mc.Mark {
		case board.Wasteland:
			x.Fill, x.Title = "#8b5a2b", "wasteland corner (Great Wall)"
		case board.Strait:
			x.Fill, x.Title = "#7b3fa0", "strait corner (Great Bridge)"
		default:
			x.Fill, x.Text, x.Title = "#d0342c", "!", "no setup settlement here"
		}
		d.Marks = append(d.Marks, x)
	}
	for _, l := range m.lone {
		d.Lone = append(d.Lone, svgLone{ID: "lone-" + l.at.String(), C: g.corner(l.at),
			Stroke: seatPalette(l.owner).Dark, Title: seatName(l.owner) + "'s marked corner for its lone settlement"})
	}
	if len(m.fleetPath) > 1 {
		ps := make([]pt, 0, len(m.fleetPath)+1)
		for _, p := range m.fleetPath {
			ps = append(ps, g.center(p))
		}
		ps = append(ps, ps[0])
		d.FleetPath = points(ps)
	}
}

// newNumber draws a number token: the number and its pips, 6 and 8 red.
func newNumber(h hexCell, c pt) svgNumber {
	n := svgNumber{ID: "number-" + h.pos.String(), C: c, Text: strconv.Itoa(h.number),
		Red: h.number == 6 || h.number == 8, Title: fmt.Sprintf("number %d on %s", h.number, h.pos)}
	k := pips(h.number)
	for i := 0; i < k; i++ {
		n.Pips = append(n.Pips, c.add((float64(i)-float64(k-1)/2)*4.6, 11))
	}
	return n
}

// harbourWords are the two lines of a harbour marker.
func harbourWords(k board.HarbourKind) (big, small string) {
	switch k {
	case board.Harbour3to1:
		return "3:1", "any"
	case board.HarbourUnknown, board.NoHarbour:
		return "?", "harbour"
	}
	return "2:1", k.String()
}

// kindClass is a harbour kind as a class name.
func kindClass(k board.HarbourKind) string {
	switch k {
	case board.Harbour3to1:
		return "any"
	case board.HarbourUnknown, board.NoHarbour:
		return "unknown"
	}
	return k.String()
}

// marker is where a marker for a coastal edge goes: inside the sea hex
// (or frame position) beside it, markerIn from that hex's centre toward
// the edge.
func (m *model) marker(g geom, e board.Edge) (pt, bool) {
	s := m.seaSide(e)
	if s == nil {
		return pt{}, false
	}
	c := g.center(*s)
	mid, _, _ := g.edgeMid(e)
	dx, dy := mid.X-c.X, mid.Y-c.Y
	n := math.Hypot(dx, dy)
	if n == 0 {
		return c, true
	}
	return c.add(dx/n*markerIn, dy/n*markerIn), true
}

// piers draws a harbour's two piers, from its marker to its corners.
func (d *svgDoc) piers(g geom, e board.Edge, mk pt) {
	_, a, b := g.edgeMid(e)
	d.Piers = append(d.Piers, svgLine{mk, a}, svgLine{mk, b})
}

// pieces draws the roads, ships, buildings, the scenario's pieces, the
// robber, the pirate and the fleet.
func (d *svgDoc) pieces(m *model, g geom) {
	for _, r := range m.roads {
		_, a, b := g.edgeMid(r.at)
		p := seatPalette(r.owner)
		d.Roads = append(d.Roads, svgRoad{ID: "road-" + r.at.String(), Class: "road owner-" + seatName(r.owner),
			Points: bar(a, b, roadLen, roadThick), Fill: p.Fill, Dark: p.Dark,
			Title: seatName(r.owner) + "'s road on " + r.at.String()})
	}
	for _, s := range m.ships {
		mid, _, _ := g.edgeMid(s.at)
		p := seatPalette(s.owner)
		x := svgShip{ID: "ship-" + s.at.String(), Class: "ship owner-" + seatName(s.owner), C: mid,
			Fill: p.Fill, Dark: p.Dark, Warship: s.warship, Title: seatName(s.owner) + "'s ship on " + s.at.String()}
		if s.warship {
			x.Class += " warship"
			x.Title = seatName(s.owner) + "'s warship on " + s.at.String()
		}
		d.Ships = append(d.Ships, x)
	}
	for _, v := range m.villages {
		c := g.corner(v.at)
		// The cloth badge lies east of the village, clear of the edges
		// that meet there: above the line of a north corner, below that
		// of a south one.
		dy := -17.0
		if v.at.V == board.VertexS {
			dy = 3
		}
		d.Villages = append(d.Villages, svgVillage{ID: "village-" + v.at.String(), C: c, Number: v.number,
			Cloth: v.cloth, BadgeDY: dy, BadgeTextDY: dy + 10.5,
			Title: fmt.Sprintf("village %d on %s with %s", v.number, v.at, plural(v.cloth, "cloth", "cloth"))})
	}
	for _, f := range m.fortresses {
		if f.chits <= 0 {
			continue // captured: its settlement is among the settlements
		}
		p := seatPalette(f.owner)
		d.Fortresses = append(d.Fortresses, svgFortress{ID: "fortress-" + f.at.String(), C: g.corner(f.at),
			Fill: p.Fill, Dark: p.Dark, Ink: p.Text, Chits: f.chits,
			Title: fmt.Sprintf("%s's pirate fortress on %s, %s left", seatName(f.owner), f.at, plural(f.chits, "chit", "chits"))})
	}
	for _, s := range m.settlements {
		p := seatPalette(s.owner)
		d.Settlements = append(d.Settlements, svgBuilding{ID: "settlement-" + s.at.String(),
			Class: "settlement owner-" + seatName(s.owner), C: g.corner(s.at), Fill: p.Fill, Dark: p.Dark,
			Title: seatName(s.owner) + "'s settlement on " + s.at.String()})
	}
	for _, s := range m.cities {
		p := seatPalette(s.owner)
		d.Cities = append(d.Cities, svgBuilding{ID: "city-" + s.at.String(),
			Class: "city owner-" + seatName(s.owner), C: g.corner(s.at), Fill: p.Fill, Dark: p.Dark,
			Title: seatName(s.owner) + "'s city on " + s.at.String()})
	}
	if m.robber != nil {
		c := g.center(*m.robber).add(robberDX, robberDY)
		d.Robber = &svgPawn{ID: "robber", Class: "robber", C: c, Title: "the robber on " + m.robber.String()}
	}
	if m.pirate != nil {
		c := d.freeSpot(m, g, *m.pirate, pirateW, pirateH)
		d.Pirate = &svgPawn{ID: "pirate", Class: "pirate", C: c, Title: "the pirate on " + m.pirate.String()}
	}
	if m.fleet != nil {
		c := d.freeSpot(m, g, *m.fleet, pirateW, pirateH)
		d.Fleet = &svgPawn{ID: "fleet", Class: "fleet", C: c, Title: "the pirate fleet on " + m.fleet.String()}
	}
}

// freeSpot is a place for a piece of w × h in hex p that keeps clear of
// what is drawn there already: its name, number, markers, and the pieces
// on its sides and corners. The centre is preferred.
func (d *svgDoc) freeSpot(m *model, g geom, p board.Pos, w, h float64) pt {
	c := g.center(p)
	var busy []box
	for _, n := range d.Numbers {
		if n.C == c {
			busy = append(busy, around(n.C, 2*numberR, 2*numberR))
		}
	}
	for _, l := range d.Names {
		if l.C == c.add(0, hexNameY) {
			busy = append(busy, nameBox(l))
		}
	}
	near := func(q pt, r float64) bool { return math.Hypot(q.X-c.X, q.Y-c.Y) < r }
	for _, mk := range append(append([]svgMarker(nil), d.Harbours...), d.Gifts...) {
		if near(mk.C, hexR) {
			busy = append(busy, around(mk.C, 2*markerR, 2*markerR))
		}
	}
	for _, s := range d.Ships {
		if near(s.C, hexR) {
			busy = append(busy, around(s.C, shipW, shipH))
		}
	}
	for _, b := range append(append([]svgBuilding(nil), d.Settlements...), d.Cities...) {
		if near(b.C, hexR+1) {
			busy = append(busy, around(b.C, cityW, cityH))
		}
	}
	for _, r := range d.Roads {
		for _, q := range polyPoints(r.Points) {
			if near(q, hexR) {
				busy = append(busy, around(q, 2, 2))
			}
		}
	}
	for _, off := range []pt{{0, 0}, {0, 22}, {0, -20}, {-22, 0}, {22, 0}, {0, 30},
		{-18, 18}, {18, 18}, {-18, -16}, {18, -16}, {-26, 8}, {26, 8}, {-26, -8}, {26, -8}} {
		q := c.add(off.X, off.Y)
		b := around(q, w, h)
		free := true
		for _, o := range busy {
			if b.overlaps(o) {
				free = false
				break
			}
		}
		if free {
			return q
		}
	}
	return c
}

// nameBox is where a hex's name is drawn.
func nameBox(l svgLabel) box {
	w := float64(len([]rune(l.Text))) * 0.62 * hexNameSize
	return box{l.C.X - w/2, l.C.Y - 0.76*hexNameSize, l.C.X + w/2, l.C.Y + 0.24*hexNameSize}
}

// polyPoints reads polygon points back.
func polyPoints(s string) []pt {
	var out []pt
	for _, f := range strings.Fields(s) {
		xy := strings.Split(f, ",")
		if len(xy) != 2 {
			continue
		}
		x, err1 := strconv.ParseFloat(xy[0], 64)
		y, err2 := strconv.ParseFloat(xy[1], 64)
		if err1 == nil && err2 == nil {
			out = append(out, pt{x, y})
		}
	}
	return out
}

// legend explains the map under it: a swatch for each terrain on the
// board, then the pieces, the robber, the pirate and the harbours as they
// are drawn (issue 20 item 15), on as many lines as they take.
func (d *svgDoc) legend(m *model) {
	seen := map[board.Terrain]bool{}
	for _, h := range m.hexes {
		seen[h.terrain] = true
	}
	x, y := d.MapX+18, d.MapY+d.MapH+30
	add := func(it svgLegendItem, w float64) {
		if x+w > d.MapX+d.MapW && x > d.MapX+18 {
			x, y = d.MapX+18, y+svgLegendLine
		}
		it.C = pt{x, y}
		it.Label = pt{x + 18, y + 4.5}
		if it.Kind == "terrain" {
			it.Points = hexPoints(it.C, 13)
		}
		d.Legend = append(d.Legend, it)
		x += w + 24
	}
	for t := board.Fields; t <= board.Unknown; t++ {
		if !seen[t] {
			continue
		}
		label := terrainName(t)
		if t == board.Unknown {
			label = "not yet dealt"
		}
		add(svgLegendItem{Kind: "terrain", Fill: "url(#t-" + t.String() + ")", Text: label}, 18+textW(label, 12, false))
	}
	x, y = d.MapX+18, y+svgLegendLine
	piece := func(kind, text string) {
		add(svgLegendItem{Kind: kind, Fill: "#f2ede0", Dark: "#4a3c2c", Text: text}, 18+textW(text, 12, false))
	}
	piece("settlement", "settlement")
	piece("city", "city")
	piece("road", "road")
	if m.sc != board.Base {
		piece("ship", "ship")
	}
	if m.robber != nil {
		piece("robber", "robber")
	}
	if m.pirate != nil {
		piece("pirate", "pirate")
	}
	if m.fleet != nil {
		piece("pirate", "pirate fleet")
	}
	if len(m.harbours) > 0 {
		fill, ink := harbourInk(board.Harbour3to1)
		add(svgLegendItem{Kind: "harbour", Fill: fill, Ink: ink, Big: "3:1", Small: "any", Text: "harbour: 3 of a kind for 1"}, 18+textW("harbour: 3 of a kind for 1", 12, false))
		fill, ink = harbourInk(board.HarbourWool)
		add(svgLegendItem{Kind: "harbour", Fill: fill, Ink: ink, Big: "2:1", Small: "wool", Text: "harbour: 2 wool for 1"}, 18+textW("harbour: 2 wool for 1", 12, false))
	}
}

// textW is a generous estimate of the width of text: DejaVu Sans runs
// about 0.55 em a letter, bold 0.62; 0.6 and 0.68 leave room.
func textW(s string, size float64, bold bool) float64 {
	em := 0.6
	if bold {
		em = 0.68
	}
	return float64(len([]rune(s))) * em * size
}

// newDie places the pips of a die showing n with its corner at x, y (size
// 30); a number out of 1–6 shows no pips.
func newDie(x, y float64, n int) svgDie {
	lo, mid, hi := 8.0, 15.0, 22.0
	var p []pt
	add := func(pts ...pt) {
		for _, q := range pts {
			p = append(p, pt{x + q.X, y + q.Y})
		}
	}
	if n >= 1 && n <= 6 {
		if n%2 == 1 {
			add(pt{mid, mid})
		}
		if n >= 2 {
			add(pt{lo, lo}, pt{hi, hi})
		}
		if n >= 4 {
			add(pt{hi, lo}, pt{lo, hi})
		}
		if n == 6 {
			add(pt{lo, mid}, pt{hi, mid})
		}
	}
	return svgDie{X: x, Y: y, Pips: p}
}
