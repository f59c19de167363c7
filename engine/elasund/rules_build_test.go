package elasund

import (
	"fmt"
	"slices"
	"testing"

	"github.com/elasund/elasund/engine"
)

// Rule tests for the rules of docs/elasund/rules.md on phase 2 — buildings,
// trade points, starters, walls and the church (R46-R83).

func TestRulesTwoConstructions(t *testing.T) {
	t.Run("R46 two of a kind, then no third", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 15; permit red 0 A2; permit red 1 A10; permit red 2 E12")
		atBuild(t, g, 5)
		// The ship row (5) does not limit where a player builds.
		mustPlay(t, g, Red, "build well A2; build well A10", nil)
		mustRefuse(t, g, Red, "build well E12", nil, "R46")
		mustRefuse(t, g, Red, "wall N:D", nil, "R46")
		if g.st.Phase != PhasePermit {
			t.Errorf("phase %s after two constructions, want permit", g.st.Phase)
		}
	})
	t.Run("R46 a mix of kinds", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 14; permit red 0 A2")
		atBuild(t, g, 5)
		tile := g.st.Supply.ChurchStack[0]
		mustPlay(t, g, Red, "build well A2; church "+tile.String(), newScript(t).on(StreamChurch, 0, 0))
		mustRefuse(t, g, Red, "wall N:D", nil, "R46")
	})
	t.Run("R46 each construction resolves before the next", func(t *testing.T) {
		// The first build displaces blue's hut: the second waits for blue.
		g := setup(t, 2, nil, "gold red 15; permit red 0 C3; permit red 1 B3; permit red 2 A10")
		atBuild(t, g, 5)
		mustPlay(t, g, Red, "build tavern B3", nil)
		mustRefuse(t, g, Red, "build well A10", nil, "R105")
		mustPlay(t, g, Blue, "rebuild hut E2", nil)
		mustPlay(t, g, Red, "build well A10", nil)
	})
}

func TestRulesAvailablePiece(t *testing.T) {
	t.Run("R47 starters are never built", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 9; remove D4; permit red 0 A3; permit red 1 A4")
		atBuild(t, g, 5)
		mustRefuseAction(t, g, Red, Action{Kind: ActBuild, Building: Hut, At: sq("A3")}, "R47")
		mustRefuseAction(t, g, Red, Action{Kind: ActBuild, Building: Cottage, At: sq("A3")}, "R47")
	})
	t.Run("R47 the House must be in supply", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 9; place house A2 red; permit red 0 A3")
		atBuild(t, g, 5)
		mustRefuse(t, g, Red, "build house A3", nil, "R99")
	})
	t.Run("R47 no command moves a building", func(t *testing.T) {
		for _, text := range []string{"move tavern A2 B3", "move-building A2 B3", "relocate A2 B3", "move-permit A2"} {
			if _, err := ParseAction(text); err == nil {
				t.Errorf("ParseAction(%q) succeeded", text)
			}
		}
	})
}

func TestRulesCompensation(t *testing.T) {
	t.Run("R48 the sum of each other player's permits", func(t *testing.T) {
		g := setup(t, 3, nil, "gold red 8; permit red 4 A10; permit blue 0 B10; permit blue 1 A11; permit green 2 B11; permit red 0 A12")
		atBuild(t, g, 5)
		gold := map[Colour]int{Red: 8, Blue: 3, Green: 3}
		bank := g.st.Supply.Gold
		mustPlay(t, g, Red, "build hall A10", nil)
		for c, want := range map[Colour]int{Red: gold[Red] - 8, Blue: gold[Blue] + 1, Green: gold[Green] + 2} {
			if got := player(g, c).Gold; got != want {
				t.Errorf("%s holds %d gold, want %d", c, got, want)
			}
		}
		if g.st.Supply.Gold-bank != 5 {
			t.Errorf("bank +%d, want +5", g.st.Supply.Gold-bank)
		}
	})
	t.Run("R48 a 0 permit is paid nothing", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 3; permit red 1 A2; permit blue 0 B2")
		atBuild(t, g, 5)
		ev := mustPlay(t, g, Red, "build tavern A2", nil)
		if player(g, Red).Gold != 0 || player(g, Blue).Gold != 3 || hasEvent(ev, "compensation") {
			t.Errorf("red %d, blue %d, events %q; want 0, 3 and no compensation", player(g, Red).Gold, player(g, Blue).Gold, ev)
		}
	})
}

func TestRulesFootprint(t *testing.T) {
	for _, tc := range []struct {
		name, edits, move, rule string
	}{
		{"R49 east of the city", "permit red 0 E3; permit red 1 E4", "build tavern E3", "R49"},
		{"R49 south of the board", "permit red 0 A11; permit red 1 A12; permit red 2 B12", "build hall A11", "R49"},
		{"R49 on the bare foundation", "permit red 0 B6; permit red 1 B8", "build tavern B6", ""},
		{"R49 on a church tile", "church C blue; permit red 0 B6; permit red 1 C6", "build tavern B6", "R80"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := setup(t, 2, nil, "gold red 9; remove B8; "+tc.edits)
			atBuild(t, g, 5)
			mustRefuse(t, g, Red, tc.move, nil, tc.rule)
		})
	}
	t.Run("R49 the foundation refusal cites R13", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 9; remove B8; permit red 0 B6; permit red 1 B8")
		atBuild(t, g, 5)
		mustRefuse(t, g, Red, "build hall B6", nil, "R13")
	})
}

func TestRulesExistingBuildings(t *testing.T) {
	t.Run("R50 a bigger building blocks", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 9; influence red blue 3; place shop C2 blue; permit red 0 B3")
		atBuild(t, g, 5)
		mustRefuse(t, g, Red, "build stall B3", nil, "R50")
		mustRefuse(t, g, Red, "build stall B3 over blue", nil, "R50")
	})
	t.Run("R50 a smaller building goes for free", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 1; permit red 0 B4")
		atBuild(t, g, 5)
		mustPlay(t, g, Red, "build house B4", nil)
		if b, _ := buildingAt(g, "C4"); b.Kind != House || player(g, Red).Gold != 0 || player(g, Blue).Gold != 3 {
			t.Errorf("C4 holds %s, red %d gold, blue %d; want red's house, 0, 3", b.Kind, player(g, Red).Gold, player(g, Blue).Gold)
		}
	})
	t.Run("R50 a House and a Workshop are the same size", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 1; influence red green 3; place workshop B2 blue; permit red 0 A2")
		atBuild(t, g, 5)
		mustRefuse(t, g, Red, "build house A2", nil, "R51")
		mustPlay(t, g, Red, "build house A2 over green", nil)
		if !slices.Contains(player(g, Blue).Buildings, Workshop) {
			t.Error("blue's workshop did not go back to blue's supply")
		}
	})
}

