package elasund

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
)

// Rule tests for the rules of docs/elasund/rules.md on phase 3, the special
// actions, the end of the game, information, piece limits, decisions and
// the R108 options (R84-R108).

func TestRulesPhaseThree(t *testing.T) {
	t.Run("R84 take 2 gold", func(t *testing.T) {
		g := setup(t, 2, nil, "")
		atPermit(t, g, 4)
		bank := g.st.Supply.Gold
		mustPlay(t, g, Red, "gold", nil)
		if player(g, Red).Gold != 5 || g.st.Supply.Gold != bank-2 {
			t.Errorf("red %d gold, bank %d; want 5 and %d", player(g, Red).Gold, g.st.Supply.Gold, bank-2)
		}
	})
	for _, v := range []int{0, 2} {
		t.Run(fmt.Sprintf("R84 a permit %d costs %d", v, v), func(t *testing.T) {
			g := setup(t, 2, nil, "")
			atPermit(t, g, 4)
			bank := g.st.Supply.Gold
			mustPlay(t, g, Red, fmt.Sprintf("permit %d E4", v), nil)
			if player(g, Red).Gold != 3-v || g.st.Supply.Gold != bank+v || slices.Contains(player(g, Red).Permits, v) {
				t.Errorf("red %d gold, bank +%d, supply %v", player(g, Red).Gold, g.st.Supply.Gold-bank, player(g, Red).Permits)
			}
		})
	}
	t.Run("R84 a permit needs its gold", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 3")
		atPermit(t, g, 4)
		mustRefuse(t, g, Red, "permit 4 E4", nil, "R84")
	})
	t.Run("R84 passing", func(t *testing.T) {
		g := setup(t, 2, nil, "")
		atPermit(t, g, 4)
		before := *player(g, Red)
		mustPlay(t, g, Red, "end", nil)
		if p := player(g, Red); p.Gold != before.Gold || len(p.Permits) != 5 || g.st.Current != Blue {
			t.Errorf("red %+v after passing, current %s", *p, g.st.Current)
		}
	})
	t.Run("R85 an empty square of the ship row", func(t *testing.T) {
		g := setup(t, 2, nil, "")
		atPermit(t, g, 4)
		mustRefuse(t, g, Red, "permit 0 D4", nil, "R85") // red's hut
		mustRefuse(t, g, Red, "permit 0 E5", nil, "R85") // not the ship row
		mustRefuse(t, g, Red, "permit 0 E3", nil, "R85") // an adjacent row, but row 4 has room
		mustPlay(t, g, Red, "permit 0 E4", nil)
	})
	for _, tc := range []struct {
		ship      int
		fill      string
		ok, notOK []string
	}{
		{12, "A12 B12 C12 D12 E12", []string{"A11", "E11"}, []string{"A10", "A12"}},
		{2, "A2 B2 C2 D2 E2", []string{"A3"}, []string{"A4"}},
		{6, "A6 B6 C6 D6 E6", []string{"A5", "A8"}, []string{"A9", "A4"}},
	} {
		t.Run(fmt.Sprintf("R86 ship row %d full", tc.ship), func(t *testing.T) {
			edits := ""
			for i, s := range strings.Fields(tc.fill) {
				edits += fmt.Sprintf("permit blue %d %s;", i, s)
			}
			for _, s := range tc.ok {
				g := setup(t, 2, nil, edits)
				atPermit(t, g, tc.ship)
				mustPlay(t, g, Red, "permit 0 "+s, nil)
			}
			for _, s := range tc.notOK {
				g := setup(t, 2, nil, edits)
				atPermit(t, g, tc.ship)
				mustRefuse(t, g, Red, "permit 0 "+s, nil, "")
			}
		})
	}
	t.Run("R87 any row for 2 matching influence and the gold", func(t *testing.T) {
		g := setup(t, 2, nil, "influence red blue 2")
		atPermit(t, g, 4)
		mustPlay(t, g, Red, "permit 3 A11 pay blue", nil)
		if p := player(g, Red); p.Gold != 0 || p.Influence.Blue != 0 {
			t.Errorf("red %d gold %d blue, want 0 and 0", p.Gold, p.Influence.Blue)
		}
		g = setup(t, 2, nil, "influence red blue 2; gold red 2")
		atPermit(t, g, 4)
		mustRefuse(t, g, Red, "permit 3 A11 pay blue", nil, "R84")
		g = setup(t, 2, nil, "influence red blue 1; influence red green 1")
		atPermit(t, g, 4)
		mustRefuse(t, g, Red, "permit 0 A11 pay blue", nil, "R39")
	})
	t.Run("R88 no permit in supply", func(t *testing.T) {
		g := setup(t, 2, nil, "permit red 0 A2; permit red 1 A3; permit red 2 A5; permit red 3 A6; permit red 4 A8")
		atPermit(t, g, 4)
		for v := 0; v <= 4; v++ {
			mustRefuse(t, g, Red, fmt.Sprintf("permit %d E4", v), nil, "R98")
		}
	})
	t.Run("R88 trade fields take permits", func(t *testing.T) {
		g := setup(t, 3, nil, "")
		atPermit(t, g, 2)
		mustPlay(t, g, Red, "permit 0 F2", nil)
		g = setup(t, 3, nil, "")
		atPermit(t, g, 2)
		mustPlay(t, g, Red, "permit 0 A2", nil)
	})
	t.Run("R88 never the bare foundation", func(t *testing.T) {
		g := setup(t, 2, nil, "influence red blue 2")
		atPermit(t, g, 8)
		mustRefuse(t, g, Red, "permit 0 C8", nil, "R13")
		mustRefuse(t, g, Red, "permit 0 C8 pay blue", nil, "R13")
	})
}

