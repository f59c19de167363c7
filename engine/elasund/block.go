package elasund

import "slices"

// A move is applied to a copy of the state, so that a refused move leaves
// the game as it was, and the copy becomes the new state; a state, once a
// game has it, never changes (View). The copy is a stateBlock: the State
// with, beside it, its players and what they and the small lists point to,
// in one allocation (plus the players map). The lists that only some moves
// change (buildings, permits, church tiles, wall tiles, pending decisions)
// and those that moves only ever replace (the church stack and bottom, the
// standing orders) are shared with the state copied from: a move that
// changes one of the first kind makes it the block's own first (own).
// Nothing is ever written through a pointer shared this way (a building's
// cubes, a decision's square).

// The lists of a block's state that a move may have to own.
const (
	ownBuildings uint8 = 1 << iota
	ownPermits
	ownChurch
	ownWalls
	ownPending
	ownAll = ownBuildings | ownPermits | ownChurch | ownWalls | ownPending
)

// stateBlock is a State being changed by a move, or published by one.
type stateBlock struct {
	st      State
	players [4]Player
	permits [4][permitValues]int
	kinds   [4][2]Kind
	// waiting, then the five trade-flag lists (at most 4, 3, 2, 2, 1).
	colours [4 + 4 + 3 + 2 + 2 + 1]Colour
	dice    [2]int
	row     int
	pool    Hand
	winner  Colour
	// The players copy put in players, and any more on the heap; mapped
	// is the seats slice the map was last made for (seat i to players[i]).
	nplayers int
	more     []*Player
	mapped   []Colour
	// owned tells which shared lists st owns.
	owned uint8
	// Room for the lists st owns, reused while the block is a game's
	// scratch or spare (no state in use lives in it).
	bld    []Building
	perm   []Permit
	church []ChurchTile
	walls  []Wall
	pend   []Pending
}

