package elasund

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// Rule tests for the rules of docs/elasund/rules.md on dice, ship,
// production, the card economy and pirates (R26-R45).

// noStarters removes the starters of red and blue, so that no production
// happens unless a test places buildings.
const noStarters = "remove C4; remove D4; remove B8; remove E8"

func TestRulesRoll(t *testing.T) {
	// R26: the ship goes to the row named by the total of both dice.
	for d1 := 1; d1 <= 6; d1++ {
		for d2 := 1; d2 <= 6; d2++ {
			s := d1 + d2
			if s == 7 {
				continue
			}
			t.Run(fmt.Sprintf("R26 %d+%d", d1, d2), func(t *testing.T) {
				from := 12
				if s == 12 {
					from = 2
				}
				g := setup(t, 2, nil, fmt.Sprintf("%s; ship %d", noStarters, from))
				mustPlay(t, g, Red, "roll", newScript(t).dice(d1, d2))
				if r, _ := g.st.ShipRow(); Rows[r] != s {
					t.Errorf("roll %d+%d: ship in row %d, want %d", d1, d2, Rows[r], s)
				}
			})
		}
	}
}

func TestRulesShipRepeat(t *testing.T) {
	// R27: the roll equals the ship's row: it moves exactly two rows.
	for _, tc := range []struct {
		row  int
		dest []int // north first
	}{
		{2, []int{4}}, {3, []int{5}}, {4, []int{2, 6}}, {5, []int{3, 8}}, {6, []int{4, 9}},
		{8, []int{5, 10}}, {9, []int{6, 11}}, {10, []int{8, 12}}, {11, []int{9}}, {12, []int{10}},
	} {
		t.Run(fmt.Sprintf("R27 ship at %d rolls %d", tc.row, tc.row), func(t *testing.T) {
			g := setup(t, 2, nil, fmt.Sprintf("%s; ship %d", noStarters, tc.row))
			mustPlay(t, g, Red, "roll", newScript(t).roll(tc.row))
			if len(tc.dest) == 1 {
				if r, _ := g.st.ShipRow(); Rows[r] != tc.dest[0] || g.st.Phase != PhaseBuild {
					t.Errorf("forced move: ship in row %d, phase %s; want row %d, phase build", Rows[r], g.st.Phase, tc.dest[0])
				}
				return
			}
			if g.st.Phase != PhaseShip {
				t.Fatalf("phase %s, want ship: the player chooses the direction", g.st.Phase)
			}
			if r, _ := g.st.ShipRow(); Rows[r] != tc.row {
				t.Errorf("the ship left row %d before the choice", tc.row)
			}
			for i, dir := range []string{"north", "south"} {
				h := g.Clone()
				mustPlay(t, h, Red, "ship "+dir, nil)
				if r, _ := h.st.ShipRow(); Rows[r] != tc.dest[i] {
					t.Errorf("ship %s: row %d, want %d", dir, Rows[r], tc.dest[i])
				}
			}
			mustRefuse(t, g, Red, "end", nil, "R27")
		})
	}
	t.Run("R27 no move off the board", func(t *testing.T) {
		g := setup(t, 2, nil, noStarters+"; ship 4")
		mustPlay(t, g, Red, "roll", newScript(t).roll(4))
		mustPlay(t, g.Clone(), Red, "ship north", nil)
		g = setup(t, 2, nil, noStarters+"; ship 12")
		mustPlay(t, g, Red, "roll", newScript(t).roll(12))
		mustRefuse(t, g, Red, "ship south", nil, "R28")
	})
}

func TestRulesShipRow(t *testing.T) {
	// R28: where the ship ends after the 2-row move is the ship row for
	// phase 3, and the ship does not move again this turn.
	g := setup(t, 2, nil, noStarters+"; ship 5; gold red 5")
	mustPlay(t, g, Red, "roll; ship south", newScript(t).roll(5))
	mustRefuse(t, g, Red, "ship north", nil, "R28")
	mustRefuse(t, g, Red, "pirate 3", nil, "R28")
	mustRefuse(t, g, Red, "permit 0 A5", nil, "R85")
	mustPlay(t, g, Red, "permit 0 A8", nil)
}

