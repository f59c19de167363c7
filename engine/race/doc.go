// Package race implements the rules of Race, the toy game elasund's tests
// play: a dice race for two seats, each with two runners, to a goal square
// (docs/race/rules.md, rules T1–T8).
//
// Race is kept deliberately small. It exists to prove that a game moves
// into elasund with its own three packages (this one, templates/race,
// internal/bot/race), its rules reference and one registration line, and
// nothing else: the test registry (internal/games/gamestest) names it, the
// program does not.
//
// Rules is the engine.Game; a game in progress is a *Position. The engine
// is pure and deterministic: the die comes from the stream "dice" of the
// engine.Source it is given.
package race
