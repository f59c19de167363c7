// Package docs holds the project's documents that the program prints
// itself: the rules references of the two games. Each is a markdown file
// written in the project's own words and numbered as the engines cite
// rules in their refusals; package internal/rulesref reads them.
package docs

import "embed"

// The paths of the rules references inside Files.
const (
	// ElasundRules is the rules reference of Elasund: The First City
	// (rules R1 to R108).
	ElasundRules = "rules.md"
	// SeafarersRules is the rules reference of Catan: Seafarers (rules
	// S1 to S160).
	SeafarersRules = "seafarers/rules.md"
)

// Files holds the rules references, at the paths ElasundRules and
// SeafarersRules. It is read-only.
//
//go:embed rules.md seafarers/rules.md
var Files embed.FS
