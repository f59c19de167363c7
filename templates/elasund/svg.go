package elasund

import (
	"embed"
	"fmt"
	"strings"
	"text/template"

	game "github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/templates"
)

//go:embed files
var files embed.FS

// The drawing's measures, in SVG user units.
const (
	svgCell   = 72  // one board square
	svgStrip  = 34  // the wall strips north, south and east
	svgPad    = 16  // the margin round everything
	svgSea    = 116 // the sea west of the board
	svgTitle  = 84  // the status lines on top
	svgLabels = 26  // the column letters above and below the board
	svgWidth  = svgPad + svgSea + game.NumCols*svgCell + svgStrip + svgPad
	svgGridX  = svgPad + svgSea
	svgNorthY = svgPad + svgTitle + svgLabels
	svgGridY  = svgNorthY + svgStrip
	svgSouthY = svgGridY + game.NumRows*svgCell
	// The panel right of the board: the trade track, the seats' cards,
	// the supply and the notes, so that the picture is wider than tall
	// and fits a screen (issue 20 item 15).
	svgPanelX  = svgWidth
	svgPanelW  = svgWidth - 2*svgPad
	svgFullW   = svgPanelX + svgPanelW + svgPad
	svgTrackY  = svgPad + 64
	svgLegendH = 54 // the two lines of the legend under the board, from LegendY
	svgTrackW  = 56 // one trade-track space
	svgTrackH  = 50
	svgSeatH   = 198 // one seat's card in the panel, unless its text wraps
	svgSeatGap = 12
	svgSeatPad = 12 // the seat card's text margin left and right
)

// palette is the ink of one seat colour: its fill, its dark outline, and
// the text that reads on the fill.
type palette struct{ Fill, Dark, Text string }

var seatPalettes = map[game.Colour]palette{
	game.Red:    {"#d8342c", "#84150f", "#ffffff"},
	game.Blue:   {"#2563c9", "#143a7a", "#ffffff"},
	game.Green:  {"#2f8f3e", "#17521f", "#ffffff"},
	game.Yellow: {"#f4c20d", "#8a6a00", "#2b2300"},
}

var unknownPalette = palette{"#9e9e9e", "#424242", "#ffffff"}

func seatPalette(c game.Colour) palette {
	if p, ok := seatPalettes[c]; ok {
		return p
	}
	return unknownPalette
}

// cardInk is the colour an influence card is printed in; the third colour
// is yellow or red by edition (V1).
func cardInk(cfg game.Config, k game.Card) string {
	switch k {
	case game.BlueCard:
		return "#3d7be0"
	case game.GreenCard:
		return "#3fa34f"
	case game.YellowCard:
		if cardName(cfg, k) == "red" {
			return "#c8372d"
		}
		return "#f0c419"
	}
	return "#9e9e9e"
}

// titles are the names printed on the building tiles.
var titles = map[game.Kind]string{
	game.Hut: "Hut", game.Cottage: "Cottage", game.House: "House", game.Workshop: "Workshop",
	game.Well: "Well", game.Stall: "Market stalls", game.Tavern: "Tavern",
	game.Shop: "Merchant's shop", game.Hall: "Town hall",
}

// SVG draws the position as a standalone SVG picture: the board with the
// sea, the ship, walls and gates, every building, permit and church tile,
// the trade track, and a panel with each seat's holdings, the supply and
// whose turn it is. The picture scales to any width through its viewBox.
func SVG(cfg game.Config, st *game.State) ([]byte, error) {
	if st == nil {
		st = &game.State{}
	}
	return svgFor(cfg, st, templates.View{})
}

// svgFor is SVG as view may see it: with view.Hidden, the hands of the
// seats other than view.Seat and the influence deck show as counts only
// (R31, R94).
func svgFor(cfg game.Config, st *game.State, view templates.View) ([]byte, error) {
	if st == nil {
		st = &game.State{}
	}
	v := newSVGView(cfg, st)
	if view.Hidden {
		v.hide(cfg, st, view)
	}
	return templates.SVGBoard(svgTemplate, v)
}

