package elasund

import (
	"fmt"
	"slices"
)

// buildPlan is a checked building action, ready to resolve.
type buildPlan struct {
	squares []Square
	touched []int // indices into State.Buildings of buildings in the footprint
	permits []int // indices into State.Permits of permits in the footprint (S)
	comp    [5]int
	total   int // compensation to all other players
	same    int // same-size buildings touched
}

// errRefused stands for any refusal when only legality matters (listing
// legal actions), so no message is formatted.
var errRefused = &RuleError{Rule: "R46", Reason: "refused"}

// planBuild checks a build action in the order of R47-R54. When quiet is
// set, refusals return errRefused without a message.
func (g *Game) planBuild(ix *index, seat Colour, a Action, quiet bool) (*buildPlan, error) {
	ruleErr := func(rule string, a Action, format string, args ...any) error {
		if quiet {
			return errRefused
		}
		return ruleErr(rule, a, format, args...)
	}
	st := g.st
	p := st.Players[seat]
	k := a.Building
	sp := k.Spec()
	// R47, R99: the piece must be in supply.
	switch {
	case sp.Starter:
		return nil, ruleErr("R47", a, "starters are never built; they are only rebuilt when displaced")
	case k == House || k == Workshop:
		if !p.hasBuilding(k) {
			return nil, ruleErr("R99", a, "%s's %s is not in supply", seat, k)
		}
	case sp.Neutral:
		if st.Supply.Neutral.Of(k) == 0 {
			return nil, ruleErr("R99", a, "no %s is left in the stack", k)
		}
	default:
		return nil, ruleErr("R47", a, "not a building")
	}
	// R49: the footprint lies in the city, off the church site and tiles.
	sq, ok := footprint(a.At, sp.W, sp.H)
	if !ok {
		return nil, ruleErr("R49", a, "a %d×%d %s anchored on %s does not fit on the board", sp.W, sp.H, k, a.At)
	}
	for _, s := range sq {
		switch {
		case !inCity(s, g.players()):
			return nil, ruleErr("R49", a, "%s is outside the city", s)
		case g.bareFoundation(s):
			return nil, ruleErr("R13", a, "%s is the church building site", s)
		case ix.church[s.Col][s.Row]:
			return nil, ruleErr("R80", a, "a church tile stands on %s", s)
		}
	}
	plan := &buildPlan{squares: sq}
	// R50, R51: what the footprint touches.
	for _, s := range sq {
		if i := ix.bld[s.Col][s.Row] - 1; i >= 0 && !slices.Contains(plan.touched, i) {
			plan.touched = append(plan.touched, i)
		}
		if i := ix.permit[s.Col][s.Row] - 1; i >= 0 {
			plan.permits = append(plan.permits, i)
		}
	}
	for _, i := range plan.touched {
		b := st.Buildings[i]
		switch size := b.Kind.Spec().Size(); {
		case size > sp.Size():
			return nil, ruleErr("R50", a, "the %s on %s is bigger than a %s", b.Kind, b.At, k)
		case size == sp.Size():
			plan.same++
		}
	}
	if plan.same > 0 && a.Colour == NoCard {
		return nil, ruleErr("R51", a, "the footprint touches a building of the same size: pay 3 matching influence with \"over <colour>\"")
	}
	if plan.same == 0 && a.Colour != NoCard {
		return nil, ruleErr("R51", a, "\"over\" is only for building over same-size buildings, and this footprint touches none")
	}
	if cap := g.cfg.Options.SameSizeCap; cap > 0 && plan.same > cap {
		return nil, ruleErr("R51", a, "one influence payment covers at most %d same-size buildings; this touches %d", cap, plan.same)
	}
	// R52: permits: enough of them, and a strict majority of value.
	if len(plan.permits) < sp.Permits {
		return nil, ruleErr("R52", a, "a %s needs %d permit(s) in its footprint; there are %d", k, sp.Permits, len(plan.permits))
	}
	var sum [5]int
	mine := false
	for _, i := range plan.permits {
		pm := st.Permits[i]
		sum[pm.Owner] += pm.Value
		if pm.Owner == seat {
			mine = true
		} else {
			plan.comp[pm.Owner] += pm.Value // R48
		}
	}
	if !mine {
		return nil, ruleErr("R52", a, "%s has no permit in the footprint", seat)
	}
	for c := Red; c <= Yellow; c++ {
		if c == seat {
			continue
		}
		plan.total += plan.comp[c]
		if hasPermitOf(st, plan.permits, c) && sum[c] >= sum[seat] {
			return nil, ruleErr("R52", a, "%s's permits (%d) do not beat %s's (%d)", seat, sum[seat], c, sum[c])
		}
	}
	// R53: gold for the cost and the compensation.
	if need := sp.Cost + plan.total; p.Gold < need {
		return nil, ruleErr("R53", a, "%s needs %d gold (cost %d + compensation %d) and holds %d", seat, need, sp.Cost, plan.total, p.Gold)
	}
	// R54: three matching influence for a same-size build.
	if plan.same > 0 {
		if !a.Colour.Influence() {
			return nil, ruleErr("R54", a, "name an influence colour after \"over\"")
		}
		if n := p.Influence.Of(a.Colour); n < 3 {
			return nil, ruleErr("R54", a, "%s needs 3 %s influence cards and holds %d", seat, g.cfg.CardName(a.Colour), n)
		}
	}
	return plan, nil
}

