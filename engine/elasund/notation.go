package elasund

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/elasund/elasund/engine"
)

// maxNotationCards bounds the cards one discard or take may name; no hand
// in the game comes near it, and it keeps the printed form of a move short.
const maxNotationCards = 99

// ParseMove reads a move (docs/elasund/rules.md, topic moves): actions
// separated by ";" or new
// lines, words case-insensitive, "#" starting a comment to the end of the
// line. Empty actions are skipped, but a move must have at least one action.
// Errors are *NotationError, with Offset the byte offset in text of the
// offending word.
func ParseMove(text string) ([]Action, error) {
	groups := engine.Lex(text)
	if len(groups) == 0 {
		return nil, &NotationError{Input: text, Offset: 0, Reason: "the move has no action (write e.g. \"roll\" or \"end\")"}
	}
	move := make([]Action, 0, len(groups))
	for _, g := range groups {
		a, err := parseActionWords(text, g)
		if err != nil {
			return nil, err
		}
		move = append(move, a)
	}
	return move, nil
}

// ParseAction reads one action of a move, in the words of topic moves. It is
// the inverse of Action.String. Errors are *NotationError.
func ParseAction(text string) (Action, error) {
	groups := engine.Lex(text)
	switch len(groups) {
	case 0:
		return Action{}, &NotationError{Input: text, Offset: 0, Reason: "no action (write e.g. \"roll\" or \"end\")"}
	case 1:
		return parseActionWords(text, groups[0])
	}
	return Action{}, &NotationError{Input: text, Offset: groups[1][0].Off,
		Reason: fmt.Sprintf("one action expected, but %q starts a second one", groups[1][0].Text)}
}

// actionVerb is an action word with its parser.
type actionVerb struct {
	name  string
	usage string
	parse func(p *actionParser, a *Action) error
}

// actionVerbs lists the actions in the order of topic moves.
var actionVerbs = []actionVerb{
	{"roll", "roll", func(p *actionParser, a *Action) error { a.Kind = ActRoll; return nil }},
	{"ship", "ship north|south", parseShip},
	{"pirate", "pirate <row>", parsePirate},
	{"build", "build <building> <square> [over <card colour>]", parseBuild},
	{"wall", "wall <wall space>", parseWall},
	{"church", "church [<tile>]", parseChurch},
	{"permit", "permit <value> <square> [pay <card colour>]", parsePermit},
	{"gold", "gold", func(p *actionParser, a *Action) error { a.Kind = ActGold; return nil }},
	{"move-permit", "move-permit <from square> <to square> pay <card colour>", parseMovePermit},
	{"upgrade-permit", "upgrade-permit <square> <value> pay <card colour>", parseUpgradePermit},
	{"place-permit", "place-permit <value> <square>", parsePlacePermit},
	{"buy-gold", "buy-gold", func(p *actionParser, a *Action) error { a.Kind = ActBuyGold; return nil }},
	{"end", "end", func(p *actionParser, a *Action) error { a.Kind = ActEnd; return nil }},
	{"discard", "discard <cards>", parseCards(ActDiscard)},
	{"take", "take <cards>", parseCards(ActTake)},
	{"rebuild", "rebuild hut|cottage <square>|none", parseRebuild},
	{"orders", "orders discard <card kinds> | orders rebuild nearest | orders ask", parseOrders},
}

// actionVerbAliases maps other spellings of a verb to its name: the
// hyphenated verbs also without the hyphen or with an underscore.
var actionVerbAliases = map[string]string{
	"movepermit":     "move-permit",
	"move_permit":    "move-permit",
	"upgradepermit":  "upgrade-permit",
	"upgrade_permit": "upgrade-permit",
	"placepermit":    "place-permit",
	"place_permit":   "place-permit",
	"buygold":        "buy-gold",
	"buy_gold":       "buy-gold",
	"order":          "orders",
}

func lookupActionVerb(w string) (actionVerb, bool) {
	if n, ok := actionVerbAliases[w]; ok {
		w = n
	}
	for _, v := range actionVerbs {
		if v.name == w {
			return v, true
		}
	}
	return actionVerb{}, false
}

