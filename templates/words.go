package templates

import (
	"regexp"
	"strings"
)

// countedPlural matches a count and a word with a "(s)" plural, as some
// stored events write them ("1 cube(s)", "2 special victory point(s)").
var countedPlural = regexp.MustCompile(`\b(\d+) ((?:[a-z-]+ )*?[a-z-]+)\(s\)`)

// Plurals rewrites the "(s)" plurals of a stored event for people: "1
// cube(s)" reads "1 cube", "2 cube(s)" "2 cubes". The events of a turn
// file never change once signed (a replay must reproduce them), so the
// pictures and the log reword them here.
func Plurals(s string) string {
	if !strings.Contains(s, "(s)") {
		return s
	}
	return countedPlural.ReplaceAllStringFunc(s, func(m string) string {
		sub := countedPlural.FindStringSubmatch(m)
		if sub[1] == "1" {
			return sub[1] + " " + sub[2]
		}
		return sub[1] + " " + sub[2] + "s"
	})
}
