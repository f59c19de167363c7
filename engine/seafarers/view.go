package seafarers

import (
	"encoding/hex"
	"slices"
	"strconv"

	"github.com/elasund/elasund/engine/seafarers/board"
)

// stateNames are the names the state writes positions, corners and edges
// by (BOARDS B1, B5, B9), made once for a game's board by the first State
// and shared by its clones, so that a state costs no text of its own.
type stateNames struct {
	hexes, corners, edges []string
}

// names returns the board's names, making them the first time.
func (g *Game) names() *stateNames {
	if g.stateNames == nil {
		b := g.b
		n := &stateNames{hexes: make([]string, b.NumHexes()), corners: make([]string, b.NumCorners()), edges: make([]string, b.NumEdges())}
		for h := range n.hexes {
			n.hexes[h] = b.HexPos(h).String()
		}
		for c := range n.corners {
			n.corners[c] = b.Corner(c).String()
		}
		for e := range n.edges {
			n.edges[e] = b.Edge(e).String()
		}
		g.stateNames = n
	}
	return g.stateNames
}

// State builds the stored state of the game (S157). The result is the
// caller's, but for the lists of its board and its pieces and the seats'
// entries of players: States share them while they do not change (they
// are tagged canonjson:"shared"), so they must not be changed.
func (g *Game) State() *State {
	st := &State{
		Game:       "seafarers",
		Scenario:   g.cfg.scenario.String(),
		Turn:       g.turn,
		Current:    g.colour(g.cur).String(),
		Phase:      g.phase.String(),
		WaitingFor: []string{},
		TurnFlags:  g.flags,
		SealedNext: g.sealedNext,
		Bank:       resourcesOf(g.bank),
		Pending:    []Pending{},
		Sealed:     []SealedDraw{},
		Players:    map[string]*Player{},
	}
	if g.inSetup() {
		st.Setup = &SetupStep{Round: g.setupRound, Step: g.setupStep}
	}
	for _, s := range g.waitingFor() {
		st.WaitingFor = append(st.WaitingFor, g.colour(s).String())
	}
	if g.rolled() {
		d := g.dice
		st.Dice = &d
	}
	st.Board = g.boardState()
	st.Pieces = g.piecesState()
	for s := range g.players {
		st.Players[g.colour(s).String()] = g.playerEntry(s)
	}
	st.LongestRoute = g.seatName(g.longest)
	st.LargestArmy = g.seatName(g.largest)
	st.UnseenCards = UnseenCards{Knight: g.unseen[0], VictoryPoint: g.unseen[1], RoadBuilding: g.unseen[2],
		YearOfPlenty: g.unseen[3], Monopoly: g.unseen[4]}
	if g.offer != nil {
		st.Offer = g.offerState()
	}
	for _, p := range g.pendingList() {
		sp := Pending{Seat: g.colour(p.seat).String(), Kind: pendNames[p.kind]}
		if p.kind == pendDiscard || p.kind == pendGold {
			sp.Count = p.count
		}
		st.Pending = append(st.Pending, sp)
	}
	for _, d := range g.sealed {
		st.Sealed = append(st.Sealed, g.sealedState(d))
	}
	if g.cfg.sandbox {
		fs := make([]Forced, 0, len(g.forced))
		for _, f := range g.forced {
			fs = append(fs, Forced{Kind: drawNames[f.kind], Outcome: f.outcome()})
		}
		st.Forced = &fs
	}
	st.ScenarioState = g.scenarioState()
	st.Winner = g.seatName(g.winner)
	return st
}

// boardState is the state's board: the hexes (with a fog draw pending on
// one), the harbours, the robber and the pirate.
func (g *Game) boardState() BoardState {
	lists := g.boardListsNow()
	bs := BoardState{Dealt: g.l.dealt, Hexes: lists.hexes, Harbours: lists.harbours, Robber: g.hexName(g.robber), Pirate: g.hexName(g.pirate)}
	copied := false
	for i := range g.sealed {
		if d := &g.sealed[i]; d.kind == drawFog {
			if !copied {
				// The shared list stays as it is: this state gets its own.
				bs.Hexes, copied = slices.Clone(lists.hexes), true
			}
			k := d.k
			bs.Hexes[d.at].Pending = &k
		}
	}
	return bs
}

// boardLists are the board's hexes (no fog draw pending) and harbours as
// the state lists them, made once for a land (which never changes) and
// shared by the States made on it: lists tagged canonjson:"shared",
// never changed once made.
type boardLists struct {
	land     *land
	hexes    []HexState
	harbours []HarbourState
}

