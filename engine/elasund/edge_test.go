package elasund

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The derived edge cases D1..D22 of the Elasund rules contract that
// docs/elasund/rules.md was written from, played through the public action
// path like the worked examples (examples_test.go).

// shipRow returns the ship's row name, or 0 before the first roll.
func shipRow(g *Game) int {
	r, ok := g.View().ShipRow()
	if !ok {
		return 0
	}
	return Rows[r]
}

func TestD01To03TwoRowMoves(t *testing.T) {
	for _, c := range []struct {
		name      string
		options   map[string]string
		from      int
		d1, d2    int
		choose    string // "" when the move is forced
		to        int
		influence int // influence cards produced in the new row
	}{
		// Row 4: red's hut D4 and blue's hut C4.
		{name: "D1 ship at 2, roll 2: forced to 4", from: 2, d1: 1, d2: 1, to: 4, influence: 2},
		// Row 10: green's hut D10 and yellow's hut C10.
		{name: "D2 ship at 12, roll 12: forced to 10", from: 12, d1: 6, d2: 6, to: 10, influence: 2},
		// Rows 5 and 6 hold only cottages (gold).
		{name: "D3 ship at 8, roll 8, north: row 5", from: 8, d1: 4, d2: 4, choose: "ship north", to: 5},
		{name: "D3 ship at 8, roll 8, south: row 10", from: 8, d1: 4, d2: 4, choose: "ship south", to: 10, influence: 2},
		{name: "D3 variant two_row_step numeric: row 6", options: map[string]string{"two_row_step": "numeric"},
			from: 8, d1: 4, d2: 4, choose: "ship north", to: 6},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t, 4, c.options)
			mustEdit(t, g, fmt.Sprintf("ship %d", c.from))
			rng := newExRand(t).dice(c.d1, c.d2).with(StreamInfluence, zeros(c.influence)...)
			exApply(t, g, Red, "roll", rng)
			if c.choose == "" {
				exEq(t, "phase", g.View().Phase, PhaseBuild)
				exRefuse(t, g, Red, "ship south", newExRand(t), "R28")
				exRefuse(t, g, Red, "ship north", newExRand(t), "R28")
			} else {
				exEq(t, "phase", g.View().Phase, PhaseShip)
				exEq(t, "Legal", exLegalStrings(g, Red, nil, nil), []string{"ship north", "ship south"})
				exApply(t, g, Red, c.choose, rng)
			}
			rng.done()
			exEq(t, "ship row", shipRow(g), c.to)
			exEq(t, "phase", g.View().Phase, PhaseBuild)
		})
	}
}

func TestD04PirateOnTheFirstRoll(t *testing.T) {
	g := newTestGame(t, 4, nil)
	exEq(t, "ship before the first roll", shipRow(g), 0)
	// The first roll also deals the four starting cards (R20).
	rng := newExRand(t).dice(3, 4).with(StreamInfluence, zeros(4)...)
	exApply(t, g, Red, "roll", rng)
	rng.done()
	var want []string
	for _, r := range Rows {
		want = append(want, fmt.Sprintf("pirate %d", r))
	}
	exEq(t, "Legal", exLegalStrings(g, Red, nil, nil), want)
	for _, r := range Rows {
		h := g.Clone()
		exApply(t, h, Red, fmt.Sprintf("pirate %d", r), newExRand(t)) // no cubes anywhere: nothing to discard
		exEq(t, fmt.Sprintf("pirate %d: ship row", r), shipRow(h), r)
		exEq(t, fmt.Sprintf("pirate %d: phase", r), h.View().Phase, PhaseBuild)
	}
}

func TestD05PirateMustLeaveItsRow(t *testing.T) {
	g := newTestGame(t, 4, nil)
	mustEdit(t, g, "ship 5")
	exRefuse(t, g, Red, "pirate 5", newExRand(t).dice(3, 4), "R40")
	exApply(t, g, Red, "roll", newExRand(t).dice(3, 4))
	exRefuse(t, g, Red, "pirate 5", newExRand(t), "R40")
	var want []string
	for _, r := range Rows {
		if r != 5 {
			want = append(want, fmt.Sprintf("pirate %d", r))
		}
	}
	exEq(t, "Legal", exLegalStrings(g, Red, nil, nil), want)
	for _, r := range Rows {
		if r == 5 {
			continue
		}
		h := g.Clone()
		exApply(t, h, Red, fmt.Sprintf("pirate %d", r), newExRand(t))
		exEq(t, fmt.Sprintf("pirate %d: ship row", r), shipRow(h), r)
	}
}

