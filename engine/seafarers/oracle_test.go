package seafarers

import (
	"cmp"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/elasund/elasund/engine"
)

// naiveRouteLength is S81 read literally, the oracle of routeLength: from
// every piece, each way, the longest walk of distinct pieces, each linked
// to the next (S53).
func naiveRouteLength(g *Game, s int) int {
	var es []int
	for e, p := range g.edges {
		if p.owner() == s {
			es = append(es, e)
		}
	}
	var walk func(last, v int, used uint64) int
	walk = func(last, v int, used uint64) int {
		if g.otherBuilding(v, s) {
			return 0
		}
		best := 0
		for j, e := range es {
			if used&(1<<j) != 0 {
				continue
			}
			ends := g.b.EdgeEnds(e)
			if ends[0] != v && ends[1] != v {
				continue
			}
			if !g.building(v, s) && g.edges[e].ship != g.edges[last].ship {
				continue
			}
			next := ends[0]
			if next == v {
				next = ends[1]
			}
			best = max(best, 1+walk(e, next, used|1<<j))
		}
		return best
	}
	best := 0
	for i, e := range es {
		for _, v := range g.b.EdgeEnds(e) {
			best = max(best, 1+walk(e, v, 1<<i))
		}
	}
	return best
}

// naiveRouteParts counts the parts of seat s's pieces read from S53: two
// pieces are in one part when a chain of them, each linked to the next at
// a shared corner, joins them. Each part is given as its pieces and its
// link points where an odd number of its pieces end (a piece's end at
// another seat's building is one such point on its own), sorted: the
// oracle of the parts of a routeGraph (graphParts).
func naiveRouteParts(g *Game, s int) [][2]int {
	var es []int
	for e, p := range g.edges {
		if p.owner() == s {
			es = append(es, e)
		}
	}
	linked := func(a, b, v int) bool {
		return !g.otherBuilding(v, s) && (g.building(v, s) || g.edges[a].ship == g.edges[b].ship)
	}
	part := make([]int, len(es)) // a part's number for each piece, from 1
	parts := 0
	for i := range es {
		if part[i] != 0 {
			continue
		}
		parts++
		part[i] = parts
		stack := []int{i}
		for len(stack) > 0 {
			a := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for b := range es {
				for _, v := range g.b.EdgeEnds(es[a]) {
					if part[b] == 0 && (g.b.EdgeEnds(es[b])[0] == v || g.b.EdgeEnds(es[b])[1] == v) && linked(es[a], es[b], v) {
						part[b] = parts
						stack = append(stack, b)
					}
				}
			}
		}
	}
	out := make([][2]int, parts)
	for i, e := range es {
		out[part[i]-1][0]++
		for _, v := range g.b.EdgeEnds(e) {
			// The pieces linked with this one at v, itself included.
			n := 0
			for _, f := range es {
				if (g.b.EdgeEnds(f)[0] == v || g.b.EdgeEnds(f)[1] == v) && (f == e || linked(e, f, v)) {
					n++
				}
			}
			// A point of n pieces is seen once from each: count it at
			// its first piece only, or alone at another seat's building.
			first := true
			for _, f := range es[:i] {
				if (g.b.EdgeEnds(f)[0] == v || g.b.EdgeEnds(f)[1] == v) && linked(e, f, v) {
					first = false
				}
			}
			if n%2 == 1 && first {
				out[part[i]-1][1]++
			}
		}
	}
	slices.SortFunc(out, func(a, b [2]int) int { return cmp.Or(a[0]-b[0], a[1]-b[1]) })
	return out
}

// partsOf returns every part of r as longest finds them, found on a copy
// of r that keeps none of its parts, so that r's own stay as they were.
func partsOf(r *routeGraph) []routePart {
	c := *r
	c.numParts = 0
	c.longest()
	return c.parts[:c.numParts]
}

// graphParts returns the parts of r as naiveRouteParts gives them.
func graphParts(r *routeGraph) [][2]int {
	var out [][2]int
	for _, pt := range partsOf(r) {
		out = append(out, [2]int{int(pt.pieces), int(pt.odd)})
	}
	slices.SortFunc(out, func(a, b [2]int) int { return cmp.Or(a[0]-b[0], a[1]-b[1]) })
	return out
}