func TestRulesSameSize(t *testing.T) {
	t.Run("R51 over is only for same-size buildings", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 3; influence red green 3; permit red 0 B3; permit red 1 C3")
		atBuild(t, g, 5)
		mustRefuse(t, g, Red, "build tavern B3 over green", nil, "R51")
		mustPlay(t, g, Red, "build tavern B3", nil) // over blue's hut: smaller
		if player(g, Red).Influence.Green != 3 {
			t.Error("influence paid for a build over a smaller building")
		}
	})
	t.Run("R51 smaller buildings go along at no extra cost", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 3; influence red green 4; place tavern A2 blue; permit red 0 C3; permit red 1 B4")
		atBuild(t, g, 5)
		mustRefuse(t, g, Red, "build tavern B3", nil, "R51")
		mustPlay(t, g, Red, "build tavern B3 over green", nil)
		if player(g, Red).Influence.Green != 1 || g.st.Supply.InfluenceDiscard.Green != 3 {
			t.Errorf("red holds %d green, pile %d; want one payment of 3", player(g, Red).Influence.Green, g.st.Supply.InfluenceDiscard.Green)
		}
		if _, ok := buildingAt(g, "A2"); ok {
			t.Error("blue's tavern is still on A2")
		}
		if b, _ := buildingAt(g, "C4"); b.Kind != Tavern || len(g.st.Pending) != 1 || g.st.Pending[0].Building != Hut {
			t.Errorf("C4 holds %s, pending %+v; want red's tavern and blue's hut to rebuild", b.Kind, g.st.Pending)
		}
	})
}

func TestRulesPermitMajority(t *testing.T) {
	// R52 for a Tavern on B2 (B2, C2, B3, C3) by red, four players.
	for _, tc := range []struct {
		name, permits string
		ok            bool
	}{
		{"too few permits", "permit red 4 B2", false},
		{"others' permits count toward the number", "permit red 1 B2; permit blue 0 C2", true},
		{"tie at 0 forbids", "permit red 0 B2; permit blue 0 C2", false},
		{"no own permit", "permit blue 1 B2; permit green 2 C2", false},
		{"strictly more than each other player", "permit red 3 B2; permit blue 1 C2; permit green 2 B3", true},
		{"others may tie with each other", "permit red 2 B2; permit blue 1 C2; permit green 1 B3; permit yellow 1 C3", true},
		{"values count, not numbers", "permit red 0 B2; permit red 1 C2; permit blue 1 B3", false},
		{"values count, not numbers (won)", "permit red 0 B2; permit red 2 C2; permit blue 1 B3", true},
		{"extra permits are allowed", "permit red 0 B2; permit red 1 C2; permit red 2 B3; permit red 3 C3", true},
		{"a higher permit elsewhere wins", "permit red 2 B2; permit blue 2 C2; permit green 3 B3", false},
	} {
		t.Run("R52 "+tc.name, func(t *testing.T) {
			g := setup(t, 4, nil, "gold red 9; "+tc.permits)
			atBuild(t, g, 5)
			if !tc.ok {
				mustRefuse(t, g, Red, "build tavern B2", nil, "R52")
				return
			}
			mustPlay(t, g, Red, "build tavern B2", nil)
			if len(g.st.Permits) != 0 {
				t.Errorf("permits %v left in the footprint", g.st.Permits)
			}
			for _, c := range AllColours {
				if len(player(g, c).Permits) != 5 {
					t.Errorf("%s has permits %v in supply, want all 5 back", c, player(g, c).Permits)
				}
			}
		})
	}
}

func TestRulesBuildGold(t *testing.T) {
	// R53: cost plus compensation, to the coin.
	for _, tc := range []struct {
		gold int
		ok   bool
	}{{4, true}, {3, false}} {
		t.Run(fmt.Sprintf("R53 %d gold for a cost of 3 and compensation of 1", tc.gold), func(t *testing.T) {
			g := setup(t, 2, nil, fmt.Sprintf("gold red %d; permit red 2 A2; permit blue 1 B2", tc.gold))
			atBuild(t, g, 5)
			if tc.ok {
				mustPlay(t, g, Red, "build tavern A2", nil)
			} else {
				mustRefuse(t, g, Red, "build tavern A2", nil, "R53")
			}
		})
	}
}

func TestRulesBuildInfluence(t *testing.T) {
	base := "gold red 1; place workshop B2 blue; permit red 0 A2; "
	t.Run("R54 three of one colour", func(t *testing.T) {
		g := setup(t, 2, nil, base+"influence red blue 2; influence red green 1")
		atBuild(t, g, 5)
		mustRefuse(t, g, Red, "build house A2 over blue", nil, "R54")
		mustRefuse(t, g, Red, "build house A2 over green", nil, "R54")
	})
	t.Run("R54 red is the third colour", func(t *testing.T) {
		g := setup(t, 2, nil, base+"influence red yellow 3")
		atBuild(t, g, 5)
		mustPlay(t, g, Red, "build house A2 over red", nil)
		if player(g, Red).Influence.Yellow != 0 || g.st.Supply.InfluenceDiscard.Yellow != 3 {
			t.Errorf("red holds %d yellow, pile %d; want 0 and 3", player(g, Red).Influence.Yellow, g.st.Supply.InfluenceDiscard.Yellow)
		}
	})
}

