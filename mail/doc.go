// Package mail is the game-agnostic core of the play-by-email daemon.
//
// A [Daemon] watches an IMAP mailbox, parses each incoming message into an
// [Incoming], hands it to a [Handler] and sends the handler's replies over
// SMTP. It knows nothing about games: the handler decides what a message
// means, which game it changes and what to answer. The handler that plays
// games by mail is package referee; this package imports none of the
// games, turn files or templates.
//
// The daemon applies every message exactly once even when it is killed at
// any moment. It keeps, in its spool directory, an append-only journal of
// what it decided and an outbox of replies that wait to be sent. Each
// message goes through these steps:
//
//  1. If the journal says the message is done, only file it on IMAP.
//  2. Ask the handler for a [Decision] (no side effects yet).
//  3. Write the replies to the outbox as "held" and journal an intent
//     naming the game and the entry count it will have after the commit.
//  4. Run [Decision.Commit], which writes the new game state atomically.
//  5. Journal "done" and release the held replies.
//  6. Move the message to the processed or rejected folder.
//  7. A separate loop sends released replies and deletes each one once
//     the SMTP server has accepted it.
//
// After a crash, an intent without "done" is settled with
// [Handler.Entries]: if the game already has the promised entry count the
// commit happened and the replies are released, otherwise the intent and
// its replies are dropped and the message, still in the inbox, is handled
// again. The one window that can repeat an effect is between an SMTP
// server accepting a reply and the daemon deleting it from the outbox: a
// kill there sends that reply twice, with the same Message-ID. See
// docs/mail.md for the full protocol.
//
// A handler that also implements [Timer] gets work done when time passes,
// not only when mail arrives (the referee's deadlines): the daemon asks it
// after every look at the mailbox and when the time it named has come, by
// the daemon's own clock ([Options.Now], the only clock it passes on: a
// mail's Date header is never used as a time; [Incoming.Received] is when
// the daemon read the message), and carries each piece of work through
// the same steps, under a stable id in place of a Message-ID.
//
// The daemon also refuses to answer auto-replies, bounces and mailing-list
// traffic, limits how many mails that change nothing one sender may have
// answered per hour (a move is never held back; one notice, then silence),
// stops answering a run of such mails that looks like a reply loop with a
// robot, and caps message size and MIME nesting depth.
package mail
