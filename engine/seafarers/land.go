package seafarers

import (
	"slices"
	"strconv"

	"github.com/elasund/elasund/engine/seafarers/board"
)

// land is what the game knows of the board's terrain: every hex's terrain
// and number, the harbours on the board, and what follows from them (B16,
// B17, B18). The board package gives the geometry and the scenario's fixed
// data; the terrain is kept here because it is restored from a stored state
// (Load) and changed by exploration and harbour gifts. A land is immutable:
// a change makes a new one, so games share it.
type land struct {
	dealt    bool
	hexes    []board.Hex
	harbours []board.Harbour // on the board, edge order
	areas    []board.Area
	hexArea  []int

	cflag    []uint8
	ekind    []board.EdgeKind
	eflag    []uint8
	cArea    []int
	cIsland  []int
	cHarbour []board.HarbourKind
	eHarbour []board.HarbourKind
	// harbourCorners are the corners on a harbour (cHarbour is not
	// NoHarbour), a bit each.
	harbourCorners cornerSet
	// island numbers the islands by hex (islands), -1 for no land.
	island []int

	// roadOK and shipOK are the edges where the terrain allows a road
	// (roadEdge) or a ship (shipEdge).
	roadOK, shipOK edgeSet
	// numbered lists the hexes by number token.
	numbered [13][]int
	// landHexes and seaHexes are the land and the sea hexes, a bit each.
	landHexes, seaHexes uint64
}

// Corner and edge flags (B16).
const (
	fLand    = 1 << iota // touches a land hex
	fCoastal             // a land corner touching a sea hex or the frame
	fFog                 // touches an unexplored fog position
	fUnknown             // touches a position not yet dealt
)

// landOf returns the terrain of board b as b gives it.
func landOf(b *board.Board) *land {
	hexArea := make([]int, b.NumHexes())
	for h := range hexArea {
		hexArea[h] = b.HexArea(h)
	}
	return newLand(b, b.Dealt(), b.Hexes(), b.Harbours(), b.Areas(), hexArea)
}

// newLand derives a land from its hexes, harbours and areas.
func newLand(b *board.Board, dealt bool, hexes []board.Hex, harbours []board.Harbour, areas []board.Area, hexArea []int) *land {
	l := &land{dealt: dealt, hexes: hexes, harbours: harbours, areas: areas, hexArea: hexArea}
	slices.SortFunc(l.harbours, board.Harbour.Compare)
	nc, ne := b.NumCorners(), b.NumEdges()
	l.cflag = make([]uint8, nc)
	l.cArea = make([]int, nc)
	l.cIsland = make([]int, nc)
	l.cHarbour = make([]board.HarbourKind, nc)
	l.island = l.islands(b)
	for c := 0; c < nc; c++ {
		l.deriveCorner(b, c)
	}
	l.ekind = make([]board.EdgeKind, ne)
	l.eflag = make([]uint8, ne)
	l.eHarbour = make([]board.HarbourKind, ne)
	for e := 0; e < ne; e++ {
		l.deriveEdge(b, e)
	}
	for h, x := range l.hexes {
		if x.Number > 0 && x.Number < len(l.numbered) {
			l.numbered[x.Number] = append(l.numbered[x.Number], h)
		}
		l.deriveHexBits(h)
	}
	l.layHarbours(b)
	return l
}

// layHarbours writes the harbour lookups of l's harbours, in edge order,
// into its lookups, which hold none.
func (l *land) layHarbours(b *board.Board) {
	for _, hb := range l.harbours {
		e := b.EdgeIndex(hb.Edge)
		if e < 0 {
			continue
		}
		l.eHarbour[e] = hb.Kind
		for _, c := range b.EdgeEnds(e) {
			l.cHarbour[c] = hb.Kind
			if hb.Kind != board.NoHarbour {
				l.harbourCorners.add(c)
			}
		}
	}
}

// landDealt returns the land of board nb, dealt from the new board whose
// land is base. When the deal left the terrain as it was (a fixed layout,
// whose harbours alone are shuffled), nb's harbours are laid on base's
// terrain, which the two share; else the land is worked out afresh
// (landOf).
func landDealt(base *land, nb *board.Board) *land {
	if base == nil || !sameTerrain(base, nb) {
		return landOf(nb)
	}
	n := *base
	n.dealt = nb.Dealt()
	n.harbours = nb.Harbours()
	slices.SortFunc(n.harbours, board.Harbour.Compare)
	n.eHarbour = make([]board.HarbourKind, len(base.eHarbour))
	n.cHarbour = make([]board.HarbourKind, len(base.cHarbour))
	n.harbourCorners = cornerSet{}
	n.layHarbours(nb)
	return &n
}