func TestRulesProduction(t *testing.T) {
	// R29: every building touching the ship row gives its owner one card of
	// its income; buildings without income, church tiles and walls give
	// nothing.
	board := noStarters + `; place shop B3 red; place tavern D3 blue; place hall A8 red; place well D8 blue
		place stall D9 blue; place house A11 blue; place workshop E10 red; place cottage C11 red
		place hut E12 blue; church C red; wall blue E:3; wall blue E:4; wall blue E:5`
	for _, tc := range []struct {
		row               int
		redGold, blueInfl int
		blueGold, redInfl int
	}{
		{2, 0, 0, 0, 0},
		{3, 1, 1, 0, 0}, // the shop and the tavern
		{4, 1, 1, 0, 0}, // one card per tile, however many rows it covers
		{5, 0, 0, 0, 0}, // a tower gives nothing
		{6, 0, 0, 0, 0},
		{8, 0, 0, 0, 0}, // hall, well and church tile: no income
		{9, 0, 0, 0, 0},
		{10, 1, 0, 0, 0},
		{11, 2, 1, 0, 0}, // workshop and cottage; the house
		{12, 1, 1, 0, 0}, // cottage; hut
	} {
		t.Run(fmt.Sprintf("R29 row %d", tc.row), func(t *testing.T) {
			from := 2
			if tc.row == 2 {
				from = 12
			}
			g := setup(t, 2, nil, fmt.Sprintf("%s; ship %d", board, from))
			red, blue := *player(g, Red), *player(g, Blue)
			rng := newScript(t).roll(tc.row)
			for i := 0; i < tc.blueInfl+tc.redInfl; i++ {
				rng.on(StreamInfluence, 0)
			}
			mustPlay(t, g, Red, "roll", rng)
			if d := player(g, Red).Gold - red.Gold; d != tc.redGold {
				t.Errorf("red +%d gold, want +%d", d, tc.redGold)
			}
			if d := player(g, Blue).Influence.Total() - blue.Influence.Total(); d != tc.blueInfl {
				t.Errorf("blue +%d influence, want +%d", d, tc.blueInfl)
			}
			if d := player(g, Blue).Gold - blue.Gold; d != tc.blueGold {
				t.Errorf("blue +%d gold, want +%d", d, tc.blueGold)
			}
			if d := player(g, Red).Influence.Total() - red.Influence.Total(); d != tc.redInfl {
				t.Errorf("red +%d influence, want +%d", d, tc.redInfl)
			}
		})
	}
}

// rowFourHuts is a 3-player position where red's, blue's and green's huts
// all stand in row 4, it is blue's turn and the ship is in row 12.
const rowFourHuts = "remove D10; place hut E4 green; remove E5; remove B8; remove E8; turn blue; ship 12"

func TestRulesProductionEvent(t *testing.T) {
	t.Run("R30 influence dealt from the active player on", func(t *testing.T) {
		g := setup(t, 3, opt("card_counts", "51/3"), rowFourHuts)
		rng := newScript(t).roll(4).on(StreamInfluence, 0, 0, 0)
		mustPlay(t, g, Blue, "roll", rng)
		want := map[Colour]Influence{Blue: {Blue: 1}, Green: {Green: 1}, Red: {Yellow: 1}}
		for c, in := range want {
			if got := player(g, c).Influence; got != in {
				t.Errorf("%s drew %+v, want %+v (blue, then green, then red)", c, got, in)
			}
		}
		if !slices.Equal(rng.asked[StreamInfluence], []int{3, 2, 1}) {
			t.Errorf("influence draws %v, want [3 2 1]", rng.asked[StreamInfluence])
		}
	})
	t.Run("R30 the discard pile is reshuffled when the deck runs out", func(t *testing.T) {
		g := setup(t, 3, opt("card_counts", "51/3"), rowFourHuts)
		moveDeckToDiscard(t, g, Influence{Green: 1, Yellow: 1})
		rng := newScript(t).roll(4).on(StreamInfluence, 0, 1, 0)
		mustPlay(t, g, Blue, "roll", rng)
		want := map[Colour]Influence{Blue: {Blue: 1}, Green: {Yellow: 1}, Red: {Green: 1}}
		for c, in := range want {
			if got := player(g, c).Influence; got != in {
				t.Errorf("%s drew %+v, want %+v", c, got, in)
			}
		}
		if !slices.Equal(rng.asked[StreamInfluence], []int{1, 2, 1}) {
			t.Errorf("influence draws %v, want [1 2 1]: one card, then a reshuffled deck of 2", rng.asked[StreamInfluence])
		}
	})
	t.Run("R30 an influence shortage does not stop gold", func(t *testing.T) {
		g := setup(t, 2, opt("card_counts", "51/3"), "influence red blue 1; place tavern A3 red; place workshop E3 red; remove B8; remove E8; ship 12")
		bank := g.st.Supply.Gold
		mustPlay(t, g, Red, "roll", newScript(t).roll(4))
		if player(g, Red).Gold != 4 || g.st.Supply.Gold != bank-1 {
			t.Errorf("red holds %d gold, bank %d; want 4 and %d", player(g, Red).Gold, g.st.Supply.Gold, bank-1)
		}
		if player(g, Red).Influence.Total() != 1 || player(g, Blue).Influence.Total() != 0 {
			t.Errorf("influence was paid in a shortage (skip mode)")
		}
	})
	t.Run("R30 a gold shortage does not stop influence", func(t *testing.T) {
		g := setup(t, 2, opt("card_counts", "6/39"), "place workshop E3 red; remove B8; remove E8; ship 12")
		mustPlay(t, g, Red, "roll", newScript(t).roll(4).on(StreamInfluence, 0, 0))
		if player(g, Red).Influence.Total() != 1 || player(g, Blue).Influence.Total() != 1 {
			t.Errorf("influence red %d blue %d, want 1 each", player(g, Red).Influence.Total(), player(g, Blue).Influence.Total())
		}
		if player(g, Red).Gold != 2 {
			t.Errorf("red holds %d gold, want 2 (halved from 3, not paid)", player(g, Red).Gold)
		}
	})
}

