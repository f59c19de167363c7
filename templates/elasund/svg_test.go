package elasund

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/templates"
)

func TestSVG(t *testing.T) {
	for _, f := range fixtures {
		t.Run(f.name, func(t *testing.T) {
			cfg, st := f.build(t)
			got, err := SVG(cfg, st)
			if err != nil {
				t.Fatal(err)
			}
			wellFormed(t, got)
			keep(t, f.name+".svg", got)
			golden(t, "svg-"+f.name+".golden", got)
		})
	}
}

var svgDir = flag.String("svgdir", "", "write the rendered pictures to this directory, to look at them")

// keep writes a rendered picture to -svgdir, when given.
func keep(t *testing.T, name string, doc []byte) {
	t.Helper()
	if *svgDir == "" {
		return
	}
	if err := os.WriteFile(filepath.Join(*svgDir, name), doc, 0o644); err != nil {
		t.Fatal(err)
	}
}

// wellFormed fails unless an XML decoder reads the whole document.
func wellFormed(t *testing.T, doc []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed: %v", err)
		}
	}
}

// TestSVGPieces checks that every piece of a rich position has its element.
func TestSVGPieces(t *testing.T) {
	for _, f := range fixtures {
		t.Run(f.name, func(t *testing.T) {
			cfg, st := f.build(t)
			doc, err := SVG(cfg, st)
			if err != nil {
				t.Fatal(err)
			}
			ids, classes := elements(t, doc)
			var want []string
			for _, b := range st.Buildings {
				id := "building-" + b.At.String()
				want = append(want, id)
				if !strings.Contains(classes[id], b.Kind.String()) || !strings.Contains(classes[id], "owner-"+b.Owner.String()) {
					t.Errorf("%s has class %q, want kind %s and owner %s", id, classes[id], b.Kind, b.Owner)
				}
				for i := 0; i < cubesOn(b) && b.Kind.Spec().Neutral; i++ {
					want = append(want, fmt.Sprintf("cube-%s-%d", id, i+1))
				}
			}
			for _, p := range st.Permits {
				want = append(want, "permit-"+p.At.String())
			}
			for _, c := range st.Church {
				want = append(want, "church-"+c.At.String(), "cube-church-"+c.At.String())
			}
			for _, w := range st.Walls {
				id := "wall-" + strings.Replace(w.At.String(), ":", "-", 1)
				want = append(want, id)
				if !strings.Contains(classes[id], "owner-"+w.Owner.String()) {
					t.Errorf("%s has class %q, want owner %s", id, classes[id], w.Owner)
				}
				if isTower(w.Tile) {
					want = append(want, "cube-"+id)
				}
			}
			for i, f := range flagSpaces {
				for _, c := range st.TradeFlags[i] {
					want = append(want, fmt.Sprintf("cube-trade-%d-%s", f.Pos, c))
				}
			}
			for c := range st.Players {
				want = append(want, "disc-"+c.String(), "seat-"+c.String())
			}
			if st.Ship.Row != nil {
				want = append(want, "ship")
				if st.Ship.Pirate && !strings.Contains(classes["ship"], "pirate") {
					t.Errorf("ship has class %q, want pirate", classes["ship"])
				}
			}
			if foundationBare(st) {
				want = append(want, "church-foundation")
			}
			want = append(want, "gate-north", "gate-south")
			for _, id := range want {
				if _, ok := ids[id]; !ok {
					t.Errorf("SVG has no element with id %q", id)
				}
			}
			// Every cube on the board is drawn: 10 minus the supply.
			cubes := 0
			for id, class := range classes {
				if strings.HasPrefix(id, "cube-") && strings.Contains(class, "cube") {
					cubes++
				}
			}
			placed := 0
			for _, p := range st.Players {
				placed += cubesEach - p.Cubes
			}
			if cubes != placed {
				t.Errorf("SVG draws %d cubes, the seats have %d on the board", cubes, placed)
			}
		})
	}
}

// elements maps every id in doc to its element's class, failing on a
// duplicate id.
func elements(t *testing.T, doc []byte) (ids map[string]bool, classes map[string]string) {
	t.Helper()
	ids, classes = map[string]bool{}, map[string]string{}
	d := xml.NewDecoder(bytes.NewReader(doc))
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return ids, classes
		}
		if err != nil {
			t.Fatal(err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		var id, class string
		for _, a := range se.Attr {
			switch a.Name.Local {
			case "id":
				id = a.Value
			case "class":
				class = a.Value
			}
		}
		if id == "" {
			continue
		}
		if ids[id] {
			t.Errorf("id %q appears twice", id)
		}
		ids[id] = true
		classes[id] = class
	}
}

