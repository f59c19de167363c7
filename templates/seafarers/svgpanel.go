package seafarers

import (
	"fmt"
	"strconv"
	"strings"

	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/engine/seafarers/board"
	"github.com/elasund/elasund/templates"
)

// The panel's card measures.
const (
	cardGap   = 14.0 // between cards
	headH     = 36.0 // a seat card's coloured head
	resW      = 50.0 // a resource card
	resH      = 32.0
	resGap    = 6.0
	lineSize  = 12.0 // the size of a card's text lines
	iconSpace = 74.0 // one piece icon and its count in the supply row
)

// panel lays out the cards beside the map and sets the picture's size.
func (d *svgDoc) panel(m *model, v templates.View) {
	x := d.MapX + d.MapW + svgGap
	y := d.MapY
	for _, s := range m.seats {
		c := d.seatCard(m, v, s, x, y)
		d.Cards = append(d.Cards, c)
		y += c.H + cardGap
	}
	for _, c := range []svgCard{d.statusCard(m, x, y)} {
		d.Cards = append(d.Cards, c)
		y += c.H + cardGap
	}
	c := d.bankCard(m, v, x, y)
	d.Cards = append(d.Cards, c)
	y += c.H + cardGap
	if c, ok := d.scenarioCard(m, x, y); ok {
		d.Cards = append(d.Cards, c)
		y += c.H + cardGap
	}
	d.W = x + svgPanelW + svgPad
	d.H = max(y-cardGap, d.MapY+d.MapH+svgLegend) + svgPad
	// The dice sit at the top right, over the panel.
	if dice := m.st.Dice; dice != nil && m.st.Phase != "over" {
		for i, n := range dice {
			d.Dice = append(d.Dice, newDie(d.W-svgPad-2*38+8+float64(i)*38, svgPad+6, n))
		}
	}
}

// cardWriter stacks lines of text and rows of shapes on a card.
type cardWriter struct {
	c *svgCard
	y float64 // the next line's top
}

func newCard(id, class string, x, y float64, stroke string) *cardWriter {
	return &cardWriter{c: &svgCard{ID: id, Class: class, X: x, Y: y, W: svgPanelW, Stroke: stroke}, y: y + svgCardP}
}

// text writes a paragraph wrapped to the card's width.
func (w *cardWriter) text(s string, size float64, bold bool, fill string) {
	lines := templates.Wrap{Width: w.c.W - 2*svgCardP, Measure: func(t string) float64 { return textW(t, size, bold) }}.Lines(s)
	if len(lines) == 0 {
		lines = []string{""}
	}
	for _, l := range lines {
		w.y += size + 4
		w.c.Texts = append(w.c.Texts, svgText{X: w.c.X + svgCardP, Y: w.y, Size: size, Bold: bold, Anchor: "start", Fill: fill, Text: l})
	}
	w.y += 3
}

// resources draws a row of five resource cards with their counts and
// names, and a note after them.
func (w *cardWriter) resources(h game.Hand, note string) {
	x0, y := w.c.X+svgCardP, w.y+4
	for i, r := range game.Resources {
		x := x0 + float64(i)*(resW+resGap)
		fill, ink := resourceInk(r)
		w.c.Rects = append(w.c.Rects, svgRect{X: x, Y: y, W: resW, H: resH, RX: 4, Fill: fill, Stroke: "#5b4632", StrokeWidth: 1})
		w.c.Texts = append(w.c.Texts,
			svgText{X: x + resW/2, Y: y + 22, Size: 16, Bold: true, Anchor: "middle", Fill: ink, Text: strconv.Itoa(h[i])},
			svgText{X: x + resW/2, Y: y + resH + 13, Size: 10, Anchor: "middle", Fill: "#4a3c2c", Text: r.String()})
	}
	if note != "" {
		w.c.Texts = append(w.c.Texts, svgText{X: x0 + 5*resW + 4*resGap + 14, Y: y + 21, Size: 13, Anchor: "start", Fill: "#2b2118", Text: note})
	}
	w.y = y + resH + 20
}

