package seafarers

import (
	"slices"

	"github.com/elasund/elasund/engine/seafarers/board"
)

// This file holds the typed accessors of a Game for the game's renderers
// and bots. Indices of hexes, corners and edges are the board's dense
// indices (board.Board); none of the accessors changes the game, and the
// slices they return are the caller's.

// Board returns the board's geometry (dense indices, names, adjacency)
// and the scenario's fixed data (areas, villages, pirate bases, the fleet
// path, special corners). The terrain as it is now — dealt, explored —
// and the harbours on the board are given by Hex, Dealt and Harbours.
func (g *Game) Board() *board.Board { return g.b }

// Scenario returns the game's scenario.
func (g *Game) Scenario() board.Scenario { return g.cfg.scenario }

// Options returns the rule options in force (S156).
func (g *Game) Options() Options { return g.cfg.opts }

// Sandbox reports whether the game is a sandbox game.
func (g *Game) Sandbox() bool { return g.cfg.sandbox }

// Seats returns the seats' colours in seat order.
func (g *Game) Seats() []Colour { return slices.Clone(g.cfg.seats) }

// Turn returns the number of turns begun (0 during setup).
func (g *Game) Turn() int { return g.turn }

// Current returns the active seat's colour.
func (g *Game) Current() Colour { return g.colour(g.cur) }

// Phase returns the phase.
func (g *Game) Phase() Phase { return g.phase }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over() }

// Winner returns the winner's colour, NoColour before the end.
func (g *Game) Winner() Colour {
	if g.winner < 0 {
		return NoColour
	}
	return g.colour(g.winner)
}

// Awaited lists the colours of the seats the game waits for, in seat
// order (S27).
func (g *Game) Awaited() []Colour {
	var out []Colour
	for _, s := range g.waitingFor() {
		out = append(out, g.colour(s))
	}
	return out
}

// Dice returns this turn's dice, and false before the roll.
func (g *Game) Dice() ([2]int, bool) { return g.dice, g.rolled() }

// Dealt reports whether the board's random parts are known (S134).
func (g *Game) Dealt() bool { return g.l.dealt }

// Hex returns the terrain and number of hex h as they are now (a fog
// position explored shows its tile; a board not yet dealt shows Unknown).
func (g *Game) Hex(h int) board.Hex { return g.l.hexes[h] }

// Pending reports whether hex h is a fog position whose exploration is a
// pending sealed draw (S99).
func (g *Game) Pending(h int) bool { return g.pendingHex(h) }

// Harbours returns the harbours on the board, in edge order.
func (g *Game) Harbours() []board.Harbour { return slices.Clone(g.l.harbours) }

// CornerHarbour returns the kind of the harbour whose corner c is, or
// board.NoHarbour (S63).
func (g *Game) CornerHarbour(c int) board.HarbourKind { return g.l.cHarbour[c] }

// EdgeKind returns the kind of edge e as the terrain now makes it (B16).
func (g *Game) EdgeKind(e int) board.EdgeKind { return g.l.ekind[e] }

// LandCorner and CoastalCorner report the kind of corner c (B16).
func (g *Game) LandCorner(c int) bool { return g.l.landCorner(c) }

// CoastalCorner reports whether corner c is a land corner touching sea or
// the frame (B16).
func (g *Game) CoastalCorner(c int) bool { return g.l.coastalCorner(c) }

// Areas returns the areas of the board (new-world: its islands).
func (g *Game) Areas() []board.Area { return slices.Clone(g.l.areas) }

// CornerArea returns the area of corner c, -1 for none (B17).
func (g *Game) CornerArea(c int) int { return g.l.cArea[c] }

// Robber returns the robber's hex index, -1 when it is off the board or
// not used.
func (g *Game) Robber() int { return g.robber }

// Pirate returns the pirate's hex index, -1 when it is off the board or
// not used; in pirate-islands, the fleet's hex (-1 once removed).
func (g *Game) Pirate() int { return g.pirateHex() }