var svgTemplate = template.Must(template.New("svg").Funcs(template.FuncMap{
	"x":   templates.XMLText,
	"add": func(a, b int) int { return a + b },
}).ParseFS(files, "files/board.svg.tmpl"))

// The view model: everything the template draws, already measured.

type svgView struct {
	W, H              int
	Title, Subtitle   string
	Dice              []svgDie
	SeaX, SeaY        int
	SeaW, SeaH        int
	Waves             []svgPoint
	RowLabels, ColTop []svgText
	ColBottom         []svgText
	Squares           []svgRect
	ChurchArea        *svgRect
	Foundation        *svgRect
	Church            []svgChurch
	Buildings         []svgBuilding
	Permits           []svgPermit
	TradeFields       []svgMark
	Slots             []svgSlot
	Gates             []svgGate
	Ship              *svgShip
	TrackX, TrackY    int
	Track             []svgSpace
	Seats             []svgSeat
	SupplyX, SupplyY  int
	Supply            []svgLine
	Notes             []svgText
	CityNote          string
	LegendY           int
}

type svgPoint struct{ X, Y int }

type svgText struct {
	X, Y int
	Text string
}

type svgRect struct {
	ID, Class  string
	X, Y, W, H int
	Fill       string
}

type svgCube struct {
	ID         string
	X, Y, Size int
	Fill, Dark string
	Halo       bool // a white ground behind the cube
}

type svgMark struct {
	ID    string
	X, Y  int
	Value int
}

type svgDie struct {
	X, Y int
	Pips []svgPoint
}

type svgBuilding struct {
	ID, Class   string
	X, Y, W, H  int
	Fill, Dark  string
	Ink         string
	Neutral     bool
	Title       string
	TitleX      int
	TitleY      int
	TitleSize   int
	Owner       string
	OwnerY      int
	Flags       []svgFlag
	Income      string // "gold", "influence" or ""
	IncomeX     int
	IncomeY     int
	Squares     string
	Description string
}

type svgFlag struct {
	X, Y int
	Cube *svgCube
}

type svgPermit struct {
	ID, Class  string
	X, Y       int
	Fill, Dark string
	Ink        string
	Value      int
	Title      string
}

type svgChurch struct {
	ID, Class string
	X, Y      int
	Tile      string
	Cube      *svgCube // nil when the tile carries no cube (R97)
	Title     string
}

type svgSlot struct {
	ID, Class  string
	X, Y, W, H int
	Built      bool
	Fill, Dark string
	Ink        string
	Tile       int
	Tower      bool
	Cost       int
	TextX      int
	TextY      int
	CostX      int
	CostY      int
	TowerX     int
	TowerY     int
	Cube       *svgCube
	Title      string
}

type svgGate struct {
	ID    string
	Path  string
	TextX int
	TextY int
	Vert  bool
}

type svgShip struct {
	X, Y   int
	Pirate bool
	Title  string
}

type svgSpace struct {
	X, Y     int
	Pos      int
	Slots    []svgCube
	Discs    []svgDisc
	HasFlags bool
}

type svgDisc struct {
	ID         string
	X, Y       int
	Fill, Dark string
}

type svgSeat struct {
	ID           string
	X, Y, W, H   int
	Fill, Dark   string
	Ink          string
	Name         string
	Badge        string
	Cubes        []svgCube
	CubeText     string
	Gold         int
	Cards        []svgCard
	HandCards    string // "1 card", "4 cards"
	Trade        int
	PermitIcons  []svgPermitIcon
	PermitsEmpty bool
	Lines        []svgSeatLine // walls, buildings and orders, wrapped to fit
	// HiddenText replaces the gold and the cards of a hand the view may
	// not see.
	HiddenText string
}

// hide turns the hands of the seats other than view.Seat, and the
// influence deck, into counts.
func (v *svgView) hide(cfg game.Config, st *game.State, view templates.View) {
	for i, s := range v.Seats {
		c, err := game.ParseColour(strings.TrimPrefix(s.ID, "seat-"))
		if err != nil || !hides(view, c) {
			continue
		}
		h := game.Hand{}
		if pl := st.Players[c]; pl != nil {
			h = game.Hand{Gold: pl.Gold, Influence: pl.Influence}
		}
		v.Seats[i].HiddenText = hiddenHand(cfg, h)
		v.Seats[i].Cards = nil
	}
	for i, l := range v.Supply {
		if l.Label == "Influence deck" {
			v.Supply[i].Cards = nil
			v.Supply[i].Text = count(st.Supply.InfluenceDeck.Total(), "card", "cards") + " (colours hidden)"
		}
	}
}

