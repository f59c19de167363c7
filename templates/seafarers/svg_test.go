package seafarers

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
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/templates"
)

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

func TestSVG(t *testing.T) {
	for _, f := range fixtures {
		t.Run(f.name, func(t *testing.T) {
			got, err := SVG(f.build(t), templates.View{})
			if err != nil {
				t.Fatal(err)
			}
			wellFormed(t, got)
			keep(t, f.name+".svg", got)
			if f.name == "four-islands-offer" || f.name == "pirate-islands" {
				golden(t, "svg-"+f.name+".golden", got)
			}
		})
	}
}

// wellFormed fails unless an XML decoder reads the whole document and its
// root is an svg element with a viewBox.
func wellFormed(t *testing.T, doc []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	root := true
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && root {
			root = false
			if se.Name.Local != "svg" || attrs(se)["viewBox"] == "" {
				t.Fatalf("the root element is <%s> with viewBox %q, want <svg> with one", se.Name.Local, attrs(se)["viewBox"])
			}
		}
	}
}

// elements maps every id in doc to its element's class, failing on a
// duplicate id.
func elements(t *testing.T, doc []byte) (classes map[string]string) {
	t.Helper()
	classes = map[string]string{}
	d := xml.NewDecoder(bytes.NewReader(doc))
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return classes
		}
		if err != nil {
			t.Fatal(err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		a := attrs(se)
		id := a["id"]
		if id == "" {
			continue
		}
		if _, dup := classes[id]; dup {
			t.Errorf("id %q appears twice", id)
		}
		classes[id] = a["class"]
	}
}

// checkPieces checks that the picture of a position has an element for
// every hex, number, harbour, piece and mark of its state, with the
// owner's class, and no element for a piece the state lacks.
func checkPieces(t *testing.T, p engine.Position, doc []byte) {
	t.Helper()
	st := p.State().(*game.State)
	classes := elements(t, doc)
	want := map[string]string{} // id → a word its class must hold
	for _, h := range st.Board.Hexes {
		want["hex-"+h.At] = h.Terrain
		if h.Number > 0 && h.Terrain != "sea" && h.Terrain != "fog" {
			want["number-"+h.At] = "number"
		}
	}
	for _, b := range st.Pieces.Settlements {
		want["settlement-"+b.At] = "owner-" + b.Owner
	}
	for _, b := range st.Pieces.Cities {
		want["city-"+b.At] = "owner-" + b.Owner
	}
	for _, r := range st.Pieces.Roads {
		want["road-"+r.At] = "owner-" + r.Owner
	}
	for _, s := range st.Pieces.Ships {
		w := "owner-" + s.Owner
		if s.Warship {
			w = "warship"
		}
		want["ship-"+s.At] = w
	}
	for _, h := range st.Board.Harbours {
		want["harbour-"+h.At] = "harbour"
	}
	ss := st.ScenarioState
	if ss.Gifts != nil {
		for _, g := range *ss.Gifts {
			want["gift-"+g.At] = g.Kind
		}
	}
	if ss.Villages != nil {
		for _, v := range *ss.Villages {
			want["village-"+v.At] = "village"
		}
	}
	if ss.Fortresses != nil {
		for _, f := range *ss.Fortresses {
			if f.Chits > 0 {
				want["fortress-"+f.At] = "fortress"
			}
		}
	}
	if ss.Fleet != nil {
		want["fleet"] = "fleet"
	}
	if st.Board.Robber != nil {
		want["robber"] = "robber"
	}
	if st.Board.Pirate != nil {
		want["pirate"] = "pirate"
	}
	for s := range st.Players {
		want["seat-"+s] = "owner-" + s
	}
	for id, w := range want {
		class, ok := classes[id]
		if !ok {
			t.Errorf("the picture has no element %q", id)
			continue
		}
		if !strings.Contains(" "+class+" ", " "+w+" ") {
			t.Errorf("%s has class %q, want %q in it", id, class, w)
		}
	}
	// Nothing more: every drawn piece is one of the state's.
	count := map[string]int{}
	for id := range classes {
		kind, _, _ := strings.Cut(id, "-")
		count[kind]++
	}
	for kind, n := range map[string]int{
		"settlement": len(st.Pieces.Settlements), "city": len(st.Pieces.Cities),
		"road": len(st.Pieces.Roads), "ship": len(st.Pieces.Ships),
		"harbour": len(st.Board.Harbours), "hex": len(st.Board.Hexes),
	} {
		if count[kind] != n {
			t.Errorf("the picture draws %d %s elements, the state has %d", count[kind], kind, n)
		}
	}
	numbers := 0
	for id := range want {
		if strings.HasPrefix(id, "number-") {
			numbers++
		}
	}
	if count["number"] != numbers {
		t.Errorf("the picture draws %d number tokens, the state has %d", count["number"], numbers)
	}
}

