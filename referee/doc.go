// Package referee plays games by mail: Referee is the mail.Handler that
// "elasund serve" runs over the daemon core of package mail. It keeps the
// authoritative turn file of every game it hosts in a store (see HostNew
// for its layout), applies the moves that arrive by mail, and answers
// every player.
//
// The referee works for every game of the games.Set it is given (all the
// games elasund plays by default). It knows a game only through its rules
// (engine.Game, read from the stored turn file's format), the turn file
// (turnfile) and the game's renderer and mailer (templates): moves are
// parsed with the game's move language, boards and mails are drawn by the
// game's renderer, and seats are the game's colour names.
//
// A move arrives in one of two ways:
//
//   - written in the body of a mail by a hosted seat, whose key and chain
//     secret the referee holds: the mail must come from the seat's address
//     and carry the seat's token on a "token SECRET" line before the
//     actions;
//   - as an attached turn file, made with "elasund move" by a seat that
//     plays with its own key: accepted when it extends the stored game with
//     validly signed entries.
//
// The commands help, status GAME and resend GAME are answered too. A mail
// that changes nothing gets an itemized answer, to its sender only.
//
// Handle has no side effects: the new file is written by the decision's
// Commit, and everything it decides depends only on the stored game and
// the message, so that the daemon may handle a message again after a
// crash and get the same entry and the same replies. HostNew and
// HostInvite create and re-invite games beside a running daemon; their
// mails go out with mail.Post. docs/mail.md describes the store, the
// reading of mails and every refusal.
package referee