func TestRulesBuildResolution(t *testing.T) {
	// R55: a Hall on A3 (A3-B5) over red's own House on A3-B3 and blue's
	// hut moved to B5, with blue's permit 1 on A4, red's 3 on B4 and red's
	// 0 on A5.
	g := setup(t, 3, nil, "gold red 6; place house A3 red; remove C4; place hut B5 blue; permit blue 1 A4; permit red 3 B4; permit red 0 A5; trade red 2")
	atBuild(t, g, 12)
	bank, blueGold := g.st.Supply.Gold, player(g, Blue).Gold
	ev := mustPlay(t, g, Red, "build hall A3", nil)
	// 1-2: compensation and cost.
	if player(g, Red).Gold != 0 || player(g, Blue).Gold != blueGold+1 || g.st.Supply.Gold != bank+5 {
		t.Errorf("R55 steps 1-2: red %d, blue +%d, bank +%d; want 0, +1, +5", player(g, Red).Gold, player(g, Blue).Gold-blueGold, g.st.Supply.Gold-bank)
	}
	// 4: every permit goes home, the builder's too.
	if len(player(g, Red).Permits) != 5 || len(player(g, Blue).Permits) != 5 || len(g.st.Permits) != 0 {
		t.Errorf("R55 step 4: permits in supply: red %v, blue %v; on the board %v", player(g, Red).Permits, player(g, Blue).Permits, g.st.Permits)
	}
	// 5: the buildings in the footprint are removed.
	if !slices.Contains(player(g, Red).Buildings, House) {
		t.Error("R55 step 5: red's house is not back in supply")
	}
	// 6-7: the hall with a cube on each flag.
	if b, _ := buildingAt(g, "B5"); b.Kind != Hall || b.Owner != Red || b.cubes() != 2 {
		t.Errorf("R55 steps 6-7: B5 holds %+v, want red's hall with 2 cubes", b)
	}
	// 8: trade: +3 (A3, A4, A5) -1 (the house on A3) = 2 → 4, a cube on 3.
	if player(g, Red).Trade != 4 || !slices.Contains(flagsOn(g, 3), Red) || player(g, Red).Cubes != 7 {
		t.Errorf("red at trade %d with %d cubes in supply, flags on 3 %v; want 4, 7, red on 3", player(g, Red).Trade, player(g, Red).Cubes, flagsOn(g, 3))
	}
	// 9: then blue's starter rebuild.
	if !slices.Equal(g.st.WaitingFor, []Colour{Blue}) || g.st.Pending[0].Building != Hut {
		t.Errorf("waiting for %v, pending %+v; want blue's hut rebuild", g.st.WaitingFor, g.st.Pending)
	}
	order := []string{"compensation", "house on A3 is removed", "hut on B5 is removed", "builds a hall", "trade 2 → 4", "cube on trade space 3"}
	for i := 1; i < len(order); i++ {
		if a, b := eventIndex(ev, order[i-1]), eventIndex(ev, order[i]); a < 0 || b < 0 || a > b {
			t.Errorf("events %q: %q should come before %q", ev, order[i-1], order[i])
		}
	}
}

func TestRulesRemoval(t *testing.T) {
	t.Run("R56 a neutral building goes back with its cubes and trade points", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 3; place well A3 blue; trade blue 1; permit red 0 B3; permit red 1 B4")
		atBuild(t, g, 5)
		blue := *player(g, Blue)
		wells := g.st.Supply.Neutral.Well
		mustPlay(t, g, Red, "build tavern A3", nil)
		if g.st.Supply.Neutral.Well != wells+1 || player(g, Blue).Cubes != blue.Cubes+1 || player(g, Blue).Trade != 0 || player(g, Blue).Gold != blue.Gold {
			t.Errorf("wells %d, blue cubes %d trade %d gold %d; want %d, %d, 0, %d", g.st.Supply.Neutral.Well, player(g, Blue).Cubes, player(g, Blue).Trade, player(g, Blue).Gold, wells+1, blue.Cubes+1, blue.Gold)
		}
	})
	t.Run("R56 a House goes back to supply and can be built again", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 9; gold blue 9; place house A3 blue; permit red 2 A2; permit red 0 B2; permit red 1 B4; permit blue 0 A10")
		atBuild(t, g, 5)
		mustPlay(t, g, Red, "build hall A2; end", newScript(t).on(StreamInfluence))
		if !slices.Contains(player(g, Blue).Buildings, House) {
			t.Fatal("blue's house is not back in supply")
		}
		atBuild(t, g, 5)
		mustPlay(t, g, Blue, "build house A10", nil)
	})
}

func TestRulesTradeValue(t *testing.T) {
	// R57: the sum over the squares covered, recorded for the builder.
	for _, tc := range []struct {
		players       int
		build, permit string
		want          int
	}{
		{2, "workshop A5", "A5", 2},
		{2, "house A12", "A12", 1},
		{2, "hall A2", "A2; permit red 1 B2; permit red 2 A3", 3},
		{2, "tavern D11", "D11; permit red 1 E11", 0},
		{3, "stall F2", "F2", 2},
		{3, "tavern E11", "E11; permit red 1 F11", 2},
		{4, "stall G2", "G2", 2},
		{4, "shop G11", "G11; permit red 1 H11", 2},
		{4, "shop E11", "E11; permit red 1 F11", 2},
	} {
		t.Run(fmt.Sprintf("R57 %s with %d players", tc.build, tc.players), func(t *testing.T) {
			g := setup(t, tc.players, nil, "gold red 9; permit red 0 "+tc.permit)
			atBuild(t, g, 5)
			mustPlay(t, g, Red, "build "+tc.build, nil)
			if got := player(g, Red).Trade; got != tc.want {
				t.Errorf("red at trade %d, want %d", got, tc.want)
			}
			for _, c := range AllColours[1:tc.players] {
				if player(g, c).Trade != 0 {
					t.Errorf("%s gained trade points from red's build", c)
				}
			}
		})
	}
}

func TestRulesNoChurchTrade(t *testing.T) {
	t.Run("R58 a church tile on the harbour earns nothing", func(t *testing.T) {
		// First tile SE: the church covers A5-C8, and NW lands on A5.
		g := setup(t, 2, nil, "church SE blue; gold red 7")
		atBuild(t, g, 3)
		i := slices.Index(g.st.Supply.ChurchStack, TileNW)
		mustPlay(t, g, Red, "church", newScript(t).on(StreamChurch, i))
		if ct := g.st.Church; len(ct) != 2 || player(g, Red).Trade != 0 {
			t.Errorf("church %+v, red at trade %d; want NW on A5 and trade 0", ct, player(g, Red).Trade)
		}
	})
	t.Run("R58 a starter is never rebuilt on the harbour", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 3; permit red 0 C3; permit red 1 B3")
		atBuild(t, g, 5)
		mustPlay(t, g, Red, "build tavern B3", nil)
		mustRefuse(t, g, Blue, "rebuild hut A6", nil, "R68")
		mustPlay(t, g, Blue, "rebuild hut B6", nil)
		if player(g, Blue).Trade != 0 {
			t.Errorf("blue at trade %d after a rebuild, want 0", player(g, Blue).Trade)
		}
	})
}

