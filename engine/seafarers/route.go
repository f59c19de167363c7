package seafarers

import "github.com/elasund/elasund/engine/seafarers/board"

// maxNet bounds a network: 15 roads and 15 ships (S9).
const maxNet = limitRoads + limitShips

// routeLength returns seat s's trade-route length L (S81): the longest
// sequence of distinct roads and ships, each linked to the next at a shared
// corner (S53), walking on.
//
// The seat's pieces are the edges of a small graph (routeGraph) whose nodes
// are where pieces link: a corner with the seat's building is one node; a
// corner without is a node for its roads and another for its ships (a road
// and a ship link only at the seat's building); at another seat's building
// every piece ends in a node of its own (nothing links there). L is the
// longest trail of that graph. A longest trail that cannot be made longer
// starts at a node all of whose pieces it uses, so at a node of odd degree,
// unless it returns to its start, and then it uses every piece of its part
// of the graph, which a trail from any node of that part finds too. So the
// search starts only at nodes of odd degree and at one node of each part
// whose nodes all have even degree.
func (g *Game) routeLength(s int) int {
	var r routeGraph
	r.build(g, s)
	if r.pieces == 0 {
		return 0
	}
	best := 0
	for v := 0; v < r.nodes && best < r.pieces; v++ {
		if r.deg[v]%2 == 1 || r.evenPart(v) {
			best = max(best, r.longest(v, 0))
		}
	}
	return best
}

// routeGraph is one seat's roads and ships as the graph of routeLength.
type routeGraph struct {
	nodes, pieces int
	deg           [2 * maxNet]uint8
	adj           [2 * maxNet][3]routeArc
	part          [2 * maxNet]uint8 // the part (connected component) of each node
	odd           [2 * maxNet]bool  // per part: some node has odd degree
}

// routeArc is one piece seen from one of its nodes.
type routeArc struct {
	piece, to int8
}

// build fills r with seat s's pieces.
func (r *routeGraph) build(g *Game, s int) {
	// node[c][k] is the node of corner c for k = 0 roads (or every piece
	// at the seat's building), 1 ships; 0 for none, else node + 1.
	var node [maxCorners][2]int8
	own := int8(s + 1)
	nodeAt := func(c int, ship bool) int {
		if g.otherBuilding(c, s) {
			r.nodes++
			return r.nodes - 1
		}
		k := 0
		if ship && !g.building(c, s) {
			k = 1
		}
		if node[c][k] == 0 {
			r.nodes++
			node[c][k] = int8(r.nodes)
		}
		return int(node[c][k]) - 1
	}
	for e := range g.edges {
		p := g.edges[e]
		if p.own != own || r.pieces == maxNet {
			continue
		}
		ends := g.b.EdgeEnds(e)
		a, b := nodeAt(ends[0], p.ship), nodeAt(ends[1], p.ship)
		i := int8(r.pieces)
		r.adj[a][r.deg[a]] = routeArc{piece: i, to: int8(b)}
		r.deg[a]++
		r.adj[b][r.deg[b]] = routeArc{piece: i, to: int8(a)}
		r.deg[b]++
		r.pieces++
	}
	r.parts()
}

// parts numbers the parts of the graph and notes which have a node of odd
// degree.
func (r *routeGraph) parts() {
	var seen [2 * maxNet]bool
	var stack [2 * maxNet]int8
	k := uint8(0)
	for v := 0; v < r.nodes; v++ {
		if seen[v] {
			continue
		}
		seen[v] = true
		n := 0
		stack[n] = int8(v)
		n++
		for n > 0 {
			n--
			u := stack[n]
			r.part[u] = k
			if r.deg[u]%2 == 1 {
				r.odd[k] = true
			}
			for _, a := range r.adj[u][:r.deg[u]] {
				if !seen[a.to] {
					seen[a.to] = true
					stack[n] = a.to
					n++
				}
			}
		}
		k++
	}
}

// evenPart reports whether node v is the first node of a part whose nodes
// all have even degree.
func (r *routeGraph) evenPart(v int) bool {
	p := r.part[v]
	if r.odd[p] {
		return false
	}
	for u := 0; u < v; u++ {
		if r.part[u] == p {
			return false
		}
	}
	return true
}

// longest returns the length of the longest trail from node v using none
// of the pieces in used.
func (r *routeGraph) longest(v int, used uint32) int {
	best := 0
	for _, a := range r.adj[v][:r.deg[v]] {
		if used&(1<<a.piece) != 0 {
			continue
		}
		best = max(best, 1+r.longest(int(a.to), used|1<<a.piece))
	}
	return best
}

// longestUsed reports whether the Longest Trade Route card is used (S84).
func (g *Game) longestUsed() bool {
	return g.cfg.scenario != board.ClothForCatan && g.cfg.scenario != board.PirateIslands
}

// updateRoutes recomputes trade-route lengths — seat s's, or every seat's
// when all is set — and the Longest Trade Route card (S82).
func (g *Game) updateRoutes(s int, all bool) {
	for o := range g.players {
		if all || o == s {
			g.players[o].route = g.routeLength(o)
		}
	}
	g.longest = g.longestHolder(g.longest)
}

// updateRoutesAt recomputes the trade routes after seat s's settlement on
// corner c: s's (it may join its roads and ships there) and those of the
// seats with a piece ending at c, which it may cut (S81, S82).
func (g *Game) updateRoutesAt(s, c int) {
	for o := range g.players {
		at := o == s
		for _, e := range g.b.CornerEdges(c) {
			at = at || g.edges[e].owner() == o
		}
		if at {
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
