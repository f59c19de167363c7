package elasund

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/elasund/elasund/engine"
)

func (g *Game) apply(seat Colour, move []Action, rng engine.Rand) ([]string, error) {
	if len(move) == 0 {
		return nil, &RuleError{Rule: "R23", Reason: "the move has no action"}
	}
	if g.seatIndex(seat) < 0 {
		return nil, &RuleError{Rule: "R5", Action: move[0].String(), Reason: fmt.Sprintf("%s has no seat in this game", seat)}
	}
	// The move works on a copy, so that a refusal leaves the game as it
	// was; the copy becomes the new state. The block of a refused copy is
	// kept for the next move (no state in use lives in it), and so is the
	// block of the state the move leaves, when no one has that state. A
	// move that starts with the roll Legal peeked at works on the peeked
	// copy, rolled already: its block's place as the peek is then taken by
	// the block the move frees.
	b, rolled := g.takeRoll(seat, move[0], rng)
	var work Game
	if rolled {
		work = Game{cfg: g.cfg, st: &b.st, blk: b, bc: g.bc, scratch: g.scratch}
		work.evText, work.evEnds = g.evText, g.evEnds
	} else {
		b = g.spare
		g.spare = nil
		if b == nil {
			b = new(stateBlock)
		}
		work = g.worker(b)
		work.evText, work.evEnds = g.evText[:0], g.evEnds[:0]
	}
	free := &g.spare
	if rolled {
		free = &g.peek
	}
	for i, a := range move {
		var err error
		if i == 0 && rolled {
			err = work.afterRoll(seat, a, rng)
		} else {
			err = work.step(seat, a, rng)
		}
		if err != nil {
			if re, ok := err.(*RuleError); ok && i > 0 && re.Rule == "R105" && !work.waiting(seat) {
				// The move's earlier actions handed the game to another
				// seat: say where this seat's move had to end.
				re.Reason += fmt.Sprintf("; end your move after %q", move[i-1].String())
			}
			*free = b
			g.evText, g.evEnds = work.evText[:0], work.evEnds[:0]
			return nil, err
		}
	}
	b.normalize(g.ordered, g.bc)
	if old := g.cur; old != nil && !g.exposed {
		// No one has the state this move leaves: its block is the next
		// move's, or the next peek's.
		old.recycle(b)
		*free = old
	}
	g.st, g.cur, g.exposed = work.st, b, false
	g.ordered = true
	g.evText, g.evEnds = work.evText[:0], work.evEnds[:0]
	return g.events(work.evText, work.evEnds), nil
}

// takeRoll returns the peek block, and true, when a move by seat that
// starts with a may go on from the roll Legal peeked at (peekedRoll): the
// game waits for seat to roll, a is no standing order, and rng is a
// SeededRand in the state the peeked roll started from. rng is then put in
// the state the roll left it in, as rolling again would. Either way the
// peeked roll is kept for no other move.
func (g *Game) takeRoll(seat Colour, a Action, rng engine.Rand) (*stateBlock, bool) {
	r := g.peeked
	if r == nil || !r.ok {
		return nil, false
	}
	r.ok = false
	sr, seeded := rng.(*SeededRand)
	if !seeded || *sr != r.before || g.st.Phase != PhaseRoll || a.Kind == ActOrders || !g.waiting(seat) {
		return nil, false
	}
	*sr = r.after
	b := g.peek
	g.peek = nil
	return b, true
}

// emit records an event of the move being applied, the concatenation of
// parts. The events of a move are written into one buffer, which becomes
// one string cut into the events at the end (events). A quiet game (a
// roll peeked at by Legal) records nothing; the paths a peeked roll takes
// check logging first, so as not to work out the parts.
func (g *Game) emit(parts ...string) {
	if g.quiet {
		return
	}
	text := g.evText
	for _, p := range parts {
		text = append(text, p...)
	}
	g.evText, g.evEnds = text, append(g.evEnds, len(text))
}

// eventChunk is how many events the game makes room for at a time.
const eventChunk = 128

// events returns the events emitted into text, cut at ends, or nil when
// there are none. The list is cut from a chunk of room for many moves'
// events (evRoom), with no room beyond its end, so that a move's events
// cost one allocation, for their text, rather than two.
func (g *Game) events(text []byte, ends []int) []string {
	n := len(ends)
	if n == 0 {
		return nil
	}
	if len(g.evRoom) < n {
		g.evRoom = make([]string, max(n, eventChunk))
	}
	out := g.evRoom[:n:n]
	g.evRoom = g.evRoom[n:]
	all := string(text)
	start := 0
	for i, end := range ends {
		out[i] = all[start:end]
		start = end
	}
	return out
}