// actionParser reads the words of one action.
type actionParser struct {
	input      string
	toks       []engine.Token
	i          int
	actionVerb actionVerb
}

// parseActionWords parses the tokens of one action.
func parseActionWords(input string, toks []engine.Token) (Action, error) {
	p := &actionParser{input: input, toks: toks}
	first := toks[0]
	v, ok := lookupActionVerb(first.Lower)
	if !first.ASCII || !ok {
		return Action{}, p.errAt(first.Off, "unknown action %q%s", first.Text, didYouMeanAction(first))
	}
	p.actionVerb = v
	p.i = 1
	var a Action
	if err := v.parse(p, &a); err != nil {
		return Action{}, err
	}
	if p.i < len(p.toks) {
		t := p.toks[p.i]
		return Action{}, p.errAt(t.Off, "unexpected %q (%s)", t.Text, v.usage)
	}
	return a, nil
}

func (p *actionParser) errAt(off int, format string, args ...any) *NotationError {
	return &NotationError{Input: p.input, Offset: off, Reason: fmt.Sprintf(format, args...)}
}

// peek returns the next token, if any, without taking it.
func (p *actionParser) peek() (engine.Token, bool) {
	if p.i < len(p.toks) {
		return p.toks[p.i], true
	}
	return engine.Token{}, false
}

// lastWord returns the action's last token that is not a comma.
func (p *actionParser) lastWord() engine.Token {
	for k := len(p.toks) - 1; k > 0; k-- {
		if p.toks[k].Text != "," {
			return p.toks[k]
		}
	}
	return p.toks[0]
}

// next takes the next token, which must exist and be a word; what names it
// for the error otherwise.
func (p *actionParser) next(what string) (engine.Token, error) {
	if p.i >= len(p.toks) {
		last := p.toks[len(p.toks)-1]
		return engine.Token{}, p.errAt(last.End(), "missing %s after %q (%s)", what, last.Text, p.actionVerb.usage)
	}
	t := p.toks[p.i]
	if t.Text == "," {
		return engine.Token{}, p.errAt(t.Off, "unexpected \",\" where %s belongs (%s)", what, p.actionVerb.usage)
	}
	p.i++
	return t, nil
}

// keyword takes the next token, which must be the word kw.
func (p *actionParser) keyword(kw string) error {
	t, err := p.next(fmt.Sprintf("%q", kw))
	if err != nil {
		return err
	}
	if t.Lower != kw {
		return p.errAt(t.Off, "expected %q, not %q (%s)", kw, t.Text, p.actionVerb.usage)
	}
	return nil
}

// optional takes the next token if it is the word kw.
func (p *actionParser) optional(kw string) bool {
	if t, ok := p.peek(); ok && t.Lower == kw {
		p.i++
		return true
	}
	return false
}

func (p *actionParser) square(what string) (Square, error) {
	t, err := p.next(what)
	if err != nil {
		return Square{}, err
	}
	if !isSquareWord(t) {
		return Square{}, p.errAt(t.Off, "%q is not a square (a column A to I, then a row 2 to 12 without 7, e.g. C8)", t.Text)
	}
	if t.Lower[0] > 'i' {
		return Square{}, p.errAt(t.Off, "%q is not a square: there is no column %c (columns are A to I)", t.Text, t.Lower[0]-'a'+'A')
	}
	s, err := ParseSquare(t.Text)
	if err != nil {
		return Square{}, p.errAt(t.Off, "%q is not a square: there is no row %s (rows are 2 to 12 without 7)", t.Text, t.Text[1:])
	}
	return s, nil
}

// isSquareWord reports whether t looks like a square: a letter then digits.
func isSquareWord(t engine.Token) bool {
	return t.ASCII && len(t.Lower) >= 2 && t.Lower[0] >= 'a' && t.Lower[0] <= 'z' && isDigits(t.Lower[1:])
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for k := 0; k < len(s); k++ {
		if s[k] < '0' || s[k] > '9' {
			return false
		}
	}
	return true
}

// smallNumber reads a small non-negative decimal number; ok is false for
// anything else, including numbers too long to matter.
func smallNumber(t engine.Token) (int, bool) {
	if !t.ASCII || !isDigits(t.Lower) || len(t.Lower) > 4 {
		return 0, false
	}
	n, err := strconv.Atoi(t.Lower)
	return n, err == nil
}

