package seafarers

import (
	"fmt"

	"github.com/elasund/elasund/engine/seafarers/board"
)

// shipGraph is one seat's ships as a small graph over corners, for the end
// ship and closed ship rules (S57, S58).
type shipGraph struct {
	g      *Game
	s      int
	es     []int          // the seat's ship edges
	local  map[int]int    // edge → index in es
	anchor func(int) bool // corners counting as the seat's building (S57)
}

// ships returns seat s's ship graph.
func (g *Game) shipGraph(s int) *shipGraph {
	sg := &shipGraph{g: g, s: s, local: map[int]int{}}
	for e := range g.edges {
		if g.hasShip(e, s) {
			sg.local[e] = len(sg.es)
			sg.es = append(sg.es, e)
		}
	}
	sg.anchor = func(c int) bool {
		if g.building(c, s) {
			return true
		}
		if v := g.cfg.cornerVillage[c]; v >= 0 && g.villages[v].connected&(1<<s) != 0 {
			return true
		}
		return false
	}
	return sg
}

// reach returns the corners reachable from corner from along the ships not
// in skip (a bit per index of es).
func (sg *shipGraph) reach(from int, skip uint32) map[int]bool {
	seen := map[int]bool{from: true}
	stack := []int{from}
	b := sg.g.b
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for k, e := range b.CornerEdges(v) {
			j, ok := sg.local[e]
			if !ok || skip&(1<<j) != 0 {
				continue
			}
			n := b.CornerAdjacent(v)[k]
			if !seen[n] {
				seen[n] = true
				stack = append(stack, n)
			}
		}
	}
	return seen
}

// onCycle reports whether ship j lies on a loop of the seat's ships that
// avoids the corners in avoid (S58): its two ends stay joined without it.
func (sg *shipGraph) onCycle(j int, avoid func(int) bool) bool {
	b := sg.g.b
	ends := b.EdgeEnds(sg.es[j])
	if avoid != nil && (avoid(ends[0]) || avoid(ends[1])) {
		return false
	}
	seen := map[int]bool{ends[0]: true}
	stack := []int{ends[0]}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if v == ends[1] {
			return true
		}
		for k, e := range b.CornerEdges(v) {
			i, ok := sg.local[e]
			if !ok || i == j {
				continue
			}
			n := b.CornerAdjacent(v)[k]
			if seen[n] || avoid != nil && avoid(n) {
				continue
			}
			seen[n] = true
			stack = append(stack, n)
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
	for _, v := range b.EdgeEnds(e) {
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
	ends := b.EdgeEnds(e)
	if (g.building(ends[0], sg.s) || g.building(ends[1], sg.s)) && sg.onCycle(j, nil) {
		return true
	}
	return sg.onCycle(j, func(c int) bool { return g.building(c, sg.s) })
}

// closed reports whether ship j is closed (S57): it lies on a chain of the
// seat's ships whose two ends are two different corners holding the seat's
// buildings (or villages it is connected to); the chain's pieces are all
// different.
func (sg *shipGraph) closed(j int) bool {
	ends := sg.g.b.EdgeEnds(sg.es[j])
	found := false
	// Every trail from one end of the ship to an anchor, then from the
	// other end to a different anchor on the ships left.
	sg.trails(ends[0], 1<<j, func(a int, used uint32) bool {
		sg.trails(ends[1], used, func(b int, _ uint32) bool {
			if a != b {
				found = true
			}
			return found
		})
		return found
	})
	return found
}

// trails calls visit(anchor, used) for every anchor corner reachable from
// corner v by a trail of ships not in used (the empty trail included),
// until visit returns true.
func (sg *shipGraph) trails(v int, used uint32, visit func(int, uint32) bool) bool {
	if sg.anchor(v) && visit(v, used) {
		return true
	}
	b := sg.g.b
	for k, e := range b.CornerEdges(v) {
		i, ok := sg.local[e]
		if !ok || used&(1<<i) != 0 {
			continue
		}
		if sg.trails(b.CornerAdjacent(v)[k], used|1<<i, visit) {
			return true
		}
	}
	return false
}

// movable reports why seat s's ship on edge e may not move, or "" (S59,
// S45, S60, S118).
func (g *Game) movableProblem(s, e int) (string, string) {
	if g.cfg.scenario == board.PirateIslands {
		return "S118", "ships never move in pirate-islands"
	}
	if !g.hasShip(e, s) {
		return "S59", "you have no ship there"
	}
	if g.flags.ShipMoved {
		return "S59", "one ship move per turn"
	}
	if int(g.edges[e].built) == g.turn && g.turn > 0 {
		return "S60", "a ship built this turn cannot move"
	}
	if g.besidePirate(e) {
		return "S45", "a ship beside the pirate cannot move away"
	}
	sg := g.shipGraph(s)
	j := sg.local[e]
	if sg.closed(j) {
		return "S57", "the ship is on a closed route"
	}
	if !sg.endShip(j) {
		return "S58", "only an end ship may move"
	}
	return "", ""
}

// moveShip moves one of the seat's ships (S59).
func (g *Game) moveShip(s int, a Action, en *entry) ([]string, error) {
	from := g.b.EdgeIndex(a.Edge)
	to := g.b.EdgeIndex(a.Edge2)
	if from < 0 || to < 0 {
		return nil, ruleErr("S15", a, "both edges must be edges of the board")
	}
	if rule, why := g.movableProblem(s, from); rule != "" {
		return nil, ruleErr(rule, a, "%s", why)
	}
	if from == to {
		return nil, ruleErr("S59", a, "the ship must move to another edge")
	}
	if rule, why := g.shipProblem(s, to, false, -1, from); rule != "" {
		return nil, ruleErr(rule, a, "%s (judged without the moved ship)", why)
	}
	built := g.edges[from].built
	g.edges[from] = edgePiece{}
	g.edges[to] = edgePiece{own: int8(s + 1), ship: true, built: built}
	g.flags.ShipMoved = true
	g.buildAction()
	ev := []string{fmt.Sprintf("%s moves a ship from %s to %s", g.colour(s), a.Edge, a.Edge2)}
	aev, err := g.afterEdge(s, to, Ship, en.src)
	if err != nil {
		return nil, err
	}
	return append(ev, aev...), nil
}
