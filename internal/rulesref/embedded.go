package rulesref

import (
	"fmt"

	"github.com/elasund/elasund/docs"
)

// Elasund parses the rules reference of Elasund: The First City embedded
// in package docs (docs/rules.md, rules R1 to R108).
func Elasund() (*Reference, error) {
	return embedded(docs.ElasundRules)
}

// Seafarers parses the rules reference of Catan: Seafarers embedded in
// package docs (docs/seafarers/rules.md, rules S1 to S160).
func Seafarers() (*Reference, error) {
	return embedded(docs.SeafarersRules)
}

func embedded(name string) (*Reference, error) {
	b, err := docs.Files.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("reading the embedded %s: %w", name, err)
	}
	ref, err := Parse(b)
	if err != nil {
		return nil, fmt.Errorf("parsing the embedded %s: %w", name, err)
	}
	return ref, nil
}
