package elasund

import (
	"math"

	game "github.com/elasund/elasund/engine/elasund"
)

// The heuristic's position score, in gold (a gold card is worth 1). For
// each seat it adds up:
//
//   - cubes on the board (R91), worth more gold as the seat nears 10;
//   - cards in hand, influence less than gold and complete sets of three
//     colours a little more (they buy gold or a permit anywhere, R89);
//   - income: each building's chance of producing on a turn, which is the
//     2d6 chance of the rows it covers (a 6 or an 8 comes 5 times in 36, a
//     2 or a 12 once), times a horizon of turns that shrinks as the seat
//     nears 10 cubes (R29);
//   - trade progress: a disk one or two points short of a flag it can still
//     claim (R60);
//   - wall progress: tiles built toward the next tower (R9);
//   - minus pirate exposure: cubes on neutral buildings, church tiles and
//     east towers can be raided (R41); trade cubes and north or south
//     towers cannot.
//
// For the seat it plays, it adds plans: every footprint holding one of its
// permits on the board is scored as the building it could become (R47-R54):
// cubes, income, trade points, minus cost, compensation, build-over
// influence and losses of its own buildings; discounted by the permits still
// to place (which must win the majority of value) and the gold still
// missing. The best plans that share no permit count, with falling weights.
// Finally it subtracts a share of the best opponent's value, so taking from
// the leader counts.

// weights are the constants of the position score.
type weights struct {
	Cube float64 // a cube on the board (R91), at the start
	// CubeLate is added to Cube in proportion to the cubes the seat has
	// placed: gold left at the end is worth nothing, so late cubes are
	// worth more gold.
	CubeLate  float64
	Influence float64 // an influence card
	Set       float64 // extra for each set of three colours (R89 c, d)
	// Horizon is how many turns of income a building is credited with, per
	// player and per cube the seat still has to place.
	Horizon float64
	// Trade is the share of a cube credited when the trade disk is one step
	// short of a free flag (two thirds of it) or two steps (one third).
	Trade float64
	// Wall is the share of a tower's cube credited per wall tile built
	// toward it (R9).
	Wall float64
	// SupplyPermit is a permit in supply.
	SupplyPermit float64
	// Exposure is the expected cost, over the horizon, of one cube a
	// pirate can hit (R41, R42), per turn of horizon.
	Exposure float64
	// Leader is the weight of the best opponent's score, subtracted.
	Leader float64
	// Ready, Need1 and Need2 discount a planned building that can be built
	// now, or lacks one or two permits (R52).
	Ready, Need1, Need2 float64
	// Short discounts a planned building per gold still missing (R53).
	Short float64
	// PermitTurn is the cost of the phase 3 spent placing a permit instead
	// of taking 2 gold (R84).
	PermitTurn float64
	// Second and Third weigh the second and third best disjoint plans.
	Second, Third float64

	// shortPow caches Short to the power k, filled by prepared.
	shortPow [64]float64
	ready    bool
}

// prepared returns w with its cached powers filled in.
func (w weights) prepared() weights {
	if w.ready {
		return w
	}
	for k := range w.shortPow {
		w.shortPow[k] = math.Pow(w.Short, float64(k))
	}
	w.ready = true
	return w
}

// shortBy is Short to the power k, the discount for k gold missing.
func (w *weights) shortBy(k int) float64 {
	if w.ready && k < len(w.shortPow) {
		return w.shortPow[k]
	}
	return math.Pow(w.Short, float64(k))
}

// defaultWeights were tuned by playing against random players (see
// match_test.go).
var defaultWeights = weights{
	Cube:         7,
	CubeLate:     3,
	Influence:    0.5,
	Set:          0.2,
	Horizon:      1.1,
	Trade:        0.6,
	Wall:         0.6,
	SupplyPermit: 0.3,
	Exposure:     0.03,
	Leader:       0.2,
	Ready:        0.9,
	Need1:        0.45,
	Need2:        0.2,
	Short:        0.85,
	PermitTurn:   1.5,
	Second:       0.5,
	Third:        0.25,
}

// evaluator scores positions for one seat.
type evaluator struct {
	w       *weights
	me      game.Colour
	horizon float64 // turns of income credited
	cube    float64 // value of a cube on the board
}