// checkRings compares, for every part of r with a loop whose core is one
// ring, the trail worked out round the ring on the route graph
// (routeGraph.ringLongest) with the one searched on its junctions
// (searchCore), and returns how many such parts there are. The route
// graph must see as rings the parts whose junctions peel to one
// (coreIsRing).
func checkRings(t *testing.T, r *routeGraph, what string) int {
	t.Helper()
	rings := 0
	for _, pt := range partsOf(r) {
		if pt.odd <= 2 || int(pt.pieces) < bits.OnesCount64(pt.nodes) {
			continue
		}
		var j junctions
		r.linkJunctions(&pt, &j)
		var links [2 * maxNet]uint8
		core := j.peel(int(pt.pieces), &links)
		direct, ring := r.ringLongest(&pt)
		if ring != coreIsRing(&j, &links) {
			t.Fatalf("%s: a part of %d pieces is a ring after peeling on the route graph: %v, on its junctions: %v", what, pt.pieces, ring, coreIsRing(&j, &links))
		}
		if !ring {
			continue
		}
		rings++
		if want := j.searchCore(&links, core); direct != want {
			t.Fatalf("%s: S81: a part of %d pieces whose core is a ring of %d has a longest trail of %d round the ring of the route graph, %d searched", what, pt.pieces, core, direct, want)
		}
	}
	return rings
}

// coreIsRing reports whether the core of j after peel (left: the links
// left at each junction) is one ring: no junction on it has more than two
// links left (and peeling leaves it connected).
func coreIsRing(j *junctions, left *[2 * maxNet]uint8) bool {
	for v := 0; v < j.n; v++ {
		if left[v] > 2 {
			return false
		}
	}
	return true
}

// TestRouteLengthOracle compares routeLength with the literal reading of
// S81 and S53 on random networks full of loops, links at other seats'
// buildings and roads meeting ships.
func TestRouteLengthOracle(t *testing.T) {
	pick := rand.New(rand.NewPCG(81, 53))
	long := 0  // cases with a route of 10 or more
	rings := 0 // parts whose core is one ring (checkRings)
	for _, sc := range []string{"new-shores", "four-islands"} {
		setup := engine.Setup{Seats: []string{"red", "blue", "white"}, Choices: map[string]string{"scenario": sc}, Sandbox: true}
		pos, err := Rules{}.New(setup, engine.NewSeeded(1))
		if err != nil {
			t.Fatal(err)
		}
		base := Of(pos)
		for n := 0; n < 600; n++ {
			g := base.Clone()
			randomNetwork(g, pick)
			g.reindex()
			for s := 0; s < 2; s++ {
				got, want := g.routeLength(s), naiveRouteLength(g, s)
				if want >= 10 {
					long++
				}
				if got != want {
					t.Fatalf("%s case %d: S81: routeLength(%d) = %d, the literal reading gives %d", sc, n, s, got, want)
				}
				var r routeGraph
				r.build(g, s)
				if got, want := graphParts(&r), naiveRouteParts(g, s); !slices.Equal(got, want) {
					t.Fatalf("%s case %d: S53: the route graph of seat %d has parts (pieces, odd nodes) %v, the pieces linked as S53 reads %v", sc, n, s, got, want)
				}
				rings += checkRings(t, &r, fmt.Sprintf("%s case %d, seat %d", sc, n, s))
			}
		}
	}
	if long < 10 || rings < 10 {
		t.Fatalf("only %d cases have a route of 10 or more and %d parts a core that is one ring: the cases are too simple", long, rings)
	}
	t.Logf("%d parts have a core that is one ring", rings)
}

// soakTimes returns n, or n times 20 with ELASUND_SOAK set (make soak).
func soakTimes(n int) int {
	if os.Getenv("ELASUND_SOAK") != "" {
		return 20 * n
	}
	return n
}

