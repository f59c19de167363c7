package seafarers

import (
	"slices"
	"testing"
)

// advance ends turns (with forced non-7 rolls) until turn n, seat's turn
// in phase trade.
func (x *tgame) advance(n int, seat string) {
	x.t.Helper()
	for x.g.turn < n {
		x.edit("turn " + x.pos.Current() + " trade")
		x.do(x.pos.Current(), "end")
	}
	x.edit("turn " + seat + " trade")
}

// TestE1SetupOrder: setup order and starting resources (S19, S21, S22, S48).
func TestE1SetupOrder(t *testing.T) {
	x := newT(t, "base", nil)
	x.do("red", "place settlement D7.n road C6-D7")
	// Negative: C6.s is adjacent to red's D7.n (S48).
	x.refuse("blue", "place settlement C6.s road C6-D5", "S48")
	// Only the seat whose step it is places (S19).
	x.refuse("white", "place settlement F9.n road E10-F9", "S31")
	x.do("blue", "place settlement F9.n road E10-F9")
	x.do("white", "place settlement E4.n road D5-E4")
	x.refuse("blue", "place settlement G8.n road F7-G8", "S31")
	x.do("white", "place settlement G8.n road F7-G8")
	x.do("blue", "place settlement D11.n road C10-D11")
	x.do("red", "place settlement E6.s road F5-F7")
	// Each seat's second settlement pays one of each resource around it.
	x.cite("S21")
	x.wantHand("white", "1 ore, 2 grain")
	x.wantHand("blue", "1 lumber, 1 brick")
	x.wantHand("red", "2 lumber, 1 ore")
	if got, want := x.g.bank, (Hand{18, 16, 19, 17, 17}); got != want {
		t.Fatalf("bank %v, want %v: the starting resources come from the bank (S21)", got, want)
	}
	st := x.st()
	if st.Turn != 1 || st.Phase != "roll" || st.Current != "red" || st.Setup != nil {
		t.Fatalf("after setup: turn %d phase %s current %s setup %v (S22)", st.Turn, st.Phase, st.Current, st.Setup)
	}
}

// base2 is E2's position: red S D7.n, blue C E8.n, white S G8.n, robber E8.
func base2(t *testing.T) *tgame {
	return newT(t, "base", nil).edit("place settlement D7.n red; place city E8.n blue; place settlement G8.n white; robber E8; turn red")
}

// TestE2Production: production, cities and the robber (S33, S38).
func TestE2Production(t *testing.T) {
	x := base2(t).cite("S33")
	x.do("red", "roll", 2, 4)
	x.wantHand("red", "1 brick")
	x.wantHand("blue", "2 brick")
	x.wantHand("white", "1 grain")
	if x.g.bank[0] != 16 || x.g.bank[3] != 18 {
		t.Fatalf("bank %v: brick −3, grain −1 (S33)", x.g.bank)
	}
	// Variant: the robber on D7 blocks it (S38).
	x = base2(t).edit("robber D7").cite("S38")
	x.do("red", "roll", 2, 4)
	x.wantHand("red", "none")
	x.wantHand("blue", "none")
	x.wantHand("white", "1 grain")
}

// TestE3BankShort: the bank runs short (S34).
func TestE3BankShort(t *testing.T) {
	x := base2(t).edit("hand white 17 brick").cite("S34")
	x.do("red", "roll", 2, 4)
	x.wantHand("red", "none")
	x.wantHand("blue", "none")
	x.wantHand("white", "17 brick, 1 grain")
	// Variant: one player owed takes what the bank holds.
	for _, c := range []struct{ white, blue string }{{"17 brick", "2 brick"}, {"18 brick", "1 brick"}} {
		x = base2(t).edit("remove D7.n; hand white " + c.white).cite("S34")
		x.do("red", "roll", 2, 4)
		x.wantHand("blue", c.blue)
	}
}