// svgSeatLine is one line of small text at the foot of a seat's card.
type svgSeatLine struct {
	DY   int // the baseline below the card's top
	Size int
	Fill string
	Text string
}

type svgCard struct {
	X     int
	Fill  string
	Count int
	Name  string
}

type svgPermitIcon struct {
	X     int
	Value int
}

type svgLine struct {
	Y     int
	Label string
	Text  string
	Cards []svgCard
}

func sqX(c int) int { return svgGridX + c*svgCell }
func sqY(r int) int { return svgGridY + r*svgCell }

func newSVGView(cfg game.Config, st *game.State) *svgView {
	l := newLayout(cfg, st)
	v := &svgView{W: svgFullW}
	v.status(st)
	v.board(l, st)
	v.pieces(st)
	v.walls(l, st)
	v.track(cfg, st)
	y := v.seats(cfg, st, svgTrackY+svgTrackH+24)
	y = v.supply(cfg, st, y)
	for i, n := range notes(st) {
		v.Notes = append(v.Notes, svgText{X: svgPanelX, Y: y + 8 + i*26, Text: n})
	}
	v.H = max(y+26*len(v.Notes), v.LegendY+svgLegendH) + svgPad
	return v
}

// status fills the title lines and the dice.
func (v *svgView) status(st *game.State) {
	switch {
	case st.Phase == game.PhaseOver && st.Winner != nil:
		v.Title = fmt.Sprintf("Game over after turn %d: %s wins", st.Turn, capital(st.Winner.String()))
	case st.Phase == game.PhaseOver:
		v.Title = fmt.Sprintf("Game over after turn %d", st.Turn)
	default:
		v.Title = fmt.Sprintf("Turn %d: %s to move", st.Turn, capital(st.Current.String()))
	}
	parts := []string{"phase " + st.Phase.String()}
	if st.Phase != game.PhaseOver {
		parts = append(parts, fmt.Sprintf("builds done %d", st.BuildsDone))
	}
	if len(st.WaitingFor) > 0 {
		var w []string
		for _, c := range st.WaitingFor {
			w = append(w, c.String())
		}
		parts = append(parts, "waiting for "+strings.Join(w, ", "))
	}
	if _, ok := st.ShipRow(); !ok {
		parts = append(parts, "ship not yet in the sea")
	}
	v.Subtitle = strings.Join(parts, " · ")
	if st.Dice != nil {
		for i, d := range st.Dice {
			v.Dice = append(v.Dice, newDie(svgWidth-svgPad-2*46+4+i*46, svgPad+6, d))
		}
	}
}

// newDie places the pips of one die showing n at x, y (size 40).
func newDie(x, y, n int) svgDie {
	lo, mid, hi := 10, 20, 30
	var p []svgPoint
	add := func(pts ...[2]int) {
		for _, q := range pts {
			p = append(p, svgPoint{x + q[0], y + q[1]})
		}
	}
	if n%2 == 1 {
		add([2]int{mid, mid})
	}
	if n >= 2 {
		add([2]int{lo, lo}, [2]int{hi, hi})
	}
	if n >= 4 {
		add([2]int{hi, lo}, [2]int{lo, hi})
	}
	if n == 6 {
		add([2]int{lo, mid}, [2]int{hi, mid})
	}
	return svgDie{X: x, Y: y, Pips: p}
}