func TestRulesOwnDraws(t *testing.T) {
	// R31: a drawn influence card goes to the owner of the producing
	// building and to nobody else.
	g := setup(t, 3, nil, "remove C4; remove E5; remove B8; remove E8; remove D10; ship 12")
	before := g.State()
	rng := newScript(t).roll(4).on(StreamInfluence, 20)
	mustPlay(t, g, Red, "roll", rng)
	if got := player(g, Red).Influence; got != (Influence{Green: 1}) {
		t.Errorf("R31: red drew %+v, want the 21st card of the deck, a green", got)
	}
	for _, c := range []Colour{Blue, Green} {
		if p, q := player(g, c), before.Players[c]; p.Gold != q.Gold || p.Influence != q.Influence {
			t.Errorf("R31: %s's hand changed on red's draw", c)
		}
	}
	if g.st.Supply.InfluenceDeck.Total() != 38 {
		t.Errorf("R31: deck %d, want 38", g.st.Supply.InfluenceDeck.Total())
	}
}

func TestRulesPayments(t *testing.T) {
	t.Run("R32 compensation to the player, cost to the bank", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 4; permit red 2 A2; permit blue 1 B2")
		atBuild(t, g, 12)
		bank, blue := g.st.Supply.Gold, player(g, Blue).Gold
		mustPlay(t, g, Red, "build tavern A2", nil)
		if g.st.Supply.Gold-bank != 3 || player(g, Blue).Gold-blue != 1 || player(g, Red).Gold != 0 {
			t.Errorf("bank +%d, blue +%d, red left %d; want +3, +1, 0", g.st.Supply.Gold-bank, player(g, Blue).Gold-blue, player(g, Red).Gold)
		}
	})
	t.Run("R32 wall, church and permit gold goes to the bank", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 12")
		atBuild(t, g, 4)
		bank := g.st.Supply.Gold
		i := 0
		mustPlay(t, g, Red, "wall N:D; church "+g.st.Supply.ChurchStack[i].String()+"; permit 3 E4", newScript(t).on(StreamInfluence, 0).on(StreamChurch, 0, 0))
		if g.st.Supply.Gold-bank != 12 {
			t.Errorf("bank +%d, want +12 (2 + 7 + 3)", g.st.Supply.Gold-bank)
		}
	})
	t.Run("R33 spent influence goes face up on the discard pile", func(t *testing.T) {
		g := setup(t, 2, nil, "influence red green 3; influence red yellow 1; permit red 1 A3")
		atPermit(t, g, 4)
		mustPlay(t, g, Red, "move-permit A3 A5 pay green", nil)
		if d := g.st.Supply.InfluenceDiscard; d != (Influence{Green: 2}) {
			t.Errorf("discard pile %+v, want 2 green", d)
		}
	})
	t.Run("R33 an empty deck is refilled from the discard pile", func(t *testing.T) {
		g := setup(t, 2, opt("card_counts", "51/3"), "remove B8; remove E8; ship 12")
		moveDeckToDiscard(t, g, Influence{1, 1, 1})
		rng := newScript(t).roll(4).on(StreamInfluence, 2, 0)
		mustPlay(t, g, Red, "roll", rng)
		if !slices.Equal(rng.asked[StreamInfluence], []int{3, 2}) {
			t.Errorf("draws %v, want [3 2] from the reshuffled pile", rng.asked[StreamInfluence])
		}
		if player(g, Red).Influence != (Influence{Yellow: 1}) || player(g, Blue).Influence != (Influence{Blue: 1}) {
			t.Errorf("red %+v blue %+v, want yellow and blue", player(g, Red).Influence, player(g, Blue).Influence)
		}
		if g.st.Supply.InfluenceDiscard.Total() != 0 || g.st.Supply.InfluenceDeck != (Influence{Green: 1}) {
			t.Errorf("deck %+v pile %+v, want the green left in the deck", g.st.Supply.InfluenceDeck, g.st.Supply.InfluenceDiscard)
		}
	})
}

