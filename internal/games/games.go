// Package games is the table of the games elasund plays: for each, its
// rules (engine), its renderer and mails (templates), its bots and its
// rules reference. The command line and the referee take their games from
// here; nothing below them knows which games exist.
package games

import (
	"fmt"
	"slices"
	"strings"

	"github.com/elasund/elasund/docs"
	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/elasund"
	"github.com/elasund/elasund/engine/seafarers"
	"github.com/elasund/elasund/internal/bot"
	elasundbot "github.com/elasund/elasund/internal/bot/elasund"
	seafarersbot "github.com/elasund/elasund/internal/bot/seafarers"
	"github.com/elasund/elasund/internal/rulesref"
	"github.com/elasund/elasund/templates"
	elasundboard "github.com/elasund/elasund/templates/elasund"
	seafarersboard "github.com/elasund/elasund/templates/seafarers"
)

// Kit is everything elasund has for one game.
type Kit struct {
	Rules    engine.Game
	Renderer templates.Renderer
	Bots     bot.Maker
	// Reference reads the game's rules reference, numbered as its
	// engine's refusals cite rules. NewSet fills it in: it reads the
	// reference embedded in package docs (docs/<name>/rules.md), unless
	// the kit names another (a game made up by a test).
	Reference func() (*rulesref.Reference, error)
}

// Set is the games a program plays, the first being the default (the game
// of `elasund new` without --game). It is built once and not changed.
type Set struct {
	kits     []Kit
	registry *engine.Registry
	mailers  []*templates.Mailer
}

// All returns every game elasund plays, Elasund first.
func All() *Set {
	s, err := NewSet(
		Kit{Rules: elasund.Rules{}, Renderer: elasundboard.Renderer{}, Bots: elasundbot.Maker{}},
		Kit{Rules: seafarers.Rules{}, Renderer: seafarersboard.Renderer{}, Bots: seafarersbot.Maker{}},
	)
	if err != nil {
		// The table above is fixed; a failure is a programming error
		// that every test meets at once.
		panic(err)
	}
	return s
}

// NewSet returns a set of the given games, the first being the default.
// It refuses a kit without rules, renderer or bots, and a game without a
// rules reference.
func NewSet(kits ...Kit) (*Set, error) {
	kits = slices.Clone(kits)
	games := make([]engine.Game, len(kits))
	mailers := make([]*templates.Mailer, len(kits))
	for i, k := range kits {
		if k.Rules == nil || k.Renderer == nil || k.Bots == nil {
			return nil, fmt.Errorf("game %d lacks rules, renderer or bots", i+1)
		}
		if k.Reference == nil {
			name := k.Rules.Name()
			if _, err := docs.Rules(name); err != nil {
				return nil, fmt.Errorf("%s has no rules reference: %w", name, err)
			}
			kits[i].Reference = func() (*rulesref.Reference, error) { return rulesref.Embedded(name) }
		}
		games[i] = k.Rules
		m, err := templates.NewMailer(k.Renderer)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", k.Rules.Name(), err)
		}
		mailers[i] = m
	}
	r, err := engine.NewRegistry(games...)
	if err != nil {
		return nil, err
	}
	return &Set{kits: kits, registry: r, mailers: mailers}, nil
}

// Registry is the set's games as the turn file reads them.
func (s *Set) Registry() *engine.Registry { return s.registry }

// Kits lists the games, the default first.
func (s *Set) Kits() []Kit { return append([]Kit(nil), s.kits...) }

// Names lists the games' names, the default first.
func (s *Set) Names() []string { return s.registry.Names() }

// Lookup returns the kit of a game name ("" is the default game).
func (s *Set) Lookup(name string) (Kit, error) {
	g, err := s.registry.Lookup(name)
	if err != nil {
		return Kit{}, err
	}
	return s.For(g), nil
}

// For returns the kit of a game of the set.
func (s *Set) For(g engine.Game) Kit {
	for _, k := range s.kits {
		if k.Rules.Name() == g.Name() {
			return k
		}
	}
	return Kit{}
}

// Mailer returns the mailer of a game of the set.
func (s *Set) Mailer(g engine.Game) *templates.Mailer {
	for i, k := range s.kits {
		if k.Rules.Name() == g.Name() {
			return s.mailers[i]
		}
	}
	return nil
}

// RuleKit returns the kit whose rules reference has the rule id ("R84",
// "S44"), for the command that explains a refusal.
func (s *Set) RuleKit(id string) (Kit, bool) {
	for _, k := range s.kits {
		if ref, err := k.Reference(); err == nil {
			if _, ok := ref.Rule(id); ok {
				return k, true
			}
		}
	}
	return Kit{}, false
}

// Describe lists the names for a message: "elasund, seafarers".
func (s *Set) Describe() string { return strings.Join(s.Names(), ", ") }
