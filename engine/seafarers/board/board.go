package board

import (
	"fmt"
	"slices"
	"strconv"
	"sync"
)

// Board is one game's board: the geometry of its outline with dense indices,
// every position's terrain and number, the harbours, the islands and areas,
// and the scenario's marks (BOARDS B13–B18, §6–§13).
//
// A Board is immutable: Deal, Explore and PlaceHarbour return a new Board and
// leave the receiver as it was, so a *Board may be shared by any number of
// game states and goroutines. The geometry and the scenario data are shared
// between a board and the boards made from it; the parts that can change
// (terrains, harbours and what is derived from them) are copied, a few
// hundred bytes.
//
// Hexes, corners and edges have dense indices: hex h in 0..NumHexes()−1 in
// reading order of the board positions (B3), corner c in 0..NumCorners()−1 in
// corner order (B8), edge e in 0..NumEdges()−1 in edge order (B12). The
// corners of the board are those touching a board position, the edges those
// with a board position on a side (B16). Index −1 means none: a frame
// position where a hex index is asked for, or a name that is not on this
// board. Slices returned by the adjacency methods are shared and must not be
// modified; the list methods (Sites, Gifts, …) return copies.
type Board struct {
	g        *grid
	scenario Scenario
	opts     Options
	def      *scenarioDef
	fixed    *layoutText // nil for new-world
	dealt    bool

	hexes    []Hex
	hexArea  []int // area index per hex, −1 none
	areas    []Area
	sites    []Harbour // harbour locations H1… (forgotten-tribe: the harbour gifts)
	harbours []Harbour // harbours on the board, edge order
	robber   int
	pirate   int

	// lazy is what follows from the above (derived), worked out at its
	// first use: a board dealt for a game is asked for none of it, as the
	// game keeps its own terrain.
	lazy *lazyDerived
}

// derivedData is what follows from a board's hexes, areas and harbours
// (B16, B17, B18).
type derivedData struct {
	cflag     []uint8
	eflag     []uint8
	ekind     []EdgeKind
	island    []int   // per hex, −1 for no land
	islands   [][]int // hex indices per island
	cIsland   []int
	cArea     []int
	areaHexes [][]int
	cHarbour  []HarbourKind
	eHarbour  []HarbourKind
}

// lazyDerived is a board's derived data, worked out once, at its first
// use: a Board is shared, so the once guards it.
type lazyDerived struct {
	once sync.Once
	d    derivedData
}

// derive has b's derived data worked out afresh from its hexes, areas and
// harbours, at their next use (derived): after b was made or changed.
func (b *Board) derive() { b.lazy = new(lazyDerived) }

// derived returns b's derived data, worked out at the first call.
func (b *Board) derived() *derivedData {
	l := b.lazy
	l.once.Do(func() { l.d = b.deriveData() })
	return &l.d
}

// Corner and edge flags.
const (
	fLand    = 1 << iota // touches a land hex
	fCoastal             // a land corner touching a sea hex or the frame
	fFog                 // touches an unexplored fog position
	fUnknown             // touches a position not yet dealt
)

// EdgeKind is the kind of an edge of the board (B16). The zero EdgeKind is
// none: an edge with a fog side that is no sea edge, or with a side not yet
// dealt.
type EdgeKind int

// The edge kinds of B16.
const (
	NoEdgeKind  EdgeKind = iota
	LandEdge             // land on both sides
	CoastalEdge          // land on one side, a sea hex or the frame on the other
	SeaEdge              // no land side and at least one sea-hex side
)

// String returns "land", "coastal" or "sea", or "" for NoEdgeKind.
func (k EdgeKind) String() string {
	switch k {
	case LandEdge:
		return "land"
	case CoastalEdge:
		return "coastal"
	case SeaEdge:
		return "sea"
	}
	return ""
}

