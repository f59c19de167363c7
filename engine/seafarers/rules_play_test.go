package seafarers

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// TestSetupResolve: selecting the game and its scenario; refused set-ups
// (S1, S3, S156, S159).
func TestSetupResolve(t *testing.T) {
	r := Rules{}
	if r.Name() != "seafarers" || r.Format() != "seafarers/2" || !slices.Equal(r.Colours(), []string{"red", "blue", "white", "orange"}) {
		t.Fatalf("S159: %s %s %v", r.Name(), r.Format(), r.Colours())
	}
	s, err := r.Resolve(engine.Setup{Seats: []string{"red", "blue", "white"}})
	if err != nil || s.Choices["scenario"] != "new-shores" {
		t.Fatalf("S1: the default scenario is new-shores: %v %v", s.Choices["scenario"], err)
	}
	bad := []struct {
		setup engine.Setup
		field string
	}{
		{engine.Setup{Seats: []string{"red", "blue", "white"}, Choices: map[string]string{"scenario": "atlantis"}}, "scenario"},
		{engine.Setup{Seats: []string{"red", "blue"}}, "seats"},
		{engine.Setup{Seats: []string{"red", "blue", "white", "orange", "green"}}, "seats"},
		{engine.Setup{Seats: []string{"red", "blue", "green"}}, "seats"},
		{engine.Setup{Seats: []string{"red", "blue", "red"}}, "seats"},
		{engine.Setup{Seats: []string{"red", "blue", "white"}, Choices: map[string]string{"edition": "en"}}, "edition"},
	}
	for _, c := range bad {
		_, err := r.Resolve(c.setup)
		var se *engine.SetupError
		if !errors.As(err, &se) || se.Field != c.field {
			t.Errorf("S1, S3: %+v: got %v, want a %s SetupError", c.setup, err, c.field)
		}
	}
	opt := []map[string]string{
		{"colour": "blue"}, {"layout": "spiral"}, {"phases": "mixed"}, {"sealed_draws": "yes"}, {"offers_per_turn": "21"},
		{"discard_limit": "-1"}, {"vp_target": "2"}, {"island_svp": "3"}, {"vp_target": "07"},
	}
	for _, o := range opt {
		_, err := r.Resolve(engine.Setup{Seats: []string{"red", "blue", "white"}, Options: o})
		var oe *engine.OptionError
		if !errors.As(err, &oe) {
			t.Errorf("S156: option %v: got %v, want an OptionError", o, err)
		}
	}
	for _, c := range []struct {
		scenario string
		o        map[string]string
	}{
		{"pirate-islands", opts("layout=variable")}, {"new-world", opts("harbours=fixed")}, {"new-world", opts("layout=fixed")},
		{"base", opts("island_svp=2")}, {"cloth-for-catan", opts("island_svp=1")},
	} {
		_, err := r.Resolve(engine.Setup{Seats: []string{"red", "blue", "orange"}, Choices: map[string]string{"scenario": c.scenario}, Options: c.o})
		var oe *engine.OptionError
		if !errors.As(err, &oe) {
			t.Errorf("S156: %s %v: got %v, want an OptionError (an option the scenario cannot use)", c.scenario, c.o, err)
		}
	}
}

// TestOptionsListed: every option with its value and defaults (S2, S156).
func TestOptionsListed(t *testing.T) {
	targets := map[string]string{"base": "10", "new-shores": "13", "four-islands": "12", "fog-island": "12", "through-the-desert": "12",
		"forgotten-tribe": "13", "cloth-for-catan": "14", "pirate-islands": "10", "wonders-of-catan": "10", "new-world": "12"}
	for sc, target := range targets {
		os, err := Rules{}.Options(engine.Setup{Seats: []string{"red", "blue", "orange"}, Choices: map[string]string{"scenario": sc}, Options: opts("discard_limit=9")})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, o := range os {
			names = append(names, o.Name)
			if o.Name == "vp_target" && o.Value != target {
				t.Errorf("S2: %s target %s, want %s", sc, o.Value, target)
			}
			if o.Given != (o.Name == "discard_limit") {
				t.Errorf("S156: %s given %v", o.Name, o.Given)
			}
			if o.Name == "harbours" && sc == "base" && o.Value != "fixed" {
				t.Errorf("S156: base harbours default %s", o.Value)
			}
		}
		if !slices.Equal(names, optionNames) {
			t.Fatalf("S156: options %v", names)
		}
	}
}