// boardListsNow returns the board's lists for the game's land, making
// them when the land has changed.
func (g *Game) boardListsNow() *boardLists {
	if bl := g.boardLists; bl != nil && bl.land == g.l {
		return bl
	}
	names := g.names()
	bl := &boardLists{land: g.l, hexes: make([]HexState, len(names.hexes)), harbours: make([]HarbourState, 0, len(g.l.harbours))}
	for h := range bl.hexes {
		x := g.l.hexes[h]
		bl.hexes[h] = HexState{At: names.hexes[h], Terrain: x.Terrain.String(), Number: Token(x.Number)}
		if x.Terrain == board.Unknown {
			bl.hexes[h].Number = NotDealt
		}
	}
	for _, hb := range g.l.harbours {
		bl.harbours = append(bl.harbours, HarbourState{At: hb.Edge.String(), Kind: hb.Kind.String()})
	}
	g.boardLists = bl
	return bl
}

// cornerLists are the settlements and cities as the state lists them,
// shared by the States made while the corners are as recorded (the
// game's array, whose end past the board is never used): lists tagged
// canonjson:"shared", never changed once made.
type cornerLists struct {
	corners             [maxCorners]cornerPiece
	settlements, cities []BuildingState
}

// edgeLists are the roads and ships as the state lists them, shared as
// cornerLists are while the edges are as recorded.
type edgeLists struct {
	edges [maxEdges]edgePiece
	roads []RoadState
	ships []ShipState
}

// piecesState lists the pieces on the board, in corner and edge order.
func (g *Game) piecesState() Pieces {
	cl, el := g.cornerLists, g.edgeLists
	if cl == nil || cl.corners != g.cornerArr {
		cl = &cornerLists{corners: g.cornerArr}
		cl.settlements, cl.cities = g.listBuildings()
		g.cornerLists = cl
	}
	if el == nil || el.edges != g.edgeArr {
		el = &edgeLists{edges: g.edgeArr}
		el.roads, el.ships = g.listRoutes()
		g.edgeLists = el
	}
	return Pieces{Settlements: cl.settlements, Cities: cl.cities, Roads: el.roads, Ships: el.ships}
}

// listBuildings lists the settlements and the cities, in corner order.
func (g *Game) listBuildings() (settlements, cities []BuildingState) {
	names := g.names()
	var ns, nc int
	for _, p := range g.corners {
		switch {
		case p.own == 0:
		case p.kind == city:
			nc++
		default:
			ns++
		}
	}
	settlements, cities = make([]BuildingState, 0, ns), make([]BuildingState, 0, nc)
	for c, p := range g.corners {
		if p.own == 0 {
			continue
		}
		bd := BuildingState{Owner: g.colour(p.owner()).String(), At: names.corners[c]}
		switch p.kind {
		case settlement:
			settlements = append(settlements, bd)
		case city:
			cities = append(cities, bd)
		}
	}
	return settlements, cities
}

// listRoutes lists the roads and the ships, in edge order.
func (g *Game) listRoutes() (roads []RoadState, ships []ShipState) {
	names := g.names()
	var nr, ns int
	for _, p := range g.edges {
		switch {
		case p.own == 0:
		case p.ship:
			ns++
		default:
			nr++
		}
	}
	roads, ships = make([]RoadState, 0, nr), make([]ShipState, 0, ns)
	for e, p := range g.edges {
		if p.own == 0 {
			continue
		}
		owner := g.colour(p.owner()).String()
		if p.ship {
			ships = append(ships, ShipState{Owner: owner, At: names.edges[e], Built: int(p.built), Warship: p.warship})
		} else {
			roads = append(roads, RoadState{Owner: owner, At: names.edges[e]})
		}
	}
	return roads, ships
}

// offerState is the domestic offer open now, with each answer (S65).
func (g *Game) offerState() *Offer {
	o := g.offer
	so := &Offer{From: g.colour(g.cur).String(), Give: cardsOf(o.give), Get: cardsOf(o.get), To: []string{}, Answers: map[string]Answer{}}
	for _, t := range g.maskSeats(o.to) {
		name := g.colour(t).String()
		so.To = append(so.To, name)
		switch {
		case o.accepted&(1<<t) != 0:
			so.Answers[name] = "accept"
		case o.declined&(1<<t) != 0:
			so.Answers[name] = "decline"
		default:
			so.Answers[name] = ""
		}
	}
	return so
}

// sealedState is a sealed draw as the state records it.
func (g *Game) sealedState(d sealedDraw) SealedDraw {
	sd := SealedDraw{K: d.k, Kind: drawNames[d.kind], Drawer: g.colour(d.drawer).String(),
		Witness: g.colour(d.witness).String(), Entry: d.entry, Turn: d.turn}
	if d.reveal != nil {
		r := hex.EncodeToString(d.reveal)
		sd.Reveal = &r
	}
	switch d.kind {
	case drawSteal:
		v := g.colour(d.victim).String()
		sd.Victim = &v
		snap := resourcesOf(d.snapshot)
		sd.Snapshot = &snap
	case drawFog:
		at := g.names().hexes[d.at]
		sd.At = &at
	}
	return sd
}

