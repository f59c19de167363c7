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
// longest trail of that graph, found part by part (connected component).
// In a part without a loop (a tree) it is the longest path, found in one
// walk (treeLongest); in a part with loops, a search over its junctions
// (loopLongest).
func (g *Game) routeLength(s int) int {
	key := routeKey{roads: g.sets.roads[s], ships: g.sets.ships[s], mine: g.sets.buildings[s]}
	for o := range g.players {
		if o != s {
			key.others.or(&g.sets.buildings[o])
		}
	}
	if g.routes == nil {
		g.routes = new(routeMemo)
	}
	i := key.slot()
	m := g.routes
	if m.full[i] && m.keys[i] == key {
		return int(m.lens[i])
	}
	last := &m.last[s&3]
	if !last.valid || !last.r.follow(g, &last.key, &key) {
		last.valid, last.key = true, key
		last.r = routeGraph{}
		last.r.build(g, s)
	}
	l := last.r.longest()
	m.keys[i], m.lens[i], m.full[i] = key, int8(l), true
	return l
}

// routeMemo remembers route lengths by what they were worked out from
// (routeKey), a slot each by its hash: random play moves a ship back and
// forth, and a network comes back. A game and its scratch copies share
// one; a clone starts its own.
type routeMemo struct {
	keys [memoSlots]routeKey
	lens [memoSlots]int8
	full [memoSlots]bool

	// last is each seat's graph of the last length worked out (not
	// remembered), with what it was built from: after one of the seat's
	// ships moved or a road or ship was built, the graph follows the
	// change (routeGraph.follow) instead of being built again.
	last [4]struct {
		valid bool
		key   routeKey
		r     routeGraph
	}
}

// memoSlots is how many answers a memo (routeMemo, shapeMemo) holds.
const memoSlots = 64

// memoSlot returns the memo slot of a key of words, by their hash.
func memoSlot(words ...uint64) int {
	h := uint64(0)
	for _, w := range words {
		h = (h ^ w) * 0x9e3779b97f4a7c15
	}
	return int(h >> 58)
}

// routeKey is all routeLength reads: the seat's roads, ships and
// buildings, and the other seats' buildings.
type routeKey struct {
	roads, ships edgeSet
	mine, others cornerSet
}

// slot returns the memo slot of k, by a hash of its words.
func (k *routeKey) slot() int {
	return memoSlot(k.roads[0], k.roads[1], k.roads[2], k.ships[0], k.ships[1], k.ships[2], k.mine[0], k.mine[1], k.others[0], k.others[1])
}

// routeLengthOf works routeLength out from nothing.
func routeLengthOf(g *Game, s int) int {
	var r routeGraph
	r.build(g, s)
	return r.longest()
}

// longest returns the longest trail of r, part by part, the parts in the
// order of the most a trail of each could take (Euler's bound, bound), so
// that the search stops at the first part that cannot beat the longest
// found.
func (r *routeGraph) longest() int {
	r.parts()
	var order [2 * maxNet]int8
	var bounds [2 * maxNet]int8
	n := 0
	for p := 0; p < r.numParts; p++ {
		b := r.partOf[p].bound()
		if b == 0 {
			continue
		}
		i := n
		for ; i > 0 && bounds[i-1] < b; i-- {
			order[i], bounds[i] = order[i-1], bounds[i-1]
		}
		order[i], bounds[i] = int8(p), b
		n++
	}
	best := 0
	for i := 0; i < n && int(bounds[i]) > best; i++ {
		p := int(order[i])
		pt := &r.partOf[p]
		switch {
		case pt.odd <= 2:
			// Euler: a connected graph with at most two nodes of odd
			// degree has a trail over all its pieces.
			best = int(pt.pieces)
		case pt.pieces == pt.nodes-1:
			best = max(best, r.treeLongest(int(pt.first)))
		default:
			best = max(best, r.loopLongest(p))
		}
	}
	return best
}

// bound is the most pieces a trail of the part can take: all of them with
// at most two nodes of odd degree, else one less for each pair of odd
// nodes beyond two (Euler: a trail leaves a piece unused at each of them).
func (pt *routePart) bound() int8 {
	if pt.odd <= 2 {
		return pt.pieces
	}
	return pt.pieces - (pt.odd-2)/2
}