func TestRulesSpecialActions(t *testing.T) {
	hand := "gold red 9; influence red blue 2; influence red green 1; influence red yellow 1; permit red 1 A3; permit blue 2 A5"
	for _, tc := range []struct {
		name, move string
		rule       string // "" for legal
		check      func(t *testing.T, g *Game)
	}{
		{"R89 move a permit anywhere", "move-permit A3 E11 pay blue", "", func(t *testing.T, g *Game) {
			if p, ok := permitAt(g, "E11"); !ok || p.Owner != Red || p.Value != 1 || player(g, Red).Influence.Blue != 0 {
				t.Errorf("E11 holds %+v, red %+v", p, player(g, Red).Influence)
			}
		}},
		{"R89 only one's own permit moves", "move-permit A5 E11 pay blue", "R89", nil},
		{"R89 upgrade to a higher permit", "upgrade-permit A3 4 pay blue", "", func(t *testing.T, g *Game) {
			if p, _ := permitAt(g, "A3"); p.Value != 4 || player(g, Red).Gold != 6 || !slices.Contains(player(g, Red).Permits, 1) {
				t.Errorf("A3 holds %+v, red %d gold, supply %v; want 4, 6, permit 1 back", p, player(g, Red).Gold, player(g, Red).Permits)
			}
		}},
		{"R89 not to the same value", "upgrade-permit A3 1 pay blue", "R89", nil},
		{"R89 not to a lower value", "upgrade-permit A3 0 pay blue", "R89", nil},
		{"R89 not another player's permit", "upgrade-permit A5 4 pay blue", "R89", nil},
		{"R89 place a permit in any row", "place-permit 3 E11", "", func(t *testing.T, g *Game) {
			if p, ok := permitAt(g, "E11"); !ok || p.Value != 3 || player(g, Red).Gold != 6 || player(g, Red).Influence.Total() != 1 {
				t.Errorf("E11 holds %+v, red %d gold %d cards", p, player(g, Red).Gold, player(g, Red).Influence.Total())
			}
		}},
		{"R89 take gold", "buy-gold", "", func(t *testing.T, g *Game) {
			if player(g, Red).Gold != 11 || player(g, Red).Influence.Total() != 1 {
				t.Errorf("red %d gold %d cards, want 11 and 1", player(g, Red).Gold, player(g, Red).Influence.Total())
			}
		}},
		{"R89 at most one", "buy-gold; move-permit A3 E11 pay blue", "R23", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := setup(t, 2, nil, hand)
			atPermit(t, g, 4)
			g.st.Phase = PhaseSpecial
			if tc.rule != "" {
				mustRefuse(t, g, Red, tc.move, nil, tc.rule)
				return
			}
			mustPlay(t, g, Red, tc.move, nil)
			if g.st.Current != Blue {
				t.Errorf("the turn did not pass after the special action")
			}
			tc.check(t, g)
		})
	}
	for _, tc := range []struct{ name, move, rule string }{
		{"R90 move onto a permit", "move-permit A3 A5 pay blue", "R90"},
		{"R90 move onto a building", "move-permit A3 D4 pay blue", "R90"},
		{"R90 move onto the bare foundation", "move-permit A3 C8 pay blue", "R13"},
		{"R90 move outside the city", "move-permit A3 F5 pay blue", "R1"},
		{"R90 place onto a building", "place-permit 0 E8", "R90"},
		{"R90 place onto the bare foundation", "place-permit 0 C8", "R13"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := setup(t, 2, nil, hand)
			atPermit(t, g, 4)
			mustRefuse(t, g, Red, tc.move, nil, tc.rule)
		})
	}
}

// nineCubes is a 2-player position where red has 9 cubes on the board: 5
// on the trade track and 4 on stalls.
const nineCubes = "trade red 11; place stall A10 red; place stall C10 red; place stall A11 red; place stall C11 red"

func TestRulesWinning(t *testing.T) {
	t.Run("R91 nine cubes are not enough", func(t *testing.T) {
		g := setup(t, 2, nil, "trade red 11; place stall A10 red; place stall C10 red; place stall A11 red; gold red 10; permit red 0 A3; permit red 1 E3")
		atBuild(t, g, 12)
		mustPlay(t, g, Red, "build well A3", nil)
		if g.Over() || onBoard(g, Red) != 9 {
			t.Fatalf("the game ended with %d cubes on the board", onBoard(g, Red))
		}
		mustPlay(t, g, Red, "build well E3", nil)
		if !g.Over() || *g.st.Winner != Red {
			t.Errorf("10 cubes on the board but no win")
		}
	})
	t.Run("R91 cubes of every kind count", func(t *testing.T) {
		// Trade 5 (2), a tower (1), a church tile (1), four stalls (4): 8;
		// a hall brings 2 more.
		g := setup(t, 2, nil, `trade red 5; wall red N:D; wall red N:C; wall red S:D; church C red
			place stall A10 red; place stall C10 red; place stall A11 red; place stall C11 red
			gold red 5; permit red 0 D2; permit red 1 D3; permit red 2 E2`)
		atBuild(t, g, 12)
		if onBoard(g, Red) != 8 {
			t.Fatalf("red has %d cubes on the board, want 8", onBoard(g, Red))
		}
		mustPlay(t, g, Red, "build hall D2", nil)
		if !g.Over() || *g.st.Winner != Red {
			t.Errorf("all 10 cubes on the board but no win (phase %s)", g.st.Phase)
		}
	})
	t.Run("R92 only the active player's cubes go on the board", func(t *testing.T) {
		actions := 0
		for seed := uint64(11); seed <= 22; seed++ {
			n := 2 + int(seed%3)
			cfg, err := NewConfig(AllColours[:n], EditionEN, map[string]string{"turn_limit": "40"})
			if err != nil {
				t.Fatal(err)
			}
			actions += walkRandomGame(t, cfg, seed, func(before, after *State, seat Colour, a Action, rolled bool) {
				for c, p := range after.Players {
					if c != before.Current && p.Cubes < before.Players[c].Cubes {
						t.Fatalf("seed %d: %s's %q put a cube of %s (not active) on the board", seed, seat, a, c)
					}
				}
			})
		}
		if actions < 3000 {
			t.Errorf("only %d random actions checked", actions)
		}
	})
	t.Run("R93 the win ends the game before anyone rebuilds", func(t *testing.T) {
		// The winning Tavern displaces blue's hut: the game is over at
		// once; the rebuild cannot change the result.
		g := setup(t, 2, nil, nineCubes+"; gold red 3; permit red 0 C3; permit red 1 D3")
		atBuild(t, g, 12)
		mustPlay(t, g, Red, "build tavern C3", nil)
		if !g.Over() || *g.st.Winner != Red || len(g.st.Pending) != 0 || len(g.st.WaitingFor) != 0 {
			t.Errorf("phase %s winner %v pending %+v waiting %v; want red's win at once", g.st.Phase, g.st.Winner, g.st.Pending, g.st.WaitingFor)
		}
		mustRefuse(t, g, Blue, "rebuild hut E2", nil, "R93")
	})
	t.Run("R93 checked after each construction", func(t *testing.T) {
		g := setup(t, 2, nil, nineCubes+"; gold red 20; permit red 0 A3")
		atBuild(t, g, 12)
		mustPlay(t, g, Red, "build well A3", nil)
		mustRefuse(t, g, Red, "wall N:D", nil, "R93")
	})
}

