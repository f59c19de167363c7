package elasund

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// sq is a test shorthand for a square in notation form.
func ntSquare(t testing.TB, s string) Square {
	t.Helper()
	v, err := ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// row is a test shorthand for the index of a row name.
func ntRow(t testing.TB, n int) int {
	t.Helper()
	r, ok := RowIndex(n)
	if !ok {
		t.Fatalf("no row %d", n)
	}
	return r
}

// readNotationLines returns the non-blank lines of the files matching glob, and fails
// when the glob matches nothing or the files hold no line.
func readNotationLines(t testing.TB, glob string) []string {
	t.Helper()
	files, err := filepath.Glob(glob)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("%s matches no file", glob)
	}
	var lines []string
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if strings.TrimSpace(sc.Text()) != "" {
				lines = append(lines, sc.Text())
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	if len(lines) == 0 {
		t.Fatalf("%s holds no line", glob)
	}
	return lines
}

func TestParseMoveExamples(t *testing.T) {
	want := map[string][]Action{
		"ship south; build tavern D4; permit 2 F9; end": {
			{Kind: ActShip, Dir: DirSouth},
			{Kind: ActBuild, Building: Tavern, At: ntSquare(t, "D4")},
			{Kind: ActPermit, Value: 2, At: ntSquare(t, "F9")},
			{Kind: ActEnd},
		},
		"pirate 5": {{Kind: ActPirate, Row: ntRow(t, 5)}},
		"build hall B2 over blue; wall north; gold; buy-gold": {
			{Kind: ActBuild, Building: Hall, At: ntSquare(t, "B2"), Colour: BlueCard},
			{Kind: ActWall, Wall: WallSpace{Side: North, Index: -1}},
			{Kind: ActGold},
			{Kind: ActBuyGold},
		},
		"church SE; permit 0 C4 pay green; move-permit F9 G9 pay blue": {
			{Kind: ActChurch, Tile: TileSE},
			{Kind: ActPermit, Value: 0, At: ntSquare(t, "C4"), Colour: GreenCard},
			{Kind: ActMovePermit, At: ntSquare(t, "F9"), To: ntSquare(t, "G9"), Colour: BlueCard},
		},
		"discard gold blue": {{Kind: ActDiscard, Cards: Hand{Gold: 1, Influence: Influence{Blue: 1}}}},
		"rebuild hut B3":    {{Kind: ActRebuild, Building: Hut, At: ntSquare(t, "B3")}},
		"orders discard gold yellow green blue": {
			{Kind: ActOrders, Order: "discard", Priority: []Card{Gold, YellowCard, GreenCard, BlueCard}},
		},
		"orders rebuild nearest": {{Kind: ActOrders, Order: "rebuild"}},
		"orders ask":             {{Kind: ActOrders, Order: "ask"}},
	}
	lines := readNotationLines(t, filepath.Join("testdata", "notation", "valid.txt"))
	for _, line := range lines {
		t.Run(line, func(t *testing.T) {
			got, err := ParseMove(line)
			if err != nil {
				t.Fatalf("ParseMove(%q) error: %v", line, err)
			}
			if w, ok := want[line]; ok && !reflect.DeepEqual(got, w) {
				t.Errorf("ParseMove(%q) = %v, want %v", line, got, w)
			}
			if s := FormatMove(got); s != line {
				t.Errorf("FormatMove(ParseMove(%q)) = %q, want the same text", line, s)
			}
		})
	}
	for line := range want {
		if !slices.Contains(lines, line) {
			t.Errorf("valid.txt lacks the example %q", line)
		}
	}
}

func TestParseAction(t *testing.T) {
	tests := []struct {
		in   string
		want Action
		text string // canonical form; "" means in itself
	}{
		// roll, ship, pirate
		{"roll", Action{Kind: ActRoll}, ""},
		{"  ROLL  ", Action{Kind: ActRoll}, "roll"},
		{"roll # let's see", Action{Kind: ActRoll}, "roll"},
		{"ship north", Action{Kind: ActShip, Dir: DirNorth}, ""},
		{"Ship South", Action{Kind: ActShip, Dir: DirSouth}, "ship south"},
		{"ship n", Action{Kind: ActShip, Dir: DirNorth}, "ship north"},
		{"ship s", Action{Kind: ActShip, Dir: DirSouth}, "ship south"},
		{"pirate 2", Action{Kind: ActPirate, Row: 0}, ""},
		{"pirate 6", Action{Kind: ActPirate, Row: 4}, ""},
		{"pirate 8", Action{Kind: ActPirate, Row: 5}, ""},
		{"pirate 12", Action{Kind: ActPirate, Row: 9}, ""},
		{"pirate\t10", Action{Kind: ActPirate, Row: 7}, "pirate 10"},

		// build
		{"build house A2", Action{Kind: ActBuild, Building: House, At: Square{}}, ""},
		{"build workshop I12", Action{Kind: ActBuild, Building: Workshop, At: Square{Col: 8, Row: 9}}, ""},
		{"build well c8", Action{Kind: ActBuild, Building: Well, At: Foundation}, "build well C8"},
		{"BUILD STALL E6", Action{Kind: ActBuild, Building: Stall, At: Square{Col: 4, Row: 4}}, "build stall E6"},
		{"build tavern D4", Action{Kind: ActBuild, Building: Tavern, At: Square{Col: 3, Row: 2}}, ""},
		{"build shop G10 over green", Action{Kind: ActBuild, Building: Shop, At: Square{Col: 6, Row: 7}, Colour: GreenCard}, ""},
		{"build hall B2 over red", Action{Kind: ActBuild, Building: Hall, At: Square{Col: 1}, Colour: YellowCard}, "build hall B2 over yellow"},
		{"build hall B2 OVER Yellow", Action{Kind: ActBuild, Building: Hall, At: Square{Col: 1}, Colour: YellowCard}, "build hall B2 over yellow"},

		// wall
		{"wall N:D", Action{Kind: ActWall, Wall: WallSpace{Side: North, Index: 3}}, ""},
		{"wall n:a", Action{Kind: ActWall, Wall: WallSpace{Side: North, Index: 0}}, "wall N:A"},
		{"wall S:C", Action{Kind: ActWall, Wall: WallSpace{Side: South, Index: 2}}, ""},
		{"wall E:8", Action{Kind: ActWall, Wall: WallSpace{Side: East, Index: 5}}, ""},
		{"wall e:12", Action{Kind: ActWall, Wall: WallSpace{Side: East, Index: 9}}, "wall E:12"},
		{"wall north", Action{Kind: ActWall, Wall: WallSpace{Side: North, Index: -1}}, ""},
		{"wall SOUTH", Action{Kind: ActWall, Wall: WallSpace{Side: South, Index: -1}}, "wall south"},
		{"wall east", Action{Kind: ActWall, Wall: WallSpace{Side: East, Index: -1}}, ""},

		// church
		{"church", Action{Kind: ActChurch}, ""},
		{"church SE", Action{Kind: ActChurch, Tile: TileSE}, ""},
		{"church nw", Action{Kind: ActChurch, Tile: TileNW}, "church NW"},
		{"Church c", Action{Kind: ActChurch, Tile: TileC}, "church C"},
		{"church n", Action{Kind: ActChurch, Tile: TileN}, "church N"},

		// permit, gold
		{"permit 0 C4", Action{Kind: ActPermit, Value: 0, At: Square{Col: 2, Row: 2}}, ""},
		{"permit 4 F9", Action{Kind: ActPermit, Value: 4, At: Square{Col: 5, Row: 6}}, ""},
		{"permit 2 F9 pay blue", Action{Kind: ActPermit, Value: 2, At: Square{Col: 5, Row: 6}, Colour: BlueCard}, ""},
		{"PERMIT 1 a2 PAY RED", Action{Kind: ActPermit, Value: 1, At: Square{}, Colour: YellowCard}, "permit 1 A2 pay yellow"},
		{"gold", Action{Kind: ActGold}, ""},
		{"GOLD", Action{Kind: ActGold}, "gold"},

		// special actions, end
		{"move-permit F9 G9 pay blue", Action{Kind: ActMovePermit, At: Square{Col: 5, Row: 6}, To: Square{Col: 6, Row: 6}, Colour: BlueCard}, ""},
		{"movepermit f9 g9 pay red", Action{Kind: ActMovePermit, At: Square{Col: 5, Row: 6}, To: Square{Col: 6, Row: 6}, Colour: YellowCard}, "move-permit F9 G9 pay yellow"},
		{"move_permit F9 G9 pay green", Action{Kind: ActMovePermit, At: Square{Col: 5, Row: 6}, To: Square{Col: 6, Row: 6}, Colour: GreenCard}, "move-permit F9 G9 pay green"},
		{"upgrade-permit C4 3 pay green", Action{Kind: ActUpgradePermit, At: Square{Col: 2, Row: 2}, Value: 3, Colour: GreenCard}, ""},
		{"UpgradePermit c4 4 pay yellow", Action{Kind: ActUpgradePermit, At: Square{Col: 2, Row: 2}, Value: 4, Colour: YellowCard}, "upgrade-permit C4 4 pay yellow"},
		{"place-permit 1 H11", Action{Kind: ActPlacePermit, Value: 1, At: Square{Col: 7, Row: 8}}, ""},
		{"place_permit 0 h11", Action{Kind: ActPlacePermit, Value: 0, At: Square{Col: 7, Row: 8}}, "place-permit 0 H11"},
		{"buy-gold", Action{Kind: ActBuyGold}, ""},
		{"buygold", Action{Kind: ActBuyGold}, "buy-gold"},
		{"Buy_Gold", Action{Kind: ActBuyGold}, "buy-gold"},
		{"end", Action{Kind: ActEnd}, ""},
		{"END # done", Action{Kind: ActEnd}, "end"},

		// discard, take
		{"discard gold blue", Action{Kind: ActDiscard, Cards: Hand{Gold: 1, Influence: Influence{Blue: 1}}}, ""},
		{"discard gold gold blue", Action{Kind: ActDiscard, Cards: Hand{Gold: 2, Influence: Influence{Blue: 1}}}, ""},
		{"discard 2 gold, blue", Action{Kind: ActDiscard, Cards: Hand{Gold: 2, Influence: Influence{Blue: 1}}}, "discard gold gold blue"},
		{"discard 2 gold 1 blue", Action{Kind: ActDiscard, Cards: Hand{Gold: 2, Influence: Influence{Blue: 1}}}, "discard gold gold blue"},
		{"discard blue,gold,gold", Action{Kind: ActDiscard, Cards: Hand{Gold: 2, Influence: Influence{Blue: 1}}}, "discard gold gold blue"},
		{"discard red yellow 2 green", Action{Kind: ActDiscard, Cards: Hand{Influence: Influence{Green: 2, Yellow: 2}}}, "discard green green yellow yellow"},
		{"discard 3 reds", Action{Kind: ActDiscard, Cards: Hand{Influence: Influence{Yellow: 3}}}, "discard yellow yellow yellow"},
		{"discard nothing", Action{Kind: ActDiscard}, ""},
		{"DISCARD Nothing", Action{Kind: ActDiscard}, "discard nothing"},
		{"take yellow green", Action{Kind: ActTake, Cards: Hand{Influence: Influence{Green: 1, Yellow: 1}}}, "take green yellow"},
		{"take 2 blue", Action{Kind: ActTake, Cards: Hand{Influence: Influence{Blue: 2}}}, "take blue blue"},
		{"take nothing", Action{Kind: ActTake}, ""},

		// rebuild
		{"rebuild hut B3", Action{Kind: ActRebuild, Building: Hut, At: Square{Col: 1, Row: 1}}, ""},
		{"rebuild cottage e9", Action{Kind: ActRebuild, Building: Cottage, At: Square{Col: 4, Row: 6}}, "rebuild cottage E9"},
		{"rebuild hut none", Action{Kind: ActRebuild, Building: Hut, None: true}, ""},
		{"REBUILD COTTAGE NONE", Action{Kind: ActRebuild, Building: Cottage, None: true}, "rebuild cottage none"},

		// orders
		{"orders discard gold yellow green blue", Action{Kind: ActOrders, Order: "discard", Priority: []Card{Gold, YellowCard, GreenCard, BlueCard}}, ""},
		{"orders discard red, gold", Action{Kind: ActOrders, Order: "discard", Priority: []Card{YellowCard, Gold}}, "orders discard yellow gold"},
		{"orders discard blue", Action{Kind: ActOrders, Order: "discard", Priority: []Card{BlueCard}}, ""},
		{"order discard green", Action{Kind: ActOrders, Order: "discard", Priority: []Card{GreenCard}}, "orders discard green"},
		{"orders rebuild nearest", Action{Kind: ActOrders, Order: "rebuild"}, ""},
		{"Orders Ask", Action{Kind: ActOrders, Order: "ask"}, "orders ask"},

		// separators around a single action
		{"; end ;", Action{Kind: ActEnd}, "end"},
		{"\n\n  gold\r\n", Action{Kind: ActGold}, "gold"},
		{"wall\u00a0north", Action{Kind: ActWall, Wall: WallSpace{Side: North, Index: -1}}, "wall north"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseAction(tt.in)
			if err != nil {
				t.Fatalf("ParseAction(%q) error: %v", tt.in, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("ParseAction(%q) = %#v, want %#v", tt.in, got, tt.want)
			}
			text := tt.text
			if text == "" {
				text = tt.in
			}
			if s := got.String(); s != text {
				t.Errorf("ParseAction(%q).String() = %q, want %q", tt.in, s, text)
			}
			again, err := ParseAction(got.String())
			if err != nil || !reflect.DeepEqual(again, got) {
				t.Errorf("ParseAction(%q) = %#v, %v, want %#v", got.String(), again, err, got)
			}
		})
	}
}

func TestParseMoveSeparators(t *testing.T) {
	roll := Action{Kind: ActRoll}
	gold := Action{Kind: ActGold}
	end := Action{Kind: ActEnd}
	tests := []struct {
		in   string
		want []Action
	}{
		{"roll", []Action{roll}},
		{"roll;gold;end", []Action{roll, gold, end}},
		{"roll ; gold ; end ;", []Action{roll, gold, end}},
		{"roll\ngold\nend\n", []Action{roll, gold, end}},
		{"roll\r\ngold\r\nend\r\n", []Action{roll, gold, end}},
		{"\n\nroll\n\n\ngold;;;end\n\n", []Action{roll, gold, end}},
		{"# my turn\nroll # first\ngold # then\n# and\nend", []Action{roll, gold, end}},
		{"roll # gold; end\nend", []Action{roll, end}},
		{"roll#comment\nend", []Action{roll, end}},
		{"ROLL; Gold\n\tEnD", []Action{roll, gold, end}},
		{"discard 2 gold,\nend", []Action{{Kind: ActDiscard, Cards: Hand{Gold: 2}}, end}},
		{"discard gold;discard blue", []Action{
			{Kind: ActDiscard, Cards: Hand{Gold: 1}},
			{Kind: ActDiscard, Cards: Hand{Influence: Influence{Blue: 1}}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseMove(tt.in)
			if err != nil {
				t.Fatalf("ParseMove(%q) error: %v", tt.in, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseMove(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

// notationErrorTests are malformed inputs. at is the text the error offset must
// point at (its last occurrence); "" means the end of the last word.
// reason is a fragment of the expected reason.
var notationErrorTests = []struct {
	in, at, reason string
}{
	// empty moves and unknown verbs
	{"", "", "no action"},
	{"   ", "", "no action"},
	{"; ;\n", "", "no action"},
	{"# only a comment", "", "no action"},
	{"biuld tavern D4", "biuld", `did you mean "build"`},
	{"roll; edn", "edn", `did you mean "end"`},
	{"jump", "jump", "unknown action"},
	{"roll\nfly away", "fly", "unknown action"},
	{", roll", ",", "unknown action"},
	{"pérmit 2 F9", "pérmit", "unknown action"},
	{"build wor\u212ashop B3", "wor\u212ashop", "not a building"},
	{"build house \u01318", "\u01318", "not a square"},
	{"discard gold \xff", "\xff", "not a card"},
	// words after a complete action
	{"roll 5", "5", "unexpected"},
	{"gold please", "please", "unexpected"},
	{"end now", "now", "unexpected"},
	{"buy-gold blue", "blue", "unexpected"},
	{"orders ask now", "now", "unexpected"},
	// ship
	{"ship", "", "missing direction"},
	{"ship east", "east", "north or south"},
	// pirate
	{"pirate", "", "missing row"},
	{"pirate 7", "7", "no row 7"},
	{"pirate 13", "13", "no row 13"},
	{"pirate 1", "1", "no row 1"},
	{"pirate five", "five", "not a row"},
	{"pirate -5", "-5", "not a row"},
	// build
	{"build", "", "missing building"},
	{"build tavern", "", "missing square"},
	{"build hut B3", "hut", "cannot be built"},
	{"build cottage B3", "cottage", "cannot be built"},
	{"build tavren D4", "tavren", `did you mean "tavern"`},
	{"build castle D4", "castle", "not a building"},
	{"build tavern J4", "J4", "no column J"},
	{"build tavern D7", "D7", "no row 7"},
	{"build tavern D13", "D13", "no row"},
	{"build tavern 4D", "4D", "not a square"},
	{"build tavern D4 over", "", "missing card colour"},
	{"build tavern D4 over gold", "gold", "not a card colour"},
	{"build tavern D4 over purple", "purple", "not a card colour"},
	{"build tavern D4 under blue", "under", "unexpected"},
	{"build tavern D4 over blue now", "now", "unexpected"},
	// wall
	{"wall", "", "missing wall space"},
	{"wall west", "west", "not a wall space"},
	{"wall N:K", "N:K", "not a wall space"},
	{"wall E:7", "E:7", "not a wall space"},
	{"wall X:4", "X:4", "not a wall space"},
	{"wall N:", "N:", "not a wall space"},
	// church
	{"church X", "X", "not a church tile"},
	{"church SE NW", "NW", "unexpected"},
	// permit
	{"permit", "", "missing permit value"},
	{"permit 2", "", "missing square"},
	{"permit 5 F9", "5", "no permit of value 5"},
	{"permit two F9", "two", "not a permit value"},
	{"permit F9 2", "F9", "not a permit value"},
	{"permit 2 F9 pay", "", "missing card colour"},
	{"permit 2 F9 with blue", "with", `expected "pay"`},
	{"permit 2 F9 pay gold", "gold", "not a card colour"},
	// special actions
	{"move-permit F9", "", "missing destination square"},
	{"move-permit", "", "missing square of the permit"},
	{"move-permit F9 G9 pay", "", "missing card colour"},
	{"move-permit F9 G9", "", `missing "pay"`},
	{"move-permit F9 G9 blue", "blue", `expected "pay"`},
	{"move-permit F9 G7 pay blue", "G7", "no row 7"},
	{"upgrade-permit C4 pay blue", "pay", "not a permit value"},
	{"upgrade-permit C4 9 pay blue", "9", "no permit of value 9"},
	{"upgrade-permit C4 3", "", `missing "pay"`},
	{"place-permit 1", "", "missing square"},
	{"place-permit H11 1", "H11", "not a permit value"},
	// discard, take
	{"discard", "", "missing cards"},
	{"discard ,", "", "missing cards"},
	{"take", "", "missing cards"},
	{"discard gold bleu", "bleu", `did you mean "blue"`},
	{"discard 2", "", "missing card after"},
	{"discard 2, gold", ",", "missing card after"},
	{"discard 0 gold", "0", "not a number of cards"},
	{"discard 100 gold", "100", "not a number of cards"},
	{"discard 99 gold 1 blue", "blue", "too many cards"},
	{"discard nothing gold", "gold", "after \"nothing\""},
	{"discard gold nothing", "nothing", "cannot follow cards"},
	// rebuild
	{"rebuild", "", "missing building"},
	{"rebuild hut", "", `missing square or "none"`},
	{"rebuild house B3", "house", "only a hut or a cottage"},
	{"rebuild hut nowhere", "nowhere", "not a square"},
	// orders
	{"orders", "", "missing order"},
	{"orders discard", "", "missing card kinds"},
	{"orders discard gold gold", "gold", "named twice"},
	{"orders discard red yellow", "yellow", "named twice"},
	{"orders discard gold nothing", "nothing", "not a card kind"},
	{"orders rebuild", "", `missing "nearest"`},
	{"orders rebuild farthest", "farthest", `expected "nearest"`},
	{"orders dance", "dance", "unknown order"},
	// errors later in a move point into the whole text
	{"roll; build tavern D4; permit 7 F9", "7", "no permit of value 7"},
	{"roll\nbuild tavern D4 # ok\nwall Z", "Z", "not a wall space"},
	{"roll;;gold x", "x", "unexpected"},
}

func TestParseMoveErrors(t *testing.T) {
	if len(notationErrorTests) < 40 {
		t.Fatalf("only %d malformed inputs, want at least 40", len(notationErrorTests))
	}
	for _, tt := range notationErrorTests {
		t.Run(tt.in, func(t *testing.T) {
			want := notationErrorOffset(tt.in, tt.at)
			if want < 0 {
				t.Fatalf("%q does not contain %q", tt.in, tt.at)
			}
			got, err := ParseMove(tt.in)
			var ne *NotationError
			if !errors.As(err, &ne) {
				t.Fatalf("ParseMove(%q) = %v, %v, want a *NotationError", tt.in, got, err)
			}
			if ne.Input != tt.in {
				t.Errorf("ParseMove(%q): Input = %q, want the whole text", tt.in, ne.Input)
			}
			if ne.Offset != want {
				t.Errorf("ParseMove(%q): Offset = %d (%q), want %d (%q); %v", tt.in, ne.Offset, tt.in[ne.Offset:], want, tt.in[want:], err)
			}
			if !strings.Contains(ne.Reason, tt.reason) {
				t.Errorf("ParseMove(%q): Reason = %q, want it to mention %q", tt.in, ne.Reason, tt.reason)
			}
		})
	}
}

// notationErrorOffset is the expected error offset: where at last occurs in in, or
// the end of the last word when at is "".
func notationErrorOffset(in, at string) int {
	if at != "" {
		return strings.LastIndex(in, at)
	}
	if strings.Trim(in, " ;\n") == "" || strings.HasPrefix(in, "#") {
		return 0
	}
	return len(strings.TrimRight(in, " ,\n"))
}

// TestParseActionErrors checks ParseAction reports like ParseMove for one
// action, and refuses a second action.
func TestParseActionErrors(t *testing.T) {
	for _, tt := range notationErrorTests {
		if strings.ContainsAny(tt.in, ";\n") {
			continue
		}
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseAction(tt.in)
			var ne *NotationError
			if !errors.As(err, &ne) {
				t.Fatalf("ParseAction(%q) = %v, %v, want a *NotationError", tt.in, got, err)
			}
			if want := notationErrorOffset(tt.in, tt.at); ne.Offset != want || ne.Input != tt.in {
				t.Errorf("ParseAction(%q): Input, Offset = %q, %d, want %q, %d", tt.in, ne.Input, ne.Offset, tt.in, want)
			}
		})
	}
	for _, in := range []string{"roll; end", "roll\nend", "gold # x\n end"} {
		t.Run(in, func(t *testing.T) {
			got, err := ParseAction(in)
			var ne *NotationError
			if !errors.As(err, &ne) {
				t.Fatalf("ParseAction(%q) = %v, %v, want a *NotationError", in, got, err)
			}
			if want := strings.Index(in, "end"); ne.Offset != want {
				t.Errorf("ParseAction(%q): Offset = %d, want %d", in, ne.Offset, want)
			}
		})
	}
}

func TestParseMoveErrorMessage(t *testing.T) {
	_, err := ParseMove("biuld tavern D4")
	want := `cannot read "biuld tavern D4" at offset 0: unknown action "biuld"; did you mean "build"?`
	if err == nil || err.Error() != want {
		t.Errorf("ParseMove(%q) error = %v, want %s", "biuld tavern D4", err, want)
	}
}

func ExampleParseMove() {
	move, err := ParseMove("Ship South; build tavern d4 over RED # a big one\nend")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(FormatMove(move))
	_, err = ParseMove("pirate 7")
	fmt.Println(err)
	// Output:
	// ship south; build tavern D4 over yellow; end
	// cannot read "pirate 7" at offset 7: there is no row 7 (rows are 2 to 12 without 7)
}

func BenchmarkParseMove(b *testing.B) {
	lines := readNotationLines(b, filepath.Join("testdata", "notation", "*.txt"))
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range lines {
			if _, err := ParseMove(l); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestFormatActionEdition prints the third colour as the edition names it
// (R108, V1) and reads back to the same action.
func TestFormatActionEdition(t *testing.T) {
	fr, err := NewConfig([]Colour{Red, Blue}, EditionFR, nil)
	if err != nil {
		t.Fatal(err)
	}
	en, err := NewConfig([]Colour{Red, Blue}, EditionEN, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"build tavern D4 over yellow", "permit 2 F9 pay yellow", "discard gold yellow yellow", "orders discard yellow gold", "roll"} {
		a, err := ParseAction(text)
		if err != nil {
			t.Fatal(err)
		}
		if got := en.FormatAction(a); got != text {
			t.Errorf("en FormatAction(%q) = %q, want it unchanged", text, got)
		}
		got := fr.FormatAction(a)
		if want := strings.ReplaceAll(text, "yellow", "red"); got != want {
			t.Errorf("fr FormatAction(%q) = %q, want %q", text, got, want)
		}
		back, err := ParseAction(got)
		if err != nil || back.String() != a.String() {
			t.Errorf("ParseAction(%q) = %v, %v; want %q", got, back, err, a)
		}
	}
}