// sameTerrain reports whether board nb has the hexes and areas of land l.
func sameTerrain(l *land, nb *board.Board) bool {
	if nb.NumHexes() != len(l.hexes) {
		return false
	}
	for h := range l.hexes {
		if nb.Hex(h) != l.hexes[h] || nb.HexArea(h) != l.hexArea[h] {
			return false
		}
	}
	return slices.Equal(nb.Areas(), l.areas)
}

// side returns the flag a side of a corner or an edge gives: land, fog or
// not yet dealt; the frame (h < 0) counts as sea (B15).
func (l *land) side(h int) uint8 {
	if h < 0 {
		return 0
	}
	switch t := l.hexes[h].Terrain; {
	case t.IsLand():
		return fLand
	case t == board.Fog:
		return fFog
	case t == board.Unknown:
		return fUnknown
	}
	return 0
}

// wet reports whether side h is water: a sea hex or the frame.
func (l *land) wet(h int) bool { return h < 0 || l.hexes[h].Terrain == board.Sea }

// deriveCorner works out corner c's flags, area and island from the hexes
// at it (and l.island).
func (l *land) deriveCorner(b *board.Board, c int) {
	var f uint8
	water := false
	l.cArea[c], l.cIsland[c] = -1, -1
	for _, h := range b.CornerHexes(c) {
		f |= l.side(h)
		water = water || l.wet(h)
		if h < 0 || !l.hexes[h].Terrain.IsLand() {
			continue
		}
		if l.cIsland[c] < 0 {
			l.cIsland[c] = l.island[h]
		}
		a := l.hexArea[h]
		if a < 0 {
			continue
		}
		l.cArea[c] = board.JoinArea(l.areas, l.cArea[c], a) // B17, S95, V17
	}
	if f&fLand != 0 && water {
		f |= fCoastal
	}
	l.cflag[c] = f
}

// islandAt returns the island of corner c (l.island of its first land
// hex), -1 for none, as deriveCorner works it out.
func (l *land) islandAt(b *board.Board, c int) int {
	for _, h := range b.CornerHexes(c) {
		if h >= 0 && l.hexes[h].Terrain.IsLand() {
			return l.island[h]
		}
	}
	return -1
}

// deriveEdge works out edge e's kind and flags from its two sides, and
// whether the terrain allows a road or a ship on it.
func (l *land) deriveEdge(b *board.Board, e int) {
	hs := b.EdgeHexes(e)
	a, z := hs[0], hs[1]
	fa, fz := l.side(a), l.side(z)
	l.eflag[e] = fa | fz
	l.ekind[e] = board.NoEdgeKind
	switch {
	case fa == fLand && fz == fLand:
		l.ekind[e] = board.LandEdge
	case fa == fLand && l.wet(z), fz == fLand && l.wet(a):
		l.ekind[e] = board.CoastalEdge
	case fa != fLand && fz != fLand && (a >= 0 && l.hexes[a].Terrain == board.Sea || z >= 0 && l.hexes[z].Terrain == board.Sea):
		l.ekind[e] = board.SeaEdge
	}
	l.roadOK.remove(e)
	if l.roadEdge(e) {
		l.roadOK.add(e)
	}
	l.shipOK.remove(e)
	if l.shipEdge(b, e) {
		l.shipOK.add(e)
	}
}

// deriveHexBits sets hex h's bit in landHexes and seaHexes from its
// terrain.
func (l *land) deriveHexBits(h int) {
	l.landHexes &^= 1 << h
	l.seaHexes &^= 1 << h
	switch t := l.hexes[h].Terrain; {
	case t.IsLand():
		l.landHexes |= 1 << h
	case t == board.Sea:
		l.seaHexes |= 1 << h
	}
}

// islands numbers the islands (B17) in the reading order of their first
// hex, by hex; -1 for no land.
func (l *land) islands(b *board.Board) []int {
	island := make([]int, len(l.hexes))
	for i := range island {
		island[i] = -1
	}
	k := 0
	for h := range l.hexes {
		if island[h] >= 0 || !l.hexes[h].Terrain.IsLand() {
			continue
		}
		stack := []int{h}
		island[h] = k
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, n := range b.HexNeighbours(x) {
				if n >= 0 && island[n] < 0 && l.hexes[n].Terrain.IsLand() {
					island[n] = k
					stack = append(stack, n)
				}
			}
		}
		k++
	}
	return island
}

// newWorldAreas names new-world's islands island-1, island-2, … in the
// reading order of their first hex (BOARDS §13.5); setup may use any.
func newWorldAreas(b *board.Board, hexes []board.Hex) ([]board.Area, []int) {
	l := &land{hexes: hexes}
	island := l.islands(b)
	n := 0
	for _, i := range island {
		n = max(n, i+1)
	}
	areas := make([]board.Area, n)
	for i := range areas {
		areas[i] = board.Area{Name: "island-" + strconv.Itoa(i+1), Setup: true}
	}
	return areas, island
}

