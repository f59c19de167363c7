package elasund

import (
	"fmt"
	"slices"
	"testing"
)

// Rule tests for the rules of docs/elasund/rules.md on components, board
// data, setup and the turn structure (R1-R25).

func TestRulesBoardGeometry(t *testing.T) {
	t.Run("R1 rows", func(t *testing.T) {
		want := [NumRows]int{2, 3, 4, 5, 6, 8, 9, 10, 11, 12}
		if Rows != want || NumCols != 9 {
			t.Fatalf("Rows = %v, NumCols = %d, want %v and 9", Rows, NumCols, want)
		}
		for _, s := range []string{"A7", "J2", "A1", "A13"} {
			if _, err := ParseSquare(s); err == nil {
				t.Errorf("ParseSquare(%q) succeeded, want an error: no such square (R1)", s)
			}
		}
	})
	// R1: the city is columns 0..2P; a permit on the last city column of
	// the ship row is accepted, one a column further east is refused.
	for _, tc := range []struct {
		players     int
		last, past  string
		pastIsBoard bool
	}{
		{2, "E4", "F4", true},
		{3, "G4", "H4", true},
		{4, "I4", "", false},
	} {
		t.Run(fmt.Sprintf("R1 city of %d players", tc.players), func(t *testing.T) {
			g := setup(t, tc.players, nil, "")
			atPermit(t, g, 4)
			if tc.pastIsBoard {
				mustRefuse(t, g, Red, "permit 0 "+tc.past, nil, "R1")
			}
			mustPlay(t, g, Red, "permit 0 "+tc.last, nil)
			if _, ok := permitAt(g, tc.last); !ok {
				t.Errorf("permit 0 %s: no permit on the board", tc.last)
			}
		})
	}
}

func TestRulesTradeFields(t *testing.T) {
	// R2: the trade value of a square, seen through the trade points a Well
	// built on it earns (R57).
	for _, tc := range []struct {
		players int
		square  string
		want    int
	}{
		{2, "A2", 1}, {2, "A12", 1}, {2, "A6", 1}, {2, "B2", 0}, {2, "E2", 0}, {2, "E12", 0},
		{3, "F2", 2}, {3, "F12", 2}, {3, "F3", 0}, {3, "G2", 0}, {3, "G12", 0},
		{4, "F2", 2}, {4, "F12", 2}, {4, "H2", 2}, {4, "H12", 2}, {4, "G2", 0}, {4, "I2", 0}, {4, "H11", 0},
	} {
		t.Run(fmt.Sprintf("R2 %d players %s", tc.players, tc.square), func(t *testing.T) {
			g := setup(t, tc.players, nil, "gold red 5; permit red 0 "+tc.square)
			atBuild(t, g, 3)
			mustPlay(t, g, Red, "build well "+tc.square, nil)
			if got := player(g, Red).Trade; got != tc.want {
				t.Errorf("trade after a Well on %s = %d, want %d", tc.square, got, tc.want)
			}
		})
	}
	t.Run("R2 column 5 only inside the city", func(t *testing.T) {
		for _, tc := range []struct {
			players int
			s       string
			want    int
		}{{2, "F2", 0}, {2, "F12", 0}, {3, "H2", 0}, {3, "H12", 0}, {4, "H2", 2}} {
			if got := tradeValue(sq(tc.s), tc.players); got != tc.want {
				t.Errorf("tradeValue(%s, %d players) = %d, want %d", tc.s, tc.players, got, tc.want)
			}
		}
	})
}

func TestRulesChurchFoundation(t *testing.T) {
	// R3: the foundation is C8.
	if Foundation != sq("C8") {
		t.Fatalf("Foundation = %s, want C8 (R3)", Foundation)
	}
	t.Run("R3 first tile lands on C8", func(t *testing.T) {
		for _, tile := range AllTiles {
			g := setup(t, 2, nil, "gold red 7")
			atBuild(t, g, 3)
			// Put the tile first in the draw: its index in the stack.
			i := slices.Index(g.st.Supply.ChurchStack, tile)
			rng := newScript(t).on(StreamChurch, i, 0)
			mustPlay(t, g, Red, "church "+tile.String(), rng)
			if len(g.st.Church) != 1 || g.st.Church[0].At != Foundation || g.st.Church[0].Tile != tile {
				t.Errorf("church %s: church tiles %v, want %s on C8", tile, g.st.Church, tile)
			}
		}
	})
}

