package engine

import "testing"

func TestNearest(t *testing.T) {
	actions := []string{"place", "roll", "robber", "pirate", "build", "end", "trade", "offer", "confirm"}
	for w, want := range map[string]string{
		"rol":     "roll",
		"biuld":   "build",
		"buidl":   "build",
		"confrim": "confirm",
		"rob":     "", // two edits from "roll" and from "robber": too far for a short word
		"roll":    "", // a word itself is no typo
		"xyzzy":   "",
		"":        "",
		"ened":    "end",
	} {
		if got := Nearest(w, actions...); got != want {
			t.Errorf("Nearest(%q) = %q, want %q", w, got, want)
		}
	}
}
