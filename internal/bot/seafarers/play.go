package seafarers

import (
	"github.com/elasund/elasund/engine/seafarers/board"

	game "github.com/elasund/elasund/engine/seafarers"
)

// playCard returns the development card worth playing now, if any (S74):
// a knight against the robber on my production, toward Largest Army or
// for a warship; a monopoly that takes three cards or more; a year of
// plenty that completes a plan; road building toward my targets.
func (h *heuristic) playCard(v *view, legal []game.Action, ps []plan, net *network, ts []target) (game.Action, bool) {
	var knight, monopoly, plenty, building, vpKnight bool
	for _, a := range legal {
		if a.Kind != game.ActPlay {
			continue
		}
		switch a.Card {
		case game.Knight:
			knight = true
		case game.VictoryPoint:
			vpKnight = true
		case game.Monopoly:
			monopoly = true
		case game.YearOfPlenty:
			plenty = true
		case game.RoadBuilding:
			building = true
		}
	}
	if knight {
		held := 0
		for _, k := range v.g.Cards(v.me) {
			if k == game.Knight {
				held++
			}
		}
		if v.sc == board.PirateIslands || v.blockOn(v.g.Robber(), v.mi) >= 3 || v.armyGain() >= vpPoints || held >= 2 {
			return game.Action{Kind: game.ActPlay, Card: game.Knight}, true
		}
	}
	if vpKnight {
		return game.Action{Kind: game.ActPlay, Card: game.VictoryPoint}, true
	}
	need := v.needs(ps)
	if monopoly {
		best, bestVal := game.NoResource, 0.0
		for r, res := range game.Resources {
			taken := 0
			for _, c := range v.seats {
				if c != v.me {
					taken += v.g.Hand(c)[r]
				}
			}
			val := float64(taken) * v.w[r]
			if float64(taken) >= 3 && val > bestVal || need[r] > float64(v.hand[r]) && taken >= 2 && val > bestVal {
				best, bestVal = res, val
			}
		}
		if best != game.NoResource {
			return game.Action{Kind: game.ActPlay, Card: game.Monopoly, Res: best}, true
		}
	}
	if plenty {
		if i := v.bestHand(legal, game.ActPlay, game.YearOfPlenty, 1, ps); i >= 0 {
			after := v.hand
			for r := range after {
				after[r] += int(legal[i].Cards[r])
			}
			completes := v.hand.Total() <= 2
			for j := 0; j < len(ps) && j < 3; j++ {
				if missing(ps[j].nextCost, v.hand) > 0 && missing(ps[j].nextCost, after) == 0 {
					completes = true
				}
			}
			if completes {
				return legal[i], true
			}
		}
	}
	if building {
		if a, ok := v.roadBuilding(legal, net, ts); ok {
			return a, true
		}
	}
	return game.Action{}, false
}

// roadBuilding returns the Road Building play (S76) whose pieces do most
// for my targets: the best first piece, then the best second after it;
// in pirate-islands the chain's next ships.
func (v *view) roadBuilding(legal []game.Action, net *network, ts []target) (game.Action, bool) {
	if v.sc == board.PirateIslands {
		if f, chits := v.g.Fortress(v.me); f < 0 || chits == 0 || v.shipEndsAt(f) {
			return game.Action{}, false
		}
		for _, a := range legal {
			if a.Kind == game.ActPlay && a.Card == game.RoadBuilding && a.Piece == game.Ship {
				return a, true
			}
		}
		return game.Action{}, false
	}
	base := net.potential(ts)
	overlayOf := func(a game.Action, both bool) overlay {
		o := noOverlay
		o.add[0], o.addShip[0] = v.b.EdgeIndex(a.Edge), a.Piece == game.Ship
		if both && a.Piece2 != game.NoPiece {
			o.add[1], o.addShip[1] = v.b.EdgeIndex(a.Edge2), a.Piece2 == game.Ship
		}
		return o
	}
	type first struct {
		piece game.Piece
		edge  board.Edge
	}
	seen := map[first]float64{}
	var bestFirst first
	bestGain := -1.0
	for _, a := range legal {
		if a.Kind != game.ActPlay || a.Card != game.RoadBuilding {
			continue
		}
		f := first{a.Piece, a.Edge}
		if _, ok := seen[f]; ok {
			continue
		}
		n := v.search(overlayOf(a, false))
		gain := n.potential(ts) - base
		v.recycle(n)
		seen[f] = gain
		if gain > bestGain {
			bestFirst, bestGain = f, gain
		}
	}
	if bestGain <= 0 {
		return game.Action{}, false
	}
	best, bestVal := -1, 0.0
	for i, a := range legal {
		if a.Kind != game.ActPlay || a.Card != game.RoadBuilding || (first{a.Piece, a.Edge}) != bestFirst {
			continue
		}
		n := v.search(overlayOf(a, true))
		gain := n.potential(ts) - base
		v.recycle(n)
		if best < 0 || gain > bestVal {
			best, bestVal = i, gain
		}
	}
	if best < 0 || bestVal < 3 {
		return game.Action{}, false
	}
	return legal[best], true
}

// maxMoves bounds the ship moves one decision looks at.
const maxMoves = 160

// moveShip returns a ship move (S59) that brings my network clearly
// closer to its targets, keeping the trade-route card if I hold it.
func (h *heuristic) moveShip(v *view, legal []game.Action, net *network, ts []target) (game.Action, bool) {
	var moves []int
	for i, a := range legal {
		if a.Kind == game.ActMoveShip {
			moves = append(moves, i)
		}
	}
	if len(moves) == 0 {
		return game.Action{}, false
	}
	stride := max(1, (len(moves)+maxMoves-1)/maxMoves)
	base := net.potential(ts)
	best, bestGain := -1, 3.0
	for k := 0; k < len(moves); k += stride {
		a := legal[moves[k]]
		o := noOverlay
		o.remove = v.b.EdgeIndex(a.Edge)
		o.add[0], o.addShip[0] = v.b.EdgeIndex(a.Edge2), true
		n := v.search(o)
		gain := n.potential(ts) - base
		v.recycle(n)
		if gain > bestGain {
			best, bestGain = moves[k], gain
		}
	}
	if best < 0 {
		return game.Action{}, false
	}
	a := legal[best]
	if v.g.LongestRoute() == v.me {
		w := trial(v.g)
		if _, err := w.Apply(v.me, []game.Action{a}, nil); err != nil || w.LongestRoute() != v.me {
			return game.Action{}, false
		}
	}
	return a, true
}
