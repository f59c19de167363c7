// Package bot is what elasund knows of computer players, for any game: a
// Player looks at a position and returns one legal action for a seat the
// game waits for; Plan asks it, action by action, for a seat's whole move.
// Each game's players live in their own package below this one
// (internal/bot/elasund) behind a Maker.
//
// Players are deterministic: the same seed and the same sequence of
// positions give the same actions. They keep no global state and read no
// clock.
package bot