func TestRulesTradeChanges(t *testing.T) {
	// R59: permits, walls, church tiles, production and specials on trade
	// fields change no trade points.
	g := setup(t, 3, nil, "gold red 20; influence red blue 2; influence red green 1; influence red yellow 1; permit red 4 A2; church SE blue")
	atBuild(t, g, 3)
	i := slices.Index(g.st.Supply.ChurchStack, TileNW)
	mustPlay(t, g, Red, "wall N:F; church; permit 0 A3; move-permit A2 F2 pay blue", newScript(t).on(StreamInfluence, 0).on(StreamChurch, i))
	if player(g, Red).Trade != 0 {
		t.Errorf("R59: red at trade %d, want 0: permits, walls, church tiles and specials change no trade points", player(g, Red).Trade)
	}
}

func TestRulesTradeTrackUpdate(t *testing.T) {
	t.Run("R60 the net change of one action", func(t *testing.T) {
		// Red's Workshop on A4-A5 (2 points) gives way to red's Tavern on
		// A4-B5 (2 points): no change, the cube on 3 stays.
		g := setup(t, 2, nil, "gold red 3; place workshop A4 red; trade red 3; permit red 0 B4; permit red 1 B5")
		atBuild(t, g, 5)
		ev := mustPlay(t, g, Red, "build tavern A4", nil)
		if player(g, Red).Trade != 3 || !slices.Contains(flagsOn(g, 3), Red) || hasEvent(ev, "takes back") || hasEvent(ev, "trade 3 →") {
			t.Errorf("red at %d, flags on 3 %v, events %q; want no change", player(g, Red).Trade, flagsOn(g, 3), ev)
		}
	})
	t.Run("R60 never below 0", func(t *testing.T) {
		g := setup(t, 2, nil, "gold blue 3; place workshop A4 red; trade red 1; permit blue 0 B4; permit blue 1 B5; turn blue")
		atBuild(t, g, 5)
		mustPlay(t, g, Blue, "build tavern A4", nil)
		if player(g, Red).Trade != 0 {
			t.Errorf("red at %d, want 0", player(g, Red).Trade)
		}
	})
	t.Run("R60 a cube on every space reached", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 5; trade red 4; permit red 0 A2; permit red 1 B2; permit red 2 A3")
		atBuild(t, g, 5)
		mustPlay(t, g, Red, "build hall A2", nil)
		if player(g, Red).Trade != 7 || !slices.Contains(flagsOn(g, 5), Red) || !slices.Contains(flagsOn(g, 7), Red) {
			t.Errorf("red at %d, flags %v; want 7 with cubes on 5 and 7", player(g, Red).Trade, g.st.TradeFlags)
		}
	})
	t.Run("R60 a cube back for every space left", func(t *testing.T) {
		g := setup(t, 2, nil, "gold blue 5; influence blue green 3; place hall A2 red; trade red 7; remove C4; permit blue 0 C2; permit blue 1 C3; permit blue 2 C4; turn blue")
		atBuild(t, g, 5)
		mustPlay(t, g, Blue, "build hall B2 over green", nil)
		if player(g, Red).Trade != 4 || slices.Contains(flagsOn(g, 5), Red) || slices.Contains(flagsOn(g, 7), Red) || !slices.Contains(flagsOn(g, 3), Red) {
			t.Errorf("red at %d, flags %v; want 4, keeping only the cube on 3", player(g, Red).Trade, g.st.TradeFlags)
		}
	})
	t.Run("R60 a flag freed in the action is there for the gainer", func(t *testing.T) {
		// Blue holds the one flag on 11 and loses its Workshop (2 points)
		// to red's Tavern, which takes red from 10 past 11.
		g := setup(t, 2, nil, "gold red 3; place workshop A4 blue; trade blue 11; trade red 10; permit red 0 B4; permit red 1 B5")
		atBuild(t, g, 5)
		mustPlay(t, g, Red, "build tavern A4", nil)
		if player(g, Blue).Trade != 9 || !slices.Equal(flagsOn(g, 11), []Colour{Red}) {
			t.Errorf("blue at %d, flags on 11 %v; want 9 and red on 11", player(g, Blue).Trade, flagsOn(g, 11))
		}
	})
}

func TestRulesFlagRules(t *testing.T) {
	t.Run("R61 one cube per space and player", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 10; trade red 4; permit red 0 A2; permit red 1 A3")
		atBuild(t, g, 5)
		mustPlay(t, g, Red, "build well A2; build well A3", nil)
		if got := flagsOn(g, 3); !slices.Equal(got, []Colour{Red}) || !slices.Equal(flagsOn(g, 5), []Colour{Red}) {
			t.Errorf("flags on 3 %v and on 5 %v, want one red cube each", got, flagsOn(g, 5))
		}
	})
	t.Run("R61 first come, first served", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 5; trade blue 11; trade red 10; permit red 0 A2")
		atBuild(t, g, 5)
		mustPlay(t, g, Red, "build well A2", nil)
		if !slices.Equal(flagsOn(g, 11), []Colour{Blue}) {
			t.Errorf("flags on 11 %v, want blue's alone", flagsOn(g, 11))
		}
	})
	t.Run("R62 a freed flag is not handed back", func(t *testing.T) {
		// Space 5 is full (red, green, yellow); blue passed it to 6.
		g := setup(t, 4, nil, `trade red 5; trade green 5; trade yellow 5; trade blue 6; place workshop A2 red
			gold yellow 3; permit yellow 0 B2; permit yellow 1 B3; gold blue 5; permit blue 0 A10; turn yellow`)
		if slices.Contains(flagsOn(g, 5), Blue) {
			t.Fatal("blue holds a flag on full space 5")
		}
		atBuild(t, g, 5)
		mustPlay(t, g, Yellow, "build tavern A2", nil) // red 5 → 3 frees a flag on 5
		if slices.Contains(flagsOn(g, 5), Red) || slices.Contains(flagsOn(g, 5), Blue) {
			t.Fatalf("flags on 5 %v, want red gone and blue not given the flag", flagsOn(g, 5))
		}
		g.st.Current = Blue
		atBuild(t, g, 5)
		mustPlay(t, g, Blue, "build well A10", nil) // 6 → 7
		if slices.Contains(flagsOn(g, 5), Blue) || !slices.Contains(flagsOn(g, 7), Blue) {
			t.Errorf("flags %v: blue should hold 7 but not 5", g.st.TradeFlags)
		}
	})
	t.Run("R63 trade cubes count toward the 10", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 5; place stall A10 red; place stall C10 red; place stall A11 red; place stall C11 red; remove D4; place hall D2 red; place hall A4 red; trade red 2; permit red 0 A3")
		atBuild(t, g, 5)
		if onBoard(g, Red) != 8 {
			t.Fatalf("red has %d cubes on the board, want 8", onBoard(g, Red))
		}
		mustPlay(t, g, Red, "build well A3", nil)
		if !g.Over() || *g.st.Winner != Red {
			t.Errorf("a well cube and a trade cube made 10, but the game is not won (phase %s)", g.st.Phase)
		}
	})
}

