// Package elasund implements the rules of Elasund: The First City.
//
// The engine is pure and deterministic: it does no I/O, reads no clock and
// keeps no global state. Randomness comes from the caller's engine.Rand (a
// turn file's engine.Source, or a SeededRand), drawn from the named streams
// StreamDice, StreamInfluence, StreamChurch and StreamReward in a
// documented order, so the same source always gives the same game.
//
// A Game pairs a Config (seat order, edition and rule options, fixed for the
// whole game) with a State (everything that changes). Moves are lists of
// Actions in the move language (docs/elasund/rules.md, topic moves); Apply
// applies a move atomically and Legal lists every action the acting seat
// may take now. Rules is the engine.Game the rest of elasund plays through.
//
// Comments cite the numbered rules of docs/elasund/rules.md (R1–R108). The
// V… numbers some of them add name the contract's rule variants the
// reference was written from; each is a rule option of the reference's
// Options table, and docs/decisions.md records the readings where the
// contract was silent.
package elasund