// newEvaluator fixes the evaluation context for one decision, so that all
// candidate positions are scored alike.
func newEvaluator(w *weights, m *model) *evaluator {
	left := m.seat[m.me].cubes
	h := w.Horizon * float64(m.n*max(left, 1))
	h = max(h, float64(2*m.n))
	if lim := m.cfg.Options.TurnLimit; lim > 0 {
		h = min(h, float64(max(lim*m.n-m.turn, 1)))
	}
	cube := w.Cube + w.CubeLate*float64(cubesEach-left)/cubesEach
	return &evaluator{w: w, me: m.me, horizon: h, cube: cube}
}

// score is the value of m for the evaluator's seat: its own value and plans
// minus a share of the best opponent's value.
func (e *evaluator) score(m *model) float64 {
	if m.winner != game.NoColour {
		if m.winner == e.me {
			return 1e6
		}
		return -1e6
	}
	v := e.seatValue(m, e.me) + e.plans(m)
	best := math.Inf(-1)
	for _, c := range m.cfg.Seats {
		if c != e.me {
			best = max(best, e.seatValue(m, c))
		}
	}
	if !math.IsInf(best, -1) {
		v -= e.w.Leader * best
	}
	return v
}

// seatValue is what seat c holds: cubes placed, cards, income, trade and
// wall progress, permits in supply.
func (e *evaluator) seatValue(m *model, c game.Colour) float64 {
	s := &m.seat[c]
	w := e.w
	v := e.cube * float64(cubesEach-s.cubes)
	v += float64(s.gold) + e.inflValue(s.infl)
	v += e.horizon * (s.incGold + w.Influence*s.incInfl)
	v += e.tradeProgress(m, c, s.trade)
	v += e.wallProgress(m, c)
	v += w.SupplyPermit * float64(s.supplyPermits())
	v -= e.exposure() * float64(s.exposed)
	return v
}

// exposure is the cost of one cube a pirate can hit: a 7 comes one turn in
// six and picks one of ten rows, and each hit costs a card.
func (e *evaluator) exposure() float64 { return e.w.Exposure * e.horizon }

func (e *evaluator) inflValue(in [3]int) float64 {
	return e.w.Influence*float64(in[0]+in[1]+in[2]) + e.w.Set*float64(min(in[0], in[1], in[2]))
}

// tradeProgress credits a trade position short of the next flag space
// that c can still claim (R60, R61).
func (e *evaluator) tradeProgress(m *model, c game.Colour, t int) float64 {
	for i, sp := range tradeSpaces {
		if sp.pos <= t || m.flagHeld[i][c] || m.flagUsed[i] >= sp.flags {
			continue
		}
		d := sp.pos - t
		return e.cube * e.w.Trade * float64(max(0, 3-d)) / 3
	}
	return 0
}

// tradeDelta is the value to c of moving its trade disk by d: flag cubes
// gained or lost (R60) and the change in progress.
func (e *evaluator) tradeDelta(m *model, c game.Colour, d int) float64 {
	s := &m.seat[c]
	t0 := s.trade
	t1 := min(max(t0+d, 0), maxTrade)
	if t1 == t0 {
		return 0
	}
	v := e.tradeProgress(m, c, t1) - e.tradeProgress(m, c, t0)
	cubes := s.cubes
	for i, sp := range tradeSpaces {
		switch {
		case t1 > t0 && t0 < sp.pos && sp.pos <= t1 && !m.flagHeld[i][c] && m.flagUsed[i] < sp.flags && cubes > 0:
			v += e.cube
			cubes--
		case t1 < t0 && t1 < sp.pos && sp.pos <= t0 && m.flagHeld[i][c]:
			v -= e.cube
		}
	}
	return v
}

// wallProgress credits wall tiles built toward the next tower (R9), while
// enough wall slots remain to reach it (R100).
func (e *evaluator) wallProgress(m *model, c game.Colour) float64 {
	t := m.seat[c].walls
	stage := t % 3
	if t >= wallTiles || stage == 0 || m.cheapFree+m.eastFree < 3-stage {
		return 0
	}
	return e.cube * e.w.Wall * float64(stage) / 3
}

// plan is a building the seat's permits on the board could make.
type plan struct {
	value float64
	mask  uint16 // which of the seat's board permits it uses
}

// maxPermitsOnBoard bounds the permits one seat can have on the board
// (R98).
const maxPermitsOnBoard = numPermits