func TestSVGNew(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		cfg := config(t, game.EditionEN, game.AllColours[:n]...)
		g, err := game.New(cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := SVG(cfg, g.State())
		if err != nil {
			t.Fatal(err)
		}
		wellFormed(t, doc)
		ids, _ := elements(t, doc)
		if !ids["church-foundation"] || !ids["building-D4"] || ids["ship"] {
			t.Errorf("%d players: new game lacks the foundation or red's hut, or shows the ship", n)
		}
	}
}

func TestSVGNil(t *testing.T) {
	doc, err := SVG(game.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	wellFormed(t, doc)
}

// TestRenderPlayouts renders every position of random games, checking that
// nothing panics, the SVG stays well-formed and text lines stay short.
func TestRenderPlayouts(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		n := 2 + int(seed)%3
		cfg := config(t, game.EditionEN, game.AllColours[:n]...)
		if seed%2 == 0 {
			cfg = config(t, game.EditionRU, game.AllColours[4-n:]...)
		}
		last := playout(t, cfg, seed, func(st *game.State) {
			checkWidth(t, TextBoard(cfg, st))
			doc, err := SVG(cfg, st)
			if err != nil {
				t.Fatal(err)
			}
			wellFormed(t, doc)
		})
		doc, err := SVG(cfg, last)
		if err != nil {
			t.Fatal(err)
		}
		keep(t, fmt.Sprintf("playout-%d.svg", seed), doc)
		keep(t, fmt.Sprintf("playout-%d.txt", seed), []byte(TextBoard(cfg, last)))
	}
}

// playout plays a game of random legal actions and calls see with every
// position, the first and last included.
func playout(t *testing.T, cfg game.Config, seed uint64, see func(*game.State)) *game.State {
	t.Helper()
	rng := game.NewSeededRand(seed)
	pick := rand.New(rand.NewPCG(seed, 11))
	g, err := game.New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	see(g.View())
	for step := 0; !g.Over() && step < 5000; step++ {
		st := g.View()
		if len(st.WaitingFor) == 0 {
			t.Fatalf("seed %d: nobody to move in phase %s", seed, st.Phase)
		}
		seat := st.WaitingFor[pick.IntN(len(st.WaitingFor))]
		legal := g.Legal(seat, rng.Copy())
		if len(legal) == 0 {
			t.Fatalf("seed %d: no legal action for %s", seed, seat)
		}
		// Favour building over ending the turn so that boards fill up.
		a := legal[pick.IntN(len(legal))]
		if a.Kind == game.ActEnd && len(legal) > 1 && pick.IntN(4) > 0 {
			a = legal[pick.IntN(len(legal))]
		}
		r := rng.Copy()
		if _, err := g.Apply(seat, []game.Action{a}, r); err != nil {
			t.Fatalf("seed %d: listed action %q failed: %v", seed, a, err)
		}
		rng = r
		see(g.View())
	}
	return g.State()
}

