package seafarers

import (
	"fmt"

	"github.com/elasund/elasund/engine"
)

// entry is what one Apply knows of its history entry.
type entry struct {
	src      engine.Source
	resolved int // sealed draws resolved at the entry's start (S138)
}

// Apply applies a move — the actions of one history entry by seat —
// atomically: either every action applies, or the game is unchanged and
// the error (an *engine.RuleError; an *engine.StateError for an impossible
// forced outcome, S160) names the first illegal action and its rule. Before
// the actions, the board is dealt if this is the first seat's first entry
// of a game that waits for its deal (S132), and the sealed draws this seat
// witnesses are resolved (S138). It returns the events of the entry.
func (g *Game) Apply(seat Colour, move []Action, src engine.Source) ([]string, error) {
	s := g.seatIndex(seat)
	if s < 0 {
		return nil, &engine.RuleError{Rule: "S3", Reason: fmt.Sprintf("%s has no seat in this game", seat)}
	}
	if len(move) == 0 {
		return nil, &engine.RuleError{Rule: "S31", Reason: "the move has no action"}
	}
	var ahead *Game
	if g.ahead.valid { // after the listing of an entry that resolves draws
		ahead = g.takeAhead(s, src)
	}
	// Most entries are one action that names no place: nothing to look up.
	if len(move) != 1 || move[0].Kind.namesPlace() {
		if err := g.checkPlaces(move); err != nil {
			return nil, err
		}
	}
	if g.inPlace(s, move) {
		// One action that checks everything before it changes anything:
		// no copy needed for atomicity.
		g.log.reset()
		if err := g.step(s, &move[0], &entry{src: src}); err != nil {
			return nil, err
		}
		return g.log.took(), nil
	}
	if ahead != nil {
		return g.applyAhead(ahead, s, move, src)
	}
	// The move may be refused after a change: it is applied to g, with a
	// copy of g to go back to. (The steps take no scratch copy of g, which
	// would overwrite it.)
	back := g.scratch()
	g.log.reset()
	if err := g.applyEntry(s, move, src); err != nil {
		room, bytes := g.log.room, g.log.bytes // the events handed out live there
		g.adopt(back)
		g.log.room, g.log.bytes = room, bytes
		return nil, err
	}
	return g.log.took(), nil
}

// applyEntry applies a move that inPlace does not take: it deals the board
// and resolves sealed draws first when the entry does, then applies the
// actions one by one. On an error g may be half changed.
func (g *Game) applyEntry(s int, move []Action, src engine.Source) error {
	if !g.l.dealt && s == 0 {
		if err := g.dealFromEntry(src); err != nil {
			return err
		}
		g.log.say("the board is dealt (S132)")
	}
	en := &entry{src: src}
	if g.resolvesAt(s) {
		wasOver := g.over()
		if err := g.resolveDraws(s, src); err != nil {
			return err
		}
		en.resolved = 1
		if err := resolvedEnds(g.over() && !wasOver, move); err != nil {
			return err
		}
	}
	return g.applyActions(s, move, en)
}

// resolvedEnds refuses a move that is more than the single action resolve
// when resolving the sealed draws of its entry ended the game (S145).
func resolvedEnds(ended bool, move []Action) error {
	if ended && (len(move) != 1 || move[0].Kind != ActResolve) {
		return ruleErr("S145", &move[0], "resolving the sealed draws of this entry ends the game: the entry must be the single action resolve")
	}
	return nil
}

// applyActions applies the actions of a move one by one, after the deal
// and the sealed draws of its entry. On an error g may be half changed.
func (g *Game) applyActions(s int, move []Action, en *entry) error {
	for i := range move {
		a := &move[i] // read where it is: an action is large to copy
		if g.over() && i > 0 {
			return ruleErr("S86", a, "the game ended with %q: end the move there", move[i-1].String())
		}
		if err := g.step(s, a, en); err != nil {
			return err
		}
	}
	return nil
}

