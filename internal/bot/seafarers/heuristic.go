package seafarers

import (
	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/engine/seafarers/board"
	"github.com/elasund/elasund/internal/bot"
)

// heuristic plays by plans (plans.go): it lists what is worth building —
// cities, settlements with the roads and ships that reach them, fog,
// villages and gifts to reach, development cards, wonder levels, the
// trade-route card, pirate-islands' chain — scores each by its value
// over the turns it takes to pay for, and builds, trades or waits for the
// best. Decisions (setup, robber, discards, gold, offers, harbours) have
// their own rules (decide.go). See doc.go for the whole strategy.
type heuristic struct {
	buf []game.Action
}

var (
	_ bot.Player = (*heuristic)(nil)
	_ chooser    = (*heuristic)(nil)
)

// newHeuristic returns a heuristic player. Its choices depend on the
// position alone: it draws nothing at random, so the seed is not used.
func newHeuristic(uint64) *heuristic { return &heuristic{} }

// Choose returns the action the heuristic prefers among p.Legal(seat, src).
func (h *heuristic) Choose(p engine.Position, seat string, src engine.Source) (engine.Action, error) {
	return choose(h, p, seat, src)
}

// choose returns the action the heuristic prefers among g.Legal(seat,
// src). The source goes to Legal only: a witness of sealed draws (S138)
// chooses among the actions its listing shows after they resolve, but
// judges them on the position as it stands, so it learns nothing of the
// draws' outcomes.
func (h *heuristic) choose(g *game.Game, seat game.Colour, src engine.Source) (game.Action, error) {
	legal := g.AppendLegal(h.buf[:0], seat, cloneSource(src))
	h.buf = legal
	if len(legal) == 0 {
		return game.Action{}, noAction(g, seat.String())
	}
	if len(legal) == 1 {
		return legal[0], nil
	}
	n := 0
	for _, a := range legal {
		if a.Kind != game.ActResolve {
			legal[n] = a
			n++
		}
	}
	legal = legal[:n]
	return h.pick(newView(g, seat), legal), nil
}

// pick returns the action the heuristic prefers among legal.
func (h *heuristic) pick(v *view, legal []game.Action) game.Action {
	has := func(k game.ActionKind) bool {
		for _, a := range legal {
			if a.Kind == k {
				return true
			}
		}
		return false
	}
	switch k := legal[0].Kind; {
	case k == game.ActPlace:
		return h.setup(v, legal)
	case k == game.ActDiscard, k == game.ActGold, k == game.ActReward, k == game.ActAccept, k == game.ActDecline:
		ps := v.plans(nil, v.search(noOverlay), v.targets())
		switch k {
		case game.ActDiscard:
			return h.discard(v, legal, ps)
		case game.ActGold:
			return h.gold(v, legal, ps)
		case game.ActReward:
			return h.reward(v, legal, ps)
		}
		return h.answer(v, legal, ps)
	case has(game.ActHarbour):
		return h.harbour(v, legal)
	case k == game.ActRobber, k == game.ActPirate, k == game.ActSteal:
		return h.robber(v, legal)
	case has(game.ActConfirm), has(game.ActWithdraw):
		for _, a := range legal {
			if a.Kind == game.ActConfirm {
				return a
			}
		}
		return game.Action{Kind: game.ActWithdraw}
	case has(game.ActRoll):
		return h.roll(v, legal)
	}
	return h.main(v, legal)
}

// roll plays a knight before rolling when the robber sits on my
// production or the knight takes Largest Army, and in pirate-islands
// (a warship before the fleet sails, S120); then it rolls. It always
// rolls explicitly rather than by a listed later action.
func (h *heuristic) roll(v *view, legal []game.Action) game.Action {
	for _, a := range legal {
		if a.Kind != game.ActPlay {
			continue
		}
		switch a.Card {
		case game.Knight:
			if v.sc == board.PirateIslands || v.blockOn(v.g.Robber(), v.mi) >= 4 || v.armyGain() >= vpPoints {
				return a
			}
		case game.VictoryPoint: // pirate-islands with 4 seats: a knight
			return a
		}
	}
	return game.Action{Kind: game.ActRoll}
}

