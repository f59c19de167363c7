package elasund

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	game "github.com/elasund/elasund/engine/elasund"
)

// drawnText is one <text> element as drawn: its anchor point, its anchor,
// and the estimated width of its runs, each at its own font size.
type drawnText struct {
	X, Y   float64
	Anchor string
	Bold   bool
	Size   float64
	Width  float64
	Text   string
}

// drawnSeat is one seat's card: its frame, its texts and the rectangles
// drawn on it (cubes, cards, permits).
type drawnSeat struct {
	ID         string
	X, Y, W, H float64
	Texts      []drawnText
	Rects      []box
}

// box is a rectangle from x0, y0 to x1, y1.
type box struct{ x0, y0, x1, y1 float64 }

func (a box) overlaps(b box) bool { return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 }

func (a box) contains(b box) bool {
	return a.x0 <= b.x0 && a.y0 <= b.y0 && b.x1 <= a.x1 && b.y1 <= a.y1
}

// bounds is where the text's letters go: from 0.76 em above the baseline
// to 0.24 em below it, over its estimated width.
func (tx drawnText) bounds() box {
	left := tx.X
	switch tx.Anchor {
	case "end":
		left = tx.X - tx.Width
	case "middle":
		left = tx.X - tx.Width/2
	}
	return box{left, tx.Y - 0.76*tx.Size, left + tx.Width, tx.Y + 0.24*tx.Size}
}

func attrs(se xml.StartElement) map[string]string {
	m := map[string]string{}
	for _, a := range se.Attr {
		m[a.Name.Local] = a.Value
	}
	return m
}

func num(t *testing.T, s string) float64 {
	t.Helper()
	if s == "" {
		return 0
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("not a number: %q", s)
	}
	return f
}

// translate reads a "translate(x y)" transform.
func translate(t *testing.T, s string) (x, y float64) {
	t.Helper()
	if !strings.HasPrefix(s, "translate(") {
		return 0, 0
	}
	f := strings.Fields(strings.TrimSuffix(strings.TrimPrefix(s, "translate("), ")"))
	if len(f) != 2 {
		t.Fatalf("transform %q is not a translate(x y)", s)
	}
	return num(t, f[0]), num(t, f[1])
}

// seatCards reads every seat's card out of an SVG document.
func seatCards(t *testing.T, doc []byte) []drawnSeat {
	t.Helper()
	return groups(t, doc, "seat", true)
}

// groups reads the texts and rectangles of every group of the class; with
// framed, the group's first rectangle is its frame.
func groups(t *testing.T, doc []byte, class string, framed bool) []drawnSeat {
	t.Helper()
	var seats []drawnSeat
	var cur *drawnSeat
	depth := 0 // elements open inside the current seat's group
	var text *drawnText
	var sizes []float64
	d := xml.NewDecoder(bytes.NewReader(doc))
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return seats
		}
		if err != nil {
			t.Fatal(err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			a := attrs(tok)
			if cur == nil {
				if tok.Name.Local == "g" && a["class"] == class {
					seats = append(seats, drawnSeat{ID: a["id"]})
					cur, depth = &seats[len(seats)-1], 0
				}
				continue
			}
			depth++
			switch tok.Name.Local {
			case "rect":
				tx, ty := translate(t, a["transform"])
				x, y := num(t, a["x"])+tx, num(t, a["y"])+ty
				w, h := num(t, a["width"]), num(t, a["height"])
				if framed && cur.W == 0 {
					cur.X, cur.Y, cur.W, cur.H = x, y, w, h
				} else {
					cur.Rects = append(cur.Rects, box{x, y, x + w, y + h})
				}
			case "text":
				tx, ty := translate(t, a["transform"])
				text = &drawnText{
					X:      num(t, a["x"]) + num(t, a["dx"]) + tx,
					Y:      num(t, a["y"]) + num(t, a["dy"]) + ty,
					Anchor: a["text-anchor"], Bold: a["font-weight"] == "bold", Size: num(t, a["font-size"]),
				}
				sizes = []float64{text.Size}
			case "tspan":
				if text != nil {
					s := sizes[len(sizes)-1]
					if a["font-size"] != "" {
						s = num(t, a["font-size"])
					}
					sizes = append(sizes, s)
				}
			}
		case xml.CharData:
			if text != nil {
				em := 0.6 // see textWidth; bold letters run wider
				if text.Bold {
					em = 0.7
				}
				text.Width += float64(len([]rune(string(tok)))) * em * sizes[len(sizes)-1]
				text.Text += string(tok)
			}
		case xml.EndElement:
			if cur == nil {
				continue
			}
			if depth == 0 {
				cur = nil
				continue
			}
			depth--
			switch tok.Name.Local {
			case "text":
				cur.Texts = append(cur.Texts, *text)
				text = nil
			case "tspan":
				sizes = sizes[:len(sizes)-1]
			}
		}
	}
}