// fill copies src into r (empty, with room in an array) when it fits, and
// to a new slice otherwise. The result is never nil, like
// append([]T{}, src...). The lists of a state are short: copying them
// element by element is cheaper than calling a memory copy.
func fill[T any](r, src []T) []T {
	if len(src) <= cap(r) {
		r = r[:len(src)]
		//lint:ignore S1001 the lists are short: this loop beats copy's call to memmove
		for i := range src {
			r[i] = src[i]
		}
		return r
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

// dup copies src into room when it has space for extra more, and into a
// new slice otherwise, with space for most (the most a position holds)
// or a few more, to be reused as room as the list grows. The result is
// never nil.
func dup[T any](room, src []T, extra, most int) []T {
	if cap(room) >= len(src)+extra {
		return append(room[:0], src...)
	}
	return append(make([]T, 0, max(len(src)+extra+3, most)), src...)
}

// copy makes the block's State a copy of s for a move to change, sharing
// what it may (see above), and returns it. The block may hold an earlier
// copy, of a state no one has.
//
// seats, when given, are the game's seats, and from, when given, the block
// s lives in: the players are then found by seat, in from or by looking
// them up, rather than by walking the map, which gives the same copy when
// the seats are exactly the map's keys (and is checked); and the block's
// map, when it already maps the same seats to the block's players, is kept.
func (b *stateBlock) copy(s *State, from *stateBlock, seats []Colour) *State {
	c := &b.st
	m := c.Players
	*c = *s
	b.owned = 0
	c.WaitingFor = fill(b.colours[0:0:4], s.WaitingFor)
	if s.Dice != nil {
		b.dice = *s.Dice
		c.Dice = &b.dice
	}
	if s.Ship.Row != nil {
		b.row = *s.Ship.Row
		c.Ship.Row = &b.row
	}
	b.nplayers, b.more = 0, nil
	var ps [len(stateBlock{}.players)]*Player
	switch {
	case !seatPlayers(&ps, s, from, seats):
		if m == nil {
			m = make(map[Colour]*Player, len(s.Players))
		} else {
			clear(m)
		}
		for k, p := range s.Players {
			m[k] = b.copyPlayer(p)
		}
		b.mapped = nil
	case m != nil && sameSeats(b.mapped, seats):
		for i := range seats {
			b.copyPlayer(ps[i])
		}
	default:
		if m == nil {
			m = make(map[Colour]*Player, len(seats))
		} else {
			clear(m)
		}
		for i, c := range seats {
			m[c] = b.copyPlayer(ps[i])
		}
		b.mapped = seats
	}
	c.Players = m
	off := 4
	for i := range s.TradeFlags {
		n := tradeSpaces[i].Flags
		c.TradeFlags[i] = fill(b.colours[off:off:off+n], s.TradeFlags[i])
		off += n
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

// sameSeats reports whether a and b are the same slice.
func sameSeats(a, b []Colour) bool {
	return len(a) == len(b) && len(a) > 0 && &a[0] == &b[0]
}

// seatPlayers puts in ps the players of s by seat, when the seats are
// exactly the keys of s's map; it reports whether they are. from, the
// block s lives in, has them in order when its map was made for seats.
func seatPlayers(ps *[4]*Player, s *State, from *stateBlock, seats []Colour) bool {
	if len(seats) == 0 || len(seats) != len(s.Players) || len(seats) > len(ps) {
		return false
	}
	if from != nil && &from.st == s && sameSeats(from.mapped, seats) {
		for i := range seats {
			ps[i] = &from.players[i]
		}
		return true
	}
	for i, c := range seats {
		p, ok := s.Players[c]
		if !ok || slices.Contains(seats[:i], c) {
			return false
		}
		ps[i] = p
	}
	return true
}

// copyPlayer returns a copy of p in the block's next player. Its standing
// orders are shared: they are only ever replaced.
func (b *stateBlock) copyPlayer(p *Player) *Player {
	if i := b.nplayers; i < len(b.players) {
		q := &b.players[i]
		*q = *p
		q.Permits = fillNil(b.permits[i][:0], p.Permits)
		q.Buildings = fillNil(b.kinds[i][:0], p.Buildings)
		b.nplayers++
		return q
	}
	q := new(Player)
	*q = *p
	q.Permits = slices.Clone(p.Permits)
	q.Buildings = slices.Clone(p.Buildings)
	b.more = append(b.more, q)
	return q
}

// recycle readies the block of a state no one has any more for the next
// move, given the block of the state after it. A block's room for a list
// is memory no state in use has but, perhaps, the block's own state; so,
// for each list, the room stays this block's when its state's list lived
// elsewhere or when the next state made the list its own, and passes to
// the next block, which now holds the only state that has it, when the
// next state shares the list. The next block's room then comes back in
// exchange: its state does not have it, so the next move that owns the
// list finds room instead of allocating.
func (b *stateBlock) recycle(next *stateBlock) {
	b.bld, next.bld = passRoom(b.bld, next.bld, b.st.Buildings, next.st.Buildings)
	b.perm, next.perm = passRoom(b.perm, next.perm, b.st.Permits, next.st.Permits)
	b.church, next.church = passRoom(b.church, next.church, b.st.Church, next.st.Church)
	b.walls, next.walls = passRoom(b.walls, next.walls, b.st.Walls, next.st.Walls)
	b.pend, next.pend = passRoom(b.pend, next.pend, b.st.Pending, next.st.Pending)
}

// passRoom is recycle for one list: the room of the block recycled and of
// the next one, and the list of the state of each.
func passRoom[T any](room, nextRoom, list, nextList []T) ([]T, []T) {
	if sameArray(room, list) && sameArray(list, nextList) {
		return nextRoom, room
	}
	return room, nextRoom
}

// sameArray reports whether a and b start at the same element of the same
// memory (every list of a state starts at the start of its memory).
func sameArray[T any](a, b []T) bool {
	return cap(a) > 0 && cap(b) > 0 && &a[:1][0] == &b[:1][0]
}

// own makes the shared list named by bit the block state's own. The board
// cache c knows the buildings, permits and church by their memory
// (boardCache): reusing room for one of them forgets what it knows of
// that list.
func (b *stateBlock) own(bit uint8, c *boardCache) {
	if b.owned&bit != 0 {
		return
	}
	b.owned |= bit
	st := &b.st
	if c != nil && (bit == ownBuildings && cap(b.bld) > 0 || bit == ownPermits && cap(b.perm) > 0 || bit == ownChurch && cap(b.church) > 0) {
		c.known &^= bit
	}
	switch bit {
	// Room for one more: an action adds at most one building, permit,
	// tile or wall tile (a move of several actions may reallocate).
	case ownBuildings:
		st.Buildings = dup(b.bld, st.Buildings, 1, len(deepRoom{}.bld))
		b.bld = st.Buildings
	case ownPermits:
		st.Permits = dup(b.perm, st.Permits, 1, len(deepRoom{}.perm))
		b.perm = st.Permits
	case ownChurch:
		st.Church = dup(b.church, st.Church, 1, len(deepRoom{}.church))
		b.church = st.Church
	case ownWalls:
		st.Walls = dup(b.walls, st.Walls, 1, len(deepRoom{}.walls))
		b.walls = st.Walls
	case ownPending:
		st.Pending = dup(b.pend, st.Pending, 4, len(deepRoom{}.pending))
		b.pend = st.Pending
	}
}

// own makes the list named by bit the game's own before a move changes it.
// A game without a block (a copy made by Clone) owns all its lists.
func (g *Game) own(bit uint8) {
	if g.blk != nil {
		g.blk.own(bit, g.bc)
	}
}

// normalize is State.normalize for a block's state, owning a list before
// sorting it. Its players are those copy put in the block (no move
// replaces a player). ordered says the state copied had its lists in order:
// then those still shared need no check.
func (b *stateBlock) normalize(ordered bool, c *boardCache) {
	st := &b.st
	check := func(bit uint8) bool { return !ordered || b.owned&bit != 0 }
	if check(ownBuildings) && !st.buildingsInOrder() {
		b.own(ownBuildings, c)
		sortFunc(st.Buildings, func(a, b Building) int { return readingOrder(a.At, b.At) })
	}
	if check(ownPermits) && !st.permitsInOrder() {
		b.own(ownPermits, c)
		sortFunc(st.Permits, func(a, b Permit) int { return readingOrder(a.At, b.At) })
	}
	if check(ownChurch) && !st.churchInOrder() {
		b.own(ownChurch, c)
		sortFunc(st.Church, func(a, b ChurchTile) int { return readingOrder(a.At, b.At) })
	}
	if check(ownWalls) && !st.wallsInOrder() {
		b.own(ownWalls, c)
		sortFunc(st.Walls, func(a, b Wall) int { return wallOrder(a.At) - wallOrder(b.At) })
	}
	st.fillNilLists()
	for i := range b.nplayers {
		b.players[i].normalize()
	}
	for _, p := range b.more {
		p.normalize()
	}
}

// deepRoom holds, for a deep copy (Clone), the lists a move's copy shares.
type deepRoom struct {
	bld     [37]Building
	perm    [20]Permit
	church  [9]ChurchTile
	walls   [20]Wall
	stack   [9]Tile
	pending [8]Pending
	at      [8]Square
	cards   [4][4]Card
	bottom  Tile
}

// Clone returns a deep copy of s.
func (s *State) Clone() *State {
	b := new(stateBlock)
	c := b.copy(s, nil, nil)
	r := new(deepRoom)
	c.Buildings = fill(r.bld[:0], s.Buildings)
	for i, x := range c.Buildings {
		if x.Cubes != nil {
			n := *x.Cubes
			c.Buildings[i].Cubes = &n
		}
	}
	c.Permits = fill(r.perm[:0], s.Permits)
	c.Church = fill(r.church[:0], s.Church)
	c.Walls = fill(r.walls[:0], s.Walls)
	c.Supply.ChurchStack = fill(r.stack[:0], s.Supply.ChurchStack)
	if s.Supply.ChurchBottom != nil {
		r.bottom = *s.Supply.ChurchBottom
		c.Supply.ChurchBottom = &r.bottom
	}
	c.Pending = fill(r.pending[:0], s.Pending)
	for i, p := range c.Pending {
		if p.At != nil {
			if i < len(r.at) {
				r.at[i] = *p.At
				c.Pending[i].At = &r.at[i]
			} else {
				a := *p.At
				c.Pending[i].At = &a
			}
		}
	}
	for i := range b.nplayers {
		p := &b.players[i]
		p.Orders.Discard = fillNil(r.cards[i][:0], p.Orders.Discard)
	}
	for _, p := range b.more {
		p.Orders.Discard = slices.Clone(p.Orders.Discard)
	}
	b.owned = ownAll
	return c
}
