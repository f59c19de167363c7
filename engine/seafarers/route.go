package seafarers

import (
	"math/bits"

	"github.com/elasund/elasund/engine/seafarers/board"
)

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
// In a part without a loop (a tree) it is the longest path, found in two
// sweeps (treeLongest); in a part with loops, a search over its junctions
// (loopLongest).
func (g *Game) routeLength(s int) int {
	var key routeKey
	h := g.readRouteKey(s, &key)
	if g.routes == nil {
		g.routes = new(routeMemo)
	}
	i := h >> (64 - routeBits)
	m := g.routes
	if m.hashes[i] == h && m.keys[i] == key {
		return int(m.lens[i])
	}
	last := &m.last[s&3]
	if !last.valid || !last.r.follow(g, &last.key, &key) {
		last.valid, last.key = true, key
		last.r = routeGraph{}
		last.r.build(g, s)
	}
	l := last.r.longest()
	m.keys[i], m.hashes[i], m.lens[i] = key, h, int8(l)
	return l
}

// routeMemo remembers route lengths by what they were worked out from
// (routeKey), a slot each by the top bits of its hash, kept beside it so
// that a slot holding another key is passed over without comparing the
// keys: random play moves a ship back and forth, and a network comes
// back. A slot not yet written holds the key without pieces, whose hash
// is 0 and length 0. A game and its scratch copies share one; a clone
// starts its own.
type routeMemo struct {
	keys   [routeSlots]routeKey
	hashes [routeSlots]uint64
	lens   [routeSlots]int8

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

// routeKey is all routeLength reads: the seat's roads, ships and
// buildings, and the other seats' buildings.
type routeKey struct {
	roads, ships edgeSet
	mine, others cornerSet
}

// readRouteKey writes into key what seat s's route length is worked out
// from, in place (a key returned is copied on its way), and returns the
// key's hash: a mix of its words, whose top routeBits bits are its memo
// slot.
func (g *Game) readRouteKey(s int, key *routeKey) uint64 {
	b := &g.sets.buildings
	key.roads, key.ships, key.mine = g.sets.roads[s], g.sets.ships[s], b[s]
	// The other seats' buildings are every seat's but s's (a corner holds
	// one building; the sets of seats not in play are empty).
	key.others[0] = (b[0][0] | b[1][0] | b[2][0] | b[3][0]) &^ key.mine[0]
	key.others[1] = (b[0][1] | b[1][1] | b[2][1] | b[3][1]) &^ key.mine[1]
	h := mix(mix(mix(mix(mix(0, key.roads[0]), key.roads[1]), key.roads[2]), key.ships[0]), key.ships[1])
	return mix(mix(mix(mix(mix(h, key.ships[2]), key.mine[0]), key.mine[1]), key.others[0]), key.others[1])
}

// routeSlots is how many lengths a routeMemo holds, a slot each by the
// top routeBits bits of its key's hash: a seat's networks come back more
// often than a ship shape: in random wonders-of-catan games 256 slots
// find one length in five, where 64 found one in six (1,024 or 4,096 do
// not pay more).
const (
	routeBits  = 8
	routeSlots = 1 << routeBits
)

// mix adds word w to hash h, a step of a memo's slot hash
// (readRouteKey, shapeKey.slot).
func mix(h, w uint64) uint64 { return (h ^ w) * 0x9e3779b97f4a7c15 }

// routeLengthOf works routeLength out from nothing.
func routeLengthOf(g *Game, s int) int {
	var r routeGraph
	r.build(g, s)
	return r.longest()
}

// maxNodes bounds the nodes of a routeGraph, a bit each in a word: build
// makes at most two a piece, and follow builds again before there are more.
const maxNodes = 64

// routeGraph is one seat's roads and ships as the graph of routeLength.
// One edge joins two corners, so two nodes share at most one piece, and a
// node's pieces are known by its neighbours (nbr): parts, paths and runs
// are walked as sets of nodes, a word at a time.
type routeGraph struct {
	nbr [maxNodes]uint64 // each node's neighbours
	// odd holds the nodes of degree 1 or 3, multi those of degree 2 or 3
	// (no corner has more than three edges); a node in neither has no
	// pieces (follow moved them away).
	odd, multi    uint64
	nodes, pieces int // nodes numbered, pieces laid

	// Where the pieces lie, for follow: the node of each corner as build
	// numbers them, the nodes of each edge with a piece, and whether
	// build left pieces out (more than maxNet, only by edits).
	node      [maxCorners][2]int8
	at        [maxEdges][2]int8
	truncated bool

	// The parts longest found, and the nodes whose pieces changed since
	// (by follow): a part without such a node is the same.
	parts    [maxNet]routePart
	numParts int
	changed  uint64
}

// routePart is one part (connected component) of a routeGraph.
type routePart struct {
	nodes              uint64
	far                int8 // a node farthest from its lowest
	pieces, odd, bound int8
	trail              int8 // its longest trail, -1 until worked out
}

// longest returns the longest trail of r, part by part, the parts in the
// order of the most a trail of each could take (Euler's bound, bound), so
// that the search stops at the first part that cannot beat the longest
// found. The parts whose nodes kept their pieces since the last call are
// the same, and so are their trails: only the others are found again.
func (r *routeGraph) longest() int {
	n := 0
	var kept uint64
	for _, pt := range r.parts[:r.numParts] {
		if pt.nodes&r.changed == 0 {
			r.parts[n] = pt
			n++
			kept |= pt.nodes
		}
	}
	// The other nodes with pieces make the other parts, each found from
	// its lowest node. Of each part it counts the nodes of odd degree and
	// the pieces (half the sum of the degrees). Its bound is the most
	// pieces a trail of it can take: all of them with at most two nodes of
	// odd degree, else one less for each pair of odd nodes beyond two
	// (Euler: a trail leaves a piece unused at each of them).
	for left := (r.odd | r.multi) &^ kept; left != 0; n++ {
		nodes, last, _ := r.reach(bits.TrailingZeros64(left))
		left &^= nodes
		odd := bits.OnesCount64(nodes & r.odd)
		pieces := (odd + 2*bits.OnesCount64(nodes&r.multi)) / 2
		pt := routePart{
			nodes:  nodes,
			far:    int8(bits.TrailingZeros64(last)),
			pieces: int8(pieces),
			odd:    int8(odd),
			bound:  int8(pieces - max(0, odd-2)/2),
			trail:  -1,
		}
		i := n
		for ; i > 0 && r.parts[i-1].bound < pt.bound; i-- {
			r.parts[i] = r.parts[i-1]
		}
		r.parts[i] = pt
	}
	r.numParts, r.changed = n, 0
	best := 0
	for i := 0; i < n && int(r.parts[i].bound) > best; i++ {
		pt := &r.parts[i]
		if pt.trail < 0 {
			switch {
			case pt.odd <= 2:
				// Euler: a connected graph with at most two nodes of odd
				// degree has a trail over all its pieces.
				pt.trail = pt.pieces
			case int(pt.pieces) == bits.OnesCount64(pt.nodes)-1:
				pt.trail = int8(r.treeLongest(pt))
			default:
				pt.trail = int8(r.loopLongest(pt))
			}
		}
		best = max(best, int(pt.trail))
	}
	return best
}

// reach returns the nodes reached from node v, the last of them reached
// (those farthest from v) and how many pieces away they are.
func (r *routeGraph) reach(v int) (nodes, last uint64, far int) {
	nodes, last = 1<<v, 1<<v
	for {
		var next uint64
		for ring := last; ring != 0; ring &= ring - 1 {
			next |= r.nbr[bits.TrailingZeros64(ring)]
		}
		next &^= nodes
		if next == 0 {
			return nodes, last, far
		}
		nodes |= next
		last = next
		far++
	}
}

// treeLongest returns the longest path of part pt, a tree: a node
// farthest from any node ends a longest path (pt.far, from its lowest),
// and the path runs to a node farthest from it.
func (r *routeGraph) treeLongest(pt *routePart) int {
	_, _, far := r.reach(int(pt.far))
	return far
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
			r.add(g, e, k, mine, &others)
			r.pieces++
		}
	}
}

