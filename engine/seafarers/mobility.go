package seafarers

import "math/bits"

// mobileShips returns seat s's ships that may move now (S59): those
// whose place in the seat's ships lets them move (shipShape), less those
// built this turn (S60) and those beside the pirate (S45); with the rest
// of the seat's shape. The shape depends only on the seat's own ships and
// anchors, so it is remembered by them (shapeMemo): not worked out again
// for the seat's roads or cities, the other seats' pieces, or a ship moved
// back.
func (g *Game) mobileShips(s int) shape {
	key := shapeKey{ships: g.sets.ships[s], anchors: g.anchors(s)}
	if g.shapes == nil {
		g.shapes = new(shapeMemo)
	}
	m, i := g.shapes, key.slot()
	if !m.full[i] || m.keys[i] != key {
		m.keys[i], m.full[i] = key, true
		m.shapes[i] = g.shipShape(s, &key.anchors)
	}
	sh := m.shapes[i]
	out := &sh.mobile
	for e := out.next(0); e >= 0; e = out.next(e + 1) {
		if int(g.edges[e].built) == g.turn {
			out.remove(e)
		}
	}
	if p := g.pirateHex(); p >= 0 {
		out.andNot(&g.cfg.geo.hexSides[p])
	}
	return sh
}

// shape is what the ships of a seat make (shipShape).
type shape struct {
	mobile edgeSet   // the ships whose place lets them move (S57, S58)
	ends   cornerSet // the corners the ships end at
	single cornerSet // those of ends with one ship and no building
	near   edgeSet   // the edges at the corners of ends
}

// anchors returns the corners that count as seat s's buildings for S57
// (anchor): its settlements and cities and the villages it trades with.
func (g *Game) anchors(s int) cornerSet {
	out := g.sets.buildings[s]
	for i := range g.villages {
		if c := g.cfg.villages[i].corner; c >= 0 && g.villages[i].connected&(1<<s) != 0 {
			out.add(c)
		}
	}
	return out
}

// shapeMemo remembers ship shapes (shipShape) by the ships and anchors
// they were worked out from, a slot each by their hash; a game and its
// scratch copies share one, a clone starts its own.
type shapeMemo struct {
	keys   [memoSlots]shapeKey
	shapes [memoSlots]shape
	full   [memoSlots]bool
}

// shapeKey is all shipShape reads: the seat's ships and anchors.
type shapeKey struct {
	ships   edgeSet
	anchors cornerSet
}

// slot returns the memo slot of k, by a hash of its words.
func (k *shapeKey) slot() int {
	return memoSlot(k.ships[0], k.ships[1], k.ships[2], k.anchors[0], k.anchors[1])
}

// shipShape returns seat s's end ships (S58) that are not closed (S57),
// with the rest of the seat's shape: the corners the ships end at, those
// of them where one ship ends and no building of the seat stands, and the
// edges at those corners. anchors are the seat's anchors (anchors). Most
// seats' ships make no loop: forestShape answers at once; else treeShape.
func (g *Game) shipShape(s int, anchors *cornerSet) shape {
	if sh, ok := g.forestShape(s, anchors); ok {
		return sh
	}
	return g.treeShape(s, anchors)
}

// treeShape is shipShape for any ships. Where a group of the seat's ships (ships joined at corners) has no loop,
// it is a tree: a ship is closed when both sides of it reach an anchor,
// and an end ship when an end holds neither the seat's building nor
// another of its ships (shipTree). In a group with a loop the searches of
// shipGraph decide, the end ship first (most ships of a loop are none).
// anchors are the seat's anchors (anchors). The rest of the shape are
// the corners the ships end at (the tree's nodes), those of them where one
// ship ends and no building of the seat stands (the nodes where a ship is
// free, or singleEnds when the tree could not hold every ship) and the
// edges at those corners.
func (g *Game) treeShape(s int, anchors *cornerSet) shape {
	var t shipTree
	var sh shape
	sh.ends = t.build(g, s, anchors)
	sh.near = g.edgesAt(&sh.ends)
	if t.n < maxNet {
		for v := 0; v < t.nodes; v++ {
			if t.free(v) {
				sh.single.add(int(t.corner[v]))
			}
		}
	} else {
		sh.single = g.singleEnds(s, &sh.ends)
	}
	out := &sh.mobile
	for i := 0; i < t.n; i++ {
		e := int(t.edge[i])
		a, b := int(t.end[i][0]), int(t.end[i][1])
		if t.loose(a) || t.loose(b) {
			// An end ship (S58) that no path between anchors can take
			// (S57).
			out.add(e)
			continue
		}
		if t.loop[t.root(a)] {
			if !t.looped {
				t.onLoop, t.onLoopAway = t.loopShips(0), t.loopShips(t.built)
				t.looped = true
			}
			if t.endShip(i) && !t.closedInLoop(i) {
				out.add(e)
			}
			continue
		}
		// An end ship (a free end) that is not closed; most ships have
		// no free end, and their closing is not asked.
		if (t.free(a) || t.free(b)) && !t.closed(i) {
			out.add(e)
		}
	}
	return sh
}

