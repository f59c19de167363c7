package seafarers

import (
	"github.com/elasund/elasund/engine/seafarers/board"

	game "github.com/elasund/elasund/engine/seafarers"
)

// The two ways a network grows: roads over land and coast, ships over sea
// and coast (S51–S55). They meet only at one's own building (S53).
const (
	modeRoad = 0
	modeShip = 1
)

// unreached is the distance of a corner the network cannot reach.
const unreached = 1 << 14

// step is one piece of a path: the edge and whether it is a ship.
type step struct {
	edge int
	ship bool
}

// overlay changes my network for a what-if: a building on a corner, up to
// two pieces added, one of my ships removed (-1 for none).
type overlay struct {
	building int
	add      [2]int
	addShip  [2]bool
	remove   int
}

// noOverlay is the network as it is.
var noOverlay = overlay{building: -1, add: [2]int{-1, -1}, remove: -1}

// network is how far each corner is from my network, in pieces to build,
// for each mode, with the way back (a 0-1 breadth-first search from my
// buildings and the ends of my roads and ships).
type network struct {
	v    *view
	o    overlay
	dist [][2]int16
	// prev is the state a corner's best way comes from (corner*2+mode)
	// and the edge it crosses; -1 at a source.
	prev     [][2]int32
	prevEdge [][2]int16
	queue    []int32
	// edges are the edges' states in the what-if (edgeFree, …).
	edges []uint8
}

// roadOK reports whether a road may ever go on edge e (S51, S17, S117).
func (v *view) roadOK(e int) bool {
	switch v.g.EdgeKind(e) {
	case board.LandEdge, board.CoastalEdge:
	default:
		return false
	}
	for _, h := range v.b.EdgeHexes(e) {
		if h >= 0 && v.g.Pending(h) {
			return false
		}
	}
	if v.sc == board.PirateIslands {
		east := false
		for _, h := range v.b.EdgeHexes(e) {
			if h >= 0 && v.isEast(h) {
				east = true
			}
		}
		return east
	}
	return true
}

// shipOK reports whether a ship may go on edge e now (S52, S45, S17);
// pirate-islands ships follow their route (chainPlans), never this search.
func (v *view) shipOK(e int) bool {
	if v.sc == board.Base || v.sc == board.PirateIslands {
		return false
	}
	switch v.g.EdgeKind(e) {
	case board.SeaEdge, board.CoastalEdge:
	default:
		return false
	}
	p := v.g.Pirate()
	for _, h := range v.b.EdgeHexes(e) {
		if h >= 0 && (h == p || v.g.Pending(h)) {
			return false
		}
	}
	return true
}

// isEast reports whether hex h is on pirate-islands' eastern island.
func (v *view) isEast(h int) bool {
	a := v.b.HexArea(h)
	areas := v.areas()
	return a >= 0 && a < len(areas) && areas[a].Name == "east"
}

// areas returns the board's areas (cached on the view).
func (v *view) areas() []board.Area {
	if v.areaList == nil {
		v.areaList = v.g.Areas()
	}
	return v.areaList
}

// mine reports whether corner c holds my building (or the overlay's).
func (n *network) mine(c int) bool {
	if c == n.o.building {
		return true
	}
	o, _ := n.v.g.BuildingAt(c)
	return o == n.v.me
}

// blocked reports whether corner c holds another seat's building or a
// fortress, which a network may reach but not pass (S53, S54).
func (n *network) blocked(c int) bool {
	return n.v.occupied[c] && !n.mine(c)
}

// The states of an edge in a what-if (network.edges).
const (
	edgeFree    uint8 = iota // empty
	edgeOwnRoad              // my road
	edgeOwnShip              // my ship
	edgeTaken                // another seat's piece
)

// edgeState reads the state of edge e in the what-if from the game.
func (n *network) edgeState(e int) uint8 {
	if e == n.o.remove {
		return edgeFree
	}
	for i, a := range n.o.add {
		if a == e {
			if n.o.addShip[i] {
				return edgeOwnShip
			}
			return edgeOwnRoad
		}
	}
	o, p, _ := n.v.g.PieceAt(e)
	switch {
	case o == game.NoColour:
		return edgeFree
	case o != n.v.me:
		return edgeTaken
	case p == game.Ship:
		return edgeOwnShip
	}
	return edgeOwnRoad
}