// TestE4Seven: discards, robber and a sealed steal (S39, S40, S44, S137,
// S138, S141, S154).
func TestE4Seven(t *testing.T) {
	for _, sealed := range []bool{true, false} {
		o := opts()
		if !sealed {
			o = opts("sealed_draws=false")
		}
		x := newT(t, "base", o).edit("place settlement D7.n red; place city E8.n blue; place settlement G8.n white; robber E8")
		x.edit("hand red 5 wool; hand blue 2 brick, 3 wool, 3 ore; hand white 2 lumber, 2 wool, 3 grain, 2 ore; turn red; force steal ore")
		x.do("blue", "orders discard wool ore")
		x.do("red", "roll", 3, 4)
		// Blue's standing order discards for it at once; white decides.
		x.cite("S39", "S40", "S154")
		x.wantHand("blue", "2 brick, 2 ore")
		x.wantPhase("decide", "white")
		x.refuse("red", "robber D7 steal blue", "S27")
		x.do("white", "discard 2 lumber, 2 wool")
		x.cite("S40")
		x.wantPhase("robber", "red")
		x.refuse("red", "robber E8", "S42")
		x.refuse("red", "robber D7 steal white", "S44")
		x.do("red", "robber D7 steal blue")
		x.wantPhase("trade", "red")
		if !sealed {
			x.wantHand("red", "5 wool, 1 ore")
			x.wantHand("blue", "2 brick, 1 ore")
			continue
		}
		st := x.st()
		if len(st.Sealed) != 1 || st.Sealed[0].K != 0 || st.Sealed[0].Kind != "steal" || st.Sealed[0].Drawer != "red" ||
			st.Sealed[0].Witness != "blue" || *st.Sealed[0].Victim != "blue" || *st.Sealed[0].Snapshot != (ResourceCounts{Brick: 2, Ore: 2}) {
			t.Fatalf("sealed %+v: the steal is a sealed draw, blue its witness (S137)", st.Sealed)
		}
		x.cite("S137")
		x.wantHand("red", "5 wool")
		x.do("red", "end")
		ev := x.do("blue", "roll", 2, 3)
		if !has(ev, "steals 1 ore") {
			t.Fatalf("events %v: the witness's next entry resolves the steal (S138)", ev)
		}
		x.cite("S138")
		x.wantHand("red", "5 wool, 1 ore")
	}
}

