package seafarers

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/elasund/elasund/engine/seafarers/board"
)

// TestRobberListingOracle plays a random game of every scenario and, at
// every entry where the seat awaited owes a robber or pirate move,
// compares its listing (legalRobber: every hex at once from the hexes
// beside each seat's pieces) with one built by asking robberTarget,
// pirateTarget and the victims of each hex one by one (S41–S44, S112,
// S123).
func TestRobberListingOracle(t *testing.T) {
	checked := 0
	for i, sc := range benchScenarios {
		setup := benchSetup
		setup.Choices = map[string]string{"scenario": sc}
		g, src := quietGame(t, setup, uint64(200+i))
		pick := rand.New(rand.NewPCG(uint64(i), 41))
		var buf []Action
		for n := 0; !g.over() && g.turn < playTurnLimit && !stalled(g); n++ {
			s := awaitedSeat(g, pick)
			if g.owes(s, pendRobber) >= 0 {
				if got, want := g.legalRobber(nil, s), robberOracle(g, s); !slices.Equal(got, want) {
					t.Fatalf("%s entry %d, seat %d: S41-S44: listed %q, want %q", sc, n, s, FormatMove(got), FormatMove(want))
				}
				checked++
			}
			var ls = src.Clone()
			if !g.witnessOf(s) {
				ls = nil
			}
			buf = g.AppendLegal(buf[:0], g.colour(s), ls)
			if _, err := g.Apply(g.colour(s), []Action{buf[pick.IntN(len(buf))]}, src); err != nil {
				t.Fatalf("%s entry %d: %v", sc, n, err)
			}
		}
	}
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
// compares, after every entry, the wonders each seat may start
// (wondersMet, all five at once) with S128 read wonder by wonder: the
// Theater needs 2 cities, the Great Bridge a building on a strait corner,
// the Monument a city on a harbour corner and a trade route of 5, the
// Great Wall a building on a wasteland corner, the Cathedral a city and 6
// victory points.
func TestWonderRequirementsOracle(t *testing.T) {
	setup := benchSetup
	setup.Choices = map[string]string{"scenario": "wonders-of-catan"}
	met := 0
	for i := range 2 {
		g, src := quietGame(t, setup, uint64(300+i))
		pick := rand.New(rand.NewPCG(uint64(i), 128))
		var buf []Action
		for n := 0; !g.over() && g.turn < playTurnLimit && !stalled(g); n++ {
			for s := range g.players {
				want := wonderOracle(g, s)
				if got := g.wondersMet(s); got != want {
					t.Fatalf("game %d entry %d, seat %d: S128: wonders met %05b, want %05b", i, n, s, got>>1, want>>1)
				}
				if want != 0 {
					met++
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
	if met < 1000 {
		t.Fatalf("only %d positions where a seat meets a wonder's needs", met)
	}
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
// game (S62, S63).
func TestMaritimeListingOracle(t *testing.T) {
	checked := 0
	for i, sc := range benchScenarios {
		setup := benchSetup
		setup.Choices = map[string]string{"scenario": sc}
		g, src := quietGame(t, setup, uint64(400+i))
		pick := rand.New(rand.NewPCG(uint64(i), 62))
		var buf []Action
		for n := 0; !g.over() && g.turn < playTurnLimit && !stalled(g); n++ {
			s := awaitedSeat(g, pick)
			if s == g.cur && g.canTrade() && g.offer == nil && len(g.pending) == 0 {
				if got, want := g.legalMaritime(nil, s), maritimeOracle(g, s); !slices.Equal(got, want) {
					t.Fatalf("%s entry %d, seat %d: S62: listed %q, want %q", sc, n, s, FormatMove(got), FormatMove(want))
				}
				checked++
			}
			var ls = src.Clone()
			if !g.witnessOf(s) {
				ls = nil
			}
			buf = g.AppendLegal(buf[:0], g.colour(s), ls)
			if _, err := g.Apply(g.colour(s), []Action{buf[pick.IntN(len(buf))]}, src); err != nil {
				t.Fatalf("%s entry %d: %v", sc, n, err)
			}
		}
	}
	if checked < 2000 {
		t.Fatalf("only %d trade listings checked", checked)
	}
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