// New returns the board of scenario s with options o (S13, S156). If
// the board needs a seed (NeedsSeed), its random parts are not yet dealt
// (S134): the positions of its variable groups hold Unknown with no
// number, shuffled harbour tokens are HarbourUnknown, a new-world board is
// all Unknown, and Dealt is false until Deal. Otherwise the board is the
// scenario's fixed layout and Dealt is true. Refused options give an
// *OptionError.
//
// A Board is immutable, so every New of one scenario and options returns
// the same Board, made at the first (fixed.boards).
func New(s Scenario, o Options) (*Board, error) {
	ro, err := Resolve(s, o)
	if err != nil {
		return nil, err
	}
	fix, err := fixedOf(s)
	if err != nil {
		return nil, err
	}
	return fix.board(s, ro)
}

// newBoard makes the board of scenario s with resolved options ro from
// its fixed data, as New returns it.
func newBoard(s Scenario, ro Options, fix *fixed) (*Board, error) {
	def := fix.def
	b := &Board{g: fix.g, scenario: s, opts: ro, def: def, robber: -1, pirate: -1}
	n := len(b.g.hexes)
	b.hexes = make([]Hex, n)
	b.hexArea = make([]int, n)
	for i := range b.hexArea {
		b.hexArea[i] = -1
	}
	if def.text == "" { // new-world: everything is random
		for i := range b.hexes {
			b.hexes[i] = Hex{Terrain: Unknown}
		}
		b.derive()
		return b, nil
	}
	lt := fix.text
	b.fixed = lt
	b.areas = slices.Clone(def.areas)
	for i, p := range b.g.hexes {
		b.hexes[i] = lt.hex[p]
		if name, ok := lt.area[p]; ok {
			a := b.AreaIndex(name)
			if a < 0 {
				return nil, fmt.Errorf("scenario %s data: %v is in the unknown area %q", s, p, name)
			}
			b.hexArea[i] = a
		}
	}
	b.sites = slices.Clone(lt.sites)
	if def.robberAt != "" {
		b.robber = b.g.hexIndex(posOrNone(def.robberAt))
	}
	if def.pirateAt != "" {
		b.pirate = b.g.hexIndex(posOrNone(def.pirateAt))
	}
	if ro.Layout == LayoutVariable {
		for _, gr := range def.groups {
			for _, h := range b.groupHexes(gr) {
				b.hexes[h] = Hex{Terrain: Unknown}
			}
		}
		if def.robber != robberAt {
			b.robber = -1
		}
	}
	if ro.Harbours == HarboursShuffled {
		for i := range b.sites {
			b.sites[i].Kind = HarbourUnknown
		}
	}
	if !def.giftSites {
		b.harbours = slices.Clone(b.sites)
		slices.SortFunc(b.harbours, Harbour.Compare)
	}
	b.dealt = ro.Layout == LayoutFixed && ro.Harbours == HarboursFixed
	b.derive()
	return b, nil
}

// robberStart returns the robber's start on a dealt board (BOARDS §7–§12).
func (b *Board) robberStart() int {
	switch b.def.robber {
	case robberAt:
		return b.g.hexIndex(posOrNone(b.def.robberAt))
	case robberDesert:
		for h, x := range b.hexes {
			if x.Terrain == Desert {
				return h
			}
		}
	case robberTwelve:
		first := -1
		for h, x := range b.hexes {
			if x.Number == 12 {
				if x.Terrain == Fields {
					return h
				}
				if first < 0 {
					first = h
				}
			}
		}
		return first
	}
	return -1
}

// posOrNone reads a position name of the scenario data; a bad name gives an
// invalid position, which no board holds (the tests read every name).
func posOrNone(s string) Pos {
	p, err := ParsePos(s)
	if err != nil {
		return Pos{-1, -1}
	}
	return p
}

// groupHexes returns the hex indices of a variable group, reading order.
func (b *Board) groupHexes(gr groupDef) []int {
	var out []int
	for h, a := range b.hexArea {
		if a < 0 || !slices.Contains(gr.areas, b.areas[a].Name) {
			continue
		}
		if gr.noDesert && b.fixed.hex[b.g.hexes[h]].Terrain == Desert {
			continue
		}
		out = append(out, h)
	}
	return out
}