// TestRingTrailOracle compares routeGraph.ringLongest with a search of
// every trail, and with the junctions' answer (linkJunctions,
// junctions.longest), on random route graphs made directly: a ring of
// three to eight pieces with trees grown on it a piece at a time, often
// on the node last made, so that long branches meet, or two branches of
// one length at a time (up to maxNet pieces). With ELASUND_SOAK set it
// makes twenty times as many.
func TestRingTrailOracle(t *testing.T) {
	pick := rand.New(rand.NewPCG(6, 81))
	checked := 0
	for n := 0; n < soakTimes(1000); n++ {
		var r routeGraph
		var ends [][2]int
		link := func(a, b int) {
			r.nbr[a] |= 1 << b
			r.nbr[b] |= 1 << a
			r.recount(int8(a))
			r.recount(int8(b))
			ends = append(ends, [2]int{a, b})
		}
		ring := 3 + pick.IntN(6)
		for i := 0; i < ring; i++ {
			link(i, (i+1)%ring)
		}
		r.nodes = ring
		for len(ends) < maxNet && pick.IntN(15) > 0 {
			v := pick.IntN(r.nodes)
			if pick.IntN(2) == 0 {
				v = r.nodes - 1
			}
			deg := bits.OnesCount64(r.nbr[v])
			if deg == 3 {
				continue
			}
			if deg == 2 || pick.IntN(4) > 0 || len(ends)+2 > maxNet {
				link(v, r.nodes)
				r.nodes++
				continue
			}
			// Two branches of one length from v.
			a, b := v, v
			for l := 1 + pick.IntN(10); l > 0 && len(ends)+2 <= maxNet; l-- {
				link(a, r.nodes)
				link(b, r.nodes+1)
				a, b = r.nodes, r.nodes+1
				r.nodes += 2
			}
		}
		pt := partsOf(&r)[0] // the one part: every piece joins what was there
		if pt.odd <= 2 {
			continue
		}
		checked++
		got, ok := r.ringLongest(&pt)
		var j junctions
		r.linkJunctions(&pt, &j)
		want, junctions := trailSearch(ends), j.longest(int(pt.pieces))
		if !ok || got != want || junctions != want {
			t.Fatalf("case %d: S81: a ring of %d with trees (%d pieces): round the ring %d (seen as a ring: %v), over the junctions %d, every trail searched %d", n, ring, len(ends), got, ok, junctions, want)
		}
	}
	if checked < 500 {
		t.Fatalf("only %d graphs checked", checked)
	}
}

// trailSearch returns the longest trail of the graph of pieces ends (at
// most 64), found by walking every trail from every node.
func trailSearch(ends [][2]int) int {
	var walk func(v int, used uint64) int
	walk = func(v int, used uint64) int {
		best := 0
		for i, e := range ends {
			if used&(1<<i) != 0 || (e[0] != v && e[1] != v) {
				continue
			}
			best = max(best, 1+walk(e[0]^e[1]^v, used|1<<i))
		}
		return best
	}
	best := 0
	for _, e := range ends {
		best = max(best, walk(e[0], 0), walk(e[1], 0))
	}
	return best
}

// TestRouteRingOracle compares routeLength with the literal reading of S81
// and S53 on random rings with trees, the shape most loops take in play:
// the sides of a hex, all roads or all ships, with two to six paths of one
// to four pieces (or five to thirteen) hanging off its corners or off the
// paths before (often two from one corner), mostly to corners without
// pieces, here and there a settlement of the seat or of another; and
// checks their parts whose core is one ring (checkRings). With
// ELASUND_SOAK set it makes twenty times as many.
func TestRouteRingOracle(t *testing.T) {
	pick := rand.New(rand.NewPCG(53, 6))
	setup := engine.Setup{Seats: []string{"red", "blue", "white"}, Choices: map[string]string{"scenario": "new-shores"}, Sandbox: true}
	pos, err := Rules{}.New(setup, engine.NewSeeded(1))
	if err != nil {
		t.Fatal(err)
	}
	base := Of(pos)
	rings := 0
	for n := 0; n < soakTimes(1000); n++ {
		g := base.Clone()
		h := pick.IntN(g.b.NumHexes())
		ship := pick.IntN(2) == 0
		for _, e := range g.b.HexSides(h) {
			g.setEdge(e, edgePiece{own: 1, ship: ship})
		}
		hex := g.b.HexCorners(h)
		tips := hex[:] // the corners a path may start from
		start := tips[0]
		for p := 2 + pick.IntN(5); p > 0; p-- {
			if pick.IntN(2) == 0 {
				start = tips[pick.IntN(len(tips))]
			}
			c := start // else the start of the path before: two branches there
			long := 1 + pick.IntN(4)
			if pick.IntN(3) == 0 {
				long += 4 + pick.IntN(6)
			}
			for l := long; l > 0; l-- {
				var free []int // to corners without pieces, mostly
				for _, e := range g.b.CornerEdges(c) {
					ends := g.b.EdgeEnds(e)
					if g.edges[e].own == 0 && (pick.IntN(6) == 0 || !piecesAt(g, ends[0]^ends[1]^c)) {
						free = append(free, e)
					}
				}
				if len(free) == 0 || g.sets.roads[0].count()+g.sets.ships[0].count() == maxNet {
					break
				}
				e := free[pick.IntN(len(free))]
				g.setEdge(e, edgePiece{own: 1, ship: ship != (pick.IntN(8) == 0)})
				if ends := g.b.EdgeEnds(e); ends[0] == c {
					c = ends[1]
				} else {
					c = ends[0]
				}
				tips = append(tips, c)
				if pick.IntN(10) == 0 {
					g.corners[c] = cornerPiece{own: int8(1 + pick.IntN(2)), kind: settlement}
				}
			}
		}
		g.reindex()
		if got, want := g.routeLength(0), naiveRouteLength(g, 0); got != want {
			t.Fatalf("case %d: S81: routeLength = %d, the literal reading gives %d", n, got, want)
		}
		var r routeGraph
		r.build(g, 0)
		rings += checkRings(t, &r, fmt.Sprintf("case %d", n))
	}
	if rings < 400 {
		t.Fatalf("only %d parts have a core that is one ring: the cases are too simple", rings)
	}
	t.Logf("%d parts have a core that is one ring", rings)
}