func TestRulesInformation(t *testing.T) {
	t.Run("R94 the deck has no order: every card is equally likely", func(t *testing.T) {
		g := setup(t, 2, nil, "remove B8; remove E8; ship 12; influence red blue 4; influence blue green 2")
		rng := newScript(t).roll(4).on(StreamInfluence, 0, 0)
		mustPlay(t, g, Red, "roll", rng)
		if !slices.Equal(rng.asked[StreamInfluence], []int{33, 32}) {
			t.Errorf("production drew from %v, want one of all 33 cards, then of 32", rng.asked[StreamInfluence])
		}
	})
	t.Run("R94 the tile put at the bottom is not announced", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 7")
		atBuild(t, g, 5)
		s := g.st.Supply.ChurchStack
		ev := mustPlay(t, g, Red, "church "+s[0].String(), newScript(t).on(StreamChurch, 0, 0))
		for _, e := range ev {
			if strings.Contains(e, " "+s[1].String()+" ") || strings.HasSuffix(e, " "+s[1].String()) {
				t.Errorf("event %q names the bottom tile %s", e, s[1])
			}
		}
	})
	t.Run("R94 the pirate reward is not announced", func(t *testing.T) {
		g := setup(t, 2, nil, "remove C4; remove D4; ship 12; wall red N:D; wall red N:C; wall red S:D; gold blue 1; influence blue green 1; place well A5 blue; place well B5 blue")
		mustPlay(t, g, Red, "roll", newScript(t).dice(3, 4))
		ev := mustPlay(t, g, Red, "pirate 5", newScript(t).on(StreamReward, 1))
		i := eventIndex(ev, "from the pirate pool")
		if i < 0 || strings.Contains(ev[i], "green") || strings.Contains(ev[i], "gold ") {
			t.Errorf("reward event %q, want one naming the number of cards only", ev)
		}
	})
	t.Run("R95 the public position is in the state", func(t *testing.T) {
		g := setup(t, 2, nil, "")
		b, err := json.Marshal(g.View())
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"buildings", "permits", "church", "walls", "ship", "trade_flags", "players", "supply"} {
			if _, ok := m[k]; !ok {
				t.Errorf("the state has no %q", k)
			}
		}
		sup := m["supply"].(map[string]any)
		for _, k := range []string{"gold", "influence_deck", "influence_discard", "neutral", "church_stack"} {
			if _, ok := sup[k]; !ok {
				t.Errorf("the supply has no %q", k)
			}
		}
		red := m["players"].(map[string]any)["red"].(map[string]any)
		for _, k := range []string{"permits", "buildings", "cubes", "walls", "trade", "gold", "influence"} {
			if _, ok := red[k]; !ok {
				t.Errorf("a player has no %q", k)
			}
		}
	})
	t.Run("R96 discards are shown when made", func(t *testing.T) {
		g := setup(t, 2, nil, "remove C4; remove D4; ship 12; gold blue 2; influence blue green 2; place well A5 blue")
		mustPlay(t, g, Red, "roll", newScript(t).dice(3, 4))
		mustPlay(t, g, Red, "pirate 5", nil)
		ev := mustPlay(t, g, Blue, "discard green", nil)
		if !hasEvent(ev, "blue discards 1 green") {
			t.Errorf("events %q do not show blue's discard", ev)
		}
		g = setup(t, 2, opt("card_counts", "51/6"), "influence red blue 2; influence red green 2; place tavern A3 red; remove B8; remove E8; ship 12")
		mustPlay(t, g, Red, "roll", newScript(t).roll(4))
		ev = mustPlay(t, g, Red, "discard blue green", nil)
		if !hasEvent(ev, "red discards 1 blue, 1 green") {
			t.Errorf("events %q do not show red's shortage discard", ev)
		}
	})
}