// clone returns a copy of b whose changeable parts are its own.
func (b *Board) clone() *Board {
	c := *b
	c.hexes = slices.Clone(b.hexes)
	c.hexArea = slices.Clone(b.hexArea)
	c.areas = slices.Clone(b.areas)
	c.sites = slices.Clone(b.sites)
	c.harbours = slices.Clone(b.harbours)
	c.derive() // not b's: c is to change
	return &c
}

// deriveData works out the corner and edge kinds, the islands, the
// corners' islands and areas and the harbour lookups from the hexes, areas
// and harbours (B16, B17, B18).
func (b *Board) deriveData() derivedData {
	g := b.g
	var d derivedData
	side := func(h int) uint8 { // the flag a side or a corner's position contributes
		if h < 0 {
			return 0 // the frame
		}
		switch t := b.hexes[h].Terrain; {
		case t.IsLand():
			return fLand
		case t == Fog:
			return fFog
		case t == Unknown:
			return fUnknown
		}
		return 0
	}
	wet := func(h int) bool { return h < 0 || b.hexes[h].Terrain == Sea }

	d.cflag = make([]uint8, len(g.corners))
	for c, hs := range g.cornerHexes {
		var f uint8
		water := false
		for _, h := range hs {
			f |= side(h)
			water = water || wet(h)
		}
		if f&fLand != 0 && water {
			f |= fCoastal
		}
		d.cflag[c] = f
	}
	d.ekind = make([]EdgeKind, len(g.edges))
	d.eflag = make([]uint8, len(g.edges))
	for e, hs := range g.edgeHexes {
		a, z := hs[0], hs[1]
		fa, fz := side(a), side(z)
		d.eflag[e] = fa | fz
		switch {
		case fa == fLand && fz == fLand:
			d.ekind[e] = LandEdge
		case fa == fLand && wet(z), fz == fLand && wet(a):
			d.ekind[e] = CoastalEdge
		case (fa|fz)&(fLand|fUnknown) == 0 && (a >= 0 && b.hexes[a].Terrain == Sea || z >= 0 && b.hexes[z].Terrain == Sea):
			d.ekind[e] = SeaEdge
		}
	}

	// Islands (B17): land hexes joined through shared sides, numbered in
	// the reading order of their first hex.
	d.island = make([]int, len(g.hexes))
	for i := range d.island {
		d.island[i] = -1
	}
	d.islands = nil
	for h := range g.hexes {
		if d.island[h] >= 0 || !b.hexes[h].Terrain.IsLand() {
			continue
		}
		k := len(d.islands)
		members := []int{h}
		d.island[h] = k
		for i := 0; i < len(members); i++ {
			for _, n := range g.hexNbrs[members[i]] {
				if n >= 0 && d.island[n] < 0 && b.hexes[n].Terrain.IsLand() {
					d.island[n] = k
					members = append(members, n)
				}
			}
		}
		slices.Sort(members)
		d.islands = append(d.islands, slices.Clip(members))
	}

	d.areaHexes = make([][]int, len(b.areas))
	for h, a := range b.hexArea {
		if a >= 0 {
			d.areaHexes[a] = append(d.areaHexes[a], h)
		}
	}
	d.cIsland = make([]int, len(g.corners))
	d.cArea = make([]int, len(g.corners))
	for c, hs := range g.cornerHexes {
		d.cIsland[c], d.cArea[c] = -1, -1
		for _, h := range hs {
			if h < 0 || !b.hexes[h].Terrain.IsLand() {
				continue
			}
			if d.cIsland[c] < 0 {
				d.cIsland[c] = d.island[h]
			}
			a := b.hexArea[h]
			if a < 0 {
				continue
			}
			d.cArea[c] = JoinArea(b.areas, d.cArea[c], a)
		}
	}

	d.cHarbour = make([]HarbourKind, len(g.corners))
	d.eHarbour = make([]HarbourKind, len(g.edges))
	for _, hb := range b.harbours {
		e := g.edgeIndex(hb.Edge)
		if e < 0 {
			continue
		}
		d.eHarbour[e] = hb.Kind
		for _, c := range g.edgeEnds[e] {
			d.cHarbour[c] = hb.Kind
		}
	}
	return d
}