// piecesAt reports whether a road or ship ends at corner c.
func piecesAt(g *Game, c int) bool {
	for _, e := range g.b.CornerEdges(c) {
		if g.edges[e].own != 0 {
			return true
		}
	}
	return false
}

// randomNetwork lays a random patch of pieces on g: of seat 0 (at most
// maxNet) and some of seat 1 on the edges near one corner, and
// settlements of both here and there. It returns the patch's corners.
func randomNetwork(g *Game, pick *rand.Rand) []int {
	c0 := pick.IntN(g.b.NumCorners())
	near := []int{c0}
	for k := 0; k < len(near) && len(near) < 30; k++ {
		near = append(near, g.b.CornerAdjacent(near[k])...)
	}
	pieces := 0
	for _, c := range near {
		for _, e := range g.b.CornerEdges(c) {
			if g.edges[e].own != 0 || pick.IntN(4) == 0 || pieces == maxNet {
				continue
			}
			own := int8(1)
			if pick.IntN(6) == 0 {
				own = 2
			} else {
				pieces++
			}
			g.edges[e] = edgePiece{own: own, ship: pick.IntN(2) == 0}
		}
		if pick.IntN(5) == 0 {
			g.corners[c] = cornerPiece{own: int8(1 + pick.IntN(2)), kind: settlement}
		}
	}
	return near
}

