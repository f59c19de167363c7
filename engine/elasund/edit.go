package elasund

import (
	"fmt"
	"slices"
	"strings"

	"github.com/elasund/elasund/engine"
)

// Edit is one sandbox position edit (docs/elasund/rules.md, topic edits).
// Which fields matter depends on Verb.
type Edit struct {
	Verb     string // gold influence place remove permit church wall trade ship turn
	Colour   Colour
	Card     Card
	N        int // gold, influence count, permit value, trade position
	Building Kind
	At       Square
	Tile     Tile
	Wall     WallSpace
	Row      int // ship row index
}

// String prints the edit in the form ParseEdits reads.
func (e Edit) String() string {
	switch e.Verb {
	case "gold", "trade":
		return fmt.Sprintf("%s %s %d", e.Verb, e.Colour, e.N)
	case "influence":
		return fmt.Sprintf("influence %s %s %d", e.Colour, e.Card, e.N)
	case "place":
		if e.Colour == NoColour {
			return fmt.Sprintf("place %s %s", e.Building, e.At)
		}
		return fmt.Sprintf("place %s %s %s", e.Building, e.At, e.Colour)
	case "remove":
		return "remove " + e.At.String()
	case "permit":
		return fmt.Sprintf("permit %s %d %s", e.Colour, e.N, e.At)
	case "church":
		return fmt.Sprintf("church %s %s", e.Tile, e.Colour)
	case "wall":
		return fmt.Sprintf("wall %s %s", e.Colour, e.Wall)
	case "ship":
		return "ship " + rowName(e.Row)
	case "turn":
		return "turn " + e.Colour.String()
	}
	return "?"
}

var editUsage = map[string]string{
	"gold":      "gold <colour> <n>",
	"influence": "influence <colour> <card colour> <n>",
	"place":     "place <building> <square> [<colour>]",
	"remove":    "remove <square>",
	"permit":    "permit <colour> <value> <square>",
	"church":    "church <tile> <colour>",
	"wall":      "wall <colour> <wall space>",
	"trade":     "trade <colour> <n>",
	"ship":      "ship <row>",
	"turn":      "turn <colour>",
}