// TestStartingPosition: what the board and the supplies hold at creation
// (S2, S7, S8, S9, S13, S18, S46, S98, S111, S157).
func TestStartingPosition(t *testing.T) {
	starts := map[string][2]string{
		"base": {"E8", ""}, "new-shores": {"F7", "E14"}, "fog-island": {"C12", "B9"}, "through-the-desert": {"F11", "B9"},
		"forgotten-tribe": {"B11", "B9"}, "cloth-for-catan": {"D3", "E14"}, "pirate-islands": {"", ""}, "wonders-of-catan": {"E6", ""},
		"four-islands": {"D9", "E14"}, "new-world": {"", ""},
	}
	for sc, want := range starts {
		seats := []string{"red", "blue", "white"}
		if sc == "pirate-islands" {
			seats = []string{"red", "blue", "orange"}
		}
		x := newTSeats(t, sc, seats, nil)
		st := x.st()
		got := [2]string{}
		if st.Board.Robber != nil {
			got[0] = *st.Board.Robber
		}
		if st.Board.Pirate != nil {
			got[1] = *st.Board.Pirate
		}
		if got != want {
			t.Errorf("S46: %s robber and pirate %v, want %v", sc, got, want)
		}
		if st.Bank != (ResourceCounts{19, 19, 19, 19, 19}) {
			t.Errorf("S7: bank %+v", st.Bank)
		}
		deck := 25
		if sc == "pirate-islands" {
			deck = 20
		}
		if x.g.unseen.Total() != deck || st.LongestRoute != nil || st.LargestArmy != nil || st.Turn != 0 || st.Phase != "setup" {
			t.Errorf("S8, S18: %s unseen %d", sc, x.g.unseen.Total())
		}
		sup := st.Players["red"].Supply
		wantShips := 15
		if sc == "base" {
			wantShips = 0
		}
		if sc == "pirate-islands" {
			if sup != (Supply{3, 4, 15, 14}) {
				t.Errorf("S9, S115: supply %+v", sup)
			}
		} else if sup != (Supply{5, 4, 15, wantShips}) {
			t.Errorf("S9: %s supply %+v", sc, sup)
		}
	}
	// S13: a fixed layout is the map of BOARDS; a variable one is dealt.
	fixed := newT(t, "base", nil)
	if x := fixed.g.l.hexes[fixed.g.b.HexIndex(mustPos("D7"))]; x.Terrain != board.Hills || x.Number != 6 {
		t.Errorf("S13: base D7 %+v", x)
	}
	varied := newT(t, "base", opts("layout=variable"))
	if slices.Equal(varied.g.l.hexes, fixed.g.l.hexes) || !varied.g.l.dealt {
		t.Error("S13: a variable layout is dealt at random")
	}
}

// TestSameMapForThreeAndFour: one map for 3 and 4 seats (S6, V1).
func TestSameMapForThreeAndFour(t *testing.T) {
	for _, sc := range scenarioNames {
		if sc == "new-world" {
			continue
		}
		a := newTSeats(t, sc, []string{"red", "blue", "orange"}, nil)
		b := newTSeats(t, sc, []string{"red", "blue", "orange", "white"}, nil)
		if !slices.Equal(a.g.l.hexes, b.g.l.hexes) {
			t.Errorf("S6: %s differs for 3 and 4 seats", sc)
		}
	}
}

// TestSeatOrder: the order of the seats is the order of play: the first
// seat opens setup and plays turn 1, the others follow in order (S4).
func TestSeatOrder(t *testing.T) {
	seats := []string{"white", "red", "blue"}
	x := newTSeats(t, "base", seats, nil)
	var order []string
	for x.g.inSetup() {
		seat := x.pos.Current()
		if aw := x.pos.Awaited(); len(aw) != 1 || aw[0] != seat {
			t.Fatalf("S4: setup awaits %v, want %s alone", aw, seat)
		}
		order = append(order, seat)
		x.do(seat, x.legal(seat)[0])
	}
	if want := []string{"white", "red", "blue", "blue", "red", "white"}; !slices.Equal(order, want) {
		t.Errorf("S4: setup placed in the order %v, want %v", order, want)
	}
	for turn, want := range []string{"white", "red", "blue", "white"} {
		if x.pos.Current() != want || x.pos.Turn() != turn+1 {
			t.Fatalf("S4: turn %d is %s's, want turn %d %s's", x.pos.Turn(), x.pos.Current(), turn+1, want)
		}
		x.edit("turn " + want + " trade")
		x.do(want, "end")
	}
}

// TestNothingElseInSetup: setup only places (S23, S22, S4).
func TestNothingElseInSetup(t *testing.T) {
	x := newT(t, "base", nil)
	for _, m := range []string{"roll", "build road C6-D7", "trade 4 wool for 1 ore", "end", "buy card"} {
		x.refuse("red", m, "S23")
	}
	if x.pos.BeginsTurn("red") {
		t.Error("S135: setup begins no turn")
	}
}

