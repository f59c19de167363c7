package seafarers

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// TestRefusedEntryRestores: an entry refused after it changed the game (a
// listed action and then a random one, or the sealed draws it resolves and
// then a random action) leaves the game as it was (topic moves: a move is
// atomic; S138), and the game then goes on from there, in random games of
// every scenario.
func TestRefusedEntryRestores(t *testing.T) {
	afterChange, resolving := 0, 0
	for i, sc := range benchScenarios {
		setup := benchSetup
		setup.Choices = map[string]string{"scenario": sc}
		g, src := quietGame(t, setup, uint64(900+i))
		pick := rand.New(rand.NewPCG(uint64(i), 138))
		var buf []Action
		for n := 0; !g.over() && g.turn < playTurnLimit && !stalled(g); n++ {
			s := awaitedSeat(g, pick)
			var ls = src.Clone()
			if !g.witnessOf(s) {
				ls = nil
			}
			buf = g.AppendLegal(buf[:0], g.colour(s), ls)
			a := buf[pick.IntN(len(buf))]
			if n%8 == 0 || g.resolvesAt(s) {
				bad := []Action{a, randomAction(g, pick)}
				if g.resolvesAt(s) {
					bad = bad[1:]
				}
				before, was := stateJSON(t, Wrap(g, setup)), g.Clone()
				if _, err := g.Apply(g.colour(s), bad, src.Clone()); err != nil {
					if got := stateJSON(t, Wrap(g, setup)); got != before {
						t.Fatalf("%s entry %d: the refused entry %v (%v) changed the game:\n%s\nwant\n%s", sc, n, bad, err, got, before)
					}
					if len(bad) == 1 {
						resolving++
					} else {
						afterChange++
					}
				} else {
					g = was // the entry was legal: go on from before it
				}
			}
			if _, err := g.Apply(g.colour(s), []Action{a}, src); err != nil {
				t.Fatalf("%s entry %d: %v", sc, n, err)
			}
		}
	}
	t.Logf("%d entries refused after a listed action, %d after resolving sealed draws", afterChange, resolving)
	if afterChange < 500 || resolving < 50 {
		t.Fatalf("only %d entries refused after a listed action and %d after resolving sealed draws", afterChange, resolving)
	}
}

// TestRatesOracle compares, after every entry of a random game of every
// scenario, each seat's maritime rates (which read only its buildings on a
// harbour corner) with S62 and S63 read at every building of the seat: 4:1
// always, 3:1 with a building on a 3:1 harbour, 2:1 for a resource with a
// building on its harbour.
func TestRatesOracle(t *testing.T) {
	harbours := 0
	randomEntries(t, 600, 63, func(sc string, n int, g *Game, _ int, _ *engine.Seeded) {
		for s := range g.players {
			var want [NumResources]uint8
			for r := range want {
				want[r] = 1 << 4
			}
			bs := &g.sets.buildings[s]
			for c := bs.next(0); c >= 0; c = bs.next(c + 1) {
				switch k := g.l.cHarbour[c]; {
				case k == board.Harbour3to1:
					for r := range want {
						want[r] |= 1 << 3
					}
					harbours++
				case k >= board.HarbourBrick && k <= board.HarbourOre:
					want[k-board.HarbourBrick] |= 1 << 2
					harbours++
				}
			}
			if got := g.rates(s); got != want {
				t.Fatalf("%s entry %d, seat %d: S62, S63: rates %v, want %v", sc, n, s, got, want)
			}
		}
	})
	if harbours < 1000 {
		t.Fatalf("only %d buildings on a harbour met", harbours)
	}
}