// TestE5Maritime: maritime trade and harbours (S62, S63).
func TestE5Maritime(t *testing.T) {
	x := newT(t, "base", nil).edit("place settlement C8.n red; hand red 4 wool, 4 brick; turn red trade")
	for _, ok := range []string{"trade 2 wool for 1 ore", "trade 4 wool for 2 ore", "trade 4 brick for 1 ore"} {
		if _, err := x.pos.Clone().Apply("red", x.parse(ok), x.tb.next(x.pos, "red")); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	x.refuse("red", "trade 3 wool for 1 ore", "S62")
	x.refuse("red", "trade 2 brick for 1 ore", "S62")
	x.refuse("red", "trade 2 wool for 1 wool", "S62")
	x.do("red", "trade 2 wool for 1 ore")
	x.wantHand("red", "2 wool, 4 brick, 1 ore")
	if x.g.bank[2] != 17 || x.g.bank[4] != 18 { // 15 wool and 19 ore before the trade
		t.Fatalf("bank %v", x.g.bank)
	}
	x.edit("place settlement C6.n red").cite("S63")
	x.do("red", "trade 3 brick for 1 ore")
}

// TestE6DomesticTrade: domestic trade by mail (S64–S71, V35).
func TestE6DomesticTrade(t *testing.T) {
	x := newT(t, "new-shores", nil).edit("hand red 2 brick; hand blue 1 ore; hand white 2 ore; turn red trade")
	x.do("blue", "orders trade accept 1 ore for 1 brick")
	x.do("red", "offer 1 brick for 1 ore to blue, white")
	x.cite("S71")
	x.wantPhase("trade", "red", "white")
	o := x.st().Offer
	if o == nil || o.Answers["blue"] != "accept" || o.Answers["white"] != "" {
		t.Fatalf("offer %+v: blue's standing order accepts at once (S71)", o)
	}
	x.refuse("red", "build road D5-D7", "S67")
	x.do("white", "decline")
	x.wantPhase("trade", "red")
	x.refuse("red", "confirm white", "S69")
	x.do("red", "confirm blue")
	if x.st().TurnFlags.Offers != 1 || x.st().Offer != nil {
		t.Fatalf("after confirm: %+v", x.st().TurnFlags)
	}
	x.do("red", "end")
	x.wantHand("red", "1 brick, 1 ore")
	x.wantHand("blue", "1 brick")
	// Negative: a named seat without the cards declines automatically.
	x = newT(t, "new-shores", nil).edit("hand red 2 brick; hand blue 1 ore; turn red trade")
	x.do("red", "offer 1 brick for 1 ore to blue, white")
	if x.st().Offer.Answers["white"] != "decline" {
		t.Fatalf("white should decline automatically (S68)")
	}
	// Variant: no orders: red waits for both, may withdraw at once (S70).
	x = newT(t, "new-shores", nil).edit("hand red 2 brick; hand blue 1 ore; hand white 2 ore; turn red trade")
	x.do("red", "offer 1 brick for 1 ore to blue, white")
	x.wantPhase("trade", "red", "blue", "white")
	x.refuse("red", "confirm blue", "S69")
	x.cite("S70")
	x.do("red", "withdraw")
	x.wantPhase("trade", "red")
}

// TestE7BuyCard: buying a development card (sealed) (S73, S74, S137, S138,
// S140, S146).
func TestE7BuyCard(t *testing.T) {
	x := newT1(t, "base", nil)
	x.advance(10, "red")
	x.edit("hand red 1 wool, 1 grain, 1 ore; force card knight")
	before := x.st().UnseenCards
	x.do("red", "buy card")
	st := x.st()
	c := st.Players["red"].Cards
	if len(c) != 1 || c[0].Kind != "sealed" || c[0].Got != 10 || c[0].Draw == nil || st.UnseenCards != before || st.Phase != "build" {
		t.Fatalf("after buying: cards %+v unseen %+v phase %s: a bought card is a sealed draw (S137, S140)", c, st.UnseenCards, st.Phase)
	}
	x.do("red", "end")
	x.do("blue", "roll", 2, 3)
	c = x.st().Players["red"].Cards
	if len(c) != 1 || c[0].Kind != "knight" || c[0].Got != 10 {
		t.Fatalf("after resolving: %+v: the witness's entry resolves the card (S138, S140)", c)
	}
	// Variant: white's entry does not resolve it; blue's resolve does, and
	// the knight is still not playable in turn 10.
	x = newT1(t, "base", nil)
	x.advance(10, "red")
	x.edit("hand red 1 wool, 1 grain, 1 ore, 1 brick; hand white 1 ore; force card knight")
	x.do("red", "buy card")
	x.edit("turn red trade")
	x.do("red", "offer 1 brick for 1 ore to white")
	x.do("white", "accept")
	if len(x.st().Sealed) != 1 {
		t.Fatal("white's entry resolved blue's draw: only the witness resolves it (S138)")
	}
	x.refuse("white", "resolve", "S146")
	x.do("blue", "resolve")
	if len(x.st().Sealed) != 0 {
		t.Fatal("blue's resolve did not resolve (S138)")
	}
	x.do("red", "withdraw")
	x.refuse("red", "play knight", "S74")
}

// TestE8CardWins: a victory-point card wins at resolution (S88, S145).
func TestE8CardWins(t *testing.T) {
	x := newT(t, "base", nil)
	x.advance(20, "red")
	x.edit("place city C6.n red; place city C10.n red; place city F5.s red; place city G10.s red; place settlement E12.n red")
	x.edit("hand red 1 wool, 1 grain, 1 ore; force card victory-point")
	if x.vp("red") != 9 {
		t.Fatalf("red has %d points, want 9", x.vp("red"))
	}
	x.do("red", "buy card; end")
	if x.pos.Over() {
		t.Fatal("red won in its own entry: the card's points count once it is resolved (S88)")
	}
	x.refuse("blue", "roll", "S145")
	x.do("blue", "resolve")
	if !x.pos.Over() || x.pos.Winners()[0] != "red" || x.pos.Phase() != "over" {
		t.Fatalf("after resolve: over %v winners %v; want red to win when the draw resolves (S88)", x.pos.Over(), x.pos.Winners())
	}
}

// TestE9LongestRoad: longest road and breaking it (S81, S82).
func TestE9LongestRoad(t *testing.T) {
	x := newT(t, "base", nil).edit("place settlement D7.n red; place road C6-D7 red; place road D5-D7 red; place road D5-E6 red; place road E4-E6 red")
	x.edit("place settlement E8.n blue; place road D7-E8 blue; place road D7-E6 blue; hand red 1 brick, 1 lumber; turn red trade")
	if x.player("red").route != 4 || x.st().LongestRoute != nil {
		t.Fatalf("route %d", x.player("red").route)
	}
	vp := x.vp("red")
	x.do("red", "build road E6-F5")
	if x.player("red").route != 5 || x.st().LongestRoute == nil || *x.st().LongestRoute != "red" || x.vp("red") != vp+2 {
		t.Fatalf("after the fifth road: route %d holder %v; want red to hold the card, 2 points (S82)", x.player("red").route, x.st().LongestRoute)
	}
	x.do("red", "end")
	x.edit("hand blue 1 brick, 1 lumber, 1 wool, 1 grain")
	x.do("blue", "roll; build settlement E6.n", 2, 3)
	if x.player("red").route != 3 || x.st().LongestRoute != nil || x.vp("red") != vp {
		t.Fatalf("after the cut: route %d holder %v; want the card back in the box (S82)", x.player("red").route, x.st().LongestRoute)
	}
}

// TestE10LargestArmy: Largest Army (S83).
func TestE10LargestArmy(t *testing.T) {
	x := newT(t, "base", nil).edit("card red knight played; card red knight played; card blue knight played; card blue knight played")
	x.edit("card red knight; card blue knight; card blue knight; turn red trade")
	x.do("red", "play knight")
	if *x.st().LargestArmy != "red" {
		t.Fatal("red should take Largest Army (S83)")
	}
	x.edit("turn blue trade")
	x.do("blue", "play knight")
	if *x.st().LargestArmy != "red" {
		t.Fatal("a tie leaves the card where it is (S83)")
	}
	x.advance(2, "blue")
	x.do("blue", "play knight")
	if *x.st().LargestArmy != "blue" {
		t.Fatal("blue with more knights takes it (S83)")
	}
}

// newShoresD5 is new-shores with red's settlement on D5.n, red to build.
func newShoresD5(t *testing.T) *tgame {
	return newT(t, "new-shores", nil).edit("place settlement D5.n red; hand red 4 lumber, 4 wool, 1 brick, 1 grain; turn red trade")
}

// TestE11ShipEdges: ship edges and road/ship links (S51–S55).
func TestE11ShipEdges(t *testing.T) {
	x := newShoresD5(t)
	ships := []string{}
	for _, a := range x.legal("red") {
		if len(a) > 11 && a[:11] == "build ship " {
			ships = append(ships, a[11:])
		}
	}
	slices.Sort(ships)
	if want := []string{"C4-C6", "C4-D5", "C6-D5"}; !slices.Equal(ships, want) {
		t.Fatalf("ships at D5.n: %v, want %v", ships, want)
	}
	x.refuse("red", "build ship D5-D7", "S52")
	x.refuse("red", "build road C4-C6", "S51")
	x.do("red", "build ship C4-C6; build ship B5-C6; build settlement C6.n")
	// A road and a ship meeting without a building are not linked (S53).
	x = newShoresD5(t).edit("place road C6-D5 red").cite("S53")
	x.refuse("red", "build ship C6-D7", "S55")
	x.do("red", "build road C6-D7")
}

// TestE12MoveShips: moving ships, open and closed (S57–S60).
func TestE12MoveShips(t *testing.T) {
	setup := func() *tgame {
		x := newT(t, "new-shores", nil)
		x.advance(5, "red")
		return x.edit("place settlement D5.n red; place ship C4-C6 red built 3; place ship B5-C6 red built 4; hand red 1 lumber, 1 wool")
	}
	x := setup()
	x.refuse("red", "move ship B5-C6 C6-C8", "S55")
	x.refuse("red", "move ship C4-C6 C4-D5", "S58")
	x.do("red", "move ship B5-C6 B5-C4")
	x.refuse("red", "move ship B5-C4 B5-C6", "S59")
	x = setup()
	x.do("red", "build ship C6-D5")
	x.refuse("red", "move ship C6-D5 C4-D5", "S60")
	// Variant: closed between two settlements (S57).
	x = setup().edit("place settlement C6.n red")
	x.refuse("red", "move ship B5-C6 B5-C4", "S57")
	x.refuse("red", "move ship C4-C6 C4-D5", "S57")
}

// TestE13Pirate: the pirate (S43, S44, S45).
func TestE13Pirate(t *testing.T) {
	x := newT(t, "new-shores", nil).edit("place settlement C8.n blue; place ship B7-C8 blue; place ship B7-C6 blue; place settlement D7.n white")
	x.edit("hand blue 1 ore; hand white 1 ore; place settlement G4.n red; turn red")
	x.do("red", "roll", 3, 4)
	x.refuse("red", "pirate C6 steal white", "S44")
	x.refuse("red", "pirate B5", "S43")
	x.refuse("red", "robber C6", "S42")
	x.do("red", "pirate C6 steal blue")
	x.edit("turn blue trade; hand blue 2 lumber, 2 wool, 1 brick")
	for _, e := range []string{"B5-C6", "C6-C8", "C6-D5", "C6-D7", "C4-C6"} {
		x.refuse("blue", "build ship "+e, "")
	}
	x.refuse("blue", "move ship B7-C6 B5-B7", "S45")
	// Roads beside the pirate are not affected (S45).
	x.edit("turn white trade; hand white 1 brick, 1 lumber")
	x.do("white", "build road C6-D7")
}

// TestE14Gold: gold fields (S35, S36, S154).
func TestE14Gold(t *testing.T) {
	for _, noOre := range []bool{false, true} {
		x := newT(t, "new-shores", nil).edit("place settlement C6.n red; place city C8.n blue; turn red")
		if noOre {
			x.edit("hand white 19 ore")
		}
		x.do("blue", "orders gold ore grain")
		x.do("red", "roll", 1, 2)
		if noOre {
			x.wantHand("blue", "2 grain")
		} else {
			x.wantHand("blue", "1 ore, 1 grain")
		}
		x.wantPhase("decide", "red")
		x.do("red", "gold wool")
		x.wantHand("red", "1 wool")
		x.wantPhase("trade", "red")
	}
}

// TestE15NewShoresSVP: one special point in new-shores (S91, S92).
func TestE15NewShoresSVP(t *testing.T) {
	x := newShoresD5(t)
	vp := x.vp("red")
	x.do("red", "build ship C4-C6; build ship B5-C6; build settlement C6.n")
	if x.vp("red") != vp+2 || x.player("red").chits != 1 {
		t.Fatalf("red vp %d chits %d; want a special victory point for the first settlement on another island (S91)", x.vp("red"), x.player("red").chits)
	}
	x.edit("place ship C12-D11 red; hand red 1 brick, 1 lumber, 1 wool, 1 grain; turn red trade")
	x.do("red", "build settlement D11.n")
	if x.player("red").chits != 1 {
		t.Fatal("a second island earns nothing in new-shores")
	}
	x.edit("place ship B9-C8 blue; hand blue 1 brick, 1 lumber, 1 wool, 1 grain; turn blue trade")
	x.do("blue", "build settlement C8.n")
	if x.player("blue").chits != 1 {
		t.Fatal("blue's first settlement there still earns its chit")
	}
}

// TestE16FourIslands: special points 1, 2, 2 (S93, S94, S97).
func TestE16FourIslands(t *testing.T) {
	setup := func(o map[string]string) *tgame {
		x := newT(t, "four-islands", o)
		x.edit("place settlement D5.n red; place settlement G6.n red; home-islands red northwest southwest")
		x.edit("place settlement C10.n blue; place settlement E8.s blue; home-islands blue northeast")
		return x
	}
	x := setup(nil)
	x.edit("place ship E10-E12 red; place ship G12-G14 red; place ship D11-E12 red")
	x.edit("turn red trade; hand red 3 brick, 3 lumber, 3 wool, 3 grain")
	x.do("red", "build settlement D11.s")
	if x.player("red").chits != 1 {
		t.Fatalf("first foreign island: %d chits, want 1 (S93, S94)", x.player("red").chits)
	}
	x.do("red", "build settlement F13.s")
	if x.player("red").chits != 3 {
		t.Fatalf("second foreign island: %d chits, want 3 (S94)", x.player("red").chits)
	}
	x.edit("place ship G10-H11 red")
	x.do("red", "build settlement H11.n")
	if x.player("red").chits != 3 {
		t.Fatal("an island already counted earns nothing (S94)")
	}
	x.edit("place ship A6-B5 blue; place ship H7-I8 blue; place ship H11-I12 blue")
	x.edit("turn blue trade; hand blue 3 brick, 3 lumber, 3 wool, 3 grain")
	x.do("blue", "build settlement B5.n; build settlement H7.s; build settlement H11.s")
	if x.player("blue").chits != 5 {
		t.Fatalf("blue: %d chits, want 5 (S93, S94)", x.player("blue").chits)
	}
	// island_svp: 2 gives 2 for every first settlement (S97).
	x = setup(opts("island_svp=2"))
	x.edit("place ship E10-E12 red; turn red trade; hand red 1 brick, 1 lumber, 1 wool, 1 grain")
	x.do("red", "build settlement D11.s")
	if x.player("red").chits != 2 {
		t.Fatalf("island_svp 2: %d chits, want 2 (S97)", x.player("red").chits)
	}
}

// TestE17Fog: exploring the fog (S99, S142, S17).
func TestE17Fog(t *testing.T) {
	for _, force := range []string{"hills 5", "sea"} {
		x := newT(t, "fog-island", nil).edit("place settlement D7.n red; hand red 3 lumber, 3 wool; turn red trade; force fog " + force)
		ev := x.do("red", "build ship C8-D7")
		if has(ev, "explores") {
			t.Fatalf("C8.s touches no fog: %v", ev)
		}
		x.do("red", "build ship C8-D9")
		st := x.st()
		if len(st.Sealed) != 1 || st.Sealed[0].Kind != "fog" || *st.Sealed[0].At != "C10" || st.Sealed[0].Witness != "blue" {
			t.Fatalf("sealed %+v: exploring C10 is a sealed draw, blue its witness (S142)", st.Sealed)
		}
		x.refuse("red", "build ship C10-D9", "S17")
		x.do("red", "end")
		x.do("blue", "roll", 2, 3)
		st = x.st()
		hx := st.Board.Hexes[x.g.b.HexIndex(mustPos("C10"))]
		if force == "sea" {
			if hx.Terrain != "sea" || hx.Number != 0 {
				t.Fatalf("C10 %+v, want the sea the draw found (S142)", hx)
			}
			x.wantHand("red", "1 lumber, 1 wool")
			continue
		}
		if hx.Terrain != "hills" || hx.Number != 5 {
			t.Fatalf("C10 %+v, want hills 5 as the draw found (S142)", hx)
		}
		x.wantHand("red", "1 lumber, 1 wool, 1 brick")
		if st.ScenarioState.FogTiles.Hills != 0 || st.ScenarioState.FogNumbers["5"] != 1 {
			t.Fatalf("stacks %+v %+v", st.ScenarioState.FogTiles, st.ScenarioState.FogNumbers)
		}
	}
}

// TestE18Desert: through the desert to the strip (S95, V17).
func TestE18Desert(t *testing.T) {
	x := newT(t, "through-the-desert", nil).edit("place settlement F9.s red; turn red trade; hand red 4 brick, 4 lumber, 2 wool, 2 grain")
	x.do("red", "build road F9-G10; build road F11-G10; build settlement F11.s")
	if x.player("red").chits != 1 {
		t.Fatalf("chits %d", x.player("red").chits)
	}
	x.edit("place ship D3-D5 red")
	x.do("red", "build settlement C4.s")
	if x.player("red").chits != 1 {
		t.Fatal("once per player")
	}
	x = newT(t, "through-the-desert", nil)
	x.refuse("red", "place settlement F11.s road F11-G10", "S95")
	x.do("red", "place settlement G10.n road F9-G10")
}

// TestE19Gifts: forgotten-tribe gifts (S101–S105, V36).
func TestE19Gifts(t *testing.T) {
	for _, combined := range []bool{false, true} {
		o := opts()
		if combined {
			o = opts("phases=combined")
		}
		x := newT(t, "forgotten-tribe", o).edit("place settlement D3.n red; place ship C2-C4 red; place ship B3-C4 red; turn red trade")
		x.edit("hand red 3 lumber, 3 wool, 2 brick; force card knight")
		x.do("red", "build ship B3-B5")
		st := x.st()
		if len(st.Sealed) != 1 || st.Sealed[0].Kind != "card" || len(*st.ScenarioState.Gifts) != 17 {
			t.Fatalf("card gift: sealed %+v, %d gifts left", st.Sealed, len(*st.ScenarioState.Gifts))
		}
		x.do("red", "build ship A4-B5")
		want := []string{"harbour C2-D3 brick", "harbour C4-D3 brick"}
		if got := x.legal("red"); !slices.Equal(got, want) {
			t.Fatalf("harbour placements %v, want %v", got, want)
		}
		x.refuse("red", "end", "S105")
		x.do("red", "harbour C4-D3")
		if combined {
			x.do("red", "trade 2 brick for 1 ore")
		} else {
			x.refuse("red", "trade 2 brick for 1 ore", "S25")
		}
		x.do("red", "build ship A6-B5")
		if x.player("red").chits != 1 {
			t.Fatal("the special victory point gift is a chit")
		}
		x.edit("place ship A8-B7 red")
		x.refuse("red", "build settlement B7.n", "")
	}
}

// TestE20Cloth: villages and cloth (S106–S110, S112, S57).
func TestE20Cloth(t *testing.T) {
	x := newT(t, "cloth-for-catan", nil).edit("place settlement C8.n red; place settlement H7.s blue; turn red")
	x.do("red", "roll", 3, 4)
	x.refuse("red", "pirate E8", "S112")
	x.do("red", "robber B9")
	x.edit("turn red trade; hand red 2 lumber, 2 wool")
	ev := x.do("red", "build ship B9-C8; build ship C8-C10")
	if !has(ev, "takes 1 cloth") || x.player("red").cloth != 1 || x.g.villages[0].cloth != 4 {
		t.Fatalf("connection: %v; want red to take 1 cloth from the village, which had 5 (S106) and keeps 4", ev)
	}
	x.do("red", "end")
	x.advance(4, "red")
	for _, e := range []string{"B9-C8", "C8-C10"} {
		x.refuse("red", "move ship "+e+" C10-D9", "S57")
	}
	x.edit("turn red; robber G4")
	x.do("red", "roll", 5, 6)
	if x.player("red").cloth != 2 || x.g.villages[0].cloth != 3 {
		t.Fatalf("cloth %d village %d; a roll of the village's number gives a cloth (S109)", x.player("red").cloth, x.g.villages[0].cloth)
	}
	if x.vp("red") != 2 {
		t.Fatalf("vp %d: 1 settlement and 2 cloth, want 2 (S110)", x.vp("red"))
	}
	// Blue connected too, the village holding 1: the active player takes
	// the village's last, blue one from the general supply (S109).
	x.edit("connect D9.n blue; village D9.n 1; turn red")
	supply := x.g.clothSupply
	x.do("red", "roll", 5, 6)
	if x.player("red").cloth != 3 || x.player("blue").cloth != 1 || x.g.clothSupply != supply-1 || x.g.villages[0].cloth != 0 {
		t.Fatalf("red %d blue %d supply %d (S109)", x.player("red").cloth, x.player("blue").cloth, x.g.clothSupply)
	}
	x.edit("turn red")
	x.do("red", "roll", 5, 6)
	if x.player("red").cloth != 3 {
		t.Fatal("an empty village gives nothing (S109)")
	}
}

// pirate4 is pirate-islands with 4 seats red, blue, orange, white.
func pirate4(t *testing.T) *tgame {
	return newTSeats(t, "pirate-islands", []string{"red", "blue", "orange", "white"}, nil)
}

// TestE21Fleet: the pirate fleet attacks (S121, S122, S37).
func TestE21Fleet(t *testing.T) {
	for _, w := range []int{0, 1, 2} {
		x := pirate4(t).edit("place city D15.n red; hand red 5 ore; pirate F11")
		for i, e := range []string{"G12-H13", "G12-H11"}[:w] {
			if i == 0 {
				x.edit("remove G12-H13")
			}
			x.edit("place ship " + e + " red warship")
		}
		x.edit("turn blue")
		x.do("blue", "roll", 1, 4)
		if fl := x.st().ScenarioState.Fleet; fl == nil || *fl == nil || **fl != "G12" {
			t.Fatalf("fleet %v, want it moved by the roll to G12 (S37, S121)", fl)
		}
		x.cite("S122")
		switch w {
		case 0:
			// Two cards lost (1 + 1 city), then 1 ore from G14 (5).
			if x.hand("red").Total() != 4 {
				t.Fatalf("red holds %d cards, want 4 (S122)", x.hand("red").Total())
			}
		case 1:
			if x.hand("red").Total() != 6 {
				t.Fatal("equal strength: nothing happens (S122)")
			}
		case 2:
			x.wantPhase("decide", "red")
			x.do("red", "reward grain")
			x.wantHand("red", "6 ore, 1 grain")
		}
	}
}

// pirateChain is red's route from H13.n through I8.n to its fortress H5.s
// (BOARDS §12.3), the ship on G12-H13 pre-placed.
var pirateChain = []string{"G12-H11", "G10-H11", "G10-H9", "G8-H9", "H7-H9", "H7-I8", "H7-I6", "H5-I6"}

// TestE22Fortress: attacking the fortress (S124, S125, S143, S88).
func TestE22Fortress(t *testing.T) {
	setup := func(die int) *tgame {
		x := pirate4(t).edit("remove G12-H13; place ship G12-H13 red warship")
		for i, e := range pirateChain {
			ws := ""
			if i < 2 {
				ws = " warship"
			}
			x.edit("place ship " + e + " red" + ws)
		}
		return x.edit("turn red build; force die " + itoa(die))
	}
	for _, c := range []struct {
		die, chits int
		ships      []string
	}{{2, 2, nil}, {3, 3, []string{"H5-I6"}}, {5, 3, []string{"H5-I6", "H7-I6"}}} {
		x := setup(c.die)
		x.do("red", "attack")
		if x.pos.Current() != "blue" {
			t.Fatal("the attack ends the turn (S124)")
		}
		x.do("blue", "roll", 2, 3)
		if x.g.fortresses[0] != c.chits {
			t.Fatalf("die %d: chits %d, want %d; the sealed die decides the attack (S124, S143)", c.die, x.g.fortresses[0], c.chits)
		}
		for _, e := range c.ships {
			if x.g.edges[x.g.b.EdgeIndex(mustEdge(e))].own != 0 {
				t.Fatalf("die %d: the ship on %s should be gone (S124)", c.die, e)
			}
		}
	}
	// The third win captures the fortress; with 10 points red wins.
	x := setup(1).edit("fortress red 1; place city B15.n red; place city D17.n red; place city F17.s red; place city H15.s red")
	x.do("red", "attack")
	x.refuse("blue", "roll", "S145")
	x.do("blue", "resolve")
	if !x.pos.Over() || x.pos.Winners()[0] != "red" {
		t.Fatalf("red should win at the capture, as the draw resolves: vp %d (S88, S125)", x.vp("red"))
	}
}

// TestE23Theater: the Theater (S126–S131).
func TestE23Theater(t *testing.T) {
	x := newT(t, "wonders-of-catan", nil).edit("place city E8.n red; place city F11.s red; hand red 2 brick, 2 lumber, 6 wool; turn red trade")
	ships := x.player("red").supply[supShip]
	x.do("red", "wonder theater; build wonder; build wonder")
	if x.g.wonders[Theater].level != 2 || x.g.wonders[Theater].owner != 0 || x.player("red").supply[supShip] != ships-1 {
		t.Fatalf("theater %+v", x.g.wonders[Theater])
	}
	if x.hand("red").Total() != 0 {
		t.Fatal("two levels cost 1 brick, 1 lumber, 3 wool each")
	}
	x.edit("place city G10.s blue; place city D15.n blue; turn blue trade")
	x.refuse("blue", "wonder theater", "S129")
	x.edit("turn red trade; place city B11.n red")
	x.refuse("red", "wonder cathedral", "S129")
	x.edit("wonder theater red 3; hand red 1 brick, 1 lumber, 3 wool")
	x.do("red", "build wonder")
	if !x.pos.Over() {
		t.Fatal("level 4 wins (S131)")
	}
	// 10 points and the highest level win at once.
	x = newT(t, "wonders-of-catan", nil).edit("place city E8.n red; place city F11.s red; place city B11.n red; place city B9.n red; place settlement F15.s red; card red victory-point")
	x.edit("wonder theater red 1; wonder cathedral blue 1; hand red 1 brick, 1 lumber, 3 wool; turn red trade")
	x.do("red", "build wonder")
	if !x.pos.Over() || x.pos.Winners()[0] != "red" {
		t.Fatalf("10 points and the highest level: vp %d (S131)", x.vp("red"))
	}
}

// TestE24RoadBuilding: Road Building with ships (S76).
func TestE24RoadBuilding(t *testing.T) {
	x := newT(t, "new-shores", nil).edit("place settlement D5.n red; card red road-building; turn red trade")
	if _, err := x.pos.Clone().Apply("red", x.parse("play road-building road C6-D5 ship C4-D5"), x.tb.next(x.pos, "red")); err != nil {
		t.Fatalf("a road and a ship with Road Building: %v (S76)", err)
	}
	x.do("red", "play road-building ship C4-C6 ship B5-C6")
	if x.player("red").played[RoadBuilding-1] != 1 || !x.g.hasShip(x.g.b.EdgeIndex(mustEdge("B5-C6")), 0) {
		t.Fatal("two ships, the card played (S76)")
	}
	x.edit("card red knight")
	x.refuse("red", "play knight", "S29")
}

// TestE25WinAtTurnStart: winning when one's turn begins (S82, S87).
func TestE25WinAtTurnStart(t *testing.T) {
	// Seats red, white, blue: blue's turn follows white's.
	x := newTSeats(t, "base", []string{"red", "white", "blue"}, nil)
	x.edit("place settlement B5.s red; place road B5-C6 red; place road B7-C6 red; place road B7-C8 red; place road B9-C8 red; place road B9-C10 red; place road B11-C10 red")
	x.edit("place settlement G6.s blue; place road G6-H7 blue; place road G8-H7 blue; place road G8-H9 blue; place road G10-H9 blue; place road G10-H11 blue")
	x.edit("place city E4.s blue; place city E12.n blue; place city D7.s blue; place city F9.s blue")
	x.edit("place road C6-C8 white; hand white 1 brick, 1 lumber, 1 wool, 1 grain; turn white trade")
	if *x.st().LongestRoute != "red" || x.vp("blue") != 9 {
		t.Fatalf("holder %v, blue %d", *x.st().LongestRoute, x.vp("blue"))
	}
	x.do("white", "build settlement B7.s")
	if *x.st().LongestRoute != "blue" || x.vp("blue") != 11 || x.pos.Over() {
		t.Fatalf("blue should take the card without winning in white's turn: %v %d (S82, S87)", *x.st().LongestRoute, x.vp("blue"))
	}
	x.do("white", "end")
	if !x.pos.Over() || x.pos.Winners()[0] != "blue" {
		t.Fatal("blue wins as its turn begins (S87)")
	}
}

// TestE26VillageEnd: the village end (S114).
func TestE26VillageEnd(t *testing.T) {
	for _, c := range []struct{ extra, want string }{{"place settlement H11.s blue", "blue"}, {"", "red"}, {"cloth blue 1", "blue"}} {
		x := newT(t, "cloth-for-catan", nil).edit("village F9.s 1; village E6.s 0; village E12.n 0; village E12.s 0; village F9.n 0; connect F9.s red; turn blue")
		if c.extra != "" {
			x.edit(c.extra)
		}
		x.do("blue", "roll", 1, 2)
		if !x.pos.Over() || x.pos.Winners()[0] != c.want {
			t.Fatalf("%q: over %v winners %v, want %s (S114)", c.extra, x.pos.Over(), x.pos.Winners(), c.want)
		}
	}
}