func TestRulesStarters(t *testing.T) {
	t.Run("R64 the two totem buildings", func(t *testing.T) {
		for _, k := range []Kind{Hut, Cottage} {
			if !k.Spec().Starter || k.Spec().Income == NoIncome {
				t.Errorf("%s is not a producing starter", k)
			}
		}
		for _, k := range BuildableKinds {
			if k.Spec().Starter {
				t.Errorf("%s is buildable and a starter", k)
			}
		}
		g := setup(t, 2, nil, "gold red 9; remove E8; permit red 0 A3; permit red 1 A4")
		atBuild(t, g, 5)
		mustRefuseAction(t, g, Red, Action{Kind: ActBuild, Building: Cottage, At: sq("A3")}, "R47")
	})
	t.Run("R65 built over by a bigger building", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 3; permit red 0 C3; permit red 1 D3")
		atBuild(t, g, 5)
		mustPlay(t, g, Red, "build tavern C3", nil)
		if b, _ := buildingAt(g, "C4"); b.Kind != Tavern {
			t.Errorf("C4 holds %s, want the tavern", b.Kind)
		}
	})
	t.Run("R65 built over by a same-size building", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 1; influence red blue 3; permit red 0 A9")
		atBuild(t, g, 5)
		mustRefuse(t, g, Red, "build house A9", nil, "R51")
		mustPlay(t, g, Red, "build house A9 over blue", nil)
		if _, ok := buildingAt(g, "B8"); ok {
			t.Error("blue's cottage still covers B8")
		}
	})
}

func TestRulesRebuildTrigger(t *testing.T) {
	// R66: every removal of a starter offers a rebuild; with hut_trigger
	// bigger_building_only (R108, V14) only a bigger building does.
	for _, tc := range []struct {
		name, edits, move string
		church            bool
		biggerOnly        bool
	}{
		{"bigger building", "gold red 3; permit red 0 B3; permit red 1 B4", "build tavern B3", false, true},
		{"same size with influence", "gold red 1; influence red blue 3; permit red 0 A9", "build house A9 over blue", false, false},
		{"church tile", "church C red; gold red 7", "church", true, false},
	} {
		for _, trigger := range []string{"any_removal", "bigger_building_only"} {
			t.Run(fmt.Sprintf("R66 %s, %s", tc.name, trigger), func(t *testing.T) {
				g := setup(t, 2, opt("hut_trigger", trigger), tc.edits)
				atBuild(t, g, 5)
				var rng engine.Rand
				if tc.church {
					rng = newScript(t).on(StreamChurch, slices.Index(g.st.Supply.ChurchStack, TileW))
				}
				mustPlay(t, g, Red, tc.move, rng)
				offered := len(g.st.Pending) == 1 && g.st.Pending[0].Kind == PendingRebuild && g.st.Pending[0].Seat == Blue
				want := trigger == "any_removal" || tc.biggerOnly
				if offered != want {
					t.Errorf("rebuild offered = %v, want %v (pending %+v)", offered, want, g.st.Pending)
				}
				if !want && (g.st.Phase != PhaseBuild || len(g.st.Pending) != 0) {
					t.Errorf("phase %s pending %+v: the starter should simply leave the game", g.st.Phase, g.st.Pending)
				}
			})
		}
	}
}

func TestRulesRebuildOrder(t *testing.T) {
	// R67: green (third seat) builds a Tavern on C3 over blue's hut on C4
	// and red's on D4: red (next after green and yellow) rebuilds first.
	g := setup(t, 4, nil, "gold green 3; permit green 0 C3; permit green 1 D3; turn green")
	atBuild(t, g, 5)
	mustPlay(t, g, Green, "build tavern C3", nil)
	if !slices.Equal(g.st.WaitingFor, []Colour{Red}) {
		t.Fatalf("waiting for %v, want red first (clockwise from green's left)", g.st.WaitingFor)
	}
	mustRefuse(t, g, Blue, "rebuild hut E2", nil, "R105")
	mustRefuse(t, g, Green, "gold", nil, "R105")
	mustPlay(t, g, Red, "rebuild hut E2", nil)
	if !slices.Equal(g.st.WaitingFor, []Colour{Blue}) {
		t.Fatalf("waiting for %v, want blue next", g.st.WaitingFor)
	}
	// Red's rebuild took E2 first.
	mustRefuse(t, g, Blue, "rebuild hut E2", nil, "R68")
	mustPlay(t, g, Blue, "rebuild hut G3", nil)
	if g.st.Phase != PhaseBuild || !slices.Equal(g.st.WaitingFor, []Colour{Green}) {
		t.Errorf("phase %s waiting %v, want green's phase 2 to go on", g.st.Phase, g.st.WaitingFor)
	}
	t.Run("R67 the active player's own starter first", func(t *testing.T) {
		g := setup(t, 2, nil, "gold blue 3; permit blue 0 C3; permit blue 1 D3; turn blue")
		atBuild(t, g, 5)
		mustPlay(t, g, Blue, "build tavern C3", nil)
		if !slices.Equal(g.st.WaitingFor, []Colour{Blue}) || g.st.Pending[0].Seat != Blue {
			t.Errorf("waiting for %v, want blue (the builder) first", g.st.WaitingFor)
		}
	})
	t.Run("R67 two starters in one slot, in any order", func(t *testing.T) {
		g := setup(t, 2, nil, "remove D4; remove E8; place hut D2 red; place cottage E2 red; gold blue 5; permit blue 0 D3; permit blue 1 D4; permit blue 2 E4; turn blue")
		atBuild(t, g, 5)
		mustPlay(t, g, Blue, "build hall D2", nil)
		if !slices.Equal(g.st.WaitingFor, []Colour{Red}) || len(g.st.Pending) != 2 {
			t.Fatalf("waiting for %v, pending %+v; want red with both starters", g.st.WaitingFor, g.st.Pending)
		}
		mustPlay(t, g, Red, "rebuild cottage B2", nil)
		if !slices.Equal(g.st.WaitingFor, []Colour{Red}) {
			t.Fatalf("waiting for %v after red's first rebuild, want red again", g.st.WaitingFor)
		}
		mustPlay(t, g, Red, "rebuild hut C2", nil)
		if !slices.Equal(g.st.WaitingFor, []Colour{Blue}) || g.st.Phase != PhaseBuild {
			t.Errorf("waiting for %v in phase %s, want blue's phase 2", g.st.WaitingFor, g.st.Phase)
		}
	})
}

