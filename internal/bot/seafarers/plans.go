package seafarers

import (
	"slices"

	"github.com/elasund/elasund/engine/seafarers/board"

	game "github.com/elasund/elasund/engine/seafarers"
)

// planKind is what a plan builds.
type planKind int8

// The plans.
const (
	noPlan  planKind = iota
	pCity            // a city on one of my settlements
	pSettle          // the pieces to a corner, then a settlement
	pReach           // the pieces to a fog corner, a village or a gift
	pCard            // a development card
	pWonder          // a level of my wonder
	pRoute           // a piece that lengthens my trade route toward the card
	pChain           // pirate-islands: the next ship of my chain
)

// plan is one thing worth building, with everything it still costs and
// its next action. A next action of kind ActNone stands for the legal
// action of the plan's kind that appears once its cost is in hand.
type plan struct {
	kind     planKind
	value    float64
	cost     game.Hand
	next     game.Action
	nextCost game.Hand
	score    float64
}

// turnsFor estimates the rounds of turns until hand holds cost: what is
// missing comes from my production, and cards beyond the cost can be
// traded at my rates.
func (v *view) turnsFor(cost, hand game.Hand) float64 {
	var miss [game.NumResources]float64
	spare := 0
	total := 0.0
	for r := range cost {
		if m := cost[r] - hand[r]; m > 0 {
			miss[r] = float64(m)
			total += float64(m)
		} else {
			spare += -m / v.rates[r]
		}
	}
	if total == 0 {
		return 0
	}
	inc := v.income()
	all := 0.0
	for _, x := range inc {
		all += x
	}
	// Spare cards traded cover the slowest resources first.
	for ; spare > 0 && total > 0; spare-- {
		worst, at := -1.0, -1
		for r, m := range miss {
			if m > 0 {
				if t := m / (inc[r] + 0.05); t > worst {
					worst, at = t, r
				}
			}
		}
		miss[at]--
		total--
	}
	t, sum := 0.0, 0.0
	for r, m := range miss {
		if m > 0 {
			x := m / (inc[r] + all/8 + 0.05)
			t = max(t, x)
			sum += x
		}
	}
	return t + 0.3*(sum-t)
}

// missing counts the cards of cost that hand lacks.
func missing(cost, hand game.Hand) int {
	n := 0
	for r := range cost {
		n += max(0, cost[r]-hand[r])
	}
	return n
}

// contains reports whether legal lists a.
func contains(legal []game.Action, a game.Action) bool {
	return slices.Contains(legal, a)
}

// buildEdge returns the action building the road or ship of step s.
func (v *view) buildEdge(s step) game.Action {
	p := game.Road
	if s.ship {
		p = game.Ship
	}
	return game.Action{Kind: game.ActBuild, Piece: p, Edge: v.b.Edge(s.edge)}
}

// pieceCost is the cost of a road or a ship.
func pieceCost(ship bool) game.Hand {
	if ship {
		return costShip
	}
	return costRoad
}