func TestSVGPieces(t *testing.T) {
	for _, f := range fixtures {
		t.Run(f.name, func(t *testing.T) {
			p := f.build(t)
			doc, err := SVG(p, templates.View{})
			if err != nil {
				t.Fatal(err)
			}
			checkPieces(t, p, doc)
		})
	}
}

// TestSVGScenarios draws the starting board of every scenario for three
// and four seats.
func TestSVGScenarios(t *testing.T) {
	for _, sc := range scenarioNames {
		for _, seats := range seatings(sc) {
			t.Run(sc+"/"+strings.Join(seats, "-"), func(t *testing.T) {
				p := newGame(t, sc, seats...)
				doc, err := SVG(p, templates.View{Seat: seats[1], Hidden: true})
				if err != nil {
					t.Fatal(err)
				}
				wellFormed(t, doc)
				checkPieces(t, p, doc)
				checkLayout(t, doc)
				keep(t, fmt.Sprintf("start-%s-%d.svg", sc, len(seats)), doc)
			})
		}
	}
}

// TestRenderPlayouts plays random legal moves in every scenario, for three
// and four seats, favouring building so that boards fill up, and draws
// positions along the way and at the end: nothing fails, the pictures
// are well-formed and hold every piece, nothing overlaps, and text lines
// stay short.
func TestRenderPlayouts(t *testing.T) {
	entries := 700
	if testing.Short() {
		entries = 150
	}
	for i, sc := range scenarioNames {
		for j, seats := range seatings(sc) {
			seed := uint64(10*i + j + 1)
			t.Run(fmt.Sprintf("%s/%d", sc, len(seats)), func(t *testing.T) {
				t.Parallel()
				p := playout(t, sc, seats, seed, entries, func(p engine.Position, n int) {
					if n%50 != 0 {
						return
					}
					v := templates.View{Seat: p.Current(), Hidden: n%100 == 0}
					checkWidth(t, TextBoard(p, v))
					doc, err := SVG(p, v)
					if err != nil {
						t.Fatal(err)
					}
					wellFormed(t, doc)
				})
				doc, err := SVG(p, templates.View{})
				if err != nil {
					t.Fatal(err)
				}
				wellFormed(t, doc)
				checkPieces(t, p, doc)
				checkLayout(t, doc)
				checkWidth(t, TextBoard(p, templates.View{Seat: seats[0], Hidden: true}))
				keep(t, fmt.Sprintf("playout-%s-%d.svg", sc, len(seats)), doc)
				keep(t, fmt.Sprintf("playout-%s-%d.txt", sc, len(seats)), []byte(TextBoard(p, templates.View{})))
			})
		}
	}
}

// playout plays up to n entries of random legal actions from a new
// sandbox game and calls see after each.
func playout(t *testing.T, sc string, seats []string, seed uint64, n int, see func(engine.Position, int)) engine.Position {
	t.Helper()
	setup := engine.Setup{Seats: seats, Choices: map[string]string{"scenario": sc}, Sandbox: true}
	src := engine.NewSeeded(seed)
	p, err := game.Rules{}.New(setup, src)
	if err != nil {
		t.Fatal(err)
	}
	pick := rand.New(rand.NewPCG(seed, 7))
	for i := 1; i <= n && !p.Over(); i++ {
		aw := p.Awaited()
		if len(aw) == 0 {
			t.Fatalf("nobody awaited in phase %s", p.Phase())
		}
		seat := aw[pick.IntN(len(aw))]
		legal := p.Legal(seat, src.Clone())
		if len(legal) == 0 {
			t.Fatalf("no legal action for %s in phase %s", seat, p.Phase())
		}
		var builds []engine.Action
		for _, a := range legal {
			s := a.String()
			if strings.HasPrefix(s, "build") || strings.HasPrefix(s, "wonder") || strings.HasPrefix(s, "harbour") {
				builds = append(builds, a)
			}
		}
		a := legal[pick.IntN(len(legal))]
		if len(builds) > 0 && pick.IntN(4) > 0 {
			a = builds[pick.IntN(len(builds))]
		}
		if _, err := p.Apply(seat, []engine.Action{a}, src); err != nil {
			t.Fatalf("listed action %q of %s refused: %v", a, seat, err)
		}
		see(p, i)
	}
	return p
}

