package elasund

import "github.com/elasund/elasund/engine"

// index maps board squares to what covers them. It is built from the
// state's lists whenever needed (on the stack: fillIndex); the lists are the
// truth.
type index struct {
	bld    [NumCols][NumRows]int32 // 1 + index into State.Buildings, 0 for none
	permit [NumCols][NumRows]int32 // 1 + index into State.Permits
	church [NumCols][NumRows]bool
	// full holds the squares with a building part, a permit or a church
	// tile; built, permits and tiles those with a building part, a permit
	// and a church tile.
	full, built, permits, tiles squareSet
}

// index returns a new index of the board.
func (g *Game) index() *index {
	ix := &index{}
	g.fillIndex(ix)
	return ix
}

// boardCache holds what depends only on the board lists of a state the
// game had (which never change): the index, the footprints legalBuilds
// worked out for one seat, and the producing buildings by row. Its key is
// those lists, by their memory: the cache keeps them alive, and when a move
// writes into memory that held such lists (reusing a block's room,
// stateBlock.own) it forgets what it holds, so the same memory means the
// same lists. Each list's part of the index is kept while that list is
// the same, so a move that changes one list has only its part filled
// again. Workers share their game's cache.
type boardCache struct {
	bld    []Building
	perm   []Permit
	church []ChurchTile
	// known holds the ixLists bits of the lists whose part of ix is
	// up to date for the list kept above.
	known uint8
	ix    index
	runs  shapeRuns
	// The buildings that earn gold and influence with the ship in each
	// row (rowIncome), once worked out.
	incomeOK         bool
	incGold, incInfl [NumRows][NumCols + 1]int32
	nGold, nInfl     [NumRows]uint8
}

// ixLists are the lists an index is made from.
const ixLists = ownBuildings | ownPermits | ownChurch

// sameList reports whether a and b are the same list in the same memory.
func sameList[T any](a, b []T) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// worker returns a game changing a copy of g's state in block b (a move,
// or a peeked roll), sharing g's caches.
func (g *Game) worker(b *stateBlock) Game {
	if g.bc == nil && g.ordered {
		g.bc = new(boardCache)
	}
	return Game{cfg: g.cfg, st: b.copy(g.st, g.cur, g.cfg.Seats), blk: b, bc: g.bc, scratch: g.scratch}
}

// board returns the index of the board now and the place for legalBuilds's
// shape runs: from the cache when the lists are those of a state the game
// had (the game's own, when it made its state itself (ordered), or a
// worker's, while it has not changed them); else the index filled in tmp
// and scratch runs.
func (g *Game) board(tmp *index) (*index, *shapeRuns) {
	if c := g.cache(); c != nil {
		return &c.ix, &c.runs
	}
	g.fillIndex(tmp)
	if g.scratch == nil {
		g.scratch = new(shapeRuns)
	}
	g.scratch.seat, g.scratch.n = NoColour, 0
	return tmp, g.scratch
}

// cache returns the board cache, up to date, when the lists are those of a
// state the game had (see board), and nil otherwise.
func (g *Game) cache() *boardCache {
	if g.blk == nil && g.ordered && g.bc == nil {
		g.bc = new(boardCache)
	}
	c := g.bc
	if c == nil || !(g.blk == nil && g.ordered || g.blk != nil && g.blk.owned&ixLists == 0) {
		return nil
	}
	st := g.st
	changed := false
	if c.known&ownBuildings == 0 || !sameList(c.bld, st.Buildings) {
		g.fillBuildings(&c.ix)
		c.bld, changed = st.Buildings, true
		c.incomeOK = false
	}
	if c.known&ownPermits == 0 || !sameList(c.perm, st.Permits) {
		g.fillPermits(&c.ix)
		c.perm, changed = st.Permits, true
	}
	if c.known&ownChurch == 0 || !sameList(c.church, st.Church) {
		g.fillChurch(&c.ix)
		c.church, changed = st.Church, true
	}
	if changed {
		c.ix.fillFull()
		c.known = ixLists
		c.runs.seat, c.runs.n = NoColour, 0
	}
	return c
}

// boardIndex is the index of board, without the shape runs.
func (g *Game) boardIndex(tmp *index) *index {
	if c := g.cache(); c != nil {
		return &c.ix
	}
	g.fillIndex(tmp)
	return tmp
}

// fillIndex makes ix the index of the board now.
func (g *Game) fillIndex(ix *index) {
	g.fillBuildings(ix)
	g.fillPermits(ix)
	g.fillChurch(ix)
	ix.fillFull()
}

// fillFull makes full the union of the other sets.
func (ix *index) fillFull() {
	for r := range ix.full {
		ix.full[r] = ix.built[r] | ix.permits[r] | ix.tiles[r]
	}
}

