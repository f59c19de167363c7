package seafarers

import (
	"math/bits"
	"slices"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// Legal lists every action seat may take now, in a fixed order: its owed
// decisions, then the active player's actions by kind, then resolve for a
// witness. Standing orders are always legal and never listed. Domestic
// offers are open-ended: only the one-for-one offers to all are listed
// (docs/seafarers/decisions.md).
//
// src, when given, is a copy of the source the seat's next entry would be
// applied with: with it, the listing shows the board a first entry would
// deal (S134), the position after the seat's sealed draws resolve — only
// resolve when that ends the game (S145) — and before the roll every
// action legal after the roll it gives (topic moves, S32). It may be nil.
func (g *Game) Legal(seat Colour, src engine.Source) []Action {
	return g.AppendLegal(make([]Action, 0, 64), seat, src)
}

// AppendLegal appends the actions Legal lists to out.
func (g *Game) AppendLegal(out []Action, seat Colour, src engine.Source) []Action {
	s := g.seatIndex(seat)
	if s < 0 {
		return out
	}
	witness := g.resolvesAt(s)
	if !witness && (src == nil || g.l.dealt || s != 0) {
		// Nothing to work out on a copy first (most listings).
		if g.over() {
			return out
		}
		return g.legalFor(out, s, src)
	}
	return g.appendLegalOnCopy(out, s, witness, src)
}

// appendLegalOnCopy is AppendLegal for seat s when it witnesses sealed
// draws (witness) or its first entry would deal the board: with src, the
// listing is of a copy after the draws resolve or the board is dealt.
func (g *Game) appendLegalOnCopy(out []Action, s int, witness bool, src engine.Source) []Action {
	h := g
	if src != nil {
		h = g.scratch()
		if !h.l.dealt && s == 0 {
			if h.dealFromEntry(src) != nil {
				return out
			}
		}
		if witness {
			wasOver := h.over()
			if err := h.resolveDraws(s, src); err != nil {
				return out
			}
			g.lookedAheadTo(s, src)
			if h.over() && !wasOver {
				return append(out, Action{Kind: ActResolve})
			}
		}
	}
	if !h.over() {
		out = h.legalFor(out, s, src)
	}
	if h != g {
		g.takeCaches(h)
	}
	if witness && !h.over() {
		out = append(out, Action{Kind: ActResolve})
	}
	return out
}

// legalFor lists seat s's actions in the position g.
func (g *Game) legalFor(out []Action, s int, src engine.Source) []Action {
	out = g.legalDecisions(out, s)
	// Outside phase decide the game (not over) awaits the active player,
	// without asking awaited: a discard, gold or reward decision is owed
	// only in phase decide (checkFlow holds every position to it), and at
	// any other time waitingMask has the active player. In phase decide a
	// seat lists only its decisions.
	if s != g.cur || g.phase == PhaseDecide {
		return out
	}
	if g.phase == PhaseSetup {
		return g.legalPlace(out, s)
	}
	if g.owes(s, pendHarbour) >= 0 {
		return g.legalHarbour(out, s)
	}
	switch g.phase {
	case PhaseRobber:
		return g.legalRobber(out, s)
	case PhaseRoll:
		out = append(out, Action{Kind: ActRoll})
		if g.cfg.opts.CardBeforeRoll {
			out = g.legalPlays(out, s, src)
		}
		if src == nil {
			return out
		}
		h := g.scratch()
		h.roll(g.lookAheadSource(src))
		h.checkWin(s)
		if h.over() {
			return out
		}
		n := len(out)
		out = h.legalFor(out, s, src)
		g.takeCaches(h)
		if g.cfg.opts.CardBeforeRoll {
			// Cards are played before the roll (listed above).
			k := n
			for i := n; i < len(out); i++ {
				if out[i].Kind != ActPlay { // read in place: an action is large to copy
					if k != i {
						out[k] = out[i]
					}
					k++
				}
			}
			out = out[:k]
		}
		return out
	}
	if o := g.offer; o != nil {
		// A seat that accepted is confirmed while both still hold their
		// cards (S69); most of the time nobody has accepted yet.
		if o.accepted != 0 && g.players[s].hand.Contains(&o.give) {
			for t := range g.players {
				if o.accepted&(1<<t) != 0 && g.players[t].hand.Contains(&o.get) {
					out = append(out, Action{Kind: ActConfirm, Seat: g.colour(t)})
				}
			}
		}
		return append(out, Action{Kind: ActWithdraw})
	}
	if g.canTrade() {
		out = g.legalMaritime(out, s)
		out = g.legalOffers(out, s)
	}
	out = g.legalBuilds(out, s)
	if g.players[s].hand.Contains(&costCard) && g.buyable() > 0 {
		out = append(out, Action{Kind: ActBuy})
	}
	out = g.legalPlays(out, s, src)
	out = g.legalMoves(out, s)
	out = g.legalScenario(out, s)
	if len(g.pending) == 0 {
		out = append(out, Action{Kind: ActEnd})
	}
	return out
}

// legalDecisions lists seat s's owed discard, gold and reward decisions
// and its answer to an open offer: none without a decision owed or an
// offer open (most listings), answered without a call, as it is inlined.
func (g *Game) legalDecisions(out []Action, s int) []Action {
	if len(g.pending) == 0 && g.offer == nil {
		return out
	}
	return g.legalOwed(out, s)
}

// legalOwed is legalDecisions while a decision is owed or an offer open.
func (g *Game) legalOwed(out []Action, s int) []Action {
	for _, p := range g.pending {
		if p.seat != s {
			continue
		}
		switch p.kind {
		case pendDiscard:
			out = subHands(out, ActDiscard, g.players[s].hand, p.count)
		case pendGold:
			out = subHands(out, ActGold, g.bank, min(p.count, g.bank.total()))
		case pendReward:
			for _, r := range Resources {
				if g.bank.of(r) > 0 {
					out = append(out, Action{Kind: ActReward, Res: r})
				}
			}
		}
	}
	if o := g.offer; o != nil && o.to&(1<<s) != 0 && (o.accepted|o.declined)&(1<<s) == 0 {
		if g.players[s].hand.Contains(&o.get) {
			out = append(out, Action{Kind: ActAccept})
		}
		out = append(out, Action{Kind: ActDecline})
	}
	return out
}

// subHands appends an action of kind k for every hand of exactly n cards
// taken from h.
func subHands(out []Action, k ActionKind, h Hand, n int) []Action {
	if n <= 0 {
		return out
	}
	// left[i] is how many cards the resources from i on hold together: a
	// branch that would need more is skipped (it lists nothing).
	var left [NumResources + 1]int
	for i := NumResources - 1; i >= 0; i-- {
		left[i] = left[i+1] + h[i]
	}
	a := Action{Kind: k}
	c := &a.Cards // counts within h's, which fit a byte
	for c0 := min(n, h[0]); c0 >= 0 && n-c0 <= left[1]; c0-- {
		c[0] = int8(c0)
		n0 := n - c0
		for c1 := min(n0, h[1]); c1 >= 0 && n0-c1 <= left[2]; c1-- {
			c[1] = int8(c1)
			n1 := n0 - c1
			for c2 := min(n1, h[2]); c2 >= 0 && n1-c2 <= left[3]; c2-- {
				c[2] = int8(c2)
				n2 := n1 - c2
				// The last two resources share what is left: from as many
				// of the fourth as it holds down to as few as the fifth
				// allows. Their counts are written into copies of a in
				// room made for them (withRoom), not into a: appending a
				// just written would make each copy wait for the bytes
				// stored (store-to-load forwarding fails).
				c3, least := min(n2, h[3]), max(0, n2-h[4])
				w := len(out) // where the next action is written
				out = withRoom(out, c3-least+1)
				for ; c3 >= least; c3-- {
					out[w] = a
					out[w].Cards[3], out[w].Cards[4] = int8(c3), int8(n2-c3)
					w++
				}
				out = out[:w]
			}
		}
	}
	return out
}

// legalPlace lists the setup steps (S20).
func (g *Game) legalPlace(out []Action, s int) []Action {
	b := g.b
	if !g.l.dealt || g.players[s].supply[supSettlement] == 0 {
		return out
	}
	// The corners where settleProblem allows a setup settlement, read
	// here without its reasons (TestSetupListingOracle holds them to it):
	// no building on them or beside them (S15, S48), land (S49), not a
	// village's (S107), explored and not pending (S20), not touching a
	// tribe's island (S102, S107), in an area for setup and with no mark
	// (S20, S126).
	var blocked cornerSet
	for c := g.sets.taken.next(0); c >= 0; c = g.sets.taken.next(c + 1) {
		if g.corners[c].kind != noBuilding {
			blocked.add(c)
			for _, d := range b.CornerAdjacent(c) {
				blocked.add(d)
			}
		}
	}
	roads, ships := g.setupEdges()
	a := Action{Kind: ActPlace}
	for c := 0; c < b.NumCorners(); c++ {
		if blocked.has(c) || !g.l.landCorner(c) || !g.areaSetup(g.l.cArea[c]) || g.cfg.marks[c] != board.NoMark {
			continue
		}
		if g.cfg.cornerVillage[c] >= 0 || g.cornerTouchesClosed(c) || g.cornerUnexplored(c) {
			continue
		}
		a.Corner = b.Corner(c)
		coastal := g.l.coastalCorner(c)
		for _, e := range b.CornerEdges(c) {
			if roads.has(e) {
				a.Piece, a.Edge = Road, b.Edge(e)
				out = append(out, a)
			}
			if coastal && ships.has(e) {
				a.Piece, a.Edge = Ship, b.Edge(e)
				out = append(out, a)
			}
		}
	}
	return out
}

// setupEdges returns the edges where a setup road and a setup ship may go
// beside a settlement just placed at one of their ends (for a ship, a
// coastal one): the edges for which roadProblem and shipProblem find
// nothing in setup. Both are empty, free of pending fog positions (S99)
// and touch no unexplored position (S20); roads go where the terrain
// allows them (S51), in pirate-islands beside the eastern island (S117);
// ships where it allows them (S52), off the pirate's sides (S45), and
// none in pirate-islands, whose setup steps place a road (S115): the
// edges play allows (roadEdges, shipEdges) that are explored.
func (g *Game) setupEdges() (roads, ships edgeSet) {
	var explored edgeSet
	for e := range g.edges {
		if !g.l.edgeUnexplored(e) {
			explored.add(e)
		}
	}
	roads = g.roadEdges(explored)
	if g.cfg.scenario == board.PirateIslands || !g.cfg.usesShips {
		return roads, edgeSet{}
	}
	return roads, g.shipEdges(explored, -1)
}

// legalHarbour lists the harbour placements owed (S105).
func (g *Game) legalHarbour(out []Action, s int) []Action {
	kinds := g.asideKinds(s)
	for _, e := range g.harbourEdges(s) {
		for _, k := range kinds {
			out = append(out, Action{Kind: ActHarbour, Edge: g.b.Edge(e), Harbour: k})
		}
	}
	return out
}

// legalRobber lists the robber and pirate moves, or the pirate-islands
// steals (S41–S44, S112, S123).
func (g *Game) legalRobber(out []Action, s int) []Action {
	if g.owes(s, pendRobber) < 0 {
		return out
	}
	if g.cfg.scenario == board.PirateIslands {
		for _, v := range g.stealVictims(s) {
			out = append(out, Action{Kind: ActSteal, Seat: g.colour(v)})
		}
		return out
	}
	// The hexes robberTarget and pirateTarget allow: land (not a tribe's
	// island) and sea, explored and not pending (S17, S42, S43), and not
	// where the robber or the pirate stands.
	// The victims of each hex are read from the hexes beside each other
	// seat's pieces (robberVictims, pirateVictims for every hex at once).
	pending := g.pendingHexes()
	if g.cfg.usesRobber {
		hexes := g.l.landHexes &^ g.cfg.closedHexes &^ pending
		if g.robber >= 0 {
			hexes &^= 1 << g.robber
		}
		by := g.victimHexes(s, false)
		out = g.appendHexMoves(out, ActRobber, hexes, &by)
	}
	if g.cfg.usesPirate && g.pirateAllowed(s) {
		hexes := g.l.seaHexes &^ pending
		if g.pirate >= 0 {
			hexes &^= 1 << g.pirate
		}
		by := g.victimHexes(s, true)
		out = g.appendHexMoves(out, ActPirate, hexes, &by)
	}
	return out
}

// appendHexMoves appends the robber or pirate moves (k) to each of hexes
// in index order: one with each seat it may rob there (victimHexes, by),
// or one without a seat where it robs nobody.
func (g *Game) appendHexMoves(out []Action, k ActionKind, hexes uint64, by *[4]uint64) []Action {
	robbed := by[0] | by[1] | by[2] | by[3] // the hexes where some seat may be robbed
	// What each seat holds that can be stolen, a bit per seat, read once
	// for all the hexes: a resource card, and for the cloth-for-catan
	// pirate a cloth (S112).
	var cards, cloths uint8
	for v := range g.players {
		if g.players[v].hand.total() > 0 {
			cards |= 1 << v
		}
		if k == ActPirate && g.cfg.scenario == board.ClothForCatan && g.players[v].cloth > 0 {
			cloths |= 1 << v
		}
	}
	moves := g.cfg.geo.hexMoves[0]
	if k == ActPirate {
		moves = g.cfg.geo.hexMoves[1]
	}
	// Each move is copied whole from moves, and a steal's seat written
	// into its copy, in room made for them first: at most a move to each
	// hex nobody is robbed at, and two steals (a card and a cloth) from
	// each of three seats at the others. Writing the hex
	// into one action and appending that, as append would copy it, makes
	// the copy wait for bytes just stored (store-to-load forwarding
	// fails), a dozen cycles or so a move.
	n := len(out)
	out = withRoom(out, bits.OnesCount64(hexes&^robbed)+6*bits.OnesCount64(hexes&robbed))
	for ; hexes != 0; hexes &= hexes - 1 {
		h := bits.TrailingZeros64(hexes)
		if robbed>>h&1 == 0 {
			out[n] = moves[h]
			n++
			continue
		}
		// A move with each victim that holds what it steals: a resource
		// card, or a cloth (for the cloth-for-catan pirate, S112), a
		// move for each.
		for victims := victimsAt(by, h); victims != 0; victims &= victims - 1 {
			v := bits.TrailingZeros8(victims)
			if cards>>v&1 != 0 {
				out[n] = moves[h]
				out[n].Seat = g.colour(v)
				n++
			}
			if cloths>>v&1 != 0 {
				out[n] = moves[h]
				out[n].Seat, out[n].Cloth = g.colour(v), true
				n++
			}
		}
	}
	return out[:n]
}

// withRoom returns out grown to room for n more actions past its length
// and resliced to its capacity: a listing writes its actions into it by
// index from out's old length on, and then cuts it to what it wrote.
// (append would copy each action to the stack on its way into out.)
func withRoom(out []Action, n int) []Action {
	if cap(out)-len(out) < n {
		out = slices.Grow(out, n)
	}
	return out[:cap(out)]
}

// victimHexes returns, for every seat other than s the robber (or, with
// pirate, the pirate) could steal from, the hexes where it could: beside
// its settlements and cities when it holds a resource card (robberVictims),
// beside its ships when it holds a resource card or a cloth
// (pirateVictims); a bit each.
func (g *Game) victimHexes(s int, pirate bool) (by [4]uint64) {
	geo := g.cfg.geo
	for o := range g.players {
		p := &g.players[o]
		switch {
		case o == s:
		case !pirate && p.hand.total() > 0:
			bs := &g.sets.buildings[o]
			for c := bs.next(0); c >= 0; c = bs.next(c + 1) {
				by[o] |= geo.cornerHexes[c]
			}
		case pirate && (p.hand.total() > 0 || p.cloth > 0):
			ships := &g.sets.ships[o]
			for e := ships.next(0); e >= 0; e = ships.next(e + 1) {
				by[o] |= geo.edgeHexes[e]
			}
		}
	}
	return by
}

// victimsAt returns the seats whose hexes (victimHexes) hold hex h, a bit
// each.
func victimsAt(by *[4]uint64, h int) uint8 {
	return uint8(by[0]>>h&1 | by[1]>>h&1<<1 | by[2]>>h&1<<2 | by[3]>>h&1<<3)
}

// legalMaritime lists the trades with the bank (S62): for each resource
// given, by rate from 4:1 down to 2:1, by count and by resource taken.
func (g *Game) legalMaritime(out []Action, s int) []Action {
	hand := &g.players[s].hand
	// No rate is below 2, nor below 4 without a building on a harbour
	// (S62, S63): most hands trade nothing, found before the rates.
	most := hand.most()
	if most < 2 {
		return out
	}
	if !g.sets.buildings[s].meets(&g.l.harbourCorners) {
		if most < 4 {
			return out
		}
		return g.appendTrades(out, hand, hand.atLeast(4), &fourToOne)
	}
	rates := g.placesOf(s).ratesOf(g, s)
	var give uint8 // the resources held at least at their best rate
	for i, r := range rates {
		if hand[i] >= bits.TrailingZeros8(r) {
			give |= 1 << i
		}
	}
	return g.appendTrades(out, hand, give, rates)
}

// fourToOne are the maritime rates of a seat without a building on a
// harbour: 4:1 for every resource (S62).
var fourToOne = [NumResources]uint8{1 << 4, 1 << 4, 1 << 4, 1 << 4, 1 << 4}

// appendTrades appends the maritime trades of a seat holding hand at
// rates (rate masks, bit k for k:1) giving any resource of give (a bit
// each): by resource given, by rate from highest to lowest, by count and
// by resource taken.
func (g *Game) appendTrades(out []Action, hand *Hand, give uint8, rates *[NumResources]uint8) []Action {
	held := g.bank.held() // the resources the bank holds one of, which most trades take
	for ; give != 0; give &= give - 1 {
		i := bits.TrailingZeros8(give)
		have, others := hand[i], uint8(1<<NumResources-1)&^(1<<i)
		for r := rates[i]; r != 0; r &^= 1 << (7 - bits.LeadingZeros8(r)) {
			k := 7 - bits.LeadingZeros8(r) // the rate k:1, the highest left
			if k > have {
				continue
			}
			// Most trades take one card: they are copied whole from
			// oneTrades, into room made for them first (append would copy
			// each to the stack on the way).
			row := &oneTrades[k-minRate][i]
			n := len(out)
			room := withRoom(out, NumResources-1)
			for got := held & others; got != 0; got &= got - 1 {
				room[n] = row[bits.TrailingZeros8(got)]
				n++
			}
			out = room[:n]
			for m := 2; m*k <= have; m++ {
				out = g.appendTradesOf(out, i, k, m, g.bank.atLeast(m)&others)
			}
		}
	}
	return out
}

// appendTradesOf appends the maritime trades of m·k cards of resource i
// for m of each resource of got (a bit each).
func (g *Game) appendTradesOf(out []Action, i, k, m int, got uint8) []Action {
	// Each trade is appended as a copy of trade, which is never written,
	// and its counts are then written in place. Writing them into trade
	// and appending that would copy bytes just stored: the copy's wide
	// loads cannot take them from the pending narrow stores (store-to-load
	// forwarding fails), and each trade would wait a dozen cycles or so
	// for them to reach the cache.
	trade := Action{Kind: ActTrade}
	for ; got != 0; got &= got - 1 {
		n := len(out)
		out = append(out, trade)
		a := &out[n]
		a.Cards[i], a.Get[bits.TrailingZeros8(got)] = int8(m*k), int8(m) // m·k is at most the hand's
	}
	return out
}

// minRate and maxRate bound the maritime rates k:1 (S62, S63).
const minRate, maxRate = 2, 4

// oneTrades are the maritime trades that take one card,
// oneTrades[k-minRate][i][j] giving k cards of resource i for one of j, a
// zero action where i is j. A listing copies each whole (appendTrades):
// cheaper than writing its counts, and the copy never waits for bytes
// just stored (see appendTradesOf).
var oneTrades = func() (t [maxRate - minRate + 1][NumResources][NumResources]Action) {
	for k := minRate; k <= maxRate; k++ {
		for i := range Resources {
			for j := range Resources {
				if j != i {
					a := &t[k-minRate][i][j]
					a.Kind, a.Cards[i], a.Get[j] = ActTrade, int8(k), 1
				}
			}
		}
	}
	return t
}()

// legalOffers lists the one-for-one offers to all other seats (S65, S66).
func (g *Game) legalOffers(out []Action, s int) []Action {
	if lim := g.cfg.opts.OffersPerTurn; lim >= 0 && g.flags.Offers >= lim {
		return out
	}
	return append(out, oneForOne[g.players[s].hand.held()]...)
}

// oneForOne are the one-for-one offers to all (legalOffers) of a seat
// holding the resources of a mask (a bit each): for each resource held,
// one for each other resource taken, in resource order. A listing copies
// them in one block, cheaper than writing each action.
var oneForOne = func() (t [1 << NumResources][]Action) {
	for held := range t {
		for i := range Resources {
			if held&(1<<i) == 0 {
				continue
			}
			for j := range Resources {
				if j != i {
					a := Action{Kind: ActOffer, All: true}
					a.Cards[i], a.Get[j] = 1, 1
					t[held] = append(t[held], a)
				}
			}
		}
	}
	return t
}()

// legalBuilds lists roads, ships, settlements and cities (S47–S55).
func (g *Game) legalBuilds(out []Action, s int) []Action {
	b := g.b
	p := &g.players[s]
	// Every piece but the city costs a lumber: a hand without one that
	// is short of a city, as most hands of a listing are, builds nothing.
	if p.hand.of(Lumber) == 0 && !p.hand.Contains(&costCity) {
		return out
	}
	var pc *placeCache // worked out once something is affordable
	a := Action{Kind: ActBuild, Piece: Road}
	if p.supply[supRoad] > 0 && p.hand.Contains(&costRoad) {
		pc = g.placesOf(s)
		set := pc.roadSpots(g, s)
		for e := set.next(0); e >= 0; e = set.next(e + 1) {
			a.Edge = b.Edge(e)
			out = append(out, a)
		}
	}
	if g.cfg.usesShips && p.supply[supShip] > 0 && p.hand.Contains(&costShip) {
		a.Piece = Ship
		if pc == nil {
			pc = g.placesOf(s)
		}
		set := pc.shipSpots(g, s)
		for e := set.next(0); e >= 0; e = set.next(e + 1) {
			a.Edge = b.Edge(e)
			out = append(out, a)
		}
	}
	a = Action{Kind: ActBuild, Piece: Settlement}
	if p.supply[supSettlement] > 0 && p.hand.Contains(&costSettlement) {
		if pc == nil {
			pc = g.placesOf(s)
		}
		set := pc.settlementSpots(g, s)
		for c := set.next(0); c >= 0; c = set.next(c + 1) {
			a.Corner = b.Corner(c)
			out = append(out, a)
		}
	}
	if p.supply[supCity] > 0 && p.hand.Contains(&costCity) {
		a.Piece = City
		set := &g.sets.buildings[s]
		for c := set.next(0); c >= 0; c = set.next(c + 1) {
			if g.corners[c].kind == settlement {
				a.Corner = b.Corner(c)
				out = append(out, a)
			}
		}
	}
	return out
}

// placeCache holds where one seat may build a road, a ship and a
// settlement in play (legalBuilds) and its maritime rates (legalMaritime),
// each worked out at its first use,
// for as long as nothing they depend on changes: the pieces (rev), the
// terrain (land), the pirate (S45) and the pending fog positions (S99), as
// for moveCache. A turn's listings (an offer and its answers between
// them) so work them out once.
type placeCache struct {
	seat, pirate int
	rev          uint64
	land         *land // nil: nothing worked out
	pending      edgeSet
	have         uint8 // which sets are worked out: haveRoads, haveShips, haveSettlements, haveRates
	roads, ships edgeSet
	settlements  cornerSet
	rates        [NumResources]uint8 // the seat's maritime rates (rates), which its buildings and the harbours fix
}

// The sets of a placeCache.
const (
	haveRoads = 1 << iota
	haveShips
	haveSettlements
	haveRates
)

// placesOf returns the place cache for seat s, emptied when it was another
// seat's or something it depends on changed.
func (g *Game) placesOf(s int) *placeCache {
	pc := &g.places
	var pending edgeSet
	if len(g.sealed) > 0 {
		pending = g.pendingSides()
	}
	if pirate := g.pirateHex(); pc.land != g.l || pc.seat != s || pc.rev != g.rev || pc.pirate != pirate || pc.pending != pending {
		// Emptied by its have bits alone: each set is written whole when
		// it is worked out, so the stale ones need no clearing.
		pc.seat, pc.pirate, pc.rev, pc.land, pc.pending, pc.have = s, pirate, g.rev, g.l, pending, 0
	}
	return pc
}

// roadSpots returns the edges where seat s may build a road (joins,
// roadsAt).
func (pc *placeCache) roadSpots(g *Game, s int) *edgeSet {
	if pc.have&haveRoads == 0 {
		at := g.joins(s, false, -1)
		pc.roads, pc.have = g.roadsAt(&at), pc.have|haveRoads
	}
	return &pc.roads
}

// ratesOf returns seat s's maritime rates (g.rates).
func (pc *placeCache) ratesOf(g *Game, s int) *[NumResources]uint8 {
	if pc.have&haveRates == 0 {
		pc.rates, pc.have = g.rates(s), pc.have|haveRates
	}
	return &pc.rates
}

// shipSpots returns the edges where seat s may build a ship (g.shipSpots).
func (pc *placeCache) shipSpots(g *Game, s int) *edgeSet {
	if pc.have&haveShips == 0 {
		pc.ships, pc.have = g.shipSpots(s, -1), pc.have|haveShips
	}
	return &pc.ships
}

// settlementSpots returns the corners where seat s may build a settlement
// (settlementsAt).
func (pc *placeCache) settlementSpots(g *Game, s int) *cornerSet {
	if pc.have&haveSettlements == 0 {
		pc.settlements, pc.have = g.settlementsAt(s), pc.have|haveSettlements
	}
	return &pc.settlements
}

// shipSpots returns the edges where seat s may place a ship in play, the
// ship on edge skip (a ship being moved) left out, -1 for none (S52, S55,
// S118).
func (g *Game) shipSpots(s, skip int) edgeSet {
	if g.cfg.scenario == board.PirateIslands {
		return g.routeShipsAt(s, skip)
	}
	at := g.joins(s, true, skip)
	return g.shipsAt(&at, skip)
}

// legalPlays lists the development cards seat s may play (S74–S78, S120):
// none after a card this turn or without a card (most listings), answered
// without a call, as it is inlined.
func (g *Game) legalPlays(out []Action, s int, src engine.Source) []Action {
	if g.flags.CardPlayed || len(g.players[s].cards) == 0 {
		return out
	}
	return g.legalCards(out, s, src)
}

// legalCards is legalPlays for a seat holding a card, before any is played
// this turn.
func (g *Game) legalCards(out []Action, s int, src engine.Source) []Action {
	// The kinds the seat may play, a bit each (1<<kind): not a card bought
	// this turn (S74), nor a victory point card outside four-seat
	// pirate-islands (S79, S120). Most seats holding cards hold only
	// those, and list nothing at once.
	var playable uint8
	for _, c := range g.players[s].cards {
		if c.kind != Sealed && c.got < g.turn {
			playable |= 1 << c.kind
		}
	}
	if !(g.cfg.scenario == board.PirateIslands && g.nseats() == 4) {
		playable &^= 1 << VictoryPoint
	}
	if playable == 0 {
		return out
	}
	switch g.phase {
	case PhaseTrade, PhaseBuild:
	case PhaseRoll:
		if !g.cfg.opts.CardBeforeRoll {
			return out
		}
	default:
		return out
	}
	for _, k := range CardKinds {
		if playable&(1<<k) == 0 {
			continue
		}
		switch k {
		case Knight, VictoryPoint:
			out = append(out, Action{Kind: ActPlay, Card: k})
		case RoadBuilding:
			out = g.legalRoadBuilding(out, s, src)
		case YearOfPlenty:
			out = subHands(out, ActPlay, g.bank, min(2, g.bank.total()))
			for i := range out {
				if out[i].Kind == ActPlay && out[i].Card == NoCard {
					out[i].Card = YearOfPlenty
				}
			}
		case Monopoly:
			for _, r := range Resources {
				out = append(out, Action{Kind: ActPlay, Card: Monopoly, Res: r})
			}
		}
	}
	return out
}

// freePlacements returns the edges where seat s could place a road and
// where it could place a ship now.
func (g *Game) freePlacements(s int) (roads, ships edgeSet) {
	p := &g.players[s]
	if p.supply[supRoad] > 0 {
		at := g.joins(s, false, -1)
		roads = g.roadsAt(&at)
	}
	if g.cfg.usesShips && p.supply[supShip] > 0 {
		ships = g.shipSpots(s, -1)
	}
	return roads, ships
}

// legalRoadBuilding lists Road Building with two pieces, or one where no
// second can follow (S76), by first piece and then second, each by edge, a
// road before a ship on the same edge.
func (g *Game) legalRoadBuilding(out []Action, s int, src engine.Source) []Action {
	b := g.b
	roads, ships := g.freePlacements(s)
	all := roads
	all.or(&ships)
	a := Action{Kind: ActPlay, Card: RoadBuilding}
	for e := all.next(0); e >= 0; e = all.next(e + 1) {
		a.Edge = b.Edge(e)
		for _, first := range [2]Piece{Road, Ship} {
			if first == Road && !roads.has(e) || first == Ship && !ships.has(e) {
				continue
			}
			a.Piece = first
			roads2, ships2, ok := g.secondPlacements(s, e, first, src)
			if !ok {
				continue
			}
			n := len(out)
			out = g.appendPlacements(out, a, &roads2, &ships2)
			if len(out) == n {
				a.Piece2, a.Edge2 = NoPiece, board.Edge{}
				out = append(out, a)
			}
		}
	}
	return out
}

// appendPlacements appends action a with each of the placements roads and
// ships as its second piece, by edge, a road before a ship on the same
// edge.
func (g *Game) appendPlacements(out []Action, a Action, roads, ships *edgeSet) []Action {
	all := *roads
	all.or(ships)
	for e := all.next(0); e >= 0; e = all.next(e + 1) {
		a.Edge2 = g.b.Edge(e)
		if roads.has(e) {
			a.Piece2 = Road
			out = append(out, a)
		}
		if ships.has(e) {
			a.Piece2 = Ship
			out = append(out, a)
		}
	}
	return out
}

// secondPlacements returns where seat s could place Road Building's second
// piece once the first, piece on edge e, is placed; ok is false when the
// first cannot be placed (an impossible forced outcome, S160). Where
// placing can explore (fog-island), lengthen the pirate-islands chain or
// meet a forced card gift, the first piece is placed on a copy; elsewhere
// placing it changes only the seat's pieces and supply, as far as the
// second is concerned, and those are changed for the while.
func (g *Game) secondPlacements(s, e int, piece Piece, src engine.Source) (roads, ships edgeSet, ok bool) {
	switch sc := g.cfg.scenario; {
	case sc == board.FogIsland, sc == board.PirateIslands, sc == board.ForgottenTribe && len(g.forced) > 0:
		h := g.scratch()
		var hs engine.Source
		if src != nil {
			hs = src.Clone()
		}
		if err := h.placeEdge(s, e, piece, hs); err != nil {
			return edgeSet{}, edgeSet{}, false
		}
		roads, ships = h.freePlacements(s)
		return roads, ships, true
	}
	sets, supply := g.sets, g.players[s].supply
	g.sets.occupied.add(e)
	if piece == Road {
		g.sets.roads[s].add(e)
		g.players[s].supply[supRoad]--
	} else {
		g.sets.ships[s].add(e)
		g.players[s].supply[supShip]--
	}
	roads, ships = g.freePlacements(s)
	g.sets, g.players[s].supply = sets, supply
	return roads, ships, true
}

// legalMoves lists the ship moves (S59): none once a ship moved this
// turn or without a ship (most listings), answered without a call, as it
// is inlined; else shipMoveList.
func (g *Game) legalMoves(out []Action, s int) []Action {
	if g.flags.ShipMoved || g.sets.ships[s] == (edgeSet{}) {
		return out
	}
	return g.shipMoveList(out, s)
}

// shipMoveList lists the ship moves of seat s (legalMoves), in the
// scenarios with ships: each ship that may move, to every edge where a new
// ship could go without it (shipMoves).
func (g *Game) shipMoveList(out []Action, s int) []Action {
	if !g.cfg.usesShips {
		return out
	}
	m := g.shipMoves(s)
	a := Action{Kind: ActMoveShip}
	// The moves are many (a dozen a listing): the edges are read a word at
	// a time, and named from a slice the loop holds. Each move is a copy of
	// a written into room made for the ship's moves (withRoom), its
	// destination written into the copy: appending a just changed would
	// make each copy wait for the bytes stored (store-to-load forwarding
	// fails on the wider loads of the copy). The room is made once, for
	// all the moves the cache counted (moveCache.moves).
	names := g.cfg.geo.edgeNames
	n := len(out)
	out = withRoom(out, m.moves)
	for i := 0; i < m.n; i++ {
		a.Edge = names[m.from[i]]
		to := &m.to[i] // read in place: a range over m.to[i] copies it
		for k := range to {
			for w := to[k]; w != 0; w &= w - 1 {
				out[n] = a
				out[n].Edge2 = names[k<<6+bits.TrailingZeros64(w)]
				n++
			}
		}
	}
	return out[:n]
}

// takeCaches keeps in g what the listing of h, a copy of g it worked on
// (after a roll or sealed draws), worked out of the ship moves and the
// build places: each cache holds what it was worked out from, so that g
// uses what still holds when its own listing or entry gets there (the
// roll changes none of it, unless the pirate fleet sails). The memos of
// route lengths and ship shapes are shared already.
func (g *Game) takeCaches(h *Game) {
	g.moves, g.places = h.moves, h.places
}

// moveCache holds the ship moves of one seat (shipMoves) for as long as
// nothing they depend on changes: the pieces (rev), the turn (S60), the
// pirate (S45), the terrain (land) and the pending fog positions (S99).
type moveCache struct {
	valid      bool
	seat, turn int
	pirate     int
	rev        uint64
	land       *land
	pending    edgeSet
	mobile     edgeSet             // the ships that may move
	n          int                 // how many of them have somewhere to go
	moves      int                 // how many moves they have in all
	from       [limitShips]uint8   // those ships' edges, in edge order
	to         [limitShips]edgeSet // where each may go
}

// lists reports whether the moves of m take the ship on edge from to edge
// to.
func (m *moveCache) lists(from, to int) bool {
	for i := 0; i < m.n; i++ {
		if int(m.from[i]) == from {
			return m.to[i].has(to)
		}
	}
	return false
}

// shipMoves returns seat s's ship moves: its ships that may move
// (mobileShips) and where each may go, worked out again only when
// something they depend on changed (moveCache).
func (g *Game) shipMoves(s int) *moveCache {
	m := &g.moves
	var pending edgeSet
	if len(g.sealed) > 0 {
		pending = g.pendingSides()
	}
	if m.valid && m.seat == s && m.turn == g.turn && m.pirate == g.pirateHex() && m.rev == g.rev && m.land == g.l && m.pending == pending {
		return m
	}
	// The ships past n and where they may go are not read, so not cleared.
	m.valid, m.seat, m.turn, m.pirate, m.rev, m.land, m.pending = true, s, g.turn, g.pirateHex(), g.rev, g.l, pending
	m.n, m.moves = 0, 0
	var sh *shape
	m.mobile, sh = g.mobileShips(s)
	pirate := g.cfg.scenario == board.PirateIslands
	var at cornerSet
	var all edgeSet
	if !pirate {
		at = g.joinsAt(s, sh.ends) // joins(s, true, -1)
		all = g.shipEdges(g.joinedEdges(s, &at, sh), -1)
	}
	// The corners where one ship ends, with no building of the seat, and
	// the ships join: lifting the ship there unjoins them (joinsLost).
	loose := sh.single
	loose.and(&at)
	for k, w := range m.mobile {
		for ; w != 0 && m.n < limitShips; w &= w - 1 {
			from := k<<6 + bits.TrailingZeros64(w)
			to := &m.to[m.n]
			switch lost := g.joinsLost(from, &loose); {
			case pirate:
				*to = g.routeShipsAt(s, from)
			default:
				*to = all
				g.withoutLost(to, &at, lost)
			}
			if *to != (edgeSet{}) {
				m.from[m.n] = uint8(from)
				m.n++
				m.moves += to.count()
			}
		}
	}
	return m
}

// joinedEdges returns the edges at the corners of at, the corners where
// seat s's ships of shape sh join (joinsAt of sh.ends): those the shape
// knows and those at the seat's buildings, when no other seat's building
// stands where its ships end.
func (g *Game) joinedEdges(s int, at *cornerSet, sh *shape) edgeSet {
	joined := sh.ends
	joined.or(&g.sets.buildings[s])
	if joined != *at {
		return g.edgesAt(at)
	}
	rest := g.sets.buildings[s]
	rest.andNot(&sh.ends)
	out := g.edgesAt(&rest)
	out.or(&sh.near)
	return out
}

// withoutLost takes from to, where a ship may go while every corner of at
// joins, the edges it may not go to once the corners of lost (-1 for
// none) no longer join (shipsAt of at less lost): the edges at a lost
// corner stay only when their other end still joins. (An edge between two
// lost corners is the lifted ship's own, never in to.)
func (g *Game) withoutLost(to *edgeSet, at *cornerSet, lost [2]int) {
	for _, v := range lost {
		if v < 0 {
			continue
		}
		others := g.b.CornerAdjacent(v)
		for i, e := range g.b.CornerEdges(v) {
			if !at.has(others[i]) {
				to.remove(e)
			}
		}
	}
}

// joinsLost returns the ends of a seat's ship on edge from where its ships
// join no more once that ship is lifted, -1 for none: those of loose, the
// corners where they join (joins) and where one of its ships ends and no
// building of the seat stands (the shape's single corners).
func (g *Game) joinsLost(from int, loose *cornerSet) [2]int {
	lost := [2]int{-1, -1}
	for k, v := range g.cfg.geo.edgeEnds[from] {
		if loose.has(int(v)) {
			lost[k] = int(v)
		}
	}
	return lost
}

// legalScenario lists wonders and fortress attacks (S124, S129, S130):
// nothing outside wonders-of-catan and pirate-islands, answered without a
// call, as it is inlined.
func (g *Game) legalScenario(out []Action, s int) []Action {
	if sc := g.cfg.scenario; sc != board.WondersOfCatan && sc != board.PirateIslands {
		return out
	}
	return g.scenarioActions(out, s)
}

// scenarioActions is legalScenario in wonders-of-catan and pirate-islands.
func (g *Game) scenarioActions(out []Action, s int) []Action {
	if g.cfg.scenario == board.WondersOfCatan {
		return g.legalWonders(out, s)
	}
	if g.fortresses[s] > 0 && g.chainReaches(s, g.cfg.bases[s].fortress) {
		out = append(out, Action{Kind: ActAttack})
	}
	return out
}

// legalWonders lists starting a wonder and building its next level (S129,
// S130).
func (g *Game) legalWonders(out []Action, s int) []Action {
	// The seat's wonder and the wonders nobody started, a bit each.
	own := g.wonderOf(s)
	free := uint8(1<<Theater|1<<GreatBridge|1<<Monument|1<<GreatWall|1<<Cathedral) &^ g.wondersStarted
	if own == NoWonder && free != 0 && g.players[s].supply[supShip] > 0 {
		// Most seats meet no wonder's needs: the bits met are visited,
		// lowest (the Theater) first.
		for met := g.wondersMet(s, free); met != 0; met &= met - 1 {
			out = append(out, Action{Kind: ActWonder, Wonder: Wonder(bits.TrailingZeros8(met))})
		}
	}
	if own != NoWonder && g.wonders[own].level < 4 && g.players[s].hand.Contains(&wonderCost[own]) {
		out = append(out, Action{Kind: ActBuildWonder})
	}
	return out
}
