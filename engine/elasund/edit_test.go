package elasund

import (
	"errors"
	"testing"
)

func newTestGame(t testing.TB, n int, overrides map[string]string) *Game {
	t.Helper()
	cfg, err := NewConfig(AllColours[:n], EditionEN, overrides)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// mustEdit applies sandbox edits written as in topic edits, failing the test on
// any error.
func mustEdit(t testing.TB, g *Game, text string) {
	t.Helper()
	es, err := ParseEdits(text)
	if err != nil {
		t.Fatalf("ParseEdits(%q): %v", text, err)
	}
	if err := g.Edit(es); err != nil {
		t.Fatalf("Edit(%q): %v", text, err)
	}
}

func TestEditBuildsConsistentPositions(t *testing.T) {
	g := newTestGame(t, 4, nil)
	mustEdit(t, g, `gold red 9; influence red blue 3; place tavern F4 blue; permit red 2 F9
		church SE yellow; wall green N:H; wall green N:G; wall green N:F; trade red 5; ship 8; turn blue`)
	st := g.View()
	if st.Players[Red].Gold != 9 || st.Players[Red].Influence.Blue != 3 {
		t.Errorf("red holds %d gold, %d blue; want 9, 3", st.Players[Red].Gold, st.Players[Red].Influence.Blue)
	}
	if st.Players[Blue].Cubes != 9 || st.Players[Yellow].Cubes != 9 || st.Players[Green].Cubes != 9 {
		t.Errorf("cubes: blue %d yellow %d green %d, want 9 each", st.Players[Blue].Cubes, st.Players[Yellow].Cubes, st.Players[Green].Cubes)
	}
	if st.Players[Red].Cubes != 8 || len(st.TradeFlags[0]) != 1 || len(st.TradeFlags[1]) != 1 {
		t.Errorf("trade 5 should put red cubes on 3 and 5: cubes %d flags %v", st.Players[Red].Cubes, st.TradeFlags)
	}
	if st.Current != Blue || st.Phase != PhaseRoll {
		t.Errorf("turn: %s %s", st.Current, st.Phase)
	}
	mustEdit(t, g, "trade red 4; remove G5; remove F9")
	st = g.View()
	if st.Players[Red].Cubes != 9 || st.Players[Blue].Cubes != 10 || len(st.Permits) != 0 {
		t.Errorf("after removals: red cubes %d blue cubes %d permits %v", st.Players[Red].Cubes, st.Players[Blue].Cubes, st.Permits)
	}
}

func TestEditRefusesInconsistentPositions(t *testing.T) {
	for _, text := range []string{
		"place tavern D4",                        // no owner
		"place tavern D3 red",                    // overlaps red's hut D4
		"permit red 2 C8",                        // bare foundation (R13)
		"permit red 2 H5",                        // outside a 2-player city
		"wall red E:5",                           // not joined to a gate
		"gold red 99",                            // the bank is not that rich
		"place house A2 red; place house A3 red", // only one house
		"church SE red; church SE blue",
		"church C red; church W blue", // with C on C8, tile W belongs on B8: blue's cottage
	} {
		g := newTestGame(t, 2, nil)
		before := stateJSON(t, g.View())
		es, err := ParseEdits(text)
		if err != nil {
			t.Fatalf("ParseEdits(%q): %v", text, err)
		}
		err = g.Edit(es)
		var se *StateError
		if !errors.As(err, &se) {
			t.Errorf("Edit(%q) = %v, want a *StateError", text, err)
		}
		if stateJSON(t, g.View()) != before {
			t.Errorf("Edit(%q) changed the state although it failed", text)
		}
	}
}

func TestParseEditsRoundTrip(t *testing.T) {
	text := "gold red 3; influence blue red 2; place hall B2 green; remove C4; permit red 0 A2; church NW blue; wall red S:C; trade green 7; ship 12; turn yellow"
	es, err := ParseEdits(text)
	if err != nil {
		t.Fatal(err)
	}
	want := "gold red 3; influence blue yellow 2; place hall B2 green; remove C4; permit red 0 A2; church NW blue; wall red S:C; trade green 7; ship 12; turn yellow"
	if got := FormatEdits(es); got != want {
		t.Errorf("FormatEdits = %q, want %q", got, want)
	}
	for _, bad := range []string{"", "paint red", "gold purple 3", "ship 7", "permit red 5 A2", "wall red north"} {
		if _, err := ParseEdits(bad); err == nil {
			t.Errorf("ParseEdits(%q) succeeded, want an error", bad)
		}
	}
}