// main chooses in phase trade or build: a winning action, a development
// card, a wonder to start, the best plan's next action or a trade toward
// it, a useful offer, a ship move, a fortress attack; else the end.
func (h *heuristic) main(v *view, legal []game.Action) game.Action {
	net := v.search(noOverlay)
	ts := v.targets()
	ps := v.plans(legal, net, ts)
	if a, ok := v.winning(legal); ok {
		return a
	}
	if a, ok := h.playCard(v, legal, ps, net, ts); ok {
		return a
	}
	if a, ok := h.build(v, legal, ps); ok {
		return a
	}
	if a, ok := v.startWonder(legal); ok {
		return a
	}
	if a, ok := h.offer(v, legal, ps); ok {
		return a
	}
	if a, ok := h.moveShip(v, legal, net, ts); ok {
		return a
	}
	if a, ok := h.attack(v, legal); ok {
		return a
	}
	end := game.Action{Kind: game.ActEnd}
	if contains(legal, end) {
		return end
	}
	return legal[len(legal)-1]
}

// winning returns a build that wins the game at once (S86, S131).
func (v *view) winning(legal []game.Action) (game.Action, bool) {
	routeSwing := v.vp[v.mi]+2 >= v.target
	for _, a := range legal {
		switch {
		case a.Kind == game.ActBuildWonder:
		case a.Kind == game.ActBuild && (a.Piece == game.Settlement || a.Piece == game.City):
		case a.Kind == game.ActBuild && routeSwing:
		default:
			continue
		}
		w := trial(v.g)
		if _, err := w.Apply(v.me, []game.Action{a}, nil); err == nil && w.Over() && w.Winner() == v.me {
			return a, true
		}
	}
	return game.Action{}, false
}

// build returns the next action of the plans I build this turn, or the
// maritime trade they need first. Trades come before any build action
// (S25), so the turn is planned at once: the plans are taken best first
// while the hand, with spare cards traded at my rates, pays for all of
// them (each its whole cost when it can, else its next action); the best
// plan keeps the cards it needs even when it cannot be paid for yet,
// unless my hand is at the discard limit. The trades come first, then
// the builds in order.
func (h *heuristic) build(v *view, legal []game.Action, ps []plan) (game.Action, bool) {
	trading := false
	for _, a := range legal {
		if a.Kind == game.ActTrade {
			trading = true
			break
		}
	}
	big := v.hand.Total() >= v.opts.DiscardLimit
	bank := v.g.Bank()
	can := func(req game.Hand) bool {
		lack, spare := 0, 0
		for r := range req {
			if d := req[r] - v.hand[r]; d > 0 {
				if bank[r] < d {
					return false
				}
				lack += d
			} else {
				spare += -d / v.rates[r]
			}
		}
		return lack == 0 || trading && spare >= lack
	}
	plus := func(a, b game.Hand) game.Hand {
		for r := range a {
			a[r] += b[r]
		}
		return a
	}
	var reserved game.Hand
	var chosen []plan
	for i, p := range ps[:min(10, len(ps))] {
		switch {
		case can(plus(reserved, p.cost)):
			reserved = plus(reserved, p.cost)
			chosen = append(chosen, p)
			// Cards and wonder levels may be bought again and again.
			for k := 0; k < 4 && (p.kind == pCard || p.kind == pWonder) && can(plus(reserved, p.cost)); k++ {
				reserved = plus(reserved, p.cost)
			}
		case can(plus(reserved, p.nextCost)):
			reserved = plus(reserved, p.nextCost)
			chosen = append(chosen, p)
		case i == 0 && !big:
			// Save for the best plan: keep what it needs.
			for r := range reserved {
				reserved[r] += min(v.hand[r], p.cost[r])
			}
		}
	}
	if trading && missing(reserved, v.hand) > 0 {
		if a, ok := v.tradeToward2(reserved, reserved, legal); ok {
			return a, true
		}
	}
	for _, p := range chosen {
		if a, ok := p.resolveNext(legal); ok {
			return a, true
		}
	}
	if big && trading {
		// At the limit with nothing to build: trade spare cards toward
		// the best plans rather than lose half of them to a seven.
		for _, p := range ps[:min(6, len(ps))] {
			if a, ok := v.tradeToward(p.cost, legal); ok {
				return a, true
			}
		}
		if a, ok := v.tradeDown(legal, ps); ok {
			return a, true
		}
	}
	return game.Action{}, false
}

