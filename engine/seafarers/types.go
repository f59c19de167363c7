package seafarers

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/elasund/elasund/engine/seafarers/board"
)

// Colour is a seat's colour (S3). The zero Colour is none.
type Colour int8

// The seat colours, in their canonical order (S3, V34).
const (
	NoColour Colour = iota
	Red
	Blue
	White
	Orange
)

// AllColours lists the colours in their canonical order.
var AllColours = [4]Colour{Red, Blue, White, Orange}

var colourNames = [...]string{"", "red", "blue", "white", "orange"}

// String returns the colour's name, or "?" for none.
func (c Colour) String() string {
	if c <= NoColour || int(c) >= len(colourNames) {
		return "?"
	}
	return colourNames[c]
}

// ParseColour reads a colour name, in any case.
func ParseColour(s string) (Colour, error) {
	t := strings.ToLower(s)
	for i, n := range colourNames {
		if i > 0 && n == t {
			return Colour(i), nil
		}
	}
	return NoColour, fmt.Errorf("%q is not a colour (red, blue, white, orange)", s)
}

// Resource is a kind of resource card. The zero Resource is none; the
// others are numbered in resource order (brick, lumber, wool, grain, ore),
// the order of every list and tie-break of the rules (RULES §0.2).
type Resource int8

// The resources, in resource order.
const (
	NoResource Resource = iota
	Brick
	Lumber
	Wool
	Grain
	Ore
)

// NumResources is the number of resources.
const NumResources = 5

// Resources lists the resources in resource order.
var Resources = [NumResources]Resource{Brick, Lumber, Wool, Grain, Ore}

var resourceNames = [...]string{"", "brick", "lumber", "wool", "grain", "ore"}

// String returns the resource's name, or "?" for none.
func (r Resource) String() string {
	if r <= NoResource || int(r) >= len(resourceNames) {
		return "?"
	}
	return resourceNames[r]
}

// resourceAliases are the other words for each resource (topic moves).
var resourceAliases = map[string]Resource{
	"brick": Brick, "lumber": Lumber, "wool": Wool, "grain": Grain, "ore": Ore,
	"clay": Brick, "wood": Lumber, "sheep": Wool, "wheat": Grain,
}

// ParseResource reads a resource word: a name, an alias (clay, wood, sheep,
// wheat), either with a final s, in any case.
func ParseResource(s string) (Resource, error) {
	t := strings.ToLower(s)
	if r, ok := resourceAliases[t]; ok {
		return r, nil
	}
	if strings.HasSuffix(t, "s") {
		if r, ok := resourceAliases[t[:len(t)-1]]; ok {
			return r, nil
		}
	}
	return NoResource, fmt.Errorf("%q is not a resource (brick, lumber, wool, grain, ore)", s)
}

// Hand counts resource cards by resource: Hand[r-1] is the count of r.
type Hand [NumResources]int

// PackedHand is a hand as an action carries it, one byte a resource, so
// that listings of actions stay small: the counts of the move language (at
// most maxCount) and of any hand (at most the bank's bankStart) fit.
type PackedHand [NumResources]int8

// Hand returns the packed cards as a Hand.
func (p PackedHand) Hand() Hand {
	return Hand{int(p[0]), int(p[1]), int(p[2]), int(p[3]), int(p[4])}
}

// Of returns the count of resource r.
func (p PackedHand) Of(r Resource) int {
	if r < Brick || r > Ore {
		return 0
	}
	return int(p[r-1])
}

// Total is the number of cards.
func (p PackedHand) Total() int {
	return int(p[0]) + int(p[1]) + int(p[2]) + int(p[3]) + int(p[4])
}

// overlaps reports whether p and q hold cards of a same resource, written
// out (every offer asks, S64).
func (p *PackedHand) overlaps(q *PackedHand) bool {
	return p[0] > 0 && q[0] > 0 || p[1] > 0 && q[1] > 0 || p[2] > 0 && q[2] > 0 || p[3] > 0 && q[3] > 0 || p[4] > 0 && q[4] > 0
}