// board draws the sea, the labels and the squares.
func (v *svgView) board(l layout, st *game.State) {
	v.SeaX, v.SeaY = svgPad, svgNorthY
	v.SeaW, v.SeaH = svgSea-6, svgSouthY+svgStrip-svgNorthY
	for r := 0; r < game.NumRows; r++ {
		v.RowLabels = append(v.RowLabels, svgText{X: svgGridX - 38, Y: sqY(r) + svgCell/2 + 8, Text: rowName(r)})
		v.Waves = append(v.Waves, svgPoint{X: svgPad + 8, Y: sqY(r) + svgCell - 10})
	}
	for c := 0; c < l.cols(); c++ {
		x := sqX(c) + svgCell/2
		if c == l.wallCol() && c >= game.NumCols {
			x = sqX(c) + svgStrip/2
		}
		v.ColTop = append(v.ColTop, svgText{X: x, Y: svgNorthY - 8, Text: colName(c)})
		v.ColBottom = append(v.ColBottom, svgText{X: x, Y: svgSouthY + svgStrip + 20, Text: colName(c)})
	}
	for r := 0; r < game.NumRows; r++ {
		for c := 0; c < game.NumCols; c++ {
			s := game.Square{Col: c, Row: r}
			class, fill := "square city", "#efe2bf"
			if !l.inCity(s) {
				class, fill = "square outside", "url(#outside)"
			} else if (c+r)%2 == 1 {
				fill = "#eadbb3"
			}
			v.Squares = append(v.Squares, svgRect{ID: "sq-" + s.String(), Class: class,
				X: sqX(c), Y: sqY(r), W: svgCell, H: svgCell, Fill: fill})
			if t := l.tradeValue(s); t > 0 {
				// Harbour fields sit on the shore, just clear of a
				// building's digits; the others in the corner on the
				// board's edge. Buildings are drawn over them.
				m := svgMark{ID: "trade-" + s.String(), X: sqX(c) + svgCell - 13, Y: sqY(r) + 13, Value: t}
				switch {
				case c == 0:
					m.X, m.Y = svgGridX-4, sqY(r)+svgCell/2
				case r == game.NumRows-1:
					m.X, m.Y = sqX(c)+13, sqY(r)+svgCell-13
				}
				v.TradeFields = append(v.TradeFields, m)
			}
		}
	}
	v.CityNote = fmt.Sprintf("City A-%s for %d players", colName(l.cityCols()-1), l.players)
	v.LegendY = svgSouthY + svgStrip + svgLabels + 24
	if row, ok := st.ShipRow(); ok {
		ship := &svgShip{X: svgPad + 34, Y: sqY(row) + svgCell/2 + 6, Pirate: st.Ship.Pirate,
			Title: "trade ship in row " + rowName(row)}
		if st.Ship.Pirate {
			ship.Title = "pirate ship in row " + rowName(row)
		}
		v.Ship = ship
	}
}

// pieces draws the church, the buildings and the permits.
func (v *svgView) pieces(st *game.State) {
	if o, ok := churchArea(st); ok {
		v.ChurchArea = &svgRect{ID: "church-area", Class: "church-area",
			X: sqX(o.Col) + 2, Y: sqY(o.Row) + 2, W: 3*svgCell - 4, H: 3*svgCell - 4}
	}
	if foundationBare(st) {
		f := game.Foundation
		v.Foundation = &svgRect{ID: "church-foundation", Class: "foundation",
			X: sqX(f.Col), Y: sqY(f.Row), W: svgCell, H: svgCell}
	}
	for _, t := range st.Church {
		if !onBoard(t.At) {
			continue
		}
		p := seatPalette(t.Owner)
		x, y := sqX(t.At.Col), sqY(t.At.Row)
		c := svgChurch{
			ID: "church-" + t.At.String(), Class: "church-tile owner-" + t.Owner.String(),
			X: x, Y: y, Tile: t.Tile.String(),
			Title: fmt.Sprintf("church tile %s of %s on %s", t.Tile, t.Owner, t.At),
		}
		if !t.NoCube {
			c.Cube = &svgCube{ID: "cube-church-" + t.At.String(), X: x + 8, Y: y + 8, Size: 15, Fill: p.Fill, Dark: p.Dark}
		}
		v.Church = append(v.Church, c)
	}
	for _, b := range st.Buildings {
		if _, ok := footprint(b); !ok {
			continue
		}
		v.Buildings = append(v.Buildings, newSVGBuilding(b))
	}
	for _, pm := range st.Permits {
		if !onBoard(pm.At) {
			continue
		}
		p := seatPalette(pm.Owner)
		v.Permits = append(v.Permits, svgPermit{
			ID: "permit-" + pm.At.String(), Class: "permit owner-" + pm.Owner.String(),
			X: sqX(pm.At.Col) + svgCell/2, Y: sqY(pm.At.Row) + svgCell/2,
			Fill: p.Fill, Dark: p.Dark, Ink: p.Text, Value: pm.Value,
			Title: fmt.Sprintf("permit %d of %s on %s", pm.Value, pm.Owner, pm.At),
		})
	}
}