// TestRouteFollowOracle follows seat 0's route graph of random networks
// (randomNetwork) through random changes, one to four at a time: its
// pieces taken away and laid on free edges, settlements of its own and of
// seat 1 built on free corners, where its pieces end or not, and some
// taken away (only by edits, when the graph is built again). After each
// the followed graph's parts and longest trail must be those of the
// pieces read literally (naiveRouteParts, naiveRouteLength: S53, S81), and
// its parts whose core is a ring pass checkRings; a copy of the graph with
// no room for new nodes must not follow past it. With ELASUND_SOAK set it
// follows twenty times as many networks.
func TestRouteFollowOracle(t *testing.T) {
	pick := rand.New(rand.NewPCG(53, 81))
	setup := engine.Setup{Seats: []string{"red", "blue", "white"}, Choices: map[string]string{"scenario": "four-islands"}, Sandbox: true}
	pos, err := Rules{}.New(setup, engine.NewSeeded(1))
	if err != nil {
		t.Fatal(err)
	}
	base := Of(pos)
	followed, rebuilt, rings := 0, 0, 0
	var cut, joined int // settlements of seat 1 and of seat 0 where seat 0's pieces end
	for n := 0; n < soakTimes(100); n++ {
		g := base.Clone()
		near := randomNetwork(g, pick)
		g.reindex()
		var r routeGraph
		r.build(g, 0)
		key := g.routeKey(0)
		for step := 0; step < 40; step++ {
			for k := 1 + pick.IntN(4); k > 0; k-- {
				c := near[pick.IntN(len(near))]
				e := g.b.CornerEdges(c)[pick.IntN(len(g.b.CornerEdges(c)))]
				ends := g.sets.roads[0]
				ends.or(&g.sets.ships[0])
				ends.and(&g.cfg.geo.cornerEdges[c])
				switch pick.IntN(5) {
				case 0:
					if g.edges[e].own == 1 {
						g.edges[e] = edgePiece{}
					}
				case 1:
					if g.edges[e].own == 0 && g.sets.roads[0].count()+g.sets.ships[0].count() < maxNet {
						g.edges[e] = edgePiece{own: 1, ship: pick.IntN(2) == 0}
					}
				case 2:
					if g.corners[c].own != 0 && pick.IntN(4) == 0 {
						g.corners[c] = cornerPiece{} // only by edits
					}
				default:
					if g.corners[c].own == 0 {
						own := int8(1 + pick.IntN(2))
						g.corners[c] = cornerPiece{own: own, kind: settlement}
						if ends != (edgeSet{}) && own == 1 {
							joined++
						} else if ends != (edgeSet{}) {
							cut++
						}
					}
				}
				g.reindex()
			}
			now := g.routeKey(0)
			full, fullKey := r, key // with no room for a node more
			full.nodes = maxNodes - 1
			if full.follow(g, &fullKey, &now) && full.nodes > maxNodes {
				t.Fatalf("case %d, step %d: a graph of %d nodes followed to %d", n, step, maxNodes-1, full.nodes)
			}
			if r.follow(g, &key, &now) {
				followed++
			} else {
				rebuilt++
				key, r = now, routeGraph{}
				r.build(g, 0)
			}
			what := fmt.Sprintf("case %d, step %d", n, step)
			if got, want := graphParts(&r), naiveRouteParts(g, 0); !slices.Equal(got, want) {
				t.Fatalf("%s: S53: the followed graph has parts (pieces, odd nodes) %v, the pieces linked as S53 reads %v", what, got, want)
			}
			if got, want := r.longest(), naiveRouteLength(g, 0); got != want {
				t.Fatalf("%s: S81: the followed graph's longest trail is %d, the literal reading gives %d", what, got, want)
			}
			rings += checkRings(t, &r, what)
		}
	}
	if followed < 2000 || cut < 100 || joined < 100 || rings < 10 {
		t.Fatalf("the graphs followed %d changes (built again %d times), with %d settlements cutting and %d joining pieces, and had %d parts whose core is one ring: too few to test them", followed, rebuilt, cut, joined, rings)
	}
	t.Logf("the graphs followed %d changes (built again %d times), with %d settlements cutting and %d joining pieces, and had %d parts whose core is one ring", followed, rebuilt, cut, joined, rings)
}

