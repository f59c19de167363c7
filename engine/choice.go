package engine

import (
	"fmt"
	"maps"
	"strings"
)

// Choice is a set-up choice a game declares beside its seats and rule
// options: Elasund's rules edition, Seafarers' scenario. Every choice is
// a field of a turn file's header under its Name, and a flag of the
// commands that make games (--NAME); the rest of elasund knows a choice
// only as this data.
type Choice struct {
	// Name is the header field and the flag: "edition", "scenario".
	Name string
	// Default is the value of a set-up that leaves the choice out.
	Default string
	// Values lists the values the game accepts, in its own order.
	Values []string
	// Usage says in a few words what the choice chooses, for the flag's
	// help ("the rules edition").
	Usage string
}

// ResolveChoices checks the choices a set-up gives (by name) against those
// game declares, and returns every declared choice with its value: the
// given one in its declared spelling (the values are matched without
// regard to case), or the default. An empty value counts as not given. A
// choice the game does not declare, or a value it does not accept, is a
// *SetupError whose Field is the choice's name.
func ResolveChoices(game Game, given map[string]string) (map[string]string, error) {
	declared := game.Choices()
	for name, v := range given {
		if v != "" && findChoice(declared, name) < 0 {
			return nil, &SetupError{Field: name, Reason: fmt.Sprintf("%s has no choice of %s (%s)", game.Name(), name, choiceNames(declared))}
		}
	}
	out := make(map[string]string, len(declared))
	for _, c := range declared {
		v := given[c.Name]
		if v == "" {
			out[c.Name] = c.Default
			continue
		}
		i := findValue(c.Values, v)
		if i < 0 {
			return nil, &SetupError{Field: c.Name, Reason: fmt.Sprintf("%s's %s is one of %s, not %q", game.Name(), c.Name, strings.Join(c.Values, ", "), v)}
		}
		out[c.Name] = c.Values[i]
	}
	return out, nil
}

func findChoice(cs []Choice, name string) int {
	for i, c := range cs {
		if c.Name == name {
			return i
		}
	}
	return -1
}

func findValue(values []string, v string) int {
	for i, w := range values {
		if strings.EqualFold(w, v) {
			return i
		}
	}
	return -1
}

// choiceNames lists what a game lets a set-up choose, for a refusal.
func choiceNames(cs []Choice) string {
	if len(cs) == 0 {
		return "it has no set-up choices"
	}
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.Name
	}
	return "its set-up choices: " + strings.Join(names, ", ")
}

// Clone returns a copy of s that shares nothing with it; nil maps become
// empty ones.
func (s Setup) Clone() Setup {
	s.Seats = append([]string(nil), s.Seats...)
	s.Choices = maps.Clone(s.Choices)
	if s.Choices == nil {
		s.Choices = map[string]string{}
	}
	s.Options = maps.Clone(s.Options)
	if s.Options == nil {
		s.Options = map[string]string{}
	}
	return s
}