// TestTurnParts: a turn's parts in order (S24, S25, S32, S47).
func TestTurnParts(t *testing.T) {
	x := newT(t, "base", nil).edit("place settlement D7.n red; card red knight; hand red 4 brick, 4 lumber, 4 wool; turn red")
	if !x.pos.BeginsTurn("red") || x.pos.BeginsTurn("blue") {
		t.Fatal("S24: red's entry begins its turn")
	}
	x.do("red", "play knight; robber D9")
	x.wantPhase("roll", "red")
	x.do("red", "roll", 2, 3)
	x.refuse("red", "roll", "S32")
	x.wantPhase("trade", "red")
	x.do("red", "trade 4 wool for 1 ore")
	x.do("red", "build road C6-D7; build road D5-D7; build road D5-E6")
	x.wantPhase("build", "red")
	x.do("red", "end")
	if x.pos.Current() != "blue" || x.st().Turn != 2 || x.st().Dice != nil {
		t.Fatal("S24: the turn passes")
	}
}

// TestCosts: every item costs what S12 says, paid to the bank.
func TestCosts(t *testing.T) {
	x := newT(t, "new-shores", nil).edit("place settlement D5.n red; place road D5-D7 red; place ship C4-D5 red; hand red 4 brick, 4 lumber, 4 wool, 4 grain, 4 ore; turn red trade")
	for _, c := range []struct{ move, left string }{
		{"build road D7-E6", "3 brick, 3 lumber, 4 wool, 4 grain, 4 ore"},
		{"build ship C4-C6", "3 brick, 2 lumber, 3 wool, 4 grain, 4 ore"},
		{"build settlement E6.n", "2 brick, 1 lumber, 2 wool, 3 grain, 4 ore"},
		{"build city D5.n", "2 brick, 1 lumber, 2 wool, 1 grain, 1 ore"},
		{"buy card", "2 brick, 1 lumber, 1 wool, 0 grain, 0 ore"},
	} {
		x.do("red", c.move)
		x.wantHand("red", strings.ReplaceAll(strings.ReplaceAll(c.left, "0 grain, ", ""), ", 0 ore", ""))
	}
	if x.g.bank.Total() != 95-x.hand("red").Total() {
		t.Fatal("S12: paid cards go to the bank")
	}
}

// TestTouching: a building earns from the three hexes at its corner (S16,
// S33).
func TestTouching(t *testing.T) {
	x := newT(t, "base", nil).edit("place settlement E6.s red; turn red").cite("S16", "S33")
	x.do("red", "roll", 1, 2) // F7 mountains 3
	x.wantHand("red", "1 ore")
	x.edit("turn red")
	x.do("red", "roll", 5, 6) // E6 forest 11
	x.wantHand("red", "1 ore, 1 lumber")
}

// TestRobberOrPirate: which piece moves (S41, S75, S90).
func TestRobberOrPirate(t *testing.T) {
	x := base2(t)
	x.seven("red")
	x.refuse("red", "pirate B5", "S41")
	y := newT(t, "new-shores", nil).edit("card red knight; turn red trade")
	y.do("red", "play knight")
	y.wantPhase("robber", "red")
	y.do("red", "pirate C6")
	if y.player("red").played[Knight-1] != 1 {
		t.Error("S75: the knight counts")
	}
	if len(y.st().Pending) != 0 {
		t.Error("S75: no discards after a knight")
	}
}

// TestBuildingAnyOrder: many builds in one turn, the settlement needing a
// road or ship (S47, S49, S54).
func TestBuildingAnyOrder(t *testing.T) {
	x := newT(t, "base", nil).edit("place settlement D7.n red; place settlement F9.n blue; place road E8-F9 blue; hand red 5 brick, 5 lumber, 2 wool, 2 grain; turn red trade")
	x.refuse("red", "build settlement E8.n", "S49")
	x.refuse("red", "build road E10-F9", "S54")
	x.cite("S47")
	x.do("red", "build road C6-D7; build road D5-D7; build settlement E6.n")
	x.wantHand("red", "2 brick, 2 lumber, 1 wool, 1 grain")
	// A road does not pass another's building (S54).
	x.edit("place road E8-E10 red")
	x.refuse("red", "build road E10-F9", "S54")
}

// TestPlacementTriggers: what placing a piece triggers, in order (S56,
// S99, S104, S108).
func TestPlacementTriggers(t *testing.T) {
	x := newT(t, "fog-island", opts("sealed_draws=false")).edit("place settlement D7.n red; place ship C8-D7 red; hand red 1 lumber, 1 wool; turn red trade; force fog forest 4")
	ev := x.do("red", "build ship C8-D9")
	if !has(ev, "C10 is forest 4") || !has(ev, "takes 1 lumber") {
		t.Fatalf("S56, S99: %v", ev)
	}
	y := newT(t, "forgotten-tribe", nil).edit("place settlement D3.n red; place ship C2-C4 red; place ship B3-C4 red; place ship B3-B5 red; gift B3-B5 none; hand red 1 lumber, 1 wool; turn red trade")
	ev = y.do("red", "build ship A4-B5")
	if !has(ev, "takes the brick harbour") || !has(ev, "must place a harbour") {
		t.Fatalf("S56, S104: %v", ev)
	}
}

