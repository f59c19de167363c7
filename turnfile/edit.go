package turnfile

import (
	"fmt"
	"time"

	"github.com/elasund/elasund/engine"
)

// Edit applies sandbox position edits (the game's own, read by its
// engine.Game.ParseEdits; docs/cli.md, edit) and appends them as
// an edit entry (§2.3, §4.4). The edits apply atomically; a result that is
// not a consistent position returns the engine's *engine.StateError and
// changes nothing. Edits draw nothing, so the turn's random source goes on
// unchanged.
func (g *Game) Edit(edits []engine.Edit, at time.Time) (*Entry, error) {
	if !g.file.Header.Sandbox {
		return nil, &TurnError{Reason: "only a sandbox game can be edited"}
	}
	if len(edits) == 0 {
		return nil, &TurnError{Reason: "no edit given"}
	}
	e := Entry{
		N: len(g.file.History) + 1, At: FormatTime(at), Prev: g.prev.String(),
		Kind: EntryEdit, Actions: make([]string, len(edits)), Events: []string{},
	}
	for i, ed := range edits {
		e.Actions[i] = ed.String()
	}
	parsed, err := g.parseEdits(e.Actions)
	if err != nil {
		return nil, fmt.Errorf("re-reading the edits: %w", err)
	}
	r, err := g.runEdit(parsed)
	if err != nil {
		return nil, err
	}
	h, err := StateHash(r.eng.State())
	if err != nil {
		return nil, err
	}
	e.State = h.String()
	g.accept(&e, r)
	if err := g.link(&e); err != nil {
		return nil, err
	}
	g.file.History = append(g.file.History, e)
	g.file.State = g.eng.State()
	g.version++
	return &g.file.History[len(g.file.History)-1], nil
}

// runEdit applies edits to a copy of the game.
func (g *Game) runEdit(edits []engine.Edit) (*result, error) {
	eng := g.eng.Clone()
	if err := eng.Edit(edits); err != nil {
		return nil, err
	}
	var rng *TurnRand
	if g.rng != nil {
		rng = g.rng.Clone()
	}
	return &result{eng: eng, rng: rng, rngTurn: g.rngTurn, events: []string{}}, nil
}

// parseEdits reads stored edits, each in the canonical form Edit.String
// prints.
func (g *Game) parseEdits(list []string) ([]engine.Edit, error) {
	out := make([]engine.Edit, len(list))
	for i, s := range list {
		es, err := g.game.ParseEdits(s)
		if err != nil {
			return nil, err
		}
		if len(es) != 1 || es[0].String() != s {
			return nil, fmt.Errorf("edit %q is not one edit in canonical form", s)
		}
		out[i] = es[0]
	}
	return out, nil
}
