package seafarers

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// seven rolls a seven for seat (no discards owed at the table's hands).
func (x *tgame) seven(seat string) {
	x.t.Helper()
	x.do(seat, "roll", 3, 4)
}

// TestD01RobberMustMove: the robber must move (S42).
func TestD01RobberMustMove(t *testing.T) {
	x := base2(t)
	x.seven("red")
	x.refuse("red", "robber E8", "S42")
}

// TestD02NobodyToRob: a victim needs a card (S44).
func TestD02NobodyToRob(t *testing.T) {
	x := base2(t)
	x.seven("red")
	x.refuse("red", "robber D7 steal blue", "S44")
	x.do("red", "robber D7")
	if x.st().Board.Robber == nil || *x.st().Board.Robber != "D7" {
		t.Fatal("the robber moves to D7")
	}
}

// TestD03KnightBeforeRoll: two robber moves in one turn; the knight was the
// turn's card (S29, S74, S26).
func TestD03KnightBeforeRoll(t *testing.T) {
	x := base2(t).edit("card red knight; card red monopoly")
	x.do("red", "play knight robber D9")
	// The robber move made, the phase goes back to roll (S26).
	x.cite("S26")
	x.wantPhase("roll", "red")
	x.seven("red")
	x.refuse("red", "robber D9", "S42")
	x.do("red", "robber D5")
	x.refuse("red", "play monopoly ore", "S29")
}

// TestD04ResolvedKnightNotPlayable: a card resolved in the turn it was
// bought is still not playable then (S74, S140, S146).
func TestD04ResolvedKnightNotPlayable(t *testing.T) {
	x := newT1(t, "base", nil)
	x.advance(2, "red")
	x.edit("hand red 1 wool, 1 grain, 1 ore; force card knight")
	x.do("red", "buy card")
	x.do("blue", "resolve")
	x.refuse("red", "play knight", "S74")
	x.do("red", "end")
	x.advance(5, "red")
	x.edit("turn red")
	x.do("red", "play knight")
}

// TestD05OneCardPerTurn: one card per turn; victory points never played
// and never block (S29, S79).
func TestD05OneCardPerTurn(t *testing.T) {
	x := newT(t, "base", nil).edit("card red year-of-plenty; card red monopoly; card red victory-point; turn red trade")
	x.refuse("red", "play victory-point", "S79")
	x.do("red", "play year-of-plenty 2 ore")
	x.refuse("red", "play monopoly ore", "S29")
}

// TestD06LikeForLike: no resource on both sides (S62, S64).
func TestD06LikeForLike(t *testing.T) {
	x := newT(t, "base", nil).edit("hand red 4 wool, 4 ore; turn red trade")
	x.refuse("red", "offer 1 wool for 1 wool to blue", "S64")
	x.refuse("red", "trade 4 ore for 1 ore", "S62")
}

// TestD07OfferLimit: offers per turn (S66).
func TestD07OfferLimit(t *testing.T) {
	for _, unlimited := range []bool{false, true} {
		o := opts()
		if unlimited {
			o = opts("offers_per_turn=unlimited")
		}
		x := newT(t, "base", o).edit("hand red 4 wool; turn red trade")
		for range 3 {
			x.do("red", "offer 1 wool for 1 ore to blue")
		}
		if unlimited {
			x.do("red", "offer 1 wool for 1 ore to blue")
		} else {
			x.refuse("red", "offer 1 wool for 1 ore to blue", "S66")
		}
	}
	x := newT(t, "base", opts("offers_per_turn=0")).edit("hand red 4 wool; turn red trade")
	x.refuse("red", "offer 1 wool for 1 ore to blue", "S66")
}

// TestD08TradeWhileOwed: no trade while a decision is owed (S61).
func TestD08TradeWhileOwed(t *testing.T) {
	x := newT(t, "new-shores", nil).edit("place settlement C6.n white; place settlement G4.n red; hand red 4 wool; turn red")
	x.do("red", "roll", 1, 2)
	x.wantPhase("decide", "white")
	x.refuse("red", "offer 1 wool for 1 ore to blue", "S61")
	x.refuse("red", "trade 4 wool for 1 ore", "S61")
}

// TestD09EndWithOpenOffer: the turn does not end over an open offer (S28).
func TestD09EndWithOpenOffer(t *testing.T) {
	x := newT(t, "base", nil).edit("hand red 1 wool; hand blue 1 ore; turn red trade")
	x.do("red", "offer 1 wool for 1 ore to blue")
	x.refuse("red", "end", "S28")
	x.do("red", "withdraw; end")
}

// TestD10EdgeKinds: ships between land, roads between sea (S51, S52).
func TestD10EdgeKinds(t *testing.T) {
	x := newShoresD5(t)
	x.refuse("red", "build ship D5-E4", "S52")
	x.refuse("red", "build road C4-C6", "S51")
	x.do("red", "build road C4-D5")
}

