package seafarers

import (
	"slices"

	"github.com/elasund/elasund/engine/seafarers/board"

	game "github.com/elasund/elasund/engine/seafarers"
)

// targetKind is what a network grows toward.
type targetKind int8

// The targets of a network.
const (
	noTarget targetKind = iota
	tSettle             // a corner to settle (S49)
	tFog                // a corner touching fog, to explore (S99)
	tVillage            // a village corner, to connect by ships (S108)
	tGift               // a gift edge, to take by a ship (S104)
)

// target is a place worth reaching: a corner (or, for a gift, an edge)
// and what reaching it is worth in points.
type target struct {
	kind   targetKind
	corner int
	edge   int
	value  float64
}

// canSettle reports whether a settlement could ever stand on corner c as
// the board is now, once a road or ship of mine reaches it (S48, S49,
// S17, S102, S107, S117).
func (v *view) canSettle(c int) bool {
	g, b := v.g, v.b
	if !g.LandCorner(c) || v.occupied[c] {
		return false
	}
	if _, village := g.VillageCloth(c); village {
		return false
	}
	for _, n := range b.CornerAdjacent(c) {
		if v.occupied[n] {
			return false
		}
	}
	areas := v.boardAreas()
	for _, h := range b.CornerHexes(c) {
		if h < 0 {
			continue
		}
		switch g.Hex(h).Terrain {
		case board.Fog, board.Unknown:
			return false
		}
		if g.Pending(h) {
			return false
		}
		if a := b.HexArea(h); v.sc != board.NewWorld && a >= 0 && a < len(areas) && areas[a].Closed {
			return false
		}
	}
	if v.sc == board.PirateIslands {
		a := g.CornerArea(c)
		as := v.areas()
		if a < 0 || a >= len(as) || as[a].Name != "east" {
			return false
		}
	}
	return true
}

// islandPoints returns the special victory points a settlement I build on
// corner c would earn (S91–S97, S127).
func (v *view) islandPoints(c int) int {
	area := v.g.CornerArea(c)
	as := v.areas()
	if area < 0 || area >= len(as) {
		return 0
	}
	switch v.sc {
	case board.NewShores, board.ThroughTheDesert, board.WondersOfCatan, board.NewWorld, board.FourIslands:
	default:
		return 0
	}
	p := v.islands()
	if p == nil {
		return 0
	}
	name := as[area].Name
	home := slices.Contains(p.home, name)
	switch v.sc {
	case board.NewShores, board.ThroughTheDesert, board.WondersOfCatan:
		if len(p.rewarded) == 0 && as[area].Reward {
			return v.opts.IslandSVP
		}
	case board.NewWorld:
		if len(p.rewarded) == 0 && !home {
			return v.opts.IslandSVP
		}
	case board.FourIslands:
		if !home && !slices.Contains(p.rewarded, name) {
			if len(p.rewarded) == 0 && v.opts.IslandSVP == 1 {
				return 1
			}
			return 2
		}
	}
	return 0
}

// islands are a seat's home islands and the areas whose special victory
// points it has had (S91–S97), as the stored state lists them, and the
// buildings it had placed when they were read (placedBuildings).
type islands struct {
	placed         int
	home, rewarded []string
}

// islandBook remembers each seat's islands along one line of play. They
// change only when the seat places a settlement, so a view that shares a
// book reads the stored state (which is slow to build) only after that.
type islandBook [game.Orange + 1]*islands

// placedBuildings counts the buildings seat c has placed: a city takes the
// place of a settlement, so only a new settlement changes the count.
func placedBuildings(g *game.Game, c game.Colour) int {
	sup := g.Supply(c)
	return 9 - sup[0] - sup[1]
}

// islands returns my islands, from the view's book when it has them for
// the buildings I have placed, else from the stored state (recording them
// in the book); nil when the state has no player of my colour.
func (v *view) islands() *islands {
	n := placedBuildings(v.g, v.me)
	if v.book != nil {
		if p := v.book[v.me]; p != nil && p.placed == n {
			return p
		}
	}
	st := v.state().Players[v.me.String()]
	if st == nil {
		return nil
	}
	p := &islands{placed: n, rewarded: st.Rewarded}
	if st.HomeIslands != nil {
		p.home = *st.HomeIslands
	}
	if v.book != nil {
		v.book[v.me] = p
	}
	return p
}

