package seafarers

import (
	"slices"

	"github.com/elasund/elasund/engine"
)

// discard applies a discard decision (S39, S40).
func (g *Game) discard(s int, a *Action, src engine.Rand) error {
	i := g.owes(s, pendDiscard)
	if i < 0 {
		return ruleErr("S39", a, "%s owes no discard", g.colour(s))
	}
	n := g.pending[i].count
	if a.Cards.Total() != n {
		return ruleErr("S39", a, "%s must discard exactly %d cards", g.colour(s), n)
	}
	if !g.players[s].hand.containsPacked(&a.Cards) {
		return ruleErr("S40", a, "%s does not hold those cards", g.colour(s))
	}
	g.payDiscard(s, i, a.Cards.Hand())
	g.settled(pendDiscard, src)
	return nil
}

func (g *Game) payDiscard(s, i int, h Hand) {
	g.players[s].hand.sub(&h)
	g.bank.add(&h)
	g.dropPending(i)
	g.log.colour(g.colour(s)).add(" discards ").hand(&h).end()
}

// gold applies a gold decision (S35, S36).
func (g *Game) gold(s int, a *Action, src engine.Rand) error {
	i := g.owes(s, pendGold)
	if i < 0 {
		return ruleErr("S35", a, "%s owes no gold choice", g.colour(s))
	}
	n := min(g.pending[i].count, g.bank.total())
	if a.Cards.Total() != n {
		return ruleErr("S35", a, "%s takes exactly %d cards of its choice", g.colour(s), n)
	}
	if !g.bank.containsPacked(&a.Cards) {
		return ruleErr("S36", a, "the bank does not hold those cards")
	}
	g.payGold(s, i, a.Cards.Hand())
	g.settled(pendGold, src)
	return nil
}

func (g *Game) payGold(s, i int, h Hand) {
	g.bank.sub(&h)
	g.players[s].hand.add(&h)
	g.dropPending(i)
	g.log.colour(g.colour(s)).add(" takes ").hand(&h).add(" (gold)").end()
}

// payReward pays a pirate-islands reward of resource r (S122).
func (g *Game) payReward(s, i int, r Resource) {
	reward := one(r, 1)
	g.bank.sub(&reward)
	g.players[s].hand.add(&reward)
	g.dropPending(i)
	g.log.add(g.colour(s).String(), " takes 1 ", r.String(), " (reward)").end()
}

// reward applies a pirate-islands reward decision (S122).
func (g *Game) reward(s int, a *Action, src engine.Rand) error {
	i := g.owes(s, pendReward)
	if i < 0 {
		return ruleErr("S122", a, "%s owes no reward choice", g.colour(s))
	}
	if g.bank.of(a.Res) == 0 {
		return ruleErr("S122", a, "the bank holds no %s", a.Res)
	}
	g.payReward(s, i, a.Res)
	g.settled(pendReward, src)
	return nil
}

// autoDecide makes every owed discard, gold or reward decision that has no
// real choice or that the seat's standing orders make (S40, S154), in seat
// order from the active player, one after the other (S36). With nothing
// owed (after most rolls) there is nothing to go through.
func (g *Game) autoDecide() {
	if len(g.pending) == 0 {
		return
	}
	n := g.nseats()
	for k := 0; k < n; k++ {
		s := (g.cur + k) % n
		for i := 0; i < len(g.pending); i++ {
			p := g.pending[i]
			if p.seat != s {
				continue
			}
			var h Hand
			ok := false
			switch p.kind {
			case pendDiscard:
				h, ok = g.autoDiscard(s, p.count)
				if ok {
					g.payDiscard(s, i, h)
					i--
				}
			case pendGold:
				h, ok = g.autoGold(s, p.count)
				if ok {
					g.payGold(s, i, h)
					i--
				}
			case pendReward:
				var r Resource
				r, ok = g.autoReward(s)
				if ok {
					if r == NoResource {
						g.dropPending(i)
						g.log.add(g.colour(s).String(), " takes no reward: the bank is empty").end()
					} else {
						g.payReward(s, i, r)
					}
					i--
				}
			}
		}
	}
}

// autoDiscard returns the discard of n cards seat s makes without asking:
// when its hand has one resource only or must go whole (S40), or by its
// standing orders (S154).
func (g *Game) autoDiscard(s, n int) (Hand, bool) {
	hand := g.players[s].hand
	if hand.Kinds() <= 1 || n >= hand.total() {
		var h Hand
		left := n
		for i := range hand {
			t := min(left, hand[i])
			h[i] = t
			left -= t
		}
		return h, true
	}
	ord := g.players[s].orders.discard
	if len(ord) == 0 {
		return Hand{}, false
	}
	var h Hand
	left := n
	take := func(r Resource) {
		t := min(left, hand.of(r)-h.of(r))
		h[r-1] += t
		left -= t
	}
	for _, r := range ord {
		take(r)
	}
	for _, r := range Resources {
		take(r)
	}
	return h, true
}