// logging reports whether the game records events.
func (g *Game) logging() bool { return !g.quiet }

// rowName returns a pointer to the name of row index r, for the ship: in
// the block of the state being changed when there is one.
func (g *Game) rowName(r int) *int {
	if g.blk != nil {
		g.blk.row = Rows[r]
		return &g.blk.row
	}
	name := Rows[r]
	return &name
}

// itoa is strconv.Itoa, short for the events.
func itoa(n int) string { return strconv.Itoa(n) }

// waitFor makes the game wait for seat c alone.
func (g *Game) waitFor(c Colour) {
	g.st.WaitingFor = append(g.st.WaitingFor[:0], c)
}

// waiting reports whether the game waits for seat now.
func (g *Game) waiting(seat Colour) bool {
	return slices.Contains(g.st.WaitingFor, seat)
}

// step applies one action by seat.
func (g *Game) step(seat Colour, a Action, rng engine.Rand) error {
	st := g.st
	if st.Phase == PhaseOver {
		return ruleErr("R93", a, "the game is over")
	}
	if a.Kind == ActOrders {
		return g.orders(seat, a, rng)
	}
	if !g.waiting(seat) {
		if st.Phase == PhaseDecide {
			return ruleErr("R105", a, "the game is waiting for %s, not %s: %s", listColours(st.WaitingFor), seat, g.awaitedDecisions())
		}
		return ruleErr("R23", a, "it is %s's turn, not %s's", st.Current, seat)
	}
	if st.Phase == PhaseRoll {
		g.roll(rng)
		return g.afterRoll(seat, a, rng)
	}
	if a.Kind == ActRoll {
		return ruleErr("R23", a, "the dice were already rolled this turn")
	}
	return g.act(seat, a, rng)
}

// afterRoll applies the action by seat that began the turn, once the dice
// are rolled: nothing more for a roll.
func (g *Game) afterRoll(seat Colour, a Action, rng engine.Rand) error {
	if a.Kind == ActRoll {
		return nil
	}
	return g.act(seat, a, rng)
}

func (g *Game) act(seat Colour, a Action, rng engine.Rand) error {
	st := g.st
	switch st.Phase {
	case PhaseShip:
		switch a.Kind {
		case ActShip:
			return g.shipChoice(a, rng)
		case ActPirate:
			return g.pirate(a, rng)
		}
		if st.Dice != nil && st.Dice[0]+st.Dice[1] == 7 {
			return ruleErr("R40", a, "the roll is 7: choose the pirate row first (pirate <row>)")
		}
		return ruleErr("R27", a, "the ship must move two rows first (ship north or ship south)")
	case PhaseDecide:
		switch a.Kind {
		case ActDiscard:
			return g.discard(seat, a, rng)
		case ActTake:
			return g.take(seat, a, rng)
		case ActRebuild:
			return g.rebuild(seat, a, rng)
		}
		return ruleErr("R105", a, "the game is waiting for a decision: %s", g.describePending(seat))
	}
	switch a.Kind {
	case ActShip, ActPirate:
		return ruleErr("R28", a, "the ship has already moved this turn")
	case ActDiscard, ActTake, ActRebuild:
		return ruleErr("R105", a, "no decision is owed by %s", seat)
	case ActBuild, ActWall, ActChurch:
		// A third construction breaks R46 (D22), even though the second
		// one already moved the turn on to phase 3.
		if st.BuildsDone >= 2 {
			return ruleErr("R46", a, "two constructions were already made this turn")
		}
		if st.Phase != PhaseBuild {
			return ruleErr("R24", a, "the build phase is over")
		}
		var err error
		switch a.Kind {
		case ActBuild:
			err = g.build(seat, a)
		case ActWall:
			err = g.wall(seat, a, rng)
		default:
			err = g.church(seat, a, rng)
		}
		if err != nil {
			return err
		}
		st.BuildsDone++
		g.afterConstruction(rng)
		return nil
	case ActPermit, ActGold:
		if st.Phase != PhaseBuild && st.Phase != PhasePermit {
			return ruleErr("R24", a, "phase 3 is over this turn")
		}
		if a.Kind == ActGold {
			g.takeGold(seat, "phase 3")
		} else if err := g.phase3Permit(seat, a); err != nil {
			return err
		}
		st.Phase = PhaseSpecial
		return nil
	case ActMovePermit, ActUpgradePermit, ActPlacePermit, ActBuyGold:
		if err := g.special(seat, a); err != nil {
			return err
		}
		g.endTurn()
		return nil
	case ActEnd:
		g.endTurn()
		return nil
	}
	return ruleErr("R23", a, "this action cannot be taken now")
}

