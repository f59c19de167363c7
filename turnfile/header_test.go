package turnfile

import (
	"encoding/json"
	"maps"
	"reflect"
	"strings"
	"testing"

	"github.com/elasund/elasund/engine"
	"github.com/elasund/elasund/engine/elasund"
)

// variantRules is Elasund under another name with two set-up choices
// beside its edition, for the header's general form (§2.2): each choice
// of a game is a field of its own, between created and options, by name.
type variantRules struct{ elasund.Rules }

func (variantRules) Name() string   { return "variant" }
func (variantRules) Format() string { return "variant/1" }
func (variantRules) Choices() []engine.Choice {
	return append(elasund.Rules{}.Choices(),
		engine.Choice{Name: "board", Default: "small", Values: []string{"small", "large"}},
		engine.Choice{Name: "zeta", Default: "z", Values: []string{"z"}})
}

// elasundSetup is s with Elasund's own choice only.
func (r variantRules) elasundSetup(s engine.Setup) (engine.Setup, map[string]string, error) {
	choices, err := engine.ResolveChoices(r, s.Choices)
	if err != nil {
		return engine.Setup{}, nil, err
	}
	s = s.Clone()
	s.Choices = map[string]string{elasund.ChoiceEdition: choices[elasund.ChoiceEdition]}
	return s, choices, nil
}

func (r variantRules) Resolve(s engine.Setup) (engine.Setup, error) {
	inner, choices, err := r.elasundSetup(s)
	if err != nil {
		return engine.Setup{}, err
	}
	if inner, err = r.Rules.Resolve(inner); err != nil {
		return engine.Setup{}, err
	}
	inner.Choices = choices
	return inner, nil
}

func (r variantRules) New(s engine.Setup, src engine.Source) (engine.Position, error) {
	inner, _, err := r.elasundSetup(s)
	if err != nil {
		return nil, err
	}
	return r.Rules.New(inner, src)
}

func (r variantRules) Load(s engine.Setup, st engine.State) (engine.Position, error) {
	inner, _, err := r.elasundSetup(s)
	if err != nil {
		return nil, err
	}
	return r.Rules.Load(inner, st)
}

// TestHeaderChoices writes and reads a header with three set-up choices,
// and refuses one that lacks a choice, repeats one, spells one otherwise
// than the game, or has a field that is no choice of the game (§2.2).
func TestHeaderChoices(t *testing.T) {
	games := mustRegistry(variantRules{}, elasund.Rules{})
	seed := int64(5)
	g, err := New(NewOptions{Rules: variantRules{}, Created: testTime, Seats: fourSeats[:2], Sandbox: true, Seed: &seed,
		Choices: map[string]string{"board": "LARGE"}})
	if err != nil {
		t.Fatal(err)
	}
	data, err := g.File().Marshal()
	if err != nil {
		t.Fatal(err)
	}
	want := "  created: \"2026-11-22T10:00:00Z\"\n  board: large\n  edition: en\n  zeta: z\n  options: {}\n"
	if !strings.Contains(string(data), want) {
		t.Fatalf("§2.2: the choices are not fields between created and options, by name:\n%s", data)
	}
	f, err := Parse(data, games)
	if err != nil {
		t.Fatalf("§2.2: reading the choices back: %v", err)
	}
	if wantChoices := map[string]string{"board": "large", "edition": "en", "zeta": "z"}; !maps.Equal(f.Header.Choices, wantChoices) {
		t.Errorf("§2.2: read choices %v, want %v", f.Header.Choices, wantChoices)
	}
	if again, err := f.Marshal(); err != nil || string(again) != string(data) {
		t.Errorf("§2.5: the header reads back to other bytes (%v):\n%s", err, again)
	}
	// The header's JSON (a snapshot's) reads back to the same header.
	raw, err := json.Marshal(f.Header)
	if err != nil {
		t.Fatal(err)
	}
	var back Header
	if err := json.Unmarshal(raw, &back); err != nil || !reflect.DeepEqual(back, f.Header) {
		t.Errorf("Header JSON %s reads back as %+v (%v), want %+v", raw, back, err, f.Header)
	}

	for _, tc := range []struct{ name, from, to, want string }{
		{"missing", "  board: large\n", "", "header.board: missing"},
		{"repeated", "  board: large\n", "  board: large\n  board: small\n", "header.board: duplicate key"},
		{"spelled otherwise", "board: large", "board: LARGE", `header.board: "LARGE" is written large`},
		{"a number", "board: large", "board: 7", "header.board: want text, not a number"},
		{"anchored", "board: large", "board: &x large", "header.board: anchors and aliases are not allowed"},
		{"tagged", "board: large", "board: !!str large", "header.board: tag"},
		{"no choice of the game", "  zeta: z\n", "  zeta: z\n  scenario: base\n", "header.scenario: unknown field"},
	} {
		bad := strings.Replace(string(data), tc.from, tc.to, 1)
		if _, err := Parse([]byte(bad), games); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("§2.2: a header whose choice is %s: %v, want %q", tc.name, err, tc.want)
		}
	}
}
