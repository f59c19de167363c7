package seafarers

// maxIndex bounds the corners and edges of a board (BOARDS outlines have
// at most 124 corners and 172 edges), for fixed-size scratch arrays.
const maxIndex = 256

// shipGraph is one seat's ships as a small graph over corners, for the end
// ship and closed ship rules (S57, S58).
type shipGraph struct {
	g     *Game
	s     int
	es    []int            // the seat's ship edges
	local [maxIndex]int8   // edge → index in es + 1; 0 for none
	buf   [maxNet]int      // backing store of es
	mark  [maxIndex]uint16 // per corner: visit stamps
	stamp uint16
}

// shipGraph fills sg with seat s's ship graph.
func (g *Game) shipGraph(sg *shipGraph, s int) {
	*sg = shipGraph{g: g, s: s}
	sg.es = sg.buf[:0]
	for e := range g.edges {
		if g.hasShip(e, s) && len(sg.es) < maxNet && e < maxIndex {
			sg.es = append(sg.es, e)
			sg.local[e] = int8(len(sg.es))
		}
	}
}

// anchor reports whether corner c counts as the seat's building for S57.
func (sg *shipGraph) anchor(c int) bool { return sg.g.anchor(c, sg.s) }

// anchor reports whether corner c counts as seat s's building for S57:
// its settlement or city, or a village it trades with (cloth-for-catan).
func (g *Game) anchor(c, s int) bool {
	if g.building(c, s) {
		return true
	}
	v := g.cfg.cornerVillage[c]
	return v >= 0 && g.villages[v].connected&(1<<s) != 0
}

// ship returns the index in es of the seat's ship on edge e, or -1.
func (sg *shipGraph) ship(e int) int {
	if e >= maxIndex {
		return -1
	}
	return int(sg.local[e]) - 1
}

// onCycle reports whether ship j lies on a loop of the seat's ships that
// avoids the corners for which avoid is true (S58): its two ends stay
// joined without it.
func (sg *shipGraph) onCycle(j int, avoid func(int) bool) bool {
	b := sg.g.b
	ends := b.EdgeEnds(sg.es[j])
	if avoid != nil && (avoid(ends[0]) || avoid(ends[1])) {
		return false
	}
	sg.stamp++
	var stack [maxIndex]int
	n := 0
	stack[n] = ends[0]
	n++
	sg.mark[ends[0]] = sg.stamp
	for n > 0 {
		n--
		v := stack[n]
		if v == ends[1] {
			return true
		}
		adj := b.CornerAdjacent(v)
		for k, e := range b.CornerEdges(v) {
			i := sg.ship(e)
			if i < 0 || i == j {
				continue
			}
			w := adj[k]
			if sg.mark[w] == sg.stamp || avoid != nil && avoid(w) {
				continue
			}
			sg.mark[w] = sg.stamp
			stack[n] = w
			n++
		}
	}
	return false
}

// endShip reports whether ship j is an end ship (S58, V9): it has a free
// end; or it lies on a loop and one of its ends holds the seat's building;
// or it lies on a loop that passes no corner with the seat's building.
func (sg *shipGraph) endShip(j int) bool {
	g, b := sg.g, sg.g.b
	e := sg.es[j]
	ends := b.EdgeEnds(e)
	for _, v := range ends {
		if g.building(v, sg.s) {
			continue
		}
		free := true
		for _, f := range b.CornerEdges(v) {
			if f != e && g.hasShip(f, sg.s) {
				free = false
			}
		}
		if free {
			return true
		}
	}
	if (g.building(ends[0], sg.s) || g.building(ends[1], sg.s)) && sg.onCycle(j, nil) {
		return true
	}
	return sg.onCycle(j, func(c int) bool { return g.building(c, sg.s) })
}