// TestSVGHidden checks that red's hidden view of the four islands shows
// blue's cards as counts only.
func TestSVGHidden(t *testing.T) {
	doc, err := SVG(fourIslands(t), templates.View{Seat: "red", Hidden: true})
	if err != nil {
		t.Fatal(err)
	}
	cards := groups(t, doc, "seat owner-blue")
	if len(cards) != 1 {
		t.Fatalf("found %d cards of blue", len(cards))
	}
	var texts []string
	for _, tx := range cards[0].texts {
		texts = append(texts, tx.text)
	}
	all := strings.Join(texts, " | ")
	for _, want := range []string{"7 resource cards (hidden)", "2 cards (hidden)", "5 VP shown"} {
		if !strings.Contains(all, want) {
			t.Errorf("blue's card lacks %q: %s", want, all)
		}
	}
	for _, hidden := range []string{"monopoly", "road-building", "brick", "wool", "Orders"} {
		if strings.Contains(all, hidden) {
			t.Errorf("blue's card shows %q to red: %s", hidden, all)
		}
	}
	red := groups(t, doc, "seat owner-red")
	if len(red) != 1 || !strings.Contains(fmt.Sprint(red[0].texts), "victory-point") {
		t.Errorf("red's own card does not show its victory-point card")
	}
	if bytes.Contains(doc, []byte("knight 10")) {
		t.Errorf("the hidden view breaks the unseen development cards down by kind")
	}
}