func TestRulesShortageThreshold(t *testing.T) {
	// R34: short means fewer than due, never equal. Row 4 pays 2 gold (red
	// workshop, blue shop) and 3 influence (the huts and red's tavern).
	board := "place workshop E3 red; place shop A3 blue; remove B8; remove E8; ship 12"
	for _, tc := range []struct {
		name              string
		cards             string
		redGold, blueGold int
		short             bool
	}{
		{"R34 gold: bank equals what is due", "8/39", 4, 4, false},
		{"R34 gold: bank one short", "7/39", 2, 2, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := setup(t, 2, opt("card_counts", tc.cards), board)
			ev := mustPlay(t, g, Red, "roll", newScript(t).roll(4).on(StreamInfluence, 0, 0))
			if player(g, Red).Gold != tc.redGold || player(g, Blue).Gold != tc.blueGold {
				t.Errorf("red holds %d gold and blue %d, want %d and %d", player(g, Red).Gold, player(g, Blue).Gold, tc.redGold, tc.blueGold)
			}
			if got := hasEvent(ev, "gold shortage"); got != tc.short {
				t.Errorf("gold shortage = %v, want %v (events %q)", got, tc.short, ev)
			}
		})
	}
	for _, tc := range []struct {
		name  string
		hands string
		paid  int
	}{
		{"R34 influence: deck plus pile equal what is due", "", 3},
		{"R34 influence: one card short", "influence blue yellow 1", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := setup(t, 2, opt("card_counts", "51/3"), "place tavern A3 red; remove B8; remove E8; ship 12; "+tc.hands)
			emptyDeckInto(t, g, Influence{})
			held := player(g, Red).Influence.Total() + player(g, Blue).Influence.Total()
			rng := newScript(t).roll(4)
			for i := 0; i < tc.paid; i++ {
				rng.on(StreamInfluence, 0)
			}
			mustPlay(t, g, Red, "roll", rng)
			if got := player(g, Red).Influence.Total() + player(g, Blue).Influence.Total() - held; got != tc.paid {
				t.Errorf("%d influence paid, want %d", got, tc.paid)
			}
		})
	}
}

func TestRulesShortage(t *testing.T) {
	t.Run("R35 gold: everyone halves, then all is paid", func(t *testing.T) {
		g := setup(t, 2, map[string]string{"shortage_mode": "redistribute", "card_counts": "11/39"},
			"gold red 5; gold blue 5; place workshop E3 red; place shop A3 blue; remove C4; remove D4; remove B8; remove E8; ship 12")
		if g.st.Supply.Gold != 1 {
			t.Fatalf("bank %d, want 1", g.st.Supply.Gold)
		}
		mustPlay(t, g, Red, "roll", newScript(t).roll(4))
		// 5 → discard ⌊5/2⌋ = 2 → 3, then +1. The active player too.
		if player(g, Red).Gold != 4 || player(g, Blue).Gold != 4 || g.st.Supply.Gold != 3 {
			t.Errorf("red %d, blue %d, bank %d; want 4, 4, 3", player(g, Red).Gold, player(g, Blue).Gold, g.st.Supply.Gold)
		}
	})
	t.Run("R35 influence: players choose colours, then all is paid", func(t *testing.T) {
		g := setup(t, 2, map[string]string{"shortage_mode": "redistribute", "card_counts": "51/6"},
			"influence red blue 2; influence red green 1; influence blue yellow 2; place tavern A3 red; remove B8; remove E8; ship 12")
		mustPlay(t, g, Red, "roll", newScript(t).roll(4))
		// Blue holds one colour: its discard is automatic. Red must choose.
		if g.st.Phase != PhaseDecide || !slices.Equal(g.st.WaitingFor, []Colour{Red}) {
			t.Fatalf("phase %s waiting for %v, want red to choose its discard", g.st.Phase, g.st.WaitingFor)
		}
		if player(g, Blue).Influence != (Influence{Yellow: 1}) {
			t.Errorf("blue holds %+v, want 1 yellow after discarding ⌊2/2⌋", player(g, Blue).Influence)
		}
		mustRefuse(t, g, Red, "discard gold", nil, "R35")
		mustRefuse(t, g, Red, "discard blue green", nil, "R35")
		mustPlay(t, g, Red, "discard green", newScript(t).on(StreamInfluence, 0, 0, 0))
		// Deck: the green left + green and yellow discarded = 3, all paid.
		if player(g, Red).Influence.Total() != 4 || player(g, Blue).Influence.Total() != 2 || g.st.Supply.InfluenceDeck.Total() != 0 {
			t.Errorf("red %d, blue %d, deck %d; want 4, 2, 0", player(g, Red).Influence.Total(), player(g, Blue).Influence.Total(), g.st.Supply.InfluenceDeck.Total())
		}
		if g.st.Phase != PhaseBuild {
			t.Errorf("phase %s after the shortage, want build", g.st.Phase)
		}
	})
	t.Run("R35 still short after the halving: nobody is paid", func(t *testing.T) {
		g := setup(t, 2, map[string]string{"shortage_mode": "redistribute", "card_counts": "51/3"},
			"influence red blue 1; place tavern A3 red; remove B8; remove E8; ship 12")
		mustPlay(t, g, Red, "roll", newScript(t).roll(4))
		if player(g, Red).Influence.Total() != 1 || player(g, Blue).Influence.Total() != 0 || g.st.Supply.InfluenceDeck.Total() != 2 {
			t.Errorf("red %d, blue %d, deck %d; want 1, 0, 2", player(g, Red).Influence.Total(), player(g, Blue).Influence.Total(), g.st.Supply.InfluenceDeck.Total())
		}
	})
	t.Run("R35 skip mode halves but pays nothing", func(t *testing.T) {
		g := setup(t, 2, opt("card_counts", "51/6"),
			"influence red blue 2; influence red green 2; influence blue yellow 1; place tavern A3 red; remove B8; remove E8; ship 12")
		mustPlay(t, g, Red, "roll", newScript(t).roll(4))
		mustPlay(t, g, Red, "discard blue green", nil)
		if player(g, Red).Influence.Total() != 2 || player(g, Blue).Influence.Total() != 1 {
			t.Errorf("red %d, blue %d; want 2 and 1: halved, nothing paid", player(g, Red).Influence.Total(), player(g, Blue).Influence.Total())
		}
		if g.st.Supply.InfluenceDeck.Total() != 3 || g.st.Supply.InfluenceDiscard.Total() != 0 {
			t.Errorf("deck %d pile %d, want the discards reshuffled into a deck of 3", g.st.Supply.InfluenceDeck.Total(), g.st.Supply.InfluenceDiscard.Total())
		}
	})
}