// d6Fixture is D6 with 9 influence cards (3 per colour), all out of the
// deck: red holds 2 blue + 2 green, blue, green and yellow one card each,
// and the discard pile 1 green + 1 yellow. Row 4 produces 3 influence:
// red's hut D4, blue's hut C4 and green's house A4-B4.
func d6Fixture(t *testing.T, mode string) *Game {
	g := newTestGame(t, 4, map[string]string{"card_counts": "51/9", "shortage_mode": mode})
	mustEdit(t, g, "influence red blue 2; influence red green 2; influence blue yellow 1; influence green blue 1; "+
		"influence yellow yellow 1; place house A4 green; ship 12")
	sup := &g.st.Supply
	sup.InfluenceDiscard, sup.InfluenceDeck = sup.InfluenceDeck, Influence{}
	if err := g.Check(); err != nil {
		t.Fatal(err)
	}
	exEq(t, "discard pile", g.View().Supply.InfluenceDiscard, Influence{Green: 1, Yellow: 1})
	return g
}

func TestD06InfluenceShortage(t *testing.T) {
	for _, c := range []struct {
		mode string
		paid bool
	}{{"redistribute", true}, {"skip", false}} {
		t.Run("D6 shortage_mode "+c.mode, func(t *testing.T) {
			g := d6Fixture(t, c.mode)
			ev := exApply(t, g, Red, "roll", newExRand(t).dice(1, 3))
			st := g.View()
			exEq(t, "pending", st.Pending, []Pending{{Seat: Red, Kind: PendingDiscard, Count: 2, Cards: "influence"}})
			exEq(t, "waiting_for", st.WaitingFor, []Colour{Red})
			exEvent(t, ev, "influence shortage")
			exRefuse(t, g, Red, "discard blue", newExRand(t), "R35")
			exRefuse(t, g, Blue, "discard yellow", newExRand(t), "R105")
			exRefuse(t, g, Red, "discard gold gold", newExRand(t), "R35")

			// The new deck is 2 + 2 cards: blue, green, green, yellow.
			draws := 0
			if c.paid {
				draws = 3
			}
			rng := newExRand(t).with(StreamInfluence, zeros(draws)...)
			ev = exApply(t, g, Red, "discard blue green", rng)
			rng.done()
			st = g.View()
			exEq(t, "discard pile", st.Supply.InfluenceDiscard, Influence{})
			exEq(t, "phase", st.Phase, PhaseBuild)
			exEq(t, "waiting_for", st.WaitingFor, []Colour{Red})
			exEvent(t, ev, "reshuffled into a deck of 4")
			if c.paid {
				// Dealt from the active player: red blue, blue green, green green.
				exEq(t, "red", st.Players[Red].Influence, Influence{Blue: 2, Green: 1})
				exEq(t, "blue", st.Players[Blue].Influence, Influence{Green: 1, Yellow: 1})
				exEq(t, "green", st.Players[Green].Influence, Influence{Blue: 1, Green: 1})
				exEq(t, "deck", st.Supply.InfluenceDeck, Influence{Yellow: 1})
			} else {
				exEq(t, "red", st.Players[Red].Influence, Influence{Blue: 1, Green: 1})
				exEq(t, "blue", st.Players[Blue].Influence, Influence{Yellow: 1})
				exEq(t, "green", st.Players[Green].Influence, Influence{Blue: 1})
				exEq(t, "deck", st.Supply.InfluenceDeck, Influence{Blue: 1, Green: 2, Yellow: 1})
				exEvent(t, ev, "no influence is paid this turn")
			}
			exEq(t, "yellow", st.Players[Yellow].Influence, Influence{Yellow: 1})
		})
	}
}

