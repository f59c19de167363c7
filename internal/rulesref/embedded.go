package rulesref

import (
	"fmt"

	"github.com/elasund/elasund/docs"
)

// Embedded parses the rules reference of the game named game, embedded in
// package docs (docs/<game>/rules.md).
func Embedded(game string) (*Reference, error) {
	b, err := docs.Rules(game)
	if err != nil {
		return nil, fmt.Errorf("reading the embedded %s: %w", docs.RulesPath(game), err)
	}
	ref, err := Parse(b)
	if err != nil {
		return nil, fmt.Errorf("parsing the embedded %s: %w", docs.RulesPath(game), err)
	}
	return ref, nil
}
