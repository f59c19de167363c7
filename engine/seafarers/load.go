package seafarers

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

func bad(field, format string, args ...any) *engine.StateError {
	return &engine.StateError{Field: field, Reason: fmt.Sprintf(format, args...)}
}

// loader reads a State into a Game, keeping the first error.
type loader struct {
	g   *Game
	err *engine.StateError
}

func (ld *loader) fail(field, format string, args ...any) {
	if ld.err == nil {
		ld.err = bad(field, format, args...)
	}
}

func (ld *loader) seat(field, name string) int {
	c, err := ParseColour(name)
	if err != nil || c.String() != name {
		ld.fail(field, "%q is not a colour", name)
		return -1
	}
	s := ld.g.seatIndex(c)
	if s < 0 {
		ld.fail(field, "%s has no seat in this game", name)
	}
	return s
}

func (ld *loader) optSeat(field string, name *string) int {
	if name == nil {
		return -1
	}
	return ld.seat(field, *name)
}

func (ld *loader) hex(field, name string) int {
	p, err := board.ParsePos(name)
	if err != nil || p.String() != name {
		ld.fail(field, "%q is not a position in canonical form", name)
		return -1
	}
	h := ld.g.b.HexIndex(p)
	if h < 0 {
		ld.fail(field, "%s is not a hex of the board", name)
	}
	return h
}

func (ld *loader) optHex(field string, name *string) int {
	if name == nil {
		return -1
	}
	return ld.hex(field, *name)
}

func (ld *loader) corner(field, name string) int {
	c, err := board.ParseCorner(name)
	if err != nil || c.String() != name {
		ld.fail(field, "%q is not a corner in canonical form", name)
		return -1
	}
	i := ld.g.b.CornerIndex(c)
	if i < 0 {
		ld.fail(field, "%s is not a corner of the board", name)
	}
	return i
}

func (ld *loader) edge(field, name string) int {
	e, err := board.ParseEdge(name)
	if err != nil || e.String() != name {
		ld.fail(field, "%q is not an edge in canonical form", name)
		return -1
	}
	i := ld.g.b.EdgeIndex(e)
	if i < 0 {
		ld.fail(field, "%s is not an edge of the board", name)
	}
	return i
}

func (ld *loader) resource(field, name string) Resource {
	r, err := ParseResource(name)
	if err != nil || r.String() != name {
		ld.fail(field, "%q is not a resource", name)
		return NoResource
	}
	return r
}

func (ld *loader) count(field string, n, lo, hi int) int {
	if n < lo || n > hi {
		ld.fail(field, "%d is outside %d..%d", n, lo, hi)
	}
	return n
}

func handOf(r ResourceCounts) Hand { return Hand{r.Brick, r.Lumber, r.Wool, r.Grain, r.Ore} }
func handOfCards(c Cards) Hand     { return Hand{c.Brick, c.Lumber, c.Wool, c.Grain, c.Ore} }

func (ld *loader) hand(field string, h Hand) Hand {
	for i, v := range h {
		if v < 0 || v > bankStart {
			ld.fail(field+"."+Resources[i].String(), "%d is outside 0..%d", v, bankStart)
		}
	}
	return h
}

// load returns the game of a stored state after checking that it is a
// consistent position of the set-up (S158): every field read strictly,
// the totals conserved (Check), and the derived fields as the engine
// derives them.
func load(cfg *config, st *State) (*Game, error) {
	if st.Game != "seafarers" {
		return nil, bad("game", "%q: want seafarers", st.Game)
	}
	if st.Scenario != cfg.scenario.String() {
		return nil, bad("scenario", "%q: the header's scenario is %s", st.Scenario, cfg.scenario)
	}
	b, err := board.New(cfg.scenario, board.Options{Layout: cfg.opts.Layout, Harbours: cfg.opts.Harbours})
	if err != nil {
		return nil, bad("scenario", "%v", err)
	}
	cfg.fillBoardData(b)
	if b.NumCorners() > maxCorners || b.NumEdges() > maxEdges || b.NumHexes() > maxHexes {
		return nil, bad("scenario", "the board is larger than the engine's arrays")
	}
	g := &Game{cfg: cfg, b: b, longest: -1, largest: -1, winner: -1, fleet: -1, robber: -1, pirate: -1}
	ld := &loader{g: g}
	ld.board(st)
	if ld.err != nil {
		return nil, ld.err
	}
	ld.flow(st)
	ld.pieces(st)
	ld.players(st)
	ld.shared(st)
	ld.scenario(st)
	if ld.err != nil {
		return nil, ld.err
	}
	g.reindex()
	if err := g.Check(); err != nil {
		return nil, err
	}
	if err := sameState(g.State(), st); err != nil {
		return nil, err
	}
	return g, nil
}

