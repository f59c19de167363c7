package board

import (
	"fmt"
	"sync"
)

// fixed is what every board of a scenario shares and never changes: its
// definition, the geometry of its outline and its layout text as parsed
// (nil for new-world).
type fixed struct {
	def  *scenarioDef
	g    *grid
	text *layoutText
	// boards are the scenario's new boards (New), one for each resolved
	// layout and harbour mode, made at the first New that asks for it: a
	// Board never changes, and working one out again for every game cost
	// a tenth of a random game's set-up.
	boards [LayoutVariable + 1][HarboursFixed + 1]struct {
		once sync.Once
		b    *Board
		err  error
	}
}

// board returns the new board of scenario s, whose fixed data fix is, with
// resolved options ro, made once (fixed.boards).
func (fix *fixed) board(s Scenario, ro Options) (*Board, error) {
	t := &fix.boards[ro.Layout][ro.Harbours]
	t.once.Do(func() { t.b, t.err = newBoard(s, ro, fix) })
	return t.b, t.err
}

// fixedTables holds each scenario's fixed data, made at the first New of
// the scenario and read-only from then on: a table of constants that is
// worked out on first use rather than written out (a board's grid took
// more work than the rest of a random game's first turns).
var fixedTables [NewWorld + 1]struct {
	once sync.Once
	fix  *fixed
	err  error
}

// fixedOf returns scenario s's fixed data, made once (fixedTables).
func fixedOf(s Scenario) (*fixed, error) {
	if s <= NoScenario || s > NewWorld {
		return nil, &OptionError{Scenario: s.String(), Reason: "unknown scenario"}
	}
	t := &fixedTables[s]
	t.once.Do(func() { t.fix, t.err = makeFixed(s) })
	return t.fix, t.err
}

// makeFixed works out scenario s's fixed data from its definition.
func makeFixed(s Scenario) (*fixed, error) {
	def, err := definition(s)
	if err != nil {
		return nil, err
	}
	ps, err := outlinePositions(def.outline)
	if err != nil {
		return nil, err
	}
	fix := &fixed{def: def, g: newGrid(ps)}
	if def.text == "" { // new-world: everything is random
		return fix, nil
	}
	if fix.text, err = parseText(def.text, fix.g); err != nil {
		return nil, fmt.Errorf("scenario %s data: %w", s, err)
	}
	return fix, nil
}
