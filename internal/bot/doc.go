// Package bot holds computer players for Elasund: The First City.
//
// A Player looks at a game and returns one legal action for a seat the game
// waits for; the caller applies it and asks again, so a turn is a series of
// Choose calls (roll, ship or pirate choice, builds, phase 3, special
// action, and any decisions owed by other seats). Players are deterministic:
// the same seed and the same sequence of positions give the same actions.
// They keep no global state and read no clock.
//
// Two levels exist (see Levels): "random" picks uniformly among the legal
// actions; "heuristic" scores each candidate action with a one-ply look at
// the position it leads to (see heuristic.go and eval.go for the strategy).
package bot