// settleValue is what a settlement of mine on corner c is worth: its
// point, its production for the rest of the game, a new resource, a
// harbour, special victory points and a wonder's requirement.
func (v *view) settleValue(c int) float64 {
	pips := v.cornerPips(c)
	// A resource I do not produce yet is worth more than its pips.
	for _, h := range v.b.CornerHexes(c) {
		if h >= 0 && v.res[h] != game.NoResource && v.prod[v.mi][v.res[h]-1] == 0 && v.pips[h] > 0 {
			pips += 1.5
		}
	}
	switch k := v.g.CornerHarbour(c); {
	case k == board.Harbour3to1:
		if v.rates[0] == 4 || v.rates[1] == 4 {
			pips += 1.5
		}
	case k >= board.HarbourBrick && k <= board.HarbourOre:
		r := int(k) - 1
		if v.rates[r] > 2 {
			own := 0.0
			for _, h := range v.b.CornerHexes(c) {
				if h >= 0 && v.res[h] == game.Resources[r] {
					own += v.pips[h]
				}
			}
			pips += 0.3 * (v.prod[v.mi][r] + own)
		}
	}
	val := vpPoints + pips*v.pipValue()
	val += float64(v.islandPoints(c)) * vpPoints
	if v.sc == board.WondersOfCatan {
		val += v.wonderCornerValue(c)
	}
	return val
}

// wonderCornerValue is what a building on corner c adds toward starting a
// wonder: a strait corner for the Great Bridge, a wasteland corner for the
// Great Wall, while I have no wonder and that one is free (S128).
func (v *view) wonderCornerValue(c int) float64 {
	if v.myWonder() != game.NoWonder {
		return 0
	}
	var w game.Wonder
	switch v.b.CornerMarkAt(v.b.Corner(c)) {
	case board.Strait:
		w = game.GreatBridge
	case board.Wasteland:
		w = game.GreatWall
	default:
		return 0
	}
	if o, _ := v.g.Wonder(w); o != game.NoColour {
		return 0
	}
	return 8
}

// myWonder returns the wonder I started, or NoWonder.
func (v *view) myWonder() game.Wonder {
	for w := game.Theater; w <= game.Cathedral; w++ {
		if o, _ := v.g.Wonder(w); o == v.me {
			return w
		}
	}
	return game.NoWonder
}

// targets lists what my network may grow toward, with their values.
func (v *view) targets() []target {
	var out []target
	b := v.b
	for c := range b.NumCorners() {
		if v.canSettle(c) {
			out = append(out, target{kind: tSettle, corner: c, edge: -1, value: v.settleValue(c)})
		}
	}
	switch v.sc {
	case board.FogIsland:
		for c := range b.NumCorners() {
			for _, h := range b.CornerHexes(c) {
				if h >= 0 && v.g.Hex(h).Terrain == board.Fog && !v.g.Pending(h) {
					out = append(out, target{kind: tFog, corner: c, edge: -1, value: fogValue})
					break
				}
			}
		}
	case board.ClothForCatan:
		out = append(out, v.villageTargets()...)
	case board.ForgottenTribe:
		out = append(out, v.giftTargets()...)
	}
	return out
}

// fogValue is what exploring a fog position is worth: a card at once,
// and most often new land to settle (S99).
const fogValue = 15

