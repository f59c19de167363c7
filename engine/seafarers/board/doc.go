// Package board holds the geometry and the scenario boards of Catan:
// Seafarers, as the Seafarers board contract (BOARDS, version 1.0) gives
// them: its rules B1–B18 and sections §5–§14. That contract is the
// lead's and not in this repository; docs/seafarers/rules.md says for
// players what it fixes (S13–S17, a topic page per scenario), and its maps
// and tables are carried into text.go as they are. It is pure data and
// computation: no I/O, no clock, no global randomness; the random source
// of a board is passed in.
//
// # Geometry
//
// Pos is a position of the hexagonal grid, Corner a corner and Edge an edge,
// each with a canonical name (String), a parser that accepts every alias of
// BOARDS and of the move language (docs/seafarers/rules.md, topic moves)
// in any case (ParsePos, ParseCorner, ParseEdge; bad text gives a
// *NameError), and an order (Compare: B3, B8, B12). Pos has its
// neighbours, corners and sides; Corner its positions, adjacent corners and
// edges; Edge its ends and its two sides (A and B).
//
// # Boards
//
// New(scenario, options) returns the *Board of a scenario (S2) with
// the options `layout` and `harbours` (S156; refused combinations give
// an *OptionError). The board is the same for 3 and 4 seats (RULES V1).
// NeedsSeed tells whether the board needs a board seed (S132); if so,
// New returns it not yet dealt, its random parts Unknown and HarbourUnknown
// (S134), and Deal(rand) deals them by the procedures of BOARDS §13 in
// the order of §13.6, drawing from the stream "board" of the Rand.
//
// A Board is immutable and shared. Everything a rules engine asks millions
// of times is a slice or array lookup by dense index: hexes are numbered in
// reading order, corners in corner order, edges in edge order, and the
// adjacency (HexCorners, HexSides, HexNeighbours, CornerHexes, CornerEdges,
// CornerAdjacent, EdgeEnds, EdgeHexes) and the kinds (LandCorner,
// CoastalCorner, EdgeKind, RoadEdge, ShipEdge, CornerUnexplored, islands,
// areas, harbour corners) are computed once. HexIndex, CornerIndex and
// EdgeIndex turn names into indices without a map.
//
// The design choice: the board is an immutable value shared by pointer, not a
// mutable one to clone. The few things that change a board during a game —
// the deal, a fog position explored (S99), a forgotten-tribe harbour
// placed (S105) — are made by Deal, Explore and PlaceHarbour, which
// return a new *Board that shares the geometry and scenario data with the
// old one and copies the rest (a few hundred bytes). A rules engine keeps a
// *Board in its state and copies the pointer when it copies the state; it
// never has to clone the board, and boards may be used from several
// goroutines. What belongs to players (pieces, robber and pirate where they
// are now, pending fog draws, cloth, gifts already taken) is the rules
// engine's state, not the board's; the board gives the starts (Robber,
// Pirate, FleetPath, Gifts, Villages, PirateBases, FogStack).
//
// # Scenario marks
//
// Areas carry the flags BOARDS and RULES §14 give them (setup allowed,
// special victory points, closed tribe islands); CornerArea applies the
// desert rule of B17. The pirate-islands bases and routes, the cloth
// villages, the forgotten-tribe gifts, the wonders' special corners and the
// fog stack are returned as lists in the orders the state uses.
//
// The scenario maps are BOARDS's own text (text.go), parsed and
// cross-checked when a board is made; DECISIONS.md lists the points where
// BOARDS left a choice open. Comments cite BOARDS (B…, §…) and RULES (S…,
// V…).
package board
