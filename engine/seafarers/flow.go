package seafarers

import (
	"fmt"
	"slices"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// ruleErr returns the refusal of action a for breaking rule.
func ruleErr(rule string, a *Action, format string, args ...any) *engine.RuleError {
	s := ""
	if a.Kind != ActNone {
		s = a.String()
	}
	return &engine.RuleError{Rule: rule, Action: s, Reason: fmt.Sprintf(format, args...)}
}

// waitingFor lists the seats whose entry the game needs now, in seat order
// (S27, S67, S152): the seats owing a discard, gold or reward decision;
// else the active player, and while an offer is open the named seats that
// have not answered.
func (g *Game) waitingFor() []int {
	mask := g.waitingMask()
	out := make([]int, 0, 4)
	for s := range g.cfg.seats {
		if mask&(1<<s) != 0 {
			out = append(out, s)
		}
	}
	return out
}

// waitingMask is waitingFor as a bit per seat.
func (g *Game) waitingMask() uint8 {
	if g.over() {
		return 0
	}
	var mask uint8
	for _, p := range g.pending {
		if p.kind.decide() {
			mask |= 1 << p.seat
		}
	}
	if mask == 0 {
		mask = 1 << g.cur
		if o := g.offer; o != nil {
			mask |= o.to &^ (o.accepted | o.declined)
		}
	}
	return mask
}

// awaited reports whether the game waits for seat s. Without a decision
// owed or an offer open (most of the time) that is the active player
// alone; else it asks waitingMask.
func (g *Game) awaited(s int) bool {
	if len(g.pending) == 0 && g.offer == nil {
		return s == g.cur && !g.over()
	}
	return g.waitingMask()&(1<<s) != 0
}

// awaitedActive reports whether seat s is the active player and the game
// waits for it (awaited) in a game not over: without a decision owed or an
// offer open, as most of the time, that is asked without a call.
func (g *Game) awaitedActive(s int) bool {
	return s == g.cur && (len(g.pending) == 0 && g.offer == nil || g.awaited(s))
}

// decide reports whether an owed decision puts the game in phase decide
// (S27): discards, gold and rewards.
func (k pendKind) decide() bool { return k == pendDiscard || k == pendGold || k == pendReward }

// owes returns the index of seat s's pending decision of kind k, or -1.
func (g *Game) owes(s int, k pendKind) int {
	for i, p := range g.pending {
		if p.seat == s && p.kind == k {
			return i
		}
	}
	return -1
}

// addPending records a decision owed; a second gold decision of a seat adds
// to the first.
func (g *Game) addPending(s int, k pendKind, count int) {
	if i := g.owes(s, k); i >= 0 && k == pendGold {
		g.pending[i].count += count
		return
	}
	g.pending = append(g.pending, pending{seat: s, kind: k, count: count})
}

// dropPending removes the decision at index i.
func (g *Game) dropPending(i int) {
	g.pending = append(g.pending[:i], g.pending[i+1:]...)
}

// anyDecide reports whether a discard, gold or reward decision is owed.
func (g *Game) anyDecide() bool {
	for _, p := range g.pending {
		if p.kind.decide() {
			return true
		}
	}
	return false
}

// returnPhase is the phase the turn goes back to after a robber move or
// the last owed decision (S26, S27): setup, roll before the roll, build
// after a build action, else trade.
func (g *Game) returnPhase() Phase {
	switch {
	case g.inSetup():
		return PhaseSetup
	case g.flags.Built:
		return PhaseBuild
	case !g.rolled():
		return PhaseRoll
	}
	return PhaseTrade
}

// settled continues the game after the decision of kind k was made, when
// no discard, gold or reward decision is owed any more (S27, S37, S39).
func (g *Game) settled(k pendKind, src engine.Rand) {
	// A decision may leave another without a real choice (S154).
	g.autoDecide()
	if g.over() || g.anyDecide() {
		return
	}
	if g.inSetup() {
		g.phase = PhaseSetup
		return
	}
	if g.rolled() && g.rollSum() == 7 && g.phase == PhaseDecide {
		if k == pendReward {
			g.sevenDiscards(src)
			return
		}
		g.sevenRobber()
		return
	}
	g.phase = g.returnPhase()
}

// win ends the game with seat s as the winner (S86, S89): owed decisions,
// an open offer and sealed draws are dropped (a sealed card counts as
// nothing, S140).
func (g *Game) win(s int) {
	g.phase = PhaseOver
	g.winner = s
	g.pending = nil
	g.offer = nil
	for i := range g.players {
		p := &g.players[i]
		p.cards = slices.DeleteFunc(slices.Clone(p.cards), func(c devCard) bool { return c.kind == Sealed })
	}
	g.sealed = nil
	g.log.add(g.colour(s).String(), " wins with ").num(g.vp(s)).add(" victory points").end()
}

// meetsGoal reports whether seat s meets its scenario's victory condition
// (S86, S125, S131).
func (g *Game) meetsGoal(s int) bool {
	// The points are counted last: the other conditions are cheaper, and
	// most of the time one of them fails.
	target := g.cfg.opts.VPTarget
	switch g.cfg.scenario {
	case board.PirateIslands:
		return g.fortresses[s] == 0 && g.pointsUpTo(s, target) >= target
	case board.WondersOfCatan:
		lvl := g.wonderLevel(s)
		if lvl >= 4 {
			return true
		}
		if lvl == 0 {
			return false // every other seat's wonder is as far, at level 0 or more
		}
		for w := Theater; w <= Cathedral; w++ {
			if o := g.wonders[w].owner; o >= 0 && o != s && g.wonders[w].level >= lvl {
				return false
			}
		}
		return g.pointsUpTo(s, target) >= target
	}
	return g.pointsUpTo(s, target) >= target
}

// checkWin ends the game if seat s meets its goal (S86).
func (g *Game) checkWin(s int) {
	if g.over() || g.inSetup() || !g.meetsGoal(s) {
		return
	}
	g.win(s)
}

// vp counts seat s's victory points (S85).
func (g *Game) vp(s int) int { return g.pointsUpTo(s, 0) }

// pointsUpTo counts seat s's victory points as vp does, except that its
// victory-point cards are left out when the points cannot reach upTo even
// if every card held is one: the answer is then a number below upTo, and
// pointsUpTo(s, t) >= t exactly when vp(s) >= t. The goal is checked after
// every entry, and most of the time the points fall short of it without a
// pass over the seat's cards.
func (g *Game) pointsUpTo(s, upTo int) int {
	p := &g.players[s]
	v := g.buildingPoints(s) + p.chits
	if g.longest == s {
		v += 2
	}
	if g.largest == s {
		v += 2
	}
	if g.cfg.scenario == board.ClothForCatan {
		v += p.cloth / 2
	}
	if g.vpCardsCount() && v+len(p.cards) >= upTo {
		for _, c := range p.cards {
			if c.kind == VictoryPoint {
				v++
			}
		}
	}
	return v
}

// buildingPoints counts 1 per settlement and 2 per city of seat s on the
// board (S85).
func (g *Game) buildingPoints(s int) int {
	p := &g.players[s]
	onBoard := limitSettlements - p.supply[supSettlement]
	if g.cfg.scenario == board.PirateIslands && g.fortresses[s] > 0 {
		onBoard-- // the settlement under the uncaptured fortress (S115)
	}
	cities := limitCities - p.supply[supCity]
	// A city replaced a settlement that went back to supply (S50), so
	// settlements on the board are those out of supply.
	return onBoard + 2*cities
}

// vpCardsCount reports whether victory-point cards count as points: not in
// pirate-islands, where with 4 seats they are knights (S120).
func (g *Game) vpCardsCount() bool { return g.cfg.scenario != board.PirateIslands }

// villageEnd ends cloth-for-catan when three or fewer villages still hold
// cloth (S114): the most points win, then the most cloth, then seat order
// from the active player.
func (g *Game) villageEnd() {
	if g.over() || g.cfg.scenario != board.ClothForCatan {
		return
	}
	n := 0
	for _, v := range g.villages {
		if v.cloth > 0 {
			n++
		}
	}
	if n > 3 {
		return
	}
	best := -1
	for i := range g.players {
		s := (g.cur + i) % g.nseats()
		if best < 0 || g.vp(s) > g.vp(best) || g.vp(s) == g.vp(best) && g.players[s].cloth > g.players[best].cloth {
			best = s
		}
	}
	g.log.add("only ").num(n).add(" villages hold cloth: the game ends (S114)").end()
	g.win(best)
}

// endTurn passes the turn to the next seat (S28) and checks whether it
// wins as its turn begins (S87).
func (g *Game) endTurn() {
	g.cur = g.next(g.cur)
	g.turn++
	g.phase = PhaseRoll
	g.dice = [2]int{}
	g.flags = TurnFlags{}
	g.log.add("turn ").num(g.turn).add(": ").colour(g.colour(g.cur)).end()
	g.checkWin(g.cur)
}

// BeginsTurn reports whether an entry by seat would begin a turn: it is
// the seat's turn, setup is over and the dice are not rolled (S135).
func (g *Game) BeginsTurn(seat Colour) bool {
	s := g.seatIndex(seat)
	return s >= 0 && !g.over() && !g.inSetup() && g.cur == s && g.phase == PhaseRoll
}
