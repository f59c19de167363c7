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