func newSVGBuilding(b game.Building) svgBuilding {
	sp := b.Kind.Spec()
	p := seatPalette(b.Owner)
	x, y := sqX(b.At.Col), sqY(b.At.Row)
	w, h := sp.W*svgCell, sp.H*svgCell
	sb := svgBuilding{
		ID:    "building-" + b.At.String(),
		Class: "building " + b.Kind.String() + " owner-" + b.Owner.String(),
		X:     x + 4, Y: y + 4, W: w - 8, H: h - 8,
		Fill: p.Fill, Dark: p.Dark, Ink: p.Text,
		Neutral: sp.Neutral,
		Title:   titles[b.Kind],
		TitleX:  x + w/2, TitleY: y + h/2 + 5, TitleSize: 15,
		Owner: b.Owner.String(),
	}
	if sp.Neutral {
		sb.Fill, sb.Ink = "#fbf4e2", "#3b2f1e"
	}
	switch {
	case sp.W == 1 && sp.Neutral:
		// The flag fills the top of a 1×1 tile: the name goes below it.
		sb.TitleY = y + 47
	case sp.W == 2 && sp.H == 1 && sp.Neutral:
		// The flag is on the west end: the name moves east of it.
		sb.TitleX, sb.TitleY = x+w/2+16, y+h/2
	case b.Kind == game.Hall:
		// Two flags fill the west column's top rows.
		sb.TitleY = y + 2*svgCell + 30
	}
	avail := w - 16
	if sp.W == 2 && sp.H == 1 && sp.Neutral {
		avail = w - 48
	}
	sb.TitleSize = fitSize(sb.Title, avail, 15)
	sb.OwnerY = sb.TitleY + 16
	if sp.W == 1 {
		sb.OwnerY = sb.TitleY + 14
	}
	if sp.Neutral {
		for i, s := range flagSquares(b) {
			f := svgFlag{X: sqX(s.Col) + 12, Y: sqY(s.Row) + 10}
			if i < cubesOn(b) {
				f.Cube = &svgCube{ID: fmt.Sprintf("cube-%s-%d", sb.ID, i+1),
					X: f.X + 10, Y: f.Y + 14, Size: 15, Fill: p.Fill, Dark: p.Dark}
				if sp.W == 1 && sp.H == 1 {
					// Below the pennant it would sit on the name: on a
					// 1×1 tile the cube flies beside the pennant.
					f.Cube.X, f.Cube.Y = f.X+20, f.Y+1
				}
			}
			sb.Flags = append(sb.Flags, f)
		}
	}
	switch sp.Income {
	case game.GoldIncome:
		sb.Income = "gold"
	case game.InfluenceIncome:
		sb.Income = "influence"
	}
	sb.IncomeX, sb.IncomeY = x+w-19, y+h-19
	var names []string
	sq, _ := footprint(b)
	for _, s := range sq {
		names = append(names, s.String())
	}
	sb.Squares = strings.Join(names, " ")
	sb.Description = fmt.Sprintf("%s of %s on %s", b.Kind, b.Owner, sb.Squares)
	return sb
}

