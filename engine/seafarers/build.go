package seafarers

import (
	"slices"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// build applies a build action: a road, a ship, a settlement or a city
// (S47–S55).
func (g *Game) build(s int, a *Action, en *entry) error {
	p := &g.players[s]
	switch a.Piece {
	case Road, Ship:
		e := g.b.EdgeIndex(a.Edge)
		if e < 0 {
			return ruleErr("S15", a, "%s is not an edge of the board", a.Edge)
		}
		cost, sup := costRoad, supRoad
		if a.Piece == Ship {
			cost, sup = costShip, supShip
		}
		if rule, why := g.edgeProblem(s, e, a.Piece, -1); rule != "" {
			return ruleErr(rule, a, "%s", why)
		}
		if err := g.payFor(p, a, sup, cost); err != nil {
			return err
		}
		g.log.add(g.colour(s).String(), " builds a ", a.Piece.String(), " on ").edge(a.Edge).end()
		return g.placeEdge(s, e, a.Piece, en.src)
	case Settlement:
		c := g.b.CornerIndex(a.Corner)
		if c < 0 {
			return ruleErr("S15", a, "%s is not a corner of the board", a.Corner)
		}
		if rule, why := g.settleProblem(s, c, false); rule != "" {
			return ruleErr(rule, a, "%s", why)
		}
		if err := g.payFor(p, a, supSettlement, costSettlement); err != nil {
			return err
		}
		g.setCorner(c, cornerPiece{own: int8(s + 1), kind: settlement})
		p.supply[supSettlement]--
		g.log.add(g.colour(s).String(), " builds a settlement on ").corner(a.Corner).end()
		g.islandReward(s, c)
		g.updateRoutesAt(s, c)
		g.harbourDue(s)
		return nil
	case City:
		c := g.b.CornerIndex(a.Corner)
		if c < 0 {
			return ruleErr("S15", a, "%s is not a corner of the board", a.Corner)
		}
		if g.corners[c].own != int8(s+1) || g.corners[c].kind != settlement {
			return ruleErr("S50", a, "a city replaces one of your settlements")
		}
		if err := g.payFor(p, a, supCity, costCity); err != nil {
			return err
		}
		g.setCorner(c, cornerPiece{own: int8(s + 1), kind: city})
		p.supply[supCity]--
		p.supply[supSettlement]++
		g.log.add(g.colour(s).String(), " builds a city on ").corner(a.Corner).end()
		return nil
	}
	return ruleErr("S47", a, "build road, ship, settlement or city")
}

// payFor pays for the piece a builds: it must be left in p's supply
// (S30) and p must hold its cost (S12), which goes to the bank.
func (g *Game) payFor(p *player, a *Action, sup int, cost Hand) error {
	if p.supply[sup] == 0 {
		return ruleErr("S30", a, "no %s left in supply", a.Piece)
	}
	if !p.hand.Contains(&cost) {
		return ruleErr("S12", a, "a %s costs %s", a.Piece, cost)
	}
	p.hand.sub(&cost)
	g.bank.add(&cost)
	g.buildAction()
	return nil
}

// edgeProblem returns the rule and reason forbidding seat s a road or ship
// on edge e in play, or "" (S51–S55, S118). skip is a ship being moved.
func (g *Game) edgeProblem(s, e int, piece Piece, skip int) (string, string) {
	if piece == Road {
		return g.roadProblem(s, e, false, -1)
	}
	return g.shipProblem(s, e, false, -1, skip)
}

// placeEdge puts seat s's road or ship on edge e (taking it from supply)
// and applies what a placement triggers (S56): exploration, a gift, village
// connections, and the trade routes.
func (g *Game) placeEdge(s, e int, piece Piece, src engine.Source) error {
	p := &g.players[s]
	if piece == Road {
		g.setEdge(e, edgePiece{own: int8(s + 1)})
		p.supply[supRoad]--
	} else {
		g.setEdge(e, edgePiece{own: int8(s + 1), ship: true, built: int32(g.turn)})
		p.supply[supShip]--
	}
	return g.afterEdge(s, e, piece, src)
}

// afterEdge applies what placing a road or ship on e triggers (S56).
// The error is an impossible forced outcome (S160).
func (g *Game) afterEdge(s, e int, piece Piece, src engine.Source) error {
	if err := g.exploreAround(s, e, src); err != nil {
		return err
	}
	if piece == Ship {
		if err := g.takeGift(s, e, src); err != nil {
			return err
		}
		g.connectVillages(s)
	}
	g.updateRoutes(s, false)
	g.harbourDue(s)
	return nil
}

// buy buys a development card (S73): a sealed draw by default, else drawn
// at once from the turn's card stream (S147).
func (g *Game) buy(s int, a *Action, en *entry) error {
	p := &g.players[s]
	if !p.hand.Contains(&costCard) {
		return ruleErr("S12", a, "a development card costs %s", costCard)
	}
	if g.buyable() <= 0 {
		return ruleErr("S73", a, "no development card is left to buy")
	}
	p.hand.sub(&costCard)
	g.bank.add(&costCard)
	g.buildAction()
	return g.gainCard(s, en.src, "buys")
}

// buyable counts the development cards that may still be bought (S73):
// the unseen cards not promised to pending draws, less the face-down card
// gifts still on their edges (S101), which are the forgotten tribe's and
// not the deck's (V11; docs/seafarers/decisions.md).
func (g *Game) buyable() int {
	n := g.unseen.Total() - g.promised()
	for _, gf := range g.gifts {
		if gf.kind == board.GiftCard {
			n--
		}
	}
	return n
}

// gainCard gives seat s a development card from the unseen cards, bought
// or taken as a gift, marked acquired this turn (S73, S104, S140).
func (g *Game) gainCard(s int, src engine.Source, verb string) error {
	p := &g.players[s]
	if g.cfg.opts.Sealed {
		d := g.newDraw(drawCard, s, src)
		g.sealed = append(g.sealed, d)
		p.cards = append(slices.Clip(p.cards), devCard{kind: Sealed, got: g.turn, draw: d.k})
		g.log.add(g.colour(s).String(), " ", verb, " a development card: a sealed draw (k ").num(d.k).add(", witness ", g.colour(d.witness).String(), ")").end()
		return nil
	}
	k, err := g.drawCard(src, streamCard)
	if err != nil {
		return err
	}
	p.cards = append(slices.Clip(p.cards), devCard{kind: k, got: g.turn})
	g.log.add(g.colour(s).String(), " ", verb, " a development card: ", k.String()).end()
	return nil
}

// islandReward awards the special victory points of a settlement built on
// a new island or area (S91–S97, S127).
func (g *Game) islandReward(s, c int) {
	sc := g.cfg.scenario
	area := g.l.cArea[c]
	if area < 0 {
		return
	}
	p := &g.players[s]
	pts := 0
	switch sc {
	case board.NewShores, board.ThroughTheDesert, board.WondersOfCatan:
		if len(p.reward) == 0 && g.l.areas[area].Reward {
			pts = g.cfg.opts.IslandSVP
		}
	case board.NewWorld:
		if len(p.reward) == 0 && !containsInt(p.home, area) {
			pts = g.cfg.opts.IslandSVP
		}
	case board.FourIslands:
		if !containsInt(p.home, area) && !containsInt(p.reward, area) {
			pts = 2
			if len(p.reward) == 0 && g.cfg.opts.IslandSVP == 1 {
				pts = 1
			}
		}
	}
	if pts == 0 {
		return
	}
	p.chits += pts
	p.reward = append(slices.Clip(p.reward), area)
	g.log.add(g.colour(s).String(), " earns ").num(pts).add(" special victory point(s) on ", g.l.areas[area].Name).end()
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