// villageTargets are the villages I am not connected to (S108, S109): a
// cloth at once, and one on each roll of the village's number while it
// has cloth, two cloth being a point.
func (v *view) villageTargets() []target {
	st := v.state()
	if st.ScenarioState.Villages == nil {
		return nil
	}
	var out []target
	for _, vs := range *st.ScenarioState.Villages {
		if slices.Contains(vs.Connected, v.me.String()) {
			continue
		}
		k, err := board.ParseCorner(vs.At)
		if err != nil {
			continue
		}
		c := v.b.CornerIndex(k)
		if c < 0 {
			continue
		}
		value := 0.0
		if vs.Cloth > 0 {
			value = vpPoints / 2
			rolls := pipsOf(vs.Number) / 36 * v.rolls
			supply := 0.0
			if st.ScenarioState.ClothSupply != nil {
				supply = float64(*st.ScenarioState.ClothSupply) / 3
			}
			value += vpPoints / 2 * min(float64(vs.Cloth-1)+supply, rolls) * 0.8
		}
		if value > 0 {
			out = append(out, target{kind: tVillage, corner: c, edge: -1, value: value})
		}
	}
	return out
}

// giftTargets are the forgotten tribe's gifts still on their edges
// (S104): a point, a development card or a harbour.
func (v *view) giftTargets() []target {
	st := v.state()
	if st.ScenarioState.Gifts == nil {
		return nil
	}
	cards := v.unseenCards() > 0
	var out []target
	for _, gs := range *st.ScenarioState.Gifts {
		k, err := board.ParseEdge(gs.At)
		if err != nil {
			continue
		}
		e := v.b.EdgeIndex(k)
		if e < 0 {
			continue
		}
		var value float64
		switch gs.Kind {
		case "svp":
			value = 1.5 * vpPoints // a point for a few ships
		case "card":
			if !cards {
				continue // no card is left to draw: leave it alone
			}
			value = v.devValue()
		case "harbour":
			value = 4
		}
		out = append(out, target{kind: tGift, corner: -1, edge: e, value: value})
	}
	return out
}

// reach returns the distance of target t from network n and the pieces
// to build; ok is false when it cannot be reached.
func (n *network) reach(t target) (int, []step, bool) {
	return n.reachPath(t, true)
}

// distance returns the distance of target t from network n; ok is false
// when it cannot be reached.
func (n *network) distance(t target) (int, bool) {
	d, _, ok := n.reachPath(t, false)
	return d, ok
}

// reachPath is reach, building the path only when asked.
func (n *network) reachPath(t target, withPath bool) (int, []step, bool) {
	v := n.v
	path := func(c, m int) []step {
		if !withPath {
			return nil
		}
		return n.path(c, m)
	}
	switch t.kind {
	case tGift:
		if !n.free(t.edge) {
			if n.own(t.edge, modeShip) {
				return 0, nil, true // taken in the what-if
			}
			return 0, nil, false
		}
		if !v.shipOK(t.edge) {
			return 0, nil, false
		}
		best, at := unreached, -1
		for _, c := range v.b.EdgeEnds(t.edge) {
			if d := int(n.dist[c][modeShip]); d < best && !n.blocked(c) {
				best, at = d, c
			}
		}
		if at < 0 {
			return 0, nil, false
		}
		return best + 1, append(path(at, modeShip), step{edge: t.edge, ship: true}), true
	case tVillage:
		d := int(n.dist[t.corner][modeShip])
		if d >= unreached {
			return 0, nil, false
		}
		return d, path(t.corner, modeShip), true
	}
	d, m := n.to(t.corner)
	if d >= unreached {
		return 0, nil, false
	}
	return d, path(t.corner, m), true
}

// potential is what my network is worth for the targets it can reach: the
// best few targets, each discounted by the pieces still to build. A
// settlement corner beside the overlay's building does not count.
func (n *network) potential(ts []target) float64 {
	var best [4]float64
	for _, t := range ts {
		if t.kind == tSettle && n.o.building >= 0 && (t.corner == n.o.building || slices.Contains(n.v.b.CornerAdjacent(n.o.building), t.corner)) {
			continue
		}
		d, ok := n.distance(t)
		if !ok || d > 8 {
			continue
		}
		val := t.value * discount(d)
		for i := range best {
			if val > best[i] {
				copy(best[i+1:], best[i:len(best)-1])
				best[i] = val
				break
			}
		}
	}
	return best[0] + 0.5*best[1] + 0.25*best[2] + 0.125*best[3]
}

// discount is the share of a target's value a network d pieces away has.
func discount(d int) float64 {
	f := 1.0
	for range d {
		f *= 0.6
	}
	return f
}