// fillBuildings makes the buildings' part of ix (bld and built) that of
// the board now.
func (g *Game) fillBuildings(ix *index) {
	ix.bld, ix.built = [NumCols][NumRows]int32{}, squareSet{}
	for i := range g.st.Buildings {
		b := &g.st.Buildings[i]
		sp := b.Kind.spec()
		for r := b.At.Row; r < b.At.Row+sp.H && r < NumRows; r++ {
			for c := b.At.Col; c < b.At.Col+sp.W && c < NumCols; c++ {
				if r >= 0 && c >= 0 {
					ix.bld[c][r] = int32(i + 1)
					ix.built.add(c, r)
				}
			}
		}
	}
}

// fillPermits makes the permits' part of ix (permit and permits) that of
// the board now.
func (g *Game) fillPermits(ix *index) {
	ix.permit, ix.permits = [NumCols][NumRows]int32{}, squareSet{}
	for i, p := range g.st.Permits {
		if p.At.onBoard() {
			ix.permit[p.At.Col][p.At.Row] = int32(i + 1)
			ix.permits.add(p.At.Col, p.At.Row)
		}
	}
}

// fillChurch makes the church's part of ix (church and tiles) that of the
// board now.
func (g *Game) fillChurch(ix *index) {
	ix.church, ix.tiles = [NumCols][NumRows]bool{}, squareSet{}
	for _, c := range g.st.Church {
		if c.At.onBoard() {
			ix.church[c.At.Col][c.At.Row] = true
			ix.tiles.add(c.At.Col, c.At.Row)
		}
	}
}

// churchBuilt reports whether any church tile is on the board.
func (g *Game) churchBuilt() bool { return len(g.st.Church) > 0 }

// bareFoundation reports whether s is the church foundation while no church
// tile covers it (R13).
func (g *Game) bareFoundation(s Square) bool {
	return s == Foundation && !g.churchBuilt()
}

// empty reports whether s is an empty city square (§0.2): no building part,
// no permit, no church tile, and not the bare foundation.
func (g *Game) empty(ix *index, s Square) bool {
	if !inCity(s, g.players()) {
		return false
	}
	return ix.bld[s.Col][s.Row] == 0 && ix.permit[s.Col][s.Row] == 0 &&
		!ix.church[s.Col][s.Row] && !g.bareFoundation(s)
}

func (g *Game) players() int { return len(g.cfg.Seats) }

// seatIndex returns the position of c in the seat order, or -1.
func (g *Game) seatIndex(c Colour) int {
	for i, s := range g.cfg.Seats {
		if s == c {
			return i
		}
	}
	return -1
}

// fromActive lists the seats clockwise starting with the active player
// (R30, R67), in buf when they fit.
func (g *Game) fromActive(buf *[4]Colour) []Colour {
	n := len(g.cfg.Seats)
	i := g.seatIndex(g.st.Current)
	out := buf[:0]
	if n > len(buf) {
		out = make([]Colour, 0, n)
	}
	for k := 0; k < n; k++ {
		out = append(out, g.cfg.Seats[(i+k)%n])
	}
	return out
}

// buildingTrade is the trade value of a building (R57, R58).
func (g *Game) buildingTrade(b Building) int {
	sp := b.Kind.spec()
	if sp.Starter {
		return 0
	}
	v := 0
	for r := b.At.Row; r < b.At.Row+sp.H; r++ {
		for c := b.At.Col; c < b.At.Col+sp.W; c++ {
			if s := (Square{Col: c, Row: r}); s.onBoard() {
				v += tradeValue(s, g.players())
			}
		}
	}
	return v
}

// churchOrigin returns the picture cell of the tile on the foundation,
// which fixes the church area (R78), and false before the first tile.
func (g *Game) churchOrigin() (pr0, pc0 int, ok bool) {
	for _, c := range g.st.Church {
		if c.At == Foundation {
			pr0, pc0 = c.Tile.cell()
			return pr0, pc0, true
		}
	}
	return 0, 0, false
}

// churchTarget is the square of tile t once the church area is fixed (R79).
func churchTarget(t Tile, pr0, pc0 int) Square {
	pr, pc := t.cell()
	return Square{Col: foundationCol - pc0 + pc, Row: foundationRow - pr0 + pr}
}

// towers counts c's towers on the wall, that is c's cubes on wall tiles
// (R43).
func (g *Game) towers(c Colour) int {
	n := 0
	for _, w := range g.st.Walls {
		if w.hasCube() && w.Owner == c {
			n++
		}
	}
	return n
}

// draw takes one influence card from the deck, reshuffling the discard pile
// into it when it is empty (R33). Each card in the deck is equally likely.
func (g *Game) draw(rng engine.Rand) (Card, bool) {
	sup := &g.st.Supply
	if sup.InfluenceDeck.Total() == 0 {
		sup.InfluenceDeck, sup.InfluenceDiscard = sup.InfluenceDiscard, Influence{}
	}
	total := sup.InfluenceDeck.Total()
	if total == 0 {
		return NoCard, false
	}
	r := rng.Intn(StreamInfluence, total)
	for _, c := range InfluenceCards {
		n := sup.InfluenceDeck.Of(c)
		if r < n {
			sup.InfluenceDeck.add(c, -1)
			return c, true
		}
		r -= n
	}
	return NoCard, false
}
