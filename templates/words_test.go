package templates

import "testing"

func TestPlurals(t *testing.T) {
	for in, want := range map[string]string{
		"red has 1 cube(s) in row 2 and discards 1":              "red has 1 cube in row 2 and discards 1",
		"red has 3 cube(s) in row 2 and discards 1":              "red has 3 cubes in row 2 and discards 1",
		"blue takes 1 card(s) from the pirate pool (2 tower(s))": "blue takes 1 card from the pirate pool (2 towers)",
		"white earns 1 special victory point(s) on island-2":     "white earns 1 special victory point on island-2",
		"white earns 2 special victory point(s) on island-2":     "white earns 2 special victory points on island-2",
		"red owes 10 gold choice(s)":                             "red owes 10 gold choices",
		"red builds a settlement on D7.n":                        "red builds a settlement on D7.n",
		"a word(s) without a count stays":                        "a word(s) without a count stays",
	} {
		if got := Plurals(in); got != want {
			t.Errorf("Plurals(%q) = %q, want %q", in, got, want)
		}
	}
}