// TestD11Frame: edges along the frame (S14, V2).
func TestD11Frame(t *testing.T) {
	x := newT(t, "forgotten-tribe", nil).edit("place settlement D3.n red; place ship C2-C4 red; place ship B3-C4 red; hand red 4 lumber, 4 wool; turn red trade")
	for _, e := range []string{"B3-B5", "B5-C4"} {
		if _, err := x.pos.Clone().Apply("red", x.parse("build ship "+e), x.tb.next(x.pos, "red")); err != nil {
			t.Errorf("build ship %s: %v", e, err)
		}
	}
	x.refuse("red", "build ship A4-B3", "S15")
}

// TestD12SetupShipBesidePirate: no setup ship beside the pirate (S20, S45).
func TestD12SetupShipBesidePirate(t *testing.T) {
	x := newT(t, "four-islands", nil)
	x.refuse("red", "place settlement F13.n ship E12-E14", "S45")
	x.do("red", "place settlement F13.n ship E12-F13")
}

// c4Ring are the six sides of C4.
var c4Ring = []string{"C4-D5", "C4-D3", "C2-C4", "B3-C4", "B5-C4", "C4-C6"}

func (x *tgame) movable(seat, edge string) bool {
	c, _ := ParseColour(seat)
	r, _ := x.g.movableProblem(x.g.seatIndex(c), x.g.b.EdgeIndex(mustEdge(edge)))
	return r == ""
}

// TestD13LoopAtSettlement: a loop through one settlement (S58, V9).
func TestD13LoopAtSettlement(t *testing.T) {
	x := newT(t, "new-shores", nil).edit("place settlement D5.n red")
	for _, e := range c4Ring {
		x.edit("place ship " + e + " red")
	}
	x.edit("turn red trade")
	for _, e := range c4Ring {
		want := e == "C4-D5" || e == "C4-C6"
		if got := x.movable("red", e); got != want {
			t.Errorf("%s movable %v, want %v", e, got, want)
		}
	}
	x.refuse("red", "move ship B3-C4 C6-D5", "S58")
}

// TestD14LoopWithoutSettlement: every ship of a loop without a building is
// an end ship (S58).
func TestD14LoopWithoutSettlement(t *testing.T) {
	x := newT(t, "new-shores", nil).edit("place settlement E4.n red; place ship D3-D5 red")
	for _, e := range c4Ring {
		x.edit("place ship " + e + " red")
	}
	x.edit("turn red trade")
	for _, e := range c4Ring {
		if !x.movable("red", e) {
			t.Errorf("%s should be an end ship", e)
		}
	}
	if x.movable("red", "D3-D5") {
		t.Error("D3-D5 has no free end")
	}
}

// TestD15ClosedStaysClosed: a settlement on a closed route cuts the trade
// route but does not open it (S57, S81).
func TestD15ClosedStaysClosed(t *testing.T) {
	x := newT(t, "new-shores", nil).edit("place settlement D5.n red; place settlement B5.n red; place ship C4-C6 red; place ship B5-C4 red; place ship B3-B5 red; place ship A4-B5 red")
	x.edit("place settlement E4.n blue; place ship D3-D5 blue; place ship C4-D3 blue; place ship C2-C4 blue; place ship B3-C4 blue")
	x.edit("hand blue 1 brick, 1 lumber, 1 wool, 1 grain; turn blue trade")
	x.do("blue", "build settlement C4.n")
	if x.player("red").route != 2 {
		t.Fatalf("red's route %d, want 2", x.player("red").route)
	}
	x.edit("turn red trade")
	for _, e := range []string{"C4-C6", "B5-C4", "B3-B5", "A4-B5"} {
		x.refuse("red", "move ship "+e+" C6-C8", "S57")
	}
}

// TestD16OneMove: one ship move per turn, not a ship built this turn (S59,
// S60).
func TestD16OneMove(t *testing.T) {
	x := newT(t, "new-shores", nil)
	x.advance(3, "red")
	x.edit("place settlement D5.n red; place ship C4-C6 red; place ship B5-C6 red; place ship C4-D5 red; hand red 1 lumber, 1 wool")
	x.do("red", "move ship B5-C6 B5-C4")
	x.refuse("red", "move ship B5-C4 B3-C4", "S59")
	x.edit("turn red trade")
	x.do("red", "build ship B3-C4")
	x.refuse("red", "move ship B3-C4 B3-B5", "S60")
}

// TestD17ShipBesidePirate: a ship beside the pirate cannot move (S45).
func TestD17ShipBesidePirate(t *testing.T) {
	x := newT(t, "new-shores", nil)
	x.advance(2, "red")
	x.edit("place settlement D7.n red; place ship C6-D7 red; place ship C6-C8 red; pirate C6")
	x.refuse("red", "move ship C6-C8 C8-D7", "S45")
}

// TestD18TradeAfterBuilding: phases separate and combined (S25, V4).
func TestD18TradeAfterBuilding(t *testing.T) {
	for _, combined := range []bool{false, true} {
		o := opts()
		if combined {
			o = opts("phases=combined")
		}
		x := newT(t, "base", o).edit("place settlement D7.n red; hand red 1 brick, 1 lumber, 4 wool; card red knight; turn red")
		x.do("red", "roll", 2, 3)
		x.do("red", "build road C6-D7")
		x.do("red", "play knight; robber D9")
		if combined {
			x.do("red", "trade 4 wool for 1 ore")
		} else {
			x.refuse("red", "trade 4 wool for 1 ore", "S25")
		}
	}
}

