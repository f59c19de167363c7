package seafarers

import (
	"fmt"
	"strings"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/seafarers/board"
)

// Rules is Catan: Seafarers as the rest of elasund sees it: an
// engine.Game. Its zero value is ready to use.
type Rules struct {
	engine.Adapter[Rules, *config, State, *Game]
}

var (
	_ engine.Game        = Rules{}
	_ engine.Position    = (*Position)(nil)
	_ engine.JoinChecker = (*Position)(nil)
	_ engine.Edit        = Edit{}
)

// DefaultScenario is the scenario of a set-up that names none (S1).
const DefaultScenario = "new-shores"

// ChoiceScenario is the name of Seafarers' one set-up choice, the
// scenario (S1, S2): a field of the header and the flag --scenario.
const ChoiceScenario = "scenario"

// Name is "seafarers".
func (Rules) Name() string { return "seafarers" }

// Format is the newest format of Seafarers turn files, "seafarers/2"
// (S159); files of format seafarers/1 are read with the sealed draws of
// that format (resolved by the witness's next entry, S138).
func (Rules) Format() string { return "seafarers/2" }

// Colours lists the seat colours red, blue, white, orange (S3, V34).
func (Rules) Colours() []string { return engine.Names(AllColours[:]) }

// Choices declares the scenario (S1, S2): one of the scenarios in the
// order of S2, new-shores by default.
func (Rules) Choices() []engine.Choice {
	var names []string
	for _, sc := range board.Scenarios() {
		names = append(names, sc.String())
	}
	return []engine.Choice{{Name: ChoiceScenario, Default: DefaultScenario, Values: names, Usage: "the scenario (S2)"}}
}

// Config reads a set-up (S1, S3, S156); errors are *engine.SetupError
// or *engine.OptionError.
func (Rules) Config(s engine.Setup) (*config, error) { return configOf(s) }

// Chosen names the scenario of a configuration (new-shores when the
// set-up gives none).
func (Rules) Chosen(cfg *config) map[string]string {
	return map[string]string{ChoiceScenario: cfg.scenario.String()}
}

// OptionValues lists every option of S156 with its value, in the order
// of S156.
func (Rules) OptionValues(cfg *config) [][2]string { return cfg.opts.Values() }

// Start makes the starting game. A board that needs random draws (S132)
// is dealt now when src is a sandbox source (SandboxSeed set), from
// H("seafarers/board" ‖ id ‖ u64(seed)); otherwise it stays undealt
// (S134) until the first seat's first entry.
func (Rules) Start(cfg *config, src engine.Source) (*Game, error) { return newGame(cfg, src) }

// Resume makes the game of a stored state after checking that it is
// consistent (S158); errors are *engine.StateError naming the field.
func (Rules) Resume(cfg *config, st *State) (*Game, error) { return load(cfg, st) }

// Wrap returns g as the engine.Position of the set-up s.
func (Rules) Wrap(g *Game, s engine.Setup) engine.Position { return Wrap(g, s) }

// ParseMove reads a move in Seafarers' move language
// (docs/seafarers/rules.md, topic moves).
func (Rules) ParseMove(text string) ([]engine.Action, error) {
	return engine.ParseMoveWith(text, ParseMove)
}

// ParseEdits reads sandbox edits (topic edits).
func (Rules) ParseEdits(text string) ([]engine.Edit, error) {
	return engine.ParseEditsWith(text, ParseEdits)
}

// configOf reads a set-up (S1, S3, S156).
func configOf(s engine.Setup) (*config, error) {
	choices, err := engine.ResolveChoices(Rules{}, s.Choices)
	if err != nil {
		return nil, err
	}
	sc, err := board.ParseScenario(choices[ChoiceScenario])
	if err != nil {
		return nil, &engine.SetupError{Field: ChoiceScenario, Reason: err.Error()}
	}
	cfg := &config{scenario: sc, sandbox: s.Sandbox, turnSealed: s.Version() != 1}
	for i := range cfg.seatOf {
		cfg.seatOf[i] = -1
	}
	if n := len(s.Seats); n < 3 || n > 4 {
		return nil, &engine.SetupError{Field: "seats", Reason: fmt.Sprintf("Seafarers is played by 3 or 4 seats, not %d (S3)", n)}
	}
	for i, name := range s.Seats {
		c, err := ParseColour(name)
		if err != nil {
			return nil, &engine.SetupError{Field: "seats", Reason: err.Error() + " (S3)"}
		}
		if cfg.seatOf[c] >= 0 {
			return nil, &engine.SetupError{Field: "seats", Reason: fmt.Sprintf("%s is seated twice (S3)", c)}
		}
		cfg.seatOf[c] = i
		cfg.seats = append(cfg.seats, c)
	}
	cfg.seatLists = seatLists(cfg.seats)
	if sc == board.PirateIslands && len(s.Seats) == 3 && cfg.seatOf[White] >= 0 {
		return nil, &engine.SetupError{Field: "seats", Reason: "white may not be seated in pirate-islands with 3 seats: that board's white position is unused (S3)"}
	}
	if cfg.opts, err = ResolveOptions(sc, s.Options); err != nil {
		return nil, err
	}
	switch sc {
	case board.Base:
		cfg.usesRobber = true
	case board.WondersOfCatan:
		cfg.usesRobber, cfg.usesShips = true, true
	case board.PirateIslands:
		cfg.usesShips = true
	default:
		cfg.usesRobber, cfg.usesPirate, cfg.usesShips = true, true, true
	}
	return cfg, nil
}

