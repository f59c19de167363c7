package seafarers

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/elasund/elasund/engine"
	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/engine/seafarers/board"
	"github.com/elasund/elasund/templates"
)

// textWidth is the widest line TextBoard writes.
const textWidth = 80

// TextBoard draws a Seafarers position as plain text for a terminal or a
// mail, as the view v may see it: the hex map with every piece, the
// robber, the pirate, harbours and scenario marks; a legend; every seat's
// holdings; the bank and the special cards; the scenario's own state; and
// the turn, the phase, the dice and what the game waits for. It uses no
// colour codes, and no line is longer than 80 columns. A position of
// another game draws as an empty board.
func TextBoard(p engine.Position, v templates.View) string {
	return readPosition(p).text(v)
}

func (m *model) text(v templates.View) string {
	var b strings.Builder
	line := func(s string) {
		lead := s[:len(s)-len(strings.TrimLeft(s, " "))]
		lines := templates.Wrap{Width: textWidth, Indent: lead + "    ", Cut: true}.Lines(s)
		if len(lines) == 0 {
			lines = []string{""}
		}
		for _, l := range lines {
			b.WriteString(strings.TrimRight(l, " "))
			b.WriteByte('\n')
		}
	}
	for _, l := range m.headline() {
		line(l)
	}
	b.WriteByte('\n')
	for _, l := range m.mapLines() {
		if r := []rune(l); len(r) > textWidth {
			l = string(r[:textWidth])
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	for _, l := range m.legend() {
		line(l)
	}
	b.WriteByte('\n')
	for _, l := range m.holdings(v) {
		line(l)
	}
	b.WriteByte('\n')
	for _, l := range m.supplyLines(v) {
		line(l)
	}
	if s := m.scenarioLines(); len(s) > 0 {
		b.WriteByte('\n')
		for _, l := range s {
			line(l)
		}
	}
	b.WriteByte('\n')
	for _, l := range m.status() {
		line(l)
	}
	return b.String()
}

// headline names the game and the scenario, and says how it is won.
func (m *model) headline() []string {
	if m.sc == board.NoScenario {
		return []string{"Catan: Seafarers"}
	}
	return []string{
		fmt.Sprintf("Catan: Seafarers, %s (%s)", scenarioTitle(m.sc), m.sc),
		"To win: " + targetText(m.sc, m.opts) + ".",
	}
}

// legend explains the map's letters, with a line for the scenario's marks.
func (m *model) legend() []string {
	tags := "ROB robber, PIR pirate"
	if m.fleet != nil || len(m.fleetPath) > 0 {
		tags = "FLT pirate fleet"
	}
	out := []string{
		"Hexes: number (*6* and *8* roll most), terrain, name; " + tags + ".",
		"Pieces: R settlement, [R] city, R road, r ship. R red B blue W white O orange.",
		"Harbours: 3:1, and 2:1 br2 brick, lu2 lumber, wo2 wool, gr2 grain, or2 ore.",
	}
	for _, h := range m.harbours {
		if h.kind == board.HarbourUnknown || h.kind == board.NoHarbour {
			out = append(out, "?:? a harbour not yet dealt: the first seat's first entry deals them (S132).")
			break
		}
	}
	out = append(out, "Moves name a hex D7, a corner D7.n (n ne se s sw nw) and an edge C6-D7.")
	switch {
	case m.st.ScenarioState.Gifts != nil:
		out = append(out, "Gifts on their edges: VP+ victory point, DC+ development card, +br… harbour.")
	case m.st.ScenarioState.Villages != nil:
		out = append(out, "Villages on their corners: v11 is the village with number 11.")
	case m.st.ScenarioState.Fortresses != nil:
		out = append(out, "R#3 red's fortress, 3 chits left; (r) red's marked corner (lone settlement).")
	case len(m.marks) > 0:
		out = append(out, "Corners: x wasteland (Great Wall), = strait (Great Bridge), ! no setup here.")
	case m.st.ScenarioState.FogTiles != nil:
		out = append(out, "fog: unexplored; fog*: its exploration is a pending sealed draw.")
	}
	return out
}

// seatTags are the marks of a seat in v's eyes: "you", and "winner" or
// "to move".
func (m *model) seatTags(v templates.View, seat string) []string {
	var tags []string
	if v.Seat == seat {
		tags = append(tags, "you")
	}
	switch {
	case m.st.Winner != nil && *m.st.Winner == seat:
		tags = append(tags, "winner")
	case m.st.Phase != "over" && m.st.Current == seat:
		tags = append(tags, "to move")
	}
	return tags
}

// holdings lists each seat's points, cards, supply and marks.
func (m *model) holdings(v templates.View) []string {
	var out []string
	for _, s := range m.seats {
		p := m.player(s)
		tags := m.seatTags(v, s)
		head := seatName(s)
		if len(tags) > 0 {
			head += " (" + strings.Join(tags, ", ") + ")"
		}
		if !m.seated(s) {
			out = append(out, head+": not seated")
			continue
		}
		open := shows(v, s)
		var facts []string
		facts = append(facts, vpText(m.sc, p, open))
		route := "route " + strconv.Itoa(p.Route)
		if holds(m.st.LongestRoute, s) {
			route += " (" + m.longestName() + ")"
		}
		facts = append(facts, route)
		knights := p.Played.Knight
		army := plural(knights, "knight", "knights")
		if holds(m.st.LargestArmy, s) {
			army += " (Largest Army)"
		}
		facts = append(facts, army)
		out = append(out, head+": "+strings.Join(facts, ", "))
		h := hand(p.Resources)
		if open {
			out = append(out, fmt.Sprintf("  resources: %s (%s)", resourcesText(h), plural(total(h), "card", "cards")))
		} else {
			out = append(out, "  resources: "+plural(total(h), "card", "cards")+" (hidden)")
		}
		cards, _ := cardCounts(p)
		dev := "none"
		if len(p.Cards) > 0 {
			dev = strings.Join(cards, ", ")
			if !open {
				dev = plural(len(p.Cards), "card", "cards") + " (hidden)"
			}
		}
		line := "  development cards: " + dev
		if pl := playedText(p.Played); pl != "" {
			line += "; played: " + pl
		}
		out = append(out, line)
		sp := p.Supply
		line = fmt.Sprintf("  supply: settlements %d, cities %d, roads %d", sp.Settlements, sp.Cities, sp.Roads)
		if m.sc != board.Base {
			line += fmt.Sprintf(", ships %d", sp.Ships)
		}
		line += "; chits " + strconv.Itoa(p.Chits)
		if p.Cloth != nil {
			line += "; cloth " + strconv.Itoa(*p.Cloth)
		}
		out = append(out, line)
		var more []string
		if p.HarboursAside != nil && len(*p.HarboursAside) > 0 {
			more = append(more, "harbours aside: "+strings.Join(*p.HarboursAside, ", "))
		}
		if p.HomeIslands != nil && len(*p.HomeIslands) > 0 {
			more = append(more, "home islands: "+strings.Join(*p.HomeIslands, ", "))
		}
		if len(p.Rewarded) > 0 {
			more = append(more, "rewarded for: "+strings.Join(p.Rewarded, ", "))
		}
		if w := m.warships(s); w > 0 {
			more = append(more, plural(w, "warship", "warships"))
		}
		if o := ordersText(p.Orders); o != "" && open {
			more = append(more, "orders: "+o)
		}
		if len(more) > 0 {
			out = append(out, "  "+strings.Join(more, "; "))
		}
	}
	return out
}

// holds reports whether a stored card holder is seat.
func holds(holder *string, seat string) bool { return holder != nil && *holder == seat }

// longestName is the name of the Longest Trade Route card: Longest Road in
// base (S10).
func (m *model) longestName() string {
	if m.sc == board.Base {
		return "Longest Road"
	}
	return "Longest Trade Route"
}

// warships counts a seat's warships on the board.
func (m *model) warships(seat string) int {
	n := 0
	for _, s := range m.ships {
		if s.owner == seat && s.warship {
			n++
		}
	}
	return n
}

// supplyLines prints the bank, the unseen development cards and the
// special cards' holders.
func (m *model) supplyLines(v templates.View) []string {
	st := m.st
	u := st.UnseenCards
	n := u.Knight + u.VictoryPoint + u.RoadBuilding + u.YearOfPlenty + u.Monopoly
	dev := "development cards unseen: " + strconv.Itoa(n)
	if !v.Hidden {
		dev += fmt.Sprintf(" (knight %d, victory-point %d, road-building %d, year-of-plenty %d, monopoly %d)",
			u.Knight, u.VictoryPoint, u.RoadBuilding, u.YearOfPlenty, u.Monopoly)
	}
	out := []string{"bank: " + resourcesText(hand(st.Bank)), dev}
	if cards := m.specialCards(); len(cards) > 0 {
		out = append(out, strings.Join(cards, "; "))
	}
	return out
}

// specialCards says who holds the special cards the scenario plays with:
// the Longest Trade Route (none in cloth-for-catan and pirate-islands,
// S113, S116) and the Largest Army (none in pirate-islands).
func (m *model) specialCards() []string {
	var cards []string
	if m.sc != board.ClothForCatan && m.sc != board.PirateIslands {
		cards = append(cards, m.longestName()+": "+holderText(m.st.LongestRoute))
	}
	if m.sc != board.PirateIslands {
		cards = append(cards, "Largest Army: "+holderText(m.st.LargestArmy))
	}
	return cards
}

func holderText(h *string) string {
	if h == nil {
		return "nobody"
	}
	return seatName(*h)
}

// scenarioLines prints the scenario's own state (S157).
func (m *model) scenarioLines() []string {
	ss := m.st.ScenarioState
	var out []string
	if ss.FogTiles != nil {
		f := ss.FogTiles
		line := fmt.Sprintf("fog stack: sea %d, desert %d, fields %d, hills %d, mountains %d, pasture %d, forest %d",
			f.Sea, f.Desert, f.Fields, f.Hills, f.Mountains, f.Pasture, f.Forest)
		var nums []int
		for k, c := range ss.FogNumbers {
			n, err := strconv.Atoi(k)
			if err != nil || c <= 0 {
				continue
			}
			for i := 0; i < min(c, 20); i++ {
				nums = append(nums, n)
			}
		}
		sort.Ints(nums)
		var ns []string
		for _, n := range nums {
			ns = append(ns, strconv.Itoa(n))
		}
		if len(ns) == 0 {
			ns = []string{"none"}
		}
		out = append(out, line+"; numbers "+strings.Join(ns, " "))
	}
	if ss.Gifts != nil {
		var svp, cards []string
		var harbours []string
		for _, g := range m.gifts {
			switch g.kind {
			case board.GiftSVP:
				svp = append(svp, g.at.String())
			case board.GiftCard:
				cards = append(cards, g.at.String())
			default:
				harbours = append(harbours, g.at.String()+" "+strings.TrimSuffix(harbourName(g.harbour), " harbour"))
			}
		}
		line := "gifts of the tribe:"
		if len(svp)+len(cards)+len(harbours) == 0 {
			line += " none left"
		}
		var parts []string
		if len(svp) > 0 {
			parts = append(parts, "victory points on "+strings.Join(svp, " "))
		}
		if len(cards) > 0 {
			parts = append(parts, "development cards on "+strings.Join(cards, " "))
		}
		if len(harbours) > 0 {
			parts = append(parts, "harbours "+strings.Join(harbours, ", "))
		}
		out = append(out, line+" "+strings.Join(parts, "; "))
	}
	if ss.Villages != nil {
		var vs []string
		for _, v := range m.villages {
			s := fmt.Sprintf("%s %d: %d", v.at, v.number, v.cloth)
			if len(v.connected) > 0 {
				var names []string
				for _, c := range v.connected {
					names = append(names, seatName(c))
				}
				s += " (" + strings.Join(names, " ") + ")"
			}
			vs = append(vs, s)
		}
		supply := 0
		if ss.ClothSupply != nil {
			supply = *ss.ClothSupply
		}
		out = append(out, "cloth in the villages (number: cloth, connected seats): "+strings.Join(vs, ", ")+
			"; general supply "+strconv.Itoa(supply))
	}
	if ss.Fortresses != nil || ss.Fleet != nil {
		fleet := "the pirate fleet is gone"
		if m.fleet != nil {
			fleet = "pirate fleet on " + m.fleet.String()
		}
		var fs []string
		for _, f := range m.fortresses {
			if f.chits > 0 {
				fs = append(fs, fmt.Sprintf("%s %s %s", seatName(f.owner), f.at, plural(f.chits, "chit", "chits")))
			} else {
				fs = append(fs, fmt.Sprintf("%s %s captured", seatName(f.owner), f.at))
			}
		}
		line := fleet
		if len(fs) > 0 {
			line += "; fortresses: " + strings.Join(fs, ", ")
		}
		var ls []string
		for _, l := range m.lone {
			ls = append(ls, seatName(l.owner)+" "+l.at.String())
		}
		if len(ls) > 0 {
			line += "; marked corners: " + strings.Join(ls, ", ")
		}
		out = append(out, line)
	}
	if ss.Wonders != nil {
		var ws []string
		for _, w := range *ss.Wonders {
			s := w.Name + " "
			if w.Owner == nil {
				s += "free"
			} else {
				s += seatName(*w.Owner) + " level " + strconv.Itoa(w.Level)
			}
			ws = append(ws, s)
		}
		out = append(out, "wonders: "+strings.Join(ws, ", "))
	}
	return out
}

// status says whose turn it is, the phase and dice, and what the game
// waits for: owed decisions, an open offer, pending sealed draws.
func (m *model) status() []string {
	st := m.st
	var out []string
	switch {
	case st.Phase == "over":
		s := fmt.Sprintf("game over after turn %d", st.Turn)
		if st.Winner != nil {
			s += ": " + seatName(*st.Winner) + " wins"
		}
		return []string{s}
	case st.Setup != nil:
		out = append(out, fmt.Sprintf("setup, round %d: %s places a settlement with a %s", st.Setup.Round,
			seatName(st.Current), map[bool]string{true: "road", false: "road or a ship"}[m.sc == board.Base || m.sc == board.PirateIslands]))
	default:
		s := fmt.Sprintf("turn %d: %s to move, phase %s", st.Turn, seatName(st.Current), phaseText(st.Phase))
		if st.Dice != nil {
			s += ", dice " + diceText(*st.Dice)
		}
		var done []string
		if st.TurnFlags.CardPlayed {
			done = append(done, "a card played")
		}
		if st.TurnFlags.ShipMoved {
			done = append(done, "a ship moved")
		}
		if st.TurnFlags.Offers > 0 {
			done = append(done, plural(st.TurnFlags.Offers, "offer", "offers")+" made")
		}
		if len(done) > 0 {
			s += "; " + strings.Join(done, ", ")
		}
		out = append(out, s)
	}
	if len(st.WaitingFor) > 0 {
		var w []string
		for _, s := range st.WaitingFor {
			w = append(w, seatName(s))
		}
		out = append(out, "waiting for: "+strings.Join(w, ", "))
	}
	for _, p := range st.Pending {
		if p.Kind == "answer" {
			continue // the offer's line says who has not answered
		}
		out = append(out, "  "+seatName(p.Seat)+" must "+m.pendingText(p))
	}
	if o := st.Offer; o != nil {
		out = append(out, "  "+offerText(o))
	}
	for _, d := range st.Sealed {
		out = append(out, "  "+sealedText(d))
	}
	return out
}

// phaseText names a phase; unknown names print as "?".
func phaseText(p string) string {
	if _, err := game.ParsePhase(p); err != nil {
		return "?"
	}
	return p
}

// diceText prints a roll: "3+4 = 7".
func diceText(d [2]int) string {
	return fmt.Sprintf("%d+%d = %d", d[0], d[1], d[0]+d[1])
}

// pendingText says what an owed decision asks, after "X must".
func (m *model) pendingText(p game.Pending) string {
	switch p.Kind {
	case "discard":
		return "discard " + plural(p.Count, "card", "cards")
	case "gold":
		return "choose " + plural(p.Count, "resource", "resources") + " for gold"
	case "answer":
		return "answer the offer"
	case "robber":
		switch {
		case m.sc == board.PirateIslands:
			return "steal a card from another seat"
		case m.sc == board.Base || m.sc == board.WondersOfCatan:
			return "move the robber"
		}
		return "move the robber or the pirate"
	case "harbour":
		return "place a harbour"
	case "reward":
		return "choose a reward from the bank"
	}
	return "decide (" + oneWord(p.Kind) + ")"
}

// offerText describes an open offer and its answers.
func offerText(o *game.Offer) string {
	var to []string
	for _, s := range o.To {
		a := "no answer yet"
		switch o.Answers[s] {
		case "accept":
			a = "accepts"
		case "decline":
			a = "declines"
		}
		to = append(to, seatName(s)+" ("+a+")")
	}
	return fmt.Sprintf("offer by %s: %s for %s, to %s", seatName(o.From),
		cardsText(cardsHand(o.Give)), cardsText(cardsHand(o.Get)), strings.Join(to, ", "))
}

// sealedText describes a pending sealed draw without its outcome (S137).
func sealedText(d game.SealedDraw) string {
	what := "a draw"
	switch d.Kind {
	case "card":
		what = seatName(d.Drawer) + "'s development card"
	case "steal":
		victim := "?"
		if d.Victim != nil {
			victim = seatName(*d.Victim)
		}
		what = seatName(d.Drawer) + " robs " + victim
	case "fog":
		at := "?"
		if d.At != nil {
			if p, err := board.ParsePos(*d.At); err == nil {
				at = p.String()
			}
		}
		what = seatName(d.Drawer) + " explores " + at
	case "die":
		what = seatName(d.Drawer) + "'s fortress attack die"
	}
	return fmt.Sprintf("sealed draw %d: %s; %s's next entry reveals it", d.K, what, seatName(d.Witness))
}

// oneWord keeps a word from a state short and on one line.
func oneWord(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len([]rune(s)) > 20 {
		s = string([]rune(s)[:20]) + "…"
	}
	return s
}