// TestD19YearOfPlentyShortBank: Year of Plenty takes what the bank has
// (S77, V32).
func TestD19YearOfPlentyShortBank(t *testing.T) {
	x := newT(t, "base", nil).edit("hand blue 19 brick, 19 lumber, 19 wool; hand white 19 grain, 18 ore; card red year-of-plenty; turn red trade")
	x.refuse("red", "play year-of-plenty 1 ore, 1 wool", "S77")
	x.do("red", "play year-of-plenty 1 ore")
	x.wantHand("red", "1 ore")
}

// TestD20MonopolyNothing: a monopoly nobody can pay (S78).
func TestD20MonopolyNothing(t *testing.T) {
	x := newT(t, "base", nil).edit("card red monopoly; hand blue 2 wool; turn red trade")
	x.do("red", "play monopoly brick")
	x.cite("S78")
	x.wantHand("blue", "2 wool")
	if x.player("red").played[Monopoly-1] != 1 || len(x.player("red").cards) != 0 {
		t.Fatal("the card is spent, though nobody had brick to give (S78)")
	}
}

// TestD21GoldShortBank: gold choices take what the bank holds (S36, S154).
func TestD21GoldShortBank(t *testing.T) {
	x := newT(t, "new-shores", nil).edit("place settlement C6.n blue; place settlement G4.n red; hand white 19 ore; turn red")
	x.do("red", "roll", 1, 2)
	x.refuse("blue", "gold 1 ore", "S36")
	x.do("blue", "orders gold ore")
	x.wantHand("blue", "1 brick")
	x.wantPhase("trade", "red")
}

// TestD22DiscardCounts: half of a hand over the limit, rounded down (S39,
// S80).
func TestD22DiscardCounts(t *testing.T) {
	x := newTSeats(t, "cloth-for-catan", []string{"red", "blue", "white", "orange"}, nil)
	x.edit("hand red 4 wool, 3 ore; hand blue 4 brick, 4 lumber; hand white 5 lumber, 4 wool; hand orange 8 ore, 7 grain; card red knight; card red monopoly; cloth red 5; turn white")
	x.do("white", "roll", 3, 4)
	want := map[string]int{"blue": 4, "white": 4, "orange": 7}
	for _, p := range x.st().Pending {
		if want[p.Seat] != p.Count || p.Kind != "discard" {
			t.Errorf("pending %+v: want half of the resource cards, development cards and cloth not counted (S39, S80)", p)
		}
		delete(want, p.Seat)
	}
	if len(want) != 0 {
		t.Errorf("no discard owed by %v", want)
	}
}

// TestD23SetupMainOnly: new-shores setup on the main island only (S92).
func TestD23SetupMainOnly(t *testing.T) {
	x := newT(t, "new-shores", nil)
	x.refuse("red", "place settlement C6.n ship C4-C6", "S92")
}

// TestD24StealSnapshot: a sealed steal draws from the robbed hand as it was
// (S141, V13).
func TestD24StealSnapshot(t *testing.T) {
	for _, c := range []struct{ force, red string }{{"brick", "1 brick"}, {"wool", "1 brick, 1 wool"}} {
		x := newT1(t, "base", nil).edit("place settlement D7.n blue; place settlement G8.n red; hand blue 1 brick, 1 wool; card red monopoly; turn red; force steal " + c.force)
		x.seven("red")
		x.do("red", "robber D7 steal blue")
		x.do("red", "play monopoly brick")
		x.do("red", "end")
		x.do("blue", "roll", 2, 3)
		x.wantHand("red", c.red)
	}
}

// TestD25ResolveAlone: an entry whose resolution ends the game is resolve
// alone (S145).
func TestD25ResolveAlone(t *testing.T) {
	x := newT(t, "base", nil).edit("place city C6.n red; place city C10.n red; place city F5.s red; place city G10.s red; place settlement E12.n red")
	x.advance(2, "red")
	x.edit("hand red 1 wool, 1 grain, 1 ore; force card victory-point")
	x.do("red", "buy card; end")
	x.refuse("blue", "roll", "S145")
	x.refuse("blue", "resolve; roll", "S145")
	if l := x.legal("blue"); !slices.Equal(l, []string{"resolve"}) {
		t.Fatalf("blue may only resolve: %v", l)
	}
	x.do("blue", "resolve")
}

// TestD26Pending: a pending fog position blocks its sides and corners
// (S99, S144).
func TestD26Pending(t *testing.T) {
	x := newT1(t, "fog-island", nil).edit("place settlement D7.n red; place ship C8-D7 red; hand red 3 lumber, 3 wool; turn red trade; force fog hills 5")
	x.do("red", "build ship C8-D9")
	x.refuse("red", "build ship C10-D9", "S17")
	x.refuse("red", "build ship B9-C10", "S17")
	// Elsewhere the drawer carries on while the draw is pending (S144).
	x.cite("S144")
	x.do("red", "build ship C6-C8")
	x.edit("turn white")
	x.seven("white")
	x.refuse("white", "robber C10", "S17")
	x.refuse("white", "pirate C10", "S17")
	x.do("white", "robber C6 steal red")
	x.do("blue", "resolve")
	x.edit("turn red trade; hand red 2 lumber, 2 wool")
	x.do("red", "build ship C10-D9")
}