// permitValue reads a permit value, 0 to 4 (R12).
func (p *actionParser) permitValue() (int, error) {
	t, err := p.next("permit value")
	if err != nil {
		return 0, err
	}
	n, ok := smallNumber(t)
	if !ok {
		return 0, p.errAt(t.Off, "%q is not a permit value (0 to 4)", t.Text)
	}
	if n > 4 {
		return 0, p.errAt(t.Off, "there is no permit of value %s (values are 0 to 4)", t.Text)
	}
	return n, nil
}

// cardColour reads an influence colour; "red" is "yellow" (V1).
func (p *actionParser) cardColour() (Card, error) {
	t, err := p.next("card colour")
	if err != nil {
		return NoCard, err
	}
	if !t.ASCII {
		return NoCard, p.errAt(t.Off, "%q is not a card colour (blue, green, yellow or red)", t.Text)
	}
	c, err := ParseCardColour(t.Lower)
	if err != nil {
		return NoCard, p.errAt(t.Off, "%q is not a card colour (blue, green, yellow or red)%s", t.Text, didYouMean(t.Lower, "blue", "green", "yellow", "red"))
	}
	return c, nil
}

// pay reads "pay <card colour>".
func (p *actionParser) pay() (Card, error) {
	if err := p.keyword("pay"); err != nil {
		return NoCard, err
	}
	return p.cardColour()
}

func parseShip(p *actionParser, a *Action) error {
	t, err := p.next("direction (north or south)")
	if err != nil {
		return err
	}
	a.Kind = ActShip
	switch t.Lower {
	case "north", "n":
		a.Dir = DirNorth
	case "south", "s":
		a.Dir = DirSouth
	default:
		return p.errAt(t.Off, "the ship sails north or south, not %q", t.Text)
	}
	return nil
}

func parsePirate(p *actionParser, a *Action) error {
	t, err := p.next("row")
	if err != nil {
		return err
	}
	n, ok := smallNumber(t)
	if !ok {
		return p.errAt(t.Off, "%q is not a row (2 to 12 without 7)", t.Text)
	}
	r, ok := RowIndex(n)
	if !ok {
		return p.errAt(t.Off, "there is no row %s (rows are 2 to 12 without 7)", t.Text)
	}
	a.Kind = ActPirate
	a.Row = r
	return nil
}

// building reads a building name, suggesting a near miss.
func (p *actionParser) building() (engine.Token, Kind, error) {
	t, err := p.next("building")
	if err != nil {
		return t, NoKind, err
	}
	k := NoKind
	if t.ASCII {
		k, _ = ParseKind(t.Text)
	}
	if k == NoKind {
		names := make([]string, 0, Hall)
		for i := Hut; i <= Hall; i++ {
			names = append(names, i.String())
		}
		return t, NoKind, p.errAt(t.Off, "%q is not a building (house, workshop, well, stall, tavern, shop, hall; hut, cottage)%s", t.Text, didYouMean(t.Lower, names...))
	}
	return t, k, nil
}

func parseBuild(p *actionParser, a *Action) error {
	t, k, err := p.building()
	if err != nil {
		return err
	}
	if k.Spec().Starter {
		return p.errAt(t.Off, "a %s cannot be built, only rebuilt (build house, workshop, well, stall, tavern, shop or hall)", k)
	}
	at, err := p.square("square")
	if err != nil {
		return err
	}
	*a = Action{Kind: ActBuild, Building: k, At: at}
	if p.optional("over") {
		c, err := p.cardColour()
		if err != nil {
			return err
		}
		a.Colour = c
	}
	return nil
}

func parseWall(p *actionParser, a *Action) error {
	t, err := p.next("wall space")
	if err != nil {
		return err
	}
	if !isWallWord(t) {
		return p.errAt(t.Off, "%q is not a wall space (N:<column>, S:<column>, E:<row>, north, south or east)", t.Text)
	}
	w, err := ParseWallSpace(t.Text)
	if err != nil {
		return p.errAt(t.Off, "%v", err)
	}
	a.Kind = ActWall
	a.Wall = w
	return nil
}