// ---- Phase 1: dice, ship, production, pirates ----

func (g *Game) roll(rng engine.Rand) {
	st := g.st
	if g.undealt() {
		g.deal(rng)
	}
	d1 := rng.Intn(StreamDice, 6) + 1
	d2 := rng.Intn(StreamDice, 6) + 1
	if g.blk != nil {
		g.blk.dice = [2]int{d1, d2}
		st.Dice = &g.blk.dice
	} else {
		st.Dice = &[2]int{d1, d2}
	}
	sum := d1 + d2
	if sum == 7 {
		st.Phase = PhaseShip
		if g.logging() {
			g.emit("roll ", itoa(d1), "+", itoa(d2), " = 7: pirates")
		}
		return
	}
	target, _ := RowIndex(sum)
	cur, placed := st.ShipRow()
	if !placed || cur != target {
		if g.logging() {
			g.emit("roll ", itoa(d1), "+", itoa(d2), " → ship ", itoa(sum))
		}
		g.placeShip(target, rng)
		return
	}
	// R27: the ship is already in that row; it moves two rows.
	opts, n := g.twoRowOptions(cur)
	if n == 1 {
		if g.logging() {
			g.emit("roll ", itoa(d1), "+", itoa(d2), " → ship ", itoa(Rows[opts[0]]), " (moved two rows)")
		}
		g.placeShip(opts[0], rng)
		return
	}
	st.Phase = PhaseShip
	if g.logging() {
		g.emit("roll ", itoa(d1), "+", itoa(d2), ": the ship is in row ", itoa(sum), " and moves two rows north or south")
	}
}

// twoRowOptions lists the rows the ship may move to from row index cur when
// the roll equals its row (R27, V8), north first: the first n of rows.
func (g *Game) twoRowOptions(cur int) (rows [2]int, n int) {
	for _, d := range [2]int{-2, 2} {
		if g.cfg.Options.NumericTwoRowStep {
			if r, ok := RowIndex(Rows[cur] + d); ok {
				rows[n] = r
				n++
			}
		} else if r := cur + d; r >= 0 && r < NumRows {
			rows[n] = r
			n++
		}
	}
	return rows, n
}

func (g *Game) shipChoice(a Action, rng engine.Rand) error {
	st := g.st
	if st.Dice[0]+st.Dice[1] == 7 {
		return ruleErr("R40", a, "the roll is 7: choose the pirate row (pirate <row>)")
	}
	cur, _ := st.ShipRow()
	rows, n := g.twoRowOptions(cur)
	opts := rows[:n]
	var to int
	switch {
	case a.Dir == DirNorth && opts[0] < cur:
		to = opts[0]
	case a.Dir == DirSouth && opts[len(opts)-1] > cur:
		to = opts[len(opts)-1]
	default:
		return ruleErr("R27", a, "the ship cannot move two rows that way")
	}
	g.emit("ship ", itoa(Rows[to]))
	g.placeShip(to, rng)
	return nil
}

func (g *Game) placeShip(row int, rng engine.Rand) {
	g.st.Ship = Ship{Row: g.rowName(row)}
	g.produce(rng)
}

// producing reports whether building b produces income inc when the ship
// is in row (R29).
func producing(b *Building, row int, inc Income) bool {
	sp := b.Kind.spec()
	return sp.Income == inc && row >= b.At.Row && row < b.At.Row+sp.H
}

// rowIncome appends to gold and infl the indices of the buildings that
// earn gold and influence with the ship in row (R29), in list order.
func (g *Game) rowIncome(row int, gold, infl []int32) ([]int32, []int32) {
	if c := g.cache(); c != nil && row >= 0 && row < NumRows {
		if !c.incomeOK {
			g.fillIncome(c)
		}
		if c.incomeOK {
			gold = append(gold, c.incGold[row][:c.nGold[row]]...)
			infl = append(infl, c.incInfl[row][:c.nInfl[row]]...)
			return gold, infl
		}
	}
	for i := range g.st.Buildings {
		b := &g.st.Buildings[i]
		switch {
		case producing(b, row, GoldIncome):
			gold = append(gold, int32(i))
		case producing(b, row, InfluenceIncome):
			infl = append(infl, int32(i))
		}
	}
	return gold, infl
}