// longestSeats gives every seat the longest lines a seat's card can hold:
// the wall line with a tower next, every building of its own in supply,
// a full discard order, and big numbers everywhere else.
func longestSeats(st *game.State, walls int) {
	for _, p := range st.Players {
		p.Walls = walls
		p.Gold = 99
		p.Influence = game.Influence{Blue: 13, Green: 13, Yellow: 13}
		p.Permits = []int{0, 1, 2, 3, 4}
		p.Trade = 11
		p.Cubes = 0
		p.Buildings = []game.Kind{game.Hut, game.Cottage, game.House, game.Workshop}
		p.Orders = game.Orders{
			Discard: []game.Card{game.Gold, game.BlueCard, game.GreenCard, game.YellowCard},
			Rebuild: "nearest",
		}
	}
}

// TestSVGSeatTextFits checks, by a generous estimate of letter widths, that
// no text of a seat's card runs past its right edge or below its foot, or
// into another text or a cube, card or permit beside it, for the longest
// content a card can show.
func TestSVGSeatTextFits(t *testing.T) {
	for _, ed := range []game.Edition{game.EditionEN, game.EditionRU, game.EditionFR} {
		for walls := 0; walls <= 9; walls++ {
			t.Run(fmt.Sprintf("%s/walls-%d", ed, walls), func(t *testing.T) {
				_, st := fourPlayers(t)
				cfg := config(t, ed, game.Red, game.Blue, game.Green, game.Yellow)
				longestSeats(st, walls)
				doc, err := SVG(cfg, st)
				if err != nil {
					t.Fatal(err)
				}
				if walls == 2 {
					keep(t, fmt.Sprintf("longest-seats-%s.svg", ed), doc)
				}
				seats := seatCards(t, doc)
				if len(seats) != 4 {
					t.Fatalf("found %d seat cards, want 4", len(seats))
				}
				for _, s := range seats {
					right, foot := s.X+s.W-svgSeatPad, s.Y+s.H-4
					var all []string
					for i, tx := range s.Texts {
						all = append(all, tx.Text)
						b := tx.bounds()
						left := b.x0
						for _, o := range s.Texts[i+1:] {
							if b.overlaps(o.bounds()) {
								t.Errorf("%s: %q %+v runs into %q %+v", s.ID, tx.Text, b, o.Text, o.bounds())
							}
						}
						for _, r := range s.Rects {
							if b.overlaps(r) && !r.contains(b) {
								t.Errorf("%s: %q %+v runs into a rectangle %+v", s.ID, tx.Text, b, r)
							}
						}
						if end := b.x1; end > right {
							t.Errorf("%s: %q runs to x %.0f, past the card's text edge %.0f", s.ID, tx.Text, end, right)
						}
						if left < s.X+svgSeatPad-1 {
							t.Errorf("%s: %q starts at x %.0f, left of the card's text edge %.0f", s.ID, tx.Text, left, s.X+svgSeatPad)
						}
						if tx.Y > foot {
							t.Errorf("%s: %q has its baseline at y %.0f, below the card's foot %.0f", s.ID, tx.Text, tx.Y, foot)
						}
					}
					// Nothing was cut to make it fit.
					joined := strings.Join(all, " ")
					for _, want := range []string{"walls", "buildings in supply: hut cottage house workshop",
						"discard gold blue green", "rebuild nearest"} {
						if !strings.Contains(strings.Join(strings.Fields(joined), " "), want) {
							t.Errorf("%s does not say %q: %s", s.ID, want, joined)
						}
					}
				}
			})
		}
	}
}

