package seafarers

import (
	"fmt"
	"slices"

	"github.com/elasund/elasund/engine/seafarers/board"
)

// Check reports whether the position is consistent (S158): the conserved
// totals (resource cards, development cards, pieces, cloth, fog tiles),
// pieces where they may stand, the phase agreeing with what is owed, the
// trade routes and the card holders as S82 and S83 allow. It returns an
// *engine.StateError naming the first problem.
func (g *Game) Check() error {
	for _, f := range []func() error{g.checkFlow, g.checkCards, g.checkPieces, g.checkHolders, g.checkDraws, g.checkScenario} {
		if err := f(); err != nil {
			return err
		}
	}
	return nil
}

func (g *Game) checkFlow() error {
	n := g.nseats()
	if len(g.players) != n {
		return bad("players", "%d entries for %d seats", len(g.players), n)
	}
	if g.cur < 0 || g.cur >= n {
		return bad("current", "no such seat")
	}
	if g.over() != (g.winner >= 0) {
		return bad("winner", "a winner exactly when the phase is over")
	}
	if g.over() {
		if len(g.pending) > 0 || g.offer != nil || len(g.sealed) > 0 {
			return bad("pending", "nothing is owed once the game is over (S89)")
		}
		return nil
	}
	if g.inSetup() {
		if g.phase != PhaseSetup && g.phase != PhaseDecide {
			return bad("phase", "%s during setup", g.phase)
		}
		if g.turn != 0 || g.rolled() {
			return bad("turn", "turn 0 and no dice during setup")
		}
		if g.cur != g.placer(g.setupRound, g.setupStep) {
			return bad("current", "%s: setup step %d of round %d is %s's", g.colour(g.cur), g.setupStep, g.setupRound, g.colour(g.placer(g.setupRound, g.setupStep)))
		}
	} else if g.turn < 1 {
		return bad("turn", "at least 1 after setup")
	}
	decide := g.anyDecide()
	if decide != (g.phase == PhaseDecide) {
		return bad("phase", "%s: phase decide exactly while a discard, gold or reward decision is owed", g.phase)
	}
	robber := false
	for i, p := range g.pending {
		f := fmt.Sprintf("pending[%d]", i+1)
		if p.seat < 0 || p.seat >= n {
			return bad(f+".seat", "no such seat")
		}
		switch p.kind {
		case pendDiscard:
			if p.count < 1 || p.count > g.players[p.seat].hand.total() {
				return bad(f+".count", "a discard of %d from %d cards", p.count, g.players[p.seat].hand.total())
			}
		case pendGold:
			if p.count < 1 {
				return bad(f+".count", "at least 1")
			}
		case pendReward:
			if g.cfg.scenario != board.PirateIslands {
				return bad(f+".kind", "rewards exist in pirate-islands only")
			}
		case pendRobber:
			robber = true
			if p.seat != g.cur {
				return bad(f+".seat", "a robber move is the active player's")
			}
		case pendHarbour:
			if p.seat != g.cur || g.cfg.scenario != board.ForgottenTribe || len(g.players[p.seat].aside) == 0 {
				return bad(f, "a harbour placement is owed by the active player keeping a harbour aside")
			}
		default:
			return bad(f+".kind", "not a stored decision")
		}
		for _, q := range g.pending[:i] {
			if q.seat == p.seat && q.kind == p.kind {
				return bad(f, "owed twice")
			}
		}
	}
	if !decide && robber != (g.phase == PhaseRobber) {
		return bad("phase", "%s: phase robber exactly while a robber move is owed", g.phase)
	}
	switch g.phase {
	case PhaseRoll:
		if g.rolled() {
			return bad("dice", "rolled in phase roll")
		}
	case PhaseTrade, PhaseBuild:
		// The dice may be null after the edit turn (topic edits).
		if g.flags.Built != (g.phase == PhaseBuild) {
			return bad("turn_flags.built", "phase build exactly after a build action")
		}
	}
	if o := g.offer; o != nil {
		if g.phase != PhaseTrade && g.phase != PhaseBuild {
			return bad("offer", "an offer is open in phase trade or build only")
		}
		if o.to == 0 || o.to&(1<<g.cur) != 0 || o.to>>n != 0 || o.accepted&o.declined != 0 || (o.accepted|o.declined)&^o.to != 0 {
			return bad("offer", "the named seats and answers do not fit")
		}
		if o.give.Total() == 0 || o.get.Total() == 0 {
			return bad("offer", "a trade exchanges at least one card each way")
		}
		if o.declined == o.to {
			return bad("offer", "every named seat declined: the offer is closed (S70)")
		}
	}
	return nil
}

