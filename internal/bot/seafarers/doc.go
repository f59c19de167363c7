// Package seafarers holds the computer players for Catan: Seafarers (with
// the base Settlers of Catan), behind the game-agnostic interface of
// package bot. Maker makes them; each is a bot.Player that looks at a
// Seafarers position and returns one legal action for a seat the game
// waits for. The caller applies it and asks again (bot.Plan does this for
// a seat's whole move), so a turn is a series of Choose calls: a card
// before the roll, the roll, the robber, trades and builds, the end, and
// the decisions owed by other seats.
//
// Players convert at the boundary only: the position to the typed game
// (seafarers.Of), the seat to a colour; they choose among the game's own
// listing (Game.AppendLegal, given the caller's copy of the source, so the
// listing is what the rules let the seat see: the dice it would roll, the
// board a first entry deals, the position after its own sealed draws
// resolve when it is their witness). Shown a position of another game, a
// player returns bot.ErrOtherGame; asked for a seat with nothing to do, a
// *bot.NoActionError.
//
// Three levels exist (see Maker.Levels):
//
//   - "random" picks uniformly among the legal actions (standing orders
//     are never listed), but ends its turn with probability 0.15 whenever
//     it may: uniform play spends its cards on maritime trades and offers,
//     and games of it would last thousands of turns. A witness's resolve
//     is chosen only when it is all the seat may do (S145).
//
//   - "heuristic" plays by plans. It rates every hex by its pips (the
//     ways two dice roll its number) and every resource by what a card of
//     it is worth to the seat (more for what it produces little of, what
//     the board yields little of, brick and lumber early, grain and ore
//     once cities come). A settlement corner is worth its point, its
//     production for the rest of the game, a resource new to the seat, a
//     harbour it lacks, the special victory points the scenario gives for
//     it (new-shores, four-islands, through-the-desert, wonders-of-catan,
//     new-world) and a wonder's strait or wasteland requirement. A 0-1
//     breadth-first search from the seat's buildings and the ends of its
//     roads and ships gives the pieces (roads over land and coast, ships
//     over sea and coast, switching only at its own buildings, never past
//     another seat's building nor beside the pirate) to every corner. The
//     targets a network grows toward are the settlement corners, and per
//     scenario the fog to explore (fog-island), the villages to connect by
//     ships for their cloth (cloth-for-catan) and the gifts to take by
//     ship (forgotten-tribe).
//
//     The plans are: a city on each settlement; the pieces to each target
//     and its settlement; a development card (the expected value of the
//     unseen kinds: points, knights toward Largest Army, progress cards);
//     the next level of its wonder (wonders-of-catan; the level that wins
//     counts as the game); the piece that takes or keeps Longest Trade
//     Route when it is within two; pirate-islands' next chain ship and its
//     lone settlement. Each is scored by its value over one plus the
//     rounds its cost takes to come in from the seat's production (spare
//     cards traded at its harbour rates). In phase trade or build it takes
//     a build that wins at once; then a development card worth playing (a
//     knight against the robber on its hexes, toward Largest Army or for a
//     pirate-islands warship; a monopoly taking three cards; a year of
//     plenty that completes a plan; road building toward its targets).
//     Then it plans the turn, since no trade may follow a build (S25): it
//     takes the plans best first while its hand, with spare cards traded
//     at its rates, pays for all of them (cards and wonder levels several
//     times); the best plan keeps the cards it needs even when it cannot
//     be paid for yet, unless the hand is at the discard limit. It makes
//     the maritime trades this needs (giving only cards no chosen plan
//     needs), then builds the chosen plans in order; at the discard limit
//     with nothing to build it trades its spare cards down. In
//     pirate-islands, once it has the points, the fortress is all that
//     counts: warships (knights) come before more points. It starts the
//     wonder it can pay for soonest once its trades are done. It offers
//     other seats a trade rarely: one card for one, once a turn, when the
//     best plan lacks one card no maritime trade gets and another seat
//     holds one; asked again while nobody has accepted, it withdraws the
//     offer (S67). bot.Plan ends the move at the offer, so the other
//     seats answer before the offering seat is asked again. At the end
//     of its turn it moves a ship when that brings its network clearly
//     nearer its targets (exploring fog, reaching a gift or a village),
//     attacks its pirate fortress when its warships beat the die at
//     least half the time (a third of the time once it has the points),
//     and ends.
//
//     Before the roll it plays a knight when the robber sits on its
//     production, when the knight takes Largest Army, and always in
//     pirate-islands (a warship before the fleet sails); then it rolls,
//     always explicitly. The robber or the pirate goes where it costs the
//     leaders most and the seat least (pips of their buildings there,
//     weighed by how near each seat is to winning), the pirate where it
//     blocks their ships and frees the seat's own, and it robs the richest
//     threatening seat (cloth in cloth-for-catan when that is worth more).
//     Discards keep, and gold, rewards and year of plenty take, the cards
//     its best plans need. It accepts an offer that gives it more for its
//     plans than it costs, never from a seat two points from winning.
//     Setup takes the corner worth most for its production, new
//     resources and harbour, with the road or ship that opens the best
//     targets. Forgotten-tribe harbours go where the kind serves its
//     production best.
//
//   - "strong" searches (strong.go): the heuristic proposes a few
//     candidate actions (candidates.go: its own choice; for setup, the
//     robber or pirate, discards, gold and rewards its best few by its
//     own scores; both answers to an offer; in the trade and build
//     phases the end of the turn, every settlement, city and wonder
//     build, the next piece and the maritime trade of its best plans, a
//     card to buy or play, its offer and its ship move). Each candidate
//     is played forward through simulated futures — their own dice and
//     draws, a new source for each turn, every seat played by the
//     heuristic — until the deciding seat's next turn is over, and the
//     end of each future is scored as the seat's chance of winning: a
//     softmax of the seats' scores, a weighted sum of what each holds
//     toward its goal (value.go: points short of the target, production,
//     resources produced, hand, development cards, harbours, the
//     heuristic's reach of its targets and its best plan, and the
//     scenarios' warships, fortresses, wonders and cloth), its weights
//     fitted to the outcomes of heuristic self-play. Sequential halving
//     shares a fixed number of futures among the candidates, comparing
//     them on the same dice, and keeps the best. Its budget is a count
//     of futures, not a clock, so its play is deterministic. Where the
//     listing shows what the source decides (a witness's resolved draws,
//     the board a first entry deals, the actions after the coming roll)
//     it leaves the choice to the heuristic. Against three heuristic
//     players it won 202 of 400 four-seat games over every scenario and
//     seat (50.5%, 95% Wilson interval 45.6-55.4%; par 25%), at a median
//     of 42 ms of thread CPU a decision and 151 ms at the 99th
//     percentile (make match-seafarers).
//
// The players never look at what the rules hide or at the real future:
// the source it is given goes to Legal only (its listing shows the seat
// what the rules let it see), it judges actions on the position as it
// stands (a witness learns nothing of the draws it will resolve), and its
// what-ifs (a build's effect on the trade route, a winning build, a ship
// move) are applied to copies of the game without any source, so they draw
// nothing; the strong player's futures draw from sources of its own seed.
// Like the heuristic, it reads hands and development cards as the turn
// file holds them (open hands, S148).
//
// Players are deterministic: the same seed and the same sequence of
// positions and sources give the same actions. They keep no global state
// and read no clock.
package seafarers