// displaceBlueHut is a 3-player position where red has just built a Tavern
// on C3 over blue's hut on C4: blue is to rebuild it. Red's permit 2 is on
// G6, blue's 0 on G5; church tiles stand on C8 and D8.
func displaceBlueHut(t *testing.T, opts map[string]string) *Game {
	t.Helper()
	g := setup(t, 3, opts, "remove D4; gold red 3; permit red 0 C3; permit red 1 D3; permit blue 0 G5; permit red 2 G6; church C red; church E red")
	atBuild(t, g, 5)
	mustPlay(t, g, Red, "build tavern C3", nil)
	if !slices.Equal(g.st.WaitingFor, []Colour{Blue}) {
		t.Fatalf("waiting for %v, want blue to rebuild", g.st.WaitingFor)
	}
	return g
}

func TestRulesRebuildSquares(t *testing.T) {
	for _, tc := range []struct {
		name, move string
		ok         bool
	}{
		{"an empty square", "rebuild hut F3", true},
		{"the harbour", "rebuild hut A3", false},
		{"a 2-point trade field", "rebuild hut F2", false},
		{"outside the city", "rebuild hut H3", false},
		{"the bare foundation is covered here: a church tile", "rebuild hut C8", false},
		{"another church tile", "rebuild hut D8", false},
		{"a building", "rebuild hut E8", false},
		{"its own permit", "rebuild hut G5", false},
		{"another player's permit", "rebuild hut G6", false},
		{"the footprint it left, now built over", "rebuild hut C4", false},
	} {
		t.Run("R68 "+tc.name, func(t *testing.T) {
			g := displaceBlueHut(t, nil)
			if tc.ok {
				mustPlay(t, g, Blue, tc.move, nil)
				return
			}
			mustRefuse(t, g, Blue, tc.move, nil, "R68")
		})
	}
	t.Run("R68 the bare foundation", func(t *testing.T) {
		g := setup(t, 2, nil, "remove D4; gold red 3; permit red 0 C3; permit red 1 D3")
		atBuild(t, g, 5)
		mustPlay(t, g, Red, "build tavern C3", nil)
		mustRefuse(t, g, Blue, "rebuild hut C8", nil, "R68")
	})
	t.Run("R68 a cottage keeps its orientation", func(t *testing.T) {
		g := setup(t, 3, nil, "gold red 5; permit red 0 A8; permit red 1 A9; permit red 2 A10")
		atBuild(t, g, 5)
		mustPlay(t, g, Red, "build hall A8", nil)
		mustRefuse(t, g, Blue, "rebuild cottage G12", nil, "R68")
		mustRefuse(t, g, Blue, "rebuild cottage D3", nil, "R68") // D3 is free, D4 below holds red's hut
		mustPlay(t, g, Blue, "rebuild cottage G11", nil)
		if b, _ := buildingAt(g, "G12"); b.Kind != Cottage || b.Owner != Blue || b.At != sq("G11") {
			t.Errorf("G12 holds %+v, want blue's cottage from G11", b)
		}
	})
}

func TestRulesRebuildFree(t *testing.T) {
	g := displaceBlueHut(t, nil)
	blue := g.State().Players[Blue]
	mustPlay(t, g, Blue, "rebuild hut F3", nil)
	p := player(g, Blue)
	// R69: no cost, no cube, no trade points.
	if p.Gold != blue.Gold || p.Cubes != blue.Cubes || p.Trade != blue.Trade || p.Influence != blue.Influence || !slices.Equal(p.Permits, blue.Permits) {
		t.Errorf("R69: blue before %+v, after %+v; want no change", *blue, *p)
	}
	if b, _ := buildingAt(g, "F3"); b.Kind != Hut || b.cubes() != 0 {
		t.Errorf("R69: F3 holds %+v, want blue's hut without cubes", b)
	}
}

func TestRulesRebuildDeclined(t *testing.T) {
	// R70: a declined starter leaves the game for good.
	g := displaceBlueHut(t, nil)
	mustPlay(t, g, Blue, "rebuild hut none", nil)
	for _, b := range g.st.Buildings {
		if b.Owner == Blue && b.Kind == Hut {
			t.Fatalf("R70: blue's hut is on %s after declining", b.At)
		}
	}
	if len(g.st.Pending) != 0 || g.st.Phase != PhaseBuild {
		t.Errorf("R70: pending %+v phase %s, want red's phase 2 to go on", g.st.Pending, g.st.Phase)
	}
	mustRefuse(t, g, Blue, "rebuild hut F3", nil, "")
	mustRefuse(t, g, Red, "rebuild hut F3", nil, "R105")
}

func TestRulesRebuiltProduces(t *testing.T) {
	// R71: the rebuilt hut produces from its new row.
	g := displaceBlueHut(t, nil)
	mustPlay(t, g, Blue, "rebuild hut F11", nil)
	mustPlay(t, g, Red, "end", nil)
	before := player(g, Blue).Influence.Total()
	mustPlay(t, g, Blue, "roll", newScript(t).roll(11).on(StreamInfluence, 0))
	if got := player(g, Blue).Influence.Total() - before; got != 1 {
		t.Errorf("R71: blue drew %d influence in row 11, want 1 from the rebuilt hut", got)
	}
}