// TestSVGSupplyFits checks the supply lines with two-digit counts: no text
// runs into another or into a card, or off the picture.
func TestSVGSupplyFits(t *testing.T) {
	for _, ed := range []game.Edition{game.EditionEN, game.EditionRU} {
		_, st := fourPlayers(t)
		cfg := config(t, ed, game.Red, game.Blue, game.Green, game.Yellow)
		st.Supply.Gold = 51
		st.Supply.InfluenceDeck = game.Influence{Blue: 13, Green: 13, Yellow: 13}
		st.Supply.InfluenceDiscard = game.Influence{Blue: 13, Green: 13, Yellow: 13}
		st.Supply.Neutral = game.Neutral{Well: 4, Stall: 4, Tavern: 5, Shop: 5, Hall: 3}
		st.Pool = &game.Hand{Gold: 12, Influence: game.Influence{Blue: 13, Green: 13, Yellow: 13}}
		doc, err := SVG(cfg, st)
		if err != nil {
			t.Fatal(err)
		}
		g := groups(t, doc, "supply", false)
		if len(g) != 1 || len(g[0].Texts) < 5 {
			t.Fatalf("%s: found %d supply groups", ed, len(g))
		}
		texts := g[0].Texts
		for i, tx := range texts {
			b := tx.bounds()
			if b.x1 > svgFullW-svgPad {
				t.Errorf("%s: %q runs to x %.0f, off the picture", ed, tx.Text, b.x1)
			}
			for _, o := range texts[i+1:] {
				if b.overlaps(o.bounds()) {
					t.Errorf("%s: %q %+v runs into %q %+v", ed, tx.Text, b, o.Text, o.bounds())
				}
			}
			for _, r := range g[0].Rects {
				if b.overlaps(r) {
					t.Errorf("%s: %q %+v runs into a card %+v", ed, tx.Text, b, r)
				}
			}
		}
	}
}

// TestSVGSeatLinesStack checks that the lines at a card's foot keep below
// the permits and clear of each other, and that cards in a row line up.
func TestSVGSeatLinesStack(t *testing.T) {
	cfg, st := fourPlayers(t)
	longestSeats(st, 2)
	st.Players[game.Blue].Buildings = nil
	st.Players[game.Blue].Orders = game.Orders{Rebuild: "ask"}
	v := newSVGView(cfg, st)
	// Letters reach about 0.76 em above the baseline and 0.24 em below.
	for _, s := range v.Seats {
		prev := 134.0 // the foot of the permit icons
		for _, l := range s.Lines {
			if top := float64(l.DY) - 0.76*float64(l.Size); top < prev+2 {
				t.Errorf("%s: %q tops at %.1f, within 2 of the line above ending at %.1f", s.ID, l.Text, top, prev)
			}
			prev = float64(l.DY) + 0.24*float64(l.Size)
		}
		if float64(s.H) < prev+4 {
			t.Errorf("%s: card %d tall, its last line ends at %.1f", s.ID, s.H, prev)
		}
	}
	if len(v.Seats) == 4 && (v.Seats[0].Y != v.Seats[1].Y || v.Seats[2].Y != v.Seats[3].Y ||
		v.Seats[0].H != v.Seats[1].H || v.Seats[2].Y < v.Seats[0].Y+v.Seats[0].H+svgSeatGap) {
		t.Errorf("seat cards do not line up: %+v", v.Seats)
	}
}

func TestWrapText(t *testing.T) {
	for _, tc := range []struct {
		text  string
		width int
		want  []string
	}{
		{"orders: discard ask; rebuild ask", 369, []string{"orders: discard ask; rebuild ask"}},
		{"a bb ccc", textWidth("a bb", 10), []string{"a bb", "ccc"}},
		{"enormousword x", 10, []string{"enormousword", "x"}},
		{"aa bb; cc dd", textWidth("aa bb; cc", 10), []string{"aa bb;", "cc dd"}},
		{"aa bb cc; dd", textWidth("aa bb", 10), []string{"aa bb", "cc;", "dd"}},
		{"orders: discard gold blue green yellow; rebuild nearest", 320,
			[]string{"orders: discard gold blue green yellow;", "rebuild nearest"}},
		{"", 100, []string{""}},
	} {
		got := wrapText(tc.text, tc.width, 10)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("wrapText(%q, %d) = %q, want %q", tc.text, tc.width, got, tc.want)
		}
	}
}