// ParseEdits reads sandbox edits separated by ";" or new lines, in the
// words of docs/elasund/rules.md, topic edits. Errors are *NotationError.
func ParseEdits(text string) ([]Edit, error) {
	groups := engine.Lex(text)
	if len(groups) == 0 {
		return nil, &NotationError{Input: text, Reason: "no edit given"}
	}
	var out []Edit
	for _, toks := range groups {
		e, err := parseEdit(text, toks)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

func parseEdit(input string, toks []engine.Token) (Edit, error) {
	verb := toks[0].Lower
	usage, ok := editUsage[verb]
	if !ok || !toks[0].ASCII {
		return Edit{}, &NotationError{Input: input, Offset: toks[0].Off,
			Reason: fmt.Sprintf("unknown edit %q (gold, influence, place, remove, permit, church, wall, trade, ship, turn)", toks[0].Text)}
	}
	p := &actionParser{input: input, toks: toks, i: 1, actionVerb: actionVerb{name: verb, usage: usage}}
	e := Edit{Verb: verb}
	colour := func() (Colour, error) {
		t, err := p.next("colour")
		if err != nil {
			return NoColour, err
		}
		c, err := ParseColour(t.Lower)
		if err != nil || !t.ASCII {
			return NoColour, p.errAt(t.Off, "%q is not a colour (red, blue, green, yellow)", t.Text)
		}
		return c, nil
	}
	number := func(what string) (int, error) {
		t, err := p.next(what)
		if err != nil {
			return 0, err
		}
		n, ok := smallNumber(t)
		if !ok {
			return 0, p.errAt(t.Off, "%q is not a number (%s)", t.Text, usage)
		}
		return n, nil
	}
	var err error
	switch verb {
	case "gold", "trade":
		if e.Colour, err = colour(); err == nil {
			e.N, err = number("number")
		}
	case "influence":
		if e.Colour, err = colour(); err == nil {
			if e.Card, err = p.cardColour(); err == nil {
				e.N, err = number("number")
			}
		}
	case "place":
		var t engine.Token
		t, err = p.next("building")
		if err == nil {
			if e.Building, err = ParseKind(t.Lower); err != nil {
				err = p.errAt(t.Off, "%q is not a building", t.Text)
			}
		}
		if err == nil {
			e.At, err = p.square("square")
		}
		if err == nil {
			if _, more := p.peek(); more {
				e.Colour, err = colour()
			}
		}
	case "remove":
		e.At, err = p.square("square")
	case "permit":
		if e.Colour, err = colour(); err == nil {
			if e.N, err = p.permitValue(); err == nil {
				e.At, err = p.square("square")
			}
		}
	case "church":
		var t engine.Token
		if t, err = p.next("tile"); err == nil {
			if e.Tile, err = ParseTile(t.Text); err != nil {
				err = p.errAt(t.Off, "%q is not a church tile (NW N NE W C E SW S SE)", t.Text)
			} else {
				e.Colour, err = colour()
			}
		}
	case "wall":
		if e.Colour, err = colour(); err == nil {
			var t engine.Token
			if t, err = p.next("wall space"); err == nil {
				if e.Wall, err = ParseWallSpace(t.Text); err != nil || e.Wall.Index < 0 {
					err = p.errAt(t.Off, "%q is not a wall space (N:<column>, S:<column>, E:<row>)", t.Text)
				}
			}
		}
	case "ship":
		var n int
		if n, err = number("row"); err == nil {
			var ok bool
			if e.Row, ok = RowIndex(n); !ok {
				err = p.errAt(p.toks[p.i-1].Off, "there is no row %d", n)
			}
		}
	case "turn":
		e.Colour, err = colour()
	}
	if err != nil {
		return Edit{}, err
	}
	if p.i < len(toks) {
		return Edit{}, p.errAt(toks[p.i].Off, "unexpected %q (%s)", toks[p.i].Text, usage)
	}
	return e, nil
}

// Edit applies sandbox edits atomically: either all apply and the result
// is a consistent position, or the game is unchanged and the error (a
// *StateError) names the problem. Edits set up a position; they draw no
// cards, pay nothing and displace nothing (topic edits).
func (g *Game) Edit(edits []Edit) error {
	work := g.Clone()
	work.ordered = false // the edits change its state in place
	for _, e := range edits {
		if err := work.edit(e); err != nil {
			return err
		}
	}
	work.st.normalize()
	if err := checkState(work.cfg, work.st); err != nil {
		return err
	}
	g.st, g.cur = work.st, nil
	if g.peeked != nil {
		g.peeked.ok = false
	}
	g.ordered = true
	return nil
}

func (g *Game) editSeat(e Edit) (*Player, error) {
	p := g.st.Players[e.Colour]
	if p == nil {
		return nil, &StateError{Field: e.String(), Reason: fmt.Sprintf("%s has no seat in this game", e.Colour)}
	}
	return p, nil
}

// edit applies one sandbox edit to g (docs/elasund/rules.md, topic edits).
func (g *Game) edit(e Edit) error {
	st := g.st
	fail := func(format string, args ...any) error {
		return &StateError{Field: e.String(), Reason: fmt.Sprintf(format, args...)}
	}
	switch e.Verb {
	case "gold":
		p, err := g.editSeat(e)
		if err != nil {
			return err
		}
		if d := e.N - p.Gold; d > st.Supply.Gold {
			return fail("the bank holds only %d gold", st.Supply.Gold)
		}
		st.Supply.Gold -= e.N - p.Gold
		p.Gold = e.N
	case "influence":
		p, err := g.editSeat(e)
		if err != nil {
			return err
		}
		d := e.N - p.Influence.Of(e.Card)
		if d > st.Supply.InfluenceDeck.Of(e.Card) {
			return fail("the deck holds only %d %s", st.Supply.InfluenceDeck.Of(e.Card), g.cfg.CardName(e.Card))
		}
		st.Supply.InfluenceDeck.add(e.Card, -d)
		p.Influence.add(e.Card, d)
	case "place":
		return g.editPlace(e, fail)
	case "remove":
		return g.editRemove(e, fail)
	case "permit":
		return g.editPermit(e, fail)
	case "church":
		return g.editChurch(e, fail)
	case "wall":
		return g.editWall(e, fail)
	case "trade":
		return g.editTrade(e, fail)
	case "ship":
		name := Rows[e.Row]
		st.Ship = Ship{Row: &name}
	case "turn":
		return g.editTurn(e)
	default:
		return fail("unknown edit")
	}
	return nil
}

// editPermit puts one of a seat's permits from its supply on an empty city square.
func (g *Game) editPermit(e Edit, fail func(string, ...any) error) error {
	st := g.st
	p, err := g.editSeat(e)
	if err != nil {
		return err
	}
	if !p.hasPermit(e.N) {
		return fail("%s's permit %d is not in supply", e.Colour, e.N)
	}
	if !g.empty(g.index(), e.At) {
		return fail("%s is not an empty city square", e.At)
	}
	i := slices.Index(p.Permits, e.N)
	p.Permits = slices.Delete(p.Permits, i, i+1)
	st.Permits = append(st.Permits, Permit{Owner: e.Colour, Value: e.N, At: e.At})
	return nil
}

// editChurch builds a church tile of the stack for a seat, on its place (R79).
func (g *Game) editChurch(e Edit, fail func(string, ...any) error) error {
	st := g.st
	p, err := g.editSeat(e)
	if err != nil {
		return err
	}
	i := slices.Index(st.Supply.ChurchStack, e.Tile)
	if i < 0 {
		return fail("church tile %s is already built", e.Tile)
	}
	at := Foundation
	if pr0, pc0, ok := g.churchOrigin(); ok {
		at = churchTarget(e.Tile, pr0, pc0)
	}
	ix := g.index()
	if ix.bld[at.Col][at.Row] != 0 || ix.permit[at.Col][at.Row] != 0 {
		return fail("the tile's square %s is not empty", at)
	}
	if p.Cubes == 0 {
		return fail("%s has no cube left", e.Colour)
	}
	p.Cubes--
	st.Supply.ChurchStack = slices.Delete(st.Supply.ChurchStack, i, i+1)
	if b := st.Supply.ChurchBottom; b != nil && *b == e.Tile {
		st.Supply.ChurchBottom = nil
	}
	st.Church = append(st.Church, ChurchTile{Tile: e.Tile, Owner: e.Colour, At: at})
	return nil
}

// editWall builds a seat's next wall tile on a free wall space that joins a gate or a wall (R73).
func (g *Game) editWall(e Edit, fail func(string, ...any) error) error {
	st := g.st
	p, err := g.editSeat(e)
	if err != nil {
		return err
	}
	if p.Walls >= wallTiles {
		return fail("%s has no wall tile left", e.Colour)
	}
	if !isWallSlot(e.Wall, g.players()) || g.wallAt(e.Wall) >= 0 {
		return fail("%s is not a free wall space", e.Wall)
	}
	adj, gate := wallNeighbours(e.Wall, g.players())
	joined := gate
	for _, s := range adj {
		joined = joined || g.wallAt(s) >= 0
	}
	if !joined {
		return fail("%s touches neither a gate nor a wall tile (R73)", e.Wall)
	}
	p.Walls++
	if _, tower := wallReward(p.Walls); tower {
		if p.Cubes == 0 {
			return fail("%s has no cube left for the tower", e.Colour)
		}
		p.Cubes--
	}
	st.Walls = append(st.Walls, Wall{Owner: e.Colour, Tile: p.Walls, At: e.Wall})
	return nil
}

// editTrade moves a seat on the trade track, its cubes taken from and put on the flags (R60-R63).
func (g *Game) editTrade(e Edit, fail func(string, ...any) error) error {
	st := g.st
	p, err := g.editSeat(e)
	if err != nil {
		return err
	}
	if g.cfg.Options.TradeCap11 && e.N > maxTrade {
		return fail("the track ends at 11")
	}
	// Take the cubes above the new position, then put cubes on the
	// free flags it reaches.
	for i, sp := range tradeSpaces {
		if j := slices.Index(st.TradeFlags[i], e.Colour); j >= 0 && sp.Pos > e.N {
			st.TradeFlags[i] = slices.Delete(st.TradeFlags[i], j, j+1)
			p.Cubes++
		}
	}
	for i, sp := range tradeSpaces {
		if sp.Pos <= e.N && !slices.Contains(st.TradeFlags[i], e.Colour) && len(st.TradeFlags[i]) < sp.Flags && p.Cubes > 0 {
			st.TradeFlags[i] = append(st.TradeFlags[i], e.Colour)
			p.Cubes--
		}
	}
	p.Trade = e.N
	return nil
}

// editTurn starts a turn of a seat, in the roll phase.
func (g *Game) editTurn(e Edit) error {
	st := g.st
	if _, err := g.editSeat(e); err != nil {
		return err
	}
	g.returnPool()
	st.Pending = []Pending{}
	st.Current = e.Colour
	st.Phase = PhaseRoll
	st.WaitingFor = []Colour{e.Colour}
	st.Dice = nil
	st.BuildsDone = 0
	st.Winner = nil
	st.Ship.Pirate = false
	return nil
}

func (g *Game) editPlace(e Edit, fail func(string, ...any) error) error {
	st := g.st
	sp := e.Building.Spec()
	if e.Colour == NoColour {
		return fail("name the owner: %s", editUsage["place"])
	}
	p, err := g.editSeat(e)
	if err != nil {
		return err
	}
	sq, ok := footprint(e.At, sp.W, sp.H)
	ix := g.index()
	for _, s := range sq {
		ok = ok && g.empty(ix, s)
	}
	if !ok {
		return fail("a %s on %s needs empty city squares", e.Building, e.At)
	}
	b := Building{Kind: e.Building, Owner: e.Colour, At: e.At}
	switch {
	case sp.Neutral:
		n := st.Supply.Neutral.at(e.Building)
		if *n == 0 {
			return fail("no %s is left in the stack", e.Building)
		}
		if p.Cubes < sp.Flags {
			return fail("%s has too few cubes for the flags", e.Colour)
		}
		*n--
		p.Cubes -= sp.Flags
	case sp.Starter:
		for _, x := range st.Buildings {
			if x.Kind == e.Building && x.Owner == e.Colour {
				return fail("%s's %s is already on the board", e.Colour, e.Building)
			}
		}
	default:
		i := slices.Index(p.Buildings, e.Building)
		if i < 0 {
			return fail("%s's %s is not in supply", e.Colour, e.Building)
		}
		p.Buildings = slices.Delete(p.Buildings, i, i+1)
	}
	st.Buildings = append(st.Buildings, b)
	return nil
}

func (g *Game) editRemove(e Edit, fail func(string, ...any) error) error {
	st := g.st
	for i, pm := range st.Permits {
		if pm.At == e.At {
			st.Players[pm.Owner].Permits = append(st.Players[pm.Owner].Permits, pm.Value)
			st.Permits = slices.Delete(st.Permits, i, i+1)
			return nil
		}
	}
	for i, b := range st.Buildings {
		if !slices.Contains(b.Squares(), e.At) {
			continue
		}
		st.Buildings = slices.Delete(st.Buildings, i, i+1)
		g.returnToSupply(b)
		return nil
	}
	return fail("no building or permit on %s", e.At)
}

// FormatEdits prints edits as one line, separated by "; ".
func FormatEdits(es []Edit) string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.String()
	}
	return strings.Join(parts, "; ")
}
