// Package turnfile reads, writes, signs and verifies elasund turn files of
// every game: one YAML file per game holding its header, a hash-chained
// and signed history of entries and the derived state, as docs/turnfile.md
// specifies them. The file's format names its game (elasund/1,
// seafarers/1); turnfile knows a game only through engine.Game.
//
// A File is the parsed text. Open replays a File's history with its
// game's rules, checking every hash link, signature, chain reveal, event list and
// state hash, and returns a Game at the end of the history; Game.Join,
// Game.Move and Game.Edit append new entries. Randomness comes from the
// players' hash chains (TurnRand), so nobody can choose or foresee a die.
//
// Comments cite the sections of docs/turnfile.md (§ numbers).
package turnfile