// fillIncome works out rowIncome for every row into the board cache,
// unless a row has more producing buildings than the cache holds (only in
// a state that is not a position).
func (g *Game) fillIncome(c *boardCache) {
	c.nGold, c.nInfl = [NumRows]uint8{}, [NumRows]uint8{}
	for i := range g.st.Buildings {
		b := &g.st.Buildings[i]
		sp := b.Kind.spec()
		if sp.Income == NoIncome {
			continue
		}
		for row := max(b.At.Row, 0); row < min(b.At.Row+sp.H, NumRows); row++ {
			if sp.Income == GoldIncome {
				if int(c.nGold[row]) == len(c.incGold[row]) {
					return
				}
				c.incGold[row][c.nGold[row]] = int32(i)
				c.nGold[row]++
			} else {
				if int(c.nInfl[row]) == len(c.incInfl[row]) {
					return
				}
				c.incInfl[row][c.nInfl[row]] = int32(i)
				c.nInfl[row]++
			}
		}
	}
	c.incomeOK = true
}

// seated counts the buildings of the list that belong to a seat.
func (g *Game) seated(list []int32) int {
	n := 0
	for _, i := range list {
		if slices.Contains(g.cfg.Seats, g.st.Buildings[i].Owner) {
			n++
		}
	}
	return n
}

// produce runs production in the ship row (R29, R30, R35), then moves on to
// the build phase unless a shortage discard must be chosen.
func (g *Game) produce(rng engine.Rand) {
	st := g.st
	row, _ := st.ShipRow()
	var goldBuf, inflBuf [NumCols + 1]int32
	gold, infl := g.rowIncome(row, goldBuf[:0], inflBuf[:0])
	G, I := g.seated(gold), g.seated(infl)
	var order [4]Colour
	// Gold (R30, R35): gold is interchangeable, so its halving is automatic.
	if G > 0 {
		paid := st.Supply.Gold >= G
		if !paid {
			if g.logging() {
				g.emit("gold shortage: ", itoa(G), " due, ", itoa(st.Supply.Gold), " in the bank; everyone discards half their gold")
			}
			for _, c := range g.fromActive(&order) {
				p := st.Players[c]
				if h := p.Gold / 2; h > 0 {
					p.Gold -= h
					st.Supply.Gold += h
					if g.logging() {
						g.emit(c.String(), " discards ", itoa(h), " gold")
					}
				}
			}
			// R35 step 4 (redistribute) or nobody paid (skip); Q6 when
			// the bank still falls short.
			paid = g.cfg.Options.ShortageRedistribute && st.Supply.Gold >= G
		}
		if paid {
			for _, c := range g.fromActive(&order) {
				for _, i := range gold {
					b := &st.Buildings[i]
					if b.Owner != c {
						continue
					}
					st.Players[c].Gold++
					st.Supply.Gold--
					if g.logging() {
						g.emit(c.String(), " +1 gold (", b.Kind.String(), " ", b.At.String(), ")")
					}
				}
			}
		} else {
			if g.logging() {
				g.emit("no gold is paid this turn")
			}
		}
	}
	if I > 0 {
		if st.Supply.InfluenceDeck.Total()+st.Supply.InfluenceDiscard.Total() < I {
			if g.logging() {
				g.emit("influence shortage: ", itoa(I), " due; everyone discards half their influence")
			}
			for _, c := range g.fromActive(&order) {
				if h := st.Players[c].Influence.Total() / 2; h > 0 {
					g.own(ownPending)
					st.Pending = append(st.Pending, Pending{Seat: c, Kind: PendingDiscard, Count: h, Cards: "influence"})
				}
			}
			if len(st.Pending) > 0 {
				st.Phase = PhaseDecide
				g.settle(rng)
				return
			}
			g.finishShortage(rng)
			return
		}
		g.payInfluence(infl, rng)
	}
	g.toBuild()
}

// payInfluence draws the influence cards that the buildings infl (indices
// from rowIncome) earn (R29), seat by seat from the active player.
func (g *Game) payInfluence(infl []int32, rng engine.Rand) {
	st := g.st
	var order [4]Colour
	for _, c := range g.fromActive(&order) {
		for _, i := range infl {
			b := &st.Buildings[i]
			if b.Owner != c {
				continue
			}
			card, ok := g.draw(rng)
			if !ok {
				if g.logging() {
					g.emit("the influence cards ran out")
				}
				return
			}
			st.Players[c].Influence.add(card, 1)
			if g.logging() {
				g.emit(c.String(), " +1 ", g.cfg.CardName(card), " (", b.Kind.String(), " ", b.At.String(), ")")
			}
		}
	}
}

