package seafarers

import (
	"math/bits"

	"github.com/elasund/elasund/engine/seafarers/board"
)

// canTrade reports whether trade is possible now (S61, S25).
func (g *Game) canTrade() bool {
	return g.phase == PhaseTrade || g.phase == PhaseBuild && g.cfg.opts.Combined
}

// tradePhase returns the refusal of a trade action outside the times of
// S61 (phase trade; build with phases: combined), or nil.
func (g *Game) tradePhase(a *Action) error {
	if g.canTrade() {
		return nil
	}
	return g.tradeRefusal(a)
}

// tradeRefusal is tradePhase outside the times of trade.
func (g *Game) tradeRefusal(a *Action) error {
	if g.phase == PhaseBuild {
		return ruleErr("S25", a, "no trade after a build action (phases: separate)")
	}
	return ruleErr("S61", a, "trade happens after the roll, in phase trade")
}

// rates returns, for each resource, the maritime rates seat s has, a bit
// 1<<k for rate k:1 (S62, S63): 4 always, 3 with a building on a 3:1
// harbour, 2 with a building on that resource's 2:1 harbour.
func (g *Game) rates(s int) [NumResources]uint8 {
	var r [NumResources]uint8
	var all uint8 = 1 << 4
	bs := g.sets.buildings[s]
	bs.and(&g.l.harbourCorners) // only a building on a harbour changes a rate
	for c := bs.next(0); c >= 0; c = bs.next(c + 1) {
		k := g.l.cHarbour[c]
		switch {
		case k == board.Harbour3to1:
			all |= 1 << 3
		case harbourResource(k) != NoResource:
			r[harbourResource(k)-1] |= 1 << 2
		}
	}
	for i := range r {
		r[i] |= all
	}
	return r
}

// bestRate is the lowest rate of a rate mask.
func bestRate(m uint8) int {
	for k := 2; k <= 4; k++ {
		if m&(1<<k) != 0 {
			return k
		}
	}
	return 4
}

// single returns the resource and count of a one-resource hand.
func single(h Hand) (Resource, int) {
	if h.Kinds() != 1 {
		return NoResource, 0
	}
	for i, v := range h {
		if v > 0 {
			return Resources[i], v
		}
	}
	return NoResource, 0
}

// maritime applies a trade with the bank (S62).
func (g *Game) maritime(s int, a *Action) error {
	if err := g.tradePhase(a); err != nil {
		return err
	}
	give, n := single(a.Cards.Hand())
	get, m := single(a.Get.Hand())
	if give == NoResource || get == NoResource {
		return ruleErr("S62", a, "a maritime trade gives cards of one resource for cards of one other")
	}
	if give == get {
		return ruleErr("S62", a, "the resource taken must differ from the one given")
	}
	rates := g.rates(s)[give-1]
	ok := false
	for _, k := range []int{4, 3, 2} {
		ok = ok || n == m*k && rates&(1<<k) != 0
	}
	if !ok {
		return ruleErr("S62", a, "%s trades %s at %d:1 at best: give a rate it has times the cards taken", g.colour(s), give, bestRate(rates))
	}
	if g.players[s].hand.of(give) < n {
		return ruleErr("S62", a, "%s does not hold %d %s", g.colour(s), n, give)
	}
	if g.bank.of(get) < m {
		return ruleErr("S62", a, "the bank does not hold %d %s", m, get)
	}
	p := &g.players[s]
	p.hand.subPacked(a.Cards)
	p.hand.addPacked(a.Get)
	g.bank.addPacked(a.Cards)
	g.bank.subPacked(a.Get)
	g.log.colour(g.colour(s)).add(" trades ").packed(a.Cards).add(" for ").packed(a.Get).add(" with the bank").end()
	return nil
}

// offerTrade opens a domestic offer (S64–S68, S71).
func (g *Game) offerTrade(s int, a *Action) error {
	if err := g.tradePhase(a); err != nil {
		return err
	}
	if lim := g.cfg.opts.OffersPerTurn; lim >= 0 && g.flags.Offers >= lim {
		return ruleErr("S66", a, "no more offers this turn (offers_per_turn: %d)", lim)
	}
	// The cards are checked as the action packs them, and unpacked once,
	// into the offer, when it opens.
	give, get := &a.Cards, &a.Get
	if give.Total() == 0 || get.Total() == 0 {
		return ruleErr("S64", a, "a trade exchanges at least one card each way")
	}
	if give.overlaps(get) {
		return ruleErr("S64", a, "no resource may be on both sides")
	}
	if !g.players[s].hand.containsPacked(give) {
		return ruleErr("S65", a, "%s does not hold %s", g.colour(s), a.Cards)
	}
	var to uint8
	if a.All {
		to = uint8(1<<len(g.players)-1) &^ (1 << s) // every other seat
	} else {
		for _, c := range a.names() {
			o := g.seatIndex(c)
			if o < 0 {
				return ruleErr("S64", a, "%s has no seat in this game", c)
			}
			if o == s {
				return ruleErr("S64", a, "%s cannot trade with itself", c)
			}
			to |= 1 << o
		}
	}
	if to == 0 {
		return ruleErr("S65", a, "an offer names at least one seat")
	}
	o := &g.offerRoom
	o.give.setPacked(give)
	o.get.setPacked(get)
	o.to, o.accepted, o.declined = to, 0, 0
	g.offer = o
	g.flags.Offers++
	g.log.colour(g.colour(s)).add(" offers ").hand(&o.give).add(" for ").hand(&o.get).add(" to ")
	g.logSeats(to)
	g.log.end()
	g.autoAnswer()
	return nil
}