// TestD27SetupFog: no setup settlement touches an unexplored position
// (S20, S17); a setup ship whose far end is a corner of fog explores it, as
// in play (S23, S99): a sealed fog draw the next seat's entry resolves
// (format 1; format 2: TestSetupFogWaitsForTurnOne), the tile's resource
// to the placer.
func TestD27SetupFog(t *testing.T) {
	x := newT1(t, "fog-island", nil)
	x.refuse("red", "place settlement C12.n road B11-C12", "S20")
	for _, a := range x.legal("red") {
		m, _ := ParseAction(a)
		c := x.g.b.CornerIndex(m.Corner)
		e := x.g.b.EdgeIndex(m.Edge)
		if x.g.cornerUnexplored(c) || x.g.l.edgeUnexplored(e) {
			t.Fatalf("S20: %s touches fog", a)
		}
	}
	x.edit("force fog hills 5")
	ev := x.do("red", "place settlement C8.s ship C8-D9")
	st := x.st()
	if len(st.Sealed) != 1 || st.Sealed[0].Kind != "fog" || *st.Sealed[0].At != "C10" || st.Sealed[0].Witness != "blue" {
		t.Fatalf("S23, S99: the setup ship C8-D9 ends on a corner of fog C10 and explores it: sealed %+v, events %q", st.Sealed, ev)
	}
	if err := x.g.Check(); err != nil {
		t.Fatalf("S158: %v", err)
	}
	checkLoad(t, x.setup, x.pos)
	x.do("blue", x.legal("blue")[0])
	hx := x.st().Board.Hexes[x.g.b.HexIndex(mustPos("C10"))]
	if hx.Terrain != "hills" || hx.Number != 5 {
		t.Fatalf("S99: C10 explored as %+v, want hills 5", hx)
	}
	x.wantHand("red", "1 brick")

	// Without sealed draws the tile is drawn at once.
	y := newT(t, "fog-island", opts("sealed_draws=false")).edit("force fog pasture 6")
	y.do("red", "place settlement C8.s ship C8-D9")
	if hx := y.st().Board.Hexes[y.g.b.HexIndex(mustPos("C10"))]; hx.Terrain != "pasture" || hx.Number != 6 {
		t.Fatalf("S99: C10 explored as %+v, want pasture 6", hx)
	}
	y.wantHand("red", "1 wool")
}

// TestD28ClothPirate: the pirate needs a village connection; cloth moves at
// once (S112).
func TestD28ClothPirate(t *testing.T) {
	x := newT(t, "cloth-for-catan", nil).edit("place settlement C8.n red; place ship D9-E8 blue; cloth blue 1; hand blue 1 ore; turn red")
	x.seven("red")
	for _, a := range x.legal("red") {
		if !strings.HasPrefix(a, "robber ") {
			t.Fatalf("without a connection only the robber moves: %s", a)
		}
	}
	x.edit("connect D9.n red; turn red")
	x.seven("red")
	x.do("red", "pirate E8 steal blue cloth")
	if x.player("red").cloth != 1 || len(x.st().Sealed) != 0 {
		t.Fatal("the cloth moves at once, unsealed")
	}
}

// TestD29PirateRoute: one shipping route, closer each time (S118); its
// ships move like any ships, to an edge a new ship could take, judged
// without the moved ship (S59, S118).
func TestD29PirateRoute(t *testing.T) {
	x := pirate4(t).edit("pirate F7; hand red 5 lumber, 5 wool; turn red trade")
	for _, e := range []string{"G12-H11", "H11-H13"} {
		if _, err := x.pos.Clone().Apply("red", x.parse("build ship "+e), x.tb.next(x.pos, "red")); err != nil {
			t.Errorf("S118: build ship %s: %v", e, err)
		}
	}
	x.refuse("red", "build ship G10-G12", "S118")
	x.do("red", "build ship G12-H11")
	x.refuse("red", "build ship H11-H13", "S118")
	x.refuse("red", "move ship G12-H11 H11-H13", "S60")
	x.edit("place ship G10-H11 red; place ship G10-H9 red; place ship G8-H9 red; place ship H7-H9 red")
	x.refuse("red", "build ship H9-I8", "S118")
	x.do("red", "build ship H7-I8")

	// Moves: the chain G12-H13, G12-H11 (the second a warship, placed by
	// an edit, so not built this turn).
	y := pirate4(t).edit("pirate F7; place ship G12-H11 red warship; turn red trade")
	y.refuse("red", "move ship G12-H13 H11-H13", "S58")
	y.refuse("red", "move ship G12-H11 G10-H11", "S118")
	var moves []string
	for _, a := range y.legal("red") {
		if strings.HasPrefix(a, "move ship ") {
			moves = append(moves, a)
		}
	}
	if !slices.Equal(moves, []string{"move ship G12-H11 H11-H13"}) {
		t.Fatalf("S59, S118: listed moves %q, want only move ship G12-H11 H11-H13", moves)
	}
	y.do("red", "move ship G12-H11 H11-H13")
	e := y.g.edges[y.g.b.EdgeIndex(mustEdge("H11-H13"))]
	if !e.ship || !e.warship || e.owner() != y.g.seatIndex(Red) {
		t.Fatalf("S59, S120: the moved ship on H11-H13 is %+v, want red's warship", e)
	}
	y.refuse("red", "move ship H11-H13 G12-H11", "S59")
}