// plans lists what is worth building now or soon, best first.
func (v *view) plans(legal []game.Action, net *network, ts []target) []plan {
	var out []plan
	g := v.g
	sup := g.Supply(v.me)
	b := v.b
	// Cities (S50).
	if sup[1] > 0 {
		for c := range b.NumCorners() {
			if o, k := g.BuildingAt(c); o == v.me && k == game.Settlement {
				val := vpPoints + v.cornerPips(c)*v.pipValue()
				if v.sc == board.WondersOfCatan {
					val += v.wonderCityValue(c)
				}
				out = append(out, plan{kind: pCity, value: val, cost: costCity, nextCost: costCity,
					next: game.Action{Kind: game.ActBuild, Piece: game.City, Corner: b.Corner(c)}})
			}
		}
	}
	// Settlements and the places my network grows toward.
	for _, t := range ts {
		d, ok := net.distance(t)
		if !ok || d > 6 || t.kind == tSettle && sup[0] == 0 {
			continue
		}
		if t.kind != tSettle && d == 0 {
			continue
		}
		_, steps, _ := net.reach(t)
		roads, ships := 0, 0
		var cost game.Hand
		for _, s := range steps {
			if s.ship {
				ships++
			} else {
				roads++
			}
			c := pieceCost(s.ship)
			for r := range cost {
				cost[r] += c[r]
			}
		}
		if roads > sup[2] || ships > sup[3] {
			continue
		}
		p := plan{kind: pReach, value: t.value * pow(0.92, d), cost: cost}
		if t.kind == tSettle {
			p.kind = pSettle
			for r := range cost {
				p.cost[r] += costSettlement[r]
			}
		}
		if len(steps) > 0 {
			p.next, p.nextCost = v.buildEdge(steps[0]), pieceCost(steps[0].ship)
		} else {
			p.next, p.nextCost = game.Action{Kind: game.ActBuild, Piece: game.Settlement, Corner: b.Corner(t.corner)}, costSettlement
		}
		out = append(out, p)
	}
	// A development card (S73).
	if dv := v.devValue(); dv > 0 {
		out = append(out, plan{kind: pCard, value: dv, cost: costCard, nextCost: costCard, next: game.Action{Kind: game.ActBuy}})
	}
	// Wonders (S130, S131).
	if w := v.myWonder(); w != game.NoWonder {
		if _, level := g.Wonder(w); level < 4 {
			out = append(out, plan{kind: pWonder, value: v.wonderLevelValue(level), cost: wonderCost[w], nextCost: wonderCost[w],
				next: game.Action{Kind: game.ActBuildWonder}})
		}
	}
	out = append(out, v.routePlans(legal)...)
	out = append(out, v.chainPlans(legal)...)
	if v.sc == board.PirateIslands && v.vp[v.mi] >= v.target {
		// Points no longer win: only the fortress does (S125).
		if _, chits := g.Fortress(v.me); chits > 0 {
			for i := range out {
				if out[i].kind == pCity || out[i].kind == pSettle {
					out[i].value -= 0.7 * vpPoints
				}
			}
		}
	}
	for i := range out {
		out[i].score = out[i].value / (1 + v.turnsFor(out[i].cost, v.hand))
	}
	// Best first, ties in listing order; the plans are large, so their
	// indices are sorted.
	order := make([]int, len(out))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case out[a].score > out[b].score:
			return -1
		case out[a].score < out[b].score:
			return 1
		}
		return 0
	})
	sorted := make([]plan, len(out))
	for i, k := range order {
		sorted[i] = out[k]
	}
	return sorted
}

// pow is x to the n.
func pow(x float64, n int) float64 {
	f := 1.0
	for range n {
		f *= x
	}
	return f
}

// routePlans is the road or ship that lengthens my trade route when the
// Longest Trade Route card is within two pieces (S81, S82); its next
// action is only known when I can pay for a piece, so it is listed then.
func (v *view) routePlans(legal []game.Action) []plan {
	g := v.g
	if v.sc == board.ClothForCatan || v.sc == board.PirateIslands {
		return nil
	}
	mine := g.Route(v.me)
	best := 0
	for _, c := range v.seats {
		if c != v.me {
			best = max(best, g.Route(c))
		}
	}
	holder := g.LongestRoute()
	var need int
	var val float64
	switch {
	case holder == v.me:
		if best < mine-1 {
			return nil
		}
		need, val = 1, vpPoints // keep it
	default:
		need = max(5, best+1) - mine
		val = 2 * vpPoints
		if holder != game.NoColour {
			val += v.threat(v.seatIndex(holder)) * 2
		}
	}
	if need > 2 || need < 1 {
		return nil
	}
	var out []plan
	bestGain := 0
	var bestAct game.Action
	for _, a := range legal {
		if a.Kind != game.ActBuild || (a.Piece != game.Road && a.Piece != game.Ship) {
			continue
		}
		h := trial(g)
		if _, err := h.Apply(v.me, []game.Action{a}, nil); err != nil {
			continue
		}
		if gain := h.Route(v.me) - mine; gain > bestGain {
			bestGain, bestAct = gain, a
		}
	}
	if bestGain == 0 {
		return nil
	}
	c := pieceCost(bestAct.Piece == game.Ship)
	var cost game.Hand
	for r := range cost {
		cost[r] = c[r] * need
	}
	out = append(out, plan{kind: pRoute, value: val, cost: cost, next: bestAct, nextCost: c})
	return out
}

// wonderLevelValue is what one more level of my wonder is worth: the
// fourth wins (S131), and a level above everybody else's wins with 10
// points.
func (v *view) wonderLevelValue(level int) float64 {
	if level == 3 {
		return 20 * vpPoints
	}
	val := 1.5 * vpPoints
	others := 0
	for w := game.Theater; w <= game.Cathedral; w++ {
		if o, l := v.g.Wonder(w); o != v.me && o != game.NoColour {
			others = max(others, l)
		}
	}
	if level+1 > others && v.vp[v.mi] >= v.target {
		return 20 * vpPoints
	}
	if level+1 > others {
		val += 0.5 * vpPoints
	}
	return val
}

