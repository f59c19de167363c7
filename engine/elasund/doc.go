// Package engine implements the rules of Elasund: The First City.
//
// The engine is pure and deterministic: it does no I/O, reads no clock and
// keeps no global state. Randomness arrives through the Rand interface, drawn
// from named streams (see Stream) in a documented order, so the same source
// always gives the same game.
//
// A Game pairs a Config (seat order, edition and rule options, fixed for the
// whole game) with a State (everything that changes). Moves are lists of
// Actions in the language of NOTATION.md; Apply applies a move atomically and
// Legal lists every action the acting seat may take now. Comments cite the
// numbered rules of RULES.md (R1..R108) and its variants (V1..V40).
package elasund