func TestRulesWallGeometry(t *testing.T) {
	// R4: slot counts, which slots touch a gate, and adjacency.
	for _, tc := range []struct {
		players     int
		total       int
		cheapCols   string // columns with north and south slots
		openAtStart []string
	}{
		{2, 12, "CD", []string{"N:D", "S:D", "E:3", "E:11"}},
		{3, 16, "CDEF", []string{"N:F", "S:F", "E:3", "E:11"}},
		{4, 20, "CDEFGH", []string{"N:H", "S:H", "E:3", "E:11"}},
	} {
		t.Run(fmt.Sprintf("R4 %d players", tc.players), func(t *testing.T) {
			slots := wallSlots(tc.players)
			if len(slots) != tc.total {
				t.Errorf("%d wall slots, want %d", len(slots), tc.total)
			}
			var cheap, east []string
			for _, s := range slots {
				if s.Side == East {
					east = append(east, s.String())
				} else if s.Side == North {
					cheap = append(cheap, s.String()[2:])
				}
			}
			slices.Sort(cheap)
			if got := fmt.Sprint(cheap); got != fmt.Sprint(splitLetters(tc.cheapCols)) {
				t.Errorf("north slots above columns %s, want %s", got, tc.cheapCols)
			}
			if fmt.Sprint(east) != "[E:3 E:4 E:5 E:6 E:8 E:9 E:10 E:11]" {
				t.Errorf("east slots %v, want rows 3-6 and 8-11", east)
			}
			// Try every slot at the start: exactly the ones touching a gate
			// take a tile.
			var open []string
			for _, s := range slots {
				g := setup(t, tc.players, nil, "gold red 9")
				atBuild(t, g, 3)
				rng := newScript(t).on(StreamInfluence, 0)
				if _, err := play(t, g, Red, "wall "+s.String(), rng); err == nil {
					open = append(open, s.String())
				} else {
					rng.vals[StreamInfluence] = nil
				}
			}
			slices.Sort(open)
			want := slices.Clone(tc.openAtStart)
			slices.Sort(want)
			if !slices.Equal(open, want) {
				t.Errorf("slots open at the start: %v, want %v", open, want)
			}
		})
	}
	t.Run("R4 rows 6 and 8 are neighbours on the east wall", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 9; wall blue E:3; wall blue E:4; wall blue E:5")
		atBuild(t, g, 3)
		mustRefuse(t, g, Red, "wall E:8", nil, "R73")
		mustEdit(t, g, "wall blue E:6")
		mustPlay(t, g, Red, "wall E:8", newScript(t).on(StreamInfluence, 0))
	})
}

func splitLetters(s string) []string {
	var out []string
	for _, r := range s {
		out = append(out, string(r))
	}
	return out
}

func TestRulesPieces(t *testing.T) {
	t.Run("R5 pieces of every colour", func(t *testing.T) {
		g := setup(t, 4, nil, "")
		for _, c := range AllColours {
			p := player(g, c)
			if p.Cubes != 10 || !slices.Equal(p.Permits, []int{0, 1, 2, 3, 4}) || p.Walls != 0 ||
				!slices.Equal(p.Buildings, []Kind{House, Workshop}) || p.Trade != 0 {
				t.Errorf("%s starts with %+v, want 10 cubes, permits 0-4, no wall built, house and workshop, trade 0", c, *p)
			}
			var starters []Kind
			for _, b := range g.st.Buildings {
				if b.Owner == c {
					starters = append(starters, b.Kind)
				}
			}
			slices.Sort(starters)
			if !slices.Equal(starters, []Kind{Hut, Cottage}) {
				t.Errorf("%s has %v on the board, want its two starters", c, starters)
			}
		}
		if _, err := ParseColour("purple"); err == nil {
			t.Error(`ParseColour("purple") succeeded: the colours are red, blue, green and yellow`)
		}
	})
	t.Run("R5 nine wall tiles", func(t *testing.T) {
		g := setup(t, 4, nil, "gold red 40; wall red N:H; wall red N:G; wall red N:F; wall red N:E; wall red N:D; wall red N:C; wall red S:H; wall red S:G; wall red S:F")
		atBuild(t, g, 3)
		mustRefuse(t, g, Red, "wall S:E", nil, "R76")
	})
	t.Run("R5 a colour without a seat cannot move", func(t *testing.T) {
		g := setup(t, 2, nil, "")
		mustRefuse(t, g, Yellow, "roll", nil, "R5")
	})
}

