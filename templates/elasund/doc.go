// Package elasund draws Elasund: The First City for people: the text board
// for terminals and plain-text mail (TextBoard), the standalone SVG picture
// (SVG), and the Elasund parts of the shared mails (Renderer,
// MailTemplates).
//
// Everything here reads an Elasund position (the Config and State of
// engine/elasund) and writes text; nothing changes the position, and
// nothing panics on a strange one: a piece off the board is left out of
// the picture rather than drawn wrong.
//
// The geometry is that of docs/elasund/rules.md (R1, R4, R14): the city is
// columns A–E for two players, A–G for three and A–I for four, in rows 2 to
// 12 without 7; the north and south wall spaces lie above and below the
// columns from C to the one before the city's last, the east spaces in the
// column just east of the city, and the two gates on its north-east and
// south-east corners.
//
// With templates.View{Seat: s, Hidden: true} the other seats' influence
// cards and the deck show as counts only (R31, R94).
package elasund