// finishShortage completes an influence shortage once every discard is made
// (R35 steps 3-5).
func (g *Game) finishShortage(rng engine.Rand) {
	st := g.st
	sup := &st.Supply
	sup.InfluenceDeck = Influence{
		Blue:   sup.InfluenceDeck.Blue + sup.InfluenceDiscard.Blue,
		Green:  sup.InfluenceDeck.Green + sup.InfluenceDiscard.Green,
		Yellow: sup.InfluenceDeck.Yellow + sup.InfluenceDiscard.Yellow,
	}
	sup.InfluenceDiscard = Influence{}
	if g.logging() {
		g.emit("the influence cards are reshuffled into a deck of ", itoa(sup.InfluenceDeck.Total()))
	}
	row, _ := st.ShipRow()
	var goldBuf, inflBuf [NumCols + 1]int32
	_, infl := g.rowIncome(row, goldBuf[:0], inflBuf[:0])
	I := len(infl)
	switch {
	case !g.cfg.Options.ShortageRedistribute:
		if g.logging() {
			g.emit("no influence is paid this turn")
		}
	case sup.InfluenceDeck.Total() < I:
		if g.logging() {
			g.emit("still too few influence cards: no influence is paid this turn") // Q6
		}
	default:
		g.payInfluence(infl, rng)
	}
	g.toBuild()
}

// toBuild starts phase 2 for the active player.
func (g *Game) toBuild() {
	g.st.Phase = PhaseBuild
	g.st.BuildsDone = 0
	g.waitFor(g.st.Current)
}

func (g *Game) pirate(a Action, rng engine.Rand) error {
	st := g.st
	if st.Dice[0]+st.Dice[1] != 7 {
		return ruleErr("R40", a, "the pirate comes only on a roll of 7")
	}
	if a.Row < 0 || a.Row >= NumRows {
		return ruleErr("R40", a, "there is no such row")
	}
	if cur, placed := st.ShipRow(); placed && cur == a.Row {
		return ruleErr("R40", a, "the pirate must leave row %d", Rows[cur])
	}
	st.Ship = Ship{Row: g.rowName(a.Row), Pirate: true}
	g.emit("pirate to row ", itoa(Rows[a.Row]))
	g.raid(rng)
	return nil
}

// cubesInRow counts c's cubes that the pirate in row hits (R41, V10).
func (g *Game) cubesInRow(c Colour, row int) int {
	k := g.rowCubes(row)
	if c < 0 || int(c) >= len(k) {
		return 0
	}
	return k[c]
}

// rowCubes is cubesInRow for every colour, in one pass over the board.
func (g *Game) rowCubes(row int) (k [Yellow + 1]int) {
	add := func(c Colour, n int) {
		if c >= 0 && int(c) < len(k) {
			k[c] += n
		}
	}
	for _, b := range g.st.Buildings {
		sp := b.Kind.spec()
		if !sp.Neutral {
			continue
		}
		if g.cfg.Options.PirateTouchesRow {
			if row >= b.At.Row && row < b.At.Row+sp.H {
				add(b.Owner, b.cubes())
			}
			continue
		}
		// R7: flags sit in the west column, on the first rows.
		if f := row - b.At.Row; f >= 0 && f < b.cubes() {
			add(b.Owner, 1)
		}
	}
	for _, t := range g.st.Church {
		if t.At.Row == row && !t.NoCube {
			add(t.Owner, 1)
		}
	}
	for _, w := range g.st.Walls {
		if w.hasCube() && w.At.Side == East && w.At.Index == row {
			add(w.Owner, 1)
		}
	}
	return k
}

// raid runs the pirate raid (R41-R44): no production, discards, reward.
func (g *Game) raid(rng engine.Rand) {
	st := g.st
	row, _ := st.ShipRow()
	if g.blk != nil {
		g.blk.pool = Hand{}
		st.Pool = &g.blk.pool
	} else {
		st.Pool = &Hand{}
	}
	var order [4]Colour
	cubes := g.rowCubes(row)
	for _, c := range g.fromActive(&order) {
		k := cubes[c]
		owe := min(k, st.Players[c].Cards())
		if k > 0 {
			g.emit(c.String(), " has ", itoa(k), " cube(s) in row ", itoa(Rows[row]), " and discards ", itoa(owe))
		}
		if owe > 0 {
			g.own(ownPending)
			st.Pending = append(st.Pending, Pending{Seat: c, Kind: PendingDiscard, Count: owe, Cards: "any"})
		}
	}
	st.Phase = PhaseDecide
	g.settleBatch(batchPirate, rng)
}