// Scenario returns the board's scenario.
func (b *Board) Scenario() Scenario { return b.scenario }

// Options returns the board's options with the scenario's defaults filled in
// (Resolve).
func (b *Board) Options() Options { return b.opts }

// Dealt reports whether every random part of the board is known (RULES
// S134). A board that needs no seed is dealt from the start.
func (b *Board) Dealt() bool { return b.dealt }

// NumHexes returns the number of board positions (37, 42 or 49, BOARDS §6).
func (b *Board) NumHexes() int { return len(b.g.hexes) }

// HexPos returns the position of hex h.
func (b *Board) HexPos(h int) Pos { return b.g.hexes[h] }

// HexIndex returns the index of the board position p, or −1 if p is not a
// board position (a frame position, or none).
func (b *Board) HexIndex(p Pos) int { return b.g.hexIndex(p) }

// IsFrame reports whether p is a frame position of the board (B13).
func (b *Board) IsFrame(p Pos) bool { return b.g.isFrame(p) }

// Frame returns the frame positions in reading order (B13).
func (b *Board) Frame() []Pos { return slices.Clone(b.g.frame) }

// NumCorners returns the number of corners of the board.
func (b *Board) NumCorners() int { return len(b.g.corners) }

// Corner returns corner c.
func (b *Board) Corner(c int) Corner { return b.g.corners[c] }

// CornerIndex returns the index of corner k, or −1 if k is not a corner of
// the board (or not canonical).
func (b *Board) CornerIndex(k Corner) int { return b.g.cornerIndex(k) }

// NumEdges returns the number of edges of the board.
func (b *Board) NumEdges() int { return len(b.g.edges) }

// Edge returns edge e.
func (b *Board) Edge(e int) Edge { return b.g.edges[e] }

// EdgeIndex returns the index of edge x, or −1 if x is not an edge of the
// board (or not canonical).
func (b *Board) EdgeIndex(x Edge) int { return b.g.edgeIndex(x) }

// HexCorners returns the corners of hex h in the order n, ne, se, s, sw, nw
// (B4).
func (b *Board) HexCorners(h int) [6]int { return b.g.hexCorners[h] }

// HexSides returns the edges around hex h in the order of the Dir constants
// (e, w, ne, nw, se, sw).
func (b *Board) HexSides(h int) [6]int { return b.g.hexSides[h] }

// HexNeighbours returns the hexes next to hex h in the order of the Dir
// constants, −1 for a frame position (B2).
func (b *Board) HexNeighbours(h int) [6]int { return b.g.hexNbrs[h] }

// CornerHexes returns the three positions at corner c in reading order
// (B6) as hex indices, −1 for a frame position.
func (b *Board) CornerHexes(c int) [3]int { return b.g.cornerHexes[c] }

// CornerEdges returns the edges of the board that meet at corner c, in edge
// order (B11): three, or two on the rim where the third lies between two
// frame positions.
func (b *Board) CornerEdges(c int) []int { return b.g.cornerEdges[c] }

// CornerAdjacent returns the corners joined to corner c by an edge of the
// board (B7); CornerAdjacent(c)[i] is the other end of CornerEdges(c)[i].
func (b *Board) CornerAdjacent(c int) []int { return b.g.cornerAdj[c] }

// EdgeEnds returns the two corners that edge e joins, in corner order (B10).
func (b *Board) EdgeEnds(e int) [2]int { return b.g.edgeEnds[e] }

// EdgeHexes returns the positions on the two sides of edge e (its A and B)
// as hex indices, −1 for a frame position.
func (b *Board) EdgeHexes(e int) [2]int { return b.g.edgeHexes[e] }