// walls draws every wall space, built or free, and the two gates.
func (v *svgView) walls(l layout, st *game.State) {
	built := wallsBySpace(st)
	xE := sqX(l.wallCol())
	var spaces []game.WallSpace
	for _, side := range []game.WallSide{game.North, game.South} {
		for c := 2; c <= 2*l.players-1; c++ {
			spaces = append(spaces, game.WallSpace{Side: side, Index: c})
		}
	}
	for r := 1; r <= game.NumRows-2; r++ {
		spaces = append(spaces, game.WallSpace{Side: game.East, Index: r})
	}
	for _, w := range spaces {
		s := svgSlot{ID: "wall-" + w.Side.String() + "-" + strings.TrimPrefix(w.String()[1:], ":"), Cost: wallCost(w)}
		switch w.Side {
		case game.North, game.South:
			s.X, s.Y, s.W, s.H = sqX(w.Index)+3, svgNorthY+3, svgCell-6, svgStrip-6
			if w.Side == game.South {
				s.Y = svgSouthY + 3
			}
			s.TextX, s.TextY = s.X+14, s.Y+s.H/2+6
			s.CostX, s.CostY = s.X+s.W/2, s.Y+s.H/2
			s.TowerX, s.TowerY = s.X+s.W/2-8, s.Y+s.H/2-9
		case game.East:
			s.X, s.Y, s.W, s.H = xE+3, sqY(w.Index)+3, svgStrip-6, svgCell-6
			s.TextX, s.TextY = s.X+s.W/2, s.Y+18
			s.CostX, s.CostY = s.X+s.W/2, s.Y+s.H/2
			s.TowerX, s.TowerY = s.X+s.W/2-8, s.Y+s.H/2-10
		}
		if t, ok := built[w]; ok {
			p := seatPalette(t.Owner)
			s.Built, s.Tile, s.Tower = true, t.Tile, isTower(t.Tile)
			s.Fill, s.Dark, s.Ink = p.Fill, p.Dark, p.Text
			s.Class = "wall owner-" + t.Owner.String()
			s.Title = fmt.Sprintf("wall tile %d of %s on %s", t.Tile, t.Owner, w)
			if s.Tower {
				s.Class += " tower"
				s.Title = fmt.Sprintf("tower (wall tile %d) of %s on %s", t.Tile, t.Owner, w)
				cx, cy := s.X+s.W-22, s.Y+s.H/2-7
				if w.Side == game.East {
					cx, cy = s.X+s.W/2-7, s.Y+s.H-21
				}
				// A white halo sets the cube off its owner's tile. A tower
				// built from an empty supply carries none (R97).
				if !t.NoCube {
					s.Cube = &svgCube{ID: "cube-" + s.ID, X: cx, Y: cy, Size: 14, Fill: p.Fill, Dark: p.Dark, Halo: true}
				}
			}
		} else {
			s.Class = "wall-space"
			s.Title = fmt.Sprintf("free wall space %s, %d gold", w, s.Cost)
		}
		v.Slots = append(v.Slots, s)
	}
	// Each gate is an L over the wall strip above (below) column 2P, the
	// corner, and the east strip beside row 2 (12).
	x0, x1 := sqX(2*l.players), xE+svgStrip
	v.Gates = append(v.Gates,
		svgGate{ID: "gate-north",
			Path: fmt.Sprintf("M%d %d H%d V%d H%d V%d H%d Z", x0+2, svgNorthY+2, x1-2, svgGridY+svgCell-2,
				xE+2, svgGridY-2+2, x0+2),
			TextX: x0 + svgCell/2, TextY: svgNorthY + svgStrip/2 + 6},
		svgGate{ID: "gate-south",
			Path: fmt.Sprintf("M%d %d H%d V%d H%d V%d H%d Z", x0+2, svgSouthY+svgStrip-2, x1-2, svgSouthY-svgCell+2,
				xE+2, svgSouthY, x0+2),
			TextX: x0 + svgCell/2, TextY: svgSouthY + svgStrip/2 + 6},
	)
}

