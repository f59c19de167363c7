package seafarers

import (
	"github.com/elasund/elasund/engine/seafarers/board"
)

// playableCard returns the index in seat s's hand of a card of kind k it
// may play now (S29, S74), or the refusal.
func (g *Game) playableCard(s int, k CardKind, a *Action) (int, error) {
	if g.flags.CardPlayed {
		return -1, ruleErr("S29", a, "one development card per turn")
	}
	switch g.phase {
	case PhaseRoll:
		if !g.cfg.opts.CardBeforeRoll {
			return -1, ruleErr("S74", a, "no development card before the roll (dev_card_before_roll: false)")
		}
	case PhaseTrade, PhaseBuild:
	default:
		return -1, ruleErr("S74", a, "development cards are played in phase roll, trade or build")
	}
	if k == VictoryPoint && !(g.cfg.scenario == board.PirateIslands && g.nseats() == 4) {
		return -1, ruleErr("S79", a, "victory-point cards are never played")
	}
	p := &g.players[s]
	held, fresh := false, false
	for i, c := range p.cards {
		if c.kind != k {
			continue
		}
		held = true
		if c.got < g.turn {
			return i, nil
		}
		fresh = true
	}
	switch {
	case fresh:
		return -1, ruleErr("S74", a, "a card cannot be played in the turn it was acquired")
	case !held:
		return -1, ruleErr("S74", a, "%s holds no %s card", g.colour(s), k)
	}
	return -1, ruleErr("S74", a, "no playable %s card", k)
}

// play plays a development card (S74–S78, S120).
func (g *Game) play(s int, a *Action, en *entry) error {
	i, err := g.playableCard(s, a.Card, a)
	if err != nil {
		return err
	}
	p := &g.players[s]
	// The card's own events follow this one; a refusal below drops them
	// all with the entry.
	g.log.add(g.colour(s).String(), " plays ", a.Card.String()).end()
	switch a.Card {
	case Knight, VictoryPoint:
		if g.cfg.scenario == board.PirateIslands {
			g.convertWarship(s)
			break
		}
		if a.Card == VictoryPoint {
			return ruleErr("S79", a, "victory-point cards are never played")
		}
		if g.canMoveRobber(s) || g.canMovePirate(s) {
			g.addPending(s, pendRobber, 0)
		}
	case RoadBuilding:
		if err := g.roadBuilding(s, a, en); err != nil {
			return err
		}
	case YearOfPlenty:
		want := min(2, g.bank.total())
		if a.Cards.Total() != want {
			return ruleErr("S77", a, "Year of Plenty takes %d cards", want)
		}
		if !g.bank.containsPacked(&a.Cards) {
			return ruleErr("S77", a, "the bank does not hold %s", a.Cards)
		}
		g.bank.subPacked(a.Cards)
		p.hand.addPacked(a.Cards)
		g.log.colour(g.colour(s)).add(" takes ").packed(a.Cards).end()
	case Monopoly:
		if a.Res == NoResource {
			return ruleErr("S78", a, "name a resource")
		}
		n := 0
		for o := range g.players {
			if o == s {
				continue
			}
			k := g.players[o].hand.of(a.Res)
			g.players[o].hand[a.Res-1] = 0
			n += k
		}
		p.hand[a.Res-1] += n
		g.log.add(g.colour(s).String(), " takes ").num(n).add(" ", a.Res.String(), " from the other seats").end()
	default:
		return ruleErr("S74", a, "that card cannot be played")
	}
	// The card is played: it leaves the hand face up (S74). The cards are
	// copied on write (clones share them), so the rest goes to a new
	// array, but the cards before it stay where they are when it is the
	// last: nothing is written there, and the next card added (Clip)
	// copies them.
	p.cards = append(p.cards[:i:i], p.cards[i+1:]...)
	p.played[a.Card-1]++
	g.flags.CardPlayed = true
	if a.Card == Knight && g.cfg.scenario != board.PirateIslands {
		g.updateArmy(s)
		if g.owes(s, pendRobber) >= 0 {
			g.phase = PhaseRobber
		} else {
			g.log.say("neither the robber nor the pirate can move (S41)")
		}
	}
	return nil
}

// roadBuilding places the pieces of Road Building (S76): two if it can,
// one only when no second can be placed.
func (g *Game) roadBuilding(s int, a *Action, en *entry) error {
	pieces := []struct {
		piece Piece
		edge  board.Edge
	}{{a.Piece, a.Edge}}
	if a.Piece2 != NoPiece {
		pieces = append(pieces, struct {
			piece Piece
			edge  board.Edge
		}{a.Piece2, a.Edge2})
	}
	for _, pc := range pieces {
		if pc.piece != Road && pc.piece != Ship {
			return ruleErr("S76", a, "Road Building places roads or ships")
		}
		if pc.piece == Ship && !g.cfg.usesShips {
			return ruleErr("S90", a, "the base game has no ships")
		}
		e := g.b.EdgeIndex(pc.edge)
		if e < 0 {
			return ruleErr("S15", a, "%s is not an edge of the board", pc.edge)
		}
		if rule, why := g.edgeProblem(s, e, pc.piece, -1); rule != "" {
			return ruleErr(rule, a, "%s: %s", pc.edge, why)
		}
		sup := supRoad
		if pc.piece == Ship {
			sup = supShip
		}
		if g.players[s].supply[sup] == 0 {
			return ruleErr("S30", a, "no %s left in supply", pc.piece)
		}
		g.log.add(g.colour(s).String(), " places a ", pc.piece.String(), " on ").edge(pc.edge).end()
		if err := g.placeEdge(s, e, pc.piece, en.src); err != nil {
			return err
		}
	}
	if a.Piece2 == NoPiece && g.canPlaceFree(s) {
		return ruleErr("S76", a, "a second piece can be placed: Road Building places two")
	}
	return nil
}

// canPlaceFree reports whether seat s could place a road or a ship
// somewhere now (S76).
func (g *Game) canPlaceFree(s int) bool {
	roads, ships := g.freePlacements(s)
	return roads != (edgeSet{}) || ships != (edgeSet{})
}
