package seafarers

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// maxCount bounds a count in the move language; no hand comes near it.
const maxCount = 99

// ParseMove reads a move (topic moves): actions separated by ";" or new
// lines, words case-insensitive, "#" starting a comment. A card joined to
// its robber or pirate move ("play knight robber D7 steal blue") gives two
// actions. Errors are *engine.NotationError with the byte offset of the
// offending word.
func ParseMove(text string) ([]Action, error) {
	groups := engine.Lex(text)
	if len(groups) == 0 {
		return nil, &engine.NotationError{Input: text, Offset: 0, Reason: "the move has no action (write e.g. \"roll\" or \"end\")"}
	}
	var move []Action
	for _, g := range groups {
		p := &moveParser{text: text, toks: g}
		for p.i < len(p.toks) {
			a, err := p.action()
			if err != nil {
				return nil, err
			}
			move = append(move, a)
		}
	}
	return move, nil
}

// ParseAction reads exactly one action; it is the inverse of
// Action.String. Errors are *engine.NotationError.
func ParseAction(text string) (Action, error) {
	m, err := ParseMove(text)
	if err != nil {
		return Action{}, err
	}
	if len(m) != 1 {
		return Action{}, &engine.NotationError{Input: text, Offset: 0, Reason: fmt.Sprintf("one action expected, not %d", len(m))}
	}
	return m[0], nil
}

// moveParser reads the tokens of one action group.
type moveParser struct {
	text string
	toks []engine.Token
	i    int
}

func (p *moveParser) fail(at int, format string, args ...any) error {
	off := len(p.text)
	if at < len(p.toks) {
		off = p.toks[at].Off
	}
	return &engine.NotationError{Input: p.text, Offset: off, Reason: fmt.Sprintf(format, args...)}
}

// peek returns the next word in lower case, "" at the end.
func (p *moveParser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i].Lower
	}
	return ""
}

// next returns the next token, or fails naming what was expected.
func (p *moveParser) next(want string) (engine.Token, error) {
	if p.i >= len(p.toks) {
		return engine.Token{}, p.fail(p.i, "%s expected", want)
	}
	t := p.toks[p.i]
	p.i++
	return t, nil
}

// expect consumes one of the words.
func (p *moveParser) expect(words ...string) (string, error) {
	t, err := p.next(strings.Join(words, " or "))
	if err != nil {
		return "", err
	}
	for _, w := range words {
		if t.Lower == w {
			return w, nil
		}
	}
	p.i--
	if near := engine.Nearest(t.Lower, words...); near != "" {
		return "", p.fail(p.i, "%s expected, not %q; did you mean %q?", strings.Join(words, " or "), t.Text, near)
	}
	return "", p.fail(p.i, "%s expected, not %q", strings.Join(words, " or "), t.Text)
}

// end fails unless every token of the action was read.
func (p *moveParser) end(usage string) error {
	if p.i < len(p.toks) {
		return p.fail(p.i, "unexpected %q (usage: %s)", p.toks[p.i].Text, usage)
	}
	return nil
}

func (p *moveParser) hex() (board.Pos, error) {
	t, err := p.next("a hex")
	if err != nil {
		return board.Pos{}, err
	}
	h, err := board.ParsePos(t.Text)
	if err != nil {
		p.i--
		return board.Pos{}, p.fail(p.i, "%v", err)
	}
	return h, nil
}

func (p *moveParser) corner() (board.Corner, error) {
	t, err := p.next("a corner")
	if err != nil {
		return board.Corner{}, err
	}
	c, err := board.ParseCorner(t.Text)
	if err != nil {
		p.i--
		return board.Corner{}, p.fail(p.i, "%v", err)
	}
	return c, nil
}

func (p *moveParser) edge() (board.Edge, error) {
	t, err := p.next("an edge")
	if err != nil {
		return board.Edge{}, err
	}
	e, err := board.ParseEdge(t.Text)
	if err != nil {
		p.i--
		return board.Edge{}, p.fail(p.i, "%v", err)
	}
	return e, nil
}

func (p *moveParser) colour() (Colour, error) {
	t, err := p.next("a colour")
	if err != nil {
		return NoColour, err
	}
	c, err := ParseColour(t.Text)
	if err != nil {
		p.i--
		return NoColour, p.fail(p.i, "%v", err)
	}
	return c, nil
}

func (p *moveParser) resource() (Resource, error) {
	t, err := p.next("a resource")
	if err != nil {
		return NoResource, err
	}
	r, err := ParseResource(t.Text)
	if err != nil {
		p.i--
		return NoResource, p.fail(p.i, "%v", err)
	}
	return r, nil
}