// plans values the seat's permits on the board by the buildings they make
// possible (R47-R54): every footprint holding at least one of its permits
// is scored, then the best plans that share no permit are added up with
// falling weights.
func (e *evaluator) plans(m *model) float64 {
	me := e.me
	var mine [maxPermitsOnBoard]game.Square
	var idx [game.NumCols][game.NumRows]int8
	nm := 0
	for c := 0; c < m.cols; c++ {
		for r := 0; r < game.NumRows; r++ {
			if m.pOwn[c][r] == int8(me) && nm < len(mine) {
				mine[nm] = game.Square{Col: c, Row: r}
				nm++
				idx[c][r] = int8(nm)
			}
		}
	}
	if nm == 0 {
		return 0
	}
	s := &m.seat[me]
	var kinds [game.Hall + 1]game.Kind
	nk := 0
	for _, k := range game.BuildableKinds {
		ok := m.neutral[k] > 0
		switch k {
		case game.House:
			ok = s.house
		case game.Workshop:
			ok = s.workshop
		}
		if ok {
			kinds[nk] = k
			nk++
		}
	}
	var seen [game.Hall + 1][game.NumCols][game.NumRows]bool
	var buf [160]plan
	list := buf[:0]
	for i := 0; i < nm; i++ {
		p := mine[i]
		for _, k := range kinds[:nk] {
			sp := k.Spec()
			for dr := 0; dr < sp.H; dr++ {
				for dc := 0; dc < sp.W; dc++ {
					ac, ar := p.Col-dc, p.Row-dr
					if ac < 0 || ar < 0 || ac+sp.W > m.cols || ar+sp.H > game.NumRows || seen[k][ac][ar] {
						continue
					}
					seen[k][ac][ar] = true
					if pl, ok := e.footprintPlan(m, k, sp, ac, ar, &idx); ok && pl.value > 0 && len(list) < cap(list) {
						list = append(list, pl)
					}
				}
			}
		}
	}
	// The best plans that share no permit, with falling weights.
	total := 0.0
	var used uint16
	for _, wgt := range []float64{1, e.w.Second, e.w.Third} {
		best := -1
		for j, pl := range list {
			if pl.mask&used == 0 && (best < 0 || pl.value > list[best].value) {
				best = j
			}
		}
		if best < 0 {
			break
		}
		total += wgt * list[best].value
		used |= list[best].mask
	}
	return total
}

// footprint is what lies under a building's footprint: the permits by
// owner, the buildings it touches, its empty squares and trade value.
type footprint struct {
	sum     [5]int  // permit value by owner
	has     [5]bool // owners with a permit there
	touched [6]int8 // the buildings touched (index+1 into model.blds)
	nt      int     // how many of touched are set
	permits int     // permits under the footprint
	empties int     // squares with neither permit nor building
	trade   int     // the squares' trade value
	mask    uint16  // the seat's numbered permits it uses
}

// footprintPlan scores building k anchored on (ac, ar) for the evaluator's
// seat, following the legality checks of R49-R54: what it would gain,
// discounted by the permits and gold still missing. It reads the
// footprint's squares itself, the hot loop of the heuristic; coverCost and
// permitsToPlace weigh what it found.
func (e *evaluator) footprintPlan(m *model, k game.Kind, sp game.Spec, ac, ar int, idx *[game.NumCols][game.NumRows]int8) (plan, bool) {
	var fp footprint
	for r := ar; r < ar+sp.H; r++ {
		for c := ac; c < ac+sp.W; c++ {
			if m.chur[c][r] != 0 || (m.bare && c == game.Foundation.Col && r == game.Foundation.Row) {
				return plan{}, false // R13, R80
			}
			fp.trade += m.tradeValue(c, r)
			b := m.bldAt[c][r]
			if b != 0 {
				dup := false
				for _, t := range fp.touched[:fp.nt] {
					dup = dup || t == b
				}
				if !dup {
					fp.touched[fp.nt] = b
					fp.nt++
				}
			}
			o := m.pOwn[c][r]
			if o != 0 {
				fp.sum[o] += int(m.pVal[c][r])
				fp.has[o] = true
				fp.permits++
				if i := idx[c][r]; i > 0 {
					fp.mask |= 1 << (i - 1)
				}
			} else if b == 0 {
				fp.empties++
			}
		}
	}
	cover, ok := e.coverCost(m, &fp, sp.W*sp.H)
	if !ok {
		return plan{}, false
	}
	permitGold, place, comp, ok := e.permitsToPlace(m, &fp, sp)
	if !ok {
		return plan{}, false
	}
	w := e.w
	value := cover.value - w.PermitTurn*float64(place)
	// What the building brings.
	placed := min(sp.Flags, cover.cubes)
	value += (e.cube - e.exposure()) * float64(placed)
	if sp.Income != game.NoIncome {
		value += e.incomeValue(sp.Income, rowsChance(ar, sp.H))
	}
	value += e.tradeDelta(m, e.me, fp.trade-cover.tradeLoss)
	if cover.cubes-placed == 0 && placed > 0 {
		value += 5 * e.cube // the winning build (R91)
	}
	gold := sp.Cost + comp + permitGold
	value -= float64(gold)
	f := w.Ready
	switch place {
	case 1:
		f = w.Need1
	case 2:
		f = w.Need2
	}
	if short := gold - m.seat[e.me].gold; short > 0 {
		f *= w.shortBy(short)
	}
	return plan{value: value * f, mask: fp.mask}, true
}

