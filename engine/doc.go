// Package engine is the contract between a game's rules and the rest of
// elasund: the turn file, the referee, the command line, the pictures and
// the bots know a game only through the interfaces of this package.
//
// A Game is one game's rules (Elasund, Catan: Seafarers): its name, the
// turn-file format it writes, how it sets up from a Setup, how it reads its
// move language and its stored state. A Position is one game in progress:
// it lists the legal actions of a seat, applies a seat's move atomically,
// says who is awaited and who won, and checks its own consistency. Every
// refusal is a *RuleError carrying the game's own rule number.
//
// Games are pure and deterministic. They do no I/O, read no clock, keep no
// global state, and draw every random outcome from the Source they are
// given: named streams of the current turn, and seeds derived on request
// from the chain values of the turn file (see Source). The same Source
// always gives the same game.
//
// Each game lives in its own package below this one (engine/elasund,
// engine/seafarers, and engine/race, the toy game the tests play); none
// imports another. A Registry, built once by the
// program, maps names and file formats to games. This package imports
// nothing of elasund's own.
package engine
