package seafarers

import "math/bits"

// mobileShips returns seat s's ships that may move now (S59): those
// whose place in the seat's ships lets them move (shipShape), less those
// built this turn (S60) and those beside the pirate (S45); with the
// seat's whole shape. The shape depends only on the seat's own ships and
// anchors, so it is remembered by them (shapeMemo): not worked out again
// for the seat's roads or cities, the other seats' pieces, or a ship moved
// back. sh is the memo's own: it holds until the memo is asked again.
func (g *Game) mobileShips(s int) (mobile edgeSet, sh *shape) {
	key := shapeKey{ships: g.sets.ships[s], anchors: g.anchors(s)}
	if g.shapes == nil {
		g.shapes = new(shapeMemo)
	}
	m, i := g.shapes, key.slot()
	if !m.full[i] || m.keys[i].ships != key.ships || m.keys[i].anchors != key.anchors {
		m.shapes[i], m.forest[i] = g.newShape(s, &key, m)
		m.keys[i], m.full[i] = key, true
	}
	m.last[s] = uint8(i)
	sh = &m.shapes[i]
	mobile = sh.mobile
	for k, w := range sh.mobile {
		for ; w != 0; w &= w - 1 {
			if e := k<<6 + bits.TrailingZeros64(w); int(g.edges[e].built) == g.turn {
				mobile.remove(e)
			}
		}
	}
	if p := g.pirateHex(); p >= 0 {
		mobile.andNot(&g.cfg.geo.hexSides[p])
	}
	return mobile, sh
}

// newShape returns the ship shape of seat s for key (shipShape), and
// whether its ships make no loop (forestShape answered). A seat's ships
// change a ship at a time (built, moved): when the shape the seat had last
// (m.last) was of ships without a loop and the same anchors, the new one
// is worked out from it (shapeAfter) when it can be and the seat has
// shapeAfterShips ships or more: shapeAfter's work is about the same for
// any ships, forestShape's grows with them.
func (g *Game) newShape(s int, key *shapeKey, m *shapeMemo) (shape, bool) {
	if j := m.last[s]; m.full[j] && m.forest[j] && m.keys[j].anchors == key.anchors && key.ships.count() >= shapeAfterShips {
		if sh, ok := g.shapeAfter(s, &m.shapes[j], &m.keys[j].ships, &key.anchors); ok {
			return sh, true
		}
	}
	if sh, ok := g.forestShape(s, &key.anchors); ok {
		return sh, true
	}
	return g.treeShape(s, &key.anchors), false
}

// shapeAfterShips is how many ships a seat has at least for newShape to
// work its new shape out from its last (shapeAfter): about 570
// instructions, where forestShape takes about 100 and 55 a ship (random
// games, seeds 0-9: in wonders-of-catan 2,542 of the 3,294 shapes not
// remembered were worked out from the last, at 590 instructions where
// forestShape took 850; in cloth-for-catan, with fewer ships, shapeAfter
// cost more than it saved).
const shapeAfterShips = 9

// shapeAfter returns seat s's ship shape worked out from prev, the shape
// forestShape gave of the ships before and the seat's anchors, when the
// seat's ships differ from those by one ship taken away, one added, or
// both, and the ship added ends where no other ship of the seat ends: then
// its ships still make no loop, and the ships ending at a corner change in
// number only at the ends of those two. ok is false otherwise, or when a
// free end is an anchor (forestShape).
func (g *Game) shapeAfter(s int, prev *shape, before *edgeSet, anchors *cornerSet) (sh shape, ok bool) {
	ships := &g.sets.ships[s]
	gone, added := *before, *ships
	gone.andNot(ships)
	added.andNot(before)
	if gone.count() > 1 || added.count() > 1 {
		return shape{}, false
	}
	geo := g.cfg.geo
	cornerEdges, built := geo.cornerEdges, &g.sets.buildings[s]
	sh = *prev
	// The corners that leave the ends (where no ship ends now) and those
	// that join them (where only the ship added ends), -1 for none.
	lost, joined := [2]int{-1, -1}, [2]int{-1, -1}
	if e := gone.next(0); e >= 0 { // the one ship gone, if any
		for k, c := range geo.edgeEnds[e] {
			if n := shipCount(&cornerEdges[c], ships); n == 0 {
				sh.ends.remove(int(c))
				sh.single.remove(int(c))
				lost[k] = int(c)
			} else if n == 1 && !built.has(int(c)) {
				sh.single.add(int(c))
			}
		}
	}
	if e := added.next(0); e >= 0 { // the one ship added, if any
		for k, c := range geo.edgeEnds[e] {
			switch n := shipCount(&cornerEdges[c], ships); {
			case n == 1:
				sh.ends.add(int(c))
				if !built.has(int(c)) {
					sh.single.add(int(c))
				}
				joined[k] = int(c)
			case n == 2:
				sh.single.remove(int(c))
			}
		}
		if joined == [2]int{-1, -1} {
			return shape{}, false // both ends were the ships' already: a loop maybe
		}
	}
	if sh.single.meets(anchors) {
		return shape{}, false
	}
	// The edges at the ends (near) change only there: a corner joining
	// the ends brings its edges, one leaving them takes away those whose
	// other end is not among them.
	for _, c := range joined {
		if c >= 0 {
			sh.near.or(&cornerEdges[c])
		}
	}
	for _, c := range lost {
		if c >= 0 {
			away := geo.cornerNbrs[c]
			away.andNot(&sh.ends)
			apart := g.edgesAt(&away)
			apart.and(&cornerEdges[c])
			sh.near.andNot(&apart)
		}
	}
	sh.mobile = g.edgesAt(&sh.single)
	sh.mobile.and(ships)
	return sh, true
}