// TestMobileShipsOracle compares the ships the listings let move
// (mobileShips: the shape of a group without a loop decides at once) with
// movableProblem's searches of every path (S57) and loop (S58), on random
// groups of ships, many with loops; the corners where a lifted ship
// leaves the seat's ships unjoined (joinsLost, of the shape's single
// corners) with those counted at each end; and the edges at the corners
// where the ships join (joinedEdges, of the shape's edges) with edgesAt. Every 25th group has more ships
// than a network holds (only by edits), where only the corners are
// compared.
func TestMobileShipsOracle(t *testing.T) {
	pick := rand.New(rand.NewPCG(57, 58))
	setup := engine.Setup{Seats: []string{"red", "blue", "white"}, Choices: map[string]string{"scenario": "four-islands"}, Sandbox: true}
	pos, err := Rules{}.New(setup, engine.NewSeeded(2))
	if err != nil {
		t.Fatal(err)
	}
	base := Of(pos)
	loopShips, closed, lost, crowded, forests := 0, 0, 0, 0, 0
	for n := 0; n < 600; n++ {
		g := base.Clone()
		g.turn = 5
		big := n%25 == 0
		corners, most := 16, limitShips
		if big {
			corners, most = 48, maxNet+8
		}
		c0 := pick.IntN(g.b.NumCorners())
		near := []int{c0}
		for k := 0; k < len(near) && len(near) < corners; k++ {
			near = append(near, g.b.CornerAdjacent(near[k])...)
		}
		ships := 0
		for _, c := range near {
			for _, e := range g.b.CornerEdges(c) {
				if g.edges[e].own == 0 && pick.IntN(3) > 0 && ships < most {
					g.edges[e] = edgePiece{own: 1, ship: true, built: int32(pick.IntN(6))}
					ships++
				}
			}
			if pick.IntN(6) == 0 {
				g.corners[c] = cornerPiece{own: int8(1 + pick.IntN(2)), kind: settlement}
			}
		}
		g.reindex()
		var tr shipTree
		anchors := g.anchors(0)
		tr.build(g, 0, &anchors)
		_, bridges := tr.blocks()
		loopShips += tr.n - bits.OnesCount32(bridges)
		if checkForestShape(t, g, 0, fmt.Sprintf("case %d", n)) {
			forests++
		}
		mobile, sh := g.mobileShips(0)
		at := g.joins(0, true, -1)
		if got := g.joinsAt(0, sh.ends); got != at {
			t.Fatalf("case %d: S55: the ships' ends the shape gives join at %v, joins finds %v", n, got, at)
		}
		if got, want := g.joinedEdges(0, &at, sh), g.edgesAt(&at); got != want {
			t.Fatalf("case %d: S52, S59: the edges the shape gives at the corners where the ships join are %v, those at the corners %v", n, got, want)
		}
		for e := range g.edges {
			if !g.hasShip(e, 0) {
				continue
			}
			loose := sh.single
			loose.and(&at)
			var got cornerSet
			for _, v := range g.joinsLost(e, &loose) {
				if v >= 0 {
					got.add(v)
				}
			}
			want := joinsLostCounted(g, 0, e, &at)
			if got != want {
				t.Fatalf("case %d, ship %s (%d ships): S55, S59: lifting it unjoins %v, counting the ships at its ends %v", n, g.b.Edge(e), ships, got, want)
			}
			if got != (cornerSet{}) {
				lost++
			}
		}
		if ships > maxNet {
			crowded++
			continue
		}
		for e := range g.edges {
			if !g.hasShip(e, 0) {
				continue
			}
			rule, why := g.movableProblem(0, e)
			if rule == "S57" {
				closed++
			}
			if mobile.has(e) != (rule == "") {
				t.Fatalf("case %d, ship %s: S57, S58: listed as movable %v, movableProblem says %q %s", n, g.b.Edge(e), mobile.has(e), rule, why)
			}
		}
	}
	if closed < 100 || loopShips < 1000 || lost < 1000 || crowded < 10 || forests < 100 {
		t.Fatalf("only %d closed ships, %d ships on a loop, %d that unjoin a corner, %d groups of more than %d ships and %d seats whose ships make no loop: the cases are too simple", closed, loopShips, lost, crowded, maxNet, forests)
	}
}

// checkForestShape compares seat s's ship shape by forestShape, where it
// answers, with treeShape's searches (S57, S58), and reports whether it
// answered. Of more ships than a network holds (only by edits) the ships
// that may move are not compared: treeShape leaves those past the
// network's size unmoved.
func checkForestShape(t *testing.T, g *Game, s int, where string) bool {
	t.Helper()
	anchors := g.anchors(s)
	got, ok := g.forestShape(s, &anchors)
	if !ok {
		return false
	}
	want := g.treeShape(s, &anchors)
	if g.sets.ships[s].count() > maxNet {
		got.mobile, want.mobile = edgeSet{}, edgeSet{}
	}
	if got != want {
		t.Fatalf("%s, seat %d: S57, S58: the shape of ships without a loop (forestShape) is %+v, the searches (treeShape) give %+v", where, s, got, want)
	}
	return true
}

// joinsLostCounted is joinsLost worked out from the pieces: the ends of
// seat s's ship on edge from that join (at) where the seat has no building
// and no other ship.
func joinsLostCounted(g *Game, s, from int, at *cornerSet) cornerSet {
	var lost cornerSet
	for _, v := range g.b.EdgeEnds(from) {
		if !at.has(v) || g.sets.buildings[s].has(v) {
			continue
		}
		others := 0
		for _, e := range g.b.CornerEdges(v) {
			if g.hasShip(e, s) {
				others++
			}
		}
		if others == 1 {
			lost.add(v)
		}
	}
	return lost
}