func TestRulesBuildingTable(t *testing.T) {
	// R6: the catalogue, row by row.
	for _, tc := range []struct {
		k                                 Kind
		w, h, permits, cost, flags, count int
		income                            Income
		neutral, starter                  bool
	}{
		{Hut, 1, 1, 0, 0, 0, 1, InfluenceIncome, false, true},
		{Cottage, 1, 2, 0, 0, 0, 1, GoldIncome, false, true},
		{House, 2, 1, 1, 1, 0, 1, InfluenceIncome, false, false},
		{Workshop, 1, 2, 1, 2, 0, 1, GoldIncome, false, false},
		{Well, 1, 1, 1, 5, 1, 4, NoIncome, true, false},
		{Stall, 2, 1, 1, 5, 1, 4, NoIncome, true, false},
		{Tavern, 2, 2, 2, 3, 1, 5, InfluenceIncome, true, false},
		{Shop, 2, 2, 2, 3, 1, 5, GoldIncome, true, false},
		{Hall, 2, 3, 3, 5, 2, 3, NoIncome, true, false},
	} {
		t.Run("R6 "+tc.k.String(), func(t *testing.T) {
			sp := tc.k.Spec()
			if sp.W != tc.w || sp.H != tc.h || sp.Permits != tc.permits || sp.Cost != tc.cost ||
				sp.Flags != tc.flags || sp.Count != tc.count || sp.Income != tc.income ||
				sp.Neutral != tc.neutral || sp.Starter != tc.starter {
				t.Errorf("Spec(%s) = %+v, want %+v", tc.k, sp, tc)
			}
			if tc.starter {
				return
			}
			// Build it with exactly the permits it needs, on B3: it costs
			// its price and covers w×h squares, arrow north.
			g := setup(t, 4, nil, "gold red 9")
			anchor := sq("B3")
			var edits string
			for i := 0; i < tc.permits; i++ {
				s := Square{Col: anchor.Col + i%tc.w, Row: anchor.Row + i/tc.w}
				edits += fmt.Sprintf("permit red %d %s;", i, s)
			}
			mustEdit(t, g, edits)
			atBuild(t, g, 12)
			bank := g.st.Supply.Gold
			mustPlay(t, g, Red, "build "+tc.k.String()+" B3", nil)
			if paid := g.st.Supply.Gold - bank; paid != tc.cost {
				t.Errorf("build %s paid %d gold to the bank, want %d", tc.k, paid, tc.cost)
			}
			covered := 0
			for c := 0; c < NumCols; c++ {
				for r := 0; r < NumRows; r++ {
					s := Square{Col: c, Row: r}
					if b, ok := buildingAt(g, s.String()); ok && b.Kind == tc.k && b.Owner == Red {
						covered++
						if c < anchor.Col || c >= anchor.Col+tc.w || r < anchor.Row || r >= anchor.Row+tc.h {
							t.Errorf("%s on B3 covers %s, outside its %d×%d footprint", tc.k, s, tc.w, tc.h)
						}
					}
				}
			}
			if covered != tc.w*tc.h {
				t.Errorf("%s covers %d squares, want %d", tc.k, covered, tc.w*tc.h)
			}
			// One permit fewer is not enough.
			if tc.permits > 0 {
				g := setup(t, 4, nil, "gold red 9")
				mustEdit(t, g, edits+"remove B3")
				atBuild(t, g, 12)
				mustRefuse(t, g, Red, "build "+tc.k.String()+" B3", nil, "R52")
			}
		})
	}
	t.Run("R6 no rotation", func(t *testing.T) {
		// A hall is 2 wide: anchored on column I it would need column J.
		g := setup(t, 4, nil, "gold red 9; permit red 0 I2; permit red 1 I3; permit red 2 I4")
		atBuild(t, g, 12)
		mustRefuse(t, g, Red, "build hall I2", nil, "R49")
	})
}

// raidOwed rolls a 7 for the current player, sends the pirate to row and
// returns how many cards each seat must discard (the seats must hold mixed
// hands, so that nobody is settled automatically).
func raidOwed(t *testing.T, g *Game, row int) map[Colour]int {
	t.Helper()
	mustPlay(t, g, g.st.Current, fmt.Sprintf("pirate %d", row), newScript(t).dice(3, 4))
	owed := map[Colour]int{}
	for _, p := range g.st.Pending {
		if p.Kind == PendingDiscard {
			owed[p.Seat] += p.Count
		}
	}
	return owed
}

// mixedHands gives every seat 5 gold and 5 blue cards.
func mixedHands(n int) string {
	s := ""
	for _, c := range AllColours[:n] {
		s += fmt.Sprintf("gold %s 5; influence %s blue 5;", c, c)
	}
	return s
}