func TestRulesOtherGains(t *testing.T) {
	// R36: gains other than production take what there is; nobody halves.
	t.Run("R36 phase 3 gold from a poor bank", func(t *testing.T) {
		g := setup(t, 2, opt("card_counts", "7/39"), "")
		atPermit(t, g, 4)
		mustPlay(t, g, Red, "gold", nil)
		if player(g, Red).Gold != 4 || player(g, Blue).Gold != 3 || g.st.Supply.Gold != 0 {
			t.Errorf("red %d, blue %d, bank %d; want 4, 3, 0", player(g, Red).Gold, player(g, Blue).Gold, g.st.Supply.Gold)
		}
	})
	t.Run("R36 buy-gold from an empty bank", func(t *testing.T) {
		g := setup(t, 2, opt("card_counts", "6/39"), "influence red blue 1; influence red green 1; influence red yellow 1")
		atPermit(t, g, 4)
		mustPlay(t, g, Red, "buy-gold", nil)
		if player(g, Red).Gold != 3 || player(g, Blue).Gold != 3 || player(g, Red).Influence.Total() != 0 {
			t.Errorf("red %d gold %d cards, blue %d gold; want 3, 0, 3", player(g, Red).Gold, player(g, Red).Influence.Total(), player(g, Blue).Gold)
		}
	})
	t.Run("R36 a wall reward takes the last card after a reshuffle", func(t *testing.T) {
		g := setup(t, 2, opt("card_counts", "51/3"), "gold red 4; influence blue blue 1; influence blue green 1; wall red N:D; wall red N:C; wall red S:D; wall red S:C")
		emptyDeckInto(t, g, Influence{})
		atBuild(t, g, 4)
		rng := newScript(t).on(StreamInfluence, 0)
		mustPlay(t, g, Red, "wall E:3", rng)
		if player(g, Red).Influence != (Influence{Yellow: 1}) || player(g, Blue).Influence.Total() != 2 {
			t.Errorf("red %+v, blue %+v; want red with the one yellow left, blue untouched", player(g, Red).Influence, player(g, Blue).Influence)
		}
	})
}

func TestRulesNoTrading(t *testing.T) {
	// R37: the move language has no way to pass cards to another player.
	for _, text := range []string{
		"give blue 2 gold", "trade blue gold", "sell blue green", "lend blue 1 gold",
		"pay blue 2 gold", "gift blue gold", "exchange gold blue", "offer blue gold",
	} {
		t.Run("R37 "+text, func(t *testing.T) {
			_, err := ParseAction(text)
			var ne *NotationError
			if !errors.As(err, &ne) {
				t.Errorf("ParseAction(%q) = %v, want a *NotationError", text, err)
			}
		})
	}
	t.Run("R37 take is only the pirate reward", func(t *testing.T) {
		g := setup(t, 2, nil, "influence blue blue 3")
		atBuild(t, g, 4)
		mustRefuse(t, g, Red, "take blue", nil, "R105")
	})
	t.Run("R37 no action moves cards to another player", func(t *testing.T) {
		// Random play: apart from the roll (production and the pirate),
		// discards and takes, and the compensation of a build (gold to
		// permit owners, R48), no action adds a card to another hand.
		for seed := uint64(1); seed <= 6; seed++ {
			n := 2 + int(seed%3)
			cfg, err := NewConfig(AllColours[:n], EditionEN, map[string]string{"turn_limit": "25"})
			if err != nil {
				t.Fatal(err)
			}
			walkRandomGame(t, cfg, seed, func(before, after *State, seat Colour, a Action, rolled bool) {
				if rolled || a.Kind == ActDiscard || a.Kind == ActTake || a.Kind == ActShip || a.Kind == ActPirate {
					return
				}
				for c, p := range after.Players {
					q := before.Players[c]
					if c == before.Current {
						continue
					}
					if p.Influence.Total() > q.Influence.Total() || (a.Kind != ActBuild && p.Gold > q.Gold) {
						t.Fatalf("seed %d: %s's %q gave %s cards: %+v → %+v", seed, seat, a, c, *q, *p)
					}
				}
			})
		}
	})
}

