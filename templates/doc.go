// Package templates writes what people read about a game of any game: the
// mails of the referee and the Renderer interface through which each game
// draws its own positions.
//
// Every game has a Renderer in a package of its own below this one
// (templates/elasund, templates/seafarers, and the tests' templates/race):
// a text board for terminals and mails, a standalone SVG picture, a line
// of each seat's holdings, the words for its owed decisions, actions and
// events, and its parts of the mails (MailTemplates). A Mailer puts the shared mail templates of this
// package (turn, rejection, invitation, help, notice, decision) together
// with one game's parts; ListActions and GroupLines print a list of legal
// actions as a few lines, grouped by the game's Group. The games' pictures
// share Wrap (word wrap), XMLText (escaping) and Plurals (one cube, two
// cubes) from here.
//
// Nothing here changes a position, and nothing panics on a strange one.
// The mails follow the referee's conventions (docs/mail.md): every subject
// carries the tag "[elasund GAME]" (SubjectTag), a move is the body of a
// reply written in the game's move language, and a hosted seat proves
// itself with a "token SECRET" line in the body.
package templates
