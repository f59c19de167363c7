package seafarers

import (
	"math"
	"slices"

	"github.com/elasund/elasund/engine/seafarers/board"

	game "github.com/elasund/elasund/engine/seafarers"
)

// needs is the cards my best plans ask for, the best plan weighing most:
// what a discard keeps and a gold choice takes.
func (v *view) needs(ps []plan) [game.NumResources]float64 {
	var out [game.NumResources]float64
	weight := 1.0
	for i := 0; i < len(ps) && i < 3; i++ {
		for r, n := range ps[i].cost {
			out[r] = max(out[r], float64(n)*weight)
		}
		weight *= 0.7
	}
	return out
}

// handValue is what hand h is worth for plans needing need: cards a plan
// asks for count more than the rest, the rest less the more of them there
// are.
func (v *view) handValue(h game.Hand, need [game.NumResources]float64) float64 {
	val := 0.0
	for r, n := range h {
		x := float64(n)
		useful := min(x, need[r])
		val += v.w[r] * (2*useful + 0.8*min(x-useful, 2) + 0.4*max(x-useful-2, 0))
	}
	// A plan fully paid for is worth more than its cards.
	return val
}

// handScore is what hand h is worth for my plans: the best score a plan
// would have with it (value over the rounds its cost takes), plus a
// little for the cards themselves.
func (v *view) handScore(h game.Hand, ps []plan, need [game.NumResources]float64) float64 {
	best := 0.0
	for i := 0; i < len(ps) && i < 8; i++ {
		best = max(best, ps[i].value/(1+v.turnsFor(ps[i].cost, h)))
	}
	return best + 0.3*v.handValue(h, need)
}

// bestHand returns the index of the action among legal of kind k (and
// card) whose hand after it scores best for my plans: sign −1 for cards
// given up (discard), +1 for cards taken (gold, year of plenty); -1 when
// there is none.
func (v *view) bestHand(legal []game.Action, k game.ActionKind, card game.CardKind, sign int, ps []plan) int {
	return argmax(v.handValues(legal, k, card, sign, ps))
}

// handValues scores each action among legal of kind k (and card) by how
// well the hand after it serves my plans (bestHand's order); other
// actions score -Inf.
func (v *view) handValues(legal []game.Action, k game.ActionKind, card game.CardKind, sign int, ps []plan) []float64 {
	need := v.needs(ps)
	vals := make([]float64, len(legal))
	for i, a := range legal {
		vals[i] = math.Inf(-1)
		if a.Kind != k || a.Card != card {
			continue
		}
		h := v.hand
		for r := range h {
			h[r] += sign * int(a.Cards[r])
		}
		vals[i] = v.handScore(h, ps, need)
	}
	return vals
}

// argmax returns the index of the first largest of vals that is not
// -Inf, or -1.
func argmax(vals []float64) int {
	best := -1
	for i, x := range vals {
		if !math.IsInf(x, -1) && (best < 0 || x > vals[best]) {
			best = i
		}
	}
	return best
}

// discard chooses what to give up on a seven (S40): the hand that keeps
// the most for my plans.
func (h *heuristic) discard(v *view, legal []game.Action, ps []plan) game.Action {
	if i := v.bestHand(legal, game.ActDiscard, game.NoCard, -1, ps); i >= 0 {
		return legal[i]
	}
	return legal[0]
}

// gold chooses the cards a gold field gives (S35).
func (h *heuristic) gold(v *view, legal []game.Action, ps []plan) game.Action {
	if i := v.bestHand(legal, game.ActGold, game.NoCard, 1, ps); i >= 0 {
		return legal[i]
	}
	return legal[0]
}

// reward chooses the resource a pirate-islands reward gives (S122).
func (h *heuristic) reward(v *view, legal []game.Action, ps []plan) game.Action {
	if i := argmax(v.rewardValues(legal, ps)); i >= 0 {
		return legal[i]
	}
	return legal[0]
}