// walkRandomGame plays a game with random legal actions, calling visit with
// the states around every action, and whether the action rolled the dice.
func walkRandomGame(t *testing.T, cfg Config, seed uint64, visit func(before, after *State, seat Colour, a Action, rolled bool)) int {
	t.Helper()
	rng := NewSeededRand(seed)
	pick := rand.New(rand.NewPCG(seed, 99))
	g, err := New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	steps := 0
	for ; !g.Over(); steps++ {
		if steps > 100000 {
			t.Fatalf("seed %d: the game did not end", seed)
		}
		st := g.View()
		seat := st.WaitingFor[pick.IntN(len(st.WaitingFor))]
		legal := g.Legal(seat, rng.Copy())
		if len(legal) == 0 {
			t.Fatalf("seed %d: nothing legal for %s in phase %s", seed, seat, st.Phase)
		}
		// Favour building, so that games finish.
		a := legal[pick.IntN(len(legal))]
		for i := 0; i < 3 && a.Kind == ActEnd; i++ {
			a = legal[pick.IntN(len(legal))]
		}
		before := g.State()
		rolled := before.Phase == PhaseRoll
		if _, err := g.Apply(seat, []Action{a}, rng); err != nil {
			t.Fatalf("seed %d: listed %q failed: %v", seed, a, err)
		}
		visit(before, g.View(), seat, a, rolled)
	}
	return steps
}

func TestRulesNoHandLimit(t *testing.T) {
	// R38: a player with 40 cards still receives more.
	g := setup(t, 2, nil, "gold red 40; remove C4; remove D4; remove B8; ship 12")
	mustPlay(t, g, Red, "roll", newScript(t).roll(8))
	if player(g, Red).Gold != 41 {
		t.Errorf("R38: red holds %d gold, want 41", player(g, Red).Gold)
	}
	g = setup(t, 2, nil, "gold red 40; influence red blue 13; influence red green 10; remove C4; remove B8; remove E8; ship 12")
	mustPlay(t, g, Red, "roll", newScript(t).roll(4).on(StreamInfluence, 0))
	if player(g, Red).Cards() != 64 {
		t.Errorf("R38: red holds %d cards, want 64", player(g, Red).Cards())
	}
}

func TestRulesPayingInfluence(t *testing.T) {
	two := "gold red 5; influence red blue 1; influence red green 1; influence red yellow 1; permit red 1 A3"
	for _, tc := range []struct {
		name, hand, move string
		ok               bool
		rule             string
	}{
		{"R39 2 matching", "influence red blue 2", "move-permit A3 A5 pay blue", true, ""},
		{"R39 2 of different colours do not match", "", "move-permit A3 A5 pay blue", false, "R39"},
		{"R39 yellow is red", "influence red yellow 2", "move-permit A3 A5 pay red", true, ""},
		{"R39 3 different", "", "buy-gold", true, ""},
		{"R39 3 different needs all three colours", "influence red blue 2; influence red yellow 0", "buy-gold", false, "R39"},
		{"R39 the whole cost or nothing", "gold red 2", "place-permit 3 A5", false, "R89"},
		{"R39 upgrade pays 2 matching and the gold", "influence red green 2", "upgrade-permit A3 4 pay green", true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := setup(t, 2, nil, two+"; "+tc.hand)
			atPermit(t, g, 4)
			before := *player(g, Red)
			pile := g.st.Supply.InfluenceDiscard.Total()
			if !tc.ok {
				mustRefuse(t, g, Red, tc.move, nil, tc.rule)
				return
			}
			mustPlay(t, g, Red, tc.move, nil)
			spent := before.Influence.Total() - player(g, Red).Influence.Total()
			if g.st.Supply.InfluenceDiscard.Total()-pile != spent || spent == 0 {
				t.Errorf("%d influence spent, %d onto the discard pile", spent, g.st.Supply.InfluenceDiscard.Total()-pile)
			}
		})
	}
}