func hasPermitOf(st *State, idx []int, c Colour) bool {
	for _, i := range idx {
		if st.Permits[i].Owner == c {
			return true
		}
	}
	return false
}

// build resolves a building action in the order of R55.
func (g *Game) build(seat Colour, a Action) ([]string, error) {
	st := g.st
	ix := g.index()
	plan, err := g.planBuild(ix, seat, a, false)
	if err != nil {
		return nil, err
	}
	p := st.Players[seat]
	sp := a.Building.Spec()
	var ev []string
	// 1. Compensation; 2. the cost; 3. influence.
	for _, c := range g.fromActive() {
		if v := plan.comp[c]; v > 0 {
			p.Gold -= v
			st.Players[c].Gold += v
			ev = append(ev, fmt.Sprintf("%s pays %s %d gold compensation", seat, c, v))
		}
	}
	p.Gold -= sp.Cost
	st.Supply.Gold += sp.Cost
	if plan.same > 0 {
		p.Influence.add(a.Colour, -3)
		st.Supply.InfluenceDiscard.add(a.Colour, 3)
	}
	// 4. Every permit in the footprint goes home.
	for _, i := range plan.permits {
		pm := st.Permits[i]
		st.Players[pm.Owner].Permits = append(st.Players[pm.Owner].Permits, pm.Value)
	}
	st.Permits = deleteIndices(st.Permits, plan.permits)
	// 5. Remove the buildings in the footprint (R56).
	delta := map[Colour]int{}
	removed := make([]Building, 0, len(plan.touched))
	for _, i := range plan.touched {
		removed = append(removed, st.Buildings[i])
	}
	st.Buildings = deleteIndices(st.Buildings, plan.touched)
	var rebuilds []Pending
	for _, b := range removed {
		bigger := b.Kind.Spec().Size() < sp.Size()
		ev = append(ev, g.unbuild(b, bigger, delta, &rebuilds)...)
	}
	// 6. Place; 7. cubes on the flags (R97).
	nb := Building{Kind: a.Building, Owner: seat, At: a.At}
	if sp.Neutral {
		*st.Supply.Neutral.at(a.Building) -= 1
		placed := min(sp.Flags, p.Cubes)
		p.Cubes -= placed
		if placed < sp.Flags {
			nb.Cubes = &placed
		}
	} else {
		i := slices.Index(p.Buildings, a.Building)
		p.Buildings = slices.Delete(p.Buildings, i, i+1)
	}
	st.Buildings = append(st.Buildings, nb)
	ev = append(ev, fmt.Sprintf("%s builds a %s on %s", seat, a.Building, a.At))
	// 8. Trade points (R60).
	delta[seat] += g.buildingTrade(nb)
	ev = append(ev, g.applyTrade(delta)...)
	// 9. Rebuilds wait their turn (R67).
	g.queueRebuilds(rebuilds)
	return ev, nil
}

