package elasund

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
)

// Phase is the part of the turn the game is in (TURNFILE.md state schema).
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

// Orders are a seat's standing orders (NOTATION.md).
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
	var b bytes.Buffer
	b.WriteByte('{')
	for i, sp := range tradeSpaces {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:", strconv.Itoa(sp.Pos))
		list := t[i]
		if list == nil {
			list = []Colour{}
		}
		enc, err := json.Marshal(list)
		if err != nil {
			return nil, err
		}
		b.Write(enc)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
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

// State is the full state of a game, with the field names of the
// TURNFILE.md state schema.
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

// Clone returns a deep copy of s.
func (s *State) Clone() *State {
	return new(stateBlock).copyFrom(s, nil)
}

// stateBlock is a State together with room, in fixed arrays, for what it
// points to in any game of up to four players, so that a deep copy takes
// one allocation and the players map. A list that outgrows its array moves
// to the heap as append does.
type stateBlock struct {
	st      State
	players [4]Player
	dice    [2]int
	shipRow int
	pool    Hand
	winner  Colour
	bottom  Tile
	// waiting, then the five trade-flag lists (at most 4, 3, 2, 2, 1).
	colours [4 + 4 + 3 + 2 + 2 + 1]Colour
	permits [4][permitValues]int
	kinds   [4][2]Kind
	cards   [4][4]Card
	bld     [37]Building
	bperm   [20]Permit
	church  [9]ChurchTile
	walls   [20]Wall
	stack   [9]Tile
	pending [8]Pending
	pendAt  [8]Square
	// The players copyFrom put in players, and any more on the heap.
	nplayers int
	more     []*Player
}

// fill copies src into r (empty, with room in an array) when it fits, and
// to a new slice otherwise. The result is never nil, like
// append([]T{}, src...).
func fill[T any](r, src []T) []T {
	if len(src) <= cap(r) {
		return append(r[:0], src...)
	}
	return append(make([]T, 0, len(src)), src...)
}

// fillNil is fill that keeps a nil src nil, like slices.Clone.
func fillNil[T any](r, src []T) []T {
	if src == nil {
		return nil
	}
	return fill(r, src)
}

// copyPlayer returns a copy of p in the block's next player.
func (b *stateBlock) copyPlayer(p *Player) *Player {
	if i := b.nplayers; i < len(b.players) {
		q := &b.players[i]
		*q = *p
		q.Permits = fillNil(b.permits[i][:0], p.Permits)
		q.Buildings = fillNil(b.kinds[i][:0], p.Buildings)
		q.Orders.Discard = fillNil(b.cards[i][:0], p.Orders.Discard)
		b.nplayers++
		return q
	}
	q := new(Player)
	*q = *p
	q.Permits = slices.Clone(p.Permits)
	q.Buildings = slices.Clone(p.Buildings)
	q.Orders.Discard = slices.Clone(p.Orders.Discard)
	b.more = append(b.more, q)
	return q
}

// copySeats copies the players of from into m by looking up the seats,
// when they are exactly from's keys; it reports whether they were.
func (b *stateBlock) copySeats(m, from map[Colour]*Player, seats []Colour) bool {
	if len(seats) == 0 || len(seats) != len(from) || len(seats) > len(b.players) {
		return false
	}
	var ps [len(stateBlock{}.players)]*Player
	for i, c := range seats {
		p, ok := from[c]
		if !ok || slices.Contains(seats[:i], c) {
			return false
		}
		ps[i] = p
	}
	for i, c := range seats {
		m[c] = b.copyPlayer(ps[i])
	}
	return true
}

// copyFrom makes b's State a deep copy of s and returns it. The copy is
// the same as Clone's: every list of the state and of the trade flags is
// non-nil, a player's lists are nil exactly where s's are, and every
// pointer points to a copy. b may hold an earlier copy; nothing of it is
// shared with the result's source.
//
// seats, when given, are the game's seats: the players are then looked up
// by seat rather than found by walking the map, which gives the same copy
// when the seats are exactly the map's keys (and is checked).
func (b *stateBlock) copyFrom(s *State, seats []Colour) *State {
	c := &b.st
	m := c.Players
	*c = *s
	c.WaitingFor = fill(b.colours[0:0:4], s.WaitingFor)
	if s.Dice != nil {
		b.dice = *s.Dice
		c.Dice = &b.dice
	}
	if s.Ship.Row != nil {
		b.shipRow = *s.Ship.Row
		c.Ship.Row = &b.shipRow
	}
	if m == nil {
		m = make(map[Colour]*Player, len(s.Players))
	} else {
		clear(m)
	}
	b.nplayers, b.more = 0, nil
	if !b.copySeats(m, s.Players, seats) {
		for k, p := range s.Players {
			m[k] = b.copyPlayer(p)
		}
	}
	c.Players = m
	c.Buildings = fill(b.bld[:0], s.Buildings)
	for i, x := range c.Buildings {
		if x.Cubes != nil {
			n := *x.Cubes
			c.Buildings[i].Cubes = &n
		}
	}
	c.Permits = fill(b.bperm[:0], s.Permits)
	c.Church = fill(b.church[:0], s.Church)
	c.Walls = fill(b.walls[:0], s.Walls)
	off := 4
	for i := range s.TradeFlags {
		n := tradeSpaces[i].Flags
		c.TradeFlags[i] = fill(b.colours[off:off:off+n], s.TradeFlags[i])
		off += n
	}
	c.Supply.ChurchStack = fill(b.stack[:0], s.Supply.ChurchStack)
	if s.Supply.ChurchBottom != nil {
		b.bottom = *s.Supply.ChurchBottom
		c.Supply.ChurchBottom = &b.bottom
	}
	c.Pending = fill(b.pending[:0], s.Pending)
	for i, p := range c.Pending {
		if p.At != nil {
			if i < len(b.pendAt) {
				b.pendAt[i] = *p.At
				c.Pending[i].At = &b.pendAt[i]
			} else {
				a := *p.At
				c.Pending[i].At = &a
			}
		}
	}
	if s.Pool != nil {
		b.pool = *s.Pool
		c.Pool = &b.pool
	}
	if s.Winner != nil {
		b.winner = *s.Winner
		c.Winner = &b.winner
	}
	return c
}

// normalize puts every list in its canonical order and replaces nil lists
// by empty ones, so equal positions encode to equal bytes.
func (s *State) normalize() {
	s.normalizeLists()
	for _, p := range s.Players {
		p.normalize()
	}
}

// normalize is State.normalize for the block's state: its players are
// those copyFrom put in the block, and no move replaces a player.
func (b *stateBlock) normalize() {
	b.st.normalizeLists()
	for i := range b.nplayers {
		b.players[i].normalize()
	}
	for _, p := range b.more {
		p.normalize()
	}
}

func (s *State) normalizeLists() {
	// Most moves change no list: check the order first, inline.
	if !increasing(len(s.Buildings), func(i int) bool { return readingOrder(s.Buildings[i-1].At, s.Buildings[i].At) < 0 }) {
		sortFunc(s.Buildings, func(a, b Building) int { return readingOrder(a.At, b.At) })
	}
	if !increasing(len(s.Permits), func(i int) bool { return readingOrder(s.Permits[i-1].At, s.Permits[i].At) < 0 }) {
		sortFunc(s.Permits, func(a, b Permit) int { return readingOrder(a.At, b.At) })
	}
	if !increasing(len(s.Church), func(i int) bool { return readingOrder(s.Church[i-1].At, s.Church[i].At) < 0 }) {
		sortFunc(s.Church, func(a, b ChurchTile) int { return readingOrder(a.At, b.At) })
	}
	if !increasing(len(s.Walls), func(i int) bool { return wallOrder(s.Walls[i-1].At) < wallOrder(s.Walls[i].At) }) {
		sortFunc(s.Walls, func(a, b Wall) int { return wallOrder(a.At) - wallOrder(b.At) })
	}
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

// increasing reports whether less(i) holds for every i in 1..n-1: whether
// a list of n elements is in strictly increasing order.
func increasing(n int, less func(i int) bool) bool {
	for i := 1; i < n; i++ {
		if !less(i) {
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
