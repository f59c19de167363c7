package elasund

import (
	"math/bits"
	"slices"

	"github.com/elasund/elasund/engine"
)

// legal lists every action seat may take now (see Game.Legal). The lister
// functions append to one slice, so a listing allocates little.
func (g *Game) legal(seat Colour, peek engine.Rand) []Action {
	g.buf = g.appendLegal(g.buf[:0], seat, peek)
	out := make([]Action, len(g.buf))
	copy(out, g.buf)
	return out
}

func (g *Game) appendLegal(out []Action, seat Colour, peek engine.Rand) []Action {
	st := g.st
	if st.Phase == PhaseOver || !g.waiting(seat) {
		return out
	}
	switch st.Phase {
	case PhaseRoll:
		out = append(out, Action{Kind: ActRoll})
		if peek == nil {
			return out
		}
		// Any other first action rolls implicitly: show what the roll
		// this source gives would allow, rolling on a scratch copy.
		if g.peek == nil {
			g.peek = new(stateBlock)
		}
		h := g.worker(g.peek)
		// A roll from a SeededRand is kept, with its events, for an
		// Apply from the same state of the source (takeRoll); any other
		// is rolled quietly.
		sr, seeded := peek.(*SeededRand)
		if g.peeked == nil && seeded {
			g.peeked = new(peekedRoll)
		}
		if g.peeked != nil {
			g.peeked.ok = false
		}
		if seeded {
			g.peeked.before = *sr
			h.evText, h.evEnds = g.evText[:0], g.evEnds[:0]
		} else {
			h.quiet = true
		}
		h.roll(peek)
		if seeded {
			g.peeked.ok, g.peeked.after = true, *sr
			g.evText, g.evEnds = h.evText, h.evEnds
		}
		return h.appendLegal(out, seat, peek)
	case PhaseShip:
		return g.legalShip(out)
	case PhaseDecide:
		return g.legalDecisions(out, seat)
	}
	var tmp index
	ix, runs := g.board(&tmp)
	if st.Phase == PhaseBuild && st.BuildsDone < 2 {
		out = g.legalBuilds(ix, runs, out, seat)
		out = g.legalWalls(out, seat)
		out = g.legalChurch(out, seat, peek)
	}
	if st.Phase == PhaseBuild || st.Phase == PhasePermit {
		out = g.legalPermits(ix, out, seat)
		out = append(out, Action{Kind: ActGold})
	}
	out = g.legalSpecials(ix, out, seat)
	return append(out, Action{Kind: ActEnd})
}

func (g *Game) legalShip(out []Action) []Action {
	st := g.st
	cur, placed := st.ShipRow()
	if st.Dice[0]+st.Dice[1] == 7 {
		for r := 0; r < NumRows; r++ {
			if !placed || r != cur {
				out = append(out, Action{Kind: ActPirate, Row: r})
			}
		}
		return out
	}
	rows, n := g.twoRowOptions(cur)
	for _, r := range rows[:n] {
		dir := DirSouth
		if r < cur {
			dir = DirNorth
		}
		out = append(out, Action{Kind: ActShip, Dir: dir})
	}
	return out
}

// squareSet is a set of board squares: bit c of row r is square (c, r).
type squareSet [NumRows]uint16

func (s *squareSet) add(c, r int) { s[r] |= 1 << c }

func (g *Game) legalBuilds(ix *index, runs *shapeRuns, out []Action, seat Colour) []Action {
	st := g.st
	p := st.Players[seat]
	// A footprint must hold one of seat's permits (R52): the anchors to
	// try are those whose footprint covers one.
	var own squareSet
	for i := range st.Permits {
		// The squares whose index names one of seat's permits.
		if pm := &st.Permits[i]; pm.Owner == seat && pm.At.onBoard() && ix.permit[pm.At.Col][pm.At.Row] == int32(i+1) {
			own.add(pm.At.Col, pm.At.Row)
		}
	}
	if runs.seat != seat {
		runs.seat, runs.n = seat, 0
	}
	limit := g.cfg.Options.SameSizeCap
	for _, k := range BuildableKinds {
		sp := k.spec()
		if sp.Neutral && st.Supply.Neutral.Of(k) == 0 || !sp.Neutral && !p.hasBuilding(k) {
			continue
		}
		if p.Gold < sp.Cost {
			continue
		}
		// The footprints of the kind's shape that pass quickBuild, from
		// an earlier kind of the same shape (or listing of the same board
		// for the same seat) or worked out now.
		var run *shapeRun
		for i := range runs.n {
			if r := &runs.runs[i]; r.w == sp.W && r.h == sp.H && r.need == sp.Permits {
				run = r
			}
		}
		if run == nil {
			run = &runs.tmp
			if runs.n < len(runs.runs) {
				run = &runs.runs[runs.n]
				runs.n++
			}
			g.runShape(ix, seat, &own, sp, run)
		}
		for r, m := range run.ok {
			for ; m != 0; m &= m - 1 {
				c := bits.TrailingZeros16(m)
				same, comp := int(run.same[r][c]), int(run.comp[r][c])
				if limit > 0 && same > limit || p.Gold < sp.Cost+comp {
					continue
				}
				at := Square{Col: c, Row: r}
				if same == 0 {
					out = append(out, Action{Kind: ActBuild, Building: k, At: at})
					continue
				}
				// A same-size footprint needs "over <colour>".
				for _, col := range InfluenceCards {
					if p.Influence.Of(col) >= 3 {
						out = append(out, Action{Kind: ActBuild, Building: k, At: at, Colour: col})
					}
				}
			}
		}
	}
	return out
}