// isWallWord reports whether t has the shape of a wall space: a side word,
// or a side letter, a colon and a column letter or row number.
func isWallWord(t engine.Token) bool {
	if !t.ASCII {
		return false
	}
	switch t.Lower {
	case "north", "south", "east":
		return true
	}
	if len(t.Lower) < 3 || t.Lower[1] != ':' {
		return false
	}
	switch t.Lower[0] {
	case 'n', 's':
		return len(t.Lower) == 3 && t.Lower[2] >= 'a' && t.Lower[2] <= 'z'
	case 'e':
		return isDigits(t.Lower[2:])
	}
	return false
}

func parseChurch(p *actionParser, a *Action) error {
	a.Kind = ActChurch
	t, ok := p.peek()
	if !ok {
		return nil
	}
	if t.Text == "," {
		return p.errAt(t.Off, "unexpected \",\" (%s)", p.actionVerb.usage)
	}
	p.i++
	tile := NoTile
	if t.ASCII {
		tile, _ = ParseTile(t.Text)
	}
	if tile == NoTile {
		return p.errAt(t.Off, "%q is not a church tile (NW N NE W C E SW S SE)", t.Text)
	}
	a.Tile = tile
	return nil
}

// nextItem returns the next word of a list, passing over the commas
// between its words; false at the end of the action.
func (p *actionParser) nextItem() (engine.Token, bool) {
	for {
		t, ok := p.peek()
		if !ok {
			return t, false
		}
		p.i++
		if t.Text != "," {
			return t, true
		}
	}
}

func parsePermit(p *actionParser, a *Action) error {
	v, err := p.permitValue()
	if err != nil {
		return err
	}
	at, err := p.square("square")
	if err != nil {
		return err
	}
	*a = Action{Kind: ActPermit, Value: v, At: at}
	if _, ok := p.peek(); ok {
		c, err := p.pay()
		if err != nil {
			return err
		}
		a.Colour = c
	}
	return nil
}

func parseMovePermit(p *actionParser, a *Action) error {
	from, err := p.square("square of the permit")
	if err != nil {
		return err
	}
	to, err := p.square("destination square")
	if err != nil {
		return err
	}
	c, err := p.pay()
	if err != nil {
		return err
	}
	*a = Action{Kind: ActMovePermit, At: from, To: to, Colour: c}
	return nil
}

func parseUpgradePermit(p *actionParser, a *Action) error {
	at, err := p.square("square")
	if err != nil {
		return err
	}
	v, err := p.permitValue()
	if err != nil {
		return err
	}
	c, err := p.pay()
	if err != nil {
		return err
	}
	*a = Action{Kind: ActUpgradePermit, At: at, Value: v, Colour: c}
	return nil
}

func parsePlacePermit(p *actionParser, a *Action) error {
	v, err := p.permitValue()
	if err != nil {
		return err
	}
	at, err := p.square("square")
	if err != nil {
		return err
	}
	*a = Action{Kind: ActPlacePermit, Value: v, At: at}
	return nil
}

// parseCardWord reads a card kind, also in the plural ("golds", "reds").
func parseCardWord(t engine.Token) (Card, bool) {
	if !t.ASCII || t.Lower == "" {
		return NoCard, false
	}
	if c, err := ParseCard(t.Lower); err == nil {
		return c, true
	}
	if s, ok := strings.CutSuffix(t.Lower, "s"); ok {
		if c, err := ParseCard(s); err == nil {
			return c, true
		}
	}
	return NoCard, false
}