func TestRulesFlags(t *testing.T) {
	// R7: which squares carry a building's flags, seen by the pirate (R41).
	for _, tc := range []struct {
		name  string
		place string
		row   int
		want  int
	}{
		{"well flag on its square", "place well D3 blue", 3, 1},
		{"stall flag top-left", "place stall D3 blue", 3, 1},
		{"tavern flag top-left only", "place tavern D3 blue", 3, 1},
		{"tavern lower row has no flag", "place tavern D3 blue", 4, 0},
		{"shop lower row has no flag", "place shop D3 blue", 4, 0},
		{"hall top flag", "place hall D3 blue", 3, 1},
		{"hall middle flag", "place hall D3 blue", 4, 1},
		{"hall bottom row has no flag", "place hall D3 blue", 5, 0},
		{"church tile flag on its square", "church C blue", 8, 1},
		{"tower cube on its slot", "wall blue E:3; wall blue E:4; wall blue E:5", 5, 1},
	} {
		t.Run("R7 "+tc.name, func(t *testing.T) {
			g := setup(t, 2, nil, mixedHands(2)+"remove C4; remove D4; ship 12;"+tc.place)
			if got := raidOwed(t, g, tc.row)[Blue]; got != tc.want {
				t.Errorf("pirate in row %d after %q: blue owes %d, want %d", tc.row, tc.place, got, tc.want)
			}
		})
	}
}

func TestRulesChurchTiles(t *testing.T) {
	// R8: nine tiles, each a cell of the 3×3 picture.
	cells := map[Tile][2]int{
		TileNW: {0, 0}, TileN: {0, 1}, TileNE: {0, 2},
		TileW: {1, 0}, TileC: {1, 1}, TileE: {1, 2},
		TileSW: {2, 0}, TileS: {2, 1}, TileSE: {2, 2},
	}
	if len(AllTiles) != 9 {
		t.Fatalf("%d church tiles, want 9 (R8)", len(AllTiles))
	}
	for _, tile := range AllTiles {
		t.Run("R8 "+tile.String(), func(t *testing.T) {
			pr, pc := tile.cell()
			if want := cells[tile]; pr != want[0] || pc != want[1] {
				t.Errorf("%s.cell() = (%d, %d), want %v", tile, pr, pc, want)
			}
			// With C on the foundation, the tile lies at C8 + (pc-1, pr-1)
			// and carries one cube (one flag).
			g := setup(t, 2, nil, "church C red; gold blue 7; remove C4; remove D4; remove B8; remove E8")
			if tile == TileC {
				return
			}
			atBuild(t, g, 3)
			g.st.Current = Blue
			g.st.WaitingFor = []Colour{Blue}
			i := slices.Index(g.st.Supply.ChurchStack, tile)
			mustPlay(t, g, Blue, "church", newScript(t).on(StreamChurch, i))
			want := Square{Col: 2 + pc - 1, Row: 5 + pr - 1}
			var got []ChurchTile
			for _, ct := range g.st.Church {
				if ct.Tile == tile {
					got = append(got, ct)
				}
			}
			if len(got) != 1 || got[0].At != want || got[0].Owner != Blue {
				t.Errorf("church tiles %+v, want blue's %s on %s", g.st.Church, tile, want)
			}
			if onBoard(g, Blue) != 1 {
				t.Errorf("blue has %d cubes on the board after one church tile, want 1", onBoard(g, Blue))
			}
		})
	}
}

func TestRulesWallRewards(t *testing.T) {
	// R9: tile n's reward, building tile n after tiles 1..n-1.
	before := []string{"N:H", "N:G", "N:F", "N:E", "N:D", "N:C", "S:H", "S:G"}
	for n, want := range map[int]struct{ cards, cubes int }{
		1: {1, 0}, 2: {1, 0}, 3: {0, 1}, 4: {1, 0}, 5: {2, 0}, 6: {0, 1}, 7: {2, 0}, 8: {2, 0}, 9: {0, 1},
	} {
		t.Run(fmt.Sprintf("R9 tile %d", n), func(t *testing.T) {
			g := setup(t, 4, nil, "gold red 4")
			for _, s := range before[:n-1] {
				mustEdit(t, g, "wall red "+s)
			}
			atBuild(t, g, 3)
			cubes := player(g, Red).Cubes
			rng := newScript(t)
			for i := 0; i < want.cards; i++ {
				rng.on(StreamInfluence, 0)
			}
			mustPlay(t, g, Red, "wall E:3", rng)
			if w := g.st.Walls[len(g.st.Walls)-1]; w.Tile != n {
				t.Errorf("the wall built is tile %d, want %d", w.Tile, n)
			}
			if got := player(g, Red).Influence.Total(); got != want.cards {
				t.Errorf("tile %d gave %d influence, want %d", n, got, want.cards)
			}
			if got := cubes - player(g, Red).Cubes; got != want.cubes {
				t.Errorf("tile %d put %d cubes on the board, want %d", n, got, want.cubes)
			}
		})
	}
}