// closed reports whether ship j is closed (S57): it lies on a path of the
// seat's ships (consecutive ships sharing a corner, no corner twice) whose
// two end corners are two different corners holding the seat's buildings
// (or villages it trades with). A loop back to one building does not
// close its ships, whatever joins that building to another.
func (sg *shipGraph) closed(j int) bool {
	ends := sg.g.b.EdgeEnds(sg.es[j])
	var on cornerSet
	on.add(ends[0])
	on.add(ends[1])
	// Every path from one end of the ship to an anchor, then from the
	// other end to a different anchor through none of its corners.
	return sg.paths(ends[0], &on, func(a int) bool {
		return sg.paths(ends[1], &on, func(b int) bool { return a != b })
	})
}

// paths calls visit(anchor) for every anchor corner reachable from corner
// v (itself included) by a path of the seat's ships through no corner of
// on, until visit returns true. The corners of the path to the anchor are
// in on while visit runs.
func (sg *shipGraph) paths(v int, on *cornerSet, visit func(int) bool) bool {
	if sg.anchor(v) && visit(v) {
		return true
	}
	b := sg.g.b
	adj := b.CornerAdjacent(v)
	for k, e := range b.CornerEdges(v) {
		w := adj[k]
		if sg.ship(e) < 0 || on.has(w) {
			continue
		}
		on.add(w)
		found := sg.paths(w, on, visit)
		on.remove(w)
		if found {
			return true
		}
	}
	return false
}

// movableProblem reports why seat s's ship on edge e may not move, or ""
// (S59, S45, S57, S58, S60). In pirate-islands ships move like any ships;
// S118 judges where they go (shipProblem).
func (g *Game) movableProblem(s, e int) (string, string) {
	if !g.hasShip(e, s) {
		return "S59", "you have no ship there"
	}
	var sg shipGraph
	g.shipGraph(&sg, s)
	return g.movable(&sg, e)
}

// movable is movableProblem for one of the seat's ships, with its graph.
func (g *Game) movable(sg *shipGraph, e int) (string, string) {
	if g.flags.ShipMoved {
		return "S59", "one ship move per turn"
	}
	if int(g.edges[e].built) == g.turn {
		return "S60", "a ship built this turn cannot move"
	}
	if g.besidePirate(e) {
		return "S45", "a ship beside the pirate cannot move away"
	}
	j := sg.ship(e)
	if sg.closed(j) {
		return "S57", "the ship is on a closed route"
	}
	if !sg.endShip(j) {
		return "S58", "only an end ship may move"
	}
	return "", ""
}

// moveShip moves one of the seat's ships (S59).
func (g *Game) moveShip(s int, a *Action, en *entry) error {
	from := g.b.EdgeIndex(a.Edge)
	to := g.b.EdgeIndex(a.Edge2)
	if from < 0 || to < 0 {
		return ruleErr("S15", a, "both edges must be edges of the board")
	}
	// The ship moves are known (shipMoves); only a refusal needs its
	// reason.
	var moves *moveCache
	if !g.flags.ShipMoved && g.hasShip(from, s) {
		moves = g.shipMoves(s)
	}
	if moves == nil || !moves.mobile.has(from) {
		if rule, why := g.movableProblem(s, from); rule != "" {
			return ruleErr(rule, a, "%s", why)
		}
	}
	if from == to {
		return ruleErr("S59", a, "the ship must move to another edge")
	}
	if moves == nil || !moves.lists(from, to) {
		if rule, why := g.shipProblem(s, to, false, -1, from); rule != "" {
			return ruleErr(rule, a, "%s (judged without the moved ship)", why)
		}
	}
	// The ship keeps what it was: its turn of building and, in
	// pirate-islands, its warship status (S60, S120).
	g.moveShipPiece(from, to)
	g.flags.ShipMoved = true
	g.buildAction()
	g.log.add(g.colour(s).String(), " moves a ship from ").edge(a.Edge).add(" to ").edge(a.Edge2).end()
	return g.afterEdge(s, to, Ship, en.src)
}
