package seafarers

import (
	"slices"
	"sort"
	"strings"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/engine/seafarers/board"
	"github.com/elasund/elasund/templates"
)

// The drawable grid: positions outside these rows and columns are left
// out of both pictures. Every outline of BOARDS (frame included) lies in
// rows A–I and columns 0–20; the margin keeps strange states bounded.
const (
	maxRow = 10
	maxCol = 21
)

// model is a position read for drawing: the state, the seats in order,
// the board's hexes and frame on the drawable grid, every piece with a
// parsed place, and the scenario's fixed marks. Everything that does not
// parse or lies off the grid is left out, so the drawing code never
// meets it.
type model struct {
	st    *game.State
	sc    board.Scenario
	opts  game.Options
	seats []string // seat order: the set-up's, then any other player

	hexes   []hexCell         // board positions in reading order
	hexAt   map[board.Pos]int // index into hexes
	frame   []board.Pos       // frame positions in reading order
	isFrame map[board.Pos]bool

	robber, pirate, fleet *board.Pos

	settlements, cities []cornerPiece
	roads, ships        []edgePiece
	harbours            []harbourMark
	gifts               []giftMark
	villages            []villageMark
	fortresses          []fortressMark
	lone                []loneMark
	marks               []board.MarkedCorner
	fleetPath           []board.Pos
}

// hexCell is one board position.
type hexCell struct {
	pos     board.Pos
	terrain board.Terrain // Unknown for a name that does not parse
	number  int           // 2–12, 0 for none
	pending bool          // a fog position whose exploration is a pending sealed draw
}

// cornerPiece is a settlement or a city.
type cornerPiece struct {
	at    board.Corner
	owner string
}

// edgePiece is a road or a ship.
type edgePiece struct {
	at      board.Edge
	owner   string
	warship bool
}

// harbourMark is a harbour on the board.
type harbourMark struct {
	at   board.Edge
	kind board.HarbourKind
}

// giftMark is a forgotten-tribe gift still on its edge.
type giftMark struct {
	at      board.Edge
	kind    board.GiftKind
	harbour board.HarbourKind
}

// villageMark is a cloth-for-catan village.
type villageMark struct {
	at        board.Corner
	number    int
	cloth     int
	connected []string
}

// fortressMark is a pirate-islands fortress, captured when chits is 0.
type fortressMark struct {
	at    board.Corner
	owner string
	chits int
}

// loneMark is a seat's marked corner in pirate-islands.
type loneMark struct {
	at    board.Corner
	owner string
}

// readPosition reads a position; a position of another game, or none,
// reads as an empty state.
func readPosition(p engine.Position) *model {
	var st *game.State
	var setup engine.Setup
	if p != nil {
		st, _ = p.State().(*game.State)
		setup = p.Setup()
	}
	return newModel(st, setup)
}

// newModel reads a state and its set-up.
func newModel(st *game.State, setup engine.Setup) *model {
	if st == nil {
		st = &game.State{}
	}
	m := &model{st: st, hexAt: map[board.Pos]int{}, isFrame: map[board.Pos]bool{}}
	name := st.Scenario
	if name == "" {
		name = setup.Choices[game.ChoiceScenario]
	}
	m.sc, _ = board.ParseScenario(name)
	if m.sc != board.NoScenario {
		if o, err := game.ResolveOptions(m.sc, setup.Options); err == nil {
			m.opts = o
		} else if o, err := game.ResolveOptions(m.sc, nil); err == nil {
			m.opts = o
		}
	}
	var fixed *board.Board
	if m.sc != board.NoScenario {
		fixed, _ = board.New(m.sc, board.Options{})
	}
	m.readSeats(setup)
	m.readHexes(fixed)
	m.readPieces()
	m.readMarks(fixed)
	return m
}

// readSeats orders the seats: the set-up's seats that are colours, then
// every other player of the state in colour order, then by name.
func (m *model) readSeats(setup engine.Setup) {
	seen := map[string]bool{}
	for _, s := range setup.Seats {
		if _, err := game.ParseColour(s); err == nil && !seen[s] {
			m.seats = append(m.seats, s)
			seen[s] = true
		}
	}
	var extra []string
	for s := range m.st.Players {
		if !seen[s] {
			extra = append(extra, s)
		}
	}
	sort.Slice(extra, func(i, j int) bool {
		ci, _ := game.ParseColour(extra[i])
		cj, _ := game.ParseColour(extra[j])
		if ci != cj {
			return ci != game.NoColour && (cj == game.NoColour || ci < cj)
		}
		return extra[i] < extra[j]
	})
	m.seats = append(m.seats, extra...)
}

// onGrid reports whether p lies on the drawable grid.
func onGrid(p board.Pos) bool {
	return p.Valid() && p.Row <= maxRow && p.Col <= maxCol
}

