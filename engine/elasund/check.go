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
// trade track.
func checkState(cfg Config, st *State) error {
	g := &Game{cfg: cfg, st: st}
	o := cfg.Options
	n := len(cfg.Seats)
	if len(st.Players) != n {
		return bad("players", "%d entries for %d seats", len(st.Players), n)
	}
	for _, c := range cfg.Seats {
		if st.Players[c] == nil {
			return bad("players", "seat %s has no entry", c)
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
	for _, c := range st.WaitingFor {
		if g.seatIndex(c) < 0 {
			return bad("waiting_for", "%s has no seat", c)
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
	// Cards (R10, R103).
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
	for _, c := range cfg.Seats {
		p := st.Players[c]
		if p.Gold < 0 || p.Influence.Blue < 0 || p.Influence.Green < 0 || p.Influence.Yellow < 0 {
			return bad("players."+c.String(), "negative cards")
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
	// Board: every piece in the city, nothing overlapping.
	// cover records what stands on each square; names are made only for
	// error messages.
	var cover [NumCols][NumRows]func() string
	occupy := func(s Square, what func() string) error {
		if !inCity(s, n) {
			return bad("board", "%s is outside the city (R1)", what())
		}
		if cover[s.Col][s.Row] != nil {
			return bad("board", "%s overlaps %s on %s", what(), cover[s.Col][s.Row](), s)
		}
		cover[s.Col][s.Row] = what
		return nil
	}
	cubes := map[Colour]int{}
	permits := map[Colour][]int{}
	built := map[Colour]map[Kind]int{}
	neutral := Neutral{}
	for _, c := range cfg.Seats {
		built[c] = map[Kind]int{}
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
			if err := occupy(s, name); err != nil {
				return err
			}
		}
		if sp.Neutral {
			*neutral.at(b.Kind) += 1
			if b.Cubes != nil && (*b.Cubes < 0 || *b.Cubes >= sp.Flags) {
				return bad("buildings", "%s carries %d cubes; only a building short of cubes records them", name(), *b.Cubes)
			}
			cubes[b.Owner] += b.cubes()
		} else {
			built[b.Owner][b.Kind]++
			if b.Cubes != nil {
				return bad("buildings", "%s carries cubes", name())
			}
		}
	}
	for _, pm := range st.Permits {
		name := func() string { return fmt.Sprintf("permit %s %d on %s", pm.Owner, pm.Value, pm.At) }
		if g.seatIndex(pm.Owner) < 0 || pm.Value < 0 || pm.Value >= permitValues {
			return bad("permits", "%s is not a valid permit", name())
		}
		if !churchBuilt && pm.At == Foundation {
			return bad("permits", "%s is on the church building site (R13)", name())
		}
		if err := occupy(pm.At, name); err != nil {
			return err
		}
		permits[pm.Owner] = append(permits[pm.Owner], pm.Value)
	}
	// Church (R78-R83).
	seenTile := map[Tile]bool{}
	if churchBuilt {
		pr0, pc0, ok := g.churchOrigin()
		if !ok {
			return bad("church", "no church tile stands on the foundation C8 (R78)")
		}
		for _, t := range st.Church {
			if t.Tile <= NoTile || t.Tile > TileSE || g.seatIndex(t.Owner) < 0 {
				return bad("church", "invalid church tile")
			}
			if seenTile[t.Tile] {
				return bad("church", "tile %s is built twice", t.Tile)
			}
			seenTile[t.Tile] = true
			if want := churchTarget(t.Tile, pr0, pc0); want != t.At {
				return bad("church", "tile %s stands on %s, its place is %s (R79)", t.Tile, t.At, want)
			}
			if err := occupy(t.At, func() string { return "church tile " + t.Tile.String() }); err != nil {
				return err
			}
			if !t.NoCube {
				cubes[t.Owner]++
			}
		}
	}
	for _, t := range st.Supply.ChurchStack {
		if t <= NoTile || t > TileSE || seenTile[t] {
			return bad("supply.church_stack", "tile %s is listed twice or is not a tile", t)
		}
		seenTile[t] = true
	}
	if len(seenTile) != len(AllTiles) {
		return bad("supply.church_stack", "%d church tiles in play, the game has 9 (R101)", len(seenTile))
	}
	if b := st.Supply.ChurchBottom; b != nil {
		s := st.Supply.ChurchStack
		if len(s) == 0 || s[len(s)-1] != *b {
			return bad("supply.church_bottom", "the bottom tile must be the last of the stack")
		}
	}
	// Walls (R72-R76).
	walls := map[Colour][]int{}
	for _, w := range st.Walls {
		if !isWallSlot(w.At, n) || g.seatIndex(w.Owner) < 0 {
			return bad("walls", "%s is not a wall space with %d players", w.At, n)
		}
		walls[w.Owner] = append(walls[w.Owner], w.Tile)
		if _, tower := wallReward(w.Tile); w.NoCube && !tower {
			return bad("walls", "wall tile %d on %s is not a tower, so it never carries a cube", w.Tile, w.At)
		}
		if w.hasCube() {
			cubes[w.Owner]++
		}
	}
	for i, w := range st.Walls {
		for _, x := range st.Walls[i+1:] {
			if x.At == w.At {
				return bad("walls", "two tiles on %s", w.At)
			}
		}
	}
	if err := g.checkWallChains(); err != nil {
		return err
	}
	// Trade flags (R60-R63).
	for i, sp := range tradeSpaces {
		list := st.TradeFlags[i]
		if len(list) > sp.Flags {
			return bad("trade_flags", "space %d holds %d cubes, it has %d flags", sp.Pos, len(list), sp.Flags)
		}
		for j, c := range list {
			if g.seatIndex(c) < 0 || slices.Contains(list[j+1:], c) {
				return bad("trade_flags", "space %d: %s is not a seat or is there twice (R61)", sp.Pos, c)
			}
			if st.Players[c].Trade < sp.Pos {
				return bad("trade_flags", "%s has a cube on space %d but stands at %d", c, sp.Pos, st.Players[c].Trade)
			}
			cubes[c]++
		}
	}
	// Per seat: cubes, permits, buildings, walls.
	for _, c := range cfg.Seats {
		p := st.Players[c]
		field := "players." + c.String()
		if p.Trade < 0 || (o.TradeCap11 && p.Trade > maxTrade) {
			return bad(field+".trade", "%d is off the track", p.Trade)
		}
		if p.Cubes < 0 || p.Cubes+cubes[c] != cubesEach {
			return bad(field+".cubes", "%d in supply and %d on the board; each seat has 10 (R5)", p.Cubes, cubes[c])
		}
		all := append(append([]int{}, p.Permits...), permits[c]...)
		slices.Sort(all)
		if !slices.Equal(all, []int{0, 1, 2, 3, 4}) {
			return bad(field+".permits", "permits %v in supply and on the board; each seat has 0-4 once (R5)", all)
		}
		for _, k := range []Kind{House, Workshop} {
			if got := built[c][k] + count(p.Buildings, k); got != 1 {
				return bad(field+".buildings", "%d %ss in supply and on the board; each seat has one (R5)", got, k)
			}
		}
		for _, k := range p.Buildings {
			if k != House && k != Workshop {
				return bad(field+".buildings", "%s cannot be in a supply", k)
			}
		}
		for _, k := range []Kind{Hut, Cottage} {
			if built[c][k] > 1 {
				return bad("buildings", "%s has %d %ss on the board", c, built[c][k], k)
			}
		}
		slices.Sort(walls[c])
		for i, t := range walls[c] {
			if t != i+1 {
				return bad("walls", "%s's wall tiles are %v; tiles are built from 1 upward (R72)", c, walls[c])
			}
		}
		if p.Walls != len(walls[c]) {
			return bad(field+".walls", "%d built but %d on the board", p.Walls, len(walls[c]))
		}
		if p.Orders.Rebuild != "ask" && p.Orders.Rebuild != "nearest" {
			return bad(field+".orders.rebuild", "%q is not ask or nearest", p.Orders.Rebuild)
		}
	}
	for _, k := range NeutralKinds {
		if got := neutral.Of(k) + st.Supply.Neutral.Of(k); got != k.Spec().Count || st.Supply.Neutral.Of(k) < 0 {
			return bad("supply.neutral."+k.String(), "%d in play, the game has %d (R6)", got, k.Spec().Count)
		}
	}
	for _, p := range st.Pending {
		if g.seatIndex(p.Seat) < 0 {
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
