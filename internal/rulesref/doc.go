// Package rulesref reads a game's rules reference and looks rules and
// topics up in it, so that the program can print one rule
// (elasund rules R84) or a short page on a topic (elasund rules building).
//
// A rules reference is a markdown document, docs/<game>/rules.md
// (docs/elasund/rules.md, docs/seafarers/rules.md), with this shape:
//
//   - a title line "# …" and an introduction up to the first "## " heading;
//   - topic pages, each a section headed "## Topic: <name>", where the name
//     is a lower-case word such as building or trade-track; a section
//     headed "## Options" is the topic named options;
//   - rules, each a section headed "### <id> — <title>", where the id is
//     the rule number the engines cite (R84, S44) and an em dash (U+2014)
//     separates it from a short title.
//
// Any other "## " heading (such as "## Rules") only ends the section before
// it. A section's body runs to the next heading of level one to three
// outside a fenced code block, and keeps its lines as written.
//
// Embedded parses the reference of a game embedded in package docs.
// A Reference is immutable once parsed and safe for concurrent use.
package rulesref
