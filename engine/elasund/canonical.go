package elasund

import (
	"encoding/json"
	"errors"
	"strconv"
	"unicode/utf8"

	"github.com/elasund/elasund/engine"
)

var _ engine.CanonicalAppender = (*State)(nil)

// errNoCanonical stands for a state the JSON encoder accepted that the
// direct writer refused: it cannot happen while the two agree.
var errNoCanonical = errors.New("elasund: the state has no canonical JSON")

// AppendCanonical appends the canonical JSON of the state (turn-file
// §3.1: object members sorted by the bytes of their keys, no space,
// strings escaping only '"', '\\' and control characters) to b, and
// returns the extended slice. It writes exactly what encoding the state
// with encoding/json and rewriting the result in canonical form writes,
// without reflection, and refuses the states that encoding refuses (a
// colour, card, building, tile, square or wall space that does not exist)
// with encoding/json's own error. It implements engine.CanonicalAppender.
func (s *State) AppendCanonical(b []byte) ([]byte, error) {
	if s == nil {
		return append(b, "null"...), nil
	}
	w := canonWriter{b: b}
	w.state(s)
	if !w.ok {
		// The encoder's error, word for word, for a state it refuses.
		if _, err := json.Marshal(s); err != nil {
			return nil, err
		}
		return nil, errNoCanonical
	}
	return w.b, nil
}

// canonWriter writes canonical JSON. ok turns false at the first value
// that has no JSON encoding; the rest is then written in vain.
type canonWriter struct {
	b  []byte
	ok bool
}

func (w *canonWriter) raw(s string) { w.b = append(w.b, s...) }

func (w *canonWriter) int(n int) { w.b = strconv.AppendInt(w.b, int64(n), 10) }

func (w *canonWriter) bool(v bool) {
	if v {
		w.raw("true")
	} else {
		w.raw("false")
	}
}

// name writes the text of an enumerated value: s is its String(), which
// is "" or "?" exactly when its MarshalText fails.
func (w *canonWriter) name(s string) {
	if s == "" || s == "?" {
		w.ok = false
		w.raw(`""`)
		return
	}
	w.b = append(w.b, '"')
	w.b = append(w.b, s...)
	w.b = append(w.b, '"')
}

func (w *canonWriter) colour(c Colour) {
	if c <= NoColour || c > Yellow {
		w.ok = false
	}
	w.name(c.String())
}

func (w *canonWriter) card(c Card) {
	if c <= NoCard || c > YellowCard {
		w.ok = false
	}
	w.name(c.String())
}

func (w *canonWriter) square(q Square) { w.name(q.String()) }

// wallSpace writes a wall slot as WallSpace.MarshalText does ("N:D",
// "S:C", "E:8"), without building the text.
func (w *canonWriter) wallSpace(s WallSpace) {
	switch {
	case s.Index < 0:
	case (s.Side == North || s.Side == South) && s.Index <= NumCols:
		w.b = append(w.b, '"', "NS"[s.Side-North], ':', byte('A'+s.Index), '"')
		return
	case s.Side == East && s.Index < NumRows:
		w.raw(`"E:`)
		w.int(Rows[s.Index])
		w.raw(`"`)
		return
	}
	w.ok = false
	w.raw(`""`)
}

const hexDigits = "0123456789abcdef"

// str writes s as a canonical JSON string: invalid UTF-8 becomes U+FFFD
// byte by byte, as encoding/json writes it; '"', '\\' and control
// characters are escaped (\b \f \n \r \t, else \u00xx); the rest is
// literal.
func (w *canonWriter) str(s string) {
	b := append(w.b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b = append(b, "\uFFFD"...)
			} else {
				b = append(b, s[i:i+size]...)
			}
			i += size
			continue
		}
		switch {
		case c == '"':
			b = append(b, '\\', '"')
		case c == '\\':
			b = append(b, '\\', '\\')
		case c == '\b':
			b = append(b, '\\', 'b')
		case c == '\f':
			b = append(b, '\\', 'f')
		case c == '\n':
			b = append(b, '\\', 'n')
		case c == '\r':
			b = append(b, '\\', 'r')
		case c == '\t':
			b = append(b, '\\', 't')
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		default:
			b = append(b, c)
		}
		i++
	}
	w.b = append(b, '"')
}

// The writers below follow the state schema, each object's members in
// the byte order of their names.