func deleteIndices[T any](list []T, idx []int) []T {
	out := list[:0:0]
	for i, v := range list {
		if !slices.Contains(idx, i) {
			out = append(out, v)
		}
	}
	return out
}

// unbuild applies R56 to a building taken off the board. bigger says
// whether a bigger building displaced it (V14).
func (g *Game) unbuild(b Building, bigger bool, delta map[Colour]int, rebuilds *[]Pending) []string {
	ev := []string{fmt.Sprintf("%s's %s on %s is removed", b.Owner, b.Kind, b.At)}
	g.returnToSupply(b)
	if b.Kind.Spec().Starter {
		if bigger || !g.cfg.Options.HutBiggerOnly {
			at := b.At
			*rebuilds = append(*rebuilds, Pending{Seat: b.Owner, Kind: PendingRebuild, Building: b.Kind, At: &at})
		} else {
			ev = append(ev, fmt.Sprintf("%s's %s leaves the game", b.Owner, b.Kind))
		}
	}
	delta[b.Owner] -= g.buildingTrade(b)
	return ev
}

// returnToSupply puts a building taken off the board back where it came
// from (R56): a neutral building to its stack and its cubes to the owner, a
// House or Workshop to its owner's supply. Starters have no supply.
func (g *Game) returnToSupply(b Building) {
	owner := g.st.Players[b.Owner]
	switch sp := b.Kind.Spec(); {
	case sp.Neutral:
		*g.st.Supply.Neutral.at(b.Kind) += 1
		owner.Cubes += b.cubes()
	case !sp.Starter:
		owner.Buildings = append(owner.Buildings, b.Kind)
	}
}

// queueRebuilds orders displaced starters: the active player first, then
// clockwise from the left neighbour (R67, V16).
func (g *Game) queueRebuilds(rb []Pending) {
	for _, c := range g.fromActive() {
		for _, p := range rb {
			if p.Seat == c {
				g.st.Pending = append(g.st.Pending, p)
			}
		}
	}
}

// applyTrade moves trade disks by their net change (R60, V21): losses
// first, so flags they free are there for the gains.
func (g *Game) applyTrade(delta map[Colour]int) []string {
	var ev []string
	for _, pass := range []int{-1, 1} {
		for _, c := range g.fromActive() {
			d := delta[c]
			if d == 0 || (d < 0) != (pass < 0) {
				continue
			}
			ev = append(ev, g.moveTrade(c, d)...)
		}
	}
	return ev
}

// moveTrade moves c's trade disk by d and puts or takes its flag cubes
// (R60-R62, R97).
func (g *Game) moveTrade(c Colour, d int) []string {
	st := g.st
	p := st.Players[c]
	old := p.Trade
	now := max(old+d, 0)
	if g.cfg.Options.TradeCap11 {
		now = min(now, maxTrade)
	}
	p.Trade = now
	ev := []string{fmt.Sprintf("%s trade %d → %d", c, old, now)}
	for i, sp := range tradeSpaces {
		on := slices.Contains(st.TradeFlags[i], c)
		switch {
		case now > old && old < sp.Pos && sp.Pos <= now && !on && len(st.TradeFlags[i]) < sp.Flags && p.Cubes > 0:
			st.TradeFlags[i] = append(st.TradeFlags[i], c)
			p.Cubes--
			ev = append(ev, fmt.Sprintf("%s puts a cube on trade space %d", c, sp.Pos))
		case now < old && now < sp.Pos && sp.Pos <= old && on:
			j := slices.Index(st.TradeFlags[i], c)
			st.TradeFlags[i] = slices.Delete(st.TradeFlags[i], j, j+1)
			p.Cubes++
			ev = append(ev, fmt.Sprintf("%s takes back the cube on trade space %d", c, sp.Pos))
		}
	}
	return ev
}