// inPlace reports whether a move can be applied to g directly: a single
// action whose every refusal comes before its first change. That is every
// action except those that may fail half way: an implicit roll followed by
// the action (topic moves, S32), Road Building's two placements (S76), an
// impossible forced outcome found after paying (S160), and an entry that
// first deals the board or resolves sealed draws (S132, S138, S145).
func (g *Game) inPlace(s int, move []Action) bool {
	if len(move) != 1 || !g.l.dealt || len(g.forced) > 0 || g.resolvesAt(s) {
		return false
	}
	a := &move[0]
	switch {
	case a.Kind == ActPlay && a.Card == RoadBuilding:
		return false
	case g.phase == PhaseRoll && s == g.cur && !g.over() && g.implicitRoll(s, a):
		return false
	}
	return true
}

// dealFromEntry deals the board at the first seat's first entry (S132):
// from H("seafarers/board" ‖ id ‖ r1 ‖ c2 ‖ … ‖ cP) in a peer game, from the
// sandbox seed in a sandbox game.
func (g *Game) dealFromEntry(src engine.Source) error {
	if src == nil {
		return &engine.RuleError{Rule: "S132", Reason: "the board is not dealt yet, and this entry has no random source to deal it"}
	}
	if r1 := src.Reveal(); r1 != nil {
		parts := [][]byte{r1}
		for _, c := range g.cfg.seats[1:] {
			parts = append(parts, src.Commitment(c.String()))
		}
		return g.deal(src.Derive(labelBoard, parts...))
	}
	if seed, ok := src.SandboxSeed(); ok {
		return g.deal(src.Derive(labelBoard, u64(uint64(seed))))
	}
	return &engine.RuleError{Rule: "S132", Reason: "the board is not dealt yet, and this entry has no reveal to deal it"}
}

// step applies one action by seat s, writing its events to the log.
func (g *Game) step(s int, a *Action, en *entry) error {
	switch a.Kind {
	case ActOrders:
		if g.over() {
			return ruleErr("S89", a, "the game is over")
		}
		return g.setOrders(s, a, en.src)
	case ActResolve:
		if en.resolved == 0 {
			if g.cfg.turnSealed {
				return ruleErr("S146", a, "this entry resolves no sealed draw: pending draws resolve when the next turn begins, and resolve is that turn's first action")
			}
			return ruleErr("S146", a, "%s witnesses no pending sealed draw", g.colour(s))
		}
		return nil
	}
	if g.over() {
		return ruleErr("S89", a, "the game is over")
	}
	if g.phase == PhaseRoll && s == g.cur && g.implicitRoll(s, a) {
		// Topic moves, S32: any other first action rolls implicitly.
		g.roll(en.src)
		if g.checkWin(s); g.over() {
			return ruleErr("S86", a, "the roll (%d+%d) ends the game: send roll alone", g.dice[0], g.dice[1])
		}
		return g.step(s, a, en)
	}
	switch a.Kind {
	case ActDiscard:
		return g.discard(s, a, en.src)
	case ActGold:
		return g.gold(s, a, en.src)
	case ActReward:
		return g.reward(s, a, en.src)
	case ActAccept, ActDecline:
		return g.answer(s, a)
	}
	if !g.awaitedActive(s) {
		if g.anyDecide() && s == g.cur && (a.Kind == ActTrade || a.Kind == ActOffer) {
			return ruleErr("S61", a, "no trade while a decision is owed (the game waits for %s)", g.listSeats(g.waitingFor()))
		}
		if g.anyDecide() {
			return ruleErr("S27", a, "the game waits for %s to decide", g.listSeats(g.waitingFor()))
		}
		return ruleErr("S31", a, "it is %s's turn, not %s's", g.colour(g.cur), g.colour(s))
	}
	if g.phase == PhaseDecide {
		if a.Kind == ActTrade || a.Kind == ActOffer {
			return ruleErr("S61", a, "no trade while a decision is owed (the game waits for %s)", g.listSeats(g.waitingFor()))
		}
		return ruleErr("S27", a, "the game waits for %s to decide", g.listSeats(g.waitingFor()))
	}
	if g.phase == PhaseSetup {
		if a.Kind != ActPlace {
			return ruleErr("S23", a, "during setup only placements are made (place settlement <corner> road|ship <edge>)")
		}
		return g.place(s, a, en.src)
	}
	if a.Kind == ActPlace {
		return ruleErr("S19", a, "setup is over")
	}
	if i := g.owes(s, pendHarbour); i >= 0 && a.Kind != ActHarbour {
		return ruleErr("S105", a, "%s must first place the harbour it took (harbour <edge> <kind>)", g.colour(s))
	}
	if g.phase == PhaseRobber {
		switch a.Kind {
		case ActRobber, ActPirate, ActSteal:
			if err := g.robberMove(s, a, en.src); err != nil {
				return err
			}
			g.checkWin(s)
			return nil
		}
		return ruleErr("S26", a, "%s", g.robberPrompt())
	}
	if g.offer != nil {
		switch a.Kind {
		case ActConfirm:
			return g.confirm(s, a)
		case ActWithdraw:
			return g.withdraw(s, a)
		}
		if a.Kind == ActEnd {
			return ruleErr("S28", a, "an offer is open: withdraw it before ending the turn")
		}
		return ruleErr("S67", a, "an offer is open: only confirm <colour>, withdraw or orders now")
	}
	if g.phase == PhaseRoll {
		if a.Kind == ActRoll {
			g.roll(en.src)
			g.checkWin(s)
			return nil
		}
	} else if a.Kind == ActRoll {
		return ruleErr("S32", a, "the dice were already rolled this turn")
	}
	if err := g.act(s, a, en); err != nil {
		return err
	}
	g.checkWin(s)
	return nil
}