// tradeDown returns a maritime trade of the resource I hold most of for
// the one my plans need most, to bring a hand over the discard limit
// down (S39).
func (v *view) tradeDown(legal []game.Action, ps []plan) (game.Action, bool) {
	need := v.needs(ps)
	best, bestVal := -1, 0.0
	for i, a := range legal {
		if a.Kind != game.ActTrade || a.Get.Total() != 1 {
			continue
		}
		r, ok1 := single(a.Cards.Hand())
		gr, ok2 := single(a.Get.Hand())
		if !ok1 || !ok2 {
			continue
		}
		val := float64(v.hand[r]) - float64(v.hand[gr]) + 2*(need[gr]-float64(v.hand[gr])) - v.w[r]*float64(a.Cards[r])/2
		if best < 0 || val > bestVal {
			best, bestVal = i, val
		}
	}
	if best < 0 {
		return game.Action{}, false
	}
	return legal[best], true
}

// startWonder starts the wonder whose levels I can pay for soonest, as
// soon as I may (S129).
func (v *view) startWonder(legal []game.Action) (game.Action, bool) {
	best, bestT := -1, 0.0
	for i, a := range legal {
		if a.Kind != game.ActWonder {
			continue
		}
		c := wonderCost[a.Wonder]
		for r := range c {
			c[r] *= 2
		}
		if t := v.turnsFor(c, game.Hand{}); best < 0 || t < bestT {
			best, bestT = i, t
		}
	}
	if best < 0 {
		return game.Action{}, false
	}
	return legal[best], true
}

// attack attacks my pirate fortress (S124) when my warships beat the die
// often enough; it ends the turn, so it comes last.
func (h *heuristic) attack(v *view, legal []game.Action) (game.Action, bool) {
	a := game.Action{Kind: game.ActAttack}
	if !contains(legal, a) {
		return game.Action{}, false
	}
	w := v.warships()
	if w >= 4 || w >= 3 && v.vp[v.mi] >= v.target-2 {
		return a, true
	}
	return game.Action{}, false
}

// offer makes a domestic offer (S65) when the best plan lacks exactly one
// card that no maritime trade gets, another seat holds one, and I hold a
// card the plan does not need: one for one, to all, once a turn.
func (h *heuristic) offer(v *view, legal []game.Action, ps []plan) (game.Action, bool) {
	if len(ps) == 0 || v.opts.OffersPerTurn == 0 {
		return game.Action{}, false
	}
	p0 := ps[0]
	if missing(p0.nextCost, v.hand) != 1 || p0.kind == pCard {
		return game.Action{}, false
	}
	var want = -1
	for r := range p0.nextCost {
		if p0.nextCost[r] > v.hand[r] {
			want = r
		}
	}
	give, low := -1, 0.0
	for r := range v.hand {
		if v.hand[r] > p0.cost[r] && (give < 0 || v.w[r] < low) {
			give, low = r, v.w[r]
		}
	}
	if give < 0 || want < 0 {
		return game.Action{}, false
	}
	held := false // somebody could accept
	for _, c := range v.seats {
		held = held || c != v.me && v.g.Hand(c)[want] > 0
	}
	if !held {
		return game.Action{}, false
	}
	a := game.Action{Kind: game.ActOffer, All: true}
	a.Cards[give], a.Get[want] = 1, 1
	if !contains(legal, a) || v.state().TurnFlags.Offers > 0 {
		return game.Action{}, false
	}
	return a, true
}