func TestD07GoldShortage(t *testing.T) {
	for _, c := range []struct {
		mode                 string
		red, blue, bank, inf int
	}{
		{"redistribute", 4, 3, 2, 1},
		{"skip", 3, 2, 4, 1},
	} {
		t.Run("D7 shortage_mode "+c.mode, func(t *testing.T) {
			// 9 gold cards: red 5, blue 3, the bank 1. Row 8 pays 2 gold
			// (both cottages) and 1 influence (red's hut moved to D8).
			g := newTestGame(t, 2, map[string]string{"card_counts": "9/39", "shortage_mode": c.mode})
			mustEdit(t, g, "gold red 5; gold blue 3; remove D4; place hut D8 red; ship 12")
			exEq(t, "bank", g.View().Supply.Gold, 1)
			rng := newExRand(t).dice(4, 4).with(StreamInfluence, 0)
			ev := exApply(t, g, Red, "roll", rng)
			rng.done()
			st := g.View()
			exEq(t, "red gold", st.Players[Red].Gold, c.red)
			exEq(t, "blue gold", st.Players[Blue].Gold, c.blue)
			exEq(t, "bank", st.Supply.Gold, c.bank)
			exEq(t, "red influence", st.Players[Red].Influence.Total(), c.inf)
			exEq(t, "phase", st.Phase, PhaseBuild)
			exEvent(t, ev, "red discards 2 gold")
			exEvent(t, ev, "blue discards 1 gold")
		})
	}
}

func TestD08ThreeSameSizeBuildings(t *testing.T) {
	// The tavern on D4 would touch the taverns on C3 (D4), E3 (E4) and
	// C5 (D5). A tavern touching three same-size buildings has one square
	// left for permits, so R52 fails as well; R51 is checked first.
	fixture := func(t *testing.T, options map[string]string) *Game {
		g := newTestGame(t, 4, options)
		mustEdit(t, g, "remove C4; remove D4; remove E5; place tavern C3 blue; place tavern E3 green; "+
			"place tavern C5 yellow; permit red 2 E5; gold red 3; influence red blue 3")
		exPhase(t, g, Red, PhaseBuild)
		return g
	}
	exRefuse(t, fixture(t, nil), Red, "build tavern D4 over blue", newExRand(t), "R51")
	t.Run("D8 control: same_size_cap unlimited", func(t *testing.T) {
		exRefuse(t, fixture(t, map[string]string{"same_size_cap": "unlimited"}), Red, "build tavern D4 over blue", newExRand(t), "R52")
	})
}

func TestD09TavernOverTavernAndShop(t *testing.T) {
	g := newTestGame(t, 4, nil)
	mustEdit(t, g, "remove C4; remove D4; remove E5; place tavern D3 blue; place shop D5 green; "+
		"permit red 1 C4; permit red 0 C5; gold red 3; influence red yellow 3")
	exPhase(t, g, Red, PhaseBuild)
	bank := g.View().Supply.Gold
	exApply(t, g, Red, "build tavern C4 over red", newExRand(t)) // "red" is the third card colour
	st := g.View()
	exWantBuilding(t, g, "C4", Tavern, Red)
	exNoBuilding(t, g, "E3")
	exNoBuilding(t, g, "E6")
	exEq(t, "red gold", st.Players[Red].Gold, 0)
	exEq(t, "bank", st.Supply.Gold, bank+3)
	exEq(t, "red influence", st.Players[Red].Influence, Influence{})
	exEq(t, "discard pile", st.Supply.InfluenceDiscard, Influence{Yellow: 3})
	exEq(t, "tavern stack", st.Supply.Neutral.Tavern, 4)
	exEq(t, "shop stack", st.Supply.Neutral.Shop, 5)
	exEq(t, "blue cubes in supply", st.Players[Blue].Cubes, 10)
	exEq(t, "green cubes in supply", st.Players[Green].Cubes, 10)
	exEq(t, "red cubes in supply", st.Players[Red].Cubes, 9)
}

// rebuildTargets lists the anchors of seat's legal rebuilds of k, and
// whether "rebuild k none" is offered.
func rebuildTargets(t *testing.T, g *Game, seat Colour, k Kind) (spots []Square, none bool) {
	for _, a := range g.Legal(seat, nil) {
		if a.Kind != ActRebuild || a.Building != k {
			t.Errorf("Legal(%s) offers %q while a %s rebuild is owed", seat, a, k)
			continue
		}
		if a.None {
			none = true
			continue
		}
		spots = append(spots, a.At)
	}
	return spots, none
}

