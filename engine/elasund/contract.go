package elasund

import (
	"errors"
	"fmt"

	"github.com/elasund/elasund/engine"
)

// Rules is Elasund as the rest of elasund sees it: an engine.Game. Its
// zero value is ready to use.
type Rules struct {
	engine.Adapter[Rules, Config, State, *Game]
}

var (
	_ engine.Game     = Rules{}
	_ engine.Position = (*Position)(nil)
	_ engine.Action   = Action{}
	_ engine.Edit     = Edit{}
)

// Name is "elasund".
func (Rules) Name() string { return "elasund" }

// Format is the newest format of Elasund's turn files, "elasund/2"
// (docs/turnfile.md §2.1). The rules are the same in every format
// version; files of format elasund/1 are read as they always were.
func (Rules) Format() string { return "elasund/2" }

// Colours lists the four seat colours (R14).
func (Rules) Colours() []string { return engine.Names(AllColours) }

// ChoiceEdition is the name of Elasund's one set-up choice, the rules
// edition (R108): a field of the header and the flag --edition.
const ChoiceEdition = "edition"

// Choices declares the rules edition (R108): en, fr or ru, en by default.
func (Rules) Choices() []engine.Choice {
	return []engine.Choice{{Name: ChoiceEdition, Default: EditionEN.String(), Values: editionNames[1:], Usage: "the rules edition (R108)"}}
}

// ConfigOf returns the Config of a set-up: its seats, its edition (en
// when empty) and its options.
func ConfigOf(s engine.Setup) (Config, error) {
	choices, err := engine.ResolveChoices(Rules{}, s.Choices)
	if err != nil {
		return Config{}, err
	}
	ed, err := ParseEdition(choices[ChoiceEdition])
	if err != nil {
		return Config{}, &engine.SetupError{Field: ChoiceEdition, Reason: err.Error()}
	}
	seats := make([]Colour, len(s.Seats))
	for i, name := range s.Seats {
		c, err := ParseColour(name)
		if err != nil {
			return Config{}, &engine.SetupError{Field: "seats", Reason: err.Error()}
		}
		seats[i] = c
	}
	cfg, err := NewConfig(seats, ed, s.Options)
	var se *StateError
	if errors.As(err, &se) && se.Field == "seats" {
		// Seats the game does not allow are a set-up it cannot be made
		// from (engine.Game.Resolve), not an inconsistent state.
		return Config{}, &engine.SetupError{Field: "seats", Reason: se.Reason}
	}
	return cfg, err
}

// Config reads a set-up (engine.Spec): ConfigOf.
func (Rules) Config(s engine.Setup) (Config, error) { return ConfigOf(s) }

// Chosen names the edition of a configuration ("en" when the set-up
// gives none).
func (Rules) Chosen(cfg Config) map[string]string {
	return map[string]string{ChoiceEdition: cfg.Edition.String()}
}

// OptionValues lists every R108 option with its value, by name.
func (Rules) OptionValues(cfg Config) [][2]string { return cfg.Options.Values() }

// Start makes the starting game. The starting influence cards are dealt
// at the first roll (R20, docs/decisions.md), so src is not used.
func (Rules) Start(cfg Config, _ engine.Source) (*Game, error) { return New(cfg, nil) }

// Resume makes the game of a stored state after checking it.
func (Rules) Resume(cfg Config, st *State) (*Game, error) { return Load(cfg, st) }

// Wrap returns g as the engine.Position of the set-up s.
func (Rules) Wrap(g *Game, s engine.Setup) engine.Position { return Wrap(g, s) }

// ParseMove reads a move in Elasund's move language (docs/elasund/rules.md,
// topic moves).
func (Rules) ParseMove(text string) ([]engine.Action, error) {
	return engine.ParseMoveWith(text, ParseMove)
}

// ParseEdits reads sandbox edits (docs/elasund/rules.md, topic edits).
func (Rules) ParseEdits(text string) ([]engine.Edit, error) {
	return engine.ParseEditsWith(text, ParseEdits)
}

