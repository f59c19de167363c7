package seafarers

import (
	"bufio"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
)

// TestParseCanonical: aliases and the canonical spelling (topic moves,
// §3).
func TestParseCanonical(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"place settlement d7.N road D7-C6", "place settlement D7.n road C6-D7"},
		{"Place Settlement D7.ne Ship D7.ne", "place settlement C8.s ship C8-D7"},
		{"roll # comment", "roll"},
		{"play knight robber D7 steal blue", "play knight; robber D7 steal blue"},
		{"play knight pirate C6 steal white cloth", "play knight; pirate C6 steal white cloth"},
		{"trade 4 sheep for ore", "trade 4 wool for 1 ore"},
		{"trade 4 wools for 1 wheat", "trade 4 wool for 1 grain"},
		{"offer wool wool, clay for 1 woods to white blue", "offer 1 brick, 2 wool for 1 lumber to blue, white"},
		{"offer 1 ore for 1 grain to all", "offer 1 ore for 1 grain to all"},
		{"move ship B5-C6 to C4-B5", "move ship B5-C6 B5-C4"},
		{"play year-of-plenty ore wool", "play year-of-plenty 1 wool, 1 ore"},
		{"play road-building road C6-D5", "play road-building road C6-D5"},
		{"discard 1 brick 3 ore", "discard 1 brick, 3 ore"},
		{"harbor C4-D3", "harbour C4-D3"},
		{"harbour C4-D3 sheep", "harbour C4-D3 wool"},
		{"orders discard sheep, ore", "orders discard wool ore"},
		{"orders trade accept ore for clay", "orders trade accept 1 ore for 1 brick"},
		{"roll\nend", "roll; end"},
		{"build city E8.nw", "build city D7.s"},
		{"build road E8.nw", "build road D7-E8"},
	} {
		m, err := ParseMove(tt.in)
		if err != nil {
			t.Errorf("ParseMove(%q): %v", tt.in, err)
			continue
		}
		if got := FormatMove(m); got != tt.want {
			t.Errorf("ParseMove(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// notationErrors are inputs ParseMove refuses, with the offset of the
// offending word.
var notationErrors = []struct {
	in     string
	offset int
}{
	{"", 0},
	{"# only a comment", 0},
	{"fly", 0},
	{"place settlement D8.n road C6-D7", 17},
	{"place settlement D7.q road C6-D7", 17},
	{"place settlement D7.n boat C6-D7", 22},
	{"place settlement D7.n road C6-E8", 27},
	{"trade 0 wool for 1 ore", 6},
	{"trade 4 gold for 1 ore", 8},
	{"discard", 7},
	{"offer 1 ore for 1 wool to purple", 26},
	{"offer 1 ore for 1 wool to blue, blue", 32},
	{"roll now", 5},
	{"play dragon", 5},
	{"orders gold", 11},
	{"harbour C4-D3 silver", 14},
	{"build castle D7.n", 6},
	{"trade 100 wool for 1 ore", 6},
}

func TestParseErrors(t *testing.T) {
	for _, tt := range notationErrors {
		_, err := ParseMove(tt.in)
		var ne *engine.NotationError
		if !errors.As(err, &ne) {
			t.Errorf("ParseMove(%q) = %v, want a *engine.NotationError", tt.in, err)
			continue
		}
		if ne.Offset != tt.offset || ne.Input != tt.in || ne.Reason == "" {
			t.Errorf("ParseMove(%q) offset %d (%s), want %d", tt.in, ne.Offset, ne.Reason, tt.offset)
		}
	}
}

// TestPrintParse: every action prints to text that parses back to it
// (topic moves).
func TestPrintParse(t *testing.T) {
	g := newT(t, "new-shores", nil).g
	r := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		a := randomAction(g, r)
		if a.Kind == ActOffer && a.To == 0 {
			a.All = true
		}
		b, err := ParseAction(a.String())
		if err != nil {
			t.Fatalf("ParseAction(%q): %v", a, err)
		}
		if b != a {
			t.Fatalf("ParseAction(%q) = %#v, want %#v", a, b, a)
		}
	}
	for range 500 {
		a := randomOrder(r)
		b, err := ParseAction(a.String())
		if err != nil || b != a {
			t.Fatalf("ParseAction(%q) = %#v, %v", a, b, err)
		}
	}
}

// TestClass: entry kinds (docs/turnfile.md §2.3).
func TestClass(t *testing.T) {
	for in, want := range map[string]engine.Class{
		"orders clear": engine.ClassOrders, "discard 1 ore": engine.ClassDecision, "gold 1 ore": engine.ClassDecision,
		"reward ore": engine.ClassDecision, "accept": engine.ClassDecision, "decline": engine.ClassDecision,
		"resolve": engine.ClassDecision, "roll": engine.ClassMove, "place settlement D7.n road C6-D7": engine.ClassMove,
		"orders clear; resolve": engine.ClassDecision, "resolve; roll": engine.ClassMove,
	} {
		m, err := Rules{}.ParseMove(in)
		if err != nil {
			t.Fatal(err)
		}
		if got := engine.ClassOf(m); got != want {
			t.Errorf("ClassOf(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestParseEdits: edits read and print canonically (topic edits).
func TestParseEdits(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"hand red 2 sheep ore", "hand red 2 wool, 1 ore"},
		{"hand red none", "hand red none"},
		{"card blue knight played got 3", "card blue knight played got 3"},
		{"card blue knight got 0", "card blue knight"},
		{"place ship C4-C6 red built 2 warship", "place ship C4-C6 red built 2 warship"},
		{"place settlement D7.ne red", "place settlement C8.s red"},
		{"remove C8-D7", "remove C8-D7"},
		{"remove D7.n", "remove D7.n"},
		{"robber off", "robber off"},
		{"pirate E14", "pirate E14"},
		{"chits red 0", "chits red 0"},
		{"rewarded red northwest, northeast", "rewarded red northwest northeast"},
		{"home-islands blue none", "home-islands blue none"},
		{"cloth red 3", "cloth red 3"},
		{"village D9.n 2", "village D9.n 2"},
		{"connect D9.n red", "connect D9.n red"},
		{"fortress red 0", "fortress red 0"},
		{"wonder theater red 2", "wonder theater red 2"},
		{"harbours-aside red ore 3:1", "harbours-aside red ore 3:1"},
		{"gift A6-B5 none", "gift A6-B5 none"},
		{"explore C10 hills 5", "explore C10 hills 5"},
		{"longest-route none", "longest-route none"},
		{"largest-army blue", "largest-army blue"},
		{"force card knight", "force card knight"},
		{"force fog pasture", "force fog pasture"},
		{"force fog hills 5", "force fog hills 5"},
		{"force steal wool", "force steal wool"},
		{"force die 3", "force die 3"},
		{"force clear", "force clear"},
		{"turn white build", "turn white build"},
		{"turn white roll", "turn white"},
	} {
		es, err := ParseEdits(tt.in)
		if err != nil || len(es) != 1 {
			t.Errorf("ParseEdits(%q): %v", tt.in, err)
			continue
		}
		if got := es[0].String(); got != tt.want {
			t.Errorf("ParseEdits(%q) = %q, want %q", tt.in, got, tt.want)
		}
		again, err := ParseEdits(es[0].String())
		if err != nil || again[0].String() != es[0].String() {
			t.Errorf("edit %q does not read back: %v", es[0], err)
		}
	}
	for _, in := range []string{"", "fly", "hand red", "force die 7", "force fog gold 13", "explore C10 hills 7", "turn red setup", "card red sealed"} {
		_, err := ParseEdits(in)
		var ne *engine.NotationError
		if !errors.As(err, &ne) {
			t.Errorf("ParseEdits(%q) = %v, want a *engine.NotationError", in, err)
		}
	}
}

// readLines reads the seed moves of testdata/notation, one per line.
func readLines(tb testing.TB, glob string) []string {
	tb.Helper()
	files, err := filepath.Glob(glob)
	if err != nil || len(files) == 0 {
		tb.Fatalf("no seed files match %s", glob)
	}
	var out []string
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			tb.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			if l := sc.Text(); strings.TrimSpace(l) != "" && !strings.HasPrefix(l, "#") {
				out = append(out, l)
			}
		}
		fh.Close()
	}
	if len(out) == 0 {
		tb.Fatalf("the seed files %v hold no move", files)
	}
	return out
}

// TestSeedMoves: every seed move parses and reads back the same.
func TestSeedMoves(t *testing.T) {
	for _, l := range readLines(t, filepath.Join("testdata", "notation", "*.txt")) {
		m, err := ParseMove(l)
		if err != nil {
			t.Errorf("%q: %v", l, err)
			continue
		}
		again, err := ParseMove(FormatMove(m))
		if err != nil || FormatMove(again) != FormatMove(m) {
			t.Errorf("%q: %q does not read back", l, FormatMove(m))
		}
	}
}

// FuzzParseMove checks that ParseMove never panics, fails only with a
// *engine.NotationError pointing into the input, and that every accepted
// move prints to text that parses to the same actions.
func FuzzParseMove(f *testing.F) {
	for _, l := range readLines(f, filepath.Join("testdata", "notation", "*.txt")) {
		f.Add(l)
	}
	for _, tt := range notationErrors {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, text string) {
		move, err := ParseMove(text)
		if err != nil {
			var ne *engine.NotationError
			if !errors.As(err, &ne) {
				t.Fatalf("ParseMove(%q) error %v (%T)", text, err, err)
			}
			if ne.Input != text || ne.Offset < 0 || ne.Offset > len(text) || ne.Reason == "" {
				t.Fatalf("ParseMove(%q) error %#v does not point into the input", text, ne)
			}
			return
		}
		printed := FormatMove(move)
		again, err := ParseMove(printed)
		if err != nil {
			t.Fatalf("ParseMove(%q) (printed from %q): %v", printed, text, err)
		}
		if len(again) != len(move) {
			t.Fatalf("%q: %d actions, reprinted %d", text, len(move), len(again))
		}
		for i := range move {
			if again[i] != move[i] {
				t.Fatalf("ParseMove(%q)[%d] = %#v, want %#v", printed, i, again[i], move[i])
			}
		}
		if FormatMove(again) != printed {
			t.Fatalf("printed %q then %q", printed, FormatMove(again))
		}
		if _, err := ParseEdits(text); err != nil {
			var ne *engine.NotationError
			if !errors.As(err, &ne) {
				t.Fatalf("ParseEdits(%q) error %v (%T)", text, err, err)
			}
		}
	})
}
