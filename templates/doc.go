// Package templates draws an Elasund position for people: a plain-text board
// for terminals and mail (TextBoard), a standalone SVG picture (SVG), and the
// mails the game daemon sends (RenderTurn, RenderRejection, RenderInvitation,
// RenderHelp, RenderDecision).
//
// Everything here reads an engine.Config and an engine.State and writes
// text; nothing changes the state, and nothing panics on a strange one: a
// piece off the board is left out of the picture rather than drawn wrong.
// The geometry follows COMPONENTS.md: the city is columns A..(2P) for P
// players, the east wall runs in column 2P+1 (J, off the board, for four
// players), the north and south walls lie above and below columns C..2P-1,
// and the gates sit on the corners.
//
// The mail templates assume the daemon's conventions: every subject carries
// the tag "[elasund GAME]", a move is the body of a reply written in the
// move language of NOTATION.md, and a hosted seat proves itself with a
// "token SECRET" line in the body.
package templates