// implicitRoll reports whether action a of the active player in phase
// roll rolls the dice first (topic moves, S32): every action but roll, an
// owed harbour, a development card (when one may be played before the
// roll), orders and resolve.
// The kind is looked at first: it is cheaper than the game's state, and
// most actions in phase roll are the roll itself.
func (g *Game) implicitRoll(s int, a *Action) bool {
	switch a.Kind {
	case ActRoll, ActHarbour, ActOrders, ActResolve, ActAccept, ActDecline:
		return false
	case ActPlay:
		if g.cfg.opts.CardBeforeRoll {
			return false
		}
	}
	return !g.inSetup() && !g.anyDecide() && g.awaited(s) && g.owes(s, pendHarbour) < 0
}

// act applies an action of the active player in phase roll (a card or a
// harbour), trade or build.
func (g *Game) act(s int, a *Action, en *entry) error {
	switch a.Kind {
	case ActHarbour:
		return g.placeHarbour(s, a)
	case ActPlay:
		return g.play(s, a, en)
	case ActConfirm, ActWithdraw:
		return ruleErr("S65", a, "no offer is open")
	case ActRobber, ActPirate, ActSteal:
		return ruleErr("S26", a, "no robber or pirate move is owed")
	}
	if g.phase != PhaseTrade && g.phase != PhaseBuild {
		return ruleErr("S24", a, "this action is not possible in phase %s", g.phase)
	}
	switch a.Kind {
	case ActTrade:
		return g.maritime(s, a)
	case ActOffer:
		return g.offerTrade(s, a)
	case ActEnd:
		return g.end(s, a)
	case ActBuild:
		return g.build(s, a, en)
	case ActBuy:
		return g.buy(s, a, en)
	case ActMoveShip:
		return g.moveShip(s, a, en)
	case ActWonder:
		return g.startWonder(s, a)
	case ActBuildWonder:
		return g.buildWonder(s, a)
	case ActAttack:
		return g.attack(s, a, en)
	}
	return ruleErr("S24", a, "this action cannot be taken now")
}

// buildAction records a build action (S25): the turn moves to phase build.
func (g *Game) buildAction() {
	g.flags.Built = true
	if g.phase == PhaseTrade {
		g.phase = PhaseBuild
	}
}

// listSeats names seats, joined by commas.
func (g *Game) listSeats(ss []int) string {
	out := ""
	for i, s := range ss {
		if i > 0 {
			out += ", "
		}
		out += g.colour(s).String()
	}
	return out
}

// end ends the turn (S28).
func (g *Game) end(s int, a *Action) error {
	if len(g.pending) > 0 {
		return ruleErr("S28", a, "a decision is still owed")
	}
	g.endTurn()
	return nil
}
