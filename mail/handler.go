package mail

import (
	"context"
	"time"
)

// Attachment is one file attached to a message.
type Attachment struct {
	// Filename is the decoded file name, "" when the part has none.
	Filename string
	// ContentType is the bare media type in lower case, such as
	// "application/yaml", without parameters.
	ContentType string
	// Data is the content with its transfer encoding removed. Text parts
	// (text/*) are also converted from their charset to UTF-8.
	Data []byte
}

// Incoming is one parsed mail message.
type Incoming struct {
	// MessageID is the Message-ID without angle brackets. A message that
	// has none gets a stable synthetic one derived from its bytes.
	MessageID string
	// From is the bare sender address in lower case.
	From string
	// FromName is the display name of the From field ("Bob Marley"),
	// decoded; "" when it has none. Like From, it is the sender's claim.
	FromName string
	// To holds the bare addresses of the To and Cc fields, in lower case.
	To      []string
	Subject string
	// Date is the Date header; the time the daemon read the message when
	// the header is missing or unreadable. It is the sender's claim: a
	// handler that records times uses Received.
	Date time.Time
	// Received is when the daemon read the message, by its own clock
	// (Options.Now); zero when the message did not come through a
	// daemon.
	Received time.Time
	// Text is the text/plain body decoded to UTF-8, or the HTML body
	// converted to plain text when the message has no text/plain part.
	Text        string
	Attachments []Attachment
	// InReplyTo and References are Message-IDs without angle brackets.
	InReplyTo  string
	References []string
}

// Outgoing is one reply to send. The daemon adds From, Date, Message-ID
// and Auto-Submitted.
type Outgoing struct {
	To          []string
	Subject     string
	Text        string
	Attachments []Attachment
	InReplyTo   string
	References  []string
}

// Decision is what a Handler decided about a message. It has no side
// effects until the daemon runs Commit.
type Decision struct {
	// Game is the id of the game the message concerns, "" for none (help,
	// junk).
	Game string
	// Entry is the game's entry count after Commit, 0 when nothing
	// changes. It must be greater than the count Entries reports before
	// Commit runs, because the daemon compares the two after a crash.
	Entry int
	// Commit writes the new game state atomically; nil when nothing
	// changes. The daemon calls it at most once per Decision.
	Commit func() error
	// Replies are sent after Commit succeeded.
	Replies []Outgoing
	// Reject files the message in the rejected folder instead of the
	// processed one.
	Reject bool
}

// Handler decides about messages. The daemon calls it from one goroutine,
// one message at a time.
type Handler interface {
	// Handle decides what to do with m. An error means the handler could
	// not decide (for example its storage failed): the daemon leaves the
	// message in the inbox, tries again later, and files it as rejected
	// after repeated failures. Problems with the message itself should be
	// answered with a reply, not an error.
	Handle(ctx context.Context, m *Incoming) (*Decision, error)
	// Entries reports how many history entries game has now. The daemon
	// uses it to find out whether a Commit finished before a crash.
	Entries(game string) (int, error)
}

// Timer is implemented by a Handler that also acts when time passes, not
// only when mail arrives: the referee's deadlines and reminders. The
// daemon asks it for work after every look at the mailbox (once the
// messages waiting there are handled) and again when the time it named
// has come by the daemon's clock, and carries out each piece of work
// through the same exactly-once protocol as a message (journal, held
// replies, Commit, release), with Timed.ID in place of a Message-ID.
type Timer interface {
	// Due returns the first piece of work due at now for which done(id)
	// is false, or nil when there is none, and the earliest time after
	// now at which more work may fall due (zero when none is known). It
	// has no side effects, like Handle. done reports whether the daemon
	// has already finished the work with that id.
	Due(ctx context.Context, now time.Time, done func(id string) bool) (*Timed, time.Time, error)
}

// Timed is a piece of work a Timer found due: a decision and the id it
// is journalled under.
type Timed struct {
	// ID names the work as a Message-ID names a message: the same work
	// always gets the same ID, so that the journal knows when it is done
	// and its replies get stable Message-IDs (ReplyMessageID(ID, i, …)).
	ID string
	// Decision is carried out as a message's would be. Reject is
	// ignored; Replies are sent once Commit has succeeded.
	Decision *Decision
}