// hidden draws the back of a hand of n resource cards.
func (w *cardWriter) hidden(n int) {
	x, y := w.c.X+svgCardP, w.y+4
	for i := 2; i >= 0; i-- {
		w.c.Rects = append(w.c.Rects, svgRect{X: x + float64(i)*5, Y: y, W: resW, H: resH, RX: 4, Fill: "#7a5c9e", Stroke: "#3e2a66", StrokeWidth: 1})
	}
	w.c.Texts = append(w.c.Texts, svgText{X: x + 10 + resW + 14, Y: y + 21, Size: 13, Anchor: "start", Fill: "#2b2118",
		Text: plural(n, "resource card", "resource cards") + " (hidden)"})
	w.y = y + resH + 8
}

// supply draws the pieces a seat has in supply, each icon with its count.
func (w *cardWriter) supply(sp game.Supply, pal palette, ships bool) {
	y := w.y + 16
	x := w.c.X + svgCardP + 12
	items := []struct {
		kind string
		n    int
	}{{"settlement", sp.Settlements}, {"city", sp.Cities}, {"road", sp.Roads}}
	if ships {
		items = append(items, struct {
			kind string
			n    int
		}{"ship", sp.Ships})
	}
	for _, it := range items {
		w.c.Icons = append(w.c.Icons, svgIcon{Kind: it.kind, C: pt{x, y}, Fill: pal.Fill, Dark: pal.Dark})
		w.c.Texts = append(w.c.Texts, svgText{X: x + 18, Y: y + 5, Size: 13, Bold: true, Anchor: "start", Fill: "#2b2118", Text: strconv.Itoa(it.n)})
		x += iconSpace
	}
	w.c.Texts = append(w.c.Texts, svgText{X: x - 6, Y: y + 5, Size: 11, Anchor: "start", Fill: "#6b5d49", Text: "in supply"})
	w.y = y + 16
}

// done closes the card and returns it.
func (w *cardWriter) done() svgCard {
	w.c.H = w.y - w.c.Y + svgCardP - 2
	return *w.c
}

