package elasund

import (
	"slices"

	"github.com/elasund/elasund/engine"
)

// maxFootprint is the most squares a building covers (the hall, R6).
const maxFootprint = 6

// buildPlan is a checked building action, ready to resolve.
type buildPlan struct {
	squares  [maxFootprint]Square
	nsquares int
	touched  [maxFootprint]int // indices into State.Buildings of buildings in the footprint
	ntouched int
	permits  [maxFootprint]int // indices into State.Permits of permits in the footprint
	npermits int
	comp     [5]int
	total    int // compensation to all other players
	same     int // same-size buildings touched
}

// errRefused stands for any refusal when only legality matters (listing
// legal actions), so no message is formatted.
var errRefused = &RuleError{Rule: "R46", Reason: "refused"}

// planBuild checks a build action in the order of R47-R54 and fills plan.
// When quiet is set, refusals return errRefused without a message.
func (g *Game) planBuild(ix *index, seat Colour, a Action, quiet bool, plan *buildPlan) error {
	ruleErr := func(rule string, a Action, format string, args ...any) error {
		if quiet {
			return errRefused
		}
		return ruleErr(rule, a, format, args...)
	}
	st := g.st
	p := st.Players[seat]
	k := a.Building
	sp := k.spec()
	// R47, R99: the piece must be in supply.
	switch {
	case sp.Starter:
		return ruleErr("R47", a, "starters are never built; they are only rebuilt when displaced")
	case k == House || k == Workshop:
		if !p.hasBuilding(k) {
			return ruleErr("R99", a, "%s's %s is not in supply", seat, k)
		}
	case sp.Neutral:
		if st.Supply.Neutral.Of(k) == 0 {
			return ruleErr("R99", a, "no %s is left in the stack", k)
		}
	default:
		return ruleErr("R47", a, "not a building")
	}
	// R49: the footprint lies in the city, off the church site and tiles.
	*plan = buildPlan{}
	if !(Square{Col: a.At.Col, Row: a.At.Row}).onBoard() || !(Square{Col: a.At.Col + sp.W - 1, Row: a.At.Row + sp.H - 1}).onBoard() {
		return ruleErr("R49", a, "a %d×%d %s anchored on %s does not fit on the board", sp.W, sp.H, k, a.At)
	}
	for dr := 0; dr < sp.H; dr++ {
		for dc := 0; dc < sp.W; dc++ {
			plan.squares[plan.nsquares] = Square{Col: a.At.Col + dc, Row: a.At.Row + dr}
			plan.nsquares++
		}
	}
	sq := plan.squares[:plan.nsquares]
	for _, s := range sq {
		switch {
		case !inCity(s, g.players()):
			return ruleErr("R49", a, "%s is outside the city", s)
		case g.bareFoundation(s):
			return ruleErr("R13", a, "%s is the church building site", s)
		case ix.church[s.Col][s.Row]:
			return ruleErr("R80", a, "a church tile stands on %s", s)
		}
	}
	// R50, R51: what the footprint touches.
	for _, s := range sq {
		if i := int(ix.bld[s.Col][s.Row]) - 1; i >= 0 && !slices.Contains(plan.touched[:plan.ntouched], i) {
			plan.touched[plan.ntouched] = i
			plan.ntouched++
		}
		if i := int(ix.permit[s.Col][s.Row]) - 1; i >= 0 {
			plan.permits[plan.npermits] = i
			plan.npermits++
		}
	}
	touched, permits := plan.touched[:plan.ntouched], plan.permits[:plan.npermits]
	for _, i := range touched {
		b := st.Buildings[i]
		switch size := b.Kind.spec().Size(); {
		case size > sp.Size():
			return ruleErr("R50", a, "the %s on %s is bigger than a %s", b.Kind, b.At, k)
		case size == sp.Size():
			plan.same++
		}
	}
	if plan.same > 0 && a.Colour == NoCard {
		return ruleErr("R51", a, "the footprint touches a building of the same size: pay 3 matching influence with \"over <colour>\"")
	}
	if plan.same == 0 && a.Colour != NoCard {
		return ruleErr("R51", a, "\"over\" is only for building over same-size buildings, and this footprint touches none")
	}
	if cap := g.cfg.Options.SameSizeCap; cap > 0 && plan.same > cap {
		return ruleErr("R51", a, "one influence payment covers at most %d same-size buildings; this touches %d", cap, plan.same)
	}
	// R52: permits: enough of them, and a strict majority of value.
	if len(permits) < sp.Permits {
		return ruleErr("R52", a, "a %s needs %s in its footprint; there are %d", k, counted(sp.Permits, "permit"), len(permits))
	}
	var sum [5]int
	mine := false
	for _, i := range permits {
		pm := st.Permits[i]
		sum[pm.Owner] += pm.Value
		if pm.Owner == seat {
			mine = true
		} else {
			plan.comp[pm.Owner] += pm.Value // R48
		}
	}
	if !mine {
		return ruleErr("R52", a, "%s has no permit in the footprint", seat)
	}
	for c := Red; c <= Yellow; c++ {
		if c == seat {
			continue
		}
		plan.total += plan.comp[c]
		if hasPermitOf(st, permits, c) && sum[c] >= sum[seat] {
			return ruleErr("R52", a, "%s's permits (%d) do not beat %s's (%d)", seat, sum[seat], c, sum[c])
		}
	}
	// R53: gold for the cost and the compensation.
	if need := sp.Cost + plan.total; p.Gold < need {
		return ruleErr("R53", a, "%s needs %d gold (cost %d + compensation %d) and holds %d", seat, need, sp.Cost, plan.total, p.Gold)
	}
	// R54: three matching influence for a same-size build.
	if plan.same > 0 {
		if !a.Colour.Influence() {
			return ruleErr("R54", a, "name an influence colour after \"over\"")
		}
		if n := p.Influence.Of(a.Colour); n < 3 {
			return ruleErr("R54", a, "%s needs 3 %s influence cards and holds %d", seat, g.cfg.CardName(a.Colour), n)
		}
	}
	return nil
}