// TestLookAheadOracle plays a random game of every scenario, writing its
// events, and at every entry whose listing resolved the sealed draws the
// entry resolves (S138), so that Apply takes the listing's position
// (takeAhead), applies the entry to g and to a copy of g, which resolves
// the draws afresh: the events, the refusal and the state must be the
// same. Some of these entries are applied with a source of another seed,
// whose draws the listing's do not stand for, and some with the log made
// quiet after the listing. Some are listed in a quiet game, and some of
// those are applied with a source of the same seed whose dice stream is
// one draw further on than the listing's: the look-ahead stands for its
// sealed draws, not for its roll (S32).
func TestLookAheadOracle(t *testing.T) {
	taken, other, quiet, further := 0, 0, 0, 0
	for i, sc := range benchScenarios {
		setup := benchSetup
		setup.Choices = map[string]string{"scenario": sc}
		g, src := quietGame(t, setup, uint64(700+i))
		g.SetQuiet(false)
		pick := rand.New(rand.NewPCG(uint64(i), 139))
		var buf []Action
		for n := 0; !g.over() && g.turn < playTurnLimit && !stalled(g); n++ {
			s := awaitedSeat(g, pick)
			mode := n % 5
			g.SetQuiet(mode >= 3) // some listings in a quiet game
			buf = g.AppendLegal(buf[:0], g.colour(s), src.Clone())
			move := []Action{buf[pick.IntN(len(buf))]}
			if !g.ahead.valid {
				if _, err := g.Apply(g.colour(s), move, src); err != nil {
					t.Fatalf("%s entry %d: %v", sc, n, err)
				}
				g.SetQuiet(false)
				continue
			}
			var esrc engine.Source = src
			switch mode {
			case 1:
				esrc = engine.NewSeeded(uint64(n)) // another seed
				other++
			case 2:
				g.SetQuiet(true)
				quiet++
			default:
				taken++
			}
			if mode == 4 {
				next := src.Clone()
				next.Intn(streamDice, 6) // the dice stream one draw on
				esrc = next
				further++
			}
			c := g.Clone() // no look-ahead: resolves the draws itself
			cevents, cerr := c.Apply(g.colour(s), move, esrc.Clone())
			events, err := g.Apply(g.colour(s), move, esrc)
			if (err == nil) != (cerr == nil) || err != nil && err.Error() != cerr.Error() {
				t.Fatalf("%s entry %d: S138: %v after the listing's look-ahead, %v resolving afresh", sc, n, err, cerr)
			}
			if !slices.Equal(events, cevents) {
				t.Fatalf("%s entry %d: S138: events %q after the listing's look-ahead, %q resolving afresh", sc, n, events, cevents)
			}
			if got, want := stateJSON(t, Wrap(g, setup)), stateJSON(t, Wrap(c, setup)); got != want {
				t.Fatalf("%s entry %d: S138, S32: after the listing's look-ahead\n%s\nresolving afresh\n%s", sc, n, got, want)
			}
			g.SetQuiet(false)
		}
	}
	t.Logf("%d entries took the look-ahead, %d had another source, %d a quiet log, %d a source drawn further", taken, other, quiet, further)
	if taken < 300 || other < 100 || quiet < 100 || further < 50 {
		t.Fatalf("only %d, %d, %d and %d entries after a look-ahead", taken, other, quiet, further)
	}
}

// TestAwaitedActiveOracle compares, for every seat after every entry of a
// random game of every scenario, awaitedActive (asked without a call when
// nothing is owed and no offer is open) with the seat being the active
// player and awaited (S27, S31, S67).
func TestAwaitedActiveOracle(t *testing.T) {
	owed := 0
	randomEntries(t, 800, 31, func(sc string, n int, g *Game, _ int, _ *engine.Seeded) {
		if g.over() {
			return
		}
		if len(g.pending) > 0 || g.offer != nil {
			owed++
		}
		for s := range g.players {
			if got, want := g.awaitedActive(s), s == g.cur && g.awaited(s); got != want {
				t.Fatalf("%s entry %d, seat %d: S27, S31: awaitedActive %v, want %v", sc, n, s, got, want)
			}
		}
	})
	if owed < 1000 {
		t.Fatalf("only %d entries with a decision owed or an offer open", owed)
	}
}
