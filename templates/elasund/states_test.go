package elasund

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/elasund"
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

func sq(t testing.TB, s string) game.Square {
	t.Helper()
	v, err := game.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func ws(t testing.TB, s string) game.WallSpace {
	t.Helper()
	v, err := game.ParseWallSpace(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func config(t testing.TB, e game.Edition, seats ...game.Colour) game.Config {
	t.Helper()
	cfg, err := game.NewConfig(seats, e, nil)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func intp(v int) *int { return &v }

// starters lists the huts and cottages of the seats on their start squares.
func starters(t testing.TB, seats ...game.Colour) []game.Building {
	at := map[game.Colour][2]string{
		game.Red: {"E8", "D4"}, game.Blue: {"B8", "C4"},
		game.Green: {"E5", "D10"}, game.Yellow: {"B5", "C10"},
	}
	var out []game.Building
	for _, c := range seats {
		out = append(out,
			game.Building{Kind: game.Cottage, Owner: c, At: sq(t, at[c][0])},
			game.Building{Kind: game.Hut, Owner: c, At: sq(t, at[c][1])})
	}
	return out
}

// fourPlayers is a rich four-player position in the middle of red's build
// phase: every kind of piece is on the board.
func fourPlayers(t testing.TB) (game.Config, *game.State) {
	cfg := config(t, game.EditionEN, game.Red, game.Blue, game.Green, game.Yellow)
	bottom := game.TileSW
	st := &game.State{
		Turn: 23, Current: game.Red, Phase: game.PhaseBuild,
		WaitingFor: []game.Colour{game.Red},
		Dice:       &[2]int{3, 5},
		Ship:       game.Ship{Row: intp(8)},
		BuildsDone: 1,
		Players: map[game.Colour]*game.Player{
			game.Red: {Gold: 4, Influence: game.Influence{Blue: 1, Yellow: 2}, Cubes: 5, Trade: 2,
				Permits: []int{0, 1, 3}, Walls: 3, Buildings: []game.Kind{game.Workshop},
				Orders: game.Orders{Discard: []game.Card{game.Gold, game.BlueCard}, Rebuild: "nearest"}},
			game.Blue: {Gold: 7, Influence: game.Influence{Green: 3}, Cubes: 7, Trade: 4,
				Permits: []int{1, 2, 3, 4}, Walls: 1, Buildings: []game.Kind{game.House},
				Orders: game.Orders{Rebuild: "ask"}},
			game.Green: {Gold: 2, Influence: game.Influence{Blue: 2, Green: 1, Yellow: 1}, Cubes: 8, Trade: 2,
				Permits: []int{0, 1, 2, 4}, Walls: 1, Buildings: []game.Kind{game.House, game.Workshop},
				Orders: game.Orders{Rebuild: "ask"}},
			game.Yellow: {Gold: 0, Influence: game.Influence{}, Cubes: 9, Trade: 1,
				Permits: []int{0, 2, 3, 4}, Walls: 1, Buildings: []game.Kind{game.House, game.Workshop},
				Orders: game.Orders{Rebuild: "ask"}},
		},
		Buildings: append(starters(t, game.Red, game.Blue, game.Green, game.Yellow),
			game.Building{Kind: game.Tavern, Owner: game.Blue, At: sq(t, "A2")},
			game.Building{Kind: game.Hall, Owner: game.Red, At: sq(t, "F2")},
			game.Building{Kind: game.Shop, Owner: game.Green, At: sq(t, "H11")},
			game.Building{Kind: game.Well, Owner: game.Yellow, At: sq(t, "A10")},
			game.Building{Kind: game.Stall, Owner: game.Red, At: sq(t, "F10")},
			game.Building{Kind: game.House, Owner: game.Red, At: sq(t, "G8")},
			game.Building{Kind: game.Workshop, Owner: game.Blue, At: sq(t, "A5")},
		),
		Permits: []game.Permit{
			{Owner: game.Red, Value: 4, At: sq(t, "D2")},
			{Owner: game.Blue, Value: 0, At: sq(t, "I5")},
			{Owner: game.Red, Value: 2, At: sq(t, "F9")},
			{Owner: game.Yellow, Value: 1, At: sq(t, "E11")},
			{Owner: game.Green, Value: 3, At: sq(t, "A12")},
		},
		Church: []game.ChurchTile{
			{Tile: game.TileN, Owner: game.Blue, At: sq(t, "C6")},
			{Tile: game.TileC, Owner: game.Red, At: sq(t, "C8")},
			{Tile: game.TileE, Owner: game.Green, At: sq(t, "D8")},
		},
		Walls: []game.Wall{
			{Owner: game.Red, Tile: 2, At: ws(t, "N:F")},
			{Owner: game.Blue, Tile: 1, At: ws(t, "N:G")},
			{Owner: game.Red, Tile: 1, At: ws(t, "N:H")},
			{Owner: game.Green, Tile: 1, At: ws(t, "S:H")},
			{Owner: game.Red, Tile: 3, At: ws(t, "E:3")},
			{Owner: game.Yellow, Tile: 1, At: ws(t, "E:11")},
		},
		TradeFlags: game.TradeFlags{{game.Blue}, {}, {}, {}, {}},
		Supply: game.Supply{
			Gold:             36,
			InfluenceDeck:    game.Influence{Blue: 8, Green: 7, Yellow: 9},
			InfluenceDiscard: game.Influence{Blue: 2, Green: 2, Yellow: 1},
			Neutral:          game.Neutral{Well: 3, Stall: 3, Tavern: 4, Shop: 4, Hall: 2},
			ChurchStack:      []game.Tile{game.TileNW, game.TileNE, game.TileW, game.TileS, game.TileSE, game.TileSW},
			ChurchBottom:     &bottom,
		},
		Pending: []game.Pending{},
	}
	return cfg, st
}

// threePlayersRaid is a three-player position (French edition, red third
// colour) where the pirates struck and two seats owe decisions.
func threePlayersRaid(t testing.TB) (game.Config, *game.State) {
	cfg := config(t, game.EditionFR, game.Green, game.Yellow, game.Blue)
	hutAt := sq(t, "C10")
	st := &game.State{
		Turn: 9, Current: game.Green, Phase: game.PhaseDecide,
		WaitingFor: []game.Colour{game.Yellow, game.Blue},
		Dice:       &[2]int{4, 3},
		Ship:       game.Ship{Row: intp(5), Pirate: true},
		Players: map[game.Colour]*game.Player{
			game.Green: {Gold: 3, Influence: game.Influence{Green: 2}, Cubes: 7, Trade: 3,
				Permits: []int{0, 1, 4}, Buildings: []game.Kind{game.House}, Orders: game.Orders{Rebuild: "ask"}},
			game.Yellow: {Gold: 5, Influence: game.Influence{Blue: 1, Yellow: 1}, Cubes: 10, Trade: 1,
				Permits: []int{0, 1, 2, 3, 4}, Walls: 0, Buildings: []game.Kind{game.House, game.Workshop},
				Orders: game.Orders{Rebuild: "ask"}},
			game.Blue: {Gold: 6, Influence: game.Influence{Blue: 1, Green: 1, Yellow: 1}, Cubes: 10, Trade: 2,
				Permits: []int{1, 2, 3}, Walls: 1, Buildings: []game.Kind{game.House, game.Workshop},
				Orders: game.Orders{Rebuild: "ask"}},
		},
		Buildings: append(starters(t, game.Green, game.Blue),
			game.Building{Kind: game.Cottage, Owner: game.Yellow, At: sq(t, "B5")},
			game.Building{Kind: game.Shop, Owner: game.Green, At: sq(t, "A2")},
			game.Building{Kind: game.Workshop, Owner: game.Green, At: sq(t, "F2")},
			game.Building{Kind: game.Tavern, Owner: game.Green, At: sq(t, "B10")},
		),
		Permits: []game.Permit{
			{Owner: game.Blue, Value: 0, At: sq(t, "F5")},
			{Owner: game.Blue, Value: 4, At: sq(t, "G12")},
			{Owner: game.Green, Value: 2, At: sq(t, "A8")},
		},
		Walls: []game.Wall{
			{Owner: game.Blue, Tile: 1, At: ws(t, "S:E")},
		},
		TradeFlags: game.TradeFlags{{game.Green}, {}, {}, {}, {}},
		Supply: game.Supply{
			Gold:             37,
			InfluenceDeck:    game.Influence{Blue: 9, Green: 8, Yellow: 10},
			InfluenceDiscard: game.Influence{Blue: 1, Green: 1, Yellow: 0},
			Neutral:          game.Neutral{Well: 4, Stall: 4, Tavern: 4, Shop: 4, Hall: 3},
			ChurchStack:      append([]game.Tile(nil), game.AllTiles...),
		},
		Pending: []game.Pending{
			{Seat: game.Yellow, Kind: game.PendingRebuild, Building: game.Hut, At: &hutAt},
			{Seat: game.Blue, Kind: game.PendingDiscard, Count: 2, Cards: "any"},
		},
		Pool: &game.Hand{Gold: 1},
	}
	return cfg, st
}

// twoPlayersOver is a finished two-player game (Russian edition).
func twoPlayersOver(t testing.TB) (game.Config, *game.State) {
	cfg := config(t, game.EditionRU, game.Blue, game.Red)
	winner := game.Blue
	bottom := game.TileSE
	st := &game.State{
		Turn: 61, Current: game.Blue, Phase: game.PhaseOver,
		WaitingFor: []game.Colour{},
		Dice:       &[2]int{6, 6},
		Ship:       game.Ship{Row: intp(12)},
		BuildsDone: 2,
		Players: map[game.Colour]*game.Player{
			game.Blue: {Gold: 1, Influence: game.Influence{Yellow: 1}, Cubes: 0, Trade: 7,
				Permits: []int{0, 1, 2, 3, 4}, Walls: 3, Orders: game.Orders{Rebuild: "ask"}},
			game.Red: {Gold: 9, Influence: game.Influence{Blue: 4, Green: 2, Yellow: 3}, Cubes: 5, Trade: 5,
				Permits: []int{1, 4}, Walls: 2, Buildings: []game.Kind{game.Workshop},
				Orders: game.Orders{Discard: []game.Card{game.YellowCard}, Rebuild: "ask"}},
		},
		Buildings: []game.Building{
			{Kind: game.Hall, Owner: game.Blue, At: sq(t, "A2"), Cubes: intp(1)},
			{Kind: game.Stall, Owner: game.Blue, At: sq(t, "C2")},
			{Kind: game.Well, Owner: game.Red, At: sq(t, "E2")},
			{Kind: game.House, Owner: game.Red, At: sq(t, "D4")},
			{Kind: game.Tavern, Owner: game.Red, At: sq(t, "A8")},
			{Kind: game.Hut, Owner: game.Blue, At: sq(t, "C4")},
			{Kind: game.Cottage, Owner: game.Red, At: sq(t, "B5")},
			{Kind: game.Well, Owner: game.Blue, At: sq(t, "D5")},
			{Kind: game.Shop, Owner: game.Blue, At: sq(t, "A11")},
			{Kind: game.Workshop, Owner: game.Blue, At: sq(t, "E11")},
		},
		Permits: []game.Permit{
			{Owner: game.Red, Value: 0, At: sq(t, "D12")},
			{Owner: game.Red, Value: 3, At: sq(t, "C12")},
		},
		Church: []game.ChurchTile{
			{Tile: game.TileNW, Owner: game.Blue, At: sq(t, "C8")},
			{Tile: game.TileN, Owner: game.Blue, At: sq(t, "D8")},
			{Tile: game.TileNE, Owner: game.Red, At: sq(t, "E8")},
		},
		Walls: []game.Wall{
			{Owner: game.Blue, Tile: 1, At: ws(t, "N:D")},
			{Owner: game.Red, Tile: 1, At: ws(t, "N:C")},
			{Owner: game.Blue, Tile: 2, At: ws(t, "S:D")},
			{Owner: game.Red, Tile: 2, At: ws(t, "S:C")},
			{Owner: game.Blue, Tile: 3, At: ws(t, "E:3")},
		},
		TradeFlags: game.TradeFlags{{game.Blue, game.Red}, {game.Blue, game.Red}, {game.Blue}, {}, {}},
		Supply: game.Supply{
			Gold:             41,
			InfluenceDeck:    game.Influence{Blue: 10, Green: 14, Yellow: 12},
			InfluenceDiscard: game.Influence{Blue: 4, Green: 2, Yellow: 2},
			Neutral:          game.Neutral{Well: 2, Stall: 3, Tavern: 4, Shop: 4, Hall: 2},
			ChurchStack:      []game.Tile{game.TileW, game.TileC, game.TileE, game.TileSW, game.TileS, game.TileSE},
			ChurchBottom:     &bottom,
		},
		Pending: []game.Pending{},
		Winner:  &winner,
	}
	return cfg, st
}

// fixtures are the hand-built positions every renderer is tested on.
var fixtures = []struct {
	name  string
	build func(testing.TB) (game.Config, *game.State)
}{
	{"four", fourPlayers},
	{"three-raid", threePlayersRaid},
	{"two-over", twoPlayersOver},
}

// setupOf is the set-up of a config.
func setupOf(cfg game.Config) engine.Setup {
	s := engine.Setup{Choices: map[string]string{"edition": cfg.Edition.String()}, Options: map[string]string{}}
	for _, c := range cfg.Seats {
		s.Seats = append(s.Seats, c.String())
	}
	return s
}

// wrap is the position of a state as it is, consistent or not (for
// strange states a renderer must survive).
func wrap(cfg game.Config, st *game.State) engine.Position {
	return game.Wrap(game.Unchecked(cfg, st), setupOf(cfg))
}

// newPos is the starting position of a config.
func newPos(t testing.TB, cfg game.Config) engine.Position {
	t.Helper()
	g, err := game.New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	return game.Wrap(g, setupOf(cfg))
}