// Class says what kind of entry the action makes: orders, a decision
// (discard, take, rebuild: R105) or a move.
func (a Action) Class() engine.Class {
	switch a.Kind {
	case ActOrders:
		return engine.ClassOrders
	case ActDiscard, ActTake, ActRebuild:
		return engine.ClassDecision
	}
	return engine.ClassMove
}

// Position is an Elasund game as an engine.Position.
type Position struct {
	g     *Game
	setup engine.Setup
}

// Wrap returns g as an engine.Position of the set-up s.
func Wrap(g *Game, s engine.Setup) *Position { return &Position{g: g, setup: s.Clone()} }

// Of returns the Elasund game of a position of this game, or nil.
func Of(p engine.Position) *Game {
	if ep, ok := p.(*Position); ok {
		return ep.g
	}
	return nil
}

// Game is Elasund's rules.
func (p *Position) Game() engine.Game { return Rules{} }

// Setup is the position's set-up.
func (p *Position) Setup() engine.Setup { return p.setup }

// Engine is the Elasund game, for Elasund's own renderers and bots.
func (p *Position) Engine() *Game { return p.g }

// State is the current *State; the caller must not change it.
func (p *Position) State() engine.State { return p.g.View() }

// Clone returns an independent copy.
func (p *Position) Clone() engine.Position { return &Position{g: p.g.Clone(), setup: p.setup} }

// Turn is the number of turns begun.
func (p *Position) Turn() int { return p.g.st.Turn }

// Current is the seat whose turn it is.
func (p *Position) Current() string { return p.g.st.Current.String() }

// Phase is the state's phase.
func (p *Position) Phase() string { return p.g.st.Phase.String() }

// Awaited lists the seats the game waits for.
func (p *Position) Awaited() []string { return engine.Names(p.g.st.WaitingFor) }

// Owed lists the decisions owed (R105).
func (p *Position) Owed() []engine.Owed {
	out := make([]engine.Owed, len(p.g.st.Pending))
	for i, d := range p.g.st.Pending {
		out[i] = engine.Owed{Seat: d.Seat.String(), Kind: d.Kind, Detail: d}
	}
	return out
}

// Over reports whether the game has ended.
func (p *Position) Over() bool { return p.g.Over() }

// Winners lists the winner once the game is over.
func (p *Position) Winners() []string {
	if w := p.g.st.Winner; w != nil {
		return []string{w.String()}
	}
	return nil
}

// Dice is this turn's roll, or nil.
func (p *Position) Dice() []int {
	if d := p.g.st.Dice; d != nil {
		return []int{d[0], d[1]}
	}
	return nil
}

// BeginsTurn reports whether an entry by seat would begin a turn.
func (p *Position) BeginsTurn(seat string) bool {
	c, err := ParseColour(seat)
	return err == nil && p.g.BeginsTurn(c)
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
		return nil, &RuleError{Rule: "R14", Reason: fmt.Sprintf("%q is not a seat of this game", seat)}
	}
	m, bad := engine.Own[Action](move)
	if bad >= 0 {
		return nil, &RuleError{Rule: "R14", Action: move[bad].String(), Reason: "not an Elasund action"}
	}
	return p.g.Apply(c, m, src)
}

// Edit applies sandbox edits atomically.
func (p *Position) Edit(edits []engine.Edit) error {
	es, bad := engine.Own[Edit](edits)
	if bad >= 0 {
		return &StateError{Field: "edit", Reason: fmt.Sprintf("%q is not an Elasund edit", edits[bad].String())}
	}
	return p.g.Edit(es)
}

// Check reports whether the position is consistent.
func (p *Position) Check() error { return p.g.Check() }

// Unchecked returns a game in state st without checking that st is a
// consistent position, for drawing positions that may not be one (a
// sandbox state edited by hand). Such a game must not be played.
func Unchecked(cfg Config, st *State) *Game { return &Game{cfg: cfg, st: st} }
