package seafarers

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// candidates returns a systematic set of actions for seat s at g: every
// build, placement, robber and pirate move, trade, card, ship move and
// decision shape the position could allow, most of them illegal.
func candidates(g *Game) []Action {
	b := g.b
	var out []Action
	add := func(a Action) { out = append(out, a) }
	for _, k := range []ActionKind{ActRoll, ActBuy, ActWithdraw, ActBuildWonder, ActAttack, ActEnd, ActAccept, ActDecline, ActResolve} {
		add(Action{Kind: k})
	}
	for c := 0; c < b.NumCorners(); c++ {
		add(Action{Kind: ActBuild, Piece: Settlement, Corner: b.Corner(c)})
		add(Action{Kind: ActBuild, Piece: City, Corner: b.Corner(c)})
		for _, e := range b.CornerEdges(c) {
			add(Action{Kind: ActPlace, Corner: b.Corner(c), Piece: Road, Edge: b.Edge(e)})
			add(Action{Kind: ActPlace, Corner: b.Corner(c), Piece: Ship, Edge: b.Edge(e)})
		}
	}
	for e := 0; e < b.NumEdges(); e++ {
		add(Action{Kind: ActBuild, Piece: Road, Edge: b.Edge(e)})
		add(Action{Kind: ActBuild, Piece: Ship, Edge: b.Edge(e)})
		for _, k := range []board.HarbourKind{board.HarbourBrick, board.HarbourOre, board.Harbour3to1} {
			add(Action{Kind: ActHarbour, Edge: b.Edge(e), Harbour: k})
		}
		if g.edges[e].ship {
			for f := 0; f < b.NumEdges(); f++ {
				add(Action{Kind: ActMoveShip, Edge: b.Edge(e), Edge2: b.Edge(f)})
			}
		}
	}
	for h := 0; h < b.NumHexes(); h++ {
		for _, k := range []ActionKind{ActRobber, ActPirate} {
			add(Action{Kind: k, Hex: b.HexPos(h)})
			for _, c := range AllColours {
				add(Action{Kind: k, Hex: b.HexPos(h), Seat: c})
				if k == ActPirate {
					add(Action{Kind: k, Hex: b.HexPos(h), Seat: c, Cloth: true})
				}
			}
		}
	}
	for _, c := range AllColours {
		add(Action{Kind: ActSteal, Seat: c})
		add(Action{Kind: ActConfirm, Seat: c})
	}
	for _, r := range Resources {
		add(Action{Kind: ActReward, Res: r})
		add(Action{Kind: ActPlay, Card: Monopoly, Res: r})
		for _, q := range Resources {
			for m := 1; m <= 3; m++ {
				for _, k := range []int{2, 3, 4} {
					add(Action{Kind: ActTrade, Cards: one(r, m*k).Packed(), Get: one(q, m).Packed()})
				}
			}
		}
	}
	for _, k := range []CardKind{Knight, VictoryPoint} {
		add(Action{Kind: ActPlay, Card: k})
	}
	for w := Theater; w <= Cathedral; w++ {
		add(Action{Kind: ActWonder, Wonder: w})
	}
	for n := 1; n <= 6; n++ {
		out = subHands(out, ActDiscard, Hand{9, 9, 9, 9, 9}, n)
	}
	for n := 1; n <= 3; n++ {
		out = subHands(out, ActGold, Hand{9, 9, 9, 9, 9}, n)
	}
	for _, a := range subHands(nil, ActPlay, Hand{2, 2, 2, 2, 2}, 2) {
		a.Card = YearOfPlenty
		add(a)
	}
	for _, a := range subHands(nil, ActPlay, Hand{1, 1, 1, 1, 1}, 1) {
		a.Card = YearOfPlenty
		add(a)
	}
	return out
}

// checkListing verifies at one position that the listed actions are
// exactly the candidates that apply (S31: refusals are RuleErrors that
// change nothing), and that every listed action applies.
func checkListing(t *testing.T, x *tgame, seat string) int {
	t.Helper()
	src := x.tb.next(x.pos, seat)
	listed := x.pos.Legal(seat, src.Clone())
	before := x.json()
	in := map[Action]bool{}
	for _, a := range listed {
		in[a.(Action)] = true
		if _, err := x.pos.Clone().Apply(seat, []engine.Action{a}, src.Clone()); err != nil {
			t.Fatalf("listed %q refused: %v", a, err)
		}
	}
	for _, a := range candidates(x.g) {
		if in[a] {
			continue
		}
		c := x.pos.Clone()
		_, err := c.Apply(seat, []engine.Action{a}, src.Clone())
		if err == nil {
			t.Fatalf("%q applies but is not listed (listed: %d)", a, len(listed))
		}
		var re *engine.RuleError
		if !errors.As(err, &re) {
			t.Fatalf("%q: %v is no RuleError", a, err)
		}
	}
	if x.json() != before {
		t.Fatal("listing changed the position")
	}
	return len(listed)
}