func TestRulesPieceLimits(t *testing.T) {
	t.Run("R97 too few cubes for the flags", func(t *testing.T) {
		g := setup(t, 2, nil, nineCubes+"; gold red 5; permit red 0 D2; permit red 1 D3; permit red 2 E2")
		atBuild(t, g, 12)
		mustPlay(t, g, Red, "build hall D2", nil)
		if b, _ := buildingAt(g, "D2"); b.cubes() != 1 || player(g, Red).Cubes != 0 || *g.st.Winner != Red {
			t.Errorf("hall carries %d cubes, red %d in supply; want 1 and 0, red winning", b.cubes(), player(g, Red).Cubes)
		}
	})
	// With win_check end_of_turn a player may go on building with an empty
	// supply: every later placement is skipped, and the position stays
	// consistent.
	for _, tc := range []struct{ name, edits, move string }{
		{"a neutral building", "permit red 1 E3", "build well E3"},
		{"a tower", "wall red N:D; wall red N:C", "wall S:D"},
		{"a church tile", "church C blue", "church"},
		{"a trade space", "permit red 1 A4", "build well A4"},
	} {
		t.Run("R97 no cube left for "+tc.name, func(t *testing.T) {
			g := setup(t, 2, opt("win_check", "end_of_turn"), nineCubes+"; gold red 20; permit red 0 A3; "+tc.edits)
			atBuild(t, g, 12)
			var rng engine.Rand
			if tc.move == "church" {
				rng = newScript(t).on(StreamChurch, 0)
			}
			mustPlay(t, g, Red, "build well A3; "+tc.move, rng)
			if player(g, Red).Cubes != 0 || g.Over() {
				t.Fatalf("red %d cubes in supply, over %v", player(g, Red).Cubes, g.Over())
			}
			mustPlay(t, g, Red, "end", nil)
			if !g.Over() || *g.st.Winner != Red {
				t.Errorf("red did not win at the end of the turn")
			}
		})
	}
	t.Run("R98 a permit on the board is not in supply", func(t *testing.T) {
		g := setup(t, 2, nil, "permit red 2 A5; influence red blue 2; gold red 9")
		atPermit(t, g, 4)
		mustRefuse(t, g, Red, "permit 2 E4", nil, "R98")
		g.st.Phase = PhaseSpecial
		mustRefuse(t, g, Red, "place-permit 2 E4", nil, "")
		g = setup(t, 2, nil, "permit red 2 A5; permit red 0 B5; gold red 9")
		atBuild(t, g, 4)
		mustPlay(t, g, Red, "build tavern A5 ; permit 2 E4", nil)
	})
	t.Run("R99 an empty stack", func(t *testing.T) {
		g := setup(t, 2, nil, "place well A2 blue; place well A3 blue; place well A5 blue; place well A6 blue; permit red 0 E2; gold red 5")
		atBuild(t, g, 4)
		mustRefuse(t, g, Red, "build well E2", nil, "R99")
		mustPlay(t, g, Red, "build stall D2", nil)
	})
	t.Run("R99 player buildings by their own colour only", func(t *testing.T) {
		g := setup(t, 2, nil, "place house A2 red; permit red 0 E2; gold red 5")
		atBuild(t, g, 4)
		mustRefuse(t, g, Red, "build house D2", nil, "R99")
		if !slices.Contains(player(g, Blue).Buildings, House) {
			t.Fatal("blue's house is not in blue's supply")
		}
		mustPlay(t, g, Red, "build workshop E2", nil)
		if b, _ := buildingAt(g, "E2"); b.Owner != Red || !slices.Contains(player(g, Blue).Buildings, Workshop) {
			t.Errorf("E2 holds %+v; blue's supply %v", b, player(g, Blue).Buildings)
		}
	})
	t.Run("R100 the wall slots run out", func(t *testing.T) {
		g := setup(t, 2, nil, `gold red 9; wall red N:D; wall red N:C; wall red S:D; wall red S:C; wall red E:3; wall red E:4
			wall blue E:11; wall blue E:10; wall blue E:9; wall blue E:8; wall blue E:6`)
		atBuild(t, g, 4)
		for _, a := range g.Legal(Red, nil) {
			if a.Kind == ActWall && a.Wall.String() != "E:5" {
				t.Errorf("Legal lists %q with one slot left", a)
			}
		}
		mustPlay(t, g, Red, "wall E:5", newScript(t).on(StreamInfluence, 0, 0)) // tile 7: 2 cards
	})
	t.Run("R101 nine church tiles", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 7; "+noStarters+"; church C red; church NW red; church N red; church NE red; church W red; church E red; church SW blue; church S blue; church SE blue")
		atBuild(t, g, 4)
		mustRefuse(t, g, Red, "church", nil, "R83")
		for _, a := range g.Legal(Red, nil) {
			if a.Kind == ActChurch {
				t.Errorf("Legal lists %q with no tile left", a)
			}
		}
	})
	t.Run("R102 flags per space", func(t *testing.T) {
		g := setup(t, 4, nil, "trade red 11; trade blue 11; trade green 9; trade yellow 9")
		if got := flagsOn(g, 11); !slices.Equal(got, []Colour{Red}) {
			t.Errorf("flags on 11 %v, want red's only", got)
		}
		if got := flagsOn(g, 9); len(got) != 2 {
			t.Errorf("flags on 9 %v, want 2", got)
		}
		st := g.State()
		st.TradeFlags[4] = append(st.TradeFlags[4], Blue)
		st.Players[Blue].Cubes--
		if _, err := Load(g.Config(), st); err == nil {
			t.Error("Load accepted two cubes on space 11")
		}
	})
	t.Run("R103 card totals never change", func(t *testing.T) {
		for seed := uint64(21); seed <= 23; seed++ {
			cfg, err := NewConfig(AllColours[:int(2+seed%3)], EditionRU, map[string]string{"turn_limit": "30"})
			if err != nil {
				t.Fatal(err)
			}
			walkRandomGame(t, cfg, seed, func(_, st *State, seat Colour, a Action, _ bool) {
				gold, infl := st.Supply.Gold, st.Supply.InfluenceDeck
				add := func(x Influence) {
					infl.Blue += x.Blue
					infl.Green += x.Green
					infl.Yellow += x.Yellow
				}
				add(st.Supply.InfluenceDiscard)
				if st.Pool != nil {
					gold += st.Pool.Gold
					add(st.Pool.Influence)
				}
				for _, p := range st.Players {
					gold += p.Gold
					add(p.Influence)
				}
				if gold != 56 || infl != (Influence{18, 18, 18}) {
					t.Fatalf("seed %d: after %s's %q: %d gold and %+v influence, want 56 and 18 of each", seed, seat, a, gold, infl)
				}
			})
		}
	})
	t.Run("R104 one ship, always in one row once started", func(t *testing.T) {
		for seed := uint64(31); seed <= 33; seed++ {
			cfg, err := NewConfig(AllColours[:int(2+seed%3)], EditionEN, map[string]string{"turn_limit": "30"})
			if err != nil {
				t.Fatal(err)
			}
			started := false
			walkRandomGame(t, cfg, seed, func(_, st *State, seat Colour, a Action, _ bool) {
				started = started || st.Ship.Row != nil
				if started {
					if _, ok := st.ShipRow(); !ok {
						t.Fatalf("seed %d: after %q the ship is in no row", seed, a)
					}
				}
			})
			if !started {
				t.Errorf("seed %d: the ship never sailed", seed)
			}
		}
	})
}