// TestOfferNeedsCards: an offer is of cards the active player holds (S65).
func TestOfferNeedsCards(t *testing.T) {
	x := newT(t, "base", nil).edit("hand red 1 wool; turn red trade")
	x.refuse("red", "offer 2 wool for 1 ore to blue", "S65")
	x.refuse("red", "offer 1 wool for 1 ore to orange", "S64")
	x.refuse("red", "offer 1 wool for 1 ore to red", "S64")
}

// TestStealDoesNotFreeze: a seat robbed by a pending sealed steal may
// still trade; the steal is settled later (S72, S69, S141).
func TestStealDoesNotFreeze(t *testing.T) {
	x := newT1(t, "base", nil).edit("place settlement D7.n white; place settlement G8.n red; hand white 1 ore; hand red 1 wool; turn red; force steal ore")
	x.seven("red")
	x.do("red", "robber D7 steal white")
	x.do("red", "offer 1 wool for 1 ore to white")
	x.do("white", "accept")
	if x.st().Offer == nil {
		t.Fatal("S72: white's hand is not frozen")
	}
	// Blue, the witness, settles the steal with its next entry; white no
	// longer holding the ore, its acceptance lapses.
	x.do("blue", "orders clear")
	x.wantHand("red", "1 wool, 1 ore")
	if x.st().Offer != nil {
		t.Fatal("S69: the acceptance lapses and the offer closes")
	}
}

// TestCardsNotUsedWhere: the special cards per scenario (S10, S84, S113,
// S116).
func TestCardsNotUsedWhere(t *testing.T) {
	route := "place settlement B5.s red; place road B5-C6 red; place road B7-C6 red; place road B7-C8 red; place road B9-C8 red; place road B9-C10 red"
	x := newT(t, "base", nil).edit(route)
	if *x.st().LongestRoute != "red" || x.vp("red") != 3 {
		t.Fatal("S10: Longest Road is worth 2")
	}
	x.edit("card blue knight played; card blue knight played; card blue knight played")
	if *x.st().LargestArmy != "blue" || x.vp("blue") != 2 {
		t.Fatal("S10: Largest Army is worth 2")
	}
	c := newT(t, "cloth-for-catan", nil).edit("place settlement B5.s red; place road B5-C6 red; place road B7-C6 red; place road B7-C8 red; place road B9-C8 red; place road B9-C10 red")
	if c.st().LongestRoute != nil || c.player("red").route != 5 {
		t.Fatal("S84, S113: no Longest Trade Route in cloth-for-catan")
	}
	c.edit("card blue knight played; card blue knight played; card blue knight played")
	if c.st().LargestArmy == nil {
		t.Fatal("S84: Largest Army is used in cloth-for-catan")
	}
	p := pirate4(t).edit("card blue knight played; card blue knight played; card blue knight played")
	if p.st().LargestArmy != nil {
		t.Fatal("S116: no Largest Army in pirate-islands")
	}
	if err := p.editErr("largest-army blue"); err == nil {
		t.Fatal("S116")
	}
}

// TestBaseGame: no ships, no pirate, no gold (S90).
func TestBaseGame(t *testing.T) {
	x := newT(t, "base", nil).edit("place settlement C6.n red; hand red 2 lumber, 2 wool; card red road-building; turn red trade")
	x.refuse("red", "build ship B5-C6", "S90")
	x.refuse("red", "play road-building ship B5-C6 ship B5-B7", "S90")
	x.refuse("red", "place settlement C6.n ship B5-C6", "S19")
	for _, a := range x.legal("red") {
		if strings.Contains(a, "ship") || strings.Contains(a, "pirate") {
			t.Fatalf("S90: %s", a)
		}
	}
	for _, x := range x.g.l.hexes {
		if x.Terrain == board.Gold {
			t.Fatal("S90: no gold")
		}
	}
}

