package seafarers

import (
	"math/bits"

	"github.com/elasund/elasund/engine/seafarers/board"
)

// This file holds the bit sets of corners and edges that the listings work
// on, the board's geometry as bit sets, and the pieces of each seat kept as
// bit sets beside the corner and edge arrays.

// edgeSet is a set of edges, a bit each.
type edgeSet [(maxEdges + 63) / 64]uint64

func (s *edgeSet) add(e int)      { s[e>>6] |= 1 << (e & 63) }
func (s *edgeSet) remove(e int)   { s[e>>6] &^= 1 << (e & 63) }
func (s *edgeSet) has(e int) bool { return s[e>>6]&(1<<(e&63)) != 0 }

// The operations on whole sets are written out word by word: the
// compiler keeps a loop over an array's words as a loop, and these run in
// every listing. An edgeSet has three words and a cornerSet two; the
// constants below do not compile if that changes.
const (
	_ = uint(len(edgeSet{}) - 3)
	_ = uint(3 - len(edgeSet{}))
	_ = uint(len(cornerSet{}) - 2)
	_ = uint(2 - len(cornerSet{}))
)

// or adds the edges of o.
func (s *edgeSet) or(o *edgeSet) {
	s[0], s[1], s[2] = s[0]|o[0], s[1]|o[1], s[2]|o[2]
}

// and keeps the edges of o only.
func (s *edgeSet) and(o *edgeSet) {
	s[0], s[1], s[2] = s[0]&o[0], s[1]&o[1], s[2]&o[2]
}

// andNot removes the edges of o.
func (s *edgeSet) andNot(o *edgeSet) {
	s[0], s[1], s[2] = s[0]&^o[0], s[1]&^o[1], s[2]&^o[2]
}

// count is the number of edges in the set.
func (s *edgeSet) count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2])
}

// next returns the first edge of the set from e on, or -1.
func (s *edgeSet) next(e int) int {
	i := e >> 6
	if i >= len(s) {
		return -1
	}
	w := s[i] &^ (1<<(e&63) - 1)
	for w == 0 {
		if i++; i >= len(s) {
			return -1
		}
		w = s[i]
	}
	return i<<6 + bits.TrailingZeros64(w)
}

// cornerSet is a set of corners, a bit each.
type cornerSet [(maxCorners + 63) / 64]uint64

func (s *cornerSet) add(c int)      { s[c>>6] |= 1 << (c & 63) }
func (s *cornerSet) remove(c int)   { s[c>>6] &^= 1 << (c & 63) }
func (s *cornerSet) has(c int) bool { return s[c>>6]&(1<<(c&63)) != 0 }

// or adds the corners of o.
func (s *cornerSet) or(o *cornerSet) {
	s[0], s[1] = s[0]|o[0], s[1]|o[1]
}

// and keeps only the corners of o.
func (s *cornerSet) and(o *cornerSet) {
	s[0], s[1] = s[0]&o[0], s[1]&o[1]
}

// meets reports whether s and o share a corner.
func (s *cornerSet) meets(o *cornerSet) bool {
	return s[0]&o[0]|s[1]&o[1] != 0
}

// andNot removes the corners of o.
func (s *cornerSet) andNot(o *cornerSet) {
	s[0], s[1] = s[0]&^o[0], s[1]&^o[1]
}

// next returns the first corner of the set from c on, or -1.
func (s *cornerSet) next(c int) int {
	i := c >> 6
	if i >= len(s) {
		return -1
	}
	w := s[i] &^ (1<<(c&63) - 1)
	for w == 0 {
		if i++; i >= len(s) {
			return -1
		}
		w = s[i]
	}
	return i<<6 + bits.TrailingZeros64(w)
}

// geometry is a board's adjacency as bit sets, fixed for a game.
type geometry struct {
	cornerEdges []edgeSet    // the edges at each corner
	cornerNbrs  []cornerSet  // the corners next to each corner
	hexSides    []edgeSet    // the sides of each hex
	hexCorners  []cornerSet  // the corners of each hex
	cornerHexes []uint64     // the hexes at each corner, a bit each
	edgeHexes   []uint64     // the hexes each edge is a side of, a bit each
	edgeEnds    [][2]uint8   // the corners each edge joins (board.EdgeEnds), small
	edgeNames   []board.Edge // each edge as the board names it (board.Edge)
	// hexMoves are the robber's and the pirate's moves to each hex without
	// a steal, hexMoves[0][h] and hexMoves[1][h]: the listing copies them
	// whole (appendHexMoves).
	hexMoves [2][]Action
}