// TestD30PirateSeats: white is not seated with 3 in pirate-islands; no
// victory-point cards then (S3, S8).
func TestD30PirateSeats(t *testing.T) {
	_, err := Rules{}.New(engine.Setup{Seats: []string{"red", "blue", "white"}, Choices: map[string]string{"scenario": "pirate-islands"}}, nil)
	var se *engine.SetupError
	if !errors.As(err, &se) || se.Field != "seats" {
		t.Fatalf("got %v, want a seats SetupError", err)
	}
	x := newTSeats(t, "pirate-islands", []string{"red", "blue", "orange"}, nil)
	if x.g.unseen.Total() != 20 || x.g.unseen[VictoryPoint-1] != 0 {
		t.Fatalf("unseen %v", x.g.unseen)
	}
}

// TestD31ArmyTie: a tie leaves Largest Army with its holder (S83).
func TestD31ArmyTie(t *testing.T) {
	x := newT(t, "base", nil).edit("card red knight played; card red knight played; card red knight played; card blue knight played; card blue knight played; card blue knight; turn blue trade")
	x.do("blue", "play knight")
	if *x.st().LargestArmy != "red" {
		t.Fatal("red keeps it")
	}
}

// TestD32RouteTie: a tie at 5 gives the card to nobody (S82).
func TestD32RouteTie(t *testing.T) {
	x := newT(t, "base", nil).edit("place settlement B5.s red; place road B5-C6 red; place road B7-C6 red; place road B7-C8 red; place road B9-C8 red; place road B9-C10 red" +
		"; place settlement G6.s blue; place road G6-H7 blue; place road G8-H7 blue; place road G8-H9 blue; place road G10-H9 blue; place road G10-H11 blue")
	if x.st().LongestRoute != nil {
		t.Fatal("a tie at 5: nobody")
	}
	x.edit("hand red 2 brick, 2 lumber; turn red trade")
	x.do("red", "build road B11-C10")
	if *x.st().LongestRoute != "red" {
		t.Fatal("red alone longest takes it")
	}
}

// TestD33SettlementSupply: supply limits (S9, S30, S50).
func TestD33SettlementSupply(t *testing.T) {
	x := newT(t, "base", nil).edit("place settlement C6.n red; place settlement C10.n red; place settlement F5.s red; place settlement G10.s red; place settlement E12.n red")
	x.edit("place road D5-D7 red; hand red 2 brick, 2 lumber, 2 wool, 4 grain, 3 ore; turn red trade")
	x.refuse("red", "build settlement E6.n", "S30")
	x.do("red", "build city C6.n")
	// The city's settlement went back to red's supply (S50).
	x.cite("S50")
	x.do("red", "build settlement E6.n")
}

// TestD34HarbourAside: a harbour kept aside is placed when a settlement
// allows it (S105, V19).
func TestD34HarbourAside(t *testing.T) {
	x := newT(t, "forgotten-tribe", nil).edit("gift B3-B5 none; place settlement E8.s red; place ship C2-C4 red; place ship B3-C4 red; place ship B3-B5 red")
	x.edit("hand red 1 lumber, 1 wool; turn red trade")
	x.do("red", "build ship A4-B5")
	if len(x.player("red").aside) != 1 || len(x.st().Pending) != 0 {
		t.Fatal("the harbour goes aside")
	}
	x.do("red", "end")
	x.advance(4, "red")
	x.edit("hand red 1 brick, 1 lumber, 1 wool, 1 grain")
	x.do("red", "build settlement D3.n")
	x.refuse("red", "end", "S105")
	x.do("red", "harbour C4-D3 brick; end")
}

// TestD35ClothSetup: the third settlement pays (S19, S21, S106, V22).
func TestD35ClothSetup(t *testing.T) {
	x := newT(t, "cloth-for-catan", nil)
	steps := []struct{ seat, move string }{
		{"red", "place settlement B5.s road B5-C6"}, {"blue", "place settlement G12.n road F11-G12"}, {"white", "place settlement H5.n road G4-H5"},
		{"white", "place settlement C12.s road C12-D11"}, {"blue", "place settlement G14.s road G14-H15"}, {"red", "place settlement B9.s road B9-C8"},
	}
	for _, s := range steps {
		x.do(s.seat, s.move)
	}
	for _, seat := range []string{"red", "blue", "white"} {
		if x.hand(seat).Total() != 0 {
			t.Fatalf("%s got cards from its second settlement", seat)
		}
	}
	if x.pos.Current() != "red" || x.st().Setup.Round != 3 {
		t.Fatal("round 3 starts with the first seat")
	}
	x.do("red", "place settlement H7.n road G6-H7")
	x.wantHand("red", "1 lumber, 1 wool")
}