func TestRulesPirateMove(t *testing.T) {
	base := mixedHands(2) + "remove C4; place well C4 blue"
	t.Run("R40 any row but the one it left", func(t *testing.T) {
		for _, row := range Rows {
			g := setup(t, 2, nil, base+"; ship 5")
			mustPlay(t, g, Red, "roll", newScript(t).dice(3, 4))
			if row == 5 {
				mustRefuse(t, g, Red, "pirate 5", nil, "R40")
				continue
			}
			mustPlay(t, g, Red, fmt.Sprintf("pirate %d", row), nil)
		}
	})
	t.Run("R40 a row visited on an earlier turn is allowed", func(t *testing.T) {
		g := setup(t, 2, nil, base+"; ship 8")
		mustPlay(t, g, Red, "roll; end", newScript(t).roll(5))
		mustPlay(t, g, Blue, "roll", newScript(t).dice(3, 4))
		mustPlay(t, g, Blue, "pirate 8", nil)
	})
	t.Run("R40 no production", func(t *testing.T) {
		// Red's hut in row 4 and cottage in rows 8-9: the pirate in row 4
		// draws no card (the script has none) and pays no gold.
		g := setup(t, 2, nil, base+"; ship 8")
		gold := player(g, Red).Gold
		mustPlay(t, g, Red, "roll", newScript(t).dice(3, 4))
		mustPlay(t, g, Red, "pirate 4", nil)
		mustPlay(t, g, Blue, "discard gold", nil)
		if player(g, Red).Gold != gold || player(g, Red).Influence.Total() != 5 {
			t.Errorf("red holds %d gold and %d influence after the pirate, want %d and 5", player(g, Red).Gold, player(g, Red).Influence.Total(), gold)
		}
		if !g.st.Ship.Pirate {
			t.Error("the ship is not marked as the pirate this turn")
		}
	})
	t.Run("R40 pirate only on a 7", func(t *testing.T) {
		g := setup(t, 2, nil, base+"; ship 8")
		mustPlay(t, g, Red, "roll", newScript(t).roll(8))
		mustRefuse(t, g, Red, "pirate 3", nil, "R40")
		g = setup(t, 2, nil, base+"; ship 8")
		mustPlay(t, g, Red, "roll", newScript(t).dice(3, 4))
		mustRefuse(t, g, Red, "ship north", nil, "R40")
		mustRefuse(t, g, Red, "end", nil, "R40")
	})
}

func TestRulesPirateCubes(t *testing.T) {
	// R41: which of blue's cubes are in the pirate row.
	for _, tc := range []struct {
		name, place string
		row, want   int
	}{
		{"flag square in the row", "place well D5 blue", 5, 1},
		{"building reaching into the row", "place tavern D4 blue", 5, 0},
		{"hall top and middle flags", "place hall A3 blue; place hall D3 blue", 4, 2},
		{"church tile in the row", "church C red; church N blue", 6, 1},
		{"church tile elsewhere", "church C red; church N blue", 8, 0},
		{"east tower in its row", "wall blue E:11; wall blue E:10; wall blue E:9", 9, 1},
		{"east wall that is no tower", "wall blue E:11; wall blue E:10; wall blue E:9", 10, 0},
		{"north tower is in no row", "wall blue N:D; wall blue N:C; wall blue S:D", 2, 0},
		{"south tower is in no row", "wall blue N:D; wall blue N:C; wall blue S:D", 12, 0},
		{"trade cubes are in no row", "trade blue 11", 2, 0},
		{"red's cubes are not blue's", "place well D5 red", 5, 0},
	} {
		t.Run("R41 "+tc.name, func(t *testing.T) {
			g := setup(t, 2, nil, mixedHands(2)+"remove C4; remove D4; ship 3; "+tc.place)
			if got := raidOwed(t, g, tc.row)[Blue]; got != tc.want {
				t.Errorf("pirate in row %d: blue owes %d, want %d", tc.row, got, tc.want)
			}
		})
	}
	t.Run("R41 every trade row", func(t *testing.T) {
		for _, row := range Rows[:9] {
			g := setup(t, 2, nil, mixedHands(2)+"trade blue 11; ship 12")
			if got := raidOwed(t, g, row)[Blue]; got != 0 {
				t.Errorf("pirate in row %d: blue owes %d for trade cubes", row, got)
			}
		}
	})
}

func TestRulesPirateDiscards(t *testing.T) {
	// R42: min(cubes in the row, cards) each, the active player included;
	// the victim chooses the mix.
	g := setup(t, 3, nil, `remove C4; remove D4; remove E5; remove D10; ship 12
		gold red 1; influence red blue 2; place well D5 red
		gold blue 1; place well A5 blue; place well B5 blue
		gold green 0; place stall F5 green`)
	mustPlay(t, g, Red, "roll", newScript(t).dice(3, 4))
	ev := mustPlay(t, g, Red, "pirate 5", nil)
	// Blue owes min(2, 1) = 1 and has one card: settled at once. Green has
	// no card. Red owes 1 of a mixed hand and chooses.
	for _, want := range []string{"blue has 2 cube(s) in row 5 and discards 1", "green has 1 cube(s) in row 5 and discards 0", "red has 1 cube(s) in row 5 and discards 1"} {
		if !hasEvent(ev, want) {
			t.Errorf("events %q, want %q", ev, want)
		}
	}
	if !slices.Equal(g.st.WaitingFor, []Colour{Red}) || len(g.st.Pending) != 1 || g.st.Pending[0].Count != 1 {
		t.Fatalf("waiting for %v, pending %+v; want red to discard 1", g.st.WaitingFor, g.st.Pending)
	}
	if player(g, Blue).Gold != 0 {
		t.Errorf("blue holds %d gold, want 0", player(g, Blue).Gold)
	}
	mustRefuse(t, g, Red, "discard gold blue", nil, "R42")
	mustRefuse(t, g, Red, "discard green", nil, "R42")
	mustPlay(t, g, Red, "discard blue", nil)
	if p := player(g, Red); p.Gold != 1 || p.Influence != (Influence{Blue: 1}) {
		t.Errorf("red holds %d gold, %+v; want the gold kept and 1 blue", p.Gold, p.Influence)
	}
	if g.st.Phase != PhaseBuild {
		t.Errorf("phase %s, want build", g.st.Phase)
	}
}