func TestRulesCards(t *testing.T) {
	// R10: 51 gold cards and 39 influence cards, 13 of each colour.
	g := setup(t, 3, nil, "")
	gold := g.st.Supply.Gold
	for _, p := range g.st.Players {
		gold += p.Gold
	}
	if gold != 51 {
		t.Errorf("R10: %d gold cards, want 51", gold)
	}
	if d := g.st.Supply.InfluenceDeck; d != (Influence{13, 13, 13}) {
		t.Errorf("R10: the deck holds %+v before the deal, want 13 of each colour", d)
	}
	t.Run("R10 gold cards are all alike", func(t *testing.T) {
		// Gold is one kind of card: a discard of gold names no colour.
		if _, err := ParseAction("discard 2 gold"); err != nil {
			t.Errorf(`ParseAction("discard 2 gold") = %v`, err)
		}
		if Gold.Influence() {
			t.Error("gold counts as an influence colour")
		}
	})
}

func TestRulesTradeTrack(t *testing.T) {
	// R11: the flag spaces and how many flags each has. The other players
	// take flags first (with the trade edit); then red steps onto the space
	// by building a Well on the harbour (+1).
	for _, tc := range []struct {
		pos, taken int
		cube       bool
	}{
		{3, 3, true}, // four flags: the fourth is free
		{5, 3, false}, {5, 2, true},
		{7, 2, false}, {7, 1, true},
		{9, 2, false}, {9, 1, true},
		{11, 1, false}, {11, 0, true},
	} {
		t.Run(fmt.Sprintf("R11 space %d with %d taken", tc.pos, tc.taken), func(t *testing.T) {
			g := setup(t, 4, nil, fmt.Sprintf("gold red 5; permit red 0 A3; trade red %d", tc.pos-1))
			for _, c := range []Colour{Blue, Green, Yellow}[:tc.taken] {
				mustEdit(t, g, fmt.Sprintf("trade %s %d", c, tc.pos))
			}
			atBuild(t, g, 12)
			mustPlay(t, g, Red, "build well A3", nil)
			if player(g, Red).Trade != tc.pos {
				t.Fatalf("red at %d, want %d", player(g, Red).Trade, tc.pos)
			}
			if got := slices.Contains(flagsOn(g, tc.pos), Red); got != tc.cube {
				t.Errorf("red cube on space %d = %v, want %v (flags %v)", tc.pos, got, tc.cube, flagsOn(g, tc.pos))
			}
		})
	}
	t.Run("R11 the track ends at 11", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 5; permit red 0 A3; trade red 11")
		atBuild(t, g, 12)
		mustPlay(t, g, Red, "build well A3", nil)
		if player(g, Red).Trade != 11 {
			t.Errorf("red at %d after passing 11, want 11", player(g, Red).Trade)
		}
	})
}

func TestRulesDiceAndShip(t *testing.T) {
	// R12: one ship, two six-sided dice: a roll draws exactly two values
	// of 1..6 and puts the one ship on one row.
	g := setup(t, 2, nil, "influence red blue 1; remove C4; remove D4; remove B8; remove E8")
	rng := newScript(t).dice(2, 3)
	mustPlay(t, g, Red, "roll", rng)
	if !slices.Equal(rng.asked[StreamDice], []int{6, 6}) {
		t.Errorf("R12: the roll drew %v from the dice stream, want two six-sided dice", rng.asked[StreamDice])
	}
	if d := g.st.Dice; d == nil || *d != [2]int{2, 3} {
		t.Errorf("R12: dice %v, want [2 3]", d)
	}
	if r, ok := g.st.ShipRow(); !ok || Rows[r] != 5 {
		t.Errorf("R12: the ship is in row %v, want 5", g.st.Ship.Row)
	}
}

