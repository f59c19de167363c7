package seafarers

import (
	"fmt"
	"io/fs"
	"strings"
	"text/template"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/engine/seafarers/board"
	"github.com/elasund/elasund/templates"
)

// Renderer draws Catan: Seafarers positions: the text map, the SVG
// picture and the Seafarers parts of the mails. Its zero value is ready
// to use; it holds nothing and never panics on a strange position.
type Renderer struct{}

var _ templates.Renderer = Renderer{}

// Title is "Catan: Seafarers".
func (Renderer) Title() string { return "Catan: Seafarers" }

// Text draws the position as text (TextBoard).
func (Renderer) Text(p engine.Position, v templates.View) string { return TextBoard(p, v) }

// SVG draws the position as an SVG picture (SVG).
func (Renderer) SVG(p engine.Position, v templates.View) ([]byte, error) { return SVG(p, v) }

// Hand describes what seat holds, in one line, as v may see it: "brick 1,
// lumber 0, wool 2, grain 0, ore 3; development cards: knight", or for
// another seat's hidden hand "5 resource cards, 2 development cards".
func (Renderer) Hand(p engine.Position, seat string, v templates.View) string {
	m := readPosition(p)
	if !m.seated(seat) {
		return "no cards"
	}
	return m.handText(seat, v)
}

// handText is a seat's hand in one line (Renderer.Hand).
func (m *model) handText(seat string, v templates.View) string {
	pl := m.player(seat)
	h := hand(pl.Resources)
	if !shows(v, seat) {
		return plural(total(h), "resource card", "resource cards") + ", " +
			plural(len(pl.Cards), "development card", "development cards")
	}
	s := resourcesText(h)
	if cards, _ := cardCounts(pl); len(cards) > 0 {
		s += "; development cards: " + strings.Join(cards, ", ")
	}
	if pl.Cloth != nil && *pl.Cloth > 0 {
		s += "; cloth " + fmt.Sprint(*pl.Cloth)
	}
	return s
}

// Owed describes a decision the game waits for (RULES §17): a discard, a
// gold choice, an answer to an offer, a robber or pirate move, a harbour
// to place, a reward.
func (Renderer) Owed(p engine.Position, d engine.Owed, v templates.View) templates.OwedText {
	return readPosition(p).owed(d, v)
}

// owed describes one owed decision.
func (m *model) owed(d engine.Owed, v templates.View) templates.OwedText {
	pd := game.Pending{Seat: d.Seat, Kind: d.Kind}
	if p, ok := d.Detail.(game.Pending); ok {
		pd = p
	} else {
		for _, p := range m.st.Pending {
			if p.Seat == d.Seat && p.Kind == d.Kind {
				pd = p
				break
			}
		}
	}
	open := shows(v, d.Seat)
	holds := ""
	if open && m.seated(d.Seat) {
		holds = " You hold " + resourcesText(hand(m.player(d.Seat).Resources)) + "."
	}
	bank := " The bank holds " + resourcesText(hand(m.st.Bank)) + "."
	switch pd.Kind {
	case "discard":
		n := plural(pd.Count, "card", "cards")
		limit := m.opts.DiscardLimit
		return templates.OwedText{
			Title: "discard " + n,
			You:   "discard " + plural(pd.Count, "resource card", "resource cards"),
			Detail: fmt.Sprintf("A 7 was rolled and you hold more than %d resource cards: half of them, rounded down, "+
				"go back to the bank. Choose which %s.%s", limit, n, holds),
		}
	case "gold":
		n := plural(pd.Count, "resource", "resources")
		take := "take 1 resource card of your choice from the bank."
		if pd.Count != 1 {
			take = fmt.Sprintf("take any %d resource cards from the bank, the same or different.", pd.Count)
		}
		return templates.OwedText{
			Title:  "choose " + plural(pd.Count, "gold resource", "gold resources"),
			You:    "choose " + n + " for gold",
			Detail: "A gold field paid you: " + take + bank,
		}
	case "answer":
		o := m.st.Offer
		if o == nil {
			return templates.OwedText{Title: "answer an offer", You: "accept or decline the offer"}
		}
		give, get := cardsText(cardsHand(o.Give)), cardsText(cardsHand(o.Get))
		from := seatName(o.From)
		return templates.OwedText{
			Title: fmt.Sprintf("answer %s's offer: %s for %s", from, give, get),
			You:   fmt.Sprintf("accept or decline %s's offer", from),
			Detail: fmt.Sprintf("%s offers %s and asks %s in return. You may accept only if you hold %s; "+
				"the cards change hands when %s confirms with one of the seats that accepted.%s",
				capital(from), give, get, get, from, holds),
		}
	case "robber":
		what := m.pendingText(pd)
		detail := "Choose where it goes and, if anyone there can be robbed, whom you rob."
		if m.sc == board.PirateIslands {
			detail = "A 7 was rolled: take one random resource card from any other seat that holds one."
		}
		return templates.OwedText{Title: what, You: what, Detail: detail}
	case "harbour":
		kinds := ""
		if pl := m.player(d.Seat); pl.HarboursAside != nil && len(*pl.HarboursAside) > 0 {
			kinds = " (" + strings.Join(*pl.HarboursAside, ", ") + ")"
		}
		return templates.OwedText{
			Title: "place a harbour",
			You:   "place the harbour you took" + kinds,
			Detail: "Your ship took a harbour from the tribe: place it on a coastal edge that has one of your " +
				"settlements or cities on a corner and shares no corner with another harbour.",
		}
	case "reward":
		return templates.OwedText{
			Title:  "choose your reward",
			You:    "choose your reward from the bank",
			Detail: "Your warships were stronger than the pirate fleet: take 1 resource card of your choice." + bank,
		}
	}
	k := oneWord(d.Kind)
	return templates.OwedText{Title: "decide (" + k + ")", You: "decide (" + k + ")"}
}

