package engine

import (
	"errors"
	"reflect"
	"testing"
)

// word and other are two games' actions, for the adapter pieces.
type word string

func (w word) String() string { return string(w) }
func (w word) Class() Class   { return ClassMove }

type other struct{}

func (other) String() string { return "other" }
func (other) Class() Class   { return ClassMove }

func TestOwn(t *testing.T) {
	m := []word{"roll", "end"}
	back, bad := Own[word](Actions(m))
	if bad != -1 || !reflect.DeepEqual(back, m) {
		t.Errorf("Own(Actions(%v)) = %v, %d; want the move back", m, back, bad)
	}
	if _, bad := Own[word]([]Action{word("roll"), other{}, word("end")}); bad != 1 {
		t.Errorf("Own of a move with another game's action second: bad = %d, want 1", bad)
	}
	got, err := ParseMoveWith("roll end", func(s string) ([]word, error) { return []word{word(s)}, nil })
	if err != nil || len(got) != 1 || got[0].String() != "roll end" {
		t.Errorf("ParseMoveWith = %v, %v", got, err)
	}
	wantErr := errors.New("no")
	if _, err := ParseEditsWith("x", func(string) ([]word, error) { return nil, wantErr }); err != wantErr {
		t.Errorf("ParseEditsWith passes its parser's error on: %v", err)
	}
}

func TestStateOf(t *testing.T) {
	type state struct{ N int }
	if s, err := StateOf[state](&state{N: 3}, "dice"); err != nil || s.N != 3 {
		t.Errorf("StateOf(its own state) = %v, %v", s, err)
	}
	var se *StateError
	for _, st := range []State{nil, (*state)(nil), &struct{}{}} {
		if _, err := StateOf[state](st, "dice"); !errors.As(err, &se) || se.Field != "state" {
			t.Errorf("StateOf(%T) = %v, want a *StateError for the field state", st, err)
		}
	}
}

func TestOptionsOf(t *testing.T) {
	got := OptionsOf([][2]string{{"a", "1"}, {"b", "2"}}, Setup{Options: map[string]string{"b": "2"}})
	want := []Option{{Name: "a", Value: "1"}, {Name: "b", Value: "2", Given: true}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("OptionsOf = %v, want %v", got, want)
	}
}