func TestD10RebuildOrderAndPlaces(t *testing.T) {
	g := newTestGame(t, 4, nil)
	// The tavern on D4 covers red's hut (D4) and the top of blue's cottage
	// (moved to E5-E6); red's own permit on B3 and green's on G3 are
	// squares no starter may take.
	mustEdit(t, g, "remove E5; remove B8; place cottage E5 blue; permit red 1 E4; permit red 0 D5; "+
		"permit red 2 B3; permit green 0 G3; gold red 3")
	exPhase(t, g, Red, PhaseBuild)
	exApply(t, g, Red, "build tavern D4", newExRand(t))
	st := g.View()
	d4, e5 := exSq(t, "D4"), exSq(t, "E5")
	exEq(t, "pending", st.Pending, []Pending{
		{Seat: Red, Kind: PendingRebuild, Building: Hut, At: &d4},
		{Seat: Blue, Kind: PendingRebuild, Building: Cottage, At: &e5},
	})
	exEq(t, "waiting_for", st.WaitingFor, []Colour{Red})
	exRefuse(t, g, Blue, "rebuild cottage G8", newExRand(t), "R105")

	forbidden := func(s Square, k Kind) bool {
		sp := k.Spec()
		sq, ok := footprint(s, sp.W, sp.H)
		if !ok {
			return true
		}
		ix := g.index()
		for _, x := range sq {
			if x.Col == 0 || tradeValue(x, 4) > 0 || !g.empty(ix, x) {
				return true
			}
		}
		return false
	}
	spots, none := rebuildTargets(t, g, Red, Hut)
	exEq(t, "red may decline", none, true)
	for _, s := range spots {
		if forbidden(s, Hut) {
			t.Errorf("red may rebuild the hut on %s", s)
		}
	}
	for _, s := range []string{"A2", "F2", "H12", "B3", "G3", "C8", "E4"} {
		if slices.Contains(spots, exSq(t, s)) {
			t.Errorf("red may rebuild the hut on %s", s)
		}
		exRefuse(t, g, Red, "rebuild hut "+s, newExRand(t), "R68")
	}
	exApply(t, g, Red, "rebuild hut B2", newExRand(t))
	exWantBuilding(t, g, "B2", Hut, Red)
	exEq(t, "waiting_for", g.View().WaitingFor, []Colour{Blue})

	spots, none = rebuildTargets(t, g, Blue, Cottage)
	exEq(t, "blue may decline", none, true)
	for _, s := range spots {
		if forbidden(s, Cottage) {
			t.Errorf("blue may rebuild the cottage on %s", s)
		}
	}
	// B2 is red's now; F11-F12 and H11-H12 reach a trade field; G2-G3 a
	// permit; A9 the harbour.
	for _, s := range []string{"B2", "F11", "H11", "G2", "A9"} {
		exRefuse(t, g, Blue, "rebuild cottage "+s, newExRand(t), "R68")
	}
	exApply(t, g, Blue, "rebuild cottage G11", newExRand(t))
	st = g.View()
	exWantBuilding(t, g, "G11", Cottage, Blue)
	exEq(t, "phase", st.Phase, PhaseBuild)
	exEq(t, "waiting_for", st.WaitingFor, []Colour{Red})
	exEq(t, "builds done", st.BuildsDone, 1)
}

func TestD11ChurchTileOnAStarter(t *testing.T) {
	// With C on the foundation the church area is B6-D9; NW lands on B6,
	// the foot of yellow's cottage B5-B6. The stack is NW N NE W E SW S SE.
	fixture := func(t *testing.T, options map[string]string) *Game {
		g := newTestGame(t, 4, options)
		mustEdit(t, g, "church C green; gold red 7")
		exPhase(t, g, Red, PhaseBuild)
		return g
	}
	g := fixture(t, nil)
	ev := exApply(t, g, Red, "church", newExRand(t).with(StreamChurch, 0))
	st := g.View()
	if !slices.Contains(st.Church, ChurchTile{Tile: TileNW, Owner: Red, At: exSq(t, "B6")}) {
		t.Errorf("church = %+v, want red's NW on B6", st.Church)
	}
	exNoBuilding(t, g, "B5")
	b5 := exSq(t, "B5")
	exEq(t, "pending", st.Pending, []Pending{{Seat: Yellow, Kind: PendingRebuild, Building: Cottage, At: &b5}})
	exEq(t, "waiting_for", st.WaitingFor, []Colour{Yellow})
	exEvent(t, ev, "yellow's cottage on B5 is removed")
	exApply(t, g, Yellow, "rebuild cottage G2", newExRand(t))
	exWantBuilding(t, g, "G2", Cottage, Yellow)
	exEq(t, "waiting_for", g.View().WaitingFor, []Colour{Red})

	t.Run("D11 variant hut_trigger bigger_building_only", func(t *testing.T) {
		g := fixture(t, map[string]string{"hut_trigger": "bigger_building_only"})
		ev := exApply(t, g, Red, "church", newExRand(t).with(StreamChurch, 0))
		exEq(t, "pending", g.View().Pending, []Pending{})
		exEvent(t, ev, "yellow's cottage leaves the game")
	})
}