// EdgeBetween returns the edge joining corners c and d, or −1 if they are
// not adjacent.
func (b *Board) EdgeBetween(c, d int) int {
	for i, a := range b.g.cornerAdj[c] {
		if a == d {
			return b.g.cornerEdges[c][i]
		}
	}
	return -1
}

// Hex returns the terrain and number of hex h.
func (b *Board) Hex(h int) Hex { return b.hexes[h] }

// Hexes returns every board position's terrain and number, by hex index
// (reading order).
func (b *Board) Hexes() []Hex { return slices.Clone(b.hexes) }

// LandCorner reports whether corner c touches a land hex (B16).
func (b *Board) LandCorner(c int) bool { return b.derived().cflag[c]&fLand != 0 }

// CoastalCorner reports whether corner c is a land corner that also touches
// a sea hex or the frame (B16).
func (b *Board) CoastalCorner(c int) bool { return b.derived().cflag[c]&fCoastal != 0 }

// CornerUnexplored reports whether corner c touches an unexplored fog
// position or a position not yet dealt; no building may stand there (RULES
// S17, S134).
func (b *Board) CornerUnexplored(c int) bool { return b.derived().cflag[c]&(fFog|fUnknown) != 0 }

// EdgeKind returns the kind of edge e (B16). A fog side counts as neither
// land nor sea, so an edge between land and fog has no kind.
func (b *Board) EdgeKind(e int) EdgeKind { return b.derived().ekind[e] }

// EdgeUnexplored reports whether edge e has an unexplored fog position or a
// position not yet dealt on a side (S17).
func (b *Board) EdgeUnexplored(e int) bool { return b.derived().eflag[e]&(fFog|fUnknown) != 0 }

// RoadEdge reports whether edge e may carry a road as far as the board
// decides (S51, S17): a land or coastal edge, or an edge between land
// and an unexplored fog position. Pieces already there are the rules
// engine's business.
func (b *Board) RoadEdge(e int) bool {
	switch b.derived().ekind[e] {
	case LandEdge, CoastalEdge:
		return true
	}
	return b.derived().eflag[e] == fLand|fFog
}

// ShipEdge reports whether edge e may carry a ship as far as the board
// decides (S52, S17): a sea or coastal edge, or an edge between an
// unexplored fog position and the frame. The pirate and pieces already there
// are the rules engine's business.
func (b *Board) ShipEdge(e int) bool {
	switch b.derived().ekind[e] {
	case SeaEdge, CoastalEdge:
		return true
	}
	hs := b.g.edgeHexes[e]
	return b.derived().eflag[e] == fFog && (hs[0] < 0 || hs[1] < 0)
}

// NumIslands returns the number of islands (B17).
func (b *Board) NumIslands() int { return len(b.derived().islands) }

// Island returns the island of hex h, or −1 if h is not land. Islands are
// numbered in the reading order of their first hex.
func (b *Board) Island(h int) int { return b.derived().island[h] }

// IslandHexes returns the hexes of island i in reading order.
func (b *Board) IslandHexes(i int) []int { return b.derived().islands[i] }

// CornerIsland returns the island whose land hexes corner c touches (there
// is exactly one, B17), or −1 for a corner that is no land corner.
func (b *Board) CornerIsland(c int) int { return b.derived().cIsland[c] }

// Areas returns the scenario's areas (B17; new-world: the islands, named
// island-1, island-2, …, BOARDS §13.5).
func (b *Board) Areas() []Area { return slices.Clone(b.areas) }

// AreaIndex returns the index of the area named name, or −1.
func (b *Board) AreaIndex(name string) int {
	for i, a := range b.areas {
		if a.Name == name {
			return i
		}
	}
	return -1
}

// HexArea returns the area of hex h, or −1 for a hex in no area (sea, fog, a
// revealed fog position, a board not yet dealt).
func (b *Board) HexArea(h int) int { return b.hexArea[h] }

// AreaHexes returns the hexes of area a in reading order.
func (b *Board) AreaHexes(a int) []int { return b.derived().areaHexes[a] }