// routeGraph is one seat's roads and ships as the graph of routeLength.
type routeGraph struct {
	nodes, pieces int
	deg           [2 * maxNet]uint8
	adj           [2 * maxNet][3]routeArc
	part          [2 * maxNet]uint8 // the part (connected component) of each node
	numParts      int
	partOf        [2 * maxNet]routePart

	// Where the pieces lie, for follow: each piece's edge and nodes, the
	// node of each corner as build numbers them, and whether build left
	// pieces out (more than maxNet, only by edits).
	edge      [maxNet]uint8
	ends      [maxNet][2]int8
	node      [maxCorners][2]int8
	truncated bool
}

// routeArc is one piece seen from one of its nodes.
type routeArc struct {
	piece, to int8
}

// routePart is one part of a routeGraph.
type routePart struct {
	first         int8 // its first node
	nodes, pieces int8
	odd           int8 // its nodes of odd degree
}

// build fills r with seat s's pieces.
func (r *routeGraph) build(g *Game, s int) {
	// node[c][k] is the node of corner c for k = 0 roads (or every piece
	// at the seat's building), 1 ships; 0 for none, else node + 1.
	var others cornerSet // the other seats' buildings: nothing links there
	for o := range g.players {
		if o != s {
			others.or(&g.sets.buildings[o])
		}
	}
	mine := &g.sets.buildings[s]
	for k, pieces := range [2]*edgeSet{&g.sets.roads[s], &g.sets.ships[s]} {
		for e := pieces.next(0); e >= 0; e = pieces.next(e + 1) {
			if r.pieces == maxNet {
				r.truncated = true
				return
			}
			r.add(g, r.pieces, e, k, mine, &others)
			r.pieces++
		}
	}
}

// add makes edge e, a road (k 0) or a ship (k 1), piece p of the graph,
// given the seat's buildings (mine) and the other seats' (others).
func (r *routeGraph) add(g *Game, p, e, k int, mine, others *cornerSet) {
	var at [2]int8
	for i, c := range g.cfg.geo.edgeEnds[e] {
		switch {
		case others.has(int(c)):
			at[i] = int8(r.nodes)
			r.nodes++
		case mine.has(int(c)):
			if r.node[c][0] == 0 {
				r.nodes++
				r.node[c][0] = int8(r.nodes)
			}
			at[i] = r.node[c][0] - 1
		default:
			if r.node[c][k] == 0 {
				r.nodes++
				r.node[c][k] = int8(r.nodes)
			}
			at[i] = r.node[c][k] - 1
		}
	}
	a, b := at[0], at[1]
	r.adj[a][r.deg[a]] = routeArc{piece: int8(p), to: b}
	r.deg[a]++
	r.adj[b][r.deg[b]] = routeArc{piece: int8(p), to: a}
	r.deg[b]++
	r.edge[p], r.ends[p] = uint8(e), at
}

// follow makes r, the graph of key was, the graph of key now when now is
// was, or was with one road or ship added or one ship moved (the
// buildings the same), and reports whether it did: a new piece is laid on
// its edge; a moved ship's piece is lifted from its nodes and laid on its
// new edge. Nodes left without pieces stay, in no part (noPart), until
// there is no room for new ones.
func (r *routeGraph) follow(g *Game, was, now *routeKey) bool {
	if was.mine != now.mine || was.others != now.others || r.truncated || r.nodes+2 > len(r.deg) {
		return false
	}
	newRoads, newShips, gone := now.roads, now.ships, was.ships
	newRoads.andNot(&was.roads)
	newShips.andNot(&was.ships)
	gone.andNot(&now.ships)
	lost := was.roads
	lost.andNot(&now.roads)
	if lost != (edgeSet{}) {
		return false
	}
	switch {
	case newShips == (edgeSet{}) && gone == (edgeSet{}) && newRoads == (edgeSet{}):
	case newShips == (edgeSet{}) && gone == (edgeSet{}) && newRoads.count() == 1 && r.pieces < maxNet:
		r.add(g, r.pieces, newRoads.next(0), 0, &now.mine, &now.others)
		r.pieces++
	case newRoads == (edgeSet{}) && gone == (edgeSet{}) && newShips.count() == 1 && r.pieces < maxNet:
		r.add(g, r.pieces, newShips.next(0), 1, &now.mine, &now.others)
		r.pieces++
	case newRoads == (edgeSet{}) && gone.count() == 1 && newShips.count() == 1:
		p := r.lift(gone.next(0))
		if p < 0 {
			return false
		}
		r.add(g, p, newShips.next(0), 1, &now.mine, &now.others)
	default:
		return false
	}
	*was = *now
	return true
}