// autoGold returns the n gold choices seat s makes without asking: all the
// bank holds when that is no more than n, n of the bank's only resource
// (S36, S154), or by its standing orders.
func (g *Game) autoGold(s, n int) (Hand, bool) {
	bank := g.bank
	if bank.total() <= n {
		return bank, true
	}
	if bank.Kinds() == 1 {
		var h Hand
		for i := range bank {
			if bank[i] > 0 {
				h[i] = n
			}
		}
		return h, true
	}
	ord := g.players[s].orders.gold
	if len(ord) == 0 {
		return Hand{}, false
	}
	return goldByOrders(bank, ord, n), true
}

// goldByOrders takes n cards from bank by the gold orders ord: the listed
// resources in turn, cycling, skipping those the bank lacks; when none
// listed is left, the first in resource order the bank holds (S154).
func goldByOrders(bank Hand, ord []Resource, n int) Hand {
	var h Hand
	j := 0
	for k := 0; k < n; k++ {
		got := false
		for t := 0; t < len(ord); t++ {
			r := ord[(j+t)%len(ord)]
			if bank.of(r)-h.of(r) > 0 {
				h[r-1]++
				j = (j + t + 1) % len(ord)
				got = true
				break
			}
		}
		if got {
			continue
		}
		for _, r := range Resources {
			if bank.of(r)-h.of(r) > 0 {
				h[r-1]++
				got = true
				break
			}
		}
		if !got {
			break
		}
	}
	return h
}

// autoReward returns the reward seat s takes without asking: nothing from
// an empty bank, the bank's only resource, or by its standing orders
// (S154).
func (g *Game) autoReward(s int) (Resource, bool) {
	bank := g.bank
	if bank.total() == 0 {
		return NoResource, true
	}
	if bank.Kinds() == 1 {
		for i := range bank {
			if bank[i] > 0 {
				return Resources[i], true
			}
		}
	}
	ord := g.players[s].orders.reward
	if len(ord) == 0 {
		return NoResource, false
	}
	for _, r := range ord {
		if bank.of(r) > 0 {
			return r, true
		}
	}
	for _, r := range Resources {
		if bank.of(r) > 0 {
			return r, true
		}
	}
	return NoResource, true
}

// MaxAcceptRules is the most standing accept rules one seat keeps (S71):
// a bound, so that no seat can grow the state, and so the turn file,
// without end (docs/seafarers/decisions.md).
const MaxAcceptRules = 8

// setOrders applies an orders action (S154) and makes at once
// the decisions the new orders settle.
func (g *Game) setOrders(s int, a *Action, src engine.Rand) error {
	o := &g.players[s].orders
	switch a.Order {
	case OrderDiscard:
		o.discard = slices.Clone(a.priority())
	case OrderGold:
		o.gold = slices.Clone(a.priority())
	case OrderReward:
		o.reward = slices.Clone(a.priority())
	case OrderTradeAccept:
		if a.Cards.Total() == 0 || a.Get.Total() == 0 {
			return ruleErr("S71", a, "an accept rule names cards on both sides")
		}
		if len(o.accept) >= MaxAcceptRules {
			return ruleErr("S71", a, "%s keeps at most %d accept rules; orders trade ask removes them", g.colour(s), MaxAcceptRules)
		}
		o.accept = append(slices.Clip(o.accept), acceptRule{give: a.Cards.Hand(), get: a.Get.Hand()})
	case OrderTradeDecline:
		o.decline = true
	case OrderTradeAsk:
		o.accept, o.decline = nil, false
	case OrderClear:
		*o = orders{}
	default:
		return ruleErr("S154", a, "unknown standing order")
	}
	g.log.add(g.colour(s).String(), " sets standing orders: ", a.String()).end()
	if g.over() {
		return nil
	}
	// The new orders may settle decisions owed now (S154).
	hadDecide := g.anyDecide()
	var last pendKind
	for _, p := range g.pending {
		if p.seat == s && p.kind.decide() {
			last = p.kind
		}
	}
	g.autoDecide()
	if hadDecide && !g.anyDecide() {
		g.settled(last, src)
	}
	g.autoAnswer()
	return nil
}