// rewardValues scores each reward among legal by the hand it leaves;
// other actions score -Inf.
func (v *view) rewardValues(legal []game.Action, ps []plan) []float64 {
	need := v.needs(ps)
	vals := make([]float64, len(legal))
	for i, a := range legal {
		vals[i] = math.Inf(-1)
		if a.Kind != game.ActReward {
			continue
		}
		hd := v.hand
		hd[a.Res-1]++
		vals[i] = v.handScore(hd, ps, need)
	}
	return vals
}

// answer accepts an open offer when the cards I get are worth more to my
// plans than those I give, and the offering seat is not near winning
// (S67, S68).
func (h *heuristic) answer(v *view, legal []game.Action, ps []plan) game.Action {
	decline := game.Action{Kind: game.ActDecline}
	accept := game.Action{Kind: game.ActAccept}
	if !contains(legal, accept) {
		return decline
	}
	o := v.state().Offer
	if o == nil {
		return decline
	}
	from, err := game.ParseColour(o.From)
	if err != nil {
		return decline
	}
	if i := v.seatIndex(from); i >= 0 && v.vp[i] >= v.target-2 {
		return decline
	}
	give, get := handOf(o.Get), handOf(o.Give) // the offer's sides, as I see them
	need := v.needs(ps)
	after := v.hand
	for r := range after {
		after[r] += get[r] - give[r]
	}
	if v.handScore(after, ps, need) > v.handScore(v.hand, ps, need)+0.5 {
		return accept
	}
	return decline
}

// handOf converts the state's cards to a hand.
func handOf(c game.Cards) game.Hand {
	return game.Hand{c.Brick, c.Lumber, c.Wool, c.Grain, c.Ore}
}

// robber chooses where the robber or the pirate goes and whom it robs
// (S41–S44, S112, S123): the hex that costs the leaders most and me
// least, and the richest, most threatening victim.
func (h *heuristic) robber(v *view, legal []game.Action) game.Action {
	vals := v.robberValues(legal)
	best, bestVal := 0, 0.0
	for i, val := range vals {
		if math.IsInf(val, -1) {
			continue
		}
		if i == 0 || val > bestVal {
			best, bestVal = i, val
		}
	}
	return legal[best]
}

// robberValues scores each robber, pirate and steal action among legal
// by what it costs the leaders and me; other actions score -Inf.
func (v *view) robberValues(legal []game.Action) []float64 {
	g, b := v.g, v.b
	// Moving the robber frees my hex, if it is on one.
	freed := 0.0
	if r := g.Robber(); r >= 0 {
		freed = v.blockOn(r, v.mi) * 2
	}
	vals := make([]float64, len(legal))
	for i, a := range legal {
		val := 0.0
		switch a.Kind {
		case game.ActRobber:
			hx := b.HexIndex(a.Hex)
			val = freed
			for s := range v.seats {
				if s == v.mi {
					val -= 3 * v.blockOn(hx, s)
				} else {
					val += v.threat(s) * v.blockOn(hx, s)
				}
			}
		case game.ActPirate:
			hx := b.HexIndex(a.Hex)
			for _, e := range b.HexSides(hx) {
				if e < 0 {
					continue
				}
				if o, p, _ := g.PieceAt(e); p == game.Ship {
					if o == v.me {
						val -= 1.5
					} else {
						val += 0.5 * v.threat(v.seatIndex(o))
					}
				}
			}
			if p := g.Pirate(); p >= 0 {
				for _, e := range b.HexSides(p) {
					if o, pc, _ := g.PieceAt(e); e >= 0 && o == v.me && pc == game.Ship {
						val += 1
					}
				}
			}
		case game.ActSteal:
		default:
			vals[i] = math.Inf(-1)
			continue
		}
		if a.Seat != game.NoColour {
			s := v.seatIndex(a.Seat)
			if a.Cloth {
				val += vpPoints / 2 * v.threat(s) / 2
			} else {
				n := g.Hand(a.Seat).Total()
				val += cardPoints*v.threat(s)/2 + 0.2*float64(min(n, 10))
			}
		}
		vals[i] = val
	}
	return vals
}

