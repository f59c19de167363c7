package cmd

//go:generate sh ../examples/generate.sh

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/engine/seafarers"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/turnfile"
)

// exampleGames lists the turn files in examples/ and the directories
// below it (the daemons' configurations there are not), failing if there
// are none.
func exampleGames(t *testing.T) []string {
	t.Helper()
	var games []string
	err := filepath.WalkDir("../examples", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".yaml" {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if bytes.HasPrefix(b, []byte("format: ")) {
			games = append(games, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(games) == 0 {
		t.Fatal("no game files in ../examples")
	}
	return games
}

// TestExamples checks every example game: it verifies as "elasund verify"
// does, and "elasund render" draws it as well-formed SVG with every piece.
func TestExamples(t *testing.T) {
	for _, path := range exampleGames(t) {
		name, _ := filepath.Rel("../examples", path)
		t.Run(name, func(t *testing.T) {
			var out bytes.Buffer
			if err := runVerify(t.Context(), &verifyOptions{File: path, Out: &out}); err != nil {
				t.Fatalf("verify: %v", err)
			}
			g, err := openGame(nil, path)
			if err != nil {
				t.Fatal(err)
			}
			if !g.Replayed() {
				t.Errorf("the history does not lead to the stored state: %s", g.Note())
			}
			out.Reset()
			if err := runRender(t.Context(), &renderOptions{File: path, Out: &out}); err != nil {
				t.Fatalf("render: %v", err)
			}
			switch st := g.State().(type) {
			case *elasund.State:
				checkPieces(t, st, out.Bytes())
			case *seafarers.State:
				checkSeafarersPieces(t, st, out.Bytes())
			default:
				t.Fatalf("no check of the pieces of a %T", st)
			}
		})
	}
}

// TestExampleGames checks that each example is the kind of game
// examples/README.md says it is.
func TestExampleGames(t *testing.T) {
	open := func(name string) *turnfile.Game {
		t.Helper()
		g, err := openGame(nil, filepath.Join("..", "examples", name))
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	fin := open("finished.yaml")
	if h, st := fin.File().Header, elasundState(fin); h.Sandbox || len(h.Seats) != 4 || st.Winner == nil || st.Players[*st.Winner].Cubes != 0 {
		t.Errorf("finished.yaml is not a 4-player peer game won with 10 cubes")
	}
	mid := open("in-progress.yaml")
	if h := mid.File().Header; h.Sandbox || len(h.Seats) != 3 || mid.Position().Over() || len(mid.File().History) < 3+20 {
		t.Errorf("in-progress.yaml is not a 3-player peer game well under way")
	}
	pz := open("puzzle.yaml")
	if h := pz.File().Header; !h.Sandbox || pz.Position().Current() != "red" || pz.Position().Phase() != "build" {
		t.Errorf("puzzle.yaml is not a sandbox game at red's building phase")
	}
	// examples/seafarers: a finished and a running game of each of three
	// scenarios.
	for _, sc := range []string{"new-shores", "four-islands", "pirate-islands"} {
		fin := open("seafarers/" + sc + "-finished.yaml")
		if h := fin.File().Header; h.Sandbox || h.Choices["scenario"] != sc || len(h.Seats) != 4 || !fin.Position().Over() || len(fin.Position().Winners()) != 1 {
			t.Errorf("seafarers/%s-finished.yaml is not a 4-player peer game of %s won by one seat", sc, sc)
		}
		mid := open("seafarers/" + sc + "-in-progress.yaml")
		if h := mid.File().Header; h.Sandbox || h.Choices["scenario"] != sc || len(h.Seats) != 3 || mid.Position().Over() || len(mid.File().History) < 3+40 {
			t.Errorf("seafarers/%s-in-progress.yaml is not a 3-player peer game of %s well under way", sc, sc)
		}
	}
}

// TestPuzzle searches every line of constructions red can play in
// examples/puzzle.yaml: exactly the builds examples/README.md gives win
// this turn, and the tempting ones do not.
func TestPuzzle(t *testing.T) {
	g, err := openGame(nil, "../examples/puzzle.yaml")
	if err != nil {
		t.Fatal(err)
	}
	eng := elasund.Of(g.Position()).Clone()
	var wins []string
	searchWins(t, eng, g.Source("red", nil), nil, &wins)
	want := []string{"build well A10"}
	if !slices.Equal(wins, want) {
		t.Fatalf("winning lines = %q, want %q", wins, want)
	}
}

// searchWins tries every construction red may make now, and after it
// every second one, and records the lines after which red has won.
func searchWins(t *testing.T, g *elasund.Game, rng engine.Source, line []string, wins *[]string) {
	t.Helper()
	if g.Over() {
		if w := g.View().Winner; w != nil && *w == elasund.Red {
			*wins = append(*wins, strings.Join(line, "; "))
		}
		return
	}
	st := g.View()
	if len(st.WaitingFor) == 0 || (st.Phase != elasund.PhaseBuild && st.Phase != elasund.PhaseDecide) {
		return
	}
	seat := st.WaitingFor[0]
	for _, a := range g.Legal(seat, rng.Clone()) {
		switch a.Kind {
		case elasund.ActBuild, elasund.ActWall, elasund.ActChurch, elasund.ActRebuild:
		default:
			continue
		}
		h, r := g.Clone(), rng.Clone()
		if _, err := h.Apply(seat, []elasund.Action{a}, r); err != nil {
			t.Fatalf("%s after %q: %v", a, line, err)
		}
		next := line
		if seat == elasund.Red && a.Kind != elasund.ActRebuild {
			next = append(slices.Clone(line), a.String())
		}
		searchWins(t, h, r, next, wins)
		if seat != elasund.Red {
			// Other seats' rebuilds place no cube of red's: one is enough.
			return
		}
	}
}

// checkPieces fails unless doc is well-formed SVG with an element for every
// piece of st, as templates/svg_test.go names them: building-<sq> (and a
// cube per flag of a neutral one), permit-<sq>, church-<sq> with its cube,
// wall-<side>-<x> (and a tower's cube), cube-trade-<space>-<colour>, and
// disc-<colour> and seat-<colour> for each seat; and the ship when it is
// on the board.
func checkPieces(t *testing.T, st *elasund.State, doc []byte) {
	t.Helper()
	ids := map[string]bool{}
	cubes := 0
	d := xml.NewDecoder(bytes.NewReader(doc))
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed: %v", err)
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
		if strings.HasPrefix(id, "cube-") && strings.Contains(class, "cube") {
			cubes++
		}
	}
	var want []string
	for _, b := range st.Buildings {
		id := "building-" + b.At.String()
		want = append(want, id)
		if spec := b.Kind.Spec(); spec.Neutral {
			n := spec.Flags
			if b.Cubes != nil {
				n = *b.Cubes
			}
			for i := range n {
				want = append(want, fmt.Sprintf("cube-%s-%d", id, i+1))
			}
		}
	}
	for _, p := range st.Permits {
		want = append(want, "permit-"+p.At.String())
	}
	for _, c := range st.Church {
		want = append(want, "church-"+c.At.String())
		if !c.NoCube {
			want = append(want, "cube-church-"+c.At.String())
		}
	}
	for _, w := range st.Walls {
		id := "wall-" + strings.Replace(w.At.String(), ":", "-", 1)
		want = append(want, id)
		if w.Tile%3 == 0 && !w.NoCube {
			want = append(want, "cube-"+id)
		}
	}
	for i, space := range []int{3, 5, 7, 9, 11} {
		for _, c := range st.TradeFlags[i] {
			want = append(want, fmt.Sprintf("cube-trade-%d-%s", space, c))
		}
	}
	placed := 0
	for c, p := range st.Players {
		want = append(want, "disc-"+c.String(), "seat-"+c.String())
		placed += 10 - p.Cubes
	}
	if st.Ship.Row != nil {
		want = append(want, "ship")
	}
	for _, id := range want {
		if !ids[id] {
			t.Errorf("the SVG has no element with id %q", id)
		}
	}
	if cubes != placed {
		t.Errorf("the SVG draws %d cubes; the seats have %d on the board", cubes, placed)
	}
}

// checkSeafarersPieces fails unless doc is well-formed SVG with an
// element for every hex, settlement, city, road and ship of st and every
// seat, as templates/seafarers names them (hex-<at>, settlement-<at>,
// city-<at>, road-<at>, ship-<at>, seat-<colour>).
func checkSeafarersPieces(t *testing.T, st *seafarers.State, doc []byte) {
	t.Helper()
	ids := map[string]bool{}
	d := xml.NewDecoder(bytes.NewReader(doc))
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			for _, a := range se.Attr {
				if a.Name.Local == "id" {
					ids[a.Value] = true
				}
			}
		}
	}
	var want []string
	for _, h := range st.Board.Hexes {
		want = append(want, "hex-"+h.At)
	}
	for _, b := range st.Pieces.Settlements {
		want = append(want, "settlement-"+b.At)
	}
	for _, b := range st.Pieces.Cities {
		want = append(want, "city-"+b.At)
	}
	for _, r := range st.Pieces.Roads {
		want = append(want, "road-"+r.At)
	}
	for _, s := range st.Pieces.Ships {
		want = append(want, "ship-"+s.At)
	}
	for s := range st.Players {
		want = append(want, "seat-"+s)
	}
	for _, id := range want {
		if !ids[id] {
			t.Errorf("the SVG has no element with id %q", id)
		}
	}
}