// TestNewWorld: a random board, home islands, one special point (S96,
// S46, S132).
func TestNewWorld(t *testing.T) {
	x := newT(t, "new-world", nil)
	if !x.g.l.dealt || x.g.robber >= 0 || x.g.pirate >= 0 {
		t.Fatal("S132, S46: dealt at new in a sandbox game, robber and pirate off the board")
	}
	x = newWorldForeign(t)
	p := x.player("red")
	if len(p.home) == 0 {
		t.Fatal("S93: home islands recorded")
	}
	if x.g.cfg.opts.VPTarget != 12 {
		t.Errorf("S96: the target is %d, want 12", x.g.cfg.opts.VPTarget)
	}
	// Red's first settlement on a foreign island earns 1 point, its first
	// on a second foreign island none: once (S96).
	for i, want := range []int{1, 1} {
		c := foreignCorner(x, p)
		area := x.g.l.cArea[c]
		e := x.g.b.CornerEdges(c)[0]
		piece := "road"
		if !x.g.l.roadEdge(e) {
			piece = "ship"
		}
		x.edit("turn red trade; place " + piece + " " + x.g.b.Edge(e).String() + " red; hand red 1 brick, 1 lumber, 1 wool, 1 grain")
		x.do("red", "build settlement "+x.g.b.Corner(c).String())
		if p.chits != want || len(p.reward) != 1 {
			t.Fatalf("S96: settlement %d on the foreign island %s: chits %d rewarded %v, want %d", i+1, x.g.l.areas[area].Name, p.chits, p.reward, want)
		}
	}
}

// newWorldForeign returns a new-world sandbox game after its setup, played
// from the listings, whose board leaves red two foreign islands to settle:
// the game of the first seed that deals such a board.
func newWorldForeign(t *testing.T) *tgame {
	t.Helper()
	for seed := int64(1); seed <= 100; seed++ {
		x := newTSeed(t, "new-world", []string{"red", "blue", "white"}, nil, seed)
		for x.g.inSetup() {
			seat := x.pos.Current()
			x.do(seat, x.legal(seat)[0])
		}
		p := x.player("red")
		areas := map[int]bool{}
		for c := 0; c < x.g.b.NumCorners(); c++ {
			if a := x.g.l.cArea[c]; a >= 0 && !containsInt(p.home, a) && settleable(x, c) {
				areas[a] = true
			}
		}
		if len(areas) >= 2 {
			return x
		}
	}
	t.Fatal("no seed of 1 to 100 deals new-world with two islands foreign to red")
	return nil
}

// settleable reports whether red may build a settlement on corner c once
// a road or ship leads there.
func settleable(x *tgame, c int) bool {
	r, _ := x.g.settleProblem(0, c, true)
	return r == ""
}

// foreignCorner returns a corner where red may settle on an island that
// is neither its home nor one it was rewarded for.
func foreignCorner(x *tgame, p *player) int {
	x.t.Helper()
	for c := 0; c < x.g.b.NumCorners(); c++ {
		if a := x.g.l.cArea[c]; a >= 0 && !containsInt(p.home, a) && !containsInt(p.reward, a) && settleable(x, c) {
			return c
		}
	}
	x.t.Fatal("S96: no foreign island left to settle")
	return -1
}

// TestFogIslandSetup: setup on the main island only; no special points
// (S98, S100).
func TestFogIslandSetup(t *testing.T) {
	x := newT(t, "fog-island", nil)
	x.refuse("red", "place settlement C12.s road C12-D13", "S20")
	x.edit("place settlement D7.n red; place ship C8-D7 red; place ship C8-D9 red; explore C10 hills 5")
	x.edit("hand red 1 brick, 1 lumber, 1 wool, 1 grain; turn red trade")
	x.do("red", "build settlement D9.n")
	if x.player("red").chits != 0 {
		t.Fatal("S98: no special points")
	}
	x.edit("turn red")
	x.do("red", "roll", 2, 3)
	if x.hand("red").Of(Brick) != 1 {
		t.Fatal("S100: an explored hex produces")
	}
}

// TestTribeIslands: no settlement touching a tribe island; the robber
// never there (S102, S103, S107, S111).
func TestTribeIslands(t *testing.T) {
	x := newT(t, "forgotten-tribe", nil).edit("place ship A8-B7 red; place settlement F5.s red; hand red 1 brick, 1 lumber, 1 wool, 1 grain; turn red trade")
	x.refuse("red", "build settlement B7.n", "S102")
	x.edit("turn red")
	x.seven("red")
	x.refuse("red", "robber B13", "S103")
	x.refuse("red", "robber B11", "S103")
	c := newT(t, "cloth-for-catan", nil).edit("place ship C6-D7 red; place settlement B5.s red; hand red 1 brick, 1 lumber, 1 wool, 1 grain; turn red trade")
	c.refuse("red", "build settlement D7.s", "S107")
	c.edit("place ship D9-E10 red")
	c.refuse("red", "build settlement D9.s", "S107")
	c.edit("turn red")
	c.seven("red")
	c.refuse("red", "robber E6", "S111")
	if *c.st().Board.Robber != "D3" {
		t.Fatal("S111: the robber starts on D3")
	}
}

// TestGiftCard: a card gift is acquired this turn (S104).
func TestGiftCard(t *testing.T) {
	x := newT(t, "forgotten-tribe", opts("sealed_draws=false")).edit("place settlement D3.n red; place ship C2-C4 red; place ship B3-C4 red; hand red 1 lumber, 1 wool; turn red trade; force card knight")
	x.do("red", "build ship B3-B5")
	if c := x.player("red").cards; len(c) != 1 || c[0].kind != Knight || c[0].got != x.g.turn {
		t.Fatalf("S104: %+v", c)
	}
	x.refuse("red", "play knight", "S74")
}