// TestRouteFollowsShipMoves plays random games of ship scenarios and
// keeps each seat's route graph as routeLength does, without its memo:
// the graph follows the changes since it was last worked out
// (routeGraph.follow: ships moved, roads and ships built, buildings of its
// seat or of others), else it is built again. Seat n follows after every
// n-th entry only, so that a graph also follows many changes at once, as
// a seat's graph does after other seats built or a scratch copy took it
// elsewhere. After each follow the graph's longest trail must be the
// length worked out from nothing, and after every entry so must the
// route the game keeps (S81, S59), and the holder of Longest Trade Route
// must be the one the routes give (S82); after every change the graph's
// parts must be those of the pieces linked as S53 reads
// (naiveRouteParts).
func TestRouteFollowsShipMoves(t *testing.T) {
	followed, buildings, many, rings := 0, 0, 0, 0
	for i, sc := range []string{"new-shores", "four-islands", "wonders-of-catan", "new-world"} {
		setup := benchSetup
		setup.Choices = map[string]string{"scenario": sc}
		g, src := quietGame(t, setup, uint64(i))
		pick := rand.New(rand.NewPCG(uint64(i), 81))
		var keys [4]routeKey
		var graphs [4]routeGraph
		var buf []Action
		for n := 0; !g.over() && n < 2500; n++ {
			s := awaitedSeat(g, pick)
			buf = g.AppendLegal(buf[:0], g.colour(s), nil)
			a := buf[pick.IntN(len(buf))]
			if _, err := g.Apply(g.colour(s), []Action{a}, src); err != nil {
				t.Fatal(err)
			}
			if h := g.longestHolder(g.longest); h != g.longest {
				t.Fatalf("%s entry %d (%s by %s): S82: Longest Trade Route is held by seat %d, the routes give it to %d", sc, n, a.String(), g.colour(s), g.longest, h)
			}
			for o := range g.players {
				want := routeLengthOf(g, o)
				if got := g.players[o].route; got != want {
					t.Fatalf("%s entry %d (%s by %s): S81: the route of %s is kept as %d, worked out from nothing %d", sc, n, a.String(), g.colour(s), g.colour(o), got, want)
				}
				if n%(o+1) != 0 {
					continue
				}
				now := g.routeKey(o)
				was := keys[o]
				changed := was != now
				if n > 0 && graphs[o].follow(g, &keys[o], &now) {
					if changed {
						followed++
					}
					if was.mine != now.mine || was.others != now.others {
						buildings++
					}
					if ships, roads := diffCount(&was.ships, &now.ships), diffCount(&was.roads, &now.roads); ships+roads > 2 {
						many++
					}
				} else {
					keys[o], graphs[o] = now, routeGraph{}
					graphs[o].build(g, o)
				}
				if changed {
					if got, want := graphParts(&graphs[o]), naiveRouteParts(g, o); !slices.Equal(got, want) {
						t.Fatalf("%s entry %d (%s by %s): S53: the graph of %s that followed the changes has parts (pieces, odd nodes) %v, the pieces linked as S53 reads %v", sc, n, a.String(), g.colour(s), g.colour(o), got, want)
					}
					rings += checkRings(t, &graphs[o], fmt.Sprintf("%s entry %d, %s", sc, n, g.colour(o)))
				}
				if got := graphs[o].longest(); got != want {
					t.Fatalf("%s entry %d (%s by %s): S81: the graph of %s that followed the changes gives %d, worked out from nothing %d", sc, n, a.String(), g.colour(s), g.colour(o), got, want)
				}
			}
		}
	}
	if followed < 1000 || buildings < 50 || many < 50 || rings < 50 {
		t.Fatalf("the graphs followed %d changes (%d of buildings, %d of more than two pieces) and had %d parts whose core is one ring: too few to test them", followed, buildings, many, rings)
	}
	t.Logf("the graphs followed %d changes (%d of buildings, %d of more than two pieces) and had %d parts whose core is one ring", followed, buildings, many, rings)
}

