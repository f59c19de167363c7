package engine

import (
	"fmt"
	"strings"
)

// Registry maps game names and turn-file formats to games. The program
// builds one at start-up from the games it links; it is not changed
// afterwards and is safe for concurrent use.
type Registry struct {
	games []Game
}

// NewRegistry returns a registry of games, the first being the default
// game (the one a file without a game name is). It refuses two games with
// one name or one format.
func NewRegistry(games ...Game) (*Registry, error) {
	if len(games) == 0 {
		return nil, fmt.Errorf("a registry needs at least one game")
	}
	for i, g := range games {
		for _, h := range games[:i] {
			if g.Name() == h.Name() || g.Format() == h.Format() {
				return nil, fmt.Errorf("games %s and %s share a name or a format", g.Name(), h.Name())
			}
		}
	}
	return &Registry{games: append([]Game(nil), games...)}, nil
}

// Default is the first game of the registry.
func (r *Registry) Default() Game { return r.games[0] }

// Lookup returns the game of a name (case-insensitive); an empty name is
// the default game.
func (r *Registry) Lookup(name string) (Game, error) {
	if name == "" {
		return r.games[0], nil
	}
	for _, g := range r.games {
		if strings.EqualFold(g.Name(), name) {
			return g, nil
		}
	}
	return nil, fmt.Errorf("%w %q (games: %s)", ErrUnknownGame, name, strings.Join(r.Names(), ", "))
}

// ByFormat returns the game whose files carry format: its newest format
// or any earlier version of it ("elasund/1" when the newest is
// "elasund/2").
func (r *Registry) ByFormat(format string) (Game, bool) {
	name, v, ok := FormatVersion(format)
	if !ok {
		return nil, false
	}
	for _, g := range r.games {
		if n, newest, _ := FormatVersion(g.Format()); n == name && v <= newest {
			return g, true
		}
	}
	return nil, false
}

// FormatVersion splits a turn-file format "NAME/N" into the game's name
// and the version N ≥ 1; ok is false for anything else.
func FormatVersion(format string) (name string, version int, ok bool) {
	name, num, found := strings.Cut(format, "/")
	if !found || name == "" || num == "" || len(num) > 4 || num[0] == '0' {
		return "", 0, false
	}
	for _, c := range num {
		if c < '0' || c > '9' {
			return "", 0, false
		}
		version = version*10 + int(c-'0')
	}
	return name, version, true
}

// Names lists the games' names, the default first.
func (r *Registry) Names() []string {
	out := make([]string, len(r.games))
	for i, g := range r.games {
		out[i] = g.Name()
	}
	return out
}

// Games lists the games, the default first.
func (r *Registry) Games() []Game { return append([]Game(nil), r.games...) }