// cardKinds lists every kind of card, gold first.
var cardKinds = [4]Card{Gold, BlueCard, GreenCard, YellowCard}

// reward gives the active player the tower reward from the pool (R43, R44,
// V9) and returns the rest of the pool.
func (g *Game) reward(rng engine.Rand) {
	st := g.st
	pool := st.Pool
	if pool == nil {
		pool = &Hand{}
	}
	c := st.Current
	t := g.towers(c)
	n := min(t, pool.Total())
	if g.cfg.Options.PirateRewardChoose && n > 0 {
		// The pool holds only the other players' discards here.
		if n < pool.Total() && distinctKinds(*pool) > 1 {
			g.own(ownPending)
			st.Pending = append(st.Pending, Pending{Seat: c, Kind: PendingTake, Count: n})
			st.Phase = PhaseDecide
			g.waitFor(c)
			return
		}
		g.giveFromPool(c, *pool)
	} else {
		var got Hand
		for i := 0; i < n; i++ {
			r := rng.Intn(StreamReward, pool.Total())
			for _, k := range cardKinds {
				if r < pool.Of(k) {
					pool.add(k, -1)
					got.add(k, 1)
					break
				}
				r -= pool.Of(k)
			}
		}
		if n > 0 {
			g.addHand(c, got)
			g.emit(c.String(), " takes ", itoa(n), " card(s) from the pirate pool (", itoa(t), " tower(s))")
		}
	}
	g.returnPool()
	g.toBuild()
}

func (g *Game) giveFromPool(c Colour, h Hand) {
	pool := g.st.Pool
	for _, k := range cardKinds {
		pool.add(k, -h.Of(k))
	}
	g.addHand(c, h)
	if g.logging() {
		g.emit(c.String(), " takes ", g.handText(h), " from the pirate pool")
	}
}

// returnPool sends the pool back: gold to the bank, influence to the
// discard pile (R44).
func (g *Game) returnPool() {
	st := g.st
	if st.Pool != nil {
		st.Supply.Gold += st.Pool.Gold
		in := st.Pool.Influence
		st.Supply.InfluenceDiscard.Blue += in.Blue
		st.Supply.InfluenceDiscard.Green += in.Green
		st.Supply.InfluenceDiscard.Yellow += in.Yellow
	}
	st.Pool = nil
}

func (g *Game) addHand(c Colour, h Hand) {
	p := g.st.Players[c]
	p.Gold += h.Gold
	p.Influence.Blue += h.Influence.Blue
	p.Influence.Green += h.Influence.Green
	p.Influence.Yellow += h.Influence.Yellow
}

func distinctKinds(h Hand) int {
	n := 0
	for _, k := range cardKinds {
		if h.Of(k) > 0 {
			n++
		}
	}
	return n
}

func (g *Game) handText(h Hand) string {
	var b strings.Builder
	for _, k := range cardKinds {
		if n := h.Of(k); n > 0 {
			if b.Len() > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Itoa(n))
			b.WriteByte(' ')
			b.WriteString(g.cfg.CardName(k))
		}
	}
	if b.Len() == 0 {
		return "nothing"
	}
	return b.String()
}

func listColours(cs []Colour) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.String()
	}
	return strings.Join(names, ", ")
}

// ---- Phase 3 and the special actions ----

func (g *Game) takeGold(seat Colour, why string) {
	n := min(2, g.st.Supply.Gold) // R36
	g.st.Supply.Gold -= n
	g.st.Players[seat].Gold += n
	g.emit(seat.String(), " takes ", itoa(n), " gold (", why, ")")
}

// payMatching checks and pays n cards of colour c (R39).
func (g *Game) payMatching(seat Colour, a Action, c Card, n int, rule string) error {
	if !c.Influence() {
		return ruleErr(rule, a, "name the influence colour to pay with")
	}
	p := g.st.Players[seat]
	if p.Influence.Of(c) < n {
		return ruleErr("R39", a, "%s needs %d %s influence cards and holds %d", seat, n, g.cfg.CardName(c), p.Influence.Of(c))
	}
	p.Influence.add(c, -n)
	g.st.Supply.InfluenceDiscard.add(c, n)
	return nil
}

// payDifferent checks and pays one influence card of each colour (R39).
func (g *Game) payDifferent(seat Colour, a Action) error {
	p := g.st.Players[seat]
	for _, c := range InfluenceCards {
		if p.Influence.Of(c) < 1 {
			return ruleErr("R39", a, "%s needs one influence card of each colour and has no %s", seat, g.cfg.CardName(c))
		}
	}
	for _, c := range InfluenceCards {
		p.Influence.add(c, -1)
		g.st.Supply.InfluenceDiscard.add(c, 1)
	}
	return nil
}