func (w *canonWriter) state(s *State) {
	w.ok = true
	w.raw(`{"buildings":`)
	w.buildings(s.Buildings)
	w.raw(`,"builds_done":`)
	w.int(s.BuildsDone)
	w.raw(`,"church":`)
	w.church(s.Church)
	w.raw(`,"current":`)
	w.colour(s.Current)
	w.raw(`,"dice":`)
	w.dice(s.Dice)
	w.raw(`,"pending":`)
	w.pendings(s.Pending)
	w.raw(`,"permits":`)
	w.permits(s.Permits)
	w.raw(`,"phase":`)
	w.name(s.Phase.String())
	w.raw(`,"players":`)
	w.players(s.Players)
	if s.Pool != nil {
		w.raw(`,"pool":`)
		w.hand(s.Pool)
	}
	w.raw(`,"ship":{"pirate":`)
	w.bool(s.Ship.Pirate)
	w.raw(`,"row":`)
	if s.Ship.Row == nil {
		w.raw("null")
	} else {
		w.int(*s.Ship.Row)
	}
	w.raw(`},"supply":`)
	w.supply(&s.Supply)
	w.raw(`,"trade_flags":`)
	w.tradeFlags(&s.TradeFlags)
	w.raw(`,"turn":`)
	w.int(s.Turn)
	w.raw(`,"waiting_for":`)
	w.colours(s.WaitingFor)
	w.raw(`,"walls":`)
	w.walls(s.Walls)
	w.raw(`,"winner":`)
	if s.Winner == nil {
		w.raw("null")
	} else {
		w.colour(*s.Winner)
	}
	w.raw("}")
}

func (w *canonWriter) buildings(list []Building) {
	if list == nil {
		w.raw("null")
		return
	}
	w.raw("[")
	for i := range list {
		if i > 0 {
			w.raw(",")
		}
		w.building(&list[i])
	}
	w.raw("]")
}

func (w *canonWriter) church(list []ChurchTile) {
	if list == nil {
		w.raw("null")
		return
	}
	w.raw("[")
	for i, t := range list {
		if i > 0 {
			w.raw(",")
		}
		w.raw(`{"at":`)
		w.square(t.At)
		if t.NoCube {
			w.raw(`,"no_cube":true`)
		}
		w.raw(`,"owner":`)
		w.colour(t.Owner)
		w.raw(`,"tile":`)
		w.name(t.Tile.String())
		w.raw("}")
	}
	w.raw("]")
}

func (w *canonWriter) dice(d *[2]int) {
	if d == nil {
		w.raw("null")
		return
	}
	w.raw("[")
	w.int(d[0])
	w.raw(",")
	w.int(d[1])
	w.raw("]")
}

func (w *canonWriter) pendings(list []Pending) {
	if list == nil {
		w.raw("null")
		return
	}
	w.raw("[")
	for i := range list {
		if i > 0 {
			w.raw(",")
		}
		w.pending(&list[i])
	}
	w.raw("]")
}

func (w *canonWriter) permits(list []Permit) {
	if list == nil {
		w.raw("null")
		return
	}
	w.raw("[")
	for i, p := range list {
		if i > 0 {
			w.raw(",")
		}
		w.raw(`{"at":`)
		w.square(p.At)
		w.raw(`,"owner":`)
		w.colour(p.Owner)
		w.raw(`,"value":`)
		w.int(p.Value)
		w.raw("}")
	}
	w.raw("]")
}

func (w *canonWriter) walls(list []Wall) {
	if list == nil {
		w.raw("null")
		return
	}
	w.raw("[")
	for i, x := range list {
		if i > 0 {
			w.raw(",")
		}
		w.raw(`{"at":`)
		w.wallSpace(x.At)
		if x.NoCube {
			w.raw(`,"no_cube":true`)
		}
		w.raw(`,"owner":`)
		w.colour(x.Owner)
		w.raw(`,"tile":`)
		w.int(x.Tile)
		w.raw("}")
	}
	w.raw("]")
}

func (w *canonWriter) building(x *Building) {
	w.raw(`{"at":`)
	w.square(x.At)
	if x.Cubes != nil {
		w.raw(`,"cubes":`)
		w.int(*x.Cubes)
	}
	w.raw(`,"kind":`)
	w.name(x.Kind.String())
	w.raw(`,"owner":`)
	w.colour(x.Owner)
	w.raw("}")
}

func (w *canonWriter) pending(p *Pending) {
	w.raw("{")
	if p.At != nil {
		w.raw(`"at":`)
		w.square(*p.At)
		w.raw(",")
	}
	if p.Building != NoKind {
		w.raw(`"building":`)
		w.name(p.Building.String())
		w.raw(",")
	}
	if p.Cards != "" {
		w.raw(`"cards":`)
		w.str(p.Cards)
		w.raw(",")
	}
	if p.Count != 0 {
		w.raw(`"count":`)
		w.int(p.Count)
		w.raw(",")
	}
	w.raw(`"kind":`)
	w.str(p.Kind)
	w.raw(`,"seat":`)
	w.colour(p.Seat)
	w.raw("}")
}

// byName lists the seat colours in the byte order of their names, the
// order of the players' keys.
var byName = [...]Colour{Blue, Green, Red, Yellow}

