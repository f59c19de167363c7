package seafarers

import (
	"slices"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// takeGift gives seat s the forgotten-tribe gift lying on edge e, where it
// just placed a ship (S104, V36).
func (g *Game) takeGift(s, e int, src engine.Source) error {
	i := slices.IndexFunc(g.gifts, func(x gift) bool { return x.edge == e })
	if i < 0 {
		return nil
	}
	gf := g.gifts[i]
	g.gifts = append(g.gifts[:i], g.gifts[i+1:]...)
	p := &g.players[s]
	switch gf.kind {
	case board.GiftSVP:
		p.chits++
		g.log.sayf("%s takes the special victory point on %s", g.colour(s), g.b.Edge(e))
		return nil
	case board.GiftCard:
		if g.unseen.Total()-g.promised() <= 0 {
			// Only after edits took the cards: the gift is gone.
			g.log.say(g.colour(s).String() + " finds no card on " + g.b.Edge(e).String())
			return nil
		}
		return g.gainCard(s, src, "takes the gift of")
	case board.GiftHarbour:
		p.aside = append(slices.Clip(p.aside), gf.harbour)
		slices.Sort(p.aside)
		g.log.sayf("%s takes the %s harbour on %s", g.colour(s), gf.harbour, g.b.Edge(e))
		return nil
	}
	return nil
}

// harbourEdges lists the edges where seat s may place a harbour (S105): a
// coastal edge with one of its buildings on a corner, holding no harbour
// and sharing no corner with one.
func (g *Game) harbourEdges(s int) []int {
	var out []int
	b := g.b
	for e := 0; e < b.NumEdges(); e++ {
		if g.harbourEdgeOK(s, e) {
			out = append(out, e)
		}
	}
	return out
}

func (g *Game) harbourEdgeOK(s, e int) bool {
	b := g.b
	if g.l.ekind[e] != board.CoastalEdge || g.l.eHarbour[e] != board.NoHarbour {
		return false
	}
	ends := b.EdgeEnds(e)
	if g.l.cHarbour[ends[0]] != board.NoHarbour || g.l.cHarbour[ends[1]] != board.NoHarbour {
		return false
	}
	return g.building(ends[0], s) || g.building(ends[1], s)
}

// harbourDue makes seat s owe a harbour placement when it keeps a harbour
// aside and may place one (S105).
func (g *Game) harbourDue(s int) {
	if len(g.players[s].aside) == 0 || g.owes(s, pendHarbour) >= 0 || len(g.harbourEdges(s)) == 0 {
		return
	}
	g.addPending(s, pendHarbour, 0)
	g.log.sayf("%s must place a harbour (harbour <edge> <kind>)", g.colour(s))
}

// harbourLand returns the land position beside coastal edge e.
func (g *Game) harbourLand(e int) board.Pos {
	hs := g.b.EdgeHexes(e)
	x := g.b.Edge(e)
	if hs[0] >= 0 && g.l.hexes[hs[0]].Terrain.IsLand() {
		return x.A
	}
	return x.B
}

// asideKinds returns the distinct harbour kinds seat s keeps aside.
func (g *Game) asideKinds(s int) []board.HarbourKind {
	var out []board.HarbourKind
	for _, k := range g.players[s].aside {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// placeHarbour places a harbour kept aside (S105); it is no build action
// and changes no phase.
func (g *Game) placeHarbour(s int, a *Action) error {
	i := g.owes(s, pendHarbour)
	if i < 0 {
		return ruleErr("S105", a, "%s owes no harbour placement", g.colour(s))
	}
	e := g.b.EdgeIndex(a.Edge)
	if e < 0 || !g.harbourEdgeOK(s, e) {
		return ruleErr("S105", a, "a harbour goes on a coastal edge at one of your buildings, not on or next to another harbour")
	}
	k := a.Harbour
	kinds := g.asideKinds(s)
	if k == board.NoHarbour {
		if len(kinds) != 1 {
			return ruleErr("S105", a, "name the harbour kind to place")
		}
		k = kinds[0]
	}
	p := &g.players[s]
	j := slices.Index(p.aside, k)
	if j < 0 {
		return ruleErr("S105", a, "%s keeps no %s harbour aside", g.colour(s), k)
	}
	g.l = g.l.withHarbour(g.b, board.Harbour{Edge: a.Edge, Land: g.harbourLand(e), Kind: k})
	p.aside = slices.Delete(slices.Clone(p.aside), j, j+1)
	g.dropPending(i)
	g.log.sayf("%s places a %s harbour on %s", g.colour(s), k, a.Edge)
	g.harbourDue(s)
	return nil
}