// coveredTrade is a four-player position with a building on each of the
// four 2-point trade fields, F2, H2, F12 and H12.
func coveredTrade(t *testing.T) (game.Config, *game.State) {
	cfg, st := fourPlayers(t)
	st.Buildings = append(starters(t, game.Red, game.Blue, game.Green, game.Yellow),
		game.Building{Kind: game.Well, Owner: game.Blue, At: sq(t, "F2")},
		game.Building{Kind: game.House, Owner: game.Red, At: sq(t, "H2")},
		game.Building{Kind: game.Stall, Owner: game.Yellow, At: sq(t, "E12")},
		game.Building{Kind: game.House, Owner: game.Green, At: sq(t, "G12")},
		game.Building{Kind: game.Workshop, Owner: game.Blue, At: sq(t, "A5")},
	)
	st.Permits = nil
	return cfg, st
}

// TestSVGTradeFieldsUnderBuildings checks that the trade fields are drawn
// before (under) every building, so that none covers a name, a cube or an
// income mark, and that the harbour fields' digits stay clear of buildings
// in column A.
func TestSVGTradeFieldsUnderBuildings(t *testing.T) {
	cfg, st := coveredTrade(t)
	doc, err := SVG(cfg, st)
	if err != nil {
		t.Fatal(err)
	}
	keep(t, "covered-trade.svg", doc)
	lastTrade, firstBuilding, n := -1, -1, 0
	var trades []string
	d := xml.NewDecoder(bytes.NewReader(doc))
	for i := 0; ; i++ {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		a := attrs(se)
		switch {
		case a["class"] == "trade-field":
			lastTrade = i
			trades = append(trades, a["id"])
		case strings.HasPrefix(a["class"], "building ") && firstBuilding < 0:
			firstBuilding = i
		}
		n++
	}
	for _, id := range []string{"trade-F2", "trade-H2", "trade-F12", "trade-H12", "trade-A2", "trade-A12"} {
		if !strings.Contains(" "+strings.Join(trades, " ")+" ", " "+id+" ") {
			t.Errorf("no trade field %s among %v", id, trades)
		}
	}
	if lastTrade < 0 || firstBuilding < 0 || lastTrade > firstBuilding {
		t.Errorf("a trade field (token %d) is drawn after the first building (token %d): it covers buildings", lastTrade, firstBuilding)
	}
	v := newSVGView(cfg, st)
	for _, m := range v.TradeFields {
		if m.ID[len("trade-")] == 'A' && m.X+6 > svgGridX+4-2 {
			t.Errorf("%s at x %d: its digit reaches under the buildings of column A (x %d)", m.ID, m.X, svgGridX+4)
		}
	}
}

// TestSVGFlagCubesClearOfNames checks on every neutral building that the
// owner's cubes on its flags keep clear of its name and its owner's name
// (a well's cube used to sit on the word "Well").
func TestSVGFlagCubesClearOfNames(t *testing.T) {
	label := func(text string, x, y, size int, em float64) box {
		w := float64(len([]rune(text))) * em * float64(size)
		return box{float64(x) - w/2, float64(y) - 0.75*float64(size), float64(x) + w/2, float64(y) + 0.25*float64(size)}
	}
	for _, k := range game.NeutralKinds {
		for _, at := range []string{"A2", "F2", "E10"} {
			b := game.Building{Kind: k, Owner: game.Yellow, At: sq(t, at)}
			if _, ok := footprint(b); !ok {
				continue
			}
			sb := newSVGBuilding(b)
			names := []box{
				label(sb.Title, sb.TitleX, sb.TitleY, sb.TitleSize, 0.62),
				label(sb.Owner, sb.TitleX, sb.OwnerY, 12, 0.6),
			}
			cubes := 0
			for _, f := range sb.Flags {
				c := f.Cube
				if c == nil {
					continue
				}
				cubes++
				cb := box{float64(c.X), float64(c.Y), float64(c.X + c.Size), float64(c.Y + c.Size)}
				for i, n := range names {
					if cb.overlaps(n) {
						t.Errorf("%s on %s: cube %+v covers %s %+v", k, at, cb, []string{"the name", "the owner"}[i], n)
					}
				}
				if c.X < sb.X || c.Y < sb.Y || c.X+c.Size > sb.X+sb.W || c.Y+c.Size > sb.Y+sb.H {
					t.Errorf("%s on %s: cube %+v sticks out of the tile", k, at, cb)
				}
			}
			if cubes == 0 {
				t.Errorf("%s on %s: no cube drawn", k, at)
			}
		}
	}
}