// add lays edge e, a road (k 0) or a ship (k 1), between its nodes, given
// the seat's buildings (mine) and the other seats' (others).
func (r *routeGraph) add(g *Game, e, k int, mine, others *cornerSet) {
	ends := g.cfg.geo.edgeEnds[e]
	a := r.nodeAt(int(ends[0]&127), k, mine, others)
	b := r.nodeAt(int(ends[1]&127), k, mine, others)
	r.nbr[a] |= 1 << b
	r.nbr[b] |= 1 << a
	r.changed |= 1<<a | 1<<b
	r.raise(1<<a | 1<<b)
	r.at[e] = [2]int8{int8(a), int8(b)}
}

// nodeAt returns the node at corner c of a piece of kind k laid there
// (add), numbering a new one where it has none: a node of its own at
// another seat's building, the corner's one node at the seat's. Nodes
// number below maxNodes (build and follow keep room), which the masks
// tell the compiler.
func (r *routeGraph) nodeAt(c, k int, mine, others *cornerSet) uint8 {
	if others.has(c) {
		r.nodes++
		return uint8(r.nodes-1) & 63
	}
	n := &r.node[c][k&^int(mine[c>>6]>>(c&63))&1]
	if *n == 0 {
		r.nodes++
		*n = int8(r.nodes)
	}
	return uint8(*n-1) & 63
}