// board reads board: the hexes, the harbours, the robber and the pirate.
func (ld *loader) board(st *State) {
	g, b := ld.g, ld.g.b
	base := landOf(b)
	if len(st.Board.Hexes) != b.NumHexes() {
		ld.fail("board.hexes", "%d hexes: the board has %d", len(st.Board.Hexes), b.NumHexes())
		return
	}
	hexes := make([]board.Hex, b.NumHexes())
	for h, x := range st.Board.Hexes {
		f := fmt.Sprintf("board.hexes[%d]", h+1)
		if x.At != b.HexPos(h).String() {
			ld.fail(f+".at", "%q: want %s (reading order)", x.At, b.HexPos(h))
			return
		}
		t, err := board.ParseTerrain(x.Terrain)
		if err != nil || t.String() != x.Terrain {
			ld.fail(f+".terrain", "%q is not a terrain", x.Terrain)
			return
		}
		number := x.Number.Int()
		if number != 0 && (!t.Produces() || number < 2 || number > 12 || number == 7) {
			ld.fail(f+".number", "no number %d on %s", number, t)
			return
		}
		was := base.hexes[h]
		switch {
		case was.Terrain == board.Unknown:
			if st.Board.Dealt == (t == board.Unknown) {
				ld.fail(f+".terrain", "%s on a board whose dealt is %v", t, st.Board.Dealt)
				return
			}
		case was.Terrain == board.Fog:
			if t == board.Unknown || t == board.Gold {
				ld.fail(f+".terrain", "a fog position is fog, sea or a fog tile, not %s", t)
				return
			}
		case x.Terrain != was.Terrain.String() || number != was.Number:
			ld.fail(f, "%s %d: the layout has %s %d here", t, number, was.Terrain, was.Number)
			return
		}
		hexes[h] = board.Hex{Terrain: t, Number: number}
	}
	var harbours []board.Harbour
	for i, hs := range st.Board.Harbours {
		f := fmt.Sprintf("board.harbours[%d]", i+1)
		e := ld.edge(f+".at", hs.At)
		k, err := board.ParseHarbourKind(hs.Kind)
		if err != nil || k.String() != hs.Kind {
			ld.fail(f+".kind", "%q is not a harbour kind", hs.Kind)
		}
		if ld.err != nil {
			return
		}
		harbours = append(harbours, board.Harbour{Edge: b.Edge(e), Kind: k})
	}
	areas, hexArea := base.areas, base.hexArea
	if g.cfg.scenario == board.NewWorld && st.Board.Dealt {
		areas, hexArea = newWorldAreas(b, hexes)
	}
	g.l = newLand(b, st.Board.Dealt, hexes, harbours, areas, hexArea)
	for i, hb := range g.l.harbours {
		e := b.EdgeIndex(hb.Edge)
		g.l.harbours[i].Land = g.harbourLand(e)
		if g.l.ekind[e] != board.CoastalEdge {
			ld.fail(fmt.Sprintf("board.harbours[%d].at", i+1), "%s is not a coastal edge", hb.Edge)
		}
	}
	ld.harbourSites()
	g.robber = ld.optHex("board.robber", st.Board.Robber)
	g.pirate = ld.optHex("board.pirate", st.Board.Pirate)
	if g.robber >= 0 && !g.cfg.usesRobber {
		ld.fail("board.robber", "this scenario has no robber")
	}
	if g.pirate >= 0 && !g.cfg.usesPirate {
		ld.fail("board.pirate", "this scenario has no pirate")
	}
}

