package seafarers

import (
	"fmt"

	"github.com/elasund/elasund/engine/seafarers/board"
)

// This file holds the placement rules shared by setup, building, Road
// Building and moving ships (S15–S17, S20, S45, S48–S55).

// pendingHex reports whether hex h is a fog position whose exploration is
// a pending sealed draw (S99): it counts as unexplored, and nothing may be
// placed on its sides or corners.
func (g *Game) pendingHex(h int) bool {
	if h < 0 {
		return false
	}
	for i := range g.sealed {
		if g.sealed[i].kind == drawFog && g.sealed[i].at == h {
			return true
		}
	}
	return false
}

// pendingHexes returns the fog positions whose exploration is a pending
// sealed draw (S99), a bit each.
func (g *Game) pendingHexes() uint64 {
	var m uint64
	for i := range g.sealed {
		if d := &g.sealed[i]; d.kind == drawFog && d.at >= 0 {
			m |= 1 << d.at
		}
	}
	return m
}

// cornerUnexplored reports whether corner c touches an unexplored or
// pending position (S17, S99, S134).
func (g *Game) cornerUnexplored(c int) bool {
	if g.l.cornerUnexplored(c) {
		return true
	}
	if len(g.sealed) == 0 {
		return false
	}
	for _, h := range g.b.CornerHexes(c) {
		if g.pendingHex(h) {
			return true
		}
	}
	return false
}

// edgePendingSide reports whether edge e has a pending fog position on a
// side (S99).
func (g *Game) edgePendingSide(e int) bool {
	if len(g.sealed) == 0 {
		return false
	}
	hs := g.b.EdgeHexes(e)
	return g.pendingHex(hs[0]) || g.pendingHex(hs[1])
}

// pirateHex is the hex whose sides no ship may take (S45): the pirate, or
// the pirate-islands fleet (S121); -1 for none.
func (g *Game) pirateHex() int {
	if g.cfg.scenario == board.PirateIslands {
		if g.fleet >= 0 && g.fleet < len(g.cfg.fleetPath) {
			return g.cfg.fleetPath[g.fleet]
		}
		return -1
	}
	return g.pirate
}

// besidePirate reports whether edge e is a side of the pirate's hex (S45).
func (g *Game) besidePirate(e int) bool {
	p := g.pirateHex()
	if p < 0 {
		return false
	}
	hs := g.b.EdgeHexes(e)
	return hs[0] == p || hs[1] == p
}

// distanceOK reports whether no corner next to c holds a building, a
// pirate fortress included (S48).
func (g *Game) distanceOK(c int) bool {
	for _, n := range g.b.CornerAdjacent(c) {
		if g.corners[n].kind != noBuilding {
			return false
		}
	}
	return true
}

// cornerTouchesClosed reports whether corner c touches a tribe island
// (S102, S107).
func (g *Game) cornerTouchesClosed(c int) bool {
	return g.cfg.geo.cornerHexes[c]&g.cfg.closedHexes != 0
}

// settleProblem returns the rule and reason that forbid seat s a new
// settlement on corner c, or "" when it may stand there. In setup the
// scenario's setup areas apply (S20); in play the settlement needs one of
// the seat's roads or ships ending at c (S49).
func (g *Game) settleProblem(s, c int, setup bool) (string, string) {
	b := g.b
	if !g.l.landCorner(c) {
		return "S49", "a settlement stands on a land corner"
	}
	if g.corners[c].kind != noBuilding {
		return "S15", "the corner holds a building"
	}
	if g.cfg.cornerVillage[c] >= 0 {
		return "S107", "a village's corner never holds a building"
	}
	if !g.distanceOK(c) {
		return "S48", "a building stands on a neighbouring corner (distance rule)"
	}
	if g.cornerUnexplored(c) {
		if setup {
			return "S20", "a setup settlement may not touch an unexplored position"
		}
		return "S17", "the corner touches an unexplored position"
	}
	if g.cornerTouchesClosed(c) {
		if g.cfg.scenario == board.ClothForCatan {
			return "S107", "nobody settles on a tribe's island"
		}
		return "S102", "nobody settles on a tribe's island"
	}
	area := g.l.cArea[c]
	if setup {
		if area < 0 || !g.areaSetup(area) {
			return g.setupAreaRule(), "setup settlements go on " + g.setupAreaNames()
		}
		if m := g.cfg.marks[c]; m != board.NoMark {
			return "S126", fmt.Sprintf("no setup settlement on a %s corner", m)
		}
		return "", ""
	}
	if g.cfg.scenario == board.PirateIslands && !g.eastArea(area) {
		if g.cfg.bases[s].lone != c {
			return "S117", "settlements stand on the eastern island, except the lone settlement on the marked corner"
		}
		if !g.chainReaches(s, c) {
			return "S119", "the lone settlement waits until your chain reaches the marked corner"
		}
	}
	for _, e := range b.CornerEdges(c) {
		if g.edges[e].own == int8(s+1) {
			return "", ""
		}
	}
	return "S49", "none of your roads or ships ends at that corner"
}