// TestTradeRelations: a connection needs a chain of ships from a building
// (S108, S57).
func TestTradeRelations(t *testing.T) {
	x := newT(t, "cloth-for-catan", nil).edit("place settlement C8.n red; place road B9-C8 red; place ship C8-C10 red; hand red 1 lumber, 1 wool; turn red trade")
	x.do("red", "build ship B7-C8")
	if x.g.villages[0].connected != 0 {
		t.Fatal("S108: a road does not make a trade relation")
	}
}

// TestPirateIslandsBuilding: the eastern island only, but the lone
// settlement (S117, S119).
func TestPirateIslandsBuilding(t *testing.T) {
	x := pirate4(t).edit("pirate F7; place road E14-F13 red; place road F13-G14 red; hand red 4 brick, 4 lumber, 2 wool, 2 grain; turn red trade")
	x.refuse("red", "build road F9-G10", "S117")
	for _, e := range pirateChain[:4] {
		x.edit("place ship " + e + " red")
	}
	x.refuse("red", "build settlement I8.n", "S119")
	x.edit("place ship H7-H9 red")
	x.do("red", "build settlement I8.n")
	x.refuse("red", "build settlement G10.n", "S117")
}

// TestWarships: knights and, with 4 seats, victory-point cards make
// warships (S120, S79).
func TestWarships(t *testing.T) {
	x := pirate4(t).edit("card red knight; card red victory-point; turn red trade")
	if x.vp("red") != 1 {
		t.Fatal("S120: a victory-point card is no point here")
	}
	x.do("red", "play victory-point")
	if !x.g.edges[x.g.b.EdgeIndex(mustEdge("G12-H13"))].warship {
		t.Fatal("S120: the ship nearest the start becomes a warship")
	}
	x.refuse("red", "play knight", "S29")
	if len(x.st().Pending) != 0 || x.pos.Phase() != "trade" {
		t.Fatal("S120: nothing else happens")
	}
	y := newTSeats(t, "pirate-islands", []string{"red", "blue", "orange"}, nil).edit("card red knight; turn red trade")
	y.refuse("red", "play victory-point", "S79")
}

// TestPirateIslandsSeven: a seven steals from any other player (S123).
func TestPirateIslandsSeven(t *testing.T) {
	x := pirate4(t).edit("hand white 1 ore; pirate F7; turn red")
	x.do("red", "roll", 3, 4)
	x.wantPhase("robber", "red")
	if l := x.legal("red"); !slices.Equal(l, []string{"steal white"}) {
		t.Fatalf("S123: %v", l)
	}
	x.refuse("red", "robber C10", "S123")
	x.refuse("red", "steal blue", "S123")
	x.do("red", "steal white")
}

// TestWondersSVP: the small islands of wonders-of-catan (S127, S130).
func TestWondersSVP(t *testing.T) {
	x := newT(t, "wonders-of-catan", nil).edit("place ship C4-D5 red; place settlement E8.n red; hand red 1 brick, 1 lumber, 1 wool, 1 grain; turn red trade")
	x.do("red", "build settlement C4.s")
	if x.player("red").chits != 1 {
		t.Fatal("S127: west earns a point")
	}
	y := newT(t, "wonders-of-catan", nil).edit("place city E8.n red; place city F11.s red; wonder theater red 0; hand red 1 brick, 1 lumber, 3 wool; turn red trade")
	y.do("red", "build wonder")
	if y.g.wonders[Theater].level != 1 || y.st().ScenarioState.WonderMarkers["red"] != 0 {
		t.Fatal("S130: the level and the marker")
	}
}

// TestWonderNeedsShip: starting a wonder puts a ship from supply on its
// card; a seat with no ship left starts none (S129).
func TestWonderNeedsShip(t *testing.T) {
	x := newT(t, "wonders-of-catan", nil).edit("place city E8.n red; place city F11.s red; turn red trade")
	var placed []string
	for e := 0; e < x.g.b.NumEdges() && len(placed) < limitShips; e++ {
		if x.g.l.ekind[e] == board.SeaEdge {
			placed = append(placed, x.g.b.Edge(e).String())
			x.edit("place ship " + placed[len(placed)-1] + " red")
		}
	}
	if n := x.player("red").supply[supShip]; n != 0 {
		t.Fatalf("red keeps %d ships in supply, want 0", n)
	}
	x.refuse("red", "wonder theater", "S129")
	if slices.Contains(x.legal("red"), "wonder theater") {
		t.Fatal("S129: wonder theater is listed without a ship in supply")
	}
	x.edit("remove " + placed[0])
	if !slices.Contains(x.legal("red"), "wonder theater") {
		t.Fatal("S129: wonder theater is not listed with a ship in supply")
	}
	x.do("red", "wonder theater")
	if n := x.player("red").supply[supShip]; n != 0 {
		t.Fatalf("S129: the ship goes onto the wonder card: %d left in supply, want 0", n)
	}
}

