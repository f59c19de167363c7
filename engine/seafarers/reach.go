package seafarers

import (
	"math/bits"

	"github.com/elasund/elasund/engine/seafarers/board"
)

// This file works out, as bit sets, where a seat may place roads, ships
// and settlements in play: the listings' way to the answers that
// roadProblem, shipProblem and settleProblem give one edge or corner at a
// time (S49, S51–S55, S17, S45, S99, S117).

// joins returns the corners where a new road (ships false) or ship (ships
// true) of seat s joins its network (S54, S55): its buildings, and the
// ends of its roads (or ships) where no other seat's building stands. The
// ship on edge skip is left out (a ship being moved), -1 for none.
func (g *Game) joins(s int, ships bool, skip int) cornerSet {
	pieces := g.sets.roads[s]
	if ships {
		pieces = g.sets.ships[s]
	}
	if skip >= 0 {
		pieces.remove(skip)
	}
	return g.joinsAt(s, g.endsOf(&pieces))
}

// endsOf returns the corners where the edges of set end. The edges are
// read a word at a time.
func (g *Game) endsOf(set *edgeSet) cornerSet {
	var ends cornerSet
	edgeEnds := g.cfg.geo.edgeEnds
	for k, w := range set {
		for ; w != 0; w &= w - 1 {
			x := edgeEnds[k<<6+bits.TrailingZeros64(w)]
			ends[x[0]>>6] |= 1 << (x[0] & 63)
			ends[x[1]>>6] |= 1 << (x[1] & 63)
		}
	}
	return ends
}

// joinsAt returns the corners where seat s's pieces ending at the corners
// of ends join its network (joins): ends where no other seat's building
// stands, and its buildings.
func (g *Game) joinsAt(s int, ends cornerSet) cornerSet {
	// Less every building, then the seat's own again, word by word (the
	// sets of seats not playing are empty).
	b := &g.sets.buildings
	return cornerSet{
		ends[0]&^(b[0][0]|b[1][0]|b[2][0]|b[3][0]) | b[s][0],
		ends[1]&^(b[0][1]|b[1][1]|b[2][1]|b[3][1]) | b[s][1],
	}
}

// edgesAt returns the edges at the corners of cs. It is asked for every
// ship shape and move listing, over a dozen corners or more: the three
// words of the set are kept apart (in registers) while the corners'
// edges are added.
func (g *Game) edgesAt(cs *cornerSet) edgeSet {
	var out0, out1, out2 uint64
	at := g.cfg.geo.cornerEdges
	for i, w := range cs {
		for ; w != 0; w &= w - 1 {
			e := &at[i<<6+bits.TrailingZeros64(w)]
			out0, out1, out2 = out0|e[0], out1|e[1], out2|e[2]
		}
	}
	return edgeSet{out0, out1, out2}
}

// pendingSides returns the sides of the fog positions whose exploration is
// a pending sealed draw (S99).
func (g *Game) pendingSides() edgeSet {
	var out edgeSet
	for i := range g.sealed {
		if d := &g.sealed[i]; d.kind == drawFog && d.at >= 0 {
			out.or(&g.cfg.geo.hexSides[d.at])
		}
	}
	return out
}

// roadsAt returns the edges where seat s may build a road in play, given
// the corners where it joins its network (joins): empty road edges (S51,
// S17) with no pending position on a side (S99), on the eastern island in
// pirate-islands (S117). It is the set of edges for which roadProblem
// finds nothing.
func (g *Game) roadsAt(at *cornerSet) edgeSet {
	return g.roadEdges(g.edgesAt(at))
}

// roadEdges returns the edges of set where a road may go in play
// (roadsAt).
func (g *Game) roadEdges(set edgeSet) edgeSet {
	set.and(&g.l.roadOK)
	set.andNot(&g.sets.occupied)
	if len(g.sealed) > 0 {
		p := g.pendingSides()
		set.andNot(&p)
	}
	if g.cfg.scenario == board.PirateIslands {
		set.and(&g.cfg.eastEdges)
	}
	return set
}

// shipsAt returns the edges where seat s may build a ship in play outside
// pirate-islands, given the corners where it joins its network (joins):
// empty ship edges (S52, S17) off the pirate's sides (S45) with no pending
// position on a side (S99). The edge skip, a ship being moved, counts as
// empty and is left out. It is the set of edges for which shipProblem
// finds nothing.
func (g *Game) shipsAt(at *cornerSet, skip int) edgeSet {
	return g.shipEdges(g.edgesAt(at), skip)
}

// shipEdges returns the edges of set where a ship may go in play outside
// pirate-islands (shipsAt), skip left out.
func (g *Game) shipEdges(set edgeSet, skip int) edgeSet {
	set.and(&g.l.shipOK)
	set.andNot(&g.sets.occupied)
	if p := g.pirateHex(); p >= 0 {
		set.andNot(&g.cfg.geo.hexSides[p])
	}
	if len(g.sealed) > 0 {
		p := g.pendingSides()
		set.andNot(&p)
	}
	if skip >= 0 {
		set.remove(skip)
	}
	return set
}

// routeShipsAt returns the edges where seat s may place a ship in
// pirate-islands (S118), the ship on edge skip left out (a ship being
// moved), -1 for none: the empty ship edges at the chain's free end that
// bring it closer to its goal, off the pirate fleet's sides (S45). They
// are the edges for which shipProblem finds nothing.
func (g *Game) routeShipsAt(s, skip int) edgeSet {
	ch := g.chainWithout(s, skip)
	var set edgeSet
	p := g.pirateHex()
	for _, e := range g.b.CornerEdges(ch.end) {
		if e == skip || g.edges[e].own != 0 || !g.l.shipOK.has(e) || g.edgePendingSide(e) || p >= 0 && g.cfg.geo.hexSides[p].has(e) {
			continue
		}
		if r, _ := g.routeStep(s, e, &ch); r == "" {
			set.add(e)
		}
	}
	return set
}

// settlementsAt returns the corners where seat s may build a settlement in
// play: corners at the ends of its roads and ships that settleProblem
// allows (S48, S49).
func (g *Game) settlementsAt(s int) cornerSet {
	var out cornerSet
	pieces := g.sets.roads[s]
	pieces.or(&g.sets.ships[s])
	ends := g.endsOf(&pieces)
	ends.andNot(&g.sets.taken)
	for c := ends.next(0); c >= 0; c = ends.next(c + 1) {
		if r, _ := g.settleProblem(s, c, false); r == "" {
			out.add(c)
		}
	}
	return out
}
