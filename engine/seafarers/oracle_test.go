package seafarers

import (
	"math/rand/v2"
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

// TestRouteLengthOracle compares routeLength with the literal reading of
// S81 and S53 on random networks full of loops, links at other seats'
// buildings and roads meeting ships.
func TestRouteLengthOracle(t *testing.T) {
	pick := rand.New(rand.NewPCG(81, 53))
	long := 0 // cases with a route of 10 or more
	for _, sc := range []string{"new-shores", "four-islands"} {
		setup := engine.Setup{Seats: []string{"red", "blue", "white"}, Choices: map[string]string{"scenario": sc}, Sandbox: true}
		pos, err := Rules{}.New(setup, engine.NewSeeded(1))
		if err != nil {
			t.Fatal(err)
		}
		base := Of(pos)
		for n := 0; n < 600; n++ {
			g := base.Clone()
			// A random patch of the board: pieces of seat 0 (and some of
			// seat 1) on the edges near one corner, buildings here and there.
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
			g.reindex()
			for s := 0; s < 2; s++ {
				got, want := g.routeLength(s), naiveRouteLength(g, s)
				if want >= 10 {
					long++
				}
				if got != want {
					t.Fatalf("%s case %d: S81: routeLength(%d) = %d, the literal reading gives %d", sc, n, s, got, want)
				}
			}
		}
	}
	if long < 10 {
		t.Fatalf("only %d cases have a route of 10 or more: the cases are too simple", long)
	}
}

// TestMobileShipsOracle compares the ships the listings let move
// (mobileShips: the shape of a group without a loop decides at once) with
// movableProblem's searches of every path (S57) and loop (S58), on random
// groups of ships, many with loops.
func TestMobileShipsOracle(t *testing.T) {
	pick := rand.New(rand.NewPCG(57, 58))
	setup := engine.Setup{Seats: []string{"red", "blue", "white"}, Choices: map[string]string{"scenario": "four-islands"}, Sandbox: true}
	pos, err := Rules{}.New(setup, engine.NewSeeded(2))
	if err != nil {
		t.Fatal(err)
	}
	base := Of(pos)
	loopShips, closed := 0, 0
	for n := 0; n < 600; n++ {
		g := base.Clone()
		g.turn = 5
		c0 := pick.IntN(g.b.NumCorners())
		near := []int{c0}
		for k := 0; k < len(near) && len(near) < 16; k++ {
			near = append(near, g.b.CornerAdjacent(near[k])...)
		}
		ships := 0
		for _, c := range near {
			for _, e := range g.b.CornerEdges(c) {
				if g.edges[e].own == 0 && pick.IntN(3) > 0 && ships < limitShips {
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
		for i := 0; i < tr.n; i++ {
			if tr.loop[tr.root(int(tr.end[i][0]))] {
				loopShips++
			}
		}
		mobile, ends := g.mobileShips(0)
		if got, want := g.joinsAt(0, ends), g.joins(0, true, -1); got != want {
			t.Fatalf("case %d: S55: the ships' ends the shape gives join at %v, joins finds %v", n, got, want)
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
	if closed < 100 || loopShips < 1000 {
		t.Fatalf("only %d closed ships and %d ships in groups with a loop: the cases are too simple", closed, loopShips)
	}
}

// TestRouteFollowsShipMoves plays random games of ship scenarios and
// keeps each seat's route graph as routeLength does, without its memo:
// after one of the seat's ships moved or a road or ship was built, the
// graph follows the change (routeGraph.follow), else it is built again. After every entry each
// graph's longest trail must be the length worked out from nothing, and
// so must the route the game keeps (S81, S59).
func TestRouteFollowsShipMoves(t *testing.T) {
	followed := 0
	for i, sc := range []string{"new-shores", "four-islands", "wonders-of-catan", "new-world"} {
		setup := benchSetup
		setup.Choices = map[string]string{"scenario": sc}
		src := engine.NewSeeded(uint64(i))
		pos, err := Rules{}.New(setup, src)
		if err != nil {
			t.Fatal(err)
		}
		g := Of(pos)
		g.SetQuiet(true)
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
			for o := range g.players {
				now := routeKey{roads: g.sets.roads[o], ships: g.sets.ships[o], mine: g.sets.buildings[o]}
				for x := range g.players {
					if x != o {
						now.others.or(&g.sets.buildings[x])
					}
				}
				changed := keys[o] != now
				if n > 0 && graphs[o].follow(g, &keys[o], &now) {
					if changed {
						followed++
					}
				} else {
					keys[o], graphs[o] = now, routeGraph{}
					graphs[o].build(g, o)
				}
				want := routeLengthOf(g, o)
				if got := graphs[o].longest(); got != want {
					t.Fatalf("%s entry %d (%s by %s): S81: the graph of %s that followed its ships gives %d, worked out from nothing %d", sc, n, a.String(), g.colour(s), g.colour(o), got, want)
				}
				if got := g.players[o].route; got != want {
					t.Fatalf("%s entry %d (%s by %s): S81: the route of %s is kept as %d, worked out from nothing %d", sc, n, a.String(), g.colour(s), g.colour(o), got, want)
				}
			}
		}
	}
	if followed < 1000 {
		t.Fatalf("the graphs followed %d changes: too few to test it", followed)
	}
	t.Logf("the graphs followed %d changes", followed)
}