func (g *Game) payGold(seat Colour, a Action, n int, rule string) error {
	p := g.st.Players[seat]
	if p.Gold < n {
		return ruleErr(rule, a, "%s needs %d gold and holds %d", seat, n, p.Gold)
	}
	p.Gold -= n
	g.st.Supply.Gold += n
	return nil
}

func (g *Game) takePermit(seat Colour, a Action, v int, rule string) error {
	p := g.st.Players[seat]
	if v < 0 || v >= permitValues {
		return ruleErr(rule, a, "permits are valued 0 to 4")
	}
	if !p.hasPermit(v) {
		return ruleErr("R98", a, "%s has no permit %d in supply", seat, v)
	}
	i := slices.Index(p.Permits, v)
	p.Permits = slices.Delete(p.Permits, i, i+1)
	return nil
}

// emptyTarget checks that s can take a permit: an empty city square, never
// the bare foundation (R88, R90, R13, R80).
func (g *Game) emptyTarget(ix *index, a Action, s Square, rule string) error {
	if !inCity(s, g.players()) {
		return ruleErr("R1", a, "%s is outside the city", s)
	}
	if g.bareFoundation(s) {
		return ruleErr("R13", a, "%s is the church building site", s)
	}
	if ix.church[s.Col][s.Row] {
		return ruleErr("R80", a, "a church tile stands on %s", s)
	}
	if !g.empty(ix, s) {
		return ruleErr(rule, a, "%s is not empty", s)
	}
	return nil
}

// permitRows lists the rows a phase-3 permit may go in without paying
// influence (R85, R86, V11): the first n of rows.
func (g *Game) permitRows(ix *index) (rows [2]int, n int) {
	ship, _ := g.st.ShipRow()
	empties := g.emptySquares(ix)
	hasSpace := func(r int) bool { return r >= 0 && r < NumRows && empties[r] != 0 }
	if hasSpace(ship) {
		rows[0] = ship
		return rows, 1
	}
	last := 1
	if g.cfg.Options.NearestRowFallback {
		last = NumRows - 1
	}
	for d := 1; d <= last; d++ {
		for _, r := range [2]int{ship - d, ship + d} {
			if r >= 0 && r < NumRows && hasSpace(r) {
				rows[n] = r
				n++
			}
		}
		if n > 0 {
			return rows, n
		}
	}
	return rows, 0
}

func (g *Game) phase3Permit(seat Colour, a Action) error {
	var tmp index
	ix := g.boardIndex(&tmp)
	if err := g.emptyTarget(ix, a, a.At, "R85"); err != nil {
		return err
	}
	if a.Colour != NoCard {
		// R87: any row for 2 matching influence, plus the gold (V12).
		if err := g.payMatching(seat, a, a.Colour, 2, "R87"); err != nil {
			return err
		}
	} else if rows, n := g.permitRows(ix); !slices.Contains(rows[:n], a.At.Row) {
		ship, _ := g.st.ShipRow()
		return ruleErr("R85", a, "a permit goes in the ship's row %d (or, when it is full, an adjacent row, R86); elsewhere pay 2 matching influence (R87)", Rows[ship])
	}
	if err := g.takePermit(seat, a, a.Value, "R84"); err != nil {
		return err
	}
	if err := g.payGold(seat, a, a.Value, "R84"); err != nil {
		return err
	}
	g.own(ownPermits)
	g.st.Permits = append(g.st.Permits, Permit{Owner: seat, Value: a.Value, At: a.At})
	g.emit(seat.String(), " places permit ", itoa(a.Value), " on ", a.At.String())
	return nil
}

// ownPermit returns the index of seat's permit on s, or -1.
func (g *Game) ownPermit(seat Colour, s Square) int {
	for i, p := range g.st.Permits {
		if p.At == s && p.Owner == seat {
			return i
		}
	}
	return -1
}

