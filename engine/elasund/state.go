package elasund

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
)

// Phase is the part of the turn the game is in (docs/elasund/rules.md,
// topic state).
type Phase int

// The phases.
const (
	NoPhase Phase = iota
	PhaseRoll
	PhaseShip
	PhaseBuild
	PhasePermit
	PhaseSpecial
	PhaseDecide
	PhaseOver
)

var phaseNames = [...]string{"", "roll", "ship", "build", "permit", "special", "decide", "over"}

func (p Phase) String() string {
	if p <= NoPhase || int(p) >= len(phaseNames) {
		return "?"
	}
	return phaseNames[p]
}

// MarshalText encodes the phase name.
func (p Phase) MarshalText() ([]byte, error) {
	if p <= NoPhase || int(p) >= len(phaseNames) {
		return nil, fmt.Errorf("phase %d does not exist", int(p))
	}
	return []byte(p.String()), nil
}

// UnmarshalText decodes a phase name.
func (p *Phase) UnmarshalText(b []byte) error {
	for i, n := range phaseNames {
		if i > 0 && n == string(b) {
			*p = Phase(i)
			return nil
		}
	}
	return fmt.Errorf("%q is not a phase", b)
}

// MarshalText encodes the card name ("yellow" for the third colour).
func (c Card) MarshalText() ([]byte, error) {
	if c <= NoCard || c > YellowCard {
		return nil, fmt.Errorf("card kind %d does not exist", int(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText decodes a card name.
func (c *Card) UnmarshalText(b []byte) error {
	v, err := ParseCard(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// Influence counts influence cards by colour.
type Influence struct {
	Blue   int `json:"blue"`
	Green  int `json:"green"`
	Yellow int `json:"yellow"`
}

// Of returns the count of colour c.
func (in Influence) Of(c Card) int {
	switch c {
	case BlueCard:
		return in.Blue
	case GreenCard:
		return in.Green
	case YellowCard:
		return in.Yellow
	}
	return 0
}

func (in *Influence) add(c Card, n int) {
	switch c {
	case BlueCard:
		in.Blue += n
	case GreenCard:
		in.Green += n
	case YellowCard:
		in.Yellow += n
	}
}

// Total is the number of cards of all colours.
func (in Influence) Total() int { return in.Blue + in.Green + in.Yellow }

// Orders are a seat's standing orders (docs/elasund/rules.md, topic moves).
type Orders struct {
	// Discard lists card kinds in the order to pay a demanded discard;
	// empty means ask.
	Discard []Card `json:"discard"`
	// Rebuild is "ask" or "nearest".
	Rebuild string `json:"rebuild"`
}

// Player is one seat's holdings.
type Player struct {
	Gold      int       `json:"gold"`
	Influence Influence `json:"influence"`
	Cubes     int       `json:"cubes"`     // cubes still in the supply
	Trade     int       `json:"trade"`     // trade-track position
	Permits   []int     `json:"permits"`   // permit values in the supply
	Walls     int       `json:"walls"`     // wall tiles built
	Buildings []Kind    `json:"buildings"` // own buildings in the supply
	Orders    Orders    `json:"orders"`
}

// Cards is the number of cards the player holds.
func (p *Player) Cards() int { return p.Gold + p.Influence.Total() }

// Count returns how many cards of kind c the player holds.
func (p *Player) Count(c Card) int {
	if c == Gold {
		return p.Gold
	}
	return p.Influence.Of(c)
}

func (p *Player) hasPermit(v int) bool {
	for _, x := range p.Permits {
		if x == v {
			return true
		}
	}
	return false
}

func (p *Player) hasBuilding(k Kind) bool {
	for _, x := range p.Buildings {
		if x == k {
			return true
		}
	}
	return false
}

// Building is a building on the board. Owner is the colour of a player
// building, or the builder (whose cubes are on it) of a neutral one (V34).
type Building struct {
	Kind  Kind   `json:"kind"`
	Owner Colour `json:"owner"`
	At    Square `json:"at"`
	// Cubes is set only when a neutral building carries fewer cubes than it
	// has flags: the builder's supply ran out (R97), which happens on the
	// winning build, or later with win_check end_of_turn (V18).
	Cubes *int `json:"cubes,omitempty"`
}

// cubes is the number of cubes on the building.
func (b Building) cubes() int {
	if b.Cubes != nil {
		return *b.Cubes
	}
	return b.Kind.spec().Flags
}

// covers reports whether s is one of the building's Squares, without
// listing them.
func (b Building) covers(s Square) bool {
	sp := b.Kind.spec()
	return s.onBoard() && s.Col >= b.At.Col && s.Col < b.At.Col+sp.W && s.Row >= b.At.Row && s.Row < b.At.Row+sp.H
}

// Squares lists the squares the building covers.
func (b Building) Squares() []Square {
	sp := b.Kind.spec()
	sq, _ := footprint(b.At, sp.W, sp.H)
	return sq
}

// Permit is a building permit on the board.
type Permit struct {
	Owner Colour `json:"owner"`
	Value int    `json:"value"`
	At    Square `json:"at"`
}

// ChurchTile is a church tile on the board, with its builder's cube (R77).
type ChurchTile struct {
	Tile  Tile   `json:"tile"`
	Owner Colour `json:"owner"`
	At    Square `json:"at"`
	// NoCube is set when the builder's supply was empty, so the tile
	// carries no cube (R97); only with win_check end_of_turn (V18).
	NoCube bool `json:"no_cube,omitempty"`
}

// Wall is a wall tile on the board; tiles 3, 6 and 9 are towers that carry
// their owner's cube (R9).
type Wall struct {
	Owner Colour    `json:"owner"`
	Tile  int       `json:"tile"`
	At    WallSpace `json:"at"`
	// NoCube is set on a tower built when its owner's supply was empty
	// (R97); only with win_check end_of_turn (V18).
	NoCube bool `json:"no_cube,omitempty"`
}

// hasCube reports whether the wall tile is a tower carrying its owner's cube.
func (w Wall) hasCube() bool {
	_, tower := wallReward(w.Tile)
	return tower && !w.NoCube
}

// Ship is the trade ship. Row is the row name, nil before the first roll.
type Ship struct {
	Row    *int `json:"row"`
	Pirate bool `json:"pirate"`
}

// Neutral counts the neutral buildings left in each stack.
type Neutral struct {
	Well   int `json:"well"`
	Stall  int `json:"stall"`
	Tavern int `json:"tavern"`
	Shop   int `json:"shop"`
	Hall   int `json:"hall"`
}

func (n *Neutral) at(k Kind) *int {
	switch k {
	case Well:
		return &n.Well
	case Stall:
		return &n.Stall
	case Tavern:
		return &n.Tavern
	case Shop:
		return &n.Shop
	case Hall:
		return &n.Hall
	}
	return nil
}

// Of returns how many buildings of kind k are left in the stack.
func (n Neutral) Of(k Kind) int {
	if p := n.at(k); p != nil {
		return *p
	}
	return 0
}

// Supply is everything not in a player's hands or on the board.
type Supply struct {
	Gold             int       `json:"gold"`
	InfluenceDeck    Influence `json:"influence_deck"`
	InfluenceDiscard Influence `json:"influence_discard"`
	Neutral          Neutral   `json:"neutral"`
	// ChurchStack lists every church tile not yet built; once the first tile
	// is built, the last one is the tile put at the bottom (R78).
	ChurchStack  []Tile `json:"church_stack"`
	ChurchBottom *Tile  `json:"church_bottom"`
}

// Pending kinds.
const (
	PendingDiscard = "discard" // R35, R42
	PendingRebuild = "rebuild" // R66-R70
	PendingTake    = "take"    // R43 with pirate_reward choose_from_others_discards
)

// Pending is a decision the game waits for.
type Pending struct {
	Seat Colour `json:"seat"`
	Kind string `json:"kind"`
	// Count is the number of cards owed (discard, take).
	Count int `json:"count,omitempty"`
	// Cards says what may be discarded: "any" (pirates, R42) or
	// "influence" (a shortage, R35).
	Cards string `json:"cards,omitempty"`
	// Building and At name the displaced starter and where it stood.
	Building Kind    `json:"building,omitempty"`
	At       *Square `json:"at,omitempty"`
}

// Hand counts cards of every kind; the pirate pool is one.
type Hand struct {
	Gold      int       `json:"gold"`
	Influence Influence `json:"influence"`
}

// Of returns the count of kind c.
func (h Hand) Of(c Card) int {
	if c == Gold {
		return h.Gold
	}
	return h.Influence.Of(c)
}

func (h *Hand) add(c Card, n int) {
	if c == Gold {
		h.Gold += n
		return
	}
	h.Influence.add(c, n)
}

// Total is the number of cards in the hand.
func (h Hand) Total() int { return h.Gold + h.Influence.Total() }

// TradeFlags lists, for each trade-track space with flags (3, 5, 7, 9, 11),
// the colours whose cubes sit there, in the order they came (R11, R61).
type TradeFlags [5][]Colour

// MarshalJSON encodes the flags as {"3": [...], "5": [...], ...}.
func (t TradeFlags) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 128)
	b = append(b, '{')
	for i, sp := range tradeSpaces {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(strconv.AppendQuote(b, strconv.Itoa(sp.Pos)), ":["...)
		for j, c := range t[i] {
			name, err := c.MarshalText()
			if err != nil {
				return nil, err
			}
			if j > 0 {
				b = append(b, ',')
			}
			b = append(append(append(b, '"'), name...), '"')
		}
		b = append(b, ']')
	}
	return append(b, '}'), nil
}

// UnmarshalJSON decodes the flags, refusing unknown spaces.
func (t *TradeFlags) UnmarshalJSON(b []byte) error {
	var m map[string][]Colour
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	var out TradeFlags
	for k, v := range m {
		i := -1
		for j, sp := range tradeSpaces {
			if strconv.Itoa(sp.Pos) == k {
				i = j
			}
		}
		if i < 0 {
			return fmt.Errorf("trade_flags: %q is not a flag space (3, 5, 7, 9, 11)", k)
		}
		out[i] = v
	}
	for i := range out {
		if out[i] == nil {
			out[i] = []Colour{}
		}
	}
	*t = out
	return nil
}

// State is the full state of a game, with the field names of its schema
// (docs/elasund/rules.md, topic state; docs/turnfile.md §2.4).
type State struct {
	Turn       int                `json:"turn"` // turns begun so far
	Current    Colour             `json:"current"`
	Phase      Phase              `json:"phase"`
	WaitingFor []Colour           `json:"waiting_for"`
	Dice       *[2]int            `json:"dice"`
	Ship       Ship               `json:"ship"`
	BuildsDone int                `json:"builds_done"`
	Players    map[Colour]*Player `json:"players"`
	Buildings  []Building         `json:"buildings"`
	Permits    []Permit           `json:"permits"`
	Church     []ChurchTile       `json:"church"`
	Walls      []Wall             `json:"walls"`
	TradeFlags TradeFlags         `json:"trade_flags"`
	Supply     Supply             `json:"supply"`
	Pending    []Pending          `json:"pending"`
	// Pool holds the cards discarded so far in a pirate raid whose
	// discards are still owed (R43); absent otherwise.
	Pool   *Hand   `json:"pool,omitempty"`
	Winner *Colour `json:"winner"`
}

// normalize puts every list in its canonical order and replaces nil lists
// by empty ones, so equal positions encode to equal bytes.
func (s *State) normalize() {
	s.normalizeLists()
	for _, p := range s.Players {
		p.normalize()
	}
}

func (s *State) normalizeLists() {
	// Most moves change no list: check the order first.
	if !s.buildingsInOrder() {
		sortFunc(s.Buildings, func(a, b Building) int { return readingOrder(a.At, b.At) })
	}
	if !s.permitsInOrder() {
		sortFunc(s.Permits, func(a, b Permit) int { return readingOrder(a.At, b.At) })
	}
	if !s.churchInOrder() {
		sortFunc(s.Church, func(a, b ChurchTile) int { return readingOrder(a.At, b.At) })
	}
	if !s.wallsInOrder() {
		sortFunc(s.Walls, func(a, b Wall) int { return wallOrder(a.At) - wallOrder(b.At) })
	}
	s.fillNilLists()
}

// fillNilLists replaces nil lists by empty ones.
func (s *State) fillNilLists() {
	if s.WaitingFor == nil {
		s.WaitingFor = []Colour{}
	}
	if s.Buildings == nil {
		s.Buildings = []Building{}
	}
	if s.Permits == nil {
		s.Permits = []Permit{}
	}
	if s.Church == nil {
		s.Church = []ChurchTile{}
	}
	if s.Walls == nil {
		s.Walls = []Wall{}
	}
	if s.Pending == nil {
		s.Pending = []Pending{}
	}
	if s.Supply.ChurchStack == nil {
		s.Supply.ChurchStack = []Tile{}
	}
	for i := range s.TradeFlags {
		if s.TradeFlags[i] == nil {
			s.TradeFlags[i] = []Colour{}
		}
	}
}

func (p *Player) normalize() {
	if !slices.IsSorted(p.Permits) {
		slices.Sort(p.Permits)
	}
	if !slices.IsSorted(p.Buildings) {
		slices.Sort(p.Buildings)
	}
	if p.Permits == nil {
		p.Permits = []int{}
	}
	if p.Buildings == nil {
		p.Buildings = []Kind{}
	}
	if p.Orders.Discard == nil {
		p.Orders.Discard = []Card{}
	}
	if p.Orders.Rebuild == "" {
		p.Orders.Rebuild = "ask"
	}
}

// buildingsInOrder, permitsInOrder, churchInOrder and wallsInOrder report
// whether a list is in strictly increasing canonical order.
func (s *State) buildingsInOrder() bool {
	l := s.Buildings
	for i := 1; i < len(l); i++ {
		if readingOrder(l[i-1].At, l[i].At) >= 0 {
			return false
		}
	}
	return true
}

func (s *State) permitsInOrder() bool {
	l := s.Permits
	for i := 1; i < len(l); i++ {
		if readingOrder(l[i-1].At, l[i].At) >= 0 {
			return false
		}
	}
	return true
}

func (s *State) churchInOrder() bool {
	l := s.Church
	for i := 1; i < len(l); i++ {
		if readingOrder(l[i-1].At, l[i].At) >= 0 {
			return false
		}
	}
	return true
}

func (s *State) wallsInOrder() bool {
	l := s.Walls
	for i := 1; i < len(l); i++ {
		if wallOrder(l[i-1].At) >= wallOrder(l[i].At) {
			return false
		}
	}
	return true
}

// sortFunc sorts s as slices.SortFunc does. A list in strictly increasing
// order but for its last element, the usual list after one move, is
// finished by inserting that element, when it is unequal to all others:
// with distinct keys there is one sorted order, so the result is the same.
func sortFunc[T any](s []T, cmp func(a, b T) int) {
	n := len(s)
	i := 1
	for i < n && cmp(s[i-1], s[i]) < 0 {
		i++
	}
	if i >= n {
		return
	}
	if i == n-1 {
		x := s[n-1]
		j := 0
		for j < n-1 {
			c := cmp(s[j], x)
			if c == 0 {
				slices.SortFunc(s, cmp)
				return
			}
			if c > 0 {
				break
			}
			j++
		}
		// s[j] > x, so every later element is too: none equals x.
		copy(s[j+1:], s[j:n-1])
		s[j] = x
		return
	}
	slices.SortFunc(s, cmp)
}

// readingOrder compares squares row by row, west to east.
func readingOrder(a, b Square) int {
	if a.Row != b.Row {
		return a.Row - b.Row
	}
	return a.Col - b.Col
}

// wallOrder sorts wall slots: north, south, then east, each by index.
func wallOrder(w WallSpace) int { return int(w.Side)*100 + w.Index }

// ShipRow returns the ship's row index, and false before the first roll.
func (s *State) ShipRow() (int, bool) {
	if s.Ship.Row == nil {
		return 0, false
	}
	return RowIndex(*s.Ship.Row)
}
