package seafarers

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// randomEntries plays a random game of every scenario as fastPlayout does
// (the game of scenario i from quietGame's seed base+i, its picks from the
// PCG stream (i, stream)) and calls check before each entry with the
// scenario, the entry's number, the game and the seat whose entry it is.
// check reads the game, or works on copies of it; the game then goes on.
func randomEntries(t *testing.T, base, stream uint64, check func(sc string, n int, g *Game, s int, src *engine.Seeded)) {
	t.Helper()
	for i, sc := range benchScenarios {
		setup := benchSetup
		setup.Choices = map[string]string{"scenario": sc}
		g, src := quietGame(t, setup, base+uint64(i))
		pick := rand.New(rand.NewPCG(uint64(i), stream))
		var buf []Action
		for n := 0; !g.over() && g.turn < playTurnLimit && !stalled(g); n++ {
			s := awaitedSeat(g, pick)
			check(sc, n, g, s, src)
			var ls engine.Source
			if g.witnessOf(s) {
				ls = src.Clone()
			}
			buf = g.AppendLegal(buf[:0], g.colour(s), ls)
			if _, err := g.Apply(g.colour(s), []Action{buf[pick.IntN(len(buf))]}, src); err != nil {
				t.Fatalf("%s entry %d: %v", sc, n, err)
			}
		}
	}
}

// TestRobberListingOracle plays a random game of every scenario and, at
// every entry where the seat awaited owes a robber or pirate move,
// compares its listing (legalRobber: every hex at once from the hexes
// beside each seat's pieces) with one built by asking robberTarget,
// pirateTarget and the victims of each hex one by one (S41–S44, S112,
// S123).
func TestRobberListingOracle(t *testing.T) {
	checked := 0
	randomEntries(t, 200, 41, func(sc string, n int, g *Game, s int, src *engine.Seeded) {
		if g.owes(s, pendRobber) >= 0 {
			if got, want := g.legalRobber(nil, s), robberOracle(g, s); !slices.Equal(got, want) {
				t.Fatalf("%s entry %d, seat %d: S41-S44: listed %q, want %q", sc, n, s, FormatMove(got), FormatMove(want))
			}
			checked++
		}
	})
	if checked < 300 {
		t.Fatalf("only %d robber listings checked", checked)
	}
}

// robberOracle lists seat s's robber and pirate moves, or its
// pirate-islands steals, hex by hex and seat by seat.
func robberOracle(g *Game, s int) []Action {
	var out []Action
	if g.cfg.scenario == board.PirateIslands {
		for v := range g.players {
			if v != s && g.players[v].hand.Total() > 0 {
				out = append(out, Action{Kind: ActSteal, Seat: g.colour(v)})
			}
		}
		return out
	}
	hexMoves := func(k ActionKind, target func(int) (string, string), victims func(int, int) uint8) {
		for h := 0; h < g.b.NumHexes(); h++ {
			if r, _ := target(h); r != "" {
				continue
			}
			a := Action{Kind: k, Hex: g.b.HexPos(h)}
			m := victims(s, h)
			if m == 0 {
				out = append(out, a)
			}
			for v := range g.players {
				if m&(1<<v) == 0 {
					continue
				}
				if g.players[v].hand.Total() > 0 {
					out = append(out, Action{Kind: k, Hex: a.Hex, Seat: g.colour(v)})
				}
				if k == ActPirate && g.cfg.scenario == board.ClothForCatan && g.players[v].cloth > 0 {
					out = append(out, Action{Kind: k, Hex: a.Hex, Seat: g.colour(v), Cloth: true})
				}
			}
		}
	}
	if g.cfg.usesRobber {
		hexMoves(ActRobber, g.robberTarget, g.robberVictims)
	}
	if g.cfg.usesPirate && g.pirateAllowed(s) {
		hexMoves(ActPirate, g.pirateTarget, g.pirateVictims)
	}
	return out
}