// newGeometry returns the geometry of board b.
func newGeometry(b *board.Board) *geometry {
	geo := &geometry{
		cornerEdges: make([]edgeSet, b.NumCorners()),
		cornerNbrs:  make([]cornerSet, b.NumCorners()),
		hexSides:    make([]edgeSet, b.NumHexes()),
		hexCorners:  make([]cornerSet, b.NumHexes()),
		cornerHexes: make([]uint64, b.NumCorners()),
		edgeHexes:   make([]uint64, b.NumEdges()),
		edgeEnds:    make([][2]uint8, b.NumEdges()),
		edgeNames:   make([]board.Edge, b.NumEdges()),
	}
	for i, k := range [2]ActionKind{ActRobber, ActPirate} {
		geo.hexMoves[i] = make([]Action, b.NumHexes())
		for h := range geo.hexMoves[i] {
			geo.hexMoves[i][h] = Action{Kind: k, Hex: b.HexPos(h)}
		}
	}
	for c := range geo.cornerEdges {
		for i, e := range b.CornerEdges(c) {
			geo.cornerEdges[c].add(e)
			geo.cornerNbrs[c].add(b.CornerAdjacent(c)[i])
		}
	}
	for h := range geo.hexSides {
		for _, e := range b.HexSides(h) {
			if e >= 0 {
				geo.hexSides[h].add(e)
			}
		}
		for _, c := range b.HexCorners(h) {
			if c >= 0 {
				geo.hexCorners[h].add(c)
				geo.cornerHexes[c] |= 1 << h
			}
		}
	}
	for e := range geo.edgeHexes {
		x := b.EdgeEnds(e)
		geo.edgeEnds[e] = [2]uint8{uint8(x[0]), uint8(x[1])}
		geo.edgeNames[e] = b.Edge(e)
		for _, h := range b.EdgeHexes(e) {
			if h >= 0 {
				geo.edgeHexes[e] |= 1 << h
			}
		}
	}
	return geo
}

// pieceSets are the pieces on the board as bit sets, kept with the
// corner and edge arrays: every change of a piece goes through setEdge or
// setCorner, and reindex rebuilds them after the arrays were written
// directly (loading, edits).
type pieceSets struct {
	roads, ships [4]edgeSet   // each seat's roads and ships
	buildings    [4]cornerSet // each seat's settlements and cities
	occupied     edgeSet      // every road and ship
	taken        cornerSet    // every corner piece, fortresses included
}

// setEdge puts piece p on edge e.
func (g *Game) setEdge(e int, p edgePiece) {
	g.rev++
	if o := g.edges[e].owner(); o >= 0 {
		g.sets.roads[o].remove(e)
		g.sets.ships[o].remove(e)
	}
	g.edges[e] = p
	g.sets.occupied.remove(e)
	if o := p.owner(); o >= 0 {
		if p.ship {
			g.sets.ships[o].add(e)
		} else {
			g.sets.roads[o].add(e)
		}
		g.sets.occupied.add(e)
	}
}

// moveShipPiece moves the ship on edge from to edge to, as setEdge(from,
// nothing) and setEdge(to, the ship) would, writing only the two sets a
// ship is in when to is empty (a ship move's destination always is, S59):
// about 4,500 ship moves in ten wonders-of-catan games.
func (g *Game) moveShipPiece(from, to int) {
	p := g.edges[from]
	o := p.owner()
	if o < 0 || !p.ship || g.edges[to].own != 0 {
		g.setEdge(from, edgePiece{})
		g.setEdge(to, p)
		return
	}
	g.rev++
	g.edges[from], g.edges[to] = edgePiece{}, p
	g.sets.ships[o].remove(from)
	g.sets.ships[o].add(to)
	g.sets.occupied.remove(from)
	g.sets.occupied.add(to)
}

// setCorner puts piece p on corner c.
func (g *Game) setCorner(c int, p cornerPiece) {
	g.rev++
	if o := g.corners[c].owner(); o >= 0 {
		g.sets.buildings[o].remove(c)
	}
	g.corners[c] = p
	g.sets.taken.remove(c)
	if o := p.owner(); o >= 0 {
		if p.kind == settlement || p.kind == city {
			g.sets.buildings[o].add(c)
		}
		g.sets.taken.add(c)
	}
}

// reindex rebuilds the piece sets from the corner and edge arrays.
func (g *Game) reindex() {
	g.rev++
	g.sets = pieceSets{}
	for e, p := range g.edges {
		if p.own != 0 {
			g.setEdge(e, p)
		}
	}
	for c, p := range g.corners {
		if p.own != 0 {
			g.setCorner(c, p)
		}
	}
	g.seatWonder, g.wondersStarted = [4]Wonder{}, 0
	for w := Cathedral; w >= Theater; w-- { // the lowest a seat owns, as a scan finds it
		if o := g.wonders[w].owner; o >= 0 && o < len(g.seatWonder) {
			g.seatWonder[o] = w
			g.wondersStarted |= 1 << w
		}
	}
}
