package elasund

import "github.com/elasund/elasund/engine"

// Game is one game of Elasund: its fixed Config and its changing State.
// A Game is not safe for concurrent use.
type Game struct {
	cfg Config
	st  *State
	// cur is the block st lives in when a move of this game made it, and
	// exposed tells that st was handed out (View) since: a state handed
	// out never changes, and the block of one that was not is used again
	// for a later move.
	cur     *stateBlock
	exposed bool

	// Scratch space, never shared with a copy of the game: spare is a
	// block no state in use lives in, for the next Apply; peek holds the
	// position after a peeked roll (Legal); buf is Legal's listing.
	spare *stateBlock
	peek  *stateBlock
	buf   []Action
	// peeked describes the roll peek holds, once Legal has peeked at one
	// with a SeededRand.
	peeked *peekedRoll

	// blk is the block of the state a move is changing, nil in a game
	// that owns all of its state.
	blk *stateBlock
	// ordered tells that st was normalized (New, Load, Apply, Edit); a
	// game of Unchecked is not known to be.
	ordered bool
	// bc caches what depends on the board of a state the game had, and
	// scratch is legalBuilds's room when it cannot, made when first
	// needed; workers share both (a worker of a game without scratch
	// makes its own).
	bc      *boardCache
	scratch *shapeRuns

	// The events of the move being applied (emit); a quiet game (a roll
	// peeked at) records none. A game keeps the buffers of its last move
	// for the next.
	evText []byte
	evEnds []int
	// evRoom is the unused rest of the room the event lists that Apply
	// returns are cut from (events).
	evRoom []string
	quiet  bool
}

// peekedRoll is a roll Legal peeked at with a SeededRand in state before,
// which the roll left in state after. While ok, the game has not moved
// since: the game's peek block holds the position after the roll, and its
// evText and evEnds the roll's events. An Apply whose source is in state
// before goes on from there rather than rolling again (takeRoll).
type peekedRoll struct {
	ok            bool
	before, after SeededRand
}

// New sets up a game (R14-R21). When rng is nil the starting influence
// cards (R20) are dealt at the game's first roll, from that turn's
// influence stream; otherwise they are dealt now from rng.
func New(cfg Config, rng engine.Rand) (*Game, error) {
	return newGame(cfg, rng)
}

// Load returns a game in the given state, after checking that the state is
// a consistent position for cfg (see Check). The state is copied.
func Load(cfg Config, st *State) (*Game, error) {
	return loadGame(cfg, st)
}

// Config returns the game's configuration.
func (g *Game) Config() Config { return g.cfg }

// State returns a deep copy of the current state.
func (g *Game) State() *State { return g.st.Clone() }

// View returns the current state without copying it. The caller must not
// change it. The state returned never changes: later moves make new
// states.
func (g *Game) View() *State {
	g.exposed = true
	return g.st
}

// AppendWaiting appends to dst the seats the game waits for now (the
// state's WaitingFor) and returns the extended slice. Unlike View it hands
// out nothing of the state, so the game may use the state's memory again
// once it has moved on.
func (g *Game) AppendWaiting(dst []Colour) []Colour {
	return append(dst, g.st.WaitingFor...)
}

// Clone returns an independent copy of the game.
func (g *Game) Clone() *Game { return &Game{cfg: g.cfg, st: g.st.Clone(), ordered: g.ordered} }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.st.Phase == PhaseOver }

// BeginsTurn reports whether an entry by seat now would begin a turn: the
// seat is to move and has not rolled yet. The turn file derives a new turn
// seed for such an entry (docs/turnfile.md §4.2).
func (g *Game) BeginsTurn(seat Colour) bool {
	return g.st.Phase == PhaseRoll && g.st.Current == seat
}

// Apply applies a move — a list of actions by one seat — atomically: either
// every action applies, or the game is unchanged and the error (a
// *RuleError) names the first illegal action and the rule it breaks. It
// returns the events the move caused, in order.
func (g *Game) Apply(seat Colour, move []Action, rng engine.Rand) ([]string, error) {
	return g.apply(seat, move, rng)
}

// Legal lists every action seat may take now, in canonical order. peek is
// used to show which church tiles a first church build would draw; it is
// consumed, so pass a copy of the turn's source (or nil to list "church"
// without a tile choice).
func (g *Game) Legal(seat Colour, peek engine.Rand) []Action {
	return g.legal(seat, peek)
}

// AppendLegal appends to dst the actions Legal(seat, peek) lists, in the
// same order, and returns the extended slice. A caller that lists often
// can pass the same buffer each time (dst[:0]) and list without
// allocating.
func (g *Game) AppendLegal(dst []Action, seat Colour, peek engine.Rand) []Action {
	return g.appendLegal(dst, seat, peek)
}

// Check verifies that the state is a consistent position: every piece
// conserved, nothing overlapping, nothing outside the city, trade flags
// matching trade positions. It returns a *StateError naming the first
// problem.
func (g *Game) Check() error { return checkState(g.cfg, g.st) }