// TestRoutesKeptOracle plays a random game of every scenario and checks,
// before every entry, that each seat's trade-route length as the game
// keeps it (the memo of lengths, the graphs that follow the changes, the
// searches) is the one worked out from nothing on a new graph, and that
// Longest Trade Route is held as those lengths give it: updateRoutes asks
// longestHolder again only when a length changed (S81, S82).
func TestRoutesKeptOracle(t *testing.T) {
	checked, changes := 0, 0
	var was [4]int
	randomEntries(t, 1000, 81, func(sc string, n int, g *Game, _ int, _ *engine.Seeded) {
		for o := range g.players {
			if got, want := g.players[o].route, routeLengthOf(g, o); got != want {
				t.Fatalf("%s entry %d: S81: the route of %s is kept as %d, worked out from nothing %d", sc, n, g.colour(o), got, want)
			}
			if n > 0 && was[o] != g.players[o].route {
				changes++
			}
			was[o] = g.players[o].route
		}
		if h := g.longestHolder(g.longest); h != g.longest {
			t.Fatalf("%s entry %d: S82: Longest Trade Route is held by seat %d, the routes give it to %d", sc, n, g.longest, h)
		}
		checked++
	})
	if checked < 10000 || changes < 500 {
		t.Fatalf("only %d entries checked, %d lengths changed: too few to test them", checked, changes)
	}
	t.Logf("%d entries checked, %d lengths changed", checked, changes)
}

// diffCount returns how many edges are in one of a and b only.
func diffCount(a, b *edgeSet) int {
	d := *a
	for i := range d {
		d[i] ^= b[i]
	}
	return d.count()
}

// TestShipMovesOracle plays a random game of every ship scenario and,
// after every entry, compares the ship moves listed for the seat awaited
// (legalMoves: the shape memo, the single corners, the move cache) with
// those worked out from nothing: every ship of the seat that
// movableProblem lets move (S45, S57, S58, S60), to every other edge that
// shipProblem allows without it (S59). With ELASUND_SOAK set it plays
// three games a scenario.
func TestShipMovesOracle(t *testing.T) {
	games := 1
	if os.Getenv("ELASUND_SOAK") != "" {
		games = 3
	}
	checked, forests, trees := 0, 0, 0
	for _, sc := range benchScenarios[1:] {
		for i := 0; i < games; i++ {
			setup := benchSetup
			setup.Choices = map[string]string{"scenario": sc}
			g, src := quietGame(t, setup, uint64(100+i))
			pick := rand.New(rand.NewPCG(uint64(i), 59))
			var buf []Action
			for n := 0; !g.over() && n < 1500; n++ {
				s := awaitedSeat(g, pick)
				if checkForestShape(t, g, s, fmt.Sprintf("%s entry %d", sc, n)) {
					forests++
				} else {
					trees++
				}
				if !g.flags.ShipMoved && s == g.cur {
					checkShipMoves(t, g, s, sc, n)
					checked++
				}
				buf = g.AppendLegal(buf[:0], g.colour(s), nil)
				if _, err := g.Apply(g.colour(s), []Action{buf[pick.IntN(len(buf))]}, src); err != nil {
					t.Fatalf("%s entry %d: %v", sc, n, err)
				}
			}
		}
	}
	if checked < 2000 || forests < 2000 || trees < 500 {
		t.Fatalf("only %d positions checked, %d shapes of ships without a loop and %d others", checked, forests, trees)
	}
}

// checkShipMoves compares seat s's listed ship moves with those
// movableProblem and shipProblem allow.
func checkShipMoves(t *testing.T, g *Game, s int, sc string, n int) {
	t.Helper()
	listed := map[[2]int]bool{}
	for _, a := range g.legalMoves(nil, s) {
		listed[[2]int{g.b.EdgeIndex(a.Edge), g.b.EdgeIndex(a.Edge2)}] = true
	}
	want := 0
	for from := range g.edges {
		if !g.hasShip(from, s) {
			continue
		}
		if rule, _ := g.movableProblem(s, from); rule != "" {
			continue
		}
		for to := range g.edges {
			if to == from {
				continue
			}
			rule, why := g.shipProblem(s, to, false, -1, from)
			if listed[[2]int{from, to}] != (rule == "") {
				t.Fatalf("%s entry %d, seat %d: S59: the move %s → %s is listed %v, shipProblem says %q %s", sc, n, s, g.b.Edge(from), g.b.Edge(to), listed[[2]int{from, to}], rule, why)
			}
			if rule == "" {
				want++
			}
		}
	}
	if want != len(listed) {
		t.Fatalf("%s entry %d, seat %d: S57, S58, S59: %d ship moves listed, %d allowed", sc, n, s, len(listed), want)
	}
}

// routeKey returns what seat s's route length is worked out from
// (readRouteKey), for the tests that follow keys from one to the next.
func (g *Game) routeKey(s int) routeKey {
	var key routeKey
	g.readRouteKey(s, &key)
	return key
}