// forestShape returns seat s's ship shape (shipShape) when its ships make
// no loop and no free end of them (one ship, no building) is an anchor;
// ok is false otherwise. Then a ship may move exactly when it has a free
// end: that end is no anchor, so no path between anchors (S57) passes it
// or ends there, and without loops only a free end makes an end ship
// (S58). It takes one pass over the ships, without the graph and the
// searches of treeShape.
func (g *Game) forestShape(s int, anchors *cornerSet) (sh shape, ok bool) {
	var at cornerCount
	var up cornerForest
	edgeEnds := g.cfg.geo.edgeEnds
	for k, w := range g.sets.ships[s] {
		for ; w != 0; w &= w - 1 {
			ends := edgeEnds[k<<6+bits.TrailingZeros64(w)]
			a, b := ends[0], ends[1]
			// A ship to a corner new to the ships joins it to the other
			// end's part; only a ship between two known corners can close
			// a loop.
			switch seenA, seenB := at.add(a), at.add(b); {
			case !seenA:
				up[a] = b + 1
			case !seenB:
				up[b] = a + 1
			case !up.join(a, b):
				return shape{}, false // a loop
			}
		}
	}
	free := at.once
	free.andNot(&at.twice)
	free.andNot(&g.sets.buildings[s])
	if free.meets(anchors) {
		return shape{}, false // a free end that may close a path
	}
	sh.ends, sh.single = at.once, free
	sh.near = g.edgesAt(&at.once)
	sh.mobile = g.edgesAt(&free)
	sh.mobile.and(&g.sets.ships[s])
	return sh, true
}

// cornerCount counts pieces at corners up to two: the corners with one or
// more (once) and those with two or more (twice).
type cornerCount struct {
	once, twice cornerSet
}

// add counts one more piece at corner c, and reports whether c had one.
func (n *cornerCount) add(c uint8) (seen bool) {
	w, bit := c>>6, uint64(1)<<(c&63)
	seen = n.once[w]&bit != 0
	n.twice[w] |= n.once[w] & bit
	n.once[w] |= bit
	return seen
}

// cornerForest is a union-find over corners: each corner's parent, plus
// one, 0 at a root.
type cornerForest [maxCorners]uint8

// join joins the parts of corners a and b, and reports whether they were
// apart.
func (f *cornerForest) join(a, b uint8) bool {
	ra, rb := f.root(a), f.root(b)
	if ra == rb {
		return false
	}
	f[ra] = rb + 1
	return true
}

// root returns the root of corner c's part, shortening the path to it.
func (f *cornerForest) root(c uint8) uint8 {
	for f[c] != 0 {
		p := f[c] - 1
		if f[p] != 0 {
			f[c] = f[p] // skip a step next time
		}
		c = p
	}
	return c
}

// singleEnds returns the corners of ends where exactly one of seat s's
// ships ends and no building of the seat stands, counted at each corner.
func (g *Game) singleEnds(s int, ends *cornerSet) cornerSet {
	var out cornerSet
	for v := ends.next(0); v >= 0; v = ends.next(v + 1) {
		here := g.cfg.geo.cornerEdges[v]
		here.and(&g.sets.ships[s])
		if here.count() == 1 && !g.sets.buildings[s].has(v) {
			out.add(v)
		}
	}
	return out
}