// maskSeats lists the seats of a bit mask, in seat order.
func (g *Game) maskSeats(m uint8) []int {
	var out []int
	for s := range g.players {
		if m&(1<<s) != 0 {
			out = append(out, s)
		}
	}
	return out
}

// autoAnswer answers the open offer for every named seat that has not
// answered and has no real choice or standing orders (S68, S71, S154), and
// closes the offer when every named seat declined (S70).
func (g *Game) autoAnswer() {
	o := g.offer
	if o == nil {
		return
	}
	open := o.to &^ (o.accepted | o.declined)
	for m := open; m != 0; m &= m - 1 { // the seats not answered, in seat order
		t := bits.TrailingZeros8(m)
		p := &g.players[t]
		holds := p.hand.Contains(&o.get)
		matched := false
		for _, r := range p.orders.accept {
			matched = matched || r.give.Contains(&o.get) && o.give.Contains(&r.get)
		}
		switch {
		case holds && matched:
			o.accepted |= 1 << t
			g.log.colour(g.colour(t)).add(" accepts (standing orders)").end()
		case !holds:
			o.declined |= 1 << t
			g.log.colour(g.colour(t)).add(" declines (it does not hold ").hand(&o.get).add(")").end()
		case p.orders.decline:
			o.declined |= 1 << t
			g.log.colour(g.colour(t)).add(" declines (standing orders)").end()
		}
	}
	g.closeIfDeclined()
}

// closeIfDeclined closes an offer every named seat declined (S70).
func (g *Game) closeIfDeclined() {
	if o := g.offer; o != nil && o.declined == o.to {
		g.offer = nil
		g.log.say("every named seat declined: the offer is closed")
	}
}

// answer applies accept or decline (S67, S68).
func (g *Game) answer(s int, a *Action) error {
	o := g.offer
	if o == nil || o.to&(1<<s) == 0 {
		return ruleErr("S67", a, "no open offer names %s", g.colour(s))
	}
	if (o.accepted|o.declined)&(1<<s) != 0 {
		return ruleErr("S67", a, "%s has already answered", g.colour(s))
	}
	if a.Kind == ActDecline {
		o.declined |= 1 << s
		g.log.colour(g.colour(s)).add(" declines").end()
		g.closeIfDeclined()
		return nil
	}
	if !g.players[s].hand.Contains(&o.get) {
		return ruleErr("S68", a, "%s does not hold %s", g.colour(s), o.get)
	}
	o.accepted |= 1 << s
	g.log.colour(g.colour(s)).add(" accepts").end()
	return nil
}

// confirm makes the exchange with a seat that accepted (S69).
func (g *Game) confirm(s int, a *Action) error {
	o := g.offer
	t := g.seatIndex(a.Seat)
	if t < 0 || o.accepted&(1<<t) == 0 {
		return ruleErr("S69", a, "%s has not accepted the offer", a.Seat)
	}
	if !g.players[s].hand.Contains(&o.give) || !g.players[t].hand.Contains(&o.get) {
		return ruleErr("S69", a, "both sides must still hold their cards")
	}
	g.players[s].hand.sub(&o.give)
	g.players[s].hand.add(&o.get)
	g.players[t].hand.sub(&o.get)
	g.players[t].hand.add(&o.give)
	g.offer = nil
	g.log.colour(g.colour(s)).add(" and ").colour(g.colour(t)).add(" trade ").hand(&o.give).add(" for ").hand(&o.get).end()
	return nil
}

// withdraw closes the open offer (S70).
func (g *Game) withdraw(s int, a *Action) error {
	g.offer = nil
	g.log.colour(g.colour(s)).add(" withdraws its offer").end()
	return nil
}

// recheckOffer settles an open offer after hands changed by a sealed steal
// (S69): an acceptor who no longer holds its cards counts as declined, and
// the offer closes when the active player no longer holds its own.
func (g *Game) recheckOffer() {
	o := g.offer
	if o == nil {
		return
	}
	if !g.players[g.cur].hand.Contains(&o.give) {
		g.offer = nil
		g.log.say("the active player no longer holds its offer: the offer is closed (S69)")
		return
	}
	for t := range g.players {
		if o.accepted&(1<<t) != 0 && !g.players[t].hand.Contains(&o.get) {
			o.accepted &^= 1 << t
			o.declined |= 1 << t
			g.log.colour(g.colour(t)).add(" no longer holds ").hand(&o.get).add(": its acceptance lapses (S69)").end()
		}
	}
	g.autoAnswer()
}