// fortressPieces is 1 while seat s's settlement stands under its
// uncaptured fortress (S115), else 0.
func (g *Game) fortressPieces(s int) int {
	if g.cfg.scenario == board.PirateIslands && len(g.fortresses) > s && g.fortresses[s] > 0 {
		return 1
	}
	return 0
}

func (g *Game) checkCards() error {
	total := g.bank
	for s := range g.players {
		h := g.players[s].hand
		for i, v := range h {
			if v < 0 {
				return bad("players."+g.colour(s).String()+".resources."+Resources[i].String(), "negative")
			}
		}
		total.add(&h)
	}
	for i, v := range total {
		if v != bankStart || g.bank[i] < 0 {
			return bad("bank", "%d %s in the bank and the hands: want %d (S7)", v, Resources[i], bankStart)
		}
	}
	want := deckStart
	if g.cfg.scenario == board.PirateIslands && g.nseats() == 3 {
		want[VictoryPoint-1] = 0
	}
	have := g.unseen
	sealed := 0
	for s := range g.players {
		p := &g.players[s]
		for i, v := range p.played {
			have[i] += v
		}
		for _, c := range p.cards {
			switch {
			case c.kind == Sealed:
				sealed++
				k := slices.IndexFunc(g.sealed, func(d sealedDraw) bool { return d.k == c.draw && d.kind == drawCard && d.drawer == s })
				if k < 0 {
					return bad("players."+g.colour(s).String()+".cards", "sealed card %d has no pending draw of %s", c.draw, g.colour(s))
				}
			case c.kind >= Knight && c.kind <= Monopoly:
				have[c.kind-1]++
			default:
				return bad("players."+g.colour(s).String()+".cards", "not a development card")
			}
			if c.got > g.turn {
				return bad("players."+g.colour(s).String()+".cards", "acquired in a later turn")
			}
		}
	}
	for i := range want {
		if have[i] != want[i] || g.unseen[i] < 0 {
			return bad("unseen_cards", "%d %s cards unseen, held and played: want %d (S8, S158)", have[i], CardKinds[i], want[i])
		}
	}
	if sealed != g.promised() {
		return bad("sealed", "%d sealed cards held for %d pending card draws", sealed, g.promised())
	}
	if g.promised() > g.unseen.Total() {
		return bad("unseen_cards", "more cards promised than unseen")
	}
	return nil
}

