// Package board holds the geometry and the scenario layouts of Catan:
// Seafarers, as the contract BOARDS.md gives them (rules B1–B18, sections
// 6–14).
//
// Geometry: Pos is a position of the hexagonal grid, Corner a corner and Edge
// an edge, each with a canonical name (String), a parser that accepts every
// alias (ParsePos, ParseCorner, ParseEdge) and an order (Compare).
package board
