// Package race draws Race, the toy game of elasund's tests
// (engine/race, docs/race/rules.md), for people: a text track for
// terminals and mails, a standalone SVG picture, and Race's parts of the
// shared mails (Renderer, MailTemplates).
//
// Race hides nothing, so every view shows the same. A position of another
// game draws as an empty track rather than failing.
package race