// parseCards returns the parser of "discard <cards>" or "take <cards>":
// card words, each optionally preceded by a count, commas optional; or the
// single word "nothing".
func parseCards(kind ActionKind) func(p *actionParser, a *Action) error {
	return func(p *actionParser, a *Action) error {
		a.Kind = kind
		if t, ok := p.peek(); ok && t.Lower == "nothing" {
			p.i++
			if t, ok := p.peek(); ok {
				return p.errAt(t.Off, "unexpected %q after \"nothing\"", t.Text)
			}
			return nil
		}
		var h Hand
		n := 0
		for {
			t, ok := p.nextItem()
			if !ok {
				break
			}
			count := 1
			if c, isNum := smallNumber(t); isNum || isDigits(t.Lower) {
				if !isNum || c < 1 || c > maxNotationCards {
					return p.errAt(t.Off, "%q is not a number of cards (1 to %d)", t.Text, maxNotationCards)
				}
				count = c
				t, ok = p.peek()
				if !ok || t.Text == "," {
					off := p.toks[p.i-1].End()
					if ok {
						off = t.Off
					}
					return p.errAt(off, "missing card after %q (gold, blue, green, yellow or red)", p.toks[p.i-1].Text)
				}
				p.i++
			}
			if t.Lower == "nothing" {
				return p.errAt(t.Off, "\"nothing\" cannot follow cards; write either cards or \"nothing\"")
			}
			c, ok := parseCardWord(t)
			if !ok {
				return p.errAt(t.Off, "%q is not a card (gold, blue, green, yellow or red)%s", t.Text, didYouMean(t.Lower, "gold", "blue", "green", "yellow", "red", "nothing"))
			}
			if n += count; n > maxNotationCards {
				return p.errAt(t.Off, "too many cards (at most %d)", maxNotationCards)
			}
			h.add(c, count)
		}
		if n == 0 {
			last := p.lastWord()
			return p.errAt(last.End(), "missing cards after %q (e.g. \"gold blue\", \"2 gold, blue\" or \"nothing\")", last.Text)
		}
		a.Cards = h
		return nil
	}
}

func parseRebuild(p *actionParser, a *Action) error {
	t, k, err := p.building()
	if err != nil {
		return err
	}
	if !k.Spec().Starter {
		return p.errAt(t.Off, "only a hut or a cottage is rebuilt, not a %s", k)
	}
	a.Kind = ActRebuild
	a.Building = k
	if p.optional("none") {
		a.None = true
		return nil
	}
	at, err := p.square("square or \"none\"")
	if err != nil {
		return err
	}
	a.At = at
	return nil
}

func parseOrders(p *actionParser, a *Action) error {
	t, err := p.next("order (discard, rebuild or ask)")
	if err != nil {
		return err
	}
	a.Kind = ActOrders
	switch t.Lower {
	case "ask":
		a.Order = "ask"
	case "rebuild":
		if err := p.keyword("nearest"); err != nil {
			return err
		}
		a.Order = "rebuild"
	case "discard":
		a.Order = "discard"
		seen := map[Card]bool{}
		for {
			t, ok := p.nextItem()
			if !ok {
				break
			}
			c, ok := parseCardWord(t)
			if !ok {
				return p.errAt(t.Off, "%q is not a card kind (gold, blue, green, yellow or red)%s", t.Text, didYouMean(t.Lower, "gold", "blue", "green", "yellow", "red"))
			}
			if seen[c] {
				return p.errAt(t.Off, "%s is named twice (\"red\" and \"yellow\" are the same colour)", c)
			}
			seen[c] = true
			a.Priority = append(a.Priority, c)
		}
		if len(a.Priority) == 0 {
			last := p.lastWord()
			return p.errAt(last.End(), "missing card kinds after %q, in the order to pay them (e.g. \"orders discard gold yellow green blue\")", last.Text)
		}
	default:
		return p.errAt(t.Off, "unknown order %q (orders discard <card kinds>, orders rebuild nearest, orders ask)%s", t.Text, didYouMean(t.Lower, "discard", "rebuild", "ask"))
	}
	return nil
}

// didYouMeanAction is the "did you mean" hint for an unknown action word, or a
// list of the actions when nothing is close.
func didYouMeanAction(t engine.Token) string {
	names := make([]string, len(actionVerbs))
	for i, v := range actionVerbs {
		names[i] = v.name
	}
	if s := didYouMean(t.Lower, names...); s != "" {
		return s
	}
	return " (actions: " + strings.Join(names, ", ") + ")"
}

// didYouMean returns `; did you mean "x"?` for the candidate nearest to w, if it
// is close enough to be a typo (engine.Nearest), and "" otherwise.
func didYouMean(w string, candidates ...string) string {
	if best := engine.Nearest(w, candidates...); best != "" {
		return fmt.Sprintf("; did you mean %q?", best)
	}
	return ""
}