// wonderCityValue is what a city on corner c adds toward starting a
// wonder (the Theater's two cities, the Cathedral's city, the Monument's
// city on a harbour), while I have none.
func (v *view) wonderCityValue(c int) float64 {
	if v.myWonder() != game.NoWonder {
		return 0
	}
	val := 0.0
	for _, w := range []game.Wonder{game.Theater, game.Cathedral} {
		if o, _ := v.g.Wonder(w); o == game.NoColour {
			val += 2
		}
	}
	if o, _ := v.g.Wonder(game.Monument); o == game.NoColour && v.g.CornerHarbour(c) != board.NoHarbour {
		val += 2
	}
	return val
}

// chainPlans are pirate-islands' ship chain and lone settlement (S118,
// S119): the next ship toward the marked corner, then the fortress.
func (v *view) chainPlans(legal []game.Action) []plan {
	if v.sc != board.PirateIslands {
		return nil
	}
	f, chits := v.g.Fortress(v.me)
	if f < 0 || chits == 0 {
		return nil
	}
	var out []plan
	if !v.shipEndsAt(f) && v.g.Supply(v.me)[3] > 0 {
		p := plan{kind: pChain, value: 12, cost: costShip, nextCost: costShip}
		for _, a := range legal {
			if a.Kind == game.ActBuild && a.Piece == game.Ship {
				p.next = a
				break
			}
		}
		out = append(out, p)
	}
	for _, base := range v.b.PirateBases() {
		if base.Colour != v.me.String() {
			continue
		}
		lone := v.b.CornerIndex(base.Lone)
		if lone < 0 || !v.shipEndsAt(lone) || v.occupied[lone] || v.g.Supply(v.me)[0] == 0 {
			continue
		}
		near := false
		for _, n := range v.b.CornerAdjacent(lone) {
			near = near || v.occupied[n]
		}
		if near {
			continue
		}
		out = append(out, plan{kind: pSettle, value: vpPoints + v.cornerPips(lone)*v.pipValue() + 5, cost: costSettlement,
			nextCost: costSettlement, next: game.Action{Kind: game.ActBuild, Piece: game.Settlement, Corner: base.Lone}})
	}
	return out
}

// shipEndsAt reports whether one of my ships ends at corner c.
func (v *view) shipEndsAt(c int) bool {
	for _, e := range v.b.CornerEdges(c) {
		if o, p, _ := v.g.PieceAt(e); o == v.me && p == game.Ship {
			return true
		}
	}
	return false
}

// resolveNext returns the action a plan takes now, and false when it
// cannot take one (not affordable, or not legal).
func (p *plan) resolveNext(legal []game.Action) (game.Action, bool) {
	if p.next.Kind == game.ActNone && p.kind == pChain {
		for _, a := range legal {
			if a.Kind == game.ActBuild && a.Piece == game.Ship {
				return a, true
			}
		}
	}
	if p.next.Kind == game.ActNone {
		return game.Action{}, false
	}
	return p.next, contains(legal, p.next)
}

// tradeToward returns a maritime trade giving cards beyond cost for one
// that cost lacks, whether or not more trades could complete it.
func (v *view) tradeToward(cost game.Hand, legal []game.Action) (game.Action, bool) {
	return v.tradeToward2(cost, cost, legal)
}

// tradeToward2 returns the cheapest legal trade of cards beyond keep for
// one card need lacks.
func (v *view) tradeToward2(need, keep game.Hand, legal []game.Action) (game.Action, bool) {
	hand := v.hand
	bank := v.g.Bank()
	best, bestLoss := -1, 0.0
	for i, a := range legal {
		if a.Kind != game.ActTrade || a.Get.Total() != 1 {
			continue
		}
		gr, ok := single(a.Get.Hand())
		if !ok || need[gr] <= hand[gr] || bank[gr] == 0 {
			continue
		}
		r, ok := single(a.Cards.Hand())
		if !ok || hand[r]-int(a.Cards[r]) < max(need[r], keep[r]) {
			continue
		}
		loss := float64(a.Cards[r]) * v.w[r]
		if best < 0 || loss < bestLoss {
			best, bestLoss = i, loss
		}
	}
	if best < 0 {
		return game.Action{}, false
	}
	return legal[best], true
}

// single returns the index of the one resource h holds, and false when
// it holds several or none.
func single(h game.Hand) (int, bool) {
	at := -1
	for r, n := range h {
		if n > 0 {
			if at >= 0 {
				return 0, false
			}
			at = r
		}
	}
	return at, at >= 0
}
