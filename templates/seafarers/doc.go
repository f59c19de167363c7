// Package seafarers draws Catan: Seafarers positions for people: a text
// map for terminals and plain-text mail (TextBoard), a standalone SVG
// picture (SVG), and the Seafarers parts of the shared mails (Renderer,
// MailTemplates).
//
// Everything here reads the stored state of a position (the *State of
// engine/seafarers, S157) and the fixed scenario data of
// engine/seafarers/board, and writes text; nothing changes the position,
// and nothing panics on a strange one: a piece off the board, a name that
// does not parse or a number out of range is left out of the picture (or
// drawn as unknown) rather than drawn wrong.
//
// The geometry is that of engine/seafarers/board (docs/seafarers/rules.md,
// S13): pointy-topped hexes in rows A, B, … with doubled columns, corners
// named D7.n / D7.s and edges C8-D7. Both pictures put a hex of row r and
// column c at x = c·w/2, y = r·(3/4)·h, so that corners and edges fall
// where their names say.
//
// With templates.View{Seat: s, Hidden: true} the other seats' resource
// and development cards show as counts only, with the victory points they
// show in public; the reader's own in full. Sealed draws never show an
// outcome: the state holds none.
package seafarers