func TestD12NoRoomForAStarter(t *testing.T) {
	// Two players (columns A-E). Rows 3, 5, 10 and 12 are full in columns
	// B-E, and row 8 is once red's tavern covers B8-B9: every vertical
	// pair of squares outside the harbour holds something, so blue's
	// cottage has nowhere to go.
	g := newTestGame(t, 2, nil)
	mustEdit(t, g, "place stall B3 red; place stall D3 red; place stall B5 blue; place stall D5 blue; "+
		"place well D8 red; place well B12 red; place well C12 blue; place well D12 blue; "+
		"place house B10 red; place house D10 blue; permit blue 0 E12; permit red 1 A8; permit red 0 A9; gold red 3")
	exPhase(t, g, Red, PhaseBuild)
	ev := exApply(t, g, Red, "build tavern A8", newExRand(t))
	st := g.View()
	exEvent(t, ev, "blue's cottage leaves the game")
	exEq(t, "pending", st.Pending, []Pending{})
	exEq(t, "phase", st.Phase, PhaseBuild)
	exEq(t, "waiting_for", st.WaitingFor, []Colour{Red})
	for _, b := range st.Buildings {
		if b.Owner == Blue && b.Kind == Cottage {
			t.Errorf("blue's cottage is on %s, want it out of the game", b.At)
		}
	}
	exEq(t, "blue buildings in supply", st.Players[Blue].Buildings, []Kind{Workshop}) // the house is on D10
	exRefuse(t, g, Red, "rebuild cottage E2", newExRand(t), "R105")
	// For good: later turns offer blue no rebuild either.
	exApply(t, g, Red, "end", newExRand(t))
	exEq(t, "blue's options", slices.ContainsFunc(g.Legal(Blue, nil), func(a Action) bool { return a.Kind == ActRebuild }), false)
}

// d13Fixture fills rows 3, 4 and 5 of a two-player city, with the ship in
// row 4; keepC3 leaves C3 empty (D14).
func d13Fixture(t *testing.T, keepC3 bool) *Game {
	g := newTestGame(t, 2, nil)
	edits := "remove D4; place tavern A3 red; place tavern D3 blue; " +
		"place stall A5 red; place stall C5 blue; place well E5 red; ship 4; gold red 3; influence red blue 2"
	if !keepC3 {
		edits += "; place hut C3 red"
	}
	mustEdit(t, g, edits)
	exPhase(t, g, Red, PhasePermit)
	return g
}

func TestD13ShipRowAndNeighboursFull(t *testing.T) {
	g := d13Fixture(t, false)
	var plain, paid int
	for _, a := range g.Legal(Red, nil) {
		if a.Kind != ActPermit {
			continue
		}
		if a.Colour == NoCard {
			plain++
		} else {
			paid++
		}
	}
	exEq(t, "permits without influence", plain, 0)
	if paid == 0 {
		t.Errorf("Legal offers no permit paid with influence")
	}
	legal := exLegalStrings(g, Red, nil, func(a Action) bool { return a.Kind == ActGold || a.Kind == ActEnd })
	exEq(t, "gold and end", legal, []string{"gold", "end"})
	exRefuse(t, g, Red, "permit 0 A2", newExRand(t), "R85")
	exRefuse(t, g, Red, "permit 0 A6", newExRand(t), "R85")
	for _, move := range []string{"permit 0 A2 pay blue", "gold", "end"} {
		exApply(t, g.Clone(), Red, move, newExRand(t))
	}
}