func TestRulesPirateReward(t *testing.T) {
	// Red owns a north tower (tile 3), which is in no row, and a well in
	// row 5; blue has two wells there.
	base := `remove C4; remove D4; ship 12; wall red N:D; wall red N:C; wall red S:D
		gold red 1; influence red blue 1; place well D5 red
		gold blue 2; influence blue green 2; place well A5 blue; place well B5 blue`
	t.Run("R43 random from every discard, own included", func(t *testing.T) {
		g := setup(t, 2, nil, base)
		mustPlay(t, g, Red, "roll", newScript(t).dice(3, 4))
		mustPlay(t, g, Red, "pirate 5", nil)
		mustPlay(t, g, Red, "discard blue", nil)
		// Pool: blue's 2 gold and red's blue, in the order gold, blue,
		// green, yellow; draw 2 of 3 is red's own blue card.
		rng := newScript(t).on(StreamReward, 2)
		mustPlay(t, g, Blue, "discard gold gold", rng)
		if !slices.Equal(rng.asked[StreamReward], []int{3}) {
			t.Errorf("reward draws %v, want one draw from a pool of 3", rng.asked[StreamReward])
		}
		if p := player(g, Red); p.Gold != 1 || p.Influence != (Influence{Blue: 1}) {
			t.Errorf("red holds %d gold %+v, want its blue back", p.Gold, p.Influence)
		}
	})
	t.Run("R43 no more cards than towers", func(t *testing.T) {
		g := setup(t, 2, nil, base+"; wall red S:C; wall red E:3; wall red E:4")
		if g.towers(Red) != 2 {
			t.Fatalf("red owns %d towers, want 2", g.towers(Red))
		}
		mustPlay(t, g, Red, "roll", newScript(t).dice(3, 4))
		mustPlay(t, g, Red, "pirate 5", nil)
		mustPlay(t, g, Red, "discard gold", nil)
		rng := newScript(t).on(StreamReward, 0, 1)
		mustPlay(t, g, Blue, "discard gold green", rng)
		if !slices.Equal(rng.asked[StreamReward], []int{3, 2}) {
			t.Errorf("reward draws %v, want two draws", rng.asked[StreamReward])
		}
	})
	t.Run("R43 no tower, no reward", func(t *testing.T) {
		g := setup(t, 2, nil, `remove C4; remove D4; ship 12; gold blue 2; place well A5 blue; place well B5 blue; influence blue green 2`)
		mustPlay(t, g, Red, "roll", newScript(t).dice(3, 4))
		mustPlay(t, g, Red, "pirate 5", nil)
		mustPlay(t, g, Blue, "discard gold green", nil) // a draw would fail the script
		if player(g, Red).Cards() != 3 {
			t.Errorf("red holds %d cards, want its 3", player(g, Red).Cards())
		}
	})
	t.Run("R44 the rest of the pool goes back", func(t *testing.T) {
		g := setup(t, 2, nil, base)
		bank, pile := g.st.Supply.Gold, g.st.Supply.InfluenceDiscard
		mustPlay(t, g, Red, "roll", newScript(t).dice(3, 4))
		mustPlay(t, g, Red, "pirate 5", nil)
		mustPlay(t, g, Red, "discard blue", nil)
		mustPlay(t, g, Blue, "discard gold green", newScript(t).on(StreamReward, 0))
		// Red took the gold; blue's green and red's blue are left.
		if g.st.Supply.Gold != bank || g.st.Supply.InfluenceDiscard != (Influence{Blue: pile.Blue + 1, Green: pile.Green + 1}) || g.st.Pool != nil {
			t.Errorf("bank %d (was %d), discard pile %+v, pool %v; want the blue and the green on the pile", g.st.Supply.Gold, bank, g.st.Supply.InfluenceDiscard, g.st.Pool)
		}
	})
	t.Run("R45 phase 2 follows, and phase 3 uses the pirate row", func(t *testing.T) {
		g := setup(t, 2, nil, base+"; gold red 3")
		mustPlay(t, g, Red, "roll", newScript(t).dice(3, 4))
		mustPlay(t, g, Red, "pirate 6", nil)
		if g.st.Phase != PhaseBuild || !slices.Equal(g.st.WaitingFor, []Colour{Red}) {
			t.Fatalf("phase %s waiting for %v, want red's phase 2", g.st.Phase, g.st.WaitingFor)
		}
		mustRefuse(t, g, Red, "permit 0 A12", nil, "R85")
		mustPlay(t, g, Red, "permit 0 A6", nil)
	})
}