// areaSetup reports whether area a allows setup settlements.
func (g *Game) areaSetup(a int) bool {
	return a >= 0 && a < len(g.l.areas) && g.l.areas[a].Setup
}

// eastArea reports whether area a is pirate-islands' eastern island.
func (g *Game) eastArea(a int) bool {
	return a >= 0 && a < len(g.l.areas) && g.l.areas[a].Name == "east"
}

// setupAreaRule names the rule of a scenario's setup areas.
func (g *Game) setupAreaRule() string {
	switch g.cfg.scenario {
	case board.NewShores:
		return "S92"
	case board.FogIsland:
		return "S98"
	case board.ThroughTheDesert:
		return "S95"
	case board.ForgottenTribe:
		return "S101"
	case board.ClothForCatan:
		return "S106"
	case board.PirateIslands:
		return "S115"
	case board.WondersOfCatan:
		return "S126"
	}
	return "S20"
}

// setupAreaNames lists the areas that allow setup settlements.
func (g *Game) setupAreaNames() string {
	out := ""
	for _, a := range g.l.areas {
		if a.Setup {
			if out != "" {
				out += ", "
			}
			out += a.Name
		}
	}
	if out == "" {
		return "no area"
	}
	return out
}

// roadProblem returns the rule and reason that forbid seat s a road on
// edge e, or "". In setup the road must end at corner at and may not touch
// an unexplored position (S20); in play it needs a connection (S54).
func (g *Game) roadProblem(s, e int, setup bool, at int) (string, string) {
	b := g.b
	if g.edges[e].own != 0 {
		return "S15", "the edge holds a road or a ship"
	}
	if !g.l.roadEdge(e) {
		if g.l.edgeUnexplored(e) {
			return "S17", "a road next to an unexplored position needs land on its other side"
		}
		return "S51", "a road goes on a land or coastal edge, not between two sea hexes"
	}
	if g.edgePendingSide(e) || setup && g.l.edgeUnexplored(e) {
		return "S17", "the edge touches an unexplored position"
	}
	if g.cfg.scenario == board.PirateIslands && !g.eastEdge(e) {
		return "S117", "roads are built on the eastern island only"
	}
	ends := b.EdgeEnds(e)
	if setup {
		if ends[0] != at && ends[1] != at {
			return "S20", "the road must end at the settlement just placed"
		}
		return "", ""
	}
	for _, v := range ends {
		if g.building(v, s) {
			return "", ""
		}
		if g.otherBuilding(v, s) {
			continue
		}
		for _, f := range b.CornerEdges(v) {
			if f != e && g.hasRoad(f, s) {
				return "", ""
			}
		}
	}
	return "S54", "a road must join one of your buildings or one of your roads (not through another player's building)"
}

// eastEdge reports whether edge e lies beside pirate-islands' eastern
// island.
func (g *Game) eastEdge(e int) bool {
	for _, h := range g.b.EdgeHexes(e) {
		if h >= 0 && g.eastArea(g.l.hexArea[h]) {
			return true
		}
	}
	return false
}

// shipProblem returns the rule and reason that forbid seat s a ship on
// edge e, or "". skip is an edge whose ship is ignored (the ship being
// moved, S59), or -1. In setup the ship must end at corner at, a coastal
// corner (S20).
func (g *Game) shipProblem(s, e int, setup bool, at, skip int) (string, string) {
	b := g.b
	if !g.cfg.usesShips {
		return "S90", "the base game has no ships"
	}
	if g.edges[e].own != 0 && e != skip {
		if !g.edges[e].ship {
			return "S52", "the edge holds a road"
		}
		return "S15", "the edge holds a ship"
	}
	if !g.l.shipEdge(b, e) {
		if g.l.edgeUnexplored(e) {
			return "S17", "a ship next to an unexplored position needs sea or the frame on its other side"
		}
		return "S52", "a ship goes on a sea or coastal edge, never between two land hexes"
	}
	if g.edgePendingSide(e) || setup && g.l.edgeUnexplored(e) {
		return "S17", "the edge touches an unexplored position"
	}
	if g.besidePirate(e) {
		return "S45", "no ship may be placed on a side of the pirate's hex"
	}
	ends := b.EdgeEnds(e)
	if setup {
		if ends[0] != at && ends[1] != at {
			return "S20", "the ship must end at the settlement just placed"
		}
		if !g.l.coastalCorner(at) {
			return "S20", "a setup ship needs a coastal settlement"
		}
		return "", ""
	}
	if g.cfg.scenario == board.PirateIslands {
		return g.routeProblem(s, e, skip)
	}
	for _, v := range ends {
		if g.building(v, s) {
			return "", ""
		}
		if g.otherBuilding(v, s) {
			continue
		}
		for _, f := range b.CornerEdges(v) {
			if f != e && f != skip && g.hasShip(f, s) {
				return "", ""
			}
		}
	}
	return "S55", "a ship must join one of your buildings or one of your ships (not through another player's building, not through a road)"
}