func TestRulesChurchSite(t *testing.T) {
	// R13: the bare foundation is not an empty square. With every other
	// square of row 8 taken, row 8 counts as full, so a permit may go to an
	// adjacent row without influence (R86); C8 itself never takes one.
	g := setup(t, 2, nil, "gold red 2; permit blue 0 A8; permit blue 1 D8")
	atPermit(t, g, 8)
	mustRefuse(t, g, Red, "permit 0 C8", nil, "R13")
	mustRefuse(t, g, Red, "permit 0 C8 pay blue", nil, "R13")
	mustPlay(t, g, Red, "permit 0 A9", nil)
	t.Run("R13 only C8 is barred", func(t *testing.T) {
		// The squares around the foundation are ordinary ground before the
		// first church tile.
		g := setup(t, 2, nil, "gold red 5; permit red 0 C9")
		atBuild(t, g, 3)
		mustPlay(t, g, Red, "build well C9", nil)
		mustRefuse(t, g, Red, "build workshop C6", nil, "")
		g = setup(t, 2, nil, "permit red 0 C6; permit red 1 D6; gold red 3")
		atBuild(t, g, 3)
		mustRefuse(t, g, Red, "build tavern C6", nil, "R13")
	})
}

func TestRulesSetupByPlayers(t *testing.T) {
	// R14: 2 to 4 players; the city, wall slots and trade fields by P.
	for _, n := range []int{0, 1, 5} {
		if _, err := NewConfig(append(slices.Clone(AllColours), AllColours...)[:n], EditionEN, nil); err == nil {
			t.Errorf("R14: NewConfig with %d seats succeeded", n)
		}
	}
	if _, err := NewConfig([]Colour{Red, Red}, EditionEN, nil); err == nil {
		t.Error("R14: NewConfig with red seated twice succeeded")
	}
	for _, tc := range []struct {
		players, squares, cheap, east int
		twoPoint                      []string
	}{
		{2, 50, 4, 8, nil},
		{3, 70, 8, 8, []string{"F2", "F12"}},
		{4, 90, 12, 8, []string{"F2", "H2", "F12", "H12"}},
	} {
		t.Run(fmt.Sprintf("R14 %d players", tc.players), func(t *testing.T) {
			squares := 0
			var two []string
			for r := 0; r < NumRows; r++ {
				for c := 0; c < NumCols; c++ {
					s := Square{Col: c, Row: r}
					if inCity(s, tc.players) {
						squares++
					}
					if tradeValue(s, tc.players) == 2 {
						two = append(two, s.String())
					}
				}
			}
			cheap, east := 0, 0
			for _, w := range wallSlots(tc.players) {
				if w.Side == East {
					east++
				} else {
					cheap++
				}
			}
			if squares != tc.squares || cheap != tc.cheap || east != tc.east || !slices.Equal(two, tc.twoPoint) {
				t.Errorf("%d city squares, %d cheap and %d east slots, 2-point fields %v; want %d, %d, %d, %v",
					squares, cheap, east, two, tc.squares, tc.cheap, tc.east, tc.twoPoint)
			}
		})
	}
}

