package elasund

import game "github.com/elasund/elasund/engine/elasund"

// The board data the engine keeps unexported, restated from the rules.
const (
	cubesEach   = 10 // R5
	wallTiles   = 9  // R5
	churchCost  = 7  // R77
	maxTrade    = 11 // R11, V19
	numPermits  = 5  // permits 0..4 (R5)
	eastSlots   = 8  // R4
	numFlagSpcs = 5  // trade spaces with flags (R11)
)

// tradeSpaces are the trade-track spaces with flags and how many each has
// (R11).
var tradeSpaces = [numFlagSpcs]struct{ pos, flags int }{{3, 4}, {5, 3}, {7, 2}, {9, 2}, {11, 1}}

// rowChance is the chance that a turn's roll of 2d6 names each row (R26,
// R27), indexed like game.Rows. A 7 (1/6) brings the pirate instead.
var rowChance = func() [game.NumRows]float64 {
	var p [game.NumRows]float64
	for i, r := range game.Rows {
		d := r - 7
		if d < 0 {
			d = -d
		}
		p[i] = float64(6-d) / 36
	}
	return p
}()

// seatInfo is what the evaluation needs of one seat's holdings.
type seatInfo struct {
	gold     int
	infl     [3]int // blue, green, yellow
	cubes    int    // in supply
	trade    int
	permits  [numPermits]int8 // permits of each value in supply
	walls    int
	house    bool // House in supply
	workshop bool // Workshop in supply
	// incGold and incInfl are the cards the seat's buildings earn per turn
	// on average (R29).
	incGold, incInfl float64
	// exposed counts the seat's cubes a pirate can hit: on neutral
	// buildings, church tiles and east towers (R41). Trade-track cubes and
	// north or south towers lie in no row.
	exposed int
}

func (s *seatInfo) supplyPermits() int {
	n := 0
	for _, c := range s.permits {
		n += int(c)
	}
	return n
}

// model is a compact, cheaply copied view of a position from one seat's
// point of view. Changes that move only permits, cards and gold (phase 3
// and the special actions) are simulated on copies of it; everything else
// goes through the game.
type model struct {
	cfg   *game.Config
	n     int // players
	cols  int // city columns (R1)
	me    game.Colour
	turn  int
	blds  []game.Building // shared, read-only
	bldAt [game.NumCols][game.NumRows]int8
	pOwn  [game.NumCols][game.NumRows]int8 // permit owner colour, 0 for none
	pVal  [game.NumCols][game.NumRows]int8
	chur  [game.NumCols][game.NumRows]int8 // church tile builder colour, 0 for none
	// eastTower is the owner of the east tower beside each row, 0 for none.
	eastTower [game.NumRows]int8
	bare      bool // the church foundation is still bare (R13)
	seat      [5]seatInfo
	// flagHeld[i][c] says colour c has a cube on trade space i; flagUsed[i]
	// counts the cubes there.
	flagHeld   [numFlagSpcs][5]bool
	flagUsed   [numFlagSpcs]int
	neutral    [game.Hall + 1]int
	churchLeft int
	cheapFree  int // empty north and south wall slots
	eastFree   int // empty east wall slots
	towers     [5]int
	bank       int
	winner     game.Colour
	shipRow    int // -1 before the first roll
}