// TestWonderRequirementsOracle plays random games of wonders-of-catan and
// compares, after every entry, whether each seat meets its goal
// (meetsGoal, the points counted last) with S131, and the wonders each
// seat may start (wondersMet, all five at once) with S128 read wonder by
// wonder: the Theater needs 2 cities, the Great Bridge a building on a
// strait corner, the Monument a city on a harbour corner and a trade route
// of 5, the Great Wall a building on a wasteland corner, the Cathedral a
// city and 6 victory points.
func TestWonderRequirementsOracle(t *testing.T) {
	setup := benchSetup
	setup.Choices = map[string]string{"scenario": "wonders-of-catan"}
	met, goals := 0, 0
	for i := range 2 {
		g, src := quietGame(t, setup, uint64(300+i))
		pick := rand.New(rand.NewPCG(uint64(i), 128))
		var buf []Action
		for n := 0; ; n++ {
			for s := range g.players {
				if got, want := g.wonderOf(s), startedOracle(g, s); got != want {
					t.Fatalf("game %d entry %d, seat %d: S129: started %s, want %s", i, n, s, got, want)
				}
				if got, want := g.wondersStarted, startedMaskOracle(g); got != want {
					t.Fatalf("game %d entry %d: S129: wonders started %05b, want %05b", i, n, got>>1, want>>1)
				}
				if got, want := g.meetsGoal(s), goalOracle(g, s); got != want {
					t.Fatalf("game %d entry %d, seat %d: S131: meets its goal %v, want %v", i, n, s, got, want)
				} else if got {
					goals++
				}
			}
			if g.over() || g.turn >= playTurnLimit || stalled(g) {
				break
			}
			for s := range g.players {
				want := wonderOracle(g, s)
				if got := g.wondersMet(s, 0b111110); got != want {
					t.Fatalf("game %d entry %d, seat %d: S128: wonders met %05b, want %05b", i, n, s, got>>1, want>>1)
				}
				if want != 0 {
					met++
				}
				if got, want := g.legalScenario(nil, s), wonderListingOracle(g, s); !slices.Equal(got, want) {
					t.Fatalf("game %d entry %d, seat %d: S129, S130: listed %q, want %q", i, n, s, FormatMove(got), FormatMove(want))
				}
			}
			s := awaitedSeat(g, pick)
			var ls = src.Clone()
			if !g.witnessOf(s) {
				ls = nil
			}
			buf = g.AppendLegal(buf[:0], g.colour(s), ls)
			if _, err := g.Apply(g.colour(s), []Action{buf[pick.IntN(len(buf))]}, src); err != nil {
				t.Fatalf("game %d entry %d: %v", i, n, err)
			}
		}
	}
	if met < 1000 || goals == 0 {
		t.Fatalf("only %d positions where a seat meets a wonder's needs, %d where one meets its goal", met, goals)
	}
}

// goalOracle reports whether seat s meets the goal of wonders-of-catan
// (S131): its wonder complete, or the points of the goal and a wonder
// further built than every other seat's.
func goalOracle(g *Game, s int) bool {
	level := func(s int) int { return g.wonders[startedOracle(g, s)].level }
	if level(s) >= 4 {
		return true
	}
	if g.vp(s) < g.cfg.opts.VPTarget {
		return false
	}
	for o := range g.players {
		if o != s && level(o) >= level(s) {
			return false
		}
	}
	return true
}

// startedMaskOracle returns the wonders some seat started (S129), a bit
// 1<<w each, read from the wonders' owners.
func startedMaskOracle(g *Game) uint8 {
	var m uint8
	for w := Theater; w <= Cathedral; w++ {
		if g.wonders[w].owner >= 0 {
			m |= 1 << w
		}
	}
	return m
}

// startedOracle returns the wonder seat s started (S129), NoWonder for
// none, read from the wonders' owners.
func startedOracle(g *Game, s int) Wonder {
	for w := Theater; w <= Cathedral; w++ {
		if g.wonders[w].owner == s {
			return w
		}
	}
	return NoWonder
}

// wonderOracle returns the wonders seat s may start by S128, a bit 1<<w
// each, counting its pieces on the board.
func wonderOracle(g *Game, s int) uint8 {
	cities, strait, wasteland, harbourCity := 0, false, false, false
	for c, p := range g.corners {
		if p.owner() != s || p.kind != settlement && p.kind != city {
			continue
		}
		strait = strait || g.cfg.marks[c] == board.Strait
		wasteland = wasteland || g.cfg.marks[c] == board.Wasteland
		if p.kind == city {
			cities++
			harbourCity = harbourCity || g.l.cHarbour[c] != board.NoHarbour
		}
	}
	var m uint8
	for w, ok := range map[Wonder]bool{
		Theater:     cities >= 2,
		GreatBridge: strait,
		Monument:    harbourCity && g.players[s].route >= 5,
		GreatWall:   wasteland,
		Cathedral:   cities >= 1 && g.vp(s) >= 6,
	} {
		if ok {
			m |= 1 << w
		}
	}
	return m
}