func TestRulesDecisions(t *testing.T) {
	raid3 := `remove C4; remove D4; remove E5; remove D10; ship 12
		gold blue 2; influence blue green 2; place well A5 blue
		gold green 2; influence green yellow 2; place well B5 green; place well D5 green`
	t.Run("R105 pirate discards wait for the victims", func(t *testing.T) {
		g := setup(t, 3, nil, raid3)
		mustPlay(t, g, Red, "roll", newScript(t).dice(3, 4))
		mustPlay(t, g, Red, "pirate 5", nil)
		if !slices.Equal(g.st.WaitingFor, []Colour{Blue, Green}) || g.st.Phase != PhaseDecide {
			t.Fatalf("waiting for %v in phase %s, want blue and green", g.st.WaitingFor, g.st.Phase)
		}
		mustRefuse(t, g, Red, "gold", nil, "R105")
		// Either victim may answer first.
		mustPlay(t, g, Green, "discard gold yellow", nil)
		if !slices.Equal(g.st.WaitingFor, []Colour{Blue}) {
			t.Fatalf("waiting for %v, want blue", g.st.WaitingFor)
		}
		mustPlay(t, g, Blue, "discard green", nil)
		if !slices.Equal(g.st.WaitingFor, []Colour{Red}) || g.st.Phase != PhaseBuild {
			t.Errorf("waiting for %v in phase %s, want red's phase 2", g.st.WaitingFor, g.st.Phase)
		}
	})
	t.Run("R105 shortage colours are asked; gold is not", func(t *testing.T) {
		g := setup(t, 2, map[string]string{"card_counts": "10/6"}, "influence blue blue 2; influence blue green 2; gold blue 5; gold red 5; place tavern A3 red; place workshop E3 red; remove B8; remove E8; ship 12")
		mustPlay(t, g, Red, "roll", newScript(t).roll(4))
		if !slices.Equal(g.st.WaitingFor, []Colour{Blue}) || len(g.st.Pending) != 1 || g.st.Pending[0].Cards != "influence" {
			t.Fatalf("waiting for %v, pending %+v; want blue's influence choice only", g.st.WaitingFor, g.st.Pending)
		}
		if player(g, Red).Gold != 3 || player(g, Blue).Gold != 3 {
			t.Errorf("gold red %d blue %d, want both halved to 3 without asking", player(g, Red).Gold, player(g, Blue).Gold)
		}
	})
	t.Run("R105 a displaced starter's owner is asked", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 3; permit red 0 B3; permit red 1 B4")
		atBuild(t, g, 5)
		mustPlay(t, g, Red, "build tavern B3", nil)
		if !slices.Equal(g.st.WaitingFor, []Colour{Blue}) {
			t.Errorf("waiting for %v, want blue", g.st.WaitingFor)
		}
		if got := g.Legal(Blue, nil); len(got) < 2 || got[len(got)-1].String() != "rebuild hut none" {
			t.Errorf("blue's choices %v, want squares and \"rebuild hut none\"", got)
		}
	})
	t.Run("R106 the first church tile is chosen", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 7")
		atBuild(t, g, 5)
		var church []string
		for _, a := range g.Legal(Red, newScript(t).on(StreamChurch, 3, 3)) {
			if a.Kind == ActChurch {
				church = append(church, a.String())
			}
		}
		s := g.st.Supply.ChurchStack
		want := []string{"church " + s[3].String(), "church " + s[4].String()}
		if !slices.Equal(church, want) {
			t.Errorf("Legal church actions %v, want %v", church, want)
		}
	})
	t.Run("R106 the direction of the 2-row move", func(t *testing.T) {
		g := setup(t, 2, nil, noStarters+"; ship 8")
		mustPlay(t, g, Red, "roll", newScript(t).roll(8))
		if got := fmt.Sprint(g.Legal(Red, nil)); g.st.Phase != PhaseShip || got != "[ship north ship south]" {
			t.Errorf("phase %s, Legal %s; want the two directions", g.st.Phase, got)
		}
	})
	t.Run("R106 the pirate row", func(t *testing.T) {
		g := setup(t, 2, nil, noStarters+"; ship 8")
		mustPlay(t, g, Red, "roll", newScript(t).dice(3, 4))
		if got := g.Legal(Red, nil); len(got) != 9 || got[0].Kind != ActPirate || !slices.Equal(g.st.WaitingFor, []Colour{Red}) {
			t.Errorf("Legal %v waiting %v, want 9 pirate rows for red", got, g.st.WaitingFor)
		}
	})
	t.Run("R106 the active player's own pirate discard", func(t *testing.T) {
		g := setup(t, 2, nil, noStarters+"; ship 8; gold red 2; influence red blue 2; place well A5 red")
		mustPlay(t, g, Red, "roll", newScript(t).dice(3, 4))
		mustPlay(t, g, Red, "pirate 5", nil)
		if !slices.Equal(g.st.WaitingFor, []Colour{Red}) || g.st.Phase != PhaseDecide {
			t.Errorf("waiting for %v in phase %s, want red's own discard", g.st.WaitingFor, g.st.Phase)
		}
	})
	t.Run("R107 production, draws, cubes and returns need nobody", func(t *testing.T) {
		g := setup(t, 2, nil, "ship 12; gold red 3; permit red 2 B2; permit blue 1 C2; place workshop E3 red")
		mustPlay(t, g, Red, "roll", newScript(t).roll(4).on(StreamInfluence, 0, 0))
		if g.st.Phase != PhaseBuild || len(g.st.Pending) != 0 || !slices.Equal(g.st.WaitingFor, []Colour{Red}) {
			t.Fatalf("after production: phase %s pending %+v waiting %v", g.st.Phase, g.st.Pending, g.st.WaitingFor)
		}
		mustEdit(t, g, "gold red 4")
		mustPlay(t, g, Red, "build tavern B2", nil)
		if g.st.Phase != PhaseBuild || len(g.st.Pending) != 0 || onBoard(g, Red) != 1 || len(player(g, Blue).Permits) != 5 {
			t.Errorf("after a build: phase %s pending %+v, red cubes %d, blue permits %v", g.st.Phase, g.st.Pending, onBoard(g, Red), player(g, Blue).Permits)
		}
	})
	t.Run("R107 a discard with no choice and the reward are automatic", func(t *testing.T) {
		g := setup(t, 2, nil, "remove C4; remove D4; ship 12; wall red N:D; wall red N:C; wall red S:D; gold blue 3; place well A5 blue")
		mustPlay(t, g, Red, "roll", newScript(t).dice(3, 4))
		mustPlay(t, g, Red, "pirate 5", newScript(t).on(StreamReward, 0))
		if g.st.Phase != PhaseBuild || player(g, Blue).Gold != 2 || player(g, Red).Gold != 4 {
			t.Errorf("phase %s, blue %d gold, red %d; want build, 2, 4", g.st.Phase, player(g, Blue).Gold, player(g, Red).Gold)
		}
	})
}

