// Package seafarers implements the rules of Catan: Seafarers with the base
// Settlers of Catan rules, as docs/seafarers/rules.md gives them (S1–S160;
// topics moves and edits for the move language and the sandbox edits).
//
// Rules is the engine.Game of the rest of elasund. A game in progress is a
// *Position (an engine.Position); Of returns its *Game, whose typed
// accessors (View, Board, Scenario, Seats) are for the game's own renderers
// and bots. A Game keeps its position in dense arrays indexed by the board's
// corners and edges (see Board) and builds the stored State of S157 on
// request.
//
// The engine is pure and deterministic: it does no I/O, reads no clock and
// keeps no global state. Every random outcome comes from the engine.Source
// the caller gives: the named streams of the current turn (dice, attack,
// and without sealed draws card, steal, fog, die), and the seeds it derives
// for the board (S132) and for sealed draws (S138).
//
// Moves are lists of Actions in the move language; Apply applies a move
// atomically and Legal lists every action a seat may take now. Refusals
// are *engine.RuleError values naming the S rule broken.
//
// Comments cite the rules of docs/seafarers/rules.md (S…), and "topic
// moves" or "topic edits" for its pages on the move language and the
// sandbox edits. The V…, B…, E… and D… numbers some comments add are those
// of the Seafarers contract the reference was written from (its variants,
// now the rule options of the reference's Options table; its board rules;
// its worked examples and derived cases); docs/seafarers/decisions.md
// records every reading where that contract was silent or contradictory.
package seafarers