func TestRulesWalls(t *testing.T) {
	t.Run("R72 the top tile of one's own stack", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 4; gold blue 4; wall red N:D; wall red N:C")
		atBuild(t, g, 5)
		cubes := player(g, Red).Cubes
		mustPlay(t, g, Red, "wall S:D; end", nil)
		if player(g, Red).Walls != 3 || player(g, Red).Cubes != cubes-1 {
			t.Errorf("red built %d walls with %d cubes left, want tile 3, a tower", player(g, Red).Walls, player(g, Red).Cubes)
		}
		atBuild(t, g, 5)
		mustPlay(t, g, Blue, "wall S:C", newScript(t).on(StreamInfluence, 0))
		for _, w := range g.st.Walls {
			if w.Owner == Blue && w.Tile != 1 {
				t.Errorf("blue's first wall is tile %d, want 1", w.Tile)
			}
		}
	})
	t.Run("R73 next to a gate or any player's tile", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 9")
		atBuild(t, g, 5)
		mustRefuse(t, g, Red, "wall E:4", nil, "R73")
		mustRefuse(t, g, Red, "wall N:C", nil, "R73")
		mustRefuse(t, g, Red, "wall east", nil, "R73") // E:3 and E:11 are both open
		mustEdit(t, g, "wall blue E:3")
		mustRefuse(t, g, Red, "wall E:3", nil, "R73")
		mustPlay(t, g, Red, "wall E:4; wall north", newScript(t).on(StreamInfluence, 0, 0))
		if !slices.ContainsFunc(g.st.Walls, func(w Wall) bool { return w.Owner == Red && w.At.String() == "N:D" }) {
			t.Errorf("wall north did not take N:D, the one open north slot: %v", g.st.Walls)
		}
	})
	t.Run("R73 both directions are open from the start", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 9")
		atBuild(t, g, 5)
		mustPlay(t, g, Red, "wall E:11", newScript(t).on(StreamInfluence, 0))
	})
	for _, tc := range []struct {
		slot string
		gold int
		ok   bool
	}{{"N:D", 2, true}, {"S:D", 2, true}, {"E:3", 4, true}, {"E:11", 3, false}, {"N:D", 1, false}} {
		t.Run(fmt.Sprintf("R74 %s with %d gold", tc.slot, tc.gold), func(t *testing.T) {
			g := setup(t, 2, nil, fmt.Sprintf("gold red %d", tc.gold))
			atBuild(t, g, 5)
			if !tc.ok {
				mustRefuse(t, g, Red, "wall "+tc.slot, nil, "R74")
				return
			}
			mustPlay(t, g, Red, "wall "+tc.slot, newScript(t).on(StreamInfluence, 0))
			if player(g, Red).Gold != 0 {
				t.Errorf("red has %d gold left, want 0", player(g, Red).Gold)
			}
		})
	}
	t.Run("R75 the reward comes at once", func(t *testing.T) {
		// The drawn card pays for phase 3 in the same move.
		g := setup(t, 2, nil, "gold red 2; influence red blue 1")
		atBuild(t, g, 5)
		mustPlay(t, g, Red, "wall N:D; permit 0 A10 pay blue", newScript(t).on(StreamInfluence, 0))
		if _, ok := permitAt(g, "A10"); !ok {
			t.Error("no permit on A10")
		}
	})
	t.Run("R75 a tower takes a cube from supply", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 2; wall red N:D; wall red N:C")
		atBuild(t, g, 5)
		mustPlay(t, g, Red, "wall S:D", nil)
		if onBoard(g, Red) != 1 {
			t.Errorf("red has %d cubes on the board, want the tower's", onBoard(g, Red))
		}
	})
	t.Run("R76 no slot left", func(t *testing.T) {
		g := setup(t, 2, nil, `gold blue 9; wall red N:D; wall red N:C; wall red S:D; wall red S:C; wall red E:3; wall red E:4; wall red E:5; wall red E:6; wall red E:8
			wall blue E:11; wall blue E:10; wall blue E:9; turn blue`)
		atBuild(t, g, 5)
		for _, s := range []string{"north", "south", "east", "E:9", "N:C"} {
			mustRefuse(t, g, Blue, "wall "+s, nil, "")
		}
	})
	t.Run("R76 walls stay", func(t *testing.T) {
		// Nothing a construction does reaches the wall: a church tile and
		// a hall later, every tile is where it was.
		g := setup(t, 2, nil, "gold red 20; wall red N:D; wall blue E:3; permit red 0 A2; permit red 1 A3; permit red 2 A4")
		atBuild(t, g, 5)
		walls := slices.Clone(g.st.Walls)
		mustPlay(t, g, Red, "build hall A2; church "+g.st.Supply.ChurchStack[0].String(), newScript(t).on(StreamChurch, 0, 0))
		if !slices.Equal(g.st.Walls, walls) {
			t.Errorf("walls %v, want %v", g.st.Walls, walls)
		}
	})
}