// shipTree is one seat's ships as a graph on the corners they touch, with
// its groups (connected parts), to decide S57 and S58: at once for groups
// that are trees, by searches over the group for groups with a loop.
type shipTree struct {
	n      int                  // ships
	edge   [maxNet]uint8        // each ship's edge
	end    [maxNet][2]int8      // each ship's ends, as nodes
	nodes  int                  // corners touched
	corner [2 * maxNet]uint8    // each node's corner
	deg    [2 * maxNet]uint8    // ships at each node
	adj    [2 * maxNet][3]uint8 // the ships at each node
	anchor [2 * maxNet]bool     // the node is an anchor (S57)
	built  uint64               // the nodes holding the seat's building
	up     [2 * maxNet]int8     // union-find parent
	loop   [2 * maxNet]bool     // per group root: the group has a loop

	// Worked out by walk for a tree group, rooted at its union-find root:
	// the ship towards the root (-1 at the root) and the anchors at or
	// below each node.
	walked [2 * maxNet]bool // per group root
	parent [2 * maxNet]int8
	below  [2 * maxNet]int8

	// Worked out by loopShips once a group has a loop: the ships on a
	// loop, and those on a loop that passes no node of built, a bit each.
	looped             bool
	onLoop, onLoopAway uint32
}

// build fills t with seat s's ships, anchors being the seat's anchors
// (anchors), and returns the corners they end at.
func (t *shipTree) build(g *Game, s int, anchors *cornerSet) (ends cornerSet) {
	var node [maxCorners]uint8 // node + 1
	built := &g.sets.buildings[s]
	edgeEnds := g.cfg.geo.edgeEnds
	ships := &g.sets.ships[s]
	for e := ships.next(0); e >= 0; e = ships.next(e + 1) {
		if t.n == maxNet {
			// More ships than a network holds (only by edits): their
			// ends count, the tree takes no more.
			ends.add(int(edgeEnds[e][0]))
			ends.add(int(edgeEnds[e][1]))
			continue
		}
		var at [2]int8
		for k, c := range edgeEnds[e] {
			if node[c] == 0 {
				ends.add(int(c))
				v := t.nodes
				t.corner[v] = c
				t.up[v] = int8(v)
				t.anchor[v] = anchors.has(int(c))
				if built.has(int(c)) {
					t.built |= 1 << v
				}
				t.nodes++
				node[c] = uint8(t.nodes)
			}
			at[k] = int8(node[c] - 1)
		}
		a, b := at[0], at[1]
		i := t.n
		t.n++
		t.edge[i] = uint8(e)
		t.end[i] = at
		t.adj[a][t.deg[a]] = uint8(i)
		t.deg[a]++
		t.adj[b][t.deg[b]] = uint8(i)
		t.deg[b]++
		ra, rb := t.root(int(a)), t.root(int(b))
		if ra == rb {
			t.loop[ra] = true
		} else {
			t.up[ra] = int8(rb)
			t.loop[rb] = t.loop[rb] || t.loop[ra]
		}
	}
	return ends
}

// root returns the root of node v's group.
func (t *shipTree) root(v int) int {
	for int(t.up[v]) != v {
		t.up[v] = t.up[t.up[v]]
		v = int(t.up[v])
	}
	return v
}

// free reports whether node v is a free end (S58): one ship there and no
// building of the seat.
func (t *shipTree) free(v int) bool {
	return t.deg[v] == 1 && t.built&(1<<v) == 0
}

// loose reports whether node v is a free end (free) that is no anchor
// either: a path of ships between anchors (S57) neither passes it (one ship
// there) nor ends there, so the ship there is an end ship that is not
// closed.
func (t *shipTree) loose(v int) bool {
	return t.free(v) && !t.anchor[v]
}

// other returns the end of ship i that is not node v.
func (t *shipTree) other(i, v int) int {
	if a := int(t.end[i][0]); a != v {
		return a
	}
	return int(t.end[i][1])
}

// endShip reports whether ship i is an end ship (S58, V9): it has a free
// end; or it lies on a loop and one of its ends holds the seat's building;
// or it lies on a loop that passes no corner with the seat's building
// (onLoop, onLoopAway).
func (t *shipTree) endShip(i int) bool {
	a, b := int(t.end[i][0]), int(t.end[i][1])
	if t.free(a) || t.free(b) {
		return true
	}
	if t.built&(1<<a|1<<b) != 0 {
		return t.onLoop&(1<<i) != 0
	}
	return t.onLoopAway&(1<<i) != 0
}

// loopShips returns the ships that lie on a loop of the seat's ships
// passing none of the nodes of avoid, a bit each: the ships with no end
// in avoid that are no bridge of the graph they make (a ship is on a loop
// when its ends stay joined without it). One depth-first walk a group
// finds the bridges (a ship whose far side reaches back no higher than
// its far end).
func (t *shipTree) loopShips(avoid uint64) uint32 {
	var w loopWalk
	w.t, w.avoid = t, avoid
	for v := 0; v < t.nodes; v++ {
		if w.order[v] == 0 && avoid&(1<<v) == 0 {
			w.visit(v, -1)
		}
	}
	return w.kept &^ w.bridges
}