// lift takes the piece on edge e off its nodes and returns its number, to
// be laid again (add); -1 if no piece is there.
func (r *routeGraph) lift(e int) int {
	p := -1
	for i := 0; i < r.pieces; i++ {
		if int(r.edge[i]) == e {
			p = i
		}
	}
	if p < 0 {
		return -1
	}
	for _, v := range r.ends[p] {
		arcs := r.adj[v][:r.deg[v]]
		for i := range arcs {
			if int(arcs[i].piece) == p {
				arcs[i] = arcs[len(arcs)-1]
				break
			}
		}
		r.deg[v]--
	}
	return p
}

// noPart is the part of a node without pieces (parts).
const noPart = 255

// parts numbers the parts of the graph and counts their nodes and
// pieces; nodes without pieces belong to none (noPart).
func (r *routeGraph) parts() {
	r.numParts = 0
	var seen [2 * maxNet]bool
	var stack [2 * maxNet]int8
	for v := 0; v < r.nodes; v++ {
		if seen[v] {
			continue
		}
		if r.deg[v] == 0 {
			// A node whose pieces moved away (follow): no part.
			r.part[v] = noPart
			continue
		}
		k := r.numParts
		r.numParts++
		pt := &r.partOf[k]
		*pt = routePart{first: int8(v)}
		seen[v] = true
		n := 0
		stack[n] = int8(v)
		n++
		degrees := 0
		for n > 0 {
			n--
			u := stack[n]
			r.part[u] = uint8(k)
			pt.nodes++
			degrees += int(r.deg[u])
			pt.odd += int8(r.deg[u] & 1)
			for _, a := range r.adj[u][:r.deg[u]] {
				if !seen[a.to] {
					seen[a.to] = true
					stack[n] = a.to
					n++
				}
			}
		}
		pt.pieces = int8(degrees / 2)
	}
}

// treeLongest returns the longest path of the part of node root, a tree:
// in one walk from root, every node's two longest ways down meet there.
func (r *routeGraph) treeLongest(root int) int {
	var down [2 * maxNet]int8 // longest way down from each node
	var order, parent [2 * maxNet]int8
	order[0], parent[root] = int8(root), -1
	n := 1
	for i := 0; i < n; i++ {
		u := int(order[i])
		for _, a := range r.adj[u][:r.deg[u]] {
			if a.to != parent[u] {
				parent[a.to] = int8(u)
				order[n] = a.to
				n++
			}
		}
	}
	best := 0
	for i := n - 1; i >= 0; i-- {
		u := int(order[i])
		first, second := 0, 0
		for _, a := range r.adj[u][:r.deg[u]] {
			if a.to == parent[u] {
				continue
			}
			switch d := int(down[a.to]) + 1; {
			case d > first:
				first, second = d, first
			case d > second:
				second = d
			}
		}
		down[u] = int8(first)
		best = max(best, first+second)
	}
	return best
}

// loopLongest returns the longest trail of part p, which has a loop. Its
// runs of nodes of degree 2 become single links, as long as the run,
// between the other nodes, the junctions (degree 1 or 3); a part without
// junctions is a ring, whose longest trail takes every piece. The
// junctions then go to junctions.longest.
func (r *routeGraph) loopLongest(p int) int {
	pt := &r.partOf[p]
	var j junctions
	var id [2 * maxNet]int8 // junction index + 1
	for v := int(pt.first); v < r.nodes; v++ {
		if r.part[v] == uint8(p) && r.deg[v] != 2 {
			j.n++
			id[v] = int8(j.n)
		}
	}
	if j.n == 0 {
		return int(pt.pieces)
	}
	var walked uint32
	for v := int(pt.first); v < r.nodes; v++ {
		if id[v] == 0 {
			continue
		}
		for _, a := range r.adj[v][:r.deg[v]] {
			if walked&(1<<a.piece) != 0 {
				continue
			}
			walked |= 1 << a.piece
			w, last, n := int(a.to), a.piece, 1
			for r.deg[w] == 2 {
				b := r.adj[w][0]
				if b.piece == last {
					b = r.adj[w][1]
				}
				walked |= 1 << b.piece
				w, last, n = int(b.to), b.piece, n+1
			}
			j.link(int(id[v])-1, int(id[w])-1, n)
		}
	}
	// Euler: a trail leaves unused at least one piece for each pair of
	// odd nodes beyond its two ends, so none is longer than bound.
	j.bound = int(pt.pieces) - (int(pt.odd)-2)/2
	return j.longest(int(pt.pieces))
}