// shapeRun holds what runShape finds for one footprint shape (width,
// height and permits needed): the anchors whose footprint passes
// quickBuild, and for each the same-size buildings it touches and the
// compensation due. Kinds of the same shape share it.
type shapeRun struct {
	w, h, need int
	ok         squareSet
	same       [NumRows][NumCols]int8
	comp       [NumRows][NumCols]int32
}

// shapeRuns are the shape runs worked out on one board for seat, and room
// for a shape beyond them.
type shapeRuns struct {
	seat Colour
	runs [8]shapeRun
	n    int
	tmp  shapeRun
}

// runShape fills run for the shape of sp: the anchors in the city whose
// footprint covers one of own (seat's permits), and of those the ones
// that pass the checks by bit sets (church site and tiles, R49; enough
// permits, R52) and then quickBuild.
func (g *Game) runShape(ix *index, seat Colour, own *squareSet, sp *Spec, run *shapeRun) {
	run.w, run.h, run.need = sp.W, sp.H, sp.Permits
	run.ok = squareSet{}
	last := cityCols(g.players()) - sp.W // the last anchor column
	if last < 0 || sp.W < 1 || sp.H < 1 {
		return
	}
	anchorCols := uint16(1)<<(last+1) - 1
	width := uint16(1)<<sp.W - 1
	blocked := ix.tiles // squares no footprint may cover (R13, R80)
	if !g.churchBuilt() {
		blocked.add(foundationCol, foundationRow)
	}
	anchors, bad := covering(own, sp.W, sp.H), covering(&blocked, sp.W, sp.H)
	for r := 0; r+sp.H <= NumRows; r++ {
		for m := anchors[r] &^ bad[r] & anchorCols; m != 0; m &= m - 1 {
			c := bits.TrailingZeros16(m)
			// One permit, the seat's, is in every footprint tried.
			if sp.Permits > 1 {
				fp, permits := width<<c, 0
				for row := r; row < r+sp.H; row++ {
					permits += bits.OnesCount16(ix.permits[row] & fp)
				}
				if permits < sp.Permits {
					continue
				}
			}
			if q := g.quickBuild(ix, seat, Square{Col: c, Row: r}, sp); q.ok {
				run.ok.add(c, r)
				run.same[r][c] = int8(q.same)
				run.comp[r][c] = int32(q.comp)
			}
		}
	}
}

// covering returns the anchors whose w×h footprint covers a square of
// set: those of the w columns up to it in each of the h rows up to it. The
// sets it is given (a seat's permits, the church) hold few squares, so it
// works from them rather than from every anchor.
func covering(set *squareSet, w, h int) (anchors squareSet) {
	for r, m := range set {
		if m == 0 {
			continue
		}
		cols := m
		for dc := 1; dc < w; dc++ {
			cols |= m >> dc
		}
		for dr := 0; dr < h && dr <= r; dr++ {
			anchors[r-dr] |= cols
		}
	}
	return anchors
}

// quick is what quickBuild finds out about a footprint.
type quick struct {
	ok   bool // it passes R49, R50 and R52
	same int  // same-size buildings it touches (R51)
	comp int  // compensation due to the other players (R48)
}