// track draws the trade track with its flags, cubes and discs.
func (v *svgView) track(cfg game.Config, st *game.State) {
	v.TrackX = svgPanelX + (svgPanelW-(maxTrade+1)*svgTrackW)/2
	v.TrackY = svgTrackY
	seats := seatOrder(cfg, st)
	for i := 0; i <= maxTrade; i++ {
		sp := svgSpace{X: v.TrackX + i*svgTrackW, Y: svgTrackY, Pos: i}
		for j, f := range flagSpaces {
			if f.Pos != i {
				continue
			}
			sp.HasFlags = true
			size := 12
			x0 := sp.X + (svgTrackW-f.Flags*size-(f.Flags-1)*2)/2
			for k := 0; k < f.Flags; k++ {
				c := svgCube{X: x0 + k*(size+2), Y: svgTrackY - 18, Size: size, Fill: "#ffffff", Dark: "#8a7f6a"}
				if k < len(st.TradeFlags[j]) {
					owner := st.TradeFlags[j][k]
					p := seatPalette(owner)
					c.ID = fmt.Sprintf("cube-trade-%d-%s", f.Pos, owner)
					c.Fill, c.Dark = p.Fill, p.Dark
				}
				sp.Slots = append(sp.Slots, c)
			}
		}
		var here []game.Colour
		for _, c := range seats {
			if p := st.Players[c]; p != nil && min(max(p.Trade, 0), maxTrade) == i {
				here = append(here, c)
			}
		}
		for k, c := range here {
			p := seatPalette(c)
			sp.Discs = append(sp.Discs, svgDisc{ID: "disc-" + c.String(),
				X: sp.X + 17 + (k%2)*22, Y: svgTrackY + 25 + (k/2)*17, Fill: p.Fill, Dark: p.Dark})
		}
		v.Track = append(v.Track, sp)
	}
}

// seats lays out one card per seat, two to a row, from y; it returns the
// y below them.
func (v *svgView) seats(cfg game.Config, st *game.State, y int) int {
	w := (svgPanelW - svgSeatGap) / 2
	order := seatOrder(cfg, st)
	for i, c := range order {
		x := svgPanelX + (i%2)*(w+svgSeatGap)
		sy := y + (i/2)*(svgSeatH+svgSeatGap) // moved down below once all are measured
		p := seatPalette(c)
		s := svgSeat{ID: "seat-" + c.String(), X: x, Y: sy, W: w,
			Fill: p.Fill, Dark: p.Dark, Ink: p.Text, Name: capital(c.String())}
		switch {
		case st.Winner != nil && *st.Winner == c:
			s.Badge = "winner"
		case st.Phase != game.PhaseOver && c == st.Current:
			s.Badge = "to move"
		}
		pl := st.Players[c]
		if pl == nil {
			pl = &game.Player{Cubes: cubesEach}
			s.Badge = "not seated"
		}
		on := cubesEach - min(max(pl.Cubes, 0), cubesEach)
		for k := 0; k < cubesEach; k++ {
			cube := svgCube{X: x + 12 + k*19, Y: sy + 44, Size: 15, Fill: "#ffffff", Dark: "#b0a58c"}
			if k < on {
				cube.Fill, cube.Dark = p.Fill, p.Dark
			}
			s.Cubes = append(s.Cubes, cube)
		}
		s.CubeText = fmt.Sprintf("%d/10 on board", on)
		s.Gold = pl.Gold
		for k, card := range game.InfluenceCards {
			// Room for two-digit counts of every colour: the hand's
			// total is in the card's head.
			s.Cards = append(s.Cards, svgCard{X: x + 120 + k*96, Fill: cardInk(cfg, card),
				Count: pl.Influence.Of(card), Name: cardName(cfg, card)})
		}
		s.HandCards = count(pl.Cards(), "card", "cards")
		s.Trade = pl.Trade
		next := "stack empty"
		if pl.Walls < 9 {
			next = fmt.Sprintf("next tile %d", pl.Walls+1)
			if isTower(pl.Walls + 1) {
				next += " (tower)"
			}
		}
		for k, pv := range pl.Permits {
			s.PermitIcons = append(s.PermitIcons, svgPermitIcon{X: x + 84 + k*28, Value: pv})
		}
		s.PermitsEmpty = len(pl.Permits) == 0
		s.Lines, s.H = seatLines(w-2*svgSeatPad,
			svgSeatLine{Size: 13, Fill: "#2b2118", Text: fmt.Sprintf("walls %d built, %s", pl.Walls, next)},
			svgSeatLine{Size: 13, Fill: "#2b2118", Text: "buildings in supply: " + kindsText(pl.Buildings)},
			svgSeatLine{Size: 12, Fill: "#6b5d49", Text: "orders: " + ordersText(cfg, pl.Orders)},
		)
		v.Seats = append(v.Seats, s)
	}
	// All cards are as tall as the tallest, so that the rows line up.
	h := svgSeatH
	for _, s := range v.Seats {
		h = max(h, s.H)
	}
	for i := range v.Seats {
		s := &v.Seats[i]
		dy := y + (i/2)*(h+svgSeatGap) - s.Y
		s.H, s.Y = h, s.Y+dy
		for k := range s.Cubes {
			s.Cubes[k].Y += dy
		}
	}
	rows := (len(order) + 1) / 2
	return y + rows*(h+svgSeatGap)
}