func TestD14RowAboveHasRoom(t *testing.T) {
	g := d13Fixture(t, true)
	exEq(t, "Legal permit 2 without influence",
		exLegalStrings(g, Red, nil, func(a Action) bool { return a.Kind == ActPermit && a.Value == 2 && a.Colour == NoCard }),
		[]string{"permit 2 C3"})
	exRefuse(t, g, Red, "permit 2 A2", newExRand(t), "R85")
	exRefuse(t, g, Red, "permit 2 A6", newExRand(t), "R85")
	exApply(t, g, Red, "permit 2 C3", newExRand(t))
	st := g.View()
	exEq(t, "red gold", st.Players[Red].Gold, 1)
	exEq(t, "red influence", st.Players[Red].Influence, Influence{Blue: 2})
}

func TestD15TradeCappedAt11(t *testing.T) {
	for _, c := range []struct {
		name   string
		extra  string
		flag11 []Colour
		cubes  int
	}{
		{"D15 flag on 11 free", "", []Colour{Red}, 5},
		{"D15 flag on 11 held by blue", "trade blue 11; ", []Colour{Blue}, 6},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t, 4, nil)
			mustEdit(t, g, c.extra+"trade red 10; permit red 0 A2; gold red 2")
			exPhase(t, g, Red, PhaseBuild)
			exApply(t, g, Red, "build workshop A2", newExRand(t)) // A2 + A3: 2 points
			st := g.View()
			exEq(t, "red trade", st.Players[Red].Trade, 11)
			exEq(t, "flags on 11", st.TradeFlags[4], c.flag11)
			exEq(t, "red cubes in supply", st.Players[Red].Cubes, c.cubes)
		})
	}
}

func TestD16TradeLossReturnsTheCube(t *testing.T) {
	g := newTestGame(t, 4, nil)
	mustEdit(t, g, "trade red 11; place house A2 red; permit blue 1 A3; permit blue 0 B3; gold blue 3")
	exPhase(t, g, Blue, PhaseBuild)
	ev := exApply(t, g, Blue, "build tavern A2", newExRand(t))
	st := g.View()
	exEq(t, "red trade", st.Players[Red].Trade, 10)
	exEq(t, "trade flags", st.TradeFlags, TradeFlags{{Red}, {Red}, {Red}, {Red}, {}})
	exEq(t, "red cubes in supply", st.Players[Red].Cubes, 6)
	exEq(t, "blue trade", st.Players[Blue].Trade, 2)
	exEvent(t, ev, "red takes back the cube on trade space 11")
}

func TestD17NoRetroactiveFlag(t *testing.T) {
	g := newTestGame(t, 4, nil)
	mustEdit(t, g, "trade red 5; trade green 5; trade yellow 5; trade blue 4; permit blue 0 A2; gold blue 2")
	exPhase(t, g, Blue, PhaseBuild)
	exApply(t, g, Blue, "build workshop A2", newExRand(t)) // 4 → 6
	st := g.View()
	exEq(t, "blue trade", st.Players[Blue].Trade, 6)
	exEq(t, "flags on 5", st.TradeFlags[1], []Colour{Red, Green, Yellow})
	exEq(t, "blue cubes in supply", st.Players[Blue].Cubes, 9) // the one on space 3

	mustEdit(t, g, "trade red 4") // a flag on 5 frees up
	exEq(t, "flags on 5 after red drops", g.View().TradeFlags[1], []Colour{Green, Yellow})

	// Green builds over blue's workshop: blue drops to 4.
	mustEdit(t, g, "permit green 0 B2; permit green 1 B3; gold green 3")
	exPhase(t, g, Green, PhaseBuild)
	exApply(t, g, Green, "build tavern A2", newExRand(t))
	st = g.View()
	exEq(t, "blue trade", st.Players[Blue].Trade, 4)
	exEq(t, "flags on 5", st.TradeFlags[1], []Colour{Green, Yellow})

	// Blue comes back past 5 and claims the free flag.
	mustEdit(t, g, "permit blue 1 A4; gold blue 2")
	exPhase(t, g, Blue, PhaseBuild)
	exApply(t, g, Blue, "build workshop A4", newExRand(t)) // 4 → 6
	st = g.View()
	exEq(t, "blue trade", st.Players[Blue].Trade, 6)
	exEq(t, "flags on 5", st.TradeFlags[1], []Colour{Green, Yellow, Blue})
}