// blockOn is what the robber on hex h takes from seat s each roll, in
// pips: its buildings there, cities twice.
func (v *view) blockOn(h, s int) float64 {
	if h < 0 || v.pips[h] == 0 {
		return 0
	}
	sum := 0.0
	for _, c := range v.b.HexCorners(h) {
		if c < 0 {
			continue
		}
		o, k := v.g.BuildingAt(c)
		if o == game.NoColour || v.seatIndex(o) != s {
			continue
		}
		if k == game.City {
			sum += 2 * v.pips[h]
		} else {
			sum += v.pips[h]
		}
	}
	return sum
}

// harbour places a forgotten-tribe harbour (S105): the kind that helps
// most with what I produce, beside my best building.
func (h *heuristic) harbour(v *view, legal []game.Action) game.Action {
	best, bestVal := 0, -1.0
	for i, a := range legal {
		if a.Kind != game.ActHarbour {
			continue
		}
		val := 0.0
		switch {
		case a.Harbour == board.Harbour3to1:
			val = 3
		case a.Harbour >= board.HarbourBrick && a.Harbour <= board.HarbourOre:
			val = v.prod[v.mi][a.Harbour-1] / 2
		}
		e := v.b.EdgeIndex(a.Edge)
		for _, c := range v.b.EdgeEnds(e) {
			if o, _ := v.g.BuildingAt(c); o == v.me {
				val += v.cornerPips(c) / 20
			}
		}
		if val > bestVal {
			best, bestVal = i, val
		}
	}
	return legal[best]
}

// setup chooses a setup step (S20): the corner worth most for its
// production, harbour and resources new to me, with the road or ship
// that opens the best targets.
func (h *heuristic) setup(v *view, legal []game.Action) game.Action {
	opts := v.setupOptions(legal, 4)
	if len(opts) == 0 {
		return legal[0]
	}
	best := 0
	for k, o := range opts {
		if o.val > opts[best].val {
			best = k
		}
	}
	return legal[opts[best].i]
}

// scored is an action of a listing (its index) and its value.
type scored struct {
	i   int
	val float64
}

// setupOptions scores the setup steps among legal on the corners best
// for production, harbour and new resources (at most corners of them):
// each corner's value plus what its road or ship opens. They are listed
// by corner, best corner first, and by piece in listing order.
func (v *view) setupOptions(legal []game.Action, corners int) []scored {
	b := v.b
	values := map[int]float64{}
	var order []int
	for _, a := range legal {
		if a.Kind != game.ActPlace {
			continue
		}
		c := b.CornerIndex(a.Corner)
		if _, ok := values[c]; ok {
			continue
		}
		values[c] = v.setupValue(c)
		order = append(order, c)
	}
	slices.SortStableFunc(order, func(x, y int) int {
		switch {
		case values[x] > values[y]:
			return -1
		case values[x] < values[y]:
			return 1
		}
		return 0
	})
	ts := v.targets()
	var out []scored
	for k := 0; k < len(order) && k < corners; k++ {
		c := order[k]
		for i, a := range legal {
			if a.Kind != game.ActPlace || b.CornerIndex(a.Corner) != c {
				continue
			}
			o := noOverlay
			o.building = c
			o.add[0], o.addShip[0] = b.EdgeIndex(a.Edge), a.Piece == game.Ship
			n := v.search(o)
			out = append(out, scored{i: i, val: values[c] + 0.4*n.potential(ts)})
			v.recycle(n)
		}
	}
	return out
}

// setupValue is what a setup settlement on corner c is worth: its
// production (with resources I have none of yet), its harbour, and the
// cards a last setup settlement takes at once (S21).
func (v *view) setupValue(c int) float64 {
	pips := v.cornerPips(c)
	kinds := 0
	for _, h := range v.b.CornerHexes(c) {
		if h < 0 || v.pips[h] == 0 {
			continue
		}
		kinds++
		if v.gold[h] {
			pips += 1
		} else if v.prod[v.mi][v.res[h]-1] == 0 {
			pips += 2
		}
	}
	pips += float64(kinds)
	switch k := v.g.CornerHarbour(c); {
	case k == board.Harbour3to1:
		pips += 1
	case k >= board.HarbourBrick && k <= board.HarbourOre:
		for _, h := range v.b.CornerHexes(c) {
			if h >= 0 && v.res[h] == game.Resource(k) {
				pips += v.pips[h] / 2
			}
		}
	}
	return pips
}