// raise and lower move the nodes of bits v one piece up or down in odd
// and multi, which hold each node's degree (0 to 3) as its two bits: up,
// a node of degree 1 or 3 (odd) becomes one of 2 or more; down, a node of
// degree 2 (multi, not odd) becomes one of 1. Each bit is its own node's,
// so the two ends of a piece move at once. recount works a node's bits
// out from its neighbours instead.
func (r *routeGraph) raise(v uint64) {
	r.multi |= r.odd & v
	r.odd ^= v
}

func (r *routeGraph) lower(v uint64) {
	r.multi &^= v &^ r.odd
	r.odd ^= v
}

// recount puts node v in odd and multi by its degree.
func (r *routeGraph) recount(v int8) {
	d := uint64(bits.OnesCount64(r.nbr[v]))
	r.odd = r.odd&^(1<<v) | (d&1)<<v
	r.multi = r.multi&^(1<<v) | (d>>1)<<v
}

// follow makes r, the graph of key was, the graph of key now, and reports
// whether it did (else r is to be built again): the pieces gone are
// lifted off their nodes; at a new building of the seat its road and ship
// nodes there become one (join), at another seat's each of its pieces
// there ends in a node of its own (split); the new pieces are laid on
// their edges. A building taken away (only by edits), a graph that left
// pieces out, or no room for the new nodes, and it does not. Nodes left
// without pieces stay, in no part.
func (r *routeGraph) follow(g *Game, was, now *routeKey) bool {
	if r.truncated {
		return false
	}
	// The pieces gone are lifted at once (a graph that does not follow is
	// built again); those laid (edge<<1 | kind) are laid once r is known
	// to hold them.
	var laid [maxNet]uint16
	lifts, lays := 0, 0
	for i := range was.roads {
		roads, ships := was.roads[i]^now.roads[i], was.ships[i]^now.ships[i]
		if roads|ships == 0 {
			continue
		}
		for gone := roads&was.roads[i] | ships&was.ships[i]; gone != 0; gone &= gone - 1 {
			r.lift(i<<6 + bits.TrailingZeros64(gone))
			lifts++
		}
		for w := roads & now.roads[i]; w != 0; w &= w - 1 {
			if lays == maxNet {
				return false
			}
			laid[lays] = uint16(i<<6+bits.TrailingZeros64(w)) << 1
			lays++
		}
		for w := ships & now.ships[i]; w != 0; w &= w - 1 {
			if lays == maxNet {
				return false
			}
			laid[lays] = uint16(i<<6+bits.TrailingZeros64(w))<<1 | 1
			lays++
		}
	}
	pieces := r.pieces - lifts + lays
	if pieces > maxNet || r.nodes+2*lays > maxNodes {
		return false
	}
	if (was.mine != now.mine || was.others != now.others) && !r.followBuildings(g, was, now, maxNodes-2*lays) {
		return false
	}
	for _, p := range laid[:lays] {
		r.add(g, int(p>>1), int(p&1), &now.mine, &now.others)
	}
	r.pieces = pieces
	*was = *now
	return true
}