// TestRenderStrangeStates feeds the renderers positions no game reaches:
// pieces off the board, unknown kinds and colours, out-of-range numbers.
// Nothing may panic, and the SVG must stay well-formed.
func TestRenderStrangeStates(t *testing.T) {
	bad := game.Square{Col: 12, Row: -3}
	nine := 9
	neg := -4
	tile := game.Tile(42)
	for _, tc := range []struct {
		name string
		cfg  game.Config
		st   *game.State
	}{
		{"empty", game.Config{}, &game.State{}},
		{"five seats", game.Config{Seats: []game.Colour{1, 2, 3, 4, 9}}, &game.State{}},
		{"junk", game.Config{Seats: []game.Colour{game.Red, game.Red, 0}}, &game.State{
			Turn: -1, Current: 77, Phase: 99, WaitingFor: []game.Colour{0, 66},
			Dice: &[2]int{0, 19}, Ship: game.Ship{Row: &nine, Pirate: true}, BuildsDone: -2,
			Players: map[game.Colour]*game.Player{
				game.Red:  nil,
				game.Blue: {Gold: -5, Cubes: 40, Trade: 99, Walls: 30, Permits: []int{-1, 99}, Buildings: []game.Kind{0, 77}},
				12:        {Trade: -8, Cubes: -3},
			},
			Buildings: []game.Building{
				{Kind: game.Hall, Owner: game.Red, At: game.Square{Col: 8, Row: 9}},
				{Kind: 0, Owner: 0, At: game.Square{}},
				{Kind: game.Tavern, Owner: 50, At: bad},
				{Kind: game.Shop, Owner: game.Blue, At: game.Square{Col: 0, Row: 0}, Cubes: &neg},
				{Kind: game.Shop, Owner: game.Green, At: game.Square{Col: 1, Row: 1}, Cubes: &nine},
			},
			Permits:    []game.Permit{{Owner: 0, Value: -7, At: bad}, {Owner: 9, Value: 1234, At: game.Square{Col: 4, Row: 4}}},
			Church:     []game.ChurchTile{{Tile: tile, Owner: 0, At: game.Foundation}, {Tile: game.TileC, At: bad}},
			Walls:      []game.Wall{{Owner: 0, Tile: 0, At: game.WallSpace{Side: 9, Index: 99}}, {Owner: game.Red, Tile: 3, At: game.WallSpace{Side: game.North, Index: -1}}},
			TradeFlags: game.TradeFlags{{1, 2, 3, 4, 1, 2}, {0}, nil, {99}, {}},
			Pending:    []game.Pending{{Seat: 0, Kind: "weird"}, {Kind: game.PendingRebuild, At: &bad}},
			Pool:       &game.Hand{Gold: -1},
			Winner:     new(game.Colour),
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkWidth(t, TextBoard(tc.cfg, tc.st))
			doc, err := SVG(tc.cfg, tc.st)
			if err != nil {
				t.Fatal(err)
			}
			wellFormed(t, doc)
			elements(t, doc)
			if _, _, err := mailer(t).Turn(templates.TurnMail{Position: wrap(tc.cfg, tc.st), Legal: []string{"", "  "}}); err != nil {
				t.Error(err)
			}
			for _, p := range tc.st.Pending {
				d := templates.DecisionRequest{Position: wrap(tc.cfg, tc.st), Owed: engine.Owed{Seat: p.Seat.String(), Kind: p.Kind, Detail: p}}
				if _, _, err := mailer(t).Decision(d); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

// TestSVGNoCube draws no cube on a church tile or tower built when the
// builder's supply was empty (R97, win_check end_of_turn).
func TestSVGNoCube(t *testing.T) {
	cfg, st := fourPlayers(t)
	for i := range st.Walls {
		if st.Walls[i].At == ws(t, "E:3") {
			st.Walls[i].NoCube = true
		}
	}
	if len(st.Church) == 0 {
		t.Fatal("the four-player fixture has no church tile")
	}
	st.Church[0].NoCube = true
	doc, err := SVG(cfg, st)
	if err != nil {
		t.Fatal(err)
	}
	ids, _ := elements(t, doc)
	for _, id := range []string{"cube-wall-E-3", "cube-church-" + st.Church[0].At.String()} {
		if ids[id] {
			t.Errorf("SVG draws %s although the piece carries no cube", id)
		}
	}
	if !ids["wall-E-3"] || !ids["church-"+st.Church[0].At.String()] {
		t.Errorf("SVG lost the pieces themselves")
	}
}

// TestSVGLegendAndShape: the legend explains the pieces as well as the
// marks, and the picture is wider than tall, so that the board and the
// panel fit a screen (issue 20 item 15).
func TestSVGLegendAndShape(t *testing.T) {
	cfg, st := fourPlayers(t)
	doc, err := SVG(cfg, st)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{">permit: value, owner<", ">church tile<", ">wall tile<", ">cube<", ">trade ship<", ">pirate ship<", ">trade points<"} {
		if !bytes.Contains(doc, []byte(want)) {
			t.Errorf("the legend does not explain %q", strings.Trim(want, "<>"))
		}
	}
	var w, h int
	if _, err := fmt.Sscanf(string(doc[bytes.Index(doc, []byte(`viewBox="0 0 `))+len(`viewBox="0 0 `):]), "%d %d", &w, &h); err != nil {
		t.Fatal(err)
	}
	if w < h*3/2 || h > 1100 {
		t.Errorf("the picture is %d×%d, want it wider than tall (at least 3:2) and at most 1100 high", w, h)
	}
}
