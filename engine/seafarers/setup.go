package seafarers

import (
	"slices"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// setupRounds is the number of setup rounds (S19): three in
// cloth-for-catan, else two.
func (g *Game) setupRounds() int {
	if g.cfg.scenario == board.ClothForCatan {
		return 3
	}
	return 2
}

// placer returns the seat placing at step k of round r (S19): seat order
// in rounds 1 and 3, reverse seat order in round 2.
func (g *Game) placer(r, k int) int {
	if r == 2 {
		return g.nseats() - 1 - k
	}
	return k
}

// place applies a setup step (S20): a settlement and, at once, a road or a
// ship ending at it. The second settlement's resources come first (S21);
// then a road or ship with an end on a corner of an unexplored position
// explores it, as in play (S23, S99). The error is an impossible forced
// outcome (S160).
func (g *Game) place(s int, a *Action, src engine.Source) error {
	b := g.b
	if !g.l.dealt {
		return ruleErr("S134", a, "the board is not dealt yet")
	}
	c := b.CornerIndex(a.Corner)
	if c < 0 {
		return ruleErr("S15", a, "%s is not a corner of the board", a.Corner)
	}
	if rule, why := g.settleProblem(s, c, true); rule != "" {
		return ruleErr(rule, a, "%s", why)
	}
	e := b.EdgeIndex(a.Edge)
	if e < 0 {
		return ruleErr("S15", a, "%s is not an edge of the board", a.Edge)
	}
	switch a.Piece {
	case Road:
		if rule, why := g.roadProblem(s, e, true, c); rule != "" {
			return ruleErr(rule, a, "%s", why)
		}
	case Ship:
		if g.cfg.scenario == board.PirateIslands {
			return ruleErr("S115", a, "setup steps in pirate-islands place a road, not a ship")
		}
		if rule, why := g.shipProblem(s, e, true, c, -1); rule != "" {
			return ruleErr(rule, a, "%s", why)
		}
	default:
		return ruleErr("S20", a, "a setup step places a road or a ship")
	}
	p := &g.players[s]
	if p.supply[supSettlement] == 0 {
		return ruleErr("S30", a, "no settlement left in supply")
	}
	g.setCorner(c, cornerPiece{own: int8(s + 1), kind: settlement})
	p.supply[supSettlement]--
	if a.Piece == Road {
		g.setEdge(e, edgePiece{own: int8(s + 1)})
		p.supply[supRoad]--
	} else {
		g.setEdge(e, edgePiece{own: int8(s + 1), ship: true, built: int32(g.turn)})
		p.supply[supShip]--
	}
	if g.cfg.scenario == board.FourIslands || g.cfg.scenario == board.NewWorld {
		if area := g.l.cArea[c]; area >= 0 && !slices.Contains(p.home, area) {
			p.home = append(slices.Clip(p.home), area)
			slices.Sort(p.home)
		}
	}
	g.log.sayf("%s places a settlement on %s and a %s on %s", g.colour(s), a.Corner, a.Piece, a.Edge)
	if g.setupRound == g.setupRounds() {
		g.startingResources(s, c)
	}
	if err := g.exploreAround(s, e, src); err != nil {
		return err
	}
	g.updateRoutes(s, false)
	g.setupStep++
	if g.setupStep == g.nseats() {
		g.setupRound++
		g.setupStep = 0
	}
	if g.setupRound > g.setupRounds() {
		g.setupRound, g.setupStep = 0, 0
		g.turn, g.cur = 1, 0
		g.phase = PhaseRoll
		g.log.say("setup is over: turn 1, " + g.colour(0).String())
	} else {
		g.cur = g.placer(g.setupRound, g.setupStep)
	}
	if g.anyDecide() {
		g.phase = PhaseDecide
	}
	return nil
}

// startingResources pays the resources of the last setup settlement (S21):
// one card per producing hex it touches, a gold choice per gold field.
func (g *Game) startingResources(s, c int) {
	var got Hand
	goldN := 0
	for _, h := range g.b.CornerHexes(c) {
		if h < 0 {
			continue
		}
		t := g.l.hexes[h].Terrain
		if r := yield(t); r != NoResource && g.bank.of(r) > 0 {
			got[r-1]++
			g.bank[r-1]--
		} else if t == board.Gold {
			goldN++
		}
	}
	g.players[s].hand.add(&got)
	if got.Total() > 0 {
		g.log.sayf("%s takes %s", g.colour(s), got)
	}
	if goldN > 0 {
		g.addPending(s, pendGold, goldN)
		g.autoDecide()
	}
}