// TestMaritimeListingOracle plays a random game of every scenario and, at
// every entry where the active player may trade, compares its maritime
// trades (legalMaritime: the rates the place cache keeps, counts read
// from them) with every trade of k·m cards of one resource for m of
// another, k from 4 down to 2, that maritime accepts on a copy of the
// game (S62, S63), and its one-for-one offers to all (legalOffers: one
// block for the resources held) with those offerTrade accepts on a copy
// (S64-S66).
func TestMaritimeListingOracle(t *testing.T) {
	checked := 0
	randomEntries(t, 400, 62, func(sc string, n int, g *Game, s int, src *engine.Seeded) {
		if s == g.cur && g.canTrade() && g.offer == nil && len(g.pending) == 0 {
			if got, want := g.legalMaritime(nil, s), maritimeOracle(g, s); !slices.Equal(got, want) {
				t.Fatalf("%s entry %d, seat %d: S62: listed %q, want %q", sc, n, s, FormatMove(got), FormatMove(want))
			}
			if got, want := g.legalOffers(nil, s), offersOracle(g, s); !slices.Equal(got, want) {
				t.Fatalf("%s entry %d, seat %d: S65, S66: listed %q, want %q", sc, n, s, FormatMove(got), FormatMove(want))
			}
			checked++
		}
	})
	if checked < 2000 {
		t.Fatalf("only %d trade listings checked", checked)
	}
}

// offersOracle lists the one-for-one offers to all that offerTrade accepts
// from seat s, by resource given and resource taken.
func offersOracle(g *Game, s int) []Action {
	var out []Action
	for i := range Resources {
		for j := range Resources {
			a := Action{Kind: ActOffer, All: true}
			a.Cards[i], a.Get[j] = 1, 1
			if j != i && g.scratch().offerTrade(s, &a) == nil {
				out = append(out, a)
			}
		}
	}
	return out
}

// maritimeOracle lists the trades with the bank maritime accepts from seat
// s, by resource given, rate, count and resource taken.
func maritimeOracle(g *Game, s int) []Action {
	var out []Action
	hand := g.players[s].hand
	for i := range Resources {
		for _, k := range []int{4, 3, 2} {
			for m := 1; m*k <= hand[i]; m++ {
				for j := range Resources {
					a := Action{Kind: ActTrade}
					a.Cards[i], a.Get[j] = int8(m*k), int8(m)
					if j != i && g.scratch().maritime(s, &a) == nil {
						out = append(out, a)
					}
				}
			}
		}
	}
	return out
}

// TestProductionOracle plays a random game of every scenario and, before
// every roll, pays each number but 7 on copies of the game (produce: the
// numbered hexes' corners against the taken corners, only the resources
// owed visited) and compares the hands, the bank and the gold owed with
// S33–S35 read literally: every producing hex of the number without the
// robber pays each settlement 1 and each city 2 on its corners, and a
// resource the bank cannot pay in full goes to nobody, or all it holds
// to the only seat owed it.
func TestProductionOracle(t *testing.T) {
	checked := 0
	randomEntries(t, 500, 33, func(sc string, n int, g *Game, s int, src *engine.Seeded) {
		if g.phase == PhaseRoll && s == g.cur {
			for sum := 2; sum <= 12; sum++ {
				if sum == 7 {
					continue
				}
				h := g.Clone()
				h.produce(sum)
				hands, bank, gold := productionOracle(g, sum)
				for o := range h.players {
					if h.players[o].hand != hands[o] || h.owes(o, pendGold) >= 0 != (gold[o] > 0) || gold[o] > 0 && h.pending[h.owes(o, pendGold)].count != gold[o] {
						t.Fatalf("%s entry %d, roll %d, seat %d: S33-S35: hand %v, gold %v, want %v, %d", sc, n, sum, o, h.players[o].hand, h.pending, hands[o], gold[o])
					}
				}
				if h.bank != bank {
					t.Fatalf("%s entry %d, roll %d: S34: the bank holds %v, want %v", sc, n, sum, h.bank, bank)
				}
				checked++
			}
		}
	})
	if checked < 5000 {
		t.Fatalf("only %d rolls checked", checked)
	}
}

// s33Yield is the resource of each terrain that yields one, as S33 and
// the rulebook's table list them (gold yields choices, S35), written out
// here rather than asked of yield, which production uses.
var s33Yield = map[board.Terrain]Resource{
	board.Fields: Grain, board.Hills: Brick, board.Mountains: Ore, board.Pasture: Wool, board.Forest: Lumber,
}

