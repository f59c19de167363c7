package seafarers

import (
	"fmt"
	"strconv"
	"strings"

	game "github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// scenarioInfo is what the pictures and mails say about a scenario: its
// book number and title, and a sentence on what is special in it.
type scenarioInfo struct {
	Book  int // 0 for base
	Title string
	About string
}

var scenarios = map[board.Scenario]scenarioInfo{
	board.Base: {0, "The Settlers of Catan",
		"The base game on its island of 19 hexes: no ships, no pirate, no gold; Longest Road and Largest Army."},
	board.NewShores: {1, "Heading for New Shores",
		"The base island with small islands around it: you start on the main island; your first settlement on a small island earns a special victory point."},
	board.FourIslands: {2, "The Four Islands",
		"Four islands: you start on one or two of them, your home islands; your first settlement on each other island earns special victory points."},
	board.FogIsland: {3, "The Fog Island",
		"East of the main island lies fog: a road or ship reaching an unexplored hex turns it over, and the new land pays you a card."},
	board.ThroughTheDesert: {4, "Through the Desert",
		"A desert belt cuts the main island off from a rich strip: roads may cross the desert; your first settlement in a foreign area earns a special victory point."},
	board.ForgottenTribe: {5, "The Forgotten Tribe",
		"Nobody may settle on the tribe's islands, but ships reaching their coasts take the tribe's gifts: victory point chits, development cards and harbours."},
	board.ClothForCatan: {6, "Cloth for Catan",
		"The tribe's villages trade cloth: connect a village by ship, then each roll of its number brings you cloth; two cloth are a victory point. The game also ends when only three villages still hold cloth. No Longest Trade Route."},
	board.PirateIslands: {7, "The Pirate Islands",
		"Each colour sails one route to capture its pirate fortress; the pirate fleet circles the islands attacking coasts; knights turn ships into warships. No robber, no Largest Army, no Longest Trade Route."},
	board.WondersOfCatan: {8, "The Wonders of Catan",
		"Five wonders wait to be built, each with a requirement: finish yours (level 4), or reach the target with the highest wonder. No pirate."},
	board.NewWorld: {9, "New World",
		"A random board of islands: your first settlement on a foreign island earns a special victory point."},
}

// scenarioTitle is "The Four Islands", or the scenario's name.
func scenarioTitle(sc board.Scenario) string {
	if i, ok := scenarios[sc]; ok {
		return i.Title
	}
	if sc == board.NoScenario {
		return "no scenario"
	}
	return sc.String()
}

// targetText says how a scenario is won: "13 victory points".
func targetText(sc board.Scenario, o game.Options) string {
	n := o.VPTarget
	if n <= 0 {
		return "the scenario's target"
	}
	switch sc {
	case board.PirateIslands:
		return fmt.Sprintf("%d victory points and your own fortress captured", n)
	case board.WondersOfCatan:
		return fmt.Sprintf("a wonder at level 4, or %d victory points with the highest wonder", n)
	case board.ClothForCatan:
		return fmt.Sprintf("%d victory points, or the most points when only three villages hold cloth", n)
	}
	return fmt.Sprintf("%d victory points", n)
}

// terrainWord names a terrain in at most 7 letters, for the text map.
func terrainWord(t board.Terrain) string {
	switch t {
	case board.Fields:
		return "fields"
	case board.Hills:
		return "hills"
	case board.Mountains:
		return "mount."
	case board.Pasture:
		return "pasture"
	case board.Forest:
		return "forest"
	case board.Gold:
		return "gold"
	case board.Desert:
		return "desert"
	case board.Sea:
		return "sea"
	case board.Fog:
		return "fog"
	}
	return "?"
}

// terrainName names a terrain in full: "gold field", "mountains".
func terrainName(t board.Terrain) string {
	switch t {
	case board.Gold:
		return "gold field"
	case board.Unknown, board.NoTerrain:
		return "unknown"
	}
	return t.String()
}

// resourceCode is the two-letter code of a resource on the text map.
var resourceCode = map[board.HarbourKind]string{
	board.HarbourBrick: "br", board.HarbourLumber: "lu", board.HarbourWool: "wo",
	board.HarbourGrain: "gr", board.HarbourOre: "or",
}

// harbourLabel is a harbour's three-letter label on the text map: "3:1",
// "wo2" (wool 2:1), "?:?" for one not yet dealt.
func harbourLabel(k board.HarbourKind) string {
	switch k {
	case board.Harbour3to1:
		return "3:1"
	case board.HarbourUnknown, board.NoHarbour:
		return "?:?"
	}
	if c, ok := resourceCode[k]; ok {
		return c + "2"
	}
	return "?:?"
}

// harbourName names a harbour: "3:1 harbour", "wool 2:1 harbour".
func harbourName(k board.HarbourKind) string {
	switch k {
	case board.Harbour3to1:
		return "3:1 harbour"
	case board.HarbourUnknown, board.NoHarbour:
		return "harbour not yet dealt"
	}
	return k.String() + " 2:1 harbour"
}

// giftLabel is a gift's three-letter label on the text map.
func giftLabel(g giftMark) string {
	switch g.kind {
	case board.GiftSVP:
		return "VP+"
	case board.GiftCard:
		return "DC+"
	}
	if c, ok := resourceCode[g.harbour]; ok {
		return "+" + c
	}
	if g.harbour == board.Harbour3to1 {
		return "+31"
	}
	return "+?"
}

// giftName names a gift: "a victory point chit", "a harbour (wool 2:1)".
func giftName(g giftMark) string {
	switch g.kind {
	case board.GiftSVP:
		return "a victory point chit"
	case board.GiftCard:
		return "a development card"
	}
	if g.harbour == board.HarbourOre || g.harbour == board.HarbourUnknown {
		return "an " + harbourName(g.harbour)
	}
	return "a " + harbourName(g.harbour)
}

// pips is the number of dots under a number token: how many of the 36
// rolls of two dice make it.
func pips(n int) int {
	if n < 2 || n > 12 || n == 7 {
		return 0
	}
	return 6 - abs(7-n)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// hand is a state's resource counts as a game.Hand.
func hand(r game.ResourceCounts) game.Hand {
	return game.Hand{r.Brick, r.Lumber, r.Wool, r.Grain, r.Ore}
}

// cardsHand is a state's card list as a game.Hand.
func cardsHand(c game.Cards) game.Hand {
	return game.Hand{c.Brick, c.Lumber, c.Wool, c.Grain, c.Ore}
}

// total adds the counts of a hand, ignoring negative ones.
func total(h game.Hand) int {
	n := 0
	for _, v := range h {
		n += max(v, 0)
	}
	return n
}

// resourcesText lists every resource with its count: "brick 1, lumber 0,
// wool 2, grain 0, ore 3".
func resourcesText(h game.Hand) string {
	parts := make([]string, 0, game.NumResources)
	for i, r := range game.Resources {
		parts = append(parts, r.String()+" "+strconv.Itoa(h[i]))
	}
	return strings.Join(parts, ", ")
}

// cardsText lists the cards present: "1 brick, 2 ore"; "nothing" for none.
func cardsText(h game.Hand) string {
	var parts []string
	for i, r := range game.Resources {
		if h[i] > 0 {
			parts = append(parts, strconv.Itoa(h[i])+" "+r.String())
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// plural is "1 card", "2 cards".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// andList joins names: "red", "red and blue", "red, blue and white".
func andList(w []string) string {
	switch len(w) {
	case 0:
		return ""
	case 1:
		return w[0]
	}
	return strings.Join(w[:len(w)-1], ", ") + " and " + w[len(w)-1]
}

// capital upper-cases the first letter.
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// cardCounts counts a seat's development cards held by kind, in draw
// order, sealed ones last; knownVP is the victory-point cards among them.
func cardCounts(p *game.Player) (parts []string, knownVP int) {
	counts := map[string]int{}
	var order []string
	for _, c := range p.Cards {
		k := c.Kind
		if _, err := game.ParseCardKind(k); err != nil && k != "sealed" {
			k = "unknown"
		}
		if counts[k] == 0 {
			order = append(order, k)
		}
		counts[k]++
		if k == game.VictoryPoint.String() {
			knownVP++
		}
	}
	rank := func(k string) int {
		if ck, err := game.ParseCardKind(k); err == nil {
			return int(ck)
		}
		if k == "sealed" {
			return 10
		}
		return 11
	}
	// Draw order, then sealed, then unknown.
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && rank(order[j]) < rank(order[j-1]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	for _, k := range order {
		name := k
		if k == "sealed" {
			name = "sealed (not yet drawn)"
		}
		if counts[k] > 1 {
			name = fmt.Sprintf("%s ×%d", name, counts[k])
		}
		parts = append(parts, name)
	}
	return parts, knownVP
}

// playedText lists the development cards played: "knight 2, monopoly 1";
// "" for none.
func playedText(p game.Played) string {
	var parts []string
	for _, kv := range []struct {
		name string
		n    int
	}{{"knight", p.Knight}, {"victory-point", p.VictoryPoint}, {"road-building", p.RoadBuilding},
		{"year-of-plenty", p.YearOfPlenty}, {"monopoly", p.Monopoly}} {
		if kv.n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", kv.name, kv.n))
		}
	}
	return strings.Join(parts, ", ")
}

// publicVP is the victory points a seat shows when its development cards
// are hidden: its points less the victory-point cards it holds (S79; in
// pirate-islands those cards are no points, S120).
func publicVP(sc board.Scenario, p *game.Player) int {
	if sc == board.PirateIslands {
		return p.VP
	}
	_, vp := cardCounts(p)
	return p.VP - vp
}

// vpText is a seat's points as the view may see them: "7 VP", or "5 VP
// shown" when it holds development cards the view may not see.
func vpText(sc board.Scenario, p *game.Player, open bool) string {
	if open || len(p.Cards) == 0 {
		return plural(p.VP, "VP", "VP")
	}
	return plural(publicVP(sc, p), "VP", "VP") + " shown"
}

// ordersText prints a seat's standing orders; "" for none.
func ordersText(o game.OrdersState) string {
	var parts []string
	if len(o.Discard) > 0 {
		parts = append(parts, "discard "+strings.Join(o.Discard, " "))
	}
	if len(o.Gold) > 0 {
		parts = append(parts, "gold "+strings.Join(o.Gold, " "))
	}
	if len(o.Reward) > 0 {
		parts = append(parts, "reward "+strings.Join(o.Reward, " "))
	}
	for _, r := range o.Trade.Accept {
		parts = append(parts, "trade accept "+cardsText(cardsHand(r.Give))+" for "+cardsText(cardsHand(r.Get)))
	}
	if o.Trade.Fallback == "decline" {
		parts = append(parts, "decline other offers")
	}
	return strings.Join(parts, "; ")
}
