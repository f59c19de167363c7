package templates

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites the file with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading golden file (run go test -update): %v", err)
	}
	if string(got) == string(want) {
		return
	}
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < max(len(g), len(w)); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			t.Errorf("%s differs from the golden file (go test -update rewrites it) at line %d:\ngot:  %s\nwant: %s", name, i+1, gl, wl)
			return
		}
	}
}

func sq(t testing.TB, s string) engine.Square {
	t.Helper()
	v, err := engine.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func ws(t testing.TB, s string) engine.WallSpace {
	t.Helper()
	v, err := engine.ParseWallSpace(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func config(t testing.TB, e engine.Edition, seats ...engine.Colour) engine.Config {
	t.Helper()
	cfg, err := engine.NewConfig(seats, e, nil)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func intp(v int) *int { return &v }

// starters lists the huts and cottages of the seats on their start squares.
func starters(t testing.TB, seats ...engine.Colour) []engine.Building {
	at := map[engine.Colour][2]string{
		engine.Red: {"E8", "D4"}, engine.Blue: {"B8", "C4"},
		engine.Green: {"E5", "D10"}, engine.Yellow: {"B5", "C10"},
	}
	var out []engine.Building
	for _, c := range seats {
		out = append(out,
			engine.Building{Kind: engine.Cottage, Owner: c, At: sq(t, at[c][0])},
			engine.Building{Kind: engine.Hut, Owner: c, At: sq(t, at[c][1])})
	}
	return out
}

// fourPlayers is a rich four-player position in the middle of red's build
// phase: every kind of piece is on the board.
func fourPlayers(t testing.TB) (engine.Config, *engine.State) {
	cfg := config(t, engine.EditionEN, engine.Red, engine.Blue, engine.Green, engine.Yellow)
	bottom := engine.TileSW
	st := &engine.State{
		Turn: 23, Current: engine.Red, Phase: engine.PhaseBuild,
		WaitingFor: []engine.Colour{engine.Red},
		Dice:       &[2]int{3, 5},
		Ship:       engine.Ship{Row: intp(8)},
		BuildsDone: 1,
		Players: map[engine.Colour]*engine.Player{
			engine.Red: {Gold: 4, Influence: engine.Influence{Blue: 1, Yellow: 2}, Cubes: 5, Trade: 2,
				Permits: []int{0, 1, 3}, Walls: 3, Buildings: []engine.Kind{engine.Workshop},
				Orders: engine.Orders{Discard: []engine.Card{engine.Gold, engine.BlueCard}, Rebuild: "nearest"}},
			engine.Blue: {Gold: 7, Influence: engine.Influence{Green: 3}, Cubes: 7, Trade: 4,
				Permits: []int{1, 2, 3, 4}, Walls: 1, Buildings: []engine.Kind{engine.House},
				Orders: engine.Orders{Rebuild: "ask"}},
			engine.Green: {Gold: 2, Influence: engine.Influence{Blue: 2, Green: 1, Yellow: 1}, Cubes: 8, Trade: 2,
				Permits: []int{0, 1, 2, 4}, Walls: 1, Buildings: []engine.Kind{engine.House, engine.Workshop},
				Orders: engine.Orders{Rebuild: "ask"}},
			engine.Yellow: {Gold: 0, Influence: engine.Influence{}, Cubes: 9, Trade: 1,
				Permits: []int{0, 2, 3, 4}, Walls: 1, Buildings: []engine.Kind{engine.House, engine.Workshop},
				Orders: engine.Orders{Rebuild: "ask"}},
		},
		Buildings: append(starters(t, engine.Red, engine.Blue, engine.Green, engine.Yellow),
			engine.Building{Kind: engine.Tavern, Owner: engine.Blue, At: sq(t, "A2")},
			engine.Building{Kind: engine.Hall, Owner: engine.Red, At: sq(t, "F2")},
			engine.Building{Kind: engine.Shop, Owner: engine.Green, At: sq(t, "H11")},
			engine.Building{Kind: engine.Well, Owner: engine.Yellow, At: sq(t, "A10")},
			engine.Building{Kind: engine.Stall, Owner: engine.Red, At: sq(t, "F10")},
			engine.Building{Kind: engine.House, Owner: engine.Red, At: sq(t, "G8")},
			engine.Building{Kind: engine.Workshop, Owner: engine.Blue, At: sq(t, "A5")},
		),
		Permits: []engine.Permit{
			{Owner: engine.Red, Value: 4, At: sq(t, "D2")},
			{Owner: engine.Blue, Value: 0, At: sq(t, "I5")},
			{Owner: engine.Red, Value: 2, At: sq(t, "F9")},
			{Owner: engine.Yellow, Value: 1, At: sq(t, "E11")},
			{Owner: engine.Green, Value: 3, At: sq(t, "A12")},
		},
		Church: []engine.ChurchTile{
			{Tile: engine.TileN, Owner: engine.Blue, At: sq(t, "C6")},
			{Tile: engine.TileC, Owner: engine.Red, At: sq(t, "C8")},
			{Tile: engine.TileE, Owner: engine.Green, At: sq(t, "D8")},
		},
		Walls: []engine.Wall{
			{Owner: engine.Red, Tile: 2, At: ws(t, "N:F")},
			{Owner: engine.Blue, Tile: 1, At: ws(t, "N:G")},
			{Owner: engine.Red, Tile: 1, At: ws(t, "N:H")},
			{Owner: engine.Green, Tile: 1, At: ws(t, "S:H")},
			{Owner: engine.Red, Tile: 3, At: ws(t, "E:3")},
			{Owner: engine.Yellow, Tile: 1, At: ws(t, "E:11")},
		},
		TradeFlags: engine.TradeFlags{{engine.Blue}, {}, {}, {}, {}},
		Supply: engine.Supply{
			Gold:             36,
			InfluenceDeck:    engine.Influence{Blue: 8, Green: 7, Yellow: 9},
			InfluenceDiscard: engine.Influence{Blue: 2, Green: 2, Yellow: 1},
			Neutral:          engine.Neutral{Well: 3, Stall: 3, Tavern: 4, Shop: 4, Hall: 2},
			ChurchStack:      []engine.Tile{engine.TileNW, engine.TileNE, engine.TileW, engine.TileS, engine.TileSE, engine.TileSW},
			ChurchBottom:     &bottom,
		},
		Pending: []engine.Pending{},
	}
	return cfg, st
}

// threePlayersRaid is a three-player position (French edition, red third
// colour) where the pirates struck and two seats owe decisions.
func threePlayersRaid(t testing.TB) (engine.Config, *engine.State) {
	cfg := config(t, engine.EditionFR, engine.Green, engine.Yellow, engine.Blue)
	hutAt := sq(t, "C10")
	st := &engine.State{
		Turn: 9, Current: engine.Green, Phase: engine.PhaseDecide,
		WaitingFor: []engine.Colour{engine.Yellow, engine.Blue},
		Dice:       &[2]int{4, 3},
		Ship:       engine.Ship{Row: intp(5), Pirate: true},
		Players: map[engine.Colour]*engine.Player{
			engine.Green: {Gold: 3, Influence: engine.Influence{Green: 2}, Cubes: 7, Trade: 3,
				Permits: []int{0, 1, 4}, Buildings: []engine.Kind{engine.House}, Orders: engine.Orders{Rebuild: "ask"}},
			engine.Yellow: {Gold: 5, Influence: engine.Influence{Blue: 1, Yellow: 1}, Cubes: 10, Trade: 1,
				Permits: []int{0, 1, 2, 3, 4}, Walls: 0, Buildings: []engine.Kind{engine.House, engine.Workshop},
				Orders: engine.Orders{Rebuild: "ask"}},
			engine.Blue: {Gold: 6, Influence: engine.Influence{Blue: 1, Green: 1, Yellow: 1}, Cubes: 10, Trade: 2,
				Permits: []int{1, 2, 3}, Walls: 1, Buildings: []engine.Kind{engine.House, engine.Workshop},
				Orders: engine.Orders{Rebuild: "ask"}},
		},
		Buildings: append(starters(t, engine.Green, engine.Blue),
			engine.Building{Kind: engine.Cottage, Owner: engine.Yellow, At: sq(t, "B5")},
			engine.Building{Kind: engine.Shop, Owner: engine.Green, At: sq(t, "A2")},
			engine.Building{Kind: engine.Workshop, Owner: engine.Green, At: sq(t, "F2")},
			engine.Building{Kind: engine.Tavern, Owner: engine.Green, At: sq(t, "B10")},
		),
		Permits: []engine.Permit{
			{Owner: engine.Blue, Value: 0, At: sq(t, "F5")},
			{Owner: engine.Blue, Value: 4, At: sq(t, "G12")},
			{Owner: engine.Green, Value: 2, At: sq(t, "A8")},
		},
		Walls: []engine.Wall{
			{Owner: engine.Blue, Tile: 1, At: ws(t, "S:E")},
		},
		TradeFlags: engine.TradeFlags{{engine.Green}, {}, {}, {}, {}},
		Supply: engine.Supply{
			Gold:             37,
			InfluenceDeck:    engine.Influence{Blue: 9, Green: 8, Yellow: 10},
			InfluenceDiscard: engine.Influence{Blue: 1, Green: 1, Yellow: 0},
			Neutral:          engine.Neutral{Well: 4, Stall: 4, Tavern: 4, Shop: 4, Hall: 3},
			ChurchStack:      append([]engine.Tile(nil), engine.AllTiles...),
		},
		Pending: []engine.Pending{
			{Seat: engine.Yellow, Kind: engine.PendingRebuild, Building: engine.Hut, At: &hutAt},
			{Seat: engine.Blue, Kind: engine.PendingDiscard, Count: 2, Cards: "any"},
		},
		Pool: &engine.Hand{Gold: 1},
	}
	return cfg, st
}

// twoPlayersOver is a finished two-player game (Russian edition).
func twoPlayersOver(t testing.TB) (engine.Config, *engine.State) {
	cfg := config(t, engine.EditionRU, engine.Blue, engine.Red)
	winner := engine.Blue
	bottom := engine.TileSE
	st := &engine.State{
		Turn: 61, Current: engine.Blue, Phase: engine.PhaseOver,
		WaitingFor: []engine.Colour{},
		Dice:       &[2]int{6, 6},
		Ship:       engine.Ship{Row: intp(12)},
		BuildsDone: 2,
		Players: map[engine.Colour]*engine.Player{
			engine.Blue: {Gold: 1, Influence: engine.Influence{Yellow: 1}, Cubes: 0, Trade: 7,
				Permits: []int{0, 1, 2, 3, 4}, Walls: 3, Orders: engine.Orders{Rebuild: "ask"}},
			engine.Red: {Gold: 9, Influence: engine.Influence{Blue: 4, Green: 2, Yellow: 3}, Cubes: 5, Trade: 5,
				Permits: []int{1, 4}, Walls: 2, Buildings: []engine.Kind{engine.Workshop},
				Orders: engine.Orders{Discard: []engine.Card{engine.YellowCard}, Rebuild: "ask"}},
		},
		Buildings: []engine.Building{
			{Kind: engine.Hall, Owner: engine.Blue, At: sq(t, "A2"), Cubes: intp(1)},
			{Kind: engine.Stall, Owner: engine.Blue, At: sq(t, "C2")},
			{Kind: engine.Well, Owner: engine.Red, At: sq(t, "E2")},
			{Kind: engine.House, Owner: engine.Red, At: sq(t, "D4")},
			{Kind: engine.Tavern, Owner: engine.Red, At: sq(t, "A8")},
			{Kind: engine.Hut, Owner: engine.Blue, At: sq(t, "C4")},
			{Kind: engine.Cottage, Owner: engine.Red, At: sq(t, "B5")},
			{Kind: engine.Well, Owner: engine.Blue, At: sq(t, "D5")},
			{Kind: engine.Shop, Owner: engine.Blue, At: sq(t, "A11")},
			{Kind: engine.Workshop, Owner: engine.Blue, At: sq(t, "E11")},
		},
		Permits: []engine.Permit{
			{Owner: engine.Red, Value: 0, At: sq(t, "D12")},
			{Owner: engine.Red, Value: 3, At: sq(t, "C12")},
		},
		Church: []engine.ChurchTile{
			{Tile: engine.TileNW, Owner: engine.Blue, At: sq(t, "C8")},
			{Tile: engine.TileN, Owner: engine.Blue, At: sq(t, "D8")},
			{Tile: engine.TileNE, Owner: engine.Red, At: sq(t, "E8")},
		},
		Walls: []engine.Wall{
			{Owner: engine.Blue, Tile: 1, At: ws(t, "N:D")},
			{Owner: engine.Red, Tile: 1, At: ws(t, "N:C")},
			{Owner: engine.Blue, Tile: 2, At: ws(t, "S:D")},
			{Owner: engine.Red, Tile: 2, At: ws(t, "S:C")},
			{Owner: engine.Blue, Tile: 3, At: ws(t, "E:3")},
		},
		TradeFlags: engine.TradeFlags{{engine.Blue, engine.Red}, {engine.Blue, engine.Red}, {engine.Blue}, {}, {}},
		Supply: engine.Supply{
			Gold:             41,
			InfluenceDeck:    engine.Influence{Blue: 10, Green: 14, Yellow: 12},
			InfluenceDiscard: engine.Influence{Blue: 4, Green: 2, Yellow: 2},
			Neutral:          engine.Neutral{Well: 2, Stall: 3, Tavern: 4, Shop: 4, Hall: 2},
			ChurchStack:      []engine.Tile{engine.TileW, engine.TileC, engine.TileE, engine.TileSW, engine.TileS, engine.TileSE},
			ChurchBottom:     &bottom,
		},
		Pending: []engine.Pending{},
		Winner:  &winner,
	}
	return cfg, st
}

// fixtures are the hand-built positions every renderer is tested on.
var fixtures = []struct {
	name  string
	build func(testing.TB) (engine.Config, *engine.State)
}{
	{"four", fourPlayers},
	{"three-raid", threePlayersRaid},
	{"two-over", twoPlayersOver},
}