// ---- (B) walls ----

// wallOpen reports whether a tile may go on w now (R73, V17).
func (g *Game) wallOpen(w WallSpace) bool {
	n := g.players()
	if !isWallSlot(w, n) || g.wallAt(w) >= 0 {
		return false
	}
	if w.Side == East && g.cfg.Options.WallsCheapFirst {
		for _, s := range wallSlots(n) {
			if s.Side != East && g.wallAt(s) < 0 {
				return false
			}
		}
	}
	adj, gate := wallNeighbours(w, n)
	if gate {
		return true
	}
	for _, s := range adj {
		if g.wallAt(s) >= 0 {
			return true
		}
	}
	return false
}

func (g *Game) wallAt(w WallSpace) int {
	for i, x := range g.st.Walls {
		if x.At == w {
			return i
		}
	}
	return -1
}

// openWalls lists the slots open now, in slot order, optionally on one side.
func (g *Game) openWalls(side WallSide) []WallSpace {
	var out []WallSpace
	for _, s := range wallSlots(g.players()) {
		if (side == NoSide || s.Side == side) && g.wallOpen(s) {
			out = append(out, s)
		}
	}
	return out
}

func (g *Game) wall(seat Colour, a Action, rng Rand) ([]string, error) {
	st := g.st
	p := st.Players[seat]
	if p.Walls >= wallTiles {
		return nil, ruleErr("R76", a, "%s has built all 9 wall tiles", seat)
	}
	w := a.Wall
	if w.Index < 0 {
		open := g.openWalls(w.Side)
		switch len(open) {
		case 0:
			return nil, ruleErr("R73", a, "no wall space is open on the %s side", a.Wall)
		case 1:
			w = open[0]
		default:
			return nil, ruleErr("R73", a, "%d wall spaces are open on the %s side: name one (%s or %s)", len(open), a.Wall, open[0], open[1])
		}
	}
	if !isWallSlot(w, g.players()) {
		return nil, ruleErr("R4", a, "%s is not a wall space with %d players", w, g.players())
	}
	if g.wallAt(w) >= 0 {
		return nil, ruleErr("R73", a, "%s already has a wall tile", w)
	}
	if !g.wallOpen(w) {
		if w.Side == East && g.cfg.Options.WallsCheapFirst && len(g.openWalls(North))+len(g.openWalls(South)) > 0 {
			return nil, ruleErr("R73", a, "the east wall opens only when the north and south walls are full (walls_cheap_first, V17)")
		}
		return nil, ruleErr("R73", a, "%s touches neither a gate nor a wall tile", w)
	}
	if err := g.payGold(seat, a, wallCost(w), "R74"); err != nil {
		return nil, err
	}
	p.Walls++
	nw := Wall{Owner: seat, Tile: p.Walls, At: w}
	ev := []string{fmt.Sprintf("%s builds wall tile %d on %s", seat, p.Walls, w)}
	cards, tower := wallReward(p.Walls)
	switch {
	case tower && p.Cubes > 0:
		p.Cubes--
		ev = append(ev, fmt.Sprintf("%s puts a cube on the tower", seat))
	case tower:
		nw.NoCube = true // R97: no cube left to place
	}
	st.Walls = append(st.Walls, nw)
	for i := 0; i < cards; i++ {
		card, ok := g.draw(rng) // R36: what is there
		if !ok {
			ev = append(ev, "no influence card is left to draw")
			break
		}
		p.Influence.add(card, 1)
		ev = append(ev, fmt.Sprintf("%s +1 %s (wall reward)", seat, g.cfg.CardName(card)))
	}
	return ev, nil
}

// ---- (C) the church ----

