package board

import "strings"

// Scenario is one of the game's scenarios (S2). The zero Scenario is
// none.
type Scenario int

// The scenarios, in the order of S2.
const (
	NoScenario Scenario = iota
	Base
	NewShores
	FourIslands
	FogIsland
	ThroughTheDesert
	ForgottenTribe
	ClothForCatan
	PirateIslands
	WondersOfCatan
	NewWorld
)

var scenarioNames = [...]string{"", "base", "new-shores", "four-islands", "fog-island", "through-the-desert",
	"forgotten-tribe", "cloth-for-catan", "pirate-islands", "wonders-of-catan", "new-world"}

// Scenarios returns every scenario in the order of S2.
func Scenarios() []Scenario {
	out := make([]Scenario, 0, len(scenarioNames)-1)
	for s := Base; s <= NewWorld; s++ {
		out = append(out, s)
	}
	return out
}

// String returns the scenario's name as the header and the command line
// write it ("new-shores"), or "" for NoScenario.
func (s Scenario) String() string {
	if s < 0 || int(s) >= len(scenarioNames) {
		return ""
	}
	return scenarioNames[s]
}

// ParseScenario reads a scenario name, in any case. An unknown name is an
// *OptionError (S1).
func ParseScenario(name string) (Scenario, error) {
	w := strings.ToLower(name)
	for i, n := range scenarioNames {
		if i > 0 && n == w {
			return Scenario(i), nil
		}
	}
	return NoScenario, &OptionError{Scenario: name, Reason: "unknown scenario"}
}

// LayoutMode is the value of the rule option `layout` (S156). The zero
// LayoutMode means the option was not given: the scenario's default.
type LayoutMode int

// The values of `layout`.
const (
	LayoutDefault LayoutMode = iota
	LayoutFixed
	LayoutVariable
)

// String returns "fixed" or "variable", or "" for LayoutDefault.
func (m LayoutMode) String() string {
	switch m {
	case LayoutFixed:
		return "fixed"
	case LayoutVariable:
		return "variable"
	}
	return ""
}

// HarbourMode is the value of the rule option `harbours` (S156). The
// zero HarbourMode means the option was not given: the scenario's default.
type HarbourMode int

// The values of `harbours`.
const (
	HarboursDefault HarbourMode = iota
	HarboursShuffled
	HarboursFixed
)

// String returns "shuffled" or "fixed", or "" for HarboursDefault.
func (m HarbourMode) String() string {
	switch m {
	case HarboursShuffled:
		return "shuffled"
	case HarboursFixed:
		return "fixed"
	}
	return ""
}

// Options are the rule options that shape the board (S156). The zero
// Options are the scenario's defaults. The board is the same for 3 and 4
// seats (S6, V1), so the seats are no option here.
type Options struct {
	Layout   LayoutMode
	Harbours HarbourMode
}

// ParseOptions reads the values of the options `layout` and `harbours` as
// the header stores them; an empty string means the option was not given.
// Errors are *OptionError.
func ParseOptions(s Scenario, layout, harbours string) (Options, error) {
	var o Options
	switch strings.ToLower(layout) {
	case "":
	case "fixed":
		o.Layout = LayoutFixed
	case "variable":
		o.Layout = LayoutVariable
	default:
		return o, &OptionError{Scenario: s.String(), Option: "layout", Value: layout, Reason: "the values are fixed and variable"}
	}
	switch strings.ToLower(harbours) {
	case "":
	case "shuffled":
		o.Harbours = HarboursShuffled
	case "fixed":
		o.Harbours = HarboursFixed
	default:
		return o, &OptionError{Scenario: s.String(), Option: "harbours", Value: harbours, Reason: "the values are shuffled and fixed"}
	}
	return o, nil
}

// Resolve returns o with every default filled in for scenario s, or an
// *OptionError for a combination S156 refuses: `layout: variable` in
// pirate-islands, `layout: fixed` and any `harbours` in new-world (which is
// always random; DECISIONS.md), and any value outside the enums. Defaults:
// `layout: fixed` (new-world: variable); `harbours: shuffled`, except
// `fixed` in base with a fixed layout, and none in new-world, whose
// harbours BOARDS §13.5 places. Resolve(s, Resolve(s, o)) is Resolve(s, o).
func Resolve(s Scenario, o Options) (Options, error) {
	name := s.String()
	if name == "" {
		return o, &OptionError{Scenario: "", Reason: "unknown scenario"}
	}
	if o.Layout < LayoutDefault || o.Layout > LayoutVariable {
		return o, &OptionError{Scenario: name, Option: "layout", Value: o.Layout.String(), Reason: "no such value"}
	}
	if o.Harbours < HarboursDefault || o.Harbours > HarboursFixed {
		return o, &OptionError{Scenario: name, Option: "harbours", Value: o.Harbours.String(), Reason: "no such value"}
	}
	switch s {
	case NewWorld:
		if o.Layout == LayoutFixed {
			return o, &OptionError{Scenario: name, Option: "layout", Value: "fixed", Reason: "new-world has no fixed layout; its board is always random (BOARDS §13.5)"}
		}
		if o.Harbours != HarboursDefault {
			return o, &OptionError{Scenario: name, Option: "harbours", Value: o.Harbours.String(), Reason: "new-world places its harbours at random (BOARDS §13.5)"}
		}
		return Options{Layout: LayoutVariable}, nil
	case PirateIslands:
		if o.Layout == LayoutVariable {
			return o, &OptionError{Scenario: name, Option: "layout", Value: "variable", Reason: "pirate-islands has no variable set-up (S156)"}
		}
	}
	if o.Layout == LayoutDefault {
		o.Layout = LayoutFixed
	}
	if o.Harbours == HarboursDefault {
		o.Harbours = HarboursShuffled
		if s == Base && o.Layout == LayoutFixed {
			o.Harbours = HarboursFixed
		}
	}
	return o, nil
}

// NeedsSeed reports whether scenario s with options o needs a board seed
// (S132): new-world, a variable layout, or shuffled harbours. A board
// that needs none is complete when New returns it and draws nothing
// (BOARDS §13.6). Refused options give an *OptionError.
func NeedsSeed(s Scenario, o Options) (bool, error) {
	r, err := Resolve(s, o)
	if err != nil {
		return false, err
	}
	return r.Layout == LayoutVariable || r.Harbours == HarboursShuffled, nil
}
