package engine

// Game is the rules of one game. Its values are immutable and safe for
// concurrent use.
type Game interface {
	// Name is the game's name on the command line ("elasund", "seafarers").
	Name() string
	// Format is the newest format of the game's turn files
	// ("elasund/2"): the first field of every file it writes. A reader
	// takes every earlier version of it too (FormatVersion), and passes
	// the file's own format to the game in Setup.Format.
	Format() string
	// Colours lists the seat colours the game knows, in their canonical
	// order.
	Colours() []string
	// Choices lists the set-up choices the game offers beside seats and
	// options (Elasund's edition, Seafarers' scenario), in the order a
	// turn file's header writes them; none for a game without.
	Choices() []Choice
	// Resolve validates a set-up (seats, choices, options) without making
	// a game, and returns it with its defaults made explicit (every
	// choice named, see ResolveChoices), as a new file's header records
	// it. The error is an *OptionError or a *SetupError.
	Resolve(s Setup) (Setup, error)
	// New returns the starting position of a set-up. src gives the
	// randomness a game needs before its first entry (a sandbox game's
	// board, say); it may be nil, and a game that needs it then waits
	// for its first entry.
	New(s Setup, src Source) (Position, error)
	// NewState returns a pointer to an empty state of this game, for a
	// reader to decode a stored state into (as its JSON encoding).
	NewState() State
	// Load returns the position of a stored state after checking that it
	// is consistent for the set-up (a *StateError if not). The state is
	// not retained.
	Load(s Setup, st State) (Position, error)
	// ParseMove reads a move: one or more actions in the game's move
	// language. Errors are *NotationError.
	ParseMove(text string) ([]Action, error)
	// ParseEdits reads sandbox position edits. Errors are
	// *NotationError.
	ParseEdits(text string) ([]Edit, error)
	// Options lists every rule option of a set-up with its value, in the
	// game's order, the ones the set-up gives and the defaults alike.
	Options(s Setup) ([]Option, error)
}

// Setup is what a game is made from, as a turn file's header records it.
type Setup struct {
	// Seats are the seats' colours in turn order.
	Seats []string
	// Choices are the game's set-up choices (Game.Choices) by name, such
	// as "edition" or "scenario"; a resolved set-up names every one.
	Choices map[string]string
	// Options are rule options given explicitly, overriding the
	// defaults of the choices.
	Options map[string]string
	// Sandbox is true for a sandbox game (no keys; randomness from a
	// seed; positions may be edited).
	Sandbox bool
	// Format is the format of the turn file the game is kept in
	// ("seafarers/1"), for a game whose rules differ between format
	// versions (Version); empty means the game's newest format.
	Format string
}

// Version is the version of the set-up's turn-file format (the N of
// "NAME/N"), or 0 when Format is empty: the newest, whatever its number.
func (s Setup) Version() int {
	_, v, _ := FormatVersion(s.Format)
	return v
}

// Option is one rule option and its value in a game.
type Option struct {
	Name  string
	Value string
	// Given is true when the set-up gives the value explicitly.
	Given bool
}

// State is a game's state as stored in a turn file and printed by
// `show --json`: a pointer to a struct whose JSON encoding is the game's
// state schema. A reader decodes into the value NewState returns.
type State any

// Class is what kind of history entry a list of actions makes
// (turn-file §2.3).
type Class int

// The classes, from the weakest: a list of actions is of the strongest
// class among its actions.
const (
	NoClass Class = iota
	// ClassOrders is a standing order, legal for any seat at any time.
	ClassOrders
	// ClassDecision answers a decision the game waits for.
	ClassDecision
	// ClassMove is everything else: a seat's turn.
	ClassMove
)

// Action is one action of a move, as the game's move language reads it.
type Action interface {
	// String prints the action in its one canonical spelling, the form
	// turn files store.
	String() string
	// Class says what kind of entry the action makes.
	Class() Class
}

// Edit is one sandbox position edit.
type Edit interface {
	// String prints the edit in its canonical spelling.
	String() string
}

// ClassOf is the class of a list of actions: the strongest class among
// them, NoClass for none.
func ClassOf(actions []Action) Class {
	c := NoClass
	for _, a := range actions {
		if k := a.Class(); k > c {
			c = k
		}
	}
	return c
}

// Owed is a decision the game waits for from a seat.
type Owed struct {
	Seat string
	// Kind is the game's name for the decision ("discard", "rebuild").
	Kind string
	// Detail is the game's own record of the decision (how many cards,
	// which building), for the game's renderers; may be nil.
	Detail any
}

// Position is one game in progress. A Position is not safe for
// concurrent use; Clone gives an independent copy.
type Position interface {
	// Game is the game this is a position of.
	Game() Game
	// Setup is the set-up the position was made from.
	Setup() Setup
	// State is the current state, for encoding and for the game's own
	// renderers and bots. The caller must not change it.
	State() State
	// Clone returns an independent copy.
	Clone() Position
	// Turn is the number of turns begun (the state's turn field).
	Turn() int
	// Current is the seat whose turn it is.
	Current() string
	// Phase is the name of the state's phase.
	Phase() string
	// Awaited lists the seats whose entry the game needs now, in seat
	// order; empty once the game is over.
	Awaited() []string
	// Owed lists the decisions the game waits for from seats.
	Owed() []Owed
	// Over reports whether the game has ended.
	Over() bool
	// Winners lists the winning seats once the game is over.
	Winners() []string
	// Dice is the current turn's roll, or nil before the roll.
	Dice() []int
	// BeginsTurn reports whether an entry by seat now would begin a new
	// turn: the seat is to move and has not rolled (turn-file §4.2).
	BeginsTurn(seat string) bool
	// Legal lists every action seat may take now, in the game's canonical
	// order. src, when given, is a copy of the source the seat's next
	// entry would be applied with, for games that show outcomes decided
	// by it; Legal may consume it. It may be nil.
	Legal(seat string, src Source) []Action
	// Apply applies a move by seat atomically: either every action
	// applies, or the position is unchanged and the error (a *RuleError)
	// names the first illegal action and its rule. It returns the events
	// the move caused, in order.
	Apply(seat string, move []Action, src Source) ([]string, error)
	// Edit applies sandbox edits atomically; the result must be a
	// consistent position (a *StateError otherwise).
	Edit(edits []Edit) error
	// Check reports whether the position is consistent (a *StateError
	// naming the first problem).
	Check() error
}

// JoinChecker is implemented by games that constrain the order in which
// seats join a peer game (Seafarers S133: where the board is dealt at
// random, the first seat joins first).
type JoinChecker interface {
	// CheckJoin returns a *RuleError if seat may not join after the seats
	// in joined have.
	CheckJoin(seat string, joined []string) error
}

// ParallelChecker is implemented by games in which some decisions owed by
// several seats at once cannot be made at once, because the outcome
// depends on the order they are applied in (Seafarers' gold choices when
// the bank is short, S36). The turn file lets the seats Parallel keeps
// make their entries on the same position and combines them in seat order
// (turn-file §2.6); the others decide one after another.
type ParallelChecker interface {
	// Parallel returns the seats of owing, awaited seats that each owe a
	// decision now, whose decisions may be made at once.
	Parallel(owing []string) []string
}