// pendingList returns the owed decisions as the state lists them (S157):
// the answers an open offer is owed added, in seat order from the active
// player, each seat's in the order discard, gold, answer, robber, harbour,
// reward.
func (g *Game) pendingList() []pending {
	out := slices.Clone(g.pending)
	if o := g.offer; o != nil {
		for _, t := range g.maskSeats(o.to &^ (o.accepted | o.declined)) {
			out = append(out, pending{seat: t, kind: pendAnswer})
		}
	}
	n := g.nseats()
	slices.SortStableFunc(out, func(a, b pending) int {
		if da, db := (a.seat-g.cur+n)%n, (b.seat-g.cur+n)%n; da != db {
			return da - db
		}
		return int(a.kind) - int(b.kind)
	})
	return out
}

func (g *Game) hexName(h int) *string {
	if h < 0 {
		return nil
	}
	s := g.names().hexes[h]
	return &s
}

func (g *Game) seatName(s int) *string {
	if s < 0 {
		return nil
	}
	c := g.colour(s).String()
	return &c
}

func resourcesOf(h Hand) ResourceCounts {
	return ResourceCounts{Brick: h[0], Lumber: h[1], Wool: h[2], Grain: h[3], Ore: h[4]}
}

func cardsOf(h Hand) Cards {
	return Cards{Brick: h[0], Lumber: h[1], Wool: h[2], Grain: h[3], Ore: h[4]}
}

func resourceNamesOf(rs []Resource) []string {
	out := make([]string, 0, len(rs))
	for _, r := range rs {
		out = append(out, r.String())
	}
	return out
}

// playerView is a seat's entry of players in the last State and the
// holdings it was made from, shared with the next State while they are
// the same. Holding the holdings' lists keeps them as they were: they
// are copied on write, never changed in place.
type playerView struct {
	from  player
	vp    int
	land  *land
	entry *Player
}

// playerEntry returns seat s's entry of players: the last State's while
// the seat's holdings, points and land are the same.
func (g *Game) playerEntry(s int) *Player {
	p, vp := &g.players[s], g.vp(s)
	if v := g.playerViews[s]; v != nil && v.vp == vp && v.land == g.l && samePlayer(&v.from, p) {
		return v.entry
	}
	v := &playerView{from: *p, vp: vp, land: g.l, entry: g.playerState(s, vp)}
	g.playerViews[s] = v
	return v.entry
}

// samePlayer reports whether a seat's holdings a and b are the same, their
// lists compared by memory (holdings copy their lists on write).
func samePlayer(a, b *player) bool {
	return a.colour == b.colour && a.hand == b.hand && a.played == b.played && a.supply == b.supply &&
		a.chits == b.chits && a.cloth == b.cloth && a.route == b.route &&
		sameList(a.cards, b.cards) && sameList(a.aside, b.aside) && sameList(a.home, b.home) && sameList(a.reward, b.reward) &&
		sameList(a.orders.discard, b.orders.discard) && sameList(a.orders.gold, b.orders.gold) &&
		sameList(a.orders.reward, b.orders.reward) && sameList(a.orders.accept, b.orders.accept) && a.orders.decline == b.orders.decline
}

// sameList reports whether a and b are the same list in memory, or both
// empty.
func sameList[T any](a, b []T) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// playerState builds one seat's entry of players (S157), with vp its
// victory points.
func (g *Game) playerState(s, vp int) *Player {
	p := &g.players[s]
	ps := &Player{
		Resources: resourcesOf(p.hand),
		Cards:     []CardState{},
		Played: Played{Knight: p.played[0], VictoryPoint: p.played[1], RoadBuilding: p.played[2],
			YearOfPlenty: p.played[3], Monopoly: p.played[4]},
		Supply:   Supply{Settlements: p.supply[0], Cities: p.supply[1], Roads: p.supply[2], Ships: p.supply[3]},
		Chits:    p.chits,
		Rewarded: []string{},
		Route:    p.route,
		VP:       vp,
		Orders: OrdersState{Discard: resourceNamesOf(p.orders.discard), Gold: resourceNamesOf(p.orders.gold),
			Reward: resourceNamesOf(p.orders.reward), Trade: TradeOrders{Accept: []AcceptRule{}, Fallback: "ask"}},
	}
	for _, c := range p.cards {
		cs := CardState{Kind: c.kind.String(), Got: c.got}
		if c.kind == Sealed {
			k := c.draw
			cs.Draw = &k
		}
		ps.Cards = append(ps.Cards, cs)
	}
	for _, r := range p.orders.accept {
		ps.Orders.Trade.Accept = append(ps.Orders.Trade.Accept, AcceptRule{Give: cardsOf(r.give), Get: cardsOf(r.get)})
	}
	if p.orders.decline {
		ps.Orders.Trade.Fallback = "decline"
	}
	sc := g.cfg.scenario
	if sc == board.ClothForCatan {
		c := p.cloth
		ps.Cloth = &c
	}
	if sc == board.ForgottenTribe {
		aside := []string{}
		for _, k := range p.aside {
			aside = append(aside, k.String())
		}
		ps.HarboursAside = &aside
	}
	if sc == board.FourIslands || sc == board.NewWorld {
		home := []string{}
		for _, a := range p.home {
			home = append(home, g.l.areas[a].Name)
		}
		ps.HomeIslands = &home
	}
	for _, a := range p.reward {
		ps.Rewarded = append(ps.Rewarded, g.l.areas[a].Name)
	}
	return ps
}