// TestD36Monument: the Monument's route of 5 (S128, V27).
func TestD36Monument(t *testing.T) {
	x := newT(t, "wonders-of-catan", nil).edit("place city D7.n red; place road C6-C8 red; place road B7-C8 red; place road B9-C8 red; place road B9-C10 red")
	x.edit("hand red 1 brick, 1 lumber; turn red trade")
	x.refuse("red", "wonder monument", "S128")
	x.do("red", "build road B11-C10; wonder monument")
}

// TestD37Exclamation: no setup settlement on a marked corner (S126).
func TestD37Exclamation(t *testing.T) {
	x := newT(t, "wonders-of-catan", nil)
	x.refuse("red", "place settlement C14.n road B15-C14", "S126")
	x.edit("turn red trade; place road B15-C14 red; hand red 1 brick, 1 lumber, 1 wool, 1 grain")
	x.do("red", "build settlement C14.n")
}

// TestD38FirstSeatJoinsFirst: a random board needs the first seat's join
// first (S133, V15).
func TestD38FirstSeatJoinsFirst(t *testing.T) {
	p, err := Rules{}.New(engine.Setup{Seats: []string{"red", "blue", "white"}, Choices: map[string]string{"scenario": "base"}, Options: opts("harbours=shuffled")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	jc := p.(engine.JoinChecker)
	var re *engine.RuleError
	if err := jc.CheckJoin("blue", nil); !errors.As(err, &re) || re.Rule != "S133" {
		t.Fatalf("blue first: %v, want a refusal (S133)", err)
	}
	if err := jc.CheckJoin("red", nil); err != nil {
		t.Fatalf("red, the first seat, joins first: %v (S133)", err)
	}
	if err := jc.CheckJoin("blue", []string{"red"}); err != nil {
		t.Fatalf("blue after red: %v (S133)", err)
	}
	fixed, _ := Rules{}.New(engine.Setup{Seats: []string{"red", "blue", "white"}, Choices: map[string]string{"scenario": "base"}}, nil)
	if err := fixed.(engine.JoinChecker).CheckJoin("blue", nil); err != nil {
		t.Fatal("a fixed board needs no seed: any order (S133)")
	}
}

// TestD39OnlyTheWitness: only the witness's entry resolves (S138, S139).
func TestD39OnlyTheWitness(t *testing.T) {
	x := newT1(t, "base", nil).edit("hand red 1 wool, 1 grain, 1 ore; turn red trade")
	x.do("red", "buy card")
	x.do("white", "orders clear")
	if len(x.st().Sealed) != 1 {
		t.Fatal("white's entry resolved it: only the witness's reveal counts (S139)")
	}
	x.do("blue", "orders clear")
	if len(x.st().Sealed) != 0 {
		t.Fatal("blue's orders entry resolves it: any entry of the witness reveals (S139)")
	}
}

// TestD40WinMidMove: a move that wins before its last action is refused
// (S86, S89, S114, V38).
func TestD40WinMidMove(t *testing.T) {
	x := newT(t, "base", nil).edit("place city C6.n red; place city C10.n red; place city F5.s red; place city G10.s red")
	x.edit("card red knight played; card red knight played; card blue knight played; card blue knight played; card red knight; turn red")
	re := x.refuse("red", "play knight; robber D7", "S86")
	if !strings.Contains(re.Reason, "play knight") {
		t.Fatalf("the refusal names the winning action: %s", re.Reason)
	}
	x.do("red", "play knight")
	if !x.pos.Over() || len(x.st().Pending) != 0 {
		t.Fatal("play knight alone wins; no robber move owed after the end (S89)")
	}
	// The village end by an implicit roll (topic moves, S32).
	y := newT(t, "cloth-for-catan", nil).edit("village F9.s 1; village E6.s 0; village E12.n 0; village E12.s 0; village F9.n 0; connect F9.s red")
	y.edit("place settlement B5.s red; place road B5-C4 red; hand red 1 brick, 1 lumber; turn red")
	y.refuse("red", "build road C4-C6", "S86", 1, 2)
	y.do("red", "roll", 1, 2)
	if !y.pos.Over() {
		t.Fatal("roll alone ends the game")
	}
}

// TestD41StealCloth: cloth or a card from the pirate's victim (S112, S136).
func TestD41StealCloth(t *testing.T) {
	x := newT(t, "cloth-for-catan", nil).edit("place settlement C8.n red; connect D9.n red; place ship D9-E8 white; cloth white 1; turn red")
	x.seven("red")
	x.refuse("red", "pirate E8 steal white", "S112")
	x.do("red", "pirate E8 steal white cloth")
	if len(x.st().Sealed) != 0 || x.player("red").cloth != 1 {
		t.Fatal("the cloth moves at once: a stolen cloth is never sealed (S136)")
	}
}

// TestD42ImpossibleForce: an impossible forced outcome fails the entry
// needing it (S160).
func TestD42ImpossibleForce(t *testing.T) {
	for _, sealed := range []bool{true, false} {
		o := opts()
		if !sealed {
			o = opts("sealed_draws=false")
		}
		x := newT1(t, "base", o).edit("card blue monopoly; card blue monopoly played; hand red 1 wool, 1 grain, 1 ore; turn red trade; force card monopoly")
		if !sealed {
			se := x.stateErr("red", "buy card")
			if se.Field != "forced" || !strings.Contains(se.Reason, "card monopoly") {
				t.Fatalf("%v, want the entry refused naming the impossible force (S160)", se)
			}
			continue
		}
		x.do("red", "buy card")
		se := x.stateErr("blue", "resolve")
		if !strings.Contains(se.Reason, "card monopoly") {
			t.Fatalf("%v, want the resolve refused naming the impossible force (S160)", se)
		}
		x.edit("force clear")
		x.do("blue", "resolve")
	}
}

// TestD43ForcedQueue: forced outcomes queue per kind (S160).
func TestD43ForcedQueue(t *testing.T) {
	x := newT1(t, "base", nil).edit("force card knight; force die 3; force card victory-point; hand red 2 wool, 2 grain, 2 ore; turn red trade")
	if f := *x.st().Forced; len(f) != 3 || f[0] != (Forced{"card", "knight"}) || f[1] != (Forced{"die", "3"}) || f[2] != (Forced{"card", "victory-point"}) {
		t.Fatalf("forced %+v, want the queue in the order set (S160)", f)
	}
	x.do("red", "buy card; buy card")
	x.do("blue", "resolve")
	c := x.player("red").cards
	if len(c) != 2 || c[0].kind != Knight || c[1].kind != VictoryPoint {
		t.Fatalf("cards %+v, want the forced cards in order (S160)", c)
	}
	if f := *x.st().Forced; len(f) != 1 || f[0].Kind != "die" {
		t.Fatalf("forced %+v, want the die left: the queue is per kind (S160)", f)
	}
}

// TestD44OpenOffer: while an offer is open (S67, S70, V35).
func TestD44OpenOffer(t *testing.T) {
	x := newT(t, "base", nil).edit("place settlement D7.n red; hand red 2 wool, 1 brick, 1 lumber; hand blue 1 ore; hand white 1 ore; card red monopoly; turn red trade")
	x.do("red", "offer 1 wool for 1 ore to blue, white")
	x.wantPhase("trade", "red", "blue", "white")
	x.refuse("red", "confirm blue", "S69")
	for _, m := range []string{"build road C6-D7", "play monopoly ore", "trade 2 wool for 1 ore"} {
		x.refuse("red", m, "S67")
	}
	x.refuse("red", "end", "S28")
	x.do("red", "withdraw")
}

// TestD45Waiting: waiting_for in seat order; only awaited seats act (S5,
// S27, S152).
func TestD45Waiting(t *testing.T) {
	x := newTSeats(t, "base", []string{"red", "blue", "white", "orange"}, nil).edit("hand red 4 wool, 4 ore; hand orange 5 brick, 4 ore; turn white")
	x.seven("white")
	x.cite("S152")
	x.wantPhase("decide", "red", "orange")
	if l := x.legal("red"); len(l) == 0 || !strings.HasPrefix(l[0], "discard ") {
		t.Fatalf("red: %v, want red's owed discards (S152)", l)
	}
	if l := x.legal("orange"); len(l) != 5 || l[0] != "discard 4 brick" {
		t.Fatalf("orange: %v, want orange's owed discards (S152)", l)
	}
	if l := x.legal("white"); len(l) != 0 {
		t.Fatalf("white: %v, want nothing while others decide (S152)", l)
	}
}

// TestD46Fortress: an uncaptured fortress is no building (S115, S33, S85).
func TestD46Fortress(t *testing.T) {
	x := pirate4(t).edit("turn red")
	vp := x.vp("red")
	x.do("red", "roll", 1, 2)
	x.wantPhase("trade", "red")
	for _, b := range x.st().Pieces.Settlements {
		if b.At == "H5.s" {
			t.Fatal("the fortress is not a settlement (S85)")
		}
	}
	x.edit("fortress red 0; turn red")
	if x.vp("red") != vp+1 {
		t.Fatal("a captured fortress is a settlement, 1 point (S85)")
	}
	x.do("red", "roll", 1, 2)
	x.wantPhase("decide", "red")
}

// TestD47TurnEdit: the edit turn ends setup (topic edits).
func TestD47TurnEdit(t *testing.T) {
	x := newT(t, "base", nil)
	x.do("red", "place settlement D7.n road C6-D7")
	x.edit("turn white build")
	st := x.st()
	if st.Setup != nil || st.Turn != 1 || st.Current != "white" || !slices.Equal(st.WaitingFor, []string{"white"}) ||
		st.Phase != "build" || !st.TurnFlags.Built || st.Dice != nil || len(st.Pieces.Settlements) != 1 || x.hand("red").Total() != 0 {
		t.Fatalf("after turn white build: %+v", st)
	}
}

// TestD48HolderEdits: card holders set by edit must be allowed (S82, S83,
// S158).
func TestD48HolderEdits(t *testing.T) {
	x := newT(t, "new-shores", nil).edit("place settlement I4.n red; place road H5-I4 red; place road H5-I6 red; place road H7-I6 red; place road H7-I8 red; place road H9-I8 red; place road H9-I10 red")
	x.edit("place settlement B11.s blue; place ship B11-C10 blue; place ship B9-C10 blue; place ship B9-C8 blue; place ship B7-C8 blue; place ship B7-C6 blue")
	if x.player("red").route != 6 || x.player("blue").route != 5 {
		t.Fatalf("routes %d %d", x.player("red").route, x.player("blue").route)
	}
	if err := x.editErr("longest-route blue"); err == nil {
		t.Fatal("blue is not longest")
	}
	x.edit("longest-route red")
	x.edit("place ship B5-C6 blue")
	for _, h := range []string{"red", "blue", "none"} {
		x.edit("longest-route " + h)
	}
	x.edit("card red knight played; card red knight played; card red knight played")
	if err := x.editErr("largest-army blue"); err == nil {
		t.Fatal("blue has no army")
	}
	x.edit("largest-army red")
}

// TestD49HarbourBeforeRoll: a harbour gift placed before the roll (S105,
// V36).
func TestD49HarbourBeforeRoll(t *testing.T) {
	x := newT(t, "forgotten-tribe", nil).edit("place settlement D3.n red; place ship C2-C4 red; place ship B3-C4 red; place ship B3-B5 red; gift B3-B5 none; card red road-building")
	x.advance(2, "red")
	x.edit("turn red")
	x.do("red", "play road-building ship A4-B5 ship A6-B5")
	x.wantPhase("roll", "red")
	x.refuse("red", "end", "S105")
	x.refuse("red", "roll", "S105")
	x.do("red", "harbour C2-D3")
	x.wantPhase("roll", "red")
	if x.g.rolled() {
		t.Fatal("harbour does not roll")
	}
	x.do("red", "roll", 2, 3)
}

// TestS57ClosedIsAPath: a closed route is a path, no corner twice (S57).
// A six-ship loop round C4 at red's settlement D5.n, joined to a second
// settlement D7.n by two other ships, closes only those two: no path
// through a loop ship joins two different buildings, so the loop's ships
// at D5.n stay end ships (S58) and may move (issue 18: new-shores sandbox
// seed 3 with these edits refused "move ship C4-C6 B5-C6").
func TestS57ClosedIsAPath(t *testing.T) {
	setup := engine.Setup{Seats: []string{"red", "blue", "white"}, Choices: map[string]string{"scenario": "new-shores"}, Sandbox: true, Options: map[string]string{}}
	tb := newTable(setup, 3)
	pos, err := Rules{}.New(setup, tb.newSource())
	if err != nil {
		t.Fatal(err)
	}
	x := &tgame{t: t, setup: setup, pos: pos, g: Of(pos), tb: tb}
	x.edit("turn red build; pirate E14; place settlement D5.n red; place ship C4-D5 red; place ship C4-C6 red; place ship B5-C4 red; place ship B3-C4 red; place ship C2-C4 red; place ship C4-D3 red; place ship C6-D5 red; place settlement D7.n red; place ship C6-D7 red")
	for _, e := range append(slices.Clone(c4Ring), "C6-D5", "C6-D7") {
		c, _ := ParseColour("red")
		r, why := x.g.movableProblem(x.g.seatIndex(c), x.g.b.EdgeIndex(mustEdge(e)))
		closed := r == "S57"
		if want := e == "C6-D5" || e == "C6-D7"; closed != want {
			t.Errorf("S57: %s closed %v (%s %s), want %v: only the ships C6-D5 and C6-D7 lie on a path between two buildings", e, closed, r, why, want)
		}
	}
	x.refuse("red", "move ship C6-D7 C8-D7", "S57")
	if _, err := x.try("red", "move ship C4-C6 B5-C6"); err != nil {
		t.Fatalf("S57: move ship C4-C6 B5-C6 refused (%v): the loop's ship at D5.n lies on no path between two buildings", err)
	}
}

// TestHarboursAsideEdit: harbours-aside sets the harbours a seat keeps
// aside and takes no gift (NOTATION §8); harbour tokens are no conserved
// total of S158, so the position is consistent (issue 20 item 17).
func TestHarboursAsideEdit(t *testing.T) {
	x := newT(t, "forgotten-tribe", nil)
	gifts := len(x.g.gifts)
	x.edit("harbours-aside red brick")
	if got := x.g.players[x.g.seatIndex(Red)].aside; !slices.Equal(got, []board.HarbourKind{board.HarbourBrick}) {
		t.Fatalf("S158: red keeps %v aside, want [brick]", got)
	}
	if len(x.g.gifts) != gifts {
		t.Fatalf("S158: the edit took a gift: %d gifts left, want %d", len(x.g.gifts), gifts)
	}
	if err := x.g.Check(); err != nil {
		t.Fatalf("S158: %v", err)
	}
	checkLoad(t, x.setup, x.pos)
	x.edit("harbours-aside red none")
	if len(x.g.players[x.g.seatIndex(Red)].aside) != 0 {
		t.Fatal("S158: harbours-aside red none keeps nothing aside")
	}
}
