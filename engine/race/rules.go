package race

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/elasund/elasund/engine"
)

// The colours of the two seats (T1).
const (
	Cyan    = "cyan"
	Magenta = "magenta"
)

// The goal square: its default and its bounds (T2, T8).
const (
	DefaultGoal = 20
	MinGoal     = 10
	MaxGoal     = 40
)

// Stream is the name of the stream the die is drawn from (T3).
const Stream = "dice"

// Rules is Race as an engine.Game. Its zero value is ready to use.
type Rules struct{}

var _ engine.Game = Rules{}

// Name is "race".
func (Rules) Name() string { return "race" }

// Format is "race/1".
func (Rules) Format() string { return "race/1" }

// Colours are cyan and magenta (T1).
func (Rules) Colours() []string { return []string{Cyan, Magenta} }

// Choices is none: Race has no editions or scenarios (T8).
func (Rules) Choices() []engine.Choice { return nil }

// Resolve checks a set-up: two distinct seats of Race's colours (T1), no
// set-up choice, and only the option goal (T8), whose default it names.
func (r Rules) Resolve(s engine.Setup) (engine.Setup, error) {
	if len(s.Seats) != 2 {
		return engine.Setup{}, &engine.SetupError{Field: "seats", Reason: fmt.Sprintf("race is for 2 seats, not %d (T1)", len(s.Seats))}
	}
	for i, c := range s.Seats {
		if !slices.Contains(r.Colours(), c) || slices.Contains(s.Seats[:i], c) {
			return engine.Setup{}, &engine.SetupError{Field: "seats", Reason: fmt.Sprintf("%q is not a free race colour (cyan, magenta; T1)", c)}
		}
	}
	choices, err := engine.ResolveChoices(r, s.Choices)
	if err != nil {
		var se *engine.SetupError
		if errors.As(err, &se) {
			se.Reason += " (T8)"
		}
		return engine.Setup{}, err
	}
	goal, err := goalOf(s.Options)
	if err != nil {
		return engine.Setup{}, err
	}
	out := s
	out.Seats = slices.Clone(s.Seats)
	out.Choices = choices
	out.Options = map[string]string{}
	if _, given := s.Options["goal"]; given {
		out.Options["goal"] = strconv.Itoa(goal)
	}
	return out, nil
}

// goalOf reads the goal from a set-up's options: the default when none is
// given, an *OptionError for another option or a value out of bounds (T8).
func goalOf(options map[string]string) (int, error) {
	for _, name := range slices.Sorted(maps.Keys(options)) {
		if name != "goal" {
			return 0, &engine.OptionError{Name: name, Value: options[name], Reason: "race has one option, goal (T8)"}
		}
	}
	v, ok := options["goal"]
	if !ok {
		return DefaultGoal, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < MinGoal || n > MaxGoal {
		return 0, &engine.OptionError{Name: "goal", Value: v, Reason: fmt.Sprintf("want a square from %d to %d (T8)", MinGoal, MaxGoal)}
	}
	return n, nil
}

// New returns the starting position: both seats' runners on the start,
// the first seat to roll (T1–T3). Race draws nothing before its first
// entry, so src is not used.
func (r Rules) New(s engine.Setup, _ engine.Source) (engine.Position, error) {
	s, err := r.Resolve(s)
	if err != nil {
		return nil, err
	}
	goal, _ := goalOf(s.Options)
	st := State{Turn: 1, Current: s.Seats[0], Phase: PhaseRoll, Runners: map[string][2]int{}}
	for _, c := range s.Seats {
		st.Runners[c] = [2]int{}
	}
	return &Position{setup: s, goal: goal, st: st}, nil
}

// NewState returns an empty *State to decode a stored state into.
func (Rules) NewState() engine.State { return &State{} }

// Load returns the position of a stored state after checking it.
func (r Rules) Load(s engine.Setup, st engine.State) (engine.Position, error) {
	rs, err := engine.StateOf[State](st, "race")
	if err != nil {
		return nil, err
	}
	s, err = r.Resolve(s)
	if err != nil {
		return nil, err
	}
	goal, _ := goalOf(s.Options)
	p := &Position{setup: s, goal: goal, st: rs.clone()}
	if err := p.Check(); err != nil {
		return nil, err
	}
	return p, nil
}

// ParseMove reads a move (docs/race/rules.md, topic turn).
func (Rules) ParseMove(text string) ([]engine.Action, error) {
	return engine.ParseMoveWith(text, ParseMove)
}

// ParseEdits reads sandbox edits (docs/race/rules.md, topic edits).
func (Rules) ParseEdits(text string) ([]engine.Edit, error) {
	return engine.ParseEditsWith(text, ParseEdits)
}

// Options lists the one option, goal, with its value (T8).
func (Rules) Options(s engine.Setup) ([]engine.Option, error) {
	goal, err := goalOf(s.Options)
	if err != nil {
		return nil, err
	}
	return engine.OptionsOf([][2]string{{"goal", strconv.Itoa(goal)}}, s), nil
}