// newModel reads st for seat me.
func newModel(cfg *game.Config, st *game.State, me game.Colour) *model {
	n := len(cfg.Seats)
	m := &model{cfg: cfg, n: n, cols: 2*n + 1, me: me, turn: st.Turn, blds: st.Buildings, shipRow: -1}
	for i, b := range st.Buildings {
		for _, s := range b.Squares() {
			m.bldAt[s.Col][s.Row] = int8(i + 1)
		}
		sp := b.Kind.Spec()
		if sp.Neutral {
			m.seat[b.Owner].exposed += cubesOf(b)
		}
		if sp.Income != game.NoIncome {
			p := rowsChance(b.At.Row, sp.H)
			if sp.Income == game.GoldIncome {
				m.seat[b.Owner].incGold += p
			} else {
				m.seat[b.Owner].incInfl += p
			}
		}
	}
	for _, p := range st.Permits {
		m.pOwn[p.At.Col][p.At.Row] = int8(p.Owner)
		m.pVal[p.At.Col][p.At.Row] = int8(p.Value)
	}
	for _, t := range st.Church {
		m.chur[t.At.Col][t.At.Row] = int8(t.Owner)
		m.seat[t.Owner].exposed++
	}
	m.bare = len(st.Church) == 0
	for _, c := range cfg.Seats {
		p := st.Players[c]
		s := &m.seat[c]
		s.gold = p.Gold
		s.infl = [3]int{p.Influence.Blue, p.Influence.Green, p.Influence.Yellow}
		s.cubes = p.Cubes
		s.trade = p.Trade
		for _, v := range p.Permits {
			if v >= 0 && v < numPermits {
				s.permits[v]++
			}
		}
		s.walls = p.Walls
		for _, k := range p.Buildings {
			switch k {
			case game.House:
				s.house = true
			case game.Workshop:
				s.workshop = true
			}
		}
	}
	for i, list := range st.TradeFlags {
		for _, c := range list {
			m.flagHeld[i][c] = true
		}
		m.flagUsed[i] = len(list)
	}
	for _, k := range game.NeutralKinds {
		m.neutral[k] = st.Supply.Neutral.Of(k)
	}
	m.churchLeft = len(st.Supply.ChurchStack)
	m.cheapFree = 2 * (2*n - 2)
	m.eastFree = eastSlots
	for _, w := range st.Walls {
		if w.At.Side == game.East {
			m.eastFree--
		} else {
			m.cheapFree--
		}
		if w.Tile%3 == 0 { // tiles 3, 6 and 9 are towers (R9)
			m.towers[w.Owner]++
			if w.At.Side == game.East && w.At.Index >= 0 && w.At.Index < game.NumRows {
				m.eastTower[w.At.Index] = int8(w.Owner)
				m.seat[w.Owner].exposed++
			}
		}
	}
	m.bank = st.Supply.Gold
	if st.Winner != nil {
		m.winner = *st.Winner
	}
	if r, ok := st.ShipRow(); ok {
		m.shipRow = r
	}
	return m
}

// rowsChance is the chance that a piece covering h rows from row index r
// produces on a turn (R29: one card per tile however many rows it covers).
func rowsChance(r, h int) float64 {
	p := 0.0
	for i := r; i < r+h && i < game.NumRows; i++ {
		p += rowChance[i]
	}
	return p
}

// tradeValue is the trade-point value of square (c, r) (R2).
func (m *model) tradeValue(c, r int) int {
	if c >= m.cols {
		return 0
	}
	if c == 0 {
		return 1
	}
	if (c == 5 || c == 7) && (r == 0 || r == game.NumRows-1) {
		return 2
	}
	return 0
}

// empty reports whether (c, r) is an empty city square (§0.2).
func (m *model) empty(c, r int) bool {
	return c < m.cols && m.bldAt[c][r] == 0 && m.pOwn[c][r] == 0 && m.chur[c][r] == 0 &&
		!(m.bare && c == game.Foundation.Col && r == game.Foundation.Row)
}

// cubesOf is the number of cubes on a neutral building (R97).
func cubesOf(b game.Building) int {
	if b.Cubes != nil {
		return *b.Cubes
	}
	return b.Kind.Spec().Flags
}

// pay removes n influence cards of colour c (an game.Card) from seat s.
func (s *seatInfo) pay(c game.Card, n int) {
	if c.Influence() {
		s.infl[c-game.BlueCard] -= n
	}
}

