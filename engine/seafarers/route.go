package seafarers

import "github.com/elasund/elasund/engine/seafarers/board"

// maxNet bounds a network: 15 roads and 15 ships (S9).
const maxNet = limitRoads + limitShips

// routeLength returns seat s's trade-route length L (S81): the longest
// sequence of distinct roads and ships, each linked to the next at a shared
// corner (S53), walking on.
func (g *Game) routeLength(s int) int {
	var es [maxNet]int
	var local [512]int8
	n := 0
	own := int8(s + 1)
	for e := range g.edges {
		if g.edges[e].own == own && n < maxNet {
			es[n] = e
			if e < len(local) {
				local[e] = int8(n + 1)
			}
			n++
		}
	}
	if n == 0 {
		return 0
	}
	w := routeWalk{g: g, s: s, es: es[:n], local: &local}
	best := 0
	for i := 0; i < n; i++ {
		ends := g.b.EdgeEnds(es[i])
		for d := 0; d < 2; d++ {
			l := 1 + w.extend(i, ends[1-d], 1<<i)
			best = max(best, l)
		}
		if best == n {
			break
		}
	}
	return best
}

// routeWalk is the depth-first search of routeLength.
type routeWalk struct {
	g     *Game
	s     int
	es    []int
	local *[512]int8
}

// extend returns the longest continuation of a route whose last piece is
// es[last], arriving at corner v, with the pieces of used taken.
func (w *routeWalk) extend(last, v int, used uint32) int {
	g := w.g
	if g.otherBuilding(v, w.s) {
		return 0
	}
	own := g.building(v, w.s)
	lastShip := g.edges[w.es[last]].ship
	best := 0
	adj := g.b.CornerAdjacent(v)
	for k, e := range g.b.CornerEdges(v) {
		if e >= len(w.local) {
			continue
		}
		j := int(w.local[e]) - 1
		if j < 0 || used&(1<<j) != 0 {
			continue
		}
		if !own && g.edges[e].ship != lastShip {
			continue // a road and a ship link only at the player's building (S53)
		}
		l := 1 + w.extend(j, adj[k], used|1<<j)
		best = max(best, l)
	}
	return best
}

// longestUsed reports whether the Longest Trade Route card is used (S84).
func (g *Game) longestUsed() bool {
	return g.cfg.scenario != board.ClothForCatan && g.cfg.scenario != board.PirateIslands
}

// updateRoutes recomputes trade-route lengths — seat s's, or every seat's
// when all is set (a settlement can cut another's route) — and the Longest
// Trade Route card (S82).
func (g *Game) updateRoutes(s int, all bool) {
	for o := range g.players {
		if all || o == s {
			g.players[o].route = g.routeLength(o)
		}
	}
	g.longest = g.longestHolder(g.longest)
}

// longestHolder returns who holds Longest Trade Route after a change, the
// holder before being cur (S82).
func (g *Game) longestHolder(cur int) int {
	if !g.longestUsed() {
		return -1
	}
	m, t, who := 0, 0, -1
	for o := range g.players {
		switch l := g.players[o].route; {
		case l > m:
			m, t, who = l, 1, o
		case l == m:
			t++
		}
	}
	switch {
	case m < 5:
		return -1
	case cur >= 0 && g.players[cur].route == m:
		return cur
	case t == 1:
		return who
	}
	return -1
}

// armyUsed reports whether the Largest Army card is used (S84).
func (g *Game) armyUsed() bool { return g.cfg.scenario != board.PirateIslands }

// updateArmy gives Largest Army to seat s if it now has played at least
// three knights and more than the holder (S83).
func (g *Game) updateArmy(s int) {
	if !g.armyUsed() || g.largest == s {
		return
	}
	k := g.players[s].played[Knight-1]
	if k >= 3 && (g.largest < 0 || k > g.players[g.largest].played[Knight-1]) {
		g.largest = s
	}
}