// seatLines stacks the paragraphs at the foot of a seat's card, each
// wrapped to width, and returns the lines and the card's height.
func seatLines(width int, paras ...svgSeatLine) ([]svgSeatLine, int) {
	var out []svgSeatLine
	dy := 152
	for _, p := range paras {
		for _, t := range wrapText(p.Text, width, p.Size) {
			q := p
			q.DY, q.Text = dy, t
			out = append(out, q)
			dy += p.Size + 5
		}
	}
	last := out[len(out)-1]
	return out, last.DY + 10
}

// textWidth is a generous estimate of the width of regular text: DejaVu
// Sans runs about 0.5 em a letter in these lines; 0.6 em leaves room for
// wider fonts and letters.
func textWidth(text string, size int) int {
	return (len([]rune(text))*size*60 + 99) / 100
}

// wrapText is the shared templates.Wrap (clauses first, then spaces; a
// word too long for a line stands alone on it) measured in the picture's
// units by textWidth at a font size instead of in characters. Empty text
// is one empty line, so that every paragraph of a seat's card has one.
func wrapText(text string, width, size int) []string {
	lines := templates.Wrap{Width: float64(width), Clauses: true,
		Measure: func(s string) float64 { return float64(textWidth(s, size)) }}.Lines(text)
	if len(lines) == 0 {
		return []string{""}
	}
	return lines
}

// supply lists the bank, the cards, the neutral stacks and the church stack
// from y; it returns the y below.
func (v *svgView) supply(cfg game.Config, st *game.State, y int) int {
	s := st.Supply
	cards := func(in game.Influence) []svgCard {
		var out []svgCard
		for k, card := range game.InfluenceCards {
			out = append(out, svgCard{X: svgPanelX + 184 + k*80, Fill: cardInk(cfg, card), Count: in.Of(card), Name: cardName(cfg, card)})
		}
		return out
	}
	var stacks []string
	for _, k := range game.NeutralKinds {
		stacks = append(stacks, fmt.Sprintf("%s %d", k, s.Neutral.Of(k)))
	}
	y += 34
	v.SupplyX, v.SupplyY = svgPanelX, y-30
	v.Supply = []svgLine{
		{Y: y, Label: "Bank", Text: fmt.Sprintf("%d gold · church stack %s", s.Gold, count(len(s.ChurchStack), "tile", "tiles"))},
		{Y: y + 30, Label: "Influence deck", Cards: cards(s.InfluenceDeck), Text: fmt.Sprintf("(%d)", s.InfluenceDeck.Total())},
		{Y: y + 60, Label: "Discard pile", Cards: cards(s.InfluenceDiscard), Text: fmt.Sprintf("(%d)", s.InfluenceDiscard.Total())},
		{Y: y + 90, Label: "Neutral stacks", Text: strings.Join(stacks, " · ")},
	}
	if st.Pool != nil {
		v.Supply = append(v.Supply, svgLine{Y: y + 120, Label: "Pirate pool", Text: handText(cfg, *st.Pool)})
	}
	return v.Supply[len(v.Supply)-1].Y + 40
}

// notes lists what the game waits for, one line per pending decision.
func notes(st *game.State) []string {
	var out []string
	for _, p := range st.Pending {
		out = append(out, capital(p.Seat.String())+" must "+pendingText(p))
	}
	return out
}

// fitSize is the largest font size up to most at which bold text fits in
// width units (DejaVu Sans Bold runs about 0.62 em a letter).
func fitSize(text string, width, most int) int {
	n := len([]rune(text))
	if n == 0 {
		return most
	}
	return min(most, width*100/(n*62))
}

// capital upper-cases the first letter.
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