// TestRenderStrangeStates feeds the renderer positions no game reaches:
// nothing may panic, the SVG stays well-formed with unique ids, the text
// stays narrow, and the mails render.
func TestRenderStrangeStates(t *testing.T) {
	neg, big := -3, 99
	bad := "Z99.q"
	nine := "nine"
	states := []struct {
		name  string
		st    *game.State
		setup engine.Setup
	}{
		{"zero", &game.State{}, engine.Setup{}},
		{"nil", nil, engine.Setup{}},
		{"scenario only", &game.State{Scenario: "wonders-of-catan"}, engine.Setup{Seats: []string{"red", "red", "mauve"}}},
		{"junk", &game.State{
			Scenario: "pirate-islands", Turn: -4, Current: "mauve", Phase: "dancing",
			Setup: &game.SetupStep{Round: 9, Step: -1}, WaitingFor: []string{"", "mauve", "red"},
			Dice: &[2]int{0, 19},
			Board: game.BoardState{
				Hexes: []game.HexState{{At: "D7", Terrain: "lava", Number: 99}, {At: "D7", Terrain: "sea"},
					{At: "Q40", Terrain: "fields", Number: 6}, {At: "??", Terrain: ""}, {At: "C8", Terrain: "fog", Pending: &neg},
					{At: "A2", Terrain: "gold", Number: -6}},
				Harbours: []game.HarbourState{{At: "C8-D7", Kind: "silk"}, {At: "X1-Y2", Kind: "3:1"}, {At: "D7-D9", Kind: "ore"}},
				Robber:   &bad, Pirate: &nine,
			},
			Pieces: game.Pieces{
				Settlements: []game.BuildingState{{Owner: "red", At: "D7.n"}, {Owner: "", At: "D7.n"}, {Owner: "mauve", At: bad}},
				Cities:      []game.BuildingState{{Owner: "red", At: "D7.n"}, {Owner: "blue", At: "A0.s"}},
				Roads:       []game.RoadState{{Owner: "red", At: "C8-D7"}, {Owner: "red", At: "C8-C8"}},
				Ships:       []game.ShipState{{Owner: "white", At: "C8-D7", Warship: true}, {Owner: "?", At: "D7-D9"}},
			},
			Players: map[string]*game.Player{
				"red": nil, "mauve": {VP: -5, Route: 99},
				"blue": {Resources: game.ResourceCounts{Brick: -4, Ore: 1 << 20}, Cards: []game.CardState{{Kind: "joker"}, {Kind: "sealed"}},
					Cloth: &neg, HarboursAside: &[]string{"silk"}, HomeIslands: &[]string{}, Rewarded: []string{"x"}},
			},
			LongestRoute: &nine, LargestArmy: &bad,
			Offer:   &game.Offer{From: "mauve", To: []string{"red", "red", ""}, Answers: map[string]game.Answer{"red": "maybe"}},
			Pending: []game.Pending{{Seat: "", Kind: "weird"}, {Seat: "blue", Kind: "discard", Count: -2}, {Seat: "red", Kind: "answer"}},
			Sealed:  []game.SealedDraw{{K: -1, Kind: "fog", At: &bad}, {Kind: "steal"}, {Kind: "odd", Victim: &nine}},
			ScenarioState: game.ScenarioState{
				FogNumbers: map[string]int{"x": 3, "5": big, "6": -1},
				Gifts:      &[]game.GiftState{{At: "C8-D7", Kind: "harbour"}, {At: "Q1-Q3", Kind: "svp"}, {At: "D7-D9", Kind: "?"}},
				Villages:   &[]game.VillageState{{At: "D7.s", Number: 77, Cloth: -1, Connected: []string{"mauve"}}, {At: bad}},
				Fortresses: &[]game.FortressState{{Owner: "mauve", At: "D7.s", Chits: 12}, {At: "D9.n", Chits: 1}},
				Lone:       map[string]string{"red": bad, "blue": "D9.s"},
				Fleet:      new(&bad),
				Wonders:    &[]game.WonderState{{Name: "pyramid", Owner: &nine, Level: 12}, {Name: "theater", Level: -1}},
			},
			Winner: &nine,
		}, engine.Setup{Seats: []string{"red", "blue"}, Choices: map[string]string{"scenario": "nowhere"}, Options: map[string]string{"vp_target": "-1"}}},
	}
	for _, tc := range states {
		t.Run(tc.name, func(t *testing.T) {
			var p engine.Position = fakePosition{st: tc.st, setup: tc.setup}
			if tc.st == nil {
				p = fakePosition{st: &game.State{}, setup: tc.setup}
			}
			for _, v := range []templates.View{{}, {Seat: "blue", Hidden: true}} {
				checkWidth(t, TextBoard(p, v))
				doc, err := SVG(p, v)
				if err != nil {
					t.Fatal(err)
				}
				wellFormed(t, doc)
				elements(t, doc)
			}
			r := Renderer{}
			r.Hand(p, "blue", templates.View{Seat: "red", Hidden: true})
			r.HowWon(p, "mauve")
			for _, k := range []string{"discard", "gold", "answer", "robber", "harbour", "reward", "weird"} {
				r.Owed(p, engine.Owed{Seat: "blue", Kind: k}, templates.View{})
			}
			if _, _, err := mailer(t).Turn(templates.TurnMail{Position: p, To: "blue", Legal: []string{"", "  ", "build"}}); err != nil {
				t.Error(err)
			}
			if _, _, err := mailer(t).Decision(templates.DecisionRequest{Position: p, To: "blue", Owed: engine.Owed{Seat: "blue", Kind: "discard"}}); err != nil {
				t.Error(err)
			}
			if _, _, err := mailer(t).Invitation(templates.Invitation{Position: p, Seat: "blue"}); err != nil {
				t.Error(err)
			}
		})
	}
	// A position of another game, or none, draws as an empty board.
	if doc, err := SVG(nil, templates.View{}); err != nil {
		t.Error(err)
	} else {
		wellFormed(t, doc)
	}
}

// TestLegendExplainsPieces: the legend under the map explains the pieces,
// the robber, the pirate and the harbours as well as the terrains, and a
// road has a light outline, so that a red road reads on red hills (issue
// 20 item 15).
func TestLegendExplainsPieces(t *testing.T) {
	p := newGame(t, "new-shores", "red", "blue", "white")
	edit(t, p, "place settlement D5.s red; place road D5-E4 red")
	doc, err := Renderer{}.SVG(p, templates.View{})
	if err != nil {
		t.Fatal(err)
	}
	legend := string(doc[strings.Index(string(doc), `<g class="legend"`):])
	legend = legend[:strings.Index(legend, "</g>\n<g class=\"panel\">")]
	for _, want := range []string{">settlement<", ">city<", ">road<", ">ship<", ">robber<", ">pirate<",
		">harbour: 3 of a kind for 1<", ">harbour: 2 wool for 1<", ">fields<", ">sea<"} {
		if !strings.Contains(legend, want) {
			t.Errorf("the legend does not explain %q", strings.Trim(want, "<>"))
		}
	}
	if !strings.Contains(string(doc), `<polygon class="halo"`) {
		t.Errorf("the road has no light outline")
	}
}
