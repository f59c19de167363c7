package elasund

import (
	"errors"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzParseMove checks that ParseMove never panics, fails only with a
// *NotationError that points into the input, and that every accepted move
// prints to text that reads back as the same move and prints the same again.
func FuzzParseMove(f *testing.F) {
	for _, line := range readNotationLines(f, filepath.Join("testdata", "notation", "*.txt")) {
		f.Add(line)
	}
	for _, tt := range notationErrorTests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, text string) {
		move, err := ParseMove(text)
		if err != nil {
			var ne *NotationError
			if !errors.As(err, &ne) {
				t.Fatalf("ParseMove(%q) error %v (%T), want a *NotationError", text, err, err)
			}
			if ne.Input != text || ne.Offset < 0 || ne.Offset > len(text) || ne.Reason == "" {
				t.Fatalf("ParseMove(%q) error %#v does not point into the input", text, ne)
			}
			return
		}
		if len(move) == 0 {
			t.Fatalf("ParseMove(%q) = no action, no error", text)
		}
		printed := FormatMove(move)
		again, err := ParseMove(printed)
		if err != nil {
			t.Fatalf("ParseMove(%q) (printed from %q) error: %v", printed, text, err)
		}
		if !reflect.DeepEqual(again, move) {
			t.Fatalf("ParseMove(%q) = %#v, want %#v (parsed from %q)", printed, again, move, text)
		}
		if p := FormatMove(again); p != printed {
			t.Fatalf("FormatMove printed %q, then %q", printed, p)
		}
		for _, a := range move {
			b, err := ParseAction(a.String())
			if err != nil || !reflect.DeepEqual(b, a) {
				t.Fatalf("ParseAction(%q) = %#v, %v, want %#v", a.String(), b, err, a)
			}
		}
	})
}