func TestRulesChurch(t *testing.T) {
	t.Run("R77 seven gold and a cube", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 6")
		atBuild(t, g, 5)
		mustRefuse(t, g, Red, "church NW", nil, "R77")
		mustEdit(t, g, "gold red 7")
		bank := g.st.Supply.Gold
		tile := g.st.Supply.ChurchStack[0]
		mustPlay(t, g, Red, "church "+tile.String(), newScript(t).on(StreamChurch, 0, 0))
		if player(g, Red).Gold != 0 || g.st.Supply.Gold != bank+7 || onBoard(g, Red) != 1 || g.st.Church[0].Owner != Red {
			t.Errorf("red %d gold, bank +%d, %d cubes on the board, church %+v", player(g, Red).Gold, g.st.Supply.Gold-bank, onBoard(g, Red), g.st.Church)
		}
	})
	t.Run("R77 every church tile carries its builder's cube", func(t *testing.T) {
		g := setup(t, 2, nil, "church C red; gold blue 7; turn blue; "+noStarters)
		atBuild(t, g, 5)
		mustPlay(t, g, Blue, "church", newScript(t).on(StreamChurch, 0))
		if onBoard(g, Blue) != 1 {
			t.Errorf("blue has %d cubes on the board after a later church tile, want 1", onBoard(g, Blue))
		}
	})
	// R78: the first tile fixes the church area.
	for _, first := range AllTiles {
		t.Run("R78 first tile "+first.String(), func(t *testing.T) {
			g := setup(t, 4, nil, "gold red 14; "+noStarters+"; remove E5; remove B5; remove D10; remove C10")
			atBuild(t, g, 3)
			i := slices.Index(g.st.Supply.ChurchStack, first)
			j := 0 // the second tile drawn: the first of the rest
			rest := slices.Delete(slices.Clone(g.st.Supply.ChurchStack), i, i+1)
			other := rest[j]
			rng := newScript(t).on(StreamChurch, i, j)
			mustPlay(t, g, Red, "church "+first.String(), rng)
			if g.st.Church[0].At != Foundation || g.st.Supply.ChurchBottom == nil || *g.st.Supply.ChurchBottom != other {
				t.Fatalf("church %+v bottom %v, want %s on C8 and %s at the bottom", g.st.Church, g.st.Supply.ChurchBottom, first, other)
			}
			if s := g.st.Supply.ChurchStack; len(s) != 8 || s[7] != other {
				t.Errorf("stack %v, want 8 tiles with %s last", s, other)
			}
			// Every other tile lands in the area whose top-left corner is
			// column 2-pc0, row index 5-pr0.
			pr0, pc0 := first.cell()
			for _, tile := range AllTiles {
				if tile == first {
					continue
				}
				h := g.Clone()
				mustEdit(t, h, "church "+tile.String()+" blue")
				pr, pc := tile.cell()
				want := Square{Col: 2 - pc0 + pc, Row: 5 - pr0 + pr}
				for _, ct := range h.st.Church {
					if ct.Tile == tile && ct.At != want {
						t.Errorf("tile %s after %s lands on %s, want %s", tile, first, ct.At, want)
					}
				}
				if !inCity(want, 2) {
					t.Errorf("tile %s after %s lies outside a 2-player city", tile, first)
				}
			}
		})
	}
	t.Run("R78 the kept tile is one of the two drawn", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 7")
		atBuild(t, g, 5)
		s := g.st.Supply.ChurchStack
		mustRefuse(t, g, Red, "church", newScript(t).on(StreamChurch, 0, 0), "R78")
		mustRefuse(t, g, Red, "church "+s[5].String(), newScript(t).on(StreamChurch, 0, 0), "R78")
		mustPlay(t, g, Red, "church "+s[1].String(), newScript(t).on(StreamChurch, 0, 0))
		if b := g.st.Supply.ChurchBottom; b == nil || *b != s[0] {
			t.Errorf("bottom %v, want %s", b, s[0])
		}
	})
	t.Run("R79 later tiles are drawn, not chosen", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 14; "+noStarters)
		atBuild(t, g, 5)
		s := g.st.Supply.ChurchStack
		mustPlay(t, g, Red, "church "+s[0].String(), newScript(t).on(StreamChurch, 0, 0))
		mustRefuse(t, g, Red, "church "+g.st.Supply.ChurchStack[0].String(), nil, "R79")
		rng := newScript(t).on(StreamChurch, 6)
		mustPlay(t, g, Red, "church", rng)
		if !slices.Equal(rng.asked[StreamChurch], []int{7}) {
			t.Errorf("the second tile was drawn from %v, want 7 (the bottom tile is not among them)", rng.asked[StreamChurch])
		}
	})
	t.Run("R80 church squares take nothing", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 9; church C blue; church N blue; influence red blue 4; influence red green 1; influence red yellow 1; permit red 0 D6; permit red 1 D5; "+noStarters)
		atBuild(t, g, 5)
		mustRefuse(t, g, Red, "build tavern C5", nil, "R80")
		mustRefuse(t, g, Red, "build workshop C5", nil, "R80")
		mustRefuse(t, g, Red, "permit 2 C6 pay blue", nil, "R80")
		mustRefuse(t, g, Red, "move-permit D6 C6 pay blue", nil, "R80")
		mustRefuse(t, g, Red, "place-permit 2 C8", nil, "R80")
	})
	t.Run("R81 the whole building goes, with its cubes and points", func(t *testing.T) {
		// First tile SE: the area is A5-C8; NW lands on A5, N on B5.
		g := setup(t, 2, nil, "church SE red; gold red 14; place hall A4 blue; trade blue 3; "+noStarters)
		atBuild(t, g, 5)
		halls, cubes := g.st.Supply.Neutral.Hall, player(g, Blue).Cubes
		mustPlay(t, g, Red, "church", newScript(t).on(StreamChurch, slices.Index(g.st.Supply.ChurchStack, TileNW)))
		if _, ok := buildingAt(g, "B4"); ok || g.st.Supply.Neutral.Hall != halls+1 || player(g, Blue).Cubes != cubes+3 || player(g, Blue).Trade != 0 {
			t.Errorf("hall stack %d, blue cubes %d trade %d; want %d, %d, 0", g.st.Supply.Neutral.Hall, player(g, Blue).Cubes, player(g, Blue).Trade, halls+1, cubes+3)
		}
	})
	t.Run("R81 a permit goes back without compensation", func(t *testing.T) {
		g := setup(t, 2, nil, "church SE red; gold red 7; permit blue 4 B5; "+noStarters)
		atBuild(t, g, 5)
		gold := player(g, Blue).Gold
		mustPlay(t, g, Red, "church", newScript(t).on(StreamChurch, slices.Index(g.st.Supply.ChurchStack, TileN)))
		if _, ok := permitAt(g, "B5"); ok || !slices.Contains(player(g, Blue).Permits, 4) || player(g, Blue).Gold != gold || player(g, Red).Gold != 0 {
			t.Errorf("blue's permit 4: on B5 = %v, in supply %v; blue gold %d (was %d)", ok, player(g, Blue).Permits, player(g, Blue).Gold, gold)
		}
	})
	t.Run("R82 the rest of the church area is ordinary ground", func(t *testing.T) {
		g := setup(t, 2, nil, "church SE red; gold red 6; permit red 0 B6; "+noStarters)
		atBuild(t, g, 6)
		mustPlay(t, g, Red, "build well B6; permit 1 A6", nil)
	})
	t.Run("R83 the bottom tile comes last, then the stack is empty", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 21; gold blue 9; "+noStarters)
		atBuild(t, g, 5)
		s := g.st.Supply.ChurchStack
		mustPlay(t, g, Red, "church "+s[0].String(), newScript(t).on(StreamChurch, 0, 0))
		bottom := *g.st.Supply.ChurchBottom
		for _, tile := range g.st.Supply.ChurchStack[:6] {
			mustEdit(t, g, "church "+tile.String()+" blue")
		}
		last := g.st.Supply.ChurchStack[0]
		if len(g.st.Supply.ChurchStack) != 2 || last == bottom {
			t.Fatalf("stack %v, want one tile and the bottom %s", g.st.Supply.ChurchStack, bottom)
		}
		rng := newScript(t).on(StreamChurch, 0)
		mustPlay(t, g, Red, "church", rng)
		if !slices.Equal(rng.asked[StreamChurch], []int{1}) || !slices.ContainsFunc(g.st.Church, func(c ChurchTile) bool { return c.Tile == last }) {
			t.Errorf("draw from %v, church %v; want %s drawn before the bottom tile", rng.asked[StreamChurch], g.st.Church, last)
		}
		mustPlay(t, g, Red, "end", nil)
		g.st.Current = Red
		atBuild(t, g, 5)
		mustPlay(t, g, Red, "church", newScript(t).on(StreamChurch, 0))
		if len(g.st.Supply.ChurchStack) != 0 || g.st.Supply.ChurchBottom != nil {
			t.Errorf("stack %v bottom %v after the ninth tile, want both empty", g.st.Supply.ChurchStack, g.st.Supply.ChurchBottom)
		}
		mustEdit(t, g, "gold red 7")
		mustRefuse(t, g, Red, "church", nil, "R83")
	})
}