// junctions is the graph of loopLongest: the junctions of a part, joined
// by links as long as the runs of pieces between them.
type junctions struct {
	n, links int
	deg      [2 * maxNet]uint8
	adj      [2 * maxNet][3]junctionLink

	// What longest works out: the links peeled off, every junction's
	// two longest ways into the trees peeled off it (down, in different
	// links), the longest of those at the junctions left, and the longest
	// trail found.
	peeled uint64
	down   [2 * maxNet][2]int8
	maxEnd int
	best   int
	bound  int // no trail is longer (loopLongest)
}

// junctionLink is one link seen from one of its ends.
type junctionLink struct {
	link, to, len int8
}

// link joins junctions a and b by a run of n pieces (a ring from a back to
// a is one link seen twice from a).
func (j *junctions) link(a, b, n int) {
	k := int8(j.links)
	j.links++
	j.adj[a][j.deg[a]] = junctionLink{link: k, to: int8(b), len: int8(n)}
	j.deg[a]++
	j.adj[b][j.deg[b]] = junctionLink{link: k, to: int8(a), len: int8(n)}
	j.deg[b]++
}

// longest returns the longest trail of the junction graph, whose links
// hold pieces pieces. Trees hanging off the graph's loops are peeled off
// first, leaf by leaf: a trail enters such a tree at most once, so only at
// its start or its end, and the longest way into the trees at each
// junction left (down) stands for them. A trail inside the trees is a
// path, whose longest bends at some junction through its two longest ways
// down. The trails over the junctions left (the core, a few) are then
// searched from each of them, with the ways down at both ends.
func (j *junctions) longest(pieces int) int {
	var left [2 * maxNet]uint8 // links not peeled, per junction
	var queue [2 * maxNet]int8
	n := 0
	for v := 0; v < j.n; v++ {
		left[v] = j.deg[v]
		if left[v] == 1 {
			queue[n] = int8(v)
			n++
		}
	}
	inCore := pieces
	for i := 0; i < n; i++ {
		u := int(queue[i])
		j.best = max(j.best, int(j.down[u][0])+int(j.down[u][1]))
		for _, l := range j.adj[u][:j.deg[u]] {
			if j.peeled&(1<<l.link) != 0 {
				continue
			}
			j.peeled |= 1 << l.link
			inCore -= int(l.len)
			w := int(l.to)
			j.addDown(w, int(l.len)+int(j.down[u][0]))
			left[w]--
			if left[w] == 1 {
				queue[n] = int8(w)
				n++
			}
		}
	}
	for v := 0; v < j.n; v++ {
		if left[v] > 1 {
			j.maxEnd = max(j.maxEnd, int(j.down[v][0]))
		}
	}
	for v := 0; v < j.n && j.best < j.bound; v++ {
		if left[v] > 1 {
			j.search(v, v, int(j.down[v][0]), inCore, j.peeled)
		}
	}
	return j.best
}

// addDown records a way of length d into a tree peeled off junction v.
func (j *junctions) addDown(v, d int) {
	switch x := int8(d); {
	case x > j.down[v][0]:
		j.down[v] = [2]int8{x, j.down[v][0]}
	case x > j.down[v][1]:
		j.down[v][1] = x
	}
}

// search walks every trail over the core from junction start, now at v,
// acc pieces long so far (the way down at start included), over links not
// in used, keeping in best the longest with the way down at its end (the
// second longest when it ends where it began); left counts the core's
// pieces not yet taken, so that a trail that cannot beat best stops.
func (j *junctions) search(start, v, acc, left int, used uint64) {
	end := int(j.down[v][0])
	if v == start {
		end = int(j.down[v][1])
	}
	j.best = max(j.best, acc+end)
	if acc+left+j.maxEnd <= j.best || j.best >= j.bound {
		return
	}
	for _, l := range j.adj[v][:j.deg[v]] {
		if used&(1<<l.link) == 0 {
			j.search(start, int(l.to), acc+int(l.len), left-int(l.len), used|1<<l.link)
		}
	}
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