// harbourSites checks the harbours against the scenario's locations
// (BOARDS §7–§12): the same sites, with the same tokens (in some order
// when shuffled); new-world's at random (B18); forgotten-tribe's placed
// gifts anywhere B18 allows.
func (ld *loader) harbourSites() {
	g := ld.g
	hs := g.l.harbours
	used := map[int]bool{}
	for i, hb := range hs {
		e := g.b.EdgeIndex(hb.Edge)
		for _, c := range g.b.EdgeEnds(e) {
			if used[c] {
				ld.fail(fmt.Sprintf("board.harbours[%d].at", i+1), "%s shares a corner with another harbour (B18)", hb.Edge)
				return
			}
			used[c] = true
		}
	}
	switch g.cfg.scenario {
	case board.NewWorld, board.ForgottenTribe:
		return
	}
	sites := g.b.Sites()
	if len(sites) != len(hs) {
		ld.fail("board.harbours", "%d harbours: the scenario has %d", len(hs), len(sites))
		return
	}
	slices.SortFunc(sites, board.Harbour.Compare)
	var want, got []board.HarbourKind
	for i := range sites {
		if sites[i].Edge != hs[i].Edge {
			ld.fail(fmt.Sprintf("board.harbours[%d].at", i+1), "%s: the scenario's harbour is on %s", hs[i].Edge, sites[i].Edge)
			return
		}
		if !g.l.dealt {
			if hs[i].Kind != sites[i].Kind {
				ld.fail(fmt.Sprintf("board.harbours[%d].kind", i+1), "%s before the deal: want %s", hs[i].Kind, sites[i].Kind)
			}
			continue
		}
		if g.cfg.opts.Harbours == board.HarboursFixed && hs[i].Kind != sites[i].Kind {
			ld.fail(fmt.Sprintf("board.harbours[%d].kind", i+1), "%s: the fixed harbour is %s", hs[i].Kind, sites[i].Kind)
			return
		}
		got = append(got, hs[i].Kind)
	}
	if g.l.dealt && g.cfg.opts.Harbours == board.HarboursShuffled {
		fixed, err := board.New(g.cfg.scenario, board.Options{Layout: board.LayoutFixed, Harbours: board.HarboursFixed})
		if err != nil {
			ld.fail("board.harbours", "%v", err)
			return
		}
		for _, s := range fixed.Sites() {
			want = append(want, s.Kind)
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(want, got) {
			ld.fail("board.harbours", "the harbour tokens are not the scenario's")
		}
	}
}

// flow reads the turn, setup, current seat, phase, dice and flags.
func (ld *loader) flow(st *State) {
	g := ld.g
	g.turn = ld.count("turn", st.Turn, 0, 1<<30)
	if st.Setup != nil {
		g.setupRound = ld.count("setup.round", st.Setup.Round, 1, g.setupRounds())
		g.setupStep = ld.count("setup.step", st.Setup.Step, 0, g.nseats()-1)
		if g.turn != 0 {
			ld.fail("turn", "%d during setup: want 0", g.turn)
		}
	} else if g.turn < 1 {
		ld.fail("turn", "0 after setup: want at least 1")
	}
	g.cur = ld.seat("current", st.Current)
	p, err := ParsePhase(st.Phase)
	if err != nil {
		ld.fail("phase", "%v", err)
	}
	g.phase = p
	if st.Dice != nil {
		for i, d := range st.Dice {
			if d < 1 || d > 6 {
				ld.fail(fmt.Sprintf("dice[%d]", i+1), "a die shows 1..6, not %d", d)
			}
		}
		g.dice = *st.Dice
	}
	g.flags = st.TurnFlags
	ld.count("turn_flags.offers", g.flags.Offers, 0, 1000)
	g.winner = ld.optSeat("winner", st.Winner)
}

// pieces reads the pieces on the board.
func (ld *loader) pieces(st *State) {
	g := ld.g
	g.corners = g.cornerArr[:g.b.NumCorners()]
	g.edges = g.edgeArr[:g.b.NumEdges()]
	for kind, list := range map[uint8][]BuildingState{settlement: st.Pieces.Settlements, city: st.Pieces.Cities} {
		name := "pieces.settlements"
		if kind == city {
			name = "pieces.cities"
		}
		last := -1
		for i, bd := range list {
			f := fmt.Sprintf("%s[%d]", name, i+1)
			s := ld.seat(f+".owner", bd.Owner)
			c := ld.corner(f+".at", bd.At)
			if ld.err != nil {
				return
			}
			if c <= last {
				ld.fail(f+".at", "not in corner order")
				return
			}
			last = c
			if g.corners[c].own != 0 {
				ld.fail(f+".at", "%s holds two buildings", bd.At)
				return
			}
			g.corners[c] = cornerPiece{own: int8(s + 1), kind: kind}
		}
	}
	last := -1
	for i, r := range st.Pieces.Roads {
		f := fmt.Sprintf("pieces.roads[%d]", i+1)
		s := ld.seat(f+".owner", r.Owner)
		e := ld.edge(f+".at", r.At)
		if ld.err != nil {
			return
		}
		if e <= last {
			ld.fail(f+".at", "not in edge order")
			return
		}
		last = e
		g.edges[e] = edgePiece{own: int8(s + 1)}
	}
	last = -1
	for i, sh := range st.Pieces.Ships {
		f := fmt.Sprintf("pieces.ships[%d]", i+1)
		s := ld.seat(f+".owner", sh.Owner)
		e := ld.edge(f+".at", sh.At)
		if ld.err != nil {
			return
		}
		if e <= last && g.edges[e].own == 0 {
			ld.fail(f+".at", "not in edge order")
			return
		}
		if g.edges[e].own != 0 {
			ld.fail(f+".at", "%s holds a road and a ship", sh.At)
			return
		}
		last = e
		if sh.Built > g.turn {
			ld.fail(f+".built", "turn %d is after the current turn %d", sh.Built, g.turn)
		}
		if sh.Warship && g.cfg.scenario != board.PirateIslands {
			ld.fail(f+".warship", "warships exist in pirate-islands only")
		}
		g.edges[e] = edgePiece{own: int8(s + 1), ship: true, warship: sh.Warship, built: int32(sh.Built)}
	}
}

// players reads each seat's holdings.
func (ld *loader) players(st *State) {
	g := ld.g
	if len(st.Players) != g.nseats() {
		ld.fail("players", "%d entries for %d seats", len(st.Players), g.nseats())
		return
	}
	g.players = g.playerArr[:g.nseats()]
	sc := g.cfg.scenario
	for s, c := range g.cfg.seats {
		name := c.String()
		f := "players." + name
		ps := st.Players[name]
		if ps == nil {
			ld.fail(f, "missing")
			return
		}
		p := &g.players[s]
		p.colour = c
		p.hand = ld.hand(f+".resources", handOf(ps.Resources))
		for i, cs := range ps.Cards {
			cf := fmt.Sprintf("%s.cards[%d]", f, i+1)
			dc := devCard{got: ld.count(cf+".got", cs.Got, 0, g.turn)}
			if cs.Kind == "sealed" {
				dc.kind = Sealed
				if cs.Draw == nil {
					ld.fail(cf+".draw", "a sealed card names its draw")
					continue
				}
				dc.draw = *cs.Draw
			} else {
				k, err := ParseCardKind(cs.Kind)
				if err != nil || k.String() != cs.Kind {
					ld.fail(cf+".kind", "%q is not a development card", cs.Kind)
				}
				if cs.Draw != nil {
					ld.fail(cf+".draw", "only a sealed card names a draw")
				}
				dc.kind = k
			}
			p.cards = append(p.cards, dc)
		}
		pl := ps.Played
		p.played = Deck{pl.Knight, pl.VictoryPoint, pl.RoadBuilding, pl.YearOfPlenty, pl.Monopoly}
		for i, v := range p.played {
			ld.count(f+".played."+CardKinds[i].String(), v, 0, deckStart[i])
		}
		p.supply = [4]int{ps.Supply.Settlements, ps.Supply.Cities, ps.Supply.Roads, ps.Supply.Ships}
		p.chits = ld.count(f+".chits", ps.Chits, 0, 1000)
		if (ps.Cloth != nil) != (sc == board.ClothForCatan) {
			ld.fail(f+".cloth", "present in cloth-for-catan only")
		} else if ps.Cloth != nil {
			p.cloth = ld.count(f+".cloth", *ps.Cloth, 0, 50)
		}
		if (ps.HarboursAside != nil) != (sc == board.ForgottenTribe) {
			ld.fail(f+".harbours_aside", "present in forgotten-tribe only")
		} else if ps.HarboursAside != nil {
			for i, k := range *ps.HarboursAside {
				hk, err := board.ParseHarbourKind(k)
				if err != nil || hk.String() != k || hk == board.HarbourUnknown {
					ld.fail(fmt.Sprintf("%s.harbours_aside[%d]", f, i+1), "%q is not a harbour kind", k)
				}
				p.aside = append(p.aside, hk)
			}
			if !slices.IsSorted(p.aside) {
				ld.fail(f+".harbours_aside", "not in harbour order")
			}
		}
		home := sc == board.FourIslands || sc == board.NewWorld
		if (ps.HomeIslands != nil) != home {
			ld.fail(f+".home_islands", "present in four-islands and new-world only")
		} else if ps.HomeIslands != nil {
			p.home = ld.areaList(f+".home_islands", *ps.HomeIslands, true)
		}
		p.reward = ld.areaList(f+".rewarded", ps.Rewarded, false)
		p.route = ps.Route
		o := &p.orders
		for i, r := range ps.Orders.Discard {
			o.discard = append(o.discard, ld.resource(fmt.Sprintf("%s.orders.discard[%d]", f, i+1), r))
		}
		for i, r := range ps.Orders.Gold {
			o.gold = append(o.gold, ld.resource(fmt.Sprintf("%s.orders.gold[%d]", f, i+1), r))
		}
		for i, r := range ps.Orders.Reward {
			o.reward = append(o.reward, ld.resource(fmt.Sprintf("%s.orders.reward[%d]", f, i+1), r))
		}
		for i, r := range ps.Orders.Trade.Accept {
			rf := fmt.Sprintf("%s.orders.trade.accept[%d]", f, i+1)
			give := ld.hand(rf+".give", handOfCards(r.Give))
			get := ld.hand(rf+".get", handOfCards(r.Get))
			if give.Total() == 0 || get.Total() == 0 {
				ld.fail(rf, "an accept rule names cards on both sides")
			}
			o.accept = append(o.accept, acceptRule{give: give, get: get})
		}
		switch ps.Orders.Trade.Fallback {
		case "ask":
		case "decline":
			o.decline = true
		default:
			ld.fail(f+".orders.trade.fallback", "%q: want ask or decline", ps.Orders.Trade.Fallback)
		}
	}
}

// areaList reads a list of area names in area order.
func (ld *loader) areaList(field string, names []string, sorted bool) []int {
	var out []int
	for i, n := range names {
		a := slices.IndexFunc(ld.g.l.areas, func(x board.Area) bool { return x.Name == n })
		if a < 0 {
			ld.fail(fmt.Sprintf("%s[%d]", field, i+1), "%q is not an area of this board", n)
			continue
		}
		if slices.Contains(out, a) {
			ld.fail(fmt.Sprintf("%s[%d]", field, i+1), "%s is listed twice", n)
		}
		out = append(out, a)
	}
	if sorted && !slices.IsSorted(out) {
		ld.fail(field, "not in area order")
	}
	return out
}

// shared reads the card holders, the bank, the offer, the owed decisions,
// the sealed draws and the forced outcomes.
func (ld *loader) shared(st *State) {
	g := ld.g
	g.longest = ld.optSeat("longest_route", st.LongestRoute)
	g.largest = ld.optSeat("largest_army", st.LargestArmy)
	g.bank = ld.hand("bank", handOf(st.Bank))
	u := st.UnseenCards
	g.unseen = Deck{u.Knight, u.VictoryPoint, u.RoadBuilding, u.YearOfPlenty, u.Monopoly}
	if o := st.Offer; o != nil {
		if from := ld.seat("offer.from", o.From); from != g.cur {
			ld.fail("offer.from", "%s: offers are the active player's", o.From)
		}
		of := &offer{give: ld.hand("offer.give", handOfCards(o.Give)), get: ld.hand("offer.get", handOfCards(o.Get))}
		for i, t := range o.To {
			s := ld.seat(fmt.Sprintf("offer.to[%d]", i+1), t)
			if s >= 0 {
				of.to |= 1 << s
			}
		}
		for name, a := range o.Answers {
			s := ld.seat("offer.answers."+name, name)
			if s < 0 || of.to&(1<<s) == 0 {
				ld.fail("offer.answers."+name, "not a named seat")
				continue
			}
			switch a {
			case "accept":
				of.accepted |= 1 << s
			case "decline":
				of.declined |= 1 << s
			}
		}
		if len(o.Answers) != len(o.To) {
			ld.fail("offer.answers", "one answer per named seat")
		}
		g.offer = of
	}
	for i, p := range st.Pending {
		f := fmt.Sprintf("pending[%d]", i+1)
		s := ld.seat(f+".seat", p.Seat)
		k := slices.Index(pendNames[:], p.Kind)
		if k <= 0 {
			ld.fail(f+".kind", "%q is not a decision", p.Kind)
			continue
		}
		kind := pendKind(k)
		if (kind == pendDiscard || kind == pendGold) != (p.Count > 0) {
			ld.fail(f+".count", "a count belongs to discard and gold decisions")
		}
		if kind == pendAnswer {
			continue // derived from the offer
		}
		if kind == pendReward {
			p.Count = 1
		}
		g.pending = append(g.pending, pending{seat: s, kind: kind, count: p.Count})
	}
	g.sealedNext = ld.count("sealed_next", st.SealedNext, 0, 1<<30)
	last := -1
	for i, d := range st.Sealed {
		f := fmt.Sprintf("sealed[%d]", i+1)
		k := slices.Index(drawNames[:], d.Kind)
		if k <= 0 {
			ld.fail(f+".kind", "%q is not a kind of sealed draw", d.Kind)
			continue
		}
		if d.K <= last || d.K >= g.sealedNext {
			ld.fail(f+".k", "%d: draws are listed by k, below sealed_next", d.K)
		}
		last = d.K
		sd := sealedDraw{k: d.K, kind: drawKind(k), drawer: ld.seat(f+".drawer", d.Drawer),
			witness: ld.seat(f+".witness", d.Witness), entry: ld.count(f+".entry", d.Entry, 0, 1<<30), victim: -1, at: -1}
		if d.Turn != 0 && !g.cfg.turnSealed {
			ld.fail(f+".turn", "a sealed draw of format 1 records no turn")
		}
		sd.turn = ld.count(f+".turn", d.Turn, 0, 1<<30)
		if d.Reveal != nil {
			r, err := hex.DecodeString(*d.Reveal)
			if err != nil || len(r) != 32 || hex.EncodeToString(r) != *d.Reveal {
				ld.fail(f+".reveal", "want 64 lowercase hex digits")
			}
			sd.reveal = r
		} else if !g.cfg.sandbox {
			ld.fail(f+".reveal", "a peer game's sealed draw records its reveal")
		}
		if (d.Victim != nil) != (sd.kind == drawSteal) || (d.Snapshot != nil) != (sd.kind == drawSteal) {
			ld.fail(f, "victim and snapshot belong to a steal")
		} else if sd.kind == drawSteal {
			sd.victim = ld.seat(f+".victim", *d.Victim)
			sd.snapshot = ld.hand(f+".snapshot", handOf(*d.Snapshot))
		}
		if (d.At != nil) != (sd.kind == drawFog) {
			ld.fail(f+".at", "at belongs to a fog draw")
		} else if d.At != nil {
			sd.at = ld.hex(f+".at", *d.At)
		}
		g.sealed = append(g.sealed, sd)
	}
	if (st.Forced != nil) != g.cfg.sandbox {
		ld.fail("forced", "present in sandbox games only (S160)")
	} else if st.Forced != nil {
		g.forced = []forcedOutcome{}
		for i, f := range *st.Forced {
			fo, err := parseForced(f.Kind, f.Outcome)
			if err != nil {
				ld.fail(fmt.Sprintf("forced[%d]", i+1), "%v", err)
				continue
			}
			g.forced = append(g.forced, fo)
		}
	}
}

// scenario reads scenario_state (S157): each field the scenario has, and
// none it has not.
func (ld *loader) scenario(st *State) {
	g := ld.g
	ss := st.ScenarioState
	sc := g.cfg.scenario
	if ld.has(ss.FogTiles != nil, "fog_tiles", sc == board.FogIsland) {
		t := ss.FogTiles
		g.fogTiles[board.Sea], g.fogTiles[board.Desert], g.fogTiles[board.Fields] = t.Sea, t.Desert, t.Fields
		g.fogTiles[board.Hills], g.fogTiles[board.Mountains] = t.Hills, t.Mountains
		g.fogTiles[board.Pasture], g.fogTiles[board.Forest] = t.Pasture, t.Forest
	}
	if ld.has(ss.FogNumbers != nil, "fog_numbers", sc == board.FogIsland) {
		ld.fogNumbers(ss.FogNumbers)
	}
	if ld.has(ss.Gifts != nil, "gifts", sc == board.ForgottenTribe) {
		ld.gifts(*ss.Gifts)
	}
	if ld.has(ss.Villages != nil, "villages", sc == board.ClothForCatan) {
		ld.villages(*ss.Villages)
	}
	if ld.has(ss.ClothSupply != nil, "cloth_supply", sc == board.ClothForCatan) {
		g.clothSupply = ld.count("scenario_state.cloth_supply", *ss.ClothSupply, 0, board.ClothSupply)
	}
	pirate := sc == board.PirateIslands
	if ld.has(ss.Fleet != nil, "fleet", pirate) && *ss.Fleet != nil {
		at := **ss.Fleet
		h := ld.hex("scenario_state.fleet", at)
		g.fleet = slices.Index(g.cfg.fleetPath, h)
		if h >= 0 && g.fleet < 0 {
			ld.fail("scenario_state.fleet", "%s is not on the fleet path", at)
		}
	}
	if ld.has(ss.Fortresses != nil, "fortresses", pirate) {
		ld.fortresses(*ss.Fortresses)
	}
	if ld.has(ss.Lone != nil, "lone", pirate) {
		ld.lone(ss.Lone)
	}
	for i := range g.wonders {
		g.wonders[i].owner = -1
	}
	wonders := sc == board.WondersOfCatan
	if ld.has(ss.Wonders != nil, "wonders", wonders) {
		ld.wonders(*ss.Wonders)
	}
	ld.has(ss.WonderMarkers != nil, "wonder_markers", wonders)
}

// has reports whether a field of scenario_state is present, refusing it
// when the scenario has the field (want) and it is missing, or the other
// way round.
func (ld *loader) has(present bool, field string, want bool) bool {
	if present != want {
		if want {
			ld.fail("scenario_state."+field, "missing")
		} else {
			ld.fail("scenario_state."+field, "not a field of %s", ld.g.cfg.scenario)
		}
		return false
	}
	return present
}

// fogNumbers reads the number tokens left in fog-island's stack.
func (ld *loader) fogNumbers(counts map[string]int) {
	for k, v := range counts {
		n, err := strconv.Atoi(k)
		if err != nil || n < 2 || n > 12 || n == 7 || strconv.Itoa(n) != k || v < 1 {
			ld.fail("scenario_state.fog_numbers."+k, "not a number token with a count")
			continue
		}
		ld.g.fogNumbers[n] = v
	}
}

// gifts reads the forgotten tribe's gifts still on the board, in edge
// order.
func (ld *loader) gifts(list []GiftState) {
	last := -1
	for i, gs := range list {
		f := fmt.Sprintf("scenario_state.gifts[%d]", i+1)
		e := ld.edge(f+".at", gs.At)
		if e <= last {
			ld.fail(f+".at", "not in edge order")
		}
		last = e
		gf := gift{edge: e, kind: board.ParseGiftKind(gs.Kind)}
		if gf.kind == board.NoGift {
			ld.fail(f+".kind", "%q: want svp, card or harbour", gs.Kind)
		}
		if (gs.Harbour != nil) != (gf.kind == board.GiftHarbour) {
			ld.fail(f+".harbour", "a harbour gift names its kind")
		} else if gs.Harbour != nil {
			k, err := board.ParseHarbourKind(*gs.Harbour)
			if err != nil || k.String() != *gs.Harbour {
				ld.fail(f+".harbour", "%q is not a harbour kind", *gs.Harbour)
			}
			gf.harbour = k
		}
		ld.g.gifts = append(ld.g.gifts, gf)
	}
}

// villages reads cloth-for-catan's villages: their cloth and the seats
// connected to them.
func (ld *loader) villages(vs []VillageState) {
	g := ld.g
	if len(vs) != len(g.cfg.villages) {
		ld.fail("scenario_state.villages", "%d villages: the scenario has %d", len(vs), len(g.cfg.villages))
		return
	}
	g.villages = make([]villageState, len(vs))
	for i, v := range vs {
		f := fmt.Sprintf("scenario_state.villages[%d]", i+1)
		want := g.cfg.villages[i]
		if v.At != g.b.Corner(want.corner).String() || v.Number != want.number {
			ld.fail(f, "the village is on %s with %d", g.b.Corner(want.corner), want.number)
		}
		g.villages[i].cloth = ld.count(f+".cloth", v.Cloth, 0, board.VillageCloth)
		for j, c := range v.Connected {
			s := ld.seat(fmt.Sprintf("%s.connected[%d]", f, j+1), c)
			if s >= 0 {
				g.villages[i].connected |= 1 << s
			}
		}
	}
}

// fortresses reads pirate-islands' fortresses, one a seat: their chits,
// and the fortress pieces on the board while they hold any.
func (ld *loader) fortresses(fs []FortressState) {
	g := ld.g
	if len(fs) != g.nseats() {
		ld.fail("scenario_state.fortresses", "one fortress per seat")
		return
	}
	g.fortresses = make([]int, g.nseats())
	for s, f := range fs {
		fld := fmt.Sprintf("scenario_state.fortresses[%d]", s+1)
		base := g.cfg.bases[s]
		if f.Owner != g.colour(s).String() || f.At != g.b.Corner(base.fortress).String() {
			ld.fail(fld, "%s's fortress is on %s (seat order)", g.colour(s), g.b.Corner(base.fortress))
			continue
		}
		g.fortresses[s] = ld.count(fld+".chits", f.Chits, 0, board.FortressChits)
		c := base.fortress
		if g.fortresses[s] > 0 {
			if g.corners[c].own != 0 {
				ld.fail(fld, "an uncaptured fortress's corner holds no other building")
			}
			g.corners[c] = cornerPiece{own: int8(s + 1), kind: fortress}
		} else if g.corners[c].own != int8(s+1) {
			ld.fail(fld, "a captured fortress is its owner's settlement or city")
		}
	}
}

// lone checks pirate-islands' marked corners, one a seat.
func (ld *loader) lone(marked map[string]string) {
	g := ld.g
	if len(marked) != g.nseats() {
		ld.fail("scenario_state.lone", "one marked corner per seat")
	}
	for s, base := range g.cfg.bases {
		if marked[g.colour(s).String()] != g.b.Corner(base.lone).String() {
			ld.fail("scenario_state.lone."+g.colour(s).String(), "the marked corner is %s", g.b.Corner(base.lone))
		}
	}
}

// wonders reads wonders-of-catan's wonders in the order of S128: who
// started each, and its level.
func (ld *loader) wonders(ws []WonderState) {
	if len(ws) != NumWonders {
		ld.fail("scenario_state.wonders", "%d wonders: want %d", len(ws), NumWonders)
		return
	}
	for i, w := range ws {
		f := fmt.Sprintf("scenario_state.wonders[%d]", i+1)
		if w.Name != Wonder(i+1).String() {
			ld.fail(f+".name", "%q: want %s (the order of S128)", w.Name, Wonder(i+1))
		}
		ld.g.wonders[i+1] = wonderState{owner: ld.optSeat(f+".owner", w.Owner), level: ld.count(f+".level", w.Level, 0, 4)}
		if w.Owner == nil && w.Level > 0 {
			ld.fail(f+".level", "a wonder nobody started has level 0")
		}
	}
}

// sameState compares the state a Game builds with the stored one and names
// the first field that differs: a derived field (waiting_for, route, vp,
// unseen_cards, wonder_markers, pending's order) or a list out of order.
func sameState(built, stored *State) error {
	a, err := json.Marshal(built)
	if err != nil {
		return bad("state", "%v", err)
	}
	b, err := json.Marshal(stored)
	if err != nil {
		return bad("state", "%v", err)
	}
	if bytes.Equal(a, b) {
		return nil // the common case; the walk below only names a difference
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return bad("state", "cannot compare")
	}
	if path, why := diffJSON(x, y, ""); path != "" || why != "" {
		if path == "" {
			path = "state"
		}
		return bad(path, "%s", why)
	}
	return nil
}

// diffJSON returns the path of the first difference between two decoded
// JSON values (want first), and what differs.
func diffJSON(want, got any, path string) (string, string) {
	join := func(k string) string {
		if path == "" {
			return k
		}
		return path + "." + k
	}
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return path, "not a mapping"
		}
		keys := make([]string, 0, len(w))
		for k := range w {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			gv, ok := g[k]
			if !ok {
				return join(k), "missing"
			}
			if p, why := diffJSON(w[k], gv, join(k)); p != "" {
				return p, why
			}
		}
		for k := range g {
			if _, ok := w[k]; !ok {
				return join(k), "not a field here"
			}
		}
	case []any:
		g, ok := got.([]any)
		if !ok {
			return path, "not a list"
		}
		for i := range min(len(w), len(g)) {
			if p, why := diffJSON(w[i], g[i], fmt.Sprintf("%s[%d]", path, i+1)); p != "" {
				return p, why
			}
		}
		if len(w) != len(g) {
			return path, fmt.Sprintf("%d entries: the position gives %d", len(g), len(w))
		}
	default:
		if fmt.Sprint(want) != fmt.Sprint(got) {
			return path, fmt.Sprintf("%v: the position gives %v", jsonText(got), jsonText(want))
		}
	}
	return "", ""
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
