package engine

import "fmt"

// The pieces every game's adapter to this contract shares: its own
// action, edit and state types to the contract's and back, and its rule
// options listed. A game's Rules and Position call them; each keeps only
// what is its own (its types, its seat colours, its rule numbers).

// Actions returns a game's own actions as the contract's.
func Actions[A Action](m []A) []Action {
	out := make([]Action, len(m))
	for i, a := range m {
		out[i] = a
	}
	return out
}

// Edits returns a game's own sandbox edits as the contract's.
func Edits[E Edit](es []E) []Edit {
	out := make([]Edit, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// ParseMoveWith is Game.ParseMove for a game's own parser of its move
// language.
func ParseMoveWith[A Action](text string, parse func(string) ([]A, error)) ([]Action, error) {
	m, err := parse(text)
	if err != nil {
		return nil, err
	}
	return Actions(m), nil
}

// ParseEditsWith is Game.ParseEdits for a game's own parser of its edit
// language.
func ParseEditsWith[E Edit](text string, parse func(string) ([]E, error)) ([]Edit, error) {
	es, err := parse(text)
	if err != nil {
		return nil, err
	}
	return Edits(es), nil
}

// Own returns the contract's actions or edits as a game's own type T, for
// Position.Apply and Position.Edit. bad is the index of the first that
// is not a T (another game's), or -1 when all are.
func Own[T any, I interface{ String() string }](in []I) (out []T, bad int) {
	out = make([]T, len(in))
	for i, x := range in {
		t, ok := any(x).(T)
		if !ok {
			return nil, i
		}
		out[i] = t
	}
	return out, -1
}

// StateOf returns a stored state as a game's own state type *S, for
// Game.Load: nil, or another game's state, is a *StateError naming game.
func StateOf[S any](st State, game string) (*S, error) {
	s, ok := st.(*S)
	if !ok || s == nil {
		return nil, &StateError{Field: "state", Reason: fmt.Sprintf("not a state of %s (%T)", game, st)}
	}
	return s, nil
}

// OptionsOf is Game.Options for a game's rule options in its own order,
// as name and value pairs: each is Given when the set-up names it.
func OptionsOf(values [][2]string, s Setup) []Option {
	out := make([]Option, len(values))
	for i, kv := range values {
		_, given := s.Options[kv[0]]
		out[i] = Option{Name: kv[0], Value: kv[1], Given: given}
	}
	return out
}

// Names returns the names of a game's own values (its seat colours, most
// often) in their order.
func Names[T fmt.Stringer](xs []T) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = x.String()
	}
	return out
}

// Spec is what a game's Rules says of its own so that an embedded
// Adapter can make the rest of Game: how a set-up reads as the game's
// configuration C, what choices and options a configuration resolves to,
// and how it starts a game G, or resumes one from a stored state *S, and
// wraps it as a Position.
type Spec[C, S, G any] interface {
	// Name is Game.Name, for the errors of Load.
	Name() string
	// Config reads a set-up; its errors are *SetupError or *OptionError.
	Config(Setup) (C, error)
	// Chosen is the set-up choices a configuration resolves to, each
	// named (Game.Resolve).
	Chosen(C) map[string]string
	// OptionValues lists the configuration's rule options, name and
	// value, in the game's order (Game.Options).
	OptionValues(C) [][2]string
	// Start makes the starting game of a configuration (Game.New).
	Start(C, Source) (G, error)
	// Resume makes the game of a stored state after checking it
	// (Game.Load).
	Resume(C, *S) (G, error)
	// Wrap returns a game as the Position of the set-up it was made from.
	Wrap(G, Setup) Position
}

// Adapter is the part of Game that every game writes the same way:
// Resolve, New, NewState, Load and Options, made from the game's Spec R.
// A game's Rules embeds Adapter[Rules, …] and writes only what is its own
// (its name, format, colours, choices, languages and the Spec methods);
// its zero value is ready to use.
type Adapter[R Spec[C, S, G], C, S, G any] struct{}

// Resolve validates a set-up and returns it with every choice named.
func (Adapter[R, C, S, G]) Resolve(s Setup) (Setup, error) {
	var r R
	c, err := r.Config(s)
	if err != nil {
		return Setup{}, err
	}
	s = s.Clone()
	s.Choices = r.Chosen(c)
	return s, nil
}

// New returns the starting position of a set-up.
func (Adapter[R, C, S, G]) New(s Setup, src Source) (Position, error) {
	var r R
	c, err := r.Config(s)
	if err != nil {
		return nil, err
	}
	g, err := r.Start(c, src)
	if err != nil {
		return nil, err
	}
	return r.Wrap(g, s), nil
}

// NewState returns an empty *S for a reader to decode into.
func (Adapter[R, C, S, G]) NewState() State { return new(S) }

// Load returns the position of a stored *S; a state of another game is a
// *StateError.
func (Adapter[R, C, S, G]) Load(s Setup, st State) (Position, error) {
	var r R
	c, err := r.Config(s)
	if err != nil {
		return nil, err
	}
	own, err := StateOf[S](st, r.Name())
	if err != nil {
		return nil, err
	}
	g, err := r.Resume(c, own)
	if err != nil {
		return nil, err
	}
	return r.Wrap(g, s), nil
}

// Options lists every rule option of a set-up with its value.
func (Adapter[R, C, S, G]) Options(s Setup) ([]Option, error) {
	var r R
	c, err := r.Config(s)
	if err != nil {
		return nil, err
	}
	return OptionsOf(r.OptionValues(c), s), nil
}