func (g *Game) checkPieces() error {
	n := g.nseats()
	var count [4][4]int
	for c, p := range g.corners {
		if p.own == 0 {
			if p.kind != noBuilding {
				return bad("pieces", "a building without owner")
			}
			continue
		}
		s := p.owner()
		if s < 0 || s >= n {
			return bad("pieces", "a building of no seat")
		}
		name := g.b.Corner(c).String()
		switch p.kind {
		case settlement:
			count[s][supSettlement]++
		case city:
			count[s][supCity]++
		case fortress:
			if g.cfg.scenario != board.PirateIslands || g.cfg.bases[s].fortress != c {
				return bad("pieces", "a fortress on %s", name)
			}
			count[s][supSettlement]++
			continue
		default:
			return bad("pieces", "an unknown building on %s", name)
		}
		if !g.l.landCorner(c) {
			return bad("pieces.settlements", "%s is no land corner", name)
		}
		if g.cfg.cornerVillage[c] >= 0 {
			return bad("pieces.settlements", "%s is a village's corner (S107)", name)
		}
		if !g.distanceOK(c) {
			return bad("pieces.settlements", "%s breaks the distance rule (S48)", name)
		}
	}
	for e, p := range g.edges {
		if p.own == 0 {
			if p.ship || p.warship {
				return bad("pieces.ships", "a ship without owner")
			}
			continue
		}
		s := p.owner()
		if s < 0 || s >= n {
			return bad("pieces", "a piece of no seat")
		}
		name := g.b.Edge(e).String()
		if p.ship {
			count[s][supShip]++
			if !g.cfg.usesShips {
				return bad("pieces.ships", "the base game has no ships (S90)")
			}
			if !g.l.shipEdge(g.b, e) {
				return bad("pieces.ships", "%s is no ship edge (S52)", name)
			}
			if int(p.built) > g.turn || p.built < 0 {
				return bad("pieces.ships", "%s was built in a later turn", name)
			}
		} else {
			count[s][supRoad]++
			if !g.l.roadEdge(e) {
				return bad("pieces.roads", "%s is no road edge (S51)", name)
			}
			if p.warship {
				return bad("pieces.roads", "a road is no warship")
			}
		}
	}
	limits := [4]int{limitSettlements, limitCities, limitRoads, limitShips}
	for s := range g.players {
		p := &g.players[s]
		for k := range limits {
			want := limits[k]
			if k == supShip && !g.cfg.usesShips {
				want = 0
			}
			have := p.supply[k] + count[s][k]
			if k == supShip && g.cfg.scenario == board.WondersOfCatan && g.wonderOf(s) != NoWonder && have == want-1 {
				have++ // the ship on the wonder card (S129, S158)
			}
			if p.supply[k] < 0 || have != want {
				return bad("players."+g.colour(s).String()+".supply", "%d in supply and %d on the board: want %d (S9, S158)", p.supply[k], count[s][k], want)
			}
		}
	}
	if g.robber >= 0 {
		if t := g.l.hexes[g.robber].Terrain; !t.IsLand() {
			return bad("board.robber", "the robber stands on a land hex")
		}
	}
	if g.pirate >= 0 && g.l.hexes[g.pirate].Terrain != board.Sea {
		return bad("board.pirate", "the pirate stands on a sea hex")
	}
	return nil
}

func (g *Game) checkHolders() error {
	for s := range g.players {
		if l := g.routeLength(s); g.players[s].route != l {
			return bad("players."+g.colour(s).String()+".route", "%d: the route is %d (S81)", g.players[s].route, l)
		}
	}
	if h := g.longestHolder(g.longest); h != g.longest {
		return bad("longest_route", "the holder is not one S82 allows")
	}
	if g.largest >= 0 {
		k := g.players[g.largest].played[Knight-1]
		if !g.armyUsed() || k < 3 {
			return bad("largest_army", "the holder is not one S83 allows")
		}
		for s := range g.players {
			if g.players[s].played[Knight-1] > k {
				return bad("largest_army", "%s has played more knights than the holder (S83)", g.colour(s))
			}
		}
	} else if g.armyUsed() {
		most, who := 0, 0
		for s := range g.players {
			switch k := g.players[s].played[Knight-1]; {
			case k > most:
				most, who = k, 1
			case k == most:
				who++
			}
		}
		if most >= 3 && who == 1 {
			return bad("largest_army", "one player alone has played the most knights (S83)")
		}
	}
	return nil
}