// own reports whether edge e holds my piece of mode m in the what-if.
func (n *network) own(e, m int) bool {
	if m == modeShip {
		return n.edges[e] == edgeOwnShip
	}
	return n.edges[e] == edgeOwnRoad
}

// free reports whether edge e is empty in the what-if.
func (n *network) free(e int) bool { return n.edges[e] == edgeFree }

// search returns the distances of my network under overlay o. Its
// arrays come from a network recycle gave back, when there is one.
func (v *view) search(o overlay) *network {
	b := v.b
	nc := b.NumCorners()
	var n *network
	if k := len(v.spare); k > 0 {
		n, v.spare = v.spare[k-1], v.spare[:k-1]
		n.o, n.queue = o, n.queue[:0]
	} else {
		n = &network{v: v, o: o, dist: make([][2]int16, nc), prev: make([][2]int32, nc), prevEdge: make([][2]int16, nc),
			edges: make([]uint8, b.NumEdges())}
	}
	for e := range n.edges {
		n.edges[e] = n.edgeState(e)
	}
	for c := range nc {
		n.dist[c] = [2]int16{unreached, unreached}
		n.prev[c] = [2]int32{-1, -1}
		n.prevEdge[c] = [2]int16{-1, -1}
	}
	ships := v.sc != board.Base
	push := func(c, m int) {
		if n.dist[c][m] != 0 {
			n.dist[c][m] = 0
			n.queue = append(n.queue, int32(c*2+m))
		}
	}
	for c := range nc {
		if n.mine(c) {
			push(c, modeRoad)
			if ships {
				push(c, modeShip)
			}
		}
	}
	for e := range b.NumEdges() {
		for m := range 2 {
			if n.own(e, m) {
				for _, c := range b.EdgeEnds(e) {
					if !n.blocked(c) {
						push(c, m)
					}
				}
			}
		}
	}
	// 0-1 search: a deque as two stacks would do; distances are small, so
	// a bucketed queue by distance is simpler.
	buckets := [][]int32{n.queue}
	for d := 0; d < len(buckets); d++ {
		for i := 0; i < len(buckets[d]); i++ {
			st := buckets[d][i]
			c, m := int(st/2), int(st%2)
			if int(n.dist[c][m]) != d || n.blocked(c) {
				continue
			}
			relax := func(c2, m2, d2 int, e int) {
				if d2 < int(n.dist[c2][m2]) {
					n.dist[c2][m2] = int16(d2)
					n.prev[c2][m2] = st
					n.prevEdge[c2][m2] = int16(e)
					for len(buckets) <= d2 {
						buckets = append(buckets, nil)
					}
					buckets[d2] = append(buckets[d2], int32(c2*2+m2))
				}
			}
			if ships && n.mine(c) {
				relax(c, 1-m, d, -1)
			}
			for _, e := range b.CornerEdges(c) {
				ends := b.EdgeEnds(e)
				c2 := ends[0]
				if c2 == c {
					c2 = ends[1]
				}
				switch {
				case n.own(e, m):
					relax(c2, m, d, e)
				case !n.free(e):
				case m == modeRoad && v.roadOK(e):
					relax(c2, m, d+1, e)
				case m == modeShip && v.shipOK(e):
					relax(c2, m, d+1, e)
				}
			}
		}
	}
	return n
}

// to returns the distance of corner c and the mode reaching it first
// (roads on ties).
func (n *network) to(c int) (int, int) {
	d := n.dist[c]
	if d[modeShip] < d[modeRoad] {
		return int(d[modeShip]), modeShip
	}
	return int(d[modeRoad]), modeRoad
}

// recycle gives back a network nobody uses any more, for search to reuse
// its arrays.
func (v *view) recycle(n *network) {
	v.spare = append(v.spare, n)
}

// path returns the pieces to build to reach corner c in mode m, from my
// network outwards.
func (n *network) path(c, m int) []step {
	var out []step
	for n.prev[c][m] >= 0 {
		e := int(n.prevEdge[c][m])
		p := n.prev[c][m]
		if e >= 0 && n.free(e) {
			out = append(out, step{edge: e, ship: m == modeShip})
		}
		c, m = int(p/2), int(p%2)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}