func TestD18WinOnTheTenthCube(t *testing.T) {
	g := newTestGame(t, 4, nil)
	// Nine red cubes on the board: five on the track, four on buildings.
	mustEdit(t, g, "trade red 11; place tavern D2 red; place tavern F2 red; place well H2 red; place stall A10 red; "+
		"permit red 0 G8; permit red 1 G9; permit red 2 G10; gold red 5")
	exEq(t, "red cubes in supply", g.View().Players[Red].Cubes, 1)
	exPhase(t, g, Red, PhaseBuild)
	exRefuse(t, g, Red, "build hall G8; gold", newExRand(t), "R93")
	ev := exApply(t, g, Red, "build hall G8", newExRand(t))
	st := g.View()
	exEvent(t, ev, "red wins")
	exEq(t, "phase", st.Phase, PhaseOver)
	if st.Winner == nil || *st.Winner != Red {
		t.Errorf("winner = %v, want red", st.Winner)
	}
	exEq(t, "red cubes in supply", st.Players[Red].Cubes, 0)
	b, _ := exBuilding(t, g, "G8")
	exEq(t, "cubes on the hall", b.cubes(), 1)
	exEq(t, "waiting_for", st.WaitingFor, []Colour{})
	for _, move := range []string{"gold", "end", "permit 3 A2"} {
		exRefuse(t, g, Red, move, newExRand(t), "R93")
	}

	// With win_check end_of_turn (V18) red plays on with an empty supply:
	// a tower or church tile built then carries no cube (R97), and red
	// still has exactly 10 cubes on the board when the turn ends.
	for _, c := range []struct{ name, second string }{
		{"D18 variant end_of_turn: a tower with no cube", "wall N:F"},
		{"D18 variant end_of_turn: a church tile with no cube", "church"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t, 4, map[string]string{"win_check": "end_of_turn"})
			mustEdit(t, g, "trade red 11; place tavern D2 red; place tavern F2 red; place well H2 red; place stall A10 red; "+
				"wall red N:H; wall red N:G; church C green; permit red 0 G8; permit red 1 G9; permit red 2 G10; gold red 20")
			exPhase(t, g, Red, PhaseBuild)
			rng := newExRand(t).with(StreamChurch, 1) // N, on the empty C6
			ev := exApply(t, g, Red, "build hall G8; "+c.second, rng)
			st := g.View()
			exEq(t, "phase", st.Phase, PhasePermit)
			exEq(t, "red cubes in supply", st.Players[Red].Cubes, 0)
			exEq(t, "red towers", g.towers(Red), 0)
			for _, e := range ev {
				if strings.Contains(e, "cube on the tower") {
					t.Errorf("event %q: red has no cube left", e)
				}
			}
			if c.second == "church" {
				if !slices.Contains(st.Church, ChurchTile{Tile: TileN, Owner: Red, At: exSq(t, "C6"), NoCube: true}) {
					t.Errorf("church = %+v, want red's N on C6 with no cube", st.Church)
				}
				exEq(t, "red cubes in row 6", g.cubesInRow(Red, 4), 0)
			} else {
				exEq(t, "red's tower", st.Walls[0], Wall{Owner: Red, Tile: 3, At: WallSpace{Side: North, Index: 5}, NoCube: true})
			}
			ev = exApply(t, g, Red, "end", newExRand(t))
			exEvent(t, ev, "red wins")
		})
	}
}

func TestD19OwnTavernOverOwnTavern(t *testing.T) {
	g := newTestGame(t, 4, nil)
	mustEdit(t, g, "remove D4; trade red 11; place tavern D2 red; place well A2 red; place well A3 red; place well A4 red; "+
		"permit red 0 D4; permit red 1 E4; gold red 3; influence red blue 3")
	exEq(t, "red cubes in supply", g.View().Players[Red].Cubes, 1)
	exPhase(t, g, Red, PhaseBuild)
	ev := exApply(t, g, Red, "build tavern D3 over blue", newExRand(t))
	st := g.View()
	exEq(t, "red cubes in supply", st.Players[Red].Cubes, 1)
	exEq(t, "winner", st.Winner, (*Colour)(nil))
	exEq(t, "phase", st.Phase, PhaseBuild)
	exWantBuilding(t, g, "D3", Tavern, Red)
	exNoBuilding(t, g, "D2")
	for _, e := range ev {
		if strings.Contains(e, "wins") {
			t.Errorf("event %q: red must not win", e)
		}
	}
}