func hasPermitOf(st *State, idx []int, c Colour) bool {
	for _, i := range idx {
		if st.Permits[i].Owner == c {
			return true
		}
	}
	return false
}

// tradeDelta sums the trade changes of one action by seat colour.
type tradeDelta [Yellow + 1]int

func (d *tradeDelta) add(c Colour, v int) {
	if c >= 0 && int(c) < len(d) {
		d[c] += v
	}
}

// build resolves a building action in the order of R55.
func (g *Game) build(seat Colour, a Action) error {
	st := g.st
	var tmp index
	ix := g.boardIndex(&tmp)
	var plan buildPlan
	if err := g.planBuild(ix, seat, a, false, &plan); err != nil {
		return err
	}
	p := st.Players[seat]
	sp := a.Building.spec()
	// 1. Compensation; 2. the cost; 3. influence.
	var order [4]Colour
	for _, c := range g.fromActive(&order) {
		if v := plan.comp[c]; v > 0 {
			p.Gold -= v
			st.Players[c].Gold += v
			g.emit(seat.String(), " pays ", c.String(), " ", itoa(v), " gold compensation")
		}
	}
	p.Gold -= sp.Cost
	st.Supply.Gold += sp.Cost
	if plan.same > 0 {
		p.Influence.add(a.Colour, -3)
		st.Supply.InfluenceDiscard.add(a.Colour, 3)
	}
	// 4. Every permit in the footprint goes home.
	permits, touched := plan.permits[:plan.npermits], plan.touched[:plan.ntouched]
	for _, i := range permits {
		pm := st.Permits[i]
		st.Players[pm.Owner].Permits = append(st.Players[pm.Owner].Permits, pm.Value)
	}
	if len(permits) > 0 {
		g.own(ownPermits)
		st.Permits = deleteIndices(st.Permits, permits)
	}
	// 5. Remove the buildings in the footprint (R56).
	var delta tradeDelta
	var removedBuf [maxFootprint]Building
	removed := removedBuf[:0]
	for _, i := range touched {
		removed = append(removed, st.Buildings[i])
	}
	g.own(ownBuildings)
	st.Buildings = deleteIndices(st.Buildings, touched)
	var rebuilds []Pending
	for _, b := range removed {
		bigger := b.Kind.spec().Size() < sp.Size()
		g.unbuild(b, bigger, &delta, &rebuilds)
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
	g.emit(seat.String(), " builds a ", a.Building.String(), " on ", a.At.String())
	// 8. Trade points (R60).
	delta.add(seat, g.buildingTrade(nb))
	g.applyTrade(&delta)
	// 9. Rebuilds wait their turn (R67).
	g.queueRebuilds(rebuilds)
	return nil
}

// deleteIndices removes the elements at the indices idx from list, in
// place (the list belongs to the state being changed).
func deleteIndices[T any](list []T, idx []int) []T {
	if len(idx) == 0 {
		return list
	}
	out := list[:0]
	for i, v := range list {
		if !slices.Contains(idx, i) {
			out = append(out, v)
		}
	}
	clear(list[len(out):])
	return out
}

// unbuild applies R56 to a building taken off the board. bigger says
// whether a bigger building displaced it (V14).
func (g *Game) unbuild(b Building, bigger bool, delta *tradeDelta, rebuilds *[]Pending) {
	g.emit(b.Owner.String(), "'s ", b.Kind.String(), " on ", b.At.String(), " is removed")
	g.returnToSupply(b)
	if b.Kind.spec().Starter {
		if bigger || !g.cfg.Options.HutBiggerOnly {
			at := b.At
			*rebuilds = append(*rebuilds, Pending{Seat: b.Owner, Kind: PendingRebuild, Building: b.Kind, At: &at})
		} else {
			g.emit(b.Owner.String(), "'s ", b.Kind.String(), " leaves the game")
		}
	}
	delta.add(b.Owner, -g.buildingTrade(b))
}

// returnToSupply puts a building taken off the board back where it came
// from (R56): a neutral building to its stack and its cubes to the owner, a
// House or Workshop to its owner's supply. Starters have no supply.
func (g *Game) returnToSupply(b Building) {
	owner := g.st.Players[b.Owner]
	switch sp := b.Kind.spec(); {
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
	if len(rb) == 0 {
		return
	}
	var order [4]Colour
	for _, c := range g.fromActive(&order) {
		for _, p := range rb {
			if p.Seat == c {
				g.own(ownPending)
				g.st.Pending = append(g.st.Pending, p)
			}
		}
	}
}

// applyTrade moves trade disks by their net change (R60, V21): losses
// first, so flags they free are there for the gains.
func (g *Game) applyTrade(delta *tradeDelta) {
	var order [4]Colour
	seats := g.fromActive(&order)
	for _, pass := range [2]int{-1, 1} {
		for _, c := range seats {
			var d int
			if c >= 0 && int(c) < len(delta) {
				d = delta[c]
			}
			if d == 0 || (d < 0) != (pass < 0) {
				continue
			}
			g.moveTrade(c, d)
		}
	}
}

// moveTrade moves c's trade disk by d and puts or takes its flag cubes
// (R60-R62, R97).
func (g *Game) moveTrade(c Colour, d int) {
	st := g.st
	p := st.Players[c]
	old := p.Trade
	now := max(old+d, 0)
	if g.cfg.Options.TradeCap11 {
		now = min(now, maxTrade)
	}
	p.Trade = now
	g.emit(c.String(), " trade ", itoa(old), " → ", itoa(now))
	for i, sp := range tradeSpaces {
		on := slices.Contains(st.TradeFlags[i], c)
		switch {
		case now > old && old < sp.Pos && sp.Pos <= now && !on && len(st.TradeFlags[i]) < sp.Flags && p.Cubes > 0:
			st.TradeFlags[i] = append(st.TradeFlags[i], c)
			p.Cubes--
			g.emit(c.String(), " puts a cube on trade space ", itoa(sp.Pos))
		case now < old && now < sp.Pos && sp.Pos <= old && on:
			j := slices.Index(st.TradeFlags[i], c)
			st.TradeFlags[i] = slices.Delete(st.TradeFlags[i], j, j+1)
			p.Cubes++
			g.emit(c.String(), " takes back the cube on trade space ", itoa(sp.Pos))
		}
	}
}

// ---- (B) walls ----

// wallSlotTable holds wallSlots(p) for p up to 4 players (an immutable
// table).
var wallSlotTable = func() (t [5][]WallSpace) {
	for p := range t {
		t[p] = wallSlots(p)
	}
	return t
}()

// slotsFor is wallSlots(p), shared: the caller must not change it.
func slotsFor(p int) []WallSpace {
	if p >= 0 && p < len(wallSlotTable) {
		return wallSlotTable[p]
	}
	return wallSlots(p)
}

// wallMap tells which wall slots hold a tile.
type wallMap struct {
	walls []Wall // the tiles, for slots outside occ
	occ   [East + 1][NumCols + 1]bool
}

// fillWalls makes m the map of the wall slots that hold a tile now.
func (g *Game) fillWalls(m *wallMap) {
	*m = wallMap{walls: g.st.Walls}
	for i := range m.walls {
		if w := m.walls[i].At; m.inside(w) {
			m.occ[w.Side][w.Index] = true
		}
	}
}

func (m *wallMap) inside(w WallSpace) bool {
	return w.Side >= 0 && int(w.Side) < len(m.occ) && w.Index >= 0 && w.Index < len(m.occ[0])
}

// has reports whether a tile is on w.
func (m *wallMap) has(w WallSpace) bool {
	if !m.inside(w) {
		for i := range m.walls {
			if m.walls[i].At == w {
				return true
			}
		}
		return false
	}
	return m.occ[w.Side][w.Index]
}

// wallOpen reports whether a tile may go on w now (R73, V17).
func (g *Game) wallOpen(w WallSpace) bool {
	var m wallMap
	g.fillWalls(&m)
	return g.wallOpenIn(&m, w)
}

// wallOpenIn is wallOpen with the map of the tiles on the wall now.
func (g *Game) wallOpenIn(m *wallMap, w WallSpace) bool {
	n := g.players()
	if !isWallSlot(w, n) || m.has(w) {
		return false
	}
	if w.Side == East && g.cfg.Options.WallsCheapFirst {
		for _, s := range slotsFor(n) {
			if s.Side != East && !m.has(s) {
				return false
			}
		}
	}
	// The neighbours and gates of wallNeighbours.
	var gate bool
	switch w.Side {
	case North, South:
		gate = w.Index == 2*n-1
	case East:
		gate = w.Index == 1 || w.Index == 8
	}
	if gate {
		return true
	}
	for _, i := range [2]int{w.Index - 1, w.Index + 1} {
		if s := (WallSpace{Side: w.Side, Index: i}); isWallSlot(s, n) && m.has(s) {
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
	var m wallMap
	g.fillWalls(&m)
	var out []WallSpace
	for _, s := range slotsFor(g.players()) {
		if (side == NoSide || s.Side == side) && g.wallOpenIn(&m, s) {
			out = append(out, s)
		}
	}
	return out
}

func (g *Game) wall(seat Colour, a Action, rng engine.Rand) error {
	st := g.st
	p := st.Players[seat]
	if p.Walls >= wallTiles {
		return ruleErr("R76", a, "%s has built all 9 wall tiles", seat)
	}
	w := a.Wall
	if w.Index < 0 {
		open := g.openWalls(w.Side)
		switch len(open) {
		case 0:
			return ruleErr("R73", a, "no wall space is open on the %s side", a.Wall)
		case 1:
			w = open[0]
		default:
			return ruleErr("R73", a, "%d wall spaces are open on the %s side: name one (%s or %s)", len(open), a.Wall, open[0], open[1])
		}
	}
	if !isWallSlot(w, g.players()) {
		return ruleErr("R4", a, "%s is not a wall space with %d players", w, g.players())
	}
	if g.wallAt(w) >= 0 {
		return ruleErr("R73", a, "%s already has a wall tile", w)
	}
	if !g.wallOpen(w) {
		if w.Side == East && g.cfg.Options.WallsCheapFirst && len(g.openWalls(North))+len(g.openWalls(South)) > 0 {
			return ruleErr("R73", a, "the east wall opens only when the north and south walls are full (walls_cheap_first, V17)")
		}
		return ruleErr("R73", a, "%s touches neither a gate nor a wall tile", w)
	}
	if err := g.payGold(seat, a, wallCost(w), "R74"); err != nil {
		return err
	}
	p.Walls++
	nw := Wall{Owner: seat, Tile: p.Walls, At: w}
	g.emit(seat.String(), " builds wall tile ", itoa(p.Walls), " on ", w.String())
	cards, tower := wallReward(p.Walls)
	switch {
	case tower && p.Cubes > 0:
		p.Cubes--
		g.emit(seat.String(), " puts a cube on the tower")
	case tower:
		nw.NoCube = true // R97: no cube left to place
	}
	g.own(ownWalls)
	st.Walls = append(st.Walls, nw)
	for i := 0; i < cards; i++ {
		card, ok := g.draw(rng) // R36: what is there
		if !ok {
			g.emit("no influence card is left to draw")
			break
		}
		p.Influence.add(card, 1)
		g.emit(seat.String(), " +1 ", g.cfg.CardName(card), " (wall reward)")
	}
	return nil
}

// ---- (C) the church ----

// firstChurchDraw draws the two tiles of the first church build (R78)
// without changing the stack.
func firstChurchDraw(stack []Tile, rng engine.Rand) (Tile, Tile) {
	i := rng.Intn(StreamChurch, len(stack))
	t1 := stack[i]
	if len(stack) == 1 {
		return t1, NoTile
	}
	// The second draw is from the stack without the first tile.
	j := rng.Intn(StreamChurch, len(stack)-1)
	if j >= i {
		j++
	}
	return t1, stack[j]
}

func (g *Game) church(seat Colour, a Action, rng engine.Rand) error {
	st := g.st
	p := st.Players[seat]
	stack := st.Supply.ChurchStack
	if len(stack) == 0 {
		return ruleErr("R83", a, "every church tile is built")
	}
	if p.Gold < churchCost {
		return ruleErr("R77", a, "a church tile costs 7 gold; %s holds %d", seat, p.Gold)
	}
	var tile Tile
	var at Square
	pr0, pc0, built := g.churchOrigin()
	if !built {
		t1, t2 := firstChurchDraw(stack, rng)
		if a.Tile == NoTile {
			return ruleErr("R78", a, "the first church tile is chosen from the two drawn: church %s or church %s", t1, t2)
		}
		if a.Tile != t1 && a.Tile != t2 {
			return ruleErr("R78", a, "the two tiles drawn are %s and %s", t1, t2)
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
		g.emit(seat.String(), " draws two church tiles, keeps ", tile.String(), " and puts the other at the bottom")
	} else {
		if a.Tile != NoTile {
			return ruleErr("R79", a, "later church tiles are drawn, not chosen: write \"church\"")
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
		g.emit(seat.String(), " draws church tile ", tile.String())
	}
	p.Gold -= churchCost
	st.Supply.Gold += churchCost
	// R81: clear the target square.
	var delta tradeDelta
	var rebuilds []Pending
	for i, pm := range st.Permits {
		if pm.At == at {
			st.Players[pm.Owner].Permits = append(st.Players[pm.Owner].Permits, pm.Value)
			g.own(ownPermits)
			st.Permits = slices.Delete(st.Permits, i, i+1)
			g.emit(pm.Owner.String(), "'s permit ", itoa(pm.Value), " on ", at.String(), " goes back")
			break
		}
	}
	for i, b := range st.Buildings {
		if b.covers(at) {
			g.own(ownBuildings)
			st.Buildings = slices.Delete(st.Buildings, i, i+1)
			g.unbuild(b, false, &delta, &rebuilds)
			break
		}
	}
	ct := ChurchTile{Tile: tile, Owner: seat, At: at}
	if p.Cubes > 0 {
		p.Cubes--
	} else {
		ct.NoCube = true // R97: no cube left to place
	}
	g.own(ownChurch)
	st.Church = append(st.Church, ct)
	g.emit(seat.String(), " builds church tile ", tile.String(), " on ", at.String())
	g.applyTrade(&delta)
	g.queueRebuilds(rebuilds)
	return nil
}