// String prints the cards as Hand.String does.
func (p PackedHand) String() string { return p.Hand().String() }

// Packed returns the hand packed one byte a resource. Each count must lie
// within 0..127, as every hand's and every parsed count does.
func (h Hand) Packed() PackedHand {
	return PackedHand{int8(h[0]), int8(h[1]), int8(h[2]), int8(h[3]), int8(h[4])}
}

// Of returns the count of resource r.
func (h Hand) Of(r Resource) int { return h.of(r) }

// of is Of reading the hand where it is: a value receiver copies the five
// counts at every call, inlined or not (a hand is too large for the
// compiler to keep in registers), and the engine asks in every listing.
func (h *Hand) of(r Resource) int {
	if r < Brick || r > Ore {
		return 0
	}
	return h[r-1]
}

// Total is the number of cards in the hand.
func (h Hand) Total() int { return h.total() }

// total is Total reading the hand where it is (see of).
func (h *Hand) total() int { return h[0] + h[1] + h[2] + h[3] + h[4] }

// Contains reports whether h holds every card of o. Both are read where
// they are: a hand is too large for the compiler to keep in registers, so
// a copy of each would cost more than the comparisons.
func (h *Hand) Contains(o *Hand) bool {
	return h[0] >= o[0] && h[1] >= o[1] && h[2] >= o[2] && h[3] >= o[3] && h[4] >= o[4]
}

// most is the largest count of the hand, written out (slices.Max goes
// round a loop; every trade-phase listing asks).
func (h *Hand) most() int { return max(h[0], h[1], h[2], h[3], h[4]) }

// containsPacked is Contains for cards as an action packs them.
func (h *Hand) containsPacked(p *PackedHand) bool {
	return h[0] >= int(p[0]) && h[1] >= int(p[1]) && h[2] >= int(p[2]) && h[3] >= int(p[3]) && h[4] >= int(p[4])
}

// Kinds is the number of resources the hand holds at least one of.
func (h Hand) Kinds() int { return bits.OnesCount8(h.held()) }

// held returns the resources the hand holds at least one of, bit r-1 for
// resource r (atLeast(1)): every trade-phase listing asks (legalOffers).
func (h *Hand) held() uint8 { return h.atLeast(1) }

// atLeast returns the resources the hand holds at least n of, bit r-1
// for resource r, written out: the maritime and offer listings ask at
// every listing.
func (h *Hand) atLeast(n int) uint8 {
	var m uint8
	if h[0] >= n {
		m |= 1
	}
	if h[1] >= n {
		m |= 1 << 1
	}
	if h[2] >= n {
		m |= 1 << 2
	}
	if h[3] >= n {
		m |= 1 << 3
	}
	if h[4] >= n {
		m |= 1 << 4
	}
	return m
}

// add puts the cards of o into h. Both are read where they are and the
// five counts written out (see of): production, trades and every build
// move cards between a hand and the bank.
func (h *Hand) add(o *Hand) {
	h[0], h[1], h[2], h[3], h[4] = h[0]+o[0], h[1]+o[1], h[2]+o[2], h[3]+o[3], h[4]+o[4]
}

// sub takes the cards of o out of h (see add).
func (h *Hand) sub(o *Hand) {
	h[0], h[1], h[2], h[3], h[4] = h[0]-o[0], h[1]-o[1], h[2]-o[2], h[3]-o[3], h[4]-o[4]
}

// setPacked makes h the cards of p, count by count: unpacking p into a new
// hand and copying that costs twice as much.
func (h *Hand) setPacked(p *PackedHand) {
	h[0], h[1], h[2], h[3], h[4] = int(p[0]), int(p[1]), int(p[2]), int(p[3]), int(p[4])
}