// TestLegalPerft pins the number of legal actions at fixed positions and
// checks that exactly the listed candidates apply.
func TestLegalPerft(t *testing.T) {
	cases := []struct {
		name string
		make func() *tgame
		seat string
		want int
	}{
		{"base first placement", func() *tgame { return newT(t, "base", nil) }, "red", 144},
		{"new-shores first placement", func() *tgame { return newT(t, "new-shores", nil) }, "red", 215},
		{"base seven", func() *tgame { x := base2(t).edit("hand blue 1 ore"); x.seven("red"); return x }, "red", 18},
		{"new-shores trade", func() *tgame {
			return newShoresD5(t).edit("place ship C4-C6 red; place road D5-D7 red; card red road-building; card red year-of-plenty")
		}, "red", 140},
		{"forgotten-tribe harbour", func() *tgame {
			x := newT(t, "forgotten-tribe", nil).edit("place settlement D3.n red; place ship C2-C4 red; place ship B3-C4 red; place ship B3-B5 red; gift B3-B5 none; hand red 1 lumber, 1 wool; turn red trade")
			x.do("red", "build ship A4-B5")
			return x
		}, "red", 2},
		{"cloth seven connected", func() *tgame {
			x := newT(t, "cloth-for-catan", nil).edit("place settlement C8.n red; connect D9.n red; place ship D9-E8 white; cloth white 1; hand white 1 ore; turn red")
			x.seven("red")
			return x
		}, "red", 37},
		{"pirate-islands build", func() *tgame {
			return pirate4(t).edit("pirate F7; hand red 2 brick, 2 lumber, 2 wool, 2 grain, 3 ore; turn red trade")
		}, "red", 27},
		{"wonders trade", func() *tgame {
			return newT(t, "wonders-of-catan", nil).edit("place city E8.n red; place city F11.s red; hand red 2 brick, 2 lumber, 6 wool; turn red trade")
		}, "red", 36},
		{"discard", func() *tgame { x := base2(t).edit("hand blue 3 brick, 2 wool, 4 ore"); x.seven("red"); return x }, "blue", 11},
		{"roll preview", func() *tgame { return base2(t).edit("hand red 1 brick, 1 lumber; card red knight") }, "red", 14},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := c.make()
			n := checkListing(t, x, c.seat)
			if c.want != 0 && n != c.want {
				t.Fatalf("%d legal actions, want %d", n, c.want)
			}
			t.Logf("%s: %d", c.name, n)
			if l := x.legal(c.seat); !slices.Equal(l, x.legal(c.seat)) {
				t.Fatal("the listing is not deterministic")
			}
		})
	}
}

// TestSetupListingOracle plays the setup of every self-play set-up at
// random and checks each setup listing (legalPlace, which judges edges as
// sets: setupEdges) against one built by asking settleProblem, roadProblem
// and shipProblem about every corner and edge (S20, S23, S51, S52, S45,
// S99, S115, S117).
func TestSetupListingOracle(t *testing.T) {
	for i, setup := range selfPlaySetups() {
		src := engine.NewSeeded(uint64(i))
		pos, err := Rules{}.New(setup, src)
		if err != nil {
			t.Fatal(err)
		}
		g := Of(pos)
		pick := rand.New(rand.NewPCG(uint64(i), 3))
		for n := 0; g.phase == PhaseSetup && n < 100; n++ {
			s := awaitedSeat(g, pick)
			got := g.AppendLegal(nil, g.colour(s), src.Clone())
			if s == g.cur && g.awaited(s) && g.l.dealt && len(g.pending) == 0 && !g.resolvesAt(s) {
				if want := setupOracle(g, s); !slices.Equal(got, want) {
					t.Fatalf("%s setup listing %d of %s: got %q, want %q (S20)", setup.Choices["scenario"], n, g.colour(s), FormatMove(got), FormatMove(want))
				}
			}
			if _, err := g.Apply(g.colour(s), []Action{got[pick.IntN(len(got))]}, src); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// setupOracle lists seat s's setup placements by asking the problem
// functions about every corner and edge.
func setupOracle(g *Game, s int) []Action {
	b := g.b
	var out []Action
	if g.players[s].supply[supSettlement] == 0 {
		return nil
	}
	ships := g.cfg.scenario != board.PirateIslands && g.cfg.usesShips
	for c := 0; c < b.NumCorners(); c++ {
		if r, _ := g.settleProblem(s, c, true); r != "" {
			continue
		}
		for _, e := range b.CornerEdges(c) {
			if r, _ := g.roadProblem(s, e, true, c); r == "" {
				out = append(out, Action{Kind: ActPlace, Corner: b.Corner(c), Piece: Road, Edge: b.Edge(e)})
			}
			if r, _ := g.shipProblem(s, e, true, c, -1); ships && r == "" {
				out = append(out, Action{Kind: ActPlace, Corner: b.Corner(c), Piece: Ship, Edge: b.Edge(e)})
			}
		}
	}
	return out
}
