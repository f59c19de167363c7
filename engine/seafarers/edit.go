package seafarers

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// Edit is one sandbox position edit (topic edits). Which fields matter
// depends on Verb.
type Edit struct {
	// Verb is the edit's first word: hand, card, place, remove, robber,
	// pirate, chits, rewarded, home-islands, cloth, village, connect,
	// fortress, wonder, harbours-aside, gift, explore, longest-route,
	// largest-army, force or turn.
	Verb   string
	Colour Colour
	// None is "none" (hand, rewarded, home-islands, harbours-aside, gift,
	// longest-route, largest-army) or "off" (robber, pirate).
	None   bool
	Cards  Hand
	Card   CardKind
	Played bool
	Got    int
	Piece  Piece
	Corner board.Corner
	Edge   board.Edge
	// OnEdge says remove takes the piece on Edge, not on Corner.
	OnEdge   bool
	Hex      board.Pos
	N        int
	Areas    []string
	Wonder   Wonder
	Harbours []board.HarbourKind
	Terrain  board.Terrain
	Built    int
	Warship  bool
	// Force is the outcome of force; Clear is "force clear".
	Force forcedOutcome
	Clear bool
	// Phase is the phase of turn: roll, trade or build.
	Phase Phase
}

var _ engine.Edit = Edit{}

// String prints the edit in its canonical spelling.
func (e Edit) String() string {
	var w engine.Words
	w.Add(e.Verb)
	switch e.Verb {
	case "hand":
		w.Add(e.Colour.String())
		if e.Cards.Total() == 0 {
			w.Add("none")
		} else {
			w.Add(e.Cards.String())
		}
	case "card":
		w.Add(e.Colour.String(), e.Card.String())
		if e.Played {
			w.Add("played")
		}
		if e.Got != 0 {
			w.Add("got", strconv.Itoa(e.Got))
		}
	case "place":
		w.Add(e.Piece.String())
		if e.Piece == Settlement || e.Piece == City {
			w.Add(e.Corner.String(), e.Colour.String())
		} else {
			w.Add(e.Edge.String(), e.Colour.String())
		}
		if e.Piece == Ship {
			if e.Built != 0 {
				w.Add("built", strconv.Itoa(e.Built))
			}
			if e.Warship {
				w.Add("warship")
			}
		}
	case "remove":
		if e.OnEdge {
			w.Add(e.Edge.String())
		} else {
			w.Add(e.Corner.String())
		}
	case "robber", "pirate":
		if e.None {
			w.Add("off")
		} else {
			w.Add(e.Hex.String())
		}
	case "chits", "cloth", "fortress":
		w.Add(e.Colour.String(), strconv.Itoa(e.N))
	case "rewarded", "home-islands":
		w.Add(e.Colour.String())
		if e.None {
			w.Add("none")
		} else {
			w.Add(e.Areas...)
		}
	case "village":
		w.Add(e.Corner.String(), strconv.Itoa(e.N))
	case "connect":
		w.Add(e.Corner.String(), e.Colour.String())
	case "wonder":
		w.Add(e.Wonder.String(), e.Colour.String(), strconv.Itoa(e.N))
	case "harbours-aside":
		w.Add(e.Colour.String())
		if e.None {
			w.Add("none")
		}
		for _, k := range e.Harbours {
			w.Add(k.String())
		}
	case "gift":
		w.Add(e.Edge.String(), "none")
	case "explore":
		w.Add(e.Hex.String(), e.Terrain.String())
		if e.N != 0 {
			w.Add(strconv.Itoa(e.N))
		}
	case "longest-route", "largest-army":
		if e.None {
			w.Add("none")
		} else {
			w.Add(e.Colour.String())
		}
	case "force":
		if e.Clear {
			w.Add("clear")
		} else {
			w.Add(e.Force.String())
		}
	case "turn":
		w.Add(e.Colour.String())
		if e.Phase != PhaseRoll && e.Phase != NoPhase {
			w.Add(e.Phase.String())
		}
	}
	return w.String()
}