// cover is what building over a footprint's buildings costs the seat.
type cover struct {
	value     float64 // the value lost, less what taking others' cubes gains
	cubes     int     // the seat's cubes in supply once its own are freed
	tradeLoss int     // the trade value of the seat's buildings built over
}

// coverCost weighs the buildings a footprint of size squares touches:
// none may be bigger (R50); building over the same size takes three
// matching influence cards, at most the option's cap of them (R51, R54).
func (e *evaluator) coverCost(m *model, fp *footprint, size int) (cover, bool) {
	me, w := e.me, e.w
	s := &m.seat[me]
	cv := cover{cubes: s.cubes}
	same := 0
	for _, t := range fp.touched[:fp.nt] {
		b := m.blds[t-1]
		bs := b.Kind.Spec()
		switch bsz := bs.W * bs.H; {
		case bsz > size:
			return cover{}, false // R50
		case bsz == size:
			same++
		}
		if b.Owner == me {
			if bs.Neutral {
				cv.cubes += cubesOf(b)
				cv.value -= (e.cube - e.exposure()) * float64(cubesOf(b))
			}
			if bs.Income != game.NoIncome {
				cv.value -= e.incomeValue(bs.Income, rowsChance(b.At.Row, bs.H))
			}
			if !bs.Starter {
				for _, q := range b.Squares() {
					cv.tradeLoss += m.tradeValue(q.Col, q.Row)
				}
			}
		} else if bs.Neutral {
			cv.value += w.Leader * e.cube * float64(cubesOf(b))
		}
	}
	if same > 0 {
		// R51, R54: three matching influence, at most the cap of buildings.
		if lim := m.cfg.Options.SameSizeCap; lim > 0 && same > lim {
			return cover{}, false
		}
		if max(s.infl[0], s.infl[1], s.infl[2]) < 3 {
			return cover{}, false
		}
		cv.value -= 3 * w.Influence
	}
	return cv, true
}

// permitsToPlace finds the permits the seat must still put down for a
// building of spec sp on the footprint (R52: enough permits and a strict
// majority of value), what they cost, how many, and the compensation owed
// the other permits' owners (R48); false when its supply cannot make it
// in two placements on the empty squares.
func (e *evaluator) permitsToPlace(m *model, fp *footprint, sp game.Spec) (gold, place, comp int, ok bool) {
	me := e.me
	oppMax, opp := 0, false
	for c := game.Red; c <= game.Yellow; c++ {
		if c != me && fp.has[c] {
			oppMax = max(oppMax, fp.sum[c])
			comp += fp.sum[c] // R48
			opp = true
		}
	}
	need := max(0, sp.Permits-fp.permits)
	supply := m.seat[me].permits
	if opp && fp.sum[me] <= oppMax {
		v, ok := takePermit(&supply, oppMax-fp.sum[me]+1)
		if !ok {
			return 0, 0, 0, false
		}
		gold += v
		place++
		need = max(need-1, 0)
	}
	for ; need > 0; need-- {
		v, ok := takePermit(&supply, 0)
		if !ok {
			return 0, 0, 0, false
		}
		gold += v
		place++
	}
	if place > 2 || place > fp.empties {
		return 0, 0, 0, false
	}
	return gold, place, comp, true
}

// incomeValue is what a building earning one card of kind inc with chance
// p per turn is worth over the horizon.
func (e *evaluator) incomeValue(inc game.Income, p float64) float64 {
	if inc == game.GoldIncome {
		return e.horizon * p
	}
	return e.horizon * p * e.w.Influence
}

// takePermit takes the lowest permit of value at least from out of supply.
func takePermit(supply *[numPermits]int8, from int) (int, bool) {
	for v := max(from, 0); v < numPermits; v++ {
		if supply[v] > 0 {
			supply[v]--
			return v, true
		}
	}
	return 0, false
}