// TestBoardDealtAtFirstEntry: a peer game deals its board at the first
// seat's first entry, from r1 and the others' commitments (S132, S134).
func TestBoardDealtAtFirstEntry(t *testing.T) {
	setup := engine.Setup{Seats: []string{"red", "blue", "white"}, Choices: map[string]string{"scenario": "new-shores"}}
	tb := newTable(setup, 3)
	pos, err := Rules{}.New(setup, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := Of(pos).State()
	if st.Board.Dealt || st.Board.Harbours[0].Kind != "unknown" {
		t.Fatal("S134: undealt")
	}
	if l := pos.Legal("red", nil); len(l) != 0 {
		t.Fatal("S134: no placement before the deal")
	}
	preview := pos.Legal("red", tb.next(pos, "red"))
	if len(preview) == 0 {
		t.Fatal("S134: the first seat previews the dealt board")
	}
	if _, err := tb.apply(pos, "blue", []engine.Action{Action{Kind: ActOrders, Order: OrderClear}}); err != nil || !Of(pos).State().Board.Dealt == false {
		t.Fatalf("S132: another seat's entry does not deal: %v", err)
	}
	if Of(pos).l.dealt {
		t.Fatal("S132: blue's entry dealt the board")
	}
	src := tb.next(pos, "red")
	want := Of(pos).Clone()
	if err := want.deal(src.Derive(labelBoard, src.reveal, tb.commits["blue"], tb.commits["white"])); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.apply(pos, "red", []engine.Action{preview[0]}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(Of(pos).l.harbours, want.l.harbours) {
		t.Fatal("S132: dealt from H(label ‖ id ‖ r1 ‖ c2 ‖ c3)")
	}
}

// recordingSource records the streams drawn from.
type recordingSource struct {
	*testSource
	drawn []string
}

func (r *recordingSource) Intn(stream string, n int) int {
	r.drawn = append(r.drawn, stream)
	return r.testSource.Intn(stream, n)
}

func (r *recordingSource) Clone() engine.Source {
	return &recordingSource{testSource: r.testSource.Clone().(*testSource)}
}

// TestStreams: each draw from its named stream (S135, S147, S32).
func TestStreams(t *testing.T) {
	x := newT(t, "base", opts("sealed_draws=false")).edit("place settlement D7.n red; place settlement E8.n blue; hand blue 3 ore; hand red 1 wool, 1 grain, 1 ore; turn red")
	src := &recordingSource{testSource: x.tb.next(x.pos, "red")}
	src.forcedDice = []int{3, 4}
	if _, err := x.pos.Apply("red", x.parse("roll; robber D9 steal blue; buy card"), src); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(src.drawn, []string{"dice", "dice", "steal", "card"}) {
		t.Fatalf("S135, S147: drawn %v; want the steal and the card drawn on the spot from their streams", src.drawn)
	}
	y := pirate4(t).edit("place city D15.n red; hand red 3 ore; pirate F11; turn blue")
	ysrc := &recordingSource{testSource: y.tb.next(y.pos, "blue")}
	ysrc.forcedDice = []int{1, 4}
	if _, err := y.pos.Apply("blue", y.parse("roll"), ysrc); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ysrc.drawn, []string{"dice", "dice", "attack", "attack"}) {
		t.Fatalf("S135: drawn %v", ysrc.drawn)
	}
}

// TestOpenHands: the state shows every hand, card and order (S148, S149,
// S157, S11). What each seat may see of it (S150) is the referee's to
// hide: referee/hidden_test.go and referee/leak_test.go test it.
func TestOpenHands(t *testing.T) {
	x := newT(t, "wonders-of-catan", nil).edit("hand blue 2 ore; card white knight; hand red 1 wool, 1 grain, 1 ore; turn red trade")
	x.do("white", "orders gold ore")
	x.do("red", "buy card")
	raw, err := json.Marshal(x.pos.State())
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(raw, &m)
	players := m["players"].(map[string]any)
	if players["blue"].(map[string]any)["resources"].(map[string]any)["ore"].(float64) != 2 {
		t.Fatal("S148: open hands")
	}
	if players["red"].(map[string]any)["cards"].([]any)[0].(map[string]any)["kind"] != "sealed" {
		t.Fatal("S149: a pending sealed card shows as sealed")
	}
	if players["red"].(map[string]any)["chits"].(float64) != 0 || x.st().ScenarioState.WonderMarkers["red"] != 1 {
		t.Fatal("S11: the wonder marker is no chit")
	}
	keys := jsonKeys(raw)
	want := []string{"game", "scenario", "turn", "setup", "current", "phase", "waiting_for", "dice", "turn_flags", "board", "pieces",
		"players", "longest_route", "largest_army", "bank", "unseen_cards", "offer", "pending", "sealed", "sealed_next", "forced",
		"scenario_state", "winner"}
	if !slices.Equal(keys, want) {
		t.Fatalf("S157: keys %v", keys)
	}
}

// jsonKeys returns the top-level keys of a JSON object in order.
func jsonKeys(raw []byte) []string {
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.Token()
	var keys []string
	for dec.More() {
		k, _ := dec.Token()
		keys = append(keys, k.(string))
		var skip json.RawMessage
		dec.Decode(&skip)
	}
	return keys
}

// TestEvents: every draw's result is an event of its entry (S151).
func TestEvents(t *testing.T) {
	x := newT(t, "base", nil).edit("place settlement D7.n blue; place settlement G8.n red; hand blue 1 ore; turn red; force steal ore")
	ev := x.do("red", "roll", 3, 4)
	if !has(ev, "rolls 3+4 = 7") {
		t.Fatalf("S151: %v", ev)
	}
	x.do("red", "robber D7 steal blue; end")
	if ev := x.do("blue", "roll", 2, 3); !has(ev, "steals 1 ore") {
		t.Fatalf("S151: the steal is an event of the witness's entry: %v", ev)
	}
}

// TestOwnDecisions: the active player's own discard keeps phase decide; its
// robber move phase robber (S153, S155, S27).
func TestOwnDecisions(t *testing.T) {
	x := base2(t).edit("hand red 4 wool, 4 ore; hand blue 4 brick, 4 lumber")
	x.seven("red")
	// Red settles its own discard in its move; the seats in any order.
	x.cite("S153", "S155")
	x.wantPhase("decide", "red", "blue")
	x.do("blue", "discard 2 brick, 2 lumber")
	x.wantPhase("decide", "red")
	x.do("red", "discard 2 wool, 2 ore")
	x.wantPhase("robber", "red")
}

// TestGoldOrder: gold decisions in any order, each against the bank as it
// is then (S155, S36).
func TestGoldOrder(t *testing.T) {
	x := newT(t, "new-shores", nil).edit("place city C6.n blue; place city C8.n white; place settlement G4.n red")
	x.edit("hand red 17 wool, 17 ore, 17 lumber, 17 brick, 14 grain; turn red")
	// The bank holds 2 of each but grain (5): 13 cards in all.
	x.do("red", "roll", 1, 2)
	x.wantPhase("decide", "blue", "white")
	// White answers first and takes grain as the bank stands then.
	x.cite("S155")
	x.do("white", "gold 2 grain")
	x.do("blue", "gold 2 grain")
	x.refuse("blue", "gold 1 grain", "S35")
	x.wantPhase("trade", "red")
}

// TestFleetOnSeven: on a seven the fleet attacks first, its reward is owed
// before the discards are counted, then the steal (S39, S121, S122, S123).
func TestFleetOnSeven(t *testing.T) {
	x := pirate4(t).edit("remove G12-H13; place ship G12-H13 red warship; place ship G12-H11 red warship")
	x.edit("hand red 4 ore, 3 grain; hand blue 1 wool; turn red; pirate F11")
	// From F11 by the lower die 1 to G12, beside red's H13.n: 2 warships
	// beat strength 1.
	x.do("red", "roll", 1, 6)
	x.wantPhase("decide", "red")
	if p := x.st().Pending; len(p) != 1 || p[0].Kind != "reward" {
		t.Fatalf("pending %+v", p)
	}
	x.do("red", "reward grain")
	// Red now holds 8 cards: it owes a discard of 4 (S39 step 2).
	x.wantPhase("decide", "red")
	x.do("red", "discard 4 ore")
	x.wantPhase("robber", "red")
	x.do("red", "steal blue")
	x.wantPhase("trade", "red")
}

// TestGiftCardsNotForSale: the forgotten tribe's card gifts stay unbought
// (S73, S101, V11).
func TestGiftCardsNotForSale(t *testing.T) {
	x := newT(t, "forgotten-tribe", nil)
	var e []string
	for i := 0; i < 14; i++ {
		e = append(e, "card blue knight played")
	}
	for i := 0; i < 5; i++ {
		e = append(e, "card white victory-point")
	}
	e = append(e, "card white monopoly", "card white monopoly", "hand red 2 wool, 2 grain, 2 ore", "turn red trade")
	x.edit(strings.Join(e, "; "))
	// 25 − 21 = 4 unseen, the 4 card gifts: none for sale.
	x.refuse("red", "buy card", "S73")
	x.edit("gift B3-B5 none")
	x.do("red", "buy card")
}
