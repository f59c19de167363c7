// Package docs holds the documents the program prints itself: the rules
// reference of every game, each at docs/<game>/rules.md, written in the
// project's own words and numbered as the game's engine cites rules in
// its refusals. Package internal/rulesref reads them.
//
// A game's reference is found by the game's name alone: adding a game's
// docs/<game>/rules.md adds it here, with no line to change.
package docs

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
)

// files holds every game's rules reference, at <game>/rules.md.
//
//go:embed */rules.md
var files embed.FS

// Rules returns the rules reference of the game named game
// (docs/<game>/rules.md), or an error wrapping fs.ErrNotExist when the
// game has none.
func Rules(game string) ([]byte, error) {
	if !fs.ValidPath(game) || path.Dir(game) != "." || game == "." {
		return nil, fmt.Errorf("no rules reference for %q: %w", game, fs.ErrNotExist)
	}
	return files.ReadFile(RulesPath(game))
}

// RulesPath is where the rules reference of a game lies, below docs/.
func RulesPath(game string) string { return game + "/rules.md" }

// Games lists the names of the games that have a rules reference, in
// lexical order.
func Games() []string {
	// The pattern is a constant: Glob's only error, a bad pattern,
	// cannot happen.
	matches, _ := fs.Glob(files, RulesPath("*"))
	out := make([]string, len(matches))
	for i, m := range matches {
		out[i] = path.Dir(m)
	}
	return out
}