// productionOracle returns the hands, the bank and the gold choices owed
// after a roll of sum in g, by S33–S35.
func productionOracle(g *Game, sum int) (hands [4]Hand, bank Hand, gold [4]int) {
	var owed [4]Hand
	for h := 0; h < g.b.NumHexes(); h++ {
		x := g.l.hexes[h]
		if x.Number != sum || h == g.robber || !x.Terrain.Produces() {
			continue
		}
		for _, c := range g.b.HexCorners(h) {
			if c < 0 {
				continue
			}
			p := g.corners[c]
			k := map[uint8]int{settlement: 1, city: 2}[p.kind]
			r, ok := s33Yield[x.Terrain]
			switch {
			case p.owner() < 0 || k == 0:
			case !ok:
				gold[p.owner()] += k
			default:
				owed[p.owner()][r-1] += k
			}
		}
	}
	bank = g.bank
	for i := range Resources {
		d, who := 0, 0
		for o := range g.players {
			d += owed[o][i]
			if owed[o][i] > 0 {
				who++
			}
		}
		for o := range g.players {
			switch {
			case d <= bank[i]:
			case who == 1 && owed[o][i] > 0:
				owed[o][i] = bank[i]
			default:
				owed[o][i] = 0
			}
		}
	}
	for o := range g.players {
		hands[o] = g.players[o].hand
		hands[o].add(&owed[o])
		bank.sub(&owed[o])
	}
	return hands, bank, gold
}

// TestCardListingOracle plays a random game of every scenario and, at
// every entry of the player whose turn it is, compares the kinds of
// development card its listing plays (legalPlays: the kinds held a bit
// each, victory points left out at once) with the kinds playableCard
// allows one by one (S29, S74, S79, S120): a knight, a victory point card
// or monopoly is listed exactly when allowed, year of plenty when allowed
// and the bank holds a card, road building only when allowed.
func TestCardListingOracle(t *testing.T) {
	checked, victoryOnly := 0, 0
	randomEntries(t, 600, 74, func(sc string, n int, g *Game, s int, src *engine.Seeded) {
		if s == g.cur {
			var listed, allowed uint8 // card kinds, a bit each
			for _, a := range g.legalPlays(nil, s, src.Clone()) {
				listed |= 1 << a.Card
			}
			held := uint8(0)
			for _, k := range CardKinds {
				if _, err := g.playableCard(s, k, &Action{Kind: ActPlay, Card: k}); err == nil {
					allowed |= 1 << k
				}
				if g.owns(s, k) {
					held |= 1 << k
				}
			}
			sure := allowed &^ (1<<RoadBuilding | 1<<YearOfPlenty)
			if g.bank.Total() > 0 {
				sure |= allowed & (1 << YearOfPlenty)
			}
			if listed&^allowed != 0 || listed&sure != sure {
				t.Fatalf("%s entry %d, seat %d: S74: listed card kinds %05b, allowed %05b", sc, n, s, listed>>1, allowed>>1)
			}
			if held == 1<<VictoryPoint && !g.flags.CardPlayed {
				victoryOnly++
			}
			checked++
		}
	})
	if checked < 2000 || victoryOnly < 100 {
		t.Fatalf("only %d card listings checked, %d with only victory point cards", checked, victoryOnly)
	}
}

// owns reports whether seat s holds a card of kind k, played or not yet.
func (g *Game) owns(s int, k CardKind) bool {
	for _, c := range g.players[s].cards {
		if c.kind == k {
			return true
		}
	}
	return false
}

// TestBuildListingOracle plays a random game of every scenario and, at
// every entry where the player whose turn it is may build, compares its
// build listing (legalBuilds: nothing at once for a hand without lumber
// and short of a city, the places from the place cache) with one built by
// asking the supply, the cost and roadProblem, shipProblem and
// settleProblem about every edge and corner (S12, S30, S47–S55).
func TestBuildListingOracle(t *testing.T) {
	checked, listed := 0, 0
	randomEntries(t, 700, 47, func(sc string, n int, g *Game, s int, src *engine.Seeded) {
		if s == g.cur && (g.phase == PhaseTrade || g.phase == PhaseBuild) && g.offer == nil && len(g.pending) == 0 {
			got, want := g.legalBuilds(nil, s), buildOracle(g, s)
			if !slices.Equal(got, want) {
				t.Fatalf("%s entry %d, seat %d: S47-S55: listed %q, want %q", sc, n, s, FormatMove(got), FormatMove(want))
			}
			checked++
			listed += len(got)
		}
	})
	if checked < 2000 || listed < 500 {
		t.Fatalf("only %d build listings checked, %d builds listed", checked, listed)
	}
}