// ParseEdits reads sandbox edits (topic edits): edits separated by ";" or
// new lines, words case-insensitive. Errors are *engine.NotationError.
func ParseEdits(text string) ([]Edit, error) {
	groups := engine.Lex(text)
	if len(groups) == 0 {
		return nil, &engine.NotationError{Input: text, Offset: 0, Reason: "no edit"}
	}
	var out []Edit
	for _, g := range groups {
		p := &moveParser{text: text, toks: g}
		e, err := p.edit()
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

// turnNumber reads a whole number ≥ 0 (topic edits).
func (p *moveParser) number(lo, hi int) (int, error) {
	t, err := p.next("a number")
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(t.Text)
	if err != nil || n < lo || n > hi || strconv.Itoa(n) != t.Text {
		p.i--
		return 0, p.fail(p.i, "a whole number from %d to %d expected, not %q", lo, hi, t.Text)
	}
	return n, nil
}

// words reads the remaining words of the edit.
func (p *moveParser) words() []string {
	var out []string
	for p.i < len(p.toks) {
		if p.peek() != "," {
			out = append(out, p.toks[p.i].Lower)
		}
		p.i++
	}
	return out
}

// edit reads one edit (topic edits): its verb, then the rest as the verb
// says.
func (p *moveParser) edit() (Edit, error) {
	t := p.toks[0]
	p.i = 1
	e := Edit{Verb: t.Lower}
	var err error
	switch t.Lower {
	case "hand":
		err = p.readHand(&e)
	case "card":
		err = p.readCard(&e)
	case "place":
		err = p.readPlace(&e)
	case "remove":
		err = p.readRemove(&e)
	case "robber", "pirate":
		err = p.readHexOrOff(&e)
	case "chits", "cloth", "fortress":
		err = p.readSeatCount(&e)
	case "rewarded", "home-islands":
		err = p.readAreas(&e)
	case "village":
		err = p.readVillage(&e)
	case "connect":
		err = p.readConnect(&e)
	case "wonder":
		err = p.readWonder(&e)
	case "harbours-aside":
		err = p.readHarboursAside(&e)
	case "gift":
		err = p.readGift(&e)
	case "explore":
		err = p.readExplore(&e)
	case "longest-route", "largest-army":
		err = p.readHolder(&e)
	case "force":
		err = p.readForce(&e)
	case "turn":
		err = p.readTurn(&e)
	default:
		err = p.fail(0, "%q is not an edit", t.Text)
	}
	return e, err
}

// readHand reads the rest of an edit "hand <colour> <cards>|none" into e.
func (p *moveParser) readHand(e *Edit) error {
	var err error
	if e.Colour, err = p.colour(); err != nil {
		return err
	}
	if p.peek() == "none" {
		p.i++
		e.None = true
		return p.end("hand <colour> <cards>|none")
	}
	if e.Cards, err = p.editCards(); err != nil {
		return err
	}
	return p.end("hand <colour> <cards>|none")
}

// readCard reads the rest of an edit "card <colour> <card kind> [played] [got <turn>]" into e.
func (p *moveParser) readCard(e *Edit) error {
	var err error
	if e.Colour, err = p.colour(); err != nil {
		return err
	}
	w, err := p.next("a development card")
	if err != nil {
		return err
	}
	if e.Card, err = ParseCardKind(w.Text); err != nil {
		return p.fail(p.i-1, "%v", err)
	}
	if p.peek() == "played" {
		p.i++
		e.Played = true
	}
	if p.peek() == "got" {
		p.i++
		if e.Got, err = p.number(0, 1<<30); err != nil {
			return err
		}
	}
	return p.end("card <colour> <card kind> [played] [got <turn>]")
}

// readPlace reads the rest of an edit "place <piece> <corner or edge> <colour> …" into e.
func (p *moveParser) readPlace(e *Edit) error {
	var err error
	w, err := p.expect("settlement", "city", "road", "ship")
	if err != nil {
		return err
	}
	e.Piece = map[string]Piece{"settlement": Settlement, "city": City, "road": Road, "ship": Ship}[w]
	if e.Piece == Settlement || e.Piece == City {
		if e.Corner, err = p.corner(); err != nil {
			return err
		}
	} else if e.Edge, err = p.edge(); err != nil {
		return err
	}
	if e.Colour, err = p.colour(); err != nil {
		return err
	}
	if e.Piece == Ship {
		if p.peek() == "built" {
			p.i++
			if e.Built, err = p.number(0, 1<<30); err != nil {
				return err
			}
		}
		if p.peek() == "warship" {
			p.i++
			e.Warship = true
		}
	}
	return p.end("place settlement|city <corner> <colour>, place road|ship <edge> <colour> [built <turn>] [warship]")
}

// readRemove reads the rest of an edit "remove <corner>|<edge>" into e.
func (p *moveParser) readRemove(e *Edit) error {
	w, err := p.next("a corner or an edge")
	if err != nil {
		return err
	}
	if strings.Contains(w.Text, "-") {
		x, err := board.ParseEdge(w.Text)
		if err != nil {
			return p.fail(p.i-1, "%v", err)
		}
		e.Edge, e.OnEdge = x, true
	} else {
		c, err := board.ParseCorner(w.Text)
		if err != nil {
			return p.fail(p.i-1, "%v (an edge is written <hex>-<hex> here)", err)
		}
		e.Corner = c
	}
	return p.end("remove <corner>|<edge>")
}

// readHexOrOff reads the rest of an edit "robber|pirate <hex>|off" into e.
func (p *moveParser) readHexOrOff(e *Edit) error {
	var err error
	if p.peek() == "off" {
		p.i++
		e.None = true
	} else if e.Hex, err = p.hex(); err != nil {
		return err
	}
	return p.end(e.Verb + " <hex>|off")
}

// readSeatCount reads the rest of an edit "chits|cloth|fortress <colour> <n>" into e.
func (p *moveParser) readSeatCount(e *Edit) error {
	var err error
	if e.Colour, err = p.colour(); err != nil {
		return err
	}
	if e.N, err = p.number(0, 1000); err != nil {
		return err
	}
	return p.end(e.Verb + " <colour> <n>")
}

// readAreas reads the rest of an edit "rewarded|home-islands <colour> <areas>|none" into e.
func (p *moveParser) readAreas(e *Edit) error {
	var err error
	e.Areas, err = p.colourWords(e, "areas")
	return err
}

// colourWords reads the rest of an edit "<verb> <colour> <words>|none":
// the colour into e, and the words, or e.None and no words for none;
// what names the words for the message when there are none.
func (p *moveParser) colourWords(e *Edit, what string) ([]string, error) {
	var err error
	if e.Colour, err = p.colour(); err != nil {
		return nil, err
	}
	ws := p.words()
	if len(ws) == 1 && ws[0] == "none" {
		e.None = true
		return nil, nil
	}
	if len(ws) == 0 {
		return nil, p.fail(p.i, "name %s, or none", what)
	}
	return ws, nil
}

// readVillage reads the rest of an edit "village <corner> <n>" into e.
func (p *moveParser) readVillage(e *Edit) error {
	var err error
	if e.Corner, err = p.corner(); err != nil {
		return err
	}
	if e.N, err = p.number(0, 1000); err != nil {
		return err
	}
	return p.end("village <corner> <n>")
}

// readConnect reads the rest of an edit "connect <corner> <colour>" into e.
func (p *moveParser) readConnect(e *Edit) error {
	var err error
	if e.Corner, err = p.corner(); err != nil {
		return err
	}
	if e.Colour, err = p.colour(); err != nil {
		return err
	}
	return p.end("connect <corner> <colour>")
}

// readWonder reads the rest of an edit "wonder <wonder> <colour> <level>" into e.
func (p *moveParser) readWonder(e *Edit) error {
	var err error
	w, err := p.next("a wonder")
	if err != nil {
		return err
	}
	if e.Wonder, err = ParseWonder(w.Text); err != nil {
		return p.fail(p.i-1, "%v", err)
	}
	if e.Colour, err = p.colour(); err != nil {
		return err
	}
	if e.N, err = p.number(0, 4); err != nil {
		return err
	}
	return p.end("wonder <wonder> <colour> <level>")
}

// readHarboursAside reads the rest of an edit "harbours-aside <colour> <harbour kinds>|none" into e.
func (p *moveParser) readHarboursAside(e *Edit) error {
	ws, err := p.colourWords(e, "harbour kinds")
	if err != nil || e.None {
		return err
	}
	for _, w := range ws {
		k, err := parseHarbourWord(w)
		if err != nil {
			return p.fail(0, "%v", err)
		}
		e.Harbours = append(e.Harbours, k)
	}
	slices.Sort(e.Harbours)
	return nil
}

// readGift reads the rest of an edit "gift <edge> none" into e.
func (p *moveParser) readGift(e *Edit) error {
	var err error
	if e.Edge, err = p.edge(); err != nil {
		return err
	}
	if _, err := p.expect("none"); err != nil {
		return err
	}
	e.None = true
	return p.end("gift <edge> none")
}

// readExplore reads the rest of an edit "explore <hex> <terrain> [<n>]" into e.
func (p *moveParser) readExplore(e *Edit) error {
	var err error
	if e.Hex, err = p.hex(); err != nil {
		return err
	}
	w, err := p.next("a terrain")
	if err != nil {
		return err
	}
	if e.Terrain, err = board.ParseTerrain(w.Text); err != nil {
		return p.fail(p.i-1, "%v", err)
	}
	if p.i < len(p.toks) {
		if e.N, err = p.number(2, 12); err != nil {
			return err
		}
		if e.N == 7 {
			return p.fail(p.i-1, "there is no number token 7")
		}
	}
	return p.end("explore <hex> <terrain> [<n>]")
}

// readHolder reads the rest of an edit "longest-route|largest-army <colour>|none" into e.
func (p *moveParser) readHolder(e *Edit) error {
	var err error
	if p.peek() == "none" {
		p.i++
		e.None = true
	} else if e.Colour, err = p.colour(); err != nil {
		return err
	}
	return p.end(e.Verb + " <colour>|none")
}

// readForce reads the rest of an edit "force card|steal|fog|die …, force clear" into e.
func (p *moveParser) readForce(e *Edit) error {
	var err error
	if p.peek() == "clear" {
		p.i++
		e.Clear = true
		return p.end("force clear")
	}
	kind, err := p.expect("card", "steal", "fog", "die")
	if err != nil {
		return err
	}
	rest := strings.Join(p.words(), " ")
	if e.Force, err = parseForced(kind, rest); err != nil {
		return p.fail(1, "%v", err)
	}
	return nil
}

// readTurn reads the rest of an edit "turn <colour> [roll|trade|build]" into e.
func (p *moveParser) readTurn(e *Edit) error {
	var err error
	if e.Colour, err = p.colour(); err != nil {
		return err
	}
	e.Phase = PhaseRoll
	if p.i < len(p.toks) {
		w, err := p.expect("roll", "trade", "build")
		if err != nil {
			return err
		}
		e.Phase, _ = ParsePhase(w)
	}
	return p.end("turn <colour> [roll|trade|build]")
}

// editCards reads a card list where counts may be 0.
func (p *moveParser) editCards() (Hand, error) {
	var h Hand
	if p.i >= len(p.toks) {
		return h, p.fail(p.i, "cards expected, or none")
	}
	for p.i < len(p.toks) {
		if p.peek() == "," {
			p.i++
			continue
		}
		n := 1
		if isNumber(p.peek()) {
			var err error
			if n, err = p.number(0, bankStart*NumResources); err != nil {
				return h, err
			}
		}
		r, err := p.resource()
		if err != nil {
			return h, err
		}
		h[r-1] += n
	}
	return h, nil
}

// parseForced reads a forced outcome: the kind and the words the edit
// force gives after it (S160).
func parseForced(kind, outcome string) (forcedOutcome, error) {
	ws := strings.Fields(strings.ToLower(outcome))
	var f forcedOutcome
	var err error
	switch kind {
	case "card":
		f.kind = drawCard
		if len(ws) != 1 {
			return f, fmt.Errorf("force card <card kind>")
		}
		f.card, err = ParseCardKind(ws[0])
	case "steal":
		f.kind = drawSteal
		if len(ws) != 1 {
			return f, fmt.Errorf("force steal <resource>")
		}
		f.res, err = ParseResource(ws[0])
	case "fog":
		f.kind = drawFog
		if len(ws) < 1 || len(ws) > 2 {
			return f, fmt.Errorf("force fog <terrain> [<n>]")
		}
		f.terrain, err = board.ParseTerrain(ws[0])
		if err == nil && f.terrain != board.Sea && !f.terrain.IsLand() {
			err = fmt.Errorf("a fog tile is sea or land, not %s", f.terrain)
		}
		if err == nil && len(ws) == 2 {
			f.number, err = strconv.Atoi(ws[1])
			if err == nil && (f.number < 2 || f.number > 12 || f.number == 7 || strconv.Itoa(f.number) != ws[1]) {
				err = fmt.Errorf("no number token %s", ws[1])
			}
		}
	case "die":
		f.kind = drawDie
		if len(ws) != 1 {
			return f, fmt.Errorf("force die <n>")
		}
		f.die, err = strconv.Atoi(ws[0])
		if err == nil && (f.die < 1 || f.die > 6 || strconv.Itoa(f.die) != ws[0]) {
			err = fmt.Errorf("a die shows 1..6")
		}
	default:
		return f, fmt.Errorf("%q: force card, steal, fog or die", kind)
	}
	return f, err
}

// Edit applies sandbox edits atomically (topic edits): they draw, pay and
// trigger nothing; afterwards the derived fields are recomputed and the
// card holders updated as in play (S82, S83) unless set directly. The
// result must be a consistent position (Check), else an
// *engine.StateError and nothing is applied.
func (g *Game) Edit(edits []Edit) error {
	if !g.cfg.sandbox {
		return bad("edit", "a sandbox game only")
	}
	w := g.Clone()
	setLongest, setLargest := false, false
	for _, e := range edits {
		if err := w.edit(e); err != nil {
			return err
		}
		w.reindex()
		setLongest = setLongest || e.Verb == "longest-route"
		setLargest = setLargest || e.Verb == "largest-army"
	}
	for s := range w.players {
		w.players[s].route = w.routeLength(s)
	}
	if !setLongest {
		w.longest = w.longestHolder(w.longest)
	}
	if !setLargest {
		w.largest = w.armyHolder(w.largest)
	}
	if err := w.Check(); err != nil {
		return err
	}
	g.adopt(w)
	return nil
}

// armyHolder returns who holds Largest Army as after a change in play, the
// holder before being cur (S83): a player alone at the most knights (at
// least 3) takes it; the holder keeps it on a tie.
func (g *Game) armyHolder(cur int) int {
	if !g.armyUsed() {
		return -1
	}
	most, who, n := 0, -1, 0
	for s := range g.players {
		switch k := g.players[s].played[Knight-1]; {
		case k > most:
			most, who, n = k, s, 1
		case k == most:
			n++
		}
	}
	switch {
	case most < 3:
		return -1
	case cur >= 0 && g.players[cur].played[Knight-1] == most:
		return cur
	case n == 1:
		return who
	}
	return -1
}

func (g *Game) editSeat(e Edit) (int, error) {
	s := g.seatIndex(e.Colour)
	if s < 0 {
		return -1, bad("edit", "%s: %s has no seat in this game", e, e.Colour)
	}
	return s, nil
}

// edit applies one edit to g (topic edits).
func (g *Game) edit(e Edit) error {
	switch e.Verb {
	case "hand":
		return g.editHand(e)
	case "card":
		return g.editCard(e)
	case "place":
		return g.editPlace(e)
	case "remove":
		return g.editRemove(e)
	case "robber":
		return g.editRobber(e)
	case "pirate":
		return g.editPirate(e)
	case "chits":
		s, err := g.editSeat(e)
		if err != nil {
			return err
		}
		g.players[s].chits = e.N
	case "rewarded", "home-islands":
		return g.editAreas(e)
	case "cloth":
		return g.editCloth(e)
	case "village", "connect":
		return g.editVillage(e)
	case "fortress":
		return g.editFortress(e)
	case "wonder":
		return g.editWonder(e)
	case "harbours-aside":
		if err := g.editNeeds(e, board.ForgottenTribe); err != nil {
			return err
		}
		s, err := g.editSeat(e)
		if err != nil {
			return err
		}
		g.players[s].aside = slices.Clone(e.Harbours)
	case "gift":
		if err := g.editNeeds(e, board.ForgottenTribe); err != nil {
			return err
		}
		x := g.b.EdgeIndex(e.Edge)
		i := slices.IndexFunc(g.gifts, func(gf gift) bool { return gf.edge == x })
		if x < 0 || i < 0 {
			return editFail(e, "no gift lies there")
		}
		g.gifts = append(g.gifts[:i], g.gifts[i+1:]...)
	case "explore":
		return g.editExplore(e)
	case "longest-route", "largest-army":
		return g.editSpecial(e)
	case "force":
		if e.Clear {
			g.forced = []forcedOutcome{}
			return nil
		}
		g.forced = append(g.forced, e.Force)
	case "turn":
		return g.editTurn(e)
	default:
		return editFail(e, "not an edit")
	}
	return nil
}

// editFail is the refusal of edit e: a *StateError naming it.
func editFail(e Edit, format string, args ...any) error {
	return bad("edit", "%s: %s", e, fmt.Sprintf(format, args...))
}

// editNeeds refuses edit e unless the game plays scenario sc, whose pieces
// it edits.
func (g *Game) editNeeds(e Edit, sc board.Scenario) error {
	if g.cfg.scenario != sc {
		return editFail(e, "an edit of %s only", sc)
	}
	return nil
}

// editHand sets a seat's hand of resource cards, from and to the bank.
func (g *Game) editHand(e Edit) error {
	s, err := g.editSeat(e)
	if err != nil {
		return err
	}
	g.bank.add(&g.players[s].hand)
	g.bank.sub(&e.Cards)
	g.players[s].hand = e.Cards
	for i, v := range g.bank {
		if v < 0 {
			return editFail(e, "the bank holds too few %s", Resources[i])
		}
	}
	return nil
}

// editCard gives a seat an unseen development card, in hand or played.
func (g *Game) editCard(e Edit) error {
	s, err := g.editSeat(e)
	if err != nil {
		return err
	}
	if g.unseen[e.Card-1] == 0 {
		return editFail(e, "no unseen %s card is left", e.Card)
	}
	if g.unseen.Total()-1 < g.promised() {
		return editFail(e, "every unseen card is promised to a pending draw")
	}
	g.unseen[e.Card-1]--
	if e.Played {
		g.players[s].played[e.Card-1]++
	} else {
		g.players[s].cards = append(slices.Clip(g.players[s].cards), devCard{kind: e.Card, got: e.Got})
	}
	return nil
}

// editPlace puts a piece of a seat's supply on the board.
func (g *Game) editPlace(e Edit) error {
	b := g.b
	s, err := g.editSeat(e)
	if err != nil {
		return err
	}
	p := &g.players[s]
	switch e.Piece {
	case Settlement, City:
		c := b.CornerIndex(e.Corner)
		if c < 0 {
			return editFail(e, "not a corner of the board")
		}
		if g.corners[c].own != 0 {
			return editFail(e, "the corner holds a building")
		}
		sup, kind := supSettlement, settlement
		if e.Piece == City {
			sup, kind = supCity, city
		}
		if p.supply[sup] == 0 {
			return editFail(e, "no %s left in %s's supply", e.Piece, e.Colour)
		}
		p.supply[sup]--
		g.corners[c] = cornerPiece{own: int8(s + 1), kind: kind}
	default:
		x := b.EdgeIndex(e.Edge)
		if x < 0 {
			return editFail(e, "not an edge of the board")
		}
		if g.edges[x].own != 0 {
			return editFail(e, "the edge holds a piece")
		}
		sup := supRoad
		if e.Piece == Ship {
			sup = supShip
		}
		if p.supply[sup] == 0 {
			return editFail(e, "no %s left in %s's supply", e.Piece, e.Colour)
		}
		if e.Built > g.turn {
			return editFail(e, "built in a later turn")
		}
		p.supply[sup]--
		g.edges[x] = edgePiece{own: int8(s + 1), ship: e.Piece == Ship, warship: e.Warship, built: int32(e.Built)}
	}
	return nil
}

// editRemove takes a piece off the board, back to its supply.
func (g *Game) editRemove(e Edit) error {
	b := g.b
	if e.OnEdge {
		x := b.EdgeIndex(e.Edge)
		if x < 0 || g.edges[x].own == 0 {
			return editFail(e, "no piece there")
		}
		sup := supRoad
		if g.edges[x].ship {
			sup = supShip
		}
		g.players[g.edges[x].owner()].supply[sup]++
		g.edges[x] = edgePiece{}
		return nil
	}
	c := b.CornerIndex(e.Corner)
	if c < 0 || g.corners[c].own == 0 {
		return editFail(e, "no building there")
	}
	switch g.corners[c].kind {
	case settlement:
		g.players[g.corners[c].owner()].supply[supSettlement]++
	case city:
		g.players[g.corners[c].owner()].supply[supCity]++
	default:
		return editFail(e, "a fortress is changed with the edit fortress")
	}
	g.corners[c] = cornerPiece{}
	return nil
}

// editRobber moves the robber, or takes it off the board.
func (g *Game) editRobber(e Edit) error {
	if !g.cfg.usesRobber {
		return editFail(e, "this scenario has no robber")
	}
	var err error
	g.robber, err = g.editHex(e)
	return err
}

// editHex is the hex an edit "robber|pirate <hex>|off" puts its piece
// on, -1 for off.
func (g *Game) editHex(e Edit) (int, error) {
	if e.None {
		return -1, nil
	}
	h := g.b.HexIndex(e.Hex)
	if h < 0 {
		return -1, editFail(e, "not a hex of the board")
	}
	return h, nil
}

// editPirate moves the pirate (in pirate-islands, the pirate fleet), or takes it off.
func (g *Game) editPirate(e Edit) error {
	b := g.b
	if g.cfg.scenario == board.PirateIslands {
		if e.None {
			return editFail(e, "the fleet leaves only when the last fortress is captured")
		}
		i := slices.Index(g.cfg.fleetPath, b.HexIndex(e.Hex))
		if i < 0 {
			return editFail(e, "not on the fleet path")
		}
		g.fleet = i
		return nil
	}
	if !g.cfg.usesPirate {
		return editFail(e, "this scenario has no pirate")
	}
	var err error
	g.pirate, err = g.editHex(e)
	return err
}

// editAreas sets the areas a seat was rewarded for, or its home islands.
func (g *Game) editAreas(e Edit) error {
	s, err := g.editSeat(e)
	if err != nil {
		return err
	}
	if e.Verb == "home-islands" && g.cfg.scenario != board.FourIslands && g.cfg.scenario != board.NewWorld {
		return editFail(e, "home islands exist in four-islands and new-world only")
	}
	var list []int
	for _, name := range e.Areas {
		a := slices.IndexFunc(g.l.areas, func(x board.Area) bool { return x.Name == name })
		if a < 0 {
			return editFail(e, "%q is not an area of this board", name)
		}
		if !slices.Contains(list, a) {
			list = append(list, a)
		}
	}
	if e.Verb == "rewarded" {
		g.players[s].reward = list
	} else {
		slices.Sort(list)
		g.players[s].home = list
	}
	return nil
}

// editCloth sets a seat's cloth, from and to the general supply.
func (g *Game) editCloth(e Edit) error {
	if err := g.editNeeds(e, board.ClothForCatan); err != nil {
		return err
	}
	s, err := g.editSeat(e)
	if err != nil {
		return err
	}
	g.clothSupply += g.players[s].cloth - e.N
	g.players[s].cloth = e.N
	if g.clothSupply < 0 {
		return editFail(e, "the general supply holds too little cloth")
	}
	return nil
}

// editVillage sets a village's cloth, or connects a seat to it.
func (g *Game) editVillage(e Edit) error {
	b := g.b
	if err := g.editNeeds(e, board.ClothForCatan); err != nil {
		return err
	}
	c := b.CornerIndex(e.Corner)
	v := -1
	if c >= 0 {
		v = g.cfg.cornerVillage[c]
	}
	if v < 0 {
		return editFail(e, "no village there")
	}
	if e.Verb == "connect" {
		s, err := g.editSeat(e)
		if err != nil {
			return err
		}
		g.villages[v].connected |= 1 << s
		return nil
	}
	if e.N > board.VillageCloth {
		return editFail(e, "a village holds at most %d cloth", board.VillageCloth)
	}
	g.clothSupply += g.villages[v].cloth - e.N
	g.villages[v].cloth = e.N
	if g.clothSupply < 0 {
		return editFail(e, "the general supply holds too little cloth")
	}
	return nil
}

// editFortress sets the chits of a seat's pirate fortress, and the fleet with them.
func (g *Game) editFortress(e Edit) error {
	b := g.b
	if err := g.editNeeds(e, board.PirateIslands); err != nil {
		return err
	}
	s, err := g.editSeat(e)
	if err != nil {
		return err
	}
	if e.N > board.FortressChits {
		return editFail(e, "a fortress has at most %d chits", board.FortressChits)
	}
	c := g.cfg.bases[s].fortress
	switch {
	case e.N == 0:
		if g.fortresses[s] > 0 {
			g.corners[c].kind = settlement
		}
	case g.fortresses[s] == 0:
		if g.corners[c].own != int8(s+1) || g.corners[c].kind != settlement {
			return editFail(e, "restoring a fortress needs %s's settlement on %s", e.Colour, b.Corner(c))
		}
		g.corners[c].kind = fortress
	}
	g.fortresses[s] = e.N
	all := true
	for _, n := range g.fortresses {
		all = all && n == 0
	}
	switch {
	case all:
		g.fleet = -1
	case g.fleet < 0:
		g.fleet = 0
	}
	return nil
}

// editWonder sets the level of the wonder a seat has started.
func (g *Game) editWonder(e Edit) error {
	if err := g.editNeeds(e, board.WondersOfCatan); err != nil {
		return err
	}
	s, err := g.editSeat(e)
	if err != nil {
		return err
	}
	if own := g.wonderOf(s); own != NoWonder && own != e.Wonder {
		return editFail(e, "%s has started the %s", e.Colour, own)
	}
	if o := g.wonders[e.Wonder].owner; o >= 0 && o != s {
		return editFail(e, "%s has started the %s", g.colour(o), e.Wonder)
	}
	g.wonders[e.Wonder] = wonderState{owner: s, level: e.N}
	return nil
}

// editExplore explores a fog position with a tile (and number) of the fog stack.
func (g *Game) editExplore(e Edit) error {
	b := g.b
	if err := g.editNeeds(e, board.FogIsland); err != nil {
		return err
	}
	h := b.HexIndex(e.Hex)
	if h < 0 || g.l.hexes[h].Terrain != board.Fog || g.pendingHex(h) {
		return editFail(e, "not an unexplored fog position")
	}
	if g.fogTiles[e.Terrain] == 0 || e.Terrain == board.Fog || e.Terrain == board.Unknown {
		return editFail(e, "no %s tile is left in the fog stack", e.Terrain)
	}
	if e.N != 0 && (!e.Terrain.Produces() || g.fogNumbers[e.N] == 0) {
		return editFail(e, "no number token %d for %s", e.N, e.Terrain)
	}
	g.fogTiles[e.Terrain]--
	if e.N != 0 {
		g.fogNumbers[e.N]--
	}
	g.l = g.l.withHex(b, h, board.Hex{Terrain: e.Terrain, Number: e.N})
	return nil
}

// editSpecial gives the Longest Trade Route or the Largest Army to a seat, or to none.
func (g *Game) editSpecial(e Edit) error {
	s := -1
	if !e.None {
		var err error
		if s, err = g.editSeat(e); err != nil {
			return err
		}
	}
	if e.Verb == "longest-route" {
		for o := range g.players {
			g.players[o].route = g.routeLength(o)
		}
		if s >= 0 && !g.longestUsed() {
			return editFail(e, "this scenario has no Longest Trade Route (S84)")
		}
		g.longest = s
	} else {
		if s >= 0 && !g.armyUsed() {
			return editFail(e, "this scenario has no Largest Army (S84)")
		}
		g.largest = s
	}
	return nil
}

// editTurn starts a turn of a seat in a phase.
func (g *Game) editTurn(e Edit) error {
	s, err := g.editSeat(e)
	if err != nil {
		return err
	}
	g.setupRound, g.setupStep = 0, 0
	g.winner = -1 // a finished sandbox game can be set up again
	g.turn = max(g.turn, 1)
	g.cur = s
	g.dice = [2]int{}
	g.flags = TurnFlags{}
	g.offer = nil
	g.pending = nil
	// Topic edits: dice null; phase build records a build action.
	g.phase = e.Phase
	g.flags.Built = e.Phase == PhaseBuild
	return nil
}