// JoinArea returns the area of a corner that touches land hexes of area
// cur (−1 while it touches none yet) and of area a (B17): a corner touching
// an area and the desert belongs to the area that is not `desert`; between
// two others, the lower index (no board of the contract has such a
// corner). The engine applies it to the terrain of the game (fog explored
// included) as the board does to the terrain it was dealt.
func JoinArea(areas []Area, cur, a int) int {
	switch {
	case cur < 0 || a == cur:
		return a
	case areas[a].Name == "desert":
		return cur
	case areas[cur].Name == "desert":
		return a
	}
	return min(cur, a)
}

// CornerArea returns the area of corner c (B17): the area of the land hexes
// it touches; a corner touching `desert` and another area belongs to the
// other (S95). It is −1 for a corner touching no land hex of an area.
func (b *Board) CornerArea(c int) int { return b.derived().cArea[c] }

// Sites returns the scenario's harbour locations H1, H2, … in the order of
// its harbour table, with the tokens they hold (HarbourUnknown while not
// dealt). In forgotten-tribe they are the harbour gifts on their gift
// edges, which are no harbours on the board (S101). New-world has no
// fixed locations: nil.
func (b *Board) Sites() []Harbour { return slices.Clone(b.sites) }

// Harbours returns the harbours on the board in edge order (the state's
// board.harbours): the sites, new-world's random harbours, or in
// forgotten-tribe those placed with PlaceHarbour.
func (b *Board) Harbours() []Harbour { return slices.Clone(b.harbours) }

// CornerHarbour returns the kind of the harbour whose harbour corner c is
// (B18, S63), or NoHarbour.
func (b *Board) CornerHarbour(c int) HarbourKind { return b.derived().cHarbour[c] }

// EdgeHarbour returns the kind of the harbour on edge e, or NoHarbour.
func (b *Board) EdgeHarbour(e int) HarbourKind { return b.derived().eHarbour[e] }

// Robber returns the robber's starting hex and true, or false when the
// scenario has no robber, starts it off the board (new-world), or the board
// is not yet dealt and the start depends on the deal (S46).
func (b *Board) Robber() (Pos, bool) {
	if b.robber < 0 {
		return Pos{}, false
	}
	return b.g.hexes[b.robber], true
}

// Pirate returns the pirate's starting hex and true, or false when the
// scenario has no pirate or starts it off the board (S46). The
// pirate-islands fleet is not the pirate: see FleetPath.
func (b *Board) Pirate() (Pos, bool) {
	if b.pirate < 0 {
		return Pos{}, false
	}
	return b.g.hexes[b.pirate], true
}

// FleetPath returns the pirate-islands fleet path (BOARDS §12.3), a closed
// loop starting with the fleet's starting hex H11, or nil.
func (b *Board) FleetPath() []Pos { return slices.Clone(b.def.fleet) }

// PirateBases returns each colour's pre-placed pieces, marked corner,
// fortress and route edges in pirate-islands (BOARDS §12.3), in the table's
// order red, blue, orange, white, or nil. With 3 seats white's is unused
// (S3).
func (b *Board) PirateBases() []PirateBase {
	out := slices.Clone(b.def.bases)
	for i := range out {
		out[i].Route = slices.Clone(out[i].Route)
	}
	return out
}

// Gifts returns the forgotten-tribe gifts lying on their gift edges at the
// start (BOARDS §12.1, S101) in edge order: the harbour gifts with
// their tokens (HarbourUnknown while not dealt), the special-victory-point
// chits and the development cards. Other scenarios: nil.
func (b *Board) Gifts() []Gift {
	if !b.def.giftSites {
		return nil
	}
	out := slices.Clone(b.def.gifts)
	for _, s := range b.sites {
		out = append(out, Gift{Edge: s.Edge, Kind: GiftHarbour, Harbour: s.Kind})
	}
	slices.SortFunc(out, func(x, y Gift) int { return x.Edge.Compare(y.Edge) })
	return out
}