// fortressView is the pirate-islands fortresses and lone corners as the
// state lists them, shared by the States made while the fortresses'
// chits are as recorded: the list is tagged canonjson:"shared", and
// neither is changed once made.
type fortressView struct {
	chits      []int
	fortresses *[]FortressState
	lone       map[string]string
}

// fortressViewNow returns the fortresses' view for the chits now, making
// it when they have changed.
func (g *Game) fortressViewNow() *fortressView {
	if fv := g.fortressView; fv != nil && slices.Equal(fv.chits, g.fortresses) {
		return fv
	}
	names := g.names()
	fs := []FortressState{}
	fv := &fortressView{chits: slices.Clone(g.fortresses), fortresses: &fs, lone: map[string]string{}}
	for s, base := range g.cfg.bases {
		fs = append(fs, FortressState{Owner: g.colour(s).String(), At: names.corners[base.fortress], Chits: g.fortresses[s]})
		fv.lone[g.colour(s).String()] = names.corners[base.lone]
	}
	g.fortressView = fv
	return fv
}

// scenarioState builds the scenario's own fields (S157).
func (g *Game) scenarioState() ScenarioState {
	var ss ScenarioState
	names := g.names()
	switch g.cfg.scenario {
	case board.FogIsland:
		ss.FogTiles = &FogTiles{Sea: g.fogTiles[board.Sea], Desert: g.fogTiles[board.Desert], Fields: g.fogTiles[board.Fields],
			Hills: g.fogTiles[board.Hills], Mountains: g.fogTiles[board.Mountains], Pasture: g.fogTiles[board.Pasture], Forest: g.fogTiles[board.Forest]}
		ss.FogNumbers = map[string]int{}
		for n, c := range g.fogNumbers {
			if c > 0 {
				ss.FogNumbers[strconv.Itoa(n)] = c
			}
		}
	case board.ForgottenTribe:
		gifts := []GiftState{}
		for _, gf := range g.gifts {
			gs := GiftState{At: names.edges[gf.edge], Kind: gf.kind.String()}
			if gf.kind == board.GiftHarbour {
				k := gf.harbour.String()
				gs.Harbour = &k
			}
			gifts = append(gifts, gs)
		}
		ss.Gifts = &gifts
	case board.ClothForCatan:
		vs := []VillageState{}
		for i, v := range g.cfg.villages {
			vst := VillageState{At: names.corners[v.corner], Number: v.number, Cloth: g.villages[i].cloth, Connected: []string{}}
			for _, s := range g.maskSeats(g.villages[i].connected) {
				vst.Connected = append(vst.Connected, g.colour(s).String())
			}
			vs = append(vs, vst)
		}
		ss.Villages = &vs
		cs := g.clothSupply
		ss.ClothSupply = &cs
	case board.PirateIslands:
		ss.Fleet = new(*string)
		if g.fleet >= 0 {
			*ss.Fleet = g.hexName(g.cfg.fleetPath[g.fleet])
		}
		fv := g.fortressViewNow()
		ss.Fortresses, ss.Lone = fv.fortresses, fv.lone
	case board.WondersOfCatan:
		ws := []WonderState{}
		for w := Theater; w <= Cathedral; w++ {
			ws = append(ws, WonderState{Name: w.String(), Owner: g.seatName(g.wonders[w].owner), Level: g.wonders[w].level})
		}
		ss.Wonders = &ws
		ss.WonderMarkers = map[string]int{}
		for s := range g.players {
			m := 1
			if g.wonderLevel(s) >= 1 {
				m = 0
			}
			ss.WonderMarkers[g.colour(s).String()] = m
		}
	}
	return ss
}