func TestD20UpgradePermit(t *testing.T) {
	g := newTestGame(t, 4, nil)
	mustEdit(t, g, "permit red 1 D3; gold red 2; influence red blue 2")
	exPhase(t, g, Red, PhaseSpecial)
	bank := g.View().Supply.Gold
	exRefuse(t, g, Red, "upgrade-permit D3 1 pay blue", newExRand(t), "R89")
	exRefuse(t, g, Red, "upgrade-permit D3 4 pay blue", newExRand(t), "R89") // 3 gold needed
	exApply(t, g, Red, "upgrade-permit D3 3 pay blue", newExRand(t))
	st := g.View()
	if p, ok := exPermitOn(t, g, "D3"); !ok || p.Owner != Red || p.Value != 3 {
		t.Errorf("permit on D3 = %+v, %v; want red's 3", p, ok)
	}
	exEq(t, "red permits", st.Players[Red].Permits, []int{0, 1, 2, 4})
	exEq(t, "red gold", st.Players[Red].Gold, 0)
	exEq(t, "bank", st.Supply.Gold, bank+2)
	exEq(t, "red influence", st.Players[Red].Influence, Influence{})
	exEq(t, "discard pile", st.Supply.InfluenceDiscard, Influence{Blue: 2})
	exEq(t, "turn passes", [2]any{st.Current, st.Phase}, [2]any{Blue, PhaseRoll})

	t.Run("D20 3 to 2 is not an upgrade", func(t *testing.T) {
		g := newTestGame(t, 4, nil)
		mustEdit(t, g, "permit red 3 D3; gold red 2; influence red blue 2")
		exPhase(t, g, Red, PhaseSpecial)
		exRefuse(t, g, Red, "upgrade-permit D3 2 pay blue", newExRand(t), "R89")
	})
}

func TestD21ThreeDifferentInfluence(t *testing.T) {
	g := newTestGame(t, 4, nil)
	mustEdit(t, g, "influence red red 2; influence red green 1")
	exPhase(t, g, Red, PhaseSpecial)
	exRefuse(t, g, Red, "place-permit 0 D3", newExRand(t), "R39")
	exRefuse(t, g, Red, "buy-gold", newExRand(t), "R39")
	exEq(t, "Legal specials", exLegalStrings(g, Red, nil, func(a Action) bool {
		return a.Kind == ActPlacePermit || a.Kind == ActBuyGold
	}), []string(nil))

	t.Run("D21 control: one of each colour", func(t *testing.T) {
		mustEdit(t, g, "influence red red 1; influence red blue 1")
		exApply(t, g, Red, "place-permit 0 D3", newExRand(t))
		exEq(t, "discard pile", g.View().Supply.InfluenceDiscard, Influence{Blue: 1, Green: 1, Yellow: 1})
	})
}

func TestD22ThirdConstruction(t *testing.T) {
	g := newTestGame(t, 4, nil)
	// With C on the foundation, the stack is NW N NE W E SW S SE: index 1
	// is N, which goes on the empty C6.
	mustEdit(t, g, "church C green; gold red 20")
	exPhase(t, g, Red, PhaseBuild)
	exRefuse(t, g, Red, "wall N:H; church; wall N:G",
		newExRand(t).with(StreamInfluence, 0).with(StreamChurch, 1), "R46")
	rng := newExRand(t).with(StreamInfluence, 0).with(StreamChurch, 1)
	exApply(t, g, Red, "wall N:H; church", rng)
	rng.done()
	st := g.View()
	exEq(t, "builds done", st.BuildsDone, 2)
	exEq(t, "red gold", st.Players[Red].Gold, 20-2-7)
	exEq(t, "red cubes in supply", st.Players[Red].Cubes, 9)
	for _, move := range []string{"wall N:G", "church", "build house A2"} {
		exRefuse(t, g, Red, move, newExRand(t), "R46")
	}
	exApply(t, g, Red, "gold", newExRand(t))
}
