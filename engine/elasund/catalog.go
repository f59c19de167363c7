package elasund

import (
	"fmt"
	"strings"
)

// Colour is a seat colour (R5). The zero value means no colour.
type Colour int

// The four seat colours.
const (
	NoColour Colour = iota
	Red
	Blue
	Green
	Yellow
)

// AllColours lists the seat colours in a fixed order.
var AllColours = []Colour{Red, Blue, Green, Yellow}

var colourNames = [...]string{"", "red", "blue", "green", "yellow"}

func (c Colour) String() string {
	if c < 0 || int(c) >= len(colourNames) {
		return "?"
	}
	return colourNames[c]
}

// ParseColour reads a seat colour name.
func ParseColour(s string) (Colour, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for i, n := range colourNames {
		if i > 0 && n == t {
			return Colour(i), nil
		}
	}
	return NoColour, fmt.Errorf("%q is not a colour (red, blue, green, yellow)", s)
}

// MarshalText encodes the colour name.
func (c Colour) MarshalText() ([]byte, error) {
	if c <= NoColour || c > Yellow {
		return nil, fmt.Errorf("colour %d is not a seat colour", int(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText decodes a colour name.
func (c *Colour) UnmarshalText(b []byte) error {
	v, err := ParseColour(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// Card is a kind of card: gold, or one of the three influence colours
// (R10, V1). The third influence colour is stored as Yellow and printed per
// edition ("red" in the French and Russian editions).
type Card int

// The card kinds.
const (
	NoCard Card = iota
	Gold
	BlueCard
	GreenCard
	YellowCard
)

// InfluenceCards lists the influence colours in their fixed order.
var InfluenceCards = []Card{BlueCard, GreenCard, YellowCard}

var cardNames = [...]string{"", "gold", "blue", "green", "yellow"}

func (c Card) String() string {
	if c < 0 || int(c) >= len(cardNames) {
		return "?"
	}
	return cardNames[c]
}

// Influence reports whether c is an influence colour.
func (c Card) Influence() bool { return c >= BlueCard && c <= YellowCard }

// ParseCard reads a card kind; "red" is the third influence colour (V1).
func ParseCard(s string) (Card, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "red" {
		return YellowCard, nil
	}
	for i, n := range cardNames {
		if i > 0 && n == t {
			return Card(i), nil
		}
	}
	return NoCard, fmt.Errorf("%q is not a card (gold, blue, green, yellow or red)", s)
}

// ParseCardColour reads an influence colour; "red" and "yellow" are the same
// card colour (V1).
func ParseCardColour(s string) (Card, error) {
	c, err := ParseCard(s)
	if err != nil || !c.Influence() {
		return NoCard, fmt.Errorf("%q is not an influence colour (blue, green, yellow or red)", s)
	}
	return c, nil
}

// Kind is a kind of building (R6). The zero value means none.
type Kind int

// The building kinds.
const (
	NoKind Kind = iota
	Hut
	Cottage
	House
	Workshop
	Well
	Stall
	Tavern
	Shop
	Hall
)

// Income is what a building produces (R29).
type Income int

// The incomes.
const (
	NoIncome Income = iota
	GoldIncome
	InfluenceIncome
)

// Spec is the catalogue entry of a building kind (R6).
type Spec struct {
	Name    string
	W, H    int
	Permits int
	Cost    int
	Income  Income
	Flags   int
	Count   int // neutral stock; 1 per player for player buildings
	Neutral bool
	Starter bool
}

// Size is the number of squares the building covers (R6).
func (s Spec) Size() int { return s.W * s.H }

var specs = [...]Spec{
	NoKind:   {},
	Hut:      {Name: "hut", W: 1, H: 1, Income: InfluenceIncome, Count: 1, Starter: true},
	Cottage:  {Name: "cottage", W: 1, H: 2, Income: GoldIncome, Count: 1, Starter: true},
	House:    {Name: "house", W: 2, H: 1, Permits: 1, Cost: 1, Income: InfluenceIncome, Count: 1},
	Workshop: {Name: "workshop", W: 1, H: 2, Permits: 1, Cost: 2, Income: GoldIncome, Count: 1},
	Well:     {Name: "well", W: 1, H: 1, Permits: 1, Cost: 5, Flags: 1, Count: 4, Neutral: true},
	Stall:    {Name: "stall", W: 2, H: 1, Permits: 1, Cost: 5, Flags: 1, Count: 4, Neutral: true},
	Tavern:   {Name: "tavern", W: 2, H: 2, Permits: 2, Cost: 3, Income: InfluenceIncome, Flags: 1, Count: 5, Neutral: true},
	Shop:     {Name: "shop", W: 2, H: 2, Permits: 2, Cost: 3, Income: GoldIncome, Flags: 1, Count: 5, Neutral: true},
	Hall:     {Name: "hall", W: 2, H: 3, Permits: 3, Cost: 5, Flags: 2, Count: 3, Neutral: true},
}

// NeutralKinds lists the neutral building kinds in catalogue order.
var NeutralKinds = []Kind{Well, Stall, Tavern, Shop, Hall}

// BuildableKinds lists the kinds a build action may name.
var BuildableKinds = []Kind{House, Workshop, Well, Stall, Tavern, Shop, Hall}

// Spec returns the catalogue entry of k.
func (k Kind) Spec() Spec {
	return *k.spec()
}

// spec is Spec without the copy: the caller must not change the entry.
func (k Kind) spec() *Spec {
	if k <= NoKind || int(k) >= len(specs) {
		return &specs[NoKind]
	}
	return &specs[k]
}

func (k Kind) String() string {
	if k <= NoKind || int(k) >= len(specs) {
		return "?"
	}
	return specs[k].Name
}

// ParseKind reads a building name.
func ParseKind(s string) (Kind, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for i := Hut; i <= Hall; i++ {
		if specs[i].Name == t {
			return i, nil
		}
	}
	return NoKind, fmt.Errorf("%q is not a building (house, workshop, well, stall, tavern, shop, hall, hut, cottage)", s)
}

// MarshalText encodes the building name.
func (k Kind) MarshalText() ([]byte, error) {
	if k <= NoKind || int(k) >= len(specs) {
		return nil, fmt.Errorf("building kind %d does not exist", int(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText decodes a building name.
func (k *Kind) UnmarshalText(b []byte) error {
	v, err := ParseKind(string(b))
	if err != nil {
		return err
	}
	*k = v
	return nil
}

// Tile is a church tile, named by its place in the 3×3 church picture (R8).
type Tile int

// The church tiles, row by row from the top of the picture.
const (
	NoTile Tile = iota
	TileNW
	TileN
	TileNE
	TileW
	TileC
	TileE
	TileSW
	TileS
	TileSE
)

// AllTiles lists the church tiles in picture order.
var AllTiles = []Tile{TileNW, TileN, TileNE, TileW, TileC, TileE, TileSW, TileS, TileSE}

var tileNames = [...]string{"", "NW", "N", "NE", "W", "C", "E", "SW", "S", "SE"}

func (t Tile) String() string {
	if t <= NoTile || int(t) >= len(tileNames) {
		return "?"
	}
	return tileNames[t]
}

// cell returns the tile's picture row and column, each 0..2 (R8).
func (t Tile) cell() (pr, pc int) {
	i := int(t) - 1
	return i / 3, i % 3
}

// ParseTile reads a church tile name such as "SE".
func ParseTile(s string) (Tile, error) {
	u := strings.ToUpper(strings.TrimSpace(s))
	for i, n := range tileNames {
		if i > 0 && n == u {
			return Tile(i), nil
		}
	}
	return NoTile, fmt.Errorf("%q is not a church tile (NW N NE W C E SW S SE)", s)
}

// MarshalText encodes the tile name.
func (t Tile) MarshalText() ([]byte, error) {
	if t <= NoTile || int(t) >= len(tileNames) {
		return nil, fmt.Errorf("church tile %d does not exist", int(t))
	}
	return []byte(t.String()), nil
}

// UnmarshalText decodes a tile name.
func (t *Tile) UnmarshalText(b []byte) error {
	v, err := ParseTile(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// startSquares are the starters' squares per colour (R16):
// the cottage's north square, then the hut's square.
var startSquares = map[Colour][2]Square{
	Red:    {{Col: 4, Row: 5}, {Col: 3, Row: 2}},
	Blue:   {{Col: 1, Row: 5}, {Col: 2, Row: 2}},
	Green:  {{Col: 4, Row: 3}, {Col: 3, Row: 7}},
	Yellow: {{Col: 1, Row: 3}, {Col: 2, Row: 7}},
}

// wallReward is what wall tile n (1..9) gives (R9): influence cards, or 0
// with tower true.
func wallReward(n int) (cards int, tower bool) {
	switch n {
	case 1, 2, 4:
		return 1, false
	case 5, 7, 8:
		return 2, false
	case 3, 6, 9:
		return 0, true
	}
	return 0, false
}

// tradeSpaces are the trade-track spaces with flags, and how many (R11).
var tradeSpaces = []struct{ Pos, Flags int }{{3, 4}, {5, 3}, {7, 2}, {9, 2}, {11, 1}}

const (
	maxTrade     = 11 // R11, V19
	cubesEach    = 10 // R5
	wallTiles    = 9  // R5
	churchCost   = 7  // R77
	permitValues = 5  // permits 0..4 (R5)
)