// buildOracle lists seat s's builds piece by piece: roads and ships by
// edge, then settlements and cities by corner.
func buildOracle(g *Game, s int) []Action {
	b := g.b
	p := &g.players[s]
	var out []Action
	for _, piece := range []Piece{Road, Ship} {
		cost, sup := costRoad, supRoad
		if piece == Ship {
			cost, sup = costShip, supShip
		}
		for e := 0; e < b.NumEdges() && p.supply[sup] > 0 && p.hand.Contains(&cost); e++ {
			if r, _ := g.edgeProblem(s, e, piece, -1); r == "" {
				out = append(out, Action{Kind: ActBuild, Piece: piece, Edge: b.Edge(e)})
			}
		}
	}
	for c := 0; c < b.NumCorners() && p.supply[supSettlement] > 0 && p.hand.Contains(&costSettlement); c++ {
		if r, _ := g.settleProblem(s, c, false); r == "" {
			out = append(out, Action{Kind: ActBuild, Piece: Settlement, Corner: b.Corner(c)})
		}
	}
	for c := 0; c < b.NumCorners() && p.supply[supCity] > 0 && p.hand.Contains(&costCity); c++ {
		if g.corners[c].own == int8(s+1) && g.corners[c].kind == settlement {
			out = append(out, Action{Kind: ActBuild, Piece: City, Corner: b.Corner(c)})
		}
	}
	return out
}

// TestSubHandsOracle compares subHands (the last two resources' counts
// read from their bounds) with every choice of 0 to h[i] cards of each
// resource of every hand of up to 3 cards a resource, kept when it takes
// exactly n cards, in the listing's order: the first resource's count
// falling first (discards S39, gold S35, Year of Plenty S77).
func TestSubHandsOracle(t *testing.T) {
	for code := 0; code < 4*4*4*4*4; code++ {
		var h Hand
		for i, k := 0, code; i < NumResources; i, k = i+1, k/4 {
			h[i] = k % 4
		}
		for n := 0; n <= h.Total()+1; n++ {
			var want []Action
			var walk func(i, left int, a Action)
			walk = func(i, left int, a Action) {
				if i == NumResources {
					if left == 0 {
						want = append(want, a)
					}
					return
				}
				for c := h[i]; c >= 0; c-- {
					a.Cards[i] = int8(c)
					walk(i+1, left-c, a)
				}
			}
			if n > 0 {
				walk(0, n, Action{Kind: ActDiscard})
			}
			if got := subHands(nil, ActDiscard, h, n); !slices.Equal(got, want) {
				t.Fatalf("S39: the discards of %d cards from %v: listed %q, want %q", n, h, FormatMove(got), FormatMove(want))
			}
		}
	}
}

// wonderListingOracle lists seat s's wonder actions wonder by wonder: to
// start each wonder nobody started whose needs it meets
// (wonderRequirement), while it has none and a ship in supply, or to
// build its own a level further while it holds the cost (S129, S130).
func wonderListingOracle(g *Game, s int) []Action {
	var out []Action
	own := startedOracle(g, s)
	for w := Theater; w <= Cathedral; w++ {
		if own == NoWonder && g.players[s].supply[supShip] > 0 && g.wonders[w].owner < 0 && g.wonderRequirement(s, w) == "" {
			out = append(out, Action{Kind: ActWonder, Wonder: w})
		}
	}
	if own != NoWonder && g.wonders[own].level < 4 && g.players[s].hand.Contains(&wonderCost[own]) {
		out = append(out, Action{Kind: ActBuildWonder})
	}
	return out
}

