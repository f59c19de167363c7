package engine

import (
	"errors"
	"maps"
	"testing"
)

// choiceGame is a Game with set-up choices and nothing else, for
// ResolveChoices.
type choiceGame struct {
	Game
	choices []Choice
}

func (g choiceGame) Name() string      { return "dice" }
func (g choiceGame) Choices() []Choice { return g.choices }

func TestResolveChoices(t *testing.T) {
	g := choiceGame{choices: []Choice{
		{Name: "board", Default: "small", Values: []string{"small", "large"}},
		{Name: "speed", Default: "slow", Values: []string{"slow", "Fast"}},
	}}
	for _, tc := range []struct {
		given map[string]string
		want  map[string]string
	}{
		{nil, map[string]string{"board": "small", "speed": "slow"}},
		{map[string]string{"board": "large"}, map[string]string{"board": "large", "speed": "slow"}},
		// Values match without regard to case and come back as declared;
		// an empty value is the default.
		{map[string]string{"board": "LARGE", "speed": "fast"}, map[string]string{"board": "large", "speed": "Fast"}},
		{map[string]string{"board": "", "speed": ""}, map[string]string{"board": "small", "speed": "slow"}},
		// A choice the game lacks, given empty, is not given.
		{map[string]string{"edition": ""}, map[string]string{"board": "small", "speed": "slow"}},
	} {
		got, err := ResolveChoices(g, tc.given)
		if err != nil || !maps.Equal(got, tc.want) {
			t.Errorf("ResolveChoices(%v) = %v, %v; want %v", tc.given, got, err, tc.want)
		}
	}
	for _, tc := range []struct {
		game  Game
		given map[string]string
		field string
		want  string
	}{
		{g, map[string]string{"edition": "fr"}, "edition", "dice has no choice of edition (its set-up choices: board, speed)"},
		{choiceGame{}, map[string]string{"scenario": "x"}, "scenario", "dice has no choice of scenario (it has no set-up choices)"},
		{g, map[string]string{"board": "huge"}, "board", `dice's board is one of small, large, not "huge"`},
	} {
		_, err := ResolveChoices(tc.game, tc.given)
		var se *SetupError
		if !errors.As(err, &se) || se.Field != tc.field || se.Reason != tc.want {
			t.Errorf("ResolveChoices(%v) = %v, want a SetupError %s: %s", tc.given, err, tc.field, tc.want)
		}
	}
}

func TestSetupClone(t *testing.T) {
	s := Setup{Seats: []string{"red"}, Choices: map[string]string{"edition": "fr"}, Options: map[string]string{"a": "1"}}
	c := s.Clone()
	c.Seats[0], c.Choices["edition"], c.Options["a"] = "blue", "ru", "2"
	if s.Seats[0] != "red" || s.Choices["edition"] != "fr" || s.Options["a"] != "1" {
		t.Errorf("Clone shares with the original: %+v", s)
	}
	if e := (Setup{}).Clone(); e.Choices == nil || e.Options == nil || len(e.Seats) != 0 {
		t.Errorf("Setup{}.Clone() = %+v, want empty maps", e)
	}
}