// loopWalk is the depth-first walk of loopShips.
type loopWalk struct {
	t             *shipTree
	avoid         uint64
	n             int8
	order, low    [2 * maxNet]int8 // visit order (from 1) and lowest reached
	kept, bridges uint32
}

// visit walks from node v, entered by ship in (-1 for none).
func (w *loopWalk) visit(v, in int) {
	t := w.t
	w.n++
	w.order[v], w.low[v] = w.n, w.n
	for _, k := range t.adj[v][:t.deg[v]] {
		i := int(k)
		u := t.other(i, v)
		if i == in || w.avoid&(1<<u) != 0 {
			continue
		}
		w.kept |= 1 << i
		if w.order[u] == 0 {
			w.visit(u, i)
			w.low[v] = min(w.low[v], w.low[u])
			if w.low[u] > w.order[v] {
				w.bridges |= 1 << i
			}
			continue
		}
		w.low[v] = min(w.low[v], w.order[u])
	}
}

// reaches reports whether a node for which goal is true can be reached
// from node v over the ships other than i, through no node of seen but v.
func (t *shipTree) reaches(i, v int, seen uint64, goal func(int) bool) bool {
	var stack [2 * maxNet]int8
	stack[0] = int8(v)
	n := 1
	for n > 0 {
		n--
		u := int(stack[n])
		if goal(u) {
			return true
		}
		for _, k := range t.adj[u][:t.deg[u]] {
			if int(k) == i {
				continue
			}
			if w := t.other(int(k), u); seen&(1<<w) == 0 {
				seen |= 1 << w
				stack[n] = int8(w)
				n++
			}
		}
	}
	return false
}

// closedInLoop reports whether ship i, in a group with a loop, is closed
// (S57): it lies on a path of the seat's ships, no corner twice, between
// two different anchors. Every path from one end to an anchor is tried;
// the other end must then reach another anchor without touching it.
func (t *shipTree) closedInLoop(i int) bool {
	a, b := int(t.end[i][0]), int(t.end[i][1])
	return t.closedFrom(i, a, b, 1<<a|1<<b)
}

// closedFrom walks the paths from node v (on holds the path's nodes and
// node b) for closedInLoop.
func (t *shipTree) closedFrom(i, v, b int, on uint64) bool {
	if t.anchor[v] && t.reaches(i, b, on, func(u int) bool { return t.anchor[u] && u != v }) {
		return true
	}
	for _, k := range t.adj[v][:t.deg[v]] {
		if int(k) == i {
			continue
		}
		if w := t.other(int(k), v); on&(1<<w) == 0 && t.closedFrom(i, w, b, on|1<<w) {
			return true
		}
	}
	return false
}

// closed reports whether ship i of a tree group is closed (S57): anchors
// on both sides of it.
func (t *shipTree) closed(i int) bool {
	a, b := int(t.end[i][0]), int(t.end[i][1])
	r := t.root(a)
	if !t.walked[r] {
		t.walk(r)
	}
	// One end is the other's parent; the child's side is what lies below
	// it, the parent's side the rest of the group.
	child := b
	if int(t.parent[a]) == i {
		child = a
	}
	return t.below[child] > 0 && t.below[r]-t.below[child] > 0
}

// walk roots the tree group of root r there and counts, for every node,
// the anchors at or below it.
func (t *shipTree) walk(r int) {
	var order [2 * maxNet]int8
	order[0] = int8(r)
	t.parent[r] = -1
	t.walked[r] = true
	n := 1
	for k := 0; k < n; k++ {
		v := int(order[k])
		for _, i := range t.adj[v][:t.deg[v]] {
			if int(t.parent[v]) == int(i) {
				continue
			}
			w := int(t.end[i][0])
			if w == v {
				w = int(t.end[i][1])
			}
			t.parent[w] = int8(i)
			order[n] = int8(w)
			n++
		}
	}
	for k := n - 1; k >= 0; k-- {
		v := int(order[k])
		if t.anchor[v] {
			t.below[v]++
		}
		if p := t.parent[v]; p >= 0 {
			u := int(t.end[p][0])
			if u == v {
				u = int(t.end[p][1])
			}
			t.below[u] += t.below[v]
		}
	}
}