// TestConfirmListingOracle plays a random game of every scenario and, at
// every entry where the player whose turn it is awaits the answers to its
// offer, compares the seats its listing confirms with those confirm
// accepts on a copy, seat by seat (S69).
func TestConfirmListingOracle(t *testing.T) {
	checked, confirms := 0, 0
	randomEntries(t, 800, 69, func(sc string, n int, g *Game, s int, src *engine.Seeded) {
		if s == g.cur && g.offer != nil && g.phase != PhaseDecide {
			var got, want []Action
			for _, a := range g.legalFor(nil, s, nil) {
				if a.Kind == ActConfirm {
					got = append(got, a)
				}
			}
			for v := range g.players {
				a := Action{Kind: ActConfirm, Seat: g.colour(v)}
				if g.scratch().confirm(s, &a) == nil {
					want = append(want, a)
				}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s entry %d, seat %d: S69: listed %q, want %q", sc, n, s, FormatMove(got), FormatMove(want))
			}
			checked++
			confirms += len(got)
		}
	})
	if checked < 500 || confirms < 100 {
		t.Fatalf("only %d listings with an offer open checked, %d confirms listed", checked, confirms)
	}
}

// TestTurnListedWhenAwaited plays a random game of every scenario and, at
// every entry, checks that the active player is awaited outside phase
// decide (S27: the time of the discards, gold and rewards owed), which
// legalFor reads instead of asking awaited, and that legalFor lists a
// seat's turn (more than its owed decisions and answers) only when the
// game awaits it.
func TestTurnListedWhenAwaited(t *testing.T) {
	decide := 0
	randomEntries(t, 900, 27, func(sc string, n int, g *Game, s int, src *engine.Seeded) {
		if g.phase != PhaseDecide && !g.awaited(g.cur) {
			t.Fatalf("%s entry %d: S27: the active player not awaited in phase %s", sc, n, g.phase)
		}
		if g.phase == PhaseDecide {
			decide++
		}
		for v := range g.players {
			turn := len(g.legalFor(nil, v, nil)) > len(g.legalDecisions(nil, v))
			if turn && (v != g.cur || !g.awaited(v)) {
				t.Fatalf("%s entry %d: S27: seat %d's turn listed in phase %s while the game does not await it", sc, n, v, g.phase)
			}
		}
	})
	if decide < 100 {
		t.Fatalf("only %d entries in phase decide", decide)
	}
}

// TestSeatWonderFollowsEditsAndLoads checks the wonder each seat started
// (wonderOf, which the game keeps by seat) against the wonders' owners
// after sandbox edits that start and build wonders, in a clone, and in
// the game loaded from the edited position's state (S129).
func TestSeatWonderFollowsEditsAndLoads(t *testing.T) {
	x := newT(t, "wonders-of-catan", nil)
	check := func(what string, g *Game) {
		t.Helper()
		for s := range g.players {
			if got, want := g.wonderOf(s), startedOracle(g, s); got != want {
				t.Fatalf("%s, seat %d: S129: started %s, want %s", what, s, got, want)
			}
		}
		if got, want := g.wondersStarted, startedMaskOracle(g); got != want {
			t.Fatalf("%s: S129: wonders started %05b, want %05b", what, got>>1, want>>1)
		}
	}
	check("a new game", x.g)
	x.edit("wonder great-wall white 1; wonder theater red 0")
	check("after edits", x.g)
	if x.g.wonderOf(0) != Theater || x.g.wonderOf(2) != GreatWall {
		t.Fatalf("S129: red started %s, white %s; want the Theater and the Great Wall", x.g.wonderOf(0), x.g.wonderOf(2))
	}
	x.edit("wonder theater red 2; wonder cathedral blue 3")
	check("after more edits", x.g)
	check("a clone", x.g.Clone())
	g, err := load(x.g.cfg, x.g.State())
	if err != nil {
		t.Fatal(err)
	}
	check("the loaded state", g)
	if g.wonderOf(1) != Cathedral {
		t.Fatalf("S129: blue started %s in the loaded state, want the Cathedral", g.wonderOf(1))
	}
}

// TestPieceSetsOracle plays a random game of every scenario and, before
// every entry, compares the piece sets kept up to date move by move
// (setEdge, setCorner, moveShipPiece) with the sets worked out afresh from
// the corner and edge arrays (reindex, on a copy).
func TestPieceSetsOracle(t *testing.T) {
	checked := 0
	randomEntries(t, 700, 59, func(sc string, n int, g *Game, s int, src *engine.Seeded) {
		h := g.Clone()
		h.reindex()
		if h.sets != g.sets {
			t.Fatalf("%s entry %d: the piece sets kept move by move differ from those of the board's pieces:\n%+v\nwant\n%+v", sc, n, g.sets, h.sets)
		}
		checked++
	})
	if checked < 3000 {
		t.Fatalf("only %d entries checked", checked)
	}
}