// firstChurchDraw draws the two tiles of the first church build (R78)
// without changing the stack.
func firstChurchDraw(stack []Tile, rng Rand) (Tile, Tile) {
	rest := append([]Tile{}, stack...)
	i := rng.Intn(StreamChurch, len(rest))
	t1 := rest[i]
	rest = slices.Delete(rest, i, i+1)
	if len(rest) == 0 {
		return t1, NoTile
	}
	return t1, rest[rng.Intn(StreamChurch, len(rest))]
}

func (g *Game) church(seat Colour, a Action, rng Rand) ([]string, error) {
	st := g.st
	p := st.Players[seat]
	stack := st.Supply.ChurchStack
	if len(stack) == 0 {
		return nil, ruleErr("R83", a, "every church tile is built")
	}
	if p.Gold < churchCost {
		return nil, ruleErr("R77", a, "a church tile costs 7 gold; %s holds %d", seat, p.Gold)
	}
	var tile Tile
	var at Square
	var ev []string
	pr0, pc0, built := g.churchOrigin()
	if !built {
		t1, t2 := firstChurchDraw(stack, rng)
		if a.Tile == NoTile {
			return nil, ruleErr("R78", a, "the first church tile is chosen from the two drawn: church %s or church %s", t1, t2)
		}
		if a.Tile != t1 && a.Tile != t2 {
			return nil, ruleErr("R78", a, "the two tiles drawn are %s and %s", t1, t2)
		}
		other := t1
		if a.Tile == t1 {
			other = t2
		}
		tile, at = a.Tile, Foundation
		var rest []Tile
		for _, t := range stack {
			if t != t1 && t != t2 {
				rest = append(rest, t)
			}
		}
		if other != NoTile {
			rest = append(rest, other)
			st.Supply.ChurchBottom = &other
		}
		st.Supply.ChurchStack = rest
		ev = append(ev, fmt.Sprintf("%s draws two church tiles, keeps %s and puts the other at the bottom", seat, tile))
	} else {
		if a.Tile != NoTile {
			return nil, ruleErr("R79", a, "later church tiles are drawn, not chosen: write \"church\"")
		}
		n := len(stack)
		if st.Supply.ChurchBottom != nil && n > 1 {
			n-- // the bottom tile comes last
		}
		i := rng.Intn(StreamChurch, n)
		tile = stack[i]
		st.Supply.ChurchStack = slices.Delete(append([]Tile{}, stack...), i, i+1)
		if len(st.Supply.ChurchStack) == 0 {
			st.Supply.ChurchBottom = nil
		}
		at = churchTarget(tile, pr0, pc0)
		ev = append(ev, fmt.Sprintf("%s draws church tile %s", seat, tile))
	}
	p.Gold -= churchCost
	st.Supply.Gold += churchCost
	// R81: clear the target square.
	delta := map[Colour]int{}
	var rebuilds []Pending
	for i, pm := range st.Permits {
		if pm.At == at {
			st.Players[pm.Owner].Permits = append(st.Players[pm.Owner].Permits, pm.Value)
			st.Permits = slices.Delete(st.Permits, i, i+1)
			ev = append(ev, fmt.Sprintf("%s's permit %d on %s goes back", pm.Owner, pm.Value, at))
			break
		}
	}
	for i, b := range st.Buildings {
		if slices.Contains(b.Squares(), at) {
			st.Buildings = slices.Delete(st.Buildings, i, i+1)
			ev = append(ev, g.unbuild(b, false, delta, &rebuilds)...)
			break
		}
	}
	ct := ChurchTile{Tile: tile, Owner: seat, At: at}
	if p.Cubes > 0 {
		p.Cubes--
	} else {
		ct.NoCube = true // R97: no cube left to place
	}
	st.Church = append(st.Church, ct)
	ev = append(ev, fmt.Sprintf("%s builds church tile %s on %s", seat, tile, at))
	ev = append(ev, g.applyTrade(delta)...)
	g.queueRebuilds(rebuilds)
	return ev, nil
}
