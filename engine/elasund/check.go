package elasund

import (
	"fmt"
	"slices"
)

func bad(field, format string, args ...any) error {
	return &StateError{Field: field, Reason: fmt.Sprintf(format, args...)}
}

// checkState verifies that st is a consistent position for cfg: pieces
// conserved, nothing overlapping or outside the city, flags matching the
// trade track. Its steps run in order, each counting on the board what the
// per-seat step then checks against the seats' supplies.
func checkState(cfg Config, st *State) error {
	c := &stateCheck{
		g: &Game{cfg: cfg, st: st}, cfg: cfg, st: st, n: len(cfg.Seats),
		cubes: map[Colour]int{}, permits: map[Colour][]int{}, built: map[Colour]map[Kind]int{},
		walls: map[Colour][]int{}, seenTile: map[Tile]bool{},
	}
	for _, step := range []func() error{
		c.header, c.cards, c.buildings, c.permitsOnBoard, c.church, c.churchStack,
		c.wallTiles, c.tradeFlags, c.seats, c.neutralPieces, c.pending,
	} {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

// stateCheck is the work of checkState: the state checked, and what its
// steps count on the board for the seats.
type stateCheck struct {
	g   *Game
	cfg Config
	st  *State
	n   int
	// cover records what stands on each square; names are made only for
	// error messages.
	cover    [NumCols][NumRows]func() string
	cubes    map[Colour]int
	permits  map[Colour][]int
	built    map[Colour]map[Kind]int
	neutral  Neutral
	walls    map[Colour][]int
	seenTile map[Tile]bool
}

// header checks the seats, the turn, the phase and what the turn has
// rolled and done.
func (c *stateCheck) header() error {
	g, st, n := c.g, c.st, c.n
	if len(st.Players) != n {
		return bad("players", "%d entries for %d seats", len(st.Players), n)
	}
	for _, s := range c.cfg.Seats {
		if st.Players[s] == nil {
			return bad("players", "seat %s has no entry", s)
		}
	}
	if g.seatIndex(st.Current) < 0 {
		return bad("current", "%s has no seat", st.Current)
	}
	if st.Phase <= NoPhase || st.Phase > PhaseOver {
		return bad("phase", "unknown phase")
	}
	if st.Turn < 1 {
		return bad("turn", "must be at least 1")
	}
	if st.BuildsDone < 0 || st.BuildsDone > 2 {
		return bad("builds_done", "must be 0, 1 or 2 (R46)")
	}
	for _, s := range st.WaitingFor {
		if g.seatIndex(s) < 0 {
			return bad("waiting_for", "%s has no seat", s)
		}
	}
	if st.Dice != nil {
		for _, d := range st.Dice {
			if d < 1 || d > 6 {
				return bad("dice", "a die shows %d", d)
			}
		}
	}
	if st.Ship.Row != nil {
		if _, ok := RowIndex(*st.Ship.Row); !ok {
			return bad("ship.row", "there is no row %d", *st.Ship.Row)
		}
	}
	if st.Winner != nil && g.seatIndex(*st.Winner) < 0 {
		return bad("winner", "%s has no seat", *st.Winner)
	}
	return nil
}

// cards checks that the gold and influence cards are all there (R10,
// R103).
func (c *stateCheck) cards() error {
	st, o := c.st, c.cfg.Options
	gold := st.Supply.Gold
	var infl Influence
	addIn := func(x Influence) {
		infl.Blue += x.Blue
		infl.Green += x.Green
		infl.Yellow += x.Yellow
	}
	addIn(st.Supply.InfluenceDeck)
	addIn(st.Supply.InfluenceDiscard)
	if st.Pool != nil {
		gold += st.Pool.Gold
		addIn(st.Pool.Influence)
	}
	for _, s := range c.cfg.Seats {
		p := st.Players[s]
		if p.Gold < 0 || p.Influence.Blue < 0 || p.Influence.Green < 0 || p.Influence.Yellow < 0 {
			return bad("players."+s.String(), "negative cards")
		}
		gold += p.Gold
		addIn(p.Influence)
	}
	for _, x := range []Influence{st.Supply.InfluenceDeck, st.Supply.InfluenceDiscard} {
		if x.Blue < 0 || x.Green < 0 || x.Yellow < 0 {
			return bad("supply", "negative influence")
		}
	}
	if st.Supply.Gold < 0 {
		return bad("supply.gold", "negative")
	}
	if gold != o.GoldCards {
		return bad("supply.gold", "%d gold cards in play, the game has %d (R10)", gold, o.GoldCards)
	}
	per := o.InfluenceCards / 3
	if infl.Blue != per || infl.Green != per || infl.Yellow != per {
		return bad("supply.influence_deck", "influence cards %d/%d/%d, the game has %d of each colour (R10)", infl.Blue, infl.Green, infl.Yellow, per)
	}
	return nil
}

// occupy puts what on square s: it must be in the city (R1) and free.
func (c *stateCheck) occupy(s Square, what func() string) error {
	if !inCity(s, c.n) {
		return bad("board", "%s is outside the city (R1)", what())
	}
	if c.cover[s.Col][s.Row] != nil {
		return bad("board", "%s overlaps %s on %s", what(), c.cover[s.Col][s.Row](), s)
	}
	c.cover[s.Col][s.Row] = what
	return nil
}

// buildings checks the buildings on the board, and counts them and the
// cubes on the neutral ones.
func (c *stateCheck) buildings() error {
	g, st := c.g, c.st
	for _, s := range c.cfg.Seats {
		c.built[s] = map[Kind]int{}
	}
	churchBuilt := len(st.Church) > 0
	for _, b := range st.Buildings {
		sp := b.Kind.Spec()
		name := func() string { return fmt.Sprintf("building %s on %s", b.Kind, b.At) }
		if sp.Name == "" || g.seatIndex(b.Owner) < 0 {
			return bad("buildings", "%s has no valid kind or owner", name())
		}
		sq, ok := footprint(b.At, sp.W, sp.H)
		if !ok {
			return bad("buildings", "%s does not fit on the board", name())
		}
		for _, s := range sq {
			if !churchBuilt && s == Foundation {
				return bad("buildings", "%s covers the church building site (R13)", name())
			}
			if err := c.occupy(s, name); err != nil {
				return err
			}
		}
		if sp.Neutral {
			*c.neutral.at(b.Kind) += 1
			if b.Cubes != nil && (*b.Cubes < 0 || *b.Cubes >= sp.Flags) {
				return bad("buildings", "%s carries %d cubes; only a building short of cubes records them", name(), *b.Cubes)
			}
			c.cubes[b.Owner] += b.cubes()
		} else {
			c.built[b.Owner][b.Kind]++
			if b.Cubes != nil {
				return bad("buildings", "%s carries cubes", name())
			}
		}
	}
	return nil
}

// permitsOnBoard checks the permits on the board and counts them.
func (c *stateCheck) permitsOnBoard() error {
	churchBuilt := len(c.st.Church) > 0
	for _, pm := range c.st.Permits {
		name := func() string { return fmt.Sprintf("permit %s %d on %s", pm.Owner, pm.Value, pm.At) }
		if c.g.seatIndex(pm.Owner) < 0 || pm.Value < 0 || pm.Value >= permitValues {
			return bad("permits", "%s is not a valid permit", name())
		}
		if !churchBuilt && pm.At == Foundation {
			return bad("permits", "%s is on the church building site (R13)", name())
		}
		if err := c.occupy(pm.At, name); err != nil {
			return err
		}
		c.permits[pm.Owner] = append(c.permits[pm.Owner], pm.Value)
	}
	return nil
}

// church checks the church tiles built (R78-R83).
func (c *stateCheck) church() error {
	g, st := c.g, c.st
	if len(st.Church) == 0 {
		return nil
	}
	pr0, pc0, ok := g.churchOrigin()
	if !ok {
		return bad("church", "no church tile stands on the foundation C8 (R78)")
	}
	for _, t := range st.Church {
		if t.Tile <= NoTile || t.Tile > TileSE || g.seatIndex(t.Owner) < 0 {
			return bad("church", "invalid church tile")
		}
		if c.seenTile[t.Tile] {
			return bad("church", "tile %s is built twice", t.Tile)
		}
		c.seenTile[t.Tile] = true
		if want := churchTarget(t.Tile, pr0, pc0); want != t.At {
			return bad("church", "tile %s stands on %s, its place is %s (R79)", t.Tile, t.At, want)
		}
		if err := c.occupy(t.At, func() string { return "church tile " + t.Tile.String() }); err != nil {
			return err
		}
		if !t.NoCube {
			c.cubes[t.Owner]++
		}
	}
	return nil
}

// churchStack checks that the tiles not built are in the stack, each
// once (R101).
func (c *stateCheck) churchStack() error {
	st := c.st
	for _, t := range st.Supply.ChurchStack {
		if t <= NoTile || t > TileSE || c.seenTile[t] {
			return bad("supply.church_stack", "tile %s is listed twice or is not a tile", t)
		}
		c.seenTile[t] = true
	}
	if len(c.seenTile) != len(AllTiles) {
		return bad("supply.church_stack", "%d church tiles in play, the game has 9 (R101)", len(c.seenTile))
	}
	if b := st.Supply.ChurchBottom; b != nil {
		s := st.Supply.ChurchStack
		if len(s) == 0 || s[len(s)-1] != *b {
			return bad("supply.church_bottom", "the bottom tile must be the last of the stack")
		}
	}
	return nil
}

// wallTiles checks the wall tiles built (R72-R76) and counts them.
func (c *stateCheck) wallTiles() error {
	g, st := c.g, c.st
	for _, w := range st.Walls {
		if !isWallSlot(w.At, c.n) || g.seatIndex(w.Owner) < 0 {
			return bad("walls", "%s is not a wall space with %d players", w.At, c.n)
		}
		c.walls[w.Owner] = append(c.walls[w.Owner], w.Tile)
		if _, tower := wallReward(w.Tile); w.NoCube && !tower {
			return bad("walls", "wall tile %d on %s is not a tower, so it never carries a cube", w.Tile, w.At)
		}
		if w.hasCube() {
			c.cubes[w.Owner]++
		}
	}
	for i, w := range st.Walls {
		for _, x := range st.Walls[i+1:] {
			if x.At == w.At {
				return bad("walls", "two tiles on %s", w.At)
			}
		}
	}
	return g.checkWallChains()
}

// tradeFlags checks the cubes on the trade track's flags (R60-R63) and
// counts them.
func (c *stateCheck) tradeFlags() error {
	st := c.st
	for i, sp := range tradeSpaces {
		list := st.TradeFlags[i]
		if len(list) > sp.Flags {
			return bad("trade_flags", "space %d holds %d cubes, it has %d flags", sp.Pos, len(list), sp.Flags)
		}
		for j, s := range list {
			if c.g.seatIndex(s) < 0 || slices.Contains(list[j+1:], s) {
				return bad("trade_flags", "space %d: %s is not a seat or is there twice (R61)", sp.Pos, s)
			}
			if st.Players[s].Trade < sp.Pos {
				return bad("trade_flags", "%s has a cube on space %d but stands at %d", s, sp.Pos, st.Players[s].Trade)
			}
			c.cubes[s]++
		}
	}
	return nil
}

// seats checks each seat's supply against what the steps before counted
// on the board: cubes, permits, buildings, walls (R5, R72).
func (c *stateCheck) seats() error {
	o := c.cfg.Options
	for _, s := range c.cfg.Seats {
		p := c.st.Players[s]
		field := "players." + s.String()
		if p.Trade < 0 || (o.TradeCap11 && p.Trade > maxTrade) {
			return bad(field+".trade", "%d is off the track", p.Trade)
		}
		if p.Cubes < 0 || p.Cubes+c.cubes[s] != cubesEach {
			return bad(field+".cubes", "%d in supply and %d on the board; each seat has 10 (R5)", p.Cubes, c.cubes[s])
		}
		all := append(append([]int{}, p.Permits...), c.permits[s]...)
		slices.Sort(all)
		if !slices.Equal(all, []int{0, 1, 2, 3, 4}) {
			return bad(field+".permits", "permits %v in supply and on the board; each seat has 0-4 once (R5)", all)
		}
		if err := c.seatBuildings(s, p, field); err != nil {
			return err
		}
		walls := c.walls[s]
		slices.Sort(walls)
		for i, t := range walls {
			if t != i+1 {
				return bad("walls", "%s's wall tiles are %v; tiles are built from 1 upward (R72)", s, walls)
			}
		}
		if p.Walls != len(walls) {
			return bad(field+".walls", "%d built but %d on the board", p.Walls, len(walls))
		}
		if p.Orders.Rebuild != "ask" && p.Orders.Rebuild != "nearest" {
			return bad(field+".orders.rebuild", "%q is not ask or nearest", p.Orders.Rebuild)
		}
	}
	return nil
}

// seatBuildings checks seat s's buildings in its supply p and on the
// board (R5).
func (c *stateCheck) seatBuildings(s Colour, p *Player, field string) error {
	built := c.built[s]
	for _, k := range []Kind{House, Workshop} {
		if got := built[k] + count(p.Buildings, k); got != 1 {
			return bad(field+".buildings", "%d %ss in supply and on the board; each seat has one (R5)", got, k)
		}
	}
	for _, k := range p.Buildings {
		if k != House && k != Workshop {
			return bad(field+".buildings", "%s cannot be in a supply", k)
		}
	}
	for _, k := range []Kind{Hut, Cottage} {
		if built[k] > 1 {
			return bad("buildings", "%s has %d %ss on the board", s, built[k], k)
		}
	}
	return nil
}

// neutralPieces checks that every neutral building is on the board or in
// the supply (R6).
func (c *stateCheck) neutralPieces() error {
	for _, k := range NeutralKinds {
		if got := c.neutral.Of(k) + c.st.Supply.Neutral.Of(k); got != k.Spec().Count || c.st.Supply.Neutral.Of(k) < 0 {
			return bad("supply.neutral."+k.String(), "%d in play, the game has %d (R6)", got, k.Spec().Count)
		}
	}
	return nil
}

// pending checks the decisions owed (R105): owed exactly in phase decide.
func (c *stateCheck) pending() error {
	st := c.st
	for _, p := range st.Pending {
		if c.g.seatIndex(p.Seat) < 0 {
			return bad("pending", "%s has no seat", p.Seat)
		}
		switch p.Kind {
		case PendingDiscard, PendingTake:
			if p.Count < 1 {
				return bad("pending", "a %s of %d cards", p.Kind, p.Count)
			}
		case PendingRebuild:
			if p.Building != Hut && p.Building != Cottage {
				return bad("pending", "only starters are rebuilt")
			}
		default:
			return bad("pending", "unknown decision %q", p.Kind)
		}
	}
	if (st.Phase == PhaseDecide) != (len(st.Pending) > 0) {
		return bad("pending", "decisions are owed exactly in phase decide")
	}
	return nil
}

func count[T comparable](list []T, v T) int {
	n := 0
	for _, x := range list {
		if x == v {
			n++
		}
	}
	return n
}

// checkWallChains verifies that every wall tile is joined to a gate through
// other tiles (R73).
func (g *Game) checkWallChains() error {
	n := g.players()
	reached := map[WallSpace]bool{}
	for changed := true; changed; {
		changed = false
		for _, w := range g.st.Walls {
			if reached[w.At] {
				continue
			}
			adj, gate := wallNeighbours(w.At, n)
			ok := gate
			for _, s := range adj {
				ok = ok || reached[s]
			}
			if ok {
				reached[w.At] = true
				changed = true
			}
		}
	}
	for _, w := range g.st.Walls {
		if !reached[w.At] {
			return bad("walls", "the tile on %s is not joined to a gate (R73)", w.At)
		}
	}
	return nil
}