// seatCard draws one seat's card: its name, points, cards, supply and
// the rest of its holdings, as v may see them.
func (d *svgDoc) seatCard(m *model, v templates.View, seat string, x, y float64) svgCard {
	pal := seatPalette(seat)
	w := newCard("seat-"+seatName(seat), "seat owner-"+seatName(seat), x, y, pal.Dark)
	c := w.c
	c.Head = fmt.Sprintf("M%s %s V%s Q%s %s %s %s H%s Q%s %s %s %s V%s Z",
		num(x), num(y+headH), num(y+8), num(x), num(y), num(x+8), num(y),
		num(x+svgPanelW-8), num(x+svgPanelW), num(y), num(x+svgPanelW), num(y+8), num(y+headH))
	c.HeadFill = pal.Fill
	name := capital(seatName(seat))
	c.Texts = append(c.Texts, svgText{X: x + svgCardP, Y: y + 25, Size: 18, Bold: true, Anchor: "start", Fill: pal.Text, Text: name})
	tags := m.seatTags(v, seat)
	if !m.seated(seat) {
		tags = append(tags, "not seated")
	}
	if len(tags) > 0 {
		c.Texts = append(c.Texts, svgText{X: x + svgCardP + textW(name, 18, true) + 10, Y: y + 24, Size: 13, Anchor: "start",
			Fill: pal.Text, Text: strings.Join(tags, " · ")})
	}
	p := m.player(seat)
	open := shows(v, seat)
	vp := vpText(m.sc, p, open)
	c.Texts = append(c.Texts, svgText{X: x + svgPanelW - svgCardP, Y: y + 26, Size: 19, Bold: true, Anchor: "end", Fill: pal.Text, Text: vp})
	w.y = y + headH + 4
	h := hand(p.Resources)
	if open {
		w.resources(h, plural(total(h), "card", "cards"))
	} else {
		w.hidden(total(h))
	}
	cards, _ := cardCounts(p)
	dev := "Development cards: none"
	switch {
	case len(p.Cards) > 0 && open:
		dev = "Development cards: " + strings.Join(cards, ", ")
	case len(p.Cards) > 0:
		dev = "Development cards: " + plural(len(p.Cards), "card", "cards") + " (hidden)"
	}
	if pl := playedText(p.Played); pl != "" {
		dev += "; played: " + pl
	}
	w.text(dev, lineSize, false, "#2b2118")
	w.supply(p.Supply, pal, m.sc != board.Base)
	var facts []string
	route := "route " + strconv.Itoa(p.Route)
	if holds(m.st.LongestRoute, seat) {
		route += " (" + m.longestName() + ")"
	}
	facts = append(facts, route)
	army := plural(p.Played.Knight, "knight", "knights")
	if holds(m.st.LargestArmy, seat) {
		army += " (Largest Army)"
	}
	facts = append(facts, army, plural(p.Chits, "chit", "chits"))
	if p.Cloth != nil {
		facts = append(facts, strconv.Itoa(*p.Cloth)+" cloth")
	}
	if n := m.warships(seat); n > 0 {
		facts = append(facts, plural(n, "warship", "warships"))
	}
	if p.HarboursAside != nil && len(*p.HarboursAside) > 0 {
		facts = append(facts, "harbours aside: "+strings.Join(*p.HarboursAside, ", "))
	}
	if p.HomeIslands != nil && len(*p.HomeIslands) > 0 {
		facts = append(facts, "home: "+strings.Join(*p.HomeIslands, ", "))
	}
	if len(p.Rewarded) > 0 {
		facts = append(facts, "rewarded: "+strings.Join(p.Rewarded, ", "))
	}
	w.text(capital(strings.Join(facts, " · ")), lineSize, false, "#2b2118")
	if o := ordersText(p.Orders); o != "" && open {
		w.text("Orders: "+o, 11, false, "#6b5d49")
	}
	return w.done()
}

// statusCard says whose turn it is and what the game waits for.
func (d *svgDoc) statusCard(m *model, x, y float64) svgCard {
	st := m.st
	w := newCard("status", "status", x, y, "#8a7f6a")
	head := "Turn " + strconv.Itoa(st.Turn)
	switch {
	case st.Phase == "over":
		head = fmt.Sprintf("Game over after turn %d", st.Turn)
		if st.Winner != nil {
			head += ": " + capital(seatName(*st.Winner)) + " wins"
		}
	case st.Setup != nil:
		head = fmt.Sprintf("Setup, round %d", st.Setup.Round)
	}
	w.text(head, 15, true, "#2b2118")
	var lines []string
	if st.Phase != "over" {
		s := capital(seatName(st.Current)) + " to move · phase " + phaseText(st.Phase)
		if st.Dice != nil {
			s += " · dice " + diceText(*st.Dice)
		}
		lines = append(lines, s)
	}
	if len(st.WaitingFor) > 0 {
		var ws []string
		for _, s := range st.WaitingFor {
			ws = append(ws, seatName(s))
		}
		lines = append(lines, "Waiting for "+andList(ws))
	}
	for _, p := range st.Pending {
		if p.Kind != "answer" {
			lines = append(lines, capital(seatName(p.Seat))+" must "+m.pendingText(p))
		}
	}
	if st.Offer != nil {
		lines = append(lines, capital(offerText(st.Offer)))
	}
	for _, sd := range st.Sealed {
		lines = append(lines, capital(sealedText(sd)))
	}
	if cards := m.specialCards(); len(cards) > 0 {
		lines = append(lines, strings.Join(cards, " · "))
	}
	for _, l := range lines {
		w.text(l, lineSize, false, "#2b2118")
	}
	return w.done()
}