func TestRulesOptions(t *testing.T) {
	t.Run("R108 edition defaults", func(t *testing.T) {
		want := map[Edition][][2]string{
			EditionEN: {{"influence_colours", "blue,green,yellow"}, {"card_counts", "51/39"}, {"shortage_mode", "skip"}, {"pirate_reward", "random_from_all_discards"}, {"full_row_fallback", "adjacent_only"}},
			EditionFR: {{"influence_colours", "blue,green,red"}, {"card_counts", "51/39"}, {"shortage_mode", "redistribute"}, {"pirate_reward", "random_from_all_discards"}, {"full_row_fallback", "adjacent_only"}},
			EditionRU: {{"influence_colours", "blue,green,red"}, {"card_counts", "56/54"}, {"shortage_mode", "redistribute"}, {"pirate_reward", "choose_from_others_discards"}, {"full_row_fallback", "nearest_row_with_space"}},
		}
		common := [][2]string{{"two_row_step", "by_rows"}, {"pirate_cube_rule", "flag_square"}, {"same_size_cap", "2"},
			{"hut_trigger", "any_removal"}, {"hut_on_own_permit", "false"}, {"walls_cheap_first", "false"},
			{"win_check", "after_each_action"}, {"trade_cap_11", "true"}, {"turn_limit", "none"}, {"hand_visibility", "total_only"}}
		for e, w := range want {
			got := map[string]string{}
			for _, kv := range EditionOptions(e).Values() {
				got[kv[0]] = kv[1]
			}
			for _, kv := range append(w, common...) {
				if got[kv[0]] != kv[1] {
					t.Errorf("edition %s: %s = %q, want %q", e, kv[0], got[kv[0]], kv[1])
				}
			}
			if len(got) != len(OptionNames) {
				t.Errorf("edition %s shows %d options, want all %d", e, len(got), len(OptionNames))
			}
		}
	})
	t.Run("R108 every option takes its alternative and refuses nonsense", func(t *testing.T) {
		alt := map[string]string{
			"influence_colours": "blue,green,red", "card_counts": "56/54", "shortage_mode": "redistribute",
			"two_row_step": "numeric", "pirate_cube_rule": "building_touches_row", "pirate_reward": "choose_from_others_discards",
			"full_row_fallback": "nearest_row_with_space", "same_size_cap": "unlimited", "hut_trigger": "bigger_building_only",
			"hut_on_own_permit": "true", "walls_cheap_first": "true", "win_check": "end_of_turn", "trade_cap_11": "false",
			"turn_limit": "50", "hand_visibility": "gold_and_influence_counts",
		}
		for _, name := range OptionNames {
			o := EditionOptions(EditionEN)
			if err := o.Set(name, alt[name]); err != nil {
				t.Errorf("Set(%s, %s) = %v", name, alt[name], err)
				continue
			}
			for _, kv := range o.Values() {
				if kv[0] == name && kv[1] != alt[name] {
					t.Errorf("after Set(%s, %s) it shows %q", name, alt[name], kv[1])
				}
			}
			if err := o.Set(name, "bogus"); err == nil {
				t.Errorf("Set(%s, bogus) succeeded", name)
			}
		}
		if _, err := NewConfig(AllColours[:2], EditionEN, map[string]string{"no_such_option": "1"}); err == nil {
			t.Error("an unknown option was accepted")
		}
	})
	t.Run("R108 influence_colours", func(t *testing.T) {
		for _, tc := range []struct{ value, word string }{{"blue,green,yellow", "yellow"}, {"blue,green,red", "red"}} {
			g := setup(t, 2, opt("influence_colours", tc.value), "remove B8; remove E8; remove C4; ship 12")
			ev := mustPlay(t, g, Red, "roll", newScript(t).roll(4).on(StreamInfluence, 38))
			if !hasEvent(ev, "red +1 "+tc.word+" (hut D4)") || player(g, Red).Influence.Yellow != 1 {
				t.Errorf("influence_colours %s: events %q", tc.value, ev)
			}
		}
	})
	t.Run("R108 card_counts", func(t *testing.T) {
		g := setup(t, 3, opt("card_counts", "56/54"), "")
		if g.st.Supply.Gold != 56-9 || g.st.Supply.InfluenceDeck != (Influence{18, 18, 18}) {
			t.Errorf("bank %d deck %+v, want 47 and 18 of each", g.st.Supply.Gold, g.st.Supply.InfluenceDeck)
		}
		cfg, err := NewConfig(AllColours[:2], EditionRU, opt("card_counts", "51/39"))
		if err != nil || cfg.Options.GoldCards != 51 || cfg.Options.InfluenceCards != 39 {
			t.Errorf("ru with card_counts 51/39: %+v, %v", cfg.Options, err)
		}
	})
	t.Run("R108 shortage_mode", func(t *testing.T) {
		for _, tc := range []struct {
			mode string
			gold int
		}{{"skip", 3}, {"redistribute", 4}} {
			g := setup(t, 2, map[string]string{"shortage_mode": tc.mode, "card_counts": "11/39"},
				"gold red 5; gold blue 5; place workshop E3 red; place shop A3 blue; "+noStarters+"; ship 12")
			mustPlay(t, g, Red, "roll", newScript(t).roll(4))
			if player(g, Red).Gold != tc.gold {
				t.Errorf("shortage_mode %s: red holds %d gold, want %d", tc.mode, player(g, Red).Gold, tc.gold)
			}
		}
	})
	t.Run("R108 two_row_step", func(t *testing.T) {
		for _, tc := range []struct {
			mode string
			row  int
			want string // the rows reached north, south
		}{
			{"by_rows", 6, "4 9"}, {"numeric", 6, "4 8"}, {"numeric", 8, "6 10"},
			{"numeric", 5, "3"}, {"numeric", 9, "11"}, {"numeric", 2, "4"}, {"numeric", 12, "10"},
		} {
			g := setup(t, 2, opt("two_row_step", tc.mode), fmt.Sprintf("%s; ship %d", noStarters, tc.row))
			mustPlay(t, g, Red, "roll", newScript(t).roll(tc.row))
			var got []string
			if g.st.Phase == PhaseShip {
				for _, dir := range []string{"north", "south"} {
					h := g.Clone()
					mustPlay(t, h, Red, "ship "+dir, nil)
					r, _ := h.st.ShipRow()
					got = append(got, fmt.Sprint(Rows[r]))
				}
			} else {
				r, _ := g.st.ShipRow()
				got = append(got, fmt.Sprint(Rows[r]))
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("two_row_step %s from %d: rows %v, want %s", tc.mode, tc.row, got, tc.want)
			}
		}
	})
	t.Run("R108 pirate_cube_rule", func(t *testing.T) {
		for _, tc := range []struct {
			mode string
			want int
		}{{"flag_square", 0}, {"building_touches_row", 3}} {
			g := setup(t, 2, opt("pirate_cube_rule", tc.mode), mixedHands(2)+"remove C4; remove D4; ship 3; place tavern D4 blue; place hall A3 blue")
			if got := raidOwed(t, g, 5)[Blue]; got != tc.want {
				t.Errorf("pirate_cube_rule %s: blue owes %d in row 5, want %d", tc.mode, got, tc.want)
			}
		}
	})
	t.Run("R108 pirate_reward", func(t *testing.T) {
		// Red owns two towers (tiles 3 and 6) and a well in row 5; blue has
		// wells there too.
		base := `remove C4; remove D4; ship 12; wall red N:D; wall red N:C; wall red S:D; wall red S:C; wall red E:3; wall red E:4
			gold red 1; influence red blue 1; place well D5 red; place well A5 blue; place well B5 blue`
		// Random (en): the pool holds red's own blue too; red draws 2 of 3.
		g := setup(t, 2, nil, base+"; gold blue 2; influence blue green 2")
		mustPlay(t, g, Red, "roll", newScript(t).dice(3, 4))
		mustPlay(t, g, Red, "pirate 5; discard blue", nil)
		rng := newScript(t).on(StreamReward, 1, 0) // blue of [gold blue green], then gold
		mustPlay(t, g, Blue, "discard gold green", rng)
		if p := player(g, Red); p.Influence != (Influence{Blue: 1}) || p.Gold != 2 {
			t.Errorf("random: red holds %d gold %+v, want its own blue back and blue's gold", p.Gold, p.Influence)
		}
		// Chosen (ru): only blue's three discards; red picks two.
		g = setup(t, 2, opt("pirate_reward", "choose_from_others_discards"), base+"; place well C5 blue; gold blue 2; influence blue green 2; influence blue yellow 1")
		mustPlay(t, g, Red, "roll", newScript(t).dice(3, 4))
		mustPlay(t, g, Red, "pirate 5; discard blue", nil)
		mustPlay(t, g, Blue, "discard gold green yellow", nil)
		if !slices.Equal(g.st.WaitingFor, []Colour{Red}) || len(g.st.Pending) != 1 || g.st.Pending[0].Kind != PendingTake || g.st.Pending[0].Count != 2 {
			t.Fatalf("waiting %v pending %+v: red should choose 2", g.st.WaitingFor, g.st.Pending)
		}
		if g.st.Pool == nil || g.st.Pool.Influence.Blue != 0 || g.st.Pool.Total() != 3 {
			t.Fatalf("pool %+v, want blue's three cards only", g.st.Pool)
		}
		mustRefuse(t, g, Red, "take blue gold", nil, "R43")
		mustRefuse(t, g, Red, "take yellow", nil, "R43")
		mustPlay(t, g, Red, "take yellow gold", nil)
		if p := player(g, Red); p.Influence != (Influence{Yellow: 1}) || p.Gold != 2 {
			t.Errorf("chosen: red holds %d gold %+v, want the gold and yellow it chose", p.Gold, p.Influence)
		}
		if g.st.Supply.InfluenceDiscard.Green != 1 || g.st.Supply.InfluenceDiscard.Blue != 1 {
			t.Errorf("discard pile %+v, want blue's green (left in the pool) and red's blue", g.st.Supply.InfluenceDiscard)
		}
	})
	t.Run("R108 full_row_fallback", func(t *testing.T) {
		// Rows 12 and 11 are full.
		fill := "permit blue 0 A12; permit blue 1 B12; permit blue 2 C12; permit blue 3 D12; permit blue 4 E12; permit green 0 F12; permit green 1 I12; " +
			"permit green 2 A11; permit green 3 B11; permit green 4 C11; permit yellow 0 D11; permit yellow 1 E11; permit yellow 2 F11; permit yellow 3 I11; place tavern G11 yellow"
		for _, tc := range []struct {
			mode string
			ok   bool
		}{{"adjacent_only", false}, {"nearest_row_with_space", true}} {
			g := setup(t, 4, opt("full_row_fallback", tc.mode), fill)
			atPermit(t, g, 12)
			if tc.ok {
				mustRefuse(t, g, Red, "permit 0 A9", nil, "R85")
				mustPlay(t, g, Red, "permit 0 A10", nil)
			} else {
				mustRefuse(t, g, Red, "permit 0 A10", nil, "R85")
			}
		}
	})
	t.Run("R108 same_size_cap", func(t *testing.T) {
		// A Tavern on B3 over two Taverns (A2 and C4).
		for _, tc := range []struct {
			cap string
			ok  bool
		}{{"1", false}, {"2", true}, {"unlimited", true}} {
			g := setup(t, 2, opt("same_size_cap", tc.cap), "gold red 3; influence red blue 3; place tavern A2 blue; remove C4; remove D4; place tavern C4 blue; permit red 0 C3; permit red 1 B4")
			atBuild(t, g, 5)
			if tc.ok {
				mustPlay(t, g, Red, "build tavern B3 over blue", nil)
			} else {
				mustRefuse(t, g, Red, "build tavern B3 over blue", nil, "R51")
			}
		}
	})
	t.Run("R108 hut_on_own_permit", func(t *testing.T) {
		g := displaceBlueHut(t, opt("hut_on_own_permit", "true"))
		mustRefuse(t, g, Blue, "rebuild hut G6", nil, "R68")
		mustPlay(t, g, Blue, "rebuild hut G5", nil)
		if _, ok := permitAt(g, "G5"); ok || !slices.Contains(player(g, Blue).Permits, 0) {
			t.Errorf("blue's permit 0: still on G5 = %v, supply %v; want it back in supply", ok, player(g, Blue).Permits)
		}
		g = displaceBlueHut(t, nil)
		mustRefuse(t, g, Blue, "rebuild hut G5", nil, "R68")
	})
	t.Run("R108 walls_cheap_first", func(t *testing.T) {
		g := setup(t, 2, opt("walls_cheap_first", "true"), "gold red 9; wall blue N:D; wall blue N:C; wall blue S:D")
		atBuild(t, g, 5)
		mustRefuse(t, g, Red, "wall E:3", nil, "R73")
		mustRefuse(t, g, Red, "wall E:11", nil, "R73")
		mustPlay(t, g, Red, "wall S:C; wall E:3", newScript(t).on(StreamInfluence, 0, 0))
	})
	t.Run("R108 win_check", func(t *testing.T) {
		g := setup(t, 2, opt("win_check", "end_of_turn"), nineCubes+"; gold red 9; permit red 0 A3")
		atBuild(t, g, 12)
		mustPlay(t, g, Red, "build well A3; gold", nil)
		if g.Over() {
			t.Fatal("end_of_turn: the game ended before the end of the turn")
		}
		mustPlay(t, g, Red, "end", nil)
		if !g.Over() || *g.st.Winner != Red {
			t.Error("end_of_turn: no win at the end of the turn")
		}
		// Dropping below 10 before the end of the turn: no win.
		g = setup(t, 2, opt("win_check", "end_of_turn"), "trade red 11; place stall A10 red; place stall C10 red; place stall A11 red; place well B2 red; gold red 9; permit red 0 A3; permit red 1 A2; permit red 2 B3")
		atBuild(t, g, 12)
		mustPlay(t, g, Red, "build well A3; build tavern A2", nil) // the tavern takes both wells' cubes back
		mustPlay(t, g, Red, "end", nil)
		if g.Over() || onBoard(g, Red) != 9 {
			t.Errorf("end_of_turn: over %v with %d cubes on the board, want the game to go on with 9", g.Over(), onBoard(g, Red))
		}
	})
	t.Run("R108 trade_cap_11", func(t *testing.T) {
		for _, tc := range []struct {
			cap  string
			want int
		}{{"true", 11}, {"false", 13}} {
			g := setup(t, 2, opt("trade_cap_11", tc.cap), "gold red 9; trade red 10; permit red 0 A2; permit red 1 B2; permit red 2 A3")
			atBuild(t, g, 12)
			mustPlay(t, g, Red, "build hall A2", nil)
			if player(g, Red).Trade != tc.want || !slices.Equal(flagsOn(g, 11), []Colour{Red}) {
				t.Errorf("trade_cap_11 %s: red at %d, flags on 11 %v; want %d and red", tc.cap, player(g, Red).Trade, flagsOn(g, 11), tc.want)
			}
		}
	})
	t.Run("R108 turn_limit", func(t *testing.T) {
		for _, tc := range []struct {
			edits  string
			winner Colour
		}{
			{"wall red N:D; wall red N:C; wall red S:D", Red}, // most cubes on the board
			{"gold blue 4", Blue},                             // a tie on cubes: most gold
		} {
			g := setup(t, 2, opt("turn_limit", "1"), noStarters+"; ship 12; "+tc.edits)
			mustPlay(t, g, Red, "end", newScript(t).dice(1, 2))
			if g.Over() {
				t.Fatal("the game ended after one turn of a 1-round limit")
			}
			mustPlay(t, g, Blue, "end", newScript(t).dice(1, 2))
			if !g.Over() || *g.st.Winner != tc.winner {
				t.Errorf("after one round: over %v, winner %v; want %s", g.Over(), g.st.Winner, tc.winner)
			}
		}
	})
	t.Run("R108 hand_visibility", func(t *testing.T) {
		// Cosmetic for the engine: it only records the choice for show.
		cfg, err := NewConfig(AllColours[:2], EditionEN, opt("hand_visibility", "gold_and_influence_counts"))
		if err != nil || !cfg.Options.HandCountsPublic {
			t.Errorf("hand_visibility gold_and_influence_counts: %+v, %v", cfg.Options, err)
		}
		if EditionOptions(EditionEN).HandCountsPublic {
			t.Error("hands show more than their total by default (V25)")
		}
	})
}