// addPacked puts the cards of p into h, as add does, without unpacking
// them into a hand first.
func (h *Hand) addPacked(p PackedHand) {
	h[0], h[1], h[2], h[3], h[4] = h[0]+int(p[0]), h[1]+int(p[1]), h[2]+int(p[2]), h[3]+int(p[3]), h[4]+int(p[4])
}

// subPacked takes the cards of p out of h (see addPacked).
func (h *Hand) subPacked(p PackedHand) {
	h[0], h[1], h[2], h[3], h[4] = h[0]-int(p[0]), h[1]-int(p[1]), h[2]-int(p[2]), h[3]-int(p[3]), h[4]-int(p[4])
}

// one returns a hand of n cards of resource r.
func one(r Resource, n int) Hand {
	var h Hand
	if r >= Brick && r <= Ore {
		h[r-1] = n
	}
	return h
}

// String prints the hand in the canonical card list of topic moves:
// "2 wool, 1 ore"; "none" for an empty hand.
func (h Hand) String() string {
	var buf [64]byte
	return string(h.appendTo(buf[:0]))
}

// appendTo appends the hand as String prints it to b.
func (h Hand) appendTo(b []byte) []byte {
	start := len(b)
	for i, v := range h {
		if v == 0 {
			continue
		}
		if len(b) > start {
			b = append(b, ", "...)
		}
		if v > 0 && v < 10 {
			b = append(b, byte('0'+v), ' ')
		} else {
			b = strconv.AppendInt(b, int64(v), 10)
			b = append(b, ' ')
		}
		b = append(b, resourceNames[i+1]...)
	}
	if len(b) == start {
		b = append(b, "none"...)
	}
	return b
}

// CardKind is a kind of development card (S8). The zero CardKind is none;
// Sealed marks a card whose kind a pending sealed draw fixes (S140).
type CardKind int8

// The development cards, in the draw order of S140 (knight, victory-point,
// road-building, year-of-plenty, monopoly).
const (
	NoCard CardKind = iota
	Knight
	VictoryPoint
	RoadBuilding
	YearOfPlenty
	Monopoly
	Sealed
)

// NumCardKinds is the number of kinds of development card.
const NumCardKinds = 5

// CardKinds lists the kinds in draw order (S140).
var CardKinds = [NumCardKinds]CardKind{Knight, VictoryPoint, RoadBuilding, YearOfPlenty, Monopoly}

var cardNames = [...]string{"", "knight", "victory-point", "road-building", "year-of-plenty", "monopoly", "sealed"}

// String returns the card kind's name.
func (k CardKind) String() string {
	if k <= NoCard || int(k) >= len(cardNames) {
		return "?"
	}
	return cardNames[k]
}

// ParseCardKind reads a development card kind (not "sealed").
func ParseCardKind(s string) (CardKind, error) {
	t := strings.ToLower(s)
	for i, n := range cardNames[:Sealed] {
		if i > 0 && n == t {
			return CardKind(i), nil
		}
	}
	return NoCard, fmt.Errorf("%q is not a development card (knight, road-building, year-of-plenty, monopoly, victory-point)", s)
}

// Deck counts development cards by kind: Deck[k-1] is the count of k.
type Deck [NumCardKinds]int

// Total is the number of cards.
func (d Deck) Total() int { return d[0] + d[1] + d[2] + d[3] + d[4] }

// parseHarbourWord reads a harbour kind of a move: "3:1" or a resource
// word with its aliases (topic moves).
func parseHarbourWord(s string) (board.HarbourKind, error) {
	if s == "3:1" {
		return board.Harbour3to1, nil
	}
	r, err := ParseResource(s)
	if err != nil {
		return board.NoHarbour, fmt.Errorf("%q is not a harbour kind (brick, lumber, wool, grain, ore, 3:1)", s)
	}
	return board.HarbourKind(r), nil
}

// harbourResource is the resource of a 2:1 harbour, NoResource otherwise.
func harbourResource(k board.HarbourKind) Resource {
	if k >= board.HarbourBrick && k <= board.HarbourOre {
		return Resource(k)
	}
	return NoResource
}