// BuildingAt returns the owner and kind (Settlement or City) of the
// building on corner c, or NoColour. An uncaptured pirate-islands fortress
// is reported by Fortress, not here (S115).
func (g *Game) BuildingAt(c int) (Colour, Piece) {
	p := g.corners[c]
	switch {
	case p.own == 0:
		return NoColour, NoPiece
	case p.kind == settlement:
		return g.colour(p.owner()), Settlement
	case p.kind == city:
		return g.colour(p.owner()), City
	}
	return NoColour, NoPiece
}

// PieceAt returns the owner and kind (Road or Ship) of the piece on edge
// e, or NoColour, and whether a ship is a warship (S120).
func (g *Game) PieceAt(e int) (Colour, Piece, bool) {
	p := g.edges[e]
	switch {
	case p.own == 0:
		return NoColour, NoPiece, false
	case p.ship:
		return g.colour(p.owner()), Ship, p.warship
	}
	return g.colour(p.owner()), Road, false
}

// seat returns the seat index of c, or -1.
func (g *Game) seatOf(c Colour) int { return g.seatIndex(c) }

// Hand returns seat c's resource cards.
func (g *Game) Hand(c Colour) Hand {
	if s := g.seatOf(c); s >= 0 {
		return g.players[s].hand
	}
	return Hand{}
}

// Bank returns the bank's resource cards.
func (g *Game) Bank() Hand { return g.bank }

// Cards returns seat c's development cards held and not played, in the
// order acquired (Sealed while a sealed draw fixes the kind).
func (g *Game) Cards(c Colour) []CardKind {
	s := g.seatOf(c)
	if s < 0 {
		return nil
	}
	out := make([]CardKind, len(g.players[s].cards))
	for i, d := range g.players[s].cards {
		out[i] = d.kind
	}
	return out
}

// Played returns the development cards seat c has played, by kind.
func (g *Game) Played(c Colour) Deck {
	if s := g.seatOf(c); s >= 0 {
		return g.players[s].played
	}
	return Deck{}
}

// Supply returns seat c's pieces off the board: settlements, cities,
// roads, ships (S9).
func (g *Game) Supply(c Colour) [4]int {
	if s := g.seatOf(c); s >= 0 {
		return g.players[s].supply
	}
	return [4]int{}
}

// VP returns seat c's victory points (S85).
func (g *Game) VP(c Colour) int {
	if s := g.seatOf(c); s >= 0 {
		return g.vp(s)
	}
	return 0
}

// Route returns seat c's trade-route length (S81).
func (g *Game) Route(c Colour) int {
	if s := g.seatOf(c); s >= 0 {
		return g.players[s].route
	}
	return 0
}

// Cloth returns seat c's cloth (cloth-for-catan).
func (g *Game) Cloth(c Colour) int {
	if s := g.seatOf(c); s >= 0 {
		return g.players[s].cloth
	}
	return 0
}

// LongestRoute returns the holder of Longest Trade Route, or NoColour.
func (g *Game) LongestRoute() Colour {
	if g.longest < 0 {
		return NoColour
	}
	return g.colour(g.longest)
}

// LargestArmy returns the holder of Largest Army, or NoColour.
func (g *Game) LargestArmy() Colour {
	if g.largest < 0 {
		return NoColour
	}
	return g.colour(g.largest)
}

// Fortress returns the corner of seat c's pirate-islands fortress and the
// chits left under it (0 once captured), or -1 outside pirate-islands.
func (g *Game) Fortress(c Colour) (corner, chits int) {
	s := g.seatOf(c)
	if s < 0 || g.cfg.scenario != board.PirateIslands {
		return -1, 0
	}
	return g.cfg.bases[s].fortress, g.fortresses[s]
}

// Wonder returns the owner (NoColour for none) and the level of wonder w.
func (g *Game) Wonder(w Wonder) (Colour, int) {
	if w < Theater || w > Cathedral || g.wonders[w].owner < 0 {
		return NoColour, 0
	}
	return g.colour(g.wonders[w].owner), g.wonders[w].level
}

// VillageCloth returns the cloth left on the village at corner c, and
// false if c is no village.
func (g *Game) VillageCloth(c int) (int, bool) {
	if c < 0 || c >= len(g.cfg.cornerVillage) || g.cfg.cornerVillage[c] < 0 {
		return 0, false
	}
	return g.villages[g.cfg.cornerVillage[c]].cloth, true
}