// followBuildings makes r, the graph of key was without the pieces not in
// key now, follow the new buildings of key now, and reports whether it
// did: not when a building was taken away or the nodes would not stay
// within room.
func (r *routeGraph) followBuildings(g *Game, was, now *routeKey, room int) bool {
	joined, split := now.mine, now.others
	joined.andNot(&was.mine)
	split.andNot(&was.others)
	lostMine, lostOthers := was.mine, was.others
	lostMine.andNot(&now.mine)
	lostOthers.andNot(&now.others)
	splits := bits.OnesCount64(split[0]) + bits.OnesCount64(split[1])
	if lostMine != (cornerSet{}) || lostOthers != (cornerSet{}) || r.nodes+2*splits > room {
		return false
	}
	kept := [2]edgeSet{was.roads, was.ships}
	kept[0].and(&now.roads)
	kept[1].and(&now.ships)
	for c := joined.next(0); c >= 0; c = joined.next(c + 1) {
		r.join(g, c, &kept[1])
	}
	for c := split.next(0); c >= 0; c = split.next(c + 1) {
		r.split(g, c, &kept)
	}
	return true
}

// join makes the seat's road and ship nodes at corner c one, where it
// built (S53): the ships there (of ships) move to the road node.
func (r *routeGraph) join(g *Game, c int, ships *edgeSet) {
	road, ship := r.node[c][0]-1, r.node[c][1]-1
	r.node[c][1] = 0
	switch {
	case ship < 0:
		return
	case road < 0:
		r.node[c][0] = ship + 1
		return
	}
	at := g.cfg.geo.cornerEdges[c]
	at.and(ships)
	for e := at.next(0); e >= 0; e = at.next(e + 1) {
		i := endAt(g, e, c)
		w := r.at[e][1-i]
		r.nbr[w] = r.nbr[w]&^(1<<ship) | 1<<road
		r.nbr[road] |= 1 << w
		r.at[e][i] = road
		r.changed |= 1 << w
	}
	r.nbr[ship] = 0
	r.changed |= 1<<road | 1<<ship
	r.recount(road)
	r.recount(ship)
}

// split gives each of the seat's pieces at corner c (of pieces, roads and
// ships), where another seat built, a node of its own (S53): the first of
// each kind keeps the node it had.
func (r *routeGraph) split(g *Game, c int, pieces *[2]edgeSet) {
	for k := range pieces {
		x := r.node[c][k] - 1
		r.node[c][k] = 0
		at := g.cfg.geo.cornerEdges[c]
		at.and(&pieces[k])
		if x < 0 || at == (edgeSet{}) {
			continue
		}
		for e := at.next(at.next(0) + 1); e >= 0; e = at.next(e + 1) {
			i := endAt(g, e, c)
			w, y := r.at[e][1-i], int8(r.nodes)
			r.nodes++
			r.nbr[x] &^= 1 << w
			r.nbr[w] = r.nbr[w]&^(1<<x) | 1<<y
			r.nbr[y] = 1 << w
			r.at[e][i] = y
			r.changed |= 1<<x | 1<<y | 1<<w
			r.recount(x)
			r.recount(y)
		}
	}
}

// endAt returns which end of edge e corner c is.
func endAt(g *Game, e, c int) int {
	if int(g.cfg.geo.edgeEnds[e][0]) == c {
		return 0
	}
	return 1
}