func (g *Game) checkDraws() error {
	seen := map[int]bool{}
	for i, d := range g.sealed {
		f := fmt.Sprintf("sealed[%d]", i+1)
		if d.k < 0 || d.k >= g.sealedNext || seen[d.k] {
			return bad(f+".k", "each draw has its own k below sealed_next")
		}
		seen[d.k] = true
		if d.drawer < 0 || d.witness != g.next(d.drawer) {
			return bad(f+".witness", "the witness is the seat after the drawer (S137)")
		}
		switch d.kind {
		case drawSteal:
			if d.victim < 0 || d.victim == d.drawer || d.snapshot.total() == 0 {
				return bad(f+".victim", "a steal robs another seat that held a card")
			}
		case drawFog:
			if d.at < 0 || g.l.hexes[d.at].Terrain != board.Fog {
				return bad(f+".at", "a fog draw explores a fog position")
			}
		case drawDie:
			if g.cfg.scenario != board.PirateIslands {
				return bad(f+".kind", "fortress dice exist in pirate-islands only")
			}
		case drawCard:
		default:
			return bad(f+".kind", "unknown")
		}
	}
	if !g.cfg.sandbox && g.forced != nil {
		return bad("forced", "sandbox games only (S160)")
	}
	return nil
}

func (g *Game) checkScenario() error {
	switch g.cfg.scenario {
	case board.ClothForCatan:
		total := g.clothSupply
		for _, v := range g.villages {
			total += v.cloth
			if v.connected>>g.nseats() != 0 {
				return bad("scenario_state.villages", "a connection of no seat")
			}
		}
		for s := range g.players {
			total += g.players[s].cloth
		}
		if want := len(g.cfg.villages)*board.VillageCloth + board.ClothSupply; total != want {
			return bad("scenario_state.cloth_supply", "%d cloth in all: want %d (S106, S158)", total, want)
		}
	case board.FogIsland:
		fs, _ := g.b.FogStack()
		tiles := g.fogTiles
		nums := g.fogNumbers
		start := landOf(g.b)
		for h, x := range g.l.hexes {
			if start.hexes[h].Terrain != board.Fog || x.Terrain == board.Fog {
				continue
			}
			tiles[x.Terrain]++
			if x.Number > 0 {
				nums[x.Number]++
			}
		}
		if tiles != fs.Tiles {
			return bad("scenario_state.fog_tiles", "the stack and the explored positions are not the fog stack (S158)")
		}
		var want [13]int
		for _, v := range fs.Numbers {
			want[v]++
		}
		if nums != want {
			return bad("scenario_state.fog_numbers", "the stack and the explored numbers are not the fog stack (S158)")
		}
	case board.ForgottenTribe:
		// Harbour tokens are no conserved total (S158): an edit may set
		// the harbours a seat keeps aside without taking a gift (NOTATION
		// §8). Only the gifts' places are checked.
		start := g.b.Gifts()
		for i, gf := range g.gifts {
			if !slices.ContainsFunc(start, func(x board.Gift) bool { return g.b.EdgeIndex(x.Edge) == gf.edge && x.Kind == gf.kind }) {
				return bad(fmt.Sprintf("scenario_state.gifts[%d]", i+1), "no such gift lies there at the start")
			}
		}
	case board.PirateIslands:
		if g.fleet >= len(g.cfg.fleetPath) {
			return bad("scenario_state.fleet", "not on the fleet path")
		}
		all := true
		for s, c := range g.fortresses {
			all = all && c == 0
			if c < 0 || c > board.FortressChits {
				return bad("scenario_state.fortresses", "chits 0..3")
			}
			k := g.corners[g.cfg.bases[s].fortress]
			if (c > 0) != (k.kind == fortress) || k.own != int8(s+1) {
				return bad("scenario_state.fortresses", "%s's fortress does not match its corner", g.colour(s))
			}
		}
		if all != (g.fleet < 0) {
			return bad("scenario_state.fleet", "the fleet is removed exactly when every fortress is captured (S121)")
		}
	case board.WondersOfCatan:
		var owned [4]int
		for w := Theater; w <= Cathedral; w++ {
			if o := g.wonders[w].owner; o >= 0 {
				if o >= g.nseats() {
					return bad("scenario_state.wonders", "an owner of no seat")
				}
				owned[o]++
				if owned[o] > 1 {
					return bad("scenario_state.wonders", "%s started two wonders (S129)", g.colour(o))
				}
			}
		}
	}
	return nil
}