// simulate applies to m the effect of a phase-3 or special action by m.me
// (R84-R90). It reports false for actions it does not model.
func (m *model) simulate(a game.Action) bool {
	s := &m.seat[m.me]
	switch a.Kind {
	case game.ActGold:
		n := min(2, m.bank)
		s.gold += n
		m.bank -= n
	case game.ActPermit, game.ActPlacePermit:
		if a.Kind == game.ActPermit {
			s.pay(a.Colour, 2)
		} else {
			for i := range s.infl {
				s.infl[i]--
			}
		}
		s.gold -= a.Value
		m.bank += a.Value
		s.permits[a.Value]--
		m.pOwn[a.At.Col][a.At.Row] = int8(m.me)
		m.pVal[a.At.Col][a.At.Row] = int8(a.Value)
	case game.ActMovePermit:
		s.pay(a.Colour, 2)
		m.pOwn[a.To.Col][a.To.Row] = m.pOwn[a.At.Col][a.At.Row]
		m.pVal[a.To.Col][a.To.Row] = m.pVal[a.At.Col][a.At.Row]
		m.pOwn[a.At.Col][a.At.Row] = 0
		m.pVal[a.At.Col][a.At.Row] = 0
	case game.ActUpgradePermit:
		s.pay(a.Colour, 2)
		old := int(m.pVal[a.At.Col][a.At.Row])
		s.gold -= a.Value - old
		m.bank += a.Value - old
		s.permits[a.Value]--
		s.permits[old]++
		m.pVal[a.At.Col][a.At.Row] = int8(a.Value)
	case game.ActBuyGold:
		for i := range s.infl {
			s.infl[i]--
		}
		n := min(2, m.bank)
		s.gold += n
		m.bank -= n
	case game.ActEnd:
	default:
		return false
	}
	return true
}

// cubesInRow counts c's cubes a pirate in row would hit (R41, V10):
// cubes on neutral flag squares in the row (or, with the
// building_touches_row option, on buildings touching it), on church tiles
// and on east towers in the row.
func (m *model) cubesInRow(c game.Colour, row int) int {
	k := 0
	for _, b := range m.blds {
		sp := b.Kind.Spec()
		if !sp.Neutral || b.Owner != c {
			continue
		}
		n := cubesOf(b)
		if m.cfg.Options.PirateTouchesRow {
			if row >= b.At.Row && row < b.At.Row+sp.H {
				k += n
			}
			continue
		}
		if row >= b.At.Row && row < b.At.Row+n { // R7: flags on the first rows
			k++
		}
	}
	for col := 0; col < m.cols; col++ {
		if m.chur[col][row] == int8(c) {
			k++
		}
	}
	if m.eastTower[row] == int8(c) {
		k++
	}
	return k
}

// permitRows lists the rows a phase-3 permit may go in without paying
// influence when the ship is in row ship (R85, R86, V11).
func (m *model) permitRows(ship int) []int {
	space := func(r int) bool {
		for c := 0; c < m.cols; c++ {
			if m.empty(c, r) {
				return true
			}
		}
		return false
	}
	if ship < 0 {
		return nil
	}
	if space(ship) {
		return []int{ship}
	}
	for d := 1; d < game.NumRows; d++ {
		var out []int
		for _, r := range []int{ship - d, ship + d} {
			if r >= 0 && r < game.NumRows && space(r) {
				out = append(out, r)
			}
		}
		if len(out) > 0 || !m.cfg.Options.NearestRowFallback {
			return out
		}
	}
	return nil
}

// cards returns how many cards seat c holds.
func (s *seatInfo) cards() int { return s.gold + s.infl[0] + s.infl[1] + s.infl[2] }

// addHand adds sign times hand h to seat s.
func (s *seatInfo) addHand(h game.Hand, sign int) {
	s.gold += sign * h.Gold
	s.infl[0] += sign * h.Influence.Blue
	s.infl[1] += sign * h.Influence.Green
	s.infl[2] += sign * h.Influence.Yellow
}