// lift takes the piece on edge e, which r holds (it was built or followed
// from a key with it, without leaving pieces out), off its nodes.
func (r *routeGraph) lift(e int) {
	a, b := uint8(r.at[e][0])&63, uint8(r.at[e][1])&63
	r.nbr[a] &^= 1 << b
	r.nbr[b] &^= 1 << a
	r.changed |= 1<<a | 1<<b
	r.lower(1<<a | 1<<b)
}

// loopLongest returns the longest trail of part pt, which has a loop and
// more than two nodes of odd degree. Most often what is left of it after
// peeling its trees is one ring (ringLongest); else its runs of nodes of
// degree 2 become single links, as long as the run, between the other
// nodes, the junctions (degree 1 or 3), which go to junctions.longest.
func (r *routeGraph) loopLongest(pt *routePart) int {
	if l, ok := r.ringLongest(pt); ok {
		return l
	}
	var j junctions
	r.linkJunctions(pt, &j)
	return j.longest(int(pt.pieces))
}

// ringLongest returns the longest trail of part pt, which has a loop, and
// true, if what is left of it after its trees are peeled off, leaf by
// leaf, is one ring. A trail enters a tree at most once, so only at its
// start or its end, by the longest way down from the ring (down); a trail
// inside the trees is a path, whose longest bends at some node through its
// two longest ways down. A trail over the ring goes from one node where a
// tree hangs to another the longer way round, or once round from one back
// to it (each node of the ring has one tree at most).
func (r *routeGraph) ringLongest(pt *routePart) (int, bool) {
	var down [maxNodes][2]int8 // the two longest ways down, into different trees
	best, peeled := 0, 0
	left := pt.nodes
	for leaves := pt.nodes & r.odd &^ r.multi; leaves != 0; {
		left &^= leaves
		var parents uint64
		for l := leaves; l != 0; l &= l - 1 {
			u := bits.TrailingZeros64(l)
			peeled++
			best = max(best, int(down[u][0])+int(down[u][1]))
			p := bits.TrailingZeros64(r.nbr[u] & left)
			parents |= 1 << p
			switch d := down[u][0] + 1; {
			case d > down[p][0]:
				down[p] = [2]int8{d, down[p][0]}
			case d > down[p][1]:
				down[p][1] = d
			}
		}
		leaves = 0
		for ps := parents; ps != 0; ps &= ps - 1 {
			p := bits.TrailingZeros64(ps)
			if on := r.nbr[p] & left; on&(on-1) == 0 { // one piece left: p is a leaf now
				leaves |= 1 << p
			}
		}
	}
	// Peeling leaves what is left connected, every node on two pieces or
	// more: one ring when it has as many pieces as nodes.
	ring := int(pt.pieces) - peeled
	if ring != bits.OnesCount64(left) {
		return 0, false
	}
	var hung [maxNodes]int8  // the ring's nodes where a tree hangs, in order round it
	var along [maxNodes]int8 // how far round from the first node each is
	k := 0
	first := bits.TrailingZeros64(left)
	var from uint64 // the node last left, none at first: either way round
	for v, far := first, 0; ; far++ {
		if down[v][0] > 0 {
			hung[k], along[k] = int8(v), int8(far)
			k++
		}
		next := r.nbr[v] & left &^ from
		from, v = 1<<v, bits.TrailingZeros64(next)
		if v == first {
			break
		}
	}
	for a := 0; a < k; a++ {
		d := int(down[hung[a]][0])
		best = max(best, ring+d)
		for b := a + 1; b < k; b++ {
			arc := int(along[b] - along[a])
			best = max(best, max(arc, ring-arc)+d+int(down[hung[b]][0]))
		}
	}
	return best, true
}