// cornerOnGrid reports whether a corner lies on the drawable grid: the
// south corners of row A and the north corners of the last row included.
func cornerOnGrid(c board.Corner) bool {
	return c.Valid() && onGrid(c.At) && c.At.Col >= 1 && c.At.Col < maxCol &&
		(c.At.Row >= 1 || c.V == board.VertexS) && (c.At.Row < maxRow || c.V == board.VertexN)
}

// edgeOnGrid reports whether both sides of an edge lie on the drawable
// grid.
func edgeOnGrid(e board.Edge) bool {
	return e.Valid() && onGrid(e.A) && onGrid(e.B)
}

// readHexes reads the board positions and derives the frame (B13). A
// state without hexes shows the scenario's own board.
func (m *model) readHexes(fixed *board.Board) {
	add := func(p board.Pos, t board.Terrain, n int, pending bool) {
		if !onGrid(p) || p.Row < 1 || p.Col < 1 || p.Row >= maxRow || p.Col >= maxCol {
			return
		}
		if _, dup := m.hexAt[p]; dup {
			return
		}
		if n < 2 || n > 12 || n == 7 {
			n = 0
		}
		m.hexAt[p] = len(m.hexes)
		m.hexes = append(m.hexes, hexCell{pos: p, terrain: t, number: n, pending: pending})
	}
	if len(m.st.Board.Hexes) > 0 {
		for _, h := range m.st.Board.Hexes {
			p, err := board.ParsePos(h.At)
			if err != nil {
				continue
			}
			t, err := board.ParseTerrain(h.Terrain)
			if err != nil || t == board.NoTerrain {
				t = board.Unknown
			}
			add(p, t, h.Number.Int(), h.Pending != nil)
		}
	} else if fixed != nil {
		for h := 0; h < fixed.NumHexes(); h++ {
			x := fixed.Hex(h)
			add(fixed.HexPos(h), x.Terrain, x.Number, false)
		}
	}
	slices.SortFunc(m.hexes, func(a, b hexCell) int { return a.pos.Compare(b.pos) })
	for i, h := range m.hexes {
		m.hexAt[h.pos] = i
	}
	for _, h := range m.hexes {
		for _, q := range h.pos.Neighbours() {
			if _, on := m.hexAt[q]; on || !onGrid(q) || m.isFrame[q] {
				continue
			}
			m.isFrame[q] = true
			m.frame = append(m.frame, q)
		}
	}
	slices.SortFunc(m.frame, func(a, b board.Pos) int { return a.Compare(b) })
}

// hex returns the board position at p, and false for none.
func (m *model) hex(p board.Pos) (hexCell, bool) {
	i, ok := m.hexAt[p]
	if !ok {
		return hexCell{}, false
	}
	return m.hexes[i], true
}

// parseHex reads a position of the board; nil for none or another place.
func (m *model) parseHex(s *string) *board.Pos {
	if s == nil {
		return nil
	}
	p, err := board.ParsePos(*s)
	if err != nil {
		return nil
	}
	if _, ok := m.hexAt[p]; !ok {
		return nil
	}
	return &p
}

// readPieces reads the pieces, the robber, the pirate and the harbours.
func (m *model) readPieces() {
	st := m.st
	m.robber = m.parseHex(st.Board.Robber)
	m.pirate = m.parseHex(st.Board.Pirate)
	corner := func(s string) (board.Corner, bool) {
		c, err := board.ParseCorner(s)
		return c, err == nil && cornerOnGrid(c)
	}
	edge := func(s string) (board.Edge, bool) {
		e, err := board.ParseEdge(s)
		return e, err == nil && edgeOnGrid(e)
	}
	taken := map[board.Corner]bool{}
	for _, b := range st.Pieces.Cities {
		if c, ok := corner(b.At); ok && !taken[c] {
			taken[c] = true
			m.cities = append(m.cities, cornerPiece{at: c, owner: b.Owner})
		}
	}
	for _, b := range st.Pieces.Settlements {
		if c, ok := corner(b.At); ok && !taken[c] {
			taken[c] = true
			m.settlements = append(m.settlements, cornerPiece{at: c, owner: b.Owner})
		}
	}
	used := map[board.Edge]bool{}
	for _, s := range st.Pieces.Ships {
		if e, ok := edge(s.At); ok && !used[e] {
			used[e] = true
			m.ships = append(m.ships, edgePiece{at: e, owner: s.Owner, warship: s.Warship})
		}
	}
	for _, r := range st.Pieces.Roads {
		if e, ok := edge(r.At); ok && !used[e] {
			used[e] = true
			m.roads = append(m.roads, edgePiece{at: e, owner: r.Owner})
		}
	}
	onHarbour := map[board.Edge]bool{}
	for _, h := range st.Board.Harbours {
		e, ok := edge(h.At)
		if !ok || onHarbour[e] || !m.coastal(e) {
			continue
		}
		k, err := board.ParseHarbourKind(h.Kind)
		if err != nil || k == board.NoHarbour {
			k = board.HarbourUnknown
		}
		onHarbour[e] = true
		m.harbours = append(m.harbours, harbourMark{at: e, kind: k})
	}
}