// quickBuild checks, without allocating, the footprint of a building of
// spec sp by seat anchored on a, which must lie in the city: R49 (church
// site and tiles), R50, R52, and it counts the same-size buildings touched
// and the compensation, which legalBuilds checks against R51 and R53. A
// listed build is one planBuild accepts (TestLegalBuildsArePlanned).
func (g *Game) quickBuild(ix *index, seat Colour, a Square, sp *Spec) quick {
	w, h, need := sp.W, sp.H, sp.Permits
	size := w * h
	buildings, permits := g.st.Buildings, g.st.Permits
	bare := !g.churchBuilt()
	var sum [Yellow + 1]int
	var has [Yellow + 1]bool
	var seen [maxFootprint]int32
	var q quick
	nseen, npermits := 0, 0
	for c := a.Col; c < a.Col+w; c++ {
		bld, permit, church := &ix.bld[c], &ix.permit[c], &ix.church[c]
		for r := a.Row; r < a.Row+h; r++ {
			if church[r] || (bare && c == foundationCol && r == foundationRow) {
				return quick{}
			}
			if i := bld[r]; i != 0 {
				switch bs := buildings[i-1].Kind.spec(); {
				case bs.W*bs.H > size:
					return quick{}
				case bs.W*bs.H == size && !slices.Contains(seen[:nseen], i):
					seen[nseen] = i
					nseen++
					q.same++
				}
			}
			if i := permit[r]; i != 0 {
				pm := &permits[i-1]
				sum[pm.Owner] += pm.Value
				has[pm.Owner] = true
				npermits++
			}
		}
	}
	if npermits < need || !has[seat] {
		return quick{}
	}
	for c := Red; c <= Yellow; c++ {
		if c == seat {
			continue
		}
		if has[c] && sum[c] >= sum[seat] {
			return quick{}
		}
		q.comp += sum[c]
	}
	q.ok = true
	return q
}

func (g *Game) legalWalls(out []Action, seat Colour) []Action {
	p := g.st.Players[seat]
	if p.Walls >= wallTiles {
		return out
	}
	n := g.players()
	if n > 4 {
		var m wallMap
		g.fillWalls(&m)
		for _, w := range slotsFor(n) {
			if p.Gold >= wallCost(w) && g.wallOpenIn(&m, w) {
				out = append(out, Action{Kind: ActWall, Wall: w})
			}
		}
		return out
	}
	// wallOpen by bits: bit i of a side's word is the slot of index i.
	var valid, occ, gate [East + 1]uint16
	valid[North] = (uint16(1)<<(2*n) - 1) &^ 3 // indices 2..2n-1
	valid[South], valid[East] = valid[North], 0x1fe
	gate[North], gate[South], gate[East] = 1<<(2*n-1), 1<<(2*n-1), 1<<1|1<<8
	for i := range g.st.Walls {
		if w := g.st.Walls[i].At; isWallSlot(w, n) {
			occ[w.Side] |= 1 << w.Index
		}
	}
	var open [East + 1]uint16
	for side := North; side <= East; side++ {
		open[side] = valid[side] &^ occ[side] & (gate[side] | occ[side]<<1 | occ[side]>>1)
	}
	if g.cfg.Options.WallsCheapFirst && (occ[North] != valid[North] || occ[South] != valid[South]) {
		open[East] = 0 // V17
	}
	// The open slots the seat can pay for, in the order of slotsFor:
	// north and south from the highest index down, east from the lowest
	// up.
	for side := North; side <= East; side++ {
		if p.Gold < wallCost(WallSpace{Side: side}) {
			continue
		}
		for m := open[side]; m != 0; {
			i := bits.TrailingZeros16(m)
			if side != East {
				i = 15 - bits.LeadingZeros16(m)
			}
			m &^= 1 << i
			out = append(out, Action{Kind: ActWall, Wall: WallSpace{Side: side, Index: i}})
		}
	}
	return out
}

func (g *Game) legalChurch(out []Action, seat Colour, peek engine.Rand) []Action {
	st := g.st
	if len(st.Supply.ChurchStack) == 0 || st.Players[seat].Gold < churchCost {
		return out
	}
	if g.churchBuilt() {
		return append(out, Action{Kind: ActChurch})
	}
	if peek == nil {
		return out
	}
	t1, t2 := firstChurchDraw(st.Supply.ChurchStack, peek)
	out = append(out, Action{Kind: ActChurch, Tile: t1})
	if t2 != NoTile {
		out = append(out, Action{Kind: ActChurch, Tile: t2})
	}
	return out
}

// payColours lists the influence colours of which p holds at least n
// cards: the first k of cs.
func payColours(p *Player, n int) (cs [3]Card, k int) {
	for _, c := range InfluenceCards {
		if p.Influence.Of(c) >= n {
			cs[k] = c
			k++
		}
	}
	return cs, k
}

// emptySquares is the set of the empty city squares (§0.2): those empty
// reports.
func (g *Game) emptySquares(ix *index) (set squareSet) {
	city := uint16(1)<<min(cityCols(g.players()), NumCols) - 1
	for r := range set {
		set[r] = city &^ ix.full[r]
	}
	if !g.churchBuilt() {
		set[foundationRow] &^= 1 << foundationCol
	}
	return set
}