// special applies one of the four special actions (R89, R90).
func (g *Game) special(seat Colour, a Action) error {
	st := g.st
	p := st.Players[seat]
	var tmp index
	ix := g.boardIndex(&tmp)
	switch a.Kind {
	case ActMovePermit:
		i := g.ownPermit(seat, a.At)
		if i < 0 {
			return ruleErr("R89", a, "%s has no permit on %s", seat, a.At)
		}
		if err := g.emptyTarget(ix, a, a.To, "R90"); err != nil {
			return err
		}
		if err := g.payMatching(seat, a, a.Colour, 2, "R89"); err != nil {
			return err
		}
		g.own(ownPermits)
		st.Permits[i].At = a.To
		g.emit(seat.String(), " moves permit ", itoa(st.Permits[i].Value), " from ", a.At.String(), " to ", a.To.String())
		return nil
	case ActUpgradePermit:
		i := g.ownPermit(seat, a.At)
		if i < 0 {
			return ruleErr("R89", a, "%s has no permit on %s", seat, a.At)
		}
		old := st.Permits[i].Value
		if a.Value <= old {
			return ruleErr("R89", a, "an upgrade needs a higher permit than %d", old)
		}
		if err := g.takePermit(seat, a, a.Value, "R89"); err != nil {
			return err
		}
		if err := g.payMatching(seat, a, a.Colour, 2, "R89"); err != nil {
			return err
		}
		if err := g.payGold(seat, a, a.Value-old, "R89"); err != nil {
			return err
		}
		p.Permits = append(p.Permits, old)
		g.own(ownPermits)
		st.Permits[i].Value = a.Value
		g.emit(seat.String(), " upgrades permit ", itoa(old), " on ", a.At.String(), " to ", itoa(a.Value))
		return nil
	case ActPlacePermit:
		if err := g.emptyTarget(ix, a, a.At, "R90"); err != nil {
			return err
		}
		if err := g.takePermit(seat, a, a.Value, "R89"); err != nil {
			return err
		}
		if err := g.payDifferent(seat, a); err != nil {
			return err
		}
		if err := g.payGold(seat, a, a.Value, "R89"); err != nil {
			return err
		}
		g.own(ownPermits)
		st.Permits = append(st.Permits, Permit{Owner: seat, Value: a.Value, At: a.At})
		g.emit(seat.String(), " places permit ", itoa(a.Value), " on ", a.At.String(), " (special action)")
		return nil
	case ActBuyGold:
		if err := g.payDifferent(seat, a); err != nil {
			return err
		}
		g.takeGold(seat, "special action")
		return nil
	}
	return ruleErr("R89", a, "not a special action")
}

// endTurn passes the turn clockwise (R23), checking the win at the end of
// the turn where the options say so (V18) and the turn limit (Q8).
func (g *Game) endTurn() {
	st := g.st
	g.emit(st.Current.String(), " ends the turn")
	if g.cfg.Options.WinEndOfTurn && st.Players[st.Current].Cubes == 0 {
		g.win(st.Current, "all 10 cubes on the board")
		return
	}
	n := len(g.cfg.Seats)
	if lim := g.cfg.Options.TurnLimit; lim > 0 && st.Turn >= lim*n {
		best := g.cfg.Seats[0]
		for _, c := range g.cfg.Seats[1:] {
			a, b := st.Players[c], st.Players[best]
			if a.Cubes < b.Cubes || (a.Cubes == b.Cubes && a.Gold > b.Gold) {
				best = c
			}
		}
		g.win(best, "turn limit of "+itoa(lim)+" rounds reached")
		return
	}
	next := g.cfg.Seats[(g.seatIndex(st.Current)+1)%n]
	st.Current = next
	st.Turn++
	st.Phase = PhaseRoll
	st.Dice = nil
	st.BuildsDone = 0
	st.Ship.Pirate = false
	g.waitFor(next)
}

func (g *Game) win(c Colour, why string) {
	st := g.st
	if g.blk != nil {
		g.blk.winner = c
		st.Winner = &g.blk.winner
	} else {
		w := c
		st.Winner = &w
	}
	st.Phase = PhaseOver
	st.WaitingFor = []Colour{}
	st.Pending = []Pending{}
	g.returnPool()
	g.emit(c.String(), " wins (", why, ")")
}

// afterConstruction finishes a construction action: the win check (R93)
// and, when starters wait to be rebuilt, the rebuild decisions (R67).
func (g *Game) afterConstruction(rng engine.Rand) {
	st := g.st
	if !g.cfg.Options.WinEndOfTurn && st.Players[st.Current].Cubes == 0 {
		g.win(st.Current, "all 10 cubes on the board")
		return
	}
	if len(st.Pending) > 0 {
		st.Phase = PhaseDecide
		g.settle(rng)
		return
	}
	g.afterBuildStep()
}

// afterBuildStep moves to phase 3 after the second construction.
func (g *Game) afterBuildStep() {
	st := g.st
	g.waitFor(st.Current)
	if st.BuildsDone >= 2 {
		st.Phase = PhasePermit
	} else {
		st.Phase = PhaseBuild
	}
}