// count reads a whole number from 1 to maxCount.
func (p *moveParser) count() (int, error) {
	t, err := p.next("a number")
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(t.Text)
	if err != nil || n < 1 || n > maxCount || strconv.Itoa(n) != t.Text {
		p.i--
		return 0, p.fail(p.i, "a whole number from 1 to %d expected, not %q", maxCount, t.Text)
	}
	return n, nil
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// cards reads a list of resources with optional counts (topic moves), up
// to one of the stop words or the end of the action. At least one card.
func (p *moveParser) cards(stop ...string) (PackedHand, error) {
	var h Hand
	start := p.i
	for p.i < len(p.toks) {
		w := p.peek()
		if w == "," {
			p.i++
			continue
		}
		stopped := false
		for _, s := range stop {
			stopped = stopped || w == s
		}
		if stopped {
			break
		}
		n := 1
		if isNumber(w) {
			var err error
			if n, err = p.count(); err != nil {
				return PackedHand{}, err
			}
		}
		r, err := p.resource()
		if err != nil {
			return PackedHand{}, err
		}
		h[r-1] += n
		if h[r-1] > maxCount {
			return PackedHand{}, p.fail(p.i-1, "more than %d cards of one resource", maxCount)
		}
	}
	if h.Total() == 0 {
		return PackedHand{}, p.fail(start, "cards expected, such as \"2 wool, 1 ore\"")
	}
	return h.Packed(), nil
}

// single reads "<n> <resource>" (n optional, 1 by default) as a hand.
func (p *moveParser) single() (PackedHand, error) {
	n := 1
	if isNumber(p.peek()) {
		var err error
		if n, err = p.count(); err != nil {
			return PackedHand{}, err
		}
	}
	r, err := p.resource()
	if err != nil {
		return PackedHand{}, err
	}
	return one(r, n).Packed(), nil
}

// verbs maps each first word to its parser; usage strings name the form
// in errors.
var verbs = map[string]func(p *moveParser) (Action, error){
	"place":    parsePlace,
	"roll":     simple(ActRoll, "roll"),
	"robber":   func(p *moveParser) (Action, error) { return parseRobber(p, ActRobber) },
	"pirate":   func(p *moveParser) (Action, error) { return parseRobber(p, ActPirate) },
	"steal":    parseSteal,
	"buy":      parseBuy,
	"play":     parsePlay,
	"trade":    parseTrade,
	"offer":    parseOffer,
	"confirm":  parseConfirm,
	"withdraw": simple(ActWithdraw, "withdraw"),
	"build":    parseBuild,
	"move":     parseMoveShip,
	"wonder":   parseWonder,
	"attack":   simple(ActAttack, "attack"),
	"harbour":  parseHarbour,
	"harbor":   parseHarbour,
	"end":      simple(ActEnd, "end"),
	"discard":  parseCardsAction(ActDiscard, "discard <cards>"),
	"gold":     parseCardsAction(ActGold, "gold <cards>"),
	"reward":   parseReward,
	"accept":   simple(ActAccept, "accept"),
	"decline":  simple(ActDecline, "decline"),
	"resolve":  simple(ActResolve, "resolve"),
	"orders":   parseOrders,
}

// action reads one action starting at the current token.
func (p *moveParser) action() (Action, error) {
	t := p.toks[p.i]
	f, ok := verbs[t.Lower]
	if !ok {
		if near := engine.Nearest(t.Lower, slices.Sorted(maps.Keys(verbs))...); near != "" {
			return Action{}, p.fail(p.i, "%q is not an action; did you mean %q?", t.Text, near)
		}
		return Action{}, p.fail(p.i, "%q is not an action (actions: place roll robber pirate steal buy play trade offer confirm withdraw build move wonder attack harbour end discard gold reward accept decline resolve orders)", t.Text)
	}
	p.i++
	return f(p)
}

func simple(k ActionKind, usage string) func(p *moveParser) (Action, error) {
	return func(p *moveParser) (Action, error) {
		return Action{Kind: k}, p.end(usage)
	}
}

func parsePlace(p *moveParser) (Action, error) {
	const usage = "place settlement <corner> road|ship <edge>"
	a := Action{Kind: ActPlace}
	if _, err := p.expect("settlement"); err != nil {
		return a, err
	}
	var err error
	if a.Corner, err = p.corner(); err != nil {
		return a, err
	}
	w, err := p.expect("road", "ship")
	if err != nil {
		return a, err
	}
	a.Piece = Road
	if w == "ship" {
		a.Piece = Ship
	}
	if a.Edge, err = p.edge(); err != nil {
		return a, err
	}
	return a, p.end(usage)
}

func parseRobber(p *moveParser, k ActionKind) (Action, error) {
	usage := "robber <hex> [steal <colour>]"
	if k == ActPirate {
		usage = "pirate <hex> [steal <colour> [cloth]]"
	}
	a := Action{Kind: k}
	var err error
	if a.Hex, err = p.hex(); err != nil {
		return a, err
	}
	if p.peek() == "steal" {
		p.i++
		if a.Seat, err = p.colour(); err != nil {
			return a, err
		}
		if k == ActPirate && p.peek() == "cloth" {
			p.i++
			a.Cloth = true
		}
	}
	return a, p.end(usage)
}

func parseSteal(p *moveParser) (Action, error) {
	a := Action{Kind: ActSteal}
	var err error
	if a.Seat, err = p.colour(); err != nil {
		return a, err
	}
	return a, p.end("steal <colour>")
}

func parseBuy(p *moveParser) (Action, error) {
	if _, err := p.expect("card"); err != nil {
		return Action{}, err
	}
	return Action{Kind: ActBuy}, p.end("buy card")
}

func (p *moveParser) piece() (Piece, error) {
	w, err := p.expect("road", "ship")
	if w == "ship" {
		return Ship, err
	}
	return Road, err
}

func parsePlay(p *moveParser) (Action, error) {
	a := Action{Kind: ActPlay}
	t, err := p.next("a development card")
	if err != nil {
		return a, err
	}
	if a.Card, err = ParseCardKind(t.Text); err != nil {
		p.i--
		return a, p.fail(p.i, "%v", err)
	}
	switch a.Card {
	case Knight, VictoryPoint:
		// A joined robber or pirate move is a second action (topic
		// moves); the caller reads it.
		if w := p.peek(); w == "robber" || w == "pirate" || w == "steal" {
			return a, nil
		}
		return a, p.end("play " + a.Card.String() + " [robber|pirate <hex> [steal <colour>]]")
	case RoadBuilding:
		const usage = "play road-building road|ship <edge> [road|ship <edge>]"
		if a.Piece, err = p.piece(); err != nil {
			return a, err
		}
		if a.Edge, err = p.edge(); err != nil {
			return a, err
		}
		if p.i < len(p.toks) {
			if a.Piece2, err = p.piece(); err != nil {
				return a, err
			}
			if a.Edge2, err = p.edge(); err != nil {
				return a, err
			}
		}
		return a, p.end(usage)
	case YearOfPlenty:
		if a.Cards, err = p.cards(); err != nil {
			return a, err
		}
		return a, p.end("play year-of-plenty <cards>")
	case Monopoly:
		if a.Res, err = p.resource(); err != nil {
			return a, err
		}
		return a, p.end("play monopoly <resource>")
	}
	return a, p.fail(p.i-1, "%q cannot be played", t.Text)
}

func parseTrade(p *moveParser) (Action, error) {
	const usage = "trade <n> <resource> for <m> <resource>"
	a := Action{Kind: ActTrade}
	var err error
	if a.Cards, err = p.single(); err != nil {
		return a, err
	}
	if _, err := p.expect("for"); err != nil {
		return a, err
	}
	if a.Get, err = p.single(); err != nil {
		return a, err
	}
	return a, p.end(usage)
}

func parseOffer(p *moveParser) (Action, error) {
	const usage = "offer <cards> for <cards> to <colour>, …|all"
	a := Action{Kind: ActOffer}
	var err error
	if a.Cards, err = p.cards("for"); err != nil {
		return a, err
	}
	if _, err := p.expect("for"); err != nil {
		return a, err
	}
	if a.Get, err = p.cards("to"); err != nil {
		return a, err
	}
	if _, err := p.expect("to"); err != nil {
		return a, err
	}
	if p.peek() == "all" {
		p.i++
		a.All = true
		return a, p.end(usage)
	}
	for {
		c, err := p.colour()
		if err != nil {
			return a, err
		}
		if a.To&(1<<c) != 0 {
			return a, p.fail(p.i-1, "%s is named twice", c)
		}
		a.To |= 1 << c
		if p.peek() == "," {
			p.i++
		}
		if p.i >= len(p.toks) {
			return a, nil
		}
	}
}

func parseConfirm(p *moveParser) (Action, error) {
	a := Action{Kind: ActConfirm}
	var err error
	if a.Seat, err = p.colour(); err != nil {
		return a, err
	}
	return a, p.end("confirm <colour>")
}

func parseBuild(p *moveParser) (Action, error) {
	a := Action{Kind: ActBuild}
	w, err := p.expect("road", "ship", "settlement", "city", "wonder")
	if err != nil {
		return a, err
	}
	switch w {
	case "wonder":
		return Action{Kind: ActBuildWonder}, p.end("build wonder")
	case "road", "ship":
		a.Piece = Road
		if w == "ship" {
			a.Piece = Ship
		}
		if a.Edge, err = p.edge(); err != nil {
			return a, err
		}
		return a, p.end("build " + w + " <edge>")
	}
	a.Piece = Settlement
	if w == "city" {
		a.Piece = City
	}
	if a.Corner, err = p.corner(); err != nil {
		return a, err
	}
	return a, p.end("build " + w + " <corner>")
}

func parseMoveShip(p *moveParser) (Action, error) {
	const usage = "move ship <edge> [to] <edge>"
	a := Action{Kind: ActMoveShip}
	if _, err := p.expect("ship"); err != nil {
		return a, err
	}
	var err error
	if a.Edge, err = p.edge(); err != nil {
		return a, err
	}
	if p.peek() == "to" {
		p.i++
	}
	if a.Edge2, err = p.edge(); err != nil {
		return a, err
	}
	return a, p.end(usage)
}

func parseWonder(p *moveParser) (Action, error) {
	a := Action{Kind: ActWonder}
	t, err := p.next("a wonder")
	if err != nil {
		return a, err
	}
	if a.Wonder, err = ParseWonder(t.Text); err != nil {
		p.i--
		return a, p.fail(p.i, "%v", err)
	}
	return a, p.end("wonder <wonder>")
}

func parseHarbour(p *moveParser) (Action, error) {
	a := Action{Kind: ActHarbour}
	var err error
	if a.Edge, err = p.edge(); err != nil {
		return a, err
	}
	if p.i < len(p.toks) {
		t := p.toks[p.i]
		if a.Harbour, err = parseHarbourWord(t.Lower); err != nil {
			return a, p.fail(p.i, "%v", err)
		}
		p.i++
	}
	return a, p.end("harbour <edge> [<harbour kind>]")
}

func parseCardsAction(k ActionKind, usage string) func(p *moveParser) (Action, error) {
	return func(p *moveParser) (Action, error) {
		a := Action{Kind: k}
		var err error
		if a.Cards, err = p.cards(); err != nil {
			return a, err
		}
		return a, p.end(usage)
	}
}

func parseReward(p *moveParser) (Action, error) {
	a := Action{Kind: ActReward}
	var err error
	if a.Res, err = p.resource(); err != nil {
		return a, err
	}
	return a, p.end("reward <resource>")
}

func parseOrders(p *moveParser) (Action, error) {
	a := Action{Kind: ActOrders}
	w, err := p.expect("discard", "gold", "reward", "trade", "clear")
	if err != nil {
		return a, err
	}
	switch w {
	case "clear":
		a.Order = OrderClear
		return a, p.end("orders clear")
	case "trade":
		v, err := p.expect("accept", "decline", "ask")
		if err != nil {
			return a, err
		}
		switch v {
		case "decline":
			a.Order = OrderTradeDecline
			return a, p.end("orders trade decline")
		case "ask":
			a.Order = OrderTradeAsk
			return a, p.end("orders trade ask")
		}
		a.Order = OrderTradeAccept
		if a.Cards, err = p.cards("for"); err != nil {
			return a, err
		}
		if _, err := p.expect("for"); err != nil {
			return a, err
		}
		if a.Get, err = p.cards(); err != nil {
			return a, err
		}
		return a, p.end("orders trade accept <cards> for <cards>")
	}
	a.Order = map[string]OrderKind{"discard": OrderDiscard, "gold": OrderGold, "reward": OrderReward}[w]
	n := 0
	for p.i < len(p.toks) {
		if p.peek() == "," {
			p.i++
			continue
		}
		r, err := p.resource()
		if err != nil {
			return a, err
		}
		if n == maxPriority {
			return a, p.fail(p.i-1, "at most %d resources in one order", maxPriority)
		}
		a.Priority[n] = r
		n++
	}
	if n == 0 {
		return a, p.fail(p.i, "name at least one resource (usage: orders %s <resource>…)", w)
	}
	return a, nil
}