// coastal reports whether an edge has a drawn hex on one side and sea, or
// the frame, on the other: where a harbour or a gift can be drawn.
func (m *model) coastal(e board.Edge) bool {
	return m.seaSide(e) != nil
}

// seaSide returns the side of a coastal edge a harbour marker goes on:
// the sea or frame position beside a land (or unexplored) hex; nil when
// the edge is not coastal.
func (m *model) seaSide(e board.Edge) *board.Pos {
	wet := func(p board.Pos) bool {
		if m.isFrame[p] {
			return true
		}
		h, ok := m.hex(p)
		return ok && h.terrain == board.Sea
	}
	dry := func(p board.Pos) bool {
		h, ok := m.hex(p)
		return ok && h.terrain != board.Sea
	}
	switch {
	case wet(e.B) && dry(e.A):
		return &e.B
	case wet(e.A) && dry(e.B):
		return &e.A
	}
	return nil
}

// readMarks reads the scenario's own fields (S157) and fixed marks.
func (m *model) readMarks(fixed *board.Board) {
	ss := m.st.ScenarioState
	// Each mark once per place: a state holds no more.
	gifted := map[board.Edge]bool{}
	villages, forts, lone := map[board.Corner]bool{}, map[board.Corner]bool{}, map[board.Corner]bool{}
	if ss.Gifts != nil {
		for _, g := range *ss.Gifts {
			e, err := board.ParseEdge(g.At)
			if err != nil || !edgeOnGrid(e) || !m.coastal(e) || gifted[e] {
				continue
			}
			gifted[e] = true
			gm := giftMark{at: e, kind: board.ParseGiftKind(g.Kind)}
			switch gm.kind {
			case board.NoGift:
				continue
			case board.GiftHarbour:
				gm.harbour = board.HarbourUnknown
				if g.Harbour != nil {
					if k, err := board.ParseHarbourKind(*g.Harbour); err == nil && k != board.NoHarbour {
						gm.harbour = k
					}
				}
			}
			m.gifts = append(m.gifts, gm)
		}
	}
	if ss.Villages != nil {
		for _, v := range *ss.Villages {
			c, err := board.ParseCorner(v.At)
			if err != nil || !cornerOnGrid(c) || villages[c] {
				continue
			}
			villages[c] = true
			m.villages = append(m.villages, villageMark{at: c, number: v.Number, cloth: v.Cloth, connected: v.Connected})
		}
	}
	if ss.Fortresses != nil {
		for _, f := range *ss.Fortresses {
			c, err := board.ParseCorner(f.At)
			if err != nil || !cornerOnGrid(c) || forts[c] {
				continue
			}
			forts[c] = true
			m.fortresses = append(m.fortresses, fortressMark{at: c, owner: f.Owner, chits: f.Chits})
		}
	}
	for _, s := range m.seats {
		if at, ok := ss.Lone[s]; ok {
			if c, err := board.ParseCorner(at); err == nil && cornerOnGrid(c) && !lone[c] {
				lone[c] = true
				m.lone = append(m.lone, loneMark{at: c, owner: s})
			}
		}
	}
	if ss.Fleet != nil {
		m.fleet = m.parseHex(*ss.Fleet)
	} else {
		m.fleet = m.parseHex(nil)
	}
	if fixed != nil {
		for _, mc := range fixed.MarkedCorners() {
			if cornerOnGrid(mc.Corner) {
				m.marks = append(m.marks, mc)
			}
		}
		if ss.Fleet != nil || ss.Fortresses != nil {
			for _, p := range fixed.FleetPath() {
				if _, ok := m.hexAt[p]; ok {
					m.fleetPath = append(m.fleetPath, p)
				}
			}
		}
	}
}

// player returns a seat's holdings, or an empty one.
func (m *model) player(seat string) *game.Player {
	if p := m.st.Players[seat]; p != nil {
		return p
	}
	return &game.Player{}
}

// seated reports whether the state holds the seat's player.
func (m *model) seated(seat string) bool { return m.st.Players[seat] != nil }

// shows reports whether the view may show seat's hidden holdings: its
// resource cards and development cards (S150).
func shows(v templates.View, seat string) bool { return !v.Hidden || v.Seat == seat }

// letter is the one-letter name of a seat colour: R, B, W, O; ? for
// anything else.
func letter(seat string) string {
	if _, err := game.ParseColour(seat); err != nil {
		return "?"
	}
	return strings.ToUpper(seat[:1])
}

// seatName is a seat's name for text: the colour, or "?" for a name that
// is no colour.
func seatName(seat string) string {
	if _, err := game.ParseColour(seat); err != nil {
		return "?"
	}
	return strings.ToLower(seat)
}