func (w *canonWriter) players(m map[Colour]*Player) {
	if m == nil {
		w.raw("null")
		return
	}
	w.raw("{")
	found := 0
	for _, c := range byName {
		p, ok := m[c]
		if !ok {
			continue
		}
		if found > 0 {
			w.raw(",")
		}
		found++
		w.name(c.String())
		w.raw(":")
		if p == nil {
			w.raw("null")
		} else {
			w.player(p)
		}
	}
	if found != len(m) {
		// A key that is no seat colour.
		w.ok = false
	}
	w.raw("}")
}

func (w *canonWriter) player(p *Player) {
	w.raw(`{"buildings":`)
	if p.Buildings == nil {
		w.raw("null")
	} else {
		w.raw("[")
		for i, k := range p.Buildings {
			if i > 0 {
				w.raw(",")
			}
			w.name(k.String())
		}
		w.raw("]")
	}
	w.raw(`,"cubes":`)
	w.int(p.Cubes)
	w.raw(`,"gold":`)
	w.int(p.Gold)
	w.raw(`,"influence":`)
	w.influence(&p.Influence)
	w.raw(`,"orders":{"discard":`)
	if p.Orders.Discard == nil {
		w.raw("null")
	} else {
		w.raw("[")
		for i, c := range p.Orders.Discard {
			if i > 0 {
				w.raw(",")
			}
			w.card(c)
		}
		w.raw("]")
	}
	w.raw(`,"rebuild":`)
	w.str(p.Orders.Rebuild)
	w.raw(`},"permits":`)
	w.ints(p.Permits)
	w.raw(`,"trade":`)
	w.int(p.Trade)
	w.raw(`,"walls":`)
	w.int(p.Walls)
	w.raw("}")
}

func (w *canonWriter) influence(in *Influence) {
	w.raw(`{"blue":`)
	w.int(in.Blue)
	w.raw(`,"green":`)
	w.int(in.Green)
	w.raw(`,"yellow":`)
	w.int(in.Yellow)
	w.raw("}")
}

func (w *canonWriter) hand(h *Hand) {
	w.raw(`{"gold":`)
	w.int(h.Gold)
	w.raw(`,"influence":`)
	w.influence(&h.Influence)
	w.raw("}")
}

func (w *canonWriter) supply(s *Supply) {
	w.raw(`{"church_bottom":`)
	if s.ChurchBottom == nil {
		w.raw("null")
	} else {
		w.name(s.ChurchBottom.String())
	}
	w.raw(`,"church_stack":`)
	if s.ChurchStack == nil {
		w.raw("null")
	} else {
		w.raw("[")
		for i, t := range s.ChurchStack {
			if i > 0 {
				w.raw(",")
			}
			w.name(t.String())
		}
		w.raw("]")
	}
	w.raw(`,"gold":`)
	w.int(s.Gold)
	w.raw(`,"influence_deck":`)
	w.influence(&s.InfluenceDeck)
	w.raw(`,"influence_discard":`)
	w.influence(&s.InfluenceDiscard)
	n := &s.Neutral
	w.raw(`,"neutral":{"hall":`)
	w.int(n.Hall)
	w.raw(`,"shop":`)
	w.int(n.Shop)
	w.raw(`,"stall":`)
	w.int(n.Stall)
	w.raw(`,"tavern":`)
	w.int(n.Tavern)
	w.raw(`,"well":`)
	w.int(n.Well)
	w.raw("}}")
}

// tradeFlags writes the flags as TradeFlags.MarshalJSON does (a list for
// every flag space, empty for none), with the spaces in the byte order of
// their names ("11" before "3").
func (w *canonWriter) tradeFlags(t *TradeFlags) {
	var order [len(TradeFlags{})]int
	var names [len(TradeFlags{})]string
	n := min(len(tradeSpaces), len(order))
	for i := range n {
		names[i] = strconv.Itoa(tradeSpaces[i].Pos)
		j := i
		for ; j > 0 && names[order[j-1]] > names[i]; j-- {
			order[j] = order[j-1]
		}
		order[j] = i
	}
	w.raw("{")
	for k, i := range order[:n] {
		if k > 0 {
			w.raw(",")
		}
		w.b = append(w.b, '"')
		w.b = append(w.b, names[i]...)
		w.b = append(w.b, '"', ':')
		if t[i] == nil {
			w.raw("[]")
		} else {
			w.colours(t[i])
		}
	}
	w.raw("}")
}

func (w *canonWriter) colours(cs []Colour) {
	if cs == nil {
		w.raw("null")
		return
	}
	w.raw("[")
	for i, c := range cs {
		if i > 0 {
			w.raw(",")
		}
		w.colour(c)
	}
	w.raw("]")
}

func (w *canonWriter) ints(vs []int) {
	if vs == nil {
		w.raw("null")
		return
	}
	w.raw("[")
	for i, v := range vs {
		if i > 0 {
			w.raw(",")
		}
		w.int(v)
	}
	w.raw("]")
}
