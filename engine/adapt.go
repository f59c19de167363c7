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
