// Package elasund holds the computer players for Elasund: The First City,
// behind the game-agnostic interface of package bot. Maker makes them; each
// is a bot.Player that looks at an Elasund position and returns one legal
// action for a seat the game waits for. The caller applies it and asks
// again (bot.Plan does this for a seat's whole move), so a turn is a series
// of Choose calls: roll, ship or pirate choice, builds, phase 3, special
// action, and any decisions owed by other seats.
//
// Players convert at the boundary only (bot.Choose): the position to the
// typed game (elasund.Of) and the seat to a colour; everything after that
// works on the typed game, with the source as it comes, and the action
// returned is an elasund.Action. Shown a position of another game, a
// player returns bot.ErrOtherGame; asked for a seat with nothing to do, a
// *bot.NoActionError.
//
// Three levels exist (see Maker.Levels):
//
//   - "random" picks uniformly among the legal actions.
//   - "heuristic" scores each candidate action with a one-ply look at the
//     position it leads to, in gold: cubes on the board (worth more as a
//     seat nears 10), cards in hand and sets of three colours, expected
//     income from the rows each building covers, trade and wall progress,
//     minus pirate exposure, plus the buildings its own permits on the
//     board could become; minus a share of the best opponent's score. It
//     always rolls explicitly, picks the ship direction or pirate row that
//     does most for it and the best phase 3 after it, builds while a
//     building, wall or church tile improves the score, takes 2 gold or
//     the permit square that serves its plans best, and answers discards,
//     pirate rewards and rebuilds with the choice worth most. Positions
//     after builds come from the engine on a cloned game; phase 3 and
//     special actions are simulated on a compact model. Hidden draws in
//     its simulations come from its own source, never from the turn's, so
//     it learns nothing the rules hide (heuristic.go and eval.go give the
//     details).
//   - "strong" searches (strong.go): the heuristic proposes a few
//     candidate actions, the best of each kind; each is played forward
//     through simulated futures, every seat played by the heuristic with
//     the future's own dice and draws, for a few turns; the end of each
//     future is scored as a chance of winning (a softmax of the seats'
//     values); sequential halving shares a fixed number of futures among
//     the candidates, comparing them on the same dice, and keeps the
//     best. Its budget is a count of futures, not a clock, so its play is
//     deterministic. On one core a decision takes under a second of CPU
//     time (about 0.2 s typically), and it wins about 60% of its
//     four-seat games against three heuristic players, where 25% is par
//     (TestStrongBeatsHeuristic, make match).
//
// Players are deterministic: the same seed and the same sequence of
// positions and sources give the same actions. They keep no global state
// and read no clock.
package elasund