// MailTemplates returns the Seafarers parts of the mails (files/mail) and
// the functions they call.
func (Renderer) MailTemplates() (fs.FS, template.FuncMap) {
	sub, err := fs.Sub(files, "files/mail")
	if err != nil {
		return nil, nil
	}
	return sub, mailFuncs()
}

// Action prints an action in its canonical spelling (topic moves); text
// that is not one action prints as it is.
func (Renderer) Action(_ engine.Position, action string) string {
	m, err := game.ParseMove(action)
	if err != nil || len(m) != 1 {
		return action
	}
	return m[0].String()
}

// Event returns the event as the engine words it: Seafarers' events read
// as they are.
func (Renderer) Event(_ engine.Position, event string) string { return templates.Plurals(event) }

// HowWon says how seat won, after "red wins": "with 13 victory points",
// "by capturing its fortress, with 10 victory points", "with the Theater
// finished".
func (Renderer) HowWon(p engine.Position, seat string) string {
	m := readPosition(p)
	pl := m.player(seat)
	points := "with " + plural(pl.VP, "victory point", "victory points")
	switch m.sc {
	case board.PirateIslands:
		return "by capturing its fortress, " + points
	case board.WondersOfCatan:
		if ws := m.st.ScenarioState.Wonders; ws != nil {
			for _, w := range *ws {
				if w.Owner != nil && *w.Owner == seat && w.Level >= 4 {
					name := wonderNames[w.Name]
					if name == "" {
						name = oneWord(w.Name)
					}
					return "with the " + name + " finished"
				}
			}
		}
		return points + " and the highest wonder"
	case board.ClothForCatan:
		if vs := m.st.ScenarioState.Villages; vs != nil {
			left := 0
			for _, v := range *vs {
				if v.Cloth > 0 {
					left++
				}
			}
			if left <= 3 {
				return "when the villages ran short of cloth, " + points
			}
		}
	}
	return points
}

// Group splits a listed action into the key it is grouped under and the
// rest: "build road C6-D7" → "build road", "C6-D7"; "place settlement D7.n
// road C6-D7" → "place settlement", "D7.n road C6-D7" (ListGroup lists a
// line a corner); "trade 4 wool for 1
// ore" → "trade 4 wool for", "1 ore" (offers alike); "move ship B5-C6
// B5-C4" → "move ship
// B5-C6", "B5-C4". Card lists in the rest are written with spaces, not
// commas ("discard 1 brick 2 ore"), so that the grouped line's commas
// only separate actions.
func (Renderer) Group(action string) (key, rest string) {
	words := strings.Fields(action)
	n := 1
	if len(words) > 0 {
		switch words[0] {
		case "build", "play", "orders":
			n = 2
		case "place":
			n = 2
		case "move":
			n = 3
		case "trade", "offer":
			if i := indexOf(words, "for"); i > 0 {
				n = i + 1
			}
		case "robber", "pirate", "discard", "gold", "reward", "harbour", "confirm", "steal", "wonder":
			n = 1
		default:
			n = len(words)
		}
	}
	n = min(n, len(words))
	key = strings.Join(words[:n], " ")
	rest = strings.ReplaceAll(strings.Join(words[n:], " "), ",", "")
	return key, rest
}

func indexOf(words []string, w string) int {
	for i, x := range words {
		if x == w {
			return i
		}
	}
	return -1
}