// bankCard shows the bank's cards and the unseen development cards.
func (d *svgDoc) bankCard(m *model, v templates.View, x, y float64) svgCard {
	w := newCard("bank", "bank", x, y, "#8a7f6a")
	w.text("Bank", 15, true, "#2b2118")
	b := hand(m.st.Bank)
	w.resources(b, plural(total(b), "card", "cards"))
	u := m.st.UnseenCards
	n := u.Knight + u.VictoryPoint + u.RoadBuilding + u.YearOfPlenty + u.Monopoly
	s := "Development cards unseen: " + strconv.Itoa(n)
	if !v.Hidden {
		s += fmt.Sprintf(" (knight %d, victory-point %d, road-building %d, year-of-plenty %d, monopoly %d)",
			u.Knight, u.VictoryPoint, u.RoadBuilding, u.YearOfPlenty, u.Monopoly)
	}
	w.text(s, lineSize, false, "#2b2118")
	return w.done()
}

// scenarioCard shows the scenario's own state: wonders, villages,
// fortresses, the fog stack, the gifts; false for a scenario with none.
func (d *svgDoc) scenarioCard(m *model, x, y float64) (svgCard, bool) {
	ss := m.st.ScenarioState
	w := newCard("scenario", "scenario", x, y, "#8a7f6a")
	w.text(scenarioTitle(m.sc), 15, true, "#2b2118")
	lines := m.scenarioLines()
	if ss.Wonders != nil {
		lines = lines[:0]
		for _, l := range m.scenarioLines() {
			if !strings.HasPrefix(l, "wonders: ") {
				lines = append(lines, l)
			}
		}
		d.wonderRows(w, *ss.Wonders)
	}
	if len(lines) == 0 && ss.Wonders == nil {
		return svgCard{}, false
	}
	for _, l := range lines {
		w.text(capital(l), lineSize, false, "#2b2118")
	}
	return w.done(), true
}

// wonderNames are the wonders as the book names them.
var wonderNames = map[string]string{
	"theater": "Theater", "great-bridge": "Great Bridge", "monument": "Monument",
	"great-wall": "Great Wall", "cathedral": "Cathedral",
}

// wonderRows draws one row per wonder: its name, four level boxes filled
// in its builder's colour, and the builder.
func (d *svgDoc) wonderRows(w *cardWriter, ws []game.WonderState) {
	c := w.c
	for _, wd := range ws {
		y := w.y + 8
		name := wonderNames[wd.Name]
		if name == "" {
			name = oneWord(wd.Name)
		}
		c.Texts = append(c.Texts, svgText{X: c.X + svgCardP, Y: y + 13, Size: 13, Bold: true, Anchor: "start", Fill: "#2b2118", Text: name})
		owner := "free"
		pal := palette{"#ffffff", "#8a7f6a", "#2b2118"}
		if wd.Owner != nil {
			owner = seatName(*wd.Owner)
			pal = seatPalette(*wd.Owner)
		}
		for i := 0; i < 4; i++ {
			fill := "#f3ecdb"
			if wd.Owner != nil && i < wd.Level {
				fill = pal.Fill
			}
			c.Rects = append(c.Rects, svgRect{X: c.X + 130 + float64(i)*24, Y: y, W: 20, H: 18, RX: 3, Fill: fill, Stroke: pal.Dark, StrokeWidth: 1.5})
		}
		text := owner
		if wd.Owner != nil {
			text += ", level " + strconv.Itoa(min(max(wd.Level, 0), 4))
		}
		c.Texts = append(c.Texts, svgText{X: c.X + 236, Y: y + 13, Size: 12, Anchor: "start", Fill: "#2b2118", Text: text})
		w.y = y + 20
	}
	w.y += 4
}
