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
// A body move is bound to the turn it answers (the referee's mail it
// replies to, a "turn N" line, or the subject's turn), so that a mail sent
// again is refused, not played twice; entries take the time the daemon
// read the mail. The replies of the common mail programs are read as
// people write them, greetings, sign-offs and quoted or unquoted mail
// below; anything ambiguous is refused.
//
// The commands help, status GAME, resend GAME and games, and a seat's
// "vacation until DATE" and "back", are answered too. A mail that changes
// nothing gets an itemized answer, to its sender only.
//
// Every game has a move deadline (table.yaml): the referee, as a
// mail.Timer, reminds a seat half way and a few hours before it, and then
// applies the table's no-move policy: the bot plays a hosted seat's move
// (or it is skipped, or the game waits), and the table is told of a seat
// with its own key. Seats can be handed to a new player or the bot
// (HostSeat), and HostList lists the games. When every seat is hosted,
// each seat's mails show its own hand only and the turn file is withheld
// until the game ends: the daemon is then the referee (docs/mail.md,
// "Hidden hands, and the trust model").
//
// Handle has no side effects: the new file is written by the decision's
// Commit, and everything it decides depends only on the stored game and
// the message, so that the daemon may handle a message again after a
// crash and get the same entry and the same replies. HostNew and
// HostInvite create and re-invite games beside a running daemon; their
// mails go out with mail.Post. docs/mail.md describes the store, the
// reading of mails and every refusal.
//
// The files follow the referee's jobs: referee.go (the Referee and its
// options), handle.go (which job a mail is for, and the commands help and
// status), cache.go (the games replayed last) and session.go (one stored
// game as replayed), bodymove.go and filemove.go (a move in a body, a turn
// file attached), request.go (reading a mail as people write it), bind.go
// (a body move bound to its turn), replies.go (the mails a decision
// sends), commit.go (writing a decision's game and table), and beside them
// the hosted seats (hosted.go, host.go, seat.go, list.go), the table with
// its deadlines and vacations (table.go, deadline.go, vacation.go).
package referee