// linkJunctions fills j with the junctions of part pt and the links
// between them.
func (r *routeGraph) linkJunctions(pt *routePart, j *junctions) {
	joints := pt.nodes & r.odd
	j.n = bits.OnesCount64(joints)
	index := func(v int) int { return bits.OnesCount64(joints & (1<<v - 1)) }
	var walked uint64 // the nodes of degree 2 on the runs linked
	for js := joints; js != 0; js &= js - 1 {
		v := bits.TrailingZeros64(js)
		for next := r.nbr[v]; next != 0; next &= next - 1 {
			w := bits.TrailingZeros64(next)
			switch {
			case joints&(1<<w) != 0:
				if w < v {
					continue // linked from w
				}
				j.link(index(v), index(w), 1)
			case walked&(1<<w) == 0:
				// A run, walked to its other end (v itself for a ring
				// from v); seen from there, its first node is walked.
				from, n := v, 1
				for joints&(1<<w) == 0 {
					walked |= 1 << w
					from, w, n = w, bits.TrailingZeros64(r.nbr[w]&^(1<<from)), n+1
				}
				j.link(index(v), index(w), n)
			}
		}
	}
	// Euler: a trail leaves unused at least one piece for each pair of
	// odd nodes beyond its two ends, so none is longer than bound.
	j.bound = int(pt.bound)
}

// junctions is the graph of loopLongest: the junctions of a part, joined
// by links as long as the runs of pieces between them.
type junctions struct {
	n, links int
	deg      [2 * maxNet]uint8
	adj      [2 * maxNet][3]junctionLink

	// The same links for search: those at each junction, a bit each, and
	// of each link its length and its two ends xor-ed (the other end of
	// link l from v is v ^ across[l]; a ring's is v itself), by the bit.
	at     [2 * maxNet]uint64
	across [64]uint8
	length [64]int8

	// What longest works out: the links peeled off, every junction's
	// two longest ways into the trees peeled off it (down, in different
	// links), the longest way down where searchCore's trails may end, and
	// the longest trail found.
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
	j.at[a] |= 1 << k
	j.at[b] |= 1 << k
	j.across[k], j.length[k] = uint8(a^b), int8(n)
}

// longest returns the longest trail of the junction graph, whose links
// hold pieces pieces. Trees hanging off the graph's loops are peeled off
// first (peel), and the longest way into the trees at each junction left
// (down) stands for them. The trails over the junctions left (the core, a
// few; never one ring, which routeGraph.ringLongest takes before) are
// searched from each of them (searchCore).
func (j *junctions) longest(pieces int) int {
	var left [2 * maxNet]uint8 // links not peeled, per junction
	core := j.peel(pieces, &left)
	return j.searchCore(&left, core)
}