func (g *Game) legalPermits(ix *index, out []Action, seat Colour) []Action {
	p := g.st.Players[seat]
	rows, nrows := g.permitRows(ix)
	pay, npay := payColours(p, 2)
	empties := g.emptySquares(ix)
	vals, nvals := distinct(p.Permits)
	for _, v := range vals[:nvals] {
		if p.Gold < v {
			continue
		}
		a := Action{Kind: ActPermit, Value: v}
		for r, m := range empties {
			free := slices.Contains(rows[:nrows], r)
			for ; m != 0; m &= m - 1 {
				a.At = Square{Col: bits.TrailingZeros16(m), Row: r}
				if free {
					a.Colour = NoCard
					out = append(out, a)
				}
				for _, col := range pay[:npay] {
					a.Colour = col
					out = append(out, a)
				}
			}
		}
	}
	return out
}

// appendEach appends a once for each square of set, in reading order,
// with the square in To when to is set and in At otherwise. Listings
// append many actions that differ in one square: changing a copy is
// cheaper than building each (an Action is large).
func appendEach(out []Action, a Action, set *squareSet, to bool) []Action {
	for r, m := range set {
		for ; m != 0; m &= m - 1 {
			s := Square{Col: bits.TrailingZeros16(m), Row: r}
			if to {
				a.To = s
			} else {
				a.At = s
			}
			out = append(out, a)
		}
	}
	return out
}

// distinct lists the permit values in vs once each, in their first order:
// the first n of out.
func distinct(vs []int) (out [permitValues]int, n int) {
	seen := [permitValues]bool{}
	for _, v := range vs {
		if v >= 0 && v < permitValues && !seen[v] {
			seen[v] = true
			out[n] = v
			n++
		}
	}
	return out, n
}

func (g *Game) legalSpecials(ix *index, out []Action, seat Colour) []Action {
	st := g.st
	p := st.Players[seat]
	pairs, npairs := payColours(p, 2)
	three := p.Influence.Blue > 0 && p.Influence.Green > 0 && p.Influence.Yellow > 0
	if npairs == 0 && !three {
		return out
	}
	empties := g.emptySquares(ix)
	vals, nvals := distinct(p.Permits)
	if npairs > 0 {
		for _, pm := range st.Permits {
			if pm.Owner != seat {
				continue
			}
			for _, col := range pairs[:npairs] {
				out = appendEach(out, Action{Kind: ActMovePermit, At: pm.At, Colour: col}, &empties, true)
				for _, v := range vals[:nvals] {
					if v > pm.Value && p.Gold >= v-pm.Value {
						out = append(out, Action{Kind: ActUpgradePermit, At: pm.At, Value: v, Colour: col})
					}
				}
			}
		}
	}
	if three {
		for _, v := range vals[:nvals] {
			if p.Gold < v {
				continue
			}
			out = appendEach(out, Action{Kind: ActPlacePermit, Value: v}, &empties, false)
		}
		out = append(out, Action{Kind: ActBuyGold})
	}
	return out
}

func (g *Game) legalDecisions(out []Action, seat Colour) []Action {
	st := g.st
	for i, p := range st.Pending {
		if p.Seat != seat {
			continue
		}
		switch p.Kind {
		case PendingDiscard:
			var held Hand
			for _, k := range p.allowed() {
				held.add(k, st.Players[seat].Count(k))
			}
			out = appendSubHands(out, ActDiscard, held, p.Count)
		case PendingTake:
			out = appendSubHands(out, ActTake, *st.Pool, p.Count)
		case PendingRebuild:
			if i > 0 && st.Pending[0].Seat != seat {
				continue
			}
			spots := g.rebuildSquares(seat, p.Building)
			for r, m := range spots {
				for ; m != 0; m &= m - 1 {
					out = append(out, Action{Kind: ActRebuild, Building: p.Building, At: Square{Col: bits.TrailingZeros16(m), Row: r}})
				}
			}
			out = append(out, Action{Kind: ActRebuild, Building: p.Building, None: true})
		}
		if p.Kind == PendingDiscard || p.Kind == PendingTake {
			break // one discard owed at a time
		}
	}
	return out
}

// appendSubHands appends an action of kind k for every hand of exactly n
// cards taken from h: gold, blue, green, then yellow, with most of each
// kind first.
func appendSubHands(out []Action, k ActionKind, h Hand, n int) []Action {
	in := h.Influence
	for gold := min(n, h.Gold); gold >= 0; gold-- {
		for blue := min(n-gold, in.Blue); blue >= 0; blue-- {
			for green := min(n-gold-blue, in.Green); green >= 0; green-- {
				// The yellow cards make up the rest.
				if yellow := n - gold - blue - green; yellow <= in.Yellow {
					cards := Hand{Gold: gold, Influence: Influence{Blue: blue, Green: green, Yellow: yellow}}
					out = append(out, Action{Kind: k, Cards: cards})
				}
			}
		}
	}
	return out
}