// withHex returns the land with hex h changed (an exploration, S99): what
// follows from the terrain is worked out again where hex h counts, at its
// corners and sides, the islands when land came or went, and then their
// numbers at every corner when they changed; the rest is shared with l or
// copied.
func (l *land) withHex(b *board.Board, h int, x board.Hex) *land {
	n := *l
	n.hexes = slices.Clone(l.hexes)
	n.hexes[h] = x
	n.cflag, n.cArea, n.cIsland = slices.Clone(l.cflag), slices.Clone(l.cArea), slices.Clone(l.cIsland)
	n.ekind, n.eflag = slices.Clone(l.ekind), slices.Clone(l.eflag)
	// The lists by number are in hex order, shared with l: copied on
	// write.
	if was := l.hexes[h].Number; was > 0 && was < len(n.numbered) {
		n.numbered[was] = slices.DeleteFunc(slices.Clone(n.numbered[was]), func(k int) bool { return k == h })
		if len(n.numbered[was]) == 0 {
			n.numbered[was] = nil
		}
	}
	if x.Number > 0 && x.Number < len(n.numbered) {
		list := slices.Clone(n.numbered[x.Number])
		i, _ := slices.BinarySearch(list, h)
		n.numbered[x.Number] = slices.Insert(list, i, h)
	}
	n.deriveHexBits(h)
	if l.hexes[h].Terrain.IsLand() || x.Terrain.IsLand() {
		n.island = n.islands(b) // land came or went
	}
	for _, c := range b.HexCorners(h) {
		if c >= 0 {
			n.deriveCorner(b, c)
		}
	}
	if !slices.Equal(n.island, l.island) {
		for c := range n.cIsland {
			n.cIsland[c] = n.islandAt(b, c)
		}
	}
	for _, e := range b.HexSides(h) {
		if e >= 0 {
			n.deriveEdge(b, e)
		}
	}
	return &n
}

// withHarbour returns the land with a harbour added (S105). A harbour on
// an edge of the board with no harbour at its corners, as S105 places it,
// changes only the harbour lookups at the edge and its corners: the rest
// is shared with l. Another is worked out as newLand works out a land.
func (l *land) withHarbour(b *board.Board, hb board.Harbour) *land {
	harbours := append(slices.Clone(l.harbours), hb)
	e := b.EdgeIndex(hb.Edge)
	if e < 0 || l.harbourAt(b, e) {
		return newLand(b, l.dealt, l.hexes, harbours, l.areas, l.hexArea)
	}
	n := *l
	slices.SortFunc(harbours, board.Harbour.Compare)
	n.harbours = harbours
	n.eHarbour, n.cHarbour = slices.Clone(l.eHarbour), slices.Clone(l.cHarbour)
	n.eHarbour[e] = hb.Kind
	for _, c := range b.EdgeEnds(e) {
		n.cHarbour[c] = hb.Kind
		if hb.Kind != board.NoHarbour {
			n.harbourCorners.add(c)
		}
	}
	return &n
}

// harbourAt reports whether a harbour of l lies on edge e or on an edge
// sharing a corner with it.
func (l *land) harbourAt(b *board.Board, e int) bool {
	ends := b.EdgeEnds(e)
	for _, hb := range l.harbours {
		x := b.EdgeIndex(hb.Edge)
		if x < 0 {
			continue
		}
		for _, c := range b.EdgeEnds(x) {
			if c == ends[0] || c == ends[1] {
				return true
			}
		}
	}
	return false
}

// roadEdge reports whether edge e may carry a road as the terrain decides
// (S51, S17): a land or coastal edge, or land beside an unexplored position.
func (l *land) roadEdge(e int) bool {
	switch l.ekind[e] {
	case board.LandEdge, board.CoastalEdge:
		return true
	}
	return l.eflag[e] == fLand|fFog
}

// shipEdge reports whether edge e may carry a ship as the terrain decides
// (S52, S17): a sea or coastal edge, or an unexplored position beside the
// frame.
func (l *land) shipEdge(b *board.Board, e int) bool {
	switch l.ekind[e] {
	case board.SeaEdge, board.CoastalEdge:
		return true
	}
	hs := b.EdgeHexes(e)
	return l.eflag[e] == fFog && (hs[0] < 0 || hs[1] < 0)
}

func (l *land) landCorner(c int) bool       { return l.cflag[c]&fLand != 0 }
func (l *land) coastalCorner(c int) bool    { return l.cflag[c]&fCoastal != 0 }
func (l *land) cornerUnexplored(c int) bool { return l.cflag[c]&(fFog|fUnknown) != 0 }
func (l *land) edgeUnexplored(e int) bool   { return l.eflag[e]&(fFog|fUnknown) != 0 }