// peel peels the trees off the graph's loops, leaf by leaf, and returns
// the pieces left, on the core, with the links left at each junction
// (left). A trail enters such a tree at most once, so only at its start or
// its end, by the longest way down at its junction on the core; a trail
// inside the trees is a path, whose longest bends at some junction through
// its two longest ways down (best).
func (j *junctions) peel(pieces int, left *[2 * maxNet]uint8) int {
	var queue [2 * maxNet]int8
	n := 0
	for v := 0; v < j.n; v++ {
		left[v] = j.deg[v]
		if left[v] == 1 {
			queue[n] = int8(v)
			n++
		}
	}
	core := pieces
	for i := 0; i < n; i++ {
		u := int(queue[i])
		j.best = max(j.best, int(j.down[u][0])+int(j.down[u][1]))
		for _, l := range j.adj[u][:j.deg[u]] {
			if j.peeled&(1<<l.link) != 0 {
				continue
			}
			j.peeled |= 1 << l.link
			core -= int(l.len)
			w := int(l.to)
			j.addDown(w, int(l.len)+int(j.down[u][0]))
			left[w]--
			if left[w] == 1 {
				queue[n] = int8(w)
				n++
			}
		}
	}
	return core
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

// searchCore returns the longest trail of the graph after peel, searched
// over the core from each of its junctions, with the ways down at both
// ends. The junctions with the longest ways down start first: a trail
// ending at a junction that started was found from there, so a search
// looks for ends only at those that have not, whose ways down are no
// longer than its start's (maxEnd).
func (j *junctions) searchCore(left *[2 * maxNet]uint8, core int) int {
	var waiting uint64 // the junctions of the core not yet started from
	var odd uint64     // those with an odd number of links left
	for v := 0; v < j.n; v++ {
		if left[v] > 1 {
			waiting |= 1 << v
			odd |= uint64(left[v]&1) << v
		}
	}
	for waiting != 0 && j.best < j.bound {
		v := -1
		for w := waiting; w != 0; w &= w - 1 {
			if u := bits.TrailingZeros64(w); v < 0 || j.down[u][0] > j.down[v][0] {
				v = u
			}
		}
		waiting &^= 1 << v
		j.maxEnd = int(j.down[v][0])
		j.search(v, v, j.maxEnd, core, j.peeled, odd)
	}
	return j.best
}

// search walks every trail over the core from junction start, now at v,
// acc pieces long so far (the way down at start included), over links not
// in used, keeping in best the longest with the way down at its end (the
// second longest when it ends where it began). The core's pieces not yet
// taken (left) and its junctions with an odd number of links not taken
// (odd) bound the rest of a trail, so that one that cannot beat best with
// a way down of maxEnd at its end stops: a trail from v leaves a link
// untaken for each pair of odd junctions beyond two (Euler). Where one
// link only is left to take (most junctions of a core have a tree and two
// links), the trail is walked on rather than searched.
func (j *junctions) search(start, v, acc, left int, used, odd uint64) {
	var free uint64 // the links at v not taken
	for {
		end := int(j.down[v][0])
		if v == start {
			end = int(j.down[v][1])
		}
		j.best = max(j.best, acc+end)
		rest := left - max(0, bits.OnesCount64(odd)-2)/2
		if acc+rest+j.maxEnd <= j.best || j.best >= j.bound {
			return
		}
		free = j.at[v] &^ used
		if free&(free-1) != 0 {
			break
		}
		if free == 0 {
			return
		}
		l := bits.TrailingZeros64(free) & 63
		w := v ^ int(j.across[l])
		acc, left = acc+int(j.length[l]), left-int(j.length[l])
		used, odd = used|free, odd^1<<v^1<<w
		v = w
	}
	for ; free != 0; free &= free - 1 {
		l := bits.TrailingZeros64(free) & 63
		w, n := v^int(j.across[l]), int(j.length[l])
		j.search(start, w, acc+n, left-n, used|free&-free, odd^1<<v^1<<w)
	}
}

// longestUsed reports whether the Longest Trade Route card is used (S84).
func (g *Game) longestUsed() bool {
	return g.cfg.scenario != board.ClothForCatan && g.cfg.scenario != board.PirateIslands
}

// updateRoutes recomputes trade-route lengths — seat s's, or every seat's
// when all is set — and the Longest Trade Route card (S82).
func (g *Game) updateRoutes(s int, all bool) {
	changed := false
	if all {
		for o := range g.players {
			changed = g.setRoute(o) || changed
		}
	} else {
		changed = g.setRoute(s)
	}
	if changed {
		g.longest = g.longestHolder(g.longest)
	}
}

// updateRoutesAt recomputes the trade routes after seat s's settlement on
// corner c: s's (it may join its roads and ships there) and those of the
// seats with a piece ending at c, which it may cut (S81, S82).
func (g *Game) updateRoutesAt(s, c int) {
	changed := false
	for o := range g.players {
		at := o == s
		for _, e := range g.b.CornerEdges(c) {
			at = at || g.edges[e].owner() == o
		}
		if at {
			changed = g.setRoute(o) || changed
		}
	}
	if changed {
		g.longest = g.longestHolder(g.longest)
	}
}

// setRoute works seat s's trade-route length out again and reports
// whether it changed. While no length changes, the holder of Longest
// Trade Route stays: it is one longestHolder gives for the lengths as
// they are (Check holds a loaded or edited game to that, and play keeps
// it), and longestHolder gives its own answer back.
func (g *Game) setRoute(s int) bool {
	l := g.routeLength(s)
	if l == g.players[s].route {
		return false
	}
	g.players[s].route = l
	return true
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