func TestRulesPlayerSetup(t *testing.T) {
	t.Run("R15 wall stack, trade disk and supply", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 9")
		atBuild(t, g, 3)
		mustPlay(t, g, Red, "wall N:D; wall S:D", newScript(t).on(StreamInfluence, 0, 0))
		var tiles []int
		for _, w := range g.st.Walls {
			tiles = append(tiles, w.Tile)
		}
		slices.Sort(tiles)
		if !slices.Equal(tiles, []int{1, 2}) {
			t.Errorf("red's first two walls are tiles %v, want 1 and 2: tile 1 is on top", tiles)
		}
		// The stack is built top down: no action names a tile number.
		if _, err := ParseAction("wall N:C 5"); err == nil {
			t.Error(`ParseAction("wall N:C 5") succeeded: only the top tile can be built`)
		}
		if g := setup(t, 2, nil, ""); player(g, Blue).Trade != 0 {
			t.Errorf("blue's trade disk starts on %d, want 0", player(g, Blue).Trade)
		}
	})
	t.Run("R16 starting squares", func(t *testing.T) {
		g := setup(t, 4, nil, "")
		want := map[Colour][2]string{
			Red: {"E8", "D4"}, Blue: {"B8", "C4"}, Green: {"E5", "D10"}, Yellow: {"B5", "C10"},
		}
		for c, w := range want {
			cot, ok1 := buildingAt(g, w[0])
			hut, ok2 := buildingAt(g, w[1])
			if !ok1 || cot.Kind != Cottage || cot.Owner != c || cot.At != sq(w[0]) || !ok2 || hut.Kind != Hut || hut.Owner != c {
				t.Errorf("%s's starters: %+v on %s, %+v on %s; want its cottage anchored on %s and its hut on %s", c, cot, w[0], hut, w[1], w[0], w[1])
			}
			below := sq(w[0])
			below.Row++
			if b, ok := buildingAt(g, below.String()); !ok || b.Kind != Cottage || b.Owner != c {
				t.Errorf("%s's cottage does not reach %s: it stands 1×2, arrow north", c, below)
			}
		}
	})
	t.Run("R17 a face-down stack of nine church tiles", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 7")
		st := g.st.Supply
		if len(st.ChurchStack) != 9 || st.ChurchBottom != nil {
			t.Fatalf("church stack %v, bottom %v; want 9 tiles and no known bottom", st.ChurchStack, st.ChurchBottom)
		}
		atBuild(t, g, 3)
		// The tiles drawn are random: the draw asks the church stream for
		// one of 9, then one of the other 8.
		rng := newScript(t).on(StreamChurch, 4, 0)
		tile := g.st.Supply.ChurchStack[4]
		mustPlay(t, g, Red, "church "+tile.String(), rng)
		if !slices.Equal(rng.asked[StreamChurch], []int{9, 8}) {
			t.Errorf("the first church build drew %v from the church stream, want [9 8]", rng.asked[StreamChurch])
		}
	})
	t.Run("R18 neutral stacks", func(t *testing.T) {
		g := setup(t, 2, nil, "gold red 5; permit red 0 A3; permit red 1 A4; permit red 2 A5")
		if n := g.st.Supply.Neutral; n != (Neutral{Well: 4, Stall: 4, Tavern: 5, Shop: 5, Hall: 3}) {
			t.Errorf("neutral stacks %+v, want 4 wells, 4 stalls, 5 taverns, 5 shops, 3 halls", n)
		}
		atBuild(t, g, 12)
		mustPlay(t, g, Red, "build hall A3", nil)
		if n := g.st.Supply.Neutral.Hall; n != 2 {
			t.Errorf("after one 2×3 building the shared stack holds %d, want 2", n)
		}
	})
	t.Run("R19 deck, discard pile and bank", func(t *testing.T) {
		for n := 2; n <= 4; n++ {
			g := setup(t, n, nil, "")
			sup := g.st.Supply
			if sup.InfluenceDeck.Total() != 39 || sup.InfluenceDiscard.Total() != 0 || sup.Gold != 51-3*n {
				t.Errorf("%d players: deck %d, discard %d, bank %d; want 39, 0, %d", n, sup.InfluenceDeck.Total(), sup.InfluenceDiscard.Total(), sup.Gold, 51-3*n)
			}
		}
	})
	t.Run("R20 three gold and the top influence card", func(t *testing.T) {
		// Dealt at once when New has a source ...
		cfg, err := NewConfig(AllColours[:3], EditionEN, nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := newScript(t).on(StreamInfluence, 0, 13, 26)
		g, err := New(cfg, rng)
		if err != nil {
			t.Fatal(err)
		}
		want := map[Colour]Influence{Red: {Blue: 1}, Blue: {Green: 1}, Green: {Yellow: 1}}
		for c, in := range want {
			if p := player(g, c); p.Gold != 3 || p.Influence != in {
				t.Errorf("%s starts with %d gold and %+v, want 3 gold and %+v", c, p.Gold, p.Influence, in)
			}
		}
		if g.st.Supply.InfluenceDeck.Total() != 36 {
			t.Errorf("deck %d after the deal, want 36", g.st.Supply.InfluenceDeck.Total())
		}
		// ... and at the first roll otherwise, before the dice.
		g = setup(t, 2, nil, "remove C4; remove D4; remove B8; remove E8")
		mustPlay(t, g, Red, "roll", newScript(t).on(StreamInfluence, 38, 0).dice(1, 2))
		if player(g, Red).Influence != (Influence{Yellow: 1}) || player(g, Blue).Influence != (Influence{Blue: 1}) {
			t.Errorf("first roll dealt red %+v and blue %+v, want one yellow and one blue", player(g, Red).Influence, player(g, Blue).Influence)
		}
		// Nothing is dealt twice.
		mustPlay(t, g, Red, "end", nil)
		mustPlay(t, g, Blue, "roll", newScript(t).dice(2, 2))
	})
	t.Run("R21 the ship starts beside the board", func(t *testing.T) {
		g := setup(t, 2, nil, "influence red blue 1; remove C4; remove D4; remove B8; remove E8")
		if g.st.Ship.Row != nil {
			t.Fatalf("the ship starts in row %d, want no row", *g.st.Ship.Row)
		}
		// Any first roll, even 2 or 12, puts it on that row: there is no
		// current row to move away from.
		for _, s := range []int{2, 12} {
			g := g.Clone()
			mustPlay(t, g, Red, "roll", newScript(t).roll(s))
			if r, _ := g.st.ShipRow(); Rows[r] != s || g.st.Phase != PhaseBuild {
				t.Errorf("first roll %d: ship in row %d, phase %s; want row %d and phase build", s, Rows[r], g.st.Phase, s)
			}
		}
	})
	t.Run("R22 the first seat starts, then clockwise", func(t *testing.T) {
		cfg, err := NewConfig([]Colour{Green, Red, Blue}, EditionEN, nil)
		if err != nil {
			t.Fatal(err)
		}
		g, err := New(cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		mustEdit(t, g, "ship 12; remove D4; remove C4; remove E5; remove E8; remove B8; remove D10")
		var order []Colour
		for i := 0; i < 4; i++ {
			c := g.st.Current
			order = append(order, c)
			mustPlay(t, g, c, "end", newScript(t).dice(1, 2))
		}
		if want := []Colour{Green, Red, Blue, Green}; !slices.Equal(order, want) {
			t.Errorf("turn order %v, want %v", order, want)
		}
	})
}

func TestRulesTurnStructure(t *testing.T) {
	base := "gold red 9; influence red blue 3; influence red green 1; influence red yellow 1; permit red 0 A3; remove C4; remove D4; remove B8; remove E8"
	t.Run("R23 the four phases in order", func(t *testing.T) {
		g := setup(t, 2, nil, base+"; ship 12")
		// Any first action rolls; then build, phase 3, phase 4; the turn
		// passes on.
		mustPlay(t, g, Red, "build well A3; permit 1 A5 pay blue; buy-gold", newScript(t).dice(1, 2))
		if g.st.Current != Blue || g.st.Phase != PhaseRoll {
			t.Errorf("after phase 4 the game is at %s %s, want blue to roll", g.st.Current, g.st.Phase)
		}
	})
	t.Run("R23 only the seat to move acts", func(t *testing.T) {
		g := setup(t, 2, nil, base)
		mustRefuse(t, g, Blue, "roll", nil, "R23")
		if _, err := g.Apply(Red, nil, nil); err == nil {
			t.Error("an empty move was accepted")
		}
	})
	for _, tc := range []struct{ name, move string }{
		{"R24 no build after phase 3", "gold; build well A3"},
		{"R24 no second phase 3", "gold; gold"},
		{"R24 no phase 3 after phase 4", "buy-gold; gold"},
		{"R24 a permit placed this turn cannot be built on", "permit 0 A4 pay blue; build well A4"},
		{"R24 no construction after a special action", "buy-gold; build well A3"},
		{"R24 no second roll", "roll; roll"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := setup(t, 2, nil, base+"; ship 12")
			before := stateJSON(t, g.View())
			rng := newScript(t).dice(1, 2)
			_, err := play(t, g, Red, tc.move, rng)
			if err == nil {
				t.Fatalf("Apply(%q) succeeded, want a refusal", tc.move)
			}
			if stateJSON(t, g.View()) != before {
				t.Errorf("Apply(%q) failed but changed the state", tc.move)
			}
		})
	}
	t.Run("R24 phase 4 ends the turn", func(t *testing.T) {
		g := setup(t, 2, nil, base+"; ship 12")
		mustPlay(t, g, Red, "buy-gold", newScript(t).dice(1, 2))
		mustRefuse(t, g, Red, "gold", nil, "R23")
	})
	t.Run("R25 the game ends in the middle of a turn", func(t *testing.T) {
		g := setup(t, 2, nil, base+"; trade red 11; place stall A10 red; place stall C10 red; place stall A11 red; place stall C11 red")
		atBuild(t, g, 12)
		if onBoard(g, Red) != 9 {
			t.Fatalf("red has %d cubes on the board, want 9", onBoard(g, Red))
		}
		mustPlay(t, g, Red, "build well A3", nil)
		if !g.Over() || g.st.Winner == nil || *g.st.Winner != Red || len(g.st.WaitingFor) != 0 {
			t.Fatalf("after red's 10th cube: phase %s, winner %v, waiting %v; want the game over, red winning", g.st.Phase, g.st.Winner, g.st.WaitingFor)
		}
		mustRefuse(t, g, Red, "gold", nil, "R93")
		mustRefuse(t, g, Blue, "roll", nil, "R93")
	})
}