// yield is the resource a terrain produces, NoResource for gold, desert,
// sea and fog.
func yield(t board.Terrain) Resource {
	switch t {
	case board.Fields:
		return Grain
	case board.Hills:
		return Brick
	case board.Mountains:
		return Ore
	case board.Pasture:
		return Wool
	case board.Forest:
		return Lumber
	}
	return NoResource
}

// Phase is the part of the turn the game is in (S24–S28, S157).
type Phase int8

// The phases.
const (
	NoPhase Phase = iota
	PhaseSetup
	PhaseRoll
	PhaseRobber
	PhaseTrade
	PhaseBuild
	PhaseDecide
	PhaseOver
)

var phaseNames = [...]string{"", "setup", "roll", "robber", "trade", "build", "decide", "over"}

// String returns the phase's name.
func (p Phase) String() string {
	if p <= NoPhase || int(p) >= len(phaseNames) {
		return "?"
	}
	return phaseNames[p]
}

// ParsePhase reads a phase name.
func ParsePhase(s string) (Phase, error) {
	for i, n := range phaseNames {
		if i > 0 && n == s {
			return Phase(i), nil
		}
	}
	return NoPhase, fmt.Errorf("%q is not a phase", s)
}

// Wonder is one of the five wonders of wonders-of-catan (S128). The zero
// Wonder is none.
type Wonder int8

// The wonders, in the order of S128.
const (
	NoWonder Wonder = iota
	Theater
	GreatBridge
	Monument
	GreatWall
	Cathedral
)

// NumWonders is the number of wonders.
const NumWonders = 5

var wonderNames = [...]string{"", "theater", "great-bridge", "monument", "great-wall", "cathedral"}

// String returns the wonder's name in moves.
func (w Wonder) String() string {
	if w <= NoWonder || int(w) >= len(wonderNames) {
		return "?"
	}
	return wonderNames[w]
}

// ParseWonder reads a wonder's name.
func ParseWonder(s string) (Wonder, error) {
	t := strings.ToLower(s)
	for i, n := range wonderNames {
		if i > 0 && n == t {
			return Wonder(i), nil
		}
	}
	return NoWonder, fmt.Errorf("%q is not a wonder (theater, great-bridge, monument, great-wall, cathedral)", s)
}

// wonderCost is the cost of one level of each wonder (S128, Q4).
var wonderCost = [NumWonders + 1]Hand{
	Theater:     {1, 1, 3, 0, 0},
	GreatBridge: {0, 3, 1, 1, 0},
	Monument:    {0, 0, 0, 3, 2},
	GreatWall:   {3, 1, 0, 1, 0},
	Cathedral:   {1, 0, 0, 1, 3},
}

// Piece is a kind of piece a player places (S9).
type Piece int8

// The pieces.
const (
	NoPiece Piece = iota
	Road
	Ship
	Settlement
	City
)

var pieceNames = [...]string{"", "road", "ship", "settlement", "city"}

// String returns the piece's name.
func (p Piece) String() string {
	if p <= NoPiece || int(p) >= len(pieceNames) {
		return "?"
	}
	return pieceNames[p]
}

// Building costs (S12).
var (
	costRoad       = Hand{1, 1, 0, 0, 0}
	costShip       = Hand{0, 1, 1, 0, 0}
	costSettlement = Hand{1, 1, 1, 1, 0}
	costCity       = Hand{0, 0, 0, 2, 3}
	costCard       = Hand{0, 0, 1, 1, 1}
)

// pieceLimits are the pieces of S9: settlements, cities, roads, ships.
const (
	limitSettlements = 5
	limitCities      = 4
	limitRoads       = 15
	limitShips       = 15
)

// bankStart is the number of cards of each resource (S7).
const bankStart = 19

// deckStart is the development deck of S8 by kind (draw order).
var deckStart = Deck{14, 5, 2, 2, 2}
