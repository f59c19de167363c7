package board

// Hex is what one board position holds: its terrain and its number token
// (0 for none). On a board not yet dealt, a random position holds Unknown and
// 0 (S134).
type Hex struct {
	Terrain Terrain
	Number  int
}

// Harbour is a harbour token on a coastal edge (BOARDS B18), with the land
// hex it serves. Its harbour corners are Edge.Ends().
type Harbour struct {
	Edge Edge
	Land Pos
	Kind HarbourKind
}

// Compare orders harbours by their edges (Edge.Compare), the order a
// board and a land keep them in. It returns -1, 0 or +1.
func (h Harbour) Compare(o Harbour) int { return h.Edge.Compare(o.Edge) }

// Area is a named part of a scenario's land (BOARDS B17): the main island,
// a small island, the desert strip, a tribe's island and so on. The flags
// repeat, for the rules engine's convenience, what BOARDS and RULES §14 say
// of the area; rules that depend on the player (home islands, S93) are
// not flags.
type Area struct {
	// Name is the area's name in BOARDS and in the moves ("main",
	// "island-2").
	Name string
	// Setup is true where setup settlements may go (S20 item 3; §14).
	Setup bool
	// Reward is true for the areas where a player's first settlement earns
	// special victory points whoever the player is (S92, S95, S127).
	Reward bool
	// Closed is true for a tribe's island: no settlement may ever touch it
	// (S102, S107).
	Closed bool
}

// GiftKind is what lies on a forgotten-tribe gift edge (BOARDS §12.1). The
// zero GiftKind is none.
type GiftKind int

// The gift kinds, named as the state writes them.
const (
	NoGift GiftKind = iota
	GiftSVP
	GiftCard
	GiftHarbour
)

// String returns "svp", "card" or "harbour", or "" for NoGift.
func (k GiftKind) String() string {
	switch k {
	case GiftSVP:
		return "svp"
	case GiftCard:
		return "card"
	case GiftHarbour:
		return "harbour"
	}
	return ""
}

// ParseGiftKind reads a gift kind as the state writes it: "svp", "card"
// or "harbour"; NoGift for anything else.
func ParseGiftKind(s string) GiftKind {
	for k := GiftSVP; k <= GiftHarbour; k++ {
		if k.String() == s {
			return k
		}
	}
	return NoGift
}

// Gift is a forgotten-tribe gift lying on a gift edge at the start (BOARDS
// §12.1, S101). A harbour gift carries its token; on a board not yet
// dealt with shuffled harbours the token is HarbourUnknown.
type Gift struct {
	Edge    Edge
	Kind    GiftKind
	Harbour HarbourKind
}

// Cloth at the start of cloth-for-catan (BOARDS §12.2, S106).
const (
	VillageCloth = 5  // cloth on each village
	ClothSupply  = 10 // cloth in the general supply
)

// Village is a cloth-for-catan village of the forgotten tribe: a number
// token on a corner of a tribe island (BOARDS §12.2).
type Village struct {
	Corner Corner
	Number int
	Area   string
}

// FortressChits is the number of Catan chits under each pirate fortress at
// the start (BOARDS §12.3).
const FortressChits = 3

// PirateBase is one colour's pieces and marks in pirate-islands (BOARDS
// §12.3): the pre-placed settlement and ship, the marked corner of the lone
// settlement (S119), the pirate fortress (S115) and the only
// edges where the colour may ever have ships (S118), in edge order.
type PirateBase struct {
	Colour     string
	Settlement Corner
	Ship       Edge
	Lone       Corner
	Fortress   Corner
	Route      []Edge
}

// CornerMark is a special corner of wonders-of-catan (BOARDS §12.4). The zero
// CornerMark is none.
type CornerMark int

// The special corners.
const (
	NoMark      CornerMark = iota
	Wasteland              // brown squares: Great Wall requirement; no setup settlement
	Strait                 // purple squares: Great Bridge requirement; no setup settlement
	Exclamation            // red exclamation marks: no setup settlement
)

// String returns "wasteland", "strait" or "exclamation", or "" for NoMark.
func (m CornerMark) String() string {
	switch m {
	case Wasteland:
		return "wasteland"
	case Strait:
		return "strait"
	case Exclamation:
		return "exclamation"
	}
	return ""
}

// MarkedCorner is a special corner of wonders-of-catan with its mark.
type MarkedCorner struct {
	Corner Corner
	Mark   CornerMark
}

// FogStack is the fog-island stack of face-down tiles and number tokens
// (BOARDS §10): how many tiles of each terrain, and the numbers ascending.
type FogStack struct {
	Tiles   [NumTerrains]int
	Numbers []int
}