// shipCount returns how many of ships are among the edges at, those at a
// corner.
func shipCount(at, ships *edgeSet) int {
	return bits.OnesCount64(at[0]&ships[0]) + bits.OnesCount64(at[1]&ships[1]) + bits.OnesCount64(at[2]&ships[2])
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
	keys   [shapeSlots]shapeKey
	shapes [shapeSlots]shape
	full   [shapeSlots]bool
	forest [shapeSlots]bool // the slot's ships make no loop (newShape)
	last   [4]uint8         // the slot each seat's shape was last read from
}

// shapeSlots is how many shapes a shapeMemo holds, a slot each by the top
// shapeBits bits of its key's hash: random ship moves often go back, so
// that a seat's shapes come back. In random wonders-of-catan games 256
// slots work out 3,294 shapes where 64 worked out 3,586 (seeds 0-9);
// 1,024 slots work out 3,185 but cost as much to clear at every
// game's start as they save.
const (
	shapeBits  = 8
	shapeSlots = 1 << shapeBits
)

// shapeKey is all shipShape reads: the seat's ships and anchors.
type shapeKey struct {
	ships   edgeSet
	anchors cornerSet
}

// slot returns the memo slot of k, by a hash of its words (mix).
func (k *shapeKey) slot() int {
	h := mix(mix(mix(mix(mix(0, k.ships[0]), k.ships[1]), k.ships[2]), k.anchors[0]), k.anchors[1])
	return int(h >> (64 - shapeBits))
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

// treeShape is shipShape for any ships, by the blocks of the graph the
// ships make (shipTree.blocks): a ship is closed (S57) when its block has
// two ports, and on a loop when its block is no bridge. Of the end ships
// (S58) that are not closed, those with a free end (one ship there, no
// building) or on a loop through one of their ends' building are known
// at once; for a ship on a loop away from the buildings the loops that
// avoid them are searched (loopShips), once. The rest of the shape are
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
	closed, bridges := t.blocks()
	var away uint32 // the ships on a loop that passes no building
	awayKnown := false
	out := &sh.mobile
	for i := 0; i < t.n; i++ {
		a, b := int(t.end[i][0]), int(t.end[i][1])
		switch {
		case closed&(1<<i) != 0:
			continue
		case t.free(a) || t.free(b):
		case bridges&(1<<i) != 0:
			continue // on no loop, no free end: no end ship
		case t.built&(1<<a|1<<b) != 0:
		default:
			if !awayKnown {
				away, awayKnown = t.loopShips(t.built), true
			}
			if away&(1<<i) == 0 {
				continue
			}
		}
		out.add(int(t.edge[i]))
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
	once, twice := cornerSet{at.once[0], at.once[1]}, cornerSet{at.twice[0], at.twice[1]}
	free := once
	free.andNot(&twice)
	free.andNot(&g.sets.buildings[s])
	if free.meets(anchors) {
		return shape{}, false // a free end that may close a path
	}
	sh.ends, sh.single = once, free
	sh.near = g.edgesAt(&once)
	sh.mobile = g.edgesAt(&free)
	sh.mobile.and(&g.sets.ships[s])
	return sh, true
}

// cornerCount counts pieces at corners up to two: the corners with one or
// more (once) and those with two or more (twice). Its words and its
// forest's parents (cornerForest) are as many as a corner's byte can
// index, so that reading them needs no check of the index (a corner set
// has the first two words).
type cornerCount struct {
	once, twice [4]uint64
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
type cornerForest [256]uint8

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

// shipTree is one seat's ships as a graph on the corners they touch, to
// decide S57 and S58 (treeShape).
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
}

// build fills t with seat s's ships, anchors being the seat's anchors
// (anchors), and returns the corners they end at.
func (t *shipTree) build(g *Game, s int, anchors *cornerSet) (ends cornerSet) {
	var node [maxCorners]uint8 // node + 1
	built := &g.sets.buildings[s]
	edgeEnds := g.cfg.geo.edgeEnds
	// The ships are read a word at a time.
	for word, w := range g.sets.ships[s] {
		for ; w != 0; w &= w - 1 {
			e := word<<6 + bits.TrailingZeros64(w)
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
		}
	}
	return ends
}

// free reports whether node v is a free end (S58): one ship there and no
// building of the seat.
func (t *shipTree) free(v int) bool {
	return t.deg[v] == 1 && t.built&(1<<v) == 0
}

// other returns the end of ship i that is not node v.
func (t *shipTree) other(i, v int) int {
	if a := int(t.end[i][0]); a != v {
		return a
	}
	return int(t.end[i][1])
}

// blocks returns the closed ships (S57) and the bridges (the ships on no
// loop), a bit each, from the blocks of the graph: its largest parts that
// no single corner's loss splits (a bridge is a block of one ship). A
// block's port is a corner of it from which, without the block's ships,
// an anchor is reached (at the corner or beyond; from each corner a
// different part, else the block would be larger). A path of ships
// between two different anchors crosses a block once, from one port to
// another; and in a block any two corners are the ends of a path through
// any of its ships. So a ship is closed exactly when its block has two
// ports.
func (t *shipTree) blocks() (closed, bridges uint32) {
	var w blockWalk
	w.t = t
	for r := 0; r < t.nodes; r++ {
		if w.order[r] != 0 {
			continue
		}
		first := w.found
		w.visit(r, -1)
		total := w.below[r] // the anchors of the group
		for _, b := range w.blocks[first:w.found] {
			ports := b.ports
			if total > b.below {
				ports++ // the top's side holds an anchor
			}
			if ports >= 2 {
				closed |= b.ships
			}
			if b.ships&(b.ships-1) == 0 {
				bridges |= b.ships
			}
		}
	}
	return closed, bridges
}

// blockWalk is the depth-first walk of blocks (Tarjan's): the ships met
// wait on a stack until the walk returns to the corner where their block
// began (the block's top: no ship below it reaches higher).
type blockWalk struct {
	t          *shipTree
	n          int8
	order, low [2 * maxNet]int8 // visit order (from 1) and lowest reached
	below      [2 * maxNet]int8 // the anchors at or below each node
	apart      [2 * maxNet]int8 // those at a node or below it in other blocks
	stack      [maxNet]int8
	top        int
	blocks     [maxNet]blockFound
	found      int
}

// blockFound is a block blockWalk found: its ships, a bit each, its ports
// other than the top, and the anchors below the top on its side.
type blockFound struct {
	ships uint32
	ports int8
	below int8
}

// visit walks from node v, entered by ship in (-1 for none).
func (w *blockWalk) visit(v, in int) {
	t := w.t
	w.n++
	w.order[v], w.low[v] = w.n, w.n
	if t.anchor[v] {
		w.below[v], w.apart[v] = 1, 1
	}
	for _, k := range t.adj[v][:t.deg[v]] {
		i := int(k)
		u := t.other(i, v)
		switch {
		case i == in:
		case w.order[u] == 0:
			w.stack[w.top] = int8(i)
			w.top++
			w.visit(u, i)
			w.below[v] += w.below[u]
			w.low[v] = min(w.low[v], w.low[u])
			if w.low[u] >= w.order[v] {
				w.apart[v] += w.below[u]
				w.pop(v, i, u)
			}
		case w.order[u] < w.order[v]:
			w.stack[w.top] = int8(i)
			w.top++
			w.low[v] = min(w.low[v], w.order[u])
		}
	}
}

// pop takes the block that ship i, from its top v to node u, begins off
// the stack.
func (w *blockWalk) pop(v, i, u int) {
	t := w.t
	var b blockFound
	var nodes uint64
	for {
		w.top--
		j := int(w.stack[w.top])
		b.ships |= 1 << j
		nodes |= 1<<t.end[j][0] | 1<<t.end[j][1]
		if j == i {
			break
		}
	}
	for nodes &^= 1 << v; nodes != 0; nodes &= nodes - 1 {
		if w.apart[bits.TrailingZeros64(nodes)] > 0 {
			b.ports++
		}
	}
	b.below = w.below[u]
	w.blocks[w.found] = b
	w.found++
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