// Villages returns the cloth-for-catan villages in corner order (BOARDS
// §12.2), or nil.
func (b *Board) Villages() []Village { return slices.Clone(b.def.villages) }

// MarkedCorners returns the wonders-of-catan special corners in corner
// order (BOARDS §12.4), or nil.
func (b *Board) MarkedCorners() []MarkedCorner { return slices.Clone(b.def.marks) }

// CornerMarkAt returns the wonders-of-catan mark of corner k, or NoMark.
func (b *Board) CornerMarkAt(k Corner) CornerMark {
	for _, m := range b.def.marks {
		if m.Corner == k {
			return m.Mark
		}
	}
	return NoMark
}

// FogStack returns the fog-island stack at the start (BOARDS §10) and true,
// or false for a scenario without fog.
func (b *Board) FogStack() (FogStack, bool) {
	if b.def.fog == nil {
		return FogStack{}, false
	}
	f := *b.def.fog
	f.Numbers = slices.Clone(f.Numbers)
	return f, true
}

// Unexplored returns the positions that are still fog, in reading order.
func (b *Board) Unexplored() []Pos {
	var out []Pos
	for h, x := range b.hexes {
		if x.Terrain == Fog {
			out = append(out, b.g.hexes[h])
		}
	}
	return out
}

// Explore returns the board with the fog position p revealed as x (RULES
// S99, S100; the edit `explore`): x.Terrain is sea or a land terrain, with a
// number only on a producing terrain (a producing tile may be given without
// one). The revealed hex joins or forms an island by B17 and belongs to no
// area. Errors are *ChangeError.
func (b *Board) Explore(p Pos, x Hex) (*Board, error) {
	h := b.g.hexIndex(p)
	if h < 0 || b.hexes[h].Terrain != Fog {
		return nil, &ChangeError{Rule: "S99", At: p.String(), Reason: "not an unexplored fog position"}
	}
	if x.Terrain != Sea && !x.Terrain.IsLand() {
		return nil, &ChangeError{Rule: "S99", At: p.String(), Reason: "a fog tile is sea or land, not " + x.Terrain.String()}
	}
	if x.Number != 0 && (!x.Terrain.Produces() || x.Number < 2 || x.Number > 12 || x.Number == 7) {
		return nil, &ChangeError{Rule: "S99", At: p.String(), Reason: "no number token " + strconv.Itoa(x.Number) + " on " + x.Terrain.String()}
	}
	c := b.clone()
	c.hexes[h] = x
	c.derive()
	return c, nil
}

// PlaceHarbour returns the board with a harbour of kind k on edge x (RULES
// S105): x must be a coastal edge of the board (B16) holding no harbour and
// sharing no corner with a harbour on the board (B18). Harbour gifts still on
// their gift edges do not count. Errors are *ChangeError.
func (b *Board) PlaceHarbour(x Edge, k HarbourKind) (*Board, error) {
	e := b.g.edgeIndex(x)
	if e < 0 {
		return nil, &ChangeError{Rule: "B18", At: x.String(), Reason: "not an edge of the board"}
	}
	if k.Ratio() == 0 {
		return nil, &ChangeError{Rule: "B18", At: x.String(), Reason: "no harbour kind"}
	}
	if b.derived().ekind[e] != CoastalEdge {
		return nil, &ChangeError{Rule: "B18", At: x.String(), Reason: "a harbour lies on a coastal edge"}
	}
	for _, c := range b.g.edgeEnds[e] {
		if b.derived().cHarbour[c] != NoHarbour {
			return nil, &ChangeError{Rule: "B18", At: x.String(), Reason: "a harbour already has the corner " + b.g.corners[c].String()}
		}
	}
	land := x.A
	if hs := b.g.edgeHexes[e]; hs[0] < 0 || !b.hexes[hs[0]].Terrain.IsLand() {
		land = x.B
	}
	c := b.clone()
	c.harbours = append(c.harbours, Harbour{Edge: x, Land: land, Kind: k})
	slices.SortFunc(c.harbours, Harbour.Compare)
	c.derive()
	return c, nil
}
