package seafarers

// presence marks, per corner, what one seat has there: the cheap first
// filter of the listings (a road, ship or settlement can only go next to
// the seat's own pieces, S49, S54, S55).
type presence [maxIndex]uint8

// Presence flags.
const (
	preBuilding = 1 << iota // the seat's settlement or city
	preRoad                 // one of its roads ends here
	preShip                 // one of its ships ends here
	preOther                // another seat's building
)

// presenceOf fills p for seat s, leaving out the piece on edge skip (a
// ship being moved), -1 for none.
func (g *Game) presenceOf(p *presence, s, skip int) {
	*p = presence{}
	own := int8(s + 1)
	for c, cp := range g.corners {
		if c >= maxIndex || cp.own == 0 || cp.kind == fortress {
			continue
		}
		if cp.own == own {
			p[c] |= preBuilding
		} else {
			p[c] |= preOther
		}
	}
	for e, ep := range g.edges {
		if ep.own != own || e == skip {
			continue
		}
		f := uint8(preRoad)
		if ep.ship {
			f = preShip
		}
		for _, c := range g.b.EdgeEnds(e) {
			if c < maxIndex {
				p[c] |= f
			}
		}
	}
}

// mayRoad reports whether a road on edge e could join the seat's network
// (S54); roadProblem decides.
func (p *presence) mayRoad(g *Game, e int) bool {
	for _, c := range g.b.EdgeEnds(e) {
		if c < maxIndex && (p[c]&preBuilding != 0 || p[c]&(preRoad|preOther) == preRoad) {
			return true
		}
	}
	return false
}

// mayShip reports whether a ship on edge e could join the seat's network
// (S55); shipProblem decides.
func (p *presence) mayShip(g *Game, e int) bool {
	for _, c := range g.b.EdgeEnds(e) {
		if c < maxIndex && (p[c]&preBuilding != 0 || p[c]&(preShip|preOther) == preShip) {
			return true
		}
	}
	return false
}

// edgeSet marks edges, by index.
type edgeSet [maxIndex]bool

// shipEdges marks the empty edges at corners where a ship could join the
// seat's network (S55): its buildings, or its ships' ends without another
// seat's building. shipProblem decides.
func (p *presence) shipEdges(g *Game, set *edgeSet) {
	*set = edgeSet{}
	for c := 0; c < g.b.NumCorners() && c < maxIndex; c++ {
		if p[c]&preBuilding == 0 && p[c]&(preShip|preOther) != preShip {
			continue
		}
		for _, e := range g.b.CornerEdges(c) {
			if e < maxIndex && g.edges[e].own == 0 {
				set[e] = true
			}
		}
	}
}

// roadEdges marks the empty edges at corners where a road could join the
// seat's network (S54). roadProblem decides.
func (p *presence) roadEdges(g *Game, set *edgeSet) {
	*set = edgeSet{}
	for c := 0; c < g.b.NumCorners() && c < maxIndex; c++ {
		if p[c]&preBuilding == 0 && p[c]&(preRoad|preOther) != preRoad {
			continue
		}
		for _, e := range g.b.CornerEdges(c) {
			if e < maxIndex && g.edges[e].own == 0 {
				set[e] = true
			}
		}
	}
}