// seatLists returns the seats of each mask (a bit per seat index) as
// events name them (config.seatLists), cut from one string: a game is
// set up with one allocation for them, not one or two a list.
func seatLists(seats []Colour) (lists [16]string) {
	var b strings.Builder
	b.Grow(len(lists) * len(seats) * len(", orange") / 2)
	var ends [len(lists)]int
	for m := range lists {
		start := b.Len()
		for i, c := range seats {
			if m&(1<<i) == 0 {
				continue
			}
			if b.Len() > start {
				b.WriteString(", ")
			}
			b.WriteString(c.String())
		}
		ends[m] = b.Len()
	}
	all, start := b.String(), 0
	for m := range lists {
		lists[m], start = all[start:ends[m]], ends[m]
	}
	return lists
}

// Position is a Seafarers game as an engine.Position.
type Position struct {
	g     *Game
	setup engine.Setup
}

// Of returns the Seafarers game of a position of this game, or nil.
func Of(p engine.Position) *Game {
	if sp, ok := p.(*Position); ok {
		return sp.g
	}
	return nil
}

// Wrap returns g as an engine.Position of the set-up s.
func Wrap(g *Game, s engine.Setup) *Position { return &Position{g: g, setup: s.Clone()} }

// Game is the rules of this position.
func (p *Position) Game() engine.Game { return Rules{} }

// Setup is the set-up the position was made from.
func (p *Position) Setup() engine.Setup { return p.setup }

// State is the current *State (S157).
func (p *Position) State() engine.State { return p.g.State() }

// Clone returns an independent copy.
func (p *Position) Clone() engine.Position { return &Position{g: p.g.Clone(), setup: p.setup} }

// Turn is the number of turns begun (0 during setup).
func (p *Position) Turn() int { return p.g.turn }

// Current is the active seat.
func (p *Position) Current() string { return p.g.colour(p.g.cur).String() }

// Phase is the state's phase.
func (p *Position) Phase() string { return p.g.phase.String() }

// Awaited lists the seats the game waits for, in seat order.
func (p *Position) Awaited() []string {
	var out []string
	for _, s := range p.g.waitingFor() {
		out = append(out, p.g.colour(s).String())
	}
	return out
}

// Owed lists the decisions owed (§17).
func (p *Position) Owed() []engine.Owed {
	out := make([]engine.Owed, 0, len(p.g.pending))
	for _, d := range p.g.pendingList() {
		out = append(out, engine.Owed{Seat: p.g.colour(d.seat).String(), Kind: pendNames[d.kind]})
	}
	return out
}

// Over reports whether the game has ended.
func (p *Position) Over() bool { return p.g.over() }

// Winners lists the winner once the game is over.
func (p *Position) Winners() []string {
	if p.g.winner >= 0 {
		return []string{p.g.colour(p.g.winner).String()}
	}
	return nil
}

// Dice is this turn's roll, or nil.
func (p *Position) Dice() []int {
	if !p.g.rolled() {
		return nil
	}
	return []int{p.g.dice[0], p.g.dice[1]}
}

// BeginsTurn reports whether an entry by seat would begin a turn: it is
// the seat's turn and the dice are not rolled (S135).
func (p *Position) BeginsTurn(seat string) bool {
	c, err := ParseColour(seat)
	if err != nil {
		return false
	}
	return p.g.BeginsTurn(c)
}

// Legal lists every action seat may take now.
func (p *Position) Legal(seat string, src engine.Source) []engine.Action {
	c, err := ParseColour(seat)
	if err != nil {
		return nil
	}
	return engine.Actions(p.g.Legal(c, src))
}

// Apply applies a move by seat atomically.
func (p *Position) Apply(seat string, move []engine.Action, src engine.Source) ([]string, error) {
	c, err := ParseColour(seat)
	if err != nil {
		return nil, &engine.RuleError{Rule: "S3", Reason: fmt.Sprintf("%q is not a seat colour", seat)}
	}
	m, bad := engine.Own[Action](move)
	if bad >= 0 {
		return nil, &engine.RuleError{Rule: "S5", Action: move[bad].String(), Reason: "not a Seafarers action"}
	}
	return p.g.Apply(c, m, src)
}

// Edit applies sandbox edits atomically (topic edits).
func (p *Position) Edit(edits []engine.Edit) error {
	es, bad := engine.Own[Edit](edits)
	if bad >= 0 {
		return &engine.StateError{Field: "edit", Reason: fmt.Sprintf("%q is not a Seafarers edit", edits[bad].String())}
	}
	return p.g.Edit(es)
}

// Check reports whether the position is consistent (S158).
func (p *Position) Check() error { return p.g.Check() }

// CheckJoin refuses a seat's join before the first seat's in a game whose
// board is dealt at random (S133).
func (p *Position) CheckJoin(seat string, joined []string) error {
	if p.g.l.dealt || len(p.g.cfg.seats) == 0 {
		return nil
	}
	first := p.g.cfg.seats[0].String()
	if seat == first {
		return nil
	}
	for _, j := range joined {
		if j == first {
			return nil
		}
	}
	return &engine.RuleError{Rule: "S133", Action: "join", Reason: fmt.Sprintf("the board is dealt at random: %s, the first seat, joins first", first)}
}
